// Both entries ("node" and "default") export the same API; the wasm is ready on import.
export * from "./lectern.js";
