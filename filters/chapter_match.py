"""Align a book's zh and en chapter sequences by content, seeded by the numbers parsed from titles.

A monotone dynamic programme over the two sequences (in number order) allows 1-1, 2-1 (two zh
chapters translated as one en chapter), 1-2 and 1-3 (one zh chapter posted as two or three en
chapters), 1-0 and 0-1 (left unmatched). A pairing move gains its similarity (``filters.chapter_similarity``) minus the chance
level of its chapters (each chapter's median score against the chapters in its band: long chapters
and a book's common words explain much of any chapter) minus ``threshold``, plus ``number_bonus``
when the zh and en numbers agree, minus ``merge_penalty`` for a 2-1, 1-2 or 1-3; leaving a chapter out
gains nothing. Where the numbers agree on a 1-1 pair and the en side is shorter, the start of the
zh chapter is scored too (a translation cut off is left to the length-ratio filter). So pairs that
number and content agree on stay as they are, and content moves a pair only when another partner
is better. The search keeps to a band of ``band`` chapters around where the numbers put each zh
chapter (widened so that both ends are reachable), so a long book costs time in proportion to its
length; where the checked pairs before a chapter put its partner more than ``band - ROOM`` chapters off
its numbers (dropped and merged chapters add up over a long book), the band centres on their shift.

Most pairs need no search: the pairs the numbers propose are checked first, each against the pairs one
chapter off (``check``: it must score that much above all of them, at about its length), and where one
fails, the pairs one en chapter before and after it (a prologue or a dropped chapter shifts every later
number by one), then those at the shift of the last two pairs taken and one off it (shifts add up over a
long book), and where the band follows that shift, or the chapter before has no pair taken either (a
cluster of defects shifts more than one), the rest of the band around that shift, even past the band
around the numbers (parts numbered as chapters add one or two to the shift at each split; the search
then centres there); a pair of the rest of the band is not taken where the next two zh chapters pass
with two en chapters in a row at or before its en chapter (a merged chapter's pair that passed by chance,
far ahead of its partner, moved the band off every later pair). No pair that moves the shift of the
last pair taken by more than one chapter is taken unless the next three zh chapters read as translated at
its shift at least as well as at the last one (``_confirmed``: a pair that passed by chance, beside the
first half of a merge or by number after dropped chapters, moved the band off every later pair of a long
book). After ``REANCHOR`` failed chapters in a row, a chapter's pair is also looked for beyond the band
(``_reanchor``: where its number puts it, just after the last anchor, and a few shifts past the band, further
at each failed chapter), taken only where the next two zh chapters pass at about its shift (``_resumed``),
and with the pairs before it back to the last anchor that pass at about its shift (``_backfilled``): a run
of translations missing or of en chapters of no zh chapter, numbered on, or a block posted in another
order left the band following a shift that no pair had any more. Where the run doubles, every en chapter
between the last anchor and the band is tried too (translations missing with fewer en chapters of no zh
chapter in their place: the shift goes back by more than the band). Where the centre jumps on past the
band, the band of that row reaches back as far as the row before's (the pair before the jump was lost).
A chapter whose number the en side lacks (an en side numbered nowhere, titles only) is tried at those
shifts. A book's pairs that pass are taken as they are; the search runs from ``margin`` passed pairs
before each stretch of failed ones (or the start) to ``margin`` after it (or the end), and decides those
again; numbers that agree earn no bonus there where the anchors at both of its edges pair chapters of
other numbers (``_numbered``). On ``python -m evals.pairing`` (every seed, 1 and 3 pieces) no pair the
full search left out passes the check, and the pairings of the six scenarios are the full search's (in
``parts`` the numbers end past the band: the full search, centred on them, makes fewer right pairs).

Last, an en chapter the search left out next to a pair of one zh chapter joins that pair where that zh
chapter explains it best of those in its band (``_joined``): a part numbered as a chapter, left out
because the parts without it scored higher.
"""

from __future__ import annotations

