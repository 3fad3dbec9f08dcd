"""Why a request failed, told in words."""

from twisted.internet.error import ConnectionLost
from twisted.python.failure import Failure
from twisted.web._newclient import ParseError
from twisted.web.client import ResponseFailed

from crawlers.request_errors import failure_detail


def test_an_answer_that_is_not_http_is_told_in_words_not_as_a_python_tuple():
    """Twisted's ParseError holds the problem and the bytes: its str was "('non-integer status code', b'NOT')"."""
    error = ConnectionLost("lost")
    error.__cause__ = ResponseFailed([Failure(ParseError("non-integer status code", b"NOT HTTP AT ALL"))])
    assert failure_detail(error) == (
        "the connection was lost before the response was complete (non-integer status code: 'NOT HTTP AT ALL')"
    )
