// Entry for Node ≥ 20 (and other runtimes with the "node" export condition): reads the wasm
// bytes with fs and instantiates them synchronously on import. No flags, no fetch.
import { readFileSync } from "node:fs";
import { initSync } from "./lectern.js";

export * from "./lectern.js";

initSync({ module: readFileSync(new URL("./lectern_bg.wasm", import.meta.url)) });
