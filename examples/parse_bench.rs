//! Parse-speed benchmark over a corpus: `cargo run --release --example parse_bench [DIR]`.
//!
//! Times `lectern::parse_bytes` (encoding detection + html5ever + capture) on every
//! `pages/*.html.gz` of a dataset (default: wcxb-dev) and prints per-page milliseconds
//! (median, p90, p99, max) and the distribution of captured node counts. A second section times
//! synthetic deep-nesting pages, the parser's worst case.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Instant;

const DEFAULT_DIR: &str = "/work/shared/datasets/wcxb-dev";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .map_or_else(|| PathBuf::from(DEFAULT_DIR), PathBuf::from);
    let opts = lectern::Options {
        limits: lectern::Limits {
            time_budget_ms: 0,
            ..Default::default()
        },
        ..Default::default()
    };
    let mut ms = Vec::new();
    let mut nodes = Vec::new();
    let mut bytes_total = 0usize;
    let mut failures = 0usize;
    for path in pages(&dir)? {
        let html = gunzip(&path)?;
        bytes_total += html.len();
        let start = Instant::now();
        let result = lectern::parse_bytes(&html, &opts);
        ms.push(start.elapsed().as_secs_f64() * 1e3);
        match result {
            Ok(snap) => nodes.push(snap.len() as f64),
            Err(e) => {
                failures += 1;
                eprintln!("{}: {e}", path.display());
            }
        }
    }
    let total: f64 = ms.iter().sum();
    println!(
        "{} pages, {:.1} MB, {failures} failed, total {:.0} ms ({:.1} MB/s)",
        ms.len(),
        bytes_total as f64 / 1e6,
        total,
        bytes_total as f64 / 1e3 / total
    );
    report("ms per page", &mut ms);
    report("nodes per page", &mut nodes);
    deep_nesting(&opts);
    Ok(())
}

fn pages(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir.join("pages"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".html.gz"))
        .collect();
    out.sort();
    Ok(out)
}

fn gunzip(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path)?).read_to_end(&mut out)?;
    Ok(out)
}

fn report(what: &str, values: &mut [f64]) {
    if values.is_empty() {
        return;
    }
    values.sort_by(f64::total_cmp);
    let q = |p: f64| values[((values.len() - 1) as f64 * p).round() as usize];
    println!(
        "{what:>15}: min {:.1}  p10 {:.1}  median {:.1}  p90 {:.1}  p99 {:.1}  max {:.1}",
        values[0],
        q(0.10),
        q(0.5),
        q(0.9),
        q(0.99),
        values[values.len() - 1]
    );
}

fn deep_nesting(opts: &lectern::Options) {
    for depth in [1_000usize, 10_000, 20_000] {
        let cases = [
            (
                "div",
                format!("{}x{}", "<div>".repeat(depth), "</div>".repeat(depth)),
            ),
            ("ul/li", format!("{}x", "<ul><li>".repeat(depth))),
            ("table", format!("{}x", "<table><tr><td>".repeat(depth))),
        ];
        for (name, html) in cases {
            let start = Instant::now();
            let ok = lectern::parse_html(&html, opts).is_ok();
            println!(
                "  nested {name:5} x{depth:6}: {:7.1} ms (ok: {ok})",
                start.elapsed().as_secs_f64() * 1e3
            );
        }
    }
}
