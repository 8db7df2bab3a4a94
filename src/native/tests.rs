//! Parser tests: tree shape through the `DomSource` seam and through the capture walker.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::snapshot::source::{DomSource, NodeInfo};
use crate::snapshot::{Namespace, NodeId, NodeKind};

fn snap(html: &str) -> Snapshot {
    let s = parse_str(html, &Options::default(), &Deadline::start(0)).unwrap();
    s.validate().unwrap();
    s
}

/// Tags of all elements in document order.
fn tags(s: &Snapshot) -> Vec<String> {
    s.descendants(NodeId::ROOT)
        .filter(|&i| s.node(i).kind == NodeKind::Element)
        .map(|i| s.node(i).tag.clone())
        .collect()
}

fn first(s: &Snapshot, tag: &str) -> NodeId {
    s.find_tag(tag).unwrap()
}

/// Attributes of the first element named `tag`, exactly as the DOM source reports them.
fn source_attrs(html: &str, tag: &str) -> Vec<(String, String)> {
    let dom = parse_dom(html, &Deadline::start(0), true).unwrap();
    let mut stack = vec![dom.document()];
    let mut kids = Vec::new();
    while let Some(h) = stack.pop() {
        if let NodeInfo::Element { tag: t, .. } = dom.info(&h) {
            if t == tag {
                let mut out = Vec::new();
                dom.attributes(&h, &mut |k, v| out.push((k.to_string(), v.to_string())));
                return out;
            }
        }
        dom.children(&h, &mut kids);
        stack.extend(kids.drain(..).rev());
    }
    panic!("no <{tag}>");
}

#[test]
fn builds_implied_html_head_body() {
    let s = snap("hello <b>world</b>");
    assert_eq!(tags(&s), ["html", "head", "body", "b"]);
    assert_eq!(s.text_of(first(&s, "body")), "hello world");
}

#[test]
fn comments_doctype_and_pis_are_skipped() {
    let s = snap("<!DOCTYPE html><!-- c --><p>a<!-- inner -->b<?pi x?></p>");
    assert_eq!(tags(&s), ["html", "head", "body", "p"]);
    // Text around a skipped comment stays two DOM text nodes, merged by the walker.
    let p = s.node(first(&s, "p"));
    assert_eq!(p.children.len(), 1);
    assert_eq!(s.text_of(first(&s, "p")), "ab");
}

#[test]
fn noscript_content_is_text_with_scripting_on() {
    let s = snap("<body><noscript><p>enable JS</p></noscript></body>");
    let ns = first(&s, "noscript");
    assert_eq!(s.node(ns).children.len(), 1);
    assert_eq!(s.text_of(ns), "<p>enable JS</p>");
    assert!(s.find_tag("p").is_none());
}

#[test]
fn a_page_that_renders_only_its_noscript_document_is_read_as_markup() {
    let posts = "<p>A reply in the crawler view of the forum thread.</p>".repeat(20);
    let s = snap(&format!(
        "<body><div id=app></div><noscript><article>{posts}</article></noscript></body>"
    ));
    assert!(s.find_tag("article").is_some());
    let short = snap("<body><p>Rendered text.</p><noscript><p>enable JS</p></noscript></body>");
    assert!(short
        .find_tag("noscript")
        .is_some_and(|ns| short.node(ns).children.len() == 1));
}

#[test]
fn a_post_kept_only_in_noscript_is_read_as_markup() {
    let post = "<p>The post itself, which a script template would render.</p>".repeat(12);
    let page =
        format!("<body><ul><li>2020</li><li>2019</li></ul><noscript>{post}</noscript></body>");
    assert!(snap(&page).find_tag("p").is_some());
    let notice = "<p>Please enable JavaScript to see the comments of this story.</p>".repeat(9);
    let story = "<p>The rendered story goes on for a long while, sentence after sentence.</p>";
    let rendered = snap(&format!(
        "<body>{}<noscript>{notice}</noscript></body>",
        story.repeat(12)
    ));
    assert_eq!(
        rendered
            .find_tag("noscript")
            .map(|ns| rendered.node(ns).children.len()),
        Some(1)
    );
}

#[test]
fn template_contents_are_not_captured() {
    let s = snap("<body><template><p>hidden</p></template><p>shown</p></body>");
    assert_eq!(tags(&s), ["html", "head", "body", "template", "p"]);
    assert_eq!(s.text_of(NodeId::ROOT), "shown");
}

