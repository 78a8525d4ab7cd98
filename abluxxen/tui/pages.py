"""What the pages and the hint say, wherever they are shown: the hot-seat's pager or a hosted screen.

Each function builds renderables (or a line) from a view and the language;
where and how they are paged is the front end's business.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.text import Text

from ..engine.events import Event
from ..engine.seeds import seed_text
from ..engine.view import View
from ..i18n import rulebook
from ..i18n.tr import Tr
from ..names import SEAT_SEPARATOR, holds_mark
from ..store.save_document import Saved
from .drawing import TableInfo, legend_lines, log_lines, moves_page
from .narrate import narrate


def help_page(view: View, tr: Tr, *, info: TableInfo, width: int, rows: int, decides: bool = True) -> list[Text]:
    """The ``?`` page: the legal moves (when the view's seat decides), then the table's symbols, the
    symbols kept whole on one page of ``rows`` lines."""
    room = max(1, rows - 2)
    lines = moves_page(view, tr, width=width) + [Text("")] if decides else []
    legend = legend_lines(view, tr, info=info, width=width)
    used = len(lines) % room
    if used and used + len(legend) > room and len(legend) <= room:
        lines += [Text("")] * (room - used)
    return lines + legend


def log_page(events: Sequence[Event], viewer: int | None, names: Sequence[str], tr: Tr, *, game: int,
             width: int) -> list[RenderableType]:
    """The whole game so far as ``viewer`` may see it (other seats' deck draws hidden; ``None``: nobody's)."""
    title = Text(tr("log_title", n=game), style="bold")
    return [title, Text(""), *log_lines(narrate(events, viewer, names, tr), width)]


def rules_page(words: Sequence[str], tr: Tr) -> tuple[list[RenderableType], str] | None:
    """The rules about ``words``, the best section first (the topic list first when there are no words),
    and the one line to say under the table: that the match is partial, or that nothing matched (then
    there is no page: the line names topics to try); ``None`` when the rules cannot be read."""
    try:
        found = rulebook.find(list(words), tr.lang)
        topic_help: str = rulebook.topic_help(tr.lang, command="rules")
    except Exception:  # noqa: BLE001 - the rules reader must not end the game
        return None
    line = rulebook.notice(found, tr.lang)
    if found.mode == "none":
        return [], line
    sections = ([topic_help] if found.mode == "whole" else []) + list(found.sections)
    parts: list[RenderableType] = [Text(line, style="bold yellow"), Text("")] if line else []
    parts.append(Markdown("\n\n".join(sections), hyperlinks=False))
    return parts, line


def hint_line(view: View, tr: Tr, *, strong: bool = False) -> str | None:
    """A bot's move and reason for the view's decision, in words; ``None`` when it has none.

    Args:
        view: the deciding seat's view.
        tr: the language.
        strong: the hard bot's advice (``bots.advise``: a search, about a tenth of a second; the table's
            ``hint``), else the normal bot's (``bots.hint``: at once; a lesson's coach).
    """
    try:
        from ..bots import advise, hint

        move, reason = advise(view) if strong else hint(view)
    except Exception:  # noqa: BLE001 - a failing hint must not end the game
        return None
    return tr("hint", move=tr.spoken(move), reason=tr.why(reason, view.names))


#: The widest line of the replay command (it follows two spaces of indent on an 80-column terminal).
REPLAY_WIDTH = 76


def replay_line(saved: Saved, tr: Tr, *, shown: bool) -> str:
    """How to replay this match's deals at one terminal, or ``""`` while the seed must stay secret
    (``shown``: the match is over, see :meth:`~abluxxen.table.Table.seed_shown`)."""
    match = saved.match
    if match.seed is None or not shown or any(holds_mark(s.name) for s in saved.seats):
        return ""  # (a name holding a mark or the separator sat before such names were refused: no command seats it)
    # In the player's words (--players, --variant and --tiebreak take the German names too), and in the
    # game's language: a German game replays in German whatever the terminal's locale.
    specs = SEAT_SEPARATOR.join(f"bot:{tr.level(s.bot)}" if s.bot else s.name for s in saved.seats)
    rules = match.rules
    options = [f"--players {_shell_word(specs)}", f"--seed {seed_text(match.seed)}"]
    if rules.variant != "base":
        options.append(f"--variant {tr(f'option.{rules.variant}')}")
    if rules.players == 2 and not rules.is_duel:
        options.append("--no-duel")
    if rules.tiebreak != "fewest-hand":
        options.append(f"--tiebreak {tr(f'option.{rules.tiebreak}')}")
    if match.games > 1:
        options.append(f"--match {match.games}")
    if match.first:
        options.append(f"--first {_shell_word(match.names[match.first])}")
    options.append(f"--lang {saved.lang}")
    return tr("replay", seed=seed_text(match.seed), command=_command_lines(["abluxxen play", *options]))


def _shell_word(text: str) -> str:
    """``text`` as one word of a shell's command line that stays as it is: in double quotes, as README
    writes them, unless the shell would read something in it there (``$HOME``, a quote): then in its
    own quoting."""
    return f'"{text}"' if not set(text) & set('"$`\\!') else shlex.quote(text)


def _command_lines(parts: list[str], width: int = REPLAY_WIDTH) -> str:
    """A command line that fits an 80-column terminal: broken between its options, never inside one (a
    seed cut in two cannot be copied back), with the shell's ``\\`` at each break."""
    lines = [parts[0]]
    for part in parts[1:]:
        if len(lines[-1]) + 1 + len(part) + 2 > width:
            lines[-1] += " \\"
            lines.append("    " + part)
        else:
            lines[-1] += " " + part
    return "\n  ".join(lines)
