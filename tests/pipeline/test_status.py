from core.layout import Layout
from pipeline.status import corpus_status
from tests.helpers import output_of, params


def test_status_of_a_corpus_not_built_yet_lists_every_stage_and_writes_nothing(demo_config):
    out = output_of(demo_config)
    report = corpus_status(params(demo_config), Layout(out), ["city-star", "sword-sect"]).splitlines()
    assert report[0] == f"Status of 2 books in {out} (tasks: 0 built, 0 stale, 14 not built)"
    assert report[1:9] == [
        "city-star",
        "  crawl zh  not built",
        "  crawl en  not built",
        "  clean     not built",
        "  dedup     not built",
        "  filter    not built",
        "  align     not built",
        "  mine      not built",
    ]
    assert report[-2:] == ["corpus", "  summary   not built"]
    assert not out.exists()
