"""What one key echo and one move cost the host: the screens' redraws, for one table of four people.

    python benchmarks/redraw_cost.py [--moves 60] [--seed 1000]

Four people's screens (:class:`~abluxxen.tui.screen.TableScreen`, 80×24, 256 colours, each in its
own prompt_toolkit session writing to a byte counter, as an SSH session's would) sit at one hosted
room. The person whose turn it is types a legal move key by key, then Enter; after each key their
screen is drawn, after the Enter (once the room has pushed and saved the move) every screen is.
The drawing is done here, in step, so that it alone is timed (not the event loop's waiting, the
save or the SSH encryption).

Figures (CPU time of this process, median and p95 over the run):

- **key echo**: drawing the typist's screen after one key; and the bytes it sends;
- **move**: drawing all four screens after a move; and the bytes they send together;
- **full screen**: the bytes of one whole screen drawn afresh (what a key would cost if it
  redrew everything), for scale.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import tempfile
import time
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.application.current import set_app
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding.key_processor import KeyPress
from prompt_toolkit.keys import Keys
from prompt_toolkit.output.vt100 import Vt100_Output

from abluxxen import Rules
from abluxxen.engine.match import Match
from abluxxen.store.save_document import Saved, Seat
from abluxxen.table.chairs import Login
from abluxxen.table.room import Room
from abluxxen.table.table import Table, start_event
from abluxxen.tui.screen import TableScreen

PEOPLE = ["Ann", "Ben", "Cy", "Dee"]
COLS, ROWS = 80, 24


class Sink:
    """A terminal that only counts what it is sent."""

    def __init__(self) -> None:
        self.sent = 0

    def write(self, data: str) -> int:
        self.sent += len(data.encode())
        return len(data)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("no file")

    @property
    def encoding(self) -> str:
        return "utf-8"


def percentile(values: list[float], share: float) -> float:
    """The value ``share`` of the way up ``values`` sorted."""
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))]


def press(screen: TableScreen, key: KeyPress) -> None:
    """A key typed at ``screen``, handled as its input would be (in its application's context)."""
    processor = screen.app.key_processor
    processor.feed(key)
    with set_app(screen.app):
        processor.process_keys()


async def settle(room: Room) -> None:
    """Let the room push what was answered (and save it) until a person is asked again."""
    for _ in range(2000):
        await asyncio.sleep(0)
        if room.match.game.is_over or any(c.answer is not None and not c.answer.done() for c in room.chairs.values()):
            return
    raise RuntimeError("nobody was asked")


async def run(moves: int, seed: int, folder: Path) -> dict[str, list[float]]:
    """One game at one room: ``moves`` moves typed key by key; the figures."""
    match = Match(Rules(4), games=1, seed=seed, names=PEOPLE)
    saved = Saved(match=match, seats=[Seat(name) for name in PEOPLE], lang="en", delay=0, log=[start_event(match)])
    room = Room(Table(saved, folder / "table.json"), code="load-code", delay=0)
    screens, sinks, tasks = [], [], []
    with contextlib.ExitStack() as pipes:
        for name in PEOPLE:
            sink = Sink()
            pipe = pipes.enter_context(create_pipe_input())
            output = Vt100_Output(sink, lambda: Size(rows=ROWS, columns=COLS), term="xterm-256color")  # type: ignore[arg-type]
            with create_app_session(input=pipe, output=output):
                screen = TableScreen(room, Login(name), lang="en", colours="256")
            screen.redraw = lambda: None  # drawn here, in step, so that drawing alone is timed
            tasks.append(asyncio.get_running_loop().create_task(screen.run()))
            screens.append(screen)
            sinks.append(sink)
        return await _play(room, screens, sinks, tasks, moves, seed)


async def _play(room: Room, screens: list[TableScreen], sinks: list[Sink], tasks: list[asyncio.Task[None]],
                moves: int, seed: int) -> dict[str, list[float]]:
    game_task = asyncio.get_running_loop().create_task(room.run())
    await settle(room)
    for screen in screens:
        screen.app._redraw()
    full = [float(sink.sent) for sink in sinks]
    figures: dict[str, list[float]] = {"key": [], "key_bytes": [], "move": [], "move_bytes": [], "full": full}
    rng = random.Random(seed)
    for _ in range(moves):
        game = room.match.game
        if game.is_over or game.to_move is None:
            break
        typist = screens[game.to_move]
        move = rng.choice(game.view(game.to_move).legal_moves())
        for key in move:
            press(typist, KeyPress(key))
            before, cpu = sinks[game.to_move].sent, time.process_time()
            typist.app._redraw()
            figures["key"].append(time.process_time() - cpu)
            figures["key_bytes"].append(sinks[game.to_move].sent - before)
        press(typist, KeyPress(Keys.ControlM, "\r"))
        await settle(room)
        before, cpu = sum(sink.sent for sink in sinks), time.process_time()
        for screen in screens:
            screen.app._redraw()
        figures["move"].append(time.process_time() - cpu)
        figures["move_bytes"].append(sum(sink.sent for sink in sinks) - before)
        await asyncio.sleep(0.001)  # whatever prompt_toolkit scheduled itself runs outside the timing
    for screen in screens:
        screen.close("stopped")
    game_task.cancel()
    await asyncio.gather(*tasks, game_task, return_exceptions=True)
    return figures


def main(argv: list[str] | None = None) -> None:
    """Play, then print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=60, help="moves typed (default 60; fewer if the game ends)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="abluxxen-redraw-") as folder:
        figures = asyncio.run(run(args.moves, args.seed, Path(folder)))
    print(f"moves {len(figures['move'])}, keys {len(figures['key'])}")
    for label, name in (("key echo (one screen)", "key"), ("move (four screens)", "move")):
        times = figures[name]
        print(f"{label:<22} {statistics.median(times) * 1000:.2f} ms, p95 {percentile(times, 0.95) * 1000:.2f} ms, "
              f"{statistics.median(figures[name + '_bytes']):.0f} bytes")
    print(f"{'full screen':<22} {statistics.median(figures['full']):.0f} bytes")


if __name__ == "__main__":
    main()
