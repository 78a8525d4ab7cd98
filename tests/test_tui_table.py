"""The table on a captured rich console, at 80×23 and 120×40.

Every piece of public information must be on screen, and no card that the
viewing seat cannot see: two games that differ only in hidden cards look
exactly the same.
"""

from __future__ import annotations

import random
import re

import pytest
from helpers import make_doc
from rich.console import Console

from abluxxen import Event, Game, Rules
from abluxxen.engine.cards import JOKER
from abluxxen.engine.events import START
from abluxxen.i18n.tr import Tr
from abluxxen.tui.drawing import TableInfo, render_table
from abluxxen.tui.narrate import _Narration, narrate

SIZES = [(80, 23), (120, 40)]


def _played(players: int, moves: int, seed: int = 5, *, duel: bool | None = None) -> tuple[Game, list[Event]]:
    game = Game.new(Rules(players, duel=duel), seed=seed, names=["Ann", "Ben", "Cy", "Dora", "Eve"][:players])
    rng = random.Random(seed)
    events = [Event(START, 0, source="1")]
    for _ in range(moves):
        if game.is_over:
            break
        events += game.push(rng.choice(game.legal_moves()))
    return game, events


def _screen(game: Game, events: list[Event], seat: int, size: tuple[int, int], *, lang: str = "en",
            show_hand: bool = True, color: bool = False) -> str:
    width, height = size
    console = Console(width=width, height=height, record=True, color_system="truecolor" if color else None,
                      force_terminal=color, file=open("/dev/null", "w"))  # noqa: SIM115
    info = TableInfo(game_number=1, games=2, seed=5, bots=tuple(None for _ in game.names),
                     totals=tuple(0 for _ in game.names))
    console.print(render_table(game.view(seat), events, Tr(lang), info=info, show_hand=show_hand,
                               width=width, height=height - 2))
    return console.export_text(styles=color)


def _tokens(cards: tuple[int, ...]) -> str:
    return " ".join("X" if c == JOKER else str(c) for c in cards)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 5])
def test_every_public_fact_is_on_the_table(size: tuple[int, int], players: int) -> None:
    game, events = _played(players, 60)
    seat = game.to_move if game.to_move is not None else 0
    text = _screen(game, events, seat, size)
    lines = text.rstrip("\n").split("\n")
    assert len(lines) == size[1] - 2 and all(len(line) <= size[0] for line in lines)
    view = game.view(seat)
    seat_lines = {name: next(line for line in lines if re.match(rf"^[▶ ]\s*(🐾)?\s*{name}\b", line))
                  for name in view.names}
    scores = view.scores()
    for s, name in enumerate(view.names):
        numbers = seat_lines[name].split(name, 1)[1].split()
        assert int(numbers[0]) == view.hand_sizes[s], f"hand size of {name}"
        assert int(numbers[1]) == scores[s], f"score of {name}"
        top = view.top(s)
        if top:
            assert f"[{_tokens(top)}]" in seat_lines[name], f"top layer of {name}"
    assert "🐾" in seat_lines[view.names[view.turn]]
    assert seat_lines[view.names[seat]].startswith("▶")
    pool_line = next(line for line in lines if line.startswith("Pool"))
    slots = ["+".join(_tokens(slot).split()) for slot in view.pool]
    if view.rules.is_duel:  # a slot may hold a group: lettered as players type them
        shown_pool = re.findall(r"([a-f]):(\S+)", pool_line)
        assert [n for n, _ in shown_pool] == list("abcdef"[:len(view.pool)])
        assert [c for _, c in shown_pool] == slots
    else:
        assert pool_line.split()[1:] == slots or (not slots and "(empty)" in pool_line)
    assert re.search(rf"Deck {view.deck_size}\b", lines[0]) and re.search(rf"Discard {len(view.discard)}\b",
                                                                          lines[0])
    assert "seed 5" in lines[0]
    hand_line = next(line for line in lines if line.startswith("Your hand (" + view.names[seat]))
    for value in set(view.hand):
        count = view.hand.count(value)
        token = "X" if value == JOKER else str(value)
        # Each card as the displays write it: two 4s are "4 4" (a "4×2" read as four 2s to many).
        assert re.search(rf"(^|\s\s){' '.join([token] * count)}(\s\s|$)", hand_line.split(":", 1)[1].strip())


