"""Synonyms: two different nouns or adjectives with the same meaning, up to ``LEXICAL_WINDOW``
sentences apart (verbs are left out).

Adjectives (subtype ``adjective``, the cohesion paper's Table 1 has a pair) match when one of the two most
frequent WordNet senses of one is among those of the other or is similar to one ("angry" / "furious", "happy"
/ "glad"), and both describe the same thing: they modify the same noun, or are predicated of the same subject
("Nora was angry. She was furious."; a question's subject stands after its verb: "Was Nora angry?"; a past
participle counts as a predicate: "The soldier was wounded. He was injured."; a third-person pronoun subject
in a later sentence is taken to continue the earlier subject when it is the subject of every sentence between
and agrees with it: he/she a person or an animal, "it" an animal or a thing; the other way round, a he/she
subject is taken up by a later name or person noun of its gender when no other person of that gender is named
from the pronoun's sentence on: "She was angry. ... Nora was furious."; an adjective after "the" heads a
noun phrase, "the wealthy", and is said of nothing). Non-adjacent noun synonyms must name the same thing,
not another of a kind ("a chance ... another opportunity"): the later noun needs a definite determiner or a
possessive, and a possessive only where the earlier noun had an owner too ("an automobile ... his car" is
mostly another car).
Two nouns match when their most frequent WordNet senses are the same synset (WordNet orders senses by
frequency; allowing any sense linked face/expression and tier/level). A later noun that points back with a
demonstrative or "such" ("this sword", "any such dispute", :func:`cohesion.nounphrase.pointing`) may also take
one of its two most frequent senses, and that sense may also lie right above or below the earlier noun's most
frequent sense ("a weapon ... this sword", "a gift ... this present"): the pointer says it names again
something named before. In the next sentence a "the" noun may also name again with a more general word: its
most frequent sense one or two links above the earlier noun's ("a sparrow. The bird ...", "a sedan ... the
car"), even with new descriptive words ("the tame sparrow ... the little brown bird"); with a word that
shares a sense with the earlier noun among the three most frequent senses of each ("a tempest. The
storm ..."); or with a general word for a person of a gender ("man", "woman") after a person noun of the
same number known to be of that gender ("the nun. The woman ...", "The sailor lit his pipe. The man ...");
farther, or with another determiner, such a noun mostly names another thing of the kind (JUDGEMENTS.md,
synonym recall by WordNet relations and round 66). A noun after "no" ("no problem") names nothing that a
later noun could name again. A Chinese noun shared by the two aligned sentences is recorded as evidence
(``zh_shared=…``, not required). Other pairs whose first senses differ (prairie/grassland two sentences
apart) are left out:
gating second senses or hypernyms on that evidence was tried on mac-dev and let in unrelated pairs (the shared
Chinese noun is seldom the one under both nouns), and a hypernym link without a pointer let in mostly
different things of a kind (JUDGEMENTS.md, synonym recall round). A noun that ends a WordNet compound
of two or three words heading its phrase is read as the compound, unless the compound is a kind of it:
"a fire engine. The truck ..." (a general word one link above), but "young men" stay men
(:func:`_compound`, JUDGEMENTS.md round 68). Generic nouns, nouns in idioms
(``data/noun_idioms.txt``: "take no chances"), morphological variants (one lemma a prefix of the other, or a
long common prefix) and pairs whose phrases show different referents (:func:`cohesion.nounphrase.different`:
"a servant girl / a proper miss") are skipped."""

from __future__ import annotations

import os
from functools import cache, lru_cache
from collections.abc import Collection, Iterable, Iterator
from typing import NamedTuple

from cohesion.tagged import Sentence

from cohesion import lexicon, nlp, nounphrase, senses, zh
from cohesion.candidate import Candidate, Span
from cohesion.chapter import LEXICAL_WINDOW, Chapter
from cohesion.gender import PRONOUN_GENDER, own_pronoun_gender

DEFINITE = frozenset("the this that these those my your his her its our their".split())
PRONOUNS = frozenset("he she it they".split())
# the kinds of subject a pronoun may continue (an animal is a he, a she or an it)
AGREEING = {
    "he": ("person", "animal"),
    "she": ("person", "animal"),
    "it": ("animal", "thing"),
    "they": ("person", "animal", "thing"),
}


class Word(NamedTuple):
    """A noun with its most frequent sense (a named tuple, made for every noun of a chapter: its
    span is made only for a candidate)."""

    sent: int
    start: int
    end: int
    text: str
    lemma: str
    synset: str  # the most frequent sense
    token: int  # index of the word in its sentence

    @property
    def span(self) -> Span:
        return Span(self.sent, self.start, self.end, self.text)


