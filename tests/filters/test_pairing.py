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


def test_numbers_restarted_per_volume_run_on():
    # the en side numbers each volume from 1 (volume 2: chapter 1 in two parts); the zh side runs on
    rows = [_row("zh", k, k + 1) for k in range(5)]
    rows += [
        _row("en", toc, number, part)
        for toc, (number, part) in enumerate([(1, None), (2, None), (1, 1), (1, 2), (2, None), (3, None)])
    ]
    pairs, rejected = pair_chapters(rows)
    assert rejected == []
    assert [(p.chapter_id, [r["raw_id"] for r in p.en]) for p in pairs] == [
        ("b/1", ["b/en/00000"]),
        ("b/2", ["b/en/00001"]),
        ("b/3", ["b/en/00002", "b/en/00003"]),
        ("b/4", ["b/en/00004"]),
        ("b/5", ["b/en/00005"]),
    ]
    # both sides by volume: the zh side runs on alike, and names its pairs by the numbers run on
    rows = [_row("zh", toc, number) for toc, number in enumerate([1, 2, 1, 2])]
    rows += [_row("en", toc, number) for toc, number in enumerate([1, 2, 1, 2])]
    pairs, rejected = pair_chapters(rows)
    assert rejected == []
    assert [(p.chapter_id, p.zh[0]["raw_id"], p.en[0]["raw_id"]) for p in pairs] == [
        (f"b/{k + 1}", f"b/zh/{k:05d}", f"b/en/{k:05d}") for k in range(4)
    ]


def test_a_chapter_1_posted_again_later_is_no_new_volume():
    rows = [_row("zh", 0, 1), _row("zh", 1, 2), _row("zh", 2, 3), _row("zh", 3, 1), _row("zh", 4, 4)]
    rows.append(_row("en", 0, 1))
    _, rejected = pair_chapters(rows)
    assert ("b/zh/00003", "duplicate_chapter") in [(row["raw_id"], why.reason) for row, why in rejected]


def _text_row(lang, toc, number, paragraphs, title=""):
    from text.sentences import split_sentences

    return {
        **_row(lang, toc, number, title=title),
        "paragraphs": paragraphs,
        "sentences": split_sentences(paragraphs, lang),
    }


def _book(en_layout):
    """Invented chapters 1-5 in zh; en chapters as ``en_layout`` says: (zh chapters, en number or None)."""
    from tests.crawlers.local_books import invented_chapter

    texts = [invented_chapter(k) for k in range(5)]
    rows = [_text_row("zh", k, k + 1, zh) for k, (zh, _) in enumerate(texts)]
    for toc, (zh_numbers, number) in enumerate(en_layout):
        rows.append(
            _text_row("en", toc, number, [p for n in zh_numbers for p in texts[n - 1][1]], title=f"en{toc}")
        )
    return rows


def _pairs(rows, en_per_zh=1.0):
    pairs, rejected = pair_chapters(rows, None, en_per_zh)
    made = [
        (
            p.chapter_id,
            [r["raw_id"] for r in p.zh],
            [r["raw_id"] for r in p.en],
            p.outcome.reason if p.outcome else None,
        )
        for p in pairs
    ]
    return made, sorted((row["raw_id"], why.reason) for row, why in rejected)


def test_a_translation_starting_at_a_prologue_is_renumbered_by_content():
    made, rejected = _pairs(_book([((1,), None), ((2,), 1), ((3,), 2), ((4,), 3), ((5,), 4)]))
    assert made == [(f"b/{k + 1}", [f"b/zh/{k:05d}"], [f"b/en/{k:05d}"], "renumbered") for k in range(5)]
    assert rejected == []


def test_a_merged_translation():
    made, rejected = _pairs(_book([((1,), 1), ((2, 3), 2), ((4,), 3), ((5,), 4)]))
    assert made[1] == ("b/2", ["b/zh/00001", "b/zh/00002"], ["b/en/00001"], "merged")
    assert [m[3] for m in made] == [None, "merged", "renumbered", "renumbered"] and rejected == []


def test_same_number_but_another_text_is_low_similarity():
    rows = _book([((1,), 1), ((2,), 2), ((3,), 3)])
    rows[-1] = {**rows[-1], "sentences": ["The weather report said rain was coming to the harbour soon."] * 6}
    made, rejected = _pairs(rows)
    assert [m[0] for m in made] == ["b/1", "b/2"]
    assert rejected == [
        ("b/en/00002", "low_similarity"),
        ("b/zh/00002", "low_similarity"),
        ("b/zh/00003", "no_translation"),
        ("b/zh/00004", "no_translation"),
    ]


class _Counted(dict):
    """A row that counts the reads of its table-of-contents index."""

    reads = 0

    def __getitem__(self, key):
        if key == "toc_index":
            _Counted.reads += 1
        return dict.__getitem__(self, key)


def test_an_unnumbered_chapter_is_placed_without_reading_every_numbered_one():
    """Each unnumbered en chapter read the table-of-contents index of every numbered one: time quadratic in
    a book whose translator posts a note after every chapter."""
    n = 200
    rows = [_row("zh", k, k + 1) for k in range(n)]
    rows += [_Counted(_row("en", 2 * k, k + 1)) for k in range(n)]
    rows += [_Counted(_row("en", 2 * k + 1, None, title="Note")) for k in range(n)]
    _Counted.reads = 0
    pairs, rejected = pair_chapters(rows)
    assert len(pairs) == n
    assert sorted({why.reason for _, why in rejected}) == ["unmatched"]
    assert _Counted.reads < 20 * n


def test_a_chapter_left_out_is_explained_without_reading_every_chapter_of_the_other_side(monkeypatch):
    """Each chapter left out looked through the other side's chapters for its number: time quadratic in a
    book whose two sides share no number."""
    from filters import pairing

    passes = []

    class Units(list):
        def __iter__(self):
            passes.append(len(self))
            return list.__iter__(self)

    real_units = pairing._units
    monkeypatch.setattr(pairing, "_units", lambda rows, rejected: Units(real_units(rows, rejected)))
    n = 100
    rows = [_row("zh", k, k + 1) for k in range(n)] + [_row("en", k, k + 1 + n) for k in range(n)]
    pairs, rejected = pair_chapters(rows)
    assert pairs == []
    assert {why.reason for _, why in rejected} == {"no_translation", "no_original"}
    assert len(passes) < 10


def test_a_chapter_posted_as_three_numbered_chapters_is_split():
    # zh chapter 2's translation posted in three parts, each numbered as a chapter: en 2, 3, 4; the
    # later en numbers run two ahead of the zh ones
    from tests.crawlers.local_books import invented_chapter

    texts = [invented_chapter(k) for k in range(5)]
    rows = [_text_row("zh", k, k + 1, zh) for k, (zh, _) in enumerate(texts)]
    en = [texts[0][1], *(texts[1][1][k : k + 2] for k in (0, 2, 4)), texts[2][1], texts[3][1], texts[4][1]]
    rows += [_text_row("en", toc, toc + 1, paragraphs, title=f"en{toc}") for toc, paragraphs in enumerate(en)]
    made, rejected = _pairs(rows, 3.0)  # about 3 en characters per zh character in the invented text
    assert made[1] == ("b/2", ["b/zh/00001"], ["b/en/00001", "b/en/00002", "b/en/00003"], "split")
    assert [m[3] for m in made] == [None, "split", "renumbered", "renumbered", "renumbered"]
    assert rejected == []
