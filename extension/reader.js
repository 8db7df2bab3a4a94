// The reader view: an extension page (its CSP allows only the extension's own scripts) framed over
// the tab. It asks for the Article through the service worker, renders Lectern's allowlisted HTML
// (parsed inertly with DOMParser, never page HTML), and offers the reader's controls.
import * as settings from "./settings.js";

const api = globalThis.browser ?? globalThis.chrome;
const $ = (id) => document.getElementById(id);
let payload = null;
let current = settings.DEFAULTS;

const send = (msg) => api.runtime.sendMessage(msg);
const closeReader = () => send({ type: "lectern:close" });

function say(text) {
  $("status").textContent = text;
}

// --- rendering ----------------------------------------------------------------------------------
function metaLine(a) {
  const parts = [];
  if (a.byline) parts.push(a.byline);
  else if (a.authors?.length) parts.push(a.authors.join(", "));
  if (a.published) {
    const d = new Date(a.published);
    parts.push(Number.isNaN(d.getTime()) ? a.published : d.toLocaleDateString(a.lang || undefined, { dateStyle: "long" }));
  }
  if (a.siteName) parts.push(a.siteName);
  if (a.readingTime) parts.push(`${a.readingTime} min read`);
  return parts.join(" · ");
}

// Lectern's renderer guarantees an allowlisted fragment; DOMParser builds it inertly (no script
// runs, no resource loads until adopted) and we adopt its nodes.
function contentNodes(html, plainText) {
  if (plainText !== undefined) {
    const nodes = plainText.split(/\n\s*\n|\n/).map((t) => t.trim()).filter(Boolean).map((t) => {
      const para = document.createElement("p");
      para.textContent = t;
      return para;
    });
    return { nodes, lang: null, dir: null };
  }
  const doc = new DOMParser().parseFromString(html, "text/html");
  const art = doc.body.querySelector(":scope > article") || doc.body;
  return { nodes: [...art.childNodes], lang: art.getAttribute("lang"), dir: art.getAttribute("dir") };
}

// Video placeholders (Lectern's known-provider list, src/article/embed.rs): nothing is requested
// until the reader asks. The player address must be https on a host this page's CSP lets it frame
// (`frame-src` in the manifest, the same list as the renderer's); anything else keeps only its link.
const FRAME_ORIGINS = (() => {
  const csp = api.runtime.getManifest().content_security_policy?.extension_pages || "";
  const directive = csp.split(";").map((d) => d.trim().split(/\s+/)).find((d) => d[0] === "frame-src");
  return new Set(directive ? directive.slice(1) : []);
})();

// What the framed player may do: run its own scripts in its own origin, go fullscreen, open the
// original in a new tab. No top navigation, no forms, no downloads.
const PLAYER_SANDBOX = "allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox";

function embedPlayer(fig) {
  let player;
  try {
    player = new URL(fig.dataset.embed);
  } catch {
    return;
  }
  if (player.protocol !== "https:" || !FRAME_ORIGINS.has(player.origin)) return;
  const provider = fig.dataset.provider || player.hostname;
  const title = fig.querySelector("figcaption a")?.textContent.trim();
  const button = document.createElement("button");
  button.type = "button";
  button.className = "embed-load";
  button.textContent = `Load video from ${provider}`;
  button.title = `Connects to ${player.hostname}`;
  button.addEventListener("click", () => {
    const frame = document.createElement("iframe");
    frame.className = "embed-frame";
    frame.title = title ? `${provider} video: ${title}` : `${provider} video`;
    frame.setAttribute("sandbox", PLAYER_SANDBOX);
    frame.allow = "fullscreen; picture-in-picture; encrypted-media";
    frame.setAttribute("credentialless", ""); // Chromium: no cookies of the provider's
    frame.src = player.href;
    button.replaceWith(frame);
    frame.focus();
  }, { once: true });
  fig.prepend(button);
}

