// End-to-end tests of the built extension in Debian's Chromium (headless, unpacked, real toolbar
// click through CDP Extensions.triggerAction), on fixture pages served from 127.0.0.1.
// Usage: node tests/extension/e2e.mjs [dist/chrome-test] [--only NAME]
// Screenshots of every theme go to out/ext-theme-*.png. Prints one line per test and a summary;
// exits non-zero when any test failed.
import { chromium } from "playwright-core";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { lists as allowlist, domViolations } from "../xss/allowlist.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const extDir = path.resolve(process.argv[2] && !process.argv[2].startsWith("--") ? process.argv[2] : path.join(root, "dist", "chrome-test"));
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const THEMES = ["light", "sepia", "dark", "contrast"];
const SHOT = { x: 0, y: 0, width: 800, height: 500 }; // small enough to commit (docs/img/)
const outDir = path.join(root, "out");
fs.mkdirSync(outDir, { recursive: true });

const XSS_DIR = path.join(here, "..", "xss");
const XSS = JSON.parse(fs.readFileSync(path.join(XSS_DIR, "manifest.json"), "utf8"));

// --- fixture server: /NAME.html, /csp/NAME.html (strict CSP header) ------------------------------
const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'";
const CONSENT = `<div id="consent" role="dialog" aria-modal="true" aria-label="Cookie consent"
  style="position:fixed;inset:0;z-index:99999;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center">
<div style="background:#fff;max-width:640px;padding:2em"><h2>We value your privacy</h2>
<p>We and our 842 partners use cookies and similar technologies to store and access information on your device, to
personalise content and advertising, to measure audiences and to improve our products. You can accept all cookies,
reject them, or choose which purposes you allow. Your choice applies to this site only and you can change it at any
time from the privacy link in the footer.</p>
<p><button>Accept all</button> <button>Reject all</button> <button>Manage choices</button></p></div></div>`;
// Pages of one synthetic site: each a different story, all carrying the same promo paragraph
// inside the article and the same "read next" list (what site memory should learn to drop).
const PROMO = "This story is part of Shoreline, our weekly series on the people and places of the north coast, published every Thursday morning.";
const STORIES = [
  ["Harbour wall repairs begin after winter storms", "The council's engineers started work on the north harbour wall on Monday", "Stones displaced by the February storms are being lifted back by crane"],
  ["Ferry timetable changes for the summer season", "Two extra sailings a day will run to the islands from the first of June", "The operator says bookings are already higher than last year"],
  ["Seal pups counted on the outer sandbanks", "Volunteers counted one hundred and twelve pups during the spring survey", "The colony has grown steadily since the sandbanks were closed to boats"],
  ["Lifeboat crew rescue kayakers off the point", "Three kayakers were brought ashore after being swept past the point by the ebb", "The crew reminded visitors to check the tide tables before setting out"],
];
function sitePage(n) {
  const [title, a, b] = STORIES[n - 1];
  const filler = (s) => `${s}, and people along the shore have been following the story closely over the past weeks. ` +
    `Residents spoke to us at length about what it means for them, for their families and for the businesses that depend on the coast.`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Coastal Notes</title></head>
<body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<main><article><h1>${title}</h1>
<p>${filler(a)}</p><p>${filler(b)}</p><p>${filler("Further details are expected later this month")}</p>
<p>${PROMO}</p>
</article></main><footer><p>© 2026 Coastal Notes</p></footer></body></html>`;
}

// Math in every form Lectern reads (MathML, KaTeX's MathML with its TeX annotation, a MathJax 2
// TeX script; the page loads neither library) and video embeds: two known providers (one lazy,
// address in data-src), one unknown host. The page's own iframes would load from the network:
// the tests that use it route every non-loopback request (nothing leaves the machine).
const MEDIA = `<h2>Heat, in numbers</h2>
<p>A pool's heat budget is <math><mi>Q</mi><mo>=</mo><mi>m</mi><mi>c</mi><mi mathvariant="normal">Δ</mi><mi>T</mi></math> for a pool of water of mass m, and over one afternoon the gains add up to</p>
<math display="block"><mrow><munderover><mo>∑</mo><mrow><mi>t</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msub><mi>Q</mi><mi>t</mi></msub><mo>=</mo><mfrac><mrow><mi>m</mi><mi>c</mi></mrow><mn>2</mn></mfrac></mrow></math>
<p>The field notes write the same with KaTeX, <span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>Q</mi><mo>=</mo><mi>m</mi><mi>c</mi><mi mathvariant="normal">Δ</mi><mi>T</mi></mrow><annotation encoding="application/x-tex">Q = mc\\Delta T</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord">Q=mcΔT</span></span></span>, and the older pages of the station with MathJax: <script type="math/tex">\\frac{\\Delta T}{\\Delta t}</script> per hour.</p>
<figure class="wp-block-embed"><div class="wp-block-embed__wrapper"><iframe title="A tide pool at low tide" width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed"></iframe></div></figure>
<p>The crabs' routes between the pools were filmed as well, along the cracks that stay wet:</p>
<p><iframe class="lazyload" data-src="https://player.vimeo.com/video/76979871" src="about:blank" title="Crabs between pools"></iframe></p>
<iframe src="https://ads.example/slot.html" title="Sponsored"></iframe>
<h2>What the measurements show</h2>`;
const EMBEDS = [
  { provider: "YouTube", player: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
  { provider: "Vimeo", player: "https://player.vimeo.com/video/76979871?dnt=1", link: "https://vimeo.com/76979871" },
];

// Variants of article.html: the article moved into a declarative open shadow root (no script), or
// covered by a consent overlay on a scroll-locked page, or with math and video embeds.
const VARIANTS = {
  "/media.html": (html) => html.replace("<h2>What the measurements show</h2>", MEDIA),
  "/shadow.html": (html) =>
    html.replace(/<article>([\s\S]*?)<\/article>/, (_, inner) =>
      `<story-card><template shadowrootmode="open"><style>p{line-height:1.5}</style><article>${inner.replace("Every summer afternoon", "In the shadow tree, every summer afternoon")}</article></template></story-card>`),
  "/consent.html": (html) => html.replace("<body>", '<body style="overflow:hidden">').replace("</body>", `${CONSENT}\n</body>`),
};
function startServer() {
  const server = http.createServer((req, res) => {
    const u = new URL(req.url, "http://x");
    let rel = u.pathname;
    const headers = { "content-type": "text/html; charset=utf-8" };
    if (rel.startsWith("/csp/")) {
      headers["content-security-policy"] = STRICT_CSP;
      rel = rel.slice(4);
    }
    const site = rel.match(/^\/site\/([1-4])\.html$/);
    if (site) {
      res.writeHead(200, headers).end(sitePage(Number(site[1])));
      return;
    }
    const variant = VARIANTS[rel];
    if (variant) rel = "/article.html";
    // /xss/NAME.html: the XSS corpus (tests/xss), unchanged.
    const dir = rel.startsWith("/xss/") ? XSS_DIR : path.join(here, "fixtures");
    if (rel.startsWith("/xss/")) rel = rel.slice(4);
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, headers).end("<!doctype html><title>Not found</title><p>Not found</p>");
      return;
    }
    const body = fs.readFileSync(file, "utf8");
    res.writeHead(200, headers).end(variant ? variant(body) : body);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// --- harness ------------------------------------------------------------------------------------
const results = [];
async function test(name, fn) {
  if (only && !name.includes(only)) return;
  const t0 = Date.now();
  try {
    await fn();
    results.push([name, true]);
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    results.push([name, false]);
    console.log(`FAIL ${name} (${Date.now() - t0} ms)\n     ${String(e?.stack || e).split("\n").slice(0, 4).join("\n     ")}`);
  }
}
function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}
function eq(a, b, msg) {
  if (a !== b) throw new Error(`${msg}: expected ${JSON.stringify(b)}, got ${JSON.stringify(a)}`);
}

const server = await startServer();
const base = `http://127.0.0.1:${server.address().port}`;
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-e2e-"));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: "/usr/bin/chromium",
  headless: true,
  viewport: { width: 800, height: 700 },
  args: [`--disable-extensions-except=${extDir}`, `--load-extension=${extDir}`, "--no-sandbox", "--disable-gpu",
    "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run", "--disable-quic"],
});
const worker = ctx.serviceWorkers()[0] || (await ctx.waitForEvent("serviceworker", { timeout: 20000 }));
const extId = new URL(worker.url()).host;
const cdp = await ctx.browser().newBrowserCDPSession();

