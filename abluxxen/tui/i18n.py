"""Every text the terminal game shows, in English and German.

The German texts use the game's own words: abluxxen, Auslage (display),
Vorrat (pool), Nachziehstapel (deck), Ablagestapel (discard pile), Joker,
Schatten (the duel's shadow display).
"""

from __future__ import annotations

import errno
from collections.abc import Mapping, Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from ..cards import JOKER, group_token
from ..languages import LANGS
from ..moves import IllegalMove
from ..quoting import visible

if TYPE_CHECKING:
    from ..bots import Reason


# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS: dict[str, tuple[str, str]] = {
    # -- table -----------------------------------------------------------------
    "title": ("ABLUXXEN", "ABLUXXEN"),
    "variant.base": ("base game", "Grundspiel"),
    "variant.advanced": ("advanced", "Fortgeschritten"),
    "variant.expert": ("expert", "Experte"),
    "duel": ("duel", "Duell"),
    "level.easy": ("easy", "leicht"),
    "level.normal": ("normal", "mittel"),
    "level.hard": ("hard", "schwer"),
    "game_of": ("game {n} of {total}", "Partie {n} von {total}"),
    "seed": ("seed {seed}", "Seed {seed}"),
    "deck": ("Deck", "Nachziehstapel"),
    "discard": ("Discard", "Ablagestapel"),
    # When the header is short of room.
    "deck_short": ("Deck", "Stapel"),
    "discard_short": ("Discard", "Ablage"),
    "pool": ("Pool", "Vorrat"),
    "pool_empty": ("(empty)", "(leer)"),
    "shadow": ("Shadow", "Schatten"),
    "hand_short": ("hand", "Hand"),
    "score_short": ("pts", "Pkt"),
    "display_empty": ("no display yet", "noch keine Auslage"),
    "display_gone": ("display empty", "Auslage leer"),
    "folded": ("+{layers} older ({cards} cards)", "+{layers} ältere ({cards} Karten)"),
    "log": ("What happened", "Was geschah"),
    "log_empty": ("Nothing yet: {name} starts.", "Noch nichts: {name} beginnt."),
    "your_hand": ("Your hand ({name})", "Deine Hand ({name})"),
    "hand_hidden": ("Hands stay hidden while the bots play.", "Die Hände bleiben verdeckt, solange Bots spielen."),
    "waiting": ("{name} is thinking …", "{name} überlegt …"),
    "waiting_human": ("{name} decides next.", "{name} entscheidet als Nächstes."),
    "legend": ("? moves and symbols · hint · undo · log · rules TOPIC · quit",
               "? Züge und Zeichen · tipp · rückgängig · verlauf · regeln THEMA · beenden"),
    # -- decisions --------------------------------------------------------------
    "ask.play": ("{name}, play one card or several of one value (jokers may join).",
                 "{name}, spiel eine Karte oder mehrere gleiche (Joker dürfen dazu)."),
    "ask.shadow": ("{name}, the set you played ({cards}) abluxxes several shadow groups: choose one ({options}).",
                   "{name}, dein Satz ({cards}) luxxt dem Schatten mehrere Gruppen ab: wähle eine ({options})."),
    "ask.take": ("{name}, you abluxxed {victim}'s {stake}: take {it} ({victim} draws {n}) or leave {it}?",
                 "{name}, du hast {victim} {owned} abgeluxxt: nimm ({victim} zieht {n} nach) oder lass?"),
    "ask.back": ("{name}, {attacker} abluxxed your {stake} and left {it}: back to your hand, "
                 "or discard {it} and draw {n}?",
                 "{name}, {attacker} hat dir {owned} abgeluxxt und gelassen: zurück auf die Hand "
                 "oder abwerfen und {n} nachziehen?"),
    "ask.draw": ("{name}, draw {count}: a pool card (type its value, e.g. 7) or the deck.",
                 "{name}, zieh {count}: eine Karte aus dem Vorrat (tippe ihren Wert, z. B. 7) oder vom "
                 "Nachziehstapel."),
    "ask.draw_deck_only": ("{name}, draw {count} from the deck (the pool is empty).",
                           "{name}, zieh {count} vom Nachziehstapel (der Vorrat ist leer)."),
    "draw_first": ("{n}", "{n}"),
    "draw_more": ("{n} more", "noch {n}"),
    "ask.single-draw": ("{name}, no abluxx this turn: draw one card (pool or deck) or pass.",
                   "{name}, kein Abluxxen in diesem Zug: zieh eine Karte (Vorrat oder Nachziehstapel) "
                   "oder passe."),
    "prompt": ("{name} › ", "{name} › "),
    # -- prompt messages --------------------------------------------------------
    "you_drew": ("You drew {cards} from the deck.", "Du hast {cards} vom Nachziehstapel gezogen."),
    "drew_enter": ("Press Enter, then pass the keyboard on. ", "Enter drücken, dann die Tastatur weitergeben. "),
    "took_yours": ("{name} took your {cards}: draw {n}.", "{name} hat dir {cards} genommen: zieh {n} nach."),
    "seed_line": ("Seed {seed}\n(the command that replays these deals is printed when you leave)",
                  "Seed {seed}\n(der Befehl, der diese Karten noch einmal gibt, erscheint beim Verlassen)"),
    "replay": ("Seed {seed}: replay these deals with\n  {command}", "Seed {seed}: dieselben Karten noch einmal "
               "mit\n  {command}"),
    "forced": ("Played for you (no other move was possible): {move}.",
               "Für dich gespielt (kein anderer Zug war möglich): {move}."),
    "bad_move": ("✗ {reason}", "✗ {reason}"),
    "no_hint": ("No hint for this decision, sorry.",
                "Für diese Entscheidung gibt es leider keinen Tipp."),
    "hint": ("Hint: {move} — {reason}", "Tipp: {move} — {reason}"),
    "no_rules": ("The rules reader is not installed yet.", "Die Regeln sind noch nicht installiert."),
    "no_rules_topic": ("No rules section matches {topic!r}.", "Kein Regelabschnitt passt zu {topic!r}."),
    "press_enter": ("Press Enter to return to the table.", "Enter drücken, um zum Tisch zurückzukehren."),
    "more": ("Enter: more · q: back to the table", "Enter: weiter · q: zurück zum Tisch"),
    "moves_title": ("Your legal moves", "Deine erlaubten Züge"),
    "moves_how": ("Type a move as shown, or a shortcut: {shortcuts}. Tab completes.",
                  "Tippe einen Zug wie gezeigt oder eine Abkürzung: {shortcuts}. Tab ergänzt."),
    "shortcuts.play": ("'7 7 x' or '77x' for play 7 7 X", "'7 7 x', '77x' oder 'spiele 7 7 x'"),
    "shortcuts.take": ("t = take, l = leave", "nimm (n) oder lass (l)"),
    "shortcuts.back": ("b = back, d = discard", "zurück (z) auf die Hand oder abwerfen (a)"),
    "shortcuts.draw": ("a card's value (7 draws a 7) or 'deck'",
                       "der Wert einer Karte (7 oder 'ziehe 7' zieht eine 7) oder 'stapel'"),
    "shortcuts.single-draw": ("a card's value (7 draws a 7), 'deck', or p = pass",
                         "der Wert einer Karte (7 oder 'ziehe 7' zieht eine 7), 'stapel' oder passe (p)"),
    "shortcuts.shadow": ("the value, e.g. '5' for shadow 5", "den Wert, z. B. '5' für schatten 5"),
    "explain.play": ("{words} onto your display", "{words} in deine Auslage"),
    "explain.take": ("the cards go to your hand, {victim} draws {n}",
                     "die Karten kommen auf deine Hand, {victim} zieht {n}"),
    "explain.leave": ("{victim} chooses back or discard", "{victim} wählt: zurück auf die Hand oder abwerfen"),
    "explain.back": ("the cards return to your hand, no draw",
                     "die Karten kommen zurück auf deine Hand, kein Nachziehen"),
    "explain.discard": ("the cards go to the discard pile, you draw {n}",
                        "die Karten kommen auf den Ablagestapel, du ziehst {n} nach"),
    "explain.deck": ("the top card of the deck (face down)",
                     "die oberste Karte vom Nachziehstapel (verdeckt)"),
    "explain.pool": ("{words} from the pool", "{words} aus dem Vorrat"),
    "explain.pass": ("draw nothing", "nichts ziehen"),
    "explain.shadow": ("take the shadow's {owned}", "nimm {owned} aus dem Schatten"),
    # -- narration --------------------------------------------------------------
    "n.position": ("A position set up for this step: {name}'s turn.",
                   "Eine Stellung für diesen Schritt: {name} ist am Zug."),
    "n.hit": ("{name}'s set abluxxes {victims}.", "Der Satz von {name} luxxt {victims} ab."),
    "n.hit_one": ("{name}'s {cards}", "{cards} von {name}"),
    "n.start": ("Game {n}: {name} starts.", "Partie {n}: {name} beginnt."),
    "n.play": ("{name} plays {cards}", "{name} spielt {cards}"),
    "n.no_abluxx": ("no abluxx", "kein Abluxxen"),
    "n.abluxx": ("abluxxes {victim}'s {cards}", "luxxt {victim} {cards} ab"),
    "n.abluxx_again": ("{name} abluxxes {victim}'s {cards}", "{name} luxxt {victim} {cards} ab"),
    "n.them": ("them", "sie"),
    "n.it": ("it", "sie"),
    "n.shadowluxx": ("abluxxes the shadow's {cards} and takes {it}",
                     "luxxt dem Schatten {cards} ab und nimmt {it}"),
    "n.take": ("{name} takes {it}", "{name} nimmt {it}"),
    "n.leave": ("{name} leaves {it}", "{name} lässt {it}"),
    "n.back": ("{name} takes {it} back", "{name} nimmt {it} zurück auf die Hand"),
    "n.discard": ("{name} discards {it}", "{name} wirft {it} ab"),
    "n.draws": ("{name} draws {n} ({sources})", "{name} zieht {n} ({sources})"),
    "n.draws_one": ("{name} draws {source}", "{name} zieht {source}"),
    "n.from_pool": ("{cards} from the pool", "{cards} aus dem Vorrat"),
    "n.from_deck_hidden": ("{count} from the deck", "{count} vom Nachziehstapel"),
    "n.from_deck_seen": ("{cards} from the deck", "{cards} vom Nachziehstapel"),
    "n.pass": ("{name} passes", "{name} passt"),
    "n.to_pool": ("{card} from the shadow refill joins the pool", "der Schatten-Nachschub legt {card} "
                  "in den Vorrat"),
    "n.removed": ("{card} leaves the game", "man nimmt {card} aus dem Spiel"),
    "n.over_hand": ("{name} played the last card: game over", "{name} hat die letzte Karte gespielt: "
                    "Spielende"),
    "n.over_exhausted": ("deck and pool are empty: game over", "Nachziehstapel und Vorrat sind leer: "
                         "Spielende"),
    # -- handover, screen ---------------------------------------------------------
    "pass_to": ("Pass to {name} — press Enter", "Weitergeben an {name} — Enter drücken"),
    "pass_why.play": ("It is {name}'s turn.", "{name} ist am Zug."),
    "pass_why.answer": ("{name} must answer an abluxx.", "{name} muss auf ein Abluxxen antworten."),
    "pass_why.draw": ("{name} must draw.", "{name} muss ziehen."),
    "pass_private": ("Only {name} should look at the screen now.",
                     "Jetzt sollte nur {name} auf den Bildschirm schauen."),
    "too_small": ("The terminal is {w}×{h}; please enlarge it to at least 80×23 (then press Enter).",
                  "Das Terminal ist {w}×{h} groß; bitte auf mindestens 80×23 vergrößern (dann Enter)."),
    "quit_ask": ("Quit? The game is saved and `abluxxen resume` continues it. [y/N] ",
                 "Beenden? Die Partie ist gespeichert, `abluxxen resume` setzt sie fort. [j/N] "),
    "saved_at": ("Game saved: {path}\nContinue with: abluxxen resume", "Partie gespeichert: {path}\n"
                 "Weiter mit: abluxxen resume"),
    "yes_words": ("y yes", "j ja y yes"),
    "no_words": ("n no", "n nein no"),
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
                       "Gleichstand bei Punkten und Handkarten: alle gewinnen."),
    "tiebreak_shared": ("Tie on points: the win is shared.", "Gleichstand bei den Punkten: geteilter Sieg."),
    "match_title": ("Match after {n} of {total} games", "Serie nach {n} von {total} Partien"),
    "match_winner_one": ("{names} wins the match with {points} points.",
                         "{names} gewinnt die Serie mit {points} Punkten."),
    "match_winner_many": ("{names} share the match win with {points} points.",
                          "{names} gewinnen die Serie gemeinsam mit {points} Punkten."),
    "next_game": ("Next game? [Y/n] ", "Nächste Partie? [J/n] "),
    "play_again": ("Play again? [y/N] ", "Noch einmal? [j/N] "),
    "winner_mark": ("winner", "Sieg"),
    # -- setup ------------------------------------------------------------------
    "setup_title": ("New game of Abluxxen", "Neue Partie Abluxxen"),
    "setup_seats": ("How many seats (2–5)", "Wie viele Plätze (2–5)"),
    "setup_seat": ("Seat {n}: a name, or bot:easy / bot:normal / bot:hard",
                   "Platz {n}: ein Name oder bot:leicht / bot:mittel / bot:schwer"),
    "setup_variant": ("Variant: base, advanced or expert", "Variante: Grundspiel, Fortgeschritten oder Experte"),
    "setup_duel": ("Two players: play the duel with the shadow display? (y/n)",
                   "Zwei Spieler: das Duell mit der Schatten-Auslage spielen? (j/n)"),
    "setup_intro": ("Enter keeps the answer in [brackets] · ? explains a question · Ctrl-C leaves.",
                    "Enter übernimmt die Antwort in [Klammern] · ? erklärt eine Frage · Strg-C beendet."),
    "setup_variants_line": (
        "base: one optional draw after a turn without abluxx\n"
        "advanced: no such draw · expert: advanced, and 1s abluxx 13s and lone jokers",
        "Grundspiel: nach einem Zug ohne Abluxxen darfst du eine Karte ziehen\n"
        "Fortgeschritten: kein solches Ziehen · Experte: dazu luxxen 1er auch 13er und einzelne Joker ab"),
    "setup_duel_line": (
        "The duel: both players start with 2 jokers, and 13 open cards form a shadow display that your "
        "sets abluxx too; its cards go straight to your hand.",
        "Das Duell: beide beginnen mit 2 Jokern, und 13 offene Karten bilden eine Schatten-Auslage, die "
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
        "good human) or bot:hard (searches ahead, up to half a second a move).",
        "Der Name einer Person (bis 12 Zeichen) oder ein Bot: bot:leicht (sanft), bot:mittel (spielt wie "
        "ein guter Mensch) oder bot:schwer (rechnet voraus, bis zu einer halben Sekunde pro Zug)."),
    "setup_help.variant": (
        "base: the Amigo rules; a turn that abluxxes nobody ends with one optional draw.\n"
        "advanced: no draw after such a turn (first edition): hands shrink faster.\n"
        "expert: advanced, and a set of 1s also abluxxes 13s and lone jokers of its size.",
        "Grundspiel: die Amigo-Regeln; ein Zug, der niemandem etwas abluxxt, endet mit einem freiwilligen Ziehen.\n"
        "Fortgeschritten: kein Ziehen nach so einem Zug (erste Auflage): Hände werden schneller leer.\n"
        "Experte: wie Fortgeschritten, und ein Satz 1er luxxt auch 13er und einzelne Joker gleicher Anzahl ab."),
    "setup_help.duel": (
        "Duel: each player gets 2 jokers and 11 cards; 13 open cards form the shadow display. A set you play "
        "takes a shadow group of the same size and lower value into your hand, then meets your opponent.\n"
        "No: the plain game for two, without a shadow.",
        "Duell: jeder bekommt 2 Joker und 11 Karten; 13 offene Karten bilden die Schatten-Auslage. Dein Satz "
        "nimmt eine gleich große, niedrigere Schatten-Gruppe auf die Hand und trifft dann deinen Gegner.\n"
        "Nein: das einfache Spiel zu zweit, ohne Schatten."),
    "setup_help.first": (
        "Who plays first. In a match of several games the start moves one seat clockwise each game; "
        "'random' lets the program choose.",
        "Wer zuerst spielt. In einer Serie aus mehreren Partien wandert der Beginn jede Partie einen "
        "Platz im Uhrzeigersinn weiter; 'zufall' lässt das Programm wählen."),
    "setup_bad": ("✗ {reason}", "✗ {reason}"),
    "setup_bad_seats": ("a number from 2 to 5, please", "bitte eine Zahl von 2 bis 5"),
    "setup_bad_variant": ("base, advanced or expert, please", "bitte Grundspiel, Fortgeschritten oder Experte"),
    "setup_bad_seat": ("a name (up to 12 characters) or bot:easy, bot:normal, bot:hard",
                       "ein Name (bis 12 Zeichen) oder bot:leicht, bot:mittel, bot:schwer"),
    "setup_bad_yes_no": ("y or n, please", "bitte j (ja) oder n (nein)"),
    "setup_default_bot": ("bot:normal", "bot:mittel"),
    "setup_random": ("random", "zufall"),
    "setup_default_variant": ("base", "Grundspiel"),
    "setup_same_name": ("{name} is already seated", "{name} sitzt schon am Tisch"),
    # -- resume ------------------------------------------------------------------
    "no_save": ("No saved game to resume in {dir}.", "Keine gespeicherte Partie in {dir}."),
    "bad_save": ("Cannot resume {path}: {reason}", "Kann {path} nicht fortsetzen: {reason}"),
    "finished_save": ("The game in {path} is already over.", "Die Partie in {path} ist schon vorbei."),
    "finished_recorded": ("The game in {path} is already over; it is now recorded (game {number}, see "
                          "abluxxen stats).",
                          "Die Partie in {path} ist schon vorbei; sie ist jetzt erfasst (Partie {number}, "
                          "siehe abluxxen stats)."),
    "skipped_bad": ("Skipped a damaged save: {path} ({reason})", "Beschädigten Spielstand übersprungen: {path} "
                    "({reason})"),
    "skipped_unreadable": ("Skipped a save that cannot be read: {path} ({reason})",
                           "Nicht lesbaren Spielstand übersprungen: {path} ({reason})"),
    # -- input (i9) ---------------------------------------------------------------
    "no_match": ("(no legal move starts so)", "(kein erlaubter Zug beginnt so)"),
    "typed_ahead": ("What was typed before this question was ignored.",
                    "Was vor dieser Frage getippt wurde, zählt nicht."),
    "ask.draw_groups": ("{name}, draw {count}: a pool card (its value, e.g. 7), a group (its letter) or the deck.",
                        "{name}, zieh {count}: eine Karte aus dem Vorrat (ihr Wert, z. B. 7), eine Gruppe "
                        "(ihr Buchstabe) oder vom Nachziehstapel."),
    "unread.empty": ("type a move (? lists them)", "tippe einen Zug (? zeigt sie)"),
    "unread.not-yours": ("it is not your decision now", "du entscheidest gerade nicht"),
    "unread.not-a-card": ("{word} is not a card: cards are 1 to 13 and X",
                          "{word} ist keine Karte: Karten sind 1 bis 13 und X"),
    "unread.unknown": ("{word} is not a move here. Moves: {moves}. Commands: {commands}",
                       "{word} ist hier kein Zug. Züge: {moves}. Befehle: {commands}"),
    "unread.which-cards": ("say which cards, e.g. 7 7 x", "welche Karten? z. B. 7 7 x"),
    "unread.ambiguous": ("{word} is ambiguous: type {options} with spaces",
                         "{word} ist mehrdeutig: tippe {options} mit Leerzeichen"),
    "unread.no-slot": ("the pool has no slot {letter}: its slots are a to {last}",
                       "der Vorrat hat kein Feld {letter}: seine Felder sind a bis {last}"),
    "unread.in-group": ("the {value} lies in the group {group}: type {letter} or {group} to draw the group",
                        "die {value} liegt in der Gruppe {group}: tippe {letter} oder {group}, um die Gruppe "
                        "zu ziehen"),
    "unread.impossible": ("{word} is not possible now (? lists the moves)",
                          "{word} geht jetzt nicht (? zeigt die Züge)"),
    "explain.abluxx": ("{words}: abluxxes {victims}", "{words}: luxxt {victims} ab"),
    "explain.victim": ("{name}'s {cards}", "{name} {cards}"),
    "explain.shadow_one": ("the shadow's {cards}", "dem Schatten {cards}"),
    "explain.shadow_choice": ("a shadow group of your choice ({options})",
                              "dem Schatten eine Gruppe deiner Wahl ({options})"),
    "explain.last": ("{words}: your last cards, the game ends", "{words}: deine letzten Karten, die Partie endet"),
    "shortcuts.draw_groups": ("a card's value (7 draws a 7), a group's letter (a–f), 'deck'",
                              "der Wert einer Karte (7 zieht eine 7), der Buchstabe einer Gruppe (a–f), 'stapel'"),
    "shortcuts.single-draw_groups": ("a card's value (7 draws a 7), a group's letter (a–f), 'deck', p = pass",
                                "der Wert einer Karte (7 zieht eine 7), der Buchstabe einer Gruppe (a–f), 'stapel', "
                                "passe (p)"),
    "explain.group": ("the group {cards} from the pool (slot {letter})",
                      "die Gruppe {cards} aus dem Vorrat (Feld {letter})"),
    "legend.title": ("On the table", "Am Tisch"),
    "legend.decide": ("▶ decides now", "▶ entscheidet jetzt"),
    "legend.turn": ("🐾 whose turn it is", "🐾 ist am Zug"),
    "legend.bot": ("⚙ a bot, with its level", "⚙ ein Bot, mit seiner Stärke"),
    "legend.top": ("[7 7] top layer: the only one a set can abluxx; ⚔ beside it: abluxxed by the play on the "
                   "table",
                   "[7 7] oberste Lage: nur sie kann abgeluxxt werden; ⚔ daneben: vom Satz auf dem Tisch "
                   "abgeluxxt"),
    "legend.count": ("7×3 three 7s", "7×3 drei 7er"),
    "legend.points": ("{pts} = cards in display minus cards in hand",
                      "{pts} = Karten in der Auslage minus Karten auf der Hand"),
    "legend.total": ("Σ points in the match so far", "Σ Punkte der Serie bisher"),
    "legend.pool": ("a: b: … the pool's slots (a letter draws a group)",
                    "a: b: … die Felder des Vorrats (ein Buchstabe zieht eine Gruppe)"),
    # -- saves (i9) ---------------------------------------------------------------
    "seat_name_control": ("names cannot hold control or invisible characters",
                          "Namen dürfen keine Steuerzeichen oder unsichtbaren Zeichen enthalten"),
    "seat_name_long": ("names are at most 12 characters wide", "Namen sind höchstens 12 Zeichen breit"),
    "save_busy": ("Cannot resume {path}: the game is open in another terminal.",
                  "Kann {path} nicht fortsetzen: die Partie ist in einem anderen Terminal geöffnet."),
    "save_unreadable": ("the save would not read back", "der Spielstand wäre nicht lesbar"),
    # Why the system refused a file, in words (its own are English, or a class name).
    "oserror.full": ("the disk is full", "der Datenträger ist voll"),
    "oserror.not_folder": ("not a folder", "kein Ordner"),
    "oserror.denied": ("permission denied", "keine Berechtigung"),
    "oserror.read_only": ("the disk is read-only", "der Datenträger ist schreibgeschützt"),
    "oserror.io": ("the disk reported an error", "der Datenträger meldet einen Fehler"),
    "oserror.missing": ("no such file or folder", "Datei oder Ordner fehlt"),
    "oserror.long": ("the name is too long", "der Name ist zu lang"),
    "oserror.other": ("the system refused: {detail}", "vom System abgelehnt: {detail}"),
    "not_saved": ("⚠ Not saved ({reason}): quitting now loses the latest moves.",
                  "⚠ Nicht gespeichert ({reason}): Beenden verliert die letzten Züge."),
    "not_saved_short": ("⚠ Not saved: quitting now loses the latest moves.",
                        "⚠ Nicht gespeichert: Beenden verliert die letzten Züge."),
    "quit_ask_unsaved": ("Quit? The latest moves could NOT be saved and will be lost. [y/N] ",
                         "Beenden? Die letzten Züge sind NICHT gespeichert und gehen verloren. [j/N] "),
    "not_saved_exit": ("The game could NOT be saved ({reason}).", "Die Partie konnte NICHT gespeichert werden "
                       "({reason})."),
    "not_saved_kept": ("The last good save is {path}; `abluxxen resume` continues from there, without the "
                       "latest moves.", "Der letzte gute Spielstand ist {path}; `abluxxen resume` setzt dort "
                       "fort, ohne die letzten Züge."),
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
    "list_none": ("No unfinished games in {dir}.", "Keine unbeendeten Partien in {dir}."),
    "list_no_number": ("There is no game {n}: `abluxxen resume --list` shows {count}.",
                       "Es gibt keine Partie {n}: `abluxxen resume --list` zeigt {count}."),
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
    "learn_list_how": ("Start one with: abluxxen learn N", "Eine starten mit: abluxxen learn N"),
    "learn_next_is": ("Enter: lesson {n} · q: leave ", "Enter: Lektion {n} · q: beenden "),
    "learn_all_done": ("All lessons are done. Repeat one with: abluxxen learn N",
                       "Alle Lektionen geschafft. Eine wiederholen mit: abluxxen learn N"),
    "learn_progress_bad": ("⚠ The course progress in {path} cannot be read ({reason}): starting without it.",
                           "⚠ Der Kursfortschritt in {path} ist nicht lesbar ({reason}): es geht ohne ihn "
                           "weiter."),
    "learn_progress_unsaved": ("⚠ The course progress could not be saved ({reason}).",
                               "⚠ Der Kursfortschritt konnte nicht gespeichert werden ({reason})."),
    "learn_wrong": ("✗ {words}", "✗ {words}"),
    "learn_not_asked": ("Legal, but not what this step asks: hint shows the answer.",
                        "Erlaubt, aber nicht die Aufgabe dieses Schritts: tipp zeigt die Lösung."),
    "learn_answer": ("Answer: {move} — type {typed}", "Lösung: {move} — tippe {typed}"),
    "learn_no_undo": ("No undo in the course: a wrong answer changes nothing, and hint shows the answer.",
                      "Kein Rückgängig im Kurs: Eine falsche Antwort ändert nichts, und tipp zeigt die Lösung."),
    "learn_answer_any": ("Any legal move will do here; the coach would play {move}.",
                         "Hier ist jeder erlaubte Zug richtig; der Trainer würde {move} spielen."),
    "coach": ("Coach: {move} — {why}", "Trainer: {move} — {why}"),
    "coach_other": ("The coach's {move} would have meant: {what}.",
                    "Der Zug des Trainers, {move}, hätte bedeutet: {what}."),
    "coach_none": ("Coach: no advice for this decision.", "Trainer: für diese Entscheidung kein Rat."),
    # -- undo and log (i11) ----------------------------------------------------------
    "assisted": ("assisted", "mit Hilfe"),
    "assisted_game": ("Assisted game: a hint or an undo was used.",
                      "Partie mit Hilfe: ein Tipp oder ein zurückgenommener Zug."),
    "legend.assisted": ("assisted: a hint or an undo was used this game",
                        "mit Hilfe: in dieser Partie gab es einen Tipp oder ein Zurücknehmen"),
    "commands_how": ("Commands: hint (a tip) · undo (take back your last decision) · log (the whole game "
                     "so far) · rules TOPIC · quit. A hint or an undo marks the game assisted.",
                     "Befehle: tipp (ein Tipp) · rückgängig (deine letzte Entscheidung zurücknehmen) · "
                     "verlauf (die ganze Partie bisher) · regeln THEMA · beenden. Tipp oder Zurücknehmen "
                     "markieren die Partie als „mit Hilfe“."),
    "undone": ("Taken back: {move} and every move after it (the game is marked assisted).",
               "Zurückgenommen: {move} und alle Züge danach (die Partie gilt als „mit Hilfe“)."),
    "undo_nothing": ("Nothing to take back: no decision of yours in this game is left to undo.",
                     "Nichts zurückzunehmen: In dieser Partie ist keine Entscheidung von dir mehr zurückzunehmen."),
    "undo_handover": ("No undo: the keyboard has changed hands since your last move.",
                      "Kein Zurücknehmen: die Tastatur wurde seit deinem letzten Zug weitergegeben."),
    "command.elsewhere": ("“{command}” works only {where}.", "„{command}“ geht nur {where}."),
    "command.where.host": ("at the host's own screen", "am Bildschirm des Hosts"),
    "command.where.hosted": ("at a table hosted with abluxxen host", "an einem Tisch von abluxxen host"),
    "command.where.lesson": ("in a lesson (abluxxen learn)", "in einer Lektion (abluxxen learn)"),
    "command.where.seat": ("for a player at their seat, not while watching",
                           "für Mitspieler an ihrem Platz, nicht beim Zuschauen"),
    "undo_drawn": ("No undo past a card drawn from the deck: you have seen it.",
                   "Kein Rückgängig über eine vom Nachziehstapel gezogene Karte hinweg: du hast sie gesehen."),
    "undo_failed": ("Undo failed: the game stays as it was.",
                    "Zurücknehmen ging nicht: die Partie bleibt, wie sie war."),
    "log_title": ("What happened in game {n}, from the start", "Was in Partie {n} geschah, von Anfang an"),
    # -- records and stats (i11) -----------------------------------------------------
    "records_failed": ("Game not recorded yet: {reason}.", "Partie noch nicht erfasst: {reason}."),
    "records_later": ("Its save stays and it is recorded the next time the records are opened.",
                      "Der Spielstand bleibt; beim nächsten Öffnen der Aufzeichnungen wird sie erfasst."),
    "records_not": ("Game not recorded: {reason}.", "Partie nicht erfasst: {reason}."),
    "records.damaged": ("the records file is damaged", "Aufzeichnungsdatei beschädigt"),
    "records.full": ("the disk is full", "der Datenträger ist voll"),
    "records.locked": ("the records file is in use by another program",
                       "Aufzeichnungsdatei von einem anderen Programm belegt"),
    "records.unreadable": ("the records file cannot be opened", "Aufzeichnungsdatei nicht lesbar"),
    "records.newer": ("the records file is from a newer Abluxxen", "Aufzeichnungsdatei aus neuerer Abluxxen-Version"),
    "records_skipped": ("Damaged games left out of the records ({path}): {games}.",
                        "Beschädigte Partien in den Aufzeichnungen ausgelassen ({path}): {games}."),
    "records_skipped_game": ("game {n} ({reason})", "Partie {n} ({reason})"),
    "records_skipped_more": ("and {n} more", "und {n} weitere"),
    "stats_error": ("Cannot read the records ({path}): {reason}.",
                    "Die Aufzeichnungen ({path}) lassen sich nicht lesen: {reason}."),
    "stats_none": ("No games recorded yet: every game played to the end is recorded here.",
                   "Noch keine Partien aufgezeichnet: jede beendete Partie wird hier festgehalten."),
    "stats_bots_only": ("Games recorded: {n}, all between bots; no person has played yet.",
                        "Aufgezeichnete Partien: {n}, alle nur zwischen Bots; noch hat keine Person gespielt."),
    "stats_unknown": ("No recorded games of {name} (players: {names}).",
                      "Keine aufgezeichneten Partien von {name} (Spieler: {names})."),
    "stats_head": ("{name}: played {games}, won {wins} ({rate})", "{name}: {games} gespielt, {wins} gewonnen ({rate})"),
    "stats_assisted": ("{n} with help (hint or undo)", "{n} mit Hilfe (Tipp oder Zurücknehmen)"),
    "stats_points": ("Points: mean {mean} · best {best} (game #{number}, {date})",
                     "Punkte: Schnitt {mean} · beste Partie {best} (Nr. {number}, {date})"),
    "stats_streak": ("Wins in a row: {now} now · longest {longest}",
                     "Siege in Folge: {now} aktuell · längste Siegfolge {longest}"),
    "stats_against": ("Against", "Gegen"),
    "stats_games": ("Games", "Partien"),
    "stats_won": ("Won", "Gewonnen"),
    "stats_rate": ("Rate", "Quote"),
    "stats_vs.easy": ("easy bots", "Bots (leicht)"),
    "stats_vs.normal": ("normal bots", "Bots (mittel)"),
    "stats_vs.hard": ("hard bots", "Bots (schwer)"),
    "stats_vs.humans": ("people", "Menschen"),
    "stats_chart": ("Points per game (last {n}, oldest first; ★ won)",
                    "Punkte je Partie (letzte {n}, älteste zuerst; ★ gewonnen)"),
    "stats_player": ("Player", "Spieler"),
    "stats_mean": ("Mean", "Schnitt"),
    "stats_best": ("Best", "Bestes"),
    "stats_streaks": ("Streak now/longest", "Siegfolge jetzt/längste"),
    "stats_details": ("One player's details and chart: abluxxen stats NAME",
                      "Details und Verlauf eines Spielers: abluxxen stats NAME"),
    # -- ratings in stats (store/ratings.py; docs/ratings.md) ------------------------
    "stats_rating": ("Rating", "Wertung"),
    "stats_rating_line": ("Rating: {points} ({games} rated games)", "Wertung: {points} ({games} gewertete Partien)"),
    "stats_rating_none": ("Rating: none yet", "Wertung: noch keine"),
    "stats_between": ("Between the {low} bot ({low_points}) and the {high} bot ({high_points})",
                      "Zwischen den Bot-Stufen {low} ({low_points}) und {high} ({high_points})"),
    "stats_below": ("Below the {level} bot ({points}), the weakest",
                    "Unter der schwächsten Bot-Stufe: {level} ({points})"),
    "stats_above": ("Above the {level} bot ({points}), the strongest",
                    "Über der stärksten Bot-Stufe: {level} ({points})"),
    "stats_bots": ("Bots for comparison: {levels}", "Bots zum Vergleich: {levels}"),
    # -- review (i11) -------------------------------------------------------------
    "review.bad_file": ("Cannot review {path}: {reason}", "Kann {path} nicht analysieren: {reason}"),
    "review.not_over": ("Cannot review {path}: its game is not over yet.",
                        "Kann {path} nicht analysieren: die Partie darin ist noch nicht vorbei."),
    "review.no_game": ("No finished game to review in {dir}.", "Keine beendete Partie zum Analysieren in {dir}."),
    "review.no_record": ("There is no recorded game {n}.", "Es gibt keine aufgezeichnete Partie {n}."),
    "review.damaged_record": ("Cannot review recorded game {n}: its record is damaged ({reason}).",
                              "Kann die aufgezeichnete Partie {n} nicht analysieren: ihr Eintrag ist beschädigt "
                              "({reason})."),
    "review.no_seat": ("No seat is called {name}; the players are {names}.",
                       "Niemand heißt {name}; es spielten {names}."),
    "review.which_seat": ("Whose decisions? Name a seat with --seat: {names}.",
                          "Wessen Entscheidungen? Nenne einen Platz mit --seat: {names}."),
    "review.thinking": ("Rating {name}'s decisions", "Bewerte die Entscheidungen von {name}"),
    "review.summary": ("{name}: {count} decisions with a choice, {loss} points given away in all.",
                       "{name}: {count} Entscheidungen mit Wahl, insgesamt {loss} Punkte verschenkt."),
    "review.no_choice": ("{name} never had a choice in this game: nothing to rate.",
                         "{name} hatte in dieser Partie nie eine Wahl: nichts zu bewerten."),
    "review.mistakes": ("The biggest mistakes:", "Die größten Fehler:"),
    "review.no_mistakes": ("No mistakes: every move was the best the search found.",
                           "Keine Fehler: jeder Zug war der beste, den die Suche fand."),
    "review.all": ("Every decision:", "Alle Entscheidungen:"),
    "review.mistake": ("Mistake {n} of {total} · turn {turn} · {name}",
                       "Fehler {n} von {total} · Zug {turn} · {name}"),
    "review.decision": ("Decision {n} of {total} · turn {turn} · {name}",
                        "Entscheidung {n} von {total} · Zug {turn} · {name}"),
    "review.good": ("Played {played}: the best move found.", "Gespielt: {played}, der beste gefundene Zug."),
    "review.lost": ("Played {played} · best {best} · {loss} points lost",
                    "Gespielt: {played} · besser: {best} · {loss} Punkte verloren"),
    "review.line": ("turn {turn}: played {played}, best {best}, {loss} points lost",
                    "Zug {turn}: gespielt {played}, besser {best}, {loss} Punkte verloren"),
    "review.head": ("turn  played                      best                         lost",
                    "Zug   gespielt                    besser                    verloren"),
    "review.hand": ("{name}'s hand · {n}: ", "Hand von {name} · {n}: "),
    "review.keys": ("Enter/→ next · ← back · q quit", "Enter/→ weiter · ← zurück · q beenden"),
    # -- hosting (i22) -------------------------------------------------------------
    "host.legend": ("? moves and symbols · hint · say TEXT · log · rules TOPIC · quit",
                    "? Züge und Zeichen · tipp · sag TEXT · verlauf · regeln THEMA · beenden"),
    "host.legend_watch": ("You are watching · say TEXT · log · rules TOPIC · quit",
                          "Du schaust zu · sag TEXT · verlauf · regeln THEMA · beenden"),
    "host.hidden": ("You are watching: every hand stays hidden.", "Du schaust zu: alle Hände bleiben verdeckt."),
    "host.too_small": ("The terminal is {w}×{h}; please enlarge it to at least 80×23.",
                       "Das Terminal ist {w}×{h} groß; bitte auf mindestens 80×23 vergrößern."),
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
                           "Alle Plätze sind hier oder von Bots besetzt: wer dazukommt, schaut zu."),
    "host.prompt_watch": ("watching › ", "Zuschauer › "),
    "host.not_your_turn": ("Not your turn: {name} decides now.", "Du bist nicht dran: {name} entscheidet gerade."),
    "host.not_playing": ("No move now: the game is not running.", "Jetzt kein Zug: die Partie läuft gerade nicht."),
    "host.watcher_cannot": ("Watchers do not play; say TEXT talks to the table.",
                            "Zuschauer spielen nicht mit; sag TEXT spricht zum Tisch."),
    "host.undo_several": ("No undo at a table with more than one person: the others have seen the table since.",
                          "Kein Rückgängig, wenn mehrere Menschen mitspielen: die anderen haben den Tisch "
                          "seitdem gesehen."),
    "host.not_now": ("Only at your turn.", "Nur wenn du dran bist."),
    "host.present": ("At the table: {people}", "Am Tisch: {people}"),
    "host.away": ("{name} away ({time} left)", "{name} weg (noch {time})"),
    "host.bot_plays": ("{name} away (a bot plays)", "{name} weg (ein Bot spielt)"),
    "host.watchers": ("watching: {n}", "Zuschauer: {n}"),
    "host.next_game": ("Press Enter for the next game.", "Enter drücken für die nächste Partie."),
    "host.waiting_for": ("(Waiting for {names}.)", "(Es fehlt noch {names}.)"),
    "host.waiting_ready": ("Next game when everyone pressed Enter; waiting for {names}.",
                           "Nächste Partie, sobald alle Enter gedrückt haben; es fehlt noch {names}."),
    "host.over_game": ("The game is over: again for a new one at this table, Enter to leave.",
                       "Die Partie ist vorbei: nochmal für eine neue an diesem Tisch, Enter zum Verlassen."),
    "host.over_match": ("The match is over: again for a new one at this table, Enter to leave.",
                        "Die Serie ist vorbei: nochmal für eine neue an diesem Tisch, Enter zum Verlassen."),
    "host.again_waiting": ("A new one starts when everyone here says again; waiting for {names}.",
                           "Eine neue beginnt, sobald alle hier nochmal sagen; es fehlt noch {names}."),
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
                    "Entschuldigung: dieser Bildschirm ist ausgefallen ({error}). Neu verbinden, um "
                    "weiterzuspielen; die Partie ist gespeichert."),
    "host.bye_watch": ("You stopped watching.", "Du schaust nicht mehr zu."),
    "host.full": ("This host is full; try again in a minute.",
                  "Dieser Host ist voll; bitte in einer Minute noch einmal versuchen."),
    "host.busy_address": ("Too many logins from your address at once; try again in a few seconds.",
                          "Zu viele Anmeldungen von deiner Adresse zugleich; bitte gleich noch einmal versuchen."),
    "host.pushed_out": ("Closed: this connection did not log in (its place went to a newcomer).",
                        "Geschlossen: diese Verbindung hat sich nicht angemeldet (ihr Platz ging an einen "
                        "Neuen)."),
    "host.locked": ("Too many wrong codes for {name} from your address: try again in {seconds} s "
                    "(with your seat's SSH key it works at once).",
                    "Zu viele falsche Codes für {name} von deiner Adresse: in {seconds} s noch einmal "
                    "versuchen (mit dem SSH-Schlüssel deines Platzes geht es sofort)."),
    "host.too_many_tries": ("Too many wrong codes.", "Zu viele falsche Codes."),
    "host.no_commands": ("This is an Abluxxen table: it runs no commands. Log in without one, e.g. "
                         "ssh -p PORT {name}@HOST",
                         "Hier ist ein Abluxxen-Tisch: er führt keine Befehle aus. Melde dich ohne Befehl an, "
                         "z. B. ssh -p PORT {name}@HOST"),
    "host.needs_terminal": ("Abluxxen needs a terminal: connect with ssh -t.",
                            "Abluxxen braucht ein Terminal: verbinde dich mit ssh -t."),
    "host.watch.owned": ("{name}'s seat belongs to whoever took it first, so you watch. Its person comes "
                         "back with the SSH key they came with, or with their return code instead of the "
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
                          "Die Partie geht weiter, sobald alle zurück sind; für wen nicht binnen {grace} s "
                          "zurück ist, springt ein Bot ein."),
    "host.log_at": ("Logins and failures are logged in {path}", "Anmeldungen und Fehler stehen in {path}"),
    "host.code_prompt": ("Invite code: ", "Einladungscode: "),
    "host.page_more": ("Enter or Space: more · b: back a page · q: the table",
                       "Enter oder Leertaste: weiter · b: eine Seite zurück · q: zum Tisch"),
    "host.page_last": ("q or Enter: back to the table", "q oder Enter: zurück zum Tisch"),
    "host.chat": ("Chat", "Unterhaltung"),
    "host.said": ("{name}: {text}", "{name}: {text}"),
    "host.saved": ("Game saved: {path}\nReopen it for everyone with: abluxxen host --resume",
                   "Partie gespeichert: {path}\nFür alle wieder öffnen mit: abluxxen host --resume"),
    "host.log.joined": ("{name} joined", "{name} ist da"),
    "host.log.back": ("{name} is back", "{name} ist zurück"),
    "host.log.left": ("{name} left", "{name} ist gegangen"),
    "host.log.watches": ("{name} watches", "{name} schaut zu"),
    "host.log.starts": ("The game starts.", "Die Partie beginnt."),
    "host.watching_name": ("watching as {name}", "schaut zu als {name}"),
}


