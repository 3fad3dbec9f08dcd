import pytest

from text.lexicon import Lexicon

DICTIONARY = {
    "拳头": ("fist",),
    "北京": ("beij",),
    "林": ("forest", "lin"),
    "晚": ("evening", "late"),
    "网": ("net",),
}


def test_sources_of_candidates():
    lexicon = Lexicon(DICTIONARY)
    assert lexicon.candidates("拳头", "n") == {"fist"}
    assert lexicon.candidates("三次", "m") == {"3"}
    assert lexicon.candidates("林晚", "") >= {"lin", "wan", "linwan"}  # unknown: pinyin and pieces
    assert {"late", "net"} <= lexicon.candidates("晚网", "")


def test_an_unknown_words_pieces_give_no_numbers():
    lexicon = Lexicon({**DICTIONARY, "人": ("person", "1", "people", "man")})
    assert lexicon.candidates("人网", "") == {"person", "people", "man", "net", "ren", "wang", "renwang"}


def test_learned_pairs_are_added():
    lexicon = Lexicon(DICTIONARY).with_learned({"阿丑": frozenset({"bramble"})})
    assert "bramble" in lexicon.candidates("阿丑", "nr")
    assert lexicon.with_learned({"阿丑": frozenset({"bao"})}).learned["阿丑"] == {"bramble", "bao"}


def test_candidates_of_each_kind():
    lexicon = Lexicon({**DICTIONARY, "三": ("three",), "晚网": ()}).with_learned({"林": frozenset({"lynn"})})
    assert lexicon.candidates("拳头", "n") == {"fist"}  # a dictionary word: its senses only
    assert lexicon.candidates("三", "m") == {"3", "three"}  # a numeral: its senses and its digits
    assert lexicon.candidates("林", "nr") == {"forest", "lin", "lynn"}  # a name: senses, pinyin, learned
    assert lexicon.candidates("林晚", "nr") == {"evening", "forest", "late", "lin", "linwan", "wan"}
    assert lexicon.candidates("晚网", "") == {"wan", "wang", "wanwang"}  # no senses, and a piece without any
    assert lexicon.candidates("网晚北京", "") == {
        "bei", "beij", "evening", "jing", "late", "net", "wan", "wanbeij", "wang", "wangwanbeij"
    }  # fmt: skip
    latin = Lexicon({**DICTIONARY, "QQ": ("tencent",)})
    assert latin.candidates("QQ", "eng") == {"qq", "tencent"}  # a Latin word: itself and its senses
    assert latin.candidates("Bosses", "") == {"boss"}  # stemmed as the English side is
    assert latin.candidates("a", "") == set()  # an English stop word matches nothing


def test_parts_gloss_a_word_by_its_shorter_words():
    senses = ("person", "1", "people", "man", "human", "folk")
    lexicon = Lexicon({**DICTIONARY, "北京人": ("pekingese",), "人": senses})
    # not the word, nor numbers; a character's first 5 senses
    assert lexicon.parts("北京人") == {"beij", "person", "people", "man", "human"}
    assert lexicon.parts("拳头") == frozenset()  # characters the dictionary lacks


def test_a_words_parts_and_its_candidates_are_memoised_apart(monkeypatch):
    import text.lexicon

    monkeypatch.setattr(text.lexicon, "MEMO_SIZE", 3)
    lexicon = Lexicon({**DICTIONARY, "北京人": ("pekingese",), "人": ("person",)})
    parts = lexicon.parts("北京人")
    assert lexicon.parts("北京人") is parts and lexicon.candidates("北京人") == {"pekingese"}
    assert lexicon.candidates("人", "n") == {"person"}
    assert len(lexicon._memo) == 3
    lexicon.candidates("北京")  # the memo is full: it starts over
    assert list(lexicon._memo) == [("北京", "")]


class _CountedDictionary(dict[str, tuple[str, ...]]):
    """A dictionary that counts its look-ups."""

    lookups = 0

    def get(self, word: str, default: tuple[str, ...] | None = None) -> tuple[str, ...] | None:
        self.lookups += 1
        return super().get(word, default)


@pytest.mark.parametrize("digits", [250, 1_000])
def test_a_long_words_parts_take_two_lookups_per_character(digits):
    """Every length of piece was looked up at every start: a line of 100,000 digits, one jieba word, took days
    to align (cubic). No piece longer than the dictionary's longest word (2 characters) is looked up now:
    北京, then 11 and 1 at each digit, then 林."""
    dictionary = _CountedDictionary(DICTIONARY)
    assert Lexicon(dictionary).parts("北京" + "1" * digits + "林") == {"beij", "forest", "lin"}
    assert dictionary.lookups == 2 * digits + 2
