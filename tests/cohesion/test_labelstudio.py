import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cohesion import labelstudio
from cohesion.labelstudio import import_exports, judgements, to_task

SENTENCES = [
    "Miss Lin bought a red lamp.",
    "The shop was closing.",
    "However, the owner smiled.",
    "She paid.",
]
ROW = {
    "candidate_id": "b1/1/c1",
    "phenomenon": "reference",
    "subtype": "personal",
    "trigger": "she",
    "distance": 3,
    "adjacent": False,
    "adjacency": "non_adjacent",
    "sent_a": 0,
    "sent_b": 3,
    "a_start": 5,
    "a_end": 8,
    "b_start": 0,
    "b_end": 3,
}


def test_task_window_and_predicted_spans():
    task = to_task(ROW, SENTENCES)
    assert task["data"]["text"] == "\n".join(SENTENCES)
    values = {r["value"]["labels"][0]: r["value"] for r in task["predictions"][0]["result"]}
    assert values["A"] == {"start": 5, "end": 8, "text": "Lin", "labels": ["A"]}
    assert values["B"] == {"start": 77, "end": 80, "text": "She", "labels": ["B"]}


def test_conjunction_has_no_a_span():
    row = ROW | {"sent_a": 2, "a_start": 0, "a_end": 0, "phenomenon": "conjunction"}
    task = to_task(row, SENTENCES)
    assert [r["id"] for r in task["predictions"][0]["result"]] == ["B"]
    assert task["data"]["a"] is None and task["data"]["first"] == 2


def test_import_maps_corrected_spans_and_skips_cancelled():
    data = to_task(ROW, SENTENCES)["data"]
    corrected = {"type": "labels", "value": {"start": 28, "end": 36, "labels": ["A"]}}
    kept_b = {"type": "labels", "value": {"start": 77, "end": 80, "labels": ["B"]}}
    export = [
        {
            "id": 7,
            "data": data,
            "annotations": [
                {
                    "completed_by": {"id": 1, "email": "ann@x"},
                    "result": [_choice("accept"), corrected, kept_b],
                },
                {"completed_by": 2, "result": [_choice("reject")]},
                {"completed_by": 3, "result": [_choice("accept")], "was_cancelled": True},
            ],
        }
    ]
    (ann, bob), problems = judgements(export)
    assert problems == []
    assert (ann["annotator"], ann["accept"], ann["a"], ann["b"]) == ("ann@x", True, [1, 0, 8], [3, 0, 3])
    assert (bob["annotator"], bob["accept"], bob["a"]) == ("2", False, [0, 5, 8])


def _choice(value: str) -> dict:
    return {"from_name": "decision", "type": "choices", "value": {"choices": [value]}}


def _span(label: str, start: int, end: int) -> dict:
    return {"id": label, "type": "labels", "value": {"start": start, "end": end, "labels": [label]}}


def test_a_deleted_predicted_span_stays_deleted():
    data = to_task(ROW, SENTENCES)["data"]
    export = [
        {
            "data": data,
            "annotations": [{"completed_by": 4, "result": [_choice("accept"), _span("B", 77, 80)]}],
        }
    ]
    (record,), problems = judgements(export)
    assert (record["a"], record["b"], problems) == (None, [3, 0, 3], [])


def test_two_spans_of_one_label_are_a_named_problem_not_the_last_one():
    data = to_task(ROW, SENTENCES)["data"]
    result = [_choice("accept"), _span("A", 0, 4), _span("A", 5, 8), _span("B", 77, 80)]
    records, problems = judgements([{"data": data, "annotations": [{"completed_by": 4, "result": result}]}])
    assert records == []
    assert problems == ["task b1/1/c1, annotator 4: 2 A and 1 B spans (one of each expected)"]
    no_b = [
        {"data": data, "annotations": [{"completed_by": 4, "result": [_choice("reject"), _span("A", 0, 4)]}]}
    ]
    assert judgements(no_b) == ([], ["task b1/1/c1, annotator 4: no B span"])


def test_the_task_text_is_measured_once_per_annotation_not_once_per_span(monkeypatch):
    # an annotation listing thousands of spans over a long task text: measured per span, the text was
    # joined and its offsets counted again for each (a few MB of export took minutes)
    data = to_task(ROW, SENTENCES)["data"]
    result = [_choice("accept")] + [_span("B", 77, 80)] * 1000
    calls = []
    starts = labelstudio._starts
    monkeypatch.setattr(labelstudio, "_starts", lambda sentences: calls.append(1) or starts(sentences))
    records, problems = judgements([{"data": data, "annotations": [{"completed_by": 4, "result": result}]}])
    assert (records, problems) == (
        [],
        ["task b1/1/c1, annotator 4: 0 A and 1000 B spans (one of each expected)"],
    )
    assert len(calls) == 1


