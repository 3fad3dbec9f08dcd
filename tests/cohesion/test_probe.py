"""The probe's scoring, pinned by stub models whose probabilities are set by hand."""

import pytest

from cohesion.probe import BartProbe, Fill, MaskedLMProbe, Skip, Slot, target_positions
from tests.cohesion.tiny_models import StubModel, byte_bpe, wordpiece

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "lantern", "##maker", "##s", "waved", ".",
         "nobody", "thanked", "boat"]  # fmt: skip
CONTEXT = "The lanternmaker waved. "
TARGET = "Nobody thanked the lanternmaker."


def test_target_pieces_are_the_tokens_inside_the_span():
    tokenizer = wordpiece(VOCAB)
    enc = tokenizer(TARGET, return_offsets_mapping=True)
    assert tokenizer.convert_ids_to_tokens(enc["input_ids"]) == [
        "[CLS]", "nobody", "thanked", "the", "lantern", "##maker", ".", "[SEP]"
    ]  # fmt: skip
    assert target_positions(enc["offset_mapping"], 19, 31) == [4, 5]
    with pytest.raises(Skip, match="not_token_aligned"):
        target_positions(enc["offset_mapping"], 19, 25)  # "lanter" ends inside a piece


def test_roberta_style_pieces_carry_the_leading_space():
    tokenizer = byte_bpe()
    enc = tokenizer("She carried the lamp.", return_offsets_mapping=True)
    (position,) = target_positions(enc["offset_mapping"], 16, 20)
    assert tokenizer.convert_ids_to_tokens(enc["input_ids"][position]) == "Ġlamp"


def test_masked_lm_hit_and_both_probabilities_by_hand():
    """Two pieces, lantern + ##maker, filled left to right.

    With context (13 tokens): both masked, p(lantern) = 3/4 (vs boat 1); then p(##maker) = 1/5
    (vs ##s 4), so p = 3/20 and the greedy fill is lantern + ##s = "lanterns": a miss.
    Alone (8 tokens): p(lantern) = 3/6 (vs the 2, waved 1); p(##maker) = 1, so p = 1/2: a hit.
    """
    tokenizer = wordpiece(VOCAB)
    ids = tokenizer.convert_tokens_to_ids
    mask = tokenizer.mask_token_id

    def table(row, t, length):
        masks = row.count(mask)
        if length > 8:
            return {ids("lantern"): 3, ids("boat"): 1} if masks == 2 else {ids("##maker"): 1, ids("##s"): 4}
        return {ids("lantern"): 3, ids("the"): 2, ids("waved"): 1} if masks == 2 else {ids("##maker"): 1}

    probe = MaskedLMProbe(StubModel(len(VOCAB), table), tokenizer)
    with_context, alone = probe.fill(
        [Slot(CONTEXT + TARGET, len(CONTEXT) + 19, len(CONTEXT) + 31), Slot(TARGET, 19, 31)]
    )
    assert with_context == Fill("lanterns", False, pytest.approx(3 / 4 * 1 / 5), 2)
    assert alone == Fill("lanternmaker", True, pytest.approx(1 / 2), 2)


def test_bart_scores_the_decoders_pieces_at_the_slot():
    """One piece, Ġlamp, after Ġthe: with context p = 1/4 (Ġboat 3 wins), alone p = 2/3 (a hit)."""
    tokenizer = byte_bpe()
    ids = tokenizer.convert_tokens_to_ids
    target = "She carried the lamp."

    def table(row, t, length):
        if row[t] != ids("Ġthe"):
            return {}
        return {ids("Ġlamp"): 1, ids("Ġboat"): 3} if length > 12 else {ids("Ġlamp"): 2, ids("Ġboat"): 1}

    context = "They rowed the boat across the river. "
    probe = BartProbe(StubModel(len(tokenizer), table, decoder=True), tokenizer)
    with_context, alone = probe.fill([Slot(context + target, len(context) + 16, len(context) + 20),
                                      Slot(target, 16, 20)])  # fmt: skip
    assert with_context == Fill("boat", False, pytest.approx(1 / 4), 1)
    assert alone == Fill("lamp", True, pytest.approx(2 / 3), 1)


def test_too_long_and_misaligned_slots_are_skipped_by_reason():
    tokenizer = wordpiece(VOCAB)
    probe = MaskedLMProbe(StubModel(len(VOCAB), lambda row, t, length: {}), tokenizer)
    long_text = "the boat " * 40 + TARGET
    skipped = probe.fill([Slot(long_text, len(long_text) - 13, len(long_text) - 1), Slot(TARGET, 19, 25)])
    assert [s.reason for s in skipped] == ["too_long", "not_token_aligned"]
