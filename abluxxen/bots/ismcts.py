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
  version of the normal bot's rules, on the engine's fast path;
* the final score differences are backed up: each seat's reward mixes its
  win share with its margin over the best other seat.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Collection
from dataclasses import dataclass, field

from ..cards import JOKER
from ..moves import DRAW_POOL_BASE, PLAY_BASE
from ..phase import Phase
from ..state import OVER, State, winners_of
from ..view import View, shuffle_cards
from .common import rng_for, situation_of_view
from .normal import Judge
from .quick import quick_action, rollout

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
# Score margin that counts as a full win or loss in the reward.
MARGIN_SCALE = 20.0
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
    the extra search (docs/bots.md: 1,000 → 2,000 iterations). Counted in
    iterations, never seconds, a budget gives the same move on every
    machine.

    Attributes:
        iterations: per decision with three players or more.
        duel: per decision with two players.
    """

    iterations: int = 1000
    duel: int = 2000

    def __post_init__(self) -> None:
        if any(isinstance(n, bool) or not isinstance(n, int) or n <= 0 for n in (self.iterations, self.duel)):
            raise ValueError(f"a budget counts iterations in positive whole numbers, not {self!r}")

    def __str__(self) -> str:
        return f"{self.iterations} iterations, {self.duel} in a game for two"

    def iterations_for(self, players: int) -> int:
        """The iterations per decision in a game of ``players``."""
        return self.duel if players == 2 else self.iterations


# A hard bot's budget per decision: seconds (float), iterations (int) or a Budget.
Think = float | int | Budget

# The hard bot's default budget (the one definition: the table and
# ``make_bot("hard")`` both use it). Counted in iterations, it gives the same
# move on every machine, so undo at the table brings the same replies.
DEFAULT_THINK = Budget()


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


def rewards(game: State) -> list[float]:
    """Per seat, a reward in [0, 1]: half the win share, half the margin."""
    scores = game.scores()
    winners = winners_of(scores, game.hand_sizes(), game.rules.tiebreak)
    share = 1.0 / len(winners)
    # The best score of the others is the second best for a seat holding
    # the best (equal to it when shared), else the best.
    first, second = sorted(scores, reverse=True)[:2]
    out = []
    for seat, score in enumerate(scores):
        best_other = second if score == first else first
        margin = (score - best_other) / (2 * MARGIN_SCALE)
        margin = 0.5 if margin > 0.5 else -0.5 if margin < -0.5 else margin
        out.append(0.5 * (share if seat in winners else 0.0) + 0.5 * (0.5 + margin))
    return out


# Rounds of deals an appraisal plays at least, whatever the budget: the
# paired test that drops moves needs this many samples to mean anything.
APPRAISE_ROUNDS = 6


def margin(game: State, seat: int) -> int:
    """``seat``'s score minus the best score of the other seats (a finished game's result for ``seat``)."""
    scores = game.scores()
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


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
    """

    margins: dict[str, tuple[float, ...]]
    alive: tuple[str, ...]
    deals: int

    def mean(self, move: str) -> float:
        """The move's expected final margin, over the deals it was played on."""
        values = self.margins[move]
        return sum(values) / len(values) if values else -math.inf

    @property
    def best(self) -> str:
        """The move with the highest expected margin among those played on every deal."""
        return max(self.alive, key=self.mean)


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
        codes = view.legal_actions()
        if not codes:
            raise ValueError("it is not this seat's decision")
        if len(codes) == 1:
            self.last_iterations = 0
            return view.action_text(codes[0])
        rng = rng_for(self.seed, view)
        return self._search(view, codes, rng)

    def _root_moves(self, view: View, codes: list[int]) -> dict[str, float]:
        """The move texts searched at the root, with their rank as a prior in (0, 1]."""
        judge = Judge(situation_of_view(view))
        scored = judge.scored(codes)
        order = sorted(range(len(codes)), key=lambda i: -scored[i][0])
        if view.phase == Phase.PLAY:
            order = order[:ROOT_PLAYS]
        count = len(order)
        return {view.action_text(codes[i]): (count - rank) / count for rank, i in enumerate(order)}

    def _search(self, view: View, codes: list[int], rng: random.Random) -> str:
        candidates = self._root_moves(view, codes)
        if len(candidates) == 1:
            self.last_iterations = 0
            return next(iter(candidates))
        think = self._think(view)
        if isinstance(think, int):
            return self._race(view, candidates, rng, think, math.inf)
        return self._race(view, candidates, rng, 1 << 30, time.perf_counter() + think)

    def _think(self, view: View) -> float | int:
        """This decision's budget: seconds or iterations."""
        think = self.think
        return think.iterations_for(view.players) if isinstance(think, Budget) else think

    def _race(self, view: View, candidates: dict[str, float], rng: random.Random, budget: int,
              deadline: float) -> str:
        """Compare the root moves on the same deals, dropping clear losers as evidence grows.

        Each round deals one determinization and plays every remaining root
        move on it (same hidden cards, same rollout seed), then descends the
        move's subtree with UCT over information sets. Paired results make
        small differences between moves visible with few iterations.
        """
        alive = list(candidates)
        nodes = {text: Node(player=view.seat) for text in alive}
        codes: dict[str, int] = {}
        results: dict[str, list[float]] = {text: [] for text in alive}
        done = rounds = 0
        while alive and done + len(alive) <= max(budget, len(alive)) and (
                rounds < 4 or time.perf_counter() < deadline):
            self._deal_round(view, alive, nodes, codes, results, rng, by_margin=False)
            done += len(alive)
            rounds += 1
            if rounds >= 6 and len(alive) > 1:
                alive = _survivors(alive, results, rounds)
            if len(alive) == 1:
                break
        self.last_iterations = done
        return _verdict(alive, results, candidates)

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
        alive = moves
        nodes = {text: Node(player=view.seat) for text in moves}
        results: dict[str, list[float]] = {text: [] for text in moves}
        action: dict[str, int] = {}
        done = rounds = 0
        while len(alive) > 1 and (rounds < APPRAISE_ROUNDS or (
                done + len(alive) <= budget and time.perf_counter() < deadline)):
            self._deal_round(view, alive, nodes, action, results, rng, by_margin=True)
            done += len(alive)
            rounds += 1
            if rounds >= APPRAISE_ROUNDS:
                alive = _survivors(alive, results, rounds, keep)
        self.last_iterations = done
        return Appraisal(margins={m: tuple(r) for m, r in results.items()}, alive=tuple(alive), deals=rounds)

    def _deal_round(self, view: View, alive: list[str], nodes: dict[str, Node], codes: dict[str, int],
                    results: dict[str, list[float]], rng: random.Random, *, by_margin: bool) -> None:
        """One round of a race: deal the hidden cards once, play every move in ``alive`` on that deal
        with the same rollout seed, and note each one's result (the reward, or with ``by_margin`` the
        final score margin) in ``results``.

        ``codes`` keeps each move's code across rounds: a root move's code is the
        same in every deal (a pool draw's slot is public), so each text is read once.
        """
        deal = self._deal(view, rng)
        seed = rng.getrandbits(32)
        seat = view.seat
        for text in alive:
            game = deal.copy()
            code = codes.get(text)
            if code is None:
                code = codes[text] = game.action_of(text)
            game.apply_action(code)
            reward = self._descend(nodes[text], game, random.Random(seed))
            results[text].append(float(margin(game, seat)) if by_margin else reward[seat])

    def _deal(self, view: View, rng: random.Random) -> State:
        """A determinization of the view, weighted by what the displays say about the hidden hands.

        As :meth:`View.sample`, the unseen cards are shuffled and every other
        hand keeps the cards everybody knows it holds, then is filled from
        the shuffled cards in turn; but a card of a value the seat has played
        (a layer of its display) is passed over with chance ``1 -``
        :data:`HOLD_ODDS`, left for the next seats and the deck: the cards
        left are shuffled again, so passed-over cards lie anywhere in them.
        With fewer than :data:`INFER_FROM_PLAYERS` players, a plain
        :meth:`View.sample`.
        """
        if view.players < INFER_FROM_PLAYERS:
            return view.sample(rng)
        template, unseen_sorted, needs = view._sampling()
        played = _played(view)
        unseen = unseen_sorted[:]
        rand = rng.random
        shuffle_cards(unseen, rand)
        game = template.copy()
        hands = game.hands
        for seat, need in needs:
            if not need:
                continue
            hand = hands[seat]
            marked = played[seat]
            if marked is None:
                for c in unseen[:need]:
                    hand[c] += 1
                del unseen[:need]
            else:
                left = []
                got = skipped = 0
                for k, c in enumerate(unseen):
                    if marked[c] and rand() >= HOLD_ODDS:
                        left.append(c)
                        skipped += 1
                        continue
                    hand[c] += 1
                    got += 1
                    if got == need:
                        left += unseen[k + 1:]
                        break
                else:  # too few cards not passed over: the first passed ones after all
                    for c in left[:need - got]:
                        hand[c] += 1
                    del left[:need - got]
                    skipped -= need - got
                if skipped:  # the passed-over cards lead the rest: mix them back in
                    shuffle_cards(left, rand)
                unseen = left
            hand[0] += need
        game.deck = unseen
        return game

    def _descend(self, start: Node, game: State, rng: random.Random) -> list[float]:
        """One ISMCTS iteration below a root move already played in ``game``."""
        node = start
        path = [start]
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
                pick = untried[0] if len(untried) == 1 else self._expansion(game, legal, untried, rng)
                child = children[keys[pick]] = Node(player=mover, avail=1)
                game.apply_action(legal[pick])
                path.append(child)
                break
            best_i, best = 0, -math.inf
            for i, k in enumerate(keys):
                child = children[k]
                score = child.total / child.visits + EXPLORATION * math.sqrt(
                    math.log(child.avail) / child.visits)
                if score > best:
                    best, best_i = score, i
            game.apply_action(legal[best_i])
            node = children[keys[best_i]]
            path.append(node)
        rollout(game, rng, ROLLOUT_NOISE)
        reward = rewards(game)
        for n in path:
            n.visits += 1
            n.total += reward[n.player]
        return reward

    def _expansion(self, game: State, legal: list[int], untried: list[int], rng: random.Random) -> int:
        """Which untried move to add first: the cheap policy's, else a random one."""
        preferred = quick_action(game, rng, legal)
        for i in untried:
            if legal[i] == preferred:
                return i
        return untried[int(rng.random() * len(untried))]


