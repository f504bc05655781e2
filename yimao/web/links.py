"""How a chart built for the site links what it cites: each passage compute cites as a link
to where it is read (``../../lifa/04/#p042-s1`` from a page two folders down: a case, a rules
page, a questions page), labelled as a reader cites it (立法 4.2.1), and each rule by its Korean
title and statement from the TEI's taxonomy. compute's layout takes these as parameters
(:func:`compute.engine.layout.render_html`); nothing is patched into its HTML afterwards.

>>> from yimao.model.edition import load_edition
>>> links = Links(load_edition())
>>> links.href("p042-s1"), links.cite("p042-s1")
('../../lifa/04/#p042-s1', '立法 4.1.1')
>>> links.rule_info("liuqin")[0]
'육친(六親)'
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from yimao import ids
from yimao.model.edition import EditionError
from yimao.web.pages import docname, short_ref

if TYPE_CHECKING:
    from yimao.model.edition import Edition


class Links:
    """Passage links, citations and rule titles of one edition, for charts shown on pages
    *root* below the site's root (``../../``: /cases/…/, /rules/…/, /questions/…/)."""

    def __init__(self, edition: Edition, root: str = "../../") -> None:
        self.edition = edition
        self.root = root
        self.rules = {c.rule_id: (c.name_ko or c.rule_id, c.statement_ko)
                      for c in edition.categories()}

    @functools.cache  # noqa: B019 (one Links per build)
    def href(self, pid: str) -> str:
        """The URL of passage or sentence *pid*, where it is read."""
        try:
            div = self.edition.passage(ids.paragraph_of(pid)).division
        except EditionError:
            return f"{self.root}p/{ids.paragraph_of(pid)}/#{pid}"
        return f"{self.root}{docname(div)}/#{pid}"

    @functools.cache  # noqa: B019
    def cite(self, pid: str) -> str:
        """*pid* as a reader cites it: 立法 4.2.1."""
        try:
            return short_ref(self.edition.ref(pid))
        except EditionError:
            return pid

    def rule_info(self, rule: str) -> tuple[str, str]:
        """The rule's Korean title and statement ("" where the taxonomy has none)."""
        return self.rules.get(rule, ("", ""))
