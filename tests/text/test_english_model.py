import subprocess
import sys

import pytest

from text.english_model import spaced_runs


def test_spacy_comes_without_torch_and_torch_stays_importable():
    pytest.importorskip("torch")
    code = (
        "import sys\n"
        "import cohesion.nlp\n"
        "import spacy\n"
        "assert 'torch' not in sys.modules\n"
        "import torch\n"
        "print(torch.__name__)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout == "torch\n"


def test_runs_without_whitespace_are_cut_for_spacy_keeping_offsets():
    """spaCy's tokenizer takes time quadratic in a run of punctuation (20,000 '=' 25 s, a line of 100,000
    in a bead ten minutes of the report's entity counts): no run it reads is longer than 200 characters.
    Checked by the runs spaCy gets, not by a time limit (the first call in a process loads the model)."""
    text = "He saw " + "(" * 450 + " it."
    spaced = spaced_runs(text)
    assert len(spaced) == len(text)
    assert spaced.split() == ["He", "saw", "(" * 200, "(" * 200, "(" * 48, "it."]
    runs = spaced_runs("=" * 100_000).split()
    assert {len(run) for run in runs} == {200, 100_000 - 497 * 201} and len(runs) == 498