def _played(view: View) -> list[list[bool] | None]:
    """Per seat, which values (index 1..14) it has played, read from its display; ``None`` for
    this seat and for seats that showed no number value."""
    out: list[list[bool] | None] = []
    for seat, shown in enumerate(view.displays):
        values = [False] * (JOKER + 1)
        for layer in shown:
            value = next((c for c in layer if c != JOKER), JOKER)
            if value != JOKER:
                values[value] = True
        out.append(values if seat != view.seat and any(values) else None)
    return out


def _survivors(alive: list[str], results: dict[str, list[float]], rounds: int,
               keep: Collection[str] = ()) -> list[str]:
    """The root moves not yet clearly worse than the leader on the shared deals (and those in ``keep``)."""
    def mean(t: str) -> float:
        recent = results[t][-rounds:]
        return sum(recent) / len(recent)

    leader = max(alive, key=mean)
    kept = []
    for t in alive:
        if t == leader or t in keep:
            kept.append(t)
            continue
        # Paired differences over the deals both moves were played on.
        n = min(len(results[t]), len(results[leader]))
        diffs = [a - b for a, b in zip(results[t][-n:], results[leader][-n:], strict=True)]
        avg = sum(diffs) / n
        var = sum((d - avg) ** 2 for d in diffs) / max(1, n - 1)
        if avg + DROP_AT * math.sqrt(var / n + 1e-12) >= 0:
            kept.append(t)
    return kept


def _verdict(alive: list[str], results: dict[str, list[float]], prior: dict[str, float]) -> str:
    """The move to play: the heuristics' favourite unless the search shows a better one.

    The search's best move replaces the favourite of the normal bot's
    rules only when it wins on the shared deals by :data:`OVERRIDE_AT`
    standard errors, so noise in a small budget does not cost strength.
    """
    def mean(t: str) -> float:
        return sum(results[t]) / max(1, len(results[t]))

    best = max(alive, key=lambda t: (mean(t), prior[t]))
    favourite = max(prior, key=lambda t: prior[t])
    if favourite not in alive or best == favourite:
        return best
    n = min(len(results[best]), len(results[favourite]))
    if n < 2:
        return favourite
    diffs = [a - b for a, b in zip(results[best][-n:], results[favourite][-n:], strict=True)]
    avg = sum(diffs) / n
    var = sum((d - avg) ** 2 for d in diffs) / (n - 1)
    return best if avg > OVERRIDE_AT * math.sqrt(var / n + 1e-12) else favourite


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
