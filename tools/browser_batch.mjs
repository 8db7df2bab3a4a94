#!/usr/bin/env node
// Browser batch runner: Lectern's wasm `extract(document)` on the live DOM of every page of a
// corpus, in headless Chromium, page scripts off, no network beyond 127.0.0.1.
//
//   node tools/browser_batch.mjs --data DIR --out OUT_DIR [--snapshots] [--resume] [--limit N] [--ids a,b]
//                                [--page-scripts csp|disabled]
//
// --page-scripts: how page scripts are kept from running (tools/lib/corpus_browser.mjs): "csp"
// (default; <noscript> parses as in a user's browser) or "disabled" (the captures of sessions 3-10).
//
// Needs the npm wasm in pkg/ (`./build.sh build`). Writes OUT_DIR/pred.jsonl, one line per page:
// {"id","text","title","ms","capture_ms","load_fired","blocked"[,"noscript_view"]} (`ms`: extract(document), i.e.
// capture + extract; `capture_ms`: captureSnapshot(document), i.e. capture plus conversion to a JS
// object; `blocked`: non-loopback requests aborted; `noscript_view`: the page's text was only in
// <noscript>, so it was reopened with scripting off, see tools/lib/corpus_browser.mjs), or {"id","error"} — a page that fails is
// recorded and the run goes on. With --snapshots, also OUT_DIR/snapshots/<id>.json
// (`captureSnapshot`, which native code reads as a `lectern::Snapshot`). OUT_DIR/run.json records
// the settings. Score with ../shared/eval/score.py (or score_blocks.py for styled-dev).
//
// As `lectern eval` does natively: the manifest `url` is passed as the `url` option, and when the
// manifest has `site`, each site's pages share one `SiteMemory`, online in manifest order (seed
// 000). `--resume` keeps the pages already in OUT_DIR/pred.jsonl (without `error`, without `site`:
// a site's pages are redone so its memory is relearned in order) and appends the rest, so a long
// run can be stopped and continued.
import fs from "node:fs";
import path from "node:path";
import { snapshotFile, readManifest, startServer, launch, newTab, open, inject, parseArgs, SETTINGS, PAGE_SCRIPTS } from "./lib/corpus_browser.mjs";

const args = parseArgs(process.argv.slice(2), ["snapshots", "resume"]);
if (!args.data || !args.out) {
  console.error("usage: node tools/browser_batch.mjs --data DIR --out OUT_DIR [--snapshots] [--resume] [--limit N] [--ids a,b] [--page-scripts csp|disabled]");
  process.exit(2);
}
const pageScripts = args["page-scripts"] ?? "csp";
if (!(pageScripts in PAGE_SCRIPTS)) {
  console.error(`--page-scripts takes csp or disabled, not ${pageScripts}`);
  process.exit(2);
}
const dataDir = path.resolve(args.data);
const outDir = path.resolve(args.out);
let pages = readManifest(dataDir);
if (args.ids) {
  const want = new Set(args.ids.split(","));
  pages = pages.filter((p) => want.has(p.id));
}
if (args.limit) pages = pages.slice(0, Number(args.limit));
fs.mkdirSync(outDir, { recursive: true });
const predPath = path.join(outDir, "pred.jsonl");
// --resume: the pages done before (an error is retried), in their file order.
const done = new Set();
if (args.resume && fs.existsSync(predPath)) {
  const siteless = new Set(pages.filter((p) => p.entry.site == null).map((p) => p.id));
  const kept = fs.readFileSync(predPath, "utf8").split("\n").filter((l) => l.trim())
    .flatMap((l) => {
      try {
        return [JSON.parse(l)];
      } catch {
        return []; // the line a stopped run was writing
      }
    }).filter((r) => !r.error && siteless.has(String(r.id)));
  for (const r of kept) done.add(String(r.id));
  fs.writeFileSync(predPath, kept.map((r) => JSON.stringify(r) + "\n").join(""));
}
if (args.snapshots) fs.mkdirSync(path.join(outDir, "snapshots"), { recursive: true });

const server = await startServer(dataDir, pages);
const { browser, context, blocked } = await launch({ pageScripts });
const pred = fs.createWriteStream(predPath, { flags: done.size ? "a" : "w" });
// Site memory (seed 000): the exported JSON of each site's memory so far.
const memories = new Map();
const started = Date.now();
let errors = 0;
let tab = await newTab(context);

// A page that has not given its record after this long is recorded as an error and its tab
// replaced (cleaneval final-758 wedged a whole run: no timeout covers `evaluate` itself).
const PAGE_TIMEOUT_MS = 90_000;

function withTimeout(promise, ms, id) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`page ${id} gave no result in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runPage(page) {
  const blockedBefore = blocked.count;
  const loadFired = await open(tab, server.urlOf(page));
  await inject(tab, server.origin);
  const site = page.entry.site ?? null;
  const r = await tab.tab.evaluate(({ wantSnapshot, url, memory }) => {
    const L = globalThis.__lectern;
    let t = performance.now();
    const snap = L.captureSnapshot(document);
    const captureMs = performance.now() - t;
    const mem = memory === null ? null : memory === "" ? new L.SiteMemory() : L.SiteMemory.import(memory);
    t = performance.now();
    const a = L.extract(document, { url }, mem);
    const ms = performance.now() - t;
    return {
      text: a ? a.text : "", title: a ? a.title : null, ms, capture_ms: captureMs,
      snapshot: wantSnapshot ? JSON.stringify(snap) : null, memory: mem ? mem.export() : null,
    };
  }, { wantSnapshot: Boolean(args.snapshots), url: page.entry.url ?? null,
    memory: site === null ? null : memories.get(site) ?? "" });
  if (site !== null) memories.set(site, r.memory);
  if (r.snapshot !== null) fs.writeFileSync(path.join(outDir, "snapshots", snapshotFile(page.id)), r.snapshot);
  return { id: page.id, text: r.text, title: r.title, ms: r.ms, capture_ms: r.capture_ms,
    load_fired: loadFired, blocked: blocked.count - blockedBefore,
    ...(tab.noscriptView ? { noscript_view: true } : {}) };
}

for (const [i, page] of pages.entries()) {
  if (done.has(page.id)) continue;
  let rec;
  try {
    rec = await withTimeout(runPage(page), PAGE_TIMEOUT_MS, page.id);
  } catch (e) {
    errors++;
    rec = { id: page.id, error: String(e && e.message ? e.message : e).split("\n")[0] };
    // A crashed or wedged tab would fail every later page: start a fresh one.
    // Closing a tab that navigated away mid-evaluate can wedge too (cleaneval final-669): not awaited
    // past a few seconds.
    await withTimeout(tab.tab.close(), 5_000, page.id).catch(() => {});
    tab = await withTimeout(newTab(context), 30_000, page.id);
  }
  pred.write(JSON.stringify(rec) + "\n");
  if ((i + 1) % 50 === 0) console.error(`${i + 1}/${pages.length} pages, ${errors} errors`);
}
await new Promise((resolve) => pred.end(resolve));
const run = {
  data: dataDir, pages: pages.length, resumed: done.size, errors, seconds: (Date.now() - started) / 1000,
  chromium: browser.version(), settings: { ...SETTINGS, page_scripts: PAGE_SCRIPTS[pageScripts] }, date: new Date().toISOString(),
};
fs.writeFileSync(path.join(outDir, "run.json"), JSON.stringify(run, null, 2) + "\n");
await browser.close();
await server.close();
console.error(`${pages.length} pages, ${errors} errors, ${run.seconds.toFixed(1)} s → ${path.join(outDir, "pred.jsonl")}`);
