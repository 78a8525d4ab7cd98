"""The course (`abluxxen learn`): its screens and the coach; the lessons' own texts are in tui/learn/lessons.py."""

from __future__ import annotations

# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS: dict[str, tuple[str, str]] = {
    # -- learn (i12) --------------------------------------------------------------
    "learn_offer": ("New to Abluxxen? `abluxxen learn` teaches it in 10 minutes.",
                    "Neu bei Abluxxen? `abluxxen learn` bringt es dir in 10 Minuten bei."),
    "learn_title": ("Abluxxen course: 11 short lessons at the table", "Abluxxen-Kurs: 11 kurze Lektionen am Tisch"),
    "learn_lesson": ("Lesson {n} of {total}: {title}", "Lektion {n} von {total}: {title}"),
    "learn_step": ("step {n} of {total}", "Schritt {n} von {total}"),
    "learn_keys": ("hint shows the answer · skip: next lesson · quit",
                   "tipp zeigt die Lösung · überspringen: nächste Lektion · beenden"),
    "learn_keys_coach": ("hint: the coach's advice · skip: end this game · quit",
                         "tipp: der Rat des Trainers · überspringen: diese Partie beenden · beenden"),
    "learn_start": ("Enter: start · q: leave ", "Enter: los · q: beenden "),
    "learn_go_on": ("Enter: go on · q: leave ", "Enter: weiter · q: beenden "),
    "learn_done": ("✓ Lesson {n} done. Enter: lesson {next} · q: leave ",
                   "✓ Lektion {n} geschafft. Enter: Lektion {next} · q: beenden "),
    "learn_done_last": ("✓ Lesson {n} done — that was the whole course. Enter: leave ",
                        "✓ Lektion {n} geschafft — das war der ganze Kurs. Enter: beenden "),
    "learn_skipped": ("Lesson {n} skipped. Enter: lesson {next} · q: leave ",
                      "Lektion {n} übersprungen. Enter: Lektion {next} · q: beenden "),
    "learn_skipped_last": ("Lesson {n} skipped. Enter: leave ", "Lektion {n} übersprungen. Enter: beenden "),
    "learn_mark": ("✓", "✓"),
    "learn_list_how": ("Start one with: abluxxen learn N", "Lektion starten mit: abluxxen learn N"),
    "learn_next_is": ("Enter: lesson {n} · q: leave ", "Enter: Lektion {n} · q: beenden "),
    "learn_left": ("You left the course; the lessons done are kept.\nGo on with lesson {n}: abluxxen learn {n}",
                   "Kurs verlassen; erledigte Lektionen bleiben gespeichert.\n"
                   "Weiter mit Lektion {n}: abluxxen learn {n}"),
    "learn_all_done": ("All lessons are done. Repeat one with: abluxxen learn N",
                       "Alle Lektionen geschafft. Lektion wiederholen mit: abluxxen learn N"),
    "learn_progress_bad": ("⚠ The course progress in {path} cannot be read ({reason}): starting without it.",
                           "⚠ Der Kursfortschritt in {path} ist nicht lesbar ({reason}): Es geht ohne ihn "
                           "weiter."),
    "learn_progress_unsaved": ("⚠ The course progress could not be saved ({reason}).",
                               "⚠ Der Kursfortschritt konnte nicht gespeichert werden ({reason})."),
    "learn_wrong": ("✗ {words}", "✗ {words}"),
    "learn_not_asked": ("Legal, but not what this step asks: hint shows the answer.",
                        "Erlaubt, aber nicht die Aufgabe dieses Schritts: tipp zeigt die Lösung."),
    "learn_answer": ("Answer: {move} — type {typed}", "Lösung: {move} — tippe {typed}"),
    "learn_no_undo": ("No undo in the course: a wrong answer changes nothing, and hint shows the answer.",
                      "Kein Zurücknehmen im Kurs: Eine falsche Antwort ändert nichts, und tipp zeigt die Lösung."),
    "learn_answer_any": ("Any legal move will do here; the coach would play {move}.",
                         "Hier ist jeder erlaubte Zug richtig; der Trainer würde {move} spielen."),
    "coach": ("Coach: {move} — {why}", "Trainer: {move} — {why}"),
    "coach_other": ("The coach's {move} would have meant: {what}.",
                    "Der Zug des Trainers, {move}, hätte bedeutet: {what}."),
    "coach_none": ("Coach: no advice for this decision.", "Trainer: für diese Entscheidung kein Rat."),
}
