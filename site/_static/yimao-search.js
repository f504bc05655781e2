/* 易冒 passage search (the page /search/?q=…): the index written in shards by
   yimao/web/search.py is read in the browser, no server; a query fetches only what it needs:
   search/manifest.json (revalidated), the gram files of its characters and pairs of
   characters, the simplified-character table when it holds Chinese, and the text of the
   chapters whose passages are shown (every other name carries its content's digest).
   - any substring of the Chinese (both readings) and of the Korean; terms separated by
     spaces must all occur in the passage;
   - a simplified character the edition does not use is read as its traditional forms the
     edition uses (OpenCC's table, "fold"); when nothing is found as typed, characters the
     edition also uses are read that way too ("alt");
   - a Korean word is matched on its stem: a trailing particle (를, 가, 에서 …) is dropped when
     two syllables or more remain, so 월파를 finds 월파가, 월파는 …;
   - results in book order, grouped by chapter with their counts, filtered by part (序, 立法,
     筮類, 提要) and language, PAGE passages at a time ("더 보기"); chapter titles and the
     筮類 questions that hold the terms are listed first;
   - a query is capped (MAX_CHARS characters, MAX_TERMS terms): no input can hang the page. */
(function () {
  "use strict";
  var PARTICLES = ["에서는", "으로는", "에서", "으로", "에게", "에는", "와", "과", "를", "을",
    "가", "이", "는", "은", "의", "에", "로", "도", "만"];
  var HANGUL = /[\uac00-\ud7a3]/;
  var HAN = /[\u3400-\u9fff\uf900-\ufaff]|[\ud840-\ud87f][\udc00-\udfff]/;
  var CONTEXT = 24;
  var PAGE = 20;
  var MAX_CHARS = 60;
  var MAX_TERMS = 8;
  var FORMAT = 1;
  var LANGS = { all: "전체", zh: "원문", ko: "번역" };
  var script = document.currentScript;
  var root = new URL("../", script ? script.src : location.href);
  var files = {};
  var manifest = null;

  function get(name, fresh) {
    if (!files[name]) {
      files[name] = fetch(new URL(name, root), fresh ? { cache: "no-cache" } : {})
        .then(function (r) {
          if (!r.ok) { throw new Error(name + ": " + r.status); }
          return r.json();
        });
      files[name].catch(function () { delete files[name]; });
    }
    return files[name];
  }

  function load() {
    if (!manifest) {
      manifest = get("search/manifest.json", true).then(function (m) {
        if (m.format !== FORMAT) { throw new Error("format " + m.format); }
        return m;
      });
      manifest.catch(function () { manifest = null; });
    }
    return manifest;
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

  /* the gram file of a gram: yimao/web/search.py's gram_bucket */
  function bucket(gram, n) {
    var h = 0;
    Array.from(gram).forEach(function (ch) { h = (h * 31 + ch.codePointAt(0)) % 1000003; });
    return h % n;
  }

  /* the query's terms, or a Korean message when it is too long */
  function parse(query) {
    if (Array.from(query).length > MAX_CHARS) {
      return { error: "검색어가 너무 깁니다. " + MAX_CHARS + "자까지 넣으십시오." };
    }
    var ts = query.split(/\s+/).filter(Boolean);
    if (ts.length > MAX_TERMS) {
      return { error: "낱말이 너무 많습니다. " + MAX_TERMS + "개까지 넣으십시오." };
    }
    var seen = {};
    return { terms: ts.filter(function (t) { return seen[t] ? false : (seen[t] = true); })
      .map(function (t) { return { typed: t, stem: stem(t), chars: Array.from(stem(t)) }; }) };
  }

  function forms(ch, fold, withAlt) {
    return [ch].concat(Array.from((fold.fold[ch] || "") + (withAlt ? fold.alt[ch] || "" : "")));
  }

  /* a regular expression source for one term: each character with its folded forms */
  function pattern(term, fold, withAlt) {
    return term.chars.map(function (ch) {
      var f = forms(ch, fold, withAlt);
      return f.length > 1 ? "[" + escape(f.join("")) + "]" : escape(ch);
    }).join("");
  }

  /* the grams whose postings answer a term: its characters' forms (one character) or each
     pair of adjacent characters with their forms */
  function termGrams(term, fold, withAlt) {
    var c = term.chars.map(function (ch) { return forms(ch, fold, withAlt); });
    if (c.length === 1) { return [c[0]]; }
    var out = [];
    for (var i = 0; i + 1 < c.length; i++) {
      var pairs = [];
      c[i].forEach(function (a) { c[i + 1].forEach(function (b) { pairs.push(a + b); }); });
      out.push(pairs);
    }
    return out;
  }

  /* the passages holding a term, in the Chinese (z) and in the Korean (k): sets of ordinals */
  function postings(term, grams, fold, withAlt) {
    var z = null, k = null;
    termGrams(term, fold, withAlt).forEach(function (alts) {
      var zz = {}, kk = {};
      alts.forEach(function (g) {
        var p = grams[g];
        if (!p) { return; }
        p[0].forEach(function (n) { zz[n] = true; });
        (p[1] || []).forEach(function (n) { kk[n] = true; });
      });
      z = z === null ? zz : and(z, zz);
      k = k === null ? kk : and(k, kk);
    });
    return { z: z || {}, k: k || {} };
  }

  function and(a, b) {
    var out = {};
    Object.keys(a).forEach(function (n) { if (b[n]) { out[n] = true; } });
    return out;
  }

  /* every gram file a query's terms need, fetched; the grams they hold merged */
  function gramsFor(m, terms, fold, withAlt) {
    var names = {};
    terms.forEach(function (t) {
      termGrams(t, fold, withAlt).forEach(function (alts) {
        alts.forEach(function (g) { names[m.grams[bucket(g, m.buckets)]] = true; });
      });
    });
    return Promise.all(Object.keys(names).map(function (n) { return get(n); }))
      .then(function (parts) { return Object.assign.apply(null, [{}].concat(parts)); });
  }

  /* the passages (ordinals, book order) holding every term, in the language asked */
  function candidates(terms, grams, fold, withAlt, lang) {
    var sets = terms.map(function (t) { return postings(t, grams, fold, withAlt); });
    var out = null;
    sets.forEach(function (s) {
      var one = lang === "zh" ? s.z : lang === "ko" ? s.k : Object.assign({}, s.z, s.k);
      out = out === null ? one : and(out, one);
    });
    return Object.keys(out || {}).map(Number).sort(function (a, b) { return a - b; });
  }

  var NO_FOLD = { fold: {}, alt: {} };

  /* the chapter of a passage ordinal */
  function chapterOf(m, n) {
    var lo = 0, hi = m.chapters.length - 1;
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (m.chapters[mid].first <= n) { lo = mid; } else { hi = mid - 1; }
    }
    return lo;
  }

  /* the text records of passages (ordinal → record), fetching the files that hold them */
  function texts(m, ordinals) {
    var want = {};
    ordinals.forEach(function (n) {
      var c = chapterOf(m, n), ch = m.chapters[c];
      var g = Math.floor((n - ch.first) / m.group);
      want[ch.texts[g]] = ch.first + g * m.group;
    });
    return Promise.all(Object.keys(want).map(function (name) {
      return get(name).then(function (recs) {
        var out = {};
        recs.forEach(function (r, i) { out[want[name] + i] = r; });
        return out;
      });
    })).then(function (parts) { return Object.assign.apply(null, [{}].concat(parts)); });
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

  /* the fields of a passage: [anchor id, text, language, reading label] */
  function fields(r, lang) {
    var out = [];
    if (lang !== "ko") {
      r.zh.forEach(function (s) {
        out.push([s[0], s[1], "zh"]);
        if (s[2]) { out.push([s[0], s[2], "zh", "전사본 그대로"]); }
      });
    }
    if (r.ko && lang !== "zh") { out.push([r.ko[0], r.ko[1], "ko"]); }
    return out;
  }

  /* the fields of a passage that hold a hit, with their spans; null when a term is missing */
  function found(r, res, lang) {
    var fs = fields(r, lang).map(function (f) {
      var spans = [];
      res.forEach(function (re) { spans = spans.concat(hits(re, f[1])); });
      return { field: f, spans: spans };
    }).filter(function (x) { return x.spans.length; });
    var all = fs.map(function (x) { return x.field[1]; }).join("\n");
    var every = res.every(function (re) { re.lastIndex = 0; return re.test(all); });
    return fs.length && every ? fs : null;
  }

  /* a query answered: {terms, passages (ordinals in book order), regexps, titles, questions};
     the text is fetched only where a term of three characters or more must be checked */
  function query(text, lang) {
    lang = LANGS[lang] ? lang : "all";
    var parsed = parse(text);
    if (parsed.error) { return Promise.reject(new RangeError(parsed.error)); }
    var terms = parsed.terms;
    return load().then(function (m) {
      if (!terms.length) { return { terms: [], passages: [], res: [], m: m }; }
      var han = terms.some(function (t) { return HAN.test(t.stem); });
      return (han ? get(m.fold) : Promise.resolve(NO_FOLD)).then(function (fold) {
        function attempt(withAlt) {
          return gramsFor(m, terms, fold, withAlt).then(function (grams) {
            var res = terms.map(function (t) { return new RegExp(pattern(t, fold, withAlt), "g"); });
            var cands = candidates(terms, grams, fold, withAlt, lang);
            var long = terms.some(function (t) { return t.chars.length > 2; });
            var done = long ? texts(m, cands).then(function (recs) {
              return cands.filter(function (n) { return found(recs[n], res, lang); });
            }) : Promise.resolve(cands);
            return done.then(function (ps) {
              return { terms: terms, passages: ps, res: res, m: m, withAlt: withAlt };
            });
          });
        }
        return attempt(false).then(function (r) {
          return r.passages.length || !han ? r : attempt(true);
        }).then(function (r) {
          var match = function (s) {
            return !!s && r.res.every(function (re) { re.lastIndex = 0; return re.test(s); });
          };
          r.titles = m.chapters.filter(function (c) { return match(c.title + "\n" + c.ko); });
          r.questions = m.questions.filter(function (q) { return match(q[0] + "\n" + q[1]); });
          return r;
        });
      });
    });
  }

  /* the ids of every passage a query finds (all languages): for tests and tools */
  function search(text) {
    return query(text, "all").then(function (r) {
      return r.passages.map(function (n) { return r.m.passages[n][0]; });
    });
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

  function link(href, cls, text, lang) {
    var a = el("a", cls, text);
    a.href = new URL(href, root).href;
    if (lang) { a.lang = lang; }
    return a;
  }

  /* the search page's state in its address: ?q=…&part=lifa&lang=zh */
  function address(q, part, lang) {
    var u = new URL(location.href);
    u.search = "";
    u.searchParams.set("q", q);
    if (part) { u.searchParams.set("part", part); }
    if (lang && lang !== "all") { u.searchParams.set("lang", lang); }
    return u;
  }

  function filters(box, r, q, part, lang, counts) {
    var nav = el("div", "search-filters");
    var parts = el("p", "search-parts");
    parts.appendChild(el("span", "filter-label", "부: "));
    var total = Object.keys(counts).reduce(function (s, k) { return s + counts[k]; }, 0);
    [["", "전체", total]].concat(Object.keys(r.m.parts).map(function (k) {
      return [k, r.m.parts[k], counts[k] || 0];
    })).forEach(function (p) {
      var a = link(address(q, p[0], lang).href, "search-filter", p[1] + " " + p[2]);
      if (p[0]) { a.lang = "zh-Hant"; a.setAttribute("data-part", p[0]); }
      if (p[0] === part) { a.setAttribute("aria-current", "true"); }
      parts.appendChild(a);
      parts.appendChild(document.createTextNode(" "));
    });
    nav.appendChild(parts);
    var langs = el("p", "search-langs");
    langs.appendChild(el("span", "filter-label", "언어: "));
    Object.keys(LANGS).forEach(function (k) {
      var a = link(address(q, part, k).href, "search-filter", LANGS[k]);
      a.setAttribute("data-lang", k);
      if (k === lang) { a.setAttribute("aria-current", "true"); }
      langs.appendChild(a);
      langs.appendChild(document.createTextNode(" "));
    });
    nav.appendChild(langs);
    box.appendChild(nav);
  }

  function extras(box, r) {
    if (r.titles.length) {
      var t = el("section", "search-titles");
      t.appendChild(el("h2", null, "장 제목"));
      var ul = el("ul");
      r.titles.forEach(function (c) {
        var li = el("li");
        li.appendChild(link(c.url, "title-hit", c.label + " " + c.title, "zh-Hant"));
        li.appendChild(el("span", "hit-title", " " + c.ko));
        ul.appendChild(li);
      });
      t.appendChild(ul);
      box.appendChild(t);
    }
    if (r.questions.length) {
      var s = el("section", "search-questions");
      s.appendChild(el("h2", null, "물음 (" + r.questions.length + ")"));
      var ql = el("ul");
      r.questions.slice(0, PAGE).forEach(function (q) {
        var li = el("li");
        li.appendChild(link(q[2], "question-hit", q[0], "zh-Hant"));
        li.appendChild(el("span", "hit-title", " " + q[1]));
        ql.appendChild(li);
      });
      s.appendChild(ql);
      box.appendChild(s);
    }
  }

  function hitItem(r, n, rec, lang) {
    var m = r.m, ch = m.chapters[chapterOf(m, n)];
    var fs = found(rec, r.res, lang) || [];
    var li = el("li", "search-hit");
    var head = el("p", "hit-head");
    head.appendChild(link(ch.url + "#" + (fs.length ? fs[0].field[0] : m.passages[n][0]),
      "hit-ref", m.passages[n][1], "zh-Hant"));
    li.appendChild(head);
    var shown = {};
    fs.forEach(function (x) {
      var f = x.field;
      if (shown[f[0]]) { return; }  /* the diplomatic reading only where it alone holds a hit */
      shown[f[0]] = true;
      var line = link(ch.url + "#" + f[0], "hit-text hit-" + f[2], null,
        f[2] === "zh" ? "zh-Hant" : "ko");
      if (f[3]) { line.appendChild(el("span", "hit-reading", f[3])); }
      line.appendChild(snippet(f[1], x.spans));
      li.appendChild(line);
    });
    return li;
  }

  /* the next PAGE passages of the list, under their chapters' headings */
  function more(r, list, shown, lang) {
    var next = r.shownList.slice(shown, shown + PAGE);
    return texts(r.m, next).then(function (recs) {
      next.forEach(function (n) {
        var c = chapterOf(r.m, n);
        var group = list.querySelector("[data-chapter='" + c + "'] > .search-list");
        if (!group) {
          var ch = r.m.chapters[c];
          var li = el("li", "search-chapter");
          li.setAttribute("data-chapter", c);
          var h = el("h2", "chapter-head");
          h.appendChild(link(ch.url, "chapter-ref", ch.label + " " + ch.title, "zh-Hant"));
          h.appendChild(el("span", "chapter-count", " " + r.perChapter[c] + "단락"));
          li.appendChild(h);
          group = el("ol", "search-list");
          li.appendChild(group);
          list.appendChild(li);
        }
        group.appendChild(hitItem(r, n, recs[n], lang));
      });
      return shown + next.length;
    });
  }

  function render(box, q, part, lang, r, ms) {
    box.textContent = "";
    var m = r.m, counts = {}, perChapter = {};
    r.passages.forEach(function (n) {
      var c = chapterOf(m, n), p = m.chapters[c].part;
      counts[p] = (counts[p] || 0) + 1;
    });
    r.shownList = r.passages.filter(function (n) {
      return !part || m.chapters[chapterOf(m, n)].part === part;
    });
    r.shownList.forEach(function (n) {
      var c = chapterOf(m, n);
      perChapter[c] = (perChapter[c] || 0) + 1;
    });
    r.perChapter = perChapter;
    var status = el("p", "search-status");
    status.setAttribute("role", "status");
    var nch = Object.keys(perChapter).length;
    status.textContent = r.shownList.length
      ? "「" + q + "」: " + r.shownList.length + "단락 · " + nch + "장"
      : "「" + q + "」: 찾은 단락이 없습니다.";
    status.setAttribute("data-ms", ms.toFixed(1));
    box.appendChild(status);
    if (r.passages.length) { filters(box, r, q, part, lang, counts); }
    extras(box, r);
    if (!r.shownList.length) { return Promise.resolve(); }
    var list = el("ol", "search-chapters");
    box.appendChild(list);
    var button = el("button", "search-more");
    button.type = "button";
    button.hidden = true;
    var shown = 0;
    function step() {
      button.disabled = true;
      return more(r, list, shown, lang).then(function (n) {
        shown = n;
        var left = r.shownList.length - shown;
        button.disabled = false;
        button.textContent = "더 보기 (남은 " + left + "단락)";
        button.hidden = left <= 0;
      });
    }
    button.addEventListener("click", function () { step(); });
    box.appendChild(button);
    return step();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = document.getElementById("search-results");
    if (!box) { return; }
    var params = new URLSearchParams(location.search);
    var q = (params.get("q") || "").trim();
    var part = params.get("part") || "";
    var lang = params.get("lang") || "all";
    var input = document.getElementById("site-q");
    if (input) { input.value = q; }
    if (!q) { return; }
    box.textContent = "찾는 중…";
    var t0 = performance.now();
    query(q, lang).then(function (r) {
      if (!r.m.parts[part]) { part = ""; }
      return render(box, q, part, LANGS[lang] ? lang : "all", r, performance.now() - t0);
    }).then(function () {
      box.setAttribute("data-done-ms", (performance.now() - t0).toFixed(1));
      document.title = q + " — 검색 — 易冒 역모";
    }).catch(function (err) {
      box.textContent = "";
      box.appendChild(el("p", "search-status search-error", err instanceof RangeError
        ? err.message : "검색하지 못했습니다. 연결을 확인하고 다시 시도하십시오."));
      box.firstChild.setAttribute("role", "status");
    });
  });

  window.yimaoSearch = { load: load, query: query, search: search, stem: stem,
    bucket: bucket, parse: parse };
}());
