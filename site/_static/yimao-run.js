/* 易冒 reading site: the Run panels and the offline copy (no third-party code).
   - registers the service worker (/sw.js, scope: the site root) that keeps the pages, the
     search data and, once used, the Python runtime for reading and running offline;
   - on a page with a <form class="run-example">: the first submit loads Pyodide from this
     site (_py/, see yimao/site_runtime.py), puts compute + lunar-python (one zip of
     bytecode) on its sys.path and calls compute.runner.run_json; later submits only call
     it again. */
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
  var runtime = null;      // Promise of {run, timings} once the first submit asked for it
  var timings = {};

  function mb(bytes) { return (bytes / 1048576).toFixed(1) + " MB"; }

  function load(progress) {
    if (runtime) { return runtime; }
    runtime = (async function () {
      var t0 = performance.now();
      var manifest = await (await fetch(new URL("manifest.json", PY))).json();
      progress(1, STAGES[1] + " (처음 한 번, 약 " + mb(manifest.bytes) + ")");
      var index = new URL(manifest.index, PY);
      var loaded = await Promise.all([
        import(new URL("pyodide.mjs", index).href),
        fetch(new URL(manifest.package, PY)).then(function (r) {
          if (!r.ok) { throw new Error(r.status + " " + r.url); }
          return r.arrayBuffer();
        })
      ]);
      progress(2, STAGES[2]);
      var quiet = function () { /* Pyodide's start-up messages */ };
      var py = await loaded[0].loadPyodide({
        indexURL: index.href, stdLibURL: new URL(manifest.stdlib, PY).href,
        lockFileContents: manifest.lock, packageBaseUrl: index.href,
        stdout: quiet, stderr: quiet
      });
      var t1 = performance.now();
      progress(3, STAGES[3]);
      // compute + lunar_python as bytecode, imported from the zip itself (zipimport)
      py.FS.writeFile("/home/pyodide/yimao-py.zip", new Uint8Array(loaded[1]));
      py.runPython("import sys; sys.path.insert(0, '/home/pyodide/yimao-py.zip')");
      var runner = py.pyimport("compute.runner");
      var t2 = performance.now();
      timings = { boot: Math.round(t1 - t0), import: Math.round(t2 - t1) };
      keepOffline(manifest);
      return runner.run_json;
    })();
    runtime.catch(function () { runtime = null; });  // a failed load may be retried
    return runtime;
  }

  // Ask the service worker to keep the runtime (it may have been fetched before the worker
  // controlled this page); what it already holds is not fetched again.
  function keepOffline(manifest) {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) { return; }
    navigator.serviceWorker.ready.then(function (reg) {
      var urls = ["manifest.json"].concat(Object.keys(manifest.files)).map(function (f) {
        return new URL(f, PY).href;
      });
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

  function show(result, out, ms) {
    result.textContent = "";
    if (out.error) {
      var p = document.createElement("p");
      p.className = "run-error";
      p.setAttribute("role", "alert");
      var label = document.createElement("span");
      label.className = "label";
      label.textContent = "입력 오류";
      var line = document.createElement("code");
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

  function attach(form) {
    var panel = form.closest(".run-panel") || form.parentNode;
    var result = panel.querySelector(".run-result");
    var status = form.querySelector(".run-status");
    var bar = form.querySelector(".run-progress");
    var button = form.querySelector("button[type=submit]");
    function progress(stage, text) {
      bar.hidden = false;
      bar.value = stage;
      status.textContent = text + "…";
    }
    form.addEventListener("submit", async function (event) {
      event.preventDefault();
      var t0 = performance.now();
      var first = !runtime;
      button.disabled = true;
      result.setAttribute("aria-busy", "true");
      try {
        var run = await load(progress);
        progress(4, STAGES[4]);
        var t1 = performance.now();
        var out = JSON.parse(run(JSON.stringify({ fields: fields(form), root: rootFromPage() })));
        var t2 = performance.now();
        show(result, out, t2 - t0);
        if (first) {  // what starting the runtime cost, for the tests and the curious
          timings.chart = Math.round(t2 - t1);
          timings.total = Math.round(t2 - t0);
          result.setAttribute("data-first-run", JSON.stringify(timings));
        } else {
          result.removeAttribute("data-first-run");
        }
        status.textContent = out.error ? "입력을 고쳐 다시 실행한다." :
          "실행됨 (" + Math.round(t2 - t0) + " ms)";
      } catch (err) {
        result.textContent = "";
        var p = document.createElement("p");
        p.className = "run-error";
        p.textContent = "실행 환경을 불러오지 못했다 (" + (err && err.message || err) +
          "). 연결을 확인하고 다시 실행한다.";
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
