"""Identical input gives identical output, whatever the process's hash seed (float scores included)."""

import json
import os
import subprocess
import sys

from core.paths import REPO_ROOT

SCRIPT = """
import json
from alignment.stage import align_chapter_rows
from crawlers.demo.source import SOURCE_DIR, load_book
from text.sentences import split_sentences
book = load_book(SOURCE_DIR / "sword-sect")
rows = [{"chapter_id": f"b/{c.number}", "book_id": "b", "chapter_no": c.number, "title_zh": "", "title_en": "",
         "zh_sentences": split_sentences(c.zh_paragraphs(), "zh"), "en_sentences": split_sentences(c.en_paragraphs(), "en"),
         "zh_chars": 0, "en_chars": 0, "zh_raw_ids": [], "en_raw_ids": []} for c in book.chapters[:3]]
result = align_chapter_rows(rows)
pairs, rejected, stats = result.rows, result.rejections, result.stats
print(json.dumps([pairs, stats], sort_keys=True))
"""


def _align(seed: str, prelude: str = "") -> list:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    result = subprocess.run(
        [sys.executable, "-c", prelude + SCRIPT],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)


def test_alignment_does_not_depend_on_the_hash_seed():
    first = _align("1")
    assert first == _align("2")
    assert len(first[0]) > 90
