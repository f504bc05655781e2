"""The worked examples and the 筮類 questions of the TEI (``<standOff type="examples">`` and
``type="questions"``, compiled from editorial/examples.toml and questions.toml by
:mod:`yimao.tei.examples`) as plain values; their charts; and whether a rule fires on a chart at
an example's *focus* — the one place that decides it, shared by the reading site (/rules/, the
passages' worked-example links), tools/find_examples.py (which proposes the examples, from the
TOML it writes) and tests/test_compute_rule_examples.py.

A focus is a small structured value, one of

* ``{finding = R, lines = [..], role = "primary", data = {..}}`` — ``chart.findings`` holds a
  finding of rule R whose lines include *lines* (and whose ``data`` includes *data*);
* ``{state = KEY, lines = [..], role = "primary", value = ..}`` — ``line.state[KEY]`` is filled
  (not None, "", [] or {}) on each of *lines*, and matches *value* when one is given;
* ``{field = PATH, value = ..}`` — the chart's ``to_dict()`` at PATH (dotted; a number selects the
  n-th item of a list, 1-based; ``*`` maps over a list) matches *value*;
* ``{apply = NAME, args = [..], kwargs = {..}, at = n, value = .., then = {focus}}`` — the public
  table or function NAME of compute applied to values of the chart (an arg is ``"chart"``,
  ``{field = PATH}`` or ``{value = literal}``; a table is looked up, see :func:`lookup`).

:func:`fires` reads only ``chart.findings`` (through ``Finding.to_dict()``), ``line.state`` and
``chart.to_dict()``. "Matches" (:func:`matches`): a dict matches when each of its keys matches,
a list contains a wanted scalar, anything else is equal.

>>> from yimao.model.edition import load_edition
>>> ed = load_edition()
>>> ex = next(e for e in examples(ed) if e.id == "ex-xunkong")
>>> ex.rule, ex.source, ex.case, fires(example_chart(ex), ex.focus)
('xunkong', 'case', 'p163-case3', True)
>>> q = questions(ed)[0]
>>> q.id, q.chapter, q.yongshen, q.yongshen_ko, q.passages[:1], q.stated_in
('shilei-01-q1', 'shilei-01', ('外卦',), ('외괘(外卦)',), ('p301-s1',), 'p296')
"""

from __future__ import annotations

import importlib
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from compute import chart as draw
from compute.book.ganzhi import BRANCH_ZH, GANZHI_ZH, STEM_ZH, Branch, GanZhi, Stem
from compute.book.gua import Hexagram, Trigram
from compute.book.liuqin import Relative
from compute.book.wuxing import Phase
from compute.engine.chart import Chart
from compute.engine.inputs import FIELDS
from yimao import ids
from yimao.errors import EditionError
from yimao.model.tei_xml import TEI_NS, XML_ID, feature_values

if TYPE_CHECKING:
    from lxml import etree

    from yimao.model.edition import Edition

INPUT_KEYS = tuple(k for k in FIELDS if k not in ("lines", "at", "tz"))
"""The inputs a constructed example may give: the Run panel's fields (compute.engine.inputs.FIELDS,
the one list of them) but a cast by coins and a date (question, yongshen, facts: a 筮類
question)."""
PHASE_CHARS = "木火土金水"
RELATIVES = ("父母", "兄弟", "子孫", "妻財", "官鬼")
SOURCES = ("case", "constructed")


