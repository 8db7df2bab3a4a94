//! The aligned results table of `lectern eval` / `lectern score`.

use crate::score::{CorpusScores, Scores};

const HEADERS: [&str; 15] = [
    "corpus",
    "pages",
    "shingle F1",
    "P",
    "R",
    "word F1",
    "P",
    "R",
    "snip F1",
    "P",
    "R",
    "med ms",
    "p90 ms",
    "p99 ms",
    "errors",
];

fn num(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{v:.3}"))
}

fn ms(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{v:.1}"))
}

fn row(label: String, s: &Scores) -> Vec<String> {
    let sh = s.shingle.as_ref();
    let wd = s.word.as_ref();
    let sn = s.snippet.as_ref();
    let t = s.timing.as_ref();
    vec![
        label,
        s.n_pages.to_string(),
        num(sh.map(|x| x.f1)),
        num(sh.map(|x| x.precision)),
        num(sh.map(|x| x.recall)),
        num(wd.map(|x| x.f1)),
        num(wd.map(|x| x.precision)),
        num(wd.map(|x| x.recall)),
        num(sn.map(|x| x.f1)),
        num(sn.map(|x| x.precision)),
        num(sn.map(|x| x.recall)),
        ms(t.map(|x| x.median_ms)),
        ms(t.map(|x| x.p90_ms)),
        ms(t.map(|x| x.p99_ms)),
        s.errors.to_string(),
    ]
}

/// One row per corpus, then one indented row per page type (largest group first).
pub(crate) fn table(results: &[CorpusScores]) -> String {
    let mut rows = Vec::new();
    for c in results {
        rows.push(row(c.dataset.clone(), &c.overall));
        let mut groups: Vec<_> = c.by_page_type.iter().collect();
        groups.sort_by(|a, b| b.1.n_pages.cmp(&a.1.n_pages).then(a.0.cmp(b.0)));
        rows.extend(groups.into_iter().map(|(k, s)| row(format!("  {k}"), s)));
    }
    let widths: Vec<usize> = (0..HEADERS.len())
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([HEADERS[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<String>| {
        let parts: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, &w))| {
                if i == 0 {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect();
        parts.join("  ").trim_end().to_string()
    };
    let mut out = vec![line(HEADERS.iter().map(|h| h.to_string()).collect())];
    out.push(line(widths.iter().map(|&w| "-".repeat(w)).collect()));
    out.extend(rows.into_iter().map(line));
    out.join("\n")
}
