//! `SiteMemory` for JS: what Lectern remembers about one site (seed 000), as a class whose
//! state goes in and out as a JSON string (e.g. for `chrome.storage` or `localStorage`).
//!
//! wasm-bindgen cannot take an optional borrowed class instance as an argument
//! (`Option<&mut SiteMemory>`), and `extract(document, options, memory)` must not consume the
//! caller's memory. So the JS object holds only an id; the memories live here, in a
//! per-instance store, until the object is freed (`free()` or garbage collection).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use wasm_bindgen::prelude::*;

use super::convert::{JsMemory, JsResult};
use crate::Error;

thread_local! {
    static STORE: RefCell<HashMap<u32, crate::SiteMemory>> = RefCell::new(HashMap::new());
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
}

/// The JS property that carries a memory's id (not in the typings).
const ID_KEY: &str = "__lecternMemoryId";

/// What Lectern remembers about one site: texts repeated across its pages and tag paths that
/// were always dropped. Keep one per site (e.g. per origin) and pass it to `extract`,
/// `extractHtml` or `extractWithTrace`, which use it and learn the page. Bounded (oldest
/// entries evicted), so its JSON stays small.
#[wasm_bindgen]
#[derive(Debug)]
pub struct SiteMemory {
    id: u32,
}

impl SiteMemory {
    fn with_state(inner: crate::SiteMemory) -> SiteMemory {
        let id = NEXT_ID.with(|n| {
            let id = n.get();
            n.set(id.wrapping_add(1).max(1));
            id
        });
        STORE.with(|s| s.borrow_mut().insert(id, inner));
        SiteMemory { id }
    }

    /// Runs `f` on this memory's state.
    pub fn with<T>(&self, f: impl FnOnce(&mut crate::SiteMemory) -> T) -> T {
        STORE.with(|s| f(s.borrow_mut().entry(self.id).or_default()))
    }

    /// Runs `f` on the state of the memory `value` (a JS `SiteMemory`); `None` when there is
    /// none (`undefined` or `null`), an `InvalidOptions` error when it is not a `SiteMemory`.
    pub fn with_js<T>(
        value: Option<JsMemory>,
        f: impl FnOnce(Option<&mut crate::SiteMemory>) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let Some(value) = value.map(JsValue::from) else {
            return f(None);
        };
        let id = js_sys::Reflect::get(&value, &JsValue::from_str(ID_KEY))
            .ok()
            .and_then(|v| v.as_f64())
            .ok_or_else(|| {
                Error::InvalidOptions("the memory argument must be a SiteMemory".into())
            })?;
        // Take the state out while `f` runs, so a re-entrant call cannot alias it.
        let id = id as u32;
        let mut state = STORE
            .with(|s| s.borrow_mut().remove(&id))
            .ok_or_else(|| Error::InvalidOptions("this SiteMemory was freed".into()))?;
        let out = f(Some(&mut state));
        STORE.with(|s| s.borrow_mut().insert(id, state));
        out
    }
}

impl Drop for SiteMemory {
    fn drop(&mut self) {
        // `try_with`: during thread teardown the store may already be gone.
        let _ = STORE.try_with(|s| s.borrow_mut().remove(&self.id));
    }
}

#[wasm_bindgen]
impl SiteMemory {
    /// An empty memory.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> SiteMemory {
        SiteMemory::with_state(crate::SiteMemory::default())
    }

    /// A memory from the JSON `export()` returned. Throws `InvalidOptions` when it is not one.
    #[wasm_bindgen(js_name = import)]
    pub fn import(json: &str) -> JsResult<SiteMemory> {
        let not_memory = |e: String| {
            Error::InvalidOptions(format!(
                "not a site memory (expected the JSON of SiteMemory.export()): {e}"
            ))
        };
        // The crate's own JSON reader (see `crate::de`): no JSON library in the wasm.
        let inner = crate::de::from_str(json).map_err(|e| not_memory(e.to_string()))?;
        Ok(SiteMemory::with_state(inner))
    }

    /// The memory as a JSON string, for storage; `SiteMemory.import` reads it back, and so
    /// does native code (`serde_json` into `lectern::SiteMemory`). Keys are sorted, so equal
    /// memories export equal strings.
    #[wasm_bindgen(js_name = export)]
    pub fn export(&self) -> JsResult<String> {
        // The maps serialize as sorted rows (see `SiteMemory`), so the string is stable.
        let fail = |why: String| Error::Dom(format!("could not serialize the site memory: {why}"));
        let value = self
            .with(|m| serde_wasm_bindgen::to_value(m))
            .map_err(|e| fail(e.to_string()))?;
        let json =
            js_sys::JSON::stringify(&value).map_err(|_| fail("JSON.stringify failed".into()))?;
        Ok(String::from(json))
    }

    /// How many pages this memory has learned.
    #[wasm_bindgen(getter)]
    pub fn pages(&self) -> u32 {
        self.with(|m| m.pages)
    }

    /// The id that lets `extract(…, memory)` find this memory's state.
    #[wasm_bindgen(getter = __lecternMemoryId, skip_typescript)]
    pub fn memory_id(&self) -> u32 {
        self.id
    }
}