function enhance(content) {
  for (const fig of content.querySelectorAll("figure[data-embed]")) embedPlayer(fig);
  // Wide tables and code scroll on their own, reachable by keyboard.
  for (const table of content.querySelectorAll("table")) {
    const wrap = document.createElement("div");
    wrap.className = "table-scroll";
    wrap.tabIndex = 0;
    wrap.setAttribute("role", "region");
    const cap = table.querySelector("caption")?.textContent.trim();
    wrap.setAttribute("aria-label", cap ? `Table: ${cap}` : "Table");
    table.replaceWith(wrap);
    wrap.append(table);
  }
  for (const pre of content.querySelectorAll("pre")) {
    pre.tabIndex = 0;
    pre.setAttribute("role", "region");
    pre.setAttribute("aria-label", "Code");
  }
  for (const a of content.querySelectorAll("a[href]")) {
    if (!a.getAttribute("href").startsWith("#")) {
      a.target = "_blank";
      a.rel = "noreferrer noopener";
    }
  }
}

function buildToc(content) {
  const list = $("toc-list");
  list.replaceChildren();
  const heads = [...content.querySelectorAll("h2, h3, h4")];
  heads.forEach((h, i) => {
    if (!h.id) h.id = `section-${i + 1}`;
    const li = document.createElement("li");
    li.className = `level-${h.localName[1]}`;
    const a = document.createElement("a");
    a.href = `#${h.id}`;
    a.textContent = h.textContent.trim() || `Section ${i + 1}`;
    a.addEventListener("click", (e) => {
      e.preventDefault();
      h.tabIndex = -1;
      h.scrollIntoView();
      h.focus({ preventScroll: true });
    });
    li.append(a);
    list.append(li);
  });
  $("toc-toggle").hidden = heads.length === 0;
}

function renderArticle(p) {
  const a = p.article;
  const { nodes, lang, dir } = contentNodes(a.html, a.plainText ? a.text : undefined);
  const content = $("content");
  content.replaceChildren(...nodes);
  enhance(content);
  const docLang = a.lang || lang;
  if (docLang) document.documentElement.lang = docLang;
  if (a.dir || dir) document.documentElement.dir = a.dir || dir;
  document.title = a.title ? `${a.title} — Lectern` : "Lectern reader";
  $("title").textContent = a.title || "Untitled article";
  const meta = metaLine(a);
  $("byline").textContent = meta;
  $("byline").hidden = !meta;
  $("original").href = p.url;
  buildToc(content);
  $("article").hidden = false;
  $("article").focus({ preventScroll: true });
  document.body.dataset.state = "article";
}

function renderNone(p) {
  $("none-why").textContent = p.error
    ? `Extraction failed: ${p.error}`
    : "The page does not look like an article (or its text is too short to tell).";
  for (const id of ["copy-md", "save-html", "speak-prev", "speak-play", "speak-next", "toc-toggle"]) $(id).disabled = true;
  $("none").hidden = false;
  $("none").focus({ preventScroll: true });
  document.body.dataset.state = p.error ? "error" : "none";
}

function render(p) {
  payload = p;
  $("loading").hidden = true;
  for (const id of ["use-selection", "none-selection"]) {
    $(id).disabled = !p.hasSelection;
    $(id).title = p.hasSelection ? "Show only the text you selected on the page" : "Select text on the page first";
  }
  $("forget").hidden = p.override !== "container";
  $("debug").hidden = !(current.debug && p.canTrace);
  document.body.dataset.engine = p.engine || "";
  document.body.dataset.ms = p.ms === undefined ? "" : p.ms.toFixed(1);
  if (p.article) renderArticle(p);
  else renderNone(p);
}

// --- settings panel -----------------------------------------------------------------------------
function initSettings() {
  const form = $("settings");
  for (const [name, [min, max, step]] of Object.entries(settings.LIMITS)) {
    Object.assign(form.elements[name], { min, max, step });
  }
  const fill = () => {
    for (const [k, v] of Object.entries(current)) {
      const el = form.elements[k];
      if (!el) continue;
      if (el.type === "checkbox") el.checked = v;
      else el.value = String(v);
    }
  };
  fill();
  form.addEventListener("input", async () => {
    const next = { ...current };
    for (const k of Object.keys(settings.DEFAULTS)) {
      const el = form.elements[k];
      if (!el) continue;
      next[k] = el.type === "checkbox" ? el.checked : el.type === "range" ? Number(el.value) : el.value;
    }
    current = settings.sanitize(next);
    settings.apply(document, current);
    await settings.save(current);
  });
  form.addEventListener("submit", (e) => e.preventDefault());
}

