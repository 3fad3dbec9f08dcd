"""A config of local files (a TXT original, an EPUB translation) through the whole pipeline."""

from __future__ import annotations

import datetime
import shutil

import luigi
import pytest
import yaml

from core import storage
from core.layout import Layout
from pipeline.build_task import BuildCorpus
from pipeline.update_task import UpdateCorpus
from tests.crawlers.local_books import NAMES, invented_chapter, write_epub, xhtml
from tests.helpers import output_of, params

pytestmark = pytest.mark.slow
ZH_NUMERALS = "一二三四"


def _config(tmp_path):
    chapters = [invented_chapter(k) for k in range(4)]
    text = "灯笼记\n作者：无名\n\n" + "".join(
        f"第{ZH_NUMERALS[k]}章 第{k + 1}天\n" + "\n".join(zh) + "\n\n" for k, (zh, _) in enumerate(chapters)
    )
    (tmp_path / "lanterns.txt").write_bytes(text.encode("gb18030"))
    rain = "".join(f"{i}号楼下雨了，{name}撑着伞回家。" for i, (name, _) in enumerate(NAMES * 2))
    (tmp_path / "broken.txt").write_text(f"第一章 雨\n{rain}\n", encoding="utf-8")
    titles = ["Prologue"] + [f"Chapter {k}" for k in range(1, 4)]  # the translation starts at a prologue
    write_epub(
        tmp_path / "lanterns.epub",
        [("cover.xhtml", xhtml("Cover", ["Lanterns"], "cover"))]
        + [(f"c{k}.xhtml", xhtml(titles[k], en)) for k, (_, en) in enumerate(chapters)],
    )
    write_epub(tmp_path / "broken.epub", [("c0.xhtml", xhtml("Chapter 1", chapters[0][1]))], spine=False)
    config = {
        "sites": {"txt": {"kind": "text", "lang": "zh"}, "shelf": {"kind": "epub", "lang": "en"}},
        "books": [
            {
                "id": book,
                "zh": {"site": "txt", "toc": f"{book}.txt"},
                "en": {"site": "shelf", "toc": f"{book}.epub"},
            }
            for book in ("lanterns", "broken")
        ],
    }
    path = tmp_path / "config.yaml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    return path


def test_txt_and_epub_books_pair_by_content_and_a_broken_epub_is_a_named_rejection(tmp_path):
    config = _config(tmp_path)
    result = luigi.build(
        [BuildCorpus(**params(config))], local_scheduler=True, detailed_summary=True, log_level="WARNING"
    )
    assert result.status == luigi.LuigiStatusCode.SUCCESS, result.summary_text
    layout = Layout(output_of(config))
    chapters = storage.read_rows(layout.chapters("lanterns"), "chapters")
    assert [(c["chapter_id"], c["zh_raw_ids"], c["en_raw_ids"]) for c in chapters] == [
        (f"lanterns/{k + 1}", [f"lanterns/zh/{k:05d}"], [f"lanterns/en/{k:05d}"]) for k in range(4)
    ]
    rows = storage.read_many(sorted(layout.root.glob("rejected/*/*.parquet")), "rejected").to_pylist()
    assert sorted((r["stage"], r["item_id"], r["reason"]) for r in rows) == [
        ("crawl", "broken/en", "missing_spine"),
        ("crawl", "lanterns/zh/front_matter", "front_matter"),  # the title and author lines
        ("pair", "broken/zh/00000", "no_translation"),
        *(("pair", f"lanterns/{k}", "renumbered") for k in range(1, 5)),
    ]
    raw = storage.read_rows(layout.raw("zh", "lanterns"), "raw_chapters")
    assert raw[0]["url"] == "file:lanterns.txt#%E7%AC%AC%E4%B8%80%E7%AB%A0%20%E7%AC%AC1%E5%A4%A9"
    assert raw[0]["encoding"] == "gb18030"

    # The author adds a chapter to the text file: the next build reads it, and only it is new.
    zh, _ = invented_chapter(4)
    with open(tmp_path / "lanterns.txt", "ab") as handle:
        handle.write(("第五章 第5天\n" + "\n".join(zh) + "\n").encode("gb18030"))
    result = luigi.build(
        [BuildCorpus(**params(config))], local_scheduler=True, detailed_summary=True, log_level="WARNING"
    )
    assert result.status == luigi.LuigiStatusCode.SUCCESS, result.summary_text
    assert len(storage.read_rows(layout.raw("zh", "lanterns"), "raw_chapters")) == 5
    assert storage.read_json(layout.stats("crawl", "lanterns-zh"))["new_chapters"] == 1
    rows = storage.read_rows(layout.rejected("filter", "lanterns"), "rejected")
    assert ("lanterns/zh/00004", "no_translation") in {(r["item_id"], r["reason"]) for r in rows}


def test_a_project_folder_moved_elsewhere_finds_no_new_chapter_and_cleans_nothing_again(tmp_path):
    """Config and books copied to another folder: the update reads the same chapters (their urls name the files
    as the config does), counts none new and leaves the cleaned tables as they were (it cleaned all again)."""
    (tmp_path / "here").mkdir()
    config = _config(tmp_path / "here")
    assert luigi.build([BuildCorpus(**params(config))], local_scheduler=True, log_level="WARNING")
    shutil.copytree(tmp_path / "here", tmp_path / "there")
    config = tmp_path / "there" / config.name
    layout = Layout(output_of(config))
    cleaned = layout.clean("lanterns").stat().st_mtime_ns
    update = UpdateCorpus(**params(config), date=datetime.date(2026, 11, 25))
    result = luigi.build([update], local_scheduler=True, detailed_summary=True, log_level="WARNING")
    assert result.status == luigi.LuigiStatusCode.SUCCESS, result.summary_text
    assert storage.read_json(layout.stats("update", "2026-11-25"))["new_chapters"] == {
        "broken-en": 0,
        "broken-zh": 0,
        "lanterns-en": 0,
        "lanterns-zh": 0,
    }
    assert layout.clean("lanterns").stat().st_mtime_ns == cleaned
