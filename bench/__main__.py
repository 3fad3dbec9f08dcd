"""Run every ``bench/bench_*.py`` in its own process (so peak memory is per benchmark) and report."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from core.stdio import exit_with


def main(argv: list[str]) -> int:
    from core.arg_types import OneLineParser
    from core.rejection import quoted

    here = Path(__file__).parent
    scripts = sorted(here.glob("bench_*.py"))
    known = [s.stem.removeprefix("bench_") for s in scripts]
    parser = OneLineParser(prog="python -m bench", description=__doc__)
    parser.add_argument(
        "names", nargs="*", metavar="NAME", help=f"benchmarks to run (default all): {', '.join(known)}"
    )
    names = parser.parse_args(argv).names
    if unknown := sorted(set(names) - set(known)):
        parser.error(f"unknown benchmark(s): {', '.join(map(quoted, unknown))} (known: {', '.join(known)})")
    if names:
        scripts = [s for s in scripts if s.stem.removeprefix("bench_") in names]
    failed = []
    for script in scripts:
        print(f"\n=== {script.stem} ===", flush=True)
        started = time.monotonic()
        result = subprocess.run([sys.executable, "-m", f"bench.{script.stem}"])
        print(f"--- {script.stem}: {time.monotonic() - started:.1f}s wall", flush=True)
        if result.returncode != 0:
            failed.append(script.stem)
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    exit_with(lambda: main(sys.argv[1:]))
