"""Pipeline stage: mine every chapter of a book into CANDIDATES rows (core.schemas).

An optional per-chapter cache (any mutable mapping; the pipeline passes one backed by files) keeps
each chapter's candidates under a key of its id, sentences, aligned Chinese and the miner's own
code and word lists, so a book re-mined after one chapter changed (``update``) tags only that one.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, MutableMapping
from functools import cache

from cohesion.candidate import ADJACENCY, PHENOMENA, Candidate, Span
from cohesion.miner import mine_chapters, too_long
from core.setup_digest import setup_digest
from core.stage import StageResult


def mine_book(
    chapter_rows: list[dict], pair_rows: list[dict], cache: MutableMapping[str, list] | None = None
) -> StageResult:
    """Candidates of all chapters (CHAPTERS rows) with their beads (ALIGNED_PAIRS rows), plus stats (no rejections).

    The chapters not in ``cache`` are mined together (:func:`mine_chapters`: one tagging stream for
    the book). Stats: chapters, sentences, candidates, ``cached`` (chapters taken from ``cache``),
    ``too_long`` (sentences over the miner's :data:`MAX_CHARS`, mined as empty), and counts per
    phenomenon x adjacency (intra, adjacent, non_adjacent).
    """
    beads = _beads(pair_rows)
    todo: list[tuple[list[str], list[str]]] = []
    plan = []  # per chapter: (row, sentences, beads, cache key, cached candidates or None)
    for chapter in chapter_rows:
        sentences = list(chapter["en_sentences"])
        where = beads.get(chapter["chapter_id"], {})
        zh = [where.get(i, ("", ""))[1] for i in range(len(sentences))]
        key = _key(chapter["chapter_id"], sentences, zh)
        hit = _cached(cache.get(key)) if cache is not None else None
        if hit is None:
            todo.append((sentences, zh))
        plan.append((chapter, sentences, where, key, hit))
    fresh = mine_chapters(todo) if todo else iter(())
    rows: list[dict] = []
    counts: Counter = Counter()
    for chapter, sentences, where, key, hit in plan:
        if hit is None:
            found = next(fresh)
            if cache is not None:
                cache[key] = [_entry(c) for c in found]
        else:
            found = hit
        for n, candidate in enumerate(found):
            rows.append(_row(chapter, n, candidate, sentences, where))
            counts[candidate.phenomenon, candidate.adjacency] += 1
    stats = {
        "chapters": len(chapter_rows),
        "sentences": sum(len(sentences) for _, sentences, *_ in plan),
        "candidates": len(rows),
        "cached": sum(hit is not None for *_, hit in plan),
        "too_long": sum(too_long(s) for _, sentences, *_ in plan for s in sentences),
        "by_phenomenon": {p: {a: counts[p, a] for a in ADJACENCY} for p in PHENOMENA},
    }
    return StageResult(rows, [], stats)


def _key(chapter_id: str, sentences: list[str], zh: list[str]) -> str:
    text = json.dumps([chapter_id, sentences, zh, _rules()], ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@cache
def _rules() -> str:
    """Digest of the miner's code, word lists, WordNet and the versions of spaCy and its model: a cached
    chapter is stale once one changes."""
    return setup_digest("cohesion.miner")


def _entry(c: Candidate) -> dict:
    """``dataclasses.asdict(c)``, a cache entry's candidate, without its recursive deep copy (which
    cost 3-5% of a book's mining CPU): a candidate's fields are strings, numbers and two spans of
    them."""
    entry = dict(vars(c))
    entry["a"], entry["b"] = dict(vars(c.a)), dict(vars(c.b))
    return entry


def _candidate(data: dict) -> Candidate:
    return Candidate(**{**data, "a": Span(**data["a"]), "b": Span(**data["b"])})


def _cached(entry: object) -> list[Candidate] | None:
    """A cache entry's candidates; None (mined again, the entry rewritten) where it is not what
    ``mine_book`` writes, a list of candidates as mappings with fields of their types: an entry
    overwritten with other JSON failed the book's MineBook on every run (``TypeError: 'int' object is not
    a mapping``), which no rerun repaired."""
    if not isinstance(entry, list):
        return None
    try:
        found = [_candidate(c) for c in entry]
    except (TypeError, KeyError):  # not a mapping, a field missing or unknown
        return None
    return found if all(map(_well_typed, found)) else None


def _well_typed(c: Candidate) -> bool:
    spans = all(
        all(type(n) is int for n in (s.sent, s.start, s.end)) and isinstance(s.text, str) for s in (c.a, c.b)
    )
    texts = all(isinstance(t, str) for t in (c.subtype, c.trigger, c.evidence))
    return spans and texts and c.phenomenon in PHENOMENA and isinstance(c.clauses, bool)


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
