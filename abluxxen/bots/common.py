"""What every bot needs: a seat's situation as plain numbers, stable seeds,
and the odds that a set gets abluxxed.

A :class:`Situation` is built from a :class:`~abluxxen.engine.view.View`: what a
seat may know, and nothing else.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from functools import cache
from math import comb

from ..engine.cards import DECK_SIZE, JOKER, counts_of
from ..engine.layers import Layer, layer_of
from ..engine.state import BACK_OR_DISCARD, DRAW, OVER, PLAY, SHADOW, SINGLE_DRAW, TAKE_OR_LEAVE
from ..engine.view import View


@dataclass
class Situation:
    """The deciding seat's situation as plain numbers.

    Attributes:
        seat: the deciding seat.
        players: number of seats.
        phase: phase code of :mod:`abluxxen.engine.game` (``PLAY`` …).
        turn: the active player (attacker).
        hand: the seat's own hand as a count array (index 0 = total).
        sizes: cards in every hand.
        tops: per seat, the top layer ``(value, size, jokers)`` or ``None``.
        shown: cards in every display.
        known: per seat, count arrays of cards everybody knows are in that hand.
        pool: pool slots in order.
        deck_size: cards in the deck.
        shadow: the duel shadow as a count array (all zero outside the duel).
        unseen: count array of the cards this seat cannot see.
        victim: the seat being abluxxed, or -1.
        stake: the abluxxed layer being decided on, or ``None``.
        queue: victims still to resolve this turn.
        draws_left: draws still to make in a draw phase.
        expert: whether 1s abluxx 13s and lone jokers.
        single_draw: whether a turn without abluxx ends with an optional draw.
        tiebreak: ``"fewest-hand"`` or ``"shared"``.
    """

    seat: int
    players: int
    phase: int
    turn: int
    hand: list[int]
    sizes: list[int]
    tops: list[Layer | None]
    shown: list[int]
    known: list[list[int]]
    pool: list[tuple[int, ...]]
    deck_size: int
    shadow: list[int]
    unseen: list[int]
    victim: int
    stake: Layer | None
    queue: list[int]
    draws_left: int
    expert: bool
    single_draw: bool
    tiebreak: str

    @property
    def scores(self) -> list[int]:
        """Per seat: display cards minus hand cards."""
        return [d - h for d, h in zip(self.shown, self.sizes, strict=True)]

    @property
    def opponents(self) -> list[int]:
        """The other seats, clockwise from the left neighbour."""
        n = self.players
        return [(self.seat + i) % n for i in range(1, n)]



def situation_of_view(view: View) -> Situation:
    """The situation of the seat a view belongs to."""
    phase = view.phase
    stake = view.stake()
    return Situation(
        seat=view.seat, players=view.players, phase=phase, turn=view.turn,
        hand=counts_of(view.hand), sizes=list(view.hand_sizes),
        tops=[layer_of(d[-1]) if d else None for d in view.displays],
        shown=[sum(len(layer) for layer in d) for d in view.displays],
        known=[counts_of(k) for k in view.known], pool=list(view.pool),
        deck_size=view.deck_size, shadow=counts_of(view.shadow), unseen=view.unseen(),
        victim=-1 if view.victim is None else view.victim,
        stake=layer_of(stake) if stake else None, queue=list(view.queue),
        draws_left=view.draws_left, expert=view.rules.ones_beat_top,
        single_draw=view.rules.single_draw, tiebreak=view.rules.tiebreak,
    )


def stable_seed(seed: int | None, view: View) -> int:
    """A seed that depends only on the bot's seed and what the view holds.

    Python's ``hash`` of strings changes between runs, so the view is hashed
    through its JSON form instead: the same seed and the same view give the
    same seed in every process.
    """
    text = json.dumps([seed, view.to_json(), [list(k) for k in view.known]], sort_keys=True)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def rng_for(seed: int | None, view: View) -> random.Random:
    """A random generator for one decision, reproducible from seed and view."""
    if seed is None:
        return random.Random()
    return random.Random(stable_seed(seed, view))


# -- how likely a set gets abluxxed --------------------------------------------

@cache
def _binom_cdf_below(n: int, p: float, k: int) -> float:
    """P(X < k) for X ~ Binomial(n, p)."""
    return sum(comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(0, min(k, n + 1)))


@cache
def _joker_odds(hand_size: int) -> tuple[float, ...]:
    """Per count of jokers, from none to five (at most ``hand_size``): its chance in a random hand."""
    q_joker = 5 / DECK_SIZE
    return tuple(comb(hand_size, jokers) * q_joker ** jokers * (1 - q_joker) ** (hand_size - jokers)
                 for jokers in range(0, min(hand_size, 5) + 1))


_NO_ODDS = (0.0,) * (JOKER + 1)


def beat_odds(hand_size: int, size: int, expert: bool) -> tuple[float, ...]:
    """Per value (index 1 to ``JOKER``): :func:`can_beat` for a layer of ``size`` cards of it.

    One pass serves every value: the bots' odds tables want whole rows.
    """
    if hand_size < size or size <= 0:
        return _NO_ODDS
    return _beat_odds(min(hand_size, 40), size, expert)


@cache
def _beat_odds(h: int, size: int, expert: bool) -> tuple[float, ...]:
    q_num = 8 / DECK_SIZE
    miss = [0.0] * (JOKER + 1)
    for jokers, p_j in enumerate(_joker_odds(h)):
        if jokers >= size:
            # Enough jokers alone: they beat anything but lone jokers (equal).
            miss[JOKER] += p_j * 1.0
            continue
        # none[k]: the chance that none of k values beating the layer has
        # enough cards, multiplied out one factor at a time.
        below = _binom_cdf_below(h - jokers, q_num, size - jokers)
        none = [1.0]
        for _ in range(13):
            none.append(none[-1] * below)
        for value in range(1, JOKER + 1):
            higher = 13 - value if value < JOKER else 0
            if expert and value >= 13:
                higher += 1  # 1s beat 13s and lone jokers
            miss[value] += p_j * none[higher]
    return tuple(max(0.0, min(1.0, 1.0 - m)) for m in miss)


def can_beat(hand_size: int, size: int, value: int, expert: bool) -> float:
    """Chance that a random hand of ``hand_size`` cards can abluxx a layer.

    The layer has ``size`` cards of ``value`` (``JOKER`` for lone jokers);
    the hand must hold ``size`` cards of one higher value, jokers counting
    as any value (or, in the expert variant, 1s against 13s and lone jokers).
    Values are treated as independent draws from the full deck's mix.
    """
    return beat_odds(hand_size, size, expert)[value]


# How often an opponent who can abluxx a layer actually plays to do it.
WILLING = 0.3


def exposure(sit: Situation, value: int, size: int) -> float:
    """Chance that our new top layer is abluxxed before our next turn."""
    if value == JOKER and not sit.expert:
        return 0.0
    safe = 1.0
    for opp in sit.opponents:
        p = can_beat(sit.sizes[opp], size, value, sit.expert)
        known = sit.known[opp]
        if known[0] and _known_beats(known, value, size, sit.expert):
            p = 1.0
        safe *= 1.0 - WILLING * p
    return 1.0 - safe


def _known_beats(known: list[int], value: int, size: int, expert: bool) -> bool:
    jokers = known[JOKER]
    if value < JOKER and jokers >= size:
        return True
    for w in range(value + 1, 14):
        if known[w] + jokers >= size:
            return True
    return expert and value >= 13 and known[1] + jokers >= size


__all__ = ["Situation", "situation_of_view", "stable_seed", "rng_for", "can_beat", "beat_odds", "exposure",
           "layer_of", "PLAY", "SHADOW", "TAKE_OR_LEAVE", "BACK_OR_DISCARD", "DRAW", "SINGLE_DRAW", "OVER"]
