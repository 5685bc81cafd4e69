// tpk's page: the command line compiled to WebAssembly, one Web Worker per
// core. A run plays shards of the scenario in every worker (tpk run --shard)
// and merges them with tpk merge, so its result is the command line's
// `tpk run` result for the same seed and encounters, bit for bit (but the
// elapsed time and the number of workers).
"use strict";

const $ = (id) => document.getElementById(id);
const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 16));
const text = new TextDecoder();
const params = new URLSearchParams(location.search);

let pool = [];
let nextId = 1;
const pending = new Map();
let examples = {};
let fileName = "scenario.yaml";
let links = [];
let cancelOnce = false; // the site's test (cancel=1): cancel the next run midway

// tpkModule is tpk.wasm compiled once, here, for every worker the page
// starts (compiling it in each worker cost every core the whole module).
const tpkModule = WebAssembly.compileStreaming(fetch("tpk.wasm"));

// spawn starts one worker per core, each instantiating tpkModule.
function spawn() {
  pool = [];
  for (let i = 0; i < cores; i++) {
    const w = new Worker("worker.js");
    tpkModule.then((module) => w.postMessage({ module }));
    w.onmessage = (ev) => {
      const done = pending.get(ev.data.id);
      if (done) {
        pending.delete(ev.data.id);
        done(ev.data);
      }
    };
    pool.push(w);
  }
}

// call sends msg to worker w and resolves with its answer; at once, as
// cancelled, when Cancel has stopped w.
function call(w, msg) {
  return new Promise((resolve) => {
    if (!pool.includes(w)) {
      resolve({ cancelled: true, code: -1 });
      return;
    }
    const id = nextId++;
    pending.set(id, resolve);
    w.postMessage({ ...msg, id });
  });
}

// tpk runs one command line (args without "tpk") in worker w on files.
function tpk(w, args, files) {
  return call(w, { args, files });
}

let cancelled = 0; // runs cancelled since the page last followed a link's query

// cancel stops every worker, answers what they were doing as cancelled and
// starts fresh ones: the page stays usable.
function cancel() {
  cancelled++;
  for (const w of pool) w.terminate();
  for (const done of pending.values()) done({ cancelled: true, code: -1 });
  pending.clear();
  spawn();
  status("Cancelled.");
}

function status(s) { $("status").textContent = s; }

function busy(on) {
  for (const id of ["run", "explain", "replay", "system", "example"]) $(id).disabled = on;
  $("cancel").disabled = !on;
  $("progress").hidden = !on;
  if (on) $("progress").removeAttribute("value");
}

// seedFlag is the run's --seed, when the page sets one.
function seedFlag() {
  const seed = $("seed").value.trim();
  return seed ? ["--seed", seed] : [];
}

// flags are the run's --trials and --seed, when the page sets them.
function flags() {
  const trials = $("trials").value.trim();
  return [...(trials ? ["--trials", trials] : []), ...seedFlag()];
}

function scenarioFiles() { return { [fileName]: $("yaml").value }; }

// showError shows the command line's message; one naming a line of the
// scenario gets a button that selects that line in the editor.
function showError(stderr) {
  const box = $("errors");
  box.textContent = stderr.trim();
  box.hidden = false;
  const m = stderr.match(/^tpk: ([^:\n]+):(\d+)(?::\d+)?: /m);
  if (m && m[1] === fileName) {
    const line = Number(m[2]);
    const go = document.createElement("button");
    go.type = "button";
    go.textContent = "Go to line " + line;
    go.onclick = () => selectLine(line);
    box.append(document.createElement("br"), go);
  }
  status("The scenario has an error.");
}

function clearError() {
  $("errors").hidden = true;
  $("errors").textContent = "";
}

