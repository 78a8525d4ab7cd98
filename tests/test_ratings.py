"""Ratings of people and bot levels in one pool: what a player finds after recorded games."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers import bots_game

from abluxxen import Rules
from abluxxen.cli.main import main
from abluxxen.store import ratings as ratings_module
from abluxxen.store.ratings import BOT_START, Placing, Rating, Ratings, places, rate, recorded_ratings
from abluxxen.store.records import Records, open_records
from abluxxen.store.records_db import records_path

START = datetime(2026, 1, 1, tzinfo=UTC)
NEW = Ratings().players  # the pool before any game: the bot levels at their start


def _add(records: Records, seats: Sequence[tuple[str, str | None]], scores: Sequence[int],
         winners: Sequence[int], *, tiebreak: str = "fewest-hand", accounts: Sequence[str | None] | None = None,
         match: str | None = None, decisions: Sequence[tuple[int, int]] | None = None) -> int:
    """Record one finished game with these seats and results."""
    number = records.count() + 1
    n = len(seats)
    match = match or f"t{number}"
    return records.add(key=f"{match}:0", match_key=match, game_index=0,
                       when=START + timedelta(hours=number), rules=Rules(n, tiebreak=tiebreak), seats=seats,
                       scores=scores, hand_sizes=[0] * n, display_sizes=list(scores), winners=winners, seed=None,
                       assisted=False, reason="hand-empty", transcript=bots_game(n), accounts=accounts,
                       decisions=decisions)


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


@pytest.mark.parametrize(("decisions", "stood_in", "rated"), [
    (10, 4, True),    # 6 of 10 her own: most
    (10, 5, False),   # half: not most
    (11, 5, True),
    (11, 6, False),
    (1, 1, False),
    (0, 0, True),     # recorded before decisions were counted: her own, as it was rated then
    (30, 0, True),
])
def test_a_persons_seat_is_rated_only_when_she_made_most_of_its_decisions(
        decisions: int, stood_in: int, rated: bool) -> None:
    with open_records() as records:
        _add(records, [("Ann", None), ("Nia", "normal")], [9, 2], [0], decisions=[(decisions, stood_in), (12, 0)])
    ratings = _now()
    assert (ratings.person("Ann") is not None) == rated
    assert (ratings.players["bot:normal"] != NEW["bot:normal"]) == rated  # the bot gains nothing by its stand-in


def test_a_seat_a_stand_in_played_is_left_out_and_the_others_are_rated_as_if_it_had_not_been_there(
        capsys: pytest.CaptureFixture[str]) -> None:
    with open_records() as records:
        _add(records, [("Ann", None), ("Ben", None), ("Hal", "hard")], [14, 6, 3], [0],
             decisions=[(40, 30), (40, 0), (40, 0)])
    with_stand_in = _now()
    assert with_stand_in.person("Ann") is None
    with open_records() as records:  # the same game without Ann, for another pool
        games = records.games()
    assert [s["rated"] for s in _json_seats(capsys)] == [False, True, True]
    alone = Ratings()
    alone.add([Placing("name:ben", "Ben", None, 1), Placing("bot:hard", "hard", "hard", 2)])
    assert with_stand_in.players["name:ben"] == alone.players["name:ben"]
    assert with_stand_in.players["bot:hard"] == alone.players["bot:hard"]
    assert ratings_module.rated_seats(games[0]) == [1, 2]
    for lang, line in (("en", "1 game played mostly by a stand-in bot: not rated"),
                       ("de", "1 Partie meist von einem Ersatz-Bot gespielt: nicht gewertet")):
        status, out = _stats(capsys, "Ann", "--lang", lang)
        assert status == 0 and line in out
    with open_records() as records:  # two seats, one a stand-in's: nobody is rated by it
        _add(records, [("Cy", None), ("Ben", None)], [8, 3], [0], decisions=[(20, 15), (20, 0)])
    ratings = _now()
    assert ratings.person("Cy") is None and ratings.players["name:ben"] == alone.players["name:ben"]
    status, out = _stats(capsys, "--json")
    stood_in = {p["name"]: p["stood_in"] for p in json.loads(out)["players"]}
    assert status == 0 and stood_in == {"Ann": 1, "Ben": 0, "Cy": 1}


def _json_seats(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    status, out = _stats(capsys, "--json")
    assert status == 0
    seats: list[dict[str, object]] = json.loads(out)["games"][0]["seats"]
    return seats


def test_the_bot_levels_start_in_order_of_strength() -> None:
    easy, normal, hard = Ratings().bots()
    assert easy.points < normal.points < hard.points
    assert normal.mu == 25.0  # a new person starts at the normal bot's skill, only much less surely
    model = ratings_module.model()
    assert (model.mu, model.sigma) == (ratings_module.MU, ratings_module.SIGMA)  # a new person as the model has it


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
            "Rating", "Bots for comparison: easy {easy} · normal {normal} · hard {hard}",
            "?: provisional, fewer than 20 rated games")),
    ("de", ("Spielstärke: {ann} ({n} gewertete Partien)",
            "Zwischen den Bot-Stufen mittel ({normal}) und schwer ({hard})",
            "Spielstärke", "Bots zum Vergleich: leicht {easy} · mittel {normal} · schwer {hard}",
            "?: vorläufig, weniger als 20 gewertete Partien")),
])
def test_stats_shows_a_persons_rating_and_where_it_lies_among_the_bots(
        capsys: pytest.CaptureFixture[str], lang: str, words: tuple[str, str, str, str, str]) -> None:
    _ann_between_hard_and_normal()
    ratings = _now()
    ann, ben = ratings.person("Ann"), ratings.person("Ben")
    easy, normal, hard = ratings.bots()
    assert ann is not None and ben is not None and normal.points < ann.points < hard.points
    shown = {"ann": ann.points, "n": ann.games, "easy": easy.points, "normal": normal.points, "hard": hard.points}
    line, between, column, bots, note = (w.format(**shown) for w in words)
    status, out = _stats(capsys, "Ann", "--lang", lang)
    assert status == 0 and line in out and between in out
    status, out = _stats(capsys, "--lang", lang)  # Ann and Ben: a line each, and the bots
    lines = out.splitlines()
    first, second = (next(line for line in lines if line.startswith(name)) for name in ("Ann", "Ben"))
    head = lines[lines.index(first) - 1]  # the German header may take two lines
    assert status == 0 and head.split()[-1] == column and bots in out
    assert first.split()[0] == "Ann" and first.split()[-1] == str(ann.points)
    # Ben's one game makes a provisional rating: marked, and the mark explained under the table.
    assert second.split()[0] == "Ben" and second.split()[-1] == f"{ben.points}?" and ann.games == 41
    assert note in out
    status, out = _stats(capsys, "--json")
    doc = json.loads(out)
    assert status == 0 and doc["players"][0]["rating"]["rating"] == ann.points
    assert doc["players"][0]["rating"]["between"] == ["normal", "hard"]
    assert [(b["level"], b["rating"]) for b in doc["bots"]] == [
        ("easy", easy.points), ("normal", normal.points), ("hard", hard.points)]


@pytest.mark.parametrize(("lang", "line", "mean"), [
    ("en", "Rating: {points} (provisional: 1 of 20 rated games)", "Points: mean -2.5"),
    ("de", "Spielstärke: {points} (vorläufig: 1 von 20 gewerteten Partien)", "Punkte: Schnitt -2,5"),
])
def test_stats_counts_rated_games_and_writes_decimals_the_languages_way(
        capsys: pytest.CaptureFixture[str], lang: str, line: str, mean: str) -> None:
    # "Wertung" is the rulebooks' scoring at a game's end: the German rating has a word of its own.
    with open_records() as records:
        _add(records, [("Ann", None), ("Nia", "normal")], [-2, 9], [1])
    ann = _now().person("Ann")
    assert ann is not None and ann.games == 1
    status, out = _stats(capsys, "Ann", "--lang", lang)
    assert status == 0 and line.format(points=ann.points) in out
    with open_records() as records:
        _add(records, [("Ann", None), ("Nia", "normal"), ("Ben", None)], [-3, 9, 1], [1])
    status, out = _stats(capsys, "Ann", "--lang", lang)
    assert status == 0 and mean in out
    status, out = _stats(capsys, "--lang", lang)
    row = next(r for r in out.splitlines() if r.startswith("Ann"))
    assert status == 0 and mean.split()[-1] in row.split()


def test_stats_finds_a_club_members_rating_by_the_account_of_their_name(capsys: pytest.CaptureFixture[str]) -> None:
    with open_records() as records:  # the club records Ann's games with her account, Ben's with his
        for _ in range(3):
            _add(records, [("Ann", None), ("Ben", None), ("Nia", "normal")], [9, 2, 5], [0],
                 accounts=["key:SHA256:ann", "key:SHA256:ben", None])
    ratings = _now()
    ann, ben = ratings.person("Ann", "key:SHA256:ann"), ratings.person("Ben", "key:SHA256:ben")
    assert ann is not None and ben is not None and ann.points > ben.points
    status, out = _stats(capsys, "--lang", "en")
    lines = {line.split()[0]: line.split()[-1] for line in out.splitlines() if line[:3] in ("Ann", "Ben")}
    assert status == 0 and lines == {"Ann": f"{ann.points}?", "Ben": f"{ben.points}?"}  # provisional
    status, out = _stats(capsys, "Ann", "--lang", "en")
    assert status == 0 and f"Rating: {ann.points} (provisional: 3 of 20 rated games)" in out
    status, out = _stats(capsys, "--json")
    assert [p["rating"]["rating"] for p in json.loads(out)["players"]] == [ann.points, ben.points]


@pytest.mark.parametrize(("lang", "provisional", "unsettled", "below"), [
    ("en", "Rating: {ann} (provisional: 1 of 20 rated games)", "Not compared with the bots yet",
     "Below the easy bot ({easy}), the weakest"),
    ("de", "Spielstärke: {ann} (vorläufig: 1 von 20 gewerteten Partien)", "Noch kein Vergleich mit den Bots",
     "Unter der schwächsten Bot-Stufe: leicht ({easy})"),
])
def test_a_rating_of_few_games_is_shown_as_provisional_not_judged_against_the_bots_until_it_settles(
        capsys: pytest.CaptureFixture[str], lang: str, provisional: str, unsettled: str, below: str) -> None:
    # Ann beats the hard bot in her first game: her rating (low on purpose, unsure) is no verdict yet.
    with open_records() as records:
        _add(records, [("Ann", None), ("Hal", "hard")], [14, 3], [0])
    ratings = _now()
    ann, easy = ratings.person("Ann"), ratings.bots()[0]
    assert ann is not None and ann.points < easy.points
    status, out = _stats(capsys, "Ann", "--lang", lang)
    assert status == 0 and provisional.format(ann=ann.points) in out and unsettled in out
    assert below.format(easy=easy.points) not in out and ann.provisional
    status, out = _stats(capsys, "Ann", "--json")
    rating = json.loads(out)["players"][0]["rating"]
    assert (rating["rating"], rating["games"], rating["provisional"]) == (ann.points, 1, True)
    # Twenty rated games settle it: from then on it is compared with the bots.
    with open_records() as records:
        for _ in range(19):
            _add(records, [("Ann", None), ("Eda", "easy")], [3, 9], [1])
    ratings = _now()
    ann, easy = ratings.person("Ann"), ratings.bots()[0]
    assert ann is not None and ann.games == 20 and not ann.provisional and ann.points < easy.points
    status, out = _stats(capsys, "Ann", "--lang", lang)
    assert status == 0 and below.format(easy=easy.points) in out and unsettled not in out


# -- the ratings kept in the records -------------------------------------------------------


def _replayed() -> list[tuple[str, Rating]]:
    """The ratings a full replay of the records gives, in the order the pool met the players."""
    with open_records() as records:
        return list(rate(records.games()).players.items())


def _stored() -> list[tuple[str, Rating]]:
    """The ratings as a reader of the records gets them (the stored ones and the games since)."""
    with open_records() as records:
        return list(recorded_ratings(records).players.items())


def _rated_games(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the games each later reading rates: one number per call of Ratings.add."""
    rated: list[int] = []
    add = Ratings.add

    def counting(self: Ratings, seats: Sequence[Placing], *, bots_only: bool = False) -> bool:
        rated.append(1)
        return add(self, seats, bots_only=bots_only)

    monkeypatch.setattr(Ratings, "add", counting)
    return rated


