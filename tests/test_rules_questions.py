"""Everyday questions about the rules, asked as players ask them, land on the section that answers them
first — in English and in German. The questions were written before the matcher was tuned; each names
the one section a player asking it needs to read."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.markdown import Markdown

from abluxxen.i18n import rulebook

IDEA, MATERIAL, SETUP, TURN, PLAYING, JOKERS, ABLUXX, RESOLVING = (
    "The idea", "Material", "Setup", "A turn at a glance", "Playing cards: your display and its layers", "Jokers",
    "Abluxx: which top layers are hit", "Resolving a victim: take, leave, back, discard")
DRAWING, SINGLE, END, SCORING, TIE, MATCHES, VARIANTS = (
    "Drawing from the pool or the deck", "The single draw after a turn without abluxx", "Game end", "Scoring",
    "Tie-break", "Matches", "Variants: base, advanced, expert")
DUEL, GROUPS, SHADOWLUXX, PLAIN, KNOWN, COUNT, RULINGS, NOTATION, TIPS, GLOSSARY = (
    "Duel: setup and the shadow", "Duel: pool groups", "Duel: shadowluxx", "The plain game for two",
    "What everyone knows", "Card count", "Rulings", "Move notation", "Tips", "Glossary: English and German words")

ENGLISH = [
    ("how does the duel work", DUEL),
    ("what happens when the deck runs out", DRAWING),
    ("what does take mean", RESOLVING),
    ("can I pass", SINGLE),
    ("what is a shadow", DUEL),
    ("who starts", SETUP),
    ("who goes first?", SETUP),
    ("how many cards does each player get", SETUP),
    ("which way does play go round the table", SETUP),
    ("how many cards are there", MATERIAL),
    ("what is the paw for", MATERIAL),
    ("what's the point of the game", IDEA),
    ("what happens on my turn", TURN),
    ("do I have to play a card every turn", PLAYING),
    ("can I play cards of different values together", PLAYING),
    ("what is the top layer", PLAYING),
    ("can I play a joker on its own", JOKERS),
    ("what is a joker worth", JOKERS),
    ("can two lone jokers beat each other", JOKERS),
    ("do I have to abluxx", ABLUXX),
    ("does an equal value abluxx", ABLUXX),
    ("is the layer underneath hit as well", ABLUXX),
    ("what happens to the cards I abluxxed", RESOLVING),
    ("I was abluxxed, what now?", RESOLVING),
    ("when is the pool refilled", DRAWING),
    ("is the discard pile shuffled back into the deck", DRAWING),
    ("can I draw a card if I abluxxed nobody", SINGLE),
    ("when does the game end", END),
    ("what if I play my last card", END),
    ("how do I win", SCORING),
    ("how are points counted", SCORING),
    ("is a 13 worth more than a 1 at the end", SCORING),
    ("what if two players have the same score", TIE),
    ("how do you break a tie", TIE),
    ("can we play several games in a row", MATCHES),
    ("what is the difference between advanced and expert", VARIANTS),
    ("do 1s beat 13s", VARIANTS),
    ("how do two people play", DUEL),
    ("how many cards are in the shadow", DUEL),
    ("can we play two-player without the shadow", PLAIN),
    ("where does a 13 go in the duel", GROUPS),
    ("what is a pool group", GROUPS),
    ("can I choose which shadow group I take", SHADOWLUXX),
    ("what happens when the shadow runs out of cards", SHADOWLUXX),
    ("can the others see the card I drew", KNOWN),
    ("do the other players know what is in my hand", KNOWN),
    ("are cards ever lost", COUNT),
    ("why does this differ from my printed rulebook", RULINGS),
    ("how do I type a move", NOTATION),
    ("what are the short commands", NOTATION),
    ("any tips for a beginner?", TIPS),
    ("what is a good strategy", TIPS),
    ("what is the German word for deck", GLOSSARY),
]

ZIEL, MATERIAL_DE, VORBEREITUNG, ZUG, AUSSPIELEN, JOKER, ABLUXXEN, ABWICKELN = (
    "Worum es geht", "Spielmaterial", "Vorbereitung", "Ein Zug im Überblick",
    "Karten ausspielen: die Auslage und ihre Lagen", "Joker", "Abluxxen: welche obersten Lagen getroffen werden",
    "Ein Opfer abwickeln: nehmen, lassen, zurück, abwerfen")
NACHZIEHEN, EINMAL, SPIELENDE, WERTUNG, GLEICHSTAND, PARTIEN, VARIANTEN = (
    "Nachziehen aus Vorrat oder Nachziehstapel", "Einmal ziehen nach einem Zug ohne Abluxxen", "Spielende",
    "Wertung", "Gleichstand", "Mehrere Partien", "Varianten: Grundspiel, Fortgeschrittene, Experten")
DUELL, GRUPPEN, SCHATTENLUXXEN, EINFACH, WISSEN, BILANZ, ENTSCHEIDUNGEN, NOTATION_DE, TIPPS, GLOSSAR = (
    "Duell: Vorbereitung und Schattenauslage", "Duell: Gruppen im Vorrat", "Duell: Schattenluxxen",
    "Das einfache Spiel zu zweit", "Was alle wissen", "Kartenbilanz", "Regelentscheidungen",
    "Notation der Spielzüge", "Tipps", "Glossar: deutsche und englische Wörter")

GERMAN = [
    ("wer fängt an", VORBEREITUNG),
    ("darf ich aussetzen", EINMAL),
    ("darf ich Joker allein spielen", JOKER),
    ("was passiert wenn der Stapel leer ist", NACHZIEHEN),
    ("wie viele Karten bekommt jeder", VORBEREITUNG),
    ("wer beginnt?", VORBEREITUNG),
    ("in welche Richtung wird gespielt", VORBEREITUNG),
    ("wie viele Karten gibt es", MATERIAL_DE),
    ("wozu ist die Tatze da", MATERIAL_DE),
    ("was ist das Ziel des Spiels", ZIEL),
    ("was mache ich in meinem Zug", ZUG),
    ("muss ich jeden Zug ausspielen", AUSSPIELEN),
    ("darf ich verschiedene Werte zusammen ausspielen", AUSSPIELEN),
    ("was ist die oberste Lage", AUSSPIELEN),
    ("was ist ein Joker wert", JOKER),
    ("können sich zwei Joker gegenseitig abluxxen", JOKER),
    ("muss ich abluxxen", ABLUXXEN),
    ("luxxt ein gleicher Wert ab", ABLUXXEN),
    ("wird die Lage darunter auch getroffen", ABLUXXEN),
    ("was bedeutet nehmen", ABWICKELN),
    ("was passiert mit abgeluxxten Karten", ABWICKELN),
    ("ich wurde abgeluxxt, was jetzt?", ABWICKELN),
    ("wann wird der Vorrat aufgefüllt", NACHZIEHEN),
    ("wird der Ablagestapel neu gemischt", NACHZIEHEN),
    ("darf ich eine Karte ziehen, wenn ich niemanden abgeluxxt habe", EINMAL),
    ("wann ist das Spiel vorbei", SPIELENDE),
    ("was passiert, wenn ich meine letzte Karte ausspiele", SPIELENDE),
    ("wer gewinnt", WERTUNG),
    ("wie zählt man die Punkte", WERTUNG),
    ("zählt eine 13 mehr als eine 1", WERTUNG),
    ("was ist bei Gleichstand", GLEICHSTAND),
    ("was, wenn zwei gleich viele Punkte haben", GLEICHSTAND),
    ("können wir mehrere Partien hintereinander spielen", PARTIEN),
    ("was ist der Unterschied zwischen Fortgeschrittene und Experten", VARIANTEN),
    ("schlagen 1er die 13er", VARIANTEN),
    ("wie funktioniert das Duell", DUELL),
    ("wie spielt man zu zweit", DUELL),
    ("was ist der Schatten", DUELL),
    ("wie viele Karten liegen im Schatten", DUELL),
    ("können wir zu zweit ohne Schatten spielen", EINFACH),
    ("wohin kommt eine 13 im Duell", GRUPPEN),
    ("was ist eine Vorratsgruppe", GRUPPEN),
    ("welche Schattengruppe darf ich nehmen", SCHATTENLUXXEN),
    ("was passiert, wenn dem Schatten die Karten ausgehen", SCHATTENLUXXEN),
    ("sehen die anderen meine gezogene Karte", WISSEN),
    ("wissen die anderen, welche Karten ich habe", WISSEN),
    ("gehen Karten verloren", BILANZ),
    ("warum weicht das Programm vom Regelheft ab", ENTSCHEIDUNGEN),
    ("wie gebe ich einen Zug ein", NOTATION_DE),
    ("welche Befehle gibt es", NOTATION_DE),
    ("hast du Tipps für Anfänger", TIPPS),
    ("wie spiele ich besser", TIPPS),
    ("wie heißt Auslage auf Englisch", GLOSSAR),
]


def first_heading(question: str, lang: str) -> str:
    found = rulebook.find([question], lang)
    assert found.sections, f"nothing found for {question!r}"
    return found.sections[0].splitlines()[0].removeprefix("## ")


@pytest.mark.parametrize(("question", "heading"), ENGLISH)
def test_an_everyday_question_in_english_finds_its_answer_first(question: str, heading: str) -> None:
    assert first_heading(question, "en") == heading


@pytest.mark.parametrize(("question", "heading"), GERMAN)
def test_an_everyday_question_in_german_finds_its_answer_first(question: str, heading: str) -> None:
    assert first_heading(question, "de") == heading


def test_the_questions_are_many_and_name_every_heading() -> None:
    # At least 40 a language, and every section is the answer to some question in each language.
    for lang, questions in (("en", ENGLISH), ("de", GERMAN)):
        _, sections = rulebook.split(rulebook.load(lang))
        assert len(questions) >= 40
        assert {s.heading for s in sections} == {heading for _, heading in questions}, lang


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_topic_name_finds_its_own_section_first(lang: str) -> None:
    # The topics the rules list (and the notices offer) each lead to the section they name.
    _, sections = rulebook.split(rulebook.load(lang))
    assert len(set(rulebook.topics(lang))) == len(sections)
    for section in sections:
        assert section.keywords, f"{section.heading} has no keywords line"
        assert rulebook.find([section.topic], lang).sections[0] == section.text, section.topic


def test_the_german_rules_have_every_section_the_english_have_the_jokers_too() -> None:
    english = [s.topic for s in rulebook.split(rulebook.load("en"))[1]]
    german = [s.topic for s in rulebook.split(rulebook.load("de"))[1]]
    assert len(english) == len(german) and german[english.index("joker")] == "Joker"
    assert first_heading("joker", "de") == JOKER and first_heading("Joker", "en") == JOKERS


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hidden_keywords_never_show(lang: str) -> None:
    for found in (rulebook.find([], lang), rulebook.find(["joker"], lang)):
        text = "\n\n".join(found.sections)
        assert "<!--" not in text and "keywords:" not in text
        console = Console(width=80, file=io.StringIO())
        console.print(Markdown(text))
        assert "keywords" not in console.file.getvalue()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("asked", "same", "lang"), [
    ("what if the stacks are empty", "what if the decks are empty", "en"),  # "deck = stack", declared once
    ("wann luxxt man ab", "abluxxen", "de"),  # a separable verb, its part at the end
])
def test_words_that_mean_the_same_find_the_same_section(asked: str, same: str, lang: str) -> None:
    assert first_heading(asked, lang) == first_heading(same, lang)
