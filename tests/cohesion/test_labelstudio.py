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
    export = [
        {
            "id": 7,
            "data": data,
            "annotations": [
                {"completed_by": {"id": 1, "email": "ann@x"}, "result": [_choice("accept"), corrected]},
                {"completed_by": 2, "result": [_choice("reject")]},
                {"completed_by": 3, "result": [_choice("accept")], "was_cancelled": True},
            ],
        }
    ]
    ann, bob = judgements(export)
    assert (ann["annotator"], ann["accept"], ann["a"], ann["b"]) == ("ann@x", True, [1, 0, 8], [3, 0, 3])
    assert (bob["annotator"], bob["accept"], bob["a"]) == ("2", False, [0, 5, 8])


def _choice(value: str) -> dict:
    return {"from_name": "decision", "type": "choices", "value": {"choices": [value]}}
