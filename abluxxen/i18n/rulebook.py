"""The rules document: its sections, and which of them answer a topic, in English or German.

``abluxxen rules`` prints what :func:`find` returns and the game's own
``rules TOPIC`` shows the same, so both read the document here. Standard
library only: the command must start fast, and the game must not borrow a
command's module to read its own rules.

The rules live in ``docs/rules.md`` (English) and ``docs/rules.de.md``
(German). A wheel carries them as ``abluxxen/_docs/``; an editable install
reads them from the checkout's ``docs/`` directory.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..languages import LANGS

_FILES = {"en": "rules.md", "de": "rules.de.md"}

# Topic words that mean the same thing, English and German. The first two
# words of a group are its topic names in English and German (listed when a
# word matches nothing, and above the whole text; German nouns capitalised as
# German writes them); the others are more ways to ask. Case never matters. A word matches a
# heading or body when some word of the text starts with it, so "abluxx"
# also finds "abluxxen" and "abluxxed".
SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("idea", "Ziel", "goal", "aim", "worum", "overview"),
    ("material", "Spielmaterial", "components", "109"),
    ("setup", "Vorbereitung", "aufbau", "deal", "austeilen", "start", "startspieler"),
    ("turn", "Zug", "glance", "überblick", "ablauf"),
    ("play", "ausspielen", "playing", "auslegen"),
    ("display", "Auslage", "layer", "lage", "schicht", "top", "oberste"),
    ("joker", "Joker", "jokers", "wild"),
    ("abluxx", "abluxxen", "abgeluxxt", "luxxen", "steal", "stehlen", "attack", "angriff"),
    ("take", "nehmen", "leave", "lassen", "back", "zurück", "discard", "abwerfen", "victim", "opfer",
     "resolve", "abwickeln"),
    ("draw", "nachziehen", "drawing", "ziehen", "ziehung"),
    ("pass", "passen", "single", "einmal", "verzicht", "verzichten"),
    ("pool", "Vorrat", "refill", "auffüllen"),
    ("deck", "Nachziehstapel", "stapel"),
    ("end", "Spielende", "ende", "finish", "schluss", "over", "gameover", "empty", "leer", "leere", "leeren"),
    ("scoring", "Wertung", "score", "scores", "points", "punkte", "punktwertung", "zählen"),
    ("tie", "Gleichstand", "tiebreak", "tie-break", "unentschieden", "fewest-hand", "shared"),
    ("winner", "Sieger", "winners", "winning", "win", "wins", "won", "gewinner", "gewinnen", "gewinnt", "sieg"),
    ("match", "Partien", "matches", "serie", "partie", "series"),
    ("variant", "Varianten", "variants", "variante"),
    ("base", "Grundspiel", "basic"),
    ("advanced", "Fortgeschrittene", "fortgeschritten", "profi"),
    ("expert", "Experten", "experte", "expertenvariante", "ones", "1s", "1er"),
    ("duel", "Duell"),
    ("shadow", "Schatten", "shadowluxx", "schattenluxxen", "schattenauslage"),
    ("group", "Gruppe", "groups", "gruppen"),
    ("plain", "einfach", "einfache"),
    ("two", "zu zweit", "zweit", "zwei", "2-player", "twosome"),
    ("known", "wissen", "knows", "know", "public", "bekannt", "information", "hidden", "verdeckt"),
    ("conservation", "Kartenbilanz", "bilanz", "card count"),
    ("rulings", "Regelentscheidungen", "ruling", "entscheidungen", "disagree", "editions", "auflage"),
    ("notation", "Notation", "spielzüge", "commands", "befehle", "schreibweise"),
    ("tips", "Tipps", "tactics", "taktik", "strategy", "strategie", "hints"),
    ("glossary", "Glossar", "words", "wörter", "terms", "begriffe", "translation", "übersetzung", "english",
     "englisch", "german", "deutsch"),
    ("paw", "Tatze", "luxx-karte"),
    ("card", "Karte", "cards", "karten"),
)

# Topics that several sections answer together: who wins is decided by the points
# and, just as often, by the tie-break, so asking for the winner shows both. A
# word of the key's group also stands for every word of the named topics.
# Two players play the duel by default and the plain game on request: asking how two play shows both.
SPANS: dict[str, tuple[str, ...]] = {"winner": ("scoring", "tie"), "two": ("duel", "plain")}

# Words a question is made of that name no topic: "who wins" asks about winning, "wer gewinnt" too.
FILLER = frozenset("""
    a an the of to in on at for with about and or is are was were be does do did can could may must
    should will would i me my you your it its if there this that what who whom whose which when where
    why how many much
    wer wen wem wessen was wie wann wo warum weshalb welche welcher welches welchen ist sind wird werden
    darf kann muss soll der die das den dem des ein eine einen einem einer zu zum zur mit von im am
    auf bei fur uber und oder ich du man es wenn ob viele viel
