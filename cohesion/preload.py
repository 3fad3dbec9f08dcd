"""Mining's resources, loaded ahead of its tasks.

A build calls :func:`mine` once in the process that forks its Luigi workers (``pipeline.preload``), so
that every book's task inherits spaCy's tagger, WordNet and jieba instead of loading them again
(about 7 CPU seconds a task). It mines the made-up chapter of ``text.sample``, so whatever the miner
loads on first use is loaded.
"""

from __future__ import annotations

from cohesion.candidate import Candidate
from text import sample


def mine() -> list[Candidate]:
    """The candidates of the made-up chapter, mined with its Chinese.

    Then WordNet's data files are closed: NLTK's reader keeps each one open once it has read a synset
    from it, and processes forked from this one would share the file's offset, each moving it under
    the others. The reader opens them again on its next read.
    """
    from cohesion import nlp
    from cohesion.miner import mine_chapters

    (found,) = mine_chapters([(list(sample.SENTENCES["en"]), list(sample.SENTENCES["zh"]))])
    wordnet = nlp.wordnet()
    for data_file in wordnet._data_file_map.values():
        data_file.close()
    wordnet._data_file_map.clear()
    return found
