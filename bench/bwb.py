"""BWB's own counts, and the cost model that scales a benchmark's measurements up to them.

A stage's CPU time is a cost paid once per build (loading dictionaries and models: ``pipeline.preload``
loads them in the process that forks the tasks), a fixed cost per Luigi task (what a task forked
after the preload still pays besides its share of the text, mostly filling look-up caches: with
``--workers`` > 1 every task runs in a process of its own), plus a variable cost per unit of its
basis (``BASIS``):

* clean, dedup, align and mine: per **word**, both languages (``exports.tokens``: English whitespace
  tokens, Chinese jieba words), since their work is linear in the text;
* filter (chapter pairing + the chapter filters): per **chapter pair**, measured at BWB's chapters per
  book, since pairing compares each chapter with its neighbours in the book and so costs more per
  chapter in longer books.

Words are the basis, not sentence pairs, as measured (``python -m bench.bench_shape``, and the scale
bench on synthetic books with sentences of three lengths): mining, most of the total, costs the same
per word at 27, 31 and 40 words per sentence pair; align costs 10-20% more per word in the shorter
sentences. So the synthetic sentences are made as long as real web novels' as the project's
splitters split them (``bench.synthetic``: about 31 words per sentence pair). BWB's 48.1 words per
sentence pair, printed beside, count BWB's pairs, a Chinese line with its English sentences: on
BWB's example chapter (``evals.bwb_example``) the aligner makes 38 pairs of its 30 lines, 30.3 words
each, against 38.4 words per line (48.8 with Chinese counted in characters, as BWB may count it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from core import storage
from core.layout import Layout


@dataclass(frozen=True)
class Units:
    """The size of a corpus in every unit a stage's cost may follow."""

    books: int
    chapters: int  # chapter pairs kept by the filter stage
    pairs: int  # sentence pairs: aligned beads with both sides
    words: int  # words of the kept chapter pairs, both languages

    def shape(self) -> str:
        shape = f"{self.chapters / self.books:.0f} chapters/book"
        if self.pairs:
            shape += f", {self.pairs / self.chapters:.1f} sentence pairs/chapter, {self.words / self.pairs:.1f} words/sentence pair"
        return shape


# BWB (Jiang et al., ACL 2023): 196,304 chapters in 384 books, 9,581,816 sentence pairs, 460.8M words
# in both languages together.
BWB = Units(books=384, chapters=196_304, pairs=9_581_816, words=460_800_000)
STAGES = ("clean", "dedup", "filter", "align", "mine")
BASIS = {"clean": "words", "dedup": "words", "filter": "chapters", "align": "words", "mine": "words"}
FAMILY = {
    "clean": "CleanBook",
    "dedup": "DedupCorpus",
    "filter": "FilterBook",
    "align": "AlignBook",
    "mine": "MineBook",
}
PER_CORPUS = {"dedup"}  # one task for the whole corpus; the other stages have one task per book


def words_if_characters(data_dir: Path) -> float | None:
    """This project's words per BWB word if BWB counts Chinese in characters: over the lines of the BWB
    paper's example chapter (``evals.bwb_example``), jieba words + English words against Chinese
    characters + English words. None when the chapter is absent.

    BWB gives 48.1 words per sentence pair; the example's lines have 48.8 characters + English words
    and 38.4 jieba words + English words, so the characters reading fits BWB's count and this basis's
    460.8M may be too high. One chapter of 30 lines is weak evidence: the scale bench prints it beside
    the extrapolation, which keeps BWB's figure.
    """
    from evals.data import read_lines
    from exports.tokens import en_words, zh_words

    if not (data_dir / "0.chs_re.txt").is_file() or not (data_dir / "0.ref_re.txt").is_file():
        return None
    zh, en = read_lines(data_dir / "0.chs_re.txt"), read_lines(data_dir / "0.ref_re.txt")
    english = sum(map(en_words, en))
    characters = sum(map(_han_characters, zh))
    return (sum(map(zh_words, zh)) + english) / (characters + english)


def _han_characters(text: str) -> int:
    return sum("\u4e00" <= char <= "\u9fff" for char in text)


def corpus_units(root: Path, books: list[str]) -> Units:
    """The units of a built corpus (its ``chapters`` and ``aligned`` tables)."""
    from exports.tokens import en_words, zh_words

    layout = Layout(root)
    chapters = pairs = words = 0
    for book in books:
        rows = storage.read_rows(layout.chapters(book), "chapters")
        chapters += len(rows)
        words += sum(
            sum(map(zh_words, row["zh_sentences"])) + sum(map(en_words, row["en_sentences"])) for row in rows
        )
        if layout.aligned(book).exists():  # a build stopped before alignment has no sentence pairs yet
            beads = storage.read_rows(layout.aligned(book), "aligned_pairs")
            pairs += sum(bool(bead["zh_idx"]) and bool(bead["en_idx"]) for bead in beads)
    return Units(len(books), chapters, pairs, words)


@dataclass(frozen=True)
class StageCost:
    """A stage's cost model: CPU seconds paid once per build, by every task, and per unit of its basis."""

    stage: str
    per_task_s: float  # what a task forked after the preload pays besides its share: filling caches
    rate: float  # CPU seconds per unit of the basis
    units: Units  # the corpus the rate was measured on
    load_s: float = 0.0  # the preload, once per build process (costs saved before it: in per_task_s)

    @classmethod
    def measured(
        cls,
        stage: str,
        load_s: float,
        seconds: float,
        units: Units,
        tasks: int = 1,
        smaller: tuple[float, Units, int] | None = None,
    ) -> StageCost:
        """From ``load_s`` of preloading, then ``seconds`` of ``tasks`` tasks on ``units``. Given the
        seconds, units and tasks of a smaller corpus too, the line through the two sizes' cost per task
        gives the rate (its slope) and the cost every task pays (its intercept). Filter keeps its rate at
        the larger size, whose book length it depends on."""
        basis = BASIS[stage]
        rate, fixed = seconds / getattr(units, basis), 0.0
        if smaller and basis != "chapters":
            small_seconds, small_units, small_tasks = smaller
            size, small_size = getattr(units, basis) / tasks, getattr(small_units, basis) / small_tasks
            slope = (
                (seconds / tasks - small_seconds / small_tasks) / (size - small_size)
                if size > small_size
                else rate
            )
            if 0 < slope < rate:
                rate, fixed = slope, seconds / tasks - slope * size
        return cls(stage, fixed, rate, units, load_s)

    @property
    def basis(self) -> str:
        return BASIS[self.stage]

    def predict(self, units: Units) -> float:
        """CPU seconds of this stage on a corpus of ``units``, built by one build process."""
        tasks = 1 if self.stage in PER_CORPUS else units.books
        return self.load_s + self.per_task_s * tasks + self.rate * getattr(units, self.basis)


def hours_on(core_seconds: dict[str, float], cores: int, books: int) -> float:
    """Wall hours on ``cores`` cores (Luigi workers, one machine or several sharing a luigid): the per-book
    stages spread over min(cores, books) workers, the corpus-level dedup on one; load balance assumed."""
    parallel = min(cores, books)
    return sum(s if stage in PER_CORPUS else s / parallel for stage, s in core_seconds.items()) / 3600
