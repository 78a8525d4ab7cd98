"""The rules document: its sections, and which of them answer a topic or a question, in English or German.

``abluxxen rules`` prints what :func:`find` returns and the game's own
``rules TOPIC`` shows the same, so both read the document here. Standard
library only: the command must start fast, and the game must not borrow a
command's module to read its own rules.

The rules live in ``docs/rules.md`` (English) and ``docs/rules.de.md``
(German). A wheel carries them as ``abluxxen/_docs/``; an editable install
reads them from the checkout's ``docs/`` directory.

How a question finds its section. Each ``##`` section of a document carries,
right under its heading, a hidden line ``<!-- keywords: … -->``: the words
players use when they ask about it, the first its topic name, and ``deck =
stack`` for two words that mean the same anywhere. Markdown viewers skip such
a comment and :func:`split` takes it out of the text shown, so one place
holds a section and the words that find it. A question is cut into words;
the words that only ask ("how", "does", "wer", "darf") are dropped, a German
verb's separated part is joined to it again ("fängt … an"), and the rest are
compared with the sections' words after both are brought to a common stem
("abluxxed", "abluxxes" → "abluxx"; "Karten", "Karte" → "kart"; "abgeluxxt"
→ "abluxx"), a German compound matching its parts ("Stapel" finds
"Nachziehstapel"). The two documents have the same sections in the same
order, and a section is searched in both languages, so a word of either
language finds it and a topic finds the same sections in both.

A section whose heading or keywords name every word is *about* the question;
of those, the ones naming the very words asked ("scoring", not "score") are
shown, in the document's order, which introduces a thing before its details.
When no section is about it, the section where the words weigh most is shown
(BM25F, the scoring search engines use): a word counts most in the heading
and keywords, less in the first paragraph, least in the rest and in the
examples, a rare word more than one found everywhere, and two words asked
together that a heading or keyword says together ("same score") count once
more.
"""

from __future__ import annotations

import difflib
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

from ..languages import LANGS
from ..quoting import quoted

_FILES = {"en": "rules.md", "de": "rules.de.md"}

# Words a question is made of that name nothing in the rules: "who wins" asks about winning, "wer
# gewinnt" too, "how does the duel work" about the duel. Written folded (lower case, ä → a, ß → ss);
# both lists apply to a question in either language.
STOP_WORDS = frozenset("""
    a an the of to in on at for from with about into onto and or but not no yes is are was were be been being
    am do does did doing done can could may might must should shall will would have has had having i im me
    my mine we us our you your yours they them their he him his she her it its itself if then than there here
    this that these those what whats who whom whose which when where why how many much some any each every
    all both other others else also just only still yet so too very really again ever now anyway happen
    happens happened happening mean means meant work works working thing things like want need allowed
    ok okay please tell explain say says said go going goes one more such s t
    wer wen wem wessen was wie wann wo wohin woher warum weshalb wieso wozu welche welcher welches welchen
    welchem der die das den dem des ein eine einen einem einer eines und oder aber nicht kein keine keinen
    ist sind war waren sein bin bist seid wird werden wurde wurden worden hat haben habe hast hatte hatten
    kann kannst konnen konnt darf darfst durfen muss musst mussen soll sollst sollen will willst wollen mag
    mochte ich du er sie es wir ihr man mich mir dich dir sich uns euch mein meine meinen meinem meiner dein
    deine deinen deinem deiner seine seinen ihre ihren zu zum zur mit von vom im in am an ab auf aus bei fur
    uber unter nach vor durch um bis ob wenn dann als also so auch noch schon nur jetzt denn doch mal ja
    nein eigentlich genau da dafur dazu damit passiert passieren geschieht bedeutet heisst funktioniert geht
    gibt gehen liegen liegt jeder jede jedes jeden ander andere anderen anderer sache viele viel mehr
    gegenseitig einander
""".split())

# German verbs with a separable part ("fängt … an", "luxxt … ab"): a question ending in one of these
# asks about the verb it belongs to ("anfangen", "abluxxen").
_PARTICLES = ("ab", "an", "auf", "aus", "ein", "mit", "nach", "vor", "weg", "zu", "zuruck")

