// Runs in a fresh project that installed the lectern tarball: the package as a Node user sees it.
import { readFileSync } from "node:fs";
import { extractHtml, extractHtmlWithTrace, learnSite, SiteMemory } from "lectern";

const check = (ok, what) => console.log(`${ok ? "ok  " : "FAIL"} node: ${what}`);
const html = readFileSync(new URL("./article.html", import.meta.url), "utf8");

const t0 = performance.now();
const article = extractHtml(html, { url: "https://coastal-ledger.example/tide-pools" });
const ms = performance.now() - t0;
check(article?.title === "How Tide Pools Survive the Summer Heat", `title (${article?.title})`);
check(article.text.includes("small pools are left behind") && article.wordCount > 100, `text, ${article.wordCount} words`);
check(article.markdown.startsWith("#") || article.markdown.length > 100, "markdown");
check(article.confidence > 0.5, `confidence ${article.confidence.toFixed(2)}`);
check(Array.isArray(article.contentNodes) && article.contentNodes.length === 0, "no live nodes from a string");
const t1 = performance.now();
extractHtml(html, { url: "https://coastal-ledger.example/tide-pools" });
console.log(`     extractHtml on the sample: ${ms.toFixed(1)} ms first call, ${(performance.now() - t1).toFixed(1)} ms second`);

const errorName = (f) => { try { f(); return "no error"; } catch (e) { return e instanceof Error ? e.name : `not an Error: ${e}`; } };
check(errorName(() => extractHtml(html, { limits: { maxInputBytes: 100 } })) === "InputTooLarge", "InputTooLarge is typed");
check(errorName(() => extractHtml(html, { mood: "calm" })) === "InvalidOptions", "unknown option is InvalidOptions");
check(errorName(() => SiteMemory.import("{")) === "InvalidOptions", "bad memory JSON is InvalidOptions");

const memory = learnSite([html, html.replace("Summer Heat", "Winter Cold")]);
check(memory.pages === 2, `learnSite learned ${memory.pages} pages`);
const copy = SiteMemory.import(memory.export());
extractHtml(html, null, copy);
check(copy.pages === 3 && memory.pages === 2, "memory import/export and learning on extract");

const { trace } = extractHtmlWithTrace(html);
check(trace.stages.some((s) => s.name === "noise" && s.seed === "seed 001"), "trace stages name their seeds");
check(trace.regions.some((r) => r.label === "content-root" && r.kept), "trace regions");
