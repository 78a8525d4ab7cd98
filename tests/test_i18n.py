"""German players read German: every message, refusal and hint, in the rulebook's words."""

from __future__ import annotations

import ast
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import screens_at_table

import abluxxen
from abluxxen import Event, Game, IllegalMove, Rules
from abluxxen.bots import hint, normal
from abluxxen.bots.normal import Reason
from abluxxen.engine.cards import JOKER
from abluxxen.engine.events import START
from abluxxen.engine.match import Match
from abluxxen.engine.moves import KINDS
from abluxxen.engine.phase import PHASE_NAMES
from abluxxen.i18n.catalog import GERMAN
from abluxxen.i18n.reasons import REASONS
from abluxxen.i18n.refusals import REFUSALS_DE
from abluxxen.i18n.tr import TEXTS, Tr
from abluxxen.store.save_document import Saved, Seat

DE = Tr("de")
# Words that give English away; the move notation (play, take, draw deck …) is the same in both languages.
ENGLISH = re.compile(r"\b(the|you|your|and|is|must|draws|plays|takes|leaves|Pass to|hand|hint|game|match|random|"
                     r"base|advanced|expert|easy|normal|hard)\b")
MOVE_WORDS = re.compile(r"\b(play|draw|take|leave|back|discard|pass|shadow|deck)\b")
# "Spiel" alone is neither the one game ("Partie") nor the series ("Serie"); "abluxxt" as a main verb is
# separable in the rulebook ("Ben luxxt Ann die 4 ab").
# ("aus dem Spiel" nehmen and "das Spiel zu zweit" are the rulebook's own.)
NOT_THE_RULEBOOKS = re.compile(r"(?<!aus dem )\b(Spiel|Spiele|Spielen|Ziehung)\b(?! zu zweit)|[A-Z][a-z]+ abluxxt\b"
                               r"|— abluxxt\b")


