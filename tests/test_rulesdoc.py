"""``abluxxen rules``: topics find the right sections, both languages agree, every
ruling is written down with an example, and the command starts without the game UI."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from glossary import GERMAN
from rich.console import Console

from abluxxen import Game
from abluxxen.cli import main
from abluxxen.cli import rules as rulesdoc
from abluxxen.i18n import rulebook
from abluxxen.languages import LANGS, default_lang

ROOT = Path(__file__).resolve().parent.parent
# The rulings sit beside the checkout (as in CI); a source checkout elsewhere has none.
RULINGS = ROOT.parent / "shared" / "RULINGS.md"
NO_RULINGS = "RULINGS.md is not in the folder 'shared' beside this checkout"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def run_rules(*topic: str, lang: str = "en") -> tuple[int, str, str]:
    """Run ``abluxxen rules`` in-process; exit status, output, error output."""
    out, err = io.StringIO(), io.StringIO()
    args = argparse.Namespace(topic=list(topic), lang=lang)
    status = rulesdoc.run(args, console=Console(file=out, width=100), err_console=Console(file=err, width=300))
    return status, out.getvalue(), err.getvalue()


def headings(topic: str, lang: str = "en") -> list[str]:
    return [text.splitlines()[0][3:] for text in rulebook.sections([topic], lang)]


def heading_index(lang: str) -> dict[str, int]:
    _, sections = rulebook.split(rulebook.load(lang))
    return {s.text: i for i, s in enumerate(sections)}


# -- topics ---------------------------------------------------------------------


def test_joker_shows_the_joker_section_and_not_scoring() -> None:
    status, out, _ = run_rules("joker")
    assert status == 0
    assert "Jokers" in out and "lone-joker" in out
    assert "Scoring" not in out and "Tie-break" not in out


def test_no_topic_shows_the_whole_document() -> None:
    status, out, _ = run_rules()
    assert status == 0
    for heading in ("Jokers", "Scoring", "Duel: shadowluxx", "Move notation", "Tips"):
        assert heading in out


@pytest.mark.parametrize(("word", "lang", "heading"), [
    ("Wertung", "en", "Scoring"),
    ("Punkte", "en", "Scoring"),
    ("points", "de", "Wertung"),
    ("Spielende", "en", "Game end"),
    ("end", "de", "Spielende"),
    ("Ende", "de", "Spielende"),
    ("Gleichstand", "en", "Tie-break"),
    ("tie", "de", "Gleichstand"),
    ("Experte", "en", "Variants: base, advanced, expert"),
    ("JOKER", "de", "Joker"),
    ("Duell", "en", "Duel: setup and the shadow"),
    ("Vorrat", "en", "Drawing from the pool or the deck"),
    ("nachziehen", "en", "Drawing from the pool or the deck"),
    ("Schatten", "en", "Duel: shadowluxx"),
    ("abluxx", "de", "Abluxxen: welche obersten Lagen getroffen werden"),
    ("Überblick", "en", "A turn at a glance"),
    ("uberblick", "de", "Ein Zug im Überblick"),
    ("'jokers,'", "en", "Jokers"),
])
def test_english_and_german_topic_words_find_the_section(word: str, lang: str, heading: str) -> None:
    assert heading in headings(word, lang)


@pytest.mark.parametrize(("topic", "lang", "shown"), [
    (["who", "wins"], "en", ["Scoring", "Tie-break"]),
    (["who wins"], "en", ["Scoring", "Tie-break"]),
    (["wer gewinnt"], "de", ["Wertung", "Gleichstand"]),
    (["what", "happens", "when", "my", "hand", "is", "empty?"], "en", ["Game end"]),
    (["leere", "Hand"], "de", ["Spielende"]),
    (["leere Hand"], "de", ["Spielende"]),
    (["pass"], "en", ["The single draw after a turn without abluxx"]),
    (["passen"], "de", ["Einmal ziehen nach einem Zug ohne Abluxxen"]),
    (["darf ich passen?"], "de", ["Einmal ziehen nach einem Zug ohne Abluxxen"]),
])
def test_a_question_or_a_quoted_phrase_finds_what_its_words_name(topic: list[str], lang: str,
                                                                 shown: list[str]) -> None:
    # "who", "wer", "my", "ist" name no topic: they must not pull in every section that says them.
    assert [t.splitlines()[0][3:] for t in rulebook.sections(topic, lang)] == shown


@pytest.mark.parametrize(("topic", "lang", "duel", "plain"), [
    (["two", "players"], "en", "Two players play the duel by default", "The plain game for two"),
    (["two players"], "en", "Two players play the duel by default", "The plain game for two"),
    (["zu", "zweit"], "de", "Zu zweit spielt man standardmäßig das Duell", "Das einfache Spiel zu zweit"),
    (["zu zweit"], "de", "Zu zweit spielt man standardmäßig das Duell", "Das einfache Spiel zu zweit"),
])
def test_asking_how_two_play_shows_the_duel_they_play_by_default_and_the_plain_game(
        topic: list[str], lang: str, duel: str, plain: str) -> None:
    status, out, _ = run_rules(*topic, lang=lang)
    shown = " ".join(out.split())
    assert status == 0 and duel in shown and plain in shown
    assert shown.index(duel) < shown.index(plain)


def test_words_that_only_ask_find_nothing_and_say_so() -> None:
    status, out, err = run_rules("who", "is", "it")
    assert status == 1 and out == "" and "'who', 'is', 'it'" in err


def test_several_words_show_the_sections_about_all_of_them() -> None:
    shown = [t.splitlines()[0] for t in rulebook.sections(["duel", "pool"], "en")]
    assert shown == ["## Duel: pool groups"]


def test_words_with_no_common_section_show_each_and_say_so() -> None:
    status, out, _ = run_rules("paw", "notation")
    assert status == 0
    first = out.splitlines()[0]
    assert first.startswith("Partial match: no section has all of 'paw', 'notation'. Try: notation")
    assert "Material" in out and "Move notation" in out
    assert "Jokers" not in out


def test_unknown_topic_exits_1_with_one_line_naming_topics_to_try() -> None:
    status, out, err = run_rules("xyzzy")
    assert status == 1
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("abluxxen: No rules section about 'xyzzy'. Try: idea, material")
    status, _, err = run_rules("xyzzy", lang="de")
    assert status == 1 and err.startswith("abluxxen: Kein Regelabschnitt zu 'xyzzy'. Probier: Ziel, ")
    # A word spelt nearly as a topic is offered that topic first.
    assert run_rules("jokr")[2].startswith("abluxxen: No rules section about 'jokr'. Try: joker, ")


def test_language_follows_the_locale() -> None:
    assert default_lang({"LANG": "de_DE.UTF-8"}) == "de"
    assert default_lang({"LANG": "en_GB.UTF-8"}) == "en"
    assert default_lang({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"
    assert default_lang({"LC_ALL": "de_AT.UTF-8", "LANG": "en_US"}) == "de"
    assert default_lang({}) == "en"
    assert default_lang({"LANGUAGE": "de:en", "LANG": "C.UTF-8"}) == "de"
    assert default_lang({"LANGUAGE": "de", "LC_ALL": "C"}) == "en"


def test_rules_command_defaults_to_german_under_a_german_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    out = io.StringIO()
    status = rulesdoc.run(argparse.Namespace(topic=["joker"], lang=None), console=Console(file=out, width=100))
    assert status == 0
    assert "Joker" in out.getvalue() and "nimmt ein Joker deren Wert an" in out.getvalue()


# -- both languages -------------------------------------------------------------


TOPICS = ["idea", "material", "setup", "turn", "play", "display", "joker", "abluxx", "take", "draw", "pass", "pool",
          "deck", "end", "scoring", "tie", "winner", "match", "variant", "base", "advanced", "expert", "duel", "shadow",
          "group", "plain", "two", "known", "conservation", "rulings", "notation", "tips", "glossary", "card"]


def test_german_document_has_the_same_sections_in_the_same_order() -> None:
    _, english = rulebook.split(rulebook.load("en"))
    _, german = rulebook.split(rulebook.load("de"))
    assert len(german) == len(english)
    for en, de in zip(english, german, strict=True):
        assert en.text.count("Example") == de.text.count("Beispiel"), (en.heading, de.heading)
        assert en.text.count("\n- ") == de.text.count("\n- "), (en.heading, de.heading)


@pytest.mark.parametrize("topic", TOPICS)
def test_a_topic_finds_the_same_sections_in_both_languages(topic: str) -> None:
    found = {}
    for lang in LANGS:
        index = heading_index(lang)
        found[lang] = [index[text] for text in rulebook.sections([topic], lang)]
    assert found["en"], topic
    assert found["en"] == found["de"]


def test_german_uses_the_games_own_words() -> None:
    german = rulebook.load("de")
    for word in ("abluxxen", "Auslage", "Vorrat", "Nachziehstapel", "Ablagestapel", "Joker",
                 "Schattenauslage", "Lage", "Schicht", "Tatze"):
        assert word in german, word


# -- every ruling is written down ---------------------------------------------------

# (topic word, a phrase of RULINGS.md, phrases the rules' sections on that topic must contain)
RULING_CHECKS = [
    ("material", "104 number cards", ["104 number cards", "5 jokers", "109"]),
    ("material", "only marks the active player", ["only marks the active"]),
    ("setup", "deal 13 cards to each player", ["deal 13", "6 cards"]),
    ("setup", "moves one seat clockwise", ["moves one seat clockwise"]),
    ("play", "several cards of one value", ["several cards of", "same value"]),
    ("joker", "ranks above 13", ["above 13", "6 6 6 X"]),
    ("end", "nobody is abluxxed with these cards", ["abluxx nobody"]),
    ("abluxx", "starting with the left neighbour", ["left neighbour", "exactly as many cards",
                                                    "strictly lower", "mandatory", "not compared again"]),
    ("abluxx", "the shadow comes first", ["shadow display comes before"]),
    ("joker", "except by 1s in the expert variant", ["except 1s in the expert variant"]),
    ("abluxx", "Equal value never abluxxes", ["equal value"]),
    ("take", "the victim must draw as many cards", ["take", "leave", "back", "discard", "never stay"]),
    ("draw", "Cards are drawn one at a time", ["one card at a time", "only after all",
                                               "never rebuilt", "shrinks"]),
    ("draw", "may draw exactly one card", ["exactly one card", "pass", "no such draw"]),
    ("end", "even in the middle", ["middle of", "not made", "last card"]),
    ("scoring", "Values don't matter", ["+1", "−1", "values don't matter"]),
    ("tie", "fewest cards in hand", ["fewest-hand", "shared", "they all win"]),
    ("match", "one game per player", ["one game per player", "add up"]),
    ("variant", "no draw after a turn without abluxx", ["advanced", "no single draw"]),
    ("expert", "1s and jokers played together count as 1s", ["count as 1s", "lone jokers",
                                                             "abluxxed by any higher value"]),
    ("duel", "2 jokers plus 11", ["2 jokers plus 11", "13 cards"]),
    ("duel", "leftmost among equals", ["lowest single card of", "leftmost", "removed from the game"]),
    ("pool", "drawn as one card", ["drawn as one card", "one draw"]),
    ("shadow", "Shadowluxxing is mandatory", ["exactly as many cards", "parts of a group",
                                              "you choose one", "mandatory"]),
    ("shadow", "Shadow cards always go to the attacker's hand", ["always go into your hand",
                                                                 "refilled to 13"]),
    ("shadow", "Then the opponent is compared", ["opponent's top layer is compared"]),
    ("end", "the shadow does not count as pool", ["does not\ncount as part of the pool"]),
    ("conservation", "= 109", ["= 109"]),
    ("plain", "plain 2-player game", ["without a shadow", "13 cards each"]),
    ("setup", "a named player or a random one on request", ["first seat", "--first Ben", "--first random",
                                                            "question at setup"]),
    ("match", "the program plays one game unless asked", ["single game unless you ask", "--match N",
                                                          "added up over all games"]),
    ("end", "a victim still waiting keeps the abluxxed layer", ["victim still waiting keeps the abluxxed layer",
                                                                "scores there", "stays in her display"]),
    ("pool", "a lone joker there ranks above 13", ["lone joker in the pool ranks above 13", "X 12+13"]),
    ("variant", "also allows the duel with the advanced or expert variant",
     ["played with any of the three variants", "no rulebook describes", "duel, advanced"]),
    ("duel", "also allows the duel with the advanced or expert variant", ["also plays it with the advanced"]),
    ("plain", "the online version requires the duel", ["online version requires the duel", "informally"]),
]


@pytest.mark.parametrize(("topic", "ruling", "phrases"), RULING_CHECKS)
def test_every_ruling_has_a_section_with_an_example(topic: str, ruling: str, phrases: list[str]) -> None:
    if RULINGS.is_file():  # without it, the rules' side of the check still runs
        assert ruling in " ".join(RULINGS.read_text(encoding="utf-8").split()), ruling
    text = "\n".join(rulebook.sections([topic], "en"))
    flat = " ".join(text.split()).lower()
    for phrase in phrases:
        assert " ".join(phrase.split()).lower() in flat, (topic, phrase)
    assert "Example" in text


@pytest.mark.skipif(not RULINGS.is_file(), reason=NO_RULINGS)
def test_every_rulings_heading_is_covered() -> None:
    covered = {"Material": "material", "Setup": "setup", "A turn": "turn", "End and scoring": "scoring",
               "Variants (Amigo naming)": "variant", "Duel (2 players)": "duel",
               "Card conservation": "conservation"}
    found = re.findall(r"^## (.+)$", RULINGS.read_text(encoding="utf-8"), flags=re.M)
    assert set(found) == set(covered)
    for topic in covered.values():
        assert rulebook.sections([topic], "en")


# (a phrase of RULINGS.md, what the Rulings section says about it in English, and in German)
RULING_REASONS = [
    ("The Ravensburger rulebook lets the youngest start", ["youngest", "lynx", "--first random"],
     ["jüngste", "Luchs", "--first zufall"]),
    ("rotating", ["moves one seat clockwise each game"], ["einen Platz im Uhrzeigersinn weiter"]),
    ("the program plays one game unless asked", ["one game unless you ask for more (`--match N`)"],
     ["eine Partie, wenn ihr nicht mehr verlangt (`--match N`)"]),
    ("our choice: no rulebook says", ["No rulebook says how to break a tie in the total"],
     ["Kein Regelheft sagt, wie ein Gleichstand der Gesamtpunkte"]),
    ("the online version requires the duel", ["the online version requires the duel", "informally"],
     ["die Online-Version verlangt es", "ohne feste Regel"]),
    ("a combination the rulebook does not describe", ["a combination no rulebook describes"],
     ["eine Kombination, die kein Regelheft beschreibt"]),
    ("they are silent on layers not yet resolved", ["silent on abluxxed layers not yet resolved",
                                                    "keeps the abluxxed layer"],
     ["schweigen zu abgeluxxten Lagen", "behält die abgeluxxte Lage"]),
    ("a lone joker there ranks above 13", ["a lone joker in the pool", "We rank it above 13"],
     ["ein einzelner Joker im Vorrat", "Wir stellen ihn über die 13"]),
    ("the shadow stays short", ["no rulebook says what happens when the deck runs out during that refill",
                                "The shadow then stays short", "an empty shadow is simply not compared"],
     ["kein Regelheft sagt, was geschieht, wenn der Nachziehstapel bei diesem Auffüllen zu Ende geht",
      "Der Schatten bleibt dann kürzer", "ein leerer Schatten wird einfach nicht verglichen"]),
]


@pytest.mark.parametrize(("ruling", "english", "german"), RULING_REASONS)
def test_every_ruling_of_our_own_is_in_the_rulings_section_with_its_reason(
        ruling: str, english: list[str], german: list[str]) -> None:
    if RULINGS.is_file():
        assert ruling in " ".join(RULINGS.read_text(encoding="utf-8").split()), ruling
    for lang, phrases in (("en", english), ("de", german)):
        text = " ".join("\n".join(rulebook.sections(["rulings"], lang)).split())
        for phrase in phrases:
            assert phrase in text, (lang, phrase)


def test_the_wrong_examples_are_mended_in_both_languages() -> None:
    german = " ".join(rulebook.load("de").split())
    for phrase in ("Dann spielt auch Dee X X: Anns 4 4, jetzt ihre oberste Lage, wird abgeluxxt",
                   "und Cys oberste Lage X X ist gleich hoch und bleibt",
                   "Ann nimmt Bens 5 5, und Ben zieht 2 Karten nach: die 12 aus dem Vorrat",
                   "Cys 4 4 4 bleibt in ihrer Auslage und bringt ihr +3",
                   "also kommt die 13 auf die 12: X 12+13 2+13 7+13 9+13 11+13",
                   "Anns Zug endet ohne Nachziehen", "Mit `--first Cy` hätte Cy die erste Partie begonnen",
                   "gewinnt Ben die Serie, mit 7 Handkarten gegen Anns 8",
                   "und Cy luxxt ganz normal Anns 1 1 ab und danach Bens 1 1"):
        assert phrase in german, phrase
    assert "Bens oberste Lage X X" not in german and "und zieht dann die 12" not in german
    english = " ".join(rulebook.load("en").split())
    # An attacker who takes draws nothing that turn; Ben's top layer is his 6 6 6 X just after he played it.
    assert "Ben's top layer X X" not in english and "then draws the 12" not in english


SOURCES = ROOT.parent / "shared" / "rules-sources"

# (what our rules say a rulebook says, in English, and in German; the rulebook; its own words)
RULEBOOK_CLAIMS = [
    ("Ravensburger lets the youngest player start", "Bei Ravensburger beginnt der jüngste Spieler",
     "ravensburger-2014-de.txt", "Der jüngste Spieler beginnt."),
    ("Amigo the last player to have seen a lynx", "bei Amigo, wer zuletzt einen Luchs gesehen hat",
     "amigo-2022-en.txt", "The last player to have seen a lynx takes the paw"),
    ("Only the Ravensburger rulebook speaks of several games", "Nur das Regelheft von Ravensburger spricht von "
     "mehreren Partien", "ravensburger-2014-de.txt", "Wollt ihr **mehrere Partien** hintereinander spielen"),
    ("once or more often as you like", "nach Belieben ein- oder mehrmals", "ravensburger-2014-de.txt",
     "(nach Belieben ein- oder mehrmals) Startspieler, endet das Spiel"),
    ("Amigo: fewest cards in hand, then several winners", "Amigo: die wenigsten Handkarten, danach mehrere "
     "Sieger", "amigo-2022-en.txt", "victory goes to the one who has the fewest cards in their hand"),
    ("Ravensburger and the summary: all tied players win", "Ravensburger und die Kurzregel: Alle Punktgleichen "
     "gewinnen", "ravensburger-2014-de.txt", "Bei Gleichstand gibt es mehrere Sieger."),
    ("Ravensburger and the summary: all tied players win", "Ravensburger und die Kurzregel: Alle Punktgleichen "
     "gewinnen", "short-rules-de.txt", "Es gewinnt(en), der/die Spieler mit den meisten Punkten."),
    ("by Amigo's own account the first edition's rules", "laut Amigo die Regel der ersten Auflage",
     "amigo-2022-en.txt", "corresponds to the rules of the first edition"),
    ("the online version requires the duel", "die Online-Version verlangt es", "online-brettspielwelt-de.txt",
     'muss die Option "duel" ausgewählt werden'),
    ("Ravensburger says the game can end in the middle of drawing", "Ravensburger sagt, die Partie kann mitten "
     "im Nachziehen enden", "ravensburger-2014-de.txt", "Das kann auch inmitten des Nachziehens geschehen!"),
    ("Amigo says the player may not get all their cards", "Amigo, dass man dann nicht alle Karten bekommt",
     "amigo-2022-en.txt", "they may not be able to draw all the cards they should have"),
    ("Amigo says they cannot be abluxxed", "Amigo sagt, sie können nicht abgeluxxt werden", "amigo-2022-en.txt",
     "Jokers that were played without any number cards cannot be abluxxed."),
    ("Ravensburger that they rank above 13", "Ravensburger, dass sie über der 13 stehen",
     "ravensburger-2014-de.txt", "Ohne Zahlenkarten sind sie die höchsten Karten im Spiel."),
    ("the online rules say so outright", "die Online-Regeln sagen das ausdrücklich", "online-brettspielwelt-de.txt",
     "die Karten unter abgeluxxten Karten sind also für diesen Zug tabu"),
    ("the online version on the lowest card", "die Online-Version auf die niedrigste Karte",
     "online-brettspielwelt-de.txt", "auf die niedrigste Karte der Auslage gelegt"),
    ('Amigo allows "any set"', "Amigo erlaubt", "amigo-2022-en.txt", "you can abluxx any set of cards from it"),
    ("Amigo refills the shadow to 13 cards at once after a shadowluxx", "Amigo füllt den Schatten nach dem "
     "Schattenluxxen sofort auf 13 Karten auf", "amigo-2022-en.txt",
     "Refill the shadow display to 13 cards immediately after shadowluxxing."),
    ("and never rebuilds an empty deck", "und bildet einen leeren Nachziehstapel nie neu", "amigo-2022-en.txt",
     "If the draw deck runs out, don't create a new one."),
]


@pytest.mark.parametrize(("english", "german", "source", "words"), RULEBOOK_CLAIMS)
def test_what_the_rules_say_a_rulebook_says_is_in_that_rulebook(english: str, german: str, source: str,
                                                                  words: str) -> None:
    for lang, claim in (("en", english), ("de", german)):
        assert claim in " ".join(rulebook.load(lang).split()), (lang, claim)
    if (SOURCES / source).is_file():  # without the rulebooks, the rules' side of the check still runs
        assert words in " ".join((SOURCES / source).read_text(encoding="utf-8").split()), (source, words)


def test_the_rules_claim_nothing_the_rulebooks_do_not_say() -> None:
    english = " ".join(rulebook.load("en").split())
    german = " ".join(rulebook.load("de").split())
    # Amigo names the starting player; only Ravensburger speaks of several games.
    assert "leaves it to the table" not in english and "überlässt es dem Tisch" not in german
    assert "The rulebooks suggest" not in english and "Die Regelhefte schlagen" not in german


# The German glossary's rejected forms (tests/glossary.py): one German word per idea, as in the game and its
# lessons; and the rules' own.
REJECTED = {
    **GERMAN,
    # abluxxen is separable ("Ann luxxt Bens 5er ab"); the rules avoid even the verb-final "abluxxt"
    # of a subordinate clause, so that a reader never meets the form.
    r"\babluxxt\b": "Ann luxxt … ab",
    r"Experten-Variante": "Variante für Experten",
    r"\b[Dd]as Spiel (endet|ist|kann)\b": "one game is a Partie",
}


@pytest.mark.parametrize(("form", "instead"), REJECTED.items())
def test_german_rules_hold_none_of_the_glossarys_rejected_forms(form: str, instead: str) -> None:
    # (The hidden keywords hold the words players ask with, "Stapel" among them; a reader never sees them.)
    german = " ".join(rulebook.shown("de").split())
    assert not re.search(form, german), instead


def _prose(lang: str) -> str:
    """The rules in ``lang`` without the glossary and without code (commands and moves are typed in English)."""
    _, sections = rulebook.split(rulebook.load(lang))
    text = "\n".join(s.text for s in sections if not s.heading.startswith(("Glossary", "Glossar")))
    return " ".join(re.sub(r"`[^`]*`", "", text).split())


def test_german_sentences_hold_no_english_option_values() -> None:
    assert not re.search(r"\b(fewest-hand|shared|base|advanced|expert)\b", _prose("de"))


def test_the_glossary_maps_the_words_of_each_language_to_the_other() -> None:
    tables = {}
    for lang in LANGS:
        (glossary,) = [s for s in rulebook.split(rulebook.load(lang))[1] if s.heading.startswith("Glossar")]
        tables[lang] = [[cell.strip() for cell in row.strip("|").split("|")]
                        for row in glossary.text.splitlines() if row.startswith("| ") and "---" not in row]
    english = {tuple(row) for row in tables["en"][1:]}
    german = {(en, de) for de, en in tables["de"][1:]}
    assert english == german and len(english) >= 15
    for en, de in english:
        assert en.split(",")[0].split(":")[0].split(" (")[0].lower() in _prose("en").lower(), en
        assert de.split(",")[0].split(":")[0].split(" (")[0] in _prose("de"), de
    for words in (["Satz", "Sätze"], ["Joker allein"], ["Vorratsgruppe"], ["luxxt Bens 5er ab"],
                  ["Lockvogel", "Kleinvieh", "Endspurt"], ["Partie", "Serie"]):
        assert all(any(word in de for _, de in english) for word in words), words


def test_the_glossary_gives_each_term_one_word_in_each_language() -> None:
    """What its first lines claim: a row names as many terms in one language as in the other ("draw" beside
    "ziehen, nachziehen" gave German two words for one)."""
    for lang in LANGS:
        (glossary,) = [s for s in rulebook.split(rulebook.load(lang))[1] if s.heading.startswith("Glossar")]
        rows = [[cell.strip() for cell in row.strip("|").split("|")]
                for row in glossary.text.splitlines() if row.startswith("| ") and "---" not in row]
        for left, right in rows[1:]:
            assert left.count(",") == right.count(","), (lang, left, right)


@pytest.mark.parametrize(("word", "lang", "heading"), [
    ("Lockvogel", "en", "Tips"),
    ("bait", "de", "Tipps"),
    ("glossary", "de", "Glossar: deutsche und englische Wörter"),
    ("Wörter", "en", "Glossary: English and German words"),
])
def test_a_word_of_the_other_language_finds_the_section_about_it(word: str, lang: str, heading: str) -> None:
    # The section is searched in both languages: "Lockvogel" shows the English tips, where it is "bait".
    assert headings(word, lang) == [heading]


def test_the_glossary_answers_only_words_nothing_else_answers() -> None:
    assert headings("paw", "en") == ["Material"]
    assert headings("Lockvogel", "de") == ["Tipps"]


def test_german_never_says_liegen_lassen_and_capitalises_the_nouns() -> None:
    german = " ".join(rulebook.load("de").split())
    assert "liegen lassen" not in german and "liegen zu lassen" not in german
    assert "kein Nehmen oder Lassen" in german
    assert not re.search(r"\b(kein|das|dem|beim) (nehmen|lassen|abwerfen|nachziehen)\b", german)


def test_rulings_section_lists_the_engine_choices() -> None:
    text = " ".join("\n".join(rulebook.sections(["rulings"], "en")).split())
    for phrase in ("a lone shadow group that qualifies is abluxxed without asking",
                   "everyone knows each player got 2 jokers",
                   "public knowledge of that hand until played",
                   "Amigo's base game allows it", "Default fewest-hand"):
        assert phrase in text, phrase


def test_move_notation_lists_every_move_of_the_contract() -> None:
    text = "\n".join(rulebook.sections(["notation"], "en"))
    for move in ("play 7 7 X", "take", "leave", "back", "discard", "draw deck", "draw 7",
                 "draw 4+13+X", "pass", "shadow 5"):
        assert f"`{move}`" in text, move


# -- the command as a player runs it ---------------------------------------------


def _python(code: str) -> str:
    """What a fresh Python prints running ``code`` (which must succeed)."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_rules_command_never_imports_the_game_ui() -> None:
    code = ("import sys\n"
            "import abluxxen.cli.rules\n"
            "assert 'rich' not in sys.modules, 'rulesdoc imports rich at start'\n"
            "from abluxxen.cli import main\n"
            "status = main(['rules', 'joker'])\n"
            "bad = sorted(m for m in sys.modules if m.startswith(('abluxxen.tui', 'prompt_toolkit')))\n"
            "print('STATUS', status, 'UI', bad)\n")
    assert "STATUS 0 UI []" in _python(code)


