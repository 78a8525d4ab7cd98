"""The hard bot's rollout policy: a fast, sensible move for whoever decides.

A cut-down version of the normal bot's :class:`~abluxxen.bots.normal.Judge`:
whole groups are played, jokers join a set only to abluxx or to end the
game, and cards are taken or drawn when they match the hand. It reads the
deciding seat's own hand and the public state of a (determinized) game,
nothing else.

The odds that a set survives the opponents' turns are read from tables made
once per opponent hand size.
"""

from __future__ import annotations

import random

from ..cards import JOKER
from ..game import BACK_OR_DISCARD, CLOCKWISE_OTHERS, DRAW, PLAY, SHADOW, SINGLE_DRAW, TAKE_OR_LEAVE, Game
from ..layers import BEATS
from ..moves import BACK, DISCARD, DRAW_DECK, DRAW_POOL_BASE, LEAVE, PASS, SHADOW_BASE, TAKE, play_code
from .common import WILLING, can_beat
from .normal import CARDS_PER_TURN, DRAWN_PER_SEAT, HURT_WEIGHT, TAKE_WEIGHT

# What an abluxx is worth per card played: the points it costs the victim
# (weighted as the normal bot weighs hurting an average opponent) and the
# value of taking cards of a value we hold.
HURT = 2.0 * HURT_WEIGHT * 0.75
TAKE_BACK = TAKE_WEIGHT
# What a card from the deck adds to a hand, on average (rough).
DECK_GAIN = 0.4
# Random noise added to play values, so rollouts do not all follow one line.
NOISE = 0.3

# Sizes a table covers: up to the largest set, 8 cards of a value and 5 jokers.
_SLOT = 14


def _safe_table(hand_size: int, expert: bool) -> list[float]:
    """Per ``value * _SLOT + size``: chance that an opponent with this many cards does not abluxx the set."""
    table = [1.0] * (15 * _SLOT)
    for value in range(1, 15):
        if value == JOKER and not expert:
            continue  # lone jokers are safe
        for size in range(1, _SLOT):
            table[value * _SLOT + size] = 1.0 - WILLING * can_beat(hand_size, size, value, expert)
    return table


_SAFE: dict[tuple[int, bool], list[float]] = {}
_TWICE_SIZE = [2.0 * (i % _SLOT) for i in range(15 * _SLOT)]
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
            before = [x * y for x, y in zip(before, _safe(h, expert), strict=True)]
        _BEFORE[key] = before
    if len(cache) >= _ODDS_KEPT:
        cache.clear()
    odds = cache[opp] = (before, _safe(opp[-1], expert))
    return odds


def quick_action(game: Game, rng: random.Random, legal: list[int] | None = None) -> int:
    """A fast, sensible action code for whoever decides in ``game``.

    Args:
        game: a game (typically a determinization) that is not over.
        rng: breaks near-ties between plays.
        legal: the legal action codes, when the caller has them already.
    """
    phase = game.phase
    if phase == PLAY:
        return _play(game, rng)
    if phase == TAKE_OR_LEAVE:
        value, size, _ = game.displays[game.victim][-1]
        odds, plays = _clock(game, game.turn)
        hand = game.hands[game.turn]
        gain = _gain(hand, value, size, odds, plays) - size + (0.3 * size if size >= 2 else 0.0)
        return TAKE if gain > 0 else LEAVE
    if phase == BACK_OR_DISCARD:
        value, size, _ = game.displays[game.victim][-1]
        odds, plays = _clock(game, game.victim)
        hand = game.hands[game.victim]
        back = _gain(hand, value, size, odds, plays)
        fresh = sorted((_gain(hand, slot[0], 1, odds, plays) - (len(slot) - 1) for slot in game.pool),
                       reverse=True)[:size]
        fresh += [DECK_GAIN] * (size - len(fresh))
        return BACK if back >= sum(fresh) else DISCARD
    if phase == DRAW or phase == SINGLE_DRAW:
        return _draw(game, phase == SINGLE_DRAW)
    if phase == SHADOW:
        hand = game.hands[game.turn]
        return SHADOW_BASE + max(game.shadow_options, key=lambda v: (hand[v], v))
    if legal is None:
        legal = game.legal_actions()
    return legal[0]


