//! The page as data: an arena of nodes indexed by [`NodeId`], captured once from a DOM.
//!
//! Everything after [`capture`](crate::snapshot::capture::capture) reads a `&Snapshot` and side
//! tables indexed by `NodeId`; nothing downstream ever talks to a DOM.

pub mod capture;
pub mod source;
pub(crate) mod visibility;

use serde::{Deserialize, Serialize};

/// Index of a node in [`Snapshot::nodes`]. The document root is always `NodeId(0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The document root.
    pub const ROOT: NodeId = NodeId(0);

    /// Position in [`Snapshot::nodes`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A side table indexed by node position (`NodeId::index`): a `Vec` whose element reads all
/// share one panic location. Indexing plain `Vec`s gave the extension wasm one 16-byte
/// `core::panic::Location` record (file, line, column) and one bounds-check call carrying it per
/// source site, about 350 of them for the features, noise labels, scores, the hierarchy stage's
/// tables and the selection's `drop`, and their line and column numbers do not compress (size17:
/// extension wasm -4.7 KB gz, output identical). Everything else is the `Vec`'s (`Deref`); a range index
/// (`t[a..b]`) still goes through the `Vec` (`t.0[a..b]`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Side<T>(pub Vec<T>);

impl<T> Default for Side<T> {
    fn default() -> Self {
        Side(Vec::new())
    }
}

impl<'a, T> IntoIterator for &'a Side<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T> std::ops::Deref for Side<T> {
    type Target = Vec<T>;
    #[inline]
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T> std::ops::DerefMut for Side<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

impl<T> std::ops::Index<usize> for Side<T> {
    type Output = T;
    #[inline]
    fn index(&self, i: usize) -> &T {
        match self.0.get(i) {
            Some(v) => v,
            None => out_of_side(),
        }
    }
}

impl<T> std::ops::IndexMut<usize> for Side<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        match self.0.get_mut(i) {
            Some(v) => v,
            None => out_of_side(),
        }
    }
}

/// The one panic of every [`Side`] read: not inlined, so its location is one record (the MIR
/// inliner would give an inlined `Vec` index the location of each caller).
#[cold]
#[inline(never)]
fn out_of_side() -> ! {
    panic!("node index out of its side table")
}

impl<T: PartialEq> PartialEq<Vec<T>> for Side<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.0 == *other
    }
}

impl<T> FromIterator<T> for Side<T> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = T>>(it: I) -> Self {
        Side(it.into_iter().collect())
    }
}

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NodeKind {
    /// The document root (one per snapshot, always `NodeId(0)`).
    Document,
    /// An element; `tag` holds its lowercase local name.
    Element,
    /// A text node; `text` holds its data.
    Text,
}

/// The namespace of an element, needed to keep SVG and MathML intact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Namespace {
    /// HTML (and anything unknown).
    #[default]
    Html,
    /// SVG.
    Svg,
    /// MathML.
    Math,
}

/// One node of the captured tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Node {
    /// Element, text or the document root.
    pub kind: NodeKind,
    /// Lowercase local name for elements, empty otherwise.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tag: String,
    /// Element namespace.
    #[serde(default, skip_serializing_if = "is_html")]
    pub ns: Namespace,
    /// Attributes in source order, names lowercased. Event handlers (`on*`) are never captured.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attrs: Vec<(String, String)>,
    /// Text data for text nodes, empty otherwise.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// Parent node; `None` only for the root.
    #[serde(default)]
    pub parent: Option<NodeId>,
    /// Children in composed (rendered) order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<NodeId>,
    /// Computed layout, present only when captured from a rendered page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<Layout>,
}

fn is_html(ns: &Namespace) -> bool {
    *ns == Namespace::Html
}

impl Node {
    /// Value of attribute `name` (lowercase), if present.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// True for an element with this tag name.
    pub fn is(&self, tag: &str) -> bool {
        self.kind == NodeKind::Element && self.tag == tag
    }

