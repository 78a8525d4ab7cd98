"""Event narration: the public log of the last moves, one sentence per turn.

A viewer only ever reads the events as :meth:`Event.visible_to` gives them,
so a card drawn from the deck is named to its drawer alone.

Every screen at a table shows the log after every move: each log is narrated
once for each kind of eyes and kept, and a move narrates only its own events.
The eyes are everybody's (what a watcher reads) until a seat has drawn from
the deck; from then on that seat reads a narration of its own, the only place
its drawn cards are named. What is kept is keyed by exactly that, and only
serves a log it was narrated from (the same events, in order, then more).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..engine.cards import JOKER, group_token
from ..engine.events import START, Event
from ..engine.phase import EndReason
from ..i18n.tr import Tr

# Pseudo-events the terminal game adds to the engine's: a game starts
# (``source`` holds the game number).


@dataclass
class _Draws:
    seat: int
    items: list[Event] = field(default_factory=list)


def narrate(events: Iterable[Event], viewer: int | None, names: Sequence[str], tr: Tr, *,
            hit: Sequence[tuple[int, tuple[int, ...]]] = (), attacker: int | None = None) -> list[str]:
    """The log as sentences, oldest first.

    Args:
        events: everything that happened, as the engine reported it.
        viewer: whose eyes the sentences are for (``None``: everybody).
        names: seat names.
        tr: the language.
        hit: the seats the play on the table abluxxes and their top layers, the one being resolved first
            (the engine tells of each victim only when its turn comes): the play's line names them all.
        attacker: whose play that is.
    """
    log = events if isinstance(events, list) else list(events)
    if not log:
        return [_Narration(names, tr).hit_words(hit, attacker)] if hit and attacker is not None else []
    public = _told(log, None, names, tr)
    # A seat's own narration differs from everybody's only by the cards it drew from the deck.
    eyes = viewer if viewer is not None and viewer in public.drawers else None
    story = (public if eyes is None else _told(log, eyes, names, tr)).story
    return story.so_far(hit, attacker)


def sentences_before(events: Iterable[Event], names: Sequence[str], tr: Tr) -> int:
    """How many sentences a log's first ``events`` end: the index, in the whole log's narration, of the first
    sentence that tells something after them (one they began, and what came after ends, is that one).
    Whose eyes read it changes no sentence's end: only the cards named in a draw."""
    story = _Narration(names, tr)
    for event in events:
        story.tell(event)
    return len(story.sentences)


def last_said(events: Sequence[Event], names: Sequence[str], tr: Tr) -> str | None:
    """The log's last sentence as everybody reads it (``narrate(events, None, names, tr)[-1]``; ``None``: none
    yet), narrated from the last turn's end before it, never from the game's start: a turn's end leaves
    nothing open, so one sentence costs the same however long the game (the club tells it at every turn)."""
    end = start = len(events)
    while start > 0:
        start -= 1  # one turn further back, for a turn that told nothing
        while start > 0 and events[start - 1].kind != "turn":
            start -= 1
        story = _Narration(names, tr)
        for event in events[start:end]:
            story.tell(event.visible_to(None))
        told = story.so_far()
        if told:
            return told[-1]
    return None


@dataclass
class _Told:
    """A log narrated so far for one kind of eyes (``None``: everybody's), its last sentence still open."""

    events: list[Event]
    story: _Narration
    #: The seats that drew from the deck in these events (whose eyes see more than everybody's).
    drawers: set[int] = field(default_factory=set)

    def tell(self, events: Sequence[Event], eyes: int | None) -> None:
        """Narrate ``events``, the log's next ones."""
        for raw in events:
            if raw.kind == "draw" and raw.source == "deck" and raw.cards and raw.seat is not None:
                self.drawers.add(raw.seat)
            self.story.tell(raw.visible_to(eyes))
        self.events.extend(events)


