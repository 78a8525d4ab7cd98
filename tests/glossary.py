"""The one glossary of rejected forms: the words and shapes no text of the game may hold, each with the
form the game uses instead.

The rulebooks' terms (docs/rules*.md, "Glossary") and the program's own (the records, the review, the chat,
the bot levels) have one word each; :data:`GERMAN` lists the other words for the same thing, and the
German shapes that read wrong (the formal "Sie", "einen Joker" as a subject). The screens and texts
(test_i18n_words), the lessons (test_learn) and the German rules (test_rulesdoc) all hold to it, each
adding only what is its own. :data:`ENGLISH` is the same for English, :data:`PROGRAM_GERMAN` what only the
program's texts avoid (the rules' headings name the variants in a list).

:func:`german_texts` and :func:`english_texts` are every text a player may read, by where it is written.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from abluxxen.i18n.catalog import GERMAN as CATALOG
from abluxxen.i18n.reasons import REASONS
from abluxxen.i18n.refusals import REFUSALS_DE
from abluxxen.i18n.saves import SAVE_REFUSALS_DE
from abluxxen.i18n.tr import TEXTS
from abluxxen.tui.learn.lessons import LESSONS

ROOT = Path(__file__).resolve().parent.parent
#: The commands whose help ends in examples kept in both languages (``EPILOG``, ``EPILOG_DE``).
EPILOGS = ("main", "play", "resume", "stats", "review", "bench", "rules", "simulate", "host", "club", "learn")

# German: the rejected form (a regular expression) and why, with what the game says instead.
GERMAN: dict[str, str] = {
    # -- the rulebooks' terms ------------------------------------------------------------------
    r"Kartengruppe": "a set is a Satz",
    r"Schatten-(Auslage|Gruppe|Nachschub)|Vorrat-Gruppe": "one word: Schattenauslage, Schattengruppe, "
                                                           "Vorratsgruppe",
    r"einzelnen? Joker|einzelnen Jokern|reine[nmr]? Joker": "lone jokers are Joker allein",
    r"(?<![A-Za-zäöü])(?:Stapel|Ablage)\b": "the deck is the Nachziehstapel, the discard pile the Ablagestapel",
    r"\b(?:Bank|Köder|Endspiel)\b": "the rulebook's tips: Kleinvieh, Lockvogel, Endspurt",
    r"\bFortgeschritten\b|\bExperte\b|Fortgeschritten/|Experte/": "the variants: für Fortgeschrittene, für "
                                                                  "Experten",
    r"\b(?:Satz|Gruppe|Schattengruppe) sind\b": "a set besteht aus Karten eines Werts",
    # -- one word for each thing of the program -------------------------------------------------
    r"\berfass(?:t|en|te)\b": "a finished game is aufgezeichnet, in the Aufzeichnungen",
    r"[Aa]nalysier": "the review bewertet decisions",
    r"\bstarke[nr]? Bots?\b": "the level is schwer: der schwere Bot",
    r"\bnormale[nr]? Bots?\b": "the level is mittel: der mittlere Bot",
    r"\bUnterhaltung\b": "what is said at a table or in the lobby is the Chat",
    r"Bot-Stärke|seiner Stärke": "a bot's level is its Stufe (a player's Spielstärke is the rating)",
    r"\bLocale\b": "die Spracheinstellung des Systems",
    r"\bAm Prompt\b": "am Tisch, in einer Lektion: where the player types",
    r"Zufalls-Seed": "ein zufälliger Seed",
    r"der Beginn wandert|wandert der Beginn": "der Startspieler wechselt reihum",
    r"guter Mensch": "a bot plays wie ein guter Spieler",
    r"\bwie jeder abschnitt\b": "abschnitt reads as Abschnitt: wie gut jeder Bot war",
    r"Beenden verliert": "Beim Beenden gehen … verloren",
    r"geht an die wenigsten": "bei Gleichstand gewinnt, wer die wenigsten Handkarten hat",
    r"für eine neue hier": "nochmal startet hier eine neue (Partie)",
    r", auch\)": "say what is meant: (auch ohne sag: …)",
    r"\ban Tisch \w+ setzen\b": "an Tisch N Platz nehmen, or sich setzen",
    # -- grammar --------------------------------------------------------------------------------
    # A text says du: "Sie" with a plural verb, or "Ihr …" before a noun, reads as the formal you.
    r"\bSie [a-zäöü]+en\b|\bIhr(?:e[mnrs]?)? [A-ZÄÖÜ0-9]|\bIhnen\b": "du, never the formal Sie: name who "
                                                                     "(Die 9er luxxen …, Bens Lagen)",
    # Before a colon a set names what follows, as a subject: "ein Joker: luxxt Ben die 5 ab".
    r"\beinen Joker:": "ein Joker (a subject)",
    # A question asks with infinitives, as its answers are named: "nehmen … oder lassen?".
    r"\bnimm\b[^?]* oder lass\?": "nehmen … oder lassen?",
    # A decimal comma beside a list's comma reads as two numbers: "statt spiele 3, 3,1 Punkte".
    r",\s\d+,\d": "part the number from the list (· or a full stop): 3,1 Punkte",
}

# What only the program's texts avoid: alone, a variant's word names people ("Fortgeschrittene").
PROGRAM_GERMAN: dict[str, str] = {
    r"(?<![Ff]ür )(?<!und )\b(?:Fortgeschrittene|Experten)\b(?!-)": "Variante für Fortgeschrittene, für Experten",
}

ENGLISH: dict[str, str] = {
    r"\b[Ii]ts person\b": "name who: whoever took the seat, whoever uses the key",
    r"^Its\b": "a line of its own names what it speaks of: The game's save",
    r"\btops\b": "reads as beats: say what the joker does (makes the set bigger)",
    r"again for a new one": "type again to play another",
    r"no command and no move": "any line that is not a command or a move",
    # "4×2" read as four 2s to as many players as read it as two 4s: the cards as the displays show them.
    r"(?<![\d{])(?:\d{1,2}|X)×\d(?!\d)": "4 4, or two 4s",
}


def german_texts() -> list[tuple[str, str]]:
    """Every German text of the program, each with where it is written: the screens' texts, refusals, a
    save's refusals, the bots' reasons, the command line's help and its examples, the lessons."""
    texts = [(f"i18n {key}", de) for key, (_, de) in TEXTS.items()]
    texts += [(f"refusal {key}", de) for key, de in REFUSALS_DE.items()]
    texts += [(f"save refusal {key}", de) for key, de in SAVE_REFUSALS_DE.items()]
    texts += [(f"reason {key}", de) for key, (_, de) in REASONS.items()]
    texts += [(f"catalog {key[:40]!r}", de) for key, de in CATALOG.items()]
    texts += [(f"abluxxen {name} --help", importlib.import_module(f"abluxxen.cli.{name}").EPILOG_DE)
              for name in EPILOGS]
    return texts + [(f"lesson {where}", de) for where, (_, de) in _lesson_texts()]


