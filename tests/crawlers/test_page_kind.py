"""Responses that are no web page, told by their type or their first bytes."""

from scrapy.http import HtmlResponse, JsonResponse, Response

from crawlers.page_kind import not_a_page

URL = "http://x.demo/c/1"


def test_a_response_scrapy_reads_as_no_text_is_named_by_its_content_type():
    image = Response(URL, body=b"\x89PNG\r\n\x1a\n", headers={"Content-Type": "image/png"})
    assert not_a_page(image) == "image/png"
    assert not_a_page(JsonResponse(URL, body=b"{}", headers={"Content-Type": "application/json"})) == (
        "application/json"
    )
    assert not_a_page(Response(URL, body=b"\x00\x01")) == "no Content-Type"


def test_a_file_sent_as_a_page_is_named_by_its_first_bytes_and_how_it_was_sent():
    pdf = b"%PDF-1.7\n1 0 obj\n"
    assert not_a_page(HtmlResponse(URL, body=pdf, headers={"Content-Type": "text/html"})) == (
        "a PDF document, sent as text/html"
    )
    assert not_a_page(HtmlResponse(URL, body=pdf)) == "a PDF document, sent without a Content-Type"
    assert not_a_page(HtmlResponse(URL, body=b"<html><p>A page.</p></html>")) is None
