import pytest

RAIN = "It rained all day."


def test_initial_connective(mined):
    assert mined("conjunction", RAIN, "However, we went out.") == [
        ("adversative", (0, 0, 0, ""), (1, 0, 7, "However"), "however")
    ]


def test_after_quote_and_multiword(mined):
    assert mined("conjunction", RAIN, '"But I was there," she said.')[0][2] == (1, 1, 4, "But")
    assert mined("conjunction", RAIN, "As a result, the road closed.") == [
        ("causal", (0, 0, 0, ""), (1, 0, 11, "As a result"), "as a result")
    ]
    assert mined("conjunction", RAIN, "Then he left.")[0][0] == "temporal"
    assert mined("conjunction", RAIN, "And so we stayed.")[0][3] == "and so"


def test_final_and_parenthetical(mined):
    assert mined("conjunction", RAIN, "He didn't come, though.") == [
        ("adversative", (0, 0, 0, ""), (1, 16, 22, "though"), "though")
    ]
    assert mined("conjunction", RAIN, "He, however, refused.")[0][2] == (1, 4, 11, "however")


@pytest.mark.parametrize(
    "second",
    [
        "So beautiful!",
        "So much for that.",
        "Because it rained, we stayed.",
        "When he came, we left.",
        "Still no answer.",
        "Yet another day passed.",
        "But?",
    ],
)
def test_exclusions(mined, second):
    assert mined("conjunction", RAIN, second) == []


def test_first_sentence_has_nothing_to_link_to(mined):
    assert mined("conjunction", "However, we went out.") == []
