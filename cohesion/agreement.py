"""Inter-annotator agreement on the accept/reject decision: raw agreement and Cohen's kappa."""

from __future__ import annotations

from collections import Counter, defaultdict


def cohen_kappa(x: list[bool], y: list[bool]) -> float | None:
    """Cohen's kappa for two equally long decision lists; None when chance agreement is 1."""
    n = len(x)
    observed = sum(a == b for a, b in zip(x, y)) / n
    px, py = sum(x) / n, sum(y) / n
    expected = px * py + (1 - px) * (1 - py)
    return None if expected == 1 else (observed - expected) / (1 - expected)


def agreement(records: list[dict], annotators: tuple[str, str] | None = None) -> dict:
    """Agreement of two annotators on the candidates both judged, overall and per phenomenon.

    ``annotators`` defaults to the two who judged the most candidates. A candidate counts once per
    annotator: a record repeated is one judgement (of records that differ, the last is taken).
    """
    if annotators is None:
        judged = dict.fromkeys((r["candidate_id"], r["annotator"]) for r in records)  # in order, once each
        counts = Counter(annotator for _, annotator in judged)
        annotators = tuple(sorted(a for a, _ in counts.most_common(2)))  # type: ignore[assignment]
    first, second = annotators
    decisions: dict[str, dict[str, bool]] = defaultdict(dict)
    phenomenon = {}
    for r in records:
        if r["annotator"] in annotators:
            decisions[r["candidate_id"]][r["annotator"]] = r["accept"]
            phenomenon[r["candidate_id"]] = r["phenomenon"]
    groups: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    for cid, by in sorted(decisions.items()):
        if first in by and second in by:
            pair = (by[first], by[second])
            groups["overall"].append(pair)
            groups[phenomenon[cid]].append(pair)
    return {
        "annotators": [first, second],
        "overall": _summary(groups.pop("overall", [])),
        "by_phenomenon": {p: _summary(pairs) for p, pairs in sorted(groups.items())},
    }


def _summary(pairs: list[tuple[bool, bool]]) -> dict:
    if not pairs:
        return {"n": 0, "raw": None, "kappa": None}
    x, y = [a for a, _ in pairs], [b for _, b in pairs]
    return {"n": len(pairs), "raw": sum(a == b for a, b in pairs) / len(pairs), "kappa": cohen_kappa(x, y)}
