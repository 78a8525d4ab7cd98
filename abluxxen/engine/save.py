"""Save documents: a game as plain JSON data, and back, validated.

The format is described in ``docs/save-format.md``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from ..names import check_names
from ..quoting import quoted
from .cards import DECK_SIZE, JOKER, POOL_SIZE, cards_of, counts_of, full_deck, group_token, parse_token, token
from .layers import shadow_options
from .phase import END_REASONS, PHASE_NAMES, EndReason
from .rules import Rules
from .state import (
    BACK_OR_DISCARD,
    DRAW,
    OVER,
    PLAY,
    SHADOW,
    SINGLE_DRAW,
    TAKE_OR_LEAVE,
    State,
    beats,
    layer_cards,
)

FORMAT = "abluxxen/1"
_FIELDS = {"format", "rules", "names", "turn", "hands", "displays", "pool", "deck", "discard",
           "shadow", "removed", "known", "pending", "over"}
_PENDING_PHASES = {"shadow": SHADOW, "take": TAKE_OR_LEAVE, "back": BACK_OR_DISCARD,
                   "draw": DRAW, "single-draw": SINGLE_DRAW}

# The class rebuilt from a document: the contract's Game, which sits above this module.
G = TypeVar("G", bound=State)


def game_to_json(game: State) -> dict[str, Any]:
    """The save document of a game at any point, mid-turn included."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "rules": game.rules.to_json(),
        "names": list(game.names),
        "turn": game.turn,
        "hands": [[token(c) for c in cards_of(h)] for h in game.hands],
        "displays": [[[token(c) for c in layer_cards(layer)] for layer in d] for d in game.displays],
        "pool": [group_token(slot) for slot in game.pool],
        "deck": [token(c) for c in reversed(game.deck)],
        "discard": [token(c) for c in game.discard],
        "shadow": [token(c) for c in cards_of(game.shadow)],
        "removed": [token(c) for c in game.removed],
    }
    if any(k[0] for k in game.known):
        doc["known"] = [[token(c) for c in cards_of(k)] for k in game.known]
    phase = game.phase
    if phase == OVER:
        doc["over"] = {"reason": game.end_reason, "seat": game.end_seat}
    elif phase != PLAY:
        pending: dict[str, Any] = {"phase": PHASE_NAMES[phase]}
        if phase in (TAKE_OR_LEAVE, BACK_OR_DISCARD):
            pending["victim"] = game.victim
        if phase == DRAW:
            pending["drawer"] = game.drawer
        if phase in (DRAW, SINGLE_DRAW):
            pending["draws_left"] = game.draws_left
        if phase == SHADOW:
            pending["shadow_options"] = list(game.shadow_options)
        pending["queue"] = list(game.queue)
        doc["pending"] = pending
    return doc


def game_from_json(doc: Any, kind: type[G]) -> G:
    """Rebuild a game of class ``kind`` from its save document.

    Raises:
        ValueError: naming the first problem found.
    """
    rules, names = _header(doc)
    game = kind._blank(rules, names)
    _restore_cards(game, doc)
    _check_all_cards(game)
    if "known" in doc:
        _restore_known(game, doc["known"])
    if "over" in doc and "pending" in doc:
        raise ValueError("a finished game has no pending decision")
    if "over" in doc:
        _restore_over(game, doc["over"])
        return game
    # A hand only empties by playing its last card, which ends the game.
    empty = [s for s in range(rules.players) if not game.hands[s][0]]
    if empty:
        raise ValueError(f"hands[{empty[0]}] is empty, so the game would be over: add an 'over' field")
    if "pending" in doc:
        _restore_pending(game, doc["pending"])
    return game


def _header(doc: Any) -> tuple[Rules, list[str] | None]:
    """The document's rules and names, after checking it is a save document with every field it needs."""
    if not isinstance(doc, dict):
        raise ValueError("a save document is a JSON object")
    if doc.get("format") != FORMAT:
        raise ValueError(f"format must be {FORMAT!r}, not {quoted(doc.get('format'))}")
    unknown = set(doc) - _FIELDS
    if unknown:
        raise ValueError(f"unknown field(s) in save document: {', '.join(sorted(unknown))}")
    for field in ("rules", "turn", "hands", "displays", "pool", "deck"):
        if field not in doc:
            raise ValueError(f"save document has no {field!r}")
    rules = Rules.from_json(doc["rules"])
    n = rules.players
    names = doc.get("names")
    if names is not None and not (isinstance(names, list) and len(names) == n
                                  and all(isinstance(x, str) and x.isprintable() and x.strip() for x in names)):
        # The common case above costs next to nothing; here is why the names are not plain.
        if not isinstance(names, list) or len(names) != n \
                or not all(isinstance(x, str) and x.strip() for x in names):
            raise ValueError(f"names must be a list of {n} non-empty strings")
        check_names(names, n)
    return rules, names


