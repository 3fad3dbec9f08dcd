from qc.corrections import chapter_hash, correct_chapter, correction_rows

CHAPTER = {
    "chapter_id": "bk/1",
    "book_id": "bk",
    "zh_sentences": ["甲。", "乙。", "丙。"],
    "en_sentences": ["A.", "B.", "C.", "D."],
}


def _bead(no, zh, en, score=0.5):
    return {
        "pair_id": f"bk/1/{no}",
        "chapter_id": "bk/1",
        "book_id": "bk",
        "bead_no": no,
        "zh_idx": zh,
        "en_idx": en,
        "zh": "".join(CHAPTER["zh_sentences"][i] for i in zh),
        "en": " ".join(CHAPTER["en_sentences"][j] for j in en),
        "bead_type": f"{len(zh)}-{len(en)}",
        "score": score,
    }


BEADS = [_bead(0, [0], [0, 1]), _bead(1, [1], [2]), _bead(2, [2], [3])]
# The reviewer: bead 0 should be 0:0, bead 1 should take B. too.
FIX = [
    *correction_rows(BEADS[0], [((0,), (0,))], CHAPTER, "ann"),
    *correction_rows(BEADS[1], [((1,), (1, 2))], CHAPTER, "ann"),
]


def test_corrections_replace_the_reviewed_beads():
    result = correct_chapter(CHAPTER, BEADS, FIX)
    assert [
        (b["pair_id"], b["bead_no"], b["zh_idx"], b["en_idx"], b["en"], b["bead_type"], b["score"])
        for b in result.beads
    ] == [
        ("bk/1/0.0", 0, [0], [0], "A.", "1-1", None),
        ("bk/1/1.0", 1, [1], [1, 2], "B. C.", "1-2", None),
        ("bk/1/2", 2, [2], [3], "D.", "1-1", 0.5),
    ]
    assert (result.corrected, result.stale) == (2, {})


def test_a_dissolved_bead_and_a_split_bead():
    rows = [*correction_rows(BEADS[0], [((0,), (0,)), ((), (1,))], CHAPTER, "ann")]
    result = correct_chapter(CHAPTER, BEADS, rows)
    assert [b["pair_id"] for b in result.beads] == ["bk/1/0.0", "bk/1/0.1", "bk/1/1", "bk/1/2"]
    merged = [
        *correction_rows(BEADS[1], [((1, 2), (2, 3))], CHAPTER, "ann"),
        *correction_rows(BEADS[2], [], CHAPTER, "ann"),
    ]
    assert [b["pair_id"] for b in correct_chapter(CHAPTER, BEADS, merged).beads] == ["bk/1/0", "bk/1/1.0"]


def test_changed_text_or_alignment_makes_corrections_stale():
    edited = CHAPTER | {"en_sentences": ["A!", "B.", "C.", "D."]}
    assert chapter_hash(edited) != chapter_hash(CHAPTER)
    result = correct_chapter(edited, BEADS, FIX)
    assert result.beads == BEADS
    assert result.stale == {"bk/1/0": "chapter_text_changed", "bk/1/1": "chapter_text_changed"}
    realigned = [_bead(0, [0], [0]), _bead(1, [1], [1, 2]), BEADS[2]]
    assert correct_chapter(CHAPTER, realigned, FIX).stale["bk/1/0"] == "bead_realigned: bk/1/0"


def test_corrections_that_leave_a_sentence_out_are_not_applied():
    rows = correction_rows(BEADS[0], [((0,), (0,))], CHAPTER, "ann")
    result = correct_chapter(CHAPTER, BEADS, rows)
    assert result.beads == BEADS
    assert result.stale == {"bk/1/0": "coverage: en sentence(s) 1 in no bead"}
