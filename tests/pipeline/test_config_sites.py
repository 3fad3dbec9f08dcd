"""The config's ``sites:``: web and local site profiles, read or refused with the field named."""

import re

import pytest

from pipeline.config import load_config
from pipeline.config_reader import ConfigError
from tests.pipeline.edited_config import edited_demo_config


@pytest.mark.parametrize("kind", ["loop", "file"])
def test_a_serve_folder_that_is_a_looping_link_or_a_file_is_named(tmp_path, kind):
    """A ``serve:`` symbolic link that loops was a RuntimeError traceback ("Symlink loop from ..."); a file
    was a "folder ... does not exist"."""
    serve = tmp_path / "site"
    serve.symlink_to(serve) if kind == "loop" else serve.write_text("x", encoding="utf-8")
    path = edited_demo_config(tmp_path, lambda r: r["sites"]["moxiang"].update(serve=str(serve)))
    problem = "is a symbolic link that loops, not a folder" if kind == "loop" else "is not a folder"
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path}: sites.moxiang.serve: {serve} {problem}"


def test_site_defaults_and_allowed_origins(tmp_path):
    origins = ["https://CDN.example.org/", "http://img.example.org:8080"]

    def edit(r):
        r["sites"]["moxiang"].update(allowed_origins=origins)
        r["sites"]["moxiang"].pop("concurrency")

    site = load_config(edited_demo_config(tmp_path, edit)).sites["moxiang"]
    assert (site.concurrency, site.download_timeout, site.obey_robots) == (2, 20.0, True)
    assert site.origins == (
        "http://moxiang.demo:80",
        "https://cdn.example.org:443",
        "http://img.example.org:8080",
    )


@pytest.mark.parametrize(
    "site, message",
    [
        ({"kind": "pdf", "lang": "en"}, "sites.shelf.kind: must be web, epub or text"),
        (  # a web site's keys with a kind of no source: the kind is what is wrong, not the keys
            {"kind": "pdf", "lang": "en", "url": "http://a.example/", "delay": 1},
            "sites.shelf.kind: must be web, epub or text, got 'pdf'",
        ),
        ({"kind": "text", "lang": "zh", "heading": "(["}, "sites.shelf.heading: invalid regular expression"),
        (  # a YAML '|' block: it ends in a line break, and the pattern never matched a line
            {"kind": "text", "lang": "zh", "heading": "^Part \\d+\n"},
            "sites.shelf.heading: '^Part \\\\d+\\n' holds a line break, which no line holds, so it would never "
            "match (write it on one line, quoted; a YAML '|' block ends in a line break: use '|-')",
        ),
        ({"kind": "epub", "lang": "en", "selectors": {}}, "sites.shelf.selectors: unknown key"),
        ({"kind": "text", "lang": "zh", "encoding": "klingon"}, "sites.shelf.encoding: unknown encoding"),
        (
            {"kind": "epub", "lang": "zh", "heading": "^第"},
            "sites.shelf.heading: only read for kind text (an EPUB's chapters are its spine items)",
        ),
        (
            {"kind": "epub", "lang": "zh", "encoding": "gbk"},
            "sites.shelf.encoding: only read for kind text (an EPUB's documents declare their own)",
        ),
    ],
)
def test_local_source_errors_name_the_field(tmp_path, site, message):
    path = edited_demo_config(tmp_path, lambda r: r["sites"].update(shelf=site))
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_config(path)


def test_local_sources_need_no_url_or_selectors(tmp_path):
    path = edited_demo_config(tmp_path, lambda r: r["sites"].update(shelf={"kind": "epub", "lang": "en"}))
    assert load_config(path).sites["shelf"].kind == "epub"


def test_an_encoding_is_read_without_the_blanks_at_its_edges(tmp_path):
    """A YAML '|' block's line break stayed in the name, and so in every message naming it."""
    site = {"kind": "text", "lang": "zh", "encoding": " gb18030\n"}
    path = edited_demo_config(tmp_path, lambda r: r["sites"].update(shelf=site))
    assert load_config(path).sites["shelf"].encoding == "gb18030"


def test_an_encoding_with_a_line_break_inside_is_refused_in_one_line(tmp_path):
    path = edited_demo_config(
        tmp_path, lambda r: r["sites"].update(shelf={"kind": "text", "lang": "zh", "encoding": "gb\n18030"})
    )
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == (
        f"{path}: sites.shelf.encoding: 'gb\\n18030' holds a line break or another control character"
    )


def test_a_css_selector_too_deep_to_translate_is_named(tmp_path):
    """A selector of 20,000 descendant combinators was a RecursionError traceback from cssselect."""
    selector = " ".join(["div"] * 20_000)
    path = edited_demo_config(
        tmp_path, lambda r: r["sites"]["moxiang"]["selectors"].update(chapter_links=selector)
    )
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == (
        f"{path}: sites.moxiang.selectors.chapter_links: invalid CSS selector {selector[:60]!r}… (79999 "
        "characters): nested too deeply to translate"
    )


def test_a_serve_folder_that_cannot_be_looked_at_is_named(tmp_path):
    """A ``serve:`` whose name is too long for the system (or under a folder of no permission) was an
    OSError traceback from ``Path.is_dir`` ("File name too long")."""
    serve = tmp_path / ("s" * 300)
    path = edited_demo_config(tmp_path, lambda r: r["sites"]["moxiang"].update(serve=str(serve)))
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == (
        f"{path}: sites.moxiang.serve: {str(serve)[:60]}… ({len(str(serve))} characters): File name too long"
    )