function disclosure(buttonId, panelId) {
  const button = $(buttonId);
  const panel = $(panelId);
  button.addEventListener("click", () => {
    const open = panel.hidden;
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (open) panel.querySelector("select, input, a")?.focus();
  });
  return () => {
    if (panel.hidden) return false;
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    button.focus();
    return true;
  };
}

// --- read aloud: speechSynthesis, sentence highlighted with the CSS Custom Highlight API ---------
const speech = { units: [], unit: 0, sentence: 0, playing: false, token: 0 };

function speakableUnits() {
  const sel = "h1, h2, h3, h4, h5, h6, p, figcaption, dt, dd, li:not(:has(p, li)), td, th";
  return [$("title"), ...$("content").querySelectorAll(sel)].filter((el) => el.textContent.trim());
}

function sentencesOf(el) {
  const text = el.textContent;
  const lang = document.documentElement.lang || undefined;
  const seg = new Intl.Segmenter(lang, { granularity: "sentence" });
  const out = [];
  for (const s of seg.segment(text)) if (s.segment.trim()) out.push({ start: s.index, end: s.index + s.segment.length, text: s.segment.trim() });
  return out;
}

function rangeOf(el, start, end) {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let pos = 0;
  let started = false;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const len = n.data.length;
    if (!started && start <= pos + len) {
      range.setStart(n, start - pos);
      started = true;
    }
    if (started && end <= pos + len) {
      range.setEnd(n, end - pos);
      return range;
    }
    pos += len;
  }
  if (started) range.setEndAfter(el.lastChild);
  return range;
}

function voiceFor(lang) {
  const voices = speechSynthesis.getVoices();
  const base = (lang || "").toLowerCase().split("-")[0];
  return voices.find((v) => v.lang.toLowerCase() === (lang || "").toLowerCase()) || voices.find((v) => v.lang.toLowerCase().startsWith(base)) || null;
}

function highlight(range) {
  if (!globalThis.CSS?.highlights) return;
  if (range) CSS.highlights.set("lectern-speaking", new Highlight(range));
  else CSS.highlights.delete("lectern-speaking");
}

function speakCurrent() {
  const token = ++speech.token;
  speechSynthesis.cancel();
  const el = speech.units[speech.unit];
  if (!el) return stopSpeaking();
  const sentences = sentencesOf(el);
  const s = sentences[speech.sentence];
  if (!s) {
    speech.unit += 1;
    speech.sentence = 0;
    return speakCurrent();
  }
  highlight(rangeOf(el, s.start, s.end));
  el.scrollIntoView({ block: "nearest" });
  const u = new SpeechSynthesisUtterance(s.text);
  u.lang = el.closest("[lang]")?.lang || document.documentElement.lang || "";
  u.voice = voiceFor(u.lang);
  u.rate = 1;
  u.onend = () => {
    if (token !== speech.token || !speech.playing) return;
    speech.sentence += 1;
    speakCurrent();
  };
  speechSynthesis.speak(u);
  document.body.dataset.speaking = s.text;
}

function setPlaying(on) {
  speech.playing = on;
  const b = $("speak-play");
  // pagehide can run after a script replaced the page's body (the Firefox e2e test does).
  if (!b) return;
  b.dataset.playing = String(on);
  b.textContent = on ? "Pause" : "Read aloud";
}

function stopSpeaking() {
  speech.token++;
  speechSynthesis.cancel();
  setPlaying(false);
  highlight(null);
}

function initSpeech() {
  $("speak-play").addEventListener("click", () => {
    if (speech.playing) {
      speech.token++;
      speechSynthesis.cancel();
      setPlaying(false);
      return;
    }
    if (!speech.units.length) speech.units = speakableUnits();
    setPlaying(true);
    speakCurrent();
  });
  const move = (d) => {
    if (!speech.units.length) speech.units = speakableUnits();
    speech.unit = Math.max(0, Math.min(speech.units.length - 1, speech.unit + d));
    speech.sentence = 0;
    if (!speech.playing) setPlaying(true);
    speakCurrent();
  };
  $("speak-prev").addEventListener("click", () => move(-1));
  $("speak-next").addEventListener("click", () => move(1));
  addEventListener("pagehide", stopSpeaking);
}

