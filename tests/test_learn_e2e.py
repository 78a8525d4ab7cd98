"""The whole course in a real terminal (pexpect and pyte): every lesson done with its right moves, one wrong each."""

from __future__ import annotations

from pathlib import Path

import pytest
from pty_screen import PtyScreen
from test_learn import course_script

from abluxxen.store.progress import progress_path, read_progress
from abluxxen.tui.learn.lessons import LESSONS

pytestmark = pytest.mark.slow  # end to end in a real terminal: `-m 'not slow'` skips them


def test_the_course_from_the_list_to_the_end_of_the_coached_game(tmp_path: Path) -> None:
    term = PtyScreen(["learn", "--delay", "0", "--lang", "en"], tmp_path)
    script = course_script("en")
    for seen, keys in script[:-1]:
        term.until(seen, settled=True)
        term.press(keys)  # the next screen: never match this one's text again
    term.until(script[-1][0], settled=True)
    term.send(script[-1][1])  # the course's last Enter: it leaves
    assert term.exit_status() == 0
    assert read_progress(progress_path(tmp_path), len(LESSONS)) == set(range(1, len(LESSONS) + 1))
    assert [p.name for p in tmp_path.iterdir()] == ["learn"]  # lessons leave no save files


def test_q_leaves_a_lessons_question_at_once_and_another_key_does_nothing(tmp_path: Path) -> None:
    """"Enter: start · q: leave" acts on the key itself: no Enter after q, and a stray key answers nothing."""
    term = PtyScreen(["learn", "4", "--delay", "0", "--lang", "en"], tmp_path)
    term.until("Enter: start · q: leave", settled=True)
    term.send("x")  # not an answer: the terminal beeps, the question stays
    term.until(lambda _: "\x07" in term.raw())
    assert "Enter: start · q: leave" in term.text() and "x" not in term.cursor_line()
    term.send("q")
    assert term.exit_status() == 0
    after = " ".join(term.scrollback().split())
    assert "You left the course; the lessons done are kept. Go on with lesson 4: abluxxen learn 4" in after


def test_enter_goes_on_and_ctrl_c_in_a_lesson_says_how_to_come_back(tmp_path: Path) -> None:
    term = PtyScreen(["learn", "4", "--delay", "0", "--lang", "en"], tmp_path)
    term.until("Enter: start · q: leave", settled=True)
    term.send("\r")
    term.until("step 1 of", settled=True)
    term.send("\x03")
    assert term.exit_status() == 130
    after = " ".join(term.scrollback().split())
    assert "You left the course; the lessons done are kept. Go on with lesson 4: abluxxen learn 4" in after
    assert "Traceback" not in after
