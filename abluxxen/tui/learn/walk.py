"""A lesson's game, step by step: positions, the other seats' answers, the checks, all at a table.

A lesson's game sits on a :class:`~abluxxen.table.Table` like any game (one
that is never saved or recorded); the other seats answer from the step's
``replies`` first, then as seeded bots (:class:`~abluxxen.table.BotSeat`, with
its fallback), and a forced move is the table's to play. The terminal course
(``course.py``) and the tests walk the same way, so a lesson that passes its
tests plays the same on screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.events import START, Event
from ...engine.game import Game
from ...engine.match import Match
from ...engine.moves import IllegalMove
from ...engine.phase import Phase
from ...engine.rules import Rules
from ...engine.view import View
from ...store.save_document import Saved, Seat
from ...table.seats import BotSeat
from ...table.table import Player, Table, run_now
from .lessons import NAMES, PLAYER, Lesson, Step
from .positions import build

COACH_PLAYERS = 3
#: What the log's first line says of a lesson's own position (not a game dealt from its start).
LESSON_START = "lesson"


class StepOver(Exception):
    """The step's moves are made (the learner's, and the others' answers): the next step may begin."""


class Asked(Exception):
    """The learner decides now (a walk without a terminal stops here, to be told the answer)."""


class Walk:
    """One lesson's game as it goes.

    Args:
        lesson: the lesson.
        number: its number (seeds the bots).
        level: the bots of the other seats (``easy`` in the coached game).
    """

    def __init__(self, lesson: Lesson, number: int, *, level: str = "normal") -> None:
        self.lesson = lesson
        self.number = number
        self.level = "easy" if lesson.coach else level
        self.index = -1
        self.script: list[str] = []
        self.bots: dict[int, BotSeat] = {}
        self.answered = False  # the learner has answered this step's task
        self.table = self._table(Game.new(Rules(COACH_PLAYERS), seed=lesson.coach_seed, names=NAMES[:COACH_PLAYERS]),
                                 dealt=True)

    def _table(self, game: Game, *, dealt: bool = False) -> Table:
        """A table for ``game``, never saved (a lesson leaves no save and no record)."""
        match = Match(game.rules, games=1, seed=None, names=list(game.names))
        match.game = game
        seats = [Seat(name, None if seat == PLAYER else self.level) for seat, name in enumerate(game.names)]
        start = Event(START, game.turn, source="1" if dealt else LESSON_START)
        log = [start] if dealt else [start, *_set_up(game)]
        return Table(Saved(match=match, seats=seats, lang="en", delay=0.0, log=log), None)

    @property
    def game(self) -> Game:
        """The game on the table."""
        return self.table.match.game

    @property
    def log(self) -> list[Event]:
        """What happened at the table so far."""
        return self.table.saved.log

    @property
    def step(self) -> Step | None:
        """The step being played (``None`` in the coached game)."""
        steps = self.lesson.steps
        return steps[self.index] if 0 <= self.index < len(steps) else None

    def start(self, index: int) -> None:
        """Set up step ``index``: its position if it has one, and its replies."""
        self.index = index
        step = self.lesson.steps[index]
        if step.position is not None:
            self.table = self._table(build(step.position))
            self.bots = {}
        self.script = list(step.replies)
        self.answered = False

    def fresh_next(self) -> bool:
        """Whether the step after this one sets up its own position (or there is none)."""
        steps = self.lesson.steps
        return self.index + 1 >= len(steps) or steps[self.index + 1].position is not None

    def others_go_on(self) -> bool:
        """Whether the other seats still answer once the learner has answered.

        When the next step sets up a new position, they stop once the scripted
        replies are used up and a turn begins; otherwise they play on to the
        learner's next decision (the next step's task).
        """
        if self.lesson.coach or not self.answered:
            return True
        return not (self.fresh_next() and not self.script and self.game.phase == Phase.PLAY)

    def reply(self, seat: int, view: View) -> str:
        """A seat other than the learner's: the step's next scripted reply, else its seeded bot's move."""
        if self.script:
            return self.script.pop(0)
        return self.bot(seat).choose(view)

    def bot(self, seat: int) -> BotSeat:
        """The seeded bot of a seat (the same moves every time; a random legal move if it fails)."""
        if seat not in self.bots:
            self.bots[seat] = BotSeat(self.level, seed=self.number * 100 + seat)
        return self.bots[seat]

    def push(self, move: str, seat: int) -> list[Event]:
        """Apply a move at the table; its events join the log."""
        events = self.table.push(seat, move)
        if seat == PLAYER:
            self.answered = True
        return events

    def others(self, *, after: bool) -> list[tuple[int, str]]:
        """Without a terminal: play the other seats' moves (and forced ones) until the learner decides
        or, ``after`` the learner's answer, until the step is over; the moves played."""
        front = _Unattended(self)
        self.answered = after
        try:
            run_now(self.table.play_game(front))
        except (Asked, StepOver):
            pass
        return front.played

    def view(self) -> View:
        """The learner's view."""
        return self.game.view(PLAYER)

    def accepts(self, move: str) -> bool:
        """Whether a legal move of the learner solves the step's task."""
        step = self.step
        if step is None:
            return True
        if step.hits is not None:
            if not move.startswith("play "):
                return False
            return self.view().victims(move).seats == step.hits
        return not step.moves or move in step.moves

    def answer(self) -> str | None:
        """A move that solves the task (``None`` when any move does)."""
        step = self.step
        if step is None or (step.hits is None and not step.moves):
            return None
        return next((m for m in self.view().legal_moves() if self.accepts(m)), None)

    def refusal(self, move: str) -> IllegalMove | None:
        """Why the engine refuses a canonical move now, if it does."""
        try:
            self.view().check(move)
        except IllegalMove as err:
            return err
        return None


