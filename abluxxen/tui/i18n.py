"""Every text the terminal game shows, in English and German.

The German texts use the game's own words: abluxxen, Auslage (display),
Vorrat (pool), Nachziehstapel (deck), Ablagestapel (discard pile), Joker,
Schatten (the duel's shadow display).
"""

from __future__ import annotations

import locale
import os
import re

from ..cards import JOKER

LANGS = ("en", "de")

# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS: dict[str, tuple[str, str]] = {
    # -- table -----------------------------------------------------------------
    "title": ("ABLUXXEN", "ABLUXXEN"),
    "variant.base": ("base game", "Grundspiel"),
    "variant.advanced": ("advanced", "Fortgeschritten"),
    "variant.expert": ("expert", "Experte"),
    "duel": ("duel", "Duell"),
    "game_of": ("game {n} of {total}", "Spiel {n} von {total}"),
    "seed": ("seed {seed}", "Seed {seed}"),
    "deck": ("Deck", "Nachziehstapel"),
    "discard": ("Discard", "Ablagestapel"),
    "pool": ("Pool", "Vorrat"),
    "pool_empty": ("(empty)", "(leer)"),
    "shadow": ("Shadow", "Schatten"),
    "hand_short": ("hand", "Hand"),
    "score_short": ("pts", "Pkt"),
    "display_empty": ("no display yet", "noch keine Auslage"),
    "folded": ("+{layers} older ({cards} cards)", "+{layers} ältere ({cards} Karten)"),
    "top": ("top", "oben"),
    "bot_mark": ("bot", "Bot"),
    "log": ("What happened", "Was geschah"),
    "log_empty": ("Nothing yet: {name} starts.", "Noch nichts: {name} beginnt."),
    "your_hand": ("Your hand ({name})", "Deine Hand ({name})"),
    "hand_hidden": ("Hands stay hidden while the bots play.", "Die Hände bleiben verdeckt, solange Bots spielen."),
    "waiting": ("{name} is thinking …", "{name} überlegt …"),
    "legend": ("? moves · hint · rules TOPIC · quit", "? Züge · hint · rules THEMA · quit"),
    # -- decisions --------------------------------------------------------------
    "ask.play": ("{name}, play one card or several of one value (jokers may join).",
                 "{name}, spiel eine Karte oder mehrere gleiche (Joker dürfen dazu)."),
    "ask.shadow": ("{name}, the set you played ({cards}) abluxxes several shadow groups: choose one ({options}).",
                   "{name}, dein Satz ({cards}) abluxxt mehrere Schatten-Gruppen: wähle eine ({options})."),
    "ask.take": ("{name}, you abluxxed {victim}'s {stake}: take {it} ({victim} draws {n}) or leave {it}?",
                 "{name}, du hast {owned} von {victim} abgeluxxt: nehmen ({victim} zieht {n}) oder liegen "
                 "lassen?"),
    "ask.back": ("{name}, {attacker} abluxxed your {stake} and left {it}: back to your hand, "
                 "or discard {it} and draw {n}?",
                 "{name}, {attacker} hat deine {stake} abgeluxxt und liegen lassen: zurück auf die Hand "
                 "oder ablegen und {n} ziehen?"),
    "ask.draw": ("{name}, draw {n} more: a pool slot (1–{slots}) or the deck.",
                 "{name}, zieh noch {n}: ein Vorrat-Feld (1–{slots}) oder vom Nachziehstapel."),
    "ask.draw_deck_only": ("{name}, draw {n} more from the deck (the pool is empty).",
                           "{name}, zieh noch {n} vom Nachziehstapel (der Vorrat ist leer)."),
    "ask.single": ("{name}, no abluxx this turn: draw one card (pool slot or deck) or pass.",
                   "{name}, kein Abluxxen in diesem Zug: zieh eine Karte (Vorrat oder Nachziehstapel) "
                   "oder passe."),
    "prompt": ("{name} › ", "{name} › "),
    # -- prompt messages --------------------------------------------------------
    "forced": ("Only one move was possible: {move} — played for you.",
               "Nur ein Zug war möglich: {move} — für dich gespielt."),
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
    "shortcuts.play": ("'7 7 x' or '77x' for play 7 7 X", "'7 7 x' oder '77x' für play 7 7 X"),
    "shortcuts.take": ("t = take, l = leave", "t = take (nehmen), l = leave (liegen lassen)"),
    "shortcuts.back": ("b = back, d = discard", "b = back (zurück), d = discard (ablegen)"),
    "shortcuts.draw": ("a slot number 1–6, or 'deck'", "eine Feldnummer 1–6 oder 'deck'"),
    "shortcuts.single": ("a slot number, 'deck', or p = pass", "eine Feldnummer, 'deck' oder p = pass"),
    "shortcuts.shadow": ("the value, e.g. '5' for shadow 5", "den Wert, z. B. '5' für shadow 5"),
    "explain.play": ("{words} onto your display", "{words} in deine Auslage"),
    "explain.take": ("the cards go to your hand, {victim} draws {n}",
                     "die Karten kommen auf deine Hand, {victim} zieht {n}"),
    "explain.leave": ("{victim} chooses back or discard", "{victim} wählt zurück oder ablegen"),
    "explain.back": ("the cards return to your hand, no draw",
                     "die Karten kommen zurück auf deine Hand, kein Ziehen"),
    "explain.discard": ("the cards go to the discard pile, you draw {n}",
                        "die Karten kommen auf den Ablagestapel, du ziehst {n}"),
    "explain.deck": ("the top card of the deck (face down)",
                     "die oberste Karte vom Nachziehstapel (verdeckt)"),
    "explain.pool": ("pool slot {slot}: {words}", "Vorrat-Feld {slot}: {words}"),
    "explain.pass": ("draw nothing", "nichts ziehen"),
    "explain.shadow": ("take the shadow's {words}", "nimm die {words} aus dem Schatten"),
    # -- narration --------------------------------------------------------------
    "n.start": ("Game {n}: {name} starts.", "Spiel {n}: {name} beginnt."),
    "n.play": ("{name} plays {cards}", "{name} spielt {cards}"),
    "n.no_abluxx": ("no abluxx", "kein Abluxxen"),
    "n.abluxx": ("abluxxes {victim}'s {cards}", "abluxxt {cards} von {victim}"),
    "n.abluxx_again": ("{name} abluxxes {victim}'s {cards}", "{name} abluxxt {cards} von {victim}"),
    "n.them": ("them", "sie"),
    "n.it": ("it", "sie"),
    "n.shadowluxx": ("abluxxes the shadow's {cards} and takes them",
                     "abluxxt {cards} aus dem Schatten und nimmt sie"),
    "n.take": ("{name} takes {it}", "{name} nimmt {it}"),
    "n.leave": ("{name} leaves {it}", "{name} lässt {it} liegen"),
    "n.back": ("{name} takes {it} back", "{name} nimmt {it} zurück"),
    "n.discard": ("{name} discards {it}", "{name} legt {it} ab"),
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
    "n.forced": ("(forced)", "(erzwungen)"),
    # -- handover, screen ---------------------------------------------------------
    "pass_to": ("Pass to {name} — press Enter", "Weitergeben an {name} — Enter drücken"),
    "pass_why.play": ("It is {name}'s turn.", "{name} ist am Zug."),
    "pass_why.answer": ("{name} must answer an abluxx.", "{name} muss auf ein Abluxxen antworten."),
    "pass_why.draw": ("{name} must draw.", "{name} muss ziehen."),
    "pass_private": ("Only {name} should look at the screen now.",
                     "Jetzt sollte nur {name} auf den Bildschirm schauen."),
    "too_small": ("The terminal is {w}×{h}; please enlarge it to at least 80×24 (then press Enter).",
                  "Das Terminal ist {w}×{h} groß; bitte auf mindestens 80×24 vergrößern (dann Enter)."),
    "quit_ask": ("Quit? The game is saved and `abluxxen resume` continues it. [y/N] ",
                 "Beenden? Das Spiel ist gespeichert, `abluxxen resume` setzt es fort. [j/N] "),
    "saved_at": ("Game saved: {path}\nContinue with: abluxxen resume", "Spiel gespeichert: {path}\n"
                 "Weiter mit: abluxxen resume"),
    "yes_words": ("y yes", "j ja y yes"),
    # -- end of game --------------------------------------------------------------
    "end_title": ("Game {n} over", "Spiel {n} ist vorbei"),
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
    "match_title": ("Match after {n} of {total} games", "Partie nach {n} von {total} Spielen"),
    "match_winner_one": ("{names} wins the match with {points} points.",
                         "{names} gewinnt die Partie mit {points} Punkten."),
    "match_winner_many": ("{names} share the match win with {points} points.",
                          "{names} gewinnen die Partie gemeinsam mit {points} Punkten."),
    "next_game": ("Next game? [Y/n] ", "Nächstes Spiel? [J/n] "),
    "play_again": ("Play again? [y/N] ", "Noch einmal? [j/N] "),
    "winner_mark": ("winner", "Sieg"),
    # -- setup ------------------------------------------------------------------
    "setup_title": ("New game of Abluxxen", "Neues Spiel Abluxxen"),
    "setup_seats": ("How many seats (2–5)", "Wie viele Plätze (2–5)"),
    "setup_seat": ("Seat {n}: a name, or bot:easy / bot:normal / bot:hard",
                   "Platz {n}: ein Name oder bot:easy / bot:normal / bot:hard"),
    "setup_variant": ("Variant: base, advanced or expert", "Variante: base, advanced oder expert"),
    "setup_duel": ("Two players: play the duel with the shadow display? [Y/n]",
                   "Zwei Spieler: Duell mit Schatten-Auslage spielen? [J/n]"),
    "setup_bad": ("✗ {reason}", "✗ {reason}"),
    "setup_bad_seats": ("a number from 2 to 5, please", "bitte eine Zahl von 2 bis 5"),
    "setup_bad_variant": ("base, advanced or expert, please", "bitte base, advanced oder expert"),
    "setup_bad_seat": ("a name (up to 12 characters) or bot:easy, bot:normal, bot:hard",
                       "ein Name (bis 12 Zeichen) oder bot:easy, bot:normal, bot:hard"),
    "setup_same_name": ("{name} is already seated", "{name} sitzt schon am Tisch"),
    "default": ("default", "Vorgabe"),
    # -- resume ------------------------------------------------------------------
    "no_save": ("No saved game to resume in {dir}.", "Kein gespeichertes Spiel in {dir}."),
    "bad_save": ("Cannot resume {path}: {reason}", "Kann {path} nicht fortsetzen: {reason}"),
    "finished_save": ("The game in {path} is already over.", "Das Spiel in {path} ist schon vorbei."),
    "skipped_bad": ("Skipped a damaged save: {path} ({reason})", "Beschädigten Spielstand übersprungen: {path} "
                    "({reason})"),
}


