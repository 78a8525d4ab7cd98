"""What one seat may know: the only way bots and front ends read a game."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from ..quoting import quoted
from .cards import DECK_SIZE, JOKER, cards_of, counts_of, full_deck, group_token, token
from .judge import Position, judge, read_move
from .layers import beats, layer_cards, layer_of, shadow_options
from .moves import IllegalMove, Judged, Move
from .phase import Phase
from .rules import Rules
from .state import (
    BACK_OR_DISCARD,
    CLOCKWISE_OTHERS,
    DRAW,
    OVER,
    PLAY,
    SINGLE_DRAW,
    TAKE_OR_LEAVE,
    State,
    code_text,
    legal_codes,
)

Cards = tuple[int, ...]

# The class of a sample (View.sample): a plain State, or the Game above this module.
G = TypeVar("G", bound=State)
# A shuffle of cards in place driven by an ``rng.random`` (shuffle_cards, or its compiled twin).
Shuffle = Callable[[list[int], Callable[[], float]], None]
# Per other seat in a sample: its seat, how many unseen cards its hand needs, and the values it
# shows as flags by card (None for none).
_Need = tuple[int, int, list[bool] | None]


def shuffle_cards(cards: list[int], rand: Callable[[], float]) -> None:
    """Shuffle ``cards`` in place, every order equally likely: a Fisher-Yates shuffle driven by
    ``rand`` (an ``rng.random``), cheaper than ``rng.shuffle`` (bots deal thousands of times a move).
    The same ``rand`` state gives the same order."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


@dataclass(frozen=True)
class Victims:
    """What a play would abluxx, worked out from public information only.

    Attributes:
        seats: the displays whose top layer it abluxxes, in the order they are
            resolved (clockwise from the player's left).
        shadow: values of the duel's shadow groups it abluxxes; with several,
            the player chooses one.
    """

    seats: tuple[int, ...] = ()
    shadow: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.seats or self.shadow)


