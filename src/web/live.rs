//! `LiveDom`: the [`DomSource`] over the rendered page, read through web-sys.
//!
//! One read-only pass: the walker asks for children, attributes and layout; nothing here writes
//! to the page (no expandos, attributes or styles), so the page is byte-for-byte unchanged.
//!
//! Nodes from a same-origin iframe belong to another JS realm, where `dyn_into` (an
//! `instanceof` check against this realm's constructors) fails; nodes are therefore classified by
//! `node_type()` and cast with `unchecked_ref`, which is sound because the type is checked first.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{
    AssignedNodesOptions, Document, Element, HtmlIFrameElement, HtmlSlotElement, Node, Window,
};

use crate::snapshot::source::{DomSource, LayoutNeeds, NodeInfo};

// Reading a value from the DOM costs one wasm↔JS crossing (and a string copy); a page has tens
// of thousands of elements with ~16 values each. These helpers read one element's values in
// one call and join them with NUL (which the HTML parser never leaves in names or values; a
// scripted one is replaced, as the parser would). Measured on a 45k-node page in Chromium 156:
// see the large-page browser test.
//
// Where the capture's time goes (session 24, docs/BENCHMARKS.md): the browser's own reads below,
// done in plain JS over the same tree, are 56–66 % of it on the slowest sample pages, nearly all
// of that `getBoundingClientRect` (~3 µs an element) and the nine computed-style properties
// (~0.5 µs each); the remaining per-node crossings (node type, name, child list, handles) are
// cheap in V8. One JS call per parent returning all its children's values as one string (the
// same snapshot, checked on 91 pages) measured new/old 0.97–1.01: not kept. Faster capture means
// reading layout for fewer elements: since session 25 only what the engine reads is asked for
// (`LayoutNeeds`: no `white-space`, fonts on block tags only, no rect without a layout box), and
// since session 26 an inline run (computed `display: inline`, not `sticky`, not a replaced tag)
// takes its parent's box: 46 % fewer `getBoundingClientRect` calls, capture new/old 0.93.
// Since session 27 an element under `display: none` reads `display`, `visibility` and `opacity`
// alone (Chromium computes a hidden element's style on demand, 3-5x a rendered one's a read),
// `direction` is read with the fonts (block tags) and `z-index` only when `fixed`/`sticky`.
//
// Attributes are read as names and values (no `Attr` objects: 12.2 -> 4.8 ms on a 10k-element
// page, session 24); a name `getAttribute` cannot reach (an uppercase one a script set on an HTML
// element, one name in two namespaces) or a list over 32 reads through `attributes`. `currentsrc`
// is the source the browser chose (srcset, <picture>) when it differs from `src`. An element
// under a `display: none` ancestor returns a zero rect, `display`, `visibility`, `opacity` and
// `static`; one that is `display: none` gets CSSOM View's all-zero rect without asking; an
// inline run not asked for its own box (`own` false) returns empty fields and `layout` gives it
// the parent's.
// (No comments inside the JS: it ships as written.)
#[wasm_bindgen::prelude::wasm_bindgen(inline_js = r#"
const SEP = "\u0000";
const clean = (s) => (s.indexOf(SEP) < 0 ? s : s.replaceAll(SEP, "\uFFFD"));
function byName(el) {
  const names = el.getAttributeNames(), out = [];
  if (names.length > 32) return null;
  for (let i = 0; i < names.length; i++) {
    const k = names[i], v = el.getAttribute(k);
    if (v === null || /[A-Z]/.test(k) || names.indexOf(k) !== i) return null;
    out.push(clean(k), clean(v));
  }
  return out;
}
export function lecternAttributes(el) {
  let out = byName(el);
  if (!out) {
    const a = el.attributes;
    out = [];
    for (let i = 0; i < a.length; i++) out.push(clean(a[i].name), clean(a[i].value));
  }
  if (el.localName === "img" && el.currentSrc && el.currentSrc !== el.src)
    out.push("currentsrc", clean(el.currentSrc));
  return out.join(SEP);
}
export function lecternLayout(view, el, block, removed, own) {
  const s = view.getComputedStyle(el), d = s.display;
  if (removed) return [0, 0, 0, 0, d, s.visibility, s.opacity, "static"].join(SEP);
  const p = s.position, r = d === "none" ? { left: 0, top: 0, width: 0, height: 0 }
    : own || d !== "inline" || p === "sticky" ? el.getBoundingClientRect() : {};
  return [r.left, r.top, r.width, r.height, d, s.visibility, s.opacity, p,
          p === "fixed" || p === "sticky" ? s.zIndex : "", block ? s.fontSize : "",
          block ? s.fontWeight : "", block ? s.direction : ""].join(SEP);
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = lecternAttributes)]
    fn js_attributes(el: &Element) -> String;
    #[wasm_bindgen(js_name = lecternLayout)]
    fn js_layout(view: &Window, el: &Element, block: bool, removed: bool, own: bool) -> String;
}

