"""The normal bot's reasons (``Reason.key``) in German; the English is ``str(reason)``."""

from __future__ import annotations

WHY_DE: dict[str, str] = {
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