def _refusals() -> list[IllegalMove]:
    """Refusals of every kind the engine gives, from real positions of several rule sets."""
    found: dict[str, IllegalMove] = {}
    tries = ["", "zz", "play", "play 5 6", "play 14", "play X X X X X X", "play 13 13 13 13 13 13 13 13",
             "take", "back", "draw", "draw 99", "draw 4+13+X", "shadow", "shadow 12", "pass x", "draw deck"]
    for rules in (Rules(3), Rules(2), Rules(4, "expert")):
        for seed in range(6):
            game = Game.new(rules, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                for text in tries + [f"play {v}" for v in range(1, 14)]:
                    try:
                        game.copy().push(text, seat=game.to_move)
                    except IllegalMove as err:
                        found.setdefault(f"{err.key}.{err.params.get('phase') or err.params.get('kind')}", err)
                try:
                    game.copy().push("take", seat=(game.to_move or 0) + 1)
                except IllegalMove as err:
                    found.setdefault(err.key, err)
                game.push(rng.choice(game.legal_moves()))
    return list(found.values())


def test_every_refusal_of_the_engine_reads_german() -> None:
    refusals = _refusals()
    keys = {err.key for err in refusals}
    assert {"not-held", "wrong-phase", "mixed-values", "unknown-verb", "unknown-card", "syntax",
            "not-your-decision", "not-in-pool", "empty"} <= keys
    for err in refusals:
        german = DE.reason(err)
        assert german != str(err), f"{err.key}: {err}"
        assert not ENGLISH.search(german), f"English left in {german!r}"


def test_every_hint_reason_reads_german() -> None:
    names = ("Ann", "Ben", "Cy")
    for key in REASONS:
        reason = Reason.of(key, cards=(9, 9, 14), victims=(1, 2), names="Ben and Cy", value=7, instead="play 9 9",
                           deals=1234)
        german = DE.why(reason, names)
        assert german != str(reason) and not ENGLISH.search(german), f"{key}: {german!r}"
    game = Game.new(Rules(4), seed=3, names=["Ann", "Ben", "Cy", "Dee"])
    move, reason = hint(game.view(0))
    assert not ENGLISH.search(DE.why(reason, game.names))


def test_german_texts_use_the_rulebooks_words() -> None:
    german = [de for _, de in TEXTS.values()]
    for text in german + list(REFUSALS_DE.values()) + [de for _, de in REASONS.values()]:
        assert not NOT_THE_RULEBOOKS.search(text), text
        assert not re.search(r"\b(easy|normal|hard|base|advanced|expert|random|hint)\b", text), text
    assert not any("liegen lassen" in text or "liegen" in text.split() for text in german)
    assert any("abwerfen" in text for text in german) and any("zurück auf die Hand" in text for text in german)
    assert any("lassen" in text for text in german)
    assert not ENGLISH.search(DE("legend"))  # the help line under the table


def test_a_german_game_shows_no_english(tmp_path: Path) -> None:
    """A game against bots in German: the table, the log, the moves page, a hint, a refusal, the end."""
    seats = [Seat("Ann"), Seat("Ada", "easy"), Seat("Bix", "easy")]
    match = Match(Rules(3), games=1, seed=5, names=[s.name for s in seats])
    saved = Saved(match=match, seats=seats, lang="de", delay=0.0, log=[Event(START, 0, source="1")])
    first = match.game.legal_moves()[0].removeprefix("play ")  # Ann's first play, as she would type it
    keys = "tipp\r" + "?\r" + "q\r" + "zz\r" + "14\r" + first + "\r"
    screens = screens_at_table(saved, tmp_path / "g.json", keys)
    assert len(screens) > 4
    for screen in screens:
        text = screen.replace("Tab ▸", "")
        assert not ENGLISH.search(text), f"English on a German screen: {ENGLISH.search(text)!r}\n{screen}"
        # The moves too are written as a German player types them (the saved notation stays English).
        assert not MOVE_WORDS.search(text), f"an English move on a German screen\n{screen}"
        assert not NOT_THE_RULEBOOKS.search(text), f"{NOT_THE_RULEBOOKS.search(text)!r}\n{screen}"


def test_version_says_whether_the_hard_bots_search_is_compiled() -> None:
    from abluxxen.bots import quick

    for lang, compiled, python in (("en", "search is compiled", "runs in Python"),
                                   ("de", "ist kompiliert", "läuft in Python")):
        done = subprocess.run([sys.executable, "-m", "abluxxen", "--version", "--lang", lang],
                              capture_output=True, text=True)
        version, search = done.stdout.splitlines()
        assert done.returncode == 0 and version == f"abluxxen {abluxxen.__version__}"
        assert (compiled if quick.configured() is not None else python) in search
    assert re.fullmatch(r"\d+\.\d+\.\d+", abluxxen.__version__)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_both_languages_have_every_text(lang: str) -> None:
    tr = Tr(lang)
    for key, pair in TEXTS.items():
        assert all(pair), f"{key} is missing a language"
        fields = set(re.findall(r"{(\w+)", pair[0] + pair[1]))
        assert tr(key, **{f: "x" for f in fields}).strip()


@pytest.mark.parametrize("env", [{"LANGUAGE": "de", "LANG": "C.UTF-8"}, {"LANG": "de_DE.UTF-8"},
                                 {"LC_ALL": "de_AT.UTF-8", "LANG": "en_US.UTF-8"}], ids=str)
def test_every_command_speaks_the_same_language(env: dict[str, str], tmp_path: Path) -> None:
    """`rules` and `play` read the environment alike (they once disagreed on LANGUAGE)."""
    base = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    base.update(env, ABLUXXEN_DATA_DIR=str(tmp_path), COLUMNS="80")
    rules = subprocess.run([sys.executable, "-m", "abluxxen", "rules", "joker"], capture_output=True,
                           text=True, env=base, timeout=60)
    play = subprocess.run([sys.executable, "-m", "abluxxen", "play", "--players", "Ann,bot:schwer", "--seed", "1",
                           "--delay", "0", "--variant", "Experte"], capture_output=True, text=True, env=base,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert "Allein gespielt" in rules.stdout
    assert "Partie gespeichert" in play.stdout
    assert "--seed" not in play.stdout  # left mid-game: the seed would give the bot's hand away


@pytest.mark.parametrize("lang, yes, no", [("de", ["j", "ja", "JA", "y"], ["n", "nein", "no"]),
                                           ("en", ["y", "yes"], ["n", "no"])])
def test_yes_and_no_in_both_languages(lang: str, yes: list[str], no: list[str]) -> None:
    tr = Tr(lang)
    assert all(tr.yes(word) and tr.yes_or_no(word) is True for word in yes)
    assert all(not tr.yes(word, default=True) and tr.yes_or_no(word) is False for word in no)
    assert tr.yes_or_no("vielleicht") is None and tr.yes_or_no("", default=True) is True


# The refusals Tr words itself, where German grammar needs the details (counts, articles).
WORDED_BY_TR = {"not-held", "in-group", "not-in-pool"}
# Details of any refusal, enough for every key's text.
PARAMS = {"text": "zz", "card": "zz", "values": [5, 6], "name": "Ben", "move": "take", "draws_left": 1, "value": 5,
          "options": [5, 6], "held": 1, "wanted": 2, "cards": [5], "group": [5, 13], "seat": 1, "mover": 0}


def _engine_refusal_keys() -> set[str]:
    """Every key the engine's modules give an ``IllegalMove``, read from their source."""
    keys = set()
    for path in (Path(abluxxen.__file__).parent / "engine").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "IllegalMove":
                key = node.args[1] if len(node.args) > 1 else None
                assert isinstance(key, ast.Constant), f"{path.name}:{node.lineno}: an IllegalMove without a key"
                keys.add(str(key.value))
    return keys


def test_no_refusal_or_reason_exists_in_one_language_only() -> None:
    """Every refusal the engine can give reads German at a German table, every German one answers a refusal
    the engine gives, and every text and bot reason has both languages."""
    keys = _engine_refusal_keys()
    assert {"not-held", "wrong-phase", "syntax", "not-a-play"} <= keys
    for key in sorted(keys):
        narrower = (KINDS if key == "syntax" else [p for p in PHASE_NAMES if p != "over"] if key == "wrong-phase"
                    else [None])
        for sub in narrower:
            refusal = IllegalMove("the English", key, {**PARAMS, "kind": sub, "phase": sub})
            assert DE.reason(refusal) != "the English", f"{key} {sub or ''}: English only"
    assert {key.split(".")[0] for key in REFUSALS_DE} | WORDED_BY_TR <= keys
    for key, pair in [*TEXTS.items(), *REASONS.items()]:
        assert all(pair), f"{key} is missing a language"
    used = set(re.findall(r'Reason\.of\("([\w-]+)"|key = "([\w-]+)" if .* else "([\w-]+)"',
                          Path(normal.__file__).read_text(encoding="utf-8")))
    assert {k for found in used for k in found if k} <= set(REASONS)


# English words that never belong in a German sentence (the German "an", "in", "so" look like English ones).
GIVEAWAYS = re.compile(r"\b(the|you|your|and|of|not|with|is|are|to|from|this|that|cannot|please|must|which|"
                       r"who|when|than|plays|draws|takes|wins)\b")
# What is not prose: fields filled in later, argparse's %(fields)s, options and quoted input.
NOT_PROSE = re.compile(r"{[^}]*}|%\([^)]*\)\w|--[\w-]+|'[^']*'")


def test_german_texts_hold_no_english_giveaway() -> None:
    """Every German text of every area, refusal, bot reason and command-line help, and how Tr puts refusals
    and reasons together: no English word slips into a German sentence."""
    names = ("Ann", "Ben", "Cy")
    german = [*(de for _, de in TEXTS.values()), *REFUSALS_DE.values(), *(de for _, de in REASONS.values()),
              *GERMAN.values(), *(DE.reason(err) for err in _refusals())]
    german += [DE.why(Reason.of(key, cards=(9, 9, 14), victims=(1, 2), value=7, instead="play 9 9", deals=1234), names)
               for key in REASONS]
    for text in german:
        prose = NOT_PROSE.sub(" ", text)
        assert not GIVEAWAYS.search(prose), f"English in German: {GIVEAWAYS.search(prose)!r} in {text!r}"


def test_an_illegal_move_typed_at_a_german_table_is_refused_in_german(tmp_path: Path) -> None:
    """The engine's refusal (its str() is English) is shown by its key in German, and the same question waits."""
    seats = [Seat("Ann"), Seat("Ada", "easy"), Seat("Bix", "easy")]
    match = Match(Rules(3), games=1, seed=5, names=[s.name for s in seats])
    saved = Saved(match=match, seats=seats, lang="de", delay=0.0, log=[Event(START, 0, source="1")])
    hand = match.game.view(0).hand
    two = sorted({c for c in hand if c != JOKER})[:2]
    screens = screens_at_table(saved, tmp_path / "g.json", f"spiele {two[0]} {two[1]}\r" + "nimm\r" + "nimm 5\r"
                               + "ablegen 14\r")
    shown = "\n".join(screens)
    assert "ein Satz besteht aus Karten eines Werts" in shown and "a set is cards of one value" not in shown
    assert "Ann muss jetzt Karten ausspielen, nicht 'nimm'" in shown and "not 'take'" not in shown
    # The words typed, not the notation they were read as ('take 5'): what the player wrote is what is wrong.
    assert "'nimm 5': nach 'nimm' kommt nichts mehr" in shown and "take" not in shown
    # The rulebooks lay cards out with "ablegen": a play, not a discard.
    assert "'14' ist keine Karte" in shown and "abwerfen" not in shown


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_setup_question_leaves_room_for_its_answer_at_80_columns(lang: str) -> None:
    """A prompt that fills the line makes the terminal wrap the answer in mid-word."""
    from abluxxen.store.save_document import MAX_NAME
    from abluxxen.tui.seating import guided_setup

    tr = Tr(lang)
    longest = "W" * MAX_NAME
    # The variant as the longest of its names (für Fortgeschrittene), the question whose answers are longest.
    answers = iter(["3", longest, "bot:" + tr("level.normal"), longest[:-1] + "V",
                    max(("advanced", "expert", "für Fortgeschrittene", "für Experten"), key=len), ""])
    asked: list[tuple[str, str]] = []

    def ask(prompt: str) -> str:
        asked.append((prompt, next(answers)))
        return asked[-1][1]

    guided_setup(ask, lambda line: None, tr)
    assert len(asked) == 6
    for prompt, answer in asked:
        assert len(prompt) + len(answer) < 80, prompt + answer
    assert len(tr("setup_intro")) <= 80
