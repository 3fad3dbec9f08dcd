"""Pipeline stage: mine every chapter of a book into CANDIDATES rows (pipeline.schemas)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from cohesion.candidate import ADJACENCY, Candidate
from cohesion.miner import mine

PHENOMENA = ("repetition", "synonyms", "reference", "substitution", "ellipsis", "conjunction")


def mine_book(chapter_rows: list[dict], pair_rows: list[dict]) -> tuple[list[dict], dict]:
    """Candidates of all chapters (CHAPTERS rows) with their beads (ALIGNED_PAIRS rows), plus stats.

    Stats: chapters, sentences, candidates, and counts per phenomenon x adjacency (intra, adjacent,
    non_adjacent).
    """
    beads = _beads(pair_rows)
    rows: list[dict] = []
    counts: Counter = Counter()
    n_sentences = 0
    for chapter in chapter_rows:
        sentences = list(chapter["en_sentences"])
        n_sentences += len(sentences)
        where = beads.get(chapter["chapter_id"], {})
        zh = [where.get(i, ("", ""))[1] for i in range(len(sentences))]
        for n, candidate in enumerate(mine(sentences, zh)):
            rows.append(_row(chapter, n, candidate, sentences, where))
            counts[candidate.phenomenon, candidate.adjacency] += 1
    stats = {
        "chapters": len(chapter_rows),
        "sentences": n_sentences,
        "candidates": len(rows),
        "by_phenomenon": {p: {a: counts[p, a] for a in ADJACENCY} for p in PHENOMENA},
    }
    return rows, stats


def _beads(pair_rows: Iterable[dict]) -> dict[str, dict[int, tuple[str, str]]]:
    """chapter_id -> en sentence index -> (pair_id, zh of the bead)."""
    table: dict[str, dict[int, tuple[str, str]]] = {}
    for pair in pair_rows:
        chapter = table.setdefault(pair["chapter_id"], {})
        for i in pair["en_idx"]:
            chapter[i] = (pair["pair_id"], pair["zh"] or "")
    return table


def _row(
    chapter: dict, n: int, c: Candidate, sentences: list[str], where: dict[int, tuple[str, str]]
) -> dict:
    pair_a, zh_a = where.get(c.a.sent, ("", ""))
    pair_b, zh_b = where.get(c.b.sent, ("", ""))
    return {
        "candidate_id": f"{chapter['chapter_id']}/c{n}",
        "chapter_id": chapter["chapter_id"],
        "book_id": chapter["book_id"],
        "phenomenon": c.phenomenon,
        "subtype": c.subtype,
        "adjacent": c.adjacent,
        "adjacency": c.adjacency,
        "distance": c.distance,
        "sent_a": c.a.sent,
        "sent_b": c.b.sent,
        "pair_a": pair_a,
        "pair_b": pair_b,
        "a_start": c.a.start,
        "a_end": c.a.end,
        "b_start": c.b.start,
        "b_end": c.b.end,
        "a_text": c.a.text,
        "b_text": c.b.text,
        "sentence_a": sentences[c.a.sent],
        "sentence_b": sentences[c.b.sent],
        "trigger": c.trigger,
        "zh_a": zh_a,
        "zh_b": zh_b,
        "evidence": c.evidence,
    }
