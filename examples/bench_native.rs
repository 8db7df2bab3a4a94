//! Native speed and memory over the development corpora, on one thread:
//! `cargo run --release --example bench_native --features cli -- [DATASETS_DIR] [--out PAGES.json]`.
//!
//! Per page: `parse_bytes` (encoding detection + html5ever + capture) and `extract_snapshot`
//! (the engine alone, without the parse, text rendered as the CLI does) are timed separately, in
//! thread CPU time. A counting allocator records the heap peak above the page's starting point over parse +
//! extract + render, compared with the input size. Prints one Markdown table row per corpus;
//! `--out` writes every page's figures as JSON for the report's plots.
#![allow(unsafe_code)] // the counting allocator: `GlobalAlloc` is unsafe by definition

#[path = "bench_common/cpu.rs"]
mod cpu;
use cpu::cpu_ms;
use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting live bytes and their high-water mark.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(size: usize) {
    let now = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is forwarded unchanged to `System`; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: same contract as the caller's.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: same contract as the caller's.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One page's figures.
struct Page {
    corpus: String,
    bytes: usize,
    parse_ms: f64,
    extract_ms: f64,
    peak: usize,
    ok: bool,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut root = PathBuf::from("../shared/datasets");
    let mut out = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--out" => out = args.next(),
            _ => root = PathBuf::from(a),
        }
    }
    let opts = lectern::Options {
        limits: lectern::Limits {
            time_budget_ms: 0,
            ..Default::default()
        },
        ..Default::default()
    };
    let mut corpora: Vec<PathBuf> = std::fs::read_dir(&root)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("manifest.jsonl").is_file())
        .collect();
    corpora.sort();
    let mut all = Vec::new();
    for dir in &corpora {
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for bytes in inputs(dir)? {
            all.push(run_page(&name, &bytes, &opts));
        }
    }
    println!("| corpus | pages | errors | MB | pages/s parse+extract | pages/s extract only | median ms parse | median ms extract | peak/input median | p90 | max | pages > 4x |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut names: Vec<String> = corpora
        .iter()
        .filter_map(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    names.push("all".into());
    for name in &names {
        let pages: Vec<&Page> = all
            .iter()
            .filter(|p| name == "all" || &p.corpus == name)
            .collect();
        row(name, &pages);
    }
    if let Some(out) = out {
        let json: Vec<serde_json::Value> = all
            .iter()
            .map(|p| {
                serde_json::json!({"corpus": p.corpus, "bytes": p.bytes, "parse_ms": p.parse_ms,
                    "extract_ms": p.extract_ms, "peak": p.peak, "ok": p.ok})
            })
            .collect();
        std::fs::write(out, serde_json::Value::Array(json).to_string())?;
    }
    Ok(())
}

fn run_page(corpus: &str, bytes: &[u8], opts: &lectern::Options) -> Page {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = cpu_ms();
    let snap = lectern::parse_bytes(bytes, opts);
    let parse_ms = cpu_ms() - start;
    let start = cpu_ms();
    let ok = match &snap {
        Ok(snap) => match lectern::extract_snapshot(snap, opts) {
            Ok(article) => {
                let text = article.map(|a| lectern::to_text(&a)).unwrap_or_default();
                std::hint::black_box(text);
                true
            }
            Err(_) => false,
        },
        Err(_) => false,
    };
    let extract_ms = cpu_ms() - start;
    drop(snap);
    Page {
        corpus: corpus.to_string(),
        bytes: bytes.len(),
        parse_ms,
        extract_ms,
        peak: PEAK.load(Ordering::Relaxed).saturating_sub(base),
        ok,
    }
}

fn row(name: &str, pages: &[&Page]) {
    if pages.is_empty() {
        return;
    }
    let mut parse: Vec<f64> = pages.iter().map(|p| p.parse_ms).collect();
    let mut extract: Vec<f64> = pages.iter().map(|p| p.extract_ms).collect();
    let mut ratio: Vec<f64> = pages
        .iter()
        .map(|p| p.peak as f64 / p.bytes.max(1) as f64)
        .collect();
    let total_parse: f64 = parse.iter().sum();
    let total_extract: f64 = extract.iter().sum();
    let mb = pages.iter().map(|p| p.bytes).sum::<usize>() as f64 / 1e6;
    let over = ratio.iter().filter(|r| **r > 4.0).count();
    let n = pages.len() as f64;
    println!(
        "| {name} | {} | {} | {mb:.1} | {:.0} | {:.0} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {over} |",
        pages.len(),
        pages.iter().filter(|p| !p.ok).count(),
        n * 1e3 / (total_parse + total_extract),
        n * 1e3 / total_extract,
        quantile(&mut parse, 0.5),
        quantile(&mut extract, 0.5),
        quantile(&mut ratio, 0.5),
        quantile(&mut ratio, 0.9),
        quantile(&mut ratio, 1.0),
    );
}

/// Nearest-rank quantile.
fn quantile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    let rank = ((q * values.len() as f64).ceil() as usize).clamp(1, values.len().max(1));
    values.get(rank - 1).copied().unwrap_or(f64::NAN)
}

/// The raw bytes of every page of a corpus: `html` (gzipped) or, for styled-dev, `page`.
fn inputs(dir: &Path) -> Result<Vec<Vec<u8>>, Box<dyn std::error::Error>> {
    let manifest = std::fs::read_to_string(dir.join("manifest.jsonl"))?;
    let mut out = Vec::new();
    for line in manifest.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value = serde_json::from_str(line)?;
        if let Some(rel) = v["html"].as_str() {
            let mut bytes = Vec::new();
            flate2::read::GzDecoder::new(std::fs::File::open(dir.join(rel))?)
                .read_to_end(&mut bytes)?;
            out.push(bytes);
        } else if let Some(rel) = v["page"].as_str() {
            out.push(std::fs::read(dir.join(rel))?);
        }
    }
    Ok(out)
}
