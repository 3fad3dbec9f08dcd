"""``python -m cohesion.evaluate`` end to end with tiny random models saved to disk, and bad input."""

import json
import sys

import pyarrow.parquet as pq
import pytest
import torch

from cohesion import evaluate
from cohesion.probe import MaskedLMProbe, Skip
from cohesion.suite import span_problem
from core.folder_lock import sole_writer
from tests.cohesion.test_probe import CONTEXT, TARGET, VOCAB
from tests.cohesion.tiny_models import SENTENCES, StubModel, byte_bpe, tiny_bart, tiny_bert, wordpiece
from tests.helpers import unlistable


def _item(id_: str, phenomenon: str, adjacent: bool, context: list[str], target: str, word: str) -> dict:
    start = target.index(word)
    return {
        "id": id_,
        "phenomenon": phenomenon,
        "subtype": "",
        "adjacent": adjacent,
        "distance": len(context),
        "context": context,
        "target": target,
        "a": None,
        "b": {"start": start, "end": start + len(word), "text": word},
    }


ITEMS = [
    _item("i1", "repetition", True, [SENTENCES[0]], SENTENCES[1], "lamp"),
    _item("i2", "reference", False, [SENTENCES[0], SENTENCES[1]], SENTENCES[2], "She"),
    _item("i3", "conjunction", True, [SENTENCES[3]], SENTENCES[4], "However"),
    _item("i4", "repetition", False, [SENTENCES[2], SENTENCES[5]], SENTENCES[6], "boat"),
]


def _suite(tmp_path, items=ITEMS, extra: str = ""):
    path = tmp_path / "suite.jsonl"
    path.write_text("".join(json.dumps(i) + "\n" for i in items) + extra, encoding="utf-8")
    return str(path)


def _save(model, tokenizer, path):
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return str(path)


def test_tiny_bert_and_bart_run_the_whole_probe(tmp_path, capsys):
    bert = _save(tiny_bert(tok := wordpiece()), tok, tmp_path / "tiny-bert")
    bart = _save(tiny_bart(bpe := byte_bpe()), bpe, tmp_path / "tiny-bart")
    out = tmp_path / "eval"
    argv = ["--suite", _suite(tmp_path), "--model", bert, "--model", bart, "--model", "baseline:context"]
    assert evaluate.main(argv + ["--batch-size", "3", "--out", str(out)]) == 0
    rows = pq.read_table(out / "probe.parquet").to_pylist()
    assert [(r["model"], r["item_id"]) for r in rows] == [(m, i["id"]) for m in (bert, bart, "baseline:context")
                                                          for i in ITEMS]  # fmt: skip
    for r in rows[:8]:
        assert 0 < r["p_context"] <= 1 and 0 < r["p_no_context"] <= 1
    pieces = {(r["model"], r["item_id"]): r["pieces"] for r in rows}
    assert pieces[bert, "i1"] == len(tok.tokenize("lamp")) and pieces[bart, "i1"] == len(
        bpe.tokenize(" lamp")
    )
    printed = capsys.readouterr().out
    assert "Table 2: hit@1" in printed and "Table 3: mean p(target)" in printed
    tables = (out / "tables.md").read_text()
    assert "| repetition | non-adjacent |" in tables and "| tiny-bert with | tiny-bert without |" in tables


def test_stub_values_reach_the_parquet_and_table_3(tmp_path, capsys, monkeypatch):
    """The hand-computed probabilities of test_probe (3/20 with context, 1/2 alone) end up in both outputs."""
    tokenizer = wordpiece(VOCAB)
    ids, mask = tokenizer.convert_tokens_to_ids, tokenizer.mask_token_id

    def table(row, t, length):
        if row.count(mask) == 2:
            return {ids("lantern"): 3, ids("boat"): 1} if length > 8 else {ids("lantern"): 3, ids("the"): 3}
        return {ids("##maker"): 1, ids("##s"): 4} if length > 8 else {ids("##maker"): 1}

    stub = MaskedLMProbe(StubModel(len(VOCAB), table), tokenizer)
    monkeypatch.setattr("cohesion.probe_load.load_probe", lambda name, device: stub)
    item = _item("s1", "repetition", True, [CONTEXT.strip()], TARGET, "lanternmaker")
    assert (
        evaluate.main(["--suite", _suite(tmp_path, [item]), "--model", "stub", "--out", str(tmp_path)]) == 0
    )
    (row,) = pq.read_table(tmp_path / "probe.parquet").to_pylist()
    assert (row["prediction"], row["hit"], row["pieces"]) == ("lanterns", False, 2)
    assert row["p_context"] == pytest.approx(0.15) and row["p_no_context"] == pytest.approx(0.5)
    assert "| repetition | 0.150 (1) | 0.500 |" in (tmp_path / "tables.md").read_text()
    assert "0.0 (1)" in capsys.readouterr().out


