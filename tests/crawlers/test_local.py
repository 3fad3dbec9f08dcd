import os

import pytest

from crawlers.journal import read_journal
from crawlers.local import read_local, toc_uri
from crawlers.profile import Site
from crawlers.textbook import read_text_book
from tests.crawlers.local_books import lantern_book

EPUB_SITE = Site(name="shelf", lang="en", url="file:///", serve=None, selectors=None, kind="epub")  # type: ignore[arg-type]
TEXT_SITE = Site(name="txt", lang="zh", url="file:///", serve=None, selectors=None, kind="text")  # type: ignore[arg-type]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gb18030"])
def test_text_book_cut_at_default_headings_front_matter_dropped(tmp_path, encoding):
    """The encoding named is the one that read it: "utf-8-sig" where a byte order mark opens the file only
    (a BOM-less UTF-8 book was named "utf-8-sig" too)."""
    path = tmp_path / "book.txt"
    path.write_bytes(
        "灯笼记\n作者：无名\n\n第一章 点灯\n米拉点了灯。\n\n第二章 小船\n米拉找到一条船。\n船是红的。\n".encode(
            encoding
        )
    )
    chapters, used, _, front = read_text_book(path)
    assert used == encoding
    assert front == (
        "2 lines (8 characters) before the first chapter heading '第一章 点灯', from '灯笼记': not read as a "
        "chapter (title, author, blurb; a chapter there needs a heading line)"
    )
    assert [(c.title, c.paragraphs) for c in chapters] == [
        ("第一章 点灯", ["米拉点了灯。"]),
        ("第二章 小船", ["米拉找到一条船。", "船是红的。"]),
    ]


def test_english_headings_may_write_their_number_out(tmp_path):
    path = tmp_path / "book.txt"
    text = "The Lantern\nChapter One\nMira lit it.\nChapter Twenty-Two: Boats\nA boat.\nCh. 23\nNight.\n"
    path.write_text(text + "CHAPTER XXIV\nDawn.\nChapters are long.\n", encoding="utf-8")
    chapters, _, _, _ = read_text_book(path)
    assert [(c.title, c.paragraphs) for c in chapters] == [
        ("Chapter One", ["Mira lit it."]),
        ("Chapter Twenty-Two: Boats", ["A boat."]),
        ("Ch. 23", ["Night."]),
        ("CHAPTER XXIV", ["Dawn.", "Chapters are long."]),
    ]


def test_text_before_the_first_heading_is_named_in_the_report(tmp_path):
    """A chapter posted without a heading before the first one was dropped as front matter without a word;
    the report names it (the crawl stage rejects it as ``front_matter``), and no chapter's place changes."""
    path, journal = tmp_path / "book.txt", tmp_path / "j.jsonl"
    path.write_text("米拉醒了。\n她看见灯。\n第二章 小船\n米拉找到一条船。\n", encoding="utf-8")
    report = read_local(TEXT_SITE, path, journal)
    assert (report["items"], report["failed_reasons"]) == (1, {})
    assert report["front_matter"] == (
        "2 lines (10 characters) before the first chapter heading '第二章 小船', from '米拉醒了。': not read as "
        "a chapter (title, author, blurb; a chapter there needs a heading line)"
    )
    assert [title for _, title in read_journal(journal).toc] == ["第二章 小船"]
    path.write_text("\n\n第二章 小船\n米拉找到一条船。\n", encoding="utf-8")  # blank lines are none
    assert "front_matter" not in read_local(TEXT_SITE, path, tmp_path / "k.jsonl")


