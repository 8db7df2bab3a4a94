//! Bad and hostile input through the public API: every case ends in a typed error or a valid
//! (possibly truncated) result, quickly, without a stack overflow.

#![cfg(feature = "html")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use lectern::{Error, Limits, NodeId, Options, Snapshot};

#[path = "hostile/cases.rs"]
#[allow(dead_code)]
mod cases;
use cases::noise;

/// Pages here are generated; this is how long a case may take before we call it a hang (debug
/// build on a shared 2-core machine, which can be 10× slower than a quiet one).
const HANG: Duration = Duration::from_secs(60);

fn opts_with(limits: Limits) -> Options {
    Options {
        limits,
        ..Default::default()
    }
}

fn parse(html: &str) -> Snapshot {
    let s = lectern::parse_html(html, &Options::default()).expect("parses");
    s.validate().expect("valid snapshot");
    s
}

/// Runs `f` on a thread with a deliberately small stack: recursion on input depth would overflow.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(1024 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .expect("no stack overflow or panic")
}

/// No time budget: on a loaded machine a debug build can spend the default 5 s, and the outcome
/// must not depend on the machine. `HANG` bounds the time instead.
fn no_budget() -> Options {
    opts_with(Limits {
        time_budget_ms: 0,
        ..Default::default()
    })
}

fn nested(open: &str, close: &str, depth: usize, inner: &str) -> String {
    format!("{}{inner}{}", open.repeat(depth), close.repeat(depth))
}

#[test]
fn empty_input_is_no_article() {
    assert_eq!(lectern::extract_html("", &Options::default()), Ok(None));
    assert_eq!(lectern::extract_bytes(b"", &Options::default()), Ok(None));
    assert_eq!(
        lectern::extract_html(" \n\t ", &Options::default()),
        Ok(None)
    );
}

#[test]
fn fragment_without_body_tag_is_a_valid_document() {
    let text =
        "Just some text pasted without any markup, which a browser would still show as a page.";
    let s = parse(&format!("{text}<p>and a paragraph"));
    let body = s.find_tag("body").expect("implied body");
    assert!(s.text_of(body).starts_with(text));
    let result = lectern::extract_html(text, &Options::default());
    assert!(result.is_ok(), "{result:?}");
}

#[test]
fn binary_garbage_is_not_a_document() {
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10";
    let err = lectern::extract_bytes(png, &Options::default()).unwrap_err();
    assert!(
        matches!(&err, Error::NotADocument(m) if m.contains("PNG")),
        "{err}"
    );

    let err = lectern::extract_bytes(&noise(64 * 1024), &Options::default()).unwrap_err();
    assert!(matches!(err, Error::NotADocument(_)), "{err}");

    let controls: String = (0..4096u32).map(|i| char::from((i % 9) as u8)).collect();
    let err = lectern::extract_html(&controls, &Options::default()).unwrap_err();
    assert!(
        matches!(&err, Error::NotADocument(m) if m.contains("control")),
        "{err}"
    );
    assert!(err.to_string().starts_with("input is not an HTML document"));
}

#[test]
fn invalid_utf8_is_decoded_not_rejected() {
    let bytes = b"<html><body><p>Caf\xe9 cr\xe8me \x93quoted\x94 and a \xff stray byte, long enough to read.</p></body></html>";
    let s = lectern::parse_bytes(bytes, &Options::default()).unwrap();
    s.validate().unwrap();
    let p = s.find_tag("p").unwrap();
    assert!(s
        .text_of(p)
        .starts_with("Café crème \u{201c}quoted\u{201d}"));
    let article = lectern::extract_bytes(bytes, &Options::default()).unwrap();
    let text = lectern::to_text(&article.expect("the paragraph is an article"));
    assert!(text.contains("Café crème"), "{text}");
}

