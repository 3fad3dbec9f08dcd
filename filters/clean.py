"""Text cleaning for zh and en chapters: normalisation, boilerplate lines, mojibake detection.

Normalisation is deliberately narrower than NFKC: Chinese full-width punctuation (，。！？：“”)
is meaning-bearing and stays as it is. Only compatibility characters that break matching are
folded: full-width ASCII letters and digits (and, in English text, all full-width ASCII),
Latin ligatures, odd spaces. Text is NFC-composed, terminal escape sequences ("ESC[31m") are removed
whole and control and zero-width characters dropped (those ``str.splitlines`` breaks at, such as U+0085
and form feed, end a line first; the others, and the sequences' characters, are counted), runs of
spaces collapse to one, and in Chinese spaces between two CJK characters go.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import regex

from core.data_files import problem, rows
from core.rejection import Rejection
from core.user_regex import Budget, compile_user, too_slow, user_search
from text.terminal import without_escape_sequences

BOILERPLATE_FILE = Path(__file__).with_name("boilerplate.txt")
MAX_BOILERPLATE_LINE = 200  # longer lines are story text, whatever they mention

_FULLWIDTH_ALNUM = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F) if chr(cp - 0xFEE0).isalnum()}
_FULLWIDTH_ASCII = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)}
_LIGATURES = {cp: unicodedata.normalize("NFKC", chr(cp)) for cp in range(0xFB00, 0xFB07)}
_SPACES = {cp: " " for cp in (0x00A0, 0x2002, 0x2003, 0x2009, 0x200A, 0x202F, 0x205F, 0x3000)}
_INVISIBLE = [
    0xAD,
    *range(0x200B, 0x2010),
    0x2028,
    0x2029,
    *range(0x202A, 0x202F),
    *range(0x2060, 0x2065),
    0xFEFF,
]
_CONTROL = [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)]
# The control characters that are no line break to ``str.splitlines`` (those end a line): counted as deleted
_DELETED_CONTROL = re.compile(
    "[" + "".join(re.escape(chr(c)) for c in _CONTROL if len(f"a{chr(c)}b".splitlines()) == 1) + "]"
)
_CJK = r"\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f"
_CJK_GAP = re.compile(rf"(?<=[{_CJK}]) +(?=[{_CJK}])")
_DROPPED = dict.fromkeys(_INVISIBLE + _CONTROL)  # deleted
_TABLES = {  # folded, tabs as spaces, invisible and control characters deleted: one pass (no key overlaps)
    "zh": {**_FULLWIDTH_ALNUM, **_SPACES, ord("\t"): " ", **_DROPPED},
    "en": {**_FULLWIDTH_ASCII, **_LIGATURES, **_SPACES, ord("\t"): " ", **_DROPPED},
}
_SPACE_RUN = re.compile(" {2,}")


def normalise_line(line: str, lang: str) -> str:
    """Normalise one line of ``lang`` text (see module docstring)."""
    line = unicodedata.normalize("NFC", without_escape_sequences(line)[0]).translate(_TABLES[lang])
    if "  " in line:
        line = _SPACE_RUN.sub(" ", line)
    line = line.strip()
    return _CJK_GAP.sub("", line) if lang == "zh" else line


@dataclass
class Boilerplate:
    """Line patterns by class; a line matching any pattern of a class is removed as that class.

    ``site`` holds the config's patterns (class "site"), run with a time limit per line
    (``core.user_regex``; a line that exceeds it raises ``RegexTimeout``, and so do the lines of one text
    that exceed its ``Budget``)."""

    classes: dict[str, list[re.Pattern[str]]] = field(default_factory=dict)
    site: list[regex.Pattern[str]] = field(default_factory=list)

    @classmethod
    def read(cls, path: Path) -> Boilerplate:
        """Read the ``[class]`` / one-regex-per-line format of ``boilerplate.txt``; a mistake in it is a
        one-line ``DataFileError`` naming the file and line, and so is a pattern that backtracks for ever
        (``core.user_regex.too_slow``: these run with plain ``re``, without a time limit)."""
        classes: dict[str, list[re.Pattern[str]]] = {}
        current = None
        for number, (line,) in rows(path):
            if line.startswith("[") and line.endswith("]") and re.fullmatch(r"\[\w+\]", line):
                current = classes.setdefault(line[1:-1], [])
            elif current is None:
                raise problem(path, number, f"pattern {line!r} before any [class] line")
            else:
                try:
                    pattern = re.compile(line, re.IGNORECASE)
                except re.error as err:
                    raise problem(path, number, f"pattern {line!r} is no regular expression: {err}") from None
                if too_slow(pattern, MAX_BOILERPLATE_LINE):
                    raise problem(
                        path,
                        number,
                        f"pattern {line!r} takes too long on a line of {MAX_BOILERPLATE_LINE} characters "
                        "(nested repetition?)",
                    )
                current.append(pattern)
        return cls(classes)

    def with_site(self, patterns: Iterable[str]) -> Boilerplate:
        """A copy with per-site ``patterns`` added under the class ``site``."""
        site = [compile_user(p) for p in patterns]
        return Boilerplate(self.classes, site) if site else self

    def match(self, line: str, budget: Budget | None = None) -> str | None:
        """The class of the first pattern matching ``line``, or None; the site patterns' time is charged to
        ``budget`` (the text's)."""
        if len(line) > MAX_BOILERPLATE_LINE:
            return None
        for name, patterns in self.classes.items():
            if any(p.search(line) for p in patterns):
                return name
        return "site" if any(user_search(p, line, budget) for p in self.site) else None


@cache
def global_boilerplate() -> Boilerplate:
    """The patterns of ``filters/boilerplate.txt``."""
    return Boilerplate.read(BOILERPLATE_FILE)


@dataclass
class CleanText:
    paragraphs: list[str]
    removed: Counter[str]  # boilerplate lines removed, by class
    controls: int = 0  # control characters deleted (\x07, \x1b, C1 ...; not those that break a line), and
    # the characters of terminal escape sequences


def clean_text(text: str, lang: str, boilerplate: Boilerplate) -> CleanText:
    """Normalise every line of ``text`` and drop empty and boilerplate lines, counting the control
    characters deleted (``RegexTimeout`` when a site pattern exceeds its time on a line, or on all the
    lines of ``text``)."""
    paragraphs, removed = [], Counter()
    budget = Budget()
    for raw in text.splitlines():
        line = normalise_line(raw, lang)
        if not line:
            continue
        if kind := boilerplate.match(line, budget):
            removed[kind] += 1
        else:
            paragraphs.append(line)
    bare, in_sequences = without_escape_sequences(text)
    return CleanText(paragraphs, removed, in_sequences + len(_DELETED_CONTROL.findall(bare)))


@dataclass(frozen=True)
class MojibakeConfig:
    max_replacement_ratio: float = 0.001  # U+FFFD per non-space character
    min_wrong_codec_hits: int = 2  # 'Ã©', 'â€™', '锟斤拷' ...
    max_latin1_run_chars: int = 20  # characters in runs of 6+ Latin-1 letters (GBK read as Latin-1)


_WRONG_CODEC = re.compile(
    "锟斤拷|烫烫烫|屯屯屯"  # UTF-8 U+FFFD bytes / MSVC fill bytes read as GBK
    "|Ã[\u0080-\u00bf]|Â[\u00a0-\u00bf]"  # UTF-8 read as Latin-1
    "|â€[\u0080-\u00bf\u0153\u02dc\u2013\u2014\u2018\u2019\u201c\u201d\u2122]"  # UTF-8 read as cp1252
)
_LATIN1_RUN = re.compile(
    "[\u00a1-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2018-\u2022\u2030\u2039\u203a\u20ac\u2122]{6,}"
)


def detect_mojibake(text: str, config: MojibakeConfig = MojibakeConfig()) -> Rejection | None:
    """A ``mojibake`` rejection when ``text`` shows signs of a wrong decoding, else None."""
    n_chars = max(1, len("".join(text.split())))
    replacement = text.count("\ufffd")
    if replacement / n_chars > config.max_replacement_ratio:
        return Rejection("mojibake", f"U+FFFD {replacement}/{n_chars} chars")
    hits = _WRONG_CODEC.findall(text)
    if len(hits) >= config.min_wrong_codec_hits:
        return Rejection(
            "mojibake", f"wrong-codec sequences x{len(hits)}, e.g. {Counter(hits).most_common(1)[0][0]!r}"
        )
    latin1 = sum(len(run) for run in _LATIN1_RUN.findall(text))
    if latin1 > config.max_latin1_run_chars:
        return Rejection("mojibake", f"{latin1} chars in Latin-1 runs (GBK read as Latin-1?)")
    return None


_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z]")


def wrong_language(paragraphs: list[str], lang: str) -> Rejection | None:
    """A ``wrong_language`` rejection for a chapter in the other language: an ``en`` chapter of more Chinese
    characters than Latin letters, a ``zh`` one of more Latin letters than Chinese characters (a book whose
    two sides a config pointed at one file was aligned as Chinese-Chinese pairs, none rejected)."""
    text = "".join(paragraphs)
    han, latin = len(_HAN.findall(text)), len(_LATIN.findall(text))
    if (han > latin) if lang == "en" else (latin > han):
        return Rejection("wrong_language", f"not {lang}: {han} Chinese characters, {latin} Latin letters")
    return None


def site_boilerplate(per_site: Mapping[str, list[str]], lang: str) -> Boilerplate:
    """Global patterns plus the per-site patterns given for ``lang``."""
    return global_boilerplate().with_site(per_site.get(lang, []))
