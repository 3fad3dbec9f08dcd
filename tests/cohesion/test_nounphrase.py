"""What the words around a noun say about its referent: owners, modifiers, measures, idioms.

Docs are built from hand-tagged words (WORD/TAG), so no parser model is needed."""

from __future__ import annotations

from pathlib import Path

import pytest
import spacy
from spacy.tokens import Doc

from cohesion import lexicon, nounphrase
from cohesion.nounphrase import (
    adjectival,
    determiner,
    different,
    genitive,
    idiom,
    modifier,
    modifier_words,
    oblique,
    owner,
    phrase_words,
    pointing,
    premodifiers,
    same_owner,
    such_a,
)

VOCAB = spacy.blank("en").vocab
POS = {"NN": "NOUN", "NNS": "NOUN", "NNP": "PROPN", "PRP": "PRON", "IN": "ADP"}


def doc(tagged: str) -> Doc:
    """A Doc from "word/TAG ..."; "-" glued to its neighbours is written "-/HYPH+"."""
    words, tags, spaces = [], [], []
    for item in tagged.split():
        word, tag = item.rsplit("/", 1)
        glued = tag.endswith("+")
        if glued and spaces:
            spaces[-1] = False
        words.append(word)
        tags.append(tag.rstrip("+"))
        spaces.append(not glued)
    return Doc(VOCAB, words=words, spaces=spaces, tags=tags, pos=[POS.get(t, "X") for t in tags])


def test_determiner_possessor_or_nothing():
    assert determiner(doc("the/DT old/JJ coat/NN"), 2) == "the"
    assert determiner(doc("her/PRP$ coat/NN"), 1) == "her"
    assert determiner(doc("Anna/NNP 's/POS old/JJ coat/NN"), 3) == "anna"
    assert determiner(doc("coat/NN"), 0) == ""
    assert determiner(doc("he/PRP wore/VBD coats/NNS"), 2) == ""
    # a comma joins adjectives to the phrase, never a noun before it
    assert determiner(doc("a/DT tall/JJ ,/, thin/JJ man/NN"), 4) == "a"
    assert determiner(doc("some/DT extra/JJ income/NN ,/, Sha/NNP"), 4) == ""


def test_a_demonstrative_or_such_points_back():
    assert pointing(doc("this/DT old/JJ sword/NN"), 2)
    assert pointing(doc("those/DT swords/NNS"), 1)
    assert pointing(doc("any/DT such/JJ dispute/NN"), 2)
    assert not pointing(doc("such/PDT a/DT dispute/NN"), 2)  # "such" stresses
    assert not pointing(doc("the/DT sword/NN"), 1)
    assert not pointing(doc("his/PRP$ sword/NN"), 1)


def test_owner_is_a_possessive_a_name_or_an_of_complement():
    assert owner(doc("his/PRP$ coat/NN"), 1) == "his"
    assert owner(doc("the/DT coat/NN"), 1) == ""  # an article owns nothing
    assert owner(doc("the/DT Shan/NNP household/NN"), 2) == "shan"
    assert owner(doc("the/DT eye/NN of/IN the/DT camera/NN"), 1) == "camera"


def test_a_genitive_is_a_possessor_with_s():
    assert genitive(doc("the/DT miller/NN 's/POS old/JJ coat/NN"), 4)
    assert not genitive(doc("his/PRP$ coat/NN"), 1)
    assert not genitive(doc("the/DT coat/NN"), 1)


def test_same_owner_needs_an_owner_on_both_sides():
    miller, her = doc("the/DT miller/NN 's/POS coat/NN"), doc("her/PRP$ coat/NN")
    assert same_owner(miller, 3, miller, 3, {})
    assert same_owner(her, 1, doc("Anna/NNP 's/POS coat/NN"), 2, {"anna": "f"})
    assert not same_owner(her, 1, doc("Tom/NNP 's/POS coat/NN"), 2, {"tom": "m"})
    assert not same_owner(doc("the/DT coat/NN"), 1, miller, 3, {})


def test_such_before_the_article_and_the_words_between_determiner_and_noun():
    assert such_a(doc("such/PDT a/DT small/JJ boat/NN"), 3)
    assert not such_a(doc("a/DT small/JJ boat/NN"), 2)
    assert not such_a(doc("such/JJ boats/NNS"), 1)
    assert modifier_words(doc("the/DT other/JJ old/JJ lane/NN"), 3) == {"other", "old"}
    assert modifier_words(doc("the/DT lane/NN"), 1) == set()


def test_phrase_words_from_the_determiner_and_words_in_front_of_it():
    assert phrase_words(doc("he/PRP had/VBD a/DT nasty/JJ bruise/NN"), 4) == ("a", "nasty")
    assert phrase_words(doc("without/IN paying/VBG a/DT fee/NN"), 3) == ("a",)
    assert phrase_words(doc("without/IN paying/VBG a/DT fee/NN"), 3, before=2) == ("without", "paying", "a")
    assert phrase_words(doc("a/DT fee/NN"), 1, before=2) == ("a",)  # the sentence starts with the phrase


def test_an_adjective_or_participle_in_front_of_the_noun_is_adjectival():
    assert adjectival(doc("a/DT nasty/JJ bruise/NN"), 2)
    assert adjectival(doc("the/DT folded/VBN note/NN"), 2)
    assert not adjectival(doc("a/DT movie/NN star/NN"), 2)
    assert not adjectival(doc("a/DT star/NN"), 1)


