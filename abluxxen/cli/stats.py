"""``abluxxen stats [NAME]``: how a player has done in the recorded games.

Reads the records database (``store/records_reading.py``) without writing a game:
games, wins and win rate (against each bot level and against people), mean
points, the best game, win streaks, the rating (``store/ratings.py``) and
where it lies among the bot levels', the club tournaments played in (rounds and
points), and the last 30 games' points as a bar chart. With no NAME: the one
person's details, or a line for each person and the bot levels' ratings.
``--json`` prints the games themselves (oldest first) and the same figures.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ..complaints import complain
from ..engine.seeds import seed_text
from ..i18n.catalog import in_language
from ..i18n.tr import Tr
from ..languages import default_lang
from ..quoting import Typed, brief
from ..store.journal import CaughtUp, record_waiting
from ..store.ratings import SETTLED_GAMES, Rating, Ratings, rate, rated_seats, recorded_ratings
from ..store.records import open_records
from ..store.records_db import RecordsError
from ..store.records_reading import DamagedRecord, GameSummary
from ..store.stats import PlayerStats, TournamentPlayed, all_players
from .options import add_lang

EPILOG = """examples:
  abluxxen stats                every player's line (or the only player's details)
  abluxxen stats Ann            Ann's games, wins, streaks and a chart of her last 30 games
  abluxxen stats Ann --json     the same games and figures for scripts
"""
EPILOG_DE = """Beispiele:
  abluxxen stats                eine Zeile je Spieler (oder die Details des einzigen Spielers)
  abluxxen stats Ann            Anns Partien, Siege, Siegfolgen und ein Verlauf ihrer letzten 30 Partien
  abluxxen stats Ann --json     dieselben Partien und Zahlen für Skripte
