"""The bots' reasons for a move, by ``Reason.key``: ``key: (English, German)``.

``str(reason)`` is the English (``bots/normal.py``), ``Tr.why`` either language; the fields are the
reason's details (``value``) and what ``Tr`` makes of them: ``names`` (the victims), ``what`` (a set in words),
``owned`` (a set after a possessive), ``group`` (a duel pool group, ``2+13``), ``instead`` (a move as its
player types it), ``deals`` (a count, its thousands marked), and the English verbs that agree with the set's
count, named by their singular (``fits``/``fit``, ``does``/``do``, ``is``/``are``): "a 13 does not fit", "two
13s do not fit". The German puts ``what`` where it needs no agreement (an accusative object).
"""

from __future__ import annotations

REASONS: dict[str, tuple[str, str]] = {
    "only-move": ("the only legal move", "der einzige erlaubte Zug"),
    "ends-in-lead": ("ends the game in the lead", "beendet die Partie in Führung"),
    "ends-behind": ("would end the game behind", "würde die Partie im Rückstand beenden"),
    "abluxx": ("abluxxes {names}", "luxxt {names} Karten ab"),
    "abluxx-joker": ("abluxxes {names}: the joker wins the fight",
                    "luxxt {names} Karten ab: der Joker entscheidet den Kampf"),
    "abluxx-jokers": ("abluxxes {names}: the jokers win the fight",
                     "luxxt {names} Karten ab: die Joker entscheiden den Kampf"),
    "abluxx-shadow": ("abluxxes the shadow", "luxxt dem Schatten Karten ab"),
    "lone-jokers": ("nobody can abluxx lone jokers", "Joker allein kann niemand abluxxen"),
    "lone-jokers-expert": ("only 1s can abluxx lone jokers", "Joker allein kann nur ein Satz 1er abluxxen"),
    "bait": ("bait: may refresh the hand from the pool", "Lockvogel: kann die Hand aus dem Vorrat auffrischen"),
    "bank": ("{what}: a bank that is hard to abluxx", "{what}: Kleinvieh, schwer abzuluxxen"),
    "joker-tops": ("the joker tops the set", "der Joker vergrößert den Satz"),
    "jokers-top": ("the jokers top the set", "die Joker vergrößern den Satz"),
    "safe": ("hard to abluxx", "schwer abzuluxxen"),
    "keeps-better": ("keeps the better sets in hand", "behält die besseren Sätze auf der Hand"),
    "take-fits": ("{what} {fits} the hand", "die Hand kann {what} gut gebrauchen"),
    "take-end-near": ("the end is near: {what} would stay in hand",
                     "das Ende naht: was auf die Hand kommt, zählt bald minus ({what})"),
    "leave-no-fit": ("{what} {does} not fit the hand", "die Hand kann {what} nicht gebrauchen"),
    "back-keep": ("{what} {is} worth keeping", "es lohnt sich, {what} zu behalten"),
    "discard-fresh": ("fresh cards from the pool beat taking them back",
                     "frische Karten aus dem Vorrat sind besser, als sie zurückzunehmen"),
    "pass": ("no card is worth a minus point", "keine Karte ist einen Minuspunkt wert"),
    "deck": ("no pool card helps: try the deck", "keine Karte im Vorrat hilft: lieber vom Nachziehstapel ziehen"),
    "draw-joker": ("a joker tops any set", "ein Joker passt zu jedem Satz"),
    "draw-grows": ("the {value} grows a set of {value}s", "die {value} vergrößert deinen Satz aus {value}ern"),
    "draw-best": ("the {value} is the best card in the pool", "die {value} ist die beste Karte im Vorrat"),
    # A duel pool group is drawn whole: it is named whole.
    "draw-group-joker": ("the group {group} brings a joker, and a joker tops any set",
                         "die Gruppe {group} bringt einen Joker, und ein Joker passt zu jedem Satz"),
    "draw-group-grows": ("the group {group} grows a set of {value}s",
                         "die Gruppe {group} vergrößert deinen Satz aus {value}ern"),
    "draw-group-best": ("the group {group} is the best draw in the pool",
                        "die Gruppe {group} ist das Beste, was der Vorrat bietet"),
    # The hard bot's reason when its search overrides the normal bot's favourite (``bots.advise``).
    "search": ("better than {instead} in {deals} games played out from here",
               "besser als {instead} in {deals} Partien, von hier aus zu Ende gespielt"),
    "shadow-fits": ("the shadow's {owned} {fits} the hand best",
                   "die Hand kann {owned} aus dem Schatten am besten gebrauchen"),
}
