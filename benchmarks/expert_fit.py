"""The rollout policy's weights fitted to the hard bot's own choices: one step of expert iteration.

Plays games as ``benchmarks/strength.py`` does (the same ``--seats``,
``--seed`` and ``--think`` give the same games) and, at every decision of
the first seat's hard bot on a play or on taking an abluxxed layer, logs
the move its search chose and the rollout policy's terms for every choice.
The terms are read from the policy itself (``quick.play_scores``,
``quick.take_margin``) with each weight of :class:`~abluxxen.bots.quick.Weights`
moved by one: a choice's value is linear in the weights, so the differences
are its terms. A game is logged whole once it ends; the same command
resumes a stopped run.

``--fit`` then fits the weights by maximum likelihood, a choice's chance
growing as ``exp(value / temperature)`` (a conditional logit, the
temperature fitted too), on the first two thirds of the logged decisions,
and prints, for the last third, how often the policy's best choice is the
search's with the weights as they are and as fitted. Pure Python: a small
Nelder-Mead search, no numerical library.

``--reference`` plays the games with the policy's weights from before the
duel had its own (``quick.WEIGHTS`` at every player count, as the checking
styles play: :func:`styles.reference_policy`), the hard bot's search
included: the data the duel's weights were fitted to.

    python benchmarks/expert_fit.py --seats hard,normal --games 100 --seed 102 --log fit2.jsonl
    python benchmarks/expert_fit.py --seats hard,normal --log fit2.jsonl --fit
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from strength import bot_of as strength_bot
from styles import policy_weights, reference_policy

from abluxxen import Game, Rules
from abluxxen.bots import Bot, Think, quick
from abluxxen.bots.ismcts import HardBot, parse_think
from abluxxen.cli.simulate import Task, play_game
from abluxxen.engine.moves import TAKE
from abluxxen.engine.state import PLAY, TAKE_OR_LEAVE
from abluxxen.engine.view import View

PLAY_WEIGHTS = ("hurt", "take_back", "joker_cost", "shadow")
TAKE_WEIGHTS = ("take_cost", "take_bonus")


def _moved(players: int, field: str) -> AbstractContextManager[None]:
    """The policy's weights for ``players`` with ``field`` one more, for the time of the ``with``."""
    weights = quick.weights_for(players)
    return policy_weights(players, dataclasses.replace(weights, **{field: getattr(weights, field) + 1.0}))


def terms(read: Callable[[], dict[int, float]], players: int, fields: Sequence[str]) -> dict[int, list[float]]:
    """Per choice: its value with no weight, then its term for each of ``fields`` (value = first + sum of
    weight times term)."""
    weights = quick.weights_for(players)
    base = read()
    moved = []
    for field in fields:
        with _moved(players, field):
            moved.append(read())
    out = {}
    for code, value in base.items():
        parts = [moved[k][code] - value for k in range(len(fields))]
        out[code] = [value - sum(getattr(weights, f) * t for f, t in zip(fields, parts, strict=True)), *parts]
    return out


def decision(game: Game, chosen: int) -> dict[str, Any] | None:
    """The logged record of the search's choice ``chosen`` in ``game``, or None for other decisions."""
    players = game.players
    if game.phase == PLAY:
        options = terms(lambda: quick.play_scores(game), players, PLAY_WEIGHTS)
        if not options:
            return None
        return {"kind": "play", "chosen": chosen, "options": {str(c): t for c, t in options.items()}}
    if game.phase == TAKE_OR_LEAVE:
        take = terms(lambda: {TAKE: quick.take_margin(game)}, players, TAKE_WEIGHTS)[TAKE]
        return {"kind": "take", "took": chosen == TAKE, "terms": take}
    return None


class RecordingHardBot(HardBot):
    """The hard bot, noting each of its choices with the policy's terms (:func:`decision`)."""

    def __init__(self, *, seed: int | None = None, think: Think | None = None) -> None:
        super().__init__(seed=seed, think=think)
        self.game: Game | None = None
        self.records: list[dict[str, Any]] = []

    def choose(self, view: View) -> str:
        move = super().choose(view)
        if self.game is not None and len(self.game.legal_actions()) > 1:
            record = decision(self.game, self.game.action_of(move))
            if record is not None:
                self.records.append(record)
        return move


def collect(levels: list[str], *, games: int, seed: int, think: Think | None, log: Path, reference: bool) -> None:
    """Play the games not yet in ``log``, appending each one's records as one line; with ``reference``,
    with the policy's weights of the checking styles' reference runs."""
    done = {json.loads(line)["index"] for line in log.read_text().splitlines() if line.strip()} \
        if log.exists() else set()
    rules = Rules(players=len(levels))
    for index in range(games):
        if index in done:
            continue
        seats = _Seats()
        with reference_policy(len(levels)) if reference else nullcontext():
            play_game(Task(index=index, levels=tuple(levels), rules=rules, seed=seed, think=think),
                      bot_of=seats.bot_of, before=_show_game)
        records = seats.recorder.records if seats.recorder is not None else []
        with log.open("a") as out:
            out.write(json.dumps({"index": index, "records": records}) + "\n")
        print(f"game {index}: {len(records)} decisions", file=sys.stderr)


