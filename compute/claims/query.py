"""Questions put to a chart: its lines by relative, branch, position, role; hidden lines; the
findings by rule, kind or line; a line's states; relations between lines and with the day,
month and year.

The claim checks of the book's cases (:mod:`compute.claims`) and the 筮類 judgments are
written on this. Values may be given as enums or as the characters (``"妻財"``, ``"午"``).

>>> from compute import chart
>>> q = Query(chart("困", "坎", month="午", day="壬戌"))
>>> [ln.position for ln in q.lines(relative="妻財")], q.line(role="世").ganzhi.zh
([1], '戊寅')
>>> [(ln.position, str(ln.branch)) for ln in q.lines(moving=True)]
[(4, '亥')]
>>> q.changed_line(q.line(position=4)).ganzhi.zh
'戊申'
>>> q.relation(q.line(position=4), q.line(position=1))   # 亥水 生 寅木
'生'
>>> [(f.kind, f.role) for f in q.findings("liuchong-gua")]   # 坎 is a 六沖卦
[('化六沖', 'changed')]

With the 用神 named, the roles 用 元 忌 仇 (yuan-ji-chou) select lines too:

>>> q = Query(chart("困", "坎", month="午", day="壬戌"), use="妻財")
>>> q.role_of("子孫"), [ln.position for ln in q.lines(role="元")]
('元', [4])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from compute.book.changsheng import acts
from compute.book.ganzhi import Branch
from compute.book.liuqin import Relative
from compute.engine.chart import Chart, ChartHexagram, ChartLine, Hidden
from compute.lifa.hechong import LIUHE
from compute.lifa.leizong import yuan_ji_chou
from compute.registry import Finding

SHI_YING: Final = ("世", "應")
USE_ROLES: Final = ("用", "元", "忌", "仇")
"""用神 and, by the 六親 cycle, its 元神 忌神 仇神 (:func:`compute.lifa.leizong.yuan_ji_chou`)."""


def _same(value: Any, want: Any) -> bool:
    return want is None or value == want or str(value) == str(want)


def clashes(a: Branch | int, b: Branch | int) -> bool:
    """六沖: *a* and *b* are six apart.

    >>> clashes(Branch.ZI, Branch.WU), clashes(0, 1)
    (True, False)
    """
    return (int(a) - int(b)) % 12 == 6


def combines(a: Branch | int, b: Branch | int) -> bool:
    """六合 (子丑, 寅亥, 卯戌, 辰酉, 巳申, 午未).

    >>> combines(Branch.YIN, Branch.HAI), combines(Branch.YIN, Branch.SHEN)
    (True, False)
    """
    return LIUHE[int(a)] == int(b)


class Query:
    """Questions put to one chart (see the module docstring); *use* names the 用神."""

    def __init__(self, chart: Chart, use: Relative | str | None = None) -> None:
        self.chart = chart
        self.use: Relative | None = (None if use is None else
                                     use if isinstance(use, Relative) else Relative.from_zh(use))

    # ------------------------------------------------------------ hexagrams and lines

    def hexagram(self, which: str = "primary") -> ChartHexagram | None:
        """The primary or the changed hexagram (None for a static chart's changed)."""
        return self.chart.primary if which == "primary" else self.chart.changed

    def role_of(self, relative: Relative | str) -> str:
        """用, 元, 忌, 仇 of a 六親 towards the 用神, or "" (ValueError without a 用神).

        >>> from compute import chart
        >>> Query(chart("乾", month="寅", day="甲子"), use="官鬼").role_of("子孫")
        '忌'
        """
        if self.use is None:
            raise ValueError("the roles 用 元 忌 仇 need the 用神: Query(chart, use=...)")
        rel = relative if isinstance(relative, Relative) else Relative.from_zh(str(relative))
        order = (self.use, *yuan_ji_chou(self.use))
        return USE_ROLES[order.index(rel)] if rel in order else ""

    def _has_role(self, h: ChartHexagram, ln: ChartLine, role: str) -> bool:
        if role == "世":
            return ln.position == h.shi
        if role == "應":
            return ln.position == h.ying
        if role in USE_ROLES:
            return self.role_of(ln.relative) == role
        raise ValueError(f"role {role!r}: expected one of {', '.join(SHI_YING + USE_ROLES)}")

    def lines(
        self, *, hexagram: str = "primary", relative: Relative | str | None = None,
        branch: Branch | str | None = None, position: int | None = None,
        role: str | None = None, moving: bool | None = None,
    ) -> list[ChartLine]:
        """The lines of *hexagram* that match every selector given (the 世 and 應 of the changed
        hexagram are its own)."""
        h = self.hexagram(hexagram)
        if h is None:
            return []
        return [ln for ln in h.lines
                if _same(ln.relative, relative) and _same(ln.branch, branch)
                and (position is None or ln.position == position)
                and (role is None or self._has_role(h, ln, role))
                and (moving is None or ln.moving == moving)]

    def line(self, **selectors: Any) -> ChartLine | None:
        """The first line :meth:`lines` selects, or None."""
        found = self.lines(**selectors)
        return found[0] if found else None

    def hidden(
        self, *, relative: Relative | str | None = None, position: int | None = None,
        under_role: str | None = None,
    ) -> list[tuple[ChartLine, Hidden]]:
        """(飛 line, its 伏神) pairs of the primary, by the 伏's relative, the position, or the role
        (世/應) of the line it lies under.

        >>> from compute import chart
        >>> [(fei.position, fu.ganzhi.zh) for fei, fu in
        ...  Query(chart("乾", month="寅", day="甲子")).hidden(under_role="世")]
        [(6, '癸酉')]
        """
        h = self.chart.primary
        return [(ln, ln.hidden) for ln in h.lines
                if ln.hidden is not None and _same(ln.hidden.relative, relative)
                and (position is None or ln.position == position)
                and (under_role is None or self._has_role(h, ln, under_role))]

    def changed_line(self, ln: ChartLine) -> ChartLine | None:
        """What a moving line of the primary turns into (None for a static line)."""
        if not ln.moving or self.chart.changed is None:
            return None
        return self.chart.changed.line(ln.position)

    def absent(self, relative: Relative | str, scope: Iterable[str] = ("fei",)) -> bool:
        """No line of *relative* in *scope*: ``fei`` (the lines), ``changed`` (the changed lines
        of moving lines), ``fu`` (the 伏神).

        >>> from compute import chart
        >>> q = Query(chart("乾", month="寅", day="甲子"))
        >>> q.absent("妻財"), q.absent("妻財", ("fei", "fu"))
        (False, False)
        """
        scope = tuple(scope)
        c = self.chart
        if "fei" in scope and self.lines(relative=relative):
            return False
        if "changed" in scope and c.changed is not None and any(
                ln.moving and _same(ln.relative, relative) for ln in c.changed.lines):
            return False
        return not ("fu" in scope and self.hidden(relative=relative))

    # ------------------------------------------------------------ states and findings

    @staticmethod
    def state(ln: ChartLine, key: str, default: Any = None) -> Any:
        """A state the line annotators gave *ln* (``"jintui"``, ``"day_clash"`` …)."""
        return ln.state.get(key, default)

    def findings(
        self, rule: str | None = None, *, kind: str | None = None, line: int | None = None,
        role: str | None = None,
    ) -> list[Finding]:
        """The chart's findings of *rule*, of *kind*, on line *line*, of *role*."""
        return [f for f in self.chart.findings
                if (rule is None or f.rule == rule) and (kind is None or f.kind == kind)
                and (line is None or line in f.lines) and (role is None or f.role == role)]

    # ------------------------------------------------------------ relations

    @staticmethod
    def relation(a: ChartLine | Hidden, b: ChartLine | Hidden) -> str:
        """How *a* acts on *b* by their elements: 生, 克, 比, 洩 (b 生 a), 耗 (b 克 a)."""
        return acts(a.element, b.element)

    def with_day(self, ln: ChartLine | Hidden) -> str:
        """The line and the 日辰: 臨 (the same branch), 沖, 合, or ""."""
        return self._with(ln.branch, self.chart.day.branch)

    def with_month(self, ln: ChartLine | Hidden) -> str:
        """The line and the 月建: 臨, 沖 (月破), 合, or ""."""
        return self._with(ln.branch, self.chart.month)

    def with_year(self, ln: ChartLine | Hidden) -> str:
        """The line and the 太歲: 臨, 沖, 合, or "" (also "" when the chart has no year)."""
        return "" if self.chart.year is None else self._with(ln.branch, self.chart.year.branch)

    @staticmethod
    def _with(b: Branch, other: Branch) -> str:
        """臨, 沖, 合 or "".

        >>> Query._with(Branch.ZI, Branch.WU), Query._with(Branch.ZI, Branch.CHOU)
        ('沖', '合')
        """
        return "臨" if b == other else "沖" if clashes(b, other) else \
            "合" if combines(b, other) else ""

    def void(self, ln: ChartLine | Hidden) -> bool:
        """旬空: the line's branch is one of the day's two void branches."""
        return ln.branch in self.chart.void