def test_rules_command_loads_no_game_engine_saves_or_bots() -> None:
    """Every command imports the package, and the rules need none of the game: loading it made
    `abluxxen rules joker` half as slow again as rich alone (benchmarks/rules_start.py)."""
    code = ("import sys\n"
            "from abluxxen.cli import main\n"
            "status = main(['rules', 'joker'])\n"
            "loaded = sorted(m for m in sys.modules if m.startswith(('abluxxen.engine.', 'abluxxen.store',\n"
            "                                                         'abluxxen.bots', 'abluxxen.table')))\n"
            "print('STATUS', status, 'LOADED', loaded)\n")
    assert "STATUS 0 LOADED ['abluxxen.engine.rules']" in _python(code)  # the rules' names, for --variant


def test_the_package_gives_the_engines_names_when_asked() -> None:
    """They load on first use, and are the engine's own."""
    code = ("import sys, abluxxen\n"
            "assert 'abluxxen.engine.game' not in sys.modules\n"
            "from abluxxen import Game, Rules\n"
            "from abluxxen.engine.game import Game as Own\n"
            "assert Game is Own and 'Game' in dir(abluxxen) and set(abluxxen.__all__) <= set(dir(abluxxen))\n"
            "assert all(getattr(abluxxen, name) for name in abluxxen.__all__)\n"
            "try:\n"
            "    abluxxen.Nothing\n"
            "except AttributeError as error:\n"
            "    print('REFUSED', error)\n")
    assert "REFUSED module 'abluxxen' has no attribute 'Nothing'" in _python(code)