# English verbs whose past is not made with "-ed": the rules say "draw", a player asks about a card "drew".
_IRREGULAR = {"drew": "draw", "drawn": "draw", "took": "take", "taken": "take", "won": "win", "lost": "lose",
              "began": "begin", "begun": "begin", "dealt": "deal", "chose": "choose", "chosen": "choose",
              "left": "leave", "went": "go", "gone": "go", "saw": "see", "seen": "see", "knew": "know",
              "known": "know", "beat": "beat", "beaten": "beat", "thrown": "throw", "threw": "throw"}

# German verbs whose participle is not made with "-t": the rules say "nehmen", a player asks about
# "genommene" cards. A separable part before them stays ("abgeworfen" → "abwerfen").
_IRREGULAR_DE = {"genommen": "nehmen", "gezogen": "ziehen", "geworfen": "werfen", "gewonnen": "gewinnen",
                 "begonnen": "beginnen", "gefangen": "fangen", "gegeben": "geben", "getroffen": "treffen",
                 "geschlagen": "schlagen", "gelegen": "liegen", "gesehen": "sehen", "gewusst": "wissen"}
_IRREGULAR_DE_FORM = re.compile(rf"(\w*?)({'|'.join(_IRREGULAR_DE)})(?:e|en|er|es|em)?")

# How much a word counts where it is found: a heading and the keywords say what a section is about, its
# first paragraph states the rule, the rest explains it, and an example uses words only by the way.
_WEIGHTS = {"title": 4.0, "first": 2.0, "body": 1.0, "example": 0.5}
# The most words a section's lead (its first paragraph, and the list that paragraph introduces) holds: a
# short rule is stated whole in it, a long list (the rulings, the glossary) is body after its start.
_LEAD = 60
# BM25's usual constants: how soon more mentions of a word stop counting, and how much a long section's
# mentions are discounted.
_K1, _B = 1.2, 0.75
# A word that matches other words by their start or end ("Schatten" → "Schattenauslage", "Stapel" →
# "Nachziehstapel") must be this long; shorter ones ("Lage", "play") would find "Auslage" and "player".
_PART = 5

_FOLD = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss", "–": "-", "—": "-", "’": "'"})
_WORD = re.compile(r"\w+")
_NUMBER = re.compile(r"(\d+)(?:s|er|ern|en)?")
_KEYWORDS = re.compile(r"<!--\s*keywords:(.*?)-->", re.S)
_COMMENT = re.compile(r"<!--.*?-->\n?", re.S)
_EXAMPLE = ("example", "beispiel")


def _fold(text: str) -> str:
    """Lower case without umlauts, so "Überblick", "uberblick" and "überblick" agree."""
    return text.casefold().translate(_FOLD)


# Numbers written as words are numbers: "two players" are "2 players", "zwei Joker" "2 Joker".
_NUMBERS = {word: str(n) for words in ("zero one two three four five six seven eight nine ten eleven twelve thirteen",
                                       "null eins zwei drei vier funf sechs sieben acht neun zehn elf zwolf dreizehn")
            for n, word in enumerate(words.split())}


def _words(text: str) -> list[str]:
    """The folded words of ``text``, without the quotes and punctuation around them, numbers as digits."""
    return [_NUMBERS.get(w, w) for w in _WORD.findall(_fold(text))]


def stem_en(word: str) -> str:
    """An English word's stem: "abluxxed", "abluxxes", "abluxxing" → "abluxx"; "scoring", "scores" → "scor"."""
    number = _NUMBER.fullmatch(word)
    if number:
        return number.group(1)
    word = _IRREGULAR.get(word, word)
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("es") and word[:-2].endswith(("s", "x", "z", "ch", "sh")) and len(word) > 4:
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        word = word[:-1]
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[:-len(suffix)]
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsxz":
                word = word[:-1]  # "running" → "run"
            break
    if word.endswith("e") and len(word) > 3:
        word = word[:-1]  # "score" and "scoring" meet at "scor"
    return word


