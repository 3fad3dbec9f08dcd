"""Label Studio round trip: candidates -> import tasks (with predicted spans) -> exported judgements.

A task shows the sentence window ``sent_a .. sent_b`` joined with newlines; spans are labelled
``A`` (element 1) and ``B`` (element 2) and the ``decision`` choice is accept/reject. Annotators may
move either span; on import, offsets in the window text are mapped back to (sentence, char) pairs.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping

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
        key: row[key] for key in ("candidate_id", "phenomenon", "subtype", "trigger", "distance", "adjacent", "adjacency")
    } | {"text": "\n".join(window), "sentences": window, "first": first, "a": spans.get("A"), "b": spans["B"]}
    return {"data": data, "predictions": [{"model_version": MODEL_VERSION, "result": results}]}


def export_tasks(rows: Iterable[Mapping], chapters: Mapping[str, list[str]]) -> list[dict]:
    return [to_task(row, chapters[row["chapter_id"]]) for row in rows]


def judgements(export: list[dict], users: Mapping[int, str] | None = None) -> tuple[list[dict], list[str]]:
    """Flatten a Label Studio JSON or JSON-MIN export: one record per (task, annotator).

    Record: candidate_id, annotator, phenomenon, subtype, accept, first, sentences, and spans ``a``
    (None when absent) and ``b`` as ``[sentence, start, end]`` in chapter sentence numbering.
    The server names annotators by numeric user id; ``users`` (id -> email) turns them into names.
    An annotation holding any span is taken as the annotator left it (a deleted predicted span stays
    deleted); one holding none keeps the predicted spans. Cancelled annotations and ones without a
    decision are skipped; ones without a B span or with two spans of one label are returned as
    problems (one line each), not as records.
    """
    records, problems = [], []
    for task in export:
        data, annotations = _task(task)
        for annotation in annotations:
            if annotation.get("was_cancelled"):
                continue
            found: dict[str, list] = {"A": [], "B": []}
            accept = None
            for result in annotation["result"]:
                value = result["value"]
                if result.get("type") == "choices":
                    accept = value["choices"][0] == "accept"
                elif result.get("type") == "labels":
                    found[value["labels"][0]].append(_from_text(data, value["start"], value["end"]))
            if accept is None:
                continue  # no decision given
            annotator = _annotator(annotation.get("completed_by"), users or {})
            where = f"task {data['candidate_id']}, annotator {annotator}"
            if not found["A"] and not found["B"]:
                found = {"A": [data["a"]] if data["a"] else [], "B": [data["b"]]}
            if len(found["A"]) > 1 or len(found["B"]) > 1:
                problems.append(
                    f"{where}: {len(found['A'])} A and {len(found['B'])} B spans (one of each expected)"
                )
                continue
            if not found["B"]:
                problems.append(f"{where}: no B span")
                continue
            records.append(
                {
                    "candidate_id": data["candidate_id"],
                    "annotator": annotator,
                    "phenomenon": data["phenomenon"],
                    "subtype": data["subtype"],
                    "accept": accept,
                    "first": data["first"],
                    "sentences": data["sentences"],
                    "a": list(found["A"][0]) if found["A"] else None,
                    "b": list(found["B"][0]),
                }
            )
    return records, problems


def _task(task: Mapping) -> tuple[Mapping, list[dict]]:
    """(task data, annotations) of a JSON export task or of a JSON-MIN record (one per annotation)."""
    if "data" in task:
        return task["data"], task.get("annotations", [])
    spans = task.get("span", [])
    result = [{"type": "labels", "value": span} for span in ([spans] if isinstance(spans, dict) else spans)]
    if "decision" in task:
        result.append({"type": "choices", "value": {"choices": [task["decision"]]}})
    return task, [
        {"completed_by": task.get("annotator"), "result": result}
    ] if "annotation_id" in task else []


def _from_text(data: Mapping, start: int, end: int) -> list[int]:
    """Window-text offsets -> [chapter sentence, start, end] (clipped to the start's sentence)."""
    starts = _starts(data["sentences"])
    k = bisect_right(starts, start) - 1
    length = len(data["sentences"][k])
    return [data["first"] + k, start - starts[k], min(end - starts[k], length)]


def _annotator(completed_by: object, users: Mapping[int, str]) -> str:
    if isinstance(completed_by, dict):
        return str(completed_by.get("email") or completed_by.get("id"))
    if isinstance(completed_by, int) and completed_by in users:
        return users[completed_by]
    return str(completed_by)