def test_unloadable_model_is_one_line_naming_it(tmp_path, capsys):
    assert evaluate.main(["--suite", _suite(tmp_path), "--model", "no-such-org/no-such-model"]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert (
        err.startswith("error: model ")
        and "'no-such-org/no-such-model'" in err
        and "--model models/no-such-model" in err
    )


def test_a_model_path_that_is_no_folder_is_named(tmp_path, capsys):
    missing, file = str(tmp_path / "models" / "bert"), tmp_path / "suite.jsonl"
    assert evaluate.main(["--suite", _suite(tmp_path), "--model", missing]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"error: model {missing!r}: no such folder"
    assert evaluate.main(["--suite", _suite(tmp_path), "--model", str(file)]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"error: model {str(file)!r}: not a folder (a model is a folder with config.json and the weights)"
    )


def test_a_missing_probe_extra_is_one_line_naming_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", None)  # as if not installed: ``import torch`` fails
    assert evaluate.main(["--suite", _suite(tmp_path), "--model", "some-model"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "error: model 'some-model': the probe needs torch and transformers (torch is missing): "
        "pip install -e '.[probe]'"
    )


def test_malformed_suite_line_is_named(tmp_path, capsys):
    assert evaluate.main(["--suite", _suite(tmp_path, extra="{oops\n"), "--model", "baseline:context"]) == 2
    assert capsys.readouterr().err.strip().endswith("suite.jsonl:5: not JSON (Expecting property name "
                                                    "enclosed in double quotes, column 2)")  # fmt: skip
    bad = ITEMS[0] | {"target": None}
    assert evaluate.main(["--suite", _suite(tmp_path, [bad]), "--model", "baseline:context"]) == 2
    assert "suite.jsonl:1: field 'target' missing or not a str" in capsys.readouterr().err
    assert (
        evaluate.main(["--suite", _suite(tmp_path, extra="[" * 100_000), "--model", "baseline:context"]) == 2
    )
    assert capsys.readouterr().err.strip().endswith("suite.jsonl:5: cannot be read: nested too deeply")


def test_a_distance_the_results_table_cannot_hold_is_named_before_any_model_runs(tmp_path, capsys):
    suite = _suite(tmp_path, [ITEMS[0] | {"distance": 10**19}])
    assert evaluate.main(["--suite", suite, "--model", "baseline:context", "--out", str(tmp_path / "e")]) == 2
    assert capsys.readouterr().err == (
        f"error: {suite}:1: field 'distance' is 10000000000000000000, not a number of sentences\n"
    )


def test_span_mismatch_is_skipped_by_name_and_counted(tmp_path, capsys):
    moved = ITEMS[0] | {"id": "moved", "b": {"start": 0, "end": 3, "text": "lamp"}}
    out = tmp_path / "eval"
    argv = ["--suite", _suite(tmp_path, [moved, ITEMS[1]]), "--model", "baseline:context", "--out", str(out)]
    assert evaluate.main(argv) == 0
    err = capsys.readouterr().err
    assert "skipped moved: b [0:3] is 'The' in the target, not 'lamp'" in err
    assert "1 items, 1 skipped (span does not match)" in err
    assert [r["item_id"] for r in pq.read_table(out / "probe.parquet").to_pylist()] == ["i2"]


@pytest.mark.parametrize(
    "b, problem",
    [
        ({"start": -4, "end": -1, "text": "amp"}, "b [-4:-1] is not a span of the "),
        ({"start": 0, "end": 10**9, "text": "x"}, "b [0:1000000000] is not a span of the "),
        ({"start": False, "end": True, "text": "T"}, "b [False:True] is not a span of the "),
        ({"start": 4, "end": 2, "text": ""}, "b [4:2] is not a span of the "),
        ({"start": 2, "end": 2, "text": ""}, "b [2:2] is not a span of the "),
        ({"start": 0, "end": 3, "text": "lamp"}, "b [0:3] is 'The' in the target, not 'lamp'"),
    ],
)
def test_span_problem_refuses_offsets_python_slicing_would_take(b, problem):
    assert span_problem(ITEMS[0] | {"b": b}).startswith(problem)
    assert span_problem(ITEMS[0]) is None


def _no_tagger():
    raise AssertionError("the tagger was loaded before the corpus was read")


def test_an_unreadable_corpus_file_is_one_line(tmp_path, capsys, monkeypatch):
    """Named before spaCy's tagger loads and tags the suite (which took a minute on a busy machine)."""
    monkeypatch.setattr("cohesion.nlp.load_tagger", _no_tagger)
    (tmp_path / "bad.parquet").write_bytes(b"not parquet")
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "1.parquet").write_bytes(b"")
    unlistable(monkeypatch, tmp_path / "locked")
    (tmp_path / "rows.jsonl").write_text('{"zh_sentences": []}\n', encoding="utf-8")
    (tmp_path / "no-parquet").mkdir()
    (tmp_path / "empty.jsonl").write_text('{"en_sentences": []}\n', encoding="utf-8")
    for corpus, error in [
        ("bad.parquet", "cannot be read: "),
        ("rows.jsonl", "row 1: no en_sentences list"),
        ("missing.json", "No such file or directory"),
        ("no-parquet", "a folder without *.parquet chapter files"),
        ("locked", "cannot be read (Permission denied)"),  # was "a folder without *.parquet chapter files"
        ("empty.jsonl", "no English sentences to count words in"),
    ]:
        argv = [
            "--suite",
            _suite(tmp_path),
            "--model",
            "baseline:unigram",
            "--corpus",
            str(tmp_path / corpus),
        ]
        assert evaluate.main(argv) == 2
        assert (
            capsys.readouterr()
            .err.strip()
            .splitlines()[-1]
            .startswith(f"error: {tmp_path / corpus}: {error}")
        )


@pytest.mark.parametrize(
    ("items", "why"),
    [
        ([], ""),
        ([ITEMS[0] | {"b": {"start": 0, "end": 3, "text": "lamp"}}], " (1 skipped: span does not match)"),
    ],
)
def test_a_suite_without_an_item_to_score_is_one_line(tmp_path, capsys, items, why):
    """An empty suite's error came after a line of "0 items, 0 skipped"."""
    suite = _suite(tmp_path, items)
    assert evaluate.main(["--suite", suite, "--model", "baseline:context", "--out", str(tmp_path / "e")]) == 2
    lines = capsys.readouterr().err.splitlines()  # after the line naming each item skipped
    assert lines[len(items) :] == [f"error: {suite}: no item to score{why}"]
    assert not (tmp_path / "e" / "probe.parquet").exists()


def test_an_output_folder_that_cannot_be_written_is_one_line(tmp_path, capsys):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    argv = ["--suite", _suite(tmp_path), "--model", "baseline:context", "--out"]
    with pytest.raises(SystemExit) as exited:
        evaluate.main([*argv, str(tmp_path / "file")])
    assert exited.value.code == 2 and capsys.readouterr().err == (
        f"python -m cohesion.evaluate: error: argument --out: '{tmp_path}/file': {tmp_path}/file is a file, not a folder"
        " (see python -m cohesion.evaluate --help)\n"
    )
    (tmp_path / "e" / "probe.parquet").mkdir(parents=True)
    assert evaluate.main([*argv, str(tmp_path / "e")]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"error: cannot write {tmp_path}/e/probe.parquet: Is a directory"
    )


@pytest.mark.parametrize(
    ("option", "value", "problem"),
    [
        ("--out", "", "'' is not a folder (write . for the current one)"),  # it wrote into the current one
        ("--corpus", "", "'' is not a path (an unset variable? write . for the current folder)"),
        ("--model", "", "'' is not a model name (an unset variable?)"),
        (
            "--model",
            "baseline:bigram",
            "'baseline:bigram' is no baseline (known: baseline:unigram, baseline:context)",
        ),
    ],
)
def test_an_empty_path_or_model_and_an_unknown_baseline_are_one_line(
    tmp_path, capsys, option, value, problem
):
    argv = ["--suite", _suite(tmp_path), "--model", "baseline:context", option, value]
    with pytest.raises(SystemExit) as exited:
        evaluate.main(argv)
    assert exited.value.code == 2 and capsys.readouterr().err == (
        f"python -m cohesion.evaluate: error: argument {option}: {problem} (see python -m cohesion.evaluate --help)\n"
    )


def test_a_corpus_without_the_unigram_baseline_is_refused(tmp_path, capsys):
    argv = ["--suite", _suite(tmp_path), "--model", "baseline:context", "--corpus", str(tmp_path / "none")]
    with pytest.raises(SystemExit) as exited:
        evaluate.main([*argv, "--out", str(tmp_path / "e")])
    assert exited.value.code == 2 and capsys.readouterr().err == (
        "python -m cohesion.evaluate: error: --corpus: only --model baseline:unigram counts words on a corpus"
        " (see python -m cohesion.evaluate --help)\n"
    )
    assert not (tmp_path / "e").exists()


def test_help_describes_every_option(capsys):
    with pytest.raises(SystemExit):
        evaluate.main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    for option in (
        "--suite SUITE test-suite JSONL",
        "--model NAME_OR_DIR a masked LM",
        "--corpus CHAPTERS chapter",
        "--device {cpu,cuda} where models run",
        "--batch-size BATCH_SIZE items per model call",
        "--out OUT folder for probe.parquet",
    ):
        assert option in text


def test_a_run_after_a_killed_one_leaves_nothing_beside_its_results(tmp_path, capsys):
    import subprocess

    from core import storage

    dead = subprocess.Popen(["true"])
    dead.wait()
    out = tmp_path / "eval"
    out.mkdir()
    for name in ("probe.parquet", "tables.md"):
        (out / f".{name}.{storage._HOST}.{dead.pid}.tmp").write_bytes(b"half")
    argv = ["--suite", _suite(tmp_path), "--model", "baseline:context", "--out", str(out)]
    assert evaluate.main(argv) == 0
    assert sorted(p.name for p in out.iterdir()) == ["probe.parquet", "tables.md"]


class _Hungry:
    """A probe whose batch does not fit in memory, as torch says so."""

    def __init__(self, error: RuntimeError) -> None:
        self.error = error

    def fill(self, slots):
        raise self.error


@pytest.mark.parametrize(
    ("device", "error"),
    [
        ("cuda", torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 61.04 GiB")),
        (
            "cpu",
            RuntimeError("[enforce fail at alloc_cpu.cpp:127] DefaultCPUAllocator: can't allocate memory"),
        ),
    ],
)
def test_a_batch_too_large_for_the_memory_is_one_line(tmp_path, capsys, monkeypatch, device, error):
    """``--batch-size 4096`` ended in torch's traceback."""
    monkeypatch.setattr("cohesion.probe_load.load_probe", lambda name, device: _Hungry(error))
    argv = ["--suite", _suite(tmp_path), "--model", "tiny", "--device", device, "--batch-size", "4096"]
    assert evaluate.main(argv + ["--out", str(tmp_path / "eval")]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"error: tiny: out of memory on {device} at --batch-size 4096: give a smaller one"
    )


class _Blind:
    """A probe that can score no slot (every target too long for it)."""

    def fill(self, slots):
        return [Skip("too_long")] * len(slots)


def test_a_model_that_skips_every_item_is_one_line_and_writes_nothing(tmp_path, capsys, monkeypatch):
    """It exited 0 with empty tables."""
    monkeypatch.setattr("cohesion.probe_load.load_probe", lambda name, device: _Blind())
    argv = ["--suite", _suite(tmp_path), "--model", "baseline:context", "--model", "blind"]
    assert evaluate.main([*argv, "--out", str(tmp_path / "eval")]) == 1
    assert capsys.readouterr().err.splitlines()[-1] == (
        "error: blind: every item skipped (4 too_long): nothing to score"
    )
    assert list((tmp_path / "eval").iterdir()) == []


def test_a_run_into_a_folder_another_run_writes_to_is_one_line_and_writes_nothing(tmp_path, capsys):
    """Two runs on one --out wrote their tables by turns: one run's probe.parquet beside the other's tables."""
    out = tmp_path / "eval"
    out.mkdir()
    with sole_writer(out, "cohesion.evaluate"):  # as the other run holds it
        assert (
            evaluate.main(["--suite", _suite(tmp_path), "--model", "baseline:context", "--out", str(out)])
            == 2
        )
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"error: {out}: another cohesion.evaluate run is writing there: wait for it to end"
    )
    assert list(out.iterdir()) == []


def test_a_model_named_twice_is_scored_once(tmp_path, capsys):
    """``--model baseline:context`` twice (``make evaluate MODELS='m m'``) counted every item twice in its
    hit@1 column: "(8)" items of a suite of 4."""
    out = tmp_path / "e"
    argv = ["--suite", _suite(tmp_path), "--model", "baseline:context", "--model", "baseline:context"]
    assert evaluate.main([*argv, "--out", str(out)]) == 0
    assert pq.read_table(out / "probe.parquet").num_rows == len(ITEMS)


def test_a_suite_whose_path_is_not_utf8_is_named_in_the_tables(tmp_path):
    """A suite in a folder named in Latin-1 (or in UTF-8, read in the C locale) ended in a UnicodeEncodeError
    traceback as tables.md was written, its results unwritten."""
    folder = tmp_path / ("caf" + b"\xe9".decode("utf-8", "surrogateescape"))
    folder.mkdir()
    suite, out = _suite(folder), tmp_path / "e"
    assert evaluate.main(["--suite", suite, "--model", "baseline:context", "--out", str(out)]) == 0
    assert f"Suite `{tmp_path}/caf\ufffd/suite.jsonl`" in (out / "tables.md").read_text(encoding="utf-8")