import statistics
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from filters.chapter_similarity import Similarity


@dataclass(frozen=True)
class MatchConfig:
    threshold: float = 0.05  # a pair must score above this to be kept without help from the numbers
    number_bonus: float = (
        0.07  # added when the zh and en numbers agree (above the threshold: they decide ties)
    )
    merge_penalty: float = 0.02  # taken from a 2-1 or 1-2 pair
    band: int = 8  # chapters either side of where the numbers put a zh chapter
    check: float = (
        0.1  # a pair the numbers propose is taken as is when it scores this much above its neighbours
    )
    check_length: float = 0.7  # ... and its length ratio is at least this
    margin: int = 2  # pairs taken as is either side of a stretch that the search decides again


@dataclass(frozen=True)
class Match:
    """One pair of the alignment: zh and en sequence indices (one or two zh, one to three en) and why."""

    zh: tuple[int, ...]
    en: tuple[int, ...]
    similarity: Similarity
    numbers_agree: bool


Score = Callable[..., Similarity]  # (zh indices, en indices, prefix=False)
_MOVES = ((1, 1), (2, 1), (1, 2), (1, 3), (1, 0), (0, 1))  # tie order: 1-1 first, skips last
CONFIRM = 3  # zh chapters after a pair that moves the shift, read at its shift and at the last one
SHIFTS = (-1, 0, 1, 2)  # further shift at the next chapters: a merge or a dropped chapter, a split
ROOM = 2  # chapters of further shift kept in the band before the search centres on the anchors' shift
REANCHOR = 3  # failed chapters in a row after which a chapter's partner is looked for beyond the band too
SWEEP = 4  # shifts past the band tried at each chapter after those, half of them new at each


def _expected(zh_numbers: Sequence[int | None], en_numbers: Sequence[int | None]) -> list[int]:
    """Where the numbers put each zh position (0..n) in the en sequence (0..m), in order as the numbers are:
    a number in a gap of the en numbers no further than the en chapter after the gap, one before the first
    en number before that chapter. (Put past the gap, or at its own position, the chapters of a
    translation that skips half the book or starts halfway went back at the gap's end, the corridor was a
    triangle and the search quadratic in the book's chapters.)"""
    m = len(en_numbers)
    numbered = [(number, j) for j, number in enumerate(en_numbers) if number is not None]
    keys = [number for number, _ in numbered]
    expected = []
    for i, number in enumerate(zh_numbers):
        if number is None or not numbered:
            guess = expected[-1] + 1 if expected else i
        else:
            k = max(bisect_right(keys, number) - 1, 0)
            guess = numbered[k][1] + number - keys[k]
            if k + 1 < len(numbered):
                guess = min(guess, numbered[k + 1][1])
        expected.append(min(max(guess, 0), m))
    expected.append(m)
    return expected


def _corridor(expected: list[int], m: int, band: int) -> list[tuple[int, int]]:
    """Per row i (zh chapters consumed) the en range [lo, hi] searched; monotone, connected, both ends, and
    where ``expected`` jumps on past the band, reaching as far back as the row before (the pair before a run
    of en chapters of no zh chapter stays in reach)."""
    lo = [max(0, e - band) for e in expected]
    hi = [min(m, e + band) for e in expected]
    lo[0], hi[-1] = 0, m
    for i in range(1, len(hi)):
        hi[i] = max(hi[i], hi[i - 1])
    for i in range(len(lo) - 2, -1, -1):
        lo[i] = min(lo[i], lo[i + 1])
    for i in range(1, len(lo)):  # connected, and past a jump of the centre, as far back as the row before
        lo[i] = min(lo[i], hi[i - 1], lo[i - 1] + 1 if expected[i] - expected[i - 1] > band else m)
    return list(zip(lo, hi))


