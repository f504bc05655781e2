"""The practice page (/practice/, 연습, issue 23): a chart to work by hand.

The reader is given a hexagram (本卦, 之卦, 月建, 日辰 and sometimes a 筮類 question) and fills
in each line's 天干, 地支, 六親 and 六神, the 世 and 應 lines and the question's 用神;
``site/_static/yimao-practice.js`` checks the answers against the chart compute drew and
explains every miss from the chart's own fields, linking the sentence of the book that states
the rule.

Everything the check needs is put into the page when the site is built, so it works offline
and without Pyodide:

* the exercises (:func:`exercises`): a fixed, varied set of charts (every palace, every 世
  generation, moving lines, days of every stem, half of them asked a question), each as its
  inputs and :func:`answer` (the part of ``chart(...).to_dict()`` the check reads);
* the sentences (:func:`sentences`): for each rule the check explains, the sentence it links,
  one of the rule's passages in compute's registry as the TEI's taxonomy files them (the build
  stops if it is not among them), with its human reference (立法 4.2.1) and its URL from the
  practice page.

A query string (``/practice/?primary=困&changed=坎&month=午&day=壬戌``: the 「직접 풀어 보기」
links of the rule and question examples) names a chart; when it is not one of the exercises the
page charts it with the Run panels' Pyodide (compute.runner.run_json).

>>> xs = exercises(())
>>> len(xs), len({x["chart"]["primary"]["palace"] for x in xs})
(32, 8)
>>> sorted({x["chart"]["primary"]["generation"] for x in xs}) == sorted(GENERATIONS)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yimao.errors import EditionError

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

    from yimao.model.edition import Edition
    from yimao.model.examples import Question

PALACES = ("乾", "坎", "艮", "震", "巽", "離", "坤", "兌")
GENERATIONS = ("八純", "一世", "二世", "三世", "四世", "五世", "游魂", "歸魂")
COUNT = 32
"""How many exercises the page embeds: four of each palace, four of each 世 generation."""

HEXAGRAM_KEYS = ("name", "full_name", "palace", "palace_element", "generation", "shi", "ying")
LINE_KEYS = ("position", "yang", "moving", "mark", "stem", "branch", "element", "relative",
             "spirit", "hidden")
CHART_KEYS = ("cast", "void", "xun", "month", "day", "year", "hour")

SENTENCES: Mapping[str, tuple[str, str]] = {
    # key: (rule of compute's registry, the sentence among its passages the check links)
    "stem:乾坤": ("najia-gan", "p042-s1"),
    "stem:六子": ("najia-gan", "p043-s1"),
    "stem:時遷": ("najia-gan-seasonal", "p044-s1"),
    "branch:陽": ("najia-zhi", "p045-s2"),
    "branch:坤": ("najia-zhi", "p046-s2"),
    "branch:陰": ("najia-zhi", "p047-s1"),
    "relative:父母": ("liuqin", "p054-s2"),
    "relative:官鬼": ("liuqin", "p054-s3"),
    "relative:兄弟": ("liuqin", "p055-s1"),
    "relative:子孫": ("liuqin", "p055-s2"),
    "relative:妻財": ("liuqin", "p055-s2"),
    "spirit:日": ("liushen-day", "p058-s2"),
    "spirit:青龍": ("liushen-day", "p061-s1"),
    "spirit:白虎": ("liushen-day", "p061-s1"),
    "spirit:朱雀": ("liushen-day", "p061-s2"),
    "spirit:元武": ("liushen-day", "p061-s2"),
    "spirit:勾陳": ("liushen-day", "p060-s1"),
    "spirit:騰蛇": ("liushen-day", "p060-s2"),
    "shiying:次": ("shi-ying", "p067-s1"),
    "shiying:八純": ("shi-ying", "p066-s2"),
    "shiying:魂": ("bagong-16bian", "p038-s1"),
    "yongshen:法": ("yongshen-source", "p275-s3"),
}
"""The sentence the check links for each kind of miss (yimao-practice.js reads the keys)."""


def answer(d: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a chart's ``to_dict()`` the check reads: the pillars, the two hexagrams'
    names, palace, 世應 and lines (干支, 五行, 六親, 六神, 伏神), and the 用神 the question
    takes (compute's ``yongshen-source`` finding). Same keys, same values: a subset.

    >>> from compute import chart
    >>> a = answer(chart("困", "坎", month="午", day="壬戌", question="shilei-14-q5").to_dict())
    >>> a["primary"]["palace"], a["primary"]["lines"][1]["relative"], a["day"]
    ('兌', '父母', '壬戌')
    >>> [f["rule"] for f in a["findings"]], a["findings"][0]["data"]["lines"]
    (['yongshen-source'], [1])
    """
    def hexagram(h: Mapping[str, Any] | None) -> dict[str, Any] | None:
        if h is None:
            return None
        out = {k: h[k] for k in HEXAGRAM_KEYS}
        out["lines"] = [{k: ln[k] for k in LINE_KEYS} for ln in h["lines"]]
        return out

    return {
        "primary": hexagram(d["primary"]), "changed": hexagram(d.get("changed")),
        **{k: d.get(k) for k in CHART_KEYS},
        "options": {"question": d.get("options", {}).get("question")},
        "findings": [f for f in d.get("findings", []) if f["rule"] == "yongshen-source"],
    }