def test_piped_output_is_plain_readable_text() -> None:
    env = {"LANG": "en_US.UTF-8", "PATH": os.environ.get("PATH", os.defpath)}
    done = subprocess.run([sys.executable, "-m", "abluxxen", "rules", "tie"], capture_output=True,
                          text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    assert "\x1b[" not in done.stdout
    assert "Tie-break" in done.stdout and "fewest-hand" in done.stdout
    assert all(line == line.rstrip() for line in done.stdout.splitlines())


class RecordingPager:
    """Stands in for the pager: keeps what it was given."""

    def __init__(self) -> None:
        self.shown: list[str] = []

    def show(self, content: str) -> None:
        self.shown.append(content)


def terminal(out: io.StringIO, *, height: int = 24) -> Console:
    return Console(file=out, force_terminal=True, color_system="standard", width=80, height=height)


@pytest.mark.parametrize(("lang", "intro"), [("en", "Topics: idea, material"), ("de", "Themen: Ziel, Spielmaterial")])
def test_whole_rules_on_a_terminal_go_to_the_pager_topic_list_first(lang: str, intro: str) -> None:
    out, pager = io.StringIO(), RecordingPager()
    status = rulesdoc.run(argparse.Namespace(topic=[], lang=lang), console=terminal(out), pager=pager)
    assert status == 0
    assert out.getvalue() == "", "nothing scrolls past outside the pager"
    (content,) = pager.shown
    assert "\x1b[" in content, "the pager gets the colours"
    plain = " ".join(ANSI.sub("", content).split())
    assert plain.startswith(intro)
    assert all(topic in plain.split(" — ")[0] for topic in rulebook.topics(lang))
    for section in rulebook.split(rulebook.load(lang))[1]:
        assert section.heading in plain, section.heading


def test_rules_in_a_pipe_are_plain_text_without_pager_or_topic_list() -> None:
    out, pager = io.StringIO(), RecordingPager()
    status = rulesdoc.run(argparse.Namespace(topic=[], lang="en"), console=Console(file=out, width=80), pager=pager)
    assert status == 0 and pager.shown == []
    assert out.getvalue().lstrip().startswith("Abluxxen — rules") and "Topics:" not in out.getvalue()
    assert "\x1b[" not in out.getvalue() and "## Tips" not in out.getvalue() and "Tips" in out.getvalue()


def _recorder(tmp_path: Path) -> tuple[str, Path]:
    """A pager command that writes what it is given to a file (and shows nothing)."""
    record = tmp_path / "paged.txt"
    script = tmp_path / "pager.py"
    script.write_text(f"import sys\nopen({str(record)!r}, 'w', encoding='utf-8').write(sys.stdin.read())\n",
                      encoding="utf-8")
    return f"{sys.executable} {script}", record


def test_command_pager_pages_only_what_is_longer_than_the_screen(tmp_path: Path) -> None:
    command, record = _recorder(tmp_path)
    out = io.StringIO()
    pager = rulesdoc.CommandPager(out, height=5, environ={"PAGER": command})
    pager.show("a\nb\nc\nd\n")
    assert out.getvalue() == "a\nb\nc\nd\n" and not record.exists(), "four lines fit five rows"
    pager.show("1\n2\n3\n4\n5\n")
    assert out.getvalue() == "a\nb\nc\nd\n" and record.read_text(encoding="utf-8") == "1\n2\n3\n4\n5\n"


@pytest.mark.parametrize("environ", [{"PAGER": "no-such-pager-abluxxen"}, {"PAGER": "", "PATH": ""}])
def test_command_pager_prints_plainly_when_no_pager_starts(environ: dict[str, str]) -> None:
    out = io.StringIO()
    rulesdoc.CommandPager(out, height=2, environ=environ).show("one\ntwo\nthree\n")
    assert out.getvalue() == "one\ntwo\nthree\n"


def test_command_pager_leaves_a_dumb_terminal_alone(tmp_path: Path) -> None:
    command, record = _recorder(tmp_path)
    out = io.StringIO()
    rulesdoc.CommandPager(out, height=2, environ={"PAGER": command, "TERM": "dumb"}).show("one\ntwo\nthree\n")
    assert out.getvalue() == "one\ntwo\nthree\n" and not record.exists()


def test_a_short_topic_on_a_terminal_is_printed_and_a_long_one_paged() -> None:
    args = argparse.Namespace(topic=["joker"], lang="en")
    tall, short = io.StringIO(), io.StringIO()
    rulesdoc.run(args, console=terminal(tall, height=200), pager=rulesdoc.CommandPager(tall, height=200))
    assert "Jokers" in ANSI.sub("", tall.getvalue()) and "Topics:" not in tall.getvalue()
    pager = RecordingPager()
    rulesdoc.run(args, console=terminal(short, height=10), pager=pager)
    assert "Jokers" in ANSI.sub("", pager.shown[0]) and "Topics:" not in pager.shown[0]


def _rules_on_a_pty(tmp_path: Path, pager_command: str) -> str:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, PAGER=pager_command, TERM="xterm-256color", LC_ALL="C.UTF-8", LANG="C.UTF-8")
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "abluxxen", "rules", "--lang", "en"], env=env,
                          encoding="utf-8", dimensions=(24, 80), timeout=60, cwd=str(tmp_path))
    screen: str = child.read()
    child.close()
    assert child.exitstatus == 0, screen
    return ANSI.sub("", screen)


