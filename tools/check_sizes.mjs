#!/usr/bin/env node
// Size budgets (run by ./build.sh test after the release build): fails when a shipped artefact
// is larger, gzipped, than its budget in tools/size_budgets.json. Budgets were set from the first
// measurement rounded up a little (see docs/BENCHMARKS.md); they are only ever lowered.
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./lib/corpus_browser.mjs";
import { sizes } from "./lib/sizes.mjs";

const budgets = JSON.parse(fs.readFileSync(path.join(ROOT, "tools", "size_budgets.json"), "utf8")).gzip_bytes;
const measured = sizes();
let failed = 0;
for (const [name, budget] of Object.entries(budgets)) {
  const m = measured[name];
  if (!m || m.files.length === 0) {
    console.log(`FAIL ${name}: nothing measured (not built?)`);
    failed++;
    continue;
  }
  const ok = m.gzip <= budget;
  if (!ok) failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name.padEnd(15)} ${String(m.gzip).padStart(8)} B gzip (budget ${budget}, ${String(m.raw).padStart(8)} B raw)`);
}
process.exit(failed ? 1 : 0);
