"""Regression on the shared BWB example chapter (read at run time, never copied; skipped when absent)."""

from pathlib import Path

import pytest

from alignment.book import align_book
from filters.sentences import split_en

BWB_EXAMPLE = Path(__file__).resolve().parents[3] / "shared" / "eval-data" / "bwb-example"


@pytest.mark.skipif(not (BWB_EXAMPLE / "0.chs_re.txt").is_file(), reason="shared eval data absent")
def test_bwb_example_every_bead_exact(lexicon):
    zh = (BWB_EXAMPLE / "0.chs_re.txt").read_text(encoding="utf-8").splitlines()
    en: list[str] = []
    gold = []
    for i, line in enumerate((BWB_EXAMPLE / "0.ref_re.txt").read_text(encoding="utf-8").splitlines()):
        sentences = split_en(line)
        gold.append(((i,), tuple(range(len(en), len(en) + len(sentences)))))
        en += sentences
    beads = align_book([(zh, en)], lexicon).chapters[0]
    assert len(gold) == 30 and len(en) > 30
    assert [bead.key for bead in beads] == gold
