// One Web Worker of tpk's page: it runs the command line compiled to
// WebAssembly, from the module the page compiled once for all its workers
// ({module} is the first message), and runs the command lines the page
// sends it, one at a time. A message {id, args, files} is answered
// {id, code, stdout, stderr, files}; {id, examples: true} is answered
// {id, examples}.
importScripts("wasm_exec.js");

const go = new Go();
let gotModule;
const ready = new Promise((resolve) => { gotModule = resolve; })
  .then((module) => WebAssembly.instantiate(module, go.importObject))
  .then((instance) => { go.run(instance); });

onmessage = async (ev) => {
  const msg = ev.data;
  if (msg.module) {
    gotModule(msg.module);
    return;
  }
  try {
    await ready;
    if (msg.examples) {
      postMessage({ id: msg.id, examples: tpkExamples() });
      return;
    }
    const r = tpkCommand(msg.args, msg.files || {});
    const files = {};
    for (const name of Object.keys(r.files)) files[name] = r.files[name];
    postMessage({ id: msg.id, code: r.code, stdout: r.stdout, stderr: r.stderr, files });
  } catch (err) {
    postMessage({ id: msg.id, code: 3, stdout: "", stderr: "tpk: the page's worker failed: " + err, files: {} });
  }
};
