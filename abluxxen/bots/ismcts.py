"""The hard bot: information-set Monte Carlo tree search.

Single-observer ISMCTS in the spirit of Cowling, Powley & Whitehouse (2012),
"Information Set Monte Carlo Tree Search", and OpenSpiel's ``ismcts.py``:

* every iteration deals the cards this seat cannot see at random,
  consistently with its view (:meth:`View.sample`): a *determinization*;
* the tree's nodes are information states of the searching seat: a node is
  reached by a sequence of moves as the seat sees them (move texts, so a
  pool draw means the same card in every determinization, whatever slot it
  lies in), never by the hidden cards;
* selection uses UCT over the children that are legal in the current
  determinization, counting how often each was *available* (the ISMCTS
  form of UCB1); forced moves are played without a node;
* at the root, only the normal bot's best plays are searched, and they
  are compared on the same deals: each round deals one determinization
  and plays every remaining root move on it with the same rollout seed
  (paired samples, a racing variant of the root selection), dropping moves
  that trail clearly; the normal bot's favourite is kept unless the search
  finds a move clearly better, so even a small budget plays no worse than
  the heuristics;
* rollouts play to the end with :func:`~abluxxen.bots.quick.rollout`:
  mostly the moves of :func:`~abluxxen.bots.quick.quick_action`, a cheap
  version of the normal bot's rules;
* everything below the root moves (:mod:`.subtrees`) runs compiled from C
  where the package was installed with a compiler: the same moves, some
  twenty times as fast;
* the final score differences are backed up: each seat's reward mixes its
  win share with its margin over the best other seat.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from ..engine.phase import Phase
from ..engine.state import State
from ..engine.view import View, shuffle_cards
from . import quick
from .common import rng_for, situation_of_view
from .normal import Judge
from .race import Race
from .subtrees import subtrees

# Plays the root considers, best first by the normal bot's values.
ROOT_PLAYS = 6
EXPLORATION = 0.7
# Chance that a rollout move is random rather than the cheap policy's.
ROLLOUT_NOISE = 0.05
# A root move is dropped once it trails the leader by this many standard errors.
DROP_AT = 2.5
# The search overrides the normal bot's favourite when it is this many
# standard errors better on the shared deals.
OVERRIDE_AT = 1.0
# Inference from the displays: whoever plays a set of a value usually plays
# every card of that value they hold (the easy and normal bots never split a
# set, people seldom do), and later draws rarely bring another. So when the
# hard bot deals a seat's hidden cards, it gives it a card of a value in its
# display only with this chance, else passes the card over (HardBot._deal). In games
# of normal bots a seat held about a third as many hidden cards of such a
# value as a uniform deal gives it.
HOLD_ODDS = 0.35
# Fewest players for the weighted deals. In the duel they guess the hidden
# hand just as well but lost games against the normal bot (docs/bots.md),
# so a duel is dealt uniformly.
INFER_FROM_PLAYERS = 3


@dataclass(frozen=True, slots=True)
class Budget:
    """The hard bot's default budget: iterations, by the number of players.

    A game for two plays out in about half the moves of a four-player game,
    so an iteration costs about half as much there, and the duel gains from
    the extra search (docs/bots.md). Counted in iterations, never seconds, a
    budget gives the same move on every machine (the compiled search and the
    Python one make the same moves at the same number of iterations).

    Without it (a package installed with no C compiler at hand) an iteration
    costs some twenty times as much, so the search gets ``1 / python_share``
    of the iterations: it answers about as fast, and plays weaker.

    Attributes:
        iterations: per decision with three players or more.
        duel: per decision with two players.
        python_share: the share of them searched without the compiled search.
    """

    iterations: int = 8000
    duel: int = 16000
    python_share: float = 1 / 8

    def __post_init__(self) -> None:
        if any(isinstance(n, bool) or not isinstance(n, int) or n <= 0 for n in (self.iterations, self.duel)):
            raise ValueError(f"a budget counts iterations in positive whole numbers, not {self!r}")
        if not 0 < self.python_share <= 1:
            raise ValueError(f"a budget's python_share is a share in (0, 1], not {self.python_share!r}")

    def __str__(self) -> str:
        return f"{self.iterations} iterations, {self.duel} in a game for two"

    def iterations_for(self, players: int, *, compiled: bool = True) -> int:
        """The iterations per decision in a game of ``players``, with or without the compiled search."""
        iterations = self.duel if players == 2 else self.iterations
        return iterations if compiled else max(1, round(iterations * self.python_share))


# A hard bot's budget per decision: seconds (float), iterations (int) or a Budget.
Think = float | int | Budget

# The hard bot's default budget (the one definition: the table and
# ``make_bot("hard")`` both use it). Counted in iterations, it gives the same
# move on every machine, so undo at the table brings the same replies.
DEFAULT_THINK = Budget()


# Rounds of deals an appraisal plays at least, whatever the budget: the
# paired test that drops moves needs this many samples to mean anything.
APPRAISE_ROUNDS = 6


def margin(scores: Sequence[int], seat: int) -> int:
    """``seat``'s score minus the best score of the other seats (a finished game's result for ``seat``)."""
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


@dataclass(frozen=True, slots=True)
class Advice:
    """The hard bot's move for one decision, and what it was weighed against.

    Attributes:
        move: the move to make (what :meth:`HardBot.choose` plays).
        favourite: the normal bot's favourite, which the search keeps unless
            it finds a move clearly better on the same deals.
        deals: the deals of the hidden cards the search played the moves
            out on (0: the move was clear without a search).
    """

    move: str
    favourite: str
    deals: int


@dataclass(frozen=True, slots=True)
class Appraisal:
    """What the search thinks of every legal move of one decision.

    Attributes:
        margins: per legal move (canonical text), the seat's final margin
            (:func:`margin`) on each deal the move was played on, in deal
            order; deal ``i`` is the same hidden cards and rollout seed for
            every move.
        alive: the moves played on every deal: the searched favourites and
            the moves asked to be kept. The others trailed clearly and were
            dropped early.
        deals: the number of deals.
        race: the race the margins come from (for paired figures).
    """

    margins: dict[str, tuple[float, ...]]
    alive: tuple[str, ...]
    deals: int
    race: Race = field(repr=False, compare=False)

    def mean(self, move: str) -> float:
        """The move's expected final margin, over the deals it was played on."""
        values = self.margins[move]
        return sum(values) / len(values) if values else -math.inf

    @property
    def best(self) -> str:
        """The move with the highest expected margin among those played on every deal."""
        return max(self.alive, key=self.mean)

    def paired(self, move: str, other: str) -> tuple[float, float]:
        """``move``'s expected margin minus ``other``'s, from their difference on each deal, and the
        standard error of that mean: both must be among :attr:`alive` (played on every deal)."""
        return self.race.paired(move, other)


