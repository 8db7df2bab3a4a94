//! Scores predictions against a corpus the way `../shared/eval/score.py` does: the same page
//! filters, the same counters, the same JSON keys for the point metrics.

use crate::corpus::{Prediction, Record};
use crate::metrics::{self, ShingleScore, SnippetScore, WordScore};
use crate::pytext::is_blank;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

/// Everything reported for one set of pages.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Scores {
    pub n_pages: usize,
    pub missing: usize,
    pub errors: usize,
    pub empty_outputs: usize,
    #[serde(flatten)]
    pub timing: Option<Timing>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shingle: Option<ShingleScore>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub word: Option<WordScore>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snippet: Option<SnippetScore>,
}

/// Extraction time over the pages that report one.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Timing {
    pub median_ms: f64,
    pub mean_ms: f64,
    pub p90_ms: f64,
    pub p99_ms: f64,
    pub timed_pages: usize,
}

/// score.py's percentile: the value at rank ceil(q·n) of the sorted times.
fn nearest_rank(sorted: &[f64], q: f64) -> f64 {
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.saturating_sub(1).min(sorted.len() - 1)]
}

fn timing(mut ms: Vec<f64>) -> Option<Timing> {
    if ms.is_empty() {
        return None;
    }
    ms.sort_by(f64::total_cmp);
    let n = ms.len();
    let median = if n % 2 == 1 {
        ms[n / 2]
    } else {
        (ms[n / 2 - 1] + ms[n / 2]) / 2.0
    };
    Some(Timing {
        median_ms: median,
        mean_ms: metrics::fmean(&ms),
        p90_ms: nearest_rank(&ms, 0.9),
        p99_ms: nearest_rank(&ms, 0.99),
        timed_pages: n,
    })
}

/// Scores `records` against `preds` (missing ids and null text count as empty output).
pub(crate) fn score(records: &[&Record], preds: &HashMap<String, Prediction>) -> Scores {
    let mut texts: Vec<&str> = Vec::with_capacity(records.len());
    let (mut missing, mut errors, mut ms) = (0, 0, Vec::new());
    for rec in records {
        let Some(p) = preds.get(&rec.id) else {
            missing += 1;
            texts.push("");
            continue;
        };
        errors += usize::from(p.error.as_deref().is_some_and(|e| !e.is_empty()));
        texts.push(p.text.as_deref().unwrap_or(""));
        ms.extend(p.ms);
    }
    Scores {
        n_pages: records.len(),
        missing,
        errors,
        empty_outputs: texts.iter().filter(|t| is_blank(t)).count(),
        timing: timing(ms),
        shingle: None,
        word: None,
        snippet: None,
    }
    .with_text_metrics(records, &texts)
    .with_snippet_metrics(records, &texts)
}

impl Scores {
    fn with_text_metrics(mut self, records: &[&Record], texts: &[&str]) -> Scores {
        let gold: Vec<(&str, &str)> = records
            .iter()
            .zip(texts)
            .filter_map(|(r, t)| r.gold_text.as_deref().map(|g| (g, *t)))
            .collect();
        if gold.is_empty() {
            return self;
        }
        let tfs: Vec<_> = gold
            .iter()
            .map(|(g, t)| metrics::shingle_matching(g, t))
            .collect();
        let acc: Vec<_> = gold
            .iter()
            .map(|(g, t)| metrics::token_accuracy(g, t))
            .collect();
        let words: Vec<_> = gold.iter().map(|(g, t)| metrics::word_f1(t, g)).collect();
        self.shingle = Some(metrics::shingle_score(&tfs, &acc));
        self.word = Some(metrics::word_score(&words));
        self
    }

    fn with_snippet_metrics(mut self, records: &[&Record], texts: &[&str]) -> Scores {
        let (mut counts, mut with_rates, mut without_rates) = (Vec::new(), Vec::new(), Vec::new());
        for (rec, text) in records.iter().zip(texts) {
            if !rec.has_snippets() {
                continue;
            }
            let with = rec.with.as_deref().unwrap_or_default();
            let without = rec.without.as_deref().unwrap_or_default();
            counts.push(metrics::count_snippets(with, without, text));
            with_rates.push(metrics::wcxb_snippet_rate(text, with));
            without_rates.push(metrics::wcxb_snippet_rate(text, without));
        }
        if !counts.is_empty() {
            self.snippet = Some(metrics::snippet_score(&counts, &with_rates, &without_rates));
        }
        self
    }
}

/// Scores of a corpus overall and per `page_type` (when the manifest gives any).
#[derive(Clone, Debug, Serialize)]
pub(crate) struct CorpusScores {
    pub dataset: String,
    pub n_pages: usize,
    pub n_gold: usize,
    pub n_snippet_pages: usize,
    pub overall: Scores,
    /// Keyed as score.py's `--by page_type` keys them (`"None"` for a missing type).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub by_page_type: BTreeMap<String, Scores>,
}

pub(crate) fn score_corpus(
    name: &str,
    records: &[Record],
    preds: &HashMap<String, Prediction>,
) -> CorpusScores {
    let all: Vec<&Record> = records.iter().collect();
    let mut groups: BTreeMap<String, Vec<&Record>> = BTreeMap::new();
    if records.iter().any(|r| r.page_type.is_some()) {
        for r in records {
            let key = r.page_type.clone().unwrap_or_else(|| "None".into());
            groups.entry(key).or_default().push(r);
        }
    }
    CorpusScores {
        dataset: name.to_string(),
        n_pages: records.len(),
        n_gold: records.iter().filter(|r| r.gold_text.is_some()).count(),
        n_snippet_pages: records.iter().filter(|r| r.has_snippets()).count(),
        overall: score(&all, preds),
        by_page_type: groups
            .into_iter()
            .map(|(k, recs)| (k, score(&recs, preds)))
            .collect(),
    }
}
