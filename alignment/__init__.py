"""Sentence alignment of zh-en chapters: dictionary similarity + two-pass m-n DP, Bleualign, Gale-Church."""
