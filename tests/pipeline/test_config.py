import os
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from alignment.hybrid import HybridWeights
from alignment.search import SearchParams
from alignment.settings import AlignSettings
from exports.splits import SplitConfig
from filters.chapter_filters import FilterConfig
from filters.chapter_match import MatchConfig
from filters.clean import MojibakeConfig
from filters.dedup import DedupConfig
from filters.settings import CleanSettings
import pipeline.config
from pipeline.config import ConfigError, Settings, changed, load_config
from tests.helpers import DEMO_CONFIG


def _with(tmp_path: Path, edit) -> Path:
    raw = yaml.safe_load(DEMO_CONFIG.read_text(encoding="utf-8"))
    for site in raw["sites"].values():
        site["serve"] = str((DEMO_CONFIG.parent / site["serve"]).resolve())
    edit(raw)
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", ["loop", "file"])
def test_a_serve_folder_that_is_a_looping_link_or_a_file_is_named(tmp_path, kind):
    """A ``serve:`` symbolic link that loops was a RuntimeError traceback ("Symlink loop from ..."); a file
    was a "folder ... does not exist"."""
    serve = tmp_path / "site"
    serve.symlink_to(serve) if kind == "loop" else serve.write_text("x", encoding="utf-8")
    path = _with(tmp_path, lambda r: r["sites"]["moxiang"].update(serve=str(serve)))
    problem = "is a symbolic link that loops, not a folder" if kind == "loop" else "is not a folder"
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path}: sites.moxiang.serve: {serve} {problem}"


