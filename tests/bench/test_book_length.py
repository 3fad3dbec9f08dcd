"""The book-length bench: its shapes of book, and a run to its end at a tiny size."""

from __future__ import annotations

import re

import pytest

from bench.book_length import (
    BLOCK,
    RUN,
    SHAPES,
    EN_NOTICE,
    EN_OPENING,
    EXTRA_EVERY,
    GAP_EVERY,
    LONG_RUN,
    ZH_NOTICE,
    ZH_OPENING,
    _sides as shaped_sides,
    main,
    shaped_book,
    true_pairs,
)
from bench.synthetic import synthetic_raw
from tests.bench.test_benchmarks import bench

N = 300


def _sides(shape: str, n: int = N) -> tuple[list[dict], list[dict]]:
    (rows,) = shaped_book(n, shape).values()
    return [r for r in rows if r["lang"] == "zh"], [r for r in rows if r["lang"] == "en"]


def _numbers(rows: list[dict]) -> list[int]:
    """The chapter numbers of the titles that have one (book 0's translation opens with a prologue)."""
    assert not re.search(r"\d", rows[0]["title"])
    return [int(re.search(r"\d+", r["title"])[0]) for r in rows[1:]]


def test_plain_is_the_scale_benchs_book():
    assert shaped_book(40, "plain") == synthetic_raw(1, 40, seed=0, renumber=True)


@pytest.mark.parametrize("shape", ["notice", "openings"])
def test_every_chapter_repeats_the_same_text(shape):
    zh, en = _sides(shape, 40)
    plain_zh, plain_en = _sides("plain", 40)
    assert (len(zh), len(en)) == (len(plain_zh), len(plain_en))
    zh_text, en_text = (ZH_NOTICE, EN_NOTICE) if shape == "notice" else (ZH_OPENING, EN_OPENING)
    assert all(r["text"].count(zh_text) == 1 for r in zh)
    assert all(r["text"].count(en_text) == 1 for r in en)
    assert [r["text"].replace(zh_text + "\n", "") for r in zh] == [r["text"] for r in plain_zh]


def test_long_chapters_run_on_with_the_next_ones():
    zh, en = _sides("long", 510)
    plain_zh, _ = _sides("plain", 510)
    grown = [k for k, (a, b) in enumerate(zip(zh, plain_zh)) if a["text"] != b["text"]]
    assert grown == [250]
    edges = 3  # the site's line before the title, the title, the site's line after the text
    lines = len(zh[250]["text"].split("\n"))
    assert lines == sum(len(r["text"].split("\n")) - edges for r in plain_zh[250 : 251 + LONG_RUN]) + edges


def test_parts_number_the_split_translation_as_chapters():
    _, en = _sides("parts")
    _, plain_en = _sides("plain")
    assert len(en) == len(plain_en) + 2  # en chapters 75 and 225 in two parts each
    numbers = _numbers(en)
    assert numbers == list(range(numbers[0], numbers[0] + len(en) - 1))
    assert en[75]["title"].split(":")[1] == en[76]["title"].split(":")[1]


def test_missing_and_extra_translations():
    _, en = _sides("missing")
    _, plain_en = _sides("plain")
    gaps, extras = len(range(GAP_EVERY // 2, len(plain_en), GAP_EVERY)), len(plain_en) // EXTRA_EVERY
    assert len(en) == len(plain_en) - gaps + extras
    numbers = _numbers(en)
    assert len(set(numbers)) == len(numbers) and numbers == sorted(numbers)
    assert numbers[-1] - numbers[0] + 2 == len(plain_en) + extras  # the gaps stay gaps


def test_fewer_translations_numbered_on():
    zh, en = _sides("fewer")
    _, plain_en = _sides("plain")
    assert len(en) == len(plain_en) - len(range(5, len(plain_en), 10))
    numbers = _numbers(en)
    assert numbers == list(range(numbers[0], numbers[0] + len(en) - 1))
    assert len(en) < 0.91 * len(zh)


def _bodies(rows: list[dict]) -> list[str]:
    return [r["text"].replace(r["title"], "") for r in rows]


def test_a_run_of_translations_missing_numbered_on():
    _, en = _sides("gap30")
    _, plain_en = _sides("plain")
    assert len(en) == len(plain_en) - RUN
    numbers = _numbers(en)
    assert numbers == list(range(numbers[0], numbers[0] + len(en) - 1))
    half = len(plain_en) // 2
    assert _bodies(en[half:]) == _bodies(plain_en[half + RUN :])


def test_a_run_of_extra_chapters_numbered_on():
    _, en = _sides("extra30")
    _, plain_en = _sides("plain")
    half = len(plain_en) // 2
    assert len(en) == len(plain_en) + RUN
    numbers = _numbers(en)
    assert numbers == list(range(numbers[0], numbers[0] + len(en) - 1))
    assert _bodies(en[half + RUN :]) == _bodies(plain_en[half:])
    assert not set(_bodies(en[half : half + RUN])) & set(_bodies(plain_en))


def test_a_block_posted_after_the_next_numbered_as_posted():
    _, en = _sides("block10")
    _, plain_en = _sides("plain")
    half = len(plain_en) // 2
    assert _numbers(en) == _numbers(plain_en)
    posted = plain_en[:half] + plain_en[half + BLOCK : half + 2 * BLOCK] + plain_en[half : half + BLOCK]
    assert _bodies(en[: half + 2 * BLOCK]) == _bodies(posted)


@pytest.mark.parametrize(
    ("shape", "expected"), [("plain", 298), ("gap30", 268), ("extra30", 298), ("block10", 298)]
)
def test_true_pairs_are_the_translations(shape, expected):
    zh, en, of = SHAPES[shape](shaped_sides(N))
    pairs = true_pairs((zh, en, of))
    assert len(pairs) == expected
    assert all(len(zh_ids) in (1, 2) and len(en_ids) in (1, 2) for zh_ids, en_ids in pairs)
    half = len(shaped_sides(N)[1]) // 2
    plain_of = shaped_sides(N)[2]
    moved = {"plain": 0, "gap30": RUN, "extra30": 0, "block10": BLOCK}[shape]
    at = half + RUN if shape == "extra30" else half
    zh_ids = frozenset(f"synth-0000/zh/{i:05d}" for i in plain_of[half + moved])
    assert any(zh_ids == z and f"synth-0000/en/{at:05d}" in e for z, e in pairs)


def test_refuses_an_unknown_shape(capsys):
    with pytest.raises(SystemExit):
        main(["--shapes", "plain,squashed"])
    assert "unknown shape squashed" in capsys.readouterr().err


@pytest.mark.slow  # a process per stage, each loading its own (dictionary, jieba)
def test_runs_to_its_end():
    done = bench("book_length", "--chapters", "8,12", "--shapes", "missing", "--until", "filter")
    assert done.returncode == 0, done.stderr
    assert "\nmissing: ms CPU per chapter" in done.stdout
    assert re.search(
        r"^chapter pairs of filter right / wrong of expected: \d+ / \d+ of \d+, \d+ / \d+ of \d+$",
        done.stdout,
        re.M,
    )
    assert re.search(r"^filter +[\d.]+ / +\d+ +[\d.]+ / +\d+ +[\d.]+$", done.stdout, re.M)
