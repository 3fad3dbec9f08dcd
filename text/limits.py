"""How much text is split into sentences at once: a cap that code which reads text without splitting it (a
crawl's local books) shares with the splitter, without importing the splitter, whose punkt model a task's
fingerprint then counts among what it reads (``core.langdata.READERS``)."""

MAX_SPLIT_CHARS = 1_000_000  # the most text split at once (a stdin line, a chapter): about 1 s and 20 MB
