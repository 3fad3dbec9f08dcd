"""ExportCorpus and BuildReport on a synthetic corpus: what they record and read, and what an export removes."""

from __future__ import annotations

import pytest

from core.layout import Layout
from pipeline.corpus_tasks import BuildReport, ExportCorpus
from pipeline.lock import build_lock
from pipeline.manifest import changes
from tests.exports.synthetic import build_output
from tests.helpers import output_of, params, write_config


def test_an_export_unit_is_its_formats(demo):
    assert ExportCorpus(**demo, formats=["tmx", "bwb"]).unit == "bwb-tmx"


def test_an_exported_file_deleted_or_overwritten_since_the_export_makes_the_export_run_again(tmp_path):
    """``export/text/test.ids`` (what evaluate-mt reads) is recorded like the summary: gone or changed, the
    export is not complete, so the next ``export`` writes it again instead of saying it exported."""
    config = write_config(tmp_path)
    task = ExportCorpus(**params(config), formats=["bwb", "text"])
    build_output(output_of(config))
    with build_lock(output_of(config)):  # as in a build: the synthetic books are not the demo config's
        task.run()
    export = Layout(output_of(config)).export_dir()
    assert task.manifest().damaged(output_of(config)) is None
    (export / "text" / "test.ids").unlink()
    assert task.manifest().damaged(output_of(config)) == "missing: export/text/test.ids"
    (export / "text" / "test.ids").write_text("")
    assert task.manifest().damaged(output_of(config)) == "damaged: export/text/test.ids"
    (export / "text" / "test.ids").unlink()
    (export / "bwb" / "mapping.json").write_text("[1]")
    assert task.manifest().damaged(output_of(config)) == "damaged: export/bwb/mapping.json"


def test_a_chart_of_the_report_deleted_or_overwritten_since_makes_the_report_run_again(tmp_path):
    """The report's charts are recorded like its pages: `make report` said "Report: ..." over a report
    whose img/scores.png was gone."""
    config = write_config(tmp_path)
    task = BuildReport(**params(config))
    build_output(output_of(config))
    with build_lock(output_of(config)):  # as in a build: the synthetic books are not the demo config's
        task.run()
    chart = Layout(output_of(config)).report_dir() / "img" / "scores.png"
    assert task.manifest().damaged(output_of(config)) is None
    chart.write_bytes(b"not a png")
    assert task.manifest().damaged(output_of(config)) == "damaged: report/img/scores.png"
    chart.unlink()
    assert task.manifest().damaged(output_of(config)) == "missing: report/img/scores.png"


def test_an_export_of_some_formats_removes_the_other_formats_left_by_an_export_of_another_corpus(
    tmp_path, monkeypatch
):
    """``export --formats text`` after a config change rewrote text/, splits.json and summary.json, and left
    bwb/ (and every other format) of the previous config's split and beads beside them."""
    config = write_config(tmp_path)
    export = Layout(output_of(config)).export_dir()
    build_output(output_of(config))
    corpus = {"aligned/book0.parquet": "before"}  # the inputs' fingerprints, as current_inputs gives them
    monkeypatch.setattr(ExportCorpus, "current_inputs", lambda self: dict(corpus))
    with build_lock(output_of(config)):  # as in a build: the synthetic books are not the demo config's
        ExportCorpus(**params(config), formats=["bwb", "text"]).run()
        ExportCorpus(**params(config), formats=["text"]).run()  # the same corpus: bwb/ is current
        assert sorted(p.name for p in export.iterdir() if p.is_dir()) == ["bwb", "text"]
        (export / "bwb" / "mapping.json").write_text("[1]")  # changed by hand since: not as written
        assert ExportCorpus(**params(config), formats=["text"]).stale_formats() == [export / "bwb"]
        ExportCorpus(**params(config), formats=["bwb", "text"]).run()
        corpus["aligned/book0.parquet"] = "after"  # another config's beads, or another split
        assert ExportCorpus(**params(config), formats=["text"]).stale_formats() == [export / "bwb"]
        ExportCorpus(**params(config), formats=["text"]).run()
        assert sorted(p.name for p in export.iterdir() if p.is_dir()) == ["text"]


