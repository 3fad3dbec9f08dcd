"""Strict and lax precision/recall/F1 of beads (Sennrich & Volk 2011; as in Vecalign and Bertalign)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

BeadKey = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass
class Counts:
    """True positives and totals, summed over documents (micro-average)."""

    strict_p: int = 0  # test beads exactly in gold
    lax_p: int = 0  # test beads overlapping a gold bead on both sides (exact ones included)
    test: int = 0
    strict_r: int = 0  # gold beads (both sides non-empty) exactly in test
    lax_r: int = 0
    gold: int = 0

    def __iadd__(self, other: Counts) -> Counts:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        return self


def _matches(test: list[BeadKey], gold: list[BeadKey]) -> tuple[int, int]:
    """(exact, overlapping) test beads against the reference beads ``gold``."""
    exact = set(gold)
    # each zh sentence's reference beads, not their English sentences: a bead of 20,000 sentences a side
    # (a paragraph per line of 20,000 sentences) copied 20,000 sets of 20,000 and ran out of memory
    beads_of: dict[int, list[int]] = defaultdict(list)
    for k, (zh, _) in enumerate(gold):
        for i in zh:
            beads_of[i].append(k)
    gold_en = [frozenset(en) for _, en in gold]
    strict = lax = 0
    for bead in test:
        touched = {k for i in bead[0] for k in beads_of.get(i, ())}
        if bead in exact:
            strict += 1
            lax += 1
        elif any(not gold_en[k].isdisjoint(bead[1]) for k in touched):
            lax += 1
    return strict, lax


def count(test: Iterable[BeadKey], gold: Iterable[BeadKey]) -> Counts:
    """Counts of one document; beads empty on both sides are ignored, insertions/deletions not recalled."""
    test = [bead for bead in test if bead[0] or bead[1]]
    gold = [bead for bead in gold if bead[0] or bead[1]]
    strict_p, lax_p = _matches(test, gold)
    test_11 = [bead for bead in test if bead[0] and bead[1]]
    gold_11 = [bead for bead in gold if bead[0] and bead[1]]
    strict_r, lax_r = _matches(gold_11, test_11)
    return Counts(strict_p, lax_p, len(test), strict_r, lax_r, len(gold_11))


def _f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def scores(counts: Counts) -> dict[str, float]:
    """strict/lax precision, recall and F1 from summed counts."""
    result = {}
    for kind in ("strict", "lax"):
        p = getattr(counts, f"{kind}_p") / counts.test if counts.test else 0.0
        r = getattr(counts, f"{kind}_r") / counts.gold if counts.gold else 0.0
        result.update({f"{kind}_p": p, f"{kind}_r": r, f"{kind}_f1": _f1(p, r)})
    return result


def line_accuracy(test: Iterable[BeadKey], groups: Iterable[BeadKey]) -> tuple[int, int]:
    """(gold groups recovered exactly, gold groups): the beads touching a group cover exactly its sentences.

    The BWB paper's line accuracy: a run of test beads equal to the gold line on both sides.
    """
    zh_bead: dict[int, int] = {}
    en_bead: dict[int, int] = {}
    test = [bead for bead in test if bead[0] or bead[1]]
    for k, (zh, en) in enumerate(test):
        zh_bead.update((i, k) for i in zh)
        en_bead.update((j, k) for j in en)
    exact = total = 0
    for zh, en in groups:
        if not zh and not en:
            continue
        total += 1
        touching = {zh_bead.get(i, -1) for i in zh} | {en_bead.get(j, -1) for j in en}
        if -1 in touching:
            continue
        covered_zh = {i for k in touching for i in test[k][0]}
        covered_en = {j for k in touching for j in test[k][1]}
        exact += covered_zh == set(zh) and covered_en == set(en)
    return exact, total
