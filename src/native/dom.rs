//! `ParsedDom`: html5ever's output stored in a compact arena with integer ids.
//!
//! The tree builder needs to insert, move and remove nodes, so the arena keeps intrusive sibling
//! links (no per-node child `Vec`): every tree operation is O(1) and a node costs one arena slot.
//! The only [`DomSource`] consumer is the shared capture walker.

use std::borrow::Cow;
use std::cell::{Cell, Ref, RefCell};

use html5ever::tendril::StrTendril;
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::{ns, Attribute, LocalName, Namespace as HtmlNs, QualName};

use crate::snapshot::source::{DomSource, NodeInfo};
use crate::snapshot::Namespace;

mod stream;

/// Arena index of a parsed node. The document is always `0`.
pub(crate) type Id = u32;

/// Marks an absent link.
const NONE: Id = Id::MAX;

/// The document node's id.
const DOCUMENT: Id = 0;

/// What a parsed node holds. Element names live in a separate table (see [`Sink::names`]).
enum Data {
    Document,
    /// Template contents and other detached containers: never reachable from the document.
    Fragment,
    Element {
        attrs: Vec<Attribute>,
    },
    Text(StrTendril),
    /// A React Suspense boundary comment: `<!--$-->`, `<!--$?-->`, `<!--$!-->` open one (`true`),
    /// `<!--/$-->` closes it; read by [`ParsedDom::join_streamed_segments`].
    Boundary(bool),
    /// Other comments, doctypes, processing instructions.
    Other,
}

struct Slot {
    parent: Id,
    first_child: Id,
    last_child: Id,
    prev: Id,
    next: Id,
    /// Depth in the tree when last inserted (not updated for descendants of moved nodes, which
    /// only happens in misnested markup; it feeds a coarse nesting guard).
    depth: u32,
    data: Data,
}

impl Slot {
    fn new(data: Data) -> Self {
        Slot {
            parent: NONE,
            first_child: NONE,
            last_child: NONE,
            prev: NONE,
            next: NONE,
            depth: 0,
            data,
        }
    }
}

/// A parsed HTML document: an arena of nodes addressed by [`Id`].
pub(crate) struct ParsedDom {
    slots: Vec<Slot>,
    names: Vec<QualName>,
}

impl ParsedDom {
    /// Number of arena slots (reachable or not), for benchmarks.
    #[allow(dead_code)]
    pub(crate) fn arena_len(&self) -> usize {
        self.slots.len()
    }
}

/// The html5ever `TreeSink` building a [`ParsedDom`]. html5ever calls it through `&self`, hence
/// the `RefCell`s. Names are kept apart from the tree so that a borrowed name (the tree builder
/// holds one while it inspects the open-element stack) never conflicts with a tree mutation.
pub(crate) struct Sink {
    slots: RefCell<Vec<Slot>>,
    names: RefCell<Vec<QualName>>,
    /// Depth of the node that last received a child: the tree builder's current node.
    insertion_depth: Cell<u32>,
}

/// The name reported for non-elements: html5ever only asks for element names, but a wrong
/// handle must not panic.
fn no_name() -> QualName {
    QualName::new(None, ns!(), LocalName::from(""))
}

impl Sink {
    /// A sink holding just the document node, with room for `capacity_hint` nodes.
    pub(crate) fn new(capacity_hint: usize) -> Self {
        let mut slots = Vec::with_capacity(capacity_hint);
        slots.push(Slot::new(Data::Document));
        let mut names = Vec::with_capacity(capacity_hint);
        names.push(no_name());
        Sink {
            slots: RefCell::new(slots),
            names: RefCell::new(names),
            insertion_depth: Cell::new(0),
        }
    }

    /// Depth of the element content is currently being inserted into (approximately the
    /// height of the tree builder's stack of open elements).
    pub(crate) fn insertion_depth(&self) -> u32 {
        self.insertion_depth.get()
    }

    fn new_node(&self, data: Data, name: QualName) -> Id {
        let mut slots = self.slots.borrow_mut();
        let id = slots.len() as Id;
        slots.push(Slot::new(data));
        self.names.borrow_mut().push(name);
        id
    }
}

