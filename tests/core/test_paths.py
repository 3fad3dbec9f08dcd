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


def test_an_empty_bwb_data_is_unset_and_a_looping_one_no_traceback_at_import(tmp_path):
    """``BWB_DATA=`` (an unset variable in a script) put the data in the current folder; a BWB_DATA that is a
    symbolic link looping was a RuntimeError traceback from every command, at import."""
    env = {k: v for k, v in os.environ.items() if k != "BWB_DATA"} | {"PYTHONPATH": str(REPO_ROOT)}
    assert _paths(env | {"BWB_DATA": ""}) == _paths(env)
    (tmp_path / "loop").symlink_to("loop")
    assert _paths(env | {"BWB_DATA": str(tmp_path / "loop")}) == [
        str(tmp_path / "loop" / "nltk_data"),
        str(tmp_path / "loop" / "alignment"),
    ]
