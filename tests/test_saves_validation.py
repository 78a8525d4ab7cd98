"""A save that loads can be played: every field is checked at load, names carry no control characters.

The mutation tests take real save documents, change one thing (a value
replaced, a key dropped, a value moved to another place) and require that
either loading refuses with ``ValueError`` and a reason, or the loaded game
is drawn and played to the end: every seat's table, the bots, the log, the
next games of the match and the score screen.
"""

from __future__ import annotations

import copy
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from abluxxen import Event, Game, Match, Rules
from abluxxen.cli import main
from abluxxen.engine.events import START
from abluxxen.engine.transcript import Transcript
from abluxxen.i18n.tr import Tr
from abluxxen.store.save_document import Saved, SaveError, Seat, from_document, to_document
from abluxxen.store.saves import read_save, write_save
from abluxxen.table.seats import SeatError
from abluxxen.table.table import Table
from abluxxen.tui.drawing import render_table, table_info
from abluxxen.tui.pages import replay_line
from abluxxen.tui.scores import score_screen
from abluxxen.tui.seating import guided_setup, parse_players

ESC_NAME = "E\x1b]2;PWN\x07"  # retitles the terminal when printed


def _saved(rules: Rules, seats: list[Seat], *, games: int = 2, moves: int = 9, seed: int = 4) -> Saved:
    """A match in progress as the game keeps it: seats, log, and (with ``games`` > 1) a booked first game."""
    match = Match(rules, games=games, seed=seed, names=[s.name for s in seats])
    rng = random.Random(seed)
    if games > 1:  # book the first game, so the document has results
        while not match.game.is_over:
            match.game.push(rng.choice(match.game.legal_moves()))
        match.next_game()
    log = [Event(START, match.game.turn, source=str(match.number + 1))]
    transcript = Transcript.of(match.game)
    for _ in range(moves):
        game = match.game
        log += transcript.push(game, rng.choice(game.legal_moves()), seat=game.to_move)
    return Saved(match=match, seats=seats, lang="en", delay=0.0, log=log, history=transcript)


def _documents() -> list[dict[str, Any]]:
    docs = []
    for rules, seats in [
        (Rules(3), [Seat("Ann"), Seat("Ben"), Seat("Ada", "normal")]),
        (Rules(2), [Seat("Ann"), Seat("Ada", "easy")]),
        (Rules(4, "expert"), [Seat("Ann"), Seat("Ben"), Seat("Cy"), Seat("Ada", "easy")]),
    ]:
        for moves in (0, 3, 9):
            docs.append(json.loads(json.dumps(to_document(_saved(rules, seats, moves=moves)))))
    return docs


DOCS = _documents()
ENGINE_DOCS = [doc["match"]["game"] for doc in DOCS]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*path, index))
    return found


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.integers(-10**30, 10**30)
    | st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(["", "7", "X", "deck", "pool", "start",
                                                                         "base", "Ann", ESC_NAME, "2+X", "1"])
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["kind", "seat", "name", "x"]),
                                                                 inner, max_size=2),
    max_leaves=4)


@st.composite
def mutated(draw: st.DrawFn, documents: list[dict[str, Any]]) -> dict[str, Any]:
    """A real document with one thing changed."""
    doc: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(documents)))
    paths = _paths(doc)[1:]
    path = draw(st.sampled_from(paths))
    parent = _get(doc, path[:-1])
    how = draw(st.sampled_from(["replace", "drop", "move"]))
    if how == "drop":
        del parent[path[-1]]
    elif how == "move":  # a value that is right somewhere else: a seat number, a card, a list of cards …
        parent[path[-1]] = copy.deepcopy(_get(doc, draw(st.sampled_from(paths))))
    else:
        parent[path[-1]] = draw(JSON_VALUES)
    return doc


