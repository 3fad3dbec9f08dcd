import pytest
import pyarrow as pa
import pyarrow.parquet as pq

from cohesion.sample import main
from cohesion.stage import mine_book
from tests.helpers import unlistable
from core.schemas import CANDIDATES

CHAPTER = {
    "chapter_id": "b1/3",
    "book_id": "b1",
    "en_sentences": ["Someone had been in the study.", "The drawer was open.", "She wondered who."],
}
PAIRS = [{"pair_id": "b1/3/0", "chapter_id": "b1/3", "en_idx": [0, 1, 2], "zh": ""}]


def test_counts_and_marked_sample(mined, tmp_path, capsys):
    rows = mine_book([CHAPTER], PAIRS).rows
    pq.write_table(pa.Table.from_pylist(rows, schema=CANDIDATES), tmp_path / "b1.parquet")
    main([str(tmp_path), "--per", "5", "--phenomenon", "ellipsis"])
    out = capsys.readouterr().out
    assert "ellipsis 0 0 1" in " ".join(out.split())
    assert "=== ellipsis: 1 of 1 ===" in out
    assert "S0: [[Someone had been in the study]]." in out
    assert "S2: She wondered <<who>>." in out
    assert "=== repetition" not in out


def test_no_candidates_a_damaged_file_or_a_per_below_one_is_a_one_line_error(tmp_path, capsys):
    assert main([str(tmp_path / "absent")]) == 2
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path / 'absent'}: not a folder of CANDIDATES *.parquet files\n",
    )
    (tmp_path / "b1.parquet").write_text("not parquet")
    assert main([str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith(
        f"error: {tmp_path / 'b1.parquet'}: not a readable Parquet file ("
    )
    pq.write_table(pa.table({"candidate_id": ["b1/3/c0"]}), tmp_path / "b1.parquet")
    assert main([str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"error: {tmp_path / 'b1.parquet'}: does not match the 'candidates' schema (written by another version?)\n"
    )
    with pytest.raises(SystemExit) as exit_:
        main([str(tmp_path), "--per", "0"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (  # one line, no usage block
        "python -m cohesion.sample: error: argument --per: '0' is not a positive whole number "
        "(see python -m cohesion.sample --help)\n"
    )


def test_an_empty_folder_argument_is_refused_not_read_as_the_current_folder(capsys):
    with pytest.raises(SystemExit) as exited:
        main([""])
    assert exited.value.code == 2 and capsys.readouterr().err == (
        "python -m cohesion.sample: error: argument directory: '' is not a path "
        "(an unset variable? write . for the current folder) (see python -m cohesion.sample --help)\n"
    )


def test_a_folder_that_cannot_be_listed_is_named_so(tmp_path, capsys, monkeypatch):
    """It read "not a folder of CANDIDATES *.parquet files" (``Path.glob`` skips it without a word)."""
    (tmp_path / "b1.parquet").write_text("not parquet")
    unlistable(monkeypatch, tmp_path)
    assert main([str(tmp_path)]) == 2
    assert capsys.readouterr() == ("", f"error: {tmp_path}: cannot be read (Permission denied)\n")
