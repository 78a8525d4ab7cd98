"""Whole screens drawn with rich: the score screen at the end of a game, and captured pages."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from ..engine.match import Match
from ..engine.phase import EndReason
from ..engine.seeds import seed_text
from ..i18n.tr import Tr
from ..names import BOT


class ScoreScreen:
    """The end-of-game screen: scores, the winner(s) and why, match totals, and the seed when it may be shown.

    Args:
        match: the match whose current game is over (the game is booked once).
        tr: the language.
        bots: per seat, whether a bot plays it (marked ⚙).
        seed: the match's seed, when it may be shown.
        assisted: whether a hint or an undo helped in this game.
        game: the number of the game at its table (a rematch counts on; default: in its match).
    """

    def __init__(self, match: Match, tr: Tr, *, bots: list[bool] | None = None, seed: int | None = None,
                 assisted: bool = False, game: int | None = None) -> None:
        self.parts = score_screen(match, tr, bots=bots, seed=seed, assisted=assisted, game=game)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Group(*self.parts)


def score_screen(match: Match, tr: Tr, *, bots: list[bool] | None = None, seed: int | None = None,
                 assisted: bool = False, game: int | None = None) -> list[Any]:
    """The end-of-game screen: scores, the winner(s) and why, match totals, and the seed when it may be shown."""
    outcome = match.record()  # books the game once; the outcome of the game on the table
    names = match.names
    view = match.game.view(0)
    table = Table(title=tr("end_title", n=game or match.number + 1), title_style="bold", expand=False)
    table.add_column(tr("col.player"))
    table.add_column(tr("col.display"), justify="right")
    table.add_column(tr("col.hand"), justify="right")
    table.add_column(tr("col.points"), justify="right", style="bold")
    if match.games > 1:
        table.add_column(tr("col.total"), justify="right")
    table.add_column("")
    totals = match.totals()
    for seat, name in enumerate(names):
        shown = sum(len(layer) for layer in view.displays[seat])
        row = [name + (f" {BOT}" if bots and bots[seat] else ""), str(shown), str(outcome.hand_sizes[seat]),
               f"{outcome.scores[seat]:+d}"]
        if match.games > 1:
            row.append(f"{totals[seat]:+d}")
        row.append("★ " + tr("winner_mark") if seat in outcome.winners else "")
        table.add_row(*row, style="bold green" if seat in outcome.winners else "")
    why = tr("end.hand_empty" if outcome.reason == EndReason.HAND_EMPTY else "end.exhausted",
             name=names[outcome.seat])
    parts: list[Any] = [table, Text(""), Text(why)]
    parts.append(Text(_winner_words(outcome.winners, outcome.scores, names, tr), style="bold"))
    tie = _tiebreak_words(outcome.winners, outcome.scores, outcome.hand_sizes, match.rules.tiebreak, tr)
    if tie:
        parts.append(Text(tie))
    if assisted:
        parts.append(Text(tr("assisted_game"), style="italic"))
    if match.games > 1:
        parts.append(Text(""))
        parts.append(Text(tr("match_title", n=len(match.results), total=match.games), style="bold"))
        parts.append(Text("   ".join(f"{n} {t:+d}" for n, t in zip(names, totals, strict=True))))
        if match.is_over:
            best = match.winners()
            key = "match_winner_one" if len(best) == 1 else "match_winner_many"
            parts.append(Text(tr(key, names=_join([names[s] for s in best], tr), points=totals[best[0]]),
                              style="bold green"))
    if seed is not None:
        parts.append(Text(tr("seed_line", seed=seed_text(seed)), style="dim"))
    return parts


def _join(names: list[str], tr: Tr) -> str:
    """The names as the subject of a sentence: "Ann and Ben", "“You” and Ben"."""
    return tr.listing([tr.who(name) for name in names])


def _winner_words(winners: tuple[int, ...], scores: tuple[int, ...], names: list[str], tr: Tr) -> str:
    who = _join([names[s] for s in winners], tr)
    key = "winner_one" if len(winners) == 1 else "winner_many"
    return tr(key, names=who, points=scores[winners[0]])


def _tiebreak_words(winners: tuple[int, ...], scores: tuple[int, ...], hands: tuple[int, ...],
                    tiebreak: str, tr: Tr) -> str:
    best = max(scores)
    tied = [s for s, score in enumerate(scores) if score == best]
    if len(tied) < 2:
        return ""
    if tiebreak == "shared":
        return tr("tiebreak_shared")
    if len(winners) < len(tied):
        return tr("tiebreak_hand", n=hands[winners[0]])
    return tr("tiebreak_still")
