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
    "abluxx-joker": ("abluxxes {names}, with the joker's help", "luxxt mit dem Joker {names} Karten ab"),
    "abluxx-jokers": ("abluxxes {names}, with the jokers' help", "luxxt mit den Jokern {names} Karten ab"),
    "abluxx-shadow": ("abluxxes the shadow", "luxxt dem Schatten Karten ab"),
    "lone-jokers": ("nobody can abluxx lone jokers", "Joker allein kann niemand abluxxen"),
    "lone-jokers-expert": ("only 1s can abluxx lone jokers", "Joker allein kann nur ein Satz 1er abluxxen"),
    # What the move does for its player, in plain words: no tactic's nickname (bait, a bank: the lessons'
    # and the rulebook's tips), which a new player cannot know yet.
    "bait": ("if it is abluxxed, you may draw new cards for it",
             "wird sie abgeluxxt, darfst du dafür neue Karten ziehen"),
    "bank": ("few can abluxx {what}", "{what} luxxt kaum jemand ab"),
    "joker-tops": ("the joker makes the set bigger: harder to abluxx",
                   "der Joker macht den Satz größer: schwerer abzuluxxen"),
    "jokers-top": ("the jokers make the set bigger: harder to abluxx",
                   "die Joker machen den Satz größer: schwerer abzuluxxen"),
    "safe": ("hard to abluxx", "schwer abzuluxxen"),
    "keeps-better": ("keeps your better sets in hand", "behält deine besseren Sätze auf der Hand"),
    "take-fits": ("{what} {fits} your hand", "deine Hand kann {what} gut gebrauchen"),
    "take-end-near": ("the game ends soon: {what} in hand would cost points",
                      "nimmst du {what}, kostet das vor dem Ende Punkte"),
    "leave-no-fit": ("{what} {does} not fit your hand", "deine Hand kann {what} nicht gebrauchen"),
    "back-keep": ("{what} {is} worth keeping", "es lohnt sich, {what} zu behalten"),
    "discard-fresh": ("new cards drawn for them are worth more than taking them back",
                      "dafür neue Karten zu ziehen bringt mehr, als sie zurückzunehmen"),
    "pass": ("no card here is worth the minus point it costs in hand",
             "keine Karte hier ist den Minuspunkt auf der Hand wert"),
    "deck": ("no pool card helps you: better try the deck", "im Vorrat hilft dir nichts: lieber vom Nachziehstapel"),
    "draw-joker": ("a joker joins any set", "ein Joker passt zu jedem Satz"),
    "draw-grows": ("the {value} grows a set of {value}s", "die {value} vergrößert deinen Satz aus {value}ern"),
    "draw-best": ("the {value} is the best card in the pool", "die {value} ist die beste Karte im Vorrat"),
    # A duel pool group is drawn whole: it is named whole.
    "draw-group-joker": ("the group {group} brings a joker, which joins any set",
                         "die Gruppe {group} bringt einen Joker, passend zu jedem Satz"),
    "draw-group-grows": ("the group {group} grows a set of {value}s",
                         "die Gruppe {group} vergrößert deinen Satz aus {value}ern"),
    "draw-group-best": ("the group {group} is the best draw in the pool",
                        "die Gruppe {group} ist das Beste, was der Vorrat bietet"),
    # The hard bot's reason when its search overrides the normal bot's favourite (``bots.advise``).
    "search": ("better than {instead} in {deals} games played out",
               "besser als {instead} in {deals} Partien bis zum Ende"),
    "shadow-fits": ("the shadow's {owned} {fits} your hand best",
                    "deine Hand braucht {owned} aus dem Schatten am meisten"),
}
