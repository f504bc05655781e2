"""Every xml:id form of the edition, and its human citation, parsed and formatted in one place.

The forms (``N`` = digits; ids never change once published, tei/published-ids.txt):

=====================  ==================  ==================================================
form                   kind                what it names
=====================  ==================  ==================================================
``p043``               ``paragraph``       a Chinese paragraph (p001 … p694, book order)
``p043-ko``            ``korean``          its Korean translation (p001-ko translates p001-p002)
``p043-s3``            ``sentence``        a sentence of the Chinese paragraph
``p043-n1``            ``note``            the author's commentary （…） in the Chinese
``p043-ko-n1``         ``korean-note``     a translator's note in the Korean
``p043-c12``           ``correction``      an editorial correction at character offset 12
``p043-ko-c12``        ``korean-correction``  the same in the Korean
``p043-q7``            ``query``           a transcriber's query at character offset 7
``p089-case1``         ``case``            a worked case of the paragraph
``p089-case1-c2``      ``claim``           a claim of that case
``p089-case1-o1``      ``outcome``         where the case's outcome stands in the text
``p089-case1-fs``      ``record``          the case's record (``fs type="case"`` in standOff)
``r-najia-gan``        ``rule``            a rule of the taxonomy ``#rules``
``lifa-04``            ``chapter``         a chapter of 立法 (lifa) or 筮類 (shilei)
``shilei-14-q5``       ``question``        a question of a 筮類 chapter (editorial/questions.toml)
``ex-xunkong``         ``example``         a worked example of a rule (editorial/examples.toml;
                                           the anchor of its panel on /rules/)
``front-wang``         ``front``           a piece of the front matter
``back-siku``          ``back``            the back matter
``gl-旬空``             ``glossary``        an entry of the glossary (용어집), named by the
                                           term's characters (editorial/glossary.tsv)
=====================  ==================  ==================================================

>>> parse("p089-case1-c2")
Id(kind='claim', para='p089', n=1, sub=2, name='')
>>> parse("p089-case1-c2").case, parse("p043-s3").para, parse("r-najia-gan").name
('p089-case1', 'p043', 'najia-gan')
>>> claim(case("p089", 1), 2), sentence("p043", 3), rule("najia-gan"), chapter("lifa", 4)
('p089-case1-c2', 'p043-s3', 'r-najia-gan', 'lifa-04')
>>> citation("立法 4", 2, 3), citation("王序", 3), citation("立法 4")
('易冒 立法 4.2.3', '易冒 王序 3', '易冒 立法 4')
>>> parse_citation("易冒 立法 4.2.3"), parse_citation("王序 3")
(('立法 4', 2, 3), ('王序', 3, None))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from yimao.errors import EditionError

BOOK: Final = "易冒"
PARTS: Final = {"lifa": "立法", "shilei": "筮類"}
"""The parts of the body: id prefix → the name a citation gives."""

FORMS: Final = (
    # kind, template: the one place an id's form is written; parse() reads it as a pattern,
    # form() fills it in
    ("paragraph", "{para}"),
    ("korean", "{para}-ko"),
    ("sentence", "{para}-s{n}"),
    ("note", "{para}-n{n}"),
    ("korean-note", "{para}-ko-n{n}"),
    ("correction", "{para}-c{n}"),
    ("korean-correction", "{para}-ko-c{n}"),
    ("query", "{para}-q{n}"),
    ("case", "{para}-case{n}"),
    ("claim", "{para}-case{n}-c{sub}"),
    ("outcome", "{para}-case{n}-o{sub}"),
    ("record", "{para}-case{n}-fs"),
    ("rule", "r-{name}"),
    ("chapter", "{name}-{n:02d}"),
    ("question", "{name}-{n:02d}-q{sub}"),
    ("example", "ex-{name}"),
    ("front", "front-{name}"),
    ("back", "back-{name}"),
    ("glossary", "gl-{name}"),
)
"""Every id form as a template: ``{para}`` a Chinese paragraph (``p043``), ``{n}`` and ``{sub}``
numbers (``{n:02d}`` two digits), ``{name}`` a name of the kind (:data:`NAMES`)."""

_SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
NAMES: Final = {"rule": _SLUG, "example": _SLUG, "chapter": "lifa|shilei", "question": "shilei",
                "front": "[a-z]+", "back": "[a-z]+", "glossary": r"[\u3400-\u9fff]+"}
"""What ``{name}`` may be in each form that has one."""
_FIELDS: Final = {"para": r"p\d{3}", "n": r"\d+", "n:02d": r"\d{2}", "sub": r"\d+"}
_FIELD: Final = re.compile(r"\{(\w+(?::\w+)?)\}")


def _pattern(kind: str, template: str) -> re.Pattern[str]:
    """The regular expression of a form's template (its fields as named groups)."""
    parts = _FIELD.split(template)  # literal, field, literal, field, …
    out = []
    for k, part in enumerate(parts):
        if k % 2 == 0:
            out.append(re.escape(part))
        else:
            group = part.partition(":")[0]
            out.append(f"(?P<{group}>{NAMES[kind] if group == 'name' else _FIELDS[part]})")
    return re.compile("".join(out))


