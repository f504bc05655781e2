"""The worked examples and the 筮類 questions the site shows, compiled into the TEI: the layer
that makes the TEI the reading site's only input for them (issue 8).

* editorial/examples.toml — a worked example for every computing rule (documented at the
  file's top) — becomes ``<standOff type="examples">``, one feature structure per
  ``[[example]]`` row in file order::

    <fs xml:id="ex-xunkong" type="example" corresp="#p163-case3" ana="#r-xunkong">
     <f name="source"><symbol value="case"/></f>
     <f name="claims"><vColl org="list"><string>p163-case3-c1</string></vColl></f>
     <f name="focus"><fs><f name="field"><string>void</string></f> …</fs></f>
     <f name="ko"><string xml:lang="ko"/></f>
     <f name="ko_focus"><string xml:lang="ko">旬空 戌、亥</string></f>
    </fs>

  The row's ``id`` is the ``xml:id``, its ``rule`` the ``@ana`` into the taxonomy ``#rules``,
  its book ``case`` (``source = "case"``) the ``@corresp``; every other field of
  :data:`EXAMPLE_FIELDS` the row gives is an ``f`` (tables ``fs``, arrays ``vColl
  org="list"``, booleans ``binary``, numbers ``numeric``, text ``string``; the Korean caption
  ``ko``, ``ko_focus`` and the near miss's ``why`` in ``xml:lang="ko"``). ``hand`` (which
  fields tools/find_examples.py must keep) is the tool's bookkeeping and is not compiled.
* editorial/questions.toml — what the site takes of it: the ``[vocabulary]`` of 用神 with
  their Korean glosses (``<fs type="yongshen-vocabulary">``, one ``f`` per value) and each
  question's :data:`QUESTION_FIELDS` (``<fs type="question" corresp="#shilei-01-q1">``, the
  question's ``seg`` in the text; of its alternatives only their ``passages``), in
  ``<standOff type="questions">``, file order.

A broken row stops the builder with one line naming the file, the row and what is accepted.

>>> stand = el(None, "standOff")
>>> example_records(stand, [{"id": "ex-a", "rule": "a", "source": "constructed",
...                          "inputs": {"primary": "乾"}, "focus": {"field": "void"},
...                          "ko": "구성례"}])
>>> [(e.tag.split("}")[1], e.get("name") or e.get("value") or e.text) for e in stand.iter()][1:]
[('fs', None), ('f', 'source'), ('symbol', 'constructed'), ('f', 'inputs'), ('fs', None), \
('f', 'primary'), ('string', '乾'), ('f', 'focus'), ('fs', None), ('f', 'field'), \
('string', 'void'), ('f', 'ko'), ('string', '구성례')]
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from lxml import etree

from yimao import ids
from yimao.tei.inputs import EDITORIAL, InputError, present
from yimao.tei.markup import el, feature_value

EXAMPLES_TOML: Final = EDITORIAL / "examples.toml"
QUESTIONS_TOML: Final = EDITORIAL / "questions.toml"
SOURCES: Final = ("case", "constructed")
EXAMPLE_FIELDS: Final = ("source", "claims", "inputs", "focus", "near_miss", "ko", "ko_focus")
"""The fields of an ``[[example]]`` compiled as ``f``, in this order (``id``, ``rule`` and
``case`` are attributes)."""
NOT_COMPILED: Final = ("hand",)
"""Fields of a row that only tools/find_examples.py reads."""
QUESTION_FIELDS: Final = ("text", "ko", "yongshen", "reason", "passages", "alternative")
"""The fields of a ``[[question]]`` the site shows (its example, its 用神, the passages that
treat it and its alternatives' passages), compiled as ``f`` in this order."""
KOREAN: Final = frozenset({"ko", "ko_focus", "why", "reason"})
"""Features whose text readers see in Korean (``<string xml:lang="ko">``)."""
SYMBOLS: Final = frozenset({"source"})
_NAME = re.compile(r"[^\W\d][\w.-]*")
"""A feature name (``f/@name``, an XML name without a colon)."""


def _load(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(present(path).read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        m = re.search(r"\(at line (\d+), column \d+\)", str(exc))
        raise InputError(f"{path}:{m.group(1) if m else 0}: not valid TOML: {exc}") from None


def read_examples(path: Path = EXAMPLES_TOML) -> list[dict[str, Any]]:
    """The ``[[example]]`` rows of *path*, in file order, each checked: an ``id`` of the form
    ``ex-<rule>`` (unique), a ``rule``, a ``source`` (case with a ``case`` id, or constructed
    with its ``inputs``), a ``focus`` table and only the known fields."""
    rows = _load(path).get("example", [])
    known = {"id", "rule", "case", *EXAMPLE_FIELDS, *NOT_COMPILED}
    seen: set[str] = set()
    for k, row in enumerate(rows, 1):
        where = f"{path}: [[example]] {k} ({row.get('id', '?')})"
        missing = [f for f in ("id", "rule", "source", "focus") if f not in row]
        if missing:
            raise InputError(f"{where}: missing {', '.join(missing)}; every example needs id, "
                             "rule, source and focus")
        if not isinstance(row["id"], str) or ids.kind(row["id"]) != "example":
            raise InputError(f"{where}: id {row['id']!r}; expected \"ex-<rule>\" (lower case, "
                             "digits and hyphens)")
        if row["id"] in seen:
            raise InputError(f"{where}: a second example with this id")
        seen.add(row["id"])
        if row["source"] not in SOURCES:
            raise InputError(f"{where}: source {row['source']!r}; expected case or constructed")
        need = "case" if row["source"] == "case" else "inputs"
        kind = str if need == "case" else Mapping
        if not isinstance(row.get(need), kind):
            raise InputError(f"{where}: a {row['source']} example needs "
                             + ('case = "pNNN-caseK"' if need == "case" else
                                "inputs = {primary, changed, month, day …}"))
        if not isinstance(row["focus"], Mapping):
            raise InputError(f"{where}: focus must be a table ({{finding|state|field|apply …}})")
        unknown = sorted(set(row) - known)
        if unknown:
            raise InputError(f"{where}: unknown field(s) {', '.join(unknown)}; known: "
                             f"{', '.join(sorted(known))}")
    return rows


def read_questions(path: Path = QUESTIONS_TOML) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """The ``[vocabulary]`` (用神 → Korean gloss) and the ``[[question]]`` rows of *path*, each
    reduced to the ``id`` and the :data:`QUESTION_FIELDS` it gives."""
    data = _load(path)
    vocabulary = data.get("vocabulary", {})
    for name, gloss in vocabulary.items():
        if not _NAME.fullmatch(name) or not isinstance(gloss, str):
            raise InputError(f"{path}: [vocabulary] {name!r}: expected a name (no spaces, not "
                             "starting with a digit) = its Korean gloss")
    out = []
    for k, q in enumerate(data.get("question", []), 1):
        qid = q.get("id")
        if not isinstance(qid, str) or ids.kind(qid) != "question":
            raise InputError(f"{path}: [[question]] {k}: id {qid!r}; expected shilei-NN-qK")
        row: dict[str, Any] = {"id": qid}
        for name in QUESTION_FIELDS:
            if name == "alternative" and name in q:
                row[name] = [{"passages": alt["passages"]} for alt in q[name]
                             if "passages" in alt]
            elif name in q:
                row[name] = q[name]
        out.append(row)
    return dict(vocabulary), out


def check_examples(rows: Sequence[Mapping[str, Any]], rules: Collection[str],
                   cases: Collection[str], path: Path = EXAMPLES_TOML) -> None:
    """Every example's rule is a rule of the taxonomy (*rules*: ids without ``r-``) and its
    book case a worked case of editorial/cases.toml (*cases*)."""
    for k, row in enumerate(rows, 1):
        where = f"{path}: [[example]] {k} ({row['id']})"
        if row["rule"] not in rules:
            raise InputError(f"{where}: rule {row['rule']!r} is no rule of compute's registry "
                             "(the taxonomy #rules)")
        if row["source"] == "case" and row["case"] not in cases:
            raise InputError(f"{where}: case {row['case']!r} is no case of "
                             "editorial/cases.toml")


def example_records(stand: etree._Element, rows: Sequence[Mapping[str, Any]]) -> None:
    """One ``<fs type="example">`` per row into *stand* (see the module doc)."""
    for row in rows:
        case = f"#{row['case']}" if row["source"] == "case" else None
        fs = el(stand, "fs", id=row["id"], type="example", corresp=case,
                ana=f"#{ids.rule(row['rule'])}")
        for name in EXAMPLE_FIELDS:
            if name in row:
                feature(fs, name, row[name], f"example {row['id']}")


def question_records(stand: etree._Element, vocabulary: Mapping[str, str],
                     rows: Sequence[Mapping[str, Any]]) -> None:
    """``<fs type="yongshen-vocabulary">`` and one ``<fs type="question">`` per row."""
    fs = el(stand, "fs", type="yongshen-vocabulary")
    for name, gloss in vocabulary.items():
        f = el(fs, "f")
        f.set("name", name)
        el(f, "string", gloss, lang="ko")
    for row in rows:
        fs = el(stand, "fs", type="question", corresp=f"#{row['id']}")
        for name in QUESTION_FIELDS:
            if name in row:
                feature(fs, name, row[name], f"question {row['id']}")


def feature(fs: etree._Element, name: str, value: Any, where: str) -> None:
    """``<f name="…">`` with *value* (see :func:`value`) into *fs*."""
    if not _NAME.fullmatch(name):
        raise InputError(f"{where}: key {name!r} cannot be a feature name (no spaces, not "
                         "starting with a digit)")
    f = el(fs, "f")
    f.set("name", name)
    if name in SYMBOLS and isinstance(value, str):
        el(f, "symbol").set("value", value)
    else:
        feature_value(f, value, where, "ko" if name in KOREAN else None, feature)
