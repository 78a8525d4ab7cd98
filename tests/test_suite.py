"""The suite itself: a test that hangs fails, with its traceback, instead of holding CI until CI's own limit."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HANGING = """
import asyncio


def test_waits_for_a_session_that_never_comes() -> None:
    async def forever() -> None:
        await asyncio.Event().wait()

    asyncio.run(forever())
"""


def test_every_test_has_a_time_limit(pytestconfig: pytest.Config) -> None:
    assert float(pytestconfig.getini("timeout")) > 0


def test_a_hanging_test_fails_at_its_limit_with_where_it_hung(tmp_path: Path) -> None:
    (tmp_path / "test_hanging.py").write_text(HANGING)
    done = subprocess.run([sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir",
                           str(tmp_path), "-p", "no:cacheprovider", "-n", "0", "-o", "timeout=1", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Timeout" in done.stdout and "forever" in done.stdout and "1 failed" in done.stdout