def _plays_through(saved: Saved, tmp_path: Path) -> None:
    """Everything the game does with a save: draw every seat's table, ask the bots, sleep the delay,
    play every game of the match to the end, show the scores."""
    assert 0 <= saved.delay <= 10, "time.sleep takes it, and nobody waits longer for a bot"
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    table = Table(saved, tmp_path / "g.json")
    match, tr = saved.match, Tr(saved.lang)
    rng = random.Random(0)
    while True:
        game = match.game
        for seat in range(game.players):
            info = table_info(saved, seed_shown=table.seed_shown())
            console.print(render_table(game.view(seat), saved.log, tr, info=info, show_hand=True))
        mover = game.to_move
        if mover is not None and saved.seats[mover].bot in ("easy", "normal"):
            assert table.bot(mover).choose(game.view(mover)) in game.legal_moves()
        while not game.is_over:
            game.push(rng.choice(game.legal_moves()))
        for part in score_screen(match, tr, bots=[s.is_bot for s in saved.seats]):
            console.print(part)
        if match.is_over:
            break
        match.next_game()
        saved.log = [Event(START, match.game.turn, source=str(match.number + 1))]


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(doc=mutated(DOCS))
def test_a_tampered_save_is_refused_at_once_or_plays_to_the_end(doc: dict[str, Any], tmp_path: Path) -> None:
    try:
        saved = from_document(doc)
    except ValueError:
        return
    _plays_through(saved, tmp_path)


@pytest.mark.parametrize("where, value", [
    (("log", 1, "seat"), 7),                         # IndexError in the log
    (("log", 0, "kind"), "dance"),
    (("log", 1), {"kind": "play"}),                  # a play without its player
    (("log", 1, "cards"), "7"),
    (("delay",), 1e308),                             # OverflowError in time.sleep
    (("delay",), -1),
    (("delay",), True),
    (("match", "seed"), "7"),                        # TypeError at the next deal; bots went random
    (("match", "seed"), 7.5),
    (("match", "games"), "3"),
    (("match", "games"), 0),
    (("match", "first"), 9),
    (("match", "started"), 99),
    (("match", "results"), [{"reason": "hand-empty", "seat": 0}]),
    (("match", "results", 0, "winners"), [9]),
    (("match", "results", 0, "scores"), ["many", 2, 3]),
    (("seats", 0, "name"), "Someone"),               # the table and the engine would disagree
    (("seats", 2, "bot"), "genius"),
    (("finished",), "no"),
    (("finished",), True),                           # finished, yet the match goes on
    (("lang",), ["en"]),
    (("saved",), 12),
    (("assisted",), "yes"),
    (("accounts",), ["key:SHA256:abc"]),             # not one for each seat
    (("accounts",), "key:SHA256:abc"),
    (("accounts",), [None, "key:SHA256:a b", None]),  # an account with a space
    (("accounts",), [None, "key:\x1b[2J", None]),     # an escape code, to be shown one day
    (("accounts",), [None, 7, None]),
    (("club",), "table 3"),
    (("club",), {"table": 3, "opener": "Ann"}),     # a club's table without its settings
    (("club",), {"table": 0, "opener": "Ann", "settings": {}}),
    (("club",), {"table": True, "opener": "Ann", "settings": {}}),
    (("club",), {"table": 3, "opener": "\x1b[2J", "settings": {}}),
    (("club",), {"table": 3, "opener": "Ann", "settings": {"clock": [60]}}),
    (("club",), {"table": 3, "opener": "Ann", "settings": {"x" * 300: 1}}),
    (("transcript", "moves", 4, 1), "play 13 13 13 13 13 13"),  # not what was played
    (("transcript", "moves"), ["play 7"]),
    (("transcript", "start", "turn"), 2),            # the moves lead elsewhere than the saved game
])
def test_each_bad_field_is_named_at_load(where: tuple[Any, ...], value: Any) -> None:
    doc = copy.deepcopy(DOCS[2])
    _get(doc, where[:-1])[where[-1]] = value
    with pytest.raises(SaveError, match="damaged save"):
        from_document(doc)


def test_an_old_save_without_the_optional_fields_still_loads() -> None:
    doc = copy.deepcopy(DOCS[1])
    for key in ("saved", "lang", "delay", "finished", "log", "assisted", "transcript"):
        del doc[key]
    for key in ("games", "seed", "first", "started", "results"):
        del doc["match"][key]
    saved = from_document(doc)
    assert saved.delay == 0.6 and saved.match.games == 3 and saved.match.seed is None
    # With no transcript, undo and the records start from the saved position.
    assert saved.transcript.replay().to_json() == saved.match.game.to_json() and not saved.transcript.moves


def test_a_save_keeps_the_accounts_of_its_seats_and_a_save_without_them_has_none() -> None:
    doc = copy.deepcopy(DOCS[2])
    assert from_document(doc).accounts is None and "accounts" not in to_document(from_document(doc))
    accounts = [None, "key:SHA256:cgLMtTR8uN5cNyNJylbgsZ2ryzJDQ/s738XoFXTCF/Y", None][:len(doc["seats"])]
    doc["accounts"] = accounts
    assert from_document(to_document(from_document(doc))).accounts == accounts