    /// The first token of the class attribute (split on ASCII whitespace, as HTML splits it):
    /// what names a card, a slide or a tab pane among its siblings ("card card--featured" and
    /// WooCommerce's "product first" are still a "card" and a "product").
    pub(crate) fn first_class(&self) -> Option<&str> {
        self.attr("class")
            .and_then(|c| c.split_ascii_whitespace().next())
    }
}

/// Computed style and geometry of one element, read in the capture walk.
///
/// Coordinates are CSS pixels relative to the top-left of the page (not the viewport).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Layout {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Box width. An element with no layout box (`display: none`, or under one) has an
    /// all-zero rect at the page's scroll origin.
    pub width: f32,
    /// Box height.
    pub height: f32,
    /// Computed `display` (e.g. `block`, `none`, `flex`).
    pub display: String,
    /// Computed `visibility` (`visible`, `hidden`, `collapse`).
    pub visibility: String,
    /// Computed `opacity`.
    pub opacity: f32,
    /// Computed `position` (`static`, `relative`, `absolute`, `fixed`, `sticky`).
    pub position: String,
    /// Computed `z-index`; `None` for `auto`.
    pub z_index: Option<i32>,
    /// Computed font size in px; 0 (not read) off block tags in a live capture
    /// (`source::LayoutNeeds`).
    pub font_size: f32,
    /// Computed font weight (100–900); 0 (not read) off block tags in a live capture.
    pub font_weight: u16,
    /// Computed `white-space`; empty in a live capture since session 25 (no rule reads it).
    pub white_space: String,
    /// Computed `direction` (`ltr` or `rtl`).
    pub direction: String,
}

impl Layout {
    /// True when the element renders nothing: `display: none`, hidden, transparent, or zero area.
    pub fn is_invisible(&self) -> bool {
        self.display == "none"
            || self.visibility == "hidden"
            || self.visibility == "collapse"
            || self.opacity <= 0.0
    }
}

/// Viewport size and scroll position at capture time, in CSS pixels.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Viewport {
    /// Viewport width.
    pub width: f32,
    /// Viewport height.
    pub height: f32,
    /// Horizontal scroll offset.
    pub scroll_x: f32,
    /// Vertical scroll offset.
    pub scroll_y: f32,
    /// Full page (scrolling element) width.
    pub page_width: f32,
    /// Full page (scrolling element) height.
    pub page_height: f32,
}

/// A captured page: the node arena plus page-level facts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// All nodes; `nodes[0]` is the document root.
    pub nodes: Vec<Node>,
    /// The page URL (used to resolve relative links), if known.
    #[serde(default)]
    pub url: Option<String>,
    /// Viewport and page size; `None` when captured from parsed HTML.
    #[serde(default)]
    pub viewport: Option<Viewport>,
    /// True when a capture limit cut the tree short (see [`Limits`](crate::Limits)).
    #[serde(default)]
    pub truncated: bool,
}

impl Snapshot {
    /// The node with this id.
    ///
    /// Ids come from this snapshot; an id from elsewhere is a logic error and yields the root.
    pub fn node(&self, id: NodeId) -> &Node {
        self.nodes.get(id.index()).unwrap_or(&self.nodes[0])
    }

    /// True when the capture carried layout (a rendered page).
    pub fn has_layout(&self) -> bool {
        self.viewport.is_some()
    }

    /// This snapshot as parsed HTML would give it: no viewport, no boxes.
    pub(crate) fn without_layout(&self) -> Snapshot {
        let mut plain = self.clone();
        plain.viewport = None;
        for node in &mut plain.nodes {
            node.layout = None;
        }
        plain
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when the snapshot holds only the root (or nothing).
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// The first element with this tag, in document order.
    pub fn find_tag(&self, tag: &str) -> Option<NodeId> {
        self.descendants(NodeId::ROOT)
            .find(|&id| self.node(id).is(tag))
    }

    /// All descendants of `id` (excluding `id`) in document order, without recursion.
    pub fn descendants(&self, id: NodeId) -> Descendants<'_> {
        let mut stack: Vec<NodeId> = self.node(id).children.clone();
        stack.reverse();
        Descendants { snap: self, stack }
    }

