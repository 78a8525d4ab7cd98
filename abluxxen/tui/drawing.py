"""The table as rich renderables, drawn from one seat's :class:`View` only.

Everything is built line by line as :class:`rich.text.Text` so the table
fits the screen exactly: 80×23 and up. Card values keep their own colour,
as on the real cards; the text stays readable without colour (``NO_COLOR``):
the top layer of a display sits in brackets, jokers are ``X``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.cells import set_cell_size
from rich.console import Group
from rich.style import Style
from rich.text import Text

from ..engine.cards import JOKER, counts_of, group_token, token
from ..engine.events import Event
from ..engine.phase import Phase
from ..engine.seeds import seed_text
from ..engine.view import View
from ..i18n.tr import Tr
from ..names import BOT, DECIDE, HIT, PAW
from ..store.save_document import Saved
from .narrate import narrate
from .notation import SLOT_LETTERS, shortcuts_key

# One colour per value, like the real cards' rainbow; jokers stand apart.
VALUE_COLOURS = {
    1: "#ff5f5f", 2: "#ff8700", 3: "#ffd700", 4: "#afd700", 5: "#5fd75f", 6: "#00d7af",
    7: "#00d7ff", 8: "#5fafff", 9: "#8787ff", 10: "#af87ff", 11: "#ff87ff", 12: "#ff5faf",
    13: "#d7af87",
}
JOKER_STYLE = Style(color="#000000", bgcolor="#ffffff", bold=True)
NAME_WIDTH = 12
#: The fewest lines of "What happened" the table keeps, trading its own rules for them when short of room.
MIN_LOG = 8


@dataclass(frozen=True)
class TableInfo:
    """What the table shows beyond the view: the match and the seats' kinds.

    Attributes:
        game_number: 1-based number of this game in the match.
        games: games in the match.
        seed: the deal's seed, shown so a deal can be replayed.
        bots: per seat, the bot's level (or ``True``) when a bot plays it, else ``None``/``False``.
        totals: points per seat from earlier games of the match.
        played: per seat, whether it has played a set this game (an empty
            display is then "empty", not "not yet").
        assisted: whether a hint or an undo helped in this game.
        table: the table's number in a club (``None`` elsewhere).
    """

    game_number: int = 1
    games: int = 1
    seed: int | None = None
    bots: tuple[str | bool | None, ...] = ()
    totals: tuple[int, ...] = field(default_factory=tuple)
    played: tuple[bool, ...] = field(default_factory=tuple)
    assisted: bool = False
    table: int | None = None


@dataclass(frozen=True)
class News:
    """The log pane of a person back at a table played over days: what happened since their last decision
    alone, under its own heading, none of it dimmed (it is all news to them), and how many sentences of it did
    not fit (``log`` shows them).

    Attributes:
        title: the pane's heading.
        first: the first sentence of the log's narration it shows (its person saw those before it).
        said: lines before those sentences (a game that ended since).
    """

    title: str
    first: int = 0
    said: tuple[str, ...] = ()


def card_style(card: int) -> Style:
    """The colour of a card value."""
    if card == JOKER:
        return JOKER_STYLE
    return Style(color=VALUE_COLOURS[card], bold=True)


def card_text(card: int) -> Text:
    """One card: its value in its colour (``X`` for a joker)."""
    return Text(token(card), style=card_style(card))


def cards_text(cards: Sequence[int], sep: str = " ") -> Text:
    """Several cards side by side."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(sep)
        text.append_text(card_text(card))
    return text


def layer_text(cards: Sequence[int], *, top: bool = False, stake: bool = False) -> Text:
    """A display layer; the top layer (the one that can be abluxxed) in brackets."""
    if not top:
        return cards_text(cards)
    edge = Style(bold=True, color="red" if stake else "bright_white")
    text = Text("[", style=edge)
    # Reversed, the top layer's cards show their colour as a face, like real cards.
    text.append_text(cards_text(cards).copy())
    text.stylize(Style(reverse=True), 1, len(text))
    text.append("]", style=edge)
    return text


