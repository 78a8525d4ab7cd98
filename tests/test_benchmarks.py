"""The side-by-side benchmark measures what it says on this checkout."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _versus() -> ModuleType:
    spec = importlib.util.spec_from_file_location("versus", ROOT / "benchmarks" / "versus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_hard_benchmark_finds_play_positions_and_reports_the_moves() -> None:
    # The script picks play positions by the phase's name; it once read
    # str() of the Phase enum (a number), found none and never finished.
    versus = _versus()
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", versus._HARD, "2", "0"], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=120)
    figure = json.loads(done.stdout)
    assert len(figure["moves"]) == 2
    assert all(move.startswith("play ") for move in figure["moves"])
