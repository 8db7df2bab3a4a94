//! # Lectern
//!
//! A reader mode core: finds the main content of a web page and returns it as a clean,
//! accessible [`Article`]. One algorithm runs over three inputs — the live page DOM (in wasm,
//! with layout), an HTML string (native or wasm), or a serialized [`Snapshot`].
//!
//! ```
//! # #[cfg(feature = "html")] {
//! let html = "<html><head><title>Hello</title></head><body><article>\
//!             <p>Lectern keeps the article and drops the rest of the page, which is why readers like it.</p>\
//!             </article></body></html>";
//! let article = lectern::extract_html(html, &lectern::Options::default())
//!     .expect("valid input")
//!     .expect("an article");
//! assert_eq!(article.title.as_deref(), Some("Hello"));
//! assert!(lectern::to_text(&article).contains("Lectern keeps the article"));
//! # }
//! ```
#![warn(missing_docs)]

// Cold string tables (TeX commands, MathML names) are one string each, an entry per line
// (`key\tvalue`), not slices of `&str`: a slice stores an 8-byte pointer and length per string in
// the wasm, which gzip packs poorly (docs/BENCHMARKS.md, session 15). `rules::table_value` and
// `rules::table_has` read them in order, as the slices were read. Hot tables (tag sets asked per
// node) stay slices: a slice lookup is faster.

/// `(key, value)` pairs as one table string.
macro_rules! pairs {
    ($(($k:literal, $v:literal)),* $(,)?) => {
        concat!($($k, "\t", $v, "\n"),*)
    };
}

/// `(key, open, close)` triples as one table string.
macro_rules! triples {
    ($(($k:literal, $o:literal, $c:literal)),* $(,)?) => {
        concat!($($k, "\t", $o, "\t", $c, "\n"),*)
    };
}

/// Words as one table string.
macro_rules! words {
    ($($w:literal),* $(,)?) => {
        concat!($($w, "\n"),*)
    };
}

