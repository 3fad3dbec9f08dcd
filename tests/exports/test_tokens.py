"""Word counts of the statistics: whitespace tokens in English, jieba words with a letter or digit in Chinese."""

from __future__ import annotations

import jieba.finalseg

from exports.tokens import en_words, zh_words


def test_english_words_are_whitespace_tokens_with_punctuation_attached():
    assert en_words("Hello, world!  It's 3 p.m.\n") == 5
    assert en_words(" — ") == 1
    assert en_words("") == 0


def test_chinese_punctuation_and_whitespace_are_not_words():
    assert zh_words("，。！？ “”\n") == 0
    assert zh_words("") == 0


def test_chinese_words_count_jieba_tokens_with_letters_or_digits():
    assert zh_words("我们") == 1  # one jieba word, not two characters
    assert zh_words("我们，你们。") == 2
    assert zh_words("第3章") == 3  # jieba: 第 / 3 / 章; a digit is a word character


def test_a_long_run_of_one_character_words_counts_each(monkeypatch):
    """Counted on ``text.chinese.cut``, not on jieba's Viterbi, which is quadratic in such a run (嗯嗯嗯…)."""

    def refused(*args):
        raise AssertionError("jieba.finalseg.viterbi called")

    monkeypatch.setattr(jieba.finalseg, "viterbi", refused)
    assert zh_words("嗯" * 3000 + "。") == 3000