def test_local_books_journal_only_new_chapters_and_name_failures(tmp_path):
    path, journal = tmp_path / "book.txt", tmp_path / "j.jsonl"
    path.write_text("第一章 点灯\n米拉点了灯。\n", encoding="utf-8")
    assert read_local(TEXT_SITE, path, journal)["items"] == 1
    path.write_text("第一章 点灯\n米拉点了灯。\n第二章 小船\n米拉找到一条船。\n", encoding="utf-8")
    assert read_local(TEXT_SITE, path, journal)["items"] == 1
    state = read_journal(journal)
    assert [title for _, title in state.toc] == ["第一章 点灯", "第二章 小船"]
    assert all(url.startswith("file:///") for url, _ in state.toc)

    epub = lantern_book(tmp_path, [("c3.xhtml", "<html><body><p>unclosed</body>")])
    report = read_local(EPUB_SITE, epub, tmp_path / "e.jsonl")
    state = read_journal(tmp_path / "e.jsonl")
    assert (report["items"], report["failed_reasons"]) == (2, {"broken_xhtml": 1})
    assert [r["reason"] for r in state.failures.values()] == ["broken_xhtml"]
    report = read_local(EPUB_SITE, tmp_path / "missing.epub", tmp_path / "m.jsonl")
    assert read_journal(tmp_path / "m.jsonl").toc_failure["reason"] == "file_not_found"


def test_a_local_book_is_journaled_with_one_sync_not_one_per_chapter(tmp_path, monkeypatch):
    """An fsync per chapter took a 30,000-chapter EPUB over 100 s of waiting on the disk (8 s of CPU)."""
    synced = []
    monkeypatch.setattr("crawlers.journal.os.fsync", synced.append)
    path, journal = tmp_path / "book.txt", tmp_path / "j.jsonl"
    path.write_text("".join(f"第{n}章\n米拉点了灯。\n" for n in range(1, 201)), encoding="utf-8")
    assert read_local(TEXT_SITE, path, journal)["items"] == 200
    assert len(synced) == 1
    assert len(read_journal(journal).chapters) == 200


@pytest.mark.parametrize(
    "text, detail",
    [
        (
            "灯笼记\n作者：无名\n",
            "book.txt: no line matches the default chapter headings (第N章, Chapter N, ...; for others set the site's heading) (read as utf-8; if the file is in "
            "another encoding, set the site's encoding)",
        ),
        (
            "灯笼记\n第一章 点灯\n\n第二章 小船\n",
            "book.txt: no text line under any chapter heading (2 found, the first '第一章 点灯')",
        ),
    ],
)
def test_a_text_book_without_chapters_says_whether_headings_or_their_text_are_missing(tmp_path, text, detail):
    path, journal = tmp_path / "book.txt", tmp_path / "j.jsonl"
    path.write_text(text, encoding="utf-8")
    report = read_local(TEXT_SITE, path, journal)
    failure = read_journal(journal).toc_failure
    assert (report["failed_reasons"], failure["reason"], failure["detail"]) == (
        {"no_chapters": 1},
        "no_chapters",
        detail,
    )


def test_a_heading_pattern_that_backtracks_without_end_is_a_named_failure(tmp_path):
    path, journal = tmp_path / "book.txt", tmp_path / "j.jsonl"
    path.write_text("第一章 点灯\n" + "a" * 40 + "b\n", encoding="utf-8")
    site = Site(
        name="txt",
        lang="zh",
        url="file:///",
        serve=None,
        selectors=None,
        kind="text",  # type: ignore[arg-type]
        heading=r"^(a|aa)+$",
    )
    report = read_local(site, path, journal)
    failure = read_journal(journal).toc_failure
    assert (report["failed_reasons"], failure["reason"]) == ({"regex_timeout": 1}, "regex_timeout")
    assert failure["detail"] == "pattern '^(a|aa)+$' took over 0.25 s on a 41-character line"