def _told(log: list[Event], eyes: int | None, names: Sequence[str], tr: Tr) -> _Told:
    """``log`` narrated for ``eyes``: what was kept of it, with the events since told."""
    names = tuple(names)
    key = (id(log[0]), eyes, tr.lang, names)  # (the first event is kept alive by its entry)
    told = _TOLD.get(key)
    done = len(told.events) if told is not None else 0
    if told is None or done > len(log) or log[:done] != told.events:  # another log (or one taken back)
        told, done = _Told([], _Narration(names, tr)), 0
        _TOLD[key] = told
        if len(_TOLD) > MAX_TOLD:
            _TOLD.popitem(last=False)
    _TOLD.move_to_end(key)
    told.tell(log[done:], eyes)
    return told


#: Logs narrated lately, by the log, the eyes, the language and the names (the oldest forgotten first):
#: a hundred tables' worth, each for everybody and each seat, in two languages.
_TOLD: OrderedDict[tuple[object, ...], _Told] = OrderedDict()
MAX_TOLD = 2_000


class _Narration:
    """Sentences being written: a turn's events join into one sentence, a seat's draws into one part."""

    def __init__(self, names: Sequence[str], tr: Tr) -> None:
        self.names, self.tr = names, tr
        self.sentences: list[str] = []
        self.parts: list[str] = []
        self.draws: _Draws | None = None
        # Whether the sentence so far is a play alone (then a turn's end says "no abluxx").
        self.only_play = False
        # The open sentence's last abluxx part: where it is, its text's key, the attacker's name, the seat it
        # abluxxes and the victims it names.
        self.hit: tuple[int, str, str, int, str] | None = None

    def tell(self, ev: Event) -> None:
        """Add one event (as the viewer may see it)."""
        if ev.kind != "draw":
            self._flush_draws()
        if ev.kind not in ("turn", "refill", "play"):
            self.only_play = False
        getattr(self, _TELLERS.get(ev.kind, "_ignore"))(ev, self.names[ev.seat] if ev.seat is not None else "")

    def so_far(self, hit: Sequence[tuple[int, tuple[int, ...]]] = (), attacker: int | None = None) -> list[str]:
        """The sentences, the one being written ended (a new list; nothing here changes); the victims still
        to come of ``hit`` (see :func:`narrate`) named in its last abluxx part."""
        parts = self.parts + ([_draw_words(self.draws, self.names, self.tr)] if self.draws is not None else [])
        told = self.hit
        if hit and told is not None and told[3] == hit[0][0]:
            at, key, name, _, victim = told
            parts[at] = self.tr(key, name=name, victims=self.tr.listing([victim, *(self._victim(*h) for h in hit[1:])]))
        elif hit and attacker is not None:  # a set-up position: the play on the table is in no sentence
            return self.sentences + ([" — ".join(parts)] if parts else []) + [self.hit_words(hit, attacker)]
        return self.sentences + ([" — ".join(parts)] if parts else [])

    def hit_words(self, hit: Sequence[tuple[int, tuple[int, ...]]], attacker: int) -> str:
        """A sentence of its own naming every victim of ``attacker``'s set."""
        return self.tr("n.hit", name=self.names[attacker], victims=self.tr.listing([self._victim(*h) for h in hit]))

    def _victim(self, seat: int, cards: tuple[int, ...]) -> str:
        return self.tr("n.victim", name=self.names[seat], cards=self.tr.owned_words(cards))

    def close(self) -> None:
        """End the sentence being written."""
        self._flush_draws()
        if self.parts:
            self.sentences.append(" — ".join(self.parts))
        self.parts = []
        self.hit = None

    def _flush_draws(self) -> None:
        if self.draws is not None:
            self.parts.append(_draw_words(self.draws, self.names, self.tr))
            self.draws = None

    def _it(self, ev: Event) -> str:
        if len(ev.cards) != 1:
            return self.tr("n.them")
        return self.tr("n.it_joker" if ev.cards[0] == JOKER else "n.it")  # German: "sie" for a 7, "ihn" for a joker

    def _ignore(self, ev: Event, name: str) -> None:
        pass  # a refill shows on the table, not in the log

    def _start(self, ev: Event, name: str) -> None:
        self.close()
        # A game dealt from its start has a number; a lesson's position was set up mid-game.
        key = "n.start" if str(ev.source).isdigit() else "n.position"
        self.sentences.append(self.tr(key, n=ev.source, name=name))

    def _play(self, ev: Event, name: str) -> None:
        self.close()
        self.parts.append(self.tr("n.play", name=name, cards=self.tr.set_words(ev.cards)))
        self.only_play = True

    def _abluxx(self, ev: Event, name: str) -> None:
        assert ev.other is not None
        key = "n.abluxx" if len(self.parts) == 1 else "n.abluxx_again"
        victim = self._victim(ev.other, ev.cards)
        self.hit = (len(self.parts), key, name, ev.other, victim)
        self.parts.append(self.tr(key, name=name, victims=victim))

    def _shadowluxx(self, ev: Event, name: str) -> None:
        self.parts.append(self.tr("n.shadowluxx", cards=self.tr.owned_words(ev.cards), it=self._it(ev)))

    def _answer(self, ev: Event, name: str) -> None:
        self.parts.append(self.tr(f"n.{ev.kind}", name=name, it=self._it(ev)))

    def _draw(self, ev: Event, name: str) -> None:
        assert ev.seat is not None
        if self.draws is None or self.draws.seat != ev.seat:
            self._flush_draws()
            self.draws = _Draws(ev.seat)
        self.draws.items.append(ev)

    def _to_pool(self, ev: Event, name: str) -> None:
        self.parts.append(self.tr("n.to_pool", card=self.tr.set_words(ev.cards)))

    def _removed(self, ev: Event, name: str) -> None:
        self.parts.append(self.tr("n.removed", card=self.tr.set_words(ev.cards, subject=True)))

    def _game_over(self, ev: Event, name: str) -> None:
        key = "n.over_hand" if ev.source == EndReason.HAND_EMPTY else "n.over_exhausted"
        self.parts.append(self.tr(key, name=name))
        self.close()

    def _turn(self, ev: Event, name: str) -> None:
        if self.only_play and len(self.parts) == 1:
            self.parts.append(self.tr("n.no_abluxx"))
        self.only_play = False
        self.close()