def _set_up(game: Game) -> list[Event]:
    """What led to a position set up in the middle of a turn, as the log tells it: the set played and
    the layers it abluxxed (and a layer left), so that "Ann takes them" follows what "them" are."""
    view = game.view(PLAYER)
    if view.victim is None or view.phase not in (Phase.TAKE_OR_LEAVE, Phase.BACK_OR_DISCARD):
        return []
    events = [Event("play", view.turn, cards=view.played())]
    events += [Event("abluxx", view.turn, seat, view.top(seat)) for seat in (view.victim, *view.queue)]
    if view.phase == Phase.BACK_OR_DISCARD:
        events.append(Event("leave", view.turn, view.victim, view.stake()))
    return events


class Other:
    """A seat other than the learner's: the step's replies, then its bot; none once the step is over."""

    def __init__(self, walk: Walk, seat: int) -> None:
        self.walk = walk
        self.seat = seat

    async def decide(self, view: View) -> str:
        if not self.walk.others_go_on():
            raise StepOver
        return self.walk.reply(self.seat, view)

    def update(self, view: View, events: Sequence[Event]) -> None:
        """The script and the bots read the table afresh: nothing to keep."""


class _Unattended:
    """The table's front end for a walk without a terminal: the others answer, the learner is asked
    (and the walk stops there), nothing is shown."""

    def __init__(self, walk: Walk) -> None:
        self.walk = walk
        self.played: list[tuple[int, str]] = []

    def player(self, seat: int) -> Player:
        return _Learner(self.walk) if seat == PLAYER else Other(self.walk, seat)

    def stood_in(self, seat: int) -> bool:
        return False  # a lesson's seats are its script's and its learner's

    def moving(self, seat: int, move: str) -> None:
        pass

    async def moved(self, seat: int, move: str, *, forced: bool = False) -> None:
        self.played.append((seat, move))

    async def between_games(self, problem: Exception | None) -> bool:
        return False


class _Learner:
    """The learner's seat in a walk without a terminal: asked, the walk stops (the step is over once
    the learner has answered it)."""

    def __init__(self, walk: Walk) -> None:
        self.walk = walk

    async def decide(self, view: View) -> str:
        raise StepOver if self.walk.answered else Asked

    def update(self, view: View, events: Sequence[Event]) -> None:
        pass
