"""The terminal game end to end, in pseudo-terminals (pexpect), read through a terminal emulator.

A seeded game for three human seats is played to the score table through
every handover, with a bad input, the ``?`` list, a Ctrl-C (exit status 130)
and a resume. The test replays the same seed in its own engine to know
whose decision comes and which moves are legal. Every picture the screen
went through (see ``pty_screen``) is then checked: none may show a hand to
anyone but the person at the keyboard.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from pty_screen import PtyScreen, Snapshot, asking, plain

from abluxxen import Game, Rules

pytestmark = pytest.mark.slow  # end to end in a real terminal: `-m 'not slow'` skips them

NAMES = ["Ann", "Ben", "Cy"]
SEED = 11
#: The question under a person's table before the keyboard leaves them with cards they drew.
REVEAL = "Press Enter, then pass the keyboard on."


def _typed(move: str, game: Game) -> str:
    """What a player types for a move: shortcuts where there are some."""
    words = move.split()
    if words[0] == "play":
        cards = words[1:]
        if all(c == "X" or 1 < int(c) < 10 for c in cards):
            return "".join(cards).lower()  # 77x
        return " ".join(cards).lower()
    if move in ("take", "leave", "back", "discard"):
        return move[0]
    if move == "pass":
        return "p"
    if words[0] == "draw" and words[1] != "deck":
        if "+" not in words[1]:
            return words[1].lower()  # a card's value: 7 draws a 7
        view = game.view(game.to_move or 0)
        slots = [i for i, slot in enumerate(view.pool) if "+".join(map(str, slot)).replace("14", "X") == words[1]]
        return "abcdef"[slots[0]] if slots else move  # a duel group by its slot's letter
    return move


def _policy(game: Game) -> str:
    """Short games: play the biggest set, leave, discard, pass; draw from the pool."""
    legal = game.legal_moves()
    phase = game.phase_name
    if phase == "play":
        return max(legal, key=lambda m: len(m.split()))
    for choice in ("leave", "discard", "pass"):
        if choice in legal:
            return choice
    pool = [m for m in legal if m != "draw deck"]
    return pool[0] if pool else legal[0]


def _to_question(term: PtyScreen, name: str) -> None:
    """Press Enter through a look at one's new cards and a handover, until ``name`` is asked."""
    def ready(text: str) -> bool:
        return asking(name)(text) or REVEAL in text or f"Pass to {name} — press Enter" in text

    while not asking(name)(term.until(ready, settled=True)):
        term.press("\r")


def _waits(text: str) -> bool:
    """Whether the screen waits for a person: a decision, a cover, a look at new cards, the end."""
    return "— press Enter" in text or REVEAL in text or "Play again?" in text or \
        any(asking(name)(text) for name in NAMES)


def _play_until(term: PtyScreen, game: Game, state: dict[str, bool], *, stop_after: int | None) -> None:
    """Answer every human decision as the screen shows it, until the game ends or ``stop_after`` decisions."""
    decisions = 0
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        if len(legal) == 1:  # the table plays forced moves itself
            game.push(legal[0])
            continue
        if stop_after is not None and decisions >= stop_after:
            return
        name = NAMES[seat]
        _to_question(term, name)
        if decisions == 3 and not state.get("tried_bad"):
            state["tried_bad"] = True
            term.send("zz\r")
            term.until("✗ 'zz' is not a move here")
            term.until(asking(name), settled=True)
        if decisions == 5 and not state.get("tried_help"):
            state["tried_help"] = True
            term.send("?\r")
            page = term.until("Your legal moves", settled=True)
            assert all(move in page for move in legal[:3]), page
            term.send("q")
            term.until(asking(name), settled=True)  # the page is gone (it has no prompt)
        move = _policy(game)
        typed = _typed(move, game)
        game.push(move, seat=seat)
        decisions += 1
        term.answer(typed, _waits)


def check_privacy(snapshots: Sequence[Snapshot]) -> int:
    """Assert that no picture the screen went through shows a hand to anyone but the person at the
    keyboard; the number of times a hand came into sight.

    Who is at the keyboard is read off the screen: the person a handover cover named, once the cover
    stood alone (no hand under it); nobody after the question that sends a person away with their new
    cards. A picture may be half drawn (a frame is drawn top row first): the checks that need a whole
    one (no moves listed on a cover or without a hand) take settled pictures only.
    """
    holder: str | None = None
    handed_to: str | None = None
    leaving = False
    shown = 0
    for snapshot in snapshots:
        text = " ".join(snapshot.text.split())
        owners = set(re.findall(r"Your hand \((\w+)\)", text))
        assert len(owners) <= 1, f"two hands on one screen: {text[:300]}"
        if REVEAL in text:
            leaving = True
        elif leaving:  # the person who drew has pressed Enter and passes the keyboard on
            holder, leaving = None, False
        passed = re.findall(r"Pass to (\w+) — press Enter", text)
        if passed and not owners:
            assert not snapshot.settled or ("Tab ▸" not in text and " play " not in text), \
                f"a handover screen shows private things: {text[:300]}"
            holder, handed_to = None, passed[-1]
        if not owners:
            assert not snapshot.settled or "Tab ▸" not in text, f"legal moves listed with no hand shown: {text[:300]}"
            assert not _deck_cards(text), f"a card drawn from the deck, on a screen of nobody's: {text[:300]}"
            continue
        owner = owners.pop()
        if owner != holder:
            assert handed_to == owner, f"{owner}'s hand appeared after {holder or 'nobody'} had the keyboard, " \
                                       f"without a handover: {text[:300]}"
            holder, handed_to = owner, None
            shown += 1
        assert all(drawer == owner for drawer in _deck_cards(text)), \
            f"{owner} sees a card another player drew from the deck: {text[:300]}"
    return shown


