//! Test pages for the browser tests, each inside an `<iframe>` the test creates: clearing the
//! harness document would kill the test runner.

use wasm_bindgen::JsCast;
use web_sys::{Document, HtmlDocument, HtmlIFrameElement};

/// Appends an iframe (800×600) to `host` and writes `html` into it synchronously.
pub fn frame_in(host: &Document, html: &str) -> (HtmlIFrameElement, Document) {
    let iframe: HtmlIFrameElement = host.create_element("iframe").unwrap().unchecked_into();
    iframe
        .set_attribute("style", "width:800px;height:600px;border:0;display:block")
        .unwrap();
    host.body().unwrap().append_child(&iframe).unwrap();
    let doc: HtmlDocument = iframe.content_document().unwrap().unchecked_into();
    doc.open().unwrap();
    doc.write_1(html).unwrap();
    doc.close().unwrap();
    (iframe, doc.unchecked_into())
}

/// A page in a fresh iframe of the harness document.
pub fn page(html: &str) -> Document {
    let harness = web_sys::window().unwrap().document().unwrap();
    frame_in(&harness, html).1
}
