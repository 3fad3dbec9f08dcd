import csv
import io
import json
import os

import pytest

from qc.review_files import NotAReviewFile, Verdict, labelstudio_tasks, read_verdicts, tsv_text
from tests.helpers import sparse, unlistable

CHAPTER = {"zh_sentences": ["甲。", "乙。"], "en_sentences": ["A\t1.", 'B "two".']}
BEADS = [
    {
        "pair_id": "bk/1/0",
        "bead_no": 0,
        "bead_type": "1-1",
        "score": 0.25,
        "zh_idx": [0],
        "en_idx": [0],
        "zh": "甲。",
        "en": "A\t1.",
    },
    {
        "pair_id": "bk/1/1",
        "bead_no": 1,
        "bead_type": "1-1",
        "score": None,
        "zh_idx": [1],
        "en_idx": [1],
        "zh": "乙。",
        "en": 'B "two".',
    },
]


def test_tsv_keeps_one_bead_per_line_and_reads_back_filled_rows(tmp_path):
    text = tsv_text(BEADS)
    assert text.splitlines()[1:] == [
        "bk/1/0\t0\t1-1\t0.2500\t0\t0\t甲。\tA 1.\t\t",
        'bk/1/1\t1\t1-1\t\t1\t1\t乙。\t"B ""two""."\t\t',  # quoted as spreadsheets read it
    ]
    path = tmp_path / "1.tsv"
    path.write_text(text.replace("A 1.\t\t", "A 1.\tmisaligned\t0:0,1"), encoding="utf-8")
    assert read_verdicts([tmp_path], reviewer="ann") == [
        Verdict("bk/1/0", "misaligned", "0:0,1", (0,), (0,), "ann", str(path), "line 2", "甲。", "A 1.")
    ]


def test_a_tsv_goes_through_a_spreadsheet_that_quotes_and_reads_back(tmp_path):
    """Speech opening with a quote, and a quote left open (speech going on into the next paragraph), were
    written raw: a spreadsheet read the first as a quoted field without its quotes, and the second took the
    cells and lines after it. A spreadsheet told to quote every text cell quoted the header and ids too."""
    beads = [BEADS[0] | {"en": '"Go!" he said.'}, BEADS[1] | {"en": '"Wait, the road'}]
    with io.StringIO(tsv_text(beads), newline="") as handle:  # as a spreadsheet reads it
        rows = list(csv.DictReader(handle, delimiter="\t"))
    assert [row["en"] for row in rows] == ['"Go!" he said.', '"Wait, the road']
    path = tmp_path / "1.tsv"
    with path.open("w", encoding="utf-8", newline="") as handle:  # saved with every text cell quoted
        writer = csv.DictWriter(handle, list(rows[0]), delimiter="\t", quoting=csv.QUOTE_ALL)
        writer.writeheader()
        writer.writerows(row | {"verdict": "correct"} for row in rows)
    assert [(v.pair_id, v.verdict, v.en_idx, v.en) for v in read_verdicts([path], reviewer="ann")] == [
        ("bk/1/0", "correct", (0,), '"Go!" he said.'),
        ("bk/1/1", "correct", (1,), '"Wait, the road'),
    ]


def test_a_bead_of_one_sentence_longer_than_csvs_field_limit_reads_back(tmp_path):
    # a chapter without sentence punctuation is one sentence, and its bead is written whole
    long = "甲" * 200_000 + "。"
    bead = BEADS[0] | {"zh": long}
    path = tmp_path / "1.tsv"
    path.write_text(tsv_text([bead]).replace("A 1.\t\t", "A 1.\tcorrect\t"), encoding="utf-8")
    limit = csv.field_size_limit()
    assert read_verdicts([path], reviewer="ann") == [
        Verdict("bk/1/0", "correct", "", (0,), (0,), "ann", str(path), "line 2", long, "A 1.")
    ]
    assert csv.field_size_limit() == limit  # csv's limit is process-wide: put back


