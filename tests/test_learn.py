"""`abluxxen learn`: the lesson data, the course at a (pipe) terminal, progress and the first-run offer."""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from glossary import GERMAN, PROGRAM_GERMAN
from helpers import Keys
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.cells import cell_len

from abluxxen.bots import hint
from abluxxen.cli.main import main
from abluxxen.engine.cards import JOKER, parse_token, token
from abluxxen.engine.game import Game
from abluxxen.engine.match import Match
from abluxxen.engine.moves import IllegalMove
from abluxxen.engine.rules import Rules
from abluxxen.i18n.tr import Tr
from abluxxen.store.progress import has_played, progress_path, read_progress, write_progress
from abluxxen.store.records import record_finished
from abluxxen.store.records_db import records_path
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import scan_saves, write_save
from abluxxen.tui.commands import read_command
from abluxxen.tui.learn import course
from abluxxen.tui.learn.course import PANEL_TEXT, Course, LessonRoom, LessonScreen, answer_line, typed_form, words
from abluxxen.tui.learn.lessons import LESSONS, PLAYER, Claims, Facts, Position, Step
from abluxxen.tui.learn.positions import build
from abluxxen.tui.learn.walk import Walk
from abluxxen.tui.notation import read_typed
from abluxxen.tui.prompt import make_session
from abluxxen.tui.terminal import Terminal

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENGLISH = re.compile(r"\b(the|you|your|and|is|must|draws|plays|takes|leaves|hint|with|card|cards)\b")


def _steps() -> list[tuple[int, int, Step]]:
    return [(n, i, step) for n, lesson in enumerate(LESSONS, 1) for i, step in enumerate(lesson.steps)]


def _walk_to(number: int, index: int) -> Walk:
    """The lesson's game at step ``index``, the learner to decide (earlier steps answered)."""
    walk = Walk(LESSONS[number - 1], number)
    for i in range(index + 1):
        walk.start(i)
        for _ in walk.others(after=False):
            pass
        if i < index:
            walk.push(walk.answer() or walk.view().legal_moves()[0], PLAYER)
            for _ in walk.others(after=True):
                pass
    return walk


def _typed_wrong(walk: Walk, text: str) -> str:
    """The key of a step's ``why`` that a wrong input meets: the move, or the engine's refusal key."""
    try:
        return read_typed(text, walk.view())
    except IllegalMove as err:
        return err.key


# -- the data ------------------------------------------------------------------------------


def test_every_position_loads_and_every_expected_move_is_legal_with_the_bots_replies_used() -> None:
    for number, index, step in _steps():
        walk = _walk_to(number, index)
        where = f"lesson {number} step {index + 1}"
        view = walk.view()
        assert view.to_move == PLAYER and not view.over, where
        legal = view.legal_moves()
        assert len(legal) > 1, f"{where}: a forced move is no task"
        assert all(m in legal for m in step.moves), f"{where}: {step.moves} not all in {legal}"
        if step.hits is not None:
            assert walk.answer() is not None, f"{where}: no play hits {step.hits}"
        for key in step.why:
            if key in legal:
                assert not walk.accepts(key), f"{where}: {key} is explained as wrong but solves the task"
        walk.push(walk.answer() or legal[0], PLAYER)
        for _ in walk.others(after=True):
            pass
        assert not walk.script, f"{where}: replies left unused: {walk.script}"
    for number, lesson in enumerate(LESSONS, 1):
        assert lesson.steps or lesson.coach, number
        assert not lesson.steps or lesson.steps[0].position is not None, number


def test_every_position_is_one_the_rules_can_reach() -> None:
    """Hands and displays hold at least the cards dealt, so the deck is no bigger than after the deal."""
    for number, index, step in _steps():
        if step.position is None:
            continue
        game = build(step.position)
        players = game.rules.players
        held = sum(game.hand_sizes()) + sum(len(layer) for d in game.view(0).displays for layer in d)
        assert held >= 13 * players, (number, index)
        shadow = 13 if game.rules.is_duel else 0
        assert len(game.deck) <= 109 - 13 * players - 6 - shadow, (number, index)


def test_a_position_that_holds_too_few_cards_and_no_display_is_refused() -> None:
    with pytest.raises(ValueError, match="fewer than the 39 dealt"):
        build(Position(hands=("1 2", "3 4", "5 6"), pool="7 8 9 10 11 12"))