def test_ratings_read_between_batches_of_games_are_a_full_replay_to_the_last_digit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rated = _rated_games(monkeypatch)
    for batch, count in enumerate((25, 1, 0, 40)):
        with open_records() as records:
            _many_games(records, count, seed=batch)
        rated.clear()
        stored = _stored()
        assert len(rated) == count  # this reading rated the new games only
        assert stored == _replayed()
    assert _stored() == _replayed() and len(_replayed()) > len(NEW)


def test_stored_ratings_of_another_model_or_other_starts_are_computed_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    with open_records() as records:
        _many_games(records, 20, seed=3)
    before = _stored()
    monkeypatch.setitem(BOT_START, "hard", (30.0, 2.0))  # the bots calibrated again
    assert _stored() == _replayed() != before
    rated = _rated_games(monkeypatch)
    monkeypatch.setattr(ratings_module, "READING", ratings_module.READING + 1)  # the records read otherwise
    assert _stored() == _replayed()
    assert len(rated) == 2 * 20  # every game rated anew (and again by the replay)


@pytest.mark.parametrize("damage", [
    "DROP TABLE ratings", "DROP TABLE ratings_basis", "DELETE FROM ratings_basis",
    "UPDATE ratings SET mu = 'x' WHERE key = 'bot:easy'", "UPDATE ratings SET sigma = -1",
    "DELETE FROM ratings WHERE key = 'bot:hard'", "UPDATE ratings SET name = 'Ann' || char(27) || '[2J'",
    "UPDATE ratings SET bot = 'hard' WHERE key LIKE 'name:%'", "INSERT INTO ratings_basis SELECT * FROM ratings_basis",
    "UPDATE ratings_basis SET skipped = 'x'", "UPDATE ratings_basis SET last = 'x'",
    "DROP TABLE ratings; CREATE TABLE ratings (a)",
])
def test_a_damaged_or_missing_ratings_table_is_rebuilt_and_stats_answers(
        capsys: pytest.CaptureFixture[str], damage: str) -> None:
    with open_records() as records:
        _many_games(records, 10, seed=4)
    _stored()
    with sqlite3.connect(records_path()) as con:
        con.executescript(damage)
    con.close()
    assert _stored() == _replayed()
    with open_records() as records:
        assert None not in records.stored_ratings()  # whole again
    status, out = _stats(capsys, "--json")
    assert status == 0 and json.loads(out)["players"]