def test_a_save_keeps_the_moves_a_stand_in_made_and_refuses_marks_that_are_no_persons_moves() -> None:
    doc = copy.deepcopy(DOCS[2])  # Ann, Ben and a bot: 9 moves, Ben's first
    saved = from_document(doc)
    assert [m.seat for m in saved.transcript.moves] == [1, 1, 2, 2, 0, 0, 1, 1, 2]
    assert saved.stood_in == [] and "stood_in" not in to_document(saved)  # an older save: every move its own
    doc["stood_in"] = [0, 1, 4]  # Ben's two, then Ann's first: a stand-in played for them
    again = from_document(to_document(from_document(doc)))
    assert again.stood_in == [0, 1, 4]
    assert again.decisions() == [(2, 1), (4, 2), (3, 0)]  # per seat: its decisions, and how many a stand-in's
    for bad in ([9], [-1], [4, 1], [1, 1], [True], "1", [2], [0.0]):  # move 2 is the bot's own
        doc["stood_in"] = bad
        with pytest.raises(SaveError, match="damaged save: stood_in") as caught:
            from_document(doc)
        assert Tr("de").save_refusal(caught.value).startswith("beschädigter Spielstand: stood_in")


PLACE = {"table": 3, "opener": "Ann", "settings": {"seats": 3, "bots": 1, "level": "normal", "variant": "base",
                                                   "duel": True, "games": 2, "clock": 60, "guests": False}}


def test_a_club_tables_save_keeps_its_place_at_the_club_through_every_write_and_a_rematch(tmp_path: Path) -> None:
    # Whoever writes a club table's save (the club, a worker), and a rematch's new save, keeps its table's
    # number, opener and settings: should club.json be lost, the table is found again from its save.
    assert "club" not in to_document(from_document(copy.deepcopy(DOCS[2])))  # no other save has one
    doc = copy.deepcopy(DOCS[2])
    doc["club"] = PLACE
    saved = from_document(json.loads(json.dumps(to_document(from_document(doc)))))
    assert saved.club == PLACE
    table = Table(saved, tmp_path / "first.json")
    table.rematch(first_game=3)
    assert table.path is not None and table.path != tmp_path / "first.json"
    assert read_save(table.path).club == PLACE


TOURNAMENT = {"number": 12, "name": "Spring cup · Runde der Freunde", "round": 3}


def test_a_tournament_tables_save_keeps_its_tournament_and_refuses_a_damaged_one_naming_it(tmp_path: Path) -> None:
    # The club sets it when a round's table starts; the records keep it with each of the table's games.
    doc = copy.deepcopy(DOCS[2])
    doc["club"] = {**PLACE, "tournament": TOURNAMENT}
    saved = from_document(json.loads(json.dumps(to_document(from_document(doc)))))
    assert saved.club is not None and saved.club["tournament"] == TOURNAMENT
    write_save(tmp_path / "round.json", saved)  # as a table writes it at every move
    assert read_save(tmp_path / "round.json").club == {**PLACE, "tournament": TOURNAMENT}
    for bad in ("Spring cup", [12, "Spring cup", 3], {"number": 12, "name": "Spring cup"},
                {**TOURNAMENT, "table": 3},                                  # a key no tournament has
                {**TOURNAMENT, "number": "12"}, {**TOURNAMENT, "number": True}, {**TOURNAMENT, "number": 0},
                {**TOURNAMENT, "number": 10**7}, {**TOURNAMENT, "name": ""}, {**TOURNAMENT, "name": "x" * 41},
                {**TOURNAMENT, "name": "Cup\x1b[2J"}, {**TOURNAMENT, "name": 7},  # an escape code, to be shown
                {**TOURNAMENT, "round": 0}, {**TOURNAMENT, "round": 1000}, {**TOURNAMENT, "round": 2.0},
                {**TOURNAMENT, "round": None}):
        doc["club"] = {**PLACE, "tournament": bad}
        with pytest.raises(SaveError, match=r"damaged save: club\.tournament must give") as caught:
            from_document(doc)
        assert Tr("de").save_refusal(caught.value).startswith("beschädigter Spielstand: club.tournament nennt")
    doc["club"] = {**PLACE, "tournament": {**TOURNAMENT, "name": "x" * 40, "round": 99}}  # the most there is
    assert from_document(doc).club == doc["club"]
    doc["club"] = {**PLACE, "league": TOURNAMENT}  # nothing else beside a club's place
    with pytest.raises(SaveError, match="damaged save: club must give"):
        from_document(doc)


