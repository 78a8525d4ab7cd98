"""``abluxxen learn``: the lessons at the game's own table and prompt.

A lesson is the table as in a game, with the lesson's words in a panel
above the prompt. Wrong answers get the lesson's explanation and the same
question again; ``hint`` shows the answer and ``skip`` moves on to the next
lesson. Lessons leave no save files: only which lessons are done is kept.
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path

from prompt_toolkit import PromptSession
from rich.align import Align
from rich.console import Group
from rich.text import Text

from ...bots import hint
from ...languages import LANGS, default_lang
from ...match import Match
from ...moves import IllegalMove
from ...store.progress import ProgressError, progress_path, read_progress, write_progress
from ...store.saves import DEFAULT_DELAY, Saved, Seat
from ...view import View
from ..commands import Command, read_command
from ..drawing import TableInfo, explain_move, render_table
from ..handlers import Quit
from ..i18n import Tr
from ..notation import read_typed
from ..pager import Pager
from ..pages import hint_line
from ..prompt import RESIZED, ask_line, discard_input, make_session, prompt_once
from ..scores import ScoreScreen
from ..terminal import Terminal, TerminalGone, terminal_gone
from .lessons import LESSONS, PLAYER, Lesson, Words
from .walk import Walk

_IN_SET = re.compile(r"(?<=[\dX\[]) (?=[\dX\]])")
PANEL_TEXT = 4  # lines of lesson text under the table (the panel adds its title line)
def words(text: Words, tr: Tr) -> str:
    """A lesson text in the course's language."""
    return text[LANGS.index(tr.lang)]


def list_lines(done: set[int], tr: Tr) -> list[str]:
    """The numbered lessons, those done ticked."""
    lines = [tr("learn_title"), ""]
    for number, lesson in enumerate(LESSONS, 1):
        mark = tr("learn_mark") if number in done else " "
        lines.append(f" {mark} {number:>2}  {words(lesson.title, tr)}")
    return lines


def run(args: argparse.Namespace) -> int:
    """Run ``abluxxen learn``; the exit status."""
    tr = Tr(args.lang or default_lang())
    path = progress_path()
    try:
        done = read_progress(path, len(LESSONS))
    except ProgressError as err:
        print(tr("learn_progress_bad", path=path, reason=err), file=sys.stderr)
        done = set()
    if args.list:
        print("\n".join([*list_lines(done, tr), "", tr("learn_list_how")]))
        return 0
    number = args.number
    if number is None:
        number = next((n for n in range(1, len(LESSONS) + 1) if n not in done), None)
        if number is None:
            print("\n".join([*list_lines(done, tr), "", tr("learn_all_done")]))
            return 0
    delay = DEFAULT_DELAY if args.delay is None else args.delay
    course = Course(tr, screen=Terminal(), delay=delay, done=done, path=path)
    return course.run(number, show_list=args.number is None)


class Course:
    """The lessons one after another, from a first one, with the progress kept.

    Args:
        tr: the language.
        screen: the terminal.
        delay: pause after each bot move.
        done: the lessons done so far.
        path: the progress file.
        session: the prompt session (default: this terminal).
    """

    def __init__(self, tr: Tr, *, screen: Terminal, delay: float, done: set[int], path: Path,
                 session: PromptSession[str] | None = None) -> None:
        self.tr = tr
        self.screen = screen
        self.session = session or make_session()
        self.delay = delay
        self.done = done
        self.path = path
        self.warning = ""

    def run(self, number: int, *, show_list: bool) -> int:
        """Lessons from ``number`` on, until the last or the learner leaves; the exit status."""
        self.screen.enter()
        try:
            if show_list and not self._ask_page(list_lines(self.done, self.tr),
                                                self.tr("learn_next_is", n=number)):
                return 0
            while True:
                table = LessonTable(self, LESSONS[number - 1], number)
                finished = table.play()
                if finished:
                    self._mark(number)
                last = number == len(LESSONS)
                key = ("learn_done" if finished else "learn_skipped") + ("_last" if last else "")
                question = self.tr(key, n=number, next=number + 1)
                if not table.finish(question) or last:
                    return 0
                number += 1
        except Quit as stop:
            return stop.status
        except KeyboardInterrupt:
            return 130
        except EOFError:
            return 129 if self.session.input.closed else 0
        except TerminalGone as gone:
            return gone.status
        except OSError as err:
            if terminal_gone(err):
                return 129
            raise
        finally:
            self.screen.leave()
            if self.warning:
                print(self.warning, file=sys.stderr)

    def _mark(self, number: int) -> None:
        self.done.add(number)
        try:
            write_progress(self.path, self.done)
        except OSError as err:
            self.warning = self.tr("learn_progress_unsaved", reason=self.tr.os_reason(err))

    def _ask_page(self, lines: list[str], question: str) -> bool:
        """A page of text and a question; whether the learner goes on (Enter) rather than leaving (q)."""
        self.screen.show(Text("\n".join(lines)))
        answer = ask_line(self.session, question)
        return answer.strip().lower() not in ("q", "quit", "beenden")


