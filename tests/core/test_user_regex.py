import pytest

from core.user_regex import RegexTimeout, compile_user, user_search


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
