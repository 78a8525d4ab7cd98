"""A game at a table of seats: the match, its moves, save and record, and every seat told.

Nothing here draws or reads keys; ``tui/`` is one front end around it.
"""

from .table import Seat, Table

__all__ = ["Seat", "Table"]