def test_json_min_records_and_numeric_annotators_named_by_email():
    """JSON-MIN: the task's data at the top level, spans under the labels' name, the decision's value."""
    data = to_task(ROW, SENTENCES)["data"]
    record = data | {"id": 1, "span": [{"start": 28, "end": 36, "text": "The shop", "labels": ["A"]},
                                       {"start": 77, "end": 80, "text": "She", "labels": ["B"]}],
                     "decision": "accept", "annotator": 10, "annotation_id": 3}  # fmt: skip
    unannotated = data | {"id": 2}
    (ann,), problems = judgements([record, unannotated], users={10: "ann@example.com"})
    assert (ann["annotator"], ann["accept"], ann["a"], ann["b"], problems) == (
        "ann@example.com", True, [1, 0, 8], [3, 0, 3], []
    )  # fmt: skip
    assert judgements([record])[0][0]["annotator"] == "10"


def _export(result=None, **data_changes) -> list:
    data = json.loads(json.dumps(to_task(ROW, SENTENCES)["data"])) | data_changes
    return [{"data": data, "annotations": [{"completed_by": 4, "result": result or [_choice("accept")]}]}]


WHERE = "task b1/1/c1, annotator 4"


@pytest.mark.parametrize(
    "export, problem",
    [
        ({"data": {}}, "not a list of tasks (a JSON or JSON-MIN export), got dict"),
        (["task"], "task 1: not a JSON object, got str"),
        ([{"data": None}], "task 1: its data is not a JSON object"),
        ([{"data": {}, "annotations": {}}], "task 1: 'annotations' is not a list"),
        (_export(sentences="one"), "task 1: data field 'sentences' missing or of the wrong type"),
        (_export(candidate_id=7), "task 1: data field 'candidate_id' missing or of the wrong type"),
        (_export(first=True), "task 1: data field 'first' is not a sentence number"),
        (
            _export(phenomenon="irony"),
            "task 1: data field 'phenomenon' 'irony' is not one of repetition, synonyms, reference, "
            "substitution, ellipsis, conjunction",
        ),
        (
            _export(b=[3, 0, 99]),
            "task 1: data field 'b' [3, 0, 99] is not a span [sentence, start, end] in the window",
        ),
        (
            _export(a=[9, 0, 1]),
            "task 1: data field 'a' [9, 0, 1] is not a span [sentence, start, end] in the window",
        ),
        ([{"span": 5, "annotation_id": 1}], "task 1: 'span' is not a list of spans"),
        (_export(result={"a": 1}), f"{WHERE}: 'result' is not a list"),
        (_export(result=[_choice("accept"), 7]), f"{WHERE}: a result without a 'value' object"),
        (_export(result=[_choice("maybe")]), f"{WHERE}: decision 'maybe' (accept or reject expected)"),
        (
            _export(result=[{"type": "choices", "value": {"choices": [1]}}]),
            f"{WHERE}: decision 1 (accept or reject",
        ),
        (
            _export(result=[{"type": "choices", "value": {"choices": []}}]),
            f"{WHERE}: decision None (accept or reject",
        ),
        (
            _export(result=[_span("B", 77, 80)]),  # was skipped unsaid, as an annotation not begun
            f"{WHERE}: spans marked but no decision (accept or reject)",
        ),
        (_export(result=[_choice("accept"), _span("C", 0, 4)]), f"{WHERE}: label 'C' (A or B expected)"),
        (  # an edited export: the first was taken
            _export(result=[{"type": "choices", "value": {"choices": ["accept", "reject"]}}]),
            f"{WHERE}: decisions ['accept', 'reject'] (one of accept or reject expected)",
        ),
        (
            _export(
                result=[
                    _choice("accept"),
                    _span("B", 77, 80) | {"value": {"start": 77, "end": 80, "labels": ["B", "A"]}},
                ]
            ),
            f"{WHERE}: one span labelled ['B', 'A'] (A or B expected)",
        ),
        (
            _export(result=[_choice("accept"), _span("B", -3, 2)]),
            f"{WHERE}: span [-3:2] is not a span of the 86-character task text",
        ),
        (_export(result=[_choice("accept"), _span("B", 80, 77)]), f"{WHERE}: span [80:77] is not a span"),
        (_export(result=[_choice("accept"), _span("B", 77, 900)]), f"{WHERE}: span [77:900] is not a span"),
        (_export(result=[_choice("accept"), _span("B", 77, True)]), f"{WHERE}: span [77:True] is not a span"),
        (_export(result=[_choice("accept"), _span("B", "77", 80)]), f"{WHERE}: span ['77':80] is not a span"),
        (
            _export(result=[_choice("accept"), _span("B", 27, 30)]),
            f"{WHERE}: span [27:30] starts on a line break",
        ),
        (
            _export(result=[_choice("accept"), _span("A", 77, 80), _span("B", 5, 8)]),
            f"{WHERE}: the A span is in a sentence after the B span's",
        ),
        (
            _export(a=[3, 0, 3], b=[0, 5, 8]),
            "task 1: data field 'a' [3, 0, 3] is in a sentence after 'b' [0, 5, 8]",
        ),
    ],
)
def test_a_malformed_export_is_a_named_problem(export, problem):
    records, problems = judgements(export)
    assert records == [] and len(problems) == 1 and problems[0].startswith(problem), problems


