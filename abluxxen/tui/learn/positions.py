"""A lesson's position, written by hand, as a real game (a save document for ``Game.from_json``).

A position names only the cards that matter; every other card of the 109
goes into the deck (shuffled by the position's seed, below any named top
cards) or onto the discard pile, so the document adds up like any save.

It must also be a position the rules can reach. Cards leave the hands and
displays only when a victim discards, and each discarded card is drawn
back, while a take or a single draw brings one more: so hands and
displays together always hold at least the cards dealt (13 a player).
A position that names fewer gets older layers of low cards under its
displays, where they change nothing the lesson is about.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.cards import HAND_SIZE, full_deck, parse_token, token
from ...engine.game import Game
from ...engine.rules import Rules
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
    _pad(doc, left, players)
    if position.rest == "deck":
        doc["deck"] += left
    else:
        doc["discard"] += left
    return doc


def _pad(doc: dict[str, Any], left: list[str], players: int) -> None:
    """Lay older layers under the displays until hands and displays hold the cards dealt.

    Raises:
        ValueError: when cards are missing and no display can take them.
    """
    held = sum(len(h) for h in doc["hands"]) + sum(len(layer) for d in doc["displays"] for layer in d)
    missing = HAND_SIZE * players - held
    seats = [seat for seat, d in enumerate(doc["displays"]) if d]
    if missing > 0 and not seats:
        raise ValueError(f"hands hold {held} cards, fewer than the {HAND_SIZE * players} dealt")
    turn = 0
    while missing > 0:
        size = min(missing, 2 + turn % 2)
        value = next(card for card in left if card not in ("13", "X") and left.count(card) >= size)
        for _ in range(size):
            left.remove(value)
        doc["displays"][seats[turn % len(seats)]].insert(0, [value] * size)
        missing -= size
        turn += 1


def build(position: Position) -> Game:
    """The game at a lesson's position.

    Raises:
        ValueError: for a position the rules cannot hold.
    """
    return Game.from_json(document(position))
