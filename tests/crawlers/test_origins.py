"""The origin check: only http(s) on the listed scheme + host + port, whatever the spelling of the URL."""

from urllib.parse import urljoin

import pytest
from hypothesis import given
from hypothesis import strategies as st

from crawlers.origins import allowed, origin

SITE = "http://127.0.0.1:8000"


@pytest.mark.parametrize(
    "url, expected",
    [
        ("http://Example.COM/a", "http://example.com:80"),
        ("HTTPS://example.com:443/", "https://example.com:443"),
        ("http://example.com:8080", "http://example.com:8080"),
        ("http://[::1]:81/x", "http://::1:81"),
        ("ftp://example.com/", None),
        ("file:///etc/passwd", None),
        ("javascript:alert(1)", None),
        ("//example.com/a", None),  # scheme-less: only meaningful once joined to a page URL
        ("http://example.com:99999/", None),
        ("http://example.com:0/", None),  # ports run 1 to 65535
        ("http:///nohost", None),
        ("http://例子.测试/", "http://xn--fsqu00a.xn--0zwm56d:80"),  # as requested: was never on its own site
        ("http://my site.com/", None),
        ("http://a..b/", None),
    ],
)
def test_origin(url, expected):
    assert origin(url) == expected


@pytest.mark.parametrize(
    "link, ok",
    [
        ("/c/1.html", True),
        ("1.html", True),
        ("http://127.0.0.1:8000/c", True),
        ("HTTP://127.0.0.1:8000/c", True),
        ("//127.0.0.1:8001/c", False),
        ("http://127.0.0.1:8001/c", False),
        ("https://127.0.0.1:8000/c", False),
        ("ftp://127.0.0.1:8000/c", False),
        ("http://localhost:8000/c", False),
        ("http://127.0.0.1.evil:8000/c", False),
        ("http://127.0.0.1:8000@evil.example/c", False),
        ("data:text/html,hi", False),
    ],
)
def test_links_joined_to_a_page_are_allowed_only_on_the_sites_origin(link, ok):
    assert allowed(urljoin(SITE + "/book/", link), [SITE]) is ok


hosts = st.from_regex(r"[a-z][a-z0-9-]{0,10}(\.[a-z]{2,5}){0,2}", fullmatch=True)


@given(
    st.sampled_from(["http", "https", "HTTP", "ftp", "file", "ws"]),
    hosts,
    st.none() | st.integers(1, 65535),
    st.text(max_size=20),
)
def test_origin_is_the_lower_cased_scheme_host_and_explicit_port(scheme, host, port, path):
    url = f"{scheme}://{host}{'' if port is None else f':{port}'}/{path}"
    expected_port = port or {"http": 80, "https": 443}.get(scheme.lower())
    expected = f"{scheme.lower()}://{host}:{expected_port}" if scheme.lower() in ("http", "https") else None
    assert origin(url) == expected


@given(st.text(max_size=60))
def test_origin_and_allowed_never_raise_and_agree(text):
    found = origin(text)
    assert allowed(text, [found] if found else []) is (found is not None)
    assert not allowed(text, [])


@given(
    st.sampled_from(["", "http:", "https:", "ftp:"]),
    hosts | st.just("127.0.0.1"),
    st.integers(1, 65535),
    st.text(max_size=20),
)
def test_a_link_to_another_scheme_host_or_port_is_never_allowed(scheme, host, port, path):
    joined = urljoin(SITE + "/book/", f"{scheme}//{host}:{port}/{path}")
    assert allowed(joined, [SITE]) is (scheme in ("", "http:") and (host, port) == ("127.0.0.1", 8000))
