//! The wasm-bindgen surface: `LiveDom` capture and JS exports. Only this module names
//! `wasm_bindgen`, `web_sys` and `js_sys`.
//!
//! Every export shares one time budget between capture and extraction, on `performance.now`
//! (wasm32 has no std clock; `performance` exists in windows, workers and Node). Errors are
//! thrown as JS `Error`s whose `name` is the [`crate::Error`] variant.

mod convert;
mod live;
mod memory;

pub use convert::{JsMemory, JsOptions};
pub use live::{LiveDom, LiveNode};
pub use memory::SiteMemory;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Document;

use crate::snapshot::capture::capture_with_handles;
use crate::snapshot::Snapshot;
use crate::{Article, Deadline, Error, Options, Trace};
use convert::JsResult;

/// Panics (which are bugs) show their message in the console instead of "unreachable".
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: sub-millisecond stage timings (`Date.now` rounds to 1 ms).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

fn deadline(options: &Options) -> Deadline {
    Deadline::new(options.limits.time_budget_ms, performance_now)
}

/// The argument as a `Document`, or `NotADocument`. Checked by `nodeType` rather than
/// `instanceof`, which fails for documents of other realms (iframes).
fn as_document(value: &JsValue) -> Result<Document, Error> {
    let node_type = js_sys::Reflect::get(value, &JsValue::from_str("nodeType"))
        .ok()
        .and_then(|v| v.as_f64());
    if !value.is_object() || node_type != Some(9.0) {
        return Err(Error::NotADocument(
            "expected a DOM Document (e.g. `document` or `iframe.contentDocument`)".into(),
        ));
    }
    Ok(value.clone().unchecked_into())
}

/// Runs the engine on `snap`: with a memory (a JS `SiteMemory`) it uses it and learns this page.
fn run(
    snap: &Snapshot,
    options: &Options,
    memory: Option<JsMemory>,
    deadline: &Deadline,
) -> Result<(Option<Article>, Trace), Error> {
    SiteMemory::with_js(memory, |m| match m {
        Some(m) => crate::extract::extract_and_learn(snap, options, m, deadline),
        None => crate::extract::extract_with_trace(snap, options, deadline),
    })
}

/// Captures a live document and runs the engine on it; `handles[id]` is node `id`'s live node.
fn run_live(
    document: &JsValue,
    options: Option<JsOptions>,
    memory: Option<JsMemory>,
) -> Result<(Option<Article>, Trace, Snapshot, Vec<LiveNode>), Error> {
    let document = as_document(document)?;
    let options = convert::options(options)?;
    let deadline = deadline(&options);
    let (snap, handles) =
        capture_with_handles(&LiveDom::new(document), &options.limits, &deadline)?;
    let (article, trace) = run(&snap, &options, memory, &deadline)?;
    Ok((article, trace, snap, handles))
}

/// `extract(document, options?, memory?)`: the article of a live document, or `null` when the
/// page has none. Never changes the page. `contentNodes` are the live nodes the content came
/// from. With a `SiteMemory`, uses what it knows about the site and learns this page.
#[wasm_bindgen(js_name = extract, unchecked_return_type = "LecternArticle | null")]
pub fn extract(
    #[wasm_bindgen(unchecked_param_type = "Document")] document: &JsValue,
    options: Option<JsOptions>,
    memory: Option<JsMemory>,
) -> JsResult<JsValue> {
    let (article, _, _, handles) = run_live(document, options, memory)?;
    Ok(convert::article(article.as_ref(), &handles)?)
}

/// `extractWithTrace(document, options?, memory?)`: `{article, trace}`; the trace lists every
/// stage (time, counts) and every kept/dropped region with its reason and live node.
#[wasm_bindgen(js_name = extractWithTrace, unchecked_return_type = "LecternTraced")]
pub fn extract_with_trace(
    #[wasm_bindgen(unchecked_param_type = "Document")] document: &JsValue,
    options: Option<JsOptions>,
    memory: Option<JsMemory>,
) -> JsResult<JsValue> {
    let (article, trace, snap, handles) = run_live(document, options, memory)?;
    Ok(convert::traced(article.as_ref(), &trace, &snap, &handles)?)
}

