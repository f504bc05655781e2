"""Propose a worked example for every computing rule: the search behind ``editorial/examples.toml``.

    .venv/bin/python tools/find_examples.py            # print the TOML proposal
    .venv/bin/python tools/find_examples.py --write    # update editorial/examples.toml
    .venv/bin/python tools/find_examples.py --rule yuepo --rule tianshe   # only these rules

**What an example is.** For each rule of :mod:`compute.registry` that computes something (every kind
but ``doctrine``) an example names a chart and a *focus*: where on that chart the rule is at work.
The focus is a small structured value, one of

* ``{finding = R, lines = [..], role = "primary", data = {..}}`` — ``chart.findings`` holds a
  finding of rule R whose lines include *lines* (and whose ``data`` includes *data*);
* ``{state = KEY, lines = [..], role = "primary", value = ..}`` — ``line.state[KEY]`` is filled
  (not None, "", [] or {}) on each of *lines*, and matches *value* when one is given;
* ``{field = PATH, value = ..}`` — the chart's ``to_dict()`` at PATH (dotted; a number selects the
  n-th item of a list, 1-based, so ``primary.lines.4.stem`` is the 4th line's stem; ``*`` maps
  over a list) matches *value*;
* ``{apply = NAME, args = [..], kwargs = {..}, at = n, value = .., then = {focus}}`` — the public
  table or function NAME of compute (normally an implementation registered for the rule) applied
  to values of the chart: an arg is ``"chart"``, ``{field = PATH}`` or ``{value = literal}``; a
  table is looked up (see :func:`lookup`). The result (its *at*-th item when *at* is given)
  matches *value*, or is filled when no value is given; a function returning a chart (後時) is
  checked with the nested focus *then*.

:func:`fires` decides "does the rule fire on this chart at this focus" — the one place that
does (in :mod:`yimao.model.examples`, shared with the reading site), used by this search and
by ``tests/test_compute_rule_examples.py``. It reads only
``chart.findings`` (through ``Finding.to_dict()``), ``line.state`` and ``chart.to_dict()``.
"Matches" (:func:`matches`): a dict matches when each of its keys matches, a list contains a
wanted scalar, anything else is equal.

**The search** (deterministic; ``--seed`` sets the only random choices, default 1664):

1. For each computing rule, the probe of :data:`PROBES` lists the focuses at which the rule is
   at work on a chart (what counts as the rule at work is the hand-made part of this tool: a
   finding of the rule; a line-state key and, for states every line has, the value that shows
   the rule; the chart field a table decides; the rule's table or function applied to the
   chart's values).
2. The book's cases first (:func:`yimao.model.cases.load`, charted by
   :func:`yimao.model.cases.setting`),
   ranked: a claim citing the rule (its ``rule``) that compute confirms; no citing claim that
   compute contradicts or cannot decide, or that says the rule does not fire (「不成會矣」);
   a full date; then the focus — on the lines the citing claim speaks of, naming what it
   names, on a moving line, on fewest lines; then fewest moving lines; then book order. A case
   whose date the book leaves partial counts only where the focus holds on every completion
   of that date (up to 48, seeded), so no placeholder month or day decides it.
3. Else a constructed chart: hexagram pairs with 0, 1, 2, then 3 moving lines × months × days
   (plain pillars), sampled with the seed; then, for the rules still without one, the same
   with a year, an hour, both, and all three with a birth year. The first chart with a focus
   is taken, so the example is as simple as the sample allows.
4. A near miss for findings and line states (not for tables and functions, which always give
   a value, nor for the states every line has): the example's inputs with ONE input changed
   (the month, then the day, then the 之卦 by one moving line less or more, then the 本卦 by
   one line, then year, hour, birth) until the focus no longer fires — within that input,
   preferring a change after which the rule fires nowhere on the chart.

Captions (``ko``, ``ko_focus``, ``near_miss.why``) are written from templates in Korean with
the book's terms in characters; a case example's ``ko`` is left empty (its title comes from
editorial/case-titles.tsv). An example whose entry in examples.toml has a ``hand`` list (the
fields chosen or edited by hand) is kept as it is by ``--write``.
"""

from __future__ import annotations

import argparse
import csv
import functools
import itertools
import random
import re
import sys
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from compute import registry as rules  # noqa: E402
from compute.book.ganzhi import BRANCH_ZH, GANZHI_ZH, STEM_ZH  # noqa: E402
from compute.book.gua import HEXAGRAMS, TRIGRAM_ZH, Hexagram  # noqa: E402
from compute.engine.chart import Chart  # noqa: E402

# ================================================================ does R fire on C at F
# (moved to yimao/model/examples.py, which the site shares; re-exported here for the tests)
from yimao.model.examples import (  # noqa: E402, F401 (re-exported for the tests)
    INPUT_KEYS,
    PHASE_CHARS,
    RELATIVES,
    apply,
    case_chart,
    domain,
    example_chart,
    filled,
    fires,
    inputs_chart,
    lookup,
    matches,
    plain,
    resolve,
    value_at,
)
from yimao.tei.examples import EXAMPLES_TOML as EXAMPLES_FILE  # noqa: E402 (the file it writes)


def computing_rules() -> tuple[rules.Rule, ...]:
    """Every registered rule that computes something (all but the doctrine-only ones): the
    rules that need a worked example."""
    return tuple(r for r in rules.all_rules() if set(r.kinds) - {"doctrine"})

# ================================================================ probes: where a rule shows

Focus = dict[str, Any]
Probe = Callable[[Chart, dict[str, Any]], list[Focus]]
POS_KO = ("", "초효", "이효", "삼효", "사효", "오효", "상효")


def _line_dicts(d: dict[str, Any], changed_too: bool = True) -> Iterator[tuple[str, dict]]:
    for ln in d["primary"]["lines"]:
        yield "primary", ln
    if changed_too and d["changed"]:
        for ln in d["changed"]["lines"]:
            if ln["moving"]:
                yield "changed", ln


def finding_probe(rid: str, data: Mapping[str, Any] | None = None) -> Probe:
    """The findings of rule *rid* (those whose data include *data*)."""
    def probe(c: Chart, d: dict[str, Any]) -> list[Focus]:
        out = []
        for f in d["findings"]:
            if f["rule"] != rid:
                continue
            if data and not matches(f.get("data", {}), data):
                continue
            focus: Focus = {"finding": rid, "lines": list(f["lines"])}
            if f.get("role", "primary") != "primary":
                focus["role"] = f["role"]
            if data:
                focus["data"] = dict(data)
            if focus not in out:
                out.append(focus)
        return out
    return probe


