//! Browser tests (headless Chromium via wasm-bindgen-test-runner): the live capture equals the
//! parsed capture apart from layout, layout values are real, the page is never changed, the
//! composed tree (shadow roots, slots, iframes) is followed, and `extract` works on a real page.
//!
//! Every page is built inside an `<iframe>` this file creates: clearing the harness document
//! would kill the test runner.
#![cfg(all(target_arch = "wasm32", feature = "web", feature = "html"))]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use js_sys::{Array, Reflect};
use lectern::web::{self, LiveDom};
use lectern::{Deadline, NodeId, NodeKind, Options, Snapshot};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{Document, Element, HtmlIFrameElement, ShadowRootInit, ShadowRootMode};

#[path = "support/frame.rs"]
#[allow(dead_code)]
mod frame;
use frame::{frame_in, page};

wasm_bindgen_test_configure!(run_in_browser);

const PAGE: &str = include_str!("fixtures/capture/page.html");

fn live(doc: &Document) -> Snapshot {
    let options = Options::default();
    lectern::capture(
        &LiveDom::new(doc.clone()),
        &options,
        &Deadline::new(0, js_sys::Date::now),
    )
    .unwrap()
}

/// The snapshot without anything only a rendered page has.
fn without_layout(mut snap: Snapshot) -> Snapshot {
    snap.viewport = None;
    snap.url = None;
    for n in &mut snap.nodes {
        n.layout = None;
    }
    snap
}

fn first(snap: &Snapshot, pred: impl Fn(&lectern::Node) -> bool) -> NodeId {
    snap.descendants(NodeId::ROOT)
        .find(|&id| pred(snap.node(id)))
        .expect("node present")
}

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).unwrap()
}

#[wasm_bindgen_test]
fn live_capture_equals_parsed_capture_apart_from_layout() {
    let doc = page(PAGE);
    let live = without_layout(live(&doc));
    let parsed = without_layout(lectern::parse_html(PAGE, &Options::default()).unwrap());
    assert!(live.validate().is_ok());
    for (i, (l, p)) in live.nodes.iter().zip(&parsed.nodes).enumerate() {
        assert_eq!(l, p, "node {i} differs (live vs parsed)");
    }
    assert_eq!(live.nodes.len(), parsed.nodes.len());
    assert_eq!(live, parsed);
}

#[wasm_bindgen_test]
fn layout_values_are_real() {
    let doc = page(PAGE);
    let snap = live(&doc);
    let vp = snap.viewport.clone().expect("viewport");
    assert!(vp.width > 0.0 && vp.height > 0.0, "{vp:?}");
    assert!(vp.page_width > 0.0 && vp.page_height > 0.0, "{vp:?}");
    for tag in ["body", "p", "h1", "table", "img", "svg"] {
        let id = first(&snap, |n| n.is(tag));
        let l = snap.node(id).layout.clone().expect("layout on elements");
        assert!(l.width > 0.0 && l.height > 0.0, "{tag}: {l:?}");
        assert!(!l.is_invisible(), "{tag}: {l:?}");
        // Fonts and direction are read on block tags only (`LayoutNeeds`); `white-space` never.
        let block = !matches!(tag, "img" | "svg");
        assert_eq!(l.font_size > 0.0, block, "{tag}: {l:?}");
        assert_eq!(l.font_weight > 0, block, "{tag}: {l:?}");
        assert_eq!(l.direction == "ltr", block, "{tag}: {l:?}");
        assert_eq!(l.white_space, "", "{tag}: {l:?}");
    }
    let h1 = snap
        .node(first(&snap, |n| n.is("h1")))
        .layout
        .clone()
        .unwrap();
    assert!(h1.font_weight >= 600, "h1 is bold: {h1:?}");
    assert_eq!(h1.direction, "ltr");
    assert_eq!(h1.z_index, None, "z-index auto is None");
    let hidden = first(&snap, |n| n.attr("class") == Some("hidden-note"));
    let l = snap.node(hidden).layout.clone().unwrap();
    assert_eq!(l.display, "none");
    assert!(l.is_invisible());
    assert_eq!((l.width, l.height), (0.0, 0.0), "no box: {l:?}");
}