def stems_de(word: str) -> frozenset[str]:
    """A German word's stems: "Karten", "Karte" → "kart"; "abgeluxxt" → "abgeluxx" and, without the
    participle's "ge", "abluxx" — as "abluxxen" is; "gemischt" → "gemisch" and "misch"; "genommene"
    → "genomm" and "nehm"."""
    number = _NUMBER.fullmatch(word)
    if number:
        return frozenset({number.group(1)})
    forms = {word}
    irregular = _IRREGULAR_DE_FORM.fullmatch(word) if "ge" in word else None
    if irregular:
        forms.add(irregular.group(1) + _IRREGULAR_DE[irregular.group(2)])
    if "ge" in word and word.endswith(("t", "en")):
        for particle in ("", *_PARTICLES):
            start = particle + "ge"
            if word.startswith(start) and len(word) - len(start) >= 4:
                forms.add(particle + word[len(start):])
    return frozenset(_stem_de(form) for form in forms)


def _stem_de(word: str) -> str:
    for suffix in ("ern", "em", "er", "en", "es", "e", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[:-len(suffix)]
            break
    for suffix in ("est", "st", "t"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and word[-len(suffix) - 1] not in "aeiou":
            word = word[:-len(suffix)]
            break
    return word


@cache
def _stems(word: str, lang: str) -> frozenset[str]:
    """The stems of a folded word of ``lang``."""
    return frozenset({stem_en(word)}) if lang == "en" else stems_de(word)


def _matches(asked: str, written: str, lang: str) -> bool:
    """Whether the stem ``asked`` finds the stem ``written``: the same, or (long enough) its start —
    "shadow" finds "shadowluxx", "Schatten" "Schattenauslage" — or, a German compound's last part, its
    end: "Stapel" finds "Nachziehstapel"."""
    if asked == written:
        return True
    if len(asked) < _PART:
        return False
    return written.startswith(asked) or (lang == "de" and written.endswith(asked))


@dataclass(frozen=True)
class Section:
    """One ``##`` section of a rules document.

    Attributes:
        heading: the heading text, without the ``##``.
        text: the whole section as markdown, heading line included, without its hidden keywords.
        raw_keywords: the words players ask about it with, as its keywords line gives them (the first is
            its topic name; ``deck = stack`` says two words mean the same, in any section).
    """

    heading: str
    text: str
    raw_keywords: tuple[str, ...] = ()

    @property
    def keywords(self) -> tuple[str, ...]:
        """The keywords, each word of a ``deck = stack`` group on its own."""
        return tuple(w.strip() for k in self.raw_keywords for w in k.split("=") if w.strip())

    @property
    def topic(self) -> str:
        """The word to name the section by: its first keyword, else its heading's first word."""
        return self.keywords[0] if self.keywords else self.heading.split(":")[0].split()[0]


@dataclass(frozen=True)
class Found:
    """What a topic search found.

    Attributes:
        sections: the markdown of each section to show, the one that answers best first.
        mode: ``"all"`` (the first section shown has every word), ``"any"`` (a partial match:
            some word is in no section, or in another section than the first, shown after it),
            ``"none"`` (nothing matched), or ``"whole"`` (no words: the whole document).
        words: the words asked that name something (:func:`question_words`), as typed; for
            ``"none"``, all the words typed.
        unknown: the words no section has.
        suggested: topic names to try instead, nearest first.
    """

    sections: list[str]
    mode: str
    words: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()
    suggested: tuple[str, ...] = ()


def doc_paths(lang: str) -> list[Path]:
    """Where the document of ``lang`` may be, in the order they are tried."""
    name = _FILES[lang]
    package = Path(__file__).resolve().parent.parent  # abluxxen/
    return [package / "_docs" / name, package.parent / "docs" / name]


@cache
def load(lang: str) -> str:
    """The markdown text of the rules in ``lang``, as the file holds it (hidden keyword lines too).

    Raises:
        ValueError: for a language other than ``en`` and ``de``.
        FileNotFoundError: when neither the installed copy nor the checkout's exists.
    """
    if lang not in _FILES:
        raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang}")
    paths = doc_paths(lang)
    for path in paths:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise FileNotFoundError(f"rules document not found (looked for {', '.join(str(p) for p in paths)})")


def shown(lang: str) -> str:
    """The rules in ``lang`` as a reader sees them: without the hidden keyword lines and comments."""
    return _COMMENT.sub("", load(lang))


def split(markdown: str) -> tuple[str, list[Section]]:
    """The text before the first ``##`` heading, and the ``##`` sections.

    ``###`` and deeper headings stay inside their section; lines in fenced
    code blocks are never taken for headings. A section's hidden
    ``<!-- keywords: … -->`` line becomes its :attr:`Section.keywords`; no
    comment stays in the text.
    """
    preamble: list[str] = []
    sections: list[tuple[str, list[str]]] = []
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if not fenced and line.startswith("## "):
            sections.append((line[3:].strip(), [line]))
        elif sections:
            sections[-1][1].append(line)
        else:
            preamble.append(line)
    found = []
    for heading, lines in sections:
        text = "\n".join(lines)
        keywords = [w.strip() for match in _KEYWORDS.findall(text) for w in match.split(",") if w.strip()]
        found.append(Section(heading, _COMMENT.sub("", text).strip(), tuple(keywords)))
    return _COMMENT.sub("", "\n".join(preamble)).strip(), found


@dataclass(frozen=True)
class _Indexed:
    """One section's words in one language, by where they stand: stem → how often."""

    fields: dict[str, Counter[str]]
    length: int
    pairs: frozenset[tuple[str, str]]


def _paragraphs(section: Section) -> dict[str, list[str]]:
    """A section's words by where they stand (see :data:`_WEIGHTS`)."""
    blocks = [b for b in re.split(r"\n\s*\n", section.text.split("\n", 1)[1] if "\n" in section.text else "")
              if b.strip()]
    # The keywords belong to the heading: a word in both is named once.
    title = _words(section.heading) + [w for keyword in section.keywords for w in _words(keyword)]
    where: dict[str, list[str]] = {"title": title, "first": [], "body": [], "example": []}
    lead = True  # the first paragraph, and the list its last sentence introduces ("…, count:")
    for block in blocks:
        words = _words(block)
        if lead:
            room = max(0, _LEAD - len(where["first"]))
            where["first"] += words[:room]
            words = words[room:]
            lead = block.rstrip().endswith(":")
        where["example" if _fold(block).startswith(_EXAMPLE) else "body"] += words
    return where


def _stem_counts(words: list[str], lang: str) -> Counter[str]:
    """How often each stem stands in ``words``."""
    counts: Counter[str] = Counter()
    for word, n in Counter(words).items():
        for stem in _stems(word, lang):
            counts[stem] += n
    return counts


@cache
def _sections(lang: str) -> list[Section]:
    """The sections of the rules in ``lang``."""
    return split(load(lang))[1]


@cache
def _index() -> list[dict[str, _Indexed]]:
    """Each section's words in each language, the sections in the documents' order."""
    by_lang = {lang: _sections(lang) for lang in LANGS}
    count = min(len(sections) for sections in by_lang.values())
    index: list[dict[str, _Indexed]] = []
    for i in range(count):
        entry = {}
        for lang in LANGS:
            where = _paragraphs(by_lang[lang][i])
            fields = {place: _stem_counts(words, lang) for place, words in where.items()}
            section = by_lang[lang][i]
            phrases = [section.heading, *section.keywords]
            entry[lang] = _Indexed(fields, sum(len(words) for words in where.values()),
                                   frozenset(pair for phrase in phrases for pair in _pairs(phrase, lang)))
        index.append(entry)
    return index


@cache
def _vocabulary(lang: str) -> frozenset[str]:
    """Every stem of the document in ``lang``."""
    return frozenset(stem for entry in _index() for counts in entry[lang].fields.values() for stem in counts)


def _exact(word: str, lang: str) -> str:
    """``word`` as it must stand in a heading or keywords to be the very word asked: the same word but
    for a plural's or a verb's "s" in English ("wins", "win"; not "winner"), for an adjective's or a
    plural's ending in German ("abgeluxxt", "abgeluxxte"; not "abluxxen"; "Angreifer", not "angreifen")."""
    if lang == "en":
        return re.sub(r"(?<=\w\w)(?<!s)s$", "", word)
    return re.sub(r"(?<=\w\w\w)(e|en|n|es|s)$", "", word)


@cache
def _titles() -> list[dict[str, tuple[frozenset[str], frozenset[str]]]]:
    """Each section's heading and keyword words in each language: as written, and as :func:`_exact`
    gives them."""
    by_lang = {lang: _sections(lang) for lang in LANGS}
    titles = []
    for i in range(len(_index())):
        named = {}
        for lang in LANGS:
            words = _words(" ".join([by_lang[lang][i].heading, *by_lang[lang][i].keywords]))
            named[lang] = (frozenset(words), frozenset(_exact(w, lang) for w in words))
        titles.append(named)
    return titles


def _named(words: Sequence[str], section: int) -> int:
    """How closely the section's heading and keywords hold ``words`` as they are asked: two for each
    word they hold as written ("luxxen"), one for each they hold but for its ending (:func:`_exact`:
    "Luxx")."""
    grade = 0
    for word in words:
        forms = [(word in written, _exact(word, lang) in exact)
                 for lang, (written, exact) in _titles()[section].items()]
        grade += 2 if any(same for same, _ in forms) else 1 if any(near for _, near in forms) else 0
    return grade


@cache
def _groups() -> list[frozenset[str]]:
    """The words the keywords declare to mean the same (``deck = stack``), in both documents."""
    return [frozenset(_fold(w.strip()) for w in keyword.split("="))
            for lang in LANGS for section in _sections(lang) for keyword in section.raw_keywords
            if "=" in keyword]


def _synonyms(word: str) -> frozenset[str]:
    """``word`` and every word a keyword line declares to mean the same: "stack" is also "deck", and
    "stacks" are "decks". (By the word, not its stem: "Luxx", the card, is not "luxxen".)"""
    same = {word}
    for group in _groups():
        if any(_exact(word, "en") == _exact(w, "en") for w in group):
            same |= group
    return frozenset(same)


def _pairs(phrase: str, lang: str) -> set[tuple[str, str]]:
    """The stems of each two words that follow each other in ``phrase``, the words that only ask left out:
    "same score", "gleich viele Punkte" ("gleich", "Punkte")."""
    words = [w for w in _words(phrase) if w not in STOP_WORDS]
    return {(a, b) for first, second in pairwise(words) for a in _stems(first, lang) for b in _stems(second, lang)}


def question_words(topic_words: Sequence[str]) -> list[str]:
    """The words of ``topic_words`` that name something: a quoted phrase is its words, the words a question
    is made of ("who", "wer", "the") are left out, and a German verb's separated part is joined to it
    again ("wer fängt an" → "anfangt")."""
    words = [w for phrase in topic_words for w in _words(phrase)]
    kept = [w for w in words if w not in STOP_WORDS and (len(w) > 1 or w.isdigit())]
    if len(words) > 1 and words[-1] in _PARTICLES and kept:
        kept[0] = words[-1] + kept[0]
    return list(dict.fromkeys(kept))


def _weights(words: frozenset[str]) -> list[tuple[dict[str, int], bool]]:
    """For each section: how often it has one of ``words`` in each place (see :data:`_WEIGHTS`), and
    whether its heading or keywords name one. The same words in two languages count once: the
    language where they are found more."""
    asked = {lang: frozenset(s for w in words for s in _stems(w, lang)) for lang in LANGS}
    found_stems = {lang: frozenset(stem for stem in _vocabulary(lang)
                                   if any(_matches(a, stem, lang) for a in asked[lang])) for lang in LANGS}
    found = []
    for entry in _index():
        best: dict[str, int] = {}
        for lang, indexed in entry.items():
            hits = {place: sum(counts[stem] for stem in found_stems[lang] if stem in counts)
                    for place, counts in indexed.fields.items()}
            hits["title"] = min(hits["title"], 1)  # a heading and keywords name a word, however often
            if sum(_WEIGHTS[p] * n for p, n in hits.items()) > sum(_WEIGHTS[p] * n for p, n in best.items()):
                best = hits
        found.append((best, bool(best.get("title"))))
    return found


def _scores(words: Sequence[str]) -> tuple[list[float], list[list[bool]], list[list[bool]]]:
    """Each section's score for ``words``, and for each section and word whether it has the word at all
    and whether its heading or keywords name it.

    A word scores in each place it is found: its weight there, times how often (each further mention
    counting less, and less in a long section: BM25's saturation), times how rare the word is among
    the sections (BM25's idf), so that a word in a heading outweighs many in a body.
    """
    index = _index()
    lengths = [sum(e.length for e in entry.values()) / len(entry) for entry in index]
    average = sum(lengths) / len(lengths)
    scores = [0.0] * len(index)
    has = [[False] * len(words) for _ in index]
    titled = [[False] * len(words) for _ in index]
    rarities = []
    for j, word in enumerate(words):
        weights = _weights(_synonyms(word))
        holding = sum(1 for hits, _ in weights if any(hits.values()))
        rarity = math.log(1 + (len(index) - holding + 0.5) / (holding + 0.5))
        rarities.append(rarity)
        for i, (hits, named) in enumerate(weights):
            norm = 1 - _B + _B * lengths[i] / average
            for place, n in hits.items():
                if n:
                    scores[i] += rarity * _WEIGHTS[place] * n * (_K1 + 1) / (n + _K1 * norm)
            has[i][j], titled[i][j] = any(hits.values()), named
    # Two words asked together that a heading or keyword says together ("same score") name the
    # section once more, as much as a word of its heading.
    for j in range(len(words) - 1):
        for i, entry in enumerate(index):
            if any(_follows(words[j], words[j + 1], lang, indexed.pairs) for lang, indexed in entry.items()):
                scores[i] += _WEIGHTS["title"] * (rarities[j] + rarities[j + 1]) / 2
    return scores, has, titled


def _follows(first: str, second: str, lang: str, pairs: frozenset[tuple[str, str]]) -> bool:
    """Whether ``first`` then ``second`` are one of ``pairs``, stems as :func:`_matches` finds them."""
    ones, twos = _stems(first, lang), _stems(second, lang)
    return any(any(_matches(x, a, lang) for x in ones) and any(_matches(y, b, lang) for y in twos)
               for a, b in pairs)


def find(topic_words: Sequence[str], lang: str) -> Found:
    """The sections of the rules in ``lang`` about ``topic_words``, the one that answers best first.

    Sections whose heading or keywords name every word are shown, in the
    document's order; when there are none, the section that scores best.
    Words no section has are left out of the choice, and make the match
    partial; so does a first section without every word, and then the best
    section of each word it lacks is shown after it.
    """
    preamble, sections = split(load(lang))
    if not any(_words(phrase) for phrase in topic_words):
        return Found([preamble] + [s.text for s in sections], "whole")
    typed = tuple(w for phrase in topic_words for w in phrase.split())
    words = question_words(topic_words)
    scores, has, titled = _scores(words)
    unknown = tuple(w for j, w in enumerate(words) if not any(h[j] for h in has))
    if len(unknown) == len(words):
        return Found([], "none", typed, unknown, _suggest(unknown, lang))  # (unknown: for the suggestions)
    if unknown:  # words no section has cannot choose between sections: the others choose
        scores, has, titled = _scores([w for w in words if w not in unknown])
    known = [w for w in words if w not in unknown]
    exact = [_named(known, i) for i in range(len(scores))]
    about = [i for i in range(len(scores)) if all(titled[i])]
    # Of the sections about the question, those that name its very words ("scoring", not "score";
    # "luxxen", not "Luxx").
    about = [i for i in about if exact[i] == max(exact[k] for k in about)]
    chosen = about or [max(range(len(scores)), key=lambda i: (scores[i], -i))]
    lacking = [j for j in range(len(known)) if not has[chosen[0]][j]]
    for j in lacking:
        best = max(range(len(scores)), key=lambda i: (has[i][j], titled[i][j], scores[i], -i))
        if best not in chosen:
            chosen.append(best)
    mode = "any" if lacking or unknown else "all"
    suggested = _suggest(unknown, lang, [sections[i].topic for i in chosen]) if mode == "any" else ()
    # The words as the player wrote them ("Lage", not "lage"), to quote back.
    typed_as = {_NUMBERS.get(_fold(w), _fold(w)): w for phrase in topic_words for w in _WORD.findall(phrase)}
    return Found([sections[i].text for i in chosen], mode, tuple(typed_as.get(w, w) for w in words),
                 tuple(typed_as.get(w, w) for w in unknown), suggested)


def _suggest(words: Sequence[str], lang: str, near: Sequence[str] = ()) -> tuple[str, ...]:
    """Topic names to try: those spelt like ``words`` (a typo: "jokr" → "joker"), then ``near``, then the
    rest in the document's order."""
    names = topics(lang)
    spelt = [t for w in words for t in difflib.get_close_matches(w, [_fold(n) for n in names], n=2, cutoff=0.7)]
    by_fold = {_fold(n): n for n in names}
    return tuple(dict.fromkeys([by_fold[t] for t in spelt] + list(near) + names))


def sections(topic_words: Sequence[str], lang: str) -> list[str]:
    """Markdown of the sections about ``topic_words`` (all sections for no words); ``[]`` if none."""
    return find(topic_words, lang).sections


def topics(lang: str) -> list[str]:
    """The topic names to suggest, in ``lang``: each section's first keyword, in the document's order."""
    return [section.topic for section in _sections(lang)]


def topic_help(lang: str, *, command: str = "abluxxen rules") -> str:
    """One markdown paragraph: the topic names, and how ``command`` shows only one topic's sections."""
    messages = MESSAGES[lang]
    return messages["topics"].format(topics=", ".join(topics(lang)), command=command)


#: The widest a notice may be: it is one line of an 80-column terminal.
WIDTH = 80


def notice(found: Found, lang: str, *, width: int = WIDTH, before: str = "") -> str:
    """The one line that says a match is partial, or that nothing matched, and which topics to try; ``""``
    for a full match. It fits ``width`` columns after ``before`` (e.g. ``"abluxxen: "``): the words quoted
    from the player are cut short, and as many topics are named as fit."""
    if found.mode not in ("any", "none"):
        return ""
    key = "none" if found.mode == "none" else "unknown" if found.unknown else "apart"
    template = MESSAGES[lang][key]
    room = width - _columns(before)
    asked = found.unknown if key == "unknown" else found.words
    budget = max(12, room // 3)
    words = _quoted_list(asked, budget)
    least = ", ".join(found.suggested[:1] + ("…",))  # room for one topic at least
    while _columns(template.format(words=words, topics=least)) > room and budget > 5:
        budget -= 1  # wide letters (CJK, emoji) take two columns each
        words = _quoted_list(asked, budget)
    fits: list[str] = []
    for topic in found.suggested:
        if _columns(template.format(words=words, topics=", ".join([*fits, topic, "…"]))) > room:
            break
        fits.append(topic)
    more = ["…"] if len(fits) < len(found.suggested) else []
    return template.format(words=words, topics=", ".join(fits + more))


def _columns(text: str) -> int:
    """How many columns ``text`` takes on a terminal: two for a wide letter, none for a combining mark."""
    return sum(0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in text)


def _quoted_list(words: Sequence[str], room: int) -> str:
    """``words`` quoted (:func:`~abluxxen.quoting.quoted`: escapes shown, never raw), joined, at most
    ``room`` characters."""
    text = ""
    for word in words:
        if not text:  # the first word, cut short if it must be; the others whole or not at all
            text = quoted(word, limit=max(5, room))
        elif len(f"{text}, {quoted(word)}") <= room:
            text = f"{text}, {quoted(word)}"
        else:
            return text + ", …"
    return text


#: What `abluxxen rules` and the game's `rules` say besides the rules (nothing found, a partial match
#: with a word no section has or with words no one section has, the topics, no rules document), by
#: language. "none", "unknown" and "apart" are one line each (see :func:`notice`).
MESSAGES = {
    "en": {
        "none": "No rules section about {words}. Try: {topics}",
        "unknown": "Partial match: nothing about {words}. Try: {topics}",
        "apart": "Partial match: no section has all of {words}. Try: {topics}",
        "topics": "Topics: {topics} — `{command} joker` shows only the sections about jokers, and "
                  "`{command} who wins` answers a question.",
        "missing": "The rules document is missing: {error}",
    },
    "de": {
        "none": "Kein Regelabschnitt zu {words}. Probier: {topics}",
        "unknown": "Teiltreffer: Nichts zu {words}. Probier: {topics}",
        "apart": "Teiltreffer: {words} nie im selben Abschnitt. Probier: {topics}",
        "topics": "Themen: {topics} — `{command} Joker` zeigt nur die Abschnitte über Joker, und "
                  "`{command} wer gewinnt` beantwortet eine Frage.",
        "missing": "Die Spielregel fehlt: {error}",
    },
}
