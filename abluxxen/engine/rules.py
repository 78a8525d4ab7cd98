"""The rules a game is played with: player count, variant, duel, tie-break."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..quoting import quoted

VARIANTS = ("base", "advanced", "expert")
TIEBREAKS = ("fewest-hand", "shared")


@dataclass(frozen=True)
class Rules:
    """Frozen, hashable description of one game's rules.

    Args:
        players: 2 to 5 seats.
        variant: ``"base"`` (single draw after a turn without abluxx),
            ``"advanced"`` (no such draw) or ``"expert"`` (advanced, and 1s
            abluxx 13s and lone jokers).
        duel: ``None`` duels exactly when there are two players; ``False``
            forces a plain two-player game; ``True`` requires two players.
            Stored resolved: ``Rules(2).duel`` is ``True``, ``Rules(4).duel``
            is ``False``.
        tiebreak: ``"fewest-hand"`` (Amigo) or ``"shared"`` (Ravensburger).

    Raises:
        ValueError: naming the field that is wrong.
    """

    players: int = 4
    variant: str = "base"
    duel: bool | None = None
    tiebreak: str = "fewest-hand"

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int):
            raise ValueError(f"players must be a whole number from 2 to 5, not {quoted(self.players)}")
        if not 2 <= self.players <= 5:
            raise ValueError(f"players must be from 2 to 5, not {self.players}")
        if self.variant not in VARIANTS:
            raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, not {quoted(self.variant)}")
        if self.duel not in (None, True, False):
            raise ValueError(f"duel must be None, True or False, not {quoted(self.duel)}")
        if self.duel is True and self.players != 2:
            raise ValueError(f"duel needs exactly 2 players, not {self.players}")
        if self.tiebreak not in TIEBREAKS:
            raise ValueError(f"tiebreak must be one of {', '.join(TIEBREAKS)}, not {quoted(self.tiebreak)}")
        # Resolve "duel when two players" now, so equal games have equal rules.
        object.__setattr__(self, "duel", self.players == 2 and self.duel is not False)

    @property
    def is_duel(self) -> bool:
        """Whether this game has a shadow display."""
        return bool(self.duel)

    @property
    def single_draw(self) -> bool:
        """Whether a turn without abluxx ends with an optional single draw."""
        return self.variant == "base"

    @property
    def ones_beat_top(self) -> bool:
        """Whether 1s abluxx 13s and lone jokers (expert variant)."""
        return self.variant == "expert"

    def to_json(self) -> dict[str, Any]:
        """The rules as in a save document (``duel`` resolved to a bool)."""
        return {"players": self.players, "variant": self.variant,
                "duel": self.is_duel, "tiebreak": self.tiebreak}

    @classmethod
    def from_json(cls, doc: Any) -> Rules:
        """Rules from a save document's ``rules`` object.

        Raises:
            ValueError: for a missing or wrong field.
        """
        if not isinstance(doc, dict):
            raise ValueError("rules must be an object")
        unknown = set(doc) - {"players", "variant", "duel", "tiebreak"}
        if unknown:
            raise ValueError(f"rules has unknown field(s): {', '.join(sorted(unknown))}")
        return cls(players=doc.get("players", 4), variant=doc.get("variant", "base"),
                   duel=doc.get("duel"), tiebreak=doc.get("tiebreak", "fewest-hand"))