// --- export -------------------------------------------------------------------------------------
function markdown() {
  const a = payload.article;
  const head = a.title && !a.markdown.startsWith("# ") ? `# ${a.title}\n\n` : "";
  return `${head}${a.markdown.trim()}\n\nSource: <${payload.url}>\n`;
}

function standaloneHtml() {
  const a = payload.article;
  const doc = document.implementation.createHTMLDocument(a.title || "Article");
  doc.documentElement.lang = document.documentElement.lang;
  if (a.dir) doc.documentElement.dir = a.dir;
  const charset = doc.createElement("meta");
  charset.setAttribute("charset", "utf-8");
  doc.head.prepend(charset);
  const style = doc.createElement("style");
  style.textContent =
    "body{max-width:70ch;margin:2em auto;padding:0 1em;font:18px/1.6 Georgia,serif;color:#1b1b1b}" +
    "pre{white-space:pre;overflow-x:auto}img{max-width:100%;height:auto}table{border-collapse:collapse}" +
    "th,td{border:1px solid #777;padding:.3em .6em}";
  doc.head.append(style);
  const main = doc.createElement("main");
  const article = doc.createElement("article");
  const h1 = doc.createElement("h1");
  h1.textContent = a.title || "Article";
  const meta = doc.createElement("p");
  meta.textContent = metaLine(a);
  const src = doc.createElement("p");
  const link = doc.createElement("a");
  link.href = payload.url;
  link.textContent = payload.url;
  src.append("Source: ", link);
  article.append(h1, meta, ...contentNodes(a.html, a.plainText ? a.text : undefined).nodes.map((n) => doc.importNode(n, true)), src);
  main.append(article);
  doc.body.append(main);
  return `<!doctype html>\n${doc.documentElement.outerHTML}\n`;
}

function fileName(ext) {
  const base = (payload.article.title || "article").replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "").slice(0, 80);
  return `${base || "article"}.${ext}`;
}

function initExport() {
  $("copy-md").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(markdown());
      say("Markdown copied to the clipboard.");
    } catch (e) {
      say(`Could not copy: ${e.message || e}`);
    }
  });
  $("save-html").addEventListener("click", () => {
    const blob = new Blob([standaloneHtml()], { type: "text/html;charset=utf-8" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = fileName("html");
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    say(`Saved ${a.download}.`);
  });
  $("print").addEventListener("click", () => print());
}

// --- progress, keyboard, wiring -----------------------------------------------------------------
function updateProgress() {
  const el = document.scrollingElement;
  const max = el.scrollHeight - el.clientHeight;
  $("progress").value = max > 0 ? Math.round((el.scrollTop / max) * 100) : 100;
}

async function main() {
  current = await settings.load();
  settings.apply(document, current);
  initSettings();
  const closeSettings = disclosure("settings-toggle", "settings");
  const closeToc = disclosure("toc-toggle", "toc");
  initSpeech();
  initExport();
  $("close").addEventListener("click", closeReader);
  $("none-close").addEventListener("click", closeReader);
  const override = (how) => () => send({ type: "lectern:override", how });
  for (const id of ["use-selection", "none-selection"]) $(id).addEventListener("click", override("selection"));
  for (const id of ["pick", "none-pick"]) $(id).addEventListener("click", override("pick"));
  $("forget").addEventListener("click", () => send({ type: "lectern:forget" }));
  $("debug").addEventListener("click", () => send({ type: "lectern:debug" }));
  addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || e.defaultPrevented) return;
    e.preventDefault();
    if (closeSettings() || closeToc()) return;
    stopSpeaking();
    closeReader();
  });
  addEventListener("scroll", updateProgress, { passive: true });
  api.storage.onChanged.addListener((changes, area) => {
    if (area === "local" && changes.settings) {
      current = settings.sanitize(changes.settings.newValue);
      settings.apply(document, current);
    }
  });
  const p = await send({ type: "lectern:payload" });
  render(p || { article: null, error: "no answer from the page" });
  updateProgress();
}

main().catch((e) => {
  render({ article: null, error: String(e?.message || e) });
});
