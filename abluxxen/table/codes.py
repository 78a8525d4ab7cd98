"""Invite codes: easy to say, hard to guess, compared without a timing hint.

A fresh code is three words of two syllables each (``bako-rimu-tesa``), from
consonants and vowels that English and German speakers say alike: about 35
bits. Whatever a person types is read loosely: case, spaces, hyphens and
underscores do not count.
"""

from __future__ import annotations

import hmac
import secrets

_CONSONANTS = "bdfgklmnprst"
_VOWELS = "aeiou"
#: The longest code ``--code`` takes (after reading it loosely).
MAX_CODE = 64


def new_code(words: int = 3) -> str:
    """A fresh random invite code such as ``bako-rimu-tesa``."""
    def syllable() -> str:
        return secrets.choice(_CONSONANTS) + secrets.choice(_VOWELS)
    return "-".join(syllable() + syllable() for _ in range(words))


def canonical(code: str) -> str:
    """The code as compared: lower case, without spaces, hyphens or underscores."""
    return "".join(ch for ch in code.casefold() if ch not in " -_\t")


class CodeError(ValueError):
    """A code a person cannot type; ``key`` names the reason in ``abluxxen/i18n/host.py``."""

    def __init__(self, message: str, key: str) -> None:
        super().__init__(message)
        self.key = key


def check_code(code: str) -> str:
    """A code the host gave (``--code``), read loosely.

    Raises:
        CodeError: for a code that is empty, too long or holds characters a person cannot type.
    """
    loose = canonical(code)
    if not loose:
        raise CodeError("an invite code needs letters or digits", "host.code_empty")
    if len(loose) > MAX_CODE:
        raise CodeError(f"an invite code has at most {MAX_CODE} letters and digits", "host.code_long")
    if not loose.isprintable():
        raise CodeError("an invite code cannot hold control characters", "host.code_control")
    return code.strip()


def same_code(typed: str, code: str) -> bool:
    """Whether ``typed`` is ``code`` (loosely), in time that does not depend on where they differ."""
    return hmac.compare_digest(canonical(typed).encode("utf-8", "replace"), canonical(code).encode("utf-8"))