class HardBot:
    """ISMCTS over the seat's information sets.

    Args:
        seed: with an iteration budget, the same seed and view give the same move.
        think: ``float`` seconds per decision, ``int`` iterations, or a
            :class:`Budget` (default :data:`DEFAULT_THINK`).
    """

    level = "hard"

    def __init__(self, *, seed: int | None = None, think: Think | None = None) -> None:
        self.seed = seed
        if think is None:
            think = DEFAULT_THINK
        if not isinstance(think, Budget) and (
                isinstance(think, bool) or not isinstance(think, (int, float)) or not 0 < think < math.inf):
            raise ValueError(f"think must be a positive number of seconds or iterations, not {think!r}")
        self.think = think
        self.last_iterations = 0

    def choose(self, view: View) -> str:
        """A legal move for the seat the view belongs to."""
        return self.advise(view).move

    def advise(self, view: View) -> Advice:
        """The move :meth:`choose` makes, with the normal bot's favourite it was weighed against.

        Raises:
            ValueError: when it is not the view's seat's decision.
        """
        codes = view.legal_actions()
        if not codes:
            raise ValueError("it is not this seat's decision")
        self.last_iterations = 0
        if len(codes) == 1:
            only = view.action_text(codes[0])
            return Advice(only, only, 0)
        rng = rng_for(self.seed, view)
        candidates = self._root_moves(view, codes)
        favourite = max(candidates, key=candidates.__getitem__)
        if len(candidates) == 1:
            return Advice(favourite, favourite, 0)
        think = self._think(view)
        if isinstance(think, int):
            race = self._race(view, candidates, rng, think, math.inf)
        else:
            race = self._race(view, candidates, rng, 1 << 30, time.perf_counter() + think)
        return Advice(race.verdict(candidates, OVERRIDE_AT), favourite, race.rounds)

    def _root_moves(self, view: View, codes: list[int]) -> dict[str, float]:
        """The move texts searched at the root, with their rank as a prior in (0, 1]."""
        judge = Judge(situation_of_view(view))
        scored = judge.scored(codes)
        order = sorted(range(len(codes)), key=lambda i: -scored[i][0])
        if view.phase == Phase.PLAY:
            order = order[:ROOT_PLAYS]
        count = len(order)
        return {view.action_text(codes[i]): (count - rank) / count for rank, i in enumerate(order)}

    def _think(self, view: View) -> float | int:
        """This decision's budget: seconds or iterations."""
        think = self.think
        if isinstance(think, Budget):
            return think.iterations_for(view.players, compiled=quick.configured() is not None)
        return think

    def _race(self, view: View, candidates: dict[str, float], rng: random.Random, budget: int,
              deadline: float) -> Race:
        """Compare the root moves on the same deals, dropping clear losers as evidence grows.

        Each round deals one determinization and plays every remaining root
        move on it (same hidden cards, same rollout seed), then descends the
        move's subtree with UCT over information sets. Paired results make
        small differences between moves visible with few iterations. The
        race's verdict is the move.
        """
        race = Race(candidates)
        trees = Trees(view)
        done = 0
        while race.alive and done + len(race.alive) <= max(budget, len(race.alive)) and (
                race.rounds < 4 or time.perf_counter() < deadline):
            race.add(self._deal_round(view, race.alive, trees, rng, by_margin=False))
            done += len(race.alive)
            if race.rounds >= 6 and len(race.alive) > 1:
                race.drop_losers(DROP_AT)
            if len(race.alive) == 1:
                break
        self.last_iterations = done
        return race

    def appraise(self, view: View, keep: Collection[str] = (), *, only: Collection[str] | None = None,
                 stream: int = 0) -> Appraisal:
        """Estimate every legal move's final margin for the view's seat, on shared deals.

        The same search as :meth:`choose`, from the seat's information set:
        each round deals the hidden cards once (:meth:`View.sample`) and plays
        every remaining move on that deal with the same rollout seed, then
        the move's own ISMCTS subtree and a rollout. Unlike :meth:`choose`,
        every legal move starts in the race, moves are compared by final
        margin rather than by reward, and the moves in ``keep`` (the move a
        player made) are never dropped, so their estimate rests on every
        deal. At least :data:`APPRAISE_ROUNDS` rounds are played.

        Args:
            view: the deciding seat's view.
            keep: moves never dropped.
            only: race only these legal moves (default: every legal move).
            stream: which of the seeded streams of deals to use; another
                stream gives deals independent of the first one's, to check
                a winner found there without its luck.

        Raises:
            ValueError: when it is not the view's seat's decision, or a move
                in ``keep`` is not legal.
        """
        codes = view.legal_actions()
        if not codes:
            raise ValueError("it is not this seat's decision")
        moves = list(dict.fromkeys(view.action_text(c) for c in codes))
        missing = [m for m in (*keep, *(only or ())) if m not in moves]
        if missing:
            raise ValueError(f"{missing[0]!r} is not a legal move here")
        if only is not None:
            moves = [m for m in moves if m in only]
        rng = rng_for(self.seed, view)
        if stream:
            rng = random.Random(rng.getrandbits(64) + stream)
        think = self._think(view)
        budget, deadline = (think, math.inf) if isinstance(think, int) else (1 << 30, time.perf_counter() + think)
        race = Race(moves)
        trees = Trees(view)
        done = 0
        while len(race.alive) > 1 and (race.rounds < APPRAISE_ROUNDS or (
                done + len(race.alive) <= budget and time.perf_counter() < deadline)):
            race.add(self._deal_round(view, race.alive, trees, rng, by_margin=True))
            done += len(race.alive)
            if race.rounds >= APPRAISE_ROUNDS:
                race.drop_losers(DROP_AT, keep)
        self.last_iterations = done
        return Appraisal(margins={m: tuple(r) for m, r in race.results.items()}, alive=tuple(race.alive),
                         deals=race.rounds, race=race)

    def _deal_round(self, view: View, alive: list[str], trees: Trees, rng: random.Random, *,
                    by_margin: bool) -> dict[str, float]:
        """One round of a race: deal the hidden cards once, play every move in ``alive`` on that deal
        with the same rollout seed and descend its subtree; each one's result (the reward, or with
        ``by_margin`` the final score margin)."""
        deal = self._deal(view, rng)
        seed = rng.getrandbits(32)
        played = trees.iterate(deal, alive, seed)
        if by_margin:
            return {text: float(margin(scores, view.seat)) for text, (_, scores) in zip(alive, played, strict=True)}
        return {text: reward for text, (reward, _) in zip(alive, played, strict=True)}

    def _deal(self, view: View, rng: random.Random) -> State:
        """A determinization of the view: :meth:`View.sample` weighted by what the displays say about
        the hidden hands (a seat is dealt a card of a value it shows with chance :data:`HOLD_ODDS`),
        with fewer than :data:`INFER_FROM_PLAYERS` players the uniform one. A benchmark's bot that
        cheats deals here otherwise (benchmarks/strength.py)."""
        fast = quick.configured()
        return view.sample(rng, hold=HOLD_ODDS if view.players >= INFER_FROM_PLAYERS else 1.0,
                           shuffle=fast.shuffle if fast is not None else shuffle_cards)


