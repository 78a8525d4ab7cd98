"""Leaving cleanly: a closed terminal, a stopped process, an output that cannot take the game.

Each case runs the real command in a pseudo-terminal or with redirected
output, and checks what a player would see afterwards: the exit status, no
traceback, and a save that still holds the last move.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pty_screen import TIMEOUT, PtyScreen, asking, hang_up, plain
from waiting import until_blocking

from abluxxen import Game, Rules
from abluxxen.store.saves import read_save

PLAY = ["play", "--players", "Ann,Ben,Cy", "--seed", "11", "--delay", "0", "--lang", "en"]


def _env(data_dir: Path) -> dict[str, str]:
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(data_dir), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm-256color",
               LC_ALL="C.UTF-8", LANG="C.UTF-8")
    env.pop("NO_COLOR", None)
    return env


def _first_move(term: PtyScreen) -> None:
    """Take the keyboard as Ann and play her first legal move."""
    term.until("Pass to Ann — press Enter")
    term.send("\r")
    term.until(asking("Ann"), settled=True)
    term.answer(Game.new(Rules(3), seed=11).legal_moves()[0], "no abluxx this turn")  # the single draw: pass it
    term.answer("p", "Pass to Ben — press Enter")


def _saved_plays(data_dir: Path) -> int:
    (path,) = data_dir.glob("*.json")
    return sum(1 for e in read_save(path).log if e.kind == "play")


def _closing_terminal(tmp_path: Path, *, nohup: bool) -> tuple[str, str]:
    """Play one move, close the terminal under the game; its exit status and standard error."""
    err = tmp_path / "stderr.txt"
    done = tmp_path / "status.txt"
    ignore = "signal.signal(signal.SIGHUP, signal.SIG_IGN); " if nohup else ""
    script = (f"import runpy, signal, sys; {ignore}"
              f"sys.stderr = open({str(err)!r}, 'w'); sys.argv = ['abluxxen', *{PLAY!r}]\n"
              f"try:\n    runpy.run_module('abluxxen', run_name='__main__')\n"
              f"except SystemExit as stop:\n    open({str(done)!r}, 'w').write(str(stop.code)); raise\n")
    term = PtyScreen([], tmp_path, script=script)
    _first_move(term)
    hang_up(term.child)  # the terminal window closes; the program leaves (or hang_up gives up on it)
    return done.read_text() if done.exists() else "(no exit)", err.read_text()


def test_closing_the_terminal_saves_and_leaves_with_129_and_no_traceback(tmp_path: Path) -> None:
    status, err = _closing_terminal(tmp_path, nohup=False)
    assert status == "129"
    assert "Traceback" not in err
    assert _saved_plays(tmp_path) == 1


def test_a_terminal_that_vanishes_under_nohup_gives_129_too(tmp_path: Path) -> None:
    """With SIGHUP ignored (nohup), the closed terminal shows up as EOF or EIO on it."""
    status, err = _closing_terminal(tmp_path, nohup=True)
    assert status == "129"
    assert "Traceback" not in err
    assert _saved_plays(tmp_path) == 1


def test_sigterm_saves_and_leaves_with_143(tmp_path: Path) -> None:
    term = PtyScreen(PLAY, tmp_path)
    _first_move(term)
    term.kill(signal.SIGTERM)
    assert term.exit_status() == 143
    assert "Traceback" not in plain(term.raw())
    assert _saved_plays(tmp_path) == 1


def _run(args: list[str], data_dir: Path, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    env = _env(data_dir) | kwargs.pop("env", {})
    return subprocess.run([sys.executable, "-m", "abluxxen", *args], env=env, text=True, capture_output=True,
                          timeout=TIMEOUT, stdin=subprocess.DEVNULL, **kwargs)


@pytest.mark.parametrize("args", [["rules", "joker"], ["simulate", "--seats", "easy,easy", "--games", "1"]])
def test_a_full_output_gives_one_line_and_status_1(tmp_path: Path, args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "abluxxen", *args], env=_env(tmp_path), text=True,
                              stdout=full, stderr=subprocess.PIPE, timeout=TIMEOUT)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "No space left" in done.stderr


def test_a_closed_output_gives_one_line_and_status_1(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "abluxxen", "rules", "joker"], env=_env(tmp_path), text=True,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=TIMEOUT,
                          preexec_fn=lambda: os.close(1))
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "closed" in done.stderr


@pytest.mark.parametrize("args", [["rules", "joker"], PLAY])
def test_an_output_that_cannot_show_the_cards_gives_one_line_and_status_1(tmp_path: Path,
                                                                           args: list[str]) -> None:
    done = _run(args, tmp_path, env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "UTF-8" in done.stderr and "Traceback" not in done.stderr
    assert not list(tmp_path.glob("*.json"))  # no game was started


def test_no_screen_escapes_when_the_output_is_not_a_terminal(tmp_path: Path) -> None:
    done = _run(["play", "--players", "bot:easy,bot:easy,bot:easy", "--seed", "3", "--delay", "0"], tmp_path)
    assert done.returncode == 0
    assert "\x1b" not in done.stdout
    assert "over" in done.stdout  # the bots played to the score table


@pytest.mark.parametrize("signum, status, word", [(signal.SIGINT, 130, "interrupted"),
                                                  (signal.SIGTERM, 143, "stopped")])
def test_simulate_stops_with_its_workers_on_ctrl_c_and_sigterm(tmp_path: Path, signum: int, status: int,
                                                               word: str) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "abluxxen", "simulate", "--seats", "hard,normal", "--games",
                             "40", "--jobs", "2", "--think", "300", "--json"], env=_env(tmp_path), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    workers = _working(proc.pid, 2)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode == status
    assert err.strip().count("\n") == 0 and word in err and "Traceback" not in err
    assert not out  # no half-finished results
    until_blocking(lambda: not [w for w in workers if _running(w)], "the workers to end with the run",  # (a zombie has)
                   shown=lambda: f"left running: {[w for w in workers if _running(w)]}")


def _status(pid: str) -> str:
    """The process's /proc status ("" once it is gone)."""
    try:
        return Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return ""