async function click(page) {
  const { targetInfos } = await cdp.send("Target.getTargets", { filter: [{}] });
  const tab = targetInfos.find((t) => t.type === "tab" && t.url === page.url());
  assert(tab, `no tab target for ${page.url()}`);
  await cdp.send("Extensions.triggerAction", { id: extId, targetId: tab.targetId });
}

// Extension hygiene (issue 8): every request made by the extension itself — its service worker,
// its reader and options pages — is for its own files, or an image of the article the reader
// shows. Anything else (telemetry, remote code, fonts) fails the last test.
const extRequests = { own: 0, other: [] };
ctx.on("request", (req) => {
  let from = "";
  try {
    from = req.serviceWorker()?.url() || req.frame()?.url() || "";
  } catch {
    from = ""; // a request with neither frame nor worker is the browser's, not the extension's
  }
  if (!from.startsWith("chrome-extension://")) return;
  const { protocol } = new URL(req.url());
  if (protocol === "chrome-extension:") extRequests.own += 1;
  else if (protocol !== "data:" && protocol !== "blob:" && req.resourceType() !== "image") {
    extRequests.other.push(`${req.resourceType()} ${req.url()} (from ${from})`);
  }
});

const readerFrame = (page) => page.frames().find((f) => f.url().startsWith(`chrome-extension://${extId}/reader.html`));

async function openReader(page) {
  await click(page);
  const t0 = Date.now();
  for (;;) {
    const f = readerFrame(page);
    if (f) {
      await f.waitForSelector("body[data-state]", { timeout: 20000 });
      return f;
    }
    assert(Date.now() - t0 < 20000, "reader frame did not appear");
    await page.waitForTimeout(50);
  }
}

// The reader that replaced `old` (after a re-extraction).
async function nextReader(page, old) {
  const t0 = Date.now();
  for (;;) {
    const f = readerFrame(page);
    if (f && f !== old && !f.isDetached()) {
      await f.waitForSelector("body[data-state]", { timeout: 20000 });
      return f;
    }
    assert(Date.now() - t0 < 20000, "reader did not reopen");
    await page.waitForTimeout(50);
  }
}

async function waitClosed(page) {
  const t0 = Date.now();
  while (readerFrame(page)) {
    assert(Date.now() - t0 < 10000, "reader did not close");
    await page.waitForTimeout(50);
  }
}

// Every fixture is on one host, and most are the same article: without this, site memory would
// (rightly) learn that article's text as the site's boilerplate. Only the site-memory test keeps it.
async function visit(pathname, { keepMemory = false } = {}) {
  if (!keepMemory) {
    await worker.evaluate(async () => {
      const all = await chrome.storage.local.get(null);
      await chrome.storage.local.remove(Object.keys(all).filter((k) => k.startsWith("memory")));
    });
  }
  const page = await ctx.newPage();
  await page.goto(base + pathname);
  return page;
}