def test_english_and_german_have_the_same_steps_and_the_same_numbers() -> None:
    texts = []
    for lesson in LESSONS:
        texts += [lesson.title, lesson.intro]
        for step in lesson.steps:
            texts += [step.text, *step.why.values()]
            texts += [t for t in (step.other, step.done) if t is not None]
    for english, german in texts:
        assert english.strip() and german.strip()
        assert english.count("\n\n") == german.count("\n\n"), english
        assert sorted(re.findall(r"\d+", english)) == sorted(re.findall(r"\d+", german)), (english, german)
        assert not ENGLISH.search(german), german


# The glossary's rejected German forms: what a German lesson text must never say, and why.
REJECTED_GERMAN = {
    **GERMAN, **PROGRAM_GERMAN,  # tests/glossary.py: what no German text of the game says
    # "abluxxen" is separable like "abwerfen": in a main clause "luxxt … ab"; "abluxxt" only closes a clause.
    r"\b[Aa]bluxx(?:t|e|st)\b(?!\s*(?:[,.;:!?)—]|$))": "abluxxt/abluxxe in a main clause (luxxt … ab)",
    r"\bZ[uü]ge?n?\b[^.:]*\b(?:zwei Karten|nachzieh|entf[aä]ll)|\ballen Zügen\b|\bEin Zug, ": "Zug for a draw",
    r"tippe [tbd]\b|\([tbd]\)": "an English shortcut (n, l, z, a, p in German)",
    r"\b(?:advanced|expert|base)\b": "a variant named otherwise than the glossary",
    r"\b(?:das|ein|im|dem|des|eines|erstes) Spiels?\b|Spielende|-Spiel\b": "Spiel for one game (Partie)",
    r"trifft deinen|\bein starker Satz\b|werden Bens oberste": "grammar or wording the glossary fixes",
}


def _german_texts() -> list[str]:
    texts = []
    for lesson in LESSONS:
        texts += [lesson.title[1], lesson.intro[1]]
        for step in lesson.steps:
            texts += [step.text[1], *(w[1] for w in step.why.values())]
            texts += [t[1] for t in (step.other, step.done) if t is not None]
    return texts


def test_german_lesson_texts_hold_none_of_the_glossarys_rejected_forms() -> None:
    found = [(why, match.group(0), text[:60]) for text in _german_texts()
             for pattern, why in REJECTED_GERMAN.items() for match in re.finditer(pattern, text)]
    assert not found, found


def test_the_rejected_forms_are_caught_where_the_issue_found_them() -> None:
    """Each pattern catches the wrong form it was written for, and passes the right one."""
    wrong = ["Eine andere Kartenanzahl abluxxt nie.", "Abluxxe Cys vier 5er.", "Er abluxxt jede Lage.",
             "Der Vorrat wird nach allen Zügen aufgefüllt.", "Ein Zug, zwei Karten.", "Vorrat-Gruppen",
             "leert Stapel und Vorrat", "Nimm sie: tippe t.", "Dieses Spiel ist Fortgeschritten.",
             "Experte (expert): wie advanced", "Taktik: Bank, Köder, Endspiel", "Spielende", "ein starker Satz",
             "Spiel 4 4: Sie luxxen niemanden ab.", "Eine 1 ist eine Karte: Ihre Lagen haben zwei.",
             "Varianten: Fortgeschrittene und Experten", "der Trainer (der normale Bot)"]
    right = ["Wenn dein Satz eine Lage abluxxt, entscheidest du.", "Luxx Cys vier 5er ab.",
             "Nimm sie: tippe n.", "Variante für Fortgeschrittene", "Kleinvieh, Lockvogel, Endspurt",
             "vom Nachziehstapel auf den Ablagestapel", "Die Partie endet.", "mit einem Zug ab",
             "Spiel 4 4: Damit luxxt du niemanden ab.", "Spiel die 12. Sie kommt als neue Lage auf deine 7er.",
             "Die Varianten für Fortgeschrittene und Experten", "der Trainer (der mittlere Bot)"]
    for text in wrong:
        assert any(re.search(p, text) for p in REJECTED_GERMAN), text
    for text in right:
        assert not any(re.search(p, text) for p in REJECTED_GERMAN), text


def test_every_lesson_but_the_game_has_a_wrong_input_with_its_own_explanation() -> None:
    for number, lesson in enumerate(LESSONS, 1):
        if lesson.coach:
            continue
        tried = [(i, s) for i, s in enumerate(lesson.steps) if s.wrong]
        assert tried, f"lesson {number} refuses nothing of its own"
        for index, step in tried:
            assert _typed_wrong(_walk_to(number, index), step.wrong) in step.why, (number, index)


