import argparse

import pytest

from core.arg_types import positive


def test_positive_takes_whole_numbers_from_one():
    assert positive("1") == 1 and positive("16") == 16
    for text in ("0", "-3", "1.5", "x", ""):
        with pytest.raises(argparse.ArgumentTypeError) as err:
            positive(text)
        assert str(err.value) == f"{text!r} is not a positive whole number"
