"""Real crawls of a fault-injecting site on 127.0.0.1: each fault ends as one exact journal record, with
exact request counts and report fields, and the healthy chapters of the same crawl are all there."""

from __future__ import annotations

import gzip
import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from crawlers.journal import JournalState, read_journal
from crawlers.profile import Selectors, Site
from crawlers.web import crawl
from tests.crawlers.faultsite import (
    FaultSite,
    Route,
    endless,
    failing,
    going_down,
    page,
    redirect,
    reset,
    serve_faults,
    slow,
    truncated,
)

SETTINGS = {"BACKOFF_BASE": 0.01, "DOWNLOAD_TIMEOUT": 0.5, "DOWNLOAD_MAXSIZE": 64 * 1024}
ATTEMPTS = 4  # the request and its RETRY_TIMES (3) retries
TEXT = "雨下得很大，林晚星撑着伞站在片场门口。"
UTF8 = {"Content-Type": "text/html; charset=utf-8"}
UTF16 = {"Content-Type": "text/html; charset=utf-16"}
HTML = {"Content-Type": "text/html"}  # no charset
PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
CHALLENGE = (
    b"<html><head><title>Just a moment...</title></head><body>Checking your browser before accessing."
    b"<script src='/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1'></script></body></html>"
)


def chapter_page(
    title: str,
    text: str = TEXT,
    charset: str | None = "gbk",
    next_part: str | None = None,
    encoding: str = "gbk",
) -> bytes:
    """A chapter page in ``encoding``; ``charset`` is what its <meta> declares (None: no declaration)."""
    meta = f'<meta charset="{charset}">' if charset else ""
    link = f'<a class="next" href="{next_part}">下一页</a>' if next_part else ""
    return (
        f'<html><head>{meta}</head><body><h1>{title}</h1><div class="text"><p>{text}</p></div>{link}'
        "</body></html>"
    ).encode(encoding)


OK = page(chapter_page("第一章"))


def profile(site: FaultSite, **changes: Any) -> Site:
    fields = dict(
        name="faults",
        lang="zh",
        url=site.url,
        serve=None,
        encoding="gbk",
        delay=0.0,
        concurrency=4,
        selectors=Selectors(
            chapter_links="ul.toc a",
            toc_next=None,
            title="h1",
            body="div.text p",
            body_next="a.next::attr(href)",
        ),
    )
    return Site(**{**fields, **changes})


def publish(site: FaultSite, chapters: dict[str, Route], links: list[str] | None = None) -> None:
    """Serve ``chapters`` and a table of contents at /book/ linking to them (or to ``links``)."""
    links = links if links is not None else [site.url + path.lstrip("/") for path in chapters]
    toc = "".join(f'<li><a href="{url}">{n}</a></li>' for n, url in enumerate(links))
    site.routes.update(chapters)
    site.routes["/book/"] = page(f'<ul class="toc">{toc}</ul>'.encode(), headers=UTF8)


@dataclass
class Crawl:
    report: dict[str, Any]
    state: JournalState

    def outcome(self, url: str) -> str:
        """``chapter`` or the failure's reason: the latest journal record for ``url``."""
        return "chapter" if url in self.state.chapters else self.state.failures[url]["reason"]


def run_crawl(
    site: FaultSite, journal: Path, settings: dict[str, Any] | None = None, **changes: Any
) -> Crawl:
    report = crawl(
        profile(site, **changes),
        "book/",
        journal,
        log_file=journal.with_suffix(".log"),
        settings={**SETTINGS, **(settings or {})},
    )
    return Crawl(report, read_journal(journal))


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


# Crawls of their own.


def _challenge_after(served: int, status: int = 503) -> Route:
    """Chapter pages until ``served`` were served (by any path), then a Cloudflare challenge."""
    counter = itertools.count()
    challenge = page(CHALLENGE, status, {"Server": "cloudflare"})

    def route(handler: Any, hit: int) -> None:
        (OK if next(counter) < served else challenge)(handler, hit)

    return route


@pytest.mark.parametrize("status", [503, 200])
def test_a_challenge_page_blocks_the_site_without_retries_or_further_requests(tmp_path, status):
    with serve_faults() as site:
        route = _challenge_after(2, status)
        publish(site, {f"/c/{n}": route for n in range(8)})
        # the spider tells a challenge sent as HTTP 200 (the downloader cannot) well within the delay, on a
        # loaded machine too: nothing goes out after it
        done = run_crawl(site, tmp_path / "journal.jsonl", concurrency=2, delay=0.5 if status == 503 else 1.0)
    chapter_hits = sorted(t for path, times in site.hits.items() if path.startswith("/c/") for t in times)
    assert len(chapter_hits) == 3  # two pages, then one challenge: no retry, and no request after it
    assert len(done.state.chapters) == 2  # what was fetched before the block is kept
    reasons = sorted(f["reason"] for f in done.state.failures.values())
    assert reasons == ["blocked"] + ["not_fetched"] * 5  # the queued requests were never sent
    assert all(
        f["detail"].startswith("site blocked: challenge page")
        for f in done.state.failures.values()
        if f["reason"] == "not_fetched"
    )
    assert done.report["blocked"] is True and done.report["finish_reason"] == "blocked"
    assert done.report["blocked_reason"] == f"challenge page (HTTP {status}, 'Just a moment...' in the body)"
    assert done.report["failed_reasons"] == {"blocked": 1, "not_fetched": 5} and done.report["retried"] == 0


