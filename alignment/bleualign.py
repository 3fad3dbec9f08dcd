"""Bleualign (Sennrich & Volk 2010, 2011): BLEU between an MT of the source and the target; 1-1 anchors
by a max-sum monotone path over each source sentence's top-3 targets, then gap filling (boundary merges,
BLEU 1-1 pairs, Gale-Church). Reimplemented from the papers' description and from the original's outputs
(no code consulted); unaligned sentences are dropped."""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from alignment.beads import Bead, span_bead
from alignment.bleu import Ngrams, symmetric_bleu, tokenize
from alignment.galechurch import gale_church
from alignment.search import best_path

Span = tuple[int, int]  # half-open range of sentences


@dataclass(frozen=True)
class BleualignParams:
    alternatives: int = 3  # top targets kept per source sentence
    ngrams: int = 2  # BLEU order
    nto1: int = 2  # most units merged by the gap filler
    window_extra: int = 10  # gap sentences considered at each end of a gap: window_extra + nto1


class _Scorer:
    """Memoised symmetric BLEU of (translation span, target span)."""

    def __init__(self, translation: Sequence[str], target: Sequence[str], order: int) -> None:
        self.source_tokens = [tokenize(line) for line in translation]
        self.target_tokens = [tokenize(line) for line in target]
        self.order = order
        self._ngrams: dict[tuple[int, Span], Ngrams] = {}
        self._memo: dict[tuple[Span, Span], tuple[float, tuple[int, ...]] | None] = {}

    def _grams(self, side: int, span: Span) -> Ngrams:
        if (side, span) not in self._ngrams:
            lines = (self.source_tokens, self.target_tokens)[side][span[0] : span[1]]
            self._ngrams[side, span] = Ngrams.of([token for line in lines for token in line], self.order)
        return self._ngrams[side, span]

    def score(self, source: Span, target: Span) -> tuple[float, tuple[int, ...]] | None:
        if (source, target) not in self._memo:
            self._memo[source, target] = symmetric_bleu(self._grams(0, source), self._grams(1, target))
        return self._memo[source, target]

    def value(self, source: Span, target: Span) -> float:
        scored = self.score(source, target)
        return scored[0] if scored else 0.0

    def top_targets(self, k: int) -> list[tuple[int, int, float]]:
        """(i, j, score) for the k best-scoring targets j of every source sentence i."""
        by_gram: dict[tuple[str, ...], set[int]] = defaultdict(set)
        for j in range(len(self.target_tokens)):
            for gram in self._grams(1, (j, j + 1)).counts[-1]:
                by_gram[gram].add(j)
        links = []
        for i in range(len(self.source_tokens)):
            partners = set().union(*(by_gram.get(gram, ()) for gram in self._grams(0, (i, i + 1)).counts[-1]))
            scored = ((self.value((i, i + 1), (j, j + 1)), -j) for j in partners)
            links += [(i, -neg_j, s) for s, neg_j in heapq.nlargest(k, scored) if s > 0]
        return links