def test_an_export_killed_after_dropping_an_older_export_leaves_that_export_whole(tmp_path, monkeypatch):
    """``export --formats text`` of another corpus, killed as it wrote text/: it had removed bwb/ of the older
    export first, leaving the older splits.json and text/ without it."""
    import os
    import signal

    from exports import stage

    config = write_config(tmp_path)
    export = Layout(output_of(config)).export_dir()
    build_output(output_of(config))
    corpus = {"aligned/book0.parquet": "before"}
    monkeypatch.setattr(ExportCorpus, "current_inputs", lambda self: dict(corpus))
    with build_lock(output_of(config)):
        ExportCorpus(**params(config), formats=["bwb", "text"]).run()
    before = sorted(p.relative_to(export) for p in export.rglob("*"))
    corpus["aligned/book0.parquet"] = "after"
    text = stage.FORMATS["text"]

    def killed(docs, folder):
        text(docs, folder)
        os.kill(os.getpid(), signal.SIGKILL)

    monkeypatch.setitem(stage.FORMATS, "text", killed)
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child, killed)
        with build_lock(output_of(config)):
            ExportCorpus(**params(config), formats=["text"]).run()
    os.waitpid(pid, 0)
    assert sorted(p.relative_to(export) for p in export.rglob("*")) == before


@pytest.mark.parametrize("task_class", [ExportCorpus, BuildReport])
def test_the_tables_of_a_book_the_config_does_not_list_are_inputs_of_the_export_and_the_report(
    tmp_path, monkeypatch, task_class
):
    """A book adopted into the folder (``--adopt``) is exported and reported with the config's books; pruned
    since (or rebuilt by its own config), ``export`` ran nothing and kept its beads in every split file."""
    config = write_config(tmp_path, books=["city-star"])
    layout = build_output(output_of(config), books=2)  # book0, book1: in no task of the config
    for method in ("producers", "input_paths"):  # the config's own book is not built
        monkeypatch.setattr(task_class, method, lambda self: [])
    before = task_class(**params(config)).current_inputs()
    assert {"chapters/book1.parquet", "aligned/book1.parquet"} <= before.keys()
    layout.aligned("book1").unlink()
    assert changes(before, task_class(**params(config)).current_inputs()) == ["new input"]


@pytest.mark.parametrize("first, second", [(["bwb", "text"], ["text"]), (["text"], ["bwb", "text"])])
def test_an_export_of_other_formats_since_leaves_an_export_whole_and_an_edit_is_still_damage(
    tmp_path, monkeypatch, first, second
):
    """Every export writes export/summary.json: `export` then `export --formats text` (or the reverse)
    showed the first "stale: output damaged: export/summary.json", though nothing was edited."""
    config = write_config(tmp_path)
    out = output_of(config)
    monkeypatch.setattr(ExportCorpus, "current_inputs", lambda self: {"aligned/book0.parquet": "same"})
    tasks = [ExportCorpus(**params(config), formats=formats) for formats in (first, second)]
    build_output(out)
    with build_lock(out):
        for task in tasks:
            task.run()
    assert [_why_run_again(task) for task in tasks] == [[], []]
    summary = Layout(out).export_dir() / "summary.json"
    summary.write_text(summary.read_text(encoding="utf-8").replace("1", "2"), encoding="utf-8")
    assert [_why_run_again(task) for task in tasks] == [["output damaged: export/summary.json"]] * 2


def _why_run_again(task: ExportCorpus) -> list[str]:
    """The reasons a build would record for running ``task`` again, its inputs unchanged."""
    manifest = task.manifest()
    return task.rerun_reasons(manifest, manifest.inputs)


def test_the_report_names_the_result_file_that_changed_not_the_config(tmp_path, monkeypatch):
    """Probe results deleted (`mv OUTPUT/evaluation ...`), or an exported test set the MT scores were scored
    on, read "report stale: config changed", the config untouched."""
    config = write_config(tmp_path)
    layout = build_output(output_of(config))
    for method in ("producers", "input_paths"):
        monkeypatch.setattr(BuildReport, method, lambda self: [])
    test_set = layout.export_dir() / "text" / "test.ids"
    for path in (layout.probe_results(), layout.mt_dir() / "test" / "system.parquet", test_set):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"made")
    before = BuildReport(**params(config)).current_inputs()
    layout.probe_results().unlink()
    test_set.unlink()
    assert changes(before, BuildReport(**params(config)).current_inputs()) == [
        "input changed: evaluation/probe.parquet, export/text/test.ids"
    ]