/// Tree surgery on the arena; every operation keeps parent and sibling links consistent.
fn detach(slots: &mut [Slot], id: Id) {
    let (parent, prev, next) = {
        let s = &slots[id as usize];
        (s.parent, s.prev, s.next)
    };
    if parent == NONE {
        return;
    }
    if prev == NONE {
        slots[parent as usize].first_child = next;
    } else {
        slots[prev as usize].next = next;
    }
    if next == NONE {
        slots[parent as usize].last_child = prev;
    } else {
        slots[next as usize].prev = prev;
    }
    let s = &mut slots[id as usize];
    s.parent = NONE;
    s.prev = NONE;
    s.next = NONE;
}

fn append_child(slots: &mut [Slot], parent: Id, child: Id) {
    detach(slots, child);
    let last = slots[parent as usize].last_child;
    {
        let depth = slots[parent as usize].depth + 1;
        let c = &mut slots[child as usize];
        c.parent = parent;
        c.prev = last;
        c.depth = depth;
    }
    if last == NONE {
        slots[parent as usize].first_child = child;
    } else {
        slots[last as usize].next = child;
    }
    slots[parent as usize].last_child = child;
}

fn insert_before(slots: &mut [Slot], sibling: Id, child: Id) {
    detach(slots, child);
    let (parent, prev, depth) = {
        let s = &slots[sibling as usize];
        (s.parent, s.prev, s.depth)
    };
    if parent == NONE {
        return;
    }
    {
        let c = &mut slots[child as usize];
        c.parent = parent;
        c.prev = prev;
        c.next = sibling;
        c.depth = depth;
    }
    slots[sibling as usize].prev = child;
    if prev == NONE {
        slots[parent as usize].first_child = child;
    } else {
        slots[prev as usize].next = child;
    }
}

/// Appends `text` to node `id` when it is a text node (adjacent text merges, as in a browser).
fn merge_text(slots: &mut [Slot], id: Id, text: &StrTendril) -> bool {
    if id == NONE {
        return false;
    }
    if let Data::Text(t) = &mut slots[id as usize].data {
        t.push_tendril(text);
        return true;
    }
    false
}

impl TreeSink for Sink {
    type Handle = Id;
    type Output = ParsedDom;
    type ElemName<'a> = Ref<'a, QualName>;

    fn finish(self) -> ParsedDom {
        ParsedDom {
            slots: self.slots.into_inner(),
            names: self.names.into_inner(),
        }
    }

