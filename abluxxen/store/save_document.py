"""The save document: what a save file holds, written as JSON and read back with every field checked.

A save file is a JSON document of our own that wraps the engine's match
document (:meth:`Match.to_json`, which embeds the game)::

    {"format": "abluxxen-tui/1", "saved": "2026-11-22T03:00:00+00:00",
     "lang": "en", "delay": 0.6, "finished": false,
     "seats": [{"name": "Ann"}, {"name": "Ada", "bot": "hard"}],
     "log": [<events of the current game, Event.to_json>],
     "assisted": false, "match_key": "5f0c9e2a41d3b7e8",
     "accounts": [<per seat, the account of its person at a club, or null>],  (a club's tables only)
     "stood_in": [<the current game's moves, by their place in its transcript, a stand-in made>],  (if any)
     "given_up": [<the seats whose person missed three deadlines in a row this game: a bot plays them on>],  (if any)
     "club": {"table": 3, "opener": "Ann", "settings": {<the table's settings>},  (a club's tables only)
              "tournament": {"number": 2, "name": "Spring cup", "round": 1}},  (a tournament's tables only)
     "transcript": <the current game's Transcript.to_json()>,
     "match": <Match.to_json()>}

A document is whatever a disk or a player left there, so reading refuses, with one line of reason
(:class:`SaveError`), anything but a save that plays: every field is checked before a game starts.
Where the files live, and how they are written and read, is ``saves.py``'s.
"""

from __future__ import annotations

import json
import math
import re
import secrets
from dataclasses import InitVar, dataclass, field
from datetime import UTC, datetime
from typing import Any, NamedTuple

from ..engine.events import EVENT_KINDS, START, Event
from ..engine.match import Match
from ..engine.phase import END_REASONS
from ..engine.transcript import Transcript
from ..languages import LANGS
from ..levels import LEVELS
from ..names import holds_mark, name_problem
from ..quoting import cells
from .files import TooDeep, load_json

FORMAT = "abluxxen-tui/1"
MAX_NAME = 12  # terminal cells: the table lays names out in columns this wide
DEFAULT_DELAY = 0.6  # seconds after a bot move: long enough to see it
MAX_DELAY = 10.0  # more would look like a hang
_KEY = re.compile(r"[0-9A-Za-z_-]{1,64}")
#: An account in a save: printable, no spaces (``key:`` and a key's fingerprint, as the club writes it).
_ACCOUNT = re.compile(r"[!-~]{1,200}")
#: The most a club's table's number, its opener's name and one of its settings may be in a save.
MAX_TABLE_NUMBER, MAX_CLUB_WORD, MAX_CLUB_SETTINGS = 999_999, 200, 20
#: The most a club tournament's number, its name's characters and its rounds may be (in a save, in the records).
MAX_TOURNAMENT_NUMBER, MAX_TOURNAMENT_NAME, MAX_ROUNDS = 999_999, 40, 99


class SaveError(ValueError):
    """A save file that cannot be read back, with the reason (``str()``: English).

    Attributes:
        key: which reason, for its words in another language (``abluxxen/i18n/saves.py``); ``""``
            when only the English exists.
        params: the reason's details, to fill those words in.
    """

    def __init__(self, message: str, key: str = "", **params: object) -> None:
        super().__init__(message)
        self.key, self.params = key, params


def new_match_key() -> str:
    """A fresh random key for a match (16 hex digits)."""
    return secrets.token_hex(8)


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a human by name, or a bot of some level."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.bot is not None


