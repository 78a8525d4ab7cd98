"""Deal seeds: too many to try, and short enough to copy.

A seed determines a deal, every hand and the deck's order, and the later
games of a match (game ``i`` is dealt with ``seed + i``). A seed from a small
range could be found from one's own hand and the pool by trying them all, so
the seeds the program picks carry :data:`BITS` random bits from
:mod:`secrets`: trying them all at a million a second would take about
10^29 years.

Such a seed is written in Crockford's base32, seven groups of four
(``7K2Q-M4XA-9F3T-0B1C-CD34-EF56-GH78``): no I, L, O or U to misread, and
case, spaces and dashes do not matter when it is typed back. Small seeds a
person chose (``--seed 7``) stay plain numbers. :func:`seed_text` and
:func:`parse_seed` turn each into the other.
"""

from __future__ import annotations

import re
import secrets

from .quoting import quoted

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
_SEPARATORS = re.compile(r"[\s\-]+")


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


def parse_seed(text: str) -> int:
    """A seed from its written form: a plain number of any size, or base32 groups.

    Raises:
        ValueError: quoting (at most 40 characters of) what is not a seed.
    """
    if not isinstance(text, str) or len(text) > _MAX_CHARS:
        raise ValueError(f"{quoted(text)} is not a seed: a seed is a number or groups like 7K2Q-M4XA")
    compact = _SEPARATORS.sub("", text).upper()
    if compact.isascii() and compact.isdigit() and not _SEPARATORS.search(text.strip()):
        return int(compact)
    if not compact or any(ch not in _VALUE for ch in compact):
        raise ValueError(f"{quoted(text)} is not a seed: a seed is a number or groups like 7K2Q-M4XA")
    value = 0
    for ch in compact:
        value = value * 32 + _VALUE[ch]
    return value
