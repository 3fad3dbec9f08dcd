"""Every quality figure of README.md (a :class:`evals.figure.Figure` each), with the command that prints it
and where the README shows it.

``tests/evals/test_figures.py`` (slow, skipped without ``../shared/eval-data``) runs each command once
and asserts every figure; speed figures (CPU time, machine-dependent) are not listed here.
"""

from __future__ import annotations

from evals.figure import Figure, each, grab, span


def _align(data: str, *options: str) -> str:
    return " ".join(("python -m evals.align", f"../shared/eval-data/{data}", *options, "--summary"))


ALL = r"^\s+all  strict P (\S+) R (\S+) F1 (\S+)  lax P (\S+) R (\S+) F1 (\S+)  line acc (\S+)"
STRICT_LAX_LINE = "strict {2:~.3f}, lax {5:~.3f}, line acc {6:~.3f}"
SPLIT = "python -m evals.split"
CROSSVAL, CROSSVAL_HYBRID = "python -m evals.crossval", "python -m evals.crossval --method hybrid"
CV = (
    r"^\s+{} cross-validated \(one chapter per fold, 16 folds\): strict F1 (\S+)  lax F1 (\S+)  line acc ([\d.]+);"
    r"  per fold strict F1 mean (\S+) sd (\S+) min (\S+) max (\S+)"
)
CV_TEXT = (
    "strict {0:~.3f}, lax {1:~.3f}, line acc {2:~.3f}, per-fold strict F1 mean {3:~.3f}, sd {4:~.3f},"
    " {5:~.3f}–{6:~.3f}"
)
BLEUALIGN = _align("mac-dev-mt", "--method", "bleualign")
RECALL = "python -m evals.judge recall cohesion/judgements/recall-gold.tsv"
STORIES = "python -m evals.stories cohesion/judgements/stories-1.jsonl"
STORIES_HELD_OUT = "python -m evals.stories cohesion/judgements/stories-2.jsonl"
STORIES_THIRD = "python -m evals.stories cohesion/judgements/stories-3.jsonl"
STORIES_FOURTH = "python -m evals.stories cohesion/judgements/stories-4.jsonl"
STORIES_FIFTH = "python -m evals.stories cohesion/judgements/stories-5.jsonl"
SCORE = (
    "python -m evals.judge score cohesion/judgements/mac-dev-pass1.tsv cohesion/judgements/mac-dev-pass2.tsv"
)
SCORE_WEB = (
    "python -m evals.judge score cohesion/judgements/webfiction-dev-pass1.tsv"
    " cohesion/judgements/webfiction-dev-pass2.tsv"
)
SCORE_NOW = (
    "python -m evals.judge score cohesion/judgements/mac-dev-current-pass1.tsv"
    " cohesion/judgements/mac-dev-current-pass3.tsv"
)
SCORE_LATEST = (
    "python -m evals.judge score cohesion/judgements/mac-dev-f09f115-pass1.tsv"
    " cohesion/judgements/mac-dev-f09f115-pass2.tsv"
)
SCORE_WEB_NOW = (
    "python -m evals.judge score cohesion/judgements/webfiction-dev-current-pass1.tsv"
    " cohesion/judgements/webfiction-dev-current-pass2.tsv"
)
DEMO = "python -m evals.demo_align"
SITE = "python -m evals.site"
SITE_LINES = r"end to end (\d+)/(\d+) lines recovered \((\S+)\)"
MT = "python -m evals.mt"
SEEDS = (0, 1, 2)
PAIRING = tuple(f"python -m evals.pairing --seed {seed}" for seed in SEEDS)
PAIRING_WHOLE = tuple(f"python -m evals.pairing --pieces 1 --seed {seed}" for seed in SEEDS)
PAIRED = r"^{0}\s+numbered\s+(\d+)/.*\n(?:.*\n)*^{0}\s+all\s+(\S+)\s+(\S+)\s+\S+/\S+\s+\((\d+) gold pairs\)"
BY_NUMBER = r"^{}\s+all\s+\S+\s+\S+\s+(\S+)/"

