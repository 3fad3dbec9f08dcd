"""Raw chapters of a small two-language book, for the tests of the filter stages."""

from datetime import UTC, datetime

from core.raw_rows import raw_chapter

ZH_BODY = "他推开门，屋里很暗。桌上放着一封信。他拆开信，信是空白的。窗外下着雨。他坐了很久。"

ZH_TWO = "天亮了。她醒来时，屋里只剩下她一个人。炉火早已熄灭。她起身穿衣，推门出去。院子里积了一层薄雪。"

EN_TWO = (
    "Dawn came. When she woke, she was alone in the room. The fire had long gone out. "
    "She dressed and stepped outside. A thin layer of snow covered the yard."
)

EN_BODY = (
    "He opened the door. The room was dark. A letter lay on the table. He opened it. It was blank. "
    "Rain fell outside. He sat for a long time."
)


def raw_row(lang: str, toc: int, title: str, text: str, book: str = "b") -> dict:
    """A RAW_CHAPTERS row of book ``book``."""
    return raw_chapter(
        book,
        lang,
        toc,
        title,
        text,
        site=f"{lang}.example.org",
        url=f"https://{lang}.example.org/{book}/page-{toc}.html",
        fetched_at=datetime(2025, 1, 1, tzinfo=UTC),
    )


def column_names(schema) -> set[str]:
    return set(schema.names)


def book_rows() -> list[dict]:
    """Seven zh and six en chapters: a title repeated in the text, a split chapter, verse, a short one,
    mojibake, navigation only, a sponsor line, an unnumbered afterword."""
    return [
        raw_row("zh", 0, "第一章 空信", f"第一章 空信\n{ZH_BODY}\n请收藏本站：www.example.com"),
        raw_row("zh", 1, "第二章（上）", ZH_TWO[:20]),
        raw_row("zh", 2, "第二章（下）", ZH_TWO[20:]),
        raw_row(
            "zh",
            3,
            "第三章 诗",
            "\n".join(["床前明月光，", "疑是地上霜。", "举头望明月，", "低头思故乡。"] * 2),
        ),
        raw_row("zh", 4, "第四章", "短短一句。"),
        raw_row("zh", 5, "第五章", "乱码\ufffd\ufffd\ufffd"),
        raw_row("zh", 6, "第六章", "上一章 返回目录 下一章"),
        raw_row(
            "en",
            0,
            "Chapter 1: The Empty Letter",
            f"Chapter 1 - The Empty Letter\n{EN_BODY}\nSponsored by Kim",
        ),
        raw_row("en", 1, "Chapter 2", EN_TWO),
        raw_row("en", 2, "Chapter 3", " ".join(["The moon shone bright."] * 8)),
        raw_row("en", 3, "Chapter 4", "One. Two. Three. Four. Five. Six."),
        raw_row("en", 4, "Chapter 7", EN_BODY),
        raw_row("en", 5, "Afterword", EN_BODY),
    ]
