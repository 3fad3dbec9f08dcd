"""MT scores on real text: ``python -m evals.mt [DATA_DIR]`` (default ``../shared/eval-data/mac-dev-mt``).

DATA_DIR holds ``zh/NNN.txt``, its machine translation ``zh/NNN.trans.txt`` (line i translates line i),
the human translation ``en/NNN.txt`` and gold beads ``gold/NNN.align``. Per gold bead with both sides,
the MT of its Chinese sentences is the hypothesis and its English sentences the reference; a chapter is a
document. Prints the MT scores of ``evaluate-mt`` for the MT and for a control that scores each chapter's MT
against the next chapter's reference (discourse overlap should collapse), and the pronoun statistics of
the report on the gold beads. Skips with a message when the data is absent.
"""

from __future__ import annotations

import sys
from pathlib import Path

from core.arg_types import OneLineParser, input_path
from core.lines import split_lines
from core.stdio import exit_with
from evals.data import EVAL_DATA, DataError, not_a_folder, read_gold, read_text, scored_names
from mteval.corpus_stats import SplitDiscourse, pronoun_rows, zero_pronoun_rows
from mteval.inputs import MAX_LINE_CHARS, Document
from mteval.run import LEADERBOARD, score_documents

DEFAULT = EVAL_DATA / "mac-dev-mt"


def _lines(path: Path) -> list[str]:
    """The sentences of ``path``, one a line; DataError for a line longer than ``evaluate-mt`` scores (a
    50 MB line ended the scoring in spaCy's traceback)."""
    lines = split_lines(read_text(path))
    if long := next((n for n, line in enumerate(lines, 1) if len(line) > MAX_LINE_CHARS), None):
        raise DataError(
            f"{path}: line {long} has {len(lines[long - 1]):,} characters (at most {MAX_LINE_CHARS:,}: one "
            "sentence a line)"
        )
    return lines


def read_documents(data_dir: Path) -> tuple[list[Document], SplitDiscourse]:
    """One document per gold chapter; DataError (OSError for a missing file) when the data is incomplete (a
    chapter without gold among chapters with gold too: ``scored_names``)."""
    docs, stats = [], SplitDiscourse()
    for name in scored_names(data_dir):
        gold = data_dir / "gold" / f"{name}.align"
        if not gold.is_file():  # no chapter has gold (``scored_names`` refuses a mix)
            continue
        zh, mt, en = (
            _lines(data_dir / sub) for sub in (f"zh/{name}.txt", f"zh/{name}.trans.txt", f"en/{name}.txt")
        )
        if len(mt) != len(zh):
            raise DataError(
                f"{data_dir}: zh/{name}.trans.txt has {len(mt)} lines but zh/{name}.txt has {len(zh)}"
            )
        refs, hyps = [], []
        for zh_idx, en_idx in read_gold(gold, (len(zh), len(en))):
            stats.add(
                {
                    "pair_id": f"{name}/{len(refs)}",
                    "zh": "".join(zh[i] for i in zh_idx),
                    "en": " ".join(en[j] for j in en_idx),
                }
            )
            if zh_idx and en_idx:
                hyps.append(" ".join(mt[i] for i in zh_idx))
                refs.append(" ".join(en[j] for j in en_idx))
        docs.append(Document(name, refs, hyps))
    if not docs:
        raise DataError(f"{data_dir}: no gold/NNN.align")
    return docs, stats


def _fit(lines: list[str], n: int) -> list[str]:
    """``lines`` cut or padded with empty lines to ``n`` (sentence metrics need one line per reference)."""
    return (lines + [""] * n)[:n]


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m evals.mt", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "data_dir",
        nargs="?",
        type=input_path,
        default=DEFAULT,
        help="MAC-dev with its MT (default ../shared/eval-data/mac-dev-mt)",
    )
    args = parser.parse_args(argv)
    if not_a_folder(args.data_dir):
        return 1
    if not (args.data_dir / "gold").is_dir():
        print(f"skipped: no evaluation data in {args.data_dir}")
        return 0
    try:
        docs, stats = read_documents(args.data_dir)
    except (DataError, OSError) as err:  # unreadable, not UTF-8, malformed or missing files
        print(f"error: {err}", file=sys.stderr)
        return 1
    control = [
        Document(d.chapter_id, nxt.refs, _fit(d.hyps, len(nxt.refs)))
        for d, nxt in zip(docs, docs[1:] + docs[:1])
    ]
    print(
        f"{args.data_dir.name}: {len(docs)} chapters, {sum(len(d.refs) for d in docs)} two-sided gold beads"
    )
    print(f"  {'system':<20}" + "".join(f"{m:>17}" for m in LEADERBOARD))
    for label, documents in (("MT", docs), ("MT vs next chapter", control)):
        split = {r["metric"]: r["value"] for r in score_documents(documents, chapters=False)}
        print(
            f"  {label:<20}"
            + "".join(f"{split[m]:>17.2f}" if split[m] is not None else f"{'n/a':>17}" for m in LEADERBOARD)
        )
    print("Pronouns on the gold beads (English / Chinese, by class):")
    for row in pronoun_rows({"gold": stats}):
        print(
            f"  {row['lang']}: " + ", ".join(f"{k} {v}" for k, v in row.items() if k not in ("split", "lang"))
        )
    zero = zero_pronoun_rows({"gold": stats})[0]
    print(
        f"  English pronouns in two-sided beads with no Chinese pronoun: {zero['with no zh pronoun in the bead']}"
        f" of {zero['en pronouns (two-sided beads)']} ({zero['share %']}%)"
    )
    return 0


if __name__ == "__main__":
    exit_with(main)
