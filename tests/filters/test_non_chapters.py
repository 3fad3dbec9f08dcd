import pytest

from filters.non_chapters import non_chapter


@pytest.mark.parametrize(
    ("title", "reason"),
    [
        ("作者的话", "author_note"),
        ("第5章 作者有话说", "author_note"),
        ("第9章 写在前面", "author_note"),
        ("第八章请假条（作者的话）", "leave_notice"),
        ("【请假】今天停更一天", "leave_notice"),
        ("120. 请假条", "leave_notice"),
        ("停更通知", "leave_notice"),
        ("感谢盟主的打赏", "thanks_note"),
        ("第12章 感谢大家的支持", "thanks_note"),
        ("第十章 感谢", "thanks_note"),
        ("第12章 上架感言", "on_shelf_notice"),
        ("第七章 入V公告", "on_shelf_notice"),
        ("新书上架了", "on_shelf_notice"),
    ],
)
def test_a_notice_posted_as_a_chapter_is_named_by_its_title(title, reason):
    rejection = non_chapter(title, "zh")
    assert rejection is not None and rejection.reason == reason
    assert title in rejection.detail


@pytest.mark.parametrize(
    "title",
    [
        "第一章 雨夜",
        "第三十章 感谢上天",
        "谢谢你",
        "第十章 停车场",
        "第二章 作者是谁",
        "第十章 请假回家",
        "他的感谢",
        "",
    ],
)
def test_a_story_chapter_is_kept(title):
    assert non_chapter(title, "zh") is None


def test_each_language_has_its_own_rules():
    assert non_chapter("作者的话", "en") is None and non_chapter("Author's Note", "zh") is None


@pytest.mark.parametrize(
    ("title", "reason"),
    [
        ("Chapter 10: A Word from the Author", "author_note"),
        ("Author's Note", "author_note"),
        ("Hiatus until May", "leave_notice"),
        ("Thank you to all our patrons", "thanks_note"),
    ],
)
def test_the_same_notices_on_a_translation_site(title, reason):
    rejection = non_chapter(title, "en")
    assert rejection is not None and rejection.reason == reason


@pytest.mark.parametrize(
    "title", ["Chapter 3: Thank You, Brother", "Chapter 4: The Author of Lies", "Chapter 12: Leave"]
)
def test_an_english_story_chapter_is_kept(title):
    assert non_chapter(title, "en") is None
