"""The whole pipeline on the demo sites, through Luigi with the local scheduler."""

from __future__ import annotations

from pathlib import Path

import luigi
import pytest

from cohesion.stage import PHENOMENA
from core import storage
from core.layout import Layout
from crawlers.demo.render import en_chapters, zh_author_note, zh_title
from crawlers.demo.source import load_books
from pipeline.build_task import BuildCorpus
from tests.helpers import output_of, params, write_config

pytestmark = pytest.mark.slow


def build(config: Path) -> luigi.execution_summary.LuigiRunResult:
    return luigi.build(
        [BuildCorpus(**params(config))], local_scheduler=True, detailed_summary=True, log_level="WARNING"
    )


@pytest.fixture(scope="module")
def demo_build(tmp_path_factory) -> tuple[Path, Layout]:
    config = write_config(tmp_path_factory.mktemp("demo"))
    result = build(config)
    assert result.status == luigi.LuigiStatusCode.SUCCESS, result.summary_text
    return config, Layout(output_of(config))


def _rejections(layout: Layout) -> set[tuple[str, str, str]]:
    table = storage.read_many(sorted(layout.root.glob("rejected/*/*.parquet")), "rejected")
    return {(row["item_id"], row["stage"], row["reason"]) for row in table.to_pylist()}


def test_every_demo_chapter_is_crawled_in_both_languages(demo_build):
    _, layout = demo_build
    for book in load_books():
        note = zh_author_note(book)
        expected = {
            "zh": {zh_title(book, c) for c in book.chapters} | ({note.title_zh} if note else set()),
            "en": {title for _, title, _ in en_chapters(book)},
        }
        for lang in ("zh", "en"):
            rows = storage.read_rows(layout.raw(lang, book.book_id), "raw_chapters")
            assert {r["title"] for r in rows} == expected[lang], (book.book_id, lang)


def test_planted_defects_end_with_the_right_pairs_and_a_named_outcome_and_nothing_else(demo_build):
    _, layout = demo_build
    assert _rejections(layout) == {
        ("city-star/zh/00005", "dedup", "near_duplicate"),  # chapter 4 posted again after chapter 5
        ("city-star/7", "pair", "merged"),  # chapters 7 and 8 translated as one en chapter 7
        ("city-star/zh/00010", "clean", "author_note"),  # the author's last words, posted as chapter 10 ...
        ("city-star/en/00008", "clean", "author_note"),  # ... and translated as "A Word from the Author"
        ("sword-sect/6", "filter", "length_ratio"),  # the translation is cut off after a fifth
        ("sword-sect/zh/00007", "clean", "leave_notice"),  # an author's leave notice posted as chapter 8
        *((f"sword-sect/{n}", "pair", "renumbered") for n in (9, 10, 11)),  # ... so zh 9 is en 8
        ("sword-sect/11", "filter", "poetry"),
        ("star-system/zh/00009", "pair", "no_translation"),
        *((f"star-system/{n}", "pair", "renumbered") for n in range(1, 10)),  # en starts at a prologue
    }
    pairs = {
        row["chapter_id"]: (len(row["zh_raw_ids"]), row["title_en"])
        for b in load_books()
        for row in storage.read_rows(layout.chapters(b.book_id), "chapters")
    }
    assert pairs["city-star/7"] == (2, "Chapter 7: The Rainy Night")
    assert pairs["star-system/1"][1].startswith("Prologue") and pairs["star-system/2"][1].startswith(
        "Chapter 1:"
    )
    assert pairs["sword-sect/9"][1].startswith("Chapter 8 ")
    expected = {f"{b.book_id}/{n}" for b in load_books() for n in range(1, 11)}
    expected -= {"city-star/8", "city-star/10", "sword-sect/6", "sword-sect/8", "star-system/10"}
    assert set(pairs) == expected