def test_a_chapter_whose_text_mentions_a_challenge_is_read_and_a_page_with_no_text_stays_empty_body(tmp_path):
    mention = "她看着屏幕上的 Just a moment... 和 Checking your browser，笑了。"
    with serve_faults() as site:
        publish(
            site,
            {
                "/c/1": page(chapter_page("一", mention)),
                "/c/2": page(b"<html><body><h1>x</h1><p>Loading...</p></body></html>"),
                "/c/3": OK,
            },
        )
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert [done.outcome(site.url + f"c/{n}") for n in (1, 2, 3)] == ["chapter", "empty_body", "chapter"]
    assert (done.state.chapters[site.url + "c/1"]["paragraphs"], done.report["finish_reason"]) == (
        [mention],
        "finished",
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


@pytest.mark.parametrize("status", [403, 200])
def test_a_challenged_table_of_contents_is_a_blocked_toc_failure(tmp_path, status):
    with serve_faults() as site:
        site.routes["/book/"] = page(
            b"<html>Attention required</html>", status, {"cf-mitigated": "challenge"}
        )
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert site.count("/book/") == 1
    assert (done.state.toc_failure["reason"], done.report["finish_reason"]) == ("blocked", "blocked")
    assert done.report["blocked_reason"] == f"challenge page (HTTP {status}, cf-mitigated: challenge)"


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


def _junk_page(seed: int, size: int) -> bytes:
    """A chapter page whose text is ``size`` seeded random bytes."""
    rng = random.Random(seed)
    text = bytes(rng.randrange(0x100) for _ in range(size))
    return b'<html><body><h1>x</h1><div class="text"><p>' + text + b"</p></div></body></html>"


NO_CHARSET = "declares no known charset, and its bytes are {} (set the site's encoding in the config)"
EN_TEXT = "The rain kept falling over the harbour town all night."


@pytest.mark.slow
def test_pages_that_declare_no_charset_on_a_site_with_no_encoding_read_as_utf8_or_gb18030_or_are_bad_encoding(
    tmp_path,
):
    zh_routes = {
        "/u/utf8": page(chapter_page("一", charset=None, encoding="utf-8")),
        "/u/gbk": page(chapter_page("二", charset=None)),
        "/u/random": page(_junk_page(7, 1024), headers=HTML),  # without a type: not_html, as binary
        "/u/big5": page(
            chapter_page("三", "他一個人站在大門口，雨下得很大。", charset=None, encoding="big5")
        ),
    }
    en_routes = {
        "/u/ascii": page(chapter_page("Chapter 1", EN_TEXT, charset=None, encoding="ascii")),
        "/u/cp1252": page(
            chapter_page("Chapter 2", "“Don’t go,” she said. “It’s late.”", charset=None, encoding="cp1252")
        ),
    }
    records = {}  # lang -> path -> ("chapter", encoding, paragraphs) or (reason, detail)
    for lang, routes in (("zh", zh_routes), ("en", en_routes)):
        with serve_faults() as site:
            publish(site, routes)
            done = run_crawl(site, tmp_path / f"{lang}.jsonl", encoding=None, lang=lang)
        chapters, failures = done.state.chapters, done.state.failures
        records[lang] = {
            path: (
                ("chapter", chapters[url]["encoding"], chapters[url]["paragraphs"])
                if url in chapters
                else (failures[url]["reason"], failures[url]["detail"])
            )
            for path in routes
            for url in [site.url + path.lstrip("/")]
        }
    neither = NO_CHARSET.format("neither UTF-8 nor GB18030")
    assert records["zh"] == {
        "/u/utf8": ("chapter", "utf-8", [TEXT]),
        "/u/gbk": ("chapter", "gb18030", [TEXT]),
        "/u/random": ("bad_encoding", neither),
        "/u/big5": ("bad_encoding", neither),
    }
    assert records["en"] == {
        "/u/ascii": ("chapter", "utf-8", [EN_TEXT]),
        "/u/cp1252": ("bad_encoding", NO_CHARSET.format("not UTF-8")),
    }


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


def test_table_of_contents_pages_that_go_on_and_on_are_too_many_pages_past_the_cap(tmp_path):
    with serve_faults() as site:
        site.routes.update(numbered("/book/", lambda n: toc_page(["/c/1"], f"/book/{n + 1}")))
        site.routes["/book/"] = toc_page(["/c/1"], "/book/1")
        done = run_crawl(site, tmp_path / "journal.jsonl", {"MAX_TOC_PAGES": 3}, **PAGED)
    assert [site.count(f"/book/{n}") for n in ("", 1, 2, 3)] == [1, 1, 1, 0] and site.count("/c/1") == 0
    assert (done.state.toc, done.state.toc_failure["reason"], done.state.toc_failure["detail"]) == (
        [],
        "too_many_pages",
        f"over 3 table-of-contents pages: the next would be {site.url}book/3",
    )


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


@pytest.mark.parametrize("retry_after", ["Wed, 21 Oct 2015 07:28:00 -0000", "\xb2"])
def test_a_429_whose_retry_after_is_a_date_without_zone_or_a_non_ascii_digit_is_retried(
    tmp_path, retry_after
):
    with serve_faults() as site:
        publish(site, {"/c/1": failing(1, 429, OK, {"Retry-After": retry_after})})
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert (done.outcome(site.url + "c/1"), site.count("/c/1"), done.report["retried"]) == ("chapter", 2, 1)


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
    "robots, why",
    [
        (failing(99, 500, OK), "robots.txt answered 500"),
        (page(b"Disallow: /private\n" * 5000), "robots.txt could not be read: DownloadCancelledError"),
        (
            endless(),  # was 'DownloadCancelledError: ', saying nothing
            "robots.txt could not be read: a page of no stated size went past the cap of 65,536 bytes (max_page_bytes)",
        ),
        (page(b"no robots here", 404), None),  # none: everything allowed
        # these three were read as none
        (
            page(gzip.compress(b"Disallow: /\n" + b"#" * 2**20), headers={"Content-Encoding": "gzip"}),
            "robots.txt could not be read: InflatesTooLarge: ",
        ),
        (
            page(b"Disallow: /\n", headers={"Content-Encoding": "gzip"}),
            "robots.txt could not be read: BadCompression: not gzip as its Content-Encoding says",
        ),
        (
            redirect("http://example.invalid/robots.txt"),
            "robots.txt could not be read: Offsite: http://example.invalid/robots.txt is not on ",
        ),
    ],
)
def test_a_robots_txt_that_cannot_be_read_forbids_the_site(tmp_path, robots, why):
    with serve_faults() as site:
        publish(site, {"/c/1": OK})
        site.routes["/robots.txt"] = robots  # a server error after the retries, or over the page cap
        done = run_crawl(site, tmp_path / "journal.jsonl")
    if why is None:
        assert done.state.toc_failure is None and len(done.state.chapters) == 1
        return
    assert (site.count("/book/"), site.count("/c/1"), done.state.toc_failure["reason"]) == (
        0,
        0,
        "robots_forbidden",
    )
    detail = done.state.toc_failure["detail"]
    assert f"Forbidden by robots.txt: {why}" in detail and detail.endswith(
        ", so the site is taken as forbidden"
    )


