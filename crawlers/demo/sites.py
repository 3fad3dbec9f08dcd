"""Any book's paragraphs as the demo's two sites, and a pipeline config that crawls them there: how
``evals.site`` serves real web-novel passages and ``bench.bench_crawl`` a synthetic book of BWB's length."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from core.paths import REPO_ROOT
from crawlers.demo.render import render_en_book, render_zh_book
from crawlers.demo.source import Bead, SourceBook, SourceChapter

DEMO_CONFIG = REPO_ROOT / "config" / "demo.yaml"
SITES = {"zh": "moxiang", "en": "moonlit"}  # the demo's site of each language
# (zh title, en title, zh paragraphs, en paragraphs): each side has its own paragraphs
SiteChapter = tuple[str, str, Sequence[str], Sequence[str]]


def render_sites(book_id: str, meta: dict, chapters: Sequence[SiteChapter], root: Path) -> None:
    """Chapter k of ``chapters`` as chapter k of the book on both demo sites, under ``root/zh`` and
    ``root/en`` (``meta``: the fields of a demo ``book.yaml`` that the sites show)."""
    sides: dict[str, list[SourceChapter]] = {"zh": [], "en": []}
    for k, (title_zh, title_en, zh, en) in enumerate(chapters, 1):
        sides["zh"].append(SourceChapter(k, title_zh, title_en, tuple((Bead(zh=p, en=""),) for p in zh)))
        sides["en"].append(SourceChapter(k, title_zh, title_en, tuple((Bead(zh="", en=p),) for p in en)))
    render_zh_book(SourceBook(book_id, meta, tuple(sides["zh"])), 1, root / "zh")
    render_en_book(SourceBook(book_id, meta, tuple(sides["en"])), root / "en")


def write_config(
    folder: Path,
    book_id: str,
    meta: dict,
    genre: str,
    options: dict[str, Any] | None = None,
    site_settings: dict[str, Any] | None = None,
) -> Path:
    """``folder/config.yaml``: the demo's site settings serving the sites ``render_sites`` wrote under
    ``folder/site`` (with ``site_settings`` over the demo's, e.g. no politeness ``delay``), the one book,
    and ``options`` when given."""
    config = yaml.safe_load(DEMO_CONFIG.read_text(encoding="utf-8"))
    for lang, site in SITES.items():
        config["sites"][site] |= {"serve": str(folder / "site" / lang)} | (site_settings or {})
    book = {"id": book_id, "title_zh": meta["title_zh"], "title_en": meta["title_en"], "genre": genre}
    book |= {
        "zh": {"site": SITES["zh"], "toc": f"book/{book_id}/"},
        "en": {"site": SITES["en"], "toc": f"novel/{book_id}/"},
    }
    config["books"] = [book]
    if options is not None:
        config["options"] = options
    path = folder / "config.yaml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path
