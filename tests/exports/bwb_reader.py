"""Reads an export in BWB's release layout back, for the round-trip test of ``exports.formats.bwb``."""

import re
from pathlib import Path

from exports.formats.bwb import EN_SUFFIX, ZH_SUFFIX

_BOOK_DIR = re.compile(r"Book(\d+)")


def read_bwb(folder: Path) -> dict[tuple[str, int, int], list[tuple[str, str]]]:
    """(split, N, K) -> the chapter's (Chinese, English) line pairs, for every ``split/Book{N}/{K}`` file pair."""
    chapters = {}
    for zh_path in folder.glob(f"*/Book*/*{ZH_SUFFIX}"):
        book = _BOOK_DIR.fullmatch(zh_path.parent.name)
        stem = zh_path.name.removesuffix(ZH_SUFFIX)
        if book and stem.isdigit():
            zh = zh_path.read_text(encoding="utf-8").splitlines()
            en = zh_path.with_name(stem + EN_SUFFIX).read_text(encoding="utf-8").splitlines()
            chapters[zh_path.parent.parent.name, int(book.group(1)), int(stem)] = list(
                zip(zh, en, strict=True)
            )
    return chapters
