"""One output folder, one config: find books a folder holds that its config does not list; prune or adopt them.

A book is *held* by a folder when one of its built files is there (raw chapters, crawl journal,
cleaned, deduplicated, paired, aligned chapters or candidates). Hand-made files (``corrections/``,
``qc/``) are never counted and never deleted. Books adopted with ``--adopt`` are listed in
``_adopted.json`` and count as the config's from then on.
"""

from __future__ import annotations

import errno
import os
import shutil
import sys
from collections.abc import Iterable
from glob import escape
from pathlib import Path

from core.files import missing, os_problem
from core.layout import Layout
from core.storage import DamagedFile, read_json, write_json

# The top-level entries of an output folder; ``clean`` removes them except the hand-made ones.
LAYOUT = frozenset(
    {
        "raw",
        "clean",
        "dedup",
        "chapters",
        "aligned",
        "candidates",
        "rejected",
        "stats",
        "crawl",
        "corrections",
        "qc",
        "mt",
        "export",
        "report",
        "evaluation",
        "cache",
        "_manifests",
        "_failures",
        "_logs",
        "_adopted.json",
        "books.parquet",
    }
)
FILES = frozenset(("_adopted.json", "books.parquet"))  # the layout's entries that are files
# the config of the luigid workers that last shared the folder (``pipeline.lock``) and the folder's lock file:
# ``clean`` removes both, under the folder's exclusive lock (a command that locked the file as it went finds
# the path no longer its file, and stops: ``pipeline.lock``)
CONFIG_FILE, LOCK_FILE = ".build.config", ".build.lock"
OS_LITTER = frozenset((".DS_Store", "Thumbs.db", "desktop.ini"))  # a file manager's, in any folder it opened
HAND_MADE = ("corrections", "qc")  # reviewed beads and QC verdicts: never deleted by the pipeline
BUILT = ("raw/zh", "raw/en", "clean", "dedup", "chapters", "aligned", "candidates")  # one {book}.parquet each
PER_BOOK = (*BUILT, "rejected/*", "stats/*")  # where prune deletes {book}.parquet / {book}.json
SIDES = ("rejected/crawl", "stats/crawl", "_manifests/CrawlBook")  # where it deletes {book}-{lang}.*


def not_rebuilt(path: Path) -> str | None:
    """What to do about a damaged file of an output folder that no build rebuilds (written by hand or by
    a command: ``qc import``, ``evaluate-mt``); None for a built one."""
    if path.parent.name in HAND_MADE:
        return "it is hand-made (qc import writes it from the reviews) and no build rebuilds it: fix it or remove it"
    if path.parent.parent.name == "mt":
        return (
            "evaluate-mt writes it and no build rebuilds it: score that system again "
            "(python -m pipeline evaluate-mt) or remove it"
        )
    return None


def file_in_the_way(path: Path) -> Path | None:
    """The file that stands where ``path``, or a folder above it, should be a folder (a write under it
    fails with NotADirectoryError or FileExistsError); None when there is none."""
    for place in (path, *path.parents):
        if place.exists():
            return None if place.is_dir() else place
    return None


def link_in_the_way(path: Path) -> Path | None:
    """The symbolic link at ``path``, or at a folder above it, that loops or points to nothing: no folder
    can be read or made through it (a read fails with ELOOP, a write with FileExistsError); None when there
    is none."""
    for place in (*reversed(path.parents), path):
        try:
            os.lstat(place)
        except (OSError, ValueError):  # nothing there, or a file above it (``file_in_the_way``); a NUL
            return None
        if not place.exists():  # the link itself is there, what it leads to is not
            return place
    return None


def _loops(path: Path) -> bool:
    """Whether ``path`` is a symbolic link that loops."""
    try:
        os.stat(path)
    except OSError as err:
        return err.errno == errno.ELOOP
    except ValueError:  # a NUL in the path
        return False
    return False


def _remove_link(link: Path) -> str:
    return f"{link} is {missing(link)}: remove that link, then run the build again"


def in_the_way(path: Path) -> str | None:
    """What to do when a file, or a symbolic link that loops or points to nothing, stands where ``path``, or
    a folder above it, should be a folder (a build cannot write under it); None when none does."""
    if (link := link_in_the_way(path)) is not None:
        return _remove_link(link)
    blocking = file_in_the_way(path)
    return (
        None
        if blocking is None
        else f"{blocking} is a file where a folder goes: remove that file, then run the build again"
    )


