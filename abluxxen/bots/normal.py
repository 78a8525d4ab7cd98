"""The normal bot: a heuristic player that plays like a good human.

Every legal move gets a value in points, an estimate of what it does to the
final score difference:

* a play earns two points per card (out of the hand, into the display),
  less what it loses if the new layer is abluxxed before our next turn;
* abluxxing an opponent costs them two points per card, and taking the cards
  is worth what they add to our hand's *potential*;
* the hand's potential is what its sets will earn when played in the turns
  left: big sets (a "bank" of 1s) are hard to abluxx, jokers top a set or
  win a fight, single low cards are bait that refreshes the hand from the pool;
* the number of turns left is read from the opponents' hand sizes and the
  deck, so the bot stops taking cards when the end is near.

:class:`Judge` holds this reusable scoring; :mod:`abluxxen.bots.quick` is a
much cheaper version that the hard bot uses in its rollouts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import ceil
from typing import Any

from ..engine.cards import JOKER
from ..engine.layers import beats, layer_cards
from ..engine.moves import BACK, DRAW_DECK, DRAW_POOL_BASE, PASS, SHADOW_BASE, TAKE, play_parts
from ..engine.view import View
from ..i18n.tr import Tr
from .common import (
    BACK_OR_DISCARD,
    DRAW,
    PLAY,
    SHADOW,
    SINGLE_DRAW,
    TAKE_OR_LEAVE,
    Situation,
    exposure,
    rng_for,
    situation_of_view,
)

# The reasons' English (``str(reason)``); a front end says them in its language with ``Tr.why``.
_ENGLISH = Tr("en")

# Cards an opponent plays per turn on average, to guess when a hand runs out.
CARDS_PER_TURN = 3.0
# Cards that leave deck and pool per round and player, to guess when they run out.
DRAWN_PER_SEAT = 1.3
# How much the refill after a bait is worth, and an abluxx's take value.
BAIT_WEIGHT = 0.7
TAKE_WEIGHT = 0.8
# Worth of the points an abluxx costs the leading opponent (others: half).
HURT_WEIGHT = 0.4


@dataclass(frozen=True)
class Reason:
    """Why the normal bot likes a move: a key of ``i18n/reasons.py``'s ``REASONS`` and its details.

    ``str(reason)`` is the English; ``params`` holds what a translation
    needs: ``cards`` (a set as card ints), ``victims`` (seats), ``value``.

    Attributes:
        key: one of :data:`REASONS`.
        params: the details, as ``(name, value)`` pairs.
    """

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> Reason:
        """A reason with its details."""
        return cls(key, tuple(sorted(params.items())))

    @property
    def details(self) -> dict[str, Any]:
        """The params as a dict."""
        return dict(self.params)

    def __str__(self) -> str:
        return _ENGLISH.why(self)


class Judge:
    """Values of moves for one decision of one seat.

    Args:
        sit: the deciding seat's situation.
        names: the players' names, for the reasons (default ``seat 1`` …).
    """

    def __init__(self, sit: Situation, names: tuple[str, ...] | None = None) -> None:
        self.sit = sit
        self.names = names or tuple(f"seat {s + 1}" for s in range(sit.players))
        self._exposure: dict[tuple[int, int], float] = {}
        self._set_values: dict[tuple[int, int], float] = {}
        # Potentials by hand and plays: weighing the plays and draws of one
        # decision asks for the same hands again and again (a draw of a pool
        # card and of the same card from the deck, one draw and the first of two).
        self._potentials: dict[tuple[tuple[int, ...], int], float] = {}
        rounds = self.rounds_left()
        mine = sit.turn == sit.seat and sit.phase != PLAY
        # Plays still to come for this seat, the current turn's play included.
        self.plays = max(0, rounds - 1) if mine else rounds
        scores = sit.scores
        opp_best = max(scores[o] for o in sit.opponents)
        self.leader = [o for o in sit.opponents if scores[o] == opp_best][0]

    # -- the clock --------------------------------------------------------------

    def rounds_left(self) -> int:
        """Rounds until the game is likely over, the current one included."""
        sit = self.sit
        by_hand = min(ceil(sit.sizes[o] / CARDS_PER_TURN) for o in sit.opponents)
        cards_left = sit.deck_size + sum(len(slot) for slot in sit.pool)
        by_deck = ceil(cards_left / (sit.players * DRAWN_PER_SEAT)) + 1
        return max(1, min(by_hand, by_deck, 15))

    # -- values of sets and hands ------------------------------------------------

    def exposure(self, value: int, size: int) -> float:
        """Chance that a new top layer of ours is abluxxed before our next turn."""
        key = (value, size)
        risk = self._exposure.get(key)
        if risk is None:
            risk = self._exposure[key] = exposure(self.sit, value, size)
        return risk

    def set_value(self, value: int, size: int) -> float:
        """What playing a set earns, counting the risk of losing it."""
        key = (value, size)
        worth = self._set_values.get(key)
        if worth is None:
            worth = self._set_values[key] = 2.0 * size * (1.0 - self.exposure(value, size))
        return worth

    def potential(self, hand: list[int], plays: int | None = None) -> float:
        """What the hand's sets will earn when played in the turns left.

        Jokers go greedily where they add the most (topping a set, or a
        lone-joker set nobody can abluxx); only the best ``plays`` sets count.
        """
        if plays is None:
            plays = self.plays
        if plays <= 0 or not hand[0]:
            return 0.0
        key = (tuple(hand), plays)
        known = self._potentials.get(key)
        if known is None:
            known = self._potentials[key] = self._potential(hand, plays)
        return known

    def _potential(self, hand: list[int], plays: int) -> float:
        set_value = self.set_value
        sets = [[v, hand[v]] for v in range(1, 14) if hand[v]]
        jokers = hand[JOKER]
        lone = 0
        for _ in range(jokers):
            best_gain = set_value(JOKER, lone + 1) - (set_value(JOKER, lone) if lone else 0.0)
            best: list[int] | None = None
            for s in sets:
                gain = set_value(s[0], s[1] + 1) - set_value(s[0], s[1])
                if gain > best_gain:
                    best_gain, best = gain, s
            if best is None:
                lone += 1
            else:
                best[1] += 1
        values = [set_value(v, n) for v, n in sets]
        if lone:
            values.append(set_value(JOKER, lone))
        values.sort(reverse=True)
        return sum(values[:plays])

    def deck_gain(self, hand: list[int], plays: int) -> float:
        """Expected potential gained by adding one unseen card to the hand."""
        unseen = self.sit.unseen
        if unseen[0] <= 0:
            return 0.0
        base = self.potential(hand, plays)
        total = 0.0
        for c in range(1, 15):
            if unseen[c]:
                total += unseen[c] * (self.potential(_plus(hand, (c,)), plays) - base)
        return total / unseen[0]

    def refill_gain(self, hand: list[int], draws: int, plays: int) -> float:
        """Potential gained by ``draws`` draws, each the best pool card or the deck."""
        pool = list(self.sit.pool)
        now = hand
        gained = 0.0
        for _ in range(draws):
            base = self.potential(now, plays)
            deck = self.deck_gain(now, plays) if self.sit.deck_size else float("-inf")
            best, pick = deck, -1
            for i, slot in enumerate(pool):
                gain = self.potential(_plus(now, slot), plays) - base - (len(slot) - 1)
                if gain > best:
                    best, pick = gain, i
            if pick < 0:
                if best == float("-inf"):
                    break
                gained += best
                continue
            gained += best
            now = _plus(now, pool.pop(pick))
        return gained

    def weight(self, opp: int) -> float:
        """How much hurting an opponent is worth to us (the leader counts most)."""
        if self.sit.players == 2:
            return HURT_WEIGHT
        return HURT_WEIGHT * (0.5 + (0.5 if opp == self.leader else 0.0))

    # -- moves --------------------------------------------------------------------

    def play(self, code: int) -> tuple[float, Reason]:
        """Value of a play, with its main reason."""
        sit = self.sit
        value, numbers, jokers = play_parts(code)
        size = numbers + jokers
        after = sit.hand[:]
        if value != JOKER:
            after[value] -= numbers
        after[JOKER] -= jokers
        after[0] -= size
        if not after[0]:
            return self._final_play(size)
        plays = max(0, self.plays - 1)
        keep = self.set_value(value, size)
        future = self.potential(after, plays)
        gain, victims = 0.0, []
        for opp in sit.opponents:
            top = sit.tops[opp]
            if top is not None and top[1] == size and beats(value, top[0], sit.expert):
                victims.append(opp)
                take = self.potential(_plus(after, layer_cards(top)), plays) - future - size
                gain += 2.0 * size * self.weight(opp) + max(0.0, take) * TAKE_WEIGHT
        shadow_gain = self._shadow_gain(after, value, size, plays, future)
        if shadow_gain is not None:
            gain += shadow_gain
        elif not victims and sit.single_draw and plays > 0:
            gain += 0.5 * max(0.0, self.refill_gain(after, 1, plays) - 1.0)
        bait = 0.0
        risk = self.exposure(value, size)
        if size <= 2 and plays > 0:
            bait = BAIT_WEIGHT * risk * max(0.0, self.refill_gain(after, size, plays))
        total = keep + gain + future + bait
        cards = (value,) * numbers + (JOKER,) * jokers
        reason = self._play_reason(cards, victims, keep, bait, risk, shadow_gain)
        return total, reason

    def _final_play(self, size: int) -> tuple[float, Reason]:
        """Playing the last cards ends the game at once: win or lose now."""
        sit = self.sit
        scores = sit.scores
        mine = scores[sit.seat] + 2 * size
        best = max(scores[o] for o in sit.opponents)
        wins = mine > best or (mine == best and sit.tiebreak == "fewest-hand")
        if wins:
            return 1000.0 + mine - best, Reason.of("ends-in-lead")
        return -500.0 + mine - best, Reason.of("ends-behind")

    def _shadow_gain(self, after: list[int], value: int, size: int, plays: int,
                     future: float) -> float | None:
        shadow = self.sit.shadow
        if not shadow[0]:
            return None
        options = [v for v in range(1, 14) if shadow[v] == size and beats(value, v, self.sit.expert)]
        if not options:
            return None
        return max(self.potential(_plus(after, (v,) * size), plays) - future - size for v in options)

    def _play_reason(self, cards: tuple[int, ...], victims: list[int], keep: float, bait: float, risk: float,
                     shadow_gain: float | None) -> Reason:
        jokers = cards.count(JOKER)
        value = cards[0]
        size = len(cards)
        if victims:
            names = " and ".join(self.names[v] for v in victims)
            if jokers and value != JOKER:
                key = "abluxx-jokers" if jokers > 1 else "abluxx-joker"
                return Reason.of(key, victims=tuple(victims), names=names)
            return Reason.of("abluxx", victims=tuple(victims), names=names)
        if shadow_gain is not None:
            return Reason.of("abluxx-shadow")
        if value == JOKER:  # in the expert variant 1s abluxx them
            return Reason.of("lone-jokers-expert" if self.sit.expert else "lone-jokers")
        if bait > keep and risk > 0.5:
            return Reason.of("bait")
        if size >= 4 and risk < 0.2:
            return Reason.of("bank", cards=cards)
        if jokers:
            return Reason.of("jokers-top" if jokers > 1 else "joker-tops")
        if risk < 0.3:
            return Reason.of("safe")
        return Reason.of("keeps-better")

    def take(self) -> tuple[float, float, Reason]:
        """Values of take and leave, with a reason for the better one."""
        sit = self.sit
        assert sit.stake is not None
        cards = layer_cards(sit.stake)
        base = self.potential(sit.hand)
        fit = self.potential(_plus(sit.hand, cards)) - base
        denial = 0.3 * len(cards) * self.weight(sit.victim) if len(cards) >= 2 else 0.0
        take = fit - len(cards) + denial
        if take > 0:
            return take, 0.0, Reason.of("take-fits", cards=cards)
        if self.plays <= 2:
            return take, 0.0, Reason.of("take-end-near", cards=cards)
        return take, 0.0, Reason.of("leave-no-fit", cards=cards)

    def back(self) -> tuple[float, float, Reason]:
        """Values of back and discard, with a reason for the better one."""
        sit = self.sit
        assert sit.stake is not None
        cards = layer_cards(sit.stake)
        back = self.potential(_plus(sit.hand, cards)) - self.potential(sit.hand)
        discard = self.refill_gain(sit.hand, len(cards), self.plays)
        if back >= discard:
            return back, discard, Reason.of("back-keep", cards=cards)
        return back, discard, Reason.of("discard-fresh")

    def draws(self, codes: list[int]) -> list[tuple[float, Reason]]:
        """Values of the draw options (and of passing)."""
        sit = self.sit
        plays = self.plays
        hand = sit.hand
        base = self.potential(hand, plays)
        out = []
        for code in codes:
            if code == PASS:
                out.append((0.0, Reason.of("pass")))
            elif code == DRAW_DECK:
                out.append((self.deck_gain(hand, plays) - 1.0, Reason.of("deck")))
            else:
                slot = sit.pool[code - DRAW_POOL_BASE]
                gain = self.potential(_plus(hand, slot), plays) - base - len(slot)
                out.append((gain, _draw_reason(hand, slot)))
        return out

    def shadow(self, codes: list[int]) -> list[tuple[float, Reason]]:
        """Values of the shadow groups the attacker may choose."""
        sit = self.sit
        out = []
        for code in codes:
            v = code - SHADOW_BASE
            gain = self.potential(_plus(sit.hand, (v,) * sit.shadow[v]))
            out.append((gain, Reason.of("shadow-fits", value=v, cards=(v,) * sit.shadow[v])))
        return out

    # -- choosing -------------------------------------------------------------------

    def scored(self, codes: list[int]) -> list[tuple[float, Reason]]:
        """A value and a reason for each legal action code."""
        phase = self.sit.phase
        if phase == PLAY:
            return [self.play(c) for c in codes]
        if phase == TAKE_OR_LEAVE:
            take, leave, why = self.take()
            return [(take if c == TAKE else leave, why) for c in codes]
        if phase == BACK_OR_DISCARD:
            back, discard, why = self.back()
            return [(back if c == BACK else discard, why) for c in codes]
        if phase in (DRAW, SINGLE_DRAW):
            return self.draws(codes)
        if phase == SHADOW:
            return self.shadow(codes)
        return [(0.0, Reason.of("only-move")) for _ in codes]


def choose_scored(codes: list[int], scored: list[tuple[float, Reason]],
                  rng: random.Random) -> tuple[int, Reason]:
    """The best-valued code (ties broken by ``rng``) and its reason."""
    best = max(v for v, _ in scored)
    ties = [i for i, (v, _) in enumerate(scored) if v >= best - 1e-9]
    i = ties[0] if len(ties) == 1 else rng.choice(ties)
    return codes[i], scored[i][1]


def decide(view: View, rng: random.Random) -> tuple[str, Reason]:
    """The normal bot's move for a view, and why."""
    codes = view.legal_actions()
    if not codes:
        raise ValueError("it is not this seat's decision")
    if len(codes) == 1:
        return view.action_text(codes[0]), Reason.of("only-move")
    judge = Judge(situation_of_view(view), view.names)
    code, why = choose_scored(codes, judge.scored(codes), rng)
    return view.action_text(code), why


