import random
from pathlib import Path

import pytest

from core.storage import read_rows
from exports.stage import export_corpus
from mteval.discourse import CATEGORIES
from mteval.inputs import Document, InputError
from mteval.run import evaluate_system, leaderboard, score_documents
from tests.exports.synthetic import build_output


def test_two_systems_scored_per_chapter_and_metric_and_ranked(tmp_path):
    layout = build_output(tmp_path / "output")
    export_corpus(layout, ["text"])
    refs = (layout.export_dir() / "text" / "test.en").read_text(encoding="utf-8").splitlines()
    shuffled = list(refs)
    random.Random(2).shuffle(shuffled)
    (tmp_path / "ref.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
    (tmp_path / "mixed.txt").write_text("\n".join(shuffled) + "\n", encoding="utf-8")

    system, split_rows = evaluate_system(layout, "test", tmp_path / "ref.txt", name="copy")
    assert system == "copy"
    assert {r["metric"]: r["value"] for r in split_rows}["bleu"] == pytest.approx(100)
    evaluate_system(layout, "test", tmp_path / "mixed.txt")

    rows = read_rows(layout.mt_scores("test", "copy"), "mt_scores")
    scored = [r for r in rows if r["metric"] == "test-set"]
    rows = [r for r in rows if r["metric"] != "test-set"]
    chapters = {r["chapter_id"] for r in rows}
    metrics = {r["metric"] for r in rows}
    assert len(chapters) == 1 + len(
        {i.rsplit("/", 1)[0] for i in (layout.export_dir() / "text" / "test.ids").read_text().splitlines()}
    )
    assert metrics == {"bleu", "chrf", "ter", "meteor"} | {
        f"{c}-{m}" for c in (*CATEGORIES, "pronoun", "discourse") for m in ("p", "r", "f1")
    }
    assert len(rows) == len(chapters) * len(metrics)
    assert [(r["chapter_id"], r["value"]) for r in scored] == [(None, len(refs))]  # the split-level row
    board = leaderboard(layout)
    assert [(r["system"], r["bleu"], r["test set"]) for r in board] == [
        ("copy", 100.0, "this export"),
        ("mixed", board[1]["bleu"], "this export"),
    ]
    assert board[1]["bleu"] < 50


def test_a_score_on_an_earlier_export_of_the_split_is_marked_and_ranked_after(tmp_path):
    layout = build_output(tmp_path / "output")
    export_corpus(layout, ["text"])
    test_en = layout.export_dir() / "text" / "test.en"
    refs = test_en.read_text(encoding="utf-8").splitlines()
    (tmp_path / "ref.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
    evaluate_system(layout, "test", tmp_path / "ref.txt", name="before")
    test_en.write_text("\n".join(["Another reference."] * len(refs)) + "\n", encoding="utf-8")  # a new export
    (tmp_path / "other.txt").write_text("\n".join(["Another line."] * len(refs)) + "\n", encoding="utf-8")
    evaluate_system(layout, "test", tmp_path / "other.txt", name="after")
    board = leaderboard(layout)
    assert [(r["system"], r["test set"]) for r in board] == [
        ("after", "this export"),
        ("before", f"an earlier export ({len(refs)} lines)"),
    ]
    assert board[1]["bleu"] > board[0]["bleu"]  # ranked after all the same


def test_bad_system_names_are_refused(tmp_path):
    layout = build_output(tmp_path / "output", books=1)
    with pytest.raises(InputError, match=r"system name '\.\./x': use at most 100 ASCII letters"):
        evaluate_system(layout, "test", tmp_path / "x.txt", name="../x")


def test_without_chapters_only_the_split_rows_are_scored():
    docs = [
        Document("b/1", ["He said no.", "She left."], ["He said no.", "Then she left."]),
        Document("b/2", ["It rained."], ["It was raining."]),
    ]
    rows = score_documents(docs)
    assert score_documents(docs, chapters=False) == [row for row in rows if row["chapter_id"] is None]
    assert {row["chapter_id"] for row in rows} == {"b/1", "b/2", None}


def test_a_system_name_too_long_for_a_file_name_is_refused_before_any_work(tmp_path):
    from mteval.run import system_name

    assert system_name("a" * 100, tmp_path / "x.txt") == "a" * 100
    with pytest.raises(InputError) as error:
        system_name("a" * 101, tmp_path / "x.txt")  # was: OSError File name too long, after the scoring
    assert str(error.value) == (
        f"system name '{'a' * 60}'… (101 characters): use at most 100 ASCII letters, digits and . _ + - "
        "(set it with --name)"
    )


def test_a_long_bad_system_name_is_clipped_in_its_error(tmp_path):
    """A 300-character ``--name`` was echoed whole in the one-line error."""
    from mteval.run import system_name

    with pytest.raises(InputError) as error:
        system_name("a/" * 150, tmp_path / "x.txt")
    assert str(error.value) == (
        f"system name '{'a/' * 30}'… (300 characters): use at most 100 ASCII letters, digits and . _ + - "
        "(set it with --name)"
    )


def test_a_system_folder_named_dot_is_named_after_the_folder(tmp_path, monkeypatch):
    """``--hyp .`` (a BWB-layout folder, the current one) was the system name '': refused."""
    from mteval.run import system_name

    (tmp_path / "my-mt").mkdir()
    monkeypatch.chdir(tmp_path / "my-mt")
    assert [system_name(None, Path(p)) for p in (".", "./", "sys.en", "out/")] == [
        "my-mt",
        "my-mt",
        "sys",
        "out",
    ]
