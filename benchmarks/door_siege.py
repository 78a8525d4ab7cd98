"""How the door holds against a siege from the people's own address: key logins, one after the other,
while a hostile client keeps connections open that say nothing, say their SSH version and no more, or
stop at the code question.

    python benchmarks/door_siege.py                            # no siege, then the issue's three
    python benchmarks/door_siege.py --spoken 20 --logins 10
    python benchmarks/door_siege.py --idle 300 --stalled 20 --logins 12

The club is started as a person starts it (``club_load.py``'s: ``python -m abluxxen club --bind
127.0.0.1 --port 0 --places P --code …``, a process with a data folder of its own), with the 64
places a club has by default. Every connection comes from 127.0.0.1: the people's address is the
hostile client's, as behind NAT, at a school, or through the ``ssh -R`` tunnel docs/hosting.md
describes. The siege runs in this process (``tests/hosting.py``'s ``Siege``), each of its
connections opened again as soon as the club closes it:

- ``--spoken N``: N TCP connections that send ``SSH-2.0-x`` and then nothing;
- ``--idle N``: N TCP connections that send nothing;
- ``--stalled N``: N SSH clients that come to the code question and never answer it.

Ann claims her name with her key before the siege; once the siege holds its connections (two
seconds), she logs in with the key ``--logins`` times, one after the other, by OpenSSH's ``ssh``
(a process of its own, as a person's is; by asyncssh from this process where there is no
``ssh``), each asking for a command, which the club answers that it runs none: the login got in.

Figures, for each siege: the logins that got in, of those tried; the time each took, p50 and
the longest; the connections the siege opened a second meanwhile (how hard it pushed); and the
club's CPU meanwhile, in per cent of one core (its workers' too).

The club is ``python -m abluxxen`` run from the current folder: run the script from another
checkout to measure that checkout's door (``cd ../old && python ../new/benchmarks/door_siege.py``).
Only loopback addresses are used; the club is ended (a signal) when the script ends.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh
from club_load import club

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from hosting import Siege  # noqa: E402  (the tests' hostile client: the same sieges as they meet)

CODE = "open door"
PLACES = 64
#: Seconds the siege has to open its connections before the logins begin.
SETTLING = 2.0
#: Seconds one login may take before it counts as failed.
PATIENCE = 60.0
#: No siege (what a login takes on this machine as it is), then the issue's sieges: (spoken, idle, stalled, logins).
SIEGES = [(0, 0, 0, 10), (10, 0, 0, 10), (20, 0, 0, 10), (0, 300, 20, 12)]


async def key_login(port: int, key: asyncssh.SSHKey, key_path: Path) -> str:
    """Ann's key login: ``in``, or why not."""
    if shutil.which("ssh") is None:
        try:
            conn = await asyncssh.connect("127.0.0.1", port, username="ann", client_keys=[key], known_hosts=None,
                                          agent_path=None)
        except (asyncssh.Error, OSError) as err:
            return str(err)
        conn.close()
        return "in"
    ssh = await asyncio.create_subprocess_exec(
        "ssh", "-F", "none", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o",
        "LogLevel=ERROR", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-i", str(key_path), "-p", str(port),
        "ann@127.0.0.1", "true", stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out, _ = await ssh.communicate()
    said = out.decode(errors="replace").strip()
    return "in" if ssh.returncode == 1 and "runs no commands" in said else said or f"ssh's exit status {ssh.returncode}"


@dataclass
class Held:
    """How the door held against one siege: the key logins that got in, the seconds a login took (p50, the
    longest), the connections the siege opened a second, the club's CPU meanwhile (per cent of one core),
    and what the first login that failed was told."""

    got_in: int
    p50: float
    longest: float
    rate: float
    cpu: float
    why: str


async def besiege(spoken: int, idle: int, stalled: int, logins: int, places: int = PLACES,
                  settling: float = SETTLING) -> Held:
    """One siege (``spoken``, ``idle`` and ``stalled`` connections, see above) against ``logins`` key logins,
    begun ``settling`` seconds after the siege."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    with club(places, code=CODE) as clubhouse, tempfile.TemporaryDirectory(prefix="abluxxen-siege-") as folder:
        key_path = Path(folder) / "ann_key"
        key_path.write_bytes(key.export_private_key())
        key_path.chmod(0o600)
        (await asyncssh.connect("127.0.0.1", clubhouse.port, username="ann", client_keys=[key], known_hosts=None,
                                agent_path=None)).close()  # her name is her key's now
        siege = Siege(clubhouse.port)
        siege.raw(spoken, b"SSH-2.0-x\r\n")
        siege.raw(idle)
        siege.stalled(stalled)
        await asyncio.sleep(settling)
        opened, began, cpu = siege.opened, time.monotonic(), clubhouse.cpu()
        took, failed = [], []
        try:
            for _ in range(logins):
                start = time.monotonic()
                try:
                    got = await asyncio.wait_for(key_login(clubhouse.port, key, key_path), PATIENCE)
                except TimeoutError:
                    got = f"no answer within {PATIENCE:.0f} s"
                took.append(time.monotonic() - start)
                if got != "in":
                    failed.append(got)
        finally:
            seconds = time.monotonic() - began
            rate, cpu = (siege.opened - opened) / seconds, 100 * (clubhouse.cpu() - cpu) / seconds
            await siege.stop()
    return Held(logins - len(failed), statistics.median(took), max(took), rate, cpu, failed[0] if failed else "")


def main(argv: list[str] | None = None) -> None:
    """Run each siege (the issue's three, or the one the options give) and print a line of figures for each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--spoken", type=int, default=0, metavar="N", help="N connections that say SSH-2.0-x only")
    parser.add_argument("--idle", type=int, default=0, metavar="N", help="N connections that say nothing")
    parser.add_argument("--stalled", type=int, default=0, metavar="N",
                        help="N SSH clients that never answer the code question")
    parser.add_argument("--logins", type=int, default=10, metavar="N", help="key logins, one after the other")
    parser.add_argument("--places", type=int, default=PLACES, metavar="P", help="the club's --places")
    args = parser.parse_args(argv)
    sieges = [(args.spoken, args.idle, args.stalled, args.logins)] if args.spoken or args.idle or args.stalled \
        else SIEGES
    print(f"Club: {os.getcwd()}, {args.places} places; logins by {'ssh' if shutil.which('ssh') else 'asyncssh'}; "
          f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    for spoken, idle, stalled, logins in sieges:
        row = asyncio.run(besiege(spoken, idle, stalled, logins, args.places))
        what = ", ".join(f"{n} {kind}" for n, kind in ((spoken, "spoken"), (idle, "idle"), (stalled, "stalled")) if n) \
            or "no siege"
        print(f"{what}: {row.got_in} of {logins} key logins in, each p50 {row.p50:.2f} s, longest "
              f"{row.longest:.2f} s; the siege opened {row.rate:.0f} connections a second, the club used "
              f"{row.cpu:.0f} % of a core"
              + (f"; the first that failed was told: {row.why}" if row.why else ""), flush=True)


if __name__ == "__main__":
    main()
