"""Review files: a TSV per chapter for spreadsheets and Label Studio tasks; and reading the verdicts back.

TSV columns: ``pair_id bead_no bead_type score zh_idx en_idx zh en verdict correction``. Reviewers fill
``verdict`` (``correct`` or ``misaligned``; ``ok``/``wrong``, ``yes``/``no``, ``y``/``n``, ``1``/``0`` also
read, in any case) and, for a misaligned bead, optionally ``correction`` (syntax: ``qc.grouping``). Label
Studio: the same fields in each task's data, a ``verdict`` choice and a ``correction`` text area
(``LABEL_CONFIG``); import its JSON or JSON-MIN export. A file without ``pair_id`` and ``verdict``
columns, or an export of another project's tasks (none with a ``pair_id``), is an error; a row whose
``zh_idx``/``en_idx`` are not sentence numbers is read with ``problem`` set.

A TSV quotes a field holding a double quote as spreadsheets do (in double quotes, its own doubled): raw, a
line of speech opening with a quote was read by a spreadsheet as a quoted field, its quotes dropped, and
one left open (speech going on into the next paragraph) took the following cells and lines with it. Read
back, lines are split at tabs alone, and a field in quotes (every cell, where a spreadsheet is told to
quote all text) is unquoted.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Any

from core import json_text
from core.files import (
    MAX_INPUT_BYTES,
    TooLarge,
    folder_entries,
    missing,
    not_a_regular_file,
    os_problem,
    path_text,
    read_capped,
)
from core.rejection import shorten
from qc.grouping import NUMBER
from text.decoding import marked_codec
from text.limits import MAX_SPLIT_CHARS

COLUMNS = (
    "pair_id",
    "bead_no",
    "bead_type",
    "score",
    "zh_idx",
    "en_idx",
    "zh",
    "en",
    "verdict",
    "correction",
)
SAMPLE_FILE = "sample.json"  # the sample's seed and chapters, beside its review files
VERDICTS = {
    "correct": True,
    "ok": True,
    "y": True,
    "yes": True,
    "1": True,
    "misaligned": False,
    "wrong": False,
    "n": False,
    "no": False,
    "0": False,
}
LABEL_CONFIG = """<View>
  <Header value="Bead $pair_id ($bead_type, score $score): is it aligned correctly?"/>
  <Text name="zh" value="$zh_numbered"/>
  <Text name="en" value="$en_numbered"/>
  <Choices name="verdict" toName="en" choice="single" required="true">
    <Choice value="correct"/>
    <Choice value="misaligned"/>
  </Choices>
  <TextArea name="correction" toName="en" maxSubmissions="1"
            placeholder="corrected grouping, e.g. 3:3;4:4,5 (zh:en sentence numbers), - to dissolve"/>
</View>
"""


class NotAReviewFile(ValueError):
    """A file that cannot be read as review verdicts; the message names it (one line)."""


@dataclass(frozen=True)
class Verdict:
    """One reviewer's verdict on one bead, as read from a review file (not yet checked)."""

    pair_id: str
    verdict: str  # as written
    correction: str
    zh_idx: tuple[int, ...] | None  # the bead as shown to the reviewer (None when the file lacks it)
    en_idx: tuple[int, ...] | None
    reviewer: str
    source: str
    where: str = ""  # the row in ``source``: "line N" (TSV) or "task N" (Label Studio, from 1)
    zh: str | None = None  # the bead's text as shown (TSV), to tell a review of older text
    en: str | None = None
    problem: str = ""  # why the row cannot be read, e.g. a zh_idx that is not sentence numbers
    cancelled: bool = False  # an annotation cancelled in Label Studio: counted, not imported


def _idx(values: Iterable[int]) -> str:
    return ",".join(map(str, values))


