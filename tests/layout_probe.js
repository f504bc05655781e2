/* The layout checks of tests/test_site_phone.py, run in the page: returns a list of problems
   (empty when the page is sound at this width).
   - overflow: a visible element reaches past the viewport's left or right edge;
   - narrow: a block whose text (12 characters or more) wraps in a column narrower than 12
     characters of its own (smallest) font size;
   - overlap: two runs of text drawn over each other (their line boxes intersect over more than
     a quarter of the smaller one).
   Visually hidden elements (.vh, a 1 px clip) and the skip link are not drawn, so not measured.
   With a selector, only that element's subtree is measured (a popup over the page). */
(selector) => {
  const root = (selector && document.querySelector(selector)) || document.body;
  const W = document.documentElement.clientWidth;
  const problems = [];
  const name = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) { s += "#" + el.id; }
    if (el.classList.length) { s += "." + [...el.classList].join("."); }
    const host = el.closest("[id]");
    return host && host !== el ? `${s} in #${host.id}` : s;
  };
  const clipped = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.clipPath !== "none" || e.classList.contains("skip")) { return true; }
      if (cs.opacity === "0") { return true; }
    }
    return false;
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    // checkVisibility: false inside a closed <details> (laid out, never drawn) and when hidden
    return r.width > 0 && r.height > 0
      && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };

  // overflow
  for (const el of root.querySelectorAll("*")) {
    if (!shown(el)) { continue; }
    const r = el.getBoundingClientRect();
    if ((r.left < -1 || r.right > W + 1) && !clipped(el)) {
      problems.push(`overflow: ${name(el)} spans ${Math.round(r.left)}..${Math.round(r.right)} of ${W}`);
    }
  }

  // text runs: every visible text node's line boxes, and the block that wraps it
  const runs = [];
  const blocks = new Map();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data.trim();
    const parent = node.parentElement;
    if (!text || !parent || !shown(parent) || clipped(parent)) { continue; }
    const tag = parent.tagName;
    if (tag === "SCRIPT" || tag === "STYLE" || tag === "NOSCRIPT") { continue; }
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width > 0.5 && r.height > 0.5) { runs.push({ r, el: parent }); }
    }
    let block = parent;
    while (block.parentElement && getComputedStyle(block).display.startsWith("inline")) {
      block = block.parentElement;
    }
    const size = parseFloat(getComputedStyle(parent).fontSize);
    const b = blocks.get(block) || { chars: 0, size };
    b.chars += [...text].length;
    b.size = Math.min(b.size, size);
    blocks.set(block, b);
  }

  // narrow columns
  for (const [block, b] of blocks) {
    if (b.chars < 12) { continue; }
    const cs = getComputedStyle(block);
    const r = block.getBoundingClientRect();
    const inner = r.width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
      - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth);
    const line = parseFloat(cs.lineHeight) || 1.75 * parseFloat(cs.fontSize);
    const wraps = r.height > 1.6 * line;
    if (wraps && inner < 12 * b.size - 1) {
      problems.push(`narrow: ${name(block)} is ${Math.round(inner)} px, ${(inner / b.size).toFixed(1)} characters wide`);
    }
  }

  // overlap: sweep the runs by their top edge
  runs.sort((a, b) => a.r.top - b.r.top);
  const active = [];
  for (const run of runs) {
    const r = run.r;
    for (let i = active.length - 1; i >= 0; i--) {
      if (active[i].r.bottom <= r.top) { active.splice(i, 1); }
    }
    for (const other of active) {
      const o = other.r;
      const w = Math.min(r.right, o.right) - Math.max(r.left, o.left);
      const h = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
      if (w <= 0 || h <= 0) { continue; }
      const smaller = Math.min(r.width * r.height, o.width * o.height);
      if (w * h > 0.25 * smaller && other.el !== run.el) {
        problems.push(`overlap: ${name(other.el)} and ${name(run.el)} at ${Math.round(r.left)},${Math.round(r.top)}`);
      }
    }
    active.push(run);
  }
  return problems;
}
