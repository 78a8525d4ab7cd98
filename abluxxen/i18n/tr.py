"""``Tr``: the texts of one language, and the grammar that puts cards, counts and moves into words.

The texts themselves live beside this module, one module per area of the game
(``table``, ``narration``, ``scores``, ``setup``, ``saves``, ``learn``,
``records``, ``review``, ``host``, ``club``), each a dict of ``key: (English, German)``;
:data:`TEXTS` is all of them. The German texts use the game's own words:
abluxxen, Auslage (display), Vorrat (pool), Nachziehstapel (deck),
Ablagestapel (discard pile), Joker, Schatten (the duel's shadow display);
das Zurücknehmen is the undo (``rückgängig`` only the command), Spielstärke the
rating (Wertung is the rulebooks' scoring at a game's end). After a colon a
statement starts with a capital, as the rulebook writes; a fragment, a list or
an instruction stays lower case (``tests/test_i18n_words.py`` holds these).
"""

from __future__ import annotations

import errno
from collections.abc import Callable, Mapping, Sequence
from pathlib import PurePath
from typing import Any, Protocol

from ..engine.cards import JOKER, group_token
from ..engine.moves import IllegalMove
from ..languages import LANGS
from ..quoting import LIMIT, Typed, path_shown, quoted, visible
from . import club, host, learn, narration, records, review, saves, scores, setup, table
from .reasons import REASONS
from .refusals import REFUSALS_DE
from .saves import SAVE_REFUSALS_DE
from .verbs import GERMAN


class Reason(Protocol):
    """A bot's reason for a move (``bots.normal.Reason``): its key, its details, its English."""

    @property
    def key(self) -> str:
        """Which reason (a key of ``bots.normal.REASONS``)."""
        ...

    @property
    def details(self) -> dict[str, Any]:
        """The details a translation fills in (``cards``, ``victims``, ``value``)."""
        ...


def _all_texts() -> dict[str, tuple[str, str]]:
    """Every area's texts in one dict; a key in two areas is a mistake, found at once."""
    texts: dict[str, tuple[str, str]] = {}
    for area in (table, narration, scores, setup, saves, learn, records, review, host, club):
        twice = texts.keys() & area.TEXTS.keys()
        if twice:
            raise ValueError(f"keys in two areas: {', '.join(sorted(twice))}")
        texts.update(area.TEXTS)
    return texts


# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS = _all_texts()


def _quote(word: str, limit: int = 14) -> str:
    """Typed text inside a message: printable characters only, and short."""
    shown = "".join(c for c in word if c.isprintable())
    if len(shown) > limit:
        shown = shown[:limit - 1] + "…"
    return f"'{shown}'"


# The refusals a disk gives most, by errno; others keep the system's words (oserror.other).
_OS_REASONS = {
    errno.ENOSPC: "oserror.full", errno.EDQUOT: "oserror.full", errno.EFBIG: "oserror.full",
    errno.ENOTDIR: "oserror.not_folder", errno.EISDIR: "oserror.not_folder",
    errno.EACCES: "oserror.denied", errno.EPERM: "oserror.denied", errno.EROFS: "oserror.read_only",
    errno.EIO: "oserror.io", errno.ENOENT: "oserror.missing", errno.ENAMETOOLONG: "oserror.long",
}

# The fields of a text that hold one player's name (see ``Tr.who``).
_PERSONS = frozenset({"name", "victim", "attacker"})
# Pronouns a player may take for a name, by language (LANGS' order): quoted in that language's sentences.
_PRONOUNS = (
    frozenset({"i", "me", "my", "mine", "myself", "you", "your", "yours", "he", "him", "his", "she", "her", "it",
               "its", "we", "us", "our", "they", "them", "their", "who", "nobody", "somebody", "someone",
               "everybody", "everyone", "anybody", "anyone"}),
    frozenset({"ich", "mich", "mir", "mein", "du", "dich", "dir", "dein", "er", "ihn", "ihm", "sein", "sie",
               "es", "wir", "uns", "ihr", "euch", "ihnen", "man", "wer", "jemand", "niemand", "keiner", "alle",
               "jeder"}),
)
# The English verbs of a reason that agree with its set's count: several cards, then one card.
_AGREEING = ({"fits": "fit", "does": "do", "is": "are"}, {"fits": "fits", "does": "does", "is": "is"})

_GERMAN_MARKS = str.maketrans({".": ",", ",": "."})  # decimal comma, thousands dot
_NUMBERS_EN = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "eleven", "twelve", "thirteen")
_NUMBERS_DE = ("kein", "eine", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
               "elf", "zwölf", "dreizehn")


