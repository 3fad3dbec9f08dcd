"""Test helpers shared across folders: demo configs that write into a temporary folder."""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn

import pytest

import yaml

from core.paths import REPO_ROOT

DEMO_CONFIG = REPO_ROOT / "config" / "demo.yaml"
# Seconds a test waits on a subprocess (to start, answer or end) before it calls it hung: only a hang gets
# near it. At load average 10 on 2 cores `python -m pipeline --help` took 60 s and `python -m cohesion.mine
# --help` 112 s (1 CPU-second each), and limits of 10-120 s failed tests that a quiet run passed.
HANG = 600


def unavailable(why: str) -> NoReturn:
    """Skip a test whose outside tool (a browser, a server) is missing; under CI (``CI=true``) fail
    instead, since CI installs every tool (.ci/run, make test) and a skip there would hide a test."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{why}; CI must run this test")
    pytest.skip(why)


def write_config(
    tmp_path: Path, source: Path = DEMO_CONFIG, books: list[str] | None = None, **site_overrides
) -> Path:
    """A copy of a config with output in ``tmp_path``, absolute serve folders, optionally fewer books."""
    raw = yaml.safe_load(source.read_text(encoding="utf-8"))
    raw.pop("output", None)  # tests write to tmp_path / "output" through --output / output_dir
    for name, site in raw["sites"].items():
        if "serve" in site:
            site["serve"] = str((source.parent / site["serve"]).resolve())
        site.update(site_overrides.get(name, {}))
    if books is not None:
        raw["books"] = [b for b in raw["books"] if b["id"] in books]
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "config.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def output_of(config: Path) -> Path:
    """Where the tests write a config's output: beside the config, in the test's temporary folder."""
    return config.parent / "output"


def params(config: Path) -> dict[str, str]:
    """Luigi task parameters that build ``config`` into ``output_of(config)``."""
    return {"config": str(config), "output_dir": str(output_of(config))}


def target(config: Path) -> list[str]:
    """Command-line options that build ``config`` into ``output_of(config)``."""
    return ["--config", str(config), "--output", str(output_of(config))]


@contextmanager
def file_size_limit(size: int) -> Iterator[None]:
    """A full disk, as far as writing goes: no file of this process or the processes it starts grows past
    ``size`` bytes (a write past it fails with ``EFBIG``, as one on a full disk with ``ENOSPC``)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))


def unlistable(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """``folder`` cannot be listed, as one of mode 000 for a user other than root (the tests may run as
    root, whom no mode stops): ``os.scandir`` of it is a PermissionError naming it."""
    scandir = os.scandir

    def refused(path: Any = ".") -> Any:
        if Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refused)


@contextmanager
def open_files_limit(more: int) -> Iterator[None]:
    """This process may open about ``more`` files beyond those it has open (``ulimit -n``), then one more
    is ``EMFILE``, "Too many open files"."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    used = {int(fd) for fd in os.listdir("/proc/self/fd")}  # a new file gets the lowest number not in use
    limit = next(n for n in range(hard) if n - len({fd for fd in used if fd < n}) == more)
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def closed_port() -> int:
    """A local port nothing listens on (bound, then closed again): one a client finds closed, or a test's
    server (luigid) listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_cli(*args: str, timeout: float = HANG) -> "subprocess.CompletedProcess[str]":
    """Run ``python -m pipeline ARGS`` as a user would, from the repository root."""
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "pipeline", *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def demo_build(tmp_path_factory: pytest.TempPathFactory, books: list[str]) -> Path:
    """The output folder of ``python -m pipeline corpus`` on the demo sites with ``books``, built once per
    test session: pytest-xdist's workers share it through a lock in their common temporary folder. Read
    it only (``table_snapshot``); a test that changes a build copies it or builds its own."""
    from filelock import FileLock

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # each worker's folder lies in the session's
    folder = root / f"demo-build-{'-'.join(books)}"
    config = folder / "config.yaml"
    with FileLock(f"{folder}.lock"):
        if not (folder / "built").exists():
            write_config(folder, books=books)
            result = run_cli("corpus", *target(config))
            assert result.returncode == 0, result.stderr
            (folder / "built").touch()
    return output_of(config)


