import math
import weakref

import pytest

import numpy as np

from alignment.search import two_pass
from tests.alignment.tables import full_scores
from alignment.similarity import (
    BLOCK,
    WEIGHT_STEP,
    ChapterScorer,
    ChapterTokens,
    Explained,
    _accumulate,
    _any_of,
    _item_weights,
    _tag,
    _extends,
    _unpack,
    _occurrence,
    _span_hits,
    _span_sums,
    _stepped,
    _ids,
    _links,
    glosses,
    idf,
    length_factors,
    length_ratios,
)
from tests.alignment.texts import EN, ZH
from text import chinese
from text.lexicon import Lexicon


def test_length_factors():
    factors = length_factors(np.array([10, 10, 10, 0, 0]), np.array([10, 30, 0, 5, 0])).tolist()
    assert factors[0] == 1.0 and factors[2:] == [0.0, 0.0, 0.0]
    assert factors[1] == pytest.approx(0.415, abs=1e-3)  # log2(1 + 1/3)


def test_length_ratios():
    assert length_ratios(np.array([10, 10, 0, 0]), np.array([10, 40, 5, 0])).tolist() == [2.0, 1.25, 1.0, 1.0]


def test_idf_weights_rare_items_more():
    assert idf([2, 1], 2) == [math.log(2), math.log(3)]


def test_item_weights_are_the_stepped_idf_of_each_items_frequency():
    frequencies = np.array([3, 1, 3, 2])
    assert _item_weights(frequencies, 5).tolist() == _stepped(idf([3, 1, 3, 2], 5)).tolist()
    assert _item_weights(np.array([], dtype=np.int64), 0).tolist() == []


@pytest.mark.parametrize("columns", [3, BLOCK + 1])  # summed by cumsum, and by doubling
@pytest.mark.parametrize("sentences", [0, 1, 2, 5, 8, 13])
def test_accumulate_gives_exact_prefix_sums_over_sentences(sentences, columns):
    weights = np.arange(2 * sentences * columns, dtype=np.float32).reshape(2, sentences, columns) * 0.75
    out = np.full((2, sentences + 1, columns), np.nan)
    _accumulate(weights, out)
    expected = [
        [[0.0] * columns] + [weights[w, : k + 1].sum(axis=0).tolist() for k in range(sentences)]
        for w in range(2)
    ]
    assert out.tolist() == expected
    counts = np.full((2, sentences + 1, columns), -1, dtype=np.int32)
    _accumulate(weights > 3, counts)
    assert counts[:, 0].tolist() == np.zeros((2, columns)).tolist()
    assert counts[:, -1].tolist() == (weights > 3).sum(axis=1).tolist()


def _scorer(lexicon) -> ChapterScorer:
    tokens = ChapterTokens.of(ZH, EN)
    return ChapterScorer(tokens, glosses(tokens, lexicon))


def test_translation_scores_above_neighbours(lexicon):
    scorer = _scorer(lexicon)
    assert scorer.score(0, 1, 0, 1) > 0.3
    assert scorer.score(0, 1, 0, 1) > scorer.score(0, 1, 1, 2)
    assert scorer.score(1, 2, 1, 3) > max(scorer.score(1, 2, 1, 2), scorer.score(1, 2, 2, 3))
    assert scorer.score(5, 6, 4, 5) < 0.1  # the dropped sentence has no real counterpart
    assert full_scores(scorer, 1, 2)[1, 1] == scorer.score(1, 2, 1, 3)
    assert full_scores(scorer, 2, 3).shape == (len(ZH) - 1, len(EN) - 2)
    band = scorer.scores_at(1, 2, np.array([[1], [2]]), np.array([[1, 2], [2, 3]]))
    assert band.tolist() == [[scorer.score(1, 2, 1, 3), scorer.score(1, 2, 2, 4)],
                             [scorer.score(2, 3, 2, 4), scorer.score(2, 3, 3, 5)]]  # fmt: skip


def test_zh_words_are_tagged_as_jieba_tags_them_memoised_per_word():
    words = [["大门", "被", "风", "吹开", "了"], ["咕噜叽", "大门"]]  # 咕噜叽: not in jieba's table
    _tag.cache_clear()
    tokens = ChapterTokens.of(["大门被风吹开了", "咕噜叽大门"], ["The gate.", "Gurgle."], words)
    assert tokens.zh_tagged == tuple(tuple(chinese.tagged(sentence)) for sentence in words)
    assert tokens.zh_tagged[1] == (("咕噜叽", ""), ("大门", "n"))
    assert (_tag.cache_info().hits, _tag.cache_info().misses) == (1, 6)
    assert tokens.zh_tagged[1][1] is tokens.zh_tagged[0][0]  # one pair per word, shared by chapters


