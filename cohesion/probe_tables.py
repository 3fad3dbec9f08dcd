"""The probe's two tables from its result rows, as Markdown and as plain terminal text.

Table 2: hit@1 per phenomenon x adjacency, one column per model. Table 3: mean p(target) with and
without the preceding sentences, adjacent items only. A cell reads ``value (n)``.
"""

from __future__ import annotations

from collections import defaultdict
from statistics import fmean

from cohesion.candidate import PHENOMENA


def _order(rows: list[dict]) -> list[str]:
    found = {r["phenomenon"] for r in rows}
    return [p for p in PHENOMENA if p in found] + sorted(found - set(PHENOMENA))


def _models(rows: list[dict]) -> list[str]:
    return list(dict.fromkeys(r["model"] for r in rows))


def label(model: str) -> str:
    """Column name: a model's last path part ("models/bert-base-cased" -> "bert-base-cased")."""
    return model.rstrip("/").rsplit("/", 1)[-1]


def hit_rates(rows: list[dict]) -> dict[tuple[str, str], dict[str, tuple[float, int] | None]]:
    """(phenomenon, adjacency) -> model label -> (hit@1 in percent, items), None where no items.

    Adjacent and non-adjacent rows always; same-sentence (intra) rows only when the suite has them.
    """
    cells: dict[tuple, list[bool]] = defaultdict(list)
    for r in rows:
        cells[r["phenomenon"], r["adjacency"], r["model"]].append(r["hit"])
    kinds = ("adjacent", "non_adjacent") + (
        ("intra",) if any(r["adjacency"] == "intra" for r in rows) else ()
    )
    rates = {}
    for phenomenon in _order(rows):
        for adjacency in kinds:
            rates[phenomenon, adjacency] = {
                label(model): (100 * sum(hits) / len(hits), len(hits))
                if (hits := cells.get((phenomenon, adjacency, model)))
                else None
                for model in _models(rows)
            }
    return rates


def hit_table(rows: list[dict]) -> list[dict]:
    """Table 2: hit@1 in percent per phenomenon and adjacency."""
    return [
        {"phenomenon": phenomenon, "adjacency": adjacency.replace("_", "-")}
        | {model: f"{cell[0]:.1f} ({cell[1]})" if cell else "—" for model, cell in by_model.items()}
        for (phenomenon, adjacency), by_model in hit_rates(rows).items()
    ]


def probability_table(rows: list[dict]) -> list[dict]:
    """Table 3: mean p(target) with / without context on adjacent items, per phenomenon."""
    cells: dict[tuple, list[tuple[float, float]]] = defaultdict(list)
    for r in rows:
        if r["adjacent"] and r["p_context"] is not None:
            cells[r["phenomenon"], r["model"]].append((r["p_context"], r["p_no_context"]))
    table = []
    for phenomenon in _order([r for r in rows if r["adjacent"]]):
        line = {"phenomenon": phenomenon}
        for model in _models(rows):
            pairs = cells.get((phenomenon, model))
            line[f"{label(model)} with"] = (
                f"{fmean(p for p, _ in pairs):.3f} ({len(pairs)})" if pairs else "—"
            )
            line[f"{label(model)} without"] = f"{fmean(q for _, q in pairs):.3f}" if pairs else "—"
        table.append(line)
    return table


def markdown(table: list[dict]) -> str:
    if not table:
        return "(no items)\n"
    head = list(table[0])
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    lines += ["| " + " | ".join(str(row[h]) for h in head) + " |" for row in table]
    return "\n".join(lines) + "\n"


def terminal(table: list[dict]) -> str:
    if not table:
        return "(no items)\n"
    head = list(table[0])
    widths = [max(len(h), *(len(str(row[h])) for row in table)) for h in head]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(str(row[h]).ljust(w) for h, w in zip(head, widths, strict=True)) for row in table]
    return "\n".join(lines) + "\n"