def value_groups(cards: Sequence[int]) -> list[Text]:
    """Cards grouped by value, lowest first, each card written as the displays write them: ``4 4``, ``7``.
    (A count beside a value, ``4×2``, read as four 2s to as many players as read it as two 4s.)"""
    counts = counts_of(cards)
    return [cards_text([value] * counts[value]) for value in range(1, 15) if counts[value]]


def grouped_text(cards: Sequence[int]) -> Text:
    """Cards grouped by value, two spaces between the groups: ``4 4  7  9 9 9`` (hand and shadow)."""
    return Text("  ").join(value_groups(cards))


def display_text(layers: Sequence[Sequence[int]], width: int, tr: Tr, *, stake: bool = False,
                 played: bool = False) -> Text:
    """A display, bottom layer left, top layer right in brackets.

    Older layers fold into a count when the display is wider than ``width``.
    An empty display says whether its player has played yet (``played``).
    """
    if not layers:
        return Text(tr("display_gone" if played else "display_empty"), style="dim italic")
    sep = Text(" · ", style="dim")
    shown: list[Text] = []
    used = 0
    for i in range(len(layers) - 1, -1, -1):
        part = layer_text(layers[i], top=i == len(layers) - 1, stake=stake)
        extra = len(part) + (len(sep) if shown else 0)
        hidden = i  # layers below this one, folded if we stop here
        fold_room = 0 if hidden == 0 else len(_fold(layers[:i], tr)) + len(sep)
        if shown and used + extra + fold_room > width:
            break
        shown.append(part)
        used += extra
    text = Text()
    folded = len(layers) - len(shown)
    if folded:
        text.append_text(_fold(layers[:folded], tr))
        text.append_text(sep)
    for j, part in enumerate(reversed(shown)):
        if j:
            text.append_text(sep)
        text.append_text(part)
    text.truncate(width, overflow="ellipsis")
    return text


def _fold(layers: Sequence[Sequence[int]], tr: Tr) -> Text:
    return Text("…" + tr("folded", layers=len(layers), cards=sum(len(layer) for layer in layers)),
                style="dim")


def pool_text(pool: Sequence[Sequence[int]], tr: Tr, *, letters: bool = False) -> Text:
    """The pool's slots; in the duel, where a slot can hold a group, lettered from ``a`` as players type
    them (elsewhere a card is drawn by its value, and letters would only be noise).

    Letters, not numbers: a number typed at the draw prompt is a card value.
    """
    text = Text()
    if not pool:
        return Text(tr("pool_empty"), style="dim")
    for i, slot in enumerate(pool):
        if i:
            text.append("  ")
        if letters:
            text.append(f"{SLOT_LETTERS[i]}:", style="dim")
        text.append_text(cards_text(slot, sep="+"))
    return text


def table_info(saved: Saved, *, seed_shown: bool, shown: View | None = None,
               log: Sequence[Event] | None = None) -> TableInfo:
    """The match facts a save holds for the table; the seed only when it may be shown.

    A seat has played this game when the log says so, or its display held
    cards where the transcript begins or holds cards now (a save's log may
    begin mid-game): an empty display of its was then emptied, not yet filled.
    A table's screen passes the table as it was published (``shown``, ``log``), never the game half-way
    through a move; by default, the save's game and log.
    """
    match = saved.match
    played = {e.seat for e in (saved.log if log is None else log) if e.kind == "play" and e.seat is not None}
    started = saved.transcript.start.get("displays", [])
    played |= {s for s, layers in enumerate(started) if layers}
    played |= {s for s, layers in enumerate(match.game.displays if shown is None else shown.displays) if layers}
    return TableInfo(game_number=match.number + 1, games=match.games, seed=match.seed if seed_shown else None,
                     bots=tuple(s.bot for s in saved.seats), totals=tuple(match.totals()),
                     played=tuple(seat in played for seat in range(len(saved.seats))), assisted=saved.assisted)


# -- the whole table --------------------------------------------------------------


