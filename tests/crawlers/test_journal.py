import hashlib
import json

from crawlers.journal import JournalWriter, digest, edited_warning, read_journal, restore_chapters
from crawlers.raw import raw_rows

TOC = {
    "type": "toc",
    "chapters": [["http://s/1", "第一章"], ["http://s/2", "第二章"], ["http://s/3", "第三章"]],
    "fetched_at": "2026-11-01T00:00:00Z",
}


def _chapter(url: str, text: str) -> dict:
    return {
        "type": "chapter",
        "url": url,
        "page_urls": [url],
        "title": "",
        "paragraphs": [text],
        "encoding": "gbk",
        "fetched_at": "2026-11-01T00:00:01Z",
    }


def test_a_cut_off_last_line_is_ignored_and_later_records_win(tmp_path):
    path = tmp_path / "j.jsonl"
    writer = JournalWriter(path)
    for record in (
        TOC,
        {"type": "failure", "url": "http://s/2", "reason": "http_503", "fetched_at": "x"},
        _chapter("http://s/1", "旧。"),
        _chapter("http://s/1", "新。"),
    ):
        writer.append(record)
    writer.close()
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(_chapter("http://s/3", "半"))[:40])  # a crawl killed mid-write
    state = read_journal(path)
    assert state.toc == [("http://s/1", "第一章"), ("http://s/2", "第二章"), ("http://s/3", "第三章")]
    assert state.chapters["http://s/1"]["paragraphs"] == ["新。"]
    assert set(state.chapters) == {"http://s/1"}
    assert state.failures["http://s/2"]["reason"] == "http_503"


def test_a_line_cut_inside_a_character_or_garbage_is_ignored_and_the_next_run_appends(tmp_path):
    path = tmp_path / "j.jsonl"
    writer = JournalWriter(path)
    writer.append(TOC)
    writer.close()
    cut = json.dumps(_chapter("http://s/1", "半"), ensure_ascii=False).encode()
    with open(path, "ab") as handle:  # a damaged line, then one killed inside the three-byte 半
        handle.write(b"[1, 2]\n" + cut[: cut.index("半".encode()) + 1])
    writer = JournalWriter(path)
    writer.append(_chapter("http://s/2", "乙。"))
    writer.close()
    state = read_journal(path)
    assert len(state.toc) == 3 and set(state.chapters) == {"http://s/2"}


def test_a_record_of_another_shape_is_skipped_like_a_cut_off_line_and_its_chapter_fetched_again(tmp_path):
    """``{"type": "toc"}`` appended by hand made the next crawl fail with Scrapy's traceback on its FAILED
    line; a chapter record without its page_urls failed the book with KeyError: 'page_urls'."""
    path = tmp_path / "j.jsonl"
    writer = JournalWriter(path)
    for record in (
        TOC,
        _chapter("http://s/1", "甲。"),
        {"type": "toc"},
        {"type": "toc", "chapters": [5]},
        {"type": "chapter", "url": "http://s/2", "title": "x"},
        _chapter("http://s/3", "丙。") | {"paragraphs": "丙。"},
        _chapter("http://s/1", "改。") | {"fetched_at": "yesterday"},
        {"type": "failure", "url": "http://s/2"},
        {"type": "toc_failure", "reason": "toc_empty"},
    ):
        writer.append(record)
    writer.close()
    with open(path, "a", encoding="utf-8") as handle:
        handle.write("[" * 100_000 + "\n")  # nested past the parser's recursion limit
    state = read_journal(path)
    assert (len(state.toc), set(state.chapters), state.failures, state.toc_failure) == (
        3,
        {"http://s/1"},
        {},
        None,
    )
    assert state.chapters["http://s/1"]["paragraphs"] == ["甲。"]
    rows, missing = raw_rows(state, "bk", "zh", "site")
    assert [r["text"] for r in rows] == ["甲。"] and [m["item_id"] for m in missing] == [
        "bk/zh/00001",
        "bk/zh/00002",
    ]


def test_raw_rows_follow_the_toc_and_name_what_is_missing(tmp_path):
    path = tmp_path / "j.jsonl"
    writer = JournalWriter(path)
    for record in (
        TOC,
        _chapter("http://s/1", "甲。"),
        {"type": "failure", "url": "http://s/2", "reason": "http_503", "fetched_at": "x"},
    ):
        writer.append(record)
    writer.close()
    rows, failures = raw_rows(read_journal(path), "bk", "zh", "moxiang")
    assert [(r["raw_id"], r["toc_index"], r["title"], r["text"]) for r in rows] == [
        ("bk/zh/00000", 0, "第一章", "甲。")
    ]
    assert [(f["item_id"], f["reason"], f["detail"]) for f in failures] == [
        ("bk/zh/00001", "fetch_failed", "http://s/2: http_503"),
        ("bk/zh/00002", "fetch_failed", "http://s/3: not fetched"),
    ]


