// The www playground in headless Chromium: loads, extracts a sample, shows metadata, stage
// timings with seeds, and the debug overlay; extracts pasted HTML; exports a snapshot.json with
// real layout. Usage: node tests/browser/playground.mjs  (after ./build.sh npm)
import fs from "node:fs";
import { launchChromium } from "./chromium.mjs";
import { serve } from "./serve.mjs";

let failures = 0;
const check = (ok, what, detail = "") => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${ok || !detail ? "" : `: ${detail}`}`);
  if (!ok) failures++;
};

const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${base}/www/playground.html?sample=samples/cluttered.html`);
  await page.waitForSelector("body[data-ready=article], body[data-ready=error]", { timeout: 30000 });
  check(await page.evaluate(() => document.body.dataset.ready) === "article", "sample extracted", await page.textContent("#status"));
  check((await page.textContent("#title")) === "Night Trains Return to the Alps", "reader title");
  const text = await page.textContent("#content");
  check(text.includes("couchettes sold out"), "reader text has the story");
  check(!text.includes("Accept all") && !text.includes("Most read"), "reader text has no cookie banner or sidebar");
  const conf = Number(await page.textContent("#confidence"));
  check(conf > 0 && conf <= 1, `confidence shown (${conf})`);
  const stages = await page.$$eval("#stages tbody tr", (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));
  check(stages.some(([name, seed]) => name === "noise" && seed === "seed 001"), "stage table names seeds", JSON.stringify(stages));
  check(stages.every(([, , ms]) => Number(ms) >= 0), "stage timings");
  const boxes = await page.$$eval(".region", (els) => els.map((e) => ({ label: e.dataset.label, kept: e.classList.contains("kept"), w: e.offsetWidth })));
  check(boxes.some((b) => !b.kept && b.label === "navigation"), "overlay: menu dropped as navigation");
  check(boxes.some((b) => b.kept), "overlay: kept content drawn");
  check(boxes.every((b) => b.w > 0), "overlay boxes have size");
  const listed = await page.$$eval("#regions li", (els) => els.length);
  check(listed >= boxes.length, `regions listed (${listed}, ${boxes.length} drawn)`);

  // The listing sample: no article, or one with low confidence.
  const runs = await page.evaluate(() => Number(document.body.dataset.runs));
  await page.selectOption("#sample", "samples/listing.html");
  await page.waitForFunction((n) => Number(document.body.dataset.runs) > n, runs, { timeout: 30000 });
  const listingConf = await page.$eval("#confidence", (e) => Number(e.textContent)).catch(() => 0);
  check(listingConf < conf, `listing page less confident (${listingConf} < ${conf})`);

  // Pasted HTML.
  await page.click("#paste-box summary");
  await page.fill("#paste", "<!DOCTYPE html><html><head><title>Pasted page</title></head><body><nav><a href=/>Home</a> <a href=/x>X</a></nav><article><h1>Pasted page</h1><p>This paragraph was pasted into the playground and is long enough to be the article that the reader view shows.</p><p>A second paragraph keeps it company, so that the page reads like a short story rather than a caption.</p></article></body></html>");
  await page.click("#extract-paste");
  await page.waitForFunction(() => document.getElementById("title").textContent === "Pasted page", null, { timeout: 30000 });
  check(true, "pasted HTML extracted");

  // snapshot.json export, replayable natively: nodes with real layout.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export")]);
  const snap = JSON.parse(fs.readFileSync(await download.path(), "utf8"));
  check(download.suggestedFilename() === "snapshot.json", "download named snapshot.json");
  check(Array.isArray(snap.nodes) && snap.nodes.some((n) => n.layout && n.layout.width > 0), "snapshot has nodes with layout");
  check(errors.length === 0, "no page errors", errors.join("; "));
  if (process.argv[2]) await page.screenshot({ path: process.argv[2] });
} finally {
  await browser.close();
  server.close();
}
console.log(failures ? `${failures} playground check(s) failed` : "playground: all checks passed");
process.exitCode = failures ? 1 : 0;
