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
/// an all-zero rect by CSSOM View, so its box need not be asked for. An inline-level element
/// (computed `display: inline`, not `sticky`) that is not replaced ([`LayoutNeeds::own_box`])
/// may take its parent's box instead of its own (`parent_box`): the rules that read boxes off
/// block tags ask where a run sits (a link list's region), whether it has an area (fade-ins)
/// and whether it is ad-sized, and an inline run lies in its parent's box (session 26,
/// docs/BENCHMARKS.md: 44 % of the boxes, the same outputs). Since session 27 `direction`
/// is read with the fonts (block tags; the metadata takes the nearest block's, an inherited
/// value), `z-index` only with `position: fixed`/`sticky` (the one rule reading it, overlays),
/// and an element under a `display: none` ancestor reads only what `Layout::is_invisible`
/// reads (`display`, `visibility`, `opacity`; the rest is the initial style, the box zero):
/// the engine trusts the hidden ancestor, and where it shows such a subtree (a closed panel of
/// prose, a streamed segment) it asks only which of its descendants are hidden. In Chromium a
/// hidden element's style is computed on demand, 3-5 times a rendered one's cost a read.
#[derive(Clone, Copy, Debug)]
pub struct LayoutNeeds<'a> {
    /// The element's lowercase local name.
    pub tag: &'a str,
    /// An ancestor in the same document is `display: none`: no box (all zero), and of its
    /// style only `display`, `visibility` and `opacity`.
    pub removed: bool,
    /// The parent element's box (x, y, width, height in page px), when it has a layout.
    pub parent_box: Option<[f32; 4]>,
}

/// Replaced elements keep their own box when inline: it is their content's size (a 300 × 250
/// banner `img` or ad `iframe`: the noise stage's ad sizes), not their line's.
const OWN_BOX_TAGS: &[u8] =
    prefixed!["img", "iframe", "video", "audio", "canvas", "embed", "object", "svg", "math"];

/// The box of `tag` laid out as `l` may be its parent's ([`LayoutNeeds`]): an inline-level,
/// non-replaced element. Its size is then not its own (a link in a 728 × 90 paragraph).
pub(crate) fn parent_box_of(tag: &str, l: &super::Layout) -> bool {
    l.display == "inline" && l.position != "sticky" && !crate::rules::in_table(OWN_BOX_TAGS, tag)
}

impl LayoutNeeds<'_> {
    /// Font size, weight and `direction` are read (a block tag); otherwise captured as 0, 0
    /// and "".
    pub fn font(&self) -> bool {
        crate::rules::in_table(crate::rules::BLOCK_TAGS, self.tag)
    }

    /// The element's own box is read even when it is inline-level: a replaced element, or one
    /// with no parent box to take.
    pub fn own_box(&self) -> bool {
        self.parent_box.is_none() || crate::rules::in_table(OWN_BOX_TAGS, self.tag)
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
