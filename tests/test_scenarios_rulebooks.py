"""Every worked example of the rulebooks, played through the engine.

Where a rulebook's figure is missing, the position is reconstructed to agree
with the text; the comments quote what the text says.
"""

from __future__ import annotations

from pathlib import Path

from helpers import deck_of, display_of, hand_of, kinds, pool_of, position, push_all

from abluxxen import Event, Game, Match, Outcome, Rules
from abluxxen.engine.cards import JOKER

NIKO, CARO, LISA, LOUIS = range(4)


def amigo_niko_turn() -> Game:
    """Amigo: Niko to play three 7s; Caro, Lisa and Louis sit clockwise after him."""
    return position(
        names=["Niko", "Caro", "Lisa", "Louis"], turn=NIKO,
        hands=["7 7 7 3 3 X 2 9", "13 4 6 8", "1 5 9", "2 6 11"],
        displays=[[], ["5 5"], ["2 2", "4 4 4"], ["13", "3 3 3"]],
        pool="1 6 8 10 11 12", deck="9 X 5 4",
    )


def test_amigo_niko_three_7s_not_caro_different_count() -> None:
    # "Niko's cards are higher than Caro's, but the number of cards is different."
    game = amigo_niko_turn()
    events = game.push("play 7 7 7")
    abluxxed = [e.other for e in events if e.kind == "abluxx"]
    assert abluxxed == [LISA], "Lisa is the first victim clockwise; Caro is skipped"
    assert game.to_move == NIKO and game.legal_moves() == ["take", "leave"]
    push_all(game, "leave", "back", "take", "draw 8", "draw 11", "draw deck")
    assert display_of(game, CARO) == [["5", "5"]]
    assert hand_of(game, CARO) == ["4", "6", "8", "13"]


def test_amigo_niko_three_7s_lisa_abluxxed_niko_leaves_lisa_takes_back() -> None:
    # "he doesn't want Lisa's cards. Lisa decides to take her cards back into her hand."
    game = amigo_niko_turn()
    game.push("play 7 7 7")
    game.push("leave")
    assert game.to_move == LISA and game.legal_moves() == ["back", "discard"]
    deck_before = deck_of(game)
    game.push("back")
    assert hand_of(game, LISA) == ["1", "4", "4", "4", "5", "9"]
    assert display_of(game, LISA) == [["2", "2"]]
    assert deck_of(game) == deck_before, "taking cards back costs no draw"
    # Next, Louis's turn as attacker's victim: Niko decides again.
    assert game.to_move == NIKO and game.legal_moves() == ["take", "leave"]


def test_amigo_niko_three_7s_takes_louis_3s_louis_draws_two_from_pool_one_from_deck() -> None:
    # "Niko decides to take Louis' cards ... Louis must now draw three cards. He takes two
    # cards from the pool and draws one more from the deck. Then, he refills the pool."
    game = amigo_niko_turn()
    push_all(game, "play 7 7 7", "leave", "back")
    game.push("take")
    assert hand_of(game, NIKO) == ["2", "3", "3", "3", "3", "3", "9", "X"]
    assert display_of(game, LOUIS) == [["13"]]
    assert game.to_move == LOUIS and game.phase_name == "draw"
    game.push("draw 8")
    assert pool_of(game) == ["1", "6", "10", "11", "12"], "no refill between draws"
    game.push("draw 11")
    assert pool_of(game) == ["1", "6", "10", "12"]
    events = game.push("draw deck")
    assert hand_of(game, LOUIS) == ["2", "6", "8", "9", "11", "11"]
    assert pool_of(game) == ["1", "6", "10", "12", "X", "5"], "refilled to six from the deck"
    assert deck_of(game)[0] == "4"
    assert kinds(events) == ["draw", "refill", "turn"]
    assert game.turn == CARO and game.phase_name == "play", "no single draw after a turn with abluxx"


