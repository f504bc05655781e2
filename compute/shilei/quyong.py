"""The 用神 rules that wait for the question (issue 10): on a chart asked a question of the 筮類
(``chart(..., question=…)``) or given a 用神 by hand (``yongshen=…``).

Each detector here fires only on such a chart; it adds the computation of a rule that, without
a question, is doctrine only (compute/NOT_COMPUTABLE.md): which line is the 用神 (用神所取), its
grade among the eighteen (看用神十八法), the 生克 of 元神, 忌神 and 仇神 (p281), the 動變 acting
on the 用 (動變之當察, p282), 暗動 (p165) and 旬空 (p160–p162) by role, and the index of 卦用
and 爻用 (p276–p279) for a 用 that is a trigram, a position or a role.

>>> from compute.engine.chart import chart
>>> c = chart("困", "坎", month="午", day="壬戌", question="囤積")
>>> [f.summary for f in c.findings if f.rule == "yongshen-source"]
['用神 妻財 (囤積): 初爻 寅木妻財 · 元神 子孫 四爻 · 忌神 兄弟 五爻 · 仇神 父母 二爻、上爻']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from compute.book.changsheng import BRANCH_PHASE_INT as _BRANCH_PHASE
from compute.book.changsheng import acts
from compute.book.gua import POS_ZH
from compute.engine.context import context as ctx
from compute.engine.context import findings_of
from compute.registry import Finding, finding_detectors, get, rule
from compute.shilei.roles import Appearance, Roles, roles

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

    from compute.engine.chart import Chart
    from compute.engine.context import Context

GRADE_CLASS: Final = ((8, "全吉"), (11, "半吉"), (18, "凶陷"))
"""p291-s1 … p293-s1: grades 1–8 全吉, 9–11 半吉, 12–18 凶陷."""

HEXAGRAM_RULES: Final = ("liuchong-gua", "liuhe-gua", "fanyin-gua", "fuyin", "gua-mujue",
                         "youhun-guihun-use", "gua-wangxiang-8", "guayi-table", "gua-kongpo")
"""The rules the eight 卦用 (p276-s1) point to: 內外 (by the question), 沖合, 反伏, 墓絕, 歸遊,
卦候, 卦義, 卦驗."""


def finding(rid: str, summary: str, lines: Iterable[int] = (), passages: Iterable[str] = (),
            data: dict[str, Any] | None = None, own: bool = True) -> Finding:
    """The one place this module (and :mod:`compute.shilei.judge`, :mod:`compute.shilei.yingqi`,
    :mod:`compute.shilei.daxian`) builds a :class:`~compute.registry.Finding`: the rule's own
    passages
    first (unless not *own*), then the question's, without repeats.

    >>> finding("yongshen-source", "x", [1], ["p454-s1"]).passages[-1]
    'p454-s1'
    """
    cited = tuple(dict.fromkeys((*(get(rid).passages if own else ()), *passages)))
    return Finding(rid, summary, tuple(sorted(set(lines))), cited, "primary",
                   tuple((data or {}).items()))


def was_asked(chart: Chart) -> bool:
    """Whether *chart* was asked a question or given a 用神: the gate of this module's rules
    (and of 應期), evaluated once per chart.

    >>> from compute.engine.chart import chart
    >>> was_asked(chart("乾", month="寅", day="甲子")), was_asked(chart("乾", month="寅",
    ...     day="甲子", yongshen="妻財"))
    (False, True)
    """
    a = chart.asking
    return a is not None and (a.given[0] or a.given[1])


def asked_chapter(chart: Chart) -> str | None:
    """The 筮類 chapter of the question *chart* was asked (``shilei-14``), or None: the gate
    of each chapter's judgments (:mod:`compute.shilei.judge`).

    >>> from compute.engine.chart import chart
    >>> asked_chapter(chart("乾", month="寅", day="甲子", question="養病"))
    'shilei-14'
    """
    a = chart.asking
    return a.question.chapter if a is not None and a.question is not None else None


def asked(chart: Chart) -> Roles | None:
    """The chart's :class:`~compute.shilei.roles.Roles` when it was asked a question or given a
    用神 (computed once per chart), else None.

    >>> from compute.engine.chart import chart
    >>> asked(chart("乾", month="寅", day="甲子")) is None
    True
    """
    memo = ctx(chart).memo      # one lookup per chart: ~200 detectors ask
    if "shilei.roles" not in memo:
        memo["shilei.roles"] = roles(chart) if was_asked(chart) else None
    return memo["shilei.roles"]


def _qpassages(r: Roles) -> tuple[str, ...]:
    return r.question.passages if r.question else ()


def _passages(r: Roles) -> tuple[str, ...]:
    """The sentences of the 用神: those of the book's case that chose it, those that chose its
    line (兩現, 舍飛從伏), then the question's."""
    return tuple(dict.fromkeys((*r.passages, *r.choice_passages, *_qpassages(r))))


