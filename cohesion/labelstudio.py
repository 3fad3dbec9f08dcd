"""Label Studio round trip: candidates -> import tasks (with predicted spans) -> exported judgements.

A task shows the sentence window ``sent_a .. sent_b`` joined with newlines; spans are labelled
``A`` (element 1) and ``B`` (element 2) and the ``decision`` choice is accept/reject. Annotators may
move either span; on import, offsets in the window text are mapped back to (sentence, char) pairs.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from cohesion.candidate import PHENOMENA
from core.rejection import quoted, shorten

LABEL_CONFIG = """<View>
  <Header value="$phenomenon ($subtype, trigger $trigger): is B linked to A? Correct the spans if needed."/>
  <Labels name="span" toName="text">
    <Label value="A" background="#8ecae6"/>
    <Label value="B" background="#ffb703"/>
  </Labels>
  <Text name="text" value="$text"/>
  <Choices name="decision" toName="text" choice="single" required="true">
    <Choice value="accept"/>
    <Choice value="reject"/>
  </Choices>
</View>
"""
MODEL_VERSION = "cohesion-miner-1"


def _starts(sentences: list[str]) -> list[int]:
    """Offset of each window sentence in the newline-joined task text."""
    starts, offset = [], 0
    for sentence in sentences:
        starts.append(offset)
        offset += len(sentence) + 1
    return starts


def to_task(row: Mapping, chapter_sentences: list[str]) -> dict:
    """One Label Studio task for a CANDIDATES row."""
    first = row["sent_a"]
    window = list(chapter_sentences[first : row["sent_b"] + 1])
    starts = _starts(window)
    spans = {
        "A": (row["sent_a"], row["a_start"], row["a_end"]),
        "B": (row["sent_b"], row["b_start"], row["b_end"]),
    }
    if row["a_start"] == row["a_end"]:
        del spans["A"]  # conjunction: element 1 is the previous text as a whole
    results = []
    for label, (sent, start, end) in spans.items():
        offset = starts[sent - first]
        value = {"start": offset + start, "end": offset + end, "text": chapter_sentences[sent][start:end]}
        results.append(
            {
                "id": label,
                "from_name": "span",
                "to_name": "text",
                "type": "labels",
                "value": value | {"labels": [label]},
            }
        )
    data = {
        key: row[key]
        for key in ("candidate_id", "phenomenon", "subtype", "trigger", "distance", "adjacent", "adjacency")
    } | {"text": "\n".join(window), "sentences": window, "first": first, "a": spans.get("A"), "b": spans["B"]}
    return {"data": data, "predictions": [{"model_version": MODEL_VERSION, "result": results}]}


def candidate_problem(row: Mapping, chapters: Mapping[str, list[str]]) -> str | None:
    """Why a CANDIDATES row cannot be a task of its chapter in ``chapters`` (unknown, or its spans are
    outside it), or None."""
    sentences = chapters.get(row["chapter_id"]) if isinstance(row["chapter_id"], str) else None
    if sentences is None:
        return f"chapter {quoted(row['chapter_id'])} is in none of the CHAPTERS files"
    first, last = row["sent_a"], row["sent_b"]
    offsets = (row["a_start"], row["a_end"], row["b_start"], row["b_end"])
    if not all(_whole(v) for v in (first, last, *offsets)) or not 0 <= first <= last < len(sentences):
        return (
            f"sentences {quoted(first)}..{quoted(last)} with offsets {quoted(list(offsets))} are not spans of the chapter's "
            f"{len(sentences)} sentences"
        )
    try:
        _check_data(to_task(row, sentences)["data"], "field")
    except _Malformed as err:
        return str(err)
    return None


def judgements(export: object, users: Mapping[int, str] | None = None) -> tuple[list[dict], list[str]]:
    """Flatten a Label Studio JSON or JSON-MIN export: one record per (task, annotator).

    Record: candidate_id, annotator, phenomenon, subtype, accept, first, sentences, and spans ``a``
    (None when absent) and ``b`` as ``[sentence, start, end]`` in chapter sentence numbering.
    The server names annotators by numeric user id; ``users`` (id -> email) turns them into names.
    An annotation holding any span is taken as the annotator left it (a deleted predicted span stays
    deleted); one holding none keeps the predicted spans. Cancelled annotations and ones without a
    decision or span are skipped; ones with spans but no decision, without a B span, with two spans of one
    label, or with anything malformed (a span outside the text, negative or reversed, an unknown label or
    decision, a task without its data) are returned as problems (one line each), not as records.
    A task listed twice gives its records twice: ``import_exports`` counts them once.
    """
    found, problems, _, _ = _judgements(export, users)
    return [record for _, record in found], problems


def _judgements(
    export: object, users: Mapping[int, str] | None
) -> tuple[list[tuple[int, dict]], list[str], int, int]:
    """``judgements`` with the number of each record's task in the export (from 1), the number of
    annotations the problems leave out (one each, but every annotation of a task whose data is malformed),
    and the number of cancelled annotations."""
    if not isinstance(export, list):
        return [], [f"not a list of tasks (a JSON or JSON-MIN export), got {type(export).__name__}"], 1, 0
    records: list[tuple[int, dict]] = []
    problems: list[str] = []
    more = 0  # annotations left out beyond one per problem
    cancelled = 0
    for n, task in enumerate(export, 1):
        try:
            data, annotations = _task(task)
            _check_data(data)
        except _Malformed as err:
            problems.append(f"task {n}: {err}")
            listed = task.get("annotations") if isinstance(task, dict) else None
            more += max(len(listed) - 1, 0) if isinstance(listed, list) else 0
            continue
        for annotation in annotations:
            if not isinstance(annotation, dict):
                problems.append(f"task {shorten(data['candidate_id'])}: an annotation is not a JSON object")
                continue
            if annotation.get("was_cancelled"):
                cancelled += 1
                continue
            try:
                annotator = _annotator(annotation.get("completed_by"), users or {})
            except _Malformed as err:
                problems.append(f"task {shorten(data['candidate_id'])}: {err}")
                continue
            where = f"task {shorten(data['candidate_id'])}, annotator {shorten(annotator)}"
            try:
                found, accept = _result(data, annotation.get("result"))
            except _Malformed as err:
                problems.append(f"{where}: {err}")
                continue
            if accept is None and (found["A"] or found["B"]):  # the spans marked, the decision forgotten
                problems.append(f"{where}: spans marked but no decision (accept or reject)")
                continue
            if accept is None:
                continue  # not judged
            if not found["A"] and not found["B"]:
                found = {"A": [data["a"]] if data.get("a") else [], "B": [data["b"]]}
            if len(found["A"]) > 1 or len(found["B"]) > 1:
                problems.append(
                    f"{where}: {len(found['A'])} A and {len(found['B'])} B spans (one of each expected)"
                )
                continue
            if not found["B"]:
                problems.append(f"{where}: no B span")
                continue
            if found["A"] and found["A"][0][0] > found["B"][0][0]:
                problems.append(f"{where}: the A span is in a sentence after the B span's")
                continue
            record = {
                "candidate_id": data["candidate_id"],
                "annotator": annotator,
                "phenomenon": data["phenomenon"],
                "subtype": data.get("subtype"),  # like "a", null or absent when there is none
                "accept": accept,
                "first": data["first"],
                "sentences": data["sentences"],
                "a": list(found["A"][0]) if found["A"] else None,
                "b": list(found["B"][0]),
            }
            records.append((n, record))
    return records, problems, len(problems) + more, cancelled


@dataclass
class Imported:
    """The judgements of Label Studio exports, one record per (candidate, annotator)."""

    records: list[dict] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # one line each, naming what was not imported
    skipped: int = 0  # annotations not imported (a conflict skips every copy)
    cancelled: int = 0  # annotations cancelled in Label Studio (skipped, not a problem)
    repeated: dict[str, int] = field(default_factory=dict)  # candidate id -> copies of a task listed again


def import_exports(exports: Iterable[tuple[str, object]], users: Mapping[int, str] | None = None) -> Imported:
    """Judgements (``judgements``) of exports given as (name, parsed JSON), the problems prefixed by the
    name. A (candidate, annotator) judged again, as when a task is listed twice in an export or in two
    exports, is one record when the copies are equal (counted in ``repeated``); when they differ, none is
    kept and a problem names the task, the annotator and two of the copies."""
    imported = Imported()
    copies: dict[tuple[str, str], list[tuple[str, dict]]] = {}
    for name, export in exports:
        found, problems, skipped, cancelled = _judgements(export, users)
        imported.problems += [f"{name}: {p}" for p in problems]
        imported.skipped += skipped
        imported.cancelled += cancelled
        for n, record in found:
            key = (record["candidate_id"], record["annotator"])
            copies.setdefault(key, []).append((f"{name} task {n}", record))
    for (candidate, annotator), found in copies.items():
        first = found[0]
        other = next((copy for copy in found[1:] if copy[1] != first[1]), None)
        if other is None:
            imported.records.append(first[1])
            if len(found) > 1:
                imported.repeated[candidate] = max(len(found), imported.repeated.get(candidate, 0))
            continue
        judged = [_judgement_text(copy[1]) for copy in (first, other)]
        differ = (
            f"judged differently, {judged[0]} in {first[0]} but {judged[1]} in {other[0]}"
            if judged[0] != judged[1]
            else f"the task's data differs in {first[0]} and {other[0]}"
        )
        imported.problems.append(
            f"task {shorten(candidate)}, annotator {shorten(annotator)}: {differ}: none of its {len(found)} judgements kept"
        )
        imported.skipped += len(found)
    return imported


def _judgement_text(record: Mapping) -> str:
    return f"{'accept' if record['accept'] else 'reject'} with A {record['a']} and B {record['b']}"


class _Malformed(ValueError):
    """A part of an export that cannot be read; the message says which and why."""


def _task(task: object) -> tuple[dict, list]:
    """(task data, annotations) of a JSON export task or of a JSON-MIN record (one per annotation)."""
    if not isinstance(task, dict):
        raise _Malformed(f"not a JSON object, got {type(task).__name__}")
    if "data" in task:
        annotations = task.get("annotations", [])
        if not isinstance(annotations, list):
            raise _Malformed("'annotations' is not a list")
        return task["data"], annotations
    spans = task.get("span", [])
    spans = [spans] if isinstance(spans, dict) else spans
    if not isinstance(spans, list):
        raise _Malformed("'span' is not a list of spans")
    result = [{"type": "labels", "value": span} for span in spans]
    if "decision" in task:
        result.append({"type": "choices", "value": {"choices": [task["decision"]]}})
    return task, [
        {"completed_by": task.get("annotator"), "result": result}
    ] if "annotation_id" in task else []


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_data(data: object, field: str = "data field") -> None:
    """The task data this module exported (``to_task``), with its predicted spans inside the window and
    A's sentence not after B's; ``field`` names the fields in the messages."""
    if not isinstance(data, dict):
        raise _Malformed("its data is not a JSON object")
    for key, kinds in (
        ("candidate_id", str),
        ("phenomenon", str),
        ("subtype", str | None),
        ("sentences", list),
    ):
        if not isinstance(data.get(key), kinds):
            raise _Malformed(f"{field} {key!r} missing or of the wrong type")
    if data["phenomenon"] not in PHENOMENA:
        raise _Malformed(
            f"{field} 'phenomenon' {quoted(data['phenomenon'])} is not one of {', '.join(PHENOMENA)}"
        )
    if not data["sentences"] or not all(isinstance(s, str) for s in data["sentences"]):
        raise _Malformed(f"{field} 'sentences' is not a list of sentences")
    if not _whole(data.get("first")) or data["first"] < 0:
        raise _Malformed(f"{field} 'first' is not a sentence number")
    for key in ("a", "b"):
        span = data.get(key)
        if (span is not None or key == "b") and not _in_window(data, span):
            raise _Malformed(
                f"{field} {key!r} {quoted(span)} is not a span [sentence, start, end] in the window"
            )
    if data.get("a") is not None and data["a"][0] > data["b"][0]:
        raise _Malformed(f"{field} 'a' {quoted(data['a'])} is in a sentence after 'b' {quoted(data['b'])}")


def record_problem(record: Mapping) -> str | None:
    """Why a judgement record (as ``judgements`` returns them) is malformed, or None."""
    if not isinstance(record.get("annotator"), str):
        return "field 'annotator' is not a string"
    if not isinstance(record.get("accept"), bool):
        return "field 'accept' is not true or false"
    try:
        _check_data(record, "field")
    except _Malformed as err:
        return str(err)
    return None


def _in_window(data: dict, span: object) -> bool:
    if not isinstance(span, list | tuple) or len(span) != 3 or not all(_whole(v) for v in span):
        return False
    k, start, end = span[0] - data["first"], span[1], span[2]
    return 0 <= k < len(data["sentences"]) and 0 <= start < end <= len(data["sentences"][k])


def _result(data: dict, result: object) -> tuple[dict[str, list], bool | None]:
    """Spans by label (chapter numbering) and the decision (None when not given) of one annotation."""
    if not isinstance(result, list):
        raise _Malformed("'result' is not a list")
    found: dict[str, list] = {"A": [], "B": []}
    accept = None
    starts = _starts(data["sentences"])  # once per annotation, not per span: it may list thousands
    for item in result:
        value = item.get("value") if isinstance(item, dict) else None
        if not isinstance(value, dict):
            raise _Malformed("a result without a 'value' object")
        if item.get("type") == "choices":
            choices = value.get("choices")
            if isinstance(choices, list) and len(choices) > 1:  # an edited export: the first was taken
                raise _Malformed(f"decisions {quoted(choices)} (one of accept or reject expected)")
            choice = choices[0] if isinstance(choices, list) and choices else None
            if choice not in ("accept", "reject"):
                raise _Malformed(f"decision {quoted(choice)} (accept or reject expected)")
            accept = choice == "accept"
        elif item.get("type") == "labels":
            labels = value.get("labels")
            if isinstance(labels, list) and len(labels) > 1:
                raise _Malformed(f"one span labelled {quoted(labels)} (A or B expected)")
            label = labels[0] if isinstance(labels, list) and labels else None
            if label not in ("A", "B"):
                raise _Malformed(f"label {quoted(label)} (A or B expected)")
            found[label].append(_from_text(data, starts, value.get("start"), value.get("end")))
    return found, accept


def _from_text(data: Mapping, starts: list[int], start: object, end: object) -> list[int]:
    """Window-text offsets -> [chapter sentence, start, end] (clipped to the start's sentence);
    ``starts`` are the sentences' offsets in the text (``_starts``)."""
    length = starts[-1] + len(data["sentences"][-1])  # of the newline-joined sentences
    if not (_whole(start) and _whole(end) and 0 <= start < end <= length):  # type: ignore[operator]
        raise _Malformed(
            f"span [{quoted(start)}:{quoted(end)}] is not a span of the {length}-character task text"
        )
    k = bisect_right(starts, start) - 1
    length = len(data["sentences"][k])
    if start - starts[k] >= length:
        raise _Malformed(f"span [{start}:{end}] starts on a line break")
    return [data["first"] + k, start - starts[k], min(end - starts[k], length)]


def _annotator(completed_by: object, users: Mapping[int, str]) -> str:
    """The annotator's name: the email of a user object (else its id), a user id (named by ``users``), or
    the name a JSON-MIN export gives; ``_Malformed`` for anything else: an annotation without one, or with
    a list or a number of another type, was counted as the judgement of an annotator named "None" or "[1, 2]"
    (two anonymous annotators counted as one)."""
    name = completed_by
    if isinstance(completed_by, dict):
        email, user = completed_by.get("email"), completed_by.get("id")
        name = email if isinstance(email, str) and email.strip() else user
    if _whole(name):
        return users.get(name, str(name))  # type: ignore[arg-type]
    if isinstance(name, str) and name.strip():
        return name
    raise _Malformed(
        f"annotator {quoted(completed_by)} is not a Label Studio user (a user id, or an object with an email or "
        "an id)"
    )
