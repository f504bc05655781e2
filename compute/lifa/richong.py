"""日沖章: what the day's clash does to a line (暗動, 暗破, 填實, 散).

Source: 易冒 p163–p165 (¶323–327). 類總 restates five 沖法 (p286-s1) but sends the reader back
here ("沖法尤詳日沖本篇", p286-s4 注), so the chapter's own rules are the ones computed.

>>> from compute.engine.chart import chart
>>> chart("坤", month="辰", day="乙卯").primary.line(6).state["day_clash"]  # 辰建卯日，坤酉
{'kind': '胎沖', 'effect': '暗動'}
>>> chart("離", month="午", day="乙酉").primary.line(1).state["day_clash"]  # 午建酉日，離卯
{'kind': '克沖', 'effect': '暗破'}
"""

from __future__ import annotations

from collections.abc import Sequence

from compute.engine.chart import Chart, ChartLine
from compute.engine.context import CLASH, Context, context
from compute.lifa.kongpo import fill_quality, state_findings
from compute.registry import Finding, doctrine, primary_states, rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


@rule("richong-types", "墓沖 / 胎沖 / 克沖 / 絕沖", "묘충 / 태충 / 극충 / 절충", ("p164-s1",))
def clash_kind(line_branch: int, day_branch: int) -> str:
    """The kind of a day clash (p164-s1 注): 辰戌丑未 墓沖; 子午卯酉 胎沖, but 克沖 when the day
    克 the line (a 子 day on 午, a 酉 day on 卯); 寅申巳亥 絕沖.

    >>> clash_kind(6, 0), clash_kind(0, 6), clash_kind(2, 8), clash_kind(10, 4)
    ('克沖', '胎沖', '絕沖', '墓沖')
    """
    if line_branch % 3 == 1:
        return "墓沖"
    if line_branch % 3 == 0:
        return "克沖" if day_branch in (0, 9) else "胎沖"
    return "絕沖"


@rule("richong-4", "日沖四法", "일충사법", ("p163-s1",), kind="line", lines="primary")
def day_clash_state(chart: Chart, lines: Sequence[ChartLine],
                    states: list[dict[str, Any]]) -> None:
    """``day_clash``: None, or {kind, effect} when the day branch clashes the line (p163-s1 and the
    four kinds of p164-s1):

    * a moving line: 散 ("動爻遇沖謂之散"), but not on the 月建 ("苟非月建") — then 不散 — and an
      empty moving line becomes 全動 (p156-s1 注 "若日辰來沖，又不為散，反為全動");
    * an empty static line: 填實 (墓沖) or 半實 (胎沖, 克沖, 絕沖);
    * a static line: 墓沖 暗動 "不論旺相休囚"; 胎沖/克沖 暗動 if 旺相 (克沖 with only 十之七 of the
      good), 暗破 (the 半散 of p164) if 休囚; 絕沖 never 暗動 ("縱旺相，靜不能為暗動") → 暗破.
    """
    c = chart.context or context(chart)
    clashed = CLASH[c.day]   # the one branch the day clashes
    br = c.br
    six = c.lines
    for i, st in enumerate(states) if lines is six else primary_states(lines, states, six):
        st["day_clash"] = None if br[i] != clashed else _clash(c, i)


def _clash(c: Context, i: int) -> dict[str, str]:
    b = c.br[i]
    kind = clash_kind(b, c.day)
    if c.lmov[i]:
        effect = "不散" if c.on_month[i] else ("全動" if c.is_void[i] else "散")
    elif c.is_void[i] and not c.on_month[i]:
        effect = fill_quality(b, c.strong[i])
    elif kind == "墓沖":
        effect = "暗動"
    elif kind == "絕沖":
        effect = "暗破"
    else:
        effect = "暗動" if c.strong[i] else "暗破"
    return {"kind": kind, "effect": effect}


@rule("richong-4", kind="finding")
def day_clash_findings(chart: Chart) -> list[Finding]:
    """A finding per line the day clashes, with its effect (the state ``day_clash``).

    >>> from compute.engine.chart import chart
    >>> [f.summary for f in chart("坤", month="辰", day="乙卯").findings if f.rule == "richong-4"]
    ['上爻 酉金子孫 日沖 胎沖: 暗動']
    """
    return state_findings(chart, "richong-4", "day_clash", "日沖 {0[kind]}: {0[effect]}")


doctrine(
    "andong", "暗動之力", "암동의 힘", ("p165-s1", "p165-s2", "p165-s3"),
    "a weight: 暗動 acts at half the force of a moving line, slowly and hidden; the year's 沖 and "
    "the hour's 破 do not count (so no year or hour clash state is computed); with a question "
    "compute.shilei.quyong reports 暗動 by role",
)
