"""Shared helpers for the engine tests: positions written by hand as save documents.

A scenario names only the cards that matter; :func:`make_doc` puts every other
card of the 109 into the deck (below the named top cards), the discard pile or
out of the game, so the document is a legal save.
"""

from __future__ import annotations

import io
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pty_screen import TIMEOUT as TIMEOUT  # the pseudo-terminal tests read it from here too
from pty_screen import terminal_env
from waiting import until

from abluxxen import Event, Game, Rules, Transcript
from abluxxen.bots import make_bot
from abluxxen.engine.cards import full_deck, parse_token, token
from abluxxen.engine.save import game_to_json
from abluxxen.engine.state import State

Cards = str | Sequence[str]


def toks(cards: Cards) -> list[str]:
    """Tokens from ``"7 7 X"`` (or a list of tokens), canonical order."""
    words = cards.split() if isinstance(cards, str) else list(cards)
    return [token(c) for c in sorted(parse_token(w) for w in words)]


def _pool_slots(pool: Cards) -> list[str]:
    return pool.split() if isinstance(pool, str) else list(pool)


def make_doc(*, hands: Sequence[Cards], players: int | None = None, variant: str = "base",
             duel: bool | None = None, tiebreak: str = "fewest-hand",
             names: Sequence[str] | None = None, turn: int = 0,
             displays: Sequence[Sequence[Cards]] | None = None, pool: Cards = (),
             deck: Cards = (), discard: Cards = (), shadow: Cards = (), removed: Cards = (),
             known: Sequence[Cards] | None = None, pending: dict[str, Any] | None = None,
             rest: str = "deck") -> dict[str, Any]:
    """A save document with the named cards; the remaining cards go to ``rest``.

    Args:
        hands: one entry per seat, e.g. ``"7 7 X"``.
        displays: per seat, layers bottom to top, e.g. ``[["5 5 5", "9"], []]``.
        pool: slots, e.g. ``"1 2 3 4 5 6"`` or ``["4+13+X", "7"]``.
        deck: the deck's top cards, top first; the rest (if ``rest == "deck"``)
            lies below them in ascending order.
        rest: where the cards nobody named go: ``"deck"``, ``"discard"`` or ``"removed"``.
    """
    n = players if players is not None else len(hands)
    displays = displays if displays is not None else [[] for _ in range(n)]
    doc: dict[str, Any] = {
        "format": "abluxxen/1",
        "rules": Rules(n, variant, duel, tiebreak).to_json(),
        "turn": turn,
        "hands": [toks(h) for h in hands],
        "displays": [[toks(layer) for layer in d] for d in displays],
        "pool": [("+".join(toks(slot.split("+")))) for slot in _pool_slots(pool)],
        "deck": list(deck.split() if isinstance(deck, str) else deck),
        "discard": toks(discard),
        "shadow": toks(shadow),
        "removed": toks(removed),
    }
    if names is not None:
        doc["names"] = list(names)
    if known is not None:
        doc["known"] = [toks(k) for k in known]
    if pending is not None:
        doc["pending"] = pending
    left = remaining_cards(doc)
    if rest == "deck":
        doc["deck"] += left
    else:
        doc[rest] += left
    return doc


def remaining_cards(doc: dict[str, Any]) -> list[str]:
    """Tokens of the 109 not yet placed in ``doc``, ascending.

    Raises:
        AssertionError: when the document already names a card too often.
    """
    left = [token(c) for c in full_deck()]
    for tok in doc_cards(doc):
        assert tok in left, f"the scenario names more {tok}s than the game has"
        left.remove(tok)
    return left


def position(**kwargs: Any) -> Game:
    """The game of :func:`make_doc`'s document (same arguments)."""
    return Game.from_json(make_doc(**kwargs))


def push_all(game: Game, *moves: str) -> list[Event]:
    """Push moves in order; all the events they caused."""
    events: list[Event] = []
    for move in moves:
        events += game.push(move)
    return events


