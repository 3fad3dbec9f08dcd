"""The standard streams of the command-line tools: a stdin the command was started without, and a stdout
piped into a reader that quit early (``| head``)."""

from __future__ import annotations

import codecs
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn, TextIO

from core.files import MAX_INPUT_BYTES, TooLarge, locale_cannot_name, os_problem
from core.processes import Terminated, end_process, exit_status, quiet_interrupts


MAX_STDIN_BYTES = MAX_INPUT_BYTES


def stdin_bytes(verb: str) -> bytes:
    """All of standard input; ``ValueError`` (one line) when the command was started with stdin closed or
    a terminal (run with no input given, it waited for typing without a word, as if hung), or when it holds
    more than ``MAX_STDIN_BYTES`` (``< /dev/zero``, ``yes |``: memory would run out)."""
    if sys.stdin is None:
        raise ValueError(f"stdin: closed, no text to {verb} (give the text on stdin, e.g. < FILE)")
    if sys.stdin.isatty():
        raise ValueError(f"stdin: a terminal, no text to {verb} (give the text on stdin, e.g. < FILE)")
    data = sys.stdin.buffer.read(MAX_STDIN_BYTES + 1)
    if len(data) > MAX_STDIN_BYTES:
        raise TooLarge(
            f"stdin: more than {MAX_STDIN_BYTES:,} bytes, too much to {verb} at once (give it in parts)"
        )
    return data


def check_working_folder() -> None:
    """Before any work: a command started in a folder removed since (a shell left in it after ``rm -rf``)
    stops with one line, ``SystemExit(2)``: spaCy's import asks for the current folder, so every command
    that loads it ended in a FileNotFoundError traceback ("[Errno 2] No such file or directory")."""
    try:
        os.getcwd()
    except FileNotFoundError:
        print(
            "error: the current folder no longer exists (removed while the shell was in it): "
            "cd to one that exists, then run the command again",
            file=sys.stderr,
        )
        raise SystemExit(2) from None


def check_standard_streams() -> None:
    """Before any work: a command started with stderr closed (``2>&-``) writes its messages to the null
    device (its first progress line was an AttributeError, which stopped a build with no word); one started
    with stdout closed (``>&-``) stops, ``SystemExit(2)`` after one line, as every command prints (its
    flush was an AttributeError traceback)."""
    if sys.stderr is None:  # on the descriptor too, which the processes it starts inherit
        null = os.open(os.devnull, os.O_WRONLY)
        if null != 2:
            os.dup2(null, 2)
            os.close(null)
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # open for the process's life
    if sys.stdout is None:
        print(
            "error: stdout: closed, nowhere to print (start the command with one, e.g. > FILE or > /dev/null)",
            file=sys.stderr,
        )
        raise SystemExit(2)


