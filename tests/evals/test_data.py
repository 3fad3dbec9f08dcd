import os

import pytest

from evals import align, bleualign_speed, bwb_example, crossval, errors, judge, mt, pairing, site, split
from evals.align import main as align_main
from evals.data import (
    DataError,
    load_chapters,
    paragraph_starts,
    perturb_starts,
    present,
    read_gold,
    read_lines,
)


def test_line_layout_gives_sentences_groups_and_paragraph_starts(tmp_path):
    (tmp_path / "lines").mkdir()
    (tmp_path / "lines" / "001.zh").write_text("林晚笑了。她走了。\n\n雨停了。\n", encoding="utf-8")
    (tmp_path / "lines" / "001.en").write_text("Lin Wan smiled and left.\nA bird sang.\nThe rain stopped.\n")
    [chapter] = load_chapters(tmp_path)
    assert chapter.zh == ["林晚笑了。", "她走了。", "雨停了。"]
    assert chapter.gold == [((0, 1), (0,)), ((), (1,)), ((2,), (2,))]
    assert (chapter.zh_starts, chapter.en_starts) == ({0, 2}, {0, 1, 2})


def test_line_layout_with_unequal_line_counts_is_an_error(tmp_path):
    (tmp_path / "lines").mkdir()
    (tmp_path / "lines" / "001.zh").write_text("雨停了。\n", encoding="utf-8")
    (tmp_path / "lines" / "001.en").write_text("The rain stopped.\nA bird sang.\n")
    with pytest.raises(DataError, match="1 lines but 001.en has 2"):
        load_chapters(tmp_path)


