"""The course as data: eleven lessons of real positions, tasks and texts (English, German).

Nothing here runs: ``course.py`` plays it. Every position is built with
``Game.from_json`` (``positions.py``), every expected move must be legal
there, and both languages have the same steps (``tests/test_learn.py``).

The learner is always Ann, seat 0. The other seats answer from a step's
``replies`` first, then as seeded bots, so a lesson plays the same way
every time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Words = tuple[str, str]
"""A text in English and in German."""

NAMES = ("Ann", "Ben", "Cy", "Dee")
PLAYER = 0


@dataclass(frozen=True)
class Position:
    """A position written by hand; unnamed cards fill the deck (or the discard pile).

    Attributes:
        hands: per seat, e.g. ``"7 7 X"`` (the number of seats is the number of hands).
        displays: per seat, layers bottom to top.
        pool: slots, e.g. ``"1 4 9"``; a duel group as ``2+X``.
        deck: the deck's top cards, top first.
        discard, shadow: those piles' cards.
        turn: whose turn it is.
        variant: ``base``, ``advanced`` or ``expert``.
        pending: a decision in progress (see docs/save-format.md).
        rest: where the unnamed cards go: ``deck`` or ``discard``.
        seed: shuffles the unnamed cards.
    """

    hands: tuple[str, ...]
    displays: tuple[tuple[str, ...], ...] = ()
    pool: str = ""
    deck: str = ""
    discard: str = ""
    shadow: str = ""
    turn: int = 0
    variant: str = "base"
    pending: Mapping[str, Any] | None = None
    rest: str = "deck"
    seed: int = 1


@dataclass(frozen=True)
class Facts:
    """What a step's texts say of the table at one moment; ``tests/test_learn.py`` checks every field given.

    Cards are written as in a position (``"9 9 X"``, a duel group ``"2+X"``).

    Attributes:
        phase: the decision due (``Phase.text``: ``play``, ``take``, ``single-draw`` …).
        to_move: whose decision it is.
        legal: every legal move of that decision, nothing else.
        scores: per seat, its score.
        in_hand: per seat, how many cards it holds.
        in_display: per seat, how many cards lie in its display.
        hand: per seat, cards its hand holds (among others).
        sets: per value, the most cards of it the learner's hand can play (its jokers joining).
        layers: per seat, its display's top layers, the top one last (those below are not compared).
        pool: how many pool slots there are.
        in_pool: slots the pool holds (among others).
        deck: how many cards the deck holds.
        in_discard: cards the discard pile holds (among others).
        shadow: the duel's shadow, all its cards.
        shadow_size: how many cards the duel's shadow holds.
        draws_left: how many cards the learner still has to draw.
        over: whether the game is over.
        winners: the seats that win (the game over).
    """

    phase: str | None = None
    to_move: int | None = None
    legal: tuple[str, ...] | None = None
    scores: Mapping[int, int] | None = None
    in_hand: Mapping[int, int] | None = None
    in_display: Mapping[int, int] | None = None
    hand: Mapping[int, str] | None = None
    sets: Mapping[int, int] | None = None
    layers: Mapping[int, tuple[str, ...]] | None = None
    pool: int | None = None
    in_pool: str | None = None
    deck: int | None = None
    in_discard: str | None = None
    shadow: str | None = None
    shadow_size: int | None = None
    draws_left: int | None = None
    over: bool | None = None
    winners: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Claims:
    """What a step's texts say a move leads to: ``tests/test_learn.py`` plays the move on the engine (then
    the others' answers) and checks every claim given, so a text that says something the position does
    not do fails a test. A step's ``claims`` hold for every move that solves it; ``why_claims`` for the
    move a ``why`` text explains.

    Attributes:
        victims: the seats the move abluxxes, in the order they are resolved.
        shadow: the duel's shadow groups (their values) the move abluxxes.
        plays: what other plays would abluxx, as (seats, shadow values): a play's text
            (``"play 10"``), or ``"any N"`` for every legal play of N cards together.
        draws: per seat listed, how many cards it draws over the step.
        points: per seat, how its score changes over the step (the seats not listed: not at all).
        before: the table at the step's start, before the move.
        moved: the table right after the move, before anyone answers.
        after: the table once the step is over.
    """

    victims: tuple[int, ...] | None = None
    shadow: tuple[int, ...] | None = None
    plays: Mapping[str, tuple[tuple[int, ...], tuple[int, ...]]] | None = None
    draws: Mapping[int, int] | None = None
    points: Mapping[int, int] | None = None
    before: Facts | None = None
    moved: Facts | None = None
    after: Facts | None = None


@dataclass(frozen=True)
class Step:
    """One task at the game's prompt.

    Attributes:
        text: what to know and what to do.
        position: a fresh position; ``None`` goes on from the last step's game.
        moves: the moves that solve the task; none (and no ``hits``) means any legal move.
        hits: solved by any play that abluxxes exactly these seats.
        why: a lesson's words for a wrong answer, keyed by the canonical move
            (legal, but not asked) or by the engine's refusal key (``IllegalMove.key``).
        other: for any other legal move that does not solve the task.
        wrong: an input this step answers with one of its ``why`` texts.
        replies: the other seats' moves, in order, from the start of the step.
        done: said once the move is made and the others have answered.
        claims: what the texts say of the table and of the moves that solve the task (checked by the tests).
        why_claims: per ``why`` key that is a legal move, what its text says that move leads to.
    """

    text: Words
    position: Position | None = None
    moves: tuple[str, ...] = ()
    hits: tuple[int, ...] | None = None
    why: Mapping[str, Words] = field(default_factory=dict)
    other: Words | None = None
    wrong: str = ""
    replies: tuple[str, ...] = ()
    done: Words | None = None
    claims: Claims | None = None
    why_claims: Mapping[str, Claims] = field(default_factory=dict)


@dataclass(frozen=True)
class Lesson:
    """A numbered lesson: an introduction, then its steps (or a coached game).

    Attributes:
        title: a few words for the list.
        intro: the page shown before the first step.
        steps: the tasks.
        coach: a whole game against two easy bots, with the normal bot's
            advice before each decision (``coach_seed`` deals it).
    """

    title: Words
    intro: Words
    steps: tuple[Step, ...] = ()
    coach: bool = False
    coach_seed: int = 0


# -- 1 ----------------------------------------------------------------------------------

_FIRST = Position(
    hands=("1 2 3 4 5 7 7 7 8 9 11 12 13", "1 2 4 4 5 6 6 8 9 10 11 12 13", "1 2 3 5 6 8 9 10 10 11 12 13 13"),
    pool="2 5 6 8 11 13")

LESSON_1 = Lesson(
    title=("Your turn: play a set", "Dein Zug: einen Satz spielen"),
    intro=(
        "You are Ann, at a table with Ben and Cy (bots). Everyone holds cards; the pool of 6 open cards "
        "and the face-down deck lie in the middle.\n\n"
        "On your turn you must play one card, or several cards of ONE value, from your hand onto your "
        "display, the row of cards in front of you. When the game ends, each card in your display is "
        "worth +1 and each card still in your hand −1.",
        "Du bist Ann, am Tisch mit Ben und Cy (Bots). Alle haben Karten auf der Hand; in der Mitte liegen "
        "der Vorrat aus 6 offenen Karten und der verdeckte Nachziehstapel.\n\n"
        "In deinem Zug musst du eine Karte oder mehrere Karten EINES Werts aus der Hand in deine Auslage "
        "spielen, die Kartenreihe vor dir. Am Ende der Partie zählt jede Karte in deiner Auslage +1 und "
        "jede Karte auf der Hand −1."),
    steps=(
        Step(position=_FIRST, moves=("play 7 7 7",),
             text=("Your hand is at the bottom of the table. Play your three 7s as one set: type 777 "
                   "(or 7 7 7) and press Enter.",
                   "Deine Hand siehst du unten am Tisch. Spiel deine drei 7er als einen Satz: tippe 777 "
                   "(oder 7 7 7) und drück Enter."),
             why={"mixed-values": ("A set is ONE value: a 7 and a 12 never go together. Play the 7s alone.",
                                   "Ein Satz hat EINEN Wert: Eine 7 und eine 12 passen nie zusammen. "
                                   "Spiel die 7er allein.")},
             other=("Legal, and a set too — but the task is all three 7s at once: 777.",
                    "Erlaubt, auch das ist ein Satz — aber die Aufgabe sind alle drei 7er auf einmal: 777."),
             wrong="7 12",
             claims=Claims(before=Facts(sets={7: 3}), moved=Facts(layers={0: ("7 7 7",)}))),
        Step(moves=("pass",),
             text=("Your 7 7 7 lies in your display now. pts shows your points: 3 in display − 10 in hand "
                   "= −7. Nobody was hit, so you may draw one card or pass (lesson 6). Pass: type p.",
                   "Deine 7 7 7 liegen jetzt in deiner Auslage. Pkt zeigt deine Punkte: 3 in der Auslage "
                   "− 10 auf der Hand = −7. Niemand wurde abgeluxxt, also darfst du eine Karte ziehen oder "
                   "passen (Lektion 6). Passe: tippe p."),
             other=("That is allowed, but this time pass: type p.",
                    "Das ist erlaubt, aber diesmal passe: tippe p."),
             replies=("play 4 4", "pass", "play 13", "pass"),
             # Only a play that abluxxes nobody is followed by the single draw (or pass).
             claims=Claims(before=Facts(phase="single-draw", in_display={0: 3}, in_hand={0: 10}, scores={0: -7},
                                        layers={0: ("7 7 7",)}),
                           draws={0: 0})),
        Step(moves=("play 12",),
             text=("Ben played 4 4 and Cy a 13 (see What happened). Your turn again: play the 12. It goes "
                   "on top of your 7s as a new layer.",
                   "Ben hat 4 4 gespielt und Cy eine 13 (siehe Was geschah). Du bist wieder dran: spiel die "
                   "12. Sie kommt als neue Lage auf deine 7er."),
             other=("Legal, but the task is the 12: type 12.", "Erlaubt, aber die Aufgabe ist die 12: tippe 12."),
             claims=Claims(before=Facts(to_move=0, phase="play", layers={1: ("4 4",), 2: ("13",)}),
                           after=Facts(layers={0: ("7 7 7", "12")}, in_display={0: 4}, in_hand={0: 9},
                                       scores={0: -5})),
             done=("Your display: 7 7 7 under [12]. Of a player's display only the top layer, in brackets, "
                   "can be abluxxed. Points: 4 in display − 9 in hand = −5.",
                   "Deine Auslage: 7 7 7 unter [12]. Von der Auslage eines Spielers kann nur die oberste Lage, "
                   "in Klammern, abgeluxxt werden. Punkte: 4 in der Auslage − 9 auf der Hand = −5.")),
    ))

# -- 2 ----------------------------------------------------------------------------------

LESSON_2 = Lesson(
    title=("Abluxx: same count, higher value", "Abluxxen: gleiche Anzahl, höherer Wert"),
    intro=(
        "After you play, your set is compared with the top layer of every other player. A top layer is "
        "abluxxed when it has EXACTLY as many cards as your set and a LOWER value.\n\n"
        "A different number of cards never abluxxes, and neither does an equal value. Every layer that "
        "qualifies is hit, clockwise from your left neighbour.",
        "Nach dem Ausspielen wird dein Satz mit der obersten Lage jedes Mitspielers verglichen. Eine "
        "oberste Lage wird abgeluxxt, wenn sie GENAU so viele Karten hat wie dein Satz und einen "
        "NIEDRIGEREN Wert.\n\n"
        "Bei einer anderen Kartenzahl wird nie abgeluxxt, bei gleichem Wert auch nicht. Jede passende Lage "
        "wird abgeluxxt, im Uhrzeigersinn ab deinem linken Nachbarn."),
    steps=(
        Step(position=Position(
                 hands=("4 6 9 9 12 13", "1 3 6 7 10 12 13", "1 2 4 7 8 10 12", "1 4 6 7 8 10 11"),
                 displays=(("7",), ("2 2", "5 5"), ("11 11",), ("3 3 3",)), pool="1 3 5 6 8 12"),
             hits=(1,),
             text=("Abluxx Ben's top layer [5 5]: play two cards of a higher value. Cy's 11 11 is higher "
                   "than anything you could play in two, and Dee's 3 3 3 has three cards.",
                   "Luxx Bens oberste Lage [5 5] ab: spiel zwei Karten eines höheren Werts. Cys 11 11 sind "
                   "höher als alles, was du mit zwei Karten spielen kannst, und Dees 3 3 3 sind drei Karten."),
             why={"play 13": ("One 13 is one card; Ben's 5 5 has two. The count must match exactly.",
                              "Eine 13 ist eine Karte; Bens 5 5 sind zwei. Die Anzahl muss genau passen."),
                  "play 9": ("One 9 is one card; Ben's 5 5 has two. Play both 9s.",
                             "Eine 9 ist eine Karte; Bens 5 5 sind zwei. Spiel beide 9er.")},
             why_claims={"play 13": Claims(victims=()), "play 9": Claims(victims=())},
             other=("That hits nobody: you need two cards higher than 5.",
                    "Damit luxxt du niemanden ab: Du brauchst zwei Karten über 5."),
             wrong="13",
             claims=Claims(before=Facts(layers={1: ("5 5",), 2: ("11 11",), 3: ("3 3 3",)}),
                           plays={"any 1": ((), ()), "any 2": ((1,), ())}, victims=(1,))),
        Step(moves=("leave",),
             text=("Ben's 5 5 is abluxxed, nobody else. Lesson 3 is about take or leave; here leave them: "
                   "type l. The 2 2 below his 5s is not compared again this turn.",
                   "Bens 5 5 sind abgeluxxt, sonst niemand. Um Nehmen oder Lassen geht es in Lektion 3; hier "
                   "lässt du sie: tippe l. Die 2 2 unter seinen 5ern werden in diesem Zug nicht mehr "
                   "verglichen."),
             other=("Legal, but leave them this time: type l.", "Erlaubt, aber lass sie diesmal: tippe l."),
             replies=("back",),
             claims=Claims(before=Facts(phase="take", layers={1: ("2 2", "5 5")}), draws={0: 0, 1: 0, 2: 0, 3: 0},
                           points={1: -4},
                           after=Facts(to_move=1, phase="play", layers={1: ("2 2",)}, hand={1: "5 5"})),
             done=("Ben took his 5s back into his hand. His top layer is 2 2 now, open to attack on later "
                   "turns.",
                   "Ben hat seine 5er zurück auf die Hand genommen. Seine oberste Lage ist jetzt 2 2, "
                   "angreifbar in späteren Zügen.")),
        Step(position=Position(
                 hands=("3 8 10 12 13", "1 5 6 7 9 11", "1 5 6 7 9 11", "1 5 6 7 9 11"),
                 displays=((), ("8",), ("4",), ("2",)), pool="3 4 6 9 10 12"),
             hits=(2, 3),
             text=("One card this time. Abluxx Cy's [4] and Dee's [2] — but not Ben's [8]. Which single "
                   "card does that?",
                   "Diesmal eine Karte. Luxx Cys [4] und Dees [2] ab — aber nicht Bens [8]. Welche einzelne "
                   "Karte schafft das?"),
             why={"play 10": ("10 is higher than Ben's 8 too: he would be hit as well.",
                              "10 ist auch höher als Bens 8: Er würde ebenfalls abgeluxxt."),
                  "play 12": ("12 is higher than Ben's 8 too: he would be hit as well.",
                              "12 ist auch höher als Bens 8: Er würde ebenfalls abgeluxxt."),
                  "play 13": ("13 is higher than Ben's 8 too: he would be hit as well.",
                              "13 ist auch höher als Bens 8: Er würde ebenfalls abgeluxxt."),
                  "play 3": ("3 beats Dee's 2, but not Cy's 4.", "3 schlägt Dees 2, aber nicht Cys 4.")},
             why_claims={"play 10": Claims(victims=(1, 2, 3)), "play 12": Claims(victims=(1, 2, 3)),
                         "play 13": Claims(victims=(1, 2, 3)), "play 3": Claims(victims=(3,))},
             claims=Claims(before=Facts(layers={1: ("8",), 2: ("4",), 3: ("2",)}), victims=(2, 3),
                           after=Facts(layers={1: ("8",)})),
             done=("Your 8 hits Cy and Dee, to be settled one after the other. Ben's 8 is equal: equal "
                   "values never abluxx.",
                   "Deine 8 luxxt Cy und Dee ab, nacheinander abzuwickeln. Bens 8 ist gleich hoch: Bei "
                   "gleichem Wert wird nie abgeluxxt.")),
    ))

# -- 3 ----------------------------------------------------------------------------------

LESSON_3 = Lesson(
    title=("The attacker decides: take or leave", "Der Angreifer wählt: nehmen oder lassen"),
    intro=(
        "When your set abluxxes a layer, you decide what happens to it:\n\n"
        "take — the cards go into YOUR hand, and the victim draws as many;\n"
        "leave — you don't want them, and the victim decides (lesson 4).\n\n"
        "Abluxxed cards never stay in the display. Taken cards are −1 each in your hand until you play "
        "them again.",
        "Wenn dein Satz eine Lage abluxxt, entscheidest du, was mit ihr geschieht:\n\n"
        "nehmen — die Karten kommen auf DEINE Hand, und das Opfer zieht ebenso viele nach;\n"
        "lassen — du willst sie nicht, und das Opfer entscheidet (Lektion 4).\n\n"
        "Abgeluxxte Karten bleiben nie in der Auslage. Genommene Karten zählen auf deiner Hand je −1, bis "
        "du sie wieder ausspielst."),
    steps=(
        Step(position=Position(
                 hands=("3 5 11 12 13", "1 4 6 7 8 10 12", "1 2 4 6 7 8 10"),
                 displays=(("9 9",), ("2 2", "5 5"), ("11 11",)), pool="1 3 6 8 10 12",
                 pending={"phase": "take", "victim": 1, "queue": []}),
             moves=("take",),
             text=("Your 9 9 abluxxed Ben's 5 5. You hold a 5: with Ben's two you would hold three 5s, a "
                   "strong set to play next turn. Take them: type t. Ben must then draw 2.",
                   "Deine 9 9 haben Bens 5 5 abgeluxxt. Du hast eine 5: Mit Bens zweien hättest du drei 5er, "
                   "einen starken Satz für den nächsten Zug. Nimm sie: tippe n. Ben muss dann 2 nachziehen."),
             why={"leave": ("Leave is legal, but the 5s fit your hand: three 5s make a good set.",
                            "Lassen ist erlaubt, aber die 5er passen zu deiner Hand: Drei 5er sind ein guter "
                            "Satz.")},
             # Left, Ben's 5s leave his display too: back or discarded and drawn anew, 4 points less for him.
             why_claims={"leave": Claims(points={1: -4}, before=Facts(sets={5: 1}))},
             wrong="l",
             claims=Claims(before=Facts(sets={5: 1}, layers={0: ("9 9",), 1: ("2 2", "5 5")}),
                           moved=Facts(sets={5: 3}), draws={1: 2}, points={0: -2, 1: -4},
                           after=Facts(hand={0: "5 5 5"}, layers={1: ("2 2",)})),
             done=("The 5s are in your hand, and Ben drew 2 cards: 2 fewer in his display, 2 more in his "
                   "hand — 4 points less for him, as if you had left them. In your hand the 5s count −1 each "
                   "until you play them.",
                   "Die 5er sind auf deiner Hand, und Ben hat 2 Karten nachgezogen: 2 weniger in seiner "
                   "Auslage, 2 mehr auf der Hand — 4 Punkte weniger für ihn, genauso, als hättest du sie "
                   "gelassen. Auf deiner Hand zählen die 5er je −1, bis du sie ausspielst.")),
        Step(position=Position(
                 hands=("2 6 8 9 10", "1 4 5 7 10 11", "1 4 5 7 8 11"),
                 displays=(("12",), ("13",), ("3",)), pool="1 4 6 8 10 12",
                 pending={"phase": "take", "victim": 2, "queue": []}),
             moves=("leave",),
             text=("Your 12 abluxxed Cy's lone 3. You hold no 3: taken, it would cost you a point until you "
                   "find a way to play it. Leave it: type l.",
                   "Deine 12 hat Cys einzelne 3 abgeluxxt. Du hast keine 3: Genommen würde sie dich einen "
                   "Punkt kosten, bis du sie loswirst. Lass sie: tippe l."),
             why={"take": ("Take is legal, but a lone 3 fits nothing in your hand: −1 for you, and Cy "
                           "draws a fresh card.",
                           "Nehmen ist erlaubt, aber eine einzelne 3 passt zu nichts auf deiner Hand: −1 für "
                           "dich, und Cy zieht eine frische Karte nach.")},
             why_claims={"take": Claims(before=Facts(sets={3: 0}), draws={2: 1}, points={0: -1, 2: -2})},
             wrong="t",
             claims=Claims(before=Facts(sets={3: 0}, layers={0: ("12",), 2: ("3",)}), points={2: -2}),
             done=("You left the 3, so Cy chose what to do with it — lesson 4 shows that choice.",
                   "Du hast die 3 gelassen, also hat Cy entschieden, was mit ihr geschieht — diese Wahl "
                   "zeigt Lektion 4.")),
    ))

# -- 4 ----------------------------------------------------------------------------------

LESSON_4 = Lesson(
    title=("The victim decides: back or discard", "Das Opfer wählt: zurück oder abwerfen"),
    intro=(
        "When the attacker leaves your abluxxed cards, you choose:\n\n"
        "back — they return to your own hand; nobody draws;\n"
        "discard — they go onto the discard pile, and you draw as many cards.\n\n"
        "You draw one card at a time, each from the pool (any card) or from the top of the deck. The "
        "pool is refilled to 6 only after your last draw.",
        "Wenn der Angreifer deine abgeluxxten Karten lässt, wählst du:\n\n"
        "zurück auf die Hand — sie kommen auf deine eigene Hand; niemand zieht nach;\n"
        "abwerfen — sie kommen auf den Ablagestapel, und du ziehst ebenso viele nach.\n\n"
        "Du ziehst eine Karte nach der anderen, jede aus dem Vorrat (eine beliebige) oder oben vom "
        "Nachziehstapel. Der Vorrat wird erst auf 6 aufgefüllt, wenn du fertig nachgezogen hast."),
    steps=(
        Step(position=Position(
                 hands=("2 4 9 9 12", "1 3 7 8 11 13", "1 3 5 8 11 13"),
                 displays=(("6 6",), ("4", "10 10"), ("12 12",)), pool="3 5 7 9 11 X", turn=1,
                 pending={"phase": "back", "victim": 0, "queue": []}),
             moves=("discard",),
             text=("Ben's 10 10 abluxxed your 6 6 and he left them. Either way two cards come into your "
                   "hand: back brings your 6s, discard two draws — and the pool holds a joker and a 9, and you "
                   "hold two 9s. Discard: type d, then draw 2.",
                   "Bens 10 10 haben deine 6 6 abgeluxxt, und er hat sie gelassen. So oder so kommen zwei "
                   "Karten auf deine Hand: Zurück bringt deine 6er, abwerfen zwei nachgezogene Karten — und im "
                   "Vorrat liegen ein Joker und eine 9, und du hast zwei 9er. Wirf ab: tippe a, dann zieh 2 "
                   "nach."),
             claims=Claims(before=Facts(phase="back", layers={0: ("6 6",), 1: ("10 10",)}, in_pool="X 9",
                                        sets={9: 2}, in_hand={0: 5}),
                           moved=Facts(draws_left=2, in_discard="6 6"), points={0: -2}),
             why={"back": ("Back is legal, but two pool cards — the joker and a 9 — are worth more than "
                           "two 6s.",
                           "Zurück ist erlaubt, aber zwei Karten aus dem Vorrat — Joker und 9 — sind mehr "
                           "wert als zwei 6er.")},
             why_claims={"back": Claims(before=Facts(in_pool="X 9"), moved=Facts(in_hand={0: 7}, hand={0: "6 6"}))},
             wrong="b"),
        Step(moves=("draw X",),
             text=("Your 6s are on the discard pile; now draw 2, one at a time. Take the joker from the pool "
                   "first: type x.",
                   "Deine 6er liegen auf dem Ablagestapel; zieh jetzt 2 nach, eine nach der anderen. Nimm "
                   "zuerst den Joker aus dem Vorrat: tippe x."),
             why={"draw deck": ("The deck's top card is a surprise; the joker is sure to help.",
                                "Die oberste Karte des Nachziehstapels ist eine Überraschung; der Joker hilft "
                                "sicher.")},
             why_claims={"draw deck": Claims(moved=Facts(draws_left=1, in_pool="X"))},
             other=("Legal, but take the joker first: type x.", "Erlaubt, aber nimm zuerst den Joker: tippe x."),
             claims=Claims(before=Facts(in_discard="6 6", draws_left=2, in_pool="X"),
                           moved=Facts(draws_left=1, hand={0: "X"}))),
        Step(moves=("draw 9",),
             text=("One more: the 9 (type 9). With the joker you then hold 9 9 9 X, four 9s. The pool has "
                   "only 5 cards now: it is refilled after your last draw.",
                   "Noch eine: die 9 (tippe 9). Mit dem Joker hast du dann 9 9 9 X, vier 9er. Im Vorrat "
                   "liegen jetzt nur 5 Karten: Aufgefüllt wird er, wenn du fertig nachgezogen hast."),
             other=("Legal, but the 9 completes your 9s: type 9.",
                    "Erlaubt, aber die 9 ergänzt deine 9er: tippe 9."),
             claims=Claims(before=Facts(pool=5, draws_left=1), moved=Facts(pool=6, hand={0: "9 9 9 X"}, sets={9: 4})),
             done=("Both draws made, and only now was the pool refilled to 6.",
                   "Beide Karten nachgezogen, und erst jetzt wurde der Vorrat auf 6 aufgefüllt.")),
    ))

# -- 5 ----------------------------------------------------------------------------------

LESSON_5 = Lesson(
    title=("Jokers", "Joker"),
    intro=(
        "A joker played with number cards takes their value: 6 6 6 X is a set of four 6s.\n\n"
        "Jokers played alone form a set above 13. It abluxxes every top layer of its size except lone "
        "jokers, and nothing can abluxx it (only 1s in the expert variant). Two lone-joker sets of the "
        "same size are equal.",
        "Ein Joker mit Zahlenkarten nimmt ihren Wert an: 6 6 6 X ist ein Satz aus vier 6ern.\n\n"
        "Joker allein bilden einen Satz über der 13. Er luxxt jede oberste Lage seiner Größe ab, außer Joker "
        "allein, und nichts kann ihn abluxxen (nur 1er in der Variante für Experten). Zwei gleich große "
        "Sätze aus Jokern allein sind gleich hoch."),
    steps=(
        Step(position=Position(
                 hands=("2 6 6 6 11 X", "1 3 7 9 10 12 13", "1 3 7 9 10 12 13"),
                 displays=((), ("8 8",), ("5 5 5 5",)), pool="2 4 7 9 11 12"),
             hits=(2,),
             text=("Abluxx Cy's four 5s. You hold only three 6s — but a joker joins them.",
                   "Luxx Cys vier 5er ab. Du hast nur drei 6er — aber ein Joker kommt dazu."),
             why={"play 6 6 6": ("Three 6s are three cards; Cy's layer has four. Add the joker: 666x.",
                                 "Drei 6er sind drei Karten; Cys Lage hat vier. Nimm den Joker dazu: 666x.")},
             why_claims={"play 6 6 6": Claims(victims=())},
             other=("That does not hit Cy's four 5s: you need four cards higher than 5.",
                    "Damit luxxt du Cys vier 5er nicht ab: Du brauchst vier Karten über 5."),
             wrong="666",
             claims=Claims(before=Facts(layers={2: ("5 5 5 5",)}, hand={0: "6 6 6 X"}, sets={6: 4}),
                           victims=(2,))),
        Step(text=("Your 6 6 6 X abluxxed Cy's 5s. Take or leave: your choice this time.",
                   "Deine 6 6 6 X haben Cys 5er abgeluxxt. Nehmen oder lassen: diesmal deine Wahl."),
             claims=Claims(before=Facts(phase="take", layers={0: ("6 6 6 X",), 2: ("5 5 5 5",)}),
                           after=Facts(layers={0: ("6 6 6 X",), 2: ("4 4 4",)}, in_display={2: 7})),
             done=("Taken or left, Cy's 5 5 5 5 has left her display, and your 6 6 6 X lies on top of yours.",
                   "Ob genommen oder gelassen: Cys 5 5 5 5 sind aus ihrer Auslage verschwunden, und deine "
                   "6 6 6 X liegen oben in deiner.")),
        Step(position=Position(
                 hands=("4 7 9 X X", "1 3 5 8 10 12", "1 3 5 8 10 12"),
                 displays=((), ("13 13",), ("X X",)), pool="2 4 6 9 11 12"),
             moves=("play X X",),
             text=("Play your two jokers alone: xx. They beat Ben's 13 13. Cy's X X is equal and stays — "
                   "and from now on nobody can abluxx your X X.",
                   "Spiel deine zwei Joker allein: xx. Die Joker schlagen Bens 13 13. Cys X X sind gleich hoch und "
                   "bleiben — und deine X X kann ab jetzt niemand abluxxen."),
             why={"play X": ("One joker alone is a set of one: it hits single cards only, and there are none.",
                             "Ein Joker allein ist ein Satz aus einer Karte: Er luxxt nur einzelne Karten ab, "
                             "und es gibt keine."),
                  "play 9 X": ("9 X is two 9s: not enough for Ben's 13 13.",
                               "9 X sind zwei 9er: zu wenig für Bens 13 13.")},
             why_claims={"play X": Claims(plays={"any 1": ((), ())}), "play 9 X": Claims(victims=())},
             other=("Legal, but the task is your two jokers alone: xx.",
                    "Erlaubt, aber die Aufgabe sind deine zwei Joker allein: xx."),
             claims=Claims(before=Facts(layers={1: ("13 13",), 2: ("X X",)}), victims=(1,),
                           after=Facts(layers={0: ("X X",), 2: ("X X",)})),
             done=("Ben's 13 13 is abluxxed; Cy's X X was equal and stays.",
                   "Bens 13 13 sind abgeluxxt; Cys X X waren gleich hoch und bleiben.")),
    ))

# -- 6 ----------------------------------------------------------------------------------

LESSON_6 = Lesson(
    title=("Drawing and the pool", "Ziehen und der Vorrat"),
    intro=(
        "In the base game a turn that abluxxes nobody ends with one optional draw: one card from the pool "
        "or the deck — or pass.\n\n"
        "Whoever draws several cards takes them one at a time. The pool is refilled to 6 from the deck "
        "only after all of that player's draws. An empty deck is never rebuilt: the pool then shrinks.",
        "Im Grundspiel endet ein Zug, der niemanden abluxxt, mit einem freiwilligen Ziehen: eine Karte aus "
        "dem Vorrat oder vom Nachziehstapel — oder passen.\n\n"
        "Wer mehrere Karten nachzieht, nimmt sie einzeln. Der Vorrat wird erst vom Nachziehstapel auf 6 "
        "aufgefüllt, wenn dieser Spieler fertig nachgezogen hat. Ein leerer Nachziehstapel wird nie neu "
        "gebildet: Der Vorrat schrumpft dann."),
    steps=(
        Step(position=Position(
                 hands=("2 5 8 8 13", "1 3 4 7 9 10", "1 3 4 7 9 11"),
                 displays=((), ("13",), ("12 12",)), pool="2 6 8 10 11 X"),
             moves=("play 13",),
             claims=Claims(before=Facts(layers={1: ("13",), 2: ("12 12",)}), victims=()),
             text=("Play your 13. It hits nobody: Ben's 13 is equal, and Cy's 12 12 has two cards.",
                   "Spiel deine 13. Sie luxxt niemanden ab: Bens 13 ist gleich hoch, und Cys 12 12 sind zwei "
                   "Karten."),
             other=("Legal, but the task is the 13: type 13.", "Erlaubt, aber die Aufgabe ist die 13: tippe 13.")),
        Step(moves=("draw 8", "draw X"),
             text=("Nobody was abluxxed: you may draw one card, from the pool or the deck, or pass (p). "
                   "Take the pool's 8 or its joker: with your two 8s, either makes three 8s.",
                   "Niemand wurde abgeluxxt: Du darfst eine Karte ziehen, aus dem Vorrat oder vom "
                   "Nachziehstapel, oder passen (p). Nimm die 8 oder den Joker aus dem Vorrat: Mit deinen "
                   "zwei 8ern ergibt jede der beiden drei 8er."),
             why={"pass": ("Passing is legal, and right when no card is worth a minus point. Here the 8 "
                           "or the joker makes three 8s.",
                           "Passen ist erlaubt und richtig, wenn keine Karte einen Minuspunkt wert ist. Hier "
                           "ergibt die 8 oder der Joker drei 8er.")},
             why_claims={"pass": Claims(before=Facts(in_pool="8 X", sets={8: 2}), draws={0: 0})},
             other=("Legal, but the 8 or the joker fits your hand best: type 8 or x.",
                    "Erlaubt, aber die 8 oder der Joker passt am besten zu deiner Hand: tippe 8 oder x."),
             wrong="p",
             claims=Claims(before=Facts(phase="single-draw", in_pool="8 X", sets={8: 2}), moved=Facts(sets={8: 3}),
                           draws={0: 1}, after=Facts(sets={8: 3}, pool=6, to_move=1, phase="play")),
             done=("Your two 8s and the card you drew make three 8s. The deck refilled the pool to 6 at once, "
                   "and Ben's turn begins.",
                   "Deine zwei 8er und die gezogene Karte ergeben drei 8er. Der Nachziehstapel hat den Vorrat "
                   "sofort wieder auf 6 aufgefüllt, und Ben ist am Zug.")),
        Step(position=Position(
                 hands=("3 5 9 9", "1 2 4 4 6 11 12", "1 2 6 7 8 10 12"),
                 displays=(("2",), ("7 7 7", "10 10"), ("13",)), pool="9 9 4 7 11 13", turn=1,
                 pending={"phase": "draw", "drawer": 0, "draws_left": 2, "queue": []}),
             moves=("draw 9",),
             text=("You have 2 cards to draw, one at a time. Take a 9 from the pool: type 9.",
                   "Du musst 2 Karten nachziehen, eine nach der anderen. Nimm eine 9 aus dem Vorrat: tippe 9."),
             other=("Legal, but take a 9: type 9.", "Erlaubt, aber nimm eine 9: tippe 9."),
             claims=Claims(before=Facts(phase="draw", draws_left=2, in_pool="9 9", pool=6),
                           moved=Facts(draws_left=1, pool=5))),
        Step(moves=("draw 9",),
             text=("The pool shows only 5 cards: it is refilled after your last draw, so a card turned up "
                   "now would come too late for you. Take the other 9.",
                   "Im Vorrat liegen nur 5 Karten: Er wird erst aufgefüllt, wenn du fertig nachgezogen hast, "
                   "eine jetzt aufgedeckte Karte käme also zu spät für dich. Nimm die andere 9."),
             other=("Legal, but take the other 9: type 9.", "Erlaubt, aber nimm die andere 9: tippe 9."),
             claims=Claims(before=Facts(pool=5, in_pool="9", draws_left=1), moved=Facts(pool=6, sets={9: 4}),
                           after=Facts(pool=6)),
             done=("Now the pool was refilled to 6. Four 9s in your hand: a set few can beat.",
                   "Jetzt wurde der Vorrat auf 6 aufgefüllt. Vier 9er auf der Hand: ein Satz, den kaum "
                   "jemand schlägt.")),
    ))

# -- 7 ----------------------------------------------------------------------------------

LESSON_7 = Lesson(
    title=("The end and the score", "Das Ende der Partie und die Wertung"),
    intro=(
        "The game ends AT ONCE when a player plays the last card from hand (those cards abluxx nobody), "
        "or when a draw leaves both deck and pool empty (draws still owed are not made).\n\n"
        "Score: +1 for each card in your display, −1 for each card in your hand. The values don't matter. "
        "On a tie, the fewest cards in hand wins (option: the win is shared).",
        "Die Partie endet SOFORT, wenn jemand die letzte Handkarte ausspielt (diese Karten luxxen niemanden "
        "ab), oder wenn ein Nachziehen Nachziehstapel und Vorrat leert (noch ausstehendes Nachziehen "
        "entfällt).\n\n"
        "Wertung: +1 für jede Karte in deiner Auslage, −1 für jede Karte auf deiner Hand. Die Werte zählen "
        "nicht. Bei Gleichstand gewinnt, wer weniger Handkarten hat (Option: geteilter Sieg)."),
    steps=(
        Step(position=Position(
                 hands=("8 8", "1 3 6 9 12", "2 4 7 9 11 13 13"),
                 displays=(("3 3", "10 10 10", "1 1 1 1", "11 11 11"), ("7 7 7", "2 2 2", "5 5"),
                           ("12 12", "10 10", "6")), pool="1 2 4 9 12 13"),
             moves=("play 8 8",),
             text=("You hold only 8 8. Play both: your hand is empty and the game ends at once. Ben's 5 5 "
                   "is not abluxxed: the game is already over.",
                   "Du hast nur noch 8 8. Spiel beide: Deine Hand ist leer, und die Partie endet sofort. Bens "
                   "5 5 werden nicht abgeluxxt: Die Partie ist schon vorbei."),
             why={"play 8": ("One 8 leaves the other in your hand: the game goes on, and it costs a point.",
                             "Eine 8 lässt die andere auf der Hand: Die Partie geht weiter, und sie kostet "
                             "einen Punkt.")},
             why_claims={"play 8": Claims(moved=Facts(over=False, in_hand={0: 1}))},
             wrong="8",
             claims=Claims(before=Facts(in_hand={0: 2}, layers={1: ("5 5",)}), victims=(),
                           after=Facts(over=True, layers={1: ("5 5",)}, in_display={0: 14, 1: 8, 2: 5},
                                       in_hand={0: 0, 1: 5, 2: 7}, scores={0: 14, 1: 3, 2: -2}, winners=(0,))),
             done=("Ann: 14 in display − 0 in hand = 14. Ben: 8 − 5 = 3. Cy: 5 − 7 = −2. Ann wins.",
                   "Ann: 14 in der Auslage − 0 auf der Hand = 14. Ben: 8 − 5 = 3. Cy: 5 − 7 = −2. Ann "
                   "gewinnt.")),
        Step(position=Position(
                 hands=("1 9 9 9 12", "2 3 10 11", "3 7 8 13"),
                 displays=(("6 6", "10 10 10", "7 7 7"), ("12 12", "3 3 3", "5 5 5"), ("8 8 8 8", "2 2 2", "4 4 4")),
                 pool="2 6", rest="discard"),
             moves=("play 9 9 9",),
             text=("The deck is empty and the pool holds just 2 cards. Play 9 9 9: it abluxxes Ben's 5 5 5 "
                   "and Cy's 4 4 4.",
                   "Der Nachziehstapel ist leer, und im Vorrat liegen nur 2 Karten. Spiel 9 9 9: Damit luxxt du "
                   "Bens 5 5 5 und Cys 4 4 4 ab."),
             claims=Claims(before=Facts(deck=0, pool=2), victims=(1, 2)),
             other=("Legal, but the task is 9 9 9: type 999.", "Erlaubt, aber die Aufgabe ist 9 9 9: tippe 999.")),
        Step(moves=("leave",),
             text=("Leave Ben's 5s (l): taken, they would be three more cards in your hand. If he discards "
                   "them, he must draw 3 cards, but only 2 are left: his second draw empties deck and pool and "
                   "ends the game.",
                   "Lass Bens 5er (l): Genommen wären sie drei Karten mehr auf deiner Hand. Wirft er sie ab, "
                   "muss er 3 nachziehen, es gibt aber nur noch 2: Sein zweites Nachziehen leert "
                   "Nachziehstapel und Vorrat und beendet die Partie."),
             why={"take": ("Taking puts three 5s in your hand. Ben's draws still end the game: Ann and Cy "
                           "tie on 6, and Cy wins with fewer cards in hand.",
                           "Nehmen bringt dir drei 5er auf die Hand. Bens Nachziehen beendet die Partie "
                           "trotzdem: Ann und Cy haben beide 6 Punkte, und Cy gewinnt mit weniger Handkarten.")},
             why_claims={"take": Claims(moved=Facts(in_hand={0: 5}), draws={1: 2},
                                        after=Facts(over=True, scores={0: 6, 2: 6}, in_hand={0: 5, 2: 4},
                                                    winners=(2,)))},
             wrong="t",
             replies=("discard", "draw 2"),
             claims=Claims(before=Facts(phase="take", deck=0, pool=2), draws={1: 2},
                           after=Facts(over=True, deck=0, pool=0, layers={2: ("4 4 4",)},
                                       scores={0: 9, 1: -1, 2: 6}, winners=(0,))),
             done=("Ben discarded and drew 2 of his 3: over. Cy's 4 4 4 was never settled and scores. Ann 9, "
                   "Cy 6, Ben −1: you win.",
                   "Ben hat abgeworfen und 2 von 3 nachgezogen: vorbei. Cys 4 4 4 kamen nicht mehr an die Reihe "
                   "und zählen. Ann 9, Cy 6, Ben −1: Du gewinnst.")),
    ))

# -- 8 ----------------------------------------------------------------------------------

LESSON_8 = Lesson(
    title=("Tactics: bank, bait, endgame", "Taktik: Kleinvieh, Lockvogel, Endspurt"),
    intro=(
        "Three tips from the rulebook:\n\n"
        "A bank of low cards: low cards are easy to collect, and played many at once they are hard to "
        "beat.\n"
        "Bait: a lone low card is easy to abluxx — and when an attacker takes it, you draw a card of "
        "your choice from the pool (or the deck) for it.\n"
        "Endgame: watch the hand sizes and the deck. Near the end every card in your hand costs a point.",
        "Drei Tipps aus der Spielregel:\n\n"
        "Kleinvieh: Niedrige Karten sammeln sich leicht, und viele auf einmal gespielt sind sie schwer "
        "zu schlagen.\n"
        "Lockvogel: Eine einzelne niedrige Karte ist leicht abzuluxxen — und nimmt ein Angreifer sie, "
        "ziehst du dafür eine Karte deiner Wahl aus dem Vorrat (oder vom Nachziehstapel) nach.\n"
        "Endspurt: Achte auf die Handkarten der anderen und den Nachziehstapel. Gegen Ende kostet jede "
        "Handkarte einen Punkt."),
    steps=(
        Step(position=Position(
                 hands=("2 2 2 2 2 11 12 X", "1 4 6 8 10 13", "1 3 6 8 10 13"),
                 displays=((), ("7 7",), ("10",)), pool="1 3 4 5 9 12"),
             moves=("play 2 2 2 2 2",),
             text=("Build a bank: play all five 2s at once (22222). Only exactly five higher cards can ever "
                   "abluxx them.",
                   "Sammle Kleinvieh: spiel alle fünf 2er auf einmal (22222). Nur genau fünf höhere Karten "
                   "können sie je abluxxen."),
             why={"play 2 2 2 2 2 X": ("Six cards would do too, but keep the joker: it joins any set later.",
                                       "Sechs Karten gingen auch, aber behalte den Joker: Er passt später zu "
                                       "jedem Satz.")},
             why_claims={"play 2 2 2 2 2 X": Claims(moved=Facts(layers={0: ("2 2 2 2 2 X",)}))},
             other=("Legal, but build the bank: all five 2s, 22222.",
                    "Erlaubt, aber sammle Kleinvieh: alle fünf 2er, 22222."),
             wrong="22222x",
             claims=Claims(before=Facts(hand={0: "2 2 2 2 2"}, sets={2: 6}), moved=Facts(layers={0: ("2 2 2 2 2",)}),
                           after=Facts(layers={0: ("2 2 2 2 2",)}, sets={2: 1})),
             done=("Your bank lies on your display: five 2s, which only exactly five higher cards can abluxx. "
                   "The joker stays in your hand for a later set.",
                   "Dein Kleinvieh liegt in deiner Auslage: fünf 2er, die nur genau fünf höhere Karten abluxxen "
                   "können. Der Joker bleibt für einen späteren Satz auf deiner Hand.")),
        Step(position=Position(
                 hands=("3 8 8 8 11", "1 4 5 7 10 13", "1 4 5 7 10 13"),
                 displays=((), ("6 6",), ("9 9",)), pool="8 X 1 5 12 12"),
             moves=("play 3",),
             text=("Bait: play your lone 3. It hits nobody (Ben's 6 6 and Cy's 9 9 are two cards), so in the "
                   "base game you may then draw one card. A lone 3 on top is easy to abluxx later: whoever "
                   "leaves it lets you discard it and draw afresh.",
                   "Lockvogel: spiel deine einzelne 3. Sie luxxt niemanden ab (Bens 6 6 und Cys 9 9 sind zwei "
                   "Karten), also darfst du im Grundspiel danach eine Karte ziehen. Eine einzelne 3 obenauf "
                   "ist später leicht abzuluxxen: Wer sie lässt, lässt dich abwerfen und neu nachziehen."),
             why={"play 8 8 8": ("A strong set, but keep the 8s: bait with the 3, and the pool's 8 or joker "
                                 "makes four.",
                                 "Ein starker Satz, aber behalte die 8er: locke mit der 3, und die 8 oder der "
                                 "Joker aus dem Vorrat macht vier daraus.")},
             why_claims={"play 8 8 8": Claims(before=Facts(in_pool="8 X", sets={8: 3}))},
             other=("Legal, but the task is the bait: the lone 3.", "Erlaubt, aber die Aufgabe ist der Lockvogel: "
                    "die einzelne 3."),
             claims=Claims(before=Facts(layers={1: ("6 6",), 2: ("9 9",)}, sets={3: 1}), victims=(),
                           moved=Facts(phase="single-draw", layers={0: ("3",)}))),
        Step(moves=("draw 8", "draw X"),
             text=("Nobody was abluxxed, so you may draw one card: take the pool's 8 or its joker (type 8 or "
                   "x). With your three 8s you then hold four.",
                   "Niemand wurde abgeluxxt, also darfst du eine Karte ziehen: nimm die 8 oder den Joker aus "
                   "dem Vorrat (tippe 8 oder x). Mit deinen drei 8ern hast du dann vier."),
             other=("Legal, but the 8 or the joker makes four 8s: type 8 or x.",
                    "Erlaubt, aber die 8 oder der Joker macht vier 8er daraus: tippe 8 oder x."),
             claims=Claims(before=Facts(phase="single-draw", in_pool="8 X", sets={8: 3}), moved=Facts(sets={8: 4}),
                           draws={0: 1}, points={0: -1}, after=Facts(sets={8: 4}, layers={0: ("3",)})),
             done=("Four 8s in your hand: a set few can beat. Your lone 3 lies on your display as bait.",
                   "Vier 8er auf der Hand: ein Satz, den kaum jemand schlägt. Deine einzelne 3 liegt als "
                   "Lockvogel in deiner Auslage.")),
        Step(position=Position(
                 hands=("4 6 10", "11", "1 3 5 6 9"),
                 displays=(("3 3 3 3", "5 5 5", "12 12"), ("8 8 8 8",), ("2 2", "7 7")), pool="1 2 3 4 5 6",
                 deck="9 10", rest="discard",
                 pending={"phase": "take", "victim": 2, "queue": []}),
             moves=("leave",),
             text=("Your 12 12 abluxxed Cy's 7 7. But Ben holds ONE card: he must play it on his turn, and "
                   "that ends the game. Cards you take now would cost a point each: leave them (l).",
                   "Deine 12 12 haben Cys 7 7 abgeluxxt. Aber Ben hat nur noch EINE Karte: In seinem Zug muss "
                   "er sie spielen, und das beendet die Partie. Was du jetzt nimmst, kostet je einen Punkt: "
                   "lass sie (l)."),
             why={"take": ("Taking puts two cards in your hand just before the end: −2 unless you can play "
                           "them in time.",
                           "Nehmen bringt dir kurz vor Schluss zwei Karten auf die Hand: −2, wenn du sie "
                           "nicht rechtzeitig ausspielst.")},
             why_claims={"take": Claims(moved=Facts(in_hand={0: 5}), points={0: -2, 1: 2, 2: -4},
                                        after=Facts(over=True, in_hand={0: 5, 1: 0}, scores={0: 9, 1: 10},
                                                    winners=(1,)))},
             wrong="t",
             replies=("discard", "draw 1", "draw 2"),
             claims=Claims(before=Facts(in_hand={1: 1}, layers={0: ("12 12",), 2: ("7 7",)}), draws={2: 2},
                           after=Facts(over=True, in_hand={0: 3, 1: 0}, in_discard="7 7", scores={0: 11, 1: 10},
                                       winners=(0,))),
             done=("Cy discarded her 7s and drew 2; then Ben had to play his last card, and the game was over. "
                   "You win, 11 points to Ben's 10; taken, the 7s would have left you 9 and the game to Ben. "
                   "Near the end, leave rather than take.",
                   "Cy hat ihre 7er abgeworfen und 2 nachgezogen; dann musste Ben seine letzte Karte spielen, "
                   "und die Partie war vorbei. Du gewinnst mit 11 Punkten gegen Bens 10; genommen hätten dir die "
                   "7er nur 9 gelassen und Ben den Sieg. Gegen Ende lieber lassen als nehmen.")),
    ))

# -- 9 ----------------------------------------------------------------------------------

LESSON_9 = Lesson(
    title=("Variants: advanced and expert", "Die Varianten für Fortgeschrittene und Experten"),
    intro=(
        "advanced: no draw after a turn without abluxx — the turn just ends, and hands shrink faster.\n\n"
        "expert: advanced, and 1s also beat the strongest sets: a set of 1s abluxxes a top layer of 13s, "
        "or of lone jokers, with the same number of cards. 1s themselves fall to any higher value.",
        "Variante für Fortgeschrittene: kein Ziehen nach einem Zug ohne Abluxxen — der Zug endet einfach, "
        "und die Hände schrumpfen schneller.\n\n"
        "Variante für Experten: wie die für Fortgeschrittene, und 1er schlagen auch die stärksten Sätze: "
        "Ein Satz 1er luxxt eine oberste Lage aus 13ern oder aus Jokern allein mit gleicher Kartenzahl ab. "
        "1er selbst werden von jedem höheren Wert abgeluxxt."),
    steps=(
        Step(position=Position(
                 hands=("4 4 10 13", "1 2 3 5 7 8", "1 2 3 5 7 8"),
                 displays=((), ("6",), ("11 11 11",)), pool="2 5 6 9 12 13", variant="advanced"),
             moves=("play 4 4",),
             text=("This game uses the advanced variant (see the header). Play 4 4: it hits nobody, and "
                   "no draw follows.",
                   "Diese Partie läuft in der Variante für Fortgeschrittene (siehe Kopfzeile). Spiel 4 4: Damit "
                   "luxxt du niemanden ab, und kein Ziehen folgt."),
             other=("Legal, but the task is 4 4: type 44.", "Erlaubt, aber die Aufgabe ist 4 4: tippe 44."),
             # The variant's one rule: a play that abluxxes nobody ends the turn, no single draw offered.
             claims=Claims(before=Facts(layers={1: ("6",), 2: ("11 11 11",)}), victims=(),
                           moved=Facts(to_move=1, phase="play"), draws={0: 0}),
             done=("No draw was offered: the turn went straight to Ben.",
                   "Kein Ziehen wurde angeboten: Ben war gleich am Zug.")),
        Step(position=Position(
                 hands=("1 1 5 9", "2 3 6 8 10", "2 3 6 8 10", "2 3 6 8 10"),
                 displays=((), ("13 13",), ("X X",), ("1 1",)), pool="4 5 7 9 11 12", variant="expert"),
             hits=(1, 2),
             text=("Expert: abluxx Ben's 13 13 AND Cy's X X with one play.",
                   "Variante für Experten: luxx Bens 13 13 UND Cys X X mit einem Zug ab."),
             why={"play 1": ("One 1 is one card: their layers have two.",
                             "Eine 1 ist eine Karte: Bens und Cys Lagen haben zwei.")},
             why_claims={"play 1": Claims(victims=())},
             other=("That misses them: in expert, 1s of the same count beat 13s and lone jokers.",
                    "Das verfehlt sie: in der Variante für Experten schlagen 1er gleicher Anzahl 13er und "
                    "Joker allein."),
             wrong="1",
             claims=Claims(before=Facts(layers={1: ("13 13",), 2: ("X X",), 3: ("1 1",)}), victims=(1, 2),
                           moved=Facts(layers={3: ("1 1",)})),
             done=("Your 1 1 hit Ben and Cy. Dee's 1 1 is equal and stays.",
                   "Deine 1 1 haben Ben und Cy abgeluxxt. Dees 1 1 sind gleich hoch und bleiben.")),
    ))

# -- 10 ---------------------------------------------------------------------------------

_SHADOW = "2 4 4 6 6 7 7 7 10 11 12 12 12"

LESSON_10 = Lesson(
    title=("The duel: shadow and pool groups", "Das Duell: Schatten und Vorratsgruppen"),
    intro=(
        "Two players play the duel. 13 open cards form the shadow display, grouped by value: a third "
        "player that never plays. Your set is compared with the shadow first, then with your opponent's top layer.\n\n"
        "A shadow group with exactly as many cards and a lower value goes straight into your hand — at most "
        "one group per turn, your choice when several qualify. No take or leave, nobody draws.",
        "Zu zweit spielt ihr das Duell. 13 offene Karten bilden die Schattenauslage, nach Werten "
        "gruppiert: ein dritter Spieler, der nie spielt. Dein Satz wird zuerst mit dem Schatten verglichen, "
        "dann mit der obersten Lage deines Gegners.\n\n"
        "Eine Schattengruppe mit genau so vielen Karten und niedrigerem Wert kommt direkt auf deine Hand — "
        "höchstens eine Gruppe pro Zug, deine Wahl, wenn mehrere passen. Kein Nehmen oder Lassen, niemand "
        "zieht nach."),
    steps=(
        Step(position=Position(
                 hands=("3 5 8 8 11 X", "1 3 6 9 10 X X"),
                 displays=((), ("5 5",)), pool="1+13 3 9 9 11 13",
                 shadow=_SHADOW),
             moves=("play 8 8",),
             text=("The Shadow line shows its cards grouped by value: 4 4 is its group of two 4s. Play 8 8: "
                   "two cards, higher than the shadow's 4s and 6s.",
                   "Die Zeile Schatten zeigt seine Karten nach Werten gruppiert: 4 4 ist seine Gruppe aus zwei "
                   "4ern. Spiel 8 8: zwei Karten, höher als die 4er und 6er im Schatten."),
             why={"play 8": ("One 8 finds only the shadow's single 2. The task is 8 8.",
                             "Eine 8 findet im Schatten nur die einzelne 2. Die Aufgabe ist 8 8.")},
             why_claims={"play 8": Claims(victims=(), shadow=(2,))},
             other=("Legal, but the task is 8 8: type 88.", "Erlaubt, aber die Aufgabe ist 8 8: tippe 88."),
             wrong="8",
             claims=Claims(before=Facts(shadow=_SHADOW), victims=(1,), shadow=(4, 6))),
        Step(moves=("shadow 4", "shadow 6"),
             text=("Both the 4s and the 6s qualify (the 7s and 12s are three cards). Choose one group: 6 "
                   "takes the 6s, 4 the 4s. The group goes straight to your hand.",
                   "Die 4er und die 6er passen beide (die 7er und 12er sind drei Karten). Wähle eine Gruppe: 6 "
                   "nimmt die 6er, 4 die 4er. Die Gruppe kommt direkt auf deine Hand."),
             why={"shadow-not-offered": ("Only a whole group with two cards and a lower value: the 4s or "
                                         "the 6s.",
                                         "Nur eine ganze Gruppe mit zwei Karten und niedrigerem Wert: die 4er "
                                         "oder die 6er.")},
             claims=Claims(before=Facts(phase="shadow", legal=("shadow 4", "shadow 6"), shadow=_SHADOW),
                           moved=Facts(in_hand={0: 6}, phase="take"), draws={0: 0, 1: 0})),
        Step(text=("Then Ben's top layer 5 5 is compared: abluxxed too. Take or leave: your choice.",
                   "Dann wird Bens oberste Lage 5 5 verglichen: ebenfalls abgeluxxt. Nehmen oder lassen: "
                   "deine Wahl."),
             # Whatever Ann chooses: the shadow's group counted as an abluxx, so she draws nothing.
             claims=Claims(before=Facts(phase="take", layers={1: ("5 5",)}), draws={0: 0},
                           after=Facts(to_move=1, phase="play", shadow_size=13)),
             done=("A shadow win counts as an abluxx: no single draw follows it. The shadow was refilled to "
                   "13.",
                   "Eine Gruppe aus dem Schatten zählt als Abluxxen: Kein einzelnes Ziehen folgt. Der "
                   "Schatten wurde auf 13 aufgefüllt.")),
        Step(position=Position(
                 hands=("3 5 7 11", "1 6 8 10 12 X X"),
                 displays=(("9 9",), ("4", "10 10")), pool="2+X 4 7 2+13 11 9",
                 shadow="1 1 3 3 5 5 6 6 8 8 10 12 12", turn=1,
                 pending={"phase": "draw", "drawer": 0, "draws_left": 2, "queue": []}),
             moves=("draw 2+X",),
             claims=Claims(before=Facts(draws_left=2, in_pool="2+X 2+13"), moved=Facts(draws_left=1, hand={0: "2 X"}),
                           draws={0: 2}),
             text=("A 13 or joker turned up for the shadow lies on the lowest single pool card: a group, drawn "
                   "as ONE card. You have 2 cards to draw: first the group 2+X by its slot letter, a.",
                   "Eine 13 oder ein Joker, die für den Schatten aufgedeckt werden, kommen auf die niedrigste "
                   "einzelne Karte im Vorrat: eine Gruppe, die man als EINE Karte zieht. Du musst 2 "
                   "nachziehen: zuerst die Gruppe 2+X mit ihrem Buchstaben, a."),
             why={"in-group": ("That 2 lies in the group 2+X: a group is drawn whole, by its letter a.",
                             "Diese 2 liegt in der Gruppe 2+X: Eine Gruppe zieht man ganz, mit ihrem "
                             "Buchstaben a.")},
             other=("Legal, but the task is the group 2+X: type a.",
                    "Erlaubt, aber die Aufgabe ist die Gruppe 2+X: tippe a.")),
        Step(text=("One draw, two cards: a 2 and a joker. Your second draw is left: take any pool card, a "
                   "group by its letter, or the deck.",
                   "Einmal gezogen, zwei Karten: eine 2 und ein Joker. Ein Nachziehen bleibt dir noch: nimm "
                   "eine beliebige Karte aus dem Vorrat, eine Gruppe mit ihrem Buchstaben oder die oberste "
                   "vom Nachziehstapel."),
             claims=Claims(before=Facts(phase="draw", draws_left=1, hand={0: "2 X"}, in_pool="2+13")),
             done=("Two draws, and a group each time, would have brought four cards.",
                   "Zweimal nachgezogen, jedes Mal eine Gruppe: Das hätte vier Karten gebracht.")),
    ))

# -- 11 ---------------------------------------------------------------------------------

LESSON_11 = Lesson(
    title=("A first game, with a coach", "Eine erste Partie, mit Trainer"),
    intro=(
        "Now a whole game against Ben and Cy, two easy bots. Before each of your decisions the coach "
        "(the normal bot) says what it would do and why. You decide: any legal move is fine.\n\n"
        "When you choose differently, the coach says in one line what its move would have done. "
        "Type ? for the moves and symbols, rules TOPIC for the rules.",
        "Jetzt eine ganze Partie gegen Ben und Cy, zwei leichte Bots. Vor jeder deiner Entscheidungen "
        "sagt der Trainer (der mittlere Bot), was er tun würde und warum. Du entscheidest: Jeder erlaubte "
        "Zug ist gut.\n\n"
        "Wählst du anders, sagt der Trainer in einer Zeile, was sein Zug bewirkt hätte. "
        "Tippe ? für Züge und Zeichen, regeln THEMA für die Regeln."),
    coach=True, coach_seed=5)

LESSONS: tuple[Lesson, ...] = (LESSON_1, LESSON_2, LESSON_3, LESSON_4, LESSON_5, LESSON_6, LESSON_7,
                               LESSON_8, LESSON_9, LESSON_10, LESSON_11)