"""
#: Games in the chart.
RECENT = 30
#: Rows of the chart's bars, the zero line included: the details fit a 23-row screen.
CHART_ROWS = 9
OPPONENTS = ("easy", "normal", "hard", "humans")
WIDTH = 80
#: Cells between the opponents and the tournaments beside them, and the fewest the tournaments take there (a
#: terminal narrower than that shows them under the opponents).
GAP, BESIDE = 3, 30


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``abluxxen stats``."""
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    parser.add_argument("name", nargs="?", metavar="NAME", help="a player's name (default: every player)")
    parser.add_argument("--json", action="store_true", help="print the games and figures as JSON")
    add_lang(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``abluxxen stats``; the exit status (1 for an unknown name or unreadable records)."""
    tr = Tr(args.lang or default_lang())
    caught = record_waiting()  # finished games whose record was cut short first: the figures include them
    records = open_records()
    try:
        with records:
            ratings = recorded_ratings(records)  # first: its reading finds the damaged games the others skip
            players = all_players(records.results(), records.games(in_tournaments=True))
            games = records.games() if args.json else []
            count = len(games) if args.json else records.count()
            damaged = records.damaged()
    except RecordsError as err:
        complain(unreadable_line(tr, records.path, err))
        return 1
    tell_waiting(tr, caught)
    if damaged:
        complain(skipped_line(tr, records.path, damaged))
    if args.name is not None:
        wanted = [p for p in players if p.name.casefold() == args.name.casefold()]
        if not wanted:
            known = ", ".join(p.name for p in players) or "—"
            complain(lambda limit: tr.within(limit)("stats_unknown", typed=Typed(args.name),
                                                    names=brief(known, limit)))
            return 1
        players = wanted
        numbers = {r.number for r in players[0].results}
        games = [g for g in games if g.number in numbers]
    if args.json:
        print(json.dumps(to_json(games, players, ratings), ensure_ascii=False))
        return 0
    console = Console(highlight=False, width=min(WIDTH, Console().width))
    if not count:
        console.print(tr("stats_none"))
    elif not players:
        console.print(tr("stats_bots_only", n=count))
    elif len(players) == 1:
        console.print(*details(players[0], tr, ratings, console.width), sep="\n")
    else:
        console.print(*overview(players, tr, ratings), sep="\n")
        console.print(Text(bots_line(ratings, tr)))
        console.print(Text(tr("stats_details"), style="dim"))
    return 0


# -- JSON --------------------------------------------------------------------------------


def unreadable_line(tr: Tr, path: Path, err: RecordsError) -> Callable[[int], str]:
    """The one line that says what is wrong with the records and which file they are (for
    :func:`~abluxxen.complaints.complain`, which cuts the file's path to fit)."""
    reason = tr(f"records.{err.kind}")
    if err.detail and tr.lang == "en":  # the system's words, English only
        reason += f" ({err.detail})"
    return tr.line("stats_error", path=path, reason=reason[:1].upper() + reason[1:])


def tell_waiting(tr: Tr, caught: CaughtUp) -> None:
    """Say in one line that finished games wait to be recorded, and why (the records are shown as they are:
    a read-only folder is read all the same)."""
    if caught.waiting and caught.problem is not None:
        n = len(caught.waiting)
        complain(tr.line("records_waiting_one" if n == 1 else "records_waiting", n=n,
                         reason=tr.records_reason(caught.problem), dir=caught.waiting[0].parent))


#: Damaged games named by :func:`skipped_line`; the rest are counted.
NAMED = 3


def skipped_line(tr: Tr, path: Path, damaged: Sequence[DamagedRecord]) -> Callable[[int], str]:
    """The one line that names the damaged games every reading of the records left out, and why (for
    :func:`~abluxxen.complaints.complain`, which cuts the file's path to fit)."""
    named = [tr("records_skipped_game", n=d.number, reason=d.reason) for d in damaged[:NAMED]]
    if len(damaged) > NAMED:
        named.append(tr("records_skipped_more", n=len(damaged) - NAMED))
    return tr.line("records_skipped", path=path, games=", ".join(named))


def to_json(games: Sequence[GameSummary], players: Sequence[PlayerStats], ratings: Ratings | None = None
            ) -> dict[str, Any]:
    """``{"games": [...], "players": [...], "bots": [...]}``: the games oldest first, each person's figures
    (their rating included), and the bot levels' ratings."""
    ratings = ratings if ratings is not None else rate(games)
    return {"games": [_game_json(g) for g in games], "players": [_player_json(p, ratings) for p in players],
            "bots": [{"level": b.bot, **_rating_json(b)} for b in ratings.bots()]}


def _rating_json(rating: Rating) -> dict[str, Any]:
    return {"rating": rating.points, "mu": round(rating.mu, 4), "sigma": round(rating.sigma, 4),
            "games": rating.games, "provisional": rating.provisional}


def _person_rating_json(name: str, ratings: Ratings) -> dict[str, Any] | None:
    rating = ratings.named(name)
    if rating is None:
        return None
    below, above = ratings.between(rating)
    return {**_rating_json(rating), "between": [None if below is None else below.bot,
                                                None if above is None else above.bot]}


def _game_json(game: GameSummary) -> dict[str, Any]:
    rated = rated_seats(game)
    return {
        "number": game.number,
        "when": game.when.isoformat(timespec="seconds"),
        "rules": game.rules.to_json(),
        "seats": [{"name": name, "bot": bot, "score": game.scores[s], "winner": s in game.winners,
                   "hand": game.hand_sizes[s], "display": game.display_sizes[s], "decisions": game.decisions[s],
                   "stood_in": game.stood_in[s], "rated": s in rated}
                  for s, (name, bot) in enumerate(game.seats)],
        "assisted": game.assisted,
        "seed": None if game.seed is None else seed_text(game.seed),
        "reason": game.reason,
        "tournament": None if game.tournament is None else game.tournament._asdict(),
    }


def _player_json(stats: PlayerStats, ratings: Ratings) -> dict[str, Any]:
    now, longest = stats.streaks()
    return {
        "name": stats.name,
        "games": stats.games,
        "wins": stats.wins,
        "win_rate": round(stats.wins / stats.games, 4),
        "mean_points": round(stats.mean, 2),
        "best": {"number": stats.best.number, "score": stats.best.score},
        "streak": {"current": now, "longest": longest},
        "assisted": sum(r.assisted for r in stats.results),
        "stood_in": stats.stood_in,
        "against": {kind: {"games": stats.against[kind][0], "wins": stats.against[kind][1]}
                    for kind in OPPONENTS if kind in stats.against},
        "rating": _person_rating_json(stats.name, ratings),
        "tournaments": [{"number": t.number, "name": t.name, "rounds": t.rounds, "games": t.games,
                         "points": t.points} for t in stats.tournaments],
    }


# -- the screen --------------------------------------------------------------------------


def _rate(wins: int, games: int, tr: Tr) -> str:
    return tr.percent(wins / games) if games else "—"


def rating_lines(name: str, ratings: Ratings, tr: Tr) -> list[Text]:
    """A person's rating, and where it lies among the bot levels' (two lines)."""
    rating = ratings.named(name)
    if rating is None:
        return [Text(tr("stats_rating_none"))]
    if rating.provisional:  # low on purpose while it settles: no verdict against the bots yet
        return [Text(tr("stats_rating_provisional", points=rating.points, games=rating.games,
                        settled=SETTLED_GAMES), style="bold"), Text(tr("stats_unsettled"))]
    below, above = ratings.between(rating)
    if below is not None and above is not None:
        where = tr("stats_between", low=tr.level(below.name), low_points=below.points,
                   high=tr.level(above.name), high_points=above.points)
    elif above is not None:
        where = tr("stats_below", level=tr.level(above.name), points=above.points)
    elif below is not None:
        where = tr("stats_above", level=tr.level(below.name), points=below.points)
    else:
        where = ""
    line = Text(tr("stats_rating_line", points=rating.points, games=rating.games), style="bold")
    return [line, Text(where)] if where else [line]


def bots_line(ratings: Ratings, tr: Tr) -> str:
    """The bot levels' ratings, for comparison with the people's."""
    return tr("stats_bots", levels=" · ".join(f"{tr.level(b.name)} {b.points}" for b in ratings.bots()))


def details(stats: PlayerStats, tr: Tr, ratings: Ratings | None = None, width: int = WIDTH) -> list[Any]:
    """One person's figures, their rating, the tables of opponents and tournaments, and the chart: at most 22
    lines of 80 cells (``width``: the terminal's, when narrower)."""
    head = Text(tr("stats_head", name=stats.name, games=stats.games, wins=stats.wins,
                   rate=_rate(stats.wins, stats.games, tr)), style="bold")
    helped = sum(r.assisted for r in stats.results)
    if helped:
        head.append(" · " + tr("stats_assisted", n=helped), style="dim")
    best = stats.best
    now, longest = stats.streaks()
    lines: list[Any] = [
        head,
        Text(tr("stats_points", mean=tr.decimal(stats.mean, signed=True), best=f"{best.score:+d}", number=best.number,
                date=best.ended[:10])),
        Text(tr("stats_streak", now=now, longest=longest)),
        *rating_lines(stats.name, ratings if ratings is not None else Ratings(), tr),
    ]
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, header_style="bold")
    table.add_column(tr("stats_against"))
    for key in ("stats_games", "stats_won", "stats_rate"):
        table.add_column(tr(key), justify="right")
    for kind in OPPONENTS:
        if kind in stats.against:
            played, won = stats.against[kind]
            table.add_row(tr(f"stats_vs.{kind}"), str(played), str(won), _rate(won, played, tr))
    # Under the games they are among, in place of the gap before the chart: the details keep to 22 lines.
    stood_in = stats.stood_in
    note = tr("stats_stood_in_one" if stood_in == 1 else "stats_stood_in", n=stood_in) if stood_in else ""
    lines.append(table)
    if stats.tournaments:
        measure = Console(width=width)
        room = width - Measurement.get(measure, measure.options, table).maximum - GAP
        if room >= BESIDE:  # beside the opponents, no taller than they may be: the chart keeps its rows
            grid = Table.grid(padding=(0, GAP))
            grid.add_column(width=width - room - GAP, no_wrap=True)
            grid.add_column()
            grid.add_row(table, tournaments(stats.tournaments, tr, room))
            lines[-1] = grid
        else:  # a narrow terminal: under them
            lines.append(tournaments(stats.tournaments, tr, width))
    lines.append(Text(note, style="dim"))
    recent = [(r.score, r.won) for r in stats.results[-RECENT:]]
    lines.append(Text(tr("stats_chart", n=len(recent)), style="bold"))
    lines += chart(recent)
    return lines


#: Tournaments shown beside the opponents (no more rows than they have at most); the rest are counted.
TOURNAMENTS = len(OPPONENTS)


def tournaments(played: Sequence[TournamentPlayed], tr: Tr, width: int = WIDTH) -> Table:
    """A person's club tournaments, the one last played in first: each one's number and name, the rounds
    played and the tournament points won; past :data:`TOURNAMENTS` rows, how many more. Within ``width``
    cells: a long name is cut, never the numbers."""
    shown = played if len(played) <= TOURNAMENTS else played[:TOURNAMENTS - 1]
    rows = [(tr("stats_tournament_name", number=t.number, title=t.name), str(len(t.rounds)),
             tr.decimal(t.points, 0 if t.points.is_integer() else 1)) for t in shown]
    heads = [tr(key) for key in ("stats_rounds", "stats_tournament_points")]
    numbers = [max(cell_len(text) for text in (head, *(row[i] for row in rows))) for i, head in enumerate(heads, 1)]
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, header_style="bold")
    table.add_column(tr("stats_tournament"), no_wrap=True, overflow="ellipsis",
                     max_width=max(1, width - sum(numbers) - 2 * len(numbers)))  # 2 cells between columns
    for head, cells in zip(heads, numbers, strict=True):
        table.add_column(head, justify="right", no_wrap=True, width=cells)
    for row in rows:
        table.add_row(*map(Text, row))  # a name as the club wrote it, never read as markup
    if len(shown) < len(played):
        table.add_row(Text(tr("stats_tournaments_more", n=len(played) - len(shown)), style="dim"))
    return table


