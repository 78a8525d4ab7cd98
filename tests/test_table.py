"""The table with no terminal at all: bots and scripted seats play whole games through it.

Every seat must be told every event it may see, as it may see it, and none
it may not: a card drawn from the deck reaches its drawer's seat only.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from abluxxen import Event, Match, Rules, View
from abluxxen.store.records import open_records
from abluxxen.store.saves import Saved, Seat, read_save
from abluxxen.table import BotSeat, Table


class Listener(BotSeat):
    """A bot that keeps everything the table tells it."""

    def __init__(self, seat: int, level: str = "easy") -> None:
        super().__init__(level, seed=seat)
        self.seat = seat
        self.told: list[Event] = []
        self.views: list[View] = []

    def update(self, view: View, events: Sequence[Event]) -> None:
        self.views.append(view)
        self.told.extend(events)


def _table(tmp_path: Path, rules: Rules, seed: int) -> Table:
    names = ["Ada", "Bix", "Cog", "Dot", "Eve"][:rules.players]
    match = Match(rules, games=1, seed=seed, names=names)
    saved = Saved(match=match, seats=[Seat(name, "easy") for name in names], delay=0.0)
    return Table(saved, tmp_path / "game.json")


@pytest.mark.parametrize("rules, seed", [(Rules(4), 3), (Rules(2), 5), (Rules(3, "expert"), 8), (Rules(5), 1)])
def test_every_seat_is_told_each_event_as_it_may_see_it_and_nothing_more(tmp_path: Path, rules: Rules,
                                                                           seed: int) -> None:
    table = _table(tmp_path, rules, seed)
    listeners = {seat: Listener(seat) for seat in range(rules.players)}
    table.play(listeners)
    game, log = table.match.game, table.saved.log
    assert game.is_over and table.saved.transcript.replay().to_json() == game.to_json()
    deck_draws = [e for e in log if e.kind == "draw" and e.source == "deck"]
    assert deck_draws, "a game with no deck draw tests nothing here"
    for seat, listener in listeners.items():
        assert listener.told == [event.visible_to(seat) for event in log]
        others = [e for e in listener.told if e.kind == "draw" and e.source == "deck" and e.seat != seat]
        assert all(not e.cards and e.hidden for e in others), "another seat's drawn card reached this seat"
        own = [e for e in listener.told if e.kind == "draw" and e.source == "deck" and e.seat == seat]
        assert all(e.cards for e in own)
        assert all(view.seat == seat for view in listener.views) and listener.views[-1] == game.view(seat)


def test_a_game_played_through_the_table_is_saved_after_every_move_and_recorded_once(tmp_path: Path) -> None:
    table = _table(tmp_path, Rules(3), seed=12)
    table.play({seat: BotSeat("normal", seed=seat) for seat in range(3)})
    assert read_save(tmp_path / "game.json").transcript == table.saved.transcript
    table.match.record()
    table.saved.finished = True
    table.save()
    assert table.record() is None and table.record() is None
    with open_records() as records:
        assert records.count() == 1
    assert not (tmp_path / "game.json").exists()  # the records hold it now


def test_a_table_without_a_save_file_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    table = _table(tmp_path, Rules(2), seed=2)
    table.path = None  # a lesson's table
    table.play({seat: BotSeat("easy", seed=seat) for seat in range(2)})
    assert table.match.game.is_over and table.record() is None
    assert list(tmp_path.iterdir()) == []
