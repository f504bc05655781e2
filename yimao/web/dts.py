"""A static DTS 1.0 API (Distributed Text Services, https://dtsapi.org/versions/v1.0/) for
the edition, written as files under ``build/html/api/dts/``, and the TEI itself at
``/tei/yimao.xml``.

A static site answers no query string, so the URI templates (RFC 6570) put the parameters in
the path, as the specification's section on static sites allows: ``resource`` ``yimao``, the
citable units named by their xml:ids (``lifa-04`` a division, ``p043`` a paragraph,
``p043-s1`` a sentence) with the human reference as their title, ``start``/``end``/``down``
as path parameters::

    api/dts/index.json                         the entry point
    api/dts/collection.json                    the root collection (= collection/yimao-edition.json)
    api/dts/collection/yimao.json              the resource: the edition
    api/dts/navigation/yimao;down=1.json       its divisions (down=2: + paragraphs,
                                               down=-1: + sentences)
    api/dts/navigation/yimao/lifa-04.json      one division, paragraph or sentence (ref),
    api/dts/navigation/yimao/lifa-04;down=1.json   … itself and its children (down=0: its
                                               siblings and itself; 2: two levels; -1: all
                                               below; below a sentence: itself alone)
    api/dts/navigation/yimao;start=p043;end=p045;down=1.json   a range (make serve only)
    api/dts/collection;nav=parents.json        a collection's parents (also for each id)
    api/dts/document/yimao.xml                 the whole TEI
    api/dts/document/yimao/p043.xml            a division, paragraph or sentence as a TEI
                                               fragment in <dts:wrapper>
    api/dts/document/yimao;start=p043;end=p045.xml   a range in one <dts:wrapper> (make serve)

The citation tree is the edition's (tei/README.md): division (front and back matter) or
chapter (立法, 筮類) → paragraph → sentence. The files written at build time answer every
Level 0 call (issue 26: ``down`` 0, 1, 2 and -1 for every unit kind), so a static host is a
Level 0 server; ``make serve`` (yimao.web.serve) answers every other valid call from the same
model at request time (:meth:`Dts.answer`: ``start``/``end`` ranges, any ``down``, the
errors the specification asks for), which makes it a Level 1 server. Not answered: ``page``
(nothing is paginated) and ``tree`` (one citation tree).

>>> expand("{base}/navigation{/resource}{/ref}{;down}.json", base="/api", resource="yimao",
...        down=1)
'/api/navigation/yimao;down=1.json'
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from yimao import atomic
from yimao.model.edition import Edition
from yimao.web.build_state import one_line, site

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

API = "api/dts"
TEI_FILE = "tei/yimao.xml"
CONTEXT = "https://dtsapi.org/context/v1.0.json"
DTS_NS = "https://w3id.org/api/dts#"
RESOURCE = "yimao"
ROOT_COLLECTION = "yimao-edition"
VERSION = "1.0"
NAV_PARAMS = "{;start,end,down}"
DOC_PARAMS = "{;start,end}"
"""The templates' path parameters: a static host has the files without them (``down`` 0, 1,
2, -1 after a unit or the resource), make serve answers them all."""


def expand(template: str, **values: object) -> str:
    """Expand the RFC 6570 expressions this API uses: ``{x}``, ``{/x,y}`` (path segments) and
    ``{;x,y}`` (path parameters); undefined variables expand to nothing.

    >>> expand("/nav{/resource}{/ref}{;start,end,down}.json", resource="r", start=1, end=2)
    '/nav/r;start=1;end=2.json'
    """

    def one(m: re.Match[str]) -> str:
        op, names = m.group(1), m.group(2).split(",")
        got = [(n, values[n]) for n in names if values.get(n) is not None]
        if op == "/":
            return "".join(f"/{v}" for _, v in got)
        if op == ";":
            return "".join(f";{n}={v}" for n, v in got)
        return ",".join(f"{v}" for _, v in got)

    return re.sub(r"\{([/;]?)([\w,]+)\}", one, template)


class DtsError(Exception):
    """A call the API refuses: *status* 400 (parameters that do not go together) or 404 (no
    such resource or unit); the message is the reader's (Korean)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


DEEPEST = 3
"""Levels of the citation tree (division, paragraph, sentence): what ``down=-1`` reaches."""
PATH = re.compile(r"(?P<endpoint>collection|navigation|document)(?P<segments>(?:/[^/;]+)*)"
                  r"(?P<params>(?:;[^/;=]+=[^/;]*)*)\.(?P<suffix>json|xml)")
