"""Deal seeds: too many to try, and short enough to copy.

A seed determines a deal, every hand and the deck's order, and the later
games of a match (game ``i`` is dealt with ``seed + i``). A seed from a small
range could be found from one's own hand and the pool by trying them all, so
the seeds the program picks carry :data:`BITS` random bits from
:mod:`secrets`: trying them all at a million a second would take about
10^29 years.

Such a seed is written in Crockford's base32, seven groups of four
(``7K2Q-M4XA-9F3T-0B1C-CD34-EF56-GH78``): no I, L, O or U to misread (typed
back, I and L read as 1 and O as 0), and case does not matter, nor whether
the groups are joined by dashes or spaces. Small seeds a person chose
(``--seed 7``) stay plain numbers. A seed is one or the other and nothing
else: ``-5``, ``0x10``, ``1 2`` or a group short of four are no seeds.
:func:`seed_text` and :func:`parse_seed` turn each into the other.
"""

from __future__ import annotations

import re
import secrets

from ..quoting import quoted

#: Random bits in a seed the program picks.
BITS = 140
#: Crockford's base32 alphabet.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)} | {"I": 1, "L": 1, "O": 0}
_GROUP = 4
# Seeds below this are written as plain numbers: every seed a person types by hand.
_PLAIN_BELOW = 1 << 64
# A seed is written in at most this many characters (a 4,300-digit number is Python's limit anyway).
_MAX_CHARS = 1000
# The two written forms: plain decimal digits, or two or more groups of four base32 characters.
_PLAIN = re.compile(r"[0-9]+")
_CHAR = "[0-9A-TV-Z]"  # Crockford's alphabet with I, L and O, which read as 1, 1 and 0; no U
# ASCII: ignoring case, Unicode would let the Kelvin sign pass for K and a dotted İ for I.
_GROUPS = re.compile(rf"{_CHAR}{{4}}(?:(?:\s*-\s*|\s+){_CHAR}{{4}})+", re.IGNORECASE | re.ASCII)
# Exactly as seed_text writes a seed: checked first, being several times quicker (records hold thousands).
_WRITTEN = re.compile(rf"[0-9]+|{_CHAR}{{4}}(?:-{_CHAR}{{4}})+")
_SEPARATORS = re.compile(r"[\s\-]+")
_REFUSAL = "is not a seed: a seed is a whole number or groups of four like 7K2Q-M4XA"


def new_seed() -> int:
    """A fresh seed of :data:`BITS` random bits, for a deal nobody can reconstruct."""
    return secrets.randbits(BITS)


def seed_text(seed: int) -> str:
    """How a seed is shown and saved: a plain number below 2^64, else base32 in groups of four.

    ``parse_seed(seed_text(s)) == s`` for every seed ``s >= 0``.
    """
    if seed < _PLAIN_BELOW:
        return str(seed)
    digits = []
    while seed:
        seed, digit = divmod(seed, 32)
        digits.append(ALPHABET[digit])
    digits += "0" * (-len(digits) % _GROUP)
    text = "".join(reversed(digits))
    return "-".join(text[i:i + _GROUP] for i in range(0, len(text), _GROUP))


def is_seed(text: str) -> bool:
    """Whether ``text`` is a seed as :func:`parse_seed` reads it (checked without reading its value)."""
    if not isinstance(text, str) or len(text) > _MAX_CHARS:
        return False
    if _WRITTEN.fullmatch(text):
        return True
    written = text.strip()
    return bool(_PLAIN.fullmatch(written) or _GROUPS.fullmatch(written))


def parse_seed(text: str) -> int:
    """A seed from its written form: plain decimal digits (a number of any size), or groups of four
    base32 characters as :func:`seed_text` writes them (any case, dashes or spaces between groups).

    Raises:
        ValueError: quoting (at most 40 characters of) what is not a seed.
    """
    if not is_seed(text):
        raise ValueError(f"{quoted(text)} {_REFUSAL}")
    written = text.strip()
    if _PLAIN.fullmatch(written):
        return int(written)
    value = 0
    for ch in _SEPARATORS.sub("", written).upper():
        value = value * 32 + _VALUE[ch]
    return value
