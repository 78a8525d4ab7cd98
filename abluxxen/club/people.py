"""What the club remembers of each account between visits (:class:`Person`): how to reach them when they are
away (``contact``, and whether they want to be told: ``notify``), the language they last spoke, and when they
were last seen. Kept in the club's database (``state.py``'s ``people``); read warily, as everything a file
holds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..quoting import brief
from ..table.chat import MAX_NAME_SHOWN

#: The longest contact a person may leave (an e-mail address, a chat handle, a topic).
MAX_CONTACT = 200
#: What the club keeps to tell a person at their next login (the newest).
MAX_NEWS = 20


@dataclass
class Person:
    """An account as the club remembers it.

    Attributes:
        key: the account's key (its fingerprint: who they are to the tables).
        name: the account's name, as last seen.
        contact: what the operator's ``--notify`` command is given to reach them (``""``: nothing).
        notify: whether they want to be told when they are away (their move, an invitation, …).
        lang: the language of their last session (``en``, ``de``): what they are told in.
        seen: when they last left the club (the calendar's seconds; 0: not known).
        news: what to tell them when they next come (a text key and its fields each; oldest first).
    """

    key: str
    name: str
    contact: str = ""
    notify: bool = True
    lang: str = "en"
    seen: float = 0.0
    news: list[tuple[str, dict[str, str | int]]] = field(default_factory=list)

    _kept: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)

    def __setattr__(self, name: str, value: Any) -> None:
        super().__setattr__(name, value)
        if name != "_kept":
            super().__setattr__("_kept", None)  # (made again when next asked for)

    def kept(self) -> dict[str, Any]:
        """As the club's database keeps it: made again only after a change (the club's state names every
        account at each write), and shared, so never changed. (``news`` is changed only by being replaced.)"""
        if self._kept is None:
            self._kept = {"key": self.key, "name": self.name, "contact": self.contact, "notify": self.notify,
                          "lang": self.lang, "seen": self.seen, "news": [[key, fields] for key, fields in self.news]}
        return self._kept

    def hear(self, key: str, **fields: str | int) -> None:
        """Keep ``key`` (a text key of the club's) to tell them when they next come."""
        self.news = [*self.news, (key, fields)][-MAX_NEWS:]


def clean_contact(text: str) -> str:
    """A contact as kept: printable, one line, at most :data:`MAX_CONTACT` characters (it goes into a command's
    environment)."""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:MAX_CONTACT]


def people_from(kept: object) -> dict[str, Person]:
    """The people a database kept (a list of :meth:`Person.kept`), by key; an entry that is no such thing is
    passed over."""
    found: dict[str, Person] = {}
    for entry in (kept[:100_000] if isinstance(kept, list) else ()):
        if not isinstance(entry, dict):
            continue
        key, name = entry.get("key"), entry.get("name")
        if not isinstance(key, str) or not key or len(key) > 200 or not isinstance(name, str) or not name.strip():
            continue
        seen = entry.get("seen")
        found[key] = Person(key, brief(name, MAX_NAME_SHOWN), clean_contact(str(entry.get("contact") or "")),
                            entry.get("notify") is not False, "de" if entry.get("lang") == "de" else "en",
                            float(seen) if isinstance(seen, int | float) and not isinstance(seen, bool) else 0.0,
                            _news(entry.get("news")))
    return found


def _news(kept: object) -> list[tuple[str, dict[str, str | int]]]:
    """News as kept: each a club's text key (``club.``…) and its fields (short words and numbers)."""
    news: list[tuple[str, dict[str, str | int]]] = []
    for item in (kept[-MAX_NEWS:] if isinstance(kept, list) else ()):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                and item[0].startswith("club.news.") and isinstance(item[1], dict)):
            continue
        fields = {str(k)[:20]: v if isinstance(v, int) and not isinstance(v, bool) else brief(str(v), 60)
                  for k, v in list(item[1].items())[:8]}
        news.append((item[0][:60], fields))
    return news
