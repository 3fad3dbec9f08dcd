"""The command line's own handling: argument errors, the one-line errors of ``main`` and the small commands
(``where``, ``clean``); builds are run by the slow end-to-end tests."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from luigi.rpc import RPCError

from core.layout import Layout
from core.paths import REPO_ROOT
from core import storage
from core.storage import write_table
from pipeline import cli
from pipeline.config import load_config
from pipeline.lock import build_lock
from pipeline.cli import export_formats, main
from pipeline.output_folder import adopt, held_books
from tests.exports.synthetic import write_book
from tests.helpers import HANG, output_of, script_piped_to_head, target, write_config
from tests.pipeline.lock_holder import LOCAL, held_in_another_process


@pytest.fixture
def config(tmp_path: Path) -> Path:
    return write_config(tmp_path, books=["city-star"])


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _parse_error(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and len(err.splitlines()) == 1, err
    return err.rstrip()


def test_where_prints_the_output_folder(config, capsys):
    assert _run(capsys, "where", *target(config)) == (0, f"{output_of(config)}\n", "")
    code, out, _ = _run(capsys, "where", "--config", str(config))
    assert code == 0 and Path(out.strip()).parts[-2:] == ("output", "config")


def test_clean_empties_the_folder_but_keeps_hand_made_corrections(config, capsys):
    layout = Layout(output_of(config))
    write_table([], "chapters", layout.chapters("city-star"))
    write_table([], "corrections", layout.corrections("city-star"))
    assert _run(capsys, "clean", *target(config)) == (
        0,
        f"cleaned {layout.root}; kept corrections/ (hand-made: delete by hand if you mean to)\n",
        "",
    )
    assert sorted(p.name for p in layout.root.iterdir()) == ["corrections"]


def test_clean_names_a_file_and_a_looping_link_where_the_hand_made_folders_go(config, capsys):
    """A file named ``corrections`` was reported as "kept corrections/", and a ``qc`` link that loops was
    left in place without a word."""
    layout = Layout(output_of(config))
    write_table([], "chapters", layout.chapters("city-star"))
    (layout.root / "corrections").write_text("notes")
    (layout.root / "qc").symlink_to("qc")
    assert _run(capsys, "clean", *target(config)) == (
        0,
        f"cleaned {layout.root}; {layout.root}/corrections is a file where the hand-made folder corrections/ "
        "goes (qc import writes it): rename or remove that file; "
        f"{layout.root}/qc, where the hand-made folder qc/ goes, is a symbolic link that loops: remove that link\n",
        "",
    )
    assert sorted(p.name for p in layout.root.iterdir()) == ["corrections", "qc"]


def test_clean_removes_the_config_of_the_luigid_workers_that_built_there(config, capsys):
    """``.build.config`` names the config of the last workers to share the folder: after a clean, the folder
    is no config's; its lock file goes too (it was left in place, in a home folder too)."""
    layout = Layout(output_of(config))
    with build_lock(layout.root, shared=True, config=load_config(config)):  # a luigid worker's
        write_table([], "chapters", layout.chapters("city-star"))
    assert (layout.root / ".build.config").is_file()
    assert _run(capsys, "clean", *target(config))[0] == 0
    assert sorted(p.name for p in layout.root.iterdir()) == []
    assert _run(capsys, "clean", *target(config)) == (
        0,
        f"nothing to clean: {layout.root} holds no built file\n",
        "",
    )


def test_clean_removes_what_a_killed_report_left_beside_report(config, capsys):
    layout = Layout(output_of(config))
    write_table([], "chapters", layout.chapters("city-star"))
    dead = subprocess.Popen(["true"])
    dead.wait()
    staged = layout.root / f".report.{storage._HOST}.{dead.pid}.tmp"  # staged_dir's, killed while filling
    (staged / "img").mkdir(parents=True)
    (staged / "index.html").write_text("<html>half", encoding="utf-8")
    assert _run(capsys, "clean", *target(config)) == (0, f"cleaned {layout.root}\n", "")
    assert sorted(p.name for p in layout.root.iterdir()) == []


