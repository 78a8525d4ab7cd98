"""The command line in German: argparse's own words and our help texts, one gettext catalog.

argparse asks for every word it prints ("usage: ", "options", its refusals)
through the standard library's ``gettext``, keyed by the English text. So
this module is one ``gettext`` catalog, backed by a Python dict rather than a
compiled ``.mo`` file, that answers argparse and our help texts alike: the
English text is the key (as a ``.po`` file's ``msgid``), the German its value.
A text without a German entry stays English; ``tests/test_cli_help.py`` checks
that every help text of every command has one. The long epilogs of examples
are kept beside their English in each command's module instead
(:func:`in_language` picks one), so that no block of text is written twice.

Why a dict and not ``.po``/``.mo`` files: the game's screens already keep
their two languages side by side in ``i18n/``, a ``.mo`` file needs a
build step and a packaging rule, and gettext picks a ``.mo`` file's language
from the environment only, while ``--lang`` must be able to override it.

Standard library only, and small: ``abluxxen rules`` must start fast.
"""

from __future__ import annotations

import argparse
import gettext
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence

from ..languages import LANGS, default_lang
from ..quoting import fitting
from .setup import TEXTS as SETUP_TEXTS


class Catalog(gettext.NullTranslations):
    """A gettext catalog from a dict ``{English: translation}``; missing texts stay English."""

    def __init__(self, messages: Mapping[str, str]) -> None:
        super().__init__()
        self.messages = messages

    def gettext(self, message: str) -> str:
        """The translation of ``message``, or ``message`` itself."""
        return self.messages.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The translation of the singular (``n == 1``) or the plural."""
        return self.gettext(msgid1 if n == 1 else msgid2)


_current: gettext.NullTranslations = gettext.NullTranslations()


def install(lang: str) -> None:
    """Make argparse and :func:`t` speak ``lang`` (``en``: argparse's own English)."""
    global _current
    _current = Catalog(GERMAN) if lang == "de" else gettext.NullTranslations()
    # argparse looks its words up through these two module globals each time it prints
    # (``from gettext import gettext as _, ngettext``); replacing them is how a program
    # gives argparse a catalog without a .mo file in the global gettext domain.
    argparse._ = _current.gettext  # type: ignore[attr-defined]
    argparse.ngettext = _current.ngettext  # type: ignore[attr-defined]


def t(message: str) -> str:
    """``message`` in the installed language (for our own refusals, e.g. of an option's value)."""
    return _current.gettext(message)


def error_line(prog: str, message: str | Callable[[int], str], lang: str | None = None) -> str:
    """``PROG: error: MESSAGE`` and a newline, as argparse words a refusal, in ``lang`` (``None``: the
    installed language): the refusals a command finds after argparse (a seat list, a save) read alike.

    ``message`` may be made for a quoting limit (``lambda limit: …``): the line is then made to fit a
    terminal's 80 columns by cutting what it quotes shorter (:func:`~abluxxen.quoting.fitting`).
    """
    template = "%(prog)s: error: %(message)s\n"
    translated = t(template) if lang is None else GERMAN.get(template, template) if lang == "de" else template
    if not callable(message):
        return translated % {"prog": prog, "message": message}
    made = message
    return fitting(lambda limit: (translated % {"prog": prog, "message": made(limit)}).rstrip("\n")) + "\n"


def installed() -> str:
    """The language :func:`install` set: ``de`` or ``en``."""
    return "de" if isinstance(_current, Catalog) else "en"


def in_language(english: str, german: str) -> str:
    """One of two texts kept side by side (an epilog of examples), by the installed language."""
    return german if installed() == "de" else english


def lang_of(args: Sequence[str]) -> str:
    """The language a command line asks for: ``--lang X`` or ``--lang=X`` anywhere (the last one, as
    argparse reads it), else the environment's."""
    asked = default_lang()
    for i, arg in enumerate(args):
        value = arg.partition("=")[2] if arg.startswith("--lang=") else (
            args[i + 1] if arg == "--lang" and i + 1 < len(args) else "")
        if value in LANGS:
            asked = value
    return asked


class CatalogFormatter(argparse.RawDescriptionHelpFormatter):
    """Help in the installed language: descriptions, epilogs, headings, option texts and metavars."""

    def add_text(self, text: str | None) -> None:
        """A description or an epilog, translated."""
        super().add_text(t(text) if text else text)

    def start_section(self, heading: str | None) -> None:
        """A heading, translated."""
        super().start_section(t(heading) if heading else heading)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        """Descriptions and epilogs as written, but no line wider than the terminal: a long line wraps
        between words under itself, an example's words under their column."""
        return "\n".join(_fit(indent + line, width) for line in text.splitlines())

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return t(action.help) if action.help else action.help

    def _split_lines(self, text: str, width: int) -> list[str]:
        # An option's help as argparse wraps it, without a last word left alone on its line.
        return _wrapped(" ".join(text.split()), width)

    def _metavar_formatter(self, action: argparse.Action,
                           default_metavar: str) -> Callable[[int], tuple[str, ...]]:
        # A metavar given is translated on the parser (translate_metavars); the one argparse makes up
        # from the option's name (--seat SEAT) only here.
        return super()._metavar_formatter(action, t(default_metavar))


def translate_metavars(parser: argparse.ArgumentParser) -> None:
    """Name every argument's value in the installed language, in its help and in argparse's refusals alike.

    argparse names an argument in a refusal by its metavar as given (``argument COMMAND: invalid
    choice``), not through the help's formatter; so the metavars themselves are translated, once.
    """
    for action in parser._actions:
        if isinstance(action.metavar, str):
            action.metavar = t(action.metavar)


_COLUMN = re.compile(r"^(\s*\S.*?\s{2,})(\S.*)$")


def _fit(line: str, width: int) -> str:
    """``line`` wrapped to ``width``: an example ``  command     what it does`` keeps its words in their
    column; any other line wraps under its own indent."""
    if len(line) <= width:
        return line
    column = _COLUMN.match(line)
    if column and len(column.group(1)) < width - 20:
        head, words = column.groups()
        return "\n".join(_wrapped(words, width, head, " " * len(head)))
    indent = line[:len(line) - len(line.lstrip())]
    return "\n".join(_wrapped(line.strip(), width, indent, indent))


def _wrapped(text: str, width: int, first: str = "", indent: str = "") -> list[str]:
    """``text`` wrapped between words to ``width`` (``first`` before the first line, ``indent`` before the
    others), never leaving one word alone on the last line: a word from the line above joins it, so
    that ``--lang de`` or "zu zweit" stay together where the width allows."""
    lines = textwrap.wrap(text, width=width, initial_indent=first, subsequent_indent=indent,
                          break_on_hyphens=False, break_long_words=False)
    if len(lines) > 1 and len(lines[-1].split()) == 1 and len(lines[-2].split()) > 2:
        above, word = lines[-2].rsplit(" ", 1)
        joined = f"{indent}{word} {lines[-1].strip()}"
        if len(joined) <= width:
            lines[-2:] = [above, joined]
    return lines


# argparse's own words (Python 3.11 to 3.13), then ours. Placeholders stay as they are.
_ARGPARSE_DE = {
    "usage: ": "Aufruf: ",
    "positional arguments": "Argumente",
    "options": "Optionen",
    "optional arguments": "Optionen",
    "show this help message and exit": "diese Hilfe zeigen und beenden",
    "show program's version number and exit": "die Versionsnummer zeigen und beenden",
    "%(prog)s: error: %(message)s\n": "%(prog)s: Fehler: %(message)s\n",
    "the hard bot's search is compiled": "die Suche des schweren Bots ist kompiliert",
    "show the version, and whether the hard bot's search is compiled, and exit":
        "die Version zeigen, und ob die Suche des schweren Bots kompiliert ist, und beenden",
    "the hard bot's search runs in Python (its compiled build is not this version's: install again): it "
    "searches less":
        "die Suche des schweren Bots läuft in Python (ihr kompilierter Teil gehört zu einer anderen Version: "
        "neu installieren): Sie rechnet weniger weit",
    "the hard bot's search runs in Python (installed without a C compiler): it searches less":
        "die Suche des schweren Bots läuft in Python (ohne C-Compiler installiert): Sie rechnet weniger weit",
    "argument %(argument_name)s: %(message)s": "Argument %(argument_name)s: %(message)s",
    "the following arguments are required: %s": "diese Argumente fehlen: %s",
    "unrecognized arguments: %s": "unbekannte Argumente: %s",
    "invalid choice: %(value)r (choose from %(choices)s)": "ungültige Wahl: %(value)r (möglich: %(choices)s)",
    "invalid %(type)s value: %(value)r": "ungültiger Wert (%(type)s): %(value)r",
    "expected one argument": "erwartet einen Wert",
    "expected at most one argument": "erwartet höchstens einen Wert",
    "expected at least one argument": "erwartet mindestens einen Wert",
    "expected %s argument": "erwartet %s Wert",
    "expected %s arguments": "erwartet %s Werte",
    "ambiguous option: %(option)s could match %(matches)s": "mehrdeutige Option: %(option)s passt zu %(matches)s",
    "not allowed with argument %s": "nicht erlaubt zusammen mit %s",
    "ignored explicit argument %r": "überflüssiger Wert %r",
    "one of the arguments %s is required": "eines dieser Argumente ist nötig: %s",
    "unexpected option string: %s": "unerwartete Option: %s",
    "unknown parser %(parser_name)r (choices: %(choices)s)":
        "unbekannter Befehl %(parser_name)r (möglich: %(choices)s)",
    "can't open '%(filename)s': %(error)s": "kann '%(filename)s' nicht öffnen: %(error)s",
}

_OURS_DE = {
    # -- abluxxen ------------------------------------------------------------------------
    "Abluxxen, the card game by Kramer & Kiesling, in your terminal. "
    "With no command, a short setup asks who plays, then the game starts.":
        "Abluxxen, das Kartenspiel von Kramer & Kiesling, im Terminal. "
        "Ohne Befehl fragt eine kurze Einrichtung, wer spielt, dann beginnt die Partie.",
    "COMMAND": "BEFEHL",
    "start a game at once, e.g. --players \"Ann,Ben,bot:hard\"":
        "sofort eine Partie beginnen, z. B. --players \"Ann,Ben,bot:schwer\"",
    "continue the last (or a given) saved game": "die letzte (oder eine genannte) gespeicherte Partie fortsetzen",
    "show the rules, or only the sections about some topic words":
        "die Spielregel zeigen, ganz oder nur die Abschnitte zu einigen Themenwörtern",
    "games, wins, streaks and points of the recorded games, per player":
        "Partien, Siege, Siegfolgen und Punkte der aufgezeichneten Partien, je Spieler",
    "play bot-only games and print how each bot did":
        "Partien nur zwischen Bots spielen und zeigen, wie gut jeder Bot war",
    "host a game that friends join from their own terminals over SSH":
        "eine Partie eröffnen, zu der Mitspieler von ihren eigenen Terminals per SSH kommen",
    "the SSH port friends connect to (default 2222, or with --resume the port served last; 0 picks a free one)":
        "der SSH-Port für die Mitspieler (Standard 2222, mit --resume der zuletzt benutzte; 0 wählt einen "
        "freien)",
    "how many may watch at once (default 20; 0: nobody)":
        "wie viele zugleich zuschauen dürfen (Standard 20; 0: niemand)",
    "the address to listen on (default: every address of this machine)":
        "die Adresse, an der gelauscht wird (Standard: jede Adresse dieses Rechners)",
    "the invite code friends type when asked (default: a fresh random one)":
        "der Einladungscode, den Mitspieler auf Nachfrage tippen (Standard: ein neuer zufälliger)",
    "nobody plays at this terminal (without it the first name in --players plays here)":
        "an diesem Terminal spielt niemand (ohne diese Option spielt hier der erste Name aus --players)",
    "how long a dropped player's seat waits before a bot plays it (default 120)":
        "wie lange der Platz eines getrennten Mitspielers wartet, bevor ein Bot ihn spielt (Standard 120)",
    "run a standing SSH server: a lobby, many tables, accounts by SSH key":
        "einen ständigen SSH-Server betreiben: eine Lobby, viele Tische, Konten per SSH-Schlüssel",
    "the SSH port people connect to (default 2222; 0 picks a free one)":
        "der SSH-Port, mit dem man sich verbindet (Standard 2222; 0 wählt einen freien)",
    "lets people without an SSH key in as guests, who type it when asked (default: nobody without a key)":
        "lässt Leute ohne SSH-Schlüssel als Gäste herein, die ihn auf Nachfrage tippen (Standard: niemand "
        "ohne Schlüssel)",
    "connections the club takes at once: in the lobby, at tables and logging in (default 64)":
        "Verbindungen, die der Club zugleich annimmt: in der Lobby, an Tischen und beim Anmelden (Standard 64)",
    "the most processes the tables play in, beside the club's own, started as the tables need them (default 12, "
    "or 0 on a machine of one core; 0: in the club's own process, which uses one core)":
        "höchstens so viele Prozesse neben dem des Clubs, in denen die Tische spielen, gestartet, sobald die "
        "Tische sie brauchen (Standard 12, auf einem Rechner mit einem Kern 0; 0: alles im Prozess des Clubs, "
        "der einen Kern nutzt)",
    "accounts that may close a table (close N), ban and unban a key (ban NAME), send someone back to the lobby "
    "(kick NAME) and mute them (mute NAME), comma-separated":
        "Konten, die einen Tisch schließen (schließen N), einen Schlüssel verbannen und wieder hereinlassen "
        "(verbannen NAME), jemanden in die Lobby zurückschicken (rauswerfen NAME) und stummschalten (stumm NAME) "
        "dürfen, mit Kommas getrennt",
    "run COMMAND by sh -c to tell people who are away what waits for them (their move, an invitation, a deadline, "
    "a game over), with ABLUXXEN_EVENT, ABLUXXEN_ACCOUNT, ABLUXXEN_TABLE, ABLUXXEN_TEXT and ABLUXXEN_CONTACT in its "
    "environment":
        "BEFEHL mit sh -c ausführen, um Leuten, die weg sind, zu sagen, was auf sie wartet (ihr Zug, eine "
        "Einladung, eine Frist, eine Partie vorbei), mit ABLUXXEN_EVENT, ABLUXXEN_ACCOUNT, ABLUXXEN_TABLE, "
        "ABLUXXEN_TEXT und ABLUXXEN_CONTACT in seiner Umgebung",
    "copy the club's accounts, records, tables and saves into DIR (new or empty) while the club runs, and exit; "
    "to restore, make DIR the data folder":
        "die Konten, Aufzeichnungen, Tische und Spielstände des Clubs nach DIR (neu oder leer) kopieren, während "
        "der Club läuft, und beenden; zum Wiederherstellen DIR zum Datenordner machen",
    "NAMES": "NAMEN",
    "reopen the game this host served last, with the same seats and code":
        "die zuletzt hier gehostete Partie mit denselben Plätzen und demselben Code wieder öffnen",
    "rate one seat's decisions in a finished game with the hard bot":
        "die Entscheidungen eines Platzes in einer beendeten Partie mit dem schweren Bot bewerten",
    "measure the engine's speed (games and decisions per second)":
        "die Geschwindigkeit der Spiel-Engine messen (Partien und Entscheidungen pro Sekunde)",
    "new to the game? a guided course: 11 short lessons at the table":
        "neu im Spiel? ein geführter Kurs: 11 kurze Lektionen am Tisch",
    # -- shared option texts ------------------------------------------------------------------
    "language: en or de (default: from the locale)":
        "Sprache: en oder de (Standard: die Spracheinstellung des Systems)",
    "language: en or de (default: as saved)": "Sprache: en oder de (Standard: wie gespeichert)",
    "language: en or de": "Sprache: en oder de",
    "where games are saved (default: $ABLUXXEN_DATA_DIR or the user data dir)":
        "wo Partien gespeichert werden (Standard: $ABLUXXEN_DATA_DIR oder das Datenverzeichnis des Benutzers)",
    "pause after each bot move (default 0.6; 0 for none)": "Pause nach jedem Bot-Zug (Standard 0,6; 0 für keine)",
    "rules variant (default base)": "Variante (Standard grundspiel)",
    "LIST": "LISTE", "DIR": "VERZ", "SECONDS": "SEKUNDEN", "NAME": "NAME", "N": "N", "FILE|N": "DATEI|N",
    "TOPIC": "THEMA", "NAME|random": "NAME|zufall", "SEATS": "PLÄTZE", "GAMES": "PARTIEN", "SEED": "SEED",
    "JOBS": "PROZESSE", "THINK": "BEDENKZEIT", "R": "R", "ADDR": "ADRESSE", "WORDS": "WÖRTER",
    "%s is not a number of seconds": "%s ist keine Zahl von Sekunden",
    "%s: give 0 to %s seconds": "%s: bitte 0 bis %s Sekunden",
    "%s is not a whole number from %s to %s": "%s ist keine ganze Zahl von %s bis %s",
    "%s: give a whole number from %s to %s": "%s: bitte eine ganze Zahl von %s bis %s",
    "%s is not a seed: a seed is a whole number or groups of four like 7K2Q-M4XA":
        "%s ist kein Seed: Ein Seed ist eine ganze Zahl oder Vierergruppen wie 7K2Q-M4XA",
    "%s: give seconds (0.5s, up to %ss) or iterations (200, up to %s)":
        "%s: bitte Sekunden (0,5s, bis %ss) oder Durchläufe (200, bis %s)",
    "there is no lesson %s: lessons are 1 to %s": "Lektion %s gibt es nicht: Die Lektionen sind 1 bis %s",
    # -- play --------------------------------------------------------------------------------
    'comma-separated seats: names, or bot:easy|normal|hard (e.g. "Ann,Ben,bot:hard")':
        'Plätze durch Kommas getrennt: Namen oder bot:leicht|mittel|schwer (z. B. "Ann,Ben,bot:schwer")',
    "base (default): after a play that abluxxes nobody you may draw one card; advanced: no such draw; "
    "expert: advanced, and 1s abluxx 13s and lone jokers":
        "grundspiel (Standard): wer niemanden abluxxt, darf danach eine Karte ziehen; fortgeschrittene: "
        "kein solches Ziehen; experten: Dazu luxxen 1er auch 13er und Joker allein ab",
    "two players without the shadow display": "zu zweit ohne die Schattenauslage",
    "a tie on points goes to fewest cards in hand (default) or is shared":
        "bei Gleichstand nach Punkten gewinnt, wer die wenigsten Handkarten hat (wenigste-karten, Standard), "
        "oder der Sieg wird geteilt (geteilt)",
    "play N games, the starting player moving on; points add up (default 1)":
        "eine Serie aus N Partien, der Startspieler wechselt reihum; die Punkte zählen zusammen (Standard 1)",
    "deal with this seed to replay a deal: the seed a finished game showed (e.g. 7K2Q-M4XA-…) or any whole "
    "number (default: a fresh random seed)":
        "mit diesem Seed geben, um dieselben Karten noch einmal zu spielen: der Seed, den eine beendete Partie "
        "zeigte (z. B. 7K2Q-M4XA-…), oder eine beliebige ganze Zahl (Standard: ein neuer zufälliger Seed)",
    "who starts: a player's name, or random (default: the first seat; the setup asks)":
        "wer beginnt: der Name eines Spielers oder zufall (Standard: der erste Platz; die Einrichtung fragt)",
    "ask who plays, variant and duel step by step (what plain `abluxxen` does; also the default without "
    "--players)":
        "Schritt für Schritt fragen, wer spielt, welche Variante, ob Duell (wie `abluxxen` allein; auch "
        "der Standard ohne --players)",
    # -- resume ---------------------------------------------------------------------------------
    "a save file, or a number from --list (default: the newest unfinished game in the save directory)":
        "eine Spielstand-Datei oder eine Nummer aus --list (Standard: die neueste nicht beendete Partie im "
        "Spielstand-Verzeichnis)",
    "list the unfinished games, newest first, numbered for `abluxxen resume N`":
        "die nicht beendeten Partien zeigen, neueste zuerst, nummeriert für `abluxxen resume N`",
    "pause after each bot move, 0 to 10 (default: as saved)":
        "Pause nach jedem Bot-Zug, 0 bis 10 (Standard: wie gespeichert)",
    # -- rules ------------------------------------------------------------------------------------
    "the sections about these words or this question, the best first (English or German), e.g. joker, "
    "duel, Wertung, how does the duel work":
        "die Abschnitte zu diesen Wörtern oder dieser Frage zeigen, den besten zuerst (deutsch oder "
        "englisch), z. B. Joker, Duell, scoring, wie funktioniert das Duell",
    "language of the rules (default: from the locale, German for de_*)":
        "Sprache der Regeln (Standard: die Spracheinstellung des Systems, Deutsch bei de_*)",
    # -- stats ------------------------------------------------------------------------------------
    "a player's name (default: every player)": "der Name eines Spielers (Standard: alle Spieler)",
    "print the games and figures as JSON": "die Partien und Zahlen als JSON ausgeben",
    # -- simulate ---------------------------------------------------------------------------------
    "bot level per seat, comma-separated: easy, normal, hard (2 to 5 seats; default %(default)s)":
        "Bot-Stufe je Platz, durch Kommas getrennt: leicht, mittel, schwer (oder easy, normal, hard; "
        "2 bis 5 Plätze; Standard schwer,mittel,mittel,mittel)",
    "games to play (default %(default)s)": "wie viele Partien (Standard %(default)s)",
    "with two seats, play a plain game without the shadow": "zu zweit das einfache Spiel ohne Schatten spielen",
    "how a tied best score is decided (default fewest-hand)":
        "wie ein Gleichstand an der Spitze entschieden wird (Standard wenigste-karten)",
    "seed of the whole run (default %(default)s)": "Seed des ganzen Laufs (Standard %(default)s)",
    "processes to play games in (0: one per core; default %(default)s)":
        "Prozesse, in denen Partien laufen (0: einer je Kern; Standard %(default)s)",
    "the hard bots' budget per decision: seconds like 0.5s, or iterations like 200 (default 8000 iterations, "
    "16000 in a game for two, as at the table)":
        "Bedenkzeit der schweren Bots je Entscheidung: Sekunden wie 0,5s oder Durchläufe wie 200 (Standard "
        "8000 Durchläufe, 16000 zu zweit, wie am Tisch)",
    "print the results as JSON": "die Ergebnisse als JSON ausgeben",
    "seat": "Platz", "bot": "Bot", "wins": "Siege", "win rate (95% CI)": "Siegquote (95-%-KI)",
    "mean score": "Punkte im Mittel", "median decision": "Entscheidung (Median)", "p95 decision": "Entscheidung (p95)",
    "%(games)s games, %(players)s players%(duel)s, %(variant)s, seed %(seed)s":
        "%(games)s Partien, %(players)s Spieler%(duel)s, Variante %(variant)s, Seed %(seed)s",
    " duel": " im Duell",
    "simulate: interrupted (Ctrl-C); no results": "simulate: abgebrochen (Strg-C); keine Ergebnisse",
    "simulate: stopped (SIGTERM); no results": "simulate: beendet (SIGTERM); keine Ergebnisse",
    # -- review -----------------------------------------------------------------------------------
    "a save file whose game is over, or a recorded game's number (default: the last recorded game)":
        "eine Spielstand-Datei mit beendeter Partie oder die Nummer einer aufgezeichneten Partie (Standard: "
        "die zuletzt aufgezeichnete)",
    "whose decisions to rate (default: the one human at the table)":
        "wessen Entscheidungen bewertet werden (Standard: der einzige Mensch am Tisch)",
    "the search's budget per decision: iterations like 600 (the same figures every time) or seconds like 0.5s "
    "(default 8000 iterations, 16000 in a game for two, as the hint's)":
        "Rechenbudget je Entscheidung: Durchläufe wie 600 (jedes Mal dieselben Zahlen) oder Sekunden wie 0,5s "
        "(Standard 8000 Durchläufe, 16000 zu zweit, wie beim Tipp)",
    "print the decisions as JSON: turn, move, played, hint, best, loss, noise":
        "die Entscheidungen als JSON ausgeben: turn, move, played, hint, best, loss, noise",
    "where to look for a finished save when no game is recorded (default: $ABLUXXEN_DATA_DIR or the user "
    "data dir)":
        "wo ein beendeter Spielstand gesucht wird, wenn keine Partie aufgezeichnet ist (Standard: "
        "$ABLUXXEN_DATA_DIR oder das Datenverzeichnis des Benutzers)",
    # -- bench ------------------------------------------------------------------------------------
    "games per run and player count (default 200)": "Partien je Lauf und Spielerzahl (Standard 200)",
    "player counts, e.g. 4 or 2,3,4,5 (default); 2 players play the duel":
        "Spielerzahlen, z. B. 4 oder 2,3,4,5 (Standard); zu zweit wird das Duell gespielt",
    "runs per figure; the median is shown (default 5)": "Läufe je Zahl; gezeigt wird der Median (Standard 5)",
    "first deal's seed (default 0)": "Seed der ersten Partie (Standard 0)",
    "print the figures as JSON instead of a table": "die Zahlen als JSON statt als Tabelle ausgeben",
    "abluxxen engine speed: %(variant)s rules, %(games)s random games per run, median of %(repeat)s runs, one core":
        "Geschwindigkeit der Spiel-Engine: Variante %(variant)s, %(games)s Zufallspartien je Lauf, Median aus "
        "%(repeat)s Läufen, ein Kern",
    "players": "Spieler", "games/s": "Partien/s", "dec/s": "Entsch./s",
    "player counts are 2 to 5, separated by commas, not %s":
        "Spielerzahlen sind 2 bis 5, durch Kommas getrennt, nicht %s",
    # -- learn ------------------------------------------------------------------------------------
    "start lesson N (1 to 11); default: the next one not done":
        "Lektion N beginnen (1 bis 11); Standard: die nächste noch nicht geschaffte",
    "print the numbered list of lessons and leave": "die nummerierte Liste der Lektionen zeigen und beenden",
}



def _values(*values: str) -> dict[str, str]:
    """An option's values as its help lists them (``base|advanced|expert``), in German: the words of
    ``i18n/setup.py``'s ``option.*`` keys, which the option reads too."""
    pairs = [SETUP_TEXTS[f"option.{value}"] for value in values]
    return {"|".join(en for en, _ in pairs): "|".join(de for _, de in pairs)}


GERMAN: dict[str, str] = {**_ARGPARSE_DE, **_OURS_DE, **_values("base", "advanced", "expert"),
                          **_values("fewest-hand", "shared")}
