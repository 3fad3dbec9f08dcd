"""The report's one pass: Table 6 and the discourse counts as before, each chapter's Chinese segmented once."""

from __future__ import annotations

from core.layout import Layout
from core.schemas import TABLES
from core.storage import write_table
from exports.plan import plan_splits
from exports.report_counts import count_corpus
from exports.splits import SplitAssignment
from exports.stats import collect, table6_rows
from mteval.corpus_stats import SplitDiscourse, correction_rows, pronoun_rows, zero_pronoun_rows
from text.chinese import cut
from exports.corpus import iter_docs
from exports.text import merge_empty_sides
from tests.exports.synthetic import build_output


def _discourse(layout: Layout, assignment) -> tuple[dict[str, SplitDiscourse], list[str]]:
    """The discourse counts bead by bead, every bead segmented by ``cut`` (what the report did)."""
    stats: dict[str, SplitDiscourse] = {}
    lines = []
    for doc in iter_docs(layout, assignment):
        split = stats.setdefault(doc.split, SplitDiscourse())
        for bead in doc.beads:
            split.add(bead)
            lines += [bead["en"]] if doc.split == "test" and bead["en"] else []
    return stats, lines


def _counting(monkeypatch) -> list[str]:
    texts: list[str] = []
    monkeypatch.setattr("exports.report_counts.cut", lambda text: texts.append(text) or cut(text))
    return texts


def test_the_counts_are_those_of_table6_and_the_bead_by_bead_discourse(tmp_path):
    layout = build_output(tmp_path / "out")
    assignment = plan_splits(layout)
    counts = count_corpus(layout, assignment)
    discourse, test_lines = _discourse(layout, assignment)
    assert table6_rows(counts.stats) == table6_rows(collect(layout, assignment))
    assert [s.sent_len for s in counts.stats.values()] == [
        s.sent_len for s in collect(layout, assignment).values()
    ]
    assert list(counts.discourse) == list(discourse)
    for rows in (pronoun_rows, zero_pronoun_rows, correction_rows):
        assert rows(counts.discourse) == rows(discourse)
    assert counts.test_lines == test_lines


def _chapter(layout: Layout, beads: list[tuple[str, str]]) -> None:
    """One book of one chapter, its beads (zh, en) in order."""
    rows = [
        {"pair_id": f"bk/1/{k}", "chapter_id": "bk/1", "book_id": "bk", "bead_no": k, "zh_idx": [k],
         "en_idx": [k], "zh": zh, "en": en, "bead_type": "1-1", "score": 0.5}
        for k, (zh, en) in enumerate(beads)
    ]  # fmt: skip
    write_table(rows, "aligned_pairs", layout.aligned("bk"))
    chapter = {
        **dict.fromkeys(TABLES["chapters"].names),
        "chapter_id": "bk/1",
        "book_id": "bk",
        "chapter_no": 1,
    }
    write_table([chapter], "chapters", layout.chapters("bk"))


def test_each_chinese_text_of_a_chapter_is_segmented_once(tmp_path, monkeypatch):
    layout = build_output(tmp_path / "out")
    assignment = plan_splits(layout)
    texts = _counting(monkeypatch)
    count_corpus(layout, assignment)
    per_chapter = [
        {b["zh"] or "" for b in doc.beads} | {zh for zh, _ in merge_empty_sides(doc.beads)}
        for doc in iter_docs(layout, assignment)
    ]
    # 86 beads and 71 lines in 15 chapters, each chapter's line with a line break a text of its own
    # (exports.text.one_line): 101 texts, where Table 6 and the pronouns segmented 71 + 86
    assert len(texts) == sum(map(len, per_chapter)) == 86 + 15


def test_a_line_merged_from_one_sided_beads_is_segmented_as_one_text(tmp_path, monkeypatch):
    layout = Layout(tmp_path)
    _chapter(layout, [("他们走了。", "They left."), ("他", ""), ("们笑了。", "")])
    texts = _counting(monkeypatch)
    counts = count_corpus(layout, SplitAssignment({"bk": "train"}, {"bk/1": "train"}))
    assert texts == ["他们走了。他们笑了。", "他们走了。", "他", "们笑了。"]
    [stats] = counts.stats.values()
    assert stats.sent_len == {"zh": [6], "en": [2]}
    [discourse] = counts.discourse.values()
    assert discourse.pronouns["zh"] == {"epicene": 1, "masculine": 1}  # bead by bead: 他们, then 他