def _who(r: Roles) -> str:
    q = r.question
    label = q.text if q else "직접 준 用神"
    return f"用神 {r.value or '—'} ({label})"


def _lines_of(chart: Chart, ps: Iterable[int]) -> str:
    return "、".join(POS_ZH[p] for p in ps) or "不現"


@rule("yongshen-source", kind="finding", when=was_asked)
def yongshen_source(chart: Chart) -> Iterator[Finding]:
    """The 用神 the question names, on this chart: its lines (visible or 伏, the 兩現 choice),
    and the lines of its 元神, 忌神 and 仇神 (p275-s1, p281-s1)."""
    r = asked(chart)
    if r is None:
        return
    if not r.given:
        yield finding("yongshen-source", f"用神: {r.note} — 卦 전체로 판단한다", (),
                      _passages(r), r.to_dict())
        return
    if r.yong:
        where = "、".join(a.label(chart) for a in r.yong)
    elif r.absent:
        where = "竟無 (飛伏 모두 없다)"
    else:
        where = r.note or ("卦 전체" if r.value == "卦" else "—")
    parts = [f"{_who(r)}: {where}"]
    if r.choice and r.choice not in ("伏藏: 舍飛從伏",):
        parts[0] += f" ({r.choice})"
    for name, role in (("元神", r.yuan), ("忌神", r.ji), ("仇神", r.chou)):
        if role.relative is not None:
            parts.append(f"{name} {role.relative} {_lines_of(chart, role.lines)}")
    if r.when:
        parts.append(f"取用: {r.when}")
    if r.also:
        parts.append(f"함께 보는 것 {'、'.join(r.also)}")
    if r.adverse:
        parts.append("用神이 곧 화(禍)이니 靜·衰·空을 반긴다")
    yield finding("yongshen-source", " · ".join(parts), r.positions, _passages(r), r.to_dict())


def _grade_class(n: int) -> str:
    return next(name for top, name in GRADE_CLASS if n <= top)


@rule("yongshen-18", kind="finding", when=was_asked)
def yongshen_grade(chart: Chart) -> Iterator[Finding]:
    """The grade of the 用神 among the eighteen (p291-s1 … p293-s2): the ``grade`` state of the
    chosen line(s); an absent 六親 is 竟無 (17); a 伏 用 is judged by whether it comes out
    (``fu_chu``)."""
    r = asked(chart)
    if r is None or not r.relative and not r.yong and not r.absent:
        return
    if r.absent:
        yield finding("yongshen-18", f"{_who(r)}: 17 竟無 (凶陷)", (), _qpassages(r),
                      {"grade": 17, "name": "竟無", "class": "凶陷"})
        return
    for a in r.yong:
        ln = chart.primary.line(a.position)
        if a.hidden:
            out = ln.state.get("fu_chu") or "—"
            why = ln.state.get("fu_chu_why") or ""
            yield finding("yongshen-18", f"{_who(r)} {a.label(chart)}: 伏 {out} {why}".rstrip(),
                          (a.position,), _qpassages(r), {"hidden": True, "fu_chu": out})
            continue
        g = ln.state.get("grade")
        if not g:
            continue
        cls = _grade_class(g["n"])
        if r.adverse:
            cls += " (用神이 禍이니 거꾸로 읽는다)"
        yield finding("yongshen-18", f"{_who(r)} {a.label(chart)}: {g['n']} {g['name']} ({cls})",
                      (a.position,), _qpassages(r), {"grade": g["n"], "name": g["name"],
                                                     "class": _grade_class(g["n"])})


