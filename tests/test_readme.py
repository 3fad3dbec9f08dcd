"""Every shell command in the code blocks of the README and of docs/*.md runs as written (a page that drifts
from the code fails).

The commands run in order (the README's, then each docs page's), in a copy of the repository (sharing its .venv and .data), in bash with
no venv on the PATH, as in a fresh terminal: a ``source`` line carries over to the commands after it,
as it would in that terminal. They run on the demo config where they name the reader's own
(`config/my-novels.yaml`); the multi-machine lines run against a luigid this test starts on a free
port; the cron line for today, and its log must show that today's update was considered. Commands
skipped, each by a listed rule: ``SKIPS``.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from core.paths import REPO_ROOT
from tests.helpers import HANG, closed_port

README = REPO_ROOT / "README.md"
PAGES = [README, *sorted((REPO_ROOT / "docs").glob("*.md"))]
SHELL_BLOCKS = ("bash", "sh", "cron")

# (pattern, why): a command matching a pattern is not run.
SKIPS = [
    (r"^make eval\b|\.\./shared", "needs ../shared (the evaluation data)"),
    (r"^make (test|test-fast|bench)\b", "long: the test suite and the benchmarks run on their own"),
    (r"hf download", "network: downloads models from a hub"),
    (r"DEVICE=cuda", "GPU"),
    (r"system\.en|SUITE=suite\.jsonl", "needs a file the reader brings (an MT output)"),
]


def commands(text: str) -> list[str]:
    """The shell commands of the README's bash and cron blocks: continuations joined, comments dropped,
    a loop (``for`` … ``done``) kept whole, a cron line's schedule and ``cd`` dropped."""
    found: list[str] = []
    for lang, body in re.findall(r"```(\w*)\n(.*?)```", text, re.S):
        if lang not in SHELL_BLOCKS:
            continue
        loop: list[str] = []
        for line in body.replace("\\\n", " ").splitlines():
            line = re.sub(r"\s+", " ", re.sub(r"\s+#\s.*$", "", line)).strip()
            if lang == "cron":
                line = re.sub(r"^(\S+\s+){5}cd \S+ && ", "", line)
            if line.startswith("for ") or loop:
                loop.append(line)
                if line == "done":
                    found.append("\n".join(loop))
                    loop = []
            elif line:
                found.append(line)
    return found


def documented_commands() -> list[str]:
    """The shell commands of the README and the docs pages, in that order."""
    return [command for page in PAGES for command in commands(page.read_text(encoding="utf-8"))]


def skip_reason(command: str) -> str | None:
    return next((why for pattern, why in SKIPS if re.search(pattern, command)), None)


def test_every_command_is_run_or_skipped_by_a_listed_rule():
    found = documented_commands()
    skipped = {command: skip_reason(command) for command in found if skip_reason(command)}
    assert len(found) >= 20 and "make corpus" in found
    assert sorted(set(skipped.values())) == sorted({why for _, why in SKIPS})  # every rule is still needed
    assert any("RangeDaily" in command for command in found)


def _reference_column() -> str:
    """The first column of the README's command reference (the commands it names)."""
    section = README.read_text(encoding="utf-8").split("\n## Command reference\n")[1].split("\n## ")[0]
    return "\n".join(line.split(" | ")[0] for line in section.splitlines() if line.startswith("| `"))


def _run(*command: str) -> str:
    return subprocess.run(
        command, cwd=REPO_ROOT, capture_output=True, text=True, check=True, timeout=HANG
    ).stdout


def test_the_command_reference_names_every_make_target_and_every_pipeline_command():
    column = _reference_column()
    targets = re.findall(r"^make (\S+)", _run("make", "--no-print-directory", "help"), re.M)
    commands = (
        re.search(r"\{([a-z,-]+)\}", _run(sys.executable, "-m", "pipeline", "--help")).group(1).split(",")
    )
    assert len(targets) >= 15 and len(commands) >= 11
    assert [t for t in targets if f"`make {t}`" not in column] == []
    named = re.findall(r"`python -m pipeline ([a-z-]+)|, `([a-z-]+)`", column)
    assert sorted(set(commands) - {name for pair in named for name in pair}) == []