def test_a_refetch_with_the_same_text_keeps_the_first_record(tmp_path):
    path = tmp_path / "j.jsonl"
    writer = JournalWriter(path)
    first, same, edited = (
        _chapter("http://s/1", "甲。"),
        _chapter("http://s/1", "甲。"),
        _chapter("http://s/1", "乙。"),
    )
    same["fetched_at"] = edited["fetched_at"] = "2026-11-02T00:00:00Z"
    same["reader"] = "new-selectors"  # refetched after a selector edit that reads the same text
    writer.append(first)
    writer.append(same)
    kept = read_journal(path).chapters["http://s/1"]
    assert (kept["fetched_at"], kept["reader"]) == ("2026-11-01T00:00:01Z", "new-selectors")
    writer.append(edited)
    writer.close()
    assert read_journal(path).chapters["http://s/1"]["paragraphs"] == ["乙。"]


def test_a_torn_last_line_is_skipped_and_the_next_run_starts_on_a_fresh_line(tmp_path):
    path = tmp_path / "j.jsonl"
    path.write_text(json.dumps(TOC) + "\n" + json.dumps(_chapter("http://s/1", "半"))[:40], encoding="utf-8")
    writer = JournalWriter(path)  # the rerun
    writer.append(_chapter("http://s/2", "乙。"))
    writer.close()
    state = read_journal(path)
    assert set(state.chapters) == {"http://s/2"}  # the torn record is skipped, the next one is not lost
    assert path.read_text(encoding="utf-8").count("\n") == 3


def test_a_named_pipe_in_place_of_a_journal_is_a_damaged_file_not_a_wait_for_ever(tmp_path):
    """A named pipe in its place made a rebuild wait for ever."""
    import os

    import pytest

    from core.storage import DamagedFile

    os.mkfifo(tmp_path / "bk.jsonl")
    for open_it in (read_journal, JournalWriter):
        with pytest.raises(DamagedFile) as err:
            open_it(tmp_path / "bk.jsonl")
        assert (
            str(err.value)
            == f"{tmp_path}/bk.jsonl: a named pipe or a device, not a crawl journal: remove it, then run the build again"
        )


def test_a_write_cut_short_by_a_full_disk_names_the_journal_and_the_rerun_starts_a_fresh_line(tmp_path):
    """A failed write named no file (nor did the crawl: the chapter became a failed fetch)."""
    import errno

    import pytest

    from tests.helpers import file_size_limit

    path = tmp_path / "j.jsonl"
    writer = JournalWriter(path)
    writer.append(TOC)
    with file_size_limit(path.stat().st_size + 40), pytest.raises(OSError) as err:
        writer.append(_chapter("http://s/1", "甲。" * 50))
    writer.close()
    assert (err.value.errno, err.value.filename) == (errno.EFBIG, str(path))
    toc_line = json.dumps(TOC | {"sha256": digest(TOC)}, ensure_ascii=False).encode()
    assert path.stat().st_size == len(toc_line) + 1 + 40  # a torn line
    writer = JournalWriter(path)  # the rerun
    writer.append(_chapter("http://s/2", "乙。"))
    writer.close()
    assert set(read_journal(path).chapters) == {"http://s/2"}


def _journal(path, *records: dict) -> None:
    writer = JournalWriter(path)
    for record in records:
        writer.append(record)
    writer.close()


def test_a_journal_without_chapters_takes_back_the_raw_tables_rows_and_gives_the_same_rows(tmp_path):
    intact, emptied = tmp_path / "intact.jsonl", tmp_path / "emptied.jsonl"
    two_paragraphs = {**_chapter("http://s/2", "一。"), "paragraphs": ["一。", "二。"], "title": "标题"}
    _journal(intact, TOC, _chapter("http://s/1", "甲。"), two_paragraphs)
    rows, _ = raw_rows(read_journal(intact), "bk", "zh", "site")
    _journal(emptied, TOC)
    assert restore_chapters(emptied, rows) == 2
    assert raw_rows(read_journal(emptied), "bk", "zh", "site")[0] == rows


def test_a_journal_holding_a_chapter_takes_back_none(tmp_path):
    """A torn or reshaped line's chapter is fetched again, as ever; only a journal of no chapter is restored."""
    path = tmp_path / "j.jsonl"
    _journal(path, TOC, _chapter("http://s/1", "甲。"))
    rows, _ = raw_rows(read_journal(path), "bk", "zh", "site")
    assert restore_chapters(path, [*rows, {**rows[0], "url": "http://s/2", "toc_index": 1}]) == 0


