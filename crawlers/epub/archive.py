"""The entries of an EPUB's zip, read within bounds.

Every entry is inflated in a stream with a cap per entry and per book (``crawlers.limits``), and an
entry that cannot be inflated (bad CRC, unknown compression, encryption) rejects the book with a named
reason, never a traceback; so does a name two entries share (``duplicate_entry``: which one is the
book's, no reader can tell). Entry names written with backslashes (a zip made on Windows), in another
case than the package names them, percent-encoded or with ``.`` or ``..`` segments are found, and so are
names written in a legacy code page (GBK, without zip's UTF-8 flag); a name read that two entries match
so is ``duplicate_entry`` too.
"""

from __future__ import annotations

import lzma
import posixpath
import zipfile
import zlib
from pathlib import Path
from urllib.parse import unquote

from crawlers.limits import Caps

_CHUNK = 2**20
_CORRUPT = (zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, OSError, ValueError)


class EpubError(ValueError):
    """The file is not a readable EPUB; ``reason`` is a short name (``missing_spine``, ...)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason, self.detail = reason, detail


class Archive:
    """The entries of an open EPUB zip, inflated in a stream with a cap per entry and per book."""

    def __init__(
        self, archive: zipfile.ZipFile, max_entry: int, max_book: int, chinese: bool = False
    ) -> None:
        self.archive, self.max_entry, self.max_book = archive, max_entry, max_book
        # a Chinese book's: a document of it that declares a Latin charset may be GBK (``markup.parse``)
        self.chinese = chinese
        self.inflated = 0  # bytes inflated so far from the whole book
        self.entries = _unique_entries(archive)
        self.found: dict[str, list[zipfile.ZipInfo]] = {}  # ``_found_as`` of a name -> the entries so named
        for info in archive.infolist():
            names = {info.filename}
            if not info.flag_bits & 0x800 and not info.filename.isascii():
                # no UTF-8 flag: zipfile read the name as cp437; the package names it in its own encoding
                names.add(_legacy_name(info.filename.encode("cp437")))
            for key in sorted({_found_as(name) for name in names}):
                self.found.setdefault(key, []).append(info)

    def _matches(self, name: str) -> list[zipfile.ZipInfo]:
        """The entries named ``name``, exactly or as a reader finds it (``_found_as``)."""
        exact = [self.entries[name]] if name in self.entries else []
        return list(dict.fromkeys([*exact, *self.found.get(_found_as(name), [])]))

    def _info(self, name: str) -> zipfile.ZipInfo:
        """The entry ``name``; KeyError when there is none, EpubError ``duplicate_entry`` when two match it."""
        matches = self._matches(name)
        if len(matches) > 1:
            named = ", ".join(sorted(info.filename for info in matches))
            raise EpubError(
                "duplicate_entry",
                f"{name}: {len(matches)} entries of the zip have this name as a reader finds it ({named}): "
                "which is the book's, no reader can tell",
            )
        if not matches:
            raise KeyError(name)
        return matches[0]

    def __contains__(self, name: str) -> bool:
        return bool(self._matches(name))

    def read(self, name: str) -> bytes:
        """The inflated entry; KeyError when absent, EpubError when too large or not inflatable."""
        info = self._info(name)
        if info.file_size > self.max_entry:
            raise EpubError(
                "entry_too_large", f"{name} inflates to {info.file_size} bytes (cap {self.max_entry})"
            )
        chunks: list[bytes] = []
        size = 0
        try:
            with self.archive.open(info) as entry:
                while chunk := entry.read(min(_CHUNK, self.max_entry + 1 - size)):
                    size += len(chunk)
                    self.inflated += len(chunk)
                    if size > self.max_entry:
                        raise EpubError(
                            "entry_too_large", f"{name} inflates past the cap of {self.max_entry} bytes"
                        )
                    if self.inflated > self.max_book:
                        raise EpubError(
                            "book_too_large", f"the book inflates past the cap of {self.max_book} bytes"
                        )
                    chunks.append(chunk)
        except EpubError:
            raise
        except NotImplementedError as err:
            raise EpubError("unsupported_compression", f"{name}: {err}") from None
        except RuntimeError as err:  # zipfile's only RuntimeError: an encrypted entry without a password
            raise EpubError("encrypted_entry", f"{name}: {err}") from None
        except _CORRUPT as err:
            raise EpubError("corrupt_entry", f"{name}: {type(err).__name__}: {err}") from None
        return b"".join(chunks)


def _unique_entries(archive: zipfile.ZipFile) -> dict[str, zipfile.ZipInfo]:
    """The zip's entries by name; EpubError ``duplicate_entry`` when two share a name (zipfile read the
    last of them without a word)."""
    entries: dict[str, zipfile.ZipInfo] = {}
    for info in archive.infolist():
        if info.filename in entries:
            count = sum(other.filename == info.filename for other in archive.infolist())
            raise EpubError(
                "duplicate_entry",
                f"{info.filename}: {count} entries of the zip have this name (which is the book's, no reader can tell)",
            )
        entries[info.filename] = info
    return entries


def _found_as(name: str) -> str:
    """An entry name as readers find it: folders written with backslashes (a zip made on Windows), in any
    case (readers on Windows and macOS), percent-encoded, ``.`` and ``..`` segments resolved."""
    return posixpath.normpath(unquote(name.replace("\\", "/"))).casefold()


def _legacy_name(raw: bytes) -> str:
    """A zip entry name written without zip's UTF-8 flag: UTF-8 all the same (many tools), else GB18030."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("gb18030", errors="replace")


def _directory_bytes(path: Path) -> int:
    """The size of the zip's list of entries, as its end record (or its zip64 one) declares it, read
    before ``ZipFile`` lists them all (it reads that many bytes, whatever count of entries the record
    declares); 0 where there is no end record (``ZipFile`` names the problem)."""
    with path.open("rb") as file:
        end = zipfile._EndRecData(file)  # type: ignore[attr-defined] # zipfile's reader of that record
    return end[zipfile._ECD_SIZE] if end else 0  # type: ignore[attr-defined]


def open_zip(path: Path, caps: Caps) -> zipfile.ZipFile:
    """The EPUB's zip, opened; EpubError ``not_an_epub`` when it is none, ``too_many_entries`` when its list
    of entries is past the cap (refused before ``ZipFile`` reads it)."""
    try:
        listed = _directory_bytes(path)
        zipped = zipfile.ZipFile(path) if listed <= caps.zip_directory_bytes else None
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as err:
        raise EpubError("not_an_epub", f"{path.name}: {err}") from None
    except NotImplementedError as err:  # a central directory asking for a zip version past 6.3
        raise EpubError(
            "not_an_epub", f"{path.name}: {err}, which no zip reader knows (a damaged central directory)"
        ) from None
    if zipped is None:
        raise EpubError(
            "too_many_entries",
            f"{path.name}: its zip's list of entries takes {listed:,} bytes (cap {caps.zip_directory_bytes:,}): "
            "more entries than a book has",
        )
    return zipped