def test_clean_of_a_folder_that_does_not_exist_says_so_and_creates_nothing(config, capsys):
    root = output_of(config)
    assert _run(capsys, "clean", *target(config)) == (0, f"nothing to clean: {root} does not exist\n", "")
    assert not root.exists()


def test_clean_deletes_nothing_in_a_folder_the_pipeline_never_built_in(tmp_path, capsys):
    """``--output`` pointing at the wrong folder (a parent, a home folder) must not delete its export/,
    report/ or cache/ just for their names."""
    config = write_config(tmp_path, books=["city-star"])
    mine = output_of(config)
    for name in ("export", "report", "cache"):
        (mine / name).mkdir(parents=True)
        (mine / name / "notes.txt").write_text("mine")
    assert _run(capsys, "clean", *target(config)) == (
        2,
        "",
        f"{mine} is not an output folder of the pipeline (no .build.lock, _manifests/ or built book in it): "
        "nothing deleted; check --output\n",
    )
    assert sorted(p.name for p in mine.iterdir()) == ["cache", "export", "report"]


@pytest.mark.parametrize(
    "command", [["corpus"], ["export"], ["qc", "sample", "--chapters", "1"], ["inspect", "city-star/1"]]
)
def test_a_build_into_a_folder_of_other_files_is_refused_before_any_work(config, capsys, command):
    """``--output $UNSET/`` built into the root folder, mixing a dozen folders with its own; a later clean
    deleted those of the same names."""
    mine = output_of(config)
    (mine / "mybooks").mkdir(parents=True)
    (mine / "notes.txt").write_text("mine")
    assert _run(capsys, *command, *target(config)) == (
        2,
        "",
        f"{mine} is not an output folder of the pipeline and holds other files (mybooks, notes.txt): "
        "check --output (a build goes into a new or empty folder)\n",
    )
    assert sorted(p.name for p in mine.iterdir()) == ["mybooks", "notes.txt"]


def test_a_folder_that_holds_another_configs_output_folder_is_no_folder_of_other_files(config, capsys):
    """``output/`` (the demo's) holds ``output/my-novels``, another config's."""
    mine = output_of(config)
    (mine / "my-novels" / "_manifests").mkdir(parents=True)
    (mine / ".DS_Store").write_text("")  # a file manager's litter is no file of the user's
    (mine / "notes.txt").write_text("mine")
    assert _run(capsys, "status", *target(config))[2].endswith(
        "(notes.txt): check --output (a build goes into a new or empty folder)\n"
    )
    (mine / "notes.txt").unlink()
    assert _run(capsys, "status", *target(config))[0] == 0


def test_a_folder_of_hidden_files_is_refused_and_so_is_the_home(config, capsys, monkeypatch):
    """A home of dotfiles alone was built into (hidden files were no other files), and ``clean`` then left
    its lock file there."""
    mine = output_of(config)
    mine.mkdir()
    (mine / ".profile").write_text("mine")
    assert _run(capsys, "corpus", *target(config)) == (
        2,
        "",
        f"{mine} is not an output folder of the pipeline and holds other files (.profile): "
        "check --output (a build goes into a new or empty folder)\n",
    )
    (mine / ".profile").unlink()
    monkeypatch.setenv("HOME", str(mine))
    write_table([], "chapters", Layout(mine).chapters("city-star"))  # built into, even
    assert _run(capsys, "corpus", *target(config)) == (
        2,
        "",
        f"{mine} is your home folder, not an output folder: check --output (a build goes into a new or empty "
        "folder)\n",
    )
    assert _run(capsys, "clean", *target(config))[2] == (
        f"{mine} is your home folder, not an output folder: nothing deleted; check --output\n"
    )
    assert sorted(p.name for p in mine.iterdir()) == ["chapters"]