def take_position(attacker_hand: str, *, small_hand: bool = False) -> Game:
    """Three players; seat 0 plays two 9s and abluxxes seat 1's two 5s, and must take or leave them.

    With ``small_hand``, seat 2 holds only two cards, so the game is near its end.
    """
    other = "1 2" if small_hand else "1 2 3 4 6 6 8 10 11 12 13"
    game = position(hands=[attacker_hand, "1 2 3 4 6 7 8 10 11 12", other],
                    displays=[[], ["5 5"], []], pool="1 2 3 4 6 7")
    push_all(game, "play 9 9")
    assert game.phase_name == "take"
    return game


def pair_take_position(players: int) -> Game:
    """Seat 0 plays two 9s, abluxxes seat 1's two 5s (it holds no 5) and must take or leave them;
    ``players`` is 3, or 2 for the duel."""
    hands = ["9 9 1 3 7 11 12 13 2 4 X", "1 2 3 4 6 7 8 10 11 12", "1 2 3 4 6 6 8 10 11 12 13"][:players]
    game = position(hands=hands, displays=[[], ["5 5"], []][:players], pool="1 2 3 4 6 7",
                    shadow="8 8 10 10" if players == 2 else "")
    push_all(game, "play 9 9")
    assert game.phase_name == "take"
    return game


def ending_position(*, ahead: bool) -> Game:
    """Seat 0 holds three 7s and nothing else: playing them ends the game, won if ``ahead``, else lost."""
    if ahead:
        return position(hands=["7 7 7", "1 2 3 4 5", "1 2 3 4 6"], displays=[["8 8"], ["9"], ["10"]],
                        pool="1 2 3 4 5 6")
    return position(hands=["7 7 7", "1", "2"], displays=[["8"], ["9 9 9 9 9 9"], ["10 10 10 10 10 10"]],
                    pool="1 2 3 4 5 6")


def joker_fight_position() -> Game:
    """Seat 0 can abluxx seat 1's three 9s only by adding its joker to two 10s."""
    return position(hands=["10 10 X 2 3 5 6 8 11 12 13", "1 2 3 4 5 6 7 8 11 12", "1 2 3 4 5 6 7 8 9 11"],
                    displays=[[], ["9 9 9"], []], pool="1 2 3 4 5 6")


def single_draw_position() -> Game:
    """Seat 0 (three 8s in hand) played a lone 2 and may draw one pool card; an 8 lies in the pool."""
    game = position(hands=["8 8 8 2 4 6 11", "1 2 3 4 5 6 7 9 10 12", "1 2 3 4 5 6 7 9 10 11"],
                    displays=[[], [], []], pool="1 3 8 10 12 13")
    push_all(game, "play 2")
    assert game.phase_name == "single-draw"
    return game


def hand_of(game: Game, seat: int) -> list[str]:
    """A seat's hand as tokens, canonical order."""
    return list(game.to_json()["hands"][seat])


def display_of(game: Game, seat: int) -> list[list[str]]:
    """A seat's display as layers of tokens, bottom to top."""
    return [list(layer) for layer in game.to_json()["displays"][seat]]


def pool_of(game: Game) -> list[str]:
    """The pool's slots as tokens, in slot order."""
    return list(game.to_json()["pool"])


