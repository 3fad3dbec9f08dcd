"""Every relative link of README.md and docs/*.md leads to a file, and every ``#anchor`` to a heading of it."""

from __future__ import annotations

import re
from pathlib import Path

from core.paths import REPO_ROOT

PAGES = [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"```.*?```", re.S)
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = heading.replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a Markdown page's headings (a repeated one numbered as GitHub does: -1, -2, ...)."""
    found: set[str] = set()
    for heading in re.findall(r"^#+ (.+)$", FENCE.sub("", page.read_text(encoding="utf-8")), re.M):
        base = slug(heading)
        name, n = base, 0
        while name in found:
            n += 1
            name = f"{base}-{n}"
        found.add(name)
    return found


def broken_links(page: Path) -> list[str]:
    """The links of ``page`` (outside code) whose file or anchor does not exist, as ``page: target``."""
    broken = []
    for target in LINK.findall(CODE.sub("", page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists() or (anchor and linked.suffix == ".md" and anchor not in anchors(linked)):
            broken.append(f"{page.name}: {target}")
    return broken


def test_slugs_are_githubs():
    assert (
        slug("Quality and speed (measured; commands to repeat)")
        == "quality-and-speed-measured-commands-to-repeat"
    )
    assert slug("Several workers, several machines") == "several-workers-several-machines"
    assert (
        slug("The cohesion probe (`python -m cohesion.evaluate`)")
        == "the-cohesion-probe-python--m-cohesionevaluate"
    )


def test_a_missing_file_or_heading_is_a_broken_link(tmp_path):
    (tmp_path / "other.md").write_text("# Other page\n\n## A `coded` part\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "# Page\n\n[ok](other.md#a-coded-part) [ok](#page) [web](https://example.org/x#y) `[code](nowhere.md)`\n"
        "[gone](missing.md) [no part](other.md#no-part) [no heading](#nowhere)\n",
        encoding="utf-8",
    )
    assert broken_links(page) == ["page.md: missing.md", "page.md: other.md#no-part", "page.md: #nowhere"]


def test_every_link_of_the_readme_and_the_docs_resolves():
    assert len(PAGES) > 1
    assert [link for page in PAGES for link in broken_links(page)] == []