const readerState = (f) =>
  f.evaluate(() => ({
    state: document.body.dataset.state,
    engine: document.body.dataset.engine,
    title: document.getElementById("title").textContent,
    text: document.getElementById("content").innerText,
    h1s: document.querySelectorAll("h1:not([hidden] h1)").length,
    focus: document.activeElement?.id,
    lang: document.documentElement.lang,
    ms: document.body.dataset.ms,
    why: document.getElementById("none-why").textContent,
  }));

async function axe(frame, label) {
  await frame.evaluate(axeSource);
  const res = await frame.evaluate(async () => {
    const r = await globalThis.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 2).map((n) => n.target.join(" ")).join(", ")}`);
  });
  assert(res.length === 0, `axe violations on ${label}:\n       ${res.join("\n       ")}`);
}

async function setTheme(frame, theme) {
  await frame.evaluate(async (t) => {
    const form = document.getElementById("settings");
    form.elements.theme.value = t;
    form.dispatchEvent(new Event("input", { bubbles: true }));
    await new Promise((r) => setTimeout(r, 50));
  }, theme);
}

// --- tests --------------------------------------------------------------------------------------
const TITLE = "How Tide Pools Stay Alive Through Summer Heat";
const KEY = "Pools shaded by an overhang stayed up to six degrees cooler";
let plain = null;

await test("reader opens with the right title, text, focus and metadata (wasm)", async () => {
  const page = await visit("/article.html");
  const f = await openReader(page);
  const s = await readerState(f);
  plain = s;
  if (s.state === "error") console.log(`     ${s.why}`);
  eq(s.state, "article", "state");
  eq(s.engine, "wasm", "engine");
  eq(s.title, TITLE, "title");
  assert(s.text.includes(KEY), "article text missing");
  assert(s.text.includes("def flag_jumps(counts, limit=0.5):\n    for pool"), "code lost its whitespace");
  assert(!s.text.includes("Harbour festival returns"), "sidebar leaked into the article");
  eq(s.h1s, 1, "number of h1");
  eq(s.focus, "article", "focus in the reader");
  eq(s.lang, "en", "lang");
  const meta = await f.textContent("#byline");
  assert(/Ines Calder/.test(meta) && /min read/.test(meta), `header line: ${meta}`);
  eq(await f.getAttribute("#original", "href"), `${base}/article.html`, "original link");
  const toc = await f.$$eval("#toc-list a", (as) => as.map((a) => a.textContent));
  assert(toc.includes("What the measurements show"), `toc: ${toc}`);
  const scroll = await f.$eval(".table-scroll", (el) => el.getAttribute("role") === "region" && el.tabIndex === 0);
  assert(scroll, "wide table not wrapped in a keyboard-scrollable region");
  await axe(f, "article");
  await page.close();
});

await test("strict-CSP page (script-src 'self') gives the same article via wasm2js", async () => {
  const page = await visit("/csp/article.html");
  const f = await openReader(page);
  const s = await readerState(f);
  eq(s.state, "article", "state");
  eq(s.engine, "wasm2js", "engine");
  eq(s.title, plain?.title, "title same as without CSP");
  eq(s.text, plain?.text, "text same as without CSP");
  console.log(`     load + extract: wasm ${plain.ms} ms, wasm2js ${s.ms} ms (first call, cold)`);
  await axe(f, "strict-CSP article");
  await page.close();
});

await test("shadow-DOM page: the article inside an open shadow root is found", async () => {
  const page = await visit("/shadow.html");
  const f = await openReader(page);
  const s = await readerState(f);
  eq(s.state, "article", "state");
  assert(s.text.includes("In the shadow tree, every summer afternoon"), "shadow content missing");
  assert(s.text.includes(KEY), "shadow content incomplete");
  await axe(f, "shadow-DOM article");
  await page.close();
});

await test("consent-overlay page: the article, not the consent notice", async () => {
  const page = await visit("/consent.html");
  const f = await openReader(page);
  const s = await readerState(f);
  eq(s.state, "article", "state");
  eq(s.title, TITLE, "title");
  assert(s.text.includes(KEY), "article text missing");
  assert(!/842 partners|Accept all/.test(s.text), "consent notice shown as the article");
  await axe(f, "consent article");
  await page.close();
});

await test("no article: a clear message with the manual override, never an empty view", async () => {
  const page = await visit("/index.html");
  const f = await openReader(page);
  const s = await readerState(f);
  eq(s.state, "none", "state");
  const msg = await f.textContent("#none-title");
  assert(/no article/i.test(msg), `message: ${msg}`);
  assert(await f.isVisible("#none-pick"), "pick button not visible");
  eq(await f.evaluate(() => document.activeElement.id), "none", "focus on the message");
  await axe(f, "no-article message");
  await page.close();
});

await test("exit restores the page exactly: DOM, scroll, focus (Escape and toolbar)", async () => {
  const page = await visit("/article.html");
  await page.evaluate(() => {
    scrollTo(0, 437);
    document.querySelector("aside a").focus({ preventScroll: true });
  });
  const before = await page.evaluate(() => ({ html: document.documentElement.outerHTML, x: scrollX, y: scrollY, focus: document.activeElement.textContent }));
  let f = await openReader(page);
  await f.focus("#article");
  await page.keyboard.press("Escape");
  await waitClosed(page);
  let after = await page.evaluate(() => ({ html: document.documentElement.outerHTML, x: scrollX, y: scrollY, focus: document.activeElement.textContent }));
  eq(after.html, before.html, "DOM after Escape");
  eq(after.y, before.y, "scrollY after Escape");
  eq(after.focus, before.focus, "focus after Escape");
  f = await openReader(page);
  await click(page); // toolbar again toggles off
  await waitClosed(page);
  after = await page.evaluate(() => ({ html: document.documentElement.outerHTML, x: scrollX, y: scrollY, focus: document.activeElement.textContent }));
  eq(after.html, before.html, "DOM after toolbar toggle");
  eq(after.y, before.y, "scrollY after toolbar toggle");
  await page.close();
});

await test("settings persist across reader sessions and pages", async () => {
  let page = await visit("/article.html");
  let f = await openReader(page);
  await f.click("#settings-toggle");
  await f.selectOption("select[name=theme]", "sepia");
  await f.selectOption("select[name=font]", "dyslexic");
  await f.fill("input[name=size]", "24");
  await f.check("input[name=images]").catch(() => {});
  await f.uncheck("input[name=images]");
  await page.close();
  page = await visit("/shadow.html");
  f = await openReader(page);
  const got = await f.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    font: document.documentElement.dataset.font,
    images: document.documentElement.dataset.images,
    size: getComputedStyle(document.documentElement).fontSize,
  }));
  eq(got.theme, "sepia", "theme");
  eq(got.font, "dyslexic", "font");
  eq(got.images, "off", "images");
  eq(got.size, "24px", "size");
  const stored = await worker.evaluate(() => chrome.storage.local.get("settings"));
  eq(stored.settings.theme, "sepia", "stored theme");
  await worker.evaluate(() => chrome.storage.local.remove("settings"));
  await page.close();
});

await test("every theme passes axe (incl. colour contrast); screenshots saved", async () => {
  const page = await visit("/article.html");
  const f = await openReader(page);
  for (const theme of [...THEMES, "auto"]) {
    await setTheme(f, theme);
    await axe(f, `theme ${theme}`);
    if (theme !== "auto") await page.screenshot({ path: path.join(outDir, `ext-theme-${theme}.png`), clip: SHOT });
  }
  await page.emulateMedia({ forcedColors: "active" });
  await axe(f, "forced-colors");
  await page.screenshot({ path: path.join(outDir, "ext-forced-colors.png"), clip: SHOT });
  await page.emulateMedia({ forcedColors: "none" });
  await worker.evaluate(() => chrome.storage.local.remove("settings"));
  await page.close();
});

await test("keyboard only: every control reachable, labelled, visibly focused; Escape closes panels then reader", async () => {
  const page = await visit("/article.html");
  await page.evaluate(() => document.querySelector("nav.site a").focus());
  const f = await openReader(page);
  const seen = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const info = await f.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const cs = getComputedStyle(el);
      const name = el.getAttribute("aria-label") || el.textContent.trim() || el.title;
      return { id: el.id || el.localName, name, outline: cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 2 };
    });
    if (!info) continue;
    if (seen.length && info.id === seen[0].id) break;
    seen.push(info);
  }
  const ids = seen.map((s) => s.id);
  for (const want of ["close", "toc-toggle", "settings-toggle", "speak-play", "copy-md", "save-html", "print", "pick"]) {
    assert(ids.includes(want), `control ${want} not reached by Tab (reached: ${ids.join(", ")})`);
  }
  for (const s of seen) {
    assert(s.name, `control ${s.id} has no accessible name`);
    assert(s.outline, `control ${s.id} has no visible focus outline`);
  }
  await f.focus("#settings-toggle");
  await page.keyboard.press("Enter");
  eq(await f.evaluate(() => document.activeElement.name), "theme", "focus moved into the panel");
  await page.keyboard.press("Escape");
  eq(await f.evaluate(() => document.activeElement.id), "settings-toggle", "Escape closed the panel");
  assert(await f.evaluate(() => document.getElementById("settings").hidden), "panel still open");
  await page.keyboard.press("Escape");
  await waitClosed(page);
  eq(await page.evaluate(() => document.activeElement.textContent), "Home", "focus back on the page");
  await page.close();
});

await test("read aloud highlights the spoken sentence with the Custom Highlight API", async () => {
  const page = await visit("/article.html");
  const f = await openReader(page);
  await f.click("#speak-play");
  const first = await f.evaluate(() => [...CSS.highlights.get("lectern-speaking")][0].toString());
  eq(first, TITLE, "first spoken sentence");
  // The byline is in the header line, not in the content (it was once a unit of its own).
  await f.click("#speak-next");
  const second = await f.evaluate(() => [...CSS.highlights.get("lectern-speaking")][0].toString());
  assert(second.startsWith("Every summer afternoon"), `second unit starts with: ${second}`);
  eq(await f.textContent("#speak-play"), "Pause", "playing");
  await f.click("#speak-play");
  eq(await f.textContent("#speak-play"), "Read aloud", "paused");
  eq(await f.evaluate(() => CSS.highlights.has("lectern-speaking")), true, "highlight kept while paused");
  await page.close();
});

await test("manual override: pick a container by keyboard, remembered for the site", async () => {
  const page = await visit("/index.html");
  let f = await openReader(page);
  await f.click("#none-pick");
  await waitClosed(page);
  // The picker starts on <main>; Enter chooses it.
  await page.keyboard.press("Enter");
  f = await nextReader(page, f);
  let s = await readerState(f);
  eq(s.state, "article", "state after picking");
  assert(s.text.includes("Harbour festival returns"), `picked content: ${s.text.slice(0, 80)}`);
  const stored = await worker.evaluate(() => chrome.storage.local.get("overrides"));
  eq(stored.overrides[new URL(base).host]?.selector, "html > body:nth-of-type(1) > main:nth-of-type(1)", "remembered selector");
  await page.close();
  const again = await visit("/index.html");
  f = await openReader(again);
  s = await readerState(f);
  eq(s.state, "article", "remembered on the next visit");
  assert(await f.isVisible("#forget"), "forget button shown");
  await f.click("#forget");
  f = await nextReader(again, f);
  eq((await readerState(f)).state, "none", "after forgetting");
  const left = await worker.evaluate(() => chrome.storage.local.get("overrides"));
  eq(left.overrides[new URL(base).host], undefined, "override removed from storage");
  await again.close();
});

await test("export: save HTML is a standalone accessible page; print hides the controls; progress tracks scrolling", async () => {
  const page = await visit("/article.html");
  const f = await openReader(page);
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 10000 }), f.click("#save-html")]);
  eq(download.suggestedFilename(), "How-Tide-Pools-Stay-Alive-Through-Summer-Heat.html", "file name");
  const saved = fs.readFileSync(await download.path(), "utf8");
  assert(saved.startsWith("<!doctype html>") && saved.includes("<h1>How Tide Pools Stay Alive Through Summer Heat</h1>"), "saved page head");
  assert(saved.includes(KEY) && !/<script/i.test(saved), "saved page body");
  await page.emulateMedia({ media: "print" });
  eq(await f.evaluate(() => getComputedStyle(document.querySelector(".bar")).display), "none", "controls hidden in print");
  await page.emulateMedia({ media: "screen" });
  await f.evaluate(() => scrollTo(0, document.scrollingElement.scrollHeight));
  await f.waitForFunction(() => document.getElementById("progress").value === 100, null, { timeout: 5000 });
  await page.close();
});

// Every non-loopback request in the context goes through this route while a test needs it, so
// nothing leaves the machine: the known players' hosts get a stand-in page (a fake provider), all
// else is aborted. Each request is logged with the test's current phase (`log.phase`).
const OFFSITE = /^https?:\/\/(?!127\.0\.0\.1[:/])/;
const PLAYER_HOSTS = new Set(EMBEDS.map((e) => new URL(e.player).hostname));
async function offline(log) {
  const handler = async (route) => {
    const u = new URL(route.request().url());
    log.push({ phase: log.phase, url: u.href });
    if (PLAYER_HOSTS.has(u.hostname)) {
      await route.fulfill({ status: 200, contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html lang="en"><title>Stand-in player</title><p id="stand-in">Stand-in player for ${u.hostname}</p></html>` });
    } else {
      await route.abort();
    }
  };
  await ctx.route(OFFSITE, handler);
  return () => ctx.unroute(OFFSITE, handler);
}

