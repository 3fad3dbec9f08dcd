"""The shared kernel under every package: paths, language data, layout, schemas, storage, rejections, stage results."""

from core.processes import a_command, quiet_start
from core.stdio import check_working_folder

quiet_start()  # in a command, Ctrl-C while the rest of it is imported is one line, not a traceback
if a_command():
    check_working_folder()  # a command started in a removed folder is one line, not spaCy's traceback