def test_label_studio_export_is_read(tmp_path):
    tasks = labelstudio_tasks(BEADS, CHAPTER)
    assert tasks[1]["data"]["en_numbered"] == '[1] B "two".'
    tasks[0]["annotations"] = [
        {
            "completed_by": {"email": "ann@example.org"},
            "result": [
                {"from_name": "verdict", "type": "choices", "value": {"choices": ["misaligned"]}},
                {"from_name": "correction", "type": "textarea", "value": {"text": ["0:0,1"]}},
            ],
        },
        {"was_cancelled": True, "result": []},
    ]
    tasks[1]["annotations"] = [
        {
            "completed_by": 7,
            "result": [{"from_name": "verdict", "type": "choices", "value": {"choices": ["correct"]}}],
        }
    ]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    assert read_verdicts([path]) == [
        Verdict("bk/1/0", "misaligned", "0:0,1", (0,), (0,), "ann@example.org", str(path), "task 1"),
        Verdict(
            "bk/1/0", "", "", None, None, "", str(path), "task 1", cancelled=True
        ),  # counted by the import
        Verdict("bk/1/1", "correct", "", (1,), (1,), "7", str(path), "task 2"),
    ]


def test_a_label_studio_tsv_export_with_sentence_numbers_as_lists_is_read(tmp_path):
    path = tmp_path / "export.tsv"
    path.write_text(
        "pair_id\tverdict\tzh_idx\ten_idx\tannotator\nbk/1/0\tcorrect\t[0, 1]\t[]\t7\n", encoding="utf-8"
    )
    assert read_verdicts([path], reviewer="ann") == [
        Verdict("bk/1/0", "correct", "", (0, 1), (), "ann", str(path), "line 2")
    ]


def test_a_label_studio_json_min_export_is_read(tmp_path):
    records = [
        {**task["data"], "id": n, "annotator": 7, "annotation_id": n}
        for n, task in enumerate(labelstudio_tasks(BEADS, CHAPTER), 1)
    ]
    records[0] |= {"verdict": "misaligned", "correction": "0:0,1"}
    records[1] |= {"verdict": "correct"}
    records.append({"pair_id": "bk/1/2", "id": 3})  # a task not annotated yet
    path = tmp_path / "export.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    assert read_verdicts([path]) == [
        Verdict("bk/1/0", "misaligned", "0:0,1", (0,), (0,), "7", str(path), "task 1"),
        Verdict("bk/1/1", "correct", "", (1,), (1,), "7", str(path), "task 2"),
    ]


def test_an_export_of_another_projects_tasks_is_refused(tmp_path):
    tasks = [{"data": {"text": "A b."}, "annotations": [{"result": [{"from_name": "label", "value": {}}]}]}]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    with pytest.raises(ValueError, match=r"export.json: no task has a pair_id: not an export of a qc sample"):
        read_verdicts([path])


def test_a_label_studio_correction_given_as_one_string_is_read_whole(tmp_path):
    correction = {"from_name": "correction", "type": "textarea", "value": {"text": "10:10,11"}}
    tasks = [{"data": {"pair_id": "bk/1/0"}, "annotations": [{"result": [_choice(["wrong"]), correction]}]}]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    assert [(v.verdict, v.correction) for v in read_verdicts([path])] == [("wrong", "10:10,11")]


def test_label_studio_sentence_numbers_that_are_no_list_of_numbers_are_a_row_problem(tmp_path):
    shown = [
        {"zh_idx": "3,4", "en_idx": [3]},
        {"zh_idx": [3], "en_idx": ["3"]},
        {"zh_idx": [-1], "en_idx": [3]},
    ]
    tasks = [
        {"data": {"pair_id": "bk/1/0", **idx}, "annotations": [{"result": [_choice(["wrong"])]}]}
        for idx in shown
    ]
    tasks.append(
        {
            "data": {"pair_id": "bk/1/1", "zh_idx": [3], "en_idx": []},
            "annotations": [{"result": [_choice(["ok"])]}],
        }
    )
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    assert [(v.zh_idx, v.en_idx, v.problem) for v in read_verdicts([path])] == [
        (None, (3,), 'zh_idx "3,4" is not a list of sentence numbers'),
        ((3,), None, 'en_idx ["3"] is not a list of sentence numbers'),
        (None, (3,), "zh_idx [-1] is not a list of sentence numbers"),
        ((3,), (), ""),
    ]


