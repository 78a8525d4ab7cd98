# The compiled search (abluxxen/bots/_rollout.c, built by hatch_build.py); see quick.configured.
from collections.abc import Callable, Sequence

from abluxxen.engine.state import State

# The SHA-256 of the _rollout.c it was built from.
SOURCE_SHA256: str

def configure(safe: Sequence[Sequence[Sequence[float]]], plays_by_hand: Sequence[int],
              plays_by_stock: Sequence[Sequence[int]], twice_size: Sequence[float],
              constants: tuple[float, float, float, float], reasons: tuple[str, str],
              engine: dict[str, object]) -> None: ...
def shuffle(cards: list[int], rand: Callable[[], float]) -> None: ...
def play_out(game: State, seed: int, noise: float,
             write_back: bool) -> tuple[int, tuple[int, ...], tuple[int, ...]]: ...

class Subtrees:
    def __init__(self, seat: int, exploration: float, noise: float, margin_scale: float) -> None: ...
    def new(self) -> int: ...
    def iterate(self, deal: State, moves: Sequence[tuple[int, int]],
                seed: int) -> list[tuple[float, tuple[int, ...]]]: ...
