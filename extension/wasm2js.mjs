// Builds the strict-CSP fallback of the extension's core: the same cargo output as extension/pkg/
// (one compile, one algorithm), bound by wasm-bindgen and turned into JavaScript by binaryen's wasm2js.
//
// wasm2js handles neither multi-value returns nor a second table. wasm-bindgen uses multi-value
// only when the target_features section says so, so that section is stripped first. wasm2js handles one funcref table only, and wasm-bindgen keeps JS values in a second, externref
// table. So before wasm2js: lower sign-ext / non-trapping float-to-int / bulk-memory ops, then
// rewrite every `table.get|set|grow|fill|size` on the externref table into calls to imported
// functions backed by a JS array, and drop the table. The output module exports
// `instantiate(imports)` returning an exports object shaped like the wasm instance's (with
// `__wbindgen_externrefs` as an object offering the Table methods the glue uses), so the glue's own
// init accepts it (see content.js).
// Usage: node extension/wasm2js.mjs target/…/release/lectern.wasm extension/pkg-js
// (the raw cargo output of the extension build; writes lectern.js glue + lectern_wasm2js.js)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";

const [input, outDir] = process.argv.slice(2);
if (!input || !outDir) throw new Error("usage: wasm2js.mjs RAW.wasm OUT_DIR");
const output = path.join(outDir, "lectern_wasm2js.js");
const bin = (name) => path.resolve("node_modules", ".bin", name);
const run = (name, args) => execFileSync(bin(name), args, { stdio: ["ignore", "inherit", "inherit"] });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-wasm2js-"));
const IMPORT_MODULE = "lectern:externref";
// The features rustc + wasm-bindgen emit today (what the lowering passes below remove, plus the
// reference types left in import signatures).
const features = ["--enable-sign-ext", "--enable-mutable-globals", "--enable-nontrapping-float-to-int",
  "--enable-bulk-memory", "--enable-bulk-memory-opt", "--enable-reference-types", "--enable-multivalue",
  "--enable-call-indirect-overlong"];

