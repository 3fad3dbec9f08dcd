"""Quoted speech in narration: whether an offset is spoken (speech running on from an earlier sentence
included), speech tags and the speaker they name, vocatives and speaker labels."""

from __future__ import annotations

import re
from functools import lru_cache

from cohesion import lexicon
from cohesion.chapter import WINDOW, Chapter, quote_states, quoted
from cohesion.clause import subject
from cohesion.mentions import Mention
from cohesion.tagged import LOWER

# Each pattern opens with one class of quote characters and looks around it after, so that the search
# skips to a quote character: a look-behind first, or branches opening with a class each, are tried at
# every offset (twice as slow). "(?<=“)" tells which character the class matched; "(?<!\w.)" is "no word
# character before the quote".
_CLOSING = re.compile(r"[”'’](?:(?<=”)|(?<=[\w.,!?…]['’])(?!\w))")  # after a word or punctuation
_OPENING = re.compile(r"[“'‘](?:(?<=“)|(?<!\w.)(?=\w))")  # not after a word character, before one
_MARKS = re.compile("[”“'‘’]")  # every character the two patterns above may match


def spoken(text: str, pos: int) -> bool:
    """Is offset ``pos`` (0 to ``len(text)``) in quoted speech, counting speech that continues from an
    earlier sentence (a closing quote later in the sentence with no opening one before it: "Move her
    aside.”")?"""
    return bool(_spoken_states(text)[min(pos, len(text))])


@lru_cache(maxsize=1024)
def _spoken_states(text: str) -> bytes:
    """Byte ``k``: 1 when offset ``k`` is spoken, worked out once for all the :func:`spoken` questions
    about ``text``: it is quoted (:func:`cohesion.chapter.quote_states`), or at or before a closing quote
    that no opening quote precedes, i.e. at or before the last such closing quote. (An opening quote
    found in the whole text is one found before a closing quote: the lookahead of a single opening quote
    needs a word character, which a closing quote is not.)"""
    states = quote_states(text)
    if not _MARKS.search(text):
        return states  # no quote mark at all: the costlier scans are spared
    opening = _OPENING.search(text)
    first_opening = opening.start() if opening else len(text)
    reach = -1  # the last closing quote with no opening quote before it
    for m in _CLOSING.finditer(text):
        if m.start() > first_opening:
            break
        reach = m.start()
    return b"\x01" * (reach + 1) + states[reach + 1 :]


# Verbs that tag a quote with its speaker ("..., Anna said." / "Anna asked: ...").
SPEECH = frozenset(
    "say says said ask asks asked reply replies replied answer answered shout shouted cry cried "
    "whisper whispered murmur murmured mutter muttered tell told call called continue continued "
    "think thought jeer jeered protest protested exclaim exclaimed roar roared snap snapped yell yelled "
    "scream screamed grumble grumbled mumble mumbled laugh laughed sneer sneered retort retorted".split()
)
# (Both as the patterns above, the search skipping to a quote character.) "'" not between word characters:
QUOTE_MARK = re.compile(r"[\"“”‘’'](?:(?<=[\"“”‘’])|(?<!\w.)|(?!\w))")
# A quote mark, not an apostrophe inside a word ("didn’t"): what may open or close a quote.
EDGE_QUOTE = re.compile(r"[\"“”‘'’](?:(?<=[\"“”‘])|(?<!\w.)|(?!\w))")
_ADDRESS_PREFIX = frozenset("little young old dear my poor".split())
_INTERJECTIONS = frozenset("oh ah o hey".split())  # "Oh Anna, ...": still set off as a form of address
_WORD = re.compile(r"\w+")


def speaker(ch: Chapter, i: int, j: int, m: Mention) -> bool:
    """The speaker of a quote (outside the quotes, next to a speech verb, or the narrated subject just
    before speech), who is not what a third-person pronoun inside the speech means."""
    text, doc = ch.sentences[i], ch.docs[i]
    if doc is None or quoted(text, m.start):
        return False
    if _tagged(ch, i):
        return True  # the narration around a quote is its speech tag
    if i + 1 > j or not _opens_quote(ch.sentences[i + 1]) or _tagged(ch, i + 1) or spoken(text, m.start):
        return False  # (a quote with a tag of its own names its speaker there: "'...,' said Tom")
    talk = all(
        _opens_quote(ch.sentences[k]) or spoken(ch.sentences[k], 0) or runs_on(ch, k, 0)
        for k in range(i + 2, j + 1)
    )
    return talk and m == subject(doc, ch.mentions[i])  # the narrated subject before the speech that runs on


