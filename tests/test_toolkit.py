"""prompt_toolkit's private parts, in ``abluxxen/tui/toolkit.py`` alone: checked against the installed
prompt_toolkit, each with prompt_toolkit's own way to fall back on, and touched nowhere else."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import prompt_toolkit
import prompt_toolkit.application.application
import prompt_toolkit.renderer
import pytest
from prompt_toolkit.application import Application
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.vt100 import Vt100Input
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.defaults import load_key_bindings
from prompt_toolkit.output import DummyOutput

import abluxxen
from abluxxen.host.server import Session
from abluxxen.tui import toolkit

PACKAGE = Path(abluxxen.__file__).resolve().parent
TOOLKIT = PACKAGE / "tui" / "toolkit.py"


def test_the_installed_prompt_toolkit_has_every_part_as_written_for_and_the_redraw_patch_is_on() -> None:
    assert toolkit.missing() == [] and not toolkit.MISSING
    assert toolkit.redraws_patched()
    assert vars(Session)["_get_size"] is Session.terminal_size  # an SSH session is drawn at its bounded size
    # pyproject.toml bounds prompt_toolkit as the module says it was written for, and the installed one is within.
    pyproject = (PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"prompt_toolkit{toolkit.SUPPORTED}"' in pyproject
    assert re.fullmatch(r"3\.0\.(\d+)", prompt_toolkit.__version__)
    assert int(prompt_toolkit.__version__.split(".")[2]) >= 36


def test_a_part_prompt_toolkit_changed_is_found_by_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    def diff(app: Any, output: Any, screen: Any) -> None:
        """A comparison of another signature."""
    monkeypatch.setattr(prompt_toolkit.renderer, "_output_screen_diff", diff)
    monkeypatch.delattr(Application, "_on_resize")
    monkeypatch.setattr(Vt100Input, "read_keys", lambda self: [])  # reads no stdin_reader
    assert toolkit.missing() == [toolkit.REDRAW, toolkit.RESIZE, toolkit.KEYS]


def test_a_changed_comparison_is_said_once_at_import_and_left_as_prompt_toolkit_has_it() -> None:
    code = ("import prompt_toolkit.renderer as renderer\n"
            "def diff(app, output, screen): pass\n"
            "renderer._output_screen_diff = diff\n"
            "from abluxxen.tui import screen, toolkit\n"
            "assert renderer._output_screen_diff is diff, 'patched anyway'\n"
            "assert not toolkit.patch_redraws() and not toolkit.redraws_patched()\n"
            "print(sorted(toolkit.MISSING))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['renderer._output_screen_diff']"
    said = [line for line in done.stderr.splitlines() if "RuntimeWarning" in line]
    assert len(said) == 1, done.stderr
    assert "renderer._output_screen_diff changed" in said[0] and toolkit.SUPPORTED in said[0]


def test_an_ssh_session_without_the_size_method_is_said_and_drawn_at_prompt_toolkits_size(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toolkit, "_said", set())
    theirs = type("PromptToolkitSSHSession", (), {"__module__": "prompt_toolkit.contrib.ssh.server"})
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        ours = type("Ours", (toolkit.SizedSession, theirs), {})
        type("Again", (toolkit.SizedSession, theirs), {})
    assert "_get_size" not in vars(ours)
    assert len(said) == 1 and f"{toolkit.SSH_SIZE} changed" in str(said[0].message)


def test_without_the_parts_prompt_toolkits_own_way_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toolkit, "MISSING", frozenset({toolkit.RESIZE, toolkit.KEYS, toolkit.BINDINGS}))
    monkeypatch.setattr(Application, "_on_resize", lambda self: pytest.fail("the private resize was used"))
    with create_pipe_input() as pipe:
        assert isinstance(pipe, Vt100Input)
        ours = KeyBindings()
        app: Application[None] = toolkit.sharing_key_bindings(
            lambda: Application(input=pipe, output=DummyOutput()), ours, KeyBindings())
        erased: list[bool] = []
        monkeypatch.setattr(app.renderer, "erase", lambda leave_alternate_screen: erased.append(True))
        assert app._default_bindings is not ours and len(app._default_bindings.bindings) > 100  # its own
        toolkit.resize(app)  # the screen erased, and drawn again once the event loop runs
        assert erased == [True]
        reader = pipe.stdin_reader
        toolkit.read_keys_without_select(pipe)
        assert pipe.stdin_reader is reader
    monkeypatch.setattr(toolkit, "MISSING", frozenset())
    with create_pipe_input() as pipe:
        assert isinstance(pipe, Vt100Input)
        toolkit.read_keys_without_select(pipe)
        assert type(pipe.stdin_reader).__module__ == toolkit.__name__


def _private(name: str) -> bool:
    return re.fullmatch(r"_[A-Za-z]\w*", name) is not None and not name.endswith("__")


def _private_names_of_prompt_toolkit() -> tuple[set[str], dict[str, set[str]]]:
    """Every private name prompt_toolkit defines (its modules' functions, classes and globals, and the
    attributes and methods of its classes); and the private methods of each of its classes, by the class's
    name, with those of its bases."""
    names: set[str] = set()
    methods: dict[str, set[str]] = {}
    bases: dict[str, list[str]] = {}
    for path in Path(prompt_toolkit.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            if isinstance(node, ast.ClassDef):
                methods.setdefault(node.name, set()).update(
                    item.name for item in node.body
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and _private(item.name))
                bases.setdefault(node.name, []).extend(ast.unparse(base).split(".")[-1] for base in node.bases)

    def inherited(name: str, seen: frozenset[str] = frozenset()) -> set[str]:
        found = set(methods.get(name, ()))
        for base in bases.get(name, []):
            if base not in seen:
                found |= inherited(base, seen | {name})
        return found
    return {name for name in names if _private(name)}, {name: inherited(name) for name in methods}


def _touched(sources: dict[str, str]) -> list[str]:
    """Where the modules of ``sources`` (their text by name) touch a private name of prompt_toolkit that
    they do not define themselves: read or written as an attribute, named in a string (``getattr``),
    imported from prompt_toolkit, or a private method of one of its classes defined again in a class made
    from it (an override)."""
    theirs, their_methods = _private_names_of_prompt_toolkit()
    trees = {name: ast.parse(text) for name, text in sources.items()}
    # What the modules define themselves: their own objects' attributes (``self._x = …``), their module
    # names, their classes' methods (but an override); what prompt_toolkit's objects are given is not theirs.
    ours: set[str] = set()
    bases: dict[str, list[str]] = {}  # each class by name: its bases' names
    from_toolkit: set[str] = set()  # what they import from prompt_toolkit
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                    and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                ours.add(node.attr)
            elif isinstance(node, ast.ClassDef):
                bases[node.name] = [ast.unparse(base).split(".")[-1] for base in node.bases]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("prompt_toolkit"):
                from_toolkit |= {alias.asname or alias.name for alias in node.names}

    def overridable(name: str, seen: frozenset[str] = frozenset()) -> set[str]:
        """The private methods of prompt_toolkit's classes that the class ``name`` is made from."""
        found: set[str] = set()
        for base in bases.get(name, []):
            if base in from_toolkit:
                found |= their_methods.get(base, set())
            elif base in bases and base not in seen:
                found |= overridable(base, seen | {name})
        return found

    for tree in trees.values():
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                ours.add(node.name)
            if isinstance(node, ast.ClassDef):
                ours |= {item.name for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                         and item.name not in overridable(node.name)}
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                ours |= {t.id for t in ast.walk(node) if isinstance(t, ast.Name) and isinstance(t.ctx, ast.Store)}
    touched = []
    for module, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("prompt_toolkit"):
                touched += [f"{module}:{node.lineno} imports {alias.name}" for alias in node.names
                            if alias.name.startswith("_")]
            elif isinstance(node, ast.ClassDef) and overridable(node.name):
                touched += [f"{module}:{item.lineno} overrides {item.name}" for item in node.body
                            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                            and item.name in overridable(node.name)]
            elif isinstance(node, (ast.Attribute, ast.Constant)):
                name = node.attr if isinstance(node, ast.Attribute) else node.value
                if isinstance(name, str) and name in theirs and name not in ours:
                    touched.append(f"{module}:{node.lineno} touches {name}")
    return touched


