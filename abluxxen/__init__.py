"""Abluxxen (Kramer & Kiesling) — the rules engine and terminal game.

The engine (this package's top level) uses the standard library only::

    from abluxxen import Game, Rules, IllegalMove
"""

import logging

from .engine.events import Event
from .engine.game import Game
from .engine.match import Match
from .engine.moves import IllegalMove, Move
from .engine.rules import Rules
from .engine.state import Outcome
from .engine.transcript import Transcript
from .engine.view import View

__all__ = ["Game", "Rules", "IllegalMove", "Move", "View", "Event", "Outcome", "Match", "Transcript"]
__version__ = "0.1.0"

# A library logs nowhere unless its program says where (the host and club: their log file); never over a
# game on the terminal (logging's last resort writes to stderr).
logging.getLogger(__name__).addHandler(logging.NullHandler())