    /// The ancestors of `id` (excluding `id`), nearest first, up to the root.
    pub(crate) fn ancestors(&self, id: NodeId) -> Ancestors<'_> {
        Ancestors {
            snap: self,
            next: self.node(id).parent,
        }
    }

    /// `id` and then its ancestors, nearest first: the path up to the root.
    pub(crate) fn path_up(&self, id: NodeId) -> Ancestors<'_> {
        Ancestors {
            snap: self,
            next: Some(id),
        }
    }

    /// Concatenated text of the subtree under `id`.
    pub fn text_of(&self, id: NodeId) -> String {
        let mut out = String::new();
        if self.node(id).kind == NodeKind::Text {
            out.push_str(&self.node(id).text);
        }
        for d in self.descendants(id) {
            let n = self.node(d);
            if n.kind == NodeKind::Text {
                out.push_str(&n.text);
            }
        }
        out
    }

    /// Checks the structural invariants (root first, parent/child links agree, ids in range).
    /// A snapshot read from JSON is validated before use.
    pub fn validate(&self) -> Result<(), crate::Error> {
        let bad = |why: String| Err(crate::Error::InvalidSnapshot(why));
        let Some(root) = self.nodes.first() else {
            return bad("no nodes".into());
        };
        if root.kind != NodeKind::Document || root.parent.is_some() {
            return bad("node 0 must be the document root".into());
        }
        let n = self.nodes.len();
        let mut seen_as_child = vec![false; n];
        for (i, node) in self.nodes.iter().enumerate() {
            for &c in &node.children {
                if c.index() >= n || c.index() == 0 {
                    return bad(format!("node {i} has child {} out of range", c.0));
                }
                if seen_as_child[c.index()] {
                    return bad(format!("node {} has two parents", c.0));
                }
                seen_as_child[c.index()] = true;
                if self.nodes[c.index()].parent != Some(NodeId(i as u32)) {
                    return bad(format!("node {} does not point back to parent {i}", c.0));
                }
            }
            if i > 0 && node.parent.is_none() {
                return bad(format!("node {i} has no parent"));
            }
        }
        // Every node has one parent; a walk from the root must also reach them all, or a
        // detached cycle (1 → 2 → 1) would pass and hang any walk up the ancestors.
        if self.descendants(NodeId::ROOT).count() + 1 != n {
            return bad("a node is not reachable from the root".into());
        }
        Ok(())
    }
}

/// Iterator over a subtree in document order; see [`Snapshot::descendants`].
pub struct Descendants<'a> {
    snap: &'a Snapshot,
    stack: Vec<NodeId>,
}

impl Iterator for Descendants<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let id = self.stack.pop()?;
        let node = self.snap.node(id);
        self.stack.extend(node.children.iter().rev().copied());
        Some(id)
    }
}

/// Iterator up the tree, nearest first; see [`Snapshot::ancestors`] and [`Snapshot::path_up`].
pub(crate) struct Ancestors<'a> {
    snap: &'a Snapshot,
    next: Option<NodeId>,
}

impl Iterator for Ancestors<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let id = self.next?;
        self.next = self.snap.node(id).parent;
        Some(id)
    }
}