@pytest.mark.parametrize("size", SIZES)
def test_two_games_differing_only_in_hidden_cards_look_the_same(size: tuple[int, int]) -> None:
    game, events = _played(4, 45, seed=8)
    seat = 2
    view = game.view(seat)
    twin = view.sample(random.Random(99), Game)
    assert [twin.hand(s) for s in range(4)] != [game.hand(s) for s in range(4)]
    # The twin's deck draws by other seats name other cards: they must stay hidden too.
    twin_events = [Event(e.kind, e.seat, e.other, (1,) * len(e.cards), e.source) if
                   e.kind == "draw" and e.source == "deck" and e.seat != seat else e for e in events]
    assert _screen(game, events, seat, size) == _screen(twin, twin_events, seat, size)


def test_no_hand_at_all_while_bots_play_between_humans() -> None:
    game, events = _played(3, 20)
    text = _screen(game, events, 0, (80, 24), show_hand=False)
    assert "Your hand" not in text and "hidden" in text
    # Nothing on it depends on whose view it was drawn from.
    assert all(text == _screen(game, events, s, (80, 24), show_hand=False) for s in (1, 2))


def test_long_displays_fold_older_layers_and_keep_the_top() -> None:
    layers = "1 2 3 4 5 6 7 8 9 10 11 12 13 1 2 3".split()
    doc = make_doc(hands=["5 5", "6", "7"], names=["Ann", "Ben", "Cy"], displays=[[f"{v} {v}" for v in layers], [], []])
    game = Game.from_json(doc)
    text = _screen(game, [], 1, (80, 24))
    ann = next(line for line in text.split("\n") if " Ann " in line)
    assert ann.rstrip().endswith("[3 3]")
    folded = re.search(r"\+(\d+) older \((\d+) cards\)", ann)
    assert folded, ann
    shown_layers = ann.split(")", 1)[1].count("·")
    assert int(folded.group(1)) + shown_layers == len(layers)
    assert int(folded.group(2)) == 2 * int(folded.group(1))
    wide = _screen(game, [], 1, (120, 40))
    ann_wide = next(line for line in wide.split("\n") if " Ann " in line)
    assert int(re.search(r"\+(\d+) older", ann_wide).group(1)) < int(folded.group(1))  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_big_hand_shows_every_card_and_never_splits_a_value_over_two_lines(lang: str) -> None:
    """Two 4s are "4 4", as on the displays: a hand of 49 cards still shows each one at 80 columns, and a value
    never ends one line and starts the next ("8" here and "8 8" below read as two groups)."""
    values = [1, 2, 3, 10, 11, 12, 13] * 4 + [4, 5, 6, 7, 8, 9] * 3 + ["X"] * 3
    hand = " ".join(str(v) for v in sorted(values, key=lambda v: 14 if v == "X" else int(v)))
    game = Game.from_json(make_doc(hands=[hand, "2", "3", "4", "5"], names=["Bartholomew1", "Ben", "Cy", "Dee",
                                                                          "Eve"]))
    lines = _screen(game, [], 0, (80, 23), lang=lang).splitlines()
    first = next(i for i, line in enumerate(lines) if "(Bartholomew1) · 49: " in line)
    shown = [lines[first].split(": ", 1)[1], lines[first + 1]]
    groups = [group for line in shown for group in line.strip().split("  ")]
    assert " ".join(groups).split() == hand.split(), shown
    assert all(len(set(group.split())) == 1 for group in groups), shown
    assert all(len(line) <= 80 for line in lines)


def test_duel_shows_the_shadow_grouped_by_value_and_pool_groups_as_one_slot() -> None:
    doc = make_doc(hands=["5 5", "6 6"], players=2, duel=True, pool=["4+13+X", "2", "3", "7", "8", "9"],
                   shadow="1 1 2 6 6 6 8 9 10 10 11 12 12")
    game = Game.from_json(doc)
    text = _screen(game, [], 0, (80, 24))
    shadow = next(line for line in text.split("\n") if line.startswith("Shadow"))
    assert shadow.removeprefix("Shadow").strip().split("  ") == ["1 1", "2", "6 6 6", "8", "9", "10 10", "11", "12 12"]
    assert "a:4+13+X" in text