def test_a_save_keeps_the_seats_given_up_and_refuses_a_damaged_list_naming_it() -> None:
    # A seat given up at a table over days (three deadlines missed): a bot plays it on after any restart.
    doc = copy.deepcopy(DOCS[2])
    people = [seat for seat, entry in enumerate(doc["seats"]) if "bot" not in entry]
    doc["given_up"] = people[:1]
    saved = from_document(json.loads(json.dumps(to_document(from_document(doc)))))
    assert saved.given_up == people[:1]
    assert all(d.stood_in == d.made for d in [saved.decisions()[people[0]]])  # every decision the stand-in's
    bots = [seat for seat, entry in enumerate(doc["seats"]) if "bot" in entry]
    for bad in ("0", [people[0], people[0]], [True], [99], [-1], *([[bots[0]]] if bots else [])):
        doc["given_up"] = bad
        with pytest.raises(SaveError, match=r"damaged save: given_up must list people's seats") as caught:
            from_document(doc)
        assert Tr("de").save_refusal(caught.value).startswith("beschädigter Spielstand: given_up nennt")


def test_a_save_keeps_the_games_transcript_and_its_assisted_mark() -> None:
    doc = copy.deepcopy(DOCS[2])
    doc["assisted"] = True
    saved = from_document(doc)
    assert saved.assisted and len(saved.transcript.moves) == 9
    assert saved.transcript.replay(0).to_json() == doc["transcript"]["start"]
    assert saved.transcript.replay().to_json() == saved.match.game.to_json()


# -- the engine's own documents ----------------------------------------------------------------


def _engine_docs() -> list[dict[str, Any]]:
    """Engine documents at every phase, mid-turn included, duel and expert among them."""
    docs = list(ENGINE_DOCS)
    for rules in (Rules(3), Rules(2), Rules(4, "expert")):
        game = Game.new(rules, seed=8)
        rng = random.Random(8)
        seen = set()
        while not game.is_over:
            if game.phase_name not in seen:
                seen.add(game.phase_name)
                docs.append(game.to_json())
            game.push(rng.choice(game.legal_moves()))
        docs.append(game.to_json())
    return docs


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(doc=mutated(_engine_docs()))
def test_game_from_json_refuses_only_with_value_error_and_what_it_takes_plays(doc: dict[str, Any]) -> None:
    try:
        game = Game.from_json(doc)
    except ValueError:
        return
    rng = random.Random(1)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None and game.view(seat).legal_moves() == game.legal_moves()
        game.push(rng.choice(game.legal_moves()))
    assert game.winners()


@pytest.mark.parametrize("pending", [
    {"phase": ["take"], "victim": 1, "queue": []},
    {"phase": {"take": 1}, "victim": 1, "queue": []},
])
def test_a_list_or_object_where_the_phase_belongs_is_a_value_error(pending: dict[str, Any]) -> None:
    doc = _shadow_choice()
    doc["pending"] = pending
    with pytest.raises(ValueError, match="pending.phase"):
        Game.from_json(doc)


def _shadow_choice() -> dict[str, Any]:
    """A duel position where the 9 9 just played may abluxx the shadow's 4 4 or 6 6."""
    from helpers import make_doc

    return make_doc(hands=["2 3", "5 7"], displays=[["9 9"], []], shadow="4 4 6 6 1", pool="1 2 3 5 7 8",
                    pending={"phase": "shadow", "shadow_options": [4, 6], "queue": []})


def test_shadow_options_listed_twice_are_refused() -> None:
    doc = _shadow_choice()
    assert Game.from_json(doc).legal_moves() == ["shadow 4", "shadow 6"]
    doc["pending"]["shadow_options"] = [4, 6, 6]
    with pytest.raises(ValueError, match="twice"):
        Game.from_json(doc)
    doc["pending"]["shadow_options"] = [True, 6]
    with pytest.raises(ValueError):
        Game.from_json(doc)


# -- names ---------------------------------------------------------------------------------