def _movers_on(c: Context, chart: Chart, phase: int,
               skip: int | None) -> tuple[list[int], list[int]]:
    """Moving lines (not 空破散) that 生 / 克 a phase; a moving line whose changed line 克 it is
    not counted here (a changed line acts only on its own moving line, p282-s1)."""
    sheng, ke = [], []
    for q in c.moving:
        if q == skip or c.broken[q - 1] or c.san[q - 1]:
            continue
        how = acts(c.ph[q - 1], phase)
        if how == "生":
            sheng.append(q)
        elif how == "克":
            ke.append(q)
    return sheng, ke


@rule("yuan-ji-chou", kind="finding", when=was_asked)
def shengke_chain(chart: Chart) -> Iterator[Finding]:
    """The 生克 chain of the roles (p281-s1 「忌則喜靜、喜衰、喜制；元則喜動、喜旺、喜生」):
    whether 元神 and 忌神 move, are 旺 or 衰, and what the moving 仇神 does to the 元神; a moving
    元神 and 忌神 together are 貪生忘克 (the 忌 生 the 元, the 元 生 the 用)."""
    r = asked(chart)
    if r is None or r.relative is None or not r.yong:
        return
    c = ctx(chart)

    def state(ps: tuple[int, ...]) -> tuple[list[int], bool]:
        mv = [p for p in ps if chart.primary.line(p).moving and not c.san[p - 1]
              and not c.broken[p - 1]]
        return mv, any(c.strong[p - 1] or c.on_day[p - 1] or c.on_month[p - 1] for p in ps)

    y_mv, y_st = state(r.yuan.lines)
    j_mv, j_st = state(r.ji.lines)
    ch_mv, _ = state(r.chou.lines)
    parts = []
    if y_mv:
        parts.append(f"元神 {r.yuan.relative} {_lines_of(chart, y_mv)} 動 生用")
    elif r.yuan.lines:
        parts.append(f"元神 {r.yuan.relative} 靜{' 旺' if y_st else ''}")
    else:
        parts.append(f"元神 {r.yuan.relative} 不現")
    if j_mv and y_mv:
        parts.append(f"忌神 {r.ji.relative} {_lines_of(chart, j_mv)} 動: 貪生忘克 (忌生元, 元生用)")
    elif j_mv:
        parts.append(f"忌神 {r.ji.relative} {_lines_of(chart, j_mv)} 動 克用")
    elif r.ji.lines:
        parts.append(f"忌神 {r.ji.relative} 靜{' 旺' if j_st else ' 衰'}")
    if ch_mv:
        parts.append(f"仇神 {r.chou.relative} {_lines_of(chart, ch_mv)} 動 克元生忌")
    verdict = ("吉" if y_mv or (not j_mv and not ch_mv and y_st)
               else "凶" if j_mv else "平")
    if r.adverse:
        verdict = {"吉": "凶", "凶": "吉"}.get(verdict, verdict)
    yield finding("yuan-ji-chou", f"{_who(r)}: " + " · ".join(parts) + f" → {verdict}",
                  [*y_mv, *j_mv, *ch_mv, *r.positions], _qpassages(r),
                  {"yuan_moving": y_mv, "ji_moving": j_mv, "chou_moving": ch_mv,
                   "reading": verdict})


