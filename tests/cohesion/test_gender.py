from cohesion.gender import (
    _eliminated,
    _shared,
    name_genders,
    non_persons,
    noun_gender,
    noun_genders,
    own_pronoun_gender,
    own_pronouns,
    owns_person,
)
from cohesion.mentions import mentions
from cohesion.nlp import load_tagger
from cohesion.tagged import read


def _genders(*sentences: str) -> dict[str, str]:
    docs = [read(doc, text) for doc, text in zip(load_tagger().pipe(sentences), sentences)]
    return name_genders(docs, [mentions(d) for d in docs])


def _noun_genders(*sentences: str) -> dict[str, str]:
    docs = [read(doc, text) for doc, text in zip(load_tagger().pipe(sentences), sentences)]
    return noun_genders(docs, [mentions(d) for d in docs])


def test_a_person_noun_takes_the_gender_its_subject_pronoun_shows():
    assert _noun_genders("The supervisor said he was tired.") == {"supervisor": "m"}
    assert _noun_genders("The guard yawned.", "He went home.") == {"guard": "m"}
    # the next sentence votes only for a noun whose two top senses are persons ("host": a crowd too)
    assert _noun_genders("The host yawned.", "He went home.") == {}
    assert _noun_genders("The guard thanked Nora.", "She went home.") == {}  # someone else named
    assert _noun_genders("A guard yawned.", "He went home.") == {}  # not "the"
    assert _noun_genders("The guard stretched his arms.", "She went home.") == {}  # "his": no subject form
    mixed = ("The guard yawned.", "He went home.", "The guard said she was tired.")
    assert _noun_genders(*mixed) == {}  # one vote each way: no two-thirds majority


def test_pronoun_after_name_and_next_sentence():
    assert _genders("Lin Wan looked at the sea, and her heart tightened.") == {"Lin Wan": "f"}
    assert _genders("Gu Chengchuan came in.", "He was wet.") == {"Gu Chengchuan": "m"}


def test_a_next_sentence_that_names_someone_votes_with_a_pronoun_before_the_name():
    assert _genders("Gu Chengchuan came in.", "He handed Lin Wan a towel.") == {"Gu Chengchuan": "m"}
    # after the name: the vote is the named one's own, not the previous sentence's name's
    assert _genders("Gu Chengchuan came in.", "Lin Wan said he was wet.") == {"Lin Wan": "m"}


def test_the_other_of_two_names_takes_the_gender_the_known_one_lacks():
    assert _genders("Tomas read Wu Mei's letter twice.", "She wrote well.") == {
        "Tomas": "m",
        "Wu Mei": "f",
    }
    assert _genders("Tomas read Wu Mei's letter twice.", "He waited.") == {"Tomas": "m"}  # no elimination
    # a subject of that gender in the sentence itself: someone else goes on
    assert _genders("Tomas took Wu Mei's bag before she woke.", "She ran.") == {"Tomas": "m"}
    assert _genders("Tomas called Wu Mei's mother.", "She answered.") == {"Tomas": "m"}  # a third person


def test_honorific_and_conflicting_evidence():
    assert _genders("Mr. Zhang waved.") == {"Zhang": "m"}
    mixed = _genders("Ah Bao came.", "He sat.", "Ah Bao left.", "She cried.")
    assert mixed == {}  # one vote each way: no two-thirds majority


def test_sentences_with_two_names_give_no_pronoun_evidence():
    assert _genders("Lin Wan met Gu Chengchuan and he smiled.") == {}


def test_two_names_and_a_next_sentence_with_pronouns_of_both_genders():
    assert _genders("Lin Wan thanked Gu Chengchuan.", "Then she kissed him.") == {
        "Lin Wan": "f",
        "Gu Chengchuan": "m",
    }
    assert _genders("Lin Wan thanked Gu Chengchuan.", "Then he kissed him.") == {}  # one gender: no vote
    assert _genders("Lin Wan thanked Gu Chengchuan.", "Then him she kissed.") == {}  # no subject first
    assert _genders("Lin Wan and Gu Chengchuan ate.", "Then she kissed him.") == {}  # both before the verb
    assert _genders("Lin Wan thanked Gu Chengchuan for Lin Wan's cup.", "Then she kissed him.") == {
        "Lin Wan": "f",
        "Gu Chengchuan": "m",
    }  # the second person is the other name, not the last mention


def test_first_names_list_gives_a_gender_without_pronouns():
    assert _genders("Nora opened the bakery.", "Theo came in.") == {"Nora": "f"}  # Theo: not listed
    assert _genders("Lin Wan opened the bakery.") == {}  # one pinyin syllable: not from the list


def test_pronouns_in_continued_speech_give_no_evidence():
    # the quote opened in the sentence before: "Move her aside." is still speech
    assert _genders("Gu Chengchuan frowned.", "Move her aside.” ") == {}


def test_own_pronouns_are_those_own_pronoun_gender_may_give():
    text = "Anna looked at him, and her heart tightened; at her door his hat hung."
    sentence = read(load_tagger()(text), text)
    found = list(own_pronouns(sentence))
    assert [(sentence[i].text, gender) for i, gender in found] == [("her", "f"), ("his", "m")]
    assert own_pronoun_gender(sentence, 1) == "f" and own_pronoun_gender(sentence, found[0][0] + 1) == "m"


def _things(*sentences: str) -> set[str]:
    docs = [read(doc, text) for doc, text in zip(load_tagger().pipe(sentences), sentences)]
    return non_persons(docs, [mentions(d) for d in docs])


