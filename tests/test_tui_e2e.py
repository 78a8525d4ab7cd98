"""The terminal game end to end, in pseudo-terminals (pexpect).

A seeded game for three human seats is played to the score table through
every handover, with a bad input, the ``?`` list, a Ctrl-C (exit status 130)
and a resume. The test replays the same seed in its own engine to know
whose decision comes and which moves are legal. Everything the game wrote
is then split at each wipe of screen and scrollback, and no piece may show
a hand to anyone but its owner.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers import spawn_terminal

from abluxxen import Game, Rules

pexpect = pytest.importorskip("pexpect")

NAMES = ["Ann", "Ben", "Cy"]
SEED = 11
WIPE = "\x1b[2J\x1b[3J"
ANSI = re.compile(r"\x1b\[[0-9;?<=>]*[A-Za-z~]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\x1b[=>78]|\r")


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


def _play_until(child: Any, game: Game, state: dict[str, object], *, stop_after: int | None) -> None:
    """Answer every human decision as the app shows it, until the game ends or ``stop_after`` decisions."""
    decisions = 0
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        legal = game.legal_moves()
        if len(legal) == 1:  # the app plays forced moves itself
            game.push(legal[0])
            continue
        if stop_after is not None and decisions >= stop_after:
            return
        name = NAMES[seat]
        if state["last_seen"] != seat:
            child.expect_exact(f"Pass to {name} — press Enter")
            child.send("\r")
        state["last_seen"] = seat
        child.expect_exact(f"{name} ›")
        if decisions == 3 and not state.get("tried_bad"):
            state["tried_bad"] = True
            child.send("zz\r")
            child.expect_exact("✗ 'zz' is not a move here")
            child.expect_exact(f"{name} ›")
        if decisions == 5 and not state.get("tried_help"):
            state["tried_help"] = True
            child.send("?\r")
            child.expect_exact("Your legal moves")
            for move in legal[:3]:
                child.expect_exact(move)
            child.send("q\r")
            child.expect_exact(f"{name} ›")
        move = _policy(game)
        child.send(_typed(move, game) + "\r")
        game.push(move, seat=seat)
        decisions += 1
        child.expect_exact(WIPE)  # the next screen: never match this prompt's echo again


def _segments(stream: str) -> list[str]:
    return [" ".join(ANSI.sub("", part).split()) for part in stream.split(WIPE)]


def check_privacy(stream: str) -> int:
    """Assert no hand shows where another player could see it; the number of hands shown."""
    holder: str | None = None
    handed_to: str | None = None
    shown = 0
    for text in _segments(stream):
        owners = set(re.findall(r"Your hand \((\w+)\)", text))
        assert len(owners) <= 1, f"two hands on one screen: {text[:200]}"
        passed = re.findall(r"Pass to (\w+) — press Enter", text)
        if passed:
            assert not owners and "Tab ▸" not in text and " play " not in text, \
                f"a handover screen shows private things: {text[:300]}"
            handed_to = passed[-1]
            continue
        if not owners:
            assert "Tab ▸" not in text, f"legal moves listed with no hand shown: {text[:300]}"
            continue
        owner = owners.pop()
        shown += 1
        if owner != holder:
            assert handed_to == owner, f"{owner}'s hand appeared right after {holder}'s, without a handover"
        holder, handed_to = owner, None
        for seen in re.finditer(r"an? (?:\d+|joker) from the deck", text):
            drawer = re.findall(r"(Ann|Ben|Cy) draws", text[:seen.start()])
            assert drawer and drawer[-1] == owner, f"{owner} sees a card another player drew from the deck"
    return shown


def test_three_humans_play_a_whole_game_with_interrupt_and_resume(tmp_path: Path) -> None:
    game = Game.new(Rules(3), seed=SEED, names=NAMES)
    child, log = spawn_terminal(["play", "--players", ",".join(NAMES), "--seed", str(SEED), "--delay", "0",
                                 "--lang", "en"], tmp_path)
    state: dict[str, object] = {"last_seen": None}
    _play_until(child, game, state, stop_after=12)
    assert not game.is_over, "the seed should give a game longer than 12 decisions"
    # Ctrl-C at the next prompt: asked to quit, saved, exit status 130.
    seat = game.to_move
    assert seat is not None
    if state["last_seen"] != seat:
        child.expect_exact(f"Pass to {NAMES[seat]} — press Enter")
        child.send("\r")
        state["last_seen"] = seat
    child.expect_exact(f"{NAMES[seat]} ›")
    child.sendintr()
    child.expect_exact("Quit?")
    child.send("y\r")
    child.expect_exact("abluxxen resume")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    first_run = log.getvalue()
    # Three humans: the seed would replay the deal and show every hand, so it stays secret mid-game.
    assert not re.search(rf"seed\W+{SEED}\b", ANSI.sub("", first_run), re.IGNORECASE)
    assert len(list(tmp_path.glob("*.json"))) == 1

    # Resume: the same position, a handover first (nobody has the keyboard yet).
    child, log = spawn_terminal(["resume", "--delay", "0"], tmp_path)
    state["last_seen"] = None
    _play_until(child, game, state, stop_after=None)
    child.expect_exact("Game 1 over")
    for name in NAMES:
        child.expect_exact(name)
    scores = game.scores()
    winners = game.winners()
    child.expect_exact("Play again?")
    end_screen = ANSI.sub("", log.getvalue().split(WIPE)[-1])
    for seat, name in enumerate(NAMES):
        row = re.search(rf"{name}\s*│\s*(\d+)\s*│\s*(\d+)\s*│\s*([+-]?\d+)", end_screen)
        assert row, f"no score row for {name}"
        assert int(row.group(3)) == scores[seat]
        assert ("★" in end_screen.split(name, 1)[1].split("\n", 1)[0]) == (seat in winners)
    assert f"{NAMES[winners[0]]} wins" in end_screen or "share the win" in end_screen
    assert f"Seed {SEED}" in end_screen  # the game is over: now the deal may be replayed
    child.send("n\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert f"--seed {SEED}" in ANSI.sub("", log.getvalue().split("\x1b[?1049l")[-1])

    assert check_privacy(first_run) > 3
    assert check_privacy(log.getvalue()) > 3
    # The alternate screen is entered and left in both runs.
    for stream in (first_run, log.getvalue()):
        assert stream.count("\x1b[?1049h") == 1 and stream.count("\x1b[?1049l") == 1


def test_privacy_check_catches_a_hand_shown_without_handover() -> None:
    table = "Your hand (Ann) · 3: 1 2 3 Ann › Tab ▸ play 1"
    good = WIPE.join(["", "Pass to Ann — press Enter", table, "Pass to Ben — press Enter",
                      table.replace("Ann", "Ben")])
    assert check_privacy(good) == 2
    with pytest.raises(AssertionError):
        check_privacy(WIPE.join(["", "Pass to Ann — press Enter", table, table.replace("Ann", "Ben")]))
    with pytest.raises(AssertionError):
        check_privacy(WIPE.join(["", "Pass to Ann — press Enter", table + " • Ben draws a 7 from the deck"]))


def test_too_small_terminal_asks_to_enlarge(tmp_path: Path) -> None:
    child, _ = spawn_terminal(["play", "--players", "Ann,bot,bot", "--seed", "1", "--delay", "0", "--lang", "en"],
                              tmp_path, rows=20, cols=70)
    child.expect_exact("please enlarge it to at least 80×23")
    child.setwinsize(24, 80)
    child.send("\r")
    child.expect_exact("Ann ›")
    child.sendintr()
    child.expect_exact("Quit?")
    child.send("y\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_bare_command_runs_the_setup_and_one_human_never_gets_a_handover(tmp_path: Path) -> None:
    child, log = spawn_terminal(["--delay", "0", "--lang", "en"], tmp_path)
    child.expect_exact("How many seats (2–5) [3]:")
    child.send("2\r")
    child.expect_exact("Seat 1")
    child.send("Zoe\r")
    child.expect_exact("Seat 2")
    child.send("bot:nonsense\r")
    child.expect_exact("✗ a name")
    child.send("bot:easy\r")
    child.expect_exact("expert: advanced, and 1s abluxx 13s")  # what the variants mean, before the question
    child.expect_exact("Variant")
    child.send("?\r")
    child.expect_exact("advanced: no draw after such a turn")
    child.expect_exact("Variant")
    child.send("\r")
    child.expect_exact("The duel: both players start with 2 jokers")
    child.expect_exact("duel")
    child.send("\r")
    child.expect_exact("Who starts: Zoe, Ada, random [Zoe]")
    child.send("ada\r")
    child.expect_exact("Zoe ›")
    screen = ANSI.sub("", log.getvalue().split(WIPE)[-1])
    assert "Shadow" in screen and "Ada ⚙easy" in screen and "Your hand (Zoe)" in screen
    assert "Game 1: Ada starts." in screen  # the setup's answer to "Who starts"
    hand = re.search(r"Your hand \(Zoe\) · \d+: (\S+)", screen)
    assert hand
    card = hand.group(1).split("×")[0]
    child.send(f"{card}\r")  # play one card; the bot answers; Zoe decides again
    child.expect_exact(WIPE)
    child.expect_exact("Zoe ›")
    child.sendcontrol("d")
    child.expect_exact("Quit?")
    child.send("y\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Pass to" not in log.getvalue()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_too_small_message_wraps_between_words_at_any_width(lang: str) -> None:
    import io

    from abluxxen.tui.i18n import Tr
    from abluxxen.tui.terminal import Terminal

    for cols in (30, 45, 60, 79):
        out = io.StringIO()
        message = Tr(lang)("too_small", w=cols, h=12)
        Terminal(file=out, size=(cols, 12), terminal=True).show_plain(message)
        lines = [line for line in ANSI.sub("", out.getvalue()).splitlines() if line.strip()]
        assert all(len(line) <= cols for line in lines), lines
        assert " ".join(lines).split() == message.split()  # every word whole, none lost


def test_the_final_scores_stay_on_the_screen_after_the_game_is_left(tmp_path: Path) -> None:
    child, log = spawn_terminal(["play", "--players", "bot:easy,bot:normal,bot:easy", "--seed", "3", "--delay", "0",
                                 "--lang", "en"], tmp_path)
    child.expect("Play again")
    child.send("n\r")
    child.expect(pexpect.EOF)
    child.close()
    # What the normal screen holds once the game's own (alternate) screen is gone.
    after = ANSI.sub("", log.getvalue().rsplit("\x1b[?1049l", 1)[1])
    assert "Game 1 over" in after and "★ winner" in after and "Points" in after
    assert after.count("Seed 3") == 1 and "--seed 3" in after  # the replay line, said once
