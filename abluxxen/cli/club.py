"""``abluxxen club``: its options; the club itself is ``club/door.py``'s."""

from __future__ import annotations

import argparse

from ..host.door import MAX_CONNECTIONS, MAX_PLACES
from ..i18n.catalog import in_language
from ..store.save_document import DEFAULT_DELAY
from .host import MAX_GRACE
from .options import add_lang, seconds, seconds_up_to, whole

#: The most worker processes a club may be given.
MAX_WORKERS = 64

EPILOG = """examples:
  abluxxen club                                   a club on port 2222, people with SSH keys only
  abluxxen club --code "open door" --admins Ann   guests may watch and play with the code
  abluxxen club --workers 0                       every table in the club's own process
  abluxxen club --backup ~/club-2026-05-01        a copy of the club's data while it runs
  abluxxen club --notify 'notify-me.sh'           run a command to tell people who are away

People type  ssh -p 2222 NAME@THIS-MACHINE  : the first login with an SSH key
under a free NAME makes the name theirs. In the lobby: new, join N, watch N,
say TEXT, ? for the rest. new 3 days 2 invite bea,cy opens a table played
over days: each decision within two days, whenever it suits the player, who
is told it is their move (in the lobby, and by --notify). A restarted club
resumes every unfinished table, and gives the time it was down back to every
deadline. tournament new Cup rounds 3 opens a tournament: Swiss rounds at
tables of 2 to 5, live or over days, rated; its tables open by themselves.
The data folder ($ABLUXXEN_DATA_DIR) holds accounts, saves and records.
"""
EPILOG_DE = """Beispiele:
  abluxxen club                                    ein Club auf Port 2222, nur mit SSH-Schlüssel
  abluxxen club --code "offene Tür" --admins Ann   Gäste schauen zu und spielen mit dem Code
  abluxxen club --workers 0                        jeder Tisch im Prozess des Clubs
  abluxxen club --backup ~/club-2026-05-01         eine Kopie der Club-Daten, während er läuft
  abluxxen club --notify 'melde-mich.sh'           ein Befehl sagt Abwesenden Bescheid

Man tippt  ssh -p 2222 NAME@DIESER-RECHNER : die erste Anmeldung mit einem
SSH-Schlüssel unter einem freien NAME macht den Namen zum eigenen. In der
Lobby: neu, setzen N, zuschauen N, sag TEXT, ? für den Rest. neu 3 tage 2
einladen bea,cy eröffnet einen Tisch über Tage: jede Entscheidung binnen zwei
Tagen, wann es passt; wer dran ist, erfährt es (in der Lobby und per
--notify). Ein neu gestarteter Club nimmt jeden offenen Tisch wieder auf und
gibt jeder Frist die Zeit zurück, die er aus war. turnier neu Pokal runden 3
eröffnet ein Turnier: Schweizer Runden an Tischen zu 2 bis 5, live oder über
Tage, gewertet; seine Tische öffnen sich von selbst. Konten, Spielstände und
Aufzeichnungen liegen im Datenordner ($ABLUXXEN_DATA_DIR).
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``abluxxen club``."""
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    parser.add_argument("--port", type=whole(0, 65535), default=2222, metavar="N",
                        help="the SSH port people connect to (default 2222; 0 picks a free one)")
    parser.add_argument("--bind", metavar="ADDR", default="",
                        help="the address to listen on (default: every address of this machine)")
    parser.add_argument("--code", metavar="WORDS", default=None,
                        help="lets people without an SSH key in as guests, who type it when asked "
                             "(default: nobody without a key)")
    parser.add_argument("--admins", metavar="NAMES", default="",
                        help="accounts that may close a table (close N), ban and unban a key (ban NAME), "
                             "send someone back to the lobby (kick NAME) and mute them (mute NAME), "
                             "comma-separated")
    parser.add_argument("--grace", type=seconds_up_to(MAX_GRACE), default=120.0, metavar="SECONDS",
                        help="how long a dropped player's seat waits before a bot plays it (default 120)")
    parser.add_argument("--delay", type=seconds, default=DEFAULT_DELAY, metavar="SECONDS",
                        help=f"pause after each bot move (default {DEFAULT_DELAY}; 0 for none)")
    parser.add_argument("--places", type=whole(1, MAX_PLACES), default=MAX_CONNECTIONS, metavar="N",
                        help=f"connections the club takes at once: in the lobby, at tables and logging in "
                             f"(default {MAX_CONNECTIONS})")
    parser.add_argument("--workers", type=whole(0, MAX_WORKERS), default=None, metavar="N",
                        help="the most processes the tables play in, beside the club's own, started as the "
                             "tables need them (default 12, or 0 on a machine of one core; 0: in the club's own "
                             "process, which uses one core)")
    parser.add_argument("--notify", metavar="COMMAND", default="",
                        help="run COMMAND by sh -c to tell people who are away what waits for them (their move, an "
                             "invitation, a deadline, a game over), with ABLUXXEN_EVENT, ABLUXXEN_ACCOUNT, "
                             "ABLUXXEN_TABLE, ABLUXXEN_TEXT and ABLUXXEN_CONTACT in its environment")
    parser.add_argument("--backup", metavar="DIR", default=None,
                        help="copy the club's accounts, records, tables and saves into DIR (new or empty) while "
                             "the club runs, and exit; to restore, make DIR the data folder")
    add_lang(parser)


def run(args: argparse.Namespace) -> int:
    """Run the club; the exit status."""
    from ..club.door import run as club

    return club(args)