def test_en_stems_are_each_sentences_distinct_stems_sorted():
    tokens = ChapterTokens.of(["大门开了。", "风。"], ["The wind blew the gate, the gate!", "Wind."])
    assert tokens.en_stems == (("blew", "gat", "wind"), ("wind",))


def test_gloss_words_outside_the_chapter_are_ignored():
    tokens = ChapterTokens.of(["大门被风吹开了。"], ["The wind blew the gate open."])
    scorer = ChapterScorer(tokens, {"大门": frozenset({"gat"}), "窗": frozenset({"window"})})
    assert scorer.score(0, 1, 0, 1) > 0


def test_a_word_none_of_whose_candidates_occur_is_glossed_by_its_parts():
    lexicon = Lexicon(
        {"拳头": ("fist",), "拳": ("box",), "头": ("head",), "林晚": ("dusk",), "林": ("forest",)}
    )
    tagged = (("拳头", "n"), ("林晚", "nr"), ("林", "n"))
    tokens = ChapterTokens((tagged,), (frozenset({"head", "forest"}),), (5,), (20,))
    expected = {"拳头": {"head"}, "林晚": frozenset(), "林": {"forest"}}  # not a name (林晚: nr)
    assert glosses(tokens, lexicon) == expected
    assert glosses(tokens, lexicon, by_parts=False)["拳头"] == frozenset()


def test_beads_with_an_empty_side_or_nothing_explained_score_zero():
    tokens = ChapterTokens.of(["大门被风吹开了。", "……"], ["The wind blew the gate open.", "..."])
    scorer = ChapterScorer(tokens, {"大门": frozenset({"gat"})})
    assert scorer.score(0, 1, 0, 1) > 0
    assert full_scores(scorer, 1, 1)[1].tolist() == [0.0, 0.0]  # no content words: 0, not 0 / 0
    assert scorer.scores_at(1, 1, np.array([0, 1]), np.array([1, 1])).tolist() == [0.0, 0.0]


def test_scores_of_one_set_of_beads_and_then_another(lexicon):
    scorer = _scorer(lexicon)
    rows, columns = np.array([0, 1]), np.array([0, 1])
    first = scorer.scores_at(1, 2, rows, columns).tolist()
    assert first == [scorer.score(0, 1, 0, 2), scorer.score(1, 2, 1, 3)]
    assert scorer.scores_at(1, 2, rows + 1, columns + 1).tolist() == [
        scorer.score(1, 2, 1, 3), scorer.score(2, 3, 2, 4)
    ]  # fmt: skip
    assert scorer.scores_at(1, 2, rows, columns).tolist() == first


def test_pinyin_names_are_explained(lexicon):
    scorer = _scorer(lexicon)
    words, stems = scorer.unexplained(0, 1, 0, 1)
    assert {"林晚", "封信"} <= scorer.words_of(0, 1) - words
    assert {"lin", "wan", "letter"} <= scorer.stems_of(0, 1) - stems


def test_ids_number_the_sorted_vocabulary_and_list_tokens_by_sentence_then_id():
    vocabulary, sentence_of, item_of = _ids([frozenset({"b", "a"}), frozenset(), frozenset({"c", "a"})])
    assert vocabulary == {"a": 0, "b": 1, "c": 2}
    assert sentence_of.tolist() == [0, 0, 2, 2]
    assert item_of.tolist() == [0, 1, 0, 2]


def test_links_pair_the_ids_of_gloss_words_and_stems_present_in_the_chapter():
    gloss = {"猫": frozenset({"cat", "kitti"}), "狗": frozenset({"dog"}), "鸟": frozenset({"bird"})}
    links = _links(gloss, {"猫": 0, "狗": 1}, {"cat": 0, "dog": 1})
    assert sorted(map(tuple, links.tolist())) == [(0, 0), (1, 1)]
    assert _links({}, {}, {}).shape == (0, 2)


