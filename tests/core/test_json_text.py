import json

import pytest

from core.json_text import LoneSurrogate, loads


def test_valid_json_reads_as_json_does_surrogate_pairs_included():
    text = json.dumps({"a": ["x\U0001f600", 1, None], "b": {"c": "é"}})
    assert loads(text) == json.loads(text) == {"a": ["x\U0001f600", 1, None], "b": {"c": "é"}}


@pytest.mark.parametrize("text", ['{"t": "\\ud800 left"}', '["ok", {"k": ["\\udc00"]}]', '{"\\ud83d": 1}'])
def test_a_lone_surrogate_anywhere_is_refused_by_name(text):
    with pytest.raises(
        LoneSurrogate, match=r"^a string holds a lone surrogate \(\\u[0-9a-f]{4}\), which is no character$"
    ):
        loads(text)
