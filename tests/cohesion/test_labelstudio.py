from cohesion.labelstudio import judgements, to_task

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
