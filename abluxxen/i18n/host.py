"""`abluxxen host`: the SSH table, its door, the waiting room, chat and the host's orders."""

from __future__ import annotations

# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS: dict[str, tuple[str, str]] = {
    # -- hosting (i22) -------------------------------------------------------------
    "host.legend": ("? moves and symbols · hint · say TEXT · log · rules TOPIC · quit",
                    "? Züge und Zeichen · tipp · sag TEXT · verlauf · regeln THEMA · beenden"),
    "host.legend_watch": ("You are watching · say TEXT · log · rules TOPIC · quit",
                          "Du schaust zu · sag TEXT · verlauf · regeln THEMA · beenden"),
    "host.hidden": ("You are watching: every hand stays hidden.", "Du schaust zu: Alle Hände bleiben verdeckt."),
    "host.too_small": ("The terminal is {w}×{h}; please enlarge it to at least 80×23.",
                       "Das Terminal ist {w}×{h} groß; bitte auf mindestens 80×23 vergrößern."),
    "host.too_small_short": ("Enlarge the terminal.", "Vergrößere das Terminal."),
    "host.waiting_title": ("ABLUXXEN · waiting for the players", "ABLUXXEN · warten auf die Mitspieler"),
    "host.here": ("✓ {name} is here", "✓ {name} ist da"),
    "host.awaited": ("… {name} has not come yet", "… {name} fehlt noch"),
    "host.not_back": ("… {name} is not back yet", "… {name} ist noch nicht zurück"),
    "host.bot_seat": ("⚙ {name} (bot, {level})", "⚙ {name} (Bot, {level})"),
    "host.starts_when": ("The game starts when every player is here.",
                         "Die Partie beginnt, sobald alle Mitspieler da sind."),
    "host.join": ("Friends join with:  ssh -p {port} NAME@{address}",
                  "Mitspieler kommen dazu mit:  ssh -p {port} NAME@{address}"),
    "host.code": ("Invite code: {code}", "Einladungscode: {code}"),
    "host.fingerprint": ("Host key: {fingerprint}", "Schlüssel des Hosts: {fingerprint}"),
    "host.name_is_seat": ("NAME is the player's seat: {names}; any other name watches.",
                          "NAME ist der Platz des Mitspielers: {names}; jeder andere Name schaut zu."),
    "host.only_watchers": ("Every seat is taken here or by a bot: whoever joins watches.",
                           "Alle Plätze sind hier oder von Bots besetzt: Wer dazukommt, schaut zu."),
    "host.prompt_watch": ("watching › ", "Zuschauer › "),
    "host.not_your_turn": ("Not your turn: {name} decides now.", "Du bist nicht dran: {name} entscheidet gerade."),
    "host.not_playing": ("No move now: the game is not running.", "Jetzt kein Zug: Die Partie läuft gerade nicht."),
    "host.watcher_cannot": ("Watchers do not play; say TEXT talks to the table.",
                            "Zuschauer spielen nicht mit; sag TEXT spricht zum Tisch."),
    "host.undo_several": ("No undo at a table with more than one person: the others have seen the table since.",
                          "Kein Zurücknehmen, wenn mehrere Menschen mitspielen: Die anderen haben den Tisch "
                          "seitdem gesehen."),
    "host.not_now": ("Only when it is your turn.", "Nur wenn du dran bist."),
    "host.present": ("At the table: {people}", "Am Tisch: {people}"),
    "host.away": ("{name} away ({time} left)", "{name} weg (noch {time})"),
    "host.bot_plays": ("{name} away (a bot plays)", "{name} weg (ein Bot spielt)"),
    "host.watchers": ("watching: {n}", "Zuschauer: {n}"),
    "host.next_game": ("Press Enter for the next game.", "Enter drücken für die nächste Partie."),
    "host.waiting_for": ("(Waiting for {names}.)", "(Wir warten noch auf {names}.)"),
    "host.waiting_ready": ("Next game when everyone pressed Enter; waiting for {names}.",
                           "Nächste Partie, sobald alle Enter gedrückt haben; wir warten noch auf {names}."),
    "host.over_game": ("The game is over: type again to play another at this table, or Enter to leave.",
                       "Die Partie ist vorbei: nochmal startet hier eine neue, Enter verlässt den Tisch."),
    "host.over_match": ("The match is over: type again to play another at this table, or Enter to leave.",
                        "Die Serie ist vorbei: nochmal startet hier eine neue, Enter verlässt den Tisch."),
    "host.again_waiting": ("Another starts when everyone here has typed again; waiting for {names}.",
                           "Die nächste beginnt, sobald alle hier nochmal getippt haben; wir warten noch auf "
                           "{names}."),
    "again_words": ("again", "nochmal noch again"),
    "host.ctrl_c": ("Type quit to leave the table.", "Tippe beenden, um den Tisch zu verlassen."),
    "host.quit_host": ("Stop the game for everyone (it is saved)? [y/N] ",
                       "Die Partie für alle beenden (sie ist gespeichert)? [j/N] "),
    "host.elsewhere": ("You joined again from another terminal; this one leaves the table.",
                       "Du bist von einem anderen Terminal aus wieder da; dieses verlässt den Tisch."),
    "host.stopped": ("The host has stopped the game; it is saved.",
                     "Der Host hat die Partie beendet; sie ist gespeichert."),
    "host.bye": ("You left the table. Your seat waits {grace} s for you (log in as {name} again with the same "
                 "SSH key); then a bot plays it until you are back.",
                 "Du hast den Tisch verlassen. Dein Platz wartet {grace} s auf dich (melde dich wieder als {name} "
                 "mit demselben SSH-Schlüssel an); danach spielt ein Bot, bis du zurück bist."),
    "host.bye_code": ("You left the table. Your seat waits {grace} s for you: log in as {name} again and give "
                      "your return code {code} instead of the invite code. Then a bot plays it until you are back.",
                      "Du hast den Tisch verlassen. Dein Platz wartet {grace} s auf dich: melde dich wieder als "
                      "{name} an und gib deinen Rückkehrcode {code} statt des Einladungscodes ein. Danach spielt "
                      "ein Bot, bis du zurück bist."),
    "host.thanks": ("Thanks for the game!", "Danke für die Partie!"),
    "host.failed": ("Sorry: this screen failed ({error}). Connect again to go on; the game is saved.",
                    "Entschuldigung: Dieser Bildschirm ist ausgefallen ({error}). Neu verbinden, um "
                    "weiterzuspielen; die Partie ist gespeichert."),
    "host.bye_watch": ("You stopped watching.", "Du schaust nicht mehr zu."),
    "host.full": ("This host is full; try again in a minute.",
                  "Dieser Host ist voll; bitte in einer Minute noch einmal versuchen."),
    "host.pushed_out": ("Closed: this connection did not log in (its place went to a newcomer).",
                        "Geschlossen: Diese Verbindung hat sich nicht angemeldet (ihr Platz ging an einen "
                        "Neuen)."),
    "host.silent": ("Closed: this connection did not begin to log in within {seconds} s.",
                    "Geschlossen: Diese Verbindung hat nicht binnen {seconds} s begonnen, sich anzumelden."),
    "host.locked": ("Too many wrong codes for {name} from your address: try again in {seconds} s "
                    "(with your seat's SSH key it works at once).",
                    "Zu viele falsche Codes für {name} von deiner Adresse: in {seconds} s noch einmal "
                    "versuchen (mit dem SSH-Schlüssel deines Platzes geht es sofort)."),
    "host.too_many_tries": ("Too many wrong codes.", "Zu viele falsche Codes."),
    "host.no_commands": ("This is an Abluxxen table: it runs no commands. Log in without one, e.g. "
                         "ssh -p PORT {name}@HOST",
                         "Hier ist ein Abluxxen-Tisch: Er führt keine Befehle aus. Melde dich ohne Befehl an, "
                         "z. B. ssh -p PORT {name}@HOST"),
    "host.needs_terminal": ("Abluxxen needs a terminal: connect with ssh -t.",
                            "Abluxxen braucht ein Terminal: verbinde dich mit ssh -t."),
    "host.watch.owned": ("{name}'s seat belongs to whoever took it first, so you watch. They come back "
                         "with the SSH key they came with, or with their return code instead of the "
                         "invite code.",
                         "Der Platz von {name} gehört dem, der ihn zuerst genommen hat, darum schaust du zu. "
                         "Wer ihn hat, kommt mit seinem SSH-Schlüssel zurück oder mit seinem Rückkehrcode "
                         "statt des Einladungscodes."),
    "host.watch.host_seat": ("{name} plays at the host's own terminal, so you watch.",
                             "{name} spielt am Terminal des Hosts, darum schaust du zu."),
    "host.no_watchers": ("This table takes no more watchers.", "An diesem Tisch darf niemand mehr zuschauen."),
    "host.kicked": ("The host has sent you away from the table.", "Der Host hat dich vom Tisch geschickt."),
    "host.return_code": ("Your return code: {code} (log in as {name} with it instead of the invite code to "
                         "get your seat back).",
                         "Dein Rückkehrcode: {code} (melde dich damit statt mit dem Einladungscode als {name} "
                         "an, um deinen Platz zurückzubekommen)."),
    "host.your_return_code": ("Return code {code}", "Rückkehrcode {code}"),
    "host.said_watching": ("{name} (watching): {text}", "{name} (schaut zu): {text}"),
    "host.chat.muted": ("The host has muted you.", "Der Host hat dich stummgeschaltet."),
    "host.chat.silenced": ("An admin of the club has muted you for a while: you may talk again later.",
                           "Ein Admin hat dich eine Weile stummgeschaltet: Später darfst du wieder reden."),
    "host.chat.slow": ("Not so fast: one line every two seconds.",
                       "Nicht so schnell: eine Zeile alle zwei Sekunden."),
    "host.chat.busy": ("The table is talking a lot: wait a moment.", "Am Tisch wird gerade viel geredet: "
                       "warte einen Moment."),
    "host.order.usage": ("Host orders: kick NAME · mute NAME · unmute NAME · watchers N|off",
                         "Befehle des Hosts: rauswerfen NAME · stumm NAME · laut NAME · zuschauer N|aus"),
    "host.order.kick_watchers": ("Watchers named {name} have been sent away and may not come back under that name.",
                                 "Zuschauer namens {name} sind hinausgeschickt und dürfen unter dem Namen nicht "
                                 "wiederkommen."),
    "host.order.kick_seat": ("{name} has been sent away; the seat is free for the next login under its name.",
                             "{name} ist hinausgeschickt; der Platz ist frei für die nächste Anmeldung unter "
                             "seinem Namen."),
    "host.order.mute": ("{name} is muted.", "{name} ist stummgeschaltet."),
    "host.order.unmute": ("{name} may talk again.", "{name} darf wieder reden."),
    "host.order.watchers": ("Watchers allowed now: {n}.", "Zuschauer erlaubt: jetzt {n}."),
    "host.order.nobody": ("Nobody called {name} is here.", "Hier ist niemand namens {name}."),
    "host.goes_on_when": ("The game goes on when everyone is back; a bot stands in for whoever is not back "
                          "within {grace} s.",
                          "Die Partie geht weiter, sobald alle zurück sind; für alle, die nicht binnen {grace} s "
                          "zurück sind, springt ein Bot ein."),
    "host.log_at": ("Logins and failures are logged in {path}", "Anmeldungen und Fehler stehen in {path}"),
    "host.code_prompt": ("Invite code: ", "Einladungscode: "),
    "host.page_more": ("Enter or Space: more · b: back a page · q: the table",
                       "Enter oder Leertaste: weiter · b: eine Seite zurück · q: zum Tisch"),
    "host.page_last": ("q or Enter: back to the table", "q oder Enter: zurück zum Tisch"),
    "host.chat": ("Chat", "Chat"),
    "host.said": ("{name}: {text}", "{name}: {text}"),
    "host.saved": ("Game saved: {path}\nReopen it for everyone with: abluxxen host --resume",
                   "Partie gespeichert: {path}\nFür alle wieder öffnen mit: abluxxen host --resume"),
    "host.log.joined": ("{name} joined", "{name} ist da"),
    "host.log.back": ("{name} is back", "{name} ist zurück"),
    "host.log.left": ("{name} left", "{name} ist gegangen"),
    "host.log.watches": ("{name} watches", "{name} schaut zu"),
    "host.log.starts": ("The game starts.", "Die Partie beginnt."),
    "host.watching_name": ("watching as {name}", "schaut zu als {name}"),
    # -- why the host cannot start (abluxxen host: Fehler: …) ---------------------
    "host.cannot_seats": ("{reason}", "{reason}"),
    "host.cannot_first": ("--first: {reason}", "--first: {reason}"),
    "host.cannot_bots_alone": ("a hosted table needs at least one person (bots alone: abluxxen play)",
                               "ein gehosteter Tisch braucht mindestens einen Menschen (nur Bots: abluxxen play)"),
    "host.cannot_no_players": ('--players is needed here, e.g. --players "Ann,Ben,bot:hard"',
                               'hier fehlt --players, z. B. --players "Ann,Ben,bot:schwer"'),
    "host.cannot_none": ("no hosted game to resume in {dir}", "keine gehostete Partie zum Fortsetzen in {dir}"),
    "host.cannot_read_marker": ("{path} cannot be read", "{path} ist nicht lesbar"),
    "host.cannot_damaged_marker": ("{path} is damaged", "{path} ist beschädigt"),
    "host.cannot_resume": ("cannot resume {path}: {reason}", "kann {path} nicht fortsetzen: {reason}"),
    "host.cannot_over": ("the hosted game is over; start a new one with abluxxen host --players …",
                         "die gehostete Partie ist vorbei; eine neue beginnt mit abluxxen host --players …"),
    "host.bad_key": ("the host key {path} cannot be used ({kind}); move it away to make a new one",
                     "der Host-Schlüssel {path} ist nicht zu gebrauchen ({kind}); verschiebe ihn, "
                     "dann wird ein neuer erzeugt"),
    "host.cannot_log": ("cannot write the host's log {path}: {reason}",
                        "kann das Protokoll des Hosts {path} nicht schreiben: {reason}"),
    "host.cannot_listen": ("cannot listen on port {port}: {reason}", "kann nicht an Port {port} lauschen: {reason}"),
    "host.code_empty": ("an invite code needs letters or digits", "ein Einladungscode braucht Buchstaben oder Ziffern"),
    "host.code_long": ("an invite code has at most {most} letters and digits",
                       "ein Einladungscode hat höchstens {most} Buchstaben und Ziffern"),
    "host.code_control": ("an invite code cannot hold control characters",
                          "ein Einladungscode darf keine Steuerzeichen enthalten"),
}
