//! The quality gate: per-corpus floors read from a committed file (`tests/quality_floors.toml`),
//! checked against an eval's scores. Lowering a floor is an explicit edit of that file.
//!
//! The file is a small TOML subset: `[corpus]` or `[corpus.page_type]` sections holding
//! `metric = number` lines (`word_f1`, `shingle_f1`, `snippet_f1`); `#` starts a comment.

use crate::score::{CorpusScores, Scores};

/// One floor: the scores of `corpus` (or one of its page types) must reach `min` on `metric`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Floor {
    pub corpus: String,
    pub page_type: Option<String>,
    pub metric: String,
    pub min: f64,
}

/// Parses the floors file; errors name the line.
pub(crate) fn parse(text: &str) -> Result<Vec<Floor>, String> {
    let mut floors = Vec::new();
    let mut section: Option<(String, Option<String>)> = None;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |what: &str| format!("floors line {}: {what}: {raw:?}", n + 1);
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let name = name.trim().trim_matches('"');
            section = Some(match name.split_once('.') {
                // Corpus names may contain dots only before a page type, never inside.
                Some((c, t)) => (c.to_string(), Some(t.to_string())),
                None => (name.to_string(), None),
            });
            continue;
        }
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| bad("expected key = value"))?;
        let (corpus, page_type) = section
            .clone()
            .ok_or_else(|| bad("floor outside a [section]"))?;
        let metric = key.trim().to_string();
        if metric_of(&metric, None).is_err() {
            return Err(bad(
                "unknown metric (use word_f1, shingle_f1 or snippet_f1)",
            ));
        }
        let min = value
            .trim()
            .parse::<f64>()
            .map_err(|_| bad("not a number"))?;
        floors.push(Floor {
            corpus,
            page_type,
            metric,
            min,
        });
    }
    Ok(floors)
}

/// The named metric of `s` (`Ok(None)` when the corpus has no such score).
fn metric_of(metric: &str, s: Option<&Scores>) -> Result<Option<f64>, ()> {
    Ok(match metric {
        "word_f1" => s.and_then(|s| s.word.as_ref()).map(|w| w.f1),
        "shingle_f1" => s.and_then(|s| s.shingle.as_ref()).map(|w| w.f1),
        "snippet_f1" => s.and_then(|s| s.snippet.as_ref()).map(|w| w.f1),
        _ => return Err(()),
    })
}

/// One checked floor: the measured value (None when the corpus or score is missing).
pub(crate) struct Check<'a> {
    pub floor: &'a Floor,
    pub got: Option<f64>,
}

impl Check<'_> {
    pub(crate) fn passed(&self) -> bool {
        self.got.is_some_and(|g| g + 1e-9 >= self.floor.min)
    }
}

/// Checks the floors against `results`. With `every_corpus` (the eval ran the whole corpus
/// directory) a floor whose corpus is missing fails; otherwise it is left out.
pub(crate) fn check<'a>(
    floors: &'a [Floor],
    results: &[CorpusScores],
    every_corpus: bool,
) -> Vec<Check<'a>> {
    floors
        .iter()
        .filter_map(|floor| {
            let Some(c) = results.iter().find(|c| c.dataset == floor.corpus) else {
                return every_corpus.then_some(Check { floor, got: None });
            };
            let scores = match &floor.page_type {
                Some(t) => c.by_page_type.get(t),
                None => Some(&c.overall),
            };
            let got = metric_of(&floor.metric, scores).ok().flatten();
            Some(Check { floor, got })
        })
        .collect()
}

/// The gate's report: one line per floor, failures marked.
pub(crate) fn report(checks: &[Check]) -> String {
    let mut out = String::new();
    for c in checks {
        let f = c.floor;
        let name = match &f.page_type {
            Some(t) => format!("{}.{t}", f.corpus),
            None => f.corpus.clone(),
        };
        let got = c.got.map_or("missing".into(), |g| format!("{g:.4}"));
        let mark = if c.passed() { "ok  " } else { "FAIL" };
        out.push_str(&format!(
            "{mark} {name:<26} {:<11} {got:>8} (floor {:.4})\n",
            f.metric, f.min
        ));
    }
    let failed = checks.iter().filter(|c| !c.passed()).count();
    out.push_str(&format!(
        "quality gate: {} floors, {failed} below",
        checks.len()
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::WordScore;
    use std::collections::BTreeMap;

    #[test]
    fn parses_sections_page_types_and_comments() {
        let text = "# why\n[wcxb-dev]\nword_f1 = 0.77 # measured\n[wcxb-dev.forum]\nword_f1=0.5\n";
        let floors = parse(text).unwrap_or_default();
        assert_eq!(floors.len(), 2);
        assert_eq!(floors[1].page_type.as_deref(), Some("forum"));
        assert_eq!(floors[0].min, 0.77);
        assert!(parse("word_f1 = 1").is_err());
        assert!(parse("[a]\nf2 = 1").is_err());
        assert!(parse("[a]\nword_f1 = x").is_err());
    }

    fn scores(word: f64) -> Scores {
        Scores {
            n_pages: 1,
            missing: 0,
            errors: 0,
            empty_outputs: 0,
            timing: None,
            shingle: None,
            word: Some(WordScore {
                n: 1,
                precision: word,
                recall: word,
                f1: word,
            }),
            snippet: None,
        }
    }

    #[test]
    fn a_drop_below_a_floor_fails_with_the_numbers() {
        let floors =
            parse("[c]\nword_f1 = 0.8\nsnippet_f1 = 0.1\n[gone]\nword_f1 = 1").unwrap_or_default();
        let results = [CorpusScores {
            dataset: "c".into(),
            n_pages: 1,
            n_gold: 1,
            n_snippet_pages: 0,
            overall: scores(0.79),
            by_page_type: BTreeMap::new(),
        }];
        let checks = check(&floors, &results, false);
        assert_eq!(checks.len(), 2, "floors of corpora not run are left out");
        assert!(!checks[0].passed() && !checks[1].passed());
        let r = report(&checks);
        assert!(r.contains("FAIL c") && r.contains("0.7900") && r.contains("floor 0.8000"));
        assert!(r.ends_with("2 floors, 2 below"));
        let all = check(&floors, &results, true);
        assert_eq!(all.len(), 3, "a vanished corpus fails the full gate");
        assert!(report(&all).contains("FAIL gone") && report(&all).contains("missing"));
    }
}
