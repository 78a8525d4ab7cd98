"""The rules engine: the state of one game of Abluxxen and the rules that move it on.

The state is kept in small ints and count arrays so that bots can copy it
and play thousands of games per decision; the string API (``legal_moves``
and ``push``) is a thin layer over the action codes of :mod:`.moves`.

:class:`State` knows nothing of views and saves: :mod:`.view` and
:mod:`.save` read and build states, and :class:`~abluxxen.engine.game.Game`, the
contract's class, is a state with a view and a save document of its own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Self

from ..names import check_names
from .cards import (
    HAND_SIZE,
    JOKER,
    POOL_SIZE,
    SHADOW_SIZE,
    cards_of,
    full_deck,
)
from .events import Event
from .judge import Position, judge, read_move
from .layers import BEATS, Layer, beats, layer_cards, shadow_options
from .moves import (
    BACK,
    CODE_OF_TEXT,
    DISCARD,
    DRAW_DECK,
    DRAW_POOL_BASE,
    DRAW_SLOT,
    DRAW_TEXT,
    LEAVE,
    PASS,
    PLAY_BASE,
    PLAY_CODE_PAIRS,
    PLAY_TEXT,
    PLAY_TEXT_PAIRS,
    SHADOW_BASE,
    SHADOW_TEXT,
    SIMPLE_TEXT,
    TAKE,
    IllegalMove,
    Move,
    draw_text,
    play_parts,
)
from .phase import PHASE_NAMES, EndReason, Phase
from .rules import Rules

# Phases by their short names, as the hot loops here and in the bots use them:
# plain ints (the values of Phase), since the interpreter compares exact ints
# faster than an IntEnum's members.
PLAY, SHADOW, TAKE_OR_LEAVE, BACK_OR_DISCARD, DRAW, SINGLE_DRAW, OVER = (int(phase) for phase in Phase)

# CLOCKWISE_OTHERS[players][seat]: the other seats in abluxx order, left
# neighbour first.
CLOCKWISE_OTHERS = [[[(seat + i) % n for i in range(1, n)] for seat in range(n)] for n in range(6)]

# Per play code: ``(value, numbers, jokers, layer)``, the layer being what the
# display shows. Decoding a code and building its layer tuple on every play
# cost more than the look-up; layers are immutable, so games share them.
_PLAY_OF_CODE: list[tuple[int, int, int, Layer]] = [(0, 0, 0, (0, 0, 0))] * (max(PLAY_TEXT) + 1)
for _code in PLAY_TEXT:
    _value, _numbers, _jokers = play_parts(_code)
    _PLAY_OF_CODE[_code] = (_value, _numbers, _jokers, (_value, _numbers + _jokers, _jokers))
# Pool slots of one card, shared for the same reason.
_SINGLE = [(card,) for card in range(JOKER + 1)]
_LAYER_SIZE = itemgetter(1)  # of a display layer
_DRAW_TEXT_OF = DRAW_TEXT.__getitem__
# What State.new shuffles, made once.
_FULL_DECK = tuple(full_deck())
_DUEL_DECK = _FULL_DECK[:-4]
_DEFAULT_NAMES = tuple(f"Player {i + 1}" for i in range(6))
# The phase in which each of the codes TAKE, LEAVE, BACK, DISCARD, PASS is legal.
_PHASE_OF_SIMPLE = {TAKE: TAKE_OR_LEAVE, LEAVE: TAKE_OR_LEAVE, BACK: BACK_OR_DISCARD, DISCARD: BACK_OR_DISCARD,
                    PASS: SINGLE_DRAW}

# -- events -------------------------------------------------------------------
# Events are frozen values, and building one costs more than a whole move
# does otherwise; the same event (same kind, seats, cards, source) recurs all
# the time, so one instance of each serves every game. The common ones are
# looked up by what varies in them; _event covers the rest, bounded because
# refill events have many possible card sets.
_EVENTS: dict[tuple[str, int | None, int | None, tuple[int, ...], str | None], Event] = {}
_EVENTS_MAX = 50_000
_TURN_EVENTS = tuple(Event("turn", seat) for seat in range(6))
_PASS_EVENTS = tuple(Event("pass", seat) for seat in range(6))
# Per source ("deck", "pool"), per drawer: the event of drawing each single card.
_DECK_DRAW_EVENTS, _POOL_DRAW_EVENTS = (
    tuple(tuple(Event("draw", seat, None, (card,), source) for card in range(JOKER + 1)) for seat in range(6))
    for source in ("deck", "pool"))
_REFILL_EVENTS = tuple(Event("refill", None, None, (card,), "pool") for card in range(JOKER + 1))
# Plays, by ``code * 8 + seat`` (made on first use); events about a seat's
# top layer (abluxx, take, leave, back, discard), by kind, seats and layer.
_PLAY_EVENTS: list[Event | None] = [None] * (len(_PLAY_OF_CODE) * 8)
_LAYER_EVENTS: dict[tuple[str, int, int, Layer], Event] = {}


def _event(kind: str, seat: int | None = None, other: int | None = None, cards: tuple[int, ...] = (),
           source: str | None = None) -> Event:
    """``Event(kind, seat, other, cards, source)``, shared when seen before."""
    key = (kind, seat, other, cards, source)
    event = _EVENTS.get(key)
    if event is None:
        event = Event(kind, seat, other, cards, source)
        if len(_EVENTS) < _EVENTS_MAX:
            _EVENTS[key] = event
    return event


def _play_event(seat: int, code: int) -> Event:
    """The event of ``seat`` making play ``code``: one instance per seat and play."""
    event = _PLAY_EVENTS[code * 8 + seat]
    if event is None:
        event = _PLAY_EVENTS[code * 8 + seat] = Event("play", seat, None, layer_cards(_PLAY_OF_CODE[code][3]))
    return event


def _layer_event(kind: str, seat: int, other: int, layer: Layer) -> Event:
    """``Event(kind, seat, other, layer_cards(layer))``, one instance per kind, seats and layer."""
    key = (kind, seat, other, layer)
    event = _LAYER_EVENTS.get(key)
    if event is None:
        event = _LAYER_EVENTS[key] = Event(kind, seat, other, layer_cards(layer))
    return event


# Bits random.Random needs to draw a number below n, per n (see _shuffle).
_BITS_BELOW = [n.bit_length() for n in range(len(_FULL_DECK) + 1)]


def _shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)`` for a deck of at most the full deck's size: the very same
    permutation, drawn without a method call per card.

    The deal of every seed depends on it; a test holds it to ``random``'s
    own shuffle.
    """
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        # random's _randbelow(i + 1): draw k bits until the number is below i + 1.
        k = _BITS_BELOW[i + 1]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def legal_codes(phase: int, hand: Sequence[int], pool: Sequence[tuple[int, ...]],
                deck_size: int, shadow_options: Sequence[int]) -> list[int]:
    """Action codes of every legal move, in the fixed canonical order.

    Shared by :class:`State` and :class:`~abluxxen.engine.view.View`, which know the
    same things about the deciding seat.
    """
    if phase == PLAY:
        return play_codes(hand)
    if phase == TAKE_OR_LEAVE:
        return [TAKE, LEAVE]
    if phase == BACK_OR_DISCARD:
        return [BACK, DISCARD]
    if phase == DRAW or phase == SINGLE_DRAW:
        codes = [DRAW_DECK] if deck_size else []
        # Each slot at its first place (index finds the first).
        index = pool.index
        for i, slot in enumerate(pool):
            if index(slot) == i:
                codes.append(DRAW_POOL_BASE + i)
        if phase == SINGLE_DRAW:
            codes.append(PASS)
        return codes
    if phase == SHADOW:
        return [SHADOW_BASE + v for v in shadow_options]
    return []