def deck_of(game: Game) -> list[str]:
    """The deck as tokens, top first."""
    return list(game.to_json()["deck"])


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of some events, in order."""
    return [e.kind for e in events]


def doc_cards(doc: dict[str, Any]) -> list[str]:
    """Every card a save document names (each pool group card singly)."""
    cards: list[str] = []
    for hand in doc["hands"]:
        cards += hand
    for shown in doc["displays"]:
        for layer in shown:
            cards += layer
    for slot in doc["pool"]:
        cards += slot.split("+")
    for field in ("deck", "discard", "shadow", "removed"):
        cards += doc.get(field, [])
    return cards


def all_cards(game: State) -> list[str]:
    """Every card of the game's save document, sorted (a bot's plain state too)."""
    return sorted(doc_cards(game_to_json(game)), key=parse_token)


FULL_DECK = sorted((token(c) for c in full_deck()), key=parse_token)

ALL_RULES = [
    Rules(2),
    Rules(2, duel=False),
    Rules(3),
    Rules(4),
    Rules(5),
    Rules(2, "advanced"),
    Rules(3, "advanced"),
    Rules(2, "expert"),
    Rules(4, "expert", tiebreak="shared"),
    Rules(2, "expert", duel=False),
    Rules(5, "advanced", tiebreak="shared"),
]


def random_game(rules: Rules, seed: int, *, moves: int | None = None) -> Game:
    """A game dealt with ``seed`` and played on by random legal moves.

    Args:
        moves: stop after this many moves (default: play to the end).
    """
    game = Game.new(rules, seed=seed)
    rng = random.Random(seed)
    done = 0
    while not game.is_over and (moves is None or done < moves):
        game.push(rng.choice(game.legal_moves()))
        done += 1
    return game


def bots_play(game: Game, transcript: Transcript, level: str, *, moves: int | None = None) -> None:
    """Play ``game`` on with a ``level`` bot in every seat, noting each move in ``transcript``.

    The bots are seeded by seat, so the same start gives the same game every time.

    Args:
        moves: stop once the transcript holds this many moves (default: play to the end).
    """
    bots = [make_bot(level, seed=seat) for seat in range(game.rules.players)]
    while not game.is_over and (moves is None or len(transcript.moves) < moves):
        seat = game.to_move
        assert seat is not None
        transcript.push(game, bots[seat].choose(game.view(seat)), seat=seat)


@cache
def bots_game(players: int) -> Transcript:
    """A real game's moves, easy bots at every seat (one per number of players, made once): for records whose readers
    read the seats' results, never the moves."""
    game = Game.new(Rules(players), seed=players)
    transcript = Transcript.of(game)
    bots_play(game, transcript, "easy")
    return transcript


class Keys:
    """A line terminal for tests: the keys typed, a line at each Enter, and every picture the screen
    showed (each once), at ``size``."""

    def __init__(self, keys: str, size: tuple[int, int] = (80, 23)) -> None:
        self.lines = keys.split("\r")[:-1] if keys else []
        self.pictures: list[str] = []
        self.size = size

    async def read_line(self) -> str | None:
        return self.lines.pop(0) if self.lines else None

    def show(self, picture: str, *, asking: bool) -> None:
        if not self.pictures or self.pictures[-1] != picture:
            self.pictures.append(picture)


