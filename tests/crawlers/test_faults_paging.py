"""Real crawls of a fault-injecting site whose table of contents or chapters go on over pages: links back,
pages past the caps, links that are no URL, pages already requested."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from crawlers.profile import Selectors
from tests.crawlers.faultsite import Route, page, redirect, serve_faults
from tests.crawlers.fault_crawl import OK, UTF8, chapter_page, publish, run_crawl


PAGED = {"selectors": Selectors("ul.toc a", "a.toc-next::attr(href)", "h1", "div.text p", None)}


def toc_page(links: list[str], next_page: str | None = None) -> Route:
    """A table-of-contents page linking to ``links``, and to its next page when given."""
    toc = "".join(f'<li><a href="{url}">{n}</a></li>' for n, url in enumerate(links))
    more = f'<a class="toc-next" href="{next_page}">下一页</a>' if next_page else ""
    return page(f'<ul class="toc">{toc}</ul>{more}'.encode(), headers=UTF8)


@pytest.mark.parametrize(
    "back",
    [
        {"/book/2": toc_page(["/c/2"], "/book/")},  # the last page's next page is the first
        {"/book/2": toc_page(["/c/2"], "/book/3"), "/book/3": toc_page(["/c/1"], "/book/2#top")},
        {"/book/2": toc_page(["/c/2"], "/book/3"), "/book/3": redirect("/book/")},
    ],
    ids=["to-the-first", "to-the-second-by-fragment", "by-redirect"],
)
def test_table_of_contents_pages_that_link_back_end_the_list_of_chapters(tmp_path, back):
    with serve_faults() as site:
        site.routes.update({"/book/": toc_page(["/c/1"], "/book/2"), **back, "/c/1": OK, "/c/2": OK})
        done = run_crawl(site, tmp_path / "journal.jsonl", **PAGED)
    chapters = [site.url + "c/1", site.url + "c/2"]
    assert ([url for url, _ in done.state.toc], sorted(done.state.chapters)) == (chapters, chapters)
    assert done.report["failed_reasons"] == {} and site.count("/book/2") == 1


def numbered(prefix: str, answer: Callable[[int], Route], count: int = 9) -> dict[str, Route]:
    """Routes of the pages ``prefix``0 to ``prefix``8, page N answered by ``answer(N)``."""
    return {f"{prefix}{n}": answer(n) for n in range(count)}


def test_table_of_contents_pages_that_go_on_and_on_are_too_many_pages_past_the_sites_cap(tmp_path):
    """The cap is the site's ``max_toc_pages`` (a crawl trap's pages go on without end; a site listing 20
    chapters a page has a 12,000-chapter book on 600): it was 500 for every site."""
    with serve_faults() as site:
        site.routes.update(numbered("/book/", lambda n: toc_page([f"/c/{n}"], f"/book/{n + 1}")))
        site.routes["/book/"] = toc_page(["/c/0"], "/book/1")
        site.routes["/book/4"] = toc_page(["/c/4"])  # the last page: five in all
        site.routes.update(numbered("/c/", lambda n: OK))
        done = run_crawl(site, tmp_path / "journal.jsonl", **PAGED, max_toc_pages=3)
        assert [site.count(f"/book/{n}") for n in ("", 1, 2, 3)] == [1, 1, 1, 0] and site.count("/c/1") == 0
        assert (done.state.toc, done.state.toc_failure["reason"], done.state.toc_failure["detail"]) == (
            [],
            "too_many_pages",
            f"over 3 table-of-contents pages (the site's max_toc_pages): the next would be {site.url}book/3",
        )
        done = run_crawl(site, tmp_path / "journal-5.jsonl", **PAGED, max_toc_pages=5)
    assert [url for url, _ in done.state.toc] == [f"{site.url}c/{n}" for n in range(5)]
    assert done.state.toc_failure is None


def test_table_of_contents_pages_that_list_more_chapters_than_a_book_has_are_too_many_chapters(tmp_path):
    # a site may list a million links a page (a local book stops at Caps.chapters): the crawl would not end
    with serve_faults() as site:
        site.routes["/book/"] = toc_page(["/c/1", "/c/2"], "/book/1")
        site.routes["/book/1"] = toc_page(["/c/3", "/c/4"], "/book/2")
        site.routes["/book/2"] = toc_page(["/c/5"])
        site.routes.update(numbered("/c/", lambda n: OK))
        done = run_crawl(site, tmp_path / "journal.jsonl", {"MAX_CHAPTERS": 3}, **PAGED)
    assert [site.count(f"/book/{n}") for n in ("", 1, 2)] == [1, 1, 0]
    assert sum(site.count(f"/c/{n}") for n in range(9)) == 0
    assert (done.state.toc, done.state.toc_failure["reason"], done.state.toc_failure["detail"]) == (
        [],
        "too_many_chapters",
        f"over 3 chapter links (cap) by {site.url}book/1: does chapter_links match links that are no chapters?",
    )


def test_a_chapter_whose_next_pages_go_on_and_on_is_too_many_pages_past_the_cap(tmp_path):
    with serve_faults() as site:
        chapter = numbered("/c/", lambda n: page(chapter_page(f"第{n}页", next_part=f"/c/{n + 1}")))
        publish(site, {**chapter, "/c/x": OK}, [site.url + "c/0", site.url + "c/x"])
        done = run_crawl(site, tmp_path / "journal.jsonl", {"MAX_CHAPTER_PAGES": 3})
    assert [site.count(f"/c/{n}") for n in range(4)] == [1, 1, 1, 0]
    assert list(done.state.chapters) == [site.url + "c/x"]  # the other chapters are fetched
    failure = done.state.failures[site.url + "c/0"]
    assert (failure["reason"], failure["detail"]) == (
        "too_many_pages",
        f"over 3 pages of the chapter: the next would be {site.url}c/3",
    )


@pytest.mark.parametrize("back", ["/c/1#top", "#comments"])
def test_a_chapters_last_page_linking_back_to_a_page_read_ends_the_chapter(tmp_path, back):
    with serve_faults() as site:
        publish(
            site,
            {
                "/c/1": page(chapter_page("上", next_part="/c/1?p=2")),
                "/c/1?p=2": page(chapter_page("下", next_part=back)),
            },
            [site.url + "c/1"],
        )
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert done.state.chapters[site.url + "c/1"]["page_urls"] == [site.url + "c/1", site.url + "c/1?p=2"]
    assert done.report["failed_reasons"] == {} and site.count("/c/1") == 1


NO_URL = "http://[::1/c/2"  # an unclosed IPv6 bracket: urljoin raises ValueError


def test_a_chapter_link_or_next_page_that_is_no_url_is_offsite_and_the_other_chapters_are_crawled(tmp_path):
    with serve_faults() as site:
        chapters = {"/c/1": OK, "/c/3": page(chapter_page("三", next_part=NO_URL))}
        publish(site, chapters, [site.url + "c/1", NO_URL, site.url + "c/3"])
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert [url for url, _ in done.state.toc] == [site.url + "c/1", NO_URL, site.url + "c/3"]
    assert list(done.state.chapters) == [site.url + "c/1"]
    assert {url: (f["reason"], f["detail"]) for url, f in done.state.failures.items()} == {
        NO_URL: ("offsite", f"a chapter link to {NO_URL}, not on {site.url.rstrip('/')}"),
        site.url + "c/3": ("offsite", f"page 2 of the chapter to {NO_URL}, not on {site.url.rstrip('/')}"),
    }


def test_a_next_table_of_contents_page_that_is_no_url_is_an_offsite_toc_failure(tmp_path):
    with serve_faults() as site:
        site.routes.update({"/book/": toc_page(["/c/1"], NO_URL), "/c/1": OK})
        done = run_crawl(site, tmp_path / "journal.jsonl", **PAGED)
    assert (done.state.toc_failure["reason"], done.state.toc_failure["detail"]) == (
        "offsite",
        f"the next table-of-contents page to {NO_URL}, not on {site.url.rstrip('/')}",
    )


@pytest.mark.parametrize(
    "route",
    [redirect(NO_URL), page(f'<meta http-equiv="refresh" content="0; url={NO_URL}">'.encode(), headers=UTF8)],
    ids=["location", "meta-refresh"],
)
def test_a_redirect_to_no_url_is_offsite(tmp_path, route):
    with serve_faults() as site:
        publish(site, {"/c/1": route})
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert (site.count("/c/1"), done.state.failures[site.url + "c/1"]["detail"]) == (
        1,
        f"redirect from {site.url}c/1 to a URL that cannot be read: Invalid IPv6 URL",
    )
    assert done.report["failed_reasons"] == {"offsite": 1}


def test_a_chapter_listed_twice_in_the_table_of_contents_is_in_it_once_in_its_last_place(tmp_path):
    with serve_faults() as site:  # the latest chapter at the top of the page, then the full list
        publish(site, {"/c/1": OK, "/c/2": OK}, [site.url + "c/2", site.url + "c/1", site.url + "c/2"])
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert [url for url, _ in done.state.toc] == [site.url + "c/1", site.url + "c/2"]
    assert (site.count("/c/1"), len(done.state.chapters), done.report["failed_reasons"]) == (1, 2, {})


@pytest.mark.parametrize(
    ("second", "listed", "dropped"),
    [(redirect("/c/1"), ["c/1"], "c/1"), (OK, ["c/1", "c/2"], "c/2")],
    ids=["redirecting-back", "another-chapter"],
)
def test_a_chapter_whose_next_page_was_already_requested_is_not_fetched_naming_it(
    tmp_path, second, listed, dropped
):
    with serve_faults() as site:
        first = page(chapter_page("一", next_part="/c/2"))
        publish(site, {"/c/1": first, "/c/2": second}, [site.url + path for path in listed])
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert (done.outcome(site.url + "c/1"), done.state.failures[site.url + "c/1"]["detail"]) == (
        "not_fetched",
        f"{site.url}{dropped} (page 2 of the chapter) is a page already requested: not requested again",
    )


@pytest.mark.parametrize(
    "second",
    [page(b"", 204, UTF8), page(b"", headers=UTF8), page(b"<p>page 2</p>", headers=UTF8)],
    ids=["no-content", "empty", "no-text"],
)
def test_a_chapters_later_page_with_no_text_is_empty_body_naming_it_not_the_chapter_cut_short(
    tmp_path, second
):
    with (
        serve_faults() as site
    ):  # the chapter was kept with its first page's text alone, page 3 never fetched
        first = page(chapter_page("一", next_part="/c/1-2"))
        publish(site, {"/c/1": first, "/c/1-2": second, "/c/1-3": OK}, [site.url + "c/1"])
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert (done.outcome(site.url + "c/1"), done.state.failures[site.url + "c/1"]["detail"]) == (
        "empty_body",
        f"page 2 ({site.url}c/1-2) of the chapter: no div.text p",
    )


@pytest.mark.parametrize(
    ("second", "empty"),
    [(page(b"", 204, UTF8), "empty page (HTTP 204)"), (page(b" \n", headers=UTF8), "empty body (HTTP 200)")],
    ids=["no-content", "empty"],
)
def test_a_later_table_of_contents_page_that_is_empty_is_toc_empty_naming_it_empty(tmp_path, second, empty):
    # the chapters of page 1 were taken for the whole book; then it said "no chapter link on" that page
    with serve_faults() as site:
        site.routes.update({"/book/": toc_page(["/c/1"], "/book/2"), "/book/2": second, "/c/1": OK})
        done = run_crawl(site, tmp_path / "journal.jsonl", **PAGED)
    assert (done.state.toc, done.state.toc_failure["reason"], done.state.toc_failure["detail"]) == (
        [],
        "toc_empty",
        f"{empty} at {site.url}book/2, the next page of the one before",
    )
    assert site.count("/c/1") == 0


def test_a_later_table_of_contents_page_of_html_with_no_chapter_link_ends_the_list(tmp_path):
    """A site's pages may run on past the last that lists a chapter: that page ends the list, not the side."""
    with serve_faults() as site:
        site.routes.update(
            {
                "/book/": toc_page(["/c/1"], "/book/2"),
                "/book/2": page(b"<p>no more chapters</p>", headers=UTF8),
            }
        )
        site.routes["/c/1"] = OK
        done = run_crawl(site, tmp_path / "journal.jsonl", **PAGED)
    assert ([url for url, _ in done.state.toc], done.state.toc_failure) == ([site.url + "c/1"], None)


