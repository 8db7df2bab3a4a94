//! `LiveDom`: the [`DomSource`] over the rendered page, read through web-sys.
//!
//! One read-only pass: the walker asks for children, attributes and layout; nothing here writes
//! to the page (no expandos, attributes or styles), so the page is byte-for-byte unchanged.
//!
//! Reads are batched per parent: one JS call (`children`) lists a node's composed children
//! and returns, for each, its kind, tag, namespace, text, attributes and layout as one string,
//! which Rust decodes and keeps until the walker asks. The live nodes stay in a JS array owned by
//! the `LiveDom` (never on the page); a handle is an index into it.
//!
//! Nodes from a same-origin iframe belong to another JS realm, where `instanceof` checks against
//! this realm's constructors fail; nodes are therefore classified by `nodeType`, in JS and here.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Array;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, Window};

use crate::snapshot::source::{DomSource, NodeInfo};

// Session 24 (docs/BENCHMARKS.md): the walk used to make ~15 wasm↔JS calls per element (node
// type, name, namespace, attributes, layout, child list, each child, handle copies). Measured in
// Chromium 156, the browser's own reads are most of the capture (the same reads done in plain
// JS: 55–57% of it on the three slowest pages; `getBoundingClientRect` and the nine computed-style
// properties about 85% of those), the crossings a few percent: batching them gave 2–3%.
// `children` reads everything about a node's composed children in one call: the
// children of a shadow host are its shadow root's (a `<slot>` replaced by its flattened assigned
// nodes, or its fallback children), of a same-origin iframe its document element (header "f";
// a cross-origin frame has no document and no children), otherwise the light-DOM children.
// Fields are joined with NUL, which no attribute name can hold and the HTML parser never leaves
// in values (a scripted one is replaced, as the parser would); a text's NULs are kept by
// splitting it into counted pieces. Records: "e" tag ns has-children n-attrs attrs… n-layout
// layout…, "t" n-pieces pieces…, "k" (comment, doctype: skipped). An `<img>`'s attributes end
// with `currentsrc`, the source the browser chose (srcset, `<picture>`), when it differs from
// `src`.
#[wasm_bindgen::prelude::wasm_bindgen(inline_js = r#"
const S = "\0", SVG = "http://www.w3.org/2000/svg", MATH = "http://www.w3.org/1998/Math/MathML";
const clean = (s) => (s.indexOf(S) < 0 ? s : s.replaceAll(S, "\uFFFD"));
const html = (n, t) => n.localName === t && (n.namespaceURI === null || n.namespaceURI.endsWith("/xhtml"));
function flat(p, o) {
  for (const c of p.childNodes) {
    if (c.nodeType !== 1 || !html(c, "slot")) o.push(c);
    else {
      const a = c.assignedNodes({ flatten: true });
      if (!a.length) flat(c, o);
      for (const x of a) o.push(x);
    }
  }
}
export function state(d) { return [[d], [d.defaultView]]; }
export function children(st, i) {
  const [nodes, vs] = st, n = nodes[i], k = [], o = [""];
  let v = vs[i];
  if (n.nodeType === 1 && n.shadowRoot) flat(n.shadowRoot, k);
  else if (n.nodeType === 1 && html(n, "iframe")) {
    const d = n.contentDocument, r = d && d.documentElement;
    if (r) { k.push(r); v = d.defaultView; o[0] = "f"; }
  } else flat(n, k);
  for (const c of k) {
    const t = c.nodeType;
    if (t === 1) {
      nodes.push(c); vs.push(v);
      const a = c.attributes, ns = c.namespaceURI;
      const src = c.localName === "img" && c.currentSrc && c.currentSrc !== c.src;
      o.push("e", c.localName, ns === SVG ? "s" : ns === MATH ? "m" : "h",
        c.firstChild || c.shadowRoot || html(c, "iframe") ? 1 : 0, 2 * a.length + (src ? 2 : 0));
      for (let j = 0; j < a.length; j++) o.push(a[j].name, clean(a[j].value));
      if (src) o.push("currentsrc", clean(c.currentSrc));
      if (!v) o.push(0);
      else {
        const s = v.getComputedStyle(c), r = c.getBoundingClientRect();
        o.push(13, r.left, r.top, r.width, r.height, s.display, s.visibility, s.opacity,
          s.position, s.zIndex, s.fontSize, s.fontWeight, s.whiteSpace, s.direction);
      }
    } else if (t === 3 || t === 4) {
      nodes.push(c); vs.push(v);
      const p = c.nodeValue.split(S);
      o.push("t", p.length);
      for (const x of p) o.push(x);
    } else o.push("k");
  }
  return o.join(S);
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = state)]
    fn js_state(doc: &Document) -> JsValue;
    #[wasm_bindgen(js_name = children)]
    fn js_children(state: &JsValue, index: u32) -> String;
}

