"""Commands given a missing, empty or unknown input exit non-zero with one line, never a traceback."""

from __future__ import annotations

import os

import pytest

from core.layout import Layout
from core.storage import write_table
from exports.chapter_view import inspect_problem
from pipeline.cli import main
from tests.helpers import local_book, local_config, output_of, target, write_config


@pytest.fixture
def config(tmp_path):
    return write_config(tmp_path, books=["city-star", "sword-sect"])


TAKES = (
    "a chapter BOOK_ID/CHAPTER_NO (city-star/3), a raw chapter BOOK_ID/LANG/NNNNN (city-star/zh/00002), a local "
    "book's front matter (city-star/zh/front_matter) or a bead or candidate of a chapter (city-star/3/12, "
    "city-star/3/c4)"
)


def _run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    return code, err.strip()


def test_inspect_tells_an_unknown_book_from_an_unbuilt_one(config, capsys):
    out = output_of(config)
    assert _run(capsys, "inspect", *target(config), "no-such-book/3") == (
        1,
        f"unknown book 'no-such-book' ({config} lists: city-star, sword-sect; --config names another)",
    )
    assert _run(capsys, "inspect", *target(config), "city-star/3") == (
        1,
        f"book 'city-star' is not built yet in {out} (run: python -m pipeline corpus {' '.join(target(config))})",
    )
    assert _run(capsys, "inspect", *target(config), "city-star") == (
        1,
        "'city-star' is not an id inspect takes: " + TAKES,
    )
    assert _run(capsys, "inspect", *target(config), "city-star/３") == (
        1,
        "'city-star/３' is not an id inspect takes: " + TAKES,
    )
    assert _run(capsys, "inspect", *target(config), "city-star/03") == (  # built, it was shown as unpaired
        1,
        "'city-star/03' is not an id inspect takes: " + TAKES,
    )
    assert _run(
        capsys, "inspect", *target(config), "city-star/3/12/4"
    ) == (  # was: unknown book 'city-star/3/12'
        1,
        "'city-star/3/12/4' is not an id inspect takes: " + TAKES,
    )


def test_a_book_with_one_side_crawled_can_be_inspected(tmp_path):
    layout = Layout(tmp_path)
    layout.raw("en", "city-star").parent.mkdir(parents=True)
    layout.raw("en", "city-star").write_bytes(b"")  # only its presence is checked before describing
    assert inspect_problem(layout, "city-star/3", ["city-star"]) is None


def test_a_chapter_number_the_book_does_not_have_is_an_error(tmp_path):
    from core import storage

    layout = Layout(tmp_path)
    rows = [
        {
            "raw_id": f"bk/zh/0000{n}",
            "book_id": "bk",
            "lang": "zh",
            "toc_index": n,
            "chapter_no": no,
            "part": None,
            "title": "t",
            "paragraphs": ["p"],
            "sentences": ["s"],
            "n_chars": 1,
            "content_hash": "h",
        }
        for n, no in enumerate([1, 2, None, 4])
    ]
    storage.write_table(rows, "clean_chapters", layout.clean("bk"))
    storage.write_table([], "raw_chapters", layout.raw("zh", "bk"))
    assert inspect_problem(layout, "bk/4", ["bk"]) is None
    assert (
        inspect_problem(layout, "bk/99", ["bk"])
        == "book 'bk' has no chapter 99 (chapters 1-4; see rejected/ for the others)"
    )
    digits = "9" * 5000  # past what int() converts (4300 digits): was a ValueError traceback
    assert inspect_problem(layout, f"bk/{digits}", ["bk"]) == (
        f"book 'bk' has no chapter {'9' * 60}… (5000 characters) (chapters 1-4; see rejected/ for the others)"
    )
    assert inspect_problem(layout, f"{'x' * 100}/{digits}", ["bk"]) == (
        f"unknown book {'x' * 60!r}… (100 characters) (the config lists: bk; --config names another)"
    )


def test_stats_on_an_empty_output_folder_is_an_error(config, capsys):
    assert _run(capsys, "stats", *target(config)) == (
        1,
        f"no aligned corpus in {output_of(config)} (run: python -m pipeline corpus {' '.join(target(config))})",
    )


def test_stats_names_a_file_in_place_of_a_table_folder_not_an_unbuilt_corpus(config, capsys):
    output_of(config).mkdir()
    (output_of(config) / "aligned").write_text("", encoding="utf-8")
    assert _run(capsys, "stats", *target(config)) == (
        1,
        f"{output_of(config) / 'aligned'} is a file where a folder goes: remove that file, then run the build again",
    )


def test_a_config_path_that_is_a_directory_is_a_config_error(tmp_path, capsys):
    assert _run(capsys, "stats", "--config", str(tmp_path)) == (
        2,
        f"config error: {tmp_path}: is a directory, not a config file",
    )


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["corpus", "--workers", "0"],
            "corpus: error: argument --workers: '0' is not a whole number from 1 to 256",
        ),
        (
            ["corpus", "--workers", "-2"],
            "corpus: error: argument --workers: '-2' is not a whole number from 1 to 256",
        ),
        (
            ["export", "--workers", "²"],
            "export: error: argument --workers: '²' is not a whole number from 1 to 256",
        ),
        (
            ["qc", "sample", "--chapters", "1", "--workers", "0"],
            "qc sample: error: argument --workers: '0' is not",
        ),
        (
            ["corpus", "--scheduler-port", "99999"],
            "corpus: error: argument --scheduler-port: '99999' is not a port",
        ),
        (
            ["report", "--scheduler-port", "0"],
            "report: error: argument --scheduler-port: '0' is not a port (1 to 65535)",
        ),
        (
            ["corpus", "--scheduler-port", "8083"],  # the local scheduler built, the port unread
            "python -m pipeline corpus: error: --scheduler-port names a central luigid's port: give its "
            "--scheduler-host too (see python -m pipeline corpus --help)",
        ),
        (
            ["qc", "sample", "--chapters", "1", "--scheduler-port", "8083"],
            "python -m pipeline qc sample: error: --scheduler-port names a central luigid's port: give its "
            "--scheduler-host too (see python -m pipeline qc sample --help)",
        ),
        (
            ["corpus", "--scheduler-host", ""],  # an unset variable in a script: not the local scheduler
            "corpus: error: argument --scheduler-host: '' is not a host name or an IP address",
        ),
        (
            ["where", "--output", ""],  # not the current folder (the repository root)
            "where: error: argument --output: '' is not a folder (write . for the current one)",
        ),
        (
            ["update", "--date", "2026-13-45"],
            "update: error: argument --date: '2026-13-45' is not a date (YYYY-MM-DD)",
        ),
        ([], "python -m pipeline: error: the following arguments are required: command"),
    ],
)
def test_a_bad_command_line_value_is_one_line_and_exit_2(capsys, argv, message):
    assert message in _parse_error(capsys, argv)