def test_any_of_ors_the_sentences_of_each_owners_items_across_words_of_bits():
    # items 0..2 in 70 sentences (two uint64 words): item 0 in 1 and 65, item 1 in 64, item 2 in none
    occurrence = _occurrence(np.array([1, 65, 64]), np.array([0, 0, 1]), 3, 70)
    links = np.array([[2, 1], [0, 2], [2, 0], [0, 0]])  # (owner, item), owners unsorted; owner 1 has none
    hits = _unpack(_any_of(links, 3, occurrence), 70)
    assert hits.shape == (3, 70)
    assert [np.flatnonzero(row).tolist() for row in hits] == [[1, 65], [], [1, 64, 65]]
    assert not _any_of(np.zeros((0, 2), dtype=np.int64), 2, occurrence).any()


def test_a_gloss_extends_another_with_the_same_words_and_more_stems_each():
    base = {"猫": frozenset({"cat"}), "狗": frozenset()}
    assert _extends({**base, "狗": frozenset({"dog"})}, base)
    assert _extends(base, base)
    assert not _extends({"猫": frozenset({"cat"})}, base)
    assert not _extends({**base, "猫": frozenset({"kitti"})}, base)


def test_hits_of_an_extended_gloss_equal_those_looked_up_afresh(lexicon):
    tokens = ChapterTokens.of(ZH, EN)
    gloss = glosses(tokens, lexicon)
    word = next(word for word, stems in gloss.items() if not stems)
    extended = {**gloss, word: frozenset(tokens.en_stems[0])}
    tokens.index.hits(gloss)
    reused = tokens.index.hits(extended)
    fresh = ChapterTokens.of(ZH, EN).index.hits(extended)
    assert all(np.array_equal(a, b) for a, b in zip(reused, fresh))
    assert not np.array_equal(reused[0], ChapterTokens.of(ZH, EN).index.hits(gloss)[0])


def test_span_hits_or_each_span_of_every_width_and_are_false_past_the_side():
    hits = np.array([[1, 0, 0], [0, 0, 1]], dtype=bool)  # owners x 3 other-side sentences
    spans = _span_hits(hits, 3, 4)
    assert spans.shape == (3, 2, 4)
    assert spans[0].tolist() == [[1, 0, 0, 0], [0, 0, 1, 0]]
    assert spans[1].tolist() == [[1, 0, 0, 0], [0, 1, 0, 0]]  # spans [0, 2) and [1, 3)
    assert spans[2].tolist() == [[1, 0, 0, 0], [1, 0, 0, 0]]  # the one span [0, 3)


def test_explained_weights_are_filled_as_beads_read_them_and_read_as_prefix_sums():
    hits = np.zeros((3, 200), dtype=bool)  # items x 200 other-side sentences (13 blocks of 16)
    hits[0, [0, 197]] = hits[1, [2, 198]] = True  # item 2 has no translation
    sentence_of, item_of = np.array([0, 0, 1, 3]), np.array([0, 1, 1, 2])  # sentence 2 has no tokens
    explained = Explained(hits, sentence_of, item_of, np.array([1.0, 2.0, 4.0, 8.0]), 4, 2, orphans=True)
    assert explained.sums.shape == (2, 5, 208)  # widths x prefixes of 4 sentences x 13 blocks

    def read(width, first, count, other):
        start, end = explained.cells(width, np.array(first), np.array(count), np.array(other))
        return (explained.sums.take(end) - explained.sums.take(start)).tolist()

    assert read(1, [0, 0, 1, 0], 1, [0, 2, 2, 197]) == [1.0, 2.0, 4.0, 1.0]
    assert explained._high[0, 12] == 0  # sentence 1's last block: neither filled nor summed
    assert read(1, [1], 1, [198]) == [4.0]  # until now
    assert explained._high[1].tolist() == [-1] * 13  # width 2 was not read
    # two 2-sentence beads of width 2 from column 1: sentences 0 and 1 explain 2 + 4 at span [1, 3)
    assert read(2, [0, 2], [2, 2], [1, 1]) == [6.0, 0.0]
    # orphans: sentence 2 (no tokens) is none, sentence 3 (its one token untranslated) is one
    start, end = explained.cells(2, np.array([0, 2]), 2, np.array([1, 1]))
    assert (explained.orphans.take(end) - explained.orphans.take(start)).tolist() == [0, 1]


