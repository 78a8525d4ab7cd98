"""`abluxxen club`: accounts at the door, the lobby, its tables and commands, the admins' orders."""

from __future__ import annotations

#: The words ``new`` takes besides numbers, variants and bot levels, in either language, and what they set.
NEW_WORDS: dict[str, str] = {
    "bots": "bots", "bot": "bots",
    "match": "games", "games": "games", "serie": "games", "partien": "games",
    "clock": "clock", "uhr": "clock",
    "days": "days", "day": "days", "tage": "days", "tag": "days",
    "hours": "hours", "hour": "hours", "stunden": "hours", "stunde": "hours",
    "invite": "invite", "einladen": "invite",
    "duel": "duel", "duell": "duel",
    "noduel": "noduel", "no-duel": "noduel", "ohne-duell": "noduel", "kein-duell": "noduel",
    "guests": "guests", "gäste": "guests", "gaeste": "guests",
    "noguests": "noguests", "no-guests": "noguests", "ohne-gäste": "noguests", "keine-gäste": "noguests",
    "keine-gaeste": "noguests", "ohne-gaeste": "noguests",
}

#: The words ``notify`` takes, in either language, and what they set.
NOTIFY_WORDS: dict[str, bool] = {"on": True, "an": True, "ein": True, "off": False, "aus": False}
#: What ``contact`` takes to forget the contact kept.
NO_CONTACT = "-"

#: The words ``tournament`` takes (its orders, and the settings beyond ``new``'s), in either language.
CUP_WORDS: dict[str, str] = {
    "new": "new", "neu": "new", "join": "join", "beitreten": "join", "setzen": "join", "leave": "leave",
    "verlassen": "leave", "austreten": "leave", "add": "add", "hinzufügen": "add", "hinzufuegen": "add",
    "start": "start", "los": "start", "beginnen": "start", "close": "close", "schließen": "close",
    "schliessen": "close", "json": "json",
    "rounds": "rounds", "runden": "rounds", "seats": "seats", "plätze": "seats", "plaetze": "seats",
}

# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS: dict[str, tuple[str, str]] = {
    # -- the door ----------------------------------------------------------------------
    "club.code_prompt": ("Guest code: ", "Gastcode: "),
    "club.locked": ("Too many wrong codes for {name} from your address: try again in {seconds} s "
                    "(an account's SSH key gets in at once).",
                    "Zu viele falsche Codes für {name} von deiner Adresse: in {seconds} s noch einmal "
                    "versuchen (mit dem SSH-Schlüssel eines Kontos geht es sofort)."),
    "club.door.taken": ("The name {name} belongs to another SSH key. Log in under another name "
                        "(ssh NAME@…), or with {name}'s key.",
                        "Der Name {name} gehört zu einem anderen SSH-Schlüssel. Melde dich unter einem "
                        "anderen Namen an (ssh NAME@…) oder mit dem Schlüssel von {name}."),
    "club.door.lookalike": ("The name {typed} looks too much like {name}, whose name it is. Choose "
                            "another name (ssh NAME@…).",
                            "Der Name {typed} ist zu leicht mit {name} zu verwechseln, und {name} gibt es "
                            "hier schon. Wähle einen anderen Namen (ssh NAME@…)."),
    "club.door.other_name": ("Your SSH key is {name}'s: log in as {name} (ssh {name}@…).",
                             "Dein SSH-Schlüssel gehört {name}: melde dich als {name} an (ssh {name}@…)."),
    "club.door.accounts_failed": ("The club cannot keep your account just now; try again in a minute.",
                                  "Der Club kann dein Konto gerade nicht festhalten; versuch es in einer Minute "
                                  "wieder."),
    "club.door.banned": ("This SSH key is banned from the club.", "Dieser SSH-Schlüssel ist aus dem Club verbannt."),
    "club.door.needs_key": ("This club lets people in by SSH key. Make one with ssh-keygen -t ed25519, "
                            "then log in again: your first login claims your name.",
                            "In diesen Club kommt man mit einem SSH-Schlüssel. Erstelle einen mit "
                            "ssh-keygen -t ed25519 und melde dich wieder an: Die erste Anmeldung gibt "
                            "dir deinen Namen."),
    "club.door.guest_name": ("{name} is a member's name: log in with {name}'s key, or as a guest under "
                             "another name.",
                             "{name} ist der Name eines Mitglieds: melde dich mit dem Schlüssel von {name} an "
                             "oder als Gast unter einem anderen Namen."),
    "club.door.bad_name": ("The name {typed} cannot be used here: {why}", "Der Name {typed} geht hier nicht: {why}"),
    "club.name.empty": ("a name is needed.", "ein Name fehlt."),
    "club.name.long": ("at most 12 characters.", "höchstens 12 Zeichen."),
    "club.name.letters": ("letters, digits, - _ and . only.", "nur Buchstaben, Ziffern, - _ und ."),
    "club.name.punctuation": ("a letter or a digit at least.", "mindestens ein Buchstabe oder eine Ziffer."),
    "club.name_online": ("{name} is online already: log in under another name.",
                         "{name} ist schon da: melde dich unter einem anderen Namen an."),
    "club.elsewhere": ("You logged in to the club again elsewhere.",
                       "Du hast dich woanders erneut im Club angemeldet."),
    "club.banned": ("An admin banned your key from the club.", "Ein Admin hat deinen Schlüssel aus dem Club verbannt."),
    "club.stopped": ("The club closes. Thanks for playing!", "Der Club schließt. Danke, dass du da warst!"),
    "club.stopped_table": ("The club closes. Your game is saved: it goes on when the club opens again, at the "
                           "same table. Thanks for playing!",
                           "Der Club schließt. Deine Partie ist gespeichert: Sie geht weiter, wenn der Club "
                           "wieder öffnet, am selben Tisch. Danke, dass du da warst!"),
    "club.bye": ("Goodbye! Come back with the same key: ssh {name}@…",
                 "Tschüss! Komm mit demselben Schlüssel wieder: ssh {name}@…"),
    # -- the lobby --------------------------------------------------------------------------
    "command.where.lobby": ("in the lobby of abluxxen club", "in der Lobby von abluxxen club"),
    "command.where.admin": ("for the club's admins, in the lobby", "für die Admins des Clubs, in der Lobby"),
    "club.title": ("ABLUXXEN CLUB", "ABLUXXEN-CLUB"),
    "club.counts": ("{people} online · {tables}", "{people} online · {tables}"),
    "club.tables": ("{n} tables", "{n} Tische"),
    "club.tables_one": ("{n} table", "{n} Tisch"),
    "club.you": ("You: {name}", "Du: {name}"),
    "club.you_guest": ("You: {name} (guest)", "Du: {name} (Gast)"),
    "club.col.number": ("#", "Nr."),
    "club.col.game": ("Game", "Partie"),
    "club.col.seats": ("Seats", "Plätze"),
    "club.col.watching": ("Watch", "Zusch."),
    "club.col.state": ("State", "Stand"),
    "club.col.name": ("Name", "Name"),
    "club.duel": ("duel", "Duell"),
    "club.games": ("{n} games", "{n} Partien"),
    "club.clock_short": ("{s}s clock", "Uhr {s} s"),
    "club.no_guests_short": ("no guests", "ohne Gäste"),
    "club.open_seats": ("{n} open", "{n} frei"),
    "club.open_seats_one": ("{n} open", "{n} frei"),
    "club.bots_short": ("{n} bots", "{n} Bots"),
    "club.bots_short_one": ("{n} bot", "{n} Bot"),
    "club.state.open": ("open: join {n}", "offen: setzen {n}"),
    "club.state.invited": ("invited: join {n}", "eingeladen: setzen {n}"),
    "club.state.your_move": ("your move", "du bist dran"),
    "club.state.moves": ("{name}'s move", "{name} ist dran"),
    "club.days_short": ("{time} a move", "{time} je Zug"),
    "club.private_short": ("private", "privat"),
    "club.invited_mark": ("{name}?", "{name}?"),
    "club.state.yours": ("you wait", "du wartest"),
    "club.state.waiting": ("waiting for players", "wartet auf Spieler"),
    "club.state.playing": ("playing", "läuft"),
    "club.state.scores": ("score screen", "Punktestand"),
    "club.state.over": ("over", "vorbei"),
    "club.no_tables": ("No tables yet: new opens one (new 3 bots 1: three seats, one a bot).",
                       "Noch keine Tische: neu eröffnet einen (neu 3 bots 1: drei Plätze, einer ein Bot)."),
    "club.waiting_at": ("You sit at table {n}: it starts when its seats are full{start}.",
                        "Du sitzt an Tisch {n}: Er beginnt, sobald alle Plätze besetzt sind{start}."),
    "club.seat_waits": ("Your seat at table {n} waits for you: join {n}.",
                        "Dein Platz an Tisch {n} wartet auf dich: setzen {n}."),
    "club.or_start": (", or when you type start (bots take the open seats)",
                      ", oder wenn du los tippst (Bots nehmen die freien Plätze)"),
    "club.online": ("Online: {people}", "Online: {people}"),
    "club.guest_mark": ("{name} (guest)", "{name} (Gast)"),
    "club.at_table": ("{name} (table {n})", "{name} (Tisch {n})"),
    "club.chat": ("Chat", "Chat"),
    "club.chat_how": ("Chat · type a line to talk", "Chat · einfach eine Zeile tippen"),
    "club.rated": ("{name} {points}", "{name} {points}"),
    "club.top_short": ("Top ratings", "Rangliste"),
    "club.top_title": ("Ratings: the club's members and the bot levels",
                       "Rangliste: die Mitglieder des Clubs und die Bot-Stufen"),
    "club.top_note": ("Every finished game with a person in it is rated, but for a seat a stand-in bot "
                      "played mostly. A member starts at 1000 and settles as they play; the bot levels show "
                      "how strong each plays.",
                      "Jede beendete Partie mit einem Menschen wird gewertet, außer einem Platz, den meist "
                      "ein Ersatz-Bot spielte. Ein Mitglied beginnt bei 1000, die Zahl wird mit jeder "
                      "Partie sicherer; die Bot-Stufen zeigen, wie stark jede spielt."),
    "club.page_more": ("Enter or Space: more · b: back a page · q: the lobby",
                       "Enter oder Leertaste: weiter · b: eine Seite zurück · q: zur Lobby"),
    "club.page_last": ("q or Enter: back to the lobby", "q oder Enter: zurück zur Lobby"),
    "club.said": ("{name}: {text}", "{name}: {text}"),
    "club.said_guest": ("{name} (guest): {text}", "{name} (Gast): {text}"),
    "club.a_move": ("{typed} is a move, and no game is played in the lobby (say TEXT says anything).",
                    "{typed} ist ein Zug, und in der Lobby wird nicht gespielt (sag TEXT sagt alles)."),
    "club.no_command": ("{typed} is no command: did you mean {command}? (say TEXT says anything)",
                        "{typed} ist kein Befehl: meintest du {command}? (sag TEXT sagt alles)"),
    "club.legend": ("new · join N · watch N · stand · start · who · top · ? · quit",
                    "neu · setzen N · zuschauen N · aufstehen · los · wer · rangliste · ? · beenden"),
    "club.prompt": ("lobby › ", "Lobby › "),
    "club.help_title": ("The club's lobby", "Die Lobby des Clubs"),
    "club.help_admin": ("As an admin:\n"
                        "close N     end table N (its people back in the lobby, its game saved)\n"
                        "ban NAME    ban the key of the account NAME (whoever uses it leaves the club)\n"
                        "unban NAME  let the key of the account NAME in again\n"
                        "kick NAME   send NAME back to the lobby from their table (their seat waits)\n"
                        "mute NAME [MINUTES]\n"
                        "            NAME cannot talk in the lobby or at tables for MINUTES (default 10)\n"
                        "unmute NAME NAME may talk again",
                        "Als Admin:\n"
                        "schließen N     Tisch N beenden (Leute zurück in die Lobby, Partie gespeichert)\n"
                        "verbannen NAME  den Schlüssel von NAME verbannen (wer ihn nutzt, verlässt den Club)\n"
                        "entbannen NAME  den Schlüssel von NAME wieder hereinlassen\n"
                        "rauswerfen NAME NAME vom Tisch in die Lobby schicken (der Platz wartet)\n"
                        "stumm NAME [MINUTEN]\n"
                        "                NAME darf MINUTEN lang (sonst 10) nirgends im Club reden\n"
                        "laut NAME       NAME darf wieder reden"),
    "club.help": (
        "new [2-5] [bots N] [easy|normal|hard] [base|advanced|expert] [duel|noduel] [match N] [clock SECONDS] "
        "[guests|noguests] [days N|hours N] [invite NAME,NAME]\n"
        "    open a table and sit at it (default: 4 seats, no bots, base game, one game, no clock, guests "
        "welcome); it starts when its seats are full, or when you type start (bots take the open seats)\n"
        "    days N: played over days, each decision within N days, whenever it suits you; invite: seats "
        "kept for those accounts, nobody else sees the table\n"
        "join N      sit at table N (or back at your seat, when it plays)\n"
        "watch N     watch table N\n"
        "stand [N]   get up from the table you wait at (or table N)\n"
        "start [N]   start the table you opened\n"
        "invite N NAME   keep a seat at your open table N for NAME; decline N: turn an invitation down\n"
        "who         who is online\n"
        "top         the ratings: the club's members and the bot levels\n"
        "moves       the tables where it is your move, and since when\n"
        "tournament  tournaments: new NAME [rounds N] [seats 2-5] [days N|clock S], join N, start N, N\n"
        "contact TEXT how the club reaches you while you are away (contact - forgets it)\n"
        "notify on|off whether it does: your move, an invitation, a deadline, a game over\n"
        "say TEXT    talk in the lobby (or type any line that is not a command or a move)\n"
        "quit        leave the club\n"
        "At a table, quit brings you back to the lobby; your seat waits for you, then a bot plays it "
        "until you are back (join N). After the match, Enter brings you back, again plays a rematch.",
        "neu [2-5] [bots N] [leicht|mittel|schwer] [grundspiel|fortgeschrittene|experten] [duell|ohne-duell] "
        "[serie N] [uhr SEKUNDEN] [gäste|ohne-gäste] [tage N|stunden N] [einladen NAME,NAME]\n"
        "    eröffnet einen Tisch, an dem du sitzt (sonst: 4 Plätze, keine Bots, Grundspiel, eine Partie, "
        "keine Uhr, Gäste willkommen); er beginnt, sobald alle Plätze besetzt sind oder wenn du los "
        "tippst (Bots nehmen die freien Plätze)\n"
        "    tage N: über Tage gespielt, jede Entscheidung binnen N Tagen, wann es dir passt; einladen: "
        "Plätze für diese Konten reserviert, sonst sieht niemand den Tisch\n"
        "setzen N      an Tisch N Platz nehmen (oder deinen Platz dort wieder einnehmen)\n"
        "zuschauen N   Tisch N zuschauen\n"
        "aufstehen [N] vom Tisch aufstehen, an dem du wartest (oder von Tisch N)\n"
        "los [N]       die Partie an dem Tisch beginnen, den du eröffnet hast\n"
        "einladen N NAME   an deinem offenen Tisch N einen Platz für NAME reservieren; ablehnen N: "
        "eine Einladung ablehnen\n"
        "wer           wer online ist\n"
        "rangliste     die Spielstärken: die Mitglieder des Clubs und die Bot-Stufen\n"
        "züge          die Tische, an denen du dran bist, und seit wann\n"
        "turnier       Turniere: neu NAME [runden N] [plätze 2-5] [tage N|uhr S], setzen N, los N, N\n"
        "kontakt TEXT  wo der Club dich erreicht, wenn du weg bist (kontakt -: nirgends)\n"
        "benachrichtigen an|aus  ob er dir Bescheid gibt (Zug, Einladung, Frist, Ende)\n"
        "sag TEXT      in der Lobby reden (auch ohne sag: was weder Befehl noch Zug ist)\n"
        "beenden       den Club verlassen\n"
        "Am Tisch bringt dich beenden zurück in die Lobby; dein Platz wartet auf dich, dann spielt ein "
        "Bot für dich, bis du zurück bist (setzen N). Nach der Serie bringt dich Enter zurück, nochmal "
        "spielt eine Revanche."),
    "club.who_title": ("Online now", "Jetzt online"),
    "club.opened": ("Table {n} is open.", "Tisch {n} ist eröffnet."),
    "club.left": ("You got up from table {n}.", "Du bist von Tisch {n} aufgestanden."),
    "club.left_none": ("You sit at no table.", "Du sitzt an keinem Tisch."),
    "club.back": ("Back in the lobby.", "Zurück in der Lobby."),
    "club.back_closed": ("An admin closed table {n}.", "Ein Admin hat Tisch {n} geschlossen."),
    "club.back_kicked": ("An admin sent you back to the lobby from table {n}.",
                         "Ein Admin hat dich von Tisch {n} zurück in die Lobby geschickt."),
    "club.back_failed": ("Table {n} stopped: the process it played in failed. Its game is saved up to the last "
                         "move.",
                         "Tisch {n} ist stehen geblieben: Der Prozess, in dem er spielte, ist ausgefallen. Die "
                         "Partie ist bis zum letzten Zug gespeichert."),
    "club.back_broken": ("Your screen at table {n} failed and was closed (the club's log says why). The game goes "
                         "on: join {n} to sit down again.",
                         "Dein Bildschirm an Tisch {n} ist ausgefallen und wurde geschlossen (das Protokoll des Clubs "
                         "sagt, warum). Die Partie geht weiter: setzen {n} bringt dich zurück an den Tisch."),
    "club.no_table": ("There is no table {typed}.", "Es gibt keinen Tisch {typed}."),
    "club.which_table": ("Which table? e.g. join 2", "Welcher Tisch? z. B. setzen 2"),
    "club.playing": ("That table is already playing: watch it (watch N).",
                     "An dem Tisch wird schon gespielt: schau zu (zuschauen N)."),
    "club.here_already": ("You sit there already.", "Du sitzt schon dort."),
    "club.no_guests": ("That table takes no guests.", "Dieser Tisch nimmt keine Gäste."),
    "club.no_seat": ("That table has no open seat.", "An diesem Tisch ist kein Platz frei."),
    "club.too_many": ("You have {n} tables unfinished already: finish one first.",
                      "Du hast schon {n} offene Tische: beende erst einen."),
    "club.too_many_one": ("You have a table unfinished already: finish it first.",
                          "Du hast schon einen offenen Tisch: beende ihn erst."),
    "club.too_many_days": ("You have {n} tables played over days unfinished already: finish one first.",
                           "Du hast schon {n} offene Tische über Tage: beende erst einen."),
    "club.too_many_days_one": ("You have a table played over days unfinished already: finish it first.",
                               "Du hast schon einen offenen Tisch über Tage: beende ihn erst."),
    "club.private": ("That table is kept for the people invited to it.",
                     "Dieser Tisch ist für die Eingeladenen reserviert."),
    "club.invite_nobody": ("No account is called {typed}: invite people by their account's name.",
                           "Kein Konto heißt {typed}: lade Leute mit dem Namen ihres Kontos ein."),
    "club.invite_self": ("You sit at your own table already: invite others.",
                         "Du sitzt schon an deinem Tisch: lade andere ein."),
    "club.invite_seats": ("Not enough seats for everyone invited: new 4 … invite a,b,c gives four.",
                          "Nicht genug Plätze für alle Eingeladenen: neu 4 … einladen a,b,c gibt vier."),
    "club.invite_started": ("That table has started: nobody more can be invited.",
                            "An dem Tisch wird schon gespielt: niemand mehr kann eingeladen werden."),
    "club.invite_opener": ("Only the player who opened the table can invite to it.",
                           "Nur wer den Tisch eröffnet hat, kann dazu einladen."),
    "club.invite_usage": ("Type: invite N NAME[,NAME] (table N, opened by you).",
                          "Tippe: einladen N NAME[,NAME] (Tisch N, von dir eröffnet)."),
    "club.invited_more": ("Invited to table {n}: {names}.", "Zu Tisch {n} eingeladen: {names}."),
    "club.opened_invited": ("Table {n} is open, its seats kept for {names}: it starts when they join.",
                            "Tisch {n} ist eröffnet, Plätze reserviert für {names}: Es geht los, sobald sie "
                            "sich setzen."),
    "club.decline_none": ("You have no invitation to that table.", "Du hast keine Einladung an diesen Tisch."),
    "club.declined": ("You turned down the invitation to table {n}.",
                      "Du hast die Einladung an Tisch {n} abgelehnt."),
    # -- tournaments ---------------------------------------------------------------------------
    "club.cup.usage": ("Type: tournament new NAME [rounds N] [seats 2-5] [days N|clock S] · tournament join N · "
                       "tournament N",
                       "Tippe: turnier neu NAME [runden N] [plätze 2-5] [tage N|uhr S] · turnier setzen N · "
                       "turnier N"),
    "club.cup.name": ("A tournament's name is one word of up to 40 characters, not {typed}.",
                      "Der Name eines Turniers ist ein Wort aus bis zu 40 Zeichen, nicht {typed}."),
    "club.cup.rounds": ("A tournament has 1 to 15 rounds, not {typed}.",
                        "Ein Turnier hat 1 bis 15 Runden, nicht {typed}."),
    "club.cup.none": ("There is no tournament {typed}: tournaments lists them.",
                      "Es gibt kein Turnier {typed}: turniere zeigt alle."),
    "club.cup.guests": ("Guests watch tournaments; entering one needs an SSH key.",
                        "Gäste schauen Turnieren zu; mitspielen geht nur mit SSH-Schlüssel."),
    "club.cup.creator": ("Only the tournament's creator or an admin can do that.",
                         "Das können nur wer das Turnier eröffnet hat und die Admins."),
    "club.cup.started": ("That tournament has started: it takes no more entries.",
                         "Dieses Turnier hat begonnen: Es nimmt niemanden mehr auf."),
    "club.cup.in_already": ("You are in that tournament already.", "Du bist schon in diesem Turnier."),
    "club.cup.not_in": ("You are not in that tournament.", "Du bist nicht in diesem Turnier."),
    "club.cup.full": ("That tournament is full.", "Dieses Turnier ist voll."),
    "club.cup.no_bots": ("That tournament has every bot it can take.", "Dieses Turnier hat schon alle Bots."),
    "club.cup.too_few": ("A tournament needs two entrants at least.", "Ein Turnier braucht mindestens zwei."),
    "club.cup.bot_level": ("Add a bot as bot:easy, bot:normal or bot:hard, not {typed}.",
                           "Einen Bot fügst du als bot:leicht, bot:mittel oder bot:schwer hinzu, nicht {typed}."),
    "club.cup.opened": ("Tournament {n} ({name}) takes entries: tournament join {n}; tournament start {n} when all "
                        "are in.",
                        "Turnier {n} ({name}) nimmt Anmeldungen: turnier setzen {n}; turnier los {n}, wenn "
                        "alle dabei sind."),
    "club.cup.done_join": ("You are in tournament {n} ({name}).", "Du bist in Turnier {n} ({name})."),
    "club.cup.done_leave": ("You left tournament {n} ({name}).", "Du hast Turnier {n} ({name}) verlassen."),
    "club.cup.done_add": ("A bot is in tournament {n}.", "Ein Bot ist in Turnier {n}."),
    "club.cup.done_start": ("Tournament {n} ({name}) has started: round 1 is seated.",
                            "Turnier {n} ({name}) hat begonnen: Runde 1 ist gesetzt."),
    "club.cup.done_close": ("Tournament {n} is closed.", "Turnier {n} ist geschlossen."),
    "club.cup.your_table": ("{name}, round {round}: your table is {n}.", "{name}, Runde {round}: Dein Tisch ist {n}."),
    "club.cup.list_title": ("Tournaments", "Turniere"),
    "club.cup.list_none": ("No tournaments yet: tournament new NAME opens one.",
                           "Noch keine Turniere: turnier neu NAME eröffnet eins."),
    "club.cup.list_line": ("{n}  {name} · {stage} · {entrants} entrants · {game}",
                           "{n}  {name} · {stage} · {entrants} dabei · {game}"),
    "club.cup.list_how": ("tournament N: its standings · tournament join N · tournament new NAME",
                          "turnier N: der Stand · turnier setzen N · turnier neu NAME"),
    "club.cup.title": ("Tournament {n}: {name}", "Turnier {n}: {name}"),
    "club.cup.stage_open": ("open for entries (tournament join {n})", "offen (turnier setzen {n})"),
    "club.cup.stage_over": ("over", "vorbei"),
    "club.cup.round": ("round {round} of {of}", "Runde {round} von {of}"),
    "club.cup.tables_of": ("tables of {n}", "Tische zu {n}"),
    "club.cup.rounds_n": ("{n} rounds", "{n} Runden"),
    "club.cup.rounds_n_one": ("{n} round", "{n} Runde"),
    "club.cup.points": ("points", "Punkte"),
    "club.cup.games": ("games", "Partien"),
    "club.cup.opponents": ("opp. pts", "Gegner-Pkt."),
    "club.cup.difference": ("score diff.", "Pkt.-Diff."),
    "club.cup.withdrawn": ("{name} (out)", "{name} (raus)"),
    "club.cup.table_line": ("Table {n}: {names} · {state}", "Tisch {n}: {names} · {state}"),
    "club.cup.table_over": ("over", "vorbei"),
    "club.cup.table_short": ("🏆{n} r{round}", "🏆{n} R{round}"),
    "given_up_absent": ("You were not here when the game began: a bot plays your seat (you score last).",
                        "Du warst nicht da, als die Partie begann: Ein Bot spielt deinen Platz (du wirst Letzter)."),
    # What the club tells an account (in the lobby now, or at its next login: kept with it).
    "club.news.invited": ("{name} invites you to table {n}: join {n} to sit down, or decline {n}.",
                          "{name} lädt dich an Tisch {n} ein: setzen {n} zum Hinsetzen, oder ablehnen {n}."),
    "club.news.declined": ("{name} turned down your invitation to table {n}: invite N NAME, or start N with a bot.",
                           "{name} hat deine Einladung an Tisch {n} abgelehnt: einladen N NAME, oder beginnen N "
                           "mit einem Bot."),
    "club.news.started": ("Table {n} has started: join {n} when it suits you.",
                          "Tisch {n} hat begonnen: setzen {n}, wann es dir passt."),
    "club.news.missed": ("At table {n} your time for a decision ran out: a bot made it for you.",
                         "An Tisch {n} war deine Zeit für eine Entscheidung um: Ein Bot hat sie getroffen."),
    "club.news.given_up": ("At table {n} three decisions in a row ran out: a bot plays your seat to the game's "
                           "end, and the game is not rated for you.",
                           "An Tisch {n} sind drei Entscheidungen nacheinander verstrichen: Ein Bot spielt deinen "
                           "Platz bis zum Ende der Partie, und sie wird für dich nicht gewertet."),
    "club.news.game_over": ("The game at table {n} is over: you came {place} of {seats}.",
                            "Die Partie an Tisch {n} ist vorbei: Du bist {place}. von {seats}."),
    "club.news.deadline": ("At table {n} it is your move, {time} left.",
                           "An Tisch {n} bist du dran, noch {time}."),
    "club.news.your_move": ("Your move at table {n}.", "Du bist dran an Tisch {n}."),
    "club.full": ("The club has no room for another table now.",
                  "Der Club hat gerade keinen Platz für einen weiteren Tisch."),
    "club.start_none": ("You wait at no table.", "Du wartest an keinem Tisch."),
    "club.start_opener": ("Only the player who opened the table can start it.",
                          "Nur wer den Tisch eröffnet hat, kann die Partie dort beginnen."),
    "club.not_started": ("That table has not started: join it (join N).",
                         "Dieser Tisch hat noch nicht begonnen: setz dich dazu (setzen N)."),
    "club.guests_cannot": ("Guests watch and join tables; opening one needs an SSH key.",
                           "Gäste schauen zu und setzen sich an Tische; einen eröffnen geht nur mit SSH-Schlüssel."),
    "club.new.unknown": ("new does not know {typed}. Try: new 3 bots 1 advanced clock 60",
                         "neu kennt {typed} nicht. Versuch: neu 3 bots 1 fortgeschrittene uhr 60"),
    "club.new.number": ("{typed} needs a number after it, e.g. bots 1.", "Nach {typed} fehlt eine Zahl, z. B. bots 1."),
    "club.new.seats": ("A table has 2 to 5 seats, not {typed}.", "Ein Tisch hat 2 bis 5 Plätze, nicht {typed}."),
    "club.new.bots": ("Bots take fewer seats than the table has (you sit too), not {typed}.",
                      "Bots nehmen weniger Plätze, als der Tisch hat (du sitzt ja auch), nicht {typed}."),
    "club.new.games": ("A match is 1 to 9 games, not {typed}.", "Eine Serie hat 1 bis 9 Partien, nicht {typed}."),
    "club.new.clock": ("The clock gives 10 to 3600 seconds a decision, not {typed}.",
                       "Die Uhr gibt 10 bis 3600 Sekunden pro Entscheidung, nicht {typed}."),
    "club.new.hours": ("A table played over days gives 1 hour to 14 days (336 hours) a decision, not {typed} hours.",
                       "Ein Tisch über Tage gibt 1 Stunde bis 14 Tage (336 Stunden) pro Entscheidung, nicht "
                       "{typed} Stunden."),
    "club.new.clock_or_days": ("A table has a clock (live) or days (played over days), not both.",
                               "Ein Tisch hat eine Uhr (live) oder Tage (über Tage gespielt), nicht beides."),
    "club.new.guests_days": ("Guests cannot sit at a table played over days: they could not come back.",
                             "Gäste können nicht an einem Tisch über Tage sitzen: Ein Gast käme nicht wieder herein."),
    "club.new.invite": ("invite takes up to 4 names with commas between them, e.g. invite bea,cy.",
                        "einladen nimmt bis zu 4 Namen mit Kommas dazwischen, z. B. einladen bea,cy."),
    "club.admin_only": ("Only the club's admins may do that.", "Das dürfen nur die Admins des Clubs."),
    "club.closed_table": ("Table {n} is closed.", "Tisch {n} ist geschlossen."),
    "club.banned_name": ("{name}'s key is banned.", "Der Schlüssel von {name} ist verbannt."),
    "club.ban_nobody": ("No account is called {typed}.", "Kein Konto heißt {typed}."),
    "club.unbanned": ("{name}'s key may come back.", "Der Schlüssel von {name} darf wieder herein."),
    "club.unban_nobody": ("No account called {name} is banned.", "Kein Konto namens {name} ist verbannt."),
    "club.not_online": ("Nobody called {name} is online.", "Niemand namens {name} ist online."),
    "club.kicked": ("{name} is back in the lobby from table {n} (not banned: the seat waits).",
                    "{name} ist von Tisch {n} in die Lobby geschickt (der Platz wartet)."),
    "club.kick_nowhere": ("{name} is at no table.", "{name} ist an keinem Tisch."),
    "club.muted": ("{name} is muted for {minutes} min, in the lobby and at tables.",
                   "{name} ist {minutes} Min. stummgeschaltet, in der Lobby und an Tischen."),
    "club.unmuted": ("{name} may talk again.", "{name} darf wieder reden."),
    "club.unmute_nobody": ("{name} is not muted.", "{name} ist nicht stummgeschaltet."),
    "club.order_usage": ("Type: unban NAME · kick NAME · mute NAME [MINUTES] · unmute NAME",
                         "Tippe: entbannen NAME · rauswerfen NAME · stumm NAME [MINUTEN] · laut NAME"),
    "club.mute_minutes": ("mute takes 1 to {most} minutes (a week), not {typed}.",
                          "stumm nimmt 1 bis {most} Minuten (eine Woche), nicht {typed}."),
    # -- telling people who are away (contact, notify) ------------------------------------------
    "club.contact.is": ("Your contact: {contact} (contact - forgets it).",
                        "Dein Kontakt: {contact} (kontakt - vergisst ihn)."),
    "club.contact.now": ("Your contact is now {contact}.", "Dein Kontakt ist jetzt {contact}."),
    "club.contact.none": ("You left no contact: contact TEXT leaves one (an e-mail address, a handle: what this "
                          "club asks for).",
                          "Du hast keinen Kontakt hinterlassen: kontakt TEXT hinterlässt einen (eine E-Mail-Adresse, "
                          "ein Name im Chat: was dieser Club braucht)."),
    "club.contact.forgotten": ("Your contact is forgotten: the club tells you nothing while you are away.",
                               "Dein Kontakt ist vergessen: Der Club sagt dir nichts, solange du weg bist."),
    "club.notify.on": ("Notify is on: the club tells you when you are away (your move, an invitation, a deadline, "
                       "a game over); notify off stops it.",
                       "Benachrichtigen ist an: Der Club sagt dir Bescheid, wenn du weg bist (dein Zug, eine "
                       "Einladung, eine Frist, eine Partie vorbei); benachrichtigen aus stellt es ab."),
    "club.notify.off": ("Notify is off: the club tells you nothing while you are away; notify on tells you again.",
                        "Benachrichtigen ist aus: Der Club sagt dir nichts, solange du weg bist; benachrichtigen an "
                        "stellt es wieder an."),
    "club.notify.needs_contact": ("It needs your contact first: contact TEXT.",
                                  "Dafür fehlt noch dein Kontakt: kontakt TEXT."),
    "club.notify.nobody": ("This club tells nobody: its operator started it without --notify.",
                           "Dieser Club benachrichtigt niemanden: Er wurde ohne --notify gestartet."),
    "club.notify.usage": ("notify takes on or off, not {typed}.", "benachrichtigen nimmt an oder aus, nicht {typed}."),
    "club.notify.guest": ("Guests have no account: contact and notify need an SSH key.",
                          "Gäste haben kein Konto: kontakt und benachrichtigen gehen nur mit SSH-Schlüssel."),
    # -- where it is your move (club/turns.py: the lobby at login, moves, ssh … waiting) -------------
    "turns.yours": ("Your move at table {n} ({last}, {ago}; {left})",
                    "Du bist dran an Tisch {n} ({last}, {ago}; {left})"),
    "turns.yours_plain": ("Your move at table {n} ({ago}; {left})", "Du bist dran an Tisch {n} ({ago}; {left})"),
    "turns.ago": ("{time} ago", "vor {time}"),
    "turns.just_now": ("just now", "gerade eben"),
    "turns.left": ("{time} left", "noch {time}"),
    "turns.no_limit": ("no time limit", "ohne Frist"),
    "turns.more": ("… and {n} more: moves lists them", "… und {n} weitere: züge zeigt sie"),
    "turns.title": ("Where it is your move", "Wo du dran bist"),
    "turns.none": ("It is your move at no table.", "Du bist an keinem Tisch dran."),
    "turns.guest": ("waiting lists the tables of an account: log in with your SSH key.",
                    "waiting zeigt die Tische eines Kontos: melde dich mit deinem SSH-Schlüssel an."),
    # -- at a table -----------------------------------------------------------------------
    "club.clock": ("⏱ {name} {time}", "⏱ {name} {time}"),
    "clock_out": ("Your time ran out: a bot made this decision for you.",
                  "Deine Zeit war um: Ein Bot hat für dich entschieden."),
    "missed": ("{name}'s time ran out: a bot made that decision for them.",
               "Die Zeit von {name} war um: Ein Bot hat diese Entscheidung getroffen."),
    "given_up": ("{name} let three decisions in a row run out: a bot plays their seat to the game's end.",
                 "{name} hat drei Entscheidungen nacheinander verstreichen lassen: Ein Bot spielt den Platz "
                 "bis zum Ende der Partie."),
    "given_up_yours": ("Three decisions in a row ran out: a bot plays your seat to the game's end (not rated).",
                       "Drei Entscheidungen nacheinander sind verstrichen: Ein Bot spielt deinen Platz bis zum "
                       "Ende der Partie (nicht gewertet)."),
    "club.days_turn": ("⏱ {name}'s move · {time} left", "⏱ {name} ist dran · noch {time}"),
    "club.days_here": ("here: {people}", "da: {people}"),
    # Tr.duration's units: days in words (German after "vor": Tagen), the rest as a clock's.
    "unit.day": ("day", "Tag"), "unit.days": ("days", "Tage"), "unit.days_ago": ("days", "Tagen"),
    "unit.hours": ("h", "Std."), "unit.minutes": ("min", "Min."), "unit.seconds": ("s", "s"),
    # -- the club's log and console ------------------------------------------------------------
    "club.log.opened": ("{name} opened table {n}", "{name} hat Tisch {n} eröffnet"),
    "club.log.declined": ("{name} declined the invitation to table {n}",
                          "{name} hat die Einladung an Tisch {n} abgelehnt"),
    "club.log.missed": ("Table {n}: {name}'s time ran out", "Tisch {n}: Die Zeit von {name} war um"),
    "club.log.started": ("Table {n} starts: {names}", "Tisch {n} beginnt: {names}"),
    "club.log.ended": ("Table {n} is over", "Tisch {n} ist vorbei"),
    "club.log.not_played": ("Table {n} could not play: {error}", "Tisch {n} konnte nicht spielen: {error}"),
    # An admin's order, each with the admin's account name (``by``) and the name as the account has it.
    "club.log.closed": ("{by} closed table {n}", "{by} hat Tisch {n} geschlossen"),
    "club.log.banned": ("{by} banned {name}'s key", "{by} hat den Schlüssel von {name} verbannt"),
    "club.log.unbanned": ("{by} let {name}'s key in again", "{by} lässt den Schlüssel von {name} wieder herein"),
    "club.log.kicked": ("{by} sent {name} back to the lobby from table {n}",
                        "{by} hat {name} von Tisch {n} zurück in die Lobby geschickt"),
    "club.log.muted": ("{by} muted {name} for {minutes} min", "{by} hat {name} für {minutes} Min. stummgeschaltet"),
    "club.log.unmuted": ("{by} let {name} talk again", "{by} lässt {name} wieder reden"),
    "club.log.still_muted": ("{name} is still muted for {minutes} min (kept over the restart)",
                             "{name} bleibt noch {minutes} Min. stummgeschaltet (über den Neustart behalten)"),
    "club.log.resumed": ("Table {n} resumed", "Tisch {n} wieder aufgenommen"),
    "club.log.save_gone": ("Table {n} is not resumed: its match is over (its save went once it was recorded)",
                           "Tisch {n} wird nicht wieder aufgenommen: Seine Partie ist vorbei (ihr Spielstand ging, "
                           "als sie eingetragen war)"),
    "club.log.reopened": ("Table {n} is open again", "Tisch {n} ist wieder eröffnet"),
    "club.log.orphan": ("The save {name} belongs to no table of the club's: set aside in {folder}",
                        "Der Spielstand {name} gehört zu keinem Tisch des Clubs: beiseitegelegt in {folder}"),
    "club.orphans_line": ("{n} saves that no table of the club names were set aside in {folder} (the log names "
                          "them).",
                          "{n} Spielstände, die kein Tisch des Clubs nennt, sind nach {folder} beiseitegelegt "
                          "(das Protokoll nennt sie)."),
    "club.orphans_line_one": ("A save that no table of the club names was set aside in {folder} (the log names "
                              "it).",
                              "Ein Spielstand, den kein Tisch des Clubs nennt, ist nach {folder} beiseitegelegt "
                              "(das Protokoll nennt ihn)."),
    "club.rebuilt_line": ("{file} was damaged, {why}: set aside as {aside}; {n} tables rebuilt from their "
                          "saves.",
                          "{file} war beschädigt, {why}: beiseitegelegt als {aside}; {n} Tische aus ihren "
                          "Spielständen wiederhergestellt."),
    "club.rebuilt_line_one": ("{file} was damaged, {why}: set aside as {aside}; 1 table rebuilt from its save.",
                              "{file} war beschädigt, {why}: beiseitegelegt als {aside}; 1 Tisch aus seinem "
                              "Spielstand wiederhergestellt."),
    "club.damaged.json": ("not JSON, or cut short", "kein JSON, oder abgeschnitten"),
    "club.damaged.nested": ("nested too deeply", "zu tief verschachtelt"),
    "club.damaged.shape": ("no list of tables", "keine Liste von Tischen"),
    "club.damaged.db": ("no database of the club's tables, or damaged",
                        "keine Datenbank der Tische des Clubs, oder beschädigt"),
    "club.state.newer": ("a newer abluxxen wrote it: start that one, or update this one",
                         "ein neueres Abluxxen hat sie geschrieben: starte jenes, oder aktualisiere dieses"),
    "club.log.upgraded": ("{file} of an older club: its {n} tables, mutes and chats are now kept in {state}; "
                          "{file} is kept as {aside}",
                          "{file} eines älteren Clubs: Seine {n} Tische, Stummschaltungen und Chats stehen jetzt in "
                          "{state}; {file} bleibt als {aside}"),
    "club.cannot_registry": ("cannot read the club's tables in {path}: {reason}",
                             "kann die Tische des Clubs in {path} nicht lesen: {reason}"),
    "club.log.not_rated": ("The ratings cannot be read: {error}", "Die Spielstärken lassen sich nicht lesen: {error}"),
    "club.log.not_kept": ("The club's tables cannot be kept: {error}",
                          "Die Tische des Clubs lassen sich nicht sichern: {error}"),
    "club.bad_admin": ("--admins: {name} cannot be an account's name",
                       "--admins: {name} kann kein Kontoname sein"),
    "club.running": ("another club runs on this data folder (pid {pid}, port {port}); stop it first",
                     "auf diesem Datenordner läuft schon ein Club (PID {pid}, Port {port}); beende ihn zuerst"),
    "club.cannot_lock": ("cannot hold the club's lock {path}: {reason}",
                         "kann die Sperre des Clubs {path} nicht halten: {reason}"),
    "club.backup.done": ("Backed up into {dir}: {what}.", "Gesichert in {dir}: {what}."),
    "club.backup.restore": ("To restore: stop the club, then make {dir} its data folder (copy it back, or "
                            "ABLUXXEN_DATA_DIR={dir}).",
                            "Zum Wiederherstellen: den Club anhalten, dann {dir} zu seinem Datenordner machen "
                            "(zurückkopieren, oder ABLUXXEN_DATA_DIR={dir})."),
    "club.backup.tables": ("the club's state ({n} tables)", "der Stand des Clubs ({n} Tische)"),
    "club.backup.tables_one": ("the club's state ({n} table)", "der Stand des Clubs ({n} Tisch)"),
    "club.backup.saves": ("{n} saves", "{n} Spielstände"),
    "club.backup.saves_one": ("{n} save", "{n} Spielstand"),
    "club.backup.accounts": ("the accounts", "die Konten"),
    "club.backup.records": ("the records", "die Aufzeichnungen"),
    "club.backup.host_key": ("the host key", "der Host-Schlüssel"),
    "club.backup.left_out": ("{n} tables left out (their games ended meanwhile: they are in the records)",
                             "{n} Tische ausgelassen (ihre Partien endeten währenddessen: Sie sind aufgezeichnet)"),
    "club.backup.left_out_one": ("{n} table left out (its game ended meanwhile: it is in the records)",
                                 "{n} Tisch ausgelassen (seine Partie endete währenddessen: Sie ist aufgezeichnet)"),
    "club.backup.not_empty": ("--backup {dir}: the folder is there and not empty; name a new or empty one.",
                              "--backup {dir}: Der Ordner ist da und nicht leer; nenne einen neuen oder leeren."),
    "club.backup.no_club": ("--backup: the data folder {data} holds no club.",
                            "--backup: Im Datenordner {data} ist kein Club."),
    "club.backup.failed": ("--backup {dir}: the copy failed ({reason}); what was copied is left there.",
                           "--backup {dir}: Die Kopie ist misslungen ({reason}); was kopiert ist, bleibt dort."),
    "club.join_line": ("People join with:  ssh -p {port} NAME@{address}",
                       "Mitspieler kommen dazu mit:  ssh -p {port} NAME@{address}"),
    "club.name_line": ("NAME is theirs from their first login with their SSH key.",
                       "NAME gehört ihnen ab der ersten Anmeldung mit ihrem SSH-Schlüssel."),
    "club.guest_line": ("Guests without a key: the code {code}", "Gäste ohne Schlüssel: der Code {code}"),
}
