"""The TEI edition (tei/yimao.xml) parsed once into a model for the CLI and the site.

>>> ed = load_edition()
>>> len(ed.divisions), ed.divisions[0].id, ed.divisions[-1].id
(97, 'front-title', 'back-siku')
>>> d = ed.division("lifa-04")
>>> d.part, d.n, d.title_zh, d.label
('lifa', 4, '納甲章', '立法 4')
>>> p = d.passages[1]
>>> p.id, p.n, p.ref, p.ko_id, p.sentences
('p043', 2, '易冒 立法 4.2', 'p043-ko', ('p043-s1',))
>>> ed.ref("p043-s1"), ed.ref("p043-ko"), ed.ref("p004"), ed.ref("p002"), ed.ref("p027-s2")
('易冒 立法 4.2.1', '易冒 立法 4.2', '易冒 王序 2', '易冒 題 2', '易冒 立法 1.1.2')
>>> ed.resolve("立法 4.2.1"), ed.resolve("易冒 王序 2"), ed.resolve("立法 1.1.2")
('p043-s1', 'p004', 'p027-s2')
>>> ed.division("front-gu").author
'顧豹文'
>>> ed.ref("lifa-04"), ed.resolve("立法 4"), ed.ref("front-lu")
('易冒 立法 4', 'lifa-04', '易冒 陸序')
>>> ed.passage("p002").ko_id == ed.passage("p001").ko_id == "p001-ko"
True
>>> ed.passage("p001").text("diplomatic"), ed.passage("p043").zh.inlines[0].id
('易冒', 'p043-s1')
>>> ed.passage("p003").ko_text()[:12], ed.case("p089-case1").outcome_paragraphs
('내가 경성에서 벼슬할 ', ('p089',))
>>> c = ed.case("p089-case1")
>>> c.passage, c.type, c.question, c.outcome, c.inputs.date, c.inputs.hexagrams, c.inputs.year
('p089', 'reported', '財', '後果得利', '午建 壬戌日', '困之坎', '')
>>> c.claims[0].id, c.claims[0].text, c.claims[0].rule, c.claims[0].expect
('p089-case1-c1', '木死於午', 'changsheng-12', 'confirmed')
>>> ed.case("p095-case1").claims[0].note.startswith("비(飛)·변(變)의 효에는")
True
>>> h = ed.header
>>> h.title, h.author
('易冒', Responsibility(name='程良玉', resp='著', id='cheng-liangyu'))
>>> h.editors
(Responsibility(name='胡介', resp='點定', id='hu-jie'),)
>>> h.version, h.date, h.source_date, h.responsibilities[-1].name
('0.1.0', '2026-12-03', '1664', '이름 미상')

Loading is safe and strict: the file must be UTF-8 XML without a DOCTYPE (no entities, no
DTD, nothing fetched: lxml's parser runs with entity resolution, DTD loading and network access
off), and the edition must hold together (:meth:`Edition.check`): every Chinese paragraph has
its Korean translation, every pointer (``@corresp``, ``@ana``, ``@target``, ``@prev``,
``@next``, ``@ref``, ``@resp``, ``@source``) names an xml:id of the file, every worked case has
its record. Anything else is refused with one :class:`~yimao.errors.EditionError`,
``file:line: what is wrong``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from lxml import etree

from yimao import ids
from yimao.errors import EditionError
from yimao.model.case_record import ROOT, Case, Claim, keep_cases, kept_cases
from yimao.model.case_records import CaseRecords
from yimao.model.tei_xml import (
    NS,
    TEI_NS,
    XML_ID,
    XML_LANG,
    check_reading,
    fail,
    feature_values,
    parse_xml,
    plain_text,
    quote,
    text_of,
)
from yimao.model.tei_xml import tei_tag as _t
from yimao.model.text import (
    READINGS,
    Flat,
    TargetedNote,
    correction_reasons,
    flatten,
    passage_notes,
    targeted_notes,
)
from yimao.model.text import text as runs_text

DEFAULT_PATH = ROOT / "tei" / "yimao.xml"
BOOK = ids.BOOK
PART_NAMES = ids.PARTS
POINTERS = ("ana", "corresp", "target", "prev", "next", "ref", "resp", "source")
"""The attributes whose ``#id`` tokens must name an xml:id of the file."""


