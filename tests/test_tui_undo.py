"""``undo`` and ``log`` in a real terminal (pexpect): positions restored exactly, bots that answer
the same way again, hot-seat handovers that end what may be taken back, and logs that keep
other seats' deck draws hidden.

The tests read the save file once a question shows: it is written before the question comes,
so it holds the position on screen (the whole deck order included).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import make_doc, screens_at_table
from pty_screen import PtyScreen, asking

from abluxxen import Event, Game, Rules
from abluxxen.bots import HardBot
from abluxxen.engine.events import START
from abluxxen.engine.match import Match
from abluxxen.i18n.tr import Tr
from abluxxen.store.records import open_records
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import read_save
from abluxxen.table import BotSeat
from abluxxen.tui.commands import Command, read_command
from abluxxen.tui.narrate import narrate

#: The keys line under a page over the table (more to come, or the last).
PAGED = ("q: the table", "back to the table")
#: The question under a person's table before the keyboard leaves them with cards they drew.
REVEAL = "Press Enter, then pass the keyboard on."


def _save(data_dir: Path) -> dict[str, Any]:
    [path] = data_dir.glob("*.json")
    doc: dict[str, Any] = json.loads(path.read_text())
    return doc


def _position(doc: dict[str, Any]) -> tuple[Any, ...]:
    """Everything a position is: the match (game, deck order and all), the log and the transcript."""
    return doc["match"], doc["log"], doc["transcript"]


def _game(doc: dict[str, Any]) -> Game:
    return Game.from_json(doc["match"]["game"])


def _policy(game: Game) -> str:
    """A plain player: the biggest set, leave, discard, and draws from the deck."""
    legal = game.legal_moves()
    if game.phase_name == "play":
        return max(legal, key=lambda m: len(m.split()))
    for choice in ("leave", "discard", "draw deck"):
        if choice in legal:
            return choice
    return legal[0]


def _paged(text: str) -> bool:
    """Whether a page is over the table (its keys under it)."""
    return any(keys in text.split("\n")[-1] for keys in PAGED)


def _quit(term: PtyScreen) -> None:
    term.send("quit\r")
    term.until("Quit?")
    term.send("y\r")
    assert term.exit_status() == 0


def test_undo_twice_against_bots_restores_both_positions_then_the_bots_answer_alike(tmp_path: Path) -> None:
    term = PtyScreen(["play", "--players", "Ann,bot:normal,bot:easy", "--seed", "5", "--delay", "0",
                      "--lang", "en"], tmp_path)
    ann = asking("Ann")
    term.until(ann, settled=True)
    start = _save(tmp_path)
    play = _policy(_game(start))
    term.answer(play, ann)
    drawing = _save(tmp_path)
    assert _game(drawing).phase_name == "single-draw" and _game(drawing).to_move == 0
    screen = term.answer("draw deck", ann)
    later = _save(tmp_path)
    drawn = [e for e in later["log"][len(drawing["log"]):] if e["kind"] == "draw" and e["seat"] == 0]
    assert drawn and drawn[0]["source"] == "deck"
    assert not later["assisted"] and "assisted" not in screen.split("\n")[0]
    assert len(later["transcript"]["moves"]) > len(drawing["transcript"]["moves"]) + 1  # the bots moved

    screen = term.answer("undo", ann)
    back = _save(tmp_path)
    assert _position(back) == _position(drawing)
    # The card drawn is on top of the deck again, and the player has seen it.
    assert back["match"]["game"]["deck"][0] == drawn[0]["cards"][0]
    assert back["assisted"]
    assert "assisted" in screen.split("\n")[0] and "Taken back: draw deck" in screen

    screen = term.answer("undo", ann)
    assert _position(_save(tmp_path)) == _position(start)
    assert f"Taken back: {play}" in screen
    term.send("undo\r")
    term.until("Nothing to take back")
    assert _position(_save(tmp_path)) == _position(start)

    # The same moves again: the same cards and the same bot replies (the hard bot: see the last test).
    term.answer(play, ann)
    assert _position(_save(tmp_path)) == _position(drawing)
    term.answer("draw deck", ann)
    again = _save(tmp_path)
    assert _position(again) == _position(later) and again["assisted"]
    _quit(term)


def _waits(text: str) -> bool:
    """Whether the screen waits for a person: a decision, a cover, a look at one's new cards."""
    return "— press Enter" in text or REVEAL in text or asking("Ann")(text) or asking("Ben")(text)


def _next_question(term: PtyScreen) -> str:
    """Press Enter through handovers (and the look at one's own drawn cards); whose question comes."""
    while True:
        text = term.until(_waits, settled=True)
        for name in ("Ann", "Ben"):
            if asking(name)(text):
                return name
        term.press("\r")