"""A request path below ``api/dts/``: endpoint, path segments, path parameters, suffix."""


class Dts:
    """The API's responses for one edition, with absolute URLs under *base*."""

    def __init__(self, edition: Edition, base: str) -> None:
        self.edition = edition
        self.api = f"{base.rstrip('/')}/{API}"
        self.base = base.rstrip("/")
        self._units_by_id: dict[str, dict[str, Any]] = {}
        self._order: list[str] = []
        self._position: dict[str, int] = {}
        self.templates = {
            "collection": f"{self.api}/collection{{/id}}{{;nav}}.json",
            "navigation": f"{self.api}/navigation{{/resource}}{{/ref}}{NAV_PARAMS}.json",
            "document": f"{self.api}/document{{/resource}}{{/ref}}{DOC_PARAMS}.xml",
        }

    # ------------------------------------------------------------ entry and collections

    def entry(self) -> dict[str, Any]:
        return {"@context": CONTEXT, "dtsVersion": VERSION, "@id": f"{self.api}/index.json",
                "@type": "EntryPoint", **self.templates}

    def resource(self, full: bool = True) -> dict[str, Any]:
        h = self.edition.header
        out: dict[str, Any] = {
            "@id": RESOURCE,
            "@type": "Resource",
            "collection": self.templates["collection"],  # a template (id, nav), as in the spec
            "navigation": f"{self.api}/navigation/{RESOURCE}{{/ref}}{NAV_PARAMS}.json",
            "document": f"{self.api}/document/{RESOURCE}{{/ref}}{DOC_PARAMS}.xml",
            "citationTrees": [self.citation_tree()],
        }
        if not full:
            return out
        people = [*h.editors, *h.responsibilities]
        return {
            **out,
            "dtsVersion": VERSION,
            "title": h.title,
            "description": h.subtitle,
            "totalParents": 1,
            "totalChildren": 0,
            "dublinCore": {
                "title": [{"lang": "lzh", "value": h.title}, {"lang": "ko", "value": h.subtitle}],
                "creator": [{"lang": "lzh", "value": h.author.name}],
                "contributor": [{"lang": "ko", "value": f"{r.name} ({r.resp})"} for r in people],
                "publisher": [{"lang": "ko", "value": h.publisher}],
                "date": h.date,
                "language": ["lzh", "ko"],
            },
            "download": f"{self.base}/{TEI_FILE}",
            "mediaTypes": ["application/tei+xml"],
        }

    def root_collection(self) -> dict[str, Any]:
        h = self.edition.header
        return {
            "@context": CONTEXT, "dtsVersion": VERSION, "@id": ROOT_COLLECTION,
            "@type": "Collection", "title": f"{h.title} — {h.subtitle}",
            "collection": self.templates["collection"],
            "totalParents": 0, "totalChildren": 1,
            "member": [self.resource()],
        }

    def resource_collection(self) -> dict[str, Any]:
        return {"@context": CONTEXT, **self.resource(),
                "member": [{"@id": ROOT_COLLECTION, "@type": "Collection",
                            "title": self.edition.header.title,
                            "collection": self.templates["collection"],
                            "totalParents": 0, "totalChildren": 1}]}

    def parents(self, of: str | None) -> dict[str, Any]:
        """``nav=parents``: the collection (None: the root, *of* ``yimao-edition``, or the
        resource ``yimao``) with its parents as members."""
        if of == RESOURCE:
            return {**self.resource_collection()}
        base = self.root_collection()
        return {**base, "@id": ROOT_COLLECTION, "member": []}

    @staticmethod
    def citation_tree() -> dict[str, Any]:
        below = [{"@type": "CiteStructure", "citeType": "paragraph",
                  "citeStructure": [{"@type": "CiteStructure", "citeType": "sentence"}]}]
        return {"@type": "CitationTree", "description": "易冒 立法 4.2.3: 장(또는 서문)·단락·문장",
                "citeStructure": [
                    {"@type": "CiteStructure", "citeType": "division", "citeStructure": below},
                    {"@type": "CiteStructure", "citeType": "chapter", "citeStructure": below},
                ]}

    # ------------------------------------------------------------ the citation tree

    def order(self) -> list[str]:
        """Every citable unit's id in document order (pre-order, depth first)."""
        if not self._order:
            order = [u for d in self.edition.divisions
                     for u in (d.id, *(x for p in d.passages for x in (p.id, *p.sentences)))]
            self._position = {u: i for i, u in enumerate(order)}
            self._order = order
        return self._order

    def known(self, xml_id: str) -> bool:
        self.order()
        return xml_id in self._position

    def unit(self, xml_id: str) -> dict[str, Any]:
        """The CitableUnit of a division, paragraph or sentence."""
        if xml_id not in self._units_by_id:
            self._units_by_id[xml_id] = self._unit(xml_id)
        return self._units_by_id[xml_id]

    def _unit(self, xml_id: str) -> dict[str, Any]:
        ed = self.edition
        div = next((d for d in ed.divisions if d.id == xml_id), None)
        if div is not None:
            level, parent = 1, None
            cite_type = "chapter" if div.n is not None else "division"
            title = [{"lang": "lzh", "value": f"{ed.ref(xml_id)} {div.title_zh}"},
                     {"lang": "ko", "value": div.title_ko}]
        elif re.fullmatch(r"p\d+", xml_id):
            p = ed.passage(xml_id)
            level, parent, cite_type = 2, p.division, "paragraph"
            title = [{"lang": "lzh", "value": p.ref}]
        else:
            level, parent, cite_type = 3, xml_id.split("-")[0], "sentence"
            title = [{"lang": "lzh", "value": ed.ref(xml_id)}]
        return {"identifier": xml_id, "@type": "CitableUnit", "level": level, "parent": parent,
                "citeType": cite_type, "dublinCore": {"title": title}}

    def children(self, ref: str | None) -> list[str]:
        """The ids of the units directly below *ref* (None: the divisions)."""
        ed = self.edition
        if ref is None:
            return [d.id for d in ed.divisions]
        div = next((d for d in ed.divisions if d.id == ref), None)
        if div is not None:
            return [p.id for p in div.passages]
        if re.fullmatch(r"p\d+", ref):
            return list(ed.passage(ref).sentences)
        return []

    def below(self, ref: str | None, depth: int) -> Iterator[str]:
        """The ids of the units down to *depth* levels below *ref*, in document order."""
        if depth <= 0:
            return
        for child in self.children(ref):
            yield child
            yield from self.below(child, depth - 1)

    def siblings(self, ref: str) -> list[str]:
        parent = self.unit(ref)["parent"]
        return self.children(parent)

    def ancestors(self, ref: str) -> set[str]:
        out: set[str] = set()
        parent = self.unit(ref)["parent"]
        while parent is not None:
            out.add(parent)
            parent = self.unit(parent)["parent"]
        return out

    def span(self, start: str, end: str) -> list[str]:
        """The units of the range *start*–*end*, both included, in document order: from
        *start* to the last unit below *end*, less the units other than *start* that *end* is
        inside of (a chapter begun within the range but not ended in it).

        >>> from yimao.model.edition import load_edition
        >>> Dts(load_edition(), "").span("p031-s2", "p033")  # 立法 1.5.2 to 立法 2.1
        ['p031-s2', 'p032', 'p032-s1', 'p033', 'p033-s1', 'p033-s2']
        """
        order = self.order()
        i, j = self._position[start], self._position[end]
        last = j + len(list(self.below(end, DEEPEST)))
        outside = self.ancestors(end) - {start}
        return [u for u in order[i:last + 1] if u not in outside]

    # ------------------------------------------------------------ navigation

    def navigation(self, ref: str | None = None, down: int | None = None,
                   start: str | None = None, end: str | None = None) -> dict[str, Any]:
        """The Navigation response for *ref* (None: the root) or the range *start*–*end*,
        and *down* (None, 0, a depth, -1 for all), as the specification's table of ``down``,
        ``ref``, ``start`` and ``end`` gives it: with ``down`` ≥ 1 or -1 the members begin
        with *ref* itself (below a sentence, it alone), a range's members go down from the
        deeper of *start* and *end*. Parameters that do not go together, or an unknown unit,
        raise :class:`DtsError`."""
        self._check(ref, start, end)
        if down is not None and down < -1:
            raise DtsError(400, f"down={down}: down은 -1(끝까지), 0 또는 양의 정수여야 합니다.")
        if down is None and ref is None and start is None:
            raise DtsError(400, "ref, start와 end, down 가운데 하나 이상을 주십시오.")
        if down == 0 and ref is None:
            raise DtsError(400, "down=0(형제 단위)은 ref와 함께만 쓸 수 있습니다.")
        out: dict[str, Any] = {
            "@context": CONTEXT, "dtsVersion": VERSION, "@type": "Navigation",
            "@id": expand(self.templates["navigation"], resource=RESOURCE, ref=ref,
                          start=start, end=end, down=down),
            "resource": self.resource(full=False),
        }
        if ref is not None:
            out["ref"] = self.unit(ref)
        if start is not None and end is not None:
            out["start"], out["end"] = self.unit(start), self.unit(end)
        if down is None:
            return out
        depth = DEEPEST if down == -1 else down
        if down == 0 and ref is not None:
            ids = self.siblings(ref)
        elif ref is not None:
            ids = [ref, *self.below(ref, depth)]
        elif start is not None and end is not None:
            deeper = max(self.unit(start)["level"], self.unit(end)["level"])
            ids = [u for u in self.span(start, end) if self.unit(u)["level"] <= deeper + depth]
        else:
            ids = list(self.below(None, depth))
        out["member"] = [self.unit(i) for i in ids]
        return out

    def _check(self, ref: str | None, start: str | None, end: str | None) -> None:
        if ref is not None and (start is not None or end is not None):
            raise DtsError(400, "ref와 start/end는 함께 쓸 수 없습니다.")
        if (start is None) != (end is None):
            raise DtsError(400, "start와 end는 함께 주십시오.")
        for name, value in (("ref", ref), ("start", start), ("end", end)):
            if value is not None and not self.known(value):
                raise DtsError(404, f"{name}={value}: 이 판본에 없는 단위입니다.")
        if start is not None and end is not None and self._position[start] > self._position[end]:
            raise DtsError(400, f"start={start}가 end={end}보다 뒤에 있습니다. 순서를 바꾸십시오.")

    # ------------------------------------------------------------ documents

    def fragment(self, xml_id: str) -> bytes:
        """A division, paragraph (with its Korean translation and the editors' notes on it)
        or sentence as a TEI document: ``<TEI><dts:wrapper>…</dts:wrapper></TEI>``."""
        return self.edition.fragment(xml_id, DTS_NS)

    def range_fragment(self, start: str, end: str) -> bytes:
        """The range *start*–*end* as one TEI document: the fragments of the range's
        outermost units (:meth:`span`), in document order, in one ``<dts:wrapper start end>``."""
        self._check(None, start, end)
        units = self.span(start, end)
        inside = set(units)
        outermost = [u for u in units if self.unit(u)["parent"] not in inside]
        return self.edition.fragments(outermost, DTS_NS, start=start, end=end)

    def document(self, ref: str | None = None, start: str | None = None,
                 end: str | None = None) -> bytes:
        """The Document response: the whole TEI, a unit's fragment or a range's."""
        self._check(ref, start, end)
        if ref is not None:
            return self.fragment(ref)
        if start is not None and end is not None:
            return self.range_fragment(start, end)
        return self.edition.path.read_bytes()

    # ------------------------------------------------------------ any call

    def answer(self, path: str) -> tuple[str, bytes]:
        """The response to a request *path* below ``api/dts/`` (``navigation/yimao;down=1.json``):
        its media type and bytes, or :class:`DtsError` (400, 404) with the reason.

        >>> from yimao.model.edition import load_edition
        >>> dts = Dts(load_edition(), "http://127.0.0.1:8000")
        >>> got = json.loads(dts.answer("navigation/yimao;start=p043;end=p044;down=1.json")[1])
        >>> got["end"]["identifier"], [u["identifier"] for u in got["member"]][:2]
        ('p044', ['p043', 'p043-s1'])
        >>> dts.answer("navigation/yimao/p043;start=p043;end=p044.json")
        Traceback (most recent call last):
        ...
        yimao.web.dts.DtsError: ref와 start/end는 함께 쓸 수 없습니다.
        """
        m = PATH.fullmatch(path)
        if m is None:
            raise DtsError(404, "DTS API에 없는 주소입니다.")
        endpoint, suffix = m["endpoint"], m["suffix"]
        segments = [s for s in m["segments"].split("/") if s]
        params: dict[str, str] = {}
        for item in m["params"].split(";")[1:]:
            name, _, value = item.partition("=")
            if name in params:
                raise DtsError(400, f"{name}을(를) 두 번 주었습니다.")
            params[name] = value
        if endpoint == "collection":
            return "application/ld+json", js(self.collection(segments, suffix, params))
        unknown = set(params) - ({"start", "end", "down"} if endpoint == "navigation"
                                 else {"start", "end"})
        if unknown:
            raise DtsError(400, f"{', '.join(sorted(unknown))}: 이 API가 받지 않는 매개변수입니다.")
        if not segments or segments[0] != RESOURCE or len(segments) > 2:
            raise DtsError(404, "이 API에는 자원 yimao 하나만 있습니다.")
        ref = segments[1] if len(segments) == 2 else None
        start, end = params.get("start"), params.get("end")
        if endpoint == "document":
            if suffix != "xml":
                raise DtsError(404, "문서는 TEI(.xml)로만 냅니다.")
            return "application/tei+xml", self.document(ref, start, end)
        if suffix != "json":
            raise DtsError(404, "탐색 응답은 JSON-LD(.json)로만 냅니다.")
        down = params.get("down")
        if down is not None and not re.fullmatch(r"-?\d{1,4}", down):
            raise DtsError(400, f"down={down}: 정수를 주십시오.")
        return "application/ld+json", js(self.navigation(
            ref, None if down is None else int(down), start, end))

    def collection(self, segments: list[str], suffix: str,
                   params: dict[str, str]) -> dict[str, Any]:
        if suffix != "json" or len(segments) > 1 or set(params) - {"nav"}:
            raise DtsError(404, "DTS API에 없는 주소입니다.")
        cid = segments[0] if segments else None
        nav = params.get("nav", "children")
        if nav not in ("children", "parents"):
            raise DtsError(400, f"nav={nav}: nav는 children 또는 parents입니다.")
        if cid not in (None, ROOT_COLLECTION, RESOURCE):
            raise DtsError(404, f"{cid}: 이 API에 없는 컬렉션입니다.")
        if nav == "parents":
            return self.parents(cid)
        return self.resource_collection() if cid == RESOURCE else self.root_collection()

    # ------------------------------------------------------------ files

    def files(self) -> Iterator[tuple[str, bytes]]:
        """``(path under the site, content)`` of every Level 0 response, each the bytes that
        :meth:`answer` gives for its path (a static host and make serve answer alike)."""
        yield f"{API}/index.json", js(self.entry())
        paths = ["collection.json", f"collection/{ROOT_COLLECTION}.json",
                 f"collection/{RESOURCE}.json", "collection;nav=parents.json",
                 f"collection/{ROOT_COLLECTION};nav=parents.json",
                 f"collection/{RESOURCE};nav=parents.json"]
        nav, doc = f"navigation/{RESOURCE}", f"document/{RESOURCE}"
        paths += [f"{nav};down={down}.json" for down in (1, 2, -1)]
        for ref in self.order():
            paths.append(f"{nav}/{ref}.json")
            paths += [f"{nav}/{ref};down={down}.json" for down in (0, 1, 2, -1)]
            paths.append(f"{doc}/{ref}.xml")
        for path in paths:
            yield f"{API}/{path}", self.answer(path)[1]


