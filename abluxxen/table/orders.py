"""A host's orders at a table: ``kick``, ``mute``, ``unmute`` and ``watchers``."""

from __future__ import annotations

from collections.abc import Sequence

from ..quoting import brief
from .chat import MAX_NAME_SHOWN
from .room import Room

#: The words that close watching (``watchers off``).
NONE_WORDS = ("off", "none", "aus", "keine")


def host_order(room: Room, order: str, words: Sequence[str]) -> tuple[str, dict[str, object]]:
    """Carry out a host's ``order`` (``kick``, ``mute``, ``unmute`` or ``watchers``) on the ``words``
    typed after it; its answer, a text key and its fields."""
    if len(words) != 1:
        return "host.order.usage", {}
    target = words[0]
    if order == "watchers":
        count = 0 if target.lower() in NONE_WORDS else int(target) if target.isdigit() and len(target) < 5 \
            else None
        if count is None:
            return "host.order.usage", {}
        room.allow_watchers(count)
        return "host.order.watchers", {"n": count}
    name: dict[str, object] = {"name": brief(target, MAX_NAME_SHOWN)}
    if order == "kick":
        gone = room.kick(target)
        return (f"host.order.kick_{gone}" if gone else "host.order.nobody"), name
    return (f"host.order.{order}" if room.mute(target, order == "mute") else "host.order.nobody"), name
