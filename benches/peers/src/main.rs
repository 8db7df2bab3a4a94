//! Lectern, dom_smoothie and rs-trafilatura on the same pages, in one run, one thread.
//!
//! `lectern-peers-bench DATASET_DIR [--out TIMES.json] [--limit N] [--pred-dir DIR]`: every page of
//! the dataset is gunzipped and decoded once (UTF-8, else windows-1252); then each extractor runs
//! on the same `&str`, in an order that rotates from page to page, after one warm-up page. Prints
//! median, p90, p99 and mean ms/page of thread CPU time; `--out` writes the per-page times as JSON
//! for the report's plots; `--pred-dir` writes each extractor's text as `DIR/<extractor>.jsonl`
//! (`{"id","text"}` lines), so `lectern score` gives the peers' quality per page type from the
//! same run.

#[path = "../../../examples/bench_common/cpu.rs"]
mod cpu;
use cpu::cpu_ms;
use std::io::Read;
use std::path::{Path, PathBuf};

type Extractor = fn(&str, &str) -> Result<String, String>;

fn lectern(html: &str, _url: &str) -> Result<String, String> {
    let opts = lectern::Options {
        limits: lectern::Limits {
            time_budget_ms: 0,
            ..Default::default()
        },
        ..Default::default()
    };
    let article = lectern::extract_html(html, &opts).map_err(|e| e.to_string())?;
    Ok(article.map_or(String::new(), |a| lectern::to_text(&a)))
}

fn dom_smoothie(html: &str, url: &str) -> Result<String, String> {
    let mut r = dom_smoothie::Readability::new(html, Some(url), None).map_err(|e| e.to_string())?;
    let article = r.parse().map_err(|e| e.to_string())?;
    Ok(article.text_content.to_string())
}

fn rs_trafilatura(html: &str, _url: &str) -> Result<String, String> {
    let result = rs_trafilatura::extract(html).map_err(|e| e.to_string())?;
    Ok(result.content_text)
}

const EXTRACTORS: [(&str, Extractor); 3] = [
    ("lectern", lectern),
    ("dom_smoothie 0.19", dom_smoothie),
    ("rs-trafilatura 0.2", rs_trafilatura),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut dir = None;
    let mut out = None;
    let mut pred_dir = None;
    let mut limit = usize::MAX;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--out" => out = it.next().cloned(),
            "--pred-dir" => pred_dir = it.next().map(PathBuf::from),
            "--limit" => limit = it.next().ok_or("--limit N")?.parse()?,
            _ => dir = Some(PathBuf::from(a)),
        }
    }
    let dir = dir.ok_or(
        "usage: lectern-peers-bench DATASET_DIR [--out TIMES.json] [--limit N] [--pred-dir DIR]",
    )?;
    let pages = load(&dir, limit)?;
    eprintln!("{} pages from {}", pages.len(), dir.display());

    // Warm-up: the first page once through every extractor (page faults, lazy statics).
    if let Some((_, url, html)) = pages.first() {
        for (_, f) in EXTRACTORS {
            let _ = f(html, url);
        }
    }
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); EXTRACTORS.len()];
    let mut errors = vec![0usize; EXTRACTORS.len()];
    let mut preds: Vec<Vec<serde_json::Value>> = vec![Vec::new(); EXTRACTORS.len()];
    for (i, (id, url, html)) in pages.iter().enumerate() {
        for k in 0..EXTRACTORS.len() {
            let e = (i + k) % EXTRACTORS.len();
            let start = cpu_ms();
            let result = (EXTRACTORS[e].1)(html, url);
            times[e].push(cpu_ms() - start);
            if pred_dir.is_some() {
                // An extractor's error scores as an empty output.
                let text = result.as_deref().unwrap_or_default();
                preds[e].push(serde_json::json!({ "id": id, "text": text }));
            }
            if result.is_err() {
                errors[e] += 1;
            }
        }
    }
    if let Some(pred_dir) = &pred_dir {
        std::fs::create_dir_all(pred_dir)?;
        for (e, (name, _)) in EXTRACTORS.iter().enumerate() {
            let slug: String = name.split(' ').next().unwrap_or(name).to_string();
            let lines: String = preds[e].iter().map(|v| format!("{v}\n")).collect();
            std::fs::write(pred_dir.join(format!("{slug}.jsonl")), lines)?;
        }
    }
    println!("| extractor | pages | errors | median ms | p90 ms | p99 ms | mean ms |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut json = serde_json::Map::new();
    for (e, (name, _)) in EXTRACTORS.iter().enumerate() {
        let mut sorted = times[e].clone();
        sorted.sort_by(f64::total_cmp);
        let mean = sorted.iter().sum::<f64>() / sorted.len().max(1) as f64;
        println!(
            "| {name} | {} | {} | {:.2} | {:.2} | {:.2} | {mean:.2} |",
            sorted.len(),
            errors[e],
            quantile(&sorted, 0.5),
            quantile(&sorted, 0.9),
            quantile(&sorted, 0.99)
        );
        json.insert((*name).to_string(), serde_json::json!(times[e]));
    }
    if let Some(out) = out {
        let ids: Vec<&str> = pages.iter().map(|(id, _, _)| id.as_str()).collect();
        json.insert("ids".into(), serde_json::json!(ids));
        std::fs::write(out, serde_json::Value::Object(json).to_string())?;
    }
    Ok(())
}

/// Nearest-rank quantile of sorted values.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// `(id, url, decoded html)` for every manifest line.
fn load(
    dir: &Path,
    limit: usize,
) -> Result<Vec<(String, String, String)>, Box<dyn std::error::Error>> {
    let manifest = std::fs::read_to_string(dir.join("manifest.jsonl"))?;
    let mut pages = Vec::new();
    for line in manifest
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(limit)
    {
        let v: serde_json::Value = serde_json::from_str(line)?;
        let id = v["id"].as_str().unwrap_or_default().to_string();
        let url = v["url"].as_str().unwrap_or("http://localhost/").to_string();
        let rel = v["html"].as_str().ok_or("manifest line without html")?;
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(std::fs::File::open(dir.join(rel))?)
            .read_to_end(&mut bytes)?;
        let html = match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => encoding_rs::WINDOWS_1252
                .decode(e.as_bytes())
                .0
                .into_owned(),
        };
        pages.push((id, url, html));
    }
    Ok(pages)
}
