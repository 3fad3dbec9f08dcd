"""The Parquet export loads with Hugging Face ``datasets`` exactly as the README says, offline."""

import json
import os
import subprocess
import sys

import pyarrow.parquet as pq
import pytest

from exports.stage import export_corpus

pytest.importorskip("datasets")

LOAD = """
import json, sys
from datasets import load_dataset
ds = load_dataset("parquet", data_dir=sys.argv[1])
print(json.dumps({split: [ds[split].num_rows, ds[split][0]["pair_id"]] for split in ds}))
"""


def test_load_dataset_reads_every_split(layout, tmp_path):
    export_corpus(layout, ["parquet"])
    folder = layout.export_dir() / "parquet"
    env = {**os.environ, "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1", "HF_HOME": str(tmp_path / "hf")}
    result = subprocess.run(
        [sys.executable, "-c", LOAD, str(folder)], env=env, capture_output=True, text=True, check=True
    )
    loaded = json.loads(result.stdout)
    expected = {}
    for path in sorted((folder / "data").glob("*.parquet")):
        table = pq.read_table(path)
        expected[path.name.split("-")[0]] = [table.num_rows, table.column("pair_id")[0].as_py()]
    assert loaded == expected
    assert set(loaded) == {"train", "valid", "test"}
