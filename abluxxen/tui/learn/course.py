"""``abluxxen learn``: the lessons at the game's own table, on the game's own screen.

A lesson is a room (:class:`LessonRoom`) whose other seats follow the
lesson's script (``walk.py``) and whose table is never saved or recorded;
the learner sits at the one table screen (:class:`LessonScreen`), which
reads moves and commands as in a game and shows the lesson's words in a
panel under the table. Wrong answers get the lesson's explanation and the
same question again; ``hint`` shows the answer and ``skip`` moves on to the
next lesson. Only which lessons are done is kept.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import re
import textwrap
from collections.abc import Sequence
from pathlib import Path

from rich.align import Align
from rich.cells import cell_len, set_cell_size
from rich.console import Group, RenderableType
from rich.text import Text

from ...bots import Reason, hint
from ...complaints import complain
from ...engine.moves import IllegalMove
from ...engine.view import View
from ...i18n.tr import Tr
from ...languages import LANGS, default_lang
from ...store.progress import ProgressError, progress_path, read_progress, write_progress
from ...store.save_document import DEFAULT_DELAY
from ...table.chairs import Login
from ...table.room import Room
from ...table.taking_back import TakingBack
from ..commands import leaves
from ..drawing import TableInfo, explain_move, render_table
from ..local import LineTerminal, at_terminal
from ..pages import hint_line
from ..scores import ScoreScreen
from ..screen import TableScreen
from ..stops import HUNG_UP, INTERRUPTED, STOPPED, ignore_stop_signals
from .lessons import LESSONS, PLAYER, Lesson, Words
from .walk import Other, StepOver, Walk

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
        complain(tr.line("learn_progress_bad", path=path, reason=err))
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
    course = Course(tr, delay=delay, done=done, path=path, colours=None if "NO_COLOR" in os.environ else "256")
    status = asyncio.run(course.run(number, show_list=args.number is None))
    if status in (HUNG_UP, STOPPED):
        ignore_stop_signals()
    return status


class Skip(Exception):
    """The learner skips the rest of the lesson."""


class LessonRoom(Room):
    """A lesson's table: the learner at the screen, the other seats from the lesson's script; no save.

    Args:
        walk: the lesson's game (its table is the room's, and a new one at each new position).
        delay: pause after each of the others' moves.
    """

    def __init__(self, walk: Walk, *, delay: float) -> None:
        super().__init__(walk.table, delay=delay)
        self.walk = walk
        self.advice: tuple[str, Reason] | None = None  # the coached game: the coach's move and why, now
        self.missed: tuple[str, View] | None = None  # ... and the coach's move the learner did not play
        self.deciding = lambda seat: _Learner(self) if seat == PLAYER else Other(self.walk, seat)
        self.taking_back = TakingBack(self, refusal="learn_no_undo")  # a wrong answer changes nothing anyway

    def use(self, walk: Walk) -> None:
        """The walk's table is the room's (after a step that sets up a new position)."""
        if self.table is not walk.table:
            self.use_table(walk.table)

    def skip(self) -> None:
        """Leave the lesson at the learner's question."""
        chair = self.chairs[PLAYER]
        if chair.answer is not None and not chair.answer.done():
            chair.answer.set_exception(Skip())


class _Learner:
    """The learner's seat: asked at the screen (with the coach's advice in the coached game); once this
    step's task is answered, the step is over."""

    def __init__(self, room: LessonRoom) -> None:
        self.room = room

    async def decide(self, view: View) -> str:
        room, walk = self.room, self.room.walk
        if walk.answered and not walk.lesson.coach:
            raise StepOver
        if walk.lesson.coach:
            try:
                room.advice = hint(view)
            except Exception:  # noqa: BLE001 - a failing coach must not end the lesson
                room.advice = None
            room.changed()
        move = await room.person(room.chairs[PLAYER], view)
        walk.answered = True
        advice = room.advice
        room.advice = None
        room.missed = (advice[0], view) if advice is not None and move != advice[0] else None
        return move

    def update(self, view: View, events: object) -> None:
        pass