# Refusals by the engine's ``IllegalMove.key``, in German (English is ``str(err)``).
_REFUSALS_DE: dict[str, str] = {
    "not-text": "ein Zug ist Text wie 'spiele 7 7'",
    "empty": "leere Eingabe: tippe einen Zug (? zeigt sie)",
    "unknown-verb": "{text!r} verstehe ich nicht: Züge beginnen mit spiele, nimm, lass, zurück, abwerfen, "
                    "ziehe, passe oder schatten",
    "syntax.play": "{text!r}: welche Karten? z. B. 'spiele 7 7 X'",
    "syntax.draw": "{text!r}: zieh eine Karte, z. B. 'ziehe stapel' oder 'ziehe 7'",
    "syntax.shadow": "{text!r}: welche Schatten-Gruppe? z. B. 'schatten 5'",
    "syntax": "{text!r}: nach {kind!r} kommt nichts mehr",
    "unknown-card": "{card!r} ist keine Karte: Karten sind 1 bis 13 und X",
    "mixed-values": "ein Satz sind Karten eines Werts (Joker dürfen dazu): {values} sind verschieden",
    "game-over": "die Partie ist vorbei",
    "not-your-decision": "{name} entscheidet jetzt, nicht du",
    "wrong-phase.play": "{name} muss jetzt Karten ausspielen, nicht {move!r}",
    "wrong-phase.shadow": "{name} muss eine Schatten-Gruppe wählen, nicht {move!r}",
    "wrong-phase.take": "{name} muss wählen: nehmen oder lassen, nicht {move!r}",
    "wrong-phase.back": "{name} muss wählen: zurück auf die Hand oder abwerfen, nicht {move!r}",
    "wrong-phase.draw": "{name} muss nachziehen (noch {draws_left}), nicht {move!r}",
    "wrong-phase.single-draw": "{name} darf eine Karte ziehen oder passen, nicht {move!r}",
    "shadow-not-offered": "die {value}er im Schatten kann man jetzt nicht abluxxen; wähle {options}",
    "deck-empty": "der Nachziehstapel ist leer: zieh aus dem Vorrat",
    "pool-empty": "der Vorrat ist leer: zieh vom Nachziehstapel",
}

