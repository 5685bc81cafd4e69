// One Web Worker of tpk's page: it loads the command line compiled to
// WebAssembly and runs the command lines the page sends it, one at a time.
// A message {id, args, files} is answered {id, code, stdout, stderr, files};
// {id, examples: true} is answered {id, examples}.
importScripts("wasm_exec.js");

const go = new Go();
const ready = WebAssembly.instantiateStreaming(fetch("tpk.wasm"), go.importObject)
  .then((r) => { go.run(r.instance); });

onmessage = async (ev) => {
  const msg = ev.data;
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
