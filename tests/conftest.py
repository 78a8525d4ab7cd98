"""Every test gets its own data directory: a game finished in a test never reaches the player's records.

And every test leaves the process's signal handlers as it found them: a game that ends because its
terminal went away keeps ignoring signals to its exit (see ``ignore_stop_signals`` in ``tui/stops.py``),
which in a test's process must end with the test.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

_SIGNALS = [s for s in (getattr(signal, name, None) for name in ("SIGHUP", "SIGTERM", "SIGINT")) if s is not None]


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(data))
    return data


@pytest.fixture(autouse=True)
def _signals_as_found() -> Iterator[None]:
    handlers = {number: signal.getsignal(number) for number in _SIGNALS}
    hook = sys.unraisablehook
    yield
    for number, handler in handlers.items():
        signal.signal(number, handler)
    sys.unraisablehook = hook