@dataclass
class Saved:
    """A save file's content."""

    match: Match
    seats: list[Seat]
    lang: str = "en"
    delay: float = 0.6
    log: list[Event] = field(default_factory=list)
    finished: bool = False
    #: Whether the current game had help a plain game does not: a hint, an undo.
    assisted: bool = False
    #: The match's own random key: its games are recorded as ``KEY:INDEX``, once each.
    match_key: str = field(default_factory=new_match_key)
    #: Per seat, the account of the person at it (a club's table), ``None`` for a bot or a person without
    #: one; ``None`` where no seat has one. Kept in the save so that whoever records its games (the club,
    #: or any command that finds the finished save) rates them by account.
    accounts: list[str | None] | None = None
    #: The current game's moves (their places in ``transcript.moves``, in order) that someone other than the
    #: seat's person decided for it: a stand-in bot once the grace was over, the turn clock's bot. Kept with
    #: the moves, so that a restart, a worker's hop or an undo keeps the count right; the records count them
    #: per seat (:meth:`decisions`), and a seat mostly played so is not rated (``store/ratings.py``).
    stood_in: list[int] = field(default_factory=list)
    #: The people's seats given up in the current game (in order): at a table played over days, its person
    #: missed three deadlines in a row, and a bot plays the seat to the game's end. The game is not rated for
    #: them (:meth:`decisions` counts every decision of the seat as the stand-in's).
    given_up: list[int] = field(default_factory=list)
    #: Where a club's table stands, so that the club can set it up again from its save alone should its
    #: registry of tables be lost: its ``table`` number in the lobby, its ``opener`` and its ``settings``
    #: (what the table plays, as the club writes them: names to numbers, words and true/false; the club
    #: checks their meaning); at a tournament's table also its ``tournament``: ``{"number", "name", "round"}``,
    #: which the records keep with each of its games (:func:`is_tournament_round`). ``None`` for any other save.
    club: dict[str, Any] | None = None
    history: InitVar[Transcript | None] = None
    #: The current game from its deal (or from where an older save resumed it).
    transcript: Transcript = field(init=False)

    def __post_init__(self, history: Transcript | None) -> None:
        self.transcript = history if history is not None else Transcript.of(self.match.game)

    def decisions(self) -> list[Decisions]:
        """Per seat, the current game's decisions and how many of them a stand-in made (:attr:`stood_in`). A
        move that was the only legal one is nobody's decision: the table plays it without asking."""
        counted = [Decisions(0, 0) for _ in self.seats]
        stood_in = set(self.stood_in)
        for step in self.transcript.positions():
            played = step.played
            if played is None or len(step.game.legal_moves()) == 1:
                continue
            made, for_them = counted[played.seat]
            counted[played.seat] = Decisions(made + 1, for_them + (step.index in stood_in))
        # A seat given up is the stand-in's game, whoever made its first decisions: one rule rates it
        # (``store/ratings.py``'s ``played_by_person``), the one that leaves a stand-in's game out.
        return [Decisions(d.made, d.made) if seat in self.given_up else d for seat, d in enumerate(counted)]

    def missed_in_a_row(self, seat: int) -> int:
        """How many of ``seat``'s last decisions in the current game a stand-in made, one after another."""
        stood_in = set(self.stood_in)
        row = 0
        for step in self.transcript.positions():
            played = step.played
            if played is not None and played.seat == seat and len(step.game.legal_moves()) > 1:
                row = row + 1 if step.index in stood_in else 0
        return row


class Decisions(NamedTuple):
    """One seat's decisions in a game: how many it had to make, and how many of those a stand-in made
    for its person (the rest its person made; a bot seat's are all its own)."""

    made: int
    stood_in: int


def name_refusal(name: str) -> str | None:
    """Why a name cannot sit at the table, as a key of ``abluxxen/i18n/`` (``None``: it can).

    ``"seat_name_control"``: a control or invisible character;
    ``"seat_name_long"``: wider than :data:`MAX_NAME` terminal cells;
    ``"seat_name_mark"``: a comma or one of the table's marks (its text takes them as ``marks``).
    """
    if name_problem(name):
        return "seat_name_control"
    if cells(name) > MAX_NAME:
        return "seat_name_long"
    if holds_mark(name):
        return "seat_name_mark"
    return None