BAD_NAMES = [ESC_NAME, "Ann\x1b[2J", "Del\x7f", "C1\x9b31m", "Tab\tbed", "Evil\u202eoG", "Li\u2028ne",
             "Zero\u200bWidth"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_the_engine_refuses_names_with_control_or_invisible_characters(name: str) -> None:
    with pytest.raises(ValueError, match="names\\[1\\]"):
        Game.new(Rules(3), names=["Ann", name, "Cy"])
    with pytest.raises(ValueError):
        Match(Rules(3), names=["Ann", name, "Cy"])
    doc = Game.new(Rules(3), seed=1, names=["Ann", "Ben", "Cy"]).to_json()
    doc["names"][1] = name
    with pytest.raises(ValueError, match="control or invisible"):
        Game.from_json(doc)


def test_ordinary_names_of_every_script_still_sit_down() -> None:
    names = ["Zoë", "山田", "Ōta\u3000Jr", "👨\u200d👩\u200d👧"]
    assert Game.new(Rules(4), names=names).names == names
    assert [s.name for s in parse_players(",".join(names))] == names


@pytest.mark.parametrize("name", [*BAD_NAMES, "山田太郎花子一二三", "Bartholomew-J"])
def test_the_command_line_refuses_a_bad_name_in_one_line_with_status_2(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SeatError):
        parse_players(f"Ann,{name}")
    assert main(["play", "--players", f"Ann,{name}", "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seat 2" in err
    assert not any(ch in err for ch in "\x1b\x07\x7f\x9b\u202e")  # nothing of the name is replayed raw


def test_setup_refuses_a_bad_name_with_its_reason_and_asks_again() -> None:
    answers = iter(["2", ESC_NAME, "山田太郎花子一二三", "Ann", "Ben", "base", "", ""])
    asked: list[str] = []
    said: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    setup = guided_setup(ask, said.append, Tr("en"), inform=lambda line: None)
    assert [s.name for s in setup.seats] == ["Ann", "Ben"]
    seat_one = [q for q in asked if q.startswith("Seat 1")]
    assert len(seat_one) == 3, "the same question, twice more"
    assert said == ["✗ no control or invisible characters", "✗ names are at most 12 characters wide"]
    de: list[str] = []
    answers = iter(["2", ESC_NAME, "Ann", "Ben", "base", "", ""])
    guided_setup(lambda q: next(answers), de.append, Tr("de"), inform=lambda line: None)
    assert de == ["✗ Namen nur aus sichtbaren Zeichen"]


def test_a_save_with_a_control_character_in_a_name_is_refused(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    doc = copy.deepcopy(DOCS[0])
    doc["seats"][1]["name"] = doc["match"]["game"]["names"][1] = ESC_NAME
    path = tmp_path / "pwn.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError, match="control or invisible"):
        read_save(path)
    assert main(["resume", str(path), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and path.name in err


@pytest.mark.parametrize("name", ["a,b 🐾", "a,b", "Bix ⚙"])
def test_a_save_whose_name_holds_a_comma_or_a_mark_still_resumes(tmp_path: Path, name: str) -> None:
    """Such names sat before they were refused: their games go on (only the replay command, which would
    seat a player twice or be refused, is left out)."""
    doc = copy.deepcopy(DOCS[0])
    doc["seats"][1]["name"] = doc["match"]["game"]["names"][1] = doc["transcript"]["start"]["names"][1] = name
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc))
    saved = read_save(path)
    assert saved.seats[1].name == name
    assert replay_line(saved, Tr("en"), shown=True) == ""


@pytest.mark.parametrize("name", ["old-3p-midturn.json", "old-duel-match.json"])
def test_saves_written_by_the_previous_version_still_resume_and_play(name: str, tmp_path: Path) -> None:
    """Written by the code before these checks (a mid-turn three-player game; a duel match after its
    first game), kept as they were."""
    path = tmp_path / name
    path.write_bytes((Path(__file__).parent / "data" / name).read_bytes())
    saved = read_save(path)
    assert saved.lang == "de" and saved.delay == 0.25 and saved.log[0].kind == START
    _plays_through(saved, tmp_path)


@pytest.mark.parametrize("name", ["Ann", "Zoë", "Zoe\u0301", "李小龙", "김민준", "🐾Pfote", "👩\u200d💻Dev", "Ａｎｎ"])
def test_a_names_width_is_measured_as_the_terminal_draws_it(name: str) -> None:
    from rich.cells import cell_len

    from abluxxen.quoting import cells

    assert cells(name) == cell_len(name)