def english_texts() -> list[tuple[str, str]]:
    """Every English text of the program and its English documents, each with where it is written."""
    texts = [(f"i18n {key}", en) for key, (en, _) in TEXTS.items()]
    texts += [(f"reason {key}", en) for key, (en, _) in REASONS.items()]
    texts += [(f"catalog {key[:40]!r}", key) for key in CATALOG]
    texts += [(f"abluxxen {name} --help", importlib.import_module(f"abluxxen.cli.{name}").EPILOG)
              for name in EPILOGS]
    texts += [(f"lesson {where}", en) for where, (en, _) in _lesson_texts()]
    return texts + [(name, (ROOT / name).read_text(encoding="utf-8")) for name in ("README.md", "docs/rules.md")]


def _lesson_texts() -> list[tuple[str, tuple[str, str]]]:
    found = []
    for number, lesson in enumerate(LESSONS, 1):
        found += [(f"{number} title", lesson.title), (f"{number} intro", lesson.intro)]
        for index, step in enumerate(lesson.steps, 1):
            where = f"{number}.{index}"
            found += [(where, step.text), *((f"{where} why {key}", why) for key, why in step.why.items())]
            found += [(f"{where} other", step.other)] if step.other is not None else []
            found += [(f"{where} done", step.done)] if step.done is not None else []
    return found
