"""Noun and name mentions of a tagged sentence (the candidate antecedents and repeated items)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from cohesion.tagged import Sentence, Word, hyphenated

from cohesion import lexicon, senses
from cohesion.candidate import Span


# Forms of address that "His" or "Her" makes a title naming a person ("Her Ladyship", "His Majesty").
HONORIFICS = frozenset(
    "majesty highness ladyship lordship excellency grace honour honor eminence worship".split()
)


class Mention(NamedTuple):
    """A noun or name (a named tuple: made for every noun of a chapter, it is built four times
    faster than a frozen dataclass, with the same value equality and hash)."""

    start: int  # character offsets in the sentence
    end: int
    text: str
    lemma: str  # WordNet lemma for nouns, the name itself for names
    kind: str  # "noun" | "name"
    plural: bool
    token: int  # index of the first token
    title: str = ""  # honorific before a name ("mr.", "miss"; "her" of "Her Ladyship"), lower-cased

    def at(self, sent: int) -> Span:
        return Span(sent, self.start, self.end, self.text)

    def after(self) -> int:
        """The index of the token after the mention."""
        return self.token + len(self.text.replace("-", " - ").split())


def mentions(doc: Sentence) -> list[Mention]:
    """Common nouns with a WordNet lemma (generic nouns excluded), maximal runs of names (a capitalised
    singular noun that WordNet lacks is a name: :func:`_unknown_noun`), and titles naming a person ("Her
    Ladyship": a name whose ``title`` is the possessive)."""
    found: list[Mention] = []
    n = len(doc)
    i = 0
    while i < n:
        tok = doc[i]
        if (
            tok.text in ("His", "Her")
            and i + 1 < n
            and doc[i + 1].lower_ in HONORIFICS
            and doc[i + 1].capital
        ):
            end = doc[i + 1].idx + len(doc[i + 1].text)  # "Her Ladyship": a title naming a person
            found.append(
                Mention(tok.idx, end, doc.span(i, i + 2), doc.span(i, i + 2), "name", False, i, tok.lower_)
            )
            i += 2
            continue
        if tok.pos_ == "PROPN" or (tok.capital and (_joins_name(doc, i + 1) or _unknown_noun(tok))):
            j = i + 1
            while j < n:
                if doc[j].pos_ == "PROPN":
                    j += 1
                elif _joins_name(doc, j):
                    j += 2
                else:
                    break
            found.extend(_name(doc, i, j))
            i = j
            continue
        base = tok.noun  # a common noun's lemma, generic nouns excluded
        if base is not None and len(base) > 1:
            if not hyphenated(doc, i):  # a compound's word: its head is the compound
                found.append(
                    Mention(tok.idx, tok.idx + len(tok.text), tok.text, base, "noun", tok.tag_ == "NNS", i)
                )
            elif compound := _compound(doc, i, base):
                found.append(compound)
        i += 1
    return found


def named_elsewhere(docs: list[Sentence | None], found: list[list[Mention]]) -> list[list[Mention]]:
    """The chapter's mentions, with each capitalised common noun that the chapter also has as a one-word
    name inside a sentence made that name: the tagger reads a name that is an English word ("Blossom",
    "Frost") as a noun, even a plural one, where it opens a sentence."""
    names = {
        m.text
        for doc, mentions in zip(docs, found)
        for m in mentions
        if m.kind == "name"
        and not m.title
        and m.text.isalpha()
        and doc is not None
        and not opens(doc, m.token)
    }
    if not names:
        return found
    return [
        [
            m._replace(lemma=m.text, kind="name", plural=False) if m.kind == "noun" and m.text in names else m
            for m in mentions
        ]
        for mentions in found
    ]


def continued_in_lower_case(docs: list[Sentence | None], found: list[list[Mention]]) -> list[list[Mention]]:
    """The chapter's mentions, with a name followed by the rest of a longer name of the chapter in lower
    case made that longer name ("the Jade Cloud Barge ... the Jade cloud barge": the tagger ends the name
    at the first lower-case word), and the nouns of that rest dropped."""
    longer: dict[str, set[tuple[str, ...]]] = {}
    for mentions in found:
        for m in mentions:
            if m.kind == "name" and " " in m.text:
                words = tuple(m.text.lower().split())
                longer.setdefault(words[0], set()).add(words)
    if not longer:
        return found
    return [_lengthened(doc, ms, longer) if doc is not None else ms for doc, ms in zip(docs, found)]


def _lengthened(
    doc: Sentence, found: list[Mention], longer: dict[str, set[tuple[str, ...]]]
) -> list[Mention]:
    """The sentence's mentions with each name that ``doc`` continues in lower case by the rest of a name
    of ``longer`` (first word -> names, lower-cased words) made that name."""
    out: list[Mention] = []
    covered: set[int] = set()  # the tokens of the rests
    for m in found:
        words = tuple(m.text.lower().split())
        # the longest name first, in one order whatever the process (a set's order follows string hashes)
        for name in sorted(longer.get(words[0], ()), key=lambda n: (-len(n), n)) if m.kind == "name" else ():
            rest, k = name[len(words) :], m.after()
            tail = doc[k : k + len(rest)]
            if rest and name[: len(words)] == words and [t.text for t in tail] == list(rest):
                end = tail[-1].idx + len(tail[-1].text)
                text = doc.text[m.start : end]
                m = m._replace(end=end, text=text, lemma=text, plural=tail[-1].tag_ in ("NNS", "NNPS"))
                covered.update(range(k, k + len(rest)))
                break
        out.append(m)
    return [m for m in out if m.token not in covered]


def _compound(doc: Sentence, i: int, base: str) -> Mention | None:
    """The hyphenated compound that noun ``i`` ends ("son-in-law", "self-esteem") as one noun mention, its
    last word lemmatised (``base``), where WordNet has it as a noun; None where it has not ("high-class",
    "year-round": modifiers), or where ``i`` is not the compound's last word."""
    if i + 1 < len(doc) and doc[i + 1].text == "-" and not doc[i].whitespace_:
        return None
    k = i
    while k >= 2 and doc[k - 1].text == "-" and not doc[k - 1].whitespace_ and not doc[k - 2].whitespace_:
        k -= 2
    start, end = doc[k].idx, doc[i].idx + len(doc[i].text)
    text = doc.text[start:end]
    lemma = text[: doc[i].idx - start].lower() + base
    return (
        Mention(start, end, text, lemma, "noun", doc[i].tag_ == "NNS", k) if senses.lexname(lemma) else None
    )


def _unknown_noun(tok: Word) -> bool:
    """A capitalised noun that WordNet knows as no word at all: a name the tagger took for a noun ("Torvel
    watched the gate": an unknown word opening a sentence)."""
    return (
        tok.tag_ == "NN"  # (not a plural: "Others said ...")
        and tok.is_alpha
        and tok.noun is None
        and tok.lower_ not in lexicon.words("generic_nouns.txt")  # "Everyone", "Something"
        and not any(senses.senses(tok.lower_, pos, 1) for pos in "nvar")
    )


def _joins_name(doc: Sentence, j: int) -> bool:
    """A hyphen inside a name ("Xi-feng", "Great-Grandma"), attached to the name parts on both sides,
    the part after it a word (capitalised unless the name part before is a proper noun)."""
    if not (
        0 < j < len(doc) - 1 and doc[j].text == "-" and not doc[j - 1].whitespace_ and not doc[j].whitespace_
    ):
        return False
    after = doc[j + 1]
    return after.is_alpha and (after.text[:1].isupper() or doc[j - 1].pos_ == "PROPN")


@cache
def _titles() -> frozenset[str]:
    gendered = (word for word, kind in lexicon.genders() if kind == "title")
    return frozenset(gendered) | lexicon.words("neutral_titles.txt")


def _name(doc: Sentence, i: int, j: int) -> list[Mention]:
    titles = _titles()
    title = ""
    while i < j and doc[i].lower_ in titles:
        title = doc[i].lower_
        i += 1
    if i == j and title:  # a title used as a name ("Grandma", "Mother")
        i -= 1
    tokens = doc[i:j]
    if (
        not tokens
        or not tokens[0].text[:1].isupper()
        or not all(t.is_alpha or t.text == "-" or _apostrophe_word(t.text) for t in tokens)
        or (len(tokens) == 1 and tokens[0].lower_ in lexicon.words("interjections.txt"))  # "Phew!"
        or (j - i == 1 and not title and _adjective_opening(doc, i))
    ):
        return []
    text = doc.span(i, j)
    start = tokens[0].idx
    return [Mention(start, start + len(text), text, text, "name", tokens[-1].tag_ == "NNPS", i, title)]


def _apostrophe_word(text: str) -> bool:
    """Letters with an apostrophe between them, a name's word ("O'Hara", "Ming’an"; not "'s")?"""
    return text[:1].isalpha() and text[-1:].isalpha() and text.replace("'", "").replace("’", "").isalpha()


def opens(doc: Sentence, i: int) -> bool:
    """Is token ``i`` the sentence's first word (only punctuation and spaces before it)?"""
    return all(t.pos_ in ("PUNCT", "SPACE") for t in doc[:i])


def _adjective_opening(doc: Sentence, i: int) -> bool:
    """Is token ``i`` the sentence's first word and followed by "to" ("Eager to leave, she ...")? The
    tagger takes such a capitalised adjective for a name; a name is seldom followed by "to" there."""
    return i + 1 < len(doc) and doc[i + 1].tag_ == "TO" and opens(doc, i)
