"""Abluxxen (Kramer & Kiesling) — the rules engine and terminal game.

The engine (this package's top level) uses the standard library only::

    from abluxxen import Game, Rules, IllegalMove
"""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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

# Where each name of the way in lives. They are loaded when first asked for, not with the package:
# every command imports the package, and `abluxxen rules` (which needs no engine) must start fast.
_HOMES = {"Event": "events", "Game": "game", "Match": "match", "IllegalMove": "moves", "Move": "moves",
          "Rules": "rules", "Outcome": "state", "Transcript": "transcript", "View": "view"}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".engine.{home}", __name__), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


# A library logs nowhere unless its program says where (the host and club: their log file); never over a
# game on the terminal (logging's last resort writes to stderr).
logging.getLogger(__name__).addHandler(logging.NullHandler())
