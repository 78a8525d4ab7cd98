"""A lesson's position, written by hand, as a real game (a save document for ``Game.from_json``).

A position names only the cards that matter; every other card of the 109
goes into the deck (shuffled by the position's seed, below any named top
cards) or onto the discard pile, so the document adds up like any save.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import full_deck, parse_token, token
from ...game import Game
from ...rules import Rules
from .lessons import NAMES, Position


def _tokens(cards: str) -> list[str]:
    return [token(c) for c in sorted(parse_token(w) for w in cards.split())]


def document(position: Position) -> dict[str, Any]:
    """The save document of a position.

    Raises:
        ValueError: when the position names a card more often than the game has it.
    """
    players = len(position.hands)
    displays = position.displays or tuple(() for _ in range(players))
    doc: dict[str, Any] = {
        "format": "abluxxen/1",
        "rules": Rules(players, position.variant).to_json(),
        "names": list(NAMES[:players]),
        "turn": position.turn,
        "hands": [_tokens(h) for h in position.hands],
        "displays": [[_tokens(layer) for layer in d] for d in displays],
        "pool": ["+".join(_tokens(slot.replace("+", " "))) for slot in position.pool.split()],
        "deck": position.deck.split(),
        "discard": _tokens(position.discard),
        "shadow": _tokens(position.shadow),
        "removed": [],
    }
    if position.pending is not None:
        doc["pending"] = dict(position.pending)
    left = [token(c) for c in full_deck()]
    named = [c for h in doc["hands"] for c in h] + [c for d in doc["displays"] for layer in d for c in layer]
    named += [c for slot in doc["pool"] for c in slot.split("+")] + doc["deck"] + doc["discard"] + doc["shadow"]
    for card in named:
        if card not in left:
            raise ValueError(f"the position names more {card}s than the game has")
        left.remove(card)
    random.Random(position.seed).shuffle(left)
    if position.rest == "deck":
        doc["deck"] += left
    else:
        doc["discard"] += left
    return doc


def build(position: Position) -> Game:
    """The game at a lesson's position.

    Raises:
        ValueError: for a position the rules cannot hold.
    """
    return Game.from_json(document(position))