def test_an_output_folder_that_is_a_file_is_refused(tmp_path, capsys):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    for output in (tmp_path / "file", tmp_path / "file" / "out"):
        assert f"corpus: error: argument --output: '{output}': {tmp_path}/file is a file, not a folder" in (
            _parse_error(capsys, ["corpus", "--output", str(output)])
        )


def _parse_error(capsys, argv: list[str]) -> str:
    """The one line printed when parsing ``argv`` fails with exit status 2."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and len(err.strip().splitlines()) == 1, err
    assert err.rstrip().endswith("--help)")
    return err


_BOMB = 'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10)
)


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda text: text.replace("encoding: gbk", "encoding: rot13"),
            "sites.moxiang.encoding: 'rot13' is not a text encoding (e.g. utf-8, gbk, gb18030, big5)",
        ),
        (
            lambda text: text.replace("delay: 0.02", "delay: 1e300", 1),
            "sites.moxiang.delay: expected a number from 0 to 600, got '1e300'",
        ),  # YAML 1.1 reads it as text
        (
            lambda text: text + "options: {filters: {length_unit: furlongs}}\n",
            "options.filters.length_unit: must be one of scaled_chars, chars, bytes, got 'furlongs'",
        ),
        (
            lambda text: text + "options: {split: {leak_sides: [fr]}}\n",
            "options.split.leak_sides: must be one of zh, en",
        ),
        (
            lambda text: text + "1: x\nzz: y\n",
            "(top level).1: unknown key (allowed: books, options, output, sites)",
        ),
        (lambda text: text + "sites: {}\n", "sites: duplicate key (lines 1 and "),
        (lambda text: _BOMB, "a6: expands to more than 1,000,000 values (aliases)"),
        (
            lambda text: text.replace("- ^请收藏本站", "- (?<"),
            "sites.moxiang.boilerplate[2]: invalid regular expression",
        ),
        (
            lambda text: text.replace("  moxiang:\n", "  moxiang:\n    boilerplate: []\n"),
            "sites.moxiang.boilerplate: duplicate key (lines 3 and 16)",
        ),
    ],
)
def test_a_bad_config_is_one_line_and_exit_2_before_any_work(config, capsys, change, message):
    config.write_text(change(config.read_text(encoding="utf-8")), encoding="utf-8")
    code, err = _run(capsys, "stats", *target(config))
    assert code == 2 and err.startswith(f"config error: {config}: {message}")


def test_qc_import_into_an_output_folder_whose_qc_is_a_file_is_one_line(tmp_path, capsys):
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    layout = Layout(output_of(config))
    write_table([], "chapters", layout.chapters("bk"))  # a corpus to import into
    write_table([], "aligned_pairs", layout.aligned("bk"))
    (output_of(config) / "qc").write_text("x", encoding="utf-8")
    review = tmp_path / "review.tsv"
    # a verdict: a review with none is nothing to import, which writes nothing
    review.write_text("pair_id\tverdict\nbk/1/0\tcorrect\n", encoding="utf-8")
    assert _run(capsys, "qc", "import", *target(config), str(review)) == (
        2,
        f"qc import: cannot write {output_of(config) / 'qc'}: {output_of(config) / 'qc'} is a file where a "
        "folder goes: remove that file",
    )


@pytest.mark.parametrize(
    "make, detail",
    [
        (os.mkfifo, "not a regular file (a named pipe or a device)"),  # no wait for a writer
        (
            lambda path: path.write_text(f'[{{"data": {{"zh_idx": [{"9" * 5000}]}}}}]', encoding="utf-8"),
            "not a review file (a number of more than 4,300 digits)",
        ),
    ],
)
def test_qc_import_of_a_pipe_or_a_huge_number_is_one_line_naming_the_file(tmp_path, capsys, make, detail):
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")})
    make(review := tmp_path / "review.json")
    code, err = _run(capsys, "qc", "import", *target(config), str(review))
    assert code == 2 and err.startswith(f"qc import: {review}: {detail}")


def test_inspect_takes_the_ids_rejected_holds(tmp_path, capsys):
    from tests.exports.synthetic import build_output

    config = local_config(tmp_path, {f"book{n}": local_book(tmp_path, f"book{n}") for n in range(3)})
    build_output(output_of(config))  # as built, no crawl needed
    assert main(["inspect", *target(config), "book1/en/00005"]) == 0
    assert capsys.readouterr().out.startswith("Raw chapter book1/en/00005\n")
    assert main(["inspect", *target(config), "book1/1/c2"]) == 0
    assert capsys.readouterr().out.startswith("Chapter book1/1\n")
