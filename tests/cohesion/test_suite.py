from cohesion.suite import suite_items

SENTENCES = ["Miss Lin bought a lamp.", "It rained.", "She paid."]


def _record(annotator: str, accept: bool, a: list[int] | None) -> dict:
    return {
        "candidate_id": "b/1/c0",
        "annotator": annotator,
        "phenomenon": "reference",
        "subtype": "personal",
        "accept": accept,
        "first": 10,
        "sentences": SENTENCES,
        "a": a,
        "b": [12, 0, 3],
    }


def test_unanimous_accept_with_first_annotators_spans():
    items = suite_items([_record("bob", True, [10, 5, 8]), _record("ann", True, [10, 0, 8])])
    assert items == [
        {
            "id": "b/1/c0",
            "phenomenon": "reference",
            "subtype": "personal",
            "adjacency": "non_adjacent",
            "adjacent": False,
            "distance": 2,
            "context": SENTENCES[:2],
            "target": "She paid.",
            "a": {"sentence": 0, "start": 0, "end": 8, "text": "Miss Lin"},
            "b": {"start": 0, "end": 3, "text": "She"},
            "judged": True,
        }
    ]


def test_any_reject_drops_the_item_and_corrected_distance_is_recomputed():
    assert suite_items([_record("ann", True, [10, 0, 8]), _record("bob", False, [10, 0, 8])]) == []
    moved = suite_items([_record("ann", True, [11, 0, 2])])[0]  # antecedent moved to "It rained."
    assert (moved["distance"], moved["adjacent"], moved["context"]) == (1, True, ["It rained."])
    assert moved["a"] == {"sentence": 0, "start": 0, "end": 2, "text": "It"}


def test_same_sentence_items_are_intra_unless_the_miner_split_clauses():
    same = _record("ann", True, [12, 4, 8])
    assert suite_items([same])[0]["adjacency"] == "intra"
    clauses = same | {"adjacency": "adjacent"}
    assert (suite_items([clauses])[0]["adjacency"], suite_items([clauses])[0]["adjacent"]) == (
        "adjacent",
        True,
    )


def test_numeric_annotator_ids_order_by_number():
    items = suite_items([_record("10", True, [10, 5, 8]), _record("9", True, [10, 0, 8])])
    assert items[0]["a"]["text"] == "Miss Lin"  # annotator 9's spans, not 10's
