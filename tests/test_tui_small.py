"""A terminal too small for the table, at every screen that shows one: the hot-seat, an SSH session at a
hosted table and at a club's, and a lesson.

While it is too small, the screen is only a note (who is asked or takes the keyboard, and that the
terminal must be enlarged) that fits down to 1×1: no prompt, no moves Tab would complete, no reading of
what is typed. A key there answers nothing (the terminal beeps), so a handover's cover is only passed by
an Enter pressed while it could be seen; when the terminal grows, the screen is where it was.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from clubbing import clubbed, saved_game, seated
from hosting import Client, decides, everyone, hosted, make_room
from pty_screen import PtyScreen, asking
from test_learn import course_script
from test_tui_e2e import REVEAL, check_privacy

from abluxxen.club.lobby import Club
from abluxxen.host.server import Host
from abluxxen.i18n.tr import Tr

BELL = "\x07"
#: What only a screen at a readable size may show: a person's prompt, the moves Tab completes, how
#: what is typed reads.
PROMPT_PARTS = ("›", "Tab ▸", "→")
#: Sizes too small for the table, down to a single character.
SMALL = ((1, 1), (2, 1), (12, 2), (30, 1), (20, 4), (50, 10), (79, 30), (120, 22))

tr = Tr("en")


def note_forms(head: str, cols: int, rows: int) -> tuple[str, ...]:
    """The ways a screen of ``cols`` × ``rows`` may say that it is too small, under ``head``, without their
    spaces (a narrow terminal breaks words and lines anywhere)."""
    forms = (f"{head} {tr('host.too_small', w=cols, h=rows)}", f"{head} {tr('host.too_small_short')}")
    return tuple("".join(form.split()) for form in forms)


def the_note(head: str, cols: int, rows: int) -> Callable[[str], bool]:
    """A test of a screen of ``cols`` × ``rows``: it shows the note for its size and nothing else, in
    reading order: all of it on a terminal of 40 × 3 or more, else at least its beginning (who is asked
    comes first)."""
    forms = note_forms(head, cols, rows)
    whole = cols >= 40 and rows >= 3

    def test(screen: str) -> bool:
        shown = "".join(screen.split())
        return bool(shown) and (shown in forms if whole else any(form.startswith(shown) for form in forms))
    return test


def at_prompt(name: str) -> Callable[[str], bool]:
    """A test of the screen: ``name``'s table, and their prompt with nothing typed at it."""
    return lambda screen: f"Your hand ({name})" in screen and screen.split("\n")[-2].rstrip() == f"{name} ›"


# -- the hot-seat ------------------------------------------------------------------------------------

def refuse(term: PtyScreen, keys: str) -> None:
    """Type ``keys`` at a too-small screen, one at a time; each is refused with a beep."""
    for key in keys:
        bells = term.raw().count(BELL)

        def beeped(_: str, bells: int = bells) -> bool:
            return term.raw().count(BELL) > bells
        term.send(key)
        term.until(beeped, timeout=15)


@pytest.mark.slow
def test_a_handover_at_a_too_small_hot_seat_shows_no_card_until_its_cover_is_passed(tmp_path: Path) -> None:
    term = PtyScreen(["play", "--players", "Ann,Bea", "--seed", "1", "--delay", "0", "--lang", "en"], tmp_path)
    term.until("Pass to Ann — press Enter", settled=True)
    term.send("\r")
    term.until(asking("Ann"), settled=True)
    term.answer("1", asking("Ann"))  # no abluxx: Ann draws …
    term.answer("draw deck", REVEAL)  # … from the deck, and sees her new card before she passes on
    shrunk = len(term.snapshots)
    term.resize(20, 60)
    term.until("please enlarge")
    refuse(term, "\r\rx\t")  # Enter for Ann's question, Enter for the cover, a move, Tab: none is taken
    # (A note is never "settled": with no prompt, a frame of it ends with no cursor shown.)
    term.until(the_note(tr("keyboard_with", name="Ann"), 60, 20))
    term.resize(24, 80)
    term.until(REVEAL, settled=True)  # Ann's question again, her table: nobody has answered it
    term.send("\r")
    term.until("Pass to Bea — press Enter", settled=True)
    term.resize(20, 60)  # the cover drawn, then too small: it stands until it can be seen again
    term.until("please enlarge")
    refuse(term, "\rx")
    term.until(the_note(tr("pass_to_small", name="Bea"), 60, 20))
    for cols, rows in SMALL:
        term.resize(rows, cols)
        term.until(the_note(tr("pass_to_small", name="Bea"), cols, rows))
    term.resize(24, 80)
    term.until("Pass to Bea — press Enter", settled=True)
    covered = term.snapshots[shrunk:]
    assert not [s.text for s in covered if "Bea" in s.text and any(part in s.text for part in PROMPT_PARTS)]
    assert not [s.text for s in covered if "Your hand (Bea)" in s.text]
    term.send("\r")
    term.until(asking("Bea"), settled=True)  # nothing typed before waits at her prompt
    # Bea's hand shows once, after her cover stood alone (from the first time it was drawn: before it,
    # the note said that Ann kept the keyboard, and her table came back).
    cover = next(i for i, s in enumerate(term.snapshots) if "Pass to Bea — press Enter" in s.text)
    assert check_privacy(term.snapshots[:shrunk]) == 1 and check_privacy(term.snapshots[cover:]) == 1
    term.interrupt()
    term.until("Quit?")
    term.send("y\r")
    assert term.exit_status() == 130


