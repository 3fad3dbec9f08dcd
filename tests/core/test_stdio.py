import io
import sys

import pytest

from core import stdio


def test_stdin_over_the_cap_is_a_one_line_error_not_a_memory_error(monkeypatch):
    """``< /dev/zero`` or ``yes |`` read without end until memory ran out (a MemoryError traceback)."""
    monkeypatch.setattr(stdio, "MAX_STDIN_BYTES", 4)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"12345")))
    with pytest.raises(ValueError) as err:
        stdio.stdin_bytes("split")
    assert str(err.value) == "stdin: more than 4 bytes, too much to split at once (give it in parts)"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1234")))
    assert stdio.stdin_bytes("split") == b"1234"


def test_a_stdout_that_cannot_be_written_is_one_line_and_status_1():
    """``> /dev/full`` (a full disk) ended in an OSError traceback."""
    import subprocess

    from core.paths import REPO_ROOT

    script = "from core.stdio import output_may_be_cut\nwith output_may_be_cut():\n    print('x' * 100_000)\n"
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-c", script], cwd=REPO_ROOT, stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert (done.returncode, done.stderr) == (1, "error: stdout: No space left on device\n")
