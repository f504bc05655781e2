"""動變之序 (p089–p091): the order in which moving and changed lines act on the 用神 (動變 先後),
and the chains of 生生剋剋 that reach it.
"""

from __future__ import annotations

from compute.book.changsheng import stage
from compute.book.liuqin import Relative
from compute.engine.chart import Chart, ChartLine
from compute.lifa.findings import is_day_clashed, is_month_broken, is_prosperous
from compute.registry import rule

TYPE_CHECKING = False
if TYPE_CHECKING:

    pass


@rule("dongbian-order", "動變 先後", "동변 선후", ("p089-s1", "p090-s1"))
def dongbian_order(c: Chart, use: Relative) -> list[str]:
    """The book's order of reading (p089-s1, p090-s1) for the 用神 *use*: (1) the 用神 and its
    place in the month and day; (2) the moving lines that 生 (喜) or 克 (忌) it; (3) each of
    those, its place and what it turns into; (4) the other moving lines and (5) theirs.

    >>> from compute import chart
    >>> for step in dongbian_order(chart("困", "坎", month="午", day="壬戌"), Relative.QICAI):
    ...     print(step)
    1 用神 1爻寅 妻財: 月 死, 日 養
    2 4爻亥 子孫 動 生 用神 (喜)
    3 4爻亥: 月 胎, 日 冠帶; 化 申 (長生)
    >>> for step in dongbian_order(chart("剝", "漸", month="戌", day="庚戌"), Relative.GUANGUI):
    ...     print(step)
    1 用神 2爻巳 官鬼: 月 墓, 日 墓
    2 3爻卯 妻財 動 生 用神 (喜)
    2 5爻子 子孫 動 克 用神 (忌)
    3 3爻卯: 月 養, 日 養; 化 申 (絕)
    3 5爻子: 月 冠帶, 日 冠帶; 化 巳 (絕)

    (The book reads the 子 as a 他動爻 that 生 卯, p090-s1 "子動生卯"; it also 克 the 巳
    directly, and compute lists it among the lines acting on the 用神.)
    """
    lines = c.primary.lines
    uses = [ln for ln in lines if ln.relative == use]
    if not uses:
        return [f"1 用神 {use} 不現於飛爻"]
    out: list[str] = []
    moving = [ln for ln in lines if ln.moving]
    direct: list[ChartLine] = []
    for u in uses:
        out.append(f"1 用神 {u.position}爻{u.branch} {use}: 月 {stage(u.element, c.month)}, "
                   f"日 {stage(u.element, c.day.branch)}")
    for m in moving:
        for u in uses:
            if m is u:
                continue
            verb = ("生" if m.element.generates() == u.element
                    else "克" if m.element.controls() == u.element else "")
            if verb:
                direct.append(m)
                out.append(f"2 {m.position}爻{m.branch} {m.relative} 動 {verb} 用神 "
                           f"({'喜' if verb == '生' else '忌'})")
                break

    def becomes(m: ChartLine) -> str:
        assert c.changed is not None
        b = c.changed.line(m.position).branch
        return f"化 {b} ({stage(m.element, b)})"

    for m in direct:
        out.append(f"3 {m.position}爻{m.branch}: 月 {stage(m.element, c.month)}, "
                   f"日 {stage(m.element, c.day.branch)}; {becomes(m)}")
    for m in moving:
        if m in direct or m in uses:
            continue
        for d in direct:
            verb = ("生" if m.element.generates() == d.element
                    else "克" if m.element.controls() == d.element else "")
            if verb:
                out.append(f"4 {m.position}爻{m.branch} {m.relative} 動 {verb} "
                           f"{d.position}爻{d.branch}")
                out.append(f"5 {m.position}爻{m.branch}: {becomes(m)}")
                break
    return out

def _link_state(c: Chart) -> dict[int, str]:
    """Per line of the primary: "動" (a moving line that acts), "暗動" (a static line clashed
    by the day while 旺相 in the month, p091-s1 "戌爻暗動"), or why a moving line cannot pass
    its 生/克 on: "破" (月破), "散" (clashed by the day: "卯被酉散", "丑被未散"), "制" (controlled
    by another moving line that acts: "酉反被巳制"). Static lines without 暗動 are absent."""
    state: dict[int, str] = {}
    for ln in c.primary.lines:
        if ln.moving:
            state[ln.position] = ("破" if is_month_broken(c, ln.branch)
                                  else "散" if is_day_clashed(c, ln.branch) else "動")
        elif is_day_clashed(c, ln.branch) and is_prosperous(c, ln.element):
            state[ln.position] = "暗動"
    acting = [p for p, st in state.items() if st in ("動", "暗動")]
    for p, st in list(state.items()):
        if st == "動" and any(c.primary.line(q).element.controls() == c.primary.line(p).element
                              for q in acting if q != p and state[q] == "動"):
            state[p] = "制"
    return state


@rule("shengke-chain", "生生剋剋", "생생극극", ("p091-s1",))
def shengke_chain(c: Chart, use: Relative) -> list[str]:
    """The chains of moving (and 暗動) lines that 生 or 克 the lines of *use* (the question's
    用神), and where they break (p091-s1: "中有破散而生不相續者，中有制伏而克不相繼者，中有暗動爻
    以綿其生者"). Each chain is written from its source to the 用神, a break marked on its link.

    The book's three cases (p091-s1 注):

    >>> from compute import chart
    >>> shengke_chain(chart("豐", "萃", month="申", day="丁酉"), Relative.QICAI)
    ['生: 5爻申 → 3爻亥 → 1爻卯(散) ⇒ 4爻午', '克: 5爻申 → 3爻亥 ⇒ 4爻午']
    >>> shengke_chain(chart("臨", "蠱", month="寅", day="乙未"), Relative.GUANGUI)
    ['克: 1爻巳 → 3爻丑(散) → 6爻酉(制) ⇒ 2爻卯']
    >>> shengke_chain(chart("乾", "家人", month="戌", day="甲辰"), Relative.XIONGDI)
    ['生: 2爻寅 → 4爻午 → 6爻戌(暗動) ⇒ 5爻申', '克: 2爻寅 → 4爻午 ⇒ 5爻申']
    """
    state = _link_state(c)
    lines = c.primary.lines

    def label(p: int) -> str:
        ln = lines[p - 1]
        st = state.get(p, "")
        return f"{p}爻{ln.branch}" + (f"({st})" if st not in ("", "動") else "")

    def feeders(p: int, seen: tuple[int, ...]) -> list[int]:
        """The longest chain of lines in *state* generating line p, source first."""
        best: list[int] = []
        for q in state:
            if q in seen or lines[q - 1].element.generates() != lines[p - 1].element:
                continue
            chain = feeders(q, seen + (q,)) + [q]
            if len(chain) > len(best):
                best = chain
        return best

    out = []
    for target in (ln for ln in lines if ln.relative == use):
        t = target.position
        sheng = feeders(t, (t,))
        if sheng:
            out.append(f"生: {' → '.join(map(label, sheng))} ⇒ {label(t)}")
        for q in state:
            if q != t and lines[q - 1].element.controls() == target.element:
                chain = feeders(q, (q, t)) + [q]
                out.append(f"克: {' → '.join(map(label, chain))} ⇒ {label(t)}")
    return out
