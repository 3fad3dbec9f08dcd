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


def test_retry_after_as_a_date_in_minus_0000_is_utc_and_a_non_ascii_digit_is_no_value():
    now = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)
    assert retry_after_seconds(b"Sun, 29 Nov 2026 12:00:30 -0000", now) == 30.0
    assert retry_after_seconds(b"Wed, 21 Oct 2015 07:28:00 -0000", now) == 0.0
    assert retry_after_seconds("²".encode("latin-1"), now) is None


def test_delay_doubles_is_capped_and_honours_retry_after():
    mw = BackoffRetryMiddleware(Settings({"RETRY_ENABLED": True, "BACKOFF_BASE": 0.5, "BACKOFF_MAX": 3}))
    assert [mw.delay(n) for n in range(4)] == [0.5, 1.0, 2.0, 3]
    assert mw.delay(0, Response("http://s/", status=429, headers={"Retry-After": "2"})) == 2.0