""".split())

# The topic of the last section, the words of the game in English and German.
GLOSSARY = "glossary"

_FOLD = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss", "–": "-", "—": "-"})


def _fold(text: str) -> str:
    """Lower case without umlauts, so "Überblick", "uberblick" and "überblick" agree."""
    return text.casefold().translate(_FOLD)


def _clean(word: str) -> str:
    """A topic word folded, without the quotes and punctuation a player may type around it."""
    return _fold(word.strip(" \t,.;:!?\"'"))


@dataclass(frozen=True)
class Section:
    """One ``##`` section of a rules document.

    Attributes:
        heading: the heading text, without the ``##``.
        text: the whole section as markdown, heading line included.
    """

    heading: str
    text: str


@dataclass(frozen=True)
class Found:
    """What a topic search found.

    Attributes:
        sections: the markdown of each section to show, in document order.
        mode: ``"all"`` (every section shown matches every word), ``"any"``
            (none matched them all; each shown matches one), ``"none"``
            (nothing matched), or ``"whole"`` (no words: the whole document).
    """

    sections: list[str]
    mode: str


def doc_paths(lang: str) -> list[Path]:
    """Where the document of ``lang`` may be, in the order they are tried."""
    name = _FILES[lang]
    package = Path(__file__).resolve().parent.parent  # abluxxen/
    return [package / "_docs" / name, package.parent / "docs" / name]


@cache
def load(lang: str) -> str:
    """The markdown text of the rules in ``lang``.

    Raises:
        ValueError: for a language other than ``en`` and ``de``.
        FileNotFoundError: when neither the installed copy nor the checkout's exists.
    """
    if lang not in _FILES:
        raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang}")
    paths = doc_paths(lang)
    for path in paths:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise FileNotFoundError(f"rules document not found (looked for {', '.join(str(p) for p in paths)})")


def split(markdown: str) -> tuple[str, list[Section]]:
    """The text before the first ``##`` heading, and the ``##`` sections.

    ``###`` and deeper headings stay inside their section; lines in fenced
    code blocks are never taken for headings.
    """
    preamble: list[str] = []
    sections: list[tuple[str, list[str]]] = []
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if not fenced and line.startswith("## "):
            sections.append((line[3:].strip(), [line]))
        elif sections:
            sections[-1][1].append(line)
        else:
            preamble.append(line)
    return ("\n".join(preamble).strip(),
            [Section(heading, "\n".join(lines).strip()) for heading, lines in sections])


def expand(word: str) -> list[str]:
    """Every search term a topic word stands for: itself, a singular form, and its synonyms."""
    folded = _clean(word)
    terms = [folded]
    if len(folded) > 3 and folded.endswith("s") and not folded.endswith("ss"):
        terms.append(folded[:-1])
    for group in SYNONYMS:
        words = [_fold(w) for w in group]
        if any(t in words for t in terms):
            terms.extend(w for w in words if w not in terms)
            for topic in SPANS.get(group[0], ()):
                spanned = next(g for g in SYNONYMS if g[0] == topic)
                terms.extend(w for w in map(_fold, spanned) if w not in terms)
    return terms


def _pattern(terms: Iterable[str]) -> re.Pattern[str]:
    # A term matches at the start of a word, so "end" finds "ends" but not "depend".
    return re.compile("|".join(r"(?<!\w)" + re.escape(t) for t in terms if t))


def topic_terms(topic_words: Sequence[str]) -> list[str]:
    """The words of ``topic_words`` that name something: a quoted phrase is its words, and the words
    a question is made of ("who", "wer", "the") are left out."""
    return [w for phrase in topic_words for w in phrase.split() if _clean(w) and _clean(w) not in FILLER]


def find(topic_words: Sequence[str], lang: str) -> Found:
    """The sections of the rules in ``lang`` about ``topic_words``.

    Only the words that name something count (:func:`topic_terms`); words that
    all ask without naming anything find nothing. A section matches a word
    when its heading or body mentions the word or a synonym. Sections
    matching every word are shown, and among them those
    whose headings name the most words: "joker" shows the section on jokers,
    not every section that mentions one. When no section matches every word,
    each word's own sections are shown.
    """
    preamble, sections = split(load(lang))
    if not any(_clean(w) for phrase in topic_words for w in phrase.split()):
        return Found([preamble] + [s.text for s in sections], "whole")
    words = topic_terms(topic_words)
    if not words:
        return Found([], "none")
    chosen = _best(sections, [_pattern(expand(w)) for w in words])
    if chosen:
        return Found([s.text for s in chosen], "all")
    picked = {id(s) for w in words for s in _best(sections, [_pattern(expand(w))])}
    if not picked:
        return Found([], "none")
    return Found([s.text for s in sections if id(s) in picked], "any")


def _best(sections: Sequence[Section], patterns: Sequence[re.Pattern[str]]) -> list[Section]:
    """Sections matching every pattern, keeping those with the most matches in the heading."""
    scored: list[tuple[Section, int]] = []
    for section in sections:
        body = _fold(section.text)
        if all(p.search(body) for p in patterns):
            heading = _fold(section.heading)
            scored.append((section, sum(1 for p in patterns if p.search(heading))))
    if not scored:
        return []
    best = max(score for _, score in scored)
    chosen = [section for section, score in scored if score == best]
    if best == 0 and len(chosen) > 1:
        # The glossary names every word of the game: it answers a word only when no other section does.
        chosen = [section for section in chosen if not _is_glossary(section)] or chosen
    return chosen


def _is_glossary(section: Section) -> bool:
    """Whether ``section`` is the glossary: English words and their German ones."""
    return bool(_pattern(expand(GLOSSARY)).search(_fold(section.heading)))


def sections(topic_words: Sequence[str], lang: str) -> list[str]:
    """Markdown of the sections about ``topic_words`` (all sections for no words); ``[]`` if none."""
    return find(topic_words, lang).sections


def topics(lang: str) -> list[str]:
    """The topic names to suggest, in ``lang``."""
    index = LANGS.index(lang)
    return [group[index] for group in SYNONYMS]


def topic_help(lang: str, *, command: str = "abluxxen rules") -> str:
    """One markdown paragraph: the topic names, and how ``command`` shows only one topic's sections."""
    messages = MESSAGES[lang]
    return messages["topics"].format(topics=", ".join(topics(lang)), command=command)


#: What `abluxxen rules` says besides the rules (nothing found, not all found, the topics, no rules
#: document), by language.
MESSAGES = {
    "en": {
        "none": "No rules section about {words}. Topics: {topics}.",
        "topics": "Topics: {topics} — `{command} joker` shows only the sections about jokers.",
        "any": "No section is about all of {words}; showing the sections about any of them.",
        "missing": "The rules document is missing: {error}",
    },
    "de": {
        "none": "Kein Regelabschnitt zu {words}. Themen: {topics}.",
        "topics": "Themen: {topics} — `{command} Joker` zeigt nur die Abschnitte über Joker.",
        "any": "Kein Abschnitt passt zu allen von {words}; gezeigt wird, was zu einem davon passt.",
        "missing": "Die Spielregel fehlt: {error}",
    },
}
