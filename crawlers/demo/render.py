"""Render the demo sources into two static websites, as real sites look:

* ``zh``: a Chinese novel site (墨香书阁) in GBK, paginated tables of contents, long chapters split
  over two pages, ad lines inside the text, numeric chapter page ids;
* ``en``: an English translation site (Moonlit Translations) in UTF-8, WordPress-like, with
  "Translator: … Editor: …" credits, Patreon ads and Previous/Next lines inside the post body.

Planted defects come from each book's ``defects`` in ``book.yaml``: ``duplicate_zh`` (a chapter
posted twice on the Chinese site), ``truncated_en`` (an English chapter cut off after its first
fifth), ``untranslated`` (no English chapter), ``prologue_en`` (the translation calls chapter 1 a
prologue, so every English number is one less), ``merged_en`` (two chapters translated as one English
chapter, numbered as the first), ``author_note_zh`` (an author's note posted as a numbered chapter
after the given chapter, so every later Chinese number is one more; the translation skips it). The pages are committed under ``demo/site/``;
``python -m crawlers.demo.render`` rebuilds them.
"""

from __future__ import annotations

import shutil
import sys
from html import escape
from pathlib import Path

from core.files import os_problem
from core.paths import REPO_ROOT
from crawlers.demo.source import SOURCE_DIR, Bead, SourceBook, SourceChapter, SourceError, load_books
from core.arg_types import OneLineParser, output_folder
from core.stdio import exit_with

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
ZH_AUTHOR_NOTE = [
    "各位读者大家好，我是作者。",
    "这几天家里有点事情，更新慢了，真的很抱歉。",
    "从下周开始，每天恢复两更，绝不断更！",
    "谢谢大家一直以来的支持和打赏。",
    "也谢谢评论区每一位留言鼓励我的朋友。",
    "我们下一章见！",
]
ZH_AUTHOR_NOTE_TITLE = "请假条（作者的话）"
_ZH_NUMERALS = "零一二三四五六七八九"


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


def zh_numeral(n: int) -> str:
    """一 .. 九十九, as chapter titles write them (十一, 二十)."""
    tens, ones = divmod(n, 10)
    return (("" if tens == 1 else _ZH_NUMERALS[tens]) + "十" if tens else "") + (
        _ZH_NUMERALS[ones] if ones else ""
    )


def zh_title(book: SourceBook, chapter: SourceChapter) -> str:
    """The chapter's title on the Chinese site: one number more after an author's note chapter."""
    note_after = book.defects.get("author_note_zh")
    if note_after is None or chapter.number <= note_after:
        return chapter.title_zh
    return f"第{zh_numeral(chapter.number + 1)}章 {chapter.title_zh.partition(' ')[2]}"


def zh_author_note(book: SourceBook) -> SourceChapter | None:
    """The author's note the Chinese site posts as a chapter (``author_note_zh``), or None."""
    after = book.defects.get("author_note_zh")
    if after is None:
        return None
    bead_paragraphs = ((Bead(zh=line, en=""),) for line in ZH_AUTHOR_NOTE)
    return SourceChapter(
        after, f"第{zh_numeral(after + 1)}章 {ZH_AUTHOR_NOTE_TITLE}", "", tuple(bead_paragraphs)
    )


def _zh_page_id(book_no: int, chapter: SourceChapter, copy: int = 0) -> str:
    return f"{book_no}{chapter.number:03d}{copy}"


def _zh_chapter_pages(book: SourceBook, chapter: SourceChapter, page_id: str, repost: bool) -> list[str]:
    """The HTML pages of one Chinese chapter (one or two)."""
    title = zh_title(book, chapter)
    paragraphs = chapter.zh_paragraphs()
    if repost:  # a near-duplicate re-post: a note on top and a couple of characters changed
        paragraphs = [ZH_REPOST_NOTE] + [
            p.replace("的", "地", 1) if i < 3 else p for i, p in enumerate(paragraphs)
        ]
        paragraphs[-1] = paragraphs[-1].rstrip("。！？”") + "……"
    parts = [paragraphs[i : i + ZH_PAGE_PARAGRAPHS] for i in range(0, len(paragraphs), ZH_PAGE_PARAGRAPHS)]
    pages = []
    for n, part in enumerate(parts, 1):
        lines = [ZH_AD_TOP] + ([title] if n == 1 else []) + part
        next_part = ""
        if n < len(parts):
            lines.append(ZH_TO_BE_CONTINUED)
            next_part = f' <a id="next-part" href="{page_id}_{n + 1}.html">下一页</a>'
        heading = title if n == 1 else f"{title}（{n}/{len(parts)}）"
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
    note = zh_author_note(book)
    for chapter in book.chapters:
        copies = [False, True] if chapter.number in duplicates else [False]
        for copy, is_repost in enumerate(copies):
            page_id = _zh_page_id(book_no, chapter, copy)
            for n, html in enumerate(_zh_chapter_pages(book, chapter, page_id, is_repost), 1):
                _write(folder / (f"{page_id}.html" if n == 1 else f"{page_id}_{n}.html"), html, "gb18030")
            if not is_repost:
                entries.append((f"{page_id}.html", zh_title(book, chapter)))
                entries.extend(repost)
                repost = []
            else:
                repost = [(f"{page_id}.html", zh_title(book, chapter))]
        if note is not None and chapter.number == note.number:
            page_id = f"{book_no}{note.number:03d}5"
            _write(folder / f"{page_id}.html", _zh_chapter_pages(book, note, page_id, False)[0], "gb18030")
            entries.append((f"{page_id}.html", note.title_zh))
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


