"""A named rejection and the REJECTED row it becomes; exceptions and user-supplied text as one line."""

from __future__ import annotations

from core.rejection import KEPT_OUTCOMES, Rejection, last_line, one_line, quoted, shorten


def test_a_rejection_becomes_a_rejected_row():
    rejection = Rejection("too_few_sentences", "zh 3 < 5", lang="zh")
    assert rejection.row("filter", "bk/3", "bk") == {
        "stage": "filter",
        "item_id": "bk/3",
        "book_id": "bk",
        "lang": "zh",
        "reason": "too_few_sentences",
        "detail": "zh 3 < 5",
    }


def test_the_row_lang_overrides_the_rejection_lang_even_when_empty():
    rejection = Rejection("empty", lang="zh")
    assert rejection.row("clean", "bk/en/00001", "bk", lang="en")["lang"] == "en"
    assert rejection.row("pair", "bk/3", "bk", lang="")["lang"] == ""
    assert Rejection("empty").row("pair", "bk/3", "bk") == {
        "stage": "pair", "item_id": "bk/3", "book_id": "bk", "lang": "", "reason": "empty", "detail": "",
    }  # fmt: skip


def test_one_line_joins_a_multi_line_message():
    assert one_line(ValueError("bad\n  page\tthree ")) == "ValueError: bad page three"
    assert one_line(KeyError()) == "KeyError"
    assert one_line(OSError("")) == "OSError"


def test_kept_pairing_outcomes():
    assert KEPT_OUTCOMES == ("renumbered", "merged", "split")


def test_shorten_quotes_the_first_60_characters_of_a_long_text():
    assert shorten("3:3;4:4,5") == "3:3;4:4,5"
    assert shorten("3:3;4:4,5", quote=True) == "'3:3;4:4,5'"
    assert shorten("x" * 60) == "x" * 60
    assert shorten("x" * 100_000) == "x" * 60 + "… (100000 characters)"
    assert shorten("x" * 100_000, quote=True) == f"'{'x' * 60}'… (100000 characters)"
    assert shorten("abcdef", limit=3) == "abc… (6 characters)"


def test_shorten_keeps_a_message_on_one_line():
    assert shorten("misaligned\n 3:3;\t4:4 ") == "misaligned 3:3; 4:4"
    assert shorten("3:3\n4:4", quote=True) == "'3:3\\n4:4'"


def test_last_line_is_the_last_one_not_blank_or_the_default():
    assert (
        last_line("Traceback (most recent call last):\n  ...\nKeyError: 'url'\n\n  \n", "none")
        == "KeyError: 'url'"
    )
    assert last_line(" \n\n", "no output") == "no output"


def test_quoted_is_repr_of_a_value_shortened_when_long():
    assert quoted("city-star") == "'city-star'"
    assert quoted(3) == "3"
    assert quoted("x" * 300) == f"'{'x' * 60}'… (300 characters)"
    assert quoted(["a" * 100]) == f"['{'a' * 58}… (104 characters)"
