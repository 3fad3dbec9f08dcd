from core.layout import Layout
from exports.chapter_view import describe_chapter, highlight


def test_describe_chapter_shows_the_journey(layout):
    text = describe_chapter(layout, "book1/2", color=False)
    for expected in (
        "== raw ==",
        "https://zh.example/book1/2",
        "title removed: '第2章'",
        "== rejections ==",
        "(none)",
        "#4   0-1",
        "book1-2 last sentence.",
    ):
        assert expected in text
    rejected = describe_chapter(layout, "book1/1", color=False)
    assert "filter: too_few_sentences  book1/1" in rejected
    assert "a [0] book1-1 [[first]] sentence." in rejected and "<<third>>" in rejected
    assert "\x1b[1;33mfirst\x1b[0m" in describe_chapter(layout, "book1/1", color=True)


def test_describe_chapter_of_an_empty_output(tmp_path):
    text = describe_chapter(Layout(tmp_path), "nobook/3", color=False)
    assert text.count("(not built yet)") == 5


def test_highlight_falls_back_to_search():
    assert highlight("He said so.", 3, 7, "said", ("[[", "]]")) == "He [[said]] so."
    assert highlight("He said so.", 0, 2, "said", ("[[", "]]")) == "He [[said]] so."
    assert highlight("He said so.", None, None, "told", ("<<", ">>")) == "He said so.  (<<told>>)"


def test_describe_chapter_says_how_it_was_paired(layout):
    from core.storage import write_json

    write_json({"pairing": {"book1/2": "zh '第2章' <-> en 'Prologue': numbers differ, content score 0.61"}},
               layout.stats("filter", "book1"))
    assert "  paired: zh '第2章' <-> en 'Prologue': numbers differ" in describe_chapter(layout, "book1/2", color=False)
