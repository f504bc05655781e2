/* 易冒 reading site: a chart that explains itself (no third-party code).
   Every chart (compute.engine.layout.render_html) marks the cells a rule decides with
   data-why (their rules); a cell's notes are named by its line and its class ("3.line": the
   六親, 天干 and 地支 of the third line). The notes and the derivation come as JSON
   (compute.engine.layout.why_data):
   in a <script class="why-data"> inside the chart (a Run result), or in a file the chart names
   in data-why-src (a page of many charts), fetched when first needed. Clicking or tapping a
   cell, or Enter / Space on it, opens a .why box under the table: the derivation on this chart
   in Korean, the rule's Korean title and statement, the book's sentences cited as 立法 x.y.z;
   Escape or the same cell closes it. Opening a chart's 풀이 순서 builds its steps. Charts
   added later (a Run result, a box unfolded from a <template>) work the same way. */
(function () {
  "use strict";
  var script = document.currentScript;
  var ROOT = new URL("../", script ? script.src : location.href);  // this file is _static/…
  var loaded = new WeakMap();
  var fetched = {};
  var nextId = 0;

  function json(url) {
    fetched[url] = fetched[url] || fetch(url).then(function (r) {
      if (!r.ok) { throw new Error(r.status); }
      return r.json();
    }).catch(function () { delete fetched[url]; return null; });
    return fetched[url];
  }

  /* the notes of a chart: its own script, or the file it names */
  function data(layout) {
    if (!loaded.has(layout)) {
      var holder = layout.querySelector(":scope > script.why-data");
      var src = layout.getAttribute("data-why-src");
      var p;
      if (holder) {
        try { p = Promise.resolve(JSON.parse(holder.textContent)); } catch (e) { p = Promise.resolve(null); }
      } else if (src) {
        p = json(new URL(src, location.href).href);
      } else {
        p = Promise.resolve(null);
      }
      loaded.set(layout, p);
    }
    return loaded.get(layout);
  }

  function keyOf(cell) {
    var row = cell.closest("tr");
    var pos = row && row.querySelector("td.pos");
    return pos ? pos.firstChild.textContent.trim() + "." + cell.classList[0] : "";
  }
  function titleOf(notes) {
    return notes.map(function (n) { return n[2]; }).join(" · ");
  }

  /* a finding of a chart computed in the browser: named by its rule's Korean title */
  function titles(root) {
    var bare = root.querySelectorAll(".chart-findings li[data-rule]");
    bare = Array.prototype.filter.call(bare, function (li) { return !li.querySelector(".rule-title"); });
    if (!bare.length) { return; }
    json(new URL("search/rules.json", ROOT).href).then(function (rules) {
      bare.forEach(function (li) {
        var info = rules && rules[li.getAttribute("data-rule")];
        if (!info || !info[0] || li.querySelector(".rule-title")) { return; }
        li.prepend(el("span", "rule-title", info[0]), " ");
      });
    });
  }

  function prepare(root) {
    titles(root);
    root.querySelectorAll(".chart [data-why]").forEach(function (cell) {
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
    var ref = m && refs && refs[m[1]];
    return ref ? ref[0] + (m[2] ? "." + m[2] : "") : label;
  }
  function bare(d, pids) {
    return pids.some(function (pid) { return BARE.test(((d.p || {})[pid] || ["", pid])[1]); });
  }
  /* what a chart computed in the browser lacks: the rules' Korean titles, the citations */
  function extras(d, rule, pids) {
    var needRules = rule && !(d.r && d.r[rule]);
    return Promise.all([needRules ? json(new URL("search/rules.json", ROOT).href) : {},
      bare(d, pids) ? json(new URL("search/refs.json", ROOT).href) : {}]);
  }

  function sources(d, pids, refs) {
    var span = el("span", "why-links");
    pids.forEach(function (pid, i) {
      var p = (d.p && d.p[pid]) || ["", pid];
      var a = el(p[0] ? "a" : "span", "", citation(p[1], refs));
      if (p[0]) { a.href = new URL(p[0], location.href).href; }
      a.setAttribute("lang", "zh-Hant");
      a.setAttribute("data-p", pid);
      if (i) { span.append(" "); }
      span.append(a);
    });
    return span;
  }

  function close(layout) {
    var open = layout.querySelector(":scope > .why");
    if (!open) { return null; }
    var owner = layout.querySelector("[aria-controls='" + open.id + "']");
    if (owner) { owner.setAttribute("aria-expanded", "false"); owner.removeAttribute("aria-controls"); }
    open.remove();
    return owner;
  }

  /* one note of a cell: its name, the rule's title, the derivation, the statement, sources */
  function part(d, note, rules, refs) {
    var info = (d.r && d.r[note[1]]) || (rules && rules[note[1]]) || [];
    var box = el("div", "why-part");
    var head = el("p", "why-head");
    head.append(el("span", "why-title", note[2]));
    if (info[0]) { head.append(" ", el("span", "why-rule", info[0])); }
    box.append(head, el("p", "why-text", note[3]));
    if (info[1]) {
      var said = el("p", "why-statement");
      said.append(el("span", "label", "책의 말"), " " + info[1]);
      box.append(said);
    }
    if (note[4] && note[4].length) {
      var src = el("p", "why-src");
      src.append(el("span", "label", "원문"), " ", sources(d, note[4], refs));
      box.append(src);
    }
    return box;
  }

  function build(d, notes, rules, refs) {
    var box = el("div", "why");
    box.id = "why-" + (++nextId);
    box.setAttribute("role", "region");
    box.setAttribute("lang", "ko");
    box.setAttribute("aria-label", titleOf(notes) + " 풀이");
    var shut = el("button", "why-close", "닫기");
    shut.type = "button";
    box.append(shut);
    notes.forEach(function (n) { box.append(part(d, n, rules, refs)); });
    return box;
  }

  function open(cell) {
    var layout = cell.closest(".chart-layout");
    if (!layout) { return; }
    var was = close(layout);
    if (was === cell) { cell.focus(); return; }  // the same cell again: closed
    var key = keyOf(cell);
    data(layout).then(function (d) {
      var notes = d && d.n && d.n[key];
      if (!notes || !notes.length) { return null; }
      var pids = [].concat.apply([], notes.map(function (n) { return n[4]; }));
      var needRules = notes.some(function (n) { return !(d.r && d.r[n[1]]); });
      return extras(d, needRules ? notes[0][1] : "", pids).then(function (got) {
        close(layout);
        var box = build(d, notes, got[0], got[1]);
        var wrap = layout.querySelector(":scope > .table-wrap");
        (wrap || layout.lastChild).after(box);
        cell.setAttribute("aria-expanded", "true");
        cell.setAttribute("aria-controls", box.id);
        box.querySelector(".why-close").addEventListener("click", function () {
          close(layout);
          cell.focus();
        });
      });
    });
  }

  /* 풀이 순서 of a page of many charts: its steps built when the box is opened */
  function steps(details) {
    if (details.querySelector("ol.derivation")) { return; }
    var layout = details.closest(".chart-layout");
    data(layout).then(function (d) {
      if (!d || !d.s || details.querySelector("ol.derivation")) { return null; }
      var pids = [].concat.apply([], d.s.map(function (s) { return s[3]; }));
      return extras(d, "", pids).then(function (got) {
        if (details.querySelector("ol.derivation")) { return; }
        var ol = el("ol", "derivation");
        d.s.forEach(function (s) {
          var li = el("li");
          li.setAttribute("data-step", s[0]);
          var t = el("span", "step-title", s[1]);
          t.setAttribute("lang", "zh-Hant");
          var links = sources(d, s[3], got[1]);
          links.className = "passages";
          li.append(t, " " + s[2] + " ", links);
          ol.append(li);
        });
        details.append(ol);
      });
    });
  }

  document.addEventListener("click", function (event) {
    var cell = event.target.closest && event.target.closest(".chart [data-why]");
    if (cell) { open(cell); }
  });
  document.addEventListener("toggle", function (event) {
    var d = event.target;
    if (d.matches && d.matches("details.derivation-box") && d.open) { steps(d); }
  }, true);
  document.addEventListener("keydown", function (event) {
    var t = event.target;
    if (event.key === "Escape") {
      var layout = t.closest && t.closest(".chart-layout");
      var owner = layout && close(layout);
      if (owner) { owner.focus(); }
      return;
    }
    if ((event.key === "Enter" || event.key === " ") && t.matches && t.matches(".chart [data-why]")) {
      event.preventDefault();
      open(t);
    }
  });

  /* a long page's later examples (template.lazy-view, yimao.web.lazy): unfolded as the reader
     comes within 800 px of them, and all at once before printing or a search in the page */
  function unfoldView(holder) {
    var t = holder.querySelector(":scope > template.lazy-view");
    if (t) { holder.replaceWith(document.importNode(t.content, true)); }
  }
  function unfoldAll() { document.querySelectorAll("div.lazy-view").forEach(unfoldView); }
  var views = document.querySelectorAll("div.lazy-view");
  if (views.length) {
    if ("IntersectionObserver" in window) {
      var seen = new IntersectionObserver(function (entries) {
        entries.forEach(function (e) {
          if (e.isIntersecting) { seen.unobserve(e.target); unfoldView(e.target); }
        });
      }, { rootMargin: "800px 0px" });
      views.forEach(function (v) { seen.observe(v); });
    } else {
      unfoldAll();
    }
    window.addEventListener("beforeprint", unfoldAll);
    document.addEventListener("keydown", function (event) {
      if ((event.ctrlKey || event.metaKey) && (event.key === "f" || event.key === "F")) { unfoldAll(); }
    });
    // a link to an example further down (#ex-…, #shilei-14-q8): its chart comes in first
    if (location.hash) { unfoldAll(); }
  }

  prepare(document);
  new MutationObserver(function (changes) {
    changes.forEach(function (c) {
      c.addedNodes.forEach(function (n) { if (n.querySelectorAll) { prepare(n); } });
    });
  }).observe(document.documentElement, { childList: true, subtree: true });
})();
