"""What the words around a noun say about its referent, for lexical cohesion (repetition, synonyms).

Two mentions of a noun (or of two synonyms) cannot share a referent when their owners differ ("his coat /
her coat", "Anna's coat / his coat", "her eyes / the eye of the needle", "the Gao household / my family";
not "Tom's coat / his coat" where the chapter shows Tom male, nor an owner and the contents of a container,
"his jar / the jar of honey", nor an owner and a pronoun, "the edge of it / the edge of the bed"), when both carry modifiers and share none
("the south wall / the partition wall"), when one is a measure after a number ("five feet", but not a
known set: "the three gates") or part of a hyphenated word ("man-from-side") and the other is not, or
when one modifies another noun and the other heads its phrase ("a photo shoot / the photos"). Nouns in
idioms (``data/noun_idioms.txt``: "in his turn", "taking no chances") refer to nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache, lru_cache
from types import MappingProxyType

from cohesion.tagged import LOWER, Sentence, Word, hyphenated

from cohesion import lexicon, senses

DEMONSTRATIVES = frozenset("this that these those".split())
POSSESSIVE = frozenset("my your his her its our their".split())
OWNER_GENDER = {"his": "m", "her": "f"}  # the gender a possessive gives its owner ("Her Ladyship" too)
DEICTIC = frozenset(("my", "your", "our"))  # possessives whose owner depends on who speaks
NOMINATIVE = frozenset("i you we he she they".split())  # the subject pronouns that mean persons
PERSONAL = NOMINATIVE | frozenset("me him her us them whom".split())  # and the object pronouns
# Prepositions that put the noun after them in a place or a goal ("went to the mill", "arrived in Dover");
# the rules that ask for one add or remove words of their own (demonstrative, substitution, gender).
PLACE_OR_GOAL = frozenset("to into in at onto inside toward towards".split())
ARTICLES = frozenset("the a an this that these those another some any no every each either neither".split())
QUANTITY = frozenset("many few several more most much other same such own whole".split())
LINKING = frozenset(
    "be is was are were been being 's 're am seem seems seemed look looks looked feel felt "
    "feels become became becomes grew grow got get remained stayed".split()
)
_MODIFIER_TAGS = frozenset(("JJ", "JJR", "JJS", "NN", "NNS", "NNP", "VBN", "HYPH", ","))
_NOUN_TAGS = frozenset(("NN", "NNS", "NNP", "NNPS"))
_DETERMINER_TAGS = frozenset(("DT", "PRP$", "WP$", "PDT", "POS"))
_PHRASE_TAGS = _MODIFIER_TAGS | {"CD", "RB", "CC"}  # the words a noun's phrase may hold before it
CONTAINER, CONTAINER_STEPS = "container.n.01", 3  # a container's sense, and how far above a noun's
_OWNER_POS = frozenset(("NOUN", "PROPN", "PRON"))
_ADJECTIVE_TAGS = frozenset(("JJ", "JJR", "JJS", "VBN"))  # a comma between two of these is the phrase's


def determiner(doc: Sentence, k: int) -> str:
    """The lower-cased determiner or possessor in front of the noun at token ``k`` ("" when none)."""
    return _determiner_at(doc, _phrase_start(doc, k))


def _determiner_at(doc: Sentence, i: int) -> str:
    """:func:`determiner`, for a noun whose phrase starts after word ``i`` (:func:`_phrase_start`)."""
    if i < 0:
        return ""
    word = doc[i]
    if word.tag_ == "POS":  # "Anna's coat": the possessor is the name
        return doc[i - 1].lower_ if i > 0 else ""
    return word.lower_ if word.tag_ in ("DT", "PRP$", "WP$", "PDT") else ""


def predicated_of(doc: Sentence, k: int) -> int | None:
    """The word a predicate at word ``k`` is said of ("angry" in "Anna seemed angry", "a tough one" in
    "He was a tough one"): the last noun or pronoun before the last verb before ``k``, where that verb
    links; None where it does not."""
    verb = k - 1
    while verb >= 0 and doc[verb].pos_ not in ("AUX", "VERB"):
        verb -= 1
    if verb < 0 or doc[verb].lower_.replace("’", "'") not in LINKING:
        return None
    return subject_before(doc, verb)


def subject_before(doc: Sentence, verb: int) -> int | None:
    """The last noun or pronoun before word ``verb``: its subject, roughly (None when there is none)."""
    subject = verb - 1
    while subject >= 0 and doc[subject].pos_ not in ("NOUN", "PROPN", "PRON"):
        subject -= 1
    return subject if subject >= 0 else None


def different(
    doc_a: Sentence,
    ka: int,
    doc_b: Sentence,
    kb: int,
    genders: Mapping[str, str] = MappingProxyType({}),
    described: bool = True,
    deixis: bool = False,
) -> bool:
    """Do the nouns at ``ka`` and ``kb`` (first tokens of the mentions) have different referents?
    ``genders``: the gender ("m" / "f") of the chapter's name words, lower-cased ("tom"), by which "his"
    may be Tom's. ``described``: do descriptive words that share none tell them apart (not where a
    general noun names again, with new words, what a specific one named: "the tame sparrow ... the
    little brown bird")? ``deixis``: is one of them spoken, so that "my" / "your" / "our" against
    another possessive pronoun may be one owner seen from two sides of a dialogue ("my mare ... your
    mare")?"""
    (owner_a, of_a), (owner_b, of_b) = _owner(doc_a, ka), _owner(doc_b, kb)
    pre_a, pre_b = premodifiers(doc_a, ka), premodifiers(doc_b, kb)
    return (
        bool(
            owner_a
            and owner_b
            and not _same_owner(owner_a, owner_b, genders)
            and not (deixis and _shifted(owner_a, owner_b))
            and _owner_kind(doc_a, ka, of_a) == _owner_kind(doc_b, kb, of_b)
        )
        or bool(described and pre_a and pre_b and not pre_a & pre_b)
        or _measures_differ(doc_a, ka, doc_b, kb)
        or hyphenated(doc_a, ka) != hyphenated(doc_b, kb)
        or modifier(doc_a, ka) != modifier(doc_b, kb)
    )


def same_owner(doc_a: Sentence, ka: int, doc_b: Sentence, kb: int, genders: Mapping[str, str]) -> bool:
    """Have the nouns at ``ka`` and ``kb`` an owner each, the same one (:func:`_same_owner`: "the boy's
    legs ... the boy's legs", "Anna's coat ... her coat" where Anna is a woman)?"""
    a, b = owner(doc_a, ka), owner(doc_b, kb)
    return bool(a and b) and _same_owner(a, b, genders)


def genitive(doc: Sentence, k: int) -> bool:
    """Does a possessor with "'s" stand in front of the noun at ``k`` ("Anna's coat", "the miller's son")?"""
    i = _phrase_start(doc, k)
    return i > 0 and doc[i].tag_ == "POS"


def _same_owner(a: str, b: str, genders: Mapping[str, str]) -> bool:
    """The same owner word, or "his" / "her" and a name of that gender."""
    if a == b:
        return True
    pronoun, name = (a, b) if a in OWNER_GENDER else (b, a)
    return pronoun in OWNER_GENDER and genders.get(name) == OWNER_GENDER[pronoun]


def _shifted(a: str, b: str) -> bool:
    """Two possessive pronouns, one of them the speaker's or the hearer's ("my" / "your")?"""
    return a in POSSESSIVE and b in POSSESSIVE and bool(DEICTIC & {a, b})


def pointing(doc: Sentence, k: int) -> bool:
    """Does the noun at ``k`` point back at something named before: a demonstrative determiner ("this
    storm", "those ideas") or "such" among its modifiers ("any such change"; not "such a storm", where
    "such" mostly stresses)?"""
    i = _phrase_start(doc, k)
    return _determiner_at(doc, i) in DEMONSTRATIVES or "such" in map(LOWER, doc[i + 1 : k])


def such_a(doc: Sentence, k: int) -> bool:
    """Is the noun's article "a"/"an" after "such" ("such a small boat"): the kind named before again, not
    a new referent?"""
    i = _phrase_start(doc, k)
    return i > 0 and doc[i].lower_ in ("a", "an") and doc[i - 1].lower_ == "such"


def modifier_words(doc: Sentence, k: int) -> set[str]:
    """The lower-cased words between the noun's determiner and the noun ("other", "old" in "the other
    old lane")."""
    return {t.lower_ for t in doc[_phrase_start(doc, k) + 1 : k]}


def owner(doc: Sentence, k: int) -> str:
    """Possessive word, possessor name, proper-noun modifier or "of" complement ("" when none)."""
    return _owner(doc, k)[0]


def _owner(doc: Sentence, k: int) -> tuple[str, Word | None]:
    """:func:`owner`, and the "of" complement's word where the owner is one."""
    i = _phrase_start(doc, k)
    before = _determiner_at(doc, i)
    if before and before not in ARTICLES:
        return before, None
    names = [t.lower_ for t in doc[i + 1 : k] if t.tag_ == "NNP"]
    if names:
        return names[0], None
    complement = _of_complement(doc, k)
    return (complement.lower_, complement) if complement is not None else ("", None)


def _of_complement(doc: Sentence, k: int) -> Word | None:
    """The noun or pronoun of an "of" phrase right after the noun ("wine" in "a bottle of wine")."""
    if k + 1 < len(doc) and doc[k + 1].lower_ == "of":
        return next((t for t in doc[k + 2 : k + 6] if t.pos_ in _OWNER_POS), None)
    return None


def _owner_kind(doc: Sentence, k: int, complement: Word | None) -> str:
    """The kind of owner the "of" complement of the noun at ``k`` is (None: the owner is no "of"
    complement): "pronoun" for a pronoun of no person ("the edge of it", which may stand for a noun),
    "contents" after a container or a measure ("a bottle of wine": the owner is nobody), "" for a possessor
    like a possessive or a name ("the coat of the driver", "the roof of the barn"). Owners of two kinds
    do not tell mentions apart ("his bottle / the bottle of wine", "the edge of it / the edge of the bed")."""
    if complement is None or complement.lower_ in PERSONAL or complement.tag_ == "PRP$":
        return ""
    if complement.pos_ == "PRON":
        return "pronoun"
    return "contents" if _container(doc[k].lower_) else ""


@cache
def _container(noun: str) -> bool:
    """Is the noun's most frequent sense a container ("jars", "bottle") or a measure ("pound", "cupful")?"""
    found = senses.senses(noun, "n", 1)
    return bool(found) and (
        found[0].lexname == "noun.quantity" or CONTAINER in senses.above(found[0], CONTAINER_STEPS)
    )


def phrase_words(doc: Sentence, k: int, before: int = 0) -> tuple[str, ...]:
    """The lower-cased words of the noun's phrase in front of the noun at ``k``, its determiner first,
    and ``before`` words more in front of the phrase ("paying a" for "paying a fee", ``before=1``)."""
    return tuple(t.lower_ for t in doc[max(_phrase_start(doc, k) - before, 0) : k])


def adjectival(doc: Sentence, k: int) -> bool:
    """Does an adjective or a participle stand in the noun's phrase in front of it ("a nasty bruise",
    "the folded note"; not "a movie star": a noun before a noun names a kind)?"""
    return any(t.tag_ in _ADJECTIVE_TAGS for t in doc[_phrase_start(doc, k) + 1 : k])


def premodifiers(doc: Sentence, k: int) -> set[str]:
    """Descriptive words right in front of the noun (not quantity words)."""
    return {
        t.lower_
        for t in doc[_phrase_start(doc, k) + 1 : k]
        if t.tag_ in ("JJ", "JJR", "JJS", "NN", "NNS", "VBN") and t.lower_ not in QUANTITY
    }


@lru_cache(maxsize=4096)
def idiom(text: str, end: int) -> bool:
    """Does the text ending at offset ``end`` (a noun's end) close an idiom? (Cached: repetition and
    synonyms ask about the same nouns.)"""
    window = text[max(end - 40, 0) : end].lower().replace("’", "'")
    pattern, length, ends = _idioms()
    if window[-length:] not in ends and not window.endswith("\n"):  # ("$" also matches before "\n")
        return False  # no idiom ends the window: the costly search is spared
    return bool(pattern.search(window))


@cache
def _idioms() -> tuple[re.Pattern, int, frozenset[str]]:
    """The idioms' pattern, the length of the shortest and the ends of that length of them all."""
    phrases = sorted(lexicon.words("noun_idioms.txt"), key=len, reverse=True)
    if not phrases:  # the list emptied by hand: no idiom (the empty alternative matched every noun)
        return re.compile("(?!)"), 1, frozenset()
    pattern = re.compile(r"(?:^|\W)(?:" + "|".join(re.escape(p) for p in phrases) + r")$")
    length = len(phrases[-1])
    return pattern, length, frozenset(p[-length:] for p in phrases)


def _phrase_start(doc: Sentence, k: int, ing: bool = True) -> int:
    """Index of the token before the noun's modifiers (-1 at the sentence start). A comma belongs to
    the phrase only between adjectives ("a tall, thin man"), not after a noun ("some income, Sha").
    An -ing word is a modifier between a determiner and the noun ("a running tap"), not otherwise
    ("saw Anna eating apples": a verb); ``ing=False`` stops at it (the walk back from the -ing word).
    (One function for both walks: the walk was a call of its own for every phrase start asked.)"""
    i = k - 1
    while i >= 0:
        tag = doc[i].tag_
        if tag not in _PHRASE_TAGS or (tag == "," and not (i > 0 and doc[i - 1].tag_ in _ADJECTIVE_TAGS)):
            break
        i -= 1
    if ing and i > 0 and doc[i].tag_ == "VBG":
        before = _phrase_start(doc, i, ing=False)
        if before >= 0 and doc[before].tag_ in _DETERMINER_TAGS:
            return before
    return i


def _measure(doc: Sentence, k: int) -> bool:
    return k > 0 and doc[k - 1].tag_ == "CD"


def _measures_differ(doc_a: Sentence, ka: int, doc_b: Sentence, kb: int) -> bool:
    """One noun after a number and the other not ("five feet / the feet"), unless the number counts
    a known set of the same grammatical number ("the three gates / the gates", not "the woman / the
    two women")."""
    a, b = _measure(doc_a, ka), _measure(doc_b, kb)
    if a == b:
        return False
    doc, k = (doc_a, ka) if a else (doc_b, kb)
    return not (determiner(doc, k) and doc_a[ka].tag_ == doc_b[kb].tag_)


def oblique(doc: Sentence, k: int) -> bool:
    """Is the noun at ``k`` the object of a preposition other than "of" ("on the kitchen floor"; not
    "a jar of cookies", whose "of" names the thing itself)?"""
    governor = preposition(doc, k)
    return governor is not None and governor.lower_ != "of"


def preposition(doc: Sentence, k: int) -> Word | None:
    """The preposition whose object is the noun at ``k`` ("on" in "on the kitchen floor"), if any."""
    i = _phrase_start(doc, k)
    if i >= 0 and doc[i].tag_ in _DETERMINER_TAGS and doc[i].tag_ != "POS":
        i -= 1  # the word before the determiner
    return doc[i] if i >= 0 and doc[i].pos_ == "ADP" else None


def modifier(doc: Sentence, k: int) -> bool:
    """Does the noun modify a following noun ("photo shoot", "film studio")?"""
    return k + 1 < len(doc) and doc[k + 1].tag_ in _NOUN_TAGS and doc[k].tag_ in ("NN", "NNS")
