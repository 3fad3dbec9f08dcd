"""Where the repository lives (bundled data, the demo site and the project's language data are under it)."""

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