def yongshen_of(a: Mapping[str, Any]) -> dict[str, Any] | None:
    """The 用神 the check asks for: the ``yongshen-source`` finding's data when it names the
    lines (None when the chart is asked nothing or the 用神 is absent or the whole hexagram).

    >>> yongshen_of({"findings": []}) is None
    True
    """
    for f in a.get("findings", ()):
        data = f.get("data", {})
        if f["rule"] == "yongshen-source" and data.get("lines") and not data.get("absent"):
            return dict(data)
    return None


def _layout() -> dict[tuple[str, str], str]:
    """``{(palace, generation): hexagram name}`` of the 64 hexagrams."""
    from compute.book.gua import HEXAGRAMS

    return {(str(h.palace), h.generation_zh): h.name for h in HEXAGRAMS}


def spec(k: int) -> dict[str, Any]:
    """The *k*-th exercise's inputs (no question yet): palace ``k % 8``, a generation that
    differs for the four exercises of each palace, one or two moving lines (none for every
    seventh), a month and a day that step through the branches and all ten stems.

    >>> spec(0), spec(6)["changed"]
    ({'primary': '乾', 'changed': '姤', 'month': '寅', 'day': '丁卯', 'moving': [1]}, '')
    """
    from compute.book.ganzhi import BRANCH_ZH, GANZHI_ZH
    from compute.book.gua import Hexagram

    palace, generation = PALACES[k % 8], GENERATIONS[(3 * (k % 8) + k // 8) % 8]
    name = _layout()[(palace, generation)]
    moving = [] if k % 7 == 6 else [k % 6 + 1] + ([(k + 3) % 6 + 1] if k % 4 == 1 else [])
    changed = Hexagram.from_name(name).changed(moving).name if moving else ""
    return {"primary": name, "changed": changed, "month": BRANCH_ZH[(2 + 7 * k) % 12],
            "day": GANZHI_ZH[(3 + 11 * k) % 60], "moving": sorted(moving)}


def exercises(questions: Sequence[Question]) -> list[dict[str, Any]]:
    """The page's exercises: :data:`COUNT` charts of :func:`spec`, every even one asked a
    question of *questions* whose 用神 compute finds on a line of that chart (the questions
    are tried from a point that moves with *k*, in book order). Each: ``inputs`` (the fields
    of a Run panel), ``question`` (its words and Korean, or None) and ``chart``
    (:func:`answer`)."""
    from compute import chart

    out = []
    for k in range(COUNT):
        s = spec(k)
        inputs = {f: s[f] for f in ("primary", "changed", "month", "day") if s[f]}
        found, asked = None, None
        for i in range(len(questions) if k % 2 == 0 else 0):
            q = questions[(37 * k + i) % len(questions)]
            a = answer(chart(**inputs, question=q.id).to_dict())
            if yongshen_of(a) is not None:
                found, asked = a, q
                break
        if asked is not None:
            inputs["question"] = asked.id
        a = found or answer(chart(**inputs).to_dict())
        out.append({"inputs": inputs, "chart": a,
                    "question": {"id": asked.id, "text": asked.text, "ko": asked.ko}
                    if asked else None})
    return out


def sentences(edition: Edition, url: Callable[[str, str], str]) -> dict[str, list[str]]:
    """``{key: [sentence id, 立法 4.2.1, its URL]}`` for :data:`SENTENCES`, read from the
    edition: a sentence is linked when the TEI's rule taxonomy (compiled from compute's
    registry: each rule's passages) files it under its rule. Raises :class:`EditionError`
    when the edition has the rule but not that sentence under it (the registry moved on); a
    partial edition (a test's) without the rule links nothing for it."""
    from yimao.web.pages import docname, short_ref

    filed = {c.rule_id: set(c.sentences) for c in edition.categories()}
    out = {}
    for key, (rid, sid) in SENTENCES.items():
        if rid not in filed:
            continue
        if sid not in filed[rid]:
            raise EditionError(f"{edition.path}:0: practice: {sid} is not a passage of the "
                               f"rule {rid} (compute's registry, the TEI's taxonomy)")
        div = edition.passage(sid.split("-")[0]).division
        out[key] = [sid, short_ref(edition.ref(sid)), url(docname(div), sid)]
    return out


def passage_refs(edition: Edition, url: Callable[[str, str], str],
                 sids: Sequence[str]) -> dict[str, list[str]]:
    """``{sentence id: [立法 41.1.3, its URL]}`` of *sids* the edition has (the passages of
    the exercises' 用神 findings)."""
    from yimao.web.pages import docname, short_ref

    out = {}
    for sid in dict.fromkeys(sids):
        try:
            div = edition.passage(sid.split("-")[0]).division
            out[sid] = [short_ref(edition.ref(sid)), url(docname(div), sid)]
        except EditionError:
            continue
    return out


def page_data(edition: Edition, questions: Sequence[Question],
              url: Callable[[str, str], str]) -> dict[str, Any]:
    """What the page's script reads (a JSON script element): the exercises, the sentences
    of the rules and the references of the 用神 findings' passages."""
    xs = exercises(questions)
    sids = [s for x in xs for f in x["chart"]["findings"] for s in f["passages"]]
    return {"exercises": xs, "sentences": sentences(edition, url),
            "refs": passage_refs(edition, url, sids)}


def script_json(value: Any) -> str:
    """Compact JSON safe inside ``<script>`` and inside a single-quoted attribute as it is:
    ``<``, ``>``, ``&`` and ``'`` written as JSON escapes (no HTML entity to decode).

    >>> print(script_json({"a": "</script>'&"}))
    {"a":"\\u003c/script\\u003e\\u0027\\u0026"}
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for ch, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("'", "\\u0027")):
        text = text.replace(ch, esc)
    return text


def render(edition: Edition, questions: Sequence[Question], env: Any,
           url: Callable[[str, str], str]) -> str:
    """The practice form (template ``yimao/practice.html``) with its data."""
    data = page_data(edition, questions, url)
    first = data["exercises"][0]
    return str(env.get_template("yimao/practice.html").render(
        first=first, sentences=data["sentences"], chart_json=script_json(first["chart"]),
        inputs_json=script_json(first["inputs"]), data_json=script_json(data)))


# ------------------------------------------------------------------ Sphinx


def practice_directive() -> type:
    from docutils import nodes
    from sphinx.util.docutils import SphinxDirective

    from yimao.web.build_state import one_line

    class PracticeDirective(SphinxDirective):
        """``{yimao-practice}``: the /practice/ page's exercise form and its data."""

        @one_line
        def run(self) -> list[nodes.Node]:
            from yimao.model.examples import questions
            from yimao.web.build_state import site
            from yimao.web.extension import note_computed_page

            note_computed_page(self)
            templates = Path(self.env.app.confdir) / self.config.templates_path[0]
            self.env.note_dependency(str(templates / "yimao" / "practice.html"))
            self.env.note_dependency(__file__)
            state = site(self.env.app)
            builder = self.env.app.builder
            here = self.env.docname

            def url(target: str, anchor: str = "") -> str:
                uri = builder.get_relative_uri(here, target)
                return f"{uri}#{anchor}" if anchor else (uri or "./")

            html = render(state.edition, questions(state.edition), state.pages.env, url)
            return [nodes.raw("", html, format="html")]

    return PracticeDirective


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_directive("yimao-practice", practice_directive())
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