/// Session 27's reads (`LayoutNeeds`): under `display: none` only `display`, `visibility` and
/// `opacity` (the rest is the initial style), `z-index` only with `position: fixed`/`sticky`.
#[wasm_bindgen_test]
fn hidden_subtrees_read_visibility_alone_and_z_index_only_when_fixed() {
    let doc = page(
        r#"<html><body><div style="display:none">
        <p style="position:fixed;opacity:.5">x</p><b style="visibility:hidden">y</b></div>
        <div id="r" style="position:relative;z-index:3">a</div>
        <div id="f" style="position:fixed;z-index:7">b</div></body></html>"#,
    );
    let snap = live(&doc);
    let layout = |pred: &dyn Fn(&lectern::Node) -> bool| {
        snap.node(first(&snap, pred)).layout.clone().unwrap()
    };
    let p = layout(&|n| n.is("p"));
    assert_eq!(
        (p.display.as_str(), p.position.as_str(), p.opacity),
        ("block", "static", 0.5),
        "{p:?}"
    );
    assert_eq!(layout(&|n| n.is("b")).visibility, "hidden");
    assert_eq!(layout(&|n| n.attr("id") == Some("r")).z_index, None);
    assert_eq!(layout(&|n| n.attr("id") == Some("f")).z_index, Some(7));
}

#[wasm_bindgen_test]
fn extract_leaves_the_page_unchanged() {
    let doc = page(PAGE);
    let (_, inner) = frame_in(&doc, PAGE);
    let html = |d: &Document| d.document_element().unwrap().outer_html();
    let (before, inner_before) = (html(&doc), html(&inner));
    let article = web::extract(&doc, None, None).unwrap();
    assert!(!article.is_null());
    web::capture_snapshot(&doc).unwrap();
    web::is_probably_readerable(&doc).unwrap();
    assert_eq!(html(&doc), before);
    assert_eq!(html(&inner), inner_before, "nested frame unchanged too");
}

#[wasm_bindgen_test]
fn open_shadow_root_and_slots_are_captured_in_rendered_order() {
    let doc = page(
        "<!DOCTYPE html><body><div id=host><span slot=b>B-light</span>\
         <span slot=a>A-light</span>light-default</div></body>",
    );
    let host: Element = doc.get_element_by_id("host").unwrap();
    let init = ShadowRootInit::new(ShadowRootMode::Open);
    let shadow = host.attach_shadow(&init).unwrap();
    shadow.set_inner_html(
        "<p>start </p><slot name=a></slot><p> middle </p><slot name=b></slot>\
         <slot></slot><slot name=none> fallback</slot>",
    );
    let snap = live(&doc);
    let host_id = first(&snap, |n| n.attr("id") == Some("host"));
    assert_eq!(
        snap.text_of(host_id),
        "start A-light middle B-lightlight-default fallback"
    );
    assert!(
        !snap.descendants(host_id).any(|id| snap.node(id).is("slot")),
        "slots are replaced by what they render"
    );
}

#[wasm_bindgen_test]
fn same_origin_iframe_text_is_captured_in_page_coordinates() {
    let doc = page("<!DOCTYPE html><body><p>Outside the frame.</p></body>");
    let (inner, _) = frame_in(&doc, "<!DOCTYPE html><body><p>Inside the frame.</p></body>");
    inner.set_attribute("id", "inner").unwrap();
    let snap = live(&doc);
    let frame_id = first(&snap, |n| n.attr("id") == Some("inner"));
    assert_eq!(snap.text_of(frame_id).trim(), "Inside the frame.");
    let p = snap
        .descendants(frame_id)
        .find(|&id| snap.node(id).is("p"))
        .unwrap();
    let (frame_box, p_box) = (
        snap.node(frame_id).layout.clone().unwrap(),
        snap.node(p).layout.clone().unwrap(),
    );
    assert!(p_box.y > frame_box.y, "{p_box:?} inside {frame_box:?}");
    assert!(p_box.x >= frame_box.x, "{p_box:?} inside {frame_box:?}");
}

