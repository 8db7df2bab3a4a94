//! Dev-only: extracts every snapshot in a `{"id","snap"}` JSON-lines file (made by
//! `tools/snap_corpus.py`) and writes `{"id","text","ms"}` lines for `score.py`.
//! A stopgap for tuning until `lectern eval` lands.

use std::io::{BufRead, Write};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (input, output) = match args.as_slice() {
        [_, i, o] => (i, o),
        _ => return Err("usage: snap_eval IN.snap.jsonl OUT.pred.jsonl".into()),
    };
    let reader = std::io::BufReader::new(std::fs::File::open(input)?);
    let mut out = std::io::BufWriter::new(std::fs::File::create(output)?);
    let opts = lectern::Options::default();
    let mut times = Vec::new();
    for line in reader.lines() {
        let v: serde_json::Value = serde_json::from_str(&line?)?;
        let snap: lectern::Snapshot = serde_json::from_value(v["snap"].clone())?;
        let t = std::time::Instant::now();
        let article = lectern::extract_snapshot(&snap, &opts)?;
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        times.push(ms);
        let text = article.map(|a| lectern::to_text(&a)).unwrap_or_default();
        let rec = serde_json::json!({"id": v["id"], "text": text, "ms": ms});
        writeln!(out, "{rec}")?;
    }
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    eprintln!("{} pages, median extract {median:.2} ms", times.len());
    Ok(())
}
