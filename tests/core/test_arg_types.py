import argparse
import io
import os
import sys
from pathlib import Path

import pytest

from core.arg_types import (
    OneLineParser,
    input_path,
    name,
    output_file,
    output_folder,
    positive,
    positive_up_to,
    whole,
)


def test_positive_takes_whole_numbers_from_one():
    assert positive("1") == 1 and positive("16") == 16
    for text in ("0", "-3", "1.5", "x", ""):
        with pytest.raises(argparse.ArgumentTypeError) as err:
            positive(text)
        assert str(err.value) == f"{text!r} is not a positive whole number"


def test_output_file_takes_a_new_file_under_folders_to_be_made(tmp_path):
    assert output_file(str(tmp_path / "a" / "b.json")) == tmp_path / "a" / "b.json"
    (tmp_path / "f").write_text("")
    for text, problem in (
        ("", "is not a file name (an unset variable?)"),
        (" ", "is not a file name (an unset variable?)"),
        (str(tmp_path), "is a folder, not a file"),
        ("/dev/full", "is a named pipe, a device or a socket, not a file"),  # was replaced by a file (root)
        (
            str(tmp_path / "f" / "b.json"),
            f"cannot be written: {str(tmp_path / 'f')!r} is a file, not a folder",
        ),
    ):
        with pytest.raises(argparse.ArgumentTypeError) as err:
            output_file(text)
        assert str(err.value) == f"{text!r} {problem}"


def test_an_output_folder_may_be_new_but_not_below_a_file(tmp_path):
    assert output_folder(str(tmp_path)) == tmp_path
    assert output_folder(str(tmp_path / "new" / "deeper")) == tmp_path / "new" / "deeper"
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(argparse.ArgumentTypeError) as err:
        output_folder(str(tmp_path / "file" / "out"))
    assert str(err.value) == f"'{tmp_path}/file/out': {tmp_path}/file is a file, not a folder"
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    with pytest.raises(argparse.ArgumentTypeError) as err:
        output_folder(str(tmp_path / "loop" / "out"))
    assert str(err.value) == f"'{tmp_path}/loop/out': a symbolic link loop, not a folder"


@pytest.mark.parametrize("text", ["", "  "])
def test_an_empty_output_folder_is_refused_not_read_as_the_current_one(text):
    with pytest.raises(argparse.ArgumentTypeError) as err:
        output_folder(text)
    assert str(err.value) == f"{text!r} is not a folder (write . for the current one)"


