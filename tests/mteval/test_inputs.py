import json
import os

import pytest

from exports.stage import export_corpus
from mteval.inputs import MAX_LINE_CHARS, InputError, check_system_file, load_documents
from tests.exports.synthetic import build_output
from tests.helpers import sparse
from text import decoding


@pytest.fixture(scope="module")
def export(tmp_path_factory):
    layout = build_output(tmp_path_factory.mktemp("mt") / "output")
    export_corpus(layout, ["text", "bwb"])
    return layout.export_dir()


def test_a_file_follows_the_text_ids(export, tmp_path):
    refs = (export / "text" / "test.en").read_text(encoding="utf-8")
    ids = (export / "text" / "test.ids").read_text(encoding="utf-8").splitlines()
    hyp = tmp_path / "sys.txt"
    hyp.write_text(refs.upper(), encoding="utf-8")
    docs = load_documents(export, "test", hyp)
    assert [d.chapter_id for d in docs] == list(dict.fromkeys(i.rsplit("/", 1)[0] for i in ids))
    assert sum(len(d.hyps) for d in docs) == len(ids) and docs[0].hyps[0] == docs[0].refs[0].upper()


def test_wrong_line_counts_name_the_file_the_count_and_the_first_id(export, tmp_path):
    ids = (export / "text" / "test.ids").read_text(encoding="utf-8").splitlines()
    short = tmp_path / "short.txt"
    short.write_text("x\n" * (len(ids) - 2), encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_documents(export, "test", short)
    assert str(err.value) == (
        f"{short}: {len(ids) - 2} lines, expected {len(ids)} (one per line of "
        f"{export / 'text' / 'test.ids'}); first id without a line: {ids[-2]}"
    )
    long = tmp_path / "long.txt"
    long.write_text("x\n" * (len(ids) + 1), encoding="utf-8")
    with pytest.raises(InputError, match=f"first extra line: {len(ids) + 1}$"):
        load_documents(export, "test", long)
    with pytest.raises(InputError, match="nothing.txt: no such file or folder"):
        load_documents(export, "test", tmp_path / "nothing.txt")
    with pytest.raises(InputError, match="no train2 split exported"):
        load_documents(export, "train2", long)
    huge = tmp_path / "huge.txt"
    huge.write_text("x\n" + "y" * (MAX_LINE_CHARS + 1) + "\n" + "x\n" * (len(ids) - 2), encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_documents(export, "test", huge)
    assert str(err.value) == f"{huge}: line 2 has 100,001 characters (at most 100,000: one bead a line)"


def test_a_folder_in_the_bwb_layout(export, tmp_path):
    system = tmp_path / "system"
    for ref in (export / "bwb" / "test").rglob("*.ref_re.txt"):
        out = system / "test" / ref.parent.name / ref.name.replace(".ref_re.txt", ".hyp.txt")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(ref.read_text(encoding="utf-8"), encoding="utf-8")
    docs = load_documents(export, "test", system)
    assert docs and all(d.hyps == d.refs for d in docs)
    first = sorted((system / "test").rglob("*.hyp.txt"))[0]
    first.write_text("only one line\n", encoding="utf-8")
    with pytest.raises(
        InputError, match=rf"{first}: 1 lines, expected \d+ .*first id without a line: \S+ line 2$"
    ):
        load_documents(export, "test", system)
    first.unlink()
    with pytest.raises(InputError, match=rf"{first}: missing \(the system output of \S+\)"):
        load_documents(export, "test", system)
    first.mkdir()  # a folder where the file goes is named as one, not as missing
    with pytest.raises(InputError, match=rf"^{first}: a folder, not a file$"):
        load_documents(export, "test", system)
    first.rmdir()
    os.mkfifo(first)
    with pytest.raises(InputError, match=rf"^{first}: not a regular file \(a named pipe or a device\)$"):
        load_documents(export, "test", system)


@pytest.mark.parametrize("inside", ["\u2028", "\f", "\x85", "\v", "\r"])
def test_a_line_holding_another_line_break_character_counts_as_one_line(export, tmp_path, inside):
    refs = (export / "text" / "test.en").read_text(encoding="utf-8").split("\n")[:-1]
    hyp = tmp_path / "sys.txt"
    hyp.write_bytes(("\r\n".join([f"a{inside}b", *refs[1:]]) + "\r\n").encode("utf-8"))
    docs = load_documents(export, "test", hyp)
    assert sum(len(d.hyps) for d in docs) == len(refs) and docs[0].hyps[0] == f"a{inside}b"


def test_a_count_off_by_lone_carriage_returns_names_the_first_line_holding_one(export, tmp_path):
    """A file of classic Mac line ends is one line here, as it would be many to ``str.splitlines``."""
    ids = (export / "text" / "test.ids").read_text(encoding="utf-8").splitlines()
    hyp = tmp_path / "mac.txt"
    hyp.write_bytes(b"first\nsecond\rthird\r" + b"x\n" * (len(ids) - 3))
    with pytest.raises(InputError) as err:
        load_documents(export, "test", hyp)
    assert str(err.value) == (
        f"{hyp}: {len(ids) - 2} lines, expected {len(ids)} (one per line of {export / 'text' / 'test.ids'}); "
        f"first id without a line: {ids[-2]}; line 2 holds a carriage return without a line feed, which ends "
        "no line (lines end at LF or CRLF): convert the file's line ends"
    )


def test_a_byte_order_mark_is_dropped_or_read_and_binary_or_bad_bytes_are_an_error(export, tmp_path):
    refs = (export / "text" / "test.en").read_bytes()
    hyp = tmp_path / "sys.txt"
    hyp.write_bytes(b"\xef\xbb\xbf" + refs)  # Notepad's UTF-8
    docs = load_documents(export, "test", hyp)
    assert [h for d in docs for h in d.hyps] == refs.decode("utf-8").splitlines()
    hyp.write_bytes(refs.decode("utf-8").encode("utf-16"))  # Notepad's "Unicode": read
    assert [h for d in load_documents(export, "test", hyp) for h in d.hyps] == refs.decode(
        "utf-8"
    ).splitlines()
    hyp.write_bytes(refs.decode("utf-8").encode("utf-16-le"))  # UTF-16 without its mark
    with pytest.raises(InputError) as err:
        load_documents(export, "test", hyp)
    assert str(err.value) == f"{hyp}: binary input (NUL byte at byte offset 1), nothing to score"
    hyp.write_bytes(b"ok\n\xff\n")
    with pytest.raises(InputError) as err:
        load_documents(export, "test", hyp)
    assert str(err.value) == f"{hyp}: invalid UTF-8 at byte offset 3"


def test_a_system_file_that_cannot_be_read_is_named(export, tmp_path, monkeypatch):
    hyp = tmp_path / "sys.txt"
    hyp.write_text("x\n", encoding="utf-8")

    def refuse(path, read=decoding.read_capped):  # as open() refuses it where root does not run the tests
        if path == hyp:
            raise PermissionError(13, "Permission denied")
        return read(path)

    monkeypatch.setattr(decoding, "read_capped", refuse)
    with pytest.raises(InputError) as err:
        load_documents(export, "test", hyp)
    assert str(err.value) == f"{hyp}: Permission denied"


def test_a_named_pipe_as_the_system_file_is_named_not_waited_on(export, tmp_path):
    os.mkfifo(hyp := tmp_path / "sys.txt")
    with pytest.raises(InputError) as err:
        load_documents(export, "test", hyp)
    assert str(err.value) == f"{hyp}: not a regular file (a named pipe or a device)"


def test_a_system_output_of_blank_lines_only_is_an_error_not_a_score(export, tmp_path):
    ids = (export / "text" / "test.ids").read_text(encoding="utf-8").splitlines()
    blank = tmp_path / "blank.txt"
    blank.write_text("\n" + " \t\r\n" * (len(ids) - 1), encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_documents(export, "test", blank)
    assert str(err.value) == f"{blank}: every line is blank: no system output to score"
    system = tmp_path / "system"
    for ref in (export / "bwb" / "test").rglob("*.ref_re.txt"):
        out = system / ref.parent.name / ref.name.replace(".ref_re.txt", ".txt")
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("\n" * len(ref.read_text(encoding="utf-8").splitlines()), encoding="utf-8")
    with pytest.raises(InputError, match=f"^{system}: every line is blank: no system output to score$"):
        load_documents(export, "test", system)
    first = sorted(system.rglob("*.txt"))[0]
    first.write_text("one line\n" + first.read_text(encoding="utf-8")[1:], encoding="utf-8")
    assert load_documents(export, "test", system)  # some lines blank: scored


def test_a_system_output_in_chinese_is_refused_not_scored(export, tmp_path):
    """The source side (text/test.zh, beside the references) given as the output scored BLEU 0.0 and went
    on the leaderboard; an English output naming a few people in Chinese characters is scored."""
    count = len((export / "text" / "test.ids").read_text(encoding="utf-8").splitlines())
    hyp = tmp_path / "test.zh"
    hyp.write_text("Li 他说好了。\n" * count, encoding="utf-8")
    problem = f"{hyp}: 67% of its letters are Chinese: the references are English (the source side given as the output?)"
    for read in (check_system_file, lambda path: load_documents(export, "test", path)):
        with pytest.raises(InputError) as err:
            read(hyp)
        assert str(err.value) == problem
    hyp.write_text("Wang Lei (王磊) said so.\n" * count, encoding="utf-8")
    check_system_file(hyp)
    assert load_documents(export, "test", hyp)


def test_a_split_the_export_left_empty_is_named_so(tmp_path):
    """A corpus whose test split holds no book: the error told the user to run the export they had run."""
    export = tmp_path / "export"
    export.mkdir()
    (export / "splits.json").write_text(json.dumps({"report": {"chapters": {"test": 0, "train": 1}}}))
    hyp = tmp_path / "sys.txt"
    hyp.write_text("", encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_documents(export, "test", hyp)
    assert str(err.value) == (
        f"{export / 'text' / 'test.ids'}: the test split is empty in this export "
        f"(0 chapters in {export / 'splits.json'}); nothing to score"
    )
    (export / "splits.json").write_text("[")  # damaged: the export's own advice
    with pytest.raises(InputError, match="no test split exported"):
        load_documents(export, "test", hyp)


def test_a_system_output_far_longer_than_the_references_is_refused(export, tmp_path):
    """Lines just under the per-line cap on every line (35 MB for 386 beads): 1 of 9 chapters scored after
    90 s. No translation is ten times as long as its references."""
    from mteval.inputs import MAX_LENGTH_RATIO

    ids = (export / "text" / "test.ids").read_text(encoding="utf-8").splitlines()
    refs = len((export / "text" / "test.en").read_text(encoding="utf-8")) - len(ids)  # without line ends
    width = (MAX_LENGTH_RATIO * refs + MAX_LINE_CHARS) // len(ids) + 1
    hyp = tmp_path / "long.txt"
    hyp.write_text(("x" * width + "\n") * len(ids), encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_documents(export, "test", hyp)
    chars = width * len(ids)
    assert str(err.value) == (
        f"{hyp}: {chars:,} characters, {chars / refs:,.0f} times the references' {refs:,}: "
        "not a translation of the test split, one bead a line"
    )


def test_a_system_file_past_the_cap_is_named_not_read(export, tmp_path):
    """Read whole, a sparse 50 GB file was a MemoryError traceback."""
    hyp = sparse(tmp_path / "sys.txt")
    with pytest.raises(InputError) as err:
        load_documents(export, "test", hyp)
    assert str(err.value) == f"{hyp}: more than 268,435,456 bytes, too large a file to read at once"
