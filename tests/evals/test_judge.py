import subprocess
import sys

import pytest

from cohesion.stage import PHENOMENA
from core.paths import REPO_ROOT
from evals import judge
from tests.helpers import REFUSED_PATHS, piped_into_a_closed_reader, refused_path


def test_wilson_interval():
    assert judge.wilson(0, 0) == (0.0, 1.0)
    low, high = judge.wilson(17, 20)
    assert (round(low, 3), round(high, 3)) == (0.640, 0.948)


def test_sample_mines_a_directory_with_beads(tmp_path, capsys):
    (tmp_path / "en").mkdir()
    (tmp_path / "zh").mkdir()
    (tmp_path / "gold").mkdir()
    (tmp_path / "en" / "001.txt").write_text("Theo lost his umbrella.\nHe bought a cheap one.\n")
    (tmp_path / "zh" / "001.txt").write_text("西奥丢了伞。\n他买了一把便宜的。\n")
    (tmp_path / "gold" / "001.align").write_text("[0]:[0]\n[1]:[1]\n")
    chapters, pairs = judge.load(tmp_path)
    assert [p["zh"] for p in pairs] == ["西奥丢了伞。", "他买了一把便宜的。"]
    judge.main(["sample", str(tmp_path), "--per", "5"])
    out = capsys.readouterr().out
    assert "eval/1/c" in out and "substitution/nominal  adjacent d=1  trigger=cheap one" in out
    assert "  S0: Theo lost his [[umbrella]]." in out and "  S1: He bought a cheap <<one>>." in out
    assert "evidence=zh=他" in out  # "He" over 他


def test_score_reports_cells_and_kappa(tmp_path, capsys):
    first, second = tmp_path / "p1.tsv", tmp_path / "p2.tsv"
    first.write_text(
        "# header\na/1/c0\trepetition\tadjacent\t1\t\na/1/c1\trepetition\tadjacent\t0\tother sense\n"
    )
    second.write_text("a/1/c1\trepetition\tadjacent\t0\t\na/1/c0\trepetition\tadjacent\t1\t\n")
    judge.main(["score", str(first), str(second)])
    out = capsys.readouterr().out
    assert "| repetition | adjacent | 2 | 1 | 50% | 9%–91% |" in out
    assert "passes compared: 2; agree 2; kappa 1.00" in out


def test_candidates_judged_in_one_pass_only_are_counted_as_left_out(tmp_path, capsys):
    """They were left out of the comparison unsaid: "passes compared: 1" of passes of 3 and 2."""
    first, second = tmp_path / "p1.tsv", tmp_path / "p2.tsv"
    first.write_text(
        "a/1/c0\trepetition\tadjacent\t1\na/1/c1\trepetition\tadjacent\t0\na/1/c2\trepetition\tadjacent\t1\n"
    )
    second.write_text("a/1/c0\trepetition\tadjacent\t1\na/1/c9\trepetition\tadjacent\t1\n")
    judge.main(["score", str(first), str(second)])
    assert capsys.readouterr().out.splitlines()[-1] == (
        "passes compared: 1; agree 1; kappa n/a; judged in one pass only, left out: pass 1 2, pass 2 1"
    )


def test_one_pass_named_twice_is_a_one_line_error(tmp_path, capsys, monkeypatch):
    """It was compared with itself: kappa 1.00."""
    (tmp_path / "p1.tsv").write_text("a/1/c0\trepetition\tadjacent\t1\n")
    monkeypatch.chdir(tmp_path)
    assert judge.main(["score", "p1.tsv", str(tmp_path / "p1.tsv")]) == 1
    assert capsys.readouterr().err == "error: p1.tsv is named twice: give the second pass of the sample\n"


