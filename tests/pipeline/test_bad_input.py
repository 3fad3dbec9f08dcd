"""Hostile pages and bad input end as named rejections, and the rest of the build completes."""

from __future__ import annotations

import random
from html import escape
from pathlib import Path

import luigi
import pytest

from core import storage
from core.layout import Layout
from crawlers.demo.source import SOURCE_DIR, load_book
from pipeline.build_task import BuildCorpus
from tests.helpers import output_of, params, write_config

pytestmark = pytest.mark.slow
BOOK = load_book(SOURCE_DIR / "city-star")


def _page(title: str, paragraphs: list[str], charset: str) -> str:
    body = "".join(f"<p>{escape(p)}</p>" for p in paragraphs)
    return (
        f'<html><head><meta charset="{charset}"></head><body><div class="bookname"><h1>{escape(title)}</h1></div>'
        f'<div id="content">{body}</div><h1 class="entry-title">{escape(title)}</h1>'
        f'<div class="entry-content">{body}</div></body></html>'
    )


def _site(root: Path) -> None:
    chapters = {c.number: c for c in BOOK.chapters}
    zh: dict[int, bytes] = {}
    for n in (1, 5):
        zh[n] = _page(chapters[n].title_zh, chapters[n].zh_paragraphs(), "gbk").encode("gbk")
    zh[2] = _page("第二章 空", [], "gbk").encode("gbk")  # an empty chapter
    zh[3] = bytes(random.Random(3).randrange(256) for _ in range(20000))  # binary garbage
    mojibake = [p.encode("utf-8").decode("latin-1") for p in chapters[4].zh_paragraphs()]
    zh[4] = _page("第四章 乱码", mojibake, "utf-8").encode("utf-8")
    hidden = "\u200b\u200d\ufeff\x07"  # zero-width and control characters, to be cleaned away
    zh[5] = _page(
        chapters[5].title_zh, [hidden.join(p) for p in chapters[5].zh_paragraphs()], "utf-8"
    ).encode()
    zh[6] = _page("第六章 长", ["他走了很久，一直没有停下来。" * 75000], "gbk").encode(
        "gbk"
    )  # one line of 1,050,000 characters, over text.sentences.MAX_SPLIT_CHARS
    zh[7] = _page(chapters[7].title_zh, chapters[7].zh_paragraphs(), "gbk").encode("gbk")  # never translated
    en = {
        n: _page(chapters[n].title_en, chapters[n].en_paragraphs(), "utf-8").encode()
        for n in (1, 2, 3, 4, 5, 6, 9)
    }
    for lang, pages, prefix in (("zh", zh, "book/bad"), ("en", en, "novel/bad")):
        folder = root / lang / prefix
        folder.mkdir(parents=True)
        links = "".join(f'<li><a href="{n}.html">{n}</a></li>' for n in sorted(pages))
        (folder / "index.html").write_text(
            f'<ul class="chapter-list">{links}</ul><ul class="chapters">{links}</ul>'
        )
        for n, data in pages.items():
            (folder / f"{n}.html").write_bytes(data)


def test_bad_pages_become_named_rejections_and_good_chapters_survive(tmp_path):
    _site(tmp_path / "site")
    config = write_config(
        tmp_path,
        books=["city-star"],
        moxiang={"serve": str(tmp_path / "site" / "zh")},
        moonlit={"serve": str(tmp_path / "site" / "en")},
    )
    text = (
        config.read_text(encoding="utf-8")
        .replace("book/city-star/", "book/bad/")
        .replace("novel/city-star/", "novel/bad/")
    )
    config.write_text(text, encoding="utf-8")
    result = luigi.build(
        [BuildCorpus(**params(config))], local_scheduler=True, detailed_summary=True, log_level="WARNING"
    )
    assert result.status == luigi.LuigiStatusCode.SUCCESS, result.summary_text
    layout = Layout(output_of(config))
    rejected = storage.read_many(sorted(layout.root.glob("rejected/*/*.parquet")), "rejected").to_pylist()
    outcome = {r["item_id"]: (r["stage"], r["reason"], r["detail"].split(": ")[-1]) for r in rejected}
    assert {k: v[:2] for k, v in outcome.items()} == {
        "city-star/zh/00001": ("crawl", "fetch_failed"),  # empty page
        "city-star/zh/00002": ("crawl", "fetch_failed"),  # binary garbage
        "city-star/zh/00003": ("clean", "mojibake"),
        "city-star/zh/00005": ("clean", "chapter_too_long"),  # the single line of 1,050,000 characters
        "city-star/en/00005": ("pair", "no_original"),
        "city-star/zh/00006": ("pair", "no_translation"),
        "city-star/en/00001": ("pair", "no_original"),  # its original was lost above
        "city-star/en/00002": ("pair", "no_original"),
        "city-star/en/00003": ("pair", "no_original"),
        "city-star/en/00006": ("pair", "no_original"),  # mismatched chapter lists
    }
    assert outcome["city-star/zh/00005"][2] == "1050000 characters (cap 1000000)"
    assert outcome["city-star/zh/00001"][2].startswith("empty_body")
    assert outcome["city-star/zh/00002"][2].startswith(
        "empty_body"
    )  # gb18030 decodes any bytes; no text in them
    chapters = storage.read_rows(layout.chapters("city-star"), "chapters")
    assert [c["chapter_id"] for c in chapters] == ["city-star/1", "city-star/5"]
    hidden = set("\u200b\u200d\ufeff\x07")
    assert not any(hidden & set(s) for c in chapters for s in c["zh_sentences"])
    assert storage.read_rows(layout.aligned("city-star"), "aligned_pairs")
