from cohesion.nlp import load_tagger
from cohesion.tagged import Sentence, read

TEXT = "Xi-feng's  cat sat. "


def test_read_copies_every_token_attribute_the_rules_use():
    doc = load_tagger()(TEXT)
    sentence = read(doc, TEXT)
    assert isinstance(sentence, Sentence) and sentence.text == TEXT and len(sentence) == len(doc)
    for word, token in zip(sentence, doc):
        assert (
            word.text,
            word.lower_,
            word.tag_,
            word.pos_,
            word.idx,
            word.i,
            word.whitespace_,
            word.is_alpha,
        ) == (
            token.text,
            token.lower_,
            token.tag_,
            token.pos_,
            token.idx,
            token.i,
            token.whitespace_,
            token.is_alpha,
        )
        assert len(word) == len(token)


def test_span_is_the_text_of_a_slice_like_spacy():
    doc = load_tagger()(TEXT)
    sentence = read(doc, TEXT)
    for start in range(len(doc) + 1):
        for end in range(start, len(doc) + 2):
            assert sentence.span(start, end) == doc[start:end].text
    assert [w.text for w in sentence[1:3]] == [t.text for t in doc[1:3]]
