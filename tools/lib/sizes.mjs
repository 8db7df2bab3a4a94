// Shipped sizes, raw and gzip -9: the extension's wasm and JS, the npm package's wasm and JS, and
// the npm tarball (`npm pack pkg/`). Used by tools/check_sizes.mjs and tools/bench_report.mjs.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT } from "./corpus_browser.mjs";

function files(dir, ext) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map((f) => path.join(dir, f))
    .filter((f) => f.endsWith(ext) && fs.statSync(f).isFile()).sort();
}

function measure(list) {
  const bufs = list.map((f) => fs.readFileSync(f));
  return {
    files: list.map((f) => path.relative(ROOT, f)),
    raw: bufs.reduce((n, b) => n + b.length, 0),
    gzip: bufs.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0),
  };
}

/** `{name: {files, raw, gzip}}`; the tarball's gzip is the .tgz itself. Needs ./build.sh build. */
export function sizes() {
  const ext = path.join(ROOT, "extension");
  const pkg = path.join(ROOT, "pkg");
  const out = {
    "extension wasm": measure(files(path.join(ext, "pkg"), ".wasm")),
    "extension glue JS": measure(files(path.join(ext, "pkg"), ".js")),
    // Everything the extension ships as JavaScript: the wasm-bindgen glue and its own scripts.
    "extension JS (all)": measure(files(ext, ".js")),
    "npm wasm": measure(files(pkg, ".wasm")),
    "npm JS": measure(files(pkg, ".js")),
  };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-pack-"));
  try {
    const info = JSON.parse(execFileSync("npm", ["pack", pkg, "--json", "--pack-destination", tmp],
      { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }))[0];
    out["npm tarball"] = { files: info.files.map((f) => f.path), raw: info.unpackedSize, gzip: info.size };
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return out;
}
