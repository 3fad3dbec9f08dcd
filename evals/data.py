"""The evaluation data: where it lives, its gold beads, and its chapters in either layout.

``EVAL_DATA`` (``../shared/eval-data`` beside the repository; copyrighted, read at run time, never
copied into the project) is the one place every eval command finds its data sets; ``read_gold`` is the
one reader of gold ``.align`` files.

- Sentence layout (MAC): ``zh/NNN.txt``, ``en/NNN.txt`` (one sentence per line), ``gold/NNN.align``
  (optional) and, optionally, ``zh-para/NNN.txt``, ``en-para/NNN.txt`` (one paragraph per line, made of
  all those sentences in order; a DataError otherwise). The gold beads are also the gold groups of line
  accuracy.
- Line layout (web fiction): ``lines/NNN.zh``, ``lines/NNN.en``, one paragraph per line, line i
  translated by line i. Lines are split with the project's splitter; the gold groups are the lines.

Paragraph starts are evidence for the aligner. ``perturb_starts`` imitates translators who merge and
split paragraphs, so that a score measured with paragraphs is honest.
"""

from __future__ import annotations

import argparse
import errno
import os
import random
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

from alignment.beads import parse_bead
from core.arg_types import input_path
from core.files import missing, os_problem
from core.lines import split_text_lines
from core.paths import REPO_ROOT
from core.rejection import shorten
from evals.metric import BeadKey
from text.decoding import read_utf8
from text.sentences import split_en, split_zh

EVAL_DATA = REPO_ROOT.parent / "shared" / "eval-data"

MERGE_SHARE = 0.10  # en paragraph breaks removed by the perturbation
SPLIT_SHARE = 0.05  # en paragraphs of two or more sentences split at a sentence end
SEED = 11


class DataError(ValueError):
    """The folder exists but holds no chapters or malformed ones."""


@dataclass(frozen=True)
class EvalChapter:
    name: str
    zh: list[str]
    en: list[str]
    gold: list[BeadKey] | None  # None: no gold for this chapter
    zh_starts: frozenset[int]  # sentence indices that begin a paragraph (empty: no paragraph data)
    en_starts: frozenset[int]


def add_dev_dirs(parser: argparse.ArgumentParser) -> None:
    """The ``data_dirs`` argument of a command that folds mac-dev and webfiction-dev chapters together."""
    parser.add_argument(
        "data_dirs",
        type=input_path,
        nargs="*",
        default=[EVAL_DATA / "mac-dev", EVAL_DATA / "webfiction-dev"],
        help="evaluation folders (default: mac-dev and webfiction-dev under ../shared/eval-data)",
    )


def not_a_folder(data_dir: Path) -> bool:
    """Whether ``data_dir`` is there but no folder (a file given for it) or cannot be looked at (a symbolic
    link that loops, no permission), told in one line on stderr: the command fails (such a path was read as
    no data: "skipped: no evaluation data in ..." and status 0)."""
    try:
        is_folder = stat.S_ISDIR(os.stat(data_dir).st_mode)
    except FileNotFoundError:  # no data there (a link to nothing too): the command's "skipped" line
        return False
    except OSError as err:
        problem = missing(data_dir, "folder") if err.errno == errno.ELOOP else os_problem(err)
        print(f"error: {data_dir}: {problem}", file=sys.stderr)
        return True
    if not is_folder:
        print(f"error: {data_dir}: not a folder", file=sys.stderr)
    return not is_folder


def present(data_dirs: list[Path]) -> list[Path] | None:
    """The folders of ``data_dirs`` that exist, with a line "skipped: no data at ..." for each that does
    not; None when one is no folder (``not_a_folder`` says why: the command fails)."""
    if any([not_a_folder(data_dir) for data_dir in data_dirs]):  # a line for each
        return None
    for missing_dir in sorted(set(data_dirs) - {d for d in data_dirs if d.exists()}):
        print(f"skipped: no data at {missing_dir}")
    return [d for d in data_dirs if d.exists()]


def read_text(path: Path) -> str:
    """The text of ``path``, line ends as they are, without a leading byte order mark; DataError when it
    is no regular file, cannot be read or is not UTF-8 text (``text.decoding.read_utf8``)."""
    try:
        return read_utf8(path, "read")
    except ValueError as err:
        raise DataError(str(err)) from None