def test_explained_sums_follow_later_reads_inside_and_beyond_them():
    hits = np.zeros((2, 200), dtype=bool)  # items x 200 other-side sentences (13 blocks of 16)
    hits[0, 0] = True  # item 1 has no translation
    sentence_of, item_of = np.array([0, 1, 2, 3, 5]), np.array([0, 0, 0, 0, 1])  # sentence 4: no tokens
    explained = Explained(hits, sentence_of, item_of, np.ones(5), 6, 1, orphans=True)

    def read(first, count):
        start, end = explained.cells(1, np.array(first), np.array(count), np.array([0] * len(first)))
        return (explained.sums.take(end) - explained.sums.take(start)).tolist(), (
            explained.orphans.take(end) - explained.orphans.take(start)
        ).tolist()

    assert read([0, 3], 1) == ([1.0, 1.0], [0, 0])  # sentences 1 and 2 are not filled
    assert read([1], 1) == ([1.0], [0])  # a block filled between sentences already summed
    assert read([3], 3) == ([1.0], [1])  # past them, over sentences with nothing to fill: 5 is an orphan


def test_explained_sums_do_not_depend_on_the_order_of_reads():
    rng = np.random.default_rng(7)
    hits = rng.random((30, 150)) < 0.05  # items x 150 other-side sentences (10 blocks of 16)
    sentence_of = np.sort(rng.integers(0, 40, 200))
    item_of, weight = rng.integers(0, 30, 200), rng.random(200) + 1

    def sums(explained, width, first, count, other):
        start, end = explained.cells(width, first, count, other)
        return explained.sums.take(end) - explained.sums.take(start), explained.orphans.take(
            end
        ) - explained.orphans.take(start)

    whole = Explained(hits, sentence_of, item_of, weight, 40, 4, orphans=True)
    beads = [
        (w, c, rng.integers(0, 40 - c + 1, 50), rng.integers(0, 150, 50)) for w in (1, 2, 4) for c in (1, 3)
    ]
    for width, count, first, other in beads:  # read after every block is filled and summed
        everything = np.repeat(np.arange(40 - count + 1), 150), np.tile(np.arange(150), 40 - count + 1)
        whole.cells(width, everything[0], count, everything[1])
    expected = [sums(whole, *bead) for bead in beads]
    lazy = Explained(hits, sentence_of, item_of, weight, 40, 4, orphans=True)
    for k in rng.permutation(len(beads)).tolist() * 2:  # in random order, each twice
        explained, orphans = sums(lazy, *beads[k])
        assert explained.tolist() == expected[k][0].tolist()
        assert orphans.tolist() == expected[k][1].tolist()


def test_a_short_other_side_is_one_block_filled_at_the_first_read():
    hits = np.array([[True, False], [False, True]])
    explained = Explained(hits, np.array([0, 1]), np.array([0, 1]), np.array([1.0, 2.0]), 2, 2, orphans=False)
    explained.cells(1, np.array([0]), 1, np.array([0]))
    assert explained.sums[0, 1:].tolist() == [[1.0, 0.0], [1.0, 2.0]]
    assert explained.sums[1, 1:].tolist() == [[1.0, 0.0], [3.0, 0.0]]  # width 2: the one span [0, 2)
    assert explained.orphans is None


def test_the_whole_fill_and_the_fill_by_blocks_agree_to_the_bit_on_stepped_weights():
    rng = np.random.default_rng(3)
    size = BLOCK + 5  # other-side sentences: one block filled whole, or two blocks
    hits = rng.random((20, size)) < 0.2
    sentence_of, item_of = np.sort(rng.integers(0, 6, 60)), rng.integers(0, 20, 60)
    weight = _stepped(rng.uniform(0.7, 7.6, 60).tolist())
    first, other = np.repeat(np.arange(6), size), np.tile(np.arange(size), 6)
    tables = []
    for whole in (size, 0):
        explained = Explained(hits, sentence_of, item_of, weight, 6, 3, False, whole)
        spans = [explained.cells(width, first, 1, other) for width in (1, 2, 3)]
        tables.append(
            [(explained.sums.take(end) - explained.sums.take(start)).tolist() for start, end in spans]
        )
    assert tables[0] == tables[1]


