"""Exact and near-duplicate detection (MinHash LSH in numpy, verified by true Jaccard).

Exact: items whose normalised text (NFKC, lower-case, no whitespace or punctuation) hashes
alike. Near: shingles are character 5-grams (zh) or word 5-grams (en) of the normalised text;
128 multiply-shift hash functions give the MinHash signature; LSH bands are chosen so a pair at
the Jaccard threshold (0.8) becomes a candidate with probability >= 0.95 (18 bands x 7 rows);
every candidate is checked with the true Jaccard of the shingle sets, clusters are closed with
union-find, and the smallest id of a cluster is kept.

``find_duplicates`` holds every text. For a corpus too large for that, ``find_candidates`` works from
the content hashes and signatures alone, and ``Candidates.resolve`` needs the shingle sets of the
candidates only. ``content_hash`` and ``MinHasher.text_signature`` read a text in blocks, so their
memory does not grow with the text (a chapter of 200 MB costs a block's worth, not shingles x 128).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
import zlib
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

_STRIP = re.compile(r"[\W_]+")  # whitespace and punctuation (and symbols) after NFKC
_WORD = re.compile(r"\w+")


def normalise_key(text: str) -> str:
    """The text dedup compares: NFKC, lower-case, without whitespace or punctuation."""
    return _STRIP.sub("", unicodedata.normalize("NFKC", text).lower())


BLOCK_CHARS = 2**20  # characters normalised at once
_SAFE_CUT = {"zh": re.compile(r"[\s\u4e00-\u9fff]"), "en": re.compile(r"\s")}


def text_blocks(text: str, lang: str, size: int = BLOCK_CHARS) -> Iterator[str]:
    """``text`` in consecutive pieces of about ``size`` characters, each cut just before a space (or, in
    Chinese, an ideograph), where neither NFKC nor a word can join characters across the cut; only a
    stretch of ``2 * size`` characters without such a place is cut at ``size``."""
    start = 0
    while len(text) - start > size:
        safe = _SAFE_CUT[lang].search(text, start + size, start + 2 * size)
        if safe is None and len(text) - start <= 2 * size:
            break  # the rest is one last piece
        cut = safe.start() if safe else start + size
        yield text[start:cut]
        start = cut
    yield text[start:]


def content_hash(text: str, block_chars: int = BLOCK_CHARS) -> str:
    """Exact-dedup key: 64-bit BLAKE2b of the normalised text, as hex (read in blocks)."""
    digest = hashlib.blake2b(digest_size=8)
    for block in text_blocks(text, "zh", block_chars):  # the cuts of either language suit normalise_key
        digest.update(normalise_key(block).encode("utf-8"))
    return digest.hexdigest()


@dataclass(frozen=True)
class DedupConfig:
    num_perm: int = 128
    threshold: float = 0.8  # minimum true Jaccard of a near-duplicate
    ngram: int = 5
    min_recall: float = 0.95  # P(candidate | Jaccard == threshold) the LSH bands must reach
    seed: int = 1


@dataclass(frozen=True)
class Duplicate:
    item_id: str
    kept_id: str
    kind: str  # "exact" | "near"
    jaccard: float

    @property
    def reason(self) -> str:
        return f"{self.kind}_duplicate"

    @property
    def detail(self) -> str:
        return f"duplicate of {self.kept_id} (Jaccard {self.jaccard:.3f})"


def _mix(x: np.ndarray) -> np.ndarray:
    """SplitMix64 finaliser, vectorised (uint64 in, uint64 out)."""
    x = x ^ (x >> np.uint64(30))
    x = x * np.uint64(0xBF58476D1CE4E5B9)
    x = x ^ (x >> np.uint64(27))
    x = x * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


class _WordHashes(dict):
    """CRC-32 of a word's UTF-8 bytes, remembered (a book repeats its words); forgets all past ``MAX`` words."""

    MAX = 500_000

    def __missing__(self, word: str) -> int:
        if len(self) >= self.MAX:
            self.clear()
        crc = self[word] = zlib.crc32(word.encode("utf-8"))
        return crc


_word_hashes = _WordHashes()


