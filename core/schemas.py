"""Every Parquet table of the pipeline, declared once. All stages read and write through these.

Ids are stable strings: book ``book_id``; raw chapter ``"{book_id}/{lang}/{toc_index}"`` (its place
in the site's table of contents, zero-padded to 5 digits); paired chapter ``"{book_id}/{chapter_no}"``;
sentence pair ``"{chapter_id}/{bead_no}"``; cohesion candidate ``"{chapter_id}/c{n}"``
(``core.raw_rows`` makes the raw ones).

Declarations only, read through ``core.storage`` alone (an import-linter contract), which notes the name of every
table read or written: a task's fingerprint holds the schema of each table it read or wrote
(``schema:NAME``), not this module's source, so a column added to one table reruns the tasks of that table
alone. ``SCHEMA_VERSION`` is stamped into every Parquet file's metadata as it is written; a bump alone reruns
nothing (readers compare a file's schema without its metadata), so a file of a table the bump left as it
was keeps the number it was written with until its task runs again for another reason.
"""

from __future__ import annotations

import pyarrow as pa

SCHEMA_VERSION = 2  # 2: books.adopted

_str = pa.string()
_int = pa.int32()
_strs = pa.list_(pa.string())
_ints = pa.list_(pa.int32())

BOOKS = pa.schema(
    [
        ("book_id", _str),
        ("title_zh", _str),
        ("title_en", _str),
        ("genre", _str),
        ("zh_site", _str),
        ("en_site", _str),
        ("adopted", pa.bool_()),  # a book adopted into the folder (--adopt): titles, genre and sites null
    ]
)

# One row per chapter page set fetched from a site (a chapter split over pages is one row).
RAW_CHAPTERS = pa.schema(
    [
        ("raw_id", _str),
        ("book_id", _str),
        ("lang", _str),  # "zh" | "en"
        ("site", _str),
        ("toc_index", _int),  # position in the site's table of contents, 0-based
        ("url", _str),  # first page of the chapter
        ("page_urls", _strs),  # every page the chapter body came from, in order
        ("fetched_at", pa.timestamp("ms", tz="UTC")),
        ("encoding", _str),  # encoding the page was decoded with
        ("title", _str),
        ("text", _str),  # body paragraphs joined with "\n", boilerplate not yet removed
        ("content_hash", _str),  # sha1 of title + text
    ]
)

# Cleaned chapters, one row per raw chapter that survived cleaning; both languages in one table.
CLEAN_CHAPTERS = pa.schema(
    [
        ("raw_id", _str),
        ("book_id", _str),
        ("lang", _str),
        ("toc_index", _int),
        ("chapter_no", _int),  # parsed from the title or URL; null when none could be parsed
        ("part", _int),  # "(Part 2)" / 第十章（下）: 1-based part number, null when not split
        ("title", _str),  # the removed chapter title, kept as metadata
        ("paragraphs", _strs),
        ("sentences", _strs),
        ("n_chars", _int),  # characters of the cleaned text without whitespace
        ("content_hash", _str),  # hash of the normalised text (exact dedup key)
    ]
)

# Paired zh/en chapters that passed every chapter filter.
CHAPTERS = pa.schema(
    [
        ("chapter_id", _str),
        ("book_id", _str),
        ("chapter_no", _int),
        ("title_zh", _str),
        ("title_en", _str),
        ("zh_sentences", _strs),
        ("en_sentences", _strs),
        ("zh_chars", _int),
        ("en_chars", _int),
        ("zh_raw_ids", _strs),
        ("en_raw_ids", _strs),
        ("zh_paragraph_starts", _ints),  # index of the first sentence of every paragraph (null: unknown)
        ("en_paragraph_starts", _ints),
        ("zh_words", pa.list_(_strs)),  # per zh sentence its words (text.chinese.segment), for the aligner
    ]
)

# Everything a stage drops, with the stage and a named reason.
REJECTED = pa.schema(
    [
        ("stage", _str),  # crawl | clean | dedup | pair | filter | align
        ("item_id", _str),  # raw_id, chapter_id or pair_id
        ("book_id", _str),
        ("lang", _str),  # "zh", "en" or "" for pairs
        ("reason", _str),  # a short snake_case name, e.g. "too_few_sentences"
        ("detail", _str),  # human-readable specifics, e.g. "zh 3 < 5"
    ]
)

# Aligned sentence pairs (beads), one row per bead, every sentence of the chapter in exactly one bead.
ALIGNED_PAIRS = pa.schema(
    [
        ("pair_id", _str),
        ("chapter_id", _str),
        ("book_id", _str),
        ("bead_no", _int),
        ("zh_idx", _ints),  # 0-based indices into the chapter's zh_sentences
        ("en_idx", _ints),
        ("zh", _str),  # the zh sentences of the bead joined without separator
        ("en", _str),  # the en sentences joined with a space
        ("bead_type", _str),  # "1-1", "1-2", "0-1", ...
        ("score", pa.float32()),
    ]
)