def test_review_files_saved_with_a_byte_order_mark_are_read(tmp_path):
    tsv, export = tmp_path / "1.tsv", tmp_path / "export.json"
    tsv.write_text("\ufeffpair_id\tverdict\nbk/1/0\tcorrect\n", encoding="utf-8")  # Excel's "CSV UTF-8"
    tasks = [{"data": {"pair_id": "bk/1/1"}, "annotations": [{"result": [_choice(["wrong"])]}]}]
    export.write_text("\ufeff" + json.dumps(tasks), encoding="utf-8")
    assert [(v.pair_id, v.verdict) for v in read_verdicts([tsv, export])] == [
        ("bk/1/0", "correct"),
        ("bk/1/1", "wrong"),
    ]


def test_a_line_longer_than_a_bead_can_be_is_named_not_read_whole(tmp_path):
    """A one-line TSV of 200 MB was read whole: 2 GB of memory for its one-line error."""
    path = tmp_path / "1.tsv"
    path.write_text("pair_id\tverdict\n" + "x" * 8_000_001 + "\tcorrect\n", encoding="utf-8")
    with pytest.raises(NotAReviewFile) as err:
        read_verdicts([path])
    assert str(err.value) == (
        f"{path}: line 2 is longer than 8,000,000 characters: not a review file (each line holds one bead)"
    )


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_lines_read_a_chunk_at_a_time_are_split_and_numbered_as_whole_text(tmp_path, end):
    """A file is read a MiB at a time: a line end (a CR LF's two halves) or a character astride the edge
    of a chunk is read whole, and a byte that is not UTF-8 is named by its place in the file."""
    head, first = f"\ufeffpair_id\tverdict\tzh{end}", "bk/1/0\tcorrect\t"
    pad = 2**20 - len((head + first).encode()) - 1  # the line end's first byte the first chunk's last
    rows = [first + "x" * pad, "bk/1/1\twrong\t甲乙", "bk/1/2\t\t甲"]
    data = (head + end.join(rows)).encode("utf-8")
    assert data[2**20 - 1 : 2**20] == end[0].encode()
    path = tmp_path / "1.tsv"
    path.write_bytes(data)
    assert [(v.pair_id, v.where, len(v.zh)) for v in read_verdicts([path])] == [
        ("bk/1/0", "line 2", pad),
        ("bk/1/1", "line 3", 2),
    ]
    path.write_bytes(data.replace("乙".encode(), b"\xff"))
    with pytest.raises(NotAReviewFile, match=rf"not UTF-8 text \(byte {data.index('乙'.encode())}: invalid"):
        read_verdicts([path])
    path.write_bytes(data[: 2**20 - 2] + "甲".encode() + data[2**20 - 2 :])  # 甲 astride a chunk's edge
    assert read_verdicts([path])[0].zh == "x" * (pad - 1) + "甲x"


def test_a_tsv_saved_as_utf16_is_read_and_one_in_another_encoding_named(tmp_path):
    utf16, gbk = tmp_path / "1.tsv", tmp_path / "2.tsv"
    text = "pair_id\tverdict\tzh\r\nbk/1/0\tcorrect\t甲。\r\n"
    utf16.write_bytes(text.encode("utf-16"))  # Excel's "Unicode Text"
    gbk.write_bytes(text.encode("gbk"))  # Excel's "Text (Tab delimited)" on a Chinese system
    assert [(v.pair_id, v.verdict, v.zh) for v in read_verdicts([utf16])] == [("bk/1/0", "correct", "甲。")]
    with pytest.raises(
        ValueError, match=r"2.tsv: not UTF-8 text \(byte 35: invalid start byte\); save it as"
    ):
        read_verdicts([gbk])


