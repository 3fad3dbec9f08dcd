from collections import Counter
from dataclasses import replace

import pytest

from alignment.search import SearchParams, two_pass
from alignment.similarity import ChapterScorer, ChapterTokens, glosses
from evals import crossval
from evals.crossval import GRIDS, Case, fit, grid, main, objective
from evals.data import EvalChapter
from evals.metric import Counts, count, line_accuracy
from tests.alignment.texts import EN, GOLD, ZH
from text.lexicon import default_lexicon
from tests.evals.test_align import _write_dir
from tests.helpers import REFUSED_PATHS, refused_path


def test_the_grid_covers_every_combination_and_only_hybrid_has_weights():
    default, hybrid = grid("default"), grid("hybrid")
    assert len(default) == 2 * 2 * 4 * 3 * 3 * 2 * 2 * 3 * 4 and len(hybrid) == 5 * 4
    assert all(weights is None for _, weights in default)
    assert {params.orphan for params, _ in default} == set(GRIDS["default"]["orphan"])
    assert default[0][0] == replace(
        SearchParams(),
        skip_zh=-0.2,
        skip_en=-0.2,
        orphan=0.0,
        para_bonus=0.0,
        para_cross=0.0,
        marks=0.0,
        balance=0.0,
        end_quote=0.0,
        clause=0.0,
    )
    assert [weights.weight for _, weights in hybrid[::4]] == [0.5, 1.0, 1.5, 2.0, 3.0]
    assert [weights.border for _, weights in hybrid[:4]] == [0.0, 0.25, 0.5, 1.0]
    assert {params for params, _ in hybrid} == {SearchParams()}  # the default aligner's search weights


def test_the_objective_averages_strict_f1_and_line_accuracy_and_fit_takes_the_first_best():
    perfect = (Counts(strict_p=2, lax_p=2, test=2, strict_r=2, lax_r=2, gold=2), 2, 2)
    half = (Counts(strict_p=1, lax_p=2, test=2, strict_r=1, lax_r=2, gold=2), 0, 2)
    assert objective([perfect]) == 1.0 and objective([half]) == 0.25
    cases = [object()]
    table = {(0, id(cases[0])): half, (1, id(cases[0])): perfect, (2, id(cases[0])): perfect}
    assert fit(cases, table, 3) == 1


def test_a_folder_without_gold_is_a_one_line_error_before_the_grid(tmp_path, capsys):
    _write_dir(tmp_path)
    (tmp_path / "gold" / "001.align").unlink()
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path}: no chapter has gold beads (expected gold/NNN.align)\n",
    )


@pytest.mark.parametrize(
    "emptied, error",
    [("zh/001.txt", "an empty chapter (no sentences)"), ("gold/001.align", "no gold beads (an empty file)")],
)
def test_an_empty_chapter_or_gold_file_is_a_one_line_error_not_a_dropped_chapter(
    tmp_path, capsys, emptied, error
):
    _write_dir(tmp_path)
    (tmp_path / emptied).write_text("\n")
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == ("", f"error: {tmp_path / emptied}: {error}\n")


def test_fewer_chapters_than_folds_is_a_one_line_error_before_the_grid(tmp_path, capsys):
    _write_dir(tmp_path)  # one chapter: the other folds would be fitted on nothing
    assert main([str(tmp_path)]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: 1 chapter(s) with gold in {tmp_path}: 2-fold cross-validation needs at least 2, one per fold\n",
    )
    assert main([str(tmp_path), "--folds", "4"]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: 1 chapter(s) with gold in {tmp_path}: 4-fold cross-validation needs at least 4, one per fold\n",
    )


@pytest.mark.parametrize("text", sorted(REFUSED_PATHS))
def test_a_data_dir_of_no_path_is_refused_in_one_line(capsys, text):
    """evals.data.add_dev_dirs: '' was read as the current folder, and a line break cut the message in two."""
    assert refused_path(main, [text], capsys) == (
        f"python -m evals.crossval: error: argument data_dirs: {REFUSED_PATHS[text]} "
        "(see python -m evals.crossval --help)\n"
    )


def test_one_fold_is_refused(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([str(tmp_path), "--folds", "1"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        "python -m evals.crossval: error: argument --folds: one fold leaves nothing to fit the weights on:"
        " give 2 or more (see python -m evals.crossval --help)\n"
    )


def test_a_case_asks_its_scorer_each_question_once_and_finds_the_beads_of_a_fresh_search():
    tokens = ChapterTokens.of(ZH, EN)
    scorer = ChapterScorer(tokens, glosses(tokens, default_lexicon()))
    chapter = EvalChapter("001", ZH, EN, GOLD, frozenset({0, 2, 5}), frozenset({0, 3, 5}))
    case = Case("dev", chapter, scorer)
    asked = Counter()
    for name in ("scores_at", "orphans_at", "marks_mismatch_at", "quote_balance_at", "end_quote_at"):
        method = getattr(scorer, name)
        setattr(
            scorer,
            name,
            lambda *question, name=name, method=method: asked.update([name]) or method(*question),
        )
    points = grid("default")[::97]
    for params, _ in points:
        fresh = two_pass(len(ZH), len(EN), ChapterScorer(tokens, scorer.gloss), params, case.paragraphs)
        keys = [bead.key for bead in fresh]
        assert case.result(params, None) == (count(keys, GOLD), *line_accuracy(keys, GOLD))
    # pass 1's 1-1 scores and the stacked beads' scores; each cost once, asked by a point that weighs it
    assert asked == {
        "scores_at": 2,
        "orphans_at": 1,
        "marks_mismatch_at": 1,
        "quote_balance_at": 1,
        "end_quote_at": 1,
    }


def test_a_case_scores_each_set_of_beads_once(monkeypatch):
    """Grid points that find the same beads share their scores: the metric runs once per distinct set."""
    tokens = ChapterTokens.of(ZH, EN)
    chapter = EvalChapter("001", ZH, EN, GOLD, frozenset({0, 2, 5}), frozenset({0, 3, 5}))
    case = Case("dev", chapter, ChapterScorer(tokens, glosses(tokens, default_lexicon())))
    scored = []
    monkeypatch.setattr(crossval, "count", lambda test, gold: scored.append(test) or count(test, gold))
    params = SearchParams()
    first = case.result(params, None)
    again = case.result(replace(params, marks=params.marks / 2), None)  # the same beads on these texts
    fresh = [bead.key for bead in two_pass(len(ZH), len(EN), case.scorer, params, case.paragraphs)]
    assert first == again == (count(fresh, GOLD), *line_accuracy(fresh, GOLD))
    assert len(scored) == 1
