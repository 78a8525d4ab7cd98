"""One answer to the stop signals, for a game at this terminal and for a host or a club: a hang-up
leaves with 129, SIGTERM with 143, Ctrl-C with 130 (at a screen, Ctrl-C asks first)."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import TIMEOUT, spawn_terminal

from abluxxen import Match, Rules
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import read_save, write_save
from abluxxen.tui.stops import Stopping, answer_stop_signals


async def _sent(name: str) -> None:
    """Send this process the signal ``name``, and let the event loop answer it."""
    os.kill(os.getpid(), getattr(signal, name))
    for _ in range(100):
        await asyncio.sleep(0.01)


@pytest.mark.parametrize("name, status", [("SIGHUP", 129), ("SIGTERM", 143), ("SIGINT", 130)])
def test_a_host_or_a_club_stops_on_a_stop_signal_with_its_exit_status(name: str, status: int) -> None:
    async def main() -> int:
        stopping = Stopping()
        stopping.catch_signals()
        os.kill(os.getpid(), getattr(signal, name))
        await asyncio.wait_for(stopping.stopped.wait(), 5)
        return stopping.status

    assert asyncio.run(main()) == status


def test_at_a_screen_a_hang_up_and_a_stop_leave_and_ctrl_c_asks() -> None:
    async def main() -> tuple[list[int], int]:
        stops: list[int] = []
        asked: list[bool] = []
        answer_stop_signals(stops.append, interrupted=lambda: asked.append(True))
        for name in ("SIGINT", "SIGHUP", "SIGTERM"):
            await _sent(name)
        return stops, len(asked)

    assert asyncio.run(main()) == ([129, 143], 1)


def test_a_platform_without_sighup_answers_the_other_stop_signals(monkeypatch: pytest.MonkeyPatch) -> None:
    # Windows has no SIGHUP: the hot-seat asked for signal.SIGHUP by name, and failed there before it began.
    monkeypatch.delattr(signal, "SIGHUP")

    async def main() -> list[int]:
        stops: list[int] = []
        answer_stop_signals(stops.append, interrupted=lambda: None)
        await _sent("SIGTERM")
        return stops

    assert asyncio.run(main()) == [143]


def test_a_host_stops_when_the_work_it_waits_for_ends_with_1_if_it_failed() -> None:
    async def ended(fails: bool) -> int:
        async def work() -> None:
            if fails:
                raise OSError("the disk went away")
        stopping = Stopping()
        stopping.after(work())
        await asyncio.wait_for(stopping.stopped.wait(), 5)
        return stopping.status

    assert asyncio.run(ended(False)) == 0
    assert asyncio.run(ended(True)) == 1


def _catches(pid: int, name: str) -> bool:
    """Whether process ``pid`` catches the signal ``name`` now (Linux tells it in ``/proc``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (getattr(signal, name) - 1) & 1)
    return False


def _until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never {what}")
        time.sleep(0.001)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux tells what a process catches in /proc")
@pytest.mark.parametrize("when", ["as soon as it catches SIGTERM", "once the save is locked"])
def test_sigterm_while_resume_opens_the_game_saves_and_leaves_with_143(tmp_path: Path, when: str) -> None:
    # It ended by the signal (-15), its handler not yet there: the game's modules load for a second first.
    match = Match(Rules(3), games=1, seed=7, names=["Ann", "Ben", "Cy"])
    saved = Saved(match=match, seats=[Seat("Ann"), Seat("Ben"), Seat("Cy", "easy")], delay=0.0)
    for _ in range(4):
        saved.log += saved.transcript.push(match.game, match.game.legal_moves()[-1])
    path = tmp_path / "game.json"
    write_save(path, saved)
    child, log = spawn_terminal(["resume", str(path), "--lang", "en"], tmp_path)
    try:
        if when == "once the save is locked":  # its modules loaded, the save being read: no loop yet
            _until(lambda: (tmp_path / ".game.json.lock").exists(), "locked")
        else:  # the first moment a program can answer a signal at all
            _until(lambda: _catches(child.pid, "SIGTERM"), "catching SIGTERM")
        child.kill(signal.SIGTERM)
        child.expect(pytest.importorskip("pexpect").EOF)
    finally:
        child.close()
    assert (child.exitstatus, child.signalstatus) == (143, None), log.getvalue()[-500:]
    back = read_save(path)
    assert back.transcript.moves == saved.transcript.moves and not back.finished
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no lock or temporary file left
