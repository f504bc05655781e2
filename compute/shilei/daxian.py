"""大限 and 小限 (身命章, p346–p349): which line governs a year asked about (issue 10).

The algorithm is editorial/daxian.md's reading of the text, fixed by the book's two cases
(p333-case1, p349-case1): the count starts at the divination, not at birth (p347-s1 「年五十而
筮之…則必以所筮日時而始推初爻也」).

* **The year number n** of a year asked (太歲 pillar *year*): year 1 is the year of the
  divination (from the 節 of its month to the same 節 a year later, 「如今占驚蟄，則以來年驚蟄
  為一年也，閏不算」); year n is the (n−1)-th pillar after the divination's year. For a
  divination outside 寅月 this names the 限 year that begins in the year asked.
* **大限**, five years a line (「大限五年一位，始自初爻」): the primary's (貞) lines 1–6, then the
  changed hexagram's (悔) — the 互卦's when no line moves (「無變從互」) — then the 伏卦's, 18
  lines in all; after ninety years back to the primary's 初爻 (「九十復歸貞初，三世再始」).
* **小限**, one year a line from the 世 upward, cycling in the primary (「小限一載一位，起自世爻」,
  「順而上下，周而循環」).

>>> from compute.engine.chart import chart
>>> c = chart("損", "剝", month="寅", day="庚午", year="己丑")      # p349-case1
>>> [(x.segment, x.position, x.ganzhi) for x in (daxian(c, "辛卯"), xiaoxian(c, "辛卯"))]
[('本', 1, '丁巳'), ('本', 5, '丙子')]
>>> daxian(c, "甲午").ganzhi, xiaoxian(c, "甲午").ganzhi   # 「大限在卯，小限亦在卯」
('丁卯', '丁卯')
"""

from __future__ import annotations

from collections.abc import Iterator

from compute.book.ganzhi import GanZhi
from compute.book.gua import HEXAGRAMS, POS_ZH
from compute.book.liuqin import relative
from compute.book.najia import najia
from compute.book.wuxing import branch_phase
from compute.errors import InputError
from compute.registry import Finding, rule
from compute.shilei.quyong import finding  # (and registers the 筮類's rules before these)
from compute.values import Frozen, init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from compute.engine.chart import Chart

SEGMENTS = ("本", "之", "伏")


class Xian(Frozen):
    """The line a 限 stands on in a year: ``segment`` 本 (primary), 之 (changed), 互 (the 互卦
    when no line moves) or 伏 (the 伏卦); ``position`` 1–6; its pillar and 六親 (from the
    primary's palace)."""

    __slots__ = ("kind", "year", "n", "segment", "position", "ganzhi", "relative")
    kind: str
    year: str
    n: int
    segment: str
    position: int
    ganzhi: str
    relative: str

    def __init__(
        self, kind: str, year: str, n: int, segment: str, position: int, ganzhi: str, relative: str,
    ) -> None:
        init(self, kind, year, n, segment, position, ganzhi, relative)

    @property
    def branch(self) -> str:
        return self.ganzhi[1]

    def say(self) -> str:
        return (f"{self.kind} {self.year}年 (第{self.n}年): {self.segment}卦 "
                f"{POS_ZH[self.position]} {self.ganzhi}{self.relative}")

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "year": self.year, "n": self.n, "segment": self.segment,
                "position": self.position, "ganzhi": self.ganzhi, "branch": self.branch,
                "relative": self.relative}


def year_number(chart: Chart, year: str | GanZhi) -> int:
    """n of the year asked: 1 for the divination's own year.

    >>> from compute.engine.chart import chart
    >>> year_number(chart("師", month="寅", day="辛亥", year="丁丑"), "戊子")   # p333-case1
    12
    """
    if chart.year is None:
        raise InputError("daxian.year")
    target = year if isinstance(year, GanZhi) else GanZhi.from_zh(str(year).removesuffix("年"))
    return (target.index - chart.year.index) % 60 + 1