_TEMPLATE: Final = dict(FORMS)
_PATTERNS: Final = tuple((kind, _pattern(kind, template)) for kind, template in FORMS)
KINDS: Final = tuple(kind for kind, _ in FORMS)
_CITATION: Final = re.compile(r"(?:易冒\s*)?(\S+?)\s*(\d+)?(?:[ .](\d+))?(?:\.(\d+))?")


@dataclass(frozen=True, slots=True)
class Id:
    """A parsed xml:id. ``para``: the paragraph an id inside a paragraph belongs to;
    ``n``: the sentence, note or case number, the offset of a correction or a query, or the
    chapter number; ``sub``: the claim or outcome number; ``name``: the rule id (``najia-gan``), the
    part of a chapter (``lifa``), the name of a front/back piece (``wang``) or of an example
    (``xunkong-2``)."""

    kind: str
    para: str = ""
    n: int | None = None
    sub: int | None = None
    name: str = ""

    def __str__(self) -> str:
        """The id again, from its parts.

        >>> str(parse("p089-case1-c2")), str(parse("shilei-07")), str(parse("p043-ko-c5"))
        ('p089-case1-c2', 'shilei-07', 'p043-ko-c5')
        """
        return form(self.kind, para=self.para, n=self.n or 0, sub=self.sub or 0,
                    name=self.name)

    @property
    def paragraph_n(self) -> int | None:
        """The book-order number of the paragraph (``p043-s1`` → 43), None outside paragraphs.

        >>> parse("p043-s1").paragraph_n, parse("lifa-04").paragraph_n
        (43, None)
        """
        return int(self.para[1:]) if self.para else None

    @property
    def case(self) -> str:
        """The case a case, claim, outcome or record id belongs to, else ``""``.

        >>> parse("p089-case1-o1").case, parse("p089-case1").case, parse("p089-s1").case
        ('p089-case1', 'p089-case1', '')
        """
        if self.kind in ("case", "claim", "outcome", "record"):
            return case(self.para, self.n or 0)
        return ""

    @property
    def division_path(self) -> str:
        """The page name of a division id: ``lifa/04``, ``front/wang`` (``""`` for others).

        >>> parse("lifa-04").division_path, parse("back-siku").division_path
        ('lifa/04', 'back/siku')
        """
        if self.kind == "chapter":
            return f"{self.name}/{self.n:02d}"
        if self.kind in ("front", "back"):
            return f"{self.kind}/{self.name}"
        return ""


