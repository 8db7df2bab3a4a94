//! The wasm-bindgen surface: `LiveDom` capture and JS exports. Only this module names
//! `wasm_bindgen`, `web_sys` and `js_sys`.
