"""Citations in the edition's own Korean (an editors' note, a case note) made links: where a
note cites 立法 13.4 or 筮類 22.1–22.20 as a reader cites them, the reader can follow it
(issue 24: a passage cited is the human form, linked; its id only in the address).

:class:`CiteLinks` knows every paragraph's and sentence's reference (``立法 13.4``,
``立法 4.1.1``) and every chapter's (``立法 13``); :meth:`CiteLinks.link` escapes a note and
wraps each reference it knows in a link made by the page's ``url(docname, anchor)``.

>>> from yimao.model.edition import load_edition
>>> links = CiteLinks(load_edition())
>>> links.target("立法 13.4"), links.target("立法 4.1.1"), links.target("立法 13")
(('lifa/13', 'p107'), ('lifa/04', 'p042-s1'), ('lifa/13', ''))
>>> links.target("立法 99.1") is None
True
>>> url = lambda doc, anchor: f"../../{doc}/#{anchor}"
>>> str(links.link("立法 13.4의 「半從往」 <b>", url))
'<a class="cite" href="../../lifa/13/#p107" lang="zh-Hant">立法 13.4</a>의 「半從往」 &lt;b&gt;'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from markupsafe import Markup, escape

from yimao.web.pages import docname, short_ref

if TYPE_CHECKING:
    from yimao.model.edition import Edition

PARTS = ("立法", "筮類", "自序", "王序", "顧序", "陸序", "提要")
REF = re.compile(rf"(?:{'|'.join(PARTS)}) \d+(?:\.\d+)*")
"""A reference as the edition writes it in Korean text: a part and its numbers."""


class CiteLinks:
    """Every reference of one edition, for linking the references a note writes."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition

    @functools.cached_property
    def targets(self) -> dict[str, tuple[str, str]]:
        """reference → (the page's docname, the anchor: a paragraph or sentence id, "" for a
        chapter)."""
        out: dict[str, tuple[str, str]] = {}
        for d in self.edition.divisions:
            doc = docname(d.id)
            if d.label:
                out.setdefault(short_ref(d.label), (doc, ""))
            for p in d.passages:
                out.setdefault(short_ref(p.ref), (doc, p.id))
                for sid in p.sentences:
                    out.setdefault(short_ref(p.sentence_ref(sid)), (doc, sid))
        return out

    def target(self, ref: str) -> tuple[str, str] | None:
        """Where the reference *ref* (立法 13.4) is read, None for one the edition lacks."""
        return self.targets.get(ref)

    def link(self, text: str, url: Callable[[str, str], str]) -> Markup:
        """*text* escaped, each reference it cites a link (``url`` is the page's)."""
        out = []
        last = 0
        for m in REF.finditer(text):
            found = self.target(m.group(0))
            if found is None:
                continue
            out.append(escape(text[last:m.start()]))
            out.append(Markup('<a class="cite" href="{}" lang="zh-Hant">{}</a>').format(
                url(*found), m.group(0)))
            last = m.end()
        out.append(escape(text[last:]))
        return Markup("").join(out)
