from alignment.marks import en_ends_quoted, en_marks, zh_ends_quoted, zh_marks


def test_zh_quotations_and_questions():
    assert zh_marks("他道：“你去哪里？”") == (1, 1, 1)
    assert zh_marks("「好。」她说，『走吧』") == (2, 2, 0)
    assert zh_marks("他走了。") == (0, 0, 0)


def test_en_straight_quotes_open_and_close_at_word_edges():
    assert en_marks("'Is that right?' he asked.") == (1, 1, 1)
    assert en_marks('"Yes," she said.') == (1, 1, 0)
    assert en_marks("I'd have won, though—'") == (0, 1, 0)
    assert en_marks('("No") and —\'go') == (2, 1, 0)


def test_en_straight_quotes_at_the_ends_of_a_sentence():
    assert en_marks("'") == (0, 0, 0)
    assert en_marks("' no") == (0, 0, 0)
    assert en_marks("no '") == (0, 0, 0)
    assert en_marks('"a"') == (1, 1, 0)
    assert en_marks("x'") == (0, 1, 0)


def test_en_apostrophes_inside_words_are_not_quotes():
    assert en_marks("The cat's tail isn't long.") == (0, 0, 0)


def test_en_curly_quotes():
    assert en_marks("“Mr. Pei?” ‘Yes.’") == (2, 2, 1)


def test_a_short_quoted_term_inside_a_sentence_is_no_quotation():
    terms = (
        "他把“它”放回原处，又念了一遍「天道」。",
        'They call it the "Iron Rule", and ‘it’ stared.',
    )
    assert [zh_marks(terms[0]), en_marks(terms[1])] == [(0, 0, 0), (0, 0, 0)]
    # speech: first in the sentence, after a colon or a comma, with punctuation, a dash or too long
    speech = (
        "“走”他说。她道：“好”，又说，『走吧』",
        "他问“你怎么——”和“真的吗？”还有“一二三四五六七”",
        '"Go" he said: "Now" and then, "Here" and "Stop!" and "one two three four five six"',
    )
    assert [zh_marks(speech[0]), zh_marks(speech[1]), en_marks(speech[2])] == [
        (3, 3, 0),
        (3, 3, 1),
        (5, 5, 0),
    ]


def test_a_sentence_ends_in_speech_maybe_or_not():
    assert [zh_ends_quoted(s) for s in ("他说：“走吧。”", "“走吧！” ", "他道：“哎哟!", "“走吧。”他说。")] == [
        1,
        1,
        0,
        -1,
    ]
    assert [zh_ends_quoted(s) for s in ("他用了“它”这个字。", "他走了。")] == [-1, -1]
    english = ("'Go.'", "“Go.” ", "'Go!' he said.", "He said, 'Go.", "He said: “Go", "The boys' tale.")
    assert [en_ends_quoted(s) for s in english] == [1, 1, -1, 0, 0, -1]


def test_a_sentence_without_quotation_marks_is_not_scanned_by_the_patterns(monkeypatch):
    from alignment import marks

    for pattern in ("_ZH_TERM", "_ZH_OPEN", "_ZH_CLOSE", "_EN_TERM", "_EN_OPEN", "_EN_CLOSE"):
        monkeypatch.setattr(marks, pattern, None)
    assert [zh_marks("你去哪里？"), en_marks("Where did you go? Far?")] == [(0, 0, 1), (0, 0, 2)]
    assert [zh_ends_quoted("他走了。"), en_ends_quoted("He left.")] == [-1, -1]