def test_explained_sums_are_float32_only_where_every_sum_is_exact():
    hits = np.array([[True, False, True], [False, True, True]])
    sentence_of, item_of = np.array([0, 1]), np.array([0, 1])

    def sums(weight):
        explained = Explained(hits, sentence_of, item_of, np.array(weight), 2, 3, orphans=False)
        start, end = explained.cells(2, np.array([0, 0]), 2, np.array([0, 1]))
        return explained.sums.dtype, (explained.sums.take(end) - explained.sums.take(start)).tolist()

    assert sums([1.5, 2**-10]) == (np.float32, [1.5 + 2**-10, 1.5 + 2**-10])  # in steps, light: float32
    assert sums([1 + 2**-12, 2.0]) == (np.float64, [3 + 2**-12, 3 + 2**-12])  # not in steps
    assert sums([2.0**13, 2.0**13]) == (np.float64, [2.0**14, 2.0**14])  # 2 ** 24 steps in all


def test_orphan_counts_are_held_in_the_smallest_type_that_holds_a_side_s_sentences():
    hits = np.zeros((1, 3), dtype=bool)
    for sentences, dtype in ((255, np.uint8), (256, np.uint16)):
        explained = Explained(hits, np.array([0]), np.array([0]), np.ones(1), sentences, 2, orphans=True)
        start, end = explained.cells(1, np.array([0, 1]), sentences - 1, np.array([0, 0]))
        assert explained.orphans.dtype == dtype
        assert (explained.orphans.take(end) - explained.orphans.take(start)).tolist() == [1, 0]


def test_the_whole_fill_counts_a_hit_only_within_the_widest_span():
    hits = np.zeros((2, 12), dtype=bool)
    hits[0, 9] = hits[1, 2] = True
    explained = Explained(hits, np.array([0, 1]), np.array([0, 1]), np.array([1.0, 2.0]), 2, 3, orphans=False)
    explained.cells(1, np.array([0]), 1, np.array([0]))
    # [w - 1, sentence 1 prefix, j]: sentence 0's item is explained by the spans of w from j that reach column 9
    assert [explained.sums[w, 1].tolist() for w in range(3)] == [
        [0.0] * 9 + [1.0, 0.0, 0.0],
        [0.0] * 8 + [1.0, 1.0, 0.0, 0.0],
        [0.0] * 7 + [1.0, 1.0, 1.0, 0.0, 0.0],
    ]


def test_chapter_weights_are_multiples_of_the_weight_step():
    index = ChapterTokens.of(ZH, EN).index
    for weights in (index.zh_weight, index.en_weight):
        assert (weights / WEIGHT_STEP == np.round(weights / WEIGHT_STEP)).all()
        assert weights.min() > 0.69


def test_a_side_with_nothing_to_fill_reads_zeros():
    hits = np.zeros((2, 3), dtype=bool)  # no item has a translation: every block is done before a read
    explained = Explained(hits, np.array([0, 1]), np.array([0, 1]), np.ones(2), 2, 2, orphans=True)
    start, end = explained.cells(2, np.array([0, 1]), 1, np.array([0, 1]))
    assert (explained.sums.take(end) - explained.sums.take(start)).tolist() == [0.0, 0.0]
    assert (explained.orphans.take(end) - explained.orphans.take(start)).tolist() == [1, 1]


def test_refinements_scorer_shares_the_span_tables_of_the_first_pass(lexicon):
    tokens = ChapterTokens.of(ZH, EN)
    first, again = ChapterScorer(tokens, glosses(tokens, lexicon)), ChapterScorer(tokens, {})
    assert again._zh_spans is first._zh_spans and again._en_marks is first._en_marks


def test_span_sums_per_width_and_start():
    prefix = np.array([0, 1, 3, 6])  # items 1, 2, 3
    assert _span_sums(prefix, 3).tolist() == [[1, 2, 3, 0], [3, 5, 0, 0], [6, 0, 0, 0]]