/// The live capture reads an element's attributes (and layout) as one NUL-joined string: a
/// scripted NUL in an attribute value becomes U+FFFD (as the HTML parser would) without shifting
/// the fields after it, and one in a text is kept. Any batched form of the reads must keep this.
#[wasm_bindgen_test]
fn nul_in_text_and_attributes_does_not_shift_fields() {
    let doc = page("<!DOCTYPE html><body><p id=p>x</p><p id=after title=t>after</p></body>");
    let p = doc.get_element_by_id("p").unwrap();
    p.set_text_content(Some("a\0b\0c"));
    p.set_attribute("data-x", "1\u{0}2").unwrap();
    let snap = live(&doc);
    let id = first(&snap, |n| n.attr("id") == Some("p"));
    assert_eq!(snap.text_of(id), "a\0b\0c");
    assert_eq!(snap.node(id).attr("data-x"), Some("1\u{FFFD}2"));
    let after = first(&snap, |n| n.attr("id") == Some("after"));
    assert_eq!(snap.node(after).attr("title"), Some("t"));
    assert_eq!(snap.text_of(after), "after");
    assert!(snap.node(after).layout.is_some());
}

/// Attributes are read by name; the names `getAttribute` cannot reach — an uppercase one set
/// by script on an HTML element, one name in two namespaces — fall back to the `Attr` list,
/// so every attribute is captured, in order, with its own value.
#[wasm_bindgen_test]
fn scripted_attribute_names_are_captured_as_they_are() {
    let doc = page("<!DOCTYPE html><body><p id=p datax=lower>x</p><p id=q>y</p></body>");
    let p = doc.get_element_by_id("p").unwrap();
    p.set_attribute_ns(None, "dataX", "upper").unwrap();
    let q = doc.get_element_by_id("q").unwrap();
    q.set_attribute_ns(Some("urn:a"), "k", "1").unwrap();
    q.set_attribute_ns(Some("urn:b"), "k", "2").unwrap();
    let snap = live(&doc);
    let attrs = |id: &str| {
        let n = snap.node(first(&snap, |n| n.attr("id") == Some(id)));
        n.attrs.clone()
    };
    let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter().map(|&(k, v)| (k.into(), v.into())).collect()
    };
    // The walker lowercases names (as the parser would have).
    let p_attrs = [("id", "p"), ("datax", "lower"), ("datax", "upper")];
    assert_eq!(attrs("p"), pairs(&p_attrs));
    assert_eq!(attrs("q"), pairs(&[("id", "q"), ("k", "1"), ("k", "2")]));
}

/// A sandboxed frame (opaque origin) is what a cross-origin frame looks like to the page: no
/// document. It is skipped and the capture still succeeds.
#[wasm_bindgen_test]
async fn cross_origin_iframe_is_skipped_without_failing() {
    let doc = page("<!DOCTYPE html><body><p>Outside the frame.</p></body>");
    let sandboxed: HtmlIFrameElement = doc.create_element("iframe").unwrap().unchecked_into();
    sandboxed.set_attribute("id", "opaque").unwrap();
    sandboxed.set_attribute("sandbox", "").unwrap();
    sandboxed
        .set_attribute("srcdoc", "<p>Opaque origin.</p>")
        .unwrap();
    let loaded = js_sys::Promise::new(&mut |resolve, _| sandboxed.set_onload(Some(&resolve)));
    doc.body().unwrap().append_child(&sandboxed).unwrap();
    wasm_bindgen_futures::JsFuture::from(loaded).await.unwrap();
    assert!(
        sandboxed.content_document().is_none(),
        "the frame is opaque"
    );

    let snap = live(&doc);
    let frame_id = first(&snap, |n| n.attr("id") == Some("opaque"));
    assert!(snap.node(frame_id).children.is_empty());
    assert!(snap.text_of(NodeId::ROOT).contains("Outside the frame."));
    let article = web::extract(&doc, None, None);
    assert!(article.is_ok());
}

