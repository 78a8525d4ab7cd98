"""The built-in bots: easy, normal and hard.

Bots read a game only through a :class:`~abluxxen.engine.view.View`, so they never
see other hands or the deck order::

    from abluxxen.bots import make_bot
    bot = make_bot("hard", seed=1, think=200)   # 200 iterations per decision
    move = bot.choose(game.view(seat))          # e.g. "play 7 7 X"
"""

from __future__ import annotations

import random
from typing import Protocol

from ..engine.view import View
from ..levels import LEVELS
from .easy import EasyBot
from .ismcts import DEFAULT_THINK, Advice, Budget, HardBot, Think, parse_think
from .normal import NormalBot, Reason, decide, reason_for

# The hard bot's seed for advice: a view gets the same advice every time.
ADVICE_SEED = 0


class Bot(Protocol):
    """What every bot offers."""

    level: str

    def choose(self, view: View) -> str:
        """A legal move, in the contract notation, for the seat the view belongs to."""
        ...


def make_bot(level: str, *, seed: int | None = None, think: Think | None = None) -> Bot:
    """A bot of the given level.

    Args:
        level: ``"easy"``, ``"normal"`` or ``"hard"``.
        seed: the same seed and the same view give the same move (for the
            hard bot with an iteration budget).
        think: the hard bot's budget per decision: ``float`` seconds,
            ``int`` iterations or a :class:`Budget` (default
            :data:`DEFAULT_THINK`: 8,000 iterations, 16,000 in a game for
            two, with the compiled search, an eighth of them without; under
            half a second). Other levels answer at once and ignore it.

    Raises:
        ValueError: for an unknown level or a bad budget.
    """
    if level == "easy":
        return EasyBot(seed=seed)
    if level == "normal":
        return NormalBot(seed=seed)
    if level == "hard":
        return HardBot(seed=seed, think=think)
    raise ValueError(f"bot level must be one of {', '.join(LEVELS)}, not {level!r}")


def vary(move: str, view: View, repeats: int) -> str:
    """A bot's move in a position seen ``repeats`` times before this game: another legal move each time.

    A bot answers a position the same way every time, so two bots that take
    their abluxxed sets back in turn would go round the same positions for
    ever (nothing in the rules ends it). On a repeat the next legal move in
    order is played instead, so every choice gets its turn and the game moves on.
    """
    if repeats <= 0:
        return move
    legal = view.legal_moves()
    if len(legal) < 2 or move not in legal:
        return move
    return legal[(legal.index(move) + repeats) % len(legal)]


def hint(view: View) -> tuple[str, Reason]:
    """What the normal bot would play here, and why (``str(reason)`` is English): at once.

    Raises:
        ValueError: when the view's seat has no decision to make.
    """
    return decide(view, random.Random(0))


def advise(view: View, *, think: Think | None = None) -> tuple[str, Reason]:
    """What the hard bot would play here, and why (``str(reason)`` is English): the table's ``hint``.

    The hard bot plays the normal bot's favourite unless its search finds a
    move clearly better, so the reason is the normal bot's when the two
    agree; else it is the search's: the move did better than the favourite
    in the games it played out from the seat's view (reason ``search``,
    details ``instead``: the favourite, ``deals``: how many games). It
    reads only the view, as every bot does, and the same view always gets
    the same advice. It takes as long as the hard bot's move: about a tenth
    of a second with the compiled search at the default budget.

    Args:
        view: the deciding seat's view.
        think: the search's budget (default :data:`DEFAULT_THINK`).

    Raises:
        ValueError: when the view's seat has no decision to make.
    """
    advice = advice_for(view, think=think)
    if advice.move != advice.favourite:
        return advice.move, Reason.of("search", instead=advice.favourite, deals=advice.deals)
    return advice.move, reason_for(view, advice.move)


def advice_for(view: View, *, think: Think | None = None) -> Advice:
    """The hard bot's move here as the hint searches it (seeded by :data:`ADVICE_SEED`), with the
    favourite it was weighed against: what :func:`advise` words, and what the review rates against.

    Raises:
        ValueError: when the view's seat has no decision to make.
    """
    return HardBot(seed=ADVICE_SEED, think=think).advise(view)


__all__ = ["Bot", "make_bot", "vary", "hint", "advise", "advice_for", "Advice", "ADVICE_SEED", "Reason", "LEVELS",
           "EasyBot", "NormalBot", "HardBot", "parse_think", "DEFAULT_THINK", "Budget", "Think"]