@rule("dongbian-rules", kind="finding", when=was_asked)
def dongbian(chart: Chart) -> Iterator[Finding]:
    """動變 on the 用 (p282-s1): a moving 用 is judged by its changed line (回頭生 / 回頭克, 化進 /
    化退; a changed line 空 or 破 has no force on it); a static 用 by the moving lines that 生 or
    克 it (a changed line never acts on a static line)."""
    r = asked(chart)
    if r is None or not r.yong or chart.changed is None:
        return
    c = ctx(chart)
    for a in r.yong:
        if a.hidden:
            continue
        p = a.position
        ln = chart.primary.line(p)
        ph = c.ph[p - 1]
        if ln.moving:
            ch = chart.changed.line(p)
            cb = int(ch.branch)
            how = acts(_BRANCH_PHASE[cb], ph)
            word = {"生": "回頭生", "克": "回頭克", "比": "比和", "洩": "化洩", "耗": "化耗"}[how]
            dead = [w for w, ok in (("空", c.kong(cb)), ("破", c.po(cb))) if ok]
            jt = ln.state.get("jintui")
            extra = f", {jt}" if jt else ""
            if dead:
                text = f"動 化 {ch.branch}{ch.element}{ch.relative}: {word}이나 變爻 " \
                       f"{'、'.join(dead)} — 不受其生克"
            else:
                text = f"動 化 {ch.branch}{ch.element}{ch.relative}: {word}{extra}"
            yield finding("dongbian-rules", f"{_who(r)} {a.label(chart)} {text}", (p,),
                          _qpassages(r), {"moving": True, "changed": str(ch.branch),
                                          "relation": word, "void_or_broken": dead})
        else:
            sheng, ke = _movers_on(c, chart, ph, p)
            if not sheng and not ke:
                continue
            bits = []
            if sheng:
                bits.append(f"{_lines_of(chart, sheng)} 動 生之")
            if ke:
                bits.append(f"{_lines_of(chart, ke)} 動 克之")
            if sheng and ke:
                bits.append("貪生忘克")
            yield finding("dongbian-rules", f"{_who(r)} {a.label(chart)} 靜: " + ", ".join(bits),
                          (p, *sheng, *ke), _qpassages(r),
                          {"moving": False, "sheng": sheng, "ke": ke})


def _role_lines(r: Roles) -> Iterator[tuple[str, tuple[int, ...]]]:
    yield "用神", tuple(a.position for a in r.yong if not a.hidden)
    yield "元神", r.yuan.lines
    yield "忌神", r.ji.lines
    yield "仇神", r.chou.lines


@rule("andong", kind="finding", when=was_asked)
def andong_by_role(chart: Chart) -> Iterator[Finding]:
    """暗動 by role (p165-s1): on the 用, the 元 or the 忌 it acts for or against it, at half a
    moving line's force and slower (p165-s2); a 元神 in 暗動 while 仇 and 忌 both move still
    keeps the 用 alive (「猶得綿續生生」)."""
    r = asked(chart)
    if r is None or r.relative is None:
        return
    for name, ps in _role_lines(r):
        for p in ps:
            st = chart.primary.line(p).state.get("day_clash") or {}
            if st.get("effect") != "暗動":
                continue
            good = name in ("用神", "元神")
            if r.adverse:
                good = not good
            text = f"{name} {Appearance(p).label(chart)} 暗動: {'喜' if good else '惡'}之, " \
                   "力半·報緩 (暗動之力不及動爻)"
            if name == "元神" and any(chart.primary.line(q).moving for q in r.ji.lines) \
                    and any(chart.primary.line(q).moving for q in r.chou.lines):
                text += " — 仇忌兩發而元神暗動: 猶得綿續生生"
            yield finding("andong", text, (p,), _qpassages(r),
                          {"role": name, "good": good, "strength": 0.5})


