from exports.text import merge_empty_sides, one_line


def beads(*sides: tuple[str, str]) -> list[dict]:
    return [{"zh": zh, "en": en} for zh, en in sides]


def test_one_line():
    assert one_line("a\nb\r\nc\u2028d ") == "a b c d"
    assert one_line(None) == ""


def test_one_sided_beads_join_a_neighbour():
    got = merge_empty_sides(beads(("", "Intro."), ("甲。", "A."), ("乙。", ""), ("丙。", "C."), ("", "End.")))
    assert got == [("甲。乙。", "Intro. A."), ("丙。", "C. End.")]
    assert merge_empty_sides(beads(("", "Only English."))) == []
