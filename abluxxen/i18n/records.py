"""The records of finished games and `abluxxen stats`."""

from __future__ import annotations

# key: (English, German); fields in braces are filled by ``Tr.__call__``.
TEXTS: dict[str, tuple[str, str]] = {
    # -- records and stats (i11) -----------------------------------------------------
    # Each says in one line (80 columns, "abluxxen: " included where it is printed on leaving) that a
    # finished game is not in the records, why, and when it will be.
    "records_failed": ("Game not recorded yet: {reason}.", "Partie noch nicht aufgezeichnet: {reason}."),
    # Its save holds its end: the next time the records are opened, it is recorded.
    "records_later": ("Game to be recorded later: {reason}.", "Partie wird später aufgezeichnet: {reason}."),
    # A damaged file stays damaged: opened again, it takes nothing, until it is repaired or moved away.
    "records_later_damaged": ("Game not recorded yet: move the damaged records file away.",
                              "Noch nicht aufgezeichnet: beschädigte Aufzeichnungsdatei verschieben."),
    "records_not": ("Game not recorded: {reason}.", "Partie nicht aufgezeichnet: {reason}."),
    "records.damaged": ("the records file is damaged", "Aufzeichnungsdatei beschädigt"),
    "records.full": ("the disk is full", "der Datenträger ist voll"),
    "records.locked": ("another program holds the records file", "Aufzeichnungen anderweitig belegt"),
    "records.unreadable": ("the records file cannot be opened", "Aufzeichnungsdatei nicht lesbar"),
    "records.newer": ("the records are from a newer Abluxxen", "Aufzeichnungen aus neuerer Version"),
    # stats and review show what is recorded; finished games whose saves wait to be recorded are told so.
    "records_waiting_one": ("Not recorded yet ({reason}): one finished game, its save in {dir}.",
                            "Noch nicht aufgezeichnet ({reason}): eine beendete Partie, ihr Spielstand in {dir}."),
    "records_waiting": ("Not recorded yet ({reason}): {n} finished games, their saves in {dir}.",
                        "Noch nicht aufgezeichnet ({reason}): {n} beendete Partien, ihre Spielstände in {dir}."),
    "records_skipped": ("Damaged games left out of the records: {games} ({path}).",
                        "Beschädigte Partien in den Aufzeichnungen ausgelassen: {games} ({path})."),
    "records_skipped_game": ("game {n} ({reason})", "Partie {n} ({reason})"),
    "records_skipped_more": ("and {n} more", "und {n} weitere"),
    # What is wrong (a records.* text, capitalised) and which file: one line of 80 columns, the path cut to fit.
    "stats_error": ("{reason}: {path}", "{reason}: {path}"),
    "stats_none": ("No games recorded yet: every game played to the end is recorded here.",
                   "Noch keine Partien aufgezeichnet: Jede beendete Partie wird hier festgehalten."),
    "stats_bots_only": ("Games recorded: {n}, all between bots; no person has played yet.",
                        "Aufgezeichnete Partien: {n}, alle nur zwischen Bots; noch hat kein Mensch gespielt."),
    # What was typed, quoted as typed: a name that is also a word ("Nobody") reads like any other.
    "stats_unknown": ("No recorded games of {typed} (players: {names}).",
                      "Keine aufgezeichneten Partien von {typed} (Spieler: {names})."),
    "stats_head": ("{name}: played {games}, won {wins} ({rate})", "{name}: {games} gespielt, {wins} gewonnen ({rate})"),
    "stats_assisted": ("{n} with help (hint or undo)", "{n} mit Hilfe (Tipp/Zurücknehmen)"),
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
    # "Wertung" is the rulebooks' scoring at a game's end: the rating is a player's Spielstärke.
    "stats_rating": ("Rating", "Spielstärke"),
    "stats_rating_line": ("Rating: {points} ({games} rated games)",
                          "Spielstärke: {points} ({games} gewertete Partien)"),
    # A rating of few games starts low on purpose and rises as it settles: shown so, and no verdict yet.
    "stats_rating_provisional": ("Rating: {points} (provisional: {games} of {settled} rated games)",
                                 "Spielstärke: {points} (vorläufig: {games} von {settled} gewerteten Partien)"),
    "stats_unsettled": ("Not compared with the bots yet: a new rating starts low and rises as it settles",
                        "Noch kein Vergleich mit den Bots: Eine neue Spielstärke beginnt bewusst niedrig"),
    # A rating in a column or beside a name (stats, the club's lobby and top list), and what its mark means.
    "rating_provisional": ("{points}?", "{points}?"),
    "rating_provisional_note": ("?: provisional, fewer than {settled} rated games (not compared with the bots yet)",
                                "?: vorläufig, weniger als {settled} gewertete Partien (noch kein Vergleich mit Bots)"),
    # A seat whose person made no more than half of its decisions (store/ratings.py, played_by_person).
    "stats_stood_in": ("{n} games played mostly by a stand-in bot: not rated",
                       "{n} Partien meist von einem Ersatz-Bot gespielt: nicht gewertet"),
    "stats_stood_in_one": ("{n} game played mostly by a stand-in bot: not rated",
                           "{n} Partie meist von einem Ersatz-Bot gespielt: nicht gewertet"),
    "stats_rating_none": ("Rating: none yet", "Spielstärke: noch keine"),
    "stats_between": ("Between the {low} bot ({low_points}) and the {high} bot ({high_points})",
                      "Zwischen den Bot-Stufen {low} ({low_points}) und {high} ({high_points})"),
    "stats_below": ("Below the {level} bot ({points}), the weakest",
                    "Unter der schwächsten Bot-Stufe: {level} ({points})"),
    "stats_above": ("Above the {level} bot ({points}), the strongest",
                    "Über der stärksten Bot-Stufe: {level} ({points})"),
    "stats_bots": ("Bots for comparison: {levels}", "Bots zum Vergleich: {levels}"),
    # -- a person's club tournaments in stats (store/stats.py, store/tournament_points.py) --
    "stats_tournament": ("Tournament", "Turnier"),
    "stats_tournament_name": ("#{number} {title}", "Nr. {number} {title}"),
    "stats_rounds": ("Rounds", "Runden"),
    # Tournament points by finishing place (n - 1 for the first at n, … 0 for the last), not the cards' points.
    "stats_tournament_points": ("Points", "Punkte"),
    "stats_tournaments_more": ("and {n} more (--json)", "und {n} weitere (--json)"),
}
