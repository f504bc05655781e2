"""A claim's check said in Korean: the facts of the chart compute read to decide it (issue 23).

:func:`explain` charts the case as :func:`compute.claims.evaluate` does and says, for each
part of a check, which line it reads and why the value is what it is — the line's 六親 干支 and
place, its stage or 旺衰 at the month or day, 空, 月破, 沖, 動 — as a Korean sentence built from
compute's data (never from the display string of a verdict). The site's case pages show these
sentences beside each claim; ``yimao case`` keeps the working notes.

>>> i = Inputs("困", "坎", month="午", day="壬戌")
>>> explain(i, {"kind": "line", "relative": "妻財", "attr": "stage.month", "equals": "死"})
('初爻 妻財 寅木(世): 木은 午月에 死다.',)
>>> explain(i, {"kind": "line", "branch": "亥", "attr": "wangshuai", "equals": "囚"})
('四爻 子孫 亥水(應): 水는 午月에 囚다 (水가 月建 火를 克한다).',)
>>> explain(i, {"kind": "line", "branch": "亥", "moving": True, "attr": "stage.changed",
...             "equals": "長生"})
('四爻 子孫 亥水(應)가 兄弟 申金으로 변한다: 水는 申에서 長生이다.',)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final

from compute.book.changsheng import acts, stage, wangxiang
from compute.book.ganzhi import BRANCH_ZH, GanZhi, void_branches
from compute.book.gua import POS_ZH
from compute.book.liuqin import Relative, relative
from compute.book.wuxing import BRANCH_PHASE, PHASE_ZH, Phase
from compute.claims.case import (
    CheckError,
    FuLine,
    Inputs,
    NotComputable,
    Setting,
    show_value,
    state_of,
)
from compute.claims.check import evaluate, first_reading
from compute.claims.check import hidden_lines as _hidden_lines
from compute.claims.check import line_attr as _line_attr
from compute.claims.check import select_lines as _select
from compute.claims.query import Query, clashes, combines
from compute.engine.chart import ChartLine
from compute.registry import get as get_rule

# ------------------------------------------------------------------ Korean particles

READING: Final = dict(zip(
    "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥木火土金水母弟孫財鬼生浴帶官旺衰病死墓絕胎養相休囚"
    "爻世應月日旬神卦空破動靜沖合克比洩耗乾坤震巽坎離艮兌龍雀陳蛇虎武吉凶是否實散刑害身命內外陰陽親支",
    "갑을병정무기경신임계자축인묘진사오미신유술해목화토금수모제손재귀생욕대관왕쇠병사묘절태양상휴수"
    "효세응월일순신괘공파동정충합극비설모건곤진손감리간태룡작진사호무길흉시부실산형해신명내외음양친지",
    strict=True))
"""The Korean reading of the characters a sentence of :func:`explain` may end a word with."""


def _last(word: str) -> str:
    """The last syllable read: a trailing ``(世)`` or 」 is read past."""
    word = re.sub(r"\([^()]*\)$", "", word.rstrip("」 "))
    last = word[-1:] or "다"
    return READING.get(last, last)


def _final(word: str) -> bool:
    """Whether the syllable *word* ends with (as Korean reads it) has a final consonant.

    >>> _final("木"), _final("水"), _final("장생"), _final("死")
    (True, False, True, False)
    """
    last = _last(word)
    return "\uac00" <= last <= "\ud7a3" and (ord(last) - 0xAC00) % 28 != 0


def _rieul(word: str) -> bool:
    last = _last(word)
    return "\uac00" <= last <= "\ud7a3" and (ord(last) - 0xAC00) % 28 == 8


def pp(word: str, particle: str) -> str:
    """*word* with the particle that agrees with its last syllable (은/는, 이/가, 을/를, 과/와,
    으로/로, 이다/다).

    >>> pp("木", "은"), pp("水", "은"), pp("金", "으로"), pp("午月", "이다"), pp("死", "이다")
    ('木은', '水는', '金으로', '午月이다', '死다')
    >>> pp("酉", "로"), pp("日", "로")
    ('酉로', '日로')
    """
    has = _final(word)
    pairs = {"은": ("은", "는"), "는": ("은", "는"), "이": ("이", "가"), "가": ("이", "가"),
             "을": ("을", "를"), "를": ("을", "를"), "과": ("과", "와"), "와": ("과", "와"),
             "이다": ("이다", "다"), "다": ("이다", "다")}
    if particle in ("으로", "로"):
        return word + ("으로" if has and not _rieul(word) else "로")
    a, b = pairs[particle]
    return word + (a if has else b)


# ------------------------------------------------------------------ lines and their labels


def _who(s: Setting, ln: ChartLine) -> str:
    h = s.chart.primary if ln.role == "primary" else s.chart.changed
    if h is None or ln.role not in ("primary", "changed"):
        return ""
    return "世" if ln.position == h.shi else "應" if ln.position == h.ying else ""


def label(s: Setting, ln: ChartLine | FuLine) -> str:
    """A line as a reader names it: ``初爻 妻財 寅木(世)``; a 伏神 ``二爻 아래 伏神 妻財 寅木``.

    >>> from compute.claims.case import setting
    >>> s = setting(Inputs("困", "坎", month="午", day="壬戌"))
    >>> label(s, s.chart.primary.line(1)), label(s, s.chart.changed.line(4))
    ('初爻 妻財 寅木(世)', '변효 四爻 兄弟 申金')
    """
    body = f"{ln.relative} {ln.branch}{ln.element}"
    if isinstance(ln, FuLine):
        return f"{POS_ZH[ln.position]} 아래 伏神 {body}"
    who = _who(s, ln)
    head = "변효 " if ln.role == "changed" else ""
    return f"{head}{POS_ZH[ln.position]} {body}" + (f"({who})" if who else "")


def _short(ln: ChartLine | FuLine) -> str:
    return f"{ln.relative} {ln.branch}{ln.element}"


def _day(s: Setting) -> str:
    return f"{s.chart.day.zh}日"


def _month(s: Setting) -> str:
    return f"{s.chart.month}月"


MONTH_ACTS: Final = {
    "比": "{e}{gwa} 月建이 같은 오행이다",
    "生": "月建 {m}{i} {e}{eul} 生한다",
    "克": "月建 {m}{i} {e}{eul} 克한다",
    "耗": "{e}{ga} 月建 {m}{eul} 克한다",
    "洩": "{e}{ga} 月建 {m}{eul} 生한다",
}
"""Why a line is 旺 相 死 囚 休 in its month: how the month acts on it (WANGXIANG)."""


def _month_why(element: int, month: int) -> str:
    e, m = PHASE_ZH[element], str(BRANCH_PHASE[month])
    how = acts(int(BRANCH_PHASE[month]), element)
    return MONTH_ACTS[how].format(e=e, m=m, gwa=pp(e, "과")[len(e):], i=pp(m, "이")[len(m):],
                                  eul=pp(e, "을")[len(e):] if how in "生克" else
                                  pp(m, "을")[len(m):], ga=pp(e, "가")[len(e):])


READ_AT: Final = {
    "stage.month": "{month}月에", "stage.day": "{day}日({branch})에", "stage.at": "{at}에서",
    "wangshuai": "{month}月에",
}
"""Where a line's 十二運 stage (or its 旺衰, said with the month's reason) is read, by the
check's ``attr``: ``初爻 妻財 寅木(世): 木은 午月에 死다.``"""


