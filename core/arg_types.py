"""Argument types shared by the project's command-line entry points."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, NoReturn

from core.files import locale_cannot_name, not_a_regular_file, os_problem


MAX_DIGITS = 18  # no count, size or seed of a command needs a larger number
ASCII_STAND_INS = str.maketrans({"→": "->", "—": "--", "–": "-", "‘": "'", "’": "'", "“": '"', "”": '"'})


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (``PROG: error: PROBLEM``), without the usage block; its
    subcommands' parsers are ``Subcommand``s."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(2)

    def add_subparsers(self, **kwargs: Any) -> argparse._SubParsersAction:
        kwargs.setdefault("parser_class", Subcommand)
        return super().add_subparsers(**kwargs)

    def format_help(self) -> str:
        """The help, with the reST literals (double backquotes) of the docstrings it shows as plain text."""
        return super().format_help().replace("``", "")

    def _print_message(self, message: str, file: IO[str] | None = None) -> None:
        """The help and usage, with ASCII stand-ins (→ as ->) where the stream's encoding cannot write the
        text (``PYTHONIOENCODING=ascii``): ``--help`` was "error: stdout: its encoding, ascii, cannot write
        '\\u2192'", not the help."""
        stream = file or sys.stderr
        super()._print_message(writable(message, getattr(stream, "encoding", None)), stream)