def repair(path: Path) -> str:
    """What to do about a damaged file of an output folder, as the end of a one-line message: fix or remove
    a hand-made one, score again an MT system, remove a file or link in the way, or a folder in place of the
    file, rebuild the rest."""
    if advice := not_rebuilt(path):
        return advice
    if advice := in_the_way(path.parent):
        return advice
    if _loops(path):  # a build stops at it too: it reads the file before it writes it
        return _remove_link(path)
    if path.is_dir():  # a build writes the file beside it and cannot replace a folder with it
        return "remove that folder, then run the build again to rebuild it"
    return "run the build again to rebuild it"


def adopted_path(layout: Layout) -> Path:
    return layout.root / "_adopted.json"


def adopted(layout: Layout) -> set[str]:
    """The books adopted into the folder; ``FolderRefused`` when ``_adopted.json`` is not a list of ids."""
    path = adopted_path(layout)
    if not path.exists():
        return set()
    try:
        books = read_json(path)
    except DamagedFile:  # not JSON, or not UTF-8: a hand edit gone wrong; or a folder
        books = None
    if not isinstance(books, list) or not all(isinstance(book, str) for book in books):
        raise FolderRefused(
            f"{path}: not a JSON list of book ids; fix it, or delete it and rerun with --adopt"
        )
    return set(books)


def corpus_books(layout: Layout, listed: list[str], adopting: Iterable[str] = ()) -> list[str]:
    """The corpus's books: ``listed`` (the config's), then those adopted into the folder (or about to be:
    ``adopting``) that were cleaned."""
    others = (adopted(layout) | set(adopting)) - set(listed)
    return listed + sorted(b for b in others if layout.clean(b).is_file())


def adopted_note(n: int, detail: str = "") -> str:
    """What follows a count of the corpus's books when ``n`` of them are adopted: " (2 adopted)", or with
    ``detail`` " (2 adopted, not crawled)"; else ""."""
    return f" ({n} adopted{detail})" if n else ""


def held_books(layout: Layout) -> set[str]:
    """Ids of the books with built files in the folder."""
    held = {p.stem for folder in BUILT for p in (layout.root / folder).glob("*.parquet")}
    return held | {p.stem for p in (layout.root / "crawl").glob("*/*.jsonl")}


def foreign_books(layout: Layout, listed: list[str]) -> list[str]:
    """Books the folder holds that the config neither lists nor adopted, sorted."""
    return sorted(held_books(layout) - set(listed) - adopted(layout))


CLI_ADVICE = "use another --output, or rerun with --prune (delete their built files) or --adopt (keep them in this corpus)"
# where a task of Luigi's own entry points (the cron line) refuses: the options are the command line's
TASK_ADVICE = "prune or adopt them once with python -m pipeline corpus --config {config} --prune (or --adopt)"


def refusal(layout: Layout, config: Path, foreign: list[str], advice: str = CLI_ADVICE) -> str:
    """The one line a build prints when the folder holds other books."""
    shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
    return f"output folder {layout.root} holds books that {config} does not list: {shown}; {advice}"


def prune(layout: Layout, books: list[str]) -> int:
    """Delete every built file of ``books`` (corrections and QC verdicts kept); returns how many."""
    doomed: list[Path] = []
    for book in books:
        doomed += [
            p
            for folder in (*PER_BOOK, "crawl/*", "_manifests/*")
            for p in layout.root.glob(f"{folder}/{escape(book)}.*")
        ]
        for side in (f"{book}-zh", f"{book}-en"):  # a crawl's files are per side of the book
            doomed += [p for folder in SIDES for p in layout.root.glob(f"{folder}/{escape(side)}.*")]
    for path in doomed:
        path.unlink()
    return len(doomed)


def adopt(layout: Layout, books: list[str]) -> None:
    """Record ``books`` as part of this folder's corpus."""
    path = adopted_path(layout)
    write_json(sorted(adopted(layout) | set(books)), path)


class FolderRefused(Exception):
    """The output folder cannot be used (the message is one line): it holds books the config does not
    list, or cannot be written."""


def _built_in(layout: Layout) -> bool:
    """A build has run in the folder: its lock file, its manifests or a built book are there."""
    marks = (layout.root / LOCK_FILE).exists() or (layout.root / "_manifests").is_dir()
    return marks or bool(held_books(layout))


def refuse_home(layout: Layout, advice: str) -> None:
    """``FolderRefused`` for the user's home folder, built into or not: its ``cache/``, ``export/`` or
    ``report/`` are the user's (a home of dotfiles alone was built into, and ``clean`` left its lock)."""
    if layout.root.resolve() == Path.home().resolve():
        raise FolderRefused(f"{layout.root} is your home folder, not an output folder: {advice}")


