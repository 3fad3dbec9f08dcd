"""Real crawls of a fault-injecting site on 127.0.0.1: each fault ends as one exact journal record, with
exact request counts and report fields, and the healthy chapters of the same crawl are all there."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from crawlers.web import crawl
from tests.crawlers.faultsite import (
    FaultSite,
    Route,
    endless,
    failing,
    page,
    redirect,
    reset,
    serve_faults,
    slow,
    truncated,
)
from tests.crawlers.fault_crawl import (
    ATTEMPTS,
    OK,
    SETTINGS,
    TEXT,
    UTF8,
    Crawl,
    chapter_page,
    profile,
    publish,
    run_crawl,
)


UTF16 = {"Content-Type": "text/html; charset=utf-16"}
PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"


# One crawl of a book whose chapters show every fault (module-scoped: it takes a few seconds).
FAULTS: dict[str, Route] = {
    "/c/healthy-1": OK,
    "/c/healthy-2": page(chapter_page("第二章")),
    "/c/burst-503": failing(2, 503, OK),
    "/c/always-500": failing(99, 500, OK),
    "/c/retry-after": failing(1, 429, OK, {"Retry-After": "1"}),
    "/c/stall": slow(2.0, OK),
    "/c/reset": reset(),
    "/c/truncated": truncated(chapter_page("截断")),
    "/c/says-utf8-is-gbk": page(chapter_page("错", charset=None), headers=UTF8),
    "/c/gbk-undeclared": page(chapter_page("无", charset=None)),
    "/c/undecodable": page(
        b"<h1>x</h1><div class='text'><p>" + b"\x80\xff" * 300 + b"</p></div>", headers=UTF8
    ),
    "/c/oversize": page(chapter_page("大", TEXT * 3000)),
    "/c/gzip-bomb": page(
        gzip.compress(chapter_page("炸", TEXT * 3000)), headers={"Content-Encoding": "gzip"}
    ),
    "/c/not-gzip": page(chapter_page("伪"), headers={"Content-Encoding": "gzip"}),
    "/c/loop-a": redirect("/c/loop-b"),
    "/c/refresh-self": page(b'<meta http-equiv="refresh" content="0; url=/c/refresh-self">', headers=UTF8),
    "/c/hop-0": redirect("/c/hop-1"),
    # GBK or UTF-8 bytes read as the UTF-16 they are said to be: characters of no markup and (with this
    # title) not one U+FFFD
    "/c/says-utf16-is-gbk": page(chapter_page("1章", charset=None), headers=UTF16),
    "/c/says-utf16-is-utf8": page(chapter_page("1章", charset=None, encoding="utf-8"), headers=UTF16),
    "/c/utf16-bom": page(chapter_page("双", charset=None, encoding="utf-16"), headers=UTF16),
    "/c/utf16-no-bom": page(chapter_page("双", charset=None, encoding="utf-16-le"), headers=UTF16),
    "/c/pdf-as-html": page(PDF, headers={"Content-Type": "text/html"}),
    "/c/pdf-untyped": page(PDF),
    "/c/redirect-ftp": redirect("ftp://127.0.0.1/c/1"),
    "/c/redirect-file": redirect("file:///etc/passwd"),
    "/c/redirect-data": redirect("data:text/html,x"),
    "/c/refresh-ftp": page(b'<meta http-equiv="refresh" content="0; url=ftp://127.0.0.1/c/1">', headers=UTF8),
}


ROUTES = {
    **FAULTS,
    "/c/loop-b": redirect("/c/loop-a"),
    **{f"/c/hop-{n}": redirect(f"/c/hop-{n + 1}") for n in range(1, 9)},
}


# path in the table of contents -> (outcome, requests the site saw for it)
EXPECTED = {
    "/c/healthy-1": ("chapter", 1),
    "/c/healthy-2": ("chapter", 1),
    "/c/burst-503": ("chapter", 3),
    "/c/always-500": ("http_500", ATTEMPTS),
    "/c/retry-after": ("chapter", 2),
    "/c/stall": ("timeout", ATTEMPTS),
    "/c/reset": ("connection_lost", ATTEMPTS),
    "/c/truncated": ("truncated", ATTEMPTS),
    "/c/says-utf8-is-gbk": ("chapter", 1),
    "/c/gbk-undeclared": ("chapter", 1),
    "/c/undecodable": ("bad_encoding", 1),
    "/c/oversize": ("too_large", 1),
    "/c/gzip-bomb": ("too_large", 1),
    "/c/not-gzip": ("bad_compression", 1),
    "/c/loop-a": ("redirect_loop", 1),
    "/c/refresh-self": ("redirect_loop", 1),
    "/c/hop-0": ("too_many_redirects", 1),
    "/c/says-utf16-is-gbk": ("chapter", 1),
    "/c/says-utf16-is-utf8": ("bad_encoding", 1),
    "/c/utf16-bom": ("chapter", 1),
    "/c/utf16-no-bom": ("chapter", 1),
    "/c/pdf-as-html": ("not_html", 1),
    "/c/pdf-untyped": ("not_html", 1),
    "/c/redirect-ftp": ("offsite", 1),
    "/c/redirect-file": ("offsite", 1),
    "/c/redirect-data": ("offsite", 1),
    "/c/refresh-ftp": ("offsite", 1),
    "/c/redirect-off": ("offsite", 1),
    "/c/next-off": ("offsite", 1),
}


@dataclass
class FaultCrawl(Crawl):
    site: FaultSite
    other: FaultSite  # another service on the same host (another port): never to be requested
    offsite_links: list[str]  # links to it in the table of contents, as the journal records them

    def detail(self, path: str) -> str:
        """The detail of the failure of the chapter at ``path``."""
        return self.state.failures[self.site.url + path.lstrip("/")]["detail"]


def steering_routes(other: FaultSite) -> dict[str, Route]:
    """Pages of the site that point the crawler at ``other``: by a redirect and by a next-page link."""
    return {
        "/c/redirect-off": redirect(other.url + "c/elsewhere"),
        "/c/next-off": page(chapter_page("上", next_part=other.url + "c/elsewhere-2")),
    }


@pytest.fixture(scope="module")
def faults(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FaultCrawl]:
    with serve_faults() as site, serve_faults() as other:
        other.routes.update({"/c/elsewhere": OK, "/c/elsewhere-2": OK, "/c/schemeless": OK})
        steering = steering_routes(other)
        host_port = other.url.removeprefix("http://")
        links = [
            other.url + "c/elsewhere",
            f"//{host_port}c/schemeless",
            site.url.replace("http:", "ftp:") + "c/ftp",
        ]
        publish(
            site,
            {**ROUTES, **steering},
            [site.url + path.lstrip("/") for path in [*FAULTS, *steering]] + links,
        )
        done = run_crawl(site, tmp_path_factory.mktemp("faults") / "journal.jsonl")
        yield FaultCrawl(done.report, done.state, site, other, [links[0], "http:" + links[1], links[2]])


@pytest.mark.slow
@pytest.mark.parametrize("path", EXPECTED)
def test_each_fault_ends_as_its_exact_outcome_after_the_exact_number_of_requests(faults, path):
    assert (faults.outcome(faults.site.url + path.lstrip("/")), faults.site.count(path)) == EXPECTED[path]


@pytest.mark.slow
def test_nothing_else_is_lost_and_no_chapter_is_empty(faults):
    assert [url for url, _ in faults.state.toc] == [faults.site.url + p.lstrip("/") for p in EXPECTED] + (
        faults.offsite_links
    )
    assert set(faults.state.chapters) | set(faults.state.failures) == {url for url, _ in faults.state.toc}
    assert {url: record["paragraphs"] for url, record in faults.state.chapters.items()} == {
        faults.site.url + path.lstrip("/"): [TEXT]
        for path, (outcome, _) in EXPECTED.items()
        if outcome == "chapter"
    }


@pytest.mark.slow
def test_the_report_counts_failures_per_reason(faults):
    report = faults.report
    assert report["failed_reasons"] == {
        "http_500": 1,
        "timeout": 1,
        "connection_lost": 1,
        "truncated": 1,
        "bad_encoding": 2,
        "too_large": 2,
        "bad_compression": 1,
        "redirect_loop": 2,
        "too_many_redirects": 1,
        "offsite": 9,
        "not_html": 2,
    }
    assert (report["blocked"], report["blocked_reason"], report["finish_reason"]) == (False, None, "finished")
    assert report["retried"] == 2 + 1 + 4 * (
        ATTEMPTS - 1
    )  # the 503 burst, the 429, four faults retried in vain
    assert (
        report["items"] == 1 + len(EXPECTED) + 3
    )  # the TOC and a record per chapter (three link off the site)
    assert report["requests"] == faults.site.total() and report["bytes"] > 0 and report["duration_s"] > 0


@pytest.mark.slow
def test_a_page_that_meta_refreshes_to_itself_is_a_redirect_loop_naming_it(faults):
    url = faults.site.url + "c/refresh-self"
    assert faults.state.failures[url]["detail"] == f"redirect loop: {url} -> {url}"


@pytest.mark.slow
def test_a_page_that_is_not_the_gzip_its_header_says_is_bad_compression_quoting_its_start(faults):
    assert faults.state.failures[faults.site.url + "c/not-gzip"]["detail"] == (
        "not gzip as its Content-Encoding says: Not a gzipped file (b'<h')"
    )


@pytest.mark.slow
def test_retry_after_is_honoured(faults):
    first, second = faults.site.hits["/c/retry-after"]
    assert second - first >= 1.0  # the backoff alone would have waited BACKOFF_BASE = 0.01 s


@pytest.mark.slow
def test_misdeclared_and_undeclared_gbk_pages_are_read_with_the_site_encoding(faults):
    for path in ("/c/says-utf8-is-gbk", "/c/gbk-undeclared"):
        assert faults.state.chapters[faults.site.url + path.lstrip("/")]["encoding"] == "gbk"
    assert faults.state.chapters[faults.site.url + "c/healthy-1"]["encoding"] == "gb18030"  # as declared


@pytest.mark.slow
def test_a_utf16_declaration_is_read_in_the_byte_order_of_the_markup_or_not_at_all_when_it_has_none(faults):
    encodings = {
        path: faults.state.chapters[faults.site.url + path.lstrip("/")]["encoding"]
        for path in ("/c/says-utf16-is-gbk", "/c/utf16-bom", "/c/utf16-no-bom")
    }
    assert encodings == {
        "/c/says-utf16-is-gbk": "gbk",
        "/c/utf16-bom": "utf-16-le",
        "/c/utf16-no-bom": "utf-16-le",
    }
    assert faults.detail("/c/says-utf16-is-utf8") == (
        "declares utf-16, but its bytes hold no UTF-16 markup; too many undecodable bytes with gbk"
    )


@pytest.mark.slow
def test_a_pdf_sent_as_a_web_page_or_without_a_type_is_not_html_naming_what_it_is(faults):
    assert (faults.detail("/c/pdf-as-html"), faults.detail("/c/pdf-untyped")) == (
        "not a web page: a PDF document, sent as text/html",
        "not a web page: a PDF document, sent without a Content-Type",
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("path", "target"),
    [
        ("/c/redirect-ftp", "ftp://127.0.0.1/c/1"),
        ("/c/redirect-file", "file:///etc/passwd"),
        ("/c/redirect-data", "data:text/html,x"),
        ("/c/refresh-ftp", "ftp://127.0.0.1/c/1"),
    ],
)
def test_a_redirect_to_another_scheme_than_http_is_offsite_naming_the_scheme(faults, path, target):
    scheme = target.split(":")[0]
    assert faults.detail(path) == (
        f"redirect from {faults.site.url}{path[1:]} to a URL of scheme {scheme}, not http or https: {target}"
    )


@pytest.mark.slow
def test_a_lost_connection_is_told_in_words_not_in_twisteds_failure_objects(faults):
    lost, cut = faults.detail("/c/reset"), faults.detail("/c/truncated")
    assert lost.startswith("the connection was lost before a response was received (Connection ")
    assert cut.startswith("the connection was lost before the response was complete (Connection ")
    assert "twisted" not in lost + cut and "Failure" not in lost + cut


@pytest.mark.slow
def test_nothing_is_requested_on_another_port_or_scheme_by_link_redirect_next_page_or_robots(faults):
    assert faults.other.total() == 0  # robots.txt included
    assert [faults.outcome(url) for url in faults.offsite_links] == ["offsite"] * 3
    assert faults.state.failures[faults.site.url + "c/redirect-off"]["detail"] == (
        f"{faults.other.url}c/elsewhere is not on {faults.site.url.rstrip('/')} (redirected from "
        f"{faults.site.url}c/redirect-off)"
    )
    assert faults.state.failures[faults.site.url + "c/next-off"]["detail"] == (
        f"page 2 of the chapter to {faults.other.url}c/elsewhere-2, not on {faults.site.url.rstrip('/')}"
    )


def test_a_table_of_contents_that_is_not_the_gzip_its_header_says_is_a_bad_compression_toc_failure(tmp_path):
    with serve_faults() as site:
        site.routes["/book/"] = page(b'<ul class="toc"></ul>', headers={**UTF8, "Content-Encoding": "gzip"})
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert (site.count("/book/"), done.state.toc_failure["reason"], done.state.toc_failure["detail"]) == (
        1,
        "bad_compression",
        "not gzip as its Content-Encoding says: Not a gzipped file (b'<u')",
    )


def test_a_table_of_contents_of_no_stated_size_past_the_cap_is_too_large_naming_the_cap(tmp_path):
    """A body sent without Content-Length that never ends was 'too_large' with the detail
    'DownloadCancelledError' (Scrapy cancels it, saying why only in its log)."""
    with serve_faults() as site:
        site.routes["/book/"] = endless()
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert (done.state.toc_failure["reason"], done.state.toc_failure["detail"]) == (
        "too_large",
        "a page of no stated size went past the cap of 65,536 bytes (max_page_bytes)",
    )


@pytest.mark.slow
def test_a_chapter_that_failed_is_fetched_on_the_next_run(tmp_path):
    journal = tmp_path / "journal.jsonl"
    with serve_faults() as site:
        publish(site, {"/c/1": OK, "/c/2": failing(ATTEMPTS, 500, OK), "/c/3": OK})
        first = run_crawl(site, journal)
        assert (first.outcome(site.url + "c/2"), sorted(first.state.chapters)) == (
            "http_500",
            [site.url + "c/1", site.url + "c/3"],
        )
        second = run_crawl(site, journal)
    assert second.outcome(site.url + "c/2") == "chapter" and not second.state.failures
    assert len(second.state.chapters) == 3
    assert (site.count("/c/1"), site.count("/c/2"), site.count("/c/3")) == (1, ATTEMPTS + 1, 1)
    assert second.report["failed_reasons"] == {} and second.report["items"] == 2  # the TOC and chapter 2


def test_a_page_that_times_out_does_not_stall_the_sites_other_pages(tmp_path):
    with serve_faults() as site:
        publish(site, {"/c/stall": slow(1.0, OK), **{f"/c/{n}": OK for n in range(4)}})
        report = crawl(
            profile(site, concurrency=2, delay=0.02),
            "book/",
            tmp_path / "journal.jsonl",
            settings={**SETTINGS, "DOWNLOAD_TIMEOUT": 0.3},
        )
    stalls = site.hits["/c/stall"]
    healthy = [t for n in range(4) for t in site.hits[f"/c/{n}"]]
    assert len(stalls) == ATTEMPTS and len(healthy) == 4 and report["failed_reasons"] == {"timeout": 1}
    assert max(healthy) < stalls[1]  # all fetched while the slow page waited for its first timeout


@pytest.mark.parametrize("retry_after", ["Wed, 21 Oct 2015 07:28:00 -0000", "\xb2"])
def test_a_429_whose_retry_after_is_a_date_without_zone_or_a_non_ascii_digit_is_retried(
    tmp_path, retry_after
):
    with serve_faults() as site:
        publish(site, {"/c/1": failing(1, 429, OK, {"Retry-After": retry_after})})
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert (done.outcome(site.url + "c/1"), site.count("/c/1"), done.report["retried"]) == ("chapter", 2, 1)


def test_a_link_whose_tag_holds_a_control_character_is_read_not_a_spider_error_of_the_whole_toc(tmp_path):
    with serve_faults() as site:  # its ">" garbled into \x1e: an attribute name of a control character
        site.routes.update({"/c/1": OK, "/c/2": OK})
        site.routes["/book/"] = page(
            b'<ul class="toc"><li><a href="/c/1"\x1e1</a></li><li><a href="/c/2">2</a></li></ul>',
            headers=UTF8,
        )
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert (done.state.toc_failure, sorted(done.state.chapters)) == (
        None,
        [site.url + "c/1", site.url + "c/2"],
    )


def _hours_ahead(hours: float) -> str:
    """An HTTP date ``hours`` from now."""
    return format_datetime(datetime.now(UTC) + timedelta(hours=hours), usegmt=True)


@pytest.mark.parametrize("retry_after", ["259200", _hours_ahead(72.2)], ids=["seconds", "http-date"])
def test_a_429_whose_retry_after_asks_longer_than_a_wait_lasts_says_the_wait_asked_was_not_waited(
    tmp_path, retry_after
):
    """It read "Ignoring non-200 response": nothing said the site asked for three days."""
    with serve_faults() as site:
        publish(site, {"/c/1": failing(99, 429, OK, {"Retry-After": retry_after})})
        done = run_crawl(site, tmp_path / "journal.jsonl", {"BACKOFF_MAX": 0.05})
    failure = done.state.failures[site.url + "c/1"]
    assert (failure["reason"], failure["detail"], site.count("/c/1")) == (
        "http_429",
        "the site asks to retry after 72 h; not waited (a wait is 0.05 s at most: BACKOFF_MAX)",
        ATTEMPTS,
    )
