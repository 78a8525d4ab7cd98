"""The hard bot's rollout policy: a fast, sensible move for whoever decides.

A cut-down version of the normal bot's :class:`~abluxxen.bots.normal.Judge`:
whole groups are played, jokers join a set only to abluxx or to end the
game, and cards are taken or drawn when they match the hand. It reads the
deciding seat's own hand and the public state of a (determinized) game,
nothing else.

The odds that a set survives the opponents' turns are read from tables made
once per opponent hand size. Its weights (:class:`Weights`) are the normal
bot's with three players or more; in a game for two they are fitted to the
hard bot's own choices (``benchmarks/expert_fit.py``), which in the duel
keep jokers, abluxx and take abluxxed layers more.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import astuple, dataclass
from functools import reduce
from itertools import compress
from operator import add, itemgetter, mul
from types import ModuleType

from ..engine.cards import COPIES_PER_VALUE, DECK_SIZE, JOKER, JOKERS, POOL_SIZE, SHADOW_SIZE
from ..engine.layers import BEATS
from ..engine.moves import (
    BACK,
    DISCARD,
    DRAW_DECK,
    DRAW_POOL_BASE,
    LEAVE,
    PASS,
    PLAY_BASE,
    SHADOW_BASE,
    TAKE,
    play_code,
)
from ..engine.phase import EndReason, Phase
from ..engine.rules import TIEBREAKS
from ..engine.state import (
    BACK_OR_DISCARD,
    CLOCKWISE_OTHERS,
    DRAW,
    OVER,
    PLAY,
    SHADOW,
    SINGLE_DRAW,
    TAKE_OR_LEAVE,
    State,
)
from .common import WILLING, beat_odds
from .normal import CARDS_PER_TURN, DRAWN_PER_SEAT, HURT_WEIGHT, TAKE_WEIGHT


@dataclass(frozen=True, slots=True)
class Weights:
    """The policy's weights for plays and for taking a layer, per card.

    Attributes:
        hurt: an abluxx, per card played: the points it costs the victim.
        take_back: an abluxx that leaves the victim's layer, of a value the
            player holds, for the taking.
        joker_cost: a joker added to a group rather than kept.
        shadow: a play that matches a shadow group (the duel): gained when the
            player holds the group's lower value, lost when not.
        take_cost: a card of a layer taken rather than left.
        take_bonus: a card of a layer of two or more taken.
    """

    hurt: float
    take_back: float
    joker_cost: float
    shadow: float
    take_cost: float
    take_bonus: float


# With three players or more: the normal bot's weights for hurting an average
# opponent and taking cards back, rough ones for the rest.
WEIGHTS = Weights(hurt=2.0 * HURT_WEIGHT * 0.75, take_back=TAKE_WEIGHT, joker_cost=2.0, shadow=0.5, take_cost=1.0,
                  take_bonus=0.3)
# In a game for two: fitted to the hard bot's own choices in duels against
# the normal bot (benchmarks/expert_fit.py, docs/bots.md): it keeps jokers,
# abluxxes and takes layers more than the weights above would.
DUEL_WEIGHTS = Weights(hurt=2.75, take_back=1.85, joker_cost=4.3, shadow=0.85, take_cost=0.86, take_bonus=0.86)


def weights_for(players: int) -> Weights:
    """The policy's weights in a game of ``players``."""
    return DUEL_WEIGHTS if players == 2 else WEIGHTS


# What a card from the deck adds to a hand, on average (rough).
DECK_GAIN = 0.4
# Random noise added to play values, so rollouts do not all follow one line.
NOISE = 0.3

# Sizes a table covers: up to the largest set, 8 cards of a value and 5 jokers.
_SLOT = 14


def _safe_table(hand_size: int, expert: bool) -> list[float]:
    """Per ``value * _SLOT + size``: chance that an opponent with this many cards does not abluxx the set."""
    table = [1.0] * (15 * _SLOT)
    # Lone jokers are safe unless 1s beat them.
    values = range(1, 15) if expert else range(1, JOKER)
    for size in range(1, _SLOT):
        odds = beat_odds(hand_size, size, expert)
        for value in values:
            table[value * _SLOT + size] = 1.0 - WILLING * odds[value]
    return table


