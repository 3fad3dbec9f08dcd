from cohesion.clause import last_coordinate_subject, last_subject, subject
from cohesion.mentions import mentions
from cohesion.nlp import load_tagger
from cohesion.tagged import read


def test_the_last_subject_may_stand_before_adverbs_and_its_verb():
    text = "The old guard then quietly thanked her."
    sentence = read(load_tagger()(text), text)
    assert last_subject(sentence[:6]).text == "guard"


def test_a_relative_pronoun_is_the_subject_of_its_clause():
    text = "She met a boy who thanked her."
    sentence = read(load_tagger()(text), text)
    assert last_subject(sentence[1:6]).text == "who"


def test_a_person_object_before_an_infinitive_is_the_subject_of_the_infinitive():
    text = "She begged the old porter to carry her bag."
    sentence = read(load_tagger()(text), text)
    assert last_subject(sentence[1:7]).text == "porter"
    text = "Anna told him to wait for her."
    sentence = read(load_tagger()(text), text)
    assert last_subject(sentence[1:6]).text == "him"
    text = "She used the knife to cut her bread."  # no person: the infinitive is hers
    sentence = read(load_tagger()(text), text)
    assert last_subject(sentence[:6]).text == "She"


def test_the_subject_of_a_compound_noun_is_its_head():
    text = "The night nurse sang softly."
    sentence = read(load_tagger()(text), text)
    assert subject(sentence, mentions(sentence)).text == "nurse"


def test_the_last_coordinate_clause_with_a_subject_of_its_own_gives_its_subject():
    text = "Tom grabbed the rope, but the boy pulled hard, and fell over."
    sentence = read(load_tagger()(text), text)
    assert last_coordinate_subject(sentence, mentions(sentence)).text == "boy"
    text = "Tom grabbed the rope and pulled hard."  # one clause, its verbs coordinated
    sentence = read(load_tagger()(text), text)
    assert last_coordinate_subject(sentence, mentions(sentence)) is None


def test_of_a_line_of_several_sentences_only_the_last_one_has_the_last_coordinate_clause():
    text = "Tom waved, and the boy smiled. Then the bell rang."
    sentence = read(load_tagger()(text), text)
    assert last_coordinate_subject(sentence, mentions(sentence)) is None


def test_the_subject_follows_a_subordinate_clause_opened_after_a_focusing_adverb():
    text = "Even though the rain was cold, the old woman kept walking."
    sentence = read(load_tagger()(text), text)
    assert subject(sentence, mentions(sentence)).text == "woman"
