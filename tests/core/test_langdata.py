"""The language data's fingerprints (``core.langdata``): what a task's code digest adds for the data it reads."""

from __future__ import annotations

import time

from core.langdata import data_digests, punkt_dir, resource_digest, use_project_data, wordnet_dir
from core.loaded_code import EDITED
from core.paths import NLTK_DATA

DAY_NS = 86_400 * 10**9


def test_a_resource_digest_follows_its_files_names_and_bytes(tmp_path, monkeypatch):
    monkeypatch.setattr("core.loaded_code.STARTED_NS", time.time_ns() + DAY_NS)  # written before the start
    folder = punkt_dir(tmp_path)
    assert resource_digest("punkt", tmp_path / "none") == "missing"
    folder.mkdir(parents=True)
    (folder / "abbrev_types.txt").write_text("mr\ndr\n", encoding="utf-8")
    first = resource_digest("punkt", tmp_path)
    resource_digest.cache_clear()
    (folder / "abbrev_types.txt").write_text("mr\n", encoding="utf-8")
    edited = resource_digest("punkt", tmp_path)
    resource_digest.cache_clear()
    (folder / "abbrev_types.txt").rename(folder / "sent_starters.txt")
    renamed = resource_digest("punkt", tmp_path)
    resource_digest.cache_clear()
    assert len({first, edited, renamed}) == 3
    assert resource_digest("wordnet", tmp_path) == "missing" and not wordnet_dir(tmp_path).exists()


def test_data_digests_name_the_resources_the_code_files_read():
    assert set(data_digests(["text/sentences.py", "text/chinese.py"])) == {"punkt"}
    assert set(data_digests(["cohesion/nlp.py", "cohesion/miner.py"])) == {"wordnet"}
    assert data_digests(["alignment/search.py"]) == {}


def test_a_resource_edited_since_the_process_started_counts_as_edited(tmp_path, monkeypatch):
    """punkt or WordNet edited while a build ran: the build may have split or tagged with the data it read
    before, and recorded the edited data's digest beside that output, which the next build then kept."""
    folder = punkt_dir(tmp_path)
    folder.mkdir(parents=True)
    (folder / "abbrev_types.txt").write_text("mr\ndr\n", encoding="utf-8")
    (folder / "sent_starters.txt").write_text("he\n", encoding="utf-8")
    monkeypatch.setattr("core.loaded_code.STARTED_NS", time.time_ns() + DAY_NS)  # a build started after
    before = resource_digest("punkt", tmp_path)
    resource_digest.cache_clear()
    _start_a_build(monkeypatch)
    (folder / "abbrev_types.txt").write_text("mr\n", encoding="utf-8")
    assert resource_digest("punkt", tmp_path) == EDITED != before
    resource_digest.cache_clear()
    _start_a_build(monkeypatch)
    (folder / "abbrev_types.txt").unlink()  # a file removed: its folder tells
    assert resource_digest("punkt", tmp_path) == EDITED
    resource_digest.cache_clear()


def _start_a_build(monkeypatch) -> None:
    """A process starting now, a while before the edits to come (a file's time is the kernel's coarse clock)."""
    monkeypatch.setattr("core.loaded_code.STARTED_NS", time.time_ns())
    time.sleep(0.05)


def test_nltk_reads_the_project_language_data_alone(monkeypatch):
    """A WordNet or punkt in another folder of NLTK's path (``~/nltk_data``, ``NLTK_DATA``) was read where the
    project's folder lacked it, while the task's fingerprint recorded it as missing: edits of it reran nothing."""
    import nltk

    monkeypatch.setattr(nltk.data, "path", ["/elsewhere/nltk_data", str(NLTK_DATA), "/usr/share/nltk_data"])
    use_project_data()
    use_project_data()
    assert nltk.data.path == [str(NLTK_DATA)]
