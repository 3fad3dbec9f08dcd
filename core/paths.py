"""Where the repository lives and where its language data go (the one place that derives data paths).

``BWB_DATA`` moves the language data folder (default ``.data`` in the repository): NLTK's WordNet and
punkt under ``nltk_data/``, the dictionary cache under ``alignment/``.
"""

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("BWB_DATA", REPO_ROOT / ".data")).resolve()
NLTK_DATA = DATA_DIR / "nltk_data"  # core.langdata installs WordNet and punkt here
DICTIONARY_CACHE = DATA_DIR / "alignment"  # text.cedict keeps the parsed CC-CEDICT here
