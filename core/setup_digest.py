"""One digest of what a module's results depend on besides their inputs and settings: the setup they run on."""

from __future__ import annotations

import hashlib
import json

from core.code_digest import code_digests
from core.langdata import data_digests
from core.loaded_code import as_loaded
from core.package_versions import package_versions
from core.paths import REPO_ROOT


def setup_digest(module: str) -> str:
    """SHA-256 of ``module``'s code and bundled data (its closure, ``core.code_digest``), of the language data
    that code reads (``core.langdata``) and of the installed versions of the pinned libraries it imports
    (``core.package_versions``). A file modified since this process started counts as edited
    (``core.loaded_code``): what the process ran, loaded before, keys nothing that a later process reads."""
    code = code_digests([module])
    loaded = {path: as_loaded(REPO_ROOT / path, sha) for path, sha in code.items()}
    inputs = [loaded, data_digests(code), package_versions(code)]
    return hashlib.sha256(json.dumps(inputs).encode()).hexdigest()