def _tokens(text: str, lang: str) -> np.ndarray:
    """The characters (zh) or words (en) of the normalised text, as uint64."""
    if lang == "zh":
        key = normalise_key(text)
        return np.frombuffer(key.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    words = _WORD.findall(unicodedata.normalize("NFKC", text).lower())
    return np.fromiter(map(_word_hashes.__getitem__, words), dtype=np.uint64, count=len(words))


def _grams(tokens: np.ndarray, n: int) -> np.ndarray:
    """64-bit hashes of every n-gram of ``tokens`` (a sequence shorter than n is padded to one n-gram)."""
    if len(tokens) < n:
        tokens = np.pad(tokens, (0, n - len(tokens)))
    with np.errstate(over="ignore"):
        grams = np.zeros(len(tokens) - n + 1, dtype=np.uint64)
        for k in range(n):
            grams = _mix(grams ^ tokens[k : len(tokens) - n + 1 + k])
    return grams


def shingles(text: str, lang: str, n: int = 5) -> np.ndarray:
    """Sorted unique 64-bit hashes of the character (zh) or word (en) n-grams of ``text``."""
    return np.unique(_grams(_tokens(text, lang), n))


def _block_grams(text: str, lang: str, n: int, block_chars: int) -> Iterator[np.ndarray]:
    """The n-gram hashes of ``text`` (as ``shingles``, not unique), a block of the text at a time."""
    carry = np.empty(0, dtype=np.uint64)  # the last n - 1 tokens: n-grams cross the cuts
    produced = False
    for block in text_blocks(text, lang, block_chars):
        tokens = np.concatenate([carry, _tokens(block, lang)])
        if len(tokens) >= n:
            yield _grams(tokens, n)
            produced = True
        carry = tokens[len(tokens) - (n - 1) :] if len(tokens) >= n else tokens
    if not produced:
        yield _grams(carry, n)


class MinHasher:
    """MinHash signatures with ``num_perm`` multiply-shift hash functions h(x) = (a*x + b) >> 32."""

    BLOCK = 4096  # shingles hashed at once

    def __init__(self, num_perm: int = 128, seed: int = 1):
        rng = np.random.default_rng(seed)
        self.a = rng.integers(1, 2**63, num_perm, dtype=np.uint64) | np.uint64(1)
        self.b = rng.integers(0, 2**63, num_perm, dtype=np.uint64)

    def signature(self, shingle_hashes: np.ndarray) -> np.ndarray:
        """The ``num_perm`` minima, as uint32 (the hashes keep 32 bits), taken over blocks of shingles so
        that memory does not grow with the text (a block is ``BLOCK`` x ``num_perm`` hashes)."""
        minima = np.full(len(self.a), np.iinfo(np.uint64).max, dtype=np.uint64)
        with np.errstate(over="ignore"):
            for start in range(0, len(shingle_hashes), self.BLOCK):
                hashes = shingle_hashes[start : start + self.BLOCK, None] * self.a
                hashes += self.b
                np.minimum(minima, hashes.min(axis=0), out=minima)
        return (minima >> np.uint64(32)).astype(np.uint32)  # the shift keeps the order: shift the minima only

    def text_signature(self, text: str, lang: str, n: int = 5, block_chars: int = BLOCK_CHARS) -> np.ndarray:
        """``signature(shingles(text, lang, n))``, read a block of the text at a time."""
        minima = np.full(len(self.a), np.iinfo(np.uint32).max, dtype=np.uint32)
        for grams in _block_grams(text, lang, n, block_chars):
            np.minimum(minima, self.signature(grams), out=minima)
        return minima

    def signatures(self, sets: Iterable[np.ndarray]) -> np.ndarray:
        """One signature row per shingle set: a (len(sets), num_perm) uint32 array."""
        rows = [self.signature(s) for s in sets]
        return np.stack(rows) if rows else np.empty((0, len(self.a)), dtype=np.uint32)


def choose_bands(num_perm: int, threshold: float, min_recall: float) -> tuple[int, int]:
    """(bands, rows): the most rows per band whose candidate probability at ``threshold`` >= min_recall."""
    for rows in range(num_perm, 0, -1):
        bands = num_perm // rows
        if 1 - (1 - threshold**rows) ** bands >= min_recall:
            return bands, rows
    return num_perm, 1


def jaccard(a: np.ndarray, b: np.ndarray) -> float:
    """Jaccard similarity of two sorted unique arrays."""
    inter = len(np.intersect1d(a, b, assume_unique=True))
    union = len(a) + len(b) - inter
    return inter / union if union else 1.0


class _UnionFind:
    def __init__(self, n: int):
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, i: int, j: int) -> None:
        ri, rj = self.find(i), self.find(j)
        if ri != rj:
            self.parent[max(ri, rj)] = min(ri, rj)  # root = smallest index = smallest id