def _waiting(view: View, info: TableInfo, tr: Tr) -> Text:
    """Who decides next: a bot thinks; a person gets the keyboard."""
    seat = view.to_move
    assert seat is not None
    is_bot = seat < len(info.bots) and bool(info.bots[seat])
    return Text(tr("waiting" if is_bot else "waiting_human", name=view.names[seat]), style="italic")


def render_table(view: View, events: Sequence[Event], tr: Tr, *, info: TableInfo | None = None,
                 show_hand: bool = True, width: int = 80, height: int = 22, message: str = "",
                 viewer: int | None = None, waiting: bool = True, legend: str | None = None,
                 hidden: str | None = None, news: News | None = None) -> Group:
    """The table as one seat sees it, exactly ``height`` lines of ``width``.

    Args:
        view: the seat's view; its hand appears only when ``show_hand``.
        events: the game's events so far, narrated as ``viewer`` may see them.
        tr: the language.
        info: the match and seat kinds.
        show_hand: whether the seat's hand and decision are on screen.
        width, height: the space to fill.
        message: a line for notes and errors, above the prompt.
        viewer: whose eyes the log is for (defaults to the view's seat when
            the hand is shown, else nobody in particular).
        waiting: whether to say who decides next ("Ada is thinking …"); not
            while the screen waits for this person's Enter first.
        legend: the commands line under the table (default: the hot-seat's).
        hidden: the line where a hidden hand would be (default: the hot-seat's).
        news: the log pane shows only these news (see :class:`News`), else the last sentences that fit.
    """
    info = info or TableInfo(bots=tuple(False for _ in view.names))
    if viewer is None and show_hand:
        viewer = view.seat
    under_header, above_pool = _rule(width), _rule(width)
    top = [_header(view, info, tr, width), under_header]
    top.extend(_seats(view, info, tr, width))
    top.append(above_pool)
    top.append(_pool_line(view, tr, width))
    if view.rules.is_duel:
        shadow = Text(f"{tr('shadow'):<{_label_width(tr)}} ", style="bold")
        shadow.append_text(grouped_text(view.shadow) if view.shadow else Text("—", style="dim"))
        top.append(shadow)
    bottom = _bottom(view, events, info, tr, width=width, show_hand=show_hand, waiting=waiting, message=message,
                     legend=tr("legend") if legend is None else legend,
                     hidden=tr("hand_hidden") if hidden is None else hidden)
    room = height - len(top) - len(bottom) - 1
    # Short of room (four or five players at 80×23), the top's two plain rules give way to the log.
    for rule in (above_pool, under_header):
        if room >= MIN_LOG:
            break
        top = [line for line in top if line is not rule]  # (the two rules are equal Texts: by identity)
        room += 1
    log = _log_lines(view, events, viewer, tr, width, max(room, 0), news)
    lines = top + [_rule(width, tr("log") if news is None else news.title)] + log + bottom
    lines = lines[:height]
    for line in lines:
        line.no_wrap = True
        line.overflow = "ellipsis"
        line.truncate(width, overflow="ellipsis")
    return Group(*lines)


def _bottom(view: View, events: Sequence[Event], info: TableInfo, tr: Tr, *, width: int, show_hand: bool,
            waiting: bool, message: str,
            legend: str, hidden: str) -> list[Text]:
    """Under the log: the hand and the decision (or who decides), then the message or the legend."""
    bottom = [_rule(width)]
    if show_hand:
        bottom.extend(_hand_lines(view, tr, width))
        if view.my_move and not view.over:
            bottom.extend(_wrap(Text(ask_text(view, tr, events), style="bold"), width)[:2])
        elif view.to_move is not None and waiting:
            bottom.append(_waiting(view, info, tr))
    elif not view.over:
        bottom.append(Text(hidden, style="dim italic"))
        if view.to_move is not None:
            bottom.append(_waiting(view, info, tr))
    if message:
        # A refusal and a note may both be there: up to three lines, the log gives way.
        said = [line for part in message.split("\n") for line in _wrap(Text(part, style="bold yellow"), width)]
        bottom.extend(said[:3])
    else:
        bottom.append(Text(legend, style="dim"))
    return bottom


