//! Builder behaviour on tiny snapshots.

use super::*;
use crate::article::Cell;
use crate::render::{allowlist::violations, to_html, to_markdown, to_text};
use crate::snapshot::build::Builder;
use crate::Article;

const URL: &str = "https://example.org/news/story.html";

/// Builds `<html><body>…</body></html>` and runs the article pipeline on the body.
fn article(f: impl FnOnce(&mut Builder)) -> Article {
    let mut b = Builder::new();
    b.el("html", &[], |b| {
        b.el("body", &[], f);
    });
    let mut snap = b.finish();
    snap.url = Some(URL.into());
    let body = snap.find_tag("body").unwrap();
    let sel = crate::extract::Selection {
        roots: vec![body],
        drop: crate::snapshot::Side(vec![false; snap.len()]),
        confidence: 0.9,
        thread: crate::classify::page_type::declares_discussion(&snap),
    };
    let a = assemble_all(&snap, &sel);
    let html = to_html(&a);
    assert_eq!(violations(&html), Vec::<String>::new(), "{html}");
    a
}

/// Assembles `sel` over `snap` with the page's own visibility and no trace (the tests' common call).
fn assemble_all(snap: &crate::Snapshot, sel: &crate::extract::Selection) -> Article {
    crate::article::assemble::assemble(
        snap,
        sel,
        &crate::snapshot::visibility::Visibility::of(snap),
        None,
    )
    .unwrap()
}

fn p(b: &mut Builder, t: &str) {
    b.el("p", &[], |b| {
        b.text(t);
    });
}

fn text(t: &str) -> Inline {
    Inline::Text { text: t.into() }
}

#[test]
fn headings_paragraphs_and_inline_markup() {
    let a = article(|b| {
        b.el("h2", &[], |b| {
            b.text(" Section\n one ");
        });
        b.el("p", &[], |b| {
            b.text("Read ");
            b.el("a", &[("href", "../more?x=1#y")], |b| {
                b.el("em", &[], |b| {
                    b.text("this");
                });
            });
            b.text(" and ");
            b.el("strong", &[], |b| {
                b.text("that");
            });
            b.text(", H");
            b.el("sub", &[], |b| {
                b.text("2");
            });
            b.text("O, x");
            b.el("sup", &[], |b| {
                b.text("2");
            });
            b.el("br", &[], |_| {});
            b.el("code", &[], |b| {
                b.text("a  <b>");
            });
        });
    });
    assert_eq!(
        a.blocks[0],
        Block::Heading {
            level: 2,
            content: vec![text("Section one")]
        }
    );
    let Block::Paragraph { content } = &a.blocks[1] else {
        panic!("{:?}", a.blocks)
    };
    assert_eq!(
        content[1],
        Inline::Link {
            href: "https://example.org/more?x=1#y".into(),
            content: vec![Inline::Emphasis {
                content: vec![text("this")]
            }]
        }
    );
    let md = to_markdown(&a);
    assert_eq!(
        md,
        "## Section one\n\nRead [*this*](https://example.org/more?x=1#y) and **that**, H<sub>2</sub>O, x<sup>2</sup>\\\n`a <b>`\n"
    );
}

#[test]
fn ruby_readings_are_left_out() {
    let a = article(|b| {
        b.el("p", &[], |b| {
            b.el("ruby", &[], |b| {
                b.text("子");
                b.el("rp", &[], |b| {
                    b.text("(");
                });
                b.el("rt", &[], |b| {
                    b.text("こ");
                });
                b.el("rp", &[], |b| {
                    b.text(")");
                });
            });
            b.text("どもの法律");
        });
    });
    assert_eq!(to_text(&a).trim(), "子どもの法律");
}

#[test]
fn a_document_parsed_in_noscript_is_read_as_content() {
    let post = "The post itself, sentence after sentence, kept only here. ".repeat(10);
    let a = article(|b| {
        b.el("noscript", &[], |b| {
            p(b, &post);
        });
        b.el("noscript", &[], |b| {
            p(b, "Please enable JavaScript.");
        });
    });
    assert_eq!(to_text(&a).trim(), post.trim());
}

