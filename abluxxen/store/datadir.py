"""Where the game keeps its files: one lookup for saves and records.

Light on purpose (standard library only, platformdirs only when needed), so
that ``abluxxen stats`` finds its database without loading the game.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

ENV_DIR = "ABLUXXEN_DATA_DIR"


def data_dir() -> Path:
    """``$ABLUXXEN_DATA_DIR``, else the user data directory (platformdirs)."""
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("abluxxen", appauthor=False))


def private_dir(path: Path) -> Path:
    """``path``, made if missing, with every folder this makes readable by its owner only (0700):
    the folders hold hands, seeds and records. Folders that were there already are left as they are.

    Raises:
        OSError: when a folder cannot be made.
    """
    missing = [p for p in (path, *path.parents) if not p.exists()]
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            pass  # made meanwhile by another process, the same way
    if not path.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))
    return path


def saves_in(data: Path) -> Path:
    """The save folder of a data directory.

    ``$ABLUXXEN_DATA_DIR`` has always held the saves themselves, so they stay
    there; the user data directory keeps them in ``saves/``.
    """
    return data if os.environ.get(ENV_DIR) else data / "saves"