def state_probe(key: str, pick: Callable[[Any, dict, dict], Any] | None = None,
                changed_too: bool = True) -> Probe:
    """Lines whose state *key* is filled; *pick* (value, line, chart dict) gives the focus value
    (None: leave the line out; ``...``: no value, filled is enough)."""
    def probe(c: Chart, d: dict[str, Any]) -> list[Focus]:
        out = []
        for role, ln in _line_dicts(d, changed_too):
            v = ln.get(key)
            if not filled(v):
                continue
            want = ... if pick is None else pick(v, ln, d)
            if want is None:
                continue
            focus: Focus = {"state": key, "lines": [ln["position"]]}
            if role != "primary":
                focus["role"] = role
            if want is not ...:
                focus["value"] = want
            out.append(focus)
        return out
    return probe


def star_probe(name: str, where: Callable[[dict, dict], bool] | None = None) -> Probe:
    """Lines carrying the star *name* (where *where* (line, chart dict) holds)."""
    def pick(v: Any, ln: dict, d: dict) -> Any:
        return name if name in v and (where is None or where(ln, d)) else None
    return state_probe("shensha", pick)


def field_probe(paths: Callable[[dict], Iterable[str]],
                when: Callable[[dict], bool] | None = None) -> Probe:
    """The chart fields at *paths* (of the chart dict), with their values."""
    def probe(c: Chart, d: dict[str, Any]) -> list[Focus]:
        if when is not None and not when(d):
            return []
        out = []
        for path in paths(d):
            v = value_at(d, path)
            if filled(v) or v == 0:
                out.append({"field": path, "value": v})
        return out
    return probe


def line_paths(attr: str, only: Callable[[dict], bool] | None = None) -> Callable[[dict], list]:
    return lambda d: [f"primary.lines.{ln['position']}.{attr}" for ln in d["primary"]["lines"]
                      if only is None or only(ln)]


def apply_probe(name: str, args_for: Callable[[Chart, dict], Iterable[list[Any]]],
                with_value: bool = True, **extra: Any) -> Probe:
    """The table or function *name* applied to each argument list *args_for* gives."""
    def probe(c: Chart, d: dict[str, Any]) -> list[Focus]:
        out = []
        for args in args_for(c, d):
            focus: Focus = {"apply": name, "args": args, **extra}
            try:
                result = plain(apply(c, focus))
            except (KeyError, ValueError):
                continue
            if not filled(result):
                continue
            if with_value:
                focus["value"] = result
            out.append(focus)
        return out
    return probe


def _each_line_field(attr: str) -> Callable[[Chart, dict], list[list[Any]]]:
    return lambda c, d: [[{"field": f"primary.lines.{ln['position']}.{attr}"}]
                         for ln in d["primary"]["lines"]]


def _trigrams(d: dict) -> list[str]:
    h = Hexagram.from_name(d["primary"]["name"])
    return list(dict.fromkeys((TRIGRAM_ZH[h.lower], TRIGRAM_ZH[h.upper])))


def _is_void(d: dict, branch: str) -> bool:
    return branch in d["void"]


def _is_broken(d: dict, branch: str) -> bool:
    b, m, day = (BRANCH_ZH.index(x) for x in (branch, d["month"], d["day"][1]))
    return (b - m) % 12 == 6 and b != day


def _gan_he_pairs(c: Chart, d: dict) -> list[list[Any]]:
    lines = d["primary"]["lines"]
    out = []
    for a, b in ((1, 4), (1, 6), (3, 4), (3, 6)):
        sa, sb = lines[a - 1]["stem"], lines[b - 1]["stem"]
        if sa != sb and (STEM_ZH.index(sa) - STEM_ZH.index(sb)) % 5 == 0:
            out.append([{"field": f"primary.lines.{a}.stem"}, {"field": f"primary.lines.{b}.stem"}])
    return out


def _shengjue_args(c: Chart, d: dict) -> list[list[Any]]:
    out = []
    for ln in d["primary"]["lines"]:
        if ln["hidden"]:
            p, b = ln["position"], ln["branch"]
            out.append([{"field": f"primary.lines.{p}.hidden.element"},
                        {"field": f"primary.lines.{p}.branch"},
                        {"value": _is_void(d, b) or _is_broken(d, b)}])
    return out


def _acted_on(d: dict) -> list[str]:
    """Relatives of lines a moving line 生s or 克s (the 用神 a reading of the moves needs)."""
    lines = d["primary"]["lines"]
    out = []
    for m in (ln for ln in lines if ln["moving"]):
        for ln in lines:
            if ln is m:
                continue
            e, f = PHASE_CHARS.index(m["element"]), PHASE_CHARS.index(ln["element"])
            if (f - e) % 5 in (1, 2) and ln["relative"] not in out:
                out.append(ln["relative"])
    return out


def _houshi(c: Chart, d: dict) -> list[Focus]:
    """後時: the same cast in the month, or on the next day, that stands on a line (用神 當於
    彼時之令)."""
    out = []
    start = GANZHI_ZH.index(d["day"])
    for ln in d["primary"]["lines"]:
        p, b = ln["position"], ln["branch"]
        if b != d["month"]:
            out.append({"apply": "compute.lifa.yongshen.houshi", "args": ["chart"],
                        "kwargs": {"month": b},
                        "then": {"state": "riyue", "lines": [p], "value": "月建"}})
        if b != d["day"][1]:
            later = next(GANZHI_ZH[(start + k) % 60] for k in range(1, 13)
                         if GANZHI_ZH[(start + k) % 60][1] == b)
            out.append({"apply": "compute.lifa.yongshen.houshi", "args": ["chart"],
                        "kwargs": {"day": later},
                        "then": {"state": "riyue", "lines": [p], "value": "日辰"}})
    return out


def _chonggua(c: Chart, d: dict) -> list[Focus]:
    from compute.book.gua import chonggua_order

    names = [h.name for h in chonggua_order()]
    return [{"apply": "compute.book.gua.chonggua_order", "args": [],
             "at": names.index(d["primary"]["name"]) + 1, "value": d["primary"]["name"]}]


def _value(v: Any, ln: dict, d: dict) -> Any:
    return v


def _in(values: str) -> Callable[[Any, dict, dict], Any]:
    return lambda v, ln, d: v if v in values.split() else None


def _changsheng(c: Chart, d: dict) -> list[Focus]:
    """Each line's stage at its changed line (化), on the day and in the month."""
    out = []
    for role, ln in _line_dicts(d):
        v = ln.get("changsheng") or {}
        for k in ("bian", "day", "month"):
            if v.get(k):
                focus: Focus = {"state": "changsheng", "lines": [ln["position"]],
                                "value": {k: v[k]}}
                if role != "primary":
                    focus["role"] = role
                out.append(focus)
    return out


def _tu_changsheng(v: Any, ln: dict, d: dict) -> Any:
    if ln["element"] != "土":
        return None
    for k in ("day", "month"):
        if v.get(k) == "長生":
            return {k: "長生"}
    return None