def _rule(width: int, title: str = "") -> Text:
    if not title:
        return Text("─" * width, style="dim")
    text = Text("── ", style="dim")
    text.append(title, style="dim bold")
    text.append(" " + "─" * max(0, width - len(title) - 4), style="dim")
    return text


def _header(view: View, info: TableInfo, tr: Tr, width: int) -> Text:
    """The title, the game's facts and the deck and discard counts, on one line of ``width``.

    When it does not fit, the counts take their short labels, then facts
    go whole (the seed first, then the match's game number and a club
    table's number, then the duel,
    which the shadow's row shows anyway): a fact cut in half, a seed
    without its number, tells nobody anything.
    """
    # (rank, text) as they read left to right; short of room, the highest rank goes first.
    facts = [(0, tr(f"variant.{view.rules.variant}"))]
    if info.table is not None:
        facts.insert(0, (3, tr("table_number", n=info.table)))
    if view.rules.is_duel:
        facts.append((2, tr("duel")))
    if info.assisted:
        facts.append((1, tr("assisted")))
    if info.games > 1:
        facts.append((3, tr("game_of", n=info.game_number, total=info.games)))
    if info.seed is not None:
        facts.append((4, tr("seed", seed=seed_text(info.seed))))
    right = _counts(view, tr, short=False)
    left = _title(facts, tr)
    if left.cell_len + 1 + right.cell_len > width:
        right = _counts(view, tr, short=True)
    while left.cell_len + 1 + right.cell_len > width and len(facts) > 1:
        facts.remove(max(facts))
        left = _title(facts, tr)
    gap = width - left.cell_len - right.cell_len
    if gap < 1:
        left.truncate(max(0, width - right.cell_len - 1), overflow="ellipsis")
        gap = 1
    return left + Text(" " * gap) + right


def _title(facts: list[tuple[int, str]], tr: Tr) -> Text:
    title = Text(tr("title"), style="bold bright_white")
    title.append("  " + " · ".join(text for _, text in facts), style="dim")
    return title


def _counts(view: View, tr: Tr, *, short: bool) -> Text:
    suffix = "_short" if short else ""
    counts = Text()
    counts.append(f"{tr('deck' + suffix)} ", style="dim")
    counts.append(str(view.deck_size), style="bold")
    counts.append(f"{'  ' if short else '   '}{tr('discard' + suffix)} ", style="dim")
    counts.append(str(len(view.discard)), style="bold")
    return counts


def _seats(view: View, info: TableInfo, tr: Tr, width: int) -> list[Text]:
    with_totals = info.games > 1 and len(info.totals) == len(view.names)
    head = Text(" " * 5 + f"{'':<{NAME_WIDTH}} {tr('hand_short'):>4} {tr('score_short'):>4}", style="dim")
    if with_totals:
        head.append(f" {'Σ':>4}", style="dim")
    head.append("  " + tr("col.display"), style="dim")
    lines = [head]
    fixed = len(head) - len(tr("col.display"))
    scores = view.scores()
    # Every seat this play abluxxes is marked, the one deciding now and those still to come: with a
    # sign that reads without colour too.
    hit = [seat for seat in (view.victim, *view.queue) if seat is not None]
    if hit:
        fixed += len(HIT) + 1
    for seat, name in enumerate(view.names):
        deciding = view.to_move == seat
        line = Text()
        line.append(f"{DECIDE} " if deciding else "  ", style="bold yellow")
        line.append(PAW if view.turn == seat and not view.over else "  ")
        line.append(" ")
        level = info.bots[seat] if seat < len(info.bots) else None
        label = f"{name} {BOT}{tr.level(level) if isinstance(level, str) else ''}" if level else name
        style = "bold reverse" if deciding else ("bold" if seat == view.seat else "")
        line.append(set_cell_size(label, NAME_WIDTH), style=style)
        line.append(f" {view.hand_sizes[seat]:>4}")
        line.append(f" {scores[seat]:>+4}" if scores[seat] else f" {0:>4}", style="bold")
        if with_totals:
            total = info.totals[seat] + scores[seat]
            line.append(f" {total:>+4}", style="dim")
        line.append("  ")
        if hit:
            line.append(f"{HIT} " if seat in hit else " " * (len(HIT) + 1),
                        style="bold red" if seat == view.victim else "bold yellow")
        played = seat < len(info.played) and info.played[seat]
        line.append_text(display_text(view.displays[seat], width - fixed, tr, stake=seat in hit, played=played))
        lines.append(line)
    return lines


