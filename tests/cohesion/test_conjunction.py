from pathlib import Path

import pytest

from cohesion import conjunction
from cohesion.conjunction import OPENING, _initial, _later
from cohesion.miner import mine
from text import connectives

RAIN = "It rained all day."


def test_initial_connective(mined):
    assert mined("conjunction", RAIN, "However, we went out.") == [
        ("adversative", (0, 0, 0, ""), (1, 0, 7, "However"), "however")
    ]


def test_after_quote_and_multiword(mined):
    assert mined("conjunction", RAIN, '"But I was there," she said.')[0][2] == (1, 1, 4, "But")
    assert mined("conjunction", RAIN, "As a result, the road closed.") == [
        ("causal", (0, 0, 0, ""), (1, 0, 11, "As a result"), "as a result")
    ]
    assert mined("conjunction", RAIN, "Then he left.")[0][0] == "temporal"
    assert mined("conjunction", RAIN, "And so we stayed.")[0][3] == "and so"


@pytest.mark.parametrize(
    "second, kind, connective",
    [
        ("Before long, the river rose.", "temporal", "Before long"),
        ("Just then the door opened.", "temporal", "Just then"),
        ("Right then, the door opened.", "temporal", "Right then"),
        ("At that moment, the door opened.", "temporal", "At that moment"),
        ("Besides that, the road was long.", "additive", "Besides that"),
        ("So to calm her, he smiled.", "causal", "So"),  # "so" takes no "to" as a preposition
        ("So the trip was off.", "causal", "So"),  # a determiner after "so": no intensifier
        ("At least you stayed dry.", "adversative", "At least"),  # a pronoun subject after it
        ("At least Nora stayed dry.", "adversative", "At least"),  # a name
        ("But to what end?", "adversative", "But"),  # a coordinator takes no "to"/"of" complement
        ("Or to put it plainly, we stayed.", "additive", "Or"),
        ("In actual fact, it was snow.", "adversative", "In actual fact"),
        ("Shortly after, the sun came out.", "temporal", "Shortly after"),
        ("At this point the river rose.", "temporal", "At this point"),
        ("At this moment, the door opened.", "temporal", "At this moment"),
        ("Presently she saw the boat.", "temporal", "Presently"),
        ("Right now, the road is shut.", "temporal", "Right now"),
        ("At the moment, the road is shut.", "temporal", "At the moment"),
        ("Actually it was snow.", "adversative", "Actually"),  # a pronoun subject after it
        ("In no time the river rose.", "temporal", "In no time"),
        ("In a flash, the sun came out.", "temporal", "In a flash"),
        ("At first we stayed in.", "temporal", "At first"),  # a pronoun subject or a comma after it
        ("However…", "adversative", "However"),  # the speaker trails off
        ("But… the ferry was free.", "adversative", "But"),  # the speaker pauses, then goes on
        ("Earlier, the ferry was free.", "temporal", "Earlier"),
        ("Thereafter the river rose.", "temporal", "Thereafter"),
        ("First off, the roof leaked.", "temporal", "First off"),
        ("Anyways, we stayed in.", "adversative", "Anyways"),
        ("Plus, the roof leaked.", "additive", "Plus"),
        ("Or maybe it was snow.", "additive", "Or maybe"),  # "or" before an adverb, as one connective
        ("At the time we had no boat.", "temporal", "At the time"),  # a pronoun subject or a comma after it
        ("At that time, the ferry was free.", "temporal", "At that time"),
        ("By then the river had risen.", "temporal", "By then"),
        ("More precisely, it was sleet.", "adversative", "More precisely"),  # corrects what came before
        ("Or rather, it was sleet.", "adversative", "Or rather"),
        ("To be precise, it was sleet.", "adversative", "To be precise"),
    ],
)
def test_temporal_and_additive_phrases_and_so_before_a_purpose(mined, second, kind, connective):
    assert mined("conjunction", RAIN, second) == [
        (kind, (0, 0, 0, ""), (1, 0, len(connective), connective), connective.lower())
    ]
    assert mined("conjunction", RAIN, "In addition to the rain, it was cold.") == []