def read_lines(path: Path) -> list[str]:
    """The lines of ``path``, ended by LF, CRLF or a CR alone (as Python's text files read them); not at a
    form feed, U+0085 or U+2028 inside a sentence, where ``str.splitlines`` broke one sentence in two and
    shifted every later one, so that the gold's beads named the wrong sentences without a word."""
    return split_text_lines(read_text(path))


def read_gold(path: Path, sizes: tuple[int, int] | None = None) -> list[BeadKey]:
    """The beads of one ``NNN.align`` file as (zh indices, en indices); DataError when malformed. Given the
    chapter's (zh, en) sentence counts ``sizes`` (a gold file), also when a bead names a sentence beyond
    them or one an earlier bead names (gold beads may cross, not share; a system's output may share), and
    when a sentence is in no bead (a line deleted: the aligner's bead there was scored as wrong) or the file
    holds none (an empty file)."""
    lines = read_lines(path)
    try:
        beads = [parse_bead(line).key for line in lines if line.strip()]
    except ValueError as err:  # the line cut short: a 200 MB line was echoed whole
        raise DataError(f"{path}: {shorten(str(err))}") from None
    if sizes is not None and any(sizes) and not beads:  # named as such, not as its first sentence left out
        raise DataError(f"{path}: no gold beads (an empty file)")
    if sizes is not None:
        seen: tuple[set[int], set[int]] = (set(), set())
        for n, key in enumerate(beads, 1):
            for side, indices, size, named in zip(("zh", "en"), key, sizes, seen):
                if indices and max(indices) >= size:
                    raise DataError(
                        f"{path}: bead {n} names {side} sentence {max(indices)}, but the chapter has {size}"
                    )
                if again := [i for i in indices if i in named or indices.count(i) > 1]:
                    raise DataError(f"{path}: bead {n} names {side} sentence {again[0]} again")
                named.update(indices)
        for side, size, named in zip(("zh", "en"), sizes, seen):
            if left := sorted(set(range(size)) - named):
                raise DataError(
                    f"{path}: {side} sentence {left[0]} is in no bead (a gold bead covers every sentence)"
                )
    return beads


def _require_sentences(*sides: tuple[Path, list[str]]) -> None:
    """DataError naming the first chapter file (path, its sentences) without a sentence."""
    for path, sentences in sides:
        if not any(sentence.strip() for sentence in sentences):
            raise DataError(f"{path}: an empty chapter (no sentences)")


def chapter_names(data_dir: Path, lang: str = "zh") -> list[str]:
    """NNN of every DATA_DIR/LANG/NNN.txt (translations such as NNN.trans.txt excluded)."""
    return sorted(path.stem for path in (data_dir / lang).glob("*.txt") if "." not in path.stem)


def paragraph_starts(sentences: list[str], path: Path) -> frozenset[int]:
    """Where each paragraph (non-blank line) of the paragraph file ``path`` begins among ``sentences``
    (compared without whitespace); DataError naming the file and line when the paragraphs are not the
    sentences in order, and when they end before the last sentence."""
    starts, k = set(), 0
    for n, paragraph in enumerate(read_lines(path), 1):
        target, text, first = "".join(paragraph.split()), "", k
        if not target:
            continue
        starts.add(first)
        while k < len(sentences) and len(text) < len(target):
            text += "".join(sentences[k].split())
            k += 1
        if text != target:
            raise DataError(
                f"{path}: line {n}: not the next sentences of the chapter (from its sentence line {first + 1})"
            )
    if k < len(sentences):
        raise DataError(f"{path}: its paragraphs hold {k} of the chapter's {len(sentences)} sentences")
    return frozenset(starts)


def scored_names(data_dir: Path) -> list[str]:
    """NNN of every chapter (zh/NNN.txt); DataError for a gold/NNN.align of no zh/NNN.txt, and for a chapter
    without gold/NNN.align where others have one (either chapter was left out of the scores without a word;
    a folder without gold is aligned unscored)."""
    names = chapter_names(data_dir)
    golds = {path.stem for path in (data_dir / "gold").glob("*.align")}
    if stray := sorted(golds - set(names)):
        raise DataError(
            f"{data_dir}: gold/{stray[0]}.align has no zh/{stray[0]}.txt: its chapter cannot be scored"
        )
    if golds and (ungold := sorted(set(names) - golds)):
        raise DataError(
            f"{data_dir}: zh/{ungold[0]}.txt has no gold/{ungold[0]}.align: its chapter cannot be scored"
        )
    return names