def test_a_chapter_edited_by_hand_is_skipped_and_named_until_a_later_record_replaces_it(tmp_path, capsys):
    """Only each line's shape was checked: a chapter's text edited in the journal was the book's text."""
    path = tmp_path / "j.jsonl"
    _journal(path, TOC, _chapter("http://s/1", "甲。"), _chapter("http://s/2", "乙。"))
    _edit(path, "乙。", "改。")
    state = read_journal(path)
    assert (set(state.chapters), state.edited) == ({"http://s/1"}, ["http://s/2"])
    _journal(path, _chapter("http://s/2", "乙。"))  # fetched again
    state = read_journal(path)
    assert (state.chapters["http://s/2"]["paragraphs"], state.edited) == (["乙。"], [])
    assert capsys.readouterr().err == ""  # the crawl's caller says it: a crawl process's stderr is not seen


def test_an_edited_record_after_a_valid_one_is_fetched_again_not_read_from_the_earlier_one(tmp_path):
    """The earlier record's text was taken, silently, and the chapter was not fetched again."""
    path = tmp_path / "j.jsonl"
    failed = {"type": "failure", "url": "http://s/2", "reason": "http_503", "fetched_at": "x"}
    _journal(path, TOC, _chapter("http://s/1", "甲。"), _chapter("http://s/2", "乙。"))
    _journal(path, _chapter("http://s/1", "丙。"), failed)  # a recheck: the first chapter edited on the site
    _edit(path, "丙。", "改。")
    _edit(path, "http_503", "http_504")
    state = read_journal(path)
    assert (set(state.chapters), state.failures, state.edited) == (set(), {}, ["http://s/1", "http://s/2"])
    assert [f["detail"] for f in raw_rows(state, "bk", "zh", "site")[1]] == [
        f"http://s/{n}: not fetched" for n in (1, 2, 3)
    ]


def test_an_edited_table_of_contents_is_skipped_and_named_even_after_a_valid_one(tmp_path):
    path = tmp_path / "j.jsonl"
    _journal(path, TOC)
    edited = {**TOC, "chapters": TOC["chapters"][:2]}
    with open(path, "a", encoding="utf-8") as handle:  # a second one, whose digest is of other chapters
        handle.write(json.dumps(edited | {"sha256": digest(TOC)}, ensure_ascii=False) + "\n")
    assert (read_journal(path).toc, read_journal(path).edited) == ([], ["the table of contents"])


def test_the_warning_names_one_edited_record_or_counts_them_with_the_first_three(tmp_path):
    path = tmp_path / "j.jsonl"
    assert edited_warning(path, []) is None
    assert edited_warning(path, ["http://s/1"]) == (
        f"warning: {path}: the record of http://s/1 was edited since it was written: skipped, fetched again"
    )
    urls = [f"http://s/{n}" for n in range(1, 6)]
    assert edited_warning(path, urls) == (
        f"warning: {path}: 5 records (http://s/1, http://s/2, http://s/3 and 2 more) were edited since they"
        " were written: skipped, fetched again"
    )


def test_a_journal_whose_chapters_were_all_edited_by_hand_takes_back_nothing(tmp_path):
    """Restored from the raw table, the edited chapters were neither fetched again nor warned of."""
    path = tmp_path / "j.jsonl"
    _journal(path, TOC, _chapter("http://s/1", "甲。"))
    rows, _ = raw_rows(read_journal(path), "bk", "zh", "site")
    _edit(path, "甲。", "改。")
    assert restore_chapters(path, rows) == 0
    assert read_journal(path).edited == ["http://s/1"]


def _edit(path, old: str, new: str) -> None:
    """Edit the journal's text by hand (its records' digests left as they were)."""
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_records_without_a_digest_written_before_records_had_one_are_taken(tmp_path, capsys):
    path = tmp_path / "j.jsonl"
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in (TOC, _chapter("http://s/1", "甲。"))),
        encoding="utf-8",
    )
    state = read_journal(path)
    assert (len(state.toc), state.chapters["http://s/1"]["paragraphs"]) == (3, ["甲。"])
    assert capsys.readouterr().err == ""


def test_every_record_written_or_restored_holds_the_digest_of_its_canonical_json(tmp_path):
    written, restored = tmp_path / "written.jsonl", tmp_path / "restored.jsonl"
    _journal(written, TOC, _chapter("http://s/1", "甲。"))
    _journal(restored, TOC)
    assert restore_chapters(restored, raw_rows(read_journal(written), "bk", "zh", "site")[0]) == 1
    for journal in (written, restored):
        records = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
        for record in records:
            body = {key: value for key, value in record.items() if key != "sha256"}
            canonical = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
            assert record["sha256"] == hashlib.sha256(canonical).hexdigest()
        assert [r["type"] for r in records] == ["toc", "chapter"]
