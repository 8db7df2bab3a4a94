//! Native replay of live-DOM captures:
//! `cargo run --release --example bench_replay --features cli -- OUT_DIR [--out REPLAY.json]`.
//!
//! `OUT_DIR` is a `tools/browser_batch.mjs --snapshots` (or `tools/bench_browser.mjs`) output:
//! `pred.jsonl` (or `lectern.jsonl`) plus `snapshots/<id>.json`. Each snapshot (layout included)
//! is extracted natively; the text must equal what the wasm produced on the live page, and the
//! native engine time is set against the in-browser figure. Prints a summary; `--out` writes
//! per-page `{"id","native_ms","same_text"}`. Exits non-zero when any text differs.

use std::path::PathBuf;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut dir = None;
    let mut out = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--out" => out = args.next(),
            _ => dir = Some(PathBuf::from(a)),
        }
    }
    let dir = dir.ok_or("usage: bench_replay OUT_DIR [--out REPLAY.json]")?;
    let pred = ["pred.jsonl", "lectern.jsonl"]
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())
        .ok_or("no pred.jsonl or lectern.jsonl in OUT_DIR")?;
    let opts = lectern::Options {
        limits: lectern::Limits {
            time_budget_ms: 0,
            ..Default::default()
        },
        ..Default::default()
    };
    let mut rows = Vec::new();
    let mut ms = Vec::new();
    let mut differ = Vec::new();
    for line in std::fs::read_to_string(&pred)?.lines() {
        let v: serde_json::Value = serde_json::from_str(line)?;
        let (Some(id), Some(live)) = (v["id"].as_str(), v["text"].as_str()) else {
            continue;
        };
        let file = dir
            .join("snapshots")
            .join(format!("{}.json", file_stem(id)));
        let Ok(json) = std::fs::read_to_string(&file) else {
            continue;
        };
        let snap: lectern::Snapshot = serde_json::from_str(&json)?;
        let start = Instant::now();
        let article = lectern::extract_snapshot(&snap, &opts)?;
        let text = article.map(|a| lectern::to_text(&a)).unwrap_or_default();
        let t = start.elapsed().as_secs_f64() * 1e3;
        ms.push(t);
        let same = text == live;
        if !same {
            differ.push(id.to_string());
        }
        rows.push(serde_json::json!({"id": id, "native_ms": t, "same_text": same}));
    }
    ms.sort_by(f64::total_cmp);
    let median = ms.get(ms.len() / 2).copied().unwrap_or(f64::NAN);
    println!(
        "{} snapshots replayed natively: median extract {median:.2} ms; text identical to the live run on {} of them",
        ms.len(),
        ms.len() - differ.len()
    );
    if let Some(out) = out {
        std::fs::write(out, serde_json::Value::Array(rows).to_string())?;
    }
    if differ.is_empty() {
        Ok(())
    } else {
        Err(format!("text differs from the live run on: {}", differ.join(", ")).into())
    }
}

/// The snapshot file name `tools/browser_batch.mjs` uses for an id.
fn file_stem(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect()
}
