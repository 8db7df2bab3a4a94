// Sanitisation proven in a real browser (issue 8). For every page in tests/xss/manifest.json and
// for both paths (npm extractHtml on the fetched page; extract(document) on the live page), the
// article's html is rendered in tests/xss/harness.html (no CSP) and must: run no payload (the
// top.__xss sentinel stays empty), request nothing but images from /beacon/, hold to the
// allowlist as the browser parsed it, and (live) leave the page unchanged. A positive control
// renders each page unsanitised and must trip the sentinel and the request watch.
// Usage: node tests/xss/run.mjs   (needs pkg/ from ./build.sh build)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../browser/chromium.mjs";
import { serve } from "../browser/serve.mjs";
import { lists, domViolations } from "./allowlist.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(fs.readFileSync(path.join(here, "manifest.json"), "utf8"));
const started = Date.now();
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();

const failures = [];
const fail = (what) => { failures.push(what); console.error(`FAIL ${what}`); };

async function runOne(file, mode) {
  const page = await browser.newPage();
  const beacons = [];
  page.on("request", (req) => {
    if (!new URL(req.url()).pathname.startsWith(manifest.beacon)) return;
    // In live mode the source page (the iframe) loads its own resources; only what the
    // rendered article asks for counts.
    const source = new URL(`/tests/xss/${file}`, base).href;
    let fromSource = false;
    try {
      for (let f = req.frame(); f && f !== page.mainFrame(); f = f.parentFrame()) {
        if (f.url() === source) fromSource = true;
      }
    } catch { /* a frame already gone: count the request */ }
    if (!fromSource) beacons.push({ url: req.url(), type: req.resourceType() });
  });
  page.on("dialog", (d) => { beacons.push({ url: "dialog:" + d.message(), type: "dialog" }); d.dismiss(); });
  await page.goto(`${base}/tests/xss/harness.html?src=/tests/xss/${file}&mode=${mode}`);
  await page.waitForSelector("body[data-ready]", { state: "attached", timeout: 30000 });
  const result = await page.evaluate(() => window.__result);
  const hits = await page.evaluate(() => window.__xssHits.slice());
  const violations = await page.evaluate(domViolations, { roots: ["by-innerhtml", "by-fragment"], ...lists });
  await page.close();
  return { result, hits, violations, leaks: beacons.filter((b) => b.type !== "image") };
}

/// Every assertion for one run; `needArticle` is false for fixture pages ("no article" cases).
function check(name, { result, hits, violations, leaks }, needArticle) {
  const problems = [];
  if (result.error) problems.push(`harness error ${result.error}`);
  else {
    if (needArticle && !result.article) problems.push("no article extracted, so nothing was tested");
    if (hits.length) problems.push(`payload ran: ${[...new Set(hits)].join(", ")}`);
    if (leaks.length) problems.push(`non-image requests: ${leaks.map((l) => `${l.type} ${l.url}`).join(", ")}`);
    if (violations.length) problems.push(`allowlist: ${violations.join("; ")}`);
    if (result.mode === "live" && result.unchanged !== true) problems.push(`page changed by extraction ${JSON.stringify(result.diff)}`);
  }
  problems.forEach((p) => fail(`${name}: ${p}`));
  console.log(`${problems.length ? "FAIL" : "ok  "} ${name}: article ${result.htmlLength} chars, ${hits.length} hits, ${leaks.length} leaks, ${violations.length} violations${result.mode === "live" ? `, unchanged ${result.unchanged}` : ""}`);
}

/// Runs `jobs` (async functions) a few at a time: each page is mostly waiting on wasm start-up.
async function pool(jobs, width = 3) {
  const queue = [...jobs];
  await Promise.all(Array.from({ length: width }, async () => {
    while (queue.length) await queue.shift()();
  }));
}

// The XSS pages on both paths; then, because the page must never be changed, the live path over
// every fixture page too, with the same sentinel, request and allowlist checks.
const fixtureDir = path.join(here, "..", "fixtures");
const fixtures = fs.readdirSync(fixtureDir)
  .flatMap((d) => ["source.html", "page.html"].map((f) => `../fixtures/${d}/${f}`))
  .filter((rel) => fs.existsSync(path.join(here, rel)))
  .sort();
const vectors = manifest.pages.reduce((n, p) => n + p.vectors.length, 0);
const jobs = [
  ...manifest.pages.flatMap(({ file }) => ["html", "live"].map((mode) =>
    async () => check(`${file} [${mode}]`, await runOne(file, mode), true))),
  ...fixtures.map((rel) => async () => check(`${rel} [live]`, await runOne(rel, "live"), false)),
];
const checked = jobs.length;
await pool(jobs);

// Positive control: unsanitised, the same pages must trip both detectors.
let controlHits = 0;
let controlLeaks = 0;
let controlViolations = 0;
await pool(manifest.pages.map(({ file }) => async () => {
  const { hits, leaks, violations } = await runOne(file, "raw");
  controlHits += new Set(hits).size;
  controlLeaks += leaks.length;
  controlViolations += violations.length;
}));
console.log(`control (unsanitised): ${controlHits} payloads ran, ${controlLeaks} non-image requests, ${controlViolations} allowlist violations`);
if (controlViolations < 50) fail(`control: only ${controlViolations} allowlist violations unsanitised; the DOM check is not working`);
if (controlHits < 10) fail(`control: only ${controlHits} payloads ran unsanitised; the sentinel is not working`);
if (controlLeaks < 3) fail(`control: only ${controlLeaks} non-image requests unsanitised; the request watch is not working`);

await browser.close();
server.close();
const secs = ((Date.now() - started) / 1000).toFixed(1);
console.log(`${checked} page runs (${manifest.pages.length} XSS pages with ${vectors} vectors, both paths; ${fixtures.length} fixture pages, live) in ${secs} s: ${failures.length} failures`);
process.exitCode = failures.length ? 1 : 0;
