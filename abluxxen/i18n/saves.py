"""Saves: resuming, the list of unfinished games, a save that failed, why the system refused a file."""

from __future__ import annotations

# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS: dict[str, tuple[str, str]] = {
    # -- resume ------------------------------------------------------------------
    "no_save": ("No saved game to resume in {dir}.", "Keine gespeicherte Partie in {dir}."),
    "bad_save": ("Cannot resume {path}: {reason}", "{path} lässt sich nicht fortsetzen: {reason}"),
    "finished_save": ("The game in {path} is already over.", "Die Partie in {path} ist schon vorbei."),
    "finished_recorded": ("The game in {path} is already over; it is now recorded (game {number}, see "
                          "abluxxen stats).",
                          "Die Partie in {path} ist schon vorbei; sie ist jetzt aufgezeichnet (Partie {number}, "
                          "siehe abluxxen stats)."),
    "skipped_bad": ("Skipped a damaged save: {path} ({reason})", "Beschädigten Spielstand übersprungen: {path} "
                    "({reason})"),
    "skipped_unreadable": ("Skipped a save that cannot be read: {path} ({reason})",
                           "Nicht lesbaren Spielstand übersprungen: {path} ({reason})"),
    "skipped_busy": ("Skipped a game open in another terminal: {path}",
                     "Partie übersprungen, die in einem anderen Terminal geöffnet ist: {path}"),
    "all_busy": ("Every unfinished game in {dir} is open in another terminal.",
                 "Alle nicht beendeten Partien in {dir} sind anderswo geöffnet."),
    # -- saves (i9) ---------------------------------------------------------------
    # Short enough for one line of 80 columns with "abluxxen play: error: seat 2: " before and the name
    # after (tui/seating.py's refusals of --players).
    "seat_name_control": ("no control or invisible characters", "Namen nur aus sichtbaren Zeichen"),
    "seat_name_long": ("names are at most 12 characters wide", "Namen: höchstens 12 Zeichen"),
    # The comma parts the seats; a mark beside a name would pass for the table's.
    "seat_name_mark": ("no comma and none of {marks} in names", "Namen ohne Komma und ohne {marks}"),
    "save_busy": ("Cannot resume {path}: the game is open in another terminal.",
                  "{path} lässt sich nicht fortsetzen: Die Partie ist in einem anderen Terminal geöffnet."),
    "save_unreadable": ("the save would not read back", "der Spielstand wäre nicht lesbar"),
    # A system with no file locks at all (store/os_lock.py): the game goes on, unguarded.
    "lock_unguarded": ("This system has no file locks: open this game in one terminal only.",
                       "System ohne Dateisperren: Öffne diese Partie nur in einem Terminal."),
    # Why the system refused a file, in words (its own are English, or a class name).
    "oserror.full": ("the disk is full", "der Datenträger ist voll"),
    "oserror.not_folder": ("not a folder", "kein Ordner"),
    "oserror.denied": ("permission denied", "keine Berechtigung"),
    "oserror.read_only": ("the disk is read-only", "der Datenträger ist schreibgeschützt"),
    "oserror.io": ("the disk reported an error", "der Datenträger meldet einen Fehler"),
    "oserror.missing": ("no such file or folder", "Datei oder Ordner fehlt"),
    "oserror.long": ("the name is too long", "der Name ist zu lang"),
    "oserror.no_new_files": ("the folder takes no new files", "der Ordner nimmt keine neuen Dateien auf"),
    "oserror.other": ("the system refused: {detail}", "vom System abgelehnt: {detail}"),
    # Why a file the game keeps for itself (a key, a log) is refused: store/files.py's Refused.
    "file.folder": ("a folder, not a file", "ein Ordner, keine Datei"),
    "file.not_regular": ("not a regular file (a pipe or a device)",
                         "keine gewöhnliche Datei (eine Pipe oder ein Gerät)"),
    "file.too_big": ("too big for what it should be", "zu groß für das, was sie sein sollte"),
    "file.dangling": ("a link to nothing", "ein Verweis ins Leere"),
    "file.link": ("a link, which the game never writes through", "ein Verweis, durch den Abluxxen nie schreibt"),
    "not_saved": ("⚠ Not saved ({reason}): quitting now loses the latest moves.",
                  "⚠ Nicht gespeichert ({reason}): Beim Beenden gehen die letzten Züge verloren."),
    "not_saved_short": ("⚠ Not saved: quitting now loses the latest moves.",
                        "⚠ Nicht gespeichert: Beim Beenden gehen die letzten Züge verloren."),
    "quit_ask_unsaved": ("Quit? The latest moves could NOT be saved and will be lost. [y/N] ",
                         "Beenden? Die letzten Züge sind NICHT gespeichert und gehen verloren. [j/N] "),
    "not_saved_exit": ("The game could NOT be saved ({reason}).", "Die Partie konnte NICHT gespeichert werden "
                       "({reason})."),
    "not_saved_kept": ("The last good save is {path}.", "Der letzte gute Spielstand ist {path}."),
    "not_saved_resume": ("`abluxxen resume` continues from there, without the latest moves.",
                         "`abluxxen resume` setzt dort fort, ohne die letzten Züge."),
    "not_saved_none": ("No save of this game exists ({dir}).", "Von dieser Partie gibt es keinen Spielstand "
                       "({dir})."),
    "list_title": ("Unfinished games, newest first:", "Nicht beendete Partien, neueste zuerst:"),
    "list_players": ("Players", "Spieler"),
    "list_variant": ("Variant", "Variante"),
    "list_game": ("Game", "Partie"),
    "list_turn": ("Turn", "Am Zug"),
    "list_saved": ("Saved", "Gespeichert"),
    "list_moves": ("Moves", "Züge"),
    "list_busy": ("* open in another terminal", "* in einem anderen Terminal geöffnet"),
    "list_how": ("Continue one with: abluxxen resume N", "Fortsetzen mit: abluxxen resume N"),
    "list_none": ("No unfinished games in {dir}.", "Keine nicht beendeten Partien in {dir}."),
    "list_no_number": ("There is no game {n}: `abluxxen resume --list` shows {count}.",
                       "Es gibt keine Partie {n}: `abluxxen resume --list` zeigt {count}."),
}