def nouns(doc: Sentence, sent: int, text: str) -> list[Word]:
    """Common nouns (of ``doc``, the tagged ``text``) with their most frequent synset (idioms and
    generic nouns skipped)."""
    found = []
    for tok in doc:
        base = tok.noun  # a common noun's lemma, generic nouns excluded
        if base is None:
            continue
        end = tok.idx + len(tok.text)
        if nounphrase.idiom(text, end):
            continue
        start, first = tok.idx, senses.senses(base, "n", 1)
        if compound := _compound(doc, tok.i, base):
            start, base, first = doc[compound.first].idx, compound.lemma, (compound.sense,)
        if first:
            found.append(Word(sent, start, end, text[start:end], base, first[0].name, tok.i))
    return found


def _compound(doc: Sentence, k: int, noun: str) -> Compound | None:
    """The WordNet compound of two or three words (nouns or adjectives, then the noun ``noun`` at word
    ``k``) that heads its phrase and is not a kind of that noun (:func:`_compound_sense`): "a fire engine",
    "ice cream", not "young men", who are men. None when there is none; a compound that modifies a noun
    after it ("a fire engine siren") is left to its last word."""
    if k == 0 or doc[k - 1].tag_ not in MODIFIERS or (k + 1 < len(doc) and doc[k + 1].tag_ in ("NN", "NNS")):
        return None
    for size in (2, 1):
        words = doc[k - size : k] if k >= size else []
        if words and all(w.is_alpha and w.tag_ in MODIFIERS for w in words):
            found = _compound_sense("_".join([w.lower_ for w in words] + [noun]), noun)
            if found:
                return found._replace(first=words[0].i)
    return None


MODIFIERS = ("NN", "JJ")  # the tags of a compound's words before its last


class Compound(NamedTuple):
    lemma: str  # "fire_engine"
    sense: senses.Sense  # its most frequent sense
    first: int = 0  # the index of its first word in its sentence


@lru_cache(maxsize=1 << 16)
def _compound_sense(lemma: str, noun: str) -> Compound | None:
    """The most frequent sense of the compound ``lemma`` ending in ``noun``, unless it is one of the two
    most frequent senses of ``noun`` or at most three links below one (None then, or when WordNet lacks
    the compound)."""
    own = senses.senses(lemma, "n", 1)
    if not own:
        return None
    heads = {h.name for h in senses.senses(noun, "n", 2)}
    if own[0].name in heads or not heads.isdisjoint(senses.above(own[0], 3)):
        return None
    return Compound(lemma, own[0])


def variants(a: str, b: str) -> bool:
    prefix = len(os.path.commonprefix([a, b]))
    return prefix == min(len(a), len(b)) or prefix >= 5


def find(ch: Chapter) -> Iterator[Candidate]:
    yield from _nouns(ch)
    yield from _adjectives(ch)


def _nouns(ch: Chapter) -> Iterator[Candidate]:
    words = [nouns(doc, i, ch.sentences[i]) if doc is not None else [] for i, doc in enumerate(ch.docs)]
    lemmas = [_lemma_counts(ws) for ws in words]
    senses = [_by_synset(ws) for ws in words]
    for j, current in enumerate(words):
        for b in current:
            if lemmas[j][b.lemma] > 1:
                continue
            determiner = None  # asked once, where a rule needs it
            pointing = None  # asked only when the first senses differ and the sentence has nouns
            for i in ch.back(j, LEXICAL_WINDOW):
                if b.lemma in lemmas[i]:
                    break  # a repetition is the closer link
                if j - i >= 2:
                    if determiner is None:
                        determiner = nounphrase.determiner(ch.docs[j], b.token)
                    if determiner not in DEFINITE:
                        break  # far apart, "another opportunity" is mostly another thing of a kind
                if not words[i]:
                    continue  # no noun to match
                earlier = senses[i].get(b.synset)
                found = _match(ch, earlier, b, lemmas[j]) if earlier else None
                if not found and pointing is None:
                    pointing = nounphrase.pointing(ch.docs[j], b.token)
                if not found and pointing:
                    earlier = [a for a in words[i] if _names_again(a.lemma, b.lemma)]
                    found = _match(ch, earlier, b, lemmas[j]) if earlier else None
                    if found:  # the trigger: both senses
                        a, _, evidence = found
                        found = a, a.synset + "/" + _names_again(a.lemma, b.lemma), evidence
                if not found and j - i == 1:  # (the first sentence back: the determiner is asked here)
                    determiner = nounphrase.determiner(ch.docs[j], b.token)
                    earlier = [a for a in words[i] if _renames(ch, a, b)] if determiner == "the" else []
                    found = _match(ch, earlier, b, lemmas[j], described=False) if earlier else None
                    if found:  # the trigger: both senses
                        a, _, evidence = found
                        found = a, a.synset + "/" + b.synset, evidence
                if found:
                    a, synset, evidence = found
                    yield Candidate("synonyms", "noun", a.span, b.span, synset, evidence)
                    break