def test_rules_on_a_terminal_run_the_players_pager(tmp_path: Path) -> None:
    command, record = _recorder(tmp_path)
    screen = _rules_on_a_pty(tmp_path, command)
    paged = record.read_text(encoding="utf-8")
    assert "\x1b[" in paged
    plain = ANSI.sub("", paged)
    assert plain.lstrip().startswith("Topics: idea, material") and "Tips" in plain
    assert "Tips" not in screen, "the text went to the pager, not past the player's eyes"


def test_rules_on_a_terminal_without_a_working_pager_are_printed(tmp_path: Path) -> None:
    screen = _rules_on_a_pty(tmp_path, str(tmp_path / "missing-pager"))
    assert "Topics: idea" in screen and "Tips" in screen


def test_rules_in_a_pipe_never_run_the_pager(tmp_path: Path) -> None:
    command, record = _recorder(tmp_path)
    done = subprocess.run([sys.executable, "-m", "abluxxen", "rules", "--lang", "en"], capture_output=True,
                          text=True, timeout=60, env=dict(os.environ, PAGER=command))
    assert done.returncode == 0 and not record.exists()
    assert "Tips" in done.stdout and "Topics:" not in done.stdout


def test_unknown_topic_through_the_cli_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--lang", "en", "xyzzy"]) == 1
    assert capsys.readouterr().err.startswith("abluxxen: No rules section about 'xyzzy'. Try: ")


