//! The one walker: turns any [`DomSource`] into a [`Snapshot`] in a single read-only pass.

use super::source::{DomSource, LayoutNeeds, NodeInfo};
use super::{Namespace, Node, NodeId, NodeKind, Snapshot};
use crate::budget::Deadline;
use crate::{Error, Limits};

/// Attribute values longer than this are cut (a `data:` image can be megabytes; nothing
/// downstream needs more than its start).
const MAX_ATTR_VALUE: usize = 16 * 1024;

/// Elements whose text is never content and is not captured. JSON-LD scripts (read by metadata)
/// and MathJax TeX scripts (read by the article builder) are the exceptions.
fn drops_text(tag: &str, attrs: &[(String, String)]) -> bool {
    match tag {
        "style" | "template" => true,
        // MathJax v2 keeps its TeX source in `script type="math/tex"`: the article reads it.
        "script" => !attrs.iter().any(|(k, v)| {
            let v = v.trim().to_ascii_lowercase();
            k == "type" && (v == "application/ld+json" || v.starts_with("math/tex"))
        }),
        _ => false,
    }
}

struct Walk<'a, H> {
    snap: Snapshot,
    limits: &'a Limits,
    deadline: &'a Deadline,
    text_bytes: usize,
    /// `handles[id]` is the source node behind `NodeId(id)`, kept only when the caller asked
    /// (the live page needs them to highlight content; parsed HTML does not).
    handles: Option<Vec<H>>,
}

impl<H: Clone> Walk<'_, H> {
    fn push(&mut self, mut node: Node, parent: NodeId, handle: &H) -> NodeId {
        let id = NodeId(self.snap.nodes.len() as u32);
        node.parent = Some(parent);
        self.snap.nodes.push(node);
        self.snap.nodes[parent.index()].children.push(id);
        if let Some(handles) = &mut self.handles {
            handles.push(handle.clone());
        }
        id
    }

    /// Adds text under `parent`, merging with a preceding text sibling and honouring the text budget.
    /// A merged text node keeps the handle of its first piece.
    fn push_text(&mut self, parent: NodeId, text: &str, handle: &H) {
        if text.is_empty() {
            return;
        }
        let room = self.limits.max_text_bytes.saturating_sub(self.text_bytes);
        let text = if text.len() > room {
            self.snap.truncated = true;
            floor_char(text, room)
        } else {
            text
        };
        if text.is_empty() {
            return;
        }
        self.text_bytes += text.len();
        if let Some(&last) = self.snap.nodes[parent.index()].children.last() {
            let prev = &mut self.snap.nodes[last.index()];
            if prev.kind == NodeKind::Text {
                prev.text.push_str(text);
                return;
            }
        }
        self.push(
            Node {
                kind: NodeKind::Text,
                tag: String::new(),
                ns: Namespace::Html,
                attrs: Vec::new(),
                text: text.to_string(),
                parent: None,
                children: Vec::new(),
                layout: None,
            },
            parent,
            handle,
        );
    }
}

fn floor_char(s: &str, mut at: usize) -> &str {
    // Past the end `is_char_boundary` is false: without this the loop below walked down from
    // `at` one byte at a time for every short attribute (82% of parse time on wcxb-dev).
    if at >= s.len() {
        return s;
    }
    while at > 0 && !s.is_char_boundary(at) {
        at -= 1;
    }
    &s[..at]
}

/// Walks `source` once and returns its snapshot.
///
/// Limits: past `max_nodes` or `max_text_bytes` the walk stops and the snapshot is marked
/// `truncated` (a degraded but valid result); subtrees deeper than `max_depth` are flattened to
/// their text; past the time budget it fails with [`Error::TimeBudgetExceeded`].
pub fn capture<S: DomSource>(
    source: &S,
    limits: &Limits,
    deadline: &Deadline,
) -> Result<Snapshot, Error> {
    walk_source(source, limits, deadline, false).map(|(snap, _)| snap)
}

// Only the live page needs handles (to hand content nodes back to JS); native builds still
// compile it so the one walker is tested natively.
#[cfg_attr(not(all(feature = "web", target_arch = "wasm32")), allow(dead_code))]
/// As [`capture`], also returning the source handle of every captured node, indexed by
/// [`NodeId`] (the root maps to the document; a merged text node to its first piece).
pub fn capture_with_handles<S: DomSource>(
    source: &S,
    limits: &Limits,
    deadline: &Deadline,
) -> Result<(Snapshot, Vec<S::Handle>), Error> {
    walk_source(source, limits, deadline, true)
        .map(|(snap, handles)| (snap, handles.unwrap_or_default()))
}

/// A snapshot and, when asked for, the handles behind its nodes.
type Walked<H> = (Snapshot, Option<Vec<H>>);

