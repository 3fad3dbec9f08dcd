from filters import filter_stage
from filters.chapter_filters import FilterConfig
from filters.chapter_match import MatchConfig
from filters.clean import MojibakeConfig
from filters.settings import CleanSettings
from filters.clean_stage import clean_book
from filters.filter_stage import pair_and_filter_book
from tests.filters.books import EN_BODY, raw_row


def test_the_clean_settings_reach_the_mojibake_check():
    rows = [raw_row("en", 0, "Chapter 1", f"{EN_BODY} Caf\u00c3\u00a9.")]  # one wrong-codec sequence
    assert clean_book(rows, {}, CleanSettings().mojibake).rejections == []
    strict = clean_book(rows, {}, MojibakeConfig(min_wrong_codec_hits=1))
    assert [(r["item_id"], r["reason"], r["detail"]) for r in strict.rejections] == [
        ("b/en/00000", "mojibake", "wrong-codec sequences x1, e.g. 'Ã©'")
    ]


def test_the_pair_settings_reach_the_pairing(monkeypatch):
    seen = []
    monkeypatch.setattr(
        filter_stage, "pair_chapters", lambda rows, lexicon, en_per_zh, match: seen.append(match) or ([], [])
    )
    pair_and_filter_book([], FilterConfig(), en_per_zh=1.0, match=MatchConfig(band=3))
    assert seen == [MatchConfig(band=3)]
