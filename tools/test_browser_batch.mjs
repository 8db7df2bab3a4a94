#!/usr/bin/env node
// Checks tools/browser_batch.mjs end to end on a tiny corpus written here (both corpus layouts):
// page scripts (and event-handler attributes) do not run but React's streaming runtime does,
// <noscript> parses as with scripting on,
// non-loopback requests are aborted, charsets are decoded as the native
// parser does, a page that cannot load is recorded as an error without stopping the run, and
// snapshots are written. Needs pkg/ (./build.sh build). Exits non-zero on the first failure.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT } from "./lib/corpus_browser.mjs";

const PROSE = "Readers come to a page for its article, and a reader mode should hand them that article " +
  "without the menus, the banners and the boxes of links that crowd around it on every visit. ";
const article = (extra) => `<article><h1>Heading</h1><p>${PROSE.repeat(3)}${extra}</p><p>${PROSE.repeat(3)}</p></article>`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bb-"));
const data = path.join(dir, "corpus");
fs.mkdirSync(path.join(data, "pages"), { recursive: true });
const gz = (id, bytes) => {
  fs.writeFileSync(path.join(data, "pages", `${id}.html.gz`), zlib.gzipSync(bytes));
  return { id, html: `pages/${id}.html.gz`, url: `http://example.com/${id}` };
};
const manifest = [
  // An inline script would change the text if it ran; the image and the stylesheet are on other
  // hosts and must be aborted (with scripts off, Chromium does not even request the script).
  gz("scripts", Buffer.from(`<!doctype html><html><head><title>S</title>
    <script src="http://example.com/x.js"></script>
    <link rel="stylesheet" href="http://example.org/s.css"></head><body>
    ${article('<span id="s">SCRIPTS-OFF</span>')}<img src="http://example.net/a.png">
    <script>document.getElementById("s").textContent = "SCRIPT-RAN";</script></body></html>`)),
  // The render.com class (wcxb-dev 2838): an <iframe> left open inside <noscript> must not swallow
  // the page, so <noscript> parses as raw text as with scripting on; and an event-handler
  // attribute must not run (the served Content-Security-Policy refuses it).
  gz("noscript", Buffer.from(`<!doctype html><html><body><noscript><iframe src="http://example.com/f"></noscript>
    ${article(`<img src="data:," onerror="this.parentNode.textContent = 'HANDLER-RAN'">AFTER-NOSCRIPT`)}</body></html>`)),
  // A crawler view (Discourse): the page's text is only in <noscript>, so it is reopened with
  // scripting off and the <noscript> posts are read, as the native parser's re-read does.
  gz("crawler", Buffer.from(`<!doctype html><html><body><div id="app"></div><noscript>${article("CRAWLER-VIEW")}</noscript></body></html>`)),
  // A page's own meta policy (script-src 'self', no 'wasm-unsafe-eval') must not refuse the
  // injected wasm (wcxb-dev 0410, 0431).
  gz("metacsp", Buffer.from(`<!doctype html><html><head><meta http-equiv="Content-Security-Policy"
    content="script-src 'self'"></head><body>${article("")}</body></html>`)),
  // windows-1252 bytes without a declaration: not valid UTF-8, so windows-1252.
  gz("latin1", Buffer.concat([Buffer.from(`<html><body>${article("")}<p>caf`), Buffer.from([0xe9]),
    Buffer.from(` cr`), Buffer.from([0xe8]), Buffer.from(`me ${PROSE}</p></body></html>`)])),
  // Shift_JIS declared in a meta tag.
  gz("sjis", Buffer.concat([Buffer.from(`<html><head><meta charset="shift_jis"></head><body>${article("")}<p>`),
    Buffer.from([0x93, 0xfa, 0x96, 0x7b]), Buffer.from(` ${PROSE}</p></body></html>`)])),
  // React streaming server rendering (wcxb-dev 0046, 0620, 2837…): the runtime's inline scripts
  // are allowed by hash, so the streamed parts are joined as in a user's browser — a boundary's
  // fallback replaced (`$RC`), a placeholder filled (`$RS`), a React 19-style batch revealed on a
  // timer after load — while a script that adds anything to a definition, a client-render error
  // (`$RX`) and an ordinary inline script still do not run. The runtimes here are written for
  // the test (same calls and shapes, not React's code).
  gz("react", Buffer.from(`<!doctype html><html><body><article><h1>Heading</h1><p>${PROSE.repeat(3)}</p>
    <!--$?--><template id="B:0"></template><p>LOADING-FALLBACK</p><!--/$-->
    <template id="P:1"></template><!--$?--><template id="B:2"></template><p>BATCH-FALLBACK</p><!--/$-->
    <p>ARTICLE-END ${PROSE.repeat(3)}</p></article>
    <div hidden id="S:0"><p>STREAMED-BOUNDARY ${PROSE}</p></div>
    <script>$RC=function(b,s){s=document.getElementById(s);b=document.getElementById(b);var p=b.parentNode,n=b.nextSibling;while(n&&!(n.nodeType===8&&n.data==="/$")){var x=n.nextSibling;p.removeChild(n);n=x}while(s.firstChild)p.insertBefore(s.firstChild,n);p.removeChild(b);s.remove()};$RC("B:0","S:0")</script>
    <div hidden id="S:1"><p>STREAMED-SEGMENT ${PROSE}</p></div>
    <script>$RS=function(s,t){s=document.getElementById(s);t=document.getElementById(t);while(s.firstChild)t.parentNode.insertBefore(s.firstChild,t);t.remove();s.remove()};$RS("S:1","P:1")</script>
    <div hidden id="S:2"><p>BATCHED-REVEAL ${PROSE}</p></div>
    <script>$RB=[];$RV=function(q){for(var i=0;i<q.length;i+=2){var b=document.getElementById(q[i]),s=document.getElementById(q[i+1]),p=b.parentNode,n=b.nextSibling;while(n&&!(n.nodeType===8&&n.data==="/$")){var x=n.nextSibling;p.removeChild(n);n=x}while(s.firstChild)p.insertBefore(s.firstChild,n);s.remove()}q.length=0};
    $RC=function(b,s){$RB.push(b,s);2===$RB.length&&setTimeout($RV.bind(null,$RB),500)};$RC("B:2","S:2")</script>
    <script>$RS=function(){};document.querySelector("article").append("DEFINITION-PLUS-RAN")</script>
    <script>$RX("B:0","E1")</script><script>document.querySelector("article").append("ORDINARY-RAN")</script>
    </body></html>`)),
  // A manifest line whose page file is missing: an error line, and the run goes on.
  { id: "missing", html: "pages/missing.html.gz", url: "http://example.com/missing" },
];
// A folder page (styled-dev layout) that declares a stale charset but is UTF-8.
fs.mkdirSync(path.join(data, "site", "site"), { recursive: true });
fs.writeFileSync(path.join(data, "site", "site", "index.html"),
  `<html><head><meta charset="windows-1251"><link rel="stylesheet" href="s.css"></head><body>
   ${article("")}<p>Привет ${PROSE}</p><nav class="hide">HIDDEN-BY-CSS</nav></body></html>`);
