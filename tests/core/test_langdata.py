"""The language data's fingerprints (``core.langdata``): what a task's code digest adds for the data it reads."""

from __future__ import annotations

from core.langdata import data_digests, punkt_dir, resource_digest, wordnet_dir


def test_a_resource_digest_follows_its_files_names_and_bytes(tmp_path):
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
