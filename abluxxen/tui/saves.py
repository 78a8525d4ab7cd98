"""Autosave: the match and the table's settings, written atomically.

A save file is a JSON document of our own that wraps the engine's match
document (:meth:`Match.to_json`, which embeds the game)::

    {"format": "abluxxen-tui/1", "saved": "2026-11-22T03:00:00+00:00",
     "lang": "en", "delay": 0.6, "finished": false,
     "seats": [{"name": "Ann"}, {"name": "Ada", "bot": "hard"}],
     "log": [<events of the current game, Event.to_json>],
     "match": <Match.to_json()>}

Files live in ``$ABLUXXEN_DATA_DIR`` or the user's data directory
(platformdirs), one per match. Writing goes to a temporary file in the same
directory, which is checked by reading it back and then renamed over the
old save: a crash or a bug can never leave a half-written save, and a
document that would not load again never replaces a good one.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..events import Event
from ..languages import LANGS
from ..match import Match

FORMAT = "abluxxen-tui/1"
ENV_DIR = "ABLUXXEN_DATA_DIR"
BOT_LEVELS = ("easy", "normal", "hard")


class SaveError(ValueError):
    """A save file that cannot be read back, with the reason."""


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a human by name, or a bot of some level."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.bot is not None


@dataclass
class Saved:
    """A save file's content."""

    match: Match
    seats: list[Seat]
    lang: str = "en"
    delay: float = 0.6
    log: list[Event] = field(default_factory=list)
    finished: bool = False


def save_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where saves live: ``override``, else ``$ABLUXXEN_DATA_DIR``, else the user data directory."""
    if override:
        return Path(override)
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("abluxxen", appauthor=False)) / "saves"


def new_save_path(directory: Path, names: list[str]) -> Path:
    """A fresh file name for a new match: time and players."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    who = "-".join("".join(ch for ch in n if ch.isalnum())[:8] for n in names) or "game"
    path = directory / f"{stamp}-{who}.json"
    number = 2
    while path.exists():
        path = directory / f"{stamp}-{who}-{number}.json"
        number += 1
    return path


def to_document(saved: Saved) -> dict[str, Any]:
    """The JSON document of a save."""
    return {
        "format": FORMAT,
        "saved": datetime.now(UTC).isoformat(timespec="seconds"),
        "lang": saved.lang,
        "delay": saved.delay,
        "finished": saved.finished,
        "seats": [{"name": s.name} if s.bot is None else {"name": s.name, "bot": s.bot} for s in saved.seats],
        "log": [e.to_json() for e in saved.log],
        "match": saved.match.to_json(),
    }


def from_document(doc: Any) -> Saved:
    """A save from its document.

    Raises:
        SaveError: naming what is wrong.
    """
    if not isinstance(doc, dict):
        raise SaveError("not a save document (expected a JSON object)")
    if doc.get("format") != FORMAT:
        raise SaveError(f"unknown format {doc.get('format')!r} (expected {FORMAT!r})")
    try:
        match = Match.from_json(doc["match"])
        seats = [Seat(str(s["name"]), s.get("bot")) for s in doc["seats"]]
        log = [Event.from_json(e) for e in doc.get("log", [])]
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise SaveError(f"damaged save: {err}") from None
    if len(seats) != match.rules.players:
        raise SaveError(f"damaged save: {len(seats)} seats for a {match.rules.players}-player game")
    if any(s.bot is not None and s.bot not in BOT_LEVELS for s in seats):
        raise SaveError("damaged save: unknown bot level")
    lang = doc.get("lang", "en")
    delay = doc.get("delay", 0.6)
    if lang not in LANGS or not isinstance(delay, (int, float)):
        raise SaveError("damaged save: bad language or delay")
    return Saved(match=match, seats=seats, lang=lang, delay=float(delay), log=log,
                 finished=bool(doc.get("finished", False)))


def write_save(path: Path, saved: Saved) -> None:
    """Write a save atomically; the old file stays unless the new one reads back.

    Raises:
        SaveError: when the new document would not load again (the old file is kept).
        OSError: when the disk refuses.
    """
    text = json.dumps(to_document(saved), indent=1)
    from_document(json.loads(text))  # never replace a good save with one that won't load
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".save-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def read_save(path: Path) -> Saved:
    """Read a save file.

    Raises:
        SaveError: when the file is missing, not JSON, or damaged.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise SaveError(f"cannot read the file ({err.strerror or err})") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise SaveError(f"damaged save: not valid JSON (line {err.lineno})") from None
    return from_document(doc)


def latest_save(directory: Path) -> tuple[Path | None, list[tuple[Path, str]]]:
    """The newest save of an unfinished match, and the damaged files skipped on the way."""
    if not directory.is_dir():
        return None, []
    files = sorted(directory.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    damaged: list[tuple[Path, str]] = []
    for path in files:
        try:
            saved = read_save(path)
        except SaveError as err:
            damaged.append((path, str(err)))
            continue
        if not saved.finished:
            return path, damaged
    return None, damaged