def _pool_line(view: View, tr: Tr, width: int) -> Text:
    line = Text(f"{tr('pool'):<{_label_width(tr)}} ", style="bold")
    line.append_text(pool_text(view.pool, tr, letters=view.rules.is_duel))
    return line


def _label_width(tr: Tr) -> int:
    return max(len(tr("pool")), len(tr("shadow")))


def _hand_lines(view: View, tr: Tr, width: int) -> list[Text]:
    label = Text(tr("your_hand", name=view.names[view.seat]) + f" · {len(view.hand)}: ", style="bold")
    groups = value_groups(view.hand)
    # A group is never split over two lines ("8" here, "8 8" below read as two groups); a hand too big for
    # two lines keeps one space between its groups, then takes a third line.
    for gap in ("  ", " "):
        lines, line = [], label.copy()
        for i, group in enumerate(groups):
            if i and line.cell_len + len(gap) + group.cell_len > width:
                lines.append(line)
                line = group.copy()
            else:
                line.append_text(Text(gap) + group if i else group)
        lines.append(line)
        if len(lines) <= 2:
            break
    return lines[:3]


def _wrap(text: Text, width: int) -> list[Text]:
    from rich.console import Console

    console = Console(width=width, no_color=True, color_system=None)
    return list(text.wrap(console, width, overflow="fold"))


def _log_lines(view: View, events: Sequence[Event], viewer: int | None, tr: Tr, width: int,
               room: int, news: News | None = None) -> list[Text]:
    if room <= 0:
        return []
    # Every seat the play on the table abluxxes, those still to come too, named in the play's line.
    hit = [(seat, tuple(view.displays[seat][-1])) for seat in (view.victim, *view.queue)] \
        if view.victim is not None else []
    sentences = narrate(events, viewer, view.names, tr, hit=hit, attacker=view.turn)
    if not sentences:
        sentences = [tr("log_empty", name=view.names[view.turn])]
    lines = _latest(sentences, width, room)[0] if news is None else _news_lines(sentences, news, tr, width, room)
    while len(lines) < room:
        lines.append(Text(""))
    return lines


def _latest(sentences: Sequence[str], width: int, room: int, *, dim: bool = True) -> tuple[list[Text], int]:
    """The last of ``sentences`` that fit in ``room`` lines, as bullets (all but the last dimmed, unless not
    ``dim``), and how many of them that is (the last one at least, its end when it alone is too long)."""
    lines: list[Text] = []
    shown = 0
    for i in range(len(sentences) - 1, -1, -1):
        if room <= 0:
            break
        block = _bullet(sentences[i], width, style="" if i == len(sentences) - 1 or not dim else "dim")
        if len(lines) + len(block) > room:
            if not lines:
                lines, shown = block[-room:], 1
            break
        lines = block + lines
        shown += 1
    return lines, shown


def _news_lines(sentences: Sequence[str], news: News, tr: Tr, width: int, room: int) -> list[Text]:
    """The log pane's news (see :class:`News`): its lines first, then the sentences since, the latest that fit,
    after a line saying how many earlier ones did not."""
    said = [line for text in news.said for line in _bullet(text, width, style="bold")][:room]
    since = sentences[news.first:]
    lines, shown = _latest(since, width, room - len(said), dim=False)
    if shown < len(since) and room - len(said) > 1:
        lines, shown = _latest(since, width, room - len(said) - 1, dim=False)
        lines.insert(0, Text(tr("log_earlier", n=len(since) - shown), style="dim"))
    return said + lines


