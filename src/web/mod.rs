//! The wasm-bindgen surface: `LiveDom` capture and JS exports. Only this module names
//! `wasm_bindgen`, `web_sys` and `js_sys`.
//!
//! Every export shares one time budget between capture and extraction, on `Date.now` (wasm32
//! has no std clock).

mod convert;
mod live;

pub use convert::JsOptions;
pub use live::{LiveDom, LiveNode};

use wasm_bindgen::prelude::*;
use web_sys::Document;

use crate::snapshot::capture::capture_with_handles;
use crate::{Deadline, Options};
use convert::JsResult;

/// Panics (which are bugs) show their message in the console instead of "unreachable".
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

fn deadline(options: &Options) -> Deadline {
    Deadline::new(options.limits.time_budget_ms, js_sys::Date::now)
}

/// `extract(document, options?)`: the article of a live document, or `null` when the page has
/// none. Never changes the page. `contentNodes` are the live nodes the content came from.
#[wasm_bindgen(js_name = extract, unchecked_return_type = "LecternArticle | null")]
pub fn extract(document: &Document, options: Option<JsOptions>) -> JsResult<JsValue> {
    let options = convert::options(options)?;
    let deadline = deadline(&options);
    let dom = LiveDom::new(document.clone());
    let (snap, handles) = capture_with_handles(&dom, &options.limits, &deadline)?;
    let article = crate::extract_snapshot_with_deadline(&snap, &options, &deadline)?;
    Ok(convert::article(article.as_ref(), &handles)?)
}

/// `extractHtml(html, options?)`: the article of an HTML string, or `null`.
#[cfg(feature = "html")]
#[wasm_bindgen(js_name = extractHtml, unchecked_return_type = "LecternArticle | null")]
pub fn extract_html(html: &str, options: Option<JsOptions>) -> JsResult<JsValue> {
    let options = convert::options(options)?;
    let deadline = deadline(&options);
    let snap = crate::native::parse_str(html, &options, &deadline)?;
    let article = crate::extract_snapshot_with_deadline(&snap, &options, &deadline)?;
    Ok(convert::article(article.as_ref(), &[])?)
}

/// `isProbablyReaderable(document)`: a cheap "is this an article?" for the toolbar button.
#[wasm_bindgen(js_name = isProbablyReaderable)]
pub fn is_probably_readerable(document: &Document) -> JsResult<bool> {
    let options = Options::default();
    let snap = crate::capture(
        &LiveDom::new(document.clone()),
        &options,
        &deadline(&options),
    )?;
    Ok(crate::is_probably_readerable(&snap))
}

/// `captureSnapshot(document)`: the captured page as a plain object; `JSON.stringify` of it is
/// a `snapshot.json` the native tools replay.
#[wasm_bindgen(js_name = captureSnapshot)]
pub fn capture_snapshot(document: &Document) -> JsResult<JsValue> {
    let options = Options::default();
    let snap = crate::capture(
        &LiveDom::new(document.clone()),
        &options,
        &deadline(&options),
    )?;
    Ok(convert::snapshot(&snap)?)
}
