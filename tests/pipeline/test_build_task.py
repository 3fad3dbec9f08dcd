"""BuildCorpus without a build: what its summary and books table read."""

from __future__ import annotations

from pathlib import Path

from core import storage
from core.layout import Layout
from pipeline.build_task import BuildCorpus
from pipeline.corpus_tasks import BuildReport
from pipeline.manifest import changes
from pipeline.output_folder import adopt
from pipeline.summary import corpus_summary
from tests.pipeline.edited_config import edit_config
from tests.helpers import output_of, params, write_config


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


def test_the_tables_of_an_adopted_book_that_the_summary_counts_are_inputs_of_the_summary(demo, monkeypatch):
    """The summary counts the books adopted into the folder (``--adopt``): their tables are the task's inputs,
    those this config writes (filter, align, mine) by their manifests, the others by content."""
    corpus = BuildCorpus(**demo)
    layout = corpus.layout
    storage.write_table([], "clean_chapters", layout.clean("old"))
    adopt(layout, ["old"])
    counted = [
        *(layout.raw(lang, "old") for lang in ("zh", "en")),
        layout.chapters("old"),
        layout.aligned("old"),
        layout.candidates("old"),
        layout.rejected("crawl", "old-zh"),
        layout.rejected("clean", "old"),
        layout.rejected("filter", "old"),
    ]
    for path in counted:
        storage.write_table([], TABLES[path.relative_to(layout.root).parts[0]], path)
    read: list[Path] = []
    monkeypatch.setattr(storage, "refuse_special", lambda path, *_: read.append(Path(path)))
    corpus_summary(layout, ["city-star"])
    tables = {path for path in read if path.suffix == ".parquet"}  # and _adopted.json: which books
    assert sorted(tables) == sorted(counted)
    assert sorted(tables - {*corpus.input_paths(), *corpus.read_tables()}) == []


def test_the_books_table_lists_the_books_adopted_into_the_folder_with_what_the_config_knows_of_them(demo):
    """A book adopted into the folder (``--adopt``) is built with the config's, but books.parquet (and the
    report's genres after it) listed the config's alone."""
    corpus = BuildCorpus(**demo)
    storage.write_table([], "clean_chapters", corpus.layout.clean("old"))
    adopt(corpus.layout, ["old"])
    assert [(b["book_id"], b["genre"], b["adopted"]) for b in corpus.books()] == [
        ("city-star", "urban romance", False),
        ("old", None, True),
    ]
    assert corpus.books()[1] == dict.fromkeys(corpus.books()[0], None) | {"book_id": "old", "adopted": True}


def test_an_edited_genre_or_title_makes_the_books_table_and_the_report_stale(tmp_path, monkeypatch):
    """A book's genre (or title) corrected in the config: ``corpus`` ran nothing, and books.parquet and the
    report's genres section kept the old one; now the books table is written again, and the report reads it."""
    config = write_config(tmp_path, books=["city-star"])
    monkeypatch.setattr(BuildCorpus, "producers", lambda self: [])  # only the config's part of its inputs
    before = BuildCorpus(**params(config)).current_inputs()
    edit_config(config, lambda raw: raw["sites"]["moonlit"].update(delay=5))
    assert changes(before, BuildCorpus(**params(config)).current_inputs()) == []
    for edit in ({"genre": "wuxia"}, {"title_en": "A Town of Starlight"}):
        edit_config(config, lambda raw: raw["books"][0].update(edit))
        assert changes(before, BuildCorpus(**params(config)).current_inputs()) == ["config changed"]
    report = BuildReport(**params(config))
    assert Layout(output_of(config)).books() in report.input_paths()
    assert BuildCorpus(**params(config)) in report.producers()


def test_the_summary_of_a_folder_moved_or_copied_is_stale(tmp_path, monkeypatch):
    """``summary.json`` names its folder: one moved or copied kept naming the old folder, with nothing stale."""
    config = write_config(tmp_path, books=["city-star"])
    monkeypatch.setattr(BuildCorpus, "producers", lambda self: [])  # only the config's part of its inputs
    here = BuildCorpus(**params(config)).current_inputs()
    moved = BuildCorpus(config=str(config), output_dir=str(tmp_path / "moved")).current_inputs()
    assert changes(here, BuildCorpus(**params(config)).current_inputs()) == []
    assert changes(here, moved) == ["config changed"]
