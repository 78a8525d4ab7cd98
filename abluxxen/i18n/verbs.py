"""The words of a move in German: one table to write a move as a German player types it and to read it back.

Each move's kind (and ``deck``, where a draw comes from) with its German words: the first is how a German
game writes it (``Tr.spoken``: ``ziehe stapel``); every one of them, and the English kind itself, is read
back as that kind (``tui/notation.py``). :data:`SHORTCUTS` are the letters (and a word) read only at
their own decision, English and German alike: the German ones are the first letters of the written words,
as the ``?`` page and ``tipp`` teach them.
"""

from __future__ import annotations

GERMAN: dict[str, tuple[str, ...]] = {
    "play": ("spiele", "spielen", "spiel", "lege", "legen", "leg"),
    "take": ("nimm", "nehmen", "nehme"),
    "leave": ("lass", "lassen", "lasse"),
    "back": ("zurück", "zurueck"),
    "discard": ("abwerfen", "wirf", "werfe", "ablegen"),
    "draw": ("ziehe", "zieh", "ziehen"),
    "pass": ("passe", "passen"),
    "shadow": ("schatten",),
    "deck": ("stapel", "nachziehstapel"),
}

# The English letter first, then the German.
SHORTCUTS: dict[str, tuple[str, ...]] = {
    "take": ("t", "n"),
    "leave": ("l", "liegen"),
    "back": ("b", "z"),
    "discard": ("d", "a"),
    "pass": ("p",),
    "deck": ("k",),
}
