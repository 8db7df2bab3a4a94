//! Every conversion between Rust values and JS values, in one place.
//!
//! Errors: `?` turns a [`crate::Error`] into a thrown JS `Error` whose `name` is the variant
//! (`InputTooLarge`, `InvalidOptions`, …) and whose `message` is the `Display` text — the one
//! `Error → JS` conversion, used by every export.

use js_sys::{Array, Object, Reflect};
use serde::{Serialize, Serializer};
use wasm_bindgen::{JsCast, JsValue};

use super::live::LiveNode;
use crate::{Article, Error, Options, Snapshot, Trace};

/// What every export returns; the error is a JS `Error` with a typed `name`.
pub type JsResult<T> = Result<T, JsValue>;

impl From<Error> for JsValue {
    fn from(e: Error) -> JsValue {
        let js = js_sys::Error::new(&e.to_string());
        js.set_name(e.name());
        js.into()
    }
}

// The JS shapes of `options` and of the result, for the generated `.d.ts`. They mirror
// `Options`/`Limits` and `ArticleOut` below (defaults are documented once, on the Rust types).
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** The `name` of every `Error` Lectern throws (the message says what to do). */
export type LecternErrorName =
  | "InputTooLarge" | "TimeBudgetExceeded" | "NotADocument"
  | "InvalidSnapshot" | "InvalidOptions" | "Dom";

/** One engine stage as it ran. */
export interface LecternStage {
  /** Stage name: blocks, noise, tag_path, site_memory, select, hierarchy, … */
  name: string;
  /** The seed paper the stage comes from, e.g. "seed 001" ("" when none). */
  seed: string;
  /** Milliseconds spent (performance.now resolution). */
  ms: number;
  /** Named counts, e.g. { blocks: 312 }. */
  counts: Record<string, number>;
}

/** The last keep/drop decision about one node: what the debug overlay draws. */
export interface LecternRegion {
  /** The live node (null when extracted from an HTML string). */
  node: Node | null;
  /** The node's index in the captured snapshot (document order). */
  nodeId: number;
  /** Lower-case tag name ("" for text nodes). */
  tag: string;
  kept: boolean;
  /** Stage that decided. */
  stage: string;
  /** Seed paper behind that stage. */
  seed: string;
  /** Reason label: navigation, advertisement, interactive, special-information, script-style,
   *  hidden, overlay, site-memory, low-score, hierarchy, content-root, sibling-joined. */
  label: string;
  /** The reason in words. */
  reason: string;
}

/** Every decision in the order stages made it (a node may be decided more than once). */
export interface LecternDecision {
  nodeId: number;
  stage: string;
  kept: boolean;
  label: string;
}

/** What each stage did, how long it took, and why each region was kept or dropped. */
export interface LecternTrace {
  stages: LecternStage[];
  /** One entry per decided node, in document order, with its final decision. */
  regions: LecternRegion[];
  decisions: LecternDecision[];
}

/** The result of `extractWithTrace` / `extractHtmlWithTrace`. */
export interface LecternTraced {
  article: LecternArticle | null;
  trace: LecternTrace;
}

/** Extraction options; every key is optional. Unknown keys are an error (`InvalidOptions`). */
export interface LecternOptions {
  /** Page URL for resolving relative links. Default: none (the live DOM supplies its own). */
  url?: string | null;
  /** Precision/recall trade-off (hierarchy-vote thresholds 0.8/0.5, 0.7/0.4, 0.6/0.3).
   *  Default "balanced". */
  mode?: "precision" | "balanced" | "recall";
  /** Resource limits; past one, a typed error or a result with `truncated: true`. */
  limits?: {
    /** Largest accepted input in bytes; larger throws `InputTooLarge`. Default 33554432 (32 MiB). */
    maxInputBytes?: number;
    /** Most nodes captured; the rest is cut and the result marked truncated. Default 300000. */
    maxNodes?: number;
    /** Deepest nesting captured; deeper subtrees are flattened to text. Default 256. */
    maxDepth?: number;
    /** Most text captured, in bytes. Default 16777216 (16 MiB). */
    maxTextBytes?: number;
    /** Milliseconds for capture + extraction; past it throws `TimeBudgetExceeded`; 0 disables.
     *  Default 5000. */
    timeBudgetMs?: number;
  };
}

/** An extracted article. Absent values are null. */
export interface LecternArticle {
  title: string | null;
  /** Author line as shown on the page. */
  byline: string | null;
  authors: string[];
  /** Publication date as found (ISO 8601 when the page gives it). */
  published: string | null;
  modified: string | null;
  siteName: string | null;
  /** BCP 47 language tag. */
  lang: string | null;
  dir: "ltr" | "rtl" | null;
  /** A short summary. */
  excerpt: string | null;
  /** Absolute URL of the lead image. */
  leadImage: string | null;
  /** The article as allowlisted, accessible HTML (safe to insert). */
  html: string;
  text: string;
  markdown: string;
  wordCount: number;
  /** Minutes. */
  readingTime: number;
  /** 0–1 that this is the page's main content (low on home and index pages). */
  confidence: number;
  /** True when a limit cut the input short. */
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

