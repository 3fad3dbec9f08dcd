"""The align stage of the pipeline: CHAPTERS rows of one book -> ALIGNED_PAIRS and REJECTED rows, stats."""

from __future__ import annotations

from collections import Counter

from pathlib import Path


from alignment.methods import align_chapters
from alignment.search import Paragraphs
from alignment.settings import AlignSettings
from alignment.translator import FileTranslator
from core.collection import gc_paused
from core.rejection import Rejection
from core.stage import StageResult
from text.lexicon import Lexicon


def _paragraphs(row: dict) -> Paragraphs:
    """The chapter's paragraph starts (absent in chapters tables written before they were recorded)."""
    return Paragraphs(
        frozenset(row.get("zh_paragraph_starts") or ()), frozenset(row.get("en_paragraph_starts") or ())
    )


def align_chapter_rows(
    chapter_rows: list[dict],
    lexicon: Lexicon | None = None,
    settings: AlignSettings = AlignSettings(),
    processes: int = 1,
) -> StageResult:
    """Align every chapter of a book (rows follow core.schemas.CHAPTERS) with the aligner
    ``settings.method`` (``alignment.methods``; the default includes lexicon refinement and uses
    paragraph breaks as evidence), on a pool of ``processes`` when more than one (same result).

    Returns ALIGNED_PAIRS rows, REJECTED rows with stage "align", and JSON-able stats.
    """
    with gc_paused():  # the pair rows are many small containers too
        texts = [(row["zh_sentences"] or [], row["en_sentences"] or []) for row in chapter_rows]
        results, learned = align_chapters(
            settings.method,
            texts,
            [row["chapter_id"] for row in chapter_rows],
            [_paragraphs(row) for row in chapter_rows],
            lexicon,
            FileTranslator(Path(settings.translations), ".txt") if settings.translations else None,
            processes,
            [row.get("zh_words") for row in chapter_rows],  # absent in chapters tables written before
            settings.search,
            settings.hybrid,
        )
        pairs: list[dict] = []
        rejected: list[dict] = []
        for row, (zh, en), result in zip(chapter_rows, texts, results):
            chapter_id = row["chapter_id"]
            if isinstance(result, Rejection):
                rejected.append(result.row("align", chapter_id, row["book_id"]))
                continue
            for bead_no, bead in enumerate(result):
                pairs.append(
                    {
                        "pair_id": f"{chapter_id}/{bead_no}",
                        "chapter_id": chapter_id,
                        "book_id": row["book_id"],
                        "bead_no": bead_no,
                        "zh_idx": list(bead.zh),
                        "en_idx": list(bead.en),
                        "zh": "".join(zh[i] for i in bead.zh),
                        "en": " ".join(en[j] for j in bead.en),
                        "bead_type": bead.kind,
                        "score": bead.score,
                    }
                )
    stats = {
        "chapters": len(chapter_rows),
        "chapters_aligned": len(chapter_rows) - len(rejected),
        "chapters_rejected": dict(Counter(row["reason"] for row in rejected)),
        "beads": len(pairs),
        "bead_types": dict(sorted(Counter(pair["bead_type"] for pair in pairs).items())),
        "method": settings.method,
        "lexicon_pairs_learned": learned,
        "mean_score": round(sum(pair["score"] for pair in pairs) / len(pairs), 4) if pairs else 0.0,
    }
    return StageResult(pairs, rejected, stats)
