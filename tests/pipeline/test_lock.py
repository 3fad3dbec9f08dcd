import pytest
from filelock import FileLock

from pipeline.lock import LOCK_NAME, OutputBusy, build_lock
from pipeline.output_folder import FolderRefused
from tests.helpers import output_of, run_cli, target


def test_an_output_folder_has_one_build_at_a_time(tmp_path):
    with build_lock(tmp_path / "out"):
        with pytest.raises(OutputBusy, match=f"^another build is writing to {tmp_path / 'out'}: wait for it"):
            with build_lock(tmp_path / "out"):
                pass
    with build_lock(tmp_path / "out"):  # released
        pass


def test_an_output_folder_that_cannot_be_written_is_refused(tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(
        FolderRefused, match=f"^cannot write to the output folder {tmp_path}/file/out: Not a directory$"
    ):
        with build_lock(tmp_path / "file" / "out"):
            pass
    (tmp_path / "out" / LOCK_NAME).mkdir(parents=True)
    with pytest.raises(
        FolderRefused, match=f"^cannot write to the output folder {tmp_path}/out: Is a directory$"
    ):
        with build_lock(tmp_path / "out"):
            pass


def test_a_second_build_of_one_output_exits_with_one_line(demo_config):
    out = output_of(demo_config)
    out.mkdir()
    with FileLock(out / LOCK_NAME, timeout=0):  # the first build, as another process would hold it
        result = run_cli("corpus", *target(demo_config))
    assert result.returncode == 1
    assert result.stderr.splitlines()[1:] == [  # after the "Building 3 books ..." header
        f"another build is writing to {out}: wait for it to end, or share one luigid between builds with --scheduler-host"
    ]
    assert sorted(p.name for p in out.iterdir()) == [LOCK_NAME]  # nothing built, nothing swept