def tsv_text(beads: Iterable[Mapping[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter="\t", lineterminator="\n")
    writer.writerow(COLUMNS)
    for b in beads:
        score = "" if b["score"] is None else f"{b['score']:.4f}"
        writer.writerow(
            [
                b["pair_id"],
                b["bead_no"],
                b["bead_type"],
                score,
                _idx(b["zh_idx"]),
                _idx(b["en_idx"]),
                " ".join(b["zh"].split()),
                " ".join(b["en"].split()),
                "",
                "",
            ]
        )
    return out.getvalue()


def _numbered(indices: list[int], sentences: list[str]) -> str:
    return "\n".join(f"[{i}] {sentences[i]}" for i in indices)


def labelstudio_tasks(beads: Iterable[Mapping[str, Any]], chapter: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One task per bead; the text shows each sentence with its number in the chapter."""
    return [
        {
            "data": {
                "pair_id": b["pair_id"],
                "bead_type": b["bead_type"],
                "score": b["score"],
                "zh_idx": list(b["zh_idx"]),
                "en_idx": list(b["en_idx"]),
                "zh_numbered": _numbered(b["zh_idx"], chapter["zh_sentences"]),
                "en_numbered": _numbered(b["en_idx"], chapter["en_sentences"]),
            }
        }
        for b in beads
    ]


_IDX = re.compile(rf"{NUMBER}(,{NUMBER})*")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)")  # a line and its end, as csv reads them
_CHUNK = 2**20  # bytes of a review file decoded at a time
# A review line holds one bead: each side's text (up to a whole chapter, MAX_SPLIT_CHARS) with its quotes
# doubled, and its sentence numbers
MAX_LINE_CHARS = 8 * MAX_SPLIT_CHARS
_QUOTED = re.compile(r'"((?:[^"]|"")*)"')  # a field in a spreadsheet's quotes, its own doubled


def _parse_idx(text: str) -> tuple[int, ...] | None:
    """Sentence numbers written ``3,4`` (``""`` for none), or ``[3, 4]`` as Label Studio's CSV and TSV
    exports write a task's list; None when the text is not that."""
    text = text.replace(" ", "")
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    text = text.strip(",")
    if not text:
        return ()
    return tuple(int(p) for p in text.split(",")) if _IDX.fullmatch(text) else None


def _user_text(path: Path, save_as: str) -> str:
    """A review file's text: UTF-8 (a byte order mark dropped: Excel's "CSV UTF-8") or UTF-16 or UTF-32
    with its byte order mark (Excel's "Unicode Text", a JSON export saved by a Windows editor);
    ``NotAReviewFile`` naming the first byte that is neither and how to save it (``save_as``)."""
    data = read_capped(path)
    encoding = marked_codec(data) or "utf-8"
    try:
        return data.decode(encoding).removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        raise NotAReviewFile(
            f"{path}: not {encoding.upper()} text (byte {err.start}: {err.reason}); {save_as}"
        ) from None


def _separator(header: str) -> str | None:
    """The separator of a review's header saved as CSV (commas, or semicolons where a comma is the
    decimal mark), or None."""
    return next(
        (name for sep, name in ((",", "commas"), (";", "semicolons")) if f"pair_id{sep}" in header), None
    )


def _user_lines(path: Path, save_as: str) -> Iterator[str]:
    """A review file's lines, each with its line end (``\\n``, ``\\r\\n`` or ``\\r``), decoded as
    ``_user_text`` decodes them, a chunk at a time: read whole, a line of 200 MB took 2 GB of memory.
    ``NotAReviewFile`` names a line longer than ``MAX_LINE_CHARS``; ``TooLarge``, a file past
    ``MAX_INPUT_BYTES``, unread."""
    with open(path, "rb") as handle:
        if os.fstat(handle.fileno()).st_size > MAX_INPUT_BYTES:
            raise TooLarge(f"{path}: more than {MAX_INPUT_BYTES:,} bytes, too large a file to read at once")
        encoding = marked_codec(handle.read(4)) or "utf-8"
        handle.seek(0)
        decoder = codecs.getincrementaldecoder(encoding)()
        done, pending, number = 0, "", 0
        for chunk in chain(iter(lambda: handle.read(_CHUNK), b""), [b""]):  # b"": the end
            start = done - len(decoder.getstate()[0])  # the byte decoding starts at (some held back)
            try:
                pending += decoder.decode(chunk, final=not chunk)
            except UnicodeDecodeError as err:
                raise NotAReviewFile(
                    f"{path}: not {encoding.upper()} text (byte {start + err.start}: {err.reason}); {save_as}"
                ) from None
            pending = pending if done else pending.removeprefix("\ufeff")
            done += len(chunk)
            ended = pending if not chunk else pending.removesuffix("\r")  # a CR with its LF to come?
            cut = max(ended.rfind("\n"), ended.rfind("\r")) + 1  # the end of the last whole line
            lines, pending = _LINE.findall(pending[:cut]), pending[cut:]
            if not chunk and pending:  # the last line, without a line end
                lines, pending = [*lines, pending], ""
            for line in lines:
                number += 1
                if len(line) > MAX_LINE_CHARS:
                    raise _too_long(path, number)
                yield line
            if len(pending) > MAX_LINE_CHARS:  # a line not ended yet
                raise _too_long(path, number + 1)


def _too_long(path: Path, number: int) -> NotAReviewFile:
    return NotAReviewFile(
        f"{path}: line {number} is longer than {MAX_LINE_CHARS:,} characters: not a review file (each line "
        "holds one bead)"
    )


def read_tsv(path: Path, reviewer: str) -> Iterator[Verdict]:
    """Rows with a verdict or a correction (rows without either are not reviewed yet and are skipped). A
    field may be as long as a line: a bead of one long sentence (a chapter without sentence punctuation)
    is written whole, and csv's limit of 131,072 characters refused the sample's own file as "not a review
    file"."""
    lines = _user_lines(path, "save it as UTF-8 (Excel: CSV UTF-8, or Unicode Text)")
    limit = csv.field_size_limit(max(csv.field_size_limit(), MAX_LINE_CHARS))  # the limit is process-wide
    try:
        yield from _tsv_rows(path, lines, reviewer)
    finally:
        csv.field_size_limit(limit)


def _unquoted(value: str) -> str:
    """A field as a spreadsheet quotes it (in double quotes, its own doubled) read back; any other as it is."""
    quoted = _QUOTED.fullmatch(value.strip())
    return quoted[1].replace('""', '"') if quoted else value


def _tsv_rows(path: Path, handle: Iterator[str], reviewer: str) -> Iterator[Verdict]:
    dialect: dict[str, Any] = {"delimiter": "\t", "quoting": csv.QUOTE_NONE, "quotechar": None}
    header = next(csv.reader(handle, **dialect), [])
    rows = csv.DictReader(handle, [_unquoted(name) for name in header], **dialect)
    missing = [c for c in ("pair_id", "verdict") if c not in (rows.fieldnames or [])]
    if missing and len(rows.fieldnames or []) == 1 and (sep := _separator(rows.fieldnames[0])):
        raise NotAReviewFile(
            f"{path}: its header is separated by {sep}, not tabs: save the review as tab-separated "
            "text (Excel: Text (Tab delimited) or Unicode Text)"
        )
    if missing:
        raise NotAReviewFile(
            f"{path}: no {' or '.join(missing)} column (a review file starts with the header "
            f"{' '.join(COLUMNS)})"
        )
    named = Counter(rows.fieldnames or [])  # counted once: a header of thousands of columns is no hang
    if twice := sorted(c for c, n in named.items() if c in COLUMNS and n > 1):
        raise NotAReviewFile(
            f"{path}: the {twice[0]} column twice in the header: which one holds the review?"
        )
    for read in rows:
        row = {key: _unquoted(value) if isinstance(value, str) else value for key, value in read.items()}
        verdict, correction = ((row.get(key) or "").strip() for key in ("verdict", "correction"))
        if not verdict and not correction:  # not reviewed yet
            continue
        shown, problem = [], ""
        for key in ("zh_idx", "en_idx"):
            shown.append(_parse_idx(row[key] or "") if key in row else None)
            if key in row and shown[-1] is None:
                problem = f"{key} {shorten(row[key], quote=True)} is not sentence numbers (e.g. 3,4)"
        text = [" ".join(row[k].split()) if isinstance(row.get(k), str) else None for k in ("zh", "en")]
        yield Verdict(
            (row.get("pair_id") or "").strip(),
            verdict,
            correction,
            *shown,
            reviewer,
            path_text(path),
            f"line {rows.line_num + 1}",  # (counted after the header)
            *text,
            problem,
        )


def _json_min(record: dict[str, Any]) -> dict[str, Any]:
    """A JSON-MIN export's record (one per annotation: the task's data, ``verdict``, ``correction`` and
    ``annotator`` side by side) as a JSON export's task; a record without ``annotation_id`` is a task
    not annotated yet."""
    result = [
        {"from_name": name, "value": {key: record[name]}}
        for name, key in (("verdict", "choices"), ("correction", "text"))
        if name in record
    ]
    annotation = {"completed_by": record.get("annotator"), "result": result}
    return {"data": record, "annotations": [annotation] if "annotation_id" in record else []}


def read_labelstudio(path: Path) -> Iterator[Verdict]:
    """Annotations of a Label Studio JSON or JSON-MIN export (those with neither a verdict nor a correction
    skipped; cancelled ones as ``cancelled`` verdicts, which the import counts). An export none of whose tasks has a ``pair_id`` (another
    project's) is ``NotAReviewFile``, and so is one that is not JSON or not shaped as an export, naming the
    task and what is wrong with it (a nested value of another type was an AttributeError: "'list' object
    has no attribute 'get'")."""
    tasks = _export(path)
    tasks = [_json_min(t) if isinstance(t, dict) and "data" not in t else t for t in tasks]
    if tasks and not any(
        isinstance(t, dict) and isinstance(t["data"], dict) and "pair_id" in t["data"] for t in tasks
    ):
        raise NotAReviewFile(
            f"{path}: no task has a pair_id: not an export of a qc sample's tasks (N.tasks.json)"
        )
    for n, task in enumerate(tasks, 1):
        data, annotations = _parts(path, n, task)
        for annotation in annotations:
            if annotation.get("was_cancelled"):
                yield Verdict(
                    str(data.get("pair_id", "")),
                    "",
                    "",
                    None,
                    None,
                    "",
                    path_text(path),
                    f"task {n}",
                    cancelled=True,
                )
                continue
            verdict, correction = "", ""
            for result in annotation["result"]:
                value = result["value"]
                if result.get("from_name") == "verdict" and (choices := value.get("choices")):
                    # a number, list or mapping here is a bad_verdict, not a crash; so are two choices
                    # (an edited export), not the first one taken
                    verdict = ", ".join(map(str, choices)) if isinstance(choices, list) else str(choices)
                elif result.get("from_name") == "correction" and (text := value.get("text")):
                    # a list of lines as Label Studio writes it; a string (an edited export) as it is; any
                    # other JSON as written, a bad_correction (a number was a TypeError, an object its keys)
                    lines = " ".join(map(str, text)) if isinstance(text, list) else json.dumps(text)
                    correction = (text if isinstance(text, str) else lines).strip()
            if verdict or correction:  # a correction without a verdict is named (qc.run: missing_verdict)
                who = annotation.get("completed_by")
                reviewer = str(who.get("email") or who.get("id")) if isinstance(who, dict) else str(who)
                shown = [_task_idx(data.get(key, [])) for key in ("zh_idx", "en_idx")]
                bad = next((k for k, idx in zip(("zh_idx", "en_idx"), shown) if idx is None), None)
                yield Verdict(
                    str(data.get("pair_id", "")),
                    verdict,
                    correction,
                    *shown,
                    reviewer,
                    path_text(path),
                    f"task {n}",
                    problem=f"{bad} {shorten(json.dumps(data[bad]))} is not a list of sentence numbers"
                    if bad
                    else "",
                )


def _export(path: Path) -> list:
    """The tasks of a Label Studio export file: a JSON list (read as ``_user_text``)."""
    try:  # TooLarge: named by read_verdicts
        tasks = json_text.loads(_user_text(path, "save it as UTF-8"))
    except json.JSONDecodeError as err:
        raise NotAReviewFile(f"{path}: not JSON ({err})") from None
    except json_text.JsonProblem as err:
        raise NotAReviewFile(f"{path}: not a review file ({err})") from None
    if not isinstance(tasks, list):
        raise NotAReviewFile(f"{path}: a JSON {_kind(tasks)}, not a Label Studio export (a list of tasks)")
    return tasks


def _parts(path: Path, n: int, task: object) -> tuple[dict, list[dict]]:
    """A task's data and annotations, each annotation with a list of results holding a ``value`` object;
    ``NotAReviewFile`` names the task and the first part of another type."""
    problem = ""
    if not isinstance(task, dict):
        problem = f"a JSON {_kind(task)}, not a task object"
    elif not isinstance(task["data"], dict):
        problem = f"its data is a JSON {_kind(task['data'])}, not an object"
    elif not isinstance(annotations := task.get("annotations", []), list):
        problem = f"its annotations are a JSON {_kind(annotations)}, not a list"
    elif odd := [a for a in annotations if not isinstance(a, dict)]:  # a null or [] among them too
        problem = f"an annotation is a JSON {_kind(odd[0])}, not an object"
    else:
        for annotation in annotations:
            results = annotation.setdefault("result", [])
            if not isinstance(results, list):
                problem = f"an annotation's result is a JSON {_kind(results)}, not a list"
            elif odd := [r for r in results if not isinstance(r, dict)]:
                problem = f"a result is a JSON {_kind(odd[0])}, not an object"
            elif odd := next((r for r in results if not isinstance(r.setdefault("value", {}), dict)), None):
                problem = f"a result's value is a JSON {_kind(odd['value'])}, not an object"
            if problem:
                break
    if problem:
        raise NotAReviewFile(f"{path}: task {n}: {problem} (not a Label Studio export as it wrote it)")
    return task["data"], task.get("annotations", [])


def _kind(value: object) -> str:
    """The JSON name of a parsed value's type."""
    names = {dict: "object", list: "list", str: "string", bool: "boolean", type(None): "null"}
    return names.get(type(value), "number")


def _task_idx(value: object) -> tuple[int, ...] | None:
    """A task's sentence numbers (a JSON list of whole numbers, 0 or more); None when it is not that."""
    if isinstance(value, list) and all(type(x) is int and x >= 0 for x in value):
        return tuple(value)
    return None


# Review files saved from a spreadsheet in its own format, which qc import does not read
SPREADSHEET_SUFFIXES = (".csv", ".xlsx", ".xls", ".ods")


def _spreadsheet(path: Path) -> NotAReviewFile:
    return NotAReviewFile(
        f"{path}: a {path.suffix.lower()} file, which qc import does not read: save the review as "
        "tab-separated text (.tsv; Excel: Text (Tab delimited) or Unicode Text)"
    )


def read_verdicts(paths: Iterable[Path], reviewer: str = "reviewer") -> list[Verdict]:
    """Verdicts of review files and folders (``*.tsv``; ``*.json`` Label Studio exports; the suffix in any
    case), in path order; a folder without one is ``NotAReviewFile`` (not 0 verdicts imported), and so is
    a review saved as a spreadsheet (``SPREADSHEET_SUFFIXES``), named or in a folder (not skipped).

    A TSV names no reviewer: ``reviewer`` is used for its rows.
    """
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            try:
                entries = folder_entries(path, recursive=True)
            except OSError as err:
                raise NotAReviewFile(f"{err.filename}: cannot be read ({os_problem(err)})") from None
            if sheet := min((p for p in entries if p.suffix.lower() in SPREADSHEET_SUFFIXES), default=None):
                raise _spreadsheet(sheet)
            found = [p for p in entries if p.suffix.lower() in (".tsv", ".json") and p.name != SAMPLE_FILE]
            odd = next((p for p in found if not p.is_file()), None)  # never read: a pipe would wait for ever
            if odd is not None:  # a review its reviewer meant to import, moved away or damaged: not skipped
                raise NotAReviewFile(
                    f"{odd}: not a regular file (a folder, a named pipe, or a link that is broken or loops):"
                    f" fix it, or move it out of {path}"
                )
            if not found:  # the wrong folder, or reviews saved as another type (Excel's .csv, .xlsx)
                raise NotAReviewFile(f"{path}: no review file in it (*.tsv, or *.json Label Studio exports)")
            files += found
        elif path.is_file():
            if path.suffix.lower() in SPREADSHEET_SUFFIXES:
                raise _spreadsheet(path)
            files.append(path)
        elif not_a_regular_file(path):  # reading a named pipe would wait for a writer for ever
            raise NotAReviewFile(f"{path}: not a regular file (a named pipe or a device)")
        else:
            raise FileNotFoundError(f"{path}: {missing(path)}")
    verdicts: list[Verdict] = []
    for path in files:
        try:
            verdicts += read_tsv(path, reviewer) if path.suffix.lower() == ".tsv" else read_labelstudio(path)
        except NotAReviewFile:
            raise
        except TooLarge as err:
            raise NotAReviewFile(str(err)) from None
        except csv.Error as err:
            raise NotAReviewFile(f"{path}: not a review file ({err})") from None
        except OSError as err:
            raise NotAReviewFile(f"{path}: cannot be read ({os_problem(err)})") from None
    return verdicts
