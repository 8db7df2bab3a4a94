//! Hostile and huge pages, generated at run time (nothing big is committed). Shared by
//! `tests/hostile.rs` (asserts the outcome and a heap bound) and `examples/hostile_bench.rs`
//! (reports time and peak memory per case for docs/ROBUSTNESS.md).

use lectern::{Error, Limits, Options};

/// The input of one case: a string (as `extractHtml` gets it) or raw bytes (as the CLI reads files).
pub enum Input {
    Str(String),
    Bytes(Vec<u8>),
}

impl Input {
    pub fn len(&self) -> usize {
        match self {
            Input::Str(s) => s.len(),
            Input::Bytes(b) => b.len(),
        }
    }
}

/// What a case must end in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Expect {
    /// An article whose text contains this phrase.
    Article(&'static str),
    /// `Ok(None)`: nothing readable, and that is the right answer.
    NoArticle,
    /// Either of the above; the page is degenerate and both are acceptable.
    Degraded,
    /// A typed error of this kind.
    Error(ErrorKind),
}

/// The error variants a hostile case may legitimately end in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ErrorKind {
    InputTooLarge,
    NotADocument,
}

impl ErrorKind {
    pub fn matches(self, e: &Error) -> bool {
        match self {
            ErrorKind::InputTooLarge => matches!(e, Error::InputTooLarge { .. }),
            ErrorKind::NotADocument => matches!(e, Error::NotADocument(_)),
        }
    }
}

pub struct Case {
    pub name: &'static str,
    /// Generates the input (lazily, so one case's memory figure is not another's input).
    pub input: Box<dyn Fn() -> Input>,
    pub options: Options,
    pub expect: Expect,
}

/// Words that read like prose, so the extractor has something to keep.
pub const PROSE: &str =
    "The committee met on Tuesday to discuss the harbour plan, and after a long \
    debate the members agreed that the old pier should be repaired before winter storms arrive.";

const MIB: usize = 1024 * 1024;

/// A small, well-formed article page with the usual furniture around it.
pub fn article_page(body_extra: &str) -> String {
    format!(
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>Harbour plan</title>\
         <script>var x = '<p>not text</p>';</script><style>p {{ color: red }}</style></head><body>\
         <nav><a href=/>Home</a> <a href=/news>News</a></nav>\
         <article><h1>Harbour plan approved</h1><p>{PROSE}</p><p>{PROSE} <a href=/more>More</a>.</p>\
         <!-- a comment --><table><tr><th>Year</th><td>2024</td></tr></table>\
         <p>Final words &amp; entities &eacute;t&eacute; &#x1F600;.</p>{body_extra}</article>\
         <footer>Copyright</footer></body></html>"
    )
}

fn default_opts() -> Options {
    Options::default()
}

/// Limits raised so a deliberately huge page is processed rather than refused, and no time
/// budget so the outcome does not depend on the machine (the hang bound is the test's own).
fn unbounded(max_input_bytes: usize) -> Options {
    Options {
        limits: Limits {
            max_input_bytes,
            time_budget_ms: 0,
            ..Limits::default()
        },
        ..Options::default()
    }
}

fn no_time_budget() -> Options {
    unbounded(Limits::default().max_input_bytes)
}

fn utf16(s: &str, big_endian: bool) -> Vec<u8> {
    s.encode_utf16()
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect()
}

/// `n` paragraphs of prose in a plain page: 2 nodes each (element + text).
fn many_paragraphs(n: usize) -> String {
    let mut s = String::with_capacity(n * 40);
    s.push_str("<!doctype html><title>Many</title><article>");
    for i in 0..n {
        s.push_str(&format!("<p>Paragraph {i} of the long page.</p>"));
    }
    s.push_str("</article>");
    s
}