#[test]
fn unsafe_links_unwrapped_in_page_links_kept() {
    let a = article(|b| {
        b.el("p", &[], |b| {
            b.el("a", &[("href", "javascript:alert(1)")], |b| {
                b.text("bad");
            });
            b.text(" ");
            b.el("a", &[("href", "mailto:a@b.c")], |b| {
                b.text("mail");
            });
        });
    });
    let html = to_html(&a);
    assert!(
        html.contains("<p>bad <a href=\"mailto:a@b.c\" rel=\"noopener noreferrer\">mail</a></p>"),
        "{html}"
    );
}

#[test]
fn base_href_resolves_relative_urls() {
    let mut b = Builder::new();
    b.el("html", &[], |b| {
        b.el("head", &[], |b| {
            b.el("base", &[("href", "/static/")], |_| {});
        });
        b.el("body", &[], |b| {
            b.el("p", &[], |b| {
                b.el("a", &[("href", "doc.html")], |b| {
                    b.text("doc");
                });
                b.el("img", &[("src", "i.png"), ("alt", "I")], |_| {});
            });
        });
    });
    let mut snap = b.finish();
    snap.url = Some(URL.into());
    let body = snap.find_tag("body").unwrap();
    let sel = crate::extract::Selection {
        roots: vec![body],
        drop: Default::default(),
        confidence: 1.0,
        thread: crate::classify::page_type::declares_discussion(&snap),
    };
    let a = assemble_all(&snap, &sel);
    let md = to_markdown(&a);
    assert_eq!(
        md,
        "[doc](https://example.org/static/doc.html)![I](https://example.org/static/i.png)\n"
    );
}

#[test]
fn nested_lists_and_quotes() {
    let a = article(|b| {
        b.el("ul", &[], |b| {
            b.el("li", &[], |b| {
                b.text("one");
            });
            b.el("li", &[], |b| {
                b.text("two");
                b.el("ol", &[], |b| {
                    b.el("li", &[], |b| {
                        b.text("inner");
                    });
                });
            });
        });
        b.el("blockquote", &[], |b| {
            p(b, "quoted");
        });
    });
    assert_eq!(to_markdown(&a), "- one\n- two\n  1. inner\n\n> quoted\n");
    assert_eq!(to_text(&a), "one\ntwo\n  inner\n\nquoted");
}

#[test]
fn pre_keeps_whitespace_and_language() {
    let a = article(|b| {
        b.el("pre", &[("class", "highlight")], |b| {
            b.el("code", &[("class", "hljs language-Rust")], |b| {
                b.text("fn main() {\n    ");
                b.el("span", &[("class", "kw")], |b| {
                    b.text("let");
                });
                b.text(" x = 1;\n\tif a < b {}\n}\n");
            });
        });
    });
    assert_eq!(
        a.blocks,
        vec![Block::Code {
            lang: Some("rust".into()),
            text: "fn main() {\n    let x = 1;\n\tif a < b {}\n}".into()
        }]
    );
    assert!(to_html(&a).contains("<pre><code class=\"language-rust\">fn main() {\n    let x = 1;\n\tif a &lt; b {}\n}</code></pre>"));
    assert!(to_markdown(&a).starts_with("```rust\nfn main() {\n    let x"));
}