class Subcommand(OneLineParser):
    """A subcommand's parser: an argument it does not know is its own error, named by its own prog
    (``python -m pipeline corpus --bogus`` read "python -m pipeline: error: unrecognized arguments",
    pointing at the top-level ``--help``, where the subcommand's options are not listed)."""

    def parse_known_args(
        self, args: list[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        namespace, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return namespace, extras


def writable(text: str, encoding: str | None) -> str:
    """``text`` as a stream of ``encoding`` can write it (None: UTF-8): unchanged where it can, else with
    ``ASCII_STAND_INS`` and ``\\u`` escapes for what has none."""
    encoding = encoding or "utf-8"
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        return text.translate(ASCII_STAND_INS).encode(encoding, "backslashreplace").decode(encoding)


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    if not digits(text) or int(text) < 1:
        raise _not_a_number(text, "a positive whole number")
    return int(text)


def positive_up_to(maximum: int, why: str) -> Callable[[str], int]:
    """An argparse type: a whole number from 1 to ``maximum``; ``why`` says where the bound comes from (a
    count past any real use, which would run for days or end in a MemoryError)."""

    def read(text: str) -> int:
        number = positive(text)
        if number > maximum:
            raise argparse.ArgumentTypeError(f"{shown(text)} is over {maximum:,} ({why})")
        return number

    return read


def whole(text: str) -> int:
    """An argparse type: a whole number of at least 0 (a seed that names a folder: "sample-3")."""
    if not digits(text):
        raise _not_a_number(text, "a whole number of 0 or more")
    return int(text)


def _not_a_number(text: str, what: str) -> argparse.ArgumentTypeError:
    """The error for ``text``, which is not ``what``: a number of more digits than ``MAX_DIGITS`` is named as
    such (it read "is not a positive whole number")."""
    if text.isascii() and text.isdigit() and len(text) > MAX_DIGITS:
        return argparse.ArgumentTypeError(
            f"{shown(text)} has more than {MAX_DIGITS} digits: no count or seed is that large"
        )
    return argparse.ArgumentTypeError(f"{shown(text)} is not {what}")


def shown(text: str, most: int = 40) -> str:
    """``text`` quoted for an error message, cut to its first ``most`` characters (a number of 5,000
    digits is not echoed whole)."""
    return repr(text) if len(text) <= most else f"{text[:most]!r}... ({len(text):,} characters)"


def digits(text: str) -> bool:
    """``text`` is written in the digits 0-9 only: not in other scripts' digits ("٣", "３"), which
    ``int`` reads as numbers too, nor in superscripts ("²"), which ``int`` refuses with a ValueError; and
    in at most ``MAX_DIGITS`` of them (``int`` refuses more than 4,300 with a ValueError)."""
    return text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS


def name(text: str) -> str:
    """An argparse type: a name to record (a reviewer's); not empty or blank (an unset variable), nor holding
    a line break or another control character (recorded in the QC tables as given), nor bytes that are not
    UTF-8, which no table can hold (``qc import`` failed on them, naming a Python codec error); UTF-8 that
    Python read as ASCII (the C locale) is read as UTF-8."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not a name (an unset variable?)")
    if has_control_character(text.strip()):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a name: it holds a line break or another control character"
        )
    try:  # argv's bytes, which Python keeps as surrogates where they are not UTF-8 (or in the C locale)
        text = text.encode("utf-8", "surrogateescape").decode("utf-8")
    except UnicodeDecodeError as err:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a name: its byte 0x{err.object[err.start]:02x} is not UTF-8"
        ) from None
    return text.strip()


def input_path(text: str) -> Path:
    """An argparse type: a file or folder to read; not empty, which ``Path`` would take for the current
    folder and read whole, nor -, nor holding a control character (``_one_line``), nor a path the system
    cannot look at."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a path (an unset variable? write . for the current folder)"
        )
    if text == "-":  # read as a file named "-": "-: No such file or directory"
        raise argparse.ArgumentTypeError(
            "'-' stands for the standard input, which is not read so here: name a file (./- for one named so)"
        )
    _one_line(text, "rename it")
    _existing(Path(text), text)  # a name too long for the system is named here
    return Path(text)


def output_file(text: str) -> Path:
    """An argparse type: a file the command will write, checked before any work: not empty (an unset
    variable), holding no control character (``_one_line``), not a folder, a named pipe or a device, and
    under a folder (existing or to be made), not under a file."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not a file name (an unset variable?)")
    _one_line(text, "choose another")
    path = Path(text)
    place = _existing(path.absolute(), text)
    if place == path.absolute() and place.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is a folder, not a file")
    if place == path.absolute() and not_a_regular_file(place):  # -o /dev/full: it was replaced (as root)
        raise argparse.ArgumentTypeError(f"{text!r} is a named pipe, a device or a socket, not a file")
    if place not in (None, path.absolute()) and not place.is_dir():
        raise argparse.ArgumentTypeError(
            f"{text!r} cannot be written: {str(place)!r} is a file, not a folder"
        )
    return path


def _existing(path: Path, text: str) -> Path | None:
    """The nearest of ``path`` and the folders above it that exists; a one-line error for a path the
    system cannot look at (a name too long for it)."""
    try:
        return next((p for p in (path, *path.parents) if p.exists()), None)
    except OSError as err:
        raise argparse.ArgumentTypeError(f"{text!r}: {os_problem(err)}") from None


def _not_utf8(text: str, err: UnicodeEncodeError) -> str:
    """Why Parquet cannot name files under the path ``text``: bytes that are not UTF-8, or UTF-8 that Python
    reads as ASCII in the C locale (``LC_ALL=C`` with ``PYTHONUTF8=0``), where no name beyond ASCII passes."""
    data = text.encode("utf-8", "surrogateescape")  # the path's bytes, as argv held them
    try:
        written = data.decode("utf-8")
    except UnicodeDecodeError:
        return (
            f"{text!r}: a folder whose path is not UTF-8 (byte 0x{ord(err.object[err.start]) - 0xDC00:02x}), "
            "which Parquet cannot open files under: choose another"
        )
    return f"{written!r}: {locale_cannot_name('files under this folder')}"


def has_control_character(text: str) -> bool:
    """Does ``text`` hold a line break or another ASCII control character (which would cut a message)?"""
    return any(ord(c) < 32 or ord(c) == 127 for c in text)


def _one_line(text: str, advice: str) -> None:
    """A one-line error for a path holding a line break or another control character: every message naming
    it (``PATH: no such file``) was cut in two."""
    if has_control_character(text):
        raise argparse.ArgumentTypeError(
            f"{text!r}: a path holding a line break or another control character, which no message could "
            f"show on one line: {advice}"
        )


def output_folder(text: str) -> Path:
    """An argparse type: a folder to write into; it may not exist yet, but neither it nor a folder above
    it is a file; it is no pipe or device (/dev/stdin); nor empty, which would be the current folder, nor
    -; nor (once resolved) holding a control character, which would cut every message naming it, or bytes
    that are not UTF-8, which Arrow cannot name a Parquet file by (a corpus built there failed with a
    traceback at its first read)."""
    if not text.strip():  # an unset variable in a script
        raise argparse.ArgumentTypeError(f"{text!r} is not a folder (write . for the current one)")
    if text == "-":  # built into a folder named "-" in the current one
        raise argparse.ArgumentTypeError(
            "'-' stands for the standard input or output, which is no folder: name a folder (./- for one named so)"
        )
    try:
        wanted = Path(text).expanduser()  # also where the shell left ~ as written (--output=~/corpus)
    except RuntimeError:  # ~name of no user
        raise argparse.ArgumentTypeError(f"{text!r}: no such user, so no home folder") from None
    # /dev/stdin fed by a pipe resolves to /proc/PID/fd/pipe:[N], a folder to make under /proc
    if not_a_regular_file(wanted) and not wanted.is_dir():
        raise argparse.ArgumentTypeError(
            f"{text!r} is a named pipe, a device or a socket (the standard input or output?), not a folder"
        )
    try:
        path = wanted.resolve()
    except (RuntimeError, OSError):  # a symbolic link loop (RuntimeError before Python 3.13)
        raise argparse.ArgumentTypeError(f"{text!r}: a symbolic link loop, not a folder") from None
    if has_control_character(str(path)):
        raise argparse.ArgumentTypeError(
            f"{text!r}: a folder whose path holds a line break or another control character, which no "
            "message could show on one line: choose another"
        )
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError as err:  # bytes the file system's encoding could not read, kept as surrogates
        raise argparse.ArgumentTypeError(_not_utf8(text, err)) from None
    place = _existing(path, text)
    if place is not None and not place.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r}: {place} is a file, not a folder")
    return wanted