/// A tiny builder for unit tests: `b.el("div", &[("class","x")], |b| { b.text("hi"); })`.
#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod build {
    use super::*;

    pub(crate) struct Builder {
        pub snap: Snapshot,
        stack: Vec<NodeId>,
    }

    impl Builder {
        pub fn new() -> Self {
            let root = Node {
                kind: NodeKind::Document,
                tag: String::new(),
                ns: Namespace::Html,
                attrs: vec![],
                text: String::new(),
                parent: None,
                children: vec![],
                layout: None,
            };
            Builder {
                snap: Snapshot {
                    nodes: vec![root],
                    ..Default::default()
                },
                stack: vec![NodeId::ROOT],
            }
        }

        fn push(&mut self, mut node: Node) -> NodeId {
            let id = NodeId(self.snap.nodes.len() as u32);
            let parent = *self.stack.last().unwrap();
            node.parent = Some(parent);
            self.snap.nodes.push(node);
            self.snap.nodes[parent.index()].children.push(id);
            id
        }

        pub fn el(
            &mut self,
            tag: &str,
            attrs: &[(&str, &str)],
            f: impl FnOnce(&mut Self),
        ) -> NodeId {
            let id = self.push(Node {
                kind: NodeKind::Element,
                tag: tag.into(),
                ns: Namespace::Html,
                attrs: attrs
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                text: String::new(),
                parent: None,
                children: vec![],
                layout: None,
            });
            self.stack.push(id);
            f(self);
            self.stack.pop();
            id
        }

        pub fn text(&mut self, t: &str) -> NodeId {
            self.push(Node {
                kind: NodeKind::Text,
                tag: String::new(),
                ns: Namespace::Html,
                attrs: vec![],
                text: t.into(),
                parent: None,
                children: vec![],
                layout: None,
            })
        }

        pub fn finish(self) -> Snapshot {
            self.snap
        }
    }
}

#[cfg(test)]
mod tests {
    use super::build::Builder;
    use super::*;

    #[test]
    fn side_table_reads_and_writes_like_its_vec() {
        let mut t: Side<u32> = (0..4).collect();
        t[2] += 5;
        assert_eq!(t[2], 7);
        assert_eq!(t.len(), 4);
        assert_eq!(t.iter().sum::<u32>(), 11);
        assert_eq!(t, vec![0, 1, 7, 3]);
    }

    #[test]
    #[should_panic(expected = "side table")]
    fn side_table_panics_past_its_end_as_a_vec_would() {
        let t = Side(vec![false; 2]);
        let _ = t[2];
    }

    #[test]
    fn ancestors_nearest_first_and_path_up_starts_at_the_node() {
        let mut b = Builder::new();
        let (mut p, mut t) = (NodeId::ROOT, NodeId::ROOT);
        let body = b.el("body", &[], |b| {
            p = b.el("p", &[], |b| {
                t = b.text("a");
            });
        });
        let s = b.finish();
        let up: Vec<NodeId> = s.ancestors(t).collect();
        assert_eq!(up, vec![p, body, NodeId::ROOT]);
        let path: Vec<NodeId> = s.path_up(t).collect();
        assert_eq!(path, vec![t, p, body, NodeId::ROOT]);
        assert_eq!(s.ancestors(NodeId::ROOT).count(), 0);
    }

    #[test]
    fn descendants_in_document_order_and_text() {
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("p", &[], |b| {
                b.text("a");
            });
            b.el("p", &[], |b| {
                b.text("b");
            });
        });
        let s = b.finish();
        assert!(s.validate().is_ok());
        let tags: Vec<_> = s
            .descendants(NodeId::ROOT)
            .map(|i| s.node(i).tag.clone())
            .collect();
        assert_eq!(tags, ["body", "p", "", "p", ""]);
        assert_eq!(s.text_of(NodeId::ROOT), "ab");
    }

    #[test]
    fn validate_rejects_broken_links() {
        let mut b = Builder::new();
        b.el("body", &[], |_| {});
        let mut s = b.finish();
        s.nodes[1].parent = None;
        assert!(s.validate().is_err());
    }

    #[test]
    fn validate_rejects_a_detached_cycle() {
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("p", &[], |_| {});
        });
        let mut s = b.finish();
        // root ↛ body ⇄ p: every node has one parent, none reachable.
        s.nodes[0].children.clear();
        s.nodes[1].parent = Some(NodeId(2));
        s.nodes[2].children.push(NodeId(1));
        let err = s.validate();
        assert!(
            matches!(&err, Err(crate::Error::InvalidSnapshot(m)) if m.contains("not reachable")),
            "{err:?}"
        );
    }
}
