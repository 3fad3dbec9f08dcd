"""References and system outputs, line by line, grouped into chapters (documents).

Two layouts, both written by ``make export``:

* a **file**: one line per line of ``export/text/{split}.ids`` (the reference is ``{split}.en``);
* a **folder** in BWB's layout: ``Book{N}/{K}.hyp.txt`` (or ``{K}.txt``) beside each chapter's
  ``export/bwb/{split}/Book{N}/{K}.ref_re.txt``, one line per reference line; the folder may also hold the
  ``{split}/`` level.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from core.files import missing
from core.lines import split_lines
from core.storage import DamagedFile, read_json
from text.decoding import MIN_CHINESE, chinese_characters, read_utf8

HYP_NAMES = ("{k}.hyp.txt", "{k}.txt")
# a bead is a few sentences; spaCy tags a line for the discourse scores at about a minute per million
# characters (a line at its own limit, a million, took a minute to score)
MAX_LINE_CHARS = 100_000
# A system output this many times as long as the references is no translation of them (a file of whole
# documents a line, say): 386 lines just under MAX_LINE_CHARS (35 MB) had 1 of 9 chapters scored after 90 s.
MAX_LENGTH_RATIO = 10
# The references are English: a system output whose letters are this much Chinese is the source side
# (text/{split}.zh, the file beside the references) or an untranslated one, not an English translation.
MAX_CHINESE_SHARE = 0.5


class InputError(ValueError):
    """A missing or malformed reference or system file (the message names the file)."""


@dataclass(frozen=True)
class Document:
    chapter_id: str
    refs: list[str]
    hyps: list[str]


def _lines(path: Path) -> list[str]:
    try:
        lines = split_lines(read_utf8(path, "score"))
    except ValueError as err:  # a named pipe, no permission, binary (a NUL byte), or not UTF-8
        raise InputError(str(err)) from None
    if long := next((n for n, line in enumerate(lines, 1) if len(line) > MAX_LINE_CHARS), None):
        raise InputError(
            f"{path}: line {long} has {len(lines[long - 1]):,} characters (at most {MAX_LINE_CHARS:,}: one bead a line)"
        )
    return lines


def _check_count(path: Path, hyps: list[str], ids: list[str], expected_from: str) -> None:
    if len(hyps) == len(ids):
        return
    first = (
        f"first id without a line: {ids[len(hyps)]}"
        if len(hyps) < len(ids)
        else (f"first extra line: {len(ids) + 1}")
    )
    raise InputError(
        f"{path}: {len(hyps)} lines, expected {len(ids)} (one per line of {expected_from}); {first}"
        + _lone_return(hyps)
    )


def _lone_return(lines: list[str]) -> str:
    """Why a file of lines split by carriage returns alone (classic Mac line ends, a half-done conversion)
    counts fewer lines than its editor shows: a return without a line feed ends no line here, as it ends
    none in the references; "" when no line holds one."""
    line = next((n for n, text in enumerate(lines, 1) if "\r" in text), None)
    if line is None:
        return ""
    return (
        f"; line {line} holds a carriage return without a line feed, which ends no line "
        "(lines end at LF or CRLF): convert the file's line ends"
    )


def _group(ids: list[str], refs: list[str], hyps: list[str]) -> Iterator[Document]:
    chapters: dict[str, tuple[list[str], list[str]]] = {}
    for pair_id, ref, hyp in zip(ids, refs, hyps, strict=True):
        r, h = chapters.setdefault(pair_id.rsplit("/", 1)[0], ([], []))
        r.append(ref)
        h.append(hyp)
    for chapter_id, (r, h) in chapters.items():
        yield Document(chapter_id, r, h)


def from_text(export: Path, split: str, hyp: Path) -> list[Document]:
    """Documents of a one-line-per-bead system file aligned with ``text/{split}.ids``."""
    ids_path = export / "text" / f"{split}.ids"
    if not ids_path.is_file():
        raise InputError(_no_split(export, split, ids_path))
    ids, refs = _lines(ids_path), _lines(export / "text" / f"{split}.en")
    hyps = _lines(hyp)
    _check_count(hyp, hyps, ids, str(ids_path))
    return list(_group(ids, refs, hyps))


def _no_split(export: Path, split: str, ids_path: Path) -> str:
    """Why ``ids_path`` is missing: a split the last export left empty (no book went to it), which told the
    user to run the export they had just run; else no export of the split."""
    splits = export / "splits.json"
    try:
        chapters = read_json(splits, dict).get("report", {}).get("chapters", {}).get(split)
    except (OSError, DamagedFile, AttributeError):
        chapters = None
    if chapters == 0:
        return f"{ids_path}: the {split} split is empty in this export (0 chapters in {splits}); nothing to score"
    return f"{ids_path}: no {split} split exported (run `python -m pipeline export` first)"


def test_set(export: Path, split: str) -> str | None:
    """A digest of the split as exported now (``text/{split}.ids`` and ``.en``): scores made on another export
    of it (other books, another split) are not comparable; None where the split has no text export."""
    digest = hashlib.sha256()
    try:
        for name in (f"{split}.ids", f"{split}.en"):
            with open(export / "text" / name, "rb") as f:
                while chunk := f.read(1 << 20):
                    digest.update(chunk)
            digest.update(b"\0")
    except OSError:
        return None
    return digest.hexdigest()[:16]


def from_bwb(export: Path, split: str, folder: Path) -> list[Document]:
    """Documents of a system folder in BWB's layout (see the module docstring)."""
    mapping_path = export / "bwb" / "mapping.json"
    if not mapping_path.is_file():
        raise InputError(f"{mapping_path}: no BWB export (run `python -m pipeline export` first)")
    if (folder / split).is_dir():
        folder = folder / split
    chapters = [(cid, c) for cid, c in read_json(mapping_path)["chapters"].items() if c["split"] == split]
    if not chapters:
        raise InputError(f"{mapping_path}: no chapter in the {split} split")
    docs = []
    for chapter_id, c in sorted(chapters, key=lambda item: (item[1]["book"], item[1]["chapter"])):
        book = f"Book{c['book']}"
        ref_path = export / "bwb" / split / book / f"{c['chapter']}.ref_re.txt"
        candidates = [folder / book / name.format(k=c["chapter"]) for name in HYP_NAMES]
        # the first name there, whatever it is: a folder or a named pipe is named as such when read
        hyp_path = next((p for p in candidates if os.path.lexists(p)), None)
        if hyp_path is None:
            raise InputError(f"{candidates[0]}: missing (the system output of {chapter_id})")
        refs, hyps = _lines(ref_path), _lines(hyp_path)
        _check_count(hyp_path, hyps, [f"{chapter_id} line {n + 1}" for n in range(len(refs))], str(ref_path))
        docs.append(Document(chapter_id, refs, hyps))
    return docs