def test_games_removed_replaced_or_damaged_by_hand_are_rated_as_a_replay_rates_them() -> None:
    with open_records() as records:
        _many_games(records, 12, seed=5)
    _stored()
    with sqlite3.connect(records_path()) as con:  # the last game removed: the next one takes its number
        con.execute("DELETE FROM seats WHERE game = 12")
        con.execute("DELETE FROM transcripts WHERE game = 12")
        con.execute("DELETE FROM games WHERE number = 12")
    con.close()
    with open_records() as records:
        _add(records, [("Ann", None), ("Hal", "hard")], [14, 3], [0], match="new")
        assert records.games()[-1].number == 12
    assert _stored() == _replayed()
    with sqlite3.connect(records_path()) as con:  # an old game spoilt: every reading leaves it out
        con.execute("UPDATE games SET variant = 'x' WHERE number = 3")
    con.close()
    assert _stored() == _replayed()
    with sqlite3.connect(records_path()) as con:  # and mended
        con.execute("UPDATE games SET variant = 'base' WHERE number = 3")
    con.close()
    assert _stored() == _replayed()


def test_older_ratings_stored_late_never_replace_newer_ones() -> None:
    with open_records() as records:
        _many_games(records, 6, seed=6)
        recorded_ratings(records)
        basis, rows = records.stored_ratings()
        assert basis is not None and rows is not None
        _many_games(records, 6, seed=7)
        recorded_ratings(records)
        # A slower reader of the older games, which read nothing stored: its ratings are not stored.
        assert not records.store_ratings(basis, rows, replacing=None)
        new, _ = records.stored_ratings()
        assert new is not None and new.last == 12
    assert _stored() == _replayed()


WRITER = """
import sys
from pathlib import Path
sys.path.insert(0, {tests!r})
import test_ratings
from abluxxen.store.records import open_records
for batch in range(15):
    with open_records(Path({directory!r})) as records:
        test_ratings._many_games(records, 2, seed=batch)
"""
READER = """
from pathlib import Path
from abluxxen.store.ratings import recorded_ratings
from abluxxen.store.records import open_records
for _ in range(30):
    with open_records(Path({directory!r})) as records:
        recorded_ratings(records)
"""


@pytest.mark.timeout(240)  # the two processes are given 120 s
def test_a_club_recording_games_while_stats_reads_them_corrupts_and_double_counts_nothing() -> None:
    directory = str(records_path().parent)
    with open_records() as records:
        _many_games(records, 1, seed=99)  # the file exists: both processes open the same one
    tests = str(Path(__file__).parent)
    running = [subprocess.Popen([sys.executable, "-c", code.format(tests=tests, directory=directory)])
               for code in (WRITER, READER)]
    assert [p.wait(timeout=120) for p in running] == [0, 0]
    with open_records() as records:
        assert records.count() == 31
    assert _stored() == _replayed()