#[wasm_bindgen_test]
fn extract_returns_title_text_and_content_nodes() {
    let doc = page(PAGE);
    let article = web::extract(&doc, None, None).unwrap();
    assert_eq!(
        get(&article, "title").as_string().unwrap(),
        "Lectern capture fixture",
        "the visible headline beats the head title it mostly matches"
    );
    let text = get(&article, "text").as_string().unwrap();
    assert!(
        text.contains("turns it into a plain arena of nodes"),
        "{text}"
    );
    // contentNodes are the live nodes behind `article.content`, in the same order.
    let nodes: Array = get(&article, "contentNodes").unchecked_into();
    let snap = live(&doc);
    let content = lectern::extract_snapshot(&snap, &Options::default())
        .unwrap()
        .unwrap()
        .content;
    assert!(!content.is_empty());
    assert_eq!(nodes.length() as usize, content.len());
    for (i, id) in content.iter().enumerate() {
        let live_node: web_sys::Node = nodes.get(i as u32).unchecked_into();
        let captured = snap.node(*id);
        assert_eq!(live_node.node_name().to_ascii_lowercase(), captured.tag);
        let class = live_node
            .dyn_ref::<Element>()
            .and_then(|e| e.get_attribute("class"));
        assert_eq!(class.as_deref(), captured.attr("class"));
    }
    // The heuristic itself is tested natively; here the live answer must match the parsed one.
    let parsed = lectern::parse_html(PAGE, &Options::default()).unwrap();
    assert_eq!(
        web::is_probably_readerable(&doc).unwrap(),
        lectern::is_probably_readerable(&parsed)
    );
}

