"""The masked-LM test suite: candidates every annotator accepted, as self-contained JSONL items.

Item: ``id``, ``phenomenon``, ``subtype``, ``adjacent``, ``distance``, ``context`` (the sentences
before the target, from element 1's sentence on), ``target`` (element 2's sentence), ``a`` (element
1: ``sentence`` indexes ``context + [target]``, plus ``start``, ``end``, ``text``; None for
conjunction) and ``b`` (``start``, ``end``, ``text`` in the target).
"""

from __future__ import annotations

from collections import defaultdict


def suite_items(records: list[dict]) -> list[dict]:
    """Unanimously accepted candidates; spans from the first annotator by name (they may differ)."""
    by_candidate: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        by_candidate[r["candidate_id"]].append(r)
    items = []
    for cid, group in sorted(by_candidate.items()):
        if all(r["accept"] for r in group):
            items.append(_item(cid, min(group, key=lambda r: r["annotator"])))
    return items


def _item(cid: str, r: dict) -> dict:
    sentences, first = r["sentences"], r["first"]
    b_sent, b_start, b_end = r["b"]
    target = sentences[b_sent - first]
    a_sent = r["a"][0] if r["a"] else b_sent - 1
    context = sentences[min(a_sent, b_sent) - first : b_sent - first]
    a = None
    if r["a"]:
        sent, start, end = r["a"]
        window = context + [target]
        k = sent - (b_sent - len(context))
        a = {"sentence": k, "start": start, "end": end, "text": window[k][start:end]}
    distance = b_sent - a_sent
    return {
        "id": cid,
        "phenomenon": r["phenomenon"],
        "subtype": r["subtype"],
        "adjacent": distance <= 1,
        "distance": distance,
        "context": context,
        "target": target,
        "a": a,
        "b": {"start": b_start, "end": b_end, "text": target[b_start:b_end]},
    }
