//! The shipped block model's scores on a fixture page, bit for bit, against a committed golden
//! file. `tests/web_api.rs` checks the same file in the browser, so native and wasm inference
//! are proven identical. After retraining: `LECTERN_BLESS=1 cargo test --test learned_golden`.
#![cfg(feature = "html")]

const PAGE: &str = include_str!("fixtures/capture/page.html");
const GOLDEN: &str = "tests/fixtures/learned/capture_page.scores";

fn scores_as_hex() -> String {
    let options = lectern::Options::default();
    let snap = lectern::parse_html(PAGE, &options).unwrap_or_else(|e| panic!("parse: {e}"));
    let scores =
        lectern::learn::shipped_scores(&snap, &options).unwrap_or_else(|e| panic!("score: {e}"));
    scores
        .iter()
        .map(|s| format!("{:08x}\n", s.to_bits()))
        .collect()
}

#[test]
fn shipped_model_scores_match_the_golden_file() {
    let got = scores_as_hex();
    if std::env::var_os("LECTERN_BLESS").is_some() {
        std::fs::write(GOLDEN, &got).unwrap_or_else(|e| panic!("{GOLDEN}: {e}"));
    }
    let want = std::fs::read_to_string(GOLDEN).unwrap_or_else(|e| panic!("{GOLDEN}: {e}"));
    assert!(got.lines().count() > 5, "too few blocks scored");
    assert_eq!(
        got, want,
        "scores changed: retrain and bless (see the file header)"
    );
}
