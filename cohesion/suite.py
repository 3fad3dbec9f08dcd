"""The masked-LM test suite: candidates every annotator accepted, as self-contained JSONL items.

Item: ``id``, ``phenomenon``, ``subtype``, ``adjacency`` (intra | adjacent | non_adjacent, from the distance;
semicolon clauses the miner labelled adjacent stay adjacent), ``adjacent``, ``distance``, ``context`` (the sentences
before the target, from element 1's sentence on), ``target`` (element 2's sentence), ``a`` (element
1: ``sentence`` indexes ``context + [target]``, plus ``start``, ``end``, ``text``; None for
conjunction), ``b`` (``start``, ``end``, ``text`` in the target) and ``judged``: False for items
built straight from miner candidates that no annotator has checked (``unjudged_items``).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from cohesion.candidate import ADJACENCY, MAX_CHARS, PHENOMENA
from core import json_text
from core.files import not_a_regular_file
from core.lines import split_text_lines
from core.rejection import shorten
from text.decoding import read_utf8

FIELDS = {"id": str, "phenomenon": str, "adjacent": bool, "context": list, "target": str, "b": dict}


class SuiteError(ValueError):
    """A suite file that cannot be read, with the file and line."""


def annotator_key(name: str) -> tuple[int, int, str]:
    """Order annotators by name, numeric user ids by number ("9" before "10"), without int(): it refuses
    "²" (a digit to isdigit) and over 4,300 digits."""
    digits = name.lstrip("0")
    return (0, len(digits), digits) if name.isascii() and name.isdigit() else (1, 0, name)


def suite_items(records: list[dict]) -> list[dict]:
    """Unanimously accepted candidates; spans from the first annotator (``annotator_key``)."""
    by_candidate: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        by_candidate[r["candidate_id"]].append(r)
    items = []
    for cid, group in sorted(by_candidate.items()):
        if all(r["accept"] for r in group):
            items.append(
                _item(cid, min(group, key=lambda r: annotator_key(r["annotator"]))) | {"judged": True}
            )
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
    adjacency = "intra" if distance == 0 else "adjacent" if distance == 1 else "non_adjacent"
    if distance == 0 and r.get("adjacency") == "adjacent":  # the miner's clauses split by a semicolon
        adjacency = "adjacent"
    return {
        "id": cid,
        "phenomenon": r["phenomenon"],
        "subtype": r["subtype"],
        "adjacency": adjacency,
        "adjacent": adjacency == "adjacent",
        "distance": distance,
        "context": context,
        "target": target,
        "a": a,
        "b": {"start": b_start, "end": b_end, "text": target[b_start:b_end]},
    }


def unjudged_items(tasks: list[dict]) -> list[dict]:
    """Every miner candidate (as an exported Label Studio task) as an item that nobody has checked."""
    return [_item(t["data"]["candidate_id"], t["data"]) | {"judged": False} for t in tasks]


def read_suite(path: Path) -> list[dict]:
    """Items of a suite JSONL file; SuiteError names the line of the first malformed one or repeated id,
    or a path that is not a file (a named pipe would wait for a writer for ever)."""
    if not_a_regular_file(Path(path)):
        raise SuiteError(f"{path}: not a suite file (a folder, a named pipe or a device)")
    try:  # UTF-8 (a byte order mark dropped: a suite edited in Notepad) or UTF-16/32 with theirs
        lines = split_text_lines(read_utf8(Path(path), "score"))  # (U+2028 may stand in a string)
    except ValueError as err:  # too large, unreadable, binary, not UTF-8
        raise SuiteError(str(err)) from None
    items, lines_of = [], {}
    try:
        for n, item in json_text.json_lines(lines):
            problem = _shape_problem(item)
            if problem:
                raise SuiteError(f"{path}:{n}: {problem}")
            if item["id"] in lines_of:
                raise SuiteError(
                    f"{path}:{n}: id {item['id']!r} again (first on line {lines_of[item['id']]})"
                )
            lines_of[item["id"]] = n
            items.append(item)
    except json_text.JsonLineProblem as err:
        raise SuiteError(f"{path}:{err.line}: {err.reason}") from None
    return items


def _shape_problem(item: object) -> str | None:
    if not isinstance(item, dict):
        return "not a JSON object"
    for field, kind in FIELDS.items():
        if not isinstance(item.get(field), kind):
            return f"field {field!r} missing or not a {kind.__name__}"
    if item["phenomenon"] not in PHENOMENA:
        return f"field 'phenomenon' is {shorten(item['phenomenon'], quote=True)}, not one of {', '.join(PHENOMENA)}"
    b = item["b"]
    if not all(isinstance(b.get(k), int) for k in ("start", "end")) or not isinstance(b.get("text"), str):
        return "field 'b' needs integer start, end and a text"
    if not all(isinstance(s, str) for s in item["context"]):
        return "field 'context' must be a list of sentences"
    if (longest := max(len(s) for s in [*item["context"], item["target"]])) > MAX_CHARS:
        return f"a sentence of {longest:,} characters, over the {MAX_CHARS:,} a sentence may have"
    if not isinstance(item.get("subtype"), str | None):
        return "field 'subtype' is not a str"
    distance = item.get("distance")  # int32 in probe_results
    if distance is not None and not (type(distance) is int and 0 <= distance < 2**31):
        return f"field 'distance' is {distance!r}, not a number of sentences"
    if item.get("adjacency") not in (None, *ADJACENCY):
        return f"field 'adjacency' is {item['adjacency']!r}, not one of {', '.join(ADJACENCY)}"
    if not isinstance(item.get("judged", True), bool):
        return "field 'judged' is not true or false"
    return None


def span_problem(item: dict) -> str | None:
    """Why b's span does not match its text in the target, or None (offsets are whole numbers, not
    booleans, with ``0 <= start < end <= len(target)``: Python's slicing would take any of them)."""
    b, target = item["b"], item["target"]
    if not all(type(b[k]) is int for k in ("start", "end")) or not 0 <= b["start"] < b["end"] <= len(target):
        return f"b [{b['start']!r}:{b['end']!r}] is not a span of the {len(target)}-character target"
    found = target[b["start"] : b["end"]]
    if found != b["text"]:
        return f"b [{b['start']}:{b['end']}] is {found!r} in the target, not {b['text']!r}"
    return None