await test("math renders in the reader: MathML laid out with a size; KaTeX and MathJax TeX kept as annotations", async () => {
  const log = Object.assign([], { phase: "load" });
  const stop = await offline(log);
  try {
    const page = await visit("/media.html");
    const f = await openReader(page);
    eq((await readerState(f)).state, "article", "state");
    const maths = await f.evaluate(() => [...document.querySelectorAll("#content math")].map((el) => {
      const r = el.getBoundingClientRect();
      return {
        ns: el.namespaceURI,
        block: el.getAttribute("display") === "block",
        display: getComputedStyle(el).display,
        w: r.width,
        h: r.height,
        tex: el.querySelector('annotation[encoding="application/x-tex"]')?.textContent ?? null,
        annotationShown: [...el.querySelectorAll("annotation")].some((a) => a.getBoundingClientRect().width > 0),
      };
    }));
    eq(maths.length, 4, `math elements (${JSON.stringify(maths)})`);
    for (const m of maths) {
      eq(m.ns, "http://www.w3.org/1998/Math/MathML", "namespace");
      assert(m.w > 0 && m.h > 0, `math without a box: ${JSON.stringify(m)}`);
      assert(!m.annotationShown, "the TeX annotation is shown instead of hidden by MathML layout");
    }
    const block = maths.filter((m) => m.block);
    eq(block.length, 1, "display math");
    assert(block[0].display.startsWith("block"), `display math laid out as ${block[0].display}`);
    // A sum with limits over a fraction is taller than a line of inline math: real MathML layout.
    assert(block[0].h > maths[0].h * 1.5, `display math ${block[0].h}px high vs inline ${maths[0].h}px`);
    const tex = maths.map((m) => m.tex).filter((t) => t !== null);
    assert(tex.includes("Q = mc\\Delta T"), `KaTeX TeX source: ${JSON.stringify(tex)}`);
    assert(tex.includes("\\frac{\\Delta T}{\\Delta t}"), `MathJax TeX source: ${JSON.stringify(tex)}`);
    await axe(f, "article with math");
    await page.close();
  } finally {
    await stop();
  }
});