ROW_SPLIT = "| sentence splitting"
ROW_MAC = "| alignment, default method, MAC-dev"
ROW_WEB = "| alignment, default method, webfiction-dev"
ROW_HYBRID_MAC = "| hybrid (dictionary + a margin of joined-text embeddings), MAC-dev"
ROW_HYBRID_WEB = "| hybrid, webfiction-dev"
ROW_SITE = "| web novels end to end"
ROW_GALE = "| Gale–Church baseline"
ROW_BLEUALIGN = "| Bleualign mode"
ROW_BWB = "| BWB example chapter"
ROW_DEMO = "| demo books"
ROW_RECALL = "| cohesion recall and precision, first hand gold"
ROW_STORIES = "| cohesion stories, first set"
ROW_STORIES_HELD_OUT = "| same, second set"
ROW_STORIES_THIRD = "| same, third set"
ROW_STORIES_FOURTH = "| same, fourth set"
ROW_STORIES_FIFTH = "| same, fifth set"
ROW_SCORE = "| cohesion precision, mac-dev, rules before the recall round"
ROW_SCORE_WEB = "| cohesion precision, webfiction-dev, rules of 905b36a"
ROW_SCORE_NOW = "| cohesion precision, mac-dev, rules of 0e489c7"
ROW_SCORE_WEB_NOW = "| cohesion precision, webfiction-dev, rules of c079478"
ROW_SCORE_LATEST = "| cohesion precision, mac-dev, rules of f09f115"
ROW_PAIRING = "| chapter pairing"
ROW_WHOLE = "| same, whole chapters"
ROW_MT = "| Google MT vs the published translation"
ROW_CONTROL = "| control: each chapter's MT vs the next chapter"


def _cell(phenomenon: str, adjacency: str) -> str:
    return rf"^\| {phenomenon} \| {adjacency} \| (\d+) \| \d+ \| (\d+)%"


def _score_cells(conjunction: tuple[str, ...]) -> tuple[str, ...]:
    """The patterns of ``evals.judge score``'s cells (both adjacencies of repetition, synonyms and
    reference; adjacent substitution and ellipsis; conjunction at ``conjunction``) and its kappa."""
    return (
        *(_cell(p, a) for p in ("repetition", "synonyms", "reference") for a in ("adjacent", "non_adjacent")),
        *(_cell(p, "adjacent") for p in ("substitution", "ellipsis")),
        *(_cell("conjunction", a) for a in conjunction),
        r"kappa (\S+)$",
    )


def _precision(command: str, row: str, non_adjacent_conjunction: bool, kappa: str) -> Figure:
    """The figure of an ``evals.judge score`` of two passes: each cell's precision (conjunction's
    non-adjacent cell where it was found) and the kappa between the passes, named ``kappa``."""
    if non_adjacent_conjunction:
        cells, conjunction, agreement = ("adjacent", "non_adjacent"), "{17}% / {19}% ({18})", "{20:.2f}"
    else:
        cells, conjunction, agreement = ("adjacent",), "{17}% / none found", "{18:.2f}"
    text = (
        "repetition {1}% / {3}%, synonyms {5}% ({4}) / {7}% ({6}), reference {9}% / {11}%, substitution {13}% ({12}) "
        "/ none found, ellipsis {15}% ({14}) / none found, conjunction "
    )
    return Figure((command,), grab(*_score_cells(cells)), f"{text}{conjunction}; {kappa} {agreement}", row)


def _recall(phenomenon: str) -> str:
    return rf"^\| {phenomenon} \| [^|]+\| [^|]+\| \d+/\d+ \((\d+)%\)"


def _recall_cells(*counted: str) -> tuple[str, ...]:
    """The patterns of ``evals.judge recall``'s output: all instances (found, listed, recall, precision),
    the recall of repetition, reference and conjunction, and the found/listed of each of ``counted``."""
    return (
        r"^\| \*\*all\*\* \| \| \| (\d+)/(\d+) \((\d+)%\) \| \d+/\d+ \((\d+)%\)",
        *(_recall(name) for name in ("repetition", "reference", "conjunction")),
        *(rf"^\| {name} \| [^|]+\| [^|]+\| (\d+/\d+) " for name in counted),
    )


def _recall_figure(command: str, row: str, label: str, *counted: str) -> Figure:
    """The figure of an ``evals.judge recall``: ``label``, then recall (found/listed; repetition, reference
    and conjunction in percent, synonyms and each of ``counted`` as found/listed) and precision."""
    extra = "".join(f", {name} {{{8 + k}}}" for k, name in enumerate(counted))
    text = (
        f"{label}: recall {{2}}% ({{0}}/{{1}}; repetition {{4}}%, reference {{5}}%, conjunction {{6}}%,"
        f" synonyms {{7}}{extra}), precision inside the stretches {{3}}%"
    )
    return Figure((command,), grab(*_recall_cells("synonyms", *counted)), text, row)


