"""The ``?`` page: moves in their own column, whom each play abluxxes, and what the table's symbols mean."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import AtKeyboard, at_keyboard, make_doc, screens_at_table
from rich.cells import cell_len

from abluxxen import Event, Game, Rules
from abluxxen.engine.events import START
from abluxxen.engine.match import Match
from abluxxen.i18n.tr import Tr
from abluxxen.store.save_document import Saved, Seat

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
NAMES = ["Ann", "Ben", "Cy"]


def _ben_to_play() -> Game:
    """Ben's turn: Ann shows two 2s, Cy two 7s; Ben holds five 9s, a joker, two 5s."""
    return Game.from_json(make_doc(hands=["1 3", "5 5 9 9 9 9 9 X 3", "4 6"], names=NAMES, turn=1,
                                   displays=[["2 2"], [], ["7 7"]], pool="1 2 3 4 6 8"))


def _pages(tmp_path: Path, game: Game, keys: str, *, lang: str = "en", games: int = 1,
           size: tuple[int, int] = (80, 23)) -> list[str]:
    """What the screen shows, screen by screen, while Ben (the one human) types ``keys``."""
    seats = [Seat("Ann", "easy"), Seat("Ben"), Seat("Cy", "easy")]
    match = Match(Rules(3), games=games, seed=3, names=NAMES)
    match.game = game
    saved = Saved(match=match, seats=seats, lang=lang, delay=0.0, log=[Event(START, 1, source="1")])
    return screens_at_table(saved, tmp_path / "g.json", keys, size=size)


def _help_pages(screens: list[str], title: str) -> list[str]:
    start = next(i for i, s in enumerate(screens) if s.startswith(title))
    end = next(i for i in range(start, len(screens)) if "ABLUXXEN" in screens[i])
    return screens[start:end]


# -- point 6: the moves, each in its column, with whom it abluxxes ----------------------------


def test_long_moves_never_run_into_their_words(tmp_path: Path) -> None:
    pages = _help_pages(_pages(tmp_path, _ben_to_play(), "?\r\r\r"), "Your legal moves")
    text = "\n".join(pages)
    rows = [line for line in text.split("\n") if line.startswith("  play ")]
    assert len(rows) == len(_ben_to_play().legal_moves())
    for row in rows:
        move = next(m for m in sorted(_ben_to_play().legal_moves(), key=len, reverse=True) if row[2:].startswith(m))
        assert row[2 + len(move):][:1] in ("", " "), f"the words run into the move: {row!r}"
        assert cell_len(row) <= 80
    assert re.search(r"^  play 9 9 9 9 9 X\s+five 9s and a joker", text, re.MULTILINE)


def test_a_play_that_abluxxes_says_whom(tmp_path: Path) -> None:
    text = " ".join("\n".join(_help_pages(_pages(tmp_path, _ben_to_play(), "?\r\r\r"), "Your legal moves")).split())
    assert "play 5 5 two 5s: abluxxes Ann's two 2s" in text
    # Clockwise from Ben's left: Cy first, then Ann.
    assert "play 9 9 two 9s: abluxxes Cy's two 7s and Ann's two 2s" in text
    assert "play 5 a 5 onto your display" in text  # nobody shows a single card


def test_whom_a_play_abluxxes_in_german(tmp_path: Path) -> None:
    screens = _pages(tmp_path, _ben_to_play(), "?\r\r\r", lang="de")
    text = " ".join("\n".join(_help_pages(screens, "Deine erlaubten Züge")).split())
    assert "spiele 9 9 zwei 9er: luxxt Cy die zwei 7er und Ann die zwei 2er ab" in text


def test_the_duel_shadow_is_named_too() -> None:
    from abluxxen.tui.drawing import moves_page

    tr = Tr("en")
    one = Game.from_json(make_doc(hands=["5 5 8", "6 6"], players=2, duel=True, names=["Ann", "Ben"],
                                  pool="1 2 3 4 6 7", shadow="3 3 4 6 6 6 8 9 10 10 11 12 12"))
    text = " ".join(line.plain for line in moves_page(one.view(0), tr))
    assert "two 5s: abluxxes the shadow's two 3s" in text
    two = Game.from_json(make_doc(hands=["5 5 8", "6 6"], players=2, duel=True, names=["Ann", "Ben"],
                                  pool="1 2 3 4 6 7", shadow="3 3 4 4 6 6 6 9 10 10 11 12 12"))
    text = " ".join(" ".join(line.plain for line in moves_page(two.view(0), tr)).split())
    assert "two 5s: abluxxes a shadow group of your choice (3 3, 4 4)" in text
    assert "an 8 onto your display" in text


def test_a_play_of_the_last_cards_says_the_game_ends() -> None:
    from abluxxen.tui.drawing import moves_page

    game = Game.from_json(make_doc(hands=["9 9", "1 2", "3 4"], names=NAMES, displays=[[], ["2 2"], []]))
    text = " ".join(line.plain for line in moves_page(game.view(0), Tr("en")))
    assert "two 9s: your last cards, the game ends" in text


# -- point 8: the symbols explained -----------------------------------------------------------