class _Block:
    """A ``div type="passage"`` of the TEI: its paragraphs (Chinese, then the Korean) and the
    notes beside them, flattened into text runs on first use (the case commands, which load
    the edition for its case records, never need them)."""

    def __init__(self, paragraphs: list[etree._Element]):
        self._paragraphs = paragraphs
        self._flat: dict[str, Flat] = {}

    def _element(self, xml_id: str) -> etree._Element:
        return next(p for p in self._paragraphs if p.get(XML_ID) == xml_id)

    def flat(self, xml_id: str) -> Flat:
        if xml_id not in self._flat:
            reasons = correction_reasons(passage_notes(self._paragraphs[0]))
            self._flat[xml_id] = flatten(self._element(xml_id), reasons)
        return self._flat[xml_id]

    def targeted(self, pid: str) -> tuple[TargetedNote, ...]:
        return tuple(targeted_notes(self._element(pid), passage_notes(self._paragraphs[0])))


@dataclass(frozen=True, slots=True)
class Passage:
    """One Chinese paragraph and its Korean translation, as plain values.

    ``n`` counts Chinese paragraphs within the division from 1; ``ref`` is the canonical
    citation (``易冒 立法 4.2``). p001 and p002 (title, byline) share the Korean p001-ko.
    ``zh`` and ``ko`` are the paragraphs as text runs with their marks
    (:class:`yimao.model.text.Flat`), ``notes`` the editors' notes beside the paragraph that
    point into it (:class:`yimao.model.text.TargetedNote`), :meth:`text` its plain text.
    """

    id: str
    n: int
    ref: str
    division: str
    ko_id: str | None
    sentences: tuple[str, ...]
    cases: tuple[str, ...]  # ids of the worked cases (seg type="case") in the Chinese
    block: _Block = field(repr=False, compare=False)

    @property
    def zh(self) -> Flat:
        return self.block.flat(self.id)

    @property
    def ko(self) -> Flat | None:
        return self.block.flat(self.ko_id) if self.ko_id else None

    @property
    def notes(self) -> tuple[TargetedNote, ...]:
        return self.block.targeted(self.id)

    def text(self, reading: str = "corrected") -> str:
        """The Chinese paragraph's text in one reading (``diplomatic`` or ``corrected``)."""
        check_reading(reading)
        return runs_text(self.zh.inlines, reading)

    def ko_text(self, reading: str = "corrected") -> str:
        """The Korean translation's text in one reading (``""`` without one)."""
        check_reading(reading)
        return runs_text(self.ko.inlines, reading) if self.ko is not None else ""

    def sentence_ref(self, sid: str) -> str:
        """``易冒 立法 4.2.3`` for sentence ``p043-s3`` of this passage."""
        return f"{self.ref}.{self.sentences.index(sid) + 1}"


@dataclass(frozen=True, slots=True)
class Division:
    """A front-matter piece, a chapter of 立法/筮類, or the back matter.

    ``part`` ∈ front | lifa | shilei | back; ``n`` the chapter number (None for front/back);
    ``title_status`` ∈ source | edition | conjecture; ``notes`` the editors' (Korean) notes on
    the division's title or boundaries; ``label`` its citation label (``立法 4``, ``王序``);
    ``author`` the signing author of a preface (``王澤弘``), empty elsewhere.
    """

    id: str
    part: str
    n: int | None
    label: str
    title_zh: str
    title_ko: str
    title_status: str
    notes: tuple[str, ...]
    passages: tuple[Passage, ...]
    author: str = ""  # the signing author of a preface (byline/docAuthor), else ""


@dataclass(frozen=True, slots=True)
class Category:
    """A rule of the taxonomy ``#rules``: its sentences are those whose @ana point to it."""

    id: str
    rule_id: str
    name_zh: str
    name_ko: str  # the reader's Korean name (editorial/rules-ko.tsv title_ko)
    sentences: tuple[str, ...]
    statement_ko: str = ""  # what the book says, in Korean
    compute_ko: str = ""  # what compute does with it (or why it does not compute it)
    kinds: tuple[str, ...] = ()  # how compute implements it: table, function, line, finding,
    implementations: tuple[str, ...] = ()  # doctrine; the code's dotted names

    @property
    def passages(self) -> tuple[str, ...]:
        """The sentences and notes that state the rule (its ``sentences`` less the case
        claims that invoke it)."""
        return tuple(s for s in self.sentences if ids.paragraph_of(s)
                     and ids.parse(s).kind in ("sentence", "note"))