def _bullet(sentence: str, width: int, style: str = "") -> list[Text]:
    """One sentence of the log as a bullet, wrapped under itself (wrapped once for every screen that
    shows it at this width: wrapping is most of drawing a log; a copy each, for the caller to change)."""
    key = (sentence, width, style)
    lines = _BULLETS.get(key)
    if lines is None:
        wrapped = _wrap(Text(sentence, style=style), width - 2)
        lines = [Text("• " if j == 0 else "  ") + part for j, part in enumerate(wrapped)]
        _BULLETS[key] = lines
        if len(_BULLETS) > MAX_BULLETS:
            _BULLETS.popitem(last=False)
    else:
        _BULLETS.move_to_end(key)
    return [line.copy() for line in lines]


#: The log's sentences wrapped lately, by sentence, width and style (the oldest forgotten first).
_BULLETS: OrderedDict[tuple[str, int, str], list[Text]] = OrderedDict()
MAX_BULLETS = 5_000


def log_lines(sentences: Sequence[str], width: int) -> list[Text]:
    """The whole log (from :func:`~abluxxen.tui.narrate.narrate`) as bullets, oldest first."""
    return [line for sentence in sentences for line in _bullet(sentence, width)]


# -- the decision ---------------------------------------------------------------------


def ask_text(view: View, tr: Tr, events: Sequence[Event] = ()) -> str:
    """What the deciding seat must decide, with the cards at stake and draws left (``events``: the game so
    far, which says whether this seat's draws have begun: "draw 2", then "draw 1 more")."""
    name = view.names[view.seat]
    phase = view.phase
    if phase == Phase.PLAY:
        return tr("ask.play", name=name)
    if phase == Phase.SHADOW:
        options = ", ".join(tr.spoken(f"shadow {v}") for v in view.shadow_options)
        cards = " ".join("X" if c == JOKER else str(c) for c in view.played())
        return tr("ask.shadow", name=name, cards=cards, options=options)
    if phase == Phase.TAKE_OR_LEAVE:
        assert view.victim is not None
        stake = view.stake()
        return tr("ask.take", name=name, victim=view.names[view.victim], stake=tr.bare_words(stake),
                  owned=tr.owned_words(stake), n=len(stake), it=tr("n.it" if len(stake) == 1 else "n.them"))
    if phase == Phase.BACK_OR_DISCARD:
        stake = view.stake()
        return tr("ask.back", name=name, attacker=view.names[view.turn], stake=tr.bare_words(stake),
                  owned=tr.owned_words(stake), n=len(stake), it=tr("n.it" if len(stake) == 1 else "n.them"))
    if phase == Phase.DRAW:
        began = bool(events) and events[-1].kind == "draw" and events[-1].seat == view.seat
        count = tr("draw_more" if began else "draw_first", n=view.draws_left)
        if not view.pool:
            return tr("ask.draw_deck_only", name=name, count=count)
        groups = any(len(slot) > 1 for slot in view.pool)
        return tr("ask.draw_groups" if groups else "ask.draw", name=name, count=count)
    return tr("ask.single-draw", name=name)


def explain_move(move: str, view: View, tr: Tr) -> str:
    """A legal move in plain words, for the ``?`` list."""
    words = move.split()
    kind = words[0]
    stake = len(view.stake())
    victim = view.names[view.victim] if view.victim is not None else ""
    if kind == "play":
        return _explain_play(move, view, tr)
    if kind in ("take", "leave"):
        return tr(f"explain.{kind}", victim=victim, n=stake)
    if kind in ("back", "discard", "pass"):
        return tr(f"explain.{kind}", n=stake)
    if kind == "shadow":
        value = int(words[1])
        count = view.shadow.count(value)
        return tr("explain.shadow", value=value, owned=tr.owned_words([value] * count))
    if words[1] == "deck":
        return tr("explain.deck")
    slot = next(i for i, s in enumerate(view.pool) if group_token(s) == words[1])
    if len(view.pool[slot]) > 1:
        return tr("explain.group", cards=words[1], letter=SLOT_LETTERS[slot])
    return tr("explain.pool", words=tr.set_words(view.pool[slot]))


