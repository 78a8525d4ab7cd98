"""Where it is your move: a table's last Turn says what happened just before (in public words), and one line
says it wherever it is said: the lobby at login, its ``moves`` page, and ``ssh … waiting`` (no terminal)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from clubbing import ANN, BEN, clubbed, enter, knock, move_at, seated, turn_at
from hosting import WAIT, Client, hosted, login, make_room
from waiting import until

from abluxxen import Game
from abluxxen.club.lobby import Club
from abluxxen.club.messages import Play, Turn
from abluxxen.club.screens import LobbyScreen
from abluxxen.club.settings import Settings
from abluxxen.club.tables import TableLink
from abluxxen.club.visitors import ClubTable, Visitor
from abluxxen.club.workers import Workers
from abluxxen.engine.events import START, Event
from abluxxen.engine.rules import Rules
from abluxxen.host.server import Host
from abluxxen.i18n.tr import Tr
from abluxxen.quoting import brief
from abluxxen.store.accounts import open_accounts
from abluxxen.store.save_document import Saved
from abluxxen.tui.narrate import narrate

NAMES, KEYS = {0: "ann", 1: "ben"}, {0: ANN, 1: BEN}
LANG = {"en": "en_US.UTF-8", "de": "de_DE.UTF-8"}


async def _ssh(port: int, seat: int | str, command: str, *, lang: str = "en", code: str = "") -> tuple[str, int]:
    """``ssh -p PORT NAME@club COMMAND`` with no terminal, as a script runs it (a seat's account, or a guest's
    name with the club's code): what it printed, and its exit status."""
    name, key = (NAMES[seat], KEYS[seat]) if isinstance(seat, int) else (seat, None)
    conn, told = await knock(port, name, key=key, code=code)
    assert not isinstance(conn, Exception), f"{name} not let in: {conn} {told.banners}"
    async with conn:
        ran = await conn.run(command, env={"LANG": LANG[lang]})
    return str(ran.stdout), int(ran.exit_status)


async def _turn_told(club: Club, seat: int) -> Turn:
    """Table 1's last Turn once the club is told it is ``seat``'s decision."""
    def told() -> Turn | None:
        link = club.tables[1].room
        turn = link.turn if link is not None else None
        return turn if turn is not None and turn.seat == seat else None
    turn = await until(told, f"the club to be told it is seat {seat}'s decision", WAIT)
    assert turn is not None
    return turn


async def _to_the_other(club: Club, clients: dict[int, Client], rng: random.Random) -> tuple[int, Saved]:
    """Moves at table 1 until the decision awaited is not the last mover's: the seat awaited, and the save then."""
    def drawing(legal: list[str]) -> str:  # a draw from the deck where there is one: the drawer's alone to read
        return "draw deck" if "draw deck" in legal else rng.choice(legal)

    for _ in range(20):
        before = await turn_at(club, 1, clients)
        assert before is not None
        mover = before.match.game.to_move
        assert await move_at(club, 1, clients, drawing) is not None
        saved = await turn_at(club, 1, clients)
        assert saved is not None
        if saved.match.game.to_move != mover:
            awaited = saved.match.game.to_move
            assert awaited is not None
            return awaited, saved
    raise AssertionError("twenty moves and always the mover's decision next")


def _public(saved: Saved, viewer: int | None = None, lang: str = "en") -> str:
    """The last sentence of the save's log, for ``viewer``'s eyes (``None``: everybody's)."""
    names = [seat.name for seat in saved.seats]
    return narrate(saved.log, viewer, names, Tr(lang))[-1]


@pytest.mark.parametrize("workers", [0, 1], ids=["here", "in a worker"])
def test_waiting_lists_the_table_to_the_one_whose_move_it_is_and_nothing_to_the_mover_in_public_words(
        tmp_path: Path, workers: int) -> None:
    rng = random.Random(53)

    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1, "new 2 noduel")
        clients = {0: ann, 1: ben}
        awaited, saved = await _to_the_other(club, clients, rng)
        turn = await _turn_told(club, awaited)
        said, status = await _ssh(port, awaited, "waiting")
        assert status == 0 and "\r" not in said and len(said.splitlines()) == 1, said
        number, line = said.rstrip("\n").split(" ", 1)
        assert number == "1" and line.startswith("Your move at table 1 (") and "no time limit" in line, said
        # What happened just before, as everybody reads it: who played, never a card drawn unseen.
        assert turn.last == {"en": _public(saved), "de": _public(saved, None, "de")}
        assert turn.last is not None and turn.last["en"].split(" ", 1)[0] in ("Ann", "Ben")
        assert turn.last["en"][:20] in line
        german, status = await _ssh(port, awaited, "waiting", lang="de")
        assert status == 0 and german.startswith("1 Du bist dran an Tisch 1 (") and "ohne Frist" in german, german
        assert await _ssh(port, 1 - awaited, "waiting") == ("", 0)  # nothing at all: a script counts no line
        said, status = await _ssh(port, awaited, "ls")  # any other command: refused as ever
        assert status == 1 and "runs no commands" in said
        # Over more moves: each decision's description is the public sentence, never a seat's own narration
        # where that names a card drawn from the deck (the seat that drew reads it, nobody else).
        private = 0
        for _ in range(4):
            awaited, saved = await _to_the_other(club, clients, rng)
            turn = await _turn_told(club, awaited)
            assert turn.last is not None and turn.last["en"] == _public(saved)
            for seat in (0, 1):
                if _public(saved, seat) != _public(saved):
                    private += 1
                    assert turn.last["en"] != _public(saved, seat)
        assert private, "no move drew from the deck: nothing private to keep"

    clubbed(tmp_path / "club", test, workers=workers)