    /// The `memory` argument: a `SiteMemory` instance (checked when used).
    #[wasm_bindgen(typescript_type = "SiteMemory")]
    pub type JsMemory;
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
    // JSON text through the crate's own reader: see `crate::de` for why not serde-wasm-bindgen.
    let text = js_sys::JSON::stringify(&value)
        .map_err(|_| Error::InvalidOptions("the options object is not JSON-serializable".into()))?;
    crate::de::from_str(&String::from(text)).map_err(|e| Error::InvalidOptions(e.to_string()))
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

/// Which seed paper each stage implements (shown next to the stage in the debug views).
const STAGE_SEEDS: &str = pairs![
    ("blocks", "seeds 002/004"),
    ("noise", "seed 001"),
    ("tag_path", "seed 003"),
    ("site_memory", "seed 000"),
    ("select", "Readability-class score"),
    ("learned", "seeds 002/004 (learned)"),
    ("hierarchy", "seed 004"),
];

fn seed_of(stage: &str) -> &'static str {
    crate::rules::table_value(STAGE_SEEDS, stage).unwrap_or("")
}

/// Reason → overlay label and words (a reason without words of its own repeats its label).
fn reason_words(reason: crate::Reason) -> (&'static str, &'static str) {
    use crate::Reason::*;
    match reason {
        Navigation => ("navigation", "menu or list of links"),
        Advertisement => ("advertisement", "banner or sponsored slot"),
        Interactive => ("interactive", "form, search, login or buttons"),
        SpecialInformation => (
            "special-information",
            "copyright, contact, share bar or trailing byline",
        ),
        ScriptStyle => ("script-style", "script, style or other unrendered markup"),
        Hidden => ("hidden", "not rendered (computed style or `hidden`)"),
        Overlay => ("overlay", "cookie, consent, paywall or modal shell"),
        Repeated => ("site-memory", "seen on many earlier pages of this site"),
        LowScore => ("low-score", "scored below the content line"),
        HierarchyVote => ("hierarchy", "overturned by the hierarchy vote"),
        ContentRoot => ("content-root", "chosen as the main content"),
        SiblingJoined => (
            "sibling-joined",
            "joined to the content from the same reading column",
        ),
        CardRegion => ("card-region", "card-region"),
        Learned => ("learned", "the learned block classifier was sure"),
        ArticleEnd => (
            "article-end",
            "after the article: comments, related stories or author box",
        ),
        Duplicate => ("duplicate", "duplicate"),
        Recommendations => ("recommendations", "recommendations"),
    }
}

/// Named counts as a JS object.
struct Counts<'a>(&'a [(&'static str, usize)]);

impl Serialize for Counts<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (*k, *v)))
    }
}

#[derive(Serialize)]
struct StageOut<'a> {
    name: &'a str,
    seed: &'static str,
    ms: f64,
    counts: Counts<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DecisionOut<'a> {
    node_id: u32,
    stage: &'a str,
    kept: bool,
    label: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RegionOut<'a> {
    node_id: u32,
    tag: &'a str,
    kept: bool,
    stage: &'a str,
    seed: &'static str,
    label: &'static str,
    reason: &'static str,
}

#[derive(Serialize)]
struct TraceOut<'a> {
    stages: Vec<StageOut<'a>>,
    regions: Vec<RegionOut<'a>>,
    decisions: Vec<DecisionOut<'a>>,
}

/// `{article, trace}`: regions are each decided node's last decision, in document order, with
/// `node` the live node from `handles` (null when there is none).
pub fn traced(
    found: Option<&Article>,
    trace: &Trace,
    snap: &Snapshot,
    handles: &[LiveNode],
) -> Result<JsValue, Error> {
    let mut last: Vec<Option<&crate::Decision>> = vec![None; snap.len()];
    for d in &trace.decisions {
        if let Some(slot) = last.get_mut(d.node.index()) {
            *slot = Some(d);
        }
    }
    let decided: Vec<&crate::Decision> = last.into_iter().flatten().collect();
    let out = TraceOut {
        stages: trace
            .stages
            .iter()
            .map(|s| StageOut {
                name: s.name,
                seed: seed_of(s.name),
                ms: s.ms,
                counts: Counts(&s.counts),
            })
            .collect(),
        regions: decided
            .iter()
            .map(|d| {
                let (label, reason) = reason_words(d.reason);
                RegionOut {
                    node_id: d.node.0,
                    tag: &snap.node(d.node).tag,
                    kept: d.keep,
                    stage: d.stage,
                    seed: seed_of(d.stage),
                    label,
                    reason,
                }
            })
            .collect(),
        decisions: trace
            .decisions
            .iter()
            .map(|d| DecisionOut {
                node_id: d.node.0,
                stage: d.stage,
                kept: d.keep,
                label: reason_words(d.reason).0,
            })
            .collect(),
    };
    let js_trace = out
        .serialize(&serializer())
        .map_err(|e| Error::Dom(format!("could not convert the trace: {e}")))?;
    let regions: Array = Reflect::get(&js_trace, &JsValue::from_str("regions"))
        .map_err(|_| Error::Dom("could not read the converted trace".into()))?
        .unchecked_into();
    for (i, d) in decided.iter().enumerate() {
        let node = handles
            .get(d.node.index())
            .map_or(JsValue::NULL, |h| JsValue::from(h.node.clone()));
        set(&regions.get(i as u32), "node", &node)?;
    }
    let result = Object::new();
    set(&result, "article", &article(found, handles)?)?;
    set(&result, "trace", &js_trace)?;
    Ok(result.into())
}
