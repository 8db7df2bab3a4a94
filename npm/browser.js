// Entry for browsers, module workers and bundlers: compiles lectern_bg.wasm (next to this file)
// once, on import, with top-level await. For a custom wasm location or a strict CSP, import
// "lectern/init" instead and call its default export yourself.
import init from "./lectern.js";

export * from "./lectern.js";

await init({ module_or_path: new URL("./lectern_bg.wasm", import.meta.url) });
