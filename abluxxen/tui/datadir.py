"""Where the game keeps its files: one lookup for saves and records.

Light on purpose (standard library only, platformdirs only when needed), so
that ``abluxxen stats`` finds its database without loading the game.
"""

from __future__ import annotations

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


def saves_in(data: Path) -> Path:
    """The save folder of a data directory.

    ``$ABLUXXEN_DATA_DIR`` has always held the saves themselves, so they stay
    there; the user data directory keeps them in ``saves/``.
    """
    return data if os.environ.get(ENV_DIR) else data / "saves"
