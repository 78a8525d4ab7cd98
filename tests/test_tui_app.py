"""The game loop in-process: pipe input, a captured screen, a save directory."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import make_doc, play_keys, screens_at_table

from abluxxen import Event, Game, Rules
from abluxxen.engine.events import START
from abluxxen.engine.match import Match
from abluxxen.store.records import open_records
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import read_save

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _run(tmp_path: Path, seats: list[Seat], keys: str, *, game: Game | None = None,
         seed: int = 3, rules: Rules | None = None, lang: str = "en") -> tuple[int, list[str], Path]:
    match = Match(rules or Rules(len(seats)), games=1, seed=seed, names=[s.name for s in seats])
    if game is not None:
        match.game = game
    saved = Saved(match=match, seats=seats, lang=lang, delay=0.0, log=[Event(START, 0, source="1")])
    path = tmp_path / "game.json"
    status, screens = play_keys(saved, path, keys)  # out of keys: the game is left, saved
    return status, screens, path


def test_bots_alone_play_a_game_to_the_score_table_and_the_records_keep_it(tmp_path: Path) -> None:
    status, screens, path = _run(tmp_path, [Seat("Ada", "easy"), Seat("Bix", "easy"), Seat("Cog", "easy")],
                                 "n\r")
    assert status == 0
    assert "Game 1 over" in screens[-1] and "★ winner" in screens[-1]
    with open_records() as records:
        assert records.count() == 1
    assert not path.exists()  # recorded: the finished save has done its work
    assert all("Your hand" not in s for s in screens)  # nobody's hand shows when only bots play


def test_a_failing_bot_is_replaced_and_the_game_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import abluxxen.bots

    def broken(level: str, **options: object) -> object:
        raise RuntimeError("bots are broken today")

    monkeypatch.setattr(abluxxen.bots, "make_bot", broken)
    status, screens, path = _run(tmp_path, [Seat("Ada", "hard"), Seat("Bix", "hard")], "n\r")
    assert status == 0 and "Game 1 over" in screens[-1]


def test_a_bot_answering_an_illegal_move_is_replaced_and_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import abluxxen.bots

    class Nonsense:
        level = "normal"

        def choose(self, view: object) -> str:
            return "play 13 13 13 13 13 13 13 13"

    monkeypatch.setattr(abluxxen.bots, "make_bot", lambda level, **options: Nonsense())
    status, screens, path = _run(tmp_path, [Seat("Ada", "hard"), Seat("Bix", "normal")], "n\r")
    assert status == 0 and "Game 1 over" in screens[-1]


def test_a_forced_move_is_played_and_noted_for_its_player(tmp_path: Path) -> None:
    doc = make_doc(hands=["9 9 2", "5 6 7", "1 3"], displays=[[], ["5 5"], []], names=["Ann", "Ben", "Cy"],
                   pool=())
    game = Game.from_json(doc)
    keys = "\r" + "99\r" + "t\r" + "\r"  # Ann: handover, play, take; Ben's two draws are forced; Ben: handover
    status, screens, path = _run(tmp_path, [Seat("Ann"), Seat("Ben"), Seat("Cy", "easy")], keys, game=game)
    ben = next(s for s in screens if "Your hand (Ben)" in s)
    # Both forced draws in one line, beside who took what: nothing Ben must know is pushed out.
    assert "Played for you (no other move was possible): draw deck, draw deck." in ben
    assert "Ann took your two 5s" in ben
    handovers = [s for s in screens if "Pass to" in s]
    assert [re.search(r"Pass to (\w+)", s).group(1) for s in handovers][:2] == ["Ann", "Ben"]  # type: ignore[union-attr]
    saved = read_save(path)
    assert saved.match.game.hand_sizes()[1] == 5  # Ben drew the two cards


def test_rules_and_hint_inside_the_game(tmp_path: Path) -> None:
    pytest.importorskip("abluxxen.cli.rules")
    keys = "rules joker\r" + "q\r" + "hint\r" + "rules qqqzzz\r"  # no page to close: one line
    status, screens, _ = _run(tmp_path, [Seat("Ann"), Seat("Ada", "easy"), Seat("Bix", "easy")], keys)
    assert any("joker" in s.lower() and "Your hand" not in s and "ABLUXXEN" not in s for s in screens)
    after = [s for s in screens if "Your hand (Ann)" in s]
    assert any("Hint:" in s or "No hint" in s for s in after)
    assert "No rules section about 'qqqzzz'. Try: " in after[-1]


@pytest.mark.parametrize(("lang", "intro", "missing"), [
    ("en", "Topics: idea, material, setup", "No rules section about 'blah'. Try: idea, material"),
    ("de", "Themen: Ziel, Spielmaterial, Vorbereitung", "Kein Regelabschnitt zu 'blah'. Probier: Ziel, "),
])
def test_rules_in_game_say_one_line_for_a_word_that_matches_nothing_and_list_the_topics_above_the_whole_text(
        tmp_path: Path, lang: str, intro: str, missing: str) -> None:
    from abluxxen.i18n import rulebook

    keys = "rules blah\r" + "rules\r" + "q\r"
    status, screens, _ = _run(tmp_path, [Seat("Ann"), Seat("Ada", "easy"), Seat("Bix", "easy")], keys, lang=lang)
    hand = "Deine Hand (Ann)" if lang == "de" else "Your hand (Ann)"
    line = rulebook.notice(rulebook.find(["blah"], lang), lang)
    assert line.startswith(missing) and len(line) <= 80
    said = [s for s in screens if line in s.splitlines()[-3:] or any(line in row for row in s.splitlines())]
    assert said and all(hand in s for s in said), "one whole line under the table: no page opens"
    flat = [" ".join(s.split()) for s in screens]
    listed = [s for s in flat if intro in s and hand not in s]
    assert len(listed) == 1, "the game goes on, and only `rules` alone opens the whole text"
    title = rulebook.load(lang).splitlines()[0].lstrip("# ")
    assert listed[0].index(intro) < listed[0].index(title), "the topic list comes before the text"


def test_every_move_is_saved_at_once(tmp_path: Path) -> None:
    first = Match(Rules(2), games=1, seed=2, names=["Ann", "Ada"]).game.legal_moves()[0]
    keys = first.removeprefix("play ") + "\r"
    status, screens, path = _run(tmp_path, [Seat("Ann"), Seat("Ada", "easy")], keys, seed=2)
    saved = read_save(path)
    plays = [e for e in saved.log if e.kind == "play"]
    assert plays and plays[0].seat == 0 and "play " + " ".join(map(str, plays[0].cards)) == first
    assert not saved.finished


def _ending(names: list[str]) -> Game:
    """Ann holds two 7s: playing both ends the game at once."""
    return Game.from_json(make_doc(hands=["7 7", "1 2", "3 4"], displays=[["8"], ["9"], []], names=names,
                                   pool="1 2 3 4 5 6"))


def test_the_seed_stays_secret_among_humans_until_the_game_is_over(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cy")]
    # Quitting mid-game: no screen and no line printed afterwards gives the seed away.
    status, screens, _ = _run(tmp_path, seats, "\r", game=_ending(["Ann", "Ben", "Cy"]), seed=4321)
    printed = capsys.readouterr()
    assert not any("4321" in screen for screen in screens)
    assert "4321" not in printed.out + printed.err
    # Playing to the end: the final screen and what follows show how to replay the deal.
    status, screens, _ = _run(tmp_path, seats, "\r77\rn\r", game=_ending(["Ann", "Ben", "Cy"]), seed=4321)
    printed = capsys.readouterr()
    assert status == 0
    assert not any("4321" in screen for screen in screens if "Game 1 over" not in screen)
    assert any("Seed 4321" in s and "Game 1 over" in s for s in screens) and "--seed 4321" in printed.out


def test_against_bots_the_seed_stays_secret_until_the_game_is_over(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # The seed replays the deal: shown during play, it would give the bots' hands away.
    seats = [Seat("Ann"), Seat("Ada", "easy"), Seat("Bix", "easy")]
    status, screens, _ = _run(tmp_path, seats, "", seed=4321)
    assert any("Your hand (Ann)" in s for s in screens)
    assert not any("4321" in s for s in screens) and "4321" not in capsys.readouterr().out
    game = _ending(["Ann", "Ada", "Bix"])
    status, screens, _ = _run(tmp_path, seats, "77\rn\r", game=game, seed=4321)
    assert status == 0 and any("Seed 4321" in s for s in screens) and "--seed 4321" in capsys.readouterr().out
    # In German, the replay command in the player's words (German names are taken on the command line).
    status, screens, _ = _run(tmp_path, seats, "77\rn\r", game=_ending(["Ann", "Ada", "Bix"]), seed=4321, lang="de")
    assert 'abluxxen play --players "Ann,bot:leicht,bot:leicht" --seed 4321' in capsys.readouterr().out


def test_a_card_drawn_from_the_deck_is_shown_to_its_drawer_before_the_handover(tmp_path: Path) -> None:
    game = Game.from_json(make_doc(hands=["2 5 6", "1 3 4"], names=["Ann", "Ben"], duel=False,
                                   pool="8 9 10 11 12 13", deck="7"))
    keys = "\r" + "2\r" + "deck\r" + "\r" + "\r"  # Ann: handover, play a 2, draw the deck's 7; Enter; Ben
    status, screens, _ = _run(tmp_path, [Seat("Ann"), Seat("Ben")], keys, game=game,
                              rules=Rules(2, duel=False))
    shown = next(i for i, s in enumerate(screens) if "You drew a 7 from the deck." in s)
    assert "Your hand (Ann)" in screens[shown] and "Your hand (Ben)" not in screens[shown]
    handover = next(i for i, s in enumerate(screens) if "Pass to Ben" in s)
    assert shown < handover
    assert all("You drew" not in s for s in screens[handover:])  # Ben is never told Ann's card


def test_a_victim_is_told_why_they_must_draw(tmp_path: Path) -> None:
    game = Game.from_json(make_doc(hands=["9 9 2", "5 6 7", "1 3"], displays=[[], ["5 5"], []],
                                   names=["Ann", "Ben", "Cy"], pool="1 2 3 4 6 8"))
    keys = "\r" + "99\r" + "t\r" + "\r"  # Ann takes Ben's two 5s; Ben: handover
    status, screens, _ = _run(tmp_path, [Seat("Ann"), Seat("Ben"), Seat("Cy", "easy")], keys, game=game)
    ben = next(s for s in screens if "Your hand (Ben)" in s)
    assert "Ann took your two 5s: draw 2." in ben


def test_an_emptied_display_says_so(tmp_path: Path) -> None:
    game = Game.from_json(make_doc(hands=["9 2 3", "5 6 7", "1 3"], displays=[[], ["5"], []],
                                   names=["Ann", "Ben", "Cy"], pool="1 2 3 4 6 8"))
    keys = "\r" + "9\r" + "t\r" + "\r"  # Ann takes Ben's only layer; Ben: handover, his table
    status, screens, _ = _run(tmp_path, [Seat("Ann"), Seat("Ben"), Seat("Cy", "easy")], keys, game=game)
    after = [s for s in screens if "Ann takes it" in s][-1]
    ben_line = next(line for line in after.split("\n") if " Ben " in line)
    cy_line = next(line for line in after.split("\n") if " Cy " in line)
    assert "display empty" in ben_line  # Ben played before: his display was emptied
    assert "no display yet" in cy_line


@pytest.mark.parametrize("seats, keys, games", [
    ([Seat("Ann"), Seat("Ben"), Seat("Cy"), Seat("Dee", "easy"), Seat("Eve", "easy")],
     "\r?\r\r\r\rrules duel\r\r\r\r\r\r\r\rhint\r", 1),
    ([Seat("Ada", "easy"), Seat("Bix", "easy"), Seat("Cog", "easy"), Seat("Dot", "easy"), Seat("Eli", "easy")],
     "\rn\r", 2),
    ([Seat("Ann"), Seat("Ada", "easy")], "?\r\r\r", 1),
], ids=["five-seats-pages", "five-bots-match-end", "duel"])
def test_every_screen_fits_80_by_23(tmp_path: Path, seats: list[Seat], keys: str, games: int) -> None:
    from rich.cells import cell_len

    match = Match(Rules(len(seats)), games=games, seed=8, names=[s.name for s in seats])
    saved = Saved(match=match, seats=seats, lang="en", delay=0.0, log=[Event(START, 0, source="1")])
    screens = screens_at_table(saved, tmp_path / "g.json", keys)
    assert len(screens) > 3
    for screen in screens:
        lines = screen.rstrip("\n").split("\n")
        # The prompt's line is the last one shown; one line stays free for the toolbar under it.
        assert len(lines) <= 22, f"{len(lines)} lines:\n{screen}"
        assert max(cell_len(line) for line in lines) <= 80, screen


def test_no_bot_is_said_to_think_while_the_table_waits_for_a_persons_enter(tmp_path: Path) -> None:
    # Ann and Ben share the keyboard, Ada is a bot: Ann draws the deck's 7, and her drawn card is shown
    # to her before Ada moves; that screen waits for Ann's Enter, and Ada has not begun to think.
    game = Game.from_json(make_doc(hands=["2 5 6", "1 3 4", "8 9"], names=["Ann", "Ada", "Ben"],
                                   pool="8 9 10 11 12 13", deck="7 7 7"))
    keys = "\r" + "2\r" + "deck\r" + "\r" + "\r"
    status, screens, _ = _run(tmp_path, [Seat("Ann"), Seat("Ada", "easy"), Seat("Ben")], keys, game=game)
    shown = next(s for s in screens if "You drew a 7 from the deck." in s)
    assert "Your hand (Ann)" in shown and "Ada is thinking" not in shown
    assert any("Ada is thinking" in s for s in screens)  # and once Enter is pressed, she does


def test_the_replay_command_fits_80_columns_and_never_breaks_a_seed(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from abluxxen.engine.seeds import new_seed, seed_text

    seed = new_seed()  # 140 bits: seven groups of four
    seats = [Seat("Annabelle"), Seat("Bartholomew", "hard"), Seat("Cyrille", "normal")]
    status, _, _ = _run(tmp_path, seats, "77\rn\r", game=_ending(["Annabelle", "Bartholomew", "Cyrille"]),
                        seed=seed, lang="de")
    printed = capsys.readouterr().out
    lines = printed[printed.index("Seed"):].splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    assert f"--seed {seed_text(seed)}" in printed  # whole, on one line, as it is typed back
    assert lines[1].strip().startswith("abluxxen play") and lines[1].endswith("\\")


def test_a_deck_draw_is_not_told_on_the_score_screen(tmp_path: Path) -> None:
    """Ann draws the deck's 7; Ada then plays her last card: the game is over, the note with it."""
    game = Game.from_json(make_doc(hands=["2 5 6", "1"], names=["Ann", "Ada"], duel=False,
                                   pool="8 9 10 11 12 13", deck="7"))
    status, screens, _ = _run(tmp_path, [Seat("Ann"), Seat("Ada", "easy")], "2\rdeck\rn\r", game=game,
                              rules=Rules(2, duel=False))
    over = [s for s in screens if "Game 1 over" in s]
    assert over and all("You drew" not in s for s in over)


