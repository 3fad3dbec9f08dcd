"""Report sections on review and evaluation: alignment QC, corrections, pronouns, entities, MT leaderboard."""

from __future__ import annotations

from collections import Counter

from core.layout import Layout
from core.storage import DamagedFile, brief_json, read_json
from exports.document import Section, Table
from exports.sections import not_built
from exports.report_counts import NER_SPLIT, ReportCounts
from mteval.corpus_stats import (
    correction_rows,
    entity_rows,
    pronoun_rows,
    zero_pronoun_rows,
)
from text.pronouns import EN_PRONOUNS, ZH_PRONOUNS
from mteval.run import leaderboard
from qc.run import corrections_status
from qc.store import accuracy_path


def qc_section(layout: Layout) -> Section:
    title = "Alignment quality control"
    if not accuracy_path(layout).is_file():
        return Section(title, ["No review imported yet (python -m pipeline qc sample, then qc import)."])
    path = accuracy_path(layout)
    data = read_json(path)
    columns = ("book", "beads", "correct", "accuracy %", "95% interval")  # the JSON file sorts keys
    rows = data.get("accuracy") if isinstance(data, dict) else None
    if not isinstance(rows, list) or not all(isinstance(r, dict) and set(columns) <= r.keys() for r in rows):
        found = f"accuracy: {brief_json(rows)}" if isinstance(data, dict) else brief_json(data)
        raise DamagedFile(path, f"not the accuracy table qc import writes ({found} found)")
    blocks = [
        Table([{c: row[c] for c in columns} for row in rows]),
        "Accuracy: share of reviewed beads judged correctly aligned, with the Wilson 95% interval.",
    ]
    stale = corrections_status(layout)[1]
    if stale:
        reasons = Counter(reason.split(":")[0] for reason in stale.values())
        blocks.append(
            f"Stale corrections, not applied: {len(stale)} ("
            + ", ".join(f"{r}: {n}" for r, n in sorted(reasons.items()))
            + ")."
        )
    return Section(title, blocks)


def discourse_sections(counts: ReportCounts | None) -> list[Section]:
    """Corrections share, pronoun tables, zero-pronoun proxy and entities; ``counts``: None where no split
    was planned (no aligned table)."""
    stats, test_lines = (counts.discourse, counts.test_lines) if counts else ({}, [])
    if not stats:
        built = counts is not None  # planned from the aligned tables, which hold no chapter
        return [
            not_built(t, "aligned chapters", built) for t in ("Corrected lines", "Pronouns", "Named entities")
        ]
    corrections = Section(
        "Corrected lines",
        [
            Table(correction_rows(stats)),
            "Beads replaced by reviewed corrections (python -m pipeline qc import), as BWB's 7.3% of dev/test lines.",
        ],
    )
    pronouns = Section(
        "Pronouns",
        [
            Table(pronoun_rows(stats)),
            "English: "
            + ", ".join(sorted(EN_PRONOUNS))
            + ". Chinese (jieba tokens): "
            + "、".join(ZH_PRONOUNS)
            + ". Classes as in BWB: masculine, feminine, neuter, epicene (they; 他们 for mixed groups; 其).",
            Table(zero_pronoun_rows(stats)),
            "Zero-pronoun proxy: English pronouns in two-sided beads whose Chinese side has no pronoun.",
        ],
    )
    entities = Section(
        f"Named entities ({NER_SPLIT} references)",
        [
            Table(entity_rows(test_lines)) if test_lines else f"No {NER_SPLIT} split.",
            "spaCy's English NER (en_core_web_sm 3.8.0), on the English side of the test split.",
        ],
    )
    return [corrections, pronouns, entities]


def leaderboard_section(layout: Layout) -> Section:
    title = "MT evaluation"
    board = leaderboard(layout)
    if not board:
        return Section(
            title, ["No system scored yet (python -m pipeline evaluate-mt --split test --hyp FILE)."]
        )
    return Section(
        title,
        [
            Table(board),
            "BLEU, chrF and TER: sacreBLEU 2.6.0 defaults (signatures in mt/{split}/{system}.parquet); METEOR: NLTK, "
            "mean of sentence scores. *-f1 (%): document-level discourse overlap (pronouns, PERSON and other entities, "
            "verb tense, discourse markers; mteval.discourse), what BlonDe measures but not BlonDe. "
            "BERTScore is not computed (no model weights offline).",
        ],
    )
