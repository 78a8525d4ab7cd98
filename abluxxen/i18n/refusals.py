"""The engine's refusals in German, by ``IllegalMove.key`` (the English is ``str(err)``).

A key may be narrowed by the refusal's ``phase`` or ``kind`` (``wrong-phase.draw``); a few keys are
worded by ``Tr`` itself, where German grammar needs the details (``not-held``, ``in-group``, ``not-in-pool``).
"""

from __future__ import annotations

REFUSALS_DE: dict[str, str] = {
    "not-text": "ein Zug ist Text wie 'spiele 7 7'",
    "empty": "leere Eingabe: tippe einen Zug (? zeigt sie)",
    "unknown-verb": "{text!r} verstehe ich nicht: Züge beginnen mit spiele, nimm, lass, zurück, abwerfen, "
                    "ziehe, passe oder schatten",
    "syntax.play": "{text!r}: welche Karten? z. B. 'spiele 7 7 X'",
    "syntax.draw": "{text!r}: zieh eine Karte, z. B. 'ziehe stapel' oder 'ziehe 7'",
    "syntax.shadow": "{text!r}: welche Schattengruppe? z. B. 'schatten 5'",
    "syntax": "{text!r}: nach {verb!r} kommt nichts mehr",
    "unknown-card": "{card!r} ist keine Karte: Karten sind 1 bis 13 und X",
    "mixed-values": "ein Satz besteht aus Karten eines Werts (Joker dürfen dazu): {values} sind verschieden",
    "game-over": "die Partie ist vorbei",
    "not-your-decision": "{name} entscheidet jetzt, nicht du",
    "wrong-phase.play": "{name} muss jetzt Karten ausspielen, nicht {move!r}",
    "wrong-phase.shadow": "{name} muss eine Schattengruppe wählen, nicht {move!r}",
    "wrong-phase.take": "{name} muss wählen: nehmen oder lassen, nicht {move!r}",
    "wrong-phase.back": "{name} muss wählen: zurück auf die Hand oder abwerfen, nicht {move!r}",
    "wrong-phase.draw": "{name} muss nachziehen (noch {draws_left}), nicht {move!r}",
    "wrong-phase.single-draw": "{name} darf eine Karte ziehen oder passen, nicht {move!r}",
    "shadow-not-offered": "die {value}er im Schatten kann man jetzt nicht abluxxen; wähle {options}",
    "deck-empty": "der Nachziehstapel ist leer: zieh aus dem Vorrat",
    "pool-empty": "der Vorrat ist leer: zieh vom Nachziehstapel",
    "one-card": "du ziehst eine Karte, keine Gruppe: Gruppen liegen nur im Duell im Vorrat",
    "not-a-play": "{move!r} spielt keine Karten aus",
}