await test("copy Markdown by keyboard: the clipboard holds the article as Markdown", async () => {
  const log = Object.assign([], { phase: "load" });
  const stop = await offline(log);
  const origin = `chrome-extension://${extId}`;
  // Playwright's grantPermissions refuses chrome-extension:// (an opaque origin to Node's URL);
  // the browser-level CDP call takes it.
  await cdp.send("Browser.grantPermissions", { origin, permissions: ["clipboardReadWrite", "clipboardSanitizedWrite"] });
  try {
    const page = await visit("/media.html");
    const f = await openReader(page);
    await f.focus("#copy-md");
    await page.keyboard.press("Enter");
    await f.waitForFunction(() => document.getElementById("status").textContent !== "", null, { timeout: 5000 });
    eq(await f.textContent("#status"), "Markdown copied to the clipboard.", "status");
    // Read it back from an extension page of its own (the reader frame may only write).
    const reader = await ctx.newPage();
    await reader.goto(`${origin}/options.html`);
    await reader.bringToFront();
    const md = await reader.evaluate(() => navigator.clipboard.readText());
    await reader.close();
    const start = `# ${TITLE}\n\nEvery summer afternoon, when the sea pulls back from the north shore, thousands of small pools`;
    assert(md.startsWith(start), `clipboard starts with: ${JSON.stringify(md.slice(0, 120))}`);
    for (const want of ["## Heat, in numbers", "$Q = mc\\Delta T$", "```python\ndef flag_jumps(counts, limit=0.5):",
      "| Pool type | Mean peak |", `[A tide pool at low tide (YouTube)](${EMBEDS[0].link})`]) {
      assert(md.includes(want), `clipboard Markdown lacks ${JSON.stringify(want)}`);
    }
    assert(md.endsWith(`\n\nSource: <${base}/media.html>\n`), `clipboard ends with: ${JSON.stringify(md.slice(-80))}`);
    await page.close();
  } finally {
    await cdp.send("Browser.resetPermissions", {});
    await stop();
  }
});

