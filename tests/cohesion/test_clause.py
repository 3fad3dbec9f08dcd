from cohesion.clause import last_subject
from cohesion.nlp import load_tagger
from cohesion.tagged import read


def test_the_last_subject_may_stand_before_adverbs_and_its_verb():
    text = "The old guard then quietly thanked her."
    sentence = read(load_tagger()(text), text)
    assert last_subject(sentence[:6]).text == "guard"
