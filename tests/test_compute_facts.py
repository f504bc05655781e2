"""Structured findings: the facts a consumer reads say what the summary says.

The consumers (yimao.model.cases, compute.lifa.guayan) used to read these facts out of the
summaries; the
old parsing is kept here as an independent reading, and over tools/golden.py's seeded sample
(3,000 casts) the facts must agree with it wherever a finding fires. No module of compute or
yimao reads a summary.
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from compute import InputError, chart

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from golden import sample  # noqa: E402

RULES = ("sanhe-ju", "suimu", "ganhua-yong", "fanyin-gua", "fuyin", "gua-mujue",
         "liuchong-gua", "hechu-fengchong")


def _charts() -> list[Any]:
    out = []
    for kw in sample(3000):
        kw = dict(kw)
        if "at" in kw:
            kw["at"] = dt.datetime.fromisoformat(kw["at"])
        try:
            out.append(chart(**kw))
        except InputError:
            pass
    return out


@pytest.fixture(scope="module")
def findings() -> list[Any]:
    return [f for c in _charts() for f in c.findings if f.rule in RULES]


def test_every_reading_rule_fires_in_the_sample(findings: list[Any]) -> None:
    seen = Counter(f.rule for f in findings)
    assert set(seen) == set(RULES), seen


def test_facts_agree_with_the_old_reading_of_the_summary(findings: list[Any]) -> None:
    for f in findings:
        s = f.summary
        assert f.kind, f
        if f.rule == "sanhe-ju":
            assert str(f.fact("element")) == s.split()[1].removesuffix("局")
            assert f.kind == dict(f.data)["kind"] and f.fact("verdict") == dict(f.data)["verdict"]
        elif f.rule == "suimu":
            assert f.kind == s.split(":")[0]
        elif f.rule == "ganhua-yong":
            assert str(f.fact("relative")) == s.split("=", 1)[1].split()[0]
        elif f.rule in ("fanyin-gua", "fuyin", "gua-mujue"):
            assert f.fact("side") == s.split(" ")[0] and s.startswith(("內卦", "外卦"))
            assert f.fact("member") == s.split("(")[1].split(")")[0]
            assert f.fact("sign") == ("反吟" if "反吟" in s else "伏吟" if "伏吟" in s else "墓絕")
        elif f.rule == "liuchong-gua":
            assert f.kind == s.split(" ")[0]
        elif f.rule == "hechu-fengchong":
            assert (f.kind in ("合處逢沖", "合處變沖")) == s.startswith("合處")


RENDERERS = {
    "layout.py": "the chart layout prints the summaries",
    "registry.py": "Finding itself",
    "daxian.py": "its own summary() method, a producer",
    "quyong.py": "卦用 (gua-yong-8) quotes the hexagram findings' summaries as its text",
    "examples.py": "the rule/question example pages print each finding's summary (a renderer)",
}


def test_no_module_reads_a_summary() -> None:
    """Only producers and renderers name ``.summary`` (:data:`RENDERERS`, each with why)."""
    readers = []
    for folder in ("compute", "yimao"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#")[0]
                if ">>>" in line or "..." in line.lstrip()[:3]:
                    continue  # doctests print summaries for the reader
                if re.search(r"\.summary\b", code) and path.name not in RENDERERS:
                    readers.append(f"{folder}/{path.name}:{k}: {line.strip()}")
    assert readers == []