def _restore_cards(game: State, doc: dict[str, Any]) -> None:
    """Whose turn it is, and every card where the document puts it (each place checked on its own)."""
    rules, n = game.rules, game.rules.players
    game.turn = _seat(doc["turn"], n, "turn")
    hands = _per_seat(doc["hands"], n, "hands")
    game.hands = [counts_of(_cards(h, f"hands[{s}]")) for s, h in enumerate(hands)]
    displays = _per_seat(doc["displays"], n, "displays")
    game.displays = [[_layer(layer, f"displays[{s}][{i}]") for i, layer in enumerate(_list(d, f"displays[{s}]"))]
                     for s, d in enumerate(displays)]
    game.pool = [_slot(slot, f"pool[{i}]", rules.is_duel) for i, slot in enumerate(_list(doc["pool"], "pool"))]
    if len(game.pool) > POOL_SIZE:
        raise ValueError(f"pool has {len(game.pool)} slots; it holds at most {POOL_SIZE}")
    game.deck = list(reversed(_cards(doc["deck"], "deck")))
    game.discard = _cards(doc.get("discard", []), "discard")
    shadow = _cards(doc.get("shadow", []), "shadow")
    if shadow and not rules.is_duel:
        raise ValueError("shadow must be empty outside the duel")
    if any(c >= 13 for c in shadow):
        raise ValueError("shadow cannot hold 13s or jokers: they go onto the pool")
    game.shadow = counts_of(shadow)
    game.removed = _cards(doc.get("removed", []), "removed")


def _restore_known(game: State, value: Any) -> None:
    """Which cards of each hand everybody has seen: only cards that hand holds."""
    n = game.rules.players
    known = _per_seat(value, n, "known")
    game.known = [counts_of(_cards(k, f"known[{s}]")) for s, k in enumerate(known)]
    for s in range(n):
        if any(game.known[s][v] > game.hands[s][v] for v in range(1, 15)):
            raise ValueError(f"known[{s}] lists cards that are not in hands[{s}]")


def _restore_over(game: State, over: Any) -> None:
    if not isinstance(over, dict) or over.get("reason") not in END_REASONS:
        raise ValueError("over must be an object with reason 'hand-empty' or 'exhausted'")
    game.phase = OVER
    game.end_reason = over["reason"]
    game.end_seat = _seat(over.get("seat"), game.rules.players, "over.seat")
    # The reason must be true of the position, or scores would be nonsense.
    if game.end_reason == EndReason.HAND_EMPTY and game.hands[game.end_seat][0]:
        raise ValueError(f"over: reason 'hand-empty' but hands[{game.end_seat}] still holds cards")
    if game.end_reason == EndReason.EXHAUSTED and (game.deck or game.pool):
        raise ValueError("over: reason 'exhausted' but the deck or the pool still holds cards")


def _restore_pending(game: State, pending: Any) -> None:
    n = game.rules.players
    if not isinstance(pending, dict) or not isinstance(pending.get("phase"), str) \
            or pending["phase"] not in _PENDING_PHASES:
        raise ValueError(f"pending.phase must be one of {', '.join(_PENDING_PHASES)}")
    phase = _PENDING_PHASES[pending["phase"]]
    game.phase = phase
    played = game.displays[game.turn]
    if not played:
        raise ValueError("pending: the active player has not played (their display is empty)")
    value, size, _ = played[-1]
    expert = game.rules.ones_beat_top
    queue = _list(pending.get("queue", []), "pending.queue")
    game.queue = [_seat(s, n, "pending.queue") for s in queue]
    for s in game.queue:
        if s == game.turn or not game.displays[s] or game.displays[s][-1][1] != size \
                or not beats(value, game.displays[s][-1][0], expert):
            raise ValueError(f"pending.queue: seat {s}'s top layer cannot be abluxxed by the played set")
    if phase in (TAKE_OR_LEAVE, BACK_OR_DISCARD):
        victim = _seat(pending.get("victim"), n, "pending.victim")
        top = game.displays[victim][-1] if game.displays[victim] else None
        if victim == game.turn or top is None or top[1] != size or not beats(value, top[0], expert):
            raise ValueError(f"pending.victim: seat {victim}'s top layer cannot be abluxxed by the played set")
        game.victim = victim
    if phase == SINGLE_DRAW and (not game.rules.single_draw or game.queue):
        raise ValueError("pending.phase 'single-draw' needs the base variant and a turn without abluxx "
                         "(an empty pending.queue)")
    if phase in (DRAW, SINGLE_DRAW):
        left = pending.get("draws_left")
        if isinstance(left, bool) or not isinstance(left, int) or left < 1 or (phase == SINGLE_DRAW and left != 1):
            raise ValueError("pending.draws_left must be a positive whole number (1 for a single draw)")
        game.draws_left = left
        game.drawer = game.turn if phase == SINGLE_DRAW else _seat(pending.get("drawer"), n, "pending.drawer")
        if phase == DRAW:
            game.victim = game.drawer
            if not game.deck and not game.pool:
                raise ValueError("pending.phase 'draw' with deck and pool empty: the game would be over")
    # Each victim is resolved once, clockwise from the attacker's left neighbour.
    resolving = ([game.victim] if phase in (TAKE_OR_LEAVE, BACK_OR_DISCARD, DRAW) else []) + game.queue
    clockwise = [(game.turn + i) % n for i in range(1, n)]
    if game.turn in resolving or resolving != sorted(set(resolving), key=clockwise.index):
        raise ValueError("pending.queue must list each victim still to come once, clockwise after the one "
                         "being resolved (never the attacker)")
    if phase == SHADOW:
        game.shadow_options = _shadow_choice(game, pending.get("shadow_options"), value, size)