def _running(pid: str) -> bool:
    status = _status(pid)
    return bool(status) and "zombie" not in status.lower()


def _working(parent: int, count: int) -> list[str]:
    """The ``count`` workers of ``parent`` once each is set up to work: it leaves Ctrl-C to the parent
    (SIGINT ignored, as its pool's initializer makes it), so a signal now finds the run under way."""
    sigint = 1 << (signal.SIGINT - 1)

    def working() -> list[str]:
        workers = subprocess.run(["pgrep", "-P", str(parent)], capture_output=True, text=True).stdout.split()
        ignored = [int(line.split()[1], 16) for w in workers for line in _status(w).splitlines()
                   if line.startswith("SigIgn:")]
        ready = len(workers) >= count and len(ignored) == len(workers) and all(mask & sigint for mask in ignored)
        return workers if ready else []

    return until_blocking(working, f"{count} workers to start and leave Ctrl-C to the parent", every=0.01)


@pytest.mark.slow
@pytest.mark.parametrize("leave", ["ctrl-c", "sigterm"])
def test_the_replay_command_of_a_match_over_is_printed_however_the_next_game_is_left(tmp_path: Path,
                                                                                   leave: str) -> None:
    """The score screen promises the command that replays its deals when the player leaves: after Play
    again? y, leaving on the next game's first cover keeps that promise (Ctrl-C there, or SIGTERM)."""
    from helpers import _saved_at, make_doc

    from abluxxen.store.save_document import Seat
    from abluxxen.store.saves import write_save

    # Ann and Ben at the keyboard, Cy a bot; Ann's two 7s end the game at once (the match's seed: 3).
    game = Game.from_json(make_doc(hands=["7 7", "1 2", "3 4"], displays=[["8"], ["9"], []],
                                   names=["Ann", "Ben", "Cy"], pool="1 2 3 4 5 6"))
    path = tmp_path / "ending.json"
    write_save(path, _saved_at(game, [Seat("Ann"), Seat("Ben"), Seat("Cy", "easy")], "en"))
    term = PtyScreen(["resume", str(path), "--delay", "0"], tmp_path)
    term.until("Pass to Ann — press Enter")
    term.send("\r")
    term.until(asking("Ann"), settled=True)
    term.send("77\r")
    term.until("Play again? [y/N]", settled=True)
    assert "Seed 3" in term.text()
    term.send("y\r")
    term.until(lambda text: "Pass to" in text and "Game 1 over" not in text, settled=True)  # game 2's cover
    if leave == "ctrl-c":
        term.send("\x03")
        term.until("Quit? The game is saved")
        term.send("y\r")
        assert term.exit_status() == 130
    else:
        term.kill(signal.SIGTERM)
        assert term.exit_status() == 143
    after = " ".join(term.scrollback().split())
    assert "Seed 3: replay these deals with" in after and "--seed 3 " in after
    assert "Traceback" not in plain(term.raw())