def test_amigo_caro_one_13_no_abluxx_then_draws_the_joker_from_pool() -> None:
    game = amigo_niko_turn()
    push_all(game, "play 7 7 7", "leave", "back", "take", "draw 8", "draw 11", "draw deck")
    events = game.push("play 13")
    # Lisa: "higher value ... but their number is different"; Louis: "the value is equal,
    # not higher"; Niko: "the number of cards is different".
    assert "abluxx" not in kinds(events)
    assert display_of(game, LISA)[-1] == ["2", "2"]
    assert display_of(game, LOUIS) == [["13"]]
    assert display_of(game, NIKO) == [["7", "7", "7"]]
    assert game.to_move == CARO and game.phase_name == "single-draw"
    assert {"pass", "draw deck", "draw X"} <= set(game.legal_moves())
    deck_top = deck_of(game)[0]
    game.push("draw X")
    assert hand_of(game, CARO) == ["4", "6", "8", "X"]
    assert pool_of(game) == ["1", "6", "10", "12", "5", deck_top], "the pool is refilled afterwards"
    assert game.turn == LISA and game.phase_name == "play"


ANDI, BEN, CLAUDIA, DANIEL = range(4)
RAVENSBURGER = ["Andi", "Ben", "Claudia", "Daniel"]


def test_ravensburger_1a_one_of_two_7s_or_both_or_up_to_three_6s() -> None:
    # "Andi entscheidet sich, eine seiner beiden 7er auszulegen. Er hätte stattdessen auch
    # beide auslegen können oder z. B. bis zu drei 6er usw."
    game = position(names=RAVENSBURGER, variant="advanced",
                    hands=["6 6 6 7 7 10", "1", "1", "1"], pool="1 2 3 4 5 6")
    moves = game.legal_moves()
    assert {"play 7", "play 7 7", "play 6", "play 6 6", "play 6 6 6", "play 10"} == set(moves)
    game.push("play 7")
    assert display_of(game, ANDI) == [["7"]]
    assert hand_of(game, ANDI) == ["6", "6", "6", "7", "10"]


def test_ravensburger_1b_three_rounds_build_three_layers() -> None:
    # "Andi legt in der 1. Runde eine 7, 2. Runde drei 6er + Joker, 3. Runde zwei 12er."
    game = position(names=RAVENSBURGER, variant="advanced",
                    hands=["7 6 6 6 X 12 12 2", "1 1 5", "3 3 3 3 5", "4 4 4 4 4 4 5"],
                    pool="2 3 4 5 6 8")
    push_all(game, "play 7", "play 1", "play 3 3", "play 4 4 4",
             "play 6 6 6 X", "play 1", "play 3 3", "play 4 4 4", "play 12 12")
    assert display_of(game, ANDI) == [["7"], ["6", "6", "6", "X"], ["12", "12"]]
    assert game.view(BEN).top(ANDI) == (12, 12), "only the top layer can be abluxxed"
    assert game.scores()[ANDI] == 7 - 1


def ravensburger_2a() -> Game:
    """Andi about to play two 12s; Daniel's top two 9s cover a single 5."""
    return position(names=RAVENSBURGER, variant="advanced", turn=ANDI,
                    hands=["12 12 8", "13 4", "4 4", "6 6"],
                    displays=[[], ["12 12"], ["3 3 3"], ["5", "9 9"]],
                    pool="1 2 6 7 8 10", deck="11 10")


def test_ravensburger_2a_two_12s_compared_once_clockwise() -> None:
    game = ravensburger_2a()
    events = game.push("play 12 12")
    # Ben's two 12s are equal, Claudia has three cards: only Daniel is abluxxed.
    assert [(e.seat, e.other, e.cards) for e in events if e.kind == "abluxx"] == [(ANDI, DANIEL, (9, 9))]
    push_all(game, "take", "draw deck", "draw deck")
    assert hand_of(game, ANDI) == ["8", "9", "9"]
    assert hand_of(game, DANIEL) == ["6", "6", "10", "11"]
    assert display_of(game, DANIEL) == [["5"]], "the 5 is uncovered but not compared again"
    assert game.turn == BEN and game.phase_name == "play"


def test_ravensburger_2b_bens_13_abluxxes_daniels_uncovered_5() -> None:
    # "Nun ist Ben an der Reihe. Er spielt eine 13. Damit luxxt er die nun frei gewordene 5
    # von Daniel ab! Gegenüber Claudia und Andis Karten ist zwar die Zahl höher aber die
    # Anzahl nicht gleich → kein Abluxxen."
    game = ravensburger_2a()
    push_all(game, "play 12 12", "take", "draw deck", "draw deck")
    events = game.push("play 13")
    assert [(e.seat, e.other, e.cards) for e in events if e.kind == "abluxx"] == [(BEN, DANIEL, (5,))]
    push_all(game, "leave", "discard", "draw 1")
    assert display_of(game, DANIEL) == []
    assert display_of(game, CLAUDIA) == [["3", "3", "3"]]
    assert display_of(game, ANDI) == [["12", "12"]]
    assert game.turn == CLAUDIA


