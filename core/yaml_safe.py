"""YAML for config files, read safely: no Python tags, no duplicate keys, no alias bombs.

PyYAML's ``safe_load`` shares an aliased node rather than copying it, so a 1 KB file of nested
aliases ("billion laughs") loads as a small graph that expands to billions of values as soon as
anything walks or prints it. Here the composed graph is measured first: more than ``MAX_NODES``
values once every alias is expanded, or an alias that contains itself, is refused.

A large file is read at the speed of libyaml (PyYAML's C parser, where installed) with Python's
composer on top: the composer stops at ``MAX_NODES`` values, and nests no deeper than Python's recursion
limit allows (libyaml's own composer recursed in C until a deeply nested file crashed the interpreter).
Garbage collection waits while the nodes are built: a file of 200,000 books took 98 s to refuse, most
of it spent in collections walking the growing graph; it now takes about 2 s.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

try:
    from yaml._yaml import CParser  # libyaml: some 10 times as fast as Python's parser
except ImportError:  # a PyYAML built without libyaml
    CParser = None

from core.arg_types import shown
from core.collection import gc_paused
from core.files import not_a_regular_file

MAX_NODES = 1_000_000  # values after alias expansion; a 10 000-book config has about 200 000
MAX_BYTES = 16 * 1024 * 1024
_MERGE = "tag:yaml.org,2002:merge"
_INT = "tag:yaml.org,2002:int"
_CONVERTED = {  # the tags whose scalars Python converts, and what each is
    _INT: "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:timestamp": "a date",
    "tag:yaml.org,2002:bool": "true or false",
}


class YamlProblem(ValueError):
    """A YAML text that is refused; ``where`` is the field path (or line) and the message the problem."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(problem)
        self.where = where