def _line_sentence(s: Setting, ln: ChartLine | FuLine, attr: str, spec: Mapping[str, Any],
                   value: Any) -> str:
    """One line's fact for *attr*, said with its reason."""
    c = s.chart
    name = label(s, ln)
    e = str(ln.element)
    b = str(ln.branch)
    if attr.startswith("changed."):
        if not ln.moving or c.changed is None or isinstance(ln, FuLine):
            return f"{pp(name, '은')} 動하지 않아 변하는 효가 없다."
        cl = c.changed.line(ln.position)
        sub = attr.split(".", 1)[1]
        head = f"{pp(name, '가')} {pp(_short(cl), '으로')} 변한다"
        if sub == "relation":
            return f"{head}: 변한 {pp(str(cl.element), '과')} {e}의 관계는 " \
                   f"{pp(str(value), '이다')}"
        inner = _line_sentence(s, cl, sub, spec, value)
        return f"{head}: {inner.split(': ', 1)[-1]}"
    if attr in READ_AT:
        at = READ_AT[attr].format(month=c.month, day=c.day.zh, branch=c.day.branch,
                                  at=spec.get("at"))
        why = f" ({_month_why(int(ln.element), int(c.month))})" if attr == "wangshuai" else ""
        return f"{name}: {pp(e, '은')} {at} {pp(str(value), '이다')}{why}."
    if attr == "stage.changed":
        if not ln.moving or c.changed is None or isinstance(ln, FuLine):
            return f"{pp(name, '은')} 動하지 않아 변하는 효가 없다."
        cl = c.changed.line(ln.position)
        return (f"{pp(name, '가')} {pp(_short(cl), '으로')} 변한다: {pp(e, '은')} "
                f"{cl.branch}에서 {pp(stage(int(ln.element), int(cl.branch)), '이다')}.")
    if attr == "kong":
        void = "".join(str(x) for x in c.void)
        word = "旬空이다" if value else "旬空이 아니다"
        return f"{_day(s)}의 旬空은 {void}: {name}{'는' if not _final(name) else '은'} {word}."
    if attr == "yuepo":
        if value:
            return f"{_month(s)}이 {pp(b, '을')} 沖한다: {pp(name, '은')} 月破다."
        return f"{_month(s)}은 {pp(b, '을')} 沖하지 않는다: {pp(name, '은')} 月破가 아니다."
    if attr in ("is_day", "is_month"):
        what = f"日辰 {c.day.zh}" if attr == "is_day" else f"月建 {c.month}"
        return f"{name}: {what}{'의 지지와 같다' if value else '의 지지와 다르다'}."
    if attr == "day_clash":
        dc = state_of(s, ln, "day_clash") if isinstance(ln, ChartLine) else None
        if not dc:
            return f"{name}: 日辰 {pp(c.day.zh, '은')} 이 효를 沖하지 않는다."
        return (f"{name}: 日辰 {pp(c.day.zh, '이')} 이 효를 沖한다({dc['kind']}), "
                f"{pp(str(dc['effect']), '이다')}.")
    if attr == "moving":
        return f"{pp(name, '은')} {'動한다' if value else '動하지 않는다'}."
    if attr == "liushen":
        return f"{name}: 六神은 {pp(str(value), '이다')}."
    if attr == "void":
        void = "".join(str(x) for x in c.void)
        if not value:
            return f"{name}: {_day(s)}의 旬空은 {pp(void, '이다')[:-1]}니 이 효는 旬空이 아니다."
        return f"{name}: {_day(s)}의 旬空은 {void}, 이 효의 旬空은 「{value}」."
    plain = {"relative": "六親", "branch": "지지", "ganzhi": "干支", "stem": "천간",
             "element": "오행", "yinyang": "음양", "void": "旬空의 종류", "grade": "등급",
             "san": "散", "is_year": "太歲"}
    what = plain.get(attr)
    if what is None:
        return f"{name}: 「{show_value(value)}」."
    return f"{name}: {what}{'는' if not _final(what) else '은'} 「{show_value(value)}」."