def test_status_of_a_folder_no_build_has_run_in_says_to_give_the_builds_output(config, capsys):
    """A corpus built with --output, asked about without it, read "8 not built" and nothing more."""
    elsewhere = config.parent / "elsewhere"
    code, out, err = _run(capsys, "status", "--config", str(config), "--output", str(elsewhere))
    assert (code, out.splitlines()[0]) == (
        0,
        f"Status of 1 books in {elsewhere} (tasks: 0 built, 0 stale, 8 not built)",
    )
    assert err == (
        f"no build has run in {elsewhere}: give the --output it was built in, or build it "
        f"(python -m pipeline corpus --config {config} --output {elsewhere})\n"
    )
    write_book(Layout(output_of(config)), "city-star", 2)  # a folder built into
    assert _run(capsys, "status", *target(config))[2] == ""


def test_clean_refuses_while_a_build_writes_to_the_folder(config, capsys):
    layout = Layout(output_of(config))
    write_table([], "chapters", layout.chapters("city-star"))
    with build_lock(layout.root, shared=True):  # a luigid worker's
        assert _run(capsys, "clean", *target(config)) == (
            1,
            "",
            f"a build is writing to {layout.root}: clean it once the build has ended\n",
        )
    assert layout.chapters("city-star").is_file()


@pytest.mark.parametrize("option", ["--prune", "--adopt"])
def test_prune_and_adopt_change_nothing_while_another_build_holds_the_folder(config, capsys, option):
    layout = Layout(output_of(config))
    write_table([], "chapters", layout.chapters("other-book"))
    with held_in_another_process(layout.root, LOCAL):
        assert _run(capsys, "corpus", *target(config), option) == (
            1,
            "",
            f"Building 1 books from {config} into {layout.root}\n"
            f"another build is writing to {layout.root}: wait for it to end, "
            "or share one luigid between builds with --scheduler-host\n",
        )
    assert held_books(layout) == {"other-book"} and not (layout.root / "_adopted.json").exists()


@pytest.mark.parametrize(
    "command, first_line",
    [
        (["corpus"], "Building 3 books (2 adopted) from {config} into {root}"),
        # it said "Updating 1 books", though it rebuilds the adopted books with the config's
        (
            ["update", "--date", "2024-05-06"],
            "Updating 3 books (2 adopted, not crawled) from {config} (2024-05-06): new chapters only",
        ),
    ],
)
def test_corpus_and_update_count_the_books_adopted_into_the_folder_and_those_they_adopt(
    config, capsys, command, first_line
):
    """It said "Building 1 books": the config's alone, not the books adopted before (``_adopted.json``) or by
    this run (``--adopt``) that it deduplicates, filters, aligns and mines with them (one only crawled, with no
    cleaned table, is not among them)."""
    layout = Layout(output_of(config))
    write_table([], "clean_chapters", layout.clean("old"))
    adopt(layout, ["old"])
    write_table([], "clean_chapters", layout.clean("other"))
    write_table([], "raw_chapters", layout.raw("zh", "crawled"))
    with held_in_another_process(layout.root, LOCAL):
        assert _run(capsys, *command, *target(config), "--adopt") == (
            1,
            "",
            first_line.format(config=config, root=layout.root) + "\n"
            f"another build is writing to {layout.root}: wait for it to end, "
            "or share one luigid between builds with --scheduler-host\n",
        )


def test_unknown_export_formats_are_named_before_any_work(config, capsys):
    assert _run(capsys, "export", *target(config), "--formats", "parquet,bogus zz") == (
        2,
        "",
        "unknown export format(s): 'bogus', 'zz' (known: parquet, text, doc, bwb, jsonl, tmx)\n",
    )
    assert not output_of(config).exists()
    for nothing in (", ,", ""):
        assert _run(capsys, "export", *target(config), "--formats", nothing) == (
            2,
            "",
            f"no export format in {nothing!r} (known: parquet, text, doc, bwb, jsonl, tmx, or all)\n",
        )
    assert not output_of(config).exists()