#[wasm_bindgen_test]
fn unknown_option_is_a_clear_error() {
    let doc = page(PAGE);
    let opts = js_sys::JSON::parse(r#"{"mode":"recall","bogus":1}"#).unwrap();
    let err = web::extract(&doc, Some(opts.unchecked_into()), None).unwrap_err();
    let msg = get(&err, "message").as_string().unwrap();
    assert!(
        msg.contains("invalid options") && msg.contains("bogus"),
        "{msg}"
    );
}

#[wasm_bindgen_test]
fn snapshot_json_replays_natively() {
    let doc = page(PAGE);
    let js = web::capture_snapshot(&doc).unwrap();
    let json: String = js_sys::JSON::stringify(&js).unwrap().into();
    let replayed: Snapshot = serde_json::from_str(&json).unwrap();
    assert!(replayed.validate().is_ok());
    assert_eq!(replayed, live(&doc));
    assert!(replayed
        .nodes
        .iter()
        .any(|n| n.kind == NodeKind::Element && n.layout.is_some()));
}

#[wasm_bindgen_test]
fn extract_html_works_in_wasm() {
    let article = web::extract_html(PAGE, None, None).unwrap();
    assert_eq!(
        get(&article, "title").as_string().unwrap(),
        "Lectern capture fixture",
        "the visible headline beats the head title it mostly matches"
    );
    assert_eq!(Array::from(&get(&article, "contentNodes")).length(), 0);
}

/// ~40,000 nodes (a large real article page has 20k–100k): the capture is complete, not
/// truncated. The time it takes is printed, not asserted (debug wasm on a shared machine);
/// speed is the benchmarks' job.
#[wasm_bindgen_test]
fn large_page_captures_completely() {
    let para = "<p>Paragraph with <a href=\"/x\">a link</a> and <em>emphasis</em> text.</p>\n";
    let doc = page(&format!(
        "<!DOCTYPE html><body><main>{}</main></body>",
        para.repeat(5_000)
    ));
    let options = Options::default();
    let start = js_sys::Date::now();
    let snap = lectern::capture(
        &LiveDom::new(doc),
        &options,
        &Deadline::new(0, js_sys::Date::now),
    )
    .unwrap();
    let ms = js_sys::Date::now() - start;
    console_log!("captured {} nodes with layout in {ms} ms", snap.len());
    assert!(snap.len() > 40_000, "{}", snap.len());
    assert!(!snap.truncated);
}

/// The live capture records the source the browser chose from `srcset` as `currentsrc`, and the
/// article prefers it.
#[wasm_bindgen_test]
async fn current_src_is_captured_and_preferred() {
    // Two different 10×10 PNGs, long enough not to count as placeholder pixels.
    const A: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAoAAAAKCAIAAAACUFjqAAABQUlEQVR4AQE2Acn+AEQggjz95vHCazD5DsfdAeSIdTSiDwsNBMNu2A5x4AD9d7B2cOuUC9UzX5c9qthhm5H/yRH1fM7UWLu/LOAAN1PJvfoP8BadyVdWdAZmds+wtOuJAsRCadoc9rpmANP4ttSxAKnqDnVaXC6CECQqCOcHj3+JOF6wlCNVUQCCVouW6KT+8joMn8Wv12CEN4Fr3QpzCctKElLk2nAA5nIPyqTaHphAbBicJCeemFHVgUIEE2/rVxPBZrEyAGndY/w1x5f/CKbNkAlQZqdFrdttiDHCsPh4IRQrRABWVW2JqoK8ra46lXj6RTWkFNAlwktArjrBJ3IpiLoAlzrqjTcXlwYHLtM6FGB611I75lV7UTTewZaB9KEzAGqiFA0Fl6PmyKDMICCi6TmAbvC2hF1qnWV+uCmPLQT6kuXAzDeTAAAAAElFTkSuQmCC";
    const B: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAoAAAAKCAIAAAACUFjqAAABQUlEQVR4AQE2Acn+ABwuK7hWnYBsElHcyb7jiRIOuu6jwthUWnh2DFqmWABFuF3k1Lq1ueRSzOx/+o7/tejss+n5caZVifWem9AAn2r6uyauBGE2HhmLdDZFiH1rHtgQHbm4WH8MKjoiAAwUCr+CQVBeAMUWfk0SArA5kqz6D53lF4fNTvJzLwChNAzlQcn5p0muhIbWCUcdgRFDUlcx6HYQfnfjJYAAKXS4g9iOAk0SxNFSOCx7NDMKXXY1bwzt6J7CbGveANkKGtZcMPW7CTy7lL6dCdMzNZxlCOce0vjtaiUCkQAMvpwncPtiO7/I7Uewyj6CPj4pq8hsNQzwFv6Ut+oASL+J9/TW+5fKdlD6hNorMSS2WkvVIiwTQZfHdqjgAFiSOU/YMah/g1ZQ7HjOt0ru4Q/EXMkb94zPgdPxuLsSlMuTNhOvAAAAAElFTkSuQmCC";
    let doc = page(&format!(
        "<!DOCTYPE html><body><article><h1>Pictures</h1><p>{}</p>\
         <img id=pic width=300 height=200 alt=Sea src=\"{A}\" srcset=\"{B} 1x\"><p>{}</p></article></body>",
        "A paragraph about the sea and the sky above it. ".repeat(6),
        "Another paragraph about the harbour and its boats. ".repeat(6)
    ));
    let img = doc.get_element_by_id("pic").unwrap();
    let decode = js_sys::Function::from(get(&img, "decode"));
    let done = js_sys::Promise::from(decode.call0(&img).unwrap());
    wasm_bindgen_futures::JsFuture::from(done).await.unwrap();
    assert_eq!(get(&img, "currentSrc").as_string().as_deref(), Some(B));

    let snap = live(&doc);
    let id = first(&snap, |n| n.attr("id") == Some("pic"));
    assert_eq!(snap.node(id).attr("currentsrc"), Some(B));
    let article = lectern::extract_snapshot(&snap, &Options::default())
        .unwrap()
        .unwrap();
    let json = serde_json::to_string(&article).unwrap();
    assert!(json.contains(B) && !json.contains(A), "{json}");
}
