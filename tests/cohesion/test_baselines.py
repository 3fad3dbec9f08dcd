"""The two baselines on invented Table-1-style items (spaCy tags decide the target's word class)."""

from cohesion import baselines
from cohesion.nlp import load_tagger


def item(id_: str, phenomenon: str, adjacent: bool, context: list[str], target: str, word: str) -> dict:
    start = target.index(word)
    b = {"start": start, "end": start + len(word), "text": word}
    return {
        "id": id_,
        "phenomenon": phenomenon,
        "adjacent": adjacent,
        "context": context,
        "target": target,
        "b": b,
    }


ITEMS = [
    item("rep", "repetition", True, ["Ada hid a small key in the garden."], "Later the key was gone.", "key"),
    item(
        "rep2",
        "repetition",
        False,
        ["Ada bought two kettles.", "It was noon."],
        "Both kettles leaked.",
        "kettles",
    ),
    item("ref", "reference", False, ["Oren thanked her.", "Nell Brody shut the gate."], "She waved.", "She"),
    item("conj", "conjunction", True, ["The bridge was closed."], "Instead, we took the ferry.", "Instead"),
]
CORPUS = [
    "The dog saw the cat.",
    "The dog ran home.",
    "She smiled.",
    "He laughed.",
    "She left early.",
    "Then it rained.",
]


def _tagged():
    return baselines.tag_items(ITEMS, load_tagger())


def test_context_takes_the_nearest_earlier_word_with_the_targets_tag():
    tagged = _tagged()
    assert [t.tag for t in tagged] == ["NN", "NNS", "PRP", "RB"]
    rows = baselines.context(ITEMS, tagged)
    # nearest NN is "garden" (not "key"), nearest NNS "kettles", nearest PRP "her", no adverb before "Instead"
    assert [(r["prediction"], r["hit"]) for r in rows] == [
        ("garden", False), ("kettles", True), ("her", False), ("", False)
    ]  # fmt: skip
    assert {r["p_context"] for r in rows} == {None}


def test_unigram_takes_the_corpus_s_most_frequent_word_of_the_tag():
    rows = baselines.unigram(ITEMS, _tagged(), baselines.tag_counts(CORPUS, load_tagger()))
    # NN: dog 2 > cat 1; no NNS in the corpus; PRP: she 2 of 4; RB: early and then once each -> early
    assert [(r["prediction"], r["hit"], r["p_context"]) for r in rows] == [
        ("dog", False, 0.0), ("", False, 0.0), ("she", True, 0.5), ("early", False, 0.0)
    ]  # fmt: skip
    assert [r["p_no_context"] for r in rows] == [r["p_context"] for r in rows]


class _Recording:
    """spaCy's pipeline, noting the texts it is given."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def pipe(self, texts, batch_size):
        for text in texts:
            self.texts.append(text)
            yield load_tagger()(text)


def test_runs_without_whitespace_are_cut_before_spacy_keeping_offsets():
    run = "=" * 450  # (spaCy's tokenizer takes time quadratic in such a run)
    texts = [f"The cat {run} slept.", f"The cat {run} woke.", f"A dog {run} ran."]
    nlp = _Recording()
    tagged = baselines.tag_items([item("rep", "repetition", True, texts[:1], texts[1], "cat")], nlp)
    baselines.tag_counts(texts[2:], nlp)
    assert [len(t) for t in nlp.texts] == [len(t) for t in texts]
    assert max(len(part) for t in nlp.texts for part in t.split()) == 200
    assert tagged[0].tag == "NN"  # the target's span still falls on "cat"
