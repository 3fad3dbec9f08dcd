import pyarrow as pa
import pyarrow.parquet as pq

from cohesion.sample import main
from cohesion.stage import mine_book
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
