from dataclasses import asdict

import pyarrow as pa
import pytest

import cohesion.stage
from cohesion.candidate import Candidate, Span
from cohesion.stage import _entry, mine_book
from core.schemas import CANDIDATES

CHAPTER = {
    "chapter_id": "b1/3",
    "book_id": "b1",
    "en_sentences": ["Zhang Wei closed his book.", "He stood up.", "Then he left the room."],
}
PAIRS = [
    {"pair_id": "b1/3/0", "chapter_id": "b1/3", "en_idx": [0], "zh": "张伟合上了书。"},
    {"pair_id": "b1/3/1", "chapter_id": "b1/3", "en_idx": [1, 2], "zh": "站起来，走了。"},
]


def test_rows_follow_the_schema_and_carry_beads(mined):
    result = mine_book([CHAPTER], PAIRS)
    rows, stats = result.rows, result.stats
    table = pa.Table.from_pylist(rows, schema=CANDIDATES)  # raises on a missing or mistyped column
    assert table.num_rows == len(rows) == stats["candidates"]
    assert [r["candidate_id"] for r in rows] == [f"b1/3/c{n}" for n in range(len(rows))]
    reference = next(r for r in rows if r["phenomenon"] == "reference")
    assert (reference["pair_a"], reference["pair_b"]) == ("b1/3/0", "b1/3/1")
    assert (reference["zh_a"], reference["zh_b"]) == ("张伟合上了书。", "站起来，走了。")
    assert (reference["trigger"], reference["evidence"]) == ("he", "zh=dropped")
    assert (reference["adjacency"], reference["adjacent"]) == ("adjacent", True)
    assert reference["sentence_b"] == "He stood up." and reference["b_text"] == "He"


def test_stats_count_phenomenon_by_adjacency(mined):
    stats = mine_book([CHAPTER], PAIRS).stats
    assert stats["chapters"] == 1 and stats["sentences"] == 3
    assert stats["by_phenomenon"]["conjunction"] == {"intra": 0, "adjacent": 1, "non_adjacent": 0}
    assert set(stats["by_phenomenon"]) == {
        "repetition",
        "synonyms",
        "reference",
        "substitution",
        "ellipsis",
        "conjunction",
    }


def test_per_chapter_cache_is_filled_then_used(mined, monkeypatch):
    cache: dict = {}
    result = mine_book([CHAPTER], PAIRS, cache)
    rows, stats = result.rows, result.stats
    assert stats["cached"] == 0 and len(cache) == 1
    monkeypatch.setattr("cohesion.stage.mine_chapters", lambda *_: pytest.fail("mined again"))
    result = mine_book([CHAPTER], PAIRS, cache)
    again, stats = result.rows, result.stats
    assert again == rows and stats["cached"] == 1
    changed = {**CHAPTER, "en_sentences": [*CHAPTER["en_sentences"][:2], "Then she left the room."]}
    with pytest.raises(pytest.fail.Exception):
        mine_book([changed], PAIRS, cache)  # other sentences: another key, mined afresh


def test_a_cache_entry_is_the_candidates_asdict_in_its_key_order():
    c = Candidate(
        "reference", "personal", Span(0, 0, 8, "Zhang Wei"), Span(1, 0, 2, "He"), "he", "zh=他", True
    )
    entry = _entry(c)
    assert entry == asdict(c) and list(entry) == list(asdict(c))
    assert list(entry["a"]) == ["sent", "start", "end", "text"]
    entry["a"]["sent"] = 5
    assert c.a.sent == 0  # a copy, not the span's own dict


@pytest.mark.parametrize(
    "entry",
    [
        [1],
        {"a": 1},
        "text",
        [{"phenomenon": "repetition"}],
        [{"phenomenon": "telepathy", "subtype": "", "a": [0], "b": [0], "trigger": ""}],
    ],
)
def test_a_cache_entry_of_another_shape_is_mined_again_and_rewritten(mined, entry):
    cache: dict = {}
    rows = mine_book([CHAPTER], PAIRS, cache).rows
    (key,) = cache
    cache[key] = entry  # overwritten with other JSON: MineBook failed with a TypeError on every run
    result = mine_book([CHAPTER], PAIRS, cache)
    assert result.rows == rows and result.stats["cached"] == 0
    assert mine_book([CHAPTER], PAIRS, cache).stats["cached"] == 1


@pytest.mark.parametrize(
    "digests, another",
    [("data_digests", {"wordnet": "another"}), ("package_versions", {"spacy": "9.9.9"})],
)
def test_a_cached_chapter_is_mined_again_under_another_wordnet_or_spacy(mined, monkeypatch, digests, another):
    """The cache's key covered the miner's code and word lists, not the WordNet the synonyms come from (nor
    the spaCy that tags): a chapter mined under one WordNet was taken from the cache under another (another
    setup, ``BWB_DATA``), and one tagged by one spaCy under another (an upgrade)."""
    cache: dict = {}
    mine_book([CHAPTER], PAIRS, cache)
    monkeypatch.setattr("cohesion.stage.mine_chapters", lambda *_: pytest.fail("mined again"))
    cohesion.stage._rules.cache_clear()
    monkeypatch.setattr(f"core.setup_digest.{digests}", lambda code: another)
    try:
        with pytest.raises(pytest.fail.Exception, match="mined again"):
            mine_book([CHAPTER], PAIRS, cache)
    finally:
        cohesion.stage._rules.cache_clear()


def test_a_sentence_over_the_limit_is_counted_and_mined_as_empty(mined):
    long = "He took the lamp. " * 600
    chapter = {**CHAPTER, "en_sentences": [CHAPTER["en_sentences"][0], long, *CHAPTER["en_sentences"][1:]]}
    result = mine_book([chapter], [])
    assert result.stats["too_long"] == 1 and mine_book([CHAPTER], []).stats["too_long"] == 0
    assert result.rows and all(1 not in (r["sent_a"], r["sent_b"]) for r in result.rows)