def play_codes(hand: Sequence[int]) -> list[int]:
    """Action codes of every play from a hand (count array), canonical order."""
    # Two counts at a time (see moves.PLAY_CODE_PAIRS).
    p1, p3, p5, p7, p9, p11, p13 = PLAY_CODE_PAIRS[hand[JOKER]]
    return [*p1[hand[1] * 9 + hand[2]], *p3[hand[3] * 9 + hand[4]], *p5[hand[5] * 9 + hand[6]],
            *p7[hand[7] * 9 + hand[8]], *p9[hand[9] * 9 + hand[10]], *p11[hand[11] * 9 + hand[12]],
            *p13[hand[13] * 9 + hand[14]]]


def play_texts(hand: Sequence[int]) -> list[str]:
    """Canonical texts of every play from a hand, in the order of :func:`play_codes`."""
    p1, p3, p5, p7, p9, p11, p13 = PLAY_TEXT_PAIRS[hand[JOKER]]
    return [*p1[hand[1] * 9 + hand[2]], *p3[hand[3] * 9 + hand[4]], *p5[hand[5] * 9 + hand[6]],
            *p7[hand[7] * 9 + hand[8]], *p9[hand[9] * 9 + hand[10]], *p11[hand[11] * 9 + hand[12]],
            *p13[hand[13] * 9 + hand[14]]]


