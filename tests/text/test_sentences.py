import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from text.sentences import _ZH_END, _en_quote_ends, _punkt, _punkt_ends, _zh_boundaries
from text.sentences import paragraph_starts, split_en, split_sentences, split_zh
from tests.helpers import piped_into_a_closed_reader, with_stdin_closed, without_language_data


def test_zh_basic_marks_and_closing_quotes():
    text = "他看着她，心里一紧。“你到底想怎么样？”她没有回答！「好吧。」他走了?!"
    assert split_zh(text) == [
        "他看着她，心里一紧。",
        "“你到底想怎么样？”",
        "她没有回答！",
        "「好吧。」",
        "他走了?!",
    ]


def test_zh_semicolon_and_colon_do_not_split():
    assert split_zh("天色已晚；他还在等。她说：“走吧。”") == ["天色已晚；他还在等。", "她说：“走吧。”"]


def test_zh_ellipsis_splits_outside_quotes_only():
    assert split_zh("他没有回答……只是笑了笑。") == ["他没有回答……", "只是笑了笑。"]
    assert split_zh("“我……我不知道……”他低下头。") == ["“我……我不知道……”", "他低下头。"]


def test_zh_speech_tag_stays_with_its_quote():
    assert split_zh("“明天再来。”他说。她点了点头。") == ["“明天再来。”他说。", "她点了点头。"]
    assert split_zh("“你去哪？” 她问。") == ["“你去哪？” 她问。"]
    assert split_zh("“走吧。”他站了起来。") == ["“走吧。”", "他站了起来。"]  # an action, not a speech tag
    assert split_zh("“你去哪？”他不知道。") == ["“你去哪？”", "他不知道。"]
    assert split_zh("“走吧。”老人看着远处的群山，低声说。") == ["“走吧。”", "老人看着远处的群山，低声说。"]


def test_zh_quote_broken_off_with_a_dash_ends_a_sentence():
    assert split_zh("“你为什么——”说到这里，他停了。") == ["“你为什么——”", "说到这里，他停了。"]
    assert split_zh("他想——不，不对。") == ["他想——不，不对。"]


def test_zh_a_dash_run_is_tried_as_an_end_at_its_start_only():
    """Tried at each of its dashes, a run scanned the rest of itself each time: 200,000 dashes with no closing
    quote after them took minutes (quadratic). An attempt inside the run now fails at once (with a quote
    after the run, such an attempt matched the rest of it)."""
    text = "他想" + "—" * 5 + "”"
    assert [start for start in range(len(text)) if _ZH_END.match(text, start)] == [2]


def test_zh_chat_line_kept_whole():
    text = "屏幕亮了。【系统：任务完成。奖励已发放！】他愣住了。"
    assert split_zh(text) == ["屏幕亮了。", "【系统：任务完成。奖励已发放！】", "他愣住了。"]


def test_zh_no_split_before_comma():
    assert split_zh("他……，然后走了。") == ["他……，然后走了。"]


def test_en_abbreviations_decimals_initials():
    text = (
        "Mr. Smith met Dr. Jones at St. Paul's. The U.S. economy grew 3.5% that year. J. R. Tolkien agreed."
    )
    assert split_en(text) == [
        "Mr. Smith met Dr. Jones at St. Paul's.",
        "The U.S. economy grew 3.5% that year.",
        "J. R. Tolkien agreed.",
    ]


def test_en_run_of_end_marks_at_a_paragraph_end_stays_one_sentence():
    assert split_en("“Could it be him….?") == ["“Could it be him….?"]
    assert split_en("He asked?!") == ["He asked?!"]
    assert split_en("Wait….! Stop.?") == ["Wait….!", "Stop.?"]
    assert split_en("Is it….? Yes.") == ["Is it….?", "Yes."]


def test_en_abbreviation_after_an_opening_quote():
    assert split_en("“Mr. Pei is here,” she said. He nodded.") == [
        "“Mr. Pei is here,” she said.",
        "He nodded.",
    ]
    assert split_en("‘Dr. Li came.’ Yes. 'Mrs. Wu left.' No.") == [
        "‘Dr. Li came.’",
        "Yes.",
        "'Mrs. Wu left.'",
        "No.",
    ]


def test_en_quotes_and_speech_tags():
    text = '"Are you sure?" she asked. "Yes!" He left. "Where?" Anna asked.'
    assert split_en(text) == ['"Are you sure?" she asked.', '"Yes!"', "He left.", '"Where?"', "Anna asked."]


def test_en_capitalised_speech_tag_is_a_sentence_of_its_own():
    # a tag that had a line of its own, in a paragraph merged with the quote's: two sentences, as the lines
    text = "“Is the gate shut?” Old Pan asked quietly. The lantern swung in the wind."
    assert split_en(text) == [
        "“Is the gate shut?”",
        "Old Pan asked quietly.",
        "The lantern swung in the wind.",
    ]


def test_en_ellipses():
    assert split_en("It was late . . . Everyone left. He went on . . . and on.") == [
        "It was late . . .",
        "Everyone left.",
        "He went on . . . and on.",
    ]