def to_document(saved: Saved) -> dict[str, Any]:
    """The JSON document of a save."""
    return {
        "format": FORMAT,
        "saved": datetime.now(UTC).isoformat(timespec="seconds"),
        "lang": saved.lang,
        "delay": saved.delay,
        "finished": saved.finished,
        "seats": [{"name": s.name} if s.bot is None else {"name": s.name, "bot": s.bot} for s in saved.seats],
        "log": [e.to_json() for e in saved.log],
        "assisted": saved.assisted,
        "match_key": saved.match_key,
        **({"accounts": saved.accounts} if saved.accounts is not None else {}),
        **({"stood_in": saved.stood_in} if saved.stood_in else {}),
        **({"given_up": saved.given_up} if saved.given_up else {}),
        **({"club": saved.club} if saved.club is not None else {}),
        "transcript": saved.transcript.to_json(),
        "match": saved.match.to_json(),
    }


def from_document(doc: Any) -> Saved:
    """A save from its document, every field checked, so that a save that loads can be played.

    Raises:
        SaveError: naming what is wrong.
    """
    if not isinstance(doc, dict):
        raise SaveError("not a save document (expected a JSON object)", "not_object")
    if doc.get("format") != FORMAT:
        found = repr(doc.get("format"))[:40]
        raise SaveError(f"unknown format {found} (expected {FORMAT!r})", "format", found=found, expected=repr(FORMAT))
    for key in ("match", "seats"):
        if key not in doc:
            raise SaveError(f"damaged save: no {key!r}", "missing", field=repr(key))
    try:
        match = Match.from_json(doc["match"])
        seats = _seats(doc["seats"], match.names)
        log = _log(doc.get("log", []), match.rules.players)
        # Saves from before transcripts begin the transcript where they resume.
        history = Transcript.from_json(doc["transcript"], ends_at=match.game) if "transcript" in doc else None
    except ValueError as err:
        raise SaveError(f"damaged save: {err}", "invalid") from None
    lang = doc.get("lang", "en")
    if lang not in LANGS:
        raise SaveError("damaged save: lang must be 'en' or 'de'", "lang")
    delay = doc.get("delay", 0.6)
    if isinstance(delay, bool) or not isinstance(delay, int | float) or not math.isfinite(delay) \
            or not 0 <= delay <= MAX_DELAY:
        raise SaveError(f"damaged save: delay must be from 0 to {MAX_DELAY:g} seconds", "delay", most=f"{MAX_DELAY:g}")
    finished = doc.get("finished", False)
    if not isinstance(finished, bool) or (finished and not match.is_over):
        raise SaveError("damaged save: finished must be true or false, and true only once the match is over",
                        "finished")
    assisted = doc.get("assisted", False)
    if not isinstance(assisted, bool):
        raise SaveError("damaged save: assisted must be true or false", "assisted")
    # Saves from before records get a key now; the first autosave keeps it.
    match_key = doc.get("match_key", new_match_key())
    if not isinstance(match_key, str) or not _KEY.fullmatch(match_key):
        raise SaveError("damaged save: match_key must be 1 to 64 letters, digits, - or _", "match_key")
    accounts = doc.get("accounts")
    if accounts is not None and not (isinstance(accounts, list) and len(accounts) == len(seats) and all(
            account is None or (isinstance(account, str) and _ACCOUNT.fullmatch(account)) for account in accounts)):
        raise SaveError("damaged save: accounts must name an account (or null) for each seat", "accounts")
    club = doc.get("club")
    if club is not None and not _is_club_place(club):
        raise SaveError(f"damaged save: club must give a table's number (1 to {MAX_TABLE_NUMBER}), its opener "
                        "and its settings", "club", most=MAX_TABLE_NUMBER)
    if club is not None and "tournament" in club and not is_tournament_round(club["tournament"]):
        raise SaveError(f"damaged save: club.tournament must give its number (1 to {MAX_TOURNAMENT_NUMBER}), its "
                        f"name (1 to {MAX_TOURNAMENT_NAME} printable characters) and the round (1 to {MAX_ROUNDS})",
                        "club_tournament", most=MAX_TOURNAMENT_NUMBER, name=MAX_TOURNAMENT_NAME, rounds=MAX_ROUNDS)
    _check_when(doc.get("saved"))
    saved = Saved(match=match, seats=seats, lang=lang, delay=float(delay), log=log, finished=finished,
                  assisted=assisted, match_key=match_key, accounts=accounts, club=club, history=history)
    saved.stood_in = _stood_in(doc.get("stood_in", []), saved)
    given_up = doc.get("given_up", [])
    if not (isinstance(given_up, list) and all(type(s) is int and 0 <= s < len(seats) and not seats[s].is_bot
                                               for s in given_up) and len(set(given_up)) == len(given_up)):
        raise SaveError("damaged save: given_up must list people's seats, once each", "given_up")
    saved.given_up = given_up
    return saved