# ================================================================ the TEI's records


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example of a rule (``<fs type="example">``): ``source`` ``case`` (the book's
    ``case``, the ids of its ``claims`` that cite the rule) or ``constructed`` (구성례:
    ``inputs`` as the book writes them); the ``focus`` where the rule is at work on the chart;
    an optional ``near_miss`` ``{inputs, why}``; the Korean caption ``ko`` and ``ko_focus``
    (what to look at). ``inputs``, ``focus`` and ``near_miss`` are plain values, as
    examples.toml writes them (dicts, lists, text, numbers, booleans)."""

    id: str
    rule: str
    source: str
    focus: Mapping[str, Any]
    case: str = ""
    claims: tuple[str, ...] = ()
    inputs: Mapping[str, Any] | None = None
    near_miss: Mapping[str, Any] | None = None
    ko: str = ""
    ko_focus: str = ""


@dataclass(frozen=True, slots=True)
class Question:
    """A question of a 筮類 chapter (``<fs type="question">``): its words (``text``), Korean
    gloss (``ko``), its 用神 (``yongshen``, as questions.toml names them, with their Korean
    glosses ``yongshen_ko``; as given: ``yongshen_given``, text or a list), the ``reason``
    (Korean), the sentences that treat it (``passages``), its alternatives' sentences
    (``alternatives``) and its place among all the questions (``number``, from 0)."""

    id: str
    number: int
    text: str = ""
    ko: str = ""
    yongshen_given: str | list[str] = ""
    yongshen_ko: tuple[str, ...] = ()
    reason: str = ""
    passages: tuple[str, ...] = ()
    alternatives: tuple[tuple[str, ...], ...] = ()
    stated_in: str = ""  # the paragraph whose words state it (its <seg type="question">)

    @property
    def chapter(self) -> str:
        """``shilei-01`` for ``shilei-01-q1``."""
        return ids.chapter("shilei", ids.parse(self.id).n or 0)

    @property
    def yongshen(self) -> tuple[str, ...]:
        """The 用神 as a tuple (one, several, or none where the book gives none)."""
        y = self.yongshen_given
        return (y,) if isinstance(y, str) and y else tuple(y) if isinstance(y, list) else ()


_RECORDS: weakref.WeakKeyDictionary[Edition, Any] = weakref.WeakKeyDictionary()


def _records(edition: Edition) -> tuple[tuple[Example, ...], tuple[Question, ...]]:
    if edition not in _RECORDS:
        _RECORDS[edition] = _read(edition)
    return _RECORDS[edition]  # type: ignore[no-any-return]


def examples(edition: Edition) -> tuple[Example, ...]:
    """Every worked example of the TEI, in the order of examples.toml (none in a TEI without
    them)."""
    return _records(edition)[0]


def questions(edition: Edition) -> tuple[Question, ...]:
    """Every 筮類 question the TEI records, in the order of questions.toml."""
    return _records(edition)[1]


def _fail(edition: Edition, e: etree._Element, what: str) -> EditionError:
    return EditionError(f"{edition.path}:{e.sourceline or 0}: {what}")


def _read(edition: Edition) -> tuple[tuple[Example, ...], tuple[Question, ...]]:
    exs: list[Example] = []
    qs: list[Question] = []
    vocabulary: dict[str, Any] = {}
    for stand in edition.tree.iterchildren(f"{{{TEI_NS}}}standOff"):
        for fs in stand.iterchildren(f"{{{TEI_NS}}}fs"):
            kind = fs.get("type")
            if kind == "example":
                exs.append(_example(edition, fs))
            elif kind == "yongshen-vocabulary":
                vocabulary = feature_values(fs)
            elif kind == "question":
                qs.append(_question(edition, fs, len(qs), vocabulary))
    return tuple(exs), tuple(qs)


def _example(edition: Edition, fs: etree._Element) -> Example:
    xid = fs.get(XML_ID) or ""
    v = feature_values(fs)
    rule = ids.rule_of((fs.get("ana") or "").lstrip("#"))
    source = v.get("source")
    case = (fs.get("corresp") or "").lstrip("#")
    if not rule or source not in SOURCES or not isinstance(v.get("focus"), dict) \
            or (source == "case") != bool(case) \
            or (source == "constructed" and not isinstance(v.get("inputs"), dict)):
        raise _fail(edition, fs, f"example {xid!r}: needs @ana (its rule), a source (case with "
                                 "@corresp to its case, or constructed with inputs) and a focus")
    return Example(xid, rule, str(source), v["focus"], case, tuple(v.get("claims", ())),
                   v.get("inputs"), v.get("near_miss"), str(v.get("ko", "")),
                   str(v.get("ko_focus", "")))


def _question(edition: Edition, fs: etree._Element, number: int,
              vocabulary: Mapping[str, Any]) -> Question:
    qid = (fs.get("corresp") or "").lstrip("#")
    if ids.kind(qid) != "question":
        raise _fail(edition, fs, f"question record @corresp {qid!r}: expected #shilei-NN-qK")
    v = feature_values(fs)
    given = v.get("yongshen", "")
    yong = (given,) if isinstance(given, str) and given else \
        tuple(given) if isinstance(given, list) else ()
    return Question(qid, number, str(v.get("text", "")), str(v.get("ko", "")), given,
                    tuple(str(vocabulary.get(y, y)) for y in yong), str(v.get("reason", "")),
                    tuple(v.get("passages", ())),
                    tuple(tuple(alt.get("passages", ())) for alt in v.get("alternative", ())),
                    _stated_in(edition, qid))


def _stated_in(edition: Edition, qid: str) -> str:
    """The paragraph that holds the question's words (``<seg type="question">``), or ""."""
    try:
        seg = edition.element(qid)
    except EditionError:
        return ""
    p = next(seg.iterancestors(f"{{{TEI_NS}}}p"), None)
    return (p.get(XML_ID) or "") if p is not None else ""