# ------------------------------------------------------------------ checks


def _lines_or_fu(s: Setting, spec: Mapping[str, Any]) -> list[ChartLine | FuLine]:
    if spec["kind"] == "fu":
        return [FuLine(fu, fei) for fei, fu in _hidden_lines(s, spec)]
    return list(_select(s, spec))


def _explain_line(s: Setting, spec: Mapping[str, Any]) -> str:
    lines = _lines_or_fu(s, spec)
    if not lines:
        return "본문이 말하는 효가 이 괘에 없다."
    attr = spec["attr"]
    if spec["kind"] == "fu" and (attr.startswith("under.") or attr in ("stage.fei", "yinyang")):
        ln = lines[0]
        assert isinstance(ln, FuLine)
        where = f"{pp(_short(ln), '은')} {label(s, ln.fei)} 아래에 伏해 있다"
        if attr == "stage.fei":
            st = stage(int(ln.element), int(ln.fei.branch))
            return f"{where}: {pp(str(ln.element), '은')} {ln.fei.branch}에서 {pp(st, '이다')}."
        return f"{where}."
    want = spec.get("equals")
    out = []
    for ln in lines[:3]:
        v = _line_attr(s, ln, attr, spec)
        if v == want or len(lines) == 1:
            return _line_sentence(s, ln, attr, spec, v)
        out.append(_line_sentence(s, ln, attr, spec, v))
    return " ".join(out)