class LessonTable:
    """One lesson at the game's table: its steps, or a whole coached game.

    The table is drawn and the moves read as in a game, and ``?``, ``log``
    and ``rules`` open the same pages; but the lesson's own script moves the
    other seats (:class:`~.walk.Walk`), and nothing is saved or recorded.

    Args:
        course: the course (terminal, language, delay).
        lesson: the lesson.
        number: its number.
    """

    def __init__(self, course: Course, lesson: Lesson, number: int) -> None:
        self.course = course
        self.lesson = lesson
        self.number = number
        self.walk = Walk(lesson, number)
        self.panel: list[Text] = []
        self.coach_line = ""
        self.coach_note = ""
        self.tr = course.tr
        self.screen = course.screen
        self.session = course.session
        self.delay = course.delay
        self.pager = Pager(self.screen, self.session, self.tr)
        self.saved = self._saved()

    def _saved(self) -> Saved:
        """The game on the table as a one-game match (nothing is ever written)."""
        game = self.walk.game
        match = Match(game.rules, games=1, seed=None, names=game.names)
        match.game = game
        seats = [Seat(name, None if seat == PLAYER else self.walk.level) for seat, name in enumerate(game.names)]
        return Saved(match=match, seats=seats, lang=self.course.tr.lang, delay=self.course.delay, log=self.walk.log)

    def info(self) -> TableInfo:
        """The table's facts: the bots' seats; no seed, no match."""
        game = self.walk.game
        return TableInfo(bots=tuple(None if seat == PLAYER else self.walk.level for seat in range(game.players)),
                         played=tuple(bool(d) or any(e.kind == "play" and e.seat == seat for e in self.walk.log)
                                      for seat, d in enumerate(game.displays)))

    # -- playing -----------------------------------------------------------------------

    def play(self) -> bool:
        """The lesson from its first page; whether it was finished (``False``: skipped).

        Raises:
            Quit: the learner left.
        """
        title = self.tr("learn_lesson", n=self.number, total=len(LESSONS), title=words(self.lesson.title, self.tr))
        self.screen.show(Text(title, style="bold"), Text(""), Text(words(self.lesson.intro, self.tr)), Text(""))
        if not self._go_on(self.tr("learn_start")):
            raise Quit(0)
        if self.lesson.coach:
            return self._coached()
        for index, step in enumerate(self.lesson.steps):
            self.walk.start(index)
            self.saved = self._saved()
            self._set_panel(words(step.text, self.tr), index)
            self._others(after=False)
            move = self._ask()
            if move is None:
                return False
            self.walk.push(move, PLAYER)
            self._others(after=True)
            if step.done is not None and index + 1 < len(self.lesson.steps):
                self._set_panel("✓ " + words(step.done, self.tr), index, style="bold green")
                self.draw_watch()
                if not self._go_on(self.tr("learn_go_on")):
                    raise Quit(0)
        last = self.lesson.steps[-1].done
        self._set_panel("✓ " + words(last, self.tr) if last else "", len(self.lesson.steps) - 1,
                        style="bold green")
        return True

    def finish(self, question: str) -> bool:
        """The lesson's last screen (the score when its game ended); whether to go on."""
        if self.walk.game.is_over:
            self.screen.show(Align.center(ScoreScreen(self.saved.match, self.tr,
                                                      bots=[s.is_bot for s in self.saved.seats])),
                             Text(""), *self.panel[1:-1])  # the lesson's last words, not its keys
        else:
            self.draw_watch()
        return self._go_on(question)

    def _go_on(self, question: str) -> bool:
        answer = ask_line(self.session, question)
        return answer.strip().lower() not in ("q", "quit", "beenden")

    def _others(self, *, after: bool) -> None:
        """The other seats' moves, each shown for a moment."""
        while self.walk.others_move(after=after):
            self.walk.other_move()
            self.draw_watch()
            if self.delay:
                time.sleep(self.delay)

    def _coached(self) -> bool:
        """A whole game against two easy bots, the normal bot's advice before each decision."""
        self.saved = self._saved()
        while True:
            self._set_coach_panel()
            self._others(after=False)
            if self.walk.game.is_over:
                break
            view = self.walk.view()
            try:
                advice, reason = hint(view)
                self.coach_line = self.tr("coach", move=self.tr.spoken(advice), why=self.tr.why(reason, view.names))
            except Exception:  # noqa: BLE001 - a failing coach must not end the lesson
                advice, self.coach_line = "", self.tr("coach_none")
            self._set_coach_panel()
            move = self._ask()
            if move is None:
                return False
            self.coach_note = ""
            if advice and move != advice:
                self.coach_note = self.tr("coach_other", move=self.tr.spoken(advice),
                                          what=explain_move(advice, view, self.tr))
            self.coach_line = ""
            self.walk.push(move, PLAYER)
        self._set_coach_panel()
        return True

    def _ask(self) -> str | None:
        """The learner's answer to the task: a move that solves it, or ``None`` for skip."""
        view = self.walk.view()
        message = self.tr("typed_ahead") if discard_input(self.session.input) else ""
        typed = ""
        while True:
            self.pager.ensure_size()
            self.draw(view, message)
            cols, _ = self.screen.size()
            text = prompt_once(self.session, view, self.tr, width=cols, default=typed)
            typed = ""
            if text.startswith(RESIZED):
                typed = text[len(RESIZED):]
                continue
            command = read_command(text, lesson=True)
            if command is not None:
                if command.name == "skip":
                    return None
                message = self.command(command, view)
                continue
            try:
                move = read_typed(text, view)
            except IllegalMove as err:
                message = self.refused(err)
                continue
            message = self.complaint(move)
            if not message:
                return move

    def refused(self, err: IllegalMove) -> str:
        """Why the engine refused the input, and what the lesson says about it."""
        said = self.tr("bad_move", reason=self.tr.reason(err))
        step = self.walk.step
        if step is not None and err.key in step.why:
            said += "\n" + words(step.why[err.key], self.tr)
        return said

    def complaint(self, move: str) -> str:
        """Why a legal move is not the answer (``""`` when it is)."""
        step = self.walk.step
        if step is None or self.walk.accepts(move):
            return ""
        if move in step.why:
            return self.tr("learn_wrong", words=words(step.why[move], self.tr))
        if step.other is not None:
            return self.tr("learn_wrong", words=words(step.other, self.tr))
        return self.tr("learn_wrong", words=self.tr("learn_not_asked"))

    # -- commands ----------------------------------------------------------------------

    def command(self, command: Command, view: View) -> str:
        """The game's commands; ``hint`` tells the lesson's answer (the coach's move in a coached
        game), ``quit`` leaves at once, ``undo`` has nothing to take back."""
        if command.name == "quit":
            raise Quit(0)
        if command.name == "hint":
            if not self.lesson.coach:
                return self.answer_line(view)
            return hint_line(view, self.tr) or self.tr("no_hint")
        if command.name == "undo":
            # A lesson's steps are not one game's transcript, and a wrong answer changes nothing anyway.
            return self.tr("learn_no_undo")
        if command.name == "log":
            return self.pager.log(self.walk.log, view, game=1)
        if command.name == "rules":
            return self.pager.rules(command.words)
        return self.pager.moves(view, self.info())  # "?", the last of the game's commands

    def answer_line(self, view: View) -> str:
        """The answer to the step's task, and what to type for it."""
        answer = self.walk.answer()
        if answer is None:
            try:
                advice, _ = hint(view)
            except Exception:  # noqa: BLE001 - a failing hint must not end the lesson
                advice = view.legal_moves()[0]
            return self.tr("learn_answer_any", move=self.tr.spoken(advice))
        typed = typed_form(answer, view)
        if self.tr.lang == "de":  # the German shortcuts: n(imm), z(urück), a(bwerfen), stapel
            typed = {"t": "n", "b": "z", "d": "a", "draw deck": "stapel"}.get(typed, typed)
        return self.tr("learn_answer", move=self.tr.spoken(answer), typed=typed)

    # -- drawing -----------------------------------------------------------------------

    def _set_panel(self, text: str, index: int, *, style: str = "cyan") -> None:
        title = self.tr("learn_lesson", n=self.number, total=len(LESSONS), title=words(self.lesson.title, self.tr))
        step = self.tr("learn_step", n=index + 1, total=len(self.lesson.steps))
        cols = self.screen.size()[0]
        self.panel = [_title(f"{title} · {step}", cols)]
        self.panel += _wrapped(text, style, cols)[:PANEL_TEXT]
        self.panel.append(Text(self.tr("learn_keys"), style="dim"))

    def _set_coach_panel(self) -> None:
        cols = self.screen.size()[0]
        title = self.tr("learn_lesson", n=self.number, total=len(LESSONS), title=words(self.lesson.title, self.tr))
        self.panel = [_title(title, cols)]
        self.panel += _wrapped(self.coach_note, "yellow", cols)[:2]
        self.panel += _wrapped(self.coach_line, "cyan", cols)[:2]
        self.panel.append(Text(self.tr("learn_keys_coach"), style="dim"))

    def _screen(self, view: View, message: str) -> Group:
        cols, rows = self.screen.size()
        table = render_table(view, self.walk.log, self.tr, info=self.info(), show_hand=True, width=cols,
                             height=rows - 2 - len(self.panel), message=message)
        return Group(table, *self.panel)

    def draw(self, view: View, message: str) -> None:
        """The table for the learner's decision, the lesson's panel under it."""
        self.pager.ensure_size()
        self.screen.show(self._screen(view, message))

    def draw_watch(self, message: str = "") -> None:
        """The table while the others move or the lesson pauses: the learner's hand, no question."""
        self.pager.ensure_size()
        view = self.walk.view()
        if view.to_move == PLAYER:  # the lesson pauses: the learner's question comes later
            view = replace(view, to_move=None)
        self.screen.show(self._screen(view, message))


