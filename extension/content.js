// Lectern's content script (classic script, injected on demand by background.js). Thin by design:
// load the wasm core from the extension, call `extract`, hand the Article to the reader view (an
// extension page in a full-viewport frame inside a modal <dialog> in a closed shadow root), and
// put everything back exactly as it was on close. It never edits the page's own nodes.
(() => {
  "use strict";
  if (globalThis.__lecternToggle) {
    globalThis.__lecternToggle();
    return;
  }
  const api = globalThis.browser ?? globalThis.chrome;
  const url = (p) => api.runtime.getURL(p);

  let engine = null; // {lectern, kind: "wasm" | "wasm2js"}
  let open = null; // state of the open reader: host, previous focus and scroll, payload
  let picking = null;

  // The wasm core, or — when the page's CSP forbids WebAssembly compilation in this world
  // (`script-src` without 'wasm-unsafe-eval') — the same core compiled to JavaScript by wasm2js,
  // bound by its own wasm-bindgen glue (see extension/wasm2js.mjs).
  async function loadEngine() {
    if (engine) return engine;
    try {
      const lectern = await import(url("pkg/lectern.js"));
      await lectern.default({ module_or_path: url("pkg/lectern_bg.wasm") });
      engine = { lectern, kind: "wasm" };
    } catch (wasmError) {
      const [lectern, compiled] = await Promise.all([import(url("pkg-js/lectern.js")), import(url("pkg-js/lectern_wasm2js.js"))]);
      // The glue instantiates through WebAssembly.instantiate; for this one call (in the content
      // script's own world, not the page's) it gets the wasm2js exports instead.
      const marker = Object.freeze(Object.create(null));
      const instantiate = WebAssembly.instantiate;
      WebAssembly.instantiate = (m, imports) =>
        m === marker ? Promise.resolve({ instance: { exports: compiled.instantiate(imports) }, module: null }) : instantiate.call(WebAssembly, m, imports);
      try {
        await lectern.default({ module_or_path: marker });
      } finally {
        WebAssembly.instantiate = instantiate;
      }
      engine = { lectern, kind: "wasm2js", wasmError: String(wasmError?.message || wasmError) };
    }
    return engine;
  }

  const siteKey = () => location.host || location.protocol;

  // --- site memory (seed 000): what the engine learned about this site, in storage.local -------
  // Bounded: at most MEMORY_SITES sites (least recently used evicted) of at most MEMORY_BYTES of
  // JSON each (a larger memory is not stored). Cleared from the options page.
  const MEMORY_SITES = 100;
  const MEMORY_BYTES = 32 * 1024;
  const memoryKey = () => `memory:${siteKey()}`;
  let memoryState = null; // {pages, before} of the last extraction; `before` feeds the debug trace

  // The engine learns from every page it is given a memory for; a page read again (reopened,
  // reloaded) must not count twice, or its own text would start to look like site boilerplate.
  // So each site's entry lists the pages already learned (the last MEMORY_URLS of them), and a
  // page already in it is read with a throwaway copy of the memory.
  const MEMORY_URLS = 200;
  const pageKey = () => location.href.split("#")[0];

  async function extractWithMemory(lectern) {
    if (typeof lectern.SiteMemory !== "function") {
      memoryState = null;
      return lectern.extract(document);
    }
    const key = memoryKey();
    const stored = (await api.storage.local.get(key))[key];
    let memory;
    try {
      memory = stored?.json ? lectern.SiteMemory.import(stored.json) : new lectern.SiteMemory();
    } catch {
      memory = new lectern.SiteMemory(); // an unreadable memory (older format) starts over
    }
    const urls = stored?.urls ?? [];
    const seen = urls.includes(pageKey());
    try {
      memoryState = { pages: memory.pages, before: stored?.json ?? null, seen };
      const article = lectern.extract(document, undefined, memory);
      if (!seen) await saveMemory(key, memory.export(), [...urls, pageKey()].slice(-MEMORY_URLS));
      return article;
    } finally {
      memory.free?.();
    }
  }

  async function saveMemory(key, json, urls) {
    if (json.length > MEMORY_BYTES) return;
    const { memoryIndex = {} } = await api.storage.local.get("memoryIndex");
    memoryIndex[key] = Date.now();
    const evict = Object.keys(memoryIndex)
      .sort((a, b) => memoryIndex[b] - memoryIndex[a])
      .slice(MEMORY_SITES);
    for (const k of evict) delete memoryIndex[k];
    if (evict.length) await api.storage.local.remove(evict);
    await api.storage.local.set({ [key]: { json, urls, at: Date.now() }, memoryIndex });
  }

  async function rememberedSelector() {
    const { overrides = {} } = await api.storage.local.get("overrides");
    return overrides[siteKey()]?.selector || null;
  }

  // A detached document holding only the chosen part of the page (plus the metadata in <head>), so
  // the same `extract` reads just what the reader picked. Nothing is added to the page.
  function documentOf(nodes) {
    const doc = document.implementation.createHTMLDocument(document.title);
    const base = doc.createElement("base");
    base.href = document.baseURI;
    doc.head.append(base);
    for (const el of document.head?.querySelectorAll(
      'meta, link[rel="canonical"], script[type="application/ld+json"]',
    ) ?? []) {
      doc.head.append(doc.importNode(el, true));
    }
    for (const attr of ["lang", "dir"]) {
      const v = document.documentElement.getAttribute(attr);
      if (v) doc.documentElement.setAttribute(attr, v);
    }
    const article = doc.createElement("article");
    for (const n of nodes) article.append(doc.importNode(n, true));
    doc.body.append(article);
    return doc;
  }

  // What the reader chose by hand is shown even when the engine finds it too short to call an
  // article: as plain text paragraphs (the reader view builds them with textContent, never HTML).
  function plainArticle(text) {
    const words = text.split(/\s+/).filter(Boolean).length;
    return { title: document.title || null, byline: null, authors: [], published: null, modified: null,
      siteName: null, lang: document.documentElement.lang || null, dir: null, excerpt: null, leadImage: null,
      html: "", text, markdown: text, wordCount: words, readingTime: Math.max(1, Math.round(words / 230)),
      confidence: 0, truncated: false, plainText: true };
  }

  function payloadOf(article, extra) {
    if (!article) return { ...extra, article: null };
    const { contentNodes: _live, ...plain } = article; // live nodes stay in the page
    return { ...extra, article: plain };
  }

  async function run(how, selection) {
    const t0 = performance.now();
    const base = { url: location.href, hasSelection: Boolean(selection), override: null };
    try {
      const { lectern, kind } = await loadEngine();
      base.engine = kind;
      base.canTrace = typeof lectern.extractWithTrace === "function";
      let article = null;
      if (how === "selection" && selection) {
        article = lectern.extract(documentOf([selection.cloneContents()]), { mode: "recall" }) ?? plainArticle(selection.toString().trim());
        base.override = "selection";
      } else {
        const selector = how === "auto" ? await rememberedSelector() : null;
        const chosen = selector ? document.querySelector(selector) : null;
        if (chosen) {
          article = lectern.extract(documentOf([chosen]), { mode: "recall" }) ?? plainArticle(chosen.innerText.trim());
          base.override = "container";
        } else {
          article = await extractWithMemory(lectern);
          base.memory = memoryState;
        }
      }
      return payloadOf(article, { ...base, ms: performance.now() - t0 });
    } catch (e) {
      return { ...base, article: null, error: String(e?.message || e) };
    }
  }

  function currentSelection() {
    const sel = document.getSelection();
    if (!sel || sel.isCollapsed || sel.rangeCount === 0) return null;
    const range = sel.getRangeAt(0).cloneRange();
    return range.toString().trim() ? range : null;
  }

  function show(payload, selection) {
    const before = {
      focus: document.activeElement,
      x: window.scrollX,
      y: window.scrollY,
    };
    const host = document.createElement("lectern-reader");
    host.style.cssText = "all: initial !important; display: contents !important;";
    const root = host.attachShadow({ mode: "closed" });
    const style = document.createElement("style");
    style.textContent = `
      dialog { all: initial; position: fixed; inset: 0; width: 100vw; height: 100vh; max-width: none;
               max-height: none; margin: 0; padding: 0; border: 0; box-sizing: border-box; }
      dialog::backdrop { background: Canvas; }
      iframe { display: block; width: 100%; height: 100%; border: 0; color-scheme: normal; }`;
    const dialog = document.createElement("dialog");
    dialog.setAttribute("aria-label", "Lectern reader view");
    const frame = document.createElement("iframe");
    frame.title = "Reader view";
    frame.allow = "clipboard-write";
    frame.src = url("reader.html");
    dialog.append(frame);
    root.append(style, dialog);
    dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      close();
    });
    document.documentElement.append(host);
    dialog.showModal(); // the page behind becomes inert for pointer, keyboard and screen readers
    frame.focus({ preventScroll: true });
    open = { host, dialog, frame, before, payload, selection };
  }

  function close() {
    if (!open) return;
    const { host, before } = open;
    open = null;
    host.remove();
    window.scrollTo(before.x, before.y);
    if (before.focus && before.focus !== document.body && before.focus.isConnected) {
      before.focus.focus?.({ preventScroll: true });
    } else if (document.activeElement && document.activeElement !== document.body) {
      document.activeElement.blur?.();
    }
    window.scrollTo(before.x, before.y);
  }

  async function toggle(how = "auto") {
    if (debugging) return hideDebug();
    if (picking) return stopPicking();
    if (open) return close();
    const selection = currentSelection();
    const payload = await run(how, selection);
    show(payload, selection);
  }

  async function reopen(how) {
    const selection = open?.selection ?? null;
    close();
    const payload = await run(how, selection);
    show(payload, selection);
  }

  // --- pick a container: keyboard and pointer, drawn in our own shadow root ------------------
  function selectorFor(el) {
    const parts = [];
    for (let n = el; n && n.nodeType === 1 && n !== document.documentElement; n = n.parentElement) {
      if (n.id && document.querySelectorAll(`#${CSS.escape(n.id)}`).length === 1) {
        parts.unshift(`#${CSS.escape(n.id)}`);
        return parts.join(" > ");
      }
      let i = 1;
      for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === n.localName) i++;
      parts.unshift(`${n.localName}:nth-of-type(${i})`);
    }
    return `html > ${parts.join(" > ")}`;
  }

  function startPicking() {
    const host = document.createElement("lectern-picker");
    host.style.cssText = "all: initial !important;";
    const root = host.attachShadow({ mode: "closed" });
    const box = document.createElement("div");
    const label = document.createElement("div");
    box.style.cssText =
      "position:fixed;pointer-events:none;z-index:2147483647;outline:3px solid #0b57d0;background:rgba(11,87,208,.12)";
    label.setAttribute("role", "status");
    label.style.cssText =
      "position:fixed;left:8px;bottom:8px;z-index:2147483647;font:14px system-ui,sans-serif;background:#111;color:#fff;padding:6px 10px;border-radius:4px";
    root.append(box, label);
    document.documentElement.append(host);
    const state = { host, box, label, el: document.querySelector("article, main, [role=main]") || document.body };
    const draw = () => {
      const r = state.el.getBoundingClientRect();
      Object.assign(box.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
      label.textContent = `Pick the article: <${state.el.localName}> — Enter to use it, arrows to move, Escape to cancel`;
    };
    const onMove = (e) => {
      const el = document.elementFromPoint(e.clientX, e.clientY);
      if (el && el !== host) {
        state.el = el;
        draw();
      }
    };
    const onClick = (e) => {
      e.preventDefault();
      e.stopPropagation();
      choose();
    };
    const onKey = (e) => {
      const el = state.el;
      const next = {
        ArrowUp: el.parentElement !== document.documentElement ? el.parentElement : null,
        ArrowDown: el.firstElementChild,
        ArrowLeft: el.previousElementSibling,
        ArrowRight: el.nextElementSibling,
      }[e.key];
      if (e.key === "Escape") stopPicking();
      else if (e.key === "Enter") choose();
      else if (next) {
        state.el = next;
        state.el.scrollIntoView?.({ block: "nearest" });
        draw();
      } else if (!(e.key in { ArrowUp: 1, ArrowDown: 1, ArrowLeft: 1, ArrowRight: 1 })) return;
      e.preventDefault();
      e.stopPropagation();
    };
    const choose = async () => {
      const selector = selectorFor(state.el);
      stopPicking();
      const { overrides = {} } = await api.storage.local.get("overrides");
      overrides[siteKey()] = { selector, at: Date.now() };
      await api.storage.local.set({ overrides });
      await toggle("auto");
    };
    state.listeners = [
      ["mousemove", onMove],
      ["click", onClick],
      ["keydown", onKey],
    ];
    for (const [t, f] of state.listeners) window.addEventListener(t, f, true);
    picking = state;
    draw();
  }

  function stopPicking() {
    if (!picking) return;
    for (const [t, f] of picking.listeners) window.removeEventListener(t, f, true);
    picking.host.remove();
    picking = null;
  }

  // --- debug overlay: the engine's trace drawn over the original page ----------------------------
  let debugging = null;

  async function showDebug() {
    const { lectern } = await loadEngine();
    if (typeof lectern.extractWithTrace !== "function") return;
    let memory = null;
    if (typeof lectern.SiteMemory === "function" && memoryState?.before) {
      memory = lectern.SiteMemory.import(memoryState.before); // the state the reader's extract saw
    }
    const { trace } = lectern.extractWithTrace(document, undefined, memory);
    memory?.free?.();
    const host = document.createElement("lectern-debug");
    host.style.cssText = "all: initial !important;";
    const root = host.attachShadow({ mode: "closed" });
    const style = document.createElement("style");
    style.textContent = `
      .layer { position: absolute; left: 0; top: 0; pointer-events: none; z-index: 2147483646; }
      .box { position: absolute; box-sizing: border-box; border: 2px dashed #b3261e; background: rgba(179,38,30,.08); }
      .box.kept { border: 3px solid #146c2e; background: rgba(20,108,46,.06); }
      .tag { position: absolute; left: 0; top: 0; font: 12px/1.3 system-ui, sans-serif; color: #fff;
             background: #b3261e; padding: 1px 5px; white-space: nowrap; }
      .kept > .tag { background: #146c2e; }
      .legend { position: fixed; right: 8px; bottom: 8px; z-index: 2147483647; pointer-events: auto;
                font: 14px/1.4 system-ui, sans-serif; background: #111; color: #fff; padding: 8px 12px;
                border-radius: 6px; max-width: 360px; }
      .legend button { font: inherit; margin-top: 6px; }`;
    const layer = document.createElement("div");
    layer.className = "layer";
    const drawn = new Set();
    const counts = {};
    for (const r of trace.regions) {
      const el = r.node;
      if (!el || el.nodeType !== 1 || (r.kept && r.label !== "content-root")) continue;
      let covered = false;
      for (let p = el.parentElement; p && !covered; p = p.parentElement) covered = drawn.has(p);
      if (covered) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width * rect.height === 0) continue;
      drawn.add(el);
      counts[r.label] = (counts[r.label] || 0) + 1;
      const box = document.createElement("div");
      box.className = r.kept ? "box kept" : "box";
      Object.assign(box.style, {
        left: `${rect.left + scrollX}px`, top: `${rect.top + scrollY}px`,
        width: `${rect.width}px`, height: `${rect.height}px`,
      });
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = r.kept ? "content" : `${r.label}: ${r.reason}`;
      box.append(tag);
      layer.append(box);
    }
    const legend = document.createElement("div");
    legend.className = "legend";
    legend.setAttribute("role", "dialog");
    legend.setAttribute("aria-label", "Lectern debug overlay");
    const summary = document.createElement("p");
    summary.style.margin = "0";
    summary.textContent = `Green: the content Lectern kept. Red: dropped — ${Object.entries(counts)
      .filter(([k]) => k !== "content-root")
      .map(([k, n]) => `${k} ${n}`)
      .join(", ") || "nothing"}.`;
    const closeButton = document.createElement("button");
    closeButton.type = "button";
    closeButton.textContent = "Close overlay (Escape)";
    closeButton.addEventListener("click", () => hideDebug());
    legend.append(summary, closeButton);
    root.append(style, layer, legend);
    // What was drawn, readable from outside the closed root (tests, curious users).
    host.dataset.counts = JSON.stringify(counts);
    document.documentElement.append(host);
    const onKey = (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        hideDebug();
      }
    };
    window.addEventListener("keydown", onKey, true);
    debugging = { host, onKey, counts };
    closeButton.focus({ preventScroll: true });
  }

  function hideDebug() {
    if (!debugging) return;
    window.removeEventListener("keydown", debugging.onKey, true);
    debugging.host.remove();
    debugging = null;
  }

  api.runtime.onMessage.addListener((msg, _sender, respond) => {
    switch (msg?.type) {
      case "lectern:payload":
        respond(open ? open.payload : { article: null, error: "reader is not open" });
        return false;
      case "lectern:close":
        close();
        respond({ ok: true });
        return false;
      case "lectern:debug": {
        const back = open?.before;
        close();
        if (back) window.scrollTo(back.x, back.y);
        showDebug().then(() => respond({ ok: true }), (e) => respond({ error: String(e?.message || e) }));
        return true;
      }
      case "lectern:override":
        if (msg.how === "pick") {
          const focusBack = open?.before;
          close();
          if (focusBack) window.scrollTo(focusBack.x, focusBack.y);
          startPicking();
        } else if (msg.how === "selection") reopen("selection");
        respond({ ok: true });
        return false;
      case "lectern:forget":
        api.storage.local.get("overrides").then(async ({ overrides = {} }) => {
          delete overrides[siteKey()];
          await api.storage.local.set({ overrides });
          await reopen("auto");
          respond({ ok: true });
        });
        return true;
      default:
        return false;
    }
  });

  globalThis.__lecternToggle = () => toggle("auto");
  toggle("auto");
})();
