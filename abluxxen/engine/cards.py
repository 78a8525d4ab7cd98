"""Cards and their text tokens.

Inside the engine a card is a small int: 1..13 for number cards and
``JOKER`` (14) for a joker, so that a joker sorts after every number and a
lone-joker set compares above 13 with no special case.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..quoting import quoted

JOKER = 14
VALUES = range(1, 14)
COPIES_PER_VALUE = 8
JOKERS = 5
DECK_SIZE = 13 * COPIES_PER_VALUE + JOKERS  # 109
HAND_SIZE = 13
POOL_SIZE = 6
SHADOW_SIZE = 13

_TOKENS = ("?",) + tuple(str(v) for v in VALUES) + ("X",)
_FROM_TOKEN = {str(v): v for v in VALUES} | {"X": JOKER, "x": JOKER}


def token(card: int) -> str:
    """The text token of a card: ``"1"`` … ``"13"`` or ``"X"``."""
    return _TOKENS[card]


def parse_token(text: str) -> int:
    """The card a token names.

    Raises:
        ValueError: for anything but ``"1"`` … ``"13"`` and ``"X"``.
    """
    try:
        return _FROM_TOKEN[text.strip()]
    except KeyError:
        raise ValueError(f"unknown card {quoted(text)}: cards are 1 to 13 and X") from None


def group_token(cards: Sequence[int]) -> str:
    """A duel pool group (or a single pool card) as one token, e.g. ``"4+13+X"``."""
    return "+".join(_TOKENS[c] for c in sorted(cards))


def full_deck() -> list[int]:
    """The 109 cards in a fixed order (before shuffling)."""
    return [v for v in VALUES for _ in range(COPIES_PER_VALUE)] + [JOKER] * JOKERS


def counts_of(cards: Iterable[int]) -> list[int]:
    """Per-value counts (index 1..14) with the total at index 0."""
    counts = [0] * 15
    for c in cards:
        counts[c] += 1
        counts[0] += 1
    return counts


def cards_of(counts: Sequence[int]) -> list[int]:
    """Cards of a count array in canonical order."""
    return [v for v in range(1, 15) for _ in range(counts[v])]


def value_name(value: int, count: int = 1) -> str:
    """Plain words for a value: ``"9"``/``"9s"``, ``"joker"``/``"jokers"``."""
    if value == JOKER:
        return "joker" if count == 1 else "jokers"
    return str(value) if count == 1 else f"{value}s"


def describe_set(count: int, value: int) -> str:
    """Plain words for a set: ``"three 9s"``, ``"a joker"``."""
    if count == 1:
        return "a joker" if value == JOKER else f"{'an' if value in (8, 11) else 'a'} {value}"
    return f"{number_word(count)} {value_name(value, count)}"


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven",
                 "eight", "nine", "ten", "eleven", "twelve", "thirteen")


def number_word(n: int) -> str:
    """``3`` → ``"three"`` (digits past thirteen)."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)