def _day_clash(v: Any, ln: dict, d: dict) -> Any:
    return {"kind": v["kind"]}


def _seasonal(d: dict) -> bool:
    names = {d["primary"]["name"]} | ({d["changed"]["name"]} if d["changed"] else set())
    return d["options"].get("najia_season") == "夏至後" and bool(names & {"乾", "坤"})


def _star_names() -> dict[str, str]:
    """Rule id → the name compute writes on a line for that star (the first, where a rule
    places several)."""
    from compute.lifa import shensha

    out: dict[str, str] = {}
    for rid, name, *_ in shensha.MONTH_STARS:
        out.setdefault(rid, name)
    for k, (rid, *_) in enumerate(shensha.RING_IDS):
        out.setdefault(rid, shensha.JIANGXING_RING[k])
    out.update({
        "tianyuan-lu": "天元祿", "tianyi-guiren": "天乙貴人", "fuxing-guiren": "福星貴人",
        "tianchu-guiren": "天廚貴人", "wenchang": "文昌", "yangren": "羊刃", "xishen": "喜神",
        "juelu-kongwang": "絕路空亡", "wufu": shensha.WUFU_NAMES[0], "diyu-sha": "地獄煞",
        "tiande-gan": "天德(干)", "yuede-gan": "月德(干)", "yuekong": "月空", "huangwu": "荒蕪",
        "guansuo": "關鎖", "tianxi": "天喜", "xianchi": "咸池", "suisha-12": "太歲",
        "jiuyao": shensha.JIUYAO[0],
    })
    return out


def _own_branch(rid: str) -> Callable[[dict, dict], bool] | None:
    """For a star of the 月建 tables or of the 將星 ring: the line's branch is where this rule's
    table puts the star in the chart's month (月煞 is both a month star and the 將星 ring's
    eleventh; 喪門, 弔客 and 天狗 are also 歲君 stars), so the star on it is this rule's."""
    from compute.lifa import shensha

    for rid_, _name, _zh, _ko, _p, months in shensha.MONTH_STARS:
        if rid_ == rid:
            return lambda ln, d: months[(BRANCH_ZH.index(d["month"]) - 2) % 12] == ln["branch"]
    for k, (rid_, *_) in enumerate(shensha.RING_IDS):
        if rid_ == rid:
            def on_ring(ln: dict, d: dict, k: int = k) -> bool:
                middle = shensha.SANHE_MIDDLE[BRANCH_ZH.index(d["month"]) % 4]
                return BRANCH_ZH[(middle + k) % 12] == ln["branch"]
            return on_ring
    return None


def _probes() -> dict[str, Probe]:
    """The probe of every computing rule (what shows the rule at work)."""
    p: dict[str, Probe] = {}
    for rid, name in _star_names().items():
        p[rid] = star_probe(name, _own_branch(rid))
    p.update({
        # chapters 1–12: the chart's own fields
        "ganzhi-60": field_probe(lambda d: ["xun"]),
        "xunkong": field_probe(lambda d: ["void"], lambda d: any(
            ln["branch"] in d["void"] for ln in d["primary"]["lines"])),
        "wuhu-dun": field_probe(lambda d: ["month_pillar"], lambda d: bool(d["month_pillar"])),
        "wushu-dun": field_probe(lambda d: ["hour"], lambda d: bool(d["hour"])),
        "zhi-wuxing": field_probe(line_paths("element")),
        "gua-wuxing": field_probe(lambda d: ["primary.palace_element"]),
        "coin-line": field_probe(line_paths("mark", lambda ln: ln["moving"])),
        "bagong-16bian": field_probe(lambda d: ["primary.palace"]),
        "shi-ying": field_probe(lambda d: ["primary.shi"]),
        "youhun-guihun": field_probe(lambda d: ["primary.generation"],
                                     lambda d: d["primary"]["generation"] in ("游魂", "歸魂")),
        "liuqin": field_probe(line_paths("relative")),
        "liushen-day": field_probe(line_paths("spirit")),
        "liushen-month": field_probe(line_paths("month_spirits")),
        "liushen-hour": field_probe(line_paths("hour_spirit")),
        "liushen-guiren": field_probe(line_paths("guiren")),
        "najia-gan": field_probe(lambda d: ["primary.lines.*.stem"]),
        "najia-zhi": field_probe(lambda d: ["primary.lines.*.branch"]),
        "najia-gan-seasonal": field_probe(lambda d: ["primary.lines.*.stem"], _seasonal),
        "jingxing-jingfang": field_probe(lambda d: ["primary.jing_xiu"]),
        "jingxing-huangjince": field_probe(lambda d: ["primary.lines.*.xiu"]),
        "dongyao": field_probe(line_paths("moving", lambda ln: ln["moving"])),
        # tables and functions the chart does not show: applied to its values
        "ershisi-fangwei": apply_probe("compute.book.ganzhi.DIRECTIONS",
                                       _each_line_field("branch")),
        "gan-wuxing": apply_probe("compute.book.wuxing.STEM_PHASE", _each_line_field("stem")),
        "nayin": apply_probe("compute.book.wuxing.nayin", lambda c, d: [[{"field": "day"}]]),
        "gan-wuhe": apply_probe("compute.book.wuxing.gan_he", _gan_he_pairs),
        "wuzhao-qiyao": apply_probe("compute.book.wuxing.WUZHAO", _each_line_field("element")),
        "bagua-sheng": apply_probe("compute.book.gua.BAGUA_LINES",
                                   lambda c, d: [[{"value": t}] for t in _trigrams(d)]),
        "chonggua-order": _chonggua,
        "da-liushen": apply_probe("compute.book.liushen.da_liushen_branches",
                                  lambda c, d: [[{"field": "month"}]]),
        "yinyang-gan-changsheng": apply_probe("compute.book.changsheng.STEM_CHANGSHENG_WUXINGJIA",
                                              _each_line_field("stem")),
        "dizhi-canggan": apply_probe("compute.book.changsheng.DIZHI_CANGGAN",
                                     _each_line_field("branch")),
        "shengjue-source": apply_probe("compute.book.changsheng.shengjue_on", _shengjue_args),
        "twelve-gates": apply_probe("compute.lifa.shensha.TWELVE_GATES",
                                    _each_line_field("branch")),
        "gua-dilu": apply_probe("compute.lifa.fanfu.DILU",
                                lambda c, d: [[{"value": t}] for t in _trigrams(d)]),
        "zhushu": apply_probe("compute.lifa.fanfu.ZHUSHU",
                              lambda c, d: [[{"value": t}] for t in _trigrams(d)]),
        "yuan-ji-chou": apply_probe("compute.lifa.leizong.yuan_ji_chou",
                                    lambda c, d: [[{"value": r}] for r in _acted_on(d)]),
        "dongbian-order": apply_probe("compute.lifa.dongbian.dongbian_order",
                                      lambda c, d: [["chart", {"value": r}] for r in _acted_on(d)],
                                      with_value=False),
        "shengke-chain": apply_probe("compute.lifa.dongbian.shengke_chain",
                                     lambda c, d: [["chart", {"value": r}] for r in RELATIVES],
                                     with_value=False),
        "houshi": _houshi,
        # line states
        "yaowei": state_probe("xianyin"),
        "bian-hua": state_probe("bianhua"),
        "fu-shen-priority": state_probe("fu_weight", _value),
        "wangshuai-method": state_probe("wangxiang", _value),
        "changsheng-12": _changsheng,
        "tu-changsheng": state_probe("changsheng", _tu_changsheng),
        "richen": state_probe("riyue", lambda v, ln, d: "日辰" if "日辰" in v else None),
        "yuejian": state_probe("riyue", lambda v, ln, d: "月建" if "月建" in v else None),
        "xunkong-8": state_probe("void8"),
        "guan-gui": state_probe("xushi"),
        "richong-types": state_probe("day_clash", _day_clash),
        "jinshen-3": state_probe("jintui", _in("大進 不進 不能進")),
        "tuishen-3": state_probe("jintui", _in("實退 不退 不及退")),
        "shengjiang": state_probe("shengjiang"),
        "liuhe": state_probe("he"),
        "yao-chong-5": state_probe("chong"),
        "liuhai": state_probe("hai"),
        "si-mu-jue": state_probe("simujue"),
        "benyou-erwu": state_probe("youwu"),
        "yongshen-18": state_probe("grade", lambda v, ln, d: {"name": v["name"]}),
        "keqi": state_probe("keqi"),
        # findings with a preference
        "sanhe-ju": finding_probe("sanhe-ju", {"verdict": "成"}),
    })
    for r in computing_rules():
        if r.id not in p and "finding" in r.kinds:
            p[r.id] = finding_probe(r.id)
    for rid, other in (("taisui", state_probe("taisui")), ("da-baihu", p["da-baihu"])):
        p[rid] = _either(finding_probe(rid), other)
    return p


