"""The review's screens: the biggest mistakes, then every rated decision,
each with the table as it was and every hand open (the game is over).

At a terminal the pages are stepped through with Enter or → (next), ← (back)
and q (quit); elsewhere they are printed one after another as plain text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import Output
from rich.console import Console, Group
from rich.text import Text

from ..bots.review import Decision
from ..engine.events import Event
from ..engine.game import Game
from ..engine.transcript import Transcript
from ..i18n.tr import Tr
from .drawing import TableInfo, grouped_text, render_table
from .terminal import Terminal

WIDTH, HEIGHT = 80, 23


@dataclass(frozen=True)
class Moment:
    """The table just before a rated decision: the game and what had happened."""

    game: Game
    events: list[Event]
    played: tuple[bool, ...]


def moments(transcript: Transcript, decisions: Sequence[Decision]) -> dict[int, Moment]:
    """Per rated decision's transcript index, the table as it was before that move."""
    wanted = {d.index for d in decisions}
    events: list[Event] = []
    shown: set[int] = set()  # the seats that have played a set so far
    found: dict[int, Moment] = {}
    for step in transcript.positions():
        events.extend(step.events)
        game, move = step.game, step.played
        if move is None:
            break
        if step.index in wanted:
            found[step.index] = Moment(game.copy(), list(events), tuple(s in shown for s in range(game.players)))
        if move.move.startswith("play "):
            shown.add(move.seat)
    return found


def verdict(decision: Decision, tr: Tr) -> str:
    """The played move against the hint's, in one line."""
    played, hint = tr.spoken(decision.played), tr.spoken(decision.hint)
    if decision.played == decision.hint:
        return tr("review.hinted", played=played)
    if decision.loss <= 0:
        return tr("review.good", played=played, tip=hint)
    return tr("review.lost", played=played, best=tr.spoken(decision.best), loss=tr.decimal(decision.loss))


def page(decision: Decision, moment: Moment, title: str, bots: Sequence[str | None], tr: Tr, *,
         height: int = HEIGHT - 1) -> Group:
    """One decision at 80 columns: a title, the table with the seat's hand, the other hands, the verdict."""
    game = moment.game
    seat = decision.seat
    others = [s for s in range(game.players) if s != seat]
    lines = [Text(title, style="bold")]
    info = TableInfo(bots=tuple(bots), played=moment.played)
    table = render_table(game.view(seat), moment.events, tr, info=info, show_hand=True, width=WIDTH,
                         height=height - 1 - len(others), message=verdict(decision, tr), viewer=seat)
    lines.extend(t for t in table.renderables if isinstance(t, Text))
    for other in others:
        hand = game.hand(other)
        line = Text(tr("review.hand", name=game.names[other], n=len(hand)), style="dim bold")
        line.append_text(grouped_text(hand))
        line.no_wrap = True
        line.truncate(WIDTH, overflow="ellipsis")
        lines.append(line)
    return Group(*lines[:height])


def pages(decisions: Sequence[Decision], worst: Sequence[Decision], moments_: dict[int, Moment], name: str,
          bots: Sequence[str | None], tr: Tr) -> list[Group]:
    """The mistakes' pages, biggest first, then every decision's in the game's order."""
    out = [page(d, moments_[d.index], tr("review.mistake", n=i, total=len(worst), turn=d.turn, name=name),
                bots, tr) for i, d in enumerate(worst, 1)]
    out += [page(d, moments_[d.index], tr("review.decision", n=i, total=len(decisions), turn=d.turn, name=name),
                 bots, tr) for i, d in enumerate(decisions, 1)]
    return out


def summary(decisions: Sequence[Decision], name: str, tr: Tr) -> str:
    """How many decisions were rated and how many points they gave away."""
    return tr("review.summary", name=name, count=len(decisions), loss=tr.decimal(sum(d.loss for d in decisions)))


def decision_lines(decisions: Sequence[Decision], tr: Tr) -> list[str]:
    """The list of every decision: turn, played, the hint's move (``=`` when played), points lost."""
    lines = [tr("review.head")]
    for d in decisions:
        hint = "=" if d.hint == d.played else tr.spoken(d.hint)
        lines.append(f"{d.turn:>4}  {tr.spoken(d.played):<27} {hint:<27} {tr.decimal(d.loss):>5}")
    return lines


def print_plain(console: Console, decisions: Sequence[Decision], worst: Sequence[Decision],
                moments_: dict[int, Moment], name: str, bots: Sequence[str | None], tr: Tr) -> None:
    """The review as text for a pipe or a file: summary, mistakes with their tables, the list."""
    console.print(summary(decisions, name, tr))
    console.print()
    if worst:
        console.print(tr("review.mistakes"))
        for i, d in enumerate(worst, 1):
            console.print(f"{i}. " + tr("review.line", turn=d.turn, played=tr.spoken(d.played),
                                        best=tr.spoken(d.best), loss=tr.decimal(d.loss)))
            console.print(page(d, moments_[d.index], tr("review.mistake", n=i, total=len(worst), turn=d.turn,
                                                      name=name), bots, tr))
            console.print()
    else:
        console.print(tr("review.no_mistakes"))
        console.print()
    console.print(tr("review.all"))
    for line in decision_lines(decisions, tr):
        console.print(line, highlight=False)


def read_key(prompt: str, *, input: Input | None = None, output: Output | None = None) -> str:
    """Wait for one key: ``"next"`` (Enter, →, space), ``"back"`` (←) or ``"quit"`` (q, Ctrl-C, Ctrl-D)."""
    bindings = KeyBindings()

    def answer(result: str) -> Callable[[KeyPressEvent], None]:
        def handler(event: KeyPressEvent) -> None:
            event.app.exit(result=result)
        return handler

    for key in ("enter", "right", " ", "pagedown", "down"):
        bindings.add(key)(answer("next"))
    for key in ("left", "pageup", "up", "backspace"):
        bindings.add(key)(answer("back"))
    for key in ("q", "Q", "c-c", "c-d", "escape"):
        bindings.add(key)(answer("quit"))
    app: Application[str] = Application(
        layout=Layout(Window(FormattedTextControl([("class:keys", prompt)]), height=1)),
        key_bindings=bindings, full_screen=False, erase_when_done=True, input=input, output=output)
    return app.run()


def step_through(screen: Terminal, all_pages: Sequence[Group], tr: Tr) -> None:
    """Show the pages one at a time; Enter/→ forward, ← back, q (or past the last) quits."""
    at = 0
    screen.enter()
    try:
        while 0 <= at < len(all_pages):
            screen.show(all_pages[at])
            key = read_key(tr("review.keys") + f"  ({at + 1}/{len(all_pages)})")
            if key == "quit":
                break
            at = max(0, at - 1) if key == "back" else at + 1
    finally:
        screen.leave()