#[test]
fn svg_and_mathml_keep_their_namespace() {
    let s = snap(
        "<p>x</p><svg viewBox='0 0 1 1'><foreignObject><p>in</p></foreignObject></svg><math><mi>y</mi></math>",
    );
    let svg = s.node(first(&s, "svg"));
    assert_eq!(svg.ns, Namespace::Svg);
    assert_eq!(s.node(first(&s, "foreignobject")).ns, Namespace::Svg);
    assert_eq!(s.node(first(&s, "mi")).ns, Namespace::Math);
    assert_eq!(s.node(first(&s, "p")).ns, Namespace::Html);
    // html5ever applies the SVG case table; the walker lowercases names for the snapshot.
    let attrs = source_attrs("<svg viewBox='0 0 1 1'><use xlink:href='#a'/></svg>", "svg");
    assert_eq!(attrs, [("viewBox".to_string(), "0 0 1 1".to_string())]);
    let attrs = source_attrs("<svg><use xlink:href='#a'/></svg>", "use");
    assert_eq!(attrs, [("xlink:href".to_string(), "#a".to_string())]);
}

#[test]
fn html_attribute_names_are_lowercase_in_source_order() {
    let attrs = source_attrs("<div ID=a Class='b c' data-X=1 id=dup>", "div");
    let names: Vec<_> = attrs.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(names, ["id", "class", "data-x"]);
}

#[test]
fn misnested_formatting_and_foster_parenting_match_the_spec() {
    // Adoption agency: <b> is split around the <p>.
    let s = snap("<b>1<p>2</b>3</p>");
    assert_eq!(tags(&s), ["html", "head", "body", "b", "p", "b"]);
    assert_eq!(s.text_of(first(&s, "p")), "23");
    // Foster parenting: stray text in a table goes before it.
    let s = snap("<table>oops<tr><td>cell</td></tr></table>");
    let body = s.node(first(&s, "body"));
    assert_eq!(s.node(body.children[0]).text, "oops");
    assert_eq!(
        tags(&s),
        ["html", "head", "body", "table", "tbody", "tr", "td"]
    );
}

#[test]
fn script_and_style_text_dropped_json_ld_kept() {
    let s = snap(
        "<head><style>p{}</style><script>var x</script>\
         <script type='application/ld+json'>{\"a\":1}</script></head><body>t</body>",
    );
    assert_eq!(s.text_of(NodeId::ROOT), "{\"a\":1}t");
}

#[test]
fn url_comes_from_options() {
    let opts = Options {
        url: Some("https://example.org/a".into()),
        ..Default::default()
    };
    let s = parse_str("<p>x", &opts, &Deadline::start(0)).unwrap();
    assert_eq!(s.url.as_deref(), Some("https://example.org/a"));
}

#[test]
fn multibyte_text_split_across_chunks_survives() {
    let word = "日本語テキスト ";
    let body = word.repeat(CHUNK_BYTES / word.len() * 3);
    let s = snap(&format!("<p>{body}</p>"));
    assert_eq!(s.text_of(first(&s, "p")), body);
}

#[test]
fn crlf_split_across_chunks_is_one_newline() {
    let mut html = "a".repeat(CHUNK_BYTES - 1);
    html.push_str("\r\nb");
    let s = snap(&html);
    let text = s.text_of(NodeId::ROOT);
    assert!(text.ends_with("a\nb"), "{:?}", &text[text.len() - 4..]);
}

#[test]
fn parse_bytes_decodes_legacy_encodings() {
    let s = parse_bytes(
        b"<meta charset=windows-1252><p>caf\xe9</p>",
        &Options::default(),
        &Deadline::start(0),
    )
    .unwrap();
    assert_eq!(s.text_of(s.find_tag("p").unwrap()), "café");
}

#[test]
fn chunk_end_respects_char_boundaries() {
    assert_eq!(chunk_end("abc", 10), 3);
    assert_eq!(chunk_end("aé", 2), 1);
    assert_eq!(chunk_end("aé", 3), 3);
}

/// Deepest element nesting in a snapshot.
fn max_depth(s: &Snapshot) -> usize {
    let mut depth = vec![0usize; s.len()];
    let mut max = 0;
    for id in s.descendants(NodeId::ROOT) {
        let parent = s.node(id).parent.unwrap();
        depth[id.index()] = depth[parent.index()] + 1;
        max = max.max(depth[id.index()]);
    }
    max
}

#[test]
fn nesting_below_the_parser_cap_is_untouched() {
    let n = 200;
    let html = format!("{}deep{}", "<div>".repeat(n), "</div>".repeat(n));
    let s = snap(&html);
    assert!(!s.truncated);
    // html > body > 200 divs > text.
    assert_eq!(max_depth(&s), n + 3);
}

#[test]
fn nesting_past_the_parser_cap_is_flattened_and_later_content_survives() {
    let opts = Options {
        limits: crate::Limits {
            max_depth: 100_000,
            ..Default::default()
        },
        ..Default::default()
    };
    let n = 3 * guard_sink::MAX_PARSE_DEPTH as usize;
    let html = format!(
        "<ul><li>{}<p>deep</p>{}</ul><p>after</p>",
        "<div><span>".repeat(n),
        "</span></div>".repeat(n)
    );
    let s = parse_str(&html, &opts, &Deadline::start(0)).unwrap();
    s.validate().unwrap();
    assert!(max_depth(&s) <= guard_sink::MAX_PARSE_DEPTH as usize + 2);
    let text = s.text_of(NodeId::ROOT);
    assert!(text.contains("deep") && text.ends_with("after"), "{text}");
}