_SAFE: dict[tuple[int, bool], list[float]] = {}
# A seat's clock (see _clock): the two survival-odds tables of its sets
# (see _odds), and the plays left to it.
Clock = tuple[tuple[list[float], list[float]], int]
# The number values; compress() over them and a hand's counts yields those held.
_VALUES = range(1, 14)
_TWICE_SIZE = [2.0 * (i % _SLOT) for i in range(15 * _SLOT)]
_WORTH = itemgetter(0)  # of a (worth, value, count) group in _play
_ALWAYS = [1.0] * (15 * _SLOT)
# A table per pattern of all opponents' hand sizes would mean thousands of
# tables; the product over all opponents but the last has only a few hundred
# patterns, so those are kept and the last factor is applied per lookup.
_BEFORE: dict[tuple[tuple[int, ...], bool], list[float]] = {}
# The pair of tables per pattern of all opponents' hand sizes, per rules flag,
# so that a decision costs one lookup rather than a sliced key and two.
_ODDS: tuple[dict[tuple[int, ...], tuple[list[float], list[float]]], ...] = ({}, {})
_ODDS_KEPT = 1 << 16


def _safe(hand_size: int, expert: bool) -> list[float]:
    safe = _SAFE.get((hand_size, expert))
    if safe is None:
        safe = _SAFE[(hand_size, expert)] = _safe_table(hand_size, expert)
    return safe


def _odds(opp: tuple[int, ...], expert: bool) -> tuple[list[float], list[float]]:
    """Two tables whose product, per ``value * _SLOT + size``, is the chance no opponent abluxxes a set.

    The first covers every opponent but the last, the second the last one;
    ``opp`` lists the opponents' hand sizes clockwise. A set's worth (two
    points a card, its risk counted) is ``_TWICE_SIZE[i] * (first[i] * second[i])``.
    """
    cache = _ODDS[expert]
    odds = cache.get(opp)
    if odds is not None:
        return odds
    key = (opp[:-1], expert)
    before = _BEFORE.get(key)
    if before is None:
        before = _ALWAYS
        for h in opp[:-1]:
            before = list(map(mul, before, _safe(h, expert)))
        _BEFORE[key] = before
    if len(cache) >= _ODDS_KEPT:
        cache.clear()
    odds = cache[opp] = (before, _safe(opp[-1], expert))
    return odds


def quick_action(game: State, rng: random.Random, legal: list[int] | None = None) -> int:
    """A fast, sensible action code for whoever decides in ``game``.

    Args:
        game: a game (typically a determinization) that is not over.
        rng: breaks near-ties between plays.
        legal: the legal action codes, when the caller has them already.
    """
    phase = game.phase
    if phase == PLAY:
        return _play(game, rng, _clock(game, game.turn))
    if phase == DRAW or phase == SINGLE_DRAW:
        return _draw(game, phase == SINGLE_DRAW, _clock(game, game.drawer))
    if phase == TAKE_OR_LEAVE:
        return _take_or_leave(game, _clock(game, game.turn))
    if phase == BACK_OR_DISCARD:
        return _back_or_discard(game, _clock(game, game.victim))
    if phase == SHADOW:
        hand = game.hands[game.turn]
        return SHADOW_BASE + max(game.shadow_options, key=lambda v: (hand[v], v))
    if legal is None:
        legal = game.legal_actions()
    return legal[0]


