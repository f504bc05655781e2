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

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(new URL("sw.js", ROOT).href, { scope: ROOT.pathname })
      .catch(function () { /* the site works without it, only not offline */ });
  }

  var forms = document.querySelectorAll("form.run-example");
  if (!forms.length) { return; }

  // The site root as seen from this page, for the passage links in a chart.
  function rootFromPage() {
    var here = location.pathname.replace(/[^/]*$/, "");
    var depth = here.slice(ROOT.pathname.length).split("/").filter(Boolean).length;
    return depth ? "../".repeat(depth) : "./";
  }

  var STAGES = [
    "", "실행 환경(Pyodide)을 이 사이트에서 내려받는 중", "파이썬을 시작하는 중",
    "compute를 불러오는 중", "계산하는 중"
  ];
  var worker = null;       // the Python side (yimao-run-worker.js), started on first use
  var pending = {};        // run id -> {resolve, reject}
  var nextId = 0;
  var listeners = [];      // progress callbacks of the panels waiting for the start
  var ready = null;        // {timings} once Python answers

  function mb(bytes) { return (bytes / 1048576).toFixed(1) + " MB"; }

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
    // how much a first run downloads, for the progress line (the worker fetches the rest)
    fetch(new URL("manifest.json", PY)).then(function (r) { return r.json(); })
      .then(function (m) {
        if (!ready) {
          listeners.forEach(function (f) {
            f(1, STAGES[1] + " (처음 한 번, 약 " + mb(m.bytes) + ")");
          });
        }
      }).catch(function () { /* the worker reports the failure */ });
  }

  function call(request, progress) {
    if (!worker) { startWorker(); }
    if (!ready) {
      listeners.push(progress);
      progress(1, STAGES[1]);
    }
    return new Promise(function (resolve, reject) {
      var id = ++nextId;
      pending[id] = { resolve: resolve, reject: reject };
      worker.postMessage({ type: "run", id: id, request: request });
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
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
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
        var request = JSON.stringify({ fields: fields(form), root: rootFromPage() });
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
        status.textContent = out.error ? "입력을 고쳐 다시 실행하십시오." :
          "실행됨 (" + Math.round(t1 - t0) + " ms)";
      } catch (err) {
        result.textContent = "";
        var p = document.createElement("p");
        p.className = "run-error";
        p.textContent = "실행 환경을 불러오지 못했습니다 (" + (err && err.message || err) +
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
})();