def test_a_site_down_from_the_start_is_unreachable_not_forbidden(tmp_path):
    with serve_faults() as site:
        publish(site, {"/c/1": OK})
        site.go_down()  # its robots.txt, the first request, cannot connect
        done = run_crawl(site, tmp_path / "journal.jsonl")
    assert (done.state.toc_failure["reason"], done.report["finish_reason"]) == ("not_fetched", "unreachable")
    assert done.state.toc_failure["detail"] == done.report["stopped"]
    assert done.report["stopped"].startswith(
        "site unreachable: robots.txt could not be read: DownloadConnectionRefusedError"
    )


NOT_TEXT = "declares charset {}, which does not decode it to text; no site encoding to try instead"
NO_TEXT_CHARSETS = {
    "rot13": "rot-13",
    "base64": "base64",
    "hex": "hex",
    "idna": "idna",
    "undefined": "undefined",
}


def test_a_page_in_a_charset_that_decodes_no_text_is_bad_encoding_naming_it(tmp_path):
    with serve_faults() as site:
        routes = {}
        for charset in NO_TEXT_CHARSETS:
            said = {"Content-Type": f"text/html; charset={charset}"}
            routes[f"/header/{charset}"] = page(
                chapter_page("一", charset=None, encoding="utf-8"), headers=said
            )
            routes[f"/meta/{charset}"] = page(
                chapter_page("一", charset=charset, encoding="utf-8"), headers=HTML
            )
        publish(site, routes)
        done = run_crawl(site, tmp_path / "journal.jsonl", encoding=None)
    assert {
        url.removeprefix(site.url): (f["reason"], f["detail"]) for url, f in done.state.failures.items()
    } == {
        f"{where}/{charset}": ("bad_encoding", NOT_TEXT.format(name))
        for where in ("header", "meta")
        for charset, name in NO_TEXT_CHARSETS.items()
    }
    assert done.report["failed_reasons"] == {"bad_encoding": 10}


