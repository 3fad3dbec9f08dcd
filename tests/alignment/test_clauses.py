from alignment.clauses import head_words, tail_words

WORDS = ["甲", "乙", "丙", "丁", "戊", "己", "庚"]


def test_the_first_and_last_clauses_count_the_words_before_the_first_break_and_after_the_last():
    sentence = "甲乙，丙丁；戊己庚。"
    assert (head_words(sentence, WORDS), tail_words(sentence, WORDS)) == (2, 3)


def test_a_single_clause_holds_every_word():
    assert [head_words("甲乙丙。", WORDS[:3]), tail_words("甲乙丙。", WORDS[:3])] == [3, 3]
    assert [head_words("甲。", ["甲"]), tail_words("甲。", ["甲"])] == [1, 1]
    assert [head_words("。", []), tail_words("。", [])] == [0, 0]


def test_marks_before_the_first_word_or_after_the_last_end_no_clause():
    assert [head_words("“甲乙，丙！”", WORDS[:3]), tail_words("“甲乙，丙！”", WORDS[:3])] == [2, 1]
    assert [head_words("……甲乙丙？", WORDS[:3]), tail_words("……甲乙丙？", WORDS[:3])] == [3, 3]


def test_a_repeated_word_is_found_in_order_and_half_width_marks_break_clauses():
    words = ["甲", "乙", "甲", "乙", "甲"]
    assert [head_words("甲乙甲,乙甲?", words), tail_words("甲乙甲,乙甲?", words)] == [3, 2]