const SEP: char = '\0';
use crate::snapshot::{Layout, Namespace, Viewport};

/// The handle of a node the walker skips (comments, doctypes): it has no live node.
const SKIPPED: u32 = u32::MAX;

/// The browsing context a node lives in: where its viewport's top-left sits in top-level page
/// coordinates, and the JS array of live nodes that handles index.
struct Frame {
    nodes: Array,
    origin_x: f64,
    origin_y: f64,
}

/// A node (an index into the capture's array of live nodes) plus the frame it was reached
/// through.
#[derive(Clone)]
pub struct LiveNode {
    index: u32,
    frame: Rc<Frame>,
}

impl LiveNode {
    /// The live DOM node (`undefined` for a skipped one).
    pub fn node(&self) -> JsValue {
        self.frame.nodes.get(self.index)
    }
}

/// What one batched read said about a node, kept until the walker asks.
struct Entry {
    info: NodeInfo,
    /// Name/value pairs joined with NUL.
    attrs: String,
    layout: Option<Layout>,
    has_children: bool,
}

/// The live page as a [`DomSource`]: composed tree (open shadow roots, slots in rendered order,
/// same-origin iframes) with computed layout in page coordinates.
pub struct LiveDom {
    doc: Document,
    /// `[nodes, views]`: the live nodes handles index and the window each is read through.
    state: JsValue,
    view: Option<Window>,
    top: Rc<Frame>,
    /// `pending[index]`: the decoded read of node `index`, until the walker has used it.
    pending: RefCell<Vec<Option<Box<Entry>>>>,
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
        let state = js_state(&doc);
        let top = Rc::new(Frame {
            nodes: state.unchecked_ref::<Array>().get(0).unchecked_into(),
            origin_x,
            origin_y,
        });
        LiveDom {
            doc,
            state,
            view,
            top,
            // Index 0 is the document, which has no entry.
            pending: RefCell::new(vec![None]),
        }
    }

    /// The frame of a same-origin iframe's document, placed at the iframe's content box.
    fn inner_frame(&self, iframe: &LiveNode) -> Frame {
        let el = iframe.node().unchecked_into::<Element>();
        let rect = el.get_bounding_client_rect();
        Frame {
            nodes: iframe.frame.nodes.clone(),
            origin_x: iframe.frame.origin_x + rect.left() + f64::from(el.client_left()),
            origin_y: iframe.frame.origin_y + rect.top() + f64::from(el.client_top()),
        }
    }

    /// Decodes one `children` record whose kind was read, for a node in `frame`.
    fn entry(&self, kind: &str, f: &mut Fields<'_>, frame: &Frame) -> Option<Entry> {
        match kind {
            "e" => {
                let tag = f.next().to_ascii_lowercase();
                let ns = match f.next() {
                    "s" => Namespace::Svg,
                    "m" => Namespace::Math,
                    _ => Namespace::Html,
                };
                let has_children = f.next() == "1";
                let attrs = f.counted().to_string();
                let layout = (f.count() > 0).then(|| layout(f, frame));
                Some(Entry {
                    info: NodeInfo::Element { tag, ns },
                    attrs,
                    layout,
                    has_children,
                })
            }
            "t" => Some(Entry {
                info: NodeInfo::Text(f.counted().to_string()),
                attrs: String::new(),
                layout: None,
                has_children: false,
            }),
            _ => None,
        }
    }
}

/// A cursor over NUL-separated fields.
struct Fields<'a> {
    s: &'a str,
    pos: usize,
}

impl<'a> Fields<'a> {
    fn done(&self) -> bool {
        self.pos > self.s.len()
    }