def _lemma_counts(words: list[Word]) -> dict[str, int]:
    """Lemma -> how many of ``words`` have it (a plain dict: a ``Counter`` is built three times slower)."""
    counts: dict[str, int] = {}
    for w in words:
        counts[w.lemma] = counts.get(w.lemma, 0) + 1
    return counts


def _by_synset(words: list[Word]) -> dict[str, list[Word]]:
    """The sentence's nouns by their most frequent sense, in sentence order."""
    table: dict[str, list[Word]] = {}
    for w in words:
        table.setdefault(w.synset, []).append(w)
    return table


def _match(
    ch: Chapter, earlier: Iterable[Word], b: Word, own: Collection[str], described: bool = True
) -> tuple[Word, str, str] | None:
    """The first of ``earlier`` (an earlier sentence's nouns of ``b``'s sense) that is a synonym of
    ``b`` (not a noun of ``b``'s own sentence, ``own``), with the sense and the Chinese evidence.
    ``described``: as in :func:`cohesion.nounphrase.different`."""
    for a in earlier:
        if a.lemma == b.lemma or a.lemma in own or variants(a.lemma, b.lemma):
            continue
        if _owned_anew(ch, a, b) or nounphrase.determiner(ch.docs[a.sent], a.token) == "no":
            continue
        docs = ch.docs[a.sent], ch.docs[b.sent]
        if not nounphrase.different(docs[0], a.token, docs[1], b.token, ch.word_genders, described):
            return a, b.synset, zh.shared_noun(ch.zh[a.sent], ch.zh[b.sent])
    return None


def _owned_anew(ch: Chapter, a: Word, b: Word) -> bool:
    """Far apart, is ``b`` definite only by a possessive that ``a`` lacks ("an automobile ... his car")?
    The owner names a thing of its own more often than it names again what an unowned noun named."""
    doc_a, doc_b = ch.docs[a.sent], ch.docs[b.sent]
    return (
        b.sent - a.sent >= 2
        and nounphrase.determiner(doc_b, b.token) in nounphrase.POSSESSIVE
        and not nounphrase.owner(doc_a, a.token)
    )


@lru_cache(maxsize=1 << 16)
def _names_again(earlier: str, later: str) -> str:
    """May ``later``, a noun that points back ("this", "such"), name again what ``earlier`` named?
    Its sense that does ("" when none): one of its two most frequent senses that is the earlier noun's
    most frequent sense or right above or below it in WordNet ("a weapon ... this sword", "a gift ...
    this present", "a quarrel ... any such dispute")."""
    first = senses.senses(earlier, "n", 1)
    if not first:
        return ""
    above = senses.hypernym_names(first[0])
    for s in senses.senses(later, "n", 2):
        if s.name == first[0].name or s.name in above or first[0].name in senses.hypernym_names(s):
            return s.name
    return ""


def _renames(ch: Chapter, a: Word, b: Word) -> bool:
    """May ``b``, a "the" noun in the sentence after ``a``, name again what ``a`` named? By a more
    general word (:func:`_generalises`), a sense the two share (:func:`_share_sense`) or a general word
    for a person (:func:`_person_word`)."""
    return _generalises(a.lemma, b.lemma) or _share_sense(a.lemma, b.lemma) or _person_word(ch, a, b)


@lru_cache(maxsize=1 << 16)
def _generalises(earlier: str, later: str) -> bool:
    """Is the most frequent sense of ``later`` one or two WordNet links above that of ``earlier`` ("a
    sparrow ... the bird", "a sedan ... the car")?"""
    first, general = senses.senses(earlier, "n", 1), senses.senses(later, "n", 1)
    return bool(first and general) and general[0].name in senses.above(first[0], 2)


@lru_cache(maxsize=1 << 16)
def _share_sense(earlier: str, later: str) -> bool:
    """Do ``earlier`` and ``later`` share a synset among their three most frequent senses ("a tempest
    ... the storm": the first sense of "tempest" is the second of "storm")?"""
    own = {s.name for s in senses.senses(earlier, "n", 3)}
    return any(s.name in own for s in senses.senses(later, "n", 3))


