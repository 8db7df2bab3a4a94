//! The evaluation metrics, with arithmetic identical to `../shared/eval/metrics.py` (the
//! reference scorer): scrapinghub shingle P/R/F1, WCXB word F1, trafilatura snippet F1.

use crate::pytext::{collapse_space, py_lower, word_tokens};
use std::collections::HashMap;

/// Shingle length of the scrapinghub benchmark.
const SHINGLE_N: usize = 4;

/// Page-normalised shingle true/false positives and false negatives.
pub(crate) type TpFpFn = [f64; 3];

/// 4-gram shingles of `\w+` tokens as a multiset. Fewer than four tokens make one short shingle,
/// no tokens make none (as the reference's `max(1, len - n + 1)` loop does).
fn shingles<'a>(tokens: &'a [&'a str]) -> HashMap<&'a [&'a str], u32> {
    let mut out = HashMap::new();
    let count = tokens.len().saturating_sub(SHINGLE_N - 1).max(1);
    for i in 0..count {
        let sh = &tokens[i.min(tokens.len())..(i + SHINGLE_N).min(tokens.len())];
        if !sh.is_empty() {
            *out.entry(sh).or_insert(0) += 1;
        }
    }
    out
}

/// `string_shingle_matching(true, pred)`: tp/fp/fn normalised to sum 1 (when any).
pub(crate) fn shingle_matching(gold: &str, pred: &str) -> TpFpFn {
    let (gt, pt) = (word_tokens(gold), word_tokens(pred));
    let (gs, ps) = (shingles(&gt), shingles(&pt));
    let (mut tp, mut fp, mut fnn) = (0.0_f64, 0.0_f64, 0.0_f64);
    for (key, &g) in &gs {
        let p = ps.get(key).copied().unwrap_or(0);
        tp += f64::from(g.min(p));
        fp += f64::from(p.saturating_sub(g));
        fnn += f64::from(g.saturating_sub(p));
    }
    for (key, &p) in &ps {
        if !gs.contains_key(key) {
            fp += f64::from(p);
        }
    }
    // Sums of small integers are exact in f64, so the iteration order cannot change them.
    let s = tp + fp + fnn;
    if s > 0.0 {
        [tp / s, fp / s, fnn / s]
    } else {
        [tp, fp, fnn]
    }
}

/// `get_accuracy`: 1 when the token lists are identical.
pub(crate) fn token_accuracy(gold: &str, pred: &str) -> f64 {
    f64::from(u8::from(word_tokens(gold) == word_tokens(pred)))
}

pub(crate) fn precision_score([tp, fp, fnn]: TpFpFn) -> f64 {
    if fp == 0.0 && fnn == 0.0 {
        1.0
    } else if tp == 0.0 && fp == 0.0 {
        0.0
    } else {
        tp / (tp + fp)
    }
}

pub(crate) fn recall_score([tp, fp, fnn]: TpFpFn) -> f64 {
    if fp == 0.0 && fnn == 0.0 {
        1.0
    } else if tp == 0.0 && fnn == 0.0 {
        0.0
    } else {
        tp / (tp + fnn)
    }
}

/// Non-overlapping partials whose exact sum is the exact sum of `values` (Shewchuk).
fn exact_partials(values: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut partials: Vec<f64> = Vec::new();
    for mut x in values {
        let mut kept = 0;
        for j in 0..partials.len() {
            let mut y = partials[j];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            let hi = x + y;
            let lo = y - (hi - x);
            if lo != 0.0 {
                partials[kept] = lo;
                kept += 1;
            }
            x = hi;
        }
        partials.truncate(kept);
        partials.push(x);
    }
    partials
}

/// The correctly rounded sum of exact partials (the final step of Python's `math.fsum`).
fn round_partials(partials: &[f64]) -> f64 {
    let mut n = partials.len();
    if n == 0 {
        return 0.0;
    }
    n -= 1;
    let (mut hi, mut lo) = (partials[n], 0.0);
    while n > 0 {
        let (x, y) = (hi, partials[n - 1]);
        n -= 1;
        hi = x + y;
        lo = y - (hi - x);
        if lo != 0.0 {
            break;
        }
    }
    // Half-way case: the rest of the partials decide which way the tie rounds.
    if n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0)) {
        let y = lo * 2.0;
        let x = hi + y;
        if y == x - hi {
            hi = x;
        }
    }
    hi
}

/// `statistics.fmean`: `math.fsum(values) / len(values)`.
pub(crate) fn fmean(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    round_partials(&exact_partials(values.iter().copied())) / values.len() as f64
}

/// `statistics.mean`: Python sums the floats exactly and rounds the quotient once. Here: the
/// exact sum as partials, a first quotient, then one correction by the exact residual
/// (sum − q·n, with the product's rounding error from a fused multiply-add).
pub(crate) fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let n = values.len() as f64;
    let partials = exact_partials(values.iter().copied());
    let q = round_partials(&partials) / n;
    let p = q * n;
    let p_err = q.mul_add(n, -p);
    let residual = exact_partials(partials.into_iter().chain([-p, -p_err]));
    q + round_partials(&residual) / n
}