@pytest.mark.parametrize(
    "second",
    [
        "An hour later, the sun came out.",
        "Two days later we left.",
        "Moments later, the door opened.",
        "Some time later, the rain stopped.",
        "A little while later we left.",
    ],
)
def test_a_span_of_time_and_later_is_later(mined, second):
    phrase = second[: second.index("later") + 5]
    assert mined("conjunction", RAIN, second) == [
        ("temporal", (0, 0, 0, ""), (1, 0, len(phrase), phrase), "later")
    ]


@pytest.mark.parametrize(
    "second, phrase",
    [
        ("After two days, the sun came out.", "After two days"),
        ("After over two hours he gave up.", "After over two hours"),
        ("In less than a minute the road flooded.", "In less than a minute"),
        ("Within a week, the river fell.", "Within a week"),
    ],
)
def test_after_or_in_and_a_counted_span_of_time_is_later(mined, second, phrase):
    assert mined("conjunction", RAIN, second) == [
        ("temporal", (0, 0, 0, ""), (1, 0, len(phrase), phrase), "later")
    ]


@pytest.mark.parametrize(
    "second, phrase",
    [
        ("That night he slept badly.", "That night"),
        ("This time, the river held.", "This time"),
        ("In those days, we walked everywhere.", "In those days"),
        ("Just at that moment the door opened.", "Just at that moment"),
        ("By this time Anna was soaked.", "By this time"),
    ],
)
def test_a_time_named_by_a_demonstrative_is_temporal(mined, second, phrase):
    assert mined("conjunction", RAIN, second) == [
        ("temporal", (0, 0, 0, ""), (1, 0, len(phrase), phrase), phrase.lower())
    ]


@pytest.mark.parametrize(
    "second", ["That day was the coldest.", "At that time of year the river rises.", "These days are long."]
)
def test_a_demonstrative_time_as_subject_or_before_a_preposition_is_no_connective(mined, second):
    assert mined("conjunction", RAIN, second) == []


def test_final_and_parenthetical(mined):
    assert mined("conjunction", RAIN, "He didn't come, though.") == [
        ("adversative", (0, 0, 0, ""), (1, 16, 22, "though"), "though")
    ]
    assert mined("conjunction", RAIN, "It kept the dust down, at least.")[0][2] == (1, 23, 31, "at least")
    assert mined("conjunction", RAIN, "He, however, refused.")[0][2] == (1, 4, 11, "however")
    assert mined("conjunction", RAIN, "Her boots, too, were soaked.")[0][2] == (1, 11, 14, "too")


def test_at_first_before_a_noun_is_no_connective(mined):
    assert mined("conjunction", RAIN, "At first sight the river looked calm.") == []
    assert mined("conjunction", RAIN, "At the time of the flood the river looked calm.") == []
    assert mined("conjunction", RAIN, "More precisely than ever, the gauge showed the rise.") == []


def test_after_a_pronoun_subject_before_its_verb(mined):
    assert mined("conjunction", RAIN, "She therefore stayed home.") == [
        ("causal", (0, 0, 0, ""), (1, 4, 13, "therefore"), "therefore")
    ]
    assert mined("conjunction", RAIN, "Seeing the clouds, we then ran home.")[0][2] == (1, 22, 26, "then")
    assert mined("conjunction", RAIN, "We then quickly ran home.")[0][2] == (
        1,
        3,
        7,
        "then",
    )  # an adverb between
    assert mined("conjunction", RAIN, "We also stayed in.") == [
        ("additive", (0, 0, 0, ""), (1, 3, 7, "also"), "also")
    ]
    assert mined("conjunction", RAIN, "From then on we stayed in.")[0][2:] == (
        (1, 0, 12, "From then on"),
        "from then on",
    )
    assert mined("conjunction", RAIN, "Anna Lee then ran home.")[0][2] == (1, 9, 13, "then")  # a name subject
    for none in ("She then a child stayed home.", "The dog therefore barked.", "It, then, was over."):
        assert mined("conjunction", RAIN, none) == []


