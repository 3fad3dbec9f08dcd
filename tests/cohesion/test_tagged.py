from cohesion import tagged
from cohesion.nlp import load_tagger
from cohesion.tagged import Sentence, read

TEXT = "Xi-feng's  cat sat. "


def test_read_copies_every_token_attribute_the_rules_use():
    doc = load_tagger()(TEXT)
    sentence = read(doc, TEXT)
    assert isinstance(sentence, Sentence) and sentence.text == TEXT and len(sentence) == len(doc)
    for word, token in zip(sentence, doc):
        assert (word.text, word.lower_, word.tag_, word.idx, word.i, word.whitespace_, word.is_alpha) == (
            token.text,
            token.lower_,
            token.tag_,
            token.idx,
            token.i,
            token.whitespace_,
            token.is_alpha,
        )
        assert len(word) == len(token)


def test_read_gives_the_pos_of_the_models_attribute_ruler():
    sentence = read(load_tagger()(TEXT), TEXT)
    assert [(w.text, w.tag_, w.pos_) for w in sentence] == [
        ("Xi", "NNP", "PROPN"),
        ("-", "HYPH", "PUNCT"),
        ("feng", "NNP", "PROPN"),
        ("'s", "POS", "PART"),
        (" ", "_SP", "SPACE"),
        ("cat", "NN", "NOUN"),
        ("sat", "VBD", "VERB"),
        (".", ".", "PUNCT"),
    ]
    full = load_tagger(full=True)(TEXT)  # the ruler itself (which also has patterns on the parse)
    assert [w.pos_ for w in sentence] == [t.pos_ for t in full]


def test_read_learns_each_word_and_tag_once_and_starts_afresh_when_full(monkeypatch):
    monkeypatch.setattr(tagged, "_KNOWN", {})
    read(load_tagger()(TEXT), TEXT)
    assert len(tagged._KNOWN) == 8
    read(load_tagger()("The cat sat."), "The cat sat.")
    assert len(tagged._KNOWN) == 9  # "The" is new; "cat", "sat" and "." are known
    monkeypatch.setattr(tagged, "KNOWN_MAX", 9)
    read(load_tagger()("A dog."), "A dog.")
    assert len(tagged._KNOWN) == 3


def test_span_is_the_text_of_a_slice_like_spacy():
    doc = load_tagger()(TEXT)
    sentence = read(doc, TEXT)
    for start in range(len(doc) + 1):
        for end in range(start, len(doc) + 2):
            assert sentence.span(start, end) == doc[start:end].text
    assert [w.text for w in sentence[1:3]] == [t.text for t in doc[1:3]]


def test_read_gives_each_common_nouns_lemma_and_capitalised_words():
    text = "Anna's cats saw a thing; her glasses broke."
    sentence = read(load_tagger()(text), text)
    nouns = {w.text: w.noun for w in sentence if w.noun}
    assert nouns == {"cats": "cat", "glasses": "glasses"}  # "thing" is a generic noun
    assert [w.text for w in sentence if w.capital] == ["Anna"]


def test_a_lower_case_noun_the_tagger_reads_as_a_proper_noun_is_a_common_noun():
    text = "We met at the inn."
    sentence = read(load_tagger()(text), text)
    assert [(w.text, w.tag_, w.pos_, w.noun) for w in sentence][-2] == ("inn", "NN", "NOUN", "inn")
