"""The static DTS 1.0 API (yimao/web/dts.py) checked against the specification's required
members (https://dtsapi.org/versions/v1.0/: Entry, Collection/Resource, Navigation,
CitableUnit, Document), its URI templates expanded here by the test's own RFC 6570 reader,
and the units and fragments compared with the edition."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest
import test_site_browser as shared
from lxml import etree, html
from sitebuild import Build

from yimao.model.edition import Edition, load_edition, text_of

base_url = shared.base_url  # the test server of the browser tests
BASE = "http://127.0.0.1:8000"  # conf.py's default yimao_baseurl
TEI = "{http://www.tei-c.org/ns/1.0}"
DTS = "{https://w3id.org/api/dts#}"

ENTRY = {"@context", "@id", "@type", "dtsVersion", "collection", "navigation", "document"}
COLLECTION = {"@id", "@type", "dtsVersion", "title", "totalParents", "collection"}
RESOURCE_MORE = {"navigation", "document"}
NAV_RESOURCE = {"@id", "@type", "collection", "navigation", "document", "citationTrees"}
NAVIGATION = {"@context", "@id", "@type", "dtsVersion", "resource"}
UNIT = {"identifier", "@type", "level", "parent"}


@pytest.fixture(scope="module")
def edition(site: Build) -> Edition:
    assert site.tei is not None
    return load_edition(site.tei)


def expand(template: str, **values: object) -> str:
    """RFC 6570 level 3 for the operators ``{x}``, ``{/x,y}``, ``{;x}``, ``{?x}``, ``{&x}``."""

    def one(m: re.Match[str]) -> str:
        op, names = m.group(1), m.group(2).split(",")
        got = [(n, values[n]) for n in names if values.get(n) is not None]
        if not got:
            return ""
        if op == "/":
            return "".join(f"/{v}" for _, v in got)
        if op == ";":
            return "".join(f";{n}={v}" for n, v in got)
        if op in "?&":
            return op + "&".join(f"{n}={v}" for n, v in got)
        return ",".join(str(v) for _, v in got)

    return re.sub(r"\{([/;?&]?)([\w,]+)\}", one, template)


def local(site: Build, url: str) -> Path:
    assert url.startswith(BASE + "/"), url
    return site.out / url.removeprefix(BASE + "/")


def load(site: Build, url: str) -> dict:
    path = local(site, url)
    assert path.is_file(), url
    return json.loads(path.read_text("utf-8"))


def test_entry_point(site: Build) -> None:
    entry = json.loads((site.out / "api" / "dts" / "index.json").read_text("utf-8"))
    assert ENTRY <= entry.keys()
    assert entry["@type"] == "EntryPoint" and entry["dtsVersion"] == "1.0"
    assert entry["@context"] == "https://dtsapi.org/context/v1.0.json"
    root = load(site, expand(entry["collection"]))
    assert COLLECTION <= root.keys() and root["@type"] == "Collection"
    assert root["totalParents"] == 0 and root["totalChildren"] == len(root["member"]) == 1
    member = root["member"][0]
    assert COLLECTION | RESOURCE_MORE <= member.keys() and member["@type"] == "Resource"
    resource = load(site, expand(entry["collection"], id=member["@id"]))
    assert resource["@id"] == member["@id"] == "yimao"
    assert COLLECTION | RESOURCE_MORE | {"@context"} <= resource.keys()
    assert resource["download"] == f"{BASE}/tei/yimao.xml"


def _check_units(units: list[dict], edition: Edition) -> None:
    ids = [u["identifier"] for u in units]
    assert len(ids) == len(set(ids))
    for u in units:
        assert UNIT <= u.keys() and u["@type"] == "CitableUnit"
        assert u["dublinCore"]["title"][0]["value"].startswith(edition.ref(u["identifier"]))


def test_navigation_down_the_citation_tree(site: Build, edition: Edition) -> None:
    entry = json.loads((site.out / "api" / "dts" / "index.json").read_text("utf-8"))
    divisions = [d.id for d in edition.divisions]
    paragraphs = [p.id for d in edition.divisions for p in d.passages]
    sentences = [s for d in edition.divisions for p in d.passages for s in p.sentences]
    wanted = {1: divisions, 2: None, -1: None}
    for down in wanted:
        url = expand(entry["navigation"], resource="yimao", down=down)
        nav = load(site, url)
        assert NAVIGATION <= nav.keys() and nav["@type"] == "Navigation" and nav["@id"] == url
        assert NAV_RESOURCE <= nav["resource"].keys()
        units = nav["member"]
        _check_units(units, edition)
        levels = {lv: [u["identifier"] for u in units if u["level"] == lv] for lv in (1, 2, 3)}
        assert levels[1] == divisions
        assert levels[2] == (paragraphs if down != 1 else [])
        assert levels[3] == (sentences if down == -1 else [])
        # document order: each unit's parent comes before it
        seen: set[str | None] = {None}
        for u in units:
            assert u["parent"] in seen, u
            seen.add(u["identifier"])
    nav = load(site, expand(entry["navigation"], resource="yimao", ref="lifa-04", down=1))
    assert nav["ref"]["identifier"] == "lifa-04" and nav["ref"]["citeType"] == "chapter"
    assert [u["identifier"] for u in nav["member"]] == [
        p.id for p in edition.division("lifa-04").passages]
    nav = load(site, expand(entry["navigation"], resource="yimao", ref="p027", down=1))
    assert [u["identifier"] for u in nav["member"]] == list(edition.passage("p027").sentences)
    assert all(u["parent"] == "p027" and u["level"] == 3 for u in nav["member"])
    nav = load(site, expand(entry["navigation"], resource="yimao", ref="p043"))
    assert "member" not in nav and nav["ref"]["parent"] == "lifa-04"
    for did in divisions:
        assert local(site, expand(entry["navigation"], resource="yimao", ref=did)).is_file()
    for pid in paragraphs + sentences:
        assert local(site, expand(entry["navigation"], resource="yimao", ref=pid)).is_file()
    nav = load(site, expand(entry["navigation"], resource="yimao", ref="p027-s2"))
    assert nav["ref"]["parent"] == "p027" and nav["ref"]["level"] == 3


def test_documents_are_tei_fragments_of_the_edition(site: Build, edition: Edition) -> None:
    entry = json.loads((site.out / "api" / "dts" / "index.json").read_text("utf-8"))
    whole = local(site, expand(entry["document"], resource="yimao"))
    assert whole.read_bytes() == Path(str(edition.path)).read_bytes()
    units = [d.id for d in edition.divisions]
    units += [p.id for d in edition.divisions for p in d.passages]
    units += [s for d in edition.divisions for p in d.passages for s in p.sentences]
    for ref in units:
        path = local(site, expand(entry["document"], resource="yimao", ref=ref))
        root = etree.parse(str(path)).getroot()
        assert root.tag == f"{TEI}TEI"
        wrapper = root.find(f"{DTS}wrapper")
        assert wrapper is not None and wrapper.get("ref") == ref
        hit = wrapper.xpath(".//*[@xml:id=$r]", r=ref)
        assert hit, ref
        if ref.startswith("p") and "-" not in ref:
            assert text_of(hit[0], "corrected") == edition.passage(ref).text("corrected")
            ko = edition.passage(ref).ko_id
            assert wrapper.xpath(".//*[@xml:id=$k]", k=ko), ref


def test_tei_is_published_and_linked_from_home(site: Build, edition: Edition) -> None:
    assert (site.out / "tei" / "yimao.xml").read_bytes() == Path(str(edition.path)).read_bytes()
    home = html.fromstring((site.out / "index.html").read_bytes())
    assert "tei/yimao.xml" in home.xpath("//a/@href")
    assert "api/dts/index.json" in home.xpath("//a/@href")


def test_api_size(site: Build) -> None:
    files = [f for f in (site.out / "api").rglob("*") if f.is_file()]
    total = sum(f.stat().st_size for f in files)
    kinds = {k: sum(f.stat().st_size for f in files if f"/{k}" in str(f))
             for k in ("navigation", "document", "collection")}
    print(f"DTS: {len(files)} files, {total / 1e6:.1f} MB "
          + ", ".join(f"{k} {v / 1e6:.1f} MB" for k, v in kinds.items()))
    # a bound on growth, not a spec limit: every Level 0 call is a file (issue 26: down 0, 1,
    # 2 and -1 for every unit, 15,652 files, 24.9 MB)
    assert len(files) < 17_000 and total < 30e6


def test_entry_point_answers_over_http(base_url: str) -> None:
    for path in ("/api/dts/index.json", "/api/dts/navigation/yimao;down=1.json",
                 "/api/dts/document/yimao/p043-s1.xml", "/tei/yimao.xml"):
        with urllib.request.urlopen(base_url + path) as r:
            assert r.status == 200 and r.read(), path


def test_make_serve_gives_the_dts_media_types(site: Build) -> None:
    import socket
    import subprocess
    import sys
    import time

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "yimao.web.serve", "--port", str(port),
                             str(site.out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        types = {}
        for path in ("/api/dts/index.json", "/api/dts/document/yimao/p043.xml",
                     "/cite/p043.json"):
            for _ in range(50):
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}") as r:
                        types[path] = r.headers["Content-Type"]
                    break
                except OSError:
                    time.sleep(0.1)
        assert types == {"/api/dts/index.json": "application/ld+json",
                         "/api/dts/document/yimao/p043.xml": "application/tei+xml",
                         "/cite/p043.json": "application/json"}
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _template_variables(template: str) -> set[str]:
    return {v for group in re.findall(r"\{[/;?&]?([\w,]+)\}", template) for v in group.split(",")}


def test_level0_conformance_as_the_official_validator_checks(site: Build,
                                                              edition: Edition) -> None:
    """The checks of the DTS validator (github distributed-text-services/validator), written
    here: the entry point's templates with their variables; the root collection, one
    collection, the readable resource and each one's parents (nav=parents); navigation
    down=1, 2 and -1 from the root, the last division with down=2 and down=-1, a paragraph
    with down=1; and beyond it every Level 0 call for each kind of unit (down absent, 0, 1,
    2, -1), an empty member list below a sentence."""
    entry = json.loads((site.out / "api" / "dts" / "index.json").read_text("utf-8"))
    assert {"id", "nav"} <= _template_variables(entry["collection"])
    assert {"resource", "ref", "down"} <= _template_variables(entry["navigation"])
    assert {"resource", "ref"} <= _template_variables(entry["document"])
    for cid in (None, "yimao-edition", "yimao"):
        one = load(site, expand(entry["collection"], id=cid))
        assert COLLECTION <= one.keys() and isinstance(one["totalChildren"], int)
        parents = load(site, expand(entry["collection"], id=cid, nav="parents"))
        assert COLLECTION <= parents.keys()
        assert len(parents["member"]) == parents["totalParents"] if cid else parents["member"] == []
        for m in [one, *one.get("member", [])]:
            assert {"@id", "@type", "title", "totalParents", "totalChildren"} <= m.keys()
            assert {"id", "nav"} <= _template_variables(m["collection"]), m["@id"]
    resource = load(site, expand(entry["collection"], id="yimao"))
    nav_t = resource["navigation"]
    assert {"ref", "down"} <= _template_variables(nav_t)
    assert {"ref"} <= _template_variables(resource["document"])

    def nav(ref: str | None, down: int | None) -> dict:
        url = expand(nav_t, resource="yimao", ref=ref, down=down)
        got = load(site, url)
        assert NAVIGATION <= got.keys() and got["@type"] == "Navigation" and got["@id"] == url
        assert NAV_RESOURCE <= got["resource"].keys()
        for u in got.get("member", []):
            assert UNIT <= u.keys() and u["@type"] == "CitableUnit"
            assert isinstance(u["level"], int) and isinstance(u["citeType"], str)
        return got

    for down in (1, 2, -1):
        assert nav(None, down)["member"]
    last = edition.divisions[-1].id
    assert nav(last, 2)["member"] is not None and nav(last, -1)["member"] is not None
    div = edition.division("lifa-04")
    para = div.passages[1]
    sentence = para.sentences[0]
    for ref in (div.id, para.id, sentence):
        assert "member" not in nav(ref, None)
        siblings = [u["identifier"] for u in nav(ref, 0)["member"]]
        assert ref in siblings
        parent = nav(ref, None)["ref"]["parent"]
        assert all(u["parent"] == parent for u in nav(ref, 0)["member"])
        one, two, every = (nav(ref, d)["member"] for d in (1, 2, -1))
        assert all(u["parent"] == ref for u in one)
        assert [u["identifier"] for u in one] == [u["identifier"] for u in two
                                                   if u["parent"] == ref]
        assert len(one) <= len(two) <= len(every)
    assert [u["identifier"] for u in nav(div.id, 2)["member"]] == [
        x for p in div.passages for x in (p.id, *p.sentences)]
    assert [u["identifier"] for u in nav(para.id, 2)["member"]] == list(para.sentences)
    assert all(nav(sentence, d)["member"] == [] for d in (1, 2, -1))
    assert [u["identifier"] for u in nav(div.id, 0)["member"]] == [
        d.id for d in edition.divisions]