def play_keys(saved: Any, path: Any, keys: str, *, size: tuple[int, int] = (80, 23)) -> tuple[int, list[str]]:
    """Play ``saved`` at a terminal of ``size`` while ``keys`` are typed (each line answers a question in
    turn; the end of the keys leaves the game, saved); the exit status and every screen shown, as text."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from abluxxen.tui.local import play_here

    typed = Keys(keys, size)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        status = play_here(saved, path, lines=typed)
    return status, typed.pictures


def screens_at_table(saved: Any, path: Any, keys: str, *, size: tuple[int, int] = (80, 23)) -> list[str]:
    """Play ``saved`` at a terminal of ``size`` while ``keys`` are typed; every screen shown, as plain text."""
    return play_keys(saved, path, keys, size=size)[1]


def spawn_terminal(args: Sequence[str], data_dir: Path | None = None, *, rows: int = 24,
                   cols: int = 80) -> tuple[Any, io.StringIO]:
    """``abluxxen ARGS`` in a real pseudo-terminal of ``rows`` × ``cols``, colours on; the child and
    everything it wrote (its ``logfile_read``). A full-screen program draws only what changed: its
    screen is better read through a terminal emulator (``pty_screen.PtyScreen``).

    Args:
        args: the command line after ``abluxxen``.
        data_dir: where saves and records go (default: the test's own, from ``conftest``).
    """
    import pexpect

    env = terminal_env(data_dir, rows=rows, cols=cols)
    child = pexpect.spawn(sys.executable, ["-m", "abluxxen", *args], env=env, encoding="utf-8",
                          dimensions=(rows, cols), timeout=TIMEOUT)
    log = io.StringIO()
    child.logfile_read = log
    return child, log


class Seated:
    """One person at the hot-seat's screen, in this process: the room plays, the person answers lines.

    Made by :func:`seated`: ``screen.answer(line)`` is what Enter does at the prompt, ``screen.message``
    what the screen says under the table, ``table`` the game being played.
    """

    def __init__(self, room: Any, screen: Any, task: Any) -> None:
        self.room, self.screen, self.task = room, screen, task

    @property
    def game(self) -> Any:
        return self.room.match.game

    async def asked(self, timeout: float = 10.0) -> None:
        """Wait until the person decides at the screen (or a question or cover waits for them)."""
        await until(lambda: self.screen.expects_line() or self.task.done(), "the screen to ask", timeout)

    async def type(self, line: str) -> str:
        """Answer ``line`` once asked; what the screen says then."""
        await self.asked()
        chair = self.screen.asked()
        decision = chair.answer if chair is not None else None
        version = self.room.version
        self.screen.answer(line)
        if decision is not None and decision.done():  # a move: the room takes it on its next turns of the loop
            await until(lambda: self.room.version != version and self.screen.expects_line() or self.task.done(),
                        f"the room to take {line!r} and ask again")
        return str(self.screen.message)  # (anything else the screen answers at once)


def seated(game: Any, test: Any, *, seats: Any = None, lang: str = "en", path: Any = None) -> Any:
    """Run ``test(seated)`` (a coroutine function) with ``game`` on the table: Ann at the hot-seat's
    screen, bots in the other seats (or ``seats``), no pause after a bot's move; its result."""
    import asyncio

    def start(room: Any, screen: Any, pipe: Any) -> tuple[Any, Any]:
        screen.sit()
        task = asyncio.get_running_loop().create_task(room.run())
        return task, test(Seated(room, screen, task))

    return _at_hot_seat(game, seats, lang, path, start)


class AtKeyboard:
    """The hot-seat's program at a keyboard, in this process: keys reach its screen as a terminal sends
    them (every key, Enter and Ctrl-C too, through its key bindings and its prompt's line), and the
    screen is read as its person reads it. Made by :func:`at_keyboard`."""

    def __init__(self, room: Any, screen: Any, pipe: Any, playing: Any) -> None:
        self.room, self.screen, self.pipe, self.playing = room, screen, pipe, playing

    def press(self, keys: str) -> None:
        """Type ``keys`` (``\\r`` is Enter, ``\\x03`` Ctrl-C, ``\\x04`` Ctrl-D), all in one read."""
        self.pipe.send_text(keys)

    def text(self) -> str:
        """The screen now: the table (or cover, page, scores), the prompt and what is typed after it."""
        return str(self.screen.picture()) + str(self.screen.buffer.text)

    def settled(self) -> bool:
        """Whether every key typed so far is read and the screen has drawn what it shows (a key typed now
        answers what is on it, never what was before)."""
        import fcntl
        import termios

        waiting = bytearray(4)
        fcntl.ioctl(self.pipe.pipe.read_fd, termios.FIONREAD, waiting)
        app = self.screen.app
        return not int.from_bytes(waiting, sys.byteorder) and app.is_running and not app.invalidated \
            and self.screen.shows_asked()

    async def until(self, wanted: str | Callable[[str], bool], timeout: float = 10.0) -> str:
        """Wait until the screen shows ``wanted`` (and the keys typed so far are read); the screen."""
        test = wanted if callable(wanted) else (lambda text: wanted in text)
        await until(lambda: self.playing.done() or self.settled() and test(self.text()),
                    f"the screen to show {wanted!r}", timeout, shown=lambda: f"the screen:\n{self.text()}")
        if not test(self.text()):
            raise AssertionError(f"the program ended before the screen showed {wanted!r}; the screen:\n{self.text()}")
        return self.text()

    async def status(self, timeout: float = 10.0) -> int:
        """The program's exit status, once its screen is left."""
        import asyncio

        return int(await asyncio.wait_for(self.playing, timeout))


def at_keyboard(game: Any, test: Any, *, seats: Any = None, lang: str = "en", path: Any = None) -> Any:
    """Run ``test(keyboard)`` (a coroutine function, given an :class:`AtKeyboard`) while ``game`` is played
    at the hot-seat as ``abluxxen play`` plays it: Ann at the keyboard, bots in the other seats (or
    ``seats``), no pause after a bot's move, a screen of 80×23; its result."""
    import asyncio

    from abluxxen.tui.local import play

    def start(room: Any, screen: Any, pipe: Any) -> tuple[Any, Any]:
        playing = asyncio.get_running_loop().create_task(play(room, screen))
        return playing, test(AtKeyboard(room, screen, pipe, playing))

    return _at_hot_seat(game, seats, lang, path, start)


def _at_hot_seat(game: Any, seats: Any, lang: str, path: Any, start: Any) -> Any:
    """``game`` at a hot-seat screen of 80×23 fed by a pipe; ``start(room, screen, pipe)`` gives the task
    that plays and the test to await while it does; the test's result."""
    import asyncio

    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from abluxxen.table.room import Room
    from abluxxen.table.table import Table
    from abluxxen.tui.local import HotSeatScreen

    saved = _saved_at(game, seats, lang)

    async def main() -> Any:
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            room = Room(Table(saved, path), delay=0.0)
            screen = HotSeatScreen(room, lang=lang, colours=None)
            screen.fixed_size = (80, 23)
            task, tested = start(room, screen, pipe)
            try:
                return await tested
            finally:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)

    return asyncio.run(main())