await test("video embeds: known providers only, as inert placeholders; nothing requested before the click; the click frames the privacy host, sandboxed", async () => {
  const log = Object.assign([], { phase: "load" });
  const stop = await offline(log);
  try {
    const page = await visit("/media.html");
    const refusals = [];
    page.on("console", (m) => /Content Security Policy|Refused to frame/i.test(m.text()) && refusals.push(m.text()));
    assert(log.some((r) => r.url.startsWith("https://ads.example/")), "the route did not see the page's own iframes; the request watch is not working");
    log.phase = "reader";
    const f = await openReader(page);
    await page.waitForTimeout(400); // lazy loads, timers
    const shown = await f.evaluate(() => ({
      figures: [...document.querySelectorAll("#content figure[data-embed]")].map((fig) => ({
        provider: fig.dataset.provider, player: fig.dataset.embed, link: fig.querySelector("figcaption a")?.href,
      })),
      buttons: [...document.querySelectorAll("#content button.embed-load")].map((b) => b.textContent),
      frames: document.querySelectorAll("iframe").length,
      html: document.getElementById("content").innerHTML,
    }));
    eq(JSON.stringify(shown.figures), JSON.stringify(EMBEDS), "placeholders");
    eq(JSON.stringify(shown.buttons), JSON.stringify(["Load video from YouTube", "Load video from Vimeo"]), "load buttons");
    eq(shown.frames, 0, "iframes in the reader before any click");
    assert(!/ads\.example|youtube\.com\/embed|about:blank/.test(shown.html), "an unknown or page-written frame address reached the reader");
    eq(JSON.stringify(log.filter((r) => r.phase === "reader")), "[]", "requests off the machine while the reader showed the placeholders");
    // The rendered placeholders hold to the renderer's allowlist (the reader's buttons aside).
    await f.evaluate(() => {
      const copy = document.getElementById("content").cloneNode(true);
      for (const b of copy.querySelectorAll("button.embed-load")) b.remove();
      copy.id = "embed-check";
      copy.hidden = true;
      document.body.append(copy);
    });
    const violations = await f.evaluate(domViolations, { roots: ["embed-check"], ...allowlist });
    await f.evaluate(() => document.getElementById("embed-check").remove());
    eq(JSON.stringify(violations.filter((v) => /figure/.test(v))), "[]", "allowlist on the placeholders");
    await axe(f, "video placeholders");
    // Keyboard: focus the first button, Enter.
    log.phase = "click";
    await f.focus("#content button.embed-load");
    await page.keyboard.press("Enter");
    const frame = await f.waitForSelector("#content iframe.embed-frame", { state: "attached", timeout: 5000 });
    const attrs = await frame.evaluate((el) => ({ src: el.src, sandbox: el.getAttribute("sandbox").split(" "), title: el.title, focused: document.activeElement === el }));
    eq(attrs.src, EMBEDS[0].player, "player address");
    eq(attrs.title, "YouTube video: A tide pool at low tide", "player title");
    assert(attrs.focused, "focus did not move to the player");
    assert(attrs.sandbox.includes("allow-scripts") && !attrs.sandbox.some((t) => /top-navigation|forms|downloads|modals/.test(t)), `sandbox: ${attrs.sandbox}`);
    eq(await f.$$eval("#content button.embed-load", (bs) => bs.length), 1, "the other placeholder still waits for its click");
    // The stand-in player loads inside the reader: the reader's CSP allows this host.
    const t0 = Date.now();
    let player;
    while (!(player = page.frames().find((fr) => fr.url() === EMBEDS[0].player))) {
      assert(Date.now() - t0 < 10000, `player frame did not load (requests: ${JSON.stringify(log.filter((r) => r.phase === "click"))}; ${refusals.join(" | ")})`);
      await page.waitForTimeout(50);
    }
    await player.waitForSelector("#stand-in", { timeout: 5000 });
    eq(JSON.stringify(log.filter((r) => r.phase === "click").map((r) => r.url)), JSON.stringify([EMBEDS[0].player]), "requests after the click");
    // Any other host stays unframeable in the reader, even for a script of its own.
    log.phase = "csp";
    await f.evaluate(() => {
      const probe = document.createElement("iframe");
      probe.src = "https://ads.example/probe.html";
      probe.title = "probe";
      document.body.append(probe);
    });
    await page.waitForTimeout(500);
    eq(JSON.stringify(log.filter((r) => r.phase === "csp")), "[]", "requests for a host outside the reader's frame-src");
    assert(refusals.some((m) => /ads\.example/.test(m)), `no CSP refusal logged for the probe (${refusals.join(" | ")})`);
    await page.close();
  } finally {
    await stop();
  }
});

