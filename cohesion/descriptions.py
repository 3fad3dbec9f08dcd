"""Noun phrases that describe rather than refer, which a pronoun does not take for its antecedent:
predicate nouns, nouns of a simile, quantified or generic nouns, units and amounts."""

from __future__ import annotations

from cohesion.tagged import Sentence

from cohesion import senses
from cohesion.clause import FINITE, PREMODIFIERS
from cohesion.mentions import Mention

QUANTIFIERS = frozenset("any every each no all".split())
SIMILE_ARTICLES = frozenset(("a", "an", "the"))
BE_FORMS = frozenset("be is was are were been being am 's 're 'm".split())
BECOME = frozenset("become becomes became becoming".split())
_BEFORE_PREDICATE = PREMODIFIERS | {"RB", "RBR"}  # the words between a predicate noun and its verb
# Verbs whose "into" names what something turns into ("turned the prince into a frog"): a result.
INTO_RESULT = frozenset(
    "turn turns turned turning transform transforms transformed transforming change changes changed "
    "changing convert converts converted converting morph morphs morphed morphing grow grows grew grown "
    "growing develop develops developed developing".split()
)


def generic(doc: Sentence | None, m: Mention) -> bool:
    """A quantified or generic noun ("any woman", "every child", "Man is mortal", "A woman knows what
    she wants." in the present tense outside speech, in a story told in the past): no referent; but "all"
    before a plural in a sentence in the past tense names a group ("All members of the crew ran."). A bare
    relative written as a name ("Mom was tired.") has one, and so has a noun after a noun ("the team
    leader")."""
    if doc is None or m.kind != "noun":
        return False
    k = m.token - 1
    while k >= 0 and doc[k].tag_ in ("JJ", "JJR", "JJS", "HYPH", "NN", "VBN", "RB", "RBR", "RBS"):
        k -= 1  # "any old woman", "the band leader", "a neatly dressed clerk", "a more elderly man"
    if k >= 0 and doc[k].lower_ in QUANTIFIERS:
        return not (doc[k].lower_ == "all" and m.plural and any(t.tag_ == "VBD" for t in doc))
    bare = k < 0 or doc[k].tag_ not in ("DT", "PRP$", "POS", "CD", "PDT")
    generic = bare and not m.plural and senses.is_person(m.lemma)
    if k >= 0 and doc[k].lower_ in ("a", "an") and senses.is_person(m.lemma) and _timeless(doc):
        return True  # "A woman knows what she wants." in a story told in the past: anyone
    return generic and not (m.text[:1].isupper() and senses.is_kin(m.lemma))


def _timeless(doc: Sentence) -> bool:
    """Is the sentence in the present tense throughout and outside quoted speech, a statement about
    anyone or anything in a story told in the past?"""
    finite = [t for t in doc if t.tag_ in ("VBD", "VBZ", "VBP")]
    return (
        bool(finite)
        and all(t.tag_ != "VBD" for t in finite)
        and not any(t.tag_ in ("``", "''") or t.text in "\"“”‘’'" for t in doc)
    )


def predicate(doc: Sentence | None, m: Mention) -> bool:
    """A predicate noun ("She was a nurse.", "no longer a nurse", "Is that your father?", "As a child,
    ..."; not after the "is" of "there is"): it describes, it is not a referent."""
    if doc is None or m.kind != "noun":
        return False  # "The person at the door was Victor.": a name after "was" identifies a referent
    k = m.token - 1
    while k >= 0 and doc[k].tag_ in _BEFORE_PREDICATE:
        k -= 1
    if k < 0:
        return False
    if doc[k].text == "," and _apposition_end(doc, k - 1, m):
        k -= 1  # "He was a clerk, a poet at heart": the apposition of a predicate noun describes him too
        while k >= 0 and doc[k].tag_ in _BEFORE_PREDICATE | {"NN", "NNS", "CD", "HYPH"}:
            k -= 1
        if k < 0:
            return False
    word = doc[k].lower_
    if word == "as" and doc[k + 1].tag_ == "DT":
        return True  # "As a young sailor, he ...": a description, not a referent
    if word == "into" and any(t.lower_ in INTO_RESULT for t in doc[max(k - 4, 0) : k]):
        return True  # "The witch turned him into a frog": what he became, not a referent
    if word in BECOME:
        return True  # "He became a sailor."
    if k >= 2 and word == "of" and doc[k - 1].lower_ == "one":
        k -= 2  # "He was one of the guards": the group he belongs to describes him
    return (
        doc[k].lower_.replace("’", "'") in BE_FORMS
        and doc[k].tag_ not in ("VBG", "POS")
        and not _existential(doc, k)
    )


def _apposition_end(doc: Sentence, k: int, m: Mention) -> bool:
    """Does a common noun end at word ``k``, right before the comma before ``m``, and does no finite verb
    follow ``m`` (then a clause's subject: "He was a clerk, the man said")?"""
    after = next((t for t in doc[m.token :] if t.idx >= m.end), None)
    return k >= 0 and doc[k].tag_ in ("NN", "NNS") and (after is None or after.tag_ not in FINITE)


def _existential(doc: Sentence, be: int) -> bool:
    """Is the "be" at ``be`` that of "there is" ("There was a well behind the inn.", "there must have
    been a key"): the noun after it introduces a referent, it describes none."""
    k = be - 1
    while k >= 0 and (doc[k].tag_ in ("MD", "RB") or doc[k].lower_ in ("have", "has", "had")):
        k -= 1
    return k >= 0 and doc[k].tag_ == "EX"


def simile(doc: Sentence | None, m: Mention) -> bool:
    """A noun compared with in a simile ("shouted like a madman", "ran like the wind"): "like" as a
    preposition, then an article; it introduces no referent. Not a clause after "like" ("like the
    doctor said": the noun is its subject) nor a name or a possessive ("like his father": a referent)."""
    if doc is None or m.kind != "noun":
        return False
    k = m.token - 1
    while k >= 0 and doc[k].tag_ in PREMODIFIERS and doc[k].lower_ not in SIMILE_ARTICLES:
        k -= 1
    if (
        k < 1
        or doc[k].lower_ not in SIMILE_ARTICLES
        or doc[k - 1].lower_ != "like"
        or doc[k - 1].tag_ != "IN"
    ):
        return False
    after = doc[m.token + 1] if m.token + 1 < len(doc) else None
    return after is None or after.tag_ not in ("VBD", "VBZ", "VBP", "MD")


def amount(m: Mention) -> bool:
    """A unit or an amount (WordNet's noun.quantity: "ninety dollars", "ten miles", "a bit"), which
    a pronoun seldom means: what is paid or counted is named again, not referred to."""
    return m.kind == "noun" and senses.lexname(m.lemma) == "noun.quantity"


def quality(m: Mention) -> bool:
    """A quality (WordNet's noun.attribute: "her look", "its size", "the power"), which an "it" in
    the next sentences seldom means: it names the situation, or the thing that has the quality."""
    return m.kind == "noun" and senses.lexname(m.lemma) == "noun.attribute"
