"""``abluxxen play``: the hot-seat game at one terminal.

Friends pass one keyboard around; bots fill seats. The table is drawn from
one seat's view at a time; whenever the next decision belongs to a human
other than the one who last saw a hand, the screen and its scrollback are
wiped and a neutral "Pass to …" screen waits for Enter before the hand
appears. With one human and bots there are no handovers.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from prompt_toolkit import PromptSession
from rich.align import Align
from rich.cells import cell_len
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..events import Event
from ..languages import LANGS, default_lang
from ..match import Match
from ..phase import Phase
from ..rules import TIEBREAKS, VARIANTS, Rules
from ..view import View
from .i18n import Tr
from .narrate import START
from .prompt import Command, ask_line, ask_move, discard_input, make_session
from .saves import (
    MAX_DELAY,
    SaveBusy,
    Saved,
    SaveError,
    SaveLock,
    Seat,
    clean_leftovers,
    new_save_path,
    save_dir,
    write_save,
)
from .screen import Screen, TerminalGone, terminal_gone
from .seating import SeatError, guided_setup, parse_players, pick_first
from .stops import Stops
from .table import TableInfo, legend_lines, moves_page, render_table

DEFAULT_DELAY = 0.6
EPILOG = """examples:
  abluxxen play --players "Ann,Ben,Cy"                 three friends, one keyboard
  abluxxen play --players "Ann,bot:hard,bot:normal" --seed 7
  abluxxen play --players "Ann,Ben" --no-duel          plain two-player game
  abluxxen play --players "Ann,bot,bot,bot" --variant expert --match 4 --lang de

At the prompt: type a move (7 7 x, 77x, t/l, b/d; when drawing 7 draws a 7,
deck the deck, a letter a-f a duel group), ? for the legal moves and what the
table's symbols mean, hint, rules TOPIC, quit. Tab completes.
Every move is saved; continue an interrupted game with `abluxxen resume`.
"""


class Bot(Protocol):
    """What the game needs of a bot."""

    def choose(self, view: View) -> str: ...


class RandomBot:
    """Plays a random legal move: stands in for a bot that failed mid-game."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        """A legal move of the view, at random."""
        return self.rng.choice(view.legal_moves())


def load_bot(level: str, seed: int | None) -> Bot:
    """The bot of that level (``easy``, ``normal`` or ``hard``)."""
    from ..bots import make_bot

    bot: Bot = make_bot(level, seed=seed)
    return bot


# -- command line ----------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``abluxxen play``."""
    parser.epilog = EPILOG
    parser.add_argument("--players", metavar="LIST",
                        help='comma-separated seats: names, or bot:easy|normal|hard '
                             '(e.g. "Ann,Ben,bot:hard")')
    parser.add_argument("--variant", choices=VARIANTS, default=None,
                        help="base (default): draw one after a turn without abluxx; advanced: no such "
                             "draw; expert: advanced, and 1s abluxx 13s and jokers")
    parser.add_argument("--no-duel", action="store_true",
                        help="two players without the shadow display")
    parser.add_argument("--tiebreak", choices=TIEBREAKS, default="fewest-hand",
                        help="a tie on points goes to fewest cards in hand (default) or is shared")
    parser.add_argument("--match", type=_positive, default=1, metavar="N",
                        help="play N games, the starting player moving on; points add up (default 1)")
    parser.add_argument("--seed", type=int, default=None, metavar="N",
                        help="deal with this seed (shown on the table) to replay a deal")
    parser.add_argument("--lang", choices=LANGS, default=None,
                        help="language: en or de (default: from the locale)")
    parser.add_argument("--delay", type=seconds, default=None, metavar="SECONDS",
                        help=f"pause after each bot move (default {DEFAULT_DELAY}; 0 for none)")
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help="where games are saved (default: $ABLUXXEN_DATA_DIR or the user data dir)")
    parser.add_argument("--first", metavar="NAME|random", default=None,
                        help="who starts: a player's name, or random (default: the first seat; "
                             "the setup asks)")
    parser.add_argument("--setup", action="store_true",
                        help="ask who plays, variant and duel step by step (what plain `abluxxen` does; "
                             "also the default without --players)")


