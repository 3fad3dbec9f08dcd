"""The config's ``books:``: where each book is published."""

from pipeline.config import load_config
from tests.pipeline.edited_config import edited_demo_config


def test_a_toc_may_be_relative_or_absolute_on_the_sites_origins(tmp_path):
    def tocs(r):
        r["sites"]["moxiang"]["allowed_origins"] = ["https://mirror.example"]
        r["books"][0]["zh"]["toc"] = "http://MOXIANG.demo:80/book/city-star/"
        r["books"][1]["zh"]["toc"] = "https://mirror.example/book/sword-sect/"

    config = load_config(edited_demo_config(tmp_path, tocs))
    assert [b.sources["zh"].toc for b in config.books] == [
        "http://MOXIANG.demo:80/book/city-star/",
        "https://mirror.example/book/sword-sect/",
        "book/star-system/",
    ]
