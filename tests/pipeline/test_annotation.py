"""The review and evaluation round trip on the demo: qc sample, a scripted reviewer, qc import, exports
with the corrected beads (also after `update`), evaluate-mt of two systems, and the report's tables."""

from __future__ import annotations

import csv
import json
import random
import re

import pytest

from tests.helpers import output_of, run_cli, target, write_config

pytestmark = pytest.mark.slow
TSV = {"delimiter": "\t", "quoting": csv.QUOTE_NONE, "quotechar": None}


def _run(*args: str) -> str:
    result = run_cli(*args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _review(path) -> tuple[str, int]:
    """Mark every bead correct except two neighbours, merged into one bead; returns (merged id, rows)."""
    with open(path, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, **TSV))
    in_order = sorted(rows, key=lambda r: int(r["bead_no"]))
    a, b = next(
        (x, y) for x, y in zip(in_order, in_order[1:]) if all(r["zh_idx"] and r["en_idx"] for r in (x, y))
    )
    for row in rows:
        row["verdict"] = "correct"
    a.update(verdict="misaligned", correction=f"{a['zh_idx']},{b['zh_idx']}:{a['en_idx']},{b['en_idx']}")
    b.update(verdict="misaligned", correction="-")
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, list(rows[0]), lineterminator="\n", **TSV)
        writer.writeheader()
        writer.writerows(rows)
    return a["pair_id"], len(rows)


def _exported_ids(out) -> set[str]:
    return {
        json.loads(line)["pair_id"]
        for path in (out / "export" / "jsonl").glob("*.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines()
    }


def test_review_correct_export_update_and_evaluate(tmp_path):
    config = write_config(tmp_path, books=["city-star", "star-system"])
    out = output_of(config)
    _run("corpus", *target(config))

    sampled = _run("qc", "sample", "--chapters", "2", "--seed", "5", *target(config))
    folder = out / "qc" / "sample-5"
    assert "QC sample of 2 chapters (seed 5)" in sampled
    assert "QC sample of 1 chapter (seed 7)" in _run(
        "qc", "sample", "--chapters", "1", "--seed", "7", *target(config)
    )
    everything = _run("qc", "sample", "--chapters", "1000", "--seed", "6", *target(config))
    assert re.search(
        r"QC sample of \d+ chapters \(seed 6; 1000 asked, every chapter there is to draw\)", everything
    )
    tsvs = sorted(folder.rglob("*.tsv"))
    assert len(tsvs) == 2 and len(list(folder.rglob("*.tasks.json"))) == 2
    merged, reviewed = _review(tsvs[0])
    book = merged.split("/")[0]

    imported = _run("qc", "import", str(tsvs[0]), *target(config))
    assert f"Imported {reviewed} verdicts and 2 corrected beads" in imported
    assert re.search(rf"{book}\s+{reviewed}\s+{reviewed - 2}\s", imported)
    assert re.search(rf"all\s+{reviewed}\s+{reviewed - 2}\s+[\d.]+%\s+[\d.]+–[\d.]+", imported)

    _run("export", *target(config))
    ids = _exported_ids(out)
    assert f"{merged}.0" in ids and merged not in ids

    _run("update", "--date", "2026-12-01", *target(config))
    _run("export", *target(config))
    assert _exported_ids(out) == ids

    refs = out / "export" / "text" / "test.en"
    lines = refs.read_text(encoding="utf-8").splitlines()
    random.Random(1).shuffle(lines)
    (tmp_path / "shuffled.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    identity = _run(
        "evaluate-mt", "--split", "test", "--hyp", str(refs), "--name", "identity", *target(config)
    )
    assert re.search(r"^  bleu\s+100\.00  nrefs:1\|case:mixed\|eff:no\|tok:13a", identity, re.M)
    shuffled = _run("evaluate-mt", "--hyp", str(tmp_path / "shuffled.txt"), *target(config))
    board = shuffled[shuffled.index("Leaderboard (test):") :].splitlines()[1:]
    assert [line.split()[0] for line in board] == ["identity", "shuffled"]

    _run("report", *target(config))
    report = (out / "report" / "index.md").read_text(encoding="utf-8")
    for title in (
        "Alignment quality control",
        "Corrected lines",
        "Pronouns",
        "Named entities (test references)",
        "MT evaluation",
    ):
        assert f"## {title}\n" in report
    assert re.search(r"^\| test \| identity \| 100\.0 \| 100\.0 \| 0\.0 \|", report, re.M)
    assert re.search(rf"^\| all \| {reviewed} \| {reviewed - 2} \|", report, re.M)
    assert re.search(r"^\| PERSON \| \d+ \| \d+ \|", report, re.M)