def test_a_sentence_opened_by_its_one_person_among_places_gives_evidence():
    assert _genders("Lin Wan drove along Fenwick Road until she was in Talbury County.") == {"Lin Wan": "f"}
    # the person is not the sentence's opening name: no evidence
    assert _genders("Along Fenwick Road, Lin Wan drove until she was in Talbury County.") == {}


def test_acronyms_names_after_of_and_travel_destinations_are_not_persons():
    found = _things(
        "The satellite sent the data to NASA.",
        "He worked at the Academy of Sciences.",
        "Gu Chengchuan headed to Baishuitan.",
        "She ran to Lin Wan.",
        "He reached the National Weather Center.",
    )
    # ("Academy" is a place word; "Lin Wan" after "ran to" stays a person)
    assert found == {"NASA", "Academy", "Sciences", "Baishuitan", "National Weather Center"}


def test_a_pronoun_the_name_cannot_own_stops_the_next_sentence_from_voting():
    # "him" is someone else, who may well be the next sentence's "he"
    assert _genders("Lin Wan stared at him and laughed.", "He turned away.") == {}
    assert _genders("Lin Wan stared at the sea and laughed.", "He turned away.") == {"Lin Wan": "m"}


def test_a_name_in_an_opening_participle_gives_no_evidence():
    # the participle's subject is the "she" after the comma, not the name inside it
    assert _genders("Noticing that Gu Chengchuan was tired, she closed the window.") == {}
    assert _genders("Seeing Gu Chengchuan at the door, she smiled.") == {}
    assert _genders("When Gu Chengchuan came in, he smiled.") == {"Gu Chengchuan": "m"}


def test_a_relative_clause_after_a_name_gives_its_possessive_or_reflexive_as_evidence():
    # the one pronoun evidence of a sentence that names two persons
    assert _genders("Lin Wan, who had lost her key, waited for Gu Chengchuan.") == {"Lin Wan": "f"}
    assert _genders("Lin Wan, who had asked him in, waited for Gu Chengchuan.") == {}  # "him": someone else
    hurt = "Lin Wan waited, and Gu Chengchuan, who had hurt himself, limped in."
    assert _genders(hurt) == {"Gu Chengchuan": "m"}


def test_a_given_name_and_the_full_name_share_a_gender():
    assert _shared({"Wu Mei": "f"}, {"Wu Mei", "Mei"}) == {"Wu Mei": "f", "Mei": "f"}
    assert _shared({"Mei": "f"}, {"Wu Mei", "Mei"}) == {"Mei": "f", "Wu Mei": "f"}
    assert _shared({"Wu Mei": "f"}, {"Wu Mei", "Li Mei", "Mei"}) == {"Wu Mei": "f"}  # whose "Mei"?
    assert _shared({"Wu Mei": "f", "Mei": "m"}, {"Wu Mei", "Mei"}) == {"Wu Mei": "f", "Mei": "m"}  # kept
    assert _shared({"Granny Bai": "f"}, {"Granny Bai", "Granny"}) == {"Granny Bai": "f"}  # a first word


def test_days_and_months_that_are_no_first_names_are_not_persons():
    found = _things(
        "The interview was on a rainy Tuesday.", "By late October the leaves fell.", "June smiled."
    )
    assert found == {"Tuesday", "October"}


def test_a_name_after_last_next_or_every_is_a_time():
    assert _things("We planted the beans last April.", "April smiled.") == {"April"}
    assert _things("Every Easter the bells rang.") == {"Easter"}


def test_a_possessive_in_an_opening_phrase_votes_for_the_name_after_it():
    assert _genders("Delighted with his luck, Zan Mo ran off.") == {"Zan Mo": "m"}
    assert _genders("Unable to hide herself, Zan Mo ran off.") == {"Zan Mo": "f"}
    assert _genders("Seeing him, Zan Mo ran off.") == {}  # an object: someone else
    assert _genders("On her birthday, Zan Mo ran off.") == {}  # a preposition: perhaps another's


def test_a_name_owned_by_the_speaker_gets_no_vote():
    assert _genders("My little Lantern glowed in the dark.", "She laughed.") == {}
    assert _genders("Little Lantern glowed in the dark.", "She laughed.") == {"Lantern": "f"}


def _owners(sentence: str) -> list[str]:
    doc = read(load_tagger()(sentence), sentence)
    return [m.text for m in mentions(doc) if m.kind == "name" and owns_person(doc, m)]


def test_the_owner_of_a_person_noun_that_is_also_a_body_part_is_no_owner_of_a_person():
    assert _owners("Tomas's nephew waved.") == ["Tomas"]
    assert _owners("Tomas's pupils widened when he saw the gate.") == []


def test_eliminated_reads_each_sentences_names_from_the_list_of_them_it_is_given():
    texts = ["Mr. Hale paid Wren Ito for the map.", "She counted the coins."]
    docs = [read(doc, text) for doc, text in zip(load_tagger().pipe(texts), texts)]
    found = [mentions(d) for d in docs]
    named = [[m for m in ms if m.kind == "name"] for ms in found]
    assert list(_eliminated(docs, found, named, {"Hale": "m"}, set())) == [("Wren Ito", "f")]
    assert list(_eliminated(docs, found, [[], []], {"Hale": "m"}, set())) == []  # no names given, none read


def test_a_noun_of_a_male_or_female_person_in_wordnet_has_that_gender():
    assert [noun_gender(w) for w in ("fellow", "lass", "man", "teacher", "child", "stone")] == [
        "m",
        "f",
        "m",
        None,
        None,
        None,
    ]