/// `s` lowercased like `str::to_lowercase`, through `char::to_lowercase` (which the crate needs
/// anyway): std's own pulls in its final-sigma code and its `Cased`/`Case_Ignorable` tables
/// (−1.9 KB gz of the extension wasm). A capital sigma is word-final, as in std, when skipping
/// case-ignorable characters a cased one comes before it and none after; the two properties
/// are read from `is_lowercase`/`is_uppercase` plus the titlecase letters, and from the
/// common case-ignorable marks (apostrophes, full stop, colon, soft hyphen, middle dot,
/// modifier letters and combining accents). Only a sigma beside rarer ignorables (other scripts' marks, format characters) can differ.
pub(crate) fn lower(s: &str) -> String {
    fn ignorable(c: char) -> bool {
        matches!(
            c,
            '\'' | '.'
                | ':'
                | '^'
                | '`'
                | '\u{a8}'
                | '\u{ad}'
                | '\u{af}'
                | '\u{b4}'
                | '\u{b7}'
                | '\u{b8}'
                | '\u{2018}'
                | '\u{2019}'
                | '\u{2024}'
                | '\u{2027}'
                | '\u{2b0}'..='\u{36f}' | '\u{374}' | '\u{375}' | '\u{37a}' | '\u{384}' | '\u{385}' | '\u{387}'
                | '\u{1fbd}'
                | '\u{1fbf}'..='\u{1fc1}'
                | '\u{1fcd}'..='\u{1fcf}'
                | '\u{1fdd}'..='\u{1fdf}'
                | '\u{1fed}'..='\u{1fef}'
                | '\u{1ffd}'
                | '\u{1ffe}'
                | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206f}' | '\u{feff}'
        )
    }
    fn cased(mut it: impl Iterator<Item = char>) -> bool {
        it.find(|&c| !ignorable(c)).is_some_and(|c| {
            c.is_lowercase()
                || c.is_uppercase()
                || matches!(c, '\u{1c5}' | '\u{1c8}' | '\u{1cb}' | '\u{1f2}' | '\u{1fbc}'
                    | '\u{1fcc}' | '\u{1ffc}' | '\u{1f88}'..='\u{1f8f}' | '\u{1f98}'..='\u{1f9f}'
                    | '\u{1fa8}'..='\u{1faf}')
        })
    }
    // Most text is ASCII: std's own fast path, and no per-char case mapping.
    if s.is_ascii() {
        return s.to_ascii_lowercase();
    }
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.char_indices() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if c == '\u{3a3}' {
            let last = cased(s[..i].chars().rev()) && !cased(s[i + 2..].chars());
            out.push(if last { '\u{3c2}' } else { '\u{3c3}' });
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

mod article;
mod budget;
mod classify;
#[cfg(any(test, all(feature = "web", target_arch = "wasm32")))]
mod de;
mod error;
mod extract;
mod num;
mod options;
mod order;
mod render;
mod rules;
mod snapshot;
mod trace;

#[cfg(feature = "html")]
mod native;
#[cfg(all(feature = "web", target_arch = "wasm32"))]
pub mod web;

pub use article::{Article, Block, Cell, Image, Inline};
pub use budget::{Clock, Deadline};
pub use classify::site_memory::{Seen, SiteMemory};
pub use error::Error;
pub use extract::stages::StageSwitches;
pub use options::{Limits, Mode, Options};
pub use render::allowlist::violations as allowlist_violations;
pub use render::{to_html, to_markdown, to_text};
pub use snapshot::source::{DomSource, NodeInfo};
pub use snapshot::{Layout, Namespace, Node, NodeId, NodeKind, Snapshot, Viewport};
pub use trace::{Decision, Reason, StageRecord, Trace};

/// Captures any [`DomSource`] into a [`Snapshot`] within `options.limits`.
pub fn capture<S: DomSource>(
    source: &S,
    options: &Options,
    deadline: &Deadline,
) -> Result<Snapshot, Error> {
    snapshot::capture::capture(source, &options.limits, deadline)
}

/// Extracts the main content of a captured page. `Ok(None)` means "no article here".
/// The snapshot is validated first (it may come from JSON): a broken one is
/// [`Error::InvalidSnapshot`].
pub fn extract_snapshot(snapshot: &Snapshot, options: &Options) -> Result<Option<Article>, Error> {
    extract_snapshot_with_deadline(
        snapshot,
        options,
        &Deadline::start(options.limits.time_budget_ms),
    )
}

/// As [`extract_snapshot`], against an existing deadline (so capture and extraction share one budget).
pub fn extract_snapshot_with_deadline(
    snapshot: &Snapshot,
    options: &Options,
    deadline: &Deadline,
) -> Result<Option<Article>, Error> {
    snapshot.validate()?;
    extract::extract(snapshot, options, deadline)
}

/// As [`extract_snapshot`], and also returns the [`Trace`]: every stage with its time and
/// counts, and every keep/drop decision with its reason (the data behind the debug overlay).
///
/// ```
/// # #[cfg(feature = "html")] {
/// let html = "<html><body><nav><a href=/>Home</a> <a href=/b>Blog</a></nav><article>\
///             <p>The trace says which stage kept this paragraph and why it was kept at all.</p>\
///             </article></body></html>";
/// let snap = lectern::parse_html(html, &lectern::Options::default()).expect("valid input");
/// let (_article, trace) = lectern::extract_with_trace(&snap, &lectern::Options::default())
///     .expect("no error");
/// assert!(trace.stage("noise").is_some());
/// # }
/// ```
pub fn extract_with_trace(
    snapshot: &Snapshot,
    options: &Options,
) -> Result<(Option<Article>, Trace), Error> {
    extract::extract_with_trace(
        snapshot,
        options,
        &Deadline::start(options.limits.time_budget_ms),
    )
}

/// Extracts with what `memory` knows about this page's site (seed 000: texts repeated on many
/// pages and tag paths that were always dropped are boilerplate), then teaches `memory` this
/// page. Use one memory per site (e.g. per origin); it is bounded and serializable with serde.
///
/// ```
/// # #[cfg(feature = "html")] {
/// let mut memory = lectern::SiteMemory::default();
/// let html = "<html><body><article><p>Site memory learns a page after extracting it.</p>\
///             </article></body></html>";
/// let snap = lectern::parse_html(html, &lectern::Options::default()).expect("valid input");
/// lectern::extract_with_memory(&snap, &lectern::Options::default(), &mut memory).expect("no error");
/// assert_eq!(memory.pages, 1);
/// # }
/// ```
pub fn extract_with_memory(
    snapshot: &Snapshot,
    options: &Options,
    memory: &mut SiteMemory,
) -> Result<Option<Article>, Error> {
    extract::extract_and_learn(
        snapshot,
        options,
        memory,
        &Deadline::start(options.limits.time_budget_ms),
    )
    .map(|(article, _)| article)
}

/// As [`extract_with_memory`], and also returns the [`Trace`] (blocks the memory recognised are
/// recorded with [`Reason::Repeated`]).
pub fn extract_with_memory_and_trace(
    snapshot: &Snapshot,
    options: &Options,
    memory: &mut SiteMemory,
) -> Result<(Option<Article>, Trace), Error> {
    extract::extract_and_learn(
        snapshot,
        options,
        memory,
        &Deadline::start(options.limits.time_budget_ms),
    )
}

/// Learns a site from a batch of its pages, in order; each page gets its own time budget.
pub fn learn_site(pages: &[Snapshot], options: &Options) -> Result<SiteMemory, Error> {
    extract::learn_site(pages, options)
}

/// Cheap check for the toolbar button state: does this page look like an article?
pub fn is_probably_readerable(snapshot: &Snapshot) -> bool {
    extract::is_probably_readerable(snapshot)
}

/// Parses an HTML string into a [`Snapshot`] (no layout).
#[cfg(feature = "html")]
pub fn parse_html(html: &str, options: &Options) -> Result<Snapshot, Error> {
    native::parse_str(
        html,
        options,
        &Deadline::start(options.limits.time_budget_ms),
    )
}

/// Parses raw page bytes, detecting the encoding (BOM, then UTF-16 without a BOM, then
/// `<meta charset>`, then UTF-8, then windows-1252), into a [`Snapshot`].
#[cfg(feature = "html")]
pub fn parse_bytes(bytes: &[u8], options: &Options) -> Result<Snapshot, Error> {
    native::parse_bytes(
        bytes,
        options,
        &Deadline::start(options.limits.time_budget_ms),
    )
}

/// Parses and extracts an HTML string in one call.
#[cfg(feature = "html")]
pub fn extract_html(html: &str, options: &Options) -> Result<Option<Article>, Error> {
    let deadline = Deadline::start(options.limits.time_budget_ms);
    let snap = native::parse_str(html, options, &deadline)?;
    extract::extract(&snap, options, &deadline)
}

/// Parses (detecting the encoding) and extracts raw page bytes in one call.
#[cfg(feature = "html")]
pub fn extract_bytes(bytes: &[u8], options: &Options) -> Result<Option<Article>, Error> {
    let deadline = Deadline::start(options.limits.time_budget_ms);
    let snap = native::parse_bytes(bytes, options, &deadline)?;
    extract::extract(&snap, options, &deadline)
}

/// For evaluation: extracts with some engine stages switched off (an ablation) and optional
/// site memory, which learns this page afterwards.
pub fn extract_snapshot_ablated(
    snapshot: &Snapshot,
    options: &Options,
    memory: Option<&mut SiteMemory>,
    switches: StageSwitches,
) -> Result<Option<Article>, Error> {
    let deadline = Deadline::start(options.limits.time_budget_ms);
    extract::extract_with(snapshot, options, memory, switches, &deadline).map(|(a, _)| a)
}

/// Training and evaluation hooks of the learned block classifier, for `lectern train`,
/// `lectern eval --model` and the native/wasm equality test. Not a stable API.
#[doc(hidden)]
pub mod learn {
    pub use crate::classify::learned::{
        feature_set_hash, Fuse, Gate, Model, ModelError, Tree, ABSENT, FEATURE_NAMES,
        FORMAT_VERSION, N_FEATURES,
    };
    use crate::extract::{self, stages::Learning};
    use crate::{Article, Deadline, Error, Options, SiteMemory, Snapshot, StageSwitches};

    /// One text block of a page, as the learned stage sees it.
    #[derive(Clone, Debug)]
    pub struct BlockRow {
        /// The feature row (see [`FEATURE_NAMES`]).
        pub features: Vec<f32>,
        /// The block's own text (not that of nested blocks), whitespace as in the page.
        pub text: String,
        /// Kept by the extraction that produced the row.
        pub kept: bool,
    }

    /// Extracts `snapshot` with `switches` and `model` (`None`: the shipped one), teaching
    /// `memory` as [`crate::extract_with_memory`] does, and returns every block's row.
    pub fn block_rows(
        snapshot: &Snapshot,
        options: &Options,
        memory: Option<&mut SiteMemory>,
        switches: StageSwitches,
        model: Option<&Model>,
    ) -> Result<(Option<Article>, Vec<BlockRow>), Error> {
        snapshot.validate()?;
        let deadline = Deadline::start(options.limits.time_budget_ms);
        let learning = Learning {
            model,
            collect_rows: true,
            fuse: None,
            readerable: false,
        };
        let (article, out) =
            extract::extract_learning(snapshot, options, memory, switches, learning, &deadline)?;
        let kept = extract::kept_blocks(snapshot, &out);
        let f = &out.features;
        let mut text = vec![String::new(); snapshot.len()];
        for &id in &f.order {
            let node = snapshot.node(id);
            if node.kind == crate::NodeKind::Text && !f.skip[id.index()] {
                text[f.block_of[id.index()].index()].push_str(&node.text);
            }
        }
        let rows = f
            .blocks
            .iter()
            .zip(out.rows)
            .map(|(b, row)| BlockRow {
                features: row.to_vec(),
                text: std::mem::take(&mut text[b.index()]),
                kept: kept[b.index()],
            })
            .collect();
        Ok((article, rows))
    }

    /// As [`crate::extract_snapshot_ablated`], with `model` instead of the shipped one and
    /// `fuse` instead of the tuned fusion thresholds.
    pub fn extract_with_model(
        snapshot: &Snapshot,
        options: &Options,
        memory: Option<&mut SiteMemory>,
        switches: StageSwitches,
        model: Option<&Model>,
        fuse: Option<Fuse>,
    ) -> Result<Option<Article>, Error> {
        let learning = Learning {
            model,
            fuse,
            ..Learning::default()
        };
        run(snapshot, options, memory, switches, learning).map(|(a, _)| a)
    }

    /// As [`extract_with_model`], also answering [`crate::is_probably_readerable`] from the
    /// extraction's own features (`None` where the run could not: a page whose layout the run
    /// set aside; the caller then asks `is_probably_readerable`, which gives the same answer).
    pub fn extract_with_readerable(
        snapshot: &Snapshot,
        options: &Options,
        memory: Option<&mut SiteMemory>,
        switches: StageSwitches,
        model: Option<&Model>,
        fuse: Option<Fuse>,
    ) -> Result<(Option<Article>, Option<bool>), Error> {
        let learning = Learning {
            model,
            fuse,
            readerable: true,
            ..Learning::default()
        };
        run(snapshot, options, memory, switches, learning).map(|(a, out)| (a, out.readerable))
    }

    /// Validates `snapshot` and extracts it within `options`' time budget.
    fn run(
        snapshot: &Snapshot,
        options: &Options,
        memory: Option<&mut SiteMemory>,
        switches: StageSwitches,
        learning: Learning,
    ) -> Result<(Option<Article>, extract::stages::Outcome), Error> {
        snapshot.validate()?;
        let deadline = Deadline::start(options.limits.time_budget_ms);
        extract::extract_learning(snapshot, options, memory, switches, learning, &deadline)
    }

    /// The shipped model's logit for every text block of `snapshot`, in document order.
    pub fn shipped_scores(snapshot: &Snapshot, options: &Options) -> Result<Vec<f32>, Error> {
        let model = crate::classify::learned::embedded()
            .map_err(|e| Error::InvalidOptions(format!("shipped block model: {e}")))?;
        let (_, rows) = block_rows(
            snapshot,
            options,
            None,
            StageSwitches::default(),
            Some(model),
        )?;
        Ok(rows.iter().map(|r| model.score(&r.features)).collect())
    }
}

#[cfg(test)]
mod lower_tests {
    /// `lower` is `str::to_lowercase` on every char alone and beside capital sigmas, for every
    /// char of the Latin, Greek and Cyrillic blocks and the general punctuation (elsewhere
    /// only a sigma beside another script's marks may differ).
    #[test]
    fn lower_matches_std() {
        let near = |c: u32| c < 0x483 || (0x1f00..0x2070).contains(&c);
        for c in (0..0x11_0000).filter_map(char::from_u32) {
            let alone = super::lower(&format!("{c}")) == format!("{c}").to_lowercase();
            assert!(alone, "{c:?}");
            if !near(c as u32) {
                continue;
            }
            for s in [
                format!("ΟΔΟΣ{c}"),
                format!("{c}Σ"),
                format!("Α{c}Σ"),
                format!("Ab{c}"),
            ] {
                assert_eq!(super::lower(&s), s.to_lowercase(), "{s:?}");
            }
        }
        for s in [
            "ΟΔΟΣ",
            "ΟΔΟΣ.",
            "ΟΔΟΣ ΚΑΙ",
            "ΣΑΣ",
            "Σ",
            " Σ ",
            "İstanbul",
            "ΟΔΥΣΣΕΎΣ’",
        ] {
            assert_eq!(super::lower(s), s.to_lowercase(), "{s:?}");
        }
    }
}