def seconds(text: str) -> float:
    """``--delay``: seconds from 0 to 10 (argparse prints the refusal on one line)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= MAX_DELAY:  # NaN fails this too
        raise argparse.ArgumentTypeError(f"{text!r}: give 0 to {MAX_DELAY:g} seconds")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def run(args: argparse.Namespace) -> int:
    """Start a game from the command line; the exit status."""
    lang = getattr(args, "lang", None) or default_lang()
    tr = Tr(lang)
    delay = DEFAULT_DELAY if args.delay is None else args.delay
    directory = save_dir(args.save_dir)
    variant = args.variant
    duel: bool | None = False if args.no_duel else None
    if args.players:
        try:
            seats = parse_players(args.players)
        except SeatError as err:
            print(f"abluxxen play: error: {err}", file=sys.stderr)
            return 2
    # The terminal is only touched once the command line is known to be good.
    screen = Screen()
    session = make_session()
    first = args.first
    if not args.players:  # --setup, or no --players given: ask
        screen.enter()
        try:
            screen.console.print(Text(tr("setup_title"), style="bold"))
            screen.console.print()
            setup = guided_setup(
                lambda q: ask_line(session, q, keep=True),
                lambda line: screen.console.print(Text(line, style="yellow")), tr,
                inform=lambda line: screen.console.print(Text(line, style="dim")),
                variant=variant, first=first)
        except (KeyboardInterrupt, EOFError) as stop:
            screen.leave()
            print(tr("setup_left"), file=sys.stderr)
            return 130 if isinstance(stop, KeyboardInterrupt) else 0
        seats, variant, first = setup.seats, setup.variant, setup.first
        duel = setup.duel if not args.no_duel else False
    names = [s.name for s in seats]
    try:
        rules = Rules(len(seats), variant or "base", duel=duel if len(seats) == 2 else None,
                      tiebreak=args.tiebreak)
        start = pick_first(first, names) if first else 0
    except ValueError as err:
        screen.leave()
        print(f"abluxxen play: error: {'--first: ' if isinstance(err, SeatError) else ''}{err}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 1_000_000)
    match = Match(rules, games=args.match, seed=seed, names=names, first=start)
    saved = Saved(match=match, seats=seats, lang=lang, delay=delay, log=[_start_event(match)])
    path = new_save_path(directory, [s.name for s in seats])
    return TableApp(saved, path, screen=screen, session=session).run()


def _start_event(match: Match) -> Event:
    return Event(START, match.game.turn, source=str(match.number + 1))


# -- the game at the table -----------------------------------------------------------------


class Quit(Exception):
    """The players chose to stop (the game is saved)."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class TableApp:
    """Runs a match at one terminal until it ends or the players quit.

    Args:
        saved: the match, seats and settings (new or resumed).
        path: the save file, rewritten after every move.
        screen: the terminal.
        session: the prompt session.
        delay: pause after each bot move (default: the saved one).
        lock: the save's lock, already taken (default: :meth:`run` takes it).
    """

    def __init__(self, saved: Saved, path: Path, *, screen: Screen, session: PromptSession[str],
                 delay: float | None = None, lock: SaveLock | None = None) -> None:
        self.saved = saved
        self.path = path
        self.lock = lock
        # Whether ``path`` holds a good save of this match (a resumed one does), and
        # whether the position on the table is newer than it.
        self.last_good = _has_content(path)
        self.unsaved = False
        self.save_reason = ""
        self.screen = screen
        self.session = session
        self.tr = Tr(saved.lang)
        self.delay = saved.delay if delay is None else delay
        self.humans = [s for s, seat in enumerate(saved.seats) if not seat.is_bot]
        self.bots: dict[int, Bot] = {}
        self.last_seen: int | None = None
        self.notes: dict[int, str] = {}
        self.stops = Stops()
        # Seats that have played this game: an empty display of theirs was emptied.
        self.played = {e.seat for e in saved.log if e.kind == "play" and e.seat is not None}
        self.played |= {s for s, shown in enumerate(saved.match.game.displays) if shown}
        # Cards each human drew from the deck since their hand was last on screen.
        self.unseen_draws: dict[int, list[int]] = {}
        self.save_problem = ""

    # -- state ---------------------------------------------------------------------

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
        match = self.match
        played = self.played | {s for s, shown in enumerate(match.game.displays) if shown}
        return TableInfo(game_number=match.number + 1, games=match.games,
                         seed=match.seed if self.seed_shown() else None,
                         bots=tuple(s.bot for s in self.seats), totals=tuple(match.totals()),
                         played=tuple(seat in played for seat in range(len(self.seats))))

    def seed_shown(self) -> bool:
        """Whether the seed may be shown: it replays the deal, so with two or more
        humans at the table only once the match is over (every game's deal follows from it)."""
        return len(self.humans) <= 1 or self.match.is_over

    def bot(self, seat: int) -> Bot:
        """The bot of a seat, created on first use."""
        if seat not in self.bots:
            level = self.seats[seat].bot or "normal"
            base = self.match.seed if self.match.seed is not None else 0
            self.bots[seat] = load_bot(level, base * 10 + seat)
        return self.bots[seat]

    # -- running -------------------------------------------------------------------

    def run(self) -> int:
        """Play until the end or a quit; the exit status (130 after Ctrl-C; 1 when the
        save is open in another terminal, or the latest moves could not be saved)."""
        try:
            self._lock(self.path)
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
            self._unlock()
        if self.unsaved and status == 0:
            status = 1
        if self.screen.lost:
            return status
        try:
            if self.unsaved:
                self._tell_unsaved()
            elif not self.saved.finished:
                print(self.tr("saved_at", path=self.path))
            replay = self.replay_line()
            if replay:
                print(replay)
        except OSError:
            pass  # nowhere left to say it
        return status

    def _lock(self, path: Path) -> None:
        """Hold ``path``'s lock while its game is open (a folder that takes no files cannot be locked,
        nor saved to: the autosave says so).

        Raises:
            SaveBusy: when another process has the save open.
        """
        if self.lock is not None and self.lock.path == path:
            return
        self._unlock()
        lock = SaveLock(path)
        try:
            self.lock = lock.acquire()
        except OSError:
            self.lock = None

    def _unlock(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        if not self.last_good:
            # A new game's file was reserved empty; never saved, it would only be litter.
            try:
                if self.path.stat().st_size == 0:
                    self.path.unlink()
            except OSError:
                pass

    def _tell_unsaved(self) -> None:
        """The truth about a failed autosave, wrapped to the terminal's width."""
        lines = [self.tr("not_saved_exit", reason=self.save_reason)]
        lines.append(self.tr("not_saved_kept", path=self.path) if self.last_good
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
            self._save()
            return err.status if isinstance(err, TerminalGone) else 129
        finally:
            self.screen.leave()

    def replay_line(self) -> str:
        """How to replay this match's deals, or ``""`` while the seed must stay secret."""
        match = self.match
        if match.seed is None or not self.seed_shown():
            return ""
        specs = ",".join(f"bot:{s.bot}" if s.bot else s.name for s in self.seats)
        rules = match.rules
        options = [f'--players "{specs}"', f"--seed {match.seed}"]
        if rules.variant != "base":
            options.append(f"--variant {rules.variant}")
        if rules.players == 2 and not rules.is_duel:
            options.append("--no-duel")
        if rules.tiebreak != "fewest-hand":
            options.append(f"--tiebreak {rules.tiebreak}")
        if match.games > 1:
            options.append(f"--match {match.games}")
        if match.first:
            options.append(f'--first "{match.names[match.first]}"')
        return self.tr("replay", seed=match.seed, command="abluxxen play " + " ".join(options))

    def _loop(self) -> int:
        self._save()
        while True:
            try:
                if self.match.game.is_over:
                    if not self._end_of_game():
                        return 0
                    continue
                self._step()
            except Quit as stop:
                self._save()
                return stop.status
            except KeyboardInterrupt:
                if self._confirm_quit():
                    self._save()
                    return 130
            except EOFError:
                if self.session.input.closed:  # not Ctrl-D: the terminal itself is gone
                    raise TerminalGone(129) from None
                if self._confirm_quit():
                    self._save()
                    return 0

    def _step(self) -> None:
        game = self.match.game
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        if self.seats[seat].is_bot:
            self._bot_move(seat, view)
            return
        legal = view.legal_moves()
        if len(legal) == 1:
            self._push(legal[0], seat)
            self.notes[seat] = self.tr("forced", move=legal[0])
            return
        self._handover(seat, view)
        self.unseen_draws.pop(seat, None)  # the hand is about to be on screen
        message = self.notes.pop(seat, "")
        width, _ = self.screen.size()
        move = ask_move(view, self.tr, session=self.session, width=width, message=message,
                        show=lambda text: self._draw(view, text),
                        on_command=lambda command: self._command(command, view))
        self._push(move, seat)

    def _push(self, move: str, seat: int) -> None:
        with self.stops.shielded():
            events = self.match.game.push(move, seat=seat)
            self.saved.log.extend(events)
            self._note_private(events)
            self._save()

    def _note_private(self, events: list[Event]) -> None:
        """Remember who has played, and what a human must be told: a card drawn from the deck,
        cards taken from them."""
        names = self.match.names
        self.played |= {e.seat for e in events if e.kind == "play" and e.seat is not None}
        for event in events:
            if event.seat is None or self.seats[event.seat].is_bot:
                continue
            if event.kind == "draw" and event.source == "deck":
                drawn = self.unseen_draws.setdefault(event.seat, [])
                drawn.extend(event.cards)
                self.notes[event.seat] = self.tr("you_drew", cards=self.tr.cards_words(drawn))
        for event in events:
            if event.kind == "take" and event.other is not None and not self.seats[event.other].is_bot:
                self.notes[event.other] = self.tr("took_yours", name=names[event.seat or 0],
                                                  cards=self.tr.owned_words(event.cards), n=len(event.cards))

    def _save(self) -> None:
        try:
            with self.stops.shielded():
                write_save(self.path, self.saved)
        except (OSError, SaveError) as err:
            # Keep playing, and say so on the table; the last good save (if any) stays in place.
            self.unsaved = True
            if isinstance(err, SaveError):
                self.save_reason = self.tr("save_unreadable")
            else:
                self.save_reason = err.strerror or type(err).__name__
            self.save_problem = self.tr("not_saved", reason=self.save_reason)
            if cell_len(self.save_problem) > 80:
                self.save_problem = self.tr("not_saved_short")
            return
        self.unsaved = False
        self.last_good = True
        self.save_problem = ""

    # -- drawing ---------------------------------------------------------------------

    def _ensure_size(self) -> None:
        while not self.screen.big_enough():
            cols, rows = self.screen.size()
            self.screen.show_plain(self.tr("too_small", w=cols, h=rows))
            ask_line(self.session, "")

    def _draw(self, view: View, message: str) -> None:
        """The table for the seat that decides, its hand included."""
        self._ensure_size()
        cols, rows = self.screen.size()
        message = message or self.save_problem
        self.screen.show(render_table(view, self.saved.log, self.tr, info=self.info(), show_hand=True,
                                      width=cols, height=rows - 2, message=message))

    def _draw_watch(self, message: str = "") -> None:
        """The table while a bot decides: the one human's hand, or no hand at all."""
        self._ensure_size()
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

    def _bot_move(self, seat: int, view: View) -> None:
        self._reveal_draws()
        self._draw_watch()
        try:
            move = self.bot(seat).choose(view)
            self._push(move, seat)
        except Exception:  # noqa: BLE001 - a faulty bot must not end the game
            self._push(RandomBot().choose(view), seat)
        self._draw_watch()
        if self.delay:
            time.sleep(self.delay)

    def _reveal_draws(self) -> None:
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
        self._ensure_size()
        cols, rows = self.screen.size()
        message = "\n".join(filter(None, (self.tr("you_drew", cards=self.tr.cards_words(drawn)), ignored)))
        self.screen.show(render_table(view, self.saved.log, self.tr, info=self.info(), show_hand=True,
                                      width=cols, height=rows - 2, message=message))
        ask_line(self.session, self.tr("drew_enter"))

    def _handover(self, seat: int, view: View) -> None:
        if len(self.humans) > 1 and seat != self.last_seen:
            self._reveal_draws()
            name = self.seats[seat].name
            reason = {Phase.BACK_OR_DISCARD: "pass_why.answer", Phase.DRAW: "pass_why.draw"}.get(
                view.phase, "pass_why.play")
            ignored = self._typed_ahead()
            self._ensure_size()
            self.screen.show_center(self.tr("pass_to", name=name),
                                    "\n".join(filter(None, (self.tr(reason, name=name),
                                                             self.tr("pass_private", name=name), ignored))))
            ask_line(self.session, "")
        self.last_seen = seat

    def _typed_ahead(self) -> str:
        """Discard keys typed before the next screen is drawn; the note saying so, if there were any.

        Called before drawing, never after: what is typed once the screen shows is the answer.
        """
        return self.tr("typed_ahead") if discard_input(self.session.input) else ""

    # -- commands ----------------------------------------------------------------------

    def _command(self, command: Command, view: View) -> str:
        if command.name == "?":
            self._moves_page(view)
            return ""
        if command.name == "hint":
            return self._hint(view)
        if command.name == "rules":
            return self._rules(command.words)
        if self._confirm_quit():
            raise Quit(0)
        return ""

    def _moves_page(self, view: View) -> None:
        """The ``?`` page: legal moves, then the table's symbols, kept whole on one page."""
        cols, rows = self.screen.size()
        room = max(1, rows - 2)
        lines = moves_page(view, self.tr, width=cols) + [Text("")]
        legend = legend_lines(view, self.tr, info=self.info(), width=cols)
        used = len(lines) % room
        if used and used + len(legend) > room and len(legend) <= room:
            lines += [Text("")] * (room - used)
        self._page(Group(*lines, *legend))

    def _hint(self, view: View) -> str:
        try:
            from ..bots import hint

            move, reason = hint(view)
        except Exception:  # noqa: BLE001 - a failing hint must not end the game
            return self.tr("no_hint")
        return self.tr("hint", move=move, reason=self.tr.why(reason, view.names))

    def _rules(self, words: tuple[str, ...]) -> str:
        try:
            from ..cli import rules as rulesdoc
        except ImportError:
            return self.tr("no_rules")
        try:
            found = rulesdoc.find(list(words), self.tr.lang)
            topic_help: str = rulesdoc.topic_help(self.tr.lang, command="rules")
        except Exception:  # noqa: BLE001 - the rules reader must not end the game
            return self.tr("no_rules")
        # The topic list opens the whole text, and is what a word that matches nothing gets.
        sections: list[str] = [topic_help] if found.mode in ("whole", "none") else []
        sections += found.sections
        missing = self.tr("no_rules_topic", topic=" ".join(words)) if found.mode == "none" else ""
        cols, _ = self.screen.size()

        def draw(console: Console) -> None:
            if missing:
                console.print(Text(missing, style="bold yellow"))
                console.print()
            rulesdoc.render("\n\n".join(sections), console)

        self._page_lines(_capture(draw, cols, self.screen.console))
        return missing

    def _page(self, renderable: Group) -> None:
        self._page_lines(self.screen.page_lines(renderable))

    def _page_lines(self, lines: list[str]) -> None:
        """Show lines a screenful at a time; Enter pages on, q returns."""
        _, rows = self.screen.size()
        room = max(1, rows - 2)
        for start in range(0, max(1, len(lines)), room):
            self.screen.wipe()
            self.screen.file.write("\n".join(lines[start:start + room]) + "\n")
            self.screen.file.flush()
            last = start + room >= len(lines)
            answer = ask_line(self.session, self.tr("press_enter" if last else "more") + " ")
            if answer.strip().lower() == "q":
                return

    def _confirm_quit(self) -> bool:
        self._save()
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

    def _end_of_game(self) -> bool:
        """The score screen; whether to go on (next game or a new match)."""
        match = self.match
        match.record()
        if match.is_over:
            self.saved.finished = True
        self._save()
        ignored = self._typed_ahead()
        self.screen.show(Align.center(Group(*score_screen(match, self.tr, bots=[s.is_bot for s in self.seats],
                                                          seed=match.seed if self.seed_shown() else None))))
        if not match.is_over:
            if not self.tr.yes(ask_line(self.session, _noted(ignored, self.tr("next_game"))), default=True):
                return False
            match.next_game()
            self.saved.log = [_start_event(match)]
        else:
            if not self.tr.yes(ask_line(self.session, _noted(ignored, self.tr("play_again")))):
                return False
            seed = random.SystemRandom().randrange(1, 1_000_000)
            names = [s.name for s in self.seats]
            # The start keeps moving clockwise from where the last match left it.
            first = (match.first + match.games) % match.rules.players
            fresh = Match(match.rules, games=match.games, seed=seed, names=names, first=first)
            self.saved = Saved(match=fresh, seats=self.seats, lang=self.saved.lang, delay=self.delay,
                               log=[_start_event(fresh)])
            path = new_save_path(self.path.parent, names)
            self._lock(path)  # a new file: nobody else can hold it
            self.path, self.last_good = path, False
            self.bots = {}
        self.last_seen = None
        self.played = set()
        self.unseen_draws = {}
        self.notes = {}
        self._save()
        return True


def _has_content(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def score_screen(match: Match, tr: Tr, *, bots: list[bool] | None = None, seed: int | None = None) -> list[Any]:
    """The end-of-game screen: scores, the winner(s) and why, match totals, and the seed when it may be shown."""
    outcome = match.record()  # books the game once; the outcome of the game on the table
    game = match.game
    names = match.names
    view = game.view(0)
    table = Table(title=tr("end_title", n=match.number + 1), title_style="bold", expand=False)
    table.add_column(tr("col.player"))
    table.add_column(tr("col.display"), justify="right")
    table.add_column(tr("col.hand"), justify="right")
    table.add_column(tr("col.points"), justify="right", style="bold")
    if match.games > 1:
        table.add_column(tr("col.total"), justify="right")
    table.add_column("")
    totals = match.totals()
    for seat, name in enumerate(names):
        shown = sum(len(layer) for layer in view.displays[seat])
        row = [name + (" ⚙" if bots and bots[seat] else ""), str(shown), str(outcome.hand_sizes[seat]),
               f"{outcome.scores[seat]:+d}"]
        if match.games > 1:
            row.append(f"{totals[seat]:+d}")
        row.append("★ " + tr("winner_mark") if seat in outcome.winners else "")
        table.add_row(*row, style="bold green" if seat in outcome.winners else "")
    why = tr("end.hand_empty" if outcome.reason == "hand-empty" else "end.exhausted", name=names[outcome.seat])
    parts: list[Any] = [table, Text(""), Text(why)]
    parts.append(Text(_winner_words(outcome.winners, outcome.scores, names, tr), style="bold"))
    tie = _tiebreak_words(outcome.winners, outcome.scores, outcome.hand_sizes, match.rules.tiebreak, tr)
    if tie:
        parts.append(Text(tie))
    if match.games > 1:
        parts.append(Text(""))
        parts.append(Text(tr("match_title", n=len(match.results), total=match.games), style="bold"))
        parts.append(Text("   ".join(f"{n} {t:+d}" for n, t in zip(names, totals, strict=True))))
        if match.is_over:
            best = match.winners()
            key = "match_winner_one" if len(best) == 1 else "match_winner_many"
            parts.append(Text(tr(key, names=_join([names[s] for s in best], tr), points=totals[best[0]]),
                              style="bold green"))
    if seed is not None:
        parts.append(Text(tr("seed_line", seed=seed), style="dim"))
    return parts


def _noted(note: str, question: str) -> str:
    """A question with a note on the line above it, if there is one."""
    return f"{note}\n{question}" if note else question


def _join(names: list[str], tr: Tr) -> str:
    if len(names) == 1:
        return names[0]
    word = " und " if tr.lang == "de" else " and "
    return ", ".join(names[:-1]) + word + names[-1]


def _winner_words(winners: tuple[int, ...], scores: tuple[int, ...], names: list[str], tr: Tr) -> str:
    who = _join([names[s] for s in winners], tr)
    key = "winner_one" if len(winners) == 1 else "winner_many"
    return tr(key, names=who, points=scores[winners[0]])


def _tiebreak_words(winners: tuple[int, ...], scores: tuple[int, ...], hands: tuple[int, ...],
                    tiebreak: str, tr: Tr) -> str:
    best = max(scores)
    tied = [s for s, score in enumerate(scores) if score == best]
    if len(tied) < 2:
        return ""
    if tiebreak == "shared":
        return tr("tiebreak_shared")
    if len(winners) < len(tied):
        return tr("tiebreak_hand", n=hands[winners[0]])
    return tr("tiebreak_still")


def _capture(draw: Callable[[Console], None], width: int, like: Console) -> list[str]:
    """What ``draw`` prints, as lines (styles kept when the screen has colour)."""
    out = io.StringIO()
    console = Console(file=out, width=width, force_terminal=like.is_terminal, no_color=like.no_color,
                      highlight=False, color_system="truecolor" if like.color_system else None)
    draw(console)
    return out.getvalue().rstrip("\n").split("\n")
