//! Stage `learned`: a small gradient-boosted tree model over per-block features (seeds 002 and
//! 004), trained by `lectern train` (see `docs/LEARNED.md`) and embedded in the binary.
//!
//! Every text block gets a feature row: its own text statistics, tag and class/id vocabulary,
//! the noise, tag-path and site-memory evidence, where it sits relative to the rules' chosen
//! roots (the rules' own verdict), layout when captured (seed 002), and the same summary of its
//! previous and next blocks (the sequence view of seed 004). The model turns the row into a
//! score (a logit); the hierarchy stage fuses it with the rule label before its vote.
//!
//! Inference is plain `f32` compares and a left-to-right sum of leaf values: no transcendental
//! functions and no fused multiply-add, so native and wasm builds give bit-identical scores.

use std::fmt;

use crate::classify::hierarchy::Label;
use crate::extract::blocks::{flag, Features, Region};
use crate::extract::score::Inputs;
use crate::snapshot::NodeId;

/// Model file format version; bump on any change of the byte layout.
pub const FORMAT_VERSION: u16 = 2;
const MAGIC: &[u8; 4] = b"LCBM";

/// An absent feature: no layout captured, or no previous/next block.
pub const ABSENT: f32 = -1.0;

/// Names of the features of one block row, in row order. The model header carries a hash of
/// this list, so a model trained on another feature set is refused at load time.
pub const FEATURE_NAMES: &[&str] = &[
    "own_len",
    "text_len",
    "own_link_density",
    "link_density",
    "own_commas",
    "own_words",
    "own_sentences",
    "links",
    "images",
    "depth",
    "rel_preorder",
    "tag",
    "vocab_nav",
    "vocab_ad",
    "vocab_special",
    "vocab_overlay",
    "vocab_positive",
    "vocab_negative",
    "keyword",
    "noise_kind",
    "noise_inside",
    "run_share",
    "in_best_run",
    "ptp_share",
    "site_repeated",
    "site_path_kept",
    "in_root",
    "root_side",
    "root_distance",
    "rule_label",
    "root_text_share",
    "sibling_pos",
    "paragraph_points",
    "block_children",
    "geo_region",
    "geo_visible",
    "geo_font_size",
    "geo_font_weight",
    "geo_viewport_share",
    "geo_d0",
    "geo_d1",
    "prev_own_len",
    "prev_link_density",
    "prev_in_root",
    "prev_rule_label",
    "prev_noise",
    "prev_tag",
    "prev_same_path",
    "next_own_len",
    "next_link_density",
    "next_in_root",
    "next_rule_label",
    "next_noise",
    "next_tag",
    "next_same_path",
];

/// Features per row.
pub const N_FEATURES: usize = FEATURE_NAMES.len();
/// Index of the first neighbour feature; the neighbour summary is [`NEIGHBOUR`] of the base row.
const PREV_AT: usize = 41;
const NEXT_AT: usize = PREV_AT + NEIGHBOUR.len() + 1;
/// Base-row indices summarised for the previous and next block (own_len, own link density,
/// in_root, rule_label, noise_inside, tag); the seventh neighbour feature is "same tag path".
const NEIGHBOUR: [usize; 6] = [0, 2, 26, 29, 20, 11];

/// FNV-1a over the feature names: the feature-set identity written into model headers.
pub fn feature_set_hash() -> u64 {
    FEATURE_SET_HASH
}

/// [`feature_set_hash`], computed at compile time: the wasm builds, which only check a model's
/// header, then carry no copy of the names (55 strings and their pointer table).
const FEATURE_SET_HASH: u64 = {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < FEATURE_NAMES.len() {
        let name = FEATURE_NAMES[i].as_bytes();
        let mut j = 0;
        while j <= name.len() {
            let b = if j < name.len() { name[j] } else { b'\n' };
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
            j += 1;
        }
        i += 1;
    }
    h
};

