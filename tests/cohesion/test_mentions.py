from cohesion.mentions import continued_in_lower_case, mentions, named_elsewhere
from cohesion.nlp import load_tagger
from cohesion.tagged import read


def test_a_capitalised_adjective_before_to_is_no_name():
    text = "Eager to leave, she packed the bags."
    assert [m.text for m in mentions(read(load_tagger()(text), text)) if m.kind == "name"] == []


def test_an_interjection_the_tagger_reads_as_a_name_is_none():
    for text in ("Whoosh!", "Ugh, what is that?", "Phew!"):
        assert [m.text for m in mentions(read(load_tagger()(text), text)) if m.kind == "name"] == []
    text = "They feared the Heavens Gate Sect."  # the word opens a name of several words
    assert [m.text for m in mentions(read(load_tagger()(text), text))] == ["Heavens Gate Sect"]


def test_a_capitalised_noun_that_wordnet_lacks_is_a_name():
    # the tagger reads "Torvel" opening a sentence as a noun (NN); "Everyone" is a generic noun, "Others" a plural
    found = {}
    for text in ("Torvel watched the gate.", "Everyone waited.", "Others left early."):
        found[text] = [(m.text, m.kind) for m in mentions(read(load_tagger()(text), text))]
    assert found == {
        "Torvel watched the gate.": [("Torvel", "name"), ("gate", "noun")],
        "Everyone waited.": [],
        "Others left early.": [],
    }


def test_a_noun_that_the_chapter_names_inside_a_sentence_is_that_name_where_it_opens_one():
    texts = [
        "Blossom had always been a clever girl.",
        "Frost had always been a clever girl.",
        "The cook smiled at Blossom and Frost.",
    ]
    docs = [read(doc, text) for doc, text in zip(load_tagger().pipe(texts), texts)]
    found = [mentions(doc) for doc in docs]
    assert [(m.text, m.kind) for m in found[0] + found[1]][::2] == [("Blossom", "noun"), ("Frost", "noun")]
    named = named_elsewhere(docs, found)
    assert [(m.text, m.lemma, m.kind, m.plural) for m in named[0] + named[1]][::2] == [
        ("Blossom", "Blossom", "name", False),
        ("Frost", "Frost", "name", False),
    ]
    assert named[2] == found[2]


def test_a_hyphenated_compound_is_one_noun_where_wordnet_has_it_and_its_words_are_none():
    text = "Her mother-in-law planted a half-acre of beans."
    found = mentions(read(load_tagger()(text), text))
    assert [(m.text, m.lemma, m.start, m.end, m.token) for m in found] == [
        ("mother-in-law", "mother-in-law", 4, 17, 1),
        ("beans", "bean", 41, 46, 12),
    ]  # "half-acre" is no WordNet noun


def test_a_possessive_before_a_form_of_address_makes_a_title_naming_a_person():
    text = "Her Ladyship thanked His Majesty and your lordship."
    found = mentions(read(load_tagger()(text), text))
    assert [(m.text, m.kind, m.title) for m in found if m.kind == "name"] == [
        ("Her Ladyship", "name", "her"),
        ("His Majesty", "name", "his"),
    ]


def test_a_name_with_an_apostrophe_between_letters_is_a_name():
    text = "Tao Ming’an laughed at O'Hara's hat."
    found = [(m.text, m.kind) for m in mentions(read(load_tagger()(text), text))]
    assert found == [("Tao Ming’an", "name"), ("O'Hara", "name"), ("hat", "noun")]


def test_a_name_followed_by_the_rest_of_a_longer_name_in_lower_case_is_that_name():
    texts = ["The Jade Cloud Barge moved forward.", "Everyone left the Jade cloud barge."]
    docs = [read(doc, text) for doc, text in zip(load_tagger().pipe(texts), texts)]
    found = continued_in_lower_case(docs, [mentions(doc) for doc in docs])
    assert [(m.text, m.kind) for m in found[1]] == [("Jade cloud barge", "name")]


def test_a_name_continued_in_lower_case_takes_the_longest_name_it_can():
    """Two names of the chapter begin alike; the rest in lower case makes the longer one, in every process
    (the names were tried in a set's order, which follows string hashes)."""
    texts = [
        "The Jade Cloud arrived.",
        "The Jade Cloud Barge moved forward.",
        "Everyone left the Jade cloud barge.",
    ]
    docs = [read(doc, text) for doc, text in zip(load_tagger().pipe(texts), texts)]
    found = continued_in_lower_case(docs, [mentions(doc) for doc in docs])
    assert [(m.text, m.kind) for m in found[2]] == [("Jade cloud barge", "name")]
