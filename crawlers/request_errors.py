"""Why a request failed, by the error Scrapy or Twisted raised: a short reason and a detail in words."""

from __future__ import annotations

from scrapy.exceptions import (
    CannotResolveHostError,
    DownloadConnectionRefusedError,
    DownloadCancelledError,
    DownloadFailedError,
    DownloadTimeoutError,
    IgnoreRequest,
    ResponseDataLossError,
)
from scrapy.spidermiddlewares.httperror import HttpError
from twisted.internet.error import ConnectionDone, ConnectionLost, NoRouteError
from twisted.python.failure import Failure
from twisted.web.client import ResponseFailed, ResponseNeverReceived

from core.rejection import shorten
from crawlers.guards import BadCompression, InflatesTooLarge, NotSent, Offsite, RedirectLoop, SiteBlocked

_ERROR_REASONS: list[tuple[type[Exception] | tuple[type[Exception], ...], str]] = [
    (SiteBlocked, "blocked"),
    (Offsite, "offsite"),
    (NotSent, "not_fetched"),
    (RedirectLoop, "redirect_loop"),
    (BadCompression, "bad_compression"),
    (DownloadTimeoutError, "timeout"),
    (ResponseDataLossError, "truncated"),
    ((DownloadCancelledError, InflatesTooLarge), "too_large"),
    ((DownloadFailedError, ConnectionLost, ConnectionDone), "connection_lost"),
    (DownloadConnectionRefusedError, "connection_refused"),
    ((CannotResolveHostError, NoRouteError), "host_unreachable"),
]
_IGNORED_REASONS = {  # Scrapy's messages for the requests its middlewares refuse
    "max redirections reached": "too_many_redirects",
    "Forbidden by robots.txt": "robots_forbidden",
}


def failure_detail(error: BaseException) -> str:
    """The detail of a failed request: for a lost connection, when it was lost and Twisted's reasons, in words
    (Scrapy's message quotes Twisted's failure objects); else the error's message, or its class's name."""
    cause = error.__cause__
    if not isinstance(cause, ResponseFailed):
        return str(error) or type(error).__name__
    when = (
        "a response was received" if isinstance(cause, ResponseNeverReceived) else "the response was complete"
    )
    said = (" ".join(_said(reason.value).split()).rstrip(".") for reason in cause.reasons)
    reasons = "; ".join(dict.fromkeys(filter(None, said)))  # Twisted's _DataLoss says nothing
    return f"the connection was lost before {when}" + (f" ({reasons})" if reasons else "")


def _said(error: BaseException) -> str:
    """What a reason of a lost connection says: the problem and the bytes it quotes, for an error of several
    arguments (an answer that is not HTTP, whose ``str`` was a tuple: "('non-integer status code', b'NOT')")."""
    args = error.args
    if len(args) > 1 and all(isinstance(arg, str | bytes) for arg in args):
        return ": ".join(
            shorten(a.decode("latin-1") if isinstance(a, bytes) else a, quote=isinstance(a, bytes))
            for a in args
        )
    return str(error)


def failure_reason(failure: Failure) -> str:
    """The reason a request failed by (``http_NNN``, ``timeout``, ...; ``crawlers.spider`` lists them)."""
    error = failure.value
    if isinstance(error, HttpError):
        return f"http_{error.response.status}"
    if type(error) is IgnoreRequest:
        message = str(error)
        return next(
            (reason for start, reason in _IGNORED_REASONS.items() if message.startswith(start)), "ignored"
        )
    return next((reason for kind, reason in _ERROR_REASONS if isinstance(error, kind)), type(error).__name__)
