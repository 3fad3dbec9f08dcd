from datetime import UTC, datetime

from scrapy.http import Response
from scrapy.settings import Settings

from crawlers.backoff import BackoffRetryMiddleware, retry_after_seconds


def test_retry_after_in_seconds_and_as_a_date():
    now = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)
    assert retry_after_seconds(b"7", now) == 7.0
    assert retry_after_seconds(b"Sun, 29 Nov 2026 12:00:30 GMT", now) == 30.0
    assert retry_after_seconds(b"soon", now) is None
    assert retry_after_seconds(None, now) is None


def test_delay_doubles_is_capped_and_honours_retry_after():
    mw = BackoffRetryMiddleware(Settings({"RETRY_ENABLED": True, "BACKOFF_BASE": 0.5, "BACKOFF_MAX": 3}))
    assert [mw.delay(n) for n in range(4)] == [0.5, 1.0, 2.0, 3]
    assert mw.delay(0, Response("http://s/", status=429, headers={"Retry-After": "2"})) == 2.0