/// Pads an article page with prose paragraphs until it is `bytes` long.
fn huge_page(bytes: usize) -> String {
    let para = format!("<p>{PROSE}</p>\n");
    let mut s = article_page("");
    s.truncate(s.len() - "</article><footer>Copyright</footer></body></html>".len());
    while s.len() < bytes {
        s.push_str(&para);
    }
    s.push_str("</article></body></html>");
    s
}

fn nested(open: &str, close: &str, depth: usize, inner: &str) -> String {
    format!("{}{inner}{}", open.repeat(depth), close.repeat(depth))
}

/// Every case, in the order docs/ROBUSTNESS.md lists them.
pub fn all() -> Vec<Case> {
    let mut cases = vec![
        Case {
            name: "200,000 nodes",
            input: Box::new(move || Input::Str(many_paragraphs(100_000))),
            options: no_time_budget(),
            expect: Expect::Article("Paragraph 99999 of the long page."),
        },
        Case {
            name: "400,000 nodes (over maxNodes)",
            input: Box::new(move || Input::Str(many_paragraphs(200_000))),
            options: no_time_budget(),
            expect: Expect::Article("Paragraph 0 of the long page."),
        },
        Case {
            name: "50 MB, default limits",
            input: Box::new(move || Input::Str(huge_page(50 * MIB))),
            options: default_opts(),
            expect: Expect::Error(ErrorKind::InputTooLarge),
        },
        Case {
            name: "50 MB, maxInputBytes raised",
            input: Box::new(move || Input::Str(huge_page(50 * MIB))),
            options: unbounded(64 * MIB),
            expect: Expect::Article("Harbour plan approved"),
        },
        Case {
            name: "20,000-deep <div>",
            input: Box::new(move || Input::Str(nested("<div>", "</div>", 20_000, PROSE))),
            options: no_time_budget(),
            expect: Expect::Article("the old pier should be repaired"),
        },
        Case {
            name: "20,000-deep mixed inline/block",
            input: Box::new(move || {
                Input::Str(nested(
                    "<div><span><b><i><section>",
                    "</section></i></b></span></div>",
                    4_000,
                    PROSE,
                ))
            }),
            options: no_time_budget(),
            expect: Expect::Article("the old pier should be repaired"),
        },
        Case {
            name: "20,000 unclosed <li><ul>",
            input: Box::new(move || {
                Input::Str(format!("<p>{PROSE}</p>{}", "<ul><li>x".repeat(20_000)))
            }),
            options: no_time_budget(),
            expect: Expect::Degraded,
        },
        // The wall repeats four distinct words: a block of at most three distinct words
        // repeated is a marquee strip by rule (`stages::marquee`), which the next case covers.
        Case {
            name: "10 MB single text node",
            input: Box::new(move || {
                Input::Str(format!(
                    "<!doctype html><title>Wall</title><article><p>{}</p></article>",
                    "a long quiet wall ".repeat(10 * MIB / 18)
                ))
            }),
            options: no_time_budget(),
            expect: Expect::Article("a long quiet wall a long quiet wall"),
        },
        Case {
            name: "10 MB of one repeated word",
            input: Box::new(move || {
                Input::Str(format!(
                    "<!doctype html><title>Wall</title><article><p>{}</p></article>",
                    "word ".repeat(2 * MIB)
                ))
            }),
            options: no_time_budget(),
            expect: Expect::NoArticle,
        },
        Case {
            name: "10 MB text node, maxTextBytes 1 MiB",
            input: Box::new(move || {
                Input::Str(format!(
                    "<!doctype html><title>Wall</title><article><p>{}</p></article>",
                    "a long quiet wall ".repeat(10 * MIB / 18)
                ))
            }),
            options: Options {
                limits: Limits {
                    max_text_bytes: MIB,
                    time_budget_ms: 0,
                    ..Limits::default()
                },
                ..Options::default()
            },
            expect: Expect::Article("a long quiet wall a long quiet wall"),
        },
        Case {
            name: "invalid UTF-8 bytes",
            input: Box::new(move || {
                Input::Bytes({
                    let mut b = article_page("<p>Bad bytes: \u{0}</p>").into_bytes();
                    let at = b.len() / 2;
                    b.splice(
                        at..at,
                        [0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82, 0x80, 0xf0, 0x28],
                    );
                    b
                })
            }),
            options: default_opts(),
            expect: Expect::Article("Harbour plan approved"),
        },
        Case {
            name: "UTF-8 page declaring windows-1252",
            input: Box::new(move || {
                Input::Bytes(
                    article_page("<p>Grüße aus Köln, 東京.</p>")
                        .replace("charset=utf-8", "charset=windows-1252")
                        .into_bytes(),
                )
            }),
            options: default_opts(),
            expect: Expect::Article("GrÃ¼ÃŸe"),
        },
        Case {
            name: "windows-1252 page declaring UTF-8",
            input: Box::new(move || {
                Input::Bytes({
                    let mut b = article_page("<p>Caf\u{1} cr\u{2}me.</p>").into_bytes();
                    // Raw 1252 bytes where the page promised UTF-8: é, è.
                    for x in &mut b {
                        *x = match *x {
                            1 => 0xe9,
                            2 => 0xe8,
                            o => o,
                        };
                    }
                    b
                })
            }),
            options: default_opts(),
            expect: Expect::Article("Caf\u{fffd} cr\u{fffd}me."),
        },
        Case {
            name: "unknown charset label",
            input: Box::new(move || {
                Input::Bytes(
                    article_page("")
                        .replace("charset=utf-8", "charset=x-no-such-thing")
                        .into_bytes(),
                )
            }),
            options: default_opts(),
            expect: Expect::Article("Harbour plan approved"),
        },
        Case {
            name: "UTF-16LE without BOM",
            input: Box::new(move || {
                Input::Bytes(utf16(&article_page("<p>Ünïcödé 東京</p>"), false))
            }),
            options: default_opts(),
            expect: Expect::Article("Ünïcödé 東京"),
        },
        Case {
            name: "UTF-16BE without BOM",
            input: Box::new(move || {
                Input::Bytes(utf16(&article_page("<p>Ünïcödé 東京</p>"), true))
            }),
            options: default_opts(),
            expect: Expect::Article("Ünïcödé 東京"),
        },
        Case {
            name: "frameset",
            input: Box::new(move || {
                Input::Str(
                    "<!doctype html><html><head><title>Frames</title></head>\
                 <frameset cols='20%,80%'><frame src=menu.html><frame src=main.html>\
                 <noframes><body><p>Your browser does not support frames.</p></body></noframes>\
                 </frameset></html>"
                        .into(),
                )
            }),
            options: default_opts(),
            expect: Expect::NoArticle,
        },
        Case {
            name: "frameset after body content",
            input: Box::new(move || {
                Input::Str(format!(
                "<html><body><p>{PROSE}</p><frameset><frame src=a.html></frameset></body></html>"
            ))
            }),
            options: default_opts(),
            expect: Expect::Article("the old pier should be repaired"),
        },
        Case {
            name: "XHTML served as XML",
            input: Box::new(move || {
                Input::Str(format!(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html PUBLIC \
                 \"-//W3C//DTD XHTML 1.1//EN\" \"http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd\">\n\
                 <html xmlns=\"http://www.w3.org/1999/xhtml\" xml:lang=\"en\"><head><title>X</title>\
                 <script type=\"text/javascript\"><![CDATA[ if (a < b) alert(1); ]]></script></head>\
                 <body><div class=\"nav\"/><article><h1>Harbour plan approved</h1><p>{PROSE}</p>\
                 <p><![CDATA[raw <b>cdata</b>]]> and <br/> a break.</p><x:custom xmlns:x=\"urn:x\"/>\
                 <p>{PROSE}</p></article></body></html>"
            ))
            }),
            options: default_opts(),
            expect: Expect::Article("Harbour plan approved"),
        },
        Case {
            name: "SVG-only document",
            input: Box::new(move || {
                Input::Str(format!(
                "<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\
                 <title>Chart</title><script>alert(1)</script><foreignObject><p>{PROSE}</p></foreignObject>\
                 <text x=\"1\" y=\"1\">{PROSE}</text><a href=\"javascript:alert(1)\"><text>x</text></a></svg>"
            ))
            }),
            options: default_opts(),
            expect: Expect::Degraded,
        },
        Case {
            name: "empty string",
            input: Box::new(move || Input::Str(String::new())),
            options: default_opts(),
            expect: Expect::NoArticle,
        },
        Case {
            name: "empty bytes with BOM only",
            input: Box::new(move || Input::Bytes(b"\xef\xbb\xbf".to_vec())),
            options: default_opts(),
            expect: Expect::NoArticle,
        },
        Case {
            name: "doctype only",
            input: Box::new(move || Input::Str("<!doctype html>".into())),
            options: default_opts(),
            expect: Expect::NoArticle,
        },
        Case {
            name: "empty html/head/body",
            input: Box::new(move || {
                Input::Str("<html><head><title></title></head><body></body></html>".into())
            }),
            options: default_opts(),
            expect: Expect::NoArticle,
        },
        Case {
            name: "comments and scripts only",
            input: Box::new(move || {
                Input::Str(
                    "<!-- hi --><script>document.write('<p>text</p>')</script><style>*{}</style>"
                        .into(),
                )
            }),
            options: default_opts(),
            expect: Expect::NoArticle,
        },
        Case {
            name: "binary garbage",
            input: Box::new(move || Input::Bytes(noise(256 * 1024))),
            options: default_opts(),
            expect: Expect::Error(ErrorKind::NotADocument),
        },
    ];
    cases.extend(truncations());
    cases
}