@dataclass(frozen=True, slots=True)
class Responsibility:
    """A person or body the teiHeader's titleStmt names: ``name`` as written (the Chinese
    name without its 字/號), ``resp`` what they did (the TEI's words: ``點定``, ``서문(王序)``,
    ``교감·구조화·편집주(編輯注)`` …), ``id`` their xml:id (may be empty)."""

    name: str
    resp: str
    id: str = ""


@dataclass(frozen=True, slots=True)
class Header:
    """What a citation of the edition needs from its teiHeader: the main title (``易冒``) and
    the subtitle, the author, the book's editor(s) (``editor``), everyone else responsible
    (``respStmt``), the edition's version and date (``editionStmt/edition``), the publishing
    body (``authority``) and the year of the printed source."""

    title: str
    subtitle: str
    author: Responsibility
    editors: tuple[Responsibility, ...]
    responsibilities: tuple[Responsibility, ...]
    version: str
    date: str
    publisher: str
    source_date: str


EDITOR_ROLES = {"dianding": "點定"}
"""``editor/@role`` values in the TEI's words."""


class Edition:
    """The parsed edition. Build with :func:`load_edition`."""

    def __init__(self, path: Path, tree: etree._ElementTree) -> None:
        self.path = path
        self.tree = tree.getroot()
        self._ids: dict[str, etree._Element] = {}
        self._blocks: dict[str, _Block] = {}
        self._paragraph_order: list[str] = []
        for a in self.tree.xpath("//@xml:id"):  # attribute values know their element
            i, e = str(a), a.getparent()
            if i in self._ids:
                self._fail(e, f"duplicate xml:id {i!r}")
            self._ids[i] = e
        self.divisions: tuple[Division, ...] = tuple(self._divisions())
        self._passages: dict[str, Passage] = {}
        self._sentence_passage: dict[str, Passage] = {}
        for d in self.divisions:
            for p in d.passages:
                self._passages[p.id] = p
                if p.ko_id is not None:
                    self._passages.setdefault(p.ko_id, p)
                for s in p.sentences:
                    self._sentence_passage[s] = p
        self.check()

    # ------------------------------------------------------------ checking

    def check(self) -> None:
        """Refuse an edition that does not hold together (run on load): a pointer that names
        no xml:id, a worked case without its record (or a record without its case), a case
        record the model cannot read. Paragraphs and their translations are checked while the
        divisions are read."""
        for e in self.tree.iter("*"):
            for name, value in e.items():
                if name not in POINTERS:
                    continue
                for token in value.split():
                    if token.startswith("#") and token[1:] not in self._ids:
                        self._fail(e, f"@{name} points to {quote(token)}, which is no xml:id "
                                      "of the file")
        self._cases()  # every record names a case, every case has a record that can be read

    # ------------------------------------------------------------ parsing

    def _fail(self, e: etree._Element | None, what: str) -> NoReturn:
        fail(self.path, e, what)

    def _divisions(self) -> list[Division]:
        text = self.tree.find(_t("text"))
        if text is None:
            self._fail(self.tree, "no <text> element")
        out: list[Division] = []
        for section in ("front", "body", "back"):
            holder = text.find(_t(section))
            if holder is None:
                self._fail(text, f"no <{section}> in <text>")
            for div in holder.findall(_t("div")):
                if section == "body":
                    if div.get("type") != "part":
                        self._fail(div, "a <div> in <body> must have type='part'")
                    part = div.get(XML_ID) or ""
                    if part not in PART_NAMES:
                        self._fail(div, f"part xml:id {part!r} is not one of {list(PART_NAMES)}")
                    for chapter in div.findall(_t("div")):
                        if chapter.get("type") != "chapter":
                            self._fail(chapter, "a <div> in a part must have type='chapter'")
                        out.append(self._division(chapter, part))
                elif div.get("type") != "glossary":  # the glossary: yimao.model.glossary
                    out.append(self._division(div, section))
        return out

    def _division(self, div: etree._Element, part: str) -> Division:
        did = div.get(XML_ID)
        if not did:
            self._fail(div, "division without xml:id")
        n_attr = div.get("n")
        n: int | None = None
        if part in PART_NAMES:
            if not (n_attr and n_attr.isdigit()):
                self._fail(div, f"chapter {did} needs a numeric @n, found {n_attr!r}")
            n = int(n_attr)  # type: ignore[arg-type]
            label = ids.label(part, n)
        else:
            if not n_attr:
                self._fail(div, f"division {did} needs @n (its citation label)")
            label = n_attr  # type: ignore[assignment]
        heads = {h.get(XML_LANG): h for h in div.findall(_t("head"))}
        if "lzh" not in heads or "ko" not in heads:
            self._fail(div, f"division {did} needs a <head xml:lang='lzh'> and one 'ko'")
        notes = tuple(
            "".join(e.itertext())
            for e in div.findall(_t("note"))
            if e.get("type") == "editorial"
        )
        passages: list[Passage] = []
        for block in div.findall(_t("div")):
            if block.get("type") != "passage":
                self._fail(block, f"unexpected <div type={block.get('type')!r}> in {did}")
            passages.extend(self._passage_block(block, did, label, len(passages)))
        author = div.find(f"{_t('byline')}/{_t('docAuthor')}")
        return Division(
            did, part, n, label, plain_text(heads["lzh"]), plain_text(heads["ko"]),
            heads["lzh"].get("subtype") or "source", notes, tuple(passages),
            plain_text(author) if author is not None else "",
        )

    def _passage_block(
        self, block: etree._Element, did: str, label: str, before: int
    ) -> list[Passage]:
        zhs = [p for p in block.findall(_t("p")) if p.get(XML_LANG) == "lzh"]
        kos = [p for p in block.findall(_t("p")) if p.get(XML_LANG) == "ko"]
        if not zhs:
            self._fail(block, f"passage in {did} without a Chinese <p xml:lang='lzh'>")
        if len(kos) > 1:
            self._fail(kos[1], "a passage holds at most one Korean paragraph")
        if not kos:
            self._fail(zhs[0], f"{quote(zhs[0].get(XML_ID) or '')} has no Korean translation "
                               "(<p xml:lang='ko'> in its passage)")
        ko = kos[0]
        if not ko.get(XML_ID):
            self._fail(ko, "Korean paragraph without xml:id")
        expected = [f"#{zh.get(XML_ID)}" for zh in zhs]
        if (ko.get("corresp") or "").split() != expected:
            self._fail(ko, f"{ko.get(XML_ID)}: @corresp {quote(ko.get('corresp') or '')} should "
                           f"be {' '.join(expected)!r}, the Chinese paragraphs it translates")
        if not any(t.strip() for t in ko.itertext()):  # stops at the first words
            self._fail(ko, f"{ko.get(XML_ID)}: the Korean translation is empty")
        block = _Block([*zhs, ko])
        self._paragraph_order.extend([*(zh.get(XML_ID) or "" for zh in zhs), ko.get(XML_ID)])
        for p in [*zhs, ko]:
            self._blocks[p.get(XML_ID) or ""] = block
        out = []
        for k, zh in enumerate(zhs, before + 1):
            pid = zh.get(XML_ID)
            if not pid:
                self._fail(zh, "Chinese paragraph without xml:id")
            if not any(t.strip() for t in zh.itertext()):
                self._fail(zh, f"{pid}: the Chinese paragraph is empty")
            if zh.get("n") != str(k):
                self._fail(zh, f"{pid}: @n should be {k} (its place in {did}), not {zh.get('n')!r}")
            segs = [(s.get("type"), s.get(XML_ID) or "") for s in zh.iter(_t("seg"))]
            sentences = tuple(i for kind, i in segs if kind == "sentence")
            cases = tuple(i for kind, i in segs if kind == "case")
            ref = ids.citation(label, k)
            out.append(Passage(pid, k, ref, did, ko.get(XML_ID), sentences, cases, block))  # type: ignore[arg-type]
        return out

    # ------------------------------------------------------------ queries

    def division(self, did: str) -> Division:
        for d in self.divisions:
            if d.id == did:
                return d
        raise EditionError(f"unknown division {did!r}; ids are front-title … back-siku")

    def passage(self, pid: str) -> Passage:
        """The passage of a Chinese (``p027``) or Korean (``p027-ko``) paragraph id."""
        try:
            return self._passages[pid]
        except KeyError:
            raise EditionError(
                f"unknown passage {pid!r}; passages are p001 … p694 (or pNNN-ko)"
            ) from None

    @property
    def paragraph_ids(self) -> tuple[str, ...]:
        """Every paragraph of the text (Chinese and Korean) in book order."""
        return tuple(self._paragraph_order)

    def paragraph(self, xml_id: str) -> Flat:
        """A paragraph (Chinese or Korean) as text runs with their marks."""
        try:
            return self._blocks[xml_id].flat(xml_id)
        except KeyError:
            raise EditionError(f"no paragraph {xml_id!r}; paragraphs are p001 … p694 and "
                               "their Korean pNNN-ko") from None

    def text(self, xml_id: str, reading: str = "corrected") -> str:
        """The text of any element of the edition (a sentence, a paragraph, a case) in one
        reading (:func:`text_of`).

        >>> load_edition().text("p043-s1", "diplomatic")[:4]
        '震巽以長'
        """
        return text_of(self.element(xml_id), reading)

    def fragment(self, xml_id: str, wrapper_ns: str) -> bytes:
        """A division, paragraph (with its Korean translation and the editors' notes on it) or
        sentence as a TEI document, its pieces inside ``<wrapper ref="…">`` of namespace
        *wrapper_ns* (prefix ``dts``: DTS's ``dts:wrapper``)."""
        return self.fragments([xml_id], wrapper_ns, ref=xml_id)

    def fragments(self, xml_ids: Sequence[str], wrapper_ns: str, **attributes: str) -> bytes:
        """Several divisions, paragraphs or sentences (a range's outermost units, in document
        order) as one TEI document: each one's pieces as in :meth:`fragment`, in one wrapper
        with *attributes* (``start``, ``end``).

        >>> b'start="p032" end="p033"' in load_edition().fragments(
        ...     ["p032", "p033"], "https://w3id.org/api/dts#", start="p032", end="p033")
        True
        """
        import copy

        root = etree.Element(_t("TEI"), nsmap={None: TEI_NS, "dts": wrapper_ns})
        wrapper = etree.SubElement(root, f"{{{wrapper_ns}}}wrapper")
        for name, value in attributes.items():
            wrapper.set(name, value)
        for xml_id in xml_ids:
            for e in self._fragment_parts(xml_id):
                piece = copy.deepcopy(e)
                piece.tail = None
                wrapper.append(piece)
        return etree.tostring(root, xml_declaration=True, encoding="UTF-8") + b"\n"

    def _fragment_parts(self, xml_id: str) -> list[etree._Element]:
        if ids.kind(xml_id) != "paragraph":
            return [self.element(xml_id)]
        p = self.passage(xml_id)
        zh = self.element(p.id)
        parts = [zh] + ([self.element(p.ko_id)] if p.ko_id else [])
        inside = {e.get(XML_ID) for e in zh.iter() if isinstance(e.tag, str)}
        for note in passage_notes(zh):
            targets = {t.lstrip("#") for t in (note.get("target") or "").split()}
            if targets & inside:
                parts.append(note)
        return parts

    def element(self, xml_id: str) -> etree._Element:
        try:
            return self._ids[xml_id]
        except KeyError:
            raise EditionError(f"no element with xml:id {xml_id!r}") from None

    def ref(self, xml_id: str) -> str:
        """Canonical citation of a division, paragraph, Korean paragraph, sentence or note id."""
        for d in self.divisions:
            if d.id == xml_id:
                return ids.citation(d.label)
        if xml_id in self._passages:
            return self._passages[xml_id].ref
        if xml_id in self._sentence_passage:
            return self._sentence_passage[xml_id].sentence_ref(xml_id)
        e = self.element(xml_id)
        for anc in e.iterancestors(_t("seg")):
            if anc.get("type") == "sentence":
                return self.ref(anc.get(XML_ID) or "")
        for anc in e.iterancestors(_t("p")):
            return self.ref(anc.get(XML_ID) or "")
        raise EditionError(f"{xml_id!r} is not inside a paragraph")

    def resolve(self, ref: str) -> str:
        """The xml:id a citation (``易冒 立法 4.2.3``, ``王序 3``) points to."""
        label, para, sent = ids.parse_citation(ref)
        try:
            div = next(d for d in self.divisions if d.label == label)
            p = div.passages[para - 1] if para else None
            if p is None:
                return div.id
            return p.sentences[sent - 1] if sent else p.id
        except (StopIteration, IndexError, ValueError):
            raise EditionError(f"no passage at {ref!r}") from None

    def category(self, rule_id: str) -> Category:
        """The taxonomy category of a rule (``najia-gan`` or ``r-najia-gan``)."""
        cid = ids.rule(rule_id)
        cat = self._ids.get(cid)
        if cat is None or cat.tag != _t("category"):
            raise EditionError(f"no rule category {cid!r} in the taxonomy #rules")
        names = {d.get(XML_LANG): plain_text(d)
                 for d in (*cat.findall(_t("catDesc")), *cat.findall(_t("gloss")))}
        descs = {d.get("type"): plain_text(d) for d in cat.findall(_t("desc"))
                 if d.get(XML_LANG) == "ko"}
        sentences = self._analysed().get(cid, ())
        impls = [d for d in cat.findall(_t("desc")) if d.get("type") == "implementation"]
        return Category(cid, ids.rule_of(cid), names.get("lzh", ""), names.get("ko", ""),
                        sentences, descs.get("statement", ""), descs.get("compute", ""),
                        tuple(dict.fromkeys(d.get("subtype") or "" for d in impls)),
                        tuple(plain_text(i) for d in impls for i in d.findall(_t("ident"))))

    @functools.cache  # noqa: B019 (an Edition lives as long as its cached file)
    def _analysed(self) -> dict[str, tuple[str, ...]]:
        """``{category id: the ids of the elements of the text whose @ana points to it}``,
        in document order: one pass over the tree (a pass per category cost ~30 s per site
        build). The worked examples in standOff point to their rule too; they are not its
        sentences."""
        out: dict[str, dict[str, None]] = {}
        for e in self.tree.iterfind(f"{_t('text')}//*[@ana]"):
            for token in (e.get("ana") or "").split():
                if token.startswith("#"):
                    out.setdefault(token[1:], {})[e.get(XML_ID) or ""] = None
        return {k: tuple(v) for k, v in out.items()}

    def cases(self) -> tuple[Case, ...]:
        """Every worked case in book order (see :class:`Case`)."""
        return self._cases()

    def case(self, cid: str) -> Case:
        """The worked case *cid*; an unknown id is an :class:`EditionError`."""
        for c in self._cases():
            if c.id == cid:
                return c
        raise EditionError(f"case {cid!r}: no such case; ids look like p089-case1 "
                           "(see `yimao cases`)")

    @functools.cache  # noqa: B019 (an Edition lives as long as its cached file)
    def _cases(self) -> tuple[Case, ...]:
        return CaseRecords(self.path, self.tree).read()

    @functools.cached_property  # noqa: B019
    def header(self) -> Header:
        """The teiHeader as a citation reads it (see :class:`Header`)."""
        ts = self.tree.find(f"{_t('teiHeader')}/{_t('fileDesc')}/{_t('titleStmt')}")
        if ts is None:
            self._fail(self.tree, "no teiHeader/fileDesc/titleStmt")
        titles = {t.get("type"): plain_text(t) for t in ts.findall(_t("title"))}
        author = ts.find(_t("author"))
        if author is None or "main" not in titles:
            self._fail(ts, "the titleStmt needs a <title type='main'> and an <author>")

        def person(e: etree._Element, resp: str) -> Responsibility:
            name = e.find(_t("persName"))
            if name is None:
                name = e.find(_t("name"))
            who = name if name is not None else e
            text = (who.text or "").strip() if len(who) else plain_text(who).strip()
            return Responsibility(text, resp, who.get(XML_ID) or "")

        editors = tuple(person(e, EDITOR_ROLES.get(e.get("role", ""), e.get("role", "")))
                        for e in ts.findall(_t("editor")))
        resps = tuple(person(r, plain_text(r.find(_t("resp"))) if r.find(_t("resp")) is not None
                             else "") for r in ts.findall(_t("respStmt")))
        fd = ts.getparent()
        edition = fd.find(f"{_t('editionStmt')}/{_t('edition')}")
        date = edition.find(_t("date")) if edition is not None else None
        authority = fd.find(f"{_t('publicationStmt')}/{_t('authority')}")
        source = fd.find(f"{_t('sourceDesc')}/{_t('bibl')}/{_t('date')}")
        return Header(
            titles["main"], titles.get("sub", ""), person(author, "著"), editors, resps,
            edition.get("n", "") if edition is not None else "",
            date.get("when", "") if date is not None else "",
            plain_text(authority) if authority is not None else "",
            source.get("when", "") if source is not None else "",
        )

    def categories(self) -> tuple[Category, ...]:
        tax = self._ids.get("rules")
        if tax is None:
            return ()
        return tuple(self.category(c.get(XML_ID) or "") for c in tax.iter(_t("category")))