@pytest.mark.parametrize("name", ["corrections", "qc"])
@pytest.mark.parametrize(
    "command",
    [
        ["export"],
        ["report"],
        ["stats"],
        ["qc", "sample", "--chapters", "1"],
        ["evaluate-mt", "--hyp", "."],  # a folder that exists (a BWB layout): the output is checked
    ],
)
def test_a_file_in_place_of_a_hand_made_folder_is_refused_before_any_work(config, capsys, command, name):
    """Its reviews were read as none: export, report and stats went on without the corrections."""
    layout = Layout(output_of(config))
    layout.root.mkdir()
    (layout.root / name).write_text("reviews", encoding="utf-8")
    assert _run(capsys, *command, *target(config)) == (
        2,
        "",
        f"{layout.root / name} is a file where the hand-made folder {name}/ goes (qc import writes it): "
        "rename or remove that file\n",
    )
    assert sorted(p.name for p in layout.root.iterdir()) == [name]


def test_a_folder_holding_other_books_is_refused_with_exit_2(config, capsys):
    layout = Layout(output_of(config))
    write_table([], "chapters", layout.chapters("other-book"))
    code, out, err = _run(capsys, "stats", *target(config))
    assert (code, out) == (2, "")
    assert err == (
        f"output folder {layout.root} holds books that {config} does not list: other-book; use another --output, "
        "or rerun with --prune (delete their built files) or --adopt (keep them in this corpus)\n"
    )


def test_a_damaged_output_read_outside_a_build_is_one_line_and_exit_1(config, capsys):
    layout = Layout(output_of(config))
    write_table([], "chapters", layout.chapters("city-star"))
    path = layout.aligned("city-star")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not parquet")
    code, out, err = _run(capsys, "stats", *target(config))
    assert (code, out) == (1, "")
    assert err.startswith(f"damaged output: {path}: not a readable Parquet file (")
    assert err.endswith("; run the build again to rebuild it\n") and len(err.splitlines()) == 1


def test_a_folder_in_place_of_an_output_is_the_same_one_line_damaged_output_and_exit_1(config, capsys):
    layout = Layout(output_of(config))
    write_table([], "chapters", layout.chapters("city-star"))
    path = layout.aligned("city-star")
    path.mkdir(parents=True)
    code, out, err = _run(capsys, "stats", *target(config))
    assert (code, out, err) == (
        1,
        "",
        f"damaged output: {path}: not a readable Parquet file (Cannot open for reading: path '{path}' is a "
        "directory); remove that folder, then run the build again to rebuild it\n",
    )


def test_a_damaged_hand_made_file_is_to_be_fixed_or_removed_not_rebuilt(config, capsys):
    layout = Layout(output_of(config))
    write_book(layout, "city-star", 2)
    path = layout.corrections("city-star")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not parquet")
    code, out, err = _run(capsys, "stats", *target(config))
    assert (code, out) == (1, "")
    assert err.startswith(f"damaged output: {path}: not a readable Parquet file (") and err.endswith(
        "); it is hand-made (qc import writes it from the reviews) and no build rebuilds it: fix it or remove it\n"
    )
    assert len(err.splitlines()) == 1


def test_a_stdout_that_cannot_be_written_is_one_line_and_status_1(config):
    """``stats > /dev/full`` (a full disk) ended in an OSError traceback, then read "stdout or an output file"."""
    write_book(Layout(output_of(config)), "city-star", 2)
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "pipeline", "stats", *target(config)],
            cwd=REPO_ROOT,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert (done.returncode, done.stderr) == (1, "error: stdout: No space left on device\n")


