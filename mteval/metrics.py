"""Sentence-level MT metrics: BLEU, chrF and TER with sacreBLEU (default settings, as its command line),
and METEOR with NLTK (WordNet synonyms; the mean of sentence scores).

BERTScore is not computed: it needs model weights from a model hub, which this pipeline never downloads.
On a machine with hub access, ``pip install bert-score`` and score ``text/test.en`` against the system
file with ``bert-score -r REF -c HYP --lang en`` (its signature names the model and version).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sacrebleu.metrics import BLEU, CHRF, TER

_TOKEN = re.compile(r"\w+|[^\w\s]")


@dataclass(frozen=True)
class Score:
    metric: str
    value: float
    signature: str


def sacrebleu_scores(hyps: list[str], refs: list[str]) -> list[Score]:
    """BLEU, chrF and TER of ``hyps`` against one reference each, with sacreBLEU's signatures."""
    scores = []
    for name, metric in (("bleu", BLEU()), ("chrf", CHRF()), ("ter", TER())):
        result = metric.corpus_score(hyps, [refs])
        scores.append(Score(name, float(result.score), str(metric.get_signature())))
    return scores


def tokens(text: str) -> list[str]:
    """METEOR's tokens: words and punctuation marks (NLTK's METEOR lower-cases them itself)."""
    return _TOKEN.findall(text)


def meteor(hyps: list[str], refs: list[str]) -> Score:
    """Mean sentence METEOR (NLTK defaults: alpha 0.9, beta 3, gamma 0.5), scaled to 0-100."""
    from nltk.translate.meteor_score import meteor_score

    from core.langdata import use_project_data

    use_project_data()
    values = [meteor_score([tokens(r)], tokens(h)) for h, r in zip(hyps, refs, strict=True)]
    mean = 100 * sum(values) / len(values) if values else 0.0
    return Score("meteor", mean, "nltk.meteor_score|alpha:0.9|beta:3|gamma:0.5|tok:words+punct")


def sentence_scores(hyps: list[str], refs: list[str]) -> list[Score]:
    return [*sacrebleu_scores(hyps, refs), meteor(hyps, refs)]