@pytest.mark.parametrize("key", ["a", "subtype"])
def test_a_task_without_its_a_span_or_subtype_is_read_as_null(key):
    """``_check_data`` lets them be null; absent (a task edited by hand) is the same, not a KeyError."""
    export = _export()
    del export[0]["data"][key]
    (record,), problems = judgements(export)
    assert (record[key], problems) == (None, [])


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 100) | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
_PLACES = ("task", "data", "annotations", "annotation", "result", "item", "value", "start", "end", "labels",
           "sentences", "first", "a", "b", "completed_by")  # fmt: skip


def _container(export: list, place: str) -> tuple[list | dict, int | str]:
    """The list or object holding ``place`` in an ``_export`` with a decision and a B span, and its key."""
    task = export[0]
    annotation = task["annotations"][0]
    span = annotation["result"][1]
    return {"task": (export, 0), "data": (task, "data"), "annotations": (task, "annotations"),
            "annotation": (task["annotations"], 0), "result": (annotation, "result"), "item": (annotation["result"], 1),
            "value": (span, "value"), "start": (span["value"], "start"), "end": (span["value"], "end"),
            "labels": (span["value"], "labels"), "sentences": (task["data"], "sentences"),
            "first": (task["data"], "first"), "a": (task["data"], "a"), "b": (task["data"], "b"),
            "completed_by": (annotation, "completed_by")}[place]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(place=st.sampled_from(_PLACES), junk=_JSON)
def test_any_json_in_any_place_is_read_or_named_never_a_crash(place, junk):
    export = _export([_choice("accept"), _span("B", 77, 80)])
    container, key = _container(export, place)
    container[key] = junk  # type: ignore[index]
    records, problems = judgements(export)
    assert all(isinstance(p, str) and "\n" not in p for p in problems)
    assert all(r["b"][0] - r["first"] in range(len(r["sentences"])) for r in records)


def _judged(decisions: dict, candidate: str = "b1/1/c1", **data_changes) -> dict:
    """A JSON export task of ROW (as ``candidate``) with one annotation per annotator: user id -> decision."""
    data = to_task(ROW, SENTENCES)["data"] | {"candidate_id": candidate} | data_changes
    annotations = [{"completed_by": user, "result": [_choice(d)]} for user, d in decisions.items()]
    return {"data": data, "annotations": annotations}


def test_a_task_listed_twice_with_the_same_judgements_is_counted_once():
    task, other = _judged({1: "accept", 2: "reject"}), _judged({1: "reject"}, "b1/1/c2")
    imported = import_exports([("e.json", [task, other, task])])
    assert [(r["candidate_id"], r["annotator"]) for r in imported.records] == [
        ("b1/1/c1", "1"),
        ("b1/1/c1", "2"),
        ("b1/1/c2", "1"),
    ]
    assert (imported.problems, imported.skipped, imported.repeated) == ([], 0, {"b1/1/c1": 2})
    assert judgements([task, other, task])[0] == imported.records + imported.records[:2]  # as listed
    again = import_exports([("e.json", [task]), ("f.json", [task]), ("g.json", [task])])
    assert (len(again.records), again.repeated) == (2, {"b1/1/c1": 3})  # also across exports


