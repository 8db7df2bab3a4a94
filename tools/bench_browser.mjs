#!/usr/bin/env node
// In-browser benchmark: on the same loaded page (same settings as tools/browser_batch.mjs),
// Lectern's wasm extract(document), captureSnapshot(document) and isProbablyReaderable(document)
// against Readability.js 0.6 (`new Readability(document.cloneNode(true)).parse()` and its
// isProbablyReaderable), and the floor: a bare JS TreeWalker pass reading every node's tag or
// text length. Each page: one warm-up call of each (whose outputs are kept for the quality
// scores), then REPS rounds, the order reversed every other round; per page the median.
//
//   node tools/bench_browser.mjs --data-root ../shared/datasets --out out/bench/browser [--sample N | --full] [--reps R]
//
// Writes OUT/browser.json (settings, per-page timings) and per corpus OUT/<corpus>/{manifest.jsonl
// (the sampled lines, so the scorers see only those pages), lectern.jsonl, readability.jsonl,
// snapshots/<id>.json (the warm-up captureSnapshot, for examples/bench_replay.rs)}.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { snapshotFile, pageBytes, readManifest, startServer, launch, newTab, open, inject, parseArgs, SETTINGS } from "./lib/corpus_browser.mjs";

const args = parseArgs(process.argv.slice(2), ["full"]);
const root = path.resolve(args["data-root"] || path.join("..", "shared", "datasets"));
const outDir = path.resolve(args.out || path.join("out", "bench", "browser"));
// Default: a fixed sample small enough for the whole bench to stay near 10 minutes here.
const SAMPLE_DEFAULT = 10;
const sample = args.full ? Infinity : Number(args.sample || SAMPLE_DEFAULT);
const reps = Number(args.reps || 3);
const corpora = (args.corpora ? args.corpora.split(",") : fs.readdirSync(root).sort())
  .filter((c) => fs.existsSync(path.join(root, c, "manifest.jsonl")));

/**
 * A fixed, stratified sample: pages ordered by a hash of their id, then taken round-robin over
 * the strata (WCXB page type, big9 site, else one stratum), so every type is represented.
 */
function stratified(pages, n) {
  if (n >= pages.length) return pages;
  const key = (p) => crypto.createHash("sha1").update(p.id).digest("hex");
  const strata = new Map();
  for (const p of [...pages].sort((a, b) => (key(a) < key(b) ? -1 : 1))) {
    const s = p.entry.page_type ?? p.entry.site ?? "";
    if (!strata.has(s)) strata.set(s, []);
    strata.get(s).push(p);
  }
  const lists = [...strata.keys()].sort().map((k) => strata.get(k));
  const out = [];
  for (let i = 0; out.length < n; i++) {
    for (const l of lists) if (i < l.length && out.length < n) out.push(l[i]);
  }
  return out;
}

// Runs in the page. Every task is timed with performance.now(); the extract/parse results of the
// warm-up round are returned for scoring.
function measure(reps) {
  const L = globalThis.__lectern;
  const R = globalThis.__Readability;
  const RR = globalThis.__isProbablyReaderable;
  const tasks = {
    lectern: () => L.extract(document),
    capture: () => L.captureSnapshot(document),
    readability: () => new R(document.cloneNode(true)).parse(),
    floor: () => {
      const w = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      let tags = 0;
      let text = 0;
      for (let n = w.currentNode; n; n = w.nextNode()) {
        if (n.nodeType === 1) tags += n.tagName.length;
        else text += n.data.length;
      }
      return tags + text;
    },
    lectern_readerable: () => L.isProbablyReaderable(document),
    readability_readerable: () => RR(document),
  };
  const names = Object.keys(tasks);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  const first = {};
  const errors = {};
  const run = (n) => {
    const t = performance.now();
    let v;
    try {
      v = tasks[n]();
    } catch (e) {
      errors[n] = String(e && e.message ? e.message : e);
      return undefined;
    }
    times[n].push(performance.now() - t);
    return v;
  };
  for (const n of names) first[n] = run(n);
  for (let r = 0; r < reps; r++) for (const n of r % 2 ? [...names].reverse() : names) run(n);
  const median = (xs) => {
    if (!xs.length) return null;
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  let nodes = 0;
  const w = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ALL);
  while (w.nextNode()) nodes++;
  return {
    ms: Object.fromEntries(names.map((n) => [n, median(times[n])])),
    errors,
    nodes,
    lectern_text: first.lectern ? first.lectern.text : "",
    readability_text: first.readability ? first.readability.textContent || "" : "",
    snapshot: first.capture ? JSON.stringify(first.capture) : null,
    lectern_readerable: first.lectern_readerable ?? null,
    readability_readerable: first.readability_readerable ?? null,
  };
}

fs.mkdirSync(outDir, { recursive: true });
const { browser, context } = await launch();
let tab = await newTab(context);
const started = Date.now();
const result = { settings: { ...SETTINGS, reps, warmup: 1, sample: args.full ? "full" : sample, order: "alternating (reversed every other round)" }, pages: [] };
for (const corpus of corpora) {
  const dataDir = path.join(root, corpus);
  const all = readManifest(dataDir);
  const pages = stratified(all, sample);
  const cdir = path.join(outDir, corpus);
  fs.mkdirSync(path.join(cdir, "snapshots"), { recursive: true });
  const want = new Set(pages.map((p) => p.id));
  const lines = fs.readFileSync(path.join(dataDir, "manifest.jsonl"), "utf8").split("\n")
    .filter((l) => l.trim() && want.has(String(JSON.parse(l).id)));
  fs.writeFileSync(path.join(cdir, "manifest.jsonl"), lines.join("\n") + "\n");
  const server = await startServer(dataDir, pages);
  const lec = fs.createWriteStream(path.join(cdir, "lectern.jsonl"));
  const rd = fs.createWriteStream(path.join(cdir, "readability.jsonl"));
  for (const page of pages) {
    const rec = { corpus, id: page.id };
    try {
      rec.bytes = pageBytes(dataDir, page).length;
      rec.load_fired = await open(tab, server.urlOf(page));
      await inject(tab, server.origin, { readability: true });
      Object.assign(rec, await tab.tab.evaluate(measure, reps));
    } catch (e) {
      rec.error = String(e && e.message ? e.message : e).split("\n")[0];
      await tab.tab.close().catch(() => {});
      tab = await newTab(context);
    }
    lec.write(JSON.stringify({ id: page.id, text: rec.lectern_text ?? "", ...(rec.error ? { error: rec.error } : {}) }) + "\n");
    rd.write(JSON.stringify({ id: page.id, text: rec.readability_text ?? "" }) + "\n");
    if (rec.snapshot) fs.writeFileSync(path.join(cdir, "snapshots", snapshotFile(page.id)), rec.snapshot);
    delete rec.snapshot;
    delete rec.lectern_text;
    delete rec.readability_text;
    result.pages.push(rec);
  }
  await Promise.all([new Promise((r) => lec.end(r)), new Promise((r) => rd.end(r))]);
  await server.close();
  console.error(`${corpus}: ${pages.length} pages (${((Date.now() - started) / 1000).toFixed(0)} s so far)`);
}
result.chromium = browser.version();
result.seconds = (Date.now() - started) / 1000;
result.date = new Date().toISOString();
fs.writeFileSync(path.join(outDir, "browser.json"), JSON.stringify(result, null, 1) + "\n");
await browser.close();
console.error(`${result.pages.length} pages in ${result.seconds.toFixed(0)} s → ${path.join(outDir, "browser.json")}`);
