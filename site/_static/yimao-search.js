/* 易冒 passage search (the page /search/?q=…): the index /search/passages.json (written by
   yimao/web/search.py) is scanned in the browser, no server.
   - any substring of the Chinese (both readings) and of the Korean; terms separated by
     spaces must all occur in the passage;
   - a simplified character the edition does not use is read as its traditional forms the
     edition uses (OpenCC's table, "fold"); when nothing is found as typed, characters the
     edition also uses are read that way too ("alt");
   - a Korean word is matched on its stem: a trailing particle (를, 가, 에서 …) is dropped when
     two syllables or more remain, so 월파를 finds 월파가, 월파는 …;
   - results are ranked (hits of the term as typed, then all hits, then book order), every
     matching passage is listed with its hits highlighted in context. */
(function () {
  "use strict";
  var PARTICLES = ["에서는", "으로는", "에서", "으로", "에게", "에는", "와", "과", "를", "을",
    "가", "이", "는", "은", "의", "에", "로", "도", "만"];
  var HANGUL = /[\uac00-\ud7a3]/;
  var CONTEXT = 24;
  var script = document.currentScript;
  var root = new URL("../", script ? script.src : location.href);
  var cache = null;

  function load() {
    if (!cache) {
      cache = fetch(new URL("search/passages.json", root)).then(function (r) {
        if (!r.ok) { throw new Error(r.status); }
        return r.json();
      });
    }
    return cache;
  }

  function escape(s) { return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

  /* the stem of a Korean word: its particle dropped when two syllables or more remain */
  function stem(word) {
    if (!HANGUL.test(word)) { return word; }
    for (var i = 0; i < PARTICLES.length; i++) {
      var p = PARTICLES[i];
      if (word.length - p.length >= 2 && word.slice(-p.length) === p) {
        return word.slice(0, -p.length);
      }
    }
    return word;
  }

  /* a regular expression source for one term: each character with its folded forms */
  function pattern(term, fold, alt) {
    var out = "";
    Array.from(term).forEach(function (ch) {
      var forms = fold[ch] || (alt && alt[ch]) || "";
      out += forms ? "[" + escape(ch + forms) + "]" : escape(ch);
    });
    return out;
  }

  function terms(query) {
    return query.split(/\s+/).filter(Boolean).map(function (t) {
      return { typed: t, stem: stem(t) };
    });
  }

  /* every hit of re in text: [[start, end], …] */
  function hits(re, text) {
    var out = [], m;
    re.lastIndex = 0;
    while ((m = re.exec(text)) !== null) {
      out.push([m.index, m.index + m[0].length]);
      if (m[0].length === 0) { re.lastIndex++; }
    }
    return out;
  }

  /* the fields of a passage: [anchor id, text, language] */
  function fields(p) {
    var out = [];
    p.zh.forEach(function (s) {
      out.push([s[0], s[1], "zh"]);
      if (s[2]) { out.push([s[0], s[2], "zh", "전사본 그대로"]); }
    });
    if (p.ko) { out.push([p.ko[0], p.ko[1], "ko"]); }
    return out;
  }

  function run(data, query, withAlt) {
    var ts = terms(query);
    if (!ts.length) { return []; }
    var res = ts.map(function (t) {
      return {
        any: new RegExp(pattern(t.stem, data.fold, withAlt ? data.alt : null), "g"),
        typed: new RegExp(escape(t.typed), "g")
      };
    });
    var results = [];
    data.passages.forEach(function (p, order) {
      var found = fields(p).map(function (f) {
        var spans = [];
        res.forEach(function (r) { spans = spans.concat(hits(r.any, f[1])); });
        return { field: f, spans: spans };
      }).filter(function (x) { return x.spans.length; });
      if (!found.length) { return; }
      var all = found.map(function (x) { return x.field[1]; }).join("\n");
      var every = res.every(function (r) { r.any.lastIndex = 0; return r.any.test(all); });
      if (!every) { return; }
      var exact = 0, total = 0;
      found.forEach(function (x) {
        total += x.spans.length;
        res.forEach(function (r) { exact += hits(r.typed, x.field[1]).length; });
      });
      results.push({ passage: p, found: found, exact: exact, total: total, order: order });
    });
    results.sort(function (a, b) {
      return (b.exact - a.exact) || (b.total - a.total) || (a.order - b.order);
    });
    return results;
  }

  function search(data, query) {
    var results = run(data, query, false);
    return results.length ? results : run(data, query, true);
  }

  /* text with its hits in <mark>, cut to some context around the first and last hit */
  function snippet(text, spans) {
    spans = spans.slice().sort(function (a, b) { return a[0] - b[0]; });
    var start = Math.max(0, spans[0][0] - CONTEXT);
    var end = Math.min(text.length, spans[spans.length - 1][1] + CONTEXT);
    if (end - start > 4 * CONTEXT + 40) { end = Math.min(text.length, spans[0][1] + CONTEXT); }
    var frag = document.createDocumentFragment();
    if (start > 0) { frag.appendChild(document.createTextNode("…")); }
    var at = start;
    spans.forEach(function (s) {
      if (s[0] < at || s[1] > end) { return; }
      frag.appendChild(document.createTextNode(text.slice(at, s[0])));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(s[0], s[1]);
      frag.appendChild(mark);
      at = s[1];
    });
    frag.appendChild(document.createTextNode(text.slice(at, end)));
    if (end < text.length) { frag.appendChild(document.createTextNode("…")); }
    return frag;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text) { e.textContent = text; }
    return e;
  }

  function render(box, query, results, ms) {
    box.textContent = "";
    var status = el("p", "search-status");
    status.setAttribute("role", "status");
    status.textContent = results.length
      ? "「" + query + "」: " + results.length + "단락"
      : "「" + query + "」: 찾은 단락이 없습니다.";
    status.setAttribute("data-ms", ms.toFixed(1));
    box.appendChild(status);
    if (!results.length) { return; }
    var list = el("ol", "search-list");
    results.forEach(function (r) {
      var p = r.passage;
      var li = el("li", "search-hit");
      var head = el("p", "hit-head");
      var a = el("a", "hit-ref", p.ref);
      a.lang = "zh-Hant";
      a.href = new URL(p.url + "#" + r.found[0].field[0], root).href;
      head.appendChild(a);
      var title = el("span", "hit-title", p.title);
      title.lang = "zh-Hant";
      head.appendChild(document.createTextNode(" "));
      head.appendChild(title);
      li.appendChild(head);
      var shown = {};
      r.found.forEach(function (x) {
        var f = x.field;
        if (shown[f[0]]) { return; }  /* the diplomatic reading only where it alone holds a hit */
        shown[f[0]] = true;
        var line = el("a", "hit-text hit-" + f[2]);
        line.lang = f[2] === "zh" ? "zh-Hant" : "ko";
        line.href = new URL(p.url + "#" + f[0], root).href;
        if (f[3]) { line.appendChild(el("span", "hit-reading", f[3])); }
        line.appendChild(snippet(f[1], x.spans));
        li.appendChild(line);
      });
      list.appendChild(li);
    });
    box.appendChild(list);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("search-results");
    if (!box) { return; }
    var query = (new URLSearchParams(location.search).get("q") || "").trim();
    var input = document.getElementById("site-q");
    if (input) { input.value = query; }
    if (!query) { return; }
    box.textContent = "찾는 중…";
    var t0 = performance.now();
    load().then(function (data) {
      var t1 = performance.now();
      var results = search(data, query);
      render(box, query, results, performance.now() - t0);
      box.setAttribute("data-query-ms", (performance.now() - t1).toFixed(1));
      document.title = query + " — 검색 — 易冒 역모";
    }, function () {
      box.textContent = "검색 색인을 읽지 못했습니다.";
    });
  });

  window.yimaoSearch = { load: load, search: search, stem: stem };
}());
