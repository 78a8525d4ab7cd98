"""The hard bot's information-set trees: one below each root move of a decision.

An iteration plays a root move on a deal (a determinization), descends the
move's tree by UCT over information sets, adds one node, plays the game to
its end with the rollout policy and backs every seat's reward up the path:

* a node is reached by a sequence of moves as the searching seat sees them
  (move keys, :func:`move_key`), never by the hidden cards;
* selection uses UCT over the children legal in the current deal, counting
  how often each was *available* (the ISMCTS form of UCB1); forced moves
  get no node;
* the first untried move to be added is the rollout policy's, when it is
  untried, else a random one;
* the reward mixes each seat's win share with its margin (:func:`rewards`).

:class:`Subtrees` is this module's reference implementation; where the
package was built with a C compiler, :func:`subtrees` gives the compiled
``_abluxxen_rollout.Subtrees`` instead, which grows the very same trees
(tests/test_bots_compiled.py) several times as fast.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, cast

from ..engine.moves import DRAW_POOL_BASE, PLAY_BASE
from ..engine.state import OVER, State, winners_of
from . import quick
from .quick import quick_action, rollout

# Score margin that counts as a full win or loss in the reward.
MARGIN_SCALE = 20.0


@dataclass(eq=False, slots=True)
class Node:
    """One information state of the searching seat, reached by a move.

    Attributes:
        player: the seat that made the move leading here; the node's
            rewards are that seat's.
        visits: iterations through this node.
        total: sum of ``player``'s rewards over those iterations.
        avail: how often this node's move was legal when its parent was
            reached.
        children: by move key.
    """

    player: int = -1
    visits: int = 0
    total: float = 0.0
    avail: int = 0
    children: dict[int, Node] = field(default_factory=dict)


def move_key(game: State, code: int) -> int:
    """A key for a move that means the same in every determinization.

    Pool draws are keyed by the cards drawn (negative numbers), since slot
    numbers shift; every other action code already means the same move.
    """
    if DRAW_POOL_BASE <= code < PLAY_BASE:
        key = 0
        for c in game.pool[code - DRAW_POOL_BASE]:
            key = key * 15 + c
        return -1 - key
    return code


def rewards(scores: Sequence[int], hand_sizes: Sequence[int], tiebreak: str) -> list[float]:
    """Per seat of a finished game, a reward in [0, 1]: half the win share, half the margin."""
    winners = winners_of(scores, hand_sizes, tiebreak)
    share = 1.0 / len(winners)
    # The best score of the others is the second best for a seat holding
    # the best (equal to it when shared), else the best.
    first, second = sorted(scores, reverse=True)[:2]
    out = []
    for seat, score in enumerate(scores):
        best_other = second if score == first else first
        out.append(reward(share if seat in winners else 0.0, score - best_other))
    return out


def reward(share: float, margin: int) -> float:
    """A seat's reward in [0, 1] from its win share and its margin over the best other seat: half
    each, the margin counting up to ±``MARGIN_SCALE`` points."""
    spread = margin / (2 * MARGIN_SCALE)
    spread = 0.5 if spread > 0.5 else -0.5 if spread < -0.5 else spread
    return 0.5 * share + 0.5 * (0.5 + spread)


class Forest(Protocol):
    """What the search needs of a set of subtrees (:class:`Subtrees` or the compiled one)."""

    def new(self) -> int:
        """A new, empty subtree; its number."""

    def iterate(self, deal: State, moves: Sequence[tuple[int, int]], seed: int) -> list[tuple[float, tuple[int, ...]]]:
        """One iteration per ``(subtree, root move code)`` on ``deal``, each with ``random.Random(seed)``:
        the searching seat's reward and the final scores, per move."""


class Subtrees:
    """The trees below a decision's root moves, in Python (the reference for the compiled ones).

    Args:
        seat: the searching seat: every root node holds its rewards.
        exploration: UCT's exploration constant.
        noise: the rollouts' chance of a random move.
    """

    def __init__(self, seat: int, *, exploration: float, noise: float) -> None:
        self.seat = seat
        self.exploration = exploration
        self.noise = noise
        self.roots: list[Node] = []

    def new(self) -> int:
        """A new, empty subtree; its number."""
        self.roots.append(Node(player=self.seat))
        return len(self.roots) - 1

    def iterate(self, deal: State, moves: Sequence[tuple[int, int]], seed: int) -> list[tuple[float, tuple[int, ...]]]:
        """One iteration per ``(subtree, root move code)``, each on a copy of ``deal`` and with
        ``random.Random(seed)`` (for the new node and the rollout): the searching seat's reward and
        the final scores, per move."""
        out = []
        for tree, code in moves:
            game = deal.copy()
            game.apply_action(code)
            reward, scores = self._descend(self.roots[tree], game, random.Random(seed))
            out.append((reward[self.seat], tuple(scores)))
        return out

    def _descend(self, start: Node, game: State, rng: random.Random) -> tuple[list[float], Sequence[int]]:
        """One ISMCTS iteration below a root move already played in ``game``: every seat's
        reward, and the final scores."""
        node = start
        path = [start]
        exploration = self.exploration
        while game.phase != OVER:
            legal = game.legal_actions()
            if len(legal) == 1:
                game.apply_action(legal[0])
                continue
            mover = game.to_move
            assert mover is not None
            children = node.children
            keys = []
            untried = []
            for i, a in enumerate(legal):
                # move_key, inlined for the codes that are their own key.
                k = a if a < DRAW_POOL_BASE or a >= PLAY_BASE else move_key(game, a)
                keys.append(k)
                child = children.get(k)
                if child is None:
                    untried.append(i)
                else:
                    child.avail += 1
            if untried:
                pick = untried[0] if len(untried) == 1 else _expansion(game, legal, untried, rng)
                child = children[keys[pick]] = Node(player=mover, avail=1)
                game.apply_action(legal[pick])
                path.append(child)
                break
            best_i, best = 0, -math.inf
            for i, k in enumerate(keys):
                child = children[k]
                score = child.total / child.visits + exploration * math.sqrt(math.log(child.avail) / child.visits)
                if score > best:
                    best, best_i = score, i
            game.apply_action(legal[best_i])
            node = children[keys[best_i]]
            path.append(node)
        if game.phase != OVER:
            rollout(game, rng, self.noise)
        scores = game.scores()
        reward = rewards(scores, game.hand_sizes(), game.rules.tiebreak)
        for n in path:
            n.visits += 1
            n.total += reward[n.player]
        return reward, scores


def _expansion(game: State, legal: list[int], untried: list[int], rng: random.Random) -> int:
    """Which untried move to add first: the cheap policy's, else a random one."""
    preferred = quick_action(game, rng, legal)
    for i in untried:
        if legal[i] == preferred:
            return i
    return untried[int(rng.random() * len(untried))]


def subtrees(seat: int, *, exploration: float, noise: float) -> Forest:
    """The subtrees of one decision: compiled when the package has the compiled rollouts."""
    fast = quick.configured()
    if fast is not None:
        return cast(Forest, fast.Subtrees(seat, exploration, noise, MARGIN_SCALE))
    return Subtrees(seat, exploration=exploration, noise=noise)
