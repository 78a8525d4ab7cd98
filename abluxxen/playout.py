"""Random playouts: a game played to its end fast, for bots' rollouts.

:func:`random_playout` plays every remaining decision of a :class:`~.game.Game`
in place, following the rules exactly as :meth:`Game.apply_action
<abluxxen.game.Game.apply_action>` does, but on the count arrays directly: no
list of legal moves, no strings, no events. Typical use in a search::

    sim = view.sample(rng)          # or game.copy()
    sim.apply_action(code)          # the move being evaluated
    random_playout(sim, rng)
    sim.scores(), sim.winners()

With no policy the playout picks uniformly among the legal moves: each
decision takes ``codes[int(rng.random() * len(codes))]`` of
``game.legal_actions()`` (the same choice as that loop, so the two reach the
same end from the same ``rng`` state). A :class:`PlayoutPolicy` skews the cheap
choices and can hand the play to a function of yours.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .cards import JOKER, POOL_SIZE
from .game import BACK_OR_DISCARD, CLOCKWISE_OTHERS, DRAW, OVER, PLAY, SHADOW, SINGLE_DRAW, TAKE_OR_LEAVE, Game
from .moves import PLAY_BASE

PlayChooser = Callable[[Game, random.Random], int]


@dataclass(frozen=True)
class PlayoutPolicy:
    """Cheap ways to choose in a playout; a field left ``None`` means uniform.

    Attributes:
        take: chance that the attacker takes an abluxxed layer (else leaves);
            uniform is 0.5.
        back: chance that the victim takes the left cards back (else
            discards); uniform is 0.5.
        draw: chance of drawing rather than passing in the base game's single
            draw; uniform passes as often as it takes any one card.
        play: called at the start of each turn, with the game in the ``play``
            phase (its public state up to date) and the playout's ``rng``;
            returns the code of a legal play (one of ``game.legal_actions()``).
            The playout trusts it: an illegal code corrupts the game.
    """

    take: float | None = None
    back: float | None = None
    draw: float | None = None
    play: PlayChooser | None = None


def random_playout(game: Game, rng: random.Random, *, policy: PlayoutPolicy | None = None) -> int:
    """Play ``game`` to its end in place with cheap random choices.

    Every pool draw, refill, abluxx, shadowluxx (duel) and game end follows
    the rules exactly; the game may start in any phase (mid-turn included)
    and is left finished (``game.is_over``), its ``known`` cards kept up to
    date, so that ``scores()``, ``winners()``, ``outcome()`` and
    ``to_json()`` work as after any other game.

    Args:
        game: the game to finish; changed in place (copy it first to keep it).
        rng: the only source of randomness: the same ``rng`` state and game
            give the same end.
        policy: how to choose; ``None`` picks uniformly among the legal moves
            (see the module docstring).

    Returns:
        The number of decisions made.
    """
    if game.phase == OVER:
        return 0
    pol = policy or _UNIFORM
    take_p = 0.5 if pol.take is None else pol.take
    back_p = 0.5 if pol.back is None else pol.back
    draw_p = pol.draw
    chooser = pol.play
    rand = rng.random

    rules = game.rules
    n = rules.players
    expert = game._expert
    single_draw = rules.single_draw
    others = CLOCKWISE_OTHERS[n]
    hands, known, displays = game.hands, game.known, game.displays
    pool, deck, discard, shadow = game.pool, game.deck, game.discard, game.shadow
    phase, turn, victim = game.phase, game.turn, game.victim
    queue = game.queue[:]
    drawer, draws_left = game.drawer, game.draws_left
    options = game.shadow_options[:]
    decisions = 0
    # Each branch below ends either by setting ``phase`` for the next
    # decision or by breaking out with (reason, seat) for the game's end.
    end: tuple[str, int] | None = None
    while True:
        decisions += 1
        abluxxed = True
        if phase == PLAY:
            hand = hands[turn]
            jokers_held = hand[JOKER]
            if chooser is None:
                per = jokers_held + 1
                numbers_held = hand[0] - jokers_held
                k = int(rand() * (numbers_held * per + jokers_held))
                if k < numbers_held * per:
                    q = k // per
                    jokers = k - q * per
                    value = 1
                    while q >= hand[value]:
                        q -= hand[value]
                        value += 1
                    numbers = q + 1
                else:
                    value, numbers, jokers = JOKER, 0, k - numbers_held * per + 1
            else:
                game.turn, game.phase, game.victim, game.queue = turn, PLAY, -1, []
                game.drawer, game.draws_left, game.shadow_options = -1, 0, []
                x = chooser(game, rng) - PLAY_BASE
                value, numbers, jokers = x >> 7, (x >> 3) & 15, x & 7
            size = numbers + jokers
            hand[value] -= numbers
            hand[JOKER] -= jokers
            hand[0] -= size
            mine = known[turn]
            if mine[0]:
                # Played cards come out of the known ones first, as in Game.
                gone = min(mine[value], numbers)
                mine[value] -= gone
                mine[0] -= gone
                gone = min(mine[JOKER], jokers)
                mine[JOKER] -= gone
                mine[0] -= gone
            displays[turn].append((value, size, jokers))
            if not hand[0]:
                end = ("hand-empty", turn)
                break
            queue = []
            for seat in others[turn]:
                shown = displays[seat]
                if shown:
                    top = shown[-1]
                    if top[1] == size and (value > top[0] or (expert and value == 1 and top[0] >= 13)):
                        queue.append(seat)
            abluxxed = False
            if shadow[0]:
                # Only lower groups qualify (and, in the expert game, 13s to a set of 1s).
                options = [v for v in range(1, min(value, 14)) if shadow[v] == size]
                if expert and value == 1 and shadow[13] == size:
                    options.append(13)
                if len(options) > 1:
                    phase = SHADOW
                    continue
                if options:
                    _shadowluxx(game, turn, options[0])
                    options = []
                    abluxxed = True
        elif phase == TAKE_OR_LEAVE:
            if rand() < take_p:
                value, size, jokers = displays[victim].pop()
                for holder in (hands[turn], known[turn]):
                    if value != JOKER:
                        holder[value] += size - jokers
                    holder[JOKER] += jokers
                    holder[0] += size
                if not deck and not pool:
                    end = ("exhausted", victim)
                    break
                phase, drawer, draws_left = DRAW, victim, size
                continue
            phase = BACK_OR_DISCARD
            continue
        elif phase == BACK_OR_DISCARD:
            value, size, jokers = displays[victim].pop()
            if rand() < back_p:
                for holder in (hands[victim], known[victim]):
                    if value != JOKER:
                        holder[value] += size - jokers
                    holder[JOKER] += jokers
                    holder[0] += size
            else:
                if value == JOKER:
                    discard.extend([JOKER] * size)
                else:
                    discard.extend([value] * (size - jokers) + [JOKER] * jokers)
                if not deck and not pool:
                    end = ("exhausted", victim)
                    break
                phase, drawer, draws_left = DRAW, victim, size
                continue
        elif phase == DRAW or phase == SINGLE_DRAW:
            # The legal draws name each different pool slot once, first one first.
            slots = list(dict.fromkeys(pool))
            if phase == SINGLE_DRAW and draw_p is not None:
                count = len(slots) + (1 if deck else 0)
                k = int(rand() * count) if rand() < draw_p else count
            else:
                count = len(slots) + (1 if deck else 0) + (1 if phase == SINGLE_DRAW else 0)
                k = int(rand() * count)
            hand = hands[drawer]
            if deck and k == 0:
                card = deck.pop()
                hand[card] += 1
                hand[0] += 1
            else:
                k -= 1 if deck else 0
                if k == len(slots):  # pass (single draw only)
                    phase = PLAY
                    turn = (turn + 1) % n
                    victim = drawer = -1
                    draws_left = 0
                    continue
                cards = slots[k]
                pool.remove(cards)
                mine = known[drawer]
                for card in cards:
                    hand[card] += 1
                    mine[card] += 1
                hand[0] += len(cards)
                mine[0] += len(cards)
            if not deck and not pool:
                end = ("exhausted", drawer)
                break
            draws_left -= 1
            if draws_left:
                continue
            while len(pool) < POOL_SIZE and deck:
                pool.append((deck.pop(),))
            if phase == SINGLE_DRAW:
                phase = PLAY
                turn = (turn + 1) % n
                victim = drawer = -1
                draws_left = 0
                continue
        elif phase == SHADOW:
            _shadowluxx(game, turn, options[int(rand() * len(options))])
            options = []
        else:  # pragma: no cover - phase OVER is handled above
            raise AssertionError(f"unknown phase {phase}")
        # The next victim, else the single draw or the next turn.
        if queue:
            victim = queue.pop(0)
            phase = TAKE_OR_LEAVE
        elif not abluxxed and single_draw:
            victim = -1
            phase, drawer, draws_left = SINGLE_DRAW, turn, 1
        else:
            phase = PLAY
            turn = (turn + 1) % n
            victim = drawer = -1
            draws_left = 0
    game.turn, game.phase, game.victim, game.queue = turn, phase, victim, queue
    game.drawer, game.draws_left, game.shadow_options = drawer, draws_left, options
    game._end(end[0], end[1], None)
    return decisions


def _shadowluxx(game: Game, turn: int, value: int) -> None:
    """The attacker takes the shadow group of ``value``; the shadow is refilled."""
    shadow = game.shadow
    count = shadow[value]
    shadow[value] = 0
    shadow[0] -= count
    for holder in (game.hands[turn], game.known[turn]):
        holder[value] += count
        holder[0] += count
    game._refill_shadow(None)


_UNIFORM = PlayoutPolicy()

__all__ = ["PlayoutPolicy", "random_playout", "PlayChooser"]