def test_beads_of_several_shapes_score_in_one_call_as_one_at_a_time():
    zh = ["他问：“你去哪？”", "她笑了。", "“不去。”", "猫和狗。"]
    en = ["'Where are you going?' he asked.", "She laughed.", "'I'm not.'", "A cat", "and a dog."]
    scorer = ChapterScorer(ChapterTokens.of(zh, en), {"猫": frozenset({"cat"}), "狗": frozenset({"dog"})})
    shapes = [(1, 1, 3, 3), (1, 2, 3, 3), (2, 1, 1, 2), (3, 2, 0, 0), (1, 1, 0, 4)]  # a, b, row, column
    a, b, rows, columns = (np.array(values) for values in zip(*shapes))
    methods = (scorer.scores_at, scorer.orphans_at, scorer.marks_mismatch_at, scorer.quote_balance_at)
    for method in (*methods, scorer.length_factors_at, scorer.length_ratios_at, scorer.end_quote_at):
        one_by_one = [method(x, y, np.array([i]), np.array([j]))[0] for x, y, i, j in shapes]
        assert method(a, b, rows, columns).tolist() == one_by_one
    assert scorer.scores_at(1, 2, np.array([3]), np.array([3]))[0] > 0.5  # the cat and the dog


def test_marks_mismatch_compares_the_joined_sides():
    zh = ["他问：“你去哪？”", "她笑了。", "“不去。”"]
    en = ["'Where are you going?' he asked.", "She laughed.", "'I'm not.'"]
    scorer = ChapterScorer(ChapterTokens.of(zh, en), {})
    ones = scorer.marks_mismatch_at(1, 1, np.arange(3)[:, None], np.arange(3)[None, :])
    assert ones.tolist() == [[0, 3, 1], [3, 0, 2], [1, 2, 0]]
    assert scorer.marks_mismatch_at(2, 3, np.array([0, 1]), np.array([0, 0])).tolist() == [2, 3]


def test_quote_balance_forgives_a_quotation_a_speech_tag_interrupts():
    zh = ["他笑道：“好。", "走吧。”"]
    en = ["'Good,' he laughed.", "'Let's go.'"]
    scorer = ChapterScorer(ChapterTokens.of(zh, en), {})
    ones = scorer.quote_balance_at(1, 1, np.arange(2)[:, None], np.arange(2)[None, :])
    assert ones.tolist() == [[1, 1], [1, 1]]  # each zh sentence leaves a quotation open or closes one
    both = np.array([0]), np.array([0])
    assert scorer.quote_balance_at(2, 2, *both).tolist() == [0]
    assert scorer.marks_mismatch_at(2, 2, *both).tolist() == [2]  # en opens and closes one more


def test_end_quote_compares_whether_each_sides_last_sentence_ends_in_speech():
    zh = ["他笑道：“好。", "走吧。”", "他走了。"]  # maybe (inside a quotation), yes, no
    en = ["'Good,' he laughed.", "'Let's go.'", "He left."]  # no, yes, no
    scorer = ChapterScorer(ChapterTokens.of(zh, en), {})
    ones = scorer.end_quote_at(1, 1, np.arange(3)[:, None], np.arange(3)[None, :])
    assert ones.tolist() == [[False, False, False], [True, False, True], [False, True, False]]
    assert scorer.end_quote_at(2, 1, np.array([0, 1]), np.array([1, 1])).tolist() == [False, True]


def test_a_scorer_is_freed_without_the_cyclic_garbage_collector(lexicon):
    # a book is aligned with the collector paused: a reference cycle would keep every chapter's tables
    scorer = _scorer(lexicon)
    two_pass(scorer.n, scorer.m, scorer)
    freed = weakref.ref(scorer)
    del scorer
    assert freed() is None


def test_clause_support_is_the_share_of_a_clauses_glossed_words_the_rest_explains_less_the_sentences():
    # zh 0: two clauses, 大门 开 and 风 吹来; en 0: gate, open; en 1: wind
    tagged = (("大门", "n"), ("开", "v"), ("风", "n"), ("吹来", "v"))
    stems = (frozenset({"gate", "open"}), frozenset({"wind"}))
    tokens = ChapterTokens((tagged,), stems, (8,), (16, 5), zh_text=("大门开了，风吹来。",))
    scorer = ChapterScorer(
        tokens, {"大门": frozenset({"gate"}), "风": frozenset({"wind"}), "开": frozenset()}
    )
    assert scorer.clause_support(0, False, 0, 1, 1) == 1.0  # 大门: explained by en 0, not by en 1
    assert scorer.clause_support(0, True, 0, 1, 1) == -1.0  # 风: by en 1 only
    assert scorer.clause_support(0, True, 0, 2, 1) == 0.0
    unglossed = ChapterScorer(tokens, {"风": frozenset({"wind"})})
    assert unglossed.clause_support(0, False, 0, 1, 1) is None