fs.writeFileSync(path.join(data, "site", "site", "s.css"), ".hide { display: none }");
manifest.push({ id: "site", page: "site/site/index.html", html_utf8: true });
fs.writeFileSync(path.join(data, "manifest.jsonl"), manifest.map((m) => JSON.stringify(m)).join("\n") + "\n");

const out = path.join(dir, "out");
execFileSync("node", [path.join(ROOT, "tools", "browser_batch.mjs"), "--data", data, "--out", out, "--snapshots"],
  { stdio: "inherit" });
const recs = Object.fromEntries(fs.readFileSync(path.join(out, "pred.jsonl"), "utf8").trim().split("\n")
  .map((l) => JSON.parse(l)).map((r) => [r.id, r]));

assert.deepEqual(Object.keys(recs).sort(), ["crawler", "latin1", "metacsp", "missing", "noscript", "react", "scripts", "site", "sjis"]);
assert.ok(recs.missing.error, "a page that cannot load is an error line");
for (const id of ["scripts", "noscript", "crawler", "metacsp", "latin1", "sjis", "site", "react"]) {
  const r = recs[id];
  assert.equal(r.error, undefined, `${id}: ${r.error}`);
  assert.ok(r.text.includes("Readers come to a page"), `${id}: article text extracted`);
  assert.ok(r.ms > 0 && r.capture_ms > 0, `${id}: timed`);
  const snap = JSON.parse(fs.readFileSync(path.join(out, "snapshots", `${id}.json`), "utf8"));
  assert.ok(Array.isArray(snap.nodes) && snap.nodes.length > 10, `${id}: snapshot written`);
}
assert.ok(recs.scripts.text.includes("SCRIPTS-OFF") && !recs.scripts.text.includes("SCRIPT-RAN"), "page scripts did not run");
assert.ok(recs.noscript.text.includes("AFTER-NOSCRIPT"), "an iframe left open in <noscript> did not swallow the page");
assert.ok(!recs.noscript.text.includes("HANDLER-RAN"), "an event-handler attribute did not run");
assert.equal(recs.noscript.noscript_view, undefined, "a page with rendered text keeps scripting on");
assert.ok(recs.crawler.noscript_view && recs.crawler.text.includes("CRAWLER-VIEW"), "a crawler view is read from its <noscript>");
for (const joined of ["STREAMED-BOUNDARY", "STREAMED-SEGMENT", "BATCHED-REVEAL"]) {
  const at = recs.react.text.indexOf(joined);
  assert.ok(at >= 0 && at < recs.react.text.indexOf("ARTICLE-END"), `React streaming runtime ran: ${joined} in place`);
}
for (const kept of ["LOADING-FALLBACK", "BATCH-FALLBACK", "DEFINITION-PLUS-RAN", "ORDINARY-RAN"]) {
  assert.ok(!recs.react.text.includes(kept), `React page: ${kept} absent`);
}
assert.ok(recs.scripts.blocked >= 2, `non-loopback requests aborted (${recs.scripts.blocked})`);
assert.ok(recs.latin1.text.includes("café crème"), "windows-1252 fallback");
assert.ok(recs.sjis.text.includes("日本"), "meta charset shift_jis");
assert.ok(recs.site.text.includes("Привет"), "html_utf8 page served as UTF-8 despite its meta");
const siteSnap = fs.readFileSync(path.join(out, "snapshots", "site.json"), "utf8");
assert.ok(siteSnap.includes('"none"'), "the page's stylesheet was served (display: none captured)");
fs.rmSync(dir, { recursive: true, force: true });
console.log("browser_batch: all checks passed");
