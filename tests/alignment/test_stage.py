import json

import pyarrow as pa

from alignment.settings import AlignSettings
from alignment.stage import align_chapter_rows
from core.schemas import ALIGNED_PAIRS, REJECTED
from tests.alignment.texts import EN, GOLD, ZH


def _row(n, zh, en):
    return {"chapter_id": f"b/{n}", "book_id": "b", "chapter_no": n, "title_zh": "", "title_en": "",
            "zh_sentences": zh, "en_sentences": en, "zh_chars": 0, "en_chars": 0, "zh_raw_ids": [], "en_raw_ids": []}  # fmt: skip


def test_pairs_rejections_and_stats(lexicon):
    result = align_chapter_rows([_row(1, ZH, EN), _row(2, ZH[:1], EN * 2), _row(3, [], [])], lexicon)
    pairs, rejected, stats = result.rows, result.rejections, result.stats
    pa.Table.from_pylist(pairs, schema=ALIGNED_PAIRS)
    pa.Table.from_pylist(rejected, schema=REJECTED)
    assert [(tuple(p["zh_idx"]), tuple(p["en_idx"])) for p in pairs] == GOLD
    assert pairs[1]["pair_id"] == "b/1/1" and pairs[1]["bead_type"] == "1-2"
    assert pairs[1]["zh"] == ZH[1] and pairs[1]["en"] == f"{EN[1]} {EN[2]}"
    assert pairs[3]["zh"] == ZH[3] + ZH[4]
    assert [(r["item_id"], r["stage"], r["reason"]) for r in rejected] == [
        ("b/2", "align", "unbalanced_chapter")
    ]
    assert stats["chapters"] == 3 and stats["chapters_aligned"] == 2 and stats["beads"] == len(GOLD)
    assert stats["bead_types"] == {"0-1": 1, "1-0": 1, "1-1": 5, "1-2": 1, "2-1": 1}
    json.dumps(stats)


def test_other_methods_and_paragraph_starts_from_the_rows(lexicon):
    row = _row(1, ZH, EN) | {"zh_paragraph_starts": [0, 2, 5], "en_paragraph_starts": [0, 3, 5]}
    result = align_chapter_rows([row], lexicon)
    pairs, stats = result.rows, result.stats
    assert stats["method"] == "default" and [(tuple(p["zh_idx"]), tuple(p["en_idx"])) for p in pairs] == GOLD
    result = align_chapter_rows([row], lexicon, AlignSettings(method="galechurch"))
    pairs, stats = result.rows, result.stats
    assert stats["method"] == "galechurch" and stats["lexicon_pairs_learned"] == 0
    assert sorted(i for p in pairs for i in p["zh_idx"]) == list(range(len(ZH)))


def test_zh_words_carried_in_the_rows_are_not_segmented_again(lexicon, monkeypatch):
    from text import chinese

    fresh = align_chapter_rows([_row(1, ZH, EN)], lexicon).rows
    words = [chinese.segment(sentence) for sentence in ZH]
    monkeypatch.setattr(chinese, "segment", None)  # segmenting would fail
    assert align_chapter_rows([_row(1, ZH, EN) | {"zh_words": words}], lexicon).rows == fresh
