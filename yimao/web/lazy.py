"""Pages of many worked examples load light: the first charts of a page are in it as they are,
the later ones wait in a ``<template class="lazy-view">`` the page's script unfolds as the
reader comes near them (site/_static/yimao-why.js: an IntersectionObserver 800 px ahead, and
all at once before printing or a search in the page with Ctrl+F). A reader without JavaScript
sees the first ones; every chart is in the page's HTML.

>>> budget = ChartBudget(10)
>>> str(budget.wrap("<p><b>a</b></p>"))
'<p><b>a</b></p>'
>>> str(budget.wrap("<div>" * 9 + "</div>" * 9))[:56]
'<div class="lazy-view"><template class="lazy-view"><div>'
>>> str(budget.wrap("<i>b</i>"))[:23]
'<div class="lazy-view">'
"""

from __future__ import annotations

import re

from markupsafe import Markup

TAG = re.compile(r"<[a-zA-Z]")
"""An element's start tag (what the browser builds at load, roughly)."""


class ChartBudget:
    """How many elements a page spends on charts before the rest wait to be unfolded."""

    def __init__(self, budget: int = 600) -> None:
        self.budget = budget
        self.spent = 0

    def wrap(self, html: str) -> Markup:
        """*html* as it is while the page's budget lasts, then in a ``template.lazy-view``."""
        n = len(TAG.findall(html))
        if self.spent + n <= self.budget:
            self.spent += n
            return Markup(html)
        self.spent = self.budget + 1  # once over, every later chart waits
        return Markup(f'<div class="lazy-view"><template class="lazy-view">{html}'
                      "</template></div>")