@pytest.mark.parametrize(("words", "lang"), [
    (["xyzzy"], "en"), (["xyzzy"], "de"), (["jokr"], "en"), (["who", "is", "it"], "en"), (["x" * 500], "en"),
    (["日本語" * 30], "de"), (["\x1b[2J{0}"], "en"), (["{zz}", "}{"], "de"), (["paw", "notation"], "en"),
    (["Tatze", "Notation"], "de"), (["how does the duel wrok"], "en"), (["wie funktioniert das Duelll"], "de"),
    (["Lage Schatten Tatze Notation Wertung Gleichstand"], "de"), (["duel " + "q" * 300], "en"),
    (["Überblick", "Zzzz"], "de"),
])
def test_a_partial_match_or_nothing_found_is_one_line_of_80_columns_naming_topics_to_try(
        words: list[str], lang: str) -> None:
    from rich.cells import cell_len

    status, out, err = run_rules(*words, lang=lang)
    if status == 1:  # nothing found: on standard error, named by the program
        assert out == ""
        (line,) = err.splitlines()
        assert line.startswith("abluxxen: ")
    else:
        assert status == 0 and not err
        line = out.splitlines()[0]
        assert line.startswith(("Partial match: ", "Teiltreffer: "))
    assert cell_len(line) <= 80 and line.isprintable(), line
    topics = line.split("Try: " if lang == "en" else "Probier: ")[1].removesuffix("…").strip(" ,").split(", ")
    assert topics[0] and set(topics) <= set(rulebook.topics(lang)), line