def test_a_table_of_contents_of_links_to_no_page_alone_is_toc_empty_saying_so(tmp_path):
    """Every chapter locked: the side has no chapter to fetch, as when its pages hold no link at all."""
    with serve_faults() as site:
        site.routes["/book/"] = toc_page(["", "#", "javascript:void(0)"])
        done = run_crawl(site, tmp_path / "journal.jsonl", **PAGED)
    assert (done.state.toc, done.state.toc_failure["reason"], done.state.toc_failure["detail"]) == (
        [],
        "toc_empty",
        "no chapter link on its pages: its 3 links lead to no page (an empty href, a fragment, a script)",
    )
    assert site.total() == 2  # robots.txt and the table of contents


def test_a_link_to_no_page_listed_again_on_a_later_page_keeps_its_last_place_once(tmp_path):
    with serve_faults() as site:  # the second page repeats the first's last (locked) chapter
        site.routes.update({"/book/": toc_page(["/c/0", ""], "/book/2"), "/c/0": OK, "/c/2": OK})
        site.routes["/book/2"] = page(
            b'<ul class="toc"><li><a href="">1</a></li><li><a href="">9</a></li>'
            b'<li><a href="/c/2">2</a></li></ul>',
            headers=UTF8,
        )
        done = run_crawl(site, tmp_path / "journal.jsonl", **PAGED)
    assert done.state.toc == [(site.url + "c/0", "0"), ("", "1"), ("", "9"), (site.url + "c/2", "2")]
    assert (sorted(done.state.chapters), done.report["failed_reasons"]) == (
        [site.url + "c/0", site.url + "c/2"],
        {},
    )
