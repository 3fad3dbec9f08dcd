"""Following links: page keys, the URLs a response went through, a contents page's entries once each."""

from scrapy.http import HtmlResponse, Request

from crawlers.links import last_of_each, leads_to_a_page, page_key, urls_of


def test_a_chapter_listed_again_on_a_page_keeps_its_last_place():
    entries = [("/c/9", "9"), ("/c/1", "1"), ("/c/9", "Chapter 9")]
    assert last_of_each(entries) == [("/c/1", "1"), ("/c/9", "Chapter 9")]


def test_links_to_no_page_are_told_apart_by_their_text_and_kept_each_in_its_last_place():
    entries = [("", "5"), ("/c/1", "1"), ("", "2"), ("#", "3"), ("", "5")]
    assert last_of_each(entries) == [("/c/1", "1"), ("", "2"), ("#", "3"), ("", "5")]


def test_an_empty_href_a_fragment_alone_or_a_script_leads_to_no_page():
    hrefs = ["", "#", "#top", "javascript:void(0)", "JavaScript:;", "/c/1", "c/1#top", "?page=2", "http://x/"]
    assert [leads_to_a_page(href) for href in hrefs] == [False] * 5 + [True] * 4


def test_a_page_key_drops_the_fragment_and_sorts_the_query_and_keeps_a_url_that_does_not_parse():
    assert page_key("http://x.demo/c?b=2&a=1#top") == "http://x.demo/c?a=1&b=2"
    assert page_key("http://[::1/c/2") == "http://[::1/c/2"


def test_a_responses_urls_are_those_it_was_redirected_from_and_its_own():
    request = Request("http://x.demo/c/2", meta={"redirect_urls": ["http://x.demo/c/1"]})
    response = HtmlResponse("http://x.demo/c/2", body=b"", request=request)
    assert urls_of(response) == ("http://x.demo/c/1", "http://x.demo/c/2")
    assert urls_of(HtmlResponse("http://x.demo/c/3", body=b"")) == ("http://x.demo/c/3",)
