"""The house's layers: the engine at the top of the package stands on the standard library alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import abluxxen

PACKAGE = Path(abluxxen.__file__).resolve().parent
ENGINE = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem not in ("__init__", "__main__"))
FORBIDDEN = ("rich", "prompt_toolkit", "platformdirs", "abluxxen.bots", "abluxxen.tui", "abluxxen.cli")


def test_the_engine_modules_load_nothing_of_the_ui_the_bots_or_the_commands() -> None:
    assert {"cards", "game", "match", "moves", "rules", "save", "view"} <= set(ENGINE)
    code = ("import json, sys\n"
            f"for name in {['abluxxen'] + ['abluxxen.' + m for m in ENGINE]!r}:\n"
            "    __import__(name)\n"
            "from abluxxen import Game, IllegalMove, Rules\n"
            "game = Game.new(Rules(3), seed=1)\n"
            "game.push(game.legal_moves()[0]); game.view(0).to_json(); Game.from_json(game.to_json())\n"
            f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({FORBIDDEN!r}))))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []



def test_the_store_loads_no_terminal_ui_and_no_bot() -> None:
    """Saves and records serve any kind of table (a terminal, an SSH session) and a quick `stats`."""
    modules = sorted(p.stem for p in (PACKAGE / "store").glob("*.py") if p.stem != "__init__")
    assert {"saves", "records", "journal", "datadir", "files", "stats"} <= set(modules)
    code = ("import json, sys\n"
            f"for name in {['abluxxen.store.' + m for m in modules]!r}:\n"
            "    __import__(name)\n"
            "forbidden = ('rich', 'prompt_toolkit', 'abluxxen.bots', 'abluxxen.tui', 'abluxxen.cli')\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith(forbidden))))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
