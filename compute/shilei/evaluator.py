"""The evaluator of the condition language (:mod:`compute.shilei.condition`) on one chart asked a
question: selectors pick lines and branches (:class:`Item`), predicates and relations test
them (each word looked up in :data:`compute.shilei.words.WORDS`, where it is defined once with
its meaning and passages), and everything is three-valued (:class:`Result`): what the chart
cannot tell (自占 or 代占, 病久, 我訟 …; the 本命 without ``birth``; the 限 without the year
asked) is *unknown*, ``not`` of unknown is unknown, ``and``/``or`` follow Kleene's tables; a
word the language does not have stops with :class:`~compute.errors.InputError`.

>>> from compute.engine.chart import chart
>>> c = chart("困", "坎", month="午", day="壬戌", question="卜雨")
>>> evaluate("動(父) or 旺相(父)", c).value
True
"""

from __future__ import annotations

import compute.shilei.daxian  # noqa: F401 (registers 大限/小限 before the judgments)
from compute.book.changsheng import BRANCH_PHASE_INT as _BRANCH_PHASE
from compute.book.changsheng import STAGES, acts, stage_at
from compute.book.ganzhi import BRANCH_ZH
from compute.book.gua import TRIGRAM_ZH
from compute.book.liuqin import RELATIVE_OF_SHORT as REL_SEL
from compute.book.questions import Question
from compute.book.questions import question as find_question
from compute.book.wuxing import PHASE_ZH
from compute.engine.context import CLASH, findings_of
from compute.engine.context import context as ctx
from compute.errors import InputError
from compute.registry import Finding
from compute.shilei.condition import FALSE, TRUE, UNKNOWN, Item, Result, Tri, Unknown, tree
from compute.shilei.quyong import asked
from compute.shilei.roles import Roles, roles
from compute.shilei.words import FORMS, WORDS, related

SELECTORS, PREDICATES, RELATIONS = WORDS["selector"], WORDS["predicate"], WORDS["relation"]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from compute.engine.chart import Chart




def _t_and(a: Tri, b: Tri) -> Tri:
    if a is False or b is False:
        return False
    return None if a is None or b is None else True


def _t_or(a: Tri, b: Tri) -> Tri:
    if a is True or b is True:
        return True
    return None if a is None or b is None else False


# ------------------------------------------------------------------ evaluation


