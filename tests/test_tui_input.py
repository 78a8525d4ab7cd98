"""What a typed number or word means: a number is always a card value, never a pool slot.

Pool slots are letters on the table and at the prompt; a number outside 1 to
13 is no card (not two cards run together); a word that means nothing gets
the list of what can be typed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import Seated, make_doc, screens_at_table, seated

from abluxxen import Event, Game, IllegalMove, Rules, View
from abluxxen.engine.events import START
from abluxxen.engine.match import Match
from abluxxen.i18n.tr import Tr
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import read_save
from abluxxen.tui.drawing import render_table
from abluxxen.tui.notation import completions, read_typed, reads_as_move
from abluxxen.tui.prompting import toolbar

NAMES = ["Ann", "Ben", "Cy"]


def _single_draw(pool: str | list[str], **kwargs: object) -> Game:
    """Ann has played a lone 2 without abluxx: she may draw one card."""
    game = Game.from_json(make_doc(hands=["2 5 6", "1 3 4", "1 4 5"], names=NAMES, pool=pool, **kwargs))  # type: ignore[arg-type]
    game.push("play 2")
    assert game.phase_name == "single-draw"
    return game


def _run(tmp_path: Path, game: Game, keys: str, *, lang: str = "en") -> tuple[list[str], Path]:
    seats = [Seat("Ann"), Seat("Ben", "easy"), Seat("Cy", "easy")]
    match = Match(Rules(3), games=1, seed=3, names=NAMES)
    match.game = game
    saved = Saved(match=match, seats=seats, lang=lang, delay=0.0, log=[Event(START, 0, source="1")])
    return screens_at_table(saved, tmp_path / "g.json", keys), tmp_path / "g.json"


# -- point 4: a number at the draw prompt is a card value -----------------------------------


def test_typing_3_at_the_draw_prompt_draws_the_3_not_the_third_slot(tmp_path: Path) -> None:
    game = _single_draw("7 3 12 6 12 11")
    screens, path = _run(tmp_path, game, "3\r")
    drawn = [e for e in read_save(path).log if e.kind == "draw" and e.seat == 0]
    assert drawn and drawn[0].cards == (3,) and drawn[0].source == "pool"


@pytest.mark.parametrize("typed, move", [
    ("3", "draw 3"), ("7", "draw 7"), ("6", "draw 6"), ("12", "draw 12"), ("11", "draw 11"),
    ("a", "draw 7"), ("b", "draw 3"), ("f", "draw 11"), ("draw 3", "draw 3"), ("deck", "draw deck"),
])
def test_numbers_are_values_and_letters_are_slots(typed: str, move: str) -> None:
    view = _single_draw("7 3 12 6 12 11").view(0)
    assert read_typed(typed, view) == move


def test_a_value_the_pool_lacks_is_refused_not_taken_from_a_slot() -> None:
    view = _single_draw("7 3 12 6 12 11").view(0)
    for value in (1, 2, 4, 5):
        with pytest.raises(IllegalMove, match=f"there is no {value} in the pool"):
            read_typed(str(value), view)


def test_a_duel_group_is_named_by_its_letter_or_written_out() -> None:
    game = Game.from_json(make_doc(hands=["5 5", "6 6"], players=2, duel=True, names=["Ann", "Ben"],
                                   pool=["9", "4+13+X", "7", "8", "2", "3"],
                                   shadow="1 1 2 2 3 3 3 8 9 10 10 12 12"))
    game.push("play 5")
    view = game.view(0)
    assert read_typed("b", view) == read_typed("13+4+x", view) == "draw 4+13+X"
    assert read_typed("2", view) == "draw 2"
    with pytest.raises(IllegalMove, match=r"the 4 lies in the group 4\+13\+X: type b"):
        read_typed("4", view)


def test_the_pool_shows_cards_by_value_and_letters_only_in_the_duel(tmp_path: Path) -> None:
    screens, _ = _run(tmp_path, _single_draw("7 3 12 6 12 11"), "")
    table = next(s for s in screens if "no abluxx this turn" in s)
    pool = next(line for line in table.split("\n") if line.startswith("Pool"))
    assert pool.split()[1:] == ["7", "3", "12", "6", "12", "11"]  # drawn by value: letters would be noise
    assert not re.search(r"\d:", pool) and "slot" not in table
    duel = render_table(_duel_draw(), [], Tr("en"), height=23)
    pool = next(line.plain for line in duel.renderables if line.plain.startswith("Pool"))  # type: ignore[union-attr]
    assert pool.split()[1:] == ["a:9", "b:2+13", "c:7", "d:8", "e:4", "f:3"]  # a group is drawn by its letter


def test_the_moves_page_lists_draws_by_value() -> None:
    from abluxxen.tui.drawing import moves_page

    game = _single_draw("7 3 12 6 12 11")
    text = "\n".join(line.plain for line in moves_page(game.view(0), Tr("en")))
    assert re.search(r"draw 3\s+a 3 from the pool", text)
    assert "7 draws a 7" in text


# -- point 5: numbers that are no card, words that are no move -------------------------------


@pytest.mark.parametrize("typed", ["14", "0", "14 14", "20", "14*2", "0×3", "play 14"])
def test_a_number_outside_1_to_13_is_no_card(typed: str) -> None:
    view = Game.from_json(make_doc(hands=["1 4 5 7", "2", "3"], names=NAMES)).view(0)
    with pytest.raises(IllegalMove, match=r"is not a card: cards are 1 to 13 and X"):
        read_typed(typed, view)


@pytest.mark.parametrize("typed", ["14", "0", "99"])
def test_at_the_draw_prompt_too(typed: str) -> None:
    view = _single_draw("7 3 12 6 12 11").view(0)
    with pytest.raises(IllegalMove, match=rf"'{typed}' is not a card: cards are 1 to 13 and X"):
        read_typed(typed, view)


def test_an_unknown_word_gets_what_can_be_typed() -> None:
    tr = Tr("en")
    playing = Game.from_json(make_doc(hands=["1 4 5 7", "2", "3"], names=NAMES)).view(0)
    drawing = _single_draw("7 3 12 6 12 11").view(0)
    for view, moves in ((playing, "'7 7 x' or '77x'"), (drawing, "a card's value (7 draws a 7)")):
        for word in ("zz", "hello", "7y"):
            with pytest.raises(IllegalMove) as refused:
                read_typed(word, view)
            said = tr.reason(refused.value)
            assert "not a move here" in said and moves in said, said
            assert "? moves and symbols · hint · undo · log · rules TOPIC · quit" in said
            assert "cards are 1 to 13" not in said


@pytest.mark.parametrize("lang, card, unknown", [
    ("en", "✗ '14' is not a card: cards are 1 to 13 and X", "✗ 'zz' is not a move here."),
    ("de", "✗ '14' ist keine Karte: Karten sind 1 bis 13 und X", "✗ 'zz' ist hier kein Zug.")])
def test_the_player_sees_the_reasons_in_both_languages(lang: str, card: str, unknown: str) -> None:
    async def test(table: Seated) -> None:
        assert await table.type("14") == card
        assert await table.type("0") == card.replace("14", "0")
        assert (await table.type("14*2")).startswith(card[:4])
        said = await table.type("zz")
        assert said.startswith(unknown)
        assert ("verlauf · regeln THEMA · beenden" if lang == "de" else "log · rules TOPIC · quit") in said
        await table.type("5")
        assert [m.move for m in table.room.saved.transcript.moves][:1] == ["play 5"]

    seated(Game.from_json(make_doc(hands=["1 4 5 7", "2", "3"], names=NAMES)), test, lang=lang)


def test_a_long_hostile_word_is_quoted_short_and_printable() -> None:
    view = Game.from_json(make_doc(hands=["1 4 5 7", "2", "3"], names=NAMES)).view(0)
    with pytest.raises(IllegalMove) as refused:
        read_typed("zz\x1b[2J" + "q" * 200, view)
    said = Tr("en").reason(refused.value)
    assert "\x1b" not in said and "q" * 20 not in said


def test_the_toolbar_says_nothing_matches_in_german_too() -> None:
    view = Game.from_json(make_doc(hands=["1 4 5 7", "2", "3"], names=NAMES)).view(0)
    shown = {lang: "".join(part[1] for part in toolbar(view, Tr(lang), "zz", 80)) for lang in ("en", "de")}
    assert "(no legal move starts like that)" in shown["en"] and "(kein erlaubter Zug beginnt so)" in shown["de"]
    assert "Tab ▸ play 1" in "".join(part[1] for part in toolbar(view, Tr("en"), "", 80))


def test_tab_reads_a_number_at_the_draw_prompt_as_a_value_too() -> None:
    view = _single_draw("7 3 12 6 12 11").view(0)
    assert completions("3", view, Tr("en")) == ["draw 3"]
    assert completions("1", view, Tr("en")) == ["draw 12", "draw 11"]


# -- issue 20: German moves, and a duel draw named by one card of a group -------------------------


def _at(phase: str) -> Game:
    """Ann (2 5 6) plays into Ben's lone 1 so that every decision can be reached by its moves."""
    game = Game.from_json(make_doc(hands=["2 5 6", "1 3 4", "1 4 5"], names=NAMES, pool="7 3 12 6 12 11",
                                   displays=[[], ["1"], []]))
    steps = {"play": [], "take": ["play 2"], "back": ["play 2", "leave"], "draw": ["play 2", "take"]}
    for move in steps[phase]:
        game.push(move)
    return game


