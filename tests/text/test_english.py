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
    assert stem("tried") == stem("tries") == stem("try")  # a short base in -i: as "studied", "replied"


def test_pinyin_survives_stemming():
    assert [stem(word) for word in ("qing", "ling", "lian", "chuan")] == ["qing", "ling", "lian", "chuan"]


def test_contractions_and_curly_apostrophes():
    assert content_stems("Lin Wan\u2019s phone isn't here") == ["lin", "wan", "phon"]


def test_a_number_of_thousands_of_digits_is_one_digit_string_not_an_error():
    """int() refuses over 4,300 digits: a sentence holding such a number failed its book's pairing and alignment."""
    stems = content_stems("He wrote 00" + "7" * 5000 + " twice, then 000.")
    assert stems == ["writ", "7" * 5000, "twic", "0"]
