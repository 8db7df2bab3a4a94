//! Browser tests (headless Chromium) for the JS-facing API around the engine: `SiteMemory`
//! (learn, use, export/import), `learnSite`, `extractWithTrace` (stages, regions with live
//! nodes) and typed errors. Values are read back through JS (`Reflect`), as a caller sees them.
#![cfg(all(target_arch = "wasm32", feature = "web", feature = "html"))]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use js_sys::{Array, Reflect};
use lectern::web::{self, SiteMemory};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

#[path = "support/frame.rs"]
#[allow(dead_code)]
mod frame;
use frame::page;

wasm_bindgen_test_configure!(run_in_browser);

const PAGE: &str = include_str!("fixtures/capture/page.html");

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).unwrap()
}

fn text(obj: &JsValue, key: &str) -> String {
    get(obj, key).as_string().unwrap_or_default()
}

/// A page of one site: the same series line in every article, its own story.
fn site_page(n: usize) -> String {
    format!(
        "<!DOCTYPE html><html><head><title>Story {n}</title></head><body>\
         <nav><a href=/>Home</a> <a href=/news>News</a> <a href=/about>About</a></nav>\
         <article><h1>Story {n}</h1>\
         <p>Story {n} begins with a long opening paragraph about the harbour, the boats and the \
         people who mend their nets every morning before the market opens at six.</p>\
         <p>Story {n} goes on with a second paragraph, long enough to count as prose, about how \
         the town changed when the new road arrived and the fish went by lorry instead.</p>\
         <p>The Harbour Gazette series on coastal towns travels along the whole coast over the \
         summer, one town and one harbour at a time, from the cliffs to the flat estuary.</p>\
         </article><footer>© Harbour Gazette</footer></body></html>"
    )
}

/// The thrown value's `name` and `message`, checking it is a real JS `Error`.
fn thrown(err: JsValue) -> (String, String) {
    assert!(err.is_instance_of::<js_sys::Error>(), "{err:?}");
    (text(&err, "name"), text(&err, "message"))
}

#[wasm_bindgen_test]
fn memory_learns_pages_and_survives_export_and_import() {
    let memory = JsValue::from(SiteMemory::new());
    assert_eq!(get(&memory, "pages").as_f64(), Some(0.0));
    for n in 1..=3 {
        let article =
            web::extract_html(&site_page(n), None, Some(memory.clone().unchecked_into())).unwrap();
        assert!(text(&article, "text").contains(&format!("Story {n} goes on")));
    }
    assert_eq!(get(&memory, "pages").as_f64(), Some(3.0));

    let memory: SiteMemory = memory.unchecked_into_memory();
    let json = memory.export().unwrap();
    let copy = SiteMemory::import(&json).unwrap();
    assert_eq!(copy.pages(), 3);
    assert_eq!(copy.export().unwrap(), json);
    // The live DOM path learns too, and the copy is independent of the original.
    let copy = JsValue::from(copy);
    web::extract(
        &page(&site_page(4)),
        None,
        Some(copy.clone().unchecked_into()),
    )
    .unwrap();
    assert_eq!(get(&copy, "pages").as_f64(), Some(4.0));
    assert_eq!(memory.pages(), 3);
}

/// `unchecked_into` for the exported class: reads the JS object back as the Rust value
/// without consuming the memory state (only the id moves).
trait IntoMemory {
    fn unchecked_into_memory(self) -> SiteMemory;
}

impl IntoMemory for JsValue {
    fn unchecked_into_memory(self) -> SiteMemory {
        let json = js_sys::Function::new_with_args("m", "return m.export()")
            .call1(&JsValue::NULL, &self)
            .unwrap();
        SiteMemory::import(&json.as_string().unwrap()).unwrap()
    }
}

#[wasm_bindgen_test]
fn learn_site_and_the_trace_show_the_repeated_line() {
    let pages: Vec<String> = (1..=3).map(site_page).collect();
    let memory = web::learn_site(pages, None).unwrap();
    assert_eq!(memory.pages(), 3);
    let memory = JsValue::from(memory);
    let doc = page(&site_page(4));
    let traced =
        web::extract_with_trace(&doc, None, Some(memory.clone().unchecked_into())).unwrap();
    assert_eq!(get(&memory, "pages").as_f64(), Some(4.0));
    let trace = get(&traced, "trace");
    let regions: Array = get(&trace, "regions").unchecked_into();
    let node_text = |r: &JsValue| {
        let node: web_sys::Node = get(r, "node").unchecked_into();
        node.text_content().unwrap_or_default()
    };
    // Menu and footer repeat on every page and stay dropped; the story never repeats.
    let repeated: Vec<String> = regions
        .iter()
        .filter(|r| text(r, "label") == "site-memory")
        .inspect(|r| assert!(!get(r, "kept").as_bool().unwrap()))
        .map(|r| node_text(&r))
        .collect();
    assert!(
        repeated.iter().any(|t| t.contains("Harbour Gazette")),
        "{repeated:?}"
    );
    assert!(
        !repeated.iter().any(|t| t.contains("Story 4")),
        "{repeated:?}"
    );
    // The series line repeats too: the memory stage flagged it (a later stage may overrule).
    let series = regions
        .iter()
        .find(|r| text(r, "tag") == "p" && node_text(r).contains("Harbour Gazette series"))
        .expect("the series line was decided");
    let decisions: Array = get(&trace, "decisions").unchecked_into();
    assert!(decisions.iter().any(|d| {
        get(&d, "nodeId") == get(&series, "nodeId")
            && text(&d, "stage") == "site_memory"
            && text(&d, "label") == "site-memory"
    }));
}

