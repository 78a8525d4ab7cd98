"""What a move caused, for narration and replayable logs."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..quoting import quoted
from .cards import parse_token, token

# kind        seat        other    cards                      source
# play        player      -        the set                    -
# abluxx      attacker    victim   the victim's top layer     -
# shadowluxx  attacker    -        the shadow group           -
# take/leave  attacker    victim   the abluxxed cards         -
# back        victim      attacker the cards returned         -
# discard     victim      attacker the cards discarded        -
# draw        drawer      -        card(s) (hidden if deck)   "deck" or "pool"
# pass        player      -        -                          -
# refill      -           -        new pool cards             "pool" or "shadow"
# to-pool     -           -        a 13/joker for a group     slot index as text
# removed     -           -        a 13/joker out of the game -
# turn        new player  -        -                          -
# game-over   who ended   -        -                          "hand-empty" or "exhausted"
EVENT_KINDS = ("play", "abluxx", "shadowluxx", "take", "leave", "back", "discard",
               "draw", "pass", "refill", "to-pool", "removed", "turn", "game-over")
#: A game log's first line, not a move's event: game ``source`` of the match starts, ``seat`` playing first.
START = "start"


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    Attributes:
        kind: see ``EVENT_KINDS``.
        seat: the seat acting or concerned.
        other: a second seat (the victim of an abluxx, the attacker of a back).
        cards: the cards concerned, canonical order; a card drawn from the
            deck is only known to its drawer: see :meth:`visible_to`.
        source: where a draw came from, what was refilled, or why the game ended.
        hidden: how many cards were drawn face down when ``cards`` has been
            withheld from the viewer.
    """

    kind: str
    seat: int | None = None
    other: int | None = None
    cards: tuple[int, ...] = ()
    source: str | None = None
    hidden: int = 0

    def visible_to(self, seat: int | None) -> Event:
        """This event as ``seat`` may see it (``None``: a spectator)."""
        if self.kind == "draw" and self.source == "deck" and seat != self.seat and self.cards:
            return replace(self, cards=(), hidden=len(self.cards))
        return self

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; only fields that carry something."""
        doc: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            doc["seat"] = self.seat
        if self.other is not None:
            doc["other"] = self.other
        if self.cards:
            doc["cards"] = [token(c) for c in self.cards]
        if self.source is not None:
            doc["source"] = self.source
        if self.hidden:
            doc["hidden"] = self.hidden
        return doc

    @classmethod
    def from_json(cls, doc: Any) -> Event:
        """The event :meth:`to_json` wrote.

        Only the fields' types are checked here; whether the seats exist
        and the kind needs them is up to whoever knows the game.

        Raises:
            ValueError: for a field of the wrong type or an unknown card.
        """
        if not isinstance(doc, dict) or not isinstance(doc.get("kind"), str):
            raise ValueError("an event is an object with a 'kind'")
        unknown = set(doc) - _FIELDS
        if unknown:
            raise ValueError(f"event has unknown field(s): {', '.join(sorted(unknown))}")
        seat, other, source, hidden = doc.get("seat"), doc.get("other"), doc.get("source"), doc.get("hidden", 0)
        for name, value in (("seat", seat), ("other", other)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                raise ValueError(f"event {name} must be a seat number, not {quoted(value)}")
        if source is not None and not isinstance(source, str):
            raise ValueError(f"event source must be text, not {quoted(source)}")
        if isinstance(hidden, bool) or not isinstance(hidden, int) or not 0 <= hidden <= _MOST_HIDDEN:
            raise ValueError(f"event hidden must be a small count, not {quoted(hidden)}")
        tokens = doc.get("cards", [])
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise ValueError("event cards must be a list of card tokens")
        return cls(kind=doc["kind"], seat=seat, other=other, cards=tuple(parse_token(t) for t in tokens),
                   source=source, hidden=hidden)


_FIELDS = frozenset({"kind", "seat", "other", "cards", "source", "hidden"})
# More cards than anyone ever draws at once (a whole deck): bounds a number read from a file.
_MOST_HIDDEN = 109