def test_checkout_documents_are_found() -> None:
    assert rulebook.load("en") == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert rulebook.load("de") == (ROOT / "docs" / "rules.de.md").read_text(encoding="utf-8")


@pytest.mark.slow
@pytest.mark.timeout(360)  # its wheel's build may take the 300 s its pip is given
def test_an_installed_wheel_carries_and_finds_the_documents(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                            "-w", str(tmp_path / "dist"), str(ROOT)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("abluxxen-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert "abluxxen/_docs/rules.md" in names and "abluxxen/_docs/rules.de.md" in names
        archive.extractall(tmp_path / "site")
    # -S: no site-packages, so the editable install of the checkout can't be found instead.
    code = ("import abluxxen.i18n.rulebook as r\n"
            "print(r.load('en') == open(r.doc_paths('en')[0], encoding='utf-8').read())\n"
            "print(r.sections(['joker'], 'de')[0].splitlines()[0])\n")
    done = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, env={"PYTHONPATH": str(tmp_path / "site")})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["True", "## Joker"]


# -- the project stands on its own ----------------------------------------------------

# Paths outside the repository: a machine's folders, or the rulings beside the checkout.
OUTSIDE = re.compile(r"(?<![\w.~])/(?:work|tmp|home|Users|root)/|\.\./shared")


def test_readme_docs_and_tests_point_nowhere_outside_the_repository() -> None:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "tests").glob("*.py")),
             *sorted((ROOT / "abluxxen").rglob("*.py")), *sorted((ROOT / "benchmarks").glob("*"))]
    outside = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
               for path in files if path.is_file()
               for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if OUTSIDE.search(line)]
    assert outside == []