/// The single walk behind [`capture`] and [`capture_with_handles`].
fn walk_source<S: DomSource>(
    source: &S,
    limits: &Limits,
    deadline: &Deadline,
    keep_handles: bool,
) -> Result<Walked<S::Handle>, Error> {
    let document = source.document();
    let root = Node {
        kind: NodeKind::Document,
        tag: String::new(),
        ns: Namespace::Html,
        attrs: Vec::new(),
        text: String::new(),
        parent: None,
        children: Vec::new(),
        layout: None,
    };
    let mut walk = Walk {
        snap: Snapshot {
            nodes: vec![root],
            url: source.url(),
            viewport: source.viewport(),
            truncated: false,
        },
        limits,
        deadline,
        text_bytes: 0,
        handles: keep_handles.then(|| vec![document.clone()]),
    };
    // Stack of (handle, parent id, depth, keep text, under `display: none`); children pushed in
    // reverse for document order.
    let mut stack: Vec<(S::Handle, NodeId, usize, bool, bool)> = Vec::new();
    let mut kids = Vec::new();
    source.children(&document, &mut kids);
    stack.extend(
        kids.drain(..)
            .rev()
            .map(|h| (h, NodeId::ROOT, 1, true, false)),
    );
    let mut visited = 0usize;
    while let Some((handle, parent, depth, keep_text, removed)) = stack.pop() {
        visited += 1;
        if visited % 1024 == 0 {
            walk.deadline.check()?;
        }
        if walk.snap.nodes.len() >= walk.limits.max_nodes {
            walk.snap.truncated = true;
            break;
        }
        match source.info(&handle) {
            NodeInfo::Skip => {}
            NodeInfo::Text(t) => {
                if keep_text {
                    walk.push_text(parent, &t, &handle);
                }
            }
            NodeInfo::Element { tag, ns } => {
                if depth > walk.limits.max_depth {
                    walk.snap.truncated = true;
                    flatten_text(source, &handle, parent, &mut walk)?;
                    continue;
                }
                let mut attrs = Vec::new();
                source.attributes(&handle, &mut |k, v| {
                    let k = k.to_ascii_lowercase();
                    if !k.starts_with("on") {
                        attrs.push((k, floor_char(v, MAX_ATTR_VALUE).to_string()));
                    }
                });
                let keep = keep_text && !drops_text(&tag, &attrs);
                // A `display: contents` parent has no box (a zero rect at the origin).
                let parent_box = (walk.snap.node(parent).layout.as_ref())
                    .filter(|l| l.display != "contents")
                    .map(|l| [l.x, l.y, l.width, l.height]);
                let needs = LayoutNeeds {
                    tag: &tag,
                    removed,
                    parent_box,
                };
                let layout = source.layout(&handle, needs);
                // An iframe's document is laid out on its own (its root starts a new frame).
                let removed = tag != "iframe"
                    && (removed || layout.as_ref().is_some_and(|l| l.display == "none"));
                let id = walk.push(
                    Node {
                        kind: NodeKind::Element,
                        tag,
                        ns,
                        attrs,
                        text: String::new(),
                        parent: None,
                        children: Vec::new(),
                        layout,
                    },
                    parent,
                    &handle,
                );
                source.children(&handle, &mut kids);
                stack.extend(
                    kids.drain(..)
                        .rev()
                        .map(|h| (h, id, depth + 1, keep, removed)),
                );
            }
        }
    }
    Ok((walk.snap, walk.handles))
}

