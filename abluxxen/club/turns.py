"""Where it is a person's move: what happened just before a decision awaited (:func:`what_happened`, told
with the table's :class:`~.messages.Turn`), and the one line that says it, wherever it is said (the lobby at
login, its ``moves`` page, ``ssh … waiting``): :func:`your_move`, its times as ``Tr.duration`` says them.
Everything here comes from a table's last Turn alone: no save is read.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.events import Event
from ..i18n.tr import Tr
from ..languages import LANGS
from ..quoting import brief, cells, fitting
from ..tui.narrate import last_said
from .messages import Turn

#: The most characters of what happened just before a decision that a Turn carries (a sentence of the log
#: is rarely longer; the line that shows it cuts it to its width).
LAST_LONGEST = 160

#: A decision awaited for less than this many seconds is awaited "just now".
MINUTE = 60


def what_happened(events: Sequence[Event], names: Sequence[str]) -> dict[str, str] | None:
    """What happened just before now, as everybody at the table reads it (the log's last sentence, for no
    seat's eyes: never a card of anyone's hand), in each language (``None``: nothing yet)."""
    told = {}
    for lang in LANGS:
        said = last_said(events, names, Tr(lang))
        if said is None:
            return None
        told[lang] = brief(said, LAST_LONGEST)
    return told


def your_move(number: int, turn: Turn, tr: Tr, now: float, width: int | None = None) -> str:
    """The line that says it is this person's move at table ``number`` (``turn`` names their seat): what
    happened just before, how long ago (``now``, the calendar's seconds) and how long is left; within
    ``width`` columns, what happened cut first (``None``: whole, for a page or a script, which wrap it)."""
    waited = now - turn.since
    ago = tr("turns.just_now") if waited < MINUTE else tr("turns.ago", time=tr.duration(waited, ago=True))
    left = tr("turns.no_limit") if turn.deadline is None else tr("turns.left", time=tr.duration(turn.deadline - now))
    last = (turn.last or {}).get(tr.lang, "").rstrip(".")  # a sentence's end is the line's comma
    if not last:
        return tr("turns.yours_plain", n=number, ago=ago, left=left)
    line = tr("turns.yours", n=number, last=brief(last, LAST_LONGEST), ago=ago, left=left)
    if width is None or cells(line) <= width:
        return line
    return fitting(lambda limit: tr("turns.yours", n=number, last=brief(last, limit), ago=ago, left=left), width)