def _either(*probes: Probe) -> Probe:
    """Every focus of each probe, in order."""
    return lambda c, d: [f for pr in probes for f in pr(c, d)]


PROBES: dict[str, Probe] = _probes()


def probe(rid: str, c: Chart, d: dict[str, Any] | None = None) -> list[Focus]:
    """The focuses at which rule *rid* is at work on chart *c* (every one :func:`fires`)."""
    return PROBES[rid](c, d if d is not None else c.to_dict())


# ================================================================ the search


@dataclass
class Example:
    """One proposed ``[[example]]``."""

    rule: str
    source: str                      # "case" | "constructed"
    focus: Focus
    case: str = ""
    claims: list[str] = field(default_factory=list)
    inputs: dict[str, Any] = field(default_factory=dict)
    near_miss: dict[str, Any] = field(default_factory=dict)
    ko: str = ""
    ko_focus: str = ""
    id: str = ""


def _focus_lines(focus: Focus) -> set[tuple[str, int]]:
    """The (role, position) lines a focus speaks of."""
    if "lines" in focus:
        return {(focus.get("role", "primary"), p) for p in focus["lines"]}
    text = repr(focus)
    return {("primary", int(n)) for n in re.findall(r"primary\.lines\.(\d)", text)}


def _selected(d: dict, check: Mapping[str, Any]) -> set[tuple[str, int]]:
    """The lines a claim's check speaks of (by relative, branch, position, 世/應, moving)."""
    kind = check.get("kind")
    if kind == "all":
        return set().union(*(_selected(d, sub) for sub in check["checks"]))
    if kind == "relation":
        out: set[tuple[str, int]] = set()
        for side in (check["a"], check["b"]):
            sel = side if isinstance(side, Mapping) else {"branch": side}
            out |= _selected(d, {"kind": "line", **sel})
        return out
    keys = ("relative", "branch", "position", "role", "moving", "under_role")
    if not any(k in check for k in keys):
        return set()
    role = check.get("hexagram", "primary")
    h = d.get(role)
    if not h:
        return set()
    out = set()
    for ln in h["lines"]:
        subject = ln["hidden"] if kind == "fu" and ln["hidden"] else ln
        if kind == "fu" and not ln["hidden"]:
            continue
        if "relative" in check and subject["relative"] != check["relative"]:
            continue
        if "branch" in check and subject["branch"] != check["branch"]:
            continue
        if "position" in check and ln["position"] != check["position"]:
            continue
        which = check.get("role") or check.get("under_role")
        if which and ln["position"] != h["shi" if which == "世" else "ying"]:
            continue
        if "moving" in check and ln["moving"] != check["moving"]:
            continue
        out.add((role, ln["position"]))
    return out


def _strings(v: Any) -> set[str]:
    """Every string inside a value (a focus, a claim's check)."""
    if isinstance(v, str):
        return {v}
    if isinstance(v, Mapping):
        return set().union(*(_strings(x) for x in v.values())) if v else set()
    if isinstance(v, list | tuple):
        return set().union(*(_strings(x) for x in v)) if v else set()
    return set()


def _claim_values(check: Mapping[str, Any]) -> set[str]:
    """The values a claim's check names (what it selects and what it expects)."""
    skip = ("kind", "attr", "quantifier", "hexagram", "rule")
    return _strings({k: v for k, v in check.items() if k not in skip})


def _negative(check: Mapping[str, Any]) -> bool:
    """A claim that a rule does *not* fire here (「不成會矣」: a finding check expecting
    nothing; a grade such as 偽 is no such claim) — a case citing the rule so shows no
    example of it."""
    if check.get("kind") == "all":
        return any(_negative(sub) for sub in check["checks"])
    return (check.get("kind") == "finding" and "attr" not in check
            and check.get("equals") in ("", False, None))


def _rank(focus: Focus, d: dict, near: set[tuple[str, int]],
          said: frozenset[str] = frozenset()) -> tuple:
    """Order of preference among focuses on one chart: on the lines the citing claim speaks
    of, naming what it names, on a moving line, fewest lines, the primary hexagram, lowest
    position."""
    lines = _focus_lines(focus)
    moving = any(d[role]["lines"][p - 1]["moving"] for role, p in lines if d.get(role))
    named = {s for s in _strings({k: v for k, v in focus.items() if k not in ("finding",
                                                                            "state", "apply")})}
    return (not (lines & near), not (named & said), not moving, len(lines),
            any(r != "primary" for r, _ in lines), min((p for _, p in lines), default=0))


