"""Crawl one side of a book from a web site, in its own process, since Scrapy's reactor cannot restart.

``crawl()`` is what the pipeline calls: it serves the site's folder when the profile says so, starts
``python -m crawlers.web JOB.json`` and returns the crawl report written by that process: the counts of
``REPORT_STATS``, ``status_counts``, ``failed_reasons`` (journaled failures per reason), ``blocked`` and
``blocked_reason`` (the site answered with a challenge page and the crawl stopped), ``stopped`` (why the
crawl stopped the site, whatever the cause: ``site unreachable: ...``; None when it did not), ``finish_reason``
(``finished``, or why the crawl stopped the site, ``crawlers.guards.STOPS``: ``blocked``, ``unreachable``,
``unavailable``) and ``duration_s``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from contextlib import nullcontext
from dataclasses import asdict
from errno import EIO
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

from crawlers.origins import origin
from crawlers.serve import serve_folder
from crawlers.profile import Selectors, Site
from core.files import os_problem
from core.processes import die_with
from core.arg_types import OneLineParser
from core.rejection import last_line
from core.storage import DamagedFile, read_json, temporary_folder, write_bytes
from crawlers.journal import JOURNAL_ERRNO

USER_AGENT = "bwb-corpus-pipeline/0.1 (research corpus builder; obeys robots.txt)"
RETRY_CODES = [500, 502, 503, 504, 522, 524, 408, 429]
REPORT_STATS = {
    "downloader/request_count": "requests",
    "response_received_count": "responses",
    "downloader/response_bytes": "bytes",
    "retry/count": "retried",
    "item_scraped_count": "items",
    "robotstxt/forbidden": "robots_forbidden",
}


EXTENSIONS_USED = ("scrapy.extensions.corestats.CoreStats", "scrapy.extensions.throttle.AutoThrottle")


# what crawl() writes in the job file of its crawl process
JOB_KEYS = "site toc_url base_url journal report log_file settings recheck parent_pid".split()

# the crawl process's exit status where a journal write failed; its error number on stderr
JOURNAL_FAILED = 75


class CrawlError(RuntimeError):
    pass


def scrapy_settings(site: Site, log_file: str | None = None) -> dict[str, Any]:
    """Polite defaults: robots.txt, a per-site delay with AutoThrottle, backoff retries, an honest UA."""
    return {
        "BOT_NAME": "bwb-corpus",
        "USER_AGENT": USER_AGENT,
        "ROBOTSTXT_OBEY": site.obey_robots,
        "DOWNLOAD_DELAY": site.delay,
        "DOWNLOAD_DELAY_JITTER": 0.5,  # each delay is 0.5x-1.5x DOWNLOAD_DELAY
        # one site per crawl; also keeps requests from queueing inside the downloader, past the middlewares'
        # checks, so that none is sent after a challenge page has blocked the site
        "CONCURRENT_REQUESTS": site.concurrency,
        "CONCURRENT_REQUESTS_PER_DOMAIN": site.concurrency,
        # a page's outputs (a chapter's record, a table of contents' requests) one at a time: the journal's
        # pipeline is synchronous, and Scrapy's default of 100 started 100 asyncio tasks for every page
        "CONCURRENT_ITEMS": 1,
        "AUTOTHROTTLE_ENABLED": True,
        "AUTOTHROTTLE_START_DELAY": max(site.delay, 0.01),
        "AUTOTHROTTLE_MAX_DELAY": 60.0,
        "AUTOTHROTTLE_TARGET_CONCURRENCY": float(site.concurrency),
        "RETRY_ENABLED": True,
        "RETRY_TIMES": 3,
        "RETRY_HTTP_CODES": RETRY_CODES,
        "BACKOFF_BASE": 1.0 if site.serve is None else 0.1,
        "DOWNLOADER_MIDDLEWARES": {
            "crawlers.guards.GuardMiddleware": 40,  # before Scrapy's offsite (50) and robots.txt (100)
            "scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware": None,
            "crawlers.guards.StrictRobotsTxtMiddleware": 100,  # an unreadable robots.txt forbids the site
            "scrapy.downloadermiddlewares.retry.RetryMiddleware": None,
            "crawlers.backoff.BackoffRetryMiddleware": 550,
            # between MetaRefresh (580) and HttpCompression (590): sees decompressed challenge pages first
            "crawlers.guards.ChallengeMiddleware": 585,
            # Scrapy's redirect and decompression middlewares, in their places, failing a redirect loop
            # and a body that is not what its Content-Encoding says
            "scrapy.downloadermiddlewares.redirect.MetaRefreshMiddleware": None,
            "crawlers.guards.LoopSafeMetaRefreshMiddleware": 580,
            "scrapy.downloadermiddlewares.redirect.RedirectMiddleware": None,
            "crawlers.guards.LoopSafeRedirectMiddleware": 600,
            "scrapy.downloadermiddlewares.httpcompression.HttpCompressionMiddleware": None,
            "crawlers.guards.CheckedCompressionMiddleware": 590,
        },
        "REDIRECT_MAX_TIMES": 5,
        # a folder served on 127.0.0.1 is reached directly: an http_proxy set for the internet took every
        # request of the demo build to the proxy (every book failed, "Connection refused", naming no proxy)
        "HTTPPROXY_ENABLED": site.serve is None,
        "DOWNLOAD_HANDLERS": {
            "http": "crawlers.guards.GuardedHTTPHandler",
            "https": "crawlers.guards.GuardedHTTPHandler",
            "data": None,
            "file": None,
            "s3": None,
            "ftp": None,
        },
        "DOWNLOAD_TIMEOUT": site.download_timeout,
        "DOWNLOAD_MAXSIZE": site.max_page_bytes,
        "MAX_TOC_PAGES": site.max_toc_pages,
        "DOWNLOAD_WARNSIZE": 0,
        "ITEM_PIPELINES": {"crawlers.journal.JournalPipeline": 100},
        # only the extensions the crawl uses: CoreStats (the report's counts, finish_reason) and AutoThrottle.
        # Scrapy's others are off, the telnet console and RemoteControl (a localhost server that runs Python
        # sent with a token written under ~/.local/state/scrapy/) above all, and any a later Scrapy adds
        "EXTENSIONS_BASE": {name: 0 for name in EXTENSIONS_USED},
        "TELNETCONSOLE_ENABLED": False,
        "REMOTE_CONTROL_ENABLED": False,
        "LOG_LEVEL": "INFO",
        "LOG_FILE": log_file,
        "LOG_FILE_APPEND": False,
    }


def _run_in_this_process(job: dict[str, Any]) -> None:
    from scrapy.crawler import CrawlerProcess

    from crawlers.guards import stopped
    from crawlers.spider import NovelSpider

    site = Site(
        **{
            **job["site"],
            "selectors": Selectors(**job["site"]["selectors"]),
            "serve": Path(job["site"]["serve"]) if job["site"]["serve"] else None,
            "boilerplate": tuple(job["site"]["boilerplate"]),
            "allowed_origins": tuple(job["site"]["allowed_origins"]),
        }
    )
    process = CrawlerProcess({**scrapy_settings(site, job.get("log_file")), **job["settings"]})
    crawler = process.create_crawler(NovelSpider)
    started = time.monotonic()
    process.crawl(
        crawler,
        toc_url=job["toc_url"],
        selectors=job["site"]["selectors"],
        journal_path=job["journal"],
        base_url=job["base_url"],
        canonical_url=site.url,
        origins=[origin(job["base_url"]), *site.allowed_origins],
        encoding=site.encoding,
        lang=site.lang,
        recheck=job["recheck"],
    )
    process.start()
    stats = crawler.stats.get_stats() if crawler.stats else {}
    if (errno := stats.get(JOURNAL_ERRNO)) is not None:  # no report: the disk may have no room for it
        print(errno, file=sys.stderr)
        sys.exit(JOURNAL_FAILED)
    report = {name: int(stats.get(key, 0)) for key, name in REPORT_STATS.items()}
    report["status_counts"] = {
        key.rsplit("/", 1)[-1]: value
        for key, value in stats.items()
        if key.startswith("downloader/response_status_count/")
    }
    report["failed_reasons"] = {
        key.split("/", 1)[1]: value for key, value in stats.items() if key.startswith("failed/")
    }
    report["blocked_reason"] = stats.get("blocked/reason")
    report["blocked"] = report["blocked_reason"] is not None
    stop = stopped(crawler.stats) if crawler.stats else None
    report["stopped"] = stop[1] if stop else None
    report["finish_reason"] = str(stats.get("finish_reason", "unknown"))
    report["duration_s"] = round(time.monotonic() - started, 3)
    Path(job["report"]).write_text(json.dumps(report, indent=2, sort_keys=True), encoding="utf-8")


def _site_dict(site: Site) -> dict[str, Any]:
    data = asdict(site)
    data["serve"] = str(site.serve) if site.serve else None
    return data


def crawl(
    site: Site,
    toc: str,
    journal: Path,
    log_file: Path | None = None,
    settings: dict[str, Any] | None = None,
    recheck: bool = False,
) -> dict[str, Any]:
    """Crawl one book's table of contents and its new chapters into ``journal``; return the crawl report.

    ``recheck`` fetches the chapters already journaled too (to find edited ones). ``settings`` override
    ``scrapy_settings(site)`` (tests use short timeouts and tiny backoff delays). The job's files live in
    a temporary folder beside the journal, which ``core.storage.sweep_temporaries`` removes after a kill."""
    server = serve_folder(site.serve) if site.serve else nullcontext(site.url)
    with server as base_url, temporary_folder(journal.parent, f"crawl-{journal.stem}") as tmp:
        job = {
            "site": _site_dict(site),
            "toc_url": urljoin(base_url, toc),
            "base_url": base_url,
            "journal": str(journal),
            "report": str(Path(tmp) / "report.json"),
            "log_file": str(log_file) if log_file else None,
            "settings": settings or {},
            "recheck": recheck,
            "parent_pid": os.getpid(),
        }
        job_path = Path(tmp) / "job.json"
        write_bytes(job_path, json.dumps(job).encode())  # a failed write names the file
        result = subprocess.run(
            [sys.executable, "-m", "crawlers.web", str(job_path)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        report_path = Path(job["report"])
        if result.returncode == JOURNAL_FAILED:
            errno = int(last_line(result.stderr, str(EIO)))
            raise OSError(errno, os.strerror(errno), str(journal))
        if result.returncode != 0 or not report_path.exists():
            raise CrawlError(_failed(job["toc_url"], site.name, result, log_file))
        return json.loads(report_path.read_text(encoding="utf-8"))


def _failed(toc_url: str, site: str, result: subprocess.CompletedProcess, log_file: Path | None) -> str:
    """Why a crawl process failed, in one line: its last line of output (the error of a traceback); the
    whole output goes to the crawl's log, which the line names (a FAILED line shows no traceback)."""
    output = result.stderr or result.stdout
    last = last_line(output, "no output")
    where = ""
    if log_file is not None and output.strip():
        try:
            with open(log_file, "a", encoding="utf-8") as log:
                log.write(output)
            where = f" (its output: {log_file})"
        except OSError:  # the line above still says what failed
            pass
    return f"crawl of {toc_url} ({site}) failed with exit code {result.returncode}: {last}{where}"


def job_from_command_line(argv: list[str]) -> dict[str, Any]:
    """The job file ``crawl()`` wrote for this process; ``--help`` says what the process is, and a job file
    that is missing or not JSON (the command run by hand) is one line and exit 2, not a traceback."""
    parser = OneLineParser(
        prog="python -m crawlers.web",
        description="The process that crawls one side of a book; the build starts it with the job file it "
        "writes (run python -m pipeline corpus instead).",
    )
    parser.add_argument("job", type=Path, help="the crawl's JOB.json, written by crawlers.web.crawl")
    path = parser.parse_args(argv).job
    try:
        job = read_json(path, dict)
    except DamagedFile as err:
        parser.error(f"{err}, not a crawl job")
    except OSError as err:
        parser.error(f"{path}: {os_problem(err)}, not a crawl job")
    if lacking := [key for key in JOB_KEYS if key not in job]:
        parser.error(f"{path}: no {', '.join(lacking)}, not a crawl job")
    return job


if __name__ == "__main__":
    _job = job_from_command_line(sys.argv[1:])
    die_with(_job["parent_pid"])  # not go on appending to the journal beside the crawl of its rerun
    _run_in_this_process(_job)
