from text.connectives import connective, find


def test_a_connective_is_found_in_any_case_and_an_unknown_phrase_is_none():
    assert find("However") == connective("however")
    assert find("However").type == "adversative"
    assert find("That night") is None