def test_an_output_folder_that_is_a_looping_link_is_named(tmp_path, monkeypatch):
    """``output: output/loop``, a symbolic link to itself: a RuntimeError traceback ("Symlink loop from ...")
    from every command that reads the config; the default folder (no ``output:``) a looping link: status
    said "Too many levels of symbolic links", stats "no aligned corpus", clean "does not exist"."""
    monkeypatch.setattr(pipeline.config, "REPO_ROOT", tmp_path)
    monkeypatch.setattr(pipeline.config, "OUTPUT_ROOT", tmp_path / "output")
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "loop").symlink_to("loop")
    path = _with(tmp_path, lambda r: r.update(output="output/loop"))
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path}: output: 'output/loop' is a symbolic link that loops, not a folder"
    (tmp_path / "output" / "bad").symlink_to("bad")  # the default folder of bad.yaml, without output:
    path = _with(tmp_path, lambda r: r.pop("output"))
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert (
        str(err.value)
        == f"{path}: output: the default output/bad is a symbolic link that loops, not a folder"
    )


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
        (
            lambda r: r["sites"]["moxiang"].update(url="http://x:99999/"),
            "sites.moxiang.url: expected an http(s) URL",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(url="http://x:0/"),
            "sites.moxiang.url: expected an http(s) URL",
        ),
        (  # no chapter link: the crawl found none, and said nothing
            lambda r: r["sites"]["moxiang"]["selectors"].update(chapter_links="ul a::text"),
            "sites.moxiang.selectors.chapter_links: 'ul a::text' picks ::text, not links: select the <a> "
            "elements (or their ::attr(href))",
        ),
        (
            lambda r: r["sites"]["moxiang"]["selectors"].update(body_next="a.next::attr( title )"),
            "sites.moxiang.selectors.body_next: 'a.next::attr( title )' picks ::attr( title ), not links: "
            "select the <a> elements (or their ::attr(href))",
        ),
        (  # "<b>"'s words lost, each piece of a paragraph around it a paragraph of its own
            lambda r: r["sites"]["moxiang"]["selectors"].update(body="div#content p::text"),
            "sites.moxiang.selectors.body: 'div#content p::text' picks ::text, the text directly inside only "
            "(not that of <b>, <i> or <a> within): select the elements, whose text is read whole",
        ),
        (  # these three failed at the crawl, as a robots.txt that forbids the site or a DNS lookup
            lambda r: r["sites"]["moxiang"].update(url="http://my site.com/"),
            "sites.moxiang.url: expected an http(s) URL, got 'http://my site.com/'",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(url="http://ann:secret@x.org/"),
            "sites.moxiang.url: a user name or password in 'http://ann:secret@x.org/', which the crawler "
            "does not send",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(url="http://[::1]:8000/"),
            "sites.moxiang.url: an IPv6 address in 'http://[::1]:8000/', which the crawler cannot look up: "
            "use a host name",
        ),
        (lambda r: r["sites"]["moxiang"].update(lang="fr"), "sites.moxiang.lang: must be one of zh, en"),
        (
            lambda r: r["sites"]["moxiang"].update(encoding="klingon"),
            "sites.moxiang.encoding: unknown encoding",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(delay=-1),
            "sites.moxiang.delay: expected a number from 0 to 600, got -1",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(delay=1e300),
            "sites.moxiang.delay: expected a number from 0 to 600",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(download_timeout=1e9),
            "sites.moxiang.download_timeout: expected a number from 0.1 to 3600, got 1000000000.0",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(concurrency=0),
            "sites.moxiang.concurrency: expected a number from 1 to 64",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(concurrency=10**6),
            "sites.moxiang.concurrency: expected a number from 1",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(max_page_bytes=2**40),
            "sites.moxiang.max_page_bytes: expected a number",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(encoding="rot13"),
            "sites.moxiang.encoding: 'rot13' is not a text encoding (e.g. utf-8, gbk, gb18030, big5)",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(encoding="base64"),
            "sites.moxiang.encoding: 'base64' is not a text",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(encoding=["gbk"]),
            "sites.moxiang.encoding: expected a non-empty string",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(encoding="gb\x00k"),
            "sites.moxiang.encoding: 'gb\\x00k' contains a NUL",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(serve="x\x00"),
            "sites.moxiang.serve: 'x\\x00' contains a NUL",
        ),
        (
            lambda r: r.update(options={"filters": {"length_unit": "furlongs"}}),
            "options.filters.length_unit: must be one of scaled_chars, chars, bytes, got 'furlongs'",
        ),
        (
            lambda r: r.update(options={"split": {"leak_sides": ["zh", "fr"]}}),
            "options.split.leak_sides: must be one of zh, en, got 'fr'",
        ),
        (lambda r: r["sites"].update({1: {}}), "sites.1: expected a non-empty string, got 1"),
        (
            lambda r: r.update({1: "x", "zz": "y"}),
            "(top level).1: unknown key (allowed: books, options, output, sites)",
        ),
        (lambda r: r["books"][0].update({2: "x", "zz": "y"}), "books[0].2: unknown key"),
        (
            lambda r: r["sites"]["moxiang"]["boilerplate"].append("(["),
            "sites.moxiang.boilerplate[3]: invalid regular expression",
        ),
        (lambda r: r["sites"]["moxiang"].update(serve="/nonexistent/site"), "sites.moxiang.serve: folder"),
        (lambda r: r["books"][1].update(id="../etc"), "books[1].id: '../etc' is not a safe id"),
        (lambda r: r["books"][1].update(id="sword-sect\n"), "books[1].id: 'sword-sect\\n' is not a safe id"),
        (
            lambda r: r["books"][1].update(id=False),
            "books[1].id: expected a non-empty string, got False (YAML reads an unquoted yes, no, on, off, "
            "true or false as true/false: quote it)",
        ),
        (
            lambda r: r["books"][1].update(id=2024),
            "books[1].id: expected a non-empty string, got 2024 (quote it to mean text)",
        ),
        (
            lambda r: r["sites"].update(moxiang=None),
            "sites.moxiang: expected a mapping, got nothing (an empty value)",
        ),
        (lambda r: r["books"][2].update(id="city-star"), "books[2].id: duplicate book id 'city-star'"),
        (
            lambda r: r["books"][1].update(id="corpus"),
            "books[1].id: 'corpus' is reserved: corpus-wide tasks",
        ),
        (lambda r: r["books"][0]["zh"].update(site="nowhere"), "books[0].zh.site: unknown site 'nowhere'"),
        (
            lambda r: r["books"][0]["zh"].update(site="moonlit"),
            "books[0].zh.site: site 'moonlit' publishes 'en'",
        ),
        (lambda r: r["books"][0].pop("en"), "books[0].en: required key is missing"),
        (lambda r: r.update(books=[]), "books: expected a non-empty list"),
        (lambda r: r.update(output="../elsewhere"), "output: '../elsewhere' is outside"),
        (lambda r: r.update(output="/etc"), "output: '/etc' is outside"),
        (lambda r: r.update(output="output/../.."), "output: 'output/../..' is outside"),
        (
            lambda r: r.update(output="output/raw/mine"),
            "output: 'output/raw/mine' lies in output/raw, a folder of the output that output/ itself holds",
        ),
        (
            lambda r: r["sites"]["moxiang"]["selectors"].update(chapter_links="ul[[ a"),
            "sites.moxiang.selectors.chapter_links: invalid CSS selector 'ul[[ a'",
        ),
        (
            lambda r: r["sites"]["moxiang"]["selectors"].update(body_next="a::nonsense"),
            "sites.moxiang.selectors.body_next: invalid CSS selector",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(concurrency=float("inf")),
            "sites.moxiang.concurrency: expected a number",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(delay=float("nan")),
            "sites.moxiang.delay: expected a number",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(concurrency=2.5),
            "sites.moxiang.concurrency: expected a whole number",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(obey_robots="no"),
            "sites.moxiang.obey_robots: expected true or false",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(download_timeout=0),
            "sites.moxiang.download_timeout: expected a number",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(allowed_origins=["ftp://cdn.example"]),
            "sites.moxiang.allowed_origins[0]: expected an http(s) origin",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(allowed_origins="http://cdn.example"),
            "sites.moxiang.allowed_origins: expected a list",
        ),
        (
            lambda r: r["books"][0]["zh"].update(toc="file:///etc/passwd"),
            "books[0].zh.toc: expected a path relative to",
        ),
        (
            lambda r: r["books"][0]["zh"].update(toc="ftp://moxiang.demo/book/"),
            "books[0].zh.toc: expected a path",
        ),
        (
            lambda r: r["books"][0]["zh"].update(toc="http://moxiang.demo:8080/book/"),
            "books[0].zh.toc: expected a path",
        ),
        (
            lambda r: r["books"][0]["zh"].update(toc="//elsewhere.example/book/"),
            "books[0].zh.toc: expected a path",
        ),
        (
            lambda r: r["books"][0]["zh"].update(toc="http://[::1"),
            "books[0].zh.toc: expected a path relative to http://moxiang.demo/ or an http(s) URL on "
            "http://moxiang.demo:80, got 'http://[::1'",
        ),
        (
            lambda r: r["books"][0].update(title_zh=["满城", "星光"]),
            "books[0].title_zh: expected a string, got list",
        ),
        (lambda r: r["books"][0].update(genre={"a": 1}), "books[0].genre: expected a string, got dict"),
        (
            lambda r: r.update(options={"filter": {}}),
            "options.filter: unknown key (allowed: align, clean, dedup, filters, pair, split)",
        ),
        (
            lambda r: r.update(options={"filters": {"min_sentence": 3}}),
            "options.filters.min_sentence: unknown key",
        ),
        (
            lambda r: r.update(options={"filters": {"min_sentences": "5"}}),
            "options.filters.min_sentences: expected a number",
        ),
        (
            lambda r: r.update(options={"filters": {"min_sentences": 2.5}}),
            "options.filters.min_sentences: expected a whole",
        ),
        (
            lambda r: r.update(options={"split": {"leak_sides": "zh"}}),
            "options.split.leak_sides: expected a list of strings",
        ),
        (lambda r: r.update(options=["filters"]), "options: expected a mapping, got list"),
    ],
)
def test_invalid_config_names_file_field_and_problem(tmp_path, edit, message):
    path = _with(tmp_path, edit)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value).startswith(f"{path}: ")
    assert message in str(err.value)


