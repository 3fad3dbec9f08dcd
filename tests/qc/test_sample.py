from qc.sample import allocate, draw_chapters, review_order


def test_allocation_is_proportional_to_book_size():
    assert allocate({"a": 10, "b": 30, "c": 60}, 10) == {"a": 1, "b": 3, "c": 6}
    assert allocate({"a": 1, "b": 1, "c": 1}, 2) == {"a": 1, "b": 1, "c": 0}
    assert allocate({"a": 2, "b": 3}, 50) == {"a": 2, "b": 3}


def test_draw_is_stratified_and_seeded():
    chapters = {"a": [f"a/{n}" for n in range(10)], "b": [f"b/{n}" for n in range(30)]}
    drawn = draw_chapters(chapters, 8, seed=7)
    assert len(drawn) == 8 and sum(c.startswith("a/") for c in drawn) == 2
    assert drawn == draw_chapters(chapters, 8, seed=7) != draw_chapters(chapters, 8, seed=8)


def test_review_order_puts_the_lowest_scores_first():
    beads = [
        {"bead_no": 0, "score": 0.9},
        {"bead_no": 1, "score": 0.1},
        {"bead_no": 2, "score": None},
        {"bead_no": 3, "score": 0.1},
    ]
    assert [b["bead_no"] for b in review_order(beads)] == [2, 1, 3, 0]
