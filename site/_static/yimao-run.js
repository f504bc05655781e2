/* 易冒 reading site: the Run panels and the offline copy (no third-party code).
   - registers the service worker (/sw.js, scope: the site root) that keeps the pages, the
     search data and, once used, the Python runtime for reading and running offline;
   - on a page with a <form class="run-example">: the first submit starts
     yimao-run-worker.js, which loads Pyodide from this site (_py/, see
     yimao/web/runtime.py), puts compute (one zip of bytecode) on its
     sys.path and calls compute.runner.run_json; later submits only call it again. The
     page stays responsive meanwhile and shows which stage the start is in. */
(function () {
  "use strict";
  var script = document.currentScript;
  var ROOT = new URL("../", script ? script.src : location.href);  // this file is _static/…
  var PY = new URL("_py/", ROOT);

  var registered = Promise.resolve(null);  // the service worker's registration, or null
  if ("serviceWorker" in navigator && window.isSecureContext) {
    registered = navigator.serviceWorker.register(new URL("sw.js", ROOT).href, { scope: ROOT.pathname })
      .catch(function () { return null; /* the site works without it, only not offline */ });
  }

  /* The runtime goes through the service worker, which keeps each file as it arrives. A Run
     started before the worker controls this page (a first visit: it is still installing)
     waits until it does, so the runtime is downloaded once (not by the page and again by the
     worker); not when no worker is coming (none registered, it failed, or a reload that
     bypasses it), and never longer than CONTROL_WAIT ms. */
  var CONTROL_WAIT = 20000;
  function controlled() {
    var sw = navigator.serviceWorker;
    if (!sw || !window.isSecureContext || sw.controller) { return Promise.resolve(); }
    return registered.then(function (reg) {
      var coming = reg && (reg.installing || reg.waiting);
      if (!coming || sw.controller) { return; }
      return new Promise(function (resolve) {
        sw.addEventListener("controllerchange", function () { resolve(); }, { once: true });
        coming.addEventListener("statechange", function () {
          if (coming.state === "redundant") { resolve(); }
        });
        setTimeout(resolve, CONTROL_WAIT);
      });
    });
  }
  window.yimaoRuntime = { controlled: controlled };   // /practice/'s worker waits the same way

  var forms = document.querySelectorAll("form.run-example");
  // Run panels and near-miss charts kept in <template class="lazy"> until their box opens
  var lazy = document.querySelectorAll("details > template.lazy");
  // later examples of a long page wait in template.lazy-view (yimao-why.js unfolds them)
  var later = document.querySelector("template.lazy-view");
  if (!forms.length && !lazy.length && !later) { return; }

  // The site root as seen from this page, for the passage links in a chart.
  function rootFromPage() {
    var here = location.pathname.replace(/[^/]*$/, "");
    var depth = here.slice(ROOT.pathname.length).split("/").filter(Boolean).length;
    return depth ? "../".repeat(depth) : "./";
  }

  var STAGES = [
    "", "실행 환경(Pyodide)을 이 사이트에서 내려받는 중", "파이썬을 시작하는 중",
    "계산 엔진을 불러오는 중", "계산하는 중"
  ];
  var worker = null;       // the Python side (yimao-run-worker.js), started on first use
  var pending = {};        // run id -> {resolve, reject}
  var nextId = 0;
  var listeners = [];      // progress callbacks of the panels waiting for the start
  var ready = null;        // {timings} once Python answers
  var starting = null;     // Promise: the worker started (once the service worker controls)

  function mb(bytes) { return (bytes / 1e6).toFixed(1) + " MB"; }

  /* on Save-Data (the reader asked the browser to spare data), ask before the first download */
  function allowed() {
    var c = navigator.connection;
    if (ready || starting || !c || !c.saveData) { return Promise.resolve(true); }
    return fetch(new URL("manifest.json", PY)).then(function (r) { return r.json(); })
      .then(function (m) {
        return window.confirm("데이터 절약 모드입니다. 계산하려면 처음 한 번 약 " +
          mb(m.transfer || m.bytes) + "를 내려받습니다. 내려받으시겠습니까?");
      }, function () { return true; });
  }

  function startWorker() {
    worker = new Worker(new URL("yimao-run-worker.js", script.src), { type: "module" });
    worker.onmessage = function (event) {
      var m = event.data;
      if (m.type === "progress") {
        listeners.forEach(function (f) { f(m.stage, STAGES[m.stage]); });
      } else if (m.type === "ready") {
        ready = { timings: m.timings };
        listeners.forEach(function (f) { f(4, STAGES[4]); });
        keepOffline(m.files);
      } else if (pending[m.id]) {
        var p = pending[m.id];
        delete pending[m.id];
        if (m.type === "result") { p.resolve(m.response); } else { p.reject(new Error(m.message)); }
      }
    };
  }

  // how much a first run downloads (the manifest's transfer: the sum of the compressed files
  // the server sends), for the progress line
  function announce() {
    fetch(new URL("manifest.json", PY)).then(function (r) { return r.json(); })
      .then(function (m) {
        if (!ready) {
          listeners.forEach(function (f) {
            f(1, STAGES[1] + " (처음 한 번, 약 " + mb(m.transfer || m.bytes) + ")");
          });
        }
      }).catch(function () { /* the worker reports the failure */ });
  }

  function call(request, progress) {
    return allowed().then(function (ok) {
      if (!ok) {
        var declined = new Error("데이터 절약 모드라 실행 환경을 내려받지 않았습니다. 계산하려면 다시 실행하고 내려받기를 허락하십시오.");
        declined.declined = true;
        throw declined;
      }
      return start(request, progress);
    });
  }

  function start(request, progress) {
    if (!ready) {
      listeners.push(progress);
      progress(1, STAGES[1]);
    }
    if (!starting) {
      announce();
      starting = controlled().then(function () { if (!worker) { startWorker(); } });
    }
    return starting.then(function () {
      return new Promise(function (resolve, reject) {
        var id = ++nextId;
        pending[id] = { resolve: resolve, reject: reject };
        worker.postMessage({ type: "run", id: id, request: request });
      });
    }).finally(function () {
      listeners = listeners.filter(function (f) { return f !== progress; });
    });
  }

  // Ask the service worker to keep the runtime (it may have been fetched before the worker
  // controlled this page); what it already holds is not fetched again.
  function keepOffline(files) {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
    navigator.serviceWorker.ready.then(function (reg) {
      var urls = files.map(function (f) { return new URL(f, PY).href; });
      if (reg.active) { reg.active.postMessage({ type: "keep", urls: urls }); }
    });
  }

  // ------------------------------------------------------------------ inputs as people write them
  // Dates and time zones are read here, before compute sees them, into the forms compute takes
  // (an ISO date-time and a ±HH:MM offset; 干支 into the pillar fields). compute/inputs.py is
  // where this belongs; until it reads these forms itself, the panel normalises them.
  var GZ = "([甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥])";
  var ZONE_NAMES = {
    KST: "Asia/Seoul", JST: "Asia/Tokyo", UTC: "UTC", GMT: "UTC", Z: "UTC",
    "한국": "Asia/Seoul", "서울": "Asia/Seoul", "중국": "Asia/Shanghai", "북경": "Asia/Shanghai",
    "베이징": "Asia/Shanghai", "北京": "Asia/Shanghai", "일본": "Asia/Tokyo", "도쿄": "Asia/Tokyo",
    "대만": "Asia/Taipei", "타이베이": "Asia/Taipei", "홍콩": "Asia/Hong_Kong"
  };
  function pad(n) { return String(n).padStart(2, "0"); }
  function offsetText(minutes) {
    var sign = minutes < 0 ? "-" : "+";
    var m = Math.abs(minutes);
    return sign + pad(Math.floor(m / 60)) + ":" + pad(m % 60);
  }
  // The offset (minutes east of UTC) of an IANA zone at a local wall time, from the browser's
  // own time zone data (Intl); null for a name it does not know.
  function zoneOffset(zone, y, mo, d, h, mi) {
    var fmt;
    try {
      fmt = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric",
        month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
    } catch (e) { return null; }
    var wall = Date.UTC(y, mo - 1, d, h, mi);
    var off = 0;
    for (var i = 0; i < 3; i++) {
      var parts = {};
      fmt.formatToParts(new Date(wall - off * 60000)).forEach(function (p) { parts[p.type] = p.value; });
      var seen = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour % 24, +parts.minute);
      off = Math.round((seen - (wall - off * 60000)) / 60000);
    }
    return off;
  }
  // A zone as typed (+9, +0900, UTC+9, KST, Asia/Seoul) → "+09:00", at the given wall time.
  function readZone(text, when) {
    var t = text.trim();
    if (!t) { return ""; }
    var m = /^(?:UTC|GMT)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i.exec(t);
    if (m) { return m[1] + pad(+m[2]) + ":" + (m[3] || "00"); }
    var zone = ZONE_NAMES[t] || ZONE_NAMES[t.toUpperCase()] || t;
    var w = when || { y: 2000, mo: 1, d: 1, h: 12, mi: 0 };
    var off = zoneOffset(zone, w.y, w.mo, w.d, w.h, w.mi);
    return off === null ? t : offsetText(off);
  }
  // A date-time as typed → {y, mo, d, h, mi, timeless, zone} or null.
  //   2024-03-05T14:30, 2024-03-05 14:30, 2024.03.05 14:30, 2024/3/5, 2024-03-05,
  //   2024년 3월 5일 14시 30분, 2024년 3월 5일 오후 2시, … each optionally followed by a zone
  //   (+09:00, Z, KST, Asia/Seoul)
  function readWhen(text) {
    var t = text.trim().replace(/\s+/g, " ");
    var zone = "";
    // a zone after the time (14:30+09:00, 14:30Z) or after a space (… KST, … Asia/Seoul);
    // never the day of a date (2024-03-05)
    var z = /(?:\s+|(?<=\d:\d\d))(Z|[+-]\d{1,2}(?::?\d{2})?|(?:UTC|GMT)(?:[+-]\d{1,2}(?::?\d{2})?)?|[A-Za-z_]+\/[A-Za-z_/]+|KST|JST)$/i.exec(t);
    if (z && /\d/.test(t.slice(0, z.index))) { zone = z[1]; t = t.slice(0, z.index).trim(); }
    var m = /^(\d{1,4})\s*(?:[-./]|년\s?)\s*(\d{1,2})\s*(?:[-./]|월\s?)\s*(\d{1,2})\s*일?(?:\s*[T ]?\s*(?:(오전|오후|AM|PM)\s*)?(\d{1,2})\s*(?:[:시時]\s*(?:(\d{1,2})\s*(?:분|分)?)?)?(?::\d{2}(?:\.\d+)?)?)?$/i.exec(t);
    if (!m) { return null; }
    var h = m[5] === undefined ? 12 : +m[5];
    if (m[4] && /오후|PM/i.test(m[4]) && h < 12) { h += 12; }
    if (m[4] && /오전|AM/i.test(m[4]) && h === 12) { h = 0; }
    return { y: +m[1], mo: +m[2], d: +m[3], h: h, mi: m[6] === undefined ? 0 : +m[6],
             timeless: m[5] === undefined, zone: zone };
  }
  // 甲辰年 丙寅月(寅建) 癸酉日 丁巳時 → the pillar fields; null when the text is not that.
  function readGanzhi(text) {
    var t = text.trim();
    if (!/[年月建日時]/.test(t) || /\d/.test(t)) { return null; }
    var out = {};
    var y = new RegExp(GZ + "\\s*年").exec(t);
    var mo = new RegExp("((?:[甲乙丙丁戊己庚辛壬癸])?[子丑寅卯辰巳午未申酉戌亥])\\s*[月建]").exec(t);
    var d = new RegExp(GZ + "\\s*日").exec(t);
    var h = new RegExp("((?:[甲乙丙丁戊己庚辛壬癸])?[子丑寅卯辰巳午未申酉戌亥])\\s*時").exec(t);
    if (y) { out.year = y[1]; }
    if (mo) { out.month = mo[1]; }
    if (d) { out.day = d[1]; }
    if (h) { out.hour = h[1]; }
    return Object.keys(out).length ? out : null;
  }
  // The form's fields in compute's forms, and what was read (for the status line).
  function normalised(values) {
    var out = Object.assign({}, values);
    var notes = [];
    if (out.at) {
      var gz = readGanzhi(out.at);
      var w = gz ? null : readWhen(out.at);
      if (gz) {
        Object.keys(gz).forEach(function (k) { if (!out[k]) { out[k] = gz[k]; } });
        out.at = "";
        notes.push("干支 날짜를 年·月建·日辰·時로 읽었습니다");
      } else if (w) {
        var iso = String(w.y).padStart(4, "0") + "-" + pad(w.mo) + "-" + pad(w.d) + "T" +
          pad(w.h) + ":" + pad(w.mi);
        if (iso !== out.at) { notes.push("일시 " + iso.replace("T", " ")); }
        if (w.timeless) { notes.push("시각이 없어 정오(12:00)로 계산했습니다. 時는 믿지 마십시오"); }
        out.at = iso;
        if (w.zone && !out.tz) { out.tz = w.zone; }
        if (out.tz) {
          var zone = readZone(out.tz, w);
          if (zone !== out.tz) { notes.push("시간대 " + out.tz + " → " + zone); }
          out.tz = zone;
        }
      }
    } else if (out.tz) {
      out.tz = readZone(out.tz, null);
    }
    return { fields: out, notes: notes };
  }
  window.yimaoInputs = { readWhen: readWhen, readZone: readZone, readGanzhi: readGanzhi,
                         normalised: normalised };

  // ------------------------------------------------------------------ casting helpers
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) { node.textContent = text; }
    return node;
  }
  function nowLocal() {
    var d = new Date();
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) + "T" +
      pad(d.getHours()) + ":" + pad(d.getMinutes());
  }
  // beside 일시: a date-time picker and 「지금」 (the browser's time and its time zone)
  function dateHelpers(form, status) {
    var at = form.elements.namedItem("at");
    var tz = form.elements.namedItem("tz");
    if (!at) { return; }
    var box = el("span", { "class": "run-when-tools" });
    var picker = el("input", { type: "datetime-local", "class": "run-picker",
                               "aria-label": "달력에서 일시 고르기" });
    var now = el("button", { type: "button", "class": "run-now" }, "지금");
    picker.addEventListener("change", function () { if (picker.value) { at.value = picker.value; } });
    now.addEventListener("click", function () {
      at.value = nowLocal();
      picker.value = at.value;
      var zone = "";
      try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { /* none */ }
      if (tz) { tz.value = zone; }
      status.textContent = "지금 시각" + (zone ? "(" + zone + ")" : "") + "을 넣었습니다.";
    });
    box.append(picker, " ", now);
    at.closest("label").after(box);
  }

  // 單拆重交 of a toss of three coins, by the number of backs (背): 0 交, 1 單, 2 拆, 3 重
  var TOSS = [["交", "6", "老陰"], ["單", "7", "少陽"], ["拆", "8", "少陰"], ["重", "9", "老陽"]];
  function coinHelper(form, status) {
    var lines = form.elements.namedItem("lines");
    if (!lines) { return; }
    var tossed = [];
    var box = el("details", { "class": "coin-helper" });
    box.append(el("summary", {}, "동전 세 개로 괘 짓기"));
    box.append(el("p", { "class": "coin-help" },
      "동전 세 개를 던진 대로 앞(字)·뒤(背)를 눌러 맞추고 「이 효 적기」를 누르십시오. " +
      "아래 효(初爻)부터 여섯 번. 뒤가 하나면 單, 둘이면 拆, 셋이면 重, 없으면 交입니다."));
    var coins = el("p", { "class": "coins" });
    var faces = [false, false, false];
    faces.forEach(function (_, i) {
      var b = el("button", { type: "button", "class": "coin", "aria-pressed": "false",
                             lang: "zh-Hant", "aria-label": "동전 " + (i + 1) }, "字");
      b.addEventListener("click", function () {
        faces[i] = !faces[i];
        b.textContent = faces[i] ? "背" : "字";
        b.setAttribute("aria-pressed", String(faces[i]));
      });
      coins.append(b);
    });
    var add = el("button", { type: "button", "class": "coin-add" }, "이 효 적기");
    var random = el("button", { type: "button", "class": "coin-random" }, "대신 던지기");
    var clear = el("button", { type: "button", "class": "coin-clear" }, "지우기");
    var list = el("ol", { "class": "coin-tosses", "aria-live": "polite" });
    function record(backs) {
      if (tossed.length >= 6) { tossed = []; list.textContent = ""; }
      var t = TOSS[backs];
      tossed.push(t[1]);
      list.append(el("li", {}, (tossed.length) + "효 " + "背".repeat(backs) + "字".repeat(3 - backs) +
        " → " + t[0] + " (" + t[1] + ", " + t[2] + ")"));
      lines.value = tossed.join("");
      if (tossed.length === 6) {
        ["primary", "changed"].forEach(function (n) {
          var f = form.elements.namedItem(n);
          if (f) { f.value = ""; }
        });
        status.textContent = "여섯 효를 채웠습니다 (" + lines.value + "). 일시를 넣고 실행하십시오.";
      } else {
        status.textContent = (tossed.length + 1) + "번째 효를 던지십시오.";
      }
    }
    add.addEventListener("click", function () {
      record(faces.filter(Boolean).length);
    });
    random.addEventListener("click", function () {
      var r = new Uint8Array(3);
      crypto.getRandomValues(r);
      var backs = 0;
      r.forEach(function (x, i) {
        faces[i] = (x & 1) === 1;
        coins.children[i].textContent = faces[i] ? "背" : "字";
        coins.children[i].setAttribute("aria-pressed", String(faces[i]));
        backs += faces[i] ? 1 : 0;
      });
      record(backs);
    });
    clear.addEventListener("click", function () {
      tossed = [];
      list.textContent = "";
      lines.value = "";
      status.textContent = "";
    });
    var actions = el("p", { "class": "coin-actions" });
    actions.append(add, " ", random, " ", clear);
    box.append(coins, actions, list);
    form.querySelector(".run-gua").after(box);
  }

  // the 筮類 question chosen from a list grouped by chapter, with a search that reads the
  // book's words, the Korean and the 用神 (재물 finds the 財 questions)
  var WORDS = { "재물": "財", "재산": "財", "돈": "財", "장사": "財", "병": "病", "질병": "疾",
    "혼인": "婚", "결혼": "婚", "벼슬": "官", "관직": "官", "소송": "訟", "송사": "訟",
    "비": "雨", "날씨": "晴", "자식": "子", "아이": "子", "출산": "產", "여행": "行",
    "도둑": "盜", "집": "宅", "이사": "移", "시험": "試", "과거": "科" };
  function questionPicker(form) {
    var data = form.querySelector("script.run-questions");
    var input = form.elements.namedItem("question");
    if (!data || !input) { return; }
    var questions = JSON.parse(data.textContent);
    var box = el("div", { "class": "q-picker" });
    var search = el("input", { type: "search", "class": "q-search", placeholder: "물음 찾기 (예: 재물, 疾病, 養病)",
                               "aria-label": "물음 찾기" });
    var select = el("select", { "class": "q-list", size: "7", "aria-label": "장별 물음 목록" });
    var count = el("span", { "class": "q-count", "aria-live": "polite" });
    function fill() {
      var q = search.value.trim();
      var keys = q ? q.split(/\s+/).map(function (w) { return [w, WORDS[w] || w]; }) : [];
      select.textContent = "";
      var group = null;
      var shown = 0;
      questions.forEach(function (item) {
        var hay = [item.text, item.ko, item.ys, item.title, item.tko, item.ch, item.id].join(" ");
        if (!keys.every(function (k) { return hay.indexOf(k[0]) >= 0 || hay.indexOf(k[1]) >= 0; })) { return; }
        if (!group || group.getAttribute("data-ch") !== item.ch) {
          group = el("optgroup", { label: item.ch + " " + item.title + " " + item.tko, "data-ch": item.ch });
          select.append(group);
        }
        var o = el("option", { value: item.id }, "「" + item.text + "」 " + item.ko +
          (item.ys ? " — 用神 " + item.ys : ""));
        if (item.id === input.value) { o.selected = true; }
        group.append(o);
        shown += 1;
      });
      count.textContent = q ? "물음 " + shown + "개" : "물음 " + questions.length + "개";
    }
    search.addEventListener("input", fill);
    select.addEventListener("change", function () { input.value = select.value; });
    fill();
    box.append(search, " ", count, select);
    input.closest("label").after(box);
  }

  function fields(form) {
    var out = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (el.name && el.tagName !== "BUTTON") { out[el.name] = el.value.trim(); }
    });
    return out;
  }

  // The passages compute cites, as a reader cites them: 立法 13.2.1 (the chapter's title in
  // the tooltip), never the bare id p092-s1 (kept in the link). search/refs.json is written
  // from the TEI at build time (yimao/web/search.py); without it the ids stay.
  var refs = null;
  function loadRefs() {
    refs = refs || fetch(new URL("search/refs.json", ROOT)).then(function (r) {
      if (!r.ok) { throw new Error(r.status); }
      return r.json();
    }).catch(function () { refs = null; return {}; });
    return refs;
  }
  var BARE = /^(p\d{3})(?:-s(\d+))?$/;
  function cite(root, table) {
    root.querySelectorAll("a[href]").forEach(function (a) {
      var m = BARE.exec(a.textContent.trim());
      var ref = m && table[m[1]];
      if (!ref) { return; }
      a.textContent = ref[0] + (m[2] ? "." + m[2] : "");
      a.setAttribute("lang", "zh-Hant");
      a.title = "易冒 " + a.textContent + " (" + ref[1] + ")";
    });
    // an id inside a sentence (a finding's summary citing the passage it follows)
    // (not the notes' JSON: a chart's script.why-data keeps its ids, yimao-why.js cites them)
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: function (n) {
        return n.parentNode && n.parentNode.nodeName === "SCRIPT" ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      }
    });
    var inline = /\bp(\d{3})(?:-s(\d+))?\b/g;
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      node.nodeValue = node.nodeValue.replace(inline, function (id, n, k) {
        var ref = table["p" + n];
        return ref ? ref[0] + (k ? "." + k : "") : id;
      });
    }
  }

  function show(result, out, ms) {
    result.textContent = "";
    if (out.error) {
      var p = document.createElement("p");
      p.className = "run-error";
      p.setAttribute("role", "alert");
      var label = document.createElement("span");
      label.className = "label";
      label.textContent = "입력 오류";
      var line = document.createElement("span");
      line.className = "run-error-line";
      line.textContent = out.error;
      p.append(label, " ", line);
      result.append(p);
    } else {
      var chart = document.createElement("div");
      chart.className = "run-chart";
      chart.setAttribute("data-chart", out.chart);
      chart.innerHTML = out.html;  // compute's own HTML (escaped there)
      result.append(chart);
    }
    result.setAttribute("data-ms", String(Math.round(ms)));
  }

  // /cast/?year=甲辰&month=申&day=乙巳: a passage's own date (its worked-example link) fills
  // the cast page's inputs of the same names; the reader adds the hexagram and runs
  function prefill(form, status) {
    if (form.getAttribute("data-prefill") !== "query") { return; }
    var filled = 0;
    new URLSearchParams(location.search).forEach(function (value, name) {
      var el = form.elements.namedItem(name);
      if (el && el.tagName === "INPUT") { el.value = value; filled += 1; }
    });
    if (filled) {
      status.textContent = "본문의 날짜를 채웠습니다. 괘(本卦·之卦 또는 여섯 효)를 적고 실행하십시오.";
    }
  }

  function attach(form) {
    var panel = form.closest(".run-panel") || form.parentNode;
    var result = panel.querySelector(".run-result");
    var status = form.querySelector(".run-status");
    var bar = form.querySelector(".run-progress");
    var button = form.querySelector("button[type=submit]");
    prefill(form, status);
    dateHelpers(form, status);
    if (form.getAttribute("data-prefill") === "query") {  // the /cast/ page
      coinHelper(form, status);
      questionPicker(form);
    }
    function progress(stage, text) {
      bar.hidden = false;
      bar.value = stage;
      status.textContent = text + "…";
    }
    form.addEventListener("submit", async function (event) {
      event.preventDefault();
      var t0 = performance.now();
      var first = !ready;
      button.disabled = true;
      result.setAttribute("aria-busy", "true");
      try {
        var read = normalised(fields(form));
        var request = JSON.stringify({ fields: read.fields, root: rootFromPage() });
        var table = loadRefs();
        var out = JSON.parse(await call(request, progress));
        var t1 = performance.now();
        if (!out.error) {
          var holder = document.createElement("div");
          holder.innerHTML = out.html;  // compute's own HTML (escaped there)
          cite(holder, await table);
          out.html = holder.innerHTML;
        }
        show(result, out, t1 - t0);
        if (first && ready) {  // what starting the runtime cost, for the tests and the curious
          var timings = Object.assign({}, ready.timings, { total: Math.round(t1 - t0) });
          timings.chart = timings.total - timings.boot - timings.import;
          result.setAttribute("data-first-run", JSON.stringify(timings));
        } else {
          result.removeAttribute("data-first-run");
        }
        status.textContent = (out.error ? "입력을 고쳐 다시 실행하십시오." :
          "실행됨 (" + Math.round(t1 - t0) + " ms)") +
          (read.notes.length ? " 읽은 값: " + read.notes.join(", ") + "." : "");
      } catch (err) {
        result.textContent = "";
        var p = document.createElement("p");
        p.className = "run-error";
        p.textContent = err && err.declined ? err.message :
          "실행 환경을 불러오지 못했습니다 (" + (err && err.message || err) +
          "). 연결을 확인하고 다시 실행하십시오.";
        result.append(p);
        result.setAttribute("data-ms", String(Math.round(performance.now() - t0)));
        status.textContent = "";
      } finally {
        bar.hidden = true;
        button.disabled = false;
        result.removeAttribute("aria-busy");
      }
    });
  }

  Array.prototype.forEach.call(forms, attach);

  function unfold(details) {
    var template = details.querySelector(":scope > template.lazy");
    if (!template) { return; }
    var content = document.importNode(template.content, true);
    var added = Array.prototype.slice.call(content.querySelectorAll("form.run-example"));
    template.replaceWith(content);
    added.forEach(attach);
  }
  Array.prototype.forEach.call(lazy, function (template) {
    if (template.parentNode.open) { unfold(template.parentNode); }
  });
  // one listener for every box, those unfolded later included (toggle does not bubble)
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (details.matches && details.matches("details") && details.open) { unfold(details); }
  }, true);
})();