    fn next(&mut self) -> &'a str {
        let rest = self.s.get(self.pos..).unwrap_or_default();
        let len = rest.find(SEP).unwrap_or(rest.len());
        self.pos += len + 1;
        &rest[..len]
    }

    fn count(&mut self) -> usize {
        self.next().parse().unwrap_or(0)
    }

    /// A count `n`, then `n` fields returned as one string, still NUL-separated.
    fn counted(&mut self) -> &'a str {
        let n = self.count();
        let start = self.pos.min(self.s.len());
        for _ in 0..n {
            self.next();
        }
        self.s
            .get(start..self.pos.saturating_sub(1).max(start))
            .unwrap_or_default()
    }
}

/// The 13 layout fields (box, then computed style) of an element in `frame`.
fn layout(f: &mut Fields<'_>, frame: &Frame) -> Layout {
    let mut num = || crate::num::parse_decimal(f.next()).unwrap_or(0.0);
    let (left, top, width, height) = (num(), num(), num(), num());
    Layout {
        x: (frame.origin_x + left) as f32,
        y: (frame.origin_y + top) as f32,
        width: width as f32,
        height: height as f32,
        display: f.next().to_string(),
        visibility: f.next().to_string(),
        opacity: crate::num::parse_decimal(f.next()).map_or(1.0, |v| v as f32),
        position: f.next().to_string(),
        z_index: f.next().parse().ok(),
        font_size: px(f.next()),
        font_weight: font_weight(f.next()),
        white_space: f.next().to_string(),
        direction: f.next().to_string(),
    }
}

impl DomSource for LiveDom {
    type Handle = LiveNode;

    fn document(&self) -> LiveNode {
        LiveNode {
            index: 0,
            frame: Rc::clone(&self.top),
        }
    }

    fn info(&self, h: &LiveNode) -> NodeInfo {
        let pending = self.pending.borrow();
        match pending.get(h.index as usize).and_then(Option::as_ref) {
            Some(e) => match &e.info {
                NodeInfo::Element { tag, ns } => NodeInfo::Element {
                    tag: tag.clone(),
                    ns: *ns,
                },
                NodeInfo::Text(t) => NodeInfo::Text(t.clone()),
                NodeInfo::Skip => NodeInfo::Skip,
            },
            None => NodeInfo::Skip,
        }
    }

    fn attributes(&self, h: &LiveNode, f: &mut dyn FnMut(&str, &str)) {
        let pending = self.pending.borrow();
        let Some(e) = pending.get(h.index as usize).and_then(Option::as_ref) else {
            return;
        };
        if e.attrs.is_empty() {
            return;
        }
        let mut parts = e.attrs.split(SEP);
        while let (Some(name), Some(value)) = (parts.next(), parts.next()) {
            f(name, value);
        }
    }

    /// The walker asks once per node, last: the node's entry is dropped here.
    fn children(&self, h: &LiveNode, out: &mut Vec<LiveNode>) {
        let entry = self
            .pending
            .borrow_mut()
            .get_mut(h.index as usize)
            .and_then(Option::take);
        if h.index == SKIPPED || entry.is_some_and(|e| !e.has_children) {
            return;
        }
        let batch = js_children(&self.state, h.index);
        let mut f = Fields { s: &batch, pos: 0 };
        let frame = if f.next() == "f" {
            Rc::new(self.inner_frame(h))
        } else {
            Rc::clone(&h.frame)
        };
        let mut pending = self.pending.borrow_mut();
        while !f.done() {
            let kind = f.next();
            let entry = self.entry(kind, &mut f, &frame);
            let index = if entry.is_some() {
                pending.push(entry.map(Box::new));
                pending.len() as u32 - 1
            } else {
                SKIPPED
            };
            out.push(LiveNode {
                index,
                frame: Rc::clone(&frame),
            });
        }
    }

    fn layout(&self, h: &LiveNode) -> Option<Layout> {
        let mut pending = self.pending.borrow_mut();
        pending.get_mut(h.index as usize)?.as_mut()?.layout.take()
    }

    fn viewport(&self) -> Option<Viewport> {
        let view = self.view.as_ref()?;
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
/// anything else reads as normal (400).
fn font_weight(value: &str) -> u16 {
    const NORMAL: u16 = 400;
    crate::num::parse_decimal(value)
        .map(|w| w.round().clamp(1.0, 1000.0) as u16)
        .unwrap_or(NORMAL)
}
