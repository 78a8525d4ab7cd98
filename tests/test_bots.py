"""The built-in bots: legal, blind to hidden cards, reproducible, and sensible."""

from __future__ import annotations

import random

import pytest
from helpers import (
    ALL_RULES,
    ending_position,
    joker_fight_position,
    position,
    push_all,
    single_draw_position,
    take_position,
)

from abluxxen import Game, Rules
from abluxxen.bots import HardBot, hint, make_bot, parse_think, quick
from abluxxen.bots.ismcts import DEFAULT_THINK, Budget
from abluxxen.bots.subtrees import move_key
from abluxxen.engine.moves import DRAW_POOL_BASE, Move


def _positions(rules: Rules, seed: int):  # type: ignore[no-untyped-def]
    """Every position of a game played on by random legal moves."""
    game = Game.new(rules, seed=seed, first=seed % rules.players)
    rng = random.Random(seed)
    while not game.is_over:
        yield game
        game.push(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("rules", ALL_RULES, ids=repr)
def test_every_bot_plays_only_legal_moves(rules: Rules) -> None:
    easy = make_bot("easy", seed=1)
    normal = make_bot("normal", seed=2)
    hard = make_bot("hard", seed=3, think=12)
    checked = 0
    for seed in (11, 12):
        for i, game in enumerate(_positions(rules, seed)):
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            legal = game.legal_moves()
            assert easy.choose(view) in legal
            assert normal.choose(view) in legal
            if i % 37 == 5:
                assert hard.choose(view) in legal
            checked += 1
    assert checked > 100


def test_bots_refuse_a_view_with_no_decision() -> None:
    game = Game.new(Rules(4), seed=5)
    view = game.view(2)  # seat 0 starts
    for level in ("easy", "normal", "hard"):
        with pytest.raises(ValueError):
            make_bot(level, seed=1, think=5).choose(view)
    with pytest.raises(ValueError):
        hint(view)


@pytest.mark.parametrize("rules", [Rules(4), Rules(2), Rules(3, "expert")], ids=repr)
def test_bots_are_blind_to_hidden_cards(rules: Rules) -> None:
    """Two games that differ only in what the seat cannot see get the same move."""
    rng = random.Random(7)
    for seed in range(4):
        game = Game.new(rules, seed=seed)
        for _ in range(rng.randrange(0, 40)):
            if game.is_over:
                break
            game.push(rng.choice(game.legal_moves()))
        if game.is_over:
            continue
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        other = view.sample(random.Random(seed + 100), Game)
        assert other.hands != game.hands or other.deck != game.deck  # really other hidden cards
        assert other.view(seat) == view
        for level in ("easy", "normal", "hard"):
            a = make_bot(level, seed=9, think=10).choose(view)
            b = make_bot(level, seed=9, think=10).choose(other.view(seat))
            assert a == b, level


def test_hard_bot_is_reproducible_with_an_iteration_budget() -> None:
    game = Game.new(Rules(4), seed=21)
    view = game.view(0)
    moves = {HardBot(seed=4, think=30).choose(view) for _ in range(3)}
    assert len(moves) == 1
    assert moves.pop() in game.legal_moves()


def test_think_budget_is_seconds_or_iterations() -> None:
    assert parse_think("0.5s") == 0.5
    assert parse_think("0.25") == 0.25
    assert parse_think("200") == 200 and isinstance(parse_think("200"), int)
    for bad in ("fast", "-1", "0"):
        with pytest.raises(ValueError):
            parse_think(bad)
    with pytest.raises(ValueError):
        make_bot("hard", think=0)
    with pytest.raises(ValueError):
        make_bot("brilliant")


def test_pool_draws_mean_the_same_card_in_every_determinization() -> None:
    """The search keys a pool draw by its cards, not by the slot it lies in."""
    hands = ["2 3", "4 5", "6 7"]
    a = position(hands=hands, pool="9 8 1", deck="10 11 12", pending=None)
    b = position(hands=hands, pool="1 9 8", deck="10 11 12", pending=None)
    push_all(a, "play 2")
    push_all(b, "play 2")
    assert a.phase_name == b.phase_name == "single-draw"
    key_a = {a.action_text(c): move_key(a, c) for c in a.legal_actions()}
    key_b = {b.action_text(c): move_key(b, c) for c in b.legal_actions()}
    assert key_a == key_b
    assert len(set(key_a.values())) == len(key_a)
    assert a.action_of("draw 9") - DRAW_POOL_BASE != b.action_of("draw 9") - DRAW_POOL_BASE


# -- the normal bot plays like a good player ---------------------------------------

def test_normal_takes_abluxxed_cards_that_fit_the_hand() -> None:
    game = take_position("9 9 5 5 5 11 12 13 2 3 4")
    assert make_bot("normal", seed=1).choose(game.view(0)) == "take"


def test_normal_refuses_abluxxed_cards_that_do_not_fit() -> None:
    game = take_position("9 9 1 3 7 11 12 13 2 4 X")
    assert make_bot("normal", seed=1).choose(game.view(0)) == "leave"


def test_normal_stops_taking_cards_when_the_end_is_near() -> None:
    game = take_position("9 9 5 5 5 11 12 13 2 3 4", small_hand=True)
    assert make_bot("normal", seed=1).choose(game.view(0)) == "leave"


def test_normal_ends_the_game_when_it_wins_and_not_when_it_loses() -> None:
    ahead = ending_position(ahead=True)
    assert make_bot("normal", seed=1).choose(ahead.view(0)) == "play 7 7 7"
    behind = ending_position(ahead=False)
    move = make_bot("normal", seed=1).choose(behind.view(0))
    assert move in ("play 7", "play 7 7")


def test_normal_uses_a_joker_to_win_an_abluxx_fight() -> None:
    game = joker_fight_position()
    assert make_bot("normal", seed=1).choose(game.view(0)) == "play 10 10 X"


def test_normal_draws_the_pool_card_that_grows_a_set() -> None:
    game = single_draw_position()
    assert make_bot("normal", seed=1).choose(game.view(0)) == "draw 8"


def test_hint_names_a_legal_move_and_a_short_reason() -> None:
    for seed in range(6):
        game = Game.new(Rules(4), seed=seed)
        move, reason = hint(game.view(0))
        assert move in game.legal_moves()
        assert 1 <= len(str(reason).split()) <= 12


def test_easy_bot_does_not_break_up_its_sets() -> None:
    """A new player's opponent still plays all cards of a value together."""
    bot = make_bot("easy", seed=3)
    plays = 0
    for rules in (Rules(4), Rules(3, "advanced")):
        for seed in range(6):
            game = Game.new(rules, seed=seed)
            while not game.is_over:
                seat = game.to_move
                assert seat is not None
                move = bot.choose(game.view(seat))
                if game.phase_name == "play":
                    cards = Move.parse(move).cards
                    numbers = [c for c in cards if c != 14]
                    if numbers:
                        assert len(numbers) == game.hands[seat][numbers[0]], move
                    plays += 1
                game.push(move)
    assert plays > 100


def test_hard_bot_ends_the_game_when_that_wins_it() -> None:
    game = position(hands=["7 7 7", "1 2 3 4 5 9", "1 2 3 4 6 9"], displays=[["8 8"], ["9"], ["10"]],
                    pool="1 2 3 4 5 6")
    assert make_bot("hard", seed=2, think=24).choose(game.view(0)) == "play 7 7 7"


def test_hard_bot_without_a_budget_searches_the_default_budget_and_repeats_its_move() -> None:
    """``make_bot("hard")`` thinks :data:`DEFAULT_THINK`, the table's budget: a position always
    gets the same answer, whatever the machine's speed."""
    game = Game.new(Rules(4), seed=21)
    view = game.view(0)
    bot = make_bot("hard", seed=4)
    assert isinstance(bot, HardBot) and bot.think == DEFAULT_THINK and isinstance(bot.think, Budget)
    first = bot.choose(view)
    assert 0 < bot.last_iterations <= DEFAULT_THINK.iterations
    assert make_bot("hard", seed=4).choose(view) == first == HardBot(seed=4, think=DEFAULT_THINK).choose(view)


def test_a_budget_gives_a_game_for_two_its_duel_iterations_and_bigger_games_the_others() -> None:
    """A duel's iterations cost about half a four-player game's, so a :class:`Budget` counts them apart:
    decision for decision the same search as the plain iteration count for that many players."""
    budget = Budget(iterations=60, duel=120)
    checked = set()
    for players, seed in ((2, 3), (4, 3)):
        game = Game.new(Rules(players), seed=seed)
        normal = make_bot("normal", seed=1)
        while len(game.legal_actions()) < 4:
            game.push(normal.choose(game.view(_seat(game))))
        view = game.view(_seat(game))
        bot = HardBot(seed=6, think=budget)
        move = bot.choose(view)
        assert move == HardBot(seed=6, think=budget.iterations_for(players)).choose(view)
        checked.add(players)
        if players == 2:
            assert budget.iterations < bot.last_iterations <= budget.duel
    assert checked == {2, 4}


def test_without_the_compiled_search_a_budget_searches_its_python_share(monkeypatch: pytest.MonkeyPatch) -> None:
    """Installed with no C compiler, each iteration costs some twenty times as much: the bot searches
    the budget's share, answering about as fast, and makes the moves the compiled search makes at that
    many iterations."""
    game = Game.new(Rules(4), seed=21)
    view = game.view(0)
    budget = Budget(iterations=800, duel=1600, python_share=1 / 8)
    assert budget.iterations_for(4, compiled=False) == 100 and budget.iterations_for(2, compiled=False) == 200
    fast = HardBot(seed=4, think=100).choose(view)
    monkeypatch.setattr(quick, "compiled", None)
    bot = HardBot(seed=4, think=budget)
    assert bot.choose(view) == fast
    assert 0 < bot.last_iterations <= 100


def _seat(game: Game) -> int:
    seat = game.to_move
    assert seat is not None, "the game ended before the position looked for"
    return seat


def test_a_budget_refuses_numbers_that_make_no_search() -> None:
    for bad in ({"iterations": 0}, {"duel": -5}, {"iterations": 2.5}, {"duel": True}, {"python_share": 0},
                {"python_share": 1.5}):
        with pytest.raises(ValueError, match="budget"):
            Budget(**bad)


def test_hard_bot_deals_few_hidden_cards_of_the_value_an_opponent_just_played() -> None:
    """Whoever played a set of 9s most likely holds no other 9: the hard bot's deals say so."""
    game = position(hands=["2 3 4 5 6", "1 2 8 10 11 12", "1 3 8 10 11 12"], displays=[[], ["9 9"], ["13"]],
                    pool="1 2 3 4 5 6")
    view = game.view(0)
    bot = HardBot(seed=1, think=10)
    rng = random.Random(5)
    plain = sum(view.sample(rng).hands[1][9] for _ in range(400))
    inferred = sum(bot._deal(view, rng).hands[1][9] for _ in range(400))
    assert plain > 100  # two 9s unseen among many cards: seat 1 gets some in a uniform deal
    assert inferred < plain / 2
    # Seat 2's hidden 9s are not affected by seat 1's display.
    assert sum(bot._deal(view, rng).hands[2][9] for _ in range(400)) > plain / 2


def test_cards_the_hard_bot_keeps_from_a_seat_lie_anywhere_in_the_deck() -> None:
    """The 9s seat 2 is not dealt are not all put at the bottom of the deck (drawn last)."""
    game = position(hands=["2 3 4 5 6", "1 2 8 10 11 12", "1 3 4 5 6 7 8 10 11 12 13 13"],
                    displays=[[], ["13"], ["9 9"]], pool="1 2 3 4 5 6", deck="9 9 9 9 9 9 1 2 3 4 5 6 7 8",
                    rest="discard")
    view = game.view(0)
    bot = HardBot(seed=1, think=10)
    rng = random.Random(6)
    places = []
    for _ in range(300):
        deck = bot._deal(view, rng).deck
        places += [i / (len(deck) - 1) for i, card in enumerate(deck) if card == 9]
    assert 0.45 < sum(places) / len(places) < 0.55  # 0 is the bottom, 1 the top
