"""Abluxxen (Kramer & Kiesling) — the rules engine and terminal game.

The engine (this package's top level) uses the standard library only::

    from abluxxen import Game, Rules, IllegalMove
"""

from .events import Event
from .game import Game
from .match import Match
from .moves import IllegalMove, Move
from .rules import Rules
from .state import Outcome
from .transcript import Transcript
from .view import View

__all__ = ["Game", "Rules", "IllegalMove", "Move", "View", "Event", "Outcome", "Match", "Transcript"]
__version__ = "0.1.0"
