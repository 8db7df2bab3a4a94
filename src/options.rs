//! Extraction options. Every field documents its default; `Options::default()` is what the CLI,
//! the npm package and the extension use unless told otherwise.

use serde::{Deserialize, Serialize};

/// How much to keep when in doubt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Drop borderline blocks: cleaner output, may lose some content.
    Precision,
    /// The default trade-off.
    #[default]
    Balanced,
    /// Keep borderline blocks: nothing lost, some boilerplate may stay.
    Recall,
}

/// Resource limits. Exceeding one gives a typed error or a degraded result flagged as truncated,
/// never a hang.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Limits {
    /// Largest accepted input in bytes (HTML strings and snapshots). Default 32 MiB: real
    /// pages in all development corpora are under 5 MiB.
    pub max_input_bytes: usize,
    /// Most nodes captured; past it the capture stops and is marked truncated. Default 300,000
    /// (large real pages have 20k–100k).
    pub max_nodes: usize,
    /// Deepest element nesting captured; deeper subtrees are flattened to their text.
    /// Default 256 (real pages rarely pass 60).
    pub max_depth: usize,
    /// Most text captured, in bytes; the rest is cut and the capture marked truncated.
    /// Default 16 MiB.
    pub max_text_bytes: usize,
    /// Wall-clock budget for one extraction in milliseconds; `0` disables it. Default 5,000.
    pub time_budget_ms: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_input_bytes: 32 * 1024 * 1024,
            max_nodes: 300_000,
            max_depth: 256,
            max_text_bytes: 16 * 1024 * 1024,
            time_budget_ms: 5_000,
        }
    }
}

/// Options for one extraction.
///
/// # Examples
/// ```
/// let opts = lectern::Options { url: Some("https://example.org/a/".into()), ..Default::default() };
/// assert_eq!(opts.mode, lectern::Mode::Balanced);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Options {
    /// Page URL for resolving relative links. Default: none (the live DOM supplies its own).
    pub url: Option<String>,
    /// Precision/recall trade-off. Default [`Mode::Balanced`].
    pub mode: Mode,
    /// Resource limits. Default [`Limits::default`].
    pub limits: Limits,
}