def _saved_at(game: Any, seats: Any, lang: str) -> Any:
    """A one-game match at ``game``'s position: Ann (the first name) at the keyboard, easy bots in the other
    seats unless ``seats`` says otherwise."""
    from abluxxen.engine.events import START, Event
    from abluxxen.engine.match import Match
    from abluxxen.store.save_document import Saved, Seat

    names = list(game.names)
    seats = seats or [Seat(names[0])] + [Seat(name, "easy") for name in names[1:]]
    match = Match(game.rules, games=1, seed=3, names=names)
    match.game = game
    return Saved(match=match, seats=seats, lang=lang, delay=0.0, log=[Event(START, game.turn, source="1")])


def in_own_mounts(script: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``script`` (``sh``) run as the root of a user and mount namespace of its own (``unshare -rm``), where it
    may mount a disk of a few kilobytes or make a folder read-only, as a test cannot otherwise without being
    root; the mounts go with it. The test is skipped where the system has no such namespaces for this user.
    """
    probe = subprocess.run(["unshare", "-rm", "true"], capture_output=True, check=False) \
        if shutil.which("unshare") else None
    if probe is None or probe.returncode != 0:
        pytest.skip("no user and mount namespace here (unshare -rm)")
    return subprocess.run(["unshare", "-rm", "sh", "-c", script], env=env, capture_output=True, text=True,
                          timeout=TIMEOUT, check=False)


def named(path: Path) -> str:
    """A pattern (``re``) for ``path`` as a message names it: whole, or cut with "…" to fit the line
    (``quoting.path_shown``): a path a person gave is never printed whole when it is long."""
    return rf"(?:{re.escape(str(path))}|\S*…\S*)"


class Looking:
    """A screen at a table that only looks (a watcher's, or a person's who answers nothing): the room may
    count it present, and it draws nothing."""

    local = False

    def __init__(self, name: str) -> None:
        self.name = name

    def refresh(self) -> None:
        pass

    async def handover(self, seat: int) -> None:
        pass

    def turn_started(self, chair: Any) -> None:
        pass

    def close(self, reason: str) -> None:
        pass
