"""``abluxxen rules``: topics find the right sections, both languages agree, every
ruling is written down with an example, and the command starts without the game UI."""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from abluxxen import Game, rulesdoc
from abluxxen.cli import main

ROOT = Path(__file__).resolve().parent.parent
RULINGS = Path("/work/shared/RULINGS.md")


def run_rules(*topic: str, lang: str = "en") -> tuple[int, str, str]:
    """Run ``abluxxen rules`` in-process; exit status, output, error output."""
    out, err = io.StringIO(), io.StringIO()
    args = argparse.Namespace(topic=list(topic), lang=lang)
    status = rulesdoc.run(args, console=Console(file=out, width=100), err_console=Console(file=err, width=300))
    return status, out.getvalue(), err.getvalue()


def headings(topic: str, lang: str = "en") -> list[str]:
    return [text.splitlines()[0][3:] for text in rulesdoc.sections([topic], lang)]


def heading_index(lang: str) -> dict[str, int]:
    _, sections = rulesdoc.split(rulesdoc.load(lang))
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


def test_several_words_show_the_sections_about_all_of_them() -> None:
    shown = [t.splitlines()[0] for t in rulesdoc.sections(["duel", "pool"], "en")]
    assert shown == ["## Duel: pool groups"]


def test_words_with_no_common_section_show_each_and_say_so() -> None:
    status, out, _ = run_rules("paw", "notation")
    assert status == 0
    assert "No section is about all of 'paw', 'notation'" in out
    assert "Material" in out and "Move notation" in out
    assert "Jokers" not in out


def test_unknown_topic_exits_1_with_one_line_listing_topics() -> None:
    status, out, err = run_rules("xyzzy")
    assert status == 1
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert "'xyzzy'" in lines[0] and "joker" in lines[0] and "duel" in lines[0]
    status, _, err = run_rules("xyzzy", lang="de")
    assert status == 1 and "Themen:" in err and "Duell" not in err.split(":")[0]