def test_empty_line_layout_files_are_an_error(tmp_path):
    (tmp_path / "lines").mkdir()
    (tmp_path / "lines" / "001.zh").write_text("\n", encoding="utf-8")
    (tmp_path / "lines" / "001.en").write_text("\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_chapters(tmp_path)
    assert str(err.value) == f"{tmp_path / 'lines' / '001.zh'}: an empty chapter (no sentences)"


def test_empty_folder_is_an_error(tmp_path):
    with pytest.raises(DataError, match="no chapters"):
        load_chapters(tmp_path)


def test_paragraph_starts_match_sentences_or_name_the_line_that_does_not(tmp_path):
    sentences = ["A b.", "C d.", "E f."]
    para = tmp_path / "001.txt"
    para.write_text("A b. C d.\n\nE f.\n")  # a blank line is no paragraph
    assert paragraph_starts(sentences, para) == {0, 2}
    para.write_text("A b.\nC d. X.\n")
    with pytest.raises(DataError) as err:
        paragraph_starts(sentences, para)
    assert (
        str(err.value) == f"{para}: line 2: not the next sentences of the chapter (from its sentence line 2)"
    )
    para.write_text("A b. C d.\n")
    with pytest.raises(DataError) as err:
        paragraph_starts(sentences, para)
    assert str(err.value) == f"{para}: its paragraphs hold 2 of the chapter's 3 sentences"


def test_perturbation_is_deterministic_and_keeps_the_first_start():
    starts = frozenset(range(0, 400, 2))
    perturbed = perturb_starts(starts, 400)
    assert perturbed == perturb_starts(starts, 400) and 0 in perturbed
    merged, split = len(starts - perturbed), len(perturbed - starts)
    assert 5 <= merged <= 40 and 1 <= split <= 20


def test_present_keeps_the_folders_that_exist_and_names_the_others(tmp_path, capsys):
    assert present([tmp_path, tmp_path / "absent"]) == [tmp_path]
    assert capsys.readouterr().out == f"skipped: no data at {tmp_path / 'absent'}\n"


def test_read_lines_drops_a_byte_order_mark(tmp_path):
    path = tmp_path / "001.txt"
    path.write_bytes(b"\xef\xbb\xbfTom ran.\nHe fell.\n")
    assert read_lines(path) == ["Tom ran.", "He fell."]


def test_read_lines_refuses_binary_data_a_folder_a_named_pipe_and_an_unreadable_path(tmp_path):
    binary, folder, pipe = tmp_path / "binary.txt", tmp_path / "folder.txt", tmp_path / "pipe.txt"
    binary.write_bytes("T\0o\0m\0".encode("utf-16-le"))
    folder.mkdir()
    os.mkfifo(pipe)  # opening it would wait for a writer for ever
    loop = tmp_path / "loop.txt"
    loop.symlink_to(loop)
    for path, problem in (
        (binary, "binary input (NUL byte at byte offset 1), nothing to read"),
        (folder, "a folder, not a file"),
        (pipe, "not a regular file (a named pipe or a device)"),
        (loop, "Too many levels of symbolic links"),
    ):
        with pytest.raises(DataError) as err:
            read_lines(path)
        assert str(err.value) == f"{path}: {problem}"


def _sentence_chapter(folder, zh: str, en: str) -> None:
    """Chapter 001 of the sentence layout (zh/ and en/), without gold."""
    for side, text in (("zh", zh), ("en", en)):
        (folder / side).mkdir()
        (folder / side / "001.txt").write_text(text, encoding="utf-8")


def test_a_folder_in_place_of_a_gold_file_is_an_error_not_a_chapter_without_gold(tmp_path):
    _sentence_chapter(tmp_path, "雨停了。\n", "The rain stopped.\n")
    (tmp_path / "gold" / "001.align").mkdir(parents=True)
    with pytest.raises(DataError) as err:
        load_chapters(tmp_path)
    assert str(err.value) == f"{tmp_path / 'gold' / '001.align'}: a folder, not a file"


@pytest.mark.parametrize("linked", ["gold/001.align", "en-para/001.txt", "en/001.txt"])
def test_a_link_loop_in_place_of_a_chapter_file_is_an_error_not_a_file_left_out(tmp_path, linked):
    """A gold or paragraph file that loops was read as absent (a chapter without gold, status 0)."""
    _sentence_chapter(tmp_path, "雨停了。\n", "The rain stopped.\n")
    loop = tmp_path / linked
    loop.parent.mkdir(exist_ok=True)
    loop.unlink(missing_ok=True)
    loop.symlink_to(loop.name)
    with pytest.raises(DataError) as err:
        load_chapters(tmp_path)
    assert str(err.value) == f"{loop}: Too many levels of symbolic links"


def test_a_long_line_that_is_no_bead_is_named_cut_short(tmp_path):
    """A 200 MB line of a gold file was echoed whole in the "one-line" error (200 MB on stderr)."""
    gold = tmp_path / "001.align"
    gold.write_text("[0]:[0]\n" + "a" * 10_000 + "\n")
    with pytest.raises(DataError) as err:
        read_gold(gold)
    assert str(err.value) == f"{gold}: not a bead: '{'a' * 47}… (10014 characters)"


def test_gold_beads_sharing_a_sentence_are_an_error(tmp_path):
    _sentence_chapter(tmp_path, "林晚笑了。\n她走了。\n", "Lin Wan smiled.\nShe left.\n")
    (tmp_path / "gold").mkdir()
    gold = tmp_path / "gold" / "001.align"
    for beads, problem in (
        ("[0,1]:[0]\n[1]:[1]\n", "bead 2 names zh sentence 1 again"),
        ("[0]:[1,1]\n", "bead 1 names en sentence 1 again"),
    ):
        gold.write_text(beads)
        with pytest.raises(DataError) as err:
            load_chapters(tmp_path)
        assert str(err.value) == f"{gold}: {problem}"
    gold.write_text("[1]:[1]\n[0]:[0]\n")  # crossing beads, as MAC's gold has
    assert load_chapters(tmp_path)[0].gold == [((1,), (1,)), ((0,), (0,))]


def test_a_paragraph_file_that_does_not_match_its_sentences_is_a_one_line_error(tmp_path, capsys):
    _sentence_chapter(tmp_path, "林晚笑了。\n她走了。\n", "Lin Wan smiled.\nShe left.\n")
    (tmp_path / "zh-para").mkdir()
    para = tmp_path / "zh-para" / "001.txt"
    para.write_text("林晚笑了。\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_chapters(tmp_path)
    assert str(err.value) == f"{para}: its paragraphs hold 1 of the chapter's 2 sentences"
    para.write_text("林晚笑了。\n她走了。\n", encoding="utf-8")
    (tmp_path / "en-para").mkdir()
    (tmp_path / "en-para" / "001.txt").write_text("Lin Wan smiled and left.\n")
    assert align_main([str(tmp_path), "--paragraphs", "exact"]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path / 'en-para' / '001.txt'}: line 1: not the next sentences of the chapter"
        " (from its sentence line 1)\n",
    )


def test_read_lines_ends_lines_at_line_ends_only(tmp_path):
    # str.splitlines broke a sentence at U+2028, U+0085 or a form feed: every later sentence shifted by
    # one, and the gold's beads scored against the wrong ones without a word
    path = tmp_path / "1.txt"
    path.write_bytes("Tom ran\u2028home.\r\nHe\x85fell\x0cover.\rShe sat.\n\nEnd.\n".encode())
    assert read_lines(path) == ["Tom ran\u2028home.", "He\x85fell\x0cover.", "She sat.", "", "End."]


def test_present_names_a_link_loop_and_a_file_rather_than_skip_them(tmp_path, capsys):
    loop, file = tmp_path / "loop", tmp_path / "file"
    loop.symlink_to(loop)
    file.write_text("x")
    assert present([loop, file, tmp_path / "absent"]) is None
    assert capsys.readouterr() == (
        "",
        f"error: {loop}: a symbolic link that loops\nerror: {file}: not a folder\n",
    )


EVAL_MAINS = {  # each eval command that reads a data folder, and the options before it
    "align": (align.main, []),
    "bleualign_speed": (bleualign_speed.main, ["--upstream-python", "python3"]),
    "bwb_example": (bwb_example.main, []),
    "crossval": (crossval.main, []),
    "errors": (errors.main, []),
    "judge sample": (judge.main, ["sample"]),
    "mt": (mt.main, []),
    "pairing": (pairing.main, ["--eval-dir"]),
    "site": (site.main, []),
    "split": (split.main, []),
}


@pytest.mark.parametrize("command", sorted(EVAL_MAINS))
def test_every_eval_command_names_a_link_loop_given_for_its_data(tmp_path, capsys, command):
    """A link loop was "skipped: no data at LOOP" and status 0, as if the data were not there."""
    main, options = EVAL_MAINS[command]
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    assert main([*options, str(loop)]) == 1
    assert capsys.readouterr() == ("", f"error: {loop}: a symbolic link that loops\n")


def test_a_gold_file_of_no_chapter_text_is_an_error_not_its_chapter_left_out(tmp_path):
    """gold/002.align beside en/002.txt without zh/002.txt: evals.align scored the other chapters, exit 0."""
    _sentence_chapter(tmp_path, "雨停了。\n", "The rain stopped.\n")
    (tmp_path / "gold").mkdir()
    (tmp_path / "gold" / "001.align").write_text("[0]:[0]\n")
    (tmp_path / "gold" / "002.align").write_text("[0]:[0]\n")
    (tmp_path / "en" / "002.txt").write_text("The wind rose.\n")
    with pytest.raises(DataError) as err:
        load_chapters(tmp_path)
    assert str(err.value) == f"{tmp_path}: gold/002.align has no zh/002.txt: its chapter cannot be scored"


def test_a_chapter_without_gold_among_gold_chapters_is_an_error_not_left_out(tmp_path, capsys):
    """zh/ and en/002.txt without gold/002.align beside a scored 001: evals.align aligned 002 but scored
    only 001, exit 0, chapter 002 never named."""
    _sentence_chapter(tmp_path, "雨停了。\n", "The rain stopped.\n")
    (tmp_path / "gold").mkdir()
    (tmp_path / "gold" / "001.align").write_text("[0]:[0]\n")
    (tmp_path / "zh" / "002.txt").write_text("风起了。\n", encoding="utf-8")
    (tmp_path / "en" / "002.txt").write_text("The wind rose.\n")
    assert align_main([str(tmp_path), "--summary"]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {tmp_path}: zh/002.txt has no gold/002.align: its chapter cannot be scored\n",
    )
    (tmp_path / "gold" / "001.align").unlink()  # no gold at all: aligned, unscored
    assert [chapter.gold for chapter in load_chapters(tmp_path)] == [None, None]
