"""Corpus exports (split by book; Parquet, plain text, BWB layout, JSONL, TMX), the HTML/Markdown
report, Table-6 statistics and the per-chapter inspector. Plain functions: Luigi wiring lives in
``pipeline``."""
