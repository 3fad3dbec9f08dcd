import subprocess
import sys

import pytest

pytest.importorskip("torch")


def test_spacy_comes_without_torch_and_torch_stays_importable():
    code = (
        "import sys\n"
        "import cohesion.nlp\n"
        "import spacy\n"
        "assert 'torch' not in sys.modules\n"
        "import torch\n"
        "print(torch.__name__)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout == "torch\n"
