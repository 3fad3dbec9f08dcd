"""Real crawls of a fault-injecting site that stop the site: a challenge page, a robots.txt that cannot be
read, refused connections, answers that are all 503."""

from __future__ import annotations

import gzip
import itertools
from typing import Any

import pytest

from tests.crawlers.faultsite import Route, endless, failing, going_down, page, redirect, serve_faults, slow
from tests.crawlers.fault_crawl import ATTEMPTS, OK, chapter_page, publish, run_crawl


CHALLENGE = (
    b"<html><head><title>Just a moment...</title></head><body>Checking your browser before accessing."
    b"<script src='/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1'></script></body></html>"
)


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
    asked = "the site asks to retry after 60 s; not waited (a wait is 0.1 s at most: BACKOFF_MAX)"
    assert outcomes == [("http_503", asked)] + [("not_fetched", UNAVAILABLE)] * 5
    assert (sum(site.count(f"/c/{n}") for n in range(6)), done.report["finish_reason"]) == (3, "unavailable")


def test_a_site_that_never_answers_is_unavailable_once_its_timeouts_pass_the_backoff_budget(tmp_path):
    """Timeouts were no wait to the budget: every chapter timed out four times (80 s at the default)."""
    with serve_faults() as site:
        publish(site, {f"/c/{n}": slow(2, OK) for n in range(6)})
        done = run_crawl(site, tmp_path / "journal.jsonl", {"BACKOFF_BUDGET": 1.2}, concurrency=1)
    outcomes = sorted((f["reason"], f["detail"]) for f in done.state.failures.values())
    # three timeouts of 0.5 s and their waits pass 1.2 s: the first chapter is a timeout, the rest not fetched
    assert [reason for reason, _ in outcomes] == ["not_fetched"] * 5 + ["timeout"]
    assert {detail for reason, detail in outcomes if reason == "not_fetched"} == {
        UNAVAILABLE.replace("0.25", "1.2")
    }
    assert (sum(site.count(f"/c/{n}") for n in range(6)), done.report["finish_reason"]) == (3, "unavailable")