def test_an_output_folder_under_home_is_the_home_folder_not_a_folder_named_tilde(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert output_folder("~/corpus") == tmp_path / "corpus"  # --output=~/corpus: built in ./~/corpus before
    with pytest.raises(argparse.ArgumentTypeError) as err:
        output_folder("~no-such-user-here/corpus")
    assert str(err.value) == "'~no-such-user-here/corpus': no such user, so no home folder"


def test_input_path_refuses_an_empty_one_which_would_read_the_current_folder(tmp_path):
    assert input_path(str(tmp_path)) == tmp_path
    assert input_path(".") == Path(".")  # the current folder, written out
    for text in ("", " ", "\t"):
        with pytest.raises(argparse.ArgumentTypeError) as err:
            input_path(text)
        assert str(err.value) == f"{text!r} is not a path (an unset variable? write . for the current folder)"


@pytest.mark.parametrize(("check", "advice"), [(input_path, "rename it"), (output_file, "choose another")])
def test_a_path_holding_a_line_break_is_refused_as_no_message_could_name_it_on_one_line(
    tmp_path, check, advice
):
    """``qc import``, ``cohesion.annotation import`` and ``evals.stories`` named such a file in two lines."""
    for text in (str(tmp_path / "a\nb.json"), str(tmp_path / "a\x1b[2Jb.json")):
        with pytest.raises(argparse.ArgumentTypeError) as err:
            check(text)
        assert str(err.value) == (
            f"{text!r}: a path holding a line break or another control character, which no message could "
            f"show on one line: {advice}"
        )


@pytest.mark.parametrize("check", [input_path, output_file, output_folder])
def test_a_name_too_long_for_the_system_is_one_line_not_a_traceback(tmp_path, check):
    text = str(tmp_path / ("a" * 300) / "b")
    with pytest.raises(argparse.ArgumentTypeError) as err:
        check(text)
    assert str(err.value) == f"{text!r}: File name too long"


def test_a_name_is_not_blank():
    assert name(" Ada ") == "Ada"
    with pytest.raises(argparse.ArgumentTypeError, match="'' is not a name"):
        name("")


@pytest.mark.parametrize("text", ["Ada\nLovelace", "Ada\x1b[31m", "A\x00da"])
def test_a_name_holding_a_control_character_is_refused(text):
    """``qc import --reviewer`` recorded it in the verdicts and corrections tables as given."""
    with pytest.raises(argparse.ArgumentTypeError) as err:
        name(text)
    assert str(err.value) == f"{text!r} is not a name: it holds a line break or another control character"


def test_a_name_of_bytes_that_are_not_utf8_is_refused_and_utf8_read_as_ascii_is_read_as_utf8():
    """``qc import --reviewer $'\\xff'`` failed with "'utf-8' codec can't encode character '\\udcff' ..."."""
    with pytest.raises(argparse.ArgumentTypeError) as err:
        name("ann\udcff")
    assert str(err.value) == "'ann\\udcff' is not a name: its byte 0xff is not UTF-8"
    assert name("\udcc3\udca9mile") == "émile"  # "émile" in UTF-8, as Python reads argv in the C locale


def test_a_refused_number_is_echoed_cut_to_40_characters():
    with pytest.raises(argparse.ArgumentTypeError) as err:
        positive("x" * 5000)
    assert str(err.value) == f"{'x' * 40!r}... (5,000 characters) is not a positive whole number"


@pytest.mark.parametrize("check", [positive, whole])
def test_a_number_of_more_than_18_digits_is_refused_as_such(check):
    """It read "'99999999999999999999' is not a positive whole number"."""
    with pytest.raises(argparse.ArgumentTypeError) as err:
        check("9" * 19)
    assert str(err.value) == f"{'9' * 19!r} has more than 18 digits: no count or seed is that large"


def test_a_whole_number_may_be_0_but_not_negative():
    assert whole("0") == 0
    with pytest.raises(argparse.ArgumentTypeError, match="'-1' is not a whole number of 0 or more"):
        whole("-1")


def test_a_parse_error_is_one_line_and_exit_2(capsys):
    parser = OneLineParser(prog="prog")
    parser.add_argument("--n", type=positive)
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args(["--n", "0"])
    assert exit_.value.code == 2
    assert (
        capsys.readouterr().err
        == "prog: error: argument --n: '0' is not a positive whole number (see prog --help)\n"
    )


@pytest.mark.parametrize(
    "argv, prog, extras",
    [
        (["build", "--bogus"], "prog build", "--bogus"),
        (["build", "all", "-x", "y"], "prog build all", "-x y"),
        (["--bogus", "build"], "prog", "--bogus"),
    ],
)
def test_an_unknown_option_after_a_subcommand_is_the_subcommands_error(capsys, argv, prog, extras):
    """It named the top-level command, whose ``--help`` does not list the subcommand's options."""
    parser = OneLineParser(prog="prog")
    parser.add_subparsers(dest="command").add_parser("build").add_subparsers(dest="part").add_parser("all")
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args(argv)
    assert (exit_.value.code, capsys.readouterr().err) == (
        2,
        f"{prog}: error: unrecognized arguments: {extras} (see {prog} --help)\n",
    )


def test_help_a_stream_cannot_encode_is_written_with_ascii_stand_ins():
    """``--help`` to an ASCII stdout (``PYTHONIOENCODING=ascii``) was a one-line encoding error, not the help."""
    parser = OneLineParser(prog="prog", description="crawl → clean — ‘done’ 中")
    for encoding, description in (
        ("ascii", "crawl -> clean -- 'done' \\u4e2d"),
        ("utf-8", "crawl → clean — ‘done’ 中"),
    ):
        stream = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
        parser.print_help(stream)
        stream.flush()
        assert stream.buffer.getvalue().decode(encoding) == (
            f"usage: prog [-h]\n\n{description}\n\noptions:\n  -h, --help  show this help message and exit\n"
        )


def test_whole_numbers_are_written_in_ascii_digits():
    for check, problem in (
        (positive, "is not a positive whole number"),
        (whole, "is not a whole number of 0 or more"),
    ):
        for text in ("٣", "３", "²"):  # int() read the first two as 3 and raised ValueError on the third
            with pytest.raises(argparse.ArgumentTypeError) as err:
                check(text)
            assert str(err.value) == f"{text!r} {problem}"


def test_an_output_folder_with_a_control_character_is_refused(tmp_path):
    for text in (f"{tmp_path}/a\nb", f"{tmp_path}/a\x01b", f"{tmp_path}/a\tb"):
        with pytest.raises(argparse.ArgumentTypeError) as err:
            output_folder(text)
        assert str(err.value) == (
            f"{text!r}: a folder whose path holds a line break or another control character, which no "
            "message could show on one line: choose another"
        )


def test_an_output_folder_whose_path_is_not_utf8_is_refused(tmp_path, monkeypatch):
    text = f"{tmp_path}/corpus-" + b"\xff".decode("utf-8", "surrogateescape")  # as argv holds $'\xff'
    with pytest.raises(argparse.ArgumentTypeError) as err:
        output_folder(text)
    assert str(err.value) == (
        f"{text!r}: a folder whose path is not UTF-8 (byte 0xff), which Parquet cannot open files under: "
        "choose another"
    )
    (tmp_path / "é").mkdir()
    monkeypatch.chdir(tmp_path / "é")  # UTF-8 beyond ASCII is fine
    assert output_folder(".") == Path(".")


def test_positive_up_to_names_its_bound_and_why():
    read = positive_up_to(1000, "BWB has 384 books")
    assert read("1000") == 1000
    with pytest.raises(argparse.ArgumentTypeError) as err:
        read("9" * 15)  # ran for hours (or past memory) before
    assert str(err.value) == f"'{'9' * 15}' is over 1,000 (BWB has 384 books)"
    with pytest.raises(argparse.ArgumentTypeError, match="is not a positive whole number"):
        read("0")


def test_a_utf8_output_folder_read_in_the_c_locale_is_named_as_such_not_as_not_utf8(tmp_path, monkeypatch):
    """With ``LC_ALL=C PYTHONUTF8=0`` Python reads argv as ASCII: a folder named in Chinese, UTF-8 on disk,
    was refused as "not UTF-8", and choosing another folder was the advice."""
    monkeypatch.setattr(sys, "getfilesystemencoding", lambda: "ascii")
    text = f"{tmp_path}/" + "中文".encode().decode("ascii", "surrogateescape")  # as argv holds it then
    with pytest.raises(argparse.ArgumentTypeError) as err:
        output_folder(text)
    assert str(err.value) == (
        f"'{tmp_path}/中文': Python reads file names as ascii in this locale (LC_ALL=C with PYTHONUTF8=0), "
        "which cannot name files under this folder: run with PYTHONUTF8=1 or LC_ALL=C.UTF-8"
    )


def test_an_output_folder_of_dash_is_refused_not_built_as_a_folder_named_dash():
    with pytest.raises(argparse.ArgumentTypeError) as err:
        output_folder("-")  # --output - built into ./-
    assert str(err.value) == (
        "'-' stands for the standard input or output, which is no folder: name a folder (./- for one named so)"
    )
    assert output_folder("./-") == Path("./-")


def test_an_output_folder_that_is_a_pipe_is_refused(tmp_path):
    os.mkfifo(tmp_path / "pipe")  # /dev/stdin fed by a pipe: built into /proc/PID/fd/pipe:[N]
    with pytest.raises(argparse.ArgumentTypeError) as err:
        output_folder(str(tmp_path / "pipe"))
    assert str(err.value) == (
        f"{str(tmp_path / 'pipe')!r} is a named pipe, a device or a socket (the standard input or output?), "
        "not a folder"
    )


def test_an_input_path_of_dash_is_named_the_standard_input_not_a_missing_file():
    with pytest.raises(argparse.ArgumentTypeError) as err:
        input_path("-")  # read as a file named "-": "error: -: No such file or directory"
    assert str(err.value) == (
        "'-' stands for the standard input, which is not read so here: name a file (./- for one named so)"
    )
    assert input_path("./-") == Path("./-")


def test_the_help_shows_the_docstrings_rest_literals_as_plain_text():
    """37 commands take their description from a docstring: their ``--help`` read "``python -m ...``"."""
    parser = OneLineParser(prog="tool", description="Run ``tool DIR`` on a folder.")
    parser.add_argument("--mode", help="``fast`` or ``exact``")
    shown = parser.format_help()
    assert "Run tool DIR on a folder." in shown
    assert "fast or exact" in shown
    assert "``" not in shown
