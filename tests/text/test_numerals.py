"""The one Chinese numeral parser: exact cases, and properties against cn2an (an independent implementation)."""

import cn2an
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from text.numerals import parse_zh_numeral


@pytest.mark.parametrize(
    ("numeral", "value"),
    [
        ("一亿两千万", 120_000_000),
        ("二〇二〇", 2020),
        ("一九九八", 1998),
        ("〇", 0),
        ("零", 0),
        ("十", 10),
        ("十五", 15),
        ("一百一十", 110),
        ("两千零五", 2005),
        ("一千零二", 1002),
        ("一千二", 1200),
        ("两万五", 25_000),
        ("三百五", 350),
        ("一亿二", 120_000_000),
        ("一万零一", 10_001),
        ("一亿零一万", 100_010_000),
        ("一万亿", 10**12),
        ("十万", 100_000),
        ("廿", 20),
        ("廿三", 23),
        ("卅", 30),
        ("卅一", 31),
        ("卌", 40),
        ("3万", 30_000),
        ("1亿2000万", 120_000_000),
        ("12万3千", 123_000),
        ("一2", 12),
        ("１２万", 120_000),
        ("１０", 10),
        ("壹佰零捌", 108),
        ("兩萬", 20_000),
        ("億", 100_000_000),
    ],
)
def test_numerals(numeral, value):
    assert parse_zh_numeral(numeral) == value


@pytest.mark.parametrize("text", ["", "一a", "第三", "三 四"])
def test_not_a_numeral(text):
    with pytest.raises(ValueError, match="not a numeral"):
        parse_zh_numeral(text)


_INTEGER = st.integers(min_value=0, max_value=10**16 - 1)  # cn2an writes up to 16 digits
_FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
_HALFWIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


@settings(max_examples=400, deadline=None)
@given(_INTEGER, st.sampled_from(["low", "up"]))
def test_cn2an_numerals_read_back(number, mode):
    assert parse_zh_numeral(cn2an.an2cn(number, mode)) == number  # 一亿零一万…, 壹佰零捌…


def _mixed(groups: list[int], arabic: list[bool], fullwidth: bool) -> str:
    """A numeral of up to three groups (亿, 万, ones), each in Arabic or Chinese digits (1亿二千零五万3000).

    Groups after the first are 1000..9999, so no group is skipped and none needs a 零 in front.
    """
    text = ""
    for value, as_arabic, unit in zip(groups, arabic, ["亿", "万", ""][-len(groups) :], strict=False):
        text += (
            (str(value).translate(_FULLWIDTH) if fullwidth else str(value))
            if as_arabic
            else cn2an.an2cn(value)
        )
        text += unit
    return text


_GROUPS = st.builds(
    lambda first, rest: [first, *rest], st.integers(1, 9999), st.lists(st.integers(1000, 9999), max_size=2)
)


@settings(max_examples=400, deadline=None)
@given(_GROUPS, st.lists(st.booleans(), min_size=3, max_size=3), st.booleans())
def test_mixed_digits_agree_with_cn2an(groups, arabic, fullwidth):
    text = _mixed(groups, arabic, fullwidth)
    assert parse_zh_numeral(text) == cn2an.cn2an(text.translate(_HALFWIDTH), "smart")


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="〇一二三四五六七八九", min_size=1, max_size=12))
def test_digit_by_digit_agrees_with_cn2an(text):
    assert parse_zh_numeral(text) == cn2an.cn2an(text, "smart")


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 9), st.sampled_from(["百", "千", "万"]), st.sampled_from("一二三四五六七八九两"))
def test_a_trailing_digit_drops_its_unit_like_cn2an(lead, unit, trailing):
    text = cn2an.an2cn(lead) + unit + trailing  # 一千二, 两万五
    assert parse_zh_numeral(text) == cn2an.cn2an(text, "smart")


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 9))
def test_nian_and_sa_read_as_twenty_and_thirty(ones):
    units = cn2an.an2cn(ones) if ones else ""
    assert parse_zh_numeral("廿" + units) == cn2an.cn2an("二十" + units, "smart")
    assert parse_zh_numeral("卅" + units) == cn2an.cn2an("三十" + units, "smart")
