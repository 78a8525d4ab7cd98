"""Setting a new game up: the questions, their help and their refusals."""

from __future__ import annotations

# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS: dict[str, tuple[str, str]] = {
    # -- setup ------------------------------------------------------------------
    "setup_title": ("New game of Abluxxen", "Neue Partie Abluxxen"),
    "setup_seats": ("How many seats (2–5)", "Wie viele Plätze (2–5)"),
    "setup_seat": ("Seat {n}: a name, or bot:easy / bot:normal / bot:hard",
                   "Platz {n}: Name oder bot:leicht/bot:mittel/bot:schwer"),
    # The variants' own lines come just before the question (setup_variants_line), each headed by its name:
    # the German names are long, and an answer must fit the line.
    "setup_variant": ("Variant: base, advanced or expert", "Welche Variante"),
    "setup_duel": ("Two players: play the duel with the shadow display? (y/n)",
                   "Zwei Spieler: das Duell mit der Schattenauslage spielen? (j/n)"),
    "setup_intro": ("Enter keeps the answer in [brackets] · ? explains a question · Ctrl-C leaves.",
                    "Enter nimmt die Antwort in [Klammern] · ? erklärt eine Frage · Strg-C beendet."),
    "setup_variants_line": (
        "base: one optional draw after a turn without abluxx\n"
        "advanced: no such draw · expert: advanced, and 1s abluxx 13s and lone jokers",
        "Grundspiel: Nach einem Zug ohne Abluxxen darfst du eine Karte ziehen\n"
        "Für Fortgeschrittene: kein solches Ziehen\n"
        "Für Experten: Dazu luxxen 1er auch 13er und Joker allein ab"),
    "setup_duel_line": (
        "The duel: both players start with 2 jokers, and 13 open cards form a shadow display that your "
        "sets abluxx too; its cards go straight to your hand.",
        "Das Duell: Beide beginnen mit 2 Jokern, und 13 offene Karten bilden eine Schattenauslage, die "
        "eure Sätze ebenfalls abluxxen; ihre Karten kommen direkt auf die Hand."),
    "setup_first": ("Who starts: {options}", "Wer beginnt: {options}"),
    "setup_bad_first": ("one of {options}, please", "bitte eines von: {options}"),
    "setup_left": ("Setup cancelled: no game was started.", "Einrichtung abgebrochen: keine Partie begonnen."),
    "yes_default": ("y", "j"),
    "setup_help.seats": (
        "Two to five seats, people or bots. Three to five play the base game; two play the duel "
        "(or, if you say no to the duel, the plain two-player game).",
        "Zwei bis fünf Plätze, Menschen oder Bots. Drei bis fünf spielen das Grundspiel; zwei spielen "
        "das Duell (oder, wenn ihr es ablehnt, das einfache Spiel zu zweit)."),
    "setup_help.seat": (
        "A player's name (up to 12 characters), or a bot: bot:easy (gentle), bot:normal (plays like a "
        "good player) or bot:hard (searches ahead, up to half a second a move).",
        "Der Name eines Mitspielers (bis 12 Zeichen) oder ein Bot: bot:leicht (sanft), bot:mittel (spielt wie "
        "ein guter Spieler) oder bot:schwer (rechnet voraus, bis zu einer halben Sekunde pro Zug)."),
    "setup_help.variant": (
        "base: the Amigo rules; a turn that abluxxes nobody ends with one optional draw.\n"
        "advanced: no draw after such a turn (first edition): hands shrink faster.\n"
        "expert: advanced, and a set of 1s also abluxxes 13s and lone jokers of its size.",
        "Grundspiel: die Amigo-Regeln; ein Zug, der niemandem etwas abluxxt, endet mit einem freiwilligen Ziehen.\n"
        "Für Fortgeschrittene: kein Ziehen nach so einem Zug (erste Auflage): Hände werden schneller leer.\n"
        "Für Experten: wie für Fortgeschrittene, und ein Satz 1er luxxt auch gleich viele 13er und Joker allein ab."),
    "setup_help.duel": (
        "Duel: each player gets 2 jokers and 11 cards; 13 open cards form the shadow display. A set you play "
        "takes a shadow group of the same size and lower value into your hand, then meets your opponent.\n"
        "No: the plain game for two, without a shadow.",
        "Duell: Jeder bekommt 2 Joker und 11 Karten; 13 offene Karten bilden die Schattenauslage. Dein Satz "
        "nimmt eine gleich große, niedrigere Schattengruppe auf die Hand und trifft dann auf die oberste Lage "
        "deines Gegners.\n"
        "Nein: das einfache Spiel zu zweit, ohne Schatten."),
    "setup_help.first": (
        "Who plays first. In a match of several games the starting player moves one seat clockwise each game; "
        "'random' lets the program choose.",
        "Wer zuerst spielt. In einer Serie aus mehreren Partien wechselt der Startspieler reihum im "
        "Uhrzeigersinn; 'zufall' lässt das Programm wählen."),
    "setup_bad": ("✗ {reason}", "✗ {reason}"),
    "setup_bad_seats": ("a number from 2 to 5, please", "bitte eine Zahl von 2 bis 5"),
    "setup_bad_variant": ("base, advanced or expert, please",
                          "bitte Grundspiel, für Fortgeschrittene oder für Experten"),
    "setup_bad_seat": ("a name (up to 12 characters) or bot:easy, bot:normal, bot:hard",
                       "ein Name (bis 12 Zeichen) oder bot:leicht, bot:mittel, bot:schwer"),
    "setup_bad_yes_no": ("y or n, please", "bitte j (ja) oder n (nein)"),
    "setup_default_bot": ("bot:normal", "bot:mittel"),
    "setup_random": ("random", "zufall"),
    "setup_default_variant": ("base", "Grundspiel"),
    "setup_same_name": ("{name} is already seated", "{name} sitzt schon am Tisch"),
    # -- seats on the command line (--players, --first) ----------------------------
    "seat_numbered": ("seat {number}: {reason}", "Platz {number}: {reason}"),
    # Each refusal of a seat fits one line of 80 columns after "abluxxen play: error: seat 2: ", with what
    # was typed quoted after it.
    "seat_bad_level": ("unknown bot level {typed} (easy, normal, hard)",
                       "Bot leicht, mittel oder schwer, nicht {typed}"),
    # An empty seat ("Ann,,Ben", ",,,") is a slip of the keyboard: no player is made up for it.
    "seat_name_empty": ("no name: give one, or bot for a bot", "kein Name: gib einen an, oder bot für einen Bot"),
    "seat_count": ("2 to 5 seats are needed, not {n}", "es braucht 2 bis 5 Plätze, nicht {n}"),
    "seat_twice": ("{name} sits twice: give each player their own name",
                   "{name} sitzt zweimal: gib jedem einen eigenen Namen"),
    "seat_no_first": ("no seat is named {typed} (or give random)", "kein Platz heißt {typed} (oder gib zufall an)"),
    "seat_default_name": ("Player {n}", "Spieler {n}"),
    # -- the command line's values, as its help shows them and --variant/--tiebreak read them ------
    "option.base": ("base", "grundspiel"),
    "option.advanced": ("advanced", "fortgeschrittene"),
    "option.expert": ("expert", "experten"),
    "option.fewest-hand": ("fewest-hand", "wenigste-karten"),
    "option.shared": ("shared", "geteilt"),
}
