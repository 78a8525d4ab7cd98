"""`--lang` anywhere on the command line, for every command, and every refusal of a command in its language."""

from __future__ import annotations

import ast
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest

from abluxxen.bots.review import Decision
from abluxxen.cli import main
from abluxxen.cli.main import SUBCOMMANDS, _parser
from abluxxen.engine.match import Match
from abluxxen.engine.rules import Rules
from abluxxen.i18n.catalog import install, lang_of
from abluxxen.i18n.saves import SAVE_REFUSALS_DE
from abluxxen.i18n.tr import Tr
from abluxxen.store import save_document, save_lock, saves
from abluxxen.store.save_document import Saved, Seat
from abluxxen.tui.pages import replay_line
from abluxxen.tui.review import decision_lines, verdict

# An option (or argument) of each command that takes no value: --lang may follow it.
AFTER = {"play": ["--no-duel"], "host": ["--serve"], "resume": ["--list"], "rules": ["joker"], "stats": ["--json"],
         "simulate": ["--json"], "review": ["--json"], "bench": ["--json"], "learn": ["--list"],
         "club": ["--port", "0"]}  # the club's options all take a value
# English words that give a refusal away as untranslated (checked with the paths taken out).
GIVEAWAYS = re.compile(r"\b(error|needed|seated|choose|damaged|cannot|unknown|save|seat|must|not|the|is|are|"
                       r"valid|format|players|games|wins|rate|score|decision|engine|speed|runs)\b")