def check_built_in(layout: Layout) -> None:
    """``FolderRefused`` for the user's home and unless a build has run in the folder (``_built_in``), so
    that ``clean`` given the wrong folder deletes nothing of it (a parent folder, a home)."""
    refuse_home(layout, "nothing deleted; check --output")
    if layout.root.is_dir() and not _built_in(layout):
        raise FolderRefused(
            f"{layout.root} is not an output folder of the pipeline (no .build.lock, _manifests/ or built book "
            "in it): nothing deleted; check --output"
        )


def check_output_or_new(layout: Layout) -> None:
    """``FolderRefused`` for the user's home folder, and for a folder that no build has run in (``_built_in``)
    and that holds entries an output folder has not, hidden ones too (the output folders of other configs
    and a file manager's ``OS_LITTER`` aside): a build into the root folder (``--output $UNSET/``), a home or a
    folder of books mixed a dozen folders into it, and a later ``clean`` deleted those of their names."""
    refuse_home(layout, "check --output (a build goes into a new or empty folder)")
    if not layout.root.is_dir() or _built_in(layout):
        return
    other = sorted(
        e.name
        for e in layout.root.iterdir()
        if e.name not in LAYOUT | OS_LITTER and not (e.is_dir() and _built_in(Layout(e)))
    )
    if other:
        shown = ", ".join(other[:3]) + (f" and {len(other) - 3:,} more" if len(other) > 3 else "")
        raise FolderRefused(
            f"{layout.root} is not an output folder of the pipeline and holds other files ({shown}): "
            "check --output (a build goes into a new or empty folder)"
        )


def check_folders(layout: Layout) -> None:
    """``FolderRefused`` when a file stands where one of the layout's built folders goes (``_manifests``,
    ``raw`` ...): once, before any task runs, rather than one failure per task that writes under it."""
    for name in sorted(LAYOUT - FILES - set(HAND_MADE)):
        if advice := in_the_way(layout.root / name):
            raise FolderRefused(advice)


def hand_made_in_the_way(layout: Layout) -> list[str]:
    """What to do about each file, or symbolic link that loops or points to nothing, standing where a
    hand-made folder goes (``corrections/``, ``qc/``)."""
    advice = []
    for name in HAND_MADE:
        path = layout.root / name
        if path.exists() and not path.is_dir():
            advice.append(
                f"{path} is a file where the hand-made folder {name}/ goes (qc import writes it): "
                "rename or remove that file"
            )
        elif not path.exists() and path.is_symlink():
            advice.append(
                f"{path}, where the hand-made folder {name}/ goes, is {missing(path)}: remove that link"
            )
    return advice


def check_hand_made(layout: Layout) -> None:
    """``FolderRefused`` when a file or a broken symbolic link stands where a hand-made folder goes: the
    commands that use the reviews (export, report, stats, qc sample, evaluate-mt) would read none there and
    go on without them."""
    if advice := hand_made_in_the_way(layout):
        raise FolderRefused(advice[0])


def built_entries(layout: Layout) -> list[Path]:
    """The entries of the folder that ``clean`` deletes: the layout's but the hand-made ones, the lock file and
    the workers' config (a symbolic link that points to nothing too)."""
    names = sorted(LAYOUT - set(HAND_MADE) | {CONFIG_FILE, LOCK_FILE})
    return [path for name in names if (path := layout.root / name).exists() or path.is_symlink()]


def clean(layout: Layout) -> list[str]:
    """Delete the pipeline's outputs in the folder, keeping the hand-made ones; returns the hand-made folders
    kept (not a file or a broken link in the place of one: ``hand_made_in_the_way``).

    Only the layout's own entries are touched: another config's folder inside this one stays, and of an
    entry that is a symbolic link only the link is removed.
    """
    for path in built_entries(layout):
        if path.is_symlink():  # the link goes, not what it points to (nor a loop or a link to nothing)
            path.unlink()
        elif path.is_dir():
            _remove_tree(path)
        elif path.exists():
            path.unlink()
    return [name for name in HAND_MADE if (layout.root / name).is_dir()]


def _remove_tree(path: Path) -> None:
    """``shutil.rmtree``, whose error for an entry it may not delete names the entry's path in full: its
    own names the entry alone ("error: sword-sect.parquet: Permission denied"), not which folder holds it."""

    def named(err: BaseException, where: str) -> None:
        if isinstance(err, OSError):
            raise type(err)(err.errno, os_problem(err), where) from None
        raise err

    if sys.version_info >= (3, 12):
        shutil.rmtree(path, onexc=lambda _func, where, err: named(err, where))
    else:
        shutil.rmtree(path, onerror=lambda _func, where, info: named(info[1], where))
