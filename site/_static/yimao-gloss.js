/* Term pop-ups (용어집): a term marked at build time (<a class="gl" href="…/glossary/#gl-旬空">)
   opens a small box with its word, characters, definition and a link to its entry; without
   JavaScript the link goes to the entry. Run results (.run-result, made in the browser) are
   marked here, once per result and term, from glossary/terms.json (loaded on first use):
   {id: [word, characters, definition, note, where defined]}. Keyboard: a term is a link
   (Tab, Enter opens), Escape closes and gives the focus back to the term. */
(function () {
  "use strict";
  var script = document.currentScript;
  var base = new URL("../glossary/", script ? script.src : location.href);
  var data = null, loading = null, pattern = null, ids = [];
  var pop = null, owner = null;

  function load() {
    if (data) return Promise.resolve(data);
    if (!loading) {
      loading = fetch(new URL("terms.json", base)).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.json();
      }).then(function (d) { data = d; return d; });
      loading.catch(function () { loading = null; });
    }
    return loading;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }

  function box() {
    if (pop) return pop;
    pop = el("div", "gl-pop");
    pop.id = "gl-pop";
    pop.setAttribute("role", "dialog");
    pop.setAttribute("aria-labelledby", "gl-pop-h");
    pop.tabIndex = -1;
    pop.hidden = true;
    pop.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { e.preventDefault(); close(true); }
    });
    pop.addEventListener("focusout", function (e) {
      var to = e.relatedTarget;
      if (to && !pop.contains(to) && to !== owner) close(false);
    });
    document.body.appendChild(pop);
    return pop;
  }

  function fill(id, entry) {
    var p = box();
    p.textContent = "";
    var h = el("p", "gl-pop-h");
    h.id = "gl-pop-h";
    h.appendChild(el("b", "", entry[0]));
    var zh = el("span", "", entry[1]);
    zh.lang = "zh-Hant";
    h.appendChild(zh);
    p.appendChild(h);
    if (entry[2]) p.appendChild(el("p", "gl-pop-def", entry[2]));
    if (entry[3]) p.appendChild(el("p", "gl-pop-note", entry[3]));
    if (entry[4]) p.appendChild(el("p", "gl-pop-where", "정하는 곳 " + entry[4]));
    var more = el("p", "gl-pop-more");
    var a = el("a", "", "용어집에서 보기");
    a.href = new URL("#" + id, base).href;
    more.appendChild(a);
    p.appendChild(more);
    var x = el("button", "gl-pop-close", "×");
    x.type = "button";
    x.setAttribute("aria-label", "닫기");
    x.addEventListener("click", function () { close(true); });
    p.appendChild(x);
  }

  function place(term) {
    var r = term.getBoundingClientRect();
    var vw = document.documentElement.clientWidth;
    var w = pop.offsetWidth, h = pop.offsetHeight;
    var left = Math.min(Math.max(8, r.left), Math.max(8, vw - w - 8));
    var top = r.bottom + 6;
    if (top + h > window.innerHeight - 8 && r.top - h - 6 > 8) top = r.top - h - 6;
    pop.style.left = (left + window.scrollX) + "px";
    pop.style.top = (top + window.scrollY) + "px";
  }

  function open(term) {
    var id = term.getAttribute("data-gl");
    load().then(function (d) {
      var entry = d[id];
      if (!entry) { location.href = term.href; return; }
      if (owner && owner !== term) owner.setAttribute("aria-expanded", "false");
      fill(id, entry);
      owner = term;
      term.setAttribute("aria-expanded", "true");
      term.setAttribute("aria-controls", "gl-pop");
      pop.hidden = false;
      place(term);
      pop.focus({ preventScroll: true });
    }, function () { location.href = term.href; });
  }

  function close(refocus) {
    if (!pop || pop.hidden) return;
    pop.hidden = true;
    var t = owner;
    owner = null;
    if (t) {
      t.setAttribute("aria-expanded", "false");
      if (refocus) t.focus({ preventScroll: true });
    }
  }

  document.addEventListener("click", function (e) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    var t = e.target.closest ? e.target.closest("a.gl") : null;
    if (t) {
      e.preventDefault();
      if (owner === t && !pop.hidden) close(true); else open(t);
      return;
    }
    if (pop && !pop.hidden && !pop.contains(e.target)) close(false);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && pop && !pop.hidden) { e.preventDefault(); close(true); }
  });
  window.addEventListener("resize", function () {
    if (pop && !pop.hidden && owner) place(owner);
  });

  /* ---- marking the Run results (the same forms as yimao.web.glossary.Marker) */
  var SKIP = "a, h1, h2, h3, h4, h5, h6, code, pre, button, summary, script, style, " +
    "textarea, select, label, [lang^='zh'], .gl, .why, table";

  function esc(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

  function compile(d) {
    var count = {}, forms = [];
    Object.keys(d).forEach(function (id) { count[d[id][0]] = (count[d[id][0]] || 0) + 1; });
    Object.keys(d).forEach(function (id) {
      var ko = d[id][0], zh = d[id][1];
      if (d[id][3].indexOf("이 판의 말") === 0) return;  // the edition's own words: no terms
      forms.push([ko.length + zh.length + 2, esc(ko + "(" + zh + ")"), id]);
      if (zh.length >= 2) forms.push([zh.length, "(?<![\\u3400-\\u9fff])" + esc(zh) + "(?![\\u3400-\\u9fff])", id]);
      var particled = count[ko.slice(0, -1)] && "의에은는이가을를와과도로만".indexOf(ko.slice(-1)) >= 0;
      if (ko.length >= 2 && count[ko] === 1 && !particled) forms.push([ko.length, "(?<![\\uac00-\\ud7a3])" + esc(ko), id]);
    });
    forms.sort(function (a, b) { return b[0] - a[0]; });
    ids = forms.map(function (f) { return f[2]; });
    pattern = new RegExp(forms.map(function (f) { return "(" + f[1] + ")"; }).join("|"), "g");
  }

  function markResult(result) {
    var seen = {};
    result.querySelectorAll("a.gl").forEach(function (a) { seen[a.getAttribute("data-gl")] = 1; });
    var walker = document.createTreeWalker(result, NodeFilter.SHOW_TEXT, {
      acceptNode: function (n) {
        if (!/[\uac00-\ud7a3\u3400-\u9fff]/.test(n.data)) return NodeFilter.FILTER_REJECT;
        var p = n.parentElement;
        return p && !p.closest(SKIP) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
      }
    });
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    nodes.forEach(function (n) {
      var text = n.data, at = 0, m, frag = null;
      pattern.lastIndex = 0;
      while ((m = pattern.exec(text))) {
        var k = 1;
        while (m[k] === undefined) k++;
        var id = ids[k - 1];
        if (seen[id]) continue;
        seen[id] = 1;
        frag = frag || document.createDocumentFragment();
        frag.appendChild(document.createTextNode(text.slice(at, m.index)));
        var a = el("a", "gl", m[0]);
        a.href = new URL("#" + id, base).href;
        a.setAttribute("data-gl", id);
        frag.appendChild(a);
        at = m.index + m[0].length;
      }
      if (frag) {
        frag.appendChild(document.createTextNode(text.slice(at)));
        n.parentNode.replaceChild(frag, n);
      }
    });
  }

  var pending = new Set(), scheduled = false, observer = null;

  function flush() {
    scheduled = false;
    var results = Array.from(pending);
    pending.clear();
    load().then(function (d) {
      if (!pattern) compile(d);
      observer.disconnect();
      results.forEach(function (r) { if (r.isConnected) markResult(r); });
      watch();
    }, function () {});
  }

  function watch() {
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }

  /* ---- the search page (/search/?q=…): the glossary's entries for the query's words */
  function searchTerms() {
    var results = document.getElementById("search-results");
    var q = new URLSearchParams(location.search).get("q");
    if (!results || !q || !q.trim()) return;
    var words = q.trim().split(/\s+/).slice(0, 8);
    load().then(function (d) {
      var hits = [];
      Object.keys(d).forEach(function (id) {
        var ko = d[id][0], zh = d[id][1], best = 9;
        words.forEach(function (w) {
          if (w === ko || w === zh) best = 0;
          else if (ko.length >= 2 && w.indexOf(ko) === 0) best = Math.min(best, 1);
          else if (w.length >= 2 && (ko.indexOf(w) >= 0 || zh.indexOf(w) >= 0)) best = Math.min(best, 2);
        });
        if (best < 9) hits.push([best, ko, id]);
      });
      if (!hits.length) return;
      hits.sort(function (a, b) { return a[0] - b[0] || (a[1] < b[1] ? -1 : 1); });
      var box = el("p", "gl-search");
      box.appendChild(el("span", "label", "용어집"));
      hits.slice(0, 8).forEach(function (h, i) {
        box.appendChild(document.createTextNode(i ? " · " : " "));
        var a = el("a", "gl", d[h[2]][0] + " " + d[h[2]][1]);
        a.href = new URL("#" + h[2], base).href;
        a.setAttribute("data-gl", h[2]);
        box.appendChild(a);
      });
      results.parentNode.insertBefore(box, results);
    }, function () {});
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", searchTerms);
  else searchTerms();

  if (window.MutationObserver) {
    observer = new MutationObserver(function (records) {
      records.forEach(function (rec) {
        var t = rec.target.nodeType === 1 ? rec.target : rec.target.parentElement;
        var r = t && t.closest ? t.closest(".run-result") : null;
        if (!r && rec.addedNodes) {
          rec.addedNodes.forEach(function (n) {
            if (n.nodeType !== 1) return;
            if (n.matches(".run-result")) pending.add(n);
            n.querySelectorAll && n.querySelectorAll(".run-result").forEach(function (x) {
              if (x.childNodes.length) pending.add(x);
            });
          });
        }
        if (r) pending.add(r);
      });
      if (pending.size && !scheduled) { scheduled = true; setTimeout(flush, 50); }
    });
    watch();
  }
})();
