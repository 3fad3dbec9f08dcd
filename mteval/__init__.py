"""Corpus analysis and MT evaluation as in the BWB paper: pronoun classes, entities, sacreBLEU, METEOR and
document-level discourse precision/recall of system outputs on the test split."""