/// Why a model file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// Not a Lectern block model (bad magic bytes).
    NotAModel,
    /// Written by another format version.
    Version {
        /// Version in the file.
        found: u16,
        /// Version this build reads.
        expected: u16,
    },
    /// Trained on another feature set: retrain with `lectern train`.
    FeatureSet {
        /// Feature-set hash in the file.
        found: u64,
        /// Feature-set hash of this build.
        expected: u64,
    },
    /// The file ends early, has trailing bytes, or names a feature out of range.
    Corrupt(&'static str),
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::NotAModel => write!(f, "not a Lectern block model"),
            ModelError::Version { found, expected } => {
                write!(f, "model format version {found}, this build reads {expected}")
            }
            ModelError::FeatureSet { found, expected } => write!(
                f,
                "model trained on feature set {found:016x}, this build computes {expected:016x}: retrain with `lectern train`"
            ),
            ModelError::Corrupt(why) => write!(f, "corrupt model: {why}"),
        }
    }
}

impl std::error::Error for ModelError {}

/// One complete binary tree of fixed depth: `2^depth - 1` splits in breadth-first order, then
/// `2^depth` leaves. A row goes right when `row[feature] > threshold`.
#[derive(Clone, Debug, PartialEq)]
pub struct Tree {
    /// `(feature, threshold)` per split.
    pub splits: Vec<(u8, f32)>,
    /// Leaf values (logit contributions).
    pub leaves: Vec<f32>,
}

/// A boosted-tree block model: `score = base + Σ tree(row)`, a logit (> 0: content).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Depth of every tree.
    pub depth: u8,
    /// Prior logit.
    pub base: f32,
    /// The trees, summed in this order.
    pub trees: Vec<Tree>,
}

impl Model {
    /// The logit of one feature row (`row.len() == N_FEATURES`).
    pub fn score(&self, row: &[f32]) -> f32 {
        let mut s = self.base;
        for t in &self.trees {
            let mut k = 0usize;
            for _ in 0..self.depth {
                let (feat, thr) = t.splits[k];
                let x = row.get(usize::from(feat)).copied().unwrap_or(ABSENT);
                k = 2 * k + 1 + usize::from(x > thr);
            }
            s += t.leaves[k - t.splits.len()];
        }
        s
    }

