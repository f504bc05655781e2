"""The reading site's Run panel calls compute here, in the reader's browser (under Pyodide).

One function, :func:`run`: the form's fields (:data:`FIELDS`: ``primary``, ``changed``,
``month``, ``day``, ``year``, ``hour``, ``birth``, ``lines``, ``at``, ``tz``; an empty field is
absent) → the chart as HTML, the JSON of ``chart(...).to_dict()`` and, for bad input, the one
line ``yimao chart --lang ko`` prints instead: the reading site speaks Korean, so the error is
written in Korean (:mod:`compute.messages`; ``lang="en"`` gives the English line).
:func:`run_json` is the same with JSON text in and out, so the page's script needs nothing of
Pyodide's type conversion.

>>> out = run({"primary": "困", "changed": "坎", "month": "午", "day": "壬戌", "year": ""})
>>> out["error"] is None, json.loads(out["chart"])["primary"]["name"]
(True, '困')
>>> run({"primary": "震", "changed": "兌", "month": "寅"})["error"]
'日辰이 없습니다. 日辰(예: 癸酉)이나 일시(예: 1663-04-12T09:00)를 적으십시오.'
>>> run({"primary": "震", "changed": "兌", "month": "寅"}, lang="en")["error"]
"chart needs a day (日辰, e.g. day='癸酉') or a date (at=datetime)"

The fields are read by :func:`compute.engine.chart.chart_from_fields` and the error written by
:func:`compute.errors.message`, as ``yimao chart`` reads and writes them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from compute.engine import inputs
from compute.engine.chart import Chart, chart_from_fields
from compute.engine.layout import render_html
from compute.errors import InputError, message
from compute.explain import explained

FIELDS = inputs.FIELDS
"""The Run panel's inputs: the form fields of :func:`compute.engine.chart.chart_from_fields`."""


def passage_link(site_root: str) -> Callable[[str], str]:
    """The permanent link of a passage or sentence id, relative to *site_root*.

    >>> passage_link("../../")("p173-s2"), passage_link("/")("p043")
    ('../../p/p173/#p173-s2', '/p/p043/#p043')
    """
    def href(pid: str) -> str:
        return f"{site_root}p/{pid.partition('-')[0]}/#{pid}"
    return href


def chart_html(c: Chart, passage_href: Callable[[str], str]) -> str:
    """The chart as HTML: :func:`compute.engine.layout.render_html`, the one chart layout the
    build's case pages show too, explained (:func:`compute.explain.explained`: the verdict
    first, each cell's note, the derivation open), the findings by topic, each passage linked
    (the page's script shows each as a reader cites it).

    >>> from compute import chart
    >>> html = chart_html(chart("困", "坎", month="午", day="壬戌"), passage_link("/"))
    >>> html.count('<td class="line"'), 'href="/p/p056/#p056-s1" data-p="p056-s1"' in html
    (6, True)
    >>> html.count('<li data-step='), '<details class="derivation-box" open>' in html
    (10, True)
    """
    return render_html(explained(c), passage_href, derivation_open=True)


def run(fields: Mapping[str, str], site_root: str = "/", lang: str = "ko") -> dict[str, Any]:
    """``{"html": …, "chart": JSON of to_dict(), "error": None}`` for good input;
    ``{"html": "", "chart": None, "error": the CLI's line in *lang*}`` for bad input. Fields
    other than :data:`FIELDS` are not read.

    >>> out = run({"lines": "987876", "at": "1663-04-12T09:00"}, site_root="../")
    >>> json.loads(out["chart"])["day"], 'href="../p/p' in out["html"]
    ('癸酉', True)
    >>> run({"lines": "987876", "at": "1663-13-12"})["error"][:49]
    '일시 「1663-13-12」: 시각까지 적으십시오(예: 1663-04-12T09:00).'
    >>> run({"primary": "XX", "month": "寅", "day": "甲子"})["error"][:20]
    '本卦 「XX」: 그런 괘는 없습니다.'

    """
    try:
        c = chart_from_fields({name: str(fields.get(name) or "") for name in FIELDS})
    except InputError as exc:
        return {"html": "", "chart": None, "error": message(exc, lang)}
    return {"html": chart_html(c, passage_link(site_root)),
            "chart": json.dumps(c.to_dict(), ensure_ascii=False), "error": None}


def run_json(request: str) -> str:
    """:func:`run` for the page's script: ``{"fields": {…}, "root": "../"}`` (and ``"lang"``,
    Korean unless ``"en"``) → JSON text.

    >>> json.loads(run_json('{"fields": {"primary": "乾", "day": "甲子"}, "root": "/"}'))["error"]
    '月建이 없습니다. 月建(예: 寅)이나 일시(예: 1663-04-12T09:00)를 적으십시오.'
    """
    data = json.loads(request)
    lang = "en" if data.get("lang") == "en" else "ko"
    return json.dumps(run(data.get("fields") or {}, data.get("root") or "/", lang),
                      ensure_ascii=False)
