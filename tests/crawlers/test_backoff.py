import asyncio
from datetime import UTC, datetime

from scrapy.http import Request, Response
from scrapy.settings import Settings
from scrapy.spidermiddlewares.httperror import HttpError
from scrapy.utils.test import get_crawler

from crawlers.backoff import BackoffRetryMiddleware, retry_after_seconds, unwaited


def test_retry_after_in_seconds_and_as_a_date():
    now = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)
    assert retry_after_seconds(b"7", now) == 7.0
    assert retry_after_seconds(b"Sun, 29 Nov 2026 12:00:30 GMT", now) == 30.0
    assert retry_after_seconds(b"soon", now) is None
    assert retry_after_seconds(None, now) is None


def test_retry_after_as_a_date_in_minus_0000_is_utc_and_a_non_ascii_digit_is_no_value():
    now = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)
    assert retry_after_seconds(b"Sun, 29 Nov 2026 12:00:30 -0000", now) == 30.0
    assert retry_after_seconds(b"Wed, 21 Oct 2015 07:28:00 -0000", now) == 0.0
    assert retry_after_seconds("²".encode("latin-1"), now) is None


def test_delay_doubles_is_capped_and_honours_retry_after():
    mw = BackoffRetryMiddleware(Settings({"RETRY_ENABLED": True, "BACKOFF_BASE": 0.5, "BACKOFF_MAX": 3}))
    assert [mw.delay(n) for n in range(4)] == [0.5, 1.0, 2.0, 3]
    assert mw.delay(0, Response("http://s/", status=429, headers={"Retry-After": "2"})) == 2.0


def test_the_waits_before_retries_have_a_budget_that_an_answer_needing_no_retry_renews():
    crawler = get_crawler(settings_dict={"BACKOFF_BUDGET": 0.025})
    mw = BackoffRetryMiddleware.from_crawler(crawler)

    async def waits() -> list[bool]:
        said = [await mw.wait(0.01), await mw.wait(0.01)]
        await mw.process_response(Request("http://s/1"), Response("http://s/1", status=404))  # renews it
        return said + [await mw.wait(0.01), await mw.wait(0.01), await mw.wait(0.01)]

    assert asyncio.run(waits()) == [True, True, True, True, False]
    assert crawler.stats.get_value("unavailable/reason") == (
        "retries would wait over 0.025 s with no answer but errors to retry (setting BACKOFF_BUDGET)"
    )


def test_an_error_answer_asking_a_longer_wait_than_the_cap_says_the_wait_asked_in_words():
    def said(retry_after: str | None) -> str | None:
        headers = {"Retry-After": retry_after} if retry_after else {}
        error = HttpError(Response("http://s/", status=429, headers=headers), "Ignoring non-200 response")
        return unwaited(error, Settings({"BACKOFF_MAX": 60}))

    assert [said(value) for value in ("90", "900", "7200", "60", "soon", None)] == [
        "the site asks to retry after 90 s; not waited (a wait is 60 s at most: BACKOFF_MAX)",
        "the site asks to retry after 15 min; not waited (a wait is 60 s at most: BACKOFF_MAX)",
        "the site asks to retry after 2 h; not waited (a wait is 60 s at most: BACKOFF_MAX)",
        None,  # waited before each retry
        None,
        None,
    ]
    assert unwaited(ValueError("x"), Settings()) is None
