// Shared by tools/browser_batch.mjs and tools/bench_browser.mjs: read a corpus manifest, serve its
// pages from 127.0.0.1 (no network beyond loopback), open them in headless Debian Chromium with
// page scripts off, and inject the built npm wasm (pkg/) into the loaded page.
//
// Two ways to keep page scripts from running (`launch({ pageScripts })`):
// - "csp" (the default): every page is served with a Content-Security-Policy that allows only
//   Lectern's own injected files. Scripting stays enabled, so the HTML parser treats `<noscript>`
//   as a user's browser does (raw text, not rendered), and inline scripts, event-handler
//   attributes and `javascript:` URLs are all refused by the browser.
// - "disabled": CDP `Emulation.setScriptExecutionDisabled` while the page loads (sessions 3-10).
//   Chromium then parses `<noscript>` as markup: one unclosed `<iframe>` inside it swallowed the
//   rest of render.com's page (wcxb-dev 2838, docs/QUALITY.md session 9).
//
// One exception in "csp" mode: React's streaming runtime (`reactStreamingScripts` below). A React
// 18+ server sends slow parts of a page after its shell, as hidden `<div id="S:n">` segments and
// inline `$RC`/`$RS` calls that move them into place; in a user's browser those calls have run
// before anyone opens a reader view. Their inline scripts are allowed by hash, so the live DOM
// here is the joined page the user sees (the native parser joins it too:
// src/native/dom/stream.rs). No other page script runs.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
// The flags every headless run here needs (see ../shared/docs/TOOLCHAIN.md).
export const CHROMIUM_ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
];
// The settings a run records next to its numbers.
export const PAGE_SCRIPTS = {
  csp: "blocked by the page's Content-Security-Policy (script-src: Lectern's injected files, and React's streaming runtime by hash); scripting enabled, so <noscript> parses as raw text as in a user's browser",
  disabled: "off while the page loads (CDP Emulation.setScriptExecutionDisabled); then loading is stopped and scripts re-enabled only to inject Lectern (page scripts never run: nothing was scheduled); <noscript> parses as markup",
};
export const SETTINGS = {
  browser: "Debian chromium, headless",
  page_scripts: PAGE_SCRIPTS.csp,
  network: "loopback only (every other request aborted)",
  viewport: "1280x800",
  wait: "DOMContentLoaded, then up to 10 s for load, then up to 3 s for React 19's streaming reveal queue",
};
export const VIEWPORT = { width: 1280, height: 800 };
const LOAD_WAIT_MS = 10_000;
const NAV_TIMEOUT_MS = 30_000;
// The injected module is served under this prefix, on the same origin as the page.
const PKG_PREFIX = "/__lectern/pkg/";
const READABILITY_PREFIX = "/__lectern/readability/";
// Only Lectern's own files may run: 'unsafe-eval' for the Readability.js injection (`new Function`;
// no page script runs to use it), 'wasm-unsafe-eval' to compile the wasm.
// `hashes`: the page's React streaming scripts (below), as CSP hash sources.
const pageCsp = (origin, hashes = []) =>
  `script-src ${origin}/__lectern/ 'unsafe-eval' 'wasm-unsafe-eval'${hashes.map((h) => ` '${h}'`).join("")}; object-src 'none'`;

// React's streaming runtime, as its servers write it inline (React 18 and 19; wcxb-dev has it on
// 28 pages): scripts made only of `$RC("B:1","S:1")` / `$RS("S:2","P:2")` calls, or one of the
// runtime's definitions (`$RC=function(`, `$RS=function(`, `function $RC(`, React 19's
// `$RB=[];$RV=function(`) followed by such calls, or React 19's timing mark. A client-render
// error (`$RX`, a third argument) is not allowed: its boundary keeps the fallback, as natively.
// A definition's body is the page's own code and is not read: it is trusted by the runtime's
// name (its requests would still be aborted, the network being loopback only).
const STREAM_CALLS = /^(?:\$R[CS]\("[A-Z]:[0-9a-z]+","[A-Z]:[0-9a-z]+"\);?)*$/;
const STREAM_DEFINITIONS = ["$RC=function(", "$RS=function(", "function $RC(", "$RB=[];$RV=function("];
const STREAM_TIMING = "requestAnimationFrame(function(){$RT=performance.now()});";
const STREAM_DEFINITION_MAX = 4096;
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/gi;

