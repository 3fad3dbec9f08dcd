from cohesion.gender import name_genders
from cohesion.mentions import mentions
from cohesion.nlp import load_tagger


def _genders(*sentences: str) -> dict[str, str]:
    docs = list(load_tagger().pipe(sentences))
    return name_genders(docs, [mentions(d) for d in docs])


def test_pronoun_after_name_and_next_sentence():
    assert _genders("Lin Wan looked at the sea, and her heart tightened.") == {"Lin Wan": "f"}
    assert _genders("Gu Chengchuan came in.", "He was wet.") == {"Gu Chengchuan": "m"}


def test_honorific_and_conflicting_evidence():
    assert _genders("Mr. Zhang waved.") == {"Zhang": "m"}
    mixed = _genders("Ah Bao came.", "He sat.", "Ah Bao left.", "She cried.")
    assert mixed == {}  # one vote each way: no two-thirds majority


def test_sentences_with_two_names_give_no_pronoun_evidence():
    assert _genders("Lin Wan met Gu Chengchuan and he smiled.") == {}