def test_two_passes_with_no_candidate_in_common_are_a_one_line_error(tmp_path, capsys):
    """Passes of two different samples: a ZeroDivisionError traceback from the kappa."""
    first, second = tmp_path / "p1.tsv", tmp_path / "p2.tsv"
    first.write_text("a/1/c0\trepetition\tadjacent\t1\n")
    second.write_text("a/2/c0\trepetition\tadjacent\t1\n")
    assert judge.main(["score", str(first), str(second)]) == 1
    assert capsys.readouterr() == (
        "",
        "error: the two passes judge no candidate in common: nothing to compare (two passes of one sample?)\n",
    )


def test_a_malformed_verdict_file_or_a_folder_without_chapters_is_a_one_line_error(tmp_path, capsys):
    verdicts = tmp_path / "p1.tsv"
    verdicts.write_text("# header\na/1/c0\trepetition\n")
    assert judge.main(["score", str(verdicts)]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {verdicts}:2: not candidate_id, phenomenon, adjacency, 1|0 (tab-separated)\n",
    )
    verdicts.write_bytes(b"\xc3(")
    assert judge.main(["score", str(verdicts)]) == 1
    assert capsys.readouterr().err == f"error: {verdicts}: invalid UTF-8 at byte offset 0\n"
    assert judge.main(["sample", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"error: {tmp_path}: no chapters (expected en/NNN.txt)\n"


def test_a_gold_bead_beyond_the_chapter_is_a_one_line_error(tmp_path, capsys):
    for side, text in (
        ("en", "Theo lost his umbrella.\n"),
        ("zh", "西奥丢了伞。\n"),
        ("gold", "[0]:[0]\n[3]:[]\n"),
    ):
        (tmp_path / side).mkdir()
        (tmp_path / side / ("001.align" if side == "gold" else "001.txt")).write_text(text, encoding="utf-8")
    assert judge.main(["sample", str(tmp_path)]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path / 'gold' / '001.align'}: bead 2 names zh sentence 3, but the chapter has 1\n",
    )


@pytest.mark.parametrize(
    "gold, problem", [("loop", "Too many levels of symbolic links"), ("", "no gold beads (an empty file)")]
)
def test_a_gold_file_that_loops_or_is_empty_is_a_one_line_error_not_a_chapter_without_beads(
    tmp_path, capsys, gold, problem
):
    """Either was taken for no gold: the sample mined without the Chinese, status 0."""
    for side, text in (("en", "Theo lost his umbrella.\n"), ("zh", "西奥丢了伞。\n")):
        (tmp_path / side).mkdir()
        (tmp_path / side / "001.txt").write_text(text, encoding="utf-8")
    (tmp_path / "gold").mkdir()
    if gold == "loop":
        (tmp_path / "gold" / "001.align").symlink_to("001.align")
    else:
        (tmp_path / "gold" / "001.align").write_text(gold)
    assert judge.main(["sample", str(tmp_path)]) == 1
    assert capsys.readouterr() == ("", f"error: {tmp_path / 'gold' / '001.align'}: {problem}\n")


def test_a_verdict_outside_the_known_sets_or_judged_twice_is_a_one_line_error(tmp_path, capsys):
    verdicts = tmp_path / "p1.tsv"
    for line, problem in (
        ("a/1/c0\trepetiton\tadjacent\t1", "phenomenon 'repetiton' is not one of " + ", ".join(PHENOMENA)),
        ("a/1/c0\trepetition\tnear\t1", "adjacency 'near' is not one of intra, adjacent, non_adjacent"),
        ("a/1/c0\trepetition\tadjacent\tyes", "verdict 'yes' is not one of 1, 0"),
        ("a/1/c1\trepetition\tadjacent\t1", "a/1/c1 is judged a second time"),
        (
            f"a/1/c0\t{'x' * 10**5}\tadjacent\t1",
            f"phenomenon {'x' * 60!r}… (100000 characters) is not one of " + ", ".join(PHENOMENA),
        ),
        (
            f"{'c' * 10**5}\trepetition\tadjacent\t1",
            f"{'c' * 60}… (100000 characters) is judged a second time",
        ),
    ):  # a long value cut short (it was echoed whole)
        verdicts.write_text(
            f"a/1/c1\trepetition\tadjacent\t0\n{'c' * 10**5}\trepetition\tadjacent\t0\n{line}\n"
        )
        assert judge.main(["score", str(verdicts)]) == 1
        assert capsys.readouterr() == ("", f"error: {verdicts}:3: {problem}\n")


def test_score_takes_at_most_two_passes_and_sample_a_positive_per(tmp_path, capsys):
    verdicts = tmp_path / "p1.tsv"
    verdicts.write_text("a/1/c0\trepetition\tadjacent\t1\n")
    for argv, prog, problem in (
        (
            ["score", str(verdicts), str(verdicts), str(verdicts)],
            "python -m evals.judge score",
            f"unrecognized arguments: {verdicts}",
        ),
        (
            ["sample", str(tmp_path), "--per", "-1"],
            "python -m evals.judge sample",
            "argument --per: '-1' is not a positive whole number",
        ),
    ):
        with pytest.raises(SystemExit) as exit:
            judge.main(argv)
        assert exit.value.code == 2
        assert capsys.readouterr().err == f"{prog}: error: {problem} (see {prog} --help)\n"


def test_sample_mines_the_line_layout_split_with_the_lines_as_beads(tmp_path, capsys):
    (tmp_path / "lines").mkdir()
    (tmp_path / "lines" / "001.en").write_text("Theo lost his umbrella. He bought a cheap one.\n")
    (tmp_path / "lines" / "001.zh").write_text("西奥丢了伞。他买了一把便宜的。\n")
    chapters, pairs = judge.load(tmp_path)
    assert chapters[0]["en_sentences"] == ["Theo lost his umbrella.", "He bought a cheap one."]
    assert chapters[0]["file"] == "001.en"
    assert [(p["en_idx"], p["zh"]) for p in pairs] == [([0, 1], "西奥丢了伞。他买了一把便宜的。")]
    judge.main(["sample", str(tmp_path), "--per", "5"])
    out = capsys.readouterr().out
    assert "  S0: Theo lost his [[umbrella]]." in out and "  S1: He bought a cheap <<one>>." in out


@pytest.mark.parametrize("text", ["", "# header only\n\n"])
def test_a_verdict_file_without_a_verdict_is_one_line_not_an_empty_table(tmp_path, capsys, text):
    verdicts = tmp_path / "p1.tsv"
    verdicts.write_text(text)
    assert judge.main(["score", str(verdicts)]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {verdicts}: no verdict in it (candidate_id, phenomenon, adjacency, 1|0 per line)\n",
    )


def test_output_piped_into_a_reader_that_quit_ends_quietly():
    result = piped_into_a_closed_reader(
        ["evals.judge", "score", "cohesion/judgements/mac-dev-pass1.tsv"], b""
    )
    assert (result.returncode, result.stderr) == (0, b"")


@pytest.mark.parametrize("text", sorted(REFUSED_PATHS))
def test_a_directory_of_no_path_is_refused_in_one_line(capsys, text):
    """'' was read as the current folder, and a path holding a line break cut the lines naming it in two."""
    assert refused_path(judge.main, ["sample", text], capsys) == (
        f"python -m evals.judge sample: error: argument directory: {REFUSED_PATHS[text]} (see python -m evals.judge sample --help)\n"
    )


def test_a_stdout_that_cannot_be_written_is_one_line(tmp_path):
    """``score > /dev/full`` said it twice: "error: [Errno 28] No space left on device", then exit_with's line."""
    verdicts = tmp_path / "p1.tsv"
    verdicts.write_text("x/1/c0\treference\tadjacent\t1\tok\n", encoding="utf-8")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "evals.judge", "score", str(verdicts)],
            cwd=REPO_ROOT, stdout=full, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
    assert (done.returncode, done.stderr) == (1, "error: stdout: No space left on device\n")
