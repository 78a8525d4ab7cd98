"""Engine speed: full random games and decisions per second, for 2-5 players.

Same as ``abluxxen bench``; run ``python benchmarks/engine_speed.py --help``.
"""

import sys

from abluxxen.cli.bench import main

if __name__ == "__main__":
    sys.exit(main())