def _clock(game: Game, seat: int) -> tuple[tuple[list[float], list[float]], int]:
    """The survival odds of ``seat``'s sets (see :func:`_odds`), and the plays left to it (this turn's included)."""
    hands = game.hands
    n = len(hands)
    opp = tuple([hands[o][0] for o in CLOCKWISE_OTHERS[n][seat]])
    cards_left = len(game.deck) + len(game.pool)
    rounds = min(min(opp) / CARDS_PER_TURN + 1, cards_left / (n * DRAWN_PER_SEAT) + 1)
    plays = max(0, int(rounds + 0.5) - (1 if game.turn == seat and game.phase != PLAY else 0))
    return _odds(opp, game._expert), plays


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


def _play(game: Game, rng: random.Random) -> int:
    """Whole groups only; a group's value counts its risk and what it abluxxes."""
    turn = game.turn
    hand = game.hands[turn]
    jokers = hand[JOKER]
    total = hand[0]
    lone = play_code(JOKER, 0, jokers)
    group = JOKER
    for v in range(1, 14):
        if hand[v]:
            group = v
            break
    if (group == JOKER or hand[group] + jokers == total) and _ending_wins(game, turn, total):
        return lone if group == JOKER else play_code(group, hand[group], jokers)
    (before, last), plays = _clock(game, turn)
    plays = max(0, plays - 1)
    twice = _TWICE_SIZE
    expert = game._expert
    displays = game.displays
    tops = [displays[o][-1] for o in CLOCKWISE_OTHERS[len(displays)][turn] if displays[o]]
    held = []
    for v in range(1, 14):
        if hand[v]:
            i = v * _SLOT + hand[v]
            held.append((twice[i] * (before[i] * last[i]), v))
    held.sort(reverse=True)
    counted = held[:plays + 1]
    counted_sum = sum([w for w, _ in counted])
    in_counted = {v for _, v in counted}
    later_sum = sum([w for w, _ in held[:plays]])
    shadow = game.shadow
    rand = rng.random
    best_code, best = -1, -1e9
    for set_worth, v in held:
        count = hand[v]
        # What the rest of the hand still earns in the plays left.
        if not plays:
            future = 0.0
        elif v in in_counted:
            future = counted_sum - set_worth
            if jokers and len(counted) - 1 < plays:
                future += 2.0 * jokers
        else:
            future = later_sum
        beaten = BEATS[expert][v]
        for j in (0, jokers) if jokers else (0,):
            size = count + j
            if size >= total:
                continue  # emptying the hand now would lose
            i = v * _SLOT + size
            score = twice[i] * (before[i] * last[i]) + future - 2.0 * j
            for top in tops:
                if top[1] == size and beaten[top[0]]:
                    score += HURT * size
                    if top[0] != JOKER and hand[top[0]] and top[0] != v:
                        score += size * TAKE_BACK
            if shadow[0]:
                for w in range(1, v):
                    if shadow[w] == size:
                        score += size * (0.5 if hand[w] else -0.5)
                        break
            score += rand() * NOISE
            if score > best:
                best, best_code = score, play_code(v, count, j)
    if jokers and jokers < total:
        i = JOKER * _SLOT + jokers
        score = twice[i] * (before[i] * last[i]) + later_sum + rand() * NOISE
        if score > best:
            best, best_code = score, lone
    if best_code >= 0:
        return best_code
    # One group and nothing else, and ending now would lose: keep one card back.
    if group == JOKER:
        return play_code(JOKER, 0, max(1, jokers - 1))
    return play_code(group, max(1, hand[group] - 1), 0)


def _ending_wins(game: Game, seat: int, size: int) -> bool:
    scores = game.scores()
    mine = scores[seat] + 2 * size
    best = max(s for i, s in enumerate(scores) if i != seat)
    return mine > best or (mine == best and game.rules.tiebreak == "fewest-hand")


def _draw(game: Game, optional: bool) -> int:
    odds, plays = _clock(game, game.drawer)
    hand = game.hands[game.drawer]
    best_slot, best = -1, DECK_GAIN if game.deck else -1e9
    if plays > 0:
        groups = 13 - hand[1:14].count(0)
        gains: dict[int, float] = {}
        for i, slot in enumerate(game.pool):
            gain = 1.0 - len(slot)
            for c in slot:
                g = gains.get(c)
                if g is None:
                    g = gains[c] = _gain(hand, c, 1, odds, plays, groups)
                gain += g
            if gain > best:
                best, best_slot = gain, i
    if optional and best <= 1.0:
        return PASS
    if best_slot >= 0:
        return DRAW_POOL_BASE + best_slot
    return DRAW_DECK if game.deck else DRAW_POOL_BASE