@pytest.mark.parametrize(
    ("encoding", "chapters", "toc_failure"),
    [
        ("gbk", {"c/1": "gbk"}, None),
        (None, {}, ("bad_encoding", NOT_TEXT.format("base64"))),
    ],
    ids=["site-encoding", "none"],
)
def test_a_table_of_contents_in_a_charset_that_decodes_no_text_is_read_in_the_sites_encoding_or_bad_encoding(
    tmp_path, encoding, chapters, toc_failure
):
    with serve_faults() as site:
        publish(site, {"/c/1": page(chapter_page("一", charset="rot13"))})
        site.routes["/book/"] = page(
            b'<ul class="toc"><li><a href="/c/1">1</a></li></ul>',
            headers={"Content-Type": "text/html; charset=base64"},
        )
        done = run_crawl(site, tmp_path / "journal.jsonl", encoding=encoding)
    failure = done.state.toc_failure
    assert {url.removeprefix(site.url): r["encoding"] for url, r in done.state.chapters.items()} == chapters
    assert ((failure["reason"], failure["detail"]) if failure else None) == toc_failure


REFUSED = "Connection was refused by other side: 111: Connection refused."


def test_a_chapter_whose_connections_are_refused_is_connection_refused_after_its_retries(tmp_path):
    with serve_faults() as site:
        publish(site, dict.fromkeys(["/c/1", "/c/2"], going_down(1, OK)))
        done = run_crawl(site, tmp_path / "journal.jsonl", concurrency=1)
    assert (len(done.state.chapters), [(f["reason"], f["detail"]) for f in done.state.failures.values()]) == (
        1,
        [("connection_refused", REFUSED)],
    )
    assert (done.report["finish_reason"], done.report["retried"]) == ("finished", ATTEMPTS - 1)


UNREACHABLE = "site unreachable: 4 requests in a row failed to connect"


def test_a_site_that_goes_down_is_unreachable_after_some_refused_requests_and_a_rerun_fetches_the_rest(
    tmp_path,
):
    journal, paths = tmp_path / "journal.jsonl", [f"/c/{n}" for n in range(12)]
    with serve_faults() as site:
        publish(site, dict.fromkeys(paths, going_down(3, OK)))
        first = run_crawl(site, journal, {"UNREACHABLE_AFTER": 4}, concurrency=1)
    assert (
        len(first.state.chapters),
        [(f["reason"], f["detail"]) for f in first.state.failures.values()],
    ) == (
        3,
        [("not_fetched", UNREACHABLE)]
        * 9,  # four refused, then stopped before their retries; five never sent
    )
    assert (first.report["finish_reason"], first.report["requests"]) == ("unreachable", 2 + 3 + 4)
    with serve_faults(port=site.port) as back:  # up again on the same address: the same site, the same URLs
        publish(back, dict.fromkeys(paths, OK))
        second = run_crawl(back, journal, concurrency=1)
    assert (len(second.state.chapters), second.state.failures, second.report["finish_reason"]) == (
        12,
        {},
        "finished",
    )
    assert sum(back.count(path) for path in paths) == 9


UNAVAILABLE = (
    "site unavailable: retries would wait over 0.25 s with no answer but errors to retry"
    " (setting BACKOFF_BUDGET)"
)


def test_a_site_that_answers_503_and_retry_after_to_everything_is_unavailable_past_the_backoff_budget(
    tmp_path,
):
    with serve_faults() as site:
        publish(site, {f"/c/{n}": failing(99, 503, OK, {"Retry-After": "60"}) for n in range(6)})
        settings = {"BACKOFF_MAX": 0.1, "BACKOFF_BUDGET": 0.25}  # Retry-After: 60 waits 0.1 s here
        done = run_crawl(site, tmp_path / "journal.jsonl", settings, concurrency=1)
    outcomes = sorted((f["reason"], f["detail"]) for f in done.state.failures.values())
    # two 503s waited 0.1 s each; the third would pass the budget: it stays a 503, the retries of the first
    # two and the three chapters never requested are not fetched
    assert outcomes == [("http_503", "Ignoring non-200 response")] + [("not_fetched", UNAVAILABLE)] * 5
    assert (sum(site.count(f"/c/{n}") for n in range(6)), done.report["finish_reason"]) == (3, "unavailable")