def check_system_file(hyp: Path) -> None:
    """What can be told of a system output before the export it is scored on is built (minutes): a file
    is UTF-8 text of lines of at most ``MAX_LINE_CHARS``, not every one blank; ``InputError`` otherwise. A
    folder (BWB's layout) is read against the export's chapters, once built."""
    if hyp.is_dir():
        return
    if not hyp.exists():  # a named pipe is named by _lines, not read
        raise InputError(f"{hyp}: {missing(hyp)}")
    lines = _lines(hyp)
    if not any(line.strip() for line in lines):
        raise InputError(_ALL_BLANK.format(hyp=hyp))
    _refuse_chinese(hyp, lines)


_ALL_BLANK = "{hyp}: every line is blank: no system output to score"


def _refuse_chinese(hyp: Path, lines: list[str]) -> None:
    """``InputError`` for a system output whose letters are more than ``MAX_CHINESE_SHARE`` Chinese: it
    was scored against the English references (BLEU 0.0) and put on the leaderboard."""
    letters = "".join(c for line in lines for c in line if c.isalpha())
    chinese = chinese_characters(letters)
    if chinese >= MIN_CHINESE and chinese > MAX_CHINESE_SHARE * len(letters):
        raise InputError(
            f"{hyp}: {chinese / len(letters):.0%} of its letters are Chinese: the references are English "
            "(the source side given as the output?)"
        )


def load_documents(export: Path, split: str, hyp: Path) -> list[Document]:
    """The split's documents with the system's lines: ``hyp`` is a file or a BWB-layout folder; one whose
    every line is blank (a system that wrote nothing) is an error, not a score of 0 on the leaderboard."""
    if hyp.is_dir():
        docs = from_bwb(export, split, hyp)
    elif not hyp.exists():  # a named pipe is named by _lines, not read
        raise InputError(f"{hyp}: {missing(hyp)}")
    else:
        docs = from_text(export, split, hyp)
    if not any(line.strip() for doc in docs for line in doc.hyps):
        raise InputError(_ALL_BLANK.format(hyp=hyp))
    _refuse_chinese(hyp, [line for doc in docs for line in doc.hyps])
    hyp_chars = sum(map(len, (line for doc in docs for line in doc.hyps)))
    ref_chars = sum(map(len, (line for doc in docs for line in doc.refs)))
    if hyp_chars > MAX_LENGTH_RATIO * ref_chars + MAX_LINE_CHARS:  # a translation is about as long
        raise InputError(
            f"{hyp}: {hyp_chars:,} characters, {hyp_chars / max(ref_chars, 1):,.0f} times the references' "
            f"{ref_chars:,}: not a translation of the {split} split, one bead a line"
        )
    return docs
