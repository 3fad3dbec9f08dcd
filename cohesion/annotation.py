"""Annotation round trip CLI.

    python -m cohesion.annotation export CANDIDATES CHAPTERS -o tasks.json
        Label Studio import file (tasks with predicted spans) + tasks.label_config.xml alongside.
    python -m cohesion.annotation import LS_EXPORT.json [...] [--users USERS.json] -o judgements.jsonl
        JSON or JSON-MIN exports; USERS.json is the server's user list (GET /api/users/), so that
        annotators are named by email instead of numeric user id.
    python -m cohesion.annotation agree judgements.jsonl [--annotators A B]
    python -m cohesion.annotation suite judgements.jsonl -o suite.jsonl
    python -m cohesion.annotation unjudged --candidates C... --chapters CH... -o suite.jsonl
        Every candidate as a suite item marked ``judged: false`` (nobody checked it): for trying
        the probe (``make evaluate``) before annotation, never for reporting.

CANDIDATES / CHAPTERS may be Parquet, JSON (a list) or JSONL files of core.schemas rows.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path

from cohesion.agreement import agreement
from cohesion.labelstudio import LABEL_CONFIG, candidate_problem, import_exports, record_problem, to_task
from cohesion.suite import suite_items, unjudged_items
from core import json_text
from core.arg_types import OneLineParser, input_path, output_file
from core.files import not_a_regular_file, os_problem
from core.lines import split_text_lines
from core.rejection import shorten
from core.stdio import exit_with
from core.storage import parquet_source, sweep_beside, write_bytes
from text.decoding import read_utf8


class RowsError(ValueError):
    """A rows file that cannot be read as a list of JSON objects; the message names the file (one line)."""


# The fields each command reads from its rows (judgements as ``cohesion.labelstudio.judgements`` writes them).
JUDGEMENT_FIELDS = (
    "candidate_id",
    "annotator",
    "phenomenon",
    "subtype",
    "accept",
    "first",
    "sentences",
    "a",
    "b",
)
CANDIDATE_FIELDS = (
    *("candidate_id", "chapter_id", "phenomenon", "subtype", "trigger", "distance", "adjacent", "adjacency"),
    *("sent_a", "a_start", "a_end", "sent_b", "b_start", "b_end"),
)
CHAPTER_FIELDS = ("chapter_id", "en_sentences")
SHOWN_PROBLEMS = 20  # skipped annotations listed one per line by ``import``; the rest in one count


def read_rows(path: Path, fields: tuple[str, ...] = ()) -> list[dict]:
    """The rows of a Parquet file, a JSON list or a JSONL file (UTF-8, a byte order mark dropped), each
    with ``fields``; RowsError when not."""
    if path.suffix == ".parquet":
        _parquet_file(path)
    text = "" if path.suffix == ".parquet" else _text(path)
    try:
        if path.suffix == ".parquet":
            import pyarrow.parquet as pq

            with parquet_source(path) as source:
                rows = pq.read_table(source).to_pylist()
        elif path.suffix == ".json":
            rows = json_text.loads(text)
        else:
            rows = _jsonl_values(path, text)
    except RowsError:  # a JSONL line, named
        raise
    except (OSError, ValueError) as err:  # json, json_text and pyarrow: ValueErrors
        raise RowsError(f"{path}: cannot be read: {' '.join(str(err).split())}") from None
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise RowsError(f"{path}: not a list of JSON objects")
    for n, row in enumerate(rows, 1):
        if missing := [field for field in fields if field not in row]:
            raise RowsError(f"{path}: row {n} has no {missing[0]!r} (rows need {', '.join(fields)})")
    return rows


def _jsonl_values(path: Path, text: str) -> list:
    """The JSON value of each line of ``text`` with one (a blank line skipped); RowsError naming the file's
    line of the first that is not JSON."""
    try:
        return [value for _, value in json_text.json_lines(split_text_lines(text))]
    except json_text.JsonLineProblem as err:
        raise RowsError(f"{path}:{err.line}: {err.reason}") from None


def _parquet_file(path: Path) -> None:
    """RowsError naming ``path`` unless it is a regular file that can be looked at: Arrow read a folder as a
    dataset of no rows (``export`` wrote no task, status 0), and named a missing file, a symbolic link loop
    or a named pipe by its path alone (``PATH: cannot be read: PATH``)."""
    if path.is_dir():
        raise RowsError(f"{path}: a folder, not a file")
    if not_a_regular_file(path):
        raise RowsError(f"{path}: not a regular file (a named pipe or a device)")
    try:
        path.stat()
    except OSError as err:
        raise RowsError(f"{path}: {os_problem(err)}") from None


def _text(path: Path) -> str:
    """The UTF-8 text of ``path``; RowsError naming it for a folder, a named pipe (reading one would wait
    for ever), a file that cannot be read or is not UTF-8 (``text.decoding.read_utf8``)."""
    try:
        return read_utf8(path, "read")
    except ValueError as err:
        raise RowsError(str(err)) from None


def judgement_rows(path: Path) -> list[dict]:
    """The judgement records of ``path`` (as ``import`` writes them); RowsError names a malformed one, and
    two rows of one candidate and annotator that differ (a row repeated as it is counts once)."""
    rows = read_rows(path, JUDGEMENT_FIELDS)
    seen: dict[tuple[str, str], tuple[int, list]] = {}
    for n, row in enumerate(rows, 1):
        if problem := record_problem(row):
            raise RowsError(f"{path}: row {n}: {problem}")
        judged = [row[field] for field in JUDGEMENT_FIELDS]
        first, before = seen.setdefault((row["candidate_id"], row["annotator"]), (n, judged))
        if before != judged:
            raise RowsError(
                f"{path}: row {n}: candidate {shorten(row['candidate_id'], quote=True)} judged by "
                f"{shorten(row['annotator'], quote=True)} differently in row {first}"
            )
    return rows


def write_jsonl(rows: Iterable[dict], path: Path) -> None:
    write_bytes(path, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode("utf-8"))
    sweep_beside(path)  # what a killed run left half-written beside it


def config_path(tasks_path: Path) -> Path:
    return tasks_path.with_suffix(".label_config.xml")


def chapter_sentences(chapters: list[Path]) -> dict[str, list[str]]:
    """English sentences by chapter id; RowsError names a row that is not a chapter."""
    found = {}
    for path in chapters:
        for n, row in enumerate(read_rows(path, CHAPTER_FIELDS), 1):
            sentences = row["en_sentences"]
            if not (
                isinstance(row["chapter_id"], str)
                and isinstance(sentences, list)
                and all(isinstance(s, str) for s in sentences)
            ):
                raise RowsError(f"{path}: row {n}: not a chapter (a chapter_id and a list of en_sentences)")
            found[row["chapter_id"]] = sentences
    return found


def tasks_for(candidates: list[Path], chapters: list[Path]) -> list[dict]:
    """A Label Studio task per CANDIDATES row; RowsError names a row its chapter cannot show, and a
    candidate listed again (a file given twice: a suite with each id twice, which the probe refuses)."""
    sentences, tasks, seen = chapter_sentences(chapters), [], {}
    for k, path in enumerate(candidates):
        for n, row in enumerate(read_rows(path, CANDIDATE_FIELDS), 1):
            if problem := candidate_problem(row, sentences):
                raise RowsError(f"{path}: row {n}: {problem}")
            if (first := seen.setdefault(row["candidate_id"], (k, n))) != (k, n):
                raise RowsError(
                    f"{path}: row {n}: candidate {shorten(row['candidate_id'], quote=True)} again "
                    f"(first in {candidates[first[0]]} row {first[1]})"
                )
            tasks.append(to_task(row, sentences[row["chapter_id"]]))
    return tasks


def export(candidates: Path, chapters: Path, out: Path) -> None:
    tasks = tasks_for([candidates], [chapters])
    write_bytes(out, json.dumps(tasks, ensure_ascii=False, indent=1).encode("utf-8"))
    write_bytes(config_path(out), LABEL_CONFIG.encode("utf-8"))
    for path in (out, config_path(out)):  # what a killed run left half-written beside them
        sweep_beside(path)


def main(argv: list[str] | None = None) -> None:
    parser = OneLineParser(prog="python -m cohesion.annotation", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("export", help="candidates -> Label Studio tasks + labeling config")
    p.add_argument("candidates", type=input_path, help="a CANDIDATES Parquet file")
    p.add_argument("chapters", type=input_path, help="the CHAPTERS Parquet file of the same book")
    p.add_argument(
        "-o",
        "--out",
        type=output_file,
        required=True,
        help="Label Studio tasks JSON to write (label_config.xml beside it)",
    )
    p = commands.add_parser("import", help="Label Studio JSON export(s) -> judgements JSONL")
    p.add_argument("exports", type=input_path, nargs="+", help="Label Studio JSON or JSON-MIN exports")
    p.add_argument(
        "--users", type=input_path, help="Label Studio user list (JSON) to name annotators by email"
    )
    p.add_argument("-o", "--out", type=output_file, required=True, help="judgements JSONL to write")
    p = commands.add_parser("agree", help="Cohen's kappa and raw agreement of two annotators")
    p.add_argument("judgements", type=input_path, help="judgements JSONL (from import)")
    p.add_argument(
        "--annotators", nargs=2, help="the two annotators to compare (default: the first two found)"
    )
    p = commands.add_parser("suite", help="accepted judgements -> masked-LM test-suite JSONL")
    p.add_argument("judgements", type=input_path, help="judgements JSONL (from import)")
    p.add_argument("-o", "--out", type=output_file, required=True, help="suite JSONL to write")
    p = commands.add_parser("unjudged", help="every candidate as an UNJUDGED suite item (judged: false)")
    p.add_argument("--candidates", type=input_path, nargs="+", required=True, help="CANDIDATES Parquet files")
    p.add_argument(
        "--chapters",
        type=input_path,
        nargs="+",
        required=True,
        help="CHAPTERS Parquet files of the same books",
    )
    p.add_argument(
        "-o",
        "--out",
        type=output_file,
        required=True,
        help="suite JSONL to write (items marked judged: false)",
    )
    args = parser.parse_args(argv)
    try:
        _run(args)
    except RowsError as err:
        print(f"error: {err}", file=sys.stderr)
        sys.exit(2)
    except OSError as err:  # the rows were read (RowsError otherwise): writing the output failed
        if err is getattr(sys.stdout, "failed", None):  # stdout's (a full disk): exit_with says it once
            raise
        print(f"error: {cannot_write(err)}", file=sys.stderr)
        sys.exit(1)


def cannot_write(err: OSError) -> str:
    """The one-line reason of a failed write."""
    return f"cannot write {err.filename}: {os_problem(err)}"


def _users(path: Path) -> dict[int, str]:
    """Label Studio's user list (GET /api/users/): numeric id -> email; RowsError names an id listed twice
    with two emails (listed twice with one email, it is one user), and two ids with one email (two annotators
    read as one, their judgements counted once or dropped as disagreeing)."""
    users = read_rows(path)
    if not all(type(u.get("id")) is int and isinstance(u.get("email"), str) for u in users):
        raise RowsError(f"{path}: not a Label Studio user list (objects with a numeric id and an email)")
    emails: dict[int, str] = {}
    ids: dict[str, int] = {}
    for user in users:
        email = emails.setdefault(user["id"], user["email"])
        if email != user["email"]:
            raise RowsError(
                f"{path}: user id {user['id']} is listed twice, with the emails "
                f"{shorten(email, quote=True)} and {shorten(user['email'], quote=True)}"
            )
        if (other := ids.setdefault(email, user["id"])) != user["id"]:
            raise RowsError(
                f"{path}: user ids {other} and {user['id']} have one email, {shorten(email, quote=True)}: "
                "two annotators would be read as one"
            )
    return emails


def _cancelled(n: int) -> str:
    """What follows the count of skipped annotations when ``n`` were cancelled in Label Studio: "; 2 cancelled
    annotations skipped"; else ""."""
    return f"; {n} cancelled annotation{'s' if n > 1 else ''} skipped" if n else ""