def test_a_missing_a_folder_a_pipe_and_an_unreadable_book_file_are_named_failures(tmp_path, monkeypatch):
    import crawlers.local

    def failures(path):
        journal = tmp_path / f"{path.name}.jsonl"
        read_local(TEXT_SITE, path, journal)
        failure = read_journal(journal).toc_failure
        return failure["reason"], failure["detail"]

    assert failures(tmp_path / "missing.txt") == ("file_not_found", "no such file")
    (tmp_path / "folder.txt").mkdir()
    assert failures(tmp_path / "folder.txt") == (
        "not_a_file",
        "a folder, not a book file (toc names the book's one file)",
    )  # was file_not_found: "not a file"
    os.mkfifo(tmp_path / "pipe.txt")
    assert failures(tmp_path / "pipe.txt") == (
        "not_a_file",
        "a named pipe, a device or a socket, not a book file",
    )
    (tmp_path / "locked.txt").write_text("第一章 点灯\n米拉点了灯。\n", encoding="utf-8")

    def refuse(
        *_args,
    ):  # as for a file without read permission (the tests may run as root, who reads anything)
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(crawlers.local, "_chapters", refuse)
    assert failures(tmp_path / "locked.txt") == ("file_unreadable", "Permission denied")


@pytest.mark.parametrize("site", [TEXT_SITE, EPUB_SITE], ids=["text", "epub"])
def test_a_symlink_loop_is_an_unreadable_book_file(tmp_path, site):
    loop = tmp_path / "loop.book"
    loop.symlink_to(loop)
    journal = tmp_path / "loop.jsonl"
    report = read_local(site, loop, journal)
    failure = read_journal(journal).toc_failure
    assert (failure["url"], failure["reason"], failure["detail"]) == (
        loop.as_uri(),
        "file_unreadable",
        "Too many levels of symbolic links",
    )
    assert (report["failed_reasons"], report["finish_reason"]) == ({"file_unreadable": 1}, "file_unreadable")


@pytest.mark.parametrize("site", [TEXT_SITE, EPUB_SITE], ids=["text", "epub"])
def test_a_symlink_to_nothing_is_a_missing_book_file_naming_its_target(tmp_path, site):
    """It was said to be the same name in another Unicode form: the link's own name was taken for one."""
    link = tmp_path / "moved.book"
    link.symlink_to(tmp_path / "gone" / "book.epub")
    journal = tmp_path / "moved.jsonl"
    read_local(site, link, journal)
    failure = read_journal(journal).toc_failure
    assert (failure["reason"], failure["detail"]) == (
        "file_not_found",
        f"a symbolic link to {tmp_path / 'gone' / 'book.epub'}, which is not there",
    )


def test_text_book_headings_without_text_are_listed_as_dropped(tmp_path):
    # a list of contents, and a chapter posted as its title alone: not chapters, but not lost unsaid
    path, journal = tmp_path / "book.txt", tmp_path / "j.jsonl"
    contents = "第一章 点灯\n第二章 小船\n"
    path.write_text(
        contents + "第一章 点灯\n米拉点了灯。\n第二章 小船\n第三章 河\n河很宽。\n", encoding="utf-8"
    )
    report = read_local(TEXT_SITE, path, journal)
    assert [title for _, title in read_journal(journal).toc] == ["第一章 点灯", "第三章 河"]
    assert report["dropped"] == {
        "第一章 点灯": "no text under the heading",
        "第二章 小船": "no text under the heading",
        "第二章 小船~2": "no text under the heading",
    }


def test_a_chapter_the_edited_file_breaks_is_rejected_as_in_a_first_read(tmp_path):
    """A local book is read whole each time: a chapter that reads no longer (over the cap, broken markup)
    kept the text an earlier version of the file gave it, where a build from scratch rejects it."""
    from crawlers.limits import Caps
    from crawlers.raw import raw_rows

    caps = Caps(chapter_chars=12)
    path, journal = tmp_path / "book.txt", tmp_path / "j.jsonl"
    path.write_text("第一章 点灯\n米拉点了灯。\n第二章 小船\n米拉找到一条船。\n", encoding="utf-8")
    read_local(TEXT_SITE, path, journal, caps)
    path.write_text(
        "第一章 点灯\n米拉点了灯。\n第二章 小船\n米拉找到一条船。船是红的，很大很大。\n", encoding="utf-8"
    )
    read_local(TEXT_SITE, path, journal, caps)
    read_local(TEXT_SITE, path, tmp_path / "fresh.jsonl", caps)

    def rows(journal):
        chapters, failures = raw_rows(read_journal(journal), "bk", "zh", "txt")
        return [r["title"] for r in chapters], [(f["item_id"], f["reason"]) for f in failures]

    assert (
        rows(journal)
        == rows(tmp_path / "fresh.jsonl")
        == (["第一章 点灯"], [("bk/zh/00001", "chapter_too_long")])
    )


