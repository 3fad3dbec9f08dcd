from filters.pairing import pair_chapters


def _row(lang, toc, number, part=None, title=""):
    return {
        "raw_id": f"b/{lang}/{toc:05d}",
        "book_id": "b",
        "lang": lang,
        "toc_index": toc,
        "chapter_no": number,
        "part": part,
        "title": title,
        "paragraphs": [f"{lang}{toc}"],
        "sentences": [f"{lang}{toc}."],
    }


def test_pairs_by_number_and_merges_parts_in_order():
    rows = [
        _row("zh", 0, 1),
        _row("zh", 1, 2),
        _row("en", 0, 1),
        _row("en", 2, 2, part=2),
        _row("en", 1, 2, part=1),
    ]
    pairs, rejected = pair_chapters(rows)
    assert rejected == []
    assert [(p.chapter_id, len(p.zh), len(p.en)) for p in pairs] == [("b/1", 1, 1), ("b/2", 1, 2)]
    assert pairs[1].side("en", "sentences") == ["en1.", "en2."]


def test_unpaired_and_unnumbered():
    rows = [
        _row("zh", 0, 1),
        _row("zh", 1, 2),
        _row("en", 0, 1),
        _row("en", 1, 3),
        _row("en", 2, None, title="Afterword"),
    ]
    pairs, rejected = pair_chapters(rows)
    assert [p.chapter_no for p in pairs] == [1]
    assert sorted((row["raw_id"], why.reason) for row, why in rejected) == [
        ("b/en/00001", "no_original"),
        ("b/en/00002", "unmatched"),
        ("b/zh/00001", "no_translation"),
    ]


def test_repeated_chapter_keeps_first():
    rows = [_row("zh", 0, 1), _row("zh", 1, 1), _row("en", 0, 1)]
    pairs, rejected = pair_chapters(rows)
    assert pairs[0].zh[0]["raw_id"] == "b/zh/00000"
    assert [(row["raw_id"], why.reason) for row, why in rejected] == [("b/zh/00001", "duplicate_chapter")]
