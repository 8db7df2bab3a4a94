// The npm package as users get it: `npm pack` of pkg/, installed from the tarball into a fresh
// project (offline), then used from Node (string API, site memory, typed errors), type-checked
// with tsc (typings + a consumer file), and imported in headless Chromium from a plain
// <script type="module"> (live-DOM extract, trace) and from a module worker (extractHtml).
// Usage: node tests/npm/package.mjs   (after ./build.sh npm; prints sizes and timings)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "../browser/chromium.mjs";
import { serve } from "../browser/serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const fixtures = path.join(here, "consumer");
let failures = 0;
const check = (ok, what, detail = "") => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${ok || !detail ? "" : `: ${detail}`}`);
  if (!ok) failures++;
};
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

// 1. Pack and install into a temporary project, offline (the package has no dependencies).
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-npm-"));
const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", tmp], path.join(root, "pkg")))[0];
console.log(`tarball ${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${packed.files.length} files`);
const shipped = packed.files.map((f) => f.path);
for (const f of ["browser.js", "node.js", "index.d.ts", "lectern.js", "lectern.d.ts", "lectern_bg.wasm", "package.json", "README.md"]) {
  check(shipped.includes(f), `tarball ships ${f}`);
}
check(shipped.some((f) => f.startsWith("snippets/")), "tarball ships the inline JS snippets");
const app = path.join(tmp, "app");
fs.cpSync(fixtures, app, { recursive: true });
fs.copyFileSync(path.join(root, "samples", "article.html"), path.join(app, "article.html"));
run("npm", ["install", "--offline", "--no-audit", "--no-fund", path.join(tmp, packed.filename)], app);
check(fs.existsSync(path.join(app, "node_modules", "lectern", "lectern_bg.wasm")), "installed from the tarball");

// 2. Node: a plain `import` of "lectern", no flags.
try {
  const out = run(process.execPath, ["node-consumer.mjs"], app);
  process.stdout.write(out);
  check(!/^FAIL/m.test(out), "Node consumer");
} catch (e) {
  check(false, "Node consumer", `${e.stdout || ""}${e.stderr || e.message}`);
}

// 3. TypeScript: the shipped typings and a consumer file, strict.
try {
  run(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], app);
  check(true, "tsc --noEmit over the typings and consumer.ts");
} catch (e) {
  check(false, "tsc --noEmit over the typings and consumer.ts", e.stdout || e.message);
}

// 4. Browser: a served page with an import map, a live-DOM extract and a module worker.
const server = await serve(0, app);
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("response", (r) => r.status() >= 400 && !r.url().endsWith("/favicon.ico") && errors.push(`${r.status()} ${r.url()}`));
  await page.goto(`${base}/browser.html`);
  const results = await page
    .waitForFunction(() => window.results, null, { timeout: 30000 })
    .then(() => page.evaluate(() => window.results))
    .catch(async (e) => [
      ...((await page.evaluate(() => window.progress).catch(() => null)) || []),
      ["page finished", false, e.message],
    ]);
  for (const [what, ok, detail] of results) check(ok, `browser: ${what}`, detail);
  const real = errors.filter((e) => !e.startsWith("Failed to load resource"));
  check(real.length === 0, "browser: no page errors", real.join("; "));
} finally {
  await browser.close();
  server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(failures ? `${failures} npm package check(s) failed` : "npm package: all checks passed");
process.exitCode = failures ? 1 : 0;