@dataclass(frozen=True)
class View:
    """Everything one seat may know, and nothing else; immutable.

    Two views are equal exactly when they carry the same information, so the
    views of two games that differ only in cards this seat cannot see (other
    hands, the deck order) are equal. Cards are ints (1..13, 14 for a
    joker) in canonical order; :meth:`to_json` gives tokens.

    Attributes:
        seat: whose view this is.
        hand: this seat's own cards.
        hand_sizes: cards in every hand.
        known: per seat, cards everybody knows are in that hand (taken,
            returned or drawn from the pool, and not yet played since).
        displays: per seat, layers bottom to top, each a tuple of cards.
        pool: slots in order; a duel group is a tuple of several cards.
        victim: the seat being abluxxed (take/back phases), else ``None``.
        queue: victims still to resolve after ``victim`` this turn.
        drawer/draws_left: who must draw, and how many draws remain.
        shadow_options: values of the shadow groups the attacker may choose.
    """

    seat: int
    rules: Rules
    names: tuple[str, ...]
    turn: int
    to_move: int | None
    phase: Phase
    hand: Cards
    hand_sizes: tuple[int, ...]
    known: tuple[Cards, ...]
    displays: tuple[tuple[Cards, ...], ...]
    pool: tuple[Cards, ...]
    deck_size: int
    discard: Cards
    shadow: Cards
    removed: Cards
    victim: int | None
    queue: tuple[int, ...]
    drawer: int | None
    draws_left: int
    shadow_options: tuple[int, ...]
    end_reason: str | None
    end_seat: int | None

    @classmethod
    def of(cls, game: State, seat: int) -> View:
        """The view of ``game`` from ``seat``."""
        if not 0 <= seat < game.rules.players:
            raise ValueError(f"seat must be from 0 to {game.rules.players - 1}, not {seat}")
        phase = game.phase
        return cls(
            seat=seat, rules=game.rules, names=tuple(game.names), turn=game.turn,
            to_move=game.to_move, phase=Phase(phase),
            hand=_cards(game.hands[seat]),
            hand_sizes=tuple(h[0] for h in game.hands),
            known=tuple(_cards(k) for k in game.known),
            displays=tuple(tuple(layer_cards(layer) for layer in d)
                           for d in game.displays),
            pool=tuple(game.pool), deck_size=len(game.deck), discard=tuple(game.discard),
            shadow=_cards(game.shadow), removed=tuple(game.removed),
            victim=game.victim if phase in (TAKE_OR_LEAVE, BACK_OR_DISCARD) else None,
            queue=tuple(game.queue) if phase != OVER else (),
            drawer=game.drawer if phase in (DRAW, SINGLE_DRAW) else None,
            draws_left=game.draws_left if phase in (DRAW, SINGLE_DRAW) else 0,
            shadow_options=tuple(game.shadow_options),
            end_reason=game.end_reason, end_seat=game.end_seat,
        )

    # -- reading ------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == Phase.OVER

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.rules.players

    @property
    def hand_counts(self) -> list[int]:
        """This seat's hand as a count array (index 1..14, total at 0)."""
        return counts_of(self.hand)

    @property
    def my_move(self) -> bool:
        """Whether this seat must decide now."""
        return self.to_move == self.seat

    def stake(self) -> Cards:
        """The abluxxed cards being decided on (take/leave, back/discard)."""
        if self.victim is None:
            return ()
        return self.displays[self.victim][-1]

    def played(self) -> Cards:
        """The set the active player played this turn, once played."""
        if self.phase in (Phase.PLAY, Phase.OVER) or not self.displays[self.turn]:
            return ()
        return self.displays[self.turn][-1]

    def top(self, seat: int) -> Cards:
        """The top layer of a seat's display (the one that can be abluxxed)."""
        shown = self.displays[seat]
        return shown[-1] if shown else ()

    def scores(self) -> list[int]:
        """Per seat: display cards minus hand cards."""
        return [sum(len(layer) for layer in d) - size for d, size in zip(self.displays, self.hand_sizes, strict=True)]

    def victims(self, play: str) -> Victims:
        """Whom ``play`` (e.g. ``"play 5 5"``) would abluxx if the player whose turn it is made it now.

        Only what everybody sees counts: the displays' top layers, the shadow,
        the hand's size (a play that empties the hand ends the game at once).

        Raises:
            IllegalMove: when ``play`` is not a play.
        """
        move = Move.parse(play)
        if move.kind != "play":
            raise IllegalMove(f"not a play: {quoted(play)}", "not-a-play", {"move": play})
        cards = move.cards
        size = len(cards)
        if size >= self.hand_sizes[self.turn]:
            return Victims()
        value = next((c for c in cards if c != JOKER), JOKER)
        expert = self.rules.ones_beat_top
        seats = []
        for seat in CLOCKWISE_OTHERS[self.players][self.turn]:
            top = self.top(seat)
            if len(top) == size and beats(value, next((c for c in top if c != JOKER), JOKER), expert):
                seats.append(seat)
        shadow = shadow_options(counts_of(self.shadow), value, size, expert) if self.shadow else []
        return Victims(tuple(seats), tuple(shadow))

    def legal_actions(self) -> list[int]:
        """Action codes of the legal moves when this seat decides, else ``[]``."""
        if self.to_move != self.seat:
            return []
        return legal_codes(self.phase, self.hand_counts, self.pool,
                           self.deck_size, self.shadow_options)

    def legal_moves(self) -> list[str]:
        """The legal moves (canonical text) when this seat decides, else ``[]``."""
        return [code_text(c, self.pool) for c in self.legal_actions()]

    def action_text(self, code: int) -> str:
        """Canonical text of an action code in this position."""
        return code_text(code, self.pool)

    def check(self, move: str | Move) -> None:
        """Refuse ``move`` exactly as ``game.push(move, seat=self.seat)`` would.

        Legality depends only on what the deciding seat sees, so a front end
        or a bot can explain a refusal from the view alone.

        Raises:
            IllegalMove: the same key, params and message the game would give.
        """
        self._judge(move)

    def judged(self, move: str | Move) -> Judged:
        """``move`` judged once, as :meth:`check` judges it: the move, canonical, with its action code, which
        the table pushes without judging again while its position is this view's.

        Raises:
            IllegalMove: as :meth:`check`.
        """
        code = self._judge(move)
        return Judged(self.action_text(code), code, self)

    def legal_judged(self) -> list[Judged]:
        """:meth:`legal_moves`, each judged (see :meth:`judged`): one look at the position for them all."""
        pool = self.pool
        return [Judged(code_text(c, pool), c, self) for c in self.legal_actions()]

    def _judge(self, move: str | Move) -> int:
        parsed = read_move(move)
        mover = self.to_move
        position = Position(phase=self.phase, mover=mover, names=self.names, turn=self.turn,
                            victim=-1 if self.victim is None else self.victim,
                            drawer=-1 if self.drawer is None else self.drawer,
                            hand=self.hand_counts if mover == self.seat else [0] * 15, pool=self.pool,
                            deck_size=self.deck_size, shadow_options=self.shadow_options,
                            draws_left=self.draws_left, duel=self.rules.is_duel)
        return judge(position, parsed, self.seat)

    def unseen(self) -> list[int]:
        """Count array of the cards this seat cannot see (other hands, less
        their known cards, and the deck)."""
        counts = counts_of(full_deck())
        seen: list[int] = list(self.hand) + list(self.discard) + list(self.shadow) + list(self.removed)
        for shown in self.displays:
            for layer in shown:
                seen.extend(layer)
        for slot in self.pool:
            seen.extend(slot)
        for s, cards in enumerate(self.known):
            if s != self.seat:
                seen.extend(cards)
        for c in seen:
            counts[c] -= 1
            counts[0] -= 1
        return counts

    def pending(self) -> dict[str, Any]:
        """The decision in progress as plain data (see ``docs/save-format.md``)."""
        doc: dict[str, Any] = {"phase": self.phase.text, "seat": self.to_move, "attacker": self.turn}
        if self.phase != Phase.PLAY:
            doc["played"] = [token(c) for c in self.played()]
        if self.victim is not None:
            doc["victim"] = self.victim
            doc["stake"] = [token(c) for c in self.stake()]
        if self.queue:
            doc["queue"] = list(self.queue)
        if self.drawer is not None:
            doc["drawer"] = self.drawer
            doc["draws_left"] = self.draws_left
        if self.shadow_options:
            doc["shadow_options"] = list(self.shadow_options)
        if self.over:
            doc["reason"] = self.end_reason
            doc["ended_by"] = self.end_seat
        return doc

    def to_json(self) -> dict[str, Any]:
        """The view as plain JSON data, keys spelled as in the save document."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_json(),
            "names": list(self.names),
            "turn": self.turn,
            "to_move": self.to_move,
            "over": self.over,
            "hand": [token(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "known": [[token(c) for c in k] for k in self.known],
            "displays": [[[token(c) for c in layer] for layer in d] for d in self.displays],
            "pool": [group_token(slot) for slot in self.pool],
            "deck_size": self.deck_size,
            "discard": [token(c) for c in self.discard],
            "shadow": [token(c) for c in self.shadow],
            "removed": [token(c) for c in self.removed],
            "pending": self.pending(),
        }

    # -- determinization ------------------------------------------------------

    def values_shown(self, seat: int) -> frozenset[int]:
        """The number values ``seat`` has played and still shows: one per layer of its display (a
        layer of jokers alone shows none)."""
        values = (next((c for c in layer if c != JOKER), JOKER) for layer in self.displays[seat])
        return frozenset(v for v in values if v != JOKER)

    @overload
    def sample(self, rng: random.Random, *, hold: float = 1.0, shuffle: Shuffle = shuffle_cards) -> State: ...

    @overload
    def sample(self, rng: random.Random, kind: type[G], *, hold: float = 1.0,
               shuffle: Shuffle = shuffle_cards) -> G: ...

    def sample(self, rng: random.Random, kind: type[State] = State, *, hold: float = 1.0,
               shuffle: Shuffle = shuffle_cards) -> State:
        """A game state consistent with this view: the unseen cards dealt at random (a determinization).

        The unseen cards are shuffled; every other hand keeps its known
        cards and is filled up to its size from the shuffled cards in turn,
        and the rest is the deck. The sample's view from this seat
        (``View.of(sample, seat)``) equals this view. With ``hold`` at 1
        every order of the unseen cards is equally likely (a Fisher-Yates
        shuffle driven by ``rng.random()``, cheaper than ``rng.shuffle``:
        bots sample thousands of times per move).

        Below 1, the deal is weighted by what the displays say (the hard
        bot's inference, docs/bots.md): whoever plays a set of a value
        seldom holds another card of it. A card of a value a seat shows
        (:meth:`values_shown`) then goes to that seat only with chance
        ``hold`` and is otherwise passed over, left for the next seats and
        the deck: the cards left are shuffled again, so passed-over cards
        lie anywhere in them. When too few cards are left that are not
        passed over, the first passed-over ones fill the hand after all.

        Args:
            rng: the random numbers; the same state of ``rng`` gives the same deal.
            kind: the class of the sample: a plain :class:`State` for the
                bots' searches, ``Game`` for a game with views and saves.
            hold: the chance that a seat is dealt a card of a value it shows,
                from 0 to 1; at 1 (the default) no card is passed over and
                no random number is drawn for it.
            shuffle: :func:`shuffle_cards` or a function that shuffles
                exactly as it does (the hard bot's compiled twin, faster).

        Raises:
            ValueError: when the view's hand sizes and deck size do not match
                its unseen cards, or ``hold`` is not from 0 to 1.
        """
        if not 0 <= hold <= 1:
            raise ValueError(f"hold is a chance from 0 to 1, not {hold!r}")
        template, unseen_sorted, needs = self._sampling(kind)
        unseen = unseen_sorted[:]
        rand = rng.random
        shuffle(unseen, rand)
        game = template.copy()
        hands = game.hands
        for s, need, shown in needs:
            if not need:
                continue
            hand = hands[s]
            if shown is None or hold == 1:
                for c in unseen[:need]:
                    hand[c] += 1
                del unseen[:need]
            else:
                left = []
                got = skipped = 0
                for k, c in enumerate(unseen):
                    if shown[c] and rand() >= hold:
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
                    shuffle(left, rand)
                unseen = left
            hand[0] += need
        game.deck = unseen
        return game

    def _sampling(self, kind: type[State]) -> tuple[State, list[int], list[_Need]]:
        """What every sample shares, worked out once per view and class: a
        state of class ``kind`` with all this seat knows (other hands
        holding only their known cards, no deck), the unseen cards, and per
        other seat how many of them its hand needs and which values it
        shows (``None`` for none)."""
        # A cache, not information: it stays out of ==, hash and repr (the
        # dataclass compares its fields only), so views still compare equal.
        kept: dict[type[State], tuple[State, list[int], list[_Need]]] | None = \
            self.__dict__.get("_sampling_cache")
        if kept is None:
            kept = {}
            object.__setattr__(self, "_sampling_cache", kept)
        cached = kept.get(kind)
        if cached is not None:
            return cached
        unseen = cards_of(self.unseen())
        needs = [(s, self.hand_sizes[s] - len(self.known[s]), self._shown(s))
                 for s in range(self.players) if s != self.seat]
        if any(need < 0 for _, need, _ in needs) or len(unseen) - sum(n for _, n, _ in needs) != self.deck_size:
            raise ValueError("view is inconsistent: unseen cards do not fill the hands and the deck")
        game = kind._blank(self.rules, self.names)
        for s in range(self.players):
            game.known[s] = counts_of(self.known[s])
            game.hands[s] = counts_of(self.hand) if s == self.seat else counts_of(self.known[s])
        self._restore_into(game)
        cached = kept[kind] = (game, unseen, needs)
        return cached

    def _shown(self, seat: int) -> list[bool] | None:
        """:meth:`values_shown` as flags by card (index 1..14), for the deal's inner loop; ``None``
        when the seat shows no value."""
        values = self.values_shown(seat)
        return [v in values for v in range(JOKER + 1)] if values else None

    def _restore_into(self, game: State) -> None:
        """Copy the public state of this view into ``game``."""
        game.displays = [[layer_of(layer) for layer in d] for d in self.displays]
        game.pool = list(self.pool)
        game.discard = list(self.discard)
        game.shadow = counts_of(self.shadow)
        game.removed = list(self.removed)
        game.turn = self.turn
        game.phase = self.phase
        game.victim = -1 if self.victim is None else self.victim
        game.queue = list(self.queue)
        game.drawer = -1 if self.drawer is None else self.drawer
        game.draws_left = self.draws_left
        game.shadow_options = list(self.shadow_options)
        game.end_reason = self.end_reason
        game.end_seat = self.end_seat
        if game.phase == PLAY:
            game.victim = -1


# Views are made once per decision and per bot: the card tuples of runs of
# one value are shared rather than rebuilt each time.
_RUNS: list[list[Cards]] = [[(v,) * k for k in range(DECK_SIZE + 1)] for v in range(JOKER + 1)]


def _cards(counts: list[int]) -> Cards:
    """The cards of a count array as a tuple, canonical order."""
    if not counts[0]:
        return ()
    cards: Cards = ()
    for v in range(1, JOKER + 1):
        if counts[v]:
            cards += _RUNS[v][counts[v]]
    return cards
