from text.chinese import name_pinyin, numeral_prefix, numeral_value, words


def test_numerals():
    assert numeral_value("二十一") == 21
    assert numeral_value("三千五百") == 3500
    assert numeral_value("两万零三") == 20003
    assert numeral_value("十") == 10
    assert numeral_value("1998") == 1998
    assert numeral_prefix("三次") == "3"
    assert numeral_prefix("三心二意") is None
    assert numeral_value("二〇二〇") == 2020
    assert numeral_value("一亿两千万") == 120_000_000
    assert numeral_prefix("三千五") == "3500"
    assert numeral_prefix("七八个") is None  # seven or eight: an estimate, not 78
    assert numeral_prefix("陆总") is None  # financial digits are words in running text (a surname here)


def test_name_pinyin():
    assert name_pinyin("林晚") == ["lin", "linwan", "wan"]
    assert name_pinyin("顾承川") == ["cheng", "chengchuan", "chuan", "gu", "guchengchuan"]
    assert "shan" in name_pinyin("单雄信")  # surname reading
    assert "ouyang" in name_pinyin("欧阳锋")


def test_words_drop_function_words_and_punctuation():
    assert [word for word, _ in words("林晚攥紧了那封信，低下了头。")] == [
        "林晚",
        "攥",
        "紧",
        "封信",
        "低下",
        "头",
    ]