def test_premodifiers_leave_out_quantity_words():
    assert premodifiers(doc("the/DT other/JJ south/JJ wall/NN"), 3) == {"south"}
    assert premodifiers(doc("the/DT wall/NN"), 1) == set()


@pytest.mark.parametrize(
    "a, ka, b, kb, differ",
    [
        ("his/PRP$ coat/NN", 1, "her/PRP$ coat/NN", 1, True),
        ("his/PRP$ coat/NN", 1, "the/DT coat/NN", 1, False),
        ("Anna/NNP 's/POS coat/NN", 2, "his/PRP$ coat/NN", 1, True),
        ("the/DT south/JJ wall/NN", 2, "the/DT partition/NN wall/NN", 2, True),
        ("the/DT south/JJ wall/NN", 2, "the/DT wall/NN", 1, False),
        ("five/CD feet/NNS", 1, "his/PRP$ feet/NNS", 1, True),
        ("man/NN -/HYPH+ from/IN+ -/HYPH+ side/NN+", 0, "the/DT man/NN", 1, True),
        ("a/DT photo/NN shoot/NN", 1, "the/DT photos/NNS", 1, True),
        ("the/DT four/CD levels/NNS", 2, "the/DT levels/NNS", 1, False),  # a known set, counted
        ("the/DT woman/NN", 1, "the/DT two/CD women/NNS", 2, True),
        ("his/PRP$ bottle/NN", 1, "the/DT bottle/NN of/IN wine/NN", 1, False),  # contents, no owner
        ("the/DT bottle/NN of/IN milk/NN", 1, "the/DT bottle/NN of/IN wine/NN", 1, True),
        ("the/DT edge/NN of/IN it/PRP", 1, "the/DT edge/NN of/IN the/DT bed/NN", 1, False),
        ("his/PRP$ roof/NN", 1, "the/DT roof/NN of/IN the/DT barn/NN", 1, True),  # a possessor
    ],
)
def test_different_referents(a, ka, b, kb, differ):
    assert different(doc(a), ka, doc(b), kb) is differ


def test_descriptions_may_be_left_out_but_owners_still_differ():
    south, partition = doc("the/DT south/JJ wall/NN"), doc("the/DT partition/NN wall/NN")
    assert different(south, 2, partition, 2, described=False) is False
    assert different(doc("his/PRP$ coat/NN"), 1, doc("her/PRP$ coat/NN"), 1, described=False) is True


def test_in_dialogue_my_and_your_may_be_one_owner():
    mine, yours, his = doc("my/PRP$ mare/NN"), doc("your/PRP$ mare/NN"), doc("his/PRP$ mare/NN")
    assert different(mine, 1, yours, 1) is True
    assert different(mine, 1, yours, 1, deixis=True) is False
    assert different(his, 1, yours, 1, deixis=True) is False
    assert different(his, 1, doc("her/PRP$ mare/NN"), 1, deixis=True) is True  # no speaker's word
    assert different(mine, 1, doc("Tom/NNP 's/POS mare/NN"), 3, deixis=True) is True  # no pronoun


def test_a_noun_before_a_noun_is_a_modifier():
    assert modifier(doc("a/DT film/NN studio/NN"), 1) is True
    assert modifier(doc("the/DT film/NN ended/VBD"), 1) is False
    assert modifier(doc("the/DT film/NN"), 1) is False


def test_the_object_of_a_preposition_but_of_is_oblique():
    sentence = doc("dropped/VBD her/PRP$ mug/NN on/IN the/DT kitchen/NN floor/NN")
    assert [oblique(sentence, k) for k in (2, 6)] == [False, True]
    assert oblique(doc("a/DT jar/NN of/IN cookies/NNS"), 3) is False
    assert oblique(doc("on/IN Anna/NNP 's/POS desk/NN"), 3) is False  # (the owner's phrase is not read)


def test_nouns_in_idioms_refer_to_nothing():
    text = "She waited; in his turn he spoke."
    assert idiom(text, text.index("turn") + 4) is True
    assert idiom("The turn", 8) is False
    assert idiom("turn", 4) is False  # shorter than any idiom
    assert idiom("In fact", 7) is True and idiom("IN FACT", 7) is True


def test_an_idiom_list_emptied_by_hand_makes_no_noun_an_idiom(tmp_path: Path, monkeypatch):
    (tmp_path / "noun_idioms.txt").write_text("# all entries removed\n")
    monkeypatch.setattr(lexicon, "DATA", tmp_path)
    caches = (lexicon.words, nounphrase._idioms, idiom)
    for loaded in caches:
        loaded.cache_clear()
    try:  # it was an IndexError ("list index out of range") after a pattern that matched every noun
        assert idiom("The turn", 8) is False
        assert idiom("The turn\n", 9) is False
    finally:
        for loaded in caches:
            loaded.cache_clear()


def test_an_ing_word_between_a_determiner_and_the_noun_is_a_modifier():
    assert determiner(doc("a/DT running/VBG tap/NN"), 2) == "a"
    assert determiner(doc("his/PRP$ old/JJ sleeping/VBG dog/NN"), 3) == "his"
    assert premodifiers(doc("the/DT old/JJ sleeping/VBG dog/NN"), 3) == {"old"}
    # an -ing verb with its object: no determiner of the noun, and the name before it owns nothing
    assert determiner(doc("saw/VBD Anna/NNP eating/VBG apples/NNS"), 3) == ""
    assert owner(doc("saw/VBD Anna/NNP eating/VBG apples/NNS"), 3) == ""
