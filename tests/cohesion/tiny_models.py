"""Tiny offline models and tokenizers for the probe tests: nothing is downloaded.

Sentences are invented for these tests.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import torch
from tokenizers import ByteLevelBPETokenizer, Tokenizer, decoders, models, normalizers, pre_tokenizers
from tokenizers.processors import RobertaProcessing, TemplateProcessing
from transformers import PreTrainedTokenizerFast

SENTENCES = [
    "Mira Fenwick painted the red lamp.",
    "The red lamp stood by the window.",
    "She carried the lamp to the boat.",
    "Nobody thanked the lanternmaker.",
    "However, the river was calm that night.",
    "Tomas sold two lamps and one boat.",
    "They rowed the boat across the river.",
] * 3
BERT_SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
BPE_SPECIALS = ["<s>", "<pad>", "</s>", "<unk>", "<mask>"]


def wordpiece(vocab: list[str] | None = None) -> PreTrainedTokenizerFast:
    """BERT-style uncased WordPiece: the given vocabulary, or one trained on SENTENCES."""
    if vocab is None:
        from tokenizers import BertWordPieceTokenizer

        trained = BertWordPieceTokenizer(lowercase=True)
        trained.train_from_iterator(SENTENCES, vocab_size=120, min_frequency=1, special_tokens=BERT_SPECIALS)
        tokenizer = trained._tokenizer
    else:
        tokenizer = Tokenizer(models.WordPiece({w: i for i, w in enumerate(vocab)}, unk_token="[UNK]"))
        tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
        tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
        tokenizer.decoder = decoders.WordPiece()
    ids = {t: tokenizer.token_to_id(t) for t in BERT_SPECIALS}
    tokenizer.post_processor = TemplateProcessing(
        single="[CLS] $A [SEP]", special_tokens=[("[CLS]", ids["[CLS]"]), ("[SEP]", ids["[SEP]"])]
    )
    return PreTrainedTokenizerFast(
        tokenizer_object=tokenizer,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
        model_max_length=64,
    )


def byte_bpe() -> PreTrainedTokenizerFast:
    """RoBERTa/BART-style byte-level BPE trained on SENTENCES (leading-space pieces, trimmed offsets)."""
    trained = ByteLevelBPETokenizer(trim_offsets=True)
    trained.train_from_iterator(SENTENCES, vocab_size=400, min_frequency=2, special_tokens=BPE_SPECIALS)
    tokenizer = trained._tokenizer
    tokenizer.post_processor = RobertaProcessing(
        ("</s>", tokenizer.token_to_id("</s>")), ("<s>", tokenizer.token_to_id("<s>")), trim_offsets=True
    )
    return PreTrainedTokenizerFast(
        tokenizer_object=tokenizer,
        bos_token="<s>",
        eos_token="</s>",
        unk_token="<unk>",
        pad_token="<pad>",
        cls_token="<s>",
        sep_token="</s>",
        mask_token="<mask>",
        model_max_length=64,
    )


def tiny_bert(tokenizer: PreTrainedTokenizerFast):
    from transformers import BertConfig, BertForMaskedLM

    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=len(tokenizer),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=64,
        pad_token_id=tokenizer.pad_token_id,
    )
    return BertForMaskedLM(config)


def tiny_bart(tokenizer: PreTrainedTokenizerFast):
    from transformers import BartConfig, BartForConditionalGeneration

    torch.manual_seed(0)
    ids = {t: tokenizer.convert_tokens_to_ids(t) for t in BPE_SPECIALS}
    config = BartConfig(
        vocab_size=len(tokenizer),
        d_model=32,
        encoder_layers=1,
        decoder_layers=1,
        encoder_attention_heads=2,
        decoder_attention_heads=2,
        encoder_ffn_dim=64,
        decoder_ffn_dim=64,
        max_position_embeddings=64,
        pad_token_id=ids["<pad>"],
        bos_token_id=ids["<s>"],
        eos_token_id=ids["</s>"],
        decoder_start_token_id=ids["</s>"],
        forced_eos_token_id=ids["</s>"],
    )
    return BartForConditionalGeneration(config)


class StubModel(torch.nn.Module):
    """Logits set by the test: ``table(row ids, position) -> {token id: weight}``; other tokens weigh 0.

    Softmax of log-weights gives probability weight / sum of weights, so expected values are fractions.
    """

    def __init__(self, vocab_size: int, table, decoder: bool = False) -> None:
        super().__init__()
        self.vocab_size, self.table, self.decoder = vocab_size, table, decoder
        self.config = SimpleNamespace(max_position_embeddings=64, decoder_start_token_id=2)

    def forward(self, input_ids, attention_mask=None, decoder_input_ids=None):
        rows = (decoder_input_ids if self.decoder else input_ids).tolist()
        lengths = attention_mask.sum(1).tolist() if attention_mask is not None else [len(rows[0])] * len(rows)
        logits = torch.full((len(rows), len(rows[0]), self.vocab_size), -1e4, dtype=torch.float64)
        for r, row in enumerate(rows):
            for t in range(len(row)):
                for token, weight in self.table(row, t, lengths[r]).items():
                    logits[r, t, token] = math.log(weight)
        return SimpleNamespace(logits=logits)