def test_a_table_played_over_days_asleep_is_listed_with_the_time_left_from_what_it_last_told(tmp_path: Path) -> None:
    async def test(club: Club, port: int) -> None:
        (await enter(port, "ben", key=BEN)).close()  # Ben's account
        ann = await enter(port, "ann", key=ANN)
        ann.type("new 2 days 2 noduel invite ben")
        await ann.sees("seats kept for Ben")
        ben = await enter(port, "ben", key=BEN)
        ben.type("join 1")
        await ben.sees("Table 1 has started")  # nobody is taken to a table played over days: it sleeps
        saved = await turn_at(club, 1, {0, 1})
        assert saved is not None and saved.match.game.to_move is not None
        mover = saved.match.game.to_move
        await _turn_told(club, mover)
        await until(lambda: (link := club.tables[1].room) is not None and link.asleep, "table 1 to sleep", WAIT)
        said, status = await _ssh(port, mover, "waiting")
        assert status == 0 and said.startswith("1 Your move at table 1 (Game 1: ") and "starts, " in said, said
        # (Two days less the moment since it began: the deadline is told to a tenth of a second.)
        assert said.rstrip("\n").endswith(("; 1 day 23 h left)", "; 2 days left)")), said
        german, _ = await _ssh(port, mover, "waiting", lang="de")
        assert german.rstrip("\n").endswith(("; noch 1 Tag 23 Std.)", "; noch 2 Tage)")), german
        assert await _ssh(port, 1 - mover, "waiting") == ("", 0)
        again = await enter(port, NAMES[mover], key=KEYS[mover])
        await again.sees(lambda screen: "1 day 23 h left)" in screen or "2 days left)" in screen)

    clubbed(tmp_path / "club", test)


def test_a_guest_is_told_in_one_line_that_waiting_is_an_accounts(tmp_path: Path) -> None:
    async def test(club: Club, port: int) -> None:
        said, status = await _ssh(port, "eve", "waiting", code="open door")
        assert status == 1 and len(said.splitlines()) == 1 and "SSH key" in said, said
        said, status = await _ssh(port, "eve", "waiting", code="open door", lang="de")
        assert status == 1 and "SSH-Schlüssel" in said, said

    clubbed(tmp_path / "club", test, code="open door")


