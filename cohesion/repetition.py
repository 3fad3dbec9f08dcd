"""Repetition: the same noun lemma (subtype ``noun``) or name (subtype ``name``) in two sentences."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

from cohesion import descriptions, general, lexicon, nounphrase, senses, speech
from cohesion.candidate import Candidate
from cohesion.chapter import LEXICAL_WINDOW, Chapter
from cohesion.mentions import Mention, opens
from cohesion.tagged import Sentence

INDEFINITE = frozenset(("a", "an", "another", "some", "no", "every"))  # not "any": the kind asked about again
QUANTIFIED = frozenset(("every", "no"))  # "every guard", "no guard": no one guard that a later noun repeats
DEFINITE = frozenset("the this that these those my your his her its our their".split())
POINTING = frozenset(("the", "this", "that"))  # the singular noun that names a named thing again
NAME_WINDOW = 40  # a name means the same character however far back it was last used
RARE_SENSES = 2  # a noun of at most this many WordNet senses is rare (:func:`_rare`)
FAR_WINDOW = 25  # how far back a definite noun ("the inn") may find its last mention
SAID_BACK = 2  # how far back a phrase said back alone ("A stranger?") finds the words it repeats


def find(ch: Chapter) -> Iterator[Candidate]:
    """Link each noun/name of a sentence to its nearest earlier mention.

    The window is ``LEXICAL_WINDOW`` sentences, ``FAR_WINDOW`` for a noun with a definite determiner or
    possessive ("the inn", "his father") or a genitive to a mention of the same owner ("the miller's coat ...
    the miller's coat", not "a wet coat ... the miller's coat"), and ``NAME_WINDOW`` for a noun after a
    demonstrative ("this box": it points back), names and rare nouns (:func:`_rare`:
    "stove", "anvil": seldom said of two things in one chapter; names are compared without case; a one-word
    name also matches the same noun: "my grandma ... Grandma"; a name matches the end of a longer one:
    "Saint Benedict ... Benedict", and, of two words or more, one longer by a word at its end: "Blue Ridge
    ... the Blue Ridge Project"; a person's two-word name matches its first word, a Chinese name's
    family name, when no other two-word name of the chapter begins with it and the one-word name has no
    gendered title ("Zhou Ming ... Zhou", not "Chen Yuhang ... Uncle Chen"); "a Jade Talisman" is a kind;
    a definite singular noun matches the last word of an earlier name of several words when the rest of
    its phrase repeats the name's words: "the Grand Harbor Hotel ... the hotel", not "Mill Lane ... the
    other lane"). A noun repeated inside its own sentence links once, from its first mention that may
    share the earlier referent (preferring one of the same number: "the family ... many families envied
    the family"); a noun passes over a nearer mention of the other number for one of its own in the window
    ("some kites ... one kite ... the kites"), and a plural finding none repeats no singular noun ("a
    guard ... all the guards": a set, not the one named before). Skipped are pairs that cannot share a
    referent: a noun introduced as new ("a man ... a tall, thin man": an indefinite determiner before the
    later noun; not "such a small boat", the kind named again, nor "any": "fresh bread ... any bread", nor a predicate noun
    after an earlier predicate noun: "might be a leak ... was not a leak", nor a phrase repeating an
    earlier one word for word: "had a nasty bruise ... had a nasty bruise", :func:`_echoed`, or said back
    alone: "... a stranger took the key." "A stranger?", :func:`_said_back`), a noun quantified over with
    "every" or "no" ("every guard", "no guard": no one referent, so no later noun repeats it either;
    the look-back passes over it), a bare plural before "like" ("shells like these": a kind named by its
    instances) and the cases of
    :func:`nounphrase.different` (other owner, but not "my" / "your" in dialogue: :func:`_dialogue`;
    contrasting modifiers, measure, modifier vs head) and
    :func:`nounphrase.idiom`; a family name (:func:`surnames`) that modifies different nouns ("the Gao
    family ... the Gao boy"; other names are the same whatever they modify: "the Jade Valley clinic ...
    Jade Valley doctors", and a verb the tagger read as a noun after a name does not part them: "Torvel
    bit his lip"); units and amounts (WordNet's noun.quantity: "dozens of meters", "a bit"). A hyphenated
    compound is one noun ("son-in-law"; ``cohesion.mentions``), never its words. One link gives one
    candidate: in a compound repeated whole ("the rocking chair ... the rocking chair", "the Gao family
    ... the Gao family") only the head is kept. General nouns the mentions leave out ("the thing", "that
    person") link by :func:`general.find`.
    """
    families = family_names(ch)
    names = _Names(families, surnames(ch))
    where = _where(ch.mentions, families)
    for j, found in enumerate(ch.mentions):
        here = []
        groups: dict[str, list[Mention]] = {}
        for m in found:
            groups.setdefault(_key(m), []).append(m)
        for key, group in groups.items():
            links = [link for m in group if (link := _link(ch, j, m, key, where, names))]
            same_number = [c for c, a, m in links if a.plural == m.plural]
            if links:
                here.append(same_number[0] if same_number else links[0][0])
        yield from _heads(here)
    yield from general.find(ch, FAR_WINDOW)


def _key(m: Mention) -> str:
    return m.lemma.lower()


@lru_cache(maxsize=65536)
def _words(lemma: str) -> tuple[str, ...]:
    """The words of a mention's key (cached: every pair compared splits it again)."""
    return tuple(lemma.lower().split())


@lru_cache(maxsize=65536)
def _ends(lemma: str) -> tuple[str, ...]:
    """A name's key, every end of it ("northern star cannon", "star cannon", "cannon") and, for a name of
    three words or more, the name without its last word ("northern star": :func:`_one_word_longer`)."""
    words = _words(lemma)
    starts = (" ".join(words[:-1]),) if len(words) > 2 else ()
    return tuple(" ".join(words[k:]) for k in range(len(words))) + starts


class _Names(NamedTuple):
    families: dict[str, str]  # :func:`family_names`
    surnames: frozenset[str]  # :func:`surnames`


def surnames(ch: Chapter) -> frozenset[str]:
    """The lower-cased words that may name a family: the first word of each name of several words (a
    Chinese name's family name: "gao" for "Gao Tieshan"; the last word would take given names, "Wang
    Xi-feng") and each one-word name with a title ("liu" for "Uncle Liu", "linden" for "Mrs. Linden")."""
    return frozenset(
        _words(m.lemma)[0]
        for mentions in ch.mentions
        for m in mentions
        if m.kind == "name" and (m.title or len(_words(m.lemma)) > 1)
    )


def family_names(ch: Chapter) -> dict[str, str]:
    """First word -> the chapter's one two-word person name that begins with it ("zhou" -> "zhou ming");
    a first word that begins two such names ("chen yuhang", "chen bo") is left out."""
    names: dict[str, set[str]] = {}
    for found in ch.mentions:
        for m in found:
            if m.kind != "name":
                continue  # (most mentions are nouns: their words are not looked up)
            words = _words(m.lemma)
            if len(words) == 2 and m.text not in ch.things:
                names.setdefault(words[0], set()).add(" ".join(words))
    return {first: next(iter(full)) for first, full in names.items() if len(full) == 1}


def _family_name(m: Mention, families: dict[str, str]) -> str | None:
    """The first word of a two-word name in ``families`` ("zhou" for "Zhou Ming"), else None."""
    words = _words(m.lemma)
    return words[0] if len(words) == 2 and families.get(words[0]) == " ".join(words) else None


def same(p: Mention, m: Mention, families: dict[str, str]) -> bool:
    """Same noun, or the same name: without case, a one-word name also as the noun ("grandma"), a
    name as the end of a longer one ("the Northern Star Cannon ... the Cannon"), and a family
    name as the person's two-word name (``families``)."""
    if p.kind == "noun" and m.kind == "noun":
        return p.lemma == m.lemma
    x, y = _words(p.lemma), _words(m.lemma)
    if "noun" in (p.kind, m.kind):
        return x == y and len(x) == 1
    (short, one), (long, two) = sorted(((x, p), (y, m)), key=lambda t: len(t[0]))
    if long[len(long) - len(short) :] == short:
        return True
    gendered = (one.title, "title") in lexicon.genders()
    return len(short) == 1 and not gendered and _family_name(two, families) == short[0]


def _where(mentions: list[list[Mention]], families: dict[str, str]) -> dict[str, list[int]]:
    """Key -> the sentences (ascending) where a later mention may match it: every key, every end of
    a name, and the family name of a name in ``families``."""
    where: dict[str, list[int]] = {}
    for i, found in enumerate(mentions):
        keys = set()
        for m in found:
            keys.update(_keys(m, families))
        for key in keys:
            where.setdefault(key, []).append(i)
    return where


def _candidates(where: dict[str, list[int]], ends: set[str], j: int, window: int) -> list[int]:
    """The sentences in the window before ``j`` that hold one of ``ends``, nearest first."""
    first = max(j - window, 0)
    found: set[int] = set()
    for end in ends:
        sentences = where.get(end, [])
        k = bisect_left(sentences, j) - 1
        while k >= 0 and sentences[k] >= first:
            found.add(sentences[k])
            k -= 1
    return sorted(found, reverse=True)


def _keys(m: Mention, families: dict[str, str]) -> set[str]:
    """The keys under which ``m`` matches: a noun's lemma; a name's ends and its family name."""
    if m.kind == "noun":
        return {_key(m)}
    family = _family_name(m, families)
    return set(_ends(m.lemma)) | ({family} if family else set())


def _link(
    ch: Chapter, j: int, m: Mention, key: str, where: dict[str, list[int]], names: _Names
) -> tuple[Candidate, Mention, Mention] | None:
    """The link of mention ``m`` of sentence ``j`` (``key``: its :func:`_key`) to the earlier mention it
    repeats, with both mentions; None when it repeats none."""
    families = names.families
    noun = m.kind == "noun"
    if noun and where[key][0] == j:
        return None  # the noun's first mention (most are): nothing before it to repeat
    if noun and _unit(ch.docs[j], m):
        return None  # a unit or an amount ("dozens of meters", "a bit"): no referent to repeat
    ends = _keys(m, families)
    candidates = _candidates(where, ends, j, NAME_WINDOW)  # the widest window (narrowed below)
    if not candidates:
        return None  # no mention of the other sentences can match: the rest need not be asked
    doc = ch.docs[j]
    det = nounphrase.determiner(doc, m.token) if doc is not None else ""
    demonstrative = noun and det in nounphrase.DEMONSTRATIVES  # "this box": points back as far as a name
    indefinite = det in INDEFINITE and not nounphrase.such_a(doc, m.token)
    described = indefinite and descriptions.predicate(doc, m)
    echo = indefinite and noun and not described and _echoed(doc, m)
    said_back = indefinite and noun and not described and not echo and _said_back(doc, m)
    if indefinite and not described and not echo and not said_back:
        return None  # "a man", "a Jade Talisman": a new referent or a kind
    if noun and not det and _kind_like(doc, m):
        return None  # "metals like these": a kind, named by its instances
    if noun:
        if nounphrase.idiom(ch.sentences[j], m.end):
            return None
        if demonstrative or _rare(m.lemma):
            window, genitive = NAME_WINDOW, False
        else:
            genitive = det not in DEFINITE and nounphrase.genitive(doc, m.token)
            window = FAR_WINDOW if det in DEFINITE or genitive else LEXICAL_WINDOW
    else:
        window, genitive = NAME_WINDOW, False
    found = _earlier(ch, [i for i in candidates if i >= j - window], doc, m, families)
    if found is None:
        return None
    i, a = found
    if (
        genitive
        and j - i > LEXICAL_WINDOW
        and not nounphrase.same_owner(ch.docs[i], a.token, doc, m.token, ch.word_genders)
    ):
        return None  # "the miller's coat" far back: only the same owner's, not "a wet coat"
    if described and not descriptions.predicate(ch.docs[i], a):
        return None  # only a description repeats a description ("might be a leak ... not a leak")
    if echo and _echoed(ch.docs[i], a) != echo:
        return None  # "a nasty bruise" repeats only "a nasty bruise"
    if said_back and (
        j - i > SAID_BACK
        or nounphrase.phrase_words(ch.docs[i], a.token) != nounphrase.phrase_words(doc, m.token)
    ):
        return None  # "A stranger?" says back only the words just said
    if _surname(a, m, names.surnames) and _modified(ch.docs[i], a) != _modified(doc, m):
        return None  # "the Gao family ... the Gao boy": the family name modifies different heads
    if (m.kind, a.kind) == ("noun", "noun") and (
        nounphrase.different(
            ch.docs[i], a.token, doc, m.token, ch.word_genders, deixis=_dialogue(ch, i, a, j, m)
        )
        or nounphrase.idiom(ch.sentences[i], a.end)
    ):
        return None
    return Candidate("repetition", m.kind, a.at(i), m.at(j), m.lemma), a, m


def _earlier(
    ch: Chapter, candidates: list[int], doc: Sentence | None, m: Mention, families: dict[str, str]
) -> tuple[int, Mention] | None:
    """The nearest earlier mention that ``m`` may repeat, as (sentence, mention), in ``candidates``
    (nearest first). A noun passes over a nearer mention of the other number for one of its own number
    ("some kites ... one kite ... the kites": the plural names the set again, not the one); a plural noun
    finding only singular nouns finds none."""
    nearest = None
    for i in candidates:
        earlier = [
            p
            for p in ch.mentions[i]
            if (same(p, m, families) or (p.kind == "name" and _another_form(ch.docs[i], p, doc, m)))
            and not (_by_family(p, m) and not (_bare(ch.docs[i], p) and _bare(doc, m)))
            and not _quantified(ch.docs[i], p)
        ]  # a family name with a determiner or modifying a noun ("the Gao of", "the Gao family") is no person
        if not earlier:
            continue
        if nearest is None:
            nearest = (i, earlier[-1])
            if m.kind != "noun" or earlier[-1].kind != "noun":
                return nearest
        own_number = [p for p in earlier if p.kind == "noun" and written_plural(p) == written_plural(m)]
        if own_number:
            return nearest if nearest[0] == i else (i, own_number[-1])
    if nearest is not None and written_plural(m) and nearest[1].kind == "noun":
        return None  # "a guard ... the guards": a set, not the one named before
    return nearest


def _echoed(doc: Sentence | None, m: Mention) -> tuple[str, ...]:
    """The words that an indefinite noun's phrase must repeat to name again what the same words named
    ("had a nasty bruise ... had a nasty bruise", "paying a fee ... paying a fee"): the
    phrase's words in front of the noun, its determiner first, where an adjective stands between
    ("a nasty"); else, after no preposition, those and the two words in front of the phrase ("without
    paying a": "said with a grin" is said of many grins, and "a movie star" names a kind); () when there
    are none."""
    if doc is None:
        return ()
    if nounphrase.adjectival(doc, m.token):
        return nounphrase.phrase_words(doc, m.token)
    if nounphrase.preposition(doc, m.token) is not None:
        return ()  # "said with a grin", "for a while": a set phrase, said of many
    words = nounphrase.phrase_words(doc, m.token, before=2)
    return words if len(words) > 2 else ()


_PUNCTUATION = frozenset((".", ",", ":", "``", "''", "NFP"))


def _said_back(doc: Sentence | None, m: Mention) -> bool:
    """Is the indefinite noun's phrase all that its sentence says ("A stranger?" after "... a stranger took
    the key."): the words just said, said back?"""
    if doc is None:
        return False
    start = m.token - len(nounphrase.phrase_words(doc, m.token))  # the determiner's index
    return all(t.tag_ in _PUNCTUATION for t in (*doc[:start], *doc[m.after() :]))


def _dialogue(ch: Chapter, i: int, a: Mention, j: int, m: Mention) -> bool:
    """May "my" / "your" of one mention and another possessive of the other name one owner from two sides
    of a dialogue ("my mare ... your mare")? Where either is spoken, within ``FAR_WINDOW`` sentences (one
    conversation, not a later one between others) and the noun is no body part ("my hand ... your hand":
    everyone has one)."""
    if j - i > FAR_WINDOW or senses.lexname(m.lemma) == "noun.body":
        return False
    return speech.spoken(ch.sentences[i], a.start) or speech.spoken(ch.sentences[j], m.start)


def _rare(lemma: str) -> bool:
    """Is the noun one of few WordNet senses ("stove", "anvil")? Named again, even far on, it names
    the same thing: it is seldom used of another."""
    return len(senses.senses(lemma, "n", RARE_SENSES + 1)) <= RARE_SENSES


def _kind_like(doc: Sentence | None, m: Mention) -> bool:
    """Is the bare plural noun a kind named by its instances ("metals like these", "girls like her")?"""
    k = m.after()
    return m.plural and doc is not None and k < len(doc) and doc[k].lower_ == "like"


def _quantified(doc: Sentence | None, p: Mention) -> bool:
    """Is the noun quantified over ("every guard", "no guard"), so that it names no one referent?"""
    return p.kind == "noun" and doc is not None and nounphrase.determiner(doc, p.token) in QUANTIFIED


def written_plural(m: Mention) -> bool:
    """Is the mention plural in form: tagged plural and not written as its lemma ("urchins"; not an
    "urchin" the tagger read as a plural)?"""
    return m.plural and m.text.lower() != m.lemma


def _unit(doc: Sentence | None, m: Mention) -> bool:
    """Is the noun a unit or an amount (WordNet's noun.quantity: "dozens of meters", "a bit")? Not when
    capitalised inside its sentence: a name the tagger read as a plural noun ("waited for Pints")."""
    if senses.lexname(m.lemma) != "noun.quantity":
        return False
    return not (m.text[:1].isupper() and doc is not None and not opens(doc, m.token))


def _another_form(doc_a: Sentence | None, p: Mention, doc: Sentence | None, m: Mention) -> bool:
    """Does ``m`` name again what the name ``p`` named, in a form :func:`same` does not match?"""
    return _names_again(doc_a, p, doc, m) or _one_word_longer(p, m)


def _one_word_longer(p: Mention, m: Mention) -> bool:
    """Is one name of two words or more the other without its last word ("the Blue Ridge Project ... Blue
    Ridge")? Two words more mostly name something called after it ("Mei Lan ... the Mei Lan Finger
    Strike")."""
    if p.kind != "name" or m.kind != "name":
        return False
    short, long = sorted((_words(p.lemma), _words(m.lemma)), key=len)
    return 1 < len(short) == len(long) - 1 and long[: len(short)] == short


def _surname(a: Mention, m: Mention, surnames: frozenset[str]) -> bool:
    """Are both names, the shorter of one word that may name a family (``surnames``)?"""
    if a.kind != "name" or m.kind != "name":
        return False
    short = min(_words(a.lemma), _words(m.lemma), key=len)
    return len(short) == 1 and short[0] in surnames


def _names_again(doc_a: Sentence | None, p: Mention, doc: Sentence | None, m: Mention) -> bool:
    """Does the singular noun ``m`` name again what the earlier name ``p`` of several words named: its
    last word, with "the", "this" or "that", no owner, and no modifier that is not the name's or its
    phrase's ("the Grand Harbor Hotel ... the hotel", "a tiny Silver Kite ... the silver kite"; not
    "Mill Lane ... the other lane", nor "the life of" a weekly called "City Life")?"""
    if p.kind != "name" or m.kind != "noun" or p.plural or m.plural or doc is None or doc_a is None:
        return False
    words = _words(p.lemma)
    return (
        len(words) > 1
        and words[-1] == m.lemma
        and nounphrase.determiner(doc, m.token) in POINTING
        and not nounphrase.owner(doc, m.token)
        and nounphrase.modifier_words(doc, m.token) <= set(words) | nounphrase.modifier_words(doc_a, p.token)
    )


def _by_family(p: Mention, m: Mention) -> bool:
    """Do the two names match only as a family name and a two-word name ("Zhou ... Zhou Ming")?"""
    x, y = _words(p.lemma), _words(m.lemma)
    return p.kind == m.kind == "name" and {len(x), len(y)} == {1, 2} and x[-1] != y[-1]


def _bare(doc, m: Mention) -> bool:
    """A name without a determiner in front that heads its phrase ("Wang", not "the Wang estate")."""
    return doc is not None and not nounphrase.determiner(doc, m.token) and not _modified(doc, m)


def _modified(doc, m: Mention) -> str:
    """The noun a name modifies ("Gao" in "the Gao family" -> "family"), "" when it heads its phrase."""
    k = m.after()
    return doc[k].lower_ if doc is not None and k < len(doc) and doc[k].tag_ in ("NN", "NNS") else ""


def _heads(found: list[Candidate]) -> list[Candidate]:
    """Drop a modifier's candidate when the word after it links to the word after its element 1."""
    if len(found) < 2:
        return found  # (most sentences: no pair to compare)

    def follows(x: Candidate, y: Candidate) -> bool:
        return x.a.sent == y.a.sent and 0 <= y.b.start - x.b.end <= 1 and 0 <= y.a.start - x.a.end <= 1

    return [c for c in found if not any(follows(c, d) for d in found if d is not c)]