    /// Serialises the model (little-endian; header: magic, version, feature-set hash,
    /// feature count, depth, tree count, base, leaf scale, threshold count).
    ///
    /// Laid out for gzip, which is how the extension ships it (format 2, session 14; 16 703 →
    /// 10 094 bytes raw, 11.7 → 7.2 KB gzipped in the wasm): the trees' thresholds repeat (the
    /// trainer splits on 32 quantile bins per feature), so they are one sorted table and each
    /// split keeps a `u16` index into it; leaves are fixed-point `i16` at `2^-shift`, the
    /// finest step that fits the largest leaf. Multi-byte arrays are stored as byte planes
    /// (every value's low byte, then every high byte), which gzip packs far better than
    /// interleaved numbers. Thresholds are exact; leaves round by at most `2^-(shift+1)`
    /// (shipped model: 6.1e-5, which changed no extraction on any corpus, docs/LEARNED.md).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.extend_from_slice(&feature_set_hash().to_le_bytes());
        out.extend_from_slice(&(N_FEATURES as u16).to_le_bytes());
        out.push(self.depth);
        out.extend_from_slice(&(self.trees.len() as u16).to_le_bytes());
        out.extend_from_slice(&self.base.to_le_bytes());
        let splits = || self.trees.iter().flat_map(|t| t.splits.iter());
        let leaves = || self.trees.iter().flat_map(|t| t.leaves.iter());
        let widest = leaves().fold(0.0f32, |m, v| m.max(v.abs()));
        let shift = (0..=LEAF_SHIFT_MAX)
            .rev()
            .find(|&s| widest * leaf_scale(s) <= f32::from(i16::MAX))
            .unwrap_or(0);
        out.push(shift);
        let mut table: Vec<u32> = splits().map(|&(_, thr)| thr.to_bits()).collect();
        let key = |bits: &u32| crate::order::f32_key(f32::from_bits(*bits));
        crate::order::by_key(&mut table, key);
        table.dedup();
        out.extend_from_slice(&(table.len() as u16).to_le_bytes());
        push_planes(&mut out, table.iter().map(|v| v.to_le_bytes()));
        out.extend(splits().map(|&(feat, _)| feat));
        let index = |thr: f32| {
            let at = table.binary_search_by_key(&key(&thr.to_bits()), key);
            u16::try_from(at.unwrap_or(0)).unwrap_or(u16::MAX)
        };
        push_planes(&mut out, splits().map(|&(_, thr)| index(thr).to_le_bytes()));
        push_planes(
            &mut out,
            leaves().map(|v| ((v * leaf_scale(shift)).round() as i16).to_le_bytes()),
        );
        out
    }

    /// Reads a model, refusing another format version or feature set.
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, ModelError> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(4)? != MAGIC {
            return Err(ModelError::NotAModel);
        }
        let version = u16::from_le_bytes(r.array()?);
        if version != FORMAT_VERSION {
            return Err(ModelError::Version {
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let hash = u64::from_le_bytes(r.array()?);
        if hash != feature_set_hash() {
            return Err(ModelError::FeatureSet {
                found: hash,
                expected: feature_set_hash(),
            });
        }
        if usize::from(u16::from_le_bytes(r.array()?)) != N_FEATURES {
            return Err(ModelError::Corrupt("feature count"));
        }
        let depth = r.take(1)?[0];
        if depth > 8 {
            return Err(ModelError::Corrupt("tree depth over 8"));
        }
        let n_trees = usize::from(u16::from_le_bytes(r.array()?));
        let base = f32::from_le_bytes(r.array()?);
        let shift = r.take(1)?[0];
        if shift > LEAF_SHIFT_MAX {
            return Err(ModelError::Corrupt("leaf scale"));
        }
        let n_table = usize::from(u16::from_le_bytes(r.array()?));
        let table = r.planes::<4>(n_table)?;
        let (n_splits, n_leaves) = ((1usize << depth) - 1, 1usize << depth);
        let feats = r.take(n_trees * n_splits)?;
        let index = r.planes::<2>(n_trees * n_splits)?;
        let leaves = r.planes::<2>(n_trees * n_leaves)?;
        if r.at != bytes.len() {
            return Err(ModelError::Corrupt("trailing bytes"));
        }
        let mut trees = Vec::with_capacity(n_trees);
        for t in 0..n_trees {
            let mut splits = Vec::with_capacity(n_splits);
            for k in t * n_splits..(t + 1) * n_splits {
                let feat = feats[k];
                if usize::from(feat) >= N_FEATURES {
                    return Err(ModelError::Corrupt("feature index out of range"));
                }
                let thr = table
                    .get(usize::from(u16::from_le_bytes(index[k])))
                    .ok_or(ModelError::Corrupt("threshold index out of range"))?;
                splits.push((feat, f32::from_le_bytes(*thr)));
            }
            let scale = leaf_scale(shift);
            let leaves = leaves[t * n_leaves..(t + 1) * n_leaves]
                .iter()
                .map(|q| f32::from(i16::from_le_bytes(*q)) / scale)
                .collect();
            trees.push(Tree { splits, leaves });
        }
        Ok(Model { depth, base, trees })
    }
}

/// Finest leaf step of the file format: `2^-LEAF_SHIFT_MAX`.
const LEAF_SHIFT_MAX: u8 = 24;

/// `2^shift`, exact in `f32` (so `q / scale` is exact too).
fn leaf_scale(shift: u8) -> f32 {
    f32::from_bits((127 + u32::from(shift)) << 23)
}

/// Appends N-byte values as N byte planes.
fn push_planes<const N: usize>(out: &mut Vec<u8>, values: impl Iterator<Item = [u8; N]> + Clone) {
    for k in 0..N {
        out.extend(values.clone().map(|v| v[k]));
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], ModelError> {
        let s = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or(ModelError::Corrupt("truncated"))?;
        self.at += n;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], ModelError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    /// `n` values of N bytes stored as N byte planes (see `Model::to_bytes`).
    fn planes<const N: usize>(&mut self, n: usize) -> Result<Vec<[u8; N]>, ModelError> {
        let planes = self.take(n * N)?;
        Ok((0..n)
            .map(|i| std::array::from_fn(|k| planes[k * n + i]))
            .collect())
    }
}

/// The shipped model (`model/blocks.v1.bin`, written by `lectern train`).
static EMBEDDED: &[u8] = include_bytes!("../../model/blocks.v1.bin");

/// The shipped model, parsed once.
pub(crate) fn embedded() -> Result<&'static Model, &'static ModelError> {
    static MODEL: std::sync::OnceLock<Result<Model, ModelError>> = std::sync::OnceLock::new();
    MODEL.get_or_init(|| Model::from_bytes(EMBEDDED)).as_ref()
}

/// How sure the model must be to overrule the rules, as logits (no `exp` at run time).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fuse {
    /// Above: the fused first-pass label is content.
    pub content: f32,
    /// Below: the fused first-pass label is boilerplate.
    pub boilerplate: f32,
    /// Above: a block outside the rules' roots joins the content.
    pub join: f32,
    /// Gated fusion: the page-level test that switches to stricter thresholds (`None`: the
    /// three above apply on every page). Default: `fuse::GATE_PROSE_CHARS` (2000) chars of prose,
    /// then `fuse::STRONG` (2, −3, 3).
    pub gate: Option<Gate>,
}