def test_language_follows_the_locale() -> None:
    assert rulesdoc.default_lang({"LANG": "de_DE.UTF-8"}) == "de"
    assert rulesdoc.default_lang({"LANG": "en_GB.UTF-8"}) == "en"
    assert rulesdoc.default_lang({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"
    assert rulesdoc.default_lang({"LC_ALL": "de_AT.UTF-8", "LANG": "en_US"}) == "de"
    assert rulesdoc.default_lang({}) == "en"


def test_rules_command_defaults_to_german_under_a_german_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    out = io.StringIO()
    status = rulesdoc.run(argparse.Namespace(topic=["joker"], lang=None), console=Console(file=out, width=100))
    assert status == 0
    assert "Joker" in out.getvalue() and "nimmt ein Joker deren Wert an" in out.getvalue()


# -- both languages -------------------------------------------------------------


TOPICS = ["idea", "material", "setup", "turn", "play", "display", "joker", "abluxx", "take", "draw", "pool",
          "deck", "end", "scoring", "tie", "match", "variant", "base", "advanced", "expert", "duel", "shadow",
          "group", "plain", "known", "conservation", "rulings", "notation", "tips", "card"]


def test_german_document_has_the_same_sections_in_the_same_order() -> None:
    _, english = rulesdoc.split(rulesdoc.load("en"))
    _, german = rulesdoc.split(rulesdoc.load("de"))
    assert len(german) == len(english)
    for en, de in zip(english, german, strict=True):
        assert en.text.count("Example") == de.text.count("Beispiel"), (en.heading, de.heading)
        assert en.text.count("\n- ") == de.text.count("\n- "), (en.heading, de.heading)


@pytest.mark.parametrize("topic", TOPICS)
def test_a_topic_finds_the_same_sections_in_both_languages(topic: str) -> None:
    found = {}
    for lang in rulesdoc.LANGS:
        index = heading_index(lang)
        found[lang] = [index[text] for text in rulesdoc.sections([topic], lang)]
    assert found["en"], topic
    assert found["en"] == found["de"]


def test_german_uses_the_games_own_words() -> None:
    german = rulesdoc.load("de")
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
]


@pytest.mark.parametrize(("topic", "ruling", "phrases"), RULING_CHECKS)
def test_every_ruling_has_a_section_with_an_example(topic: str, ruling: str, phrases: list[str]) -> None:
    if RULINGS.is_file():
        assert ruling in " ".join(RULINGS.read_text(encoding="utf-8").split()), ruling
    text = "\n".join(rulesdoc.sections([topic], "en"))
    flat = " ".join(text.split()).lower()
    for phrase in phrases:
        assert " ".join(phrase.split()).lower() in flat, (topic, phrase)
    assert "Example" in text


@pytest.mark.skipif(not RULINGS.is_file(), reason="RULINGS.md is not on this machine")
def test_every_rulings_heading_is_covered() -> None:
    covered = {"Material": "material", "Setup": "setup", "A turn": "turn", "End and scoring": "scoring",
               "Variants (Amigo naming)": "variant", "Duel (2 players)": "duel",
               "Card conservation": "conservation"}
    found = re.findall(r"^## (.+)$", RULINGS.read_text(encoding="utf-8"), flags=re.M)
    assert set(found) == set(covered)
    for topic in covered.values():
        assert rulesdoc.sections([topic], "en")


def test_rulings_section_lists_the_engine_choices() -> None:
    text = " ".join("\n".join(rulesdoc.sections(["rulings"], "en")).split())
    for phrase in ("a lone shadow group that qualifies is abluxxed without asking",
                   "everyone knows each player got 2 jokers",
                   "public knowledge of that hand until played",
                   "Amigo's base game allows it", "Default fewest-hand"):
        assert phrase in text, phrase


def test_move_notation_lists_every_move_of_the_contract() -> None:
    text = "\n".join(rulesdoc.sections(["notation"], "en"))
    for move in ("play 7 7 X", "take", "leave", "back", "discard", "draw deck", "draw 7",
                 "draw 4+13+X", "pass", "shadow 5"):
        assert f"`{move}`" in text, move


# -- the command as a player runs it ---------------------------------------------


def test_rules_command_never_imports_the_game_ui() -> None:
    code = ("import sys\n"
            "import abluxxen.rulesdoc\n"
            "assert 'rich' not in sys.modules, 'rulesdoc imports rich at start'\n"
            "from abluxxen.cli import main\n"
            "status = main(['rules', 'joker'])\n"
            "bad = sorted(m for m in sys.modules if m.startswith(('abluxxen.tui', 'prompt_toolkit')))\n"
            "print('STATUS', status, 'UI', bad)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "STATUS 0 UI []" in done.stdout


def test_piped_output_is_plain_readable_text() -> None:
    done = subprocess.run([sys.executable, "-m", "abluxxen", "rules", "tie"], capture_output=True,
                          text=True, timeout=60, env={"LANG": "en_US.UTF-8", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert "\x1b[" not in done.stdout
    assert "Tie-break" in done.stdout and "fewest-hand" in done.stdout
    assert all(line == line.rstrip() for line in done.stdout.splitlines())


def test_unknown_topic_through_the_cli_exits_1() -> None:
    assert main(["rules", "--lang", "en", "xyzzy"]) == 1


def test_checkout_documents_are_found() -> None:
    assert rulesdoc.load("en") == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert rulesdoc.load("de") == (ROOT / "docs" / "rules.de.md").read_text(encoding="utf-8")


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
    code = ("import abluxxen.rulesdoc as r\n"
            "print(r.load('en') == open(r.doc_paths('en')[0], encoding='utf-8').read())\n"
            "print(r.sections(['joker'], 'de')[0].splitlines()[0])\n")
    done = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, env={"PYTHONPATH": str(tmp_path / "site")})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["True", "## Joker"]


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
