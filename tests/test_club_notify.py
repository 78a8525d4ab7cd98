"""``abluxxen club --notify COMMAND``: people who are away told through the operator's command, and the lobby's
``contact`` and ``notify`` that say how and whether."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import shlex
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from clubbing import ANN, BEN, clubbed, enter, kept_state
from hosting import WAIT
from waiting import alive, until

from abluxxen.club.lobby import Club
from abluxxen.club.notify import MAX_TEXT, Notifier
from abluxxen.club.people import Person
from abluxxen.club.workers import Workers
from abluxxen.store.accounts import open_accounts

ANN_AWAY = Person("SHA256:ann", "Ann", contact="ann@example.org")
BEN_AWAY = Person("SHA256:ben", "Ben", contact="ben@example.org")


def _run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test())


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def _logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == "abluxxen.host"]


def _started(monkeypatch: pytest.MonkeyPatch, texts: list[str], *, refused: int = 0) -> None:
    """Every command the running event loop starts from now on, its ``ABLUXXEN_TEXT`` added to ``texts``; the first
    ``refused`` of them fail to start."""
    loop = asyncio.get_running_loop()
    start = loop.subprocess_exec

    async def spied(*args: Any, **kwargs: Any) -> Any:
        texts.append(kwargs["env"]["ABLUXXEN_TEXT"])
        if len(texts) <= refused:
            raise FileNotFoundError(2, "No such file or directory", "/bin/sh")
        return await start(*args, **kwargs)
    monkeypatch.setattr(loop, "subprocess_exec", spied)


# -- the notifier: its command, its environment, one at a time, its time limit --------------------------------


def test_the_command_is_told_in_its_environment_and_hostile_text_arrives_as_data_on_one_line_never_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ABLUXXEN_TEST_CLUBS_OWN", "kept")  # the club's own environment comes too
    pwned = tmp_path / "pwned"
    told = tmp_path / "told"
    told.mkdir()
    # Each variable on a line of its own: a value of two lines would show as three.
    command = (f'printf "%s\\n" "$ABLUXXEN_EVENT" "$ABLUXXEN_ACCOUNT" "$ABLUXXEN_TABLE" "$ABLUXXEN_TEXT" '
               f'"$ABLUXXEN_CONTACT" "$ABLUXXEN_TEST_CLUBS_OWN" > {shlex.quote(str(told))}/part-"$ABLUXXEN_TABLE" '
               f'&& mv {shlex.quote(str(told))}/part-"$ABLUXXEN_TABLE" {shlex.quote(str(told))}/at-"$ABLUXXEN_TABLE"')
    hostile = (f'Bea said "hi" and \'bye\' $(touch {pwned}) `touch {pwned}`; touch {pwned}\nsecond line\r'
               f'\x1b[2J\x00end')
    contact = f"$(touch {pwned})'\";x@example.org"

    async def test() -> None:
        notifier = Notifier(command)
        notifier.tell(Person("SHA256:ann", "Ann", contact=contact), "your-move", 4, hostile)
        notifier.tell(Person("SHA256:ben", "Ben", contact="ben"), "game-over", None, "long " * 5000)
        await until(lambda: (told / "at-4").exists() and (told / "at-").exists(), "both commands to tell", WAIT)
        await notifier.ended()

    _run(test)
    assert _lines(told / "at-4") == [
        "your-move", "Ann", "4",
        f'Bea said "hi" and \'bye\' $(touch {pwned}) `touch {pwned}`; touch {pwned} second line [2J end',
        contact, "kept"]
    event, account, table, text, _, _ = _lines(told / "at-")
    assert (event, account, table) == ("game-over", "Ben", "")
    assert text.startswith("long long") and len(text) <= MAX_TEXT
    assert not pwned.exists()


def test_one_command_at_a_time_for_each_account_while_another_accounts_run_meanwhile(tmp_path: Path) -> None:
    said, gates = tmp_path / "said", tmp_path / "gates"
    gates.mkdir()
    # Each run says when it starts and ends, and ends only once its gate is open.
    command = (f'echo "start $ABLUXXEN_TEXT" >> {said}; '
               f'while [ ! -e {gates}/"$ABLUXXEN_TEXT" ]; do sleep 0.01; done; echo "end $ABLUXXEN_TEXT" >> {said}')
    for gate in ("b1", "b2"):
        (gates / gate).touch()

    async def test() -> None:
        notifier = Notifier(command)
        for person, text in ((ANN_AWAY, "a1"), (ANN_AWAY, "a2"), (BEN_AWAY, "b1"), (BEN_AWAY, "b2")):
            notifier.tell(person, "your-move", 1, text)
        # Ben's two run, one after the other, while Ann's first waits at its gate, and her second behind it.
        await until(lambda: "end b2" in _lines(said), "Ben's two commands to end", WAIT)
        assert "start a1" in _lines(said) and "start a2" not in _lines(said)
        (gates / "a1").touch()
        (gates / "a2").touch()
        await until(lambda: "end a2" in _lines(said), "Ann's second command to end", WAIT)
        await notifier.ended()

    _run(test)
    lines = _lines(said)
    assert lines.index("start b1") < lines.index("end b1") < lines.index("start b2")
    assert lines.index("start a1") < lines.index("end a1") < lines.index("start a2")
    assert lines.index("end b2") < lines.index("end a1")


def test_a_command_past_its_time_limit_is_killed_with_what_it_started_and_logged(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    pids = tmp_path / "pids"
    command = f'sleep 60 & echo $! > {pids}; wait'

    async def test() -> None:
        notifier = Notifier(command, timeout=1)
        started = time.monotonic()
        notifier.tell(ANN_AWAY, "deadline", 7, "slow")
        await until(lambda: _logged(caplog), "the command to be stopped", WAIT)
        assert time.monotonic() - started < 30
        await notifier.ended()

    with caplog.at_level(logging.INFO, logger="abluxxen.host"):
        _run(test)
    assert _logged(caplog) == ["Notify deadline for Ann at table 7 took more than 1 s: stopped"]
    sleeper = int(pids.read_text())
    asyncio.run(until(lambda: not alive(sleeper), "the command's own sleep 60 to be killed with it", WAIT))


def test_a_failing_command_is_logged_with_the_first_line_it_wrote_and_the_next_one_runs(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    done = tmp_path / "done"
    command = (f'if [ "$ABLUXXEN_TEXT" = bad ]; then echo "mail: no such user" >&2; echo "more" >&2; exit 3; fi; '
               f'echo "$ABLUXXEN_TEXT" >> {done}')
    async def test() -> None:
        _started(monkeypatch, [], refused=1)  # the first cannot start, as without /bin/sh
        notifier = Notifier(command)
        for text in ("first", "bad", "good"):
            notifier.tell(BEN_AWAY, "invited", 2, text)
        await until(lambda: _lines(done) == ["good"], "the command after the failed one to run", WAIT)
        await notifier.ended()

    with caplog.at_level(logging.INFO, logger="abluxxen.host"):
        _run(test)
    logged = _logged(caplog)
    assert len(logged) == 2, logged
    assert logged[0].startswith("Notify invited for Ben at table 2 could not start: ")
    assert logged[1] == "Notify invited for Ben at table 2 failed (status 3): mail: no such user"


def test_nothing_runs_for_a_person_with_notify_off_or_no_contact_nor_for_a_club_without_a_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    done = tmp_path / "done"
    started: list[str] = []

    async def test() -> None:
        _started(monkeypatch, started)
        silent = Notifier("")
        silent.tell(ANN_AWAY, "your-move", 1, "no command")
        notifier = Notifier(f'echo "$ABLUXXEN_TEXT" >> {done}')
        notifier.tell(Person(ANN_AWAY.key, "Ann", contact="ann@example.org", notify=False), "your-move", 1, "off")
        notifier.tell(Person(ANN_AWAY.key, "Ann"), "your-move", 1, "no contact")
        # Ann's tellings run in the order told: once this one ran, none before it is left to run.
        notifier.tell(ANN_AWAY, "your-move", 1, "on")
        await until(lambda: _lines(done) == ["on"], "the one telling due to run", WAIT)
        await notifier.ended()

    _run(test)
    assert started == ["on"]


def test_the_clubs_stop_drops_what_waits_and_kills_what_still_runs_after_a_moment(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    pids, done = tmp_path / "pids", tmp_path / "done"
    command = f'echo $$ > {pids}; sleep 60; echo "$ABLUXXEN_TEXT" >> {done}'

    async def test() -> None:
        notifier = Notifier(command)
        notifier.tell(ANN_AWAY, "your-move", 3, "running")
        notifier.tell(ANN_AWAY, "your-move", 3, "waiting")
        await until(pids.exists, "the first command to run", WAIT)
        started = time.monotonic()
        notifier.stop()
        notifier.tell(BEN_AWAY, "your-move", 3, "too late")
        await notifier.ended(grace=0.2)
        assert time.monotonic() - started < 10

    with caplog.at_level(logging.INFO, logger="abluxxen.host"):
        _run(test)
    assert not done.exists()
    assert _logged(caplog) == ["Notify: 1 not run, the club stops",
                               "Notify your-move for Ann at table 3 stopped with the club"]


# -- the club: tell_away in the account's language ------------------------------------------------------------


class Heard(Notifier):
    """A notifier that runs nothing: what it was told, in order."""

    def __init__(self) -> None:
        super().__init__("true")
        self.heard: list[tuple[str, str, int | None, str]] = []

    def tell(self, person: Person, event: str, table: int | None, text: str) -> None:
        self.heard.append((person.name, event, table, text))


def test_the_club_tells_an_account_that_is_away_in_its_own_language_on_one_line(tmp_path: Path) -> None:
    heard = Heard()
    club = Club(tmp_path, open_accounts(tmp_path), elsewhere=Workers(0), notifier=heard)
    club.people = {"SHA256:bea": Person("SHA256:bea", "Bea", contact="bea@example.org", lang="de"),
                   "SHA256:ann": Person("SHA256:ann", "Ann", contact="ann@example.org"),
                   "SHA256:cy": Person("SHA256:cy", "Cy", contact="cy@example.org", notify=False)}
    for key in ("SHA256:bea", "SHA256:ann", "SHA256:cy", "SHA256:nobody"):
        club.tell_away(key, "your-move", 4, "club.seat_waits", n=4)
    club.tell_away("SHA256:ann", "game-over", None, "club.help_admin")  # a text of several lines
    assert heard.heard[:2] == [("Bea", "your-move", 4, "Dein Platz an Tisch 4 wartet auf dich: setzen 4."),
                               ("Ann", "your-move", 4, "Your seat at table 4 waits for you: join 4.")]
    name, event, table, text = heard.heard[2]
    assert (name, event, table, len(heard.heard)) == ("Ann", "game-over", None, 3)
    assert text.startswith("As an admin: close N end table N") and "\n" not in text
    club.stop()
    club.tell_away("SHA256:ann", "your-move", 4, "club.seat_waits", n=4)
    assert len(heard.heard) == 3  # the club stopped: nobody is told any more


# -- the lobby's contact and notify --------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "contact", "notify", "off", "on", "words"), [
    ("en", "contact", "notify", "off", "on",
     ("Your contact is now ann@example.org.", "Notify is off", "This club tells nobody",
      "Your contact: ann@example.org (contact - forgets it).", "Notify is on", "Your contact is forgotten",
      "It needs your contact first")),
    ("de", "kontakt", "benachrichtigen", "aus", "an",
     ("Dein Kontakt ist jetzt ann@example.org.", "Benachrichtigen ist aus", "Dieser Club benachrichtigt niemanden",
      "Dein Kontakt: ann@example.org (kontakt - vergisst ihn).", "Benachrichtigen ist an",
      "Dein Kontakt ist vergessen", "Dafür fehlt noch dein Kontakt")),
], ids=["en", "de"])
def test_a_contact_and_notify_off_typed_in_the_lobby_are_kept_over_a_restart(
        tmp_path: Path, lang: str, contact: str, notify: str, off: str, on: str, words: tuple[str, ...]) -> None:
    now, off_now, nobody, kept, on_now, forgotten, needs = words

    async def first(club: Club, port: int) -> None:
        ann = await enter(port, "ann", key=ANN, lang=lang)
        ann.type(f"{contact} ann@example.org")
        await ann.sees(now)
        ann.type(f"{notify} {off}")
        shown = await ann.sees(off_now)
        assert nobody in shown  # a club started without --notify tells nobody, and says so

    clubbed(tmp_path, first)

    async def again(club: Club, port: int) -> None:
        club.notifier = Notifier("true")  # this time the club tells people
        ann = await enter(port, "ann", key=ANN, lang=lang)
        ann.type(contact)
        await ann.sees(kept)
        ann.type(notify)
        shown = await ann.sees(off_now)
        assert nobody not in shown
        ann.type(f"{notify} {on.upper()}")
        await ann.sees(on_now)
        ann.type(f"{contact} -")
        await ann.sees(forgotten)
        ann.type(notify)
        await ann.sees(needs)

    clubbed(tmp_path, again)
    (person,) = kept_state(tmp_path)["people"]
    assert (person["name"], person["contact"], person["notify"]) == ("Ann", "", True)


def test_a_guest_is_refused_contact_and_notify_in_one_line_and_nothing_is_kept(tmp_path: Path) -> None:
    async def test(club: Club, port: int) -> None:
        ben = await enter(port, "ben", key=BEN)
        zoe = await enter(port, "zoe", code="open door")
        for n, line in enumerate(("contact zoe@example.org", "notify off", "notify")):
            zoe.type(line)
            shown = await zoe.sees("Guests have no account: contact and notify need an SSH key.")
            assert shown.count("Guests have no account") == 1
            zoe.type(f"say line {n}")  # the refusal goes with the next line typed
            shown = await zoe.sees(f"zoe (guest): line {n}")
            assert "Guests have no account" not in shown
        ben.type("notify maybe")
        await ben.sees("notify takes on or off, not maybe.")

    clubbed(tmp_path, test, code="open door")
    assert [person["name"] for person in kept_state(tmp_path)["people"]] == ["Ben"]


def test_a_club_started_with_notify_tells_its_people_it_does(tmp_path: Path) -> None:
    env = dict(os.environ, ABLUXXEN_DATA_DIR=str(tmp_path), LANG="C.UTF-8")
    club = subprocess.Popen([sys.executable, "-m", "abluxxen", "club", "--port", "0", "--bind", "127.0.0.1",
                             "--lang", "en", "--notify", 'echo "$ABLUXXEN_TEXT" >> told'], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        assert club.stdout is not None
        found = re.search(r"ssh -p (\d+) NAME@", club.stdout.readline())
        assert found, club.stderr.read() if club.stderr else ""

        async def ann() -> None:
            ann = await enter(int(found.group(1)), "ann", key=ANN)
            ann.type("notify")
            shown = await ann.sees("Notify is on")
            assert "tells nobody" not in shown
            ann.close()

        asyncio.run(ann())
    finally:
        club.terminate()
        assert club.wait(timeout=WAIT) == 143
