import json
import xml.etree.ElementTree as ET

import pyarrow.parquet as pq
import pytest

from exports.corpus import Doc, iter_docs
from exports.formats import parquet
from exports.formats.bwb import export_bwb
from exports.formats.doc import SEPARATOR
from exports.plan import plan_splits
from exports.stage import FORMATS, export_corpus
from exports.text import merge_empty_sides
from tests.exports.bwb_reader import read_bwb
from tests.exports.synthetic import build_output
from tests.helpers import open_files_limit

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    layout = build_output(tmp_path_factory.mktemp("exported") / "output")
    summary = export_corpus(layout, list(FORMATS))
    return layout, summary, plan_splits(layout)


def kept_beads(layout, assignment, split):
    return [b for doc in iter_docs(layout, assignment, [split]) for b in doc.beads]


def test_split_plan_and_leakage(exported):
    layout, summary, assignment = exported
    assert summary["splits"]["books"] == {"train": 1, "valid": 1, "test": 1}
    train_ids = {b["pair_id"] for b in kept_beads(layout, assignment, "train")}
    assert summary["splits"]["leakage"]["train_pairs_removed"] == 4  # "你好。/Hello!" in each train chapter
    assert not train_ids & assignment.leaked_pairs
    assert json.loads((layout.export_dir() / "splits.json").read_text())["books"] == assignment.books


def test_parquet_per_split(exported):
    layout, summary, assignment = exported
    for split in ("train", "valid", "test"):
        table = pq.read_table(layout.export_dir() / "parquet" / "data" / f"{split}-00000-of-00001.parquet")
        assert table.column("pair_id").to_pylist() == [
            b["pair_id"] for b in kept_beads(layout, assignment, split)
        ]
        assert {assignment.books[b] for b in table.column("book_id").to_pylist()} == {split}


def test_parquet_is_written_a_batch_of_beads_at_a_time(tmp_path, monkeypatch):
    """It held every bead of the corpus as a dict until the end: about 10 GB at BWB's 9.6 million beads."""
    monkeypatch.setattr(parquet, "BATCH", 5)
    layout = build_output(tmp_path / "output")
    export_corpus(layout, ["parquet"])
    assignment = plan_splits(layout)
    for split in ("train", "valid", "test"):
        groups, held = [], 0
        for doc in iter_docs(layout, assignment, [split]):
            held += len(doc.beads)
            if held >= 5:
                groups, held = [*groups, held], 0
        path = layout.export_dir() / "parquet" / "data" / f"{split}-00000-of-00001.parquet"
        metadata = pq.read_metadata(path)
        assert [metadata.row_group(k).num_rows for k in range(metadata.num_row_groups)] == groups + [held] * (
            held > 0
        )
        assert pq.read_table(path).column("pair_id").to_pylist() == [
            b["pair_id"] for b in kept_beads(layout, assignment, split)
        ]
    assert metadata.metadata[b"bwb.table"] == b"aligned_pairs"


def test_sentence_text_is_line_aligned(exported):
    layout, summary, _ = exported
    folder = layout.export_dir() / "text"
    for split, count in summary["formats"]["text"]["lines"].items():
        zh, en, ids = (
            (folder / f"{split}.{ext}").read_text(encoding="utf-8").split("\n") for ext in ("zh", "en", "ids")
        )
        assert len(zh) == len(en) == len(ids) == count + 1 and zh[-1] == en[-1] == ""
        assert all(zh[:-1]) and all(en[:-1])
    assert summary["formats"]["text"]["skipped_one_sided"]["train"] == 4
    assert "book0-1 last sentence." in (folder / "train.en").read_text(encoding="utf-8").splitlines()


def test_document_text_has_matching_segments(exported):
    layout, summary, assignment = exported
    folder = layout.export_dir() / "doc"
    zh = (folder / "test.doc.zh").read_text(encoding="utf-8").splitlines()
    en = (folder / "test.doc.en").read_text(encoding="utf-8").splitlines()
    ids = (folder / "test.doc.ids").read_text(encoding="utf-8").splitlines()
    docs = list(iter_docs(layout, assignment, ["test"]))
    assert ids == [d.chapter["chapter_id"] for d in docs] and len(zh) == len(en) == len(docs)
    for z, e, doc in zip(zh, en, docs, strict=True):
        assert z.split(SEPARATOR) == [pair[0] for pair in merge_empty_sides(doc.beads)]
        assert len(e.split(SEPARATOR)) == len(z.split(SEPARATOR))


