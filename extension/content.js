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
          article = lectern.extract(document);
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

  api.runtime.onMessage.addListener((msg, _sender, respond) => {
    switch (msg?.type) {
      case "lectern:payload":
        respond(open ? open.payload : { article: null, error: "reader is not open" });
        return false;
      case "lectern:close":
        close();
        respond({ ok: true });
        return false;
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
