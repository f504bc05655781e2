"""Sphinx configuration of the reading site (``make site``: sources in site/, HTML in build/html).

The text comes only from the TEI (``yimao_tei``); yimao.sphinxext turns it into pages.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

project = "易冒 역모"
author = "程良玉 (1664); 한국어 역주: 역모 편집팀"
copyright = "역모 편집팀"  # noqa: A001 (Sphinx's name)
language = "ko"

extensions = ["myst_parser", "yimao.sphinxext"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns: list[str] = ["_templates", "_static"]

yimao_tei = "tei/yimao.xml"
# Absolute address of the published site: citations, their exports (cite/pNNN.bib …), the
# citation_* meta tags and the DTS API name their URLs from it (make serve's by default).
yimao_baseurl = os.environ.get("YIMAO_BASEURL", "http://127.0.0.1:8000")

html_theme = "basic"
html_title = "易冒 역모 — 한국어 역주"
html_short_title = "易冒 역모"
templates_path = ["site/_templates"]
html_static_path = ["site/_static"]
html_copy_source = False
html_show_sourcelink = False
html_use_index = False
html_domain_indices = False
html_permalinks_icon = "¶"
html_last_updated_fmt = None

myst_enable_extensions = ["deflist"]
myst_heading_anchors = 3