#[test]
fn lazy_images_picture_noscript_and_trackers() {
    let a = article(|b| {
        b.el("figure", &[], |b| {
            b.el(
                "img",
                &[
                    ("src", "data:image/gif;base64,R0lGOD"),
                    ("data-src", "/a.jpg"),
                    ("alt", "A"),
                ],
                |_| {},
            );
            b.el("figcaption", &[], |b| {
                b.text("Caption ");
                b.el("em", &[], |b| {
                    b.text("here");
                });
            });
        });
        b.el("picture", &[], |b| {
            b.el(
                "source",
                &[("srcset", "/p-400.webp 400w, /p-1200.webp 1200w")],
                |_| {},
            );
            b.el("img", &[("alt", "P")], |_| {});
        });
        b.el("div", &[], |b| {
            b.el("img", &[("class", "lazy"), ("alt", "N")], |_| {});
            b.el("noscript", &[], |b| {
                b.text("<img src=\"/n.jpg\" alt=\"N\">");
            });
        });
        b.el("div", &[], |b| {
            b.el("img", &[("src", "/real.jpg"), ("alt", "R")], |_| {});
            b.el("noscript", &[], |b| {
                b.text("<img src=\"/real.jpg\" alt=\"R\">");
            });
        });
        b.el(
            "img",
            &[("src", "/pixel.php"), ("width", "1"), ("height", "1")],
            |_| {},
        );
        b.el(
            "img",
            &[("srcset", "/s1.jpg 1x, /s2.jpg 2x"), ("src", "/s1.jpg")],
            |_| {},
        );
    });
    let srcs: Vec<(&str, usize)> = a
        .blocks
        .iter()
        .map(|b| match b {
            Block::Figure { image, caption } => (image.src.as_str(), caption.len()),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        srcs,
        [
            ("https://example.org/a.jpg", 2),
            ("https://example.org/p-1200.webp", 0),
            ("https://example.org/n.jpg", 0),
            ("https://example.org/real.jpg", 0),
            ("https://example.org/s2.jpg", 0),
        ]
    );
    let html = to_html(&a);
    assert!(html.contains("<figure><img src=\"https://example.org/a.jpg\" alt=\"A\" loading=\"lazy\"><figcaption>Caption <em>here</em></figcaption></figure>"), "{html}");
}

#[test]
fn data_table_keeps_headers_and_spans() {
    let a = article(|b| {
        b.el("table", &[], |b| {
            b.el("caption", &[], |b| {
                b.text("Scores");
            });
            b.el("thead", &[], |b| {
                b.el("tr", &[], |b| {
                    b.el("th", &[], |b| {
                        b.text("Name");
                    });
                    b.el("th", &[("colspan", "2")], |b| {
                        b.text("Points");
                    });
                });
            });
            b.el("tbody", &[], |b| {
                b.el("tr", &[], |b| {
                    b.el("th", &[], |b| {
                        b.text("Ann");
                    });
                    b.el("td", &[], |b| {
                        b.text("1|2");
                    });
                    b.el("td", &[("rowspan", "0")], |b| {
                        b.text("3");
                    });
                });
            });
        });
    });
    let Block::Table { caption, rows } = &a.blocks[0] else {
        panic!()
    };
    assert_eq!(caption, &vec![text("Scores")]);
    assert_eq!(
        rows[0][1],
        Cell {
            header: true,
            colspan: 2,
            rowspan: 1,
            content: vec![text("Points")]
        }
    );
    let html = to_html(&a);
    assert!(html.contains("<thead><tr><th scope=\"col\">Name</th><th scope=\"colgroup\" colspan=\"2\">Points</th></tr></thead><tbody><tr><th scope=\"row\">Ann</th><td>1|2</td><td>3</td></tr></tbody>"), "{html}");
    assert_eq!(
        to_markdown(&a),
        "Scores\n\n| Name | Points |  |\n| --- | --- | --- |\n| Ann | 1\\|2 | 3 |\n"
    );
    assert_eq!(to_text(&a), "Scores\nName\tPoints\nAnn\t1|2\t3");
}

#[test]
fn layout_tables_are_linearised() {
    let a = article(|b| {
        b.el("table", &[], |b| {
            b.el("tr", &[], |b| {
                b.el("td", &[], |b| {
                    p(b, "Left column text.");
                });
                b.el("td", &[], |b| {
                    b.el("h3", &[], |b| {
                        b.text("Right");
                    });
                    p(b, "More text.");
                });
            });
        });
        b.el("table", &[], |b| {
            b.el("tr", &[], |b| {
                b.el("td", &[], |b| {
                    b.text("Single column");
                });
            });
        });
    });
    assert_eq!(
        to_markdown(&a),
        "Left column text.\n\n## Right\n\nMore text.\n\nSingle column\n"
    );
}

fn mathml(b: &mut Builder, display: Option<&str>) {
    let attrs: Vec<(&str, &str)> = display.map(|d| ("display", d)).into_iter().collect();
    let id = b.el("math", &attrs, |b| {
        b.el("semantics", &[], |b| {
            b.el("mi", &[], |b| {
                b.text("x");
            });
            b.el("annotation", &[("encoding", "application/x-tex")], |b| {
                b.text("x");
            });
        });
    });
    let _ = id;
}

fn set_math_ns(a: &mut crate::Snapshot) {
    for n in &mut a.nodes {
        if matches!(n.tag.as_str(), "math" | "semantics" | "mi" | "annotation") {
            n.ns = Namespace::Math;
        }
    }
}

#[test]
fn math_mathml_katex_and_tex_scripts() {
    let mut b = Builder::new();
    b.el("html", &[], |b| {
        b.el("body", &[], |b| {
            b.el("p", &[], |b| {
                b.text("Inline ");
                b.el("span", &[("class", "katex")], |b| {
                    b.el("span", &[("class", "katex-mathml")], |b| mathml(b, None));
                    b.el(
                        "span",
                        &[("class", "katex-html"), ("aria-hidden", "true")],
                        |b| {
                            b.text("x");
                        },
                    );
                });
                b.text(" here.");
            });
            b.el("span", &[("class", "katex-display")], |b| {
                b.el("span", &[("class", "katex")], |b| {
                    b.el("span", &[("class", "katex-mathml")], |b| {
                        mathml(b, Some("block"))
                    });
                });
            });
            b.el("script", &[("type", "math/tex; mode=display")], |b| {
                b.text("\\frac{1}{2}");
            });
        });
    });
    let mut snap = b.finish();
    set_math_ns(&mut snap);
    let body = snap.find_tag("body").unwrap();
    let sel = crate::extract::Selection {
        roots: vec![body],
        drop: Default::default(),
        confidence: 1.0,
        thread: crate::classify::page_type::declares_discussion(&snap),
    };
    let a = assemble_all(&snap, &sel);
    assert_eq!(a.blocks.len(), 3, "{:?}", a.blocks);
    assert!(matches!(&a.blocks[1], Block::Math { mathml } if mathml.contains("display=\"block\"")));
    assert_eq!(
        to_markdown(&a),
        "Inline $x$ here.\n\n$$\nx\n$$\n\n$$\n\\frac{1}{2}\n$$\n"
    );
    assert_eq!(violations(&to_html(&a)), Vec::<String>::new());
}

#[test]
fn footnotes_keep_links_and_targets() {
    let a = article(|b| {
        b.el("p", &[], |b| {
            b.text("Claim");
            b.el("sup", &[("id", "ref1")], |b| {
                b.el("a", &[("href", "#fn1")], |b| {
                    b.text("1");
                });
            });
            b.text(".");
        });
        b.el("ol", &[("class", "footnotes")], |b| {
            b.el("li", &[("id", "fn1")], |b| {
                b.el("p", &[], |b| {
                    b.text("Source. ");
                    b.el("a", &[("href", "#ref1")], |b| {
                        b.text("↩");
                    });
                });
            });
        });
    });
    let html = to_html(&a);
    assert!(
        html.contains("<p>Claim<span id=\"ref1\"></span><sup><a href=\"#fn1\">1</a></sup>.</p>"),
        "{html}"
    );
    assert!(
        html.contains("<li><span id=\"fn1\"></span>Source. <a href=\"#ref1\">↩</a></li>"),
        "{html}"
    );
}

#[test]
fn hidden_nodes_dropped_sr_only_kept() {
    let a = article(|b| {
        b.el("p", &[], |b| {
            b.text("Visible");
            b.el("span", &[("hidden", "")], |b| {
                b.text("HIDDEN1");
            });
            b.el("span", &[("style", "color:red; DISPLAY : none")], |b| {
                b.text("HIDDEN2");
            });
            b.el("span", &[("aria-hidden", "true")], |b| {
                b.text("ICON");
            });
            b.el("span", &[("class", "sr-only")], |b| {
                b.text(" for screen readers");
            });
        });
        b.el("div", &[("aria-hidden", "true")], |b| {
            p(b, "Real article under an overlay's aria-hidden.");
        });
        b.el("script", &[], |b| {
            b.text("var x;");
        });
    });
    let t = to_text(&a);
    assert_eq!(
        t,
        "Visible for screen readers\n\nReal article under an overlay's aria-hidden."
    );
    assert!(to_html(&a).contains("<span class=\"visually-hidden\"> for screen readers</span>"));
    // aria-hidden inline text is shown (for sighted readers) but never read: only the HTML has it.
    assert!(to_html(&a).contains("Visible<span aria-hidden=\"true\">ICON</span>"));
    assert!(!to_markdown(&a).contains("ICON"));
}

#[test]
fn closed_accordion_panel_of_prose_shown_tooltip_left_out() {
    let desc = "From the team behind the original stove comes our most advanced design yet, \
                with taller flames, a quick-start cone and a lifetime warranty on every part.";
    let a = article(|b| {
        b.el("button", &[("aria-expanded", "false")], |b| {
            b.text("Description");
        });
        b.el("div", &[("style", "overflow:hidden;display:none")], |b| {
            b.el("div", &[("role", "region")], |b| {
                b.text(desc);
            });
        });
        b.el("div", &[("class", "info-popover")], |b| {
            b.el("button", &[("aria-label", "Learn more")], |_| {});
            b.el("div", &[("style", "display:none")], |b| {
                p(
                    b,
                    "Products are sourced directly from brands or their authorized \
                     distributors and shipped from climate-controlled warehouses.",
                );
            });
        });
        // A heading is no control: the paragraph after it stays hidden.
        b.el("h2", &[], |b| {
            b.text("Secondary header");
        });
        b.el("p", &[("style", "display: none")], |b| {
            b.text(
                "Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam nonumy \
                 eirmod tempor invidunt ut labore et dolore magna aliquyam erat, sed diam.",
            );
        });
    });
    let t = to_text(&a);
    assert!(t.contains("quick-start cone"), "{t}");
    assert!(!t.contains("climate-controlled"), "{t}");
    assert!(!t.contains("Lorem"), "{t}");
}

#[test]
fn an_accordion_heading_button_is_read_other_buttons_are_not() {
    // WAI-ARIA accordion: the heading's only text is its toggle button (shop product tabs,
    // FAQ questions); a button beside a heading's own text is a control.
    let a = article(|b| {
        b.el("h3", &[], |b| {
            b.el("button", &[("aria-expanded", "false")], |b| {
                b.text("Specifications");
            });
        });
        p(b, "Weight 1.2 kg, steel frame, 24 months warranty.");
        b.el("button", &[], |b| {
            b.text("Add to cart");
        });
        b.el("h2", &[], |b| {
            b.text("Crate tokio");
            b.el("button", &[], |b| {
                b.text("Copy item path");
            });
        });
    });
    let t = to_text(&a);
    assert!(t.contains("Specifications"), "{t}");
    assert!(!t.contains("Add to cart"), "{t}");
    assert!(!t.contains("Copy item path"), "{t}");
}

#[test]
fn popover_and_hidden_left_out_until_found_shown() {
    // The builder's closed-markup test is the noise stage's (`rules::closed_markup`).
    let a = article(|b| {
        p(b, "The thread's first post, which the reader keeps.");
        b.el("div", &[("popover", ""), ("id", "install-help")], |b| {
            p(
                b,
                "To install this app, tap the Share icon and Add to Home Screen.",
            );
        });
        b.el("div", &[("hidden", "")], |b| {
            p(b, "A template the page's script fills in later.");
        });
        b.el("section", &[("hidden", "until-found")], |b| {
            p(b, "A collapsed section that find-in-page opens.");
        });
    });
    let t = to_text(&a);
    assert!(t.contains("first post"), "{t}");
    assert!(!t.contains("Add to Home Screen"), "{t}");
    assert!(!t.contains("template"), "{t}");
    assert!(t.contains("collapsed section"), "{t}");
}

#[test]
fn aria_hidden_twin_shown_not_read_and_icons_left_out() {
    let a = article(|b| {
        b.el("p", &[], |b| {
            b.text("Leaves at ");
            b.el("span", &[("class", "visually-hidden")], |b| {
                b.text("seven forty-five");
            });
            b.el("span", &[("aria-hidden", "true")], |b| {
                b.text("7:45");
            });
            b.text(" daily.");
            b.el("a", &[("href", "/share")], |b| {
                b.el("span", &[("aria-hidden", "true")], |b| {
                    b.el("img", &[("src", "/icon.png"), ("alt", "")], |_| {});
                });
                b.el("span", &[("class", "sr-only")], |b| {
                    b.text("Share");
                });
            });
        });
    });
    let Some(Block::Paragraph { content }) = a.blocks.first() else {
        panic!("{:?}", a.blocks)
    };
    assert!(content.contains(&Inline::VisualOnly {
        content: vec![text("7:45")]
    }));
    // The icon image under aria-hidden is neither shown nor read.
    assert!(!to_html(&a).contains("icon.png"), "{}", to_html(&a));
    assert_eq!(to_text(&a), "Leaves at seven forty-five daily.Share");
}

#[test]
fn invisible_layout_dropped() {
    let mut b = Builder::new();
    b.el("html", &[], |b| {
        b.el("body", &[], |b| {
            p(b, "Shown");
            p(b, "Not shown");
        });
    });
    let mut snap = b.finish();
    let last_p = snap
        .descendants(NodeId::ROOT)
        .filter(|&d| snap.node(d).is("p"))
        .last()
        .unwrap();
    snap.nodes[last_p.index()].layout = Some(crate::Layout {
        display: "none".into(),
        opacity: 1.0,
        ..Default::default()
    });
    let cx = Context {
        snap: &snap,
        visibility: &crate::snapshot::visibility::Visibility::of(&snap),
        drop: &[],
        base: None,
        lang: None,
        dir: None,
    };
    let body = snap.find_tag("body").unwrap();
    assert_eq!(
        blocks(&cx, &[body]),
        vec![Block::Paragraph {
            content: vec![text("Shown")]
        }]
    );
}

#[test]
fn engine_drop_is_honoured_and_words_never_glue() {
    let mut b = Builder::new();
    let mut ad = NodeId(0);
    b.el("body", &[], |b| {
        b.el("div", &[], |b| {
            b.text("First");
            b.el("div", &[], |b| {
                b.text("Second");
            });
            b.text("Third");
            b.el("span", &[], |b| {
                b.text("Fourth");
            });
        });
        ad = b.el("div", &[], |b| {
            b.text("AD");
        });
        b.el("h3", &[], |b| {
            b.el("div", &[], |b| {
                b.text("Kicker");
            });
            b.el("div", &[], |b| {
                b.text("Head");
            });
        });
        b.el("div", &[], |b| {
            b.text("line one");
            b.el("br", &[], |_| {});
            b.el("br", &[], |_| {});
            b.text("line two");
        });
    });
    let snap = b.finish();
    let mut drop = vec![false; snap.len()];
    drop[ad.index()] = true;
    let cx = Context {
        snap: &snap,
        visibility: &crate::snapshot::visibility::Visibility::of(&snap),
        drop: &drop,
        base: None,
        lang: None,
        dir: None,
    };
    let body = snap.find_tag("body").unwrap();
    let a = Article {
        blocks: blocks(&cx, &[body]),
        ..Default::default()
    };
    assert_eq!(
        to_text(&a),
        "First\n\nSecond\n\nThirdFourth\n\nKicker\nHead\n\nline one\n\nline two"
    );
}

#[test]
fn direction_and_language_changes_are_marked() {
    let mut b = Builder::new();
    b.el("html", &[("lang", "en"), ("dir", "ltr")], |b| {
        b.el("body", &[], |b| {
            b.el("p", &[], |b| {
                b.text("The word ");
                b.el("span", &[("lang", "he"), ("dir", "rtl")], |b| {
                    b.text("שלום");
                });
                b.text(" means peace.");
            });
            b.el("blockquote", &[("lang", "ar"), ("dir", "rtl")], |b| {
                p(b, "مرحبا بالعالم");
            });
            b.el("p", &[("lang", "en-GB")], |b| {
                b.text("Same language.");
            });
        });
    });
    let snap = b.finish();
    let body = snap.find_tag("body").unwrap();
    let sel = crate::extract::Selection {
        roots: vec![body],
        drop: Default::default(),
        confidence: 1.0,
        thread: crate::classify::page_type::declares_discussion(&snap),
    };
    let a = assemble_all(&snap, &sel);
    assert_eq!(a.lang.as_deref(), Some("en"));
    assert_eq!(a.dir.as_deref(), Some("ltr"));
    let html = to_html(&a);
    assert_eq!(
        html,
        "<article lang=\"en\" dir=\"ltr\"><p>The word <span lang=\"he\" dir=\"rtl\">שלום</span> means peace.</p><div lang=\"ar\" dir=\"rtl\"><blockquote><p>مرحبا بالعالم</p></blockquote></div><p>Same language.</p></article>"
    );
}

#[test]
fn title_heading_dropped_once() {
    let mut b = Builder::new();
    b.el("html", &[], |b| {
        b.el("head", &[], |b| {
            b.el("title", &[], |b| {
                b.text("The Story | Example News");
            });
            b.el(
                "meta",
                &[("property", "og:site_name"), ("content", "Example News")],
                |_| {},
            );
        });
        b.el("body", &[], |b| {
            b.el("h1", &[], |b| {
                b.text("The  Story");
            });
            p(b, "Body.");
            b.el("h2", &[], |b| {
                b.text("The Story");
            });
        });
    });
    let snap = b.finish();
    let body = snap.find_tag("body").unwrap();
    let sel = crate::extract::Selection {
        roots: vec![body],
        drop: Default::default(),
        confidence: 1.0,
        thread: crate::classify::page_type::declares_discussion(&snap),
    };
    let a = assemble_all(&snap, &sel);
    assert_eq!(a.title.as_deref(), Some("The Story"));
    assert_eq!(to_markdown(&a), "Body.\n\n## The Story\n");
}

#[test]
fn deep_nesting_is_bounded() {
    let mut b = Builder::new();
    fn nest(b: &mut Builder, n: usize) {
        if n == 0 {
            b.text("deep text");
            return;
        }
        b.el(if n % 2 == 0 { "div" } else { "span" }, &[], |b| {
            nest(b, n - 1)
        });
    }
    b.el("body", &[], |b| nest(b, 1000));
    let snap = b.finish();
    let body = snap.find_tag("body").unwrap();
    let blocks_out = blocks(
        &Context {
            snap: &snap,
            visibility: &crate::snapshot::visibility::Visibility::of(&snap),
            drop: &[],
            base: None,
            lang: None,
            dir: None,
        },
        &[body],
    );
    assert_eq!(
        blocks_out,
        vec![Block::Paragraph {
            content: vec![text("deep text")]
        }]
    );
}

#[test]
fn headings_inferred_from_typography_when_layout_shows_them() {
    let mut b = Builder::new();
    b.el("html", &[], |b| {
        b.el("body", &[], |b| {
            b.el("div", &[("class", "big")], |b| {
                b.text("Getting started");
            });
            p(
                b,
                "Body text of normal size, a sentence long enough to be prose.",
            );
            b.el("p", &[], |b| {
                b.el("strong", &[], |b| {
                    b.text("Ingredients");
                });
            });
            p(b, "Flour and water.");
            p(b, "A large lead sentence ends with a full stop.");
            p(b, "Just more body text.");
        });
    });
    let mut snap = b.finish();
    let sized = |size: f32| crate::Layout {
        display: "block".into(),
        visibility: "visible".into(),
        opacity: 1.0,
        width: 600.0,
        height: 20.0,
        font_size: size,
        font_weight: 400,
        ..Default::default()
    };
    let body = snap.find_tag("body").unwrap();
    let els: Vec<NodeId> = snap
        .descendants(body)
        .filter(|&d| snap.node(d).is("p") || snap.node(d).is("div"))
        .collect();
    let sizes = [32.0, 16.0, 16.0, 16.0, 22.0, 16.0];
    for (&e, size) in els.iter().zip(sizes) {
        snap.nodes[e.index()].layout = Some(sized(size));
    }
    let cx = Context {
        snap: &snap,
        visibility: &crate::snapshot::visibility::Visibility::of(&snap),
        drop: &[],
        base: None,
        lang: None,
        dir: None,
    };
    let got = blocks(&cx, &[body]);
    let levels: Vec<Option<u8>> = got
        .iter()
        .map(|b| match b {
            Block::Heading { level, .. } => Some(*level),
            _ => None,
        })
        .collect();
    assert_eq!(
        levels,
        [Some(2), None, Some(4), None, None, None],
        "{got:?}"
    );
    // Without layout nothing is inferred.
    let plain_snap = {
        let mut s = snap.clone();
        s.nodes.iter_mut().for_each(|n| n.layout = None);
        s
    };
    let cx = Context {
        snap: &plain_snap,
        visibility: &crate::snapshot::visibility::Visibility::of(&plain_snap),
        ..cx
    };
    assert!(!blocks(&cx, &[body])
        .iter()
        .any(|b| matches!(b, Block::Heading { .. })));
}

#[test]
fn a_wrapper_waiting_for_its_reveal_script_is_built() {
    // Most of the page sits in an inline `display: none` wrapper a script will show; a small
    // hidden notice beside it stays out.
    let a = article(|b| {
        b.el("div", &[("style", "display:none")], |b| {
            p(b, "Access denied.");
        });
        b.el("div", &[("style", "display: none;")], |b| {
            p(b, "Dark Roast Coffee, whole bean, twelve ounces, $19.99.");
            p(b, "Medium Roast Coffee, ground, twelve ounces, $19.99.");
        });
    });
    assert_eq!(
        to_text(&a),
        "Dark Roast Coffee, whole bean, twelve ounces, $19.99.\n\nMedium Roast Coffee, ground, twelve ounces, $19.99."
    );
}

/// A thread whose second post quotes a line of the first inside its own paragraph.
fn thread(ld_type: &str) -> Article {
    article(|b| {
        b.el("script", &[("type", "application/ld+json")], |b| {
            b.text(&format!(r#"{{"@type":"{ld_type}"}}"#));
        });
        p(b, "Has anyone got the new driver working on a laptop?");
        b.el("p", &[], |b| {
            b.text("Has anyone got the new driver working on a laptop?");
            b.el("br", &[], |_| {});
            b.text("Yes, it works after a reboot.");
        });
    })
}

#[test]
fn a_thread_prints_a_quoted_line_once() {
    let a = thread("DiscussionForumPosting");
    let t = to_text(&a);
    assert_eq!(t.matches("Has anyone got").count(), 1, "{t}");
    assert!(t.contains("Yes, it works after a reboot."), "{t}");
    // A page that does not declare a discussion may repeat a line on purpose.
    let t = to_text(&thread("NewsArticle"));
    assert_eq!(t.matches("Has anyone got").count(), 2, "{t}");
}

/// A thread whose posts carry a counter, a like count and a quote's toggle.
fn thread_with_furniture(ld_type: &str) -> Article {
    article(|b| {
        b.el("script", &[("type", "application/ld+json")], |b| {
            b.text(&format!(r#"{{"@type":"{ld_type}"}}"#));
        });
        b.el("ul", &[], |b| {
            b.el("li", &[], |b| {
                b.el("a", &[("href", "/posts/1")], |b| {
                    b.text("#1");
                });
            });
        });
        p(b, "Has anyone got the new driver working on a laptop?");
        p(b, "3 Likes");
        p(b, "1,204 posts ·");
        b.el("blockquote", &[], |b| {
            p(b, "The new driver needs a reboot.");
            p(b, "Click to expand...");
        });
        p(b, "Yes, it works after a reboot.");
    })
}

#[test]
fn a_thread_leaves_out_its_posts_furniture() {
    let t = to_text(&thread_with_furniture("DiscussionForumPosting"));
    for furniture in ["#1", "3 Likes", "1,204 posts", "Click to expand"] {
        assert!(!t.contains(furniture), "{furniture}: {t}");
    }
    assert!(
        t.contains("needs a reboot") && t.contains("it works"),
        "{t}"
    );
    // Off a thread a "#1" is a rank and "3 Likes" may be a title: kept.
    let t = to_text(&thread_with_furniture("ItemList"));
    assert!(t.contains("#1") && t.contains("3 Likes"), "{t}");
}
