"""Moves: one notation for input, logs, saves and tests.

A move has three forms that map onto each other:

* text in the contract notation, e.g. ``"play 7 7 X"``, ``"take"``,
  ``"draw 4+13+X"`` (what players, logs and tests use);
* a :class:`Move` value, whose ``str()`` is the canonical text;
* an int *action code*, the engine's fast path for bots and rollouts.
  Codes of pool draws name a pool slot, so they only mean something in
  the position they were generated for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..quoting import quoted
from .cards import JOKER, group_token, parse_token, token

TAKE, LEAVE, BACK, DISCARD, PASS, DRAW_DECK = range(6)
SHADOW_BASE = 16  # + value of the shadow group
DRAW_POOL_BASE = 32  # + pool slot index
PLAY_BASE = 64  # + value * 128 + numbers * 8 + jokers

SIMPLE_TEXT = {TAKE: "take", LEAVE: "leave", BACK: "back", DISCARD: "discard",
               PASS: "pass", DRAW_DECK: "draw deck"}
_SIMPLE_CODE = {text: code for code, text in SIMPLE_TEXT.items()}


def play_code(value: int, numbers: int, jokers: int) -> int:
    """Code of playing ``numbers`` cards of ``value`` plus ``jokers`` jokers.

    A lone-joker set has ``value == JOKER`` and ``numbers == 0``.
    """
    return PLAY_BASE + value * 128 + numbers * 8 + jokers


def play_parts(code: int) -> tuple[int, int, int]:
    """``(value, numbers, jokers)`` of a play code."""
    x = code - PLAY_BASE
    return x >> 7, (x >> 3) & 15, x & 7


def _play_text(value: int, numbers: int, jokers: int) -> str:
    cards = [token(value)] * numbers + ["X"] * jokers
    return "play " + " ".join(cards)


# Every play that can ever be legal, with its canonical text; jokers
# alone are value JOKER with no number cards.
PLAY_TEXT: dict[int, str] = {}
for _v in range(1, 14):
    for _n in range(1, 9):
        for _j in range(0, 6):
            PLAY_TEXT[play_code(_v, _n, _j)] = _play_text(_v, _n, _j)
for _j in range(1, 6):
    PLAY_TEXT[play_code(JOKER, 0, _j)] = _play_text(JOKER, 0, _j)
SHADOW_TEXT = {SHADOW_BASE + v: f"shadow {v}" for v in range(1, 14)}

# Every play from a hand, in the canonical order of the legal moves, read off
# with seven look-ups and no loop (see game.play_codes): listing the moves is
# most of what legal_moves costs. ``rows[value][held]`` are the plays of 1..held
# cards of ``value`` with 0..jokers jokers each (row ``JOKER``, indexed by the
# jokers held: the lone-joker sets); ``PLAY_CODE_PAIRS[jokers][k]`` joins the
# rows of the values ``2k + 1`` and ``2k + 2`` (13 and ``JOKER`` for k = 6),
# indexed by ``held_first * 9 + held_second``. ``PLAY_TEXT_PAIRS`` holds their
# texts. A hand holds at most 8 of a value and 5 jokers.
_MAX_HELD, _MAX_JOKERS = 8, 5
_ROW = _MAX_HELD + 1


def _rows(jokers: int) -> list[list[tuple[int, ...]]]:
    rows: list[list[tuple[int, ...]]] = [[()] * _ROW]  # index 0 of a hand is its total
    rows += [[tuple(play_code(v, n, k) for n in range(1, held + 1) for k in range(jokers + 1))
              for held in range(_ROW)] for v in range(1, JOKER)]
    rows.append([tuple(play_code(JOKER, 0, k) for k in range(1, held + 1)) if held <= _MAX_JOKERS else ()
                 for held in range(_ROW)])
    return rows


def _pairs(rows: Sequence[Sequence[tuple[Any, ...]]]) -> list[tuple[tuple[Any, ...], ...]]:
    return [tuple(rows[2 * k + 1][a] + rows[2 * k + 2][b] for a in range(_ROW) for b in range(_ROW))
            for k in range(7)]


_CODE_ROWS = [_rows(_j) for _j in range(_MAX_JOKERS + 1)]
PLAY_CODE_PAIRS: list[list[tuple[tuple[int, ...], ...]]] = [_pairs(rows) for rows in _CODE_ROWS]
PLAY_TEXT_PAIRS: list[list[tuple[tuple[str, ...], ...]]] = [
    _pairs([[tuple(PLAY_TEXT[c] for c in codes) for codes in row] for row in rows]) for rows in _CODE_ROWS]
del _CODE_ROWS


class _DrawTexts(dict[tuple[int, ...], str]):
    """Canonical text of drawing each pool slot; a group seen for the first
    time is added (with its way back in DRAW_SLOT) on look-up."""

    def __missing__(self, slot: tuple[int, ...]) -> str:
        text = self[slot] = "draw " + group_token(slot)
        DRAW_SLOT[text] = tuple(sorted(slot))
        return text


# Canonical text of drawing a pool slot, and back: every single card up
# front, duel groups as they turn up (there are few). ``DRAW_TEXT[slot]``
# never fails.
DRAW_TEXT = _DrawTexts({(c,): "draw " + token(c) for c in range(1, JOKER + 1)})
DRAW_SLOT: dict[str, tuple[int, ...]] = {t: slot for slot, t in DRAW_TEXT.items()}


def draw_text(slot: tuple[int, ...]) -> str:
    """Canonical text of drawing this pool slot, e.g. ``"draw 7"``, ``"draw 4+13+X"``."""
    return DRAW_TEXT[slot]


# Canonical text → code, for every move but pool draws (whose code depends
# on the slot the card lies in).
CODE_OF_TEXT: dict[str, int] = (
    {t: c for c, t in PLAY_TEXT.items()}
    | {t: c for c, t in SHADOW_TEXT.items()}
    | _SIMPLE_CODE
)

KINDS = ("play", "take", "leave", "back", "discard", "draw", "pass", "shadow")


class IllegalMove(ValueError):
    """A move that is malformed or not legal in the current position.

    ``str(err)`` is the reason in English; front ends translate by ``key``
    (a short stable identifier, see ``docs/save-format.md``) and ``params``
    (its details: values, counts, seats, the text typed), never by matching
    the English.

    Args:
        message: the English sentence.
        key: what kind of refusal this is (``"illegal"`` when unspecified).
        params: the details the message was made from.
    """

    def __init__(self, message: str, key: str = "illegal", params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.params: dict[str, Any] = dict(params or {})


class Judged(str):
    """A move judged legal once, for the seat to move in one position: its canonical text (a ``str``, so it
    goes wherever a move's text goes), with its action code and the view it was judged on.

    Made only by :meth:`View.judged` and :meth:`View.legal_judged`. While the position is still the one
    that view shows (the table knows: it published that view), the move is applied by its code without
    being judged again (:meth:`Transcript.push_judged`); anywhere else it is text like any other, and
    :meth:`Game.push` checks it as it checks every move.
    """

    code: int
    on: object

    def __new__(cls, text: str, code: int, on: object) -> Judged:
        judged = super().__new__(cls, text)
        judged.code, judged.on = code, on
        return judged

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        return str, (str(self),)  # sent elsewhere (a worker's pipe), it is its text: the view stays here


@dataclass(frozen=True, slots=True)
class Move:
    """A move as a plain value.

    Attributes:
        kind: one of ``play``, ``take``, ``leave``, ``back``, ``discard``,
            ``draw``, ``pass``, ``shadow``.
        cards: the cards played; for ``draw`` the pool slot's cards (empty
            for the deck); for ``shadow`` the value of the group.
    """

    kind: str
    cards: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.kind == "play":
            return "play " + " ".join(token(c) for c in self.cards)
        if self.kind == "draw":
            return "draw " + ("+".join(token(c) for c in self.cards) if self.cards else "deck")
        if self.kind == "shadow":
            return f"shadow {self.cards[0]}"
        return self.kind

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in any spelling of the notation.

        Case and spacing are free; cards of a play or a pool group may come
        in any order (``"play X 7 7"`` is ``"play 7 7 X"``).

        Raises:
            IllegalMove: quoting the text, when it is not a move.
        """
        if not isinstance(text, str):
            raise IllegalMove(f"a move is text such as 'play 7 7', not {quoted(text)}", "not-text")
        words = text.strip().lower().split()
        if not words:
            raise IllegalMove("empty move: try 'play 7', 'take', 'leave', 'draw deck' …", "empty")
        kind, args = words[0], words[1:]
        if kind not in KINDS:
            raise IllegalMove(f"cannot read {quoted(text.strip())}: moves start with "
                              "play, take, leave, back, discard, draw, pass or shadow",
                              "unknown-verb", {"text": text.strip()})
        if kind == "play":
            return cls("play", _parse_play(text, args))
        if kind == "draw":
            return cls("draw", _parse_draw(text, args))
        if kind == "shadow":
            if len(args) != 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= 13:
                raise IllegalMove(f"cannot read {quoted(text.strip())}: say which shadow group, e.g. 'shadow 5'",
                                  "syntax", {"text": text.strip(), "kind": "shadow"})
            return cls("shadow", (int(args[0]),))
        if args:
            raise IllegalMove(f"cannot read {quoted(text.strip())}: {kind!r} takes nothing after it",
                              "syntax", {"text": text.strip(), "kind": kind})
        return cls(kind)


