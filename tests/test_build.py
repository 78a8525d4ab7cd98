"""Installing builds the hard bot's compiled search where a C compiler is at hand, and still works where none is."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from abluxxen.bots import quick

pytestmark = pytest.mark.slow  # end to end in a real terminal: `-m 'not slow'` skips them

ROOT = Path(__file__).resolve().parent.parent


# A wheel's build (compiling the search) may take the 300 s its pip is given, more than a test's usual limit.
BUILD_LIMIT = pytest.mark.timeout(360)


def wheel(out: Path, **env: str) -> list[str]:
    """The names in the wheel ``pip wheel`` builds from this checkout (with ``env`` set)."""
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(ROOT), "-w", str(out)],
                          capture_output=True, text=True, env={**os.environ, **env}, timeout=300)
    if done.returncode and "No matching distribution" in done.stderr:
        pytest.skip("pip cannot reach the build's requirements (hatchling, setuptools) here")
    assert done.returncode == 0, done.stderr
    (built,) = out.glob("abluxxen-*.whl")
    with zipfile.ZipFile(built) as archive:
        return [built.name, *archive.namelist()]


@BUILD_LIMIT
@pytest.mark.skipif(os.name == "nt", reason="the test names a Unix compiler")
def test_without_a_c_compiler_the_game_still_installs_as_pure_python(tmp_path: Path) -> None:
    name, *files = wheel(tmp_path, CC="false")
    assert name.endswith("-py3-none-any.whl")
    assert "abluxxen/bots/subtrees.py" in files and "abluxxen/bots/quick.py" in files
    assert not [f for f in files if f.startswith("_abluxxen_rollout")]


@BUILD_LIMIT
def test_with_a_c_compiler_the_wheel_holds_the_compiled_search_at_the_top_level(tmp_path: Path) -> None:
    from abluxxen.bots import quick

    if quick.compiled is None:
        pytest.skip("this interpreter's install found no C compiler either")
    name, *files = wheel(tmp_path)
    assert not name.endswith("-none-any.whl")
    assert [f for f in files if f.startswith("_abluxxen_rollout.")], files
    assert "abluxxen/bots/_rollout.c" not in files  # the source stays in the sdist


def can_compile() -> bool:
    """Whether a build here would find what compiling the search takes: the C compiler setuptools calls
    ($CC, else the one Python was built with) and Python's headers."""
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return bool(compiler) and shutil.which(compiler[0]) is not None and headers.is_file()


@pytest.mark.skipif(os.name == "nt", reason="the test looks for a Unix compiler")
def test_where_the_search_can_be_compiled_the_tests_run_with_it() -> None:
    """Else the comparisons with the Python search skip, and the hard bot searching an eighth as much goes unseen."""
    if os.environ.get("ABLUXXEN_NO_C"):
        pytest.skip("ABLUXXEN_NO_C is set: installed without the compiled search on purpose")
    if not can_compile():
        pytest.skip("no C compiler or no Python headers here: the Python search is the one")
    assert quick.configured() is not None, quick.refusal or (
        "a C compiler and Python's headers are here, but the install has no compiled search: "
        "reinstall (pip install -e .) and read the build's warning")