# The engine explains illegal moves in English; these patterns give the
# common reasons in German (anything else stays as the engine said it).
_REASONS_DE: list[tuple[str, str]] = [
    (r"you hold no joker", "du hast keinen Joker"),
    (r"you hold no (\d+)", r"du hast keine \1"),
    (r"you hold only one joker", "du hast nur einen Joker"),
    (r"you hold only one (\d+)", r"du hast nur eine \1"),
    (r"you hold only (\w+) jokers", r"du hast nur \1 Joker"),
    (r"you hold only (\w+) (\d+)s", r"du hast nur \1 \2er"),
    (r"cannot read (.+?): cards are 1 to 13 and X", r"\1 ist keine Karte: Karten sind 1 bis 13 und X"),
    (r"cannot read (.+?): type t \(take\) or l \(leave\)", r"\1 verstehe ich nicht: t (nehmen) oder l (liegen lassen)"),
    (r"cannot read (.+?): type b \(back\) or d \(discard\)", r"\1 verstehe ich nicht: b (zurück) oder d (ablegen)"),
    (r"cannot read (.+?): type a pool slot number, 'deck', or \? for help",
     r"\1 verstehe ich nicht: eine Feldnummer, 'deck' oder ? für Hilfe"),
    (r"cannot read (.+?):.*", r"\1 verstehe ich nicht (? zeigt die Züge)"),
    (r"a set is cards of one value \(jokers may join\): (.+) differ",
     r"ein Satz sind gleiche Karten (Joker dürfen dazu): \1 sind verschieden"),
    (r"'(.+)' is ambiguous: type (.+) with spaces", r"'\1' ist mehrdeutig: tippe \2 mit Leerzeichen"),
    (r"type a move \(\? lists them\)", "tippe einen Zug (? zeigt sie)"),
    (r"the pool has no slot (\d+): it has (\d+)", r"der Vorrat hat kein Feld \1, nur \2"),
    (r"the deck is empty: draw from the pool", "der Nachziehstapel ist leer: zieh aus dem Vorrat"),
    (r"the pool is empty: draw from the deck", "der Vorrat ist leer: zieh vom Nachziehstapel"),
    (r"there is no an? (\d+) in the pool", r"im Vorrat liegt keine \1"),
    (r"there is no a joker in the pool", "im Vorrat liegt kein Joker"),
    (r"there is no group (\S+) in the pool", r"im Vorrat liegt keine Gruppe \1"),
    (r"(\w+) must play cards now, not '(.+)'", r"\1 muss jetzt Karten spielen, nicht '\2'"),
    (r"(\w+) must choose take or leave, not '(.+)'", r"\1 muss nehmen oder liegen lassen wählen, nicht '\2'"),
    (r"(\w+) must choose back or discard, not '(.+)'", r"\1 muss zurück oder ablegen wählen, nicht '\2'"),
    (r"(\w+) must draw \((\d+) draws? left\), not '(.+)'", r"\1 muss ziehen (noch \2), nicht '\3'"),
    (r"(\w+) may draw one card or pass, not '(.+)'", r"\1 darf eine Karte ziehen oder passen, nicht '\2'"),
]


def default_lang() -> str:
    """``de`` when the locale is German, else ``en``."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "de" if value.lower().startswith("de") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "de" if code.lower().startswith("de") else "en"


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
        return TEXTS[key][self._index].format(**fields)

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

    def reason(self, message: str) -> str:
        """Why a move was refused, in this language."""
        if self.lang != "de":
            return message
        for pattern, german in _REASONS_DE:
            if re.fullmatch(pattern, message):
                german = re.sub(pattern, german, message)
                for en, de in zip(_NUMBERS_EN[1:], _NUMBERS_DE[1:], strict=True):
                    german = re.sub(rf"\b{en}\b", de, german)
                return german.replace(" and ", " und ")
        return message

    def yes(self, answer: str, *, default: bool = False) -> bool:
        """Whether an answer to a yes/no question means yes."""
        answer = answer.strip().lower()
        if not answer:
            return default
        return answer in self("yes_words").split()