def read_yaml(path: Path) -> Any:
    """``load_yaml`` of a UTF-8 file, read no further than ``MAX_BYTES``; a named pipe or a device is
    refused (opening one could wait for a writer, or read, for ever), and so are binary data and text in
    another encoding, naming it (UTF-16 or UTF-32) or the line of the first byte UTF-8 cannot read."""
    if not_a_regular_file(path) and not path.is_dir():  # a folder is the opener's IsADirectoryError
        raise YamlProblem("(file)", "a named pipe or a device, not a config file")
    with path.open("rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise YamlProblem("(file)", f"larger than {MAX_BYTES // (1024 * 1024)} MB")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or 0 in data[:2]:  # a BOM, or an ASCII character's zero
        raise YamlProblem("(file)", _wide_or_binary(data))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        problem = f"not UTF-8 text (byte 0x{data[err.start]:02x} in line {line}): save it as UTF-8"
        raise YamlProblem("(file)", problem) from None
    return load_yaml(text)


def _wide_or_binary(data: bytes) -> str:
    """The problem of a file that opens with a byte order mark or a zero byte: UTF-16 or UTF-32 text
    (naming which), or binary data (an image, an archive, zeros) whose characters in both are not text."""
    for codec in ("utf-32", "utf-16", "utf-32-be", "utf-16-be"):  # with a mark, else little-endian first
        try:
            text = data.decode(codec).removeprefix("\ufeff")
        except UnicodeDecodeError:
            continue
        if "".join(text.split()).isprintable():
            return f"{codec[:6].upper()} text: save it as UTF-8"
    nul = data.find(0)
    return "binary data, not a config file" + (f" (a NUL byte at byte offset {nul})" if nul >= 0 else "")


def load_yaml(text: str) -> Any:
    """The data of one YAML document, or ``YamlProblem`` naming the place and the problem in one line."""
    try:
        yaml.reader.Reader(text)  # reads every character first: a NUL or control character stops it
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        raise YamlProblem(
            f"line {line}", f"not valid YAML: character U+{err.character:04X} is not allowed"
        ) from None
    if CParser is None:
        return _load(_PythonLoader(text))
    try:
        return _load(_FastLoader(text))
    except yaml.MarkedYAMLError:  # libyaml words a mistake its own way: Python's parser names it as before
        return _load(_PythonLoader(text))


def _load(loader: Any) -> Any:
    try:
        with gc_paused():
            node = loader.get_single_node()
            if node is None:
                return None
            _check(node)
            return loader.construct_document(node)
    except YamlProblem:
        raise
    except yaml.MarkedYAMLError as err:
        if not isinstance(loader, _PythonLoader):
            raise
        mark = err.problem_mark or err.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "(file)"
        problem = err.problem or err.context
        if problem == "mapping values are not allowed here":  # an unquoted 'title_en: A: B'
            problem += " (quote a value that holds ': ', as 'A: B')"
        raise YamlProblem(where, f"not valid YAML: {problem}") from None
    except yaml.YAMLError as err:
        raise YamlProblem("(file)", f"not valid YAML: {' '.join(str(err).split())}") from None
    except RecursionError:
        raise YamlProblem("(file)", "nested too deeply") from None
    finally:
        loader.dispose()


class _Counted(Composer):
    """A composer that counts the nodes it composes: more than ``MAX_NODES`` (before any alias is
    expanded) is ``YamlProblem`` as soon as they are read, not once the whole file is."""

    nodes = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            line = self.peek_event().start_mark.line + 1
            raise YamlProblem(
                f"line {line}", f"more than {MAX_NODES:,} values: too large for a config (split it)"
            )
        return super().compose_node(parent, index)


class _PythonLoader(
    yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, _Counted, SafeConstructor, Resolver
):
    """``yaml.SafeLoader``, counting its nodes."""

    def __init__(self, text: str) -> None:
        yaml.SafeLoader.__init__(self, text)  # type: ignore[arg-type]


if CParser is not None:

    class _FastLoader(_Counted, CParser, SafeConstructor, Resolver):  # type: ignore[misc,valid-type]
        """``yaml.CSafeLoader`` with Python's composer (libyaml's recursed in C until a file of 100,000
        ``[`` crashed the interpreter), counting its nodes."""

        def __init__(self, text: str) -> None:
            CParser.__init__(self, text)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            Composer.__init__(self)


def _check(root: Node) -> None:
    """Refuse duplicate keys, self-containing aliases, more than ``MAX_NODES`` expanded values and a
    number or date Python cannot make, naming its field."""
    sizes: dict[int, int] = {}  # id(node) -> values under it, aliases expanded (each node is measured once)
    open_nodes: set[int] = set()
    constructor = SafeConstructor()

    def size(node: Node, where: str) -> int:
        if id(node) in sizes:
            return sizes[id(node)]
        if isinstance(node, ScalarNode) and (problem := _unconvertible(node, constructor)):
            raise YamlProblem(where or "(top level)", f"{problem} (line {node.start_mark.line + 1})")
        if id(node) in open_nodes:
            raise YamlProblem(where, f"an alias contains itself (line {node.start_mark.line + 1})")
        open_nodes.add(id(node))
        total = 1
        if isinstance(node, MappingNode):
            _no_duplicate_keys(node, where)
            for key, value in node.value:
                label = key.value if key.tag != _MERGE and isinstance(key.value, str) else "<<"
                total += size(key, where) + size(value, f"{where}.{label}" if where else label)
                if total > MAX_NODES:
                    break
        elif isinstance(node, SequenceNode):
            for i, item in enumerate(node.value):
                total += size(item, f"{where}[{i}]")
                if total > MAX_NODES:
                    break
        if total > MAX_NODES:
            raise YamlProblem(where or "(top level)", f"expands to more than {MAX_NODES:,} values (aliases)")
        open_nodes.discard(id(node))
        sizes[id(node)] = total
        return total

    size(root, "")


def _unconvertible(node: ScalarNode, constructor: SafeConstructor) -> str | None:
    """Why Python cannot make a number, a date or a boolean of ``node``: an integer of more digits than
    ``int()`` converts (its message was Python's advice to call ``sys.set_int_max_str_digits``), 2026-13-45;
    and, tagged by hand, ``!!bool maybe``, ``!!int ""``, ``!!timestamp x`` (KeyError, IndexError and
    AttributeError tracebacks). None where it can, and for any other scalar."""
    if (kind := _CONVERTED.get(node.tag)) is None:
        return None
    try:
        constructor.yaml_constructors[node.tag](constructor, node)
    except ValueError as err:
        limit = sys.get_int_max_str_digits()
        if node.tag == _INT and sum(char.isdigit() for char in node.value) > limit:
            return f"a number of more than {limit:,} digits"
        return f"not valid YAML: {' '.join(str(err).split())}"
    except (KeyError, IndexError, AttributeError):  # a text PyYAML's converter of the kind does not parse
        return f"not valid YAML: {shown(node.value)} is not {kind}"
    return None


def _no_duplicate_keys(node: MappingNode, where: str) -> None:
    first_line: dict[tuple[str, str], int] = {}
    for key, _ in node.value:
        if key.tag == _MERGE or not isinstance(key.value, str):
            continue
        line = key.start_mark.line + 1
        if (key.tag, key.value) in first_line:
            field = f"{where}.{key.value}" if where else key.value
            raise YamlProblem(field, f"duplicate key (lines {first_line[key.tag, key.value]} and {line})")
        first_line[key.tag, key.value] = line