def _passes(i: int, j: int, n: int, m: int, score: Score, config: MatchConfig) -> bool:
    """Whether the pair (i, j) is plainly the translation: of about its length, and scoring ``check`` above
    the pairs one chapter off on either side (a renumbered, merged or split stretch puts a neighbour near it)."""
    similarity = score((i,), (j,))
    if similarity.length < config.check_length:
        return False
    neighbours = [
        score((a,), (b,)).score
        for a, b in ((i, j - 1), (i, j + 1), (i - 1, j), (i + 1, j))
        if 0 <= a < n and 0 <= b < m
    ]
    return similarity.score - max(neighbours, default=0.0) >= config.check


def _reachable(i: int, j: int, corridor: list[tuple[int, int]]) -> bool:
    """Whether the search could pair zh chapter i with en chapter j (both of its cells in the corridor)."""
    return all(lo <= j + step <= hi for step, (lo, hi) in enumerate(corridor[i : i + 2]))


def _proposed(zh_numbers: Sequence[int | None], en_numbers: Sequence[int | None]) -> dict[int, int]:
    """zh index -> en index of the chapter with its number."""
    en_of = {number: j for j, number in enumerate(en_numbers) if number is not None}
    return {i: en_of[number] for i, number in enumerate(zh_numbers) if number in en_of}


def _centre(i: int, expected: int, last: tuple[int, int] | None, m: int, band: int) -> int:
    """Where the search centres zh chapter i: where the numbers put it (``expected``) or, where the shift of
    the ``last`` anchor before it puts it more than ``band - ROOM`` chapters off that, at that shift."""
    if last is None:
        return expected
    shifted = min(max(i + last[1] - last[0], 0), m)
    return shifted if abs(shifted - expected) > band - ROOM else expected


def _contradicted(i: int, k: int, n: int, m: int, score: Score, config: MatchConfig) -> bool:
    """Whether the next two zh chapters after (i, k) pass the check with two en chapters in a row that start
    at or before en chapter k, within ``band`` of it: a run of pairs behind the pair, which then cannot be."""
    return i + 2 < n and any(
        _passes(i + 1, before, n, m, score, config) and _passes(i + 2, before + 1, n, m, score, config)
        for before in range(max(k - config.band, 0), k + 1)
    )


def _confirmed(i: int, k: int, last: tuple[int, int], n: int, m: int, score: Score) -> bool:
    """Whether the pair (i, k) may move the shift of the ``last`` anchor by more than one chapter: where the
    next ``CONFIRM`` zh chapters read as translated at its shift at least as well as at the last one (each
    chapter's best 1-1 score within ``SHIFTS`` of the shift, summed). Taken, such a pair moves the band for
    every later chapter, and a pair passes the check by chance now and then (beside the first half of a
    merge, no run of pairs behind it contradicts it; the pair by number, after a run of dropped chapters)."""
    if abs(k - i - last[1] + last[0]) <= 1:  # the shift kept, or one more chapter merged, dropped or split
        return True

    def fit(shift: int) -> float:
        return sum(
            max((score((a,), (a + shift + s,)).score for s in SHIFTS if 0 <= a + shift + s < m), default=0.0)
            for a in range(i + 1, min(i + CONFIRM + 1, n))
        )

    return fit(k - i) >= fit(last[1] - last[0])


