"""``abluxxen play``: its options; the game itself is ``tui/play.py``'s."""

from __future__ import annotations

import argparse

from ..engine.rules import TIEBREAKS, VARIANTS
from ..i18n.catalog import in_language
from ..store.save_document import DEFAULT_DELAY
from .options import MAX_MATCH, add_lang, seconds, tiebreak, variant, whole
from .options import seed as seed_option

EPILOG = """examples:
  abluxxen play --players "Ann,Ben,Cy"         three friends, one keyboard
  abluxxen play --players "Ann,bot:hard,bot:normal" --seed 7
  abluxxen play --players "Ann,Ben" --no-duel  plain two-player game
  abluxxen play --players "Ann,bot,bot" --variant expert --match 3 --lang de

At the prompt: type a move (7 7 x, 77x, t/l, b/d; when drawing 7 draws a 7,
deck the deck, a letter a-f a duel group), ? for the legal moves and what the
table's symbols mean, hint, rules TOPIC, quit. Tab completes.
Every move is saved; continue an interrupted game with `abluxxen resume`.
"""
EPILOG_DE = """Beispiele:
  abluxxen play --players "Ann,Ben,Cy"         drei Freunde, eine Tastatur
  abluxxen play --players "Ann,bot:schwer,bot:mittel" --seed 7
  abluxxen play --players "Ann,Ben" --no-duel  das einfache Spiel zu zweit
  abluxxen play --players "Ann,bot,bot" --variant experten --match 3 --lang de

Am Tisch tippst du einen Zug (7 7 x, 77x, spiele 7 7, nimm/lass,
zurück/abwerfen; beim Ziehen zieht 7 eine 7, stapel vom Nachziehstapel, ein
Buchstabe a-f eine Vorratsgruppe im Duell; passe), ? für die erlaubten Züge
und die Zeichen am Tisch, tipp, regeln THEMA oder beenden. Tab ergänzt.
Jeder Zug wird gespeichert; eine unterbrochene Partie setzt
`abluxxen resume` fort.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``abluxxen play``."""
    parser.epilog = in_language(EPILOG, EPILOG_DE)
    parser.add_argument("--players", metavar="LIST",
                        help='comma-separated seats: names, or bot:easy|normal|hard '
                             '(e.g. "Ann,Ben,bot:hard")')
    parser.add_argument("--variant", type=variant, default=None, metavar="|".join(VARIANTS),
                        help="base (default): after a play that abluxxes nobody you may draw one card; "
                             "advanced: no such draw; expert: advanced, and 1s abluxx 13s and lone jokers")
    parser.add_argument("--no-duel", action="store_true",
                        help="two players without the shadow display")
    parser.add_argument("--tiebreak", type=tiebreak, default="fewest-hand", metavar="|".join(TIEBREAKS),
                        help="a tie on points goes to fewest cards in hand (default) or is shared")
    parser.add_argument("--match", type=whole(1, MAX_MATCH), default=1, metavar="N",
                        help="play N games, the starting player moving on; points add up (default 1)")
    parser.add_argument("--seed", type=seed_option, default=None, metavar="SEED",
                        help="deal with this seed to replay a deal: the seed a finished game showed "
                             "(e.g. 7K2Q-M4XA-…) or any whole number (default: a fresh random seed)")
    add_lang(parser)
    parser.add_argument("--delay", type=seconds, default=None, metavar="SECONDS",
                        help=f"pause after each bot move (default {DEFAULT_DELAY}; 0 for none)")
    parser.add_argument("--save-dir", metavar="DIR", default=None,
                        help="where games are saved (default: $ABLUXXEN_DATA_DIR or the user data dir)")
    parser.add_argument("--first", metavar="NAME|random", default=None,
                        help="who starts: a player's name, or random (default: the first seat; "
                             "the setup asks)")
    parser.add_argument("--setup", action="store_true",
                        help="ask who plays, variant and duel step by step (what plain `abluxxen` does; "
                             "also the default without --players)")


def run(args: argparse.Namespace) -> int:
    """Start the game (the setup first, without ``--players``); the exit status."""
    from ..tui.play import run as play

    return play(args)
