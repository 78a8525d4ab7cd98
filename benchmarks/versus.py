"""This checkout's engine and hard bot against an older commit's, side by side.

Two figures, each timed in fresh interpreters that alternate between the old
code (unpacked from git with ``git archive``) and this checkout, so that a
busy machine slows both alike:

* ``hard think=150``: seconds for the hard bot to decide, at a fixed budget
  of 150 iterations, on the same play positions (views taken from seeded
  games between normal bots);
* ``random 4p string``: random four-player games through the public string
  API, ``rng.choice(game.legal_moves())`` then ``game.push(move)``, on the
  same deals; games per second.

Each round runs old then new (or new then old, alternating); the script
prints the median of each side and the ratio of the medians (new over old
for games per second, old over new for seconds: above 1 means faster).

    python benchmarks/versus.py                    # against dc759f7, 7 rounds
    python benchmarks/versus.py --ref HEAD~3 --rounds 11
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs inside the interpreter being measured; prints one JSON figure. Uses only
# names both old and new code have: Game, Rules, make_bot, View.phase.
_HARD = """
import json, sys, time
from abluxxen import Game, Rules
from abluxxen.bots import make_bot
positions, seed = int(sys.argv[1]), int(sys.argv[2])
views, deal, normal = [], seed, make_bot("normal", seed=seed)
while len(views) < positions:
    game = Game.new(Rules(4), seed=deal)
    deal += 1
    turn = 0
    while not game.is_over:
        seat = game.to_move
        view = game.view(seat)
        # A text before the Phase enum, an IntEnum (whose str() is its number) since.
        if getattr(view.phase, "text", view.phase) == "play" and len(view.legal_actions()) > 1:
            turn += 1
            if turn % 3 == 0 and len(views) < positions:
                views.append(view)
        game.push(normal.choose(view), seat=seat)
moves = []
start = time.perf_counter()
for i, view in enumerate(views):
    moves.append(make_bot("hard", seed=i, think=150).choose(view))
print(json.dumps({"seconds": time.perf_counter() - start, "moves": moves}))
"""

_RANDOM = """
import json, random, sys, time
from abluxxen import Game, Rules
games, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
rules = Rules(4)
moves = 0
start = time.perf_counter()
for deal in range(seed, seed + games):
    game = Game.new(rules, seed=deal)
    while not game.is_over:
        game.push(rng.choice(game.legal_moves()))
        moves += 1
print(json.dumps({"seconds": time.perf_counter() - start, "moves": moves}))
"""


def unpack(ref: str, into: Path) -> Path:
    """The package ``abluxxen`` of commit ``ref``, unpacked under ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref, "abluxxen"],
                             check=True, capture_output=True).stdout
    tar_path = into / "ref.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into, filter="data")
    return into


def measure(code: str, where: Path, *args: int) -> dict[str, object]:
    """Run ``code`` with ``where`` first on the import path; its JSON figure."""
    env = dict(os.environ, PYTHONPATH=str(where), PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", code, *map(str, args)], env=env, cwd=where,
                          capture_output=True, text=True, check=True)
    figure: dict[str, object] = json.loads(done.stdout)
    return figure


def main(argv: list[str] | None = None) -> int:
    """Print medians and ratios."""
    parser = argparse.ArgumentParser(prog="versus", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--ref", default="dc759f7", help="the older commit (default dc759f7)")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (default 7)")
    parser.add_argument("--positions", type=int, default=20, help="hard-bot positions (default 20)")
    parser.add_argument("--games", type=int, default=300, help="random games per round (default 300)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        old = unpack(args.ref, Path(tmp))
        sides = {"old": old, "new": ROOT}
        hard: dict[str, list[float]] = {"old": [], "new": []}
        rate: dict[str, list[float]] = {"old": [], "new": []}
        same_moves = True
        for round_ in range(args.rounds):
            order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
            chosen = {}
            for side in order:
                figure = measure(_HARD, sides[side], args.positions, 0)
                hard[side].append(float(figure["seconds"]))  # type: ignore[arg-type]
                chosen[side] = figure["moves"]
                figure = measure(_RANDOM, sides[side], args.games, round_ * args.games)
                rate[side].append(args.games / float(figure["seconds"]))  # type: ignore[arg-type]
            same_moves = same_moves and chosen["old"] == chosen["new"]
            print(f"round {round_ + 1}/{args.rounds}: hard old {hard['old'][-1]:.2f} s new {hard['new'][-1]:.2f} s; "
                  f"random old {rate['old'][-1]:,.0f} new {rate['new'][-1]:,.0f} games/s", file=sys.stderr)
    h_old, h_new = statistics.median(hard["old"]), statistics.median(hard["new"])
    r_old, r_new = statistics.median(rate["old"]), statistics.median(rate["new"])
    print(f"against {args.ref}, medians of {args.rounds} alternating rounds, one core each:")
    print(f"  hard think=150, {args.positions} positions: old {h_old:.2f} s, new {h_new:.2f} s, "
          f"speed-up {h_old / h_new:.2f}x")
    print(f"  random 4p via legal_moves()+push(str), {args.games} games: old {r_old:,.0f}/s, "
          f"new {r_new:,.0f}/s, speed-up {r_new / r_old:.2f}x")
    print(f"  hard bot's moves {'identical' if same_moves else 'DIFFER'} on every position")
    return 0


if __name__ == "__main__":
    sys.exit(main())