class Evaluator:
    """Evaluates conditions on one chart with its question's roles."""

    def __init__(self, chart: Chart, roles: Roles | None, question: Question | None) -> None:
        self.chart = chart
        self.c = ctx(chart)
        self.r = roles
        self.q = question
        self.h = chart.primary
        self.tu = self.c.tu
        self.day = int(chart.day.branch)
        self.month = int(chart.month)
        self._findings: dict[str, tuple[Finding, ...]] = {}
        self.facts = set(chart.asking.facts) if chart.asking is not None else set()
        self.assumed_self = roles is not None and roles.assumed_self

    def fact(self, name: str) -> Tri:
        """A fact about the asking: given (``facts=``), excluded by its pair, or unknown; 自占 is
        assumed where the 用 親屬 was read as the asker himself."""
        from compute.book.questions import FACT_PAIRS

        if name in self.facts:
            return True
        for a, b in FACT_PAIRS:
            if name in (a, b) and (b if name == a else a) in self.facts:
                return False
        if self.assumed_self and name in ("自占", "代占"):
            return name == "自占"
        return None

    def given(self, key: str) -> str | None:
        for f in self.facts:
            k, eq, v = f.partition("=")
            if eq and k == key:
                return v
        return None

    # -------------------------------------------------------------- helpers on items

    def line(self, p: int) -> Item:
        ln = self.h.line(p)
        return Item("line", p, int(ln.branch), int(ln.stem))

    def state(self, it: Item) -> dict[str, Any]:
        if it.kind == "line":
            return dict(self.h.line(it.pos).state)
        if it.kind == "changed" and self.chart.changed is not None:
            return dict(self.chart.changed.line(it.pos).state)
        return {}

    def moving(self, it: Item) -> bool:
        return it.kind == "line" and self.h.line(it.pos).moving

    def changed_of(self, it: Item) -> Item | None:
        if it.kind != "line" or not self.moving(it) or self.chart.changed is None:
            return None
        ln = self.chart.changed.line(it.pos)
        return Item("changed", it.pos, int(ln.branch), int(ln.stem))

    def relative_of(self, it: Item) -> str:
        if it.kind == "line":
            return str(self.h.line(it.pos).relative)
        if it.kind == "hidden":
            hid = self.h.line(it.pos).hidden
            return str(hid.relative) if hid is not None else ""
        if it.kind == "changed" and self.chart.changed is not None:
            return str(self.chart.changed.line(it.pos).relative)
        from compute.book.liuqin import relative
        from compute.book.wuxing import Phase

        return str(relative(self.h.palace_element, Phase(it.phase)))

    def stage(self, it: Item, at: int) -> str:
        for name in STAGES:
            if stage_at(it.phase, name, self.tu) == at:
                return name
        return ""

    def void(self, b: int) -> bool:
        return b in self.c.void

    def broken(self, b: int) -> bool:
        return (b - self.month) % 12 == 6 and b != self.day

    def strong(self, it: Item) -> bool:
        if it.kind == "line":
            i = it.pos - 1
            return self.c.strong[i] or self.c.on_day[i] or self.c.on_month[i]
        return acts(_BRANCH_PHASE[self.month], it.phase) in ("比", "生") or it.branch in (
            self.day, self.month)

    def empty(self, it: Item) -> bool:
        if it.kind == "line":
            return self.state(it).get("void") not in (None, "建空", "動空", "填實", "半實")
        if it.branch in (self.day, self.month):
            return False
        return self.void(it.branch) and CLASH[it.branch] != self.day

    def scattered(self, it: Item) -> bool:
        if it.kind != "line":
            return False
        st = self.state(it)
        return bool(st.get("san")) or (st.get("day_clash") or {}).get("effect") == "散"

    def is_broken(self, it: Item) -> bool:
        if it.kind == "line":
            return self.c.broken[it.pos - 1]
        return self.broken(it.branch)

    def jue(self, it: Item) -> bool:
        return self.stage(it, self.day) == "絕" and it.branch != self.month

    # -------------------------------------------------------------- selectors

    def findings(self, rid: str) -> tuple[Finding, ...]:
        if rid not in self._findings:
            self._findings[rid] = findings_of(self.chart, rid)
        return self._findings[rid]

    def pillar(self, name: str) -> Item | None:
        ch = self.chart
        gz = {"日": ch.day, "月": ch.month_pillar, "歲": ch.year, "時": ch.hour}.get(name)
        if name == "月" and gz is None:
            return Item("branch", 0, int(ch.month))
        if gz is None:
            raise Unknown(name)
        return Item("branch", 0, int(gz.branch), int(gz.stem))

    def rel_lines(self, rel: str) -> list[Item]:
        return [self.line(ln.position) for ln in self.h.lines if str(ln.relative) == rel]

    def role_rel(self, name: str) -> str | None:
        r = self.r
        if r is None:
            raise Unknown(name)
        role = {"元": r.yuan, "忌": r.ji, "仇": r.chou}.get(name)
        if role is not None:
            return str(role.relative) if role.relative is not None else None
        return str(r.relative) if r.relative is not None else None

    def select(self, node: Any) -> list[Item]:
        kind = node[0]
        if kind == "any":
            out: list[Item] = []
            for alt in node[1]:
                out += [x for x in self.select(alt) if x not in out]
            return out
        if kind == "both":
            return self.both(node[1], node[2])
        if kind == "filter":
            return [x for x in self.select(node[1]) if self.pred(node[2], x).value]
        if kind == "伏":
            under = {x.pos for x in self.select(node[1]) if x.kind == "line"}
            rels = None
            if node[1][0] == "sel" and node[1][1] in REL_SEL:
                rels, under = REL_SEL[node[1][1]], set(range(1, 7))
            return [x for x in self.hidden_items() if x.pos in under
                    and (rels is None or self.relative_of(x) == rels)]
        if kind == "變":
            return [y for x in self.select(node[1]) if (y := self.changed_of(x)) is not None]
        return self.named(node[1])

    def sel_relative(self, node: Any) -> str | None:
        """The 六親 a selector names (父 兄 子 財 官; 用 元 忌 仇 by the roles), else None."""
        name = node[1] if node[0] == "sel" else ""
        if name in REL_SEL:
            return REL_SEL[name]
        if name in ("用", "元", "忌", "仇", "諸用", "飛伏用"):
            return self.role_rel(name if name in ("元", "忌", "仇") else "用")
        return None

    def both(self, left: Any, right: Any) -> list[Item]:
        """S∩T; a 伏神 or changed line is in a 六親 selector when of that 六親 (伏∩官: the hidden
        官鬼 of 「伏鬼克世」; 變(動爻)∩用: the changed lines of 「飛伏變象無財」)."""
        a, b = self.select(left), self.select(right)
        ra, rb = self.sel_relative(left), self.sel_relative(right)
        out = [x for x in a if x in b or (
            x.kind in ("hidden", "changed") and rb is not None and self.relative_of(x) == rb)]
        return out + [x for x in b if x not in out and x.kind in ("hidden", "changed")
                      and ra is not None and self.relative_of(x) == ra]

    def xian(self) -> list[Item]:
        """The lines the 大限 and 小限 reach in the year asked (``facts="年=…"``)."""
        from compute.book.ganzhi import GanZhi
        from compute.shilei.daxian import asked_year, daxian, xiaoxian

        year = asked_year(self.chart)
        if year is None or self.chart.year is None:
            raise Unknown("限")
        out: list[Item] = []
        for x in (daxian(self.chart, year), xiaoxian(self.chart, year)):
            gz = GanZhi.from_zh(x.ganzhi)
            if x.segment == "本":
                it = self.line(x.position)
            elif x.segment == "之":
                it = Item("changed", x.position, int(gz.branch), int(gz.stem))
            else:
                it = Item("branch", 0, int(gz.branch), int(gz.stem))
            if it not in out:
                out.append(it)
        return out

    def hidden_items(self) -> list[Item]:
        return [Item("hidden", ln.position, int(ln.hidden.branch), int(ln.hidden.stem))
                for ln in self.h.lines if ln.hidden is not None]

    def named(self, name: str) -> list[Item]:
        """The items the selector word *name* picks (:data:`~compute.shilei.words.WORDS`), or a
        branch (its own), or an element (its lines)."""
        word = SELECTORS.get(name)
        if word is not None:
            return word.pick(self)
        if name in BRANCH_ZH and len(name) == 1:
            return [Item("branch", 0, BRANCH_ZH.index(name))]
        if name in PHASE_ZH and len(name) == 1:
            ph = PHASE_ZH.index(name)
            return [self.line(ln.position) for ln in self.h.lines
                    if _BRANCH_PHASE[int(ln.branch)] == ph]
        raise InputError("condition.selector", value=name)

    # -------------------------------------------------------------- predicates on one item

    def pred(self, spec: Any, it: Item) -> Result:
        if spec[0] == "eqpred":
            return self.eq_on(spec[1], spec[2], it)
        return self.one(spec[1], it)

    def eq_on(self, name: str, value: str, it: Item) -> Result:
        word = PREDICATES.get(name)
        if word is None or word.value is None:
            raise InputError("condition.predicate", name=name)
        ok = word.value(self, it, value)
        return Result(ok, frozenset({it.pos}) if ok and it.pos else frozenset())

    def one(self, name: str, it: Item) -> Result:
        word = PREDICATES.get(name)
        if word is None or word.item is None:
            raise InputError("condition.predicate_name", value=name)
        v = word.item(self, it)
        if isinstance(v, Result):
            return v
        return Result(v, frozenset({it.pos}) if v and it.pos else frozenset())

    def movers(self, it: Item) -> list[Item]:
        return [self.line(p) for p in self.chart.moving
                if not (it.kind == "line" and p == it.pos)
                and not self.c.broken[p - 1] and not self.c.san[p - 1]]

    def helped(self, it: Item) -> bool:
        helpers = [self.pillar("日"), self.pillar("月"), *self.movers(it)]
        ch = self.changed_of(it)
        if ch is not None and not self.void(ch.branch) and not self.broken(ch.branch):
            helpers.append(ch)
        return any(acts(x.phase, it.phase) == "生" for x in helpers)

    def hurt(self, it: Item) -> bool:
        return any(acts(x.phase, it.phase) == "克"
                   for x in (self.pillar("日"), self.pillar("月"), *self.movers(it)))

    # -------------------------------------------------------------- atoms

    def ev(self, node: Any) -> Result:
        try:
            return self._ev(node)
        except Unknown:
            return UNKNOWN

    def _ev(self, node: Any) -> Result:
        kind = node[0]
        if kind == "or":
            a, b = self.ev(node[1]), self.ev(node[2])
            v = _t_or(a.value, b.value)
            return Result(v, (a.lines if a.value else frozenset()) | (
                b.lines if b.value else frozenset()))
        if kind == "and":
            a = self.ev(node[1])
            if a.value is False:
                return FALSE
            b = self.ev(node[2])
            v = _t_and(a.value, b.value)
            return Result(v, a.lines | b.lines if v else frozenset())
        if kind == "not":
            a = self.ev(node[1])
            return Result(None if a.value is None else not a.value)
        if kind in ("all", "none"):
            items = self.select(node[2])
            res = [self.pred(node[1], x) for x in items]
            if not items:       # none of nothing holds (「飛伏變象無財」)
                return FALSE if kind == "all" else Result(True)
            if kind == "all":
                v = all(r.value for r in res)
                return Result(v, frozenset(x.pos for x in items if x.pos) if v else frozenset())
            return Result(not any(r.value for r in res))
        if kind == "rule":
            return self.rule_atom(node[1], node[2])
        if kind == "call":
            return self.call(node[1], node[2])
        if kind == "eq":
            return self.fact_eq(node[1], node[2])
        if kind == "in":
            return self.fact_in(node[1], node[2], node[3])
        return self.bare(node[1])

    def exists(self, name: str, sel: Any) -> Result:
        items = self.select(sel)
        lines: set[int] = set()
        unknown = False
        for x in items:
            r = self.one(name, x)
            if r.value:
                lines |= r.lines
            elif r.value is None:
                unknown = True
        if lines or any(self.one(name, x).value for x in items):
            return Result(True, frozenset(lines))
        return UNKNOWN if unknown else FALSE

    def rel(self, name: str, a: list[Item], b: list[Item]) -> Result:
        """*name* (生 克 比 沖 合) from an item of *a* to another of *b*."""
        return related(name, a, b)

    def call(self, name: str, args: tuple[Any, ...]) -> Result:
        """A word applied to selectors: a relation, a predicate (on the selectors as a whole, or
        on some item they pick), or a hexagram or rule word (反伏墓絕, 卦空破, juechu-fengsheng)."""
        word = RELATIONS.get(name) or PREDICATES.get(name)
        if word is not None:
            if word.args is not None:
                return word.args(self, args)
            if word.item is not None and len(args) == 1:
                return self.exists(name, args[0])
        if name == "反伏墓絕":
            person = self.given("person")
            if person is None:
                return UNKNOWN      # the person's 主屬 is not an input of the chart
            return Result(self.hexagram_fact("反伏墓絕", person) is True)
        if name == "卦空破":
            return self.gua_kongpo(args[0])
        if name == "juechu-fengsheng":
            ps = {x.pos for x in self.select(args[0])}
            hit = [f for f in self.findings("juechu-fengsheng") if set(f.lines) & ps]
            return Result(bool(hit), frozenset(p for f in hit for p in f.lines))
        raise InputError("condition.relation", value=name)

    def trigram(self, sel: Any) -> int:
        key = sel[1] if sel[0] == "sel" else ""
        hx = self.h.hexagram
        if key == "內":
            return int(hx.lower)
        if key == "外":
            return int(hx.upper)
        if key == "用" and self.r is not None and self.r.value in ("內卦", "外卦"):
            return int(hx.lower if self.r.value == "內卦" else hx.upper)
        raise Unknown(key)

    def gua_kongpo(self, sel: Any) -> Result:
        from compute.lifa.fanfu import DILU

        t = self.trigram(sel)
        return Result(any(self.void(b) or self.broken(b) for b in DILU[t]))

    def houqi(self, sel: Any) -> str:
        from compute.lifa.fanfu import bajie_ruler, houqi_state

        ruler = bajie_ruler(self.chart)
        if ruler is None:
            raise Unknown("卦候")
        return houqi_state(self.trigram(sel), ruler)

    def fact_in(self, name: str, args: tuple[Any, ...], values: tuple[str, ...]) -> Result:
        if name == "卦候":
            return Result(self.houqi(args[0]) in values)
        if name == "卦":
            return Result(self.h.name in values)
        if name == "變卦":
            return Result(self.chart.changed is not None and self.chart.changed.name in values)
        if name in ("宮", "內卦", "外卦"):
            hx = self.h.hexagram
            t = {"宮": hx.palace, "內卦": hx.lower, "外卦": hx.upper}[name]
            return Result(TRIGRAM_ZH[int(t)] in values)
        raise InputError("condition.set_test", value=name)

    def fact_eq(self, name: str, value: str) -> Result:
        if name == "topic":
            q = self.q
            if q is None:
                return UNKNOWN
            return Result(value in (q.text, q.reading))
        if name == "thing":
            thing = self.given("thing")
            return UNKNOWN if thing is None else Result(thing == value)
        if name in ("宮", "內卦", "外卦"):
            hx = self.h.hexagram
            t = {"宮": hx.palace, "內卦": hx.lower, "外卦": hx.upper}[name]
            return Result(TRIGRAM_ZH[int(t)] == value)
        if name in ("grade", "六神", "星", "void"):
            return self.exists_eq(name, value)
        raise InputError("condition.fact", name=name)

    def exists_eq(self, name: str, value: str) -> Result:
        items = self.named("用")
        hits = [self.eq_on(name, value, x) for x in items]
        return Result(any(h.value for h in hits), frozenset().union(*(h.lines for h in hits)))

    def hexagram_fact(self, name: str, person: str | None = None) -> Tri:
        from compute.lifa.hechong import is_liuchong, is_liuhe

        h, ch = self.h, self.chart.changed
        pb = tuple(int(ln.branch) for ln in h.lines)
        cb = tuple(int(ln.branch) for ln in ch.lines) if ch is not None else None
        zhen = is_liuchong(pb)
        hui = cb is not None and is_liuchong(cb)
        he = is_liuhe(pb)
        huahe = cb is not None and is_liuhe(cb)
        if name in ("貞沖", "六沖"):
            return zhen
        if name == "悔沖":
            return hui
        if name == "合沖":
            return he and hui
        if name == "三沖":
            return zhen or hui or (he and hui)
        if name == "六合":
            return he
        if name == "化合":
            return huahe
        if name in ("游魂", "歸魂", "八純"):
            return h.generation == name
        if name == "亂動":
            return len(self.chart.moving) >= 3
        if name == "靜卦":
            return not self.chart.moving
        if name in ("反吟", "伏吟", "卦墓絕", "反伏墓絕"):
            out = False
            for rid, bad in (("fanyin-gua", "非"), ("fanyin-yao", "非"), ("fuyin", "非"),
                             ("gua-mujue", "偽")):
                want = {"反吟": ("fanyin-gua", "fanyin-yao"), "伏吟": ("fuyin",),
                        "卦墓絕": ("gua-mujue",)}.get(name, ("fanyin-gua", "fanyin-yao",
                                                          "fuyin", "gua-mujue"))
                if rid not in want:
                    continue
                for f in self.findings(rid):
                    grade = str(f.fact("grade") or dict(f.data).get("grade") or "")
                    if grade.startswith(bad):
                        continue
                    if person is None or person == f.fact("member"):
                        out = True
            return out
        return None

    def bare(self, name: str) -> Result:
        if name == "true":
            return TRUE
        if name not in FORMS["name"]:
            raise InputError("condition.predicate_name", value=name)
        hx = self.hexagram_fact(name)
        if hx is not None:
            return Result(hx)
        if name in ("隨墓", "助傷", "zhushang"):
            if name == "隨墓":
                return self.rule_atom("隨墓", "")
            fs = self.findings("zhushang")
            return Result(bool(fs), frozenset(p for f in fs for p in f.lines))
        from compute.book.questions import FACT_PAIRS

        if any(name in pair for pair in FACT_PAIRS):
            return Result(self.fact(name))
        if name == "動爻":
            return Result(bool(self.chart.moving), frozenset(self.chart.moving))
        if name == "dufa-dujing":
            fs = self.findings("dufa-dujing")
            return Result(bool(fs), frozenset(p for f in fs for p in f.lines))
        if name == "guayan-precedence":
            fs = self.findings("guayan-precedence")
            return Result(bool(fs))
        return UNKNOWN              # houshi, guayi-table: not computed

    def rule_atom(self, name: str, kind: str) -> Result:
        if name in ("suimu", "隨墓"):
            fs = self.findings("suimu")
            if name == "隨墓":
                kinds = ("命墓", "世墓", "化爻墓")
            else:
                kinds = (kind,)
            hit = []
            for f in fs:
                k = f.kind
                if k not in kinds:
                    continue
                grade = f.fact("grade") or dict(f.data).get("grade")
                if name == "隨墓" and k == "化爻墓" and not str(grade or "").startswith("真"):
                    continue
                hit.append(f)
            if not hit and "命墓" in kinds and self.chart.birth is None:
                return UNKNOWN
            return Result(bool(hit), frozenset(p for f in hit for p in f.lines))
        if name == "shi-ying-ji-10":
            at = self.h.shi if kind == "世" else self.h.ying
            fs = [f for f in self.findings("shi-ying-ji-10") if at in f.lines]
            return Result(bool(fs), frozenset(p for f in fs for p in f.lines))
        if name == "guayi-table":
            return UNKNOWN
        raise InputError("condition.atom", name=name, kind=kind)


def evaluate(condition: str, chart: Chart, question: Any = None) -> Result:
    """The value of *condition* on *chart* (asked *question*, or the chart's own question).

    >>> from compute.engine.chart import chart
    >>> c = chart("困", "坎", month="午", day="壬戌", question="囤積")
    >>> r = evaluate("動(元) and 生用(元)", c)
    >>> evaluate("旺相(用)", c).value, r.value, sorted(r.lines)
    (False, True, [1, 4])
    >>> evaluate("自占 or 病久", c).value is None
    True
    """
    if question is not None:
        q = find_question(question)
        r = roles(chart, q)
    else:
        r = asked(chart)
        q = r.question if r is not None else None
    return Evaluator(chart, r, q).ev(tree(condition))