class Tr:
    """The texts of one language: ``tr("key", name="Ann")``.

    Args:
        lang: ``en`` or ``de``.
        limit: how many characters of a path or of typed text (:class:`~abluxxen.quoting.Typed`) a text
            names (see :meth:`within`).
    """

    def __init__(self, lang: str = "en", limit: int = LIMIT) -> None:
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang
        self.limit = limit
        self._index = LANGS.index(lang)

    def within(self, limit: int) -> Tr:
        """These texts naming paths and typed text at most ``limit`` characters long: a line that must fit
        a terminal cuts them shorter (``fitting(lambda limit: tr.within(limit)(…))``)."""
        return Tr(self.lang, limit)

    def line(self, key: str, **fields: object) -> Callable[[int], str]:
        """The text ``key`` as a line that must fit a terminal (for ``complain`` or ``error_line``): made
        for a quoting limit, its paths and typed text cut to it (:func:`~abluxxen.quoting.fitting`)."""
        return lambda limit: self.within(limit)(key, **fields)

    def knows(self, key: str) -> bool:
        """Whether ``key`` is a text of ours (one a file names is checked before it is said)."""
        return key in TEXTS

    def __call__(self, key: str, **fields: object) -> str:
        # A path or typed text is whatever a folder holds or a person typed: shown by quoting's one rule
        # (control characters made visible, cut short), never raw.
        shown = {k: path_shown(v, self.limit) if isinstance(v, PurePath)
                 else quoted(str(v), min(self.limit, LIMIT)) if isinstance(v, Typed) else v
                 for k, v in fields.items()}
        for field in _PERSONS.intersection(shown):
            if isinstance(shown[field], str):
                shown[field] = self.who(str(shown[field]))
        return TEXTS[key][self._index].format(**shown)

    def not_recorded(self, key: str, problem: str | Exception, *, later: bool) -> str:
        """The one line that says a finished game is not in the records: why (``problem``: a
        ``RecordsError.kind``, or the refusal itself, see :meth:`records_reason`), and, when its save holds
        its end (``later``), when it will be; ``key`` is ``records_failed``, or ``records_not`` when its end
        could not be saved either."""
        kind = problem if isinstance(problem, str) else getattr(problem, "kind", "")
        if later and kind == "damaged":
            return self("records_later_damaged")
        reason = self(f"records.{kind}") if isinstance(problem, str) else self.records_reason(problem)
        return self("records_later" if later else key, reason=reason)

    def records_reason(self, err: Exception) -> str:
        """Why a finished game was not recorded, in words of this language: the records' refusal (a
        ``store.records_db.RecordsError``, by its ``kind``), or the system's (an ``OSError``: a save folder
        that takes no lock file)."""
        if isinstance(err, OSError):
            return self.os_reason(err)
        return self(f"records.{getattr(err, 'kind', 'unreadable')}")

    def os_reason(self, err: OSError) -> str:
        """Why the system refused a file, in words of this language (``the disk is full``); the system's
        own words for a rare refusal."""
        # A refusal the store told apart from the errno it came with (store.files.NoNewFiles) says so.
        key = getattr(err, "reason", None) or _OS_REASONS.get(err.errno or 0)
        if key is not None:
            return self(key)
        return self("oserror.other", detail=visible(err.strerror or str(err) or type(err).__name__))

    def save_refusal(self, err: Exception) -> str:
        """Why a file is no save (a ``store.save_document.SaveError``: its key and params), in this language."""
        error = getattr(err, "error", None)
        if isinstance(error, OSError):  # could not be read at all: the system's reason, in this language's words
            return self.os_reason(error)
        if self.lang != "de":
            return str(err)
        german = SAVE_REFUSALS_DE.get(str(getattr(err, "key", "")))
        return german.format(**getattr(err, "params", {})) if german else str(err)

    def spoken(self, move: str) -> str:
        """A move in the contract notation as a player of this language types it (``ziehe stapel``)."""
        if self.lang != "de":
            return move
        return " ".join(GERMAN[word][0] if word in GERMAN else word for word in move.split())

    def level(self, level: str) -> str:
        """A bot level's name in this language (``hard`` is ``schwer``)."""
        key = f"level.{level}"
        return self(key) if key in TEXTS else level

    def rating(self, points: int, *, provisional: bool = False) -> str:
        """A rating as a column or a name's neighbour shows it: ``1184``, or ``1184?`` while it is provisional
        (``store/ratings.py``, ``Rating.provisional``; ``rating_provisional_note`` says what the mark means)."""
        return self("rating_provisional", points=points) if provisional else str(points)

    def duration(self, seconds: float, *, ago: bool = False) -> str:
        """A span of time as a person reads it at a glance: ``45 s``, ``12 min``, ``3 h 10 min``, ``1 day 20 h``
        (German ``Std.``, ``Tag``); whole units, rounded down (what is left is never more than said). ``ago``:
        as it follows "vor" (German ``vor 2 Tagen``, where ``noch 2 Tage``)."""
        whole = max(0, int(seconds))
        days, hours, minutes = whole // 86400, whole // 3600 % 24, whole // 60 % 60
        h, m, s = (self(f"unit.{unit}") for unit in ("hours", "minutes", "seconds"))
        d = self("unit.day" if days == 1 else "unit.days_ago" if ago else "unit.days")
        if days:
            return f"{days} {d} {hours} {h}" if hours else f"{days} {d}"
        if hours:
            return f"{hours} {h} {minutes} {m}" if minutes else f"{hours} {h}"
        return f"{minutes} {m}" if minutes else f"{whole} {s}"

    def decimal(self, value: float, places: int = 1, *, grouped: bool = False, signed: bool = False) -> str:
        """A number with ``places`` decimals in the language's way: ``3.5`` / ``3,5``, with
        ``grouped`` its thousands marked, ``1,821.5`` / ``1.821,5``, and with ``signed`` a ``+``
        before a positive one."""
        text = f"{value:{'+' if signed else ''}{',' if grouped else ''}.{places}f}"
        return text.translate(_GERMAN_MARKS) if self.lang == "de" else text

    def percent(self, share: float, places: int = 0) -> str:
        """A share of 1 as a percentage (``66.7%`` / ``66,7 %``: German sets a narrow space before the sign)."""
        return self.decimal(100 * share, places) + ("\u202f%" if self.lang == "de" else "%")

    def number(self, n: int) -> str:
        """A count in words (digits past thirteen)."""
        words = _NUMBERS_DE if self.lang == "de" else _NUMBERS_EN
        return words[n] if 0 <= n < len(words) else str(n)

    def card(self, card: int, *, subject: bool = False) -> str:
        """One card with its article: ``a 7``, ``an 8``, ``a joker`` / ``eine 7``, ``einen Joker`` (as an object),
        ``ein Joker`` as a sentence's ``subject`` ("ein Joker: luxxt Ben die 5 ab")."""
        if self.lang == "de":
            if card == JOKER:
                return "ein Joker" if subject else "einen Joker"
            return f"eine {card}"
        if card == JOKER:
            return "a joker"
        return f"{'an' if card in (8, 11) else 'a'} {card}"

    def listing(self, items: Sequence[str]) -> str:
        """Items as a list in words: ``a``, ``a and b``, ``a, b and c``."""
        if len(items) <= 1:
            return "".join(items)
        joiner = " und " if self.lang == "de" else " and "
        return ", ".join(items[:-1]) + joiner + items[-1]

    def cards_words(self, cards: Sequence[int]) -> str:
        """Single cards in words, in order: ``a 7``, ``a 7 and a joker``, ``a 3, an 8 and a 12``."""
        words = [self.card(c) for c in cards]
        if len(words) <= 1:
            return "".join(words)
        joiner = " und " if self.lang == "de" else " and "
        return ", ".join(words[:-1]) + joiner + words[-1]

    def set_words(self, cards: tuple[int, ...] | list[int], *, subject: bool = False) -> str:
        """A set in words: ``three 9s``, ``two 9s and a joker``, ``two jokers``; German says ``einen Joker``
        unless the set is a sentence's ``subject`` (``zwei 9er und ein Joker: …``)."""
        cards = list(cards)
        jokers = cards.count(JOKER)
        numbers = len(cards) - jokers
        if not numbers:
            return self._many(jokers, JOKER, subject)
        value = next(c for c in cards if c != JOKER)
        words = self._many(numbers, value, subject)
        if jokers:
            joiner = " und " if self.lang == "de" else " and "
            words += joiner + self._many(jokers, JOKER, subject)
        return words

    def owned_words(self, cards: tuple[int, ...] | list[int]) -> str:
        """A set after a possessive: ``Ann's 2`` / ``Ann's three 9s``; German ``die 2`` / ``die drei 9er``."""
        if self.lang == "de":
            cards = list(cards)
            if len(cards) == 1:
                return "den Joker" if cards[0] == JOKER else f"die {cards[0]}"
            return "die " + self.set_words(cards)
        return self.bare_words(cards)

    def bare_words(self, cards: tuple[int, ...] | list[int]) -> str:
        """A set without an article for one card: ``2``, ``joker``, ``10 and a joker``, ``three 9s``."""
        words = self.set_words(cards)
        for article in (("ein ", "eine ", "einen ") if self.lang == "de" else ("a ", "an ")):
            if words.startswith(article):
                words = words[len(article):]
                break
        return words

    def _many(self, count: int, value: int, subject: bool = False) -> str:
        if count == 1:
            return self.card(value, subject=subject)
        if self.lang == "de":
            return f"{self.number(count)} {'Joker' if value == JOKER else f'{value}er'}"
        return f"{self.number(count)} {'jokers' if value == JOKER else f'{value}s'}"

    def reason(self, refusal: IllegalMove | str) -> str:
        """Why a move was refused, in this language (by the refusal's key)."""
        if isinstance(refusal, IllegalMove) and refusal.key.startswith("unread."):
            return self.unreadable(refusal.key, refusal.params)
        message = str(refusal)
        if self.lang != "de" or not isinstance(refusal, IllegalMove):
            return message
        german = self._refusal_de(refusal.key, refusal.params)
        return message if german is None else german

    def unreadable(self, key: str, params: Mapping[str, Any]) -> str:
        """The text of input that reads as no move (an ``unread.*`` key and its details)."""
        fields = dict(params)
        if "word" in fields:
            fields["word"] = _quote(str(fields["word"]))
        if "options" in fields:
            fields["options"] = (" oder " if self.lang == "de" else " or ").join(
                _quote(str(o)) for o in fields["options"])
        if fields.get("shortcuts") in TEXTS:
            fields["moves"] = self(str(fields["shortcuts"]))
        fields["commands"] = self("legend")
        return self(key, **fields)

    def _refusal_de(self, key: str, params: dict[str, Any]) -> str | None:
        if key == "not-held":
            return self._not_held_de(params["value"], params["held"])
        if key == "in-group":
            value, group = params["cards"][0], group_token(tuple(params["group"]))
            card = "der Joker" if value == JOKER else f"die {value}"
            return f"{card} liegt in der Gruppe {group} im Vorrat: zieh die ganze Gruppe mit ziehe {group}"
        if key == "not-in-pool":
            cards = tuple(params["cards"])
            if len(cards) > 1:
                return f"im Vorrat liegt keine Gruppe {group_token(cards)}"
            return "im Vorrat liegt kein Joker" if cards[0] == JOKER else f"im Vorrat liegt keine {cards[0]}"
        fields = dict(params)
        if isinstance(fields.get("text"), str):  # the verb as typed ("nimm 5"); the refusal's kind is "take"
            fields["verb"] = fields["text"].split(" ", 1)[0]
        if key == "mixed-values":
            fields["values"] = " und ".join(str(v) for v in params["values"])
        if "move" in fields:
            fields["move"] = self.spoken(str(fields["move"]))
        if key == "shadow-not-offered":
            fields["options"] = ", ".join(self.spoken(f"shadow {v}") for v in params["options"])
        template = (REFUSALS_DE.get(f"{key}.{params.get('phase') or params.get('kind')}")
                    or REFUSALS_DE.get(key))
        if template is None:
            return None
        try:
            return template.format(**fields)
        except (KeyError, IndexError, ValueError):
            return None

    def _not_held_de(self, value: int, held: int) -> str:
        if value == JOKER:
            if held == 0:
                return "du hast keinen Joker"
            return "du hast nur einen Joker" if held == 1 else f"du hast nur {self.number(held)} Joker"
        if held == 0:
            return f"du hast keine {value}"
        return f"du hast nur eine {value}" if held == 1 else f"du hast nur {self.number(held)} {value}er"

    def why(self, reason: Reason, names: Sequence[str] | None = None) -> str:
        """A bot's reason for a move, in this language (``names``: the seats' names, for the victims;
        without them the reason's own ``names`` detail stands)."""
        details = reason.details
        if "instead" in details:
            details["instead"] = self.spoken(details["instead"])
        if "deals" in details:
            details["deals"] = self.decimal(details["deals"], 0, grouped=True)
        if "victims" in details and names is not None:
            details["names"] = self.listing([self.who(names[s]) for s in details["victims"]])
        if "cards" in details:
            cards = tuple(details["cards"])
            details.update(what=self.set_words(cards), owned=self.owned_words(cards), group=group_token(cards))
            details.update(_AGREEING[len(cards) == 1])
        return REASONS[reason.key][self._index].format(**details)

    def who(self, name: str) -> str:
        """A player's name as a sentence of this language can hold it: a name that is also a pronoun of the
        language (``You``, ``Du``) goes in quotes, so "“You” plays" and "„Du“ spielt" still read as a
        person's doing, where "You plays" and "Du spielt" read as nonsense."""
        if name.casefold() not in _PRONOUNS[self._index]:
            return name
        return f"„{name}“" if self.lang == "de" else f"“{name}”"

    def yes_or_no(self, answer: str, *, default: bool | None = None) -> bool | None:
        """What an answer to a yes/no question means: ``True``, ``False``, or ``None`` when it is neither."""
        answer = answer.strip().lower()
        if not answer:
            return default
        if answer in self("yes_words").split():
            return True
        return False if answer in self("no_words").split() else None

    def yes(self, answer: str, *, default: bool = False) -> bool:
        """Whether an answer to a yes/no question means yes."""
        answer = answer.strip().lower()
        if not answer:
            return default
        return answer in self("yes_words").split()
