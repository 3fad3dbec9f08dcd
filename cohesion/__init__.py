"""Cohesion candidate mining on the English side of aligned chapters (Halliday & Hasan phenomena).

Entry points: :func:`cohesion.miner.mine` (one chapter), :func:`cohesion.stage.mine_book` (pipeline
rows), ``python -m cohesion.mine`` (stdin CLI) and ``python -m cohesion.annotation`` (Label Studio
round trip).
"""
