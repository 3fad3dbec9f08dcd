"""A short made-up chapter in both languages, five sentence pairs in three paragraphs.

The stages' preloads (``filters.preload``, ``alignment.preload``, ``cohesion.preload``) run it through
their own code, so that whatever a stage loads on first use is loaded before a build forks its workers.
"""

from __future__ import annotations

TITLE = {"zh": "第一章 门", "en": "Chapter 1 The Door"}
SENTENCES = {
    "zh": (
        "安娜打开门，看见一座小房子。",
        "房子很安静。",
        "窗户都黑了。",
        "安娜走过去敲了敲门。",
        "没有人回答。",
    ),
    "en": (
        "Anna opened the door and saw a small house.",
        "The house was quiet.",
        "Its windows were dark.",
        "She walked over and knocked.",
        "Nobody answered.",
    ),
}
PARAGRAPH_STARTS = (0, 2, 4)  # the sentences that begin a paragraph, in both languages


def paragraphs(lang: str) -> list[str]:
    """The chapter's paragraphs in ``lang`` ("zh" or "en"), its sentences joined as the language writes them."""
    sentences = SENTENCES[lang]
    bounds = [*PARAGRAPH_STARTS, len(sentences)]
    glue = "" if lang == "zh" else " "
    return [glue.join(sentences[start:end]) for start, end in zip(bounds, bounds[1:])]