@pytest.mark.parametrize("command", ["?", "help"])
def test_the_help_page_explains_the_tables_symbols(tmp_path: Path, command: str) -> None:
    screens = _pages(tmp_path, _ben_to_play(), f"{command}\r\r\r\r", games=2)
    table = next(s for s in screens if "Your hand (Ben)" in s)
    for symbol in ("▶", "🐾", "⚙", "[", "Σ"):
        assert symbol in table, f"{symbol} is not drawn on this table"
    text = "\n".join(_help_pages(screens, "Your legal moves"))
    for words in ("▶ decides now", "🐾 whose turn it is", "⚙ a bot, with its level",
                  "[7 7] top layer: the only one a set can abluxx",
                  "Σ points in the match so far", "pts = cards in display minus cards in hand"):
        assert words in text


def test_symbols_the_table_does_not_draw_are_not_explained(tmp_path: Path) -> None:
    game = _ben_to_play()
    seats = [Seat("Ann"), Seat("Ben"), Seat("Cy")]
    match = Match(Rules(3), games=1, seed=3, names=NAMES)
    match.game = game
    saved = Saved(match=match, seats=seats, lang="en", delay=0.0, log=[Event(START, 1, source="1")])
    text = "\n".join(screens_at_table(saved, tmp_path / "g.json", "\r?\r\r\r"))
    assert "▶ decides now" in text and "⚙" not in text and "Σ" not in text


def test_the_legend_in_german(tmp_path: Path) -> None:
    screens = _pages(tmp_path, _ben_to_play(), "hilfe\r\r\r\r", lang="de", games=2)
    text = "\n".join(_help_pages(screens, "Deine erlaubten Züge"))
    for words in ("▶ entscheidet jetzt", "🐾 ist am Zug", "⚙ ein Bot", "[7 7] oberste Lage",
                  "Σ Punkte der Serie bisher", "Pkt = Karten in der Auslage minus Karten auf der Hand"):
        assert words in text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("hand", ["5 5 9 9 9 9 9 X 3", "1 2 3 4 5 5 6 6 7 8 8 8 9 10 11 12 13 X X"])
def test_every_help_page_fits_80_by_23_and_the_legend_is_never_split(tmp_path: Path, lang: str,
                                                                     hand: str) -> None:
    game = Game.from_json(make_doc(hands=["1 3", hand, "4 6"], names=NAMES, turn=1,
                                   displays=[["2 2"], [], ["7 7"]], pool="1 2 3 4 6 8"))
    screens = _pages(tmp_path, game, "?\r\r\r\r\r\r", lang=lang, games=2)
    pages = _help_pages(screens, "Deine erlaubten Züge" if lang == "de" else "Your legal moves")
    legend = "Am Tisch" if lang == "de" else "On the table"
    for page in pages:
        lines = page.rstrip("\n").split("\n")
        # A screenful of the page, and the line that says how to page on under it.
        assert len(lines) <= 22 and max(cell_len(line) for line in lines) <= 80, page
    holding = [page for page in pages if legend in page]
    assert len(holding) == 1 and "Σ" in holding[0].split(legend)[1]


@pytest.mark.parametrize("lang, rows", [("en", [r"shadow 5\s+take the shadow's 5$",
                                                r"shadow 6\s+take the shadow's 6$"]),
                                        ("de", [r"schatten 5\s+nimm die 5 aus dem Schatten$",
                                                r"schatten 6\s+nimm die 6 aus dem Schatten$"])])
def test_the_shadow_choice_reads_as_grammar(lang: str, rows: list[str]) -> None:
    """Once "take the shadow's a 5" and "nimm die eine 5 aus dem Schatten"."""
    from abluxxen.tui.drawing import moves_page

    game = Game.from_json(make_doc(hands=["7 8", "6 6"], players=2, duel=True, names=["Ann", "Ben"],
                                   pool="1 2 3 4 6 7", shadow="5 6 9 9 9 10 10 11 11 12 12 3 3"))
    game.push("play 7")
    text = "\n".join(line.plain.rstrip() for line in moves_page(game.view(0), Tr(lang)))
    for row in rows:
        assert re.search(row, text, re.MULTILINE), text


@pytest.mark.parametrize("lang, command", [("en", "rules"), ("de", "regeln")])
def test_keys_typed_on_a_page_turn_or_close_it_and_never_wait_at_the_prompt(tmp_path: Path, lang: str,
                                                                           command: str) -> None:
    prompt = "Ann › "

    async def test(keyboard: AtKeyboard) -> None:
        screen = keyboard.screen
        await keyboard.until(prompt)
        keyboard.press(command + "\r")
        await keyboard.until(lambda _: screen.page is not None and len(screen.page) > 2 * 21)  # three pages or more
        keyboard.press(" ")
        await keyboard.until(lambda _: screen.page_at > 0)
        keyboard.press(command + "\r")  # typed as if at the prompt: the letters do nothing, Enter turns on
        await keyboard.until(lambda _: screen.page_at > 21)
        keyboard.press("q")
        shown = await keyboard.until(lambda _: screen.page is None)
        assert shown.endswith(prompt) and not screen.buffer.text, "keys typed on the page waited at the prompt"

    game = Game.from_json(make_doc(hands=["5 5 7", "1 2", "3 4"], names=["Ann", "Bix", "Cog"]))
    at_keyboard(game, test, lang=lang, path=tmp_path / "game.json")
