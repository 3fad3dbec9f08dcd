from text.english import content_stems, stem


def test_stop_words_dropped_numbers_as_digits():
    assert content_stems("She had twenty-one cats and the first of them was 3") == ["21", "cat", "1", "3"]


def test_inflections_meet_their_base_form():
    assert stem("lowered") == stem("lower")
    assert stem("clenched") == stem("clench")
    assert stem("studies") == stem("study")
    assert stem("running") == stem("run")
    assert stem("said") == stem("say")
    assert stem("women") == stem("woman")


def test_pinyin_survives_stemming():
    assert [stem(word) for word in ("qing", "ling", "lian", "chuan")] == ["qing", "ling", "lian", "chuan"]


def test_contractions_and_curly_apostrophes():
    assert content_stems("Lin Wan\u2019s phone isn't here") == ["lin", "wan", "phon"]
