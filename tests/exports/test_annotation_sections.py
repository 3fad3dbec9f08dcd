"""The report's QC section reads qc/accuracy.json, which only qc import writes."""

from __future__ import annotations

import pytest

from core.layout import Layout
from core.storage import DamagedFile
from exports.annotation_sections import qc_section
from qc.store import accuracy_path


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("[]", "[] found"),
        ('{"a": 1}', "accuracy: null found"),
        ('{"accuracy": [{"book": "bk"}]}', 'accuracy: [{"book": "bk"}] found'),
    ],
)
def test_an_accuracy_file_of_another_shape_is_a_damaged_file_naming_it(tmp_path, text, found):
    layout = Layout(tmp_path)
    path = accuracy_path(layout)
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DamagedFile) as error:
        qc_section(layout)
    assert str(error.value) == f"{path}: not the accuracy table qc import writes ({found})"