/// `sum(xs) / len(xs)` left to right, as the reference's plain means do.
pub(crate) fn plain_mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.iter().fold(0.0, |a, b| a + b) / values.len() as f64
}

fn f1_of(p: f64, r: f64) -> f64 {
    if p + r > 0.0 {
        2.0 * p * r / (p + r)
    } else {
        0.0
    }
}

/// Shingle point metrics over pages (`metrics_from_tp_fp_fns` + accuracy).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct ShingleScore {
    pub n: usize,
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
    pub accuracy: f64,
}

pub(crate) fn shingle_score(tfs: &[TpFpFn], accuracies: &[f64]) -> ShingleScore {
    let ps: Vec<f64> = tfs
        .iter()
        .filter(|t| t[0] + t[1] > 0.0)
        .map(|&t| precision_score(t))
        .collect();
    let rs: Vec<f64> = tfs
        .iter()
        .filter(|t| t[0] + t[2] > 0.0)
        .map(|&t| recall_score(t))
        .collect();
    let (precision, recall) = (mean(&ps), mean(&rs));
    ShingleScore {
        n: tfs.len(),
        precision,
        recall,
        f1: f1_of(precision, recall),
        accuracy: mean(accuracies),
    }
}

/// WCXB `word_f1(predicted, reference)` → (P, R, F1) of one page.
pub(crate) fn word_f1(pred: &str, gold: &str) -> [f64; 3] {
    let (pl, gl) = (py_lower(pred), py_lower(gold));
    let (pt, gt) = (word_tokens(&pl), word_tokens(&gl));
    if gt.is_empty() {
        return if pt.is_empty() { [1.0; 3] } else { [0.0; 3] };
    }
    if pt.is_empty() {
        return [0.0; 3];
    }
    let mut gold_counts: HashMap<&str, usize> = HashMap::new();
    gt.iter()
        .for_each(|t| *gold_counts.entry(t).or_insert(0) += 1);
    let mut pred_counts: HashMap<&str, usize> = HashMap::new();
    pt.iter()
        .for_each(|t| *pred_counts.entry(t).or_insert(0) += 1);
    let overlap: usize = pred_counts
        .iter()
        .map(|(t, &c)| c.min(gold_counts.get(t).copied().unwrap_or(0)))
        .sum();
    let precision = overlap as f64 / pt.len() as f64;
    let recall = overlap as f64 / gt.len() as f64;
    [precision, recall, f1_of(precision, recall)]
}

/// Word F1 means over pages.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct WordScore {
    pub n: usize,
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
}

pub(crate) fn word_score(per_page: &[[f64; 3]]) -> WordScore {
    let col = |k: usize| plain_mean(&per_page.iter().map(|x| x[k]).collect::<Vec<_>>());
    WordScore {
        n: per_page.len(),
        precision: col(0),
        recall: col(1),
        f1: col(2),
    }
}

/// trafilatura `count_item`: (tp, fp, fn, tn) of one page by normalised substring search.
pub(crate) fn count_snippets(with: &[String], without: &[String], text: &str) -> [usize; 4] {
    let out = collapse_space(text);
    let found = |s: &String| out.contains(collapse_space(s).as_str());
    let tp = with.iter().filter(|s| found(s)).count();
    let fp = without.iter().filter(|s| found(s)).count();
    [tp, fp, with.len() - tp, without.len() - fp]
}

/// WCXB's case-insensitive share of snippets found (1 when there are none).
pub(crate) fn wcxb_snippet_rate(text: &str, snippets: &[String]) -> f64 {
    if snippets.is_empty() {
        return 1.0;
    }
    let lowered = py_lower(text);
    let found = snippets
        .iter()
        .filter(|s| lowered.contains(py_lower(s).as_str()))
        .count();
    found as f64 / snippets.len() as f64
}

/// Pooled snippet confusion matrix and its scores.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct SnippetScore {
    pub n: usize,
    pub precision: f64,
    pub recall: f64,
    pub accuracy: f64,
    pub f1: f64,
    pub tp: usize,
    pub fp: usize,
    #[serde(rename = "fn")]
    pub fn_: usize,
    pub tn: usize,
    pub wcxb_with_rate: f64,
    pub wcxb_without_rate: f64,
}

