"""The hot-seat game at one terminal: the table's front end that draws, asks and hands over.

The loop itself is the table's (:meth:`~abluxxen.table.Table.play_match`):
this front end gives it a player per seat (a person at this keyboard or a
bot), says what follows each move and each game, and keeps what each person
must be told when the keyboard comes back to them. Friends pass one
keyboard around; bots fill seats. The table is drawn from
one seat's view at a time; whenever the next decision belongs to a human
other than the one who last saw a hand, the screen and its scrollback are
wiped and a neutral "Pass to …" screen waits for Enter before the hand
appears. With one human and bots there are no handovers.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from prompt_toolkit import PromptSession
from rich.align import Align
from rich.cells import cell_len

from ..match import Match
from ..phase import Phase
from ..seeds import new_seed
from ..store.saves import (
    SaveBusy,
    Saved,
    SaveError,
    SaveLock,
    Seat,
    clean_leftovers,
    new_save_path,
)
from ..table.table import Table, records_kind, run_now, start_event
from ..view import View
from .commands import Command
from .drawing import TableInfo, render_table, table_info
from .handlers import Commands, Quit
from .i18n import Tr
from .pager import Pager
from .pages import replay_line
from .players import BotPlayer, HumanPlayer
from .prompt import ask_line, discard_input
from .scores import ScoreScreen
from .stops import Stops
from .terminal import Terminal, TerminalGone, terminal_gone


class TableApp:
    """Runs a match at one terminal until it ends or the players quit.

    Args:
        saved: the match, seats and settings (new or resumed).
        path: the save file, rewritten after every move (``None``: the game is never saved).
        screen: the terminal.
        session: the prompt session.
        delay: pause after each bot move (default: the saved one).
        lock: the save's lock, already taken (default: :meth:`run` takes it).
    """

    def __init__(self, saved: Saved, path: Path | None, *, screen: Terminal, session: PromptSession[str],
                 delay: float | None = None, lock: SaveLock | None = None) -> None:
        self.stops = Stops()
        self.table = Table(saved, path, lock=lock, shield=self.stops.shielded)
        self.save_reason = ""
        self.screen = screen
        self.session = session
        self.tr = Tr(saved.lang)
        self.pager = Pager(screen, session, self.tr)
        self.delay = saved.delay if delay is None else delay
        self.humans = [s for s, seat in enumerate(saved.seats) if not seat.is_bot]
        self.players: dict[int, HumanPlayer | BotPlayer] = {}
        self.last_seen: int | None = None
        self.notes: dict[int, str] = {}
        # Cards each human drew from the deck since their hand was last on screen.
        self.unseen_draws: dict[int, list[int]] = {}
        self.save_problem = ""
        # With several humans, undo reaches back only to the move at which the keyboard
        # last came to ``floor_seat`` (nobody else has seen the table since).
        self.undo_floor = 0
        self.floor_seat: int | None = None
        # The notes and unseen draws as they were before each move (by transcript length):
        # an undo must also forget what the moves taken back had to tell.
        self.before: dict[int, tuple[dict[int, str], dict[int, list[int]]]] = {}
        self.record_problem = ""
        self.commands = Commands(self)

    # -- state ---------------------------------------------------------------------

    @property
    def saved(self) -> Saved:
        """The match, seats and settings being played (the table's)."""
        return self.table.saved

    @saved.setter
    def saved(self, saved: Saved) -> None:
        self.table.saved = saved

    @property
    def path(self) -> Path:
        """The save file."""
        assert self.table.path is not None
        return self.table.path

    @property
    def unsaved(self) -> bool:
        """Whether the position on the table is newer than the last good save."""
        return self.table.unsaved

    @property
    def match(self) -> Match:
        """The match being played."""
        return self.saved.match

    @property
    def seats(self) -> list[Seat]:
        """Who plays each seat."""
        return self.saved.seats

    def info(self) -> TableInfo:
        """Match facts for the table."""
        return table_info(self.saved, seed_shown=self.seed_shown())

    def seed_shown(self) -> bool:
        """Whether the seed may be shown (only once the match is over: see :meth:`Table.seed_shown`)."""
        return self.table.seed_shown()

    def player(self, seat: int) -> HumanPlayer | BotPlayer:
        """Who answers a seat: a person here or a bot (made on first use)."""
        if seat not in self.players:
            if self.seats[seat].is_bot:
                self.players[seat] = BotPlayer(self, self.table.bot(seat))
            else:
                self.players[seat] = HumanPlayer(self, seat)
        return self.players[seat]

    # -- running -------------------------------------------------------------------

    def run(self) -> int:
        """Play until the end or a quit; the exit status (130 after Ctrl-C; 1 when the
        save is open in another terminal, or the latest moves could not be saved)."""
        try:
            self.table.lock(self.path)
        except SaveBusy:
            self.screen.leave()
            print(self.tr("save_busy", path=self.path), file=sys.stderr)
            return 1
        clean_leftovers(self.path.parent)
        self.stops.install()
        try:
            status = self._run_screen()
        finally:
            self.stops.restore()
            self.table.unlock()
        if self.unsaved and status == 0:
            status = 1
        if self.screen.lost:
            return status
        try:
            if self.match.game.is_over and self.screen.alternate:
                # The game's screen is gone with the alternate screen: its scores stay in sight.
                self.screen.console.print(self._score_screen(seed=False))  # the replay line follows
            if self.unsaved:
                self._tell_unsaved()
            elif not self.saved.finished:
                print(self.tr("saved_at", path=self.path))
            if self.record_problem:
                print(self.record_problem, file=sys.stderr)
            replay = self.replay_line()
            if replay:
                print(replay)
        except OSError:
            pass  # nowhere left to say it
        return status

    def _tell_unsaved(self) -> None:
        """The truth about a failed autosave, wrapped to the terminal's width."""
        lines = [self.tr("not_saved_exit", reason=self.save_reason)]
        lines.append(self.tr("not_saved_kept", path=self.path) if self.table.last_good
                     else self.tr("not_saved_none", dir=self.path.parent))
        width = max(40, min(self.screen.size()[0], 100))
        for line in lines:
            print(textwrap.fill(line, width=width, break_long_words=False, break_on_hyphens=False),
                  file=sys.stderr)

    def _run_screen(self) -> int:
        """The game on the alternate screen; a terminal that goes away saves and ends it (129)."""
        try:
            self.screen.enter()
            return self._loop()
        except (TerminalGone, OSError) as err:
            if isinstance(err, OSError) and not terminal_gone(err):
                raise
            self.stops.leaving()
            self.screen.lost = self.screen.lost or not isinstance(err, TerminalGone) or err.status == 129
            self.save()
            return err.status if isinstance(err, TerminalGone) else 129
        finally:
            self.screen.leave()

    def replay_line(self) -> str:
        """How to replay this match's deals, or ``""`` while the seed must stay secret."""
        return replay_line(self.saved, self.tr, shown=self.seed_shown())

    def _loop(self) -> int:
        self._take_seats()
        self.save()
        while True:
            try:
                # The table's loop, run here and now: every seat's answer comes from this keyboard.
                run_now(self.table.play_match(self))
                return 0
            except Quit as stop:
                self.save()
                return stop.status
            except KeyboardInterrupt:
                if self.confirm_quit():
                    self.save()
                    return 130
            except EOFError:
                if self.session.input.closed:  # not Ctrl-D: the terminal itself is gone
                    raise TerminalGone(129) from None
                if self.confirm_quit():
                    self.save()
                    return 0

    # -- the table's front end (table.Front) -----------------------------------------

    def moving(self, seat: int, move: str) -> None:
        """Keep what each person was still to be told: an undo of this move brings it back."""
        self.before[len(self.saved.transcript.moves)] = (
            dict(self.notes), {s: list(cards) for s, cards in self.unseen_draws.items()})

    async def moved(self, seat: int, move: str, *, forced: bool = False) -> None:
        """Say on the table if the autosave failed; the seat shows its move (a bot's, with a pause),
        and a person is told when it was their only one. Each person's own notes came to their seat
        when the table told it: HumanPlayer.update."""
        self._note_save()
        if forced and not self.seats[seat].is_bot:
            self.notes[seat] = self.tr("forced", move=self.tr.spoken(move))
        self.player(seat).moved(move)

    async def between_games(self, problem: Exception | None) -> bool:
        """The score screen; whether to go on (the next game, or a new match)."""
        return self._end_of_game(problem)

    def _take_seats(self) -> None:
        """Every seat's player sits at the table from the start, to be told every move."""
        self.table.seats = {seat: self.player(seat) for seat in range(len(self.seats))}

    def save(self) -> None:
        """Write the save file; a failure is shown on the table and play goes on.

        A finished match whose record is written has no save any more: the records hold it.
        (The table writes it under its shield, this terminal's ``Stops.shielded``.)
        """
        self.table.save()
        self._note_save()

    def _note_save(self) -> None:
        """Say on the table when the autosave failed (and stop saying it once one works)."""
        err = self.table.save_failure
        if err is None:
            self.save_problem = ""
            return
        # Keep playing, and say so on the table; the last good save (if any) stays in place.
        if isinstance(err, SaveError):
            self.save_reason = self.tr("save_unreadable")
        else:
            self.save_reason = self.tr.os_reason(err)
        self.save_problem = self.tr("not_saved", reason=self.save_reason)
        if cell_len(self.save_problem) > 80:
            self.save_problem = self.tr("not_saved_short")

    # -- drawing ---------------------------------------------------------------------

    def draw(self, view: View, message: str) -> None:
        """The table for the seat that decides, its hand included."""
        self.pager.ensure_size()
        cols, rows = self.screen.size()
        message = message or self.save_problem
        self.screen.show(render_table(view, self.saved.log, self.tr, info=self.info(), show_hand=True,
                                      width=cols, height=rows - 2, message=message))

    def draw_watch(self, message: str = "") -> None:
        """The table while a bot decides: the one human's hand, or no hand at all."""
        self.pager.ensure_size()
        cols, rows = self.screen.size()
        game = self.match.game
        if len(self.humans) == 1:
            view, show_hand = game.view(self.humans[0]), True
        else:
            view, show_hand = game.view(self.last_seen or 0), False
        self.screen.show(render_table(view, self.saved.log, self.tr, info=self.info(), show_hand=show_hand,
                                      width=cols, height=rows - 2, message=message or self.save_problem,
                                      viewer=view.seat if show_hand else None))

    # -- bots and handovers ------------------------------------------------------------

    def reveal_draws(self) -> None:
        """Before the keyboard leaves a player, show them the cards they just drew from the deck.

        With one human the table keeps their hand on screen; with several, the
        next screen hides it, so their own table is shown once more first.
        """
        seat = self.last_seen
        if len(self.humans) < 2 or seat is None or not self.unseen_draws.get(seat) or self.match.game.is_over:
            return
        drawn = self.unseen_draws.pop(seat)
        self.notes.pop(seat, None)
        view = self.match.game.view(seat)
        ignored = self._typed_ahead()
        self.pager.ensure_size()
        cols, rows = self.screen.size()
        message = "\n".join(filter(None, (self.tr("you_drew", cards=self.tr.cards_words(drawn)), ignored)))
        # Nobody thinks yet: the next seat is asked only once this person has pressed Enter.
        self.screen.show(render_table(view, self.saved.log, self.tr, info=self.info(), show_hand=True,
                                      width=cols, height=rows - 2, message=message, waiting=False))
        ask_line(self.session, self.tr("drew_enter"))

    def handover(self, seat: int, view: View) -> None:
        if len(self.humans) > 1 and seat != self.last_seen:
            self.reveal_draws()
            name = self.seats[seat].name
            reason = {Phase.BACK_OR_DISCARD: "pass_why.answer", Phase.DRAW: "pass_why.draw"}.get(
                view.phase, "pass_why.play")
            ignored = self._typed_ahead()
            self.pager.ensure_size()
            self.screen.show_center(self.tr("pass_to", name=name),
                                    "\n".join(filter(None, (self.tr(reason, name=name),
                                                             self.tr("pass_private", name=name), ignored))))
            ask_line(self.session, "")
            if seat != self.floor_seat:
                self.undo_floor, self.floor_seat = len(self.saved.transcript.moves), seat
                self.before = {}
        self.last_seen = seat

    def _typed_ahead(self) -> str:
        """Discard keys typed before the next screen is drawn; the note saying so, if there were any.

        Called before drawing, never after: what is typed once the screen shows is the answer.
        """
        return self.tr("typed_ahead") if discard_input(self.session.input) else ""

    # -- commands ----------------------------------------------------------------------

    def command(self, command: Command, view: View) -> str:
        """Answer a command typed at the move prompt (see :class:`.handlers.Commands`); a line to show
        with the table, if any."""
        return self.commands.answer(command, view)

    def forget_after(self, upto: int) -> None:
        """Forget what the moves from ``upto`` on had to tell (they were taken back)."""
        notes, unseen = self.before.get(upto, ({}, {}))
        self.notes, self.unseen_draws = dict(notes), {s: list(c) for s, c in unseen.items()}
        self.before = {n: kept for n, kept in self.before.items() if n < upto}

    def confirm_quit(self) -> bool:
        """Save, then ask whether to stop; ``True`` to stop (the terminal gone counts as yes)."""
        self.save()
        question = self.tr("quit_ask_unsaved" if self.unsaved else "quit_ask")
        self.screen.show_center(question.split("?")[0] + "?", self.save_problem or str(self.path))
        try:
            answer = ask_line(self.session, question)
        except (KeyboardInterrupt, EOFError):
            if self.session.input.closed:
                raise TerminalGone(129) from None
            return True
        if self.tr.yes(answer):
            return True
        self.last_seen = None if len(self.humans) > 1 else self.last_seen
        return False

    # -- end of game ---------------------------------------------------------------------

    def _records_problem(self, err: Exception | None) -> str:
        """The warning when the records could not take the game just over: recorded later when its
        save holds its end (a finished match's save stays, and the next command that opens the
        records takes it), else not at all (the end could not be saved either)."""
        if err is None:
            return ""
        reason = self.tr(f"records.{records_kind(err)}")
        if self.table.unsaved:
            return self.tr("records_not", reason=reason)
        later = self.tr("records_later") if self.table.journal_kept else ""
        return "\n".join(filter(None, (self.tr("records_failed", reason=reason), later)))

    def _score_screen(self, *, seed: bool = True) -> ScoreScreen:
        """The scores of the game just over (and the match's totals), with the seed when it may be shown."""
        match = self.match
        return ScoreScreen(match, self.tr, bots=[s.is_bot for s in self.seats],
                           seed=match.seed if seed and self.seed_shown() else None, assisted=self.saved.assisted)

    def _end_of_game(self, err: Exception | None) -> bool:
        """The score screen of the game just booked; whether to go on (next game or a new match)."""
        match = self.match
        self._note_save()
        self.record_problem = self._records_problem(err)
        ignored = "\n".join(filter(None, (self.record_problem, self._typed_ahead())))
        self.screen.show(Align.center(self._score_screen()))
        if not match.is_over:
            if not self.tr.yes(ask_line(self.session, _noted(ignored, self.tr("next_game"))), default=True):
                return False
            self.table.next_game()
        else:
            if not self.tr.yes(ask_line(self.session, _noted(ignored, self.tr("play_again")))):
                return False
            seed = new_seed()
            names = [s.name for s in self.seats]
            # The start keeps moving clockwise from where the last match left it.
            first = (match.first + match.games) % match.rules.players
            fresh = Match(match.rules, games=match.games, seed=seed, names=names, first=first)
            self.saved = Saved(match=fresh, seats=self.seats, lang=self.saved.lang, delay=self.delay,
                               log=[start_event(fresh)])
            self.table.move_to(new_save_path(self.path.parent, names))
            self.record_problem = ""  # the score screen said it; what is said on leaving is this match's
            self.players = {}
            self._take_seats()
        self.last_seen = None
        self.undo_floor, self.floor_seat = 0, None
        self.before = {}
        self.unseen_draws = {}
        self.notes = {}
        self.save()
        return True


def _noted(note: str, question: str) -> str:
    """A question with a note on the line above it, if there is one."""
    return f"{note}\n{question}" if note else question
