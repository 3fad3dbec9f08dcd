"""PNG charts with matplotlib's Agg canvas (no pyplot, no display, no global state)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from core.files import naming


def _plain(labels: Sequence[str]) -> list[str]:
    """Labels from the data shown as written: a "$" would start matplotlib's math text (and a bad formula
    is an error when the chart is drawn)."""
    return [str(label).replace("$", r"\$") for label in labels]


def _figure(height: float = 3.2) -> Figure:
    fig = Figure(figsize=(7, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _save(fig: Figure, path: Path) -> None:
    """Write the chart; an OSError naming ``path``: a full disk failed the report with "OSError: [Errno 28]
    No space left on device" (Pillow's write names no file)."""
    with naming(path):
        fig.savefig(path)


def bar_chart(
    path: Path,
    counts: Mapping[str, Sequence[float]],
    labels: Sequence[str],
    title: str,
    xlabel: str = "count",
) -> Path:
    """Horizontal bars, one row per label; several series (``counts``) are stacked."""
    fig = _figure(height=max(2.0, 0.8 + 0.3 * len(labels)))
    ax = fig.add_subplot()
    left = [0.0] * len(labels)
    for name, values in counts.items():
        ax.barh(_plain(labels), values, left=left, label=_plain([name])[0])
        left = [a + b for a, b in zip(left, values, strict=True)]
    ax.invert_yaxis()
    ax.set(title=title, xlabel=xlabel)
    if len(counts) > 1:
        ax.legend()
    _save(fig, path)
    return path


def histogram(
    path: Path, samples: Mapping[str, Sequence[float]], title: str, xlabel: str, bins: int = 40
) -> Path:
    """Overlaid histograms of one or more samples (e.g. zh and en lengths) on shared bins."""
    fig = _figure()
    ax = fig.add_subplot()
    edges = np.histogram_bin_edges(
        np.concatenate([np.asarray(values) for values in samples.values()]), bins=bins
    )
    for name, values in samples.items():
        ax.hist(values, bins=edges, alpha=0.6, label=f"{name} (n={len(values):,})")
    ax.set(title=title, xlabel=xlabel, ylabel="count")
    ax.legend()
    _save(fig, path)
    return path


def grouped_bar_chart(
    path: Path, values: Mapping[str, Sequence[float]], groups: Sequence[str], title: str, ylabel: str
) -> Path:
    """Vertical bars side by side: one group per label in ``groups``, one bar per series in ``values``."""
    fig = _figure(height=3.6)
    ax = fig.add_subplot()
    width = 0.8 / max(1, len(values))
    x = np.arange(len(groups))
    for k, (name, series) in enumerate(values.items()):
        ax.bar(x + (k - (len(values) - 1) / 2) * width, series, width, label=_plain([name])[0])
    ax.set_xticks(x, _plain(groups), rotation=30, ha="right", fontsize=8)
    ax.set(title=title, ylabel=ylabel)
    ax.legend(fontsize=8)
    _save(fig, path)
    return path