@pytest.mark.parametrize("duel", [False, True])
def test_a_note_goes_with_its_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, duel: bool) -> None:
    """A note tells news of its turn: the 7 Ann drew at the end of hers is not told beside what Ben's turn
    did to her; the 4 she drew at the end of her next turn is not told a whole round later."""
    import abluxxen.bots

    class Ben:
        level = "easy"
        moves = iter(["play 5", "take", "play 1", "pass"])

        def choose(self, view: object) -> str:
            return next(self.moves)

    monkeypatch.setattr(abluxxen.bots, "make_bot", lambda level, **options: Ben())
    game = Game.from_json(make_doc(hands=["X X 2 3 6 8", "X X 1 5 9"], names=["Ann", "Ben"], duel=duel,
                                   pool="10 11 12 13 10 11", deck="7 4 4 4", shadow="1 1" if duel else ()))
    # Ann plays a 2 and draws the deck's 7; Ben's 5 abluxxes her 2, he takes it and she draws the deck's 4;
    # she plays a 3 and draws the deck's 4; Ben plays a 1 and passes; her turn again.
    keys = "2\rdeck\r" + "deck\r" + "3\rdeck\r"
    status, screens, _ = _run(tmp_path, [Seat("Ann"), Seat("Ben", "easy")], keys, game=game,
                              rules=Rules(2, duel=duel))
    ann = [s for s in screens if "Your hand (Ann)" in s]
    taken = next(s for s in ann if "Ben took your 2: draw 1." in s)
    assert "You drew a 7" not in taken
    turn = next(s for s in ann if "Ann, play one card" in s and "Ann draws a 4" in s)
    assert "You drew a 4 from the deck." in turn and "You drew a 7" not in turn
    last = ann[-1]  # Ann's own turn again, after Ben's 1
    assert "Ben passes" in last and "Ann, play one card" in last
    assert "You drew" not in last and "took your" not in last