def test_the_decision_names_the_cards_at_stake_the_attacker_and_the_draws() -> None:
    doc = make_doc(hands=["9 9 9 2", "1 4", "5 5 5 7"], names=["Ann", "Ben", "Cy"], displays=[[], [], ["5 5 5"]])
    game = Game.from_json(doc)
    game.push("play 9 9 9")
    text = _screen(game, [], 0, (80, 24))
    assert "you abluxxed Cy's three 5s: take them (Cy draws 3)" in " ".join(text.split())
    assert "[5 5 5]" in text
    game.push("leave")
    text = " ".join(_screen(game, [], 2, (80, 24)).split())
    assert "Ann abluxxed your three 5s" in text and "draw 3" in text
    events = game.push("discard")
    text = " ".join(_screen(game, events, 2, (80, 24)).split())
    assert "draw 3 from the deck" in text and "more" not in text  # none drawn yet
    events += game.push("draw deck")
    text = " ".join(_screen(game, events, 2, (80, 24)).split())
    assert "draw 2 more from the deck" in text


def test_cards_keep_their_colours_and_read_without_colour() -> None:
    game, events = _played(3, 10)
    coloured = _screen(game, events, 0, (80, 24), color=True)
    plain = _screen(game, events, 0, (80, 24))
    styles = set(re.findall(r"\x1b\[([0-9;]*)m", coloured))
    assert len(styles) >= 6
    assert ANSI_FREE(coloured) == plain
    assert "\x1b" not in plain and "[" in plain  # the top layer is marked by brackets, not only by colour


def ANSI_FREE(text: str) -> str:  # noqa: N802 - reads like a predicate in the assertion
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_narration_hides_deck_draws_from_everyone_but_the_drawer() -> None:
    names = ["Ann", "Ben", "Cy"]
    events = [Event("play", 0, cards=(9, 9, 9)), Event("abluxx", 0, 2, (5, 5, 5)), Event("take", 0, 2, (5, 5, 5)),
              Event("draw", 2, cards=(7,), source="pool"), Event("draw", 2, cards=(11,), source="deck"),
              Event("draw", 2, cards=(4,), source="deck"), Event("turn", 1)]
    tr = Tr("en")
    seen_by_ann = narrate(events, 0, names, tr)
    assert seen_by_ann == ["Ann plays three 9s — abluxxes Cy's three 5s — Ann takes them — "
                           "Cy draws 3 (a 7 from the pool, two from the deck)"]
    seen_by_cy = narrate(events, 2, names, tr)[0]
    assert "an 11, a 4 from the deck" in seen_by_cy
    assert "11" not in seen_by_ann[0]


def test_a_log_kept_between_moves_names_a_card_drawn_from_the_deck_to_its_drawer_alone() -> None:
    # The log is narrated once for each kind of eyes and kept between moves: Cy's own narration, with the
    # cards Cy drew, must never serve Ann or a watcher, whoever asks first, nor after more moves.
    names = ["Ann", "Ben", "Cy"]
    tr = Tr("en")
    log = [Event("play", 0, cards=(9, 9, 9)), Event("draw", 2, cards=(11,), source="deck")]
    assert "an 11 from the deck" in narrate(log, 2, names, tr)[-1]
    for viewer in (0, None, 1):
        assert "11" not in narrate(log, viewer, names, tr)[-1]
    log += [Event("draw", 2, cards=(4,), source="deck"), Event("turn", 1), Event("play", 1, cards=(6,)),
            Event("draw", 1, cards=(3,), source="deck")]
    assert narrate(log, None, names, tr)[-2:] == ["Ann plays three 9s — Cy draws 2 (two from the deck)",
                                                  "Ben plays a 6 — Ben draws one from the deck"]
    assert narrate(log, 0, names, tr) == narrate(log, None, names, tr)
    assert narrate(log, 2, names, tr)[-2:] == ["Ann plays three 9s — Cy draws 2 (an 11, a 4 from the deck)",
                                               "Ben plays a 6 — Ben draws one from the deck"]
    assert narrate(log, 1, names, tr)[-1] == "Ben plays a 6 — Ben draws a 3 from the deck"
    taken_back = log[:3]  # an undo: the log is shorter, and goes on differently
    assert narrate(taken_back + [Event("turn", 1), Event("pass", 1)], 1, names, tr)[-1] == "Ben passes"