try {
  // Without a target_features section wasm-bindgen returns results through memory instead of
  // multi-value (which wasm2js cannot express); the externref table stays and is rewritten below.
  run("wasm-opt", [input, "--strip-target-features", "-o", path.join(tmp, "plain.wasm")]);
  execFileSync("wasm-bindgen", ["--target", "web", "--remove-name-section", "--remove-producers-section",
    "--out-dir", outDir, "--out-name", "lectern", path.join(tmp, "plain.wasm")], { stdio: ["ignore", "inherit", "pipe"] });
  // wasm2js -O2 below optimizes; no wasm-opt pass is needed before it.
  run("wasm-dis", [...features, path.join(outDir, "lectern_bg.wasm"), "-o", path.join(tmp, "in.wat")]);
  fs.rmSync(path.join(outDir, "lectern_bg.wasm"));
  let wat = fs.readFileSync(path.join(tmp, "in.wat"), "utf8");

  const table = wat.match(/^ \(table (\$\S+) \d+(?: \d+)? externref\)\n/m);
  if (!table) throw new Error("no externref table found: has wasm-bindgen's output changed?");
  const t = table[1].replace(/\$/g, "\\$");
  const initialRefs = Number(table[0].match(/ (\d+)/)[1]);
  wat = wat.replace(table[0], "");
  wat = wat.replace(new RegExp(`^ \\(export "([^"]+)" \\(table ${t}\\)\\)\n`, "m"), (_, name) => {
    if (name !== "__wbindgen_externrefs") throw new Error(`unexpected table export ${name}`);
    return "";
  });
  const ops = { get: 0, set: 0, grow: 0, fill: 0, size: 0 };
  wat = wat.replace(new RegExp(`\\(table\\.(get|set|grow|fill|size) ${t}\\b`, "g"), (_, op) => {
    ops[op]++;
    return `(call $__lectern_ext_${op}`;
  });
  const sigs = {
    get: "(param i32) (result externref)",
    set: "(param i32 externref)",
    grow: "(param externref i32) (result i32)",
    fill: "(param i32 externref i32)",
    size: "(result i32)",
  };
  const imports = Object.entries(sigs)
    .map(([op, sig]) => ` (import "${IMPORT_MODULE}" "${op}" (func $__lectern_ext_${op} ${sig}))\n`)
    .join("");
  const lastImport = [...wat.matchAll(/^ \(import .*\n/gm)].pop();
  const at = lastImport ? lastImport.index + lastImport[0].length : wat.indexOf("\n") + 1;
  wat = wat.slice(0, at) + imports + wat.slice(at);
  if (new RegExp(`\\((table\\.\\w+|table|export "[^"]*" \\(table) ${t}[ )]`).test(wat)) throw new Error("externref table still referenced after rewrite");
  fs.writeFileSync(path.join(tmp, "out.wat"), wat);
  run("wasm-as", [...features, path.join(tmp, "out.wat"), "-o", path.join(tmp, "out.wasm")]);
  run("wasm-opt", [...features, path.join(tmp, "out.wasm"), "--signext-lowering",
    "--llvm-nontrapping-fptoint-lowering", "--llvm-memory-copy-fill-lowering", "-o", path.join(tmp, "lowered.wasm")]);
  run("wasm2js", [...features, path.join(tmp, "lowered.wasm"), "-O2", "-o", path.join(tmp, "out.js")]);
  let js = fs.readFileSync(path.join(tmp, "out.js"), "utf8");

  // wasm2js writes an ES module that instantiates at load time; keep its asmFunc(imports) and let
  // the caller instantiate with the glue's imports.
  const cut = js.search(/^var retasmFunc = /m);
  if (cut < 0 || !/^function asmFunc\(imports\) \{$/m.test(js)) throw new Error("unexpected wasm2js output shape");
  let fn = js.slice(0, cut).replace(/^import .*\n/gm, "");
  // Imports with an i64 parameter are called with (low, high) halves; the glue wants a BigInt.
  fn = fn.replace(/^ var legalimport\$(\S+) = (\S+);$/gm, (_, name, target) => {
    const sig = wat.match(new RegExp(`\\(import "[^"]+" "${target.split(".").pop()}" \\(func \\$\\S+ ([^\n]*)\\)\\)`));
    if (!sig || !/^\(param i64\)( \(result \w+\))?$/.test(sig[1])) throw new Error(`cannot wrap legalized import ${target}: ${sig?.[1]}`);
    return ` var legalimport$${name} = i64Param(${target});`;
  });
  // The glue notices a grown memory by its old buffer being detached: transfer() detaches it.
  const grow = "var newBuffer = new ArrayBuffer(newPages << 16);\n   var newHEAP8 = new Int8Array(newBuffer);\n   newHEAP8.set(HEAP8);";
  if (!fn.includes(grow)) throw new Error("unexpected wasm2js memory.grow shape");
  fn = fn.replace(grow, "var newBuffer = buffer.transfer(newPages << 16);");
  js = `// Generated by extension/wasm2js.mjs from the extension's wasm (binaryen wasm2js). Do not edit.
const i64Param = (f) => (lo, hi) => f(BigInt.asIntN(64, (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0)));
${fn}
/** An exports object like the wasm instance's, for the wasm-bindgen glue. */
export function instantiate(imports) {
  const refs = new Array(${initialRefs}).fill(undefined);
  const externrefs = {
    get: (i) => refs[i],
    set: (i, v) => { refs[i] = v; },
    grow: (delta, init) => { const old = refs.length; for (let k = 0; k < delta; k++) refs.push(init); return old; },
    get length() { return refs.length; },
  };
  const exports = asmFunc({ ...imports, ${JSON.stringify(IMPORT_MODULE)}: {
    get: externrefs.get, set: externrefs.set, size: () => refs.length,
    grow: (init, delta) => externrefs.grow(delta, init),
    fill: (i, v, n) => { for (let k = 0; k < n; k++) refs[i + k] = v; },
  } });
  return Object.assign(exports, { __wbindgen_externrefs: externrefs });
}
`;
  fs.mkdirSync(path.dirname(output), { recursive: true });
  fs.writeFileSync(output, js);
  console.log(`${output}: ${js.length} bytes; externref table ops rewritten: ${JSON.stringify(ops)}`);
} finally {
  if (!process.env.KEEP_TMP) fs.rmSync(tmp, { recursive: true, force: true });
  else console.error(tmp);
}
