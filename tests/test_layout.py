"""The house's layers: the engine (``abluxxen/engine/``, and the few plain modules at the package's top it stands
on) uses the standard library alone."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import abluxxen

PACKAGE = Path(abluxxen.__file__).resolve().parent
#: The plain modules at the package's top (names, quoting, languages, bot levels, complaints), below the engine.
BASE = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem not in ("__init__", "__main__"))
ENGINE = sorted(p.stem for p in (PACKAGE / "engine").glob("*.py") if p.stem != "__init__")
FORBIDDEN = ("rich", "prompt_toolkit", "platformdirs", "abluxxen.bots", "abluxxen.tui", "abluxxen.cli")


def test_the_engine_modules_load_nothing_of_the_ui_the_bots_or_the_commands() -> None:
    assert {"cards", "game", "match", "moves", "rules", "save", "view"} <= set(ENGINE)
    # Nothing of the engine left at the top.
    assert set(BASE) <= {"complaints", "languages", "levels", "names", "quoting"}
    modules = ["abluxxen", "abluxxen.engine", *("abluxxen.engine." + m for m in ENGINE),
               *("abluxxen." + m for m in BASE)]
    code = ("import json, sys\n"
            f"for name in {modules!r}:\n"
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


# Each room and the rooms it may import from: the arrows of docs/architecture.md.
BELOW = {
    "base": set(),
    "engine": {"base"},
    "i18n": {"base", "engine"},
    "bots": {"base", "engine", "i18n"},
    "store": {"base", "engine"},
    "table": {"base", "engine", "i18n", "bots", "store"},
    "tui": {"base", "engine", "i18n", "bots", "store", "table"},
    "host": {"base", "engine", "i18n", "bots", "store", "table", "tui"},
    "club": {"base", "engine", "i18n", "bots", "store", "table", "tui", "host"},
    "cli": {"base", "engine", "i18n", "bots", "store", "table", "tui", "host", "club"},
}


def _imports() -> dict[str, set[str]]:
    """Every module of the package and the modules it imports, anywhere in it (inside functions and
    under ``TYPE_CHECKING`` too: a lazy import is still an arrow)."""
    files = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ["abluxxen", *path.relative_to(PACKAGE).with_suffix("").parts]
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    arrows: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = ".".join((package[:len(package) - node.level + 1] if node.level else [])
                                + ([node.module] if node.module else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            arrows[name] |= {t for t in targets if t in files and t != name}
    return arrows


def _room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 2 or (PACKAGE / parts[-1]).is_dir() else "base"


def test_every_import_points_down_the_layers_and_none_goes_round_in_a_circle() -> None:
    arrows = _imports()
    upward = sorted(f"{m} -> {t}" for m, targets in arrows.items() for t in targets
                    if m not in ("abluxxen", "abluxxen.__main__") and t != "abluxxen"
                    and _room(t) != _room(m) and _room(t) not in BELOW[_room(m)])
    assert upward == []
    # A circle: a module reached again from itself.
    for start in arrows:
        seen: set[str] = set()
        todo = list(arrows[start])
        while todo:
            module = todo.pop()
            assert module != start, f"{start} imports itself through a circle"
            if module not in seen:
                seen.add(module)
                todo.extend(arrows[module])


def test_no_module_imports_another_modules_private_name() -> None:
    """A name that starts with ``_`` is its module's own: what another module needs is public, with a
    docstring, or lives where both can reach it."""
    crossing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("abluxxen")):
                crossing += [f"{path.relative_to(PACKAGE)}:{node.lineno} imports {alias.name} from "
                             f"{'.' * node.level}{node.module or ''}" for alias in node.names
                             if alias.name.startswith("_") and not alias.name.startswith("__")]
    assert crossing == []
