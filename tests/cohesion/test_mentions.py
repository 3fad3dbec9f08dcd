from cohesion.mentions import mentions
from cohesion.nlp import load_tagger
from cohesion.tagged import read


def test_a_capitalised_adjective_before_to_is_no_name():
    text = "Eager to marry, she heard the rumours."
    assert [m.text for m in mentions(read(load_tagger()(text), text)) if m.kind == "name"] == []