def test_a_wrong_move_gets_the_lessons_words_and_a_refusal_the_engines_reason_too() -> None:
    tr = Tr("de")
    with _lesson_screen(tr, 1) as screen:
        walk = screen.lesson_room.walk
        walk.start(0)
        refused = read_move_error(walk, "7 12")
        said = screen.refused(refused)
        assert said.startswith("✗ ein Satz besteht aus Karten eines Werts")
        assert "Ein Satz hat EINEN Wert" in said
        assert screen.complaint("play 7 7", walk.view()).startswith("✗ Erlaubt, auch das ist ein Satz")
        assert screen.complaint("play 7 7 7", walk.view()) == ""
        assert answer_line(walk, walk.view(), tr) == "Lösung: spiele 7 7 7 — tippe 777"


def read_move_error(walk: Walk, text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        read_typed(text, walk.view())
    return caught.value


def test_every_lesson_screen_fits_80_by_23_with_the_longest_message() -> None:
    for lang in ("en", "de"):
        tr = Tr(lang)
        for number, index, step in _steps():
            with _lesson_screen(tr, number, _walk_to(number, index)) as screen:
                walk = screen.lesson_room.walk
                text = words(step.text, tr)
                screen.set_step(text, index)
                assert len(course._wrapped(text, "", 80)) <= PANEL_TEXT, f"{lang} {number}.{index + 1}: {text}"
                # However long the lesson's title, the step counter stays whole in its header.
                counter = tr("learn_step", n=index + 1, total=len(LESSONS[number - 1].steps))
                assert counter in screen.panel[0].plain and cell_len(screen.panel[0].plain) <= 80
                if step.done is not None:
                    assert len(course._wrapped("✓ " + words(step.done, tr), "", 80)) <= PANEL_TEXT, step.done
                legal = walk.view().legal_moves()
                complaints = [screen.complaint(m, walk.view()) for m in legal if not walk.accepts(m)]
                refusals = [tr("bad_move", reason="a set is cards of one value (jokers may join): 7 and 12 differ")
                            + "\n" + words(w, tr) for w in step.why.values()]
                messages = [""] + [max(found, key=len) for found in (complaints, refusals) if found]
                for message in messages:
                    screen.message = message
                    lines = screen.picture().split("\n")
                    assert len(lines) <= 22, f"{lang} {number}.{index + 1}: {len(lines)} lines"
                    assert max(cell_len(line) for line in lines) <= 80
                    assert lines[-1].startswith("Ann ›")  # the question is still there
                    shown = "\n".join(lines)
                    for part in message.split("\n"):
                        assert part[:30] in shown.replace("\n", " "), f"{lang} {number}.{index + 1}: {part}"


def test_a_title_too_long_for_the_header_gives_way_to_the_step_counter() -> None:
    line = course._title("Lektion 3 von 11: " + "ein sehr langer Titel " * 4, 80, step="Schritt 1 von 2").plain
    assert line.endswith("… · Schritt 1 von 2 ") and cell_len(line) == 80 and line.startswith("── Lektion 3")


@contextmanager
def _lesson_screen(tr: Tr, number: int, walk: Walk | None = None) -> Iterator[LessonScreen]:
    """Lesson ``number``'s screen at 80×23 (at ``walk``'s step), without a terminal."""
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        room = LessonRoom(walk or Walk(LESSONS[number - 1], number), delay=0.0)
        screen = LessonScreen(room, number, lang=tr.lang, colours=None)
        screen.fixed_size = (80, 23)
        screen.sit()
        yield screen


# -- the whole course at a terminal ------------------------------------------------------------


def course_script(lang: str) -> list[tuple[str, str]]:
    """What the learner sees and types through all eleven lessons: (text to wait for, keys).

    Every lesson tries its wrong input first; lesson 11 follows the coach.
    """
    tr = Tr(lang)
    pairs = [(tr("learn_next_is", n=1).split("·")[0].strip(), "\r")]
    for number, lesson in enumerate(LESSONS, 1):
        pairs.append((tr("learn_start").split("·")[0].strip(), "\r"))
        walk = Walk(lesson, number)
        if lesson.coach:
            while True:
                for _ in walk.others(after=False):
                    pass
                if walk.game.is_over:
                    break
                move, _ = hint(walk.view())
                seen = tr("tab_completes").strip()  # the moves under the prompt: Ann's turn, not the bots'
                if pairs[-1][0] != seen:  # the game's own refusal, once
                    pairs.append((seen, "zz\r"))
                    seen = tr("unread.unknown", word="'zz'", moves="", commands="")[:20]
                pairs.append((seen, typed_form(move, walk.view()) + "\r"))
                walk.push(move, PLAYER)
            pairs.append((tr("learn_done_last", n=number).split("—")[0].strip(), "\r"))
            continue
        for index, step in enumerate(lesson.steps):
            walk.start(index)
            for _ in walk.others(after=False):
                pass
            first = course._wrapped(words(step.text, tr), "", 80)[0].plain[:30]
            answer = walk.answer() or walk.view().legal_moves()[0]
            if step.wrong:
                pairs.append((first, step.wrong + "\r"))
                first = words(step.why[_typed_wrong(walk, step.wrong)], tr)[:30]
            pairs.append((first, typed_form(answer, walk.view()) + "\r"))
            walk.push(answer, PLAYER)
            for _ in walk.others(after=True):
                pass
            if index + 1 < len(lesson.steps) and (step.done is not None or walk.fresh_next()):
                # What the move did stays in sight before the next step (a new deal may follow).
                pairs.append((tr("learn_go_on").split("·")[0].strip(), "\r"))
        pairs.append((tr("learn_done", n=number, next=number + 1).split(".")[0].strip(), "\r"))
    return pairs


def _course_in_pipe(tmp_path: Path, lang: str, keys: str, first: int = 1) -> tuple[int, list[str]]:
    """The course from lesson ``first`` while ``keys`` are typed, a line answering each question in turn;
    its exit status and every screen it showed."""
    typed = Keys(keys)
    the_course = Course(Tr(lang), delay=0.0, done=set(), path=progress_path(tmp_path), colours=None)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        status = asyncio.run(the_course.run(first, show_list=first == 1, lines=typed))
    return status, typed.pictures


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_whole_course_in_one_go_every_screen_fitting_80_by_23(tmp_path: Path, lang: str) -> None:
    script = course_script(lang)
    status, screens = _course_in_pipe(tmp_path, lang, "".join(keys for _, keys in script))
    assert status == 0
    assert read_progress(progress_path(tmp_path), len(LESSONS)) == set(range(1, len(LESSONS) + 1))
    for screen in screens:
        lines = screen.rstrip("\n").split("\n")
        assert len(lines) <= 22, f"{len(lines)} lines:\n{screen}"
        assert max(cell_len(line) for line in lines) <= 80, screen
    shown = " ".join(" ".join(s.split()) for s in screens)
    prompts = ("Enter", "Ann ›", "✓", "Tab ▸")  # questions and the moves under them go to the prompt's own output
    for seen, _ in script:
        assert seen.startswith(prompts) or " ".join(seen.split()) in shown, seen
    tr = Tr(lang)
    assert tr("end_title", n=1) in shown  # the coached game ends on the score table


def test_every_step_that_waits_for_enter_says_what_its_move_did() -> None:
    """Where the course waits for Enter after a step (the next one deals anew, or the lesson ends), its ✓ line
    says what the move did, in both languages: no step ends on an empty panel."""
    for number, lesson in enumerate(LESSONS, 1):
        for index, step in enumerate(lesson.steps):
            walk = Walk(lesson, number)
            walk.index = index
            if walk.fresh_next():
                assert step.done is not None and all(step.done), f"lesson {number} step {index + 1}"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_drawing_the_pools_joker_in_lesson_6_ends_with_its_explanation(tmp_path: Path, lang: str) -> None:
    step = LESSONS[5].steps[1]
    assert step.done is not None
    status, screens = _course_in_pipe(tmp_path, lang, "\r13\rx\r", first=6)  # start, the 13, the pool's joker
    shown = " ".join(screens[-1].split())
    assert "✓ " + " ".join(words(step.done, Tr(lang)).split()) in shown, screens[-1]
    assert screens[-1].rstrip().endswith(Tr(lang)("learn_go_on").rstrip())


def test_skip_moves_on_without_marking_the_lesson_done_and_hint_tells_the_answer(tmp_path: Path) -> None:
    status, screens = _course_in_pipe(tmp_path, "en", "\r\rhint\rskip\r\rq\r")
    assert status == 0
    joined = "\n".join(screens)
    assert "Answer: play 7 7 7 — type 777" in joined
    assert "Lesson 2 of 11: Abluxx" in screens[-1]
    assert not progress_path(tmp_path).exists()


def test_undo_in_a_lesson_says_why_not_and_changes_nothing(tmp_path: Path) -> None:
    status, screens = _course_in_pipe(tmp_path, "en", "\r\r777\rundo\rq\r", first=1)
    assert status == 0
    after_undo = next(s for s in screens if "No undo in the course" in s)
    assert "[7 7 7]" in after_undo and "step 2 of 3" in after_undo


def test_skipping_the_coached_game_ends_the_course_without_marking_it(tmp_path: Path) -> None:
    status, screens = _course_in_pipe(tmp_path, "en", "\rskip\r\r", first=11)
    assert status == 0
    assert "Coach: " in screens[-1] and "Game 1 over" not in screens[-1]
    assert not progress_path(tmp_path).exists()


def test_skip_works_only_in_the_course() -> None:
    from abluxxen.tui.commands import works

    command = read_command("überspringen")
    assert command is not None and command.name == "skip"
    assert works("skip", frozenset({"seat", "lesson"})) and not works("skip", frozenset({"seat"}))


# -- the command line, progress ----------------------------------------------------------------


def test_list_shows_the_lessons_with_what_is_done_in_german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(tmp_path))
    write_progress(progress_path(tmp_path), {1, 3})
    assert main(["learn", "--list", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Abluxxen-Kurs" in out
    assert re.search(r"✓\s+1\s+Dein Zug", out) and re.search(r"✓\s+3\s+Der Angreifer", out)
    assert re.search(r"^\s+2\s+Abluxxen: gleiche", out, re.MULTILINE)
    assert "abluxxen learn N" in out


@pytest.mark.parametrize("word", ["12", "0", "x", "-3"])
def test_a_bad_lesson_number_is_one_line_and_status_2(word: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["learn", "--", word] if word.startswith("-") else ["learn", word])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "lesson" in err


def test_the_help_and_the_list_of_commands_name_the_course(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "abluxxen learn" in out and "11 short lessons" in out


def test_all_lessons_done_says_so_and_starts_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(tmp_path))
    write_progress(progress_path(tmp_path), set(range(1, len(LESSONS) + 1)))
    assert main(["learn"]) == 0
    assert "All lessons are done" in capsys.readouterr().out


@pytest.mark.parametrize("content", [
    b"", b"{", b"\xff\xfe", b"[]", b'{"format": "abluxxen-learn/1"}',
    b'{"format": "abluxxen-learn/1", "done": [1, 99]}', b'{"format": "abluxxen-learn/1", "done": [true]}',
    b'{"format": "abluxxen-learn/1", "done": "1"}', b'{"format": "other", "done": [1]}',
    b"[" * 100_000, b'{"format": "abluxxen-learn/1", "done": [1e400]}',
], ids=["empty", "cut", "binary", "list", "no-done", "out-of-range", "bool", "string", "format", "deep", "huge-number"])
def test_a_damaged_progress_file_is_no_progress_and_one_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], content: bytes) -> None:
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(tmp_path))
    path = progress_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert main(["learn", "--list"]) == 0
    captured = capsys.readouterr()
    assert len(captured.err.strip().splitlines()) == 1 and "cannot be read" in captured.err
    assert captured.err.startswith("abluxxen: ")  # named, as every line on standard error
    assert "✓" not in captured.out