def test_hot_seat_undo_takes_back_only_moves_since_the_keyboard_came(tmp_path: Path) -> None:
    term = PtyScreen(["play", "--players", "Ann,Ben,bot:easy", "--seed", "8", "--delay", "0", "--lang", "en"],
                     tmp_path)
    assert _next_question(term) == "Ann"
    ann, ben = asking("Ann"), asking("Ben")
    start = _save(tmp_path)
    play = _policy(_game(start))
    term.answer(play, ann)
    # Ann's own decisions, nobody else at the keyboard since: undo works.
    term.answer("undo", ann)
    assert _position(_save(tmp_path)) == _position(start)
    term.answer(play, ann)
    term.answer("draw deck", _waits)
    drew = next(e for e in _save(tmp_path)["log"] if e["kind"] == "draw" and e["seat"] == 0)
    ann_drew = f"Ann draws {Tr('en').card(_card(drew))} from the deck"

    # Ben's turn: his log tells that Ann drew a card, never which.
    name = _next_question(term)
    assert name == "Ben"
    term.send("log\r")
    page = term.until(lambda text: "What happened in game 1" in text and _paged(text), settled=True)
    assert "Ann draws one from the deck" in page and ann_drew not in page
    term.send("q")
    term.until(ben, settled=True)
    # Ben has decided nothing yet: nothing of his to take back (not "the keyboard changed hands").
    before = _save(tmp_path)
    term.send("undo\r")
    term.until("Nothing to take back")
    term.until(ben, settled=True)
    assert _position(_save(tmp_path)) == _position(before)

    # Play on until the keyboard is handed back to Ann.
    while name != "Ann":
        term.answer(_policy(_game(_save(tmp_path))), _waits)
        name = _next_question(term)
    before = _save(tmp_path)
    term.send("undo\r")
    term.until("No undo: the keyboard has changed hands since your last move.")
    term.until(ann, settled=True)
    after = _save(tmp_path)
    assert _position(after) == _position(before) and after["assisted"] == before["assisted"]

    # Ann's own log names the card she drew.
    term.send("log\r")
    assert ann_drew in term.until(_paged, settled=True)
    term.send("q")
    term.until(ann, settled=True)
    _quit(term)


def _card(event: dict[str, Any]) -> int:
    from abluxxen.engine.cards import parse_token

    return parse_token(event["cards"][0])


# -- in-process: pipe input, a captured screen ------------------------------------------------

NAMES = ["Ann", "Ben", "Cy"]


def _table(tmp_path: Path, seats: list[Seat], keys: str, *, game: Game | None = None, lang: str = "en",
           log: list[Event] | None = None) -> tuple[list[str], Path]:
    """Play at an 80×23 screen while ``keys`` are typed (their end quits); the screens and the save."""
    match = Match(Rules(len(seats)), games=1, seed=3, names=[s.name for s in seats])
    if game is not None:
        match.game = game
    saved = Saved(match=match, seats=seats, lang=lang, delay=0.0,
                  log=log if log is not None else [Event(START, match.game.turn, source="1")])
    path = tmp_path / "game.json"
    return screens_at_table(saved, path, keys), path


def _ann_plays_nines() -> Game:
    """Ann's turn: her two 9s abluxx the two 8s of Ben and of Cy; the pool is empty, so draws are forced."""
    return Game.from_json(make_doc(hands=["9 9 1 1", "2 3", "4 6"], names=NAMES,
                                   displays=[[], ["8 8"], ["8 8"]], deck="5 7 10 11"))


