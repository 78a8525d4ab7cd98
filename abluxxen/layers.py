"""Display layers: their cards, and which set abluxxes which.

A layer is kept as ``(value, size, jokers)``; ``value`` is ``JOKER`` for a
set of jokers alone. These are the only definitions of the abluxx rule and
of a layer's cards: the engine, the views and the bots all use them.
"""

from __future__ import annotations

from .cards import JOKER

Layer = tuple[int, int, int]  # (value, size, jokers); value JOKER for lone jokers
Cards = tuple[int, ...]

# One tuple of cards per layer ever seen: layers recur all the time, and
# views and events would otherwise rebuild the same tuples.
_CARDS: dict[Layer, Cards] = {}


def layer_cards(layer: Layer) -> Cards:
    """The cards of a display layer in canonical order (numbers, then jokers)."""
    cards = _CARDS.get(layer)
    if cards is None:
        value, size, jokers = layer
        cards = (JOKER,) * size if value == JOKER else (value,) * (size - jokers) + (JOKER,) * jokers
        _CARDS[layer] = cards
    return cards


def layer_of(cards: Cards) -> Layer:
    """The layer ``(value, size, jokers)`` of a set given by its cards."""
    jokers = cards.count(JOKER)
    value = cards[0] if jokers < len(cards) else JOKER
    return (value, len(cards), jokers)


def beats(value: int, top_value: int, expert: bool) -> bool:
    """Whether a set of ``value`` abluxxes a same-sized layer of ``top_value``.

    Equal never abluxxes; lone jokers (``JOKER``) beat everything but other
    lone jokers; in the expert variant 1s also beat 13s and lone jokers.
    """
    return value > top_value or (expert and value == 1 and top_value >= 13)


# ``BEATS[expert][value][top_value]``: :func:`beats` as a table, for the
# engine's and the rollouts' inner loops, where a call costs more than the rule.
BEATS: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
    tuple(tuple(beats(v, t, expert) for t in range(JOKER + 1)) for v in range(JOKER + 1))
    for expert in (False, True))
