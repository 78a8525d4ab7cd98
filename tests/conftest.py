"""Every test gets its own data directory: a game finished in a test never reaches the player's records."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("ABLUXXEN_DATA_DIR", str(data))
    return data
