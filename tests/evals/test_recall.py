import pytest

from core.paths import REPO_ROOT
from evals import judge, recall


def _data(tmp_path):
    (tmp_path / "d" / "en").mkdir(parents=True)
    (tmp_path / "d" / "en" / "001.txt").write_text("Theo lost his umbrella.\nHe bought a cheap one.\n")
    (tmp_path / "d" / "lines").mkdir()
    (tmp_path / "d" / "lines" / "001.en").write_text("Anna ran. She fell.\n")
    return tmp_path / "d"


def test_recall_and_precision_inside_the_stretches(tmp_path):
    data = _data(tmp_path)
    gold = tmp_path / "gold.tsv"
    gold.write_text(
        "# comment\n"
        "stretch\ten/001.txt\t0\t1\n"
        "instance\ten/001.txt\treference\tadjacent\t0\t0\t4\t1\t0\t2\n"  # Theo <- He
        "instance\ten/001.txt\tsynonyms\tadjacent\t0\t14\t22\t1\t18\t22\n"  # a miss (invented)
        "stretch\tlines/001.en\t0\t1\n"  # the paragraph is split into two sentences
        "instance\tlines/001.en\treference\tadjacent\t0\t0\t4\t1\t0\t3\n"  # Anna <- She
    )
    g = recall.read_recall_gold(gold, data)
    mined_files = recall.mine_sources(g)
    result = recall.evaluate(g, mined_files)
    assert result.found["reference", "adjacent"] == 2 and result.gold["synonyms", "adjacent"] == 1
    assert [m.phenomenon for m in result.missed] == ["synonyms"]
    # the substitution candidate (umbrella <- one) is in the stretch and not in the gold: wrong
    assert [c.phenomenon for _, c in result.wrong] == ["substitution"]
    lines = recall.report(result)
    assert "| reference | 2/2 (100%) | — | 2/2 (100%) | 2/2 (100%) |" in lines
    assert "| **all** | | | 2/3 (67%) | 2/3 (67%) |" in lines
    out = judge.recall_report(gold, data, show=True)
    assert any(line.startswith("\nMISSED en/001.txt synonyms") for line in out)