await test("site memory: later pages of one site leave out what repeats (seed 000); stored bounded", async () => {
  await worker.evaluate(() => chrome.storage.local.clear());
  const texts = [];
  for (let n = 1; n <= 4; n++) {
    const page = await visit(`/site/${n}.html`, { keepMemory: true });
    const f = await openReader(page);
    const s = await readerState(f);
    eq(s.state, "article", `page ${n} state`);
    texts.push(s.text);
    await page.close();
  }
  assert(texts[0].includes(PROMO), "first page: nothing learned yet, the promo is still in");
  assert(texts[3].includes(STORIES[3][1]), "fourth page: its story is intact");
  assert(!texts[3].includes(PROMO), "fourth page: the promo repeated on every page is left out");
  const stored = await worker.evaluate(() => chrome.storage.local.get(null));
  const key = `memory:${new URL(base).host}`;
  assert(stored[key]?.json && stored[key].json.length <= 32 * 1024, "memory stored within its cap");
  assert(stored.memoryIndex?.[key], "memory indexed for eviction");
  console.log(`     site memory after 4 pages: ${stored[key].json.length} bytes of JSON`);
  // Reading a page again does not count it twice (its own text must not become "boilerplate").
  for (let i = 0; i < 3; i++) {
    const page = await visit("/site/1.html", { keepMemory: true });
    const s = await readerState(await openReader(page));
    assert(s.text.includes(STORIES[0][1]), `page 1 read again (${i + 1}): its story is intact`);
    await page.close();
  }
  const after = await worker.evaluate((k) => chrome.storage.local.get(k), key);
  eq(after[key].urls.length, 4, "pages learned");
});

await test("debug overlay: outlines the kept content and labels dropped regions; Escape restores the page", async () => {
  await worker.evaluate(() => chrome.storage.local.set({ settings: { debug: true } }));
  const page = await visit("/consent.html");
  const before = await page.evaluate(() => document.documentElement.outerHTML);
  const f = await openReader(page);
  assert(await f.isVisible("#debug"), "debug button offered when enabled");
  await f.click("#debug");
  await waitClosed(page);
  await page.waitForSelector("lectern-debug", { state: "attached", timeout: 10000 });
  const counts = JSON.parse(await page.getAttribute("lectern-debug", "data-counts"));
  assert(counts["content-root"] >= 1, `content outlined: ${JSON.stringify(counts)}`);
  const dropped = Object.keys(counts).filter((k) => k !== "content-root");
  assert(dropped.length >= 2, `dropped regions labelled: ${JSON.stringify(counts)}`);
  await page.screenshot({ path: path.join(outDir, "ext-debug-overlay.png") });
  await page.keyboard.press("Escape");
  await page.waitForSelector("lectern-debug", { state: "detached", timeout: 5000 });
  eq(await page.evaluate(() => document.documentElement.outerHTML), before, "page after the overlay");
  await worker.evaluate(() => chrome.storage.local.remove("settings"));
  await page.close();
});

await test("options page: accessible, shows and clears what is stored", async () => {
  await worker.evaluate(() => chrome.storage.local.set({ overrides: { "example.org": { selector: "main" } } }));
  const page = await ctx.newPage();
  await page.goto(`chrome-extension://${extId}/options.html`);
  await page.waitForFunction(() => !document.getElementById("overrides-count").textContent.includes("…"));
  assert(/1 site has a picked article/.test(await page.textContent("#overrides-count")), "override count");
  await axe(page.mainFrame(), "options page");
  await page.click("#clear-overrides");
  await page.waitForFunction(() => /No site/.test(document.getElementById("overrides-count").textContent));
  const left = await worker.evaluate(() => chrome.storage.local.get("overrides"));
  eq(left.overrides, undefined, "overrides cleared");
  await page.close();
});

