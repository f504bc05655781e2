"""The checks of the claim-check language (:data:`CHECKS`, :data:`FINDINGS`) and
:func:`evaluate`, which charts a case and reads the value a check asks for; a check on a date
the text leaves partial is decided over its neutral completions (:func:`completions`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from compute.book.changsheng import STAGES, STEM_CHANGSHENG_WUXINGJIA, acts, stage, wangxiang
from compute.book.ganzhi import (
    BRANCH_ZH,
    GANZHI,
    GANZHI_ZH,
    STEM_ZH,
    GanZhi,
    direction,
    void_branches,
)
from compute.book.gua import Hexagram, Trigram
from compute.book.liuqin import RELATIVE_ZH, Relative, relative
from compute.book.wuxing import BRANCH_PHASE, PHASE_ZH, Phase
from compute.claims.case import (
    INPUTS,
    CheckError,
    FuLine,
    Inputs,
    Missing,
    NotComputable,
    Setting,
    Verdict,
    annotators_through,
    case_inputs,
    is_registered,
    need,
    plan_annotators,
    setting,
    show_value,
    state_of,
)
from compute.claims.query import Query, clashes, combines
from compute.claims.shilei import FINDINGS as SHILEI_FINDINGS  # daxian, xiaoxian (issue 10)
from compute.claims.shilei import LINE_ATTRS  # void, grade, san, is_year (issue 10)
from compute.engine.chart import ChartHexagram, ChartLine, Hidden
from compute.lifa.fanfu import DILU, bajie_ruler, houqi_state
from compute.lifa.hechong import is_liuchong, is_liuhe
from compute.lifa.ju import SANHE
from compute.lifa.leizong import yuan_ji_chou
from compute.lifa.xinghai import XING
from compute.registry import Finding
from compute.registry import get as get_rule


def evaluate(inputs: Inputs, check: Mapping[str, Any]) -> Verdict:
    """The status of *check* on *inputs*: confirmed, contradicted, or not_computable (with the
    reason); a check that is not well formed raises :class:`CheckError`.

    >>> evaluate(Inputs("困", "坎", month="午", day="壬戌"),
    ...          {"kind": "line", "position": 4, "attr": "changed.branch", "equals": "申"})
    Verdict(status='confirmed', detail='line: 申 (text: 申)', value='申', expected='申')
    """
    try:
        ok, detail, value, want = _check(inputs, check)
    except NotComputable as exc:
        return Verdict("not_computable", str(exc))
    return Verdict("confirmed" if ok else "contradicted", detail, value, want)


def _check(inputs: Inputs, spec: Mapping[str, Any]) -> tuple[bool, str, Any, Any]:
    kind = spec.get("kind")
    if kind == "all":
        details, values, wants = [], [], []
        for sub in spec["checks"]:
            ok, detail, value, want = _check(inputs, sub)
            details.append(detail)
            if not ok:
                return False, detail, value, want
            values.append(value)
            wants.append(want)
        return True, "; ".join(details), tuple(values), tuple(wants)
    fn, over = _reader(spec)
    want = spec.get("equals")
    if isinstance(want, list):
        want = tuple(want)
    try:
        value = fn(setting(inputs, over, _rules_read(spec)), spec)
    except Missing as exc:
        ok, detail, value = _over_completions(inputs, spec, over, fn, want, str(exc))
        return ok, detail, value, want
    return value == want, f"{kind}: {show_value(value)} (text: {show_value(want)})", value, want


def _reader(spec: Mapping[str, Any]) -> tuple[Callable[[Setting, Mapping[str, Any]], Any],
                                              dict[str, Any]]:
    """The check function of *spec*'s kind, and the inputs *spec* sets for itself."""
    kind = spec.get("kind")
    fn = CHECKS.get(kind)  # type: ignore[arg-type]
    if fn is None:
        raise CheckError(f"check kind {kind!r}: expected one of all, {', '.join(CHECKS)}")
    return fn, {k: spec[k] for k in INPUTS if k in spec}


