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


def test_learned_pairs_are_added():
    lexicon = Lexicon(DICTIONARY).with_learned({"小宝": frozenset({"trinket"})})
    assert "trinket" in lexicon.candidates("小宝", "nr")
    assert lexicon.with_learned({"小宝": frozenset({"bao"})}).learned["小宝"] == {"trinket", "bao"}