def test_a_reader_that_quit_early_drops_the_rest_without_a_word(config):
    """``bwb inspect ... | head -1``: the rest of the output is dropped, status 0, as ``cat`` does."""
    script = (
        "import sys\nfrom pipeline import cli\n"
        "cli.cmd_where = lambda args: print('x\\n' * 500_000) or 0\n"
        f"sys.argv = ['bwb', 'where', *{target(config)!r}]\n"
        "cli.main()\n"
    )
    done = script_piped_to_head(script)
    assert (done.stdout, done.stderr) == ("0\n", "")


def test_help_that_stdout_cannot_take_is_one_line_and_status_1():
    """``--help > /dev/full`` exited 0 with the help lost."""
    with open("/dev/full", "w") as out:
        done = subprocess.run(
            [sys.executable, "-m", "pipeline", "--help"],
            cwd=REPO_ROOT, stdout=out, stderr=subprocess.PIPE, text=True,
            env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO_ROOT)},
        )  # fmt: skip
    assert (done.returncode, done.stderr) == (1, "error: stdout: No space left on device\n")


def test_help_on_an_ascii_stdout_writes_its_arrows_in_ascii():
    """With ``PYTHONIOENCODING=ascii`` the help was one line, "error: stdout: its encoding, ascii, cannot
    write '\\u2192'" (the arrows of `corpus`), and status 1."""
    done = subprocess.run(
        [sys.executable, "-m", "pipeline", "--help"],
        cwd=REPO_ROOT, capture_output=True, text=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO_ROOT), "PYTHONIOENCODING": "ascii"},
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
    assert "build the corpus (crawl -> clean -> dedup -> filter -> align -> mine)" in " ".join(
        done.stdout.split()
    )


@pytest.mark.parametrize("command", [[], ["corpus"], ["qc", "sample"], ["evaluate-mt"]])
def test_the_help_shows_no_rest_markup(command, capsys):
    """``python -m pipeline --help`` showed its docstring's reST literals: "Command line: ``python -m ..."."""
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: ") and "``" not in out


def test_a_missing_config_is_a_config_error(tmp_path, capsys):
    code, out, err = _run(capsys, "stats", "--config", str(tmp_path / "none.yaml"))
    assert (code, out) == (2, "")
    assert err.startswith(f"config error: {tmp_path / 'none.yaml'}") and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "error, code, message",
    [
        (KeyboardInterrupt, 130, "interrupted\n"),  # ``where`` writes nothing: nothing to resume
        (
            RPCError("Errors (3 attempts) when connecting to remote scheduler 'http://127.0.0.1:1'"),
            1,
            "Errors (3 attempts) when connecting to remote scheduler 'http://127.0.0.1:1'; "
            "is luigid running there?\n",
        ),
    ],
)
def test_an_interrupt_or_a_closed_pipe_ends_without_a_traceback(
    config, capsys, monkeypatch, error, code, message
):
    def stopped(args):
        raise error

    monkeypatch.setattr(cli, "cmd_where", stopped)
    assert _run(capsys, "where", *target(config)) == (code, "", message)


P = "python -m pipeline"