def test_a_label_studio_export_saved_as_utf16_is_read_and_one_in_another_encoding_named(tmp_path):
    utf16, latin = tmp_path / "1.json", tmp_path / "2.json"
    tasks = [{"data": {"pair_id": "bk/1/0", "note": "甲。"}, "annotations": [{"result": [_choice(["ok"])]}]}]
    utf16.write_bytes(json.dumps(tasks, ensure_ascii=False).encode("utf-16"))  # a Windows editor's "Unicode"
    latin.write_bytes(
        json.dumps([{"data": {"pair_id": "bk/1/0", "note": "café"}}], ensure_ascii=False).encode("latin-1")
    )
    assert [(v.pair_id, v.verdict) for v in read_verdicts([utf16])] == [("bk/1/0", "ok")]
    with pytest.raises(
        ValueError, match=r"2.json: not UTF-8 text \(byte 44: invalid continuation byte\); save it as UTF-8$"
    ):
        read_verdicts([latin])


def _choice(choices: object) -> dict:
    return {"from_name": "verdict", "type": "choices", "value": {"choices": choices}}


def test_a_label_studio_choice_that_is_no_list_is_read_as_text(tmp_path):
    tasks = [
        {"data": {"pair_id": f"bk/1/{n}"}, "annotations": [{"result": [_choice(choices)]}]}
        for n, choices in enumerate([{"a": 1}, 7])
    ]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    assert [v.verdict for v in read_verdicts([path])] == ["{'a': 1}", "7"]  # bad_verdict when imported


def test_two_label_studio_choices_are_both_read_not_the_first_taken(tmp_path):
    """An edited export with both verdicts ticked was imported as its first, "correct"."""
    tasks = [
        {"data": {"pair_id": "bk/1/0"}, "annotations": [{"result": [_choice(["correct", "misaligned"])]}]}
    ]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    assert [v.verdict for v in read_verdicts([path])] == ["correct, misaligned"]  # bad_verdict when imported


def test_unreadable_review_files_are_named(tmp_path):
    (tmp_path / "x.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(
        ValueError,
        match=r"x.json: not JSON \(Expecting property name enclosed in double quotes: line 1 column 2 \(char 1\)\)$",
    ):
        read_verdicts([tmp_path])
    with pytest.raises(FileNotFoundError, match="nowhere: no such file or folder"):
        read_verdicts([tmp_path / "nowhere"])
    (tmp_path / "x.json").write_text("[" * 100_000, encoding="utf-8")
    with pytest.raises(ValueError, match=r"x.json: not a review file \(nested too deeply\)$"):
        read_verdicts([tmp_path])


def test_a_number_too_long_for_int_is_no_crash(tmp_path):
    huge = "9" * 5000  # int() refuses over 4,300 digits
    (tmp_path / "1.tsv").write_text(f"pair_id\tverdict\tzh_idx\nbk/1/0\tcorrect\t{huge}\n", encoding="utf-8")
    assert (
        read_verdicts([tmp_path / "1.tsv"])[0].problem
        == f"zh_idx '{huge[:60]}'… (5000 characters) is not sentence numbers (e.g. 3,4)"
    )
    (tmp_path / "x.json").write_text(f'[{{"data": {{"zh_idx": [{huge}]}}}}]', encoding="utf-8")
    with pytest.raises(
        ValueError, match=r"x.json: not a review file \(a number of more than 4,300 digits\)$"
    ):
        read_verdicts([tmp_path / "x.json"])


def test_a_lone_surrogate_escape_is_no_crash(tmp_path):
    (tmp_path / "x.json").write_text('[{"data": {"pair_id": "bk/1/\\ud800"}}]', encoding="utf-8")
    with pytest.raises(
        ValueError,
        match=r"x.json: not a review file \(a string holds a lone surrogate \(\\ud800\), which is no",
    ):
        read_verdicts([tmp_path / "x.json"])