#[test]
fn late_meta_charset_does_not_stop_the_parse() {
    let s = snap("<p>one</p><meta charset=shift_jis><p>two</p>");
    assert_eq!(s.text_of(NodeId::ROOT), "onetwo");
}

/// A clock that advances one millisecond per reading: deadlines expire after a known number
/// of checks, whatever the machine's speed.
fn ticking_clock() -> f64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static TICKS: AtomicU64 = AtomicU64::new(0);
    TICKS.fetch_add(1, Ordering::Relaxed) as f64
}

#[test]
fn deadline_stops_the_parse_midway() {
    let html = "<p>text <b>bold</b></p>".repeat(100_000);
    let deadline = Deadline::new(20, ticking_clock);
    let err = parse_dom(&html, &deadline, true).err();
    assert_eq!(err, Some(Error::TimeBudgetExceeded { limit_ms: 20 }));
}

/// The text of `<main>` and of the whole page after a parse (React streaming tests).
fn main_and_page(html: &str) -> (String, String) {
    let s = snap(html);
    (s.text_of(first(&s, "main")), s.text_of(NodeId::ROOT))
}

#[test]
fn a_completed_boundary_replaces_its_fallback_with_the_segment() {
    let (main, page) = main_and_page(
        r#"<main>a<!--$?--><template id="B:0"></template><i>Loading…</i><!--/$-->c</main>
        <div hidden id="S:0">b</div><script>$RC("B:0","S:0")</script>"#,
    );
    assert_eq!(main, "abc");
    assert_eq!(page.trim(), "abc");
}

#[test]
fn a_completed_segment_takes_its_placeholders_place() {
    let (main, _) = main_and_page(
        r#"<main>a<template id="P:1"></template>c</main><div hidden id="S:1"><b>b</b></div>
        <script>$RS=function(a,b){};$RS("S:1","P:1")</script>"#,
    );
    assert_eq!(main, "abc");
}

#[test]
fn segments_nested_in_segments_join_in_script_order() {
    // S:0 brings boundary B:1 (its fallback nested in another boundary) and placeholder P:2.
    let (main, _) = main_and_page(
        r#"<main><!--$?--><template id="B:0"></template><!--$-->x<!--/$--><!--/$-->d</main>
        <div hidden id="S:0">a<!--$?--><template id="B:1"></template>…<!--/$--><template id="P:2"></template></div>
        <script>$RC("B:0","S:0")</script><div hidden id="S:1">b</div><div hidden id="S:2">c</div>
        <script>$RC("B:1","S:1");$RS("S:2","P:2")</script>"#,
    );
    assert_eq!(main, "abcd");
}

#[test]
fn broken_or_foreign_streaming_calls_leave_the_page_as_parsed() {
    for (html, page_text) in [
        // Missing boundary, missing segment, `$RX` (client-render error), a 3-argument call.
        (
            r#"<main>a<!--$?--><template id="B:0"></template>F<!--/$--></main><div hidden id="S:1">b</div>
            <script>$RC("B:9","S:1");$RC("B:0","S:9");$RX("B:0","S:1");$RC("B:0","S:1","e")</script>"#,
            "aFb",
        ),
        // No `<!--$?-->` before the template; no closing `<!--/$-->`; a segment not hidden.
        (
            r#"<main>a<template id="B:0"></template>F<!--$?--><template id="B:2"></template></main>
            <div hidden id="S:1">b</div><div hidden id="S:2">c</div><div id="S:3">d</div>
            <template id="P:3"></template>
            <script>$RC("B:0","S:1");$RC("B:2","S:2");$RS("S:3","P:3")</script>"#,
            "aFbcd",
        ),
        // The boundary inside its own segment, a segment inside its boundary's fallback.
        (
            r#"<main>aF</main><div hidden id="S:1"><!--$?--><template id="B:0"></template><!--/$-->b</div>
            <!--$?--><template id="B:2"></template><div hidden id="S:2">c</div><!--/$-->
            <script>$RC("B:0","S:1");$RC("B:2","S:2")</script>"#,
            "aFbc",
        ),
    ] {
        let (main, page) = main_and_page(html);
        assert_eq!(main, "aF", "{html}");
        assert_eq!(
            page.split_whitespace().collect::<String>(),
            page_text,
            "{html}"
        );
    }
}

#[test]
fn a_segment_is_used_once() {
    let (main, _) = main_and_page(
        r#"<main><!--$?--><template id="B:0"></template><!--/$-->|<template id="P:1"></template></main>
        <div hidden id="S:0">a</div><script>$RC("B:0","S:0");$RS("S:0","P:1")</script>"#,
    );
    assert_eq!(main, "a|");
}
