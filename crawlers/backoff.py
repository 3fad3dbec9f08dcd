"""Retries with exponential backoff, honouring ``Retry-After`` (429/503), in place of Scrapy's retry.

Each request is retried ``RETRY_TIMES`` times at most, each wait capped (``BACKOFF_MAX``), but a site that
answers every request with a 503 and ``Retry-After`` would hold the crawl for those waits over every chapter
of the book: the waits since the last answer that needed no retry have a budget (``BACKOFF_BUDGET``), past
which the site is stopped as ``unavailable`` (``crawlers.guards.stop``): nothing more is sent to it. A
request that timed out counts its timeout as waited: a site that takes connections and never answers held
the crawl four timeouts a chapter (80 s at the default), about an hour before the backoff alone ran out.
A request that fails on an answer whose ``Retry-After`` asks longer than a wait lasts names that wait, not
waited (``unwaited``): "http_429 (Ignoring non-200 response)" said nothing of the three days a site asked.
"""

from __future__ import annotations

import asyncio
from email.utils import parsedate_to_datetime
from datetime import UTC, datetime
from typing import Any

from scrapy.downloadermiddlewares.retry import RetryMiddleware
from scrapy.exceptions import DownloadTimeoutError
from scrapy.http import Request, Response
from scrapy.spidermiddlewares.httperror import HttpError
from scrapy.utils.response import response_status_message

from crawlers.guards import stop

# Seconds the waits before retries may add up to (summed over the requests waiting at once) with nothing
# but errors to retry meanwhile: ten 60-second waits a site asks for, or some 85 failed requests at the
# default 1, 2 and 4 seconds (setting ``BACKOFF_BUDGET``)
BACKOFF_BUDGET = 600.0
BACKOFF_MAX = 60.0  # seconds a wait before a retry lasts at most, whatever ``Retry-After`` asks (setting)


def retry_after_seconds(value: bytes | None, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or an HTTP date), or None."""
    if not value:
        return None
    text = value.decode("latin-1").strip()
    if text.isascii() and text.isdigit():  # not "²", a digit to str.isdigit that float() refuses
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:  # a date in "-0000": UTC, whatever the sender's zone
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def _duration(seconds: float) -> str:
    """``seconds`` in words: "90 s", "15 min", "72 h"."""
    if seconds < 120:
        return f"{seconds:g} s"
    return f"{round(seconds / 60):,} min" if seconds < 7200 else f"{round(seconds / 3600):,} h"


def unwaited(error: BaseException, settings: Any) -> str | None:
    """What an error answer (``http_429``, ``http_503``) whose ``Retry-After`` asks a longer wait than a wait
    before a retry lasts (``BACKOFF_MAX``) says: the wait the site asked, not waited; None for any other error
    (Scrapy's "Ignoring non-200 response" said nothing of it)."""
    if not isinstance(error, HttpError):
        return None
    asked = retry_after_seconds(error.response.headers.get(b"Retry-After"))
    cap = settings.getfloat("BACKOFF_MAX", BACKOFF_MAX)
    if asked is None or asked <= cap:
        return None
    wait = f"a wait is {cap:g} s at most: BACKOFF_MAX"
    return f"the site asks to retry after {_duration(asked)}; not waited ({wait})"


class BackoffRetryMiddleware(RetryMiddleware):
    """Wait ``base * 2**attempt`` seconds (capped), or what ``Retry-After`` asks, before each retry; stop the
    site instead once the waits since the last answer that needed no retry would pass ``budget``."""

    def __init__(self, settings) -> None:  # noqa: ANN001 - Scrapy's Settings
        super().__init__(settings)
        self.base = settings.getfloat("BACKOFF_BASE", 1.0)
        self.cap = settings.getfloat("BACKOFF_MAX", BACKOFF_MAX)
        self.budget = settings.getfloat("BACKOFF_BUDGET", BACKOFF_BUDGET)
        self.waited = 0.0  # seconds of waits since the last answer that needed no retry

    def delay(self, attempt: int, response: Response | None = None) -> float:
        asked = retry_after_seconds(response.headers.get(b"Retry-After")) if response is not None else None
        return min(self.cap, asked if asked is not None else self.base * 2**attempt)

    async def wait(self, delay: float) -> bool:
        """Wait ``delay`` seconds before a retry; or, when that would take the waits past the budget, stop
        the site (``unavailable``) and say no (the request then fails with what it got)."""
        if self.waited + delay > self.budget:
            why = f"retries would wait over {self.budget:g} s with no answer but errors to retry"
            stop(self.crawler.stats, "unavailable", f"{why} (setting BACKOFF_BUDGET)")
            return False
        self.waited += delay
        await asyncio.sleep(delay)
        return True

    async def process_response(self, request: Request, response: Response) -> Request | Response:
        if response.status not in self.retry_http_codes:
            self.waited = 0.0
            return response
        if request.meta.get("dont_retry", False):
            return response
        attempt = request.meta.get("retry_times", 0)
        if attempt < request.meta.get("max_retry_times", self.max_retry_times):
            if not await self.wait(self.delay(attempt, response)):
                return response
        return self._retry(request, response_status_message(response.status)) or response

    async def process_exception(self, request: Request, exception: Exception) -> Request | Response | None:
        if isinstance(exception, DownloadTimeoutError):  # waited for as a retry's wait: a site that takes
            self.waited += request.meta.get("download_timeout", 0.0)  # every connection and never answers
        if not isinstance(exception, self.exceptions_to_retry) or request.meta.get("dont_retry", False):
            return None
        attempt = request.meta.get("retry_times", 0)
        if attempt < request.meta.get("max_retry_times", self.max_retry_times):
            if not await self.wait(self.delay(attempt)):
                return None
        return self._retry(request, exception)
