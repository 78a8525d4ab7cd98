"""The words themselves: German screens hold no English and only the glossary's words, English hints agree
with their counts, a duel group is named whole, and a player called "You" or "Du" stays a person."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from glossary import ENGLISH, GERMAN, PROGRAM_GERMAN, english_texts, german_texts
from helpers import make_doc
from rich.console import Console

from abluxxen import Event, Game, Rules
from abluxxen.bots import hint
from abluxxen.bots.normal import Reason
from abluxxen.bots.review import Decision
from abluxxen.engine.cards import JOKER
from abluxxen.engine.events import START
from abluxxen.engine.match import Match
from abluxxen.engine.transcript import Transcript
from abluxxen.i18n.reasons import REASONS
from abluxxen.i18n.tr import Tr
from abluxxen.tui import review
from abluxxen.tui.drawing import TableInfo, ask_text, explain_move, moves_page, render_table
from abluxxen.tui.narrate import narrate
from abluxxen.tui.pages import hint_line, log_page
from abluxxen.tui.scores import score_screen

EN, DE = Tr("en"), Tr("de")

# English words that never belong in German text (case-insensitive; "Hand", "Joker", "Seed", "Bot", "Enter"
# are German too, and so are "in", "an", "so", "also", "was"; "a" is a pool slot's letter).
ENGLISH_WORDS = re.compile(
    r"\b(the|you|your|and|or|of|is|are|to|from|with|not|no|this|that|it|them|its|who|when|than|"
    r"plays?|played|draws?|takes?|leaves?|passes|discards?|abluxx(es|ed)?|shadow|deck|pool|group|groups|card|"
    r"cards|set|sets|game|match|turn|hint|best|lost|points|wins?|starts|over|fits?|worth|keeping|"
    r"lone|jokers|only|move|moves)\b", re.IGNORECASE)
# Words the German glossary rejects (docs: one word per idea), the rejected form and why: the glossary's
# (tests/glossary.py), and the screens' own.
REJECTED = {
    **GERMAN, **PROGRAM_GERMAN,
    # A main clause's verb is split: "Ann luxxt Bens 5er ab" (at a clause's end, "…, der abluxxt," is right).
    r"\b[Aa]bluxx(t|e|st)\b(?=\s+\w)": "abluxxen is separable: luxxt … ab",
    r"trifft (deinen|den|seinen) Gegner": "a set meets a top layer: trifft auf / wird verglichen",
    r"\bRückgängig\b": "one noun for the undo: das Zurücknehmen (rückgängig is only the command)",
    r"\bWertungen?:|\bWertungen\b": "Wertung is the scoring at a game's end: the rating is the Spielstärke",
    r"\bbeitreten\b": "a seat at a club table is taken with setzen",
}
# What is not prose: fields filled in later, argparse's %(fields)s, options, quoted input, commands to type.
NOT_PROSE = re.compile(r"{[^}]*}|%\([^)]*\)\w|--[\w-]+|'[^']*'|`[^`]*`|\babluxxen [a-z]+\b")


def _printed(*renderables: object, width: int = 80) -> str:
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    for renderable in renderables:
        console.print(renderable)
    return console.export_text()


def _bot_game(rules: Rules, names: list[str], seed: int, tr: Tr) -> Iterator[str]:
    """Everything a German screen shows in one whole game the normal bot plays for every seat: the table,
    the question, the hint and the ``?`` page at every decision, the whole log, the score screen, and a
    review of the first seat's decisions."""
    match = Match(rules, games=2, seed=seed, names=names)
    game = match.game
    transcript = Transcript.of(game)
    events = [Event(START, 0, source="1")]
    info = TableInfo(game_number=1, games=2, seed=seed, bots=("normal",) * len(names), totals=(0,) * len(names))
    decisions: list[Decision] = []
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        line = hint_line(view, tr) or ""
        yield _printed(render_table(view, events, tr, info=info, width=80, height=22, message=line))
        yield ask_text(view, tr, events) + "\n" + line + "\n" + _printed(*moves_page(view, tr))
        move, _ = hint(view)
        if seat == 0 and len(game.legal_moves()) > 1:
            other = next(m for m in game.legal_moves() if m != move)
            # In turn: a mistake, the hint's move, a move as good as the hint's within the noise.
            hinted, loss = [(other, 1.5), (move, 0.0), (other, 0.0)][len(decisions) % 3]
            decisions.append(Decision(len(transcript.moves), game.turn + 1, seat, move, hinted,
                                      hinted if loss else move, loss, 0.6, 1))
        events += transcript.push(game, move)
    yield _printed(*log_page(events, None, names, tr, game=1, width=80))
    yield _printed(*score_screen(match, tr, bots=[True] * len(names), seed=seed))
    moments = review.moments(transcript, decisions)
    console = Console(width=80, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    review.print_plain(console, decisions, decisions[:3], moments, names[0], ("normal",) * len(names), tr)
    yield console.export_text()


GAMES = [(Rules(3, "expert"), ["Ann", "Du", "Cy"], 4), (Rules(2), ["Ann", "Ben"], 1),
         (Rules(4, "advanced"), ["Ann", "Ben", "Cy", "Dee"], 2)]


@pytest.mark.parametrize("rules, names, seed", GAMES, ids=["expert", "duel", "advanced"])
def test_a_whole_german_bot_game_shows_no_english_and_only_the_glossarys_words(rules: Rules, names: list[str],
                                                                              seed: int) -> None:
    """Drawn by the real drawing code, as a German player sees it from the first play to the review."""
    for screen in _bot_game(rules, names, seed, DE):
        prose = NOT_PROSE.sub(" ", screen)
        found = ENGLISH_WORDS.search(prose)
        assert not found, f"English on a German screen: {found.group(0)!r}\n{screen}"
        for rejected, why in REJECTED.items():
            assert not re.search(rejected, prose), f"{why}: {re.search(rejected, prose)!r}\n{screen}"


def _german_texts() -> list[str]:
    """Every German text (tests/glossary.py: the screens' texts, refusals, the command line's help and examples,
    the lessons), and the bot reasons as Tr words them."""
    texts = [text for _, text in german_texts()]
    for key in REASONS:
        for cards in ((5,), (9, 9, JOKER), (2, 13)):
            texts.append(DE.why(Reason.of(key, cards=cards, victims=(1, 2), value=7, instead="play 9 9", deals=1234),
                                ("Ann", "Ben", "Cy")))
    return texts


def test_no_german_text_holds_a_word_the_glossary_rejects() -> None:
    for text in _german_texts():
        prose = NOT_PROSE.sub(" ", text)
        for rejected, why in REJECTED.items():
            assert not re.search(rejected, prose), f"{why}: {text!r}"


def test_no_english_text_holds_a_form_the_glossary_rejects() -> None:
    found = [(where, why, match.group(0)) for where, text in english_texts() for rejected, why in ENGLISH.items()
             for match in [re.search(rejected, text)] if match]
    assert not found, found


# After a colon a statement starts with a capital, as the rulebook writes; a fragment, a list or an instruction
# stays lower case. A statement: a pronoun and a verb ("du ziehst"), or a subject or a phrase before its verb
# in second place ("in seinem Zug muss er", "ein Satz 1er luxxt").
STATEMENT_AFTER_COLON = re.compile(
    r":\s+(?:(?:du|er|sie|es|wir|man)\s+[a-zäöü]|(?:ein|eine|der|die|das|dein|deine|sein|seine|in|im|mit|am|nach|"
    r"bei|beim|gegen|dann|danach|dazu|damit|jetzt|nun|so|hier|dort|sonst)(?: [\wäöüß+]+){0,3} (?:muss|musst|kann|"
    r"kannst|darf|darfst|ist|sind|hat|hast|haben|wird|werden|wurde|gibt|bleibt|bleiben|geht|kommt|kommen|zählt|"
    r"zählen|endet|ergibt|luxxt|luxxen|hätte|wäre|würde|liegt|liegen|beginnt|nimmt|zieht)\b)")


def test_german_starts_a_statement_after_a_colon_with_a_capital() -> None:
    root = Path(__file__).resolve().parent.parent
    sources = [*_german_texts(), (root / "docs" / "rules.de.md").read_text(encoding="utf-8")]
    for text in sources:
        found = STATEMENT_AFTER_COLON.search(text)
        assert not found, text[max(0, found.start() - 60):found.end() + 20]


def test_lone_jokers_in_the_expert_variant_are_abluxxed_by_1s_not_the_other_way_round() -> None:
    """The rule: only 1s can abluxx lone jokers. "Joker allein luxxen nur 1er ab" said the jokers do it."""
    german = DE.why(Reason.of("lone-jokers-expert"))
    assert german == "Joker allein kann nur ein Satz 1er abluxxen"
    assert str(Reason.of("lone-jokers-expert")) == "only 1s can abluxx lone jokers"
    assert "Joker allein kann niemand abluxxen" == DE.why(Reason.of("lone-jokers"))
    # The setup's words for the expert variant say the same.
    for key in ("setup_variants_line", "setup_help.variant"):
        assert re.search(r"1er (luxxt |luxxen )?auch .*13er und Joker allein ab", DE(key)), DE(key)


@pytest.mark.parametrize("key, one, two", [
    ("leave-no-fit", "a 13 does not fit your hand", "two 13s do not fit your hand"),
    ("back-keep", "a 5 is worth keeping", "two 5s are worth keeping"),
    ("take-fits", "a 5 fits your hand", "two 5s fit your hand"),
])
def test_an_english_hint_agrees_with_its_count(key: str, one: str, two: str) -> None:
    value = int(one.split()[1])
    assert str(Reason.of(key, cards=(value,))) == one
    assert str(Reason.of(key, cards=(value, value))) == two
    assert EN.why(Reason.of(key, cards=(value,))) == one


def test_the_shadows_single_card_agrees_too() -> None:
    assert str(Reason.of("shadow-fits", value=6, cards=(6,))) == "the shadow's 6 fits your hand best"
    assert str(Reason.of("shadow-fits", value=6, cards=(6, 6))) == "the shadow's two 6s fit your hand best"
    assert DE.why(Reason.of("shadow-fits", value=6, cards=(6,))) == "deine Hand braucht die 6 aus dem Schatten am " \
                                                                     "meisten"


def test_a_duel_pool_group_is_named_whole_in_the_hint() -> None:
    """``draw 2+13`` once read "the 2 is the best card in the pool": a group is drawn whole, and named so."""
    found = 0
    for seed in range(3):
        game = Game.new(Rules(2), seed=seed)
        while not game.is_over:
            view = game.view(game.to_move or 0)
            move, _ = hint(view)
            token = move.removeprefix("draw ")
            if move.startswith("draw ") and "+" in token and len(game.legal_moves()) > 1:
                found += 1
                english, german = hint_line(view, EN), hint_line(view, DE)
                assert english is not None and german is not None
                assert f"— the group {token} " in english, english
                assert f"— die Gruppe {token} " in german, german
            game.push(move)
    assert found >= 3


@pytest.mark.parametrize("lang, name, sentences", [
    ("en", "You", ["“You” plays two 9s — abluxxes Ben's two 5s", "Ben plays two 11s — abluxxes “You”'s two 9s",
                   "“You” takes them back"]),
    ("de", "Du", ["„Du“ spielt zwei 9er — luxxt Ben die zwei 5er ab", "Ben spielt zwei 11er — luxxt „Du“ die "
                  "zwei 9er ab", "„Du“ nimmt sie zurück auf die Hand"]),
])
def test_a_player_named_you_stays_a_person(lang: str, name: str, sentences: list[str]) -> None:
    """A name that is also a pronoun ("You plays", "You's two 5s", "Du spielt") is quoted in sentences."""
    tr = Tr(lang)
    events = [Event("play", 0, cards=(9, 9)), Event("abluxx", 0, 1, (5, 5)), Event("turn", 1),
              Event("play", 1, cards=(11, 11)), Event("abluxx", 1, 0, (9, 9)), Event("back", 0, cards=(9, 9))]
    assert narrate(events, None, [name, "Ben"], tr) == [sentences[0], sentences[1] + " — " + sentences[2]]
    game = Game.new(Rules(3), seed=1, names=[name, "Ben", "Cy"])
    play = ask_text(game.view(0), tr)
    assert play.startswith(tr.who(name) + ", ") and tr.who(name) != name
    match = Match(Rules(3), games=1, seed=1, names=[name, "Ben", "Cy"])
    while not match.game.is_over:
        match.game.push(hint(match.game.view(match.game.to_move or 0))[0])
    shown = _printed(*score_screen(match, tr))
    assert not re.search(rf"(?<![“„]){name} (wins|gewinnt|plays|spielt|is|ist)\b", shown), shown
    # Ordinary names stay as they are.
    assert tr.who("Ann") == "Ann" and tr.who("Youssef") == "Youssef"


def test_the_german_log_takes_a_joker_as_him() -> None:
    events = [Event("play", 1, cards=(11,)), Event("abluxx", 1, 0, (JOKER,)), Event("back", 0, cards=(JOKER,))]
    assert narrate(events, None, ["Ann", "Ben"], DE)[0].endswith("Ann nimmt ihn zurück auf die Hand")


def test_a_set_before_a_colon_is_its_subject_and_the_object_stays_one() -> None:
    """"einen Joker: luxxt Ben die 5 ab" named the play in the accusative: before the colon it is the subject."""
    game = Game.from_json(make_doc(hands=["9 9 X 3", "2 2", "4"], names=["Ann", "Ben", "Cy"],
                                   displays=[[], ["5 5 5"], ["6"]]))
    view = game.view(0)
    assert explain_move("play 9 9 X", view, DE) == "zwei 9er und ein Joker: luxxt Ben die drei 5er ab"
    assert explain_move("play X", view, DE) == "ein Joker: luxxt Cy die 6 ab"
    assert explain_move("play 3", view, DE) == "eine 3 in deine Auslage"
    assert explain_move("play X", view, EN) == "a joker: abluxxes Cy's 6"
    # The log says what leaves the game in its own sentence: the card is its subject too.
    assert narrate([Event("removed", 0, cards=(JOKER,))], None, ["Ann", "Ben", "Cy"], DE) == \
        ["ein Joker kommt aus dem Spiel"]
