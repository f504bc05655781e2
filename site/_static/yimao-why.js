/* 易冒 reading site: a chart that explains itself (no third-party code).
   Every chart (compute.engine.layout.render_html) marks the cells a rule decides with
   data-why (the rule) and data-k (the note), and carries its notes in one
   <script type="application/json" class="why-data">. Clicking or tapping such a cell, or
   Enter / Space on it, opens a .why box under the table: the derivation on this chart in
   Korean, the rule's Korean title and statement, and the book's sentences cited as 立法 x.y.z.
   Charts added later (a Run result, a box unfolded from a <template>) work the same way. */
(function () {
  "use strict";
  var script = document.currentScript;
  var ROOT = new URL("../", script ? script.src : location.href);  // this file is _static/…
  var cache = new WeakMap();
  var fetched = {};
  var nextId = 0;

  function json(path) {
    fetched[path] = fetched[path] || fetch(new URL(path, ROOT)).then(function (r) {
      if (!r.ok) { throw new Error(r.status); }
      return r.json();
    }).catch(function () { return {}; });
    return fetched[path];
  }

  function data(layout) {
    if (cache.has(layout)) { return cache.get(layout); }
    var holder = layout.querySelector(":scope > script.why-data");
    var d = null;
    try { d = holder ? JSON.parse(holder.textContent) : null; } catch (e) { d = null; }
    cache.set(layout, d);
    return d;
  }

  function prepare(root) {
    root.querySelectorAll("[data-why][data-k]").forEach(function (cell) {
      if (cell.hasAttribute("tabindex")) { return; }
      cell.setAttribute("tabindex", "0");
      cell.setAttribute("role", "button");
      cell.setAttribute("aria-expanded", "false");
      cell.setAttribute("title", "풀이 보기");
    });
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text) { node.textContent = text; }
    return node;
  }

  var BARE = /^(p\d{3})(?:-s(\d+))?$/;
  function citation(label, refs) {
    var m = BARE.exec(label);
    var ref = m && refs[m[1]];
    return ref ? ref[0] + (m[2] ? "." + m[2] : "") : label;
  }

  function close(layout) {
    var open = layout.querySelector(":scope > .why");
    if (!open) { return null; }
    var owner = layout.querySelector("[aria-controls='" + open.id + "']");
    if (owner) { owner.setAttribute("aria-expanded", "false"); owner.removeAttribute("aria-controls"); }
    open.remove();
    return owner;
  }

  function build(d, note, rules, refs) {
    var rule = note[0], info = (d.r && d.r[rule]) || rules[rule] || [];
    var box = el("div", "why");
    box.id = "why-" + (++nextId);
    box.setAttribute("role", "region");
    box.setAttribute("lang", "ko");
    var head = el("p", "why-head");
    head.append(el("span", "why-title", note[1]));
    if (info[0]) { head.append(" ", el("span", "why-rule", info[0])); }
    box.setAttribute("aria-label", note[1] + " 풀이");
    var shut = el("button", "why-close", "닫기");
    shut.type = "button";
    head.append(" ", shut);
    box.append(head, el("p", "why-text", note[2]));
    if (info[1]) {
      var said = el("p", "why-statement");
      said.append(el("span", "label", "책의 말"), " " + info[1]);
      box.append(said);
    }
    if (note[3] && note[3].length) {
      var src = el("p", "why-src");
      src.append(el("span", "label", "원문"), " ");
      note[3].forEach(function (pid, i) {
        var p = (d.p && d.p[pid]) || ["", pid];
        var a = el(p[0] ? "a" : "span", "", citation(p[1], refs));
        if (p[0]) { a.href = p[0]; }
        a.setAttribute("lang", "zh-Hant");
        a.setAttribute("data-p", pid);
        if (i) { src.append(" "); }
        src.append(a);
      });
      box.append(src);
    }
    return box;
  }

  function open(cell) {
    var layout = cell.closest(".chart-layout");
    var d = layout && data(layout);
    var note = d && d.n && d.n[cell.getAttribute("data-k")];
    if (!note) { return; }
    var was = close(layout);
    if (was === cell) { cell.focus(); return; }  // the same cell again: closed
    var needRules = !(d.r && d.r[note[0]]);
    var needRefs = note[3].some(function (pid) { return BARE.test(((d.p || {})[pid] || ["", pid])[1]); });
    Promise.all([needRules ? json("search/rules.json") : {}, needRefs ? json("search/refs.json") : {}])
      .then(function (got) {
        close(layout);
        var box = build(d, note, got[0], got[1]);
        var wrap = layout.querySelector(":scope > .table-wrap");
        (wrap || layout.lastChild).after(box);
        cell.setAttribute("aria-expanded", "true");
        cell.setAttribute("aria-controls", box.id);
        box.querySelector(".why-close").addEventListener("click", function () {
          close(layout);
          cell.focus();
        });
      });
  }

  document.addEventListener("click", function (event) {
    var cell = event.target.closest && event.target.closest("[data-why][data-k]");
    if (cell) { open(cell); }
  });
  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (event.key === "Escape") {
      var layout = t.closest && t.closest(".chart-layout");
      var owner = layout && close(layout);
      if (owner) { owner.focus(); }
      return;
    }
    if ((event.key === "Enter" || event.key === " ") && t.matches && t.matches("[data-why][data-k]")) {
      event.preventDefault();
      open(t);
    }
  });

  prepare(document);
  new MutationObserver(function (changes) {
    changes.forEach(function (c) {
      c.addedNodes.forEach(function (n) { if (n.querySelectorAll) { prepare(n); } });
    });
  }).observe(document.documentElement, { childList: true, subtree: true });
})();
