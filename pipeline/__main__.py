import sys

from core.stdio import check_standard_streams

check_standard_streams()  # first: an import may open a file on a closed stderr's descriptor

from pipeline.cli import main  # noqa: E402

sys.exit(main())
