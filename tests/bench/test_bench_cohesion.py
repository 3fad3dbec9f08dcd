import re

import pytest

from bench import bench_cohesion


@pytest.mark.slow
def test_the_bench_runs_on_generated_text_and_reports_ratio_and_extrapolation(capsys):
    bench_cohesion.main(["--generated", "--sentences", "98", "--repeat", "1"])
    out = capsys.readouterr().out
    assert out.startswith("generated text: 2 chapters, 98 sentences; fixed cost (CPU s): import spacy ")
    assert re.search(r"^RATIO mining / floor \(CPU time, best runs\): \d+\.\d\d$", out, re.M)
    assert re.search(
        r"^EXTRAPOLATION, not a measurement: BWB's 9,581,816 English sentences at \d+ sent/s", out, re.M
    )
