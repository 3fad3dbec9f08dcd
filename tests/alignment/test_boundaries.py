import numpy as np
import pytest

from alignment.beads import Bead
from tests.alignment.cover import assert_cover
from alignment.boundaries import RefineParams, StretchScorer, boundary_margins, boxes, refine, stretches
from alignment.joined import PooledCache
from alignment.search import Paragraphs, SearchParams
from alignment.similarity import ChapterScorer, ChapterTokens, glosses
from tests.alignment.planted import PlantedPooler
from tests.alignment.texts import EN, GOLD, ZH


def _scorer(lexicon):
    tokens = ChapterTokens.of(ZH, EN)
    return ChapterScorer(tokens, glosses(tokens, lexicon))


def _gold_beads():
    return [Bead(zh, en) for zh, en in GOLD]


def test_boxes_are_the_beads_as_ranges():
    beads = [Bead((0,), (0, 1)), Bead((1,), ()), Bead((), (2,)), Bead((2, 3), (3,))]
    assert boxes(beads) == [(0, 1, 0, 2), (1, 2, 2, 2), (2, 2, 2, 3), (2, 4, 3, 4)]


def test_stretches_join_beads_across_low_margin_boundaries():
    assert stretches([0.5, 0.01, 0.02, 0.5, 0.0], 0.05) == [(1, 4), (4, 6)]
    assert stretches([0.5, 0.5], 0.05) == []


def test_a_boundary_that_moves_a_translated_sentence_out_of_its_bead_has_a_negative_margin(lexicon):
    beads = _gold_beads()
    wrong = beads[:1] + [Bead((1,), (1,)), Bead((2,), (2, 3))] + beads[3:]
    margins = boundary_margins(_scorer(lexicon), wrong, -0.3)
    assert len(margins) == len(wrong) - 1
    assert margins[1] < 0 < boundary_margins(_scorer(lexicon), beads, -0.3)[1]


def test_refine_recovers_the_gold_from_a_misplaced_boundary_by_the_embeddings(lexicon):
    beads = _gold_beads()
    wrong = beads[:1] + [Bead((1,), (1,)), Bead((2,), (2, 3))] + beads[3:]
    pooler = PlantedPooler()
    params = RefineParams(uncertain=np.inf, dictionary=0.0)  # every boundary re-decided, embeddings only
    refined = refine(ZH, EN, wrong, _scorer(lexicon), PooledCache(pooler), params)
    assert [bead.key for bead in refined] == GOLD
    assert_cover(refined, len(ZH), len(EN))


def test_confident_boundaries_are_left_alone_and_nothing_is_encoded(lexicon):
    beads = _gold_beads()
    pooler = PlantedPooler()
    refined = refine(ZH, EN, beads, _scorer(lexicon), PooledCache(pooler), RefineParams(uncertain=-np.inf))
    assert [bead.key for bead in refined] == GOLD
    assert pooler.calls == []


def test_paragraph_terms_follow_the_search_a_bonus_on_shared_breaks_a_cost_per_crossed_break(lexicon):
    search = SearchParams(para_bonus=0.2, para_cross=0.1)
    paragraphs = Paragraphs(frozenset({0, 2, 5}), frozenset({0, 3, 4}))
    stretch = StretchScorer(
        ZH, EN, _scorer(lexicon), PooledCache(PlantedPooler()), RefineParams(), paragraphs, search
    )
    assert stretch.paragraph_terms((0, 2, 0, 3)) == 0.2  # ends on zh 2 and en 3, crosses nothing
    assert stretch.paragraph_terms((1, 3, 2, 5)) == pytest.approx(-0.3)  # crosses zh 2, en 3 and 4; no bonus
    assert stretch.paragraph_terms((2, 5, 3, 4)) == 0.2  # zh 2 and en 3 begin it: not crossed