_LONG = "x" * 300  # a pasted paragraph where a name belongs


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda r: r["books"][0].update(id=_LONG),
            f"books[0].id: '{'x' * 60}'… (300 characters) is not a safe id",
        ),
        (
            lambda r: r["sites"].update({_LONG: r["sites"]["moxiang"]}),
            f"sites.{'x' * 60}… (300 characters): '{'x' * 60}'… (300 characters) is not a safe id",
        ),
        (
            lambda r: r["sites"]["moxiang"].update({_LONG: 1}),
            f"sites.moxiang.{'x' * 60}… (300 characters): unknown key",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(encoding=_LONG),
            f"sites.moxiang.encoding: unknown encoding '{'x' * 60}'… (300 characters)",
        ),
        (
            lambda r: r["books"][0]["zh"].update(site=_LONG),
            f"books[0].zh.site: unknown site '{'x' * 60}'… (300 characters) (known: moonlit, moxiang)",
        ),
    ],
)
def test_a_long_value_is_echoed_shortened(tmp_path, edit, message):
    path = _with(tmp_path, edit)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value).startswith(f"{path}: {message}")


@pytest.mark.parametrize(
    ("edit", "ending"),
    [
        (lambda r: r.update(option={}), "; did you mean 'options'?"),
        (lambda r: r.update(options={"filters": {"min_sentence": 3}}), "; did you mean 'min_sentences'?"),
        (lambda r: r["sites"]["moxiang"].update(selector={}), "; did you mean 'selectors'?"),
        (lambda r: r.update(colour="blue"), "(allowed: books, options, output, sites)"),
    ],
)
def test_an_unknown_key_suggests_the_closest_allowed_one(tmp_path, edit, ending):
    with pytest.raises(ConfigError) as err:
        load_config(_with(tmp_path, edit))
    assert str(err.value).endswith(ending)


