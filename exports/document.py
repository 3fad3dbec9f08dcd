"""A small report document model rendered as HTML and as its Markdown twin (text escaped in both: a value
from the data, such as a hostile ``genre``, is shown as written, never read as markup)."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from exports.stats import format_cell
from exports.text import one_line


@dataclass(frozen=True)
class Table:
    rows: Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class Image:
    src: str  # relative to the report folder, e.g. "img/bead_types.png"
    alt: str


Block = str | Table | Image  # a str is a paragraph of plain text


@dataclass
class Section:
    title: str
    blocks: list[Block] = field(default_factory=list)


STYLE = """body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #ccc;padding:.25rem .6rem}
td.num{text-align:right}img{max-width:100%;display:block;margin:1rem 0}"""


def _html_block(block: Block) -> str:
    if isinstance(block, Image):
        return f'<img src="{html.escape(block.src)}" alt="{html.escape(block.alt)}">'
    if isinstance(block, Table):
        if not block.rows:
            return "<p>(empty)</p>"
        head = "".join(f"<th>{html.escape(k)}</th>" for k in block.rows[0])
        body = "".join(
            "<tr>"
            + "".join(
                f"<td{'' if isinstance(v, str) else ' class=num'}>{html.escape(format_cell(v))}</td>"
                for v in row.values()
            )
            + "</tr>"
            for row in block.rows
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    return f"<p>{html.escape(block)}</p>"


def render_html(title: str, sections: Sequence[Section]) -> str:
    body = "\n".join(
        f"<section><h2>{html.escape(s.title)}</h2>\n" + "\n".join(map(_html_block, s.blocks)) + "\n</section>"
        for s in sections
    )
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{STYLE}</style></head>\n<body><h1>{html.escape(title)}</h1>\n{body}\n</body></html>\n"
    )


# what makes emphasis, code, links, HTML, tables, entities or math (an underscore inside a word does not)
_MD_INLINE = re.compile(r"([\\`*\[\]<>|~#&$]|(?<!\w)_|_(?!\w))")
_MD_LIST = re.compile(r"^([-+]|\d+(?=[.)](?:\s|$)))")  # what starts a list item, at the start of a paragraph


def md_text(text: str) -> str:
    """Plain ``text`` as Markdown inline text that renders as the same text, on one line."""
    return _MD_INLINE.sub(r"\\\1", one_line(text))


def _md_paragraph(text: str) -> str:
    escaped = md_text(text)
    return _MD_LIST.sub(lambda m: m.group() + "\\" if m.group()[0].isdigit() else "\\" + m.group(), escaped)


def _md_cell(value: Any) -> str:
    return md_text(format_cell(value))


def _md_block(block: Block) -> str:
    if isinstance(block, Image):
        return f"![{md_text(block.alt)}]({block.src})"
    if isinstance(block, Table):
        if not block.rows:
            return "(empty)"
        keys = list(block.rows[0])
        align = ["---" if isinstance(block.rows[0][k], str) else "---:" for k in keys]
        lines = [
            [md_text(k) for k in keys],
            align,
            *([_md_cell(v) for v in row.values()] for row in block.rows),
        ]
        return "\n".join("| " + " | ".join(line) + " |" for line in lines)
    return _md_paragraph(block)


def render_markdown(title: str, sections: Sequence[Section]) -> str:
    parts = [f"# {md_text(title)}"]
    for section in sections:
        parts += [f"## {md_text(section.title)}", *map(_md_block, section.blocks)]
    return "\n\n".join(parts) + "\n"
