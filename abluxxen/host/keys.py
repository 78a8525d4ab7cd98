"""The host's SSH key: made once, kept owner-only in the data folder, the same for every game.

Friends' SSH clients remember it (``known_hosts``) on the first visit and warn
if it ever changes, so it must not change between games: the fingerprint the
host prints is the one they can check.
"""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

from ..i18n.tr import Tr
from ..store.datadir import private_dir

KEY_NAME = "host_key"


class HostKeyError(Exception):
    """The key file exists but cannot be used (it is never overwritten); ``str()`` is English.

    Attributes:
        path: the key file.
        kind: what went wrong reading it (the exception's class name).
    """

    def __init__(self, path: Path, kind: str) -> None:
        self.path, self.kind = path, kind
        super().__init__(self.told(Tr("en")))

    def told(self, tr: Tr) -> str:
        """Why, and what to do, in ``tr``'s language."""
        return tr("host.bad_key", path=str(self.path), kind=self.kind)


def host_key(directory: Path) -> asyncssh.SSHKey:
    """The host's ed25519 key from ``directory``, made (owner-only) when there is none.

    Raises:
        HostKeyError: the file is there but unreadable or not a key; it is left as it is.
    """
    path = directory / KEY_NAME
    try:
        return asyncssh.read_private_key(str(path))
    except FileNotFoundError:
        pass
    except (OSError, ValueError, asyncssh.KeyImportError) as err:
        raise HostKeyError(path, type(err).__name__) from None
    key = asyncssh.generate_private_key("ssh-ed25519")
    private_dir(directory)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another host made one meanwhile: use that one
        return host_key(directory)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
        out.flush()
        os.fsync(out.fileno())
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint as ``ssh`` shows it (``SHA256:…``)."""
    return str(key.get_fingerprint("sha256"))
