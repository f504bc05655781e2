"""刑害章: 三刑 and 六害.

Source: 易冒 p217–p221 (¶431–439), p289 (¶575).

>>> from compute.ganzhi import Branch
>>> XING[Branch.YIN], XING[Branch.ZI], XING[Branch.CHEN]
(5, 3, 4)
>>> from compute.chart import chart
>>> [f.summary for f in chart("困", "兌", month="酉", day="庚申").findings
...  if f.rule == "sanxing"]   # p219-s1 注: 酉建庚申日，用財得困之兌 是謂真刑
['寅巳申 三刑全 (真刑): 初爻 寅, 變 巳, 日 申']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from compute.changsheng import ACTS_TABLE, BRANCH_PHASE_INT, STAGE_TABLE
from compute.chart import Chart, ChartLine
from compute.context import BRANCH_ZH, CLASH, POS_ZH, Context, context
from compute.hechong import LIUHE
from compute.rules import Finding, doctrine, rule, table


def _build_xing() -> tuple[int, ...]:
    out = [0] * 12
    # the 三合 group "rides" the three branches of a direction, in order (p217-s3, s4)
    for group, seat in (((5, 9, 1), (8, 9, 10)),    # 巳酉丑 乘 申酉戌
                        ((11, 3, 7), (11, 0, 1)),   # 亥卯未 乘 亥子丑
                        ((8, 0, 4), (2, 3, 4)),     # 申子辰 乘 寅卯辰
                        ((2, 6, 10), (5, 6, 7))):   # 寅午戌 乘 巳午未
        for a, b in zip(group, seat, strict=True):
            out[a] = b
    return tuple(out)


XING: Final = table(
    "sanxing", "三刑", "삼형", ("p217-s1", "p217-s3", "p217-s4", "p217-s5", "p218-s1", "p218-s3",
                              "p218-s4", "p219-s1", "p219-s2", "p219-s3", "p289-s2"),
    _build_xing(),
    "compute.xinghai.XING",
)
"""The branch each branch 刑s, 子 … 亥, built as the book builds it (p217-s3 … s5 "以金局之神，
而巡西方之位，所謂巳酉丑而乘申酉戌也 … 乘則刑之，上下相對"): 寅巳申, 丑戌未, 子卯, and 辰午酉亥
自刑 (p218-s1)."""

HAI: Final = table(
    "liuhai", "六害 (穿心)", "육해 (천심)", ("p220-s1", "p220-s2", "p220-s3", "p221-s1", "p221-s2",
                                         "p221-s3", "p289-s2"),
    tuple(CLASH[LIUHE[b]] for b in range(12)),
    "compute.xinghai.HAI",
)
"""六害 "沖吾之合" (p220-s2): the branch that clashes a branch's 六合 partner — 子未 丑午 寅巳 卯辰
申亥 酉戌."""


def _sources(c: Context, pos: int) -> list[tuple[str, int]]:
    """What can act on line *pos*: the day, the month, the other moving lines, its changed line."""
    table_ = c.memo.get("xinghai.sources")
    if table_ is None:
        table_ = c.memo["xinghai.sources"] = tuple(_build_sources(c, p) for p in range(1, 7))
    return table_[pos - 1]


def _build_sources(c: Context, pos: int) -> list[tuple[str, int]]:
    out = [("日", c.day), ("月", c.month)]
    out += [(POS_ZH[p], c.br[p - 1]) for p in c.moving if p != pos]
    cb = c.cbr[pos - 1]
    if cb is not None:
        out.append(("變", cb))
    return out


@rule("sanxing", kind="line", lines="primary")
def xing_state(chart: Chart, ln: ChartLine) -> dict[str, Any]:
    """``xing``: who 刑s the line (日, 月, a moving line, its own changed line).

    >>> from compute.chart import chart
    >>> chart("困", "兌", month="酉", day="庚申").primary.line(1).state["xing"]  # 申刑寅
    ['日']
    """
    if ln.role != "primary":
        return {}
    c = context(chart)
    b = c.br[ln.position - 1]
    return {"xing": [who for who, s in _sources(c, ln.position) if XING[s] == b]}


@rule("sanxing", kind="finding")
def sanxing(chart: Chart) -> Iterator[Finding]:
    """A complete 三刑 (寅巳申, 丑戌未) or 子卯 among the moving lines, their changed lines and the
    日月, with at least one line in it ("真刑", p219-s1 注); "三刑之名，不可以三泥也" (p218-s4)."""
    c = context(chart)
    found: dict[int, list[str]] = {}
    for p in c.moving:
        found.setdefault(c.br[p - 1], []).append(f"{POS_ZH[p]} {BRANCH_ZH[c.br[p - 1]]}")
        cb = c.cbr[p - 1]
        found.setdefault(cb, []).append(f"變 {BRANCH_ZH[cb]}")
    lines_present = set(found)
    found.setdefault(c.day, []).append(f"日 {BRANCH_ZH[c.day]}")
    found.setdefault(c.month, []).append(f"月 {BRANCH_ZH[c.month]}")
    for group, name in (((2, 5, 8), "寅巳申 三刑全 (真刑)"), ((1, 10, 7), "丑戌未 三刑全 (真刑)"),
                        ((0, 3), "子卯 無禮之刑")):
        if all(b in found for b in group) and lines_present & set(group):
            who = ", ".join(dict.fromkeys(w for b in group for w in found[b]))
            lines = tuple(p for p in c.moving if c.br[p - 1] in group
                          or c.cbr[p - 1] in group)
            yield Finding("sanxing", f"{name}: {who}", lines)


@rule("liuhai", kind="line", lines="primary")
def hai_state(chart: Chart, ln: ChartLine) -> dict[str, Any]:
    """``hai``: who 害s the line, each "<who>·生害|克害" (p221-s1, s2: 生害 "心惡而面好", 克害
    heavier)."""
    if ln.role != "primary":
        return {}
    c = context(chart)
    b = c.br[ln.position - 1]
    out = []
    for who, s in _sources(c, ln.position):
        if HAI[s] == b:
            rel = ACTS_TABLE[BRANCH_PHASE_INT[s]][BRANCH_PHASE_INT[b]]
            out.append(f"{who}·{'生害' if rel in ('生', '洩') else '克害'}")
    return {"hai": out}


@rule("liuhai-gua", "六害卦", "육해괘", ("p221-s4",), kind="finding")
def liuhai_gua(chart: Chart) -> Iterator[Finding]:
    """六害卦 (姤 恆 小畜 益: lines 1–4, 2–5, 3–6 all 害; nominal only, p221-s4 注), and an 應 that
    害s the 世 ("應克世" matters, p221-s4 注).

    >>> from compute.chart import chart
    >>> [f.summary for f in chart("姤", month="子", day="甲子").findings if f.rule == "liuhai-gua"]
    ['六害卦 姤 (雖存六害之名，當察其用)']
    """
    c = context(chart)
    h = chart.primary
    if all(HAI[c.br[i]] == c.br[i + 3] for i in range(3)):
        yield Finding("liuhai-gua", f"六害卦 {h.name} (雖存六害之名，當察其用)")
    s, y = c.br[h.shi - 1], c.br[h.ying - 1]
    if HAI[y] == s and not all(HAI[c.br[i]] == c.br[i + 3] for i in range(3)):
        yield Finding("liuhai-gua", f"應 {BRANCH_ZH[y]} 害 世 {BRANCH_ZH[s]}", (h.ying, h.shi))


@rule("si-mu-jue", "死 / 墓 / 絕 and rescue", "사 / 묘 / 절과 구원", ("p183-s1", "p183-s2",
                                                                "p183-s3"), kind="line",
                                                                lines="primary")
def simujue_state(chart: Chart, ln: ChartLine) -> dict[str, Any]:
    """``simujue``: a line at its 死 or 絕 on the 日, 月 or its changed line (p183-s3 注 "爻神投死
    日月變爻之上"): 死而未死 / 絕而未絕 with one 生 from 日, 月, its changed line or a moving line;
    過死 / 過絕 ("既死又克") with 克 and no 生; 鄰死 / 鄰絕 ("無生無克，準克之半") otherwise. A line
    whose 墓 is the day or its changed line: 墓開 when the 墓 is 沖 or 刑 by the month or a moving
    line ("墓而有刑，如擊如發"), else 墓藏 ("墓而無沖，為匿為藏"). None when neither.

    >>> from compute.chart import chart
    >>> chart("乾", "姤", month="子", day="甲申").primary.line(2).state["simujue"]
    '絕而未絕'
    """
    if ln.role != "primary":
        return {}
    c = context(chart)
    i = ln.position - 1
    if c.on_month[i] or c.on_day[i]:
        return {"simujue": None}   # 月建 "爻內絕而不絕" (p145-s1); 日主 "孰之能傷" (p148-s1)
    ph = c.ph[i]
    cb = c.cbr[i]
    day, month = c.day, c.month
    places = [day, month]
    if cb is not None and cb not in c.void and not ((cb - month) % 12 == 6 and cb != day):
        places.append(cb)
    row = STAGE_TABLE[c.tu][ph]
    stages = [row[b] for b in places]
    acting = [c.dact[ph], c.mact[ph]]
    acting += [ACTS_TABLE[BRANCH_PHASE_INT[b]][ph] for b in places[2:]]
    pos = ln.position
    acting += [ACTS_TABLE[c.ph[q - 1]][ph] for q in c.moving if q != pos]
    sheng, ke = "生" in acting or "比" in acting, "克" in acting
    for name in ("絕", "死"):
        if name in stages:
            label = f"{name}而未{name}" if sheng else (f"過{name}" if ke else f"鄰{name}")
            return {"simujue": label}
    for t in places[:1] + places[2:]:
        if row[t] == "墓":
            openers = [c.month] + [c.br[q - 1] for q in c.moving]
            opened = any(CLASH[o] == t or XING[o] == t for o in openers)
            return {"simujue": "墓開" if opened else "墓藏"}
    return {"simujue": None}


doctrine(
    "xinghai-juhua", "刑害局化 參用", "형해국화 참용", ("p289-s1", "p289-s2", "p289-s3", "p289-s4",
                                                   "p289-s5", "p289-s6"),
    "刑, 害, 局 and 化 are supporting signs weighed through 生克 (子卯 刑輕生重, 酉戌 生深害淺); "
    "computed by sanxing, liuhai, sanhe-ju and ganhua-yong, never as verdicts",
)
