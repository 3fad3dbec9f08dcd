import pytest

from bench.bench_crawl import CrawlFailed, crawl, render_book, write_book_config


def test_the_book_is_rendered_as_both_demo_sites(tmp_path):
    book_id = render_book(2, tmp_path / "site")
    assert (tmp_path / "site" / "zh" / "book" / book_id / "index.html").is_file()
    assert (tmp_path / "site" / "en" / "novel" / book_id / "chapter-2" / "index.html").is_file()


def test_a_failed_crawl_is_one_line_naming_the_exit_and_the_logs_last_line(tmp_path):
    write_book_config(tmp_path, "synth-0000")  # no site rendered: the served folders are missing
    with pytest.raises(CrawlFailed, match=r"^the crawl failed \(exit [1-9]\d*\): .*serve"):
        crawl(tmp_path)
