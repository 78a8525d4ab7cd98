"""Reading moves: shortcuts, completion, and asking again after bad input.

The table's screen runs in this process (``helpers.seated``): a line typed is what Enter does at its
prompt, so these tests need no terminal.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import AtKeyboard, Seated, at_keyboard, make_doc, play_keys, seated

from abluxxen import Game, IllegalMove
from abluxxen.engine.events import START, Event
from abluxxen.engine.match import Match
from abluxxen.i18n.tr import Tr
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import read_save
from abluxxen.tui import screen as screen_module
from abluxxen.tui.commands import Command, Desk, carry_out, read_command
from abluxxen.tui.drawing import explain_move
from abluxxen.tui.notation import completions, read_typed
from abluxxen.tui.prompting import toolbar

TR = Tr("en")


def _game(**kwargs: object) -> Game:
    kwargs.setdefault("names", ["Ann", "Ben", "Cy"])
    return Game.from_json(make_doc(**kwargs))  # type: ignore[arg-type]


@pytest.mark.parametrize("typed, move", [
    ("7 7 x", "play 7 7 X"), ("77x", "play 7 7 X"), ("X77", "play 7 7 X"), ("play 7 x 7", "play 7 7 X"),
    ("PLAY 7 7", "play 7 7"), ("7×2", "play 7 7"), ("7", "play 7"),
    ("1010", "play 10 10"), ("10 10 X", "play 10 10 X"), ("x", "play X"), ("xx", "play X X"),
    ("11", "play 11"),
])
def test_plays_in_every_spelling(typed: str, move: str) -> None:
    game = _game(hands=["7 7 10 10 11 X X", "1", "2"])
    assert read_typed(typed, game.view(0)) == move


def test_run_together_digits_read_as_the_legal_play() -> None:
    ones = _game(hands=["1 1 5", "2", "3"])
    assert read_typed("11", ones.view(0)) == "play 1 1"  # no 11 in hand: two 1s
    both = _game(hands=["1 1 1 1 11 11", "2", "3"])
    with pytest.raises(IllegalMove, match="ambiguous"):
        read_typed("1111", both.view(0))
    assert read_typed("1 1 1 1", both.view(0)) == "play 1 1 1 1"


@pytest.mark.parametrize("typed, move", [("t", "take"), ("T", "take"), ("l", "leave"), ("leave", "leave"),
                                         ("nehmen", "take"), ("lassen", "leave")])
def test_take_or_leave_shortcuts(typed: str, move: str) -> None:
    game = _game(hands=["9 9 2", "1 4", "5 5 7"], displays=[[], [], ["5 5"]])
    game.push("play 9 9")
    assert read_typed(typed, game.view(0)) == move


@pytest.mark.parametrize("typed, move", [("b", "back"), ("d", "discard"), ("D", "discard"), ("zurück", "back"),
                                         ("abwerfen", "discard")])
def test_back_or_discard_shortcuts(typed: str, move: str) -> None:
    game = _game(hands=["9 9 2", "1 4", "5 5 7"], displays=[[], [], ["5 5"]])
    game.push("play 9 9")
    game.push("leave")
    assert read_typed(typed, game.view(2)) == move


@pytest.mark.parametrize("typed, move", [
    ("deck", "draw deck"), ("4", "draw 4"), ("9", "draw 9"), ("2", "draw 2"), ("x+4+13", "draw 4+13+X"),
    ("c", "draw 4+13+X"), ("C", "draw 4+13+X"), ("b", "draw 9"), ("draw 9", "draw 9"),
    ("p", "pass"), ("Pass", "pass"), ("4+x+13", "draw 4+13+X"),
])
def test_draw_shortcuts_read_numbers_as_values_and_letters_as_slots(typed: str, move: str) -> None:
    game = _game(hands=["5 5", "6 6"], players=2, duel=True, pool=["4", "9", "4+13+X", "7", "8", "2"],
                 shadow="1 1 2 2 3 3 3 8 9 10 10 12 12", names=["Ann", "Ben"])
    game.push("play 5")  # no abluxx: the single draw of the base game
    assert game.phase_name == "single-draw"
    assert read_typed(typed, game.view(0)) == move


@pytest.mark.parametrize("typed, reason", [
    ("9", "you hold no 9"), ("7 7 7", "you hold only two 7s"), ("5 9", "one value"), ("zz", "not a move here"),
    ("take", "must play"), ("", "type a move"),
])
def test_wrong_input_gets_the_reason(typed: str, reason: str) -> None:
    game = _game(hands=["5 7 7", "1", "2"])
    with pytest.raises(IllegalMove, match=reason):
        read_typed(typed, game.view(0))


def test_a_value_or_slot_the_pool_lacks_is_refused() -> None:
    game = _game(hands=["5 5", "6", "7"], pool=["4", "9"])
    game.push("play 5")
    with pytest.raises(IllegalMove, match="there is no 5 in the pool"):
        read_typed("5", game.view(0))
    with pytest.raises(IllegalMove, match="the pool has no slot e: its slots are a to b"):
        read_typed("e", game.view(0))


def test_commands_are_recognised() -> None:
    assert read_command("?") == Command("?")
    assert read_command("rules Joker abluxx") == Command("rules", ("Joker", "abluxx"))
    assert read_command("hint") == Command("hint")
    assert read_command("quit") == Command("quit")
    assert read_command("7 7") is None


def test_completion_offers_only_legal_moves_with_an_explanation() -> None:
    view = _game(hands=["5 5 7 X", "1", "2"]).view(0)
    assert completions("play 5", view, TR) == ["play 5", "play 5 X", "play 5 5", "play 5 5 X"]
    assert "two 5s and a joker" in explain_move("play 5 5 X", view, TR)
    assert completions("7", view, TR) == ["play 7", "play 7 X"]
    assert completions("play 9", view, TR) == []


def _played(table: Seated) -> list[str]:
    return [m.move for m in table.room.saved.transcript.moves if m.seat == 0]


def test_tab_fills_in_the_next_legal_move() -> None:
    async def test(table: Seated) -> None:
        await table.asked()
        table.screen.buffer.text = "pl"
        table.screen._complete()
        assert table.screen.buffer.text == "play 5"
        table.screen._complete()  # again: the one after
        assert table.screen.buffer.text == "play 5 5"
        await table.type(table.screen.buffer.text)
        assert _played(table) == ["play 5 5"]

    seated(_game(hands=["5 5 7", "1", "2"]), test)


def test_the_line_under_the_prompt_says_how_a_shortcut_that_can_mean_two_things_is_read() -> None:
    ones = _game(hands=["1 1 5", "2", "3"]).view(0)
    eleven = _game(hands=["1 1 11", "2", "3"]).view(0)
    assert toolbar(ones, TR, "11", 80)[0][1].strip() == "→ play 1 1"  # no 11 in hand: two 1s
    assert toolbar(eleven, TR, "11", 80)[0][1].strip() == "→ play 11"
    assert toolbar(eleven, Tr("de"), "11", 80)[0][1].strip() == "→ spiele 11"
    assert "Tab ▸" in "".join(part[1] for part in toolbar(eleven, TR, "1", 80))  # a start: what it may become


def test_bad_input_is_explained_then_the_same_question_comes_again() -> None:
    async def test(table: Seated) -> None:
        assert await table.type("9") == "✗ you hold no 9"
        said = await table.type("5 9")
        assert "one value" in said and said.startswith("✗")
        await table.type("?")
        assert table.screen.page is not None and "Your legal moves" in table.screen.page
        table.screen._close_page()
        assert table.game.view(0).hand == (5, 5, 7)  # asking never changes the game
        await table.type("55")
        assert _played(table) == ["play 5 5"]

    seated(_game(hands=["5 5 7", "1", "2"]), test)


def test_ctrl_c_asks_whether_to_leave_and_ctrl_d_too() -> None:
    async def test(table: Seated) -> None:
        await table.asked()
        table.screen.interrupted()
        assert table.screen.question is not None and table.screen.question.prompt.startswith("Quit?")
        await table.type("n")
        assert table.screen.question is None and table.screen.deciding_view() is not None  # the move is asked again
        table.screen.quit()
        await table.type("y")
        assert table.screen.goodbye and table.screen.status == 0

    seated(_game(hands=["5 5 7", "1", "2"]), test)


PEOPLE = [Seat("Ann"), Seat("Ben"), Seat("Cy")]


def _no_hand(screen: str) -> bool:
    return "Your hand" not in screen and "Deine Hand" not in screen


@pytest.mark.parametrize("keys", ["\x03", "q\r", "quit\r"])
def test_quit_asked_on_a_handover_cover_is_asked_there_and_the_cover_stays(tmp_path: Path, keys: str) -> None:
    async def test(keyboard: AtKeyboard) -> None:
        await keyboard.until("Pass to Ann — press Enter")
        keyboard.press(keys)
        screen = await keyboard.until("Quit? The game is saved")
        assert "Pass to Ann" in screen and _no_hand(screen)
        keyboard.press("n\r")
        screen = await keyboard.until(lambda screen: "Quit?" not in screen)
        assert "Pass to Ann" in screen and _no_hand(screen)  # nobody's hand: Ann has not taken the keyboard
        keyboard.press("\r")
        screen = await keyboard.until("Your hand (Ann)")
        assert "Quit?" not in screen  # the question was answered on the cover, not left for Ann's table

    at_keyboard(_game(hands=["5 5 7", "1 2", "3 4"]), test, seats=PEOPLE, path=tmp_path / "game.json")


@pytest.mark.parametrize("again, status", [("\x03", 130), ("\x04", 0)])
def test_ctrl_c_or_ctrl_d_at_the_quit_question_leaves_and_the_game_is_saved(tmp_path: Path, again: str,
                                                                          status: int) -> None:
    path = tmp_path / "game.json"

    async def test(keyboard: AtKeyboard) -> None:
        await keyboard.until("Ann › ")
        keyboard.press("\x03")
        await keyboard.until("Quit? The game is saved")
        keyboard.press(again)
        assert await keyboard.status() == status

    at_keyboard(_game(hands=["5 5 7", "1 2", "3 4"]), test, path=path)
    assert not read_save(path).finished  # `abluxxen resume` continues it


def test_ctrl_c_on_a_page_asks_in_sight(tmp_path: Path) -> None:
    async def test(keyboard: AtKeyboard) -> None:
        await keyboard.until("Ann › ")
        keyboard.press("rules\r")
        await keyboard.until(lambda _: keyboard.screen.page is not None)
        keyboard.press("\x03")
        screen = await keyboard.until("Quit? The game is saved")  # the page is closed: the question shows
        assert keyboard.screen.page is None and "Your hand (Ann)" in screen
        keyboard.press("n\r")
        await keyboard.until(lambda screen: screen.rstrip().endswith("Ann ›"))

    at_keyboard(_game(hands=["5 5 7", "1 2", "3 4"]), test, path=tmp_path / "game.json")


@pytest.mark.parametrize("lang, asked, over", [
    ("en", "Play again? [y/N]", "Quit? The game is over and recorded; there is nothing to resume. [y/N]"),
    ("de", "Noch einmal? [j/N]", "Beenden? Die Partie ist zu Ende und aufgezeichnet: nichts fortzusetzen. [j/N]")])
def test_ctrl_c_at_play_again_says_the_game_is_over_not_that_it_can_be_resumed(tmp_path: Path, lang: str,
                                                                             asked: str, over: str) -> None:
    async def test(keyboard: AtKeyboard) -> None:
        await keyboard.until(" › ")
        keyboard.press("77\r")  # the last move
        await keyboard.until(asked)
        keyboard.press("\x03")
        screen = await keyboard.until(over)
        assert "abluxxen resume" not in screen
        keyboard.press("n\r")  # not yet: the question before comes back
        await keyboard.until(lambda screen: screen.rstrip().endswith(asked.rstrip()))
        keyboard.press("\x03\x03")
        assert await keyboard.status() == 130

    at_keyboard(_game(hands=["7 7", "1 2", "3 4"], displays=[["8"], ["9"], []]), test, lang=lang,
                path=tmp_path / "game.json")


def test_refusals_are_explained_in_german_too() -> None:
    async def test(table: Seated) -> None:
        assert await table.type("7 7 7") == "✗ du hast nur zwei 7er"
        assert await table.type("9") == "✗ du hast keine 9"
        assert (await table.type("zz")).startswith("✗ 'zz' ist hier kein Zug. Züge: '7 7 x', '77x' oder 'spiele 7 7 x'")
        await table.type("77")
        assert _played(table) == ["play 7 7"]

    seated(_game(hands=["5 7 7", "1", "2"]), test, lang="de")


@pytest.mark.parametrize("duel, lang, said", [
    (False, "en", "✗ you draw one card, not a group: groups lie in the pool only in the duel"),
    (False, "de", "✗ du ziehst eine Karte, keine Gruppe: Gruppen liegen nur im Duell im Vorrat"),
    (True, "en", "✗ there is no group 8+8 in the pool"),
    (True, "de", "✗ im Vorrat liegt keine Gruppe 8+8")])
def test_two_cards_typed_at_a_draw_are_answered_in_the_words_of_the_game_played(duel: bool, lang: str,
                                                                                said: str) -> None:
    """Outside the duel the pool holds single cards: ``8 8`` at a draw is told that one card is drawn at a
    time, not the duel's words about a group that is not there; the same draw is then taken."""
    names = ["Ann", "Ben"] if duel else ["Ann", "Ben", "Cy"]
    hands = ["8 8 2 4 6", "1 3 5 7 9"] + ([] if duel else ["1 3 5 7 10"])
    game = Game.from_json(make_doc(hands=hands, names=names, duel=duel, displays=[[] for _ in names],
                                   pool="1 3 8 10 12 13"))
    game.push("play 2")
    assert game.phase_name == "single-draw"

    async def test(table: Seated) -> None:
        assert await table.type("8 8") == said
        await table.type("8")
        assert _played(table)[-1:] == ["draw 8"]

    seated(game, test, lang=lang)