def _deck_cards(text: str) -> list[str]:
    """Who the log says drew a card from the deck that it names (``Ben draws a 7 from the deck``)."""
    return [drawer for drawer, cards in re.findall(r"(\w+) draws ([^•—]*?) from the deck", text)
            if re.search(r"\d|joker", cards)]


def _after_each_run(term: PtyScreen) -> None:
    """The alternate screen was entered and left once; no hand is ever shown to the wrong person."""
    raw = term.raw()
    assert raw.count("\x1b[?1049h") == 1 and raw.count("\x1b[?1049l") == 1
    assert check_privacy(term.snapshots) > 3


def test_three_humans_play_a_whole_game_with_interrupt_and_resume(tmp_path: Path) -> None:
    game = Game.new(Rules(3), seed=SEED, names=NAMES)
    term = PtyScreen(["play", "--players", ",".join(NAMES), "--seed", str(SEED), "--delay", "0", "--lang", "en"],
                     tmp_path)
    state: dict[str, bool] = {}
    _play_until(term, game, state, stop_after=12)
    assert not game.is_over, "the seed should give a game longer than 12 decisions"
    assert state == {"tried_bad": True, "tried_help": True}
    # Ctrl-C at the next question: asked to quit, saved, exit status 130.
    seat = game.to_move
    assert seat is not None
    _to_question(term, NAMES[seat])
    term.interrupt()
    term.until("Quit?")
    term.send("y\r")
    assert term.exit_status() == 130
    assert "abluxxen resume" in term.scrollback()
    # Three humans: the seed would replay the deal and show every hand, so it stays secret mid-game.
    assert not any(re.search(rf"seed\W+{SEED}\b", s.text, re.IGNORECASE) for s in term.snapshots)
    assert len(list(tmp_path.glob("*.json"))) == 1
    _after_each_run(term)

    # Resume: the same position, a handover first (nobody has the keyboard yet).
    term = PtyScreen(["resume", "--delay", "0"], tmp_path)
    term.until(f"Pass to {NAMES[seat]} — press Enter")
    _play_until(term, game, state, stop_after=None)
    end_screen = term.until("Play again?", settled=True)
    assert "Game 1 over" in end_screen
    scores = game.scores()
    winners = game.winners()
    for seat, name in enumerate(NAMES):
        row = re.search(rf"{name}\s*│\s*(\d+)\s*│\s*(\d+)\s*│\s*([+-]?\d+)", end_screen)
        assert row, f"no score row for {name}"
        assert int(row.group(3)) == scores[seat]
        assert ("★" in end_screen.split(name, 1)[1].split("\n", 1)[0]) == (seat in winners)
    assert f"{NAMES[winners[0]]} wins" in end_screen or "share the win" in end_screen
    assert f"Seed {SEED}" in end_screen  # the game is over: now the deal may be replayed
    term.send("n\r")
    assert term.exit_status() == 0
    assert f"--seed {SEED}" in term.scrollback()
    _after_each_run(term)


def test_privacy_check_catches_a_hand_shown_without_handover() -> None:
    def pictures(*texts: str) -> list[Snapshot]:
        return [Snapshot(text, settled=True) for text in texts]

    cover = "Pass to {} — press Enter"
    table = "• Ann draws a 7 from the deck\nYour hand (Ann) · 3: 1 2 3\nAnn ›\nTab ▸ play 1"
    ben = table.replace("Ann", "Ben")
    assert check_privacy(pictures(cover.format("Ann"), table, cover.format("Ben"), ben)) == 2
    # Half drawn: the cover's top over the hand still there, while its person still has the keyboard.
    half = [Snapshot(cover.format("Ben") + "\n" + table, settled=False)]
    assert check_privacy(pictures(cover.format("Ann"), table) + half + pictures(cover.format("Ben"), ben)) == 2
    # Ann looks at her new cards, passes the keyboard on: her table again needs its cover.
    reveal = table + "\nPress Enter, then pass the keyboard on."
    after = pictures(cover.format("Ann"), table, reveal, "the bots play")
    assert check_privacy(after + pictures(cover.format("Ann"), table)) == 2
    for wrong in (pictures(cover.format("Ann"), table, ben),  # no handover
                  pictures(cover.format("Ann"), table, cover.format("Ben") + "\n" + ben),  # under the cover
                  pictures(cover.format("Ann"), ben),  # a handover to somebody else
                  after + pictures(table),  # the keyboard passed on, the hand shown again
                  pictures(cover.format("Ann"), table, cover.format("Ben"), ben + " • Ann draws a 7 from the deck"),
                  pictures(cover.format("Ann"), "• Ann draws a 7 from the deck"),  # nobody's screen
                  pictures(cover.format("Ann") + " Tab ▸ play 1"),  # moves on the cover
                  pictures(cover.format("Ann"), table + " " + ben)):  # two hands
        with pytest.raises(AssertionError):
            check_privacy(wrong)


