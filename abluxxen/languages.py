"""The languages the game speaks, and the one rule for picking one from the environment.

Both the game and the ``rules`` command read it here, so that they never
disagree; the module needs nothing but the standard library.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping

LANGS = ("en", "de")


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """``de`` when the user's language is German, else ``en``: the one rule every command follows.

    As gettext reads it: ``LANGUAGE`` (its first entry) wins unless the
    locale is plain ``C``/``POSIX``; then ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``; then, for the real environment, the process's locale.
    """
    env: Mapping[str, str] = os.environ if environ is None else environ
    locale_name = next((env[var] for var in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(var)), "")
    if locale_name not in ("C", "POSIX"):
        first = env.get("LANGUAGE", "").split(":")[0]
        if first:
            return _lang_of(first)
    if locale_name:
        return _lang_of(locale_name)
    if environ is not None:
        return "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return _lang_of(code)


def _lang_of(name: str) -> str:
    return "de" if name.lower().startswith("de") else "en"


# The German names players type for the variants and bot levels; the English ones are the program's own.
GERMAN_VARIANTS = {"grundspiel": "base", "fortgeschritten": "advanced", "fortgeschrittene": "advanced",
                   "experte": "expert", "experten": "expert"}
GERMAN_LEVELS = {"leicht": "easy", "mittel": "normal", "schwer": "hard"}


def variant_named(word: str) -> str:
    """The variant a word names, in either language (``Grundspiel`` is ``base``, and ``Variante für Experten``,
    as the game names it, ``expert``); unknown words as typed."""
    folded = " ".join(word.lower().split())
    for lead in ("variante ", "für ", "fuer "):
        folded = folded.removeprefix(lead)
    return GERMAN_VARIANTS.get(folded, folded)


def level_named(word: str) -> str:
    """The bot level a word names, in either language (``schwer`` is ``hard``); unknown words as typed."""
    folded = word.strip().lower()
    return GERMAN_LEVELS.get(folded, folded)
