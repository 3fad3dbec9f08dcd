import shutil

from core.layout import Layout
from pipeline.manifest import Manifest
from core import storage
from core.storage import write_table
from pipeline.output_folder import adopt
from pipeline.summary import corpus_summary, format_runs, format_summary, task_runs
from tests.exports.synthetic import build_output


def test_the_summary_says_which_tasks_this_run_ran_and_why(tmp_path):
    runs = {
        "AlignBook/a": ("now", ["code changed: alignment/search.py"]),
        "AlignBook/b": ("now", ["new input"]),
        "AlignBook/c": ("now", ["code changed: alignment/search.py"]),
        "CleanBook/a": ("before", ["not built"]),
    }
    for name, (run_id, why) in runs.items():
        Manifest(extra={"run_id": run_id, "why": why}).save(tmp_path / "_manifests" / f"{name}.json")
    assert format_runs(task_runs(Layout(tmp_path), "now")) == (
        "  tasks run (task: count, why):\n"
        "    AlignBook: 2, code changed: alignment/search.py\n"
        "    AlignBook: 1, new input"
    )
    assert (
        format_runs(task_runs(Layout(tmp_path), "later")) == "  tasks run: none (everything was up to date)"
    )


def test_the_summary_names_each_site_the_crawl_stopped_and_why_and_each_journal_edited_by_hand():
    crawl = {"requests": 4, "failed": 1, "failed_reasons": {"not_fetched": 1}}
    stopped = {"en-site": "site unreachable: 10 requests in a row failed to connect"}
    warning = (
        "warning: j.jsonl: the record of http://s/1 was edited since it was written: skipped, fetched again"
    )
    summary = {
        "output": "out",
        "books": 1,
        "adopted_books": 0,
        "raw_chapters": {"zh": 2, "en": 0},
        "chapters": 0,
        "sentence_pairs": 0,
        "sentence_pairs_both_sides": 0,
        "rejected": {},
        "cohesion_candidates": {},
        "crawl": {**crawl, "stopped_sites": stopped, "journal_warnings": [warning]},
    }
    lines = format_summary(summary).splitlines()
    assert lines[3:6] == [
        "  crawl failures (retried on the next run): not_fetched 1",
        "  STOPPED en-site (site unreachable: 10 requests in a row failed to connect): nothing more was sent to it",
        f"  {warning}",
    ]


def test_the_summary_counts_the_books_adopted_into_the_folder(tmp_path):
    """A book adopted with ``--adopt`` is built and exported with the corpus, but the summary counted the
    config's books only: its chapters and sentence pairs were in the export and not in the summary."""
    layout = build_output(tmp_path, books=2)
    for book in ("book0", "book1"):
        write_table([], "clean_chapters", layout.clean(book))
    both = corpus_summary(layout, ["book0", "book1"])
    adopt(layout, ["book1"])
    assert (both["books"], both["adopted_books"]) == (2, 0)
    assert corpus_summary(layout, ["book0"]) == both | {"adopted_books": 1}
    assert format_summary(both | {"adopted_books": 1}).splitlines()[1].startswith("  books: 2 (1 adopted)   ")


def test_a_build_stopped_by_until_says_so_in_its_header(tmp_path):
    """``corpus --until crawl`` ended "Corpus built in ..." above "chapter pairs kept: 0": the pairing
    seemed to have failed, where it had not run."""
    layout = build_output(tmp_path, books=1)
    summary = corpus_summary(layout, ["book0"])
    assert format_summary(summary).splitlines()[0] == f"Corpus built in {layout.root}"
    assert format_summary(summary, until="crawl").splitlines()[0] == (
        f"Corpus built up to crawl (--until: the later stages did not run) in {layout.root}"
    )
    assert format_summary(summary, finished=False, until="crawl").splitlines()[0] == (
        f"Corpus NOT finished (failures below); built so far in {layout.root}"
    )


def test_the_summary_reads_only_the_columns_it_counts_a_book_at_a_time(tmp_path, monkeypatch):
    """It read every book's chapters, sentence pairs and candidates whole, texts and all, and held them at
    once: 530 MB at 500,000 sentence pairs, about 10 GB at BWB's 9.6 million, to count rows."""
    layout = build_output(tmp_path, books=2)
    read, read_table = [], storage.read_table

    def recording(path, table, columns=None):
        read.append((path.relative_to(tmp_path).as_posix(), columns))
        return read_table(path, table, columns)

    monkeypatch.setattr(storage, "read_table", recording)
    summary = corpus_summary(layout, ["book0", "book1"])
    per_book = [
        ("raw/zh", ["raw_id"]),
        ("raw/en", ["raw_id"]),
        ("chapters", ["chapter_id"]),
        ("aligned", ["zh_idx", "en_idx"]),
        ("candidates", ["phenomenon", "adjacency"]),
    ]
    rejected = [
        f"rejected/{stage}/{book}.parquet" for stage in ("clean", "filter") for book in ("book0", "book1")
    ]
    assert read == [
        *(
            (f"{folder}/{book}.parquet", columns)
            for folder, columns in per_book
            for book in ("book0", "book1")
        ),
        *((path, ["stage", "reason"]) for path in rejected),
    ]
    assert (summary["chapters"], summary["sentence_pairs"]) == (9, 54)


def test_the_summary_points_at_the_tables_built_so_far(tmp_path):
    """After ``corpus --until crawl`` its last line listed chapters, aligned and candidates tables, which
    were not built yet."""
    layout = build_output(tmp_path, books=1)
    (layout.root / "candidates").mkdir(exist_ok=True)
    summary = corpus_summary(layout, ["book0"])
    see = "; `python -m pipeline inspect CHAPTER_ID`"
    assert format_summary(summary).splitlines()[-1] == (
        f"  see: {layout.root}/chapters, aligned, candidates, rejected{see}"
    )
    for name in ("chapters", "aligned", "candidates"):
        shutil.rmtree(layout.root / name)
    assert format_summary(summary, until="crawl").splitlines()[-1] == f"  see: {layout.root}/rejected{see}"
