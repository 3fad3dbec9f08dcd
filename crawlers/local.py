"""Books from local files (``kind: epub`` or ``kind: text`` sites) into the crawl journal.

The file is read whole on every run; its chapters are journaled like fetched ones (a ``toc`` record,
then a ``chapter`` record for each chapter that is new or changed since the journal last saw it),
with ``url`` = the file's ``file:`` URI and the chapter's place in it as the fragment (the spine
item for an EPUB, the heading for a text file); the pipeline names the file as its config does (relative
to the config's folder: ``file:books/a.txt#...``), so a project folder moved or copied elsewhere names its
chapters as before. So incremental rebuilds see new and edited chapters exactly as with a site. A
chapter that cannot be read is a ``failure`` record (``broken_xhtml``, ``missing_item``, ``chapter_too_long``);
a text file's lines before its first heading are named in the report's ``front_matter`` (a line); a file
that cannot be read at all, or none of whose chapters
can (``no_chapters``), is a ``toc_failure`` (reasons: ``file_not_found``, ``not_a_file``, ``file_unreadable``,
``not_an_epub``, ``missing_spine``, ``corrupt_entry``, ``encrypted_entry``, ``entry_too_large``,
``book_too_large``, ``too_many_chapters``, ``too_many_paragraphs``, ``too_many_entries``, ``not_text``, ``bad_encoding``, ``no_chapters``, ...).
"""

from __future__ import annotations

import os
import stat
import unicodedata
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from core.files import locale_cannot_name, missing, os_problem
from crawlers.epub.archive import EpubError
from crawlers.epub.book import read_epub
from crawlers.journal import JournalWriter, read_journal
from crawlers.limits import Caps
from crawlers.profile import Site
from crawlers.textbook import TextBookError, read_text_book


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


Chapter = tuple[str, str, list[str]]  # key (the chapter's place in the file), title, paragraphs


def _chapters(
    site: Site, path: Path, caps: Caps
) -> tuple[list[Chapter], dict[str, tuple[str, str]], dict[str, str], str, str]:
    """Every chapter; unreadable ones (reason, detail) and dropped ones by key; the encoding; the front matter."""
    if site.kind == "epub":
        book = read_epub(path, caps, chinese=site.lang == "zh")
        chapters = [(c.href, c.title, c.paragraphs) for c in book.chapters]
        return chapters, book.broken, book.dropped, "utf-8", ""
    chapters, encoding, empty, front = read_text_book(path, site.encoding, site.heading, caps, site.lang)
    return (
        [(key, c.title, c.paragraphs) for key, c in zip(_keys([c.title for c in chapters]), chapters)],
        {},
        dict.fromkeys(_keys(empty), "no text under the heading"),  # listed as an EPUB's "no text" is
        encoding,
        front,
    )


def _keys(titles: list[str]) -> list[str]:
    """A key per heading, unique in the file: the heading, and from its second time on ``heading~N``
    (N its count so far, or the next free one: a heading may itself read ``第一章~2``)."""
    used: set[str] = set()
    count: Counter[str] = Counter()
    keys = []
    for title in titles:
        count[title] += 1
        key = title if count[title] == 1 else f"{title}~{count[title]}"
        while key in used:
            count[title] += 1
            key = f"{title}~{count[title]}"
        used.add(key)
        keys.append(key)
    return keys


def _cap_length(chapters: list[Chapter], broken: dict[str, tuple[str, str]], cap: int) -> list[Chapter]:
    """The chapters of at most ``cap`` characters; each longer one goes to ``broken`` as ``chapter_too_long``."""
    kept = []
    for key, title, paragraphs in chapters:
        size = sum(map(len, paragraphs))
        if size > cap:
            broken[key] = ("chapter_too_long", f"{size} characters (cap {cap})")
        else:
            kept.append((key, title, paragraphs))
    return kept


def _file_uri(path: Path) -> str:
    """The ``file:`` URI of ``path``, symbolic links resolved (but a loop's, which cannot be)."""
    try:
        return path.resolve().as_uri()
    except (RuntimeError, OSError):  # a symbolic link loop: RuntimeError before Python 3.13, OSError since
        return path.absolute().as_uri()
    except UnicodeEncodeError:  # a name beyond ASCII in the C locale: the URI a UTF-8 locale gives
        return "file://" + quote(str(path.absolute()))


def toc_uri(toc: str) -> str:
    """The ``file:`` URI of a local source's ``toc`` as the config gives it: ``file:books/a.txt`` for a path
    relative to the config's folder (which moves with it), ``file:///...`` for an absolute one."""
    path = os.path.normpath(toc)
    return "file://" + quote(path) if os.path.isabs(path) else "file:" + quote(path)


