"""BWB-style corpus analysis per split: pronouns by class in both languages, a zero-pronoun proxy, the
share of reviewed (corrected) lines, and named entities of the English test references."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from text.chinese import cut
from text.english_model import spaced_runs
from text.pronouns import CLASSES, class_counts, en_pronouns, zh_pronouns


def is_corrected(bead: Mapping[str, Any]) -> bool:
    """A bead from a reviewer's correction (``{replaced pair_id}.{part}``, see ``qc.corrections``)."""
    return "." in bead["pair_id"].rsplit("/", 1)[-1]


@dataclass
class SplitDiscourse:
    """Counts of one split, added bead by bead."""

    pronouns: dict[str, Counter[str]] = field(default_factory=lambda: {"en": Counter(), "zh": Counter()})
    en_pronouns_two_sided: int = 0
    en_pronouns_no_zh_pronoun: int = 0
    beads: int = 0
    corrected: int = 0

    def add(self, bead: Mapping[str, Any], segment: Callable[[str], list[str]] = cut) -> None:
        """``segment``: ``cut`` or a cache of it (``exports.report_counts``)."""
        en, zh = en_pronouns(bead["en"] or ""), zh_pronouns(bead["zh"] or "", segment)
        self.pronouns["en"].update(class_counts(en))
        self.pronouns["zh"].update(class_counts(zh))
        if bead["en"] and bead["zh"]:
            self.en_pronouns_two_sided += len(en)
            self.en_pronouns_no_zh_pronoun += len(en) if not zh else 0
        self.beads += 1
        self.corrected += is_corrected(bead)


def pronoun_rows(stats: Mapping[str, SplitDiscourse]) -> list[dict[str, Any]]:
    """BWB's pronoun table: per split and language, pronouns of each class and their total."""
    rows = []
    for split, s in stats.items():
        for lang in ("en", "zh"):
            counts = s.pronouns[lang]
            rows.append(
                {
                    "split": split,
                    "lang": lang,
                    **{c: counts[c] for c in CLASSES},
                    "total": sum(counts.values()),
                }
            )
    return rows


def zero_pronoun_rows(stats: Mapping[str, SplitDiscourse]) -> list[dict[str, Any]]:
    return [
        {
            "split": split,
            "en pronouns (two-sided beads)": s.en_pronouns_two_sided,
            "with no zh pronoun in the bead": s.en_pronouns_no_zh_pronoun,
            "share %": round(100 * s.en_pronouns_no_zh_pronoun / s.en_pronouns_two_sided, 1)
            if s.en_pronouns_two_sided
            else 0.0,
        }
        for split, s in stats.items()
    ]


def correction_rows(stats: Mapping[str, SplitDiscourse]) -> list[dict[str, Any]]:
    return [
        {
            "split": split,
            "lines (beads)": s.beads,
            "corrected": s.corrected,
            "share %": round(100 * s.corrected / s.beads, 1) if s.beads else 0.0,
        }
        for split, s in stats.items()
    ]


def entity_rows(lines: Iterable[str]) -> list[dict[str, Any]]:
    """spaCy NER on English lines: mentions and distinct (lower-cased) names per label, most frequent first."""
    from mteval.discourse import nlp

    mentions: Counter[str] = Counter()
    names: dict[str, set[str]] = {}
    for doc in nlp().pipe(map(spaced_runs, lines), batch_size=64):
        for ent in doc.ents:
            mentions[ent.label_] += 1
            names.setdefault(ent.label_, set()).add(ent.text.lower())
    return [
        {"label": label, "mentions": n, "distinct": len(names[label])} for label, n in mentions.most_common()
    ]