def _run(args: argparse.Namespace) -> None:
    if args.command == "export":
        export(args.candidates, args.chapters, args.out)
    elif args.command == "import":
        users = _users(args.users) if args.users else {}
        imported = import_exports(((str(path), read_rows(path)) for path in args.exports), users)
        for problem in imported.problems[:SHOWN_PROBLEMS]:
            print(f"skipped {problem}", file=sys.stderr)
        if len(imported.problems) > SHOWN_PROBLEMS:
            print(f"skipped {len(imported.problems) - SHOWN_PROBLEMS} more (not listed)", file=sys.stderr)
        cancelled = _cancelled(imported.cancelled)
        # tasks nobody annotated (export's own file): an empty file replaced the last
        if not imported.records:
            raise RowsError(
                f"{' '.join(map(str, args.exports))}: no annotation to import ({imported.skipped} skipped"
                f"{cancelled}); {args.out} not written"
            )
        write_jsonl(imported.records, args.out)
        summary = (
            f"wrote {len(imported.records)} judgements to {args.out}; {imported.skipped} annotations skipped"
            f"{cancelled}"
        )
        if repeated := imported.repeated:
            tasks = "1 task" if len(repeated) == 1 else f"{len(repeated)} tasks"
            times = "twice" if max(repeated.values()) == 2 else "more than once"
            summary += f"; {tasks} listed {times} with the same judgements: counted once"
        print(summary, file=sys.stderr)
    elif args.command == "agree":
        records = judgement_rows(args.judgements)
        found = {r["annotator"] for r in records}
        if not args.annotators and len(found) < 2:
            raise RowsError(f"{args.judgements}: judgements of fewer than two annotators, nothing to compare")
        if args.annotators and args.annotators[0] == args.annotators[1]:  # agreement of one with itself: 1.0
            raise RowsError(
                f"--annotators names {args.annotators[0]!r} twice: name two annotators to compare"
            )
        if absent := [a for a in args.annotators or () if a not in found]:
            raise RowsError(
                f"{args.judgements}: no judgements by {absent[0]!r} (annotators: {', '.join(sorted(found))})"
            )
        report = agreement(records, tuple(args.annotators) if args.annotators else None)
        if not report["overall"]["n"]:  # was a report of n 0 and kappa null, exit 0
            first, second = report["annotators"]
            raise RowsError(
                f"{args.judgements}: {first!r} and {second!r} judged no candidate in common, nothing to compare"
            )
        print(json.dumps(report, indent=1))
    elif args.command == "suite":
        records = judgement_rows(args.judgements)
        if not records:  # an empty suite, written without a word, was the probe's "no item to score"
            raise RowsError(
                f"{args.judgements}: no judgement in it (python -m cohesion.annotation import writes them)"
            )
        items = suite_items(records)
        write_jsonl(items, args.out)
        judged = len({r["candidate_id"] for r in records})
        print(
            f"wrote {len(items)} items to {args.out}: the candidates every annotator accepted "
            f"({judged - len(items)} of the {judged} judged left out)",
            file=sys.stderr,
        )
    else:
        items = unjudged_items(tasks_for(args.candidates, args.chapters))
        write_jsonl(items, args.out)
        print(
            f"wrote {len(items)} UNJUDGED items (miner candidates, not checked by anyone) to {args.out}",
            file=sys.stderr,
        )


if __name__ == "__main__":
    exit_with(main)