def _reanchor(i: int, j: int | None, expected: int, last: tuple[int, int], band: int) -> list[int]:
    """Where zh chapter i, after ``REANCHOR`` or more failed chapters since the ``last`` anchor, may have its
    partner besides the band around that anchor's shift, which a run of defects may have left: where its
    number puts it and the band around that (a block of chapters posted in another order, a stray anchor
    that moved the band off the numbers), the en chapters just after the last anchor (a run of zh chapters
    not translated, the en numbers run on), and ``SWEEP`` shifts past the band, further on at each later
    failed chapter (a run of en chapters of no zh chapter, numbered on), and at the first of those chapters
    and then wherever the run doubles, every en chapter between the last anchor and the band (a run of zh
    chapters not translated, with fewer en chapters of no zh chapter in their place: the passing pairs
    before the one found there are brought back, ``_backfilled``)."""
    run = i - last[0] - 1 - REANCHOR
    shift = i + last[1] - last[0]
    numbers = [] if j is None else [j, j - 1, j + 1]
    numbers += sorted(range(expected - band, expected + band + 1), key=lambda k: abs(k - expected))
    ahead = [shift + band + 1 + SWEEP // 2 * run + s for s in range(SWEEP)]
    behind = range(last[1] + 3, shift - band) if run & (run - 1) == 0 else range(0)
    return [*numbers, last[1] + 1, last[1] + 2, *ahead, *behind]


def _resumed(i: int, k: int, n: int, m: int, score: Score, config: MatchConfig) -> bool:
    """Whether each of the next two zh chapters after (i, k) passes the check within ``SHIFTS`` of its shift:
    a pair found beyond the band is taken only where the pairs after it go on at its shift (one that passes
    by chance among chapters not translated, or beside chapters of another book, has none after it)."""
    return all(
        any(_passes(a, a + k - i + s, n, m, score, config) for s in SHIFTS if 0 <= a + k - i + s < m)
        for a in range(i + 1, min(i + 3, n))
    )


def _backfilled(
    i: int, k: int, last: tuple[int, int], n: int, m: int, score: Score, config: MatchConfig
) -> list[tuple[int, int]]:
    """The pairs before (i, k) back to the ``last`` anchor that pass the check, each zh chapter with the en
    chapter before the next pair's or the one before that (an en chapter of no zh chapter), skipping zh
    chapters that pass with neither (not translated, or both halves of a merged pair), up to two in a row: a
    pair found beyond the band ends a run of chapters read at the wrong shift, and those before it are at
    about its shift (a sweep past the band finds it some chapters late)."""
    pairs, b, missed = [], k, 0
    for a in range(i - 1, last[0], -1):
        found = [c for c in (b - 1, b - 2) if c > last[1] and _passes(a, c, n, m, score, config)]
        missed = 0 if found else missed + 1
        if missed > 2:
            break
        if found:
            b = found[0]
            pairs.append((a, b))
    return pairs[::-1]


def _anchors(
    proposed: dict[int, int],
    expected: list[int],
    corridor: list[tuple[int, int]],
    n: int,
    m: int,
    score: Score,
    config: MatchConfig,
) -> list[tuple[int, int]]:
    """The pairs taken without a search: each proposed pair that passes the check or, where it fails, the
    pair one en chapter before or after it that does (an unnumbered prologue, a dropped or a merged
    chapter shifts every later number by one), or else the pair at the shift of one of the last two
    anchors or one off it (the shifts add up: a second dropped chapter puts every later pair two off its
    numbers; a stray anchor does not lose the shift); only pairs that go forward on both sides are kept.
    A chapter whose number the en side lacks (or an en side without numbers) is tried at those shifts, or
    before any anchor, where the numbers put it. Where the chapter before has no anchor either (a cluster
    of defects shifts more than one), every pair of the band around the last anchor's shift is tried too.
    A pair is tried where the search could reach it: in ``corridor`` (around the numbers) or, where the
    last anchor's shift is far from the numbers (``_centre``), within ``band`` of that shift, where every
    pair of the band is tried; a lost chapter's pair is tried within ``band`` of the last anchor's shift too.
    A pair of the rest of the band is kept only where no run of two passing pairs follows behind it
    (``_contradicted``), and a pair that moves the last anchor's shift by more than one only where the next
    chapters confirm it (``_confirmed``)."""
    anchors: list[tuple[int, int]] = []
    for i in range(n):
        j = proposed.get(i)
        centre = _centre(i, expected[i], anchors[-1] if anchors else None, m, config.band)
        followed = centre != expected[i]
        if not followed and j is not None and not _reachable(i, j, corridor):
            continue
        if j is not None:
            candidates = [j, j - 1, j + 1]
        else:  # no partner by number: where the anchors put it, or before any, where the numbers do
            candidates = [] if anchors else [expected[i], expected[i] - 1, expected[i] + 1]
        for a, b in anchors[:-3:-1]:
            candidates += [k for k in (i + b - a, i + b - a - 1, i + b - a + 1) if k not in candidates]
        lost = not followed and j is not None and bool(anchors) and i - anchors[-1][0] > 1
        near = len(candidates)
        if followed or lost:  # then the rest of the band, nearest first
            middle = centre if followed else i + anchors[-1][1] - anchors[-1][0]
            band = range(middle - config.band, middle + config.band + 1)
            candidates += [k for k in sorted(band, key=lambda k: abs(k - middle)) if k not in candidates]
        banded, again = len(candidates), []  # after a run of failed chapters, also beyond (``_reanchor``)
        if anchors and i - anchors[-1][0] > REANCHOR:
            again = _reanchor(i, j, expected[i], anchors[-1], config.band)
            candidates += [k for k in again if k not in candidates]
        for rank, k in enumerate(candidates):
            if followed:
                reachable = abs(k - centre) <= config.band
            else:  # a lost chapter: also within the band of the last anchor's shift (splits add up fast)
                reachable = _reachable(i, k, corridor) or lost and abs(k - middle) <= config.band
            beyond = (rank >= banded or not reachable) and k in again  # where the pairs after it go on
            if (
                0 <= k < m
                and (reachable or beyond)
                and _passes(i, k, n, m, score, config)
                and (not beyond or _resumed(i, k, n, m, score, config))
                and (rank < near or not _contradicted(i, k, n, m, score, config))
                and (not anchors or _confirmed(i, k, anchors[-1], n, m, score))
            ):
                if not anchors or (i > anchors[-1][0] and k > anchors[-1][1]):
                    if beyond:
                        anchors += _backfilled(i, k, anchors[-1], n, m, score, config)
                    anchors.append((i, k))
                break
    return anchors


def _centres(expected: list[int], anchors: list[tuple[int, int]], m: int, band: int) -> list[int]:
    """Per row i (zh chapters consumed, 0..n) the en position the search centres on (``_centre``)."""
    centres, k = [], 0
    for i, e in enumerate(expected[:-1]):
        while k < len(anchors) and anchors[k][0] < i:
            k += 1
        centre = _centre(i, e, anchors[k - 1] if k else None, m, band)
        if k < len(anchors) and anchors[k][0] == i and abs(anchors[k][1] - centre) >= band:
            centre = anchors[k][1]  # an anchor of a lost chapter past the band: the shift jumped there
        centres.append(centre)
    return [*centres, expected[-1]]


def _windows(
    anchors: list[tuple[int, int]], n: int, m: int, margin: int
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The (start, end) cells of the stretches the content search must decide: every chapter that is not in
    a run of ``anchors`` (checked pairs, each one past the last), with ``margin`` anchors either side."""
    windows: list[tuple[tuple[int, int], tuple[int, int]]] = []
    cells = [(-1, -1), *anchors, (n, m)]  # a pair (i, j) is the step from cell (i, j) to (i + 1, j + 1)
    for k in range(len(cells) - 1):
        (i, j), (i2, j2) = cells[k], cells[k + 1]
        if (i2, j2) == (i + 1, j + 1):
            continue
        start = cells[k - margin + 1] if k - margin + 1 > 0 else (0, 0)
        end = cells[k + margin] if k + margin < len(cells) - 1 else (n - 1, m - 1)
        start, end = (max(start[0], 0), max(start[1], 0)), (end[0] + 1, end[1] + 1)
        if windows and (start[0] < windows[-1][1][0] or start[1] < windows[-1][1][1]):
            start = windows.pop()[0]
        windows.append((start, end))
    return windows


def _numbered(
    start: tuple[int, int],
    end: tuple[int, int],
    anchors: set[tuple[int, int]],
    zh_numbers: Sequence[int | None],
    en_numbers: Sequence[int | None],
) -> bool:
    """Whether numbers that agree count in the window from cell ``start`` to ``end``: unless the anchors at
    both of its edges (or the one there is) pair chapters of other numbers. Between two such anchors, numbers
    that agree do so by chance (en chapters of no zh chapter in a run of zh chapters not translated,
    numbered on), and the bonus paired chapters whose content says nothing."""
    edges = [(i, j) for i, j in (start, (end[0] - 1, end[1] - 1)) if (i, j) in anchors]
    return not edges or any(zh_numbers[i] is not None and zh_numbers[i] == en_numbers[j] for i, j in edges)


def _mean(values: Sequence[float]) -> float:
    """``statistics.mean`` of floats, to the last bit, without its fractions: the exact sum over a common
    power-of-two denominator, divided once (int division rounds correctly, as the float of a fraction)."""
    ratios = [value.as_integer_ratio() for value in values]
    denominator = max(d for _, d in ratios)
    return sum(n * (denominator // d) for n, d in ratios) / (denominator * len(ratios))


def _search(
    start: tuple[int, int],
    end: tuple[int, int],
    corridor: list[tuple[int, int]],
    zh_numbers: Sequence[int | None],
    en_numbers: Sequence[int | None],
    score: Score,
    baseline: Callable[[str, int], float],
    config: MatchConfig,
    numbered: bool,
) -> list[Match]:
    """The best monotone pairing from cell ``start`` to cell ``end`` (chapters consumed on each side);
    ``numbered``: whether numbers that agree earn ``number_bonus`` there."""
    best: dict[tuple[int, int], tuple[float, tuple[int, int] | None, Match | None]] = {
        start: (0.0, None, None)
    }
    for i in range(start[0], end[0] + 1):
        lo, hi = corridor[i]
        for j in range(max(lo, start[1]), min(hi, end[1]) + 1):
            if (i, j) == start:
                continue
            options = []
            for di, dj in _MOVES:
                source = (i - di, j - dj)
                if source not in best:
                    continue
                gain, match = 0.0, None
                if di and dj:
                    zh, en = tuple(range(i - di, i)), tuple(range(j - dj, j))
                    agree = zh_numbers[zh[0]] is not None and zh_numbers[zh[0]] == en_numbers[en[0]]
                    similarity = score(zh, en)
                    chance = _mean([baseline("zh", k) for k in zh] + [baseline("en", k) for k in en])
                    value = similarity.score
                    if (
                        agree and di + dj == 2 and similarity.length < 1
                    ):  # a translation cut off is no other text
                        begin = score(zh, en, True)
                        value = max(value, begin.content * (1 + similarity.length) / 2)
                    gain = value - chance - config.threshold + config.number_bonus * (agree and numbered)
                    gain -= config.merge_penalty * (di + dj > 2)
                    match = Match(zh, en, similarity, agree)
                options.append((best[source][0] + gain, source, match))
            if options:
                best[i, j] = max(options, key=lambda option: option[0])  # first of equals: move order
    matches = []
    cell: tuple[int, int] | None = end
    while cell is not None and cell != start:
        _, cell, match = best[cell]
        if match is not None:
            matches.append(match)
    return matches[::-1]


def match_chapters(
    zh_numbers: Sequence[int | None],
    en_numbers: Sequence[int | None],
    score: Score,
    config: MatchConfig = MatchConfig(),
) -> list[Match]:
    """The best monotone pairing of two chapter sequences; chapters in no Match are unmatched.

    ``score(zh_indices, en_indices)`` gives the similarity of those chapters read as one text each. The
    pairs the numbers propose are checked first, against their neighbours (three scores per chapter, each
    one-off pair shared by two checks); the search runs only over the stretches around the pairs that fail.
    """
    n, m = len(zh_numbers), len(en_numbers)
    score = cache(score)
    expected = _expected(zh_numbers, en_numbers)
    corridor = _corridor(expected, m, config.band)
    anchors = _anchors(_proposed(zh_numbers, en_numbers), expected, corridor, n, m, score, config)
    corridor = _corridor(_centres(expected, anchors, m, config.band), m, config.band)
    anchors = [(i, j) for i, j in anchors if _reachable(i, j, corridor)]
    medians: dict[tuple[str, int], float] = {}
    # per zh chapter i, the first and the last en chapter in its band: both in order (the corridor is
    # monotone), so the zh chapters whose band holds an en chapter are one run, found by bisection
    firsts = [max(corridor[i][0], 0) for i in range(n)]
    lasts = [min(corridor[i + 1][1], m) - 1 for i in range(n)]

    def baseline(lang: str, k: int) -> float:
        """The chapter's median 1-1 score with the chapters of the other side in its band (chance level)."""
        if (lang, k) not in medians:
            if lang == "zh":
                values = [score((k,), (j,)).score for j in range(firsts[k], lasts[k] + 1)]
            else:
                rows = range(bisect_left(lasts, k), bisect_right(firsts, k))
                values = [score((i,), (k,)).score for i in rows]
            medians[lang, k] = statistics.median(values) if values else 0.0
        return medians[lang, k]

    def taken(i: int, j: int) -> Match:
        return Match(
            (i,), (j,), score((i,), (j,)), zh_numbers[i] is not None and zh_numbers[i] == en_numbers[j]
        )

    matches: list[Match] = []
    anchored = set(anchors)
    done, k = (0, 0), 0  # the anchors (in order, as the windows are) are read once: k, the next one
    for start, end in _windows(anchors, n, m, config.margin):
        while k < len(anchors) and anchors[k] < start:
            if done <= anchors[k]:  # else inside the window before, which decided it again
                matches.append(taken(*anchors[k]))
            k += 1
        numbered = _numbered(start, end, anchored, zh_numbers, en_numbers)
        matches += _search(start, end, corridor, zh_numbers, en_numbers, score, baseline, config, numbered)
        done = end
    matches += [taken(i, j) for i, j in anchors[k:] if done <= (i, j)]
    return _joined(matches, zh_numbers, en_numbers, score, config)


def _joined(
    matches: list[Match],
    zh_numbers: Sequence[int | None],
    en_numbers: Sequence[int | None],
    score: Score,
    config: MatchConfig,
) -> list[Match]:
    """``matches`` with each en chapter left out next to a pair of one zh chapter (and one or two en ones)
    joined to that pair, where that zh chapter explains it best (``content``: a part is shorter than any
    chapter) of the zh chapters within ``band`` of it, ``threshold`` above their median: a part of a split
    chapter numbered as a chapter, which the search left out (the parts without it scored higher: they
    read as one text sampled more densely than the zh chapter, or of a length nearer the book's ratio)."""
    n = len(zh_numbers)
    matches = list(matches)
    taken = {j for match in matches for j in match.en}
    beside: dict[int, list[int]] = {}  # en chapter -> the pairs of one zh chapter it would join
    for x, match in enumerate(matches):
        if len(match.zh) == 1 and len(match.en) < 3:
            for k in (match.en[0] - 1, match.en[-1] + 1):
                beside.setdefault(k, []).append(x)
    for k in sorted(beside.keys() - taken - {-1, len(en_numbers)}):
        value, x = max((score(matches[x].zh, (k,)).content, x) for x in beside[k])
        (i,) = matches[x].zh
        band = range(max(i - config.band, 0), min(i + config.band + 1, n))
        others = [score((a,), (k,)).content for a in band if a != i]
        median = statistics.median([value, *others])
        if value - median < config.threshold or value <= max(others, default=0.0) or len(matches[x].en) > 2:
            continue
        en = tuple(sorted((*matches[x].en, k)))
        agree = zh_numbers[i] is not None and zh_numbers[i] == en_numbers[en[0]]
        matches[x] = Match((i,), en, score((i,), en), agree)
    return matches