def chart(points: Sequence[tuple[int, bool]]) -> list[Text]:
    """Bars of points, oldest left: a column of two cells per game, the zero line between the
    gains above and the losses below, the highest and lowest values on the axis, ★ under a win.

    Always :data:`CHART_ROWS` rows of bars and one row of marks; at most 6 + 2 × 30 cells wide.
    """
    high = max([0, *(p for p, _ in points)])
    low = min([0, *(p for p, _ in points)])
    bars = CHART_ROWS - 1
    if high > 0 and low < 0:  # both sides get a row at least
        up = min(bars - 1, max(1, round(bars * high / (high - low))))
    else:
        up = 0 if low < 0 else bars
    down = bars - up
    rows: list[Text] = []
    for level in range(up, -down - 1, -1):
        if level == 0:
            label = "0"
        elif level == up:
            label = f"{high:+d}"
        elif level == -down:
            label = f"{low:+d}"
        else:
            label = ""
        row = Text(f"{label:>4} " + ("┼" if level == 0 else "│"), style="dim")
        for score, won in points:
            row.append(_cell(score, level, up, down, high, low), style="green" if won else "red")
        rows.append(row)
    rows.append(Text(" " * 6 + "".join("★ " if won else "  " for _, won in points).rstrip()))
    return rows


