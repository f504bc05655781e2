"""A static DTS 1.0 API (Distributed Text Services, https://dtsapi.org/versions/v1.0/) for
the edition, written as files under ``build/html/api/dts/``, and the TEI itself at
``/tei/yimao.xml``.

A static site answers no query string, so the URI templates (RFC 6570) put the parameters in
the path: a Level 0 server (no ``start``/``end``), ``resource`` ``yimao``, the citable units
named by their xml:ids (``lifa-04`` a division, ``p043`` a paragraph, ``p043-s1`` a
sentence) with the human reference as their title::

    api/dts/index.json                         the entry point
    api/dts/collection.json                    the root collection (= collection/yimao-edition.json)
    api/dts/collection/yimao.json              the resource: the edition
    api/dts/navigation/yimao;down=1.json       its divisions (down=2: + paragraphs,
                                               down=-1: + sentences)
    api/dts/navigation/yimao/lifa-04.json      one division, paragraph or sentence (ref),
    api/dts/navigation/yimao/lifa-04;down=1.json   … with its children (down=0: its
                                               siblings and itself; 2: two levels; -1: all
                                               below; below a sentence an empty member list)
    api/dts/collection;nav=parents.json        a collection's parents (also for each id)
    api/dts/document/yimao.xml                 the whole TEI
    api/dts/document/yimao/p043.xml            a division, paragraph or sentence as a TEI
                                               fragment in <dts:wrapper>

The citation tree is the edition's (tei/README.md): division (front and back matter) or
chapter (立法, 筮類) → paragraph → sentence. Every Level 0 call is answered (issue 26: ``down``
0, 1, 2 and -1 for every unit kind, checked by tests/test_site_dts.py as the official validator
checks them); not answered: ``start``/``end`` ranges and ``page`` (Level 1 and 2).

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
from yimao.model.edition import Division, Edition, Passage
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


def expand(template: str, **values: object) -> str:
    """Expand the RFC 6570 expressions this API uses: ``{x}``, ``{/x}`` (path segment) and
    ``{;x}`` (path parameter); undefined variables expand to nothing."""

    def one(m: re.Match[str]) -> str:
        op, name = m.group(1), m.group(2)
        value = values.get(name)
        if value is None:
            return ""
        return {"": f"{value}", "/": f"/{value}", ";": f";{name}={value}"}[op]

    return re.sub(r"\{([/;]?)(\w+)\}", one, template)


class Dts:
    """The API's responses for one edition, with absolute URLs under *base*."""

    def __init__(self, edition: Edition, base: str) -> None:
        self.edition = edition
        self.api = f"{base.rstrip('/')}/{API}"
        self.base = base.rstrip("/")
        self._units_by_id: dict[str, dict[str, Any]] = {}
        self.templates = {
            "collection": f"{self.api}/collection{{/id}}{{;nav}}.json",
            "navigation": f"{self.api}/navigation{{/resource}}{{/ref}}{{;down}}.json",
            "document": f"{self.api}/document{{/resource}}{{/ref}}.xml",
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
            "navigation": f"{self.api}/navigation/{RESOURCE}{{/ref}}{{;down}}.json",
            "document": f"{self.api}/document/{RESOURCE}{{/ref}}.xml",
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

    # ------------------------------------------------------------ navigation

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

    def _units(self, div: Division, depth: int) -> Iterator[dict[str, Any]]:
        yield self.unit(div.id)
        if depth > 1:
            for p in div.passages:
                yield from self._passage_units(p, depth - 1)

    def _passage_units(self, p: Passage, depth: int) -> Iterator[dict[str, Any]]:
        yield self.unit(p.id)
        if depth > 1:
            yield from (self.unit(s) for s in p.sentences)

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

    def navigation(self, ref: str | None = None, down: int | None = None) -> dict[str, Any]:
        """The Navigation response for *ref* (None: the root) and *down* (None, 0, 1, 2, -1)."""
        out: dict[str, Any] = {
            "@context": CONTEXT, "dtsVersion": VERSION, "@type": "Navigation",
            "@id": expand(self.templates["navigation"], resource=RESOURCE, ref=ref, down=down),
            "resource": self.resource(full=False),
        }
        if ref is not None:
            out["ref"] = self.unit(ref)
        if down is None:
            return out
        if down == 0:
            ids = self.siblings(ref) if ref is not None else []
        else:
            ids = list(self.below(ref, 3 if down == -1 else down))
        out["member"] = [self.unit(i) for i in ids]
        return out

    # ------------------------------------------------------------ documents

    def fragment(self, xml_id: str) -> bytes:
        """A division, paragraph (with its Korean translation and the editors' notes on it)
        or sentence as a TEI document: ``<TEI><dts:wrapper>…</dts:wrapper></TEI>``."""
        return self.edition.fragment(xml_id, DTS_NS)

    # ------------------------------------------------------------ files

    def files(self) -> Iterator[tuple[str, bytes]]:
        """``(path under the site, content)`` of every response."""

        def js(data: dict[str, Any]) -> bytes:
            return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()

        yield f"{API}/index.json", js(self.entry())
        yield f"{API}/collection.json", js(self.root_collection())
        yield f"{API}/collection/{ROOT_COLLECTION}.json", js(self.root_collection())
        yield f"{API}/collection/{RESOURCE}.json", js(self.resource_collection())
        yield f"{API}/collection;nav=parents.json", js(self.parents(None))
        yield f"{API}/collection/{ROOT_COLLECTION};nav=parents.json", js(self.parents(None))
        yield f"{API}/collection/{RESOURCE};nav=parents.json", js(self.parents(RESOURCE))
        nav = f"{API}/navigation/{RESOURCE}"
        for down in (1, 2, -1):
            yield f"{nav};down={down}.json", js(self.navigation(None, down))
        doc = f"{API}/document/{RESOURCE}"
        units = [u for d in self.edition.divisions
                 for u in (d.id, *(x for p in d.passages for x in (p.id, *p.sentences)))]
        for ref in units:
            yield f"{nav}/{ref}.json", js(self.navigation(ref))
            for down in (0, 1, 2, -1):
                yield f"{nav}/{ref};down={down}.json", js(self.navigation(ref, down))
            yield f"{doc}/{ref}.xml", self.fragment(ref)


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
