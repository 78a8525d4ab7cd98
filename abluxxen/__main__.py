"""``python -m abluxxen`` works like ``abluxxen``."""

import sys

from .cli import main

sys.exit(main())