class BucketSets:
    """The shingle sets of a bucket's items as indices into the bucket's shingles, so that the Jaccards of one
    item with many are one look-up of their shingles in a mask of the item's (sets sorted and unique). The
    shingles of every item (a notice they share) are counted, not looked up."""

    def __init__(self, sets: Sequence[np.ndarray]):
        self.lengths = np.array([len(s) for s in sets])
        shingles, inverse = np.unique(np.concatenate(sets), return_inverse=True)
        everywhere = np.bincount(inverse, minlength=len(shingles)) == len(sets)
        self.shared = int(everywhere.sum())
        cuts = np.cumsum(self.lengths)[:-1]
        kept = np.split(~everywhere[inverse], cuts)
        self.sets = [ids[keep] for ids, keep in zip(np.split(inverse.astype(np.int32), cuts), kept)]
        self.mask = np.zeros(len(shingles), dtype=bool)

    def jaccards(self, item: int, others: Sequence[int]) -> np.ndarray:
        """The Jaccard of set ``item`` with each of sets ``others`` (exactly as ``jaccard``)."""
        if not others:
            return np.empty(0)
        rests = np.array([len(self.sets[k]) for k in others])
        self.mask[self.sets[item]] = True
        hits = self.mask[np.concatenate([self.sets[k] for k in others])]
        self.mask[self.sets[item]] = False
        inter = (
            np.bincount(np.repeat(np.arange(len(others)), rests)[hits], minlength=len(others)) + self.shared
        )
        union = self.lengths[others] + self.lengths[item] - inter
        return np.divide(inter, union, out=np.ones(len(others)), where=union > 0)


@dataclass(frozen=True)
class Candidates:
    """The duplicates of one language before the near-duplicate candidates are verified.

    ``ids`` are the first (smallest) id of each exact key, sorted; ``buckets`` index into them: the LSH
    buckets of two or more items (each band's, once each), whose pairs are the candidates. A bucket is kept
    whole, not as its pairs: near copies of one page (a paywall notice with the chapter's number) share a
    bucket, and 6,000 of them made 18 million pairs (1.9 GB, 112 s to verify; 20,000: 200 million).
    """

    ids: list[str]
    exact: list[Duplicate]
    buckets: list[tuple[int, ...]]  # sorted, each sorted

    def to_verify(self) -> set[str]:
        """The ids whose shingle sets ``resolve`` needs."""
        return {self.ids[i] for bucket in self.buckets for i in bucket}

    def resolve(self, sets: Mapping[str, np.ndarray], threshold: float) -> list[Duplicate]:
        """Every duplicate, given the shingle sets of ``to_verify()``; the smallest id is kept.

        Clusters are the connected parts of the candidate pairs at ``threshold`` or above. An item is
        checked against one member of each cluster already in its bucket, then against the other members of
        the clusters not linked, each check of an item against many at once (``BucketSets``): a bucket of n
        near copies costs n - 1 Jaccards, and one of n items that share a passage yet are not similar (a
        site's notice in short chapters) n (n - 1) / 2, in n look-ups (1,000 such items in 10,000: 3.5 CPU-s,
        not 49 with a Jaccard each). The clusters are the same in any order of the checks.
        """
        clusters = _UnionFind(len(self.ids))
        for bucket in self.buckets:
            found = BucketSets([sets[self.ids[i]] for i in bucket])
            groups: dict[int, list[int]] = {}  # cluster root (kept current) -> its items in the bucket so far
            for pos, j in enumerate(bucket):
                linked = [pos, *groups.pop(clusters.find(j), [])]
                roots = list(groups)  # clusters apart from j's: a member of each, then the others of those
                joined = set(
                    np.flatnonzero(found.jaccards(pos, [groups[r][0] for r in roots]) >= threshold).tolist()
                )
                rest = [k for k, r in enumerate(roots) if k not in joined and len(groups[r]) > 1]
                owner = np.repeat(np.array(rest, dtype=int), [len(groups[roots[k]]) - 1 for k in rest])
                others = [p for k in rest for p in groups[roots[k]][1:]]
                joined.update(owner[found.jaccards(pos, others) >= threshold].tolist())
                for k in sorted(joined):
                    clusters.union(roots[k], j)
                    linked += groups.pop(roots[k])
                groups[clusters.find(j)] = linked
        near = {}
        for i, item_id in enumerate(self.ids):
            root = clusters.find(i)
            if root != i:
                kept_id = self.ids[root]
                near[item_id] = Duplicate(item_id, kept_id, "near", jaccard(sets[item_id], sets[kept_id]))
        exact = list(self.exact)
        for k, dup in enumerate(exact):  # an exact copy of a removed near-duplicate points at the kept copy
            if via := near.get(dup.kept_id):
                exact[k] = Duplicate(dup.item_id, via.kept_id, "near", via.jaccard)
        return exact + list(near.values())


