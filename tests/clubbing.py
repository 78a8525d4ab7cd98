"""Helpers for the club's tests: a real club on loopback, SSH clients with their own keys."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

import asyncssh
from hosting import KEY, WAIT, Answers, Client, Terminal

from abluxxen.host.club import ClubHost
from abluxxen.store.accounts import open_accounts
from abluxxen.table.club import Club

ANN, BEN, CY = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))


def clubbed(directory: Path, test: Callable[[Club, int], Awaitable[None]], *, code: str = "",
            admins: Sequence[str] = (), grace: float = 120.0) -> None:
    """Run ``test`` against a club kept in ``directory`` on a free loopback port (its tables resumed)."""

    async def main() -> None:
        accounts = open_accounts(directory)
        club = Club(directory, accounts, grace=grace, delay=0)
        assert club.resume() == []
        host = ClubHost(club, accounts, code=code, admins=admins)
        port = await host.listen(KEY, bind="127.0.0.1", port=0)
        try:
            await test(club, port)
        finally:
            host.stop()
            await asyncio.sleep(0.05)
            accounts.close()

    asyncio.run(main())


async def knock(port: int, name: str, *, key: asyncssh.SSHKey | None = None, code: str = "") -> tuple[Any, Answers]:
    """Log in as ``ssh`` does (the key, then the code if asked); the connection, or the error, and what
    the client was told (banners, prompts)."""
    answers = Answers(code)
    try:
        conn, _ = await asyncssh.create_connection(lambda: answers, "127.0.0.1", port, username=name,
                                                   known_hosts=None, client_keys=[key] if key else None,
                                                   agent_path=None)
    except (asyncssh.Error, OSError) as err:
        return err, answers
    return conn, answers


async def enter(port: int, name: str, *, key: asyncssh.SSHKey | None = None, code: str = "",
                size: tuple[int, int] = (80, 24), lang: str = "en") -> Client:
    """A person's session in the club's lobby."""
    conn, answers = await knock(port, name, key=key, code=code)
    assert not isinstance(conn, Exception), f"{name} not let in: {conn} {answers.banners}"
    chan, term = await conn.create_session(lambda: Terminal(*size), term_type="xterm-256color", term_size=size,
                                           env={"LANG": "de_DE.UTF-8" if lang == "de" else "en_US.UTF-8"})
    assert isinstance(term, Terminal)
    client = Client(conn, chan, term)
    await client.sees("lobby ›" if lang == "en" else "Lobby ›", WAIT)
    return client
