"""The benchmarks measure what they say on this checkout."""

from __future__ import annotations

import asyncio
import importlib.util
import io
import json
import math
import random
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pexpect
import pytest
from helpers import bots_play, ending_position, joker_fight_position, pair_take_position, position
from rich.console import Console

from abluxxen import Game, Match, Rules
from abluxxen.engine.view import View
from abluxxen.i18n.tr import Tr
from abluxxen.store.records import record_finished
from abluxxen.store.save_document import Saved, Seat
from abluxxen.store.saves import read_save
from abluxxen.tui.drawing import render_table

ROOT = Path(__file__).resolve().parent.parent


def _versus() -> ModuleType:
    spec = importlib.util.spec_from_file_location("versus", ROOT / "benchmarks" / "versus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_hard_benchmark_finds_play_positions_and_reports_the_moves() -> None:
    # The script picks play positions by the phase's name; it once read
    # str() of the Phase enum (a number), found none and never finished.
    versus = _versus()
    worker = versus.Worker(ROOT, positions=2)
    try:
        worker.ready()
        moves = [worker.ask("hard", i)[1] for i in range(2)]
        seconds, played = worker.ask("random", 0, 2)
    finally:
        worker.close()
    assert all(move.startswith("play ") for move in moves)
    assert seconds > 0 and played > 50  # two whole games, each dozens of moves


def test_both_sides_of_a_round_play_the_same_positions_and_games() -> None:
    # Taking turns is only fair if both sides answer the same questions: the
    # same checkout on both sides must give the same moves.
    versus = _versus()
    hard, rate, same = versus.one_round({"old": ROOT, "new": ROOT}, 0, positions=2, games=2, chunk=1)
    assert same
    assert set(hard) == set(rate) == {"old", "new"}
    assert all(seconds > 0 for seconds in hard.values())


def _module(name: str) -> ModuleType:
    # As when the script runs: its folder comes first on the path, so it finds its sibling modules.
    if str(ROOT / "benchmarks") not in sys.path:
        sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an import would: dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_strength_pairs_wins_and_margins_game_by_game() -> None:
    strength = _module("strength")
    ours = {0: {"shares": [1.0, 0.0, 0.0], "scores": [9, 4, 7]}, 1: {"shares": [0.5, 0.5, 0.0], "scores": [3, 3, 1]},
            2: {"shares": [1.0, 0.0, 0.0], "scores": [5, 0, 0]}}
    theirs = {0: {"shares": [0.0, 1.0, 0.0], "scores": [2, 6, 1]}, 1: {"shares": [0.0, 1.0, 0.0], "scores": [1, 4, 0]}}
    n, mean, half = strength.paired(ours, theirs)
    assert n == 2 and mean == (1.0 + 0.5) / 2 and half > 0  # game 2 is in one log only
    # Margins: game 0 is +2 here and -4 there, game 1 is 0 here and -3 there.
    n, mean, half = strength.paired(ours, theirs, by_margin=True)
    assert n == 2 and mean == (6 + 3) / 2 and half > 0


def _paired_games(rng: random.Random, points: float, games: int) -> list[float]:
    """Paired win-share differences of a change worth ``points`` in a four-player game (the base
    wins about half its games; the change plays a game differently three times in ten)."""
    diffs = []
    for _ in range(games):
        base = rng.random() < 0.5
        ours = rng.random() < 0.5 + points / 30 if rng.random() < 0.3 else base
        diffs.append(float(ours) - float(base))
    return diffs


def _decided(test: Any, diffs: list[float]) -> tuple[str | None, int]:
    """The test's verdict game by game: the first one reached, and after how many games."""
    for n in range(1, len(diffs) + 1):
        verdict = test.verdict(diffs[:n])
        if verdict is not None:
            return verdict, n
    return None, len(diffs)


def test_the_sequential_test_rejects_a_losing_change_early_and_accepts_a_winning_one() -> None:
    strength = _module("strength")
    test = strength.Sequential(0.0, 4.0)
    low, high = test.bounds
    assert low < 0 < high
    outcomes = {points: [_decided(test, _paired_games(random.Random(seed), points, 3000)) for seed in range(20)]
                for points in (-4.0, 10.0)}
    # A change that loses 4 points is rejected, in fewer games than a fixed run of 1,000.
    assert all(verdict == "rejected" for verdict, _ in outcomes[-4.0])
    assert sorted(n for _, n in outcomes[-4.0])[10] < 1000
    # One that wins 10 is accepted.
    assert all(verdict == "accepted" for verdict, _ in outcomes[10.0])
    # A handful of games tells nothing, however lopsided.
    assert test.verdict([1.0, 0.0] * 9) is None


def test_a_run_with_a_sequential_test_stops_once_it_is_told(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    strength = _module("strength")
    ours, theirs = tmp_path / "ours.jsonl", tmp_path / "theirs.jsonl"
    # The other run won every game; this one won every third: told, so no game more is played.
    ours.write_text("".join(json.dumps({"index": i, "shares": [float(i % 3 == 0), float(i % 3 != 0)],
                                        "scores": [1, 0], "times": [[], []]}) + "\n" for i in range(120)))
    theirs.write_text("".join(json.dumps({"index": i, "shares": [1.0, 0.0], "scores": [1, 0], "times": [[], []]})
                              + "\n" for i in range(200)))
    run = ["--seats", "easy,normal", "--games", "200", "--seed", "3", "--log", str(ours), "--paired", str(theirs)]
    assert strength.main([*run, "--sprt", "0,4"]) == 0
    assert len(ours.read_text().splitlines()) == 120
    assert "+0 points or less" in capsys.readouterr().out
    # A shard reading the log while another writes a game sees only the whole lines.
    with ours.open("a") as log:
        log.write('{"index": 120, "shares": [1.0,')
    assert sorted(strength.load(ours)) == list(range(120))
    with pytest.raises(SystemExit):
        strength.main([*run[:-2], "--sprt", "0,4"])  # no run to compare with
    with pytest.raises(SystemExit):
        strength.main([*run, "--sprt", "4,0"])


def test_a_paired_summary_reads_at_80_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    strength = _module("strength")
    ours, theirs = tmp_path / "ours.jsonl", tmp_path / "b2k.jsonl"
    # The hard bot won every game here and every other one there, taking 0.05 s a decision.
    ours.write_text("".join(json.dumps({"index": i, "shares": [1.0, 0.0, 0.0, 0.0], "scores": [9, 1, 2, 3],
                                        "times": [[0.05] * 3, [], [], []]}) + "\n" for i in range(120)))
    theirs.write_text("".join(json.dumps({"index": i, "shares": [float(i % 2), 1.0 - i % 2, 0.0, 0.0],
                                          "scores": [5, 4, 2, 3], "times": [[0.05] * 3, [], [], []]}) + "\n"
                              for i in range(120)))
    assert strength.main(["--seats", "hard,normal,normal,normal", "--log", str(ours), "--paired", str(theirs),
                          "--sprt", "0,4", "--summary"]) == 0
    out = capsys.readouterr().out
    assert max(map(len, out.splitlines())) <= 80, out
    assert "decision median 0.050 s" in out
    assert "wins +50.0 points" in out
    assert "margin over the best other bot +5.00" in out


def test_spsa_moves_the_rollout_weights_toward_what_wins_and_resumes_its_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    spsa = _module("spsa")
    best = {"hurt": 1.2, "take_back": 0.8, "joker_cost": 2.0, "take_cost": 0.5, "take_bonus": 0.3}

    def games(levels: list[str], seed: int, indices: list[int], think: int,
              weights: tuple[float, ...]) -> list[float]:
        # A stand-in for the hard bot's games: it wins more the nearer its weights are to `best`, with noise.
        tried = spsa.quick.Weights(*weights)
        loss = sum(((getattr(tried, name) - value) / spsa.SCALES[name]) ** 2 for name, value in best.items())
        return [0.5 - 0.05 * loss + random.Random(i).gauss(0, 0.05) for i in indices]

    monkeypatch.setattr(spsa, "_batch", games)
    log = tmp_path / "spsa.jsonl"
    run = ["--seats", "hard,normal,normal,normal", "--batch", "4", "--jobs", "1", "--log", str(log)]
    assert spsa.main([*run, "--steps", "30"]) == 0
    assert len(log.read_text().splitlines()) == 30
    # The same command with more steps goes on from the 30 in the log, not from the start.
    assert spsa.main([*run, "--steps", "200", "--average", "50"]) == 0
    assert len(log.read_text().splitlines()) == 200
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [line["step"] for line in lines] == list(range(200))
    out = capsys.readouterr().out
    reached = out.split("the last 50 steps averaged:")[-1]
    hurt = float(reached.split("hurt=")[1].split(",")[0])
    take_cost = float(reached.split("take_cost=")[1].split(",")[0])
    # From the shipped 0.6 and 1.0 toward the best 1.2 and 0.5; the duel's shadow weight is not tuned here.
    assert abs(hurt - 1.2) < 0.25 and abs(take_cost - 0.5) < 0.15
    assert "shadow=0.5" in reached and "200 steps, 1600 games" in out
    # Raising hurt (below its best all along) won more than lowering it; the weight at its best shows no slope.
    assert float(reached.split("hurt: raised minus lowered ")[1].split()[0]) > 0.005
    assert abs(float(reached.split("joker_cost: raised minus lowered ")[1].split()[0])) < 0.003
    with pytest.raises(SystemExit):
        spsa.main(["--seats", "normal,hard", "--log", str(log)])  # the tuned bot sits first


def test_agreement_counts_the_decisions_with_a_choice_and_the_shape_of_the_games() -> None:
    agreement = _module("agreement")
    total, same, normal = agreement.agreement(players=3, games=2, seed=5)
    assert total["play"] > 5 and set(same) <= set(total)
    assert all(0 <= same[phase] <= total[phase] for phase in total)
    policy = agreement.rollout_shape(players=3, games=2, seed=5)
    assert agreement.rollout_shape(players=3, games=2, seed=5) == policy  # the same deals and moves again
    for shape in (normal, policy):
        # Every game ends once, one way or the other; every play puts down at least a card.
        assert shape["games"] == 2 == shape["ended hand-empty"] + shape["ended exhausted"]
        assert shape["cards played"] >= shape["play"] > 10
        rows = dict(agreement.shape_rows(shape))
        assert 0 <= rows["games ended by an empty hand, %"] <= 100
        assert rows["plays a game"] == shape["play"] / 2
        # A layer abluxxed when it could be is one of the layers abluxxed.
        assert shape["abluxx"] >= shape["did abluxx"] and shape["could abluxx"] > shape["did abluxx"] > 0
    # The normal bots' shape is of the very games whose decisions were counted: each counted play is one of its plays.
    assert normal["play"] >= total["play"]
    # No games asked for: figures of nothing, not a division by zero.
    assert all(value == 0 for _, value in agreement.shape_rows(agreement.rollout_shape(players=3, games=0, seed=5)))


def test_agreement_counts_the_top_layers_a_play_could_abluxx_and_those_it_did() -> None:
    agreement = _module("agreement")
    # Seat 0 could abluxx seat 1's two 5s (with its 9s) and seat 2's lone 12 (with its 13 or joker).
    for move, did in (("play 9 9", 1), ("play 13", 1), ("play 1", 0)):
        game = position(hands=["9 9 1 3 7 11 12 13 2 4 X", "1 2 3 4 6 7 8 10 11 12", "1 2 3 4 6 6 8 10 11 12 13"],
                        displays=[[], ["5 5"], ["12"]], pool="1 2 3 4 6 7")
        shape: Counter[str] = Counter()
        agreement.tally_chances(shape, game, game.action_of(move))
        assert (shape["could abluxx"], shape["did abluxx"]) == (2, did), move
    # Only plays are counted.
    game = pair_take_position(3)
    shape = Counter()
    agreement.tally_chances(shape, game, game.action_of("take"))
    assert not shape


def test_expert_fit_reads_the_policys_own_values_and_its_best_play() -> None:
    expert_fit = _module("expert_fit")
    from abluxxen.bots import quick

    fight = joker_fight_position()
    for game in (fight, Game.new(Rules(2), seed=3)):
        record = expert_fit.decision(game, quick.quick_action(game, random.Random(1)))
        assert record is not None and record["kind"] == "play"
        weights = quick.weights_for(game.players)
        shipped = [getattr(weights, f) for f in expert_fit.PLAY_WEIGHTS]
        options = {int(code): terms for code, terms in record["options"].items()}
        # The terms with the weights in force give back the policy's own values, choice by choice.
        values = quick.play_scores(game)
        assert set(options) == set(values)
        assert all(math.isclose(expert_fit._value(options[c], shipped), values[c], abs_tol=1e-9) for c in values)
    # Seat 0 abluxxes only by adding its joker to its 10s: made dear enough, the joker joins no set.
    record = expert_fit.decision(fight, 0)
    assert record is not None
    best = {cost: fight.action_text(int(max(record["options"], key=lambda c: expert_fit._value(
        record["options"][c], [0.6, 0.8, cost, 0.5])))) for cost in (2.0, 20.0)}
    assert best[2.0] == "play 10 10 X" and best[20.0] in {"play X", *(m for m in fight.legal_moves() if "X" not in m)}


def test_expert_fit_finds_the_weights_that_made_the_choices() -> None:
    expert_fit = _module("expert_fit")
    rng = random.Random(7)
    made, temperature = [1.5, -0.5], 0.8
    choices = []
    for _ in range(600):
        options = [[rng.uniform(-1, 1), rng.uniform(0, 2), rng.uniform(0, 2)] for _ in range(4)]
        values = [math.exp(expert_fit._value(o, made) / temperature) for o in options]
        choices.append((options, rng.choices(range(4), values)[0]))
    fitted, found, _ = expert_fit.fit(choices, [0.0, 0.0])
    assert all(abs(f - m) < 0.35 for f, m in zip(fitted, made, strict=True))
    assert abs(found - temperature) < 0.3
    assert abs(expert_fit.temperature_for(choices, made) - temperature) < 0.2  # the spread, with the weights known
    assert expert_fit.log_loss(choices, fitted, found) < expert_fit.log_loss(choices, [0.0, 0.0], 1.0)


def test_the_checking_styles_end_a_won_game_and_answer_a_view_the_same_way_every_time() -> None:
    styles = _module("styles")
    # Flat Monte Carlo tries every move, the normal bot's ranking aside: emptying the hand wins here.
    assert styles.FlatBot(seed=1, think=200).choose(ending_position(ahead=True).view(0)) == "play 7 7 7"
    game = Game.new(Rules(4), seed=5)
    seat = game.to_move
    assert seat is not None
    for bot in (styles.GreedyBot, styles.FlatBot):
        moves = {bot(seed=3).choose(game.view(seat)) for _ in range(3)}
        assert len(moves) == 1 and moves <= set(game.legal_moves())


def test_the_checking_styles_keep_the_policy_of_their_reference_runs_in_the_duel() -> None:
    # A yardstick that moved with the hard bot's rollout policy would measure nothing.
    styles = _module("styles")
    from abluxxen.bots import quick

    duel = pair_take_position(2)
    assert {duel.action_text(quick.quick_action(duel, random.Random(s))) for s in range(4)} == {"take"}
    assert styles.GreedyBot(seed=1).choose(duel.view(0)) == "leave"
    # Flat Monte Carlo hands the compiled rollouts the reference weights and then the duel's again.
    fast = quick.configured()
    assert fast is not None
    played = [fast.play_out(duel.copy(), seed, 0.05, False) for seed in range(20)]
    styles.FlatBot(seed=1, think=40).choose(duel.view(0))
    assert [fast.play_out(duel.copy(), seed, 0.05, False) for seed in range(20)] == played
    # So does the hard bot of before the duel's weights, which searches with the reference policy.
    assert styles.ReferenceHardBot(seed=1, think=100).choose(duel.view(0)) in {"take", "leave"}
    assert [fast.play_out(duel.copy(), seed, 0.05, False) for seed in range(20)] == played
    assert quick.DUEL_WEIGHTS is not quick.WEIGHTS


def test_two_shards_of_a_run_play_its_games_once_each_and_alike(tmp_path: Path) -> None:
    # Two processes share a long run: each plays every second game into the one log.
    strength = _module("strength")
    run = ["--seats", "easy,normal", "--games", "5", "--seed", "3"]
    assert strength.main([*run, "--shard", "1/2", "--log", str(tmp_path / "shared.jsonl")]) == 0
    assert sorted(strength.load(tmp_path / "shared.jsonl")) == [1, 3]
    assert strength.main([*run, "--shard", "0/2", "--log", str(tmp_path / "shared.jsonl")]) == 0
    assert strength.main([*run, "--log", str(tmp_path / "alone.jsonl")]) == 0
    shared = (tmp_path / "shared.jsonl").read_text().splitlines()
    assert len(shared) == 5  # no game twice, none left out
    alone = strength.load(tmp_path / "alone.jsonl")
    for index, game in strength.load(tmp_path / "shared.jsonl").items():
        assert (game["shares"], game["scores"]) == (alone[index]["shares"], alone[index]["scores"])


def _kill_run() -> ModuleType:
    spec = importlib.util.spec_from_file_location("kill_run", ROOT / "benchmarks" / "kill_run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["kill_run"] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_kill_run_finishes_a_hard_game_it_killed_mid_play_and_finds_it_recorded_once(tmp_path: Path) -> None:
    """Before, the kill run played easy bots only and threw a mid-game save away unresumed."""
    kill_run = _kill_run()
    assert "bot:hard" in " ".join(kill_run.TABLES)

    def two_moves_saved(child: Any) -> None:  # then the kill lands mid-play, however slow the machine
        while True:
            child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=0.05)
            saves = list(tmp_path.glob("*.json"))
            if saves and saves[0].stat().st_size and len(read_save(saves[0]).transcript.moves) >= 2:
                return

    killed = kill_run.kill_round(tmp_path, "bot:hard,bot:easy", two_moves_saved)
    assert (killed.moment, killed.resumed, killed.recorded, killed.lost) == ("mid-play", 1, 1, 0)
    games = kill_run.recorded_games(tmp_path)
    assert len(games) == 1 and {s["bot"] for s in games[0]["seats"]} == {"hard", "easy"}
    assert kill_run.duplicates(games) == 0
    assert not list(tmp_path.glob("*.json"))


def test_the_kill_run_counts_a_game_recorded_twice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kill_run = _kill_run()
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(tmp_path))
    match = Match(Rules(2), games=1, seed=7, names=["Ada", "Bix"])
    saved = Saved(match=match, seats=[Seat("Ada", "easy"), Seat("Bix", "easy")], delay=0.0)
    bots_play(match.game, saved.transcript, "easy")
    match.record()
    record_finished(saved, seed_shown=True)
    saved.match_key = "another"  # the same game under another key: what a double resume would record
    record_finished(saved, seed_shown=True)
    assert kill_run.duplicates(kill_run.recorded_games(tmp_path)) == 1
def _drawn(view: View) -> str:
    """The table as a host's screen draws it on a terminal (colours and all), from the top left."""
    out = io.StringIO()
    console = Console(file=out, width=80, height=22, force_terminal=True, color_system="256")
    console.print(render_table(view, [], Tr("en"), width=80, height=22), crop=True)
    return "\x1b[H\x1b[2J" + out.getvalue().replace("\n", "\r\n")


def test_host_load_times_a_move_until_the_screen_shows_the_table_after_it_not_a_bell() -> None:
    # The first byte a screen gets after a move is often the next player's bell: the move is on
    # that screen only when the redraw shows the table after it.
    host_load = _module("host_load")
    game = Game.new(Rules(4), seed=host_load.SEED, names=host_load.PEOPLE)
    before = game.view(1)
    game.push(game.legal_moves()[0])

    async def watch() -> None:
        screen = host_load.Screen()
        screen.data_received(_drawn(before), None)
        redrawn = screen.when(host_load.showing(game.view(1)))
        screen.data_received("\a", None)
        assert not redrawn.done()
        screen.data_received(_drawn(game.view(1)), None)
        assert redrawn.done()

    asyncio.run(watch())


def test_host_load_counts_a_typed_space_when_the_cursor_moves_past_it() -> None:
    # A terminal's empty cells are spaces too: "play " is shown only once the cursor is after it.
    host_load = _module("host_load")

    async def type_() -> None:
        screen = host_load.Screen()
        screen.data_received(f"\x1b[{host_load.ROWS - 1};1HAnn › play", None)
        spaced = screen.when(host_load.echoing("Ann", "play "))
        assert not spaced.done()
        screen.data_received(" ", None)
        assert spaced.done()

    asyncio.run(type_())


@pytest.mark.parametrize("one_server", [False, True], ids=["a host process per table", "one server"])
def test_host_load_plays_a_table_and_times_every_move_on_the_three_other_screens(one_server: bool) -> None:
    # Run as a person would (an `abluxxen host --serve` process), or as rooms of one server: either
    # way every move typed is seen on every other screen and every key echoed, or the run fails.
    host_load = _module("host_load")
    row = host_load.measure(1, 3, 120.0, pause=0.0, keys=0.0, one_server=one_server)
    figures = asyncio.run(row)
    assert figures["moves"] == 3 and figures["timed"] == 3 * 3
    assert figures["p95"] >= figures["p50"] > 0 and figures["echo95"] >= figures["echo50"] > 0
    assert figures["memory"] > 0 and figures["cpu"] > 0


@pytest.mark.parametrize(("trouble", "workers"), [("", 0), ("frozen", 0), ("flood", 0), ("", 1)],
                         ids=["every table", "a client frozen at table 1", "a client flooding at table 1",
                              "tables in a worker"])
def test_club_load_opens_and_joins_tables_through_the_lobby_and_plays_moves_on_every_one(trouble: str,
                                                                                         workers: int) -> None:
    # `abluxxen club` as a person starts it; eight people with keys of their own open and join two
    # tables in the lobby; every move typed at a playing table is seen on its three other screens.
    _module("host_load")
    club_load = _module("club_load")
    figures = asyncio.run(club_load.measure(3 if trouble else 2, 3, 120.0, pause=0.0, keys=0.0, trouble=trouble,
                                            workers=workers))
    assert figures["played"] == 3 and figures["moves"] == 3 * 2 and figures["timed"] == 3 * 3 * 2
    assert figures["p95"] >= figures["p50"] > 0 and figures["echo95"] >= figures["echo50"] > 0
    assert figures["memory"] > 0 and figures["kib"] > 0 and figures["cpu"] > 0


def test_club_load_holds_people_idle_in_the_lobby_and_one_typing_among_them() -> None:
    _module("host_load")
    club_load = _module("club_load")
    figures = asyncio.run(club_load.idle(5, keys=0.0, line="say hi"))
    assert figures["sessions"] == 5 and figures["memory"] > 0 and figures["kib"] > 0
    assert figures["echo95"] >= figures["echo50"] > 0 and figures["said95"] >= figures["said50"] > 0


def test_door_siege_besieges_a_club_and_counts_the_key_logins_that_got_in() -> None:
    _module("host_load")
    _module("club_load")
    door_siege = _module("door_siege")
    held = asyncio.run(door_siege.besiege(3, 3, 2, 2, settling=0.5))
    assert (held.got_in, held.why) == (2, "") and held.longest >= held.p50 > 0 and held.rate >= 0


def test_club_load_starts_a_club_of_sleeping_tables_and_a_join_wakes_one(capsys: pytest.CaptureFixture[str]) -> None:
    # A club of 20 sleeping tables (copies of one table, its people away): its start, its memory above an empty
    # club's, and a person's join of a sleeping table reaching their table screen (each visit a table woken).
    _module("host_load")
    club_load = _module("club_load")
    club_load.main(["--dormant", "20"])
    printed = capsys.readouterr().out
    assert "20 sleeping tables: the club starts (process start to accepting logins) in " in printed
    assert " MiB above an empty club's" in printed
    assert "a join wakes a sleeping table (its screen showing) in " in printed and "(median of 5)" in printed


def test_club_load_sets_up_tables_played_over_days_and_people_come_to_move_once_each(tmp_path: Path) -> None:
    # Four tables over days (of 3 and 4 accounts) opened, invited and joined through the lobby; then people come
    # one after another: `waiting` names the table (else the run fails), they join it, decide, and leave. Kept
    # (`--keep`), the club is started again on its folder and the games go on from where they stood.
    _module("host_load")
    club_load = _module("club_load")
    for again in (False, True):
        figures = asyncio.run(club_load.days(4, visits=3, at_once=2, keep=tmp_path))
        assert figures["reused"] is again and figures["tables"] == 4 and figures["accounts"] == 4
        assert figures["visits"] == 3 and figures["moves"] >= 3 and figures["timed"] >= figures["moves"]
        assert figures["p95"] >= figures["p50"] > 0 and figures["waiting95"] >= figures["waiting50"] > 0
        assert figures["join50"] > 0 and figures["asleep"] > 0 and figures["after"] > 0