def test_a_named_pipe_named_on_the_command_line_is_refused(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")  # reading it would wait for a writer for ever
    with pytest.raises(ValueError, match=r"pipe.json: not a regular file \(a named pipe or a device\)$"):
        read_verdicts([tmp_path / "pipe.json"])


@pytest.mark.parametrize("odd", ["pipe.tsv", "folder.tsv", "loop.json", "moved.tsv"])
def test_a_review_name_in_a_folder_that_is_no_regular_file_is_named_unread(tmp_path, odd):
    (tmp_path / "1.tsv").write_text("pair_id\tverdict\nbk/1/0\tcorrect\n", encoding="utf-8")
    path = tmp_path / odd
    if odd == "pipe.tsv":
        os.mkfifo(path)  # reading it would wait for a writer for ever
    elif odd == "folder.tsv":
        path.mkdir()
    else:  # a link to itself, or to a review moved away
        path.symlink_to(path if odd == "loop.json" else tmp_path / "elsewhere.tsv")
    with pytest.raises(NotAReviewFile) as err:
        read_verdicts([tmp_path])
    assert str(err.value) == (
        f"{path}: not a regular file (a folder, a named pipe, or a link that is broken or loops):"
        f" fix it, or move it out of {tmp_path}"
    )


@pytest.mark.parametrize("named", ["the folder", "a folder above it"])
def test_a_folder_of_reviews_that_cannot_be_listed_is_named_not_skipped(tmp_path, monkeypatch, named):
    """Its reviews were left out without a word (``rglob``), or it was "no review file in it"."""
    (tmp_path / "1.tsv").write_text("pair_id\tverdict\nbk/1/0\tcorrect\n", encoding="utf-8")
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "2.tsv").write_text("pair_id\tverdict\nbk/1/1\tcorrect\n", encoding="utf-8")
    unlistable(monkeypatch, tmp_path / "locked")
    with pytest.raises(NotAReviewFile) as err:
        read_verdicts([tmp_path / "locked" if named == "the folder" else tmp_path])
    assert str(err.value) == f"{tmp_path / 'locked'}: cannot be read (Permission denied)"


def test_a_folder_without_review_files_is_named_not_zero_verdicts_imported(tmp_path):
    """Reviews saved as another type were skipped, and qc import said 'Imported 0 verdicts'."""
    (tmp_path / "1.txt").write_text("pair_id verdict\nbk/1/0 correct\n", encoding="utf-8")
    (tmp_path / "sample.json").write_text('{"seed": 0, "chapters": []}', encoding="utf-8")
    with pytest.raises(ValueError) as err:
        read_verdicts([tmp_path])
    assert str(err.value) == f"{tmp_path}: no review file in it (*.tsv, or *.json Label Studio exports)"


def test_a_review_file_that_cannot_be_opened_is_named(tmp_path, monkeypatch):
    path = tmp_path / "1.tsv"
    path.write_text("pair_id\tverdict\n", encoding="utf-8")

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("builtins.open", refuse)
    with pytest.raises(ValueError, match=f"^{path}: cannot be read \\(Permission denied\\)$"):
        read_verdicts([path])


@pytest.mark.parametrize(
    "text, problem",
    [
        ("pair_id\tzh\ten\nbk/1/0\t甲。\tA\n", "no verdict column"),
        ("bead\tverdict\n0\tcorrect\n", "no pair_id column"),
        ("", "no pair_id or verdict column"),
    ],
)
def test_a_tsv_without_the_verdict_columns_is_an_error(tmp_path, text, problem):
    path = tmp_path / "1.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as err:
        read_verdicts([path])
    assert (
        str(err.value) == f"{path}: {problem} (a review file starts with the header "
        "pair_id bead_no bead_type score zh_idx en_idx zh en verdict correction)"
    )


def test_a_tsv_with_a_review_column_twice_is_an_error_not_read_from_the_last_one(tmp_path):
    path = tmp_path / "1.tsv"
    path.write_text("pair_id\tverdict\tverdict\nbk/1/0\tcorrect\tmisaligned\n", encoding="utf-8")
    with pytest.raises(ValueError) as err:
        read_verdicts([path])
    assert str(err.value) == f"{path}: the verdict column twice in the header: which one holds the review?"


