"""Friendly shortcuts for moves, turned into the contract notation.

Besides every spelling of the contract (``play 7 7 X``, ``take``,
``draw 4+13+X`` …), case-insensitive, a player may type:

* a play as its cards: ``7 7 x``, ``77x``, ``7×3`` (three 7s), ``x``;
* ``t`` / ``l`` for take / leave, ``b`` / ``d`` for back / discard;
* ``deck`` for the deck, a pool slot number (``1``–``6``) for that slot,
  ``p`` for pass;
* in the duel's shadow choice, the value of the group (``5``).

:func:`read_move` returns the canonical text of a legal move, or raises
:class:`IllegalMove` with the engine's reason.
"""

from __future__ import annotations

import itertools
import re

from ..cards import JOKER, group_token, parse_token
from ..moves import IllegalMove, Move
from ..view import View

_WORDS = {
    "take": {"t": "take", "take": "take", "l": "leave", "leave": "leave",
             "n": "take", "nehmen": "take", "liegen": "leave"},
    "back": {"b": "back", "back": "back", "d": "discard", "discard": "discard",
             "z": "back", "zurück": "back", "zurueck": "back", "ablegen": "discard", "a": "discard"},
    "draw": {"deck": "draw deck", "k": "draw deck", "stapel": "draw deck"},
    "single-draw": {"deck": "draw deck", "k": "draw deck", "stapel": "draw deck",
                    "p": "pass", "pass": "pass", "passen": "pass"},
}
_COUNT_FORM = re.compile(r"^(x|\d{1,2})\s*[×*]\s*(\d)$")


def read_move(text: str, view: View) -> str:
    """The canonical legal move a player's input means.

    Args:
        text: what the player typed.
        view: the deciding seat's view.

    Raises:
        IllegalMove: with a one-line reason (the engine's, where it has one).
    """
    words = " ".join(text.strip().lower().split())
    if not words:
        raise IllegalMove("type a move (? lists them)")
    if not view.my_move:
        raise IllegalMove("it is not your decision")
    legal = view.legal_moves()
    candidate = _expand(words, view, legal)
    if candidate in legal:
        return candidate
    _engine_reason(candidate, view)
    raise IllegalMove(f"{candidate!r} is not possible now (? lists the moves)")


def _expand(words: str, view: View, legal: list[str]) -> str:
    phase = view.phase
    shortcut = _WORDS.get(phase, {}).get(words)
    if shortcut:
        return shortcut
    if not words[0].isdigit():
        # Another decision's shortcut: the engine explains what is asked now.
        for other in _WORDS.values():
            if words in other and not (phase == "play" and words == "x"):
                return other[words]
    head = words.split()[0]
    if head in ("play", "take", "leave", "back", "discard", "draw", "pass", "shadow"):
        if head == "play":
            return _play(words[4:].strip(), legal)
        return str(Move.parse(words))
    if phase in ("draw", "single-draw"):
        return _draw(words, view)
    if phase == "shadow":
        value = words.removeprefix("s").strip()
        if value.isdigit():
            return f"shadow {int(value)}"
        raise IllegalMove(f"cannot read {words!r}: say which shadow group, e.g. '5'")
    if phase == "play":
        return _play(words, legal)
    raise IllegalMove(f"cannot read {words!r}: {_expected(phase)}")


def _expected(phase: str) -> str:
    return {"take": "type t (take) or l (leave)", "back": "type b (back) or d (discard)",
            "play": "type the cards to play, e.g. 7 7 x"}.get(phase, "? lists the moves")


def _draw(words: str, view: View) -> str:
    slot_text = words.removeprefix("#")
    if slot_text.isdigit():
        slot = int(slot_text)
        if 1 <= slot <= len(view.pool):
            return "draw " + group_token(view.pool[slot - 1])
        if slot <= 6:
            raise IllegalMove(f"the pool has no slot {slot}: it has {len(view.pool)}")
    try:
        cards = sorted(parse_token(w) for w in words.replace("+", " ").split())
    except ValueError:
        raise IllegalMove(f"cannot read {words!r}: type a pool slot number, 'deck', or ? for help") from None
    return "draw " + group_token(cards)


def _play(words: str, legal: list[str]) -> str:
    """A play written as its cards, spaced or run together (``77x``)."""
    if not words:
        raise IllegalMove("say which cards, e.g. 7 7 x")
    count_form = _COUNT_FORM.match(words)
    if count_form:
        card = parse_token(count_form.group(1))
        return str(Move("play", tuple([card] * int(count_form.group(2)))))
    readings: list[list[tuple[int, ...]]] = []
    for word in words.split():
        options = _readings(word)
        if not options:
            raise IllegalMove(f"cannot read {word!r}: cards are 1 to 13 and X")
        readings.append(options)
    plays = []
    for combo in itertools.product(*readings):
        cards = tuple(sorted(c for part in combo for c in part))
        if len({c for c in cards if c != JOKER}) <= 1:
            text = str(Move("play", cards))
            if text not in plays:
                plays.append(text)
    if not plays:
        values = sorted({c for part in (r[0] for r in readings) for c in part if c != JOKER})
        shown = " and ".join(str(v) for v in values)
        raise IllegalMove(f"a set is cards of one value (jokers may join): {shown} differ")
    allowed = [p for p in plays if p in legal]
    # A word that is a card's name ("11") means that card when it can be played.
    whole = all(len(options) == 1 or _is_token(word) for word, options in zip(words.split(), readings,
                                                                               strict=True))
    if len(allowed) > 1 and not (whole and allowed[0] == plays[0]):
        shown = " or ".join(repr(p.removeprefix("play ")) for p in allowed)
        raise IllegalMove(f"{words!r} is ambiguous: type {shown} with spaces")
    return allowed[0] if allowed else plays[0]


def _is_token(word: str) -> bool:
    try:
        parse_token(word.upper())
    except ValueError:
        return False
    return True


def _readings(word: str) -> list[tuple[int, ...]]:
    """Every way to read one typed word as cards; a card's name (``11``) comes first."""
    results: list[tuple[int, ...]] = []

    def split(rest: str, acc: tuple[int, ...]) -> None:
        if not rest:
            results.append(acc)
            return
        if rest[0] == "x":
            split(rest[1:], acc + (JOKER,))
            return
        for size in (1, 2):
            part = rest[:size]
            if len(part) == size and part.isdigit() and 1 <= int(part) <= 13 and part[0] != "0":
                split(rest[size:], acc + (int(part),))

    split(word, ())
    if _is_token(word):
        whole = (parse_token(word.upper()),)
        results = [whole] + [r for r in results if r != whole]
    return results


def _engine_reason(move: str, view: View) -> None:
    """Raise the engine's own reason why ``move`` is illegal for this seat."""
    view.check(move)
