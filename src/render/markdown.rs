//! CommonMark with GFM tables. Text is escaped so page content never turns into markup;
//! sub/sup, anchors and MathML without a TeX source use the inline HTML CommonMark allows.

use super::html::{safe_href, safe_image_src};
use super::Outline;
use crate::article::markup::escape as html_escape;
use crate::article::math;
use crate::article::{Article, Block, Cell, Image, Inline};

/// Renders the article as Markdown (headings from `##`, see [`Outline`]).
pub fn to_markdown(article: &Article) -> String {
    let mut outline = Outline::default();
    let mut out = String::new();
    blocks(&article.blocks, &mut outline, &mut out);
    let mut s = out.trim_end().to_string();
    s.push('\n');
    s
}

fn blocks(bs: &[Block], outline: &mut Outline, out: &mut String) {
    for b in bs {
        let s = block(b, outline);
        if !s.is_empty() {
            out.push_str(&s);
            out.push_str("\n\n");
        }
    }
}

fn block(b: &Block, outline: &mut Outline) -> String {
    match b {
        Block::Heading { level, content } => {
            let l = outline.level(*level) as usize;
            format!("{} {}", "#".repeat(l), inlines(content).replace('\n', " "))
        }
        Block::Paragraph { content } => escape_line_starts(&inlines(content)),
        Block::List { ordered, items } => list(*ordered, items, outline),
        Block::Quote { content } => {
            let mut inner = String::new();
            blocks(content, outline, &mut inner);
            prefix_lines(inner.trim_end(), "> ", ">")
        }
        Block::Group { content, .. } => {
            let mut inner = String::new();
            blocks(content, outline, &mut inner);
            inner.trim_end().to_string()
        }
        Block::Code { lang, text } => {
            let fence = "`".repeat(longest_run(text, '`').max(2) + 1);
            format!("{fence}{}\n{text}\n{fence}", lang.as_deref().unwrap_or(""))
        }
        Block::Figure { image, caption } => {
            let img = image_md(image);
            if caption.is_empty() {
                img
            } else {
                format!("{img}\n\n{}", escape_line_starts(&inlines(caption)))
            }
        }
        Block::Table { caption, rows } => table(caption, rows),
        Block::Math { mathml } => match math::tex(mathml) {
            Some(t) => format!("$$\n{t}\n$$"),
            None => math::sanitize(mathml),
        },
        Block::Rule => "---".into(),
        Block::Embed {
            provider,
            title,
            url,
            ..
        } => {
            let label = escape(title.as_deref().unwrap_or("Video"));
            match safe_href(url) {
                Some(h) => {
                    escape_line_starts(&format!("[{label} ({provider})]({})", link_dest(&h)))
                }
                None => String::new(),
            }
        }
    }
}

fn list(ordered: bool, items: &[Vec<Block>], outline: &mut Outline) -> String {
    let mut out = Vec::new();
    for (n, item) in items.iter().enumerate() {
        let marker = if ordered {
            format!("{}. ", n + 1)
        } else {
            "- ".into()
        };
        let pad = " ".repeat(marker.len());
        let mut body = String::new();
        // Tight items: consecutive paragraphs/lists separated by one newline.
        for (i, b) in item.iter().enumerate() {
            let s = block(b, outline);
            if s.is_empty() {
                continue;
            }
            if i > 0 {
                body.push_str(if matches!(b, Block::List { .. }) {
                    "\n"
                } else {
                    "\n\n"
                });
            }
            body.push_str(&s);
        }
        let mut lines = body.lines();
        let first = lines.next().unwrap_or("");
        let mut s = format!("{marker}{first}");
        for l in lines {
            s.push('\n');
            if !l.is_empty() {
                s.push_str(&pad);
                s.push_str(l);
            }
        }
        out.push(s);
    }
    out.join("\n")
}

fn table(caption: &[Inline], rows: &[Vec<Cell>]) -> String {
    let width = rows
        .iter()
        .map(|r| r.iter().map(|c| c.colspan as usize).sum::<usize>())
        .max()
        .unwrap_or(0)
        .max(1);
    let render_row = |r: &[Cell]| {
        let mut cells: Vec<String> = Vec::new();
        for c in r {
            cells.push(inlines(&c.content).replace('\n', "<br>"));
            // GFM has no spans: a spanned cell is followed by empty ones.
            cells.extend((1..c.colspan as usize).map(|_| String::new()));
        }
        cells.resize(width, String::new());
        format!("| {} |", cells.join(" | "))
    };
    let mut out = Vec::new();
    let cap = inlines(caption);
    if !cap.is_empty() {
        out.push(format!("{}\n", escape_line_starts(&cap)));
    }
    let (head, body) = match rows.split_first() {
        Some((h, b)) if h.iter().all(|c| c.header) => (render_row(h), b),
        _ => (format!("|{}", " |".repeat(width)), rows),
    };
    out.push(head);
    out.push(format!("|{}", " --- |".repeat(width)));
    out.extend(body.iter().map(|r| render_row(r)));
    out.join("\n")
}