def test_a_header_of_many_columns_is_read_in_a_few_passes(tmp_path, monkeypatch):
    """The header was searched once per column for a second one of its name: a header repeating a column
    tens of thousands of times (a 320 KB line) took time quadratic in its columns (40,000: 12 s)."""
    passes = []

    class Header(list):
        def __iter__(self):
            passes.append("iter")
            return list.__iter__(self)

        def __contains__(self, item):
            passes.append("in")
            return list.__contains__(self, item)

        def count(self, item):
            passes.append("count")
            return list.count(self, item)

    dict_reader = csv.DictReader

    class Reader(dict_reader):
        @property
        def fieldnames(self):
            names = dict_reader.fieldnames.fget(self)
            return Header(names) if names is not None else None

    monkeypatch.setattr(csv, "DictReader", Reader)
    path = tmp_path / "r.tsv"
    path.write_text("pair_id\t" + "\t".join(["verdict"] * 1000) + "\n", encoding="utf-8")
    with pytest.raises(NotAReviewFile, match="the verdict column twice"):
        read_verdicts([path])
    assert len(passes) < 10


@pytest.mark.parametrize("name", ["huge.tsv", "huge.json"])
def test_a_review_file_past_the_cap_is_named_not_read(tmp_path, name):
    """Read whole, a sparse 50 GB file was a MemoryError traceback."""
    with pytest.raises(NotAReviewFile) as err:
        read_verdicts([sparse(tmp_path / name)])
    assert (
        str(err.value) == f"{tmp_path / name}: more than 268,435,456 bytes, too large a file to read at once"
    )


@pytest.mark.parametrize(
    "export, problem",
    [
        ({"data": {"pair_id": "bk/1/0"}}, "a JSON object, not a Label Studio export (a list of tasks)"),
        ([{"data": {"pair_id": "bk/1/0"}}, ["junk"]], "task 2: a JSON list, not a task object"),
        (
            [{"data": ["bk/1/0"]}, {"data": {"pair_id": "bk/1/1"}}],
            "task 1: its data is a JSON list, not an object",
        ),
        (
            [{"data": {"pair_id": "bk/1/0"}, "annotations": {"a": 1}}],
            "task 1: its annotations are a JSON object, not a list",
        ),
        (
            [{"data": {"pair_id": "bk/1/0"}, "annotations": [[{"result": []}]]}],
            "task 1: an annotation is a JSON list, not an object",
        ),
        (  # a null, or an empty list, passed for an annotation: an AttributeError traceback
            [{"data": {"pair_id": "bk/1/0"}, "annotations": [None]}],
            "task 1: an annotation is a JSON null, not an object",
        ),
        (
            [{"data": {"pair_id": "bk/1/0"}, "annotations": [{"result": []}, []]}],
            "task 1: an annotation is a JSON list, not an object",
        ),
        (
            [{"data": {"pair_id": "bk/1/0"}, "annotations": [{"result": [_choice(["ok"]), None]}]}],
            "task 1: a result is a JSON null, not an object",
        ),
        (
            [{"data": {"pair_id": "bk/1/0"}, "annotations": [{"result": "ok"}]}],
            "task 1: an annotation's result is a JSON string, not a list",
        ),
        (
            [{"data": {"pair_id": "bk/1/0"}, "annotations": [{"result": [[_choice(["ok"])]]}]}],
            "task 1: a result is a JSON list, not an object",
        ),
        (
            [
                {
                    "data": {"pair_id": "bk/1/0"},
                    "annotations": [{"result": [{"from_name": "verdict", "value": [1]}]}],
                }
            ],
            "task 1: a result's value is a JSON list, not an object",
        ),
    ],
)
def test_nested_junk_in_a_label_studio_export_is_named_in_the_files_terms(tmp_path, export, problem):
    """It was one line naming a Python error: "not a review file (AttributeError: 'list' object has no
    attribute 'get')"."""
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    with pytest.raises(NotAReviewFile) as err:
        read_verdicts([path])
    suffix = "" if problem.startswith("a JSON object") else " (not a Label Studio export as it wrote it)"
    assert str(err.value) == f"{path}: {problem}{suffix}"


