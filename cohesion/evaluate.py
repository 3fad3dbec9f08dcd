"""Masked-LM cohesion probe over a test suite: hit@1 (Table 2) and p(target) with/without context (Table 3).

    python -m cohesion.evaluate --suite SUITE.jsonl --model NAME_OR_DIR [--model ...]
        [--corpus CHAPTERS ...] [--device cpu|cuda] [--batch-size N] [--out DIR]

A model is a local directory (or a hub name already in the local cache: nothing is downloaded), or
``baseline:unigram`` / ``baseline:context`` (see cohesion.baselines; the unigram baseline counts
words on ``--corpus``: chapter Parquet/JSON/JSONL files or folders of them, default the suite's own
sentences). Writes ``DIR/probe.parquet`` (one row per item x model) and ``DIR/tables.md``, and
prints both tables. How multi-sub-word targets are scored: cohesion.probe.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from tqdm import tqdm

from cohesion import baselines
from cohesion.annotation import RowsError, cannot_write, read_rows
from cohesion.probe import Fill, Skip, Slot
from cohesion.probe_tables import hit_table, markdown, probability_table, terminal
from cohesion.suite import SuiteError, read_suite, span_problem
from core.files import folder_entries, os_problem, path_text
from core.folder_lock import FolderBusy, sole_writer
from core.stdio import exit_with
from core.arg_types import OneLineParser, input_path, output_folder, positive
from core.storage import sweep_beside, write_bytes, write_table


def slots(item: dict) -> tuple[Slot, Slot]:
    """The target slot with the preceding sentences, and in the target sentence alone."""
    b = item["b"]
    prefix = " ".join(item["context"]) + " " if item["context"] else ""
    return (
        Slot(prefix + item["target"], len(prefix) + b["start"], len(prefix) + b["end"]),
        Slot(item["target"], b["start"], b["end"]),
    )


def out_of_memory(error: RuntimeError) -> bool:
    """``error`` is torch failing to allocate a tensor: on the GPU its ``OutOfMemoryError``, on the CPU a
    plain RuntimeError from its allocator (a batch too large for the memory, not a fault of the code)."""
    import torch

    cpu = "DefaultCPUAllocator: can't allocate memory"
    return isinstance(error, torch.OutOfMemoryError) or cpu in str(error)


def probe_rows(probe: object, items: list[dict], batch_size: int, name: str) -> tuple[list[dict], Counter]:
    """Score items with a model probe; returns result fields per scored item and skips by reason."""
    rows, skipped = [], Counter()
    for first in tqdm(range(0, len(items), batch_size), desc=name, unit="batch", file=sys.stderr):
        batch = items[first : first + batch_size]
        fills = probe.fill([s for item in batch for s in slots(item)])  # type: ignore[attr-defined]
        for item, with_context, alone in zip(batch, fills[::2], fills[1::2], strict=True):
            skip = next((f for f in (with_context, alone) if isinstance(f, Skip)), None)
            if skip:
                skipped[skip.reason] += 1
                continue
            assert isinstance(with_context, Fill) and isinstance(alone, Fill)
            rows.append(
                _row(item, name)
                | {
                    "prediction": with_context.prediction,
                    "hit": with_context.hit,
                    "p_context": with_context.p,
                    "p_no_context": alone.p,
                    "pieces": with_context.pieces,
                }
            )
    return rows, skipped


def _row(item: dict, model: str) -> dict:
    return {
        "item_id": item["id"],
        "model": model,
        "phenomenon": item["phenomenon"],
        "subtype": item.get("subtype", ""),
        "adjacent": item["adjacent"],
        "adjacency": item.get("adjacency") or ("adjacent" if item["adjacent"] else "non_adjacent"),
        "distance": item.get("distance"),
        "judged": item.get("judged", True),
        "target": item["b"]["text"],
    }


def corpus_sentences(paths: list[Path], items: list[dict]) -> list[str]:
    """English sentences of the chapter files (folders: their *.parquet), else of the suite itself.

    RowsError names a file that cannot be read or whose rows lack an ``en_sentences`` list of text, a
    folder without *.parquet files, and files that hold no sentence at all."""
    files = [f for p in paths for f in _chapter_files(p)]
    sentences = []
    for f in files:
        for n, row in enumerate(read_rows(f), 1):
            found = row.get("en_sentences")
            if not isinstance(found, list) or not all(isinstance(s, str) for s in found):
                raise RowsError(
                    f"{f}: row {n}: no en_sentences list of sentences (a chapters table expected)"
                )
            sentences += found
    if files and not sentences:
        raise RowsError(f"{' '.join(map(str, paths))}: no English sentences to count words in")
    if files:
        return sentences
    return list(dict.fromkeys(s for item in items for s in [*item["context"], item["target"]]))


def _chapter_files(path: Path) -> list[Path]:
    """``path``, or the *.parquet files of the folder ``path`` (RowsError when it has none)."""
    if not path.is_dir():
        return [path]
    try:
        files = [p for p in folder_entries(path) if p.name.endswith(".parquet")]
    except OSError as err:  # no permission: Path.glob read such a folder as holding none
        raise RowsError(f"{path}: cannot be read ({os_problem(err)})") from None
    if files:
        return files
    raise RowsError(f"{path}: a folder without *.parquet chapter files")


def baseline_rows(names: list[str], items: list[dict], corpus: list[Path]) -> dict[str, list[dict]]:
    from cohesion.nlp import load_tagger

    # the corpus is read first: a bad file was named only after the tagger had loaded and tagged the suite
    sentences = corpus_sentences(corpus, items) if baselines.UNIGRAM in names else []
    nlp = load_tagger()
    tagged = baselines.tag_items(items, nlp)
    results = {}
    for name in names:
        if name == baselines.UNIGRAM:
            print(f"{name}: counting words by tag in {len(sentences):,} corpus sentences", file=sys.stderr)
            fields = baselines.unigram(items, tagged, baselines.tag_counts(sentences, nlp))
        else:
            fields = baselines.context(items, tagged)
        results[name] = [_row(item, name) | f for item, f in zip(items, fields, strict=True)]
    return results


def _model(text: str) -> str:
    """An argparse type: a model's folder or hub name, or one of ``baselines.NAMES``; not empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not a model name (an unset variable?)")
    if text.startswith("baseline:") and text not in baselines.NAMES:
        raise argparse.ArgumentTypeError(f"{text!r} is no baseline (known: {', '.join(baselines.NAMES)})")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m cohesion.evaluate", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--suite",
        type=input_path,
        required=True,
        help="test-suite JSONL (python -m cohesion.annotation suite|unjudged writes one)",
    )
    parser.add_argument(
        "--model",
        action="append",
        required=True,
        dest="models",
        type=_model,
        metavar="NAME_OR_DIR",
        help="a masked LM: a local folder or a hub name already cached (nothing is downloaded), "
        "or baseline:unigram / baseline:context; repeat to compare models",
    )
    parser.add_argument(
        "--corpus",
        type=input_path,
        action="append",
        default=[],
        metavar="CHAPTERS",
        help="chapter files (Parquet, JSON, JSONL) or folders of *.parquet whose en_sentences "
        "the unigram baseline counts (default: the suite's own sentences); repeatable",
    )
    parser.add_argument(
        "--device", choices=("cpu", "cuda"), default="cpu", help="where models run (default cpu)"
    )
    parser.add_argument("--batch-size", type=positive, default=16, help="items per model call (default 16)")
    parser.add_argument(
        "--out",
        type=output_folder,
        default=Path("output/evaluation"),
        help="folder for probe.parquet and tables.md (default output/evaluation)",
    )
    args = parser.parse_args(argv)
    if args.corpus and baselines.UNIGRAM not in args.models:  # it was read by nothing, a typo unseen
        parser.error(f"--corpus: only --model {baselines.UNIGRAM} counts words on a corpus")
    args.models = list(dict.fromkeys(args.models))  # a model named twice scored each item twice
    try:
        items = read_suite(args.suite)
        args.out.mkdir(parents=True, exist_ok=True)  # before any model runs: a file there is refused now
    except SuiteError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"error: {cannot_write(err)}", file=sys.stderr)
        return 2
    try:
        with sole_writer(args.out, "cohesion.evaluate"):  # two runs wrote their tables by turns
            return _run(args, items)
    except FolderBusy as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace, items: list[dict]) -> int:
    """Score the suite's items with each model and write the tables to ``args.out``; the exit status."""
    valid = [item for item in items if not span_problem(item)]
    for item in items:
        if span_problem(item):
            print(f"skipped {item['id']}: {span_problem(item)}", file=sys.stderr)
    if not valid:  # one line: an empty suite's "0 items, 0 skipped" said nothing the error does not
        skipped = f" ({len(items)} skipped: span does not match)" if items else ""
        print(f"error: {args.suite}: no item to score{skipped}", file=sys.stderr)
        return 2
    unjudged = sum(not item.get("judged", True) for item in valid)
    print(
        f"suite {args.suite}: {len(valid)} items, {len(items) - len(valid)} skipped (span does not match)"
        + (f"; {unjudged} UNJUDGED (miner candidates no annotator checked)" if unjudged else ""),
        file=sys.stderr,
    )
    rows: list[dict] = []
    wanted = [m for m in args.models if m in baselines.NAMES]
    try:
        by_baseline = baseline_rows(wanted, valid, args.corpus) if wanted else {}
    except RowsError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    for name in args.models:
        if name in by_baseline:
            rows += by_baseline[name]
            continue
        from cohesion.probe_load import LoadError, load_probe

        try:
            probe = load_probe(name, args.device)
        except LoadError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        try:
            scored, skipped = probe_rows(probe, valid, args.batch_size, name)
        except RuntimeError as err:  # torch's, allocating a batch's tensors
            if not out_of_memory(err):
                raise
            print(
                f"error: {name}: out of memory on {args.device} at --batch-size {args.batch_size}: "
                "give a smaller one",
                file=sys.stderr,
            )
            return 1
        reasons = ", ".join(f"{n} {r}" for r, n in sorted(skipped.items()))
        if not scored:  # its columns would be missing from the tables, the run's exit 0 saying nothing
            print(f"error: {name}: every item skipped ({reasons}): nothing to score", file=sys.stderr)
            return 1
        rows += scored
        if skipped:
            print(f"{name}: skipped {reasons}", file=sys.stderr)
    tables = [
        ("Table 2: hit@1 % (items) per phenomenon and adjacency", hit_table(rows)),
        ("Table 3: mean p(target) with / without context, adjacent items (items)", probability_table(rows)),
    ]
    note = f"Suite `{path_text(args.suite)}`" + (
        f", {unjudged} of {len(valid)} items UNJUDGED" if unjudged else ""
    )
    text = "\n".join(f"## {title}\n\n{note}.\n\n{markdown(table)}" for title, table in tables)
    try:
        write_table(rows, "probe_results", args.out / "probe.parquet")
        write_bytes(args.out / "tables.md", text.encode("utf-8"))
        for name in ("probe.parquet", "tables.md"):  # what a killed run left half-written beside them
            sweep_beside(args.out / name)
    except OSError as err:
        print(f"error: {cannot_write(err)}", file=sys.stderr)
        return 1
    for title, table in tables:
        print(f"\n{title}\n\n{terminal(table)}")
    print(f"wrote {args.out / 'probe.parquet'} ({len(rows)} rows) and {args.out / 'tables.md'}")
    return 0


if __name__ == "__main__":
    exit_with(main)
