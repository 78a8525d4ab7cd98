"""How like the normal bot the rollout policy plays: decision by decision, and game by game.

The hard bot's rollouts play every seat with :func:`~abluxxen.bots.quick.quick_action`,
a cheap version of the normal bot's rules; its opponents at the table are
often normal bots. This plays seeded games of normal bots and, at every
decision with a choice, asks the rollout policy what it would do in the same
position (it reads only the deciding seat's hand and the public state), then
prints per phase the number of decisions and the share where both agree.

Then the shape of whole games, from the same deals: games of normal bots
against games the rollout policy plays for every seat as the search's
rollouts do (a random move with chance ``ROLLOUT_NOISE``): how they end, how
many cards a play puts down and abluxxes, how often a player abluxxes a top
layer it could abluxx, how often abluxxed cards are taken,
taken back or discarded, and how many cards the hands hold at the end. A
rollout that ends its games otherwise than real ones tells the search of
another game than the one at the table.

    python benchmarks/agreement.py --players 4 --games 10
    python benchmarks/agreement.py --players 2 --games 20
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

from abluxxen import Game, Rules
from abluxxen.bots import make_bot
from abluxxen.bots.ismcts import ROLLOUT_NOISE
from abluxxen.bots.quick import quick_action, rollout
from abluxxen.engine.events import Event
from abluxxen.engine.phase import Phase


def agreement(players: int, games: int, seed: int) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """Per phase name: decisions with a choice, and those where the policy made the normal bot's move;
    and the shape of those games of normal bots (:func:`tally`)."""
    total: Counter[str] = Counter()
    same: Counter[str] = Counter()
    shape: Counter[str] = Counter()
    for g in range(games):
        game = Game.new(Rules(players), seed=seed + g)
        bots = [make_bot("normal", seed=g * 10 + s) for s in range(players)]
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            move = bots[seat].choose(game.view(seat))
            if len(game.legal_actions()) > 1:
                phase = Phase(game.phase).name.lower()
                total[phase] += 1
                same[phase] += game.action_text(quick_action(game, random.Random(g))) == move
            tally_chances(shape, game, game.action_of(move))
            tally(shape, game.push(move))
        tally_end(shape, game)
    return total, same, shape


def rollout_shape(players: int, games: int, seed: int) -> Counter[str]:
    """The shape (:func:`tally`) of agreement()'s deals played by the rollout policy for every seat: by
    the search's own rollouts (:func:`quick.rollout`), every move's events counted as it is made."""
    shape: Counter[str] = Counter()
    for g in range(games):
        game = _Tallied.new(Rules(players), seed=seed + g)
        game.shape = shape
        rollout(game, random.Random(g), ROLLOUT_NOISE)
        tally_end(shape, game)
    return shape


class _Tallied(Game):
    """A game that counts the events of every move made on it into ``shape`` (:func:`tally`)."""

    __slots__ = ("shape",)
    shape: Counter[str]

    def apply_action(self, code: int, events: list[Event] | None = None) -> None:
        tally_chances(self.shape, self, code)
        made: list[Event] = [] if events is None else events
        super().apply_action(code, made)
        tally(self.shape, made)


def tally(shape: Counter[str], events: list[Event]) -> None:
    """Count a move's events by kind, and the cards it played (``cards played``)."""
    for event in events:
        shape[event.kind] += 1
        if event.kind == "play":
            shape["cards played"] += len(event.cards)


def tally_chances(shape: Counter[str], game: Game, code: int) -> None:
    """Before a play: count the opponents' top layers the player could abluxx without emptying the
    hand (``could abluxx``), and those the play ``code`` abluxxes of them (``did abluxx``), as the
    table tells a player whom a play abluxxes (:meth:`View.victims`).

    The rollout policy reckons a set's risk as if an opponent who can abluxx it did so three
    times in ten (:data:`~abluxxen.bots.common.WILLING`); this says how often players do."""
    if game.phase != Phase.PLAY or not any(game.displays):
        return
    view = game.view(game.turn)
    could = {seat for play in game.legal_actions() for seat in view.victims(game.action_text(play)).seats}
    shape["could abluxx"] += len(could)
    shape["did abluxx"] += len(view.victims(game.action_text(code)).seats)


def tally_end(shape: Counter[str], game: Game) -> None:
    """Count a finished game (``games``), how it ended (``ended hand-empty`` …) and the cards left in
    its hands (``cards left``)."""
    shape["games"] += 1
    shape[f"ended {game.end_reason}"] += 1
    shape["cards left"] += sum(game.hand_sizes())


def shape_rows(totals: Counter[str]) -> list[tuple[str, float]]:
    """The figures main() prints for one kind of game, from its shape (:func:`tally`)."""
    def per(part: str, whole: float) -> float:
        return totals[part] / whole if whole else 0.0  # (no games, no plays: nothing to say)

    games, plays = totals["games"], totals["play"]
    return [("games ended by an empty hand, %", 100 * per("ended hand-empty", games)),
            ("plays a game", per("play", games)),
            ("cards a play", per("cards played", plays)),
            ("abluxxes a play", per("abluxx", plays)),
            ("top layers abluxxed that could be, %", 100 * per("did abluxx", totals["could abluxx"])),
            ("abluxxed cards taken, %", 100 * per("take", totals["take"] + totals["leave"])),
            ("left cards taken back, %", 100 * per("back", totals["back"] + totals["discard"])),
            ("single draws passed, a game", per("pass", games)),
            ("cards in the hands at the end, a game", per("cards left", games))]


def main(argv: list[str] | None = None) -> int:
    """Print the agreement per phase, then the shape of games of either kind."""
    parser = argparse.ArgumentParser(prog="agreement", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1000, help="the first game's deal")
    args = parser.parse_args(argv)
    total, same, shape = agreement(args.players, args.games, args.seed)
    print(f"{args.players} players, {args.games} games of normal bots: the rollout policy plays their move")
    for phase in total:
        print(f"  {phase:>16}: {same[phase]:4} of {total[phase]:4} decisions ({100 * same[phase] / total[phase]:.0f}%)")
    normal = shape_rows(shape)
    policy = shape_rows(rollout_shape(args.players, args.games, args.seed))
    print(f"The same deals to the end, by normal bots and by the rollouts (noise {ROLLOUT_NOISE})")
    print(f"  {'':>38}  {'normal':>8}  {'rollout':>8}")
    for (name, a), (_, b) in zip(normal, policy, strict=True):
        print(f"  {name:>38}  {a:8.2f}  {b:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