fn inlines(is: &[Inline]) -> String {
    let mut s = String::new();
    for i in is {
        inline(i, &mut s);
    }
    s
}

fn inline(i: &Inline, s: &mut String) {
    match i {
        Inline::Text { text } => s.push_str(&escape(text)),
        Inline::Link { href, content } => {
            let text = inlines(content);
            match safe_href(href) {
                Some(h) => s.push_str(&format!("[{text}]({})", link_dest(&h))),
                None => s.push_str(&text),
            }
        }
        Inline::Emphasis { content } => delimit(s, "*", &inlines(content)),
        Inline::Strong { content } => delimit(s, "**", &inlines(content)),
        Inline::Sup { content } => s.push_str(&format!("<sup>{}</sup>", inlines(content))),
        Inline::Sub { content } => s.push_str(&format!("<sub>{}</sub>", inlines(content))),
        Inline::Code { text } => {
            let ticks = "`".repeat(longest_run(text, '`') + 1);
            let pad = if text.starts_with('`') || text.ends_with('`') {
                " "
            } else {
                ""
            };
            s.push_str(&format!("{ticks}{pad}{text}{pad}{ticks}"));
        }
        Inline::Image { image } => s.push_str(&image_md(image)),
        Inline::Math { mathml } => match math::tex(mathml) {
            Some(t) => s.push_str(&format!("${t}$")),
            None => s.push_str(&math::sanitize(mathml)),
        },
        Inline::Break => s.push_str("\\\n"),
        Inline::Anchor { id } => s.push_str(&format!("<a id=\"{}\"></a>", html_escape(id))),
        Inline::VisuallyHidden { content } | Inline::Span { content, .. } => {
            s.push_str(&inlines(content));
        }
        // Markdown gives what assistive technology reads; the visually hidden twin is there.
        Inline::VisualOnly { .. } => {}
    }
}

/// Emphasis delimiters must touch non-space text: move edge spaces outside.
fn delimit(s: &mut String, d: &str, text: &str) {
    let t = text.trim();
    if t.is_empty() {
        s.push_str(text);
        return;
    }
    let lead = &text[..text.len() - text.trim_start().len()];
    let trail = &text[text.trim_end().len()..];
    s.push_str(&format!("{lead}{d}{t}{d}{trail}"));
}

fn image_md(image: &Image) -> String {
    match safe_image_src(&image.src) {
        Some(src) => format!("![{}]({})", escape(&image.alt), link_dest(&src)),
        None => String::new(),
    }
}

/// A link destination; `<...>` form when it has spaces or parentheses.
fn link_dest(u: &str) -> String {
    if u.contains([' ', '(', ')', '<', '>']) {
        format!("<{}>", u.replace('<', "%3C").replace('>', "%3E"))
    } else {
        u.to_string()
    }
}

/// Escapes characters that CommonMark would read as inline markup.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '!' | '|' | '~' | '$'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Escapes what would start a block at the beginning of a line: `#`, `>`, `-`/`+`/`=` runs and
/// `1.` / `1)` list markers.
fn escape_line_starts(s: &str) -> String {
    s.split('\n')
        .map(|l| {
            let t = l.trim_start();
            let lead = &l[..l.len() - t.len()];
            let digits = t.chars().take_while(char::is_ascii_digit).count();
            let marker = t.starts_with(['#', '>', '-', '+', '='])
                || (digits > 0 && t[digits..].starts_with(['.', ')']));
            if !marker {
                return l.to_string();
            }
            if digits > 0 {
                format!("{lead}{}\\{}", &t[..digits], &t[digits..])
            } else {
                format!("{lead}\\{t}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn prefix_lines(s: &str, prefix: &str, empty: &str) -> String {
    s.lines()
        .map(|l| {
            if l.is_empty() {
                empty.to_string()
            } else {
                format!("{prefix}{l}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn longest_run(s: &str, ch: char) -> usize {
    let (mut best, mut cur) = (0, 0);
    for c in s.chars() {
        cur = if c == ch { cur + 1 } else { 0 };
        best = best.max(cur);
    }
    best
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
#[path = "markdown_tests.rs"]
mod tests;
