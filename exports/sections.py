"""The sections of the corpus report; each says "not built yet" when its tables are missing."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.compute as pc
import pyarrow.parquet as pq

from exports.corpus import aligned_chapters, book_files, rejected_files
from exports.document import Image, Section, Table
from exports.plots import bar_chart, grouped_bar_chart, histogram
from exports.stats import SplitStats, table6_rows
from exports.tokens import WORD_RULE
from core.rejection import KEPT_OUTCOMES
from core.layout import Layout
from core.storage import read_many, read_table

STAGES = ("crawl", "clean", "dedup", "pair", "filter", "align")


def not_built(title: str, what: str, built: bool = False) -> Section:
    """The section of a table not built yet; ``built``: built, but every chapter was rejected before it
    (the corpus read "Not built yet" after a build that rejected all)."""
    if built:
        return Section(title, [f"No {what}: the build rejected every chapter (see the filter funnel)."])
    return Section(title, [f"Not built yet: no {what}."])


def table6_section(stats: dict[str, SplitStats], built: bool = False) -> Section:
    """``built``: the aligned tables are there (``not_built``)."""
    title = "Corpus statistics (BWB Table 6)"
    if not stats:
        return not_built(title, "aligned chapters", built)
    return Section(
        title,
        [
            Table(table6_rows(stats)),
            "A sentence is a line of the BWB layout: one bead, with one-sided beads merged into a "
            "neighbour. " + WORD_RULE,
        ],
    )


def lengths_section(stats: dict[str, SplitStats], img: Path, built: bool = False) -> Section:
    """``built``: the aligned tables are there (``not_built``)."""
    title = "Sentence and chapter lengths"
    if not stats:
        return not_built(title, "aligned chapters", built)
    blocks = []
    for unit, attr in (("sentence", "sent_len"), ("chapter", "chap_len")):
        samples = {lang: [n for s in stats.values() for n in getattr(s, attr)[lang]] for lang in ("zh", "en")}
        path = histogram(img / f"{unit}_lengths.png", samples, f"{unit.capitalize()} length", "words")
        blocks.append(Image(f"img/{path.name}", f"{unit} lengths in words, zh and en"))
    return Section(title, blocks)


def funnel_section(layout: Layout, img: Path) -> Section:
    title = "Filter funnel"
    fetched = {
        lang: sum(pq.read_metadata(p).num_rows for p in book_files(lambda b, lang=lang: layout.raw(lang, b)))
        for lang in ("zh", "en")
    }
    rejected = read_many(rejected_files(layout), "rejected", ["stage", "reason", "lang"]).to_pylist()
    if not any(fetched.values()) and not rejected:
        return not_built(title, "raw chapters or rejections")
    counts = Counter((r["stage"], r["reason"], r["lang"] or "pair") for r in rejected)
    reasons = sorted(
        {(s, r) for s, r, _ in counts},
        key=lambda k: (STAGES.index(k[0]) if k[0] in STAGES else len(STAGES), k),
    )
    rows = [{"step": "in", "stage": "crawl", "reason": "raw chapters fetched", **fetched, "pair": 0}]
    rows += [
        {
            "step": "kept, paired by content" if s == "pair" and r in KEPT_OUTCOMES else "rejected",
            "stage": s,
            "reason": r,
            **{lang: counts[s, r, lang] for lang in ("zh", "en", "pair")},
        }
        for s, r in reasons
    ]
    aligned = len(aligned_chapters(book_files(layout.aligned)))
    kept = sum(pq.read_metadata(p).num_rows for p in book_files(layout.chapters))
    rows += [
        {"step": "kept", "stage": "pair", "reason": "paired chapters", "zh": 0, "en": 0, "pair": kept},
        {
            "step": "kept",
            "stage": "align",
            "reason": "aligned chapters",
            "zh": 0,
            "en": 0,
            "pair": aligned,
        },
    ]
    blocks = [
        Table(rows),
        "zh / en count raw chapters of one language; pair counts paired chapters "
        "or sentence pairs (rejections with no language).",
    ]
    if reasons:
        labels = [f"{s}: {r}" for s, r in reasons]
        series = {lang: [counts[s, r, lang] for s, r in reasons] for lang in ("zh", "en", "pair")}
        path = bar_chart(img / "rejections.png", series, labels, "Rejections by stage and reason")
        blocks.append(Image(f"img/{path.name}", "rejections by stage and reason"))
    return Section(title, blocks)


def alignment_section(layout: Layout, img: Path) -> Section:
    """Bead types and scores read a book at a time: the scores kept as one float64 array, not a Python float
    each (a corpus of BWB's 9.6M beads held about 0.9 GB of them)."""
    title = "Alignment: bead types and scores"
    types: Counter[str] = Counter()
    scores: list[np.ndarray] = []
    for path in book_files(layout.aligned):
        pairs = read_table(path, "aligned_pairs", ["bead_type", "score"])
        types.update(pairs.column("bead_type").to_pylist())
        scores.append(pc.drop_null(pairs.column("score")).to_numpy().astype(np.float64))
    beads = types.total()
    if not beads:
        return not_built(title, "aligned pairs", bool(book_files(layout.aligned)))
    ranked = types.most_common()
    bars = bar_chart(
        img / "bead_types.png",
        {"beads": [n for _, n in ranked]},
        [t for t, _ in ranked],
        "Bead types",
        "beads",
    )
    hist = histogram(img / "scores.png", {"score": np.concatenate(scores)}, "Alignment score", "score")
    return Section(
        title,
        [
            Table([{"bead type": t, "beads": n, "share %": round(100 * n / beads, 1)} for t, n in ranked]),
            Image(f"img/{bars.name}", "bead type histogram"),
            Image(f"img/{hist.name}", "score distribution"),
        ],
    )


def _genre(book: dict[str, Any]) -> str:
    """A row of the books table's genre: "(none)" where the config gives none, "(adopted)" for a book adopted
    into the folder (``--adopt``), whose genre the config does not know."""
    return book["genre"] or ("(adopted)" if book["adopted"] else "(none)")


def genre_section(layout: Layout, aligned_books: list[str], img: Path) -> Section:
    title = "Genres"
    if not layout.books().is_file():
        return not_built(title, "books.parquet")
    books = read_table(layout.books(), "books").select(["book_id", "genre", "adopted"]).to_pylist()
    all_books = Counter(_genre(b) for b in books)
    aligned = Counter(_genre(b) for b in books if b["book_id"] in set(aligned_books))
    genres = [g for g, _ in all_books.most_common()]
    path = bar_chart(
        img / "genres.png",
        {"aligned": [aligned[g] for g in genres], "not aligned": [all_books[g] - aligned[g] for g in genres]},
        genres,
        "Books per genre",
        "books",
    )
    return Section(
        title,
        [
            Table([{"genre": g, "books": all_books[g], "aligned books": aligned[g]} for g in genres]),
            Image(f"img/{path.name}", "books per genre"),
        ],
    )


def cohesion_section(layout: Layout, img: Path) -> Section:
    title = "Cohesion candidates"
    found = read_many(book_files(layout.candidates), "candidates", ["phenomenon", "adjacency"]).to_pylist()
    if not found:
        return not_built(title, "cohesion candidates")
    counts = Counter((c["phenomenon"], c["adjacency"]) for c in found)
    total = Counter(c["phenomenon"] for c in found)
    phenomena = sorted(total, key=lambda p: (-total[p], p))
    rows = [
        {
            "phenomenon": p,
            "intra": counts[p, "intra"],
            "adjacent": counts[p, "adjacent"],
            "non-adjacent": counts[p, "non_adjacent"],
            "total": total[p],
        }
        for p in phenomena
    ]
    path = bar_chart(
        img / "cohesion.png",
        {key: [r[key] for r in rows] for key in ("intra", "adjacent", "non-adjacent")},
        phenomena,
        "Cohesion candidates per phenomenon",
        "candidates",
    )
    return Section(
        title,
        [
            Table(rows),
            "Adjacent: the two sentences are neighbours (distance 1).",
            Image(f"img/{path.name}", "cohesion candidates per phenomenon"),
        ],
    )


def probe_section(layout: Layout, img: Path) -> Section | None:
    """hit@1 of the masked-LM cohesion probe per phenomenon x adjacency and model; None before a run."""
    path = layout.probe_results()
    if not path.is_file():
        return None
    from cohesion.probe_tables import hit_rates, hit_table

    rows = read_table(path, "probe_results").to_pylist()
    rates = hit_rates(rows)
    short = {"adjacent": "adj", "non_adjacent": "non-adj", "intra": "intra"}
    groups = [f"{phenomenon} {short[adjacency]}" for phenomenon, adjacency in rates]
    models = list(next(iter(rates.values()), {}))
    hits = {m: [cell[0] if (cell := by_model[m]) else 0.0 for by_model in rates.values()] for m in models}
    chart = grouped_bar_chart(
        img / "probe.png", hits, groups, "Cohesion probe: hit@1 per phenomenon", "hit@1 %"
    )
    unjudged = sum(not r["judged"] for r in rows)
    note = "hit@1 % (items) of the masked-LM probe (python -m cohesion.evaluate)."
    if unjudged:
        note += f" {unjudged} of {len(rows)} rows are UNJUDGED miner candidates, not an annotated suite."
    blocks = [Table(hit_table(rows)), note, Image(f"img/{chart.name}", "probe hit@1")]
    return Section("Cohesion probe (masked LMs)", blocks)