# ================================================================ does R fire on C at F


def fires(c: Chart, focus: Mapping[str, Any]) -> bool:
    """Whether the rule of *focus* is at work on chart *c* at *focus* (see the module docstring).

    >>> c = draw("困", "坎", month="午", day="壬戌")
    >>> fires(c, {"state": "changsheng", "lines": [4], "value": {"bian": "長生"}})
    True
    >>> fires(c, {"finding": "yuepo", "lines": [4]}), fires(c, {"field": "void", "value": "子"})
    (False, True)
    >>> fires(c, {"apply": "compute.book.wuxing.nayin", "args": [{"field": "day"}], "value": "水"})
    True
    """
    if "finding" in focus:
        lines = set(focus.get("lines", ()))
        role = focus.get("role", "primary")
        for f in c.findings:
            d = f.to_dict()
            if (d["rule"] == focus["finding"] and d.get("role", "primary") == role
                    and lines <= set(d["lines"])
                    and ("data" not in focus or matches(d.get("data", {}), focus["data"]))):
                return True
        return False
    if "state" in focus:
        lines = c.lines(focus.get("role", "primary"))
        positions = focus.get("lines", ())
        for p in positions:
            if not 1 <= p <= len(lines):
                return False
            v = plain(lines[p - 1].state.get(focus["state"]))
            if not filled(v) or ("value" in focus and not matches(v, focus["value"])):
                return False
        return bool(positions)
    if "field" in focus:
        return matches(value_at(c.to_dict(), focus["field"]), focus["value"])
    if "apply" in focus:
        result = apply(c, focus)
        if "then" in focus:
            return isinstance(result, Chart) and fires(result, focus["then"])
        if "at" in focus:
            result = result[int(focus["at"]) - 1]
        result = plain(result)
        return matches(result, focus["value"]) if "value" in focus else filled(result)
    raise ValueError(f"focus {dict(focus)!r}: expected finding, state, field or apply")


def filled(v: Any) -> bool:
    """Not None, "", False, [] or {} (0 and 0.0 count as values).

    >>> [filled(x) for x in (None, "", [], {}, False, 0, "空")]
    [False, False, False, False, False, True, True]
    """
    return v is not None and v is not False and v != "" and v != [] and v != {}


def matches(actual: Any, want: Any) -> bool:
    """*want* is found in *actual*: dict keys each match, a list holds a wanted scalar.

    >>> matches({"day": "絕", "bian": "長生"}, {"bian": "長生"}), matches(["天德", "大耗"], "天德")
    (True, True)
    >>> matches(["甲", "壬"], ["甲", "壬"]), matches("相", "旺")
    (True, False)
    """
    if isinstance(want, Mapping):
        return isinstance(actual, Mapping) and all(matches(actual.get(k), v)
                                                   for k, v in want.items())
    if isinstance(actual, list) and not isinstance(want, list):
        return want in actual
    return bool(actual == want)


def value_at(data: Any, path: str) -> Any:
    """The value at a dotted *path* of a ``to_dict()``: numbers pick the n-th item (1-based),
    ``*`` maps over a list.

    >>> d = {"primary": {"lines": [{"stem": "甲"}, {"stem": "乙"}]}}
    >>> value_at(d, "primary.lines.2.stem"), value_at(d, "primary.lines.*.stem")
    ('乙', ['甲', '乙'])
    """
    parts = path.split(".")
    for k, part in enumerate(parts):
        if part == "*":
            rest = ".".join(parts[k + 1:])
            return [value_at(x, rest) if rest else x for x in data]
        if part.isdigit():
            data = data[int(part) - 1]
        else:
            data = data[part]
    return data