def test_ravensburger_two_jokers_abluxx_two_13s() -> None:
    # "Beispiel: Zwei Joker luxxen zwei 13er ab."
    game = position(names=RAVENSBURGER, variant="advanced",
                    hands=["X X 4", "5", "5", "5"], displays=[[], ["13 13"], [], []],
                    pool="1 2 3 4 5 6")
    events = game.push("play X X")
    assert [(e.other, e.cards) for e in events if e.kind == "abluxx"] == [(BEN, (13, 13))]
    game.push("take")
    assert hand_of(game, ANDI) == ["4", "13", "13"]


VRENELI, NESSI, UNGEHEUER = range(3)


def online_vreneli() -> Game:
    return position(names=["Vreneli", "Nessi", "Ungeheuer"],
                    hands=["7 7 7 11 11 11 11 12 12 12 12 2", "4", "4"],
                    displays=[[], ["5 5 5"], ["10 10 10 10"]], pool="1 2 3 4 5 6")


def test_online_vreneli_three_7s_abluxx_nessis_three_5s() -> None:
    # "Hier könnte Vreneli die drei 7er ausspielen und damit Nessi die drei 5er abluxxen."
    game = online_vreneli()
    events = game.push("play 7 7 7")
    assert [(e.other, e.cards) for e in events if e.kind == "abluxx"] == [(NESSI, (5, 5, 5))]
    assert game.view(VRENELI).stake() == (5, 5, 5)


def test_online_vreneli_four_11s_or_12s_abluxx_ungeheuers_four_10s_not_the_5s() -> None:
    # "Oder aber sie spielt die vier 11er oder 12er aus, um damit Ungeheuer die vier 10er
    # abzuluxxen. Die 5er kann sie damit aber nicht nehmen, weil das nur drei Karten sind."
    for value in ("11", "12"):
        game = online_vreneli()
        events = game.push(f"play {value} {value} {value} {value}")
        assert [(e.other, e.cards) for e in events if e.kind == "abluxx"] == [(UNGEHEUER, (10,) * 4)]
        push_all(game, "leave", "back")
        assert display_of(game, NESSI) == [["5", "5", "5"]]
        assert game.turn == NESSI


GALUPPY, NESSI_G, THIRD = range(3)


def online_galuppy() -> Game:
    """Galuppy to play three 9s against Nessi's three 5s."""
    return position(names=["Galuppy", "Nessi", "Vreneli"],
                    hands=["9 9 9 2", "8", "8"], displays=[[], ["5 5 5"], ["10 10 10"]],
                    pool="1 2 3 4 6 7", deck="11 12 13")


def test_online_galuppy_three_9s_take_nessi_draws_three() -> None:
    # "Nimmt sie die Karten selbst auf die Hand, muss Nessi drei Karten nachziehen.
    # Erst danach wird das Spiel fortgesetzt."
    game = online_galuppy()
    game.push("play 9 9 9")
    assert game.legal_moves() == ["take", "leave"]
    game.push("take")
    assert hand_of(game, GALUPPY) == ["2", "5", "5", "5"]
    assert game.to_move == NESSI_G and game.view(NESSI_G).draws_left == 3
    push_all(game, "draw deck", "draw 1")
    assert game.turn == GALUPPY and game.to_move == NESSI_G
    game.push("draw deck")
    assert hand_of(game, NESSI_G) == ["1", "8", "11", "12"]
    assert game.turn == NESSI_G and game.phase_name == "play"


def test_online_galuppy_three_9s_leave_nessi_takes_back() -> None:
    # "überlässt die Wahl dem geschädigten Spieler ... ob er die Karten wieder auf die Hand nehmen"
    game = online_galuppy()
    push_all(game, "play 9 9 9", "leave")
    assert game.to_move == NESSI_G and game.legal_moves() == ["back", "discard"]
    game.push("back")
    assert hand_of(game, NESSI_G) == ["5", "5", "5", "8"]
    assert hand_of(game, GALUPPY) == ["2"]
    assert display_of(game, NESSI_G) == []
    assert game.turn == NESSI_G and game.phase_name == "play"