def first_reading(inputs: Inputs, spec: Mapping[str, Any]) -> tuple[Setting, Any, int]:
    """Where a check (not ``all``) is read, as :func:`compute.claims.explain.explain` says it:
    the setting, the value the check reads there, and how many neutral completions the date
    has — 0 when the case's own date is enough, else the setting is the first of
    :func:`completions` (the verdict weighs them all).

    >>> s, value, n = first_reading(Inputs("震", "兌", month="寅", day="癸酉"),
    ...                             {"kind": "line", "role": "世", "attr": "kong"})
    >>> s.chart.day.zh, value, n
    ('癸酉', True, 0)
    >>> s, value, n = first_reading(Inputs("困", "坎"), {"kind": "line", "position": 1,
    ...                                                  "attr": "stage.month"})
    >>> str(s.chart.month), value, n
    ('子', '沐浴', 410)
    """
    fn, over = _reader(spec)
    rules = _rules_read(spec)
    s = setting(inputs, over, rules)
    try:
        return s, fn(s, spec), 0
    except Missing:
        pass
    full = completions(inputs, over, _relevant(setting(inputs, over, ()), spec))
    s = setting(inputs, {**over, **full[0]}, rules)
    return s, fn(s, spec), len(full)


def completions(inputs: Inputs, over: Mapping[str, Any],
                relevant: frozenset[int] = frozenset()) -> list[dict[str, str]]:
    """The full months and days a partial date allows, kept *neutral* towards the *relevant*
    branches: a schematic example 「如戌建，遇乾之巽」 presumes nothing it does not say, so an
    unstated day neither stands on nor clashes those branches and its 旬空 misses them, and an
    unstated month neither stands on nor clashes them. (A bare 日 branch: its five pillars; a
    旬: its ten days; nothing: all sixty days; no month: all twelve.) If nothing neutral is
    left, every completion is returned."""
    i = case_inputs(inputs, over)
    near = relevant | {(b + 6) % 12 for b in relevant}
    months = ([i["month"]] if i["month"]
              else [m for m in BRANCH_ZH if BRANCH_ZH.index(m) not in near])
    day, xun = i["day"], i["xun"]
    if len(day) == 2:
        days = [day]
    elif day and day in BRANCH_ZH:
        days = [g for g in GANZHI_ZH if g[1] == day]
    elif day and day in STEM_ZH:
        days = [g for g in GANZHI_ZH if g[0] == day and BRANCH_ZH.index(g[1]) not in near]
    elif xun:
        days = [g for g in GANZHI_ZH[GANZHI_ZH.index(xun):GANZHI_ZH.index(xun) + 10]
                if BRANCH_ZH.index(g[1]) not in near]
    else:
        days = [g for g in GANZHI_ZH if BRANCH_ZH.index(g[1]) not in near]
    if not xun:
        days = [g for g in days if not _void_of(g) & relevant]
    full = [{"month": m, "day": d, "xun": ""} for m in months for d in days]
    return full or [{"month": m, "day": d, "xun": ""}
                    for m in ([i["month"]] if i["month"] else BRANCH_ZH)
                    for d in (GANZHI_ZH if len(day) != 2 else [day])]


def _void_of(day: str) -> frozenset[int]:
    return frozenset(int(b) for b in void_branches(GanZhi.from_zh(day)))