def plain(v: Any) -> Any:
    """Domain values as the chart's JSON writes them (enums → their characters).

    >>> plain({Phase.JIN: (Branch.SI, Stem.JIA)}), plain(Hexagram.from_name("乾"))
    ({'金': ['巳', '甲']}, '乾')
    """
    if isinstance(v, Mapping):
        return {str(plain(k)): plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple | set | frozenset):
        return [plain(x) for x in v]
    if isinstance(v, Hexagram):
        return v.name
    if isinstance(v, GanZhi):
        return v.zh
    if isinstance(v, bool | int | float | str) and type(v) in (bool, int, float, str):
        return v
    if v is None:
        return None
    return str(v)


def domain(v: Any) -> Any:
    """A literal of the book as compute's value: 甲子 → GanZhi, 甲 → Stem, 子 → Branch,
    金 → Phase, 父母 → Relative; anything else unchanged.

    >>> domain("甲子"), domain("子"), domain("金"), domain("官鬼"), domain("乾")
    (GanZhi.from_zh('甲子'), Branch.ZI, Phase.JIN, Relative.GUANGUI, '乾')
    """
    if not isinstance(v, str):
        return v
    if v in GANZHI_ZH:
        return GanZhi.from_zh(v)
    if v in BRANCH_ZH and len(v) == 1:
        return Branch.from_zh(v)
    if v in STEM_ZH and len(v) == 1:
        return Stem.from_zh(v)
    if v in PHASE_CHARS and len(v) == 1:
        return Phase.from_zh(v)
    if v in RELATIVES:
        return Relative.from_zh(v)
    return v


def resolve(name: str) -> Any:
    """The public table or function *name* of compute (``compute.book.wuxing.nayin``).

    >>> resolve("compute.book.ganzhi.DIRECTIONS")[0]
    ('北', '壬子癸')
    """
    module, _, attr = name.rpartition(".")
    if not module.startswith("compute.") or any(p.startswith("_") for p in name.split(".")):
        raise ValueError(f"apply {name!r}: expected a public name of compute (compute.x.y)")
    return getattr(importlib.import_module(module), attr)


def lookup(table: Any, key: Any) -> Any:
    """Look *key* (the book's characters) up in a compute table: a mapping by key; a table of
    (name, value) rows by either side, or by a character of the value ("未" in "未坤申"); a
    sequence of 12, 10 or 8 by branch, stem or trigram.

    >>> from compute.book.ganzhi import DIRECTIONS
    >>> from compute.book.wuxing import STEM_PHASE, WUZHAO
    >>> lookup(DIRECTIONS, "未"), lookup(WUZHAO, "水"), lookup(STEM_PHASE, "庚")
    ('西南', '雨', Phase.JIN)
    """
    if isinstance(table, Mapping):
        for k in (key, domain(key)):
            if k in table:
                return table[k]
        raise KeyError(f"{key!r} is not a key of the table")
    rows = tuple(table)
    if rows and all(isinstance(r, tuple) and len(r) == 2 and all(isinstance(x, str) for x in r)
                    for r in rows):
        for r in rows:
            if key in r:
                return r[1] if key == r[0] else r[0]
        for r in rows:
            if key in r[1]:
                return r[0]
        raise KeyError(f"{key!r} is in no row of the table")
    by_size: dict[int, Callable[[str], Any]] = {12: Branch.from_zh, 10: Stem.from_zh,
                                                8: Trigram.from_zh}
    if len(rows) not in by_size:
        raise KeyError(f"a table of {len(rows)} rows is not indexed by branch, stem or trigram")
    return rows[int(by_size[len(rows)](key))]


def apply(c: Chart, focus: Mapping[str, Any]) -> Any:
    """The result of an ``apply`` focus on chart *c*."""
    target = resolve(focus["apply"])
    args = []
    for a in focus.get("args", ()):
        if a == "chart":
            args.append(c)
        elif isinstance(a, Mapping) and "field" in a:
            args.append(value_at(c.to_dict(), a["field"]))
        elif isinstance(a, Mapping) and "value" in a:
            args.append(a["value"])
        else:
            raise ValueError(f"apply {focus['apply']}: arg {a!r}; expected 'chart', "
                             "{field = PATH} or {value = literal}")
    if callable(target):
        return target(*(x if isinstance(x, Chart) else domain(x) for x in args),
                      **dict(focus.get("kwargs", {})))
    if len(args) != 1:
        raise ValueError(f"apply {focus['apply']}: a table takes one key, got {len(args)}")
    return lookup(target, args[0])