class _GuardedStdout:
    """``sys.stdout`` inside ``output_may_be_cut``: notes the OSError its writes and flushes raise (``failed``),
    unchanged, so that an error of stdout is told apart from one of any other file."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.failed: OSError | UnicodeEncodeError | None = None

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except (OSError, UnicodeEncodeError) as err:
            self.failed = err
            raise

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as err:
            self.failed = err
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def output_may_be_cut() -> Iterator[None]:
    """Print inside (and do nothing else that writes): when stdout's reader has quit (``| head -1``), the
    rest is dropped without a traceback, as ``cat`` or ``grep`` drop it; when stdout cannot be written
    (``> /dev/full``, a full disk) or cannot take the text in its encoding (``unencodable``), one line and
    ``SystemExit(1)``, also for a write whose error was dropped before a ``SystemExit`` (argparse's
    ``--help``, which exited 0 with its text lost). Any other OSError (a file of the language data that
    cannot be read) is one line too, naming its file, not stdout."""
    outer = sys.stdout
    guard = outer if outer is None or isinstance(outer, _GuardedStdout) else _GuardedStdout(outer)
    sys.stdout = guard  # type: ignore[assignment]
    ending: SystemExit | None = None
    try:
        try:
            yield
        except SystemExit as done:  # --help, or lines printed before an error: stdout's errors still count
            ending = done
        sys.stdout.flush()
        if guard is not None and guard.failed is not None:  # a write whose error was dropped (argparse's)
            raise guard.failed
    except OSError as err:
        if guard is None or err is not guard.failed:
            settle_stdout()
            where = f"{err.filename}: {err.strerror}" if err.filename and err.strerror else err
            print(f"error: {where}", file=sys.stderr)
            raise SystemExit(1) from None
        _drop_stdout()
        guard.failed = None  # told once: an outer output_may_be_cut (exit_with's) says nothing more
        if not isinstance(err, BrokenPipeError):  # a reader that quit: the rest dropped, the status kept
            print(f"error: stdout: {os_problem(err)}", file=sys.stderr)
            raise SystemExit(1) from None
    except UnicodeEncodeError as err:
        stdouts = guard is None or err is guard.failed
        if (problem := unencodable(err) if stdouts else unnamable(err)) is None:
            raise
        if guard is not None:
            guard.failed = None  # told once, as above
        settle_stdout()
        print(problem, file=sys.stderr)
        raise SystemExit(1) from None
    finally:
        if sys.stdout is guard:
            sys.stdout = outer
    if ending is not None:
        raise ending


def unencodable(err: UnicodeEncodeError) -> str | None:
    """One line for text that stdout's encoding cannot write (``PYTHONIOENCODING=ascii``, a Latin-1
    terminal), which was a UnicodeEncodeError traceback; None when the error is not stdout's. A file name
    that is not UTF-8 (``cohesion.mine $'\\xff.txt'``) no encoding writes: it read "set
    PYTHONIOENCODING=utf-8" where that was set."""
    if codecs.lookup(err.encoding).name != codecs.lookup(sys.stdout.encoding or "utf-8").name:
        return None
    unwritten = err.object[err.start : err.end]
    shown = ascii(unwritten)
    if all("\udc80" <= char <= "\udcff" for char in unwritten):  # Python's stand-in for a byte not UTF-8
        return f"error: stdout: {shown} stands for a byte of a file name that is not UTF-8: rename the file"
    return f"error: stdout: its encoding, {err.encoding}, cannot write {shown} (set PYTHONIOENCODING=utf-8)"


def unnamable(err: UnicodeEncodeError) -> str | None:
    """One line for a file name that the file system's encoding cannot write (a folder a config names in
    Chinese, in the C locale without UTF-8 mode), which read as stdout's encoding error where both are
    ASCII; None for an error of another text."""
    encoding = codecs.lookup(sys.getfilesystemencoding()).name
    if encoding == "utf-8" or codecs.lookup(err.encoding).name != encoding:
        return None
    return f"error: {locale_cannot_name(ascii(err.object))}"


LAST_WORDS = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}


def exit_with(main: Callable[[], int | None]) -> NoReturn:
    """Run a command's ``main`` and exit with its status, its printing inside ``output_may_be_cut``: a reader
    that quit early (``| head``) leaves the rest unprinted (status 0, as for ``cat``), a stdout that cannot be
    written (``> /dev/full``) is one line and status 1, never a traceback; so are Ctrl-C (``interrupted``,
    status 130) and SIGTERM (``terminated``, 143), which ended in a KeyboardInterrupt traceback."""
    status: int | None = 0
    try:
        check_standard_streams()
        with quiet_interrupts(LAST_WORDS), output_may_be_cut():
            status = main()
    except Terminated:
        settle_stdout()
        print(LAST_WORDS[signal.SIGTERM], file=sys.stderr)
        status = 143
    except KeyboardInterrupt:
        settle_stdout()
        print(LAST_WORDS[signal.SIGINT], file=sys.stderr)
        status = 130
    except SystemExit as done:  # sys.exit(2) after an error line, an argparse error, a stdout that failed
        status = exit_status(done)
    end_process(status if isinstance(status, int) else 0)


def settle_stdout() -> None:
    """Flush stdout after a failed write; where it still fails (``> /dev/full``, a full disk), point it at
    the null device, so that the interpreter's last flush adds no second error."""
    try:
        sys.stdout.flush()
    except OSError:
        _drop_stdout()


def _drop_stdout() -> None:
    """The interpreter flushes stdout again as it exits: let that write go nowhere."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