function isStreamingScript(text) {
  if (!text) return false;
  if (text === STREAM_TIMING || STREAM_CALLS.test(text)) return true;
  if (text.length > STREAM_DEFINITION_MAX || text.includes("$RX") || !/^[\t\n\r\x20-\x7e]*$/.test(text)) return false;
  if (!STREAM_DEFINITIONS.some((d) => text.startsWith(d))) return false;
  // What follows the definition's closing `}` (and `;`) must be calls only.
  const end = text.lastIndexOf("}");
  return STREAM_CALLS.test(text.slice(end + 1).replace(/^;/, ""));
}

/** CSP hash sources of a page's React streaming scripts (none on most pages). */
export function reactStreamingScripts(bytes) {
  const text = Buffer.from(bytes).toString("latin1");
  if (!text.includes("$RC") && !text.includes("$RS")) return [];
  const hashes = new Set();
  for (const m of text.matchAll(INLINE_SCRIPT)) {
    if (isStreamingScript(m[1])) hashes.add("sha256-" + crypto.createHash("sha256").update(m[1], "latin1").digest("base64"));
  }
  return [...hashes];
}

const TYPES = {
  ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".json": "application/json", ".png": "image/png",
  ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".svg": "image/svg+xml",
  ".webp": "image/webp", ".ico": "image/x-icon", ".woff": "font/woff", ".woff2": "font/woff2",
  ".ttf": "font/ttf", ".txt": "text/plain", ".xml": "text/xml",
};

/** The pages of a corpus dir: `[{id, kind, entry}]`; styled-dev style manifests have `page`. */
export function readManifest(dataDir) {
  const lines = fs.readFileSync(path.join(dataDir, "manifest.jsonl"), "utf8").split("\n");
  return lines.filter((l) => l.trim()).map((l) => {
    const entry = JSON.parse(l);
    return { id: String(entry.id), kind: entry.page ? "folder" : "gz", entry };
  });
}

/** A snapshot's file name: the id, anything outside [A-Za-z0-9._-] replaced (bench_replay.rs agrees). */
export const snapshotFile = (id) => id.replace(/[^A-Za-z0-9._-]/g, "_") + ".json";

/** The page's raw (gunzipped) bytes. */
export function pageBytes(dataDir, page) {
  return page.kind === "gz" ? zlib.gunzipSync(fs.readFileSync(path.join(dataDir, page.entry.html)))
    : fs.readFileSync(path.join(dataDir, page.entry.page));
}

// --- charset: BOM > <meta> prescan (first 1024 bytes) > UTF-8 if valid > windows-1252, the rule
// of ../shared/docs/EVALUATION.md and src/native/encoding.rs. The label goes into Content-Type so
// Chromium decodes exactly as the native parser does.
function bomCharset(b) {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return "utf-8";
  if (b[0] === 0xfe && b[1] === 0xff) return "utf-16be";
  if (b[0] === 0xff && b[1] === 0xfe) return "utf-16le";
  return null;
}

