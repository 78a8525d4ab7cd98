"""What happened, in sentences: the log under the table."""

from __future__ import annotations

# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS: dict[str, tuple[str, str]] = {
    # -- narration --------------------------------------------------------------
    "n.position": ("A position set up for this step: {name}'s turn.",
                   "Eine Stellung für diesen Schritt: {name} ist am Zug."),
    # A position set up with a set on the table and no play in the log before it.
    "n.hit": ("{name}'s set abluxxes {victims}.", "Der Satz von {name} luxxt {victims} ab."),
    # One abluxxed layer, as the log and the moves page list them: "Ada's two 6s and Bix's two 5s".
    "n.victim": ("{name}'s {cards}", "{name} {cards}"),
    "n.start": ("Game {n}: {name} starts.", "Partie {n}: {name} beginnt."),
    "n.play": ("{name} plays {cards}", "{name} spielt {cards}"),
    "n.no_abluxx": ("no abluxx", "kein Abluxxen"),
    "n.abluxx": ("abluxxes {victims}", "luxxt {victims} ab"),
    "n.abluxx_again": ("{name} abluxxes {victims}", "{name} luxxt {victims} ab"),
    "n.them": ("them", "sie"),
    "n.it": ("it", "sie"),
    "n.it_joker": ("it", "ihn"),
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
    "n.to_pool": ("{card} from the shadow refill joins the pool", "das Auffüllen des Schattens bringt {card} "
                  "in den Vorrat"),
    "n.removed": ("{card} leaves the game", "{card} kommt aus dem Spiel"),
    "n.over_hand": ("{name} played the last card: game over", "{name} hat die letzte Karte gespielt: "
                    "Spielende"),
    "n.over_exhausted": ("deck and pool are empty: game over", "Nachziehstapel und Vorrat sind leer: "
                         "Spielende"),
}
