import io
import os
import signal
import subprocess
import sys

import pytest

from core import stdio
from core.paths import REPO_ROOT
from tests.helpers import HANG, script_piped_to_head


def test_stdin_over_the_cap_is_a_one_line_error_not_a_memory_error(monkeypatch):
    """``< /dev/zero`` or ``yes |`` read without end until memory ran out (a MemoryError traceback)."""
    monkeypatch.setattr(stdio, "MAX_STDIN_BYTES", 4)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"12345")))
    with pytest.raises(ValueError) as err:
        stdio.stdin_bytes("split")
    assert str(err.value) == "stdin: more than 4 bytes, too much to split at once (give it in parts)"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1234")))
    assert stdio.stdin_bytes("split") == b"1234"


def test_a_terminal_as_stdin_is_a_one_line_error_not_a_wait_for_typing():
    """``python -m text.sentences --lang en`` typed with no ``< FILE`` waited on the terminal, unsaid."""
    import pty

    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "text.sentences", "--lang", "en"],
            cwd=REPO_ROOT, stdin=follower, capture_output=True, text=True, timeout=HANG,
        )  # fmt: skip
    finally:
        os.close(follower)
        os.close(leader)
    assert (done.returncode, done.stderr) == (
        1,
        "error: stdin: a terminal, no text to split (give the text on stdin, e.g. < FILE)\n",
    )


def test_a_command_started_in_a_removed_folder_is_one_line_and_status_2(tmp_path):
    """A shell left in a folder removed since: importing spaCy (``Path.cwd()``) was a FileNotFoundError
    traceback in every command that loads it."""
    story, gone = tmp_path / "story.txt", tmp_path / "gone"
    story.write_text("Tom came in. He sat down.\n", encoding="utf-8")
    gone.mkdir()

    def start_in_the_removed_folder() -> None:
        os.chdir(gone)
        os.rmdir(gone)

    done = subprocess.run(
        [sys.executable, "-m", "cohesion.mine", str(story)],
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}, preexec_fn=start_in_the_removed_folder,
        capture_output=True, text=True,
    )  # fmt: skip
    assert (done.returncode, done.stdout, done.stderr) == (
        2,
        "",
        "error: the current folder no longer exists (removed while the shell was in it): cd to one that "
        "exists, then run the command again\n",
    )


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


def test_help_printed_to_a_stdout_that_cannot_take_it_is_one_line_and_status_1():
    """``--help > /dev/full``: argparse drops the write's error and exits 0, so the help was lost unsaid."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "text.sentences", "--help"],
            cwd=REPO_ROOT, stdout=full, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
    assert (done.returncode, done.stderr) == (1, "error: stdout: No space left on device\n")


def test_a_command_printing_inside_its_own_output_may_be_cut_says_a_full_stdout_once():
    """``text.sentences > /dev/full``: its ``main`` prints inside ``output_may_be_cut``, inside exit_with's."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "text.sentences", "--lang", "zh"],
            cwd=REPO_ROOT, input="他来了。", stdout=full, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
    assert (done.returncode, done.stderr) == (1, "error: stdout: No space left on device\n")


def _started_without(descriptor: int, command: list[str], **streams: int) -> subprocess.CompletedProcess:
    """``python -m COMMAND`` with Chinese on stdin, started with ``descriptor`` closed (``>&-``, ``2>&-``)."""
    return subprocess.run(
        [sys.executable, "-m", *command],
        cwd=REPO_ROOT,
        input="他来了。",
        text=True,
        preexec_fn=lambda: os.close(descriptor),
        **streams,
    )


@pytest.mark.parametrize("command", [["text.sentences", "--lang", "zh"], ["pipeline", "where"]])
def test_a_command_started_with_stdout_closed_is_one_line_and_status_2(command):
    """``>&-``: flushing the missing stdout was an AttributeError traceback."""
    done = _started_without(1, command, stderr=subprocess.PIPE)
    assert (done.returncode, done.stderr) == (
        2,
        "error: stdout: closed, nowhere to print (start the command with one, e.g. > FILE or > /dev/null)\n",
    )


@pytest.mark.parametrize("command", [["text.sentences", "--lang", "zh"], ["pipeline", "where"]])
def test_a_command_started_with_stderr_closed_runs(command):
    """``2>&-``: it ended in an AttributeError (unseen) and status 1, and a build stopped at its start."""
    done = _started_without(2, command, stdout=subprocess.PIPE)
    assert (done.returncode, bool(done.stdout)) == (0, True)