const SEP: char = '\0';
use crate::snapshot::{Layout, Namespace, Viewport};

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const MATHML_NS: &str = "http://www.w3.org/1998/Math/MathML";

/// The browsing context a node lives in: its window (for computed style) and where its
/// viewport's top-left sits in top-level page coordinates.
struct Frame {
    view: Option<Window>,
    origin_x: f64,
    origin_y: f64,
}

/// A node plus the frame it was reached through.
#[derive(Clone)]
pub struct LiveNode {
    /// The DOM node.
    pub node: Node,
    frame: Rc<Frame>,
}

/// The live page as a [`DomSource`]: composed tree (open shadow roots, slots in rendered order,
/// same-origin iframes) with computed layout in page coordinates.
pub struct LiveDom {
    doc: Document,
    top: Rc<Frame>,
}

impl LiveDom {
    /// Reads `doc` through its own window (`defaultView`), so a document inside an iframe is
    /// read with the iframe's styles and scroll position.
    pub fn new(doc: Document) -> Self {
        let view = doc.default_view();
        let (origin_x, origin_y) = view
            .as_ref()
            .map(|w| (w.scroll_x().unwrap_or(0.0), w.scroll_y().unwrap_or(0.0)))
            .unwrap_or((0.0, 0.0));
        LiveDom {
            doc,
            top: Rc::new(Frame {
                view,
                origin_x,
                origin_y,
            }),
        }
    }

    fn handle(&self, node: Node, frame: &Rc<Frame>) -> LiveNode {
        LiveNode {
            node,
            frame: Rc::clone(frame),
        }
    }

    /// Pushes `node`'s composed children: a slot is replaced by what it renders.
    fn push_composed(&self, parent: &Node, frame: &Rc<Frame>, out: &mut Vec<LiveNode>) {
        let list = parent.child_nodes();
        for i in 0..list.length() {
            let Some(child) = list.item(i) else { continue };
            if is_slot(&child) {
                self.push_slotted(&child, frame, out);
            } else {
                out.push(self.handle(child, frame));
            }
        }
    }

    /// A slot's flattened assigned nodes in rendered order, or its fallback children.
    fn push_slotted(&self, slot: &Node, frame: &Rc<Frame>, out: &mut Vec<LiveNode>) {
        let opts = AssignedNodesOptions::new();
        opts.set_flatten(true);
        let assigned = slot
            .unchecked_ref::<HtmlSlotElement>()
            .assigned_nodes_with_options(&opts);
        if assigned.length() == 0 {
            self.push_composed(slot, frame, out);
            return;
        }
        for n in assigned.iter() {
            out.push(self.handle(n.unchecked_into::<Node>(), frame));
        }
    }

    /// A same-origin iframe's root element, in a frame placed at the iframe's content box.
    /// Cross-origin frames give no document (or throw): they are skipped, never an error.
    fn frame_root(&self, iframe: &Element, frame: &Rc<Frame>) -> Option<LiveNode> {
        let doc = iframe
            .unchecked_ref::<HtmlIFrameElement>()
            .content_document()?;
        let root = doc.document_element()?;
        let rect = iframe.get_bounding_client_rect();
        let inner = Rc::new(Frame {
            view: doc.default_view(),
            origin_x: frame.origin_x + rect.left() + f64::from(iframe.client_left()),
            origin_y: frame.origin_y + rect.top() + f64::from(iframe.client_top()),
        });
        Some(self.handle(root.unchecked_into(), &inner))
    }
}

fn is_element(node: &Node) -> bool {
    node.node_type() == Node::ELEMENT_NODE
}

fn is_slot(node: &Node) -> bool {
    is_element(node) && is_html_named(node.unchecked_ref(), "slot")
}

/// Name first: the namespace is only read (another crossing) for the rare candidate.
fn is_html_named(el: &Element, name: &str) -> bool {
    el.local_name() == name && el.namespace_uri().is_none_or(|ns| ns.ends_with("/xhtml"))
}

fn namespace(el: &Element) -> Namespace {
    match el.namespace_uri().as_deref() {
        Some(SVG_NS) => Namespace::Svg,
        Some(MATHML_NS) => Namespace::Math,
        _ => Namespace::Html,
    }
}

impl DomSource for LiveDom {
    type Handle = LiveNode;

    fn document(&self) -> LiveNode {
        self.handle(self.doc.clone().unchecked_into(), &self.top)
    }