def _empty(chart: Chart, p: int) -> bool:
    v = chart.primary.line(p).state.get("void")
    return v not in (None, "建空", "動空", "填實", "半實")


@rule("xunkong-use", kind="finding", when=was_asked)
def xunkong_by_role(chart: Chart) -> Iterator[Finding]:
    """旬空 by role (p160-s1 「空於忌則吉，空於用則凶」): the 用 empty is bad (for a question that
    fears the 用 — 禍, 病, 鬼 — it is good, 「將避…將脫」), the 忌 empty is good; a 伏 用 that is
    empty does not show (「空在伏爻則不現」, p161-s1)."""
    r = asked(chart)
    if r is None or not r.yong and r.relative is None:
        return
    for name, ps in _role_lines(r):
        for p in ps:
            if not _empty(chart, p):
                continue
            kind = chart.primary.line(p).state.get("void")
            bad = name in ("用神", "元神")
            if r.adverse:
                bad = not bad
            verdict = "凶 (空於用)" if bad else "吉 (空於忌)"
            yield finding("xunkong-use", f"{name} {Appearance(p).label(chart)} 旬空 ({kind}): "
                          f"{verdict}", (p,), _qpassages(r), {"role": name, "void": kind,
                                                           "good": not bad})
    for a in r.yong:
        if a.hidden:
            h = chart.primary.line(a.position).hidden
            if h is not None and h.branch in chart.void:
                yield finding("xunkong-use", f"用神 {a.label(chart)} 旬空: 空在伏爻則不現",
                              (a.position,), _qpassages(r), {"role": "用神", "hidden": True})


@rule("gua-yong-8", kind="finding", when=was_asked)
def gua_yong(chart: Chart) -> Iterator[Finding]:
    """卦用 (p276-s1): for a question whose 用神 is the hexagram or a trigram (遷居 外卦 …) the
    hexagram-level signs judge it: 沖合, 反伏, 墓絕, 歸遊, 卦候, 卦義/卦驗 (their findings
    named here)."""
    r = asked(chart)
    if r is None or r.value not in ("卦", "內卦", "外卦"):
        return
    order = dict.fromkeys(rid for rid, _ in finding_detectors() if rid in HEXAGRAM_RULES)
    signs = [f"{get(f.rule).zh}{' ' + f.kind if f.kind else ''}"
             for rid in order for f in findings_of(chart, rid)]
    text = " · ".join(signs) or "卦象에 특별한 징조 없음"
    yield finding("gua-yong-8", f"{_who(r)} 卦用: {text}", r.positions, _qpassages(r),
                  {"signs": signs})


@rule("yao-yong-6", kind="finding", when=was_asked)
def yao_yong(chart: Chart) -> Iterator[Finding]:
    """爻用 (p279-s1): a 用神 that is a role (世, 應, 世應), a position (初爻 … 上爻, 間爻), the
    moving lines or a 六神 — 「舍卦而從爻」: the line(s) with their 六親, 旺衰, 空破 and moving."""
    r = asked(chart)
    if r is None or r.value in ("卦", "內卦", "外卦", "") or r.value in (
            "父母", "兄弟", "子孫", "妻財", "官鬼", "物類"):
        return
    c = ctx(chart)
    bits = []
    for a in r.yong:
        i = a.position - 1
        marks = [w for w, ok in (("動", chart.primary.line(a.position).moving),
                                 ("旺相", c.strong[i]), ("空", _empty(chart, a.position)),
                                 ("破", c.broken[i]), ("散", c.san[i])) if ok]
        bits.append(f"{a.label(chart)} {'·'.join(marks) or '靜·休囚'}")
    yield finding("yao-yong-6", f"{_who(r)} 爻用: " + (", ".join(bits) or "卦에 없음"),
                  r.positions, _qpassages(r), {"lines": list(r.positions)})


__all__ = ["asked", "asked_chapter", "finding", "was_asked"]