def _sentence_layout(data_dir: Path) -> list[EvalChapter]:
    """The chapters of zh/NNN.txt and en/NNN.txt (``scored_names``)."""
    names = scored_names(data_dir)
    chapters = []
    for name in names:
        en_path = data_dir / "en" / f"{name}.txt"
        if not os.path.lexists(en_path):
            raise DataError(f"{data_dir}: zh/{name}.txt has no en/{name}.txt")
        zh_path = data_dir / "zh" / f"{name}.txt"
        zh, en = read_lines(zh_path), read_lines(en_path)
        _require_sentences((zh_path, zh), (en_path, en))
        gold_path = data_dir / "gold" / f"{name}.align"
        gold = read_gold(gold_path, (len(zh), len(en))) if os.path.lexists(gold_path) else None
        starts = []
        for side, sentences in (("zh", zh), ("en", en)):
            para = data_dir / f"{side}-para" / f"{name}.txt"
            starts.append(paragraph_starts(sentences, para) if os.path.lexists(para) else frozenset())
        chapters.append(EvalChapter(name, zh, en, gold, *starts))
    return chapters


def _split_lines(lines: list[str], split) -> tuple[list[str], list[tuple[int, ...]]]:
    sentences: list[str] = []
    groups = []
    for line in lines:
        parts = split(line) if line.strip() else []
        groups.append(tuple(range(len(sentences), len(sentences) + len(parts))))
        sentences += parts
    return sentences, groups


def _line_layout(data_dir: Path) -> list[EvalChapter]:
    chapters = []
    for zh_path in sorted((data_dir / "lines").glob("*.zh")):
        en_path = zh_path.with_suffix(".en")
        if not os.path.lexists(en_path):
            raise DataError(f"{data_dir}: lines/{zh_path.name} has no lines/{en_path.name}")
        zh_lines, en_lines = read_lines(zh_path), read_lines(en_path)
        if len(zh_lines) != len(en_lines):
            raise DataError(f"{zh_path}: {len(zh_lines)} lines but {en_path.name} has {len(en_lines)}")
        zh, zh_groups = _split_lines(zh_lines, split_zh)
        en, en_groups = _split_lines(en_lines, split_en)
        _require_sentences((zh_path, zh), (en_path, en))
        chapters.append(
            EvalChapter(
                zh_path.stem, zh, en, list(zip(zh_groups, en_groups)),
                frozenset(g[0] for g in zh_groups if g), frozenset(g[0] for g in en_groups if g),
            )
        )  # fmt: skip
    return chapters


def load_chapters(data_dir: Path) -> list[EvalChapter]:
    """The chapters of ``data_dir``; DataError when it holds none or a malformed one (an empty chapter
    file or gold file among them, or one there that cannot be read, such as a link that loops: it was
    taken for absent, a chapter without gold or paragraphs)."""
    chapters = _line_layout(data_dir) if (data_dir / "lines").is_dir() else _sentence_layout(data_dir)
    if not chapters:
        raise DataError(f"{data_dir}: no chapters (expected zh/NNN.txt + en/NNN.txt or lines/NNN.zh + .en)")
    return chapters


def gold_chapters(data_dir: Path) -> list[EvalChapter]:
    """The chapters of ``data_dir`` with gold beads; DataError when it holds none (or a malformed one)."""
    chapters = [chapter for chapter in load_chapters(data_dir) if chapter.gold]
    if not chapters:
        raise DataError(f"{data_dir}: no chapter has gold beads (expected gold/NNN.align)")
    return chapters


def perturb_starts(starts: frozenset[int], n: int, seed: int = SEED) -> frozenset[int]:
    """Merge about MERGE_SHARE of neighbouring paragraphs, split about SPLIT_SHARE at a sentence end."""
    rng = random.Random(seed)
    ordered = sorted(starts)
    kept = {start for start in ordered if start == ordered[0] or rng.random() >= MERGE_SHARE}
    for start, end in zip(ordered, ordered[1:] + [n]):
        if end - start >= 2 and rng.random() < SPLIT_SHARE:
            kept.add(rng.randrange(start + 1, end))
    return frozenset(kept)