def test_exit_with_drops_what_a_reader_that_quit_does_not_take_and_keeps_the_status():
    """A command's ``main`` printing into ``| head``: no BrokenPipeError traceback, status 0 (as ``cat``)."""
    script = "from core.stdio import exit_with\nexit_with(lambda: print('x\\n' * 500_000) or 3)\n"
    done = script_piped_to_head(script)
    assert (done.stdout, done.stderr) == ("0\n", "")
    done = subprocess.run([sys.executable, "-c", script.replace("'x\\n' * 500_000", "'x'")], cwd=REPO_ROOT)
    assert done.returncode == 3


@pytest.mark.parametrize(
    "signum, status, line", [("SIGINT", 130, "interrupted"), ("SIGTERM", 143, "terminated")]
)
def test_exit_with_ends_a_command_interrupted_or_terminated_in_one_line(signum, status, line):
    """Ctrl-C during cohesion.mine, text.sentences, cohesion.evaluate or an eval command ended in a
    KeyboardInterrupt traceback (and SIGTERM ended it with no word)."""
    import subprocess

    from core.paths import REPO_ROOT

    script = (
        "import os, signal, time\nfrom core.stdio import exit_with\n"
        f"exit_with(lambda: os.kill(os.getpid(), signal.{signum}) or time.sleep(30) or 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=HANG,
        # as from a terminal: a job started in the background (``.ci/run &``) inherits SIGINT ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert (done.returncode, done.stdout, done.stderr) == (status, "", f"{line}\n")


def test_exit_with_ends_a_command_terminated_as_it_exits_in_one_line():
    """A SIGTERM as the process ended (its exit handlers ran with signals back at their default) killed it
    with no line, status -15."""
    import subprocess

    from core.paths import REPO_ROOT

    script = (
        "import atexit, os, signal, time\nfrom core.stdio import exit_with\n"
        "atexit.register(lambda: os.kill(os.getpid(), signal.SIGTERM) or time.sleep(30))\n"
        "exit_with(lambda: print('done') or 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO_ROOT, capture_output=True, text=True, timeout=HANG
    )
    assert (done.returncode, done.stdout, done.stderr) == (143, "done\n", "terminated\n")


def test_text_stdouts_encoding_cannot_write_is_one_line_and_status_1():
    """``PYTHONIOENCODING=ascii`` (or a Latin-1 terminal) and a command printing Chinese: a
    UnicodeEncodeError traceback. Here ``text.sentences`` and ``pipeline where`` of a folder named in Chinese."""
    import subprocess

    from core.paths import REPO_ROOT

    env = {"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "text.sentences", "--lang", "zh"],
        input="他走了。\n".encode(), cwd=REPO_ROOT, env=env, capture_output=True,
    )  # fmt: skip
    assert (done.returncode, done.stdout, done.stderr.decode()) == (
        1,
        b"",
        "error: stdout: its encoding, ascii, cannot write '\\u4ed6\\u8d70\\u4e86\\u3002' (set PYTHONIOENCODING=utf-8)\n",
    )
    done = subprocess.run(
        [sys.executable, "-m", "pipeline", "where", "--output", "/tmp/语料"],
        cwd=REPO_ROOT, env=env, capture_output=True,
    )  # fmt: skip
    assert (done.returncode, done.stderr.decode()) == (
        1,
        "error: stdout: its encoding, ascii, cannot write '\\u8bed\\u6599' (set PYTHONIOENCODING=utf-8)\n",
    )


def test_a_file_name_that_is_not_utf8_is_named_as_such_not_as_an_encoding_to_set(tmp_path):
    """``cohesion.mine`` printing such a name (its ``file`` field) with a UTF-8 stdout said "set
    PYTHONIOENCODING=utf-8"."""
    name = tmp_path / os.fsdecode(b"\xff.txt")
    name.write_text("He walked into the room. She said hello.\n" * 2, encoding="utf-8")
    env = {"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8:strict"}
    done = subprocess.run(
        [sys.executable, "-m", "cohesion.mine", str(name)], cwd=REPO_ROOT, env=env, capture_output=True
    )
    assert (done.returncode, done.stdout, done.stderr.decode()) == (
        1,
        b"",
        "error: stdout: '\\udcff' stands for a byte of a file name that is not UTF-8: rename the file\n",
    )


def test_a_file_name_the_c_locale_cannot_encode_is_not_taken_for_stdouts_error(tmp_path):
    """``LC_ALL=C PYTHONUTF8=0``, where stdout and file names are both ASCII: a config's ``serve`` folder
    named in Chinese read "error: stdout: its encoding, ascii, cannot write ... (set PYTHONIOENCODING=utf-8)"
    from ``pipeline where``, which prints no Chinese."""
    from tests.pipeline.edited_config import edited_demo_config

    (tmp_path / "语料").mkdir()
    config = edited_demo_config(
        tmp_path, lambda r: r["sites"]["moxiang"].update(serve=str(tmp_path / "语料"))
    )
    env = {"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin", "LC_ALL": "C", "PYTHONUTF8": "0"}
    done = subprocess.run(
        [sys.executable, "-m", "pipeline", "where", "--config", str(config), "--output", str(tmp_path / "out")],
        cwd=REPO_ROOT, env=env, capture_output=True,
    )  # fmt: skip
    assert (done.returncode, done.stdout, done.stderr.decode()) == (
        1,
        b"",
        "error: Python reads file names as ascii in this locale (LC_ALL=C with PYTHONUTF8=0), which cannot "
        f"name '{tmp_path}/\\u8bed\\u6599': run with PYTHONUTF8=1 or LC_ALL=C.UTF-8\n",
    )


def test_an_encoding_error_of_another_text_than_stdouts_is_not_taken_for_one(monkeypatch):
    with pytest.raises(UnicodeEncodeError):
        with stdio.output_may_be_cut():
            "语".encode("ascii")
    assert stdio.unencodable(UnicodeEncodeError("latin-1", "语", 0, 1, "x")) is None


def test_a_command_that_exits_with_sys_exit_ends_as_exit_with_ends_it():
    """``sys.exit(2)`` after an error line (as cohesion.annotation does) left exit_with's end for the
    interpreter's teardown, where signals are back at their default: Ctrl-C there killed the command after
    its error line (status -2). Here a finalizer of that teardown sends the signal; the command ends before."""
    import subprocess

    from core.paths import REPO_ROOT

    script = (
        "import os, signal, sys, time\nfrom core.stdio import exit_with\n"
        "class Late:\n    def __del__(self):\n        os.kill(os.getpid(), signal.SIGTERM)\n        time.sleep(30)\n"
        "late = Late()\n"
        "def main():\n    print('error: x', file=sys.stderr)\n    sys.exit(2)\n"
        "exit_with(main)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO_ROOT, capture_output=True, text=True, timeout=HANG
    )
    assert (done.returncode, done.stderr) == (2, "error: x\n")
    done = subprocess.run(
        [sys.executable, "-c", script.replace("sys.exit(2)", "sys.exit('error: y')")],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=HANG,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (1, "error: x\nerror: y\n")


def test_an_oserror_of_another_file_names_that_file_not_stdout(capsys):
    """Any OSError inside ``output_may_be_cut`` read "error: stdout: ..." (a file that could not be opened)."""
    with pytest.raises(SystemExit) as done, stdio.output_may_be_cut():
        print("kept")
        open("/nonexistent-trust58/sent_starters.txt")
    assert (done.value.code, capsys.readouterr()) == (
        1,
        ("kept\n", "error: /nonexistent-trust58/sent_starters.txt: No such file or directory\n"),
    )
    assert not isinstance(sys.stdout, stdio._GuardedStdout)


def test_a_named_pipe_in_punkts_folder_is_named_not_taken_for_stdout(tmp_path):
    """NLTK refuses a FIFO among punkt's files with a PermissionError that names no file of its own;
    ``text.sentences`` said "error: stdout: Security Violation ..."."""
    import os
    import shutil
    import subprocess

    from core.langdata import punkt_dir
    from core.paths import REPO_ROOT

    folder = punkt_dir(tmp_path / "nltk_data")
    shutil.copytree(punkt_dir(), folder)
    (folder / "sent_starters.txt").unlink()
    os.mkfifo(folder / "sent_starters.txt")
    env = {"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin", "BWB_DATA": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "text.sentences", "--lang", "en"],
        input="He went. She ran.\n", cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=HANG,
    )  # fmt: skip
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith("error: ") and not done.stderr.startswith("error: stdout")
    assert f"'{folder / 'sent_starters.txt'}' is a FIFO" in done.stderr
