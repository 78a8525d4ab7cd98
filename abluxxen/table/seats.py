"""Seat kinds that need no terminal: a bot, which remembers nothing it is told."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .. import bots
from ..bots import Bot
from ..bots.common import stable_seed
from ..engine.events import Event
from ..engine.view import View
from ..i18n.tr import TEXTS, Tr
from ..quoting import Typed, quoted
from ..store.save_document import Seat

# The hard bot's budget at a table: its default, in iterations (a time budget
# gives different moves from run to run, and undo must bring back the same replies).
TABLE_THINK = bots.DEFAULT_THINK


BOT_NAMES = ("Ada", "Bix", "Cog", "Dot", "Eli", "Fyn")


class SeatError(ValueError):
    """A seat list that cannot be played, with the reason in either language (``str()``: English).

    Attributes:
        key: the reason, a key of ``abluxxen/i18n/setup.py`` or ``saves.py``.
        seat: the seat's number when one seat is wrong (``None``: the list as a whole).
        typed: what was typed there, as typed (``None``: not repeated); the reason quotes it
            (its ``{typed}``, else after it in brackets), cut and made visible.
        params: the reason's fields.
    """

    def __init__(self, key: str, *, seat: int | None = None, typed: str | None = None, **params: object) -> None:
        self.key, self.seat, self.typed, self.params = key, seat, typed, params
        super().__init__(self.told(Tr("en")))

    def told(self, tr: Tr) -> str:
        """The reason in ``tr``'s language, the seat's number first (``seat 2: …``), what was typed quoted
        as ``tr`` quotes typed text (:meth:`Tr.within`)."""
        reason = tr(self.key, **self.params, typed=Typed(self.typed or ""))
        if self.typed is not None and "{typed}" not in TEXTS[self.key][0]:
            reason += f" ({quoted(self.typed, tr.limit)})"
        return tr("seat_numbered", number=self.seat, reason=reason) if self.seat else reason


def seats_of(specs: list[tuple[str | None, str | None]]) -> list[Seat]:
    """Seats with bots named, checked.

    Raises:
        SeatError: for a wrong number of seats or a name used twice.
    """
    if not 2 <= len(specs) <= 5:
        raise SeatError("seat_count", n=len(specs))
    taken = {name.lower() for name, _ in specs if name}
    names = [n for n in BOT_NAMES if n.lower() not in taken]
    seats: list[Seat] = []
    seen: set[str] = set()
    for name, level in specs:
        if name is None:
            name = names.pop(0)
        if name.lower() in seen:
            raise SeatError("seat_twice", name=name)
        seen.add(name.lower())
        seats.append(Seat(name, level))
    return seats



class RandomBot:
    """Plays a random legal move: stands in for a bot that failed mid-game."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        """A legal move of the view, at random."""
        return self.rng.choice(view.legal_moves())


class BotSeat:
    """A bot at the table: it decides from its view alone, and varies its move on a repeated position.

    Args:
        level: ``easy``, ``normal`` or ``hard``.
        seed: with the same seed, a position always gets the same move (every bot seeds each
            decision from its seed and the view, and the hard bot searches a fixed number of
            iterations at a table).
        think: the hard bot's budget (default: the table's, :data:`TABLE_THINK`).
        repeats: how often the position on the table occurred before in this game (the table's
            transcript knows, after an undo or a resume too); by default the bot counts the
            positions it was asked about itself.
        bot: the bot itself, already made (a benchmark's own kind); by default made from the level.
    """

    def __init__(self, level: str, *, seed: int | None = None, think: bots.Think | None = None,
                 repeats: Callable[[], int] | None = None, bot: Bot | None = None) -> None:
        self.level = level
        self.seed = seed
        self.think = TABLE_THINK if think is None else think
        self.repeats = repeats
        self.seen: dict[View, int] = {}  # equal views carry the same information: the same position
        self._bot: Bot | None = bot

    @property
    def bot(self) -> Bot:
        """The bot itself, made on first use; a random one if it cannot be made."""
        bot = self._bot
        if bot is None:
            try:
                bot = bots.make_bot(self.level, seed=self.seed, think=self.think)
            except Exception:  # noqa: BLE001 - a bot that cannot start must not end the game
                bot = RandomBot(self.seed)
            self._bot = bot
        return bot

    def choose(self, view: View) -> str:
        """The bot's move, thought out here and now; a random legal one if the bot fails or answers
        nonsense; on a position met before, another one (bots never go round in circles)."""
        try:
            move = view.judged(self.bot.choose(view))  # judged once: the table pushes it without judging again
        except Exception:  # noqa: BLE001 - a faulty bot must not end the game
            move = view.judged(RandomBot(stable_seed(self.seed, view)).choose(view))
        if self.repeats is not None:
            repeats = self.repeats()
        else:
            repeats = self.seen.get(view, 0)
            self.seen[view] = repeats + 1
        varied = bots.vary(move, view, repeats)
        return move if varied is move else view.judged(varied)

    async def decide(self, view: View) -> str:
        """The bot's move (see :meth:`choose`)."""
        return self.choose(view)

    def update(self, view: View, events: Sequence[Event]) -> None:
        """A bot reads the table afresh at each decision: nothing to keep."""
