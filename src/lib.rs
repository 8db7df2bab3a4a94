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

mod article;
mod budget;
mod classify;
mod error;
mod extract;
mod options;
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
pub use error::Error;
pub use options::{Limits, Mode, Options};
pub use render::allowlist::violations as allowlist_violations;
pub use render::{to_html, to_markdown, to_text};
pub use snapshot::source::{DomSource, NodeInfo};
pub use snapshot::{Layout, Namespace, Node, NodeId, NodeKind, Snapshot, Viewport};

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