def test_a_hosted_table_still_answers_no_command(tmp_path: Path) -> None:
    async def test(host: Host, port: int) -> None:
        ran = await (await login(port, "ann")).run("waiting")
        assert ran.exit_status == 1 and "runs no commands" in str(ran.stdout)

    hosted(make_room(tmp_path), test)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_login_the_lobby_says_where_it_is_your_move_and_moves_lists_it(tmp_path: Path, lang: str) -> None:
    yours, title, moves = {"en": ("Your move at table 1 (", "Where it is your move", "moves"),
                           "de": ("Du bist dran an Tisch 1 (", "Wo du dran bist", "züge")}[lang]

    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1, "new 2 noduel")
        clients = {0: ann, 1: ben}
        awaited, _ = await _to_the_other(club, clients, random.Random(7))
        await _turn_told(club, awaited)
        again = await enter(port, NAMES[awaited], key=KEYS[awaited], lang=lang)  # a second session: a login
        await again.sees(yours)
        again.type(moves)
        page = await again.sees(title)
        assert yours in page
        mover = await enter(port, NAMES[1 - awaited], key=KEYS[1 - awaited], lang=lang)
        mover.type(moves)
        await mover.sees("It is your move at no table." if lang == "en" else "Du bist an keinem Tisch dran.")
        assert yours not in mover.term.text()

    clubbed(tmp_path / "club", test)


def test_the_lobbys_help_names_moves_within_80_columns() -> None:
    for lang, word in (("en", "moves"), ("de", "züge")):
        lines = [line for line in Tr(lang)("club.help").split("\n") if line.startswith(word + " ")]
        assert len(lines) == 1 and len(lines[0]) <= 80, lines


# -- the line, and its times in plain words ----------------------------------------------------------------

HOUR, DAY = 3600, 86400


@pytest.mark.parametrize(("seconds", "en", "de", "de_ago"), [
    (0, "0 s", "0 s", "0 s"),
    (-5, "0 s", "0 s", "0 s"),  # a deadline just passed
    (59, "59 s", "59 s", "59 s"),
    (60, "1 min", "1 Min.", "1 Min."),
    (HOUR + 20 * 60, "1 h 20 min", "1 Std. 20 Min.", "1 Std. 20 Min."),
    (DAY - 1, "23 h 59 min", "23 Std. 59 Min.", "23 Std. 59 Min."),
    (DAY, "1 day", "1 Tag", "1 Tag"),
    (DAY + 20 * HOUR + 59 * 60, "1 day 20 h", "1 Tag 20 Std.", "1 Tag 20 Std."),
    (3 * DAY + 59, "3 days", "3 Tage", "3 Tagen"),
])
def test_a_duration_reads_in_plain_words_in_both_languages(seconds: float, en: str, de: str, de_ago: str) -> None:
    """Left (``noch 3 Tage``) or ago (``vor 3 Tagen``): whole units, rounded down, days in words."""
    assert (Tr("en").duration(seconds), Tr("de").duration(seconds)) == (en, de)
    assert (Tr("en").duration(seconds, ago=True), Tr("de").duration(seconds, ago=True)) == (en, de_ago)


def test_the_line_says_what_happened_how_long_ago_and_how_long_is_left_within_80_columns() -> None:
    from abluxxen.club.turns import your_move

    now = 1_000_000.0
    turn = Turn(4, 1, "Ben", now - 3 * HOUR, now + DAY + 20 * HOUR,
                {"en": "Bea plays two 7s", "de": "Bea spielt zwei 7en"})
    assert your_move(4, turn, Tr("en"), now) == "Your move at table 4 (Bea plays two 7s, 3 h ago; 1 day 20 h left)"
    assert your_move(4, turn, Tr("de"), now) == "Du bist dran an Tisch 4 (Bea spielt zwei 7en, vor 3 Std.; " \
                                                "noch 1 Tag 20 Std.)"
    fresh = Turn(4, 1, "Ben", now - 59, None, {"en": "Bea plays two 7s", "de": "Bea spielt zwei 7en"})
    assert your_move(4, fresh, Tr("en"), now) == "Your move at table 4 (Bea plays two 7s, just now; no time limit)"
    assert your_move(4, fresh, Tr("de"), now) == "Du bist dran an Tisch 4 (Bea spielt zwei 7en, gerade eben; " \
                                                 "ohne Frist)"
    days = Turn(4, 1, "Ben", now - 2 * DAY, None)
    assert your_move(4, days, Tr("en"), now) == "Your move at table 4 (2 days ago; no time limit)"
    assert your_move(4, days, Tr("de"), now) == "Du bist dran an Tisch 4 (vor 2 Tagen; ohne Frist)"
    long = Turn(4, 1, "Ben", now - 60, None, {"en": "Ann plays " + "three 9s — " * 20, "de": "x\x1b[2J" * 50})
    for lang in ("en", "de"):
        line = your_move(4, long, Tr(lang), now, 80)
        assert len(line) <= 80 and "…" in line and "\x1b" not in line and line.endswith(")"), line
    assert len(your_move(4, long, Tr("en"), now, 60)) <= 60 and len(your_move(4, long, Tr("en"), now)) > 200


