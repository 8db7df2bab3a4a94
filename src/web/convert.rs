//! Every conversion between Rust values and JS values, in one place.
//!
//! Errors: [`crate::Error`] implements `std::error::Error`, so `?` turns it into a `JsError`
//! through wasm-bindgen's blanket `From`, whose message is the error's `Display` text — the one
//! `Result → JsError` conversion, used by every export.

use js_sys::{Array, Object, Reflect};
use serde::Serialize;
use wasm_bindgen::{JsCast, JsError, JsValue};

use super::live::LiveNode;
use crate::{Article, Error, Options, Snapshot};

/// What every export returns.
pub type JsResult<T> = Result<T, JsError>;

// The JS shapes of `options` and of the result, for the generated `.d.ts`. They mirror
// `Options`/`Limits` and `ArticleOut` below (defaults are documented once, on the Rust types).
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** Extraction options; every key is optional. Unknown keys are an error. */
export interface LecternOptions {
  /** Page URL for resolving relative links (the live DOM supplies its own). */
  url?: string | null;
  /** Precision/recall trade-off. Default "balanced". */
  mode?: "precision" | "balanced" | "recall";
  /** Resource limits; past one, a typed error or a result with `truncated: true`. */
  limits?: {
    maxInputBytes?: number;
    maxNodes?: number;
    maxDepth?: number;
    maxTextBytes?: number;
    /** Milliseconds for capture + extraction; 0 disables. Default 5000. */
    timeBudgetMs?: number;
  };
}

/** An extracted article. Absent values are null. */
export interface LecternArticle {
  title: string | null;
  byline: string | null;
  authors: string[];
  published: string | null;
  modified: string | null;
  siteName: string | null;
  lang: string | null;
  dir: "ltr" | "rtl" | null;
  excerpt: string | null;
  leadImage: string | null;
  html: string;
  text: string;
  markdown: string;
  wordCount: number;
  readingTime: number;
  /** 0–1. */
  confidence: number;
  truncated: boolean;
  /** The live nodes the content came from (empty for `extractHtml`). */
  contentNodes: Node[];
}
"#;

/// `null` for absent values (rather than `undefined`) so `JSON.stringify` keeps every key and
/// native serde reads the JSON back unchanged.
fn serializer() -> serde_wasm_bindgen::Serializer {
    serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true)
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The `options` argument: a plain object typed `LecternOptions` in the `.d.ts`.
    #[wasm_bindgen(typescript_type = "LecternOptions")]
    pub type JsOptions;
}

/// Options from a plain JS object (camelCase keys, unknown keys rejected); `undefined` or
/// `null` mean the defaults.
pub fn options(value: Option<JsOptions>) -> Result<Options, Error> {
    let Some(value) = value
        .map(JsValue::from)
        .filter(|v| !v.is_undefined() && !v.is_null())
    else {
        return Ok(Options::default());
    };
    // serde-wasm-bindgen reads only the fields a struct names, so a misspelt key would be
    // silently ignored; the known keys are those of the serialized defaults.
    let known = Options::default()
        .serialize(&serializer())
        .map_err(|e| Error::InvalidOptions(e.to_string()))?;
    reject_unknown_keys(&value, &known, "")?;
    serde_wasm_bindgen::from_value(value).map_err(|e| Error::InvalidOptions(e.to_string()))
}

/// Errors on the first key of `given` (recursively, for nested plain objects) that `known`
/// does not have.
fn reject_unknown_keys(given: &JsValue, known: &JsValue, path: &str) -> Result<(), Error> {
    if !is_plain_object(given) || !is_plain_object(known) {
        return Ok(());
    }
    for key in Object::keys(given.unchecked_ref::<Object>()).iter() {
        let name = key.as_string().unwrap_or_default();
        let has = Reflect::has(known, &key).unwrap_or(false);
        if !has {
            let expected: Vec<String> = Object::keys(known.unchecked_ref::<Object>())
                .iter()
                .filter_map(|k| k.as_string())
                .collect();
            return Err(Error::InvalidOptions(format!(
                "unknown key `{path}{name}` (expected one of: {})",
                expected.join(", ")
            )));
        }
        let inner = |o: &JsValue| Reflect::get(o, &key).unwrap_or(JsValue::UNDEFINED);
        reject_unknown_keys(&inner(given), &inner(known), &format!("{path}{name}."))?;
    }
    Ok(())
}

fn is_plain_object(v: &JsValue) -> bool {
    v.is_object() && !Array::is_array(v)
}

/// A snapshot as a plain JS object; `JSON.stringify` of it is a `snapshot.json` that native
/// code reads with serde.
pub fn snapshot(snap: &Snapshot) -> Result<JsValue, Error> {
    snap.serialize(&serializer())
        .map_err(|e| Error::Dom(format!("could not convert the snapshot: {e}")))
}

/// The article fields JS sees, in the documented order.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArticleOut<'a> {
    title: &'a Option<String>,
    byline: &'a Option<String>,
    authors: &'a [String],
    published: &'a Option<String>,
    modified: &'a Option<String>,
    site_name: &'a Option<String>,
    lang: &'a Option<String>,
    dir: &'a Option<String>,
    excerpt: &'a Option<String>,
    lead_image: &'a Option<String>,
    html: String,
    text: String,
    markdown: String,
    word_count: usize,
    reading_time: u32,
    confidence: f32,
    truncated: bool,
}

/// An article as a plain JS object, `null` when there is none. `contentNodes` holds the live
/// DOM nodes behind `article.content` (empty when extracted from an HTML string).
pub fn article(article: Option<&Article>, handles: &[LiveNode]) -> Result<JsValue, Error> {
    let Some(a) = article else {
        return Ok(JsValue::NULL);
    };
    let text = crate::to_text(a);
    let out = ArticleOut {
        title: &a.title,
        byline: &a.byline,
        authors: &a.authors,
        published: &a.published,
        modified: &a.modified,
        site_name: &a.site_name,
        lang: &a.lang,
        dir: &a.dir,
        excerpt: &a.excerpt,
        lead_image: &a.lead_image,
        html: crate::to_html(a),
        markdown: crate::to_markdown(a),
        text,
        word_count: a.word_count,
        reading_time: a.reading_time,
        confidence: a.confidence,
        truncated: a.truncated,
    };
    let obj = out
        .serialize(&serializer())
        .map_err(|e| Error::Dom(format!("could not convert the article: {e}")))?;
    let nodes: Array = a
        .content
        .iter()
        .filter_map(|id| handles.get(id.index()))
        .map(|h| JsValue::from(h.node.clone()))
        .collect();
    set(&obj, "contentNodes", &nodes)?;
    Ok(obj)
}

fn set(target: &JsValue, key: &str, value: &JsValue) -> Result<(), Error> {
    Reflect::set(target, &JsValue::from_str(key), value)
        .map(|_| ())
        .map_err(|_| Error::Dom(format!("could not set `{key}` on the result")))
}
