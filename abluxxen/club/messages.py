"""The one message set between the club and its tables, wherever a table plays (a worker process, or the
club's own process serving the same frames): the club's orders in, the tables' events out, each a frozen
dataclass, and one encoding (:func:`encode`, :func:`decode`: JSON, the ``kind`` named after the class and
its ``fields``).

A table pushes an event when something happens at it (no side asks the other how things are). A message
added later is one dataclass here and its handler on each side (``club/worker.py``'s
``Worker.order`` for an order, ``club/tables.py``'s ``TableLink.told`` for an event).

Whatever arrives is hostile until checked: an unknown kind, a field missing, of the wrong type or too
long is a :class:`MessageError` naming what was wrong, which the side that reads it logs and goes on.
A person's visit to a table keeps its byte frames (``club/frames.py``): they are their terminal's bytes.
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import asdict, dataclass, fields
from typing import Any, Union, get_args, get_origin, get_type_hints

from ..host.log import log
from ..quoting import brief

#: The longest message either side takes (a table's chat as kept is the longest: well under this).
MAX_MESSAGE = 1024 * 1024


class MessageError(ValueError):
    """A message that is none of ours: unknown kind, a field missing or of the wrong type, too long."""


# -- orders: the club to a table --------------------------------------------------------------------


@dataclass(frozen=True)
class Play:
    """Play table ``number`` from its save, its seats its owners' (casefolded name to key), as ``settings``
    say; nobody waited for longer than ``grace`` (seconds), ``delay`` after each bot move, its chat as
    kept; ``muted``: who may not talk, and until when (the calendar's seconds); ``away``: the people who
    were away when it was last played, and for how many seconds by now: their grace runs on, not anew (a
    table woken from its sleep); ``due``: at a table played over days, the seat whose decision it awaited, the
    seconds left of that person's time (0 or less: a stand-in decides at once), and since when it awaited it
    (the calendar's seconds: told again as it was)."""

    number: int
    save: str
    owners: dict[str, str]
    settings: dict[str, object]
    grace: float
    delay: float
    chat: object = None
    muted: dict[str, float] | None = None
    away: dict[str, float] | None = None
    due: tuple[int, float, float] | None = None
    forfeits: bool = False


@dataclass(frozen=True)
class Close:
    """An admin closes the table: its screens go back to the lobby, play stops; its save stays."""

    number: int


@dataclass(frozen=True)
class Kick:
    """An account is banned: its seat at the table is theirs no more, and they leave it."""

    number: int
    name: str


@dataclass(frozen=True)
class SendBack:
    """An admin kicks ``name``: their screens at the table go back to the lobby; their seat waits."""

    number: int
    name: str


@dataclass(frozen=True)
class Mute:
    """``name`` says nothing at the table for ``seconds`` (0: they may talk again)."""

    number: int
    name: str
    seconds: float


@dataclass(frozen=True)
class Sleep:
    """Nobody is at the table and it has nothing to do: it stops (its save kept, its lock let go) until it
    is played again (:class:`Play`). Ignored when someone came to it meanwhile (its :class:`Stage` says so)."""

    number: int


@dataclass(frozen=True)
class Stop:
    """The club stops: every table stops, its save kept, and the worker ends."""


# -- events: a table to the club --------------------------------------------------------------------


@dataclass(frozen=True)
class Stage:
    """What the lobby lists of table ``number`` changed: its stage (``waiting``, ``playing``, ``scores``,
    ``over``), the people at its seats, the bots' seats, its watchers, its save's
    file name (``None``: none to resume), and who of its people is away since when (the calendar's seconds)."""

    number: int
    stage: str
    people: tuple[str, ...]
    bots: int
    watchers: int
    save: str | None
    away: dict[str, float]


@dataclass(frozen=True)
class Turn:
    """Whose decision it is at table ``number``: ``seat`` (``None``: no person's, a bot decides or no game
    runs), their ``name``, ``since`` when (the calendar's seconds), and ``deadline``: when a stand-in decides
    it for them (their turn clock's end, or the end of their grace while they are away; ``None``: no end);
    ``last``: what happened just before, as everyone at the table may read it, per language (``en``, ``de``;
    ``None``: nothing yet)."""

    number: int
    seat: int | None
    name: str
    since: float
    deadline: float | None
    last: dict[str, str] | None = None


@dataclass(frozen=True)
class Missed:
    """At table ``number``, played over days, ``name``'s time for a decision ran out and a bot made it;
    ``given_up``: it was the third in a row, and a bot plays their seat to the game's end."""

    number: int
    name: str
    given_up: bool


@dataclass(frozen=True)
class Chat:
    """Table ``number``'s chat, as it is kept."""

    number: int
    chat: object


@dataclass(frozen=True)
class GameOver:
    """A game at table ``number`` ended and is number ``record`` in the records: per seat its place (1 =
    first), its score and its account (``None``: a bot, or a guest), and the ratings' reading of it
    (``rated``: each rated seat's player key, name, bot level and place, as ``store/ratings.py``'s
    ``placings`` gives them); ``absent``: per seat, whether a stand-in played it more than its person (their
    seat given up: a tournament counts them last)."""

    number: int
    record: int
    places: tuple[int, ...]
    scores: tuple[int, ...]
    accounts: tuple[str | None, ...]
    rated: tuple[tuple[str, str, str | None, int], ...]
    absent: tuple[bool, ...] = ()


@dataclass(frozen=True)
class Recorded:
    """A game of table ``number`` is in the records."""

    number: int


@dataclass(frozen=True)
class Over:
    """Table ``number``'s room ended (its match over, closed, stopped or asleep); ``error``: why it could not
    play ("" for none)."""

    number: int
    error: str = ""


@dataclass(frozen=True)
class Log:
    """A line of a worker's log (the club writes it into its own): its logger's ``name``, its ``level``, and
    its ``kind`` (how repeats of it are counted: ``host/log.py``'s ``Repeats``)."""

    line: str
    level: int
    name: str
    kind: tuple[str, ...]


Order = Play | Close | Kick | SendBack | Mute | Sleep | Stop
Event = Stage | Turn | Missed | Chat | GameOver | Recorded | Over | Log
Message = Order | Event

_KINDS: dict[str, type[Any]] = {cls.__name__: cls for cls in (*get_args(Order), *get_args(Event))}
#: Each kind's fields and their types, read once: reading a class's annotations is far dearer than a message
#: (a fraction of a millisecond each time, and the club reads a message or two at every move).
_FIELDS: dict[type[Any], tuple[tuple[Any, Any], ...]] = {
    cls: tuple((field, get_type_hints(cls)[field.name]) for field in fields(cls)) for cls in _KINDS.values()}


def encode(message: Message) -> bytes:
    """``message`` as the bytes of one frame."""
    return json.dumps({"kind": type(message).__name__, "fields": asdict(message)}, separators=(",", ":")).encode()


def decode(data: bytes) -> Message:
    """The message of one frame.

    Raises:
        MessageError: it is none of ours (saying what was wrong).
    """
    if len(data) > MAX_MESSAGE:
        raise MessageError(f"a message of {len(data)} bytes")
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError) as err:
        raise MessageError(f"not JSON: {brief(str(err), 80)}") from None
    if not isinstance(doc, dict):
        raise MessageError("not an object")
    kind, doc = doc.get("kind"), doc.get("fields", {})
    cls = _KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MessageError(f"unknown kind {brief(repr(kind), 40)}")
    if not isinstance(doc, dict):
        raise MessageError(f"{kind}: its fields are no object")
    kind_fields = _FIELDS[cls]
    unknown = sorted(set(doc) - {field.name for field, _ in kind_fields})
    if unknown:
        raise MessageError(f"{kind}: unknown field {brief(unknown[0], 40)}")
    values: dict[str, Any] = {}
    for field, hint in kind_fields:
        if field.name not in doc:
            if field.default is field.default_factory:  # both MISSING: a field it must have
                raise MessageError(f"{kind}: no {field.name}")
            continue
        try:
            values[field.name] = _checked(doc[field.name], hint)
        except MessageError as err:
            raise MessageError(f"{kind}.{field.name}: {err}") from None
    return typing.cast(Message, cls(**values))


def _checked(value: Any, hint: Any) -> Any:
    """``value`` as the type ``hint`` says (a JSON list as a tuple), or :class:`MessageError`."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is object:
        return value
    if origin in (Union, types.UnionType):
        for arg in args:
            try:
                return _checked(value, arg)
            except MessageError:
                pass
        raise MessageError(f"{brief(repr(value), 40)} is none of {hint}")
    if hint is type(None):
        if value is None:
            return None
    elif hint is bool:
        if isinstance(value, bool):
            return value
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif hint is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
    elif hint is str:
        if isinstance(value, str):
            return value
    elif origin is tuple:
        if isinstance(value, list):
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(_checked(item, args[0]) for item in value)
            if len(value) == len(args):
                return tuple(_checked(item, arg) for item, arg in zip(value, args, strict=True))
    elif origin is dict:
        if isinstance(value, dict):
            return {_checked(k, args[0]): _checked(v, args[1]) for k, v in value.items()}
    raise MessageError(f"{brief(repr(value), 40)} is no {getattr(hint, '__name__', hint)}")


def heard(data: bytes, *, sender: str) -> Message | None:
    """The message of one frame from ``sender`` (``the club``, ``a worker of the club``); ``None`` once
    the log says it was none of ours: the side that reads it reads on."""
    try:
        return decode(data)
    except MessageError as err:
        log.warning("%s sent what is no message: %s", sender[:1].upper() + sender[1:], err)
        return None
