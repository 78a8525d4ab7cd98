"""Whether a move is legal, and why not: one judge for games and views.

A refusal depends only on what the deciding seat can see (the phase, its own
hand, the pool, the deck's size, the shadow groups on offer), so
:class:`~abluxxen.engine.game.Game` and :class:`~abluxxen.engine.view.View` hand the same
:class:`Position` to :func:`judge` and get the same verdict and the same
:class:`~abluxxen.engine.moves.IllegalMove` key. The keys are listed in
``docs/save-format.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..quoting import quoted
from .cards import JOKER, group_token, number_word, value_name
from .moves import CODE_OF_TEXT, DRAW_DECK, DRAW_POOL_BASE, SHADOW_BASE, IllegalMove, Move, play_code
from .phase import Phase


@dataclass(frozen=True, slots=True)
class Position:
    """What a move is judged against.

    Attributes:
        phase: the decision in progress.
        mover: the seat that must decide (``None`` once over).
        names: one name per seat, for the messages.
        turn: the active player; victim/drawer: who decides back/discard
            and draws (``-1`` when nobody).
        hand: the mover's hand as a count array (total at index 0).
        pool: the pool slots in order.
        deck_size: cards left in the deck.
        shadow_options: the shadow groups the attacker may choose.
        draws_left: draws still owed by the drawer.
        duel: whether this is the duel (the only game whose pool holds groups).
    """

    phase: Phase
    mover: int | None
    names: Sequence[str]
    turn: int
    victim: int
    drawer: int
    hand: Sequence[int]
    pool: Sequence[tuple[int, ...]]
    deck_size: int
    shadow_options: Sequence[int]
    draws_left: int
    duel: bool = False


# The move kinds each phase accepts.
_EXPECTED: dict[Phase, tuple[str, ...]] = {
    Phase.PLAY: ("play",), Phase.SHADOW: ("shadow",), Phase.TAKE_OR_LEAVE: ("take", "leave"),
    Phase.BACK_OR_DISCARD: ("back", "discard"), Phase.DRAW: ("draw",), Phase.SINGLE_DRAW: ("draw", "pass"),
}


def read_move(move: object) -> Move:
    """``move`` (text in any spelling, or a :class:`Move`) read as a checked :class:`Move`.

    Raises:
        IllegalMove: when it is not a move.
    """
    if isinstance(move, str):
        return Move.parse(move)
    if isinstance(move, Move):
        # A hand-built Move skipped parsing (an empty or mixed set, an odd
        # card, fields of the wrong type or none at all): read it again from its text.
        kind, cards = getattr(move, "kind", None), getattr(move, "cards", None)
        if not isinstance(kind, str) or not isinstance(cards, tuple) or any(type(c) is not int for c in cards):
            raise IllegalMove(f"not a move: Move(kind={quoted(kind)}, cards={quoted(cards)})", "not-text")
        try:
            return Move.parse(str(move))
        except (IndexError, KeyError, TypeError):
            raise IllegalMove(f"not a move: {quoted(move)}", "not-text") from None
    raise IllegalMove(f"a move is text such as 'play 7 7', not {quoted(move)}", "not-text")


def judge(position: Position, move: Move, seat: int | None) -> int:
    """The action code of ``move`` when ``seat`` (or, if ``None``, the mover) may make it now.

    Raises:
        IllegalMove: why not, with a key and its details.
    """
    phase = position.phase
    if phase == Phase.OVER:
        raise IllegalMove("the game is over", "game-over")
    mover = position.mover
    assert mover is not None
    names = position.names
    if seat is not None and seat != mover:
        raise IllegalMove(f"it is {names[mover]}'s decision, not yours", "not-your-decision",
                          {"seat": seat, "mover": mover, "name": names[mover]})
    if move.kind not in _EXPECTED[phase]:
        raise IllegalMove(f"{decision_words(position)}, not {quoted(str(move))}", "wrong-phase",
                          {"phase": phase.text, "move": str(move), "mover": mover,
                           "name": names[mover], "draws_left": position.draws_left})
    kind = move.kind
    if kind == "play":
        return _judge_play(position.hand, move.cards)
    if kind == "draw":
        return _judge_draw(position, move.cards)
    if kind == "shadow":
        value = move.cards[0]
        if value not in position.shadow_options:
            options = ", ".join(f"shadow {v}" for v in position.shadow_options)
            raise IllegalMove(f"the shadow's {value_name(value, 2)} cannot be abluxxed now; "
                              f"choose {options}", "shadow-not-offered",
                              {"value": value, "options": list(position.shadow_options)})
        return SHADOW_BASE + value
    return CODE_OF_TEXT[kind]


def _judge_play(hand: Sequence[int], cards: tuple[int, ...]) -> int:
    jokers = cards.count(JOKER)
    numbers = len(cards) - jokers
    value = cards[0] if numbers else JOKER
    if numbers and hand[value] < numbers:
        raise _not_held(hand[value], value, numbers)
    if hand[JOKER] < jokers:
        raise _not_held(hand[JOKER], JOKER, jokers)
    return play_code(value, numbers, jokers)


def _judge_draw(position: Position, cards: tuple[int, ...]) -> int:
    if not cards:
        if not position.deck_size:
            raise IllegalMove("the deck is empty: draw from the pool", "deck-empty")
        return DRAW_DECK
    for i, slot in enumerate(position.pool):
        if slot == cards:
            return DRAW_POOL_BASE + i
    if not position.pool:
        raise IllegalMove("the pool is empty: draw from the deck", "pool-empty")
    if len(cards) > 1 and not position.duel:
        # "8 8" asks for a group, and outside the duel the pool holds none: say how a draw goes here.
        raise IllegalMove("you draw one card, not a group: groups lie in the pool only in the duel", "one-card",
                          {"cards": list(cards)})
    if len(cards) == 1:
        # A duel group is drawn whole, by all its cards: say where the card lies, not that it is missing.
        group = next((slot for slot in position.pool if cards[0] in slot), None)
        if group is not None:
            raise IllegalMove(f"the {value_name(cards[0])} lies in the pool group {group_token(group)}: "
                              f"draw the whole group with draw {group_token(group)}", "in-group",
                              {"cards": list(cards), "group": list(group)})
    what = "group " + group_token(cards) if len(cards) > 1 else value_name(cards[0])
    raise IllegalMove(f"there is no {what} in the pool", "not-in-pool", {"cards": list(cards)})


def decision_words(position: Position) -> str:
    """What the deciding seat must do now, in words."""
    phase, names = position.phase, position.names
    if phase == Phase.PLAY:
        return f"{names[position.turn]} must play cards now"
    if phase == Phase.SHADOW:
        return f"{names[position.turn]} must choose a shadow group to abluxx"
    if phase == Phase.TAKE_OR_LEAVE:
        return f"{names[position.turn]} must choose take or leave"
    if phase == Phase.BACK_OR_DISCARD:
        return f"{names[position.victim]} must choose back or discard"
    if phase == Phase.DRAW:
        left = position.draws_left
        return f"{names[position.drawer]} must draw ({left} draw{'s' if left != 1 else ''} left)"
    return f"{names[position.turn]} may draw one card or pass"


def _not_held(held: int, value: int, wanted: int) -> IllegalMove:
    if held == 0:
        text = f"you hold no {value_name(value)}"
    elif held == 1:
        text = f"you hold only one {value_name(value)}"
    else:
        text = f"you hold only {number_word(held)} {value_name(value, held)}"
    return IllegalMove(text, "not-held", {"value": value, "held": held, "wanted": wanted})
