import pytest
import yaml

from bench.bench_crawl import CrawlFailed, crawl, render_book, write_book_config


def test_the_book_is_rendered_as_both_demo_sites(tmp_path):
    book_id = render_book(2, tmp_path / "site")
    assert (tmp_path / "site" / "zh" / "book" / book_id / "index.html").is_file()
    assert (tmp_path / "site" / "en" / "novel" / book_id / "chapter-2" / "index.html").is_file()


def test_a_failed_crawl_is_one_line_naming_the_exit_and_the_logs_last_line(tmp_path):
    write_book_config(tmp_path, "synth-0000", 2)  # no site rendered: the served folders are missing
    with pytest.raises(CrawlFailed, match=r"^the crawl failed \(exit [1-9]\d*\): .*serve"):
        crawl(tmp_path)


def test_a_long_book_may_list_its_chapters_on_more_table_of_contents_pages_than_a_site_by_default(tmp_path):
    sites = yaml.safe_load(write_book_config(tmp_path, "synth-0000", 4000).read_text(encoding="utf-8"))[
        "sites"
    ]
    assert {(s["delay"], s["max_toc_pages"]) for s in sites.values()} == {(0, 1001)}
    sites = yaml.safe_load(write_book_config(tmp_path, "synth-0000", 510).read_text(encoding="utf-8"))[
        "sites"
    ]
    assert {(s["delay"], s["max_toc_pages"]) for s in sites.values()} == {(0, 500)}
