import pytest

from crawlers.demo.render import SITE_DIR, main, render_site
from crawlers.demo.source import load_books


def _tree(root):
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_committed_demo_site_is_what_the_sources_render(tmp_path):
    render_site(tmp_path / "site")
    assert _tree(tmp_path / "site") == _tree(SITE_DIR), "run `make render-demo` after editing demo/source"


def test_demo_books_are_big_enough_and_plant_every_defect():
    books = {b.book_id: b for b in load_books()}
    assert len(books) >= 3
    for book in books.values():
        long_chapters = [
            c
            for c in book.chapters
            if sum(b.zh.count("。") + b.zh.count("！") + b.zh.count("？") for b in c.beads()) >= 25
        ]
        assert len(long_chapters) >= 8, book.book_id
        beads = [b for c in long_chapters for b in c.beads()]
        one_to_one = sum(
            1 for b in beads if b.zh and b.en and b.en.count(". ") == 0 and b.zh.count("。") <= 1
        )
        assert one_to_one / len(beads) < 0.8, "a demo where every sentence maps 1-1 hides real problems"
    defects = {key for b in books.values() for key in b.defects}
    assert defects == {
        "duplicate_zh",
        "truncated_en",
        "untranslated",
        "prologue_en",
        "merged_en",
        "author_note_zh",
    }


def test_chinese_pages_are_gbk_and_long_chapters_span_two_pages():
    pages = sorted((SITE_DIR / "zh" / "book").rglob("*_2.html"))
    assert pages, "some Chinese chapters continue on a second page"
    raw = pages[0].read_bytes()
    assert b"charset=gbk" in raw
    raw.decode("gbk")  # every page is valid GBK


def test_a_folder_that_is_not_a_demo_site_is_not_wiped_but_named_in_one_line(tmp_path, capsys):
    (tmp_path / "mine.txt").write_text("keep me")
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path}: holds mine.txt, not only zh/ and en/: not replaced\n",
    )
    assert (tmp_path / "mine.txt").read_text() == "keep me"
    with pytest.raises(SystemExit) as exit_:
        main([str(tmp_path / "mine.txt")])
    prog = "python -m crawlers.demo.render"
    assert (exit_.value.code, capsys.readouterr().err) == (
        2,
        f"{prog}: error: argument out: '{tmp_path / 'mine.txt'}': {tmp_path / 'mine.txt'} is a file, not a "
        f"folder (see {prog} --help)\n",
    )
    site = tmp_path / "site"
    assert main([str(site)]) == 0 and sorted(p.name for p in site.iterdir()) == ["en", "zh"]
    assert main([str(site)]) == 0  # a site rendered before is replaced