def test_too_small_terminal_asks_to_enlarge(tmp_path: Path) -> None:
    term = PtyScreen(["play", "--players", "Ann,bot,bot", "--seed", "1", "--delay", "0", "--lang", "en"],
                     tmp_path, rows=20, cols=70)
    term.until("please enlarge it to at least 80×23")
    term.resize(24, 80)  # the table comes back at once, nothing typed
    term.until(asking("Ann"), settled=True)
    term.interrupt()
    term.until("Quit?")
    term.send("y\r")
    assert term.exit_status() == 130


def test_bare_command_runs_the_setup_and_one_human_never_gets_a_handover(tmp_path: Path) -> None:
    term = PtyScreen(["--delay", "0", "--lang", "en"], tmp_path)

    def asked(question: str) -> str:
        """Wait for the setup's next question ``question`` (a new one, nothing typed after it yet); the
        screen."""
        before = term.scrollback().count("\n" + question)

        def new(text: str) -> bool:
            line = term.cursor_line()
            return line.startswith(question) and line.endswith(":") and \
                term.scrollback().count("\n" + question) > before
        return term.until(new)

    def reply(keys: str, question: str) -> str:
        """Type ``keys`` and Enter; the screen once the question ``question`` comes next."""
        term.send(keys + "\r")
        return asked(question)

    term.until("How many seats (2–5) [3]:")
    reply("2", "Seat 1")
    reply("Zoe", "Seat 2")
    assert "✗ a name" in reply("bot:nonsense", "Seat 2").split("bot:nonsense", 1)[1]
    screen = reply("bot:easy", "Variant")
    assert "expert: advanced, and 1s abluxx 13s" in screen  # what the variants mean, before the question
    assert "advanced: no draw after such a turn" in reply("?", "Variant").split("Variant", 1)[1]
    assert "The duel: both players start with 2 jokers" in reply("", "Two players: play the duel")
    reply("", "Who starts: Zoe, Ada, random [Zoe]")
    term.send("ada\r")
    screen = term.until(asking("Zoe"), settled=True)
    assert "Shadow" in screen and "Ada ⚙easy" in screen and "Your hand (Zoe)" in screen
    assert "Game 1: Ada starts." in screen  # the setup's answer to "Who starts"
    hand = re.search(r"Your hand \(Zoe\) · \d+: (\S+)", screen)
    assert hand
    card = hand.group(1)
    term.answer(card, asking("Zoe"))  # play one card; the bot answers; Zoe decides again
    term.send("\x04")  # Ctrl-D
    term.until("Quit?")
    term.send("y\r")
    assert term.exit_status() == 0
    assert not any("Pass to" in s.text for s in term.snapshots) and "Pass to" not in plain(term.raw())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_too_small_message_wraps_between_words_at_any_width(lang: str) -> None:
    from helpers import Seated, make_doc, seated

    from abluxxen.i18n.tr import Tr

    async def test(table: Seated) -> None:
        await table.asked()
        for cols in (30, 45, 60, 79):
            table.screen.fixed_size = (cols, 12)
            # Whose turn it is, then the size wanted; nothing else (no prompt under it).
            message = Tr(lang)("pass_why.play", name="Ann") + " " + Tr(lang)("host.too_small", w=cols, h=12)
            lines = [line for line in table.screen.picture().splitlines() if line.strip()]
            assert all(len(line) <= cols for line in lines), lines
            assert " ".join(lines).split() == message.split()  # every word whole, none lost

    seated(Game.from_json(make_doc(hands=["1 2 3", "4", "5"], names=["Ann", "Ben", "Cy"])), test, lang=lang)


def test_the_final_scores_stay_on_the_screen_after_the_game_is_left(tmp_path: Path) -> None:
    term = PtyScreen(["play", "--players", "bot:easy,bot:normal,bot:easy", "--seed", "3", "--delay", "0",
                      "--lang", "en"], tmp_path)
    term.until("Play again")
    term.send("n\r")
    assert term.exit_status() == 0
    # What the normal screen holds once the game's own (alternate) screen is gone.
    after = term.scrollback()
    assert "Game 1 over" in after and "★ winner" in after and "Points" in after
    assert after.count("Seed 3") == 1 and "--seed 3" in after  # the replay line, said once
