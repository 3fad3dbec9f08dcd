import itertools
import re
import subprocess
import sys

import pytest

from core import user_regex
from core.paths import REPO_ROOT
from core.user_regex import Budget, RegexTimeout, compile_user, too_slow, user_search
from tests.helpers import HANG


def test_user_patterns_match_case_insensitively_like_re():
    pattern = compile_user(r"^chapter\s+\d+")
    assert user_search(pattern, "CHAPTER 12: The Lamp") and not user_search(pattern, "A chapter 12")


def test_a_pattern_that_backtracks_without_end_times_out_by_name():
    with pytest.raises(RegexTimeout) as err:
        user_search(compile_user(r"^(a|aa)+$"), "a" * 50 + "b")
    assert (err.value.reason, err.value.detail) == (
        "regex_timeout",
        "pattern '^(a|aa)+$' took over 0.25 s on a 51-character line",
    )


def test_searches_of_one_text_stop_past_its_budget_however_quick_each_is(monkeypatch):
    # each search takes 0.1 s (by this clock), under the line limit, where a text is allowed 5 s plus
    # 1 ms a search: the 51st is refused (before: 0.1 s a line for ever, hours on a chapter of such lines)
    monkeypatch.setattr(user_regex, "_clock", itertools.count(0, 0.1).__next__)
    pattern, budget = compile_user(r"^chapter\s+\d+"), Budget()
    with pytest.raises(RegexTimeout) as err:
        for _ in range(1000):
            user_search(pattern, "A line of text.", budget)
    assert budget.searches == 50
    assert err.value.detail == (
        "patterns took 5.1 s in 50 searches of one text's lines, over 5 s plus 1 ms a search (the last: '^chapter\\\\s+\\\\d+')"
    )
    assert not user_search(pattern, "A line of text.")  # without a budget, the line limit alone


_COMPILE_A_HUGE_REPEAT = """
import regex, resource
from core.user_regex import compile_user
before = resource.getrlimit(resource.RLIMIT_AS)
try:
    compile_user("a{99999999}")
except regex.error as err:
    print(err)
print(resource.getrlimit(resource.RLIMIT_AS) == before, bool(compile_user("a{3}").search("AAA")))
"""


def test_a_pattern_too_large_to_compile_is_an_error_not_all_memory():
    """``heading: "a{99999999}"``: the regex package writes the repeat out, some 270 bytes a count, and took
    the machine's memory until the kernel killed the command (run here under ``ulimit -v`` of 4 GB, so that
    without the limit of ``compile_user`` it is a MemoryError, not the machine's memory)."""
    done = subprocess.run(
        ["bash", "-c", f'ulimit -v 4000000 && exec "{sys.executable}" -c "$0"', _COMPILE_A_HUGE_REPEAT],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        "too large to compile (over 256 MiB of memory: a repeat count of millions?)\nTrue True\n",
        "",
    )


def test_without_proc_a_pattern_compiles_with_no_memory_limit(monkeypatch):
    """Where ``/proc/self/statm`` cannot be read (not Linux), compiling sets no limit and still works."""
    real_read_text = user_regex.Path.read_text

    def no_proc(path, *args, **kwargs):
        if str(path).startswith("/proc/"):
            raise FileNotFoundError(path)
        return real_read_text(path, *args, **kwargs)

    monkeypatch.setattr(user_regex.Path, "read_text", no_proc)
    set_limits = []
    monkeypatch.setattr(user_regex.resource, "setrlimit", lambda *args: set_limits.append(args))
    assert (bool(compile_user("b{2}").search("xBBx")), set_limits) == (True, [])


@pytest.mark.parametrize(
    "pattern",
    [
        r"(a|aa)+$",  # each split of a run of a's tried
        r"(a+)+$",  # quick in the regex package, seconds in re on 24 a's
        r"^(\w+\s?)*$",
        r"(x+x+)+y",
        r"^\W*translated by (\w+\s?)+$",  # the repetition reached only past a prefix
        r"(\s*note\s*)+:$",  # a body of more than one character
        r"(\d+|\w+)+$",  # ambiguous on digits, the first branch's characters
        r"\s*\s*\s*\s*$",  # no nesting: polynomial, seconds on 200 spaces
        r"(\W+)+\w*$",  # fails only past what follows the repetition: '   ...a' then a character
        r"(\s+)+\S*$",  # ... then the body's own character again
        r"(.*a){16}",  # 15 a's spread over the line: each split of it tried
    ],
)
def test_a_pattern_that_backtracks_is_too_slow(pattern):
    assert too_slow(re.compile(pattern, re.IGNORECASE), 200)


@pytest.mark.parametrize(
    "pattern",
    [
        r"^\W*(?:next|prev)(?:\W*(?:next|prev))*\W*$",  # a repetition of a repetition, each unambiguous
        r"\b(?:read|find)\b.{0,40}\b(?:at|on)\s+\S+\.(?:com|net)\b",
        r"^(\s|\W)+$",  # re makes one character class of the two
        r"(\S+\s*)+$",  # every line matches at once
        r"^chapter \d+$",
    ],
)
def test_an_ordinary_pattern_is_not_too_slow(pattern):
    assert not too_slow(re.compile(pattern, re.IGNORECASE), 200)