@pytest.mark.parametrize("path", ["", "  "])
def test_an_empty_config_path_is_named_empty_not_the_current_folder(path):
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"the config path is empty ({path!r}): name a config file"


def test_missing_and_unparsable_files(tmp_path):
    with pytest.raises(ConfigError, match="file not found"):
        load_config(tmp_path / "nope.yaml")
    with pytest.raises(ConfigError, match=f"^{tmp_path}: is a directory, not a config file$"):
        load_config(tmp_path)
    latin1 = tmp_path / "latin1.yaml"
    latin1.write_bytes(b"# a config\nsites: {caf\xe9: 1}")
    with pytest.raises(ConfigError) as err:
        load_config(latin1)
    assert str(err.value) == f"{latin1}: (file): not UTF-8 text (byte 0xe9 in line 2): save it as UTF-8"
    for utf16 in ("sites: {}\n".encode("utf-16"), "sites: {}\n".encode("utf-16-le")):
        (tmp_path / "utf16.yaml").write_bytes(utf16)
        with pytest.raises(ConfigError) as err:
            load_config(tmp_path / "utf16.yaml")
        assert str(err.value) == f"{tmp_path / 'utf16.yaml'}: (file): UTF-16 text: save it as UTF-8"
    broken = tmp_path / "broken.yaml"
    broken.write_text("sites: [unclosed", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(broken)
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as handle:
        handle.truncate(16 * 1024 * 1024 + 1)  # sparse: no disk space
    with pytest.raises(ConfigError, match=f"^{huge}: \\(file\\): larger than 16 MB$"):
        load_config(huge)
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)  # opening it would wait for a writer for ever
    for special in (pipe, "/dev/zero"):  # a device would be read for ever, or up to the cap
        with pytest.raises(ConfigError) as err:
            load_config(special)
        assert str(err.value) == f"{special}: (file): a named pipe or a device, not a config file"
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    with pytest.raises(ConfigError, match=f"^{loop}: cannot be read: Too many levels of symbolic links$"):
        load_config(loop)
    with pytest.raises(ConfigError, match=f"^{broken}/c.yaml: cannot be read: Not a directory$"):
        load_config(broken / "c.yaml")


def test_the_documented_real_site_example_is_valid():
    config = load_config(DEMO_CONFIG.parent / "example-real.yaml")
    assert config.sites["biquge-like"].serve is None
    assert config.book("my-first-novel").sources["en"].toc == "example-novel/"
    assert changed(config.settings) == {}  # its options show the defaults, as it says


def test_output_folders_inside_output_are_fine(tmp_path):
    config = load_config(_with(tmp_path, lambda r: r.update(output="output/real")))
    assert config.output == DEMO_CONFIG.parent.parent / "output" / "real"


def test_site_defaults_and_allowed_origins(tmp_path):
    origins = ["https://CDN.example.org/", "http://img.example.org:8080"]

    def edit(r):
        r["sites"]["moxiang"].update(allowed_origins=origins)
        r["sites"]["moxiang"].pop("concurrency")

    site = load_config(_with(tmp_path, edit)).sites["moxiang"]
    assert (site.concurrency, site.download_timeout, site.obey_robots) == (2, 20.0, True)
    assert site.origins == (
        "http://moxiang.demo:80",
        "https://cdn.example.org:443",
        "http://img.example.org:8080",
    )


def test_a_toc_may_be_relative_or_absolute_on_the_sites_origins(tmp_path):
    def tocs(r):
        r["sites"]["moxiang"]["allowed_origins"] = ["https://mirror.example"]
        r["books"][0]["zh"]["toc"] = "http://MOXIANG.demo:80/book/city-star/"
        r["books"][1]["zh"]["toc"] = "https://mirror.example/book/sword-sect/"

    config = load_config(_with(tmp_path, tocs))
    assert [b.sources["zh"].toc for b in config.books] == [
        "http://MOXIANG.demo:80/book/city-star/",
        "https://mirror.example/book/sword-sect/",
        "book/star-system/",
    ]