# Cohesion candidates mined on the English side.
CANDIDATES = pa.schema(
    [
        ("candidate_id", _str),
        ("chapter_id", _str),
        ("book_id", _str),
        ("phenomenon", _str),  # repetition | synonyms | reference | substitution | ellipsis | conjunction
        ("subtype", _str),
        ("adjacent", pa.bool_()),
        ("adjacency", _str),  # intra | adjacent | non_adjacent (cohesion.candidate.ADJACENCY)
        ("distance", _int),  # b.sentence - a.sentence
        ("sent_a", _int),  # 0-based en sentence index in the chapter
        ("sent_b", _int),
        ("pair_a", _str),  # pair_id of the bead holding sentence a
        ("pair_b", _str),
        ("a_start", _int),
        ("a_end", _int),
        ("b_start", _int),
        ("b_end", _int),
        ("a_text", _str),
        ("b_text", _str),
        ("sentence_a", _str),
        ("sentence_b", _str),
        ("trigger", _str),  # the device, lemma or synset that fired
        ("zh_a", _str),  # aligned Chinese of sentence a's bead
        ("zh_b", _str),
        ("evidence", _str),  # support from the aligned Chinese, "" when none
    ]
)

# Alignment QC verdicts (``qc import``): one row per reviewed bead, keyed by pair_id.
QC_VERDICTS = pa.schema(
    [
        ("pair_id", _str),
        ("chapter_id", _str),
        ("book_id", _str),
        ("zh_idx", _ints),  # the bead as the reviewer saw it
        ("en_idx", _ints),
        ("correct", pa.bool_()),
        ("reviewer", _str),
        ("source", _str),  # the file the verdict came from
    ]
)

# Reviewed beads replacing the aligner's (``qc import``); a pair_id may be replaced by several beads (part).
CORRECTIONS = pa.schema(
    [
        ("pair_id", _str),  # the automatic bead replaced
        ("part", _int),  # 0, 1, ...: the beads replacing it, in order; none when the bead is dissolved
        ("chapter_id", _str),
        ("book_id", _str),
        ("orig_zh_idx", _ints),  # the automatic bead when it was reviewed
        ("orig_en_idx", _ints),
        ("zh_idx", _ints),  # the corrected bead (both empty: the automatic bead is dissolved)
        ("en_idx", _ints),
        ("chapter_hash", _str),  # sha256 of the chapter's sentences when reviewed (stale when changed)
        ("reviewer", _str),
    ]
)

# MT evaluation scores: one row per system x chapter x metric; chapter_id null for the whole split.
MT_SCORES = pa.schema(
    [
        ("system", _str),
        ("split", _str),
        ("chapter_id", _str),
        ("metric", _str),  # bleu | chrf | ter | meteor | {category}-{p,r,f1} (mteval.discourse)
        ("value", pa.float64()),
        ("signature", _str),
    ]
)

# Masked-LM cohesion probe (python -m cohesion.evaluate): one row per suite item x model.
PROBE_RESULTS = pa.schema(
    [
        ("item_id", _str),  # the suite item's id (the candidate_id it came from)
        ("model", _str),  # model name or path as given, or baseline:unigram / baseline:context
        ("phenomenon", _str),
        ("subtype", _str),
        ("adjacent", pa.bool_()),
        ("adjacency", _str),  # intra | adjacent | non_adjacent
        ("distance", _int),
        ("judged", pa.bool_()),  # False: an unjudged miner candidate (no annotator checked it)
        ("target", _str),  # element b's text
        ("prediction", _str),  # the greedy fill (or the baseline's word)
        ("hit", pa.bool_()),
        ("p_context", pa.float64()),  # p(target) with the preceding sentences; null for baseline:context
        ("p_no_context", pa.float64()),  # p(target) from the target sentence alone
        ("pieces", _int),  # sub-word pieces of the target; null for baselines
    ]
)

TABLES: dict[str, pa.Schema] = {
    "books": BOOKS,
    "raw_chapters": RAW_CHAPTERS,
    "clean_chapters": CLEAN_CHAPTERS,
    "chapters": CHAPTERS,
    "rejected": REJECTED,
    "aligned_pairs": ALIGNED_PAIRS,
    "candidates": CANDIDATES,
    "qc_verdicts": QC_VERDICTS,
    "corrections": CORRECTIONS,
    "mt_scores": MT_SCORES,
    "probe_results": PROBE_RESULTS,
}
