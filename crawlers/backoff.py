"""Retries with exponential backoff, honouring ``Retry-After`` (429/503), in place of Scrapy's retry."""

from __future__ import annotations

import asyncio
from email.utils import parsedate_to_datetime
from datetime import UTC, datetime

from scrapy.downloadermiddlewares.retry import RetryMiddleware
from scrapy.http import Request, Response
from scrapy.utils.response import response_status_message


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


class BackoffRetryMiddleware(RetryMiddleware):
    """Wait ``base * 2**attempt`` seconds (capped), or what ``Retry-After`` asks, before each retry."""

    def __init__(self, settings) -> None:  # noqa: ANN001 - Scrapy's Settings
        super().__init__(settings)
        self.base = settings.getfloat("BACKOFF_BASE", 1.0)
        self.cap = settings.getfloat("BACKOFF_MAX", 60.0)

    def delay(self, attempt: int, response: Response | None = None) -> float:
        asked = retry_after_seconds(response.headers.get(b"Retry-After")) if response is not None else None
        return min(self.cap, asked if asked is not None else self.base * 2**attempt)

    async def process_response(self, request: Request, response: Response) -> Request | Response:
        if request.meta.get("dont_retry", False) or response.status not in self.retry_http_codes:
            return response
        attempt = request.meta.get("retry_times", 0)
        if attempt < request.meta.get("max_retry_times", self.max_retry_times):
            await asyncio.sleep(self.delay(attempt, response))
        return self._retry(request, response_status_message(response.status)) or response

    async def process_exception(self, request: Request, exception: Exception) -> Request | Response | None:
        if not isinstance(exception, self.exceptions_to_retry) or request.meta.get("dont_retry", False):
            return None
        attempt = request.meta.get("retry_times", 0)
        if attempt < request.meta.get("max_retry_times", self.max_retry_times):
            await asyncio.sleep(self.delay(attempt))
        return self._retry(request, exception)
