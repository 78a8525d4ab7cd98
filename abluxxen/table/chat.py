"""Chat: what people at one place (a table, the club's lobby) say, one line each, rate-limited and muted.

The bounds of a typed line are here too: every line a person types (a move, a command, a chat line)
is cut to :data:`MAX_LINE`, and a name shown of it to :data:`MAX_NAME_SHOWN`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..quoting import brief
from .rate import Bucket

#: What one typed line (a move, a command, a chat line) may hold; the rest is cut.
MAX_LINE = 200
#: How much of a watcher's login name screens show.
MAX_NAME_SHOWN = 20
#: How many chat lines the room keeps.
CHAT_KEPT = 50
#: Chat: a person may say this many lines at once, then one every :data:`CHAT_EVERY` seconds.
CHAT_BURST, CHAT_EVERY = 4, 2.0
#: The whole room's chat: at most this many lines in :data:`CHAT_WINDOW` seconds, however many talk.
CHAT_ROOM, CHAT_WINDOW = 8, 4.0


@dataclass(frozen=True)
class Said:
    """One line of chat; ``watching``: said by a watcher (shown so: a watcher cannot pass for a player)."""

    name: str
    text: str
    at: float
    watching: bool = False


class Silence(NamedTuple):
    """A name an admin muted for a while: as the admin's order named it, and until when (a clock's seconds)."""

    name: str
    until: float


class Chat:
    """What people at one place (a table, the club's lobby) said: one line each, rate-limited per person
    and for everyone together, muted names refused (for good by a host, for a while by a club's admin).

    Args:
        clock: monotonic seconds.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.lines: list[Said] = []
        self.muted: set[str] = set()
        #: Names an admin muted for a while (casefolded), as named, and until when (``clock``'s seconds).
        self.silenced: dict[str, Silence] = {}
        self._rates: dict[str, Bucket] = {}

    def silence(self, name: str, seconds: float) -> None:
        """``name`` says nothing here for ``seconds`` (0: may talk again now)."""
        now = self.clock()
        self.silenced = {n: s for n, s in self.silenced.items() if s.until > now}  # the time is up
        if seconds > 0:
            self.silenced[name.casefold()] = Silence(name, now + seconds)
        else:
            self.silenced.pop(name.casefold(), None)

    def say(self, name: str, text: str, *, watching: bool = False) -> str:
        """A line from ``name``: one line, control characters removed, at most :data:`MAX_LINE`; ``""`` when
        it was said (or held nothing), else why not (a text key: ``host.chat.muted``, ``host.chat.silenced``,
        ``host.chat.busy``, ``host.chat.slow``)."""
        clean = "".join(ch if ch.isprintable() else " " for ch in text[:MAX_LINE]).strip()
        if not clean:
            return ""
        folded = name.casefold()
        if folded in self.muted:
            return "host.chat.muted"
        now = self.clock()
        if self.silenced.get(folded, Silence(name, now)).until > now:
            return "host.chat.silenced"
        if sum(1 for said in self.lines if now - said.at < CHAT_WINDOW) >= CHAT_ROOM:
            return "host.chat.busy"
        if len(self._rates) > 4 * CHAT_KEPT:  # names come and go: a full bucket is a new one
            self._rates = {n: b for n, b in self._rates.items() if not b.full}
        rate = self._rates.setdefault(folded, Bucket(CHAT_BURST, 1 / CHAT_EVERY, self.clock))
        if not rate.spend(1):
            return "host.chat.slow"
        self.lines.append(Said(brief(name, MAX_NAME_SHOWN), clean, now, watching))
        del self.lines[:-CHAT_KEPT]
        return ""
