import hashlib
import random
import tracemalloc
import zlib

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from filters.dedup import (
    DedupConfig,
    Duplicate,
    MinHasher,
    _WordHashes,
    choose_bands,
    content_hash,
    BucketSets,
    Candidates,
    PairDedup,
    find_candidates,
    find_duplicates,
    jaccard,
    normalise_key,
    shingles,
)

_HANZI = "天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳云腾致雨露结为霜金生丽水玉出昆冈"
_WORDS = "the a river mountain sword old young master walked slowly quietly under over bright moon cold wind".split()


def _zh_chapter(seed: int, n: int = 2000) -> str:
    rng = random.Random(seed)
    return "\n".join("".join(rng.choice(_HANZI) for _ in range(40)) + "。" for _ in range(n // 40))


def _en_chapter(seed: int, n: int = 1500) -> str:
    rng = random.Random(seed)
    return " ".join(rng.choice(_WORDS) for _ in range(n)) + "."


def test_normalised_key_and_hash():
    assert normalise_key("Ｈｅｌｌｏ， World！\n") == "helloworld"
    assert content_hash("他说：“你好。”") == content_hash("他说 你好")
    assert content_hash("他说你好") != content_hash("她说你好")


def test_bands_for_threshold():
    bands, rows = choose_bands(128, 0.8, 0.95)
    assert (bands, rows) == (18, 7)
    assert 1 - (1 - 0.8**rows) ** bands >= 0.95


def test_shingles_are_character_and_word_ngrams():
    assert len(shingles("一二三四五六", "zh")) == 2
    assert len(shingles("one two three four five six", "en")) == 2
    assert len(shingles("短", "zh")) == 1
    assert np.array_equal(shingles("甲乙丙丁戊", "zh"), shingles("甲乙丙丁戊", "zh"))


_PIECES = st.sampled_from(
    ["天地", "。", "，", "abc", "Ｈｅｌｌｏ", "ΑΣ", "word", "e\u0301", "한국", "ﬁ", "①", "ｌé", "_"]
)
_TEXT = st.lists(
    st.tuples(_PIECES | st.text(max_size=3), st.sampled_from([" ", "\n", "　"])), max_size=120
).map(lambda pairs: "".join(piece + gap for piece, gap in pairs))


@settings(deadline=None, max_examples=150)
@given(_TEXT, st.sampled_from(["zh", "en"]), st.sampled_from([8, 13, 64]))
def test_a_text_read_in_blocks_has_the_signature_and_hash_of_the_whole(text, lang, block_chars):
    hasher = MinHasher()
    assert np.array_equal(
        hasher.text_signature(text, lang, 5, block_chars), hasher.signature(shingles(text, lang))
    )
    whole = hashlib.blake2b(normalise_key(text).encode("utf-8"), digest_size=8).hexdigest()
    assert content_hash(text, block_chars) == content_hash(text) == whole


def test_signature_memory_does_not_grow_with_the_text():
    text = _zh_chapter(9, 400_000)  # ~400k shingles: 400 MB as one shingles x 128 array of uint64
    tracemalloc.start()
    MinHasher().text_signature(text, "zh", block_chars=2**14)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 24 * 2**20


def test_near_duplicate_with_ad_line_and_edits_is_caught():
    original = _zh_chapter(1)
    lines = original.split("\n")
    lines.insert(10, "请收藏本站，最新章节抢先看")
    lines[20] = lines[20][:5] + "某某" + lines[20][7:]
    copy = "\n".join(lines)
    assert 0.8 <= jaccard(shingles(original, "zh"), shingles(copy, "zh")) < 1
    dups = find_duplicates(
        [("mirror/zh/00001", copy), ("book/zh/00001", original), ("book/zh/00002", _zh_chapter(2))], "zh"
    )
    assert len(dups) == 1
    dup = dups[0]
    assert (dup.item_id, dup.kept_id, dup.kind) == ("mirror/zh/00001", "book/zh/00001", "near")
    assert dup.reason == "near_duplicate" and "book/zh/00001" in dup.detail


def test_exact_duplicates_ignore_whitespace_and_punctuation():
    text = _en_chapter(3)
    dups = find_duplicates([("b", text.replace(" ", "  ") + "!"), ("a", text), ("c", _en_chapter(4))], "en")
    assert dups == [Duplicate("b", "a", "exact", 1.0)]


def test_distinct_chapters_are_kept():
    items = [(f"book/en/{i:05d}", _en_chapter(i)) for i in range(20)]
    assert find_duplicates(items, "en") == []


def test_cluster_keeps_smallest_id():
    base = _zh_chapter(5)
    variants = [base + "".join(_HANZI[:k]) for k in (3, 6, 9)]
    dups = find_duplicates([("c", variants[2]), ("b", variants[1]), ("a", variants[0])], "zh", DedupConfig())
    assert sorted((d.item_id, d.kept_id) for d in dups) == [("b", "a"), ("c", "a")]


def test_candidates_need_only_their_own_shingle_sets():
    base = _zh_chapter(6)
    texts = {"d": base + "多余", "a": base, "b": _zh_chapter(7), "c": base + "！", "e": _zh_chapter(8)}
    sets = {item_id: shingles(text, "zh") for item_id, text in texts.items()}
    signatures = MinHasher().signatures(sets.values())
    assert signatures.dtype == np.uint32 and signatures.shape == (5, 128)
    candidates = find_candidates(list(texts), [content_hash(t) for t in texts.values()], signatures)
    assert candidates.ids == ["a", "b", "d", "e"]
    assert candidates.exact == [Duplicate("c", "a", "exact", 1.0)]
    assert candidates.to_verify() == {"a", "d"}
    dups = candidates.resolve({item_id: sets[item_id] for item_id in candidates.to_verify()}, 0.8)
    assert dups == find_duplicates(texts.items(), "zh")
    assert [(d.item_id, d.kept_id, d.kind) for d in dups] == [("c", "a", "exact"), ("d", "a", "near")]


def test_pair_dedup_ignores_case_whitespace_and_punctuation():
    dedup = PairDedup()
    assert [
        dedup.is_duplicate(zh, en) for zh, en in [("你好！", "Hello!"), ("你 好", "hello"), ("你好", "Hi")]
    ] == [
        False,
        True,
        False,
    ]


def test_pair_dedup_remembers_a_digest_of_each_pair_not_its_texts():
    """The text export held the normalised texts of every pair: about 4 GB at BWB's 9.6 million."""
    dedup = PairDedup()
    long_pair = ("很长的句子" * 40, "a long sentence " * 40)
    assert not dedup.is_duplicate(*long_pair) and dedup.is_duplicate(*long_pair)
    assert [len(key) for key in dedup._seen] == [16]
    assert not dedup.is_duplicate("ab", "c") and not dedup.is_duplicate("a", "bc")  # the sides stay apart


def test_word_hashes_are_crc32_remembered_until_full():
    hashes = _WordHashes()
    hashes.MAX = 2
    assert hashes["the"] == zlib.crc32(b"the") and hashes["naïve"] == zlib.crc32("naïve".encode())
    assert list(hashes) == ["the", "naïve"]
    assert hashes["cat"] == zlib.crc32(b"cat") and list(hashes) == ["cat"]  # full: forgotten, then added


def test_near_copies_sharing_a_bucket_cost_one_jaccard_each(monkeypatch):
    """A paywall notice with each chapter's number: the bucket's n near copies are verified with n - 1
    Jaccards, not one per pair (6,000 such chapters made 18 million pairs: 1.9 GB and 112 s)."""
    import filters.dedup as dedup

    notice = "本章为付费章节，请订阅后阅读。感谢支持正版，作者写作不易，订阅后即可阅读全文。" * 3
    items = [(f"c{i:03d}", f"第{i}章" + notice) for i in range(200)]
    calls, compared, jaccards = [], [], dedup.BucketSets.jaccards
    monkeypatch.setattr(dedup, "jaccard", lambda a, b: calls.append(1) or jaccard(a, b))
    monkeypatch.setattr(
        dedup.BucketSets,
        "jaccards",
        lambda self, i, others: compared.append(len(others)) or jaccards(self, i, others),
    )
    dups = find_duplicates(items, "zh")
    assert {(d.kind, d.kept_id) for d in dups} == {("near", "c000")}
    assert sorted(d.item_id for d in dups) == [f"c{i:03d}" for i in range(1, 200)]
    assert (
        sum(compared) == 199 and len(calls) == 199
    )  # one to link each copy; one for its recorded similarity


def test_items_sharing_a_bucket_but_not_similar_are_checked_a_look_up_each():
    """Short chapters that share a long notice yet are not near copies (Jaccard 0.75) share the LSH buckets
    of every band; each pair is checked, in one look-up per item (2,000 such: 164 s with a Jaccard each)."""
    rng = np.random.default_rng(0)
    notice = rng.integers(0, 2**63, 600, dtype=np.uint64)
    sets = [
        np.unique(np.concatenate([notice, rng.integers(0, 2**63, 100, dtype=np.uint64)])) for _ in range(5)
    ]
    sets.append(sets[4][1:])  # a near copy of the fifth (Jaccard 0.999)
    found = BucketSets(sets)
    assert found.jaccards(5, [0, 4, 3]).tolist() == [jaccard(sets[5], sets[k]) for k in (0, 4, 3)]
    assert found.jaccards(0, []).tolist() == []
    ids = [f"c{k}" for k in range(6)]
    candidates = Candidates(ids, [], [tuple(range(6)), (0, 2, 4, 5)])
    dups = candidates.resolve(dict(zip(ids, sets)), 0.8)
    assert dups == [Duplicate("c5", "c4", "near", jaccard(sets[5], sets[4]))]
