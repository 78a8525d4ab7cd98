"""``hint`` at a table: the hard bot's move, found off the event loop, said only while its decision stands."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from pathlib import Path

import pytest
from clubbing import clubbed, saved_game, seated
from helpers import screens_at_table
from helpers import seated as hot_seated
from waiting import until

from abluxxen import Event, Game, Rules
from abluxxen.bots import ADVICE_SEED, HardBot, advise, hint
from abluxxen.bots.common import situation_of_view
from abluxxen.bots.normal import Judge, reason_for
from abluxxen.club.lobby import Club
from abluxxen.engine.events import START
from abluxxen.engine.match import Match
from abluxxen.engine.view import View
from abluxxen.i18n.tr import Tr
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import read_save

NAMES = ["Ann", "Ben", "Cy"]


def _opening(seed: int, players: int = 3) -> Game:
    return Game.new(Rules(players), seed=seed, names=NAMES[:players] if players <= 3 else None)


def _normal_value(view: View, move: str) -> float:
    codes = view.legal_actions()
    values = Judge(situation_of_view(view)).scored(codes)
    return next(value for code, (value, _) in zip(codes, values, strict=True) if view.action_text(code) == move)


def test_advice_is_the_hard_bots_move_with_the_normal_bots_reason_or_the_move_the_search_beat() -> None:
    overruled = agreed = 0
    for seed in range(12):
        game = _opening(seed, 4 if seed % 2 else 2)
        view = game.view(game.to_move or 0)
        move, reason = advise(view, think=400)
        assert (move, reason) == advise(view, think=400)  # the same view, the same advice
        assert move == HardBot(seed=ADVICE_SEED, think=400).choose(view)
        favourite, _ = hint(view)
        if reason.key == "search":
            overruled += 1
            instead, deals = reason.details["instead"], reason.details["deals"]
            assert instead != move and instead in view.legal_moves() and deals > 0
            assert str(reason) == f"better than {instead} in {deals:,} games played out"
        else:
            agreed += 1
            assert reason == reason_for(view, move)
            assert _normal_value(view, move) == _normal_value(view, favourite)  # its favourite (or a tie)
    assert overruled and agreed


def test_the_tables_hint_is_the_hard_bots_move_and_names_the_move_it_beat(tmp_path: Path) -> None:
    game = _opening(2)  # Ann's first play: the search beats the normal bot's favourite
    view = game.view(0)
    move, reason = advise(view)
    assert move != hint(view)[0] and reason.key == "search"
    match = Match(game.rules, games=1, seed=3, names=NAMES)
    match.game = game
    saved = Saved(match=match, seats=[Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")], delay=0.0,
                  log=[Event(START, 0, source="1")])
    path = tmp_path / "game.json"
    screens = screens_at_table(saved, path, "hint\r")
    ann = [s for s in screens if "Your hand (Ann)" in s]
    waiting = ann.index(next(s for s in ann if "Looking for a hint…" in s))
    hinted = next(s for s in ann if "Hint:" in s)
    assert ann.index(hinted) > waiting
    said = " ".join(hinted[hinted.index("Hint:"):].split())  # (the line may wrap)
    assert said.startswith(f"Hint: {move} — better than {reason.details['instead']} in ")
    assert "assisted" in hinted.split("\n")[0] and read_save(path).assisted


def test_a_hint_is_found_off_the_event_loop_and_one_found_after_its_decision_is_never_said(
        monkeypatch: pytest.MonkeyPatch) -> None:
    searching, found = threading.Event(), threading.Event()

    def slow_hint(view: object, tr: Tr, *, strong: bool = False) -> str:
        searching.set()
        found.wait(10)
        return "Hint: play 1 — a hint too late"

    monkeypatch.setattr("abluxxen.tui.screen.hint_line", slow_hint)

    async def test(s: object) -> None:
        screen, room = s.screen, s.room  # type: ignore[attr-defined]
        await s.asked()  # type: ignore[attr-defined]
        screen.answer("hint")
        assert screen.message == "Looking for a hint…" and screen.thinking
        screen.answer("hint")  # asked again: still the one search
        await asyncio.to_thread(searching.wait, 10)
        began = time.monotonic()
        await asyncio.sleep(0.05)  # a timer fires: the event loop runs on while the search does (what is tested)
        assert time.monotonic() - began < 5 and screen.thinking
        screen.answer(room.match.game.view(0).legal_moves()[0])  # Ann plays before the hint is found
        found.set()
        await until(lambda: not screen.thinking, "the search to end")
        assert "too late" not in screen.message and not room.saved.assisted

    hot_seated(_opening(2), test, seats=[Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")])


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_hint_at_a_club_table_is_the_hard_bots_and_marks_the_game_assisted_for_both(
        tmp_path: Path, workers: int) -> None:
    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1)
        saved = saved_game(club, 1)
        assert saved is not None
        game = saved.match.game
        deciding, waiting = (ann, ben) if game.to_move == 0 else (ben, ann)
        move, _ = advise(game.view(game.to_move or 0))
        waiting.type("hint")
        await waiting.sees("Only when it is your turn.")
        deciding.type("hint")
        await deciding.sees(f"Hint: {move} — ")
        await waiting.sees("assisted")

    clubbed(tmp_path, test, workers=workers)


def test_a_hint_asked_again_for_the_same_decision_is_said_again_without_a_second_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    searches: list[View] = []

    def counted(view: View, tr: Tr, *, strong: bool = False) -> str:
        searches.append(view)
        return f"Hint: {view.legal_moves()[0]} — counted"

    monkeypatch.setattr("abluxxen.tui.screen.hint_line", counted)

    async def test(s: object) -> None:
        screen, room = s.screen, s.room  # type: ignore[attr-defined]
        await s.asked()  # type: ignore[attr-defined]
        for _ in range(3):
            screen.answer("hint")
            await until(lambda: not screen.thinking, "the hint")
            assert screen.message.endswith("— counted")
        assert len(searches) == 1  # a person typing hint again and again costs the table one search
        screen.answer(room.match.game.view(0).legal_moves()[0])
        await s.asked()  # type: ignore[attr-defined]
        screen.answer("hint")  # a new decision: a new search
        await until(lambda: not screen.thinking, "the hint")
        assert len(searches) == 2 and searches[1] != searches[0]

    hot_seated(_opening(2), test, seats=[Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")])


# The tactics' nicknames and the bots' own words a new player cannot know yet (the lessons teach the tactics
# later, under these names): a hint says what the move does instead.
JARGON = re.compile(r"\b(bait|bank|refresh\w*|fresh|tops?|fight|Lockvogel|Kleinvieh|auffrisch\w*|frische\w*|"
                    r"Kampf)\b", re.IGNORECASE)
# Per reason the longest move it explains as it comes at a table, and the cards it names (a play of four 10s
# and a joker is a bank; a stake of two 9s and a joker is taken or left; a duel's pool group has three cards).
REASON_MOVES = {
    "bait": ("play 2 2", (2, 2)), "bank": ("play 10 10 10 10 X", (10, 10, 10, 10, 14)),
    "take-fits": ("take", (9, 9, 14)), "take-end-near": ("leave", (9, 9, 14)), "leave-no-fit": ("leave", (9, 9, 14)),
    "back-keep": ("back", (9, 9, 14)), "discard-fresh": ("discard", (9, 9, 14)), "pass": ("pass", ()),
    "deck": ("draw deck", ()), "draw-joker": ("draw X", (14,)), "draw-grows": ("draw 10", (10,)),
    "draw-best": ("draw 10", (10,)), "draw-group-joker": ("draw 4+13+X", (4, 13, 14)),
    "draw-group-grows": ("draw 4+10+X", (4, 10, 14)), "draw-group-best": ("draw 4+13+X", (4, 13, 14)),
    "shadow-fits": ("shadow 10", (10, 10, 10))}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_hint_says_in_plain_words_what_the_move_does_on_one_line_of_80_columns(lang: str) -> None:
    from rich.cells import cell_len

    from abluxxen.bots.normal import Reason
    from abluxxen.i18n.reasons import REASONS

    tr = Tr(lang)
    for key in REASONS:
        move, cards = REASON_MOVES.get(key, ("play 10 10 10 X", (10, 10, 10, 14)))
        reason = Reason.of(key, cards=cards, victims=(1, 2), value=10, instead="play 9 9 9", deals=1234)
        line = tr("hint", move=tr.spoken(move), reason=tr.why(reason, NAMES))
        assert not JARGON.search(line), line
        assert cell_len(line) <= 80, line
