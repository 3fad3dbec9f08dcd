import random
import subprocess
import sys

import pytest

from mteval.metrics import meteor, sentence_scores

REFS = [
    "The old gate creaked open before dawn.",
    "Mira counted the lanterns twice.",
    "Nobody in the village had seen snow in June.",
    "She packed bread, salt and a map.",
    "By noon the road had turned to mud.",
    "The ferryman asked for three coins, not two.",
]


def _shuffled(lines):
    out = list(lines)
    random.Random(4).shuffle(out)
    return out


def test_identity_scores_perfect_and_shuffled_lower():
    identity = {s.metric: s.value for s in sentence_scores(REFS, REFS)}
    shuffled = {s.metric: s.value for s in sentence_scores(_shuffled(REFS), REFS)}
    assert identity["bleu"] == pytest.approx(100) and identity["chrf"] == pytest.approx(100)
    assert identity["ter"] == 0 and identity["meteor"] > 99
    assert (
        shuffled["bleu"] < 20 and shuffled["chrf"] < 50 and shuffled["ter"] > 50 and shuffled["meteor"] < 50
    )


def test_scores_equal_the_sacrebleu_command_line(tmp_path):
    ref, hyp = tmp_path / "ref.en", tmp_path / "hyp.en"
    hyps = _shuffled(REFS)[:3] + REFS[3:]
    ref.write_text("\n".join(REFS) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(hyps) + "\n", encoding="utf-8")
    cli = subprocess.run(
        [
            sys.executable,
            "-m",
            "sacrebleu",
            str(ref),
            "-i",
            str(hyp),
            "-m",
            "bleu",
            "chrf",
            "ter",
            "-b",
            "-w",
            "4",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    ours = [round(s.value, 4) for s in sentence_scores(hyps, REFS) if s.metric != "meteor"]
    assert ours == [float(v) for v in cli.stdout.replace("[", "").replace("]", "").replace(",", " ").split()]


def test_meteor_signature_and_empty_input():
    assert meteor([], []).value == 0.0
    assert meteor(["a b"], ["a b"]).signature.startswith("nltk.meteor_score")
