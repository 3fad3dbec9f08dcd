from scrapy.settings import Settings
from scrapy.utils.conf import build_component_list

from crawlers.profile import Selectors, Site
from crawlers.web import scrapy_settings

SITE = Site(
    name="s",
    lang="zh",
    url="http://127.0.0.1:1/",
    serve=None,
    selectors=Selectors(chapter_links="a", toc_next=None, title="h1", body="p", body_next=None),
)


def test_only_the_extensions_the_crawl_uses_are_enabled():
    settings = Settings(scrapy_settings(SITE))
    assert build_component_list(settings.getwithbase("EXTENSIONS")) == [
        "scrapy.extensions.corestats.CoreStats",
        "scrapy.extensions.throttle.AutoThrottle",
    ]
    assert not settings.getbool("REMOTE_CONTROL_ENABLED") and not settings.getbool("TELNETCONSOLE_ENABLED")
