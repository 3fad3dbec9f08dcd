import numpy as np

from alignment.book import align_book
from alignment.boundaries import RefineParams
from alignment.joined import PooledCache
from alignment.refined import align_refined
from core.rejection import Rejection
from tests.alignment.planted import PlantedPooler
from tests.alignment.texts import EN, GOLD, ZH


def test_without_uncertain_boundaries_the_beads_are_the_default_methods(lexicon):
    pooler = PlantedPooler()
    params = RefineParams(uncertain=-np.inf)
    result = align_refined([(ZH, EN)], PooledCache(pooler), lexicon, params=params)
    default = align_book([(ZH, EN)], lexicon)
    assert [b.key for b in result.chapters[0]] == [b.key for b in default.chapters[0]]
    assert result.learned == default.learned and pooler.calls == []


def test_every_boundary_re_decided_by_planted_embeddings_gives_the_gold(lexicon):
    params = RefineParams(uncertain=np.inf, dictionary=0.0)
    result = align_refined([(ZH, EN)], PooledCache(PlantedPooler()), lexicon, params=params)
    assert [bead.key for bead in result.chapters[0]] == GOLD


def test_an_unbalanced_chapter_stays_rejected(lexicon):
    result = align_refined([(ZH, EN[:1])], PooledCache(PlantedPooler()), lexicon)
    assert isinstance(result.chapters[0], Rejection)
    assert result.chapters[0].reason == "unbalanced_chapter"