/// A per-page gate of the fusion: where the rules' own selection is strong, the model needs
/// to be surer to overrule them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gate {
    /// A page whose rule roots hold at least this many chars of prose paragraphs (a sentence or
    /// more, few links) is strong: an article the rules already read well.
    pub prose_chars: u32,
    /// Content, boilerplate and join thresholds (logits) on a strong page.
    pub strong: [f32; 3],
    /// On a weak page (below `prose_chars`) the model alone picks the blocks, as
    /// `--learned-only` does (topmost blocks with logit > 0, no vote); else the thresholds.
    pub weak_only: bool,
    /// On a page the `page_type` stage calls a listing or a product (declared in JSON-LD or
    /// `og:type`, or cards holding most of its text) the model alone picks the blocks, whatever
    /// its prose: the model gains most on such pages (docs/LEARNED.md). Default: off.
    pub typed_only: bool,
}

impl Default for Fuse {
    fn default() -> Self {
        Fuse {
            content: fuse::CONTENT,
            boilerplate: fuse::BOILERPLATE,
            join: fuse::JOIN,
            gate: Some(Gate {
                prose_chars: fuse::GATE_PROSE_CHARS,
                strong: fuse::STRONG,
                weak_only: false,
                typed_only: false,
            }),
        }
    }
}

impl Fuse {
    /// True when the gate calls a page whose rule roots hold `prose_chars` chars of prose strong.
    pub(crate) fn strong(&self, prose_chars: u32) -> bool {
        self.gate.is_some_and(|g| prose_chars >= g.prose_chars)
    }

    /// True when the model alone picks the blocks of a page with `prose_chars` chars of prose
    /// in its rule roots ([`Gate::weak_only`]), `typed` when the `page_type` stage calls it a
    /// listing or a product ([`Gate::typed_only`]).
    pub(crate) fn model_alone(&self, prose_chars: u32, typed: bool) -> bool {
        self.gate
            .is_some_and(|g| (g.weak_only && !self.strong(prose_chars)) || (g.typed_only && typed))
    }

