import argparse

import pytest

from evals.data import EvalChapter, perturb_starts
from evals.site import _spread, line_of_sentences, main, score_chapter, seed_range, site_paragraphs
from tests.helpers import REFUSED_PATHS, refused_path

LINES = (["甲。乙。", "丙。", "丁。"], ["A. B.", "C.", "D."])


def test_sentences_are_matched_to_lines_by_text_whitespace_ignored():
    assert line_of_sentences(["甲。", "乙。", "丙。", "丁。"], LINES[0]) == [0, 0, 1, 2]
    assert line_of_sentences(["A.", "B. C.", "D."], LINES[1]) == [0, 0, 2]  # B. C. begins in line 0
    assert line_of_sentences(["A.B.", "X Y Z", "D."], LINES[1]) == [0, -1, 2]


def test_a_line_is_recovered_when_its_beads_cover_exactly_its_text():
    zh, en = ["甲。", "乙。", "丙。", "丁。"], ["A.", "B.", "C.", "D."]
    beads = [((0,), (0,)), ((1,), (1,)), ((2, 3), (2, 3))]
    assert score_chapter(LINES, zh, en, beads) == (1, 3, 0)  # lines 1 and 2 share a bead
    merged = ["A.", "B. C.", "D."]  # the site merged B. with C.: line 1's text went into line 0's sentence
    assert score_chapter(LINES, zh, merged, [((0, 1), (0, 1)), ((2,), ()), ((3,), (2,))]) == (2, 3, 1)
    lost = ["A.", "B.", "C."]  # cleaning lost line 2's English
    assert score_chapter(LINES, zh, lost, [((0, 1), (0, 1)), ((2,), (2,)), ((3,), ())]) == (2, 3, 1)


def test_the_english_site_shows_the_lines_or_the_perturbed_paragraphs():
    en = [f"S{k}." for k in range(40)]
    starts = frozenset(range(0, 40, 2))
    gold = [((k // 2,), (k, k + 1)) for k in range(0, 40, 2)]
    chapter = EvalChapter("001", [f"句{k}。" for k in range(20)], en, gold, frozenset(range(20)), starts)
    zh_paragraphs, exact = site_paragraphs(chapter, "exact")
    assert zh_paragraphs == [f"句{k}。" for k in range(20)]
    assert exact == [f"S{k}. S{k + 1}." for k in range(0, 40, 2)]
    bounds = sorted(perturb_starts(starts, 40)) + [40]
    assert site_paragraphs(chapter, "perturbed")[1] == [" ".join(en[a:b]) for a, b in zip(bounds, bounds[1:])]
    assert bounds != sorted(starts) + [40]  # the seed does perturb these paragraphs
    other = sorted(perturb_starts(starts, 40, seed=3)) + [40]
    assert other != bounds
    assert site_paragraphs(chapter, "perturbed", 3)[1] == [
        " ".join(en[a:b]) for a, b in zip(other, other[1:])
    ]


def test_seeds_are_one_or_a_range_and_their_spread_is_the_median_and_the_extremes():
    assert seed_range("11") == (11,)
    assert seed_range("3-6") == (3, 4, 5, 6)
    for bad in ("", "x", "6-3", "3-", "-3", "1-2-3", "²", "1-²", "1" * 5000):
        with pytest.raises(argparse.ArgumentTypeError, match="neither a seed nor a range"):
            seed_range(bad)
    with pytest.raises(
        argparse.ArgumentTypeError, match=r"^'0-1000': at most 1,000 seeds \(one build each\)$"
    ):
        seed_range("0-1000")
    assert len(seed_range("0-999")) == 1000
    results = [(785, 803), (766, 803), (794, 803), (782, 803)]
    assert _spread("web --method default", results) == (
        "web --method default: end to end over 4 seeds, median 783.5/803 (0.976), min 766, max 794"
    )


def test_seeds_need_perturbed_paragraphs(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--paragraphs", "exact", "--seeds", "1-2"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        "python -m evals.site: error: --seeds: only with --paragraphs perturbed (the exact paragraphs have "
        "no seed) (see python -m evals.site --help)\n"
    )


PASSAGES = {
    "001": [
        (
            "清晨，老人走进了小城的市场。",
            "In the morning, the old man walked into the market of the small town.",
        ),
        ("他买了三斤苹果和一条鱼。", "He bought three jin of apples and a fish."),
        ("卖鱼的女人对他笑了笑。", "The woman selling fish smiled at him."),
        ("“今天的鱼很新鲜。”她说。", "“The fish is very fresh today,” she said."),
        ("老人点点头，付了钱。", "The old man nodded and paid."),
        ("然后他慢慢地走回家。", "Then he slowly walked home."),
    ],
    "002": [
        ("夜里下起了大雨。", "Heavy rain began to fall in the night."),
        ("孩子们都躲在屋子里看书。", "The children all hid in the house reading books."),
        ("母亲在厨房里做饭。", "Their mother was cooking in the kitchen."),
        ("父亲还没有回来。", "Their father had not come back yet."),
        ("十点钟，门外传来了敲门声。", "At ten o'clock, there was a knock at the door."),
        ("大家都跑过去开门。", "Everyone ran over to open the door."),
    ],
}


@pytest.mark.slow
def test_passages_are_crawled_built_and_scored_end_to_end(tmp_path, capsys):
    lines = tmp_path / "data" / "lines"
    lines.mkdir(parents=True)
    for name, pairs in PASSAGES.items():
        for side in (0, 1):
            (lines / f"{name}.{'zh' if side == 0 else 'en'}").write_text(
                "\n".join(pair[side] for pair in pairs) + "\n", encoding="utf-8"
            )
    assert main([str(tmp_path / "data"), "--paragraphs", "exact", "--keep", str(tmp_path / "build")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "data --method default --paragraphs exact: end to end 12/12 lines recovered (1.000)"
    )
    assert (tmp_path / "build" / "site" / "zh" / "book" / "webfiction" / "index.html").is_file()


def test_a_file_to_keep_the_build_in_is_refused_before_any_build(tmp_path, capsys):
    file = tmp_path / "notes.txt"
    file.write_text("x", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main([str(tmp_path), "--keep", str(file)])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        f"python -m evals.site: error: argument --keep: {str(file)!r}: {file} is a file, not a folder"
        " (see python -m evals.site --help)\n"
    )


@pytest.mark.parametrize("text", sorted(REFUSED_PATHS))
def test_a_data_dir_of_no_path_is_refused_in_one_line(capsys, text):
    """'' was read as the current folder, and a path holding a line break cut the lines naming it in two."""
    assert refused_path(main, [text], capsys) == (
        f"python -m evals.site: error: argument data_dir: {REFUSED_PATHS[text]} (see python -m evals.site --help)\n"
    )
