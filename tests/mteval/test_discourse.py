from collections import Counter

from text.connectives import connectives
from mteval.discourse import Overlap, items, markers, overlap, score_document


def test_markers_come_from_the_cohesion_connective_list():
    for c in (*connectives()[:3], *connectives()[-3:]):  # longest and shortest entries
        assert markers(f"{c.text.capitalize()}, the mule sat down.")[0] == c.text
    assert markers("Thenceforth, the butler sat down.") == []  # whole words only


def test_items_per_category():
    found = items(["Anna Smith will not visit Paris.", "She said he walked home, but they stayed."])
    assert found["entity-person"] == Counter({"anna smith": 1})
    assert found["entity-other"] == Counter({"paris": 1})
    assert found["pronoun-feminine"] == Counter({"she": 1}) and found["pronoun-epicene"] == Counter(
        {"they": 1}
    )
    assert found["tense"] == Counter({"Fut:visit": 1, "Past:say": 1, "Past:walk": 1, "Past:stay": 1})
    assert found["marker"] == Counter({"but": 1})


def test_overlap_precision_recall_f1():
    o = overlap(Counter({"he": 2, "she": 1}), Counter({"he": 1, "it": 1}))
    assert (o.matched, o.hyp, o.ref) == (1, 3, 2)
    assert (o.precision, o.recall, round(o.f1, 4)) == (1 / 3, 0.5, 0.4)
    assert Overlap().f1 is None and Overlap(0, 2, 2).f1 == 0.0


def test_identical_documents_match_fully():
    lines = ["He left before dawn.", "However, Anna Smith stayed."]
    scores = score_document(lines, lines)
    assert scores.pooled.f1 == 1.0 and scores.categories["pronoun-masculine"].f1 == 1.0
