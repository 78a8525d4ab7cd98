"""A game at a table of seats: the match, its moves, save and record, and every seat told.

Nothing here draws or reads keys; ``tui/`` is one front end around it.
"""

from .seats import BotSeat
from .table import Front, Listener, Player, Table, Undone, run_now

__all__ = ["BotSeat", "Front", "Listener", "Player", "Table", "Undone", "run_now"]
