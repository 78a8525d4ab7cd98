"""Kill real games at random moments, finish what they left, and count what the records hold.

Each round starts ``abluxxen play`` in a pseudo-terminal, with two easy bots
or a hard bot against an easy one (the rounds take turns), and kills it
(SIGKILL: nothing of the program runs after it) at a random moment between
its start and twice the length of such a game. A save it left mid-play is
then resumed (``abluxxen resume FILE``) and played to its end, as a person
would; then ``abluxxen stats --json``, the next command that opens the
records, runs.

Every game that got as far as its first save must end up recorded exactly
once. A game is *lost* when it is neither recorded nor waiting in a finished
save (or its save does not load, or does not resume to its end); a
*duplicate* is a game recorded more than once (two records of one deal: the
same seed and seats).

    python benchmarks/kill_run.py --rounds 20

Prints the kills by kind of game and by moment (before the first save,
mid-play, after the game's end, and how many of those landed between the
final save and the record), the saves resumed and finished, the games
recorded, losses and duplicates (0 and 0 are the only good figures).
Bounded: every round has its own time limits.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pexpect

from abluxxen.store.save_document import SaveError
from abluxxen.store.saves import read_save

#: The tables the rounds take turns at: two easy bots, and the hard bot against an easy one.
TABLES = ("bot:easy,bot:easy", "bot:hard,bot:easy")
#: Seconds a round's game (or a resumed one) may take before it counts as stuck.
LIMIT = 300


@dataclass
class Round:
    """What one killed game left, and what became of it.

    Attributes:
        table: the players.
        moment: when the kill landed: ``before-save``, ``mid-play`` or ``after-end``.
        waited: killed between the final save and the record (the next command recorded it).
        resumed: saves left mid-play that were resumed and played to their end.
        recorded: records the round added (1 for every game that got as far as a save).
        lost: games neither recorded nor resumable to their end.
    """

    table: str
    moment: str
    waited: bool = False
    resumed: int = 0
    recorded: int = 0
    lost: int = 0


def _env(data: Path) -> dict[str, str]:
    return dict(os.environ, ABLUXXEN_DATA_DIR=str(data), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm",
                LANG="C.UTF-8", LC_ALL="C.UTF-8")


def _abluxxen(data: Path, *args: str) -> Any:
    return pexpect.spawn(sys.executable, ["-m", "abluxxen", *args], env=_env(data), encoding="utf-8",
                         timeout=LIMIT, dimensions=(24, 80))


def _play(data: Path, table: str) -> Any:
    return _abluxxen(data, "play", "--players", table, "--delay", "0")


def _to_the_end(child: Any) -> bool:
    """Let a game run to its score screen and decline another; whether it got there."""
    try:
        child.expect("Play again")
        child.send("n\r")
        child.expect(pexpect.EOF)
    except (pexpect.TIMEOUT, pexpect.EOF):
        child.close(force=True)
        return False
    child.close()
    return bool(child.exitstatus == 0)


def game_seconds(data: Path, table: str) -> float:
    """How long a game at ``table`` takes from its start to its "Play again" question (median of three);
    each is recorded."""
    times = []
    for _ in range(3):
        started = time.monotonic()
        if not _to_the_end(_play(data, table)):
            raise SystemExit(f"a game of {table} did not reach its end")
        times.append(time.monotonic() - started)
    return statistics.median(times)


def recorded_games(data: Path) -> list[dict[str, Any]]:
    """The recorded games, as ``abluxxen stats --json`` prints them (it records waiting finished saves first)."""
    done = subprocess.run([sys.executable, "-m", "abluxxen", "stats", "--json"], env=_env(data),
                          capture_output=True, text=True, timeout=LIMIT, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise SystemExit(f"stats failed: {done.stderr.strip()}")
    games: list[dict[str, Any]] = json.loads(done.stdout)["games"]
    return games


def duplicates(games: list[dict[str, Any]]) -> int:
    """Records beyond the first of one game: the same deal (seed) at the same seats, recorded again."""
    deals = Counter((g["seed"], tuple(s["name"] for s in g["seats"])) for g in games if g["seed"] is not None)
    return sum(count - 1 for count in deals.values())


def kill_round(data: Path, table: str, wait: Callable[[Any], None]) -> Round:
    """Start a game at ``table``, kill it once ``wait(child)`` returns, resume what it left mid-play to
    its end, and count the records it added. ``data`` holds no save before (the round leaves none)."""
    before = len(recorded_games(data))
    child = _play(data, table)
    wait(child)
    os.kill(child.pid, signal.SIGKILL)
    child.expect(pexpect.EOF)
    child.close()
    states = {path: _state(path) for path in data.glob("*.json")}
    finished = sum(state == "finished" for state in states.values())
    playing = [path for path, state in states.items() if state == "playing"]
    moment = "after-end" if finished or len(recorded_games(data)) > before else (
        "mid-play" if playing else "before-save")
    result = Round(table, moment, waited=finished > 0)
    for path in playing:
        if _to_the_end(_abluxxen(data, "resume", str(path))):
            result.resumed += 1
    result.recorded = len(recorded_games(data)) - before
    if moment != "before-save":
        result.lost = max(0, 1 - result.recorded)
    result.lost += sum(state == "damaged" for state in states.values())
    for path in data.glob("*.json"):  # out of the next round's way (an empty file a kill left, say)
        if _state(path) != "finished":
            path.unlink()
    return result


def _state(path: Path) -> str:
    try:
        saved = read_save(path)
    except SaveError as err:
        return "empty" if "empty" in str(err) else "damaged"
    return "finished" if saved.finished else "playing"


def report(rounds: list[Round], spans: dict[str, float], games: list[dict[str, Any]]) -> str:
    """The figures of a run, one line per table and one in all."""
    lines = []
    for table in TABLES:
        mine = [r for r in rounds if r.table == table]
        moments = Counter(r.moment for r in mine)
        lines.append(f"{table}: kills {len(mine)} over 0.2–{2 * spans[table]:.1f} s (a game takes "
                     f"{spans[table]:.1f} s): {moments['before-save']} before the first save, "
                     f"{moments['mid-play']} mid-play, {moments['after-end']} after the game's end "
                     f"({sum(r.waited for r in mine)} of them before the record was written); "
                     f"saves resumed to their end {sum(r.resumed for r in mine)}; "
                     f"recorded {sum(r.recorded for r in mine)}; lost {sum(r.lost for r in mine)}")
    lines.append(f"in all: games recorded {len(games)} (the timing games included), "
                 f"lost {sum(r.lost for r in rounds)}, duplicate records {duplicates(games)}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=20, help="games to kill, the tables taking turns (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the kill moments (default 1)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        spans = {table: game_seconds(data, table) for table in TABLES}
        rounds = []
        for number in range(args.rounds):
            table = TABLES[number % len(TABLES)]
            moment = rng.uniform(0.2, 2 * spans[table])

            def wait(child: Any, seconds: float = moment) -> None:
                # Read what it writes meanwhile: a terminal nobody reads fills up and stops the game.
                child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=seconds)

            rounds.append(kill_round(data, table, wait))
        games = recorded_games(data)
        print(report(rounds, spans, games))
    return 0 if sum(r.lost for r in rounds) == 0 and duplicates(games) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