function metaCharset(b) {
  const head = Buffer.from(b.subarray(0, 1024)).toString("latin1").replace(/<!--[\s\S]*?(-->|$)/g, "");
  for (const m of head.matchAll(/<meta\b[^>]*>/gi)) {
    const tag = m[0];
    let label = /\bcharset\s*=\s*["']?\s*([^"'\s/>;]+)/i.exec(tag)?.[1];
    if (!label) continue;
    label = label.toLowerCase();
    // HTML: a meta declaring UTF-16 means UTF-8; x-user-defined means windows-1252.
    if (label.startsWith("utf-16")) return "utf-8";
    if (label === "x-user-defined") return "windows-1252";
    try {
      return new TextDecoder(label).encoding;
    } catch {
      continue; // unknown label: ignored, as the spec does
    }
  }
  return null;
}

// A legacy <meta> charset on bytes that are valid UTF-8 with at least this many non-ASCII
// characters is overruled: the page was re-encoded and kept its old declaration (readability's
// qq.com page says gb2312). Same number and reason as TRANSCODED_MIN_NON_ASCII in
// src/native/encoding.rs, so browser captures decode as the native parser does.
const TRANSCODED_MIN_NON_ASCII = 8;

function utf8Text(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The charset a page's bytes are decoded with. */
export function sniffCharset(bytes) {
  const bom = bomCharset(bytes);
  if (bom) return bom;
  const meta = metaCharset(bytes);
  const text = utf8Text(bytes);
  if (meta) {
    if (meta !== "utf-8" && text !== null) {
      let nonAscii = 0;
      for (const c of text) if (c.codePointAt(0) > 0x7f && ++nonAscii >= TRANSCODED_MIN_NON_ASCII) return "utf-8";
    }
    return meta;
  }
  return text !== null ? "utf-8" : "windows-1252";
}

// A page's own <meta http-equiv="Content-Security-Policy"> would add to the served policy and can
// refuse the injected wasm (wcxb-dev 0410 and 0431 declare script-src without 'wasm-unsafe-eval').
// Its http-equiv value is renamed in place (same length, so byte offsets and the charset prescan
// are unchanged); nothing else in the page changes, and no page script runs either way.
const META_CSP = /(<meta\b[^>]*?http-equiv\s*=\s*["']?)content-security-policy/gi;
function neutralizeMetaCsp(bytes) {
  const text = Buffer.from(bytes).toString("latin1");
  if (!/content-security-policy/i.test(text)) return bytes;
  return Buffer.from(text.replace(META_CSP, (_, head) => head + "x-lectern-ignored-csp--"), "latin1");
}

// --- the server -----------------------------------------------------------------------------
/**
 * Serves a corpus on 127.0.0.1 (random port): `/gz/<id>` is a gunzipped page of a `gz` corpus
 * with its sniffed charset; `/f/<path>` a file of a folder corpus (styled-dev), the page itself
 * with `charset=utf-8` when the manifest says `html_utf8`; `/__lectern/pkg/` the built npm wasm.
 */
export async function startServer(dataDir, pages) {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const utf8Pages = new Set(pages.filter((p) => p.kind === "folder" && p.entry.html_utf8).map((p) => p.entry.page));
  const pkgDir = path.join(ROOT, "pkg");
  const readabilityDir = path.join(ROOT, "node_modules", "@mozilla", "readability");
  let origin = "";
  const send = (res, status, type, body) => {
    const headers = { "content-type": type, "cache-control": "no-store" };
    // Ignored in "disabled" mode, where the context bypasses CSP.
    if (type.startsWith("text/html")) headers["content-security-policy"] = pageCsp(origin, reactStreamingScripts(body));
    res.writeHead(status, headers);
    res.end(body);
  };
  const sendFile = (res, base, rel, type) => {
    const file = path.join(base, path.normalize(rel));
    if (!file.startsWith(base + path.sep)) return send(res, 403, "text/plain", "forbidden");
    fs.readFile(file, (err, data) => {
      if (err) return send(res, 404, "text/plain", "not found");
      const t = type || TYPES[path.extname(file).toLowerCase()] || "application/octet-stream";
      send(res, 200, t, t.startsWith("text/html") ? neutralizeMetaCsp(data) : data);
    });
  };
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, "http://x").pathname);
    } catch {
      return send(res, 400, "text/plain", "bad url");
    }
    if (rel.startsWith(PKG_PREFIX)) return sendFile(res, pkgDir, rel.slice(PKG_PREFIX.length));
    if (rel.startsWith(READABILITY_PREFIX)) return sendFile(res, readabilityDir, rel.slice(READABILITY_PREFIX.length));
    if (rel.startsWith("/gz/")) {
      const page = byId.get(rel.slice(4));
      if (!page || page.kind !== "gz") return send(res, 404, "text/plain", "not found");
      let bytes;
      try {
        bytes = pageBytes(dataDir, page);
      } catch (e) {
        return send(res, 500, "text/plain", String(e));
      }
      return send(res, 200, `text/html; charset=${sniffCharset(bytes)}`, neutralizeMetaCsp(bytes));
    }
    if (rel.startsWith("/f/")) {
      const sub = rel.slice(3);
      const ext = path.extname(sub).toLowerCase();
      const html = ext === ".html" || ext === ".htm";
      // The saved page was rewritten to UTF-8 but may still declare its old charset.
      const type = html ? (utf8Pages.has(sub) ? "text/html; charset=utf-8" : "text/html") : undefined;
      return sendFile(res, dataDir, sub, type);
    }
    send(res, 404, "text/plain", "not found");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    urlOf: (page) => (page.kind === "gz" ? `${origin}/gz/${encodeURIComponent(page.id)}` :
      `${origin}/f/${page.entry.page.split("/").map(encodeURIComponent).join("/")}`),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

// --- the browser ----------------------------------------------------------------------------
/** Headless Chromium with one context, loopback only; `pageScripts`: "csp" or "disabled" (above). */
export async function launch({ pageScripts = "csp" } = {}) {
  if (!(pageScripts in PAGE_SCRIPTS)) throw new Error(`pageScripts must be csp or disabled, not ${pageScripts}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  // "disabled": bypassCSP, so a page's own Content-Security-Policy cannot stop the injected module
  // and wasm. "csp": the served policy is what keeps page scripts from running.
  const context = await browser.newContext({ viewport: VIEWPORT, bypassCSP: pageScripts === "disabled" });
  context.__pageScripts = pageScripts;
  // Requests aborted so far (pages run one at a time, so a caller can take differences).
  const blocked = { count: 0 };
  await context.route("**/*", (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === "127.0.0.1") return route.continue();
    blocked.count++;
    return route.abort("blockedbyclient");
  });
  return { browser, context, blocked };
}

/** A tab plus the CDP session that switches its scripts off and on. */
export async function newTab(context) {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  return { tab, cdp, disableScripts: context.__pageScripts === "disabled" };
}

// A page whose text is only in <noscript> (Discourse and Flarum crawler views, a Blogger post kept
// only there) shows, in a user's browser, what its scripts build from the same data; offline, with
// scripts blocked, it would be empty. Such a page is reopened with scripting off, so <noscript>
// renders: the same test and numbers as the native parser's re-read (src/extract/blocks.rs
// `renders_only_noscript`, src/rules/mod.rs NOSCRIPT_*).
const NOSCRIPT_FALLBACK_CHARS = 200;
const NOSCRIPT_DOCUMENT_CHARS = 500;
const NOSCRIPT_OUTWEIGHS = 2;

async function rendersOnlyNoscript(tab) {
  const { rendered, noscript } = await tab.evaluate(() => {
    const skip = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"]);
    let rendered = 0, noscript = 0;
    const walker = document.createTreeWalker(document, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      let inNoscript = false, skipped = false;
      for (let p = n.parentElement; p; p = p.parentElement) {
        if (p.tagName === "NOSCRIPT") inNoscript = true;
        if (skip.has(p.tagName)) skipped = true;
      }
      const len = n.data.trim().length;
      if (inNoscript) noscript += len;
      else if (!skipped) rendered += len;
    }
    return { rendered, noscript };
  });
  return (noscript >= NOSCRIPT_DOCUMENT_CHARS && rendered < NOSCRIPT_FALLBACK_CHARS) ||
    (noscript >= NOSCRIPT_DOCUMENT_CHARS && noscript >= rendered * NOSCRIPT_OUTWEIGHS);
}

async function load({ tab, cdp }, url, scriptsOff) {
  if (scriptsOff) await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
  const response = await tab.goto(url, { waitUntil: "domcontentloaded", timeout: NAV_TIMEOUT_MS });
  if (!response || response.status() !== 200) throw new Error(`HTTP ${response ? response.status() : "no response"} for ${url}`);
  let loaded = true;
  try {
    await tab.waitForLoadState("load", { timeout: LOAD_WAIT_MS });
  } catch {
    loaded = false;
    // So no late `load`/`error` handler attribute can fire once scripts are back on.
    await cdp.send("Page.stopLoading").catch(() => {});
  }
  if (scriptsOff) await cdp.send("Emulation.setScriptExecutionDisabled", { value: false });
  return loaded;
}

// React 19's runtime reveals streamed boundaries in batches (`$RB`), on an animation frame or a
// timer of up to ~2.3 s after navigation; wait, bounded, for its queue to drain.
const STREAM_SETTLE_MS = 3_000;
async function settleStreaming(tab) {
  await tab.evaluate(async (ms) => {
    const until = performance.now() + ms;
    while (Array.isArray(globalThis.$RB) && globalThis.$RB.length && performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, STREAM_SETTLE_MS);
}

/**
 * Opens `url` with page scripts off (but React's streaming runtime, above): DOMContentLoaded, then
 * up to 10 s for `load` (loading is stopped when it does not come), then up to 3 s for React 19's
 * reveal queue. In "disabled" mode (and for a "csp" page whose text is only in
 * <noscript>, reopened so) scripts are then switched back on so `inject` can import the wasm
 * module; the page's own scripts were skipped while parsing and never run. Returns whether `load`
 * fired, and sets `tab.noscriptView` when the page was reopened for its <noscript>; throws when
 * the page is not served (status ≠ 200) or never reaches DOMContentLoaded.
 */
export async function open(tab, url) {
  tab.noscriptView = false;
  const loaded = await load(tab, url, tab.disableScripts);
  if (!tab.disableScripts) await settleStreaming(tab.tab);
  if (tab.disableScripts || !(await rendersOnlyNoscript(tab.tab))) return loaded;
  tab.noscriptView = true;
  return load(tab, url, true);
}

/**
 * Imports the npm wasm (pkg/lectern.js) into a page `open` loaded, as `globalThis.__lectern`. With
 * `readability`, also defines `__Readability` and `__isProbablyReaderable` from npm
 * `@mozilla/readability`; `lectern: false` skips the wasm (Readability.js alone, no pkg/ needed).
 */
export async function inject({ tab }, origin, { readability = false, lectern = true } = {}) {
  await tab.evaluate(async ({ pkg, rd, readability, lectern }) => {
    if (lectern) {
      const mod = await import(pkg + "lectern.js");
      await mod.default({ module_or_path: pkg + "lectern_bg.wasm" });
      globalThis.__lectern = mod;
    }
    if (readability) {
      for (const [file, names] of [["Readability.js", ["Readability"]], ["Readability-readerable.js", ["isProbablyReaderable"]]]) {
        const src = await (await fetch(rd + file)).text();
        const module = { exports: {} };
        new Function("module", src)(module);
        for (const n of names) globalThis["__" + n] = module.exports[n] || module.exports;
      }
    }
  }, { pkg: origin + PKG_PREFIX, rd: origin + READABILITY_PREFIX, readability, lectern });
}

/** Parses `--flag value` / `--flag` arguments into an object (`--no-x` gives `x: false`). */
export function parseArgs(argv, booleans = []) {
  const out = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) { out._.push(a); continue; }
    const key = a.slice(2);
    if (key.startsWith("no-") && booleans.includes(key.slice(3))) out[key.slice(3)] = false;
    else if (booleans.includes(key)) out[key] = true;
    else out[key] = argv[++i];
  }
  return out;
}