@pytest.mark.parametrize(
    "argv, start, end",
    [
        (
            ["corpus", "--prune", "--adopt"],
            f"{P} corpus: error: argument --adopt: not allowed with argument --prune",
            f" (see {P} corpus --help)",
        ),
        (
            ["corpus", "--until", "bake"],
            f"{P} corpus: error: argument --until: invalid choice: 'bake' (choose from ",
            f"'mine') (see {P} corpus --help)",
        ),
        (
            ["build"],
            f"{P}: error: argument command: invalid choice: 'build' (choose from ",
            f" (see {P} --help)",
        ),
        (
            ["where", "--workers", "2"],
            f"{P} where: error: unrecognized arguments: --workers 2",
            f" (see {P} where --help)",
        ),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(capsys, argv, start, end):
    err = _parse_error(capsys, *argv)
    assert err.startswith(start) and err.endswith(end), err


def test_the_command_line_imports_no_tagger_or_pinyin_until_a_stage_uses_them():
    """``jieba.posseg`` and ``pypinyin`` cost about 1 CPU second at import (text/chinese.py, cohesion/zh.py)."""
    code = "import sys, pipeline.cli, cohesion.zh; print(sorted({'jieba.posseg', 'pypinyin'} & set(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, timeout=HANG
    )
    assert (result.returncode, result.stdout) == (0, "[]\n"), result.stderr


@pytest.mark.parametrize(
    ("text", "problem"),
    [("[]", "not a JSON object ([] found)"), ('{"pairing": []}', "pairing is not a JSON object ([] found)")],
)
def test_inspect_of_a_chapter_whose_stats_are_json_of_another_shape_is_one_line(
    config, capsys, text, problem
):
    layout = Layout(output_of(config))
    write_book(layout, "city-star", 2)
    path = layout.stats("filter", "city-star")
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    code, out, err = _run(capsys, "inspect", "city-star/1", *target(config))
    assert (code, out, err) == (
        1,
        "",
        f"damaged output: {path}: {problem}; run the build again to rebuild it\n",
    )


def test_inspect_where_a_file_stands_in_place_of_the_stats_folder_names_that_file(config, capsys):
    """It read "error: OUTPUT/stats/filter/city-star.json: Not a directory", without what to do."""
    layout = Layout(output_of(config))
    write_book(layout, "city-star", 2)
    (layout.root / "stats").write_text("x", encoding="utf-8")
    code, out, err = _run(capsys, "inspect", "city-star/1", *target(config))
    assert (code, out, err) == (
        1,
        "",
        f"damaged output: {layout.stats('filter', 'city-star')}: Not a directory; {layout.root / 'stats'} is a "
        "file where a folder goes: remove that file, then run the build again\n",
    )


def test_stats_on_a_looping_aligned_folder_names_the_loop(config, capsys):
    """It read "no aligned corpus in OUTPUT (run: ...)", and the build it named stopped at the loop."""
    layout = Layout(output_of(config))
    write_book(layout, "city-star", 2)
    shutil.rmtree(layout.root / "aligned")
    (layout.root / "aligned").symlink_to("aligned")
    assert _run(capsys, "stats", *target(config)) == (
        1,
        "",
        f"{layout.root / 'aligned'} is a symbolic link that loops: remove that link, then run the build again\n",
    )


def test_status_where_a_file_stands_in_place_of_a_built_folder_names_that_file(config, capsys):
    """Its tasks read as "stale: output missing: stats/..." though no build could write there."""
    layout = Layout(output_of(config))
    write_book(layout, "city-star", 2)
    (layout.root / "stats").write_text("x", encoding="utf-8")
    assert _run(capsys, "status", *target(config)) == (
        2,
        "",
        f"{layout.root / 'stats'} is a file where a folder goes: remove that file, then run the build again\n",
    )


@pytest.mark.parametrize(
    "argv",
    [["qc", "import", ""], ["evaluate-mt", "--hyp", ""]],
)
def test_an_empty_input_path_is_refused_not_read_as_the_current_folder(capsys, argv):
    err = _parse_error(capsys, *argv)
    assert "'' is not a path (an unset variable? write . for the current folder)" in err


def test_export_formats_take_all_among_them_blanks_around_and_a_name_once():
    known = ["parquet", "text", "tmx"]
    assert export_formats(" all ", known) == known  # was: "unknown export format(s): all"
    assert export_formats("text,all", known) == known
    assert export_formats("tmx, text tmx", known) == ["tmx", "text"]
    with pytest.raises(
        ValueError, match=r"^unknown export format\(s\): 'bogus' \(known: parquet, text, tmx\)$"
    ):
        export_formats("all,bogus", known)


def test_an_unknown_export_format_is_quoted_and_cut_short():
    """A control character was printed as it is ("unknown export format(s): par\x01quet" read as
    "parquet"), and a name of 100,000 characters was echoed whole."""
    with pytest.raises(ValueError) as err:
        export_formats("par\x01quet " + "x" * 100_000, ["parquet"])
    assert str(err.value) == (
        f"unknown export format(s): 'par\\x01quet', {'x' * 60!r}… (100000 characters) (known: parquet)"
    )


def test_the_bwb_console_script_names_itself_in_its_argument_errors(capsys, monkeypatch):
    """Run as ``bwb``, an argument error named "python -m pipeline", which needs the project's Python."""
    monkeypatch.setattr(sys, "argv", ["/venv/bin/bwb", "corpus", "--until", "nope"])
    assert _parse_error(capsys, "corpus", "--until", "nope") == (
        "bwb corpus: error: argument --until: invalid choice: 'nope' (choose from 'crawl', 'clean', 'dedup', "
        "'filter', 'align', 'mine') (see bwb corpus --help)"
    )
    monkeypatch.setattr(sys, "argv", ["/repo/pipeline/__main__.py"])
    assert _parse_error(capsys, "nonsense").startswith("python -m pipeline: error: argument command: invalid")


def test_inspect_of_a_bead_the_chapter_does_not_have_is_one_line(config, capsys):
    """It showed the chapter as if the bead were there."""
    write_book(Layout(output_of(config)), "city-star", 2)
    code, out, err = _run(capsys, "inspect", "city-star/2/99", *target(config))
    assert (code, out, err) == (
        1,
        "",
        "chapter 'city-star/2' has no bead '99' (inspect city-star/2 shows what it has)\n",
    )
    assert _run(capsys, "inspect", "city-star/2/1", *target(config))[0] == 0


@pytest.mark.parametrize("until", ["filter", "align"])
def test_a_book_adopted_by_a_build_that_stops_early_is_built_to_that_stage_in_the_same_run(
    tmp_path, capsys, until
):
    """``corpus --adopt --until filter``: dedup read the adopted book, but the stage list was made before the
    build adopted it, so the book was filtered (aligned, mined) only by the next build."""
    from tests.helpers import local_book, local_config

    other = local_config(tmp_path, {"other": local_book(tmp_path, "other", first=4)}, name="other.yaml")
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    output = ["--output", str(output_of(config))]
    assert _run(capsys, "corpus", "--config", str(other), *output, "--until", "clean")[0] == 0
    assert _run(capsys, "corpus", "--config", str(config), *output, "--adopt", "--until", until)[0] == 0
    layout = Layout(output_of(config))
    last = layout.chapters if until == "filter" else layout.aligned
    assert [last(book).is_file() for book in ("bk", "other")] == [True, True]


def test_stats_of_aligned_tables_another_config_built_warns_in_one_line(tmp_path, capsys):
    """Config B, one align option apart from A, built up to filter over A's folder: stats printed A's
    aligned figures as B's without a word, where status said align is stale."""
    from tests.helpers import local_book, local_config

    first = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    second = tmp_path / "galechurch.yaml"
    second.write_text(first.read_text(encoding="utf-8") + "options:\n  align: {method: galechurch}\n")
    output = ["--output", str(tmp_path / "out")]
    assert _run(capsys, "corpus", "--config", str(first), *output)[0] == 0
    code, table, splits = _run(capsys, "stats", "--config", str(first), *output)
    assert code == 0 and "aligned" not in splits  # nothing stale: the split warnings alone
    assert _run(capsys, "corpus", "--config", str(second), *output, "--until", "filter")[0] == 0
    assert _run(capsys, "stats", "--config", str(second), *output) == (
        0,
        table,
        "warning: the aligned table of 1 of 1 book is stale for this config (bk: config changed): "
        "these figures are of an earlier build; run: python -m pipeline corpus --config "
        f"{second} --output {tmp_path / 'out'}\n" + splits,
    )
    assert _run(capsys, "corpus", "--config", str(second), *output)[0] == 0
    assert _run(capsys, "stats", "--config", str(second), *output)[2] == splits
