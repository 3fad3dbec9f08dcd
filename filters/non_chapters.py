"""Web-novel posts that are not chapters, recognised by their title and dropped with a named reason.

Serialised novels interleave the story with notices posted like chapters, often under a chapter number:
the author's words to readers, leave notices (no update today), thanks for tips and votes, and (Chinese
sites) the "on shelf" announcement when a novel goes behind the paywall; translation sites post the
same notices in English. The title, less any chapter number and brackets, must *begin* with the
notice's words (a story chapter called "…的感谢" stays); thanks need a word saying whom or what for
(打赏, 盟主, readers, support, ...), since a story title may start with 感谢 or "Thank you".
"""

from __future__ import annotations

import re

from core.rejection import Rejection

_NUMBER = r"[0-9〇零一二三四五六七八九十百千万两廿卅]+"
# What comes before the notice's words: "第12章 ", "12. ", "Chapter 12: ", brackets around the rest
_PREFIX = re.compile(
    rf"^\s*(?:第{_NUMBER}[章节回卷篇]|chapter\s+\d+|{_NUMBER}(?=[\s.、:：-]))?[\s:：、.·–—-]*[\s【\[（(「]*",
    re.I,
)
_READERS_ZH = r"(?:大家|各位|书友|读者|盟主|舵主|打赏|月票|推荐票?|订阅|支持|名单|捧场)"
_READERS_EN = r"(?:readers|everyone|support|patrons?|donations?|donors?|votes|sponsors?)"
NOTICES: dict[str, dict[str, re.Pattern[str]]] = {
    "zh": {
        "author_note": re.compile(
            r"^(?:作者(?:的话|有话说|感言|声明|说明|留言)|写在(?:前面|后面)|题外话|致(?:各位)?读者)"
        ),
        "leave_notice": re.compile(
            r"^(?:请个?假(?:条|通知|说明|公告|[一两三四五六七\d]+天)?(?:[\s】\]）)」（(：:，,]|$)"
            r"|停更|断更|休更)"
        ),
        "thanks_note": re.compile(
            rf"^(?:感谢|鸣谢|致谢|谢谢)[^。！？]{{0,12}}{_READERS_ZH}|^(?:感谢|鸣谢|致谢)[\s】\]）)」]*$"
        ),
        "on_shelf_notice": re.compile(r"^(?:新书|本书)?(?:上架|入[vV]|上[vV])(?:感言|公告|通知|说明|了)"),
    },
    "en": {
        "author_note": re.compile(
            r"^(?:an? )?(?:few )?(?:words?|notes?|message|letter) (?:from|by) the author\b"
            r"|^author['’]?s['’]? (?:notes?|words?|message)\b",
            re.I,
        ),
        "leave_notice": re.compile(
            r"^(?:hiatus|on leave|leave notice|break notice|no (?:update|chapter)s? (?:today|this week))\b",
            re.I,
        ),
        "thanks_note": re.compile(rf"^(?:special )?(?:thanks|thank you)\b.{{0,30}}\b{_READERS_EN}\b", re.I),
    },
}


def non_chapter(title: str, lang: str) -> Rejection | None:
    """A rejection naming what kind of notice a (normalised) chapter title announces, or None for a chapter."""
    rest = _PREFIX.sub("", title, count=1)
    for reason, pattern in NOTICES.get(lang, {}).items():
        if pattern.search(rest):
            return Rejection(reason, f"title {title!r}: a notice to readers, not a chapter")
    return None
