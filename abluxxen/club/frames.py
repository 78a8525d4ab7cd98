"""The frames between a club and its workers: each a kind, a session's number (0: none) and a length,
then that many bytes (see :mod:`.workers` for the kinds), and how a person's visit to a table ended.
"""

from __future__ import annotations

import asyncio
import struct
from dataclasses import dataclass

from ..host.log import log

#: A frame's head: its kind (one byte), the session's number, the length of what follows.
HEAD = struct.Struct("!cII")
#: The longest frame either side takes (a screen's drawing is a few KiB; an order, a table's chat).
MAX_FRAME = 4 * 1024 * 1024
#: What one side may have written that the other has not read, before it counts as no longer reading.
MAX_UNSENT = 8 * MAX_FRAME
#: The longest line of a worker's log the club takes (a traceback is a few KiB).
MAX_LOG_LINE = 64 * 1024


@dataclass(frozen=True)
class Ending:
    """How a person's visit to a table ended.

    Attributes:
        goodbye: what they are told if they leave the club with it ("" for nothing).
        reason: why the room sent their screen away (``closed``, ``elsewhere``, ``stopped``, ``kicked``), or
            why it went (``failed``: the worker it played in; ``broken``: their screen failed); "" when they
            left it themselves.
        lost: their terminal went away.
        seated: they had a seat there (not watching).
    """

    goodbye: str = ""
    reason: str = ""
    lost: bool = False
    seated: bool = False


def send(writer: asyncio.StreamWriter, kind: bytes, session: int, payload: bytes) -> bool:
    """Write one frame; whether it went (nothing goes once the other side is gone).

    What the other side has not read yet waits in this process, and must not grow without end: past
    :data:`MAX_UNSENT` the other side has stopped reading (a worker stuck, or the club), and the pair is
    closed, as if it had ended: a worker's tables then play on in a new one from their saves, and a
    worker whose club is gone stops its tables. A live side reads far faster than people make frames,
    and what a person types is held at their client meanwhile (see ``Relay.backlog``).
    """
    if writer.is_closing():
        return False
    if writer.transport.get_write_buffer_size() > MAX_UNSENT:
        log.error("The other end of a club's worker pair stopped reading (%d bytes unsent): closed",
                  writer.transport.get_write_buffer_size())
        writer.close()
        return False
    writer.write(HEAD.pack(kind, session, len(payload)) + payload)
    return True


async def receive(reader: asyncio.StreamReader) -> tuple[bytes, int, bytes]:
    """Read one frame.

    Raises:
        asyncio.IncompleteReadError: the other side is gone.
        ValueError: a frame too long to be one of ours.
    """
    kind, session, length = HEAD.unpack(await reader.readexactly(HEAD.size))
    if length > MAX_FRAME:
        raise ValueError(f"a frame of {length} bytes")
    return kind, session, await reader.readexactly(length)