def test_online_galuppy_three_9s_leave_nessi_discards_and_draws_three() -> None:
    # "oder sie lieber abwirft und dafür entsprechend viele Karten aus der Auslage oder vom
    # Nachziehstapel nimmt."
    game = online_galuppy()
    push_all(game, "play 9 9 9", "leave", "discard")
    assert game.to_json()["discard"] == ["5", "5", "5"]
    assert game.to_move == NESSI_G and game.view(NESSI_G).draws_left == 3
    push_all(game, "draw 7", "draw 6", "draw deck")
    assert hand_of(game, NESSI_G) == ["6", "7", "8", "11"]
    assert pool_of(game) == ["1", "2", "3", "4", "12", "13"]
    assert game.turn == NESSI_G


# -- our own rules pages: the worked examples of docs/rules.md, played through the engine --------

RULES_MD = " ".join((Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8").split())
ANN, BEN, CY, DEE = range(4)
FOUR = ["Ann", "Ben", "Cy", "Dee"]


def says(text: str) -> None:
    """The example is still written this way in docs/rules.md (so this test checks what readers read)."""
    assert " ".join(text.split()) in RULES_MD, text


def abluxxes(events: list[Event]) -> list[tuple[int | None, int | None, tuple[int, ...]]]:
    return [(e.seat, e.other, e.cards) for e in events if e.kind == "abluxx"]


def test_rules_md_jokers_example_lone_jokers_beat_13s_and_equal_jokers_stay() -> None:
    says("Ann's display is 4 4 under 13 13, and Dee's is empty. Ben plays 6 6 6 X, four 6s, and Cy's top layer "
         "5 5 5 5 is abluxxed. Next Cy plays X X, and Ann's top layer 13 13 is abluxxed, which uncovers her 4 4. "
         "Then Dee plays X X as well: Ann's 4 4, her top layer now, is abluxxed; Ben's 6 6 6 X has four cards, "
         "not two; and Cy's top layer X X is equal and stays.")
    game = position(names=FOUR, turn=BEN, hands=["1 2", "6 6 6 X 2", "X X 3", "X X 3"],
                    displays=[["4 4", "13 13"], [], ["5 5 5 5"], []], pool="1 2 3 4 5 6")
    assert abluxxes(game.push("play 6 6 6 X")) == [(BEN, CY, (5, 5, 5, 5))]
    push_all(game, "leave", "back")
    assert abluxxes(game.push("play X X")) == [(CY, ANN, (13, 13))]
    push_all(game, "leave", "back")
    assert display_of(game, ANN) == [["4", "4"]]
    events = game.push("play X X")
    assert abluxxes(events) == [(DEE, ANN, (4, 4))]
    assert display_of(game, CY) == [["X", "X"]] and display_of(game, BEN) == [["6", "6", "6", "X"]]


def test_rules_md_expert_example_1s_beat_13s_and_lone_jokers_and_fall_to_4s() -> None:
    says("Example (expert): Ben plays 1 1. Cy's top layer 13 13 is abluxxed, and so is Dee's X X, her only "
         "layer. Ann's top layer 1 1 is equal and stays. On her turn Cy plays 4 4: Dee's display is empty now, "
         "and Cy abluxxes Ann's 1 1 and then Ben's 1 1 in the ordinary way.")
    game = position(names=FOUR, turn=BEN, variant="expert", hands=["2 3", "1 1 2", "4 4 3", "5 6"],
                    displays=[["1 1"], [], ["13 13"], ["X X"]], pool="2 3 5 6 7 8")
    events = push_all(game, "play 1 1", "leave", "back", "leave", "back")
    assert abluxxes(events) == [(BEN, CY, (13, 13)), (BEN, DEE, (JOKER, JOKER))]
    assert display_of(game, ANN) == [["1", "1"]] and display_of(game, DEE) == []
    events = push_all(game, "play 4 4", "leave", "back", "leave", "back")
    assert abluxxes(events) == [(CY, ANN, (1, 1)), (CY, BEN, (1, 1))]


def test_rules_md_game_end_example_the_draw_ends_it_and_the_waiting_victim_keeps_her_layer() -> None:
    says("The deck is empty and the pool holds a 2 and a 6. Ann plays 9 9 9: Ben's top layer 5 5 5 and Cy's "
         "4 4 4 are abluxxed. Ann takes Ben's 5s, and Ben must draw 3. He takes the 2, then the 6: deck and pool "
         "are empty, the game ends, and the third draw is not made. Cy was still waiting for Ann's decision: her "
         "4 4 4 stays in her display and scores +3 for her.")
    game = position(names=FOUR, hands=["9 9 9 1", "1 3", "1 3", "1 3"],
                    displays=[[], ["5 5 5"], ["4 4 4"], []], pool="2 6", rest="discard")
    assert deck_of(game) == []
    assert abluxxes(game.push("play 9 9 9")) == [(ANN, BEN, (5, 5, 5))]
    push_all(game, "take", "draw 2", "draw 6")
    assert game.is_over and game.to_json()["over"]["reason"] == "exhausted"
    assert hand_of(game, BEN) == ["1", "2", "3", "6"], "two of the three draws were made"
    assert display_of(game, CY) == [["4", "4", "4"]]
    assert game.scores()[CY] == 3 - len(hand_of(game, CY))


def test_rules_md_known_cards_example_taken_and_pool_cards_are_known_deck_cards_not() -> None:
    says("Ann takes Ben's 5 5, and Ben draws 2 cards: the 12 from the pool and the top card of the deck. "
         "Everyone knows that Ann holds two 5s and Ben a 12; which card Ben drew from the deck only Ben knows. "
         "When Ann later plays one 5, only one 5 of her hand is still known.")
    game = position(names=FOUR, hands=["9 9 1", "10 2", "8 2", "7 2"], displays=[[], ["5 5"], [], []],
                    pool="1 3 4 6 12 13", deck="11")
    push_all(game, "play 9 9", "take", "draw 12", "draw deck")
    assert hand_of(game, BEN) == ["2", "10", "11", "12"]
    known = game.view(DEE).known
    assert known[ANN] == (5, 5) and known[BEN] == (12,)
    push_all(game, "play 10", "pass", "play 8", "pass", "play 7", "pass")  # nobody abluxxed on the way round
    assert abluxxes(game.push("play 5")) == []
    assert game.view(DEE).known[ANN] == (5,)


def test_rules_md_pool_example_a_lone_joker_ranks_above_13() -> None:
    says("the pool is X 12 2+13 7+13 9+13 11+13 when a 13 turns up for the shadow. The single cards are the "
         "joker and the 12; the joker ranks above 13, so the 13 goes onto the 12: X 12+13 2+13 7+13 9+13 11+13.")
    game = position(names=["Ann", "Ben"], hands=["8 8 1", "3 4"], displays=[[], []],
                    shadow="1 2 3 4 4 5 5 5 6 6 6 9 10", pool=["X", "12", "2+13", "7+13", "9+13", "11+13"],
                    deck="13 11 10")
    assert game.rules.is_duel
    game.push("play 8 8")  # the 4 4 is the only two-card shadow group below 8: shadowluxxed, shadow refilled
    assert pool_of(game) == ["X", "12+13", "2+13", "7+13", "9+13", "11+13"]


def test_rules_md_duel_with_the_advanced_variant_has_no_single_draw() -> None:
    says("Example (duel, advanced): Ann plays a 3. The shadow holds no single 1 or 2, and Ben's top layer is "
         "7 7: nobody is abluxxed, and Ann's turn ends without a draw.")
    game = position(names=["Ann", "Ben"], variant="advanced", hands=["3 5", "4"], displays=[[], ["7 7"]],
                    shadow="1 1 4 5 5 6 8 9 9 10 11 12 12", pool="2 3 4 5 6 7")
    assert game.rules.is_duel
    events = game.push("play 3")
    assert not [e for e in events if e.kind in ("abluxx", "shadow")]
    assert game.turn == BEN and game.phase_name == "play"


def ended(displays: list[int], hands: list[int], ender: int, *, tiebreak: str = "fewest-hand") -> Outcome:
    """The outcome the engine gives a game that ``ender`` ends by playing their last card, leaving these
    numbers of cards in each display and hand; first checked to be an end the rules allow."""
    players = len(hands)
    assert [seat for seat, cards in enumerate(hands) if cards == 0] == [ender], "only the ender's hand is empty"
    # Cards leave hands and displays only for the discard pile, and each is replaced by a draw then, so
    # before a game ends by an empty hand they never hold fewer than the 13 dealt to each player.
    assert sum(displays) + sum(hands) >= 13 * players
    values = iter([value for value in range(1, 14) for _ in range(8)])
    layers = [[str(next(values)) for _ in range(displays[s] - (s == ender))] for s in range(players)]
    held = [" ".join(str(next(values)) for _ in range(hands[s] or 1)) for s in range(players)]
    game = position(names=FOUR[:players], turn=ender, tiebreak=tiebreak, hands=held, displays=layers,
                    pool="X X X X X 13")
    game.push(f"play {held[ender]}")
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "hand-empty" and outcome.seat == ender
    assert list(outcome.hand_sizes) == hands
    return outcome


def test_rules_md_scoring_example_counts_cards_not_values() -> None:
    says("Example: Ann, Ben and Cy play, and Ben ends the game by playing his last card. Ann has 14 cards in her "
         "display and 3 in hand: 11 points. Ben has 9 and 0: 9 points. Cy has 12 and 5: 7 points. Ann wins.")
    outcome = ended([14, 9, 12], [3, 0, 5], BEN)
    assert outcome.scores == (11, 9, 7) and outcome.winners == (ANN,)


def test_rules_md_tie_break_example_goes_to_the_empty_hand_or_is_shared() -> None:
    says("Example: Dee ends the game by playing her last card. Ann has 12 cards in her display and 2 in hand, "
         "Dee has 10 and 0: both score 10, and Ben and Cy score less. With fewest-hand Dee wins, having no cards "
         "in hand. With shared, Ann and Dee both win.")
    for tiebreak, winners in (("fewest-hand", (DEE,)), ("shared", (ANN, DEE))):
        outcome = ended([12, 9, 8, 10], [2, 6, 7, 0], DEE, tiebreak=tiebreak)
        assert outcome.scores == (10, 3, 1, 10) and outcome.winners == winners


def test_rules_md_match_examples_start_rotates_and_a_tied_total_goes_to_fewer_hand_cards() -> None:
    says("Ann, Ben and Cy play a match of 3 games: Ann starts the first, Ben the second, Cy the third.")
    says("Ben ends the first game by playing his last card, Ann the second, Cy the third. Ann scores 11, 12 and "
         "3: 26 points in total, with 2, 0 and 6 cards left in hand, 8 in all. Ben scores 12, 7 and 7: 26 points "
         "too, with 0, 3 and 4 cards left in hand, 7 in all. Cy scores 6, 6 and 10: 22 points. With fewest-hand "
         "Ben wins the match, with 7 cards in hand against Ann's 8; with shared Ann and Ben both win.")
    says("Had they asked for `--first Cy`, Cy would start the first game and Dee the second.")
    match = Match(Rules(3), games=3, seed=5, names=["Ann", "Ben", "Cy"])
    starters = [match.game.turn]
    for _ in range(2):
        finish(match.game)
        starters.append(match.next_game().turn)
    assert starters == [ANN, BEN, CY]
    four = Match(Rules(4), games=2, seed=5, names=FOUR, first=CY)
    assert four.game.turn == CY
    finish(four.game)
    assert four.next_game().turn == DEE
    # Per game: the cards in each display and in each hand, and who played their last card.
    games = [([13, 12, 11], [2, 0, 5], BEN), ([12, 10, 10], [0, 3, 4], ANN), ([9, 11, 10], [6, 4, 0], CY)]
    for tiebreak, winners in (("fewest-hand", [BEN]), ("shared", [ANN, BEN])):
        match = Match(Rules(3, tiebreak=tiebreak), games=3, seed=5, names=["Ann", "Ben", "Cy"])
        match.results = [ended(displays, hands, ender, tiebreak=tiebreak) for displays, hands, ender in games]
        assert [o.scores for o in match.results] == [(11, 12, 6), (12, 7, 6), (3, 7, 10)]
        assert match.totals() == [26, 26, 22]
        assert match.winners() == winners


def finish(game: Game) -> None:
    """Play a game to its end with the first legal move each time."""
    while not game.is_over:
        game.push(game.legal_moves()[0])