def _side(s: Setting, side: Any) -> list[tuple[str, int, int]]:
    """(name, branch, element) of a literal branch or of the lines a selector picks."""
    if isinstance(side, str):
        b = BRANCH_ZH.index(side)
        return [(f"{side}{BRANCH_PHASE[b]}", b, int(BRANCH_PHASE[b]))]  # 亥水
    return [(label(s, ln), int(ln.branch), int(ln.element)) for ln in _select(s, side)]


RELATION: Final = {
    "生": "{a_i} {b_eul} 生한다 ({ae}生{be}).",
    "克": "{a_i} {b_eul} 克한다 ({ae}克{be}).",
    "比": "{a_gwa} {b_eun} 같은 오행({ae})이다.",
    "洩": "{b_i} {a_eul} 生한다 ({be}生{ae}).",
    "耗": "{b_i} {a_eul} 克한다 ({be}克{ae}).",
}


def _explain_relation(s: Setting, spec: Mapping[str, Any]) -> str:
    want = spec["equals"]
    pairs = [(x, y) for x in _side(s, spec["a"]) for y in _side(s, spec["b"])]
    if not pairs:
        return "본문이 말하는 효가 이 괘에 없다."

    def got(x: tuple[str, int, int], y: tuple[str, int, int]) -> str:
        if want == "合":
            return "合" if combines(x[1], y[1]) else "不合"
        if want == "沖":
            return "沖" if clashes(x[1], y[1]) else "不沖"
        return acts(x[2], y[2])

    x, y = next(((x, y) for x, y in pairs if got(x, y) == want), pairs[0])
    g = got(x, y)
    a, b = x[0], y[0]
    xb, yb = BRANCH_ZH[x[1]], BRANCH_ZH[y[1]]
    if g in ("合", "不合"):
        return f"{a}{'와' if not _final(a) else '과'} {b}: {xb}{yb}" + (
            "는 六合이다." if g == "合" else "는 六合이 아니다.")
    if g in ("沖", "不沖"):
        return f"{a}{'와' if not _final(a) else '과'} {b}: {xb}{yb}" + (
            "는 六沖이다." if g == "沖" else "는 서로 沖하지 않는다.")
    ae, be = PHASE_ZH[x[2]], PHASE_ZH[y[2]]
    return RELATION[g].format(ae=ae, be=be, a_i=pp(a, "이"), b_eul=pp(b, "을"),
                              a_gwa=pp(a, "과"), b_eun=pp(b, "은"), b_i=pp(b, "이"),
                              a_eul=pp(a, "을"))


ROLE_WHY: Final = {"元神": "用神을 生한다", "忌神": "用神을 克한다",
                   "仇神": "元神을 克하고 忌神을 生한다"}


