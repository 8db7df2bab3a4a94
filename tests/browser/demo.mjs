// The main job's browser half: open the reader page on the bundled sample in Debian's headless
// Chromium and save a screenshot. Usage: node tests/browser/demo.mjs [out.png]
import { launchChromium } from "./chromium.mjs";
import { serve } from "./serve.mjs";

const out = process.argv[2] || "out/reader.png";
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 1200 } });
  await page.goto(`${base}/www/reader.html?src=/samples/article.html`);
  await page.waitForSelector("body[data-ready]", { timeout: 20000 });
  const state = await page.evaluate(() => document.body.dataset.ready);
  const title = await page.textContent("#title");
  await page.screenshot({ path: out, fullPage: true });
  console.log(`reader view: ${state}, title "${title}", screenshot ${out}`);
  if (state !== "article") process.exitCode = 1;
} finally {
  await browser.close();
  server.close();
}
