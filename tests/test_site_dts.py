"""The DTS 1.0 API (yimao/web/dts.py) checked against the specification's required members
(https://dtsapi.org/versions/v1.0/: Entry, Collection/Resource, Navigation, CitableUnit,
Document), its URI templates expanded here by the test's own RFC 6570 reader, and the units
and fragments compared with the edition: the static files of a built site (Level 0), and
make serve answering every valid call at request time (test_served_*: ranges, any down, the
400 and 404 the specification asks for; the official validator's checks; no site build)."""

from __future__ import annotations

import json
import re
import shutil
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import test_site_browser as shared
from lxml import etree, html
from sitebuild import Build

from yimao.model.edition import DEFAULT_PATH, Edition, load_edition, text_of

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import bench_serve  # noqa: E402

base_url = shared.base_url  # the test server of the browser tests
BASE = "http://127.0.0.1:8000"  # conf.py's default yimao_baseurl
TEI = "{http://www.tei-c.org/ns/1.0}"
DTS = "{https://w3id.org/api/dts#}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"

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
    assert [u["identifier"] for u in nav["member"]] == ["lifa-04", *(
        p.id for p in edition.division("lifa-04").passages)]
    nav = load(site, expand(entry["navigation"], resource="yimao", ref="p027", down=1))
    assert [u["identifier"] for u in nav["member"]] == ["p027",
                                                      *edition.passage("p027").sentences]
    assert all(u["parent"] == "p027" and u["level"] == 3 for u in nav["member"][1:])
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
    # 2 and -1 for every unit, the unit itself first in its down >= 1 members: 15,652 files,
    # 30.7 MB)
    assert len(files) < 17_000 and total < 34e6


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
    2, -1), the unit alone below a sentence (the specification: "an array containing only
    this CitableUnit"). Ranges (start/end) are make serve's: test_served_* below."""
    entry = json.loads((site.out / "api" / "dts" / "index.json").read_text("utf-8"))
    assert {"id", "nav"} <= _template_variables(entry["collection"])
    assert {"resource", "ref", "start", "end", "down"} <= _template_variables(entry["navigation"])
    assert {"resource", "ref", "start", "end"} <= _template_variables(entry["document"])
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
    assert {"ref", "start", "end", "down"} <= _template_variables(nav_t)
    assert {"ref", "start", "end"} <= _template_variables(resource["document"])

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
        assert all(m[0]["identifier"] == ref for m in (one, two, every))
        assert all(u["parent"] == ref for u in one[1:])
        assert [u["identifier"] for u in one[1:]] == [u["identifier"] for u in two
                                                       if u["parent"] == ref]
        assert len(one) <= len(two) <= len(every)
    assert [u["identifier"] for u in nav(div.id, 2)["member"]] == [div.id, *(
        x for p in div.passages for x in (p.id, *p.sentences))]
    assert [u["identifier"] for u in nav(para.id, 2)["member"]] == [para.id, *para.sentences]
    assert all([u["identifier"] for u in nav(sentence, d)["member"]] == [sentence]
               for d in (1, 2, -1))
    assert [u["identifier"] for u in nav(div.id, 0)["member"]] == [
        d.id for d in edition.divisions]


# ---------------------------------------------------------------- make serve: every valid call
# Without a site build (make test-fast): a directory with what the server needs (index.html,
# the TEI, the entry point), so every other DTS call is answered by make serve at request time,
# at the address it is served at; the checks are the official validator's (its 15 tests on a
# live API: the JSON schemas' required members, the templates' variables, the calls it makes)
# and the specification's table of down, ref, start and end.


@pytest.fixture(scope="module")
def tei_edition() -> Edition:
    return load_edition(DEFAULT_PATH)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, tei_edition: Edition) -> Iterator[str]:
    from yimao.web.dts import Dts, js

    root = tmp_path_factory.mktemp("dts-served")
    (root / "index.html").write_text("<!doctype html><title>易冒</title>", "utf-8")
    (root / "tei").mkdir()
    shutil.copyfile(DEFAULT_PATH, root / "tei" / "yimao.xml")
    (root / "api" / "dts").mkdir(parents=True)
    (root / "api" / "dts" / "index.json").write_bytes(js(Dts(tei_edition, BASE).entry()))
    with bench_serve.serving(root) as base:  # its log goes nowhere: no pipe to fill
        yield base