def _explain_play(move: str, view: View, tr: Tr) -> str:
    """A play in words, and whom it abluxxes (from what everybody sees)."""
    cards = [JOKER if w == "X" else int(w) for w in move.split()[1:]]
    # Before a colon the set names what follows ("ein Joker: luxxt … ab"); "in deine Auslage" says where it goes.
    named = tr.set_words(cards, subject=True)
    if len(cards) >= view.hand_sizes[view.turn]:
        return tr("explain.last", words=named)
    victims = view.victims(move)
    if not victims:
        return tr("explain.play", words=tr.set_words(cards))
    parts = []
    if len(victims.shadow) == 1:
        parts.append(tr("explain.shadow_one", cards=tr.owned_words([victims.shadow[0]] * len(cards))))
    elif victims.shadow:
        options = ", ".join(" ".join([token(v)] * len(cards)) for v in victims.shadow)
        parts.append(tr("explain.shadow_choice", options=options))
    for seat in victims.seats:
        parts.append(tr("n.victim", name=view.names[seat], cards=tr.owned_words(view.top(seat))))
    joiner = " und " if tr.lang == "de" else " and "
    listed = ", ".join(parts[:-1]) + joiner + parts[-1] if len(parts) > 1 else parts[0]
    return tr("explain.abluxx", words=named, victims=listed)


# -- the ? page -------------------------------------------------------------------------


def moves_page(view: View, tr: Tr, *, width: int = 80) -> list[Text]:
    """The ``?`` page's moves: each legal move in plain words, then how to type them.

    Each move's words wrap in their own column, so no line is wider than ``width``
    (a move too long for the column has its words on the lines below it).
    """
    moves = view.legal_moves()
    column = min(max((len(tr.spoken(m)) for m in moves), default=0), width // 3) + 4
    lines = [Text(tr("moves_title"), style="bold"), Text("")]
    for move in moves:
        words = _wrap(Text(explain_move(move, view, tr)), width - column)
        head = Text(f"  {tr.spoken(move)}", style="bold")
        if len(head) + 2 > column:  # a long move: its words go below it
            lines.append(head)
        else:
            head.append(" " * (column - len(head)))
            head.append_text(words.pop(0))
            lines.append(head)
        lines.extend(Text(" " * column) + part for part in words)
    lines.append(Text(""))
    lines.extend(_wrap(Text(tr("moves_how", shortcuts=tr(shortcuts_key(view))), style="dim"), width))
    lines.extend(_wrap(Text(tr("commands_how"), style="dim"), width))
    return lines


def legend_lines(view: View, tr: Tr, *, info: TableInfo | None = None, width: int = 80) -> list[Text]:
    """What the table's symbols mean; only those this table can show."""
    info = info or TableInfo()
    items = [tr("legend.decide"), tr("legend.turn")]
    if any(info.bots):
        items.append(tr("legend.bot"))
    items.append(tr("legend.points", pts=tr("score_short")))
    if info.games > 1:
        items.append(tr("legend.total"))
    if any(len(slot) > 1 for slot in view.pool) or view.rules.is_duel:
        items.append(tr("legend.pool"))
    if info.assisted:
        items.append(tr("legend.assisted"))
    lines = [Text(tr("legend.title"), style="bold")]
    lines.extend(_wrap(Text(tr("legend.top")), width))
    line = Text()
    for item in items:
        piece = Text(" · " if line else "", style="dim") + Text(item)
        if line and line.cell_len + piece.cell_len > width:
            lines.append(line)
            line = Text(item)
        else:
            line.append_text(piece)
    if line:
        lines.append(line)
    return lines
