import shutil

import pytest

from core.layout import Layout
from core.storage import DamagedFile
from core.storage import write_table
from exports.chapter_view import (
    chapter_of,
    describe_chapter,
    describe_raw,
    highlight,
    inspect_problem,
    item_problem,
)


def test_describe_chapter_shows_the_journey(layout):
    text = describe_chapter(layout, "book1/2", color=False)
    for expected in (
        "== raw ==",
        "https://zh.example/book1/2",
        "title removed: '第2章'",
        "== rejections ==",
        "(none)",
        "#4   0-1",
        "book1-2 last sentence.",
    ):
        assert expected in text
    rejected = describe_chapter(layout, "book1/1", color=False)
    assert "filter: too_few_sentences  book1/1" in rejected
    assert "a [0] book1-1 [[first]] sentence." in rejected and "<<third>>" in rejected
    assert "\x1b[1;33mfirst\x1b[0m" in describe_chapter(layout, "book1/1", color=True)


def test_describe_chapter_of_an_empty_output(tmp_path):
    text = describe_chapter(Layout(tmp_path), "nobook/3", color=False)
    assert text.count("(not built yet)") == 5


def test_a_folder_in_place_of_a_table_is_a_damaged_file_not_an_absent_one(layout):
    for path in (layout.aligned("book1"), layout.raw("zh", "book1")):
        path.unlink()
        path.mkdir()
        with pytest.raises(DamagedFile) as err:
            describe_chapter(layout, "book1/2", color=False)
        assert err.value.path == path and "is a directory" in str(err.value)
        path.rmdir()


def test_highlight_falls_back_to_search():
    assert highlight("He said so.", 3, 7, "said", ("[[", "]]")) == "He [[said]] so."
    assert highlight("He said so.", 0, 2, "said", ("[[", "]]")) == "He [[said]] so."
    assert highlight("He said so.", None, None, "told", ("<<", ">>")) == "He said so.  (<<told>>)"


def test_describe_chapter_says_how_it_was_paired(layout):
    from core.storage import write_json

    write_json(
        {"pairing": {"book1/2": "zh '第2章' <-> en 'Prologue': numbers differ, content score 0.61"}},
        layout.stats("filter", "book1"),
    )
    assert "  paired: zh '第2章' <-> en 'Prologue': numbers differ" in describe_chapter(
        layout, "book1/2", color=False
    )


def test_control_characters_from_the_source_are_escaped(layout):
    from core.storage import read_rows, write_table

    path = layout.raw("zh", "book1")
    rows = read_rows(path, "raw_chapters")
    rows[1]["title"] = "第2章\x1b]0;pwned\x07\r\u202e"
    rows[1]["text"] = "甲\x1b[2J乙\n丙\x9b31m"
    write_table(rows, "raw_chapters", path)
    text = describe_chapter(layout, "book1/2", color=True)
    assert "title: 第2章\\x1b]0;pwned\\x07\\r\\u202e" in text
    assert "| 甲\\x1b[2J乙" in text and "| 丙\\x9b31m" in text
    assert not any(ch in text for ch in "\x07\r\x9b\u202e") and "\x1b]" not in text and "\x1b[2J" not in text


def test_a_file_in_place_of_a_stage_folder_or_a_looping_link_is_a_damaged_file_not_an_absent_one(layout):
    for folder, table in (
        (layout.aligned("book1").parent, "aligned"),
        (layout.candidates("book1").parent, "loop"),
    ):
        shutil.rmtree(folder)
        if table == "loop":
            folder.symlink_to(folder.name)
        else:
            folder.write_text("junk\n")
        with pytest.raises(DamagedFile) as err:
            describe_chapter(layout, "book1/2", color=False)
        assert err.value.path.parent == folder
        assert ("Not a directory" if table == "aligned" else "Too many levels of symbolic links") in str(
            err.value
        )
        folder.unlink()
        folder.mkdir()


def test_a_file_in_place_of_the_raw_folder_is_no_book_not_built_yet(layout):
    shutil.rmtree(layout.raw("zh", "book1").parent.parent)
    layout.raw("zh", "book1").parent.parent.write_text("junk\n")
    assert inspect_problem(layout, "book1/1", ["book1"]) is None
    with pytest.raises(DamagedFile) as err:
        describe_chapter(layout, "book1/1", color=False)
    assert err.value.path == layout.raw("zh", "book1")


