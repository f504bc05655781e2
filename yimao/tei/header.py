"""The teiHeader of the edition: bibliography, editorial principles, citation scheme,
languages, and the taxonomy of the rules (``classDecl/taxonomy[@xml:id='rules']``)."""

from __future__ import annotations

import tomllib

from lxml import etree

from yimao import ids
from yimao.tei.inputs import Rule
from yimao.tei.markup import el
from yimao.tei.source import ROOT

SEED_NAME = "text/000_f2c3b46164ae43d7.txt"

# Canonical references (also stated in refsDecl below and implemented in yimao.model.edition):
#   易冒 立法 4        chapter 4 of the 立法 (41 chapters) — 筮類 likewise (50 chapters)
#   易冒 立法 4.2      its 2nd Chinese paragraph (with its Korean translation)
#   易冒 立法 4.2.3    the 3rd sentence of that paragraph (yimao.tei.source.sentences)
#   易冒 王序 3 / 易冒 王序 3.1   front matter: 題 王序 顧序 陸序 自序; back matter: 提要
CITATION_PROSE = (
    "정식 인용형: 「易冒 立法 4.2.3」 = 입법(立法) 제4장의 둘째 한문 단락의 셋째 문장. "
    "서류(筮類)도 같다(「易冒 筮類 12.3」). 앞부분은 題·王序·顧序·陸序·自序, 뒷부분은 提要를 "
    "장 번호 대신 쓴다(「易冒 王序 3」, 「易冒 提要 1.2」). 단락 번호는 그 장(또는 서문) 안에서 "
    "1부터 센 한문 단락의 순서(p/@n), 문장 번호는 그 단락 안의 문장 순서(seg/@n)이다. "
    "한국어 번역 단락은 대응하는 한문 단락의 인용형으로 가리킨다. 영구 식별자는 xml:id "
    "(p027, p027-s1, p027-n1 …)이며 바뀌지 않는다."
)


def _p(parent: etree._Element, text: str, lang: str | None = None) -> etree._Element:
    return el(parent, "p", text, lang=lang)


def _title_stmt(header: etree._Element) -> None:
    ts = el(header, "titleStmt")
    el(ts, "title", "易冒", type="main", lang="lzh")
    el(ts, "title", "역모(易冒): 한문 원문과 한국어 번역, 교감 디지털 판", type="sub", lang="ko")
    author = el(ts, "author")
    pn = el(author, "persName", "程良玉", id="cheng-liangyu", lang="lzh")
    el(pn, "addName", "元如", type="zi")
    editor = el(ts, "editor", role="dianding")
    pn = el(editor, "persName", "胡介", id="hu-jie", lang="lzh")
    el(pn, "addName", "旅堂", type="hao")
    for ident, name, role in (
        ("wang-zehong", "王澤弘", "서문(王序)"),
        ("gu-baowen", "顧豹文", "서문(顧序)"),
        ("lu-jin", "陸進", "서문(陸序)"),
    ):
        rs = el(ts, "respStmt")
        el(rs, "resp", role)
        el(rs, "persName", name, id=ident, lang="lzh")
    rs = el(ts, "respStmt", id="ed")
    el(rs, "resp", "교감·구조화·편집주(編輯注)")
    el(rs, "name", "역모 디지털 판 편집진")
    rs = el(ts, "respStmt", id="transcriber")
    el(rs, "resp", "원문 전사와 한국어 번역, 전사자의 의문 표시 （？）")
    # the source (the transcription with its translation) names no one: no placeholder person
    el(rs, "name", "이름 미상")


EDITION_DATE = "2026-12-03"
"""The date of this version of the edition (change it with the version in pyproject.toml)."""