def get(url: str) -> tuple[int, str, bytes]:
    """Status, media type and body of a GET (an error status is returned, not raised)."""
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.headers["Content-Type"], r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["Content-Type"], exc.read()


def get_json(url: str) -> dict:
    status, media, body = get(url)
    assert status == 200 and media == "application/ld+json", (url, status, body[:300])
    return json.loads(body)


def ids(units: list[dict]) -> list[str]:
    return [u["identifier"] for u in units]


def _check_navigation(got: dict, url: str) -> None:
    """The validator's navigation schema: required members, the resource's, each unit's."""
    assert {"@id", "@type", "dtsVersion", "resource"} <= got.keys() and got["@id"] == url
    assert got["@type"] == "Navigation"
    resource = got["resource"]
    assert {"@id", "@type", "citationTrees", "navigation", "document"} <= resource.keys()
    assert resource["@type"] == "Resource" and all("@type" in t for t in
                                                   resource["citationTrees"])
    for key in ("ref", "start", "end"):
        if key in got:
            assert UNIT <= got[key].keys()
    for u in got.get("member") or []:
        assert UNIT <= u.keys() and u["@type"] == "CitableUnit"
        assert isinstance(u["level"], int) and isinstance(u["parent"], (str, type(None)))


def test_served_api_passes_the_validators_checks(served: str, tei_edition: Edition) -> None:
    """The official validator's tests on a live API, one by one, against make serve."""
    status, media, body = get(served + "/api/dts/index.json")
    entry = json.loads(body)
    assert status == 200 and "application/ld+json" in media
    assert ENTRY <= entry.keys() and entry["dtsVersion"] == "1.0"
    assert entry["@id"] == served + "/api/dts/index.json"  # the served address, not :8000
    assert {"id", "nav"} <= _template_variables(entry["collection"])
    assert {"resource", "ref", "start", "end"} <= _template_variables(entry["navigation"])
    assert {"resource", "ref", "start", "end"} <= _template_variables(entry["document"])
    root = get_json(expand(entry["collection"]))
    required = {"title", "@id", "@type", "totalChildren", "totalParents", "dtsVersion"}
    assert required <= root.keys() and "totalItems" not in root
    last = root["member"][-1]["@id"]
    assert required <= get_json(expand(entry["collection"], id=last)).keys()
    readable = get_json(expand(entry["collection"], id="yimao"))
    assert required <= readable.keys() and readable["@type"] == "Resource"
    assert {"nav"} <= _template_variables(readable["collection"])
    assert {"ref", "start", "end"} <= _template_variables(readable["navigation"])
    assert {"ref", "start", "end"} <= _template_variables(readable["document"])

    def nav(**values: object) -> dict:
        url = expand(readable["navigation"], resource="yimao", **values)
        got = get_json(url)
        _check_navigation(got, url)
        return got

    top = nav(down=1)["member"]
    assert ids(top) == [d.id for d in tei_edition.divisions]
    assert nav(down=2)["member"]
    assert nav(ref=top[-1]["identifier"], down=-1)["member"]
    assert nav(ref=top[-1]["identifier"], down=2)["member"]
    first, final = top[0]["identifier"], top[-1]["identifier"]
    ranged = nav(start=first, end=final, down=1)
    assert ranged["start"]["identifier"] == first and ranged["end"]["identifier"] == final
    assert ids(ranged["member"]) == ids(nav(down=2)["member"])  # the whole book, two levels
    plain = nav(start=first, end=final)
    assert "member" not in plain and plain["end"]["identifier"] == final
    for values in ({}, {"ref": first}, {"start": first, "end": final}):
        status, media, body = get(expand(readable["document"], resource="yimao", **values))
        assert status == 200 and media.startswith("application/tei+xml") and body, values


