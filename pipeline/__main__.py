import sys

try:  # Ctrl-C while core is imported, before its handler is in (core.processes.quiet_start): one line too
    from core.stdio import check_standard_streams
except KeyboardInterrupt:
    print("interrupted", file=sys.stderr)
    sys.exit(130)

check_standard_streams()  # first: an import may open a file on a closed stderr's descriptor

from pipeline.cli import main  # noqa: E402

sys.exit(main())
