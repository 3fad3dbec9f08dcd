from pathlib import Path

import pytest
import yaml

from pipeline.config import ConfigError, load_config
from tests.helpers import DEMO_CONFIG


def _with(tmp_path: Path, edit) -> Path:
    raw = yaml.safe_load(DEMO_CONFIG.read_text(encoding="utf-8"))
    for site in raw["sites"].values():
        site["serve"] = str((DEMO_CONFIG.parent / site["serve"]).resolve())
    edit(raw)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return path


def test_demo_config_loads():
    config = load_config(DEMO_CONFIG)
    assert [b.book_id for b in config.books] == ["city-star", "sword-sect", "star-system"]
    assert config.sites["moxiang"].encoding == "gbk"
    assert config.sites["moxiang"].serve.name == "zh"
    assert config.book("sword-sect").sources["en"].site == "moonlit"


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda r: r.update(colour="blue"), "(top level).colour: unknown key"),
        (lambda r: r["sites"]["moxiang"].update(selector={}), "sites.moxiang.selector: unknown key"),
        (lambda r: r["sites"]["moxiang"].pop("url"), "sites.moxiang.url: required key is missing"),
        (lambda r: r["sites"]["moxiang"].update(url="ftp://x"), "sites.moxiang.url: expected an http(s) URL"),
        (lambda r: r["sites"]["moxiang"].update(lang="fr"), "sites.moxiang.lang: must be one of zh, en"),
        (lambda r: r["sites"]["moxiang"].update(encoding="klingon"), "sites.moxiang.encoding: unknown encoding"),
        (lambda r: r["sites"]["moxiang"].update(delay=-1), "sites.moxiang.delay: expected a number >= 0"),
        (lambda r: r["sites"]["moxiang"]["boilerplate"].append("(["),
         "sites.moxiang.boilerplate[3]: invalid regular expression"),
        (lambda r: r["sites"]["moxiang"].update(serve="/nonexistent/site"), "sites.moxiang.serve: folder"),
        (lambda r: r["books"][1].update(id="../etc"), "books[1].id: '../etc' is not a safe id"),
        (lambda r: r["books"][2].update(id="city-star"), "books[2].id: duplicate book id 'city-star'"),
        (lambda r: r["books"][0]["zh"].update(site="nowhere"), "books[0].zh.site: unknown site 'nowhere'"),
        (lambda r: r["books"][0]["zh"].update(site="moonlit"), "books[0].zh.site: site 'moonlit' publishes 'en'"),
        (lambda r: r["books"][0].pop("en"), "books[0].en: required key is missing"),
        (lambda r: r.update(books=[]), "books: expected a non-empty list"),
        (lambda r: r.update(output="../elsewhere"), "output: '../elsewhere' is outside"),
        (lambda r: r.update(output="/etc"), "output: '/etc' is outside"),
        (lambda r: r.update(output="output/../.."), "output: 'output/../..' is outside"),
    ],
)
def test_invalid_config_names_file_field_and_problem(tmp_path, edit, message):
    path = _with(tmp_path, edit)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value).startswith(f"{path}: ")
    assert message in str(err.value)


def test_missing_and_unparsable_files(tmp_path):
    with pytest.raises(ConfigError, match="file not found"):
        load_config(tmp_path / "nope.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("sites: [unclosed", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(broken)


def test_the_documented_real_site_example_is_valid():
    config = load_config(DEMO_CONFIG.parent / "example-real.yaml")
    assert config.sites["biquge-like"].serve is None
    assert config.book("my-first-novel").sources["en"].toc == "example-novel/"


def test_output_folders_inside_output_are_fine(tmp_path):
    config = load_config(_with(tmp_path, lambda r: r.update(output="output/real")))
    assert config.output == DEMO_CONFIG.parent.parent / "output" / "real"


@pytest.mark.parametrize(
    "site, message",
    [
        ({"kind": "pdf", "lang": "en"}, "sites.shelf.kind: must be web, epub or text"),
        ({"kind": "text", "lang": "zh", "heading": "(["}, "sites.shelf.heading: invalid regular expression"),
        ({"kind": "epub", "lang": "en", "selectors": {}}, "sites.shelf.selectors: unknown key"),
        ({"kind": "text", "lang": "zh", "encoding": "klingon"}, "sites.shelf.encoding: unknown encoding"),
    ],
)
def test_local_source_errors_name_the_field(tmp_path, site, message):
    path = _with(tmp_path, lambda r: r["sites"].update(shelf=site))
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace("[", r"\[")):
        load_config(path)


def test_local_sources_need_no_url_or_selectors(tmp_path):
    path = _with(tmp_path, lambda r: r["sites"].update(shelf={"kind": "epub", "lang": "en"}))
    assert load_config(path).sites["shelf"].kind == "epub"