    fn parse_error(&self, _msg: Cow<'static, str>) {}

    fn get_document(&self) -> Id {
        DOCUMENT
    }

    fn elem_name<'a>(&'a self, target: &'a Id) -> Ref<'a, QualName> {
        Ref::map(self.names.borrow(), |names| {
            // Slot 0 is the document, whose name is the empty one.
            names.get(*target as usize).unwrap_or(&names[0])
        })
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> Id {
        let id = self.new_node(Data::Element { attrs }, name);
        if flags.template {
            // The template's contents live in the slot right after it, detached from the tree.
            self.new_node(Data::Fragment, no_name());
        }
        id
    }

    fn create_comment(&self, text: StrTendril) -> Id {
        let data = match &*text {
            "$" | "$?" | "$!" => Data::Boundary(true),
            "/$" => Data::Boundary(false),
            _ => Data::Other,
        };
        self.new_node(data, no_name())
    }

    fn create_pi(&self, _target: StrTendril, _data: StrTendril) -> Id {
        self.new_node(Data::Other, no_name())
    }

    fn append(&self, parent: &Id, child: NodeOrText<Id>) {
        let mut slots = self.slots.borrow_mut();
        self.insertion_depth.set(slots[*parent as usize].depth);
        match child {
            NodeOrText::AppendNode(node) => append_child(&mut slots, *parent, node),
            NodeOrText::AppendText(text) => {
                let last = slots[*parent as usize].last_child;
                if !merge_text(&mut slots, last, &text) {
                    drop(slots);
                    let id = self.new_node(Data::Text(text), no_name());
                    append_child(&mut self.slots.borrow_mut(), *parent, id);
                }
            }
        }
    }

    fn append_based_on_parent_node(&self, element: &Id, prev_element: &Id, child: NodeOrText<Id>) {
        let has_parent = self.slots.borrow()[*element as usize].parent != NONE;
        if has_parent {
            self.append_before_sibling(element, child);
        } else {
            self.append(prev_element, child);
        }
    }

    fn append_doctype_to_document(&self, _: StrTendril, _: StrTendril, _: StrTendril) {
        let id = self.new_node(Data::Other, no_name());
        append_child(&mut self.slots.borrow_mut(), DOCUMENT, id);
    }

    fn get_template_contents(&self, target: &Id) -> Id {
        let next = *target + 1;
        let is_contents = self
            .slots
            .borrow()
            .get(next as usize)
            .is_some_and(|s| matches!(s.data, Data::Fragment));
        if is_contents {
            next
        } else {
            // Not a template (html5ever never asks then): a detached sink for whatever comes.
            self.new_node(Data::Fragment, no_name())
        }
    }

    fn same_node(&self, x: &Id, y: &Id) -> bool {
        x == y
    }

    fn set_quirks_mode(&self, _mode: QuirksMode) {}

    fn append_before_sibling(&self, sibling: &Id, child: NodeOrText<Id>) {
        let mut slots = self.slots.borrow_mut();
        self.insertion_depth
            .set(slots[*sibling as usize].depth.saturating_sub(1));
        match child {
            NodeOrText::AppendNode(node) => insert_before(&mut slots, *sibling, node),
            NodeOrText::AppendText(text) => {
                let prev = slots[*sibling as usize].prev;
                if !merge_text(&mut slots, prev, &text) {
                    drop(slots);
                    let id = self.new_node(Data::Text(text), no_name());
                    insert_before(&mut self.slots.borrow_mut(), *sibling, id);
                }
            }
        }
    }

    fn add_attrs_if_missing(&self, target: &Id, attrs: Vec<Attribute>) {
        let mut slots = self.slots.borrow_mut();
        if let Data::Element { attrs: existing } = &mut slots[*target as usize].data {
            for attr in attrs {
                if !existing.iter().any(|a| a.name == attr.name) {
                    existing.push(attr);
                }
            }
        }
    }

    fn remove_from_parent(&self, target: &Id) {
        detach(&mut self.slots.borrow_mut(), *target);
    }

    fn reparent_children(&self, node: &Id, new_parent: &Id) {
        let mut slots = self.slots.borrow_mut();
        let mut child = slots[*node as usize].first_child;
        while child != NONE {
            let next = slots[child as usize].next;
            append_child(&mut slots, *new_parent, child);
            child = next;
        }
    }
}

fn namespace_of(ns: &HtmlNs) -> Namespace {
    if *ns == ns!(svg) {
        Namespace::Svg
    } else if *ns == ns!(mathml) {
        Namespace::Math
    } else {
        Namespace::Html
    }
}

impl DomSource for ParsedDom {
    type Handle = Id;

    fn document(&self) -> Id {
        DOCUMENT
    }

    fn info(&self, node: &Id) -> NodeInfo {
        let Some(slot) = self.slots.get(*node as usize) else {
            return NodeInfo::Skip;
        };
        match &slot.data {
            Data::Element { .. } => {
                let name = &self.names[*node as usize];
                let local: &str = &name.local;
                NodeInfo::Element {
                    // SVG camelCase names (`foreignObject`) are lowercased per the snapshot contract.
                    tag: local.to_ascii_lowercase(),
                    ns: namespace_of(&name.ns),
                }
            }
            Data::Text(t) => NodeInfo::Text(t.to_string()),
            Data::Document | Data::Fragment | Data::Boundary(_) | Data::Other => NodeInfo::Skip,
        }
    }

    fn attributes(&self, node: &Id, f: &mut dyn FnMut(&str, &str)) {
        let Some(Slot {
            data: Data::Element { attrs },
            ..
        }) = self.slots.get(*node as usize)
        else {
            return;
        };
        for a in attrs {
            match &a.name.prefix {
                // Namespaced attributes (`xlink:href`, `xml:lang`) appear as the browser shows them.
                Some(prefix) => f(&format!("{}:{}", prefix, a.name.local), &a.value),
                None => f(&a.name.local, &a.value),
            }
        }
    }

    fn children(&self, node: &Id, out: &mut Vec<Id>) {
        let Some(slot) = self.slots.get(*node as usize) else {
            return;
        };
        let mut child = slot.first_child;
        while child != NONE {
            out.push(child);
            child = self.slots[child as usize].next;
        }
    }
}