def test_a_raw_chapter_id_of_rejected_is_inspected_as_that_raw_chapter(layout):
    """``rejected/`` names raw chapters as BOOK/LANG/NNNNN; inspect refused them as "not a chapter id"."""
    assert inspect_problem(layout, "book1/zh/00001", ["book1"]) is None
    assert inspect_problem(layout, "book1/en/00005", ["book1"]) is None  # rejected, no raw row
    assert inspect_problem(layout, "book1/en/00099", ["book1"]) == (
        "no raw chapter or rejection has the id 'book1/en/00099'"
    )
    text = describe_raw(layout, "book1/zh/00001")
    assert text.startswith(
        "Raw chapter book1/zh/00001\n\n== raw ==\n  [zh] book1/zh/00001  https://zh.example/book1/2"
    )
    assert text.endswith(
        "== rejections ==\n  (none)\n\n== paired into ==\n  book1/2  (inspect it for its pairing, beads and candidates)\n"
    )
    assert describe_raw(layout, "book1/en/00005").endswith(
        "== cleaned ==\n  (not cleaned: see rejections)\n\n== rejections ==\n"
        "  clean: empty_body  book1/en/00005 [en]  made up\n\n== paired into ==\n  (no chapter pair: see rejections)\n"
    )


def test_the_front_matter_rejection_of_a_local_book_is_inspected_as_that_rejection(layout):
    """The build's summary counts ``crawl/front_matter`` under BOOK/LANG/front_matter, which inspect refused
    ("not an id inspect takes"): its line and character counts and first line were in a Parquet file alone."""
    row = {"stage": "crawl", "item_id": "book1/zh/front_matter", "book_id": "book1", "lang": "zh"}
    write_table(
        [{**row, "reason": "front_matter", "detail": "2 lines"}],
        "rejected",
        layout.rejected("crawl", "book1-zh"),
    )
    assert inspect_problem(layout, "book1/zh/front_matter", ["book1"]) is None
    assert inspect_problem(layout, "book1/en/front_matter", ["book1"]) == (
        "no raw chapter or rejection has the id 'book1/en/front_matter'"
    )
    assert describe_raw(layout, "book1/zh/front_matter") == (
        "Front matter book1/zh/front_matter\n\n== rejections ==\n"
        "  crawl: front_matter  book1/zh/front_matter [zh]  2 lines\n"
    )


def test_a_bead_or_candidate_id_is_inspected_as_its_chapter():
    assert [chapter_of(i) for i in ("bk/3/12", "bk/3/12.1", "bk/3/c4", "bk/3", "bk/zh/00003", "bk/x/1")] == [
        "bk/3", "bk/3", "bk/3", "bk/3", "bk/zh/00003", "bk/x/1",
    ]  # fmt: skip


def test_a_long_title_is_clipped_as_a_line_of_text_is(layout):
    """An EPUB heading of 80,000 characters was printed whole, on the raw, cleaned and paired lines each."""
    from core.storage import read_rows, write_table

    long = "Chapter 2: " + "Long" * 20_000
    for path, table, keys in (
        (layout.raw("en", "book1"), "raw_chapters", ["title"]),
        (layout.clean("book1"), "clean_chapters", ["title"]),
        (layout.chapters("book1"), "chapters", ["title_en"]),
    ):
        rows = read_rows(path, table)
        for row in rows:
            row.update(dict.fromkeys(keys, long))
        write_table(rows, table, path)
    text = describe_chapter(layout, "book1/2", color=False)
    assert max(map(len, text.splitlines())) < 250
    assert f"title: {long[:159]}…" in text and f"/ {long[:159]}…" in text


def test_a_bead_or_candidate_the_outputs_do_not_hold_is_said_so(layout):
    """``inspect city-star/3/c99999`` showed chapter 3 as if the candidate were there."""
    assert item_problem(layout, "book1/2/99") == (
        "chapter 'book1/2' has no bead '99' (inspect book1/2 shows what it has)"
    )
    assert item_problem(layout, "book1/1/c99") == (
        "chapter 'book1/1' has no cohesion candidate 'c99' (inspect book1/1 shows what it has)"
    )
    assert [item_problem(layout, i) for i in ("book1/2/1", "book1/1/c0", "book1/2", "book1/zh/00001")] == [
        None
    ] * 4
    # no corrections table: no review corrected a bead (no build writes one); it showed the chapter, exit 0
    assert item_problem(layout, "book1/2/1.0") == (
        "chapter 'book1/2' has no corrected bead '1.0' (inspect book1/2 shows what it has)"
    )
    write_table(
        [
            {
                "pair_id": "book1/2/1",
                "part": 0,
                "chapter_id": "book1/2",
                "book_id": "book1",
                "orig_zh_idx": [1],
                "orig_en_idx": [1],
                "zh_idx": [1],
                "en_idx": [1, 2],
                "chapter_hash": "",
                "reviewer": "r",
            }
        ],
        "corrections",
        layout.corrections("book1"),
    )
    assert item_problem(layout, "book1/2/1.0") is None
    assert item_problem(layout, "book1/2/1.1") == (
        "chapter 'book1/2' has no corrected bead '1.1' (inspect book1/2 shows what it has)"
    )
    assert item_problem(layout, "book1/2/1." + "9" * 5000).startswith(
        "chapter 'book1/2' has no corrected bead"
    )
