"""Back at a table played over days: the screen shows what happened since the person's last decision.

At a turn-based table days pass between a person's decisions; when their screen arrives, its log pane is
"Since your last move": every sentence since, told as their seat may read it (nobody else's draws), "+N
earlier: log" when they do not all fit, and a line when a game ended meanwhile. Once they move, the screen
is as it always was; a live table and a watcher never see any of it. The rooms are made here from a
table played by the test itself (as a club's sleeping table is woken from its save), at 80×23.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from test_tui_small import the_note

from abluxxen.engine.events import Event
from abluxxen.engine.match import Match
from abluxxen.engine.rules import Rules
from abluxxen.i18n.tr import Tr
from abluxxen.store.save_document import Saved, Seat
from abluxxen.table.chairs import Login
from abluxxen.table.room import PLAYING, Room
from abluxxen.table.table import Table, run_now, start_event
from abluxxen.tui.drawing import ask_text
from abluxxen.tui.narrate import narrate
from abluxxen.tui.screen import TableScreen

NAMES = ["Ann", "Ben", "Cy"]
ANN = 0


@dataclass
class Played:
    """A table the test played, and where Ann's decisions left its log: per decision, its move's index in the
    transcript and the log's length after it."""

    table: Table
    decisions: list[tuple[int, int]] = field(default_factory=list)


def _table(*, games: int = 1, seed: int = 5) -> Table:
    match = Match(Rules(3), games=games, seed=seed, names=NAMES)
    saved = Saved(match=match, seats=[Seat(name) for name in NAMES], lang="en", delay=0, log=[start_event(match)])
    return Table(saved, None)


def _play(played: Played, rng: random.Random, *, ann_decides: int) -> None:
    """Play at random (others draw from the deck when they may: the cards only their drawer sees) until Ann
    has decided ``ann_decides`` times, then until she decides again after two turns of others and another's
    draw from the deck."""
    table = played.table
    while True:
        shown = table.published
        seat = shown.to_move
        assert seat is not None, "the game ended before the test's position"
        legal = shown.view(seat).legal_moves()
        if seat == ANN and len(legal) > 1:
            since = shown.log[played.decisions[-1][1]:] if played.decisions else ()
            turns = sum(event.kind == "turn" for event in since)
            hidden = any(e.kind == "draw" and e.source == "deck" and e.seat != ANN for e in since)
            if ann_decides <= 0 and turns >= 2 and hidden:
                return
            ann_decides -= 1
        move = "draw deck" if seat != ANN and "draw deck" in legal and rng.random() < 0.7 else rng.choice(legal)
        table.push(seat, move)
        if seat == ANN and len(legal) > 1:
            played.decisions.append((len(table.saved.transcript.moves) - 1, len(table.saved.log)))


def _since(log: list[Event], at: int, viewer: int, lang: str = "en") -> list[str]:
    """The sentences of ``log`` that tell something from event ``at`` on (a sentence begun before it and
    ended after it among them), as ``viewer`` reads them."""
    tr = Tr(lang)
    whole, before = narrate(log, viewer, NAMES, tr), narrate(log[:at], viewer, NAMES, tr)
    ended = not before or whole[len(before) - 1] == before[-1]
    return whole[len(before) if ended else len(before) - 1:]


def _room(table: Table, *, turn_based: bool = True) -> Room:
    """A hosted room playing ``table`` (a table played over days, unless not ``turn_based``)."""
    room = Room(table, code="bako-rimu-tesa", delay=0.0)
    room.turn_based = turn_based
    room.stage = PLAYING
    return room


@contextmanager
def _screen(at: Table | Room, name: str = "Ann", *, turn_based: bool = True, lang: str = "en") -> Iterator[TableScreen]:
    """``name``'s screen at a room (one playing a table, when given that), a watcher's when the name has no
    seat, at 80×23."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        room = at if isinstance(at, Room) else _room(at, turn_based=turn_based)
        screen = TableScreen(room, Login(name), lang=lang, colours=None)
        screen.fixed_size = (80, 23)
        assert screen.sit()
        yield screen


def _to_first_decision(table: Table, rng: random.Random) -> None:
    """Play at random up to Ann's first decision of the game on the table (another seat starts it)."""
    while True:
        seat = table.published.to_move
        assert seat is not None
        legal = table.published.view(seat).legal_moves()
        if seat == ANN and len(legal) > 1:
            return
        table.push(seat, rng.choice(legal))


def _pane(picture: str) -> tuple[str, str]:
    """The log pane of a table's picture: its heading, and its text with the bullets' lines joined."""
    lines = picture.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("── "))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("─"))
    heading = lines[start].strip("─ ")
    text = " ".join(line.strip() for line in lines[start + 1:end] if line.strip())
    return heading, "\n".join(part.strip() for part in text.split("• ")).strip()