def test_after_a_subject_and_an_auxiliary(mined):
    assert mined("conjunction", RAIN, "She was also soaked.") == [
        ("additive", (0, 0, 0, ""), (1, 8, 12, "also"), "also")
    ]
    assert mined("conjunction", RAIN, "This could also explain the flood.")[0][2] == (1, 11, 15, "also")
    assert mined("conjunction", RAIN, "It was then that we left.")[0][2:] == ((1, 7, 11, "then"), "then")
    assert mined("conjunction", RAIN, "The roof was also soaked.") == []  # a noun subject


def test_a_connective_after_the_subject_of_an_initial_one_is_a_second_tie(mined):
    assert mined("conjunction", RAIN, "But Nora then ran home.") == [
        ("adversative", (0, 0, 0, ""), (1, 0, 3, "But"), "but"),
        ("temporal", (0, 0, 0, ""), (1, 9, 13, "then"), "then"),
    ]
    assert [c[3] for c in mined("conjunction", RAIN, "And, she also stayed in.")] == ["and", "also"]


@pytest.mark.parametrize(
    "second, connective",
    [
        ("Nora meanwhile had run home.", "meanwhile"),  # durative, after the subject (H&H)
        ("Nora had meanwhile run home.", "meanwhile"),
        ("She by then had run home.", "by then"),
        ("She however stayed in.", "however"),
        ("She instead stayed in.", "instead"),
        ("Still she went out.", "still"),  # adversative before a subject, without its comma
    ],
)
def test_literature_positions(mined, second, connective):
    assert [c[3] for c in mined("conjunction", RAIN, second)] == [connective]


@pytest.mark.parametrize(
    "second, kind, connective",
    [
        ("By contrast, the hills stayed dry.", "adversative", "By contrast"),
        ("The hills, by contrast, stayed dry.", "adversative", "by contrast"),
        ("At any rate, we stayed in.", "adversative", "At any rate"),
        ("She accordingly stayed in.", "causal", "accordingly"),
        ("Under the circumstances we stayed in.", "causal", "Under the circumstances"),
        ("Ever since then we have stayed in.", "temporal", "Ever since then"),
        ("From now on, we stay in.", "temporal", "From now on"),
        ("In short, we stayed in.", "temporal", "In short"),
        ("Ultimately we stayed in.", "temporal", "Ultimately"),
        ("Next day we stayed in.", "temporal", "Next day"),
        ("The following morning, we stayed in.", "temporal", "The following morning"),
    ],
)
def test_literature_connectives(mined, second, kind, connective):
    found = mined("conjunction", RAIN, second)
    assert [(c[0], c[2][3]) for c in found] == [(kind, connective)]


@pytest.mark.parametrize(
    "second",
    ["The next day was dry.", "In short order we left.", "In contrast to the hills, the town flooded."],
)
def test_literature_connectives_that_are_no_tie_here(mined, second):
    assert mined("conjunction", RAIN, second) == []


def test_a_connective_opening_the_quote_after_a_speech_tag(mined):
    assert mined("conjunction", RAIN, 'Nora\'s aunt said, "But we have boots."') == [
        ("adversative", (0, 0, 0, ""), (1, 19, 22, "But"), "but")
    ]
    assert mined("conjunction", RAIN, "He cried: 'So you stayed dry!'")[0][2] == (1, 11, 13, "So")
    quoted = '"We stayed," she said, "but it was dull."'  # one quoted sentence, the tag inside it
    assert mined("conjunction", RAIN, quoted) == []


def test_a_connective_alone_is_a_sentence(mined):
    assert mined("conjunction", RAIN, "At that point.")[0][2] == (1, 0, 13, "At that point")
    assert mined("conjunction", RAIN, "However!")[0][2] == (1, 0, 7, "However")
    assert mined("conjunction", RAIN, "So.") == []  # "so" of condition "degree" needs words after it


