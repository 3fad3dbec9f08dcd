"""The pipeline's one configuration file: sites (crawl profiles) and books, validated with clear errors.

Every error names the file, the field (as a dotted path) and the problem, e.g.
``config/real.yaml: books[2].zh.site: unknown site 'foo' (known: jade-library, moonlit)``.
Each section has its reader: ``sites:`` (``pipeline.config_sites``), ``books:`` (``pipeline.config_books``),
``options:`` (``pipeline.config_options``), ``output:`` (``pipeline.config_output``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from core.arg_types import has_control_character
from core.files import os_problem
from core.rejection import quoted
from core.yaml_safe import YamlProblem, read_yaml
from crawlers.profile import Site
from pipeline.config_books import Book, read_book
from pipeline.config_options import read_options
from pipeline.config_output import read_output_folder
from pipeline.config_reader import ConfigError, Reader
from pipeline.config_sites import read_site
from pipeline.settings import Settings


@dataclass(frozen=True)
class Config:
    path: Path
    output: Path
    sites: dict[str, Site]
    books: tuple[Book, ...]
    settings: Settings = Settings()  # the stages' settings (``options:``)

    def book(self, book_id: str) -> Book:
        for book in self.books:
            if book.book_id == book_id:
                return book
        raise KeyError(f"{self.path}: no book {quoted(book_id)}")


def load_config(path: Path | str) -> Config:
    """Read and validate a pipeline config file; an empty path (an unset variable) is a ``ConfigError``,
    not the current folder ``Path`` would make of it, and so are - and a path holding a control character."""
    if not str(path).strip():
        raise ConfigError(f"the config path is empty ({str(path)!r}): name a config file")
    if str(path) == "-":  # "-: file not found"
        raise ConfigError(
            "'-' stands for the standard input, which no config is read from: name the config file"
        )
    if has_control_character(str(path)):  # "PATH: file not found" would be cut in two
        raise ConfigError(
            f"{str(path)!r}: a config path holding a line break or another control character, which no message "
            "could show on one line: rename it"
        )
    path = Path(path)
    r = Reader(path)
    try:
        raw = read_yaml(path)
    except YamlProblem as err:
        raise r.fail(err.where, str(err)) from None
    except FileNotFoundError:
        raise ConfigError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise ConfigError(f"{path}: is a directory, not a config file") from None
    except OSError as err:  # no permission, a symlink loop, a file where a folder should be, ...
        raise ConfigError(f"{path}: cannot be read: {os_problem(err)}") from None
    if raw is None:
        raise r.fail(
            "(top level)", "the file holds no settings (it is empty): expected a mapping of sites and books"
        )
    raw = r.mapping(raw, "(top level)", {"output", "sites", "books", "options"}, {"sites", "books"})
    if not isinstance(raw["sites"], dict) or not raw["sites"]:
        raise r.fail("sites", "expected a non-empty mapping of site name -> profile")
    base_dir = path.resolve().parent
    sites = {name: read_site(r, name, value, base_dir) for name, value in raw["sites"].items()}
    if not isinstance(raw["books"], list) or not raw["books"]:
        raise r.fail("books", "expected a non-empty list of books")
    books = tuple(read_book(r, i, value, sites) for i, value in enumerate(raw["books"]))
    seen: set[str] = set()
    for i, book in enumerate(books):
        if book.book_id in seen:
            raise r.fail(f"books[{i}].id", f"duplicate book id {quoted(book.book_id)}")
        seen.add(book.book_id)
    output = read_output_folder(r, raw.get("output"))
    return Config(
        path=path,
        output=output,
        sites=sites,
        books=books,
        settings=read_options(r, raw.get("options"), base_dir, seen),
    )
