"""``abluxxen host``: its options; the hosting itself is ``host/start.py``'s."""

from __future__ import annotations

import argparse

from ..host.door import MAX_CONNECTIONS
from ..i18n.catalog import in_language
from ..table.room import MAX_WATCHERS
from .options import seconds_up_to, whole
from .play import add_arguments as add_table_arguments

#: The longest a dropped player's seat may wait (a day).
MAX_GRACE = 86_400.0

EPILOG = """examples:
  abluxxen host --players "Ann,Ben,Cy"                Ann plays here
  abluxxen host --players "Ann,Ben,bot:hard" --serve  nobody plays here
  abluxxen host --players "Ann,Ben" --code "blue river" --port 2200
  abluxxen host --resume                              after a crash

Friends type the line the host prints, e.g.  ssh -p 2222 ben@192.168.1.20
(their name is their seat; any other name watches) and the invite code when
asked. The seat is then theirs: they come back with the same SSH key, or
with the return code their screen shows. Check the host key's fingerprint
the first time. Logins are logged in host.log in the data folder.
"""
EPILOG_DE = """Beispiele:
  abluxxen host --players "Ann,Ben,Cy"                  Ann spielt hier
  abluxxen host --players "Ann,Ben,bot:schwer" --serve  niemand spielt hier
  abluxxen host --players "Ann,Ben" --code "blauer Fluss" --port 2200
  abluxxen host --resume                                nach einem Absturz

Mitspieler tippen die Zeile, die der Host zeigt, z. B.
ssh -p 2222 ben@192.168.1.20 (ihr Name ist ihr Platz, jeder andere Name
schaut zu), und den Einladungscode, wenn danach gefragt wird. Der Platz
gehört dann ihnen; zurück kommen sie mit demselben SSH-Schlüssel oder mit
dem Rückkehrcode, den ihr Bildschirm zeigt. Beim ersten Mal den
Fingerabdruck des Schlüssels prüfen. Anmeldungen stehen in host.log
im Datenordner.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``abluxxen host``: ``play``'s table options and the door's."""
    add_table_arguments(parser)
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    for action in list(parser._actions):
        if action.dest == "setup":  # a host names its seats on the command line
            parser._remove_action(action)
            for group in parser._action_groups:
                if action in group._group_actions:
                    group._group_actions.remove(action)
    parser.add_argument("--port", type=whole(0, 65535), default=None, metavar="N",
                        help="the SSH port friends connect to (default 2222, or with --resume the port "
                             "served last; 0 picks a free one)")
    parser.add_argument("--bind", metavar="ADDR", default="",
                        help="the address to listen on (default: every address of this machine)")
    parser.add_argument("--code", metavar="WORDS", default=None,
                        help="the invite code friends type when asked (default: a fresh random one)")
    parser.add_argument("--serve", action="store_true",
                        help="nobody plays at this terminal (without it the first name in --players plays here)")
    parser.add_argument("--grace", type=seconds_up_to(MAX_GRACE), default=120.0, metavar="SECONDS",
                        help="how long a dropped player's seat waits before a bot plays it (default 120)")
    parser.add_argument("--watchers", type=whole(0, MAX_CONNECTIONS), default=MAX_WATCHERS, metavar="N",
                        help=f"how many may watch at once (default {MAX_WATCHERS}; 0: nobody)")
    parser.add_argument("--resume", action="store_true",
                        help="reopen the game this host served last, with the same seats and code")


def run(args: argparse.Namespace) -> int:
    """Host the game; the exit status."""
    from ..host.start import run as host

    return host(args)
