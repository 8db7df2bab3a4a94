//! The properties every fuzz input must hold, shared by the cargo-fuzz targets
//! (`fuzz_targets/*.rs`) and the CI replay (`tests/fuzz_replay.rs`): no panic, a snapshot that
//! validates, and rendered HTML that passes the allowlist checker.

use lectern::{Article, Error, Limits, Options, Snapshot};

/// Limits for fuzzing: the defaults, with the time budget kept on so a slow input ends as
/// `TimeBudgetExceeded` (libFuzzer's `-timeout` is there for real hangs).
pub fn options() -> Options {
    Options {
        url: Some("https://example.org/dir/page.html".into()),
        limits: Limits::default(),
        ..Options::default()
    }
}

/// Bytes as a page: parse (encoding sniffed) → capture → extract → render, and the same as a
/// string when the bytes are UTF-8.
pub fn parse_render(data: &[u8]) {
    let opts = options();
    if let Ok(snap) = lectern::parse_bytes(data, &opts) {
        if let Err(e) = snap.validate() {
            panic!("parse_bytes produced an invalid snapshot: {e}");
        }
        // The JSON form must round-trip too: it is how browser captures reach native tests.
        let json = serde_json::to_string(&snap).unwrap_or_default();
        let back: Result<Snapshot, _> = serde_json::from_str(&json);
        assert!(
            back.is_ok_and(|b| b == snap),
            "snapshot JSON does not round-trip"
        );
        rendered(lectern::extract_snapshot(&snap, &opts));
    }
    rendered(lectern::extract_bytes(data, &opts));
    if let Ok(s) = std::str::from_utf8(data) {
        rendered(lectern::extract_html(s, &opts));
    }
}

/// Bytes as `snapshot.json`: anything serde accepts either fails validation with a typed error
/// or extracts and renders cleanly.
pub fn snapshot_render(data: &[u8]) {
    let Ok(snap) = serde_json::from_slice::<Snapshot>(data) else {
        return;
    };
    let result = lectern::extract_snapshot(&snap, &options());
    match snap.validate() {
        Ok(()) => rendered(result),
        Err(_) => assert!(
            matches!(result, Err(Error::InvalidSnapshot(_))),
            "an invalid snapshot was extracted: {result:?}"
        ),
    }
}

/// Every renderer runs; the HTML one holds to the allowlist.
fn rendered(result: Result<Option<Article>, Error>) {
    let Ok(Some(article)) = result else {
        return;
    };
    let html = lectern::to_html(&article);
    let bad = lectern::allowlist_violations(&html);
    assert!(bad.is_empty(), "allowlist broken: {bad:?}\n{html}");
    let _ = lectern::to_text(&article);
    let _ = lectern::to_markdown(&article);
    let _ = serde_json::to_string(&article);
}
