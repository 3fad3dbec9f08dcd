"""Chapters of an EPUB file, read with zipfile and ElementTree over the package's spine (``crawlers.epub.book``).

No EPUB library is used: EbookLib, the common one, is AGPL-licensed, and an EPUB is a zip of XML
files (container.xml -> the OPF package: manifest, spine, and a nav or NCX table of contents), so
a reader of what the pipeline needs is short: the zip's entries (``archive``), their XML (``markup``),
the package (``package``) and its table of contents (``contents``), DRM (``drm``), and each spine
item's chapter (``chapter``) and paragraphs (``paragraphs``).
"""