def _lines(chart: Chart, segment: int) -> tuple[str, tuple[tuple[str, str], ...]]:
    """(name, ((pillar, 六親) × 6)) of the 限's three hexagrams."""
    palace = chart.primary.palace_element
    if segment == 0:
        return "本", tuple((ln.ganzhi.zh, str(ln.relative)) for ln in chart.primary.lines)
    if segment == 1:
        if chart.changed is not None:
            return "之", tuple((ln.ganzhi.zh, str(ln.relative)) for ln in chart.changed.lines)
        hu = HEXAGRAMS[chart.primary.hugua.bits]
        stems = chart.option("najia_stems")
        swap = chart.option("najia_season") == "夏至後" and stems != "common"
        gzs = najia(hu, swap, "trigram" if stems == "trigram" else "pure")
        return "互", tuple((g.zh, str(relative(palace, branch_phase(g.branch)))) for g in gzs)
    out = []
    for ln in chart.primary.lines:
        h = ln.hidden
        if h is None:
            raise InputError("daxian.fugua")
        out.append((h.ganzhi.zh, str(h.relative)))
    return "伏", tuple(out)


def daxian(chart: Chart, year: str | GanZhi) -> Xian:
    """The 大限 line of the year asked (five years a line over 本, 之 or 互, 伏)."""
    n = year_number(chart, year)
    k = ((n - 1) // 5) % 18
    name, lines = _lines(chart, k // 6)
    gz, rel = lines[k % 6]
    return Xian("大限", _zh(year), n, name, k % 6 + 1, gz, rel)


def xiaoxian(chart: Chart, year: str | GanZhi) -> Xian:
    """The 小限 line of the year asked (one year a line from the 世 upward, in the primary)."""
    n = year_number(chart, year)
    p = (chart.primary.shi - 1 + n - 1) % 6 + 1
    ln = chart.primary.line(p)
    return Xian("小限", _zh(year), n, "本", p, ln.ganzhi.zh, str(ln.relative))


def _zh(year: str | GanZhi) -> str:
    return year.zh if isinstance(year, GanZhi) else str(year).removesuffix("年")


def asked_year(chart: Chart) -> str | None:
    """The year asked (the ``年=`` fact of ``chart(..., facts=…)``), if any."""
    for f in chart.asking.facts if chart.asking is not None else ():
        if f.startswith("年="):
            return f[2:]
    return None


def year_asked(chart: Chart) -> bool:
    """The gate of 大限 and 小限: a year asked (``facts="年=…"``) and the divination's year."""
    return chart.year is not None and asked_year(chart) is not None


def _finding(x: Xian, rid: str, lines: tuple[int, ...]) -> Finding:
    return finding(rid, x.say(), lines, (), x.to_dict())


@rule("daxian", "大限", "대한", ("p346-s1", "p347-s2", "p348-s1", "p349-s1", "p349-s2",
                             "p349-s4"), kind="finding", when=year_asked)
def daxian_finding(chart: Chart) -> Iterator[Finding]:
    """The 大限 of the year asked (``facts="年=戊子"``), with the divination's year given."""
    year = asked_year(chart)
    if year is None or chart.year is None:
        return
    x = daxian(chart, year)
    yield _finding(x, "daxian", (x.position,) if x.segment == "本" else ())


@rule("xiaoxian", "小限", "소한", ("p347-s3", "p347-s4", "p348-s1"), kind="finding",
      when=year_asked)
def xiaoxian_finding(chart: Chart) -> Iterator[Finding]:
    """The 小限 of the year asked (``facts="年=戊子"``), with the divination's year given."""
    year = asked_year(chart)
    if year is None or chart.year is None:
        return
    x = xiaoxian(chart, year)
    yield _finding(x, "xiaoxian", (x.position,))


__all__ = ["Xian", "asked_year", "daxian", "xiaoxian", "year_asked", "year_number"]
