"""``qc import``'s summary on a small synthetic output folder (tests/exports/synthetic.py)."""

from __future__ import annotations

import csv
import json
import subprocess
from pathlib import Path

import pytest

from core import storage

from pipeline.cli import main
from pipeline.config import load_config
from qc.run import sample_review
from tests.exports.synthetic import build_output
from tests.helpers import local_book, local_config, output_of, target, write_config
from tests.pipeline.lock_holder import LOCAL, held_in_another_process

TSV = {"delimiter": "\t", "quoting": csv.QUOTE_NONE, "quotechar": None, "lineterminator": "\n"}


def _reviewed(tmp_path, edit) -> tuple[list[str], str]:
    """``target`` of a config of one synthetic book, and a sampled chapter's TSV with every bead marked
    correct, then ``edit(rows)`` applied."""
    config = local_config(tmp_path, {"book0": local_book(tmp_path, "book0")})
    layout = build_output(output_of(config), books=1, chapters=1)
    folder, (chapter_id,) = sample_review(layout, 1, seed=0)
    tsv = folder / f"{chapter_id}.tsv"
    with open(tsv, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, **TSV))
    for row in rows:
        row["verdict"] = "correct"
    rows = edit(rows) or rows
    with open(tsv, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, list(rows[0]), **TSV)
        writer.writeheader()
        writer.writerows(rows)
    return target(config), str(tsv)