@pytest.mark.parametrize(
    "second",
    [
        "So beautiful!",
        "So much for that.",
        "Because it rained, we stayed.",
        "When he came, we left.",
        "Still no answer.",
        "Yet another day passed.",
        "But?",
        "So what?",
        "At least ten roofs leaked.",
        "Shortly after the storm, we left.",  # a preposition: "after the storm"
        "Two days later than planned, we left.",
        "After he left, we stayed.",  # a subordinator: both sides in one sentence
        "In many ways it was a relief.",
        "Plus one more roof leaked.",  # "plus" needs its comma
        "So…",
        "So… beautiful!",  # an intensifier after the pause too
        "Earlier that day we stayed.",  # "earlier" needs its comma
    ],
)
def test_exclusions(mined, second):
    assert mined("conjunction", RAIN, second) == []


def test_first_sentence_has_nothing_to_link_to(mined):
    assert mined("conjunction", "However, we went out.") == []


def test_correlative_opener_two_or_more_sentences_back(mined):
    found = mined(
        "conjunction",
        "At first she refused to talk about it.",
        "He waited.",
        "Later she told him everything.",
    )
    assert found == [
        ("temporal", (1, 0, 0, ""), (2, 0, 5, "Later"), "later"),
        ("temporal", (0, 0, 8, "At first"), (2, 0, 5, "Later"), "at first … later"),
    ]


def test_correlative_enumeration_and_other_hand(mined):
    found = mined("conjunction", '"First, we block the door.', "The hinges are old.", '"Then we wait."')
    # speech resumed after an aside: only the series link
    assert found == [("temporal", (0, 1, 6, "First"), (2, 1, 5, "Then"), "first … then")]
    found = mined(
        "conjunction",
        "On the one hand, the pay was good.",
        "The hours were long.",
        "The boss was kind.",
        "On the other hand, the commute was brutal.",
    )
    assert found[1] == (
        "adversative",
        (0, 0, 15, "On the one hand"),
        (3, 0, 17, "On the other hand"),
        "on the one hand … on the other hand",
    )


def _plain(a: int, b: int, connective: str) -> tuple:
    """A temporal candidate whose element 1 is the whole of sentence ``a`` (no correlative span)."""
    return ("temporal", (a, 0, 0, ""), (b, 0, len(connective), connective), connective.lower())


@pytest.mark.parametrize(
    "sentences, expected",
    [
        # adjacent: only the plain candidate
        (("At first she refused.", "Later she agreed."), [_plain(0, 1, "Later")]),
        # an intervening member of the series is the closer link
        (
            ("First, boil the water.", "Then add the leaves.", "It steams.", "Finally, pour."),
            [_plain(0, 1, "Then"), _plain(2, 3, "Finally")],
        ),
        (  # a span of time and "later" is such a member too
            ("At first it was calm.", "It drifted.", "An hour later, it rained.", "Later it cleared."),
            [
                ("temporal", (1, 0, 0, ""), (2, 0, 13, "An hour later"), "later"),
                ("temporal", (0, 0, 8, "At first"), (2, 0, 13, "An hour later"), "at first … later"),
                _plain(2, 3, "Later"),
            ],
        ),
        # "then" does not continue an "at first" series; "at first sight" is no opener
        (("At first she refused.", "He waited.", "Then she agreed."), [_plain(1, 2, "Then")]),
        (
            ("It was love at first sight.", "They married.", "Eventually they divorced."),
            [_plain(1, 2, "Eventually")],
        ),
        # "first" opens a series only sentence-initially
        (("She came first, as always.", "He came second.", "Later they ate."), [_plain(1, 2, "Later")]),
    ],
)
def test_correlative_exclusions(mined, sentences, expected):
    assert mined("conjunction", *sentences) == expected


def test_speech_resumed_after_an_aside_links_across_it(mined):
    dialogue = (
        '"This lock was opened by an expert," Dorrin said slowly.',
        "The vault had three locks.",
        '"Yet whoever did it took nothing."',
    )
    assert mined("conjunction", *dialogue) == [
        ("adversative", (0, 1, 34, "This lock was opened by an expert"), (2, 1, 4, "Yet"), "yet")
    ]
    # speech answering narration, with no earlier speech, keeps its adjacent link
    assert mined("conjunction", "He looked at the sky.", "The clouds were dark.", '"But we go on."') == [
        ("adversative", (1, 0, 0, ""), (2, 1, 4, "But"), "but")
    ]