def parse(xml_id: str) -> Id:
    """The form of *xml_id*; an id of no known form is an :class:`EditionError`.

    >>> parse("p043"), parse("p043-ko-n2")
    (Id(kind='paragraph', para='p043', n=None, sub=None, name=''), \
Id(kind='korean-note', para='p043', n=2, sub=None, name=''))
    >>> parse("shilei-07"), parse("front-wang").kind
    (Id(kind='chapter', para='', n=7, sub=None, name='shilei'), 'front')
    >>> parse("p43")
    Traceback (most recent call last):
    yimao.errors.EditionError: id 'p43' has no known form; ids look like p043, p043-ko, \
p043-s1, p043-n1, p089-case1, p089-case1-c1, r-najia-gan, lifa-04, front-wang
    """
    for kind, pattern in _PATTERNS:
        m = pattern.fullmatch(xml_id)
        if m:
            g = m.groupdict()
            return Id(kind, g.get("para") or "", _int(g.get("n")), _int(g.get("sub")),
                      g.get("name") or "")
    raise EditionError(f"id {xml_id!r} has no known form; ids look like p043, p043-ko, "
                       "p043-s1, p043-n1, p089-case1, p089-case1-c1, r-najia-gan, lifa-04, "
                       "front-wang")


def _int(value: str | None) -> int | None:
    return int(value) if value is not None else None


def kind(xml_id: str) -> str:
    """The kind of *xml_id*, or ``""`` for an id of no known form (a person, a taxonomy).

    >>> kind("p043-s1"), kind("p089-case1-c1"), kind("wang-zehong")
    ('sentence', 'claim', '')
    """
    try:
        return parse(xml_id).kind
    except EditionError:
        return ""


def paragraph_of(xml_id: str) -> str:
    """The Chinese paragraph an id inside a paragraph belongs to (``p043-s1`` → ``p043``);
    ``""`` for an id outside the paragraphs (a rule, a division).

    >>> paragraph_of("p043-s1"), paragraph_of("p043-ko"), paragraph_of("p089-case1-c2")
    ('p043', 'p043', 'p089')
    >>> paragraph_of("lifa-04")
    ''
    """
    form = kind(xml_id)
    return parse(xml_id).para if form and form not in ("rule", "chapter", "question", "example",
                                                       "front", "back", "glossary") else ""


def case_of(xml_id: str) -> str:
    """The case of a claim, outcome or record id (``p089-case1-c2`` → ``p089-case1``); a
    case id is its own case; ``""`` for any other id.

    >>> case_of("p089-case1-c2"), case_of("p089-case1"), case_of("p089-c12")
    ('p089-case1', 'p089-case1', '')
    """
    return parse(xml_id).case if kind(xml_id) else ""


def rule_of(xml_id: str) -> str:
    """The rule id of a category id, or the rule id itself (``r-najia-gan`` → ``najia-gan``).

    >>> rule_of("r-najia-gan"), rule_of("najia-gan")
    ('najia-gan', 'najia-gan')
    """
    return xml_id.removeprefix("r-")


# ------------------------------------------------------------------ formatting


def form(kind: str, **fields: object) -> str:
    """The id of the form *kind* (:data:`FORMS`) with its fields filled in.

    >>> form("claim", para="p089", n=1, sub=2), form("chapter", name="lifa", n=4)
    ('p089-case1-c2', 'lifa-04')
    >>> all(str(parse(i)) == i for i in ("p043-ko-n2", "shilei-14-q5", "gl-旬空", "ex-xunkong"))
    True
    """
    return _TEMPLATE[kind].format(**fields)


def paragraph(n: int) -> str:
    """The id of the *n*-th Chinese paragraph of the book.

    >>> paragraph(43)
    'p043'
    """
    return f"p{n:03d}"


def korean(para: str) -> str:
    """The Korean translation of a Chinese paragraph.

    >>> korean("p043")
    'p043-ko'
    """
    return form("korean", para=para)


def sentence(para: str, k: int) -> str:
    """The *k*-th sentence of a Chinese paragraph.

    >>> sentence("p043", 1)
    'p043-s1'
    """
    return form("sentence", para=para, n=k)


def note(para: str, k: int) -> str:
    """The *k*-th commentary note of a paragraph (``para`` may be a Korean paragraph id).

    >>> note("p027", 1), note("p027-ko", 1)
    ('p027-n1', 'p027-ko-n1')
    """
    return form("note", para=para, n=k)