/// Appends all text under `handle` to `parent` as one text node (used past `max_depth`).
fn flatten_text<S: DomSource>(
    source: &S,
    handle: &S::Handle,
    parent: NodeId,
    walk: &mut Walk<'_, S::Handle>,
) -> Result<(), Error> {
    let mut stack = vec![handle.clone()];
    let mut kids = Vec::new();
    let mut text = String::new();
    let mut visited = 0usize;
    while let Some(h) = stack.pop() {
        visited += 1;
        if visited % 1024 == 0 {
            walk.deadline.check()?;
        }
        match source.info(&h) {
            NodeInfo::Text(t) => text.push_str(&t),
            NodeInfo::Element { tag, .. } => {
                if tag == "script" || tag == "style" || tag == "template" {
                    continue;
                }
                source.children(&h, &mut kids);
                stack.extend(kids.drain(..).rev());
            }
            NodeInfo::Skip => {}
        }
    }
    walk.push_text(parent, &text, handle);
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::budget::Deadline;

    /// A tiny in-memory DOM: node 0 is the document; handles are indices.
    struct Toy(Vec<(Option<&'static str>, &'static str, Vec<usize>)>);

    impl DomSource for Toy {
        type Handle = usize;
        fn document(&self) -> usize {
            0
        }
        fn info(&self, node: &usize) -> NodeInfo {
            match self.0[*node] {
                (Some(tag), _, _) => NodeInfo::Element {
                    tag: tag.into(),
                    ns: Namespace::Html,
                },
                (None, text, _) => NodeInfo::Text(text.into()),
            }
        }
        fn attributes(&self, _: &usize, _: &mut dyn FnMut(&str, &str)) {}
        fn children(&self, node: &usize, out: &mut Vec<usize>) {
            out.extend(&self.0[*node].2);
        }
    }

    fn toy() -> Toy {
        // document > body > (p > "a" "b"), "c"
        Toy(vec![
            (Some("#doc"), "", vec![1]),
            (Some("body"), "", vec![2, 5]),
            (Some("p"), "", vec![3, 4]),
            (None, "a", vec![]),
            (None, "b", vec![]),
            (None, "c", vec![]),
        ])
    }

    #[test]
    fn handles_are_indexed_by_node_id_and_merged_text_keeps_the_first() {
        let deadline = Deadline::start(0);
        let (snap, handles) = capture_with_handles(&toy(), &Limits::default(), &deadline).unwrap();
        assert_eq!(handles.len(), snap.len());
        let tags: Vec<_> = snap.nodes.iter().map(|n| n.tag.as_str()).collect();
        assert_eq!(tags, ["", "body", "p", "", ""]);
        assert_eq!(snap.nodes[3].text, "ab");
        assert_eq!(handles, [0, 1, 2, 3, 5]);
        assert_eq!(
            capture(&toy(), &Limits::default(), &deadline).unwrap(),
            snap
        );
    }

    /// A rendered toy where `nav` is `display: none`; records what each layout read was told
    /// (tag, fonts, removed, own box).
    type Asked = (String, bool, bool, bool);
    struct Rendered(Toy, std::cell::RefCell<Vec<Asked>>);

    impl DomSource for Rendered {
        type Handle = usize;
        fn document(&self) -> usize {
            0
        }
        fn info(&self, node: &usize) -> NodeInfo {
            self.0.info(node)
        }
        fn attributes(&self, _: &usize, _: &mut dyn FnMut(&str, &str)) {}
        fn children(&self, node: &usize, out: &mut Vec<usize>) {
            self.0.children(node, out);
        }
        fn layout(&self, node: &usize, needs: LayoutNeeds<'_>) -> Option<crate::snapshot::Layout> {
            let tag = self.0 .0[*node].0.unwrap_or_default();
            self.1
                .borrow_mut()
                .push((tag.into(), needs.font(), needs.removed, needs.own_box()));
            Some(crate::snapshot::Layout {
                display: match tag {
                    "nav" => "none",
                    "a" => "contents",
                    _ => "block",
                }
                .into(),
                ..Default::default()
            })
        }
    }

    #[test]
    fn layout_reads_skip_fonts_off_block_tags_and_boxes_under_display_none() {
        // body > (nav > (span > "a"), (iframe > html > p > "b")), span > ("c", img, a > b); nav
        // is display: none, a is display: contents, and the frame's document is laid out on its
        // own. Below the body every element may take its parent's box when inline, except a
        // replaced one (img, iframe) and a child of a box-less `display: contents` parent.
        let toy = Toy(vec![
            (Some("#doc"), "", vec![1]),
            (Some("body"), "", vec![2, 9]),
            (Some("nav"), "", vec![3, 5]),
            (Some("span"), "", vec![4]),
            (None, "a", vec![]),
            (Some("iframe"), "", vec![6]),
            (Some("html"), "", vec![7]),
            (Some("p"), "", vec![8]),
            (None, "b", vec![]),
            (Some("span"), "", vec![10, 11, 12]),
            (None, "c", vec![]),
            (Some("img"), "", vec![]),
            (Some("a"), "", vec![13]),
            (Some("b"), "", vec![]),
        ]);
        let src = Rendered(toy, Default::default());
        capture(&src, &Limits::default(), &Deadline::start(0)).unwrap();
        let asked: Vec<_> = src
            .1
            .borrow()
            .iter()
            .map(|(t, f, r, o)| (t.clone(), *f, *r, *o))
            .collect();
        let want = [
            ("body", true, false, true),
            ("nav", true, false, false),
            ("span", false, true, false),
            ("iframe", false, true, true),
            ("html", false, false, false),
            ("p", true, false, false),
            ("span", false, false, false),
            ("img", false, false, true),
            ("a", false, false, false),
            ("b", false, false, true),
        ];
        let want: Vec<_> = want
            .iter()
            .map(|&(t, f, r, o)| (t.to_string(), f, r, o))
            .collect();
        assert_eq!(asked, want);
    }

    #[test]
    fn floor_char_cuts_on_char_boundaries_and_keeps_short_strings() {
        assert_eq!(floor_char("abc", 16 * 1024), "abc");
        assert_eq!(floor_char("abc", 3), "abc");
        assert_eq!(floor_char("aé", 2), "a");
        assert_eq!(floor_char("aé", 0), "");
    }
}