// The XSS corpus (tests/xss, docs/ROBUSTNESS.md) through the real reader view. The page's own
// scripts run (it is an ordinary tab), so what the page does while loading is its own business and
// only shows that the sentinel and request watch are live; from the toolbar click on, nothing may
// run, in the page or the reader (the reader's CSP would block an inline payload, and Chromium
// logs each refusal: that counts as a payload that got through), no non-image request may go to
// /beacon/, the reader's article DOM must hold to the renderer's allowlist, and closing the
// reader must leave the page's DOM as it was. Positive control: the page's own unsanitised body,
// put into the same reader frame, must trip the refusal log, the allowlist and the request watch.
await test("XSS corpus in the reader view: nothing runs, no beacon but images, allowlist holds, page unchanged", async () => {
  let phase = "load";
  const events = []; // {phase, kind, what}
  const note = (kind, what) => events.push({ phase, kind, what });
  const onRequest = (req) => {
    if (new URL(req.url()).pathname.startsWith(XSS.beacon) && req.resourceType() !== "image") note("request", `${req.resourceType()} ${req.url()}`);
  };
  ctx.on("request", onRequest);
  const totals = { pages: 0, ownHits: 0, ownRequests: 0, chars: 0, control: { refusals: 0, violations: 0, requests: 0 } };
  const problems = [];
  try {
    for (const { file } of XSS.pages) {
      phase = "load";
      await worker.evaluate(() => chrome.storage.local.clear());
      const page = await ctx.newPage();
      await page.addInitScript(() => {
        window.__xssHits = [];
        window.__xss = (id) => window.__xssHits.push(String(id));
      });
      page.on("console", (m) => /Content Security Policy|Refused to/i.test(m.text()) && note("refused", m.text().slice(0, 120)));
      page.on("pageerror", (e) => note("error", String(e.message).slice(0, 120)));
      page.on("dialog", (d) => { note("dialog", d.message()); d.dismiss().catch(() => {}); });
      await page.goto(`${base}/xss/${file}`);
      await page.waitForLoadState("networkidle").catch(() => {});
      // The page's own load ran its payloads; focus goes back to the body, so that restoring
      // focus on exit cannot re-fire the page's own onfocus handler.
      const own = await page.evaluate(() => {
        document.activeElement?.blur?.();
        return window.__xssHits.splice(0).length;
      });
      totals.ownHits += own;
      totals.ownRequests += events.filter((e) => e.phase === "load" && e.kind === "request").length;
      const before = await page.evaluate(() => document.documentElement.outerHTML);
      phase = "reader";
      const f = await openReader(page);
      await page.waitForTimeout(400); // error/load events, lazy requests, timers
      const state = await f.evaluate(() => document.body.dataset.state);
      if (state !== "article") problems.push(`${file}: reader state ${state}, so nothing was tested`);
      // Undo exactly what reader.js enhance() adds, on a copy, then judge the renderer's output.
      const rendered = await f.evaluate(() => {
        const copy = document.getElementById("content").cloneNode(true);
        for (const w of copy.querySelectorAll("div.table-scroll[role=region][tabindex='0']")) w.replaceWith(...w.childNodes);
        for (const pre of copy.querySelectorAll("pre[role=region][tabindex='0'][aria-label=Code]")) {
          for (const k of ["role", "tabindex", "aria-label"]) pre.removeAttribute(k);
        }
        for (const b of copy.querySelectorAll("figure[data-embed] > button.embed-load")) b.remove();
        for (const a of copy.querySelectorAll("a[target=_blank][rel='noreferrer noopener']")) {
          a.removeAttribute("target");
          a.rel = "noopener noreferrer";
        }
        const holder = document.createElement("div");
        holder.id = "xss-check";
        holder.hidden = true;
        holder.append(...copy.childNodes);
        document.body.append(holder);
        return holder.innerHTML.length;
      });
      totals.chars += rendered;
      const violations = await f.evaluate(domViolations, { roots: ["xss-check"], ...allowlist });
      violations.forEach((v) => problems.push(`${file}: allowlist ${v}`));
      const readerEvents = events.filter((e) => e.phase === "reader").length;
      // Positive control, in the same reader frame: the page's raw body, unsanitised.
      phase = "control";
      const raw = await page.evaluate(() => document.body.innerHTML);
      await f.evaluate((html) => {
        const c = document.createElement("div");
        c.id = "xss-control";
        c.innerHTML = html;
        document.body.append(c);
      }, raw);
      await page.waitForTimeout(400);
      totals.control.violations += (await f.evaluate(domViolations, { roots: ["xss-control"], ...allowlist })).length;
      await f.evaluate(() => document.getElementById("xss-control").remove());
      totals.control.refusals += events.filter((e) => e.phase === "control" && e.kind === "refused").length;
      totals.control.requests += events.filter((e) => e.phase === "control" && e.kind === "request").length;
      phase = "close";
      await click(page);
      await waitClosed(page);
      await page.waitForTimeout(100);
      const after = await page.evaluate(() => ({ html: document.documentElement.outerHTML, hits: window.__xssHits.slice() }));
      if (after.html !== before) problems.push(`${file}: page DOM changed by the reader (${before.length} → ${after.html.length} chars)`);
      after.hits.forEach((h) => problems.push(`${file}: payload ran in the page: ${h}`));
      events.filter((e) => e.phase === "reader" || e.phase === "close").forEach((e) => problems.push(`${file}: ${e.kind} ${e.what}`));
      console.log(`     ${file}: ${state}, ${rendered} chars checked, ${violations.length} violations, ${readerEvents} events in the reader; the page itself ran ${own} payloads on load`);
      totals.pages++;
      events.length = 0;
      await page.close();
    }
  } finally {
    ctx.off("request", onRequest);
  }
  const c = totals.control;
  console.log(`     ${totals.pages} pages, ${totals.chars} chars of article checked; the pages themselves ran ${totals.ownHits} payloads and sent ${totals.ownRequests} non-image beacons on load`);
  console.log(`     control (raw page body in the reader frame): ${c.refusals} refused payloads, ${c.violations} allowlist violations, ${c.requests} non-image beacons`);
  if (totals.ownHits < 10) problems.push(`page sentinel: only ${totals.ownHits} payloads ran in the pages themselves; the sentinel is not wired`);
  if (c.refusals < 10) problems.push(`control: only ${c.refusals} refusals logged for unsanitised markup; the reader-frame detector is not working`);
  if (c.violations < 50) problems.push(`control: only ${c.violations} allowlist violations for unsanitised markup`);
  if (c.requests < 3) problems.push(`control: only ${c.requests} non-image beacons for unsanitised markup; the request watch is not working`);
  assert(problems.length === 0, problems.join("\n       "));
});

await test("extension hygiene: no network request of its own (only its files and article images)", async () => {
  assert(extRequests.own > 0, "the request watch saw none of the extension's own file loads; it is not working");
  assert(extRequests.other.length === 0, `requests of the extension's own:\n       ${extRequests.other.join("\n       ")}`);
  console.log(`     ${extRequests.own} loads of extension files, 0 other requests from extension pages or the worker`);
});

await ctx.close();
server.close();
fs.rmSync(profile, { recursive: true, force: true });
const failed = results.filter(([, ok]) => !ok).length;
console.log(`extension e2e: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed || results.length === 0 ? 1 : 0);