def _shadow_choice(game: State, value: Any, played: int, size: int) -> list[int]:
    """The shadow groups a pending shadow choice offers: exactly those the played set abluxxes.

    Raises:
        ValueError: naming what is wrong with ``pending.shadow_options``.
    """
    options = _list(value, "pending.shadow_options")
    if any(isinstance(v, bool) or not isinstance(v, int) for v in options):
        raise ValueError("pending.shadow_options must list shadow values (whole numbers)")
    if len(set(options)) != len(options):
        raise ValueError("pending.shadow_options lists a value twice")
    if len(options) < 2 or options != shadow_options(game.shadow, played, size, game.rules.ones_beat_top):
        raise ValueError("pending.shadow_options must list, lowest first, the two or more shadow groups "
                         "the played set abluxxes")
    return list(options)


def _check_all_cards(game: State) -> None:
    cards: list[int] = []
    for h in game.hands:
        cards += cards_of(h)
    for d in game.displays:
        for layer in d:
            cards += layer_cards(layer)
    for slot in game.pool:
        cards += slot
    cards += game.deck + game.discard + cards_of(game.shadow) + game.removed
    have, want = counts_of(cards), counts_of(full_deck())
    if have == want:
        return
    problems = []
    for v in range(1, 15):
        if have[v] != want[v]:
            problems.append(f"{have[v]} × {token(v)} (want {want[v]})")
    raise ValueError(f"cards don't add up to the {DECK_SIZE}-card deck: {len(cards)} cards; "
                     + ", ".join(problems))


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list")
    return value


def _per_seat(value: Any, n: int, where: str) -> list[Any]:
    seats = _list(value, where)
    if len(seats) != n:
        raise ValueError(f"{where} must have one entry per seat ({n}), not {len(seats)}")
    return seats


def _seat(value: Any, n: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise ValueError(f"{where} must be a seat from 0 to {n - 1}, not {quoted(value)}")
    return value


def _cards(value: Any, where: str) -> list[int]:
    result = []
    for i, tok in enumerate(_list(value, where)):
        if not isinstance(tok, str):
            raise ValueError(f"{where}[{i}]: a card is a token such as \"7\" or \"X\", not {quoted(tok)}")
        try:
            result.append(parse_token(tok))
        except ValueError as err:
            raise ValueError(f"{where}[{i}]: {err}") from None
    return result


def _layer(value: Any, where: str) -> tuple[int, int, int]:
    cards = sorted(_cards(value, where))
    if not cards:
        raise ValueError(f"{where}: a layer holds at least one card")
    numbers = {c for c in cards if c != JOKER}
    if len(numbers) > 1:
        raise ValueError(f"{where}: a layer is one value (with or without jokers) or jokers alone, "
                         f"not {' '.join(token(c) for c in cards)}")
    jokers = cards.count(JOKER)
    return (numbers.pop() if numbers else JOKER, len(cards), jokers)


def _slot(value: Any, where: str, duel: bool) -> tuple[int, ...]:
    if not isinstance(value, str):
        raise ValueError(f"{where}: a pool slot is a token such as \"7\" or \"4+13+X\"")
    try:
        cards = tuple(sorted(parse_token(part) for part in value.split("+")))
    except ValueError as err:
        raise ValueError(f"{where}: {err}") from None
    if len(cards) > 1 and not duel:
        raise ValueError(f"{where}: pool groups ({value}) exist only in the duel")
    return cards