#[test]
fn oversized_input_fails_fast() {
    let big = "a".repeat(50 * 1024 * 1024);
    let start = Instant::now();
    let err = lectern::extract_html(&big, &Options::default()).unwrap_err();
    let err_bytes = lectern::extract_bytes(big.as_bytes(), &Options::default()).unwrap_err();
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    let expected = Error::InputTooLarge {
        size: big.len(),
        limit: Limits::default().max_input_bytes,
    };
    assert_eq!(err, expected);
    assert_eq!(err_bytes, expected);
}

#[test]
fn ten_thousand_nested_divs_flatten_without_overflow() {
    let html = nested("<div>", "</div>", 10_000, "innermost words");
    let start = Instant::now();
    let (snap, result) = on_small_stack(move || {
        let opts = no_budget();
        (
            lectern::parse_html(&html, &opts),
            lectern::extract_html(&html, &opts),
        )
    });
    assert!(start.elapsed() < HANG);
    let snap = snap.unwrap();
    snap.validate().unwrap();
    assert!(snap.truncated);
    assert!(snap.text_of(NodeId::ROOT).contains("innermost words"));
    let depth_cap = Limits::default().max_depth;
    assert!(snap.len() <= depth_cap + 8, "{} nodes", snap.len());
    assert!(result.is_ok(), "{result:?}");
}

#[test]
fn other_pathological_nesting_stays_bounded() {
    let cases = [
        nested("<b>", "</b>", 5_000, "bold"),
        nested("<table><tr><td>", "</td></tr></table>", 3_000, "cell"),
        nested("<a href=#>", "</a>", 5_000, "link"),
        nested("<ul><li>", "", 5_000, "item"),
        nested("<svg><g>", "", 5_000, "vector"),
        "<p>".repeat(20_000) + "para",
    ];
    for html in cases {
        let start = Instant::now();
        let head = html[..20].to_string();
        let result = on_small_stack(move || lectern::extract_html(&html, &no_budget()));
        assert!(result.is_ok(), "{head}: {result:?}");
        assert!(start.elapsed() < HANG, "{head}: {:?}", start.elapsed());
    }
}

#[test]
fn more_nodes_than_the_limit_truncates() {
    let html = "<p>paragraph text</p>".repeat(1_000);
    let opts = opts_with(Limits {
        max_nodes: 100,
        ..Default::default()
    });
    let s = lectern::parse_html(&html, &opts).unwrap();
    s.validate().unwrap();
    assert!(s.truncated);
    assert!(s.len() <= 100, "{} nodes", s.len());
    let article = lectern::extract_html(&html, &opts).unwrap();
    assert!(article.is_none_or(|a| a.truncated));
}

#[test]
fn time_budget_is_enforced_on_a_large_page() {
    // ~6 MB and ~400k nodes: parsing alone takes far longer than 1 ms even in release builds.
    let row = "<div class=row><p>Some words in a paragraph <a href=/x>with a link</a>.</p></div>\n";
    let html = row.repeat(6 * 1024 * 1024 / row.len());
    let opts = opts_with(Limits {
        time_budget_ms: 1,
        ..Default::default()
    });
    let start = Instant::now();
    let err = lectern::extract_html(&html, &opts).unwrap_err();
    assert_eq!(err, Error::TimeBudgetExceeded { limit_ms: 1 });
    // The parse stops at the next chunk boundary, long before the whole page is done.
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn snapshot_json_round_trip() {
    let html = "<!doctype html><html lang=fr><head><title>Tête</title></head><body>\
        <article class='a b' data-x=\"q&quot;\"><h1>Titre</h1><p>Du texte, <em>accentué</em> 日本語.</p>\
        <svg viewBox='0 0 2 2'><circle r=1 /></svg><math><mi>x</mi></math>\
        <img src=/i.png alt='une image'></article></body></html>";
    let opts = opts_with(Limits {
        max_nodes: 12,
        ..Default::default()
    });
    for options in [Options::default(), opts] {
        let snap = lectern::parse_html(html, &options).unwrap();
        let json = serde_json::to_string(&snap).unwrap();
        let back: Snapshot = serde_json::from_str(&json).unwrap();
        back.validate().unwrap();
        assert_eq!(back, snap);
    }
}
