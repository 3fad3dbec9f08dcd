from exports.splits import (
    ChapterRef,
    SplitAssignment,
    SplitConfig,
    assign_splits,
    find_leakage,
    held_out_count,
    normalise,
)


def refs(books: int, chapters: int) -> list[ChapterRef]:
    return [ChapterRef(f"b{b:02d}/{c}", f"b{b:02d}", c) for b in range(books) for c in range(1, chapters + 1)]


def test_same_seed_same_split_and_no_book_in_two_splits():
    chapters = refs(30, 25)
    first, again = (
        assign_splits(chapters, SplitConfig(seed=7)),
        assign_splits(chapters[::-1], SplitConfig(seed=7)),
    )
    assert first == again
    for chapter_id, split in first.chapters.items():
        assert first.books[chapter_id.split("/")[0]] == split


def test_bwb_sizes_on_a_large_corpus():
    split = assign_splits(refs(40, 60), SplitConfig())
    assert split.report["books"] == {"train": 34, "valid": 3, "test": 3}
    assert split.report["chapters"] == {"train": 34 * 60, "valid": 80, "test": 79}
    assert split.report["unused_chapters"] == 6 * 60 - 159
    valid_books = {b for b, s in split.books.items() if s == "valid"}
    kept = [int(c.split("/")[1]) for c, s in split.chapters.items() if s == "valid"]
    assert len({c.split("/")[0] for c, s in split.chapters.items() if s == "valid"}) == len(valid_books)
    assert max(kept) <= 27  # round robin: the first chapters of each book


def test_tiny_corpora_scale_down():
    assert [held_out_count(n, SplitConfig()) for n in (1, 2, 3, 6, 9, 18, 100)] == [0, 1, 2, 2, 3, 6, 6]
    three = assign_splits(refs(3, 10), SplitConfig())
    assert sorted(three.books.values()) == ["test", "train", "valid"]
    assert set(assign_splits(refs(2, 10), SplitConfig()).books.values()) == {"train", "test"}
    assert set(assign_splits(refs(1, 10), SplitConfig()).books.values()) == {"train"}


def test_held_out_books_share_the_chapters_in_proportion():
    sizes = {f"b{n:02d}": size for n, size in enumerate([12, 9, 7, 5, 3, 2] * 3)}
    chapters = [ChapterRef(f"{b}/{c}", b, c) for b, n in sizes.items() for c in range(n)]
    split = assign_splits(chapters, SplitConfig())
    got = {s: sum(sizes[b] for b, x in split.books.items() if x == s) for s in ("valid", "test")}
    total = got["valid"] + got["test"]  # below 80 + 79: every held-out chapter is kept
    assert split.report["chapters"]["valid"] + split.report["chapters"]["test"] == total
    assert abs(got["valid"] - total * 80 / 159) <= 12


def test_normalise():
    assert normalise("ＡＢＣ， Ｄ！\n") == "abcd"
    assert normalise("“你好，世界！”") == "你好世界"


def pair(pair_id: str, zh: str, en: str) -> dict:
    return {"pair_id": pair_id, "chapter_id": pair_id.rsplit("/", 1)[0], "zh": zh, "en": en}


def test_leaking_train_pairs_are_removed_and_reported():
    base = SplitAssignment({"t": "train", "v": "valid"}, {"t/1": "train", "v/1": "valid"})
    held = [pair("v/1/0", "你好。", "Hello, world!"), pair("v/1/1", "。", "...")]
    train = [pair("t/1/0", "你好", "hello world"), pair("t/1/1", "你好", "Hi."), pair("t/1/2", "！", "!")]
    split = find_leakage(held, train, base, ("zh", "en"))
    assert split.leaked_pairs == {"t/1/0"}
    assert split.report["leakage"]["train_pairs_removed"] == 1
    assert split.report["leakage"]["held_out_pairs_leaking"] == {"valid": 1, "test": 0}
    assert split.split_of_pair(train[0]) is None and split.split_of_pair(train[1]) == "train"
    zh_only = find_leakage(held, train, base, ("zh",))
    assert zh_only.leaked_pairs == {"t/1/0", "t/1/1"}
    assert split.to_json()["leaked_pairs"] == ["t/1/0"]


def test_an_empty_split_is_a_warning_with_its_reason():
    two = [ChapterRef(f"{b}/{n}", b, n) for b in ("a", "b") for n in range(1, 4)]
    assert assign_splits(two, SplitConfig()).report["warnings"] == [
        "split valid is empty: 2 books with chapters, 1 held out (options.split.held_out_books 6); a book goes to one "
        "split whole, so valid and test need two held-out books"
    ]
    three = [ChapterRef(f"{b}/{n}", b, n) for b in ("a", "b", "c") for n in range(1, 4)]
    assert assign_splits(three, SplitConfig()).report["warnings"] == []
    assert assign_splits(three, SplitConfig(held_out_books=0)).report["warnings"] == [
        "split valid is empty: 3 books with chapters, 0 held out (options.split.held_out_books 0); a book goes to one "
        "split whole, so valid and test need two held-out books",
        "split test is empty: 3 books with chapters, 0 held out (options.split.held_out_books 0); a book goes to one "
        "split whole, so valid and test need two held-out books",
    ]
    assert assign_splits([], SplitConfig()).report["warnings"] == [
        f"split {s} is empty: no book has paired chapters" for s in ("train", "valid", "test")
    ]