def _cell(score: int, level: int, up: int, down: int, high: int, low: int) -> str:
    """What one game's column shows at one row of the chart."""
    if level == 0:
        return "─" * 2
    if level > 0:
        height = max(1, round(up * score / high)) if score > 0 else 0
        return "█ " if level <= height else "  "
    depth = max(1, round(down * score / low)) if score < 0 else 0
    return "█ " if -level <= depth else "  "


def overview(players: Sequence[PlayerStats], tr: Tr, ratings: Ratings | None = None) -> list[Any]:
    """A line for each person: games, wins, rate, mean and best points, streaks, rating; under them what
    the mark of a provisional rating means, when one is shown."""
    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, header_style="bold")
    table.add_column(tr("stats_player"))
    for key in ("stats_games", "stats_won", "stats_rate", "stats_mean", "stats_best", "stats_streaks",
                "stats_rating"):
        table.add_column(tr(key), justify="right")
    provisional = False
    for stats in players:
        now, longest = stats.streaks()
        rating = None if ratings is None else ratings.named(stats.name)
        provisional = provisional or (rating is not None and rating.provisional)
        table.add_row(stats.name, str(stats.games), str(stats.wins), _rate(stats.wins, stats.games, tr),
                      tr.decimal(stats.mean, signed=True), f"{stats.best.score:+d}", f"{now}/{longest}",
                      "—" if rating is None else tr.rating(rating.points, provisional=rating.provisional))
    return [table, Text(tr("rating_provisional_note", settled=SETTLED_GAMES), style="dim")] if provisional else [table]
