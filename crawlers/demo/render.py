"""Render the demo sources into two static websites, as real sites look:

* ``zh``: a Chinese novel site (墨香书阁) in GBK, paginated tables of contents, long chapters split
  over two pages, ad lines inside the text, numeric chapter page ids;
* ``en``: an English translation site (Moonlit Translations) in UTF-8, WordPress-like, with
  "Translator: … Editor: …" credits, Patreon ads and Previous/Next lines inside the post body.

Planted defects come from each book's ``defects`` in ``book.yaml``: ``duplicate_zh`` (a chapter
posted twice on the Chinese site), ``truncated_en`` (an English chapter cut off after its first
fifth), ``untranslated`` (no English chapter). The pages are committed under ``demo/site/``;
``python -m crawlers.demo.render`` rebuilds them.
"""

from __future__ import annotations

import shutil
import sys
from html import escape
from pathlib import Path

from crawlers.demo.source import SOURCE_DIR, SourceBook, SourceChapter, load_books
from pipeline.langdata import REPO_ROOT

SITE_DIR = REPO_ROOT / "demo" / "site"
ZH_TOC_PAGE = 4  # chapter links per table-of-contents page on the Chinese site
EN_TOC_PAGE = 6
ZH_PAGE_PARAGRAPHS = 24  # longer chapters continue on a second page
TRUNCATED_SHARE = 0.2

ZH_AD_TOP = "一秒记住【墨香书阁】，精彩小说无弹窗免费阅读！"
ZH_AD_BOTTOM = "请收藏本站：www.moxiang.demo。手机版阅读网址：m.moxiang.demo"
ZH_TO_BE_CONTINUED = "本章未完，请点击下一页继续阅读》》"
ZH_REPOST_NOTE = "作者有话说：刚才这章发重了，重新发一遍，大家别介意。"
EN_AD = "Enjoying the story? Support us on Patreon to read up to 10 chapters ahead!"
EN_NAV = "Previous Chapter | Table of Contents | Next Chapter"


def _write(path: Path, html: str, encoding: str = "utf-8") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(html.encode(encoding))


