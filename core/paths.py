"""Where the repository lives and where its language data go (the one place that derives data paths).

``BWB_DATA`` moves the language data folder (default ``.data`` in the repository): NLTK's WordNet and
punkt under ``nltk_data/``, the dictionary cache under ``alignment/``, the code digests' cache.
"""

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def _data_dir() -> Path:
    """``BWB_DATA`` (an empty one, an unset variable in a script, is no setting) resolved; as given where it
    cannot be (a symbolic link that loops: reading from it then says so, not a traceback at import)."""
    path = Path(os.environ.get("BWB_DATA") or REPO_ROOT / ".data").absolute()
    try:
        return path.resolve()
    except (RuntimeError, OSError):  # a symbolic link loop (RuntimeError before Python 3.13)
        return path


DATA_DIR = _data_dir()
NLTK_DATA = DATA_DIR / "nltk_data"  # core.langdata installs WordNet and punkt here
DICTIONARY_CACHE = DATA_DIR / "alignment"  # text.cedict keeps the parsed CC-CEDICT here
CODE_DIGEST_CACHE = DATA_DIR / "code_digests.json"  # core.code_digest keeps its modules' digests here
