"""Crawl speed at BWB's shape: one synthetic book crawled over HTTP by the pipeline, as a real site is.

    python -m bench.bench_crawl [--chapters 510] [--keep DIR]

The book (``bench.synthetic``: demo text, about 49 sentence pairs a chapter) is rendered as the demo's two
sites (``crawlers.demo.render``: a Chinese site in GBK whose long chapters go over two pages, with ads and
a table of contents of 4 links a page; an English site with credits, navigation and 6 links a page),
served on 127.0.0.1 and crawled by ``pipeline corpus --until crawl`` with no politeness delay (a real
crawl waits between requests; the wait costs no CPU). The scale bench (``bench.bench_scale``) starts
after the crawl; this is the stage before it.

Prints per site the pages fetched, the crawl task's wall and CPU seconds (the build log's: Scrapy's start
included, and the local server's share, since it runs in the task's process: an upper bound), CPU per page
and per chapter, the build's peak resident memory, and the CPU extrapolated to BWB's chapters (linear:
the cost per chapter at this book length, times BWB's chapters).
"""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path


from bench.bwb import BWB
from bench.real_build import TASK_LINE
from bench.synthetic import synthetic_chapters
from bench.synthetic_books import CHAPTERS
from core.arg_types import OneLineParser, output_folder
from core.paths import REPO_ROOT
from core.stdio import exit_with
from crawlers.demo.sites import SITES, render_sites, write_config
from crawlers.profile import Site

META = {
    "title_zh": "合成小说",
    "author_zh": "佚名",
    "synopsis_zh": "基准测试用的合成小说。",
    "title_en": "A Synthetic Novel",
    "author_en": "Various",
    "synopsis_en": "A synthetic novel for benchmarks.",
    "translator": "Various",
    "editor": "Various",
}
FETCHED = re.compile(r"^\s*crawl \S+/(zh|en): (\d+) pages fetched")


class CrawlFailed(RuntimeError):
    """The build ended without a crawl report for both sites."""


def render_book(chapters: int, root: Path) -> str:
    """Synthetic book 0 with ``chapters`` chapters as the two demo sites under ``root``; its id."""
    book_id, drawn, _ = synthetic_chapters(0, chapters)
    numbered = [(c.title_zh, f"Chapter {k}: {c.subtitle_en}", c.zh, c.en) for k, c in enumerate(drawn, 1)]
    render_sites(book_id, META, numbered, root)
    return book_id


def write_book_config(folder: Path, book_id: str, chapters: int) -> Path:
    """The demo's site settings without the politeness delay, serving ``folder/site``; the one book. The
    demo's tables of contents list 4 chapters a page, so a book of ``chapters`` may need more pages than a
    site's default ``max_toc_pages``."""
    toc_pages = max(Site.max_toc_pages, chapters // 4 + 1)
    return write_config(
        folder, book_id, META, "synthetic", site_settings={"delay": 0, "max_toc_pages": toc_pages}
    )


def crawl(folder: Path) -> dict[str, tuple[int, float, float]]:
    """Crawl the book of ``folder/config.yaml`` into ``folder/output``; per language (pages fetched, wall
    seconds, CPU seconds) from the build log (``folder/build.log``)."""
    log = folder / "build.log"
    command = [sys.executable, "-m", "pipeline", "corpus", "--config", str(folder / "config.yaml")]
    command += ["--output", str(folder / "output"), "--until", "crawl"]
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run(command, cwd=REPO_ROOT, stdout=out, stderr=subprocess.STDOUT, check=False)
    lines = log.read_text(encoding="utf-8").splitlines()
    pages: dict[str, int] = {}
    times: dict[str, tuple[float, float]] = {}
    for line in lines:
        if m := FETCHED.match(line):
            pages[m[1]] = int(m[2])
        elif (m := TASK_LINE.match(line)) and m["family"] == "CrawlBook":
            times[m["unit"].rpartition("/")[2]] = (float(m["wall"]), float(m["cpu"]))
    if done.returncode or pages.keys() != times.keys() or len(pages) != len(SITES):
        raise CrawlFailed(
            f"the crawl failed (exit {done.returncode}): {(lines or ['no output'])[-1].strip()}"
        )
    return {lang: (pages[lang], *times[lang]) for lang in SITES}


def report(chapters: int, measured: dict[str, tuple[int, float, float]]) -> None:
    """The table of ``crawl``'s figures, the build's peak memory and the extrapolation to BWB."""
    print(f"one book of {chapters} chapters; CPU = user + sys of the crawl task (its local server included)")
    print(f"{'site':<6}{'pages':>7}{'wall s':>8}{'cpu s':>8}{'ms/page':>9}{'ms/chapter':>12}")
    for lang, (pages, wall, cpu) in measured.items():
        print(
            f"{lang:<6}{pages:>7}{wall:>8.1f}{cpu:>8.1f}{1000 * cpu / pages:>9.1f}{1000 * cpu / chapters:>12.1f}"
        )
    cpu = sum(c for _, _, c in measured.values())
    print(f"{'both':<6}{sum(p for p, _, _ in measured.values()):>7}{'':>8}{cpu:>8.1f}{'':>9}{1000 * cpu / chapters:>12.1f}")  # fmt: skip
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak RSS of the build: {peak:.0f} MB")
    hours = cpu / chapters * BWB.chapters / 3600
    print(
        f"EXTRAPOLATION, not a measurement: BWB's {BWB.chapters:,} chapter pairs crawled at this cost per"
        f" chapter: {hours:.2f} core-hours (beside the post-crawl rebuild of `make bench BENCH=scale`)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m bench.bench_crawl", description=__doc__.splitlines()[0])
    parser.add_argument("--chapters", type=CHAPTERS, default=510, help="chapters of the book (default 510)")
    parser.add_argument("--keep", type=output_folder, help="build in this folder and keep it")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bwb-crawl-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        book_id = render_book(args.chapters, folder / "site")
        write_book_config(folder, book_id, args.chapters)
        try:
            measured = crawl(folder)
        except CrawlFailed as err:
            print(f"error: {err} (log: {folder / 'build.log'})", file=sys.stderr)
            return 1
        report(args.chapters, measured)
    return 0


if __name__ == "__main__":
    exit_with(main)
