"""`abluxxen review`: rating a seat's decisions."""

from __future__ import annotations

# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS: dict[str, tuple[str, str]] = {
    # -- review (i11) -------------------------------------------------------------
    "review.bad_file": ("Cannot review {path}: {reason}", "{path} lässt sich nicht bewerten: {reason}"),
    "review.not_over": ("Cannot review {path}: its game is not over yet.",
                        "{path} lässt sich nicht bewerten: Die Partie darin ist noch nicht vorbei."),
    "review.no_game": ("No finished game to review in {dir}.", "Keine beendete Partie zum Bewerten in {dir}."),
    "review.no_record": ("There is no recorded game {n}.", "Es gibt keine aufgezeichnete Partie {n}."),
    "review.damaged_record": ("Cannot review recorded game {n}: its record is damaged ({reason}).",
                              "Kann die aufgezeichnete Partie {n} nicht bewerten: Der Eintrag dazu ist beschädigt "
                              "({reason})."),
    "review.no_seat": ("No seat is called {typed}; the players are {names}.",
                       "Niemand heißt {typed}; es spielten {names}."),
    "review.which_seat": ("Whose decisions? Name a seat with --seat: {names}.",
                          "Wessen Entscheidungen? Nenne einen Platz mit --seat: {names}."),
    "review.thinking": ("Rating {name}'s decisions", "Die Entscheidungen von {name} werden bewertet"),
    "review.summary": ("{name}: {count} decisions with a choice, {loss} points given away in all.",
                       "{name}: {count} Entscheidungen mit Wahl, insgesamt {loss} Punkte verschenkt."),
    "review.no_choice": ("{name} never had a choice in this game: nothing to rate.",
                         "{name} hatte in dieser Partie nie eine Wahl: nichts zu bewerten."),
    "review.mistakes": ("The biggest mistakes:", "Die größten Fehler:"),
    "review.no_mistakes": ("No mistakes: no move lost points to the hint's beyond the search's noise.",
                           "Keine Fehler: Kein Zug verlor gegenüber dem Tipp messbar Punkte."),
    "review.all": ("Every decision:", "Alle Entscheidungen:"),
    "review.mistake": ("Mistake {n} of {total} · turn {turn} · {name}",
                       "Fehler {n} von {total} · Zug {turn} · {name}"),
    "review.decision": ("Decision {n} of {total} · turn {turn} · {name}",
                        "Entscheidung {n} von {total} · Zug {turn} · {name}"),
    "review.hinted": ("Move: {played}, what hint says here.", "Zug: {played}, das rät hier auch der Tipp."),
    "review.good": ("Move: {played} · hint: {tip} · no loss beyond the search's noise",
                    "Zug: {played} · Tipp: {tip} · kein messbarer Verlust"),
    "review.lost": ("Move: {played} · best: {best} · {loss} points lost",
                    "Zug: {played} · besser: {best} · {loss} Punkte verloren"),
    # Not "statt spiele 3, 3,1 Punkte": a decimal comma beside a list's comma reads as two numbers.
    "review.line": ("turn {turn}: {played} instead of {best} · {loss} points lost",
                    "Zug {turn}: {played} statt {best} · {loss} Punkte verloren"),
    "review.head": ("turn  played                      hint                         lost",
                    "Zug   gespielt                    Tipp                      verloren"),
    "review.hand": ("{name}'s hand · {n}: ", "Hand von {name} · {n}: "),
    "review.keys": ("Enter/→ next · ← back · q quit", "Enter/→ weiter · ← zurück · q beenden"),
}
