"""Kill real games at random moments and count what the records and saves still hold.

Each round starts ``abluxxen play`` with two easy bots in a pseudo-terminal,
kills it (SIGKILL: nothing of the program runs after it) at a random moment
between its start and twice the length of a typical game, then runs
``abluxxen stats --json``, the next command that opens the records. A game
is *lost* when it was played to the end but is neither recorded nor waiting
in a finished save; a game killed mid-play must leave a save that loads.

    python benchmarks/kill_run.py --rounds 60

Prints the kills, how many landed after the game's end (recorded then, or
by the next command), mid-play kills with a good save, and losses (0 is the
only good figure). Bounded: every round has its own time limit.
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
from pathlib import Path

import pexpect

from abluxxen.store.saves import SaveError, read_save

ARGS = ["-m", "abluxxen", "play", "--players", "bot:easy,bot:easy", "--delay", "0"]


def _env(data: Path) -> dict[str, str]:
    return dict(os.environ, ABLUXXEN_DATA_DIR=str(data), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm",
                LANG="C.UTF-8", LC_ALL="C.UTF-8")


def _game_seconds(data: Path) -> float:
    """How long a game takes from start to its "Play again" question (median of three)."""
    times = []
    for _ in range(3):
        started = time.monotonic()
        child = pexpect.spawn(sys.executable, ARGS, env=_env(data), encoding="utf-8", timeout=60)
        child.expect("Play again")
        times.append(time.monotonic() - started)
        child.send("n\r")
        child.expect(pexpect.EOF)
    return statistics.median(times)


def _recorded(data: Path) -> int:
    done = subprocess.run([sys.executable, "-m", "abluxxen", "stats", "--json"], env=_env(data),
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        raise SystemExit(f"stats failed: {done.stderr.strip()}")
    return len(json.loads(done.stdout)["games"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=60, help="games to kill (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the kill moments (default 1)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        span = _game_seconds(data) * 2.0
        recorded = _recorded(data)
        after_end = mid_play = lost = waited = 0
        for _ in range(args.rounds):
            child = pexpect.spawn(sys.executable, ARGS, env=_env(data), encoding="utf-8", timeout=60)
            # Read what it writes while waiting: a terminal nobody reads fills up and stops the game.
            child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=rng.uniform(0.2, span))
            os.kill(child.pid, signal.SIGKILL)
            child.expect(pexpect.EOF)
            child.close()
            saves = {p: _state(p) for p in data.glob("*.json")}
            finished = sum(state == "finished" for state in saves.values())
            now = _recorded(data)
            gained = now - recorded
            recorded = now
            if gained or finished:
                after_end += 1
                waited += finished > 0  # killed between the final save and the record
                lost += max(0, finished - gained)
            elif any(state == "playing" for state in saves.values()):
                mid_play += 1
            else:
                lost += 1 if any(state == "damaged" for state in saves.values()) else 0
            for path, state in saves.items():
                if state == "playing":
                    path.unlink()  # a good save mid-play: resumable, nothing lost; out of the next round's way
        waiting = sum(_state(p) == "finished" for p in data.glob("*.json"))
        print(f"kills {args.rounds} over 0.2–{span:.1f} s (a game takes {span / 2.0:.1f} s): "
              f"{after_end} after the game's end ({waited} of them before the record was written, recorded by "
              f"the next command), {mid_play} mid-play with a save that loads, "
              f"{args.rounds - after_end - mid_play} before the first save; "
              f"games recorded {recorded}, finished saves still waiting {waiting}, lost {lost}")
    return 0 if lost == 0 else 1


def _state(path: Path) -> str:
    try:
        saved = read_save(path)
    except SaveError as err:
        return "empty" if "empty" in str(err) else "damaged"
    return "finished" if saved.finished else "playing"


if __name__ == "__main__":
    sys.exit(main())