# The normal bot's reasons (``Reason.key``) in German; English is ``str(reason)``.
_WHY_DE: dict[str, str] = {
    "only-move": "der einzige erlaubte Zug",
    "ends-in-lead": "beendet die Partie in Führung",
    "ends-behind": "würde die Partie im Rückstand beenden",
    "abluxx": "luxxt {names} Karten ab",
    "abluxx-joker": "luxxt {names} Karten ab: der Joker entscheidet den Kampf",
    "abluxx-jokers": "luxxt {names} Karten ab: die Joker entscheiden den Kampf",
    "abluxx-shadow": "luxxt dem Schatten Karten ab",
    "lone-jokers": "Joker allein kann niemand abluxxen",
    "lone-jokers-expert": "Joker allein luxxen nur 1er ab",
    "bait": "Köder: kann die Hand aus dem Vorrat auffrischen",
    "bank": "{what}: eine Bank, die schwer abzuluxxen ist",
    "joker-tops": "der Joker vergrößert den Satz",
    "jokers-top": "die Joker vergrößern den Satz",
    "safe": "schwer abzuluxxen",
    "keeps-better": "behält die besseren Sätze auf der Hand",
    "take-fits": "{what}: passend zur Hand",
    "take-end-near": "das Ende naht: was auf die Hand kommt, zählt bald minus ({what})",
    "leave-no-fit": "{what}: nicht passend zur Hand",
    "back-keep": "{what}: lohnend zu behalten",
    "discard-fresh": "frische Karten aus dem Vorrat sind besser, als sie zurückzunehmen",
    "pass": "keine Karte ist einen Minuspunkt wert",
    "deck": "keine Karte im Vorrat hilft: versuch den Nachziehstapel",
    "draw-joker": "ein Joker passt zu jedem Satz",
    "draw-grows": "die {value} vergrößert deinen Satz {value}er",
    "draw-best": "die {value} ist die beste Karte im Vorrat",
    "shadow-fits": "die {value}er aus dem Schatten passen am besten zur Hand",
}