def test_en_interrupted_speech():
    assert split_en("'Come on, show me—' 'Not now!'") == ["'Come on, show me—'", "'Not now!'"]


def test_en_sentences_glued_without_a_space():
    assert split_en("It was late.He left.“Why?” she asked.“Go.”“No!” Tom said.") == [
        "It was late.",
        "He left.",
        "“Why?” she asked.",
        "“Go.”",
        "“No!”",
        "Tom said.",
    ]
    assert split_en('He nodded."Fine."He left.Why?!Nobody knew.') == [
        "He nodded.",
        '"Fine."',
        "He left.",
        "Why?!",
        "Nobody knew.",
    ]


def test_en_glued_abbreviations_initials_and_ellipses_stay_whole():
    assert split_en("Mr.Smith met Dr.Who at St.Louis in the U.S.A.Then they ate.") == [
        "Mr.Smith met Dr.Who at St.Louis in the U.S.A.Then they ate."
    ]
    assert split_en("Well...He left.") == ["Well...He left."]


def test_split_sentences_keeps_paragraphs_apart():
    assert split_sentences(["第一段没有句号", "", "第二段。完了。"], "zh") == [
        "第一段没有句号",
        "第二段。",
        "完了。",
    ]


def test_cli():
    result = subprocess.run(
        [sys.executable, "-m", "text.sentences", "--lang", "zh"],
        input="甲。乙！\n丙？\n",
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.splitlines() == ["甲。", "乙！", "丙？"]


def test_english_without_its_punkt_data_is_one_line_not_nltks_box(tmp_path):
    """BWB_DATA naming a folder without the language data: a LookupError traceback ending in NLTK's box of
    asterisks (and in a build, that box on each FAILED line)."""
    result = without_language_data(["text.sentences", "--lang", "en"], tmp_path, "Dr. Smith went home.\n")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"error: no English punkt data in {tmp_path}/nltk_data/tokenizers/punkt_tab/english (the language "
        "data, which BWB_DATA moves): run make setup, or python -m core.langdata\n"
    )


def _main_on(monkeypatch, data: bytes, *args: str) -> int:
    import io

    from text.sentences import main

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    return main(["--lang", "zh", *args])


def test_the_command_rejects_invalid_utf8_with_its_byte_offset(monkeypatch, capsys):
    data = "甲走了。乙来了。".encode() + b"\xff" + "丙笑了。".encode()
    assert _main_on(monkeypatch, data) == 1
    assert capsys.readouterr() == (
        "",
        "error: stdin: invalid UTF-8 at byte offset 24 (rerun with --errors replace to split it anyway)\n",
    )
    assert _main_on(monkeypatch, data, "--errors", "replace") == 0
    assert capsys.readouterr().out == "甲走了。\n乙来了。\n\ufffd丙笑了。\n"


def test_the_command_refuses_binary_input_and_drops_a_byte_order_mark(monkeypatch, capsys):
    assert _main_on(monkeypatch, "Rain 下雨了。".encode("utf-16-le")) == 1
    assert capsys.readouterr() == (
        "",
        "error: stdin: binary input (NUL byte at byte offset 1), nothing to split\n",
    )
    assert _main_on(monkeypatch, b"\xef\xbb\xbf" + "甲走了。乙来了。".encode()) == 0
    assert capsys.readouterr().out == "甲走了。\n乙来了。\n"


def test_a_missing_or_unknown_language_is_one_line_naming_the_command(capsys):
    from text.sentences import main

    for argv, problem in (
        ([], "the following arguments are required: --lang"),
        (["--lang", "fr"], "argument --lang: invalid choice: 'fr' (choose from 'zh', 'en')"),
    ):
        with pytest.raises(SystemExit) as exited:
            main(argv)
        assert exited.value.code == 2 and capsys.readouterr().err == (
            f"python -m text.sentences: error: {problem} (see python -m text.sentences --help)\n"
        )


def test_the_command_fails_on_empty_input(monkeypatch, capsys):
    assert _main_on(monkeypatch, b"\n \n") == 1
    assert capsys.readouterr().err == "error: stdin: no text to split\n"


def test_a_line_over_the_cap_is_a_one_line_error_before_any_sentence_is_printed(monkeypatch, capsys):
    """A 50 MB line took 78 s and 1 GB; over the cap it is refused at once, and the lines before it unsplit."""
    monkeypatch.setattr("text.sentences.MAX_SPLIT_CHARS", 7)
    assert _main_on(monkeypatch, "甲走了。\n乙来了。丙笑了。\n".encode()) == 1
    assert capsys.readouterr() == (
        "",
        "error: stdin: line 2 has 8 characters, over the 7 a paragraph may have (give one paragraph per line)\n",
    )


# Property: any paragraphs split without an exception and without losing or adding a character.