def _gold(file: str, label: str, *counted: str, ordinal: str = "") -> Figure:
    """:func:`_recall_figure` of the gold ``cohesion/judgements/recall-{file}.tsv``, whose README row names
    it by ``ordinal`` (default: ``file``)."""
    command = f"python -m evals.judge recall cohesion/judgements/recall-{file}.tsv"
    return _recall_figure(command, f"| cohesion recall, {ordinal or file} hand gold", label, *counted)


def _tuned_since(recall: int, reference: int, precision: int) -> str:
    """The label of a gold measured once untuned (recall, reference, precision in percent), tuned on since."""
    return f"dev (tuned on since; untuned {recall}%, reference {reference}%, precision {precision}%)"


def _held_out(recall: int, reference: int, precision: int) -> str:
    """The label of a gold measured once untuned when written, its misses never read since."""
    return f"held out (untuned when written: {recall}%, reference {reference}%, precision {precision}%)"


def _story_cells(*non_adjacent: str) -> tuple[str, ...]:
    """The patterns of ``evals.stories``'s output: the stories found (found, stories, percent), then the
    found/stories of each of ``non_adjacent``'s non-adjacent cell."""
    return (
        r"^found (\d+) of (\d+) stories \((\d+)%\)",
        *(rf"^\| {name} \| non_adjacent \| (\d+) \| (\d+) \|" for name in non_adjacent),
    )


MT_ROW = r"^  {}\s+" + r"\s+".join([r"(\S+)"] * 9)
MT_TEXT = " | ".join(f"{{{k}:.2f}}" for k in range(9)) + " |"

