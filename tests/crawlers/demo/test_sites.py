import yaml

from crawlers.demo.sites import render_sites, write_config

META = {
    "title_zh": "书",
    "author_zh": "甲",
    "synopsis_zh": "简介。",
    "title_en": "A Book",
    "author_en": "A",
    "synopsis_en": "About it.",
    "translator": "T",
    "editor": "E",
}


def test_each_side_shows_its_own_paragraphs_as_chapter_k(tmp_path):
    render_sites(
        "bk", META, [("第1章 始", "Chapter 1: Start", ["第一段。", "第二段。"], ["One and two."])], tmp_path
    )
    zh = (tmp_path / "zh" / "book" / "bk" / "10010.html").read_bytes().decode("gb18030")
    en = (tmp_path / "en" / "novel" / "bk" / "chapter-1" / "index.html").read_text(encoding="utf-8")
    assert "第一段。" in zh and "第二段。" in zh and "One and two." in en


def test_the_config_serves_the_two_sites_with_the_one_book(tmp_path):
    config = yaml.safe_load(
        write_config(tmp_path, "bk", META, "drama", site_settings={"delay": 0}).read_text(encoding="utf-8")
    )
    assert [(s["serve"], s["delay"]) for s in config["sites"].values()] == [
        (str(tmp_path / "site" / "zh"), 0),
        (str(tmp_path / "site" / "en"), 0),
    ]
    assert config["books"] == [
        {
            "id": "bk",
            "title_zh": "书",
            "title_en": "A Book",
            "genre": "drama",
            "zh": {"site": "moxiang", "toc": "book/bk/"},
            "en": {"site": "moonlit", "toc": "novel/bk/"},
        }
    ]
    assert "options" not in config
    path = write_config(tmp_path, "bk", META, "drama", {"align": {"method": "hybrid"}})
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["options"] == {"align": {"method": "hybrid"}}