def _tagged(ch: Chapter, i: int) -> bool:
    """Does sentence ``i`` hold a quote and a speech verb outside it ("'Stop,' said Tom.")?"""
    text, doc = ch.sentences[i], ch.docs[i]
    if doc is None or not QUOTE_MARK.search(text) or SPEECH.isdisjoint(map(LOWER, doc)):
        return False  # (the words scanned in C first: most sentences hold no speech verb)
    return any(t.lower_ in SPEECH and not quoted(text, t.idx) for t in doc)


def runs_on(ch: Chapter, j: int, pos: int) -> bool:
    """Is offset ``pos`` of sentence ``j`` inside a quote opened in an earlier sentence and not closed
    since ("'Hurry! / When she comes back ...": the second sentence has no quote mark of its own)? The
    nearest earlier sentence (up to :data:`WINDOW` back) with a quote mark must end inside the quote,
    and sentence ``j`` must have no quote mark before ``pos``."""
    if _quote_mark_before(ch.sentences[j], pos):
        return False
    for i in ch.back(j, WINDOW):
        marks = edge_quotes(ch.sentences[i])
        if marks:
            return _opening(ch.sentences[i], marks[-1])
    return False


def _quote_mark_before(text: str, pos: int) -> bool:
    """Does ``text[:pos]`` hold a quote mark (:data:`EDGE_QUOTE`)? A mark before ``pos - 1`` is one
    of the whole text; the character at ``pos - 1`` ends the slice, where an apostrophe or a single
    closing quote always counts (no word character follows it there)."""
    marks = edge_quotes(text)
    return bool(marks and marks[0] < pos - 1) or (pos > 0 and text[pos - 1 : pos] in _MARK_CHARS)


_MARK_CHARS = frozenset("\"“”‘'’")  # the characters EDGE_QUOTE matches, at the end of a text


@lru_cache(maxsize=1024)
def edge_quotes(text: str) -> tuple[int, ...]:
    """The offsets of the quote marks of ``text`` (:data:`EDGE_QUOTE`), found once for all the
    :func:`runs_on` questions about it and the look-back's (:func:`cohesion.lookback.sentences`)."""
    return tuple(m.start() for m in EDGE_QUOTE.finditer(text))


def _opening(text: str, k: int) -> bool:
    """Does the quote mark at offset ``k`` open a quote (a word follows it and none precedes it:
    ' "Look' but not 'Look!" ')?"""
    left = text[k - 1] if k > 0 else " "
    right = text[k + 1] if k + 1 < len(text) else " "
    if text[k] in "“‘":
        return True
    return (
        text[k] != "”" and not left.isalnum() and left not in ".,!?…" and (right.isalnum() or right in "“‘")
    )


def _opens_quote(text: str) -> bool:
    text = text.lstrip()
    return bool(text) and text[0] in "\"“‘'" and _opening(text, 0)


def vocative_or_label(text: str, m: Mention) -> bool:
    """A vocative inside quoted speech, or a speaker label ("Visitor: Who let her in?")."""
    return _vocative(text, m) or text[m.end : m.end + 1] in (":", "：")


def _vocative(text: str, m: Mention) -> bool:
    """A phrase in speech set off as a form of address: at the start of the quote (or after a
    comma) and followed by a comma or the end of the utterance ("Anna, come.", "Come, Anna!")."""
    after = text[m.end : m.end + 1]
    if after not in (",", "!", "?", "…", ".", ""):
        return False
    before = text[: m.start].rstrip()
    word = last_word(before)
    while word and (
        word.lower() in _ADDRESS_PREFIX
        or word.lower() in _INTERJECTIONS
        or (word.lower(), "title") in lexicon.genders()
    ):
        before = before[: len(before) - len(word)].rstrip()  # "little master", "Miss Lin", "Oh Anna"
        word = last_word(before)
    opens = not before or before[-1] in "\"“‘'—–-,…"
    closes = after in (",", "!", "?", "…") or (after in (".", "") and before.endswith(","))
    return opens and closes and spoken(text, m.start)  # quote scanning last: it is the costly test


def last_word(text: str) -> str:
    """The run of word characters that ends ``text`` ("" when its last character is none): matched
    on the reversed text, as a search for ``\\w+$`` tries every start before it."""
    found = _WORD.match(text[::-1])
    return found[0][::-1] if found else ""
