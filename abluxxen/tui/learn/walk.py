"""A lesson's game, step by step, without a terminal: positions, the others' answers, the checks.

The terminal course (``course.py``) and the tests walk the same way, so a
lesson that passes its tests plays the same on screen.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...bots import Bot, make_bot
from ...events import Event
from ...game import Game
from ...moves import IllegalMove
from ...phase import Phase
from ...rules import Rules
from ...view import View
from .lessons import NAMES, PLAYER, Lesson, Step
from .positions import build

COACH_PLAYERS = 3


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
        self.bots: dict[int, Bot] = {}
        self.log: list[Event] = []
        self.game = Game.new(Rules(COACH_PLAYERS), seed=lesson.coach_seed, names=NAMES[:COACH_PLAYERS])

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
            self.game = build(step.position)
            self.log = []
            self.bots = {}
        self.script = list(step.replies)

    def fresh_next(self) -> bool:
        """Whether the step after this one sets up its own position (or there is none)."""
        steps = self.lesson.steps
        return self.index + 1 >= len(steps) or steps[self.index + 1].position is not None

    def others_move(self, *, after: bool) -> bool:
        """Whether a seat other than the player's (or a forced move of the player's) comes now.

        Before the player's task the others play until the player decides.
        After it they answer; when the next step sets up a new position,
        they stop once the scripted replies are used up and a turn begins.
        """
        game = self.game
        if game.is_over:
            return False
        if after and not self.lesson.coach and self.fresh_next() and not self.script and game.phase == Phase.PLAY:
            return False
        if game.to_move == PLAYER:
            return len(game.legal_moves()) == 1
        return True

    def other_move(self) -> tuple[int, str]:
        """The next move of a seat other than the player's (or the player's forced one), pushed."""
        game = self.game
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        if seat == PLAYER:
            move = legal[0]
        elif self.script:
            move = self.script.pop(0)
        else:
            move = self.bot(seat).choose(game.view(seat))
            if move not in legal:  # a faulty bot must not stop the lesson
                move = legal[0]
        self.push(move, seat)
        return seat, move

    def others(self, *, after: bool) -> Iterator[tuple[int, str]]:
        """Play the others' moves (see :meth:`others_move`), yielding each once it is made."""
        while self.others_move(after=after):
            yield self.other_move()

    def bot(self, seat: int) -> Bot:
        """The seeded bot of a seat (the same moves every time)."""
        if seat not in self.bots:
            self.bots[seat] = make_bot(self.level, seed=self.number * 100 + seat)
        return self.bots[seat]

    def push(self, move: str, seat: int) -> list[Event]:
        """Apply a move; its events join the log."""
        events = self.game.push(move, seat=seat)
        self.log.extend(events)
        return events

    def view(self) -> View:
        """The player's view."""
        return self.game.view(PLAYER)

    def accepts(self, move: str) -> bool:
        """Whether a legal move of the player solves the step's task."""
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
