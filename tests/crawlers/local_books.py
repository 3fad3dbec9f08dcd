"""Invented EPUB and TXT books built inside the tests (no text from any real book)."""

from __future__ import annotations

import zipfile
from pathlib import Path

CONTAINER = """<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"""
OPF = (  # a package document: its version and its manifest and spine
    '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="{version}">{body}</package>'
)
XHTML = (  # an XHTML document around the markup of its body
    '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>{}</body></html>'
)


def xhtml(title: str, paragraphs: list[str], epub_type: str = "") -> str:
    body_type = f' epub:type="{epub_type}"' if epub_type else ""
    paras = "".join(f"<p>{p}</p>" for p in paragraphs)
    return (
        f'<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
        f'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>{title}</title></head>'
        f"<body{body_type}><h1>{title}</h1>{paras}</body></html>"
    )


def write_epub(
    path: Path, documents: list[tuple[str, str]], spine: bool = True, toc: list[str] | None = None
) -> Path:
    """An EPUB 3 whose spine lists ``documents`` ((file name, XHTML) pairs) in order, with a nav TOC of
    the files ``toc`` names (default: every document)."""
    items = "".join(
        f'<item id="d{k}" href="{name}" media-type="application/xhtml+xml"/>'
        for k, (name, _) in enumerate(documents)
    )
    refs = "".join(f'<itemref idref="d{k}"/>' for k in range(len(documents)))
    opf = (
        '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
        f'<manifest>{items}<item id="nav" href="nav.xhtml" properties="nav" media-type="application/xhtml+xml"/>'
        f"</manifest>{f'<spine>{refs}</spine>' if spine else ''}</package>"
    )
    listed = [name for name, _ in documents] if toc is None else toc
    links = "".join(f'<li><a href="{name}">{name}</a></li>' for name in listed)
    nav = (
        '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">'
        f'<body><nav epub:type="toc"><ol>{links}</ol></nav></body></html>'
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/epub+zip")
        archive.writestr("META-INF/container.xml", CONTAINER)
        archive.writestr("OEBPS/content.opf", opf)
        archive.writestr("OEBPS/nav.xhtml", nav)
        for name, document in documents:
            archive.writestr(f"OEBPS/{name}", document)
    return path


def write_zip(path: Path, entries: dict[str, str]) -> Path:
    """An EPUB's zip of ``entries`` (entry name -> text) after its mimetype."""
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/epub+zip")
        for name, text in entries.items():
            archive.writestr(name, text)
    return path


def lantern_book(tmp_path: Path, extra: list[tuple[str, str]] | tuple = ()) -> Path:
    """An EPUB of two chapters between a cover and a translator's note (and ``extra`` documents)."""
    return write_epub(
        tmp_path / "book.epub",
        [
            ("cover.xhtml", xhtml("Cover", ["A Tale of Lanterns"], epub_type="cover")),
            (
                "c1.xhtml",
                xhtml("Chapter 1: The Lamp", ["Mira lit the lamp.", "TL note: a pun in the original."]),
            ),
            ("note.xhtml", xhtml("Translator's Note", ["Thanks for reading."])),
            ("c2.xhtml", xhtml("Chapter 2: The Boat", ["Mira found a boat.", "It was red."])),
            *extra,
        ],
    )


NAMES = [
    ("林远", "Lin Yuan"),
    ("苏晴", "Su Qing"),
    ("陈默", "Chen Mo"),
    ("赵磊", "Zhao Lei"),
    ("何川", "He Chuan"),
]
PLACES = [
    ("山上", "on the mountain"),
    ("河边", "by the river"),
    ("海岛", "on the island"),
    ("城里", "in the city"),
    ("村口", "at the village gate"),
]
THINGS = [
    ("马", "horses"),
    ("剑", "swords"),
    ("船", "boats"),
    ("灯", "lamps"),
    ("书", "books"),
    ("鱼", "fish"),
]
NUMBERS = [("三", "three"), ("七", "seven"), ("九", "nine"), ("五", "five"), ("八", "eight"), ("六", "six")]


def invented_chapter(k: int) -> tuple[list[str], list[str]]:
    """zh and en paragraphs of invented chapter ``k`` (0-based): its own hero, things and numbers."""
    zh_name, en_name = NAMES[k % len(NAMES)]
    zh, en = [], []
    for s in range(6):
        thing_zh, thing_en = THINGS[(k + s) % len(THINGS)]
        num_zh, num_en = NUMBERS[(2 * k + s) % len(NUMBERS)]
        place_zh, place_en = PLACES[k % len(PLACES)]
        zh.append(
            f"{zh_name}第{s + 1}天在{place_zh}买了{num_zh}{'匹' if thing_zh == '马' else '个'}{thing_zh}。"
        )
        en.append(f"On day {s + 1}, {en_name} bought {num_en} {thing_en} {place_en}.")
    return zh, en
