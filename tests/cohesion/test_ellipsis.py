import re
from types import SimpleNamespace

import pytest

from cohesion import ellipsis, lexicon


def test_embedded_with_antecedent_in_the_same_sentence(mined):
    found = mined("ellipsis", "Somebody called, but I don't know who.")
    assert found == [("embedded_merger", (0, 0, 15, "Somebody called"), (0, 34, 37, "who"), "who")]


def test_embedded_adjacent(mined):
    found = mined("ellipsis", "He left early.", "I just don't know when.")
    assert found == [("embedded_sprouting", (0, 0, 13, "He left early"), (1, 18, 22, "when"), "when")]


def test_root_sluice(mined):
    found = mined("ellipsis", "She refused the money.", '"Why?"')
    assert found == [("root_sprouting", (0, 0, 21, "She refused the money"), (1, 1, 4, "Why"), "why")]


@pytest.mark.parametrize("second", ['"Why?" asked Tom.', 'Tom asked, "Why?"'])
def test_a_root_sluice_with_a_speech_tag(mined, second):
    at = second.index("Why")
    found = mined("ellipsis", "She refused the money.", second)
    assert found == [("root_sprouting", (0, 0, 21, "She refused the money"), (1, at, at + 3, "Why"), "why")]


def test_the_speech_tag_of_an_embedded_sluice_is_no_antecedent(mined):
    found = mined("ellipsis", "Somebody took the money.", 'Anna said, "I don\'t know who."')
    assert found == [("embedded_merger", (0, 0, 23, "Somebody took the money"), (1, 25, 28, "who"), "who")]


@pytest.mark.parametrize(
    "second",
    [
        'Tom said: "What?"',
        "That's why.",
        "Who knows?",
        "Guess what?",
        "So what?",
        "Is he coming or what?",
        "You know what?",
        "What?",
        "Why not?",
        "Who's there?",
        "I know what you did.",
        "Why, you little thief!",
    ],
)
def test_frozen_and_non_sluices(mined, second):
    assert mined("ellipsis", "She refused the money.", second) == []


def test_root_sluice_needs_a_statement_before(mined):
    assert mined("ellipsis", "Are you leaving?", "Why?") == []


def test_non_adjacent_merger(mined):
    found = mined("ellipsis", "Someone had been in the study.", "The drawer was open.", "She wondered who.")
    assert found == [
        ("embedded_merger", (0, 0, 29, "Someone had been in the study"), (2, 13, 16, "who"), "who")
    ]
    found = mined("ellipsis", "For some reason he had left.", "The car was gone.", "It was cold.", '"Why?"')
    assert found == [("root_merger", (0, 0, 27, "For some reason he had left"), (3, 1, 4, "Why"), "why")]


@pytest.mark.parametrize("plan", ["was going to", "promised to", "planned to", "decided to"])
def test_when_takes_a_planned_or_promised_event_for_its_correlate(mined, plan):
    first = f"The band {plan} tour the coast."
    found = mined("ellipsis", first, "Tickets sold out in a day.", "Nobody could say when.")
    assert found == [("embedded_sprouting", (0, 0, len(first) - 1, first[:-1]), (2, 17, 21, "when"), "when")]


@pytest.mark.parametrize(
    "state",
    ["The children were excited.", "The gates were all locked.", "The gates were not locked."],
)
def test_a_state_is_passed_over_for_the_event_before_it_even_a_progressive_one(mined, state):
    found = mined("ellipsis", "The school was moving to a new town.", state, "Nobody would tell us where.")
    assert [(a[0], b[3]) for _, a, b, _ in found] == [(0, "where")]


def test_non_adjacent_needs_a_matching_correlate(mined):
    # the correlate must match the remnant (someone - who, not why)
    sentences = ("Someone had been in the study.", "The drawer was open.", "She wondered why.")
    assert [f[1][0] for f in mined("ellipsis", *sentences)] == [1]


