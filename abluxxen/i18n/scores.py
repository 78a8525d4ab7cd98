"""The end of a game and of a match: the score screen."""

from __future__ import annotations

# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS: dict[str, tuple[str, str]] = {
    # -- end of game --------------------------------------------------------------
    "end_title": ("Game {n} over", "Partie {n} ist vorbei"),
    "col.player": ("Player", "Spieler"),
    "col.display": ("Display", "Auslage"),
    "col.hand": ("Hand", "Hand"),
    "col.points": ("Points", "Punkte"),
    "col.total": ("Match", "Gesamt"),
    "end.hand_empty": ("{name} played the last card from hand.", "{name} hat die letzte Handkarte gespielt."),
    "end.exhausted": ("Deck and pool ran out while {name} was drawing.",
                      "Nachziehstapel und Vorrat waren leer, als {name} zog."),
    "winner_one": ("{names} wins with {points} points.", "{names} gewinnt mit {points} Punkten."),
    "winner_many": ("{names} share the win with {points} points.",
                    "{names} gewinnen gemeinsam mit {points} Punkten."),
    "tiebreak_hand": ("Tie on points, broken by fewest cards in hand ({n}).",
                      "Gleichstand bei den Punkten, entschieden durch die wenigsten Handkarten ({n})."),
    "tiebreak_still": ("Tie on points and on cards in hand: all of them win.",
                       "Gleichstand bei Punkten und Handkarten: Alle gewinnen."),
    "tiebreak_shared": ("Tie on points: the win is shared.", "Gleichstand bei den Punkten: geteilter Sieg."),
    "match_title": ("Match after {n} of {total} games", "Serie nach {n} von {total} Partien"),
    "match_winner_one": ("{names} wins the match with {points} points.",
                         "{names} gewinnt die Serie mit {points} Punkten."),
    "match_winner_many": ("{names} share the match win with {points} points.",
                          "{names} gewinnen die Serie gemeinsam mit {points} Punkten."),
    "next_game": ("Next game? [Y/n] ", "Nächste Partie? [J/n] "),
    "play_again": ("Play again? [y/N] ", "Noch einmal? [j/N] "),
    "winner_mark": ("winner", "Sieg"),
}