def test_what_happened_is_the_last_sentence_everybody_reads_never_a_card_drawn_unseen() -> None:
    """At every decision of a few whole games: the log's last sentence for everybody's eyes, made from its last
    turns alone, and never the sentence of the seat whose decision it is where theirs names the cards they drew."""
    from abluxxen.club.turns import LAST_LONGEST, what_happened

    private = 0
    for seed in range(12):
        rules = Rules(2 + seed % 4, ("base", "advanced", "expert")[seed % 3])
        game = Game.new(rules, seed=seed)
        rng = random.Random(seed)
        names = [f"P{seat}" for seat in range(rules.players)]
        log: list[Event] = [Event(START, game.turn, source="1")]
        while not game.is_over:
            log += game.push(rng.choice(game.legal_moves()))
            told = what_happened(log, names)
            assert told is not None
            for lang in ("en", "de"):
                assert told[lang] == brief(narrate(log, None, names, Tr(lang))[-1], LAST_LONGEST)
            seat = game.to_move
            if seat is not None and narrate(log, seat, names, Tr("en"))[-1] != told["en"]:
                private += 1
    assert private > 20  # (of some 2,000 decisions)


def _club_of(where: Path, whose: dict[int, tuple[str, int | None, float]]) -> Club:
    """A club whose tables (each of Ann's key ``key-a`` and Ben's ``key-b``) last told whose decision they await:
    by number, the name, the seat (``None``: no person's) and since when."""
    club = Club(where, open_accounts(where), elsewhere=Workers(0))
    for number, (name, seat, since) in whose.items():
        table = ClubTable(number, Settings(seats=2), "Ann", owners={"ann": "key-a", "ben": "key-b"})
        table.room = TableLink(Play(number, str(where / f"{number}.json"), {}, {}, 120.0, 0.0),
                               lambda link, event: None)
        table.room.turn = Turn(number, seat, name, since, None)
        club.tables[number] = table
    return club


def test_your_moves_are_the_tables_awaiting_a_seat_of_that_key_the_longest_waiting_first(tmp_path: Path) -> None:
    club = _club_of(tmp_path, {1: ("Ann", 1, 300.0), 2: ("Ben", 0, 100.0), 3: ("Ann", 0, 200.0),
                               4: ("Ann", None, 50.0)})
    assert [table.number for table, _ in club.your_moves("key-a")] == [3, 1]
    assert [table.number for table, _ in club.your_moves("key-b")] == [2]
    assert club.your_moves("key-c") == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_login_as_many_tables_as_fit_are_named_and_the_rest_counted_for_moves(tmp_path: Path, lang: str) -> None:
    club = _club_of(tmp_path, {n: ("Ann", 0, 1000.0 - n) for n in range(1, 8)})
    screen = LobbyScreen(club, Visitor("Ann", "key-a"), lang=lang, colours=None)  # 80×24: room for four lines
    lines = screen.moves_note().split("\n")
    mine = ("Your move at table {}", "… and 4 more: moves lists them") if lang == "en" else \
        ("Du bist dran an Tisch {}", "… und 4 weitere: züge zeigt sie")
    assert [line.split(" (")[0] for line in lines] == [mine[0].format(n) for n in (7, 6, 5)] + [mine[1]]
    assert all(len(line) <= 80 for line in lines)
    assert LobbyScreen(club, Visitor("Ben", "key-b"), lang=lang, colours=None).moves_note() == ""
