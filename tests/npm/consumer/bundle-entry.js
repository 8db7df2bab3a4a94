// Entry for the real bundler build (esbuild, --bundle --format=esm --platform=browser): imports
// the installed package by name, as an application would, and checks both APIs on the served page.
import { extract, extractHtml } from "lectern";

const results = (window.progress = []);
const check = (what, ok, detail = "") => results.push([what, !!ok, String(detail)]);
try {
  const article = extract(document);
  check("extract(document) title", article?.title === "Lectern in a bundle", article?.title);
  check("extract(document) text", article?.text.includes("one file built by a bundler"), article?.text);
  check("extract(document) dropped the menu", !article?.text.includes("Archive"), article?.text);
  const html = await (await fetch("../article.html")).text();
  const fromString = extractHtml(html);
  check("extractHtml", fromString?.title === "How Tide Pools Survive the Summer Heat", fromString?.title);
} catch (e) {
  check("no exception", false, e.stack || e);
}
window.results = results;
