"""Where every artifact lives under the output folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Layout:
    """Paths of the pipeline's outputs; ``root`` is the output folder (default ``output/``)."""

    root: Path

    def books(self) -> Path:
        return self.root / "books.parquet"

    def crawl_journal(self, lang: str, book_id: str) -> Path:
        return self.root / "crawl" / lang / f"{book_id}.jsonl"

    def crawl_report(self, lang: str, book_id: str) -> Path:
        return self.root / "crawl" / lang / f"{book_id}.report.json"

    def raw(self, lang: str, book_id: str) -> Path:
        return self.root / "raw" / lang / f"{book_id}.parquet"

    def clean(self, book_id: str) -> Path:
        return self.root / "clean" / f"{book_id}.parquet"

    def deduped(self, book_id: str) -> Path:
        return self.root / "dedup" / f"{book_id}.parquet"

    def chapters(self, book_id: str) -> Path:
        return self.root / "chapters" / f"{book_id}.parquet"

    def aligned(self, book_id: str) -> Path:
        return self.root / "aligned" / f"{book_id}.parquet"

    def candidates(self, book_id: str) -> Path:
        return self.root / "candidates" / f"{book_id}.parquet"

    def rejected(self, stage: str, name: str) -> Path:
        """Rejections of one stage for one book (or ``corpus`` for corpus-level stages)."""
        return self.root / "rejected" / stage / f"{name}.parquet"

    def stats(self, stage: str, name: str) -> Path:
        return self.root / "stats" / stage / f"{name}.json"

    def export_dir(self) -> Path:
        return self.root / "export"

    def evaluation_dir(self) -> Path:
        """The masked-LM probe's results (``python -m cohesion.evaluate --out``)."""
        return self.root / "evaluation"

    def probe_results(self) -> Path:
        """The probe's results the report charts (``python -m cohesion.evaluate`` writes them by default)."""
        return self.evaluation_dir() / "probe.parquet"

    def report_dir(self) -> Path:
        return self.root / "report"

    def corrections(self, book_id: str) -> Path:
        """Reviewed beads that replace the aligner's (``qc import``), per book."""
        return self.root / "corrections" / f"{book_id}.parquet"

    def qc_dir(self) -> Path:
        return self.root / "qc"

    def build_log(self, run_id: str) -> Path:
        """Luigi's own log of one command run: the tracebacks behind its one-line failures."""
        return self.root / "_logs" / f"{run_id}.log"

    def mt_dir(self) -> Path:
        return self.root / "mt"

    def mt_scores(self, split: str, system: str) -> Path:
        return self.mt_dir() / split / f"{system}.parquet"