# -- the save format document ------------------------------------------------------

SAVE_FORMAT = ROOT / "docs" / "save-format.md"


def json_blocks() -> list[str]:
    return re.findall(r"```json\n(.*?)```", SAVE_FORMAT.read_text(encoding="utf-8"), flags=re.S)


def test_save_format_example_resumes_as_described() -> None:
    blocks = json_blocks()
    doc = json.loads(blocks[0])
    game = Game.from_json(doc)
    assert game.to_json() == doc
    assert game.to_move == 1
    assert game.legal_moves() == ["draw deck", "draw 1", "draw 2", "draw 3", "draw 10", "draw X"]
    assert json.loads("{" + blocks[2] + "}")["pending"] == game.view(1).to_json()["pending"]
    game.push("draw deck")
    assert len(game.to_json()["pool"]) == 6
    assert game.to_json()["pending"] == {"phase": "take", "victim": 2, "queue": []}
    assert json.loads("{" + blocks[3] + "}")["pending"] == game.view(0).to_json()["pending"]
    for line in blocks[1].splitlines():
        assert json.loads(line)["phase"] in {"take", "back", "single-draw", "shadow"}
    assert json.loads(blocks[4])["format"] == "abluxxen-match/1"


def test_save_format_lists_every_view_key() -> None:
    text = SAVE_FORMAT.read_text(encoding="utf-8")
    view = Game.from_json(json.loads(json_blocks()[0])).view(1).to_json()
    for key in view:
        assert f"| `{key}` |" in text, key