/// A rich page cut at points that leave every kind of construct open.
fn truncations() -> Vec<Case> {
    let page = article_page(
        "<p title='unterminated attr value'>quoted</p><script>if (a<b) {}</script>\
         <textarea>raw</textarea><svg><text>t</text></svg><math><mi>x</mi></math>\
         <table><tr><td>cell &amp; more",
    );
    let cuts: &[(&'static str, &str)] = &[
        ("truncated inside a tag name", "<artic"),
        ("truncated inside an attribute value", "title='unterminated"),
        ("truncated inside an entity", "&eacu"),
        ("truncated inside a comment", "<!-- a com"),
        ("truncated inside a script", "if (a<b"),
        ("truncated inside a textarea", "<textarea>ra"),
        ("truncated inside svg", "<svg><te"),
        ("truncated inside a table cell", "cell &am"),
    ];
    cuts.iter()
        .map(|(name, marker)| {
            let at = page
                .find(marker)
                .map_or(page.len() / 2, |i| i + marker.len());
            Case {
                name,
                input: {
                    let text = page[..at].to_string();
                    Box::new(move || Input::Str(text.clone()))
                },
                options: default_opts(),
                expect: if at > page.find("</h1>").unwrap_or(usize::MAX) {
                    Expect::Article("Harbour plan approved")
                } else {
                    Expect::Degraded
                },
            }
        })
        .collect()
}

/// Deterministic pseudo-random bytes (xorshift).
pub fn noise(len: usize) -> Vec<u8> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// Runs one case the way a caller would and returns the rendered HTML and what a reader sees
/// as text — the title (which the header shows, so the body leaves out its heading) and the body.
pub fn run(case: &Case, input: &Input) -> Result<Option<(String, String)>, Error> {
    let article = match input {
        Input::Str(s) => lectern::extract_html(s, &case.options)?,
        Input::Bytes(b) => lectern::extract_bytes(b, &case.options)?,
    };
    Ok(article.map(|a| {
        let text = format!(
            "{}\n\n{}",
            a.title.as_deref().unwrap_or(""),
            lectern::to_text(&a)
        );
        (lectern::to_html(&a), text)
    }))
}