def test_hint_marks_the_game_assisted_on_the_table_and_in_the_save(tmp_path: Path) -> None:
    screens, path = _table(tmp_path, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")], "hint\r")
    ann = [s for s in screens if "Your hand (Ann)" in s]
    hinted = next(s for s in ann if "Hint:" in s)
    assert "assisted" not in ann[0].split("\n")[0]
    assert "assisted" in hinted.split("\n")[0]
    assert read_save(path).assisted


def test_hot_seat_undo_forgets_what_the_moves_taken_back_had_to_tell(tmp_path: Path) -> None:
    # Ann takes Ben's 8s (Ben's draws are forced, so no handover), then takes that back and leaves them.
    keys = "\r" + "99\r" + "t\r" + "undo\r" + "l\r" + "\r"
    screens, path = _table(tmp_path, [Seat("Ann"), Seat("Ben"), Seat("Cy", "easy")], keys,
                           game=_ann_plays_nines())
    deciding = [s for s in screens if "Your hand (Ann)" in s]
    assert any("Taken back: take" in s and "abluxxed Ben's two 8s: take them" in s for s in deciding)
    ben = next(s for s in screens if "Your hand (Ben)" in s)
    assert "took your" not in ben and "You drew" not in ben
    saved = read_save(path)
    assert saved.match.game.hand_sizes()[1] == 2 and [m.move for m in saved.transcript.moves] == ["play 9 9",
                                                                                                  "leave"]


def test_undo_that_cannot_replay_leaves_the_game_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> object:
        raise ValueError("a damaged transcript")

    # The undo replays the transcript to the position it goes back to: make that step fail.
    monkeypatch.setattr("abluxxen.table.table.taken_back", broken)
    screens, path = _table(tmp_path, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")],
                           "99\r" + "undo\r", game=_ann_plays_nines())
    assert "Undo failed: the game stays as it was." in screens[-1]
    saved = read_save(path)
    assert not saved.assisted and saved.transcript.moves[0].move == "play 9 9"
    assert saved.match.game.hand_sizes()[0] == 2 and saved.match.game.phase_name == "take"


def _long_game() -> tuple[Game, list[Event]]:
    """A game well under way (Ann to decide), and its log: far more than the table's panel holds,
    with deck draws by every seat."""
    game = Game.new(Rules(3), seed=4, names=NAMES)
    log = [Event(START, 0, source="1")]
    rng = random.Random(1)
    while True:
        legal = game.legal_moves()
        deck = {e.seat for e in log if e.kind == "draw" and e.source == "deck"}
        if game.to_move == 0 and len(legal) > 1 and len(deck) == 3 and len(narrate(log, 0, NAMES, Tr("en"))) > 14:
            return game, log
        log += game.push("draw deck" if "draw deck" in legal and rng.random() < 0.5 else rng.choice(legal))


def test_log_shows_the_whole_game_and_only_own_deck_draws(tmp_path: Path) -> None:
    game, log = _long_game()
    screens, _ = _table(tmp_path, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")], "log\r" + "\r" * 4,
                        game=game, log=log)
    table = next(s for s in screens if "Your hand (Ann)" in s)
    start = screens.index(next(s for s in screens if s.startswith("What happened in game 1")))
    end = next(i for i in range(start, len(screens)) if "ABLUXXEN" in screens[i])
    pages = "\n".join(screens[start:end])
    bullets = [line for line in pages.split("\n") if line.startswith("• ")]
    sentences = narrate(log, 0, NAMES, Tr("en"))
    assert len(bullets) == len(sentences) > table.count("• ") and bullets[0] == "• Game 1: Ann starts."
    assert "Game 1: Ann starts." not in table  # the panel has only the latest lines
    # What each seat's own eyes read differently: only Ann's may be on her page.
    flat = " ".join(pages.replace("• ", " ").split())
    mine, bens, cys = (set(narrate(log, seat, NAMES, Tr("en"))) for seat in range(3))
    assert mine - bens and all(" ".join(line.split()) in flat for line in mine - bens)
    assert bens - mine and not any(" ".join(line.split()) in flat for line in (bens | cys) - mine)


def test_undo_cannot_go_before_the_start_of_a_resumed_older_save(tmp_path: Path) -> None:
    game, log = _long_game()
    screens, path = _table(tmp_path, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")], "undo\r",
                           game=game, log=log)
    assert "Nothing to take back" in screens[-1]
    assert read_save(path).match.game.to_json() == game.to_json() and not read_save(path).assisted


def test_german_words_for_undo_and_log(tmp_path: Path) -> None:
    keys = "rückgängig\r" + "verlauf\r" + "\r" + "99\r" + "t\r" + "rückgängig\r"
    screens, path = _table(tmp_path, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")], keys,
                           game=_ann_plays_nines(), lang="de")
    assert "Nichts zurückzunehmen" in screens[1]
    assert any(s.startswith("Was in Partie 1 geschah") for s in screens)
    assert "Zurückgenommen: nimm" in screens[-1] and "mit Hilfe" in screens[-1].split("\n")[0]
    assert read_save(path).assisted
    # "zurück" stays the answer "back to the hand", never an undo.
    assert read_command("zurück") is None and read_command("rückgängig") == Command("undo")


def test_the_hard_bot_at_the_table_answers_a_position_the_same_way_every_time(tmp_path: Path) -> None:
    game = Game.new(Rules(3), seed=2, names=NAMES)
    view = game.view(0)
    first, second = (BotSeat("hard", seed=30).bot for _ in range(2))
    assert isinstance(first, HardBot) and isinstance(second, HardBot)
    assert first.choose(view) == second.choose(view)
    assert first.last_iterations == second.last_iterations > 0  # as much search, however busy the machine


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("undo (take back your last decision)", "log (the whole game so far)")),
    ("de", ("rückgängig (deine letzte Entscheidung zurücknehmen)", "verlauf (die ganze Partie bisher)")),
])
def test_the_help_page_and_the_table_name_undo_and_log(tmp_path: Path, lang: str, words: tuple[str, str]) -> None:
    screens, _ = _table(tmp_path, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")], "?\r\r\r\r",
                        game=_ann_plays_nines(), lang=lang)
    help_text = " ".join(" ".join(s for s in screens if "ABLUXXEN" not in s).split())
    assert all(w in help_text for w in words)
    table = next(s for s in screens if "ABLUXXEN" in s)
    assert ("rückgängig · verlauf" if lang == "de" else "undo · log") in table


def test_the_score_screen_says_the_game_was_assisted(tmp_path: Path) -> None:
    game = Game.from_json(make_doc(hands=["9 9", "2 3", "4 6"], names=NAMES, displays=[[], ["8 8"], []]))
    screens, path = _table(tmp_path, [Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")], "hint\r" + "99\r",
                           game=game)
    end = next(s for s in screens if "Game 1 over" in s)
    assert "Assisted game: a hint or an undo was used." in end
    with open_records() as records:
        recorded = records.last()
    assert recorded is not None and recorded.assisted
