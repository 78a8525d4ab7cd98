"""One answer to the stop signals, for a game at this terminal and for a host or a club: a hang-up
leaves with 129, SIGTERM with 143, Ctrl-C with 130 (at a screen, Ctrl-C asks first)."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

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
