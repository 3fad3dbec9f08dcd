import pytest
from scrapy.settings import Settings
from scrapy.utils.conf import build_component_list

from crawlers.profile import Selectors, Site
from crawlers.web import CrawlError, crawl, scrapy_settings
from tests.helpers import HANG

SITE = Site(
    name="s",
    lang="zh",
    url="http://127.0.0.1:1/",
    serve=None,
    selectors=Selectors(chapter_links="a", toc_next=None, title="h1", body="p", body_next=None),
)


def test_only_the_extensions_the_crawl_uses_are_enabled():
    settings = Settings(scrapy_settings(SITE))
    assert build_component_list(settings.getwithbase("EXTENSIONS")) == [
        "scrapy.extensions.corestats.CoreStats",
        "scrapy.extensions.throttle.AutoThrottle",
    ]
    assert not settings.getbool("REMOTE_CONTROL_ENABLED") and not settings.getbool("TELNETCONSOLE_ENABLED")


def test_a_page_s_outputs_are_handled_one_at_a_time():
    """The journal's pipeline is synchronous: Scrapy's 100 started 100 asyncio tasks for every page."""
    assert Settings(scrapy_settings(SITE)).getint("CONCURRENT_ITEMS") == 1


def test_the_crawl_process_dies_with_the_build_that_started_it(tmp_path):
    """A build killed alone (kill -9 PID, an out-of-memory kill) leaves no crawl behind, which would go on
    appending to the journal beside the rerun's crawl of the same book."""
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time

    from core.paths import REPO_ROOT

    with socket.socket() as silent:  # a site that takes the connection and never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        silent.settimeout(HANG)
        script = (
            "import sys; from pathlib import Path; from dataclasses import replace\n"
            "from tests.crawlers.test_web import SITE; from crawlers.web import crawl\n"
            f"site = replace(SITE, url='http://127.0.0.1:{silent.getsockname()[1]}/')\n"
            "crawl(site, 'toc/', Path(sys.argv[1]), settings={'DOWNLOAD_TIMEOUT': 600})\n"
        )
        build = subprocess.Popen([sys.executable, "-c", script, str(tmp_path / "bk.jsonl")], cwd=REPO_ROOT)
        children: list[int] = []
        try:
            deadline = time.monotonic() + HANG
            while not (children := _children(build.pid)):
                assert build.poll() is None and time.monotonic() < deadline
                time.sleep(0.05)
            silent.accept()[0].close()  # the crawl has connected and waits for an answer
            build.send_signal(signal.SIGKILL)
            build.wait()
            deadline = time.monotonic() + HANG
            while _alive(children[0]) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not _alive(children[0]), "the crawl outlived the build"
        finally:
            build.kill()
            for pid in children:
                if _alive(pid):
                    os.kill(pid, signal.SIGKILL)


def test_a_crawl_process_that_fails_is_one_line_and_its_output_goes_to_the_crawl_log(tmp_path):
    """The error of the process's traceback, not 2,000 characters of the traceback on the book's FAILED line."""
    log, missing = tmp_path / "bk.log", tmp_path / "no" / "x.log"
    with pytest.raises(CrawlError) as failed:  # Scrapy cannot open its own log file: the process fails
        crawl(SITE, "toc/", tmp_path / "bk.jsonl", log_file=log, settings={"LOG_FILE": str(missing)})
    assert str(failed.value) == (
        "crawl of http://127.0.0.1:1/toc/ (s) failed with exit code 1: FileNotFoundError: [Errno 2] "
        f"No such file or directory: '{missing}' (its output: {log})"
    )
    assert "Traceback (most recent call last)" in log.read_text(encoding="utf-8")


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(p) for p in handle.read().split()]
    except FileNotFoundError:
        return []


def _alive(pid: int) -> bool:
    """Running, not a zombie waiting for its parent (init) to reap it."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_a_served_folder_is_crawled_without_the_proxy_the_environment_names(tmp_path, monkeypatch):
    """``http_proxy`` set for the internet sent the demo's requests on 127.0.0.1 to the proxy: every book
    of ``make corpus`` failed with "Connection refused"."""
    from dataclasses import replace

    from crawlers.journal import read_journal

    (tmp_path / "site" / "toc").mkdir(parents=True)
    (tmp_path / "site" / "toc" / "index.html").write_text('<a href="/c1.html">1</a>', encoding="utf-8")
    (tmp_path / "site" / "c1.html").write_text("<h1>第一章</h1><p>米拉点了灯。</p>", encoding="utf-8")
    for name in ("http_proxy", "HTTP_PROXY"):
        monkeypatch.setenv(name, "http://127.0.0.1:9")  # the crawl process inherits it; nothing listens there
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.delenv("NO_PROXY", raising=False)
    site = replace(SITE, url="http://demo.test/", serve=tmp_path / "site", obey_robots=False)
    crawl(site, "toc/", tmp_path / "bk.jsonl", settings={"DOWNLOAD_TIMEOUT": 5})
    assert [c["title"] for c in read_journal(tmp_path / "bk.jsonl").chapters.values()] == ["第一章"]
    assert not Settings(scrapy_settings(site)).getbool("HTTPPROXY_ENABLED")
    assert Settings(scrapy_settings(SITE)).getbool(
        "HTTPPROXY_ENABLED"
    )  # a real site: as the environment says


def test_the_crawl_process_run_by_hand_says_what_it_is_in_one_line(tmp_path, capsys):
    """``python -m crawlers.web --help`` was a FileNotFoundError traceback about a file named --help."""
    import subprocess
    import sys

    from core.paths import REPO_ROOT
    from crawlers.web import job_from_command_line

    shown = subprocess.run(
        [sys.executable, "-m", "crawlers.web", "--help"], cwd=REPO_ROOT, capture_output=True, text=True
    )
    assert shown.returncode == 0 and "the build starts it with the job file it" in " ".join(
        shown.stdout.split()
    )
    for job, problem in [
        (tmp_path / "none.json", "No such file or directory"),
        (tmp_path, "a folder, not a JSON file"),
    ]:
        with pytest.raises(SystemExit) as refused:
            job_from_command_line([str(job)])
        assert refused.value.code == 2
        assert capsys.readouterr().err == (
            f"python -m crawlers.web: error: {job}: {problem}, not a crawl job (see python -m crawlers.web --help)\n"
        )


def test_the_job_file_of_a_crawl_holds_what_its_process_reads(tmp_path, monkeypatch):
    import subprocess

    from crawlers.web import job_from_command_line

    read = []

    def process(command, **kwargs):
        read.append(job_from_command_line(command[-1:]))
        return subprocess.CompletedProcess(command, 1, "", "stopped")

    monkeypatch.setattr("crawlers.web.subprocess.run", process)
    with pytest.raises(CrawlError):
        crawl(SITE, "toc/", tmp_path / "bk.jsonl")
    assert read[0]["toc_url"] == "http://127.0.0.1:1/toc/"