def rollout(game: State, rng: random.Random, noise: float) -> int:
    """Play ``game`` to its end as the hard bot's search does; the moves made.

    Each move is, with chance ``noise``, uniformly random, else the policy's
    (:func:`quick_action`); ``rng`` decides which before every move.
    """
    # One loop, inlined, on purpose: it is the hard bot's innermost loop (see benchmarks/versus.py).
    rand = rng.random
    apply = game.apply_action
    moves = 0
    # The clock of the policy's last play and the stock then, while the
    # next decision (the player's own single draw, or take-or-leave) may
    # reuse it: the play changed no opponent's hand, so unless the stock
    # changed too (a shadowluxx refills the shadow from the deck), that
    # decision's clock is the play's, with the play made.
    played: Clock | None = None
    stock = -1
    # The policy's decisions are called directly, not through quick_action:
    # a rollout makes a hundred moves, and the dispatch is a measurable
    # share of each.
    while True:
        phase = game.phase
        if phase == OVER:
            return moves
        moves += 1
        if rand() < noise:
            legal = game.legal_actions()
            apply(legal[int(rand() * len(legal))])
            played = None
        elif phase == PLAY:
            played = _clock(game, game.turn)
            stock = len(game.deck) + len(game.pool)
            apply(_play(game, rng, played))
        elif phase == DRAW or phase == SINGLE_DRAW or phase == TAKE_OR_LEAVE:
            if phase == DRAW:  # a victim's draws (never straight after a play)
                clock = _clock(game, game.drawer)
            elif played is not None and stock == len(game.deck) + len(game.pool):
                odds, plays = played
                clock = odds, plays - 1
            else:
                clock = _clock(game, game.turn)
            if phase == TAKE_OR_LEAVE:
                apply(_take_or_leave(game, clock))
            else:
                apply(_draw(game, phase == SINGLE_DRAW, clock))
            played = None
        elif phase == BACK_OR_DISCARD:
            apply(_back_or_discard(game, _clock(game, game.victim)))
            played = None
        else:
            apply(quick_action(game, rng))
            played = None


def _total(values: Iterable[float]) -> float:
    """The floats added up one by one, left to right: ``sum()`` adds them so in
    Python 3.11 but compensates the rounding from 3.12 on, and the C rollouts
    must find the very same totals."""
    return reduce(add, values, 0.0)


# The hard bot's search below its root moves compiled from _rollout.c (by
# hatch_build.py, into the top-level module _abluxxen_rollout) when the
# package was installed with a C compiler: the same moves as rollout() and
# subtrees.Subtrees from every position with the same seed
# (tests/test_bots_compiled.py), some twenty times as fast. ``None`` without
# it; a test or benchmark may set it so to use the Python search.
compiled: ModuleType | None
try:
    import _abluxxen_rollout as compiled
except ImportError:  # installed without a C compiler
    compiled = None
_configured = False
# Why the compiled module refused this engine (see configured()), if it did.
refusal: str | None = None


def configured() -> ModuleType | None:
    """The compiled rollouts, this module's tables and constants handed over to them; ``None`` without.

    A build for another engine (a stale one, or the engine changed since)
    refuses them: the game then plays with the Python search, as without a
    compiler, and :data:`refusal` says why (tests/test_build.py fails on it).
    """
    global _configured, compiled, refusal
    if compiled is None or _configured:
        return compiled
    try:
        compiled.configure(*configuration())
    except (TypeError, ValueError) as error:
        compiled, refusal = None, str(error)
        return None
    _configured = True
    return compiled


def configuration() -> tuple[object, ...]:
    """What the compiled module's configure() is given: this module's tables and constants, the end
    reasons' texts, and the engine's numbers and rules (:func:`_engine`)."""
    safe = [[_safe(h, expert) for h in range(DECK_SIZE + 1)] for expert in (False, True)]
    constants = (DECK_GAIN, NOISE, *astuple(WEIGHTS), *astuple(DUEL_WEIGHTS))
    return (safe, _PLAYS_BY_HAND, _PLAYS_BY_STOCK, _TWICE_SIZE, constants,
            (EndReason.HAND_EMPTY, EndReason.EXHAUSTED), _engine())


def _engine() -> dict[str, object]:
    """The engine's numbers and rules the compiled search is written with, as the engine has them:
    the compiled module compares each with its own."""
    return {"JOKER": JOKER, "COPIES_PER_VALUE": COPIES_PER_VALUE, "JOKERS": JOKERS, "DECK_SIZE": DECK_SIZE,
            "POOL_SIZE": POOL_SIZE, "SHADOW_SIZE": SHADOW_SIZE, **{phase.name: phase.value for phase in Phase},
            "TAKE": TAKE, "LEAVE": LEAVE, "BACK": BACK, "DISCARD": DISCARD, "PASS": PASS, "DRAW_DECK": DRAW_DECK,
            "SHADOW_BASE": SHADOW_BASE, "DRAW_POOL_BASE": DRAW_POOL_BASE, "PLAY_BASE": PLAY_BASE,
            "PLAY_VALUE_STEP": play_code(1, 0, 0) - PLAY_BASE, "PLAY_NUMBER_STEP": play_code(0, 1, 0) - PLAY_BASE,
            "PLAY_JOKER_STEP": play_code(0, 0, 1) - PLAY_BASE, "SLOT": _SLOT, "FEWEST_HAND": TIEBREAKS[0],
            "BEATS": BEATS}