def js(data: dict[str, Any]) -> bytes:
    """A response's JSON, compact, the characters as they are."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def write_api(edition: Edition, outdir: Path, base: str) -> tuple[int, int]:
    """Write the API and the TEI under *outdir* (files whose bytes changed only); return the
    number of files and their total size in bytes."""
    count = size = 0
    tei = outdir / TEI_FILE
    tei.parent.mkdir(parents=True, exist_ok=True)
    if not tei.is_file() or tei.read_bytes() != edition.path.read_bytes():
        shutil.copyfile(edition.path, tei)
    whole = outdir / API / "document" / f"{RESOURCE}.xml"
    whole.parent.mkdir(parents=True, exist_ok=True)
    if not whole.is_file() or whole.read_bytes() != edition.path.read_bytes():
        shutil.copyfile(edition.path, whole)
    for name, data in Dts(edition, base).files():
        path = outdir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_bytes() != data:
            atomic.write_bytes(path, data, durable=False)
        count += 1
        size += len(data)
    return count + 1, size + whole.stat().st_size


def on_build_finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    from yimao.web.cite import base_url

    @one_line
    def write() -> None:
        # the entry point's @id names the base the links were written with: make serve puts
        # the served address in its place when it is a local one (yimao.web.serve.local_base)
        write_api(site(app).edition, Path(app.outdir), base_url(app.config))

    write()


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("build-finished", on_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