def _parse_cards(text: str, words: list[str]) -> tuple[int, ...]:
    for word in words:
        try:
            parse_token(word)
        except ValueError as err:
            raise IllegalMove(f"cannot read {quoted(text.strip())}: {err}", "unknown-card",
                              {"text": text.strip(), "card": word}) from None
    return tuple(sorted(parse_token(w) for w in words))


def _parse_play(text: str, words: list[str]) -> tuple[int, ...]:
    if not words:
        raise IllegalMove(f"cannot read {quoted(text.strip())}: say which cards, e.g. 'play 7 7 X'",
                          "syntax", {"text": text.strip(), "kind": "play"})
    cards = _parse_cards(text, words)
    numbers = {c for c in cards if c != JOKER}
    if len(numbers) > 1:
        shown = " and ".join(token(c) for c in sorted(numbers))
        raise IllegalMove(f"a set is cards of one value (jokers may join): {shown} differ", "mixed-values",
                          {"values": sorted(numbers)})
    return cards


def _parse_draw(text: str, words: list[str]) -> tuple[int, ...]:
    if len(words) != 1:
        raise IllegalMove(f"cannot read {quoted(text.strip())}: draw one card, e.g. 'draw deck' or 'draw 7'",
                          "syntax", {"text": text.strip(), "kind": "draw"})
    if words[0] == "deck":
        return ()
    return _parse_cards(text, words[0].split("+"))
