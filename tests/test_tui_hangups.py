"""A closed terminal or a SIGTERM ends the game, saved, whatever the program was doing then.

Under load, a hang-up can land while prompt_toolkit's event loop runs one of
its callbacks (a redraw, the key reader), or while a bot thinks inside a guard
that keeps a failing bot from ending the game. Raised there, the stop was
caught and the program went on waiting for ever, holding its save's lock. The
end-to-end cases here make the terminal slow (every redraw takes a while, as
on a busy machine) so that the stop lands inside a redraw every time.
"""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pytest
from pty_screen import PtyScreen, asking
from waiting import until_blocking

from abluxxen import Game, Rules
from abluxxen.cli.main import main
from abluxxen.store.records import open_records
from abluxxen.store.records_db import records_path
from abluxxen.store.save_lock import SaveLock
from abluxxen.store.saves import read_save

pytestmark = pytest.mark.slow  # end to end in a real terminal: `-m 'not slow'` skips them

# The real command at a slow terminal: every redraw takes 0.3 s, as on a machine under load. Each redraw
# first adds a line to the file $DRAWS (when set), so that a test can tell when one is under way. With
# $SLOW_ONCE set, the terminal is slow only once that file exists (a whole game's redraws need not be slow
# for a test about its last screen).
_SLOW_TERMINAL = """
import os, sys, time
from prompt_toolkit.renderer import Renderer
drawn = Renderer.render
def slowly(self, *args, **kwargs):
    once = os.environ.get("SLOW_ONCE")
    if once and not os.path.exists(once):
        return drawn(self, *args, **kwargs)
    if os.environ.get("DRAWS"):
        with open(os.environ["DRAWS"], "a") as draws:
            draws.write("drawing\\n")
    time.sleep(0.3)  # the slow terminal itself: what the tests here are about
    return drawn(self, *args, **kwargs)
Renderer.render = slowly
from abluxxen.cli.main import main
sys.exit(main(sys.argv[1:]))
"""
# How long a stopped game may take to save and leave before it counts as left running.
LEAVE_WITHIN = 15.0


def _data() -> Path:
    return Path(os.environ["ABLUXXEN_DATA_DIR"])


def _slow_game(args: list[str], draws: Path | None = None, *, slow_once: Path | None = None) -> PtyScreen:
    """The command at a slow terminal; each of its redraws noted in ``draws``, when given; slow only
    once the file ``slow_once`` exists, when given."""
    env = {"DRAWS": str(draws)} if draws else {}
    if slow_once:
        env["SLOW_ONCE"] = str(slow_once)
    return PtyScreen(args, script=_SLOW_TERMINAL, env=env or None)


def _redrawing(term: PtyScreen, draws: Path, keys: str) -> None:
    """Type ``keys`` and return once the redraw they cause is under way (it then takes 0.3 s more)."""
    def drawn() -> int:
        return draws.read_text().count("\n") if draws.exists() else 0

    before = drawn()
    term.send(keys)
    deadline = time.monotonic() + LEAVE_WITHIN
    while drawn() == before:
        assert time.monotonic() < deadline, f"no redraw after {keys!r}; the screen:\n{term.text()}"
        term.read(0.01)


def _left(term: PtyScreen) -> int | None:
    """The exit status once the program has left; ``None`` when it is still running after
    :data:`LEAVE_WITHIN` seconds (then it is killed, and its save examined as it is)."""
    child = term.child

    def gone() -> bool:
        term.read(0.05)  # whatever it still writes goes on the screen (waiting for it a while, if it writes)
        return not child.isalive()

    try:
        until_blocking(gone, "the program to leave", LEAVE_WITHIN, every=0.01)
    except AssertionError:
        child.ptyproc.kill(signal.SIGKILL)
        child.ptyproc.wait()
        return None
    status: int | None = child.exitstatus
    return status


def _the_save() -> Path:
    (path,) = _data().glob("*.json")
    return path


def _first_move() -> str:
    return Game.new(Rules(2), seed=11).legal_moves()[0]


def test_sigterm_while_the_hard_bot_thinks_saves_and_leaves_with_143() -> None:
    """The bot thinks off the event loop: the stop is answered at once, never taken for a faulty bot."""
    term = PtyScreen(["play", "--players", "bot:hard,Ann", "--seed", "11", "--delay", "0", "--lang", "en"])
    term.until("Ada is thinking")
    term.kill(signal.SIGTERM)
    assert _left(term) == 143
    assert len(read_save(_the_save()).transcript.moves) <= 1  # saved: at most the move it had made