#[wasm_bindgen_test]
fn trace_has_timed_stages_and_regions_with_live_nodes() {
    let doc = page(PAGE);
    let traced = web::extract_with_trace(&doc, None, None).unwrap();
    // The visible headline wins over the head title (see tests/web.rs).
    assert_eq!(
        text(&get(&traced, "article"), "title"),
        "Lectern capture fixture"
    );
    let trace = get(&traced, "trace");
    let stages: Array = get(&trace, "stages").unchecked_into();
    let names: Vec<String> = stages.iter().map(|s| text(&s, "name")).collect();
    for want in ["blocks", "noise", "site_memory", "select", "hierarchy"] {
        assert!(names.iter().any(|n| n == want), "{want} not in {names:?}");
    }
    let noise = stages.iter().find(|s| text(s, "name") == "noise").unwrap();
    assert_eq!(text(&noise, "seed"), "seed 001");
    assert!(get(&noise, "ms").as_f64().unwrap() >= 0.0);
    assert!(
        get(&get(&stages.get(0), "counts"), "blocks")
            .as_f64()
            .unwrap()
            > 0.0
    );

    let regions: Array = get(&trace, "regions").unchecked_into();
    let nav = regions
        .iter()
        .find(|r| text(r, "label") == "navigation")
        .expect("the menu is a navigation region");
    assert!(!get(&nav, "kept").as_bool().unwrap());
    assert_eq!(text(&nav, "stage"), "noise");
    assert!(!text(&nav, "reason").is_empty());
    let node: web_sys::Node = get(&nav, "node").unchecked_into();
    assert!(
        doc.contains(Some(&node)),
        "the region's node is in the page"
    );
    assert_eq!(node.node_name().to_ascii_lowercase(), text(&nav, "tag"));
    let root = regions
        .iter()
        .find(|r| text(r, "label") == "content-root")
        .expect("a content root");
    assert!(get(&root, "kept").as_bool().unwrap());
    // Every decision, including ones later overturned, is listed.
    let decisions: Array = get(&trace, "decisions").unchecked_into();
    assert!(decisions.length() >= regions.length());
}

#[wasm_bindgen_test]
fn html_trace_has_regions_without_nodes() {
    let traced = web::extract_html_with_trace(PAGE, None, None).unwrap();
    let regions: Array = get(&get(&traced, "trace"), "regions").unchecked_into();
    assert!(regions.length() > 0);
    assert!(regions.iter().all(|r| get(&r, "node").is_null()));
}

#[wasm_bindgen_test]
fn errors_are_js_errors_named_by_kind() {
    let (name, message) = thrown(web::extract(&JsValue::from_str("<p>"), None, None).unwrap_err());
    assert_eq!(name, "NotADocument");
    assert!(message.contains("Document"), "{message}");

    let small = js_sys::JSON::parse(r#"{"limits":{"maxInputBytes":10}}"#).unwrap();
    let (name, message) =
        thrown(web::extract_html(PAGE, Some(small.unchecked_into()), None).unwrap_err());
    assert_eq!(name, "InputTooLarge");
    assert!(message.contains("maxInputBytes"), "{message}");

    let bad = js_sys::JSON::parse(r#"{"mood":"recall"}"#).unwrap();
    let (name, _) = thrown(web::extract_html(PAGE, Some(bad.unchecked_into()), None).unwrap_err());
    assert_eq!(name, "InvalidOptions");

    // Options are read by the crate's own deserializer (`crate::de`): typed messages, no floats.
    let frac = js_sys::JSON::parse(r#"{"limits":{"maxNodes":1.5}}"#).unwrap();
    let (name, message) =
        thrown(web::extract_html(PAGE, Some(frac.unchecked_into()), None).unwrap_err());
    assert_eq!(name, "InvalidOptions");
    assert!(
        message.contains("invalid type: a number, expected usize"),
        "{message}"
    );
    let fine = js_sys::JSON::parse(r#"{"mode":"precision","url":null}"#).unwrap();
    assert!(web::extract_html(PAGE, Some(fine.unchecked_into()), None).is_ok());

    let (name, message) = thrown(SiteMemory::import("{not json").unwrap_err());
    assert_eq!(name, "InvalidOptions");
    assert!(message.contains("SiteMemory.export()"), "{message}");

    let not_memory: JsValue = js_sys::Object::new().into();
    let (name, _) =
        thrown(web::extract_html(PAGE, None, Some(not_memory.unchecked_into())).unwrap_err());
    assert_eq!(name, "InvalidOptions");

    let (name, _) = thrown(web::is_probably_readerable(&JsValue::NULL).unwrap_err());
    assert_eq!(name, "NotADocument");
}

/// The shipped block model scores the fixture bit-identically to the native build
/// (`tests/learned_golden.rs` checks the same golden file natively).
#[wasm_bindgen_test]
fn learned_scores_match_the_native_golden_file() {
    const GOLDEN: &str = include_str!("fixtures/learned/capture_page.scores");
    let options = lectern::Options::default();
    let snap = lectern::parse_html(PAGE, &options).unwrap();
    let got: String = lectern::learn::shipped_scores(&snap, &options)
        .unwrap()
        .iter()
        .map(|s| format!("{:08x}\n", s.to_bits()))
        .collect();
    assert_eq!(got, GOLDEN);
}
