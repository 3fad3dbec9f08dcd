import builtins
import hashlib
import os
import time
from importlib import metadata
from pathlib import Path

import pytest

from alignment.translator import book_digest
from core.digest_cache import DigestCache
from crawlers.stage import source_digest
from pipeline import config_inputs
from pipeline.config import load_config
from pipeline.config_inputs import ENCODER
from tests.helpers import write_config


@pytest.fixture(autouse=True)
def _book_digests(tmp_path, monkeypatch):
    """The local books' digest cache in ``tmp_path``, not the language data folder."""
    monkeypatch.setattr(config_inputs, "_BOOK_DIGESTS", DigestCache(tmp_path / "digests.json", "sha256"))


def _config(tmp_path: Path, options: str = "") -> Path:
    (tmp_path / "books").mkdir(parents=True)
    (tmp_path / "mt" / "a").mkdir(parents=True)
    (tmp_path / "books" / "a-zh.txt").write_text("第一章\n天亮了。\n", encoding="utf-8")
    (tmp_path / "mt" / "a" / "1.txt").write_text("Day broke.\n", encoding="utf-8")
    path = tmp_path / "config.yaml"
    path.write_text(
        "sites: {zh-files: {kind: text, lang: zh}, en-files: {kind: epub, lang: en}}\n"
        "books: [{id: a, zh: {site: zh-files, toc: books/a-zh.txt}, en: {site: en-files, toc: books/a.epub}}]\n"
        + options,
        encoding="utf-8",
    )
    return path


def test_the_inputs_a_config_names_are_digested_as_the_tasks_fingerprints_record_them(tmp_path):
    config = load_config(_config(tmp_path, "options: {align: {method: bleualign, translations: mt}}\n"))
    assert config_inputs.config_inputs(config) == {
        "local book books/a-zh.txt": source_digest(tmp_path / "books" / "a-zh.txt"),  # CrawlBook's "source"
        "local book books/a.epub": "missing",
        "machine translations of book a": book_digest(tmp_path / "mt", "a"),  # AlignBook's "translations"
    }
    hybrid = load_config(_config(tmp_path / "hybrid", "options: {align: {method: hybrid}}\n"))
    assert config_inputs.config_inputs(hybrid)[f"hybrid encoder {ENCODER}"] == metadata.version(ENCODER)


def test_a_config_of_web_sites_names_no_inputs(tmp_path):
    assert config_inputs.config_inputs(load_config(write_config(tmp_path))) == {}


def test_an_unchanged_local_book_is_not_read_again_by_the_next_process(tmp_path, monkeypatch):
    """Each worker's start digested every local book, up to 256 MiB each; now a book digested before, its
    size, times and inode the same, costs a ``stat``."""
    path = _config(tmp_path)
    book = tmp_path / "books" / "a-zh.txt"
    old = time.time() - 60  # past the digest cache's racy window
    os.utime(book, (old, old))
    config = load_config(path)
    first = config_inputs.config_inputs(config)
    monkeypatch.setattr(config_inputs, "_BOOK_DIGESTS", DigestCache(tmp_path / "digests.json", "sha256"))
    for name, owner in (("open", builtins), ("read_bytes", Path)):
        monkeypatch.setattr(owner, name, lambda file, *_: pytest.fail(f"{file} read again"))
    assert config_inputs.config_inputs(config) == first
    assert first["local book books/a-zh.txt"] == hashlib.sha256("第一章\n天亮了。\n".encode()).hexdigest()
