"""The module Luigi's own entry points load (``luigi --module pipeline.tasks``, the cron line's ``RangeDaily``):
importing it registers every task of the pipeline, and its closure is the setup a build's workers share
(``pipeline.lock``).

Per book: CrawlBook (zh, en) → CleanBook → [DedupCorpus] → FilterBook → AlignBook → MineBook
(``pipeline.crawl_task``, ``pipeline.book_stages``). Corpus level: BuildCorpus (``pipeline.build_task``, the
``make corpus`` target: every book through mining, the books table and the corpus summary); UpdateCorpus
(``pipeline.update_task``, ``make update``, one per date): refetch every table of contents, then rebuild what
changed. ExportCorpus and BuildReport (``pipeline.corpus_tasks``) read the built corpus.
"""

from pipeline.corpus_tasks import BuildReport, ExportCorpus  # noqa: F401 - registered: luigi --module pipeline.tasks ExportCorpus
from pipeline.luigi_params import RangeDaily  # noqa: F401 - registered for the cron line: luigi --module pipeline.tasks RangeDaily
from pipeline.update_task import UpdateCorpus  # noqa: F401 - registered, with every task it builds