def en_chapters(book: SourceBook) -> list[tuple[str, str, list[str]]]:
    """(URL slug, title, paragraphs) of every chapter on the English site, in order."""
    merged = {first: second for first, second in book.defects.get("merged_en", [])}
    skipped = set(book.defects.get("untranslated", [])) | set(merged.values())
    by_number = {chapter.number: chapter for chapter in book.chapters}
    out = []
    for chapter in book.chapters:
        if chapter.number in skipped:
            continue
        number, title = chapter.number, chapter.title_en
        if book.defects.get("prologue_en"):
            number -= 1
            title = (
                f"Chapter {number}: {title.partition(': ')[2]}"
                if number
                else f"Prologue: {title.partition(': ')[2]}"
            )
        paragraphs = chapter.en_paragraphs()
        if chapter.number in merged:
            paragraphs += by_number[merged[chapter.number]].en_paragraphs()
        elif chapter.number in book.defects.get("truncated_en", []):
            paragraphs = paragraphs[: max(1, round(len(paragraphs) * TRUNCATED_SHARE))]
        out.append((f"chapter-{number}" if number else "prologue", title, paragraphs))
    return out


def _en_chapter_page(book: SourceBook, title: str, paragraphs: list[str]) -> str:
    credits = f"Translator: {book.meta['translator']}  Editor: {book.meta['editor']}"
    lines = [credits, EN_NAV] + paragraphs + [EN_AD, EN_NAV]
    body = (
        f'<header><a href="/">Moonlit Translations</a> › <a href="../">{escape(book.meta["title_en"])}</a></header>\n'
        f'<article><h1 class="entry-title">{escape(title)}</h1>\n'
        f'<div class="entry-content">\n{_paras(lines)}\n</div></article>'
    )
    return _en_page(f"{book.meta['title_en']} – {title}", body)


def render_en_book(book: SourceBook, root: Path) -> None:
    folder = root / "novel" / book.book_id
    entries = []
    for slug, title, paragraphs in en_chapters(book):
        _write(folder / slug / "index.html", _en_chapter_page(book, title, paragraphs))
        entries.append((f"/novel/{book.book_id}/{slug}/", title))
    pages = _toc_pages(entries, EN_TOC_PAGE)
    for n, page in enumerate(pages, 1):
        links = "\n".join(f'<li><a href="{href}">{escape(title)}</a></li>' for href, title in page)
        nxt = (
            f'<a class="next page-numbers" href="/novel/{book.book_id}/page/{n + 1}/">Next »</a>'
            if n < len(pages)
            else ""
        )
        body = (
            f"<h1>{escape(book.meta['title_en'])}</h1>\n<p>Author: {escape(book.meta['author_en'])}</p>\n"
            f'<p class="synopsis">{escape(book.meta["synopsis_en"])}</p>\n'
            f'<ul class="chapters">\n{links}\n</ul>\n<nav class="pagination">{nxt}</nav>'
        )
        path = folder / "index.html" if n == 1 else folder / "page" / str(n) / "index.html"
        _write(path, _en_page(f"{book.meta['title_en']} – Table of Contents", body))


def _site_index(root: Path, books: list[SourceBook], lang: str) -> None:
    if lang == "zh":
        links = "\n".join(
            f'<li><a href="/book/{b.book_id}/">{escape(b.meta["title_zh"])}</a></li>' for b in books
        )
        _write(root / "index.html", _zh_page("墨香书阁", f"<ul>\n{links}\n</ul>"), "gb18030")
    else:
        links = "\n".join(
            f'<li><a href="/novel/{b.book_id}/">{escape(b.meta["title_en"])}</a></li>' for b in books
        )
        _write(root / "index.html", _en_page("Moonlit Translations", f"<ul>\n{links}\n</ul>"))
    (root / "robots.txt").write_text(
        "User-agent: *\nDisallow: /search/\nDisallow: /admin/\n", encoding="utf-8"
    )


class RenderError(ValueError):
    pass


def render_site(out: Path = SITE_DIR, source: Path = SOURCE_DIR) -> None:
    """Rebuild both demo sites under ``out`` from the sources (replacing what was there); RenderError,
    before anything is removed, when ``out`` holds anything but the two sites' folders ``zh`` and ``en``
    (a folder given by mistake is not wiped)."""
    books = load_books(source)
    if out.is_dir():
        others = sorted(p.name for p in out.iterdir() if p.name not in ("zh", "en"))
        if others:
            raise RenderError(f"{out}: holds {', '.join(others[:3])}, not only zh/ and en/: not replaced")
    elif out.exists():
        raise RenderError(f"{out}: not a folder")
    shutil.rmtree(out, ignore_errors=True)
    for lang in ("zh", "en"):
        _site_index(out / lang, books, lang)
    for book_no, book in enumerate(books, 1):
        render_zh_book(book, book_no, out / "zh")
        render_en_book(book, out / "en")


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(
        prog="python -m crawlers.demo.render", description="Render demo/source/ into the two demo sites."
    )
    parser.add_argument(
        "out", nargs="?", type=output_folder, default=SITE_DIR, help="folder to (re)write (default demo/site)"
    )
    try:
        render_site(parser.parse_args(argv).out)
    except (SourceError, RenderError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    except OSError as err:
        print(f"error: {err.filename or 'demo/site'}: {os_problem(err)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    exit_with(main)
