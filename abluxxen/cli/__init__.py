"""The commands: ``abluxxen`` and its subcommands (play, resume, rules, stats, simulate, bench).

The dispatcher imports only the subcommand that runs, so ``abluxxen rules``
starts fast and never loads the game UI.
"""

from .main import main

__all__ = ["main"]