@pytest.mark.parametrize("phase, typed, move", [
    ("play", "spiele 5", "play 5"), ("play", "spielen 5", "play 5"), ("play", "lege 6", "play 6"),
    ("play", "legen 6", "play 6"), ("play", "Spiele 2", "play 2"),
    # The rulebooks' own words for laying cards out, the separable part at the end too ("leg 6 ab").
    ("play", "ablegen 6", "play 6"), ("play", "leg 6 ab", "play 6"), ("play", "ausspielen 5", "play 5"),
    ("play", "spiel 5 aus", "play 5"),
    ("take", "nimm", "take"), ("take", "nehmen", "take"), ("take", "lass", "leave"), ("take", "lassen", "leave"),
    ("back", "zurück", "back"), ("back", "abwerfen", "discard"), ("back", "wirf ab", "discard"),
    ("draw", "ziehe stapel", "draw deck"), ("draw", "zieh stapel", "draw deck"), ("draw", "ziehen stapel", "draw deck"),
    ("draw", "ziehe 7", "draw 7"), ("draw", "zieh 12", "draw 12"), ("draw", "ziehe b", "draw 3"),
])
def test_german_move_words_read_as_the_contract_moves(phase: str, typed: str, move: str) -> None:
    """Infinitive and imperative, in any language's game; the notation stays English."""
    view = _at(phase).view(_at(phase).to_move or 0)
    assert read_typed(typed, view) == move


