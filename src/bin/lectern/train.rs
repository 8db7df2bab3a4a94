//! `lectern train`: feature rows from the engine, labels aligned with the gold text, and a
//! small gradient-boosted tree model (compared with logistic regression). See docs/LEARNED.md.

use crate::batch;
use crate::corpus::{Corpus, Record};
use crate::pytext::{py_lower, word_tokens};
use lectern::learn::{self, Model, Tree, ABSENT, N_FEATURES};
use std::collections::HashSet;
use std::path::Path;

/// Share of a block's word bigrams (unigrams for one-word blocks) found in the gold text at or
/// above which the block is labelled content.
pub(crate) const LABEL_SHARE: f32 = 0.5;
/// Fixed seed of the row subsampling.
const SEED: u64 = 0x1ec7_e54d_2026;

/// The fold of a page: FNV-1a of its id modulo `k` (stable across runs and machines).
pub(crate) fn fold_of(id: &str, k: usize) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in id.as_bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (h % k.max(1) as u64) as usize
}

/// Gold text as sets of lowercased word unigrams and bigrams.
pub(crate) struct Gold {
    words: HashSet<String>,
    pairs: HashSet<(String, String)>,
}

impl Gold {
    pub(crate) fn new(text: &str) -> Gold {
        let lower = py_lower(text);
        let toks: Vec<String> = word_tokens(&lower).into_iter().map(String::from).collect();
        let pairs = toks
            .windows(2)
            .map(|w| (w[0].clone(), w[1].clone()))
            .collect();
        Gold {
            words: toks.into_iter().collect(),
            pairs,
        }
    }

    /// `(share of the block's bigrams — unigrams when it has one word — in the gold, words)`;
    /// `None` for a block without words.
    pub(crate) fn share(&self, block_text: &str) -> Option<(f32, usize)> {
        let lower = py_lower(block_text);
        let toks = word_tokens(&lower);
        match toks.len() {
            0 => None,
            1 => Some((f32::from(u8::from(self.words.contains(toks[0]))), 1)),
            n => {
                let hit = toks
                    .windows(2)
                    .filter(|w| self.pairs.contains(&(w[0].to_string(), w[1].to_string())))
                    .count();
                Some((hit as f32 / (n - 1) as f32, n))
            }
        }
    }
}

/// One labelled block.
#[derive(Clone)]
pub(crate) struct Row {
    pub x: Vec<f32>,
    pub y: bool,
    /// Training weight: √words (long blocks weigh more in word F1, but not linearly, so that
    /// many short menu items still count).
    pub w: f32,
    /// Kept by the rules-only extraction.
    pub rules: bool,
    pub page_fold: usize,
}

/// Feature rows of every gold-text page of `corpus` (rules only, site memory per manifest site).
pub(crate) fn corpus_rows(corpus: &Corpus, threads: usize) -> Vec<Row> {
    let switches = lectern::StageSwitches {
        learned: false,
        ..lectern::StageSwitches::default()
    };
    let per_page = batch::map_pages(corpus, threads, None, true, |rec, memory| {
        page_rows(corpus, rec, memory, switches)
    });
    per_page.into_iter().flatten().flatten().collect()
}

