import os
import subprocess
import sys
import time

import pytest

from core.loaded_code import EDITED, as_loaded
from core.paths import REPO_ROOT


def _start_a_process(monkeypatch) -> None:
    """A process starting now, a while after the files written before (a file's times are the kernel's coarse
    clock)."""
    time.sleep(0.05)
    monkeypatch.setattr("core.loaded_code.STARTED_NS", time.time_ns())
    time.sleep(0.05)


def test_a_file_modified_since_the_process_started_counts_as_edited(tmp_path, monkeypatch):
    before, since = tmp_path / "before.py", tmp_path / "since.py"
    before.write_text("A = 1\n")
    _start_a_process(monkeypatch)
    since.write_text("A = 2\n")
    assert as_loaded(before, "sha") == "sha"
    assert as_loaded(since, "sha") == EDITED
    assert as_loaded(tmp_path / "gone.py", "sha") == "sha"  # no file: its digest says what it is


@pytest.mark.parametrize("shift", [-86_400, 86_400], ids=["dated-before-the-start", "dated-ahead"])
def test_a_file_replaced_since_the_process_started_by_a_copy_dated_otherwise_counts_as_edited(
    tmp_path, monkeypatch, shift
):
    """``rsync -t``, ``cp -p`` or ``tar`` of another copy while a build ran: the file's modification time is the
    copy's, and it counted as unedited; its inode change time is the system's."""
    module = tmp_path / "module.py"
    module.write_text("A = 1\n")
    _start_a_process(monkeypatch)
    module.write_text("A = 2\n")
    dated = time.time_ns() + shift * 10**9
    os.utime(module, ns=(dated, dated))
    assert as_loaded(module, "sha") == EDITED


def test_a_modification_time_to_come_is_no_edit(tmp_path, monkeypatch):
    """A file dated a day ahead counted as edited in every build until the clock reached it."""
    ahead = tmp_path / "ahead.py"
    ahead.write_text("A = 1\n")
    day = 86_400 * 10**9
    os.utime(ahead, ns=(time.time_ns() + day, time.time_ns() + day))
    _start_a_process(monkeypatch)
    assert as_loaded(ahead, "sha") == "sha"


def test_the_pipeline_notes_its_start_before_it_imports_any_stages_code():
    """A stage module imported before ``STARTED_NS`` and edited in between would count as unedited."""
    script = (
        "import sys\n"
        "order = []\n"
        "sys.addaudithook(lambda event, args: order.append(args[0]) if event == 'import' else None)\n"
        "import pipeline.cli, pipeline.tasks\n"
        "stages = [n for n in order if n.split('.')[0] in ('alignment', 'cohesion', 'crawlers', 'filters', 'text')]\n"
        "print(order.index('core.loaded_code') < order.index(stages[0]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        check=True,
    )
    assert result.stdout == "True\n"