    fn info(&self, h: &LiveNode) -> NodeInfo {
        match h.node.node_type() {
            Node::ELEMENT_NODE => {
                let el = h.node.unchecked_ref::<Element>();
                NodeInfo::Element {
                    tag: el.local_name().to_ascii_lowercase(),
                    ns: namespace(el),
                }
            }
            Node::TEXT_NODE | Node::CDATA_SECTION_NODE => {
                NodeInfo::Text(h.node.node_value().unwrap_or_default())
            }
            _ => NodeInfo::Skip,
        }
    }

    fn attributes(&self, h: &LiveNode, f: &mut dyn FnMut(&str, &str)) {
        if !is_element(&h.node) {
            return;
        }
        let joined = js_attributes(h.node.unchecked_ref());
        if joined.is_empty() {
            return;
        }
        let mut parts = joined.split(SEP);
        while let (Some(name), Some(value)) = (parts.next(), parts.next()) {
            f(name, value);
        }
    }

    fn children(&self, h: &LiveNode, out: &mut Vec<LiveNode>) {
        if is_element(&h.node) {
            let el = h.node.unchecked_ref::<Element>();
            if let Some(shadow) = el.shadow_root() {
                self.push_composed(shadow.unchecked_ref(), &h.frame, out);
                return;
            }
            if is_html_named(el, "iframe") {
                out.extend(self.frame_root(el, &h.frame));
                return;
            }
        }
        self.push_composed(&h.node, &h.frame, out);
    }

    /// `white-space` is not read (no rule reads it: captured as ""), nor fonts and direction off
    /// block tags, `z-index` off `fixed`/`sticky`, the box of an element with none, an inline
    /// run's own box, or more than the three visibility values under `display: none`
    /// ([`LayoutNeeds`]).
    fn layout(&self, h: &LiveNode, needs: LayoutNeeds<'_>) -> Option<Layout> {
        if !is_element(&h.node) {
            return None;
        }
        let (view, el) = (h.frame.view.as_ref()?, h.node.unchecked_ref());
        let joined = js_layout(view, el, needs.font(), needs.removed, needs.own_box());
        // Under `display: none` the fields after `position` are empty ([`LayoutNeeds::removed`]).
        let mut v = joined.split(SEP);
        let mut next = || v.next().unwrap_or_default();
        let mut num = || crate::num::parse_decimal(next()).unwrap_or(0.0);
        let (left, top, width, height) = (num(), num(), num(), num());
        // No rect read (an inline run, [`LayoutNeeds`]): the parent's box, already in page px.
        let [x, y, width, height] = match needs.parent_box {
            Some(parent) if joined.starts_with(SEP) => parent,
            _ => [
                (h.frame.origin_x + left) as f32,
                (h.frame.origin_y + top) as f32,
                width as f32,
                height as f32,
            ],
        };
        Some(Layout {
            x,
            y,
            width,
            height,
            display: next().to_string(),
            visibility: next().to_string(),
            opacity: crate::num::parse_decimal(next()).map_or(1.0, |v| v as f32),
            position: next().to_string(),
            z_index: next().parse().ok(),
            font_size: px(next()),
            font_weight: font_weight(next()),
            white_space: String::new(),
            direction: next().to_string(),
        })
    }

    fn viewport(&self) -> Option<Viewport> {
        let view = self.top.view.as_ref()?;
        let num = |v: Result<wasm_bindgen::JsValue, _>| {
            v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0) as f32
        };
        let page = self
            .doc
            .scrolling_element()
            .or_else(|| self.doc.document_element());
        let (page_width, page_height) = page
            .map(|e| (e.scroll_width() as f32, e.scroll_height() as f32))
            .unwrap_or((0.0, 0.0));
        Some(Viewport {
            width: num(view.inner_width()),
            height: num(view.inner_height()),
            scroll_x: self.top.origin_x as f32,
            scroll_y: self.top.origin_y as f32,
            page_width,
            page_height,
        })
    }

    fn url(&self) -> Option<String> {
        self.doc.url().ok()
    }
}

/// `"16px"` → 16; computed font sizes are always in px.
fn px(value: &str) -> f32 {
    crate::num::parse_decimal(value.trim_end_matches("px")).unwrap_or(0.0) as f32
}

/// Computed font weight is numeric (`"400"`, possibly fractional with variable fonts);
/// not read (`""`) is 0; anything else reads as normal (400).
fn font_weight(value: &str) -> u16 {
    const NORMAL: u16 = 400;
    if value.is_empty() {
        return 0;
    }
    crate::num::parse_decimal(value)
        .map(|w| w.round().clamp(1.0, 1000.0) as u16)
        .unwrap_or(NORMAL)
}
