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


# A stand-in for python3: `python3 -m venv .venv` makes a .venv whose tools only note that they ran and
# exit with the status the test chose, so .ci/run's own logic runs in a second, without pip or a network.
FAKE_PYTHON = """#!/usr/bin/env bash
set -e
[ "$1 $2 $3" = "-m venv .venv" ] || exit 9
mkdir -p .venv/bin
for tool in pip python ruff mypy; do
  printf '#!/usr/bin/env bash\\necho "$0 $*" >> "%s/ran"\\nexit "${FAIL_%s:-0}"\\n' "$PWD" "$tool" > .venv/bin/$tool
  chmod +x .venv/bin/$tool
done
"""


@pytest.mark.parametrize("failing", ["python", "ruff", "mypy", ""])
def test_ci_runs_ruff_and_mypy_even_when_the_tests_fail_and_fails_if_any_did(tmp_path: Path, failing: str) -> None:
    (tmp_path / ".ci").mkdir()
    (tmp_path / ".ci" / "run").write_bytes((ROOT / ".ci" / "run").read_bytes())
    (tmp_path / "README.md").write_bytes((ROOT / "README.md").read_bytes())
    bin_dir = tmp_path / "fakebin"
    bin_dir.mkdir()
    (bin_dir / "python3").write_text(FAKE_PYTHON)
    (bin_dir / "python3").chmod(0o755)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(tmp_path)}
    if failing:
        env[f"FAIL_{failing}"] = "1"
    done = subprocess.run(["bash", str(tmp_path / ".ci" / "run")], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    ran = (tmp_path / "ran").read_text()
    # The tests, ruff and mypy each ran once, whichever failed.
    assert "python -m pytest" in ran and "ruff check abluxxen" in ran and "mypy abluxxen" in ran, ran
    assert (done.returncode != 0) == bool(failing), done.stdout + done.stderr
    if failing:
        named = {"python": "tests", "ruff": "ruff", "mypy": "mypy"}[failing]
        assert f"CI failed: {named}" in done.stderr
