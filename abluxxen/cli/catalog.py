"""The command line in German: argparse's own words and our help texts, one gettext catalog.

argparse asks for every word it prints ("usage: ", "options", its refusals)
through the standard library's ``gettext``, keyed by the English text. So
this module is one ``gettext`` catalog, backed by a Python dict rather than a
compiled ``.mo`` file, that answers argparse and our help texts alike: the
English text is the key (as a ``.po`` file's ``msgid``), the German its value.
A text without a German entry stays English; ``tests/test_cli_help.py`` checks
that every help text of every command has one.

Why a dict and not ``.po``/``.mo`` files: the game's screens already keep
their two languages side by side in ``tui/i18n.py``, a ``.mo`` file needs a
build step and a packaging rule, and gettext picks a ``.mo`` file's language
from the environment only, while ``--lang`` must be able to override it.

Standard library only, and small: ``abluxxen rules`` must start fast.
"""

from __future__ import annotations

import argparse
import copy
import gettext
from collections.abc import Callable, Mapping, Sequence

from ..languages import LANGS, default_lang


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


def lang_of(args: Sequence[str]) -> str:
    """The language a command line asks for: ``--lang X`` or ``--lang=X``, else the environment's."""
    for i, arg in enumerate(args):
        value = arg.partition("=")[2] if arg.startswith("--lang=") else (
            args[i + 1] if arg == "--lang" and i + 1 < len(args) else "")
        if value in LANGS:
            return value
    return default_lang()


class CatalogFormatter(argparse.RawDescriptionHelpFormatter):
    """Help in the installed language: descriptions, epilogs, headings, option texts and metavars."""

    def add_text(self, text: str | None) -> None:
        """A description or an epilog, translated."""
        super().add_text(t(text) if text else text)

    def start_section(self, heading: str | None) -> None:
        """A heading, translated."""
        super().start_section(t(heading) if heading else heading)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return t(action.help) if action.help else action.help

    def _metavar_formatter(self, action: argparse.Action,
                           default_metavar: str) -> Callable[[int], tuple[str, ...]]:
        metavar = action.metavar
        if isinstance(metavar, str):
            action = copy.copy(action)
            action.metavar = t(metavar)
        return super()._metavar_formatter(action, t(default_metavar))