def _explain_role(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    me = s.chart.primary.palace_element
    yong = Relative.from_zh(spec["yong"])
    x = (relative(me, BRANCH_PHASE[BRANCH_ZH.index(spec["branch"])]) if "branch" in spec
         else Relative.from_zh(spec["relative"]))
    element = {relative(me, p): p for p in Phase}
    ye, xe = str(element[yong]), str(element[x])
    why = ROLE_WHY.get(str(value))
    if why is None:
        return f"用神 {yong}({ye})에 대해 {x}({xe})의 관계는 {pp(str(value), '이다')}."
    return f"用神 {yong}({ye})에 대해 {x}({xe}): {xe}{'가' if not _final(xe) else '이'} " \
           f"{why} → {pp(str(value), '이다')}."


SCOPE_KO: Final = {"fei": "飛爻", "changed": "변효", "fu": "伏神"}


def _explain_absent(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    rel = spec["relative"]
    scope = spec.get("scope", ["fei"])
    q = Query(s.chart)
    where = "·".join(SCOPE_KO.get(x, x) for x in scope)
    if value:
        return f"{rel}: {where} 어디에도 없다."
    found = []
    if "fei" in scope:
        found += [label(s, ln) for ln in q.lines(relative=rel)]
    if "changed" in scope and s.chart.changed is not None:
        found += [label(s, ln) for ln in s.chart.changed.lines if ln.moving
                  and str(ln.relative) == rel]
    if "fu" in scope:
        found += [label(s, FuLine(fu, fei)) for fei, fu in q.hidden(relative=rel)]
    return f"{rel}: {where} 가운데 있다 — {', '.join(found)}."


def _explain_moving(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    if not s.chart.moving:
        return "動爻가 없다 (靜卦)."
    return f"動爻는 {'、'.join(POS_ZH[p] for p in s.chart.moving)}다."


def _explain_guashen(s: Setting) -> str:
    h = s.chart.primary
    body = "、".join(POS_ZH[p] for p in h.guashen_lines) or "없음"
    moving = [p for p in (*h.guashen_lines, h.shishen) if h.line(p).moving]
    said = (f"{'、'.join(POS_ZH[p] for p in dict.fromkeys(moving))}가 動한다" if moving
            else "어느 것도 動하지 않는다")
    return f"卦身 {h.guashen}({body}), 世身 {POS_ZH[h.shishen]}: {said}."


def _explain_finding(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    rid = spec["rule"]
    if rid == "guashen" and spec.get("attr") == "moving":
        return _explain_guashen(s)
    try:
        name = get_rule(rid).ko or rid
    except (KeyError, ValueError):
        name = rid
    v = "있다" if value is True else "없다" if value is False else f"「{show_value(value)}」"
    return f"{name}: 이 괘에서 계산하면 {v}." if value not in ("", None) else \
        f"{name}: 이 괘에서는 성립하지 않는다."


def _stage_kind(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    return f"{pp(spec['element'], '은')} {spec['branch']}에서 {pp(str(value), '이다')}."


def _wangshuai_kind(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    e = PHASE_ZH.index(spec["element"])
    m = int(s.chart.month)
    return (f"{pp(spec['element'], '은')} {_month(s)}에 {pp(wangxiang(e, m), '이다')} "
            f"({_month_why(e, m)}).")


def _xunkong_kind(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    void = "".join(str(b) for b in void_branches(GanZhi.from_zh(spec["day"])))
    return f"{spec['day']}日의 旬空은 {pp(void, '이다')}."


STARS: Final = {"tianzei": "天賊", "yangren": "羊刃", "da-baihu": "白虎(大)", "xianchi": "咸池"}
"""The stars a ``star`` check names (compute.claims.check.check_star's)."""

HU_PART: Final = {"whole": "괘", "inner": "내괘", "outer": "외괘"}

HEXAGRAM_ATTR: Final = {
    "palace": "궁", "element": "궁의 오행", "shi": "世의 자리", "ying": "應의 자리",
    "liuchong": "六沖卦", "liuhe": "六合卦", "youhun": "遊魂卦", "guihun": "歸魂卦",
    "inner": "내괘", "outer": "외괘", "name": "괘", "guashen": "卦身",
}


def _hexagram_kind(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    h = s.chart.primary if spec.get("hexagram", "primary") == "primary" else s.chart.changed
    name = h.name if h is not None else ""
    what = HEXAGRAM_ATTR.get(spec["attr"], spec["attr"])
    if isinstance(value, bool):
        return f"{pp(name, '은')} {what}{'이다' if value else '가 아니다'}."
    if isinstance(value, int):
        value = POS_ZH[value]
    return f"{name}의 {what}: 「{value}」."


def _hugua_kind(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    h = s.chart.primary
    hu = h.hugua
    if hu is None:
        return f"互卦의 {HU_PART[spec['part']]}: 「{value}」."
    return f"{h.name}의 互卦 {hu.name}: {HU_PART[spec['part']]} 「{value}」."


def _plain(text: str) -> Callable[[Setting, Mapping[str, Any], Any], str]:
    """A sentence from the check's own keys and the value (``{v}``)."""
    def say(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
        return text.format(v=show_value(value), **spec)
    return say


def _count_kind(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    found = Query(s.chart).lines(relative=spec["relative"])
    if not found:
        return f"{spec['relative']}: 飛爻 가운데 없다."
    return f"{spec['relative']}: 飛爻 가운데 {value}번 나온다 — " \
           f"{', '.join(label(s, ln) for ln in found)}."


def _liushen_kind(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    return f"{label(s, s.chart.primary.line(spec['position']))}: 六神은 「{value}」 " \
           f"(日干 {s.chart.day.stem})."


SENTENCES: Final[dict[str, Callable[[Setting, Mapping[str, Any], Any], str]]] = {
    "role": _explain_role, "absent": _explain_absent, "moving": _explain_moving,
    "finding": _explain_finding, "stage": _stage_kind, "wangshuai": _wangshuai_kind,
    "xunkong": _xunkong_kind, "hexagram": _hexagram_kind, "count": _count_kind,
    "liushen": _liushen_kind,
    "hugua": _hugua_kind,
    "ganzhi": _plain("{start}에서 {add}일째: 「{v}」."),
    "direction": _plain("{branch}의 방위: 「{v}」."),
    "dilu": _plain("{trigram}의 地支: 「{v}」."),
    "liuqin": _plain("{branch}의 六親: 「{v}」."),
    "stem_stage": _plain("{stem}: {branch}에서 「{v}」."),
    "trigrams": _plain("위 {upper} 아래 {lower}: 「{v}」."),
    "sanhe": _plain("{branches}의 三合: 「{v}」."),
    "sanxing": _plain("{branches}의 三刑: 「{v}」."),
    "star": lambda s, spec, v: f"{STARS.get(spec['rule'], spec['rule'])}: 「{v}」 효에 있다.",
    "jingxing": _plain("京房 宿: 「{v}」."),
    "trigram_state": _plain("{trigram}의 상태: 「{v}」."),
    "shengjiang": _plain("{position}효의 升降: 「{v}」."),
}
"""The Korean sentence of a check kind other than ``line``, ``fu`` and ``relation``."""


def _say(s: Setting, spec: Mapping[str, Any], value: Any) -> str:
    kind = spec["kind"]
    if kind in ("line", "fu"):
        return _explain_line(s, spec)
    if kind == "relation":
        return _explain_relation(s, spec)
    if kind in SENTENCES:
        return SENTENCES[kind](s, spec, value)
    return f"계산: 「{show_value(value)}」."


def _one(inputs: Inputs, spec: Mapping[str, Any]) -> str:
    s, value, full = first_reading(inputs, spec)
    if not full:
        return _say(s, spec, value)
    # a partial date: the check held (or failed) on every neutral completion; say one of them
    head = (f"본문이 날짜를 다 말하지 않으므로 본문이 허용하는 날짜 {full}가지를 모두 넣어 "
            f"보았다. 그 하나({s.chart.month}月 {s.chart.day.zh}日)에서: ")
    return head + _say(s, spec, value)


def explain(inputs: Inputs, check: Mapping[str, Any]) -> tuple[str, ...]:
    """The Korean sentences that say why *check* comes out as it does on *inputs*: one per
    part of an ``all`` check (up to the part that fails, as :func:`compute.claims.evaluate`
    stops there); ``()`` when it cannot be computed.

    >>> explain(Inputs("晉", "剝", day="戊申"),
    ...         {"kind": "absent", "relative": "子孫", "scope": ["fei", "changed", "fu"],
    ...          "equals": True})
    ('子孫: 飛爻·변효·伏神 가운데 있다 — 初爻 아래 伏神 子孫 子水, 五爻 아래 伏神 子孫 子水.',)
    >>> explain(Inputs("震", "兌", month="寅", day="癸酉"),
    ...         {"kind": "line", "role": "世", "attr": "kong", "equals": True})
    ('癸酉日의 旬空은 戌亥: 上爻 妻財 戌土(世)는 旬空이다.',)
    """
    if check.get("kind") == "all":
        out: list[str] = []
        for sub in check["checks"]:
            out += explain(inputs, sub)
            if evaluate(inputs, sub).status == "contradicted":
                break
        return tuple(out)
    try:
        return (_one(inputs, check),)
    except (NotComputable, CheckError, KeyError, ValueError):
        return ()


__all__ = ["explain", "label", "pp"]