def test_every_screen_narrates_each_move_once_for_each_kind_of_eyes(monkeypatch: pytest.MonkeyPatch) -> None:
    # A hosted table draws the log on four screens after every move; narrating the whole log again on each
    # made the log most of drawing a table. Each event is told once for everybody and once for each seat
    # that drew from the deck (only its own narration differs).
    game, events = _played(4, 60, seed=2)
    tr, names, eyes = Tr("en"), list(game.names), (None, 0, 1, 2, 3)
    drawers = {e.seat for e in events if e.kind == "draw" and e.source == "deck" and e.cards}
    assert drawers, "a game with no deck draw tests nothing here"
    expected = {(end, viewer): _told_afresh(events[:end], viewer, names, tr)
                for end in range(1, len(events) + 1) for viewer in eyes}
    told: list[Event] = []
    tell = _Narration.tell

    def counted(self: _Narration, event: Event) -> None:
        told.append(event)
        tell(self, event)
    monkeypatch.setattr(_Narration, "tell", counted)
    for end in range(1, len(events) + 1):
        for _redraw in range(2):
            for viewer in eyes:
                assert narrate(events[:end], viewer, names, tr) == expected[end, viewer]
    assert len(told) <= len(events) * (1 + len(drawers))


def _told_afresh(events: list[Event], viewer: int | None, names: list[str], tr: Tr) -> list[str]:
    story = _Narration(names, tr)
    for event in events:
        story.tell(event.visible_to(viewer))
    story.close()
    return story.sentences


def test_german_table_uses_the_games_own_words() -> None:
    game, events = _played(2, 12, duel=True)
    text = _screen(game, events, 0, (120, 40), lang="de")
    for word in ("Nachziehstapel", "Ablagestapel", "Vorrat", "Schatten", "Auslage", "Deine Hand"):
        assert word in text
    assert "Deck" not in text and "Pool" not in text
    # At 80 columns the header is short of room: the piles' names are cut short (never the bare "Stapel" or
    # "Ablage", other words), and every fact stays.
    header = _screen(game, events, 0, (80, 24), lang="de").splitlines()[0]
    assert re.search(r"Grundspiel · Duell · Partie 1 von 2 · Seed 5 +Nachz\. \d+ +Abl\. \d+$", header), header
    tr = Tr("de")
    sentence = narrate([Event("play", 0, cards=(9, 9, JOKER)), Event("abluxx", 0, 1, (5, 5, 5))],
                       None, ["Ann", "Ben"], tr)[0]
    assert sentence == "Ann spielt zwei 9er und einen Joker — luxxt Ben die drei 5er ab"


def test_wide_characters_in_names_keep_the_columns_aligned() -> None:
    from rich.cells import cell_len

    names = ["Zoë", "😀Ann", "李小龙", "Bo"]  # 3, 5, 6 and 2 terminal cells
    game = Game.new(Rules(4), seed=2, names=names)
    text = _screen(game, [Event(START, 0, source="1")], 0, (80, 23))
    rows = [next(line for line in text.split("\n") if name in line) for name in names]
    ends = set()
    for row in rows:
        numbers = re.search(r"\s(\d+)\s+[-+]?\d+\s", row)
        assert numbers, row
        ends.add(cell_len(row[:numbers.end(1)]))
    assert len(ends) == 1, f"hand sizes end in different columns: {rows}"
    assert all(cell_len(line) <= 80 for line in text.split("\n"))