    /// The thresholds for a page whose rule roots hold `prose_chars` chars of prose: the
    /// gate's strong thresholds at or above its limit, else these (without a gate).
    pub(crate) fn for_page(&self, prose_chars: u32) -> Fuse {
        match self.gate {
            Some(g) if self.strong(prose_chars) => Fuse {
                content: g.strong[0],
                boilerplate: g.strong[1],
                join: g.strong[2],
                gate: None,
            },
            _ => Fuse {
                gate: None,
                ..*self
            },
        }
    }
}

/// Fusion thresholds, as logits. Tuned out-of-fold on wcxb-dev (docs/LEARNED.md).
pub(crate) mod fuse {
    /// Above this the learned label is content, whatever the rule said (p ≈ 0.73): the model
    /// is right about most short captions, bylines and link-rich list items the rules drop.
    pub const CONTENT: f32 = 1.0;
    /// Below this the learned label is boilerplate (p ≈ 0.18): related-links strips and
    /// teasers inside the chosen root that the rules' link density misses.
    pub const BOILERPLATE: f32 = -1.5;
    /// A block outside the rules' roots joins the content above this (p ≈ 0.95): only when
    /// the model is sure, since a wrong join adds a whole block of boilerplate.
    pub const JOIN: f32 = 3.0;
    /// A page whose rule roots hold this many chars of prose paragraphs or more is an article
    /// the rules read well (the weak-selection size, `limits::WEAK_SELECTION_CHARS`): session 8,
    /// out-of-fold, ungated fusion lost big9-dev 0.0037 (the model promoting boilerplate inside
    /// long stories); gated at 2000 big9-dev −0.0002, wcxb-dev +0.0028 (1000: +0.0022).
    pub const GATE_PROSE_CHARS: u32 = 2000;
    /// Content, boilerplate and join thresholds on such a page: the session-4 setting that
    /// lost on no corpus (docs/LEARNED.md); `99, -99, 99` (rules alone) measured 0.0004 lower.
    pub const STRONG: [f32; 3] = [2.0, -3.0, 3.0];
}

fn tag_code(tag: &str) -> f32 {
    // Grouped so that neighbouring codes are related (the trees split on ranges).
    match tag {
        "p" => 1.0,
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => 2.0,
        "blockquote" | "pre" | "code" => 3.0,
        "li" => 4.0,
        "dd" | "dt" | "dl" => 5.0,
        "td" | "th" | "tr" | "table" | "tbody" | "caption" => 6.0,
        "ul" | "ol" => 7.0,
        "figure" | "figcaption" => 8.0,
        "div" => 9.0,
        "section" | "article" | "main" => 10.0,
        "header" | "footer" | "nav" | "aside" => 11.0,
        "form" | "fieldset" | "button" | "label" | "select" => 12.0,
        _ => 13.0,
    }
}

fn label_code(l: Label) -> f32 {
    match l {
        Label::Content => 1.0,
        Label::Boilerplate => 0.5,
        Label::Noise => 0.0,
    }
}

fn bit(v: bool) -> f32 {
    if v {
        1.0
    } else {
        0.0
    }
}