def test_options_of_every_known_section_load_as_typed_settings(tmp_path):
    options = {
        "clean": {"mojibake": {"min_wrong_codec_hits": 3}},
        "dedup": {"threshold": 0.9, "num_perm": 64},
        "pair": {"band": 4, "check_length": 0.5},
        "filters": {"min_sentences": 3, "max_length_ratio": 2, "length_unit": "chars"},
        "align": {"search": {"band": 40, "skip_zh": -0.5}, "hybrid": {"weight": 0.5}},
        "split": {"held_out_books": 2, "leak_sides": ["zh"]},
    }
    stages = load_config(_with(tmp_path, lambda r: r.update(options=options))).settings
    assert stages == Settings(
        clean=CleanSettings(MojibakeConfig(min_wrong_codec_hits=3)),
        dedup=DedupConfig(threshold=0.9, num_perm=64),
        pair=MatchConfig(band=4, check_length=0.5),
        filters=FilterConfig(min_sentences=3, max_length_ratio=2.0, length_unit="chars"),
        align=AlignSettings(search=SearchParams(band=40, skip_zh=-0.5), hybrid=HybridWeights(weight=0.5)),
        split=SplitConfig(held_out_books=2, leak_sides=("zh",)),
    )
    assert isinstance(stages.filters.max_length_ratio, float)
    assert changed(stages.filters) == {"min_sentences": 3, "max_length_ratio": 2.0, "length_unit": "chars"}
    assert changed(stages.split) == {"held_out_books": 2, "leak_sides": ["zh"]}
    assert (
        changed(load_config(_with(tmp_path, lambda r: r.update(options={"dedup": {"seed": 1}}))).settings)
        == {}
    )


@pytest.mark.parametrize(
    "options, message",
    [
        ({"dedup": {"threshold": 0}}, "options.dedup.threshold: expected a number from 0.01 to 1, got 0"),
        ({"dedup": {"threshold": 1.5}}, "options.dedup.threshold: expected a number from 0.01 to 1, got 1.5"),
        ({"dedup": {"num_perm": 0}}, "options.dedup.num_perm: expected a number from 1 to 1024, got 0"),
        ({"dedup": {"ngram": 2.5}}, "options.dedup.ngram: expected a whole number, got 2.5"),
        ({"pair": {"band": -1}}, "options.pair.band: expected a number >= 0, got -1"),
        (
            {"pair": {"treshold": 0.1}},
            "options.pair.treshold: unknown key (allowed: band, check, check_length, "
            "margin, merge_penalty, number_bonus, threshold); did you mean 'threshold'?",
        ),
        (
            {"clean": {"mojibake": {"max_replacement_ratio": "low"}}},
            "options.clean.mojibake.max_replacement_ratio: expected a number >= 0, got 'low'",
        ),
        ({"clean": {"mojibake": 3}}, "options.clean.mojibake: expected a mapping, got int"),
        (
            {"clean": {"mojibake": {"min_wrong_codec_hits": 0}}},
            "options.clean.mojibake.min_wrong_codec_hits: expected a number >= 1, got 0",
        ),
        (
            {"align": {"search": {"skip_en": 0.5}}},
            "options.align.search.skip_en: expected a number from -10 to 0, got 0.5",
        ),
        (
            {"align": {"search": {"max_size": 1}}},
            "options.align.search.max_size: expected a number from 2 to 12, got 1",
        ),
        (
            {"align": {"hybrid": {"weight": True}}},
            "options.align.hybrid.weight: expected a number from 0 to 10, got True",
        ),
        # a weight near 1e308 overflowed the search's sums to inf and NaN: numpy warnings, beads at random
        (
            {"align": {"search": {"marks": 1e308}}},
            "options.align.search.marks: expected a number from 0 to 10, got 1e+308",
        ),
        (
            {"align": {"search": {"para_bonus": 11}}},
            "options.align.search.para_bonus: expected a number from 0 to 10, got 11",
        ),
        (
            {"align": {"hybrid": {"weight": 1e300}}},
            "options.align.hybrid.weight: expected a number from 0 to 10, got 1e+300",
        ),
    ],
)
def test_bad_stage_settings_name_file_field_and_problem(tmp_path, options, message):
    path = _with(tmp_path, lambda r: r.update(options=options))
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path}: {message}"