def table_snapshot(root: Path) -> dict[str, list[dict]]:
    """Every Parquet table under ``root`` as rows, fetch times dropped (they differ between runs)."""
    import pyarrow.parquet as pq

    snapshot = {}
    for path in sorted(root.rglob("*.parquet")):
        rows = pq.read_table(path).to_pylist()
        snapshot[str(path.relative_to(root))] = [
            {k: v for k, v in row.items() if k != "fetched_at"} for row in rows
        ]
    return snapshot


ZH_NUMERALS = "一二三四"


def local_config(tmp_path: Path, books: dict[str, tuple[str, str]], name: str = "config.yaml") -> Path:
    """A config of local books: id -> (zh text file, en EPUB), relative to the config."""
    config = {
        "sites": {"txt": {"kind": "text", "lang": "zh"}, "shelf": {"kind": "epub", "lang": "en"}},
        "books": [
            {"id": book, "zh": {"site": "txt", "toc": zh}, "en": {"site": "shelf", "toc": en}}
            for book, (zh, en) in books.items()
        ],
    }
    path = tmp_path / name
    path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return path


def local_book(tmp_path: Path, name: str, first: int = 0) -> tuple[str, str]:
    """Four invented chapters from ``first`` on (books with other chapters are not each other's duplicates)."""
    from tests.crawlers.local_books import invented_chapter, write_epub, xhtml

    chapters = [invented_chapter(first + k) for k in range(4)]
    text = "".join(
        f"第{ZH_NUMERALS[k]}章 第{k + 1}天\n" + "\n".join(zh) + "\n\n" for k, (zh, _) in enumerate(chapters)
    )
    (tmp_path / f"{name}.txt").write_text(text, encoding="utf-8")
    write_epub(
        tmp_path / f"{name}.epub",
        [(f"c{k}.xhtml", xhtml(f"Chapter {k + 1}", en)) for k, (_, en) in enumerate(chapters)],
    )
    return f"{name}.txt", f"{name}.epub"


def piped_into_a_closed_reader(module: list[str], data: bytes) -> subprocess.CompletedProcess:
    """Run ``python -m MODULE`` with stdout a pipe whose reader is gone (as ``| head -1`` after its line)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", *module], input=data, stdout=write, stderr=subprocess.PIPE, check=False
        )
    finally:
        os.close(write)


def script_piped_to_head(script: str) -> subprocess.CompletedProcess:
    """Run ``python -c SCRIPT | head -c 1`` in bash; stdout holds the script's exit status, stderr its own."""
    return subprocess.run(
        f'{sys.executable} -c "$SCRIPT" | head -c 1 > /dev/null; echo ${{PIPESTATUS[0]}}',
        shell=True,
        executable="/bin/bash",
        cwd=REPO_ROOT,
        env={"SCRIPT": script, "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )


def without_language_data(module: list[str], folder: Path, text: str = "") -> subprocess.CompletedProcess:
    """Run ``python -m MODULE`` with ``text`` on stdin and BWB_DATA (and NLTK's own path) naming ``folder``,
    which holds no language data; its output as text."""
    env = {**os.environ, "BWB_DATA": str(folder), "NLTK_DATA": str(folder)}
    return subprocess.run(
        [sys.executable, "-m", *module], input=text, capture_output=True, text=True, env=env
    )


def with_stdin_closed(module: list[str]) -> subprocess.CompletedProcess:
    """Run ``python -m MODULE`` started with stdin closed (``<&-``), its output as text."""
    return subprocess.run(
        [sys.executable, "-m", *module],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        preexec_fn=lambda: os.close(0),
    )


def sparse(path: Path, size: int | None = None) -> Path:
    """A file of ``size`` bytes (default: one past ``core.files.MAX_INPUT_BYTES``) that takes no disk space."""
    from core.files import MAX_INPUT_BYTES

    with path.open("wb") as handle:
        handle.truncate(MAX_INPUT_BYTES + 1 if size is None else size)
    return path


REFUSED_PATHS = {  # core.arg_types.input_path's reason for each
    "": "'' is not a path (an unset variable? write . for the current folder)",
    "a\nb": "'a\\nb': a path holding a line break or another control character, which no message could show "
    "on one line: rename it",
}


def refused_path(main: Any, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The stderr of ``main(argv)``, whose path argument (one of ``REFUSED_PATHS``) must end it with status 2
    as it is parsed."""
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    return capsys.readouterr().err