def test_ablegen_is_a_play_not_a_discard() -> None:
    """A German player who follows the rulebook ("Karten offen vor sich ablegen") and types "ablegen" when asked
    back or discard is told what is asked, not made to discard."""
    with pytest.raises(IllegalMove) as refused:
        read_typed("ablegen 4", _at("back").view(1))
    assert Tr("de").reason(refused.value) == "Ben muss wählen: zurück auf die Hand oder abwerfen, nicht 'spiele 4'"
    assert reads_as_move("leg 7 7 ab") and reads_as_move("ablegen 7 7")


@pytest.mark.parametrize("typed", ["passe", "passen", "pass", "p"])
def test_passing_in_german(typed: str) -> None:
    assert read_typed(typed, _single_draw("7 3 12 6 12 11").view(0)) == "pass"


def test_a_german_word_for_another_decision_gets_the_engines_reason_in_german() -> None:
    with pytest.raises(IllegalMove) as refused:
        read_typed("nimm", _single_draw("7 3 12 6 12 11").view(0))
    assert Tr("de").reason(refused.value) == "Ann darf eine Karte ziehen oder passen, nicht 'nimm'"


def test_a_german_game_accepts_passe_and_spiele_at_the_table(tmp_path: Path) -> None:
    """At the real prompt: `spiele 2` plays, then `passe` passes (both were refused before)."""
    game = Game.from_json(make_doc(hands=["2 5 6", "1 3 4", "1 4 5"], names=NAMES, pool="7 3 12 6 12 11"))
    screens, path = _run(tmp_path, game, "spiele 2\rpasse\r", lang="de")
    mine = [e.kind for e in read_save(path).log if e.seat == 0 and e.kind in ("play", "pass", "draw")]
    assert mine[:2] == ["play", "pass"]
    assert not any("✗" in s for s in screens)