# -- a lesson ----------------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_lesson_at_a_too_small_terminal_takes_no_move_until_it_shows_again(tmp_path: Path) -> None:
    script = course_script("en")
    (start, enter), (task, _), (_, answer), (after, _) = script[1:5]  # lesson 1's start, its first task
    term = PtyScreen(["learn", "1", "--delay", "0", "--lang", "en"], tmp_path)
    term.until(start, settled=True)
    term.send(enter)
    term.until(lambda screen: task in screen and asking("Ann")(screen), settled=True)
    shrunk = len(term.snapshots)
    term.resize(20, 70)
    term.until("please enlarge")
    refuse(term, answer + "\t")  # the task's right answer and its Enter, Tab: none is taken
    term.until(the_note(tr("pass_why.play", name="Ann"), 70, 20))
    assert not [s.text for s in term.snapshots[shrunk:] if any(part in s.text for part in PROMPT_PARTS)]
    term.resize(24, 80)
    term.until(lambda screen: task in screen and asking("Ann")(screen), settled=True)  # the same task
    term.send(answer)
    term.until(after, settled=True)  # typed where it shows, the answer is taken
    term.interrupt()
    assert term.exit_status() == 130


# -- SSH: a hosted table, a club's table ---------------------------------------------------------------

async def refused(client: Client, keys: str) -> None:
    """Type ``keys`` at a too-small SSH terminal, one at a time; each is refused with a beep."""
    for key in keys:
        bells = client.term.all_raw().count(BELL)

        def beeped(_: str, bells: int = bells) -> bool:
            return client.term.all_raw().count(BELL) > bells
        client.chan.write(key)
        await client.sees(beeped)


async def shrinks(client: Client, head: str) -> None:
    """``client``'s terminal goes through sizes too small for the table: each shows the note, whole or
    begun, and nothing else (never prompt_toolkit's own "Window too small")."""
    for cols, rows in SMALL:
        client.resize(cols, rows)
        await client.sees(the_note(head, cols, rows))


def test_a_too_small_ssh_terminal_at_a_hosted_table_shows_only_its_note_and_answers_nothing(tmp_path: Path) -> None:
    room = make_room(tmp_path, "Ann,Ben")

    async def test(host: Host, port: int) -> None:
        ann, _ = await everyone(port, ["ann", "ben"])
        await decides(room, 0)
        await ann.sees(at_prompt("Ann"))
        moves = len(room.saved.transcript.moves)
        ann.resize(60, 20)
        await ann.sees("please enlarge")
        ann.term.seen.clear()
        move = room.match.game.view(0).legal_moves()[0]
        await refused(ann, move + "\t\r")  # a legal move, Tab, Enter
        assert the_note(tr("pass_why.play", name="Ann"), 60, 20)(ann.term.text())
        await shrinks(ann, tr("pass_why.play", name="Ann"))
        assert not [line for line in ann.term.seen if any(part in line for part in PROMPT_PARTS)]
        ann.resize(80, 24)
        ann.type(move)  # at once, before the table is drawn again (a window change is drawn after a pause)
        await ann.sees(tr("typed_ahead"))  # typed at a screen not seen yet: no answer
        assert len(room.saved.transcript.moves) == moves  # nothing played
        await ann.sees(at_prompt("Ann"))  # the table again, nothing typed at its prompt
        ann.type(move)
        await ann.sees("Ann plays")  # typed where it shows, the move is played

    hosted(room, test)


def test_a_too_small_ssh_terminal_at_a_club_table_shows_only_its_note_and_answers_nothing(tmp_path: Path) -> None:
    async def test(club: Club, port: int) -> None:
        ann, ben = await seated(port, 1)
        saved = saved_game(club, 1)
        assert saved is not None
        game = saved.match.game
        mover = game.to_move
        assert mover is not None
        name = game.names[mover]
        client = {0: ann, 1: ben}[mover]
        await client.sees(at_prompt(name))
        client.resize(60, 20)
        await client.sees("please enlarge")
        client.term.seen.clear()
        await refused(client, game.view(mover).legal_moves()[0] + "\t\r")
        assert the_note(tr("pass_why.play", name=name), 60, 20)(client.term.text())
        assert not [line for line in client.term.seen if any(part in line for part in PROMPT_PARTS)]
        client.resize(80, 24)
        await client.sees(at_prompt(name))
        now = saved_game(club, 1)
        assert now is not None and len(now.transcript.moves) == len(saved.transcript.moves)

    clubbed(tmp_path, test)  # the table plays through the frames a worker's take, in this process