@pytest.mark.parametrize(
    "sentences",
    [
        # no sluice looks across a question
        ("Someone had been in the study.", "Was the drawer open?", "She wondered who."),
        # beyond REACH (five sentences)
        (
            "Someone was in the study.",
            "The drawer was open.",
            "It was dark.",
            "It was late.",
            "The lamp was out.",
            "The door was shut.",
            "She wondered who.",
        ),
    ],
)
def test_an_argument_remnant_needs_a_correlate_close_by(mined, sentences):
    assert mined("ellipsis", *sentences) == []


@pytest.mark.parametrize(
    "sentences",
    [
        ("Anna is coming tonight.", '"Who?"'),  # an echo of a definite
        ("He bought the book.", "She asked him what."),
        ("Say what you like.", "Says who?"),
        ("The ship sank.", "Guess who?"),
        ("The ship sank.", "He left for God knows what."),
    ],
)
def test_who_or_what_without_an_indefinite_correlate_is_no_sluice(mined, sentences):
    assert mined("ellipsis", *sentences) == []


@pytest.mark.parametrize(
    ("sentences", "found"),
    [
        (
            ("Tim's aunt planned a surprise.", "He searched the closets.", "He couldn't figure out what."),
            [("embedded_merger", 0, 2)],
        ),
        (("A visitor is at the door.", '"Who?"'), [("root_merger", 0, 1)]),
        (("The parcel came.", "A stranger brought it, but she never said who."), [("embedded_merger", 1, 1)]),
    ],
)
def test_an_indefinite_noun_phrase_is_the_correlate_of_who_or_what(mined, sentences, found):
    assert [(kind, a[0], b[0]) for kind, a, b, _ in mined("ellipsis", *sentences)] == found


def test_cataphora_and_frozen_i_know_what(mined):
    assert mined("ellipsis", "She refused the money.", "I did not know why, but I stayed.") == []
    assert mined("ellipsis", "She refused the money.", "I know what.") == []


def test_semicolon_clauses_are_adjacent():
    from cohesion.miner import mine

    found = [c for c in mine(["They will hire him; I just don't know when."]) if c.phenomenon == "ellipsis"]
    assert [(c.adjacency, c.distance, c.a.text, c.b.text) for c in found] == [
        ("adjacent", 0, "They will hire him", "when")
    ]


def test_non_adjacent_sluice_looks_back_five_sentences(mined):
    sentences = ("Someone had been in the study.", "The drawer was open.", "It was dark.", "It was late.")
    found = mined("ellipsis", *sentences, "She wondered who.")
    assert [(a[0], b[3]) for _, a, b, _ in found] == [(0, "who")]


def test_root_sluice_answers_speech_not_narration_nor_a_request(mined):
    found = mined("ellipsis", '"I sold the farm," he said.', "She put down her cup.", '"Why?"')
    assert [(a[0], a[3]) for _, a, _, _ in found] == [(0, "I sold the farm")]
    assert mined("ellipsis", '"Give me the key."', '"Why?"') == []


def test_a_root_sluice_in_narration_answers_the_narration(mined):
    sentences = (
        '"It wouldn’t be much for a rich man."',
        "He had to raise the money within a month.",
        "But how?",
    )
    found = mined("ellipsis", *sentences)
    assert [(a[0], a[3]) for _, a, _, _ in found] == [(1, "He had to raise the money within a month")]


def test_an_apostrophe_is_no_quotation_mark(mined):
    # the speech's second sentence: "It's" opens no quotation, so element 1 is the whole sentence
    found = mined("ellipsis", '"They left.', "It's a shame that the guests left.\"", '"Why?"')
    assert [(a[0], a[3]) for _, a, _, _ in found] == [(1, "It's a shame that the guests left")]
    # "wouldn’t" holds no speech: the narration after it is the nearer event
    found = mined("ellipsis", "He wouldn’t sell the farm.", "She sold it herself.", '"Why?"')
    assert [a[0] for _, a, _, _ in found] == [1]