def test_two_copies_of_a_task_judged_differently_are_a_named_problem_and_neither_is_kept():
    first, second = _judged({1: "accept", 2: "reject"}), _judged({1: "reject", 2: "reject"})
    imported = import_exports([("e.json", [first]), ("f.json", [_judged({3: "accept"}), second])])
    assert [(r["annotator"], r["accept"]) for r in imported.records] == [("2", False), ("3", True)]
    assert imported.problems == [
        "task b1/1/c1, annotator 1: judged differently, accept with A [0, 5, 8] and B [3, 0, 3] in e.json "
        "task 1 but reject with A [0, 5, 8] and B [3, 0, 3] in f.json task 2: none of its 2 judgements kept"
    ]
    assert (imported.skipped, imported.repeated) == (2, {"b1/1/c1": 2})  # annotator 2 agreed with itself


def test_two_copies_of_a_task_with_different_data_are_a_named_problem():
    moved = _judged({1: "accept"}, subtype="demonstrative")
    imported = import_exports([("e.json", [_judged({1: "accept"}), moved])])
    assert (imported.records, imported.skipped) == ([], 2)
    assert imported.problems == [
        "task b1/1/c1, annotator 1: the task's data differs in e.json task 1 and e.json task 2: "
        "none of its 2 judgements kept"
    ]


def test_a_json_min_record_listed_twice_is_counted_once():
    data = to_task(ROW, SENTENCES)["data"]
    record = data | {"id": 1, "decision": "accept", "annotator": 10, "annotation_id": 3}
    imported = import_exports([("min.json", [record, record, record | {"annotator": 11}])])
    assert [r["annotator"] for r in imported.records] == ["10", "11"]
    assert (imported.problems, imported.repeated) == ([], {"b1/1/c1": 2})


def test_the_problems_of_each_export_are_named_by_it():
    imported = import_exports([("e.json", {"data": {}}), ("f.json", ["task"])])
    assert imported.problems == [
        "e.json: not a list of tasks (a JSON or JSON-MIN export), got dict",
        "f.json: task 1: not a JSON object, got str",
    ]
    assert (imported.records, imported.skipped) == ([], 2)


def test_long_values_of_an_export_are_quoted_by_their_start():
    data = dict(to_task(ROW, SENTENCES)["data"], candidate_id="c" * 100_000)
    result = [_choice("x" * 100_000), _span("B", 77, 80)]
    records, problems = judgements([{"data": data, "annotations": [{"completed_by": 4, "result": result}]}])
    assert records == []
    assert problems == [
        f"task {'c' * 60}… (100000 characters), annotator 4: decision '{'x' * 60}'… (100000 characters) "
        "(accept or reject expected)"
    ]


@pytest.mark.parametrize("who", [None, [1, 2], {"x": 1}, {"email": ["a"]}, True, 1.5, ""])
def test_an_annotation_by_no_user_is_a_named_problem_not_an_annotator_named_after_the_junk(who):
    """An annotation without ``completed_by`` (or with a list, an object without an email or id, ...) was a
    judgement by an annotator named "None" or "[1, 2]": two anonymous annotators counted as one."""
    export = [
        {
            "data": to_task(ROW, SENTENCES)["data"],
            "annotations": [{"completed_by": who, "result": [_choice("accept")]}],
        }
    ]
    records, problems = judgements(export)
    assert records == [] and problems == [
        f"task b1/1/c1: annotator {who!r} is not a Label Studio user (a user id, or an object with an email or an id)"
    ]


def test_a_user_object_without_an_email_is_named_by_its_id():
    export = [
        {
            "data": to_task(ROW, SENTENCES)["data"],
            "annotations": [{"completed_by": {"id": 7, "email": ""}, "result": [_choice("accept")]}],
        }
    ]
    assert [r["annotator"] for r in judgements(export, {7: "ann@x"})[0]] == ["ann@x"]


def test_a_task_whose_data_is_malformed_counts_each_of_its_annotations_as_skipped():
    """Its two annotations were counted as one ("1 annotations skipped"), though neither was imported."""
    broken = _judged({1: "accept", 2: "reject"}, first=True)
    imported = import_exports([("e.json", [broken, _judged({1: "accept"}, "b1/1/c2")])])
    assert (len(imported.records), imported.skipped) == (1, 2)
    assert imported.problems == ["e.json: task 1: data field 'first' is not a sentence number"]