def test_sigterm_while_the_terminal_redraws_saves_and_leaves_with_143(tmp_path: Path) -> None:
    draws = tmp_path / "draws"
    term = _slow_game(["play", "--players", "Ann,bot:easy", "--seed", "11", "--delay", "0", "--lang", "en"], draws)
    term.until(asking("Ann"), settled=True)
    _redrawing(term, draws, "p")  # a redraw starts …
    term.kill(signal.SIGTERM)  # … and the stop lands in it
    assert _left(term) == 143
    assert read_save(_the_save()).transcript.moves == []  # saved, and nothing was played


def test_closing_the_terminal_at_the_move_prompt_leaves_a_save_that_resumes(tmp_path: Path) -> None:
    draws = tmp_path / "draws"
    term = _slow_game(["play", "--players", "Ann,bot:easy", "--seed", "11", "--delay", "0", "--lang", "en"], draws)
    term.until(asking("Ann"), settled=True)
    term.answer(_first_move(), asking("Ann"))  # her next decision
    _redrawing(term, draws, "p")
    term.close_window()
    assert _left(term) == 129
    path = _the_save()
    assert len(read_save(path).transcript.moves) >= 1
    SaveLock(path).acquire().release()  # nobody holds it: `abluxxen resume` may take it
    again = _slow_game(["resume", str(path)])
    again.until(asking("Ann"), settled=True)
    again.kill(signal.SIGTERM)
    assert _left(again) == 143


def test_closing_the_terminal_at_the_score_screens_quit_question_gets_the_game_recorded(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    records_path().mkdir(parents=True)  # the records cannot take the game as it ends: its save waits
    draws = tmp_path / "draws"
    slow = tmp_path / "slow"
    term = _slow_game(["play", "--players", "bot:easy,bot:easy", "--seed", "4", "--delay", "0", "--lang", "en"],
                      draws, slow_once=slow)
    term.until("Play again")
    slow.touch()  # the game played at full speed; from its score screen on, the terminal is slow
    term.send("\x03")  # Ctrl-C
    term.until("Quit?")
    _redrawing(term, draws, "n")  # the answer is being drawn …
    term.close_window()  # … as the window closes
    assert _left(term) == 129
    assert read_save(_the_save()).finished
    records_path().rmdir()
    assert main(["stats", "--json"]) == 0  # the next command records the finished game
    assert len(json.loads(capsys.readouterr().out)["games"]) == 1
    assert not list(_data().glob("*.json"))
    with open_records() as records:
        assert records.count() == 1


_STUCK_GAME = """
import signal, sys, time
from pathlib import Path
from abluxxen.store.save_lock import SaveLock
# A game that stays when its terminal closes: it notes the hang-up (in the file named second) and goes on.
signal.signal(signal.SIGHUP, lambda signum, frame: Path(sys.argv[2]).write_text("hung up"))
signal.signal(signal.SIGTERM, signal.SIG_IGN)
lock = SaveLock(Path(sys.argv[1])).acquire()
print("holding", flush=True)
time.sleep(600)  # stuck: it stays until it is made to go
"""


def test_a_game_whose_terminal_has_gone_gives_its_save_up_to_resume(tmp_path: Path) -> None:
    term = _slow_game(["play", "--players", "Ann,bot:easy", "--seed", "11", "--delay", "0", "--lang", "en"])
    term.until(asking("Ann"), settled=True)
    term.answer(_first_move(), asking("Ann"))
    term.kill(signal.SIGTERM)
    assert _left(term) == 143
    path = _the_save()
    hung_up = tmp_path / "hung up"
    stuck = PtyScreen([str(path), str(hung_up)], script=_STUCK_GAME)
    stuck.until(lambda _: "holding\r\n" in stuck.raw())  # the whole line: its print is over
    stuck.close_window()  # its terminal is gone; the process stays, holding the save
    until_blocking(hung_up.exists, "the stuck game to be told its terminal closed", LEAVE_WITHIN)
    assert stuck.child.isalive()
    again = _slow_game(["resume", str(path), "--lang", "en"])
    assert again.sees("Ann ›", "open in another terminal") == 0  # the stuck game was made to let go
    assert not stuck.child.isalive()
    again.kill(signal.SIGTERM)
    assert _left(again) == 143
    assert len(read_save(path).transcript.moves) >= 1


def test_a_game_open_in_a_live_terminal_keeps_its_save() -> None:
    term = _slow_game(["play", "--players", "Ann,bot:easy", "--seed", "11", "--delay", "0", "--lang", "en"])
    term.until(asking("Ann"), settled=True)
    other = _slow_game(["resume", "--lang", "en"])
    other.until("open in another terminal")
    assert _left(other) == 1
    assert term.child.isalive()
    term.kill(signal.SIGTERM)
    assert _left(term) == 143
