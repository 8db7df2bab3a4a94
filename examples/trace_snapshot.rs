//! Dev-only: the trace of one snapshot JSON, one decision a line with the node's tag, class,
//! text length and box.
//!
//!     cargo run --release --example trace_snapshot -- SNAPSHOT.json
//!     cargo run --release --example trace_snapshot -- PAGE.html   # native parse of a page

#![allow(clippy::unwrap_used, clippy::expect_used)]

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: trace_snapshot SNAPSHOT.json|PAGE.html");
    let bytes = std::fs::read(&path).unwrap();
    let snap: lectern::Snapshot = if path.ends_with(".json") {
        serde_json::from_slice(&bytes).unwrap()
    } else {
        lectern::parse_bytes(&bytes, &lectern::Options::default()).unwrap()
    };
    let (article, trace) =
        lectern::extract_with_trace(&snap, &lectern::Options::default()).unwrap();
    if let Some(vp) = &snap.viewport {
        println!("viewport {vp:?}");
    }
    for d in &trace.decisions {
        let n = snap.node(d.node);
        let text: String = snap
            .text_of(d.node)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let boxed = n
            .layout
            .as_ref()
            .map(|l| format!("[{:.0},{:.0} {:.0}x{:.0}]", l.x, l.y, l.width, l.height))
            .unwrap_or_default();
        println!(
            "{:>6} {:8} {:5} {:?} <{} class={:?} id={:?}> {} len={} {:?}",
            d.node.0,
            d.stage,
            d.keep,
            d.reason,
            n.tag,
            n.attr("class").unwrap_or(""),
            n.attr("id").unwrap_or(""),
            boxed,
            text.len(),
            text.chars().take(70).collect::<String>()
        );
    }
    println!(
        "article chars {}",
        article.map(|a| lectern::to_text(&a).len()).unwrap_or(0)
    );
}