def test_returning_connective_links_past_a_sentence_about_something_else(mined):
    found = mined(
        "conjunction", "He promised to call.", "The phone stayed silent.", "Instead, he wrote a letter."
    )
    assert found == [("adversative", (0, 0, 19, "He promised to call"), (2, 0, 7, "Instead"), "instead")]
    found = mined("conjunction", "He promised to call.", "He was busy.", "Instead, he wrote a letter.")
    assert found == [("adversative", (1, 0, 0, ""), (2, 0, 7, "Instead"), "instead")]


def test_chinese_connective_is_recorded_as_evidence():
    from cohesion.miner import mine

    found = mine(["It rained.", "However, we went out."], ["下雨了。", "但是我们出去了。"])
    assert [c.evidence for c in found if c.phenomenon == "conjunction"] == ["zh=但是"]


def test_prepositional_uses_are_no_connectives(mined):
    assert mined("conjunction", RAIN, "In addition to the rain, the wind rose.") == []
    assert mined("conjunction", RAIN, "Instead of waiting, we left.") == []


def test_connective_after_a_semicolon_links_the_clauses(mined):
    found = mine(["The land floods in autumn; but the tall stalks resist water."])
    assert [
        (c.phenomenon, c.adjacency, c.a.text, c.b.text) for c in found if c.phenomenon == "conjunction"
    ] == [("conjunction", "adjacent", "The land floods in autumn", "but")]
    assert (
        mined("conjunction", "The land floods; Yet another flood came.") == []
    )  # capitalised: not a clause link


def test_temporal_phrases_open_a_sentence(mined):
    found = mined("conjunction", "The boy waited.", "After a while, he left.")
    assert [b[3] for _, _, b, _ in found] == ["After a while"]
    found = mined("conjunction", "The room was quiet.", "All of a sudden there was a crash.")
    assert [b[3] for _, _, b, _ in found] == ["All of a sudden"]


def test_so_before_a_sentence_adverb_and_comma(mined):
    found = mined("conjunction", "She was like a sister to me.", "So naturally, I wished her well.")
    assert [b[3] for _, _, b, _ in found] == ["So"]
    assert mined("conjunction", "He ran.", "So quickly that nobody saw him.") == []


def test_a_connective_after_an_interjection_without_its_comma(mined):
    assert mined("conjunction", RAIN, "'Well then, stay in.'") == [
        ("temporal", (0, 0, 0, ""), (1, 6, 10, "then"), "then")
    ]


def test_sequential_connective_links_past_background_to_the_event(mined):
    shop, walk = "Ana locked the shop at six.", "Then she walked home."
    assert mined("conjunction", shop, "The shop was small and warm.", walk) == [
        ("temporal", (0, 0, 26, "Ana locked the shop at six"), (2, 0, 4, "Then"), "then")
    ]
    # two sentences of background: a state, then a flashback
    found = mined("conjunction", shop, "It was small.", "She had owned it for years.", "Later, she left.")
    assert found == [("temporal", (0, 0, 26, "Ana locked the shop at six"), (3, 0, 5, "Later"), "later")]


@pytest.mark.parametrize(
    "first, second, third",
    [
        ("Ana locked the shop at six.", "The bell rang.", "Then she walked home."),  # an event between
        ("Ana locked the shop at six.", "When she was done, it was dark.", "Then she walked home."),
        ('"Lock it," Ana said.', "The shop was small.", "Then she walked home."),  # speech before
        ("Ana locked the shop at six.", "The street was dark.", "But she walked home."),  # not sequential
    ],
)
def test_sequential_connective_stays_adjacent(mined, first, second, third):
    assert [(a[0], b[0]) for _, a, b, _ in mined("conjunction", first, second, third)] == [(1, 2)]


SAID, ALSO_SAID = "The clerk said the form was late.", "He also said the fee had doubled."