def _relevant(s: Setting, spec: Mapping[str, Any]) -> frozenset[int]:
    """The branches a check speaks about (for the neutral completions of a partial date)."""
    kind = spec["kind"]
    c = s.chart
    out: set[int] = set()
    if kind in ("line", "fu"):
        try:
            lines = _select(s, spec) if kind == "line" else [f for f, _ in _hidden_lines(s, spec)]
        except NotComputable:
            lines = []
        for ln in lines:
            out.add(int(ln.branch))
            if kind == "fu" and ln.hidden is not None:
                out.add(int(ln.hidden.branch))
            if ln.moving and c.changed is not None:
                out.add(int(c.changed.line(ln.position).branch))
    elif kind == "finding" and spec["rule"] in ("fanyin-gua", "fuyin", "gua-mujue"):
        if c.changed is not None:
            p, q = c.primary.hexagram, c.changed.hexagram
            for a, b in ((p.lower, q.lower), (p.upper, q.upper)):
                if a != b:
                    out |= set(DILU[int(a)]) | set(DILU[int(b)])
    else:
        for pos in c.moving:
            out.add(int(c.primary.line(pos).branch))
            if c.changed is not None:
                out.add(int(c.changed.line(pos).branch))
        if kind in ("finding", "star", "liushen"):
            for ln in _select(s, {k: v for k, v in spec.items() if k in _SELECTORS}):
                out.add(int(ln.branch))
    return frozenset(out)


OWN_DIMENSION = {
    "kong": "旬", "changed.kong": "旬", "is_day": "日辰", "changed.is_day": "日辰",
    "stage.day": "日辰", "is_month": "月建", "changed.is_month": "月建", "yuepo": "月建",
    "changed.yuepo": "月建", "wangshuai": "月建", "stage.month": "月建", "liushen": "stem",
}
"""A check about the very date the case leaves out is not completed: it cannot be computed."""


def _over_completions(inputs: Inputs, spec: Mapping[str, Any], over: Mapping[str, Any],
                      fn: Callable[[Setting, Mapping[str, Any]], Any], want: Any,
                      why: str) -> tuple[bool, str, Any]:
    """A check on a partial date holds if it holds on every neutral completion of the date,
    fails if it holds on none; otherwise it cannot be decided."""
    own = OWN_DIMENSION.get(spec.get("attr", ""))
    if own and own in why:
        raise NotComputable(why)
    values = []
    rules = _rules_read(spec)
    for full in completions(inputs, over, _relevant(setting(inputs, over, ()), spec)):
        values.append(fn(setting(inputs, {**over, **full}, rules), spec))
    hits = sum(v == want for v in values)
    kind = spec["kind"]
    if hits == len(values):
        return (True, f"{kind}: {show_value(want)} on all {len(values)} neutral dates the text "
                "allows", want)
    if hits == 0:
        return False, (f"{kind}: {show_value(values[0])} (text: {show_value(want)}) on all "
                       f"{len(values)} neutral dates the text allows"), values[0]
    raise NotComputable(f"{why}: the claim holds on {hits} of the {len(values)} neutral dates "
                        "the text allows")


STATES_READ: Final = {
    ("line", "day_clash"): "day_clash", ("line", "void"): "void", ("line", "grade"): "grade",
    ("line", "san"): "san", ("star", ""): "shensha", ("shengjiang", ""): "shengjiang",
    ("finding", "jinshen-3"): "jintui", ("finding", "tuishen-3"): "jintui",
}
"""The checks that read a state the line annotators give a line ((kind, attr) — for a finding
(kind, rule) — → the state key); ``fu`` checks read line attributes as ``line`` ones do. Every
other ``line``, ``fu`` and plain check reads the static chart alone (納甲, 六親, 世應, the
day's 旬空 …), and a ``finding`` check its rule's findings."""

STATIC_FINDINGS: Final = frozenset({"guashen", "daxian", "xiaoxian"})
"""The finding readers that compute from the static chart (卦身's lines, the 大限 and 小限)."""

STATELESS_DETECTORS: Final = frozenset({
    "fanyin-gua", "fuyin", "gua-mujue", "sanhe-ju", "suimu", "juechu-fengsheng",
})
"""The finding rules whose detectors (and the detectors they ask through
:func:`compute.engine.context.findings_of`) read no line state: a check on their findings charts
that
rule alone. tests/test_compute_claims_rules.py holds each to the full chart's findings."""


