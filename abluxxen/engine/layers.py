"""Display layers: their cards, and which set abluxxes which.

A layer is kept as ``(value, size, jokers)``; ``value`` is ``JOKER`` for a
set of jokers alone. These are the only definitions of the abluxx rule and
of a layer's cards (and of which shadow groups a set abluxxes): the engine,
the views, the saves and the bots all use them.
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


def shadow_options(shadow: list[int], value: int, size: int, expert: bool) -> list[int]:
    """The shadow groups a set of ``size`` cards of ``value`` abluxxes, by value, lowest first.

    ``shadow`` counts the shadow's cards by value (index 1 to 13). A group is
    all the shadow's cards of one value: it qualifies with exactly ``size``
    cards of a value the set beats (only lower ones: the shadow holds no
    jokers, and 13s only in the expert game, where 1s beat them).
    """
    options = [v for v in range(1, min(value, 14)) if shadow[v] == size]
    if expert and value == 1 and shadow[13] == size:
        options.append(13)
    return options


# ``BEATS[expert][value][top_value]``: :func:`beats` as a table, for the
# engine's and the rollouts' inner loops, where a call costs more than the rule.
BEATS: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
    tuple(tuple(beats(v, t, expert) for t in range(JOKER + 1)) for v in range(JOKER + 1))
    for expert in (False, True))