// selectLine selects line n (1-based) of the editor and scrolls to it.
function selectLine(n) {
  const ta = $("yaml");
  const lines = ta.value.split("\n");
  let start = 0;
  for (let i = 0; i < n - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const end = start + (lines[n - 1] || "").length;
  ta.focus();
  ta.setSelectionRange(start, end);
  const lh = parseFloat(getComputedStyle(ta).lineHeight) || 20;
  ta.scrollTop = Math.max(0, (n - 3) * lh);
}

function download(id, name, data, type) {
  const a = $(id);
  const url = URL.createObjectURL(new Blob([data], { type }));
  links.push(url);
  a.href = url;
  a.download = name;
}

// run plays the scenario in shards on every worker and merges them; it
// resolves "cancelled" when Cancel stopped it.
async function run() {
  clearError();
  busy(true);
  $("answer").hidden = true;
  const files = scenarioFiles();
  const extra = flags();
  const shards = cores * 4;
  const started = performance.now();
  const parts = {};
  let next = 0;
  let done = 0;
  let failed = null;
  status(`Running on ${cores} ${cores === 1 ? "core" : "cores"}…`);
  await Promise.all(pool.map(async (w) => {
    while (!failed && next < shards) {
      const i = next++;
      const r = await tpk(w, ["run", fileName, ...extra, "--shard", `${i}/${shards}`, "--out", "parts", "--quiet"], files);
      if (r.cancelled) { failed = r; return; }
      if (r.code !== 0) { failed = failed || r; return; }
      for (const [name, bytes] of Object.entries(r.files)) parts[name] = text.decode(bytes);
      done++;
      $("progress").value = done / shards;
      if (cancelOnce) {
        cancelOnce = false;
        cancel();
      }
    }
  }));
  if (failed) {
    busy(false);
    if (failed.cancelled) return "cancelled";
    for (const w of pool) w.terminate(); // the other shards fail alike
    spawn();
    showError(failed.stderr);
    report({ error: failed.stderr, code: failed.code });
    return;
  }
  status("Merging the shards…");
  const m = await tpk(pool[0], ["merge", "parts", "--format", "json"], parts);
  const page = m.code === 0 ? await tpk(pool[0], ["report", "result.json", "--html", "report.html"], { "result.json": m.stdout }) : null;
  busy(false);
  if (m.cancelled || (page && page.cancelled)) return "cancelled";
  if (m.code !== 0) {
    showError(m.stderr);
    report({ error: m.stderr, code: m.code });
    return;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const result = JSON.parse(m.stdout);
  for (const url of links) URL.revokeObjectURL(url);
  links = [];
  $("verdict").textContent = result.verdict || "";
  const html = page.files["report.html"] ? text.decode(page.files["report.html"]) : "";
  $("report").srcdoc = html;
  download("dl-json", fileName.replace(/\.ya?ml$/, "") + ".json", m.stdout, "application/json");
  download("dl-yaml", fileName, $("yaml").value, "application/yaml");
  download("dl-html", "report.html", html, "text/html");
  $("answer").hidden = false;
  status(`${result.trials.toLocaleString("en")} encounters in ${seconds} s on ${cores} ${cores === 1 ? "core" : "cores"}.`);
  report({ json: m.stdout, seconds: Number(seconds), sinceLoad: performance.now() / 1000, cancelled });
}

// showText runs a command whose answer is text (explain, replay) on the
// first worker.
async function showText(title, args) {
  clearError();
  busy(true);
  status(title + "…");
  const r = await tpk(pool[0], args, scenarioFiles());
  busy(false);
  if (r.cancelled) return;
  if (r.code !== 0) {
    showError(r.stderr);
    return;
  }
  $("h-text").textContent = title;
  $("text-out").textContent = r.stdout;
  $("text").hidden = false;
  status(title + ": done.");
  $("text-out").focus();
}

// report posts the outcome to the page's server when the page was opened
// with post=1 (the site's test reads it), and follows the server's answer,
// when there is one, as a query the page was opened with: one page plays
// the test's cases one after the other. Nothing without post=1.
async function report(what) {
  if (params.get("post") !== "1") return;
  what.overflow = document.documentElement.scrollWidth > window.innerWidth;
  what.width = window.innerWidth;
  const answer = await fetch("/result", { method: "POST", body: JSON.stringify(what) });
  const next = (await answer.text()).trim();
  if (next) follow(new URLSearchParams(next));
}

function systems() { return [...new Set(Object.keys(examples).map((n) => n.split("/")[0]))].sort(); }

// templatePrefix marks the choice of the system's `tpk new` template
// among the examples: "new:locus".
const templatePrefix = "new:";

function fillExamples(system) {
  const sel = $("example");
  sel.replaceChildren();
  sel.append(new Option(`new scenario (tpk new ${system})`, templatePrefix + system));
  for (const name of Object.keys(examples).filter((n) => n.startsWith(system + "/")).sort()) {
    sel.append(new Option(name.slice(system.length + 1).replace(/\.yaml$/, ""), name));
  }
}

// load puts a built-in example, or a system's `tpk new` template, in the
// editor.
async function load(name) {
  clearError();
  if (name.startsWith(templatePrefix)) {
    const system = name.slice(templatePrefix.length);
    busy(true);
    const r = await tpk(pool[0], ["new", system], {});
    busy(false);
    if (r.cancelled) return;
    if (r.code !== 0) {
      showError(r.stderr);
      return;
    }
    fileName = `new-${system}.yaml`;
    $("yaml").value = r.stdout;
  } else {
    fileName = name.split("/").pop();
    $("yaml").value = examples[name];
  }
  $("file-name").textContent = fileName;
}

// systemOf is the system of an example or template name.
function systemOf(name) {
  return name.startsWith(templatePrefix) ? name.slice(templatePrefix.length) : name.split("/")[0];
}

async function start() {
  try {
    await tpkModule;
  } catch (err) {
    status("tpk could not be loaded: " + err);
    report({ error: "tpk: the page could not load tpk.wasm: " + err, code: 3 });
    return;
  }
  spawn();
  const r = await call(pool[0], { examples: true });
  examples = r.examples;
  for (const s of systems()) $("system").append(new Option(s, s));
  $("system").onchange = () => { fillExamples($("system").value); load($("example").value); };
  $("example").onchange = () => load($("example").value);
  $("run").onclick = run;
  $("cancel").onclick = cancel;
  $("explain").onclick = () => showText("Explain", ["explain", fileName, ...seedFlag()]);
  $("replay").onclick = () => showText("Replay of encounter " + $("trial").value.trim(),
    ["replay", fileName, "--trial", $("trial").value.trim(), ...seedFlag()]);
  $("report").onload = () => {
    const doc = $("report").contentDocument;
    if (doc && doc.body) $("report").style.height = doc.documentElement.scrollHeight + 20 + "px";
  };
  status(`Ready: ${cores} ${cores === 1 ? "worker" : "workers"}.`);
  await follow(params);
}

// follow does what a link's query p asks: example (an example's name or a
// template's, "new:locus"; else the first example), or scenario and name
// (a scenario given whole), trials and seed, run=1 to run it, and for the
// site's test cancel=1 to cancel that run midway.
async function follow(p) {
  const wanted = p.get("example");
  const known = wanted && (examples[wanted] || systems().includes(systemOf(wanted)) && wanted.startsWith(templatePrefix));
  const first = known ? wanted : Object.keys(examples).sort()[0];
  $("system").value = systemOf(first);
  fillExamples($("system").value);
  $("example").value = first;
  await load(first);
  if (p.get("scenario") !== null) { // a scenario given in the link
    fileName = p.get("name") || "scenario.yaml";
    $("yaml").value = p.get("scenario");
    $("file-name").textContent = fileName;
  }
  $("trials").value = p.get("trials") || "";
  $("seed").value = p.get("seed") || "";
  cancelOnce = p.get("cancel") === "1";
  cancelled = 0;
  if (p.get("run") === "1" && await run() === "cancelled") run();
}

start();