def _what_happened(screen: str) -> str:
    """The log under the table, its lines joined."""
    lines = screen.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("── "))
    end = next(i for i, line in enumerate(lines) if i > start and line.startswith("────"))
    return " ".join(" ".join(lines[start + 1:end]).split())


@pytest.mark.parametrize("lang, line, hand", [
    ("en", "Ann plays two 7s — abluxxes Ada's two 6s and Bix's two 5s", "Your hand (Ann)"),
    ("de", "Ann spielt zwei 7er — luxxt Ada die zwei 6er und Bix die zwei 5er ab", "Deine Hand (Ann)")])
def test_a_play_that_hits_two_displays_is_one_line_naming_both(tmp_path: Path, lang: str, line: str,
                                                                hand: str) -> None:
    game = Game.from_json(make_doc(hands=["7 7 3", "1 2", "3 4"], displays=[[], ["6 6"], ["5 5"]],
                                   names=["Ann", "Ada", "Bix"], pool="1 2 3 4 8 9"))
    status, screens, _ = _run(tmp_path, [Seat("Ann"), Seat("Ada", "easy"), Seat("Bix", "easy")], "77\r",
                              game=game, lang=lang)
    told = _what_happened([s for s in screens if hand in s][-1])  # Ann: take or leave Ada's two 6s
    assert line in told and told.count("Ada") == told.count("Bix") == 1


@pytest.mark.parametrize("lang, line", [("en", "Ann plays two 7s — abluxxes Ada's two 6s"),
                                        ("de", "Ann spielt zwei 7er — luxxt Ada die zwei 6er ab")])
def test_a_play_that_hits_one_display_says_so_once(tmp_path: Path, lang: str, line: str) -> None:
    game = Game.from_json(make_doc(hands=["7 7 3", "1 2", "3 4"], displays=[[], ["6 6"], []],
                                   names=["Ann", "Ada", "Bix"], pool="1 2 3 4 8 9"))
    status, screens, _ = _run(tmp_path, [Seat("Ann"), Seat("Ada", "easy"), Seat("Bix", "easy")], "77\r",
                              game=game, lang=lang)
    told = _what_happened(screens[-1])
    assert line in told and told.count("Ada") == 1
