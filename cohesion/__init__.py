"""Cohesion candidate mining on the English side of aligned chapters (Halliday & Hasan phenomena).

Entry points: :func:`cohesion.miner.mine` (one chapter), :func:`cohesion.stage.mine_book` (pipeline
rows), ``python -m cohesion.mine`` (stdin CLI) and ``python -m cohesion.annotation`` (Label Studio
round trip).
"""

import core  # noqa: F401  # first: in a command, Ctrl-C from here on is one line (core.processes.quiet_start)
from text.english_model import import_thinc_without_torch

import_thinc_without_torch()  # before any module of this package imports spaCy