def _zh_page(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html>\n<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=gbk">\n'
        f"<title>{escape(title)}_墨香书阁</title>\n</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def _en_page(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{escape(title)} – Moonlit Translations</title>\n</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def _paras(lines: list[str]) -> str:
    return "\n".join(f"<p>{escape(line)}</p>" for line in lines)


def _toc_pages(entries: list[tuple[str, str]], per_page: int) -> list[list[tuple[str, str]]]:
    return [entries[i : i + per_page] for i in range(0, len(entries), per_page)] or [[]]


# ---------------------------------------------------------------- Chinese site


def _zh_page_id(book_no: int, chapter: SourceChapter, copy: int = 0) -> str:
    return f"{book_no}{chapter.number:03d}{copy}"


def _zh_chapter_pages(book: SourceBook, chapter: SourceChapter, page_id: str, repost: bool) -> list[str]:
    """The HTML pages of one Chinese chapter (one or two)."""
    paragraphs = chapter.zh_paragraphs()
    if repost:  # a near-duplicate re-post: a note on top and a couple of characters changed
        paragraphs = [ZH_REPOST_NOTE] + [p.replace("的", "地", 1) if i < 3 else p for i, p in enumerate(paragraphs)]
        paragraphs[-1] = paragraphs[-1].rstrip("。！？”") + "……"
    parts = [paragraphs[i : i + ZH_PAGE_PARAGRAPHS] for i in range(0, len(paragraphs), ZH_PAGE_PARAGRAPHS)]
    pages = []
    for n, part in enumerate(parts, 1):
        lines = [ZH_AD_TOP] + ([chapter.title_zh] if n == 1 else []) + part
        next_part = ""
        if n < len(parts):
            lines.append(ZH_TO_BE_CONTINUED)
            next_part = f' <a id="next-part" href="{page_id}_{n + 1}.html">下一页</a>'
        heading = chapter.title_zh if n == 1 else f"{chapter.title_zh}（{n}/{len(parts)}）"
        body = (
            f'<div class="nav"><a href="/">墨香书阁</a> &gt; <a href="index.html">{escape(book.meta["title_zh"])}</a></div>\n'
            f'<div class="bookname"><h1>{escape(heading)}</h1></div>\n'
            f'<div id="content">\n{_paras(lines)}\n</div>\n'
            f'<div class="ad">{escape(ZH_AD_BOTTOM)}</div>\n'
            f'<div class="pager"><a href="index.html">返回目录</a>{next_part}</div>'
        )
        pages.append(_zh_page(f"{heading}_{book.meta['title_zh']}", body))
    return pages


def render_zh_book(book: SourceBook, book_no: int, root: Path) -> None:
    folder = root / "book" / book.book_id
    duplicates = set(book.defects.get("duplicate_zh", []))
    entries: list[tuple[str, str]] = []
    repost: list[tuple[str, str]] = []  # a re-posted chapter is listed after the next one, as on real sites
    for chapter in book.chapters:
        copies = [False, True] if chapter.number in duplicates else [False]
        for copy, is_repost in enumerate(copies):
            page_id = _zh_page_id(book_no, chapter, copy)
            for n, html in enumerate(_zh_chapter_pages(book, chapter, page_id, is_repost), 1):
                _write(folder / (f"{page_id}.html" if n == 1 else f"{page_id}_{n}.html"), html, "gb18030")
            if not is_repost:
                entries.append((f"{page_id}.html", chapter.title_zh))
                entries.extend(repost)
                repost = []
            else:
                repost = [(f"{page_id}.html", chapter.title_zh)]
    entries.extend(repost)
    pages = _toc_pages(entries, ZH_TOC_PAGE)
    for n, page in enumerate(pages, 1):
        links = "\n".join(f'<li><a href="{href}">{escape(title)}</a></li>' for href, title in page)
        nxt = f'<a class="next" href="index_{n + 1}.html">下一页</a>' if n < len(pages) else ""
        body = (
            f'<div class="info"><h1>{escape(book.meta["title_zh"])}</h1>\n'
            f'<p>作者：{escape(book.meta["author_zh"])}</p>\n<p class="intro">{escape(book.meta["synopsis_zh"])}</p></div>\n'
            f'<div class="listmain"><ul class="chapter-list">\n{links}\n</ul></div>\n'
            f'<div class="page">第{n}/{len(pages)}页 {nxt}</div>'
        )
        name = "index.html" if n == 1 else f"index_{n}.html"
        _write(folder / name, _zh_page(f"{book.meta['title_zh']}最新章节目录", body), "gb18030")


# ---------------------------------------------------------------- English site


def _en_chapter_page(book: SourceBook, chapter: SourceChapter) -> str:
    paragraphs = chapter.en_paragraphs()
    if chapter.number in book.defects.get("truncated_en", []):
        paragraphs = paragraphs[: max(1, round(len(paragraphs) * TRUNCATED_SHARE))]
    credits = f"Translator: {book.meta['translator']}  Editor: {book.meta['editor']}"
    lines = [credits, EN_NAV] + paragraphs + [EN_AD, EN_NAV]
    body = (
        f'<header><a href="/">Moonlit Translations</a> › <a href="../">{escape(book.meta["title_en"])}</a></header>\n'
        f'<article><h1 class="entry-title">{escape(chapter.title_en)}</h1>\n'
        f'<div class="entry-content">\n{_paras(lines)}\n</div></article>'
    )
    return _en_page(f"{book.meta['title_en']} – {chapter.title_en}", body)


def render_en_book(book: SourceBook, root: Path) -> None:
    folder = root / "novel" / book.book_id
    missing = set(book.defects.get("untranslated", []))
    entries = []
    for chapter in book.chapters:
        if chapter.number in missing:
            continue
        _write(folder / f"chapter-{chapter.number}" / "index.html", _en_chapter_page(book, chapter))
        entries.append((f"/novel/{book.book_id}/chapter-{chapter.number}/", chapter.title_en))
    pages = _toc_pages(entries, EN_TOC_PAGE)
    for n, page in enumerate(pages, 1):
        links = "\n".join(f'<li><a href="{href}">{escape(title)}</a></li>' for href, title in page)
        nxt = f'<a class="next page-numbers" href="/novel/{book.book_id}/page/{n + 1}/">Next »</a>' if n < len(pages) else ""
        body = (
            f'<h1>{escape(book.meta["title_en"])}</h1>\n<p>Author: {escape(book.meta["author_en"])}</p>\n'
            f'<p class="synopsis">{escape(book.meta["synopsis_en"])}</p>\n'
            f'<ul class="chapters">\n{links}\n</ul>\n<nav class="pagination">{nxt}</nav>'
        )
        path = folder / "index.html" if n == 1 else folder / "page" / str(n) / "index.html"
        _write(path, _en_page(f"{book.meta['title_en']} – Table of Contents", body))


def _site_index(root: Path, books: list[SourceBook], lang: str) -> None:
    if lang == "zh":
        links = "\n".join(f'<li><a href="/book/{b.book_id}/">{escape(b.meta["title_zh"])}</a></li>' for b in books)
        _write(root / "index.html", _zh_page("墨香书阁", f"<ul>\n{links}\n</ul>"), "gb18030")
    else:
        links = "\n".join(f'<li><a href="/novel/{b.book_id}/">{escape(b.meta["title_en"])}</a></li>' for b in books)
        _write(root / "index.html", _en_page("Moonlit Translations", f"<ul>\n{links}\n</ul>"))
    (root / "robots.txt").write_text("User-agent: *\nDisallow: /search/\nDisallow: /admin/\n", encoding="utf-8")


def render_site(out: Path = SITE_DIR, source: Path = SOURCE_DIR) -> None:
    """Rebuild both demo sites under ``out`` from the sources (replacing what was there)."""
    books = load_books(source)
    shutil.rmtree(out, ignore_errors=True)
    for lang in ("zh", "en"):
        _site_index(out / lang, books, lang)
    for book_no, book in enumerate(books, 1):
        render_zh_book(book, book_no, out / "zh")
        render_en_book(book, out / "en")


if __name__ == "__main__":
    render_site(Path(sys.argv[1]) if len(sys.argv) > 1 else SITE_DIR)