def _lsh_buckets(signatures: np.ndarray, config: DedupConfig) -> list[tuple[int, ...]]:
    bands, rows = choose_bands(config.num_perm, config.threshold, config.min_recall)
    found: set[tuple[int, ...]] = set()
    for band in range(bands):
        buckets: dict[bytes, list[int]] = defaultdict(list)
        for i, sig in enumerate(signatures[:, band * rows : (band + 1) * rows]):
            buckets[sig.tobytes()].append(i)
        found.update(tuple(members) for members in buckets.values() if len(members) > 1)
    return sorted(found)


def find_candidates(
    ids: Sequence[str], keys: Sequence[str], signatures: np.ndarray, config: DedupConfig = DedupConfig()
) -> Candidates:
    """Exact duplicates (same key) and LSH candidate pairs among items of one language.

    ``keys`` are the items' ``content_hash``es and ``signatures`` their MinHash signatures, one row each.
    """
    first: dict[str, int] = {}
    exact = []
    for i in sorted(range(len(ids)), key=ids.__getitem__):
        key = keys[i]
        if key in first:
            exact.append(Duplicate(ids[i], ids[first[key]], "exact", 1.0))
        else:
            first[key] = i
    unique = list(first.values())
    return Candidates([ids[i] for i in unique], exact, _lsh_buckets(signatures[unique], config))


def find_duplicates(
    items: Iterable[tuple[str, str]], lang: str, config: DedupConfig = DedupConfig()
) -> list[Duplicate]:
    """Every duplicate among ``(item_id, text)`` items of one language; the smallest id is kept."""
    items = list(items)
    sets = {item_id: shingles(text, lang, config.ngram) for item_id, text in items}
    hasher = MinHasher(config.num_perm, config.seed)
    candidates = find_candidates(
        [item_id for item_id, _ in items],
        [content_hash(text) for _, text in items],
        hasher.signatures(sets.values()),
        config,
    )
    return candidates.resolve(sets, config.threshold)


class PairDedup:
    """Exact sentence-pair dedup on the normalised zh + en texts, streaming: the first occurrence wins.

    Remembers a 128-bit digest of each pair, not its texts: the texts of BWB's 9.6 million pairs took
    about 4 GB (odds of two different pairs with one digest among them: about 1e-25).
    """

    def __init__(self) -> None:
        self._seen: set[bytes] = set()

    def is_duplicate(self, zh: str, en: str) -> bool:
        """True when an equal pair was seen before (and remember this one otherwise)."""
        # "\0" cannot be in a key (normalise_key drops it): it joins the two sides unambiguously
        text = f"{normalise_key(zh)}\0{normalise_key(en)}"
        key = hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()
        if key in self._seen:
            return True
        self._seen.add(key)
        return False
