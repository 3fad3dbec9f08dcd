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
        key: row[key] for key in ("candidate_id", "phenomenon", "subtype", "trigger", "distance", "adjacent")
    } | {"text": "\n".join(window), "sentences": window, "first": first, "a": spans.get("A"), "b": spans["B"]}
    return {"data": data, "predictions": [{"model_version": MODEL_VERSION, "result": results}]}


def export_tasks(rows: Iterable[Mapping], chapters: Mapping[str, list[str]]) -> list[dict]:
    return [to_task(row, chapters[row["chapter_id"]]) for row in rows]


def judgements(export: list[dict]) -> list[dict]:
    """Flatten a Label Studio JSON export: one record per (task, annotator), cancelled ones skipped.

    Record: candidate_id, annotator, phenomenon, subtype, accept, first, sentences, and spans ``a``
    (None when absent) and ``b`` as ``[sentence, start, end]`` in chapter sentence numbering.
    """
    records = []
    for task in export:
        data = task["data"]
        for annotation in task.get("annotations", []):
            if annotation.get("was_cancelled"):
                continue
            spans = {"A": data["a"], "B": data["b"]}
            accept = None
            for result in annotation["result"]:
                value = result["value"]
                if result.get("type") == "choices":
                    accept = value["choices"][0] == "accept"
                elif result.get("type") == "labels":
                    spans[value["labels"][0]] = _from_text(data, value["start"], value["end"])
            if accept is None:
                continue  # no decision given
            records.append(
                {
                    "candidate_id": data["candidate_id"],
                    "annotator": _annotator(annotation.get("completed_by")),
                    "phenomenon": data["phenomenon"],
                    "subtype": data["subtype"],
                    "accept": accept,
                    "first": data["first"],
                    "sentences": data["sentences"],
                    "a": list(spans["A"]) if spans["A"] else None,
                    "b": list(spans["B"]),
                }
            )
    return records


def _from_text(data: Mapping, start: int, end: int) -> list[int]:
    """Window-text offsets -> [chapter sentence, start, end] (clipped to the start's sentence)."""
    starts = _starts(data["sentences"])
    k = bisect_right(starts, start) - 1
    length = len(data["sentences"][k])
    return [data["first"] + k, start - starts[k], min(end - starts[k], length)]


def _annotator(completed_by: object) -> str:
    if isinstance(completed_by, dict):
        return str(completed_by.get("email") or completed_by.get("id"))
    return str(completed_by)