def _quote(word: str, limit: int = 14) -> str:
    """Typed text inside a message: printable characters only, and short."""
    shown = "".join(c for c in word if c.isprintable())
    if len(shown) > limit:
        shown = shown[:limit - 1] + "…"
    return f"'{shown}'"


# How a German game writes each move's verb (and the deck): the words a German player types.
# The refusals a disk gives most, by errno; others keep the system's words (oserror.other).
_OS_REASONS = {
    errno.ENOSPC: "oserror.full", errno.EDQUOT: "oserror.full", errno.EFBIG: "oserror.full",
    errno.ENOTDIR: "oserror.not_folder", errno.EISDIR: "oserror.not_folder",
    errno.EACCES: "oserror.denied", errno.EPERM: "oserror.denied", errno.EROFS: "oserror.read_only",
    errno.EIO: "oserror.io", errno.ENOENT: "oserror.missing", errno.ENAMETOOLONG: "oserror.long",
}

_SPOKEN_DE = {"play": "spiele", "take": "nimm", "leave": "lass", "back": "zurück", "discard": "abwerfen",
              "draw": "ziehe", "pass": "passe", "shadow": "schatten", "deck": "stapel"}

_NUMBERS_EN = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "eleven", "twelve", "thirteen")
_NUMBERS_DE = ("kein", "eine", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn",
               "elf", "zwölf", "dreizehn")