def test_a_person_next_is_not_said_to_be_thinking() -> None:
    # After Ann draws, her own table is shown once more before the handover:
    # Ben (a person) decides next and is not "thinking"; a bot is.
    game = Game.new(Rules(3), seed=4, names=["Ann", "Ben", "Cy"])
    game.push(game.legal_moves()[0])
    while game.to_move == 0:
        game.push(game.legal_moves()[-1])
    assert game.to_move == 1
    for bots, expected, absent in (((None, None, None), "Ben decides next", "thinking"),
                                   ((None, "normal", None), "Ben is thinking", "decides next")):
        console = Console(width=80, height=23, record=True, color_system=None)
        console.print(render_table(game.view(0), [], Tr("en"), info=TableInfo(bots=bots), show_hand=True,
                                   width=80, height=22))
        text = console.export_text()
        assert expected in text and absent not in text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_header_short_of_room_drops_whole_facts_and_never_cuts_one(lang: str) -> None:
    # Five players in the advanced game, a long match, hints taken: more facts than 80 columns hold.
    game = Game.new(Rules(5, variant="advanced"), seed=5, names=["Ann", "Ben", "Cy", "Dora", "Eve"])
    events = [Event(START, 0, source="1")]
    tr = Tr(lang)
    facts = [tr("variant.advanced"), tr("assisted"), tr("game_of", n=10, total=10), tr("seed", seed=987654)]
    for width in (80, 60, 48):
        console = Console(width=width, height=23, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        info = TableInfo(game_number=10, games=10, seed=987654, bots=tuple(None for _ in game.names),
                         totals=tuple(0 for _ in game.names), assisted=True)
        console.print(render_table(game.view(0), events, tr, info=info, show_hand=True, width=width, height=21))
        header = console.export_text().splitlines()[0]
        title = re.sub(r"\s+\S+ \d+\s+\S+ \d+$", "", header)  # without the deck and discard counts
        shown = title.removeprefix("ABLUXXEN").strip().split(" · ")
        assert "…" not in header and len(header) <= width, header
        assert shown == facts[:len(shown)], header  # the first facts, each whole
        if width == 80:
            assert shown[:3] == facts[:3], header  # only the seed may go at 80 columns
    assert shown != facts  # at 48 columns something had to go


@pytest.mark.parametrize("lang, sentences", [
    ("en", ["Ann plays a 5 — abluxxes the shadow's 4 and takes it",
            "Ann plays two 9s — abluxxes the shadow's two 6s and takes them — Ann abluxxes Ben's two 5s"]),
    ("de", ["Ann spielt eine 5 — luxxt dem Schatten die 4 ab und nimmt sie",
            "Ann spielt zwei 9er — luxxt dem Schatten die zwei 6er ab und nimmt sie — Ann luxxt Ben die zwei 5er ab"]),
])
def test_the_duel_log_reads_as_grammar(lang: str, sentences: list[str]) -> None:
    """Once "abluxxes the shadow's a 4 and takes them"; the German verb is separable, as in the rulebook."""
    events = [Event("play", 0, cards=(5,)), Event("shadowluxx", 0, cards=(4,)), Event("turn", 1),
              Event("play", 0, cards=(9, 9)), Event("shadowluxx", 0, cards=(6, 6)),
              Event("abluxx", 0, 1, (5, 5))]
    assert narrate(events, None, ["Ann", "Ben"], Tr(lang)) == sentences


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_log_keeps_at_least_eight_lines_at_80_by_23(players: int) -> None:
    import io
    import random

    from rich.console import Console

    from abluxxen import Game, Rules
    from abluxxen.tui.drawing import render_table

    game = Game.new(Rules(players), seed=3, names=["Ann", "Ben", "Cy", "Dot", "Eve"][:players])
    log: list[Event] = []
    rng = random.Random(1)
    while len([e for e in log if e.kind == "turn"]) < 12 and not game.is_over:
        log += game.push(rng.choice(game.legal_moves()))
    seat = game.to_move
    assert seat is not None
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(render_table(game.view(seat), log, Tr("en"), width=80, height=21))
    lines = console.export_text().splitlines()
    assert len(lines) == 21
    start = next(i for i, line in enumerate(lines) if "What happened" in line)
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("─"))
    assert end - start - 1 >= 8, "\n".join(lines)
    assert all(f"{name} " in "\n".join(lines[:start]) for name in game.names)  # every seat still on the table
