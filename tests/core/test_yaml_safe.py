"""Config YAML: duplicate keys, alias bombs, self-containing aliases and deep nesting are refused in one line."""

import pytest

from core.yaml_safe import YamlProblem, load_yaml, read_yaml


def _bomb(levels: int = 9) -> str:
    """Nested aliases ("billion laughs"): under 1 KB of text, 9**levels values once expanded."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels + 1)]
    return "\n".join(lines)


@pytest.mark.parametrize(
    "text, where, problem",
    [
        (_bomb(), "a6", "expands to more than 1,000,000 values (aliases)"),
        ("x: &x [1, *x]", "x[1]", "an alias contains itself (line 1)"),
        (
            "sites:\n  moxiang: {lang: zh}\n  moonlit: {}\n  moxiang: {lang: en}\n",
            "sites.moxiang",
            "duplicate key (lines 2 and 4)",
        ),
        ("a: 1\nb: 2\na: 3\n", "a", "duplicate key (lines 1 and 3)"),
        (
            "sites: [unclosed",
            "line 1, column 17",
            "not valid YAML: expected ',' or ']', but got '<stream end>'",
        ),
        (
            "a: !!python/object/apply:os.system [ls]",
            "line 1, column 4",
            "not valid YAML: could not determine a constructor for the tag 'tag:yaml.org,2002:python/object/apply:os.system'",
        ),
        ("[" * 5000, "(file)", "nested too deeply"),
        (
            "books:\n  - title_en: Book One: The Start\n",
            "line 2, column 23",
            "not valid YAML: mapping values are not allowed here (quote a value that holds ': ', as 'A: B')",
        ),
        ("a: 1\nb: x\x00y\n", "line 2", "not valid YAML: character U+0000 is not allowed"),
        ("a: 1\n---\nb: 2\n", "line 2, column 1", "not valid YAML: but found another document"),
        ("a: 1\ndate: 2026-13-45\n", "date", "not valid YAML: month must be in 1..12 (line 2)"),
        # Python's own advice ("use sys.set_int_max_str_digits() to increase the limit") and no field
        ("a:\n  b: [1, " + "9" * 5000 + "]", "a.b[1]", "a number of more than 4,300 digits (line 2)"),
        ("9" * 5000, "(top level)", "a number of more than 4,300 digits (line 1)"),
        ("n: !!float x", "n", "not valid YAML: could not convert string to float: 'x' (line 1)"),
        ("n: !!bool maybe", "n", "not valid YAML: 'maybe' is not true or false (line 1)"),  # a KeyError
        ('n: !!int ""', "n", "not valid YAML: '' is not a whole number (line 1)"),  # an IndexError
        ("n: !!timestamp x", "n", "not valid YAML: 'x' is not a date (line 1)"),  # an AttributeError
    ],
)
def test_refused_yaml_names_the_place_and_problem(text, where, problem):
    with pytest.raises(YamlProblem) as err:
        load_yaml(text)
    assert (err.value.where, str(err.value)) == (where, problem)


def test_shared_anchors_merge_keys_and_mixed_key_types_load():
    text = "base: &b {lang: zh, delay: 1}\nsite: {<<: *b, delay: 2}\n1: x\nzz: y\n"
    assert load_yaml(text) == {
        "base": {"lang": "zh", "delay": 1},
        "site": {"lang": "zh", "delay": 2},
        1: "x",
        "zz": "y",
    }
    nested = load_yaml(_bomb(levels=4))["a4"]  # 9**5 values: shared aliases within the limit are fine
    assert len(nested) == 9 and nested[0][0][0][0] == ["lol"] * 9
    assert load_yaml("") is None
    assert load_yaml("n: 0x" + "f" * 5000) == {"n": 16**5000 - 1}  # int() converts any hexadecimal


def test_a_file_of_too_many_values_is_refused_as_it_is_read(monkeypatch):
    """200,000 books in a config (14 MB, under the size limit) took 98 s to be refused "(aliases)" that it
    did not hold: the values are now counted as they are composed (with libyaml's parser and no garbage
    collection, 6 s wall: ``python -m pipeline where --config`` such a file)."""
    import core.yaml_safe

    monkeypatch.setattr(core.yaml_safe, "MAX_NODES", 100)
    text = "books:\n" + "".join(f"- {{id: b{i}, toc: a}}\n" for i in range(40))
    with pytest.raises(YamlProblem) as err:
        load_yaml(text)
    assert (err.value.where, str(err.value)) == (
        "line 21",
        "more than 100 values: too large for a config (split it)",
    )


def test_deep_nesting_is_refused_not_a_crash():
    """libyaml's own composer recursed in C: 100,000 ``[`` crashed the interpreter (a segmentation fault)."""
    with pytest.raises(YamlProblem) as err:
        load_yaml("[" * 100_000 + "]" * 100_000)
    assert (err.value.where, str(err.value)) == ("(file)", "nested too deeply")


@pytest.mark.parametrize("libyaml", [True, False], ids=["libyaml", "python"])
def test_without_libyaml_the_same_data_and_problems(monkeypatch, libyaml):
    """Where PyYAML was built without libyaml, Python's parser reads the file (more slowly), and a mistake
    is worded as Python's parser words it in either case."""
    import core.yaml_safe

    if not libyaml:
        monkeypatch.setattr(core.yaml_safe, "CParser", None)
    assert load_yaml("a: [1, {b: x}]\nc: &c 2\nd: *c\n") == {"a": [1, {"b": "x"}], "c": 2, "d": 2}
    with pytest.raises(YamlProblem) as err:
        load_yaml("sites: [unclosed")
    assert (err.value.where, str(err.value)) == (
        "line 1, column 17",
        "not valid YAML: expected ',' or ']', but got '<stream end>'",
    )


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ("a: 1\n".encode("utf-16"), "UTF-16 text: save it as UTF-8"),
        ("a: 1\n".encode("utf-16-be"), "UTF-16 text: save it as UTF-8"),
        ("a: 甲\n".encode("utf-32"), "UTF-32 text: save it as UTF-8"),
        ("a: 1\n".encode("utf-32-be"), "UTF-32 text: save it as UTF-8"),
        (b"\x00" * 64, "binary data, not a config file (a NUL byte at byte offset 0)"),
        (
            b"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00",
            "binary data, not a config file (a NUL byte at byte offset 0)",
        ),
        (b"\xff\xfe\x00\xd8\x01\x02", "binary data, not a config file (a NUL byte at byte offset 2)"),
    ],
)
def test_a_file_in_utf16_or_utf32_is_named_so_and_binary_data_as_binary(tmp_path, data, problem):
    path = tmp_path / "config.yaml"
    path.write_bytes(data)
    with pytest.raises(YamlProblem) as err:
        read_yaml(path)
    assert (err.value.where, str(err.value)) == ("(file)", problem)