# Which method of _Narration tells each kind of event.
_TELLERS = {START: "_start", "play": "_play", "abluxx": "_abluxx", "shadowluxx": "_shadowluxx",
            "take": "_answer", "leave": "_answer", "back": "_answer", "discard": "_answer", "pass": "_answer",
            "draw": "_draw", "to-pool": "_to_pool", "removed": "_removed", "game-over": "_game_over",
            "turn": "_turn"}


def _draw_words(draws: _Draws, names: Sequence[str], tr: Tr) -> str:
    name = names[draws.seat]
    pool: list[str] = []
    deck_seen: list[str] = []
    deck_hidden = 0
    total = 0
    for ev in draws.items:
        if ev.source == "pool":
            total += 1
            if len(ev.cards) == 1:
                pool.append(tr.card(ev.cards[0]))
            else:
                pool.append(("die Gruppe " if tr.lang == "de" else "the group ") + group_token(ev.cards))
        elif ev.hidden:
            total += ev.hidden
            deck_hidden += ev.hidden
        else:
            total += len(ev.cards)
            deck_seen.extend(tr.card(c) for c in ev.cards)
    sources: list[str] = []
    if pool:
        sources.append(tr("n.from_pool", cards=", ".join(pool)))
    if deck_seen:
        sources.append(tr("n.from_deck_seen", cards=", ".join(deck_seen)))
    if deck_hidden:
        count = tr.number(deck_hidden) if tr.lang == "en" else _de_count(deck_hidden)
        sources.append(tr("n.from_deck_hidden", count=count))
    if total == 1:
        return tr("n.draws_one", name=name, source=sources[0])
    return tr("n.draws", name=name, n=total, sources=", ".join(sources))


def _de_count(n: int) -> str:
    return "eine" if n == 1 else Tr("de").number(n)
