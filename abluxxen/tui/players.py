"""Who answers a seat: a person at this terminal, or a bot.

The game loop asks a seat's :class:`Player` for a move and never asks who is
behind it; a seat played from another terminal will be one more kind.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Protocol

from prompt_toolkit import PromptSession

from .. import bots
from ..bots import Bot
from ..bots.common import stable_seed
from ..events import Event
from ..view import View
from .commands import Command
from .i18n import Tr
from .prompt import ask_move
from .screen import Screen


class Front(Protocol):
    """What a seat's player uses of the game at this terminal."""

    screen: Screen
    session: PromptSession[str]
    tr: Tr
    delay: float
    notes: dict[int, str]
    unseen_draws: dict[int, list[int]]

    def draw(self, view: View, message: str) -> None:
        """The table for the seat that decides, its hand included."""

    def draw_watch(self, message: str = "") -> None:
        """The table while a bot decides."""

    def reveal_draws(self) -> None:
        """Show the last person their cards drawn from the deck before the keyboard leaves them."""

    def handover(self, seat: int, view: View) -> None:
        """Pass the keyboard to ``seat`` (when another person saw the screen last)."""

    def command(self, command: Command, view: View) -> str:
        """Answer a command typed at the move prompt."""

    def repeats(self) -> int:
        """How many times the position on the table occurred before in this game."""


class Player(Protocol):
    """What the loop needs of a seat."""

    def move(self, view: View) -> str:
        """The seat's move in the position ``view`` shows (the seat decides now)."""

    def moved(self, move: str) -> None:
        """Called once ``move`` has been applied and saved."""

    def update(self, view: View, events: Sequence[Event]) -> None:
        """What a move caused, as this seat may see it (every seat is told every move)."""


# The hard bot's budget at the table: its default, in iterations (a time budget
# gives different moves from run to run, and undo must bring back the same replies).
TABLE_THINK = bots.DEFAULT_THINK


class RandomBot:
    """Plays a random legal move: stands in for a bot that failed mid-game."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        """A legal move of the view, at random."""
        return self.rng.choice(view.legal_moves())


class BotPlayer:
    """A bot at the table: the others watch it move, then a short pause.

    Args:
        table: the game at this terminal.
        level: ``easy``, ``normal`` or ``hard``.
        seed: the bot's seed; with the same seed a position always gets the same move
            (every bot seeds each decision from its seed and the view, and the
            hard bot searches a fixed number of iterations here).
    """

    def __init__(self, table: Front, level: str, *, seed: int | None) -> None:
        self.table = table
        self.level = level
        self.seed = seed
        self._bot: Bot | None = None

    @property
    def bot(self) -> Bot:
        """The bot itself, made on first use; a random one if it cannot be made."""
        bot = self._bot
        if bot is None:
            try:
                bot = bots.make_bot(self.level, seed=self.seed, think=TABLE_THINK)
            except Exception:  # noqa: BLE001 - a bot that cannot start must not end the game
                bot = RandomBot(self.seed)
            self._bot = bot
        return bot

    def move(self, view: View) -> str:
        """The bot's move; a random legal one if the bot fails or answers nonsense."""
        self.table.reveal_draws()
        self.table.draw_watch()
        try:
            move = self.bot.choose(view)
            view.check(move)
        except Exception:  # noqa: BLE001 - a faulty bot must not end the game
            move = RandomBot(stable_seed(self.seed, view)).choose(view)
        return bots.vary(move, view, self.table.repeats())

    def update(self, view: View, events: Sequence[Event]) -> None:
        """A bot reads the table afresh at each decision: nothing to keep."""

    def moved(self, move: str) -> None:
        """Show the move, then pause so people can follow."""
        self.table.draw_watch()
        if self.table.delay:
            time.sleep(self.table.delay)


class HumanPlayer:
    """A person at this terminal: the keyboard is handed over, the table shown, the move asked.

    A forced move (the only legal one) is played without asking, and the
    player is told about it next time.

    Args:
        table: the game at this terminal.
        seat: the person's seat.
    """

    def __init__(self, table: Front, seat: int) -> None:
        self.table = table
        self.seat = seat
        self._forced = False

    def move(self, view: View) -> str:
        """The move the person types (after the handover, with their table on screen)."""
        table, seat = self.table, self.seat
        legal = view.legal_moves()
        self._forced = len(legal) == 1
        if self._forced:
            return legal[0]
        table.handover(seat, view)
        table.unseen_draws.pop(seat, None)  # the hand is about to be on screen
        message = table.notes.pop(seat, "")
        width, _ = table.screen.size()
        return ask_move(view, table.tr, session=table.session, width=width, message=message,
                        show=lambda text: table.draw(view, text),
                        on_command=lambda command: table.command(command, view))

    def update(self, view: View, events: Sequence[Event]) -> None:
        """Keep what this person must be told when the keyboard comes to them: the cards they drew
        from the deck (nobody else is told them), and cards another player took from them."""
        table, tr = self.table, self.table.tr
        for event in events:
            if event.kind == "draw" and event.source == "deck" and event.seat == self.seat:
                drawn = table.unseen_draws.setdefault(self.seat, [])
                drawn.extend(event.cards)
                table.notes[self.seat] = tr("you_drew", cards=tr.cards_words(drawn))
        for event in events:
            if event.kind == "take" and event.other == self.seat and event.seat is not None:
                table.notes[self.seat] = tr("took_yours", name=view.names[event.seat],
                                            cards=tr.owned_words(event.cards), n=len(event.cards))

    def moved(self, move: str) -> None:
        """Note a forced move for the person, to read when their turn comes."""
        if self._forced:
            self.table.notes[self.seat] = self.table.tr("forced", move=self.table.tr.spoken(move))
