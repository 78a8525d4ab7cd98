"""Ratings of people and bot levels in one pool: what a player finds after recorded games."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from functools import cache

import pytest
from helpers import bots_play

from abluxxen import Game, Rules, Transcript
from abluxxen.cli.main import main
from abluxxen.store.ratings import BOT_START, Ratings, places, rate
from abluxxen.store.records import Records, open_records

START = datetime(2026, 1, 1, tzinfo=UTC)
NEW = Ratings().players  # the pool before any game: the bot levels at their start


@cache
def _transcript(players: int) -> Transcript:
    """A real game's moves (the ratings read the seats' results, never the moves)."""
    game = Game.new(Rules(players), seed=players)
    transcript = Transcript.of(game)
    bots_play(game, transcript, "easy")
    return transcript


def _add(records: Records, seats: Sequence[tuple[str, str | None]], scores: Sequence[int],
         winners: Sequence[int], *, tiebreak: str = "fewest-hand", accounts: Sequence[str | None] | None = None) -> int:
    """Record one finished game with these seats and results."""
    number = records.count() + 1
    n = len(seats)
    return records.add(key=f"t{number}:0", match_key=f"t{number}", game_index=0,
                       when=START + timedelta(hours=number), rules=Rules(n, tiebreak=tiebreak), seats=seats,
                       scores=scores, hand_sizes=[0] * n, display_sizes=list(scores), winners=winners, seed=None,
                       assisted=False, reason="hand-empty", transcript=_transcript(n), accounts=accounts)


def _now() -> Ratings:
    with open_records() as records:
        return rate(records.games())


def test_ann_beating_a_hard_bot_raises_her_rating_and_lowers_the_hard_bots() -> None:
    hard = NEW["bot:hard"].points
    with open_records() as records:
        _add(records, [("Ann", None), ("Hal", "hard")], [14, 3], [0])
    ratings = _now()
    ann = ratings.person("ann")  # names compare as at the table
    assert ann is not None and ann.name == "Ann" and ann.games == 1
    assert ann.mu > 25.0 and ann.points > 1000  # a new person's rating is 1000
    assert ratings.players["bot:hard"].points < hard
    assert ratings.players["bot:hard"].games == 1
    assert ratings.players["bot:easy"] == NEW["bot:easy"]  # not at the table: untouched


def test_people_who_share_a_win_share_a_rating_and_the_tie_break_separates_them() -> None:
    with open_records() as records:
        _add(records, [("Ann", None), ("Ben", None), ("Ada", "easy")], [8, 8, 2], [0, 1], tiebreak="shared")
    ratings = _now()
    ann, ben = ratings.person("Ann"), ratings.person("Ben")
    assert ann is not None and ben is not None
    assert (ann.mu, ann.sigma, ann.points) == (ben.mu, ben.sigma, ben.points)
    assert ann.mu > 25.0  # both beat the easy bot
    with open_records() as records:  # the same points, fewer cards in hand: Cy wins alone
        _add(records, [("Cy", None), ("Dee", None), ("Ada", "easy")], [8, 8, 2], [0])
    ratings = _now()
    cy, dee = ratings.person("Cy"), ratings.person("Dee")
    assert cy is not None and dee is not None and cy.mu > 25.0 and cy.mu > dee.mu
    assert places([8, 8, 2], [0, 1]) == [1, 1, 3] and places([8, 8, 2], [0]) == [1, 2, 3]
    assert places([3, 9, 3, -1], [1]) == [2, 1, 2, 4]  # equal points behind the winner share a place


def _many_games(records: Records, count: int, seed: int) -> None:
    rng = random.Random(seed)
    people = ["Ann", "Ben", "Cy", "Dee"]
    for _ in range(count):
        n = rng.randint(2, 5)
        seats = [(name, None) if rng.random() < 0.5 else (name, rng.choice(["easy", "normal", "hard"]))
                 for name in rng.sample(people + ["Ada", "Bix", "Cog"], k=n)]
        scores = [rng.randint(-10, 20) for _ in range(n)]
        best = max(scores)
        _add(records, seats, scores, [s for s in range(n) if scores[s] == best], tiebreak="shared")


def test_ratings_replayed_from_the_same_records_are_the_same_to_the_last_digit() -> None:
    with open_records() as records:
        _many_games(records, 60, seed=7)
    first = _now()
    with open_records() as records:
        games = records.games()
    again = rate(list(reversed(games)))  # replayed in the records' order, however they are handed over
    assert first.players == again.players
    assert len(first.people()) >= 4 and all(p.games for p in first.people())
    assert first.players != NEW  # the games moved something


def test_a_game_of_bots_only_changes_no_rating() -> None:
    with open_records() as records:
        _add(records, [("Ada", "easy"), ("Hal", "hard"), ("Nia", "normal")], [2, 12, 7], [1])
        assert records.count() == 1
    assert _now().players == NEW
    assert {level: (r.mu, r.sigma) for level, r in ((b.bot, b) for b in _now().bots())} == BOT_START


def test_an_account_keeps_its_rating_through_a_change_of_name_and_a_name_alone_is_someone_else() -> None:
    with open_records() as records:
        _add(records, [("Ann", None), ("Nia", "normal")], [10, 2], [0], accounts=["key:SHA256:abc", None])
        _add(records, [("Annie", None), ("Nia", "normal")], [9, 1], [0], accounts=["key:SHA256:abc", None])
        _add(records, [("Ann", None), ("Nia", "normal")], [1, 9], [1])  # at a hot-seat: no account
        games = records.games()
    assert games[0].accounts == ("key:SHA256:abc", None) and games[2].accounts == (None, None)
    ratings = _now()
    account = ratings.person("Annie", "key:SHA256:abc")
    assert account is not None and account.name == "Annie" and account.games == 2
    by_name = ratings.person("Ann")
    assert by_name is not None and by_name.games == 1 and by_name.mu < 25.0
    assert ratings.person("Annie") is None  # the account's name alone finds no one


def test_the_bot_levels_start_in_order_of_strength() -> None:
    easy, normal, hard = Ratings().bots()
    assert easy.points < normal.points < hard.points
    assert normal.mu == 25.0  # a new person starts at the normal bot's skill, only much less surely


# -- abluxxen stats ----------------------------------------------------------------------


def _stats(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    capsys.readouterr()
    status = main(["stats", *args])
    return status, capsys.readouterr().out


def _ann_between_hard_and_normal(games: int = 40) -> None:
    """Ann, game after game second: behind a hard bot, ahead of a normal one (and once with Ben)."""
    with open_records() as records:
        for _ in range(games):
            _add(records, [("Nia", "normal"), ("Ann", None), ("Hal", "hard")], [1, 6, 12], [2])
        _add(records, [("Ann", None), ("Ben", None)], [8, 3], [0])


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Rating: {ann} ({n} rated games)", "Between the normal bot ({normal}) and the hard bot ({hard})",
            "Rating", "Bots for comparison: easy {easy} · normal {normal} · hard {hard}")),
    ("de", ("Wertung: {ann} ({n} gewertete Partien)", "Zwischen den Bot-Stufen mittel ({normal}) und schwer ({hard})",
            "Wertung", "Bots zum Vergleich: leicht {easy} · mittel {normal} · schwer {hard}")),
])
def test_stats_shows_a_persons_rating_and_where_it_lies_among_the_bots(
        capsys: pytest.CaptureFixture[str], lang: str, words: tuple[str, str, str, str]) -> None:
    _ann_between_hard_and_normal()
    ratings = _now()
    ann, ben = ratings.person("Ann"), ratings.person("Ben")
    easy, normal, hard = ratings.bots()
    assert ann is not None and ben is not None and normal.points < ann.points < hard.points
    shown = {"ann": ann.points, "n": ann.games, "easy": easy.points, "normal": normal.points, "hard": hard.points}
    line, between, column, bots = (w.format(**shown) for w in words)
    status, out = _stats(capsys, "Ann", "--lang", lang)
    assert status == 0 and line in out and between in out
    status, out = _stats(capsys, "--lang", lang)  # Ann and Ben: a line each, and the bots
    lines = out.splitlines()
    first, second = (next(line for line in lines if line.startswith(name)) for name in ("Ann", "Ben"))
    head = lines[lines.index(first) - 1]  # the German header may take two lines
    assert status == 0 and head.split()[-1] == column and bots in out
    assert first.split()[0] == "Ann" and first.split()[-1] == str(ann.points)
    assert second.split()[0] == "Ben" and second.split()[-1] == str(ben.points)
    status, out = _stats(capsys, "--json")
    doc = json.loads(out)
    assert status == 0 and doc["players"][0]["rating"]["rating"] == ann.points
    assert doc["players"][0]["rating"]["between"] == ["normal", "hard"]
    assert [(b["level"], b["rating"]) for b in doc["bots"]] == [
        ("easy", easy.points), ("normal", normal.points), ("hard", hard.points)]


@pytest.mark.parametrize(("lang", "line"), [("en", "Below the easy bot ({easy}), the weakest"),
                                            ("de", "Unter der schwächsten Bot-Stufe: leicht ({easy})")])
def test_a_new_persons_rating_is_below_every_bot_until_games_make_it_surer(
        capsys: pytest.CaptureFixture[str], lang: str, line: str) -> None:
    with open_records() as records:
        _add(records, [("Ann", None), ("Hal", "hard")], [14, 3], [0])
    easy = _now().bots()[0]
    status, out = _stats(capsys, "Ann", "--lang", lang)
    assert status == 0 and line.format(easy=easy.points) in out