def _other_form(path: Path) -> str:
    """Where the folder holds ``path``'s name in another Unicode form (``é`` as one character or as ``e`` and
    an accent: NFD, as macOS writes names), which names another file on Linux: that name, as a hint."""
    wanted = unicodedata.normalize("NFC", path.name)
    try:
        twin = next(
            (p for p in path.parent.iterdir() if unicodedata.normalize("NFC", p.name) == wanted), None
        )
    except OSError:
        return ""
    if twin is None:
        return ""
    return f" (the folder holds {twin.name!r}, the same name in another Unicode form: rename it, or copy its name)"


def _file_size(path: Path) -> int:
    """The size of the book file: ``file_not_found`` when there is none, ``not_a_file`` when the path
    names a folder (an unpacked EPUB, a folder of chapters), a named pipe, a device or a socket,
    ``file_unreadable`` when its path cannot be followed (a symbolic link loop, no permission)."""
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        why = missing(path, "file")  # or a symbolic link to nothing, whose own name _other_form would find
        raise TextBookError(
            "file_not_found", why + (_other_form(path) if why == "no such file" else "")
        ) from None
    except OSError as err:
        raise TextBookError("file_unreadable", os_problem(err)) from None
    except UnicodeEncodeError:  # a name beyond ASCII in the C locale: it was a read_error naming the codec
        raise TextBookError("file_unreadable", locale_cannot_name("this file")) from None
    if stat.S_ISDIR(info.st_mode):
        raise TextBookError("not_a_file", "a folder, not a book file (toc names the book's one file)")
    if not stat.S_ISREG(info.st_mode):
        raise TextBookError("not_a_file", "a named pipe, a device or a socket, not a book file")
    return info.st_size


def read_local(
    site: Site, path: Path, journal: Path, caps: Caps = Caps(), *, toc: str | None = None
) -> dict[str, Any]:
    """Journal the chapters of one local book file; return a crawl report like ``crawlers.web.crawl``'s.
    The chapters' urls name the file by ``toc`` (``toc_uri``) where it is given, else by its absolute URI;
    a file that cannot be read is named by its absolute URI, where it was looked for."""
    started = time.monotonic()
    uri = _file_uri(path)
    known = read_journal(journal).chapters
    writer = JournalWriter(journal)
    report: dict[str, Any] = {
        "requests": 0,
        "responses": 0,
        "retried": 0,
        "items": 0,
        "bytes": 0,
        "status_counts": {},
        "failed_reasons": {},
        "blocked": False,
        "blocked_reason": None,
        "stopped": None,
        "finish_reason": "finished",
        "dropped": {},
    }
    try:
        report["bytes"] = _file_size(path)
        try:
            chapters, broken, dropped, encoding, front = _chapters(site, path, caps)
        except PermissionError as err:
            raise TextBookError("file_unreadable", err.strerror or "permission denied") from None
        chapters = _cap_length(chapters, broken, caps.chapter_chars)
        if broken and not chapters:  # a file of which nothing can be read fails like one that cannot be
            key, (_, detail) = next(iter(broken.items()))
            counts = ", ".join(
                f"{reason}: {n}" for reason, n in Counter(r for r, _ in broken.values()).items()
            )
            raise TextBookError(
                "no_chapters",
                f"{path.name}: none of its {len(broken)} chapters can be read ({counts}), e.g. {key}: {detail}",
            )
    except (EpubError, TextBookError) as err:
        writer.append(
            {
                "type": "toc_failure",
                "url": uri,
                "reason": err.reason,
                "detail": err.detail,
                "fetched_at": _now(),
            }
        )
        writer.close()
        report.update(
            failed_reasons={err.reason: 1},
            finish_reason=err.reason,
            duration_s=round(time.monotonic() - started, 3),
        )
        return report
    name = uri if toc is None else toc_uri(toc)
    url = {key: f"{name}#{quote(key)}" for key, _, _ in chapters} | {
        key: f"{name}#{quote(key)}" for key in broken
    }
    now = _now()
    changed = [
        (key, title, paragraphs)
        for key, title, paragraphs in chapters
        if (old := known.get(url[key])) is None or (old["title"], old["paragraphs"]) != (title, paragraphs)
    ]
    writer.append_all(
        [
            {
                "type": "toc",
                "chapters": [[url[key], title] for key, title, _ in chapters]
                + [[url[key], key] for key in broken],
                "fetched_at": now,
            },
            *(
                {
                    "type": "chapter",
                    "url": url[key],
                    "page_urls": [url[key]],
                    "title": title,
                    "paragraphs": paragraphs,
                    "encoding": encoding,
                    "fetched_at": now,
                }
                for key, title, paragraphs in changed
            ),
            *(
                {"type": "failure", "url": url[key], "reason": reason, "detail": detail, "fetched_at": now}
                for key, (reason, detail) in broken.items()
            ),
        ]
    )
    report["items"] = len(changed)
    writer.close()
    report["failed_reasons"] = dict(Counter(reason for reason, _ in broken.values()))
    report["dropped"] = dropped
    if front:
        report["front_matter"] = front
    report["duration_s"] = round(time.monotonic() - started, 3)
    return report