def _on_demo(command: str, port: int, tmp: Path, day: str) -> str:
    """The command as run here: the demo config for the reader's, the test's luigid and folders, and
    ``day`` (today) for a range's start."""
    command = command.replace("config/my-novels.yaml", "config/demo.yaml")
    command = re.sub(r"--output /\S+", "--output output", command)  # the shared output: the demo's
    command = command.replace("/tmp/luigid", str(tmp / "luigid")).replace("--port 8082", f"--port {port}")
    command = command.replace(
        "--scheduler-host SCHEDULER", f"--scheduler-host 127.0.0.1 --scheduler-port {port}"
    )
    command = re.sub(r" \[(--[^]]+)\]", r" \1", command)  # an optional argument: given
    return re.sub(r"--start \S+", f"--start {day}", command)  # today only, as Luigi counts days


def _utc_today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def _review_all_correct(folder: Path) -> None:
    """Every bead of the review TSVs under ``folder`` judged correct, as by the reviewer whose verdicts the
    README's ``qc import`` reads (a sample not filled in is nothing to import)."""
    for tsv in folder.rglob("*.tsv"):
        header, *rows = tsv.read_text(encoding="utf-8").splitlines()
        column = header.split("\t").index("verdict")
        cells = [row.split("\t") for row in rows]
        for row in cells:
            row[column] = "correct"
        tsv.write_text("\n".join([header, *("\t".join(row) for row in cells)]) + "\n", encoding="utf-8")


def _copy_repo(target: Path) -> None:
    listed = (
        subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
            cwd=REPO_ROOT,
            capture_output=True,
            check=True,
        )
        .stdout.decode()
        .split("\0")
    )
    for name in filter(None, listed):
        source = REPO_ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    for shared in (".venv", ".data"):
        (target / shared).symlink_to(REPO_ROOT / shared)


@pytest.mark.slow
def test_readme_commands_run_as_written(tmp_path):
    repo = tmp_path / "repo"
    _copy_repo(repo)
    port = closed_port()
    venv_bin = str(REPO_ROOT / ".venv" / "bin")
    path = os.pathsep.join(
        p for p in os.environ["PATH"].split(os.pathsep) if os.path.realpath(p) != os.path.realpath(venv_bin)
    )
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")} | {"PATH": path}
    assert (
        subprocess.run(
            "python -c 'import luigi'",
            shell=True,
            executable="/bin/bash",
            cwd=repo,
            env=env,
            capture_output=True,
        ).returncode
        != 0
    )  # a fresh shell: the project's venv is not active
    failures = []
    sourced: list[str] = []  # "source" lines, in effect for the commands after them
    try:
        for command in documented_commands():
            if skip_reason(command):
                continue
            day = _utc_today()
            run = _on_demo(command, port, tmp_path, day)
            if run.startswith(("source ", ". ")):
                sourced.append(run)
            if " qc import " in run:
                _review_all_correct(repo / run.split(" qc import ")[1].split()[0])
            result = subprocess.run(
                " && ".join([*sourced, run]) if run not in sourced else run,
                shell=True,
                executable="/bin/bash",
                cwd=repo,
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
            )
            if result.returncode != 0:
                failures.append(
                    f"{run}\n  exit {result.returncode}: {(result.stderr or result.stdout)[-600:]}"
                )
            if "RangeDaily" in run:
                log = (repo / "output" / "update.log").read_text(encoding="utf-8")
                # today counted (a run across midnight UTC ends its range on the next day)
                ranges = {f"range [{day}, {end}] of UpdateCorpus" for end in (day, _utc_today())}
                assert any(found in log for found in ranges), log[-2000:]
    finally:
        pidfile = tmp_path / "luigid.pid"
        if pidfile.exists():
            os.kill(int(pidfile.read_text().strip()), signal.SIGTERM)
    assert failures == []