class _Seats:
    """A game's bots, as strength.py makes them, the first hard bot one that records its choices."""

    def __init__(self) -> None:
        self.recorder: RecordingHardBot | None = None

    def bot_of(self, level: str, seed: int, think: Think | None) -> Bot:
        if level == "hard" and self.recorder is None:
            self.recorder = RecordingHardBot(seed=seed, think=think)
            return self.recorder
        return strength_bot(level, seed, think)


def _show_game(bot: Bot, game: Game) -> None:
    """The recording bot reads the policy's terms from the whole game (they use only what its seat sees)."""
    if isinstance(bot, RecordingHardBot):
        bot.game = game


# -- the fit ---------------------------------------------------------------


def nelder_mead(f: Callable[[list[float]], float], start: list[float], *, step: float = 0.5,
                iterations: int = 600) -> list[float]:
    """A minimum of ``f`` near ``start`` (the simplex method of Nelder and Mead)."""
    n = len(start)
    simplex = [list(start)] + [[x + (step if i == k else 0.0) for i, x in enumerate(start)] for k in range(n)]
    values = [f(p) for p in simplex]
    for _ in range(iterations):
        order = sorted(range(n + 1), key=values.__getitem__)
        simplex, values = [simplex[i] for i in order], [values[i] for i in order]
        centre = [sum(p[i] for p in simplex[:-1]) / n for i in range(n)]
        worst = simplex[-1]
        reflected = _toward(centre, worst, -1.0)
        r = f(reflected)
        if r < values[0]:
            expanded = _toward(centre, worst, -2.0)
            e = f(expanded)
            simplex[-1], values[-1] = (expanded, e) if e < r else (reflected, r)
        elif r < values[-2]:
            simplex[-1], values[-1] = reflected, r
        else:
            contracted = _toward(centre, worst, 0.5)
            c = f(contracted)
            if c < values[-1]:
                simplex[-1], values[-1] = contracted, c
            else:
                best = simplex[0]
                simplex = [best] + [[b + 0.5 * (x - b) for b, x in zip(best, p, strict=True)] for p in simplex[1:]]
                values = [values[0]] + [f(p) for p in simplex[1:]]
        if max(values) - min(values) < 1e-7:
            break
    return simplex[min(range(n + 1), key=values.__getitem__)]


def _toward(centre: list[float], worst: list[float], t: float) -> list[float]:
    """The point ``t`` of the way from the simplex's centre to its worst point (negative: beyond the centre)."""
    return [c + t * (w - c) for c, w in zip(centre, worst, strict=True)]


Choice = tuple[list[list[float]], int]  # every option's terms, and which one the search chose


def _value(option: list[float], weights: Sequence[float]) -> float:
    return option[0] + sum(w * t for w, t in zip(weights, option[1:], strict=True))


def log_loss(choices: Sequence[Choice], weights: Sequence[float], temperature: float) -> float:
    """Mean negative log chance of the search's choices under the logit with these weights."""
    total = 0.0
    for options, chosen in choices:
        values = [_value(o, weights) / temperature for o in options]
        top = max(values)
        total += top + math.log(sum(math.exp(v - top) for v in values)) - values[chosen]
    return total / max(1, len(choices))


def agreement(choices: Sequence[Choice], weights: Sequence[float]) -> float:
    """The share of the search's choices that are the policy's best choice with these weights."""
    hits = sum(max(range(len(o)), key=lambda k: _value(o[k], weights)) == c for o, c in choices)
    return hits / max(1, len(choices))


def choices_of(records: list[dict[str, Any]]) -> tuple[list[Choice], list[Choice], int]:
    """The plays and the take-or-leave decisions as choices, and the plays the policy never weighs."""
    plays: list[Choice] = []
    takes: list[Choice] = []
    outside = 0
    for record in records:
        if record["kind"] == "take":
            # Leaving is worth nothing: the take's value is its margin over leaving.
            takes.append(([[0.0] * 3, record["terms"]], 1 if record["took"] else 0))
            continue
        codes = list(record["options"])
        if str(record["chosen"]) not in codes:
            outside += 1  # a set split, or only some of the jokers
            continue
        plays.append(([record["options"][c] for c in codes], codes.index(str(record["chosen"]))))
    return plays, takes, outside