# ================================================================ examples → charts


def inputs_chart(inputs: Mapping[str, Any]) -> Chart:
    """The chart of constructed *inputs* (the book's way, or a cast with ``lines`` / ``at``)."""
    import datetime as dt

    kw = {k: v for k, v in inputs.items() if v not in ("", None)}
    if "lines" in kw or "at" in kw:
        at = kw.pop("at", None)
        return draw(at=dt.datetime.fromisoformat(at) if at else None, **kw)
    return draw(kw.pop("primary"), kw.pop("changed", None), **kw)


def case_chart(case_id: str) -> Chart:
    """A book case's chart, as :mod:`yimao.model.cases` charts it."""
    from yimao.model import cases

    return cases.setting(cases.by_id(cases.load(), case_id)).chart


def example_chart(example: Example | Mapping[str, Any]) -> Chart:
    """The chart of an example (of the TEI, or a row of examples.toml)."""
    ex = example if isinstance(example, Example) else None
    source = ex.source if ex else example["source"]  # type: ignore[index]
    if source == "case":
        return case_chart(ex.case if ex else example["case"])  # type: ignore[index]
    return inputs_chart((ex.inputs or {}) if ex else example["inputs"])  # type: ignore[index]


# ------------------------------------------------------------------ the 筮類 judgments' examples

NEAR_MISS_KEYS: tuple[str, ...] = ("primary", "changed", "month", "day", "year", "hour", "birth",
                                   "facts")
"""What a judgment's near miss may change: the chart and the facts of the asking, never the
question (a judgment that does not answer a question says nothing on it: that is no near miss)."""


def judgment(rule: str) -> Mapping[str, Any] | None:
    """The 筮類 judgment *rule* (editorial/judgments.toml as compiled into compute), or None."""
    from compute.shilei.judgments_data import JUDGMENTS

    return next((j for j in JUDGMENTS if j["id"] == rule), None)


def outcome_caption(j: Mapping[str, Any], k: int) -> str:
    """The Korean of outcome *k* (1-based) of judgment *j* (its one verdict if it has none)."""
    outs = j.get("outcomes") or ()
    return str(outs[k - 1]["verdict_ko"]) if outs else str(j.get("verdict_ko", ""))


def judgment_faults(rule: str, inputs: Mapping[str, Any] | None, focus: Mapping[str, Any],
                    ko_focus: str, near_inputs: Mapping[str, Any] | None,
                    c: Chart | None = None, near: Chart | None = None) -> tuple[str, ...]:
    """What is wrong with an example of a 筮類 judgment (empty: nothing; not a judgment:
    nothing): its question is one the judgment answers; the outcome that fires is the one its
    focus names (``data.outcome``) and its caption (``ko_focus``) is that outcome's words, taken
    from the finding; its near miss asks the same question and lacks that outcome.

    >>> judgment_faults("yuepo", None, {}, "", None)
    ()
    """
    j = judgment(rule)
    if j is None:
        return ()
    from compute.book.questions import question
    from compute.shilei.judge import applies

    out = []
    qid = (inputs or {}).get("question")
    if not qid or not applies(dict(j), question(qid)):
        out.append(f"its question {qid!r} is not one the judgment answers")
    c = c if c is not None else inputs_chart(inputs or {})
    f = next((f for f in c.findings if f.rule == rule), None)
    if f is None:
        return (*out, "the judgment does not fire on its chart")
    k = dict(f.data).get("outcome")
    if (focus.get("data") or {}).get("outcome") != k:
        out.append(f"its focus does not name the outcome that fires ({k})")
    want = outcome_caption(j, int(k or 1))
    if want not in ko_focus:
        out.append(f"its caption is not the outcome that fires ({k}: {want})")
    if near_inputs is None:
        out.append("it has no near miss")
        return tuple(out)
    changed = {key for key in set(near_inputs) | set(inputs or {})
               if near_inputs.get(key) != (inputs or {}).get(key)}
    if changed - set(NEAR_MISS_KEYS):
        out.append(f"its near miss changes {', '.join(sorted(changed - set(NEAR_MISS_KEYS)))}")
    near = near if near is not None else inputs_chart(near_inputs)
    if any(g.rule == rule and dict(g.data).get("outcome") == k for g in near.findings):
        out.append(f"its near miss shows the same outcome ({k})")
    return tuple(out)
