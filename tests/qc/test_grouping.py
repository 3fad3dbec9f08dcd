import pytest

from qc.grouping import GroupingError, coverage_problem, parse_grouping


def test_parse_grouping():
    assert parse_grouping(" 3:3 ; 4:4,5;:6 ") == [((3,), (3,)), ((4,), (4, 5)), ((), (6,))]
    assert parse_grouping("-") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3-3", "bead '3-3' is not ZH:EN (e.g. 3:3,4)"),
        ("a:3", "zh side 'a' is not a list of sentence numbers"),
        ("3:²", "en side '²' is not a list of sentence numbers"),  # a digit to isdigit(), not to int()
        (  # int() refuses it; the message quotes its first 60 characters
            "3:" + "9" * 5000,
            f"en side '{'9' * 60}'… (5000 characters) is not a list of sentence numbers",
        ),
        ("3:3," * 25_000, f"bead '{'3:3,' * 15}'… (100000 characters) is not ZH:EN (e.g. 3:3,4)"),
        (":", "bead ':' has no sentence"),
        (" ; ", "empty correction (write - to dissolve the bead)"),
    ],
)
def test_unreadable_corrections_say_why(text, message):
    with pytest.raises(GroupingError) as err:
        parse_grouping(text)
    assert str(err.value) == message


def test_coverage_names_missing_doubled_and_unknown_sentences():
    assert coverage_problem([((0,), (0,)), ((1,), (1, 2))], 2, 3) is None
    assert coverage_problem([((0,), (0,)), ((0, 5), (2,))], 2, 3) == (
        "zh sentence(s) 5 do not exist (the chapter has 2); zh sentence(s) 0 in more than one bead; "
        "zh sentence(s) 1 in no bead; en sentence(s) 1 in no bead"
    )
