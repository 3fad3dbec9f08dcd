"""The config's ``output:``: the folder a config writes to, inside the repository's ``output/``."""

import pytest

import pipeline.config_output
from pipeline.config import load_config
from pipeline.config_reader import ConfigError
from tests.helpers import DEMO_CONFIG
from tests.pipeline.edited_config import edited_demo_config


def test_an_output_folder_that_is_a_looping_link_is_named(tmp_path, monkeypatch):
    """``output: output/loop``, a symbolic link to itself: a RuntimeError traceback ("Symlink loop from ...")
    from every command that reads the config; the default folder (no ``output:``) a looping link: status
    said "Too many levels of symbolic links", stats "no aligned corpus", clean "does not exist"."""
    monkeypatch.setattr(pipeline.config_output, "REPO_ROOT", tmp_path)
    monkeypatch.setattr(pipeline.config_output, "OUTPUT_ROOT", tmp_path / "output")
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "loop").symlink_to("loop")
    path = edited_demo_config(tmp_path, lambda r: r.update(output="output/loop"))
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path}: output: 'output/loop' is a symbolic link that loops, not a folder"
    (tmp_path / "output" / "bad").symlink_to("bad")  # the default folder of bad.yaml, without output:
    path = edited_demo_config(tmp_path, lambda r: r.pop("output"))
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert (
        str(err.value)
        == f"{path}: output: the default output/bad is a symbolic link that loops, not a folder"
    )


def test_output_folders_inside_output_are_fine(tmp_path):
    config = load_config(edited_demo_config(tmp_path, lambda r: r.update(output="output/real")))
    assert config.output == DEMO_CONFIG.parent.parent / "output" / "real"


def test_an_output_folder_outside_output_is_refused_also_beside_output_dir(tmp_path):
    """It said "use --output DIR to write elsewhere" also to a command given ``--output DIR``."""
    path = edited_demo_config(tmp_path, lambda r: r.update(output="/tmp/out"))
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == (
        f"{path}: output: '/tmp/out' is outside {pipeline.config_output.OUTPUT_ROOT}, where a config's output: "
        "must lie, with or without --output: drop it or set it inside, and give --output DIR to write elsewhere"
    )


def test_an_output_folder_with_a_control_character_is_refused(tmp_path):
    """``output: "output/x\\n"`` was taken (``--output`` refused it): every message naming the folder was cut."""
    path = edited_demo_config(tmp_path, lambda r: r.update(output="output/x\n"))
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == (
        f"{path}: output: 'output/x\\n' holds a line break or another control character, which no message "
        "could show on one line: choose another"
    )