# Plays left to a seat (see _clock): ``int(rounds + 0.5)`` with ``rounds``
# the smaller of what the shortest opponent hand and the stock allow. Adding
# 0.5 and truncating is monotonic, so the smaller of the two rounded figures
# is the rounded smaller figure: two look-ups instead of float arithmetic,
# with the very same result.
_PLAYS_BY_HAND = [int(h / CARDS_PER_TURN + 1 + 0.5) for h in range(DECK_SIZE + 1)]
_PLAYS_BY_STOCK = [[int(c / (n * DRAWN_PER_SEAT) + 1 + 0.5) for c in range(DECK_SIZE + 1)] if n else []
                   for n in range(6)]


def _clock(game: State, seat: int) -> Clock:
    """The survival odds of ``seat``'s sets (see :func:`_odds`), and the plays left to it (this turn's included)."""
    hands = game.hands
    n = len(hands)
    others = CLOCKWISE_OTHERS[n][seat]
    # The opponents' hand sizes, clockwise, and the smallest, spelled out
    # per player count: a comprehension and min() cost more than the rest
    # of this function.
    if n == 4:
        a, b, c = others
        a, b, c = hands[a][0], hands[b][0], hands[c][0]
        opp: tuple[int, ...] = (a, b, c)
        shortest = a if a < b else b
        if c < shortest:
            shortest = c
    elif n == 2:
        shortest = hands[others[0]][0]
        opp = (shortest,)
    elif n == 3:
        a, b = others
        a, b = hands[a][0], hands[b][0]
        opp = (a, b)
        shortest = a if a < b else b
    else:
        a, b, c, d = others
        opp = (hands[a][0], hands[b][0], hands[c][0], hands[d][0])
        shortest = min(opp)
    by_hand = _PLAYS_BY_HAND[shortest]
    by_stock = _PLAYS_BY_STOCK[n][len(game.deck) + len(game.pool)]
    plays = by_hand if by_hand < by_stock else by_stock
    if seat == game.turn and game.phase != PLAY:
        plays -= 1  # this turn's play is made (never below zero: the tables start at one)
    odds = _ODDS[game._expert].get(opp)
    if odds is None:
        odds = _odds(opp, game._expert)
    return odds, plays


def _gain(hand: list[int], value: int, count: int, odds: tuple[list[float], list[float]], plays: int,
          groups: int = -1) -> float:
    """Rough worth of adding ``count`` cards of ``value`` to a hand with ``plays`` plays left."""
    if plays <= 0:
        return 0.0
    if value == JOKER:
        return 2.0 * count
    held = hand[value]
    before, last = odds
    i = value * _SLOT + held
    if held:
        j = i + count
        return _TWICE_SIZE[j] * (before[j] * last[j]) - _TWICE_SIZE[i] * (before[i] * last[i])
    if groups < 0:
        groups = 13 - hand[1:14].count(0)
    i += count
    return _TWICE_SIZE[i] * (before[i] * last[i]) * (0.6 if groups < plays else 0.15)


def _card_gain(hand: list[int], card: int, before: list[float], last: list[float], new_group: float) -> float:
    """``_gain(hand, card, 1, (before, last), plays)`` for ``plays > 0``, with its factor for a new group.

    The factor depends on the hand and ``plays`` only, so a decision that
    weighs many cards works it out once.
    """
    if card == JOKER:
        return 2.0
    i = card * _SLOT + hand[card]
    j = i + 1
    if hand[card]:
        return _TWICE_SIZE[j] * (before[j] * last[j]) - _TWICE_SIZE[i] * (before[i] * last[i])
    return _TWICE_SIZE[j] * (before[j] * last[j]) * new_group