# argparse's own words (Python 3.11 to 3.13), then ours. Placeholders stay as they are.
_ARGPARSE_DE = {
    "usage: ": "Aufruf: ",
    "positional arguments": "Argumente",
    "options": "Optionen",
    "optional arguments": "Optionen",
    "show this help message and exit": "diese Hilfe zeigen und beenden",
    "show program's version number and exit": "die Versionsnummer zeigen und beenden",
    "%(prog)s: error: %(message)s\n": "%(prog)s: Fehler: %(message)s\n",
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
        "Partien nur zwischen Bots spielen und zeigen, wie jeder abschnitt",
    "rate one seat's decisions in a finished game with the hard bot":
        "die Entscheidungen eines Platzes in einer beendeten Partie mit dem starken Bot bewerten",
    "measure the engine's speed (games and decisions per second)":
        "die Geschwindigkeit der Spiel-Engine messen (Partien und Entscheidungen pro Sekunde)",
    "new to the game? a guided course: 11 short lessons at the table":
        "neu im Spiel? ein geführter Kurs: 11 kurze Lektionen am Tisch",
    """examples:
  abluxxen learn                            new to the game? 11 short lessons (10 minutes)
  abluxxen                                  set up a game step by step
  abluxxen play --players "Ann,Ben,bot:hard" --seed 7
  abluxxen rules joker                      only the rules about jokers
  abluxxen resume                           continue the last game
  abluxxen stats Ann                        Ann's recorded games: wins, streaks, points
  abluxxen simulate --seats hard,normal,normal,normal --games 100
  abluxxen review --seat Ann                rate Ann's moves in the last finished game
  abluxxen bench                            engine speed figures
""": """Beispiele:
  abluxxen learn                            neu im Spiel? 11 kurze Lektionen (10 Minuten)
  abluxxen                                  eine Partie Schritt für Schritt einrichten
  abluxxen play --players "Ann,Ben,bot:schwer" --seed 7
  abluxxen rules Joker                      nur die Regeln zu Jokern
  abluxxen resume                           die letzte Partie fortsetzen
  abluxxen stats Ann                        Anns aufgezeichnete Partien: Siege, Siegfolgen, Punkte
  abluxxen simulate --seats schwer,mittel,mittel,mittel --games 100
  abluxxen review --seat Ann                Anns Züge in der letzten beendeten Partie bewerten
  abluxxen bench                            Geschwindigkeit der Spiel-Engine
""",
    # -- shared option texts ------------------------------------------------------------------
    "language: en or de (default: from the locale)": "Sprache: en oder de (Standard: aus der Locale)",
    "language: en or de (default: as saved)": "Sprache: en oder de (Standard: wie gespeichert)",
    "language: en or de": "Sprache: en oder de",
    "where games are saved (default: $ABLUXXEN_DATA_DIR or the user data dir)":
        "wo Partien gespeichert werden (Standard: $ABLUXXEN_DATA_DIR oder das Datenverzeichnis des Benutzers)",
    "pause after each bot move (default 0.6; 0 for none)": "Pause nach jedem Bot-Zug (Standard 0.6; 0 für keine)",
    "rules variant (default base)": "Variante (Standard base, d. h. Grundspiel)",
    "LIST": "LISTE", "DIR": "VERZ", "SECONDS": "SEKUNDEN", "NAME": "NAME", "N": "N", "FILE|N": "DATEI|N",
    "TOPIC": "THEMA", "NAME|random": "NAME|zufall", "SEATS": "PLÄTZE", "GAMES": "PARTIEN", "SEED": "SEED",
    "JOBS": "PROZESSE", "THINK": "BEDENKZEIT", "R": "R",
    "%r is not a number of seconds": "%r ist keine Zahl von Sekunden",
    "%r: give 0 to %s seconds": "%r: bitte 0 bis %s Sekunden",
    "must be at least 1": "mindestens 1, bitte",
    # -- play --------------------------------------------------------------------------------
    'comma-separated seats: names, or bot:easy|normal|hard (e.g. "Ann,Ben,bot:hard")':
        'Plätze durch Kommas getrennt: Namen oder bot:leicht|mittel|schwer (z. B. "Ann,Ben,bot:schwer")',
    "base (default): draw one after a turn without abluxx; advanced: no such draw; expert: advanced, "
    "and 1s abluxx 13s and jokers":
        "Grundspiel/base (Standard): nach einem Zug ohne Abluxxen eine Karte ziehen; Fortgeschritten/advanced: "
        "kein solches Ziehen; Experte/expert: dazu luxxen 1er auch 13er und einzelne Joker ab",
    "two players without the shadow display": "zu zweit ohne die Schatten-Auslage",
    "a tie on points goes to fewest cards in hand (default) or is shared":
        "ein Gleichstand geht an die wenigsten Handkarten (fewest-hand, Standard) oder wird geteilt (shared)",
    "play N games, the starting player moving on; points add up (default 1)":
        "eine Serie aus N Partien, der Beginn wandert weiter; die Punkte zählen zusammen (Standard 1)",
    "deal with this seed (shown on the table) to replay a deal":
        "mit diesem Seed geben (am Tisch gezeigt), um dieselben Karten noch einmal zu spielen",
    "who starts: a player's name, or random (default: the first seat; the setup asks)":
        "wer beginnt: der Name eines Spielers oder zufall (Standard: der erste Platz; die Einrichtung fragt)",
    "ask who plays, variant and duel step by step (what plain `abluxxen` does; also the default without "
    "--players)":
        "Schritt für Schritt fragen, wer spielt, welche Variante, ob Duell (wie `abluxxen` allein; auch "
        "der Standard ohne --players)",
    """examples:
  abluxxen play --players "Ann,Ben,Cy"                 three friends, one keyboard
  abluxxen play --players "Ann,bot:hard,bot:normal" --seed 7
  abluxxen play --players "Ann,Ben" --no-duel          plain two-player game
  abluxxen play --players "Ann,bot,bot,bot" --variant expert --match 4 --lang de

At the prompt: type a move (7 7 x, 77x, t/l, b/d; when drawing 7 draws a 7,
deck the deck, a letter a-f a duel group), ? for the legal moves and what the
table's symbols mean, hint, rules TOPIC, quit. Tab completes.
Every move is saved; continue an interrupted game with `abluxxen resume`.
""": """Beispiele:
  abluxxen play --players "Ann,Ben,Cy"                 drei Freunde, eine Tastatur
  abluxxen play --players "Ann,bot:schwer,bot:mittel" --seed 7
  abluxxen play --players "Ann,Ben" --no-duel          das einfache Spiel zu zweit
  abluxxen play --players "Ann,bot,bot,bot" --variant Experte --match 4 --lang de

Am Prompt: einen Zug tippen (7 7 x, 77x, spiele 7 7, nimm/lass, zurück/abwerfen;
beim Ziehen zieht 7 eine 7, stapel vom Nachziehstapel, ein Buchstabe a-f eine
Duell-Gruppe; passe), ? für die erlaubten Züge und die Zeichen am Tisch, tipp,
regeln THEMA, beenden. Tab ergänzt.
Jeder Zug wird gespeichert; eine unterbrochene Partie setzt `abluxxen resume` fort.
""",
    # -- resume ---------------------------------------------------------------------------------
    "a save file, or a number from --list (default: the newest unfinished game in the save directory)":
        "eine Spielstand-Datei oder eine Nummer aus --list (Standard: die neueste unbeendete Partie im "
        "Spielstand-Verzeichnis)",
    "list the unfinished games, newest first, numbered for `abluxxen resume N`":
        "die unbeendeten Partien zeigen, neueste zuerst, nummeriert für `abluxxen resume N`",
    "pause after each bot move, 0 to 10 (default: as saved)":
        "Pause nach jedem Bot-Zug, 0 bis 10 (Standard: wie gespeichert)",
    """examples:
  abluxxen resume                          the most recent unfinished game
  abluxxen resume --list                   the unfinished games, newest first, numbered
  abluxxen resume 2                        game 2 of that list
  abluxxen resume ~/saves/20261122-Ann-Ben-Cy.json
  abluxxen resume --delay 0                bots move without pausing
""": """Beispiele:
  abluxxen resume                          die zuletzt gespielte unbeendete Partie
  abluxxen resume --list                   die unbeendeten Partien, neueste zuerst, nummeriert
  abluxxen resume 2                        Partie 2 dieser Liste
  abluxxen resume ~/saves/20261122-Ann-Ben-Cy.json
  abluxxen resume --delay 0                Bots ziehen ohne Pause
""",
    # -- rules ------------------------------------------------------------------------------------
    "show only the sections about these words (English or German), e.g. joker, duel, end, scoring, Wertung":
        "nur die Abschnitte zu diesen Wörtern zeigen (deutsch oder englisch), z. B. Joker, Duell, Spielende, "
        "Wertung, Sieger",
    "language of the rules (default: from the locale, German for de_*)":
        "Sprache der Regeln (Standard: aus der Locale, Deutsch bei de_*)",
    """examples:
  abluxxen rules                    the whole rules, the list of topics first
  abluxxen rules joker              only the sections about jokers
  abluxxen rules duel shadow        the sections about both words
  abluxxen rules winner --lang de   who wins, in German
""": """Beispiele:
  abluxxen rules                    die ganze Spielregel, vorneweg die Themen
  abluxxen rules Joker              nur die Abschnitte über Joker
  abluxxen rules Duell Schatten     die Abschnitte zu beiden Wörtern
  abluxxen rules Sieger --lang en   wer gewinnt, auf Englisch
""",
    # -- stats ------------------------------------------------------------------------------------
    "a player's name (default: every player)": "der Name eines Spielers (Standard: alle Spieler)",
    "print the games and figures as JSON": "die Partien und Zahlen als JSON ausgeben",
    """examples:
  abluxxen stats                every player's line (or the only player's details)
  abluxxen stats Ann            Ann's games, wins, streaks and a chart of her last 30 games
  abluxxen stats Ann --json     the same games and figures for scripts
""": """Beispiele:
  abluxxen stats                eine Zeile je Spieler (oder die Details des einzigen Spielers)
  abluxxen stats Ann            Anns Partien, Siege, Siegfolgen und ein Verlauf ihrer letzten 30 Partien
  abluxxen stats Ann --json     dieselben Partien und Zahlen für Skripte
""",
    # -- simulate ---------------------------------------------------------------------------------
    "bot level per seat, comma-separated: easy, normal, hard (2 to 5 seats; default %(default)s)":
        "Bot-Stärke je Platz, durch Kommas getrennt: leicht, mittel, schwer (oder easy, normal, hard; "
        "2 bis 5 Plätze; Standard %(default)s)",
    "games to play (default %(default)s)": "wie viele Partien (Standard %(default)s)",
    "with two seats, play a plain game without the shadow": "zu zweit das einfache Spiel ohne Schatten spielen",
    "how a tied best score is decided (default %(default)s)":
        "wie ein Gleichstand an der Spitze entschieden wird (Standard %(default)s)",
    "seed of the whole run (default %(default)s)": "Seed des ganzen Laufs (Standard %(default)s)",
    "processes to play games in (0: one per core; default %(default)s)":
        "Prozesse, in denen Partien laufen (0: einer je Kern; Standard %(default)s)",
    "the hard bots' budget per decision: seconds like 0.5s, or iterations like 200 (default about half a second)":
        "Bedenkzeit der starken Bots je Entscheidung: Sekunden wie 0.5s oder Durchläufe wie 200 (Standard "
        "etwa eine halbe Sekunde)",
    "print the results as JSON": "die Ergebnisse als JSON ausgeben",
    """examples:
  abluxxen simulate                                  one hard bot against three normal ones, 100 games
  abluxxen simulate --seats hard,easy --games 200    a duel, hard against easy
  abluxxen simulate --seats normal,normal,normal --variant expert --seed 7
  abluxxen simulate --jobs 0 --json                  on every core, the results as JSON
""": """Beispiele:
  abluxxen simulate                                    ein starker Bot gegen drei mittlere, 100 Partien
  abluxxen simulate --seats schwer,leicht --games 200  ein Duell, schwer gegen leicht
  abluxxen simulate --seats mittel,mittel,mittel --variant Experte --seed 7
  abluxxen simulate --jobs 0 --json                    auf allen Kernen, Ergebnisse als JSON
""",
    # -- review -----------------------------------------------------------------------------------
    "a save file whose game is over, or a recorded game's number (default: the last recorded game)":
        "eine Spielstand-Datei mit beendeter Partie oder die Nummer einer aufgezeichneten Partie (Standard: "
        "die zuletzt aufgezeichnete)",
    "whose decisions to rate (default: the one human at the table)":
        "wessen Entscheidungen bewertet werden (Standard: der einzige Mensch am Tisch)",
    "the search's budget per decision: iterations like 600 (the same figures every time) or seconds like 0.5s "
    "(default 600 iterations, about half a second)":
        "Rechenbudget je Entscheidung: Durchläufe wie 600 (jedes Mal dieselben Zahlen) oder Sekunden wie 0.5s "
        "(Standard 600 Durchläufe, etwa eine halbe Sekunde)",
    "print the decisions as JSON: turn, move, played, best, loss":
        "die Entscheidungen als JSON ausgeben: turn, move, played, best, loss",
    "where to look for a finished save when no game is recorded (default: $ABLUXXEN_DATA_DIR or the user "
    "data dir)":
        "wo ein beendeter Spielstand gesucht wird, wenn keine Partie aufgezeichnet ist (Standard: "
        "$ABLUXXEN_DATA_DIR oder das Datenverzeichnis des Benutzers)",
    """examples:
  abluxxen review                          the last recorded game
  abluxxen review 12                       recorded game number 12
  abluxxen review game.json --seat Ann     a finished save file, Ann's decisions
  abluxxen review --seat Ann --think 2000  search longer (2000 iterations a decision)
  abluxxen review --seat Ann --json        {"decisions": [{"turn", "move", "played", "best", "loss"}, …]}
""": """Beispiele:
  abluxxen review                          die zuletzt aufgezeichnete Partie
  abluxxen review 12                       die aufgezeichnete Partie Nummer 12
  abluxxen review game.json --seat Ann     ein beendeter Spielstand, Anns Entscheidungen
  abluxxen review --seat Ann --think 2000  länger rechnen (2000 Durchläufe je Entscheidung)
  abluxxen review --seat Ann --json        {"decisions": [{"turn", "move", "played", "best", "loss"}, …]}
""",
    # -- bench ------------------------------------------------------------------------------------
    "games per run and player count (default 200)": "Partien je Lauf und Spielerzahl (Standard 200)",
    "player counts, e.g. 4 or 2,3,4,5 (default); 2 players play the duel":
        "Spielerzahlen, z. B. 4 oder 2,3,4,5 (Standard); zu zweit wird das Duell gespielt",
    "runs per figure; the median is shown (default 5)": "Läufe je Zahl; gezeigt wird der Median (Standard 5)",
    "first deal's seed (default 0)": "Seed der ersten Partie (Standard 0)",
    "print the figures as JSON instead of a table": "die Zahlen als JSON statt als Tabelle ausgeben",
    """examples:
  abluxxen bench                              every player count, 200 games a run, 5 runs
  abluxxen bench --players 4 --games 50       a quick look at four players
  abluxxen bench --variant expert --json      the expert rules, figures as JSON
""": """Beispiele:
  abluxxen bench                              alle Spielerzahlen, 200 Partien je Lauf, 5 Läufe
  abluxxen bench --players 4 --games 50       ein kurzer Blick auf vier Spieler
  abluxxen bench --variant Experte --json     die Experten-Regeln, Zahlen als JSON
""",
    # -- learn ------------------------------------------------------------------------------------
    "start lesson N (1 to 11); default: the next one not done":
        "Lektion N beginnen (1 bis 11); Standard: die nächste noch nicht geschaffte",
    "print the numbered list of lessons and leave": "die nummerierte Liste der Lektionen zeigen und beenden",
    """examples:
  abluxxen learn              the list of lessons, then the next one not yet done
  abluxxen learn 5            lesson 5 (jokers)
  abluxxen learn --list --lang de

At the prompt: the game's moves and commands, and hint (the answer),
skip (on to the next lesson), quit.
""": """Beispiele:
  abluxxen learn              die Liste der Lektionen, dann die nächste noch nicht geschaffte
  abluxxen learn 5            Lektion 5 (Joker)
  abluxxen learn --list --lang de

Am Prompt: die Züge und Befehle des Spiels, dazu tipp (die Lösung),
überspringen (weiter zur nächsten Lektion), beenden.
""",
}

GERMAN: dict[str, str] = {**_ARGPARSE_DE, **_OURS_DE}
