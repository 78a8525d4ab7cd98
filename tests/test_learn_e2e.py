"""The whole course in a real terminal (pexpect): every lesson done with its right moves, one wrong each."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from test_learn import course_script

from abluxxen.tui.learn.lessons import LESSONS
from abluxxen.tui.learn.progress import progress_path, read_progress

pexpect = pytest.importorskip("pexpect")

WIPE = "\x1b[2J\x1b[3J"
TIMEOUT = float(os.environ.get("ABLUXXEN_TEST_TIMEOUT", "60"))


def test_the_course_from_the_list_to_the_end_of_the_coached_game(tmp_path: Path) -> None:
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(tmp_path), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm-256color",
               LC_ALL="C.UTF-8", LANG="C.UTF-8", COLUMNS="80", LINES="24")
    child = pexpect.spawn(sys.executable, ["-m", "abluxxen", "learn", "--delay", "0", "--lang", "en"], env=env,
                          encoding="utf-8", dimensions=(24, 80), timeout=TIMEOUT)
    for seen, keys in course_script("en"):
        child.expect_exact(seen)
        child.send(keys)
        child.expect_exact(WIPE)  # the next screen: never match this one's text again
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert read_progress(progress_path(tmp_path), len(LESSONS)) == set(range(1, len(LESSONS) + 1))
    assert [p.name for p in tmp_path.iterdir()] == ["learn"]  # lessons leave no save files
