// Extracts a corpus page with the npm build and renders the article's `html` twice: through
// `innerHTML` (as www/reader.js does) and through `createContextualFragment` (which would even run
// <script> elements). ?mode=html fetches the page and calls extractHtml; ?mode=live loads it in a
// same-origin iframe with scripts off and calls extract(document), checking the page is unchanged;
// ?mode=raw renders the page's own body unsanitised: the positive control that proves the
// sentinel and the request watch catch what they should.
import init, { extract, extractHtml } from "../../pkg/lectern.js";

const params = new URL(location.href).searchParams;
const src = new URL(params.get("src"), location.href).href;
const mode = params.get("mode") || "html";

/// Everything a reader could observably change about a page, serialised.
function pageState(doc) {
  const win = doc.defaultView;
  return JSON.stringify({
    html: doc.documentElement.outerHTML,
    title: doc.title,
    scroll: [win.scrollX, win.scrollY],
    active: doc.activeElement && doc.activeElement.tagName,
    url: doc.URL,
  });
}

async function loadFrame(url) {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-same-origin"); // page scripts off; DOM readable
  frame.style.cssText = "width:1000px;height:800px;border:0";
  const loaded = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
  frame.src = url;
  document.body.append(frame);
  await loaded;
  return frame;
}

function render(html) {
  document.getElementById("by-innerhtml").innerHTML = html;
  const target = document.getElementById("by-fragment");
  target.append(document.createRange().createContextualFragment(html));
}

async function main() {
  await init();
  const result = { mode, src, article: false, unchanged: null };
  let html = "";
  if (mode === "live") {
    const frame = await loadFrame(src);
    const doc = frame.contentDocument;
    const before = pageState(doc);
    const article = extract(doc, {});
    result.unchanged = pageState(doc) === before;
    if (!result.unchanged) result.diff = [before.length, pageState(doc).length];
    result.article = !!article;
    html = article ? article.html : "";
    result.title = article && article.title;
    frame.remove(); // the source page is done; what remains is only the rendered article
  } else {
    const text = await (await fetch(src)).text();
    if (mode === "raw") {
      html = new DOMParser().parseFromString(text, "text/html").body.innerHTML;
      result.article = true;
    } else {
      const article = extractHtml(text, { url: src });
      result.article = !!article;
      html = article ? article.html : "";
      result.title = article && article.title;
    }
  }
  render(html);
  result.htmlLength = html.length;
  // Give error/load events, lazy requests and timers time to fire.
  await new Promise((r) => setTimeout(r, 400));
  window.__result = result;
  document.body.dataset.ready = "1";
}

main().catch((e) => {
  window.__result = { mode, src, error: String(e && e.stack || e) };
  document.body.dataset.ready = "1";
});