def test_a_connective_links_past_a_verbless_outcry(mined):
    found = mined("conjunction", "The guard lifted his spear.", "Clang!", "But the arrow struck first.")
    assert found == [("adversative", (0, 0, 26, "The guard lifted his spear"), (2, 0, 3, "But"), "but")]
    # an outcry with a verb, or a spoken one, is a sentence of its own: the link stays adjacent
    for outcry in ("It fell!", '"Clang!"'):
        found = mined("conjunction", "The guard lifted his spear.", outcry, "But the arrow struck first.")
        assert [(a[0], b[0]) for _, a, b, _ in found] == [(1, 2)]


def test_also_links_to_the_earlier_sentence_with_its_verb(mined):
    found = mined("conjunction", SAID, "That clerk was new.", ALSO_SAID)
    assert found == [("additive", (0, 0, 32, "The clerk said the form was late"), (2, 3, 7, "also"), "also")]


@pytest.mark.parametrize(
    "first, second",
    [
        (SAID, "He said it twice."),  # the previous sentence has the verb
        ("The clerk frowned.", "That clerk was new."),  # no sentence in reach has it
        ("I never said a word.", "That clerk was new."),  # another personal pronoun says it there
    ],
)
def test_also_stays_adjacent(mined, first, second):
    assert [(a[0], b[0]) for _, a, b, _ in mined("conjunction", first, second, ALSO_SAID)] == [(1, 2)]


def test_the_tests_of_an_initial_connective_read_from_where_the_words_start():
    text = "“Well, an hour later, the gate opened.”"
    start = OPENING.match(text).end()
    assert text[start:].startswith("an hour") and _later(text, start).group("c") == "an hour later"
    assert _later(text, 0) is None and _initial(text, None, start) is None


def test_a_connective_links_past_an_aside_about_a_thing_of_the_event(mined):
    fixed = "Ana fixed her bike on Monday."
    found = mined("conjunction", fixed, "It was an old red model.", "So Ana rode the bike to work.")
    assert found == [("causal", (0, 0, 28, "Ana fixed her bike on Monday"), (2, 0, 2, "So"), "so")]
    found = mined("conjunction", fixed, "The bike had belonged to her aunt.", "But on Tuesday, Ana walked.")
    assert [(a[0], b[0]) for _, a, b, _ in found] == [(0, 2)]


@pytest.mark.parametrize(
    "first, second, third",
    [
        ("Ana opened the box.", "The box was empty.", "But she was not surprised."),  # no word of the event
        ("Ana fixed her bike.", "It was an old model.", "So Ana sold the model."),  # goes on with the aside
        ("Ana fixed her bike.", "The shop was closed.", "So Ana rode the bike."),  # the aside: another thing
        ("Ana fixed her bike.", "Her aunt was a mechanic.", "So Ana rode the bike."),  # ... a person
        ("Ana fixed her bike.", "It rained.", "So Ana rode the bike."),  # an event between
        ("The bike was old.", "It was red.", "So Ana rode the bike."),  # no event before the aside
        ('"I fixed the bike."', "It was an old model.", "So Ana rode the bike."),  # speech
    ],
)
def test_a_connective_after_an_aside_stays_adjacent(mined, first, second, third):
    assert [(a[0], b[0]) for _, a, b, _ in mined("conjunction", first, second, third)] == [(1, 2)]


def test_a_position_without_entries_in_a_cut_table_matches_nothing(tmp_path: Path, monkeypatch):
    (tmp_path / "connectives.tsv").write_text("later\ttemporal\ti\t-\n")
    monkeypatch.setattr(connectives, "DATA", tmp_path)
    caches = (connectives.connectives, connectives._connective_table, conjunction.patterns)
    for loaded in caches:
        loaded.cache_clear()
    try:  # the empty alternative matched the empty text: a connective "" that the table lacks
        assert conjunction.patterns()["f"].search("He left, .") is None
        assert conjunction.patterns()["p"].search("He, , left.") is None
    finally:
        for loaded in caches:
            loaded.cache_clear()
