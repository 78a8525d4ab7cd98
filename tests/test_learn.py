"""`abluxxen learn`: the lesson data, the course at a (pipe) terminal, progress and the first-run offer."""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from helpers import Keys
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.cells import cell_len

from abluxxen.bots import hint
from abluxxen.cli.main import main
from abluxxen.i18n.tr import Tr
from abluxxen.match import Match
from abluxxen.moves import IllegalMove
from abluxxen.rules import Rules
from abluxxen.store.progress import has_played, progress_path, read_progress, write_progress
from abluxxen.store.records import record_finished, records_path
from abluxxen.store.saves import Saved, Seat, scan_saves, write_save
from abluxxen.tui.commands import read_command
from abluxxen.tui.learn import course
from abluxxen.tui.learn.course import PANEL_TEXT, Course, LessonRoom, LessonScreen, answer_line, typed_form, words
from abluxxen.tui.learn.lessons import LESSONS, PLAYER, Position, Step
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


def test_lesson_7_ends_as_its_text_says_a_tie_on_points_won_by_fewer_cards_in_hand() -> None:
    walk = _walk_to(7, 2)
    walk.push("take", PLAYER)
    for _ in walk.others(after=True):
        pass
    outcome = walk.game.outcome()
    assert outcome is not None and outcome.scores.count(max(outcome.scores)) > len(outcome.winners)  # a tie-break
    assert outcome.winners == (2,) and outcome.scores[0] == outcome.scores[2] == 6


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
        assert said.startswith("✗ ein Satz sind Karten eines Werts")
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
                seen = "Ann ›"
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
    prompts = ("Enter", "Ann ›", "✓")  # questions go to the prompt's own output, not to the screen
    for seen, _ in script:
        assert seen.startswith(prompts) or " ".join(seen.split()) in shown, seen
    tr = Tr(lang)
    assert tr("end_title", n=1) in shown  # the coached game ends on the score table


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
    assert the_course.warning.startswith("⚠ The course progress could not be saved")


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
        args = argparse.Namespace(lang="en", delay=0, save_dir=None, variant=None, no_duel=False, players=None,
                                  first=None, tiebreak="fewest-hand", match=1, seed=None, setup=True)
        play.run(args)
    shown = ANSI.sub("", out.getvalue())
    assert ("New to Abluxxen? `abluxxen learn` teaches it in 10 minutes." in shown) is (not played)


def _claimed_steps() -> list[tuple[int, int]]:
    return [(number, index) for number, lesson in enumerate(LESSONS, 1) for index, step in enumerate(lesson.steps)
            if step.claims is not None]


def test_enough_steps_say_what_their_move_leads_to() -> None:
    assert len(_claimed_steps()) >= 12


@pytest.mark.parametrize("number, index", _claimed_steps())
def test_each_claim_of_a_step_holds_when_the_step_is_played(number: int, index: int) -> None:
    """Who is abluxxed, who draws how many, the points and the pool: as the texts say."""
    from abluxxen.tui.learn.lessons import PLAYER
    from abluxxen.tui.learn.walk import Walk

    lesson = LESSONS[number - 1]
    walk = Walk(lesson, number)
    for earlier in range(index + 1):  # a step without a position goes on from the one before
        walk.start(earlier)
        list(walk.others(after=False))
        if earlier < index:
            walk.push(walk.answer() or walk.view().legal_moves()[0], PLAYER)
            list(walk.others(after=True))
    claims = lesson.steps[index].claims
    assert claims is not None
    game = walk.game
    before, pool_before, logged = game.scores(), len(game.pool), len(walk.log)
    expected = walk.answer()
    assert expected is not None, "a step that claims an outcome has one expected move"
    answer: str = expected
    if claims.victims is not None:
        # Every seat the set abluxxes, in the order resolved (the later ones after the first is settled).
        assert answer.startswith("play ") and walk.view().victims(answer).seats == claims.victims
    walk.push(answer, PLAYER)
    if claims.draws_left is not None:
        assert game.view(PLAYER).draws_left == claims.draws_left
    list(walk.others(after=True))
    events = walk.log[logged:]
    if claims.draws is not None:
        drawn: dict[int, int] = {}
        for event in events:
            if event.kind == "draw" and event.seat is not None:
                drawn[event.seat] = drawn.get(event.seat, 0) + len(event.cards)
        assert drawn == dict(claims.draws)
    after = game.scores()
    if claims.points is not None:
        assert {seat: after[seat] - before[seat] for seat in claims.points} == dict(claims.points)
        assert all(after[s] == before[s] for s in range(game.players) if s not in claims.points)
    if claims.scores is not None:
        assert {seat: after[seat] for seat in claims.scores} == dict(claims.scores)
    if claims.pool is not None:
        assert (pool_before, len(game.pool)) == claims.pool
    if claims.over is not None:
        assert game.is_over == claims.over


def test_every_why_can_be_reached_a_legal_move_or_a_refusal_the_engine_gives() -> None:
    from abluxxen.moves import KINDS
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
