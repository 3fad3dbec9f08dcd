from core.layout import Layout
from pipeline.status import corpus_status
from tests.helpers import output_of, params


def test_status_of_a_corpus_not_built_yet_lists_every_stage_and_writes_nothing(demo_config):
    out = output_of(demo_config)
    report = corpus_status(params(demo_config), Layout(out), ["city-star", "sword-sect"]).splitlines()
    assert report[0] == f"Status of 2 books in {out} (tasks: 0 built, 0 stale, 14 not built)"
    assert report[1:9] == [
        "city-star",
        "  crawl zh  not built",
        "  crawl en  not built",
        "  clean     not built",
        "  dedup     not built",
        "  filter    not built",
        "  align     not built",
        "  mine      not built",
    ]
    assert report[-2:] == ["corpus", "  summary   not built"]
    assert not out.exists()


def test_a_rejected_file_of_another_table_counts_no_rejection(demo_config):
    from core.storage import write_table

    layout = Layout(output_of(demo_config))
    write_table([], "books", layout.rejected("filter", "city-star"))  # a Parquet file of another schema
    write_table(
        [
            {"stage": "clean", "item_id": "city-star/zh/00001", "book_id": "city-star", "lang": "zh"}
            | {"reason": "author_note", "detail": ""}
        ],
        "rejected",
        layout.rejected("clean", "city-star"),
    )
    report = corpus_status(params(demo_config), layout, ["city-star"]).splitlines()
    assert report[4:7] == [
        "  clean     not built   rejected: clean/author_note 1",
        "  dedup     not built",
        "  filter    not built",
    ]


def test_status_counts_and_shows_the_books_adopted_into_the_folder(demo_config):
    """A book adopted with ``--adopt`` is deduplicated, filtered, aligned, mined, exported and summarized with
    the corpus, but status counted and listed the config's books only."""
    from core.storage import write_table
    from pipeline.output_folder import adopt

    layout = Layout(output_of(demo_config))
    write_table([], "clean_chapters", layout.clean("old"))  # cleaned by another config
    adopt(layout, ["old"])
    report = corpus_status(params(demo_config), layout, ["city-star"]).splitlines()
    assert (
        report[0] == f"Status of 2 books (1 adopted) in {layout.root} (tasks: 0 built, 0 stale, 11 not built)"
    )
    assert report[9:] == [
        "old (adopted: crawled and cleaned by another config)",
        "  dedup     not built",
        "  filter    not built",
        "  align     not built",
        "  mine      not built",
        "corpus",
        "  summary   not built",
    ]


def test_the_corpus_wide_dedup_is_judged_and_its_rejections_read_once_for_all_books(demo_config, monkeypatch):
    """Judged and read again for each book: status of a corpus of 20,000 books took minutes."""
    from core.storage import write_table
    from pipeline import status
    from pipeline.book_stages import DedupCorpus

    layout = Layout(output_of(demo_config))
    rows = [
        ("city-star", "near_duplicate"),
        ("sword-sect", "exact_duplicate"),
        ("sword-sect", "exact_duplicate"),
    ]
    write_table(
        [
            {"stage": "dedup", "item_id": f"{book}/{n}", "book_id": book, "lang": "zh", "reason": reason}
            | {"detail": ""}
            for n, (book, reason) in enumerate(rows)
        ],
        "rejected",
        layout.rejected("dedup", "corpus"),
    )
    judged, read = [], []
    why_stale, read_table = DedupCorpus.why_stale, status.read_table
    monkeypatch.setattr(DedupCorpus, "why_stale", lambda task: judged.append(task) or why_stale(task))
    monkeypatch.setattr(
        status, "read_table", lambda path, *a, **k: read.append(path) or read_table(path, *a, **k)
    )
    report = corpus_status(params(demo_config), layout, ["city-star", "sword-sect"]).splitlines()
    assert (report[5], report[13]) == (
        "  dedup     not built   rejected: dedup/near_duplicate 1",
        "  dedup     not built   rejected: dedup/exact_duplicate 2",
    )
    assert (len(judged), read.count(layout.rejected("dedup", "corpus"))) == (1, 1)


def test_aligned_tables_with_no_record_of_their_build_are_named_up_to_three_in_one_line(tmp_path):
    """``stats`` prints this line under figures it read from tables this config's build did not make."""
    from pipeline.status import stale_aligned
    from tests.exports.synthetic import write_book
    from tests.helpers import local_book, local_config

    books = ["a", "b", "c", "d", "e"]
    config = local_config(tmp_path, {book: local_book(tmp_path, book) for book in books})
    layout = Layout(output_of(config))
    assert stale_aligned(params(config), layout, books, "make corpus") is None  # no table: nothing to warn of
    for book in books[:4]:  # e not aligned: stats reads no table of it
        write_book(layout, book, 1)
    assert stale_aligned(params(config), layout, books, "make corpus") == (
        "the aligned tables of 4 of 4 books are stale for this config (a: no record of its build; "
        "b: no record of its build; c: no record of its build; …): these figures are of an earlier build; "
        "run: make corpus"
    )


def test_an_export_made_once_is_listed_and_shows_a_file_edited_by_hand(demo_config):
    """An export's file edited since it was made (``export/text/test.zh``, which evaluate-mt reads) was in no
    line of status; the next ``export`` makes it again. A report never made is no line, nor a file of the
    exports' manifests named by no set of formats."""
    from core.storage import file_sha256
    from pipeline.corpus_tasks import ExportCorpus
    from pipeline.manifest import Manifest

    layout = Layout(output_of(demo_config))
    exported = layout.export_dir() / "text" / "test.zh"
    exported.parent.mkdir(parents=True)
    exported.write_text("一\n", encoding="utf-8")
    manifest = Manifest(outputs={"export/text/test.zh": file_sha256(exported)})
    manifest.record_files(layout.root)
    manifest.save(ExportCorpus(**params(demo_config), formats=("text",)).manifest_path())
    exported.write_text("二\n", encoding="utf-8")
    (layout.root / "_manifests" / "ExportCorpus" / "notes.json").write_text("{}")  # no set of formats
    report = corpus_status(params(demo_config), layout, ["city-star"]).splitlines()
    assert report[0] == f"Status of 1 books in {layout.root} (tasks: 0 built, 1 stale, 8 not built)"
    assert report[-3:] == [
        "corpus",
        "  summary   not built",
        "  export text stale: output damaged: export/text/test.zh",
    ]
