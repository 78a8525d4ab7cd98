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