def _rules_read(spec: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The rules whose results *spec* reads, so that its chart runs only those: none for a check
    on the static chart; for one reading a line state (:data:`STATES_READ`), the line
    annotators up to the one that gives it (:func:`annotators_through`: an annotator sees the
    states of those before it, so the state comes out as the full chart has it); for a finding,
    its own rule (what it reads of other rules' findings it gets through
    :func:`compute.engine.context.findings_of`), with every line annotator before it unless its
    detector reads no line state (:data:`STATELESS_DETECTORS`). ``None`` (every rule) for an
    ``all`` check, a check whose state no annotator is seen to give, and an unknown rule.

    >>> _rules_read({"kind": "line", "attr": "relative"}), _rules_read({"kind": "count"})
    ((), ())
    >>> _rules_read({"kind": "finding", "rule": "fanyin-gua"})
    ('fanyin-gua',)
    >>> rules = _rules_read({"kind": "finding", "rule": "ganhua-yong"})
    >>> "ganhua-yong" in rules, "yuepo" in rules
    (True, True)
    >>> _rules_read({"kind": "line", "attr": "changed.void"})[-1]
    'xunkong-13'
    """
    kind = spec.get("kind")
    if kind == "all" or kind not in CHECKS:
        return None
    if kind == "finding":
        rid = spec.get("rule", "")
        key = STATES_READ.get((kind, rid))
        if key is not None:
            return annotators_through(key)
        if rid in STATIC_FINDINGS:
            return ()
        if not is_registered(rid):
            return None
        if rid in STATELESS_DETECTORS:
            return (rid,)
        return tuple(sorted({r for r, _ in plan_annotators()} | {rid}))
    attr = str(spec.get("attr", ""))
    while attr.startswith("changed."):
        attr = attr.removeprefix("changed.")
    key = STATES_READ.get(("line" if kind == "fu" else kind, attr if kind in ("line", "fu")
                           else ""))
    return () if key is None else annotators_through(key)



def _hex(s: Setting, which: str) -> ChartHexagram:
    h = Query(s.chart).hexagram(which)
    if h is None:
        raise NotComputable("the hexagram has no moving line, so no changed hexagram")
    return h


_SELECTORS: Final = ("relative", "branch", "position", "role", "moving")
"""The keys of a check that select lines (:meth:`compute.claims.query.Query.lines`)."""


def _select(s: Setting, spec: Mapping[str, Any], which: str = "") -> list[ChartLine]:
    hexagram = which or spec.get("hexagram", "primary")
    _hex(s, hexagram)
    return Query(s.chart).lines(hexagram=hexagram, **{k: spec[k] for k in _SELECTORS if k in spec})


def _changed_line(s: Setting, ln: ChartLine) -> ChartLine:
    if not ln.moving or s.chart.changed is None:
        raise NotComputable(f"line {ln.position} does not move, so it has no changed line")
    return s.chart.changed.line(ln.position)


def _line_attr(s: Setting, ln: ChartLine | FuLine, attr: str, spec: Mapping[str, Any]) -> Any:

    if attr in LINE_ATTRS:
        return LINE_ATTRS[attr](s, ln, spec)
    c = s.chart
    if attr.startswith("changed."):
        cl = _changed_line(s, ln)
        sub = attr.split(".", 1)[1]
        if sub == "relation":
            rel = acts(int(cl.element), int(ln.element))
            return {"洩": "洩", "耗": "耗"}.get(acts(int(ln.element), int(cl.element)), rel) \
                if rel not in ("生", "克", "比") else rel
        return _line_attr(s, cl, sub, spec)
    if attr == "branch":
        return str(ln.branch)
    if attr in ("stem", "ganzhi"):
        if not s.month and {int(c.primary.hexagram.lower), int(c.primary.hexagram.upper)} & {0, 7}:
            raise NotComputable("乾/坤 stems depend on the half-year (najia-gan-seasonal); "
                                "no month is given")
        return str(ln.stem) if attr == "stem" else ln.ganzhi.zh
    if attr == "element":
        return str(ln.element)
    if attr == "relative":
        return str(ln.relative)
    if attr == "yinyang":
        return "陽" if ln.yang else "陰"
    if attr == "moving":
        return bool(ln.moving)
    if attr == "wangshuai":
        need(s, "month")
        return wangxiang(int(ln.element), int(c.month))
    if attr == "stage.month":
        need(s, "month")
        return stage(int(ln.element), int(c.month))
    if attr == "stage.day":
        need(s, "day")
        return stage(int(ln.element), int(c.day.branch))
    if attr == "stage.at":
        return stage(int(ln.element), BRANCH_ZH.index(spec["at"]))
    if attr == "stage.changed":
        return stage(int(ln.element), int(_changed_line(s, ln).branch))
    if attr == "kong":
        need(s, "void")
        return ln.branch in c.void
    if attr == "yuepo":
        need(s, "month")
        return clashes(int(ln.branch), int(c.month))
    if attr == "is_day":
        need(s, "day")
        return ln.branch == c.day.branch
    if attr == "is_month":
        need(s, "month")
        return ln.branch == c.month
    if attr == "day_clash":
        need(s, "day", "month", "void")
        if ln.role != "primary":
            raise NotComputable("日沖 is computed on the lines of the primary hexagram")
        dc = state_of(s, ln, "day_clash")
        if not dc:
            return ""
        effect = dc["effect"]
        return "實" if effect in ("填實", "半實", "全實") else effect
    if attr == "liushen":
        need(s, "stem")
        return str(ln.spirit)
    raise CheckError(f"line attr {attr!r}: not a known attribute")


def check_line(s: Setting, spec: Mapping[str, Any]) -> Any:
    lines = _select(s, spec)
    if not lines:
        return "(no such line)"
    values = [_line_attr(s, ln, spec["attr"], spec) for ln in lines]
    want = spec.get("equals")
    if spec.get("quantifier", "any") == "all":
        return want if all(v == want for v in values) else values[0]
    return want if want in values else values[0]


def _hidden_lines(s: Setting, spec: Mapping[str, Any]) -> list[tuple[ChartLine, Hidden]]:
    return Query(s.chart).hidden(relative=spec.get("relative"), position=spec.get("position"),
                                 under_role=spec.get("under_role"))


def check_fu(s: Setting, spec: Mapping[str, Any]) -> Any:
    pairs = _hidden_lines(s, spec)
    if not pairs:
        return "(no such 伏神)"
    attr = spec["attr"]
    values = []
    for fei, fu in pairs:
        if attr == "under.branch":
            values.append(str(fei.branch))
        elif attr == "under.role":
            h = s.chart.primary
            values.append("世" if fei.position == h.shi else "應" if fei.position == h.ying else "")
        elif attr == "under.relative":
            values.append(str(fei.relative))
        elif attr == "stage.fei":
            values.append(stage(int(fu.element), int(fei.branch)))
        elif attr == "yinyang":
            hid = s.chart.primary.hidden_hexagram
            values.append("陽" if hid.is_yang(fei.position) else "陰")
        else:
            proxy = FuLine(fu, fei)
            values.append(_line_attr(s, proxy, attr, spec))
    want = spec.get("equals")
    return want if want in values else values[0]


def check_absent(s: Setting, spec: Mapping[str, Any]) -> bool:
    return Query(s.chart).absent(spec["relative"], spec.get("scope", ["fei"]))


def check_count(s: Setting, spec: Mapping[str, Any]) -> int:
    return len(Query(s.chart).lines(relative=spec["relative"]))


def check_moving(s: Setting, spec: Mapping[str, Any]) -> tuple[int, ...]:
    return tuple(s.chart.moving)


def _elements(s: Setting, side: Any) -> list[tuple[int, int]]:
    """(branch, element) of a literal branch or of the lines a selector picks."""

    if isinstance(side, str):
        b = BRANCH_ZH.index(side)
        return [(b, int(BRANCH_PHASE[b]))]
    lines = _select(s, side)
    if not lines:
        raise NotComputable(f"no line matches {dict(side)}")
    return [(int(ln.branch), int(ln.element)) for ln in lines]


def check_relation(s: Setting, spec: Mapping[str, Any]) -> str:
    want = spec["equals"]
    seen = []
    for ab, ae in _elements(s, spec["a"]):
        for bb, be in _elements(s, spec["b"]):
            if want == "合":
                got = "合" if combines(ab, bb) else "不合"
            elif want == "沖":
                got = "沖" if clashes(ab, bb) else "不沖"
            else:
                got = acts(ae, be)
            if got == want:
                return got
            seen.append(got)
    return seen[0]


def check_stage(s: Setting, spec: Mapping[str, Any]) -> str:
    return stage(PHASE_ZH.index(spec["element"]), BRANCH_ZH.index(spec["branch"]))


def check_stem_stage(s: Setting, spec: Mapping[str, Any]) -> str:
    """A stem's stage by the 五行家 (yang stems forward, yin backward from their 長生)."""

    k = STEM_ZH.index(spec["stem"])
    start = BRANCH_ZH.index(STEM_CHANGSHENG_WUXINGJIA[k])
    steps = (BRANCH_ZH.index(spec["branch"]) - start) % 12
    return STAGES[steps if k % 2 == 0 else -steps % 12]


def check_wangshuai(s: Setting, spec: Mapping[str, Any]) -> str:
    need(s, "month")
    return wangxiang(PHASE_ZH.index(spec["element"]), int(s.chart.month))


def check_xunkong(s: Setting, spec: Mapping[str, Any]) -> str:
    return "".join(str(b) for b in void_branches(GanZhi.from_zh(spec["day"])))


def check_ganzhi(s: Setting, spec: Mapping[str, Any]) -> str:
    return GANZHI[(GanZhi.from_zh(spec["start"]).index + int(spec["add"])) % 60].zh


def check_sanhe(s: Setting, spec: Mapping[str, Any]) -> str:
    want = sorted(BRANCH_ZH.index(ch) for ch in spec["branches"])
    for a, b, c, phase in SANHE:
        if sorted((a, b, c)) == want:
            return phase
    return ""


def check_sanxing(s: Setting, spec: Mapping[str, Any]) -> bool:
    bs = [BRANCH_ZH.index(ch) for ch in spec["branches"]]
    return all(XING[x] in bs for x in bs)


def check_hexagram(s: Setting, spec: Mapping[str, Any]) -> Any:
    h = _hex(s, spec.get("hexagram", "primary"))
    attr = spec["attr"]
    branches = [int(ln.branch) for ln in h.lines]
    tri = "坤震坎兌艮離巽乾"
    return {
        "palace": lambda: str(h.palace), "element": lambda: str(h.palace_element),
        "shi": lambda: h.shi, "ying": lambda: h.ying,
        "liuchong": lambda: is_liuchong(branches), "liuhe": lambda: is_liuhe(branches),
        "youhun": lambda: h.hexagram.generation == 6, "guihun": lambda: h.hexagram.generation == 7,
        "inner": lambda: tri[int(h.hexagram.lower)], "outer": lambda: tri[int(h.hexagram.upper)],
        "name": lambda: h.name, "guashen": lambda: str(h.guashen),
    }[attr]()


def check_trigrams(s: Setting, spec: Mapping[str, Any]) -> str:
    return Hexagram.from_trigrams(Trigram.from_zh(spec["upper"]),
                                  Trigram.from_zh(spec["lower"])).name


def check_hugua(s: Setting, spec: Mapping[str, Any]) -> str:
    hu = s.chart.primary.hugua
    if hu is None:
        raise NotComputable("compute gives no 互卦 for this chart")
    tri = "坤震坎兌艮離巽乾"
    return {"whole": hu.name, "inner": tri[int(hu.lower)], "outer": tri[int(hu.upper)]}[
        spec["part"]]


def check_trigram_state(s: Setting, spec: Mapping[str, Any]) -> str:
    need(s, "month")
    return houqi_state(int(Trigram.from_zh(spec["trigram"])), bajie_ruler(s.chart))


def check_dilu(s: Setting, spec: Mapping[str, Any]) -> str:
    return "".join(BRANCH_ZH[b] for b in DILU["坤震坎兌艮離巽乾".index(spec["trigram"])])


def check_direction(s: Setting, spec: Mapping[str, Any]) -> str:
    return direction(spec["branch"])


def check_star(s: Setting, spec: Mapping[str, Any]) -> str:
    names = {"tianzei": "天賊", "yangren": "羊刃", "da-baihu": "白虎(大)", "xianchi": "咸池"}
    name = names.get(spec["rule"])
    if name is None:
        raise NotComputable(f"star rule {spec['rule']!r} is not mapped to a compute star name")
    need(s, "month", "stem")
    want = spec["equals"]
    on = [str(ln.branch) for ln in s.chart.primary.lines
          if name in (state_of(s, ln, "shensha") or ())]
    if not on:
        return "(not on any line)"
    return want if want in on else on[0]


def check_liushen(s: Setting, spec: Mapping[str, Any]) -> str:
    need(s, "stem")
    return str(s.chart.primary.line(spec["position"]).spirit)


def check_liuqin(s: Setting, spec: Mapping[str, Any]) -> str:
    phase = BRANCH_PHASE[BRANCH_ZH.index(spec["branch"])]
    return str(relative(s.chart.primary.palace_element, phase))


def check_role(s: Setting, spec: Mapping[str, Any]) -> str:
    """元神 / 忌神 / 仇神 of a 六親 (or of a branch's element) towards the 用神 (yuan-ji-chou:
    :func:`compute.lifa.leizong.yuan_ji_chou`); another relation is named by its 生克 (acts)."""
    if spec["yong"] not in RELATIVE_ZH:
        raise CheckError(f"role check: yong {spec['yong']!r}; expected one of {RELATIVE_ZH}")
    me = s.chart.primary.palace_element
    yong = Relative.from_zh(spec["yong"])
    x = (relative(me, BRANCH_PHASE[BRANCH_ZH.index(spec["branch"])]) if "branch" in spec
         else Relative.from_zh(spec["relative"]))
    named = dict(zip(yuan_ji_chou(yong), ("元神", "忌神", "仇神"), strict=True))
    if x in named:
        return named[x]
    element = {relative(me, p): p for p in Phase}
    return acts(element[x], element[yong])


def check_jingxing(s: Setting, spec: Mapping[str, Any]) -> str:
    return s.chart.primary.jing_xiu


def check_shengjiang(s: Setting, spec: Mapping[str, Any]) -> str:
    need(s, "month")
    value = state_of(s, s.chart.primary.line(spec["position"]), "shengjiang") or ""
    return value.removeprefix("真")


FINDING_DATE_FREE = {("fanyin-gua", ""), ("fuyin", ""), ("gua-mujue", ""), ("guashen", "moving")}


def check_finding(s: Setting, spec: Mapping[str, Any]) -> Any:
    rid = spec["rule"]
    try:
        get_rule(rid)
    except (KeyError, ValueError):
        raise NotComputable(f"compute has no rule {rid!r} yet") from None
    attr = spec.get("attr", "")
    if (rid, attr) not in FINDING_DATE_FREE:
        need(s, "month", "day", "void")

    fn = FINDINGS.get(rid) or SHILEI_FINDINGS.get(rid)
    if fn is None:
        raise NotComputable(f"rule {rid!r} is registered but its result is not read by "
                            "the claim checks yet (compute.claims.FINDINGS)")
    return fn(s, spec)


def _trigram_findings(s: Setting, rid: str) -> list[Finding]:
    return Query(s.chart).findings(rid, role="primary")


def _parts(fs: list[Finding]) -> str:
    inner = any(f.fact("side") == "內卦" for f in fs)
    outer = any(f.fact("side") == "外卦" for f in fs)
    return ("內" if inner else "") + ("外" if outer else "")


def finding_trigram(s: Setting, spec: Mapping[str, Any]) -> Any:
    """fanyin-gua / fuyin / gua-mujue: which trigrams (內, 外, 內外), or their grade."""
    fs = _trigram_findings(s, spec["rule"])
    attr = spec.get("attr", "")
    if not attr:
        return _parts(fs)
    grades = [dict(f.data).get("grade", "") for f in fs]
    if not grades:
        return "(none)"
    if attr == "true":
        return not all(g in ("非", "偽") for g in grades)
    return grades[0] if len(set(grades)) == 1 else "/".join(grades)


def finding_guashen(s: Setting, spec: Mapping[str, Any]) -> bool:
    h = s.chart.primary
    return any(h.line(p).moving for p in h.guashen_lines) or h.line(h.shishen).moving


def finding_jintui(s: Setting, spec: Mapping[str, Any]) -> str:
    lines = _select(s, {"branch": spec["branch"], "moving": True})
    if not lines:
        return "(no such moving line)"
    return state_of(s, lines[0], "jintui") or ""


def finding_sanhe(s: Setting, spec: Mapping[str, Any]) -> str:
    """The element of the 局 formed (of *form* and *element* when given), or ""."""
    for f in Query(s.chart).findings("sanhe-ju"):
        data = dict(f.data)
        if data.get("verdict") != "成":
            continue
        if "form" in spec and data.get("kind") != spec["form"]:
            continue
        element = str(f.fact("element"))
        if "element" in spec and element != spec["element"]:
            continue
        return element
    return ""


def finding_suimu(s: Setting, spec: Mapping[str, Any]) -> str:
    """隨鬼入墓: the first kind found (命墓, 世墓, 化爻墓 …), or "" (命墓 needs the birth)."""
    if spec.get("equals") == "命墓" and not s.birth:
        raise NotComputable("命墓 needs the 本命 (birth)")
    kinds = [f.kind for f in Query(s.chart).findings("suimu")]
    want = spec.get("equals")
    return want if want in kinds else (kinds[0] if kinds else "")


def finding_ganhua(s: Setting, spec: Mapping[str, Any]) -> str:
    """天干化用: the 六親 the stems turn into."""
    found = Query(s.chart).findings("ganhua-yong")
    return str(found[0].fact("relative")) if found else ""


def finding_juechu(s: Setting, spec: Mapping[str, Any]) -> bool:
    """絕處逢生 on the lines a selector picks."""
    lines = {ln.position for ln in _select(s, {k: v for k, v in spec.items()
                                               if k in _SELECTORS})}
    return any(set(f.lines) & lines
               for f in Query(s.chart).findings("juechu-fengsheng", role="primary"))


FINDINGS: Final[dict[str, Callable[[Setting, Mapping[str, Any]], Any]]] = {
    "suimu": finding_suimu, "ganhua-yong": finding_ganhua, "juechu-fengsheng": finding_juechu,
    "fanyin-gua": finding_trigram, "fuyin": finding_trigram, "gua-mujue": finding_trigram,
    "guashen": finding_guashen, "jinshen-3": finding_jintui, "tuishen-3": finding_jintui,
    "sanhe-ju": finding_sanhe,
}

CHECKS: Final[dict[str, Callable[[Setting, Mapping[str, Any]], Any]]] = {
    "line": check_line, "fu": check_fu, "absent": check_absent, "count": check_count,
    "moving": check_moving, "relation": check_relation, "stage": check_stage,
    "wangshuai": check_wangshuai, "stem_stage": check_stem_stage, "xunkong": check_xunkong,
    "ganzhi": check_ganzhi,
    "sanhe": check_sanhe, "sanxing": check_sanxing, "hexagram": check_hexagram,
    "trigrams": check_trigrams, "hugua": check_hugua, "trigram_state": check_trigram_state,
    "dilu": check_dilu, "direction": check_direction, "star": check_star,
    "liushen": check_liushen, "liuqin": check_liuqin, "role": check_role,
    "jingxing": check_jingxing, "shengjiang": check_shengjiang, "finding": check_finding,
}

# the readers compute.claims.explain shares with the checks (it says what they read)
select_lines = _select
hidden_lines = _hidden_lines
line_attr = _line_attr