/// As [`corpus_rows`], read from / written to `cache/<corpus>.rows` (keyed by the feature-set
/// hash; delete the file after changing the engine's rules).
pub(crate) fn cached_rows(
    corpus: &Corpus,
    threads: usize,
    cache: Option<&Path>,
) -> Result<Vec<Row>, String> {
    let Some(dir) = cache else {
        return Ok(corpus_rows(corpus, threads));
    };
    let path = dir.join(format!(
        "{}{}.rows",
        corpus.name,
        if corpus.snapshots.is_some() {
            "-layout"
        } else {
            ""
        }
    ));
    let stride = 4 * N_FEATURES + 4 + 3;
    if let Ok(bytes) = std::fs::read(&path) {
        if bytes.len() >= 8 && bytes[..8] == learn::feature_set_hash().to_le_bytes() {
            return Ok(bytes[8..]
                .chunks_exact(stride)
                .map(|c| {
                    let f = |k: usize| f32::from_le_bytes([c[k], c[k + 1], c[k + 2], c[k + 3]]);
                    let at = 4 * N_FEATURES;
                    Row {
                        x: (0..N_FEATURES).map(|j| f(4 * j)).collect(),
                        w: f(at),
                        y: c[at + 4] == 1,
                        rules: c[at + 5] == 1,
                        page_fold: usize::from(c[at + 6]),
                    }
                })
                .collect());
        }
    }
    let rows = corpus_rows(corpus, threads);
    let mut out = learn::feature_set_hash().to_le_bytes().to_vec();
    for r in &rows {
        for v in &r.x {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&r.w.to_le_bytes());
        out.extend_from_slice(&[u8::from(r.y), u8::from(r.rules), r.page_fold as u8]);
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    std::fs::write(&path, out).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(rows)
}

/// The gold of a gold-text page and the rules-only engine's rows of every block of it.
fn page_blocks(
    corpus: &Corpus,
    rec: &Record,
    memory: Option<&mut lectern::SiteMemory>,
    switches: lectern::StageSwitches,
) -> Option<(Gold, Vec<learn::BlockRow>)> {
    let gold = Gold::new(rec.gold_text.as_deref()?);
    let options = lectern::Options {
        url: rec.url.clone(),
        ..lectern::Options::default()
    };
    // The page's live capture when there is one (layout features), else its parsed HTML.
    let snap = match corpus.snapshot_path(rec).filter(|p| p.is_file()) {
        Some(_) => corpus.snapshot(rec).and_then(Result::ok),
        None => corpus
            .page_bytes(rec)
            .ok()
            .and_then(|b| lectern::parse_bytes(&b, &options).ok()),
    }?;
    let (_, rows) = learn::block_rows(&snap, &options, memory, switches, None).ok()?;
    Some((gold, rows))
}

fn page_rows(
    corpus: &Corpus,
    rec: &Record,
    memory: Option<&mut lectern::SiteMemory>,
    switches: lectern::StageSwitches,
) -> Vec<Row> {
    let Some((gold, rows)) = page_blocks(corpus, rec, memory, switches) else {
        return Vec::new();
    };
    let fold = fold_of(&rec.id, FOLDS);
    rows.into_iter()
        .filter_map(|r| {
            let (share, words) = gold.share(&r.text)?;
            Some(Row {
                x: r.features,
                y: share >= LABEL_SHARE,
                w: (words as f32).sqrt(),
                rules: r.kept,
                page_fold: fold,
            })
        })
        .collect()
}

/// Rows of a pruner (`train --pruner`): only the blocks the rules keep at the first pass (in a
/// rule root, rule label content: what the fusion can drop), each weighted by its words (word
/// F1 counts words; the default rows, and these with `by_words` false, weigh √words).
pub(crate) fn pruner_rows(rows: Vec<Row>, by_words: bool) -> Vec<Row> {
    let at = |name: &str| learn::FEATURE_NAMES.iter().position(|n| *n == name);
    let (Some(root), Some(label)) = (at("in_root"), at("rule_label")) else {
        return Vec::new();
    };
    rows.into_iter()
        .filter(|r| r.x[root] == 1.0 && r.x[label] == 1.0)
        .map(|r| Row {
            w: if by_words { r.w * r.w } else { r.w },
            ..r
        })
        .collect()
}

/// Sets the features named in `names` (comma-separated; `NAME*` matches every feature starting
/// with NAME) to `ABSENT` in every row: an ablation of what they add.
pub(crate) fn without(rows: &mut [Row], names: &str) {
    let named = |f: &str| {
        names.split(',').any(|n| match n.strip_suffix('*') {
            Some(prefix) => f.starts_with(prefix),
            None => f == n,
        })
    };
    let off: Vec<usize> = (0..N_FEATURES)
        .filter(|&j| named(learn::FEATURE_NAMES[j]))
        .collect();
    for r in rows {
        for &j in &off {
            r.x[j] = ABSENT;
        }
    }
}

/// The out-of-fold drop curve of a pruner over `(logit, gold label, words)`: for each
/// threshold, the words dropped and the word precision, recall and F1 of what stays against
/// the gold-labelled words of the kept blocks.
pub(crate) fn pruner_curve(oof: &[(f32, bool, f32)]) {
    let gold: f64 = oof.iter().filter(|r| r.1).map(|r| f64::from(r.2)).sum();
    let total: f64 = oof.iter().map(|r| f64::from(r.2)).sum();
    eprintln!("T\tdropped\tprec\trecall\tF1 (kept rows, words)");
    for t in [
        -99.0f32, -6.0, -5.0, -4.0, -3.0, -2.5, -2.0, -1.5, -1.0, -0.5, 0.0, 0.5, 1.0,
    ] {
        let (mut keep, mut hit) = (0.0f64, 0.0f64);
        for &(s, y, w) in oof {
            if s >= t {
                keep += f64::from(w);
                if y {
                    hit += f64::from(w);
                }
            }
        }
        let (p, r) = (hit / keep.max(1.0), hit / gold.max(1.0));
        eprintln!(
            "{t}\t{:.4}\t{p:.4}\t{r:.4}\t{:.4}",
            1.0 - keep / total.max(1.0),
            2.0 * p * r / (p + r).max(1e-9)
        );
    }
}

/// Headroom of any block labeller over the rules' blocks (`train --oracle DIR`): per gold-text
/// page, the own text of (0) every block the training label calls content, (1) every block the
/// rules keep, (2) the kept blocks the label calls content, in page order, one block a line.
/// Written as `DIR/<corpus>[-layout]-{oracle,kept,kept-oracle}.jsonl` for `score.py`.
pub(crate) fn write_oracle(corpus: &Corpus, threads: usize, dir: &Path) -> Result<(), String> {
    let switches = lectern::StageSwitches {
        learned: false,
        ..lectern::StageSwitches::default()
    };
    let per_page = batch::map_pages(corpus, threads, None, true, |rec, memory| {
        let (gold, rows) = page_blocks(corpus, rec, memory, switches)?;
        let mut out: [Vec<&str>; 3] = Default::default();
        for r in &rows {
            let label = gold.share(&r.text).is_some_and(|(s, _)| s >= LABEL_SHARE);
            let text = r.text.trim();
            if label {
                out[0].push(text);
            }
            if r.kept {
                out[1].push(text);
            }
            if label && r.kept {
                out[2].push(text);
            }
        }
        Some((rec.id.clone(), out.map(|v| v.join("\n"))))
    });
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let layout = if corpus.snapshots.is_some() {
        "-layout"
    } else {
        ""
    };
    for (k, name) in ["oracle", "kept", "kept-oracle"].into_iter().enumerate() {
        let mut lines = String::new();
        for (id, texts) in per_page.iter().flatten().flatten() {
            let line = serde_json::json!({"id": id, "text": texts[k]});
            lines.push_str(&line.to_string());
            lines.push('\n');
        }
        let path = dir.join(format!("{}{layout}-{name}.jsonl", corpus.name));
        std::fs::write(&path, lines).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// Folds of the fixed split; fold 0 is the validation fold of the model comparison.
pub(crate) const FOLDS: usize = 5;

/// Boosting parameters.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    pub trees: usize,
    pub depth: u8,
    pub rate: f64,
    pub lambda: f64,
    pub subsample: f64,
    pub bins: usize,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            trees: 120,
            depth: 4,
            rate: 0.2,
            lambda: 1.0,
            subsample: 0.5,
            bins: 32,
        }
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Candidate thresholds per feature: distinct quantiles of a sample of the values.
fn thresholds(rows: &[&Row], bins: usize) -> Vec<Vec<f32>> {
    let step = (rows.len() / 100_000).max(1);
    (0..N_FEATURES)
        .map(|j| {
            let mut v: Vec<f32> = rows.iter().step_by(step).map(|r| r.x[j]).collect();
            v.sort_by(f32::total_cmp);
            let mut t: Vec<f32> = (1..bins)
                .filter_map(|q| v.get(q * v.len() / bins).copied())
                .collect();
            t.dedup();
            // The last value would send nothing right.
            if t.last() == v.last() {
                t.pop();
            }
            t
        })
        .collect()
}

/// Bin of `x` among `t`: the number of thresholds below it (`x > t[b-1]`, `x <= t[b]`).
fn bin(t: &[f32], x: f32) -> u8 {
    t.partition_point(|&v| v < x) as u8
}

/// Trains a boosted-tree model on `rows` (logistic loss, histogram splits, fixed seed).
pub(crate) fn train_gbt(rows: &[&Row], p: Params) -> Model {
    let thr = thresholds(rows, p.bins);
    let binned: Vec<[u8; N_FEATURES]> = rows
        .iter()
        .map(|r| {
            let mut b = [0u8; N_FEATURES];
            for j in 0..N_FEATURES {
                b[j] = bin(&thr[j], r.x[j]);
            }
            b
        })
        .collect();
    let (mut wp, mut wn) = (0.0f64, 0.0f64);
    for r in rows {
        if r.y {
            wp += f64::from(r.w);
        } else {
            wn += f64::from(r.w);
        }
    }
    let base = ((wp + 1.0) / (wn + 1.0)).ln();
    let mut f = vec![base; rows.len()];
    let mut rng = Rng(SEED);
    let mut trees = Vec::with_capacity(p.trees);
    let depth = usize::from(p.depth);
    let n_nodes = (1usize << depth) - 1;
    let nb = p.bins + 1;
    for _ in 0..p.trees {
        let sample: Vec<usize> = (0..rows.len())
            .filter(|_| rng.unit() < p.subsample)
            .collect();
        let grad: Vec<(f64, f64)> = sample
            .iter()
            .map(|&i| {
                let pr = 1.0 / (1.0 + (-f[i]).exp());
                let w = f64::from(rows[i].w);
                let y = if rows[i].y { 1.0 } else { 0.0 };
                (w * (pr - y), (w * pr * (1.0 - pr)).max(1e-9))
            })
            .collect();
        let mut node = vec![0usize; sample.len()];
        let mut splits = vec![(0u8, f32::INFINITY); n_nodes];
        for level in 0..depth {
            let first = (1usize << level) - 1;
            let width = 1usize << level;
            let mut hist = vec![(0.0f64, 0.0f64); width * N_FEATURES * nb];
            for (s, &i) in sample.iter().enumerate() {
                let k = node[s] - first;
                let (g, h) = grad[s];
                for j in 0..N_FEATURES {
                    let e = &mut hist[(k * N_FEATURES + j) * nb + usize::from(binned[i][j])];
                    e.0 += g;
                    e.1 += h;
                }
            }
            for k in 0..width {
                splits[first + k] = best_split(&hist, k, nb, &thr, p.lambda);
            }
            for (s, &i) in sample.iter().enumerate() {
                let (feat, t) = splits[node[s]];
                let right = rows[i].x[usize::from(feat)] > t;
                node[s] = 2 * node[s] + 1 + usize::from(right);
            }
        }
        let mut sums = vec![(0.0f64, 0.0f64); 1 << depth];
        for (s, &k) in node.iter().enumerate() {
            let e = &mut sums[k - n_nodes];
            e.0 += grad[s].0;
            e.1 += grad[s].1;
        }
        let leaves: Vec<f32> = sums
            .iter()
            .map(|&(g, h)| (-g / (h + p.lambda) * p.rate) as f32)
            .collect();
        let tree = Tree { splits, leaves };
        let one = Model {
            depth: p.depth,
            base: 0.0,
            trees: vec![tree],
        };
        for (i, fi) in f.iter_mut().enumerate() {
            *fi += f64::from(one.score(&rows[i].x));
        }
        trees.extend(one.trees);
    }
    Model {
        depth: p.depth,
        base: base as f32,
        trees,
    }
}

/// The best `x > t` split of histogram node `k`; `+∞` (all left) when nothing gains.
fn best_split(
    hist: &[(f64, f64)],
    k: usize,
    nb: usize,
    thr: &[Vec<f32>],
    lambda: f64,
) -> (u8, f32) {
    const MIN_HESS: f64 = 1.0;
    let mut best = (0.0f64, 0u8, f32::INFINITY);
    for (j, t) in thr.iter().enumerate() {
        let h = &hist[(k * N_FEATURES + j) * nb..(k * N_FEATURES + j + 1) * nb];
        let (gt, ht) = h.iter().fold((0.0, 0.0), |a, e| (a.0 + e.0, a.1 + e.1));
        let parent = gt * gt / (ht + lambda);
        let (mut gl, mut hl) = (0.0, 0.0);
        for (b, &tv) in t.iter().enumerate() {
            gl += h[b].0;
            hl += h[b].1;
            let (gr, hr) = (gt - gl, ht - hl);
            if hl < MIN_HESS || hr < MIN_HESS {
                continue;
            }
            let gain = gl * gl / (hl + lambda) + gr * gr / (hr + lambda) - parent;
            if gain > best.0 {
                best = (gain, j as u8, tv);
            }
        }
    }
    (best.1, best.2)
}

/// A logistic regression over log-scaled, standardised features (the comparison baseline).
pub(crate) struct Logistic {
    mean: Vec<f64>,
    std: Vec<f64>,
    w: Vec<f64>,
    b: f64,
}

fn log_scale(x: f32) -> f64 {
    if x < 0.0 {
        f64::from(x)
    } else {
        f64::from(x).ln_1p()
    }
}

impl Logistic {
    pub(crate) fn train(rows: &[&Row]) -> Logistic {
        let n = rows.len().max(1) as f64;
        let mut mean = vec![0.0; N_FEATURES];
        let mut sq = vec![0.0; N_FEATURES];
        for r in rows {
            for j in 0..N_FEATURES {
                let v = log_scale(r.x[j]);
                mean[j] += v / n;
                sq[j] += v * v / n;
            }
        }
        let std: Vec<f64> = (0..N_FEATURES)
            .map(|j| (sq[j] - mean[j] * mean[j]).max(1e-12).sqrt())
            .collect();
        let mut m = Logistic {
            mean,
            std,
            w: vec![0.0; N_FEATURES],
            b: 0.0,
        };
        let mut rng = Rng(SEED);
        let mut order: Vec<usize> = (0..rows.len()).collect();
        let epochs = 4;
        let mut step = 0usize;
        for _ in 0..epochs {
            for i in (1..order.len()).rev() {
                order.swap(i, (rng.next() % (i as u64 + 1)) as usize);
            }
            for &i in &order {
                step += 1;
                let lr = 0.05 / (1.0 + step as f64 / 100_000.0);
                let z = m.standard(&rows[i].x);
                let pr = 1.0 / (1.0 + (-m.logit_z(&z)).exp());
                let y = if rows[i].y { 1.0 } else { 0.0 };
                let g = f64::from(rows[i].w) * (pr - y);
                for (w, zj) in m.w.iter_mut().zip(&z) {
                    *w -= lr * (g * zj + 1e-5 * *w);
                }
                m.b -= lr * g;
            }
        }
        m
    }

    fn standard(&self, x: &[f32]) -> Vec<f64> {
        (0..N_FEATURES)
            .map(|j| (log_scale(x[j]) - self.mean[j]) / self.std[j])
            .collect()
    }

    fn logit_z(&self, z: &[f64]) -> f64 {
        self.b + z.iter().zip(&self.w).map(|(a, b)| a * b).sum::<f64>()
    }

    pub(crate) fn logit(&self, x: &[f32]) -> f64 {
        self.logit_z(&self.standard(x))
    }
}

/// Block-level quality of a classifier on labelled rows: accuracy and word-weighted F1 of the
/// content class (weights are √words, as in training).
pub(crate) fn block_metrics(rows: &[&Row], predict: impl Fn(&Row) -> bool) -> (f64, f64) {
    let (mut correct, mut tp, mut fp, mut fneg) = (0usize, 0.0f64, 0.0f64, 0.0f64);
    for r in rows {
        let p = predict(r);
        correct += usize::from(p == r.y);
        let w = f64::from(r.w);
        match (p, r.y) {
            (true, true) => tp += w,
            (true, false) => fp += w,
            (false, true) => fneg += w,
            _ => {}
        }
    }
    let f1 = if tp == 0.0 {
        0.0
    } else {
        2.0 * tp / (2.0 * tp + fp + fneg)
    };
    (correct as f64 / rows.len().max(1) as f64, f1)
}

/// The features a model uses, by how many splits name them (for the report).
pub(crate) fn feature_use(m: &Model) -> Vec<(&'static str, usize)> {
    let mut n = vec![0usize; N_FEATURES];
    for t in &m.trees {
        for &(f, thr) in &t.splits {
            if thr.is_finite() {
                n[usize::from(f)] += 1;
            }
        }
    }
    let mut out: Vec<_> = learn::FEATURE_NAMES
        .iter()
        .copied()
        .zip(n)
        .filter(|(_, c)| *c > 0)
        .collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    out
}

/// True when `x` holds layout features (any geo feature present).
pub(crate) fn has_layout(x: &[f32]) -> bool {
    let at = learn::FEATURE_NAMES
        .iter()
        .position(|n| *n == "geo_visible")
        .unwrap_or(0);
    x[at] != ABSENT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_gold_bigrams() {
        let gold = Gold::new("The quick brown fox jumps over the lazy dog.");
        assert_eq!(gold.share("quick brown FOX"), Some((1.0, 3)));
        assert_eq!(gold.share("Home News Sport"), Some((0.0, 3)));
        // Every word is in the gold, but not in this order: not content.
        assert_eq!(gold.share("dog lazy the"), Some((0.0, 3)));
        assert_eq!(gold.share("fox"), Some((1.0, 1)));
        assert_eq!(gold.share(" — "), None);
    }

    #[test]
    fn folds_are_stable() {
        assert_eq!(fold_of("0001", 5), fold_of("0001", 5));
        let spread: HashSet<usize> = (0..100).map(|i| fold_of(&format!("{i:04}"), 5)).collect();
        assert_eq!(spread.len(), 5);
    }

    fn row(x0: f32, y: bool) -> Row {
        let mut x = vec![0.0; N_FEATURES];
        x[0] = x0;
        Row {
            x,
            y,
            w: 1.0,
            rules: false,
            page_fold: 0,
        }
    }

    #[test]
    fn a_pruner_keeps_only_the_rules_kept_blocks_weighted_by_words() {
        let at = |name: &str| {
            learn::FEATURE_NAMES
                .iter()
                .position(|n| *n == name)
                .unwrap_or(usize::MAX)
        };
        let kept = |in_root: f32, label: f32| {
            let mut r = row(0.0, true);
            r.x[at("in_root")] = in_root;
            r.x[at("rule_label")] = label;
            r.w = 3.0; // √9 words
            r
        };
        let rows = vec![
            kept(1.0, 1.0),
            kept(1.0, 0.5),
            kept(0.0, 1.0),
            kept(1.0, 0.0),
        ];
        let by_words = pruner_rows(rows.clone(), true);
        assert_eq!(by_words.len(), 1);
        assert_eq!(by_words[0].w, 9.0);
        assert_eq!(pruner_rows(rows, false)[0].w, 3.0);
    }

    #[test]
    fn without_sets_named_and_prefixed_features_absent() {
        let at = |name: &str| {
            learn::FEATURE_NAMES
                .iter()
                .position(|n| *n == name)
                .unwrap_or(usize::MAX)
        };
        let mut rows = vec![row(5.0, true)];
        rows[0].x.fill(2.0);
        without(&mut rows, "own_len,geo_*");
        let x = &rows[0].x;
        assert_eq!(x[at("own_len")], ABSENT);
        assert_eq!(x[at("geo_d0")], ABSENT);
        assert_eq!(x[at("geo_visible")], ABSENT);
        assert_eq!(x[at("text_len")], 2.0);
        assert_eq!(x.iter().filter(|&&v| v == ABSENT).count(), 8);
    }

    #[test]
    fn boosting_learns_a_threshold() {
        let rows: Vec<Row> = (0..400).map(|i| row(i as f32, i >= 200)).collect();
        let refs: Vec<&Row> = rows.iter().collect();
        let m = train_gbt(
            &refs,
            Params {
                trees: 20,
                depth: 2,
                ..Params::default()
            },
        );
        let (acc, f1) = block_metrics(&refs, |r| m.score(&r.x) > 0.0);
        assert!(acc > 0.95 && f1 > 0.95, "acc {acc} f1 {f1}");
        let lr = Logistic::train(&refs);
        let (acc, _) = block_metrics(&refs, |r| lr.logit(&r.x) > 0.0);
        assert!(acc > 0.8, "logistic acc {acc}");
    }
}