/// Feature rows of every text block (`inp.f.blocks` order), given the rules' `roots` and the
/// rules' first-pass label of each block.
pub(crate) fn rows(
    inp: &Inputs,
    roots: &[NodeId],
    rule_label: impl Fn(NodeId) -> Label,
) -> Vec<[f32; N_FEATURES]> {
    let f = inp.f;
    let n_order = f.order.len().max(1) as f32;
    let page_text = f.text_len[NodeId::ROOT.index()].max(1) as f32;
    let root_text: u32 = roots.iter().map(|r| f.text_len[r.index()]).sum();
    let mut ptp_count: std::collections::HashMap<u64, u32> = Default::default();
    let mut block_children = crate::snapshot::Side(vec![0u32; f.order.len()]);
    for &b in &f.blocks {
        *ptp_count.entry(f.ptp[b.index()]).or_insert(0) += 1;
        if let Some(p) = inp.snap.node(b).parent {
            block_children[f.block_of[p.index()].index()] += 1;
        }
    }
    let best_run = inp.runs.and_then(|r| r.best());
    let n_blocks = f.blocks.len().max(1) as f32;
    let mut out: Vec<[f32; N_FEATURES]> = f
        .blocks
        .iter()
        .map(|&b| {
            let i = b.index();
            let mut r = [ABSENT; N_FEATURES];
            let node = inp.snap.node(b);
            r[0] = f.own_len[i] as f32;
            r[1] = f.text_len[i] as f32;
            r[2] = f.own_link_density(b);
            r[3] = f.link_density(b);
            r[4] = f.own_commas[i] as f32;
            r[5] = f.own_words[i] as f32;
            r[6] = f.own_sentences[i] as f32;
            r[7] = f.links[i] as f32;
            r[8] = f.images[i] as f32;
            r[9] = f32::from(f.depth[i]);
            r[10] = f.preorder[i] as f32 / n_order;
            r[11] = tag_code(node.tag.as_str());
            for (k, fl) in [
                flag::NAV,
                flag::AD,
                flag::SPECIAL,
                flag::OVERLAY,
                flag::POSITIVE,
                flag::NEGATIVE,
            ]
            .into_iter()
            .enumerate()
            {
                r[12 + k] = bit(f.has(b, fl));
            }
            r[18] = bit(f.keyword[i].is_some());
            r[19] = inp.noise.kind[i].map_or(0.0, |k| k as u8 as f32 + 1.0);
            r[20] = bit(inp.noise.inside[i]);
            r[21] = inp.runs.map_or(ABSENT, |x| x.share[i]);
            r[22] = bit(best_run.is_some_and(|run| run.blocks.contains(&b)));
            r[23] = ptp_count.get(&f.ptp[i]).copied().unwrap_or(0) as f32 / n_blocks;
            r[24] = bit(inp.memory.is_some_and(|m| m.is_repeated(f.fingerprint[i])));
            r[25] = inp
                .memory
                .and_then(|m| m.path_kept_share(f.ptp[i]))
                .unwrap_or(ABSENT);
            let (inside, side, dist) = root_position(f, roots, b);
            r[26] = bit(inside);
            r[27] = side;
            r[28] = dist / n_order;
            r[29] = label_code(rule_label(b));
            r[30] = root_text as f32 / page_text;
            r[31] = f32::from(f.sibling_pos[i]);
            r[32] = inp.paragraph_points(b);
            r[33] = block_children[i] as f32;
            if let Some(g) = f.geo(b) {
                r[34] = match g.region {
                    Region::Top => 1.0,
                    Region::Bottom => 2.0,
                    Region::Left => 3.0,
                    Region::Right => 4.0,
                    Region::Centre => 5.0,
                };
                r[35] = bit(g.visible);
                r[36] = g.font_size;
                r[37] = f32::from(g.font_weight);
                r[38] = g.viewport_share;
                r[39] = g.d0;
                r[40] = g.d1;
            }
            r
        })
        .collect();
    // Neighbour context (seed 004's sequence view): the previous and next block's summary.
    for k in 0..out.len() {
        let ptp = f.ptp[f.blocks[k].index()];
        for (at, other) in [(PREV_AT, k.checked_sub(1)), (NEXT_AT, Some(k + 1))] {
            let Some(o) = other.filter(|&o| o < out.len()) else {
                continue;
            };
            for (j, &src) in NEIGHBOUR.iter().enumerate() {
                out[k][at + j] = out[o][src];
            }
            out[k][at + NEIGHBOUR.len()] = bit(f.ptp[f.blocks[o].index()] == ptp);
        }
    }
    out
}

