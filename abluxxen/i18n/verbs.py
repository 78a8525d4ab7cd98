"""The words of a move in German: one table to write a move as a German player types it and to read it back.

Each move's kind (and ``deck``, where a draw comes from) with its German words: the first is how a German
game writes it (``Tr.spoken``: ``ziehe stapel``); every one of them, and the English kind itself, is read
back as that kind (``tui/notation.py``). :data:`SHORTCUTS` are the letters (and a word) read only at
their own decision, English and German alike: the German ones are the first letters of the written words,
as the ``?`` page and ``tipp`` teach them.

The rulebooks lay cards out with "ablegen", "auslegen" and "ausspielen" ("1 beliebige Karte offen vor sich
ablegen"): those are plays. The abluxxed cards a victim gives up are thrown on the discard pile,
"abwerfen" (the rules' word, and the game's).
"""

from __future__ import annotations

GERMAN: dict[str, tuple[str, ...]] = {
    "play": ("spiele", "spielen", "spiel", "lege", "legen", "leg", "ablegen", "auslegen", "ausspielen"),
    "take": ("nimm", "nehmen", "nehme"),
    "leave": ("lass", "lassen", "lasse"),
    "back": ("zurück", "zurueck"),
    "discard": ("abwerfen", "wirf", "werfe"),
    "draw": ("ziehe", "zieh", "ziehen"),
    "pass": ("passe", "passen"),
    "shadow": ("schatten",),
    "deck": ("stapel", "nachziehstapel"),
}

# A separable verb's part, which German puts at the end: "leg 7 7 ab", "spiel 7 7 aus", "wirf ab".
PARTICLES: dict[str, tuple[str, ...]] = {
    "play": ("ab", "aus"),
    "discard": ("ab",),
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
