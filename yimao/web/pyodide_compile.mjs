// Compile the Run panels' Python ahead of time inside the pinned Pyodide (see
// yimao/web/pyodide_compile.py, which this runs, and yimao/web/pyodide_zips.py, which runs this).
//   node yimao/web/pyodide_compile.mjs <verified runtime folder> <work folder>
// The work folder holds package.zip and stdlib.zip (the release's standard library as a
// reader's browser gets it: without the optional modules); python_stdlib.zip, package.pyc.zip
// and report.json are written into it. Nothing is fetched: Pyodide starts from the runtime
// folder and that standard library. PYTHONNODEBUGRANGES: the bytecode's line tables without
// columns (smaller to download; tracebacks still name the line).
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, work] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const lock = JSON.parse(readFileSync(path.join(runtime, "pyodide-lock.json"), "utf8"));
const messages = [];
const py = await loadPyodide({
  indexURL: runtime + path.sep,
  lockFileContents: { info: lock.info, packages: {} },
  stdLibURL: path.join(work, "stdlib.zip"),
  env: { PYTHONNODEBUGRANGES: "1" },
  stdout: (m) => messages.push(m),
  stderr: (m) => messages.push(m),
});
py.mountNodeFS("/work", work);
try {
  // the modules Pyodide's start imported, before the compiler imports its own
  py.runPython("import sys; START_MODULES = frozenset(sys.modules)");
  py.runPython(readFileSync(new URL("pyodide_compile.py", import.meta.url), "utf8"));
  py.globals.get("main")("/work");
} catch (err) {
  console.error(messages.join("\n"));
  console.error(String(err).trim().split("\n").pop());
  process.exit(1);
}