class LessonScreen(TableScreen):
    """The learner's screen: the game's table and prompt, the lesson's words in a panel under it.

    Args:
        room: the lesson's room.
        number: the lesson's number.
        lang: ``en`` or ``de``.
        colours: rich's colour system, or ``None``.
    """

    def __init__(self, room: LessonRoom, number: int, *, lang: str, colours: str | None) -> None:
        super().__init__(room, Login("Ann"), lang=lang, colours=colours)
        self.lesson_room = room
        self.number = number
        self.panel: list[Text] = []

    @property
    def lesson(self) -> Lesson:
        return self.lesson_room.walk.lesson

    @property
    def places(self) -> frozenset[str]:
        return frozenset({"seat", "lesson"})

    def sit(self) -> bool:
        self.chairs = self.room.sit_all(self)
        self.showing = self.chairs[PLAYER]
        return True

    # -- what the lesson says -----------------------------------------------------------------

    def set_step(self, text: str, index: int, *, style: str = "cyan") -> None:
        """The panel of step ``index``: its title, its words, the lesson's keys."""
        tr = self.tr
        title = tr("learn_lesson", n=self.number, total=len(LESSONS), title=words(self.lesson.title, tr))
        step = tr("learn_step", n=index + 1, total=len(self.lesson.steps))
        cols = self.size()[0]
        self.panel = [_title(title, cols, step=step), *_wrapped(text, style, cols)[:PANEL_TEXT],
                      Text(tr("learn_keys"), style="dim")]
        self.refresh()

    def _coach_panel(self) -> list[Text]:
        tr, room = self.tr, self.lesson_room
        cols = self.size()[0]
        title = tr("learn_lesson", n=self.number, total=len(LESSONS), title=words(self.lesson.title, tr))
        panel = [_title(title, cols)]
        if room.missed is not None:
            move, view = room.missed
            panel += _wrapped(tr("coach_other", move=tr.spoken(move), what=explain_move(move, view, tr)),
                              "yellow", cols)[:2]
        if room.advice is not None:
            move, reason = room.advice
            names = room.match.game.names
            panel += _wrapped(tr("coach", move=tr.spoken(move), why=tr.why(reason, names)), "cyan", cols)[:2]
        elif self.deciding_view() is not None:
            panel += _wrapped(tr("coach_none"), "cyan", cols)[:2]
        return panel + [Text(tr("learn_keys_coach"), style="dim")]

    def _table(self, cols: int, height: int) -> RenderableType:
        panel = self._coach_panel() if self.lesson.coach else self.panel
        view = self.shown_view()
        waiting = self.question is None  # waiting for Enter: nobody thinks meanwhile, nobody is asked
        if not waiting:
            view = dataclasses.replace(view, to_move=None)
        table = render_table(view, self.room.log, self.tr, info=self._info(), show_hand=True, width=cols,
                             height=height - len(panel), message=self._messages(), waiting=waiting)
        return Group(table, *panel)

    def _info(self) -> TableInfo:
        """The table's facts: the bots' seats; no seed, no match."""
        walk = self.lesson_room.walk
        game = walk.game
        return TableInfo(bots=tuple(None if seat == PLAYER else walk.level for seat in range(game.players)),
                         played=tuple(bool(d) or any(e.kind == "play" and e.seat == seat for e in walk.log)
                                      for seat, d in enumerate(game.displays)))

    # -- what the learner types ------------------------------------------------------------------

    def refused(self, err: IllegalMove) -> str:
        """Why the engine refused the input, and what the lesson says about it."""
        said = super().refused(err)
        step = self.lesson_room.walk.step
        if step is not None and err.key in step.why:
            said += "\n" + words(step.why[err.key], self.tr)
        return said

    def complaint(self, move: str, view: View) -> str:
        """Why a legal move is not the answer (``""`` when it is)."""
        walk = self.lesson_room.walk
        step = walk.step
        if step is None or walk.accepts(move):
            return ""
        if move in step.why:
            return self.tr("learn_wrong", words=words(step.why[move], self.tr))
        if step.other is not None:
            return self.tr("learn_wrong", words=words(step.other, self.tr))
        return self.tr("learn_wrong", words=self.tr("learn_not_asked"))

    def hint(self) -> None:
        """Say the answer to the step's task and what to type for it (the coach's move in the coached game)."""
        view = self.deciding_view()
        if view is None:
            self.say(self.tr("host.not_now"))
        elif self.lesson.coach:
            self.say(hint_line(view, self.tr) or self.tr("no_hint"))
        else:
            self.say(answer_line(self.lesson_room.walk, view, self.tr))

    def skip(self) -> None:
        self.lesson_room.skip()

    def quit(self) -> None:
        """Leave the course at once: only which lessons are done is kept."""
        self._leave()

    def interrupted(self) -> None:
        self.stop(INTERRUPTED)

    def _leave(self) -> None:
        self.goodbye = self.goodbye or " "
        self._exit()

    async def go_on(self, question: str, sheet: Sequence[RenderableType] | None = None) -> bool:
        """Show ``sheet`` (or the table) with ``question``; whether the learner goes on (Enter) rather than
        leaving (the key q, at once; at a line terminal the line ``q``)."""
        answer = await self.ask(question, sheet, keys="q")
        return not leaves(answer)