def _stood_in(value: Any, saved: Saved) -> list[int]:
    """The moves a stand-in made: places in the transcript, in order, each a move of a person's seat."""
    moves = saved.transcript.moves
    if not (isinstance(value, list) and all(type(i) is int and 0 <= i < len(moves) for i in value)
            and value == sorted(set(value)) and all(not saved.seats[moves[i].seat].is_bot for i in value)):
        raise SaveError("damaged save: stood_in must list moves of people's seats in the transcript, in order",
                        "stood_in")
    return value


def _is_club_place(value: Any) -> bool:
    """Whether ``value`` is a save's ``club``: a table's number, its opener's name, and its settings, each
    setting a short name for a true/false, a whole number or a short word; maybe a ``tournament`` besides
    (checked on its own: :func:`is_tournament_round`)."""
    def short(text: Any) -> bool:
        return isinstance(text, str) and 0 < len(text) <= MAX_CLUB_WORD and text.isprintable()

    def setting(item: tuple[Any, Any]) -> bool:
        name, value = item
        return short(name) and (isinstance(value, bool) or short(value)
                                or (isinstance(value, int) and abs(value) <= MAX_TABLE_NUMBER))
    if not isinstance(value, dict) or set(value) - {"tournament"} != {"table", "opener", "settings"}:
        return False
    number, settings = value["table"], value["settings"]
    return (isinstance(number, int) and not isinstance(number, bool) and 0 < number <= MAX_TABLE_NUMBER
            and short(value["opener"]) and isinstance(settings, dict) and len(settings) <= MAX_CLUB_SETTINGS
            and all(map(setting, settings.items())))


def is_tournament_round(value: Any) -> bool:
    """Whether ``value`` is a save's ``club.tournament``: exactly the tournament's ``number`` (1 to
    :data:`MAX_TOURNAMENT_NUMBER`), its ``name`` (1 to :data:`MAX_TOURNAMENT_NAME` printable characters) and
    the ``round`` the table plays (1 to :data:`MAX_ROUNDS`)."""
    if not isinstance(value, dict) or set(value) != {"number", "name", "round"}:
        return False
    number, name, round_ = value["number"], value["name"], value["round"]
    return (type(number) is int and 0 < number <= MAX_TOURNAMENT_NUMBER and type(round_) is int
            and 0 < round_ <= MAX_ROUNDS and isinstance(name, str) and 0 < len(name) <= MAX_TOURNAMENT_NAME
            and name.isprintable())


def _seats(value: Any, names: list[str]) -> list[Seat]:
    """The seats of a document: one per player, named as in the game."""
    if not isinstance(value, list) or len(value) != len(names):
        raise ValueError(f"seats must list the {len(names)} players")
    seats = []
    for number, (seat, name) in enumerate(zip(value, names, strict=True), 1):
        if not isinstance(seat, dict) or set(seat) - {"name", "bot"} or seat.get("name") != name:
            raise ValueError(f"seat {number} must be an object with the game's name for that seat")
        refusal = name_refusal(name)
        # A name sat before the marks were refused, and its game must still load.
        if refusal and refusal != "seat_name_mark":
            raise ValueError(f"seat {number}: " + ("the name holds a control or invisible character"
                                                    if refusal == "seat_name_control"
                                                    else f"the name is wider than {MAX_NAME} characters"))
        bot = seat.get("bot")
        if bot is not None and bot not in LEVELS:
            raise ValueError(f"seat {number}: bot level must be {_or(LEVELS)}")
        seats.append(Seat(name, bot))
    if len({n.lower() for n in names}) != len(names):  # as the setup compares them
        raise ValueError("two seats have the same name")
    return seats