def test_aligned_pairs_cover_every_sentence_once(demo_build):
    _, layout = demo_build
    for book in load_books():
        chapters = {r["chapter_id"]: r for r in storage.read_rows(layout.chapters(book.book_id), "chapters")}
        pairs = storage.read_rows(layout.aligned(book.book_id), "aligned_pairs")
        for chapter_id, chapter in chapters.items():
            beads = [p for p in pairs if p["chapter_id"] == chapter_id]
            assert [p["bead_no"] for p in beads] == list(range(len(beads)))
            assert [i for p in beads for i in p["zh_idx"]] == list(range(len(chapter["zh_sentences"])))
            assert [i for p in beads for i in p["en_idx"]] == list(range(len(chapter["en_sentences"])))
            assert all(p["pair_id"] == f"{chapter_id}/{p['bead_no']}" for p in beads)


# One instance the demo's English text holds for each phenomenon in each adjacency class (read off
# demo/source): (chapter, phenomenon, adjacency, element 1, element 2, trigger).
PLANTED = {
    (
        "sword-sect/1",
        "conjunction",
        "adjacent",
        "",
        "But",
        "but",
    ),  # "... cultivate with." "But ever since ..."
    # speech resumed after the speaker's aside links across it: '"This is ...," Yunyazi said slowly.' '"Yet ...'
    (
        "sword-sect/2",
        "conjunction",
        "non_adjacent",
        "This is the work of a Nascent Soul cultivator at the very least",
        "Yet",
        "yet",
    ),
    (
        "sword-sect/1",
        "reference",
        "adjacent",
        "Lin Xiaozhou",
        "He",
        "he",
    ),  # "... Lin Xiaozhou's bamboo broom." "He had asked ..."
    (
        "sword-sect/1",
        "reference",
        "non_adjacent",
        "Lin Xiaozhou",
        "his",
        "his",
    ),  # "Lin Xiaozhou froze." ... "inside his head"
    ("sword-sect/1", "repetition", "adjacent", "disciples", "disciples", "disciple"),
    ("sword-sect/1", "repetition", "non_adjacent", "Sunset Peak", "Sunset Peak", "Sunset Peak"),
    (
        "sword-sect/4",
        "synonyms",
        "adjacent",
        "stone",
        "rock",
        "rock.n.01",
    ),  # "a stone turned ..." "until the rock ..."
    (
        "sword-sect/5",
        "synonyms",
        "non_adjacent",
        "heap",
        "pile",
        "pile.n.01",
    ),  # "a heap of old books" ... "the pile"
    ("sword-sect/1", "substitution", "adjacent", "broom", "one", "new one"),  # "bamboo broom." "a new one"
    (
        "city-star/7",
        "substitution",
        "non_adjacent",
        "umbrella",
        "one",
        "another one",
    ),  # "her yellow umbrella" ... "another one"
    (
        "sword-sect/9",
        "ellipsis",
        "adjacent",
        "Something was wrong",
        "what",
        "what",
    ),  # "But he couldn't tell what."
    (
        "star-system/1",
        "ellipsis",
        "non_adjacent",
        "From behind the half-open pantry door came a gnawing sound, a wet crunching like something chewing on bone",
        "what",
        "what",
    ),  # ... "He didn't want to know what."
    (
        "sword-sect/7",
        "ellipsis",
        "intra",
        "Someone did not want him to win",
        "who",
        "who",
    ),  # "..., and he knew exactly who."
}


def test_cohesion_candidates_of_all_six_phenomena_in_both_adjacency_classes(demo_build):
    _, layout = demo_build
    table = storage.read_many([layout.candidates(b.book_id) for b in load_books()], "candidates")
    found = set(
        zip(
            *(
                table.column(c).to_pylist()
                for c in ("chapter_id", "phenomenon", "adjacency", "a_text", "b_text", "trigger")
            )
        )
    )
    assert {(p, a) for p in PHENOMENA for a in ("adjacent", "non_adjacent")} <= {
        (p, a) for _, p, a, *_ in PLANTED
    }
    assert PLANTED - found == set()


def test_a_second_build_with_nothing_changed_runs_nothing_and_rewrites_nothing(demo_build):
    config, layout = demo_build
    before = {p: p.stat().st_mtime_ns for p in layout.root.rglob("*") if p.is_file()}
    result = build(config)
    assert result.status == luigi.LuigiStatusCode.SUCCESS
    assert (
        "complete ones were encountered" in result.summary_text
        and "ran successfully" not in result.summary_text
    )
    after = {p: p.stat().st_mtime_ns for p in layout.root.rglob("*") if p.is_file()}
    assert after == before