PERSON = "person.n.01"


def _person_word(ch: Chapter, a: Word, b: Word) -> bool:
    """Is ``b`` a general word for a person of a gender (its most frequent sense at most two links below
    "person": "man", "woman") and ``a`` a more specific person noun of the same number known to be of
    that gender: by its lemma ("the nun. The woman ...") or, singular, by the first he/she/his/her after
    it in its sentence that may be its own ("The clerk counted his coins. The man ...")?"""
    gender = lexicon.genders().get((b.lemma, "noun"))
    if (
        not gender
        or not senses.is_person(a.lemma)
        or not _general_person(b.lemma)
        or _general_person(a.lemma)
    ):
        return False
    plural = _plural(ch, a)
    if plural != _plural(ch, b):
        return False
    own = None if plural else own_pronoun_gender(ch.docs[a.sent], a.token + 1)
    return (_gender(ch, a.lemma) or own) == gender


def _plural(ch: Chapter, w: Word) -> bool:
    return ch.docs[w.sent][w.token].tag_ == "NNS"


@cache
def _general_person(noun: str) -> bool:
    """Is the noun's most frequent sense at most two WordNet links below "person"?"""
    first = senses.senses(noun, "n", 1)
    return bool(first) and PERSON in senses.above(first[0], 2)


class Adjective(NamedTuple):
    """An adjective with its senses and what it describes (a named tuple, made for every adjective of a
    chapter: built several times faster than a frozen dataclass)."""

    span: Span
    lemma: str
    own: frozenset[str]  # the two most frequent senses
    similar: frozenset[str]  # the head senses they are similar to
    target: str  # the noun it modifies or the subject it is predicated of (lower-cased)
    kind: str  # of the target: "person" (a name, a person noun, he/she), "animal" or "thing"


def adjectives(doc: Sentence, sent: int) -> list[Adjective]:
    found = []
    for tok in doc:
        if tok.tag_ not in ("JJ", "VBN") or not tok.is_alpha or _degree(doc, tok.i):
            continue
        own, similar = _adjective_senses(tok.lower_)
        if not own:
            continue  # (asked first: its target is sought only for a word WordNet has as an adjective)
        target, kind = _target(doc, tok.i, attributive=tok.tag_ == "JJ")
        if target:
            span = Span(sent, tok.idx, tok.idx + len(tok), tok.text)
            found.append(Adjective(span, tok.lower_, own, similar, target, kind))
    return found


def _degree(doc: Sentence, k: int) -> bool:
    """Is the adjective at ``k`` the degree word of "a little nervous" (not "a little dog")?"""
    return k > 0 and doc[k - 1].lower_ == "a" and k + 1 < len(doc) and doc[k + 1].tag_ == "JJ"


@cache
def _adjective_senses(word: str) -> tuple[frozenset[str], frozenset[str]]:
    """The two most frequent adjective senses of ``word`` and the head senses they are similar to."""
    first = senses.senses(word, "a", 2)
    return frozenset(s.name for s in first), frozenset(n for s in first for n in senses.similar_names(s))


def _target(doc: Sentence, k: int, attributive: bool = True) -> tuple[str, str]:
    """The noun right after the adjective (where ``attributive``), else the subject of a linking verb
    (lower-cased; "" for none), and its kind: "person", "animal" or "thing"."""
    after = doc[k + 1] if k + 1 < len(doc) else None
    if attributive and after is not None and after.tag_ in ("NN", "NNS"):
        noun = nlp.lemma(after.text, "n", after.tag_ == "NNS") or after.lower_
        return noun, _kind(noun)
    if k > 0 and doc[k - 1].lower_ == "the":
        return "", "thing"  # "at the wealthy": the adjective heads a noun phrase, no predicate
    subject = _inverted_subject(doc, k)
    if subject is None:
        subject = nounphrase.predicated_of(doc, k)
    if subject is None:
        return "", "thing"
    word = doc[subject]
    kind = "person" if word.pos_ == "PROPN" or word.lower_ in ("he", "she") else _kind(word.lower_)
    return word.lower_, kind


def _inverted_subject(doc: Sentence, k: int) -> int | None:
    """In a question, the subject between the linking verb and the predicate at ``k`` ("Is he dead?",
    "Why are you so happy?"): the last noun or pronoun there (None when there is none)."""
    verb = k - 1
    while verb >= 0 and doc[verb].pos_ not in ("AUX", "VERB"):
        verb -= 1
    if verb < 0 or doc[verb].lower_.replace("’", "'") not in nounphrase.LINKING:
        return None
    between = [t.i for t in doc[verb + 1 : k] if t.pos_ in ("NOUN", "PROPN", "PRON")]
    return between[-1] if between else None


