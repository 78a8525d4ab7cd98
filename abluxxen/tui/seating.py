"""Who sits at the table: ``--players`` and the guided setup."""

from __future__ import annotations

import getpass
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..bots import LEVELS
from ..engine.rules import VARIANTS
from ..i18n.tr import Tr
from ..languages import level_named, variant_named
from ..names import SEAT_SEPARATOR, TABLE_MARKS
from ..store.save_document import Seat, name_refusal

# At home in table/seats.py (the club seats bots too); named here for the setup's callers.
from ..table.seats import SeatError, seats_of


def parse_seat(spec: str, number: int) -> tuple[str | None, str | None]:
    """``(name, bot level)`` of one seat spec: ``Ann``, ``bot``, ``bot:hard`` (or ``bot:schwer``).

    Raises:
        SeatError: for an empty seat (``Ann,,Ben``: a slip of the keyboard, not a player), an unknown
            bot level, a name wider than 12 terminal cells, one with control or invisible characters,
            or one with a comma or a mark the table draws beside names.
    """
    spec = spec.strip()
    if spec.lower() == "bot" or spec.lower().startswith("bot:"):
        level = level_named(spec[4:]) or "normal"
        if level not in LEVELS:
            raise SeatError("seat_bad_level", seat=number, typed=level)
        return None, level
    if not spec:
        raise SeatError("seat_name_empty", seat=number)
    refusal = name_refusal(spec)
    if refusal:
        # Quoted when told: the refusal must not replay the escape sequence it refuses.
        raise SeatError(refusal, seat=number, typed=spec, marks=" ".join(TABLE_MARKS))
    return spec, None


def parse_players(text: str) -> list[Seat]:
    """Seats from ``--players "Ann,Ben,bot:hard"``.

    Raises:
        SeatError: with the reason.
    """
    return seats_of([parse_seat(part, i + 1) for i, part in enumerate(text.split(SEAT_SEPARATOR))])


def default_name(tr: Tr | None = None) -> str:
    """The first seat's default: the login name, capitalised (else Player 1, in ``tr``'s language)."""
    try:
        user = getpass.getuser()
    except Exception:  # noqa: BLE001 - no login name in some containers
        user = ""
    user = "".join(ch for ch in user if ch.isalnum())
    while name_refusal(user) == "seat_name_long":
        user = user[:-1]
    return user.capitalize() if user else (tr or Tr("en"))("seat_default_name", n=1)


@dataclass(frozen=True)
class Setup:
    """What the guided setup settled.

    Attributes:
        seats: who plays each seat.
        variant: ``base``, ``advanced`` or ``expert``.
        duel: whether two players duel (with the shadow display).
        first: the starting player's name, or ``"random"``.
    """

    seats: list[Seat]
    variant: str
    duel: bool
    first: str


def pick_first(first: str, names: Sequence[str], rng: random.Random | None = None) -> int:
    """The starting seat for ``--first NAME|random`` (a name in any case; ``zufall`` is ``random`` too, and
    a seat of that name is that seat).

    Raises:
        SeatError: when no seat has that name.
    """
    wanted = first.strip()
    # A seat's name first: a player called Random who started must start again in the replay.
    for seat, name in enumerate(names):
        if name.lower() == wanted.lower():
            return seat
    if wanted.lower() in ("random", "zufall"):
        return (rng or random.SystemRandom()).randrange(len(names))
    raise SeatError("seat_no_first", typed=wanted)


def guided_setup(ask: Callable[[str], str], say: Callable[[str], None], tr: Tr, *,
                 inform: Callable[[str], None] | None = None, variant: str | None = None,
                 first: str | None = None) -> Setup:
    """Ask for seats, variant, (two players) the duel, and who starts; Enter keeps each default.

    ``?`` at any question explains it, and the question comes again.

    Args:
        ask: asks one question, returns the answer.
        say: shows one line (an error).
        tr: the language.
        inform: shows one line of explanation (default: ``say``).
        variant: a variant already chosen on the command line.
        first: a starting player already chosen on the command line.
    """
    dialog = _Dialog(ask, say, inform or say, tr)
    inform = dialog.inform
    inform(tr("setup_intro"))
    seats = seats_of(dialog.seats(dialog.seat_count()))
    if variant is None:
        inform(tr("setup_variants_line"))
        variant = dialog.variant()
    duel = False
    if len(seats) == 2:
        inform(tr("setup_duel_line"))
        duel = _yes_or_no(lambda: dialog.question(tr("setup_duel"), tr("yes_default"), "setup_help.duel"), say, tr)
    return Setup(seats=seats, variant=variant, duel=duel, first=first or dialog.first([s.name for s in seats]))


class _Dialog:
    """The setup's questions, each asked again until its answer is good."""

    def __init__(self, ask: Callable[[str], str], say: Callable[[str], None], inform: Callable[[str], None],
                 tr: Tr) -> None:
        self.ask, self.say, self.inform, self.tr = ask, say, inform, tr

    def question(self, text: str, default: str, help_key: str) -> str:
        """One answer (Enter: the default); ``?`` explains the question and asks it again."""
        while True:
            answer = self.ask(f"{text} [{default}]: ").strip()
            if answer not in ("?", "help", "hilfe"):
                return answer or default
            for line in self.tr(help_key).split("\n"):
                self.inform(line)

    def refuse(self, reason: str) -> None:
        self.say(self.tr("setup_bad", reason=reason))

    def seat_count(self) -> int:
        while True:
            answer = self.question(self.tr("setup_seats"), "3", "setup_help.seats")
            if answer.isdigit() and 2 <= int(answer) <= 5:
                return int(answer)
            self.refuse(self.tr("setup_bad_seats"))

    def seats(self, count: int) -> list[tuple[str | None, str | None]]:
        specs: list[tuple[str | None, str | None]] = []
        for number in range(1, count + 1):
            default = default_name(self.tr) if number == 1 else self.tr("setup_default_bot")
            while True:
                answer = self.question(self.tr("setup_seat", n=number), default, "setup_help.seat")
                try:
                    spec = parse_seat(answer, number)
                except SeatError as err:
                    self.refuse(self.tr(err.key, **err.params) if err.key.startswith("seat_name")
                                else self.tr("setup_bad_seat"))
                    continue
                if spec[0] and any(s[0] and s[0].lower() == spec[0].lower() for s in specs):
                    self.refuse(self.tr("setup_same_name", name=spec[0]))
                    continue
                specs.append(spec)
                break
        return specs

    def variant(self) -> str:
        while True:
            answer = variant_named(self.question(self.tr("setup_variant"), self.tr("setup_default_variant"),
                                                 "setup_help.variant"))
            if answer in VARIANTS:
                return answer
            self.refuse(self.tr("setup_bad_variant"))

    def first(self, names: list[str]) -> str:
        options = ", ".join(names) + ", " + self.tr("setup_random")
        while True:
            answer = self.question(self.tr("setup_first", options=options), names[0], "setup_help.first")
            try:
                pick_first(answer, names, random.Random(0))
            except SeatError:
                self.refuse(self.tr("setup_bad_first", options=options))
                continue
            return answer


def _yes_or_no(ask: Callable[[], str], say: Callable[[str], None], tr: Tr) -> bool:
    """Ask until the answer is a yes or a no (``j``/``ja``/``n``/``nein`` in German, ``y``/``n`` in English)."""
    while True:
        answer = tr.yes_or_no(ask())
        if answer is not None:
            return answer
        say(tr("setup_bad", reason=tr("setup_bad_yes_no")))