def test_a_bead_given_the_same_verdict_twice_is_counted_once_and_said_so(tmp_path, capsys):
    args, tsv = _reviewed(tmp_path, lambda rows: rows + [dict(rows[2], verdict="yes")])
    assert main(["qc", "import", *args, tsv]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Imported 6 verdicts (no corrections) into ")
    assert lines[1:3] == [
        "  1 bead given the same verdict more than once: counted once",
        "Alignment accuracy (reviewed beads judged correct):",
    ]
    assert lines[4].split() == ["book0", "6", "6", "100.0%", "61.0–100.0"]


def test_an_import_names_the_export_and_report_commands_of_its_own_config_and_folder(tmp_path, capsys):
    """It said "the next `make export` / `make report`", which export and report the demo's folder."""
    args, tsv = _reviewed(tmp_path, _corrected)
    assert main(["qc", "import", *args, tsv]) == 0
    given = " ".join(args)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Imported 6 verdicts and 1 corrected beads into ")
    assert lines[0].endswith(f"/qc and {Path(args[3])}/corrections")
    assert lines[-1] == (
        "Exports and the report use the corrections from the next "
        f"`python -m pipeline export {given}` / `python -m pipeline report {given}`."
    )


def test_an_import_without_corrections_says_so_and_names_the_report_alone(tmp_path, capsys):
    """With no correction it said "into .../qc and .../corrections", which it had not made."""
    args, tsv = _reviewed(tmp_path, lambda rows: None)
    assert main(["qc", "import", *args, tsv]) == 0
    out = Path(args[3])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"Imported 6 verdicts (no corrections) into {out}/qc"
    assert (
        lines[-1]
        == f"The report shows the verdicts from the next `python -m pipeline report {' '.join(args)}`."
    )
    assert not (out / "corrections").exists()


def _corrected(rows: list[dict[str, str]]) -> None:
    """The last bead judged misaligned, the chapter's last English sentence (in no bead) added to it."""
    rows[-1].update(verdict="misaligned", correction=f"{rows[-1]['zh_idx']}:{rows[-1]['en_idx']},7")


def test_a_rejected_row_is_listed_with_the_start_of_its_long_texts(tmp_path, capsys):
    pair_id = "book0/" + "9" * 100_000
    args, tsv = _reviewed(tmp_path, lambda rows: rows[0].update(pair_id=pair_id))
    assert main(["qc", "import", *args, tsv]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == (
        f"    {pair_id[:60]}… (100006 characters): unknown_pair_id: {tsv}: no bead "
        f"'{pair_id[:60]}'… (100006 characters) in aligned/"
    )


def test_a_conflict_over_a_long_correction_is_one_short_line(tmp_path, capsys):
    huge = "0:0;" * 25_000
    args, tsv = _reviewed(tmp_path, lambda rows: rows + [dict(rows[0], verdict="no", correction=huge)])
    assert main(["qc", "import", *args, tsv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400
    assert err.endswith(f"line 8 (no {huge[:57]}… (100003 characters))\n")


def test_annotations_cancelled_in_label_studio_are_counted_and_said_so(tmp_path, capsys):
    """They were left out without a word: "Imported 1 verdicts", and nothing about the 2 others."""
    config = local_config(tmp_path, {"book0": local_book(tmp_path, "book0")})
    layout = build_output(output_of(config), books=1, chapters=1)
    folder, (chapter_id,) = sample_review(layout, 1, seed=0)
    tasks = json.loads((folder / f"{chapter_id}.tasks.json").read_text(encoding="utf-8"))[:3]
    verdict = {"from_name": "verdict", "type": "choices", "value": {"choices": ["correct"]}}
    for n, task in enumerate(tasks):
        task["annotations"] = [{"completed_by": 1, "result": [verdict], "was_cancelled": n > 0}]
    export = tmp_path / "export.json"
    export.write_text(json.dumps(tasks), encoding="utf-8")
    assert main(["qc", "import", *target(config), str(export)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Imported 1 verdicts (no corrections) into ")
    assert lines[1] == "  2 annotations cancelled in Label Studio: skipped"
    export.write_text(json.dumps(tasks[1:2]), encoding="utf-8")
    assert main(["qc", "import", *target(config), str(export)]) == 1
    assert capsys.readouterr().err == (
        f"qc import: nothing to import: {export} holds no verdict or correction "
        "(its 1 annotation cancelled in Label Studio)\n"
    )


@pytest.mark.parametrize("with_unfilled_tsv", [False, True])
def test_an_import_of_files_holding_no_verdict_says_so_and_writes_nothing(
    tmp_path, capsys, with_unfilled_tsv
):
    args, tsv = _reviewed(tmp_path, lambda rows: [dict(row, verdict="") for row in rows])
    empty = tmp_path / "export.json"
    empty.write_text("[]", encoding="utf-8")
    root = output_of(tmp_path / "config.yaml")
    qc = sorted(p.relative_to(root) for p in (root / "qc").rglob("*"))
    given = [tsv, str(empty)] if with_unfilled_tsv else [str(empty)]
    assert main(["qc", "import", *args, *given]) == 1
    where = "the 2 paths given" if with_unfilled_tsv else str(empty)
    assert capsys.readouterr() == (
        "",
        f"qc import: nothing to import: {where} holds no verdict or correction (no task annotated, no "
        "verdict column filled in)\n",
    )
    assert sorted(p.relative_to(root) for p in (root / "qc").rglob("*")) == qc


def test_an_import_into_a_folder_without_a_corpus_is_refused_and_makes_nothing(tmp_path, capsys):
    """A mistyped --output was "Imported 0 verdicts", exit 0, every bead an unknown_pair_id in a new folder."""
    args, tsv = _reviewed(tmp_path, lambda rows: None)
    config = tmp_path / "config.yaml"
    elsewhere = tmp_path / "typo"
    assert main(["qc", "import", "--config", str(config), "--output", str(elsewhere), tsv]) == 1
    assert capsys.readouterr() == (
        "",
        f"qc import: nothing imported: no aligned corpus in {elsewhere} (run: python -m pipeline corpus "
        f"--config {config} --output {elsewhere})\n",
    )
    assert not elsewhere.exists()


def test_an_import_while_a_build_writes_to_the_folder_is_refused_and_writes_nothing(tmp_path, capsys):
    args, tsv = _reviewed(tmp_path, lambda rows: None)
    root = output_of(tmp_path / "config.yaml")
    qc = sorted(p.relative_to(root) for p in (root / "qc").rglob("*"))
    with held_in_another_process(root, LOCAL):
        assert main(["qc", "import", *args, tsv]) == 1
    assert capsys.readouterr().err == f"a build is writing to {root}: import the verdicts once it has ended\n"
    assert sorted(p.relative_to(root) for p in (root / "qc").rglob("*")) == qc
    assert not (root / "corrections").exists()


def test_an_import_run_again_removes_what_the_killed_one_left_half_written(tmp_path, capsys):
    args, tsv = _reviewed(tmp_path, lambda rows: None)
    root = output_of(tmp_path / "config.yaml")
    dead = subprocess.Popen(["true"])
    dead.wait()
    left = [root / "qc" / f".verdicts.parquet.{storage._HOST}.{dead.pid}.tmp"]
    left.append(root / "corrections" / f".book0.parquet.{storage._HOST}.{dead.pid}.tmp")
    for path in left:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"PAR1 half")
    assert main(["qc", "import", *args, tsv]) == 0
    assert capsys.readouterr().out.startswith("Imported 6 verdicts (no corrections) into ")
    assert [path.exists() for path in left] == [False, False]
    assert sorted(p.name for p in (root / "qc").iterdir()) == [
        "accuracy.json",
        "sample-0",
        "verdicts.parquet",
    ]
    assert list((root / "corrections").iterdir()) == []


@pytest.mark.parametrize("blocked", ["mt", "mt/test"])
def test_evaluate_mt_where_a_file_takes_the_place_of_its_folder_is_one_line(
    tmp_path, capsys, monkeypatch, blocked
):
    from exports.stage import export_corpus
    from pipeline import annotation_cli
    from pipeline.cli_build import Target
    from tests.exports.synthetic import build_output

    layout = build_output(tmp_path / "output")
    export_corpus(layout, ["text"])
    (layout.root / blocked).parent.mkdir(parents=True, exist_ok=True)
    (layout.root / blocked).write_text("junk")
    config = write_config(tmp_path, books=["city-star"])
    monkeypatch.setattr(
        annotation_cli, "_built", lambda args, *extra: Target(load_config(config), layout, {})
    )  # the corpus as built
    hyp = layout.export_dir() / "text" / "test.en"
    assert main(["evaluate-mt", "--hyp", str(hyp), "--name", "copy", *target(config)]) == 2
    err = capsys.readouterr().err  # after a progress line per chapter scored
    assert "Traceback" not in err and err.splitlines()[-1] + "\n" == (
        f"evaluate-mt: cannot write {layout.root / 'mt' / 'test'}: "
        f"{layout.root / blocked} is a file where a folder goes: remove that file\n"
    )


def test_qc_sample_of_an_empty_split_is_one_line_and_writes_nothing(tmp_path, capsys, monkeypatch):
    from pipeline import annotation_cli
    from pipeline.cli_build import Target

    layout = build_output(tmp_path / "output", books=1, chapters=2)  # one book: valid and test are empty
    config = write_config(tmp_path, books=["city-star"])
    monkeypatch.setattr(
        annotation_cli, "_built", lambda args, *extra: Target(load_config(config), layout, {})
    )
    assert main(["qc", "sample", "--chapters", "3", "--split", "test", *target(config)]) == 1
    assert capsys.readouterr() == (
        "",
        "qc sample: no chapter to draw (the test split has none: python -m pipeline stats says why); "
        "nothing written\n",
    )
    assert not layout.qc_dir().exists()


def test_qc_sample_where_a_looping_link_takes_the_place_of_its_folder_names_the_link(
    tmp_path, capsys, monkeypatch
):
    """It said "qc sample: cannot write OUTPUT/qc/sample-1: File exists"."""
    from pipeline import annotation_cli
    from pipeline.cli_build import Target

    layout = build_output(tmp_path / "output", books=1, chapters=2)
    layout.qc_dir().mkdir()
    (layout.qc_dir() / "sample-1").symlink_to("sample-1")
    config = write_config(tmp_path, books=["city-star"])
    monkeypatch.setattr(
        annotation_cli, "_built", lambda args, *extra: Target(load_config(config), layout, {})
    )
    assert main(["qc", "sample", "--chapters", "1", "--seed", "1", *target(config)]) == 2
    folder = layout.qc_dir() / "sample-1"
    assert capsys.readouterr() == (
        "",
        f"qc sample: cannot write {folder}: {folder} is a symbolic link that loops: remove that link\n",
    )


@pytest.mark.parametrize("system", ["", "  "])
def test_an_empty_system_name_is_refused_not_replaced_by_the_file_name(capsys, system):
    """``--name "$SYSTEM"`` with the variable unset scored the file under its own name (and replaced the
    scores of a system of that name)."""
    with pytest.raises(SystemExit) as exited:
        main(["evaluate-mt", "--hyp", "sys.en", "--name", system])
    assert exited.value.code == 2 and capsys.readouterr().err == (
        f"python -m pipeline evaluate-mt: error: argument --name: {system!r} is not a name (an unset variable?)"
        " (see python -m pipeline evaluate-mt --help)\n"
    )


@pytest.mark.parametrize("chapters", ["0", "-1", "1_0", "+3", " 3", "٣", "1.5"])
def test_qc_sample_takes_a_count_of_chapters_written_in_digits(capsys, chapters):
    """``--chapters`` was read by int(): "1_0" drew 10 chapters, "٣" 3, and "1.5" was argparse's
    "invalid int value"."""
    with pytest.raises(SystemExit) as exited:
        main(["qc", "sample", "--chapters", chapters])
    assert exited.value.code == 2 and capsys.readouterr().err == (
        f"python -m pipeline qc sample: error: argument --chapters: {chapters!r} is not a positive whole "
        "number (see python -m pipeline qc sample --help)\n"
    )


def test_a_missing_hyp_is_named_before_the_build(tmp_path, capsys, monkeypatch):
    from pipeline import annotation_cli

    config = write_config(tmp_path, books=["city-star"])
    built = []
    monkeypatch.setattr(annotation_cli, "_built", lambda args, *extra: built.append(args))
    hyp = tmp_path / "sys.en"
    assert main(["evaluate-mt", "--hyp", str(hyp), *target(config)]) == 2
    assert built == [] and capsys.readouterr() == ("", f"evaluate-mt: {hyp}: no such file or folder\n")


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"\n \n\t\n", "every line is blank: no system output to score"),
        (b"\x00\x01PK\x03\x04", "binary input (NUL byte at byte offset 0), nothing to score"),
        (
            b"a line\n" + b"x" * 100_001 + b"\n",
            "line 2 has 100,001 characters (at most 100,000: one bead a line)",
        ),
    ],
)
def test_a_hyp_file_that_holds_no_output_is_named_before_the_build(
    tmp_path, capsys, monkeypatch, content, problem
):
    """Its content was read only after the build (minutes), then refused."""
    from pipeline import annotation_cli

    config = write_config(tmp_path, books=["city-star"])
    built = []
    monkeypatch.setattr(annotation_cli, "_built", lambda args, *extra: built.append(args))
    hyp = tmp_path / "sys.en"
    hyp.write_bytes(content)
    assert main(["evaluate-mt", "--hyp", str(hyp), *target(config)]) == 2
    assert built == [] and capsys.readouterr() == ("", f"evaluate-mt: {hyp}: {problem}\n")


def test_a_bad_system_name_is_named_before_the_build(tmp_path, capsys, monkeypatch):
    from pipeline import annotation_cli

    config = write_config(tmp_path, books=["city-star"])
    built = []
    monkeypatch.setattr(annotation_cli, "_built", lambda args, *extra: built.append(args))
    hyp = tmp_path / "sys.en"
    hyp.write_text("a line\n", encoding="utf-8")
    assert main(["evaluate-mt", "--hyp", str(hyp), "--name", "my system", *target(config)]) == 2
    assert built == [] and capsys.readouterr() == (
        "",
        "evaluate-mt: system name 'my system': use at most 100 ASCII letters, digits and . _ + - (set it with --name)\n",
    )


@pytest.mark.parametrize(
    ("command", "built"),
    [(["qc", "sample"], "The corpus is brought up to date first"),
     (["evaluate-mt"], "The corpus and its export are brought up to date first")],
)  # fmt: skip
def test_the_help_of_a_command_that_builds_first_says_what_the_build_options_are_for(
    capsys, monkeypatch, command, built
):
    """qc sample and evaluate-mt took --workers and --prune with no word of a build: unused, they seemed."""
    monkeypatch.setenv("COLUMNS", "300")  # no option name broken at its hyphen
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert (
        f"{built}: --workers, --scheduler-host, --scheduler-port and --prune/--adopt apply to that build."
        in text
    )


def test_qc_sample_ends_with_the_import_command_of_its_folder_config_and_output(
    tmp_path, capsys, monkeypatch
):
    """It listed the chapters drawn and stopped: the command that reads the review back had to be found."""
    from pipeline import annotation_cli
    from pipeline.cli_build import Target

    layout = build_output(tmp_path / "out put", books=1, chapters=2)
    config = write_config(tmp_path, books=["city-star"])
    params = {"config": str(config), "output_dir": str(layout.root), "run_id": "1"}
    monkeypatch.setattr(
        annotation_cli, "_built", lambda args, *extra: Target(load_config(config), layout, params)
    )
    assert main(["qc", "sample", "--chapters", "1", "--seed", "1", *target(config)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        f"Once reviewed: python -m pipeline qc import '{layout.qc_dir()}/sample-1' --reviewer NAME "
        f"--config {config} --output '{layout.root}'"
    )


def test_evaluate_mt_says_what_an_f1_of_n_a_means(tmp_path, capsys, monkeypatch):
    """It printed "pronoun-feminine-f1  n/a" with no word of why."""
    from exports.stage import export_corpus
    from pipeline import annotation_cli
    from pipeline.cli_build import Target

    layout = build_output(tmp_path / "output")
    export_corpus(layout, ["text"])
    config = write_config(tmp_path, books=["city-star"])
    monkeypatch.setattr(
        annotation_cli, "_built", lambda args, *extra: Target(load_config(config), layout, {})
    )
    hyp = layout.export_dir() / "text" / "test.en"
    assert main(["evaluate-mt", "--hyp", str(hyp), "--name", "copy", *target(config)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.split()[1:2] == ["n/a"] for line in lines[1:15])
    assert (
        "  n/a: none of these words in the references, or none in the system output: no F1 to take" in lines
    )