def test_a_progress_path_that_is_a_folder_or_unwritable_never_crashes(tmp_path: Path) -> None:
    path = progress_path(tmp_path)
    path.mkdir(parents=True)
    with pytest.raises(ValueError):
        read_progress(path, len(LESSONS))
    blocked = tmp_path / "file"
    blocked.write_text("x")
    the_course = Course(Tr("en"), delay=0.0, done=set(), path=blocked / "learn" / "progress.json")
    the_course._mark(3)
    assert the_course.warning.startswith("The course progress could not be saved")


def test_progress_is_written_atomically_and_read_back(tmp_path: Path) -> None:
    path = progress_path(tmp_path)
    write_progress(path, {2, 5})
    assert json.loads(path.read_text()) == {"format": "abluxxen-learn/1", "done": [2, 5]}
    assert read_progress(path, len(LESSONS)) == {2, 5}
    assert [p.name for p in path.parent.iterdir()] == ["progress.json"]


# -- the first-run offer -------------------------------------------------------------------------


def _finished_save(folder: Path, finished: bool) -> None:
    match = Match(Rules(3), games=1, seed=1, names=["Ann", "Ben", "Cy"])
    if finished:
        while not match.game.is_over:
            match.game.push(match.game.legal_moves()[0])
        match.record()
    saved = Saved(match=match, seats=[Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")], finished=finished)
    write_save(folder / f"game-{finished}.json", saved)


def test_has_played_knows_a_finished_game_or_the_course(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    assert not has_played(saves, tmp_path)
    _finished_save(saves, False)
    (saves / "junk.json").write_text("{")
    assert not has_played(saves, tmp_path)
    _finished_save(saves, True)
    assert has_played(saves, tmp_path)
    other = tmp_path / "fresh"
    write_progress(progress_path(other), set())
    assert has_played(other / "no-saves", other)


def test_a_recorded_game_is_played_though_its_save_is_gone(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    _finished_save(saves, True)
    (done,) = [s for s in scan_saves(saves) if s.saved is not None]
    assert done.saved is not None
    record_finished(done.saved, seed_shown=True, directory=tmp_path)
    done.path.unlink()
    assert has_played(saves, tmp_path)
    records_path(tmp_path).write_bytes(b"not a database")
    assert has_played(saves, tmp_path), "a damaged records file still means games were played"


@pytest.mark.parametrize("played", [False, True])
def test_the_setup_offers_the_course_only_to_a_newcomer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       played: bool) -> None:
    from abluxxen.tui import play

    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(tmp_path))
    if played:
        _finished_save(tmp_path, True)
    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.close()  # no answers: the setup is left at its first question
        monkeypatch.setattr(play, "Terminal", lambda: Terminal(file=out, size=(80, 23), terminal=True))
        monkeypatch.setattr(play, "make_session", lambda: make_session(input=pipe, output=DummyOutput()))
        monkeypatch.setattr(play, "plain_lines", lambda terminal: None)  # at a terminal, whatever pytest's stdin
        args = argparse.Namespace(lang="en", delay=0, save_dir=None, variant=None, no_duel=False, players=None,
                                  first=None, tiebreak="fewest-hand", match=1, seed=None, setup=True)
        play.run(args)
    shown = ANSI.sub("", out.getvalue())
    assert ("New to Abluxxen? `abluxxen learn` teaches it in 10 minutes." in shown) is (not played)


def _claimed() -> list[tuple[int, int, str | None]]:
    """Every step's claims (move ``None``: the moves that solve it) and every why's claims (its move)."""
    found: list[tuple[int, int, str | None]] = []
    for number, index, step in _steps():
        if step.claims is not None:
            found.append((number, index, None))
        found += [(number, index, move) for move in step.why_claims]
    return found


def test_every_step_and_every_why_of_a_legal_move_has_its_facts_checked() -> None:
    """Every step's texts say something of the position (the cards, a score, who is hit) and every why
    explains a legal move by what it does: none is left unchecked by the engine."""
    for number, index, step in _steps():
        where = f"lesson {number} step {index + 1}"
        assert step.claims is not None, f"{where} states facts no test checks"
        legal = _walk_to(number, index).view().legal_moves()
        unchecked = [key for key in step.why if key in legal and key not in step.why_claims]
        assert not unchecked, f"{where}: the why of {unchecked} is not checked"
        assert all(key in step.why for key in step.why_claims), where


def _table(game: Game) -> dict[str, Any]:
    """The table as :class:`Facts` describes it."""
    view = game.view(PLAYER)
    hands = [game.view(seat).hand for seat in range(game.players)]
    outcome = game.outcome()
    return {
        "phase": view.phase.text, "to_move": view.to_move, "legal": tuple(sorted(game.legal_moves())),
        "scores": dict(enumerate(view.scores())), "in_hand": dict(enumerate(view.hand_sizes)),
        "in_display": {seat: sum(len(layer) for layer in d) for seat, d in enumerate(view.displays)},
        "hand": {seat: Counter(hand) for seat, hand in enumerate(hands)},
        "sets": {value: view.hand.count(value) + view.hand.count(JOKER) for value in range(1, 14)},
        "layers": {seat: [_cards(layer) for layer in d] for seat, d in enumerate(view.displays)},
        "pool": len(view.pool), "in_pool": Counter(_cards(slot).replace(" ", "+") for slot in view.pool),
        "deck": view.deck_size, "in_discard": Counter(view.discard), "shadow": _cards(view.shadow),
        "shadow_size": len(view.shadow),
        "draws_left": view.draws_left, "over": view.over,
        "winners": None if outcome is None else outcome.winners,
    }


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(token(c) for c in sorted(cards))


def _parsed(cards: str) -> Counter[int]:
    return Counter(parse_token(c) for c in cards.split())


def _check_facts(game: Game, facts: Facts | None, when: str) -> None:
    if facts is None:
        return
    table = _table(game)
    for name in (f.name for f in fields(Facts)):
        said = getattr(facts, name)
        if said is None:
            continue
        seen = table[name]
        where = f"{when}: {name}"
        if name == "hand":
            for seat, cards in said.items():
                assert not _parsed(cards) - seen[seat], f"{where}: seat {seat} holds {seen[seat]}, not {cards}"
        elif name in ("in_pool", "in_discard"):
            wanted = Counter(said.split()) if name == "in_pool" else _parsed(said)
            assert not wanted - seen, f"{where}: {seen} lacks {said}"
        elif name == "layers":
            for seat, layers in said.items():
                assert seen[seat][-len(layers):] == [_cards(tuple(parse_token(c) for c in layer.split()))
                                                     for layer in layers], f"{where}: seat {seat} {seen[seat]}"
        elif name == "shadow":
            assert seen == _cards(tuple(parse_token(c) for c in said.split())), f"{where}: {seen}"
        elif name == "legal":
            assert seen == tuple(sorted(said)), f"{where}: {seen}"
        elif isinstance(said, Mapping):
            assert {k: seen[k] for k in said} == dict(said), f"{where}: {seen}"
        else:
            assert seen == said, f"{where}: {seen} (the text says {said})"


@pytest.mark.parametrize("number, index, move", _claimed())
def test_each_claim_of_a_step_holds_when_the_step_is_played(number: int, index: int, move: str | None) -> None:
    """Who is abluxxed, who draws how many, the points, the table before and after: as the texts say,
    for every move that solves the step, and for a why's move what its text says."""
    step = LESSONS[number - 1].steps[index]
    claims = step.why_claims[move] if move is not None else step.claims
    assert claims is not None
    probe = _walk_to(number, index)
    moves = [move] if move is not None else [m for m in probe.view().legal_moves() if probe.accepts(m)]
    assert moves, "a step that claims an outcome has a move that solves it"
    for played in moves:
        walk = _walk_to(number, index)
        if move is not None:
            walk.script = []  # the replies are written for the expected move: the others' bots answer this one
        _check_claims(walk, claims, played, f"lesson {number} step {index + 1}, {played}")


def _check_claims(walk: Walk, claims: Claims, move: str, where: str) -> None:
    game = walk.game
    view = walk.view()
    before, logged = game.scores(), len(walk.log)
    _check_facts(game, claims.before, f"{where}, before")
    if claims.victims is not None or claims.shadow is not None:
        victims = view.victims(move)
        assert claims.victims is None or victims.seats == claims.victims, f"{where}: abluxxes {victims}"
        assert claims.shadow is None or victims.shadow == claims.shadow, f"{where}: abluxxes {victims}"
    for play, (seats, shadow) in (claims.plays or {}).items():
        if play.startswith("any "):
            size = int(play.split()[1])
            found = [view.victims(m) for m in view.legal_moves() if m.startswith("play ")
                     and len(m.split()) == size + 1]
            assert found, f"{where}: no play of {size} cards"
            got = (tuple(sorted({s for v in found for s in v.seats})),
                   tuple(sorted({s for v in found for s in v.shadow})))
        else:
            assert play in view.legal_moves(), f"{where}: {play} is not legal"
            got = (view.victims(play).seats, view.victims(play).shadow)
        assert got == (seats, shadow), f"{where}: {play} abluxxes {got}"
    walk.push(move, PLAYER)
    _check_facts(game, claims.moved, f"{where}, right after")
    list(walk.others(after=True))
    events = walk.log[logged:]
    if claims.draws is not None:
        drawn = dict.fromkeys(claims.draws, 0)
        for event in events:
            if event.kind == "draw" and event.seat in drawn:
                drawn[event.seat] += len(event.cards)
        assert drawn == dict(claims.draws), f"{where}: drawn {drawn}"
    after = game.scores()
    if claims.points is not None:
        changes = {seat: after[seat] - before[seat] for seat in range(game.players)}
        assert changes == {seat: claims.points.get(seat, 0) for seat in changes}, f"{where}: points {changes}"
    _check_facts(game, claims.after, f"{where}, after")


def test_every_why_can_be_reached_a_legal_move_or_a_refusal_the_engine_gives() -> None:
    from abluxxen.engine.moves import KINDS
    from abluxxen.tui.learn.lessons import PLAYER
    from abluxxen.tui.learn.walk import Walk

    refusal_keys = {"mixed-values", "shadow-not-offered", "in-group", "not-held", "wrong-phase"}
    for number, lesson in enumerate(LESSONS, 1):
        walk = Walk(lesson, number)
        for index, step in enumerate(lesson.steps):
            walk.start(index)
            list(walk.others(after=False))
            legal = walk.view().legal_moves()
            for key in step.why:
                if key.split()[0] in KINDS:
                    assert key in legal, f"lesson {number} step {index + 1}: {key!r} is no legal move there"
                else:
                    assert key in refusal_keys, f"lesson {number} step {index + 1}: unknown refusal {key!r}"
            walk.push(walk.answer() or legal[0], PLAYER)
            list(walk.others(after=True))


# -- what the lessons' texts say of the rules ----------------------------------------------------


def _lesson_step(title: str, moves: tuple[str, ...]) -> tuple[int, int]:
    """Where a lesson (by its English title's start) has the step solved by ``moves``."""
    number = next(n for n, lesson in enumerate(LESSONS, 1) if lesson.title[0].startswith(title))
    index = next(i for i, step in enumerate(LESSONS[number - 1].steps) if step.moves == moves)
    return number, index


def _abluxxes_top(top: str, cards: str, variant: str) -> bool:
    """Whether Ben playing ``cards`` abluxxes Ann's top layer ``top``, in ``variant``."""
    game = build(Position(hands=("4 6", cards + " 7", "8 9"), displays=((top,), (), ()), turn=1, variant=variant))
    return 0 in game.view(1).victims("play " + " ".join(token(parse_token(c)) for c in cards.split())).seats


def _sets(size: int) -> list[str]:
    """Every set of ``size`` cards: each value alone, each value with one joker, jokers alone."""
    sets = [" ".join([str(v)] * size) for v in range(1, 14)]
    if size <= 5:  # the game has five jokers
        sets.append(" ".join(["X"] * size))
    if size > 1:
        sets += [" ".join([str(v)] * (size - 1) + ["X"]) for v in range(1, 14)]
    return sets


def test_lone_jokers_can_never_be_abluxxed_as_lesson_5_says() -> None:
    # "and from now on nobody can abluxx your X X": no set of any value, in the lesson's base game.
    number, index = _lesson_step("Jokers", ("play X X",))
    step = LESSONS[number - 1].steps[index]
    assert "nobody can abluxx your X X" in step.text[0]
    assert step.position is not None and step.position.variant == "base"
    hitting = [cards for cards in _sets(2) if _abluxxes_top("X X", cards, "base")]
    assert hitting == []


def test_only_exactly_five_higher_cards_abluxx_five_2s_as_lesson_8_says() -> None:
    number, index = _lesson_step("Tactics", ("play 2 2 2 2 2",))
    step = LESSONS[number - 1].steps[index]
    assert "Only exactly five higher cards" in step.text[0]
    for size in range(1, 8):
        for cards in _sets(size):
            if cards.split().count("2") + 5 > 8:
                continue  # more 2s than the game has
            value = parse_token(next((c for c in cards.split() if c != "X"), "X"))
            assert _abluxxes_top("2 2 2 2 2", cards, "base") == (size == 5 and value > 2), cards


@pytest.mark.parametrize("answer", [("back",), ("discard", "draw deck", "draw deck")])
def test_leaving_the_5s_costs_ben_4_points_whether_he_takes_them_back_or_discards(answer: tuple[str, ...]) -> None:
    # Lesson 3's done text: taken, "4 points less for him, as if you had left them" — left, back or discarded.
    number, index = _lesson_step("The attacker decides", ("take",))
    walk = _walk_to(number, index)
    before, logged = walk.game.scores()[1], len(walk.log)
    walk.script = list(answer)
    walk.push("leave", PLAYER)
    list(walk.others(after=True))
    assert walk.script == [] and answer[0] in {e.kind for e in walk.log[logged:]}
    assert walk.game.scores()[1] - before == -4


def test_a_position_set_up_mid_turn_tells_the_abluxx_its_answer_follows() -> None:
    # "Ann takes them" with nothing before it says nothing of what "them" are.
    from abluxxen.tui.narrate import narrate

    tr = Tr("en")
    found = 0
    for number, index, step in _steps():
        if step.position is None or not step.position.pending or step.position.pending["phase"] not in ("take",
                                                                                                      "back"):
            continue
        found += 1
        walk = _walk_to(number, index)
        victim = walk.view().names[walk.view().victim or 0]
        stake = tr.owned_words(walk.view().stake())
        walk.push(walk.answer() or walk.view().legal_moves()[0], PLAYER)
        list(walk.others(after=True))
        told = narrate(walk.log, PLAYER, walk.game.names, tr)
        assert told[0].startswith("A position set up for this step")
        answered = told[1]
        assert f"abluxxes {victim}'s {stake}" in answered.split(" — ")[1], (number, index, told)
    assert found >= 3