def play_scores(game: State) -> dict[int, float]:
    """Every play the policy weighs for the player to move, by action code, with its value before the noise.

    Empty when the policy needs no weighing: it ends the game by rule, or
    holds a single group it must not play whole.
    """
    scores: dict[int, float] = {}
    _play(game, random.Random(0), _clock(game, game.turn), scores)
    return scores


def _play(game: State, rng: random.Random, clock: Clock, scores: dict[int, float] | None = None) -> int:
    """Whole groups only; a group's value counts its risk and what it abluxxes.

    ``clock`` is ``_clock(game, game.turn)``. ``scores``, when given, is
    filled with every play weighed and its value before the noise
    (benchmarks/expert_fit.py reads the policy's terms from it).
    """
    # Long on purpose: every rollout runs this once a turn (most of the hard bot's time), and
    # helper functions would add a call and its look-ups per group held (benchmarks/versus.py).
    turn = game.turn
    hand = game.hands[turn]
    jokers = hand[JOKER]
    total = hand[0]
    (before, last), plays = clock
    twice = _TWICE_SIZE
    # Each group held: its worth if played whole without jokers, value, size.
    held = []
    for v in compress(_VALUES, hand[1:14]):
        count = hand[v]
        i = v * _SLOT + count
        held.append((twice[i] * (before[i] * last[i]), v, count))
    # One group (and jokers) or jokers alone: end the game now when that wins.
    if len(held) < 2 and _ending_wins(game, turn, total):
        return play_code(held[0][1], held[0][2], jokers) if held else play_code(JOKER, 0, jokers)
    group = held[0][1] if held else JOKER
    if plays:
        plays -= 1
    held.sort(reverse=True)
    # What the rest of the hand earns in the plays left: the best ``plays``
    # groups but the one played (``future`` below). Summed left to right
    # (_total), as the C rollouts sum them.
    if plays:
        later_sum = _total(map(_WORTH, held[:plays]))
        # (Both slices are the whole hand when it has no more groups than plays.)
        counted_sum = later_sum if len(held) <= plays else _total(map(_WORTH, held[:plays + 1]))
        # The groups in the best plays + 1 lead the sorted list.
        counted = min(len(held), plays + 1)
        # Jokers fill a play the groups leave spare.
        spare_play = 2.0 * jokers if jokers and counted - 1 < plays else 0.0
    else:
        later_sum = 0
    # The values of the opponents' top layers, by size, clockwise.
    displays = game.displays
    tops: dict[int, list[int]] = {}
    for o in CLOCKWISE_OTHERS[len(displays)][turn]:
        shown = displays[o]
        if shown:
            top_value, top_size, _ = shown[-1]
            if top_size in tops:
                tops[top_size].append(top_value)
            else:
                tops[top_size] = [top_value]
    beats = BEATS[game._expert]
    weights = weights_for(len(displays))
    hurt, take_back = weights.hurt, weights.take_back
    shadow = game.shadow
    duel = shadow[0]  # the shadow has groups
    rand = rng.random
    best_play, best = (0, 0, 0), -1e9
    for rank, (set_worth, v, count) in enumerate(held):
        if not plays:
            future = 0.0
        elif rank < counted:
            future = counted_sum - set_worth
            if spare_play:
                future += spare_play
        else:
            future = later_sum
        # The group alone, then (with jokers in hand) the group with every
        # joker: a loop over joker counts cost a tenth of a rollout, and most
        # hands hold no joker.
        size, j = count, 0
        score = set_worth + future
        while True:
            if size < total:  # (emptying the hand now would lose)
                if size in tops:
                    beaten = beats[v]
                    for top_value in tops[size]:
                        if beaten[top_value]:
                            score += hurt * size
                            if top_value != JOKER and hand[top_value] and top_value != v:
                                score += size * take_back
                if duel:
                    for w in range(1, v):
                        if shadow[w] == size:
                            score += size * (weights.shadow if hand[w] else -weights.shadow)
                            break
                if scores is not None:
                    scores[play_code(v, count, j)] = score
                score += rand() * NOISE
                if score > best:
                    best, best_play = score, (v, count, j)
            if j or not jokers:
                break
            j = jokers
            size = count + j
            i = v * _SLOT + size
            score = twice[i] * (before[i] * last[i]) + future - weights.joker_cost * j
    if jokers and jokers < total:
        i = JOKER * _SLOT + jokers
        score = twice[i] * (before[i] * last[i]) + later_sum
        if scores is not None:
            scores[play_code(JOKER, 0, jokers)] = score
        score += rand() * NOISE
        if score > best:
            return play_code(JOKER, 0, jokers)
    if best_play[0]:
        return play_code(*best_play)
    # One group and nothing else, and ending now would lose: keep one card back.
    if group == JOKER:
        return play_code(JOKER, 0, max(1, jokers - 1))
    return play_code(group, max(1, hand[group] - 1), 0)