def test_a_seat_back_after_several_moves_reads_every_sentence_since_its_last_decision_and_no_other_hand() -> None:
    played = Played(_table())
    _play(played, random.Random(2), ann_decides=3)
    log = list(played.table.saved.log)
    at = played.decisions[-1][1]
    since = _since(log, at, ANN)
    assert len(log) - at >= 6 and len(since) >= 2  # several moves of the others since
    with _screen(played.table) as screen:
        heading, text = _pane(screen.picture())
        assert heading == "Since your last move"
        for sentence in since:
            assert sentence in text, (sentence, text)
        assert "earlier" not in text  # all of them fit
        older = _since(log, played.decisions[-2][1], ANN)[0]
        assert older not in since and older not in text  # only the news: what Ann saw stays in `log`
        # Nobody else's draws from the deck: the cards Ben's and Cy's eyes read are not on Ann's screen.
        theirs = [sentence for other in (1, 2) for sentence in _since(log, at, other) if sentence not in since]
        assert theirs  # (they drew from the deck since)
        for sentence in theirs:
            assert sentence not in text, sentence
        # Her hand and her decision under it, as always.
        view = screen.room.view_for(ANN)
        assert view.my_move
        assert f"Your hand (Ann) · {len(view.hand)}" in screen.picture()
        assert ask_text(view, Tr("en"), log)[:40] in screen.picture()
        # Too small a terminal still shows only its note; enlarged, the news are there again.
        screen.fixed_size = (50, 10)
        assert the_note(Tr("en")("pass_why.play", name="Ann"), 50, 10)(screen.picture())
        screen.fixed_size = (80, 23)
        assert _pane(screen.picture())[0] == "Since your last move"


def test_at_a_live_table_and_to_a_watcher_the_log_is_as_ever_while_the_seat_back_reads_its_news() -> None:
    played = Played(_table())
    _play(played, random.Random(2), ann_decides=3)
    with _screen(played.table, turn_based=False) as live:
        today = live.picture()
    with _screen(played.table, turn_based=True) as back:
        news = back.picture()
    with _screen(played.table, "Zoe", turn_based=True) as watcher:
        watched = watcher.picture()
    assert _pane(news)[0] == "Since your last move"
    assert _pane(today)[0] == _pane(watched)[0] == "What happened"
    assert "Since" not in today + watched and "earlier" not in today + watched
    # Only the log pane differs: the table above it, the hand and the question under it are the same.
    above = today.split("\n").index(next(line for line in today.split("\n") if line.startswith("── ")))
    assert news.split("\n")[:above] == today.split("\n")[:above]
    assert news.split("\n")[-5:] == today.split("\n")[-5:]


def test_once_the_seat_moves_its_screen_is_as_ever() -> None:
    played = Played(_table())
    _play(played, random.Random(2), ann_decides=3)
    with _screen(played.table, turn_based=False) as live:
        today = live.picture()
    with _screen(played.table) as screen:
        chair = screen.room.chairs[ANN]
        chair.answer = asyncio.new_event_loop().create_future()  # Ann decides now
        assert _pane(screen.picture())[0] == "Since your last move"
        view = screen.deciding_view()
        assert view is not None
        screen.answer(view.legal_moves()[0])
        assert chair.answer.done()
        chair.answer = None
        assert screen.picture() == today


def test_news_that_do_not_fit_say_how_many_earlier_ones_log_shows() -> None:
    """Ann's last decisions were her stand-in's (she missed her deadlines): the news reach back to her own."""
    played = Played(_table())
    _play(played, random.Random(3), ann_decides=12)
    saved = played.table.saved
    mine, *stood_in = played.decisions[-10:]
    saved.stood_in = [index for index, _ in stood_in]
    since = _since(list(saved.log), mine[1], ANN)
    with _screen(played.table) as screen:
        heading, text = _pane(screen.picture())
    assert heading == "Since your last move"
    first, *shown = text.split("\n")
    assert first.startswith("+") and first.endswith(" earlier: log"), text
    earlier = int(first.split()[0])
    assert earlier + len(shown) == len(since) and earlier > 0
    assert shown == since[earlier:]


@pytest.mark.parametrize(("lang", "rematch"), [("en", False), ("de", False), ("en", True)])
def test_a_game_ended_since_the_last_decision_is_said_in_a_line_before_the_next_games_news(lang: str,
                                                                                           rematch: bool) -> None:
    table = _table(games=1 if rematch else 2)
    room = _room(table)
    rng = random.Random(4)
    while not table.published.over:
        seat = table.published.to_move
        assert seat is not None
        table.push(seat, rng.choice(table.published.view(seat).legal_moves()))
    run_now(table.close_game())
    scores = table.match.results[0].scores
    if rematch:
        room.rematch()  # a new match at the table: its points are the last match's, on its score screen
    else:
        table.next_game()
    _to_first_decision(table, rng)  # Ann last decided in game 1
    tr = Tr(lang)
    with _screen(room, lang=lang) as screen:
        heading, text = _pane(screen.picture())
    assert heading == tr("log_since")
    said, *sentences = text.split("\n")
    points = ", ".join(f"{name} {score:+d}" for name, score in zip(NAMES, scores, strict=True))
    assert said == (tr("log_game_over", n=1) if rematch else tr("log_game_scores", n=1, scores=points))
    assert sentences == narrate(table.saved.log, ANN, NAMES, tr)  # the whole of game 2 so far
    assert sentences[0] == tr("n.start", n=2, name="Ben")


def test_a_seat_that_never_decided_reads_the_game_since_it_began() -> None:
    match = Match(Rules(3), games=1, seed=6, names=NAMES, first=1)  # Ben starts
    table = Table(Saved(match=match, seats=[Seat(name) for name in NAMES], lang="en", delay=0,
                        log=[start_event(match)]), None)
    _to_first_decision(table, random.Random(6))
    with _screen(table) as screen:
        heading, text = _pane(screen.picture())
    assert heading == "Since the game began"
    assert text.split("\n") == narrate(table.saved.log, ANN, NAMES, Tr("en"))
