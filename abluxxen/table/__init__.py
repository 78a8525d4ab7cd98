"""A game at a table of seats: the match, its moves, save and record, and every seat told.

Nothing here draws or reads keys; ``tui/`` is one front end around it.
"""

from .seats import BotSeat
from .table import Player, Seat, Table

__all__ = ["BotSeat", "Player", "Seat", "Table"]