/// Parses an HTML string within the options' limits and budget.
#[cfg(feature = "html")]
fn parse(html: &str, options: &Options, deadline: &Deadline) -> Result<Snapshot, Error> {
    crate::native::parse_str(html, options, deadline)
}

/// Parses an HTML string and runs the engine on it, on one budget.
#[cfg(feature = "html")]
fn run_html(
    html: &str,
    options: Option<JsOptions>,
    memory: Option<JsMemory>,
) -> Result<(Option<Article>, Trace, Snapshot), Error> {
    let options = convert::options(options)?;
    let deadline = deadline(&options);
    let snap = parse(html, &options, &deadline)?;
    let (article, trace) = run(&snap, &options, memory, &deadline)?;
    Ok((article, trace, snap))
}

/// `extractHtml(html, options?, memory?)`: the article of an HTML string, or `null`. With a
/// `SiteMemory`, uses it and learns this page.
#[cfg(feature = "html")]
#[wasm_bindgen(js_name = extractHtml, unchecked_return_type = "LecternArticle | null")]
pub fn extract_html(
    html: &str,
    options: Option<JsOptions>,
    memory: Option<JsMemory>,
) -> JsResult<JsValue> {
    let (article, _, _) = run_html(html, options, memory)?;
    Ok(convert::article(article.as_ref(), &[])?)
}

/// `extractHtmlWithTrace(html, options?, memory?)`: as `extractWithTrace` on an HTML string
/// (regions carry `node: null`).
#[cfg(feature = "html")]
#[wasm_bindgen(js_name = extractHtmlWithTrace, unchecked_return_type = "LecternTraced")]
pub fn extract_html_with_trace(
    html: &str,
    options: Option<JsOptions>,
    memory: Option<JsMemory>,
) -> JsResult<JsValue> {
    let (article, trace, snap) = run_html(html, options, memory)?;
    Ok(convert::traced(article.as_ref(), &trace, &snap, &[])?)
}

/// `learnSite(pages, options?)`: a `SiteMemory` learned from HTML strings of one site, in
/// order. Each page gets its own time budget.
#[cfg(feature = "html")]
#[wasm_bindgen(js_name = learnSite)]
pub fn learn_site(pages: Vec<String>, options: Option<JsOptions>) -> JsResult<SiteMemory> {
    let options = convert::options(options)?;
    let memory = SiteMemory::new();
    for html in &pages {
        let deadline = deadline(&options);
        let snap = parse(html, &options, &deadline)?;
        memory.with(|m| crate::extract::extract_and_learn(&snap, &options, m, &deadline))?;
    }
    Ok(memory)
}

/// `isProbablyReaderable(document)`: a cheap "is this an article?" for the toolbar button.
#[wasm_bindgen(js_name = isProbablyReaderable)]
pub fn is_probably_readerable(
    #[wasm_bindgen(unchecked_param_type = "Document")] document: &JsValue,
) -> JsResult<bool> {
    let document = as_document(document)?;
    let options = Options::default();
    let snap = crate::capture(&LiveDom::new(document), &options, &deadline(&options))?;
    Ok(crate::is_probably_readerable(&snap))
}

/// `captureSnapshot(document)`: the captured page as a plain object; `JSON.stringify` of it is
/// a `snapshot.json` the native tools replay.
#[wasm_bindgen(js_name = captureSnapshot, unchecked_return_type = "object")]
pub fn capture_snapshot(
    #[wasm_bindgen(unchecked_param_type = "Document")] document: &JsValue,
) -> JsResult<JsValue> {
    let document = as_document(document)?;
    let options = Options::default();
    let snap = crate::capture(&LiveDom::new(document), &options, &deadline(&options))?;
    Ok(convert::snapshot(&snap)?)
}