def _kind(noun: str) -> str:
    """ "person", "animal" (a he, a she or an it: "a smart collie. She was clever") or "thing"."""
    return {"noun.person": "person", "noun.animal": "animal"}.get(senses.lexname(noun), "thing")


_NONE: frozenset[str] = frozenset()  # the senses of a sentence without adjectives


def _adjectives(ch: Chapter) -> Iterator[Candidate]:
    words = [adjectives(doc, i) if doc is not None else [] for i, doc in enumerate(ch.docs)]
    # Per sentence, the senses of its adjectives and those they are similar to: a sentence that
    # shares none with an adjective holds no synonym of it (the first test of _same_state).
    own = [frozenset().union(*(a.own for a in ws)) if ws else _NONE for ws in words]
    similar = [frozenset().union(*(a.similar for a in ws)) if ws else _NONE for ws in words]
    for j, current in enumerate(words):
        for b in current:
            related = b.own | b.similar
            for i in ch.back(j, LEXICAL_WINDOW):
                if related.isdisjoint(own[i]) and b.own.isdisjoint(similar[i]):
                    continue
                chain = _pronoun_chain(ch, i, j, b.target)
                a = next((a for a in words[i] if _same_state(a, b, chain) or _named_after(ch, a, b)), None)
                if a is not None:
                    yield Candidate("synonyms", "adjective", a.span, b.span, a.lemma + "/" + b.lemma)
                    break


def _same_state(a: Adjective, b: Adjective, chain: bool) -> bool:
    """Shared sense (one's own sense is the other's or similar to it; two satellites of one head,
    "fourteenth" / "fifteenth", are not synonyms) and the same target (a pronoun subject continues
    the subject of the sentence before the ``chain`` of sentences with that pronoun for subject, a
    person or an animal for he/she, an animal or a thing for "it")."""
    if not (a.own & (b.own | b.similar) or b.own & a.similar):
        return False
    if a.lemma == b.lemma or variants(a.lemma, b.lemma):
        return False
    continued = chain and b.target in PRONOUNS and a.target not in PRONOUNS
    return a.target == b.target or (continued and a.kind in AGREEING[b.target])


def _named_after(ch: Chapter, a: Adjective, b: Adjective) -> bool:
    """Is ``a`` said of he/she and ``b`` of a person of that gender named by a name or a noun, no other
    person of that gender named from ``a``'s sentence to ``b``'s ("She was angry. ... Nora was
    furious.")? Shared senses as in :func:`_same_state`."""
    if a.target not in ("he", "she") or b.kind != "person" or b.target in PRONOUNS:
        return False
    gender = PRONOUN_GENDER[a.target]
    if _gender(ch, b.target) != gender or _other_named(ch, a.span.sent, b.span.sent, b.target, gender):
        return False
    return _same_state(a, b._replace(target=a.target), False)


def _gender(ch: Chapter, word: str) -> str | None:
    """ "m" / "f" of a lower-cased word of a person's name or of a person noun's lemma (the names list,
    the gendered nouns, the chapter's guesses), None when unknown."""
    return ch.word_genders.get(word) or lexicon.genders().get((word, "noun")) or ch.noun_genders.get(word)


def _other_named(ch: Chapter, i: int, j: int, name: str, gender: str) -> bool:
    """Is a person of ``gender`` other than ``name`` (a lower-cased name word) named in sentence ``i`` or
    those up to ``j``?"""
    return any(
        m.kind == "name" and name not in m.text.lower().split() and ch.genders.get(m.text) == gender
        for k in range(i, j)
        for m in ch.mentions[k]
    )


def _pronoun_chain(ch: Chapter, i: int, j: int, pronoun: str) -> bool:
    """Is ``pronoun`` the subject of every sentence between ``i`` and ``j`` ("Hannah felt sick. She lay
    down. She was still ill.": the subject goes on; none between, as in the adjacent case, is a chain)?"""
    return all(_subject(ch.docs[k]) == pronoun for k in range(i + 1, j))


def _subject(doc: Sentence | None) -> str:
    """The lower-cased subject of the sentence's first verb, roughly ("" when there is none)."""
    verb = next((t.i for t in doc or () if t.pos_ in ("AUX", "VERB")), None)
    subject = None if doc is None or verb is None else nounphrase.subject_before(doc, verb)
    return "" if subject is None else doc[subject].lower_