def typed_form(move: str, view: View) -> str:
    """The shortest way to type a move at the prompt (``777`` for ``play 7 7 7``, ``a`` for a duel group)."""
    parts = move.split()
    if parts[0] == "play":
        cards = parts[1:]
        if all(c == "X" or 1 < int(c) < 10 for c in cards):
            return "".join(cards).lower()
        return " ".join(cards).lower()
    if parts[0] in ("take", "leave", "back", "discard", "pass"):
        return "p" if parts[0] == "pass" else parts[0][0]
    if parts[0] == "draw" and parts[1] != "deck":
        if "+" in parts[1]:
            slot = next(i for i, s in enumerate(view.pool) if "+".join("X" if c == 14 else str(c) for c in s)
                        == parts[1])
            return "abcdef"[slot]
        return parts[1].lower()
    if parts[0] == "shadow":
        return parts[1]
    return move


def _title(text: str, width: int) -> Text:
    line = Text("── ", style="dim")
    line.append(text, style="bold")
    line.append(" " + "─" * max(0, width - len(text) - 4), style="dim")
    line.truncate(width, overflow="ellipsis")
    return line


def _wrapped(text: str, style: str, width: int) -> list[Text]:
    if not text:
        return []
    # Cards of one set stay on one line: "11 11" must not break in two.
    glued = _IN_SET.sub("\xa0", text)
    lines = textwrap.wrap(glued, width=width - 1, break_on_hyphens=False)
    return [Text(line.replace("\xa0", " "), style=style) for line in lines]
