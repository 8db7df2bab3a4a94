// Lectern playground: the original page in a sandboxed iframe (scripts off, same origin so the
// live DOM and its layout can be read), the reader view beside it, metadata, confidence,
// per-stage timings, and a debug overlay of kept/dropped regions with their reasons. Uses the
// npm build (pkg/, `./build.sh npm`) directly; no bundler.
//
// The only HTML inserted into this page is `article.html`, Lectern's allowlisted output; the
// original page's HTML goes only into the sandboxed frame.
import { extractWithTrace, captureSnapshot } from "../pkg/browser.js";

const $ = (id) => document.getElementById(id);
const frame = $("original");
let current = { url: null };
let runs = 0; // finished extractions, in body[data-runs] (tests wait on it)

function status(text, state) {
  $("status").textContent = text;
  if (state) document.body.dataset.ready = state;
}

/// Loads `html` into the sandboxed frame; `base` makes the page's relative URLs work.
function show(html, base) {
  const withBase = base ? html.replace(/<head[^>]*>/i, (m) => `${m}<base href="${base}">`) : html;
  return new Promise((resolve) => {
    frame.onload = () => resolve(frame.contentDocument);
    frame.srcdoc = withBase;
  });
}

/// Sizes the frame to its page so the overlay (in this document) lines up without scrolling.
function fit(doc) {
  const h = Math.max(doc.documentElement.scrollHeight, doc.body ? doc.body.scrollHeight : 0);
  frame.style.height = `${Math.min(Math.max(h, 200), 20000)}px`;
}

function box(node) {
  if (!node || !node.ownerDocument) return null;
  let r;
  if (node.nodeType === Node.ELEMENT_NODE) r = node.getBoundingClientRect();
  else {
    const range = node.ownerDocument.createRange();
    range.selectNodeContents(node);
    r = range.getBoundingClientRect();
  }
  return r.width > 0 && r.height > 0 ? r : null;
}

function drawOverlay(regions) {
  const layer = $("overlay");
  layer.replaceChildren();
  const list = $("regions");
  list.replaceChildren();
  regions.forEach((region, i) => {
    const kind = region.kept ? "kept" : "dropped";
    const why = `${region.kept ? "kept" : "dropped"} — ${region.label}: ${region.reason} (stage ${region.stage}${region.seed ? `, ${region.seed}` : ""})`;
    const li = document.createElement("li");
    li.className = kind;
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = region.label;
    li.append(label, ` <${region.tag || "#text"}> ${kind} by ${region.stage}${region.seed ? ` (${region.seed})` : ""}: ${region.reason}`);
    list.append(li);
    const r = box(region.node);
    if (!r) return; // hidden or empty: listed, not drawn
    const div = document.createElement("div");
    div.className = `region ${kind}`;
    div.dataset.label = region.label;
    div.dataset.index = i;
    div.title = why;
    Object.assign(div.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
    const tag = document.createElement("span");
    tag.textContent = region.label;
    div.append(tag);
    layer.append(div);
    li.addEventListener("mouseenter", () => div.classList.add("hot"));
    li.addEventListener("mouseleave", () => div.classList.remove("hot"));
  });
}

function showMeta(article, ms) {
  const rows = article
    ? [["title", article.title], ["byline", article.byline], ["published", article.published],
       ["site", article.siteName], ["lang", article.lang], ["dir", article.dir],
       ["lead image", article.leadImage], ["words", article.wordCount],
       ["reading time", `${article.readingTime} min`], ["confidence", article.confidence.toFixed(2)],
       ["truncated", article.truncated], ["excerpt", article.excerpt]]
    : [["result", "no article"]];
  rows.push(["total", `${ms.toFixed(1)} ms (capture + extraction)`]);
  $("meta").replaceChildren(...rows.flatMap(([k, v]) => {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = v ?? "—";
    if (k === "confidence") dd.id = "confidence";
    return [dt, dd];
  }));
}

function showStages(stages) {
  $("stages").tBodies[0].replaceChildren(...stages.map((s) => {
    const tr = document.createElement("tr");
    const counts = Object.entries(s.counts).map(([k, v]) => `${k} ${v}`).join(", ");
    for (const text of [s.name, s.seed || "—", s.ms.toFixed(2), counts]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    return tr;
  }));
}

async function run(html, url) {
  status("Extracting…", "loading");
  current = { url };
  const doc = await show(html, url);
  fit(doc);
  const t0 = performance.now();
  const { article, trace } = extractWithTrace(doc, { url, mode: $("mode").value });
  const ms = performance.now() - t0;
  $("title").textContent = article ? article.title || "" : "No article found";
  $("content").innerHTML = article ? article.html : ""; // Lectern's allowlisted output
  showMeta(article, ms);
  showStages(trace.stages);
  drawOverlay(trace.regions);
  const dropped = trace.regions.filter((r) => !r.kept).length;
  status(`${article ? "Article" : "No article"} in ${ms.toFixed(1)} ms; ${trace.regions.length} regions decided, ${dropped} dropped.`,
    article ? "article" : "none");
  document.body.dataset.runs = String(++runs);
}

async function loadSample() {
  const url = new URL($("sample").value, location.href).href;
  const html = await (await fetch(url)).text();
  $("paste").value = html;
  await run(html, url);
}

function exportSnapshot() {
  const doc = frame.contentDocument;
  const json = JSON.stringify(captureSnapshot(doc));
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([json], { type: "application/json" }));
  a.download = "snapshot.json";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  status(`Exported snapshot.json (${json.length} bytes, with layout).`);
}

const fail = (e) => status(`Failed: ${e.name ? `${e.name}: ` : ""}${e.message || e}`, "error");
$("sample").addEventListener("change", () => loadSample().catch(fail));
$("mode").addEventListener("change", () => run($("paste").value, current.url).catch(fail));
$("extract-paste").addEventListener("click", () => run($("paste").value, null).catch(fail));
$("overlay-toggle").addEventListener("change", (e) => { $("overlay").hidden = !e.target.checked; });
$("export").addEventListener("click", () => { try { exportSnapshot(); } catch (e) { fail(e); } });

const wanted = new URL(location.href).searchParams.get("sample");
if (wanted) $("sample").value = wanted;
loadSample().catch(fail);
