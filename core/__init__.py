"""The shared kernel under every package: paths, language data, layout, schemas, storage, rejections, stage results."""

from core.processes import quiet_start

quiet_start()  # in a command, Ctrl-C while the rest of it is imported is one line, not a traceback