def reason_for(view: View, move: str) -> Reason:
    """The normal bot's reason for a legal ``move`` of the view's seat (the one :func:`decide` gives when
    it plays that move).

    Raises:
        ValueError: when ``move`` is not a legal move of the view's seat.
    """
    codes = view.legal_actions()
    if len(codes) == 1 and view.action_text(codes[0]) == move:
        return Reason.of("only-move")
    judge = Judge(situation_of_view(view), view.names)
    for code, (_, why) in zip(codes, judge.scored(codes), strict=True):
        if view.action_text(code) == move:
            return why
    raise ValueError(f"{move!r} is not a legal move here")


class NormalBot:
    """A heuristic player (see the module docstring).

    Args:
        seed: makes tie-breaks reproducible: the same seed and view give
            the same move.
    """

    level = "normal"

    def __init__(self, *, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View) -> str:
        """A legal move for the seat the view belongs to."""
        return decide(view, rng_for(self.seed, view))[0]


def _plus(hand: list[int], cards: tuple[int, ...] | list[int]) -> list[int]:
    out = hand[:]
    for c in cards:
        out[c] += 1
    out[0] += len(cards)
    return out


def _draw_reason(hand: list[int], slot: tuple[int, ...]) -> Reason:
    if len(slot) > 1:  # a duel pool group comes whole, and is named whole
        held = [c for c in slot if c != JOKER and hand[c]]
        if JOKER in slot:
            return Reason.of("draw-group-joker", cards=slot)
        if held:
            return Reason.of("draw-group-grows", cards=slot, value=held[0])
        return Reason.of("draw-group-best", cards=slot)
    if JOKER in slot:
        return Reason.of("draw-joker")
    c = slot[0]
    if hand[c]:
        return Reason.of("draw-grows", value=c)
    return Reason.of("draw-best", value=c)
