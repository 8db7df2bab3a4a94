use crate::article::math::plain as math_plain;
use crate::article::{Article, Block, Cell, Inline};

/// Plain text: a blank line between blocks, list items one per line (nested ones indented),
/// table rows on lines with tab-separated cells, code verbatim. Words from different blocks are
/// never glued together.
pub fn to_text(article: &Article) -> String {
    let mut out = String::new();
    blocks(&article.blocks, "", &mut out);
    out.trim_end().to_string()
}

fn blocks(bs: &[Block], indent: &str, out: &mut String) {
    for b in bs {
        let start = out.len();
        block(b, indent, out);
        if out.len() > start && !out.ends_with("\n\n") {
            out.push_str(if out.ends_with('\n') { "\n" } else { "\n\n" });
        }
    }
}

fn block(b: &Block, indent: &str, out: &mut String) {
    match b {
        Block::Heading { content, .. } | Block::Paragraph { content } => {
            line(indent, &inline_text(content), out);
        }
        Block::List { items, .. } => {
            for item in items {
                list_item(item, indent, out);
            }
        }
        Block::Quote { content } | Block::Group { content, .. } => {
            let mut inner = String::new();
            blocks(content, indent, &mut inner);
            out.push_str(inner.trim_end());
        }
        Block::Code { text, .. } => out.push_str(text),
        Block::Figure { caption, .. } => line(indent, &inline_text(caption), out),
        Block::Table { caption, rows } => table(caption, rows, indent, out),
        Block::Math { mathml } => line(indent, &math_plain(mathml), out),
        // A player is not text (and the plain text is what extraction is measured on).
        Block::Rule | Block::Embed { .. } => {}
    }
}

/// An item on its own line(s); its nested blocks follow, indented, without blank lines.
fn list_item(item: &[Block], indent: &str, out: &mut String) {
    let deeper = format!("{indent}  ");
    for (i, b) in item.iter().enumerate() {
        let mut part = String::new();
        let ind = if i == 0 { indent } else { deeper.as_str() };
        match b {
            Block::List { items, .. } => items
                .iter()
                .for_each(|it| list_item(it, &deeper, &mut part)),
            other => block(other, ind, &mut part),
        }
        let part = part.trim_end();
        if !part.is_empty() {
            out.push_str(part);
            out.push('\n');
        }
    }
}

fn table(caption: &[Inline], rows: &[Vec<Cell>], indent: &str, out: &mut String) {
    let cap = inline_text(caption);
    if !cap.is_empty() {
        line(indent, &cap, out);
        out.push('\n');
    }
    for r in rows {
        let cells: Vec<String> = r
            .iter()
            .map(|c| inline_text(&c.content).replace('\n', " "))
            .collect();
        out.push_str(indent);
        out.push_str(&cells.join("\t"));
        out.push('\n');
    }
}

fn line(indent: &str, text: &str, out: &mut String) {
    let lines: Vec<String> = text.lines().map(|l| format!("{indent}{l}")).collect();
    out.push_str(&lines.join("\n"));
}

/// Text of a run; breaks become newlines.
pub(crate) fn inline_text(inlines: &[Inline]) -> String {
    let mut s = String::new();
    push_inlines(inlines, &mut s);
    s.trim().to_string()
}

fn push_inlines(inlines: &[Inline], s: &mut String) {
    for i in inlines {
        match i {
            Inline::Text { text } | Inline::Code { text } => s.push_str(text),
            Inline::Link { content, .. }
            | Inline::Emphasis { content }
            | Inline::Strong { content }
            | Inline::Sup { content }
            | Inline::Sub { content }
            | Inline::VisuallyHidden { content }
            | Inline::Span { content, .. } => push_inlines(content, s),
            Inline::Math { mathml } => s.push_str(&math_plain(mathml)),
            Inline::Break => s.push('\n'),
            Inline::Image { .. } | Inline::Anchor { .. } | Inline::VisualOnly { .. } => {}
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn p(t: &str) -> Block {
        Block::Paragraph {
            content: vec![Inline::Text { text: t.into() }],
        }
    }

    #[test]
    fn blocks_lists_and_tables_never_glue() {
        let cell = |t: &str| Cell {
            header: false,
            colspan: 1,
            rowspan: 1,
            content: vec![Inline::Text { text: t.into() }],
        };
        let a = Article {
            blocks: vec![
                p("One"),
                Block::List {
                    ordered: false,
                    items: vec![
                        vec![p("a")],
                        vec![
                            p("b"),
                            Block::List {
                                ordered: true,
                                items: vec![vec![p("c")]],
                            },
                        ],
                    ],
                },
                Block::Table {
                    caption: vec![],
                    rows: vec![vec![cell("x"), cell("y")]],
                },
                Block::Code {
                    lang: None,
                    text: "  fn x() {}\n\tdone".into(),
                },
            ],
            ..Default::default()
        };
        assert_eq!(
            to_text(&a),
            "One\n\na\nb\n  c\n\nx\ty\n\n  fn x() {}\n\tdone"
        );
    }
}