class Trees:
    """The subtrees of one decision's root moves, by move text (see :mod:`.subtrees`)."""

    def __init__(self, view: View) -> None:
        self.forest = subtrees(view.seat, exploration=EXPLORATION, noise=ROLLOUT_NOISE)
        # Per move text: its subtree and its action code. A root move's code is the same in every
        # deal (a pool draw's slot is public), so each text is read once.
        self.moves: dict[str, tuple[int, int]] = {}

    def iterate(self, deal: State, texts: list[str], seed: int) -> list[tuple[float, tuple[int, ...]]]:
        """One iteration below each move in ``texts`` on ``deal``, with the same seed: the seat's
        reward and the final scores, per move."""
        moves = []
        for text in texts:
            move = self.moves.get(text)
            if move is None:
                move = self.moves[text] = (self.forest.new(), deal.action_of(text))
            moves.append(move)
        return self.forest.iterate(deal, moves, seed)


def parse_think(text: str) -> float | int:
    """A think budget from text: ``"0.5s"`` or ``"0.5"`` seconds, ``"200"`` iterations.

    Raises:
        ValueError: for anything else, or a budget that is not positive.
    """
    raw = text.strip().lower()
    try:
        if raw.endswith("s"):
            value: float | int = float(raw[:-1])
        elif raw.endswith("it"):
            value = int(raw[:-2])
        elif "." in raw:
            value = float(raw)
        else:
            value = int(raw)
    except ValueError:
        raise ValueError(f"think budget {text!r}: give seconds like '0.5s' or iterations like '200'") from None
    if not 0 < value < math.inf:  # NaN fails this too
        raise ValueError(f"think budget {text!r} must be a positive, finite number")
    return value