@pytest.fixture(autouse=True)
def _english_afterwards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """An English environment (so that German comes from --lang alone), a data folder of the test's own,
    and argparse's words English again for the tests that follow."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(tmp_path / "data"))
    yield
    install("en")


def test_every_command_is_covered() -> None:
    assert set(AFTER) == set(SUBCOMMANDS)


def _positions(command: str) -> list[list[str]]:
    return [["--lang", "de", command], ["--lang=de", command], [command, "--lang", "de"], [command, "--lang=de"],
            [command, *AFTER[command], "--lang", "de"], ["--lang", "de", command, *AFTER[command]],
            ["--lang", "en", command, "--lang", "de"]]


@pytest.mark.parametrize("command", list(SUBCOMMANDS))
@pytest.mark.parametrize("position", range(7))
def test_lang_is_taken_anywhere_on_the_command_line(command: str, position: int) -> None:
    argv = _positions(command)[position]
    install(lang_of(argv))
    args = _parser(command).parse_args(argv)
    assert args.command == command
    assert args.lang == "de" and lang_of(argv) == "de", argv  # the help's language and the command's agree


@pytest.mark.parametrize("command", ["", *SUBCOMMANDS])
def test_help_follows_lang_before_the_command(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    for lang, start in (("de", "Aufruf: abluxxen"), ("en", "usage: abluxxen")):
        with pytest.raises(SystemExit) as done:
            main(["--lang", lang, *([command] if command else []), "--help"])
        out = capsys.readouterr().out
        assert done.value.code == 0 and out.startswith(f"{start} {command}".rstrip()), out[:200]


def test_rules_and_learn_speak_the_language_given_before_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", "rules", "joker"]) == 0
    assert "Allein gespielt" in capsys.readouterr().out
    assert main(["--lang", "de", "learn", "--list"]) == 0
    out = capsys.readouterr().out
    assert "Lektionen" in out and "lessons" not in out


def test_an_unknown_command_is_refused_in_the_usages_words(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bogus", "--lang", "de"])
    err = capsys.readouterr().err
    assert "Argument BEFEHL: ungültige Wahl: 'bogus'" in err and "COMMAND" not in err


def _files(tmp_path: Path) -> dict[str, Path]:
    files = {"json": tmp_path / "bad.json", "format": tmp_path / "other.json", "empty": tmp_path / "empty.json",
             "folder": tmp_path}
    files["json"].write_text("{bad")
    files["format"].write_text('{"format": "something-else"}')
    files["empty"].write_text("")
    return files


REFUSED = [
    (["play", "--lang", "de", "--players", "Ann"], "2 bis 5 Plätze"),
    (["--lang", "de", "play", "--players", "Ann,ann"], "zweimal"),
    (["play", "--players", "Ann,bot:genius", "--lang=de"], "Platz 2: Bot leicht, mittel oder schwer, nicht 'genius'"),
    (["play", "--players", "Ann,Ben", "--first", "Zed", "--lang", "de"], "kein Platz heißt 'Zed' (oder gib zufall an)"),
    (["play", "--variant", "foo", "--lang", "de"], "grundspiel, fortgeschrittene, experten"),
    (["host", "--lang", "de", "--players", "Ann"], "2 bis 5 Plätze"),
    (["host", "--players", "Ann,Ben", "--first", "Zed", "--lang", "de"], "kein Platz heißt 'Zed'"),
    (["host", "--players", "bot,bot", "--lang", "de"], "mindestens einen Menschen"),
    (["host", "--players", "Ann,Ben", "--code", " - ", "--lang", "de"], "Einladungscode"),
    (["--lang", "de", "host", "--resume"], "keine gehostete Partie"),
    (["resume", "{json}", "--lang", "de"], "bad.json lässt sich nicht fortsetzen: beschädigter Spielstand"),
    (["resume", "{format}", "--lang", "de"], "unbekanntes Format"),
    (["resume", "{empty}", "--lang", "de"], "die Datei ist leer"),
    (["resume", "{folder}", "--lang", "de"], "Ordner"),
    (["resume", "{folder}/none.json", "--lang", "de"], "Datei oder Ordner fehlt"),
    (["review", "{json}", "--lang", "de"], "beschädigter Spielstand"),
    (["simulate", "--seats", "easy,genius", "--lang", "de"], "Bot leicht, mittel oder schwer, nicht 'genius'"),
    (["bench", "--players", "7", "--lang", "de"], "Spielerzahlen"),
]


@pytest.mark.parametrize("argv, german", REFUSED, ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_every_refusal_in_german_mode_is_german(argv: list[str], german: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    files = _files(tmp_path)
    argv = [arg.format(**files) for arg in argv]
    try:
        status = main(argv)
    except SystemExit as done:
        status = int(str(done.code))
    captured = capsys.readouterr()
    said = (captured.err + captured.out).replace(str(tmp_path), "FOLDER")
    prose = re.sub(r"--[\w-]+", "", said)  # option names are the same in both languages
    assert status in (1, 2) and said.strip(), said
    assert german.format(**{k: "FOLDER/" + p.name if p != tmp_path else "FOLDER" for k, p in files.items()}) in said
    assert not GIVEAWAYS.search(prose), f"English in German: {GIVEAWAYS.search(prose)!r} in {said!r}"
    assert "Fehler" in said or argv[0] in ("resume", "review", "simulate")


def test_every_reason_a_save_is_refused_has_its_german() -> None:
    keys = set()
    for module in (save_document, saves, save_lock):  # every module of the store that says why a file is no save
        path = Path(module.__file__ or "")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "SaveError":
                assert len(node.args) > 1, f"{path.name}:{node.lineno}: a SaveError without a key"
                key = node.args[1]
                assert isinstance(key, ast.Constant)
                keys.add(str(key.value))
    assert len(keys) > 15 and keys <= set(SAVE_REFUSALS_DE) and set(SAVE_REFUSALS_DE) - keys <= {"unreadable"}


def test_variant_and_tiebreak_take_either_languages_word_and_show_their_own(
        capsys: pytest.CaptureFixture[str]) -> None:
    for lang in ("de", "en"):
        install(lang)
        for word, variant in (("experten", "expert"), ("expert", "expert"), ("Experte", "expert"),
                              ("fortgeschrittene", "advanced"), ("Grundspiel", "base")):
            assert _parser("play").parse_args(["play", "--variant", word]).variant == variant
        for word, tiebreak in (("geteilt", "shared"), ("shared", "shared"), ("wenigste-karten", "fewest-hand")):
            assert _parser("play").parse_args(["play", "--tiebreak", word]).tiebreak == tiebreak
    for lang, shown, hidden in (("de", "grundspiel|fortgeschrittene|experten", "base"),
                                ("en", "base|advanced|expert", "grundspiel")):
        with pytest.raises(SystemExit):
            main(["play", "--help", "--lang", lang])
        out = capsys.readouterr().out
        assert shown in out and hidden not in out.split("\n\n")[0], out  # the usage lines
        assert ("wenigste-karten|geteilt" if lang == "de" else "fewest-hand|shared") in out
        assert "{base" not in out and "{fewest" not in out


def test_a_german_review_shows_the_moves_in_german() -> None:
    decision = Decision(index=3, turn=2, seat=0, played="play 9 9 9 9", hint="play 12 X", best="play 12 X",
                        loss=4.0, noise=0.8, deals=8)
    for text in (verdict(decision, Tr("de")), *decision_lines([decision], Tr("de"))):
        assert "play" not in text
    assert "spiele 9 9 9 9" in verdict(decision, Tr("de")) and "spiele 12 X" in verdict(decision, Tr("de"))
    assert "play 9 9 9 9" in verdict(decision, Tr("en"))


def test_the_replay_line_keeps_the_language_and_the_rules() -> None:
    seats = [Seat("Ann"), Seat("Ada", "hard")]
    match = Match(Rules(2, "expert", duel=False, tiebreak="shared"), games=2, seed=4321, names=["Ann", "Ada"])
    saved = Saved(match=match, seats=seats, lang="de")
    line = replay_line(saved, Tr("de"), shown=True)
    command = line.split("\n", 1)[1].replace("\\\n", " ")
    assert "--lang de" in command and "--variant experten" in command and "--tiebreak geteilt" in command
    words = shlex.split(command)
    assert words[:2] == ["abluxxen", "play"]
    install(lang_of(words[1:]))
    args = _parser("play").parse_args(words[1:])
    assert (args.lang, args.variant, args.tiebreak, args.no_duel, args.match) == ("de", "expert", "shared", True, 2)
    assert args.players == "Ann,bot:schwer"


def test_simulate_and_bench_print_their_results_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seats", "easy,easy", "--games", "1", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Siege" in out and "leicht" in out and not GIVEAWAYS.search(out), out
    assert main(["bench", "--games", "1", "--repeat", "1", "--players", "2", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Spieler" in out and "Partien/s" in out and not GIVEAWAYS.search(out), out


def test_german_figures_are_written_the_german_way(capsys: pytest.CaptureFixture[str]) -> None:
    # 66,7 % and 1.821 Partien/s: a German reader takes 1,821 for one and eight tenths.
    assert main(["simulate", "--seats", "easy,easy", "--games", "3", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\d+,\d\u202f% \(\d+,\d–\d+,\d\)", out) and "Grundspiel" in out, out
    assert not re.search(r"\d\.\d", out), out
    assert main(["bench", "--games", "1", "--repeat", "1", "--players", "2", "--lang", "de"]) == 0
    row = capsys.readouterr().out.splitlines()[-1]
    assert row.startswith("2 im Duell ") and re.search(r" \d{1,3}\.\d{3} ", row) and not re.search(r"\d,\d{3}\b", row)
    assert re.search(r"\d,\dx", row), row


def test_a_broken_host_key_is_told_in_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "data").mkdir(exist_ok=True)
    (tmp_path / "data" / "host_key").write_text("no key at all\n")
    assert main(["host", "--players", "Ann,Ben", "--lang", "de"]) == 2
    said = capsys.readouterr().err
    assert "Host-Schlüssel" in said and "verschiebe" in said and not GIVEAWAYS.search(said), said


@pytest.mark.parametrize("args, german", [
    (["--code", "\x01"], "Einladungscode"),
    (["--admins", "Ann!"], "kann kein Kontoname sein"),
])
def test_the_club_refuses_to_open_in_german(args: list[str], german: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["club", "--port", "0", "--lang", "de", *args]) == 2
    said = capsys.readouterr().err
    assert said.startswith("abluxxen club: Fehler: ") and german in said and not GIVEAWAYS.search(said), said