def _take_or_leave(game: State, clock: Clock) -> int:
    """Take the victim's layer when its cards add to the hand; ``clock`` is ``_clock(game, game.turn)``."""
    return TAKE if take_margin(game, clock) > 0 else LEAVE


def take_margin(game: State, clock: Clock | None = None) -> float:
    """What taking the victim's layer is worth to the player deciding, over leaving it.

    ``clock`` is ``_clock(game, game.turn)``, worked out when not given.
    """
    value, size, _ = game.displays[game.victim][-1]
    odds, plays = clock if clock is not None else _clock(game, game.turn)
    weights = weights_for(len(game.hands))
    return (_gain(game.hands[game.turn], value, size, odds, plays) - weights.take_cost * size
            + (weights.take_bonus * size if size >= 2 else 0.0))


def _back_or_discard(game: State, clock: Clock) -> int:
    """The victim takes the layer back unless fresh cards would add more; ``clock`` is the victim's."""
    value, size, _ = game.displays[game.victim][-1]
    odds, plays = clock
    hand = game.hands[game.victim]
    back = _gain(hand, value, size, odds, plays)
    if plays > 0:
        before, last = odds
        new_group = 0.6 if 13 - hand[1:14].count(0) < plays else 0.15
        fresh = [_card_gain(hand, slot[0], before, last, new_group) - (len(slot) - 1) for slot in game.pool]
    else:
        fresh = [0.0 - (len(slot) - 1) for slot in game.pool]
    fresh.sort(reverse=True)
    del fresh[size:]
    fresh += [DECK_GAIN] * (size - len(fresh))
    return BACK if back >= _total(fresh) else DISCARD


def _ending_wins(game: State, seat: int, size: int) -> bool:
    scores = game.scores()
    mine = scores[seat] + 2 * size
    best = max(s for i, s in enumerate(scores) if i != seat)
    return mine > best or (mine == best and game.rules.tiebreak == "fewest-hand")


def _draw(game: State, optional: bool, clock: Clock) -> int:
    """The best slot of the pool, or the deck, or a pass; ``clock`` is ``_clock(game, game.drawer)``."""
    (before, last), plays = clock
    hand = game.hands[game.drawer]
    best_slot, best = -1, DECK_GAIN if game.deck else -1e9
    if plays > 0:
        twice = _TWICE_SIZE
        fresh = 0.6 if 13 - hand[1:14].count(0) < plays else 0.15
        s = -1
        for slot in game.pool:
            s += 1
            if len(slot) == 1:
                # One card, as in every slot outside the duel: _card_gain,
                # inlined (drawing is the rollouts' most common decision).
                c = slot[0]
                if c == JOKER:
                    gain = 2.0
                else:
                    i = c * _SLOT + hand[c]
                    j = i + 1
                    if hand[c]:
                        gain = twice[j] * (before[j] * last[j]) - twice[i] * (before[i] * last[i])
                    else:
                        gain = twice[j] * (before[j] * last[j]) * fresh
                # (A group's sum starts from 1.0 - len(slot); adding that 0.0
                # here would change no float's value: gains are never -0.0.)
            else:
                gain = 1.0 - len(slot)
                for c in slot:
                    gain += _card_gain(hand, c, before, last, fresh)
            if gain > best:
                best, best_slot = gain, s
    if optional and best <= 1.0:
        return PASS
    if best_slot >= 0:
        return DRAW_POOL_BASE + best_slot
    return DRAW_DECK if game.deck else DRAW_POOL_BASE