def short_ref(ref: str) -> str:
    """The reference without the book's name: ``易冒 立法 4.2`` → ``立法 4.2``.

    >>> short_ref("易冒 立法 4.2"), short_ref("立法 4.2")
    ('立法 4.2', '立法 4.2')
    """
    return ref.removeprefix("易冒").strip()


_EDITIONS: dict[tuple[str, int], Edition] = {}
_CASES: dict[tuple[str, int], tuple[Case, ...]] = {}
"""The editions and the case lists read, per path and modification time."""


def _parse_tei(path: str) -> etree._ElementTree:
    tree = parse_xml(path)
    root = tree.getroot()
    if root.tag != _t("TEI"):
        raise EditionError(f"{path}:{root.sourceline}: root element is "
                           f"{quote(str(root.tag))}, not TEI")
    return tree


def _key(path: str | Path | None) -> tuple[str, int]:
    p = Path(path) if path is not None else DEFAULT_PATH
    try:
        mtime = p.stat().st_mtime_ns
    except OSError as exc:
        raise EditionError(f"{p}:0: cannot read the TEI file: {exc.strerror}") from None
    return str(p), mtime


def load_edition(path: str | Path | None = None) -> Edition:
    """Parse the TEI once (cached per path and modification time).

    Raises :class:`~yimao.errors.EditionError` ("file:line: what is wrong") for malformed XML
    or a structure the model cannot read.
    """
    key = _key(path)
    found = _EDITIONS.get(key)
    if found is None:
        found = _EDITIONS[key] = Edition(Path(key[0]), _parse_tei(key[0]))
    return found


