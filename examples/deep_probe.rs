//! Times parsing of deeply nested synthetic pages (a quick probe for quadratic parser paths).
use std::time::Instant;

fn main() {
    for depth in [1_000usize, 5_000, 10_000, 20_000] {
        let cases = [
            (
                "div",
                format!("{}x{}", "<div>".repeat(depth), "</div>".repeat(depth)),
            ),
            ("ul/li", format!("{}x", "<ul><li>".repeat(depth))),
            ("b", format!("{}x", "<b>".repeat(depth))),
        ];
        for (name, html) in cases {
            let opts = lectern::Options {
                limits: lectern::Limits {
                    time_budget_ms: 0,
                    ..Default::default()
                },
                ..Default::default()
            };
            let t = Instant::now();
            let r = lectern::parse_html(&html, &opts);
            eprintln!(
                "{name:6} depth {depth:6}: {:8.1} ms ok={}",
                t.elapsed().as_secs_f64() * 1e3,
                r.is_ok()
            );
        }
    }
}
