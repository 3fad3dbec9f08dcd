import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crawlers.profile import Site
from pipeline.config import load_config
from pipeline.config_reader import ConfigError
from pipeline.settings import changed
from tests.helpers import DEMO_CONFIG
from tests.pipeline.edited_config import edited_demo_config


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
        (  # urlsplit drops a tab or line break inside: the URL recorded was not the one requested
            lambda r: r["sites"]["moxiang"].update(url="http://x.org\n/"),
            "sites.moxiang.url: 'http://x.org\\n/' holds a line break or another control character",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(allowed_origins=["http://cdn.\tx.org"]),
            "sites.moxiang.allowed_origins[0]: 'http://cdn.\\tx.org' holds a line break or another control character",
        ),
        (
            lambda r: r["books"][0]["zh"].update(toc="book/\ncity-star/"),
            "books[0].zh.toc: 'book/\\ncity-star/' holds a line break or another control character",
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
        (  # the crawler sends no credentials: the book failed as robots_forbidden ("invalid hostname")
            lambda r: r["books"][0]["en"].update(toc="http://u:pw@moonlit.demo/novel/city-star/"),
            "books[0].en.toc: a user name or password in 'http://u:pw@moonlit.demo/novel/city-star/', which the "
            "crawler does not send",
        ),
        (  # dropped from the origin without a word
            lambda r: r["sites"]["moxiang"].update(allowed_origins=["http://u:pw@cdn.x.org"]),
            "sites.moxiang.allowed_origins[0]: a user name or password in 'http://u:pw@cdn.x.org', which the "
            "crawler does not send",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(max_toc_pages=0),
            "sites.moxiang.max_toc_pages: expected a number from 1 to 100000, got 0",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(max_toc_pages=600.5),
            "sites.moxiang.max_toc_pages: expected a whole number, got 600.5",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(max_toc_pages="all"),
            "sites.moxiang.max_toc_pages: expected a number from 1 to 100000, got 'all'",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(encoding="rot13"),
            "sites.moxiang.encoding: 'rot13' is not a text encoding (e.g. utf-8, gbk, gb18030, big5)",
        ),
        (
            lambda r: r["sites"]["moxiang"].update(encoding="unicode_escape"),
            "sites.moxiang.encoding: 'unicode_escape' is not a text encoding (e.g. utf-8, gbk, gb18030, big5)",
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
        (  # half of a UTF-16 pair (YAML's "\udc80"): the books table failed with a UnicodeEncodeError
            lambda r: r["books"][0].update(title_zh="a\udc80"),
            "books[0].title_zh: 'a\\udc80' holds U+DC80, half of a UTF-16 pair (a \\u escape), which no "
            "file name or table can hold",
        ),
        (
            lambda r: r["books"][0]["zh"].update(toc="\ud800/"),
            "books[0].zh.toc: '\\ud800/' holds U+D800",
        ),
        (
            lambda r: r.update(options={"filters": {"length_unit": "furlongs"}}),
            "options.filters.length_unit: must be one of scaled_chars, chars, bytes, got 'furlongs'",
        ),
        (
            lambda r: r.update(options={"split": {"leak_sides": ["zh", "fr"]}}),
            "options.split.leak_sides: must be one of zh, en, got 'fr'",
        ),
        (  # it turned the split's leakage check off without a word
            lambda r: r.update(options={"split": {"leak_sides": []}}),
            "options.split.leak_sides: expected one or more of zh, en, got []",
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
        (  # never matched a line: the boilerplate stayed in the text without a word
            lambda r: r["sites"]["moxiang"]["boilerplate"].append("^Support us\u2028on a site"),
            "sites.moxiang.boilerplate[3]: '^Support us\\u2028on a site' holds a line break, which no line holds",
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
        (  # the report showed it raw: index.md a binary file
            lambda r: r["books"][0].update(genre="wu\x00xia"),
            "books[0].genre: 'wu\\x00xia' holds a line break or another control character",
        ),
        (
            lambda r: r["books"][0].update(title_en="Red\x1b[31m Moon"),
            "books[0].title_en: 'Red\\x1b[31m Moon' holds a line break or another control character",
        ),
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
    path = edited_demo_config(tmp_path, edit)
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
    path = edited_demo_config(tmp_path, edit)
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
        load_config(edited_demo_config(tmp_path, edit))
    assert str(err.value).endswith(ending)


@pytest.mark.parametrize(
    ("written", "message"),
    [
        (
            "- ^Support us: Patreon",
            "sites.moxiang.boilerplate[0]: expected a non-empty string, got {'^Support us': 'Patreon'} "
            "(YAML reads unquoted text holding ': ' or ending in ':' as a mapping: quote it)",
        ),
        (
            "- ^Translator:",
            "sites.moxiang.boilerplate[0]: expected a non-empty string, got {'^Translator': None} "
            "(YAML reads unquoted text holding ': ' or ending in ':' as a mapping: quote it)",
        ),
        (
            "- [广告]",
            "sites.moxiang.boilerplate[0]: expected a non-empty string, got ['广告'] "
            "(YAML reads unquoted text in [ ] as a list: quote it)",
        ),
    ],
)
def test_a_pattern_yaml_reads_as_a_mapping_or_list_says_to_quote_it(tmp_path, written, message):
    path = edited_demo_config(tmp_path, lambda r: r["sites"]["moxiang"].update(boilerplate=["PATTERN"]))
    path.write_text(path.read_text(encoding="utf-8").replace("- PATTERN", written), encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"{path}: {message}"


@pytest.mark.parametrize("path", ["", "  "])
def test_an_empty_config_path_is_named_empty_not_the_current_folder(path):
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == f"the config path is empty ({path!r}): name a config file"


def test_a_config_path_holding_a_line_break_is_one_line(tmp_path):
    path = f"{tmp_path}/x\ny.yaml"
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == (
        f"{path!r}: a config path holding a line break or another control character, which no message could "
        "show on one line: rename it"
    )


def test_a_config_path_of_dash_is_named_the_standard_input_not_a_missing_file():
    with pytest.raises(ConfigError) as err:
        load_config("-")  # "-: file not found"
    assert (
        str(err.value)
        == "'-' stands for the standard input, which no config is read from: name the config file"
    )


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
    assert config.sites["biquge-like"].max_toc_pages == Site.max_toc_pages  # shown at its default
    assert config.book("my-first-novel").sources["en"].toc == "example-novel/"
    assert changed(config.settings) == {}  # its options show the defaults, as it says


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
    ("sites", "moxiang", "max_toc_pages"),
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

    path = edited_demo_config(tmp_path, edit)
    try:
        load_config(path)
    except ConfigError as err:
        assert str(err).startswith(f"{path}: ") and "\n" not in str(err).split(": ", 2)[1]


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
        (  # every message naming the book's file was cut in two
            "sites: {x: {kind: text, lang: zh}, y: {kind: epub, lang: en}}\n"
            'books: [{id: a, zh: {site: x, toc: "a\\nb.txt"}, en: {site: y, toc: a.epub}}]\n',
            "books[0].zh.toc: 'a\\nb.txt' holds a line break or another control character",
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