def test_a_correction_of_lines_that_are_not_text_is_read_as_text(tmp_path):
    """A correction of numbers (an edited export) was a TypeError in " ".join."""
    correction = {"from_name": "correction", "type": "textarea", "value": {"text": [10, ":10"]}}
    tasks = [{"data": {"pair_id": "bk/1/0"}, "annotations": [{"result": [_choice(["wrong"]), correction]}]}]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    assert [(v.verdict, v.correction) for v in read_verdicts([path])] == [("wrong", "10 :10")]


@pytest.mark.parametrize(("text", "read"), [(5, "5"), ({"a": [1]}, '{"a": [1]}'), (True, "true")])
def test_a_correction_that_is_neither_text_nor_lines_is_read_as_its_json(tmp_path, text, read):
    """A number was a TypeError traceback ("'int' object is not iterable"), an object read as its keys."""
    correction = {"from_name": "correction", "value": {"text": text}}
    tasks = [{"data": {"pair_id": "bk/1/0"}, "annotations": [{"result": [_choice(["wrong"]), correction]}]}]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(tasks), encoding="utf-8")
    assert [(v.verdict, v.correction) for v in read_verdicts([path])] == [("wrong", read)]


SHEET = "a {suffix} file, which qc import does not read: save the review as tab-separated text (.tsv; Excel: Text (Tab delimited) or Unicode Text)"


@pytest.mark.parametrize("name", ["1.csv", "1.XLSX", "1.ods"])
def test_a_review_saved_as_a_spreadsheet_beside_the_samples_tsv_is_named_not_skipped(tmp_path, name):
    """The edited review, saved from Excel as 1.csv beside the sample's untouched 1.tsv, was skipped: 0 of
    its verdicts imported, exit 0; named on the command line, it was read as JSON ("not JSON")."""
    (tmp_path / "1.tsv").write_text(tsv_text(BEADS), encoding="utf-8")
    (tmp_path / name).write_text("pair_id,verdict\nbk/1/0,correct\n", encoding="utf-8")
    for path in (tmp_path, tmp_path / name):
        with pytest.raises(ValueError) as err:
            read_verdicts([path])
        assert str(err.value) == f"{tmp_path / name}: " + SHEET.format(suffix=name[1:].lower())


@pytest.mark.parametrize(("sep", "name"), [(",", "commas"), (";", "semicolons")])
def test_a_tsv_saved_comma_separated_is_named_so(tmp_path, sep, name):
    path = tmp_path / "1.tsv"
    path.write_text(f"pair_id{sep}verdict\nbk/1/0{sep}correct\n", encoding="utf-8")
    with pytest.raises(ValueError) as err:
        read_verdicts([path])
    assert str(err.value) == (
        f"{path}: its header is separated by {name}, not tabs: save the review as tab-separated text "
        "(Excel: Text (Tab delimited) or Unicode Text)"
    )


def test_a_review_file_with_an_upper_case_suffix_is_read(tmp_path):
    """1.TSV was skipped in a folder and read as JSON when named."""
    (tmp_path / "1.TSV").write_text(
        tsv_text(BEADS[:1]).replace("A 1.\t\t", "A 1.\tcorrect\t"), encoding="utf-8"
    )
    for path in (tmp_path, tmp_path / "1.TSV"):
        assert [v.verdict for v in read_verdicts([path])] == ["correct"]


def test_a_review_in_a_folder_whose_name_is_not_utf8_names_it_in_utf8(tmp_path):
    """Its path, held as surrogates (a Latin-1 name, or UTF-8 read in the C locale), made qc import fail with
    "'utf-8' codec can't encode characters ...: surrogates not allowed" as it wrote the rejections."""
    folder = tmp_path / ("caf" + b"\xe9".decode("utf-8", "surrogateescape"))
    folder.mkdir()
    (folder / "1.tsv").write_text("pair_id\tverdict\nbk/1/0\tcorrect\n", encoding="utf-8")
    assert [v.source for v in read_verdicts([folder])] == [f"{tmp_path}/caf\ufffd/1.tsv"]
