//! The platform seam: the one trait through which a DOM is read.
//!
//! Two implementations exist: `LiveDom` over web-sys (in `src/web/`, with layout) and `ParsedDom`
//! over html5ever (in `src/native/`, without). Only [`capture`](super::capture::capture) calls it.

use super::{Layout, Namespace, Viewport};

/// What the walker needs to know about one DOM node.
pub enum NodeInfo {
    /// An element with its lowercase local name and namespace.
    Element {
        /// Lowercase local name.
        tag: String,
        /// Namespace.
        ns: Namespace,
    },
    /// A text node (or CDATA) with its data.
    Text(String),
    /// Anything else (comments, doctypes, processing instructions): not captured.
    Skip,
}

/// What the walker knows of an element before its layout is read, which spares a rendered
/// source reads the engine never uses.
///
/// Why: in the browser each value is a style or layout read (`getBoundingClientRect` about
/// 3 µs an element, a computed property about 0.5 µs: docs/BENCHMARKS.md, sessions 24–25).
/// Fonts are read only on block-tag elements (`rules::BLOCK_TAGS`: `body_font`, small print,
/// teaser headlines, inferred headings, the learned rows); an element with no layout box has
/// an all-zero rect by CSSOM View, so its box need not be asked for.
#[derive(Clone, Copy, Debug)]
pub struct LayoutNeeds<'a> {
    /// The element's lowercase local name.
    pub tag: &'a str,
    /// An ancestor in the same document is `display: none`: no box (all zero).
    pub removed: bool,
}

impl LayoutNeeds<'_> {
    /// Font size and weight are read (a block tag); otherwise both are captured as 0.
    pub fn font(&self) -> bool {
        crate::rules::BLOCK_TAGS.contains(&self.tag)
    }
}

/// Read-only access to a document tree. Implementations must never change the document.
pub trait DomSource {
    /// A cheap handle to one node.
    type Handle: Clone;

    /// The document node.
    fn document(&self) -> Self::Handle;

    /// Kind, tag and text of a node.
    fn info(&self, node: &Self::Handle) -> NodeInfo;

    /// Calls `f(name, value)` for each attribute of an element, in source order.
    fn attributes(&self, node: &Self::Handle, f: &mut dyn FnMut(&str, &str));

    /// Appends the children of `node` in composed, rendered order to `out`: a shadow host's
    /// shadow tree (with slots replaced by their assigned nodes), a same-origin iframe's document
    /// element, otherwise the light-DOM children.
    fn children(&self, node: &Self::Handle, out: &mut Vec<Self::Handle>);

    /// Computed style and geometry of an element, when the source is rendered. What the walker
    /// already knows spares reads: `needs` (see [`LayoutNeeds`]).
    fn layout(&self, _node: &Self::Handle, _needs: LayoutNeeds<'_>) -> Option<Layout> {
        None
    }

    /// Viewport and page size, when the source is rendered.
    fn viewport(&self) -> Option<Viewport> {
        None
    }

    /// The document URL, when known.
    fn url(&self) -> Option<String> {
        None
    }
}