def correction(para: str, offset: int) -> str:
    """The correction at character *offset* of a paragraph (Chinese or Korean).

    >>> correction("p003", 0)
    'p003-c0'
    """
    return form("correction", para=para, n=offset)


def query(para: str, offset: int) -> str:
    """The transcriber's query at character *offset* of a paragraph.

    >>> query("p120", 7)
    'p120-q7'
    """
    return form("query", para=para, n=offset)


def case(para: str, k: int) -> str:
    """The *k*-th worked case of a paragraph.

    >>> case("p089", 1)
    'p089-case1'
    """
    return form("case", para=para, n=k)


def claim(case_id: str, j: int) -> str:
    """The *j*-th claim of a case.

    >>> claim("p089-case1", 2)
    'p089-case1-c2'
    """
    c = parse(case_id)
    return form("claim", para=c.para, n=c.n or 0, sub=j)


def outcome(case_id: str, j: int) -> str:
    """The *j*-th piece of a case's outcome in the text.

    >>> outcome("p089-case1", 1)
    'p089-case1-o1'
    """
    c = parse(case_id)
    return form("outcome", para=c.para, n=c.n or 0, sub=j)


def record(case_id: str) -> str:
    """A case's record in standOff.

    >>> record("p089-case1")
    'p089-case1-fs'
    """
    c = parse(case_id)
    return form("record", para=c.para, n=c.n or 0)


def rule(rule_id: str) -> str:
    """The category id of a rule (a category id is returned as it is).

    >>> rule("najia-gan"), rule("r-najia-gan")
    ('r-najia-gan', 'r-najia-gan')
    """
    return rule_id if rule_id.startswith("r-") else form("rule", name=rule_id)


def chapter(part: str, n: int) -> str:
    """The *n*-th chapter of a part (lifa, shilei).

    >>> chapter("shilei", 7)
    'shilei-07'
    """
    return form("chapter", name=part, n=n)


def question(n: int, k: int) -> str:
    """The *k*-th question of the *n*-th 筮類 chapter.

    >>> question(14, 5), parse("shilei-14-q5").kind
    ('shilei-14-q5', 'question')
    """
    return form("question", name="shilei", n=n, sub=k)


# ------------------------------------------------------------------ citation


def label(part: str, n: int | None, name: str = "") -> str:
    """A division's citation label: ``立法 4`` for a chapter, its own *name* (``王序``) for a
    piece of the front or back matter.

    >>> label("lifa", 4), label("front", None, "王序")
    ('立法 4', '王序')
    """
    return f"{PARTS[part]} {n}" if part in PARTS else name


def citation(division_label: str, para: int | None = None, sent: int | None = None) -> str:
    """The human citation: ``易冒 立法 4.2.3`` (division, paragraph, sentence); the front and
    back matter, whose labels end in no number, put a space before the paragraph:
    ``易冒 王序 3``.

    >>> citation("王序", 3, 1), citation("題", 2)
    ('易冒 王序 3.1', '易冒 題 2')
    """
    out = f"{BOOK} {division_label}"
    if para is not None:
        out += f"{'.' if division_label[-1].isdigit() else ' '}{para}"
        if sent is not None:
            out += f".{sent}"
    return out


def parse_citation(ref: str) -> tuple[str, int | None, int | None]:
    """(division label, paragraph, sentence) of a citation; ``易冒`` may be left out.

    >>> parse_citation("立法 4"), parse_citation("易冒 題 2")
    (('立法 4', None, None), ('題', 2, None))
    >>> parse_citation("立法")
    Traceback (most recent call last):
    yimao.errors.EditionError: cannot read reference '立法'; e.g. 易冒 立法 4.2.3 or 王序 3
    """
    m = _CITATION.fullmatch(ref.strip())
    head, a, b, c = m.groups() if m else ("", None, None, None)
    if not m or (head in PARTS.values() and a is None):
        raise EditionError(f"cannot read reference {ref!r}; e.g. 易冒 立法 4.2.3 or 王序 3")
    if head in PARTS.values():
        return f"{head} {a}", _int(b), _int(c)
    return head, _int(a), _int(b)
