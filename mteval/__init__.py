"""Corpus analysis and MT evaluation as in the BWB paper: pronoun classes, entities, sacreBLEU, METEOR and
document-level discourse precision/recall of system outputs on the test split."""

from text.english_model import import_thinc_without_torch

import_thinc_without_torch()  # before any module of this package imports spaCy
