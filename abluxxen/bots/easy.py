"""The easy bot: a gentle opponent for new players.

It plays whole groups of one value (a random one, bigger groups more
often), rarely adds jokers, takes abluxxed cards only when it holds that
value, and draws pool cards that match its hand. It never looks ahead and
does not watch the clock, so it is easy to out-play, but it does not throw
its cards away either.
"""

from __future__ import annotations

import random

from ..engine.cards import JOKER
from ..engine.moves import BACK, DISCARD, DRAW_DECK, DRAW_POOL_BASE, LEAVE, PASS, TAKE, play_parts
from ..engine.phase import Phase
from ..engine.view import View
from .common import rng_for


class EasyBot:
    """Legal moves with a little sense.

    Args:
        seed: the same seed and view give the same move.
    """

    level = "easy"

    def __init__(self, *, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View) -> str:
        """A legal move for the seat the view belongs to."""
        codes = view.legal_actions()
        if not codes:
            raise ValueError("it is not this seat's decision")
        if len(codes) == 1:
            return view.action_text(codes[0])
        rng = rng_for(self.seed, view)
        return view.action_text(_choose(view, codes, rng))


def _choose(view: View, codes: list[int], rng: random.Random) -> int:
    phase = view.phase
    hand = view.hand_counts
    if phase == Phase.PLAY:
        return _play(hand, codes, rng)
    if phase == Phase.TAKE_OR_LEAVE:
        stake = view.stake()
        value = stake[0]
        return TAKE if value == JOKER or hand[value] else LEAVE
    if phase == Phase.BACK_OR_DISCARD:
        return BACK if len(view.stake()) >= 2 and rng.random() < 0.5 else DISCARD
    if phase in (Phase.DRAW, Phase.SINGLE_DRAW):
        matching = [c for c in codes if c >= DRAW_POOL_BASE
                    and any(card == JOKER or hand[card] for card in view.pool[c - DRAW_POOL_BASE])]
        if matching:
            return rng.choice(matching)
        if phase == Phase.SINGLE_DRAW and rng.random() < 0.5:
            return PASS
        return DRAW_DECK if DRAW_DECK in codes else rng.choice([c for c in codes if c != PASS])
    return rng.choice(codes)


def _play(hand: list[int], codes: list[int], rng: random.Random) -> int:
    """A whole group of one value, bigger groups more likely; jokers now and then."""
    whole = []
    for code in codes:
        value, numbers, jokers = play_parts(code)
        if value == JOKER:
            continue
        if numbers == hand[value] and (jokers == 0 or (jokers == hand[JOKER] and rng.random() < 0.1)):
            whole.append(code)
    if not whole:
        return rng.choice(codes)
    weights = [play_parts(c)[1] + play_parts(c)[2] for c in whole]
    return rng.choices(whole, weights=weights)[0]
