"""Masked-LM probe: a pre-trained model fills element b of a test-suite item.

Target pieces: the tokens of the *unmasked* text whose character offsets lie inside b's span, so
RoBERTa's and BART's leading-space pieces ("Ġshe") are the ones the model sees in running text. An
item whose span does not start and end on token boundaries is skipped as ``not_token_aligned``; one
longer than the model's input as ``too_long``.

- Encoder masked LMs (BERT, RoBERTa, ALBERT ...): each target piece becomes one mask token.
  p(target) is the product of the pieces' probabilities filled left to right: piece 1 with every
  piece masked, piece 2 with piece 1 filled in with the true piece, and so on. The greedy fill
  goes left to right the same way, each piece filled with the model's own argmax.
- BART: the whole span becomes one ``<mask>`` (BART's text infilling); the decoder is fed the
  original text (teacher forcing) and p(target) is the product of its probabilities of the target
  pieces at that slot. The greedy fill decodes as many pieces as the target has after the original
  prefix.

hit@1: the decoded greedy fill equals b's text, ignoring case and whitespace.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Slot:
    """A text and the character span ``[start, end)`` of the target in it."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Fill:
    prediction: str
    hit: bool
    p: float
    pieces: int


class Skip(Exception):
    """An item the model cannot score; ``reason`` is a short name."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def same_word(a: str, b: str) -> bool:
    return "".join(a.split()).lower() == "".join(b.split()).lower()


def target_positions(offsets: Sequence[tuple[int, int]], start: int, end: int) -> list[int]:
    """Token indices covering ``[start, end)``; Skip unless the span starts and ends on token edges."""
    positions = [i for i, (s, e) in enumerate(offsets) if e > s and s < end and e > start]
    if not positions or offsets[positions[0]][0] != start or offsets[positions[-1]][1] != end:
        raise Skip("not_token_aligned")
    return positions


def input_limit(model: Any, tokenizer: Any) -> int:
    """Longest input the model takes (RoBERTa's config counts two extra positions)."""
    return min(tokenizer.model_max_length, model.config.max_position_embeddings)


class MaskedLMProbe:
    """An encoder masked LM (``AutoModelForMaskedLM``) with its fast tokenizer."""

    def __init__(self, model: Any, tokenizer: Any, device: str = "cpu") -> None:
        self.model, self.tokenizer, self.device = model.to(device).eval(), tokenizer, device

    def fill(self, slots: Sequence[Slot]) -> list[Fill | Skip]:
        """Score a batch of slots; each gets a Fill or the Skip that explains why not."""
        results: list[Fill | Skip] = [Skip("unscored")] * len(slots)
        jobs = []  # (slot index, masked ids, target positions, true pieces)
        for n, slot in enumerate(slots):
            enc = self.tokenizer(slot.text, return_offsets_mapping=True)
            ids = list(enc["input_ids"])
            try:
                if len(ids) > input_limit(self.model, self.tokenizer):
                    raise Skip("too_long")
                positions = target_positions(enc["offset_mapping"], slot.start, slot.end)
            except Skip as skip:
                results[n] = skip
                continue
            gold = [ids[p] for p in positions]
            for p in positions:
                ids[p] = self.tokenizer.mask_token_id
            jobs.append((n, ids, positions, gold))
        true_fill = [list(ids) for _, ids, _, _ in jobs]
        greedy_fill = [list(ids) for _, ids, _, _ in jobs]
        p = [1.0] * len(jobs)
        greedy: list[list[int]] = [[] for _ in jobs]
        for j in range(max((len(job[2]) for job in jobs), default=0)):
            active = [k for k, job in enumerate(jobs) if j < len(job[2])]
            rows = [true_fill[k] for k in active] + ([greedy_fill[k] for k in active] if j else [])
            where = [jobs[k][2][j] for k in active] * (2 if j else 1)
            dist = self._distributions(rows, where)
            for r, k in enumerate(active):
                pos, true_piece = jobs[k][2][j], jobs[k][3][j]
                p[k] *= float(dist[r, true_piece])
                true_fill[k][pos] = true_piece
                choice = int(dist[r + len(active) if j else r].argmax())
                greedy[k].append(choice)
                greedy_fill[k][pos] = choice
        for k, (n, _, positions, _) in enumerate(jobs):
            prediction = self.tokenizer.decode(greedy[k]).strip()
            target = slots[n].text[slots[n].start : slots[n].end]
            results[n] = Fill(prediction, same_word(prediction, target), p[k], len(positions))
        return results

    def _distributions(self, rows: list[list[int]], where: list[int]) -> Any:
        """Probabilities (float64) over the vocabulary at position ``where[r]`` of each row."""
        import torch

        width = max(len(r) for r in rows)
        pad = self.tokenizer.pad_token_id
        ids = torch.tensor([r + [pad] * (width - len(r)) for r in rows], device=self.device)
        mask = torch.tensor([[1] * len(r) + [0] * (width - len(r)) for r in rows], device=self.device)
        with torch.inference_mode():
            logits = self.model(input_ids=ids, attention_mask=mask).logits
        picked = logits[torch.arange(len(rows), device=self.device), torch.tensor(where, device=self.device)]
        return picked.double().softmax(-1).cpu()


class BartProbe:
    """BART (``BartForConditionalGeneration``) scored by mask infilling, see the module docstring."""

    def __init__(self, model: Any, tokenizer: Any, device: str = "cpu") -> None:
        self.model, self.tokenizer, self.device = model.to(device).eval(), tokenizer, device

    def fill(self, slots: Sequence[Slot]) -> list[Fill | Skip]:
        results: list[Fill | Skip] = [Skip("unscored")] * len(slots)
        jobs = []  # (slot index, encoder ids, original ids, target positions)
        limit = input_limit(self.model, self.tokenizer)
        for n, slot in enumerate(slots):
            masked = slot.text[: slot.start] + self.tokenizer.mask_token + slot.text[slot.end :]
            source = list(self.tokenizer(masked)["input_ids"])
            enc = self.tokenizer(slot.text, return_offsets_mapping=True)
            try:
                if max(len(source), len(enc["input_ids"])) > limit:
                    raise Skip("too_long")
                positions = target_positions(enc["offset_mapping"], slot.start, slot.end)
            except Skip as skip:
                results[n] = skip
                continue
            jobs.append((n, source, list(enc["input_ids"]), positions))
        if not jobs:
            return results
        start = self.model.config.decoder_start_token_id
        sources = [job[1] for job in jobs]
        dist = self._distributions(sources, [[start] + job[2][:-1] for job in jobs], [job[3] for job in jobs])
        p = [1.0] * len(jobs)
        greedy: list[list[int]] = []
        for k, (_, _, original, positions) in enumerate(jobs):
            for i, pos in enumerate(positions):
                p[k] *= float(dist[k][i, original[pos]])
            greedy.append([int(dist[k][0].argmax())])
        for j in range(1, max(len(job[3]) for job in jobs)):
            active = [k for k, job in enumerate(jobs) if j < len(job[3])]
            prefixes = [[start] + jobs[k][2][: jobs[k][3][0]] + greedy[k] for k in active]
            step = self._distributions(
                [sources[k] for k in active], prefixes, [[len(prefix) - 1] for prefix in prefixes]
            )
            for r, k in enumerate(active):
                greedy[k].append(int(step[r][0].argmax()))
        for k, (n, _, _, positions) in enumerate(jobs):
            prediction = self.tokenizer.decode(greedy[k]).strip()
            target = slots[n].text[slots[n].start : slots[n].end]
            results[n] = Fill(prediction, same_word(prediction, target), p[k], len(positions))
        return results

    def _distributions(
        self, sources: list[list[int]], decoder: list[list[int]], where: list[list[int]]
    ) -> list[Any]:
        """Per row, the decoder's probabilities (float64) at the given decoder positions.

        Decoder rows are padded on the right; the decoder is causal, so padding never reaches the
        positions read.
        """
        import torch

        pad = self.tokenizer.pad_token_id

        def padded(rows: list[list[int]]) -> tuple[Any, Any]:
            width = max(len(r) for r in rows)
            ids = torch.tensor([r + [pad] * (width - len(r)) for r in rows], device=self.device)
            mask = torch.tensor([[1] * len(r) + [0] * (width - len(r)) for r in rows], device=self.device)
            return ids, mask

        source_ids, source_mask = padded(sources)
        decoder_ids, _ = padded(decoder)
        with torch.inference_mode():
            logits = self.model(
                input_ids=source_ids, attention_mask=source_mask, decoder_input_ids=decoder_ids
            ).logits
        return [logits[r, where[r]].double().softmax(-1).cpu() for r in range(len(sources))]
