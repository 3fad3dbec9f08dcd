from exports.plan import plan_splits
from exports.stats import render_table, table6
from exports.tokens import en_words, zh_words


def test_word_counts():
    assert en_words("Lin Wan  clenched her fists.") == 5
    assert zh_words("林晚攥紧了那封信，低下了头。") >= 4
    assert zh_words("，。！") == 0


def test_table6_counts(layout):
    rows = {row["split"]: row for row in table6(layout, plan_splits(layout))}
    assert list(rows) == ["train", "valid", "test", "total"]
    total = rows["total"]
    # 3 books of 4, 5, 6 chapters; 6 beads per chapter, the one-sided one merged: 5 lines.
    assert (total["#book"], total["#chap"], total["#sent"]) == (3, 15, 75 - 4)  # 4 leaked train beads
    assert rows["test"]["#sent/chap"] == 5.0 and rows["test"]["#chap/book"] == 6.0
    assert rows["train"]["#word en"] > 0 and rows["train"]["#word zh"] > 0


def test_render_table_aligns_columns():
    text = render_table(
        [
            {"split": "train", "#sent": 1234, "#word/sent": 12.25},
            {"split": "total", "#sent": 5, "#word/sent": 3.0},
        ]
    )
    lines = text.splitlines()
    assert lines[0].split() == ["split", "#sent", "#word/sent"]
    assert lines[2].endswith("12.2") or lines[2].endswith("12.3")
    assert "1,234" in lines[2] and len({len(line) for line in lines}) == 1
    assert render_table([]) == "(no data)"