# What each kind of logged event must carry, and the sources it may name.
_NEEDS: dict[str, tuple[tuple[str, ...], tuple[str, ...] | None]] = {
    START: (("seat", "source"), None),
    "play": (("seat", "cards"), None),
    "abluxx": (("seat", "other", "cards"), None),
    "shadowluxx": (("seat", "cards"), None),
    "take": (("seat", "other", "cards"), None),
    "leave": (("seat", "other", "cards"), None),
    "back": (("seat", "other", "cards"), None),
    "discard": (("seat", "other", "cards"), None),
    "draw": (("seat", "cards", "source"), ("deck", "pool")),
    "pass": (("seat",), None),
    "refill": (("source",), ("pool", "shadow")),
    "to-pool": (("cards", "source"), None),
    "removed": (("cards",), None),
    "turn": (("seat",), None),
    "game-over": (("seat", "source"), END_REASONS),
}
assert set(_NEEDS) == {*EVENT_KINDS, START}


def _log(value: Any, players: int) -> list[Event]:
    """The logged events of a document: known kinds, seats at the table, nothing missing."""
    if not isinstance(value, list):
        raise ValueError("log must be a list of events")
    events = []
    for i, doc in enumerate(value):
        try:
            event = Event.from_json(doc)
        except ValueError as err:
            raise ValueError(f"log[{i}]: {err}") from None
        if event.kind not in _NEEDS:
            raise ValueError(f"log[{i}]: unknown event kind {event.kind[:20]!r}")
        needs, sources = _NEEDS[event.kind]
        missing = [name for name in needs if getattr(event, name) in (None, ())]
        if missing:
            raise ValueError(f"log[{i}]: a {event.kind} event needs {' and '.join(missing)}")
        if any(s is not None and s >= players for s in (event.seat, event.other)):
            raise ValueError(f"log[{i}]: seat out of range for {players} players")
        if sources is not None and event.source not in sources:
            raise ValueError(f"log[{i}]: a {event.kind} event comes from {' or '.join(sources)}")
        if sources is None and event.source is not None and not event.source.isdigit():
            raise ValueError(f"log[{i}]: a {event.kind} event's source is a number")
        events.append(event)
    return events


def _check_when(value: Any) -> None:
    """``saved``, when present, is the date and time the file was written."""
    if value is None:
        return
    try:
        datetime.fromisoformat(value if isinstance(value, str) else "")
    except ValueError:
        raise SaveError("damaged save: saved must be a date and time", "saved") from None


def save_text(saved: Saved, *, checked: bool = True) -> str:
    """The save file's text for ``saved`` as it is now (what :func:`write_save_text` writes, maybe later and in
    another thread: the text no longer changes with the game).

    Raises:
        SaveError: when ``checked`` and the document would not load again.
    """
    text = json.dumps(to_document(saved), indent=1)
    if checked:
        from_document(json.loads(text))  # never replace a good save with one that won't load
    return text


def parse_save(text: str) -> Saved:
    """A save from the text of its file (:func:`save_text`), every field checked.

    Raises:
        SaveError: when the text is not JSON, or not a save that plays; one line of reason.
    """
    return from_document(_parse(text))


def _refuse_constant(name: str) -> Any:
    raise SaveError(f"damaged save: {name} is not a number a save holds", "constant", name=name)


def _parse(text: str) -> Any:
    try:
        return load_json(text, parse_constant=_refuse_constant)
    except SaveError:
        raise
    except json.JSONDecodeError as err:
        raise SaveError(f"damaged save: not valid JSON (line {err.lineno})", "json", line=err.lineno) from None
    except TooDeep:
        raise SaveError("damaged save: nested too deeply", "nested") from None
    except ValueError:  # the parser's limit on digits: no save holds such a number
        raise SaveError("damaged save: a number too long to read", "long_number") from None


def _or(words: tuple[str, ...]) -> str:
    """``"a, b or c"``."""
    return ", ".join(words[:-1]) + " or " + words[-1]
