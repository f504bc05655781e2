"""卦驗章: readings taken from the whole hexagram before the lines (先卦而後爻).

Source: 易冒 p266–p274 (¶529–545), p277–p278 (卦用 七 卦義, 八 卦驗).

>>> from compute.engine.chart import chart
>>> [f.summary for f in chart("渙", month="子", day="甲子").findings if f.rule == "guayi-table"]
['卦義 渙: 後嗣 — 腹內懷人 (得孕); 商賈 — 利於江河']
"""

from __future__ import annotations

from compute.engine.chart import Chart
from compute.lifa.fanfu import fanyin_gua, fuyin, gua_mujue
from compute.lifa.hechong import hechu_fengchong, liuchong_gua
from compute.registry import Finding, rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

GUAYI: Final = table(
    "guayi-table", "卦義 / 卦驗", "괘의 / 괘험",
    ("p267-s1", "p267-s2", "p268-s1", "p269-s1", "p269-s2", "p270-s2", "p271-s1", "p278-s2",
     "p278-s4"),
    (
        ("晴雨", "乾 離", "晴"), ("晴雨", "坎 兌", "雨"),                       # p267-s1
        ("墳塋", "巽 坎", "大凶 (犯風水而沖)"),                                   # p267-s2
        ("墳塋", "坤", "秋後占地 反為吉兆"), ("墳塋", "艮", "春前占山 反為吉兆"),
        ("墳塋", "蠱", "有蟲蟻"), ("墳塋", "井", "有水泉"), ("墳塋", "明夷", "有伏尸"),
        ("出師", "明夷", "覆軍之敗"), ("出師", "坎 蹇 困", "汔地之囿"),          # p268-s1
        ("求財", "萃", "虧本"),
        ("出行", "節 艮 坎 明夷", "不吉"),
        ("獄訟", "大壯 夬", "得理"), ("獄訟", "坎 蹇 明夷", "有囹圄"),
        ("疾病", "明夷 既濟 豐 節", "土鬼獨發曰死"),
        ("婚姻", "咸 恆 節 泰", "吉 (變沖不吉)"), ("婚姻", "睽 革 解 離", "凶 (化合亦凶)"),  # p269
        ("後嗣", "大畜 蒙", "得子"), ("後嗣", "渙", "腹內懷人 (得孕)"),
        ("後嗣", "大有 同人 乾 剝", "雙胎 (丙戊兩胎於子)"),
        ("國", "否 泰", "君子小人可知"), ("國", "損 益", "豐荒可見"),            # p270-s2
        ("道業", "艮 復 咸 無妄", "成心學"), ("儒業", "賁 旅 坤 離", "煥文章"),
        ("科第", "乾 震", "魁黃甲"), ("上疏", "屯 蹇", "不宜"), ("面聖", "晉 升", "最喜"),
        ("商賈", "噬嗑", "宜於賈肆"), ("商賈", "渙", "利於江河"),                 # p271-s1
        ("佃漁", "離", "以佃魚"), ("駕馬", "隨", "以駕馬"), ("農田", "益", "以農田"),
        ("鋤亂", "睽", "以鋤亂"), ("占蠶", "艮 離 咸 蠱", "有收"),
        ("占畜", "噬嗑 鼎 頤", "主烹"), ("起造", "大壯", "吉"), ("父母病", "大過", "凶"),
        ("防火", "離", "卦忌"), ("防盜", "坎", "卦忌"), ("防非", "噬嗑 訟", "卦忌"),
        ("防害", "明夷 小過 損", "卦忌"),
    ),
    "compute.lifa.guayan.GUAYI",
)
"""卦義 / 卦驗 by topic, as the book lists them (p267-s1 … p271-s1): (topic, hexagrams, reading).
Whether 乾離 / 坎兌 of 晴雨 name the hexagram or a trigram is not said; the hexagram is taken."""

_BY_NAME: Final[dict[str, list[tuple[str, str]]]] = {}
for _topic, _names, _reading in GUAYI:
    for _n in _names.split():
        _BY_NAME.setdefault(_n, []).append((_topic, _reading))
_SAID: Final = {n: f"卦義 {n}: " + "; ".join(f"{t} — {r}" for t, r in rows)
                for n, rows in _BY_NAME.items()}
"""The summary of :func:`guayi` for each hexagram the table names."""


@rule("guayi-table", kind="finding")
def guayi(chart: Chart) -> list[Finding]:
    """The readings the book attaches to the primary hexagram by topic (p266-s1 注 "古又有以卦
    義斷而驗者，不可違也")."""
    said = _SAID.get(chart.primary.hexagram.name)
    return [Finding("guayi-table", said)] if said else []


@rule("guayan-precedence", "先卦後爻 (五專忌)", "선괘후효 (오전기)", ("p266-s1", "p266-s2"),
      kind="finding")
def guayan_precedence(chart: Chart) -> list[Finding]:
    """The five taboos judged before any 用神 (p266-s2): 婚姻 with a 三沖 (六沖卦, 化六沖,
    合處逢沖); 邦畿/征伐 with an inner 反吟 or 伏吟; 遷居 with an outer one; 疾病 when a trigram
    (its 主屬 the patient) 化墓絕 — false (非/偽) signs excepted.

    >>> from compute.engine.chart import chart
    >>> for f in chart("離", "乾", month="戌", day="丙寅").findings:
    ...     if f.rule == "guayan-precedence":
    ...         print(f.summary)
    婚姻忌三沖: 六沖卦、化六沖
    占病 內卦 主屬 中女 化墓絕 → 雖用旺而凶
    占病 外卦 主屬 中女 化墓絕 → 雖用旺而凶
    """
    out = []
    chong = [f.kind for f in liuchong_gua(chart)]
    chong += ["合處逢沖" for f in hechu_fengchong(chart) if f.kind in ("合處逢沖", "合處變沖")]
    if chong:
        out.append(Finding("guayan-precedence",
                           f"婚姻忌三沖: {'、'.join(dict.fromkeys(chong))}"))
    if chart.changed is None:
        return out   # 反吟, 伏吟 and 化墓絕 need a changed hexagram
    for f in (*fanyin_gua(chart), *fuyin(chart)):
        grade = dict(f.data).get("grade")
        if grade in ("非", None):
            continue
        sign, side = f.fact("sign"), f.fact("side")
        if side == "內卦":
            out.append(Finding("guayan-precedence", f"邦畿征伐忌 內{sign}: 不憑子官", f.lines))
        elif side == "外卦":
            out.append(Finding("guayan-precedence", f"遷居忌 外{sign}: 不憑鬼靜", f.lines))
    for f in gua_mujue(chart):
        if dict(f.data).get("grade") == "偽":
            continue
        out.append(Finding("guayan-precedence",
                           f"占病 {f.fact('side')} 主屬 {f.fact('member')} 化墓絕 → 雖用旺而凶"))
    return out
