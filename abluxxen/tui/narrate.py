"""Event narration: the public log of the last moves, one sentence per turn.

A viewer only ever reads the events as :meth:`Event.visible_to` gives them,
so a card drawn from the deck is named to its drawer alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..cards import group_token
from ..events import START, Event
from ..phase import EndReason
from .i18n import Tr

# Pseudo-events the terminal game adds to the engine's: a game starts
# (``source`` holds the game number).


@dataclass
class _Draws:
    seat: int
    items: list[Event] = field(default_factory=list)


def narrate(events: Iterable[Event], viewer: int | None, names: Sequence[str], tr: Tr) -> list[str]:
    """The log as sentences, oldest first.

    Args:
        events: everything that happened, as the engine reported it.
        viewer: whose eyes the sentences are for (``None``: everybody).
        names: seat names.
        tr: the language.
    """
    sentences: list[str] = []
    parts: list[str] = []
    draws: _Draws | None = None
    only_play = False

    def flush_draws() -> None:
        nonlocal draws
        if draws is not None:
            parts.append(_draw_words(draws, names, tr))
            draws = None

    def close() -> None:
        nonlocal parts
        flush_draws()
        if parts:
            sentences.append(" — ".join(parts))
        parts = []

    for raw in events:
        ev = raw.visible_to(viewer)
        kind = ev.kind
        if kind != "draw":
            flush_draws()
        if kind != "turn" and kind != "refill" and kind != "play":
            only_play = False
        name = names[ev.seat] if ev.seat is not None else ""
        if kind == START:
            close()
            sentences.append(tr("n.start", n=ev.source, name=name))
        elif kind == "play":
            close()
            parts.append(tr("n.play", name=name, cards=tr.set_words(ev.cards)))
            only_play = True
        elif kind == "abluxx":
            assert ev.other is not None
            key = "n.abluxx" if len(parts) == 1 else "n.abluxx_again"
            parts.append(tr(key, name=name, victim=names[ev.other], cards=tr.owned_words(ev.cards)))
        elif kind == "shadowluxx":
            it = tr("n.it") if len(ev.cards) == 1 else tr("n.them")
            parts.append(tr("n.shadowluxx", cards=tr.owned_words(ev.cards), it=it))
        elif kind in ("take", "leave", "back", "discard", "pass"):
            it = tr("n.it") if len(ev.cards) == 1 else tr("n.them")
            parts.append(tr(f"n.{kind}", name=name, it=it))
        elif kind == "draw":
            assert ev.seat is not None
            if draws is None or draws.seat != ev.seat:
                flush_draws()
                draws = _Draws(ev.seat)
            draws.items.append(ev)
        elif kind == "to-pool":
            parts.append(tr("n.to_pool", card=tr.set_words(ev.cards)))
        elif kind == "removed":
            parts.append(tr("n.removed", card=tr.set_words(ev.cards)))
        elif kind == "game-over":
            key = "n.over_hand" if ev.source == EndReason.HAND_EMPTY else "n.over_exhausted"
            parts.append(tr(key, name=name))
            close()
        elif kind == "turn":
            if only_play and len(parts) == 1:
                parts.append(tr("n.no_abluxx"))
            only_play = False
            close()
    close()
    return sentences


def _draw_words(draws: _Draws, names: Sequence[str], tr: Tr) -> str:
    name = names[draws.seat]
    pool: list[str] = []
    deck_seen: list[str] = []
    deck_hidden = 0
    total = 0
    for ev in draws.items:
        if ev.source == "pool":
            total += 1
            if len(ev.cards) == 1:
                pool.append(tr.card(ev.cards[0]))
            else:
                pool.append(("die Gruppe " if tr.lang == "de" else "the group ") + group_token(ev.cards))
        elif ev.hidden:
            total += ev.hidden
            deck_hidden += ev.hidden
        else:
            total += len(ev.cards)
            deck_seen.extend(tr.card(c) for c in ev.cards)
    sources: list[str] = []
    if pool:
        sources.append(tr("n.from_pool", cards=", ".join(pool)))
    if deck_seen:
        sources.append(tr("n.from_deck_seen", cards=", ".join(deck_seen)))
    if deck_hidden:
        count = tr.number(deck_hidden) if tr.lang == "en" else _de_count(deck_hidden)
        sources.append(tr("n.from_deck_hidden", count=count))
    if total == 1:
        return tr("n.draws_one", name=name, source=sources[0])
    return tr("n.draws", name=name, n=total, sources=", ".join(sources))


def _de_count(n: int) -> str:
    return "eine" if n == 1 else Tr("de").number(n)