class Tr:
    """The texts of one language: ``tr("key", name="Ann")``.

    Args:
        lang: ``en`` or ``de``.
    """

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGS:
            raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang
        self._index = LANGS.index(lang)

    def __call__(self, key: str, **fields: object) -> str:
        # A path is whatever a folder holds: its control characters are shown, never sent raw.
        shown = {k: visible(str(v)) if isinstance(v, PurePath) else v for k, v in fields.items()}
        return TEXTS[key][self._index].format(**shown)

    def os_reason(self, err: OSError) -> str:
        """Why the system refused a file, in words of this language (``the disk is full``); the system's
        own words for a rare refusal."""
        key = _OS_REASONS.get(err.errno or 0)
        if key is not None:
            return self(key)
        return self("oserror.other", detail=visible(err.strerror or str(err) or type(err).__name__))

    def spoken(self, move: str) -> str:
        """A move in the contract notation as a player of this language types it (``ziehe stapel``)."""
        if self.lang != "de":
            return move
        return " ".join(_SPOKEN_DE.get(word, word) for word in move.split())

    def level(self, level: str) -> str:
        """A bot level's name in this language (``hard`` is ``schwer``)."""
        key = f"level.{level}"
        return self(key) if key in TEXTS else level

    def number(self, n: int) -> str:
        """A count in words (digits past thirteen)."""
        words = _NUMBERS_DE if self.lang == "de" else _NUMBERS_EN
        return words[n] if 0 <= n < len(words) else str(n)

    def card(self, card: int) -> str:
        """One card with its article: ``a 7``, ``an 8``, ``a joker`` / ``eine 7``, ``einen Joker`` (as an object)."""
        if self.lang == "de":
            return "einen Joker" if card == JOKER else f"eine {card}"
        if card == JOKER:
            return "a joker"
        return f"{'an' if card in (8, 11) else 'a'} {card}"

    def listing(self, items: Sequence[str]) -> str:
        """Items as a list in words: ``a``, ``a and b``, ``a, b and c``."""
        if len(items) <= 1:
            return "".join(items)
        joiner = " und " if self.lang == "de" else " and "
        return ", ".join(items[:-1]) + joiner + items[-1]

    def cards_words(self, cards: Sequence[int]) -> str:
        """Single cards in words, in order: ``a 7``, ``a 7 and a joker``, ``a 3, an 8 and a 12``."""
        words = [self.card(c) for c in cards]
        if len(words) <= 1:
            return "".join(words)
        joiner = " und " if self.lang == "de" else " and "
        return ", ".join(words[:-1]) + joiner + words[-1]

    def set_words(self, cards: tuple[int, ...] | list[int]) -> str:
        """A set in words: ``three 9s``, ``two 9s and a joker``, ``two jokers``."""
        cards = list(cards)
        jokers = cards.count(JOKER)
        numbers = len(cards) - jokers
        if not numbers:
            return self._many(jokers, JOKER)
        value = next(c for c in cards if c != JOKER)
        words = self._many(numbers, value)
        if jokers:
            joiner = " und " if self.lang == "de" else " and "
            words += joiner + self._many(jokers, JOKER)
        return words

    def owned_words(self, cards: tuple[int, ...] | list[int]) -> str:
        """A set after a possessive: ``Ann's 2`` / ``Ann's three 9s``; German ``die 2`` / ``die drei 9er``."""
        if self.lang == "de":
            cards = list(cards)
            if len(cards) == 1:
                return "den Joker" if cards[0] == JOKER else f"die {cards[0]}"
            return "die " + self.set_words(cards)
        return self.bare_words(cards)

    def bare_words(self, cards: tuple[int, ...] | list[int]) -> str:
        """A set without an article for one card: ``2``, ``joker``, ``10 and a joker``, ``three 9s``."""
        words = self.set_words(cards)
        for article in (("ein ", "eine ", "einen ") if self.lang == "de" else ("a ", "an ")):
            if words.startswith(article):
                words = words[len(article):]
                break
        return words

    def _many(self, count: int, value: int) -> str:
        if count == 1:
            return self.card(value)
        if self.lang == "de":
            return f"{self.number(count)} {'Joker' if value == JOKER else f'{value}er'}"
        return f"{self.number(count)} {'jokers' if value == JOKER else f'{value}s'}"

    def reason(self, refusal: IllegalMove | str) -> str:
        """Why a move was refused, in this language (by the refusal's key)."""
        if isinstance(refusal, IllegalMove) and refusal.key.startswith("unread."):
            return self.unreadable(refusal.key, refusal.params)
        message = str(refusal)
        if self.lang != "de" or not isinstance(refusal, IllegalMove):
            return message
        german = self._refusal_de(refusal.key, refusal.params)
        return message if german is None else german

    def unreadable(self, key: str, params: Mapping[str, Any]) -> str:
        """The text of input that reads as no move (an ``unread.*`` key and its details)."""
        fields = dict(params)
        if "word" in fields:
            fields["word"] = _quote(str(fields["word"]))
        if "options" in fields:
            fields["options"] = (" oder " if self.lang == "de" else " or ").join(
                _quote(str(o)) for o in fields["options"])
        if fields.get("shortcuts") in TEXTS:
            fields["moves"] = self(str(fields["shortcuts"]))
        fields["commands"] = self("legend")
        return self(key, **fields)

    def _refusal_de(self, key: str, params: dict[str, Any]) -> str | None:
        if key == "not-held":
            return self._not_held_de(params["value"], params["held"])
        if key == "in-group":
            value, group = params["cards"][0], group_token(tuple(params["group"]))
            card = "der Joker" if value == JOKER else f"die {value}"
            return f"{card} liegt in der Gruppe {group} im Vorrat: zieh die ganze Gruppe mit ziehe {group}"
        if key == "not-in-pool":
            cards = tuple(params["cards"])
            if len(cards) > 1:
                return f"im Vorrat liegt keine Gruppe {group_token(cards)}"
            return "im Vorrat liegt kein Joker" if cards[0] == JOKER else f"im Vorrat liegt keine {cards[0]}"
        fields = dict(params)
        if key == "mixed-values":
            fields["values"] = " und ".join(str(v) for v in params["values"])
        if "move" in fields:
            fields["move"] = self.spoken(str(fields["move"]))
        if key == "shadow-not-offered":
            fields["options"] = ", ".join(f"schatten {v}" for v in params["options"])
        template = (_REFUSALS_DE.get(f"{key}.{params.get('phase') or params.get('kind')}")
                    or _REFUSALS_DE.get(key))
        if template is None:
            return None
        try:
            return template.format(**fields)
        except (KeyError, IndexError, ValueError):
            return None

    def _not_held_de(self, value: int, held: int) -> str:
        if value == JOKER:
            if held == 0:
                return "du hast keinen Joker"
            return "du hast nur einen Joker" if held == 1 else f"du hast nur {self.number(held)} Joker"
        if held == 0:
            return f"du hast keine {value}"
        return f"du hast nur eine {value}" if held == 1 else f"du hast nur {self.number(held)} {value}er"

    def why(self, reason: Reason, names: Sequence[str]) -> str:
        """The normal bot's reason for a move, in this language."""
        details = reason.details
        if self.lang != "de" or reason.key not in _WHY_DE:
            return str(reason)
        if "victims" in details:
            details["names"] = " und ".join(names[s] for s in details["victims"])
        if "cards" in details:
            details["what"] = self.set_words(tuple(details["cards"]))
        return _WHY_DE[reason.key].format(**details)

    def yes_or_no(self, answer: str, *, default: bool | None = None) -> bool | None:
        """What an answer to a yes/no question means: ``True``, ``False``, or ``None`` when it is neither."""
        answer = answer.strip().lower()
        if not answer:
            return default
        if answer in self("yes_words").split():
            return True
        return False if answer in self("no_words").split() else None

    def yes(self, answer: str, *, default: bool = False) -> bool:
        """Whether an answer to a yes/no question means yes."""
        answer = answer.strip().lower()
        if not answer:
            return default
        return answer in self("yes_words").split()