FIGURES: tuple[Figure, ...] = (
    Figure(
        (SPLIT,),
        grab(r"^zh\s+\S+\s+\S+\s+(\S+)", r"^en\s+\S+\s+\S+\s+(\S+)"),
        "zh {0:.3f}, en {1:.3f}",
        ROW_SPLIT,
    ),
    # the default aligner
    Figure(
        (_align("mac-dev"),),
        grab(ALL),
        "dev (tuned on): strict P/R/F1 {0:~.3f}/{1:~.3f}/{2:~.3f}, lax F1 {5:~.3f}, line accuracy {6:~.3f}",
        ROW_MAC,
    ),
    Figure((CROSSVAL,), grab(CV.format("mac-dev")), f"cross-validated: {CV_TEXT}", ROW_MAC),
    Figure((_align("webfiction-dev"),), grab(ALL), f"dev (tuned on): {STRICT_LAX_LINE}", ROW_WEB),
    Figure((CROSSVAL,), grab(CV.format("webfiction-dev")), f"cross-validated: {CV_TEXT}", ROW_WEB),
    Figure(
        (_align("webfiction-dev", "--paragraphs", "none"),),
        grab(ALL),
        "--paragraphs none`): strict {2:~.3f}, line acc {6:~.3f}",
        ROW_WEB,
    ),
    Figure(
        (_align("webfiction-dev", "--paragraphs", "exact"),),
        grab(ALL),
        "--paragraphs exact`): strict {2:~.3f}, line acc {6:~.3f}",
        ROW_WEB,
    ),
    # hybrid
    Figure(
        (_align("mac-dev", "--method", "hybrid"),),
        grab(ALL),
        f"dev (tuned on): {STRICT_LAX_LINE}",
        ROW_HYBRID_MAC,
    ),
    Figure((CROSSVAL_HYBRID,), grab(CV.format("mac-dev")), f"cross-validated: {CV_TEXT}", ROW_HYBRID_MAC),
    Figure(
        (_align("webfiction-dev", "--method", "hybrid"),),
        grab(ALL),
        f"dev (tuned on): {STRICT_LAX_LINE}",
        ROW_HYBRID_WEB,
    ),
    Figure(
        (CROSSVAL_HYBRID,), grab(CV.format("webfiction-dev")), f"cross-validated: {CV_TEXT}", ROW_HYBRID_WEB
    ),
    # end to end through the pipeline
    Figure(
        (SITE, _align("webfiction-dev")),
        each(grab(SITE_LINES), grab(ALL)),
        "default {2:~.3f} ({0}/{1} lines; the aligner alone on the data's sentences: {9:~.3f})",
        ROW_SITE,
    ),
    Figure(
        (f"{SITE} --method hybrid", _align("webfiction-dev", "--method", "hybrid")),
        each(grab(SITE_LINES), grab(ALL)),
        "hybrid {2:~.3f} ({0}/{1}; alone {9:~.3f})",
        ROW_SITE,
    ),
    Figure(
        (f"{SITE} --paragraphs exact", _align("webfiction-dev", "--paragraphs", "exact")),
        each(grab(SITE_LINES), grab(ALL)),
        "(`--paragraphs exact`) {2:~.3f}",
        ROW_SITE,
    ),
    # a baseline and a reference system
    Figure((_align("mac-dev", "--method", "galechurch"),), grab(ALL), f"MAC-dev {STRICT_LAX_LINE}", ROW_GALE),
    Figure(
        (_align("webfiction-dev", "--method", "galechurch"),),
        grab(ALL),
        f"webfiction-dev {STRICT_LAX_LINE}",
        ROW_GALE,
    ),
    Figure(
        (BLEUALIGN,),
        grab(
            ALL,
            r"^agreement with bleualign-upstream: \d+/\d+ beads \((\S+)\)",
            r"^upstream  strict P \S+ R \S+ F1 (\S+)",
        ),
        "strict {2:~.3f} (original Bleualign: {8:~.3f}), {7:.1%} of the original's beads reproduced",
        ROW_BLEUALIGN,
    ),
    Figure(
        ("python -m evals.bwb_example",),
        grab(r"^bwb-example: (\d+)/(\d+) gold beads exact"),
        "dev (tuned on): {0}/{1} beads exact",
        ROW_BWB,
    ),
    Figure(
        (DEMO,),
        grab(
            r"^\s+all  strict F1 (\S+) -> (\S+)  lax F1 \S+ -> (\S+)  line acc (\S+)  one-sided beads (\d+) "
            r"\(gold (\d+), exact (\d+)\)"
        ),  # fmt: skip
        "strict F1 {0:~.3f} → {1:~.3f} with refinement, lax {2:~.3f}, line accuracy {3:~.3f}; one-sided beads "
        "produced {4} ({6} exact) against {5} in the gold",
        ROW_DEMO,
    ),
    # cohesion candidates, dev (tuned on)
    Figure(
        (RECALL,),
        grab(*_recall_cells("synonyms")),
        "dev (tuned on): recall {2}% ({0}/{1}; repetition {4}%, reference {5}%, conjunction {6}%, synonyms {7};"
        " no substitution or ellipsis in the gold), precision inside the stretches {3}%",
        ROW_RECALL,
    ),
    _gold("fresh", _tuned_since(66, 47, 86), ordinal="second"),
    _gold("third", _tuned_since(61, 30, 73), "substitution"),
    _gold("fourth", _tuned_since(62, 44, 77)),
    _gold("fifth", _tuned_since(50, 28, 85)),
    _gold("sixth", _tuned_since(63, 46, 81)),
    _gold("seventh", _tuned_since(67, 49, 81), "substitution"),
    _gold("eighth", _tuned_since(62, 49, 83), "ellipsis"),
    _gold("ninth", _tuned_since(68, 40, 83), "substitution"),
    _gold("tenth", _tuned_since(69, 61, 82)),
    _gold("eleventh", _tuned_since(60, 51, 80)),
    _gold("twelfth", _tuned_since(61, 33, 77)),
    _gold("thirteenth", _tuned_since(55, 36, 77)),
    _gold("fourteenth", _tuned_since(59, 41, 76)),
    # held out: measured once when written, their misses never read
    _gold("fifteenth", _held_out(66, 49, 89)),
    _gold("sixteenth", _held_out(70, 71, 86)),
    _gold("seventeenth", _held_out(65, 55, 86)),
    _gold("eighteenth", _held_out(70, 70, 90)),
    Figure(
        (STORIES,),
        grab(*_story_cells("conjunction", "substitution")),
        "dev (tuned on; untuned 80 of 144, 56%): {0} of {1} found ({2}%); non-adjacent conjunction {3}/{4}, non-adjacent"
        " substitution {5}/{6}",
        ROW_STORIES,
    ),
    Figure(
        (STORIES_HELD_OUT,),
        grab(*_story_cells("conjunction", "reference")),
        "dev (tuned on since; untuned 68 of 144, 47%): {0} of {1} found ({2}%); non-adjacent"
        " conjunction {3}/{4}, non-adjacent reference {5}/{6}",
        ROW_STORIES_HELD_OUT,
    ),
    Figure(
        (STORIES_THIRD,),
        grab(*_story_cells("conjunction", "substitution")),
        "dev (tuned on since; untuned 72 of 144, 50%): {0} of {1} found ({2}%); non-adjacent"
        " conjunction {3}/{4}, non-adjacent substitution {5}/{6}",
        ROW_STORIES_THIRD,
    ),
    Figure(
        (STORIES_FOURTH,),
        grab(*_story_cells("conjunction", "ellipsis")),
        "dev (tuned on since; untuned 72 of 144, 50%): {0} of {1} found ({2}%); non-adjacent"
        " conjunction {3}/{4}, non-adjacent ellipsis {5}/{6}",
        ROW_STORIES_FOURTH,
    ),
    Figure(
        (STORIES_FIFTH,),
        grab(*_story_cells("conjunction", "reference")),
        "held out (untuned when written: 75 of 140, 54%): {0} of {1} found ({2}%); non-adjacent"
        " conjunction {3}/{4}, non-adjacent reference {5}/{6}",
        ROW_STORIES_FIFTH,
    ),
    _precision(SCORE, ROW_SCORE, False, "kappa between two passes"),
    _precision(SCORE_WEB, ROW_SCORE_WEB, True, "kappa between two passes"),
    _precision(SCORE_NOW, ROW_SCORE_NOW, False, "kappa between pass 1 and pass 3"),
    _precision(SCORE_WEB_NOW, ROW_SCORE_WEB_NOW, True, "kappa between pass 1 and pass 2"),
    _precision(SCORE_LATEST, ROW_SCORE_LATEST, False, "kappa between the two independent passes"),
    # chapter pairing, dev (tuned on)
    Figure(
        PAIRING,
        grab(PAIRED.format("webfiction-dev")),
        "webfiction-dev ({0} chapters, {3} pairs) {1:.3f}/{2:.3f}, {5:.3f}/{6:.3f}, {9:.3f}/{10:.3f}",
        ROW_PAIRING,
    ),
    Figure(
        PAIRING,
        grab(PAIRED.format("mac-dev")),
        "mac-dev ({0} chapters, {3} pairs) {1:~.3f}/{2:~.3f}, {5:~.3f}/{6:~.3f}, {9:~.3f}/{10:~.3f}",
        ROW_PAIRING,
    ),
    Figure(
        PAIRING,
        span(grab(BY_NUMBER.format("webfiction-dev"), BY_NUMBER.format("mac-dev"))),
        "by number alone {0:~.2f}–{1:~.2f}",
        ROW_PAIRING,
    ),
    Figure(
        PAIRING_WHOLE,
        grab(PAIRED.format("webfiction-dev")),
        "webfiction-dev {1:.3f}/{2:.3f}, {5:.3f}/{6:.3f}, {9:.3f}/{10:.3f}",
        ROW_WHOLE,
    ),
    Figure(
        PAIRING_WHOLE,
        grab(PAIRED.format("mac-dev")),
        "mac-dev {1:~.3f}/{2:~.3f}, {5:~.3f}/{6:~.3f}, {9:~.3f}/{10:~.3f}",
        ROW_WHOLE,
    ),
    # MT scores (README § Alignment review, corpus analysis and MT evaluation), dev, nothing tuned on it
    Figure(
        (MT,),
        grab(r"^mac-dev-mt: (\d+) chapters, (\d+) two-sided gold beads"),
        "{0} chapters, {1:,} two-sided gold beads",
    ),
    Figure((MT,), grab(MT_ROW.format("MT")), MT_TEXT, ROW_MT),
    Figure((MT,), grab(MT_ROW.format("MT vs next chapter")), MT_TEXT, ROW_CONTROL),
    Figure(
        (MT,),
        grab(
            r"^  en: masculine (\d+), feminine (\d+), neuter (\d+), epicene (\d+), total (\d+)",
            r"^  zh: masculine (\d+), feminine (\d+), neuter (\d+), epicene (\d+), total (\d+)",
            r"no Chinese pronoun: \d+ of \d+ \((\S+)%\)",
        ),
        "English {4:,} (masculine {0}, feminine {1}, neuter {2}, epicene {3}), Chinese {9:,} ({5}, {6}, {7}, {8}); "
        "{10}% of English pronouns sit in a bead with no Chinese pronoun",
    ),
)


def commands() -> list[str]:
    """Every command the figures need, once each, in order of first use."""
    return list(dict.fromkeys(command for figure in FIGURES for command in figure.commands))
