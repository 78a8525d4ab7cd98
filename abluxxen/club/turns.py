"""Where it is a person's move: what happened just before a decision awaited (:func:`what_happened`, told
with the table's :class:`~.messages.Turn`), and the one line that says it, wherever it is said (the lobby at
login, its ``moves`` page, ``ssh … waiting``): :func:`your_move`, its times in plain words
(:func:`duration`). Everything here comes from a table's last Turn alone: no save is read.
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

MINUTE, HOUR, DAY = 60, 3600, 86400


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


def duration(seconds: float, tr: Tr, *, ago: bool = False) -> str:
    """``seconds`` in plain words, rounded down to what a person needs: under a minute, minutes, hours (and
    minutes under three hours), days and hours. ``ago``: as ``turns.ago`` holds it (German: ``vor 2 Tagen``,
    where ``noch 2 Tage``)."""
    whole = int(max(0.0, seconds))
    if whole < MINUTE:
        return tr("turns.moment_ago" if ago else "turns.moment")
    if whole < HOUR:
        return tr("turns.minutes", n=whole // MINUTE)
    if whole < DAY:
        hours, minutes = divmod(whole // MINUTE, 60)
        shown = tr("turns.hours", n=hours)
        return f"{shown} {tr('turns.minutes', n=minutes)}" if hours < 3 and minutes else shown
    days, hours = divmod(whole // HOUR, 24)
    key = "turns.days_one" if days == 1 else "turns.days_ago" if ago else "turns.days"
    shown = tr(key, n=days)
    return f"{shown} {tr('turns.hours', n=hours)}" if hours else shown


def your_move(number: int, turn: Turn, tr: Tr, now: float, width: int | None = None) -> str:
    """The line that says it is this person's move at table ``number`` (``turn`` names their seat): what
    happened just before, how long ago (``now``, the calendar's seconds) and how long is left; within
    ``width`` columns, what happened cut first (``None``: whole, for a page or a script, which wrap it)."""
    waited = now - turn.since
    ago = tr("turns.just_now") if waited < MINUTE else tr("turns.ago", time=duration(waited, tr, ago=True))
    left = tr("turns.no_limit") if turn.deadline is None else \
        tr("turns.left", time=duration(turn.deadline - now, tr))
    last = (turn.last or {}).get(tr.lang)
    if not last:
        return tr("turns.yours_plain", n=number, ago=ago, left=left)
    line = tr("turns.yours", n=number, last=brief(last, LAST_LONGEST), ago=ago, left=left)
    if width is None or cells(line) <= width:
        return line
    return fitting(lambda limit: tr("turns.yours", n=number, last=brief(last, limit), ago=ago, left=left), width)