def temperature_for(choices: Sequence[Choice], weights: Sequence[float]) -> float:
    """The temperature of the least log loss with these weights."""
    return math.exp(nelder_mead(lambda p: log_loss(choices, weights, math.exp(p[0])), [0.0])[0])


def fit(choices: Sequence[Choice], start: Sequence[float]) -> tuple[list[float], float, float]:
    """The weights and temperature of the least log loss from ``start``, and the temperature that fits
    ``start`` best."""
    kept = temperature_for(choices, start)
    fitted = nelder_mead(lambda p: log_loss(choices, p[:-1], math.exp(p[-1])), [*start, math.log(kept)])
    return fitted[:-1], math.exp(fitted[-1]), kept


def report(name: str, fields: Sequence[str], columns: dict[str, list[float]], train: list[Choice],
           test: list[Choice]) -> None:
    """Fit on ``train`` from the last of ``columns`` (named sets of weights), and print what each set
    and the fitted weights make of ``test``."""
    if not train or not test:
        print(f"{name}: too few decisions to fit ({len(train)} to fit, {len(test)} to test)")
        return
    start = list(columns.values())[-1]
    # A weight with no term anywhere (the shadow outside the duel) cannot be fitted: it stays.
    used = [k for k in range(len(fields)) if any(o[k + 1] for options, _ in train for o in options)]

    def select(choices: list[Choice]) -> list[Choice]:
        return [([[o[0] + sum(start[k] * o[k + 1] for k in range(len(fields)) if k not in used),
                   *(o[k + 1] for k in used)] for o in options], c) for options, c in choices]
    train_used, test_used = select(train), select(test)
    fitted, temperature, _ = fit(train_used, [start[k] for k in used])
    sets = {label: [weights[k] for k in used] for label, weights in columns.items()}
    print(f"{name}: {len(train)} decisions fitted, {len(test)} tested")
    print(f"  {'':>12}" + "".join(f"{label:>11}" for label in (*sets, "fitted")))
    for i, k in enumerate(used):
        print(f"  {fields[k]:>12}" + "".join(f"{w[i]:11.2f}" for w in (*sets.values(), fitted)))
    print("  the search's choice is the policy's best, tested:"
          + "".join(f"  {label} {agreement(test_used, w):.1%}" for label, w in (*sets.items(), ("fitted", fitted))))
    temperatures = {label: temperature_for(train_used, w) for label, w in sets.items()}
    losses = [f"  {label} {log_loss(test_used, w, temperatures[label]):.3f}" for label, w in sets.items()]
    fitted_loss = log_loss(test_used, fitted, temperature)
    print("  log loss a decision, tested:" + "".join(losses) + f"  fitted {fitted_loss:.3f}")
    # How widely the search's choices spread over the policy's values: a rollout that sampled its
    # choices as the search makes them would draw them with this temperature.
    print("  temperature of the search's choices, fitted:"
          + "".join(f"  {label} {t:.2f}" for label, t in temperatures.items()) + f"  fitted {temperature:.2f}")


def fit_log(log: Path, players: int) -> None:
    """Print the fit of the weights for ``players`` to the decisions in ``log``: beside the weights the
    policy has for that many players, those of the reference runs (quick.WEIGHTS) where they differ."""
    records = [r for line in log.read_text().splitlines() if line.strip() for r in json.loads(line)["records"]]
    plays, takes, outside = choices_of(records)
    sets = {"reference": quick.WEIGHTS, "shipped": quick.weights_for(players)}
    if sets["shipped"] is quick.WEIGHTS:
        del sets["reference"]
    print(f"{len(records)} decisions of the search; {outside} plays the policy never weighs "
          f"(a set split, or only some jokers), left out")
    for name, fields, choices in (("plays", PLAY_WEIGHTS, plays), ("take or leave", TAKE_WEIGHTS, takes)):
        cut = len(choices) * 2 // 3
        columns = {label: [getattr(weights, f) for f in fields] for label, weights in sets.items()}
        report(name, fields, columns, choices[:cut], choices[cut:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", required=True, help="bot levels, the first a hard bot, e.g. hard,normal")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=102)
    parser.add_argument("--think", type=parse_think, default=None, help="the hard bot's budget (default: its own)")
    parser.add_argument("--log", type=Path, required=True)
    parser.add_argument("--fit", action="store_true", help="fit the weights to the log, playing nothing")
    parser.add_argument("--reference", action="store_true",
                        help="play with the weights from before the duel had its own (the checking styles')")
    args = parser.parse_args(argv)
    levels = args.seats.split(",")
    if levels[0] != "hard":
        parser.error("the first seat must be the hard bot")
    if args.fit:
        fit_log(args.log, len(levels))
    else:
        collect(levels, games=args.games, seed=args.seed, think=args.think, log=args.log, reference=args.reference)
    return 0


if __name__ == "__main__":
    sys.exit(main())
