from cohesion import synonyms
from cohesion.candidate import Span
from cohesion.miner import mine
from cohesion.nlp import load_tagger
from cohesion.synonyms import Word, _by_synset, _lemma_counts, adjectives
from cohesion.tagged import read


def test_nouns_with_the_same_first_sense(mined):
    assert mined("synonyms", "She picked up a stone.", "The rock was cold.") == [
        ("noun", (0, 16, 21, "stone"), (1, 4, 8, "rock"), "rock.n.01")
    ]


def test_verbs_and_adjectives_of_different_things_are_left_out(mined):
    assert mined("synonyms", "The big house stood alone.", "A large tree grew nearby.") == []
    assert mined("synonyms", "He finished the letter.", "Then she completed the form.") == []


def test_adjectives_of_the_same_subject_or_noun(mined):
    found = mined("synonyms", "Nora was angry.", "She was furious about the vase.")
    assert found == [("adjective", (0, 9, 14, "angry"), (1, 8, 15, "furious"), "angry/furious")]
    assert mined("synonyms", "He joined the fourteenth team.", "She led the fifteenth team.") == []
    found = mined("synonyms", "They lived in a big house.", "The large house was cold.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("big", "large")]


def test_a_pronoun_subject_continues_a_person_through_sentences_with_it_for_subject(mined):
    found = mined("synonyms", "Nora was angry.", "She slammed the door.", "She stayed furious all day.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("angry", "furious")]
    # someone else's subject between, or a thing for "she", continues nothing
    assert mined("synonyms", "Nora was angry.", "Theo slammed the door.", "She stayed furious all day.") == []
    assert mined("synonyms", "The sea was angry.", "She was furious.") == []
    # an animal is a he, a she or an it
    for pronoun in ("She", "It"):
        found = mined(
            "synonyms", "Her puppy was very small.", f"{pronoun} was so little that it fit in a shoe."
        )
        assert [(a[3], b[3]) for _, a, b, _ in found] == [("small", "little")]


def test_a_question_has_its_subject_after_the_verb(mined):
    for first, second in (
        ("Was Nora angry?", "She was furious about the vase."),
        ("Nora was angry.", "Why was she so furious?"),
    ):
        found = mined("synonyms", first, second)
        assert [(a[3], b[3]) for _, a, b, _ in found] == [("angry", "furious")]


def test_a_past_participle_may_be_a_predicate(mined):
    found = mined("synonyms", "The soldier was wounded.", "He was injured in the leg.")
    assert found == [("adjective", (0, 16, 23, "wounded"), (1, 7, 14, "injured"), "wounded/injured")]


def test_a_he_or_she_subject_is_taken_up_by_a_later_name_of_that_gender(mined):
    found = mined("synonyms", "She was very angry.", "The vase lay broken.", "Nora was still furious.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("angry", "furious")]
    # a name of the other gender, or another woman named on the way: left out
    assert mined("synonyms", "He was very angry.", "The vase lay broken.", "Nora was still furious.") == []
    assert mined("synonyms", "She was very angry.", "Anna broke the vase.", "Nora was still furious.") == []


def test_an_adjective_after_the_heads_a_noun_phrase_and_is_said_of_nothing(mined):
    # (before, "looked" linked "the wealthy" to the subject: Tom, rich and wealthy)
    assert mined("synonyms", "Tom seemed rich.", "Tom looked at the wealthy.") == []
    found = mined("synonyms", "Tom seemed rich.", "Tom was wealthy.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("rich", "wealthy")]


def test_the_degree_word_of_a_little_is_no_adjective(mined):
    assert mined("synonyms", "Nora was small.", "She was also a little nervous.") == []


def test_non_adjacent_noun_synonyms_need_the_same_thing(mined):
    assert mined("synonyms", "He saw a chance.", "Nobody spoke.", "He took another opportunity.") == []


def test_far_apart_a_possessive_names_again_only_what_had_an_owner(mined):
    assert mined("synonyms", "They saw an automobile.", "It rained.", "Later Tom washed his car.") == []
    found = mined("synonyms", "Tom sold his automobile.", "It rained.", "Later Tom missed his car.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("automobile", "car")]


def test_non_adjacent(mined):
    found = mined("synonyms", "He drove an old automobile.", "Nobody spoke.", "The car stopped.")
    assert found == [("noun", (0, 16, 26, "automobile"), (2, 4, 7, "car"), "car.n.01")]


def test_a_pointing_noun_may_name_again_with_a_sense_right_above_or_below(mined):
    # first senses differ; "this" / "that" / "such" lets a sense one WordNet link away match
    found = mined("synonyms", "He grabbed a weapon.", "This sword was heavy.")
    assert found == [("noun", (0, 13, 19, "weapon"), (1, 5, 10, "sword"), "weapon.n.01/sword.n.01")]
    found = mined("synonyms", "He lifted the sword.", "That weapon was heavy.")
    assert found == [("noun", (0, 14, 19, "sword"), (1, 5, 11, "weapon"), "sword.n.01/weapon.n.01")]
    found = mined("synonyms", "They had a quarrel.", "Nobody settled any such dispute.")
    assert found == [("noun", (0, 11, 18, "quarrel"), (1, 24, 31, "dispute"), "quarrel.n.01/dispute.n.01")]
    found = mined("synonyms", "He grabbed a weapon.", "Nobody spoke.", "This sword was heavy.")
    assert found == [("noun", (0, 13, 19, "weapon"), (2, 5, 10, "sword"), "weapon.n.01/sword.n.01")]


def test_a_pointing_noun_may_take_its_second_sense(mined):
    # "present": first the time now, second a gift (whose sense is right above it)
    found = mined("synonyms", "She brought a gift.", "Nobody opened this present.")
    assert found == [("noun", (0, 14, 18, "gift"), (1, 19, 26, "present"), "gift.n.01/present.n.02")]


def test_without_a_pointer_or_a_link_first_senses_must_match(mined):
    assert mined("synonyms", "He grabbed a weapon.", "The sword was heavy.") == []
    assert mined("synonyms", "She brought a gift.", "Nobody opened the present.") == []
    assert mined("synonyms", "They had a quarrel.", "It was such a dispute.") == []  # "such" stresses
    assert mined("synonyms", "He grabbed a weapon.", "This apple was sweet.") == []


def test_the_next_sentence_may_name_again_with_a_general_noun(mined):
    # "the" and a most frequent sense one or two WordNet links above the earlier noun's
    found = mined("synonyms", "She fed a sparrow.", "The bird sang.")
    assert found == [("noun", (0, 10, 17, "sparrow"), (1, 4, 8, "bird"), "sparrow.n.01/bird.n.01")]
    # the general noun may describe it with new words
    found = mined("synonyms", "She fed the tame sparrow.", "The little brown bird sang.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("sparrow", "bird")]
    # farther, without "the", too general, or below rather than above: left out
    assert mined("synonyms", "She fed a sparrow.", "Nobody spoke.", "The bird sang.") == []
    assert mined("synonyms", "She fed a sparrow.", "Her bird sang.") == []
    assert mined("synonyms", "She fed a sparrow.", "A bird sang.") == []
    assert mined("synonyms", "She fed a sparrow.", "The animal sang.") == []  # five links above
    assert mined("synonyms", "She fed a bird.", "The sparrow sang.") == []  # below, not above


def test_a_wordnet_compound_is_one_noun(mined):
    # "fire engine": its sense lies right below "truck" ("engine" alone does not)
    found = mined("synonyms", "They heard a fire engine.", "The truck stopped outside.")
    assert found == [("noun", (0, 13, 24, "fire engine"), (1, 4, 9, "truck"), "fire_engine.n.01/truck.n.01")]
    # a compound that modifies a noun after it is no noun of its own
    assert mined("synonyms", "They heard a fire engine siren.", "The truck stopped outside.") == []


def test_a_compound_that_is_a_kind_of_its_last_noun_stays_that_noun(mined):
    # a "young man" is a man (young_buck.n.01, right below man.n.01): a repetition, not a synonym
    assert mined("synonyms", "The young man sat down.", "The man was tired.") == []


def test_the_next_sentence_may_name_again_with_a_shared_lower_sense(mined):
    # "tempest" and "storm" share a sense among the three most frequent of each (not the first of both)
    found = mined("synonyms", "A tempest hit the coast.", "The storm raged until noon.")
    assert found == [("noun", (0, 2, 9, "tempest"), (1, 4, 9, "storm"), "storm.n.02/storm.n.01")]
    # farther, or without "the": left out
    assert mined("synonyms", "A tempest hit the coast.", "Nobody slept.", "The storm raged on.") == []
    assert mined("synonyms", "A tempest hit the coast.", "Another storm came later.") == []


def test_the_next_sentence_may_name_a_person_again_with_a_general_word_of_the_gender(mined):
    found = mined("synonyms", "An old monk sat by the gate.", "The man was asleep.")
    assert found == [("noun", (0, 7, 11, "monk"), (1, 4, 7, "man"), "monk.n.01/man.n.01")]
    assert [(a[3], b[3]) for _, a, b, _ in mined("synonyms", "The nun smiled.", "The woman was kind.")] == [
        ("nun", "woman")
    ]
    # a singular noun of unknown gender takes that of a he/she/his/her after it in its sentence
    found = mined("synonyms", "The sailor lit his pipe.", "The man smiled.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("sailor", "man")]
    assert mined("synonyms", "The sailor lit her pipe.", "The man smiled.") == []
    assert mined("synonyms", "The guests lit his pipe.", "The man smiled.") == []  # plural, then singular
    # another gender, a person noun of unknown gender, or a general word for both: left out
    assert mined("synonyms", "The nun smiled.", "The man was kind.") == []
    assert mined("synonyms", "The clerk smiled.", "The woman was kind.") == []
    assert mined("synonyms", "The nun smiled.", "The person was kind.") == []


def test_a_noun_after_no_names_nothing_again(mined):
    assert mined("synonyms", "There was no tempest that year.", "The storm came later.") == []
    found = mined("synonyms", "There was a tempest that year.", "The storm came later.")
    assert [(a[3], b[3]) for _, a, b, _ in found] == [("tempest", "storm")]


def test_same_lemma_is_repetition_not_synonym(mined):
    assert mined("synonyms", "The stone fell.", "A stone hit him.") == []


def test_closer_repetition_blocks_synonym(mined):
    found = mined("synonyms", "The stone fell.", "The rock was wet.", "A rock hit him.")
    assert [(a[0], b[0]) for _, a, b, _ in found] == [(0, 1)]


def test_idioms_and_rare_senses_are_skipped(mined):
    assert mined("synonyms", "He was taking no chances.", "It was an opportunity.") == []
    assert mined("synonyms", "He praised the deed.", "It was a brave act.") == []  # 2nd sense of both


def test_a_shared_chinese_noun_is_recorded_as_evidence():
    found = mine(["She picked up a stone.", "The rock was cold."], ["她捡起一块石头。", "石头很凉。"])
    assert [(c.a.text, c.b.text, c.evidence) for c in found if c.phenomenon == "synonyms"] == [
        ("stone", "rock", "zh_shared=石头")
    ]
    prairie = mine(
        ["They crossed the prairie.", "Nobody spoke.", "The grassland was dry."], ["草原。", "", "草原。"]
    )
    assert [c for c in prairie if c.phenomenon == "synonyms"] == []  # first senses differ, two sentences on


def test_by_synset_groups_a_sentences_nouns_by_sense_in_order():
    def word(text: str, synset: str, token: int) -> Word:
        return Word(0, 0, len(text), text, text, synset, token)

    road, path, lamp = (
        word("road", "road.n.01", 1),
        word("path", "road.n.01", 4),
        word("lamp", "lamp.n.01", 6),
    )
    assert _by_synset([road, lamp, path]) == {"road.n.01": [road, path], "lamp.n.01": [lamp]}
    assert _by_synset([]) == {}
    assert path.span == Span(0, 0, 4, "path")  # made when a candidate needs it


def test_lemma_counts_count_each_lemma_of_a_sentences_nouns():
    lamp, door = (
        Word(0, 4, 8, "lamp", "lamp", "lamp.n.01", 1),
        Word(0, 13, 17, "door", "door", "door.n.01", 4),
    )
    assert _lemma_counts([lamp, door, lamp]) == {"lamp": 2, "door": 1} and _lemma_counts([]) == {}


def test_the_target_is_sought_only_for_a_word_wordnet_has_as_an_adjective(monkeypatch, mined):
    sought = []
    target = synonyms._target
    monkeypatch.setattr(
        synonyms, "_target", lambda doc, k, **kw: sought.append(doc[k].text) or target(doc, k, **kw)
    )
    doc = read(load_tagger()("The walked path was steep."), "The walked path was steep.")
    assert [a.lemma for a in adjectives(doc, 0)] == ["steep"] and sought == ["steep"]