def _broken(change: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(json_blocks()[0])
    if change == "format":
        doc["format"] = "abluxxen/0"
    elif change == "field":
        doc["extra"] = 1
    elif change == "deck":
        del doc["deck"]
    elif change == "names":
        doc["names"] = ["Ann"]
    elif change == "turn":
        doc["turn"] = 3
    elif change == "seats":
        doc["hands"] = doc["hands"][:2]
    elif change == "count":
        doc["deck"].remove("9")
    elif change == "known":
        doc["known"][1] = ["X"]
    elif change == "over":
        doc["over"] = {"reason": "exhausted", "seat": 1}
    elif change == "empty":
        doc["discard"] += doc["hands"][2]
        doc["hands"][2] = []
    return doc


@pytest.mark.parametrize("change", ["format", "field", "deck", "names", "turn", "seats", "count", "known",
                                    "over", "empty"])
def test_save_format_quotes_the_real_validation_messages(change: str) -> None:
    with pytest.raises(ValueError) as err:
        Game.from_json(_broken(change))
    assert f"`{err.value}`" in SAVE_FORMAT.read_text(encoding="utf-8")


@pytest.mark.parametrize("word", ["winner", "winning", "Gewinner", "Sieger", "wins", "gewinnt"])
@pytest.mark.parametrize("lang, sections", [("en", ["Scoring", "Tie-break"]), ("de", ["Wertung", "Gleichstand"])])
def test_everyday_words_for_winning_open_the_scoring_and_the_tie_break(word: str, lang: str,
                                                                       sections: list[str]) -> None:
    # The tie-break decides the winner as often as the points do.
    assert headings(word, lang) == sections


@pytest.mark.parametrize("word", ["scoring", "Wertung"])
def test_scoring_alone_still_opens_only_the_scoring(word: str) -> None:
    assert headings(word, "en") == ["Scoring"] and headings(word, "de") == ["Wertung"]


@pytest.mark.parametrize(("args", "first", "tie"), [
    (["rules", "winner", "--lang", "en"], "Scoring", ["Tie-break", "With fewest-hand Dee wins"]),
    (["rules", "Sieger", "--lang", "de"], "Wertung", ["Gleichstand", "gewinnt Dee"]),
])
def test_rules_winner_on_the_command_line_shows_the_scoring_and_the_tie_break(args: list[str], first: str,
                                                                              tie: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "abluxxen", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.lstrip().startswith(first)
    shown = " ".join(done.stdout.split())
    for words in tie:
        assert words in shown, words


def test_rules_sieger_in_a_german_game_shows_the_scoring(tmp_path: Path) -> None:
    from helpers import screens_at_table

    from abluxxen import Event, Rules
    from abluxxen.engine.events import START
    from abluxxen.engine.match import Match
    from abluxxen.store.save_document import Saved, Seat

    seats = [Seat("Ann"), Seat("Ada", "easy"), Seat("Bix", "easy")]
    match = Match(Rules(3), games=1, seed=5, names=[s.name for s in seats])
    saved = Saved(match=match, seats=seats, lang="de", delay=0.0, log=[Event(START, 0, source="1")])
    screens = screens_at_table(saved, tmp_path / "g.json", "regeln Sieger\r")
    page = next(s for s in screens if "Wertung" in s)
    assert "Punkt" in page and "Kein Regelabschnitt" not in page


def test_the_german_rules_show_options_with_the_values_a_german_player_types() -> None:
    # `--first zufall`, `--tiebreak geteilt`: the German words the command line takes and its help shows.
    commands = " ".join(re.findall(r"`([^`]*--(?:first|tiebreak|variant)[^`]*)`", rulebook.load("de")))
    assert commands and not re.search(r"\b(random|fewest-hand|shared|base|advanced|expert)\b", commands)