# Property: any value anywhere in a config gives a Config or a ConfigError naming the file, never a crash.

_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(
        [
            "zh",
            "gbk",
            "ul li a",
            "a::attr(href)",
            "ftp://x",
            "http://moxiang.demo/",
            "../..",
            "([",
            "book/x/",
            "//elsewhere/",
            "file:///etc",
        ]
    ),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=8) | st.integers(), inner, max_size=3),
    max_leaves=6,
)
_PLACES = [
    ("sites", "moxiang", key)
    for key in (
        "lang",
        "url",
        "selectors",
        "encoding",
        "delay",
        "concurrency",
        "boilerplate",
        "obey_robots",
        "download_timeout",
        "allowed_origins",
    )
]
_PLACES += [("sites", "moxiang", "selectors", key) for key in ("chapter_links", "toc_next", "body_next")]
_PLACES += [("books", 0, key) for key in ("id", "title_zh", "genre", "zh")] + [("books", 0, "en", "toc")]
_PLACES += [
    ("options", "dedup"),
    ("options", "align", "search"),
    ("options", "clean", "mojibake", "max_replacement_ratio"),
]
_PLACES += [("options",), ("options", "filters"), ("output",), ("sites",), ("books",), ("sites", "new-site")]
_PLACES += [
    ("options", "filters", "length_unit"),
    ("options", "split", "leak_sides"),
    ("sites", "moxiang", 1),
    ("sites", "moxiang", "max_page_bytes"),
    ("sites", "txt"),
    ("options", "align", "translations"),
]


@settings(deadline=None, max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(place=st.sampled_from(_PLACES), value=_VALUES)
def test_any_value_anywhere_is_loaded_or_named(tmp_path, place, value):
    def edit(raw):
        parent = raw
        for key in place[:-1]:
            parent = parent.setdefault(key, {}) if isinstance(parent, dict) else parent[key]
        parent[place[-1]] = value

    path = _with(tmp_path, edit)
    try:
        load_config(path)
    except ConfigError as err:
        assert str(err).startswith(f"{path}: ") and "\n" not in str(err).split(": ", 2)[1]


@pytest.mark.parametrize(
    "site, message",
    [
        ({"kind": "pdf", "lang": "en"}, "sites.shelf.kind: must be web, epub or text"),
        (  # a web site's keys with a kind of no source: the kind is what is wrong, not the keys
            {"kind": "pdf", "lang": "en", "url": "http://a.example/", "delay": 1},
            "sites.shelf.kind: must be web, epub or text, got 'pdf'",
        ),
        ({"kind": "text", "lang": "zh", "heading": "(["}, "sites.shelf.heading: invalid regular expression"),
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
    path = _with(tmp_path, lambda r: r["sites"].update(shelf=site))
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_config(path)


def test_local_sources_need_no_url_or_selectors(tmp_path):
    path = _with(tmp_path, lambda r: r["sites"].update(shelf={"kind": "epub", "lang": "en"}))
    assert load_config(path).sites["shelf"].kind == "epub"


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "sites:\n  moxiang: {lang: zh}\n  moxiang: {lang: en}\nbooks: []\n",
            "sites.moxiang: duplicate key (lines 2 and 3)",
        ),
        ("1: x\nzz: y\n", "(top level).1: unknown key (allowed: books, options, output, sites)"),
        (
            'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
            + "".join(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]\n" for i in range(1, 10)),
            "a6: expands to more than 1,000,000 values (aliases)",
        ),
        (
            "sites: {x: {kind: text, lang: zh, heading: '(?<'}}\nbooks: [{id: a, zh: {site: x, toc: a}, en: {}}]\n",
            "sites.x.heading: invalid regular expression",
        ),
        ("# only a comment\n", "(top level): the file holds no settings (it is empty): expected a mapping"),
        (
            "sites: {x: {kind: text, lang: zh}, y: {kind: epub, lang: en}}\n"
            "books: [{id: a, zh: {site: x, toc: 'https://example.org/a.txt'}, en: {site: y, toc: a.epub}}]\n",
            "books[0].zh.toc: expected the path of the book's file (relative to the config's folder), "
            "got the URL 'https://example.org/a.txt'",
        ),
    ],
)
def test_a_config_file_refused_before_its_values_are_read(tmp_path, text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value).startswith(f"{path}: {message}")
    assert "\n" not in str(err.value)
