"""Annotation round trip CLI.

    python -m cohesion.annotation export CANDIDATES CHAPTERS -o tasks.json
        Label Studio import file (tasks with predicted spans) + tasks.label_config.xml alongside.
    python -m cohesion.annotation import LS_EXPORT.json [...] -o judgements.jsonl
    python -m cohesion.annotation agree judgements.jsonl [--annotators A B]
    python -m cohesion.annotation suite judgements.jsonl -o suite.jsonl

CANDIDATES / CHAPTERS may be Parquet, JSON (a list) or JSONL files of pipeline.schemas rows.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from pathlib import Path

from cohesion.agreement import agreement
from cohesion.labelstudio import LABEL_CONFIG, export_tasks, judgements
from cohesion.suite import suite_items


def read_rows(path: Path) -> list[dict]:
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        return pq.read_table(path).to_pylist()
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.loads(text)
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def write_jsonl(rows: Iterable[dict], path: Path) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def config_path(tasks_path: Path) -> Path:
    return tasks_path.with_suffix(".label_config.xml")


def export(candidates: Path, chapters: Path, out: Path) -> None:
    sentences = {row["chapter_id"]: list(row["en_sentences"]) for row in read_rows(chapters)}
    tasks = export_tasks(read_rows(candidates), sentences)
    out.write_text(json.dumps(tasks, ensure_ascii=False, indent=1), encoding="utf-8")
    config_path(out).write_text(LABEL_CONFIG, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m cohesion.annotation", description=__doc__.splitlines()[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("export", help="candidates -> Label Studio tasks + labeling config")
    p.add_argument("candidates", type=Path)
    p.add_argument("chapters", type=Path)
    p.add_argument("-o", "--out", type=Path, required=True)
    p = commands.add_parser("import", help="Label Studio JSON export(s) -> judgements JSONL")
    p.add_argument("exports", type=Path, nargs="+")
    p.add_argument("-o", "--out", type=Path, required=True)
    p = commands.add_parser("agree", help="Cohen's kappa and raw agreement of two annotators")
    p.add_argument("judgements", type=Path)
    p.add_argument("--annotators", nargs=2)
    p = commands.add_parser("suite", help="accepted judgements -> masked-LM test-suite JSONL")
    p.add_argument("judgements", type=Path)
    p.add_argument("-o", "--out", type=Path, required=True)
    args = parser.parse_args(argv)

    if args.command == "export":
        export(args.candidates, args.chapters, args.out)
    elif args.command == "import":
        write_jsonl((r for path in args.exports for r in judgements(read_rows(path))), args.out)
    elif args.command == "agree":
        report = agreement(read_rows(args.judgements), tuple(args.annotators) if args.annotators else None)
        print(json.dumps(report, indent=1))
    else:
        write_jsonl(suite_items(read_rows(args.judgements)), args.out)


if __name__ == "__main__":
    main()