def test_bwb_layout_round_trips(exported):
    layout, _, assignment = exported
    folder = layout.export_dir() / "bwb"
    mapping = json.loads((folder / "mapping.json").read_text(encoding="utf-8"))
    expected = {
        (
            d.split,
            mapping["chapters"][d.chapter["chapter_id"]]["book"],
            mapping["chapters"][d.chapter["chapter_id"]]["chapter"],
        ): merge_empty_sides(d.beads)
        for d in iter_docs(layout, assignment)
    }
    assert read_bwb(folder) == expected
    assert (folder / "train" / "Book0" / "0.chs_re.txt").is_file()
    assert mapping["books"] == {"book0": 0, "book1": 1, "book2": 2}


def test_bwb_export_of_more_chapters_than_open_files_allowed(tmp_path):
    """Its two files per chapter were all open until the end: past ``ulimit -n`` (1,024 on many systems)
    the export failed, "OSError: [Errno 24] Too many open files"."""
    beads = [{"zh": "甲。", "en": "A."}, {"zh": "乙。", "en": "B."}]
    docs = [Doc("train", {"chapter_id": f"b/{k}", "book_id": "b"}, beads) for k in range(100)]
    with open_files_limit(20):
        summary = export_bwb(docs, tmp_path / "bwb")
    assert summary == {"books": 1, "chapters": 100, "lines": 200}
    assert (tmp_path / "bwb" / "train" / "Book0" / "99.ref_re.txt").read_text(encoding="utf-8") == "A.\nB.\n"


def test_jsonl_has_every_bead(exported):
    layout, _, assignment = exported
    lines = (layout.export_dir() / "jsonl" / "valid.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["pair_id"] for r in records] == [b["pair_id"] for b in kept_beads(layout, assignment, "valid")]
    assert set(records[0]) == {
        "pair_id",
        "chapter_id",
        "book_id",
        "bead_no",
        "split",
        "zh",
        "en",
        "bead_type",
        "score",
    }
    assert {r["split"] for r in records} == {"valid"} and "" in {r["zh"] for r in records}


def test_tmx_is_valid_and_escaped(exported):
    layout, summary, assignment = exported
    root = ET.parse(layout.export_dir() / "tmx" / "test.tmx").getroot()
    assert root.get("version") == "1.4" and root.find("header").get("srclang") == "zh"
    units = root.findall("body/tu")
    beads = [b for b in kept_beads(layout, assignment, "test") if b["zh"] and b["en"]]
    assert [tu.get("tuid") for tu in units] == [b["pair_id"] for b in beads]
    assert len(units) == summary["formats"]["tmx"]["units"]["test"]
    for tu, bead in zip(units, beads, strict=True):
        tuvs = tu.findall("tuv")
        assert [t.get(XML_LANG) for t in tuvs] == ["zh", "en"]
        assert [t.find("seg").text for t in tuvs] == [bead["zh"], bead["en"]]


def test_export_replaces_the_folder_and_rejects_unknown_formats(layout):
    stale = layout.export_dir() / "text" / "stale.txt"
    stale.parent.mkdir(parents=True)
    stale.write_text("old")
    export_corpus(layout, ["text"])
    assert not stale.exists() and (layout.export_dir() / "text" / "train.zh").is_file()
    with pytest.raises(ValueError, match="unknown export format"):
        export_corpus(layout, ["pdf"])


def test_sentence_text_writes_a_repeated_pair_once_per_split(tmp_path):
    from exports.corpus import Doc
    from exports.formats.text import export_text

    def bead(pair_id, zh, en):
        return {"pair_id": pair_id, "zh": zh, "en": en}

    docs = [
        Doc(
            "train",
            {"chapter_id": "a/1"},
            [bead("a/1/0", "“嗯。”", '"Mm."'), bead("a/1/1", "他走了。", "He left.")],
        ),
        Doc(
            "train", {"chapter_id": "b/1"}, [bead("b/1/0", "“嗯！”", '"mm!"'), bead("b/1/1", "", "Silence.")]
        ),
        Doc("test", {"chapter_id": "c/1"}, [bead("c/1/0", "“嗯。”", '"Mm."')]),
    ]
    summary = export_text(docs, tmp_path / "text")
    assert (tmp_path / "text" / "train.ids").read_text(encoding="utf-8").split() == ["a/1/0", "a/1/1"]
    assert (tmp_path / "text" / "test.en").read_text(encoding="utf-8") == '"Mm."\n'
    assert summary["skipped_repeated"] == {"train": 1}
    assert summary["skipped_one_sided"] == {"train": 1}
