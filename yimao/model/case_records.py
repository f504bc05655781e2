"""The worked cases of a parsed TEI, read from the text (``seg type="case"``, its claims, the
outcomes, the editors' notes) and the records beside it in the standOff (``fs type="case"``,
``check`` and ``case-question``) into the read model's :class:`~yimao.model.case_record.Case`,
each record checked as it is read.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any, NoReturn

from lxml import etree

from compute.claims.case import INPUTS, Inputs
from yimao.model.case_record import STATUSES, TYPES, Case, Claim
from yimao.model.tei_xml import XML_ID, fail, feature_values, plain_text, quote, text_of
from yimao.model.tei_xml import tei_tag as _t

_FEATURES = (frozenset(f.name for f in fields(Case) if f.type == "str") | set(INPUTS)) - {
    "id", "passage", "text", "corrected", "same_as", "working_note", "question_id",
    "yongshen_note"}
"""The names an ``f`` of a case record may have (its ``type`` too, which ``@subtype`` gives)."""


class CaseRecords:
    """The worked cases of a parsed TEI, read from their ``seg type="case"`` and the records
    beside the text (``fs`` of the standOff): for :meth:`yimao.model.edition.Edition.cases`
    and, without the rest of the edition, :func:`yimao.model.edition.load_cases`."""

    def __init__(self, path: Path, tree: etree._Element) -> None:
        self.path = path
        self.tree = tree

    def _fail(self, e: etree._Element | None, what: str) -> NoReturn:
        fail(self.path, e, what)

    def read(self) -> tuple[Case, ...]:
        """Every worked case with its record, in book order. Refused: a record (``fs`` of type
        case, check or case-question) or an outcome whose ``@corresp`` names no worked case
        (a check: no case or claim), a case without its record, a record the model cannot
        read."""
        notes: dict[str, list[etree._Element]] = {}  # their text is read for the cases only
        outcomes: dict[str, list[str]] = {}
        outcome_paras: dict[str, dict[str, None]] = {}
        outcome_segs = []
        segs = []
        claim_ids = set()
        for e in self.tree.iter(_t("note"), _t("seg")):
            kind = e.get("type")
            if kind == "editorial" and e.tag == _t("note"):
                key = "date:" if e.get("subtype") == "date" else ""
                for t in (e.get("target") or "").split():
                    notes.setdefault(key + t.lstrip("#"), []).append(e)
            elif kind == "outcome":
                of = (e.get("corresp") or "").lstrip("#")
                outcome_segs.append(e)
                outcomes.setdefault(of, []).append(e.get(XML_ID) or "")
                para = next(e.iterancestors(_t("p")), None)
                if para is not None:
                    outcome_paras.setdefault(of, {})[para.get(XML_ID) or ""] = None
            elif kind == "case" and e.tag == _t("seg"):
                segs.append(e)
            elif kind == "claim" and e.tag == _t("seg"):
                claim_ids.add(e.get(XML_ID))
        cases = {seg.get(XML_ID) for seg in segs}
        described = {"case": cases, "case-question": cases, "check": cases | claim_ids}
        # the records beside the text: fs of standOff by type, keyed by what they describe
        fss: dict[str, dict[str, etree._Element]] = {"case": {}, "check": {},
                                                       "case-question": {}}
        for fs in self.tree.iter(_t("fs")):
            kind = fs.get("type")
            if kind in described and fs.get("corresp", "").lstrip("#") not in described[kind]:
                self._fail(fs, f"{'case record' if kind == 'case' else f'{kind} record'} "
                               f"@corresp {quote(fs.get('corresp', ''))} names no worked case"
                               f"{' or claim' if kind == 'check' else ''} (seg type='case')")
        for e in outcome_segs:
            if (e.get("corresp") or "").lstrip("#") not in cases:
                self._fail(e, f"outcome @corresp {quote(e.get('corresp') or '')} names no "
                              "worked case (seg type='case')")
        for stand in self.tree.iterchildren(_t("standOff")):
            for fs in stand.iterchildren(_t("fs")):
                kind = fs.get("type") or ""
                if kind in fss:
                    fss[kind][fs.get("corresp", "").lstrip("#")] = fs
        records = fss["case"]
        checks = {k: feature_values(fs) for k, fs in fss["check"].items()}
        readings = {k: feature_values(fs) for k, fs in fss["case-question"].items()}
        out = []
        for seg in segs:
            r = readings.get(seg.get(XML_ID) or "")
            if r is not None and not isinstance(r.get("yongshen"), dict):
                self._fail(seg, f"case {seg.get(XML_ID)}: its <fs type='case-question'> has no "
                                "yongshen feature structure")
            extra = {} if r is None else {"question_id": str(r.get("question", "")),
                                          "yongshen": r["yongshen"],
                                          "yongshen_note": str(r.get("note", ""))}
            out.append(self._case(seg, records, notes, outcomes, outcome_paras, checks, extra))
        return tuple(out)

    def _case(self, seg: etree._Element, records: dict[str, etree._Element],
              notes: dict[str, list[etree._Element]], outcomes: dict[str, list[str]],
              outcome_paras: dict[str, dict[str, None]],
              checks: dict[str, dict[str, Any]], extra: dict[str, Any]) -> Case:
        cid = seg.get(XML_ID) or ""
        fs = records.get(cid)
        if fs is None:
            self._fail(seg, f"case {cid} has no <fs type='case' corresp='#{cid}'>")
        values: dict[str, str] = {}
        for f in fs.findall(_t("f")):  # type: ignore[union-attr]
            name = f.get("name") or ""
            if name not in _FEATURES:
                self._fail(f, f"{cid}: unknown feature {name!r}; known: {sorted(_FEATURES)}")
            v = f[0] if len(f) else None
            if v is None:
                self._fail(f, f"{cid}: feature {name!r} without a value")
            values[name] = v.get("value") if v.tag == _t("symbol") else plain_text(v)  # type: ignore
        kind = seg.get("subtype") or values.pop("type", "")
        values.pop("type", None)
        if kind not in TYPES:
            self._fail(seg, f"case {cid}: type {kind!r}; expected {', '.join(TYPES)}")
        claims = tuple(self._claim(c, cid, notes, checks)
                       for c in seg.iter(_t("seg")) if c.get("type") == "claim")
        para = next(seg.iterancestors(_t("p"))).get(XML_ID) or ""
        inputs = Inputs.given({k: values.pop(k) for k in INPUTS if k in values})
        return Case(
            cid, para, kind, text_of(seg, "diplomatic"), text_of(seg, "corrected"), inputs,
            **values,
            outcome_ids=tuple(outcomes.get(cid, ())),
            outcome_paragraphs=tuple(outcome_paras.get(cid, ())),
            same_as=(seg.get("corresp") or "").lstrip("#"), claims=claims,
            notes=tuple(map(plain_text, notes.get(cid, ()))),
            date_notes=tuple(map(plain_text, notes.get(f"date:{cid}", ()))),
            working_note=str(checks.get(cid, {}).get("note", "")), **extra,
        )

    def _claim(self, c: etree._Element, cid: str, notes: dict[str, list[etree._Element]],
               checks: dict[str, dict[str, Any]]) -> Claim:
        claim_id = c.get(XML_ID) or ""
        expect = c.get("subtype") or ""
        if expect not in STATUSES:
            self._fail(c, f"claim {claim_id}: expected status {expect!r}; expected one of "
                          f"{', '.join(STATUSES)}")
        found = checks.get(claim_id, {})
        if "check" not in found:
            self._fail(c, f"claim {claim_id} of {cid} has no machine check "
                          "(<fs type='check'>); run python -m yimao.tei.build")
        return Claim(claim_id, text_of(c, "diplomatic"), c.get("n") or "", expect,
                     found["check"], " ".join(map(plain_text, notes.get(claim_id, ()))),
                     str(found.get("note", "")), str(found.get("sic", "")),
                     str(found.get("corr", "")))