def test_served_navigation_follows_the_specifications_table(served: str,
                                                            tei_edition: Edition) -> None:
    """Every row of the table "Usage of down, ref, start and end" for every kind of unit,
    ranges across a chapter boundary, and the 400 and 404 the specification asks for."""
    template = get_json(served + "/api/dts/collection/yimao.json")["navigation"]

    def url(**values: object) -> str:
        return expand(template, resource="yimao", **values)

    def members(**values: object) -> list[str] | None:
        got = get_json(url(**values))
        _check_navigation(got, url(**values))
        return ids(got["member"]) if "member" in got else None

    ed = tei_edition
    divisions = [d.id for d in ed.divisions]
    d1, d2 = ed.division("lifa-01"), ed.division("lifa-02")
    para = d1.passages[1]
    sentence = para.sentences[-1]
    assert members(down=1) == divisions
    assert members(down=-1) == members(down=3) == [
        u for d in ed.divisions for u in (d.id, *(x for p in d.passages
                                                  for x in (p.id, *p.sentences)))]
    for ref, parent, kids in ((d1.id, None, [p.id for p in d1.passages]),
                              (para.id, d1.id, list(para.sentences)), (sentence, para.id, [])):
        got = get_json(url(ref=ref))
        assert got["ref"]["identifier"] == ref and got["ref"]["parent"] == parent
        assert "member" not in got
        siblings = divisions if parent is None else (
            [p.id for p in d1.passages] if parent == d1.id else list(para.sentences))
        assert members(ref=ref, down=0) == siblings
        assert members(ref=ref, down=1) == [ref, *kids]  # the unit itself first
        assert members(ref=ref, down=7) == members(ref=ref, down=-1)
    assert members(ref=sentence, down=1) == [sentence]  # nothing below: the unit alone
    # a range across a chapter boundary: the second chapter begins inside it, not whole
    before, last, first = d1.passages[-2], d1.passages[-1], d2.passages[0]
    start, end = before.sentences[-1], first.id
    got = get_json(url(start=start, end=end))
    assert (got["start"]["identifier"], got["end"]["identifier"]) == (start, end)
    assert "member" not in got and "ref" not in got
    inside = [start, last.id, *last.sentences, first.id, *first.sentences]
    assert members(start=start, end=end, down=1) == inside
    assert members(start=start, end=end, down=-1) == inside
    assert members(start=d1.id, end=d2.id, down=1) == [
        x for d in (d1, d2) for x in (d.id, *(p.id for p in d.passages))]
    assert members(start=para.id, end=para.id, down=1) == [para.id, *para.sentences]
    bad = {400: [url(), url(down=0), url(ref=para.id, start=start, end=end),
                 url(start=start), url(end=end, down=1), url(start=end, end=start),
                 url(down=-2), url(down="x")],
           404: [url(ref="p999"), url(start="p001", end="lifa-99"),
                 expand(template.replace("/yimao", "{/resource}"), resource="other", down=1)]}
    for status, urls in bad.items():
        for one in urls:
            got_status, media, body = get(one)
            assert got_status == status and media.startswith("text/html"), one
            assert re.search("[가-힣]", body.decode("utf-8")), one  # the reason, in Korean


def test_served_document_ranges(served: str, tei_edition: Edition) -> None:
    """A range is one TEI document: the range's outermost units whole, in document order,
    in one <dts:wrapper start end>; a single unit as before; the whole TEI without either."""
    template = get_json(served + "/api/dts/collection/yimao.json")["document"]
    ed = tei_edition
    d1, d2 = ed.division("lifa-01"), ed.division("lifa-02")
    before, last, first = d1.passages[-2], d1.passages[-1], d2.passages[0]
    start, end = before.sentences[-1], first.id
    status, media, body = get(expand(template, resource="yimao", start=start, end=end))
    assert status == 200 and media == "application/tei+xml"
    root = etree.fromstring(body)
    wrapper = root.find(f"{DTS}wrapper")
    assert root.tag == f"{TEI}TEI" and wrapper is not None
    assert (wrapper.get("start"), wrapper.get("end")) == (start, end)
    top = [e.get(XML_ID) for e in wrapper]
    zh = [i for i in top if i in (start, last.id, first.id)]
    assert zh == [start, last.id, first.id]  # in document order
    assert last.ko_id in top and first.ko_id in top and d2.id not in top
    found = wrapper.xpath(".//*[@xml:id=$i]", i=first.id)
    assert text_of(found[0], "corrected") == first.text("corrected")
    status, _, body = get(expand(template, resource="yimao"))
    assert status == 200 and body == DEFAULT_PATH.read_bytes()
    status, _, body = get(expand(template, resource="yimao", start=end, end=start))
    assert status == 400
