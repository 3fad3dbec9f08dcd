"""English content words: lower-cased, stop words dropped, light stemming, number words as digits."""

from __future__ import annotations

import re
from functools import cache, lru_cache

STOP_WORDS = frozenset(
    """a about above after again against all am an and any are as at be been before being below between
    both but by can could did do does doing down during each few for from further had has have having he
    her here hers herself him himself his how i if in into is it its itself just me more most my myself
    no nor not of off on once only or other our ours ourselves out over own same she should so some such
    than that the their theirs them themselves then there these they this those through to too under
    until up very was we were what when where which while who whom why will with would you your yours
    yourself yourselves s t d ll m re ve o y also may might must shall let us oh ah mr mrs ms miss etc
    something someone somebody anything anyone everything thing things sb sth one's oneself isn aren wasn
    weren don doesn didn hasn haven hadn wouldn couldn shouldn ain""".split()
)

NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
    "thousand": 1000, "million": 1000000, "billion": 1000000000, "dozen": 12, "first": 1, "third": 3,
    "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11,
    "twelfth": 12, "twentieth": 20, "hundredth": 100,
}  # fmt: skip  # "second" is left out: mostly the unit of time

# Irregular forms mapped to the stem of their base form (the suffix stripper cannot reach these).
_IRREGULAR = {
    "said": "say", "says": "say", "went": "go", "gone": "go", "goes": "go", "saw": "see", "seen": "see",
    "came": "come", "took": "take", "taken": "take", "made": "make", "told": "tell", "thought": "think",
    "knew": "know", "known": "know", "left": "leave", "felt": "feel", "gave": "give", "given": "give",
    "got": "get", "gotten": "get", "found": "find", "stood": "stand", "sat": "sit", "ran": "run",
    "held": "hold", "brought": "bring", "began": "begin", "begun": "begin", "spoke": "speak",
    "spoken": "speak", "heard": "hear", "kept": "keep", "met": "meet", "lost": "lose", "paid": "pay",
    "sent": "send", "understood": "understand", "wrote": "write", "written": "write", "ate": "eat",
    "eaten": "eat", "fell": "fall", "fallen": "fall", "drank": "drink", "drunk": "drink", "bought": "buy",
    "caught": "catch", "taught": "teach", "fought": "fight", "sought": "seek", "slept": "sleep",
    "wore": "wear", "worn": "wear", "woke": "wake", "drove": "drive", "rode": "ride", "rose": "rise",
    "chose": "choose", "forgot": "forget", "shook": "shake", "threw": "throw", "thrown": "throw",
    "grew": "grow", "flew": "fly", "hid": "hide", "hidden": "hide", "bit": "bite", "led": "lead",
    "meant": "mean", "became": "become", "men": "man", "women": "woman", "children": "child",
    "feet": "foot", "teeth": "tooth", "lay": "lie", "lain": "lie", "laid": "lay", "struck": "strike",
    "stole": "steal", "stolen": "steal", "broke": "break", "broken": "break", "swore": "swear",
    "sang": "sing", "sung": "sing", "won": "win", "sold": "sell", "built": "build", "spent": "spend",
    "lit": "light", "dealt": "deal", "dug": "dig", "hung": "hang", "fled": "flee", "bore": "bear",
    "born": "bear", "tore": "tear", "torn": "tear", "froze": "freeze", "frozen": "freeze",
    "forgave": "forgive", "forgiven": "forgive", "stuck": "stick", "swept": "sweep", "wept": "weep",
    "knelt": "kneel", "bent": "bend", "lent": "lend", "shot": "shoot", "fed": "feed", "bled": "bleed",
    "better": "good", "best": "good", "worse": "bad", "worst": "bad", "mice": "mouse", "died": "die",
    "lying": "lie", "leapt": "leap", "crept": "creep", "dreamt": "dream", "dying": "die", "people": "person",
}  # fmt: skip

_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_VOWEL = re.compile(r"[aeiouy]")


@cache
def stem(word: str) -> str:
    """Light suffix stripping (plural, -ed, -ing, -ly, -ness, -ment); the same on both sides of a match."""
    if word in _IRREGULAR:
        word = _IRREGULAR[word]
    elif len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ingly", "edly", "ness", "ment", "ing", "ed", "ly"):
        base = word[: -len(suffix)]
        if word.endswith(suffix) and len(base) >= 3 and _VOWEL.search(base):
            word = base
            if suffix == "ed" and len(word) == 3 and word.endswith("i"):  # tried, cried: as try, cry
                word = word[:-1] + "y"
            if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsaeiou":
                word = word[:-1]
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if word.endswith("i") and len(word) > 3:
        word = word[:-1] + "y"
    return word


def _number(token: str) -> str | None:
    if token.isdigit():  # its leading zeros dropped (not by int(), which refuses over 4,300 digits)
        return token.lstrip("0") or "0"
    parts = token.split("-")
    if all(part in NUMBER_WORDS for part in parts):
        return str(sum(NUMBER_WORDS[part] for part in parts))
    return None


@lru_cache(maxsize=1 << 16)
def _token_stems(token: str) -> tuple[str, ...]:
    """Stems of one lower-cased token (a number as one digit string); memoised, words recur."""
    number = _number(token)
    if number is not None:
        return (number,)
    return tuple(
        stem(part)
        for part in token.split("-")
        if part not in STOP_WORDS and not part.isdigit() and len(part) > 1
    )


def content_stems(text: str) -> list[str]:
    """Stems of the content words of ``text`` in order (duplicates kept); numbers as digit strings."""
    return [
        item for token in _WORD.findall(text.lower().replace("\u2019", "'")) for item in _token_stems(token)
    ]