def test_no_module_but_the_toolkit_touches_a_private_name_of_prompt_toolkit() -> None:
    sources = {str(path.relative_to(PACKAGE)): path.read_text(encoding="utf-8")
               for path in sorted(PACKAGE.rglob("*.py")) if path != TOOLKIT}
    assert _touched(sources) == []


def test_the_check_of_private_names_finds_each_way_of_touching_one() -> None:
    # The ways prompt_toolkit's private parts were touched in screen.py, server.py, club.py and workers.py.
    module = """
import prompt_toolkit.renderer
from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession
from prompt_toolkit.renderer import _output_screen_diff

class Session(PromptToolkitSSHSession):
    def _get_size(self): return self._chan.get_terminal_size()

class ClubSession(Session):
    def _interact(self): ...

def resized(session, app):
    app._on_resize()
    session._input.stdin_reader = None
    setattr(prompt_toolkit.renderer, "_output_screen_diff", None)
    app._default_bindings = None

class Screen:
    def _redraw(self):  # a name prompt_toolkit has too, here the module's own
        self._kept = None
        self._redraw()
        return self._kept
"""
    assert sorted(_touched({"m.py": module})) == [
        "m.py:10 overrides _interact", "m.py:13 touches _on_resize", "m.py:14 touches _input",
        "m.py:15 touches _output_screen_diff", "m.py:16 touches _default_bindings",
        "m.py:4 imports _output_screen_diff", "m.py:7 overrides _get_size", "m.py:7 touches _chan"]


def test_a_screen_is_made_with_the_shared_key_bindings_and_never_makes_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # (Making prompt_toolkit's four hundred bindings took some 10 ms at each login, join and return to the lobby.)
    module = prompt_toolkit.application.application
    monkeypatch.setattr(module, "load_key_bindings", lambda: pytest.fail("an application made bindings of its own"))
    default, pages = KeyBindings(), KeyBindings()
    with create_pipe_input() as pipe:
        app: Application[None] = toolkit.sharing_key_bindings(
            lambda: Application(input=pipe, output=DummyOutput()), default, pages)
    assert app._default_bindings is default and app._page_navigation_bindings is pages
    monkeypatch.setattr(module, "load_key_bindings", load_key_bindings)
    with create_pipe_input() as pipe:  # prompt_toolkit's own way again for any other application
        other: Application[None] = Application(input=pipe, output=DummyOutput())
    assert other._default_bindings is not default and len(other._default_bindings.bindings) > 100
