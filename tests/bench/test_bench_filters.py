import pytest

from bench import bench_filters
from bench.bench_filters import synthetic_rates


def test_synthetic_rates_print_each_stage_per_word_and_chapter_pair(capsys):
    assert synthetic_rates("1x3") == 0
    lines = capsys.readouterr().out.splitlines()
    assert (
        lines[0]
        == "1 books x 3 chapters (synthetic, renumbered): 3 chapter pairs kept, 5681 words (both languages)"
    )
    assert lines[1].split() == ["stage", "cpu", "s", "us/word", "ms/chapter"]
    assert [line.split()[0] for line in lines[2:]] == ["clean", "dedup", "filter"]


def test_a_bad_synthetic_size_is_told_before_any_work(monkeypatch):
    """``--synthetic ''`` (or ``1.5``, ``x``) was told after a warm-up of the three stages."""
    monkeypatch.setattr(bench_filters, "_stages", None)  # called: a TypeError
    with pytest.raises(SystemExit) as err:
        synthetic_rates("1.5")
    assert str(err.value) == "bad size '1.5': expected BOOKSxCHAPTERS, e.g. 4x10"


def test_a_blank_synthetic_size_is_refused_not_read_as_no_size(monkeypatch):
    """``--synthetic ''`` (an unset variable) ran the bench on MAC dev instead, status 0."""
    monkeypatch.setattr(bench_filters, "_stages", None)  # called: a TypeError
    with pytest.raises(SystemExit) as err:
        bench_filters.main(["--synthetic", ""])
    assert str(err.value) == "bad size '': expected BOOKSxCHAPTERS, e.g. 4x10"