class _GapFiller:
    """Fills the unaligned stretch between two beads, growing the beads at its edges where BLEU improves.

    Gaps are filled left to right. The candidate units of a gap are fixed when the gap is reached: the
    bead before it and the bead after it as they stand then (each one unit, however many sentences it
    already holds), the gap sentences near the gap ends, and concatenations of up to ``nto1`` adjacent
    units; every bead a merge produces is one of these units. So with the default ``nto1`` = 2 a bead takes
    at most one sentence per side from a gap, yet an anchor can grow on both sides (its start from the gap
    before it, its end from the gap after it) into a 1-3 bead.
    """

    def __init__(
        self, scorer: _Scorer, params: BleualignParams, source_lens: list[int], target_lens: list[int]
    ):
        self.scorer = scorer
        self.params = params
        self.source_lens = source_lens
        self.target_lens = target_lens

    def _units(self, pre: list[Span] | None, post: list[Span] | None, gap: Span, side: int) -> list[Span]:
        """Candidate units on one side: edge beads, gap sentences near the gap ends, adjacent concatenations."""
        window = self.params.window_extra + self.params.nto1
        inner = [s for s in range(gap[0], gap[1]) if s - gap[0] < window or gap[1] - s <= window]
        units = [pre[side]] if pre else []
        units += [(s, s + 1) for s in inner] + ([post[side]] if post else [])
        spans = list(units)
        for size in range(2, self.params.nto1 + 1):
            for k in range(len(units) - size + 1):
                run = units[k : k + size]
                if all(a[1] == b[0] for a, b in zip(run, run[1:])):
                    spans.append((run[0][0], run[-1][1]))
        return spans

    def _best(self, source: Span, targets: list[Span]) -> Span | None:
        best, best_score = None, 0.0
        for target in targets:
            score = self.scorer.value(source, target)
            if score > best_score:
                best, best_score = target, score
        return best

    def _improves(
        self, merged: Span, old: Span, target: Span, sources: list[Span], targets: list[Span]
    ) -> bool:
        """Absorbing a source sentence: a candidate unit, same best target, higher score, more matched n-grams."""
        new, before = self.scorer.score(merged, target), self.scorer.score(old, target)
        if new is None or merged not in sources or self._best(merged, targets) != target:
            return False
        return before is None or (new[0] > before[0] and sum(new[1]) > sum(before[1]))

    def fill(
        self, pre: list[Span] | None, post: list[Span] | None, gap_source: Span, gap_target: Span
    ) -> list[list[Span]]:
        """Beads found inside the gap; ``pre`` and ``post`` ([source, target] spans) may grow in place.

        Repeated until nothing applies: source merges into ``pre``, then ``post``; target merges into
        ``pre``, then ``post``; a 1-1 bead of the first gap sentences if the target one is the best unit
        for the source one; finally Gale-Church on what is left if the gap is small or balanced, else it
        stays unaligned.
        """
        (s0, s1), (t0, t1) = gap_source, gap_target
        sources, targets = self._units(pre, post, gap_source, 0), self._units(pre, post, gap_target, 1)
        found: list[list[Span]] = []
        while True:
            if (
                self.params.nto1 > 1
                and pre
                and s0 < s1
                and self._improves((pre[0][0], s0 + 1), pre[0], pre[1], sources, targets)
            ):
                pre[0], s0 = (pre[0][0], s0 + 1), s0 + 1
                continue
            if (
                self.params.nto1 > 1
                and post
                and s0 < s1
                and self._improves((s1 - 1, post[0][1]), post[0], post[1], sources, targets)
            ):
                post[0], s1 = (s1 - 1, post[0][1]), s1 - 1
                continue
            if pre and t0 < t1:
                best = self._best(pre[0], targets)
                if best and best != pre[1] and best[0] == pre[1][0] and t0 < best[1] <= t1:
                    pre[1], t0 = best, best[1]
                    continue
            if post and t0 < t1:
                best = self._best(post[0], targets)
                if best and best != post[1] and best[1] == post[1][1] and t0 <= best[0] < t1:
                    post[1], t1 = best, best[0]
                    continue
            if s0 < s1 and t0 < t1 and self._best((s0, s0 + 1), targets) == (t0, t0 + 1):
                pre = [(s0, s0 + 1), (t0, t0 + 1)]
                found.append(pre)
                s0, t0 = s0 + 1, t0 + 1
                continue
            if (
                s0 < s1
                and t0 < t1
                and (max(s1 - s0, t1 - t0) < 4 or max(s1 - s0, t1 - t0) < 2 * min(s1 - s0, t1 - t0))
            ):
                found += self._gale_church((s0, s1), (t0, t1))
            return found

    def _gale_church(self, source: Span, target: Span) -> list[list[Span]]:
        """Gale-Church beads of the gap by character lengths of translation and target; 1-0/0-1 beads are
        dropped (unaligned). The gap's first source or first target sentence may be left out at no cost, as
        the original's outputs show: over the Gale-Church gaps of MAC-dev it leaves exactly one leading
        sentence out wherever the length model then fits better, and never more than one."""
        beads = gale_church(
            self.source_lens[source[0] : source[1]], self.target_lens[target[0] : target[1]], free_first=True
        )
        return [
            [(source[0] + b.zh[0], source[0] + b.zh[-1] + 1), (target[0] + b.en[0], target[0] + b.en[-1] + 1)]
            for b in beads
            if b.zh and b.en
        ]


def bleualign(
    translation: Sequence[str], target: Sequence[str], params: BleualignParams = BleualignParams()
) -> list[Bead]:
    """Monotone beads between the source (given as its MT ``translation``) and ``target``; gaps may stay unaligned."""
    scorer = _Scorer(translation, target, params.ngrams)
    filler = _GapFiller(scorer, params, [len(line) for line in translation], [len(line) for line in target])
    anchors = [[(i, i + 1), (j, j + 1)] for i, j in best_path(scorer.top_targets(params.alternatives))]
    beads: list[list[Span]] = []
    pre = None
    for k in range(len(anchors) + 1):
        post = anchors[k] if k < len(anchors) else None
        gap_source = (pre[0][1] if pre else 0, post[0][0] if post else len(translation))
        gap_target = (pre[1][1] if pre else 0, post[1][0] if post else len(target))
        beads += filler.fill(pre, post, gap_source, gap_target)
        if post:
            beads.append(post)
        pre = post
    return sorted(
        (span_bead(s[0], s[1], t[0], t[1], scorer.value(s, t)) for s, t in beads), key=lambda b: b.zh
    )
