//! The public Rust API around the engine: site memory (learn, use, serialize) and the trace.
#![cfg(feature = "html")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use lectern::{Options, Reason, SiteMemory, Snapshot};

/// A page of one site: the same promo line in every article, its own story text.
fn site_page(n: usize) -> Snapshot {
    let story = format!(
        "<p>Story {n} begins with a long opening paragraph about the harbour, the boats and the \
         people who mend their nets every morning before the market opens at six.</p>\
         <p>Story {n} goes on with a second paragraph, long enough to count as prose, about how \
         the town changed when the new road arrived and the fish went by lorry instead.</p>"
    );
    let html = format!(
        "<!DOCTYPE html><html><head><title>Story {n}</title></head><body>\
         <nav><a href=/>Home</a> <a href=/news>News</a> <a href=/about>About</a></nav>\
         <article><h1>Story {n}</h1>{story}\
         <p>The Harbour Gazette series on coastal towns travels along the whole coast over the \
         summer, one town and one harbour at a time, from the cliffs to the flat estuary.</p></article>\
         <footer>© Harbour Gazette</footer></body></html>"
    );
    lectern::parse_html(&html, &Options::default()).unwrap()
}

#[test]
fn learn_site_counts_pages_and_round_trips_through_json() {
    let pages: Vec<_> = (1..=3).map(site_page).collect();
    let memory = lectern::learn_site(&pages, &Options::default()).unwrap();
    assert_eq!(memory.pages, 3);
    assert!(!memory.texts.is_empty() && !memory.paths.is_empty());
    let json = serde_json::to_string(&memory).unwrap();
    let back: SiteMemory = serde_json::from_str(&json).unwrap();
    assert_eq!(back, memory);
}

#[test]
fn memory_learns_each_page_and_recognises_the_repeated_line() {
    let options = Options::default();
    let mut memory = SiteMemory::default();
    let (_, trace) =
        lectern::extract_with_memory_and_trace(&site_page(1), &options, &mut memory).unwrap();
    assert!(!trace.decisions.iter().any(|d| d.reason == Reason::Repeated));
    for n in 2..=3 {
        lectern::extract_with_memory(&site_page(n), &options, &mut memory).unwrap();
    }
    assert_eq!(memory.pages, 3);
    let page = site_page(4);
    let (article, trace) =
        lectern::extract_with_memory_and_trace(&page, &options, &mut memory).unwrap();
    let text = lectern::to_text(&article.unwrap());
    assert!(text.contains("Story 4 goes on"), "{text}");
    assert_eq!(memory.pages, 4);
    // The series line is on every page: the memory stage flags it, the story text it never saw.
    let repeated: Vec<String> = trace
        .decisions
        .iter()
        .filter(|d| d.reason == Reason::Repeated)
        .map(|d| page.text_of(d.node))
        .collect();
    assert!(
        repeated
            .iter()
            .any(|t| t.contains("The Harbour Gazette series")),
        "{repeated:?}"
    );
    assert!(
        !repeated.iter().any(|t| t.contains("Story 4")),
        "{repeated:?}"
    );
    let stage = trace.stage("site_memory").unwrap();
    assert_eq!(stage.count("pages_known"), 3);
}

#[test]
fn trace_names_every_stage_and_explains_drops() {
    let (article, trace) = lectern::extract_with_trace(&site_page(1), &Options::default()).unwrap();
    assert!(article.is_some());
    let names: Vec<_> = trace.stages.iter().map(|s| s.name).collect();
    for stage in ["blocks", "noise", "site_memory", "select", "hierarchy"] {
        assert!(names.contains(&stage), "{stage} missing from {names:?}");
    }
    assert!(trace.stage("blocks").unwrap().count("blocks") > 0);
    assert!(trace
        .decisions
        .iter()
        .any(|d| d.keep && d.reason == Reason::ContentRoot));
    assert!(trace
        .decisions
        .iter()
        .any(|d| !d.keep && d.reason == Reason::Navigation));
    // Without memory the site-memory stage decides nothing.
    assert!(!trace.decisions.iter().any(|d| d.reason == Reason::Repeated));
}

#[test]
fn error_names_are_the_variant_names() {
    let small = Options {
        limits: lectern::Limits {
            max_input_bytes: 10,
            ..Default::default()
        },
        ..Default::default()
    };
    let err = lectern::extract_html("<p>more than ten bytes</p>", &small).unwrap_err();
    assert_eq!(err.name(), "InputTooLarge");
    assert_eq!(
        lectern::Error::InvalidOptions(String::new()).name(),
        "InvalidOptions"
    );
}

/// The defaults written in the npm typings (`src/web/convert.rs`) are the Rust defaults.
#[test]
fn typings_state_the_real_defaults() {
    let ts = include_str!("../src/web/convert.rs");
    let limits = serde_json::to_value(lectern::Limits::default()).unwrap();
    let limits = limits.as_object().unwrap();
    assert!(!limits.is_empty());
    for (key, value) in limits {
        let at = ts
            .find(&format!("    {key}?: number;"))
            .unwrap_or_else(|| panic!("{key} missing from the typings"));
        let doc_start = ts[..at].rfind("/**").unwrap();
        let doc = ts[doc_start..at].replace(['\n', '*'], " ");
        let default = doc
            .split("Default ")
            .nth(1)
            .and_then(|d| d.split_whitespace().next())
            .map(|d| d.trim_end_matches('.'))
            .unwrap_or_else(|| panic!("{key} has no default in the typings"));
        assert_eq!(default, value.to_string(), "{key}");
    }
    let mode = serde_json::to_value(lectern::Options::default().mode).unwrap();
    assert!(
        ts.contains(&format!("Default {mode}.")),
        "mode default {mode}"
    );
}

/// A capture whose `<html>` is `display: none` until a script runs (a no-script or anti-flicker
/// state) shows a reader nothing; its layout is left out and the page extracted as parsed HTML,
/// with the trace saying so.
#[test]
fn a_capture_hidden_until_a_script_runs_is_extracted_as_parsed_html() {
    let options = Options::default();
    let mut snap = site_page(1);
    let (plain, _) = lectern::extract_with_trace(&snap, &options).unwrap();
    let plain = plain.expect("the parsed page has an article");
    snap.viewport = Some(lectern::Viewport {
        width: 1280.0,
        height: 800.0,
        page_width: 1280.0,
        page_height: 800.0,
        ..Default::default()
    });
    for node in &mut snap.nodes {
        node.layout = Some(lectern::Layout {
            display: if node.tag == "html" { "none" } else { "block" }.into(),
            visibility: "visible".into(),
            opacity: 1.0,
            ..Default::default()
        });
    }
    let (hidden, trace) = lectern::extract_with_trace(&snap, &options).unwrap();
    let hidden = hidden.expect("the hidden page is judged as parsed HTML");
    assert_eq!(lectern::to_text(&hidden), lectern::to_text(&plain));
    let blocks = trace.stage("blocks").unwrap();
    assert!(blocks.counts.contains(&("layout_ignored", 1)));
}