def test_every_text_exists_in_both_languages_with_the_same_fields() -> None:
    import string

    from abluxxen.i18n.tr import TEXTS

    for key, (english, german) in TEXTS.items():
        assert english.strip() and german.strip(), key
        fields = [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in (english, german)]
        assert fields[1] <= fields[0] | {"owned"}, key


def _faulty_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Answering ``log`` fails: a fault of the program that a line meets."""
    def faulty(at: Desk, command: Command) -> None:
        if command.name == "log":
            raise RuntimeError("a fault answering log")
        carry_out(at, command)
    monkeypatch.setattr(screen_module, "carry_out", faulty)


@pytest.mark.parametrize("lang, told", [
    ("en", "✗ That line met a fault in the program (it is logged); nothing else is lost."),
    ("de", "✗ Programmfehler bei dieser Zeile (protokolliert); sonst geht nichts verloren.")])
def test_a_line_that_meets_a_fault_at_the_hot_seat_is_told_in_one_line_and_written_out_after_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str,
        told: str) -> None:
    _faulty_log(monkeypatch)
    path = tmp_path / "game.json"

    async def test(keyboard: AtKeyboard) -> None:
        await keyboard.until("› ")
        keyboard.press("log\r")
        await keyboard.until(told)
        assert "Traceback" not in capsys.readouterr().err  # never over the game's screen
        keyboard.press("7\r")  # the game goes on: her move is made
        await keyboard.until(lambda _: len(keyboard.room.saved.transcript.moves) == 1)
        keyboard.press("\x03")
        await keyboard.until("[")  # Quit? … [y/N]
        keyboard.press("\x04")  # leave, the game saved
        assert await keyboard.status() == 0

    at_keyboard(_game(hands=["5 5 7", "1 2", "3 4"]), test, lang=lang, path=path)
    err = capsys.readouterr().err
    header = {"en": "abluxxen: a program fault during the game (it went on); to report it:",
              "de": "abluxxen: ein Programmfehler in der Partie (sie ging weiter); zum Melden:"}[lang]
    assert err.startswith(header + "\n"), err
    assert "RuntimeError: a fault answering log" in err
    assert len(read_save(path).transcript.moves) >= 1


def test_a_line_that_meets_a_fault_in_a_pipe_is_told_and_the_next_line_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A pipe's lines are answered by the same screen: a fault there ended the program, traceback and all.
    _faulty_log(monkeypatch)
    path = tmp_path / "game.json"
    game = _game(hands=["5 5 7", "1 2", "3 4"])
    match = Match(game.rules, games=1, seed=3, names=list(game.names))
    match.game = game
    saved = Saved(match=match, seats=[Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")], delay=0.0,
                  log=[Event(START, game.turn, source="1")])
    status, pictures = play_keys(saved, path, "log\r7\r")
    assert status == 0
    assert any("✗ That line met a fault in the program" in picture for picture in pictures)
    assert len(read_save(path).transcript.moves) >= 1  # the line after it was a move, and made
    assert "RuntimeError: a fault answering log" in capsys.readouterr().err
