"""The whole course in a real terminal (pexpect): every lesson done with its right moves, one wrong each."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import spawn_terminal
from test_learn import course_script

from abluxxen.store.progress import progress_path, read_progress
from abluxxen.tui.learn.lessons import LESSONS

pexpect = pytest.importorskip("pexpect")

WIPE = "\x1b[2J\x1b[3J"


def test_the_course_from_the_list_to_the_end_of_the_coached_game(tmp_path: Path) -> None:
    child, _ = spawn_terminal(["learn", "--delay", "0", "--lang", "en"], tmp_path)
    for seen, keys in course_script("en"):
        child.expect_exact(seen)
        child.send(keys)
        child.expect_exact(WIPE)  # the next screen: never match this one's text again
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert read_progress(progress_path(tmp_path), len(LESSONS)) == set(range(1, len(LESSONS) + 1))
    assert [p.name for p in tmp_path.iterdir()] == ["learn"]  # lessons leave no save files