def code_text(code: int, pool: Sequence[tuple[int, ...]]) -> str:
    """Canonical text of an action code in a position with this pool."""
    if code >= PLAY_BASE:
        return PLAY_TEXT[code]
    if code >= DRAW_POOL_BASE:
        return draw_text(pool[code - DRAW_POOL_BASE])
    if code >= SHADOW_BASE:
        return SHADOW_TEXT[code]
    return SIMPLE_TEXT[code]


class State:
    """One game's state, its legal moves, and the rules that move it on.

    Create one with :meth:`new`; a :class:`~abluxxen.engine.game.Game` is a state
    that also gives views and save documents. The bots' determinizations
    (:meth:`~abluxxen.engine.view.View.sample`) are plain states. Seats are
    numbered clockwise from 0; the left neighbour of seat ``s`` is ``s + 1``.
    """

    __slots__ = ("rules", "names", "hands", "known", "displays", "pool", "deck", "discard",
                 "shadow", "removed", "turn", "phase", "victim", "queue", "drawer",
                 "draws_left", "shadow_options", "end_reason", "end_seat", "_expert", "_single_draw",
                 "_players")

    rules: Rules
    names: list[str]
    hands: list[list[int]]  # count arrays, total at index 0
    known: list[list[int]]  # cards everybody knows are in each hand
    displays: list[list[Layer]]  # bottom to top
    pool: list[tuple[int, ...]]  # slots; a duel group holds several cards
    deck: list[int]  # top card LAST (the save document lists it first)
    discard: list[int]
    shadow: list[int]  # count array, total at index 0
    removed: list[int]
    turn: int
    phase: int
    victim: int  # seat being resolved, -1 when none
    queue: list[int]  # victims still to resolve after ``victim``
    drawer: int
    draws_left: int
    shadow_options: list[int]
    end_reason: str | None
    end_seat: int | None
    # Rules read on every move, kept at hand: a property call costs as much
    # as the rest of a simple move.
    _expert: bool  # rules.ones_beat_top
    _single_draw: bool  # rules.single_draw
    _players: int  # rules.players

    # -- creating ---------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules | None = None, *, seed: int | None = None, first: int = 0,
            names: Sequence[str] | None = None) -> Self:
        """Shuffle with ``random.Random(seed)`` and deal.

        Args:
            rules: the rules (default: four players, base game).
            seed: the same seed gives the same deal.
            first: seat of the starting player.
            names: one name per seat (default ``Player 1`` …); no control characters.

        Raises:
            ValueError: for a bad ``first`` or a bad name.
        """
        rules = rules or Rules()
        n = rules.players
        if names is not None:
            names = check_names(names, n)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
            raise ValueError(f"first must be a seat from 0 to {n - 1}, not {first}")
        rng = random.Random(seed)
        game = cls._blank(rules, names)
        # Two jokers go to each player of a duel before the shuffle.
        cards = list(_DUEL_DECK if rules.is_duel else _FULL_DECK)
        _shuffle(rng, cards)
        dealt = 11 if rules.is_duel else HAND_SIZE
        for seat in range(n):
            hand = game.hands[seat]
            for c in cards[seat * dealt:(seat + 1) * dealt]:
                hand[c] += 1
            hand[0] = dealt
            if rules.is_duel:
                hand[JOKER] += 2
                hand[0] += 2
                # Everyone saw the jokers handed out.
                game.known[seat][JOKER] = game.known[seat][0] = 2
        rest = cards[n * dealt:]
        rest.reverse()  # the deck's top is its last element
        game.deck = rest
        game._refill_pool(None)
        if rules.is_duel:
            game._refill_shadow(None)
        game.turn = first
        return game

    @classmethod
    def _blank(cls, rules: Rules, names: Sequence[str] | None) -> Self:
        n = rules.players
        game = cls.__new__(cls)
        game.rules = rules
        if names is None:
            names = _DEFAULT_NAMES[:n]
        if len(names) != n:
            raise ValueError(f"names must name {n} seats, not {len(names)}")
        game.names = list(names)
        game.hands = [[0] * 15 for _ in range(n)]
        game.known = [[0] * 15 for _ in range(n)]
        game.displays = [[] for _ in range(n)]
        game.pool = []
        game.deck = []
        game.discard = []
        game.shadow = [0] * 15
        game.removed = []
        game.turn = 0
        game.phase = PLAY
        game.victim = -1
        game.queue = []
        game.drawer = -1
        game.draws_left = 0
        game.shadow_options = []
        game.end_reason = None
        game.end_seat = None
        game._expert = rules.ones_beat_top
        game._single_draw = rules.single_draw
        game._players = n
        return game

    def copy(self) -> Self:
        """An independent copy (cheap: bots copy games thousands of times)."""
        kind = type(self)
        g = kind.__new__(kind)
        g.rules = self.rules
        g.names = self.names
        # (map runs the copies in C; a comprehension is a call of its own)
        g.hands = list(map(list.copy, self.hands))
        g.known = list(map(list.copy, self.known))
        g.displays = list(map(list.copy, self.displays))
        g.pool = self.pool[:]
        g.deck = self.deck[:]
        g.discard = self.discard[:]
        g.shadow = self.shadow[:]
        g.removed = self.removed[:]
        g.turn = self.turn
        g.phase = self.phase
        g.victim = self.victim
        g.queue = self.queue[:]
        g.drawer = self.drawer
        g.draws_left = self.draws_left
        g.shadow_options = self.shadow_options[:]
        g.end_reason = self.end_reason
        g.end_seat = self.end_seat
        g._expert = self._expert
        g._single_draw = self._single_draw
        g._players = self._players
        return g

    # -- reading ------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.rules.players

    @property
    def to_move(self) -> int | None:
        """Seat that must decide now; ``None`` once the game is over."""
        phase = self.phase
        if phase == BACK_OR_DISCARD:
            return self.victim
        if phase == DRAW:
            return self.drawer
        if phase == OVER:
            return None
        return self.turn

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == OVER

    @property
    def phase_name(self) -> str:
        """``play``, ``shadow``, ``take``, ``back``, ``draw``, ``single-draw`` or ``over``."""
        return PHASE_NAMES[self.phase]

    def hand(self, seat: int) -> list[int]:
        """Cards in a seat's hand, canonical order (the engine sees all)."""
        return cards_of(self.hands[seat])

    def hand_sizes(self) -> list[int]:
        """Cards in each hand."""
        return [h[0] for h in self.hands]

    def scores(self) -> list[int]:
        """Per seat: display cards minus hand cards (also mid-game)."""
        return [sum(map(_LAYER_SIZE, d)) - h[0] for d, h in zip(self.displays, self.hands, strict=True)]

    def winners(self) -> list[int]:
        """Seats that won, after the tie-break.

        Raises:
            ValueError: before the game is over.
        """
        if self.phase != OVER:
            raise ValueError("the game is not over yet")
        return winners_of(self.scores(), self.hand_sizes(), self.rules.tiebreak)

    def stake(self) -> list[int]:
        """The abluxxed cards being decided on (take/leave or back/discard)."""
        if self.phase in (TAKE_OR_LEAVE, BACK_OR_DISCARD):
            return list(layer_cards(self.displays[self.victim][-1]))
        return []

    def played(self) -> list[int]:
        """The set the active player played this turn (after the play)."""
        if self.phase in (PLAY,) or not self.displays[self.turn]:
            return []
        return list(layer_cards(self.displays[self.turn][-1]))

    # -- legal moves ----------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """Action codes of the legal moves (fast path; see :mod:`.moves`)."""
        phase = self.phase
        if phase == PLAY:
            return play_codes(self.hands[self.turn])
        return legal_codes(phase, self.hands[self.turn], self.pool, len(self.deck), self.shadow_options)

    def legal_moves(self) -> list[str]:
        """Every legal move once, canonical text, fixed order; ``[]`` once over."""
        phase = self.phase
        if phase == PLAY:
            return play_texts(self.hands[self.turn])
        if phase == DRAW or phase == SINGLE_DRAW:
            moves = ["draw deck"] if self.deck else []
            # A slot's text once, at its first place (texts keep their
            # hashes, so dropping repeats by text is the cheap way).
            moves += dict.fromkeys(map(_DRAW_TEXT_OF, self.pool))
            if phase == SINGLE_DRAW:
                moves.append("pass")
            return moves
        if phase == TAKE_OR_LEAVE:
            return ["take", "leave"]
        if phase == BACK_OR_DISCARD:
            return ["back", "discard"]
        pool = self.pool
        return [code_text(c, pool) for c in self.legal_actions()]

    def action_text(self, code: int) -> str:
        """Canonical text of an action code in this position."""
        return code_text(code, self.pool)

    def action_of(self, move: str | Move, *, seat: int | None = None) -> int:
        """The action code of a move given in any spelling, checked.

        Raises:
            IllegalMove: malformed, not this seat's decision, or not legal now,
                with a reason a player understands.
        """
        if isinstance(move, str) and (seat is None or seat == self.to_move):
            code = self._canonical_code(move)
            if code >= 0:
                return code
        return judge(self.position(), read_move(move), seat)

    def push(self, move: str | Move, *, seat: int | None = None) -> list[Event]:
        """Apply one move given in any spelling; return the events it caused.

        Args:
            move: e.g. ``"play 7 7 X"``, ``"take"``, ``"draw 4+13+X"``.
            seat: who makes the move, when known; a move by any other seat
                than :attr:`to_move` is refused.

        Raises:
            IllegalMove: and the game is unchanged.
        """
        # The canonical texts that legal_moves gives are checked here without
        # a call per step: this is the path outside scripts and front ends use.
        code = self._canonical_code(move) if type(move) is str and (seat is None or seat == self.to_move) else -1
        if code < 0:
            code = self.action_of(move, seat=seat)
        events: list[Event] = []
        if code >= PLAY_BASE:
            self._play(code, events)
        elif code >= DRAW_POOL_BASE:
            self._draw_pool(code - DRAW_POOL_BASE, events)
        else:
            self.apply_action(code, events)
        return events

    # -- checking -------------------------------------------------------------

    def _canonical_code(self, text: str) -> int:
        """The code of ``text`` if it is a canonical move text (as legal_moves
        gives) that is legal now, else -1: then the checked path reads it and
        explains the refusal."""
        phase = self.phase
        code = CODE_OF_TEXT.get(text)
        if code is None:
            # A pool draw: its code depends on the slot the cards lie in.
            slot = DRAW_SLOT.get(text)
            if slot is not None and (phase == DRAW or phase == SINGLE_DRAW):
                try:
                    return DRAW_POOL_BASE + self.pool.index(slot)
                except ValueError:  # not in the pool
                    pass
            return -1
        if code >= PLAY_BASE:
            if phase == PLAY:
                value, numbers, jokers, _ = _PLAY_OF_CODE[code]
                hand = self.hands[self.turn]
                # (A lone-joker set has no numbers, value JOKER: both tests hold the jokers.)
                if hand[JOKER] >= jokers and hand[value] >= numbers:
                    return code
            return -1
        if code == DRAW_DECK:
            return code if (phase == DRAW or phase == SINGLE_DRAW) and self.deck else -1
        if code >= SHADOW_BASE:
            return code if phase == SHADOW and code - SHADOW_BASE in self.shadow_options else -1
        return code if _PHASE_OF_SIMPLE[code] == phase else -1

    def position(self) -> Position:
        """What a move is judged against now (see :mod:`.judge`)."""
        mover = self.to_move
        return Position(phase=Phase(self.phase), mover=mover, names=self.names, turn=self.turn,
                        victim=self.victim, drawer=self.drawer,
                        hand=self.hands[mover] if mover is not None else [0] * 15, pool=self.pool,
                        deck_size=len(self.deck), shadow_options=self.shadow_options,
                        draws_left=self.draws_left, duel=self.rules.is_duel)

    # -- applying -------------------------------------------------------------

    def apply_action(self, code: int, events: list[Event] | None = None) -> None:
        """Apply a legal action code, unchecked (fast path).

        Args:
            code: one of :meth:`legal_actions`.
            events: if given, what happens is appended to it.
        """
        if code >= PLAY_BASE:
            self._play(code, events)
        elif code >= DRAW_POOL_BASE:
            self._draw_pool(code - DRAW_POOL_BASE, events)
        elif code == DRAW_DECK:
            self._draw_deck(events)
        elif code >= SHADOW_BASE:
            self._shadowluxx(code - SHADOW_BASE, events)
        elif code == TAKE:
            self._take(events)
        elif code == LEAVE:
            self.phase = BACK_OR_DISCARD
            if events is not None:
                events.append(_layer_event("leave", self.turn, self.victim, self.displays[self.victim][-1]))
        elif code == BACK:
            self._back(events)
        elif code == DISCARD:
            self._discard(events)
        else:  # PASS
            if events is not None:
                events.append(_PASS_EVENTS[self.turn])
            self._end_turn(events)

    def _play(self, code: int, events: list[Event] | None) -> None:
        # One function of some 60 lines on purpose: every rollout of the hard bot runs it once a turn,
        # and splitting the play, the victims and the phase that follows into functions would add calls
        # and look-ups to the engine's hottest path (benchmarks/versus.py times it against older code).
        value, numbers, jokers, layer = _PLAY_OF_CODE[code]
        size = layer[1]
        turn = self.turn
        hand = self.hands[turn]
        hand[value] -= numbers
        hand[JOKER] -= jokers
        hand[0] -= size
        known = self.known[turn]
        if known[0]:
            # Known cards played are known no more (those played beyond them
            # were hidden ones).
            was = known[value]
            if was and numbers:
                now = known[value] = was - numbers if was > numbers else 0
                known[0] -= was - now
            was = known[JOKER]
            if was and jokers:
                now = known[JOKER] = was - jokers if was > jokers else 0
                known[0] -= was - now
        self.displays[turn].append(layer)
        if events is not None:
            events.append(_PLAY_EVENTS[code * 8 + turn] or _play_event(turn, code))
        if not hand[0]:
            self._end(EndReason.HAND_EMPTY, turn, events)
            return
        expert = self._expert
        beaten = BEATS[expert][value]
        displays = self.displays
        queue = []
        for seat in CLOCKWISE_OTHERS[self._players][turn]:
            shown = displays[seat]
            if shown:
                top = shown[-1]
                if top[1] == size and beaten[top[0]]:
                    queue.append(seat)
        self.queue = queue
        shadow = self.shadow
        if shadow[0]:
            options = shadow_options(shadow, value, size, expert)
            if len(options) > 1:
                self.shadow_options = options
                self.phase = SHADOW
                return
            if options:
                self._shadowluxx(options[0], events)
                return
        if queue:
            self._next_victim(events, abluxxed=False)
        elif self._single_draw:
            # No abluxx this turn: the base game's single draw (inlined, it is
            # the most common end of a turn).
            self.victim = -1
            self.phase = SINGLE_DRAW
            self.drawer = turn
            self.draws_left = 1
        else:
            self._end_turn(events)

    def _shadowluxx(self, value: int, events: list[Event] | None) -> None:
        shadow = self.shadow
        count = shadow[value]
        shadow[value] = 0
        shadow[0] -= count
        hand = self.hands[self.turn]
        hand[value] += count
        hand[0] += count
        known = self.known[self.turn]
        known[value] += count
        known[0] += count
        self.shadow_options = []
        if events is not None:
            events.append(_event("shadowluxx", self.turn, cards=(value,) * count))
        self._refill_shadow(events)
        self._next_victim(events, abluxxed=True)

    def _next_victim(self, events: list[Event] | None, *, abluxxed: bool) -> None:
        if self.queue:
            victim = self.queue.pop(0)
            self.victim = victim
            self.phase = TAKE_OR_LEAVE
            if events is not None:
                events.append(_layer_event("abluxx", self.turn, victim, self.displays[victim][-1]))
            return
        self.victim = -1
        if not abluxxed and self._single_draw:
            self.phase = SINGLE_DRAW
            self.drawer = self.turn
            self.draws_left = 1
            return
        self._end_turn(events)

    def _take(self, events: list[Event] | None) -> None:
        victim, taker = self.victim, self.turn
        layer = self.displays[victim].pop()
        self._to_hand(taker, layer)
        if events is not None:
            events.append(_layer_event("take", taker, victim, layer))
        self._start_draws(victim, layer[1], events)

    def _back(self, events: list[Event] | None) -> None:
        victim = self.victim
        layer = self.displays[victim].pop()
        self._to_hand(victim, layer)
        if events is not None:
            events.append(_layer_event("back", victim, self.turn, layer))
        self._next_victim(events, abluxxed=True)

    def _to_hand(self, seat: int, layer: Layer) -> None:
        """A layer's cards into ``seat``'s hand, where everybody knows them."""
        value, size, jokers = layer
        numbers = size - jokers  # (none in a lone-joker layer, whose value is JOKER)
        hand, known = self.hands[seat], self.known[seat]
        hand[value] += numbers
        hand[JOKER] += jokers
        hand[0] += size
        known[value] += numbers
        known[JOKER] += jokers
        known[0] += size

    def _discard(self, events: list[Event] | None) -> None:
        victim = self.victim
        layer = self.displays[victim].pop()
        self.discard.extend(layer_cards(layer))
        if events is not None:
            events.append(_layer_event("discard", victim, self.turn, layer))
        self._start_draws(victim, layer[1], events)

    def _start_draws(self, seat: int, count: int, events: list[Event] | None) -> None:
        if not self.deck and not self.pool:
            self._end(EndReason.EXHAUSTED, seat, events)
            return
        self.phase = DRAW
        self.drawer = seat
        self.draws_left = count

    def _draw_deck(self, events: list[Event] | None) -> None:
        card = self.deck.pop()
        hand = self.hands[self.drawer]
        hand[card] += 1
        hand[0] += 1
        if events is not None:
            events.append(_DECK_DRAW_EVENTS[self.drawer][card])
        self._after_draw(events)

    def _draw_pool(self, slot: int, events: list[Event] | None) -> None:
        cards = self.pool.pop(slot)
        drawer = self.drawer
        hand = self.hands[drawer]
        known = self.known[drawer]
        if len(cards) == 1:
            card = cards[0]
            hand[card] += 1
            known[card] += 1
            hand[0] += 1
            known[0] += 1
            if events is not None:
                events.append(_POOL_DRAW_EVENTS[drawer][card])
        else:
            for card in cards:
                hand[card] += 1
                known[card] += 1
            hand[0] += len(cards)
            known[0] += len(cards)
            if events is not None:
                events.append(_event("draw", drawer, None, cards, "pool"))
        self._after_draw(events)

    def _after_draw(self, events: list[Event] | None) -> None:
        deck, pool = self.deck, self.pool
        if not deck and not pool:
            self._end(EndReason.EXHAUSTED, self.drawer, events)
            return
        self.draws_left -= 1
        if self.draws_left:
            return
        if deck and len(pool) < POOL_SIZE:
            # _refill_pool's common cases, here (every game makes thousands
            # of draws): no events, or one card after a draw, with its shared event.
            if events is None:
                while len(pool) < POOL_SIZE and deck:
                    pool.append(_SINGLE[deck.pop()])
            elif len(pool) == POOL_SIZE - 1:
                card = deck.pop()
                pool.append(_SINGLE[card])
                events.append(_REFILL_EVENTS[card])
            else:
                self._refill_pool(events)
        if self.phase == SINGLE_DRAW:
            self._end_turn(events)
        else:
            self._next_victim(events, abluxxed=True)

    def _end_turn(self, events: list[Event] | None) -> None:
        self.turn = (self.turn + 1) % self._players
        self.phase = PLAY
        self.victim = -1
        self.drawer = -1
        self.draws_left = 0
        if events is not None:
            events.append(_TURN_EVENTS[self.turn])

    def _end(self, reason: str, seat: int, events: list[Event] | None) -> None:
        self.phase = OVER
        self.end_reason = reason
        self.end_seat = seat
        self.queue = []
        self.victim = -1
        self.draws_left = 0
        self.shadow_options = []
        if events is not None:
            events.append(_event("game-over", seat, source=reason))

    def _refill_pool(self, events: list[Event] | None) -> None:
        pool, deck = self.pool, self.deck
        if len(pool) >= POOL_SIZE or not deck:
            return
        if events is None:
            while len(pool) < POOL_SIZE and deck:
                pool.append(_SINGLE[deck.pop()])
            return
        new = []
        while len(pool) < POOL_SIZE and deck:
            card = deck.pop()
            pool.append(_SINGLE[card])
            new.append(card)
        events.append(_event("refill", None, None, tuple(new), "pool"))

    def _refill_shadow(self, events: list[Event] | None) -> None:
        """Refill the shadow to 13; 13s and jokers go onto the pool instead."""
        shadow, deck = self.shadow, self.deck
        new = []
        while shadow[0] < SHADOW_SIZE and deck:
            card = deck.pop()
            if card >= 13:
                self._card_to_pool(card, events)
                continue
            shadow[card] += 1
            shadow[0] += 1
            new.append(card)
        if new and events is not None:
            events.append(_event("refill", cards=tuple(sorted(new)), source="shadow"))

    def _card_to_pool(self, card: int, events: list[Event] | None) -> None:
        pool = self.pool
        best = -1
        for i, slot in enumerate(pool):
            if len(slot) == 1 and (best < 0 or slot[0] < pool[best][0]):
                best = i
        if best < 0:
            self.removed.append(card)
            if events is not None:
                events.append(_event("removed", cards=(card,)))
            return
        pool[best] = tuple(sorted(pool[best] + (card,)))
        if events is not None:
            events.append(_event("to-pool", cards=(card,), source=str(best)))

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        if self.phase != OVER:
            return None
        assert self.end_reason is not None and self.end_seat is not None
        return Outcome(reason=self.end_reason, seat=self.end_seat, scores=tuple(self.scores()),
                       hand_sizes=tuple(self.hand_sizes()), winners=tuple(self.winners()))

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.rules.players}p {self.rules.variant}"
                f"{' duel' if self.rules.is_duel else ''} turn={self.turn} phase={self.phase_name}>")


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    Attributes:
        reason: an :class:`~abluxxen.engine.phase.EndReason` (a ``str``): ``"hand-empty"`` (someone
            played their last card) or ``"exhausted"`` (a draw left deck and pool empty).
        seat: who played the last card, or whose draw ended the game.
        scores: per seat, display cards minus hand cards.
        hand_sizes: per seat, cards left in hand (the default tie-break).
        winners: seats that won, after the tie-break.
    """

    reason: str
    seat: int
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    winners: tuple[int, ...]



def winners_of(scores: Sequence[int], hand_sizes: Sequence[int], tiebreak: str) -> list[int]:
    """Seats with the most points; with ``fewest-hand``, fewest cards in hand among them."""
    best = max(scores)
    tied = [s for s, score in enumerate(scores) if score == best]
    if tiebreak == "fewest-hand" and len(tied) > 1:
        fewest = min(hand_sizes[s] for s in tied)
        tied = [s for s in tied if hand_sizes[s] == fewest]
    return tied


__all__ = ["State", "Outcome", "IllegalMove", "beats", "layer_cards", "legal_codes",
           "code_text", "winners_of"]
