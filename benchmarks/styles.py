"""Opponents of other styles, for checking a stronger hard bot (benchmarks only, never at the table).

A hard bot tuned against the normal bot alone could learn that bot's habits
rather than the game. These two play differently from it and from each
other, so a gain that holds against them too is strength:

* ``greedy``: the hard bot's rollout policy alone
  (:func:`~abluxxen.bots.quick.quick_action`), one move, no look-ahead: a
  quick, sensible player that takes what the table offers now;
* ``flat``: flat Monte Carlo, no tree and no heuristic choice of moves:
  every legal move is played out on the same deals (sampled from the view,
  uniformly) with the rollout policy, and the move with the best mean
  reward is played. Budget: ``think`` rollouts a decision (default
  :data:`FLAT_ROLLOUTS`), with the compiled rollouts where they are built.

Both read the game through their seat's :class:`View` only, and with a seed
the same view gives the same move, as every bot does. Both play with the
rollout policy's weights of issue 39's reference runs (:func:`reference_policy`),
whatever weights the hard bot's rollouts have since: a yardstick that moved
with the policy would measure nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from abluxxen.bots import Think, quick
from abluxxen.bots.common import rng_for
from abluxxen.bots.ismcts import ROLLOUT_NOISE, HardBot
from abluxxen.bots.quick import configured, quick_action, rollout
from abluxxen.bots.subtrees import rewards
from abluxxen.engine.view import View

FLAT_ROLLOUTS = 2000


@contextmanager
def policy_weights(players: int, weights: quick.Weights) -> Iterator[None]:
    """For the time of the ``with``: the rollout policy, Python and compiled, with ``weights`` in games
    of ``players`` (the other player counts keep theirs)."""
    if quick.weights_for(players) is weights:
        yield
        return
    # Whichever of quick's sets weights_for() hands out for this many players is the one replaced:
    # found by asking it, so that the rule of which set serves which count stays in quick.py alone.
    for name in ("DUEL_WEIGHTS", "WEIGHTS"):
        kept = getattr(quick, name)
        setattr(quick, name, weights)
        if quick.weights_for(players) is weights:
            break
        setattr(quick, name, kept)
    fast = configured()
    try:
        if fast is not None:
            fast.configure(*quick.configuration())
        yield
    finally:
        setattr(quick, name, kept)
        if fast is not None:
            fast.configure(*quick.configuration())


def reference_policy(players: int) -> AbstractContextManager[None]:
    """For the time of the ``with``: the rollout policy, Python and compiled, with the weights of the
    styles' reference runs (``quick.WEIGHTS`` at every player count; the duel's own weights came later)."""
    return policy_weights(players, quick.WEIGHTS)


class ReferenceHardBot(HardBot):
    """The hard bot with the rollout policy of the styles' reference runs (:func:`reference_policy`): the
    bot as it was before the duel had its own weights, to play the one it is now head to head."""

    level = "reference"

    def choose(self, view: View) -> str:
        """A legal move for the view's seat."""
        with reference_policy(view.players):
            return super().choose(view)


class GreedyBot:
    """The rollout policy's move on a deal of the view (it reads only the deciding seat's hand)."""

    level = "greedy"

    def __init__(self, *, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View) -> str:
        """A legal move for the view's seat."""
        rng = rng_for(self.seed, view)
        deal = view.sample(rng)
        with reference_policy(view.players):
            return deal.action_text(quick_action(deal, rng))


class FlatBot:
    """Flat Monte Carlo over every legal move, on shared deals, with the rollout policy."""

    level = "flat"

    def __init__(self, *, seed: int | None = None, think: Think | None = None) -> None:
        self.seed = seed
        self.rollouts = think if isinstance(think, int) and not isinstance(think, bool) else FLAT_ROLLOUTS

    def choose(self, view: View) -> str:
        """The legal move with the best mean reward over the deals."""
        moves = list(dict.fromkeys(view.legal_moves()))
        if len(moves) == 1:
            return moves[0]
        rng = rng_for(self.seed, view)
        totals = dict.fromkeys(moves, 0.0)
        with reference_policy(view.players):
            self._play_out(view, moves, rng, totals)
        return max(moves, key=lambda m: totals[m])

    def _play_out(self, view: View, moves: list[str], rng: random.Random, totals: dict[str, float]) -> None:
        """Add each move's reward on each deal to ``totals``."""
        fast = configured()
        for _ in range(max(1, self.rollouts // len(moves))):
            deal = view.sample(rng)
            seed = rng.getrandbits(32)
            for move in moves:
                game = deal.copy()
                game.push(move, seat=view.seat)
                if fast is not None and not game.is_over:
                    _, scores, sizes = fast.play_out(game, seed, ROLLOUT_NOISE, False)
                else:
                    rollout(game, random.Random(seed), ROLLOUT_NOISE)
                    scores, sizes = game.scores(), game.hand_sizes()
                totals[move] += rewards(scores, sizes, game.rules.tiebreak)[view.seat]