def test_a_book_file_named_in_another_unicode_form_is_named_as_the_likely_one(tmp_path):
    """A config naming ``café.txt`` (é one character) beside a file copied from macOS (``e`` and an accent):
    "no such file", with no word of the file there."""
    import unicodedata

    decomposed = unicodedata.normalize("NFD", "café.txt")
    (tmp_path / decomposed).write_text("第一章 点灯\n米拉点了灯。\n", encoding="utf-8")
    journal = tmp_path / "b.jsonl"
    read_local(TEXT_SITE, tmp_path / unicodedata.normalize("NFC", "café.txt"), journal)
    failure = read_journal(journal).toc_failure
    assert (failure["reason"], failure["detail"]) == (
        "file_not_found",
        f"no such file (the folder holds {decomposed!r}, the same name in another Unicode form: rename it, "
        "or copy its name)",
    )


def test_a_book_file_named_beyond_ascii_in_the_c_locale_says_to_set_a_utf8_one(tmp_path):
    """``LC_ALL=C PYTHONUTF8=0``: a book named in Chinese was a read_error quoting the ascii codec's
    UnicodeEncodeError, raised while its URI was made."""
    import json
    import subprocess
    import sys

    from core.paths import REPO_ROOT

    book, journal = tmp_path / "书.txt", tmp_path / "book.jsonl"
    book.write_text("第一章 点灯\n米拉点了灯。\n", encoding="utf-8")
    script = (
        "import sys; from pathlib import Path; from crawlers.local import read_local\n"
        "from tests.crawlers.test_local import TEXT_SITE\n"
        "read_local(TEXT_SITE, Path(sys.argv[1]) / '\\u4e66.txt', Path(sys.argv[2]))\n"  # as a config names it
    )
    subprocess.run(
        [sys.executable, "-c", script, str(tmp_path), str(journal)],
        cwd=REPO_ROOT,
        env={**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0"},
        check=True,
    )
    failure = json.loads(journal.read_text(encoding="utf-8"))
    assert (failure["url"], failure["reason"], failure["detail"]) == (
        book.as_uri(),
        "file_unreadable",
        "Python reads file names as ascii in this locale (LC_ALL=C with PYTHONUTF8=0), which cannot name "
        "this file: run with PYTHONUTF8=1 or LC_ALL=C.UTF-8",
    )


def test_chapters_are_named_by_the_file_as_the_config_names_it(tmp_path):
    """A relative toc names the file relative to the config's folder (a project folder moved keeps its
    chapters' urls); an absolute one by its absolute URI."""
    assert toc_uri("books/./灯 1.txt") == "file:books/%E7%81%AF%201.txt"
    assert toc_uri("/srv/books/../a.epub") == "file:///srv/a.epub"
    path, journal = tmp_path / "book.txt", tmp_path / "j.jsonl"
    path.write_text("第一章 点灯\n米拉点了灯。\n", encoding="utf-8")
    read_local(TEXT_SITE, path, journal, toc="book.txt")
    assert read_journal(journal).toc == [
        ("file:book.txt#%E7%AC%AC%E4%B8%80%E7%AB%A0%20%E7%82%B9%E7%81%AF", "第一章 点灯")
    ]
