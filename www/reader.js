// Minimal reader page: fetches a page (?src=URL, same origin), extracts it with the npm build of
// Lectern, and shows the article. The html inserted below is Lectern's allowlisted output, never page HTML.
import init, { extractHtml } from "../pkg/lectern.js";

const $ = (id) => document.getElementById(id);

async function main() {
  await init();
  const src = new URL(location.href).searchParams.get("src") || "../samples/article.html";
  const url = new URL(src, location.href).href;
  const html = await (await fetch(url)).text();
  const t0 = performance.now();
  const article = extractHtml(html, { url });
  const ms = performance.now() - t0;
  if (!article) {
    $("status").textContent = "Lectern found no article on this page.";
    document.body.dataset.ready = "none";
    return;
  }
  document.documentElement.lang = article.lang || "en";
  if (article.dir) document.documentElement.dir = article.dir;
  document.title = article.title || "Lectern reader";
  $("title").textContent = article.title || "";
  $("byline").textContent = article.byline ? article.byline : "";
  $("date").textContent = article.published ? `· ${article.published.slice(0, 10)}` : "";
  $("site").textContent = article.siteName ? `· ${article.siteName}` : "";
  $("reading").textContent = article.readingTime ? `· ${article.readingTime} min read` : "";
  $("original").href = url;
  $("content").innerHTML = article.html; // allowlisted by Lectern's renderer
  $("status").textContent = `Extracted in ${ms.toFixed(1)} ms.`;
  $("article").hidden = false;
  $("article").focus();
  document.body.dataset.ready = "article";
}

main().catch((e) => {
  $("status").textContent = `Extraction failed: ${e.message || e}`;
  document.body.dataset.ready = "error";
});