/// Inside a root; side (0 inside, -1 before every root, 1 after every root, 0.5 between);
/// distance in preorder positions to the nearest root.
fn root_position(f: &Features, roots: &[NodeId], b: NodeId) -> (bool, f32, f32) {
    if roots.is_empty() {
        return (false, ABSENT, ABSENT);
    }
    if roots.iter().any(|&r| f.contains(r, b)) {
        return (true, 0.0, 0.0);
    }
    let p = f.preorder[b.index()];
    let (mut before, mut after, mut dist) = (0, 0, u32::MAX);
    for r in roots {
        let (start, end) = (f.preorder[r.index()], f.subtree_end[r.index()]);
        if p < start {
            before += 1;
            dist = dist.min(start - p);
        } else {
            after += 1;
            dist = dist.min(p.saturating_sub(end));
        }
    }
    let side = match (before, after) {
        (_, 0) => -1.0,
        (0, _) => 1.0,
        _ => 0.5,
    };
    (false, side, dist as f32)
}

/// The fused first-pass label: the model overrules the rule label when it is sure; noise found
/// by the noise classifier stays noise.
pub(crate) fn fused_label(rule: Label, score: Option<f32>, fuse: &Fuse) -> Label {
    match score {
        Some(_) if rule == Label::Noise => Label::Noise,
        Some(s) if s > fuse.content => Label::Content,
        Some(s) if s < fuse.boilerplate => Label::Boilerplate,
        _ => rule,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compile_time_feature_hash_is_fnv_over_the_names() {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for name in FEATURE_NAMES {
            for &b in name.as_bytes().iter().chain(b"\n") {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
        assert_eq!(feature_set_hash(), h);
    }

    fn stump(feature: u8, threshold: f32, left: f32, right: f32) -> Tree {
        Tree {
            splits: vec![(feature, threshold)],
            leaves: vec![left, right],
        }
    }

    #[test]
    fn trees_sum_in_order_and_split_on_greater_than() {
        let m = Model {
            depth: 1,
            base: 0.5,
            trees: vec![stump(0, 10.0, -1.0, 2.0), stump(2, 0.5, 0.25, -0.75)],
        };
        let mut row = [0.0f32; N_FEATURES];
        row[0] = 10.0; // not > 10: left
        row[2] = 0.6; // > 0.5: right
        assert_eq!(m.score(&row), 0.5 - 1.0 - 0.75);
        row[0] = 10.5;
        assert_eq!(m.score(&row), 0.5 + 2.0 - 0.75);
    }

    #[test]
    fn model_bytes_round_trip() {
        let m = Model {
            depth: 2,
            base: -0.25,
            trees: vec![Tree {
                splits: vec![(0, 1.0), (3, 0.5), (26, 0.5)],
                leaves: vec![0.125, -0.5, 0.375, 1.5],
            }],
        };
        assert_eq!(Model::from_bytes(&m.to_bytes()), Ok(m));
    }

    #[test]
    fn leaves_round_to_the_finest_step_that_fits_and_thresholds_stay_exact() {
        let m = Model {
            depth: 1,
            base: 0.0,
            trees: vec![stump(5, 0.1, -2.9, 0.1), stump(5, 0.1, 1e-9, 0.3)],
        };
        // Widest leaf 2.9: 2^13 * 2.9 fits an i16, 2^14 * 2.9 does not.
        let read = Model::from_bytes(&m.to_bytes()).unwrap_or_else(|e| panic!("{e}"));
        let step = 1.0 / 8192.0;
        for (a, b) in read.trees.iter().zip(&m.trees) {
            assert_eq!(a.splits, b.splits);
            for (x, y) in a.leaves.iter().zip(&b.leaves) {
                assert!((x - y).abs() <= step / 2.0, "{x} vs {y}");
                assert_eq!((x / step).fract(), 0.0);
            }
        }
    }

    #[test]
    fn the_shipped_model_is_written_back_byte_for_byte() {
        let m = embedded().unwrap_or_else(|e| panic!("{e}"));
        assert!(
            m.to_bytes() == EMBEDDED,
            "to_bytes differs from model/blocks.v1.bin"
        );
    }

    #[test]
    fn a_model_of_another_feature_set_or_version_is_refused() {
        let m = Model {
            depth: 1,
            base: 0.0,
            trees: vec![stump(0, 1.0, 0.0, 1.0)],
        };
        let good = m.to_bytes();
        let mut other_features = good.clone();
        other_features[6] ^= 1;
        assert!(matches!(
            Model::from_bytes(&other_features),
            Err(ModelError::FeatureSet { .. })
        ));
        let mut other_version = good.clone();
        other_version[4] = 9;
        assert_eq!(
            Model::from_bytes(&other_version),
            Err(ModelError::Version {
                found: 9,
                expected: FORMAT_VERSION
            })
        );
        assert_eq!(Model::from_bytes(b"GIF89a"), Err(ModelError::NotAModel));
        assert_eq!(
            Model::from_bytes(&good[..good.len() - 1]),
            Err(ModelError::Corrupt("truncated"))
        );
        // Header, leaf scale, threshold count, one threshold: then the split features.
        let mut bad_feature = good.clone();
        bad_feature[4 + 2 + 8 + 2 + 1 + 2 + 4 + 1 + 2 + 4] = N_FEATURES as u8;
        assert_eq!(
            Model::from_bytes(&bad_feature),
            Err(ModelError::Corrupt("feature index out of range"))
        );
        let mut bad_index = good;
        let split_index = 4 + 2 + 8 + 2 + 1 + 2 + 4 + 1 + 2 + 4 + 1;
        bad_index[split_index] = 1;
        assert_eq!(
            Model::from_bytes(&bad_index),
            Err(ModelError::Corrupt("threshold index out of range"))
        );
    }

    #[test]
    fn the_shipped_model_loads() {
        assert!(embedded().is_ok(), "{:?}", embedded().err());
    }

    #[test]
    fn feature_names_are_unique_and_fit_a_byte() {
        let mut names = FEATURE_NAMES.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), N_FEATURES);
        const { assert!(N_FEATURES < 255) };
        assert_eq!(FEATURE_NAMES[PREV_AT], "prev_own_len");
        assert_eq!(FEATURE_NAMES[NEXT_AT], "next_own_len");
        assert_eq!(NEXT_AT + NEIGHBOUR.len() + 1, N_FEATURES);
    }

    #[test]
    fn the_gate_switches_to_its_strong_thresholds_at_its_prose_limit() {
        let gated = Fuse {
            gate: Some(Gate {
                prose_chars: 1000,
                strong: [2.0, -3.0, 4.0],
                weak_only: false,
                typed_only: false,
            }),
            ..Fuse::default()
        };
        let weak = gated.for_page(999);
        assert_eq!(
            (weak.content, weak.boilerplate, weak.join),
            (1.0, -1.5, 3.0)
        );
        let strong = gated.for_page(1000);
        assert_eq!(
            (strong.content, strong.boilerplate, strong.join),
            (2.0, -3.0, 4.0)
        );
        let ungated = Fuse {
            gate: None,
            ..Fuse::default()
        };
        assert!(!ungated.strong(u32::MAX));
        assert!(Fuse::default().strong(fuse::GATE_PROSE_CHARS));
    }

    #[test]
    fn fused_label_keeps_noise_and_trusts_sure_scores() {
        use Label::*;
        let d = Fuse::default();
        assert_eq!(fused_label(Noise, Some(9.0), &d), Noise);
        assert_eq!(fused_label(Boilerplate, Some(4.0), &d), Content);
        assert_eq!(fused_label(Content, Some(-4.0), &d), Boilerplate);
        assert_eq!(fused_label(Content, Some(0.0), &d), Content);
        assert_eq!(fused_label(Boilerplate, None, &d), Boilerplate);
    }
}