def test_a_remnant_searches_only_the_sentences_tail_for_frozen_phrases(mined, monkeypatch):
    """Each remnant of "what? what? ..." searched the whole sentence before it for each frozen phrase ("so
    what"): 5 s for 10,000 characters (quadratic; a chapter of such lines mined for minutes). Now no search
    reads more than the longest phrase and the character before it."""
    searched: list[int] = []

    def search(pattern: str, text: str, flags: int = 0) -> re.Match[str] | None:
        searched.append(len(text))
        return re.search(pattern, text, flags)

    monkeypatch.setattr(ellipsis, "re", SimpleNamespace(**{**vars(re), "search": search}))
    assert mined("ellipsis", "She refused the money.", "So what? " * 100) == []
    assert max(searched) <= max(map(len, lexicon.words("sluice_stoplist.txt"))) + 1


def test_an_opening_phrase_without_a_verb_is_no_antecedent(mined):
    found = mined("ellipsis", "She left before dawn.", "The next morning, nobody could say why.")
    assert found == [("embedded_sprouting", (0, 0, 20, "She left before dawn"), (1, 35, 38, "why"), "why")]


def test_an_earlier_correlate_wins_over_a_clause_of_the_sluices_sentence_without_one(mined):
    found = mined(
        "ellipsis",
        "Someone moved the ladder.",
        "The paint was still wet.",
        "We all denied it, so she never learned who.",
    )
    assert found == [("embedded_merger", (0, 0, 24, "Someone moved the ladder"), (2, 39, 42, "who"), "who")]
    # with no correlate back there (a crow is no "who"), the clause of its sentence is the antecedent of a
    # "why", and "who" is no sluice
    found = mined("ellipsis", "A crow moved the ladder.", "We all denied it, so she never learned why.")
    assert found == [("embedded_sprouting", (1, 0, 16, "We all denied it"), (1, 39, 42, "why"), "why")]
    assert mined("ellipsis", "A crow moved the ladder.", "We all denied it, so she never learned who.") == []


def test_quote_is_a_quotation_mark_not_an_apostrophe_inside_a_word():
    text = "'Don’t,' said the Smiths’ boy, ‘go’ «now»'"
    assert [m.start() for m in ellipsis.QUOTE.finditer(text)] == [0, 7, 24, 31, 34, 36, 40, 41]


@pytest.mark.parametrize(
    "attempt", ["He checked the wires.", "Two men tested every socket.", "They searched the attic."]
)
def test_a_search_or_test_is_passed_over_for_the_event_it_is_about(mined, attempt):
    found = mined("ellipsis", "The lamp kept flickering.", attempt, "Nobody learned why.")
    assert [(a[0], b[3]) for _, a, b, _ in found] == [(0, "why")]


@pytest.mark.parametrize("ability", ["could mend", "managed to mend", "learned to mend", "was able to mend"])
def test_how_takes_an_ability_for_its_correlate(mined, ability):
    found = mined(
        "ellipsis",
        f"Rana {ability} old clocks.",
        "Her friends cheered.",
        "They begged her to teach them how.",
    )
    assert [(a[0], b[3]) for _, a, b, _ in found] == [(0, "how")]
    # a lost ability is none: the nearest event stays the antecedent
    found = mined("ellipsis", "Rana could not mend clocks.", "Her friends cheered.", "They asked her how.")
    assert [(a[0], b[3]) for _, a, b, _ in found] == [(1, "how")]


def test_a_hint_embeds_a_sluice(mined):
    found = mined(
        "ellipsis",
        "Rana had hidden the key somewhere.",
        "Her son gave up.",
        "She gave him a hint about where.",
    )
    assert [(a[0], b[3]) for _, a, b, _ in found] == [(0, "where")]


def test_the_speech_tag_holds_no_correlate_of_the_quote(mined):
    # "a stranger" tags the speech; the quote's own clause has no correlate, so "who" is no sluice
    assert mined("ellipsis", "The door was open.", 'A stranger said, "Nobody came, and I saw who."') == []
