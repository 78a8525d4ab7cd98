"""The one message set between the club and its tables: every message crosses as it was sent, what is none
of ours is refused in one line and the side that reads it goes on, a table tells the club what happens at it
when it happens (nothing polls), and a game over reaches the ratings as the records would give them."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any, get_args

import pytest
from clubbing import ANN, BEN, CY, _everywhere, clubbed, enter, play_out_by_save
from helpers import bots_play
from hosting import WAIT
from waiting import until

from abluxxen.club import lobby as club_module
from abluxxen.club import messages
from abluxxen.club.lobby import Club
from abluxxen.club.messages import (
    MAX_MESSAGE,
    Chat,
    Close,
    GameOver,
    Kick,
    Log,
    MessageError,
    Missed,
    Mute,
    Over,
    Play,
    Recorded,
    SendBack,
    Sleep,
    Stage,
    Stop,
    Turn,
    decode,
    encode,
)
from abluxxen.club.playing import game_over
from abluxxen.club.workers import Workers
from abluxxen.engine.match import Match
from abluxxen.engine.rules import Rules
from abluxxen.store.ratings import Placing, Ratings, recorded_ratings
from abluxxen.store.records import open_records, record_finished
from abluxxen.store.save_document import Saved, Seat

EVERY: list[messages.Message] = [
    Play(3, "/club/Ann-Ben.json", {"ann": "SHA256:a"}, {"seats": 2, "duel": False}, 120.0, 0.6,
         {"lines": [["Ann", "hi"]]}, {"Ben": 1.7e9}, {"Ann": 1.7e9 - 5}),
    Play(4, "x.json", {}, {}, 0.0, 0.0),
    Play(5, "y.json", {}, {"hours": 48}, 0.0, 0.0, due=(1, -3.5, 1.7e9)),
    Close(3), Kick(3, "Ben"), SendBack(3, "Ann"), Mute(3, "Ben", 600.0), Sleep(3), Stop(),
    Stage(3, "playing", ("Ann", "Ben"), 1, 2, "Ann-Ben.json", {"Ben": 1.7e9}),
    Stage(3, "over", (), 0, 0, None, {}),
    Turn(3, 1, "Ben", 1.7e9, 1.7e9 + 120), Turn(3, None, "", 1.7e9, None),
    Turn(3, 0, "Ann", 1.7e9, 1.7e9 + 86400, {"en": "Ben plays two 7s.", "de": "Ben spielt zwei 7er."}),
    Missed(3, "Ann", False), Missed(3, "Ann", True),
    Chat(3, [["Ann", "hi", 1.0]]),
    GameOver(3, 17, (1, 2), (5, -3), ("key:SHA256:a", None), (("key:SHA256:a", "Ann", None, 1),
                                                                ("bot:hard", "Cy", "hard", 2))),
    Recorded(3), Over(3), Over(3, "its save is damaged"),
    Log("Club worker 7 started", 20, "abluxxen.host", ("INFO", "Club worker %d started")),
]


def test_the_message_set_is_one_dataclass_a_kind_and_every_one_crosses_as_it_was_sent() -> None:
    kinds = {type(message) for message in EVERY}
    assert kinds == set(get_args(messages.Message)), "a message without an example here"
    for message in EVERY:
        data = encode(message)
        assert json.loads(data)["kind"] == type(message).__name__
        assert decode(data) == message


@pytest.mark.parametrize(("data", "why"), [
    (b'{"kind": "Wake", "fields": {"number": 1}}', "unknown kind 'Wake'"),
    (b'{"kind": "__class__", "fields": {}}', "unknown kind"),
    (b'{"fields": {"number": 1}}', "unknown kind None"),
    (b'{"kind": "Close", "fields": {"number": "1"}}', "Close.number: '1' is no int"),
    (b'{"kind": "Close", "fields": {"number": true}}', "Close.number: True is no int"),
    (b'{"kind": "Close", "fields": {}}', "Close: no number"),
    (b'{"kind": "Close", "fields": {"number": 1, "evil": 2}}', "Close: unknown field evil"),
    (b'{"kind": "Mute", "fields": {"number": 1, "name": "Ben", "seconds": "ever"}}', "Mute.seconds"),
    (b'{"kind": "Stage", "fields": {"number": 1, "stage": "x", "people": "Ann", "bots": 0, "watchers": 0, '
     b'"save": null, "away": {}}}', "Stage.people"),
    (b'{"kind": "Turn", "fields": {"number": 1, "seat": 1.5, "name": "", "since": 0, "deadline": null}}', "Turn.seat"),
    (b'{"kind": "Play", "fields": {"number": 1, "save": "x", "owners": {"ann": 7}, "settings": {}, "grace": 1, '
     b'"delay": 0}}', "Play.owners"),
    (b'{"kind": "Close", "fields": [1]}', "its fields are no object"),
    (b"[1, 2]", "not an object"),
    (b"\xff\xfe", "not JSON"),
    (b"[" * 100_000 + b"]" * 100_000, "not JSON"),
    (b'{"kind": "Chat", "fields": {"number": 1, "chat": "' + b"x" * MAX_MESSAGE + b'"}}', "a message of"),
])
def test_what_is_none_of_our_messages_is_refused_saying_what_is_wrong(data: bytes, why: str) -> None:
    with pytest.raises(MessageError) as refused:
        decode(data)
    assert why in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_hostile_frame_either_way_is_logged_and_the_club_and_its_worker_go_on(
        tmp_path: Path, workers: int, caplog: pytest.LogCaptureFixture) -> None:
    async def test(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ben = await enter(port, "ben", key=BEN)
        elsewhere = club.elsewhere
        assert isinstance(elsewhere, Workers)
        channel = elsewhere.all()[0] if workers else elsewhere.here()
        for hostile in (b'{"kind": "Explode", "fields": {}}', b'{"kind": "Close", "fields": {"number": "all"}}',
                        b"\x00" * (MAX_MESSAGE + 1)):
            channel.send(b"J", 0, hostile)  # to the worker
        if not workers:  # and from it: the club's own serving writes what a worker process would
            await until(lambda: channel.local is not None, "the club's own serving", WAIT)
            channel.local.writer.write(b"J" + (0).to_bytes(4, "big") + (7).to_bytes(4, "big") + b"garbage")
        ann.type("new 2 noduel")
        await ann.sees("Table 1 is open")
        ben.type("join 1")
        for client in (ann, ben):
            await client.sees("What happened")
        assert club.tables[1].stage == "playing" and channel.running()

    clubbed(tmp_path, test, workers=workers)
    said = "\n".join(r.getMessage() for r in caplog.records)
    assert "what is no message: unknown kind 'Explode'" in said
    assert "Close.number: 'all' is no int" in said
    assert "a message of" in said
    if not workers:
        assert "A worker of the club sent what is no message: not JSON" in said


#: Every wait of half a second or more never ends (in this process and in the club's workers): nothing that
#: polls ever looks again.
_FROZEN = (
    "import asyncio\n"
    "_sleep = asyncio.sleep\n"
    "async def _frozen(delay, result=None):\n"
    "    if delay >= 0.5:\n"
    "        await asyncio.Event().wait()\n"
    "    return await _sleep(delay, result)\n"
    "asyncio.sleep = _frozen\n")


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_tables_new_stage_reaches_the_lobby_with_nothing_polling_for_it(
        tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    _everywhere(monkeypatch, tmp_path / "frozen", _FROZEN, [(asyncio, "sleep")])

    async def test(club: Club, port: int) -> None:
        cy = await enter(port, "cy", key=CY)
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 noduel")
        await cy.sees("open: join 1")
        ben = await enter(port, "ben", key=BEN)
        ben.type("join 1")  # both at their seats: the table's waiting room is over, it plays
        for client in (ann, ben):
            await client.sees("What happened")
        await cy.sees(lambda text: bool(re.search(r"Ann · Ben +0 +playing", text)))
        assert club.tables[1].stage == "playing"

    clubbed(tmp_path / "club", test, workers=workers)


def _game(seed: int, names: list[str], people: int, stood_in: bool) -> Saved:
    """A finished one-game match of ``names`` (the first ``people`` of them people with accounts, each seat's
    moves a bot's), its first person's moves all a stand-in's when ``stood_in``."""
    match = Match(Rules(len(names)), games=1, seed=seed, names=names)
    seats = [Seat(name, None if i < people else "normal") for i, name in enumerate(names)]
    saved = Saved(match=match, seats=seats, delay=0.0)
    saved.accounts = [f"key:SHA256:{name}" if i < people else None for i, name in enumerate(names)]
    bots_play(match.game, saved.transcript, "easy")
    if stood_in:
        saved.stood_in = [i for i, move in enumerate(saved.transcript.moves) if move.seat == 0]
    match.record()
    saved.finished = True
    return saved


def _same(ours: Ratings, theirs: Ratings) -> None:
    assert {k: (p.name, p.bot, p.mu, p.sigma, p.games) for k, p in ours.players.items()} == \
        {k: (p.name, p.bot, p.mu, p.sigma, p.games) for k, p in theirs.players.items()}


def test_a_game_over_told_by_a_table_rates_it_to_the_last_digit_as_reading_the_records_would() -> None:
    rng = random.Random(3)
    names = ["Ann", "Ben", "Cy", "Dora"]
    with open_records() as records:
        ratings = recorded_ratings(records)  # what the club read at its start: nothing yet
    for seed in range(8):
        seats = rng.randint(2, 4)
        saved = _game(seed, rng.sample(names, seats), rng.randint(1, seats), stood_in=seed % 3 == 0)
        told = decode(encode(game_over(5, saved, record_finished(saved, seed_shown=True))))
        assert isinstance(told, GameOver)
        ratings.add([Placing(*placing) for placing in told.rated])
        with open_records() as records:
            _same(ratings, recorded_ratings(records))
    assert any(p.games > 3 for p in ratings.people())


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_a_game_played_at_the_club_is_rated_from_what_its_table_told_without_reading_every_rating_again(
        tmp_path: Path, workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[int] = []
    read = club_module._ratings_of

    def counted() -> Any:
        reads.append(1)
        return read()
    monkeypatch.setattr(club_module, "_ratings_of", counted)

    async def test(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN)
        ben = await enter(port, "ben", key=BEN)
        ann.type("new 2 noduel")
        await ann.sees("Table 1 is open")
        ben.type("join 1")
        for client in (ann, ben):
            await client.sees("What happened")
        await until(lambda: reads, "the club's ratings read at its start", WAIT)
        assert await play_out_by_save(club, 1, {0: ann, 1: ben}, random.Random(2)) > 5
        await until(lambda: club.rating(club.visitors["ann"]) is not None, "the game to reach the club's ratings",
                    WAIT)
        with open_records() as records:
            _same(club.ratings, recorded_ratings(records))

    clubbed(tmp_path, test, workers=workers)
    assert len(reads) == 1  # at the start, never after the game