def test_the_moves_page_and_toolbar_speak_german_in_a_german_game() -> None:
    from abluxxen.tui.drawing import moves_page

    view = _single_draw("7 3 12 6 12 11").view(0)
    text = "\n".join(line.plain for line in moves_page(view, Tr("de")))
    assert re.search(r"^  ziehe 3\s+eine 3 aus dem Vorrat", text, re.MULTILINE)
    assert re.search(r"^  ziehe stapel\s", text, re.MULTILINE) and re.search(r"^  passe\s", text, re.MULTILINE)
    assert not re.search(r"^  (draw|pass)\b", text, re.MULTILINE)
    assert "passe (p)" in text and "'stapel'" in text
    de = Tr("de")
    assert completions("zie", view, de)[:2] == ["ziehe stapel", "ziehe 7"]
    assert all(read_typed(de.spoken(m), view) == m for m in view.legal_moves())
    assert completions("dra", view, Tr("en"))[:2] == ["draw deck", "draw 7"]


def _duel_draw() -> View:
    game = Game.from_json(make_doc(hands=["5 5", "6 6"], players=2, duel=True, names=["Ann", "Ben"],
                                   pool=["9", "2+13", "7", "8", "4", "3"],
                                   shadow="1 1 2 2 3 3 3 8 9 10 10 12 12"))
    game.push("play 5")
    return game.view(0)


@pytest.mark.parametrize("typed", ["draw 2", "ziehe 2", "2"])
def test_a_duel_draw_of_one_card_inside_a_group_says_how_to_draw_the_group(typed: str) -> None:
    """The 2 lies in the group 2+13: never "there is no 2 in the pool"."""
    with pytest.raises(IllegalMove) as refused:
        read_typed(typed, _duel_draw())
    assert str(refused.value) == "the 2 lies in the group 2+13: type b or 2+13 to draw the group"
    assert Tr("de").reason(refused.value) == ("die 2 liegt in der Gruppe 2+13: tippe b oder 2+13, um die Gruppe "
                                              "zu ziehen")
    assert read_typed("draw 2+13", _duel_draw()) == read_typed("ziehe b", _duel_draw()) == "draw 2+13"


def test_the_engine_says_where_a_grouped_card_lies() -> None:
    with pytest.raises(IllegalMove) as refused:
        _duel_draw().check("draw 13")
    assert refused.value.key == "in-group" and refused.value.params["group"] == [2, 13]
    assert "13 lies in the pool group 2+13" in str(refused.value) and "no 13" not in str(refused.value)
    assert Tr("de").reason(refused.value).startswith("die 13 liegt in der Gruppe 2+13 im Vorrat")
