// A module worker: no DOM, so the string API. Imports the installed package by path (workers
// do not see the page's import map). The import finishes with top-level await (wasm
// compilation), and a message that arrives before that can be lost: say "ready" first.
import { extractHtml } from "./node_modules/lectern/browser.js";

self.onmessage = (e) => {
  const article = extractHtml(e.data, { url: "https://coastal-ledger.example/tide-pools" });
  let error = "none";
  try {
    extractHtml(e.data, { limits: { maxInputBytes: 10 } });
  } catch (err) {
    error = err.name;
  }
  self.postMessage({ title: article?.title, words: article?.wordCount, error });
};

self.postMessage("ready");