def answer_line(walk: Walk, view: View, tr: Tr) -> str:
    """The answer to the step's task, and what to type for it."""
    answer = walk.answer()
    if answer is None:
        try:
            advice, _ = hint(view)
        except Exception:  # noqa: BLE001 - a failing hint must not end the lesson
            advice = view.legal_moves()[0]
        return tr("learn_answer_any", move=tr.spoken(advice))
    typed = typed_form(answer, view)
    if tr.lang == "de":  # the German shortcuts: n(imm), z(urück), a(bwerfen), stapel
        typed = {"t": "n", "b": "z", "d": "a", "draw deck": "stapel"}.get(typed, typed)
    return tr("learn_answer", move=tr.spoken(answer), typed=typed)


class Course:
    """The lessons one after another, from a first one, with the progress kept, on one screen.

    Args:
        tr: the language.
        delay: pause after each bot move.
        done: the lessons done so far.
        path: the progress file.
        colours: rich's colour system of this terminal, or ``None`` for none.
    """

    def __init__(self, tr: Tr, *, delay: float, done: set[int], path: Path, colours: str | None = "256") -> None:
        self.tr = tr
        self.delay = delay
        self.done = done
        self.path = path
        self.colours = colours
        self.warning = ""
        self.through = False  # the learner saw the course's last screen
        self.at = 1  # the lesson to come back to: the one on the screen, or the next once it is over

    async def run(self, number: int, *, show_list: bool, lines: LineTerminal | None = None) -> int:
        """Lessons from ``number`` on, until the last or the learner leaves; the exit status (``lines``: a
        line terminal instead of this one)."""
        walk = Walk(LESSONS[number - 1], number)
        room = LessonRoom(walk, delay=self.delay)
        screen = LessonScreen(room, number, lang=self.tr.lang, colours=self.colours)
        try:
            status = await at_terminal(screen, self._lessons(room, screen, number, show_list), lines)
        finally:
            if self.warning:
                complain(self.warning)
        if not self.through and status != HUNG_UP:
            # However the learner left (q, quit, Ctrl-C, a stop): what is kept, and how to come back.
            print(self.tr("learn_left", n=self.at), flush=True)
        return status

    async def _lessons(self, room: LessonRoom, screen: LessonScreen, number: int, show_list: bool) -> None:
        tr = self.tr
        self.at = number
        if show_list and not await screen.go_on(tr("learn_next_is", n=number),
                                                [Text("\n".join(list_lines(self.done, tr)))]):
            return
        while True:
            lesson = LESSONS[number - 1]
            walk = room.walk = Walk(lesson, number)
            room.use(walk)
            screen.number = number
            finished = await self._lesson(room, screen, lesson, number)
            if finished:
                self._mark(number)
            if screen.goodbye:  # left in the lesson (q at one of its questions): it is the one to come back to
                return
            last = number == len(LESSONS)
            key = ("learn_done" if finished else "learn_skipped") + ("_last" if last else "")
            self.through, self.at = last, number + 1
            going_on = await screen.go_on(tr(key, n=number, next=number + 1), self._finish(room, screen))
            if not going_on or last:
                return
            number += 1
            self.at = number

    def _finish(self, room: LessonRoom, screen: LessonScreen) -> list[RenderableType] | None:
        """The lesson's last screen: the score when its game ended (with the lesson's last words)."""
        if not room.walk.game.is_over:
            return None
        scores = ScoreScreen(room.match, self.tr, bots=[s.is_bot for s in room.saved.seats])
        return [Align.center(scores), Text(""), *screen.panel[1:-1]]

    async def _lesson(self, room: LessonRoom, screen: LessonScreen, lesson: Lesson, number: int) -> bool:
        """One lesson from its first page; whether it was finished (``False``: skipped)."""
        tr = self.tr
        title = tr("learn_lesson", n=number, total=len(LESSONS), title=words(lesson.title, tr))
        intro = [Text(title, style="bold"), Text(""), Text(words(lesson.intro, tr)), Text("")]
        if not await screen.go_on(tr("learn_start"), intro):
            screen.quit()
            return False
        walk = room.walk
        if lesson.coach:
            screen.panel = []
            try:
                await room.table.play_game(room)
            except Skip:
                return False
            return True
        for index, step in enumerate(lesson.steps):
            walk.start(index)
            room.use(walk)
            screen.set_step(words(step.text, tr), index)
            try:
                await room.table.play_game(room)
            except StepOver:
                pass
            except Skip:
                return False
            if index + 1 < len(lesson.steps):
                # What the move did stays on the table until the learner goes on (a new deal may follow).
                done = "✓ " + words(step.done, tr) if step.done is not None else ""
                if done or walk.fresh_next():
                    screen.set_step(done, index, style="bold green")
                    if not await screen.go_on(tr("learn_go_on")):
                        screen.quit()
                        return False
        last = lesson.steps[-1].done
        screen.set_step("✓ " + words(last, tr) if last else "", len(lesson.steps) - 1, style="bold green")
        return True

    def _mark(self, number: int) -> None:
        self.done.add(number)
        try:
            write_progress(self.path, self.done)
        except OSError as err:
            self.warning = self.tr("learn_progress_unsaved", reason=err.strerror or err)


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


def _title(text: str, width: int, *, step: str = "") -> Text:
    """A panel's title line, ``── text · step ───``. Where the width runs short the lesson's title gives
    way ("…"), never the step counter: it tells the learner how far the lesson goes."""
    tail = f" · {step}" if step else ""
    room = width - 4 - cell_len(tail)  # "── " before the words, a space after them
    if cell_len(text) > room:
        text = set_cell_size(text, max(0, room - 1)).rstrip() + "…"
    line = Text("── ", style="dim")
    line.append(text + tail, style="bold")
    line.append(" " + "─" * max(0, width - cell_len(text + tail) - 4), style="dim")
    line.truncate(width, overflow="ellipsis")
    return line


def _wrapped(text: str, style: str, width: int) -> list[Text]:
    if not text:
        return []
    # Cards of one set stay on one line: "11 11" must not break in two.
    glued = _IN_SET.sub("\xa0", text)
    lines = textwrap.wrap(glued, width=width - 1, break_on_hyphens=False)
    return [Text(line.replace("\xa0", " "), style=style) for line in lines]