def _case_inputs(case: Any, month: str, day: str) -> dict[str, Any]:
    i = case.inputs
    return {"primary": i.primary, "changed": i.changed or None, "month": month, "day": day,
            "year": i.year or None, "hour": i.hour or None, "birth": i.birth or None}


def _completions(case: Any, rng: random.Random, limit: int = 48) -> list[dict[str, Any]]:
    """The dates a partial case date allows (all of them, or *limit* sampled with *rng*)."""
    months = [case.inputs.month] if case.inputs.month else list(BRANCH_ZH)
    day, xun = case.inputs.day, case.inputs.xun
    if len(day) == 2:
        days = [day]
    elif day and day in BRANCH_ZH:
        days = [g for g in GANZHI_ZH if g[1] == day]
    elif day and day in STEM_ZH:
        days = [g for g in GANZHI_ZH if g[0] == day]
    elif xun:
        k = GANZHI_ZH.index(xun)
        days = list(GANZHI_ZH[k:k + 10])
    else:
        days = list(GANZHI_ZH)
    full = [_case_inputs(case, m, dd) for m in months for dd in days]
    return full if len(full) <= limit else rng.sample(full, limit)


def _date_free(case: Any, focus: Focus, rng: random.Random) -> bool:
    """Whether *focus* holds on every completion of the case's partial date."""
    from compute import InputError

    if case.inputs.month and len(case.inputs.day) == 2:
        return True
    for inputs in _completions(case, rng):
        try:
            if not fires(inputs_chart(inputs), focus):
                return False
        except InputError:
            continue
    return True


def search_cases(rids: Iterable[str], seed: int) -> dict[str, Example]:
    """Step 2: a book case for each rule where one shows it (see the module docstring).

    Cases are ranked by: a claim citing the rule that compute confirms; no citing claim that
    compute contradicts or cannot decide, or that says the rule does not fire; a full date;
    the focus (:func:`_rank`); fewest moving lines; book order."""
    from yimao.model import cases as book

    rng = random.Random(seed)
    all_cases = book.load()
    charts = {c.id: book.setting(c).chart for c in all_cases}
    dicts = {cid: ch.to_dict() for cid, ch in charts.items()}
    found: dict[str, Example] = {}
    for rid in rids:
        ranked = []
        for k, case in enumerate(all_cases):
            cands = probe(rid, charts[case.id], dicts[case.id])
            if not cands:
                continue
            citing = [j for j, cl in enumerate(case.claims, 1) if cl.rule == rid
                      and cl.expect == "confirmed" and not _negative(cl.check)]
            doubtful = any(cl.rule == rid and (cl.expect != "confirmed" or _negative(cl.check))
                           for cl in case.claims)
            checks = [case.claims[j - 1].check for j in citing]
            near = set().union(*(_selected(dicts[case.id], ch) for ch in checks))
            said = frozenset().union(*(_claim_values(ch) for ch in checks))
            full = bool(case.inputs.month) and len(case.inputs.day) == 2
            for focus in cands:
                ranked.append(((not citing, doubtful, not full,
                                _rank(focus, dicts[case.id], near, said),
                                len(charts[case.id].moving), k), case, focus, citing))
        ranked.sort(key=lambda x: x[0])
        for _key, case, focus, citing in ranked:
            if _date_free(case, focus, rng):
                found[rid] = Example(rid, "case", focus, case=case.id,
                                     claims=[f"{case.id}-c{j}" for j in citing])
                break
    return found


TIERS: tuple[tuple[str, ...], ...] = ((), ("year",), ("hour",), ("year", "hour"),
                                      ("year", "hour", "birth"))


def _sample_inputs(rng: random.Random, moving: int, extra: tuple[str, ...]) -> dict[str, Any]:
    h = HEXAGRAMS[rng.randrange(64)]
    moves = rng.sample(range(1, 7), moving)
    inputs: dict[str, Any] = {
        "primary": h.name, "changed": h.changed(moves).name if moves else None,
        "month": rng.choice(BRANCH_ZH), "day": rng.choice(GANZHI_ZH),
    }
    for k in extra:
        inputs[k] = rng.choice(BRANCH_ZH) if k == "hour" else rng.choice(GANZHI_ZH)
    return inputs


def search_constructed(rids: Iterable[str], seed: int, budget: int) -> dict[str, Example]:
    """Step 3: the simplest sampled chart where each rule shows."""
    rng = random.Random(seed)
    todo = list(rids)
    found: dict[str, Example] = {}
    for extra in TIERS:
        for moving in range(4):
            for _ in range(budget):
                if not todo:
                    return found
                inputs = _sample_inputs(rng, moving, extra)
                c = inputs_chart(inputs)
                d = c.to_dict()
                for rid in list(todo):
                    cands = probe(rid, c, d)
                    if cands:
                        cands.sort(key=lambda f: _rank(f, d, set()))
                        found[rid] = Example(rid, "constructed", cands[0],
                                             inputs={k: v for k, v in inputs.items() if v})
                        todo.remove(rid)
    return found


NO_NEAR_MISS_STATES = {"wangxiang", "changsheng", "grade", "fu_weight"}
"""States every line carries: another value is no "does not fire"."""


def _base_inputs(c: Chart) -> dict[str, Any]:
    d = c.to_dict()
    out = {"primary": d["primary"]["name"], "changed": d["changed"]["name"] if d["changed"]
           else None, "month": d["month"], "day": d["day"], "year": d["year"],
           "hour": d["hour"][1] if d["hour"] else None, "birth": d["birth"]}
    return {k: v for k, v in out.items() if v}


