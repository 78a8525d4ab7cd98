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
from ..store.files import Refused, read_small

KEY_NAME = "host_key"
#: The most of a key file read: an ed25519 key is about 400 bytes, an RSA key of 16,384 bits under 13 KiB
#: (a link to ``/dev/zero`` must not fill the memory).
MAX_KEY_BYTES = 32 * 1024


class HostKeyError(Exception):
    """The key file exists but cannot be used (it is never overwritten); ``str()`` is English.

    Attributes:
        path: the key file.
        kind: what went wrong reading it: the file's refusal (not a regular file, a link to nothing…),
            or the exception's class name.
    """

    def __init__(self, path: Path, kind: str | Refused) -> None:
        self.path, self.kind = path, kind
        super().__init__(self.told(Tr("en")))

    def told(self, tr: Tr) -> str:
        """Why, and what to do, in ``tr``'s language."""
        kind = self.kind.told(tr) if isinstance(self.kind, Refused) else self.kind
        return tr("host.bad_key", path=self.path, kind=kind)


def host_key(directory: Path) -> asyncssh.SSHKey:
    """The host's ed25519 key from ``directory``, made (owner-only) when there is none.

    Raises:
        HostKeyError: the file is there but unreadable or not a key; it is left as it is.
    """
    path = directory / KEY_NAME
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    key = asyncssh.generate_private_key("ssh-ed25519")
    private_dir(directory)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another host made one meanwhile: use that one (once: it may be gone again)
        try:
            return _read_key(path)
        except FileNotFoundError:
            raise HostKeyError(path, "FileNotFoundError") from None
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
        out.flush()
        os.fsync(out.fileno())
    return key


def _read_key(path: Path) -> asyncssh.SSHKey:
    """The key in ``path``: a regular file of at most :data:`MAX_KEY_BYTES`, read without waiting on a pipe.

    Raises:
        FileNotFoundError: there is no file (nor a link) at ``path``.
        HostKeyError: there is one, but it is no key.
    """
    try:
        return asyncssh.import_private_key(read_small(path, MAX_KEY_BYTES))
    except FileNotFoundError:
        if os.path.lexists(path):  # a link to nothing: no key can be made there (O_EXCL), nor should be
            raise HostKeyError(path, Refused("dangling")) from None
        raise
    except Refused as refused:
        raise HostKeyError(path, refused) from None
    except (ValueError, asyncssh.KeyImportError) as err:
        raise HostKeyError(path, type(err).__name__) from None


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint as ``ssh`` shows it (``SHA256:…``)."""
    return str(key.get_fingerprint("sha256"))