# Why a file is no save (``store.save_document.SaveError.key``), in German: its ``str()`` is the English, and an
# unreadable file's reason is the system's (``Tr.os_reason``). Fields in braces are the error's params.
SAVE_REFUSALS_DE: dict[str, str] = {
    "not_object": "kein Spielstand (erwartet wird ein JSON-Objekt)",
    "format": "unbekanntes Format {found} (erwartet: {expected})",
    "missing": "beschädigter Spielstand: {field} fehlt",
    "invalid": "beschädigter Spielstand: Die Partie darin ist ungültig",
    "lang": "beschädigter Spielstand: lang ist 'en' oder 'de'",
    "delay": "beschädigter Spielstand: delay liegt zwischen 0 und {most} Sekunden",
    "finished": "beschädigter Spielstand: finished ist true oder false, und true erst am Ende der Serie",
    "assisted": "beschädigter Spielstand: assisted ist true oder false",
    "match_key": "beschädigter Spielstand: match_key hat 1 bis 64 Buchstaben, Ziffern, - oder _",
    "accounts": "beschädigter Spielstand: accounts nennt für jeden Platz ein Konto (oder null)",
    "stood_in": "beschädigter Spielstand: stood_in nennt der Reihe nach Züge von Menschen aus dem Verlauf",
    "given_up": "beschädigter Spielstand: given_up nennt Plätze von Menschen, jeden einmal",
    "club": "beschädigter Spielstand: club nennt die Nummer eines Tisches (1 bis {most}), wer ihn eröffnet hat, "
            "und seine Einstellungen",
    "club_tournament": "beschädigter Spielstand: club.tournament nennt die Nummer eines Turniers (1 bis {most}), "
                       "seinen Namen (1 bis {name} druckbare Zeichen) und die Runde (1 bis {rounds})",
    "saved": "beschädigter Spielstand: saved ist ein Datum mit Uhrzeit",
    "folder": "das ist ein Ordner, kein Spielstand",
    "not_regular": "keine gewöhnliche Datei (eine Pipe oder ein Gerät), also kein Spielstand",
    "too_big": "zu groß für einen Spielstand ({size}Spielstände sind kleiner als {most} MB)",
    "cannot_read": "die Datei ist nicht lesbar ({detail})",
    "empty": "die Datei ist leer (eine Partie, die nie gespeichert wurde)",
    "not_utf8": "kein Spielstand: Byte {byte} ist kein UTF-8-Text",
    "constant": "beschädigter Spielstand: {name} ist keine Zahl, die ein Spielstand enthält",
    "json": "beschädigter Spielstand: kein gültiges JSON (Zeile {line})",
    "nested": "beschädigter Spielstand: zu tief verschachtelt",
    "long_number": "beschädigter Spielstand: eine Zahl, zu lang zum Lesen",
}