def _variants(base: dict[str, Any]) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """(input, new value, inputs) with one input of *base* changed, nearest first."""
    def ring(values: str | tuple[str, ...], start: str) -> Iterator[str]:
        k = values.index(start)
        n = len(values)
        for step in itertools.chain.from_iterable((s, -s) for s in range(1, n // 2 + 1)):
            v = values[(k + step) % n]
            if v != start:
                yield v
    for m in dict.fromkeys(ring(BRANCH_ZH, base["month"])):
        yield "month", m, {**base, "month": m}
    for dd in dict.fromkeys(ring(GANZHI_ZH, base["day"])):
        yield "day", dd, {**base, "day": dd}
    h = Hexagram.from_name(base["primary"])
    diff = h.bits ^ Hexagram.from_name(base["changed"]).bits if base.get("changed") else 0
    moving = [p for p in range(1, 7) if diff >> (p - 1) & 1]
    for p in range(1, 7):
        moves = [q for q in moving if q != p] if p in moving else sorted(moving + [p])
        new = h.changed(moves).name if moves else None
        yield "changed", new, {**base, "changed": new}
    for p in range(1, 7):
        other = HEXAGRAMS[h.bits ^ (1 << (p - 1))].name
        if other != base.get("changed"):   # else the 之卦 would have to go too
            yield "primary", other, {**base, "primary": other}
    for k in ("year", "birth"):
        if base.get(k):
            for v in list(dict.fromkeys(ring(GANZHI_ZH, base[k])))[:12]:
                yield k, v, {**base, k: v}
    if base.get("hour"):
        for v in dict.fromkeys(ring(BRANCH_ZH, base["hour"])):
            yield "hour", v, {**base, "hour": v}


def near_miss(ex: Example, c: Chart) -> dict[str, Any]:
    """Step 4: the example's inputs with one input changed so that the focus does not fire.

    Inputs are tried in the order of :func:`_variants`; within the first input whose change
    stops the focus, a change after which the rule fires nowhere on the chart is preferred."""
    from compute import InputError

    if "finding" not in ex.focus and not ("state" in ex.focus
                                          and ex.focus["state"] not in NO_NEAR_MISS_STATES):
        return {}
    base = _base_inputs(c)
    for _what, group in itertools.groupby(_variants(base), key=lambda v: v[0]):
        first: dict[str, Any] = {}
        for what, new, inputs in group:
            try:
                v = inputs_chart(inputs)
            except InputError:
                continue
            if fires(v, ex.focus):
                continue
            miss = {"inputs": {k: x for k, x in inputs.items() if x}, "change": what,
                    "old": base.get(what), "new": new}
            if not probe(ex.rule, v):
                return {**miss, "absent": True}
            first = first or miss
        if first:
            return first
    return {}


# ================================================================ captions (Korean)

STATE_KO = {
    "xianyin": "", "bianhua": "", "fu_weight": "伏神의 무게", "wangxiang": "月令에",
    "changsheng": "長生十二位", "riyue": "", "taisui": "", "void": "旬空", "void8": "旬空八法",
    "month_broken": "", "xushi": "虛實", "day_clash": "日沖", "jintui": "", "shengjiang": "",
    "he": "合", "chong": "沖", "xing": "刑", "hai": "害", "simujue": "", "youwu": "本有而無",
    "grade": "用神十八法", "keqi": "刻期", "shensha": "星煞",
}
SUBKEY_KO = {"day": "日", "month": "月", "hour": "時", "bian": "化", "kind": "", "effect": "",
             "name": "", "n": ""}
FIELD_KO = {
    "xun": "日辰의 旬", "void": "旬空", "month_pillar": "月柱 (五虎遁)", "hour": "時柱 (五子遁)",
    "palace_element": "本宮 五行", "palace": "本宮", "shi": "世爻", "generation": "世位",
    "jing_xiu": "京房 經星", "element": "五行", "mark": "爻象", "relative": "六親",
    "spirit": "六神", "month_spirits": "司月六神", "hour_spirit": "司時六神",
    "guiren": "貴人 十二將", "stem": "納甲 天干", "branch": "納甲 地支", "xiu": "二十八宿",
    "moving": "動爻",
}
FINDING_KO: dict[str, Callable[[dict], str]] = {
    "hugua": lambda d: f"{d['primary']['hugua']}",
    "fu-shen": lambda d: f"伏卦 {d['primary']['hidden_hexagram']}",
    "tianshe": lambda d: f"{d['day']}日",
}
"""What a finding without lines is about, read from the chart (not from its summary)."""
APPLY_KO = {
    "ershisi-fangwei": "方位", "gan-wuxing": "五行", "nayin": "納音", "gan-wuhe": "合化",
    "wuzhao-qiyao": "五兆", "bagua-sheng": "乾坤三索", "chonggua-order": "重卦 左旋·右轉",
    "da-liushen": "大六神", "yinyang-gan-changsheng": "五行家 長生", "dizhi-canggan": "藏干",
    "shengjue-source": "生絕", "twelve-gates": "十二門", "gua-dilu": "地祿", "zhushu": "主屬",
    "yuan-ji-chou": "元神·忌神·仇神", "dongbian-order": "動變先後",
    "shengke-chain": "生生剋剋",
}
"""The term a caption gives the value a rule's table or function returns."""
VALUE_KO: dict[str, Callable[[Any], str]] = {
    "compute.lifa.fanfu.DILU": lambda v: "".join(BRANCH_ZH[b] for b in v),
}
"""Results a caption spells differently from the data (地祿 branches are numbers there)."""
INPUT_KO = {"primary": "本卦", "changed": "", "year": "年", "month": "月建", "day": "日辰",
            "hour": "時", "birth": "本命"}


RULES_KO = ROOT / "editorial" / "rules-ko.tsv"


@functools.cache
def _rule_titles() -> dict[str, str]:
    """rule id → its Korean title for readers (editorial/rules-ko.tsv), without the gloss
    after " — "."""
    if not RULES_KO.exists():
        return {}
    rows = csv.DictReader(RULES_KO.read_text(encoding="utf-8").splitlines(), delimiter="\t")
    return {row["id"]: row["title_ko"].split(" — ")[0] for row in rows}


def rule_label(rid: str) -> str:
    """The rule's name in a Korean caption: its title of editorial/rules-ko.tsv, else its
    Chinese name (its Korean one where the Chinese name carries English words)."""
    title = _rule_titles().get(rid)
    if title:
        return title
    r = rules.get(rid)
    return r.ko if re.search(r"[A-Za-z]", r.zh) else r.zh


def date_ko(inputs: Mapping[str, Any]) -> str:
    """「癸卯年 午月 壬戌日 子時」 (the parts given)."""
    parts = [f"{inputs['year']}年" if inputs.get("year") else "",
             f"{inputs['month']}月" if inputs.get("month") else "",
             f"{inputs['day']}日" if inputs.get("day") else "",
             f"{inputs['hour']}時" if inputs.get("hour") else "",
             f"本命 {inputs['birth']}" if inputs.get("birth") else ""]
    return " ".join(p for p in parts if p)


def hexagrams_ko(inputs: Mapping[str, Any]) -> str:
    if inputs.get("changed"):
        return f"{inputs['primary']}之{inputs['changed']}"
    return f"{inputs['primary']} (六爻安靜)"


def line_ko(d: dict, role: str, p: int) -> str:
    """「사효 亥水 子孫」 (「之卦 사효 申金 父母」 on the changed hexagram)."""
    ln = d[role]["lines"][p - 1]
    text = f"{POS_KO[p]} {ln['branch']}{ln['element']} {ln['relative']}"
    return f"之卦 {text}" if role == "changed" else text


def value_ko(v: Any) -> str:
    if isinstance(v, Mapping):
        return ", ".join(f"{SUBKEY_KO.get(str(k), str(k))} {value_ko(x)}".strip()
                         for k, x in v.items() if filled(x))
    if isinstance(v, list):
        return "、".join(value_ko(x) for x in v)
    if isinstance(v, bool):
        return "예" if v else "아니오"
    if isinstance(v, float):
        return {1.0: "1 (世下)", 0.5: "½ (動下)", 0.25: "¼ (靜下)"}.get(v, str(v))
    return str(v)


def focus_ko(rid: str, focus: Focus, c: Chart) -> str:
    """What the focus shows, in Korean: 「사효 亥水 子孫: 長生十二位 化 長生」."""
    d = c.to_dict()
    lines = sorted(_focus_lines(focus))
    where = "、".join(line_ko(d, r, p) for r, p in lines)
    if "finding" in focus:
        if where:
            return f"{where}: {rule_label(rid)}"
        extra = FINDING_KO.get(rid, lambda d: "")(d)
        which = d["changed"]["name"] if focus.get("role") == "changed" else hexagrams_ko(
            {"primary": d["primary"]["name"], "changed": (d["changed"] or {}).get("name")})
        return f"{which}: {rule_label(rid)}" + (f" — {extra}" if extra else "")
    if "state" in focus:
        key = focus["state"]
        v = focus.get("value", plain(c.lines(focus.get("role", "primary"))[
            lines[0][1] - 1].state.get(key)))
        if key == "shensha":
            return f"{where}에 {v}"
        if key == "riyue":
            return f"{where}: {value_ko(v)}에 臨함"
        return f"{where}: {STATE_KO.get(key, key)} {value_ko(v)}".replace(":  ", ": ")
    if "field" in focus:
        attr = focus["field"].rsplit(".", 1)[-1]
        label = FIELD_KO.get(attr, attr)
        if attr == "moving":
            return f"{where}: 發動"
        if attr in ("shi", "ying"):
            return f"{label} {POS_KO[focus['value']]}"
        if ".*." in focus["field"]:
            return f"{label} (초효→상효): {value_ko(focus['value'])}"
        return f"{where}: {label} {value_ko(focus['value'])}" if where \
            else f"{label} {value_ko(focus['value'])}"
    if "then" in focus:
        later = "、".join(f"{INPUT_KO[k]} {v}" for k, v in focus["kwargs"].items())
        return f"後時 ({later}) — {focus_ko(rid, focus['then'], apply(c, focus))}"
    args = []
    for a in focus.get("args", ()):
        if isinstance(a, Mapping) and "field" in a:
            attr = a["field"].rsplit(".", 1)[-1]
            m = re.match(r"primary\.lines\.(\d)\.", a["field"])
            who = f"{POS_KO[int(m.group(1))]} " if m else ""
            if ".hidden." in a["field"]:
                who += "伏神 "
            args.append(f"{who}{FIELD_KO.get(attr, INPUT_KO.get(attr, attr))} "
                        f"{value_ko(value_at(d, a['field']))}")
        elif isinstance(a, Mapping) and isinstance(a.get("value"), str):
            args.append(a["value"])
    shown = focus["value"] if "value" in focus else plain(apply(c, focus))
    shown = VALUE_KO.get(focus["apply"], value_ko)(shown)
    term = APPLY_KO.get(rid, rule_label(rid))
    if "at" in focus:
        return f"{term} 제{focus['at']}괘: {shown}"
    return f"{', '.join(args)} → {term} {shown}".strip()


def captions(ex: Example, c: Chart) -> None:
    """Fill ``ko``, ``ko_focus`` and ``near_miss.why`` of *ex* from the templates."""
    ex.ko_focus = focus_ko(ex.rule, ex.focus, c)
    if ex.source == "constructed":
        ex.ko = f"구성례: {date_ko(ex.inputs)} {hexagrams_ko(ex.inputs)} — {ex.ko_focus}"
    if ex.near_miss:
        nm = ex.near_miss
        old, new = nm["old"] or "—", nm["new"] or "—"
        if nm["change"] == "changed":
            old, new = hexagrams_ko(_base_inputs(c)), hexagrams_ko(nm["inputs"])
        lines = sorted(_focus_lines(ex.focus))
        d = c.to_dict()
        where = "、".join(line_ko(d, r, p) for r, p in lines)
        shensha = ex.focus.get("state") == "shensha"
        if shensha:
            where = "어느 효에도" if nm.get("absent") or not where else f"{where}에"
        elif nm.get("absent"):
            where = ""
        change = f"{INPUT_KO[nm['change']]} {old}".strip()
        nm["why"] = near_why(change, new, rule_label(ex.rule), where,
                             str(ex.focus["value"]) if shensha else "")


def batchim(word: str) -> int | None:
    """The final consonant (0: none) of the Korean syllable *word* is read by: its last
    Hangul syllable outside parentheses (월파(月破) → 파), else None (characters alone).

    >>> batchim("호괘(互卦)"), batchim("강함(日月 > 變爻)"), batchim("天元祿")
    (0, 16, None)
    """
    for ch in reversed(re.sub(r"\([^()]*\)", "", word)):
        if "가" <= ch <= "힣":
            return (ord(ch) - 0xAC00) % 28
    return None


def subject(word: str) -> str:
    """*word* with 이/가 as its last syllable takes it (이 where it cannot be told).

    >>> subject("호괘(互卦)"), subject("삼형(三刑)"), subject("天元祿")
    ('호괘(互卦)가', '삼형(三刑)이', '天元祿이')
    """
    return word + ("가" if batchim(word) == 0 else "이")


STAR_READINGS = {"太歲": "태세", "破軍": "파군", "紫微垣": "자미원"}
"""The reading of the few 星煞 whose rule's Korean title does not give it."""


def star_ko(value: str, label: str) -> str:
    """A 星煞 of a line with its reading, as its rule's title gives it (「천원록(天元祿)」; the
    title 「상문(喪門, 月)」 gives 상문(喪門)).

    >>> star_ko("天元祿", "천원록(天元祿)"), star_ko("天德(干)", "천간 천덕(天德, 干)")
    ('천원록(天元祿)', '천덕(天德, 干)')
    >>> star_ko("太歲", "세군 십이신(歲君十二神)")
    '태세(太歲)'
    """
    core, _, rest = value.partition("(")
    m = re.search(rf"([가-힣]+)\({re.escape(core)}[,)]", label)
    reading = m[1] if m else STAR_READINGS.get(core, "")
    inner = f"{core}, {rest.rstrip(')')}" if rest else core
    return f"{reading}({inner})" if reading else value


def near_why(change: str, new: str, rule: str, where: str = "", star: str = "") -> str:
    """A near miss in one sentence (해라체): the input changed, then what no longer holds —
    「日辰 癸未 대신 壬午이면 어느 효에도 천원록(天元祿)이 없다」, 「本卦 困 대신 萃이면 삼효 午火
    官鬼에서 괘신(卦身)이 성립하지 않는다」.

    >>> near_why("日辰 癸未", "壬午", "천원록(天元祿)", "어느 효에도", "天元祿")
    '日辰 癸未 대신 壬午이면 어느 효에도 천원록(天元祿)이 없다'
    >>> near_why("本卦 困", "萃", "괘신(卦身)", "삼효 午火 官鬼")
    '本卦 困 대신 萃이면 삼효 午火 官鬼에서 괘신(卦身)이 성립하지 않는다'
    """
    if star:
        what = f"{where} {subject(star_ko(star, rule))} 없다"
    elif where:
        what = f"{where}에서 {subject(rule)} 성립하지 않는다"
    else:
        what = f"{subject(rule)} 성립하지 않는다"
    return f"{change} 대신 {new}이면 {what}"


# ================================================================ TOML


def toml_value(v: Any) -> str:
    """A TOML literal for the values examples.toml holds (inline tables and arrays).

    >>> toml_value({"state": "he", "lines": [3], "value": {"bian": "長生"}, "ok": True})
    '{state = "he", lines = [3], value = {bian = "長生"}, ok = true}'
    """
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, Mapping):
        return "{" + ", ".join(f"{_key(k)} = {toml_value(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise TypeError(f"no TOML literal for {v!r}")


def _key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else toml_value(k)


def example_toml(ex: Example | Mapping[str, Any]) -> str:
    """One ``[[example]]`` table."""
    row = ex if isinstance(ex, Mapping) else as_row(ex)
    out = ["[[example]]"]
    for k, v in row.items():
        out.append(f"{_key(k)} = {toml_value(v)}")
    return "\n".join(out)


def as_row(ex: Example) -> dict[str, Any]:
    row: dict[str, Any] = {"id": ex.id, "rule": ex.rule, "source": ex.source}
    if ex.source == "case":
        row["case"] = ex.case
        if ex.claims:
            row["claims"] = ex.claims
    else:
        row["inputs"] = ex.inputs
    row["focus"] = ex.focus
    if ex.near_miss:
        row["near_miss"] = {"inputs": ex.near_miss["inputs"], "why": ex.near_miss["why"]}
    row["ko"] = ex.ko
    row["ko_focus"] = ex.ko_focus
    return row


HEADER = """\
# editorial/examples.toml — a worked example for every computing rule of compute (issue 11).
#
# Proposed by tools/find_examples.py (its docstring documents the search; rerun it with
# --write), reviewed by hand; tests/test_compute_rule_examples.py checks every row. An example whose
# `hand` lists fields was chosen or edited by hand and is kept as it is by --write.
# Compiled into the TEI (`fs type="example"`, yimao/tei/examples.py): after a change, run
# `.venv/bin/python -m yimao.tei.build --register`; the site reads the examples from the TEI.
#
# [[example]]
# id        "ex-<rule>" (a second example of the same rule: "ex-<rule>-2").
# rule      the catalogue rule id (compute.registry).
# source    "case": a worked case of the book (`case` = its id; `claims` = the ids of its
#           claims that cite the rule, if any) — charted as yimao.model.cases.setting() charts it;
#           "constructed" (구성례): `inputs` = {primary, changed, month, day, year, hour,
#           birth} as the book writes them (or lines / at for a cast).
# focus     where the rule is at work on that chart (tools/find_examples.py: fires()):
#           {finding = R, lines, role, data}  a finding of rule R on those lines;
#           {state = KEY, lines, role, value} line.state[KEY] filled (and matching value);
#           {field = PATH, value}             chart.to_dict() at PATH (lines.N = the Nth line,
#                                             lines.* = all six) matches value;
#           {apply = NAME, args, kwargs, at, value, then}  the rule's public table/function
#           applied to the chart's values (args: "chart", {field = PATH}, {value = x}).
# near_miss optional: {inputs, why} — one input changed, and the focus no longer fires.
# ko        the caption readers see (Korean; 구성례 for a constructed example); "" for a case,
#           whose title comes from editorial/case-titles.tsv.
# ko_focus  what to look at on the chart (Korean), for both kinds.
# hand      optional: the fields chosen or edited by hand.
"""


def write_toml(rows: list[Mapping[str, Any]]) -> str:
    return HEADER + "\n" + "\n\n".join(example_toml(r) for r in rows) + "\n"


def existing_rows(path: Path = EXAMPLES_FILE) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return list(tomllib.loads(path.read_text(encoding="utf-8")).get("example", ()))


# ================================================================ main


def propose(rids: Iterable[str], seed: int = 1664, budget: int = 600) -> list[Example]:
    """Every step of the search for the rules *rids*, in registry order."""
    rids = list(rids)
    found = search_cases(rids, seed)
    found.update(search_constructed([r for r in rids if r not in found], seed, budget))
    out = []
    for rid in rids:
        ex = found.get(rid)
        if ex is None:
            continue
        ex.id = f"ex-{rid}"
        c = example_chart({"source": ex.source, "case": ex.case, "inputs": ex.inputs})
        ex.near_miss = near_miss(ex, c)
        captions(ex, c)
        out.append(ex)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help=f"update {EXAMPLES_FILE.name}")
    ap.add_argument("--rule", action="append", help="only this rule (repeatable)")
    ap.add_argument("--seed", type=int, default=1664)
    ap.add_argument("--budget", type=int, default=600,
                    help="sampled charts per tier and number of moving lines")
    args = ap.parse_args(argv)
    known = [r.id for r in computing_rules()]
    unknown = [r for r in args.rule or () if r not in known]
    if unknown:
        print(f"find_examples: unknown or non-computing rule {', '.join(unknown)}; "
              "see `yimao rules`", file=sys.stderr)
        return 2
    rids = args.rule or known
    proposed = {ex.id: as_row(ex) for ex in propose(rids, args.seed, args.budget)}
    missing = [r for r in rids if f"ex-{r}" not in proposed]
    if not args.write:
        print(write_toml(list(proposed.values())), end="")
        for rid in missing:
            print(f"# no example found for {rid}", file=sys.stderr)
        return 1 if missing else 0
    rows = []
    old = {row["id"]: row for row in existing_rows()}
    seen = set()
    for rid in known:
        for ex_id in [i for i, row in old.items() if row.get("rule") == rid] or [f"ex-{rid}"]:
            row = old.get(ex_id) if old.get(ex_id, {}).get("hand") else proposed.get(ex_id)
            row = row or old.get(ex_id)
            if row is not None and ex_id not in seen:
                rows.append(row)
                seen.add(ex_id)
    EXAMPLES_FILE.write_text(write_toml(rows), encoding="utf-8")
    print(f"{EXAMPLES_FILE.relative_to(ROOT)}: {len(rows)} examples "
          f"({sum(1 for r in rows if r.get('hand'))} kept by hand); the site reads them from "
          "the TEI: rebuild it with .venv/bin/python -m yimao.tei.build --register")
    for rid in missing:
        print(f"no example found for {rid}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