_PIECES = st.sampled_from(
    [
        "。",
        "！",
        "？",
        "……",
        "…",
        "“",
        "”",
        "「",
        "」",
        "【",
        "】",
        "；",
        "，",
        ". ",
        "! ",
        "? ",
        "...",
        '"',
        "'",
        " ",
        "Mr. ",
        "甲",
        "乙说",
        "he said",
        "She",
        "A.",
        "3.5",
        "—",
        "\n",
    ]
)
_PARAGRAPH = st.lists(_PIECES | st.text(max_size=4), max_size=20).map("".join)


def _chars(texts: list[str]) -> str:
    return "".join("".join(t.split()) for t in texts)


@settings(deadline=None, max_examples=200)
@given(st.lists(_PARAGRAPH, max_size=4), st.sampled_from(["zh", "en"]))
def test_splitting_keeps_every_character(paragraphs, lang):
    sentences = split_sentences(paragraphs, lang)
    assert all(s.strip() for s in sentences)
    assert _chars(sentences) == _chars(paragraphs)


def test_paragraph_starts_index_the_split_sentences():
    paragraphs = ["He came. He saw.", "  ", "He left."]
    assert split_sentences(paragraphs, "en") == ["He came.", "He saw.", "He left."]
    assert paragraph_starts(paragraphs, "en") == [0, 2]
    assert paragraph_starts(["她来了。她走了。", "雨停了。"], "zh") == [0, 2]


# Property: the linear-time boundary finders decide exactly as the former quadratic ones did, on long inputs.


def _quadratic_zh_boundaries(text: str) -> list[int]:
    """The former ``_zh_boundaries``: brackets counted from position 0 at every sentence end."""

    def inside(pos: int, opener: str, closer: str) -> bool:
        return text.count(opener, 0, pos) > text.count(closer, 0, pos)

    cuts = []
    for m in _FORMER_ZH_END.finditer(text):
        end = m.end()
        if end >= len(text) or text[end] in "，、：；,;:。！？!?…⋯":
            continue
        if "【" in text and inside(end, "【", "】"):
            continue
        if m.group()[0] in "….⋯" and (inside(end, "“", "”") or inside(end, "「", "」")):
            continue
        cuts.append(end)
    return cuts


_FORMER_ZH_END = re.compile(r"(?:[。！？!?]+|…+|\.{3,}|⋯+|[—–]+(?=[”’」』]))[”’」』）》〉】)\]\"'\s]*")
_FORMER_EN_QUOTE_END = re.compile(
    r"(?:(?:\.\s?){2,}\.|…)[\"'’”]*(?=\s+[\"'‘“]?[A-Z])|[—–][\"'’”]+(?=\s+[\"'‘“]?[A-Z])"
)
_BRACKETS = st.sampled_from(
    [
        "【",
        "】",
        "“",
        "”",
        "「",
        "」",
        "。",
        "……",
        "…",
        "？",
        "！",
        "，",
        "——",
        "甲",
        "乙说",
        " ",
        ". ",
        "...",
        ". . .",
        "—'",
        "'",
        "”",
        " A",
        " b",
        "\n",
    ]
)
_LONG = st.lists(_BRACKETS | st.text(max_size=3), min_size=200, max_size=2000).map("".join)


@settings(deadline=None, max_examples=50)
@given(_LONG)
def test_linear_boundaries_match_the_quadratic_ones(text):
    assert _zh_boundaries(text) == _quadratic_zh_boundaries(text)
    assert _en_quote_ends(text) == {m.end() for m in _FORMER_EN_QUOTE_END.finditer(text)}


def test_punkt_read_in_windows_finds_the_ends_of_the_whole_text():
    text = 'He went home. She said "Yes!" and left. “Mr. Pei came.” Mr. Li and Dr. Wu ate 3.5 kg. ' * 40
    whole = {end for _, end in _punkt().span_tokenize(text)}
    assert len(whole) == 6 * 40
    assert _punkt_ends(text, 50) == _punkt_ends(text, 700) == whole
    assert _punkt_ends("word " * 30, 40) == {39, 74, 109, 144, 149}  # no sentence end: cut at the last space


def test_output_piped_into_a_reader_that_quit_ends_quietly():
    result = piped_into_a_closed_reader(["text.sentences", "--lang", "en"], b"He went. She came.\n" * 1000)
    assert (result.returncode, result.stderr) == (0, b"")


def test_a_closed_stdin_is_a_one_line_error():
    result = with_stdin_closed(["text.sentences", "--lang", "zh"])
    assert (result.returncode, result.stdout, result.stderr) == (
        1,
        "",
        "error: stdin: closed, no text to split (give the text on stdin, e.g. < FILE)\n",
    )


def test_cli_reads_lines_ended_by_line_breaks_only():
    """A form feed or U+2028 inside a paragraph does not end it (str.splitlines ended it there); a lone
    carriage return does."""
    result = subprocess.run(
        [sys.executable, "-m", "text.sentences", "--lang", "zh"],
        input="甲\x0c乙\u2028丙。\r丁。\n".encode(),
        capture_output=True,
        check=True,
    )
    assert result.stdout.decode().split("\n") == ["甲\x0c乙\u2028丙。", "丁。", ""]