def edition_version() -> str:
    """The edition's version: the project's version in pyproject.toml (one place)."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def _publication(header: etree._Element) -> None:
    es = el(header, "editionStmt")
    version = edition_version()
    ed = el(es, "edition", f"역모 디지털 판 {version}, ", n=version)
    y, m, d = (int(x) for x in EDITION_DATE.split("-"))
    date = el(ed, "date", f"{y}년 {m}월 {d}일", when=EDITION_DATE)
    date.tail = ". TEI P5 디지털 판. python -m yimao.tei.build 로 editorial/ 의 자료에서 생성한다."
    ps = el(header, "publicationStmt")
    el(ps, "authority", "역모 디지털 판 편집진")
    av = el(ps, "availability")
    el(av, "p", "연구·교육 목적의 자유 이용. 원 전사본의 권리는 제공자에게 있다.")


def _source_desc(header: etree._Element) -> None:
    sd = el(header, "sourceDesc")
    b = el(sd, "bibl", type="print")
    el(b, "title", "易冒", lang="lzh")
    el(b, "author", "程良玉")
    el(b, "editor", "胡介 點定")
    el(b, "date", "康熙甲辰(1664)", when="1664")
    el(b, "note", "10권, 입법(立法) 41편과 서류(筮類) 50편, 모두 91장(自序). 본 판은 이 간본을 "
       "직접 보지 못하였고 아래 전사본에 의거한다.")
    b = el(sd, "bibl", type="transcription")
    el(b, "title", "易冒 전사본과 한국어 번역")
    el(b, "idno", SEED_NAME, type="file")
    el(b, "note", "한문 694단락, 한국어 번역 693단락(표제와 저자 행은 번역 한 단락을 공유). "
       "전사본에는 장·권의 제목이 없다. 간체→번체 변환의 잔재와 오자가 있으며 "
       "전사자의 의문이 （？） 형태로 본문에 들어 있다.")


def _editorial_decl(enc: etree._Element) -> None:
    ed = el(enc, "editorialDecl")
    corr = el(ed, "correction")
    _p(corr, "전사본의 글자는 그대로 두고(sic/orig) 편집진의 교정은 그 곁에 둔다. 오자·탈자는 "
       "choice/sic+corr[@resp='#ed'], 간체→번체 자동 변환의 잔재(余→餘, 胡→鬍, 干→幹 등)는 "
       "choice/orig+reg[@resp='#ed']로 표시한다. 교정마다 근거를 note[@type='correction']"
       "(@target이 choice를 가리킴)에 한국어로 적는다. 글자꼴의 근거 없이 교리·계산·문맥으로 "
       "추정한 읽기는 편집진의 의문으로서 corr[@type='conjecture'][@cert='low']로 표시하고 그 "
       "근거 주의 @subtype은 conj이다. 기본 표시는 교정된 읽기이다.")
    norm = el(ed, "normalization")
    _p(norm, "정규화는 위의 reg 외에는 하지 않는다. 이체자·통용자는 원문대로 둔다.")
    interp = el(ed, "interpretation")
    _p(interp, "전사자의 괄호 （？）, （魂？） 등은 저자의 주가 아니므로 note[@type='transcriber']"
       "[@resp='#transcriber']로 구별하고 주 번호에서 뺀다. 전사자가 제시한 읽기를 편집진이 "
       "받아들이면 앞 글자에 choice/sic+corr를 둔다.")
    seg = el(ed, "segmentation")
    _p(seg, "한문 단락(p[@xml:lang='lzh'])은 원문 구두점 。！？ 에서 "
       "문장(seg[@type='sentence'])으로 "
       "나눈다(주 안에서는 나누지 않음). 저자의 협주 （…）는 note[@place='inline']"
       "[@type='commentary']이며 괄호 자체도 그 안에 둔다. 한국어 번역의 '(주: …)'도 같은 "
       "방식으로 표시하고 @corresp로 한문 주를 가리킨다. 단락 경계를 넘는 주는 조각으로 나누어 "
       "@prev/@next로 잇는다.")
    punct = el(ed, "punctuation")
    _p(punct, "구두점은 전사본의 것이다.")


def _refs_decl(enc: etree._Element) -> None:
    rd = el(enc, "refsDecl")
    front = el(rd, "citeStructure", unit="division", match="/TEI/text/front/div", use="@n")
    _para_levels(front, "div[@type='passage']/p[@xml:lang='lzh']")
    body = el(rd, "citeStructure", unit="part", match="/TEI/text/body/div", use="@n")
    chap = el(body, "citeStructure", unit="chapter", match="div[@type='chapter']", use="@n",
              delim=" ")
    _para_levels(chap, "div[@type='passage']/p[@xml:lang='lzh']", delim=".")
    back = el(rd, "citeStructure", unit="division", match="/TEI/text/back/div", use="@n")
    _para_levels(back, "div[@type='passage']/p[@xml:lang='lzh']")


def _para_levels(parent: etree._Element, match: str, delim: str = " ") -> None:
    para = el(parent, "citeStructure", unit="paragraph", match=match, use="@n", delim=delim)
    el(para, "citeStructure", unit="sentence", match=".//seg[@type='sentence']", use="@n",
       delim=".")


def _class_decl(enc: etree._Element, rules: list[Rule]) -> None:
    cd = el(enc, "classDecl")
    tax = el(cd, "taxonomy", id="rules")
    el(tax, "desc", "입법(立法)의 규칙 목록(compute/rules.py의 등록부). 문장의 @ana가 "
       "규칙을 가리킨다. 규칙마다 desc type=\"implementation\"이 계산의 종류(@subtype)와 "
       "코드 이름(ident)을 적는다.", lang="ko")
    for r in rules:
        cat = el(tax, "category", id=ids.rule(r.id))
        if not r.title_ko:
            if r.name_zh:
                el(cat, "catDesc", r.name_zh, lang="lzh")
            el(cat, "catDesc", r.name_ko or r.id, lang="ko")
        else:
            # editorial/rules-ko.tsv: the reader's name (gloss) beside the catalogue's
            # Chinese name, then what the book says and what compute does (desc, typed)
            if r.name_zh:
                el(cat, "gloss", r.name_zh, lang="lzh")
            el(cat, "gloss", r.title_ko, lang="ko")
            if r.statement_ko:
                el(cat, "desc", r.statement_ko, type="statement", lang="ko")
            if r.compute_ko:
                el(cat, "desc", r.compute_ko, type="compute", lang="ko")
        # how compute implements it: one desc per implementation, its kind (table, function,
        # line, finding, doctrine) and the code's dotted name (the rule index shows both)
        for kind, name in r.implementations:
            impl = el(cat, "desc", type="implementation", subtype=kind)
            if name:
                el(impl, "ident", name, type="python")


def build_header(parent: etree._Element, rules: list[Rule]) -> etree._Element:
    header = el(parent, "teiHeader")
    fd = el(header, "fileDesc")
    _title_stmt(fd)
    _publication(fd)
    _source_desc(fd)
    enc = el(header, "encodingDesc")
    pd = el(enc, "projectDesc")
    _p(pd, "정량옥(程良玉)의 『역모(易冒)』(1664) — 납갑(納甲) 육효 동전점의 지침서 — 를 한문 "
       "원문, 한국어 번역, 교감, 규칙 계산(compute)과 함께 읽을 수 있게 하는 디지털 판.")
    _p(pd, CITATION_PROSE)
    _editorial_decl(enc)
    _refs_decl(enc)
    _class_decl(enc, rules)
    prof = el(header, "profileDesc")
    cr = el(prof, "creation")
    el(cr, "date", "康熙甲辰(1664)", when="1664")
    lu = el(prof, "langUsage")
    el(lu, "language", "한문(漢文, Literary Chinese)", ident="lzh")
    el(lu, "language", "한국어(Korean)", ident="ko")
    return header