def test_malformed_gold_is_a_one_line_error(tmp_path, capsys):
    gold = tmp_path / "gold.tsv"
    gold.write_text("instance\ten/001.txt\treference\tadjacent\t0\n")
    assert judge.main(["recall", str(gold), "--data", str(tmp_path)]) == 1
    assert capsys.readouterr() == ("", f"error: {gold}:1: not a stretch or instance line\n")
    gold.write_bytes(b"stretch\t\xff\n")
    assert judge.main(["recall", str(gold), "--data", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"error: {gold}: invalid UTF-8 at byte offset 8\n"
    gold.write_text("stretch\ten/001.txt\t0\t1\n")  # the source file is missing
    assert judge.main(["recall", str(gold), "--data", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"error: {tmp_path / 'en' / '001.txt'}: No such file or directory\n"


@pytest.mark.parametrize("text", ["", "# comments alone\n\n"])
def test_a_gold_of_no_stretch_is_a_one_line_error_not_an_empty_report(tmp_path, capsys, text):
    """An empty gold printed the report's header and no row, exit 0."""
    gold = tmp_path / "gold.tsv"
    gold.write_text(text)
    assert judge.main(["recall", str(gold), "--data", str(_data(tmp_path))]) == 1
    assert capsys.readouterr() == (
        "",
        f"error: {gold}: no stretch in it (stretch and instance lines, tab-separated)\n",
    )


def test_an_instance_in_no_stretch_of_its_source_is_a_one_line_error_not_a_miss(tmp_path, capsys):
    data = _data(tmp_path)
    gold = tmp_path / "gold.tsv"
    for instance, source in (
        ("lines/001.en\treference\tadjacent\t0\t0\t4\t1\t0\t3", "lines/001.en"),  # a file without a stretch
        ("en/001.txt\treference\tadjacent\t0\t0\t4\t1\t0\t2", "en/001.txt"),  # sentence 1 is beyond 0-0
    ):
        gold.write_text(f"stretch\ten/001.txt\t0\t0\ninstance\t{instance}\n")
        assert judge.main(["recall", str(gold), "--data", str(data)]) == 1
        assert capsys.readouterr() == ("", f"error: {gold}:2: the instance lies in no stretch of {source}\n")


def test_an_instance_listed_twice_is_a_one_line_error_not_counted_twice(tmp_path, capsys):
    data = _data(tmp_path)
    gold = tmp_path / "gold.tsv"
    instance = "instance\ten/001.txt\treference\tadjacent\t0\t0\t4\t1\t0\t2\n"  # Theo <- He
    gold.write_text("stretch\ten/001.txt\t0\t1\n" + instance + "# a line copied\n" + instance)
    assert judge.main(["recall", str(gold), "--data", str(data)]) == 1  # was recall 2/2
    assert capsys.readouterr() == (
        "",
        f"error: {gold}:4: the instance of line 2 again (it would count twice)\n",
    )


def test_a_sentence_past_the_end_of_its_source_is_a_one_line_error_not_a_miss(tmp_path, capsys):
    data = _data(tmp_path)  # en/001.txt: 2 sentences; lines/001.en: 1 paragraph of 2
    gold = tmp_path / "gold.tsv"
    for lines, n, sentence, source in (
        ("stretch\ten/001.txt\t0\t2\n", 1, 2, "en/001.txt"),
        (  # the instance names sentence 2 before a stretch line does
            "instance\tlines/001.en\treference\tadjacent\t0\t0\t4\t2\t0\t3\nstretch\tlines/001.en\t0\t5\n",
            1,
            2,
            "lines/001.en",
        ),
    ):
        gold.write_text(lines)
        assert judge.main(["recall", str(gold), "--data", str(data)]) == 1
        assert capsys.readouterr() == (
            "",
            f"error: {gold}:{n}: sentence {sentence} is past the end of {source} (2 sentences)\n",
        )


@pytest.mark.parametrize(
    "line, problem",
    [
        ("stretch\ten/001.txt\t1\t0", "a stretch from sentence 1 to 0"),
        ("stretch\ten/001.txt\t-1\t1", "a stretch from sentence -1 to 1"),
        (
            "instance\ten/001.txt\treference\tadjacent\t-1\t0\t3\t0\t0\t3",
            "sentence -1: sentences are numbered from 0",
        ),
        (
            "instance\ten/001.txt\treference\tadjacent\t0\t4\t2\t1\t0\t3",
            "characters 4 to 2 of sentence 0: not a span",
        ),
        (
            "instance\ten/001.txt\treference\tadjacent\t0\t0\t3\t1\t0\t99",
            "character 99 is past the end of sentence 1 of en/001.txt (22 characters)",
        ),
    ],
)
def test_a_stretch_or_span_that_names_no_text_is_a_one_line_error_not_a_miss(tmp_path, capsys, line, problem):
    data = _data(tmp_path)
    gold = tmp_path / "gold.tsv"
    gold.write_text(f"stretch\ten/001.txt\t0\t1\n{line}\n")
    assert judge.main(["recall", str(gold), "--data", str(data)]) == 1
    assert capsys.readouterr() == ("", f"error: {gold}:2: {problem}\n")


def test_a_stretch_digest_ties_the_gold_to_its_sentences(tmp_path, capsys):
    data = _data(tmp_path)
    digest = recall.stretch_digest(["Theo lost his umbrella.", "He bought a cheap one."])
    gold = tmp_path / "gold.tsv"
    gold.write_text(f"stretch\ten/001.txt\t0\t1\t{digest}\n")
    assert recall.read_recall_gold(gold, data).stretches == {"en/001.txt": [(0, 1)]}
    (data / "en" / "001.txt").write_text(
        "Theo lost his umbrella. He bought a cheap one.\nHe smiled.\n"
    )  # re-split
    assert judge.main(["recall", str(gold), "--data", str(data)]) == 1
    today = recall.stretch_digest(["Theo lost his umbrella. He bought a cheap one.", "He smiled."])
    assert capsys.readouterr().err == (
        f"error: {gold}:1: sentences 0-1 of en/001.txt are not those the gold was annotated on (digest {today},"
        f" the gold's {digest}): the data or the sentence splitter changed them; number the gold's sentences anew\n"
    )


def test_every_committed_recall_gold_stretch_has_a_digest():
    golds = sorted((REPO_ROOT / "cohesion" / "judgements").glob("recall-*.tsv"))
    stretches = [line.split("\t") for g in golds for line in g.read_text().splitlines()]
    stretches = [f for f in stretches if f[0] == "stretch"]
    assert len(golds) >= 9 and len(stretches) >= 35
    assert all(len(f) == 5 and len(f[4]) == 12 for f in stretches)
