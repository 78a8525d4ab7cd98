"""Who answers a seat at this terminal: a person at the keyboard, or a bot the others watch.

The table's loop (:meth:`~abluxxen.table.Table.play_game`) asks a seat's
player for a move and never asks who is behind it; these are the hot-seat's
two kinds. Their answers never wait on an event loop: a person's blocks on
the terminal, a bot thinks here.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Protocol

from prompt_toolkit import PromptSession

from ..bots import Bot
from ..events import Event
from ..table.seats import BotSeat
from ..view import View
from .commands import Command
from .i18n import Tr
from .prompt import ask_move
from .terminal import Terminal


class HotSeat(Protocol):
    """What a seat's player uses of the game at this terminal (:class:`.app.TableApp`)."""

    screen: Terminal
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


class BotPlayer:
    """A bot at the table: the others watch it move, then a short pause.

    Args:
        table: the game at this terminal.
        bot: the bot's seat (its level and seed; see :meth:`~abluxxen.table.Table.bot`).
    """

    def __init__(self, table: HotSeat, bot: BotSeat) -> None:
        self.table = table
        self.bot_seat = bot

    @property
    def bot(self) -> Bot:
        """The bot itself (made on first use)."""
        return self.bot_seat.bot

    async def decide(self, view: View) -> str:
        """The bot's move, the table on screen while it thinks."""
        self.table.reveal_draws()
        self.table.draw_watch()
        return self.bot_seat.choose(view)

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

    def __init__(self, table: HotSeat, seat: int) -> None:
        self.table = table
        self.seat = seat

    async def decide(self, view: View) -> str:
        """The move the person types (after the handover, with their table on screen).

        Raises:
            Undone: the person took a decision back (``undo``).
        """
        table, seat = self.table, self.seat
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
        """Nothing to show: the person sees their own move on their next table."""
