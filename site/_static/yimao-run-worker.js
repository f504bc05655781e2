/* 易冒 reading site: the Run panels' Python, in a worker so that the page stays responsive
   while Pyodide starts (started by yimao-run.js as a module worker; no third-party code).
   Messages in:  {type: "run", id, request}   (request: JSON text for compute.runner.run_json)
   Messages out: {type: "progress", stage}    (2 starting Python, 3 importing compute)
                 {type: "ready", timings}     (ms: fetch + start, import)
                 {type: "result", id, response} or {type: "failed", id, message} */
const PY = new URL("../_py/", import.meta.url);
let runner = null;  // Promise of compute.runner.run_json

async function start() {
  const t0 = performance.now();
  const manifest = await (await fetch(new URL("manifest.json", PY))).json();
  const index = new URL(manifest.index, PY);
  const [{ loadPyodide }, pkg] = await Promise.all([
    import(new URL("pyodide.mjs", index).href),
    fetch(new URL(manifest.package, PY)).then((r) => {
      if (!r.ok) { throw new Error(`${r.status} ${r.url}`); }
      return r.arrayBuffer();
    }),
  ]);
  postMessage({ type: "progress", stage: 2 });
  const quiet = () => {};  // Pyodide's start-up messages
  const py = await loadPyodide({
    indexURL: index.href, stdLibURL: new URL(manifest.stdlib, PY).href,
    lockFileContents: manifest.lock, packageBaseUrl: index.href, stdout: quiet, stderr: quiet,
  });
  const t1 = performance.now();
  postMessage({ type: "progress", stage: 3 });
  // compute as bytecode, imported from the zip itself (zipimport); the zip
  // goes to /tmp of Pyodide's in-memory file system
  py.FS.writeFile("/tmp/yimao-py.zip", new Uint8Array(pkg));
  py.runPython("import sys; sys.path.insert(0, '/tmp/yimao-py.zip')");
  const run = py.pyimport("compute.runner").run_json;
  const t2 = performance.now();
  postMessage({ type: "ready", timings: { boot: Math.round(t1 - t0), import: Math.round(t2 - t1) },
                files: ["manifest.json", ...Object.keys(manifest.files)] });
  return run;
}

self.onmessage = async (event) => {
  const { type, id, request } = event.data || {};
  if (type !== "run") { return; }
  let run;
  try {
    runner = runner || start();
    run = await runner;
  } catch (err) {
    runner = null;  // a failed start may be retried
    postMessage({ type: "failed", id, start: true, message: String((err && err.message) || err) });
    return;
  }
  try {
    postMessage({ type: "result", id, response: run(request) });
  } catch (err) {  // compute itself failed: not the reader's input (that is answered in JSON)
    postMessage({ type: "failed", id, message: String((err && err.message) || err) });
  }
};
