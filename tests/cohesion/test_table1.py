"""One invented example per phenomenon x adjacency, in the style of the cohesion paper's Table 1,
each mined on its own: (phenomenon, adjacency, element 1, element 2) of what the miner finds."""

import pytest

from cohesion.miner import mine

EXAMPLES = [
    (
        ("Mara planted a maple tree.", "The tree grew fast."),
        ("repetition", "adjacent", "tree", "tree"),
    ),
    (
        ("Mara planted a maple tree.", "Summer was dry.", "By autumn the tree was tall."),
        ("repetition", "non_adjacent", "tree", "tree"),
    ),
    (
        ("Theo bought a new sofa.", "The couch was green."),
        ("synonyms", "adjacent", "sofa", "couch"),
    ),
    (
        ("Theo fixed the old automobile.", "Rain fell all week.", "By Sunday the car ran again."),
        ("synonyms", "non_adjacent", "automobile", "car"),
    ),
    (
        ("Nora was angry.", "She was furious about the broken vase."),
        ("synonyms", "adjacent", "angry", "furious"),
    ),
    (
        ("Nora brought in the wet sheets.", "Hang them by the fire."),
        ("reference", "adjacent", "sheets", "them"),
    ),
    (
        ("Nora opened the bakery at dawn.", "The street was still dark.", "She lit the ovens."),
        ("reference", "non_adjacent", "Nora", "She"),
    ),
    (
        ("Theo lost his umbrella.", "He bought a cheap one."),
        ("substitution", "adjacent", "umbrella", "one"),
    ),
    (
        ("The stall sold handmade candles.", "Nora greeted the owner.", "She bought one for her mother."),
        ("substitution", "non_adjacent", "candles", "one"),
    ),
    (
        ("The bakery plans to hire Theo; I just don't know when.",),
        ("ellipsis", "adjacent", "The bakery plans to hire Theo", "when"),
    ),
    (
        ("Theo could repair any old clock.", "The neighbours were amazed.", "Nobody knew how."),
        ("ellipsis", "non_adjacent", "Theo could repair any old clock", "how"),
    ),
    (
        ("The river flooded the road.", "Therefore, the bus stopped."),
        ("conjunction", "adjacent", "", "Therefore"),
    ),
    (
        ("She wanted to take the train.", "The station was closed.", "Instead, she walked home."),
        ("conjunction", "non_adjacent", "She wanted to take the train", "Instead"),
    ),
]


@pytest.mark.parametrize("sentences, expected", EXAMPLES, ids=[f"{e[0]}-{e[1]}" for _, e in EXAMPLES])
def test_table1_example_is_found(mined, sentences, expected):
    phenomenon = expected[0]
    found = [(c.phenomenon, c.adjacency, c.a.text, c.b.text) for c in mine(list(sentences))]
    assert [f for f in found if f[0] == phenomenon] == [expected]


def test_first_name_gender_from_the_names_list(mined):
    # the first sentence names two people, so only the names list tells who "She" is
    sentences = ["Emma went to the market with Tom.", "It was crowded.", "She bought apples."]
    found = [(c.a.text, c.b.text, c.adjacency) for c in mine(sentences) if c.phenomenon == "reference"]
    assert found == [("Emma", "She", "non_adjacent")]


def test_same_clause_pairs_are_intra():
    found = [c for c in mine(["Somebody called, but I don't know who."]) if c.phenomenon == "ellipsis"]
    assert [(c.adjacency, c.distance, c.a.text, c.b.text) for c in found] == [
        ("intra", 0, "Somebody called", "who")
    ]
