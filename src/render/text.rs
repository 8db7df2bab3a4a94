use crate::article::{Article, Block, Inline};

/// Plain text: blocks separated by blank lines.
pub fn to_text(article: &Article) -> String {
    let mut out = String::new();
    for b in &article.blocks {
        if let Block::Paragraph { content } = b {
            for i in content {
                if let Inline::Text { text } = i {
                    out.push_str(text);
                }
            }
            out.push_str("\n\n");
        }
    }
    out.trim_end().to_string()
}