/// Scores from pooled counts; each ratio is 0 when its denominator is.
pub(crate) fn snippet_score(
    counts: &[[usize; 4]],
    with_rates: &[f64],
    without_rates: &[f64],
) -> SnippetScore {
    let sum = |k: usize| counts.iter().map(|c| c[k]).sum::<usize>();
    let (tp, fp, fnn, tn) = (sum(0), sum(1), sum(2), sum(3));
    let ratio = |a: usize, b: usize| if b > 0 { a as f64 / b as f64 } else { 0.0 };
    SnippetScore {
        n: counts.len(),
        precision: ratio(tp, tp + fp),
        recall: ratio(tp, tp + fnn),
        accuracy: ratio(tp + tn, tp + tn + fp + fnn),
        f1: ratio(2 * tp, 2 * tp + fp + fnn),
        tp,
        fp,
        fn_: fnn,
        tn,
        wcxb_with_rate: plain_mean(with_rates),
        wcxb_without_rate: plain_mean(without_rates),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shingles_of_identical_text_are_all_true_positives() {
        assert_eq!(shingle_matching("a b c d e", "a b c d e"), [1.0, 0.0, 0.0]);
    }

    #[test]
    fn short_text_makes_one_short_shingle() {
        // "a b" vs "a b c": one shingle each, different → fp 1, fn 1.
        assert_eq!(shingle_matching("a b", "a b c"), [0.0, 0.5, 0.5]);
    }

    #[test]
    fn empty_both_sides_gives_zeros_and_excludes_page() {
        let t = shingle_matching("", " ... ");
        assert_eq!(t, [0.0, 0.0, 0.0]);
        let s = shingle_score(&[t, [1.0, 0.0, 0.0]], &[1.0, 1.0]);
        assert_eq!((s.precision, s.recall), (1.0, 1.0));
    }

    #[test]
    fn shingles_count_as_multisets() {
        // gold has "x y z w" twice, pred once → tp 1, fn 1 (normalised /2).
        let t = shingle_matching("x y z w . x y z w", "x y z w");
        let gold_shingles = 5.0; // x y z w x | y z w x | z w x y | w x y z | x y z w
        assert_eq!(t, [1.0 / gold_shingles, 0.0, 4.0 / gold_shingles]);
    }

    #[test]
    fn shingles_are_case_sensitive() {
        assert_eq!(shingle_matching("Word", "word"), [0.0, 0.5, 0.5]);
    }

    #[test]
    fn precision_recall_special_cases() {
        assert_eq!(precision_score([0.0, 0.0, 0.0]), 1.0);
        assert_eq!(precision_score([0.0, 0.0, 1.0]), 0.0);
        assert_eq!(recall_score([0.0, 1.0, 0.0]), 0.0);
        assert_eq!(recall_score([0.5, 0.25, 0.25]), 0.5 / 0.75);
    }

    #[test]
    fn no_output_anywhere_scores_zero_not_nan() {
        let s = shingle_score(&[[0.0, 0.0, 1.0]], &[0.0]);
        assert_eq!((s.precision, s.recall, s.f1), (0.0, 0.0, 0.0));
    }

    #[test]
    fn word_f1_empty_gold_rewards_only_empty_output() {
        assert_eq!(word_f1("", ""), [1.0; 3]);
        assert_eq!(word_f1(" -- ", "…"), [1.0; 3]);
        assert_eq!(word_f1("text", ""), [0.0; 3]);
        assert_eq!(word_f1("", "gold"), [0.0; 3]);
    }

    #[test]
    fn word_f1_is_case_insensitive_bag_overlap() {
        let [p, r, f] = word_f1("The the cat", "the CAT sat");
        assert_eq!((p, r), (2.0 / 3.0, 2.0 / 3.0));
        assert!((f - 2.0 / 3.0).abs() < 1e-15);
    }

    #[test]
    fn snippets_match_after_whitespace_collapse() {
        let with = vec!["a  b".to_string(), "missing".to_string(), "".to_string()];
        let without = vec!["c\nd".to_string()];
        assert_eq!(count_snippets(&with, &without, " a b\tc d "), [2, 1, 1, 0]);
    }

    #[test]
    fn snippet_scores_pool_and_guard_zero() {
        let s = snippet_score(&[[0, 0, 0, 2]], &[1.0], &[1.0]);
        assert_eq!(
            (s.precision, s.recall, s.f1, s.accuracy),
            (0.0, 0.0, 0.0, 1.0)
        );
        let s = snippet_score(&[[1, 1, 0, 0], [1, 0, 2, 1]], &[], &[]);
        assert_eq!((s.precision, s.recall, s.f1), (2.0 / 3.0, 0.5, 4.0 / 7.0));
    }

    #[test]
    fn compensated_mean_is_exact_where_naive_is_not() {
        assert_eq!(mean(&[0.1, 0.2, 0.3]), 0.2);
        assert_ne!((0.1 + 0.2 + 0.3) / 3.0, 0.2);
        assert_eq!(mean(&[1.0, 1e-30, -1.0]), 1e-30 / 3.0);
        assert_eq!(mean(&[]), 0.0);
    }

    #[test]
    fn fmean_rounds_the_sum_once() {
        assert_eq!(fmean(&[1e100, 1.0, -1e100]), 1.0 / 3.0);
        assert_eq!(fmean(&[0.1; 10]), 0.1);
        assert_eq!(fmean(&[]), 0.0);
    }

    #[test]
    fn wcxb_rate_is_one_without_snippets() {
        assert_eq!(wcxb_snippet_rate("x", &[]), 1.0);
        assert_eq!(
            wcxb_snippet_rate("Hello World", &["hello".into(), "no".into()]),
            0.5
        );
    }
}
