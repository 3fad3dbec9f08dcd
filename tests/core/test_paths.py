import json
import os
import subprocess
import sys

from core.paths import REPO_ROOT

_PRINT = "import json; from core import paths; print(json.dumps([str(paths.NLTK_DATA), str(paths.DICTIONARY_CACHE)]))"


def _paths(env: dict[str, str]) -> list[str]:
    run = subprocess.run(
        [sys.executable, "-c", _PRINT], env=env, cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(run.stdout)


def test_every_data_path_derives_from_bwb_data(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "BWB_DATA"} | {"PYTHONPATH": str(REPO_ROOT)}
    assert _paths(env) == [
        str((REPO_ROOT / ".data").resolve() / "nltk_data"),
        str((REPO_ROOT / ".data").resolve() / "alignment"),
    ]
    assert _paths(env | {"BWB_DATA": str(tmp_path)}) == [
        str(tmp_path / "nltk_data"),
        str(tmp_path / "alignment"),
    ]
