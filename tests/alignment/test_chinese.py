from alignment.chinese import name_pinyin, numeral_prefix, numeral_value, words


def test_numerals():
    assert numeral_value("二十一") == 21
    assert numeral_value("三千五百") == 3500
    assert numeral_value("两万零三") == 20003
    assert numeral_value("十") == 10
    assert numeral_value("1998") == 1998
    assert numeral_prefix("三次") == "3"
    assert numeral_prefix("三心二意") is None


def test_name_pinyin():
    assert name_pinyin("乔恋") == ["lian", "qiao", "qiaolian"]
    assert name_pinyin("沈凉川") == ["chuan", "liang", "liangchuan", "shen", "shenliangchuan"]
    assert "shan" in name_pinyin("单雄信")  # surname reading
    assert "ouyang" in name_pinyin("欧阳锋")


def test_words_drop_function_words_and_punctuation():
    assert [word for word, _ in words("乔恋攥紧了拳头，垂下了头。")] == [
        "乔恋",
        "攥",
        "紧",
        "拳头",
        "垂下",
        "头",
    ]
