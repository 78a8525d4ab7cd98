"""Friendly shortcuts for moves, turned into the contract notation.

Besides every spelling of the contract (``play 7 7 X``, ``take``,
``draw 4+13+X`` …), case-insensitive, a player may type:

* a play as its cards: ``7 7 x``, ``77x``, ``7×3`` (three 7s), ``x``;
* ``t`` / ``l`` for take / leave, ``b`` / ``d`` for back / discard;
* when drawing, a card's value (``7`` draws a 7, exactly like ``draw 7``),
  ``deck``, a pool slot's letter (``a``–``f`` from the left; needed only
  for a duel group), a group as written (``4+13+x``), ``p`` for pass;
* in the duel's shadow choice, the value of the group (``5``);
* the German words, infinitive or imperative: ``spiele 7 7``, ``lege 7``,
  ``ablegen 7 7``/``leg 7 7 ab`` (the rulebooks' word for a play),
  ``nimm``/``nehmen``, ``lass``/``lassen``, ``zurück``, ``abwerfen``/``wirf ab``,
  ``ziehe stapel`` (the deck), ``ziehe 7`` (a 7 from the pool), ``passe``/``passen``,
  ``schatten 5`` (``Tr.spoken`` writes a move in them).

A number is always a card value, never a slot: the table shows the pool's
slots with letters.

:func:`read_typed` returns the canonical text of a legal move, judged (a
:class:`~abluxxen.engine.moves.Judged`: the table applies it without judging
it again), or raises :class:`IllegalMove`: the engine's refusal, or an
:class:`Unreadable` for input that is no move at all.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from ..engine.cards import JOKER, group_token, parse_token, token
from ..engine.moves import KINDS, IllegalMove, Move, draw_text
from ..engine.phase import Phase
from ..engine.view import View
from ..i18n.tr import Tr
from ..i18n.verbs import GERMAN, PARTICLES, SHORTCUTS
from ..quoting import quoted

# Every word that names a move's kind, English and German (infinitive and imperative): i18n/verbs.py.
VERBS: dict[str, str] = {
    **{kind: kind for kind in KINDS},
    **{word: kind for kind, words in GERMAN.items() if kind in KINDS for word in words},
}
DECK_WORDS = ("deck", *GERMAN["deck"], *SHORTCUTS["deck"])


def _shortcuts(*kinds: str) -> dict[str, str]:
    return {letter: kind for kind in kinds for letter in SHORTCUTS[kind]}


_WORDS = {
    Phase.TAKE_OR_LEAVE: _shortcuts("take", "leave"),
    Phase.BACK_OR_DISCARD: _shortcuts("back", "discard"),
    Phase.DRAW: dict.fromkeys(DECK_WORDS, "draw deck"),
    Phase.SINGLE_DRAW: {**dict.fromkeys(DECK_WORDS, "draw deck"), **_shortcuts("pass")},
}
_COUNT_FORM = re.compile(r"^(x|\d{1,2})\s*[×*]\s*(\d)$")
SLOT_LETTERS = "abcdef"


class Unreadable(IllegalMove):
    """Input that reads as no move at all; ``key`` names its text (``unread.*``) in the texts.

    ``str()`` is the English text; :meth:`Tr.reason` gives it in any language.
    """

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(Tr("en").unreadable(key, params), key, params)


def shortcuts_key(view: View) -> str:
    """The text key of the shortcuts for this decision (groups in the pool need their letters)."""
    phase = view.phase.text
    if view.phase in (Phase.DRAW, Phase.SINGLE_DRAW) and any(len(slot) > 1 for slot in view.pool):
        return f"shortcuts.{phase}_groups"
    return f"shortcuts.{phase}"


def read_typed(text: str, view: View) -> str:
    """The canonical legal move a player's input means.

    Args:
        text: what the player typed.
        view: the deciding seat's view.

    Raises:
        IllegalMove: with a one-line reason (the engine's, where it has one).
    """
    words = " ".join(text.strip().lower().split())
    if not words:
        raise Unreadable("unread.empty")
    if not view.my_move:
        raise Unreadable("unread.not-yours")
    judged = view.legal_judged()
    legal: list[str] = list(judged)
    candidate = _expand(words, view, legal)
    if candidate in legal:
        return judged[legal.index(candidate)]  # judged here, once: the table pushes it without judging again
    _engine_reason(candidate, view)
    raise Unreadable("unread.impossible", word=candidate)


def reads_as_move(text: str) -> bool:
    """Whether ``text`` reads as a move at some decision of some game, in any shape :func:`read_typed` reads
    (English or German), whatever the position: where no game is played (the club's lobby), such a line
    is refused rather than said, so that a move typed for a table gone away tells nobody a card.

    Args:
        text: what a person typed.
    """
    words = " ".join(text.strip().lower().split())
    if not words:
        return False
    if words in SLOT_LETTERS or any(words in shortcuts for shortcuts in _WORDS.values()):
        return True
    head, _, rest = words.partition(" ")
    kind = VERBS.get(head)
    if kind is not None:  # a verb alone is a move (``nimm``); with more, only what a move could take
        rest = _without_particle(kind, rest)
        if not rest or (kind == "draw" and rest in DECK_WORDS):
            return True
        if kind == "shadow":
            return rest.isdigit()
        return kind in ("play", "draw") and _all_cards(rest)
    if re.fullmatch(r"s ?\d{1,2}", words):  # a shadow group's value
        return True
    return _all_cards(words)


def _all_cards(words: str) -> bool:
    """Whether every word reads as cards: ``7 7 x``, ``77x``, ``7×3``, a group as written (``4+13+x``)."""
    if _COUNT_FORM.match(words):
        return True
    return all(_readings(word) for word in words.replace("+", " ").split())


def _expand(words: str, view: View, legal: list[str]) -> str:
    phase = view.phase
    shortcut = _WORDS.get(phase, {}).get(words)
    if shortcut:
        return shortcut
    head, _, rest = words.partition(" ")
    kind = VERBS.get(head)
    if kind:
        return _verb(kind, words, view, legal)
    if phase in (Phase.DRAW, Phase.SINGLE_DRAW):
        return _draw(words, view)
    unknown = Unreadable("unread.unknown", word=words, shortcuts=shortcuts_key(view))
    other = _other_shortcut(words, phase)
    if other:
        return other
    if phase == Phase.SHADOW:
        value = words.removeprefix("s").strip()
        if value.isdigit():
            return f"shadow {int(value)}"
    if phase == Phase.PLAY:
        return _play(words, legal, unknown=unknown)
    raise unknown


def _verb(kind: str, words: str, view: View, legal: list[str]) -> str:
    """A move written with its verb (``spiele 7 7``, ``draw 2``, ``wirf ab``), in either language."""
    rest = _without_particle(kind, words.partition(" ")[2])
    if kind == "play":
        return _play(rest, legal, unknown=None)
    if kind == "draw" and rest:
        # Through the shortcuts' reading, so that "draw 2" gets the same answer as "2" (a group's letter too).
        return "draw deck" if rest in DECK_WORDS else _draw(rest, view)
    try:
        return str(Move.parse(f"{kind} {rest}".strip()))
    except IllegalMove as err:
        raise _as_typed(err, kind, words) from None


def _without_particle(kind: str, rest: str) -> str:
    """What follows a verb without the separable part German ends the sentence with (``leg 7 7 ab``)."""
    head, _, last = rest.rpartition(" ")
    return head if last in PARTICLES.get(kind, ()) else rest


def _as_typed(err: IllegalMove, kind: str, typed: str) -> IllegalMove:
    """The engine's refusal of the move ``typed`` was read as (``nimm 5`` is ``take 5``), quoting the words
    the player typed, not the notation they became."""
    text = err.params.get("text")
    if not isinstance(text, str) or text == typed:
        return err
    message = str(err).replace(quoted(text), quoted(typed))
    verb = typed.split()[0]
    if verb != kind:
        message = message.replace(repr(kind), repr(verb))
    return IllegalMove(message, err.key, {**err.params, "text": typed})


def _other_shortcut(words: str, phase: Phase) -> str:
    """Another decision's shortcut (``t`` while playing): the engine then explains what is asked now."""
    if words[0].isdigit() or (phase == Phase.PLAY and words == "x"):
        return ""
    for other in _WORDS.values():
        if words in other:
            return other[words]
    kind = VERBS.get(words)
    return kind if kind in ("take", "leave", "back", "discard", "pass") else ""


def _draw(words: str, view: View) -> str:
    """A draw: a card's value, a slot's letter, or a group as written."""
    pool = view.pool
    if len(words) == 1 and words in SLOT_LETTERS:
        index = SLOT_LETTERS.index(words)
        if index < len(pool):
            return draw_text(pool[index])
        if not pool:
            raise IllegalMove("the pool is empty: draw from the deck", "pool-empty")
        raise Unreadable("unread.no-slot", letter=words, last=SLOT_LETTERS[len(pool) - 1])
    other = _other_shortcut(words, view.phase)
    if other:
        return other
    unknown = Unreadable("unread.unknown", word=words, shortcuts=shortcuts_key(view))
    cards = sorted(_card(word, unknown) for word in words.replace("+", " ").split())
    if len(cards) == 1:
        grouped = [i for i, slot in enumerate(pool) if cards[0] in slot and len(slot) > 1]
        if grouped and (cards[0],) not in pool:
            slot = pool[grouped[0]]
            raise Unreadable("unread.in-group", value=token(cards[0]), group=group_token(slot),
                             letter=SLOT_LETTERS[grouped[0]])
    return "draw " + group_token(cards)


def _card(word: str, unknown: Unreadable | None) -> int:
    """One typed card; a number outside 1–13 is no card, a word of letters no move."""
    try:
        return parse_token(word.upper())
    except ValueError:
        raise _not_cards(word, unknown) from None


def _not_cards(word: str, unknown: Unreadable | None) -> Unreadable:
    """Why a typed word is no card: a number out of range, or a word that means nothing here.

    Args:
        word: the word that is no card.
        unknown: the refusal for input that means nothing here, or ``None``
            when the player wrote the move's verb (every word after it must then be a card).
    """
    if unknown is None or re.fullmatch(r"[0-9x]+", word):
        return Unreadable("unread.not-a-card", word=word)
    return unknown


def _play(words: str, legal: list[str], *, unknown: Unreadable | None) -> str:
    """A play written as its cards, spaced or run together (``77x``); ``unknown`` as in :func:`_not_cards`."""
    if not words:
        raise Unreadable("unread.which-cards")
    count_form = _COUNT_FORM.match(words)
    if count_form:
        card = _card(count_form.group(1), unknown)
        return str(Move("play", tuple([card] * int(count_form.group(2)))))
    readings: list[list[tuple[int, ...]]] = []
    for word in words.split():
        options = _readings(word)
        if not options:
            raise _not_cards(word, unknown)
        readings.append(options)
    plays = []
    for combo in itertools.product(*readings):
        cards = tuple(sorted(c for part in combo for c in part))
        if len({c for c in cards if c != JOKER}) <= 1:
            text = str(Move("play", cards))
            if text not in plays:
                plays.append(text)
    if not plays:
        # "14" is a number, not a 1 and a 4 of different values.
        for word in words.split():
            if word.isdigit() and len(word) <= 2 and not 1 <= int(word) <= 13:
                raise Unreadable("unread.not-a-card", word=word)
        values = sorted({c for part in (r[0] for r in readings) for c in part if c != JOKER})
        shown = " and ".join(str(v) for v in values)
        raise IllegalMove(f"a set is cards of one value (jokers may join): {shown} differ", "mixed-values",
                          {"values": values})
    allowed = [p for p in plays if p in legal]
    # A word that is a card's name ("11") means that card when it can be played.
    whole = all(len(options) == 1 or _is_token(word) for word, options in zip(words.split(), readings,
                                                                               strict=True))
    if len(allowed) > 1 and not (whole and allowed[0] == plays[0]):
        raise Unreadable("unread.ambiguous", word=words,
                         options=[p.removeprefix("play ") for p in allowed])
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


def completions(typed: str, view: View, tr: Tr) -> list[str]:
    """The legal moves, as a player of ``tr``'s language types them (``ziehe 7``), that start with what
    was typed, case aside; without a verb, the plays and draws whose cards start so (``9 9`` becomes
    ``play 9 9 …``, ``7`` ``draw 7``)."""
    moves = [tr.spoken(m) for m in view.legal_moves()]
    words = " ".join(typed.lower().split())
    if typed.endswith(" ") and words:
        words += " "
    found = [m for m in moves if m.lower().startswith(words)]
    if not found and words:
        verbs = {tr.spoken(kind) for kind in ("play", "draw", "shadow")}
        found = [m for m in moves if m.lower().split(" ", 1)[-1].startswith(words) and m.split()[0] in verbs]
    return found