def load_cases(path: str | Path | None = None) -> tuple[Case, ...]:
    """The worked cases of the TEI (:meth:`Edition.cases`) without the rest of the edition:
    what ``yimao cases`` and ``yimao case`` read. The file is parsed as strictly as by
    :func:`load_edition` (no DTD, no entity, UTF-8) and every case record is read and checked
    as there (a record naming no case, a case without its record, a record the model cannot
    read are refused); the checks of the whole edition (every pointer, every paragraph and its
    translation) are left to :func:`load_edition`, which ``yimao text``, the site build and the
    tests run on the same file. An edition already loaded gives its own cases.

    >>> load_cases() == load_edition().cases()
    True
    """
    key = _key(path)
    whole = _EDITIONS.get(key)
    if whole is not None:
        return whole.cases()
    found = _CASES.get(key)
    if found is None:
        kept = key[0] == str(DEFAULT_PATH)
        found = kept_cases() if kept else None
        if found is None:
            found = CaseRecords(Path(key[0]), _parse_tei(key[0]).getroot()).read()
            if kept:
                keep_cases(found)
        _CASES[key] = found
    return found


__all__ = [
    # the edition and its parts (here)
    "DEFAULT_PATH", "Category", "Division", "Edition", "Header", "Passage", "Responsibility",
    "load_cases", "load_edition", "short_ref",
    # read here, at home elsewhere: the case types (case_record), the TEI read safely (tei_xml)
    "NS", "READINGS", "TEI_NS", "XML_ID", "XML_LANG", "Case", "Claim", "EditionError",
    "feature_values", "parse_xml", "text_of",
]
