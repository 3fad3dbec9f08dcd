"""The clean stage: a book's RAW_CHAPTERS rows -> CLEAN_CHAPTERS rows, each dropped chapter a REJECTED row.

Per chapter: mojibake and language checks, notices posted as chapters dropped by title, boilerplate lines and
repeated titles removed (``filters.clean``), sentences split, the chapter number parsed from the title.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from core.rejection import Rejection
from core.stage import StageResult, stage_stats
from core.user_regex import RegexTimeout
from filters.chapter_filters import char_count
from filters.clean import (
    Boilerplate,
    MojibakeConfig,
    clean_text,
    detect_mojibake,
    normalise_line,
    site_boilerplate,
    wrong_language,
)
from filters.dedup import content_hash, normalise_key
from filters.non_chapters import non_chapter
from filters.numbering import parse_chapter_number, parse_title
from text.sentences import MAX_SPLIT_CHARS, split_sentences


MAX_TITLE_LINE = 80  # a first body line longer than this is never taken for a repeated title


def _is_title_line(line: str, title: str) -> bool:
    if len(line) > MAX_TITLE_LINE:
        return False
    if normalise_key(line) == normalise_key(title):
        return True
    number = parse_title(line)
    return number is not None and number == parse_title(title)


def strip_title(paragraphs: list[str], title: str) -> tuple[list[str], int]:
    """``paragraphs`` without leading repeats of the chapter title, and how many were removed."""
    n = 0
    while n < len(paragraphs) and title and _is_title_line(paragraphs[n], title):
        n += 1
    return paragraphs[n:], n


def _chars(text: str) -> int:
    """Characters of a raw chapter's text less its line breaks, as a local book's chapter is capped."""
    return len(text) - text.count("\n")


def _clean_chapter(
    raw: dict,
    boilerplate: Boilerplate,
    removed: Counter[str],
    deleted: Counter[str],
    mojibake: MojibakeConfig,
) -> dict | Rejection:
    """One RAW_CHAPTERS row -> its CLEAN_CHAPTERS row or a rejection; counts removed lines and deleted
    characters."""
    lang, title = raw["lang"], raw["title"] or ""
    if (size := _chars(raw["text"] or "")) > MAX_SPLIT_CHARS:  # pages of megabytes, before any work on them
        return Rejection("chapter_too_long", f"{size} characters (cap {MAX_SPLIT_CHARS})")
    if problem := detect_mojibake(f"{title}\n{raw['text']}", mojibake):
        return problem
    title = normalise_line(title, lang)
    if notice := non_chapter(title, lang):  # author's notes, leave notices, thanks, on-shelf announcements
        return notice
    try:
        cleaned = clean_text(raw["text"] or "", lang, boilerplate)
    except RegexTimeout as err:  # a site boilerplate pattern that backtracks without end
        return Rejection(err.reason, err.detail)
    paragraphs, n_title = strip_title(cleaned.paragraphs, title)
    removed.update(cleaned.removed + Counter(title=n_title))
    deleted["control"] += cleaned.controls
    sentences = split_sentences(paragraphs, lang)
    if not sentences:
        return Rejection("empty_chapter", "no text left after cleaning")
    if problem := wrong_language(paragraphs, lang):
        return problem
    number = parse_chapter_number(title, raw["url"] or "")
    text = "\n".join(paragraphs)
    return {
        "raw_id": raw["raw_id"],
        "book_id": raw["book_id"],
        "lang": lang,
        "toc_index": raw["toc_index"],
        "chapter_no": number.chapter_no if number else None,
        "part": number.part if number else None,
        "title": title,
        "paragraphs": paragraphs,
        "sentences": sentences,
        "n_chars": char_count(paragraphs),
        "content_hash": content_hash(text),
    }


def clean_book(
    raw_rows: list[dict], boilerplate: Mapping[str, list[str]], mojibake: MojibakeConfig = MojibakeConfig()
) -> StageResult:
    """RAW_CHAPTERS rows of one book -> CLEAN_CHAPTERS rows (stage "clean").

    ``boilerplate`` maps a language to extra per-site line regexes. Rejects ``mojibake`` (checked
    on the raw text with ``mojibake``), notices posted as chapters by their title (``filters.non_chapters``: ``author_note``,
    ``leave_notice``, ``thanks_note``, ``on_shelf_notice``), ``chapter_too_long`` (raw text over
    ``text.sentences.MAX_SPLIT_CHARS``), ``empty_chapter`` (no sentence left after cleaning) and
    ``wrong_language`` (an English chapter in Chinese, or the other way round). ``stats`` adds
    ``removed_lines``: boilerplate lines removed per class ("title" for repeated titles), and
    ``removed_chars``: characters deleted per kind ("control": control characters, ``filters.clean``).
    """
    patterns = {lang: site_boilerplate(boilerplate, lang) for lang in ("zh", "en")}
    rows, rejected, removed, deleted = [], [], Counter(), Counter()
    for raw in raw_rows:
        result = _clean_chapter(raw, patterns[raw["lang"]], removed, deleted, mojibake)
        if isinstance(result, Rejection):
            rejected.append(result.row("clean", raw["raw_id"], raw["book_id"], raw["lang"]))
        else:
            rows.append(result)
    return StageResult(
        rows,
        rejected,
        stage_stats(len(raw_rows), rows, rejected, removed_lines=dict(removed), removed_chars=dict(deleted)),
    )
