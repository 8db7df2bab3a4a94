//! Allowlisted HTML, serialised from blocks (never from the page DOM): only known tags, no
//! scripts, styles, event handlers or `style` attributes; every text and attribute escaped.
//!
//! Output is one `<article>` fragment. The view adds the `<h1>` title above it; content headings
//! are `h2`–`h6` (see [`Outline`](super::Outline)).

use super::Outline;
use crate::article::markup::escape;
use crate::article::{embed, math, url};
use crate::article::{Article, Block, Cell, Image, Inline};

/// Link schemes that survive; anything else (javascript:, data:, vbscript:…) loses its link.
const LINK_SCHEMES: &[&str] = &["http", "https", "mailto"];

/// Renders the article as an allowlisted `<article>` fragment.
pub fn to_html(article: &Article) -> String {
    let mut w = Writer {
        out: String::new(),
        outline: Outline::default(),
    };
    w.out.push_str("<article");
    w.lang_dir(article.lang.as_deref(), article.dir.as_deref());
    w.out.push('>');
    w.blocks(&article.blocks);
    w.out.push_str("</article>");
    w.out
}

struct Writer {
    out: String,
    outline: Outline,
}

impl Writer {
    fn lang_dir(&mut self, lang: Option<&str>, dir: Option<&str>) {
        if let Some(l) = lang.filter(|l| valid_lang(l)) {
            self.out.push_str(&format!(" lang=\"{}\"", escape(l)));
        }
        if let Some(d) = dir.filter(|d| matches!(*d, "ltr" | "rtl" | "auto")) {
            self.out.push_str(&format!(" dir=\"{d}\""));
        }
    }

    fn blocks(&mut self, blocks: &[Block]) {
        for b in blocks {
            self.block(b);
        }
    }

    fn block(&mut self, b: &Block) {
        match b {
            Block::Heading { level, content } => {
                let l = self.outline.level(*level);
                self.out.push_str(&format!("<h{l}>"));
                self.inlines(content);
                self.out.push_str(&format!("</h{l}>"));
            }
            Block::Paragraph { content } => self.wrap("p", |w| w.inlines(content)),
            Block::List { ordered, items } => {
                let tag = if *ordered { "ol" } else { "ul" };
                self.wrap(tag, |w| {
                    for item in items {
                        w.wrap("li", |w| w.item(item));
                    }
                });
            }
            Block::Quote { content } => self.wrap("blockquote", |w| w.blocks(content)),
            Block::Code { lang, text } => {
                self.out.push_str("<pre><code");
                if let Some(l) = lang {
                    self.out
                        .push_str(&format!(" class=\"language-{}\"", escape(l)));
                }
                self.out.push('>');
                self.out.push_str(&escape(text));
                self.out.push_str("</code></pre>");
            }
            Block::Figure { image, caption } => self.figure(image, caption),
            Block::Table { caption, rows } => self.table(caption, rows),
            Block::Math { mathml } => self.out.push_str(&math::sanitize(mathml)),
            Block::Rule => self.out.push_str("<hr>"),
            Block::Embed {
                provider,
                title,
                player,
                url,
            } => self.embed(provider, title.as_deref(), player, url),
            Block::Group { lang, dir, content } => {
                self.out.push_str("<div");
                self.lang_dir(lang.as_deref(), dir.as_deref());
                self.out.push('>');
                self.blocks(content);
                self.out.push_str("</div>");
            }
        }
    }

    fn wrap(&mut self, tag: &str, f: impl FnOnce(&mut Self)) {
        self.out.push_str(&format!("<{tag}>"));
        f(self);
        self.out.push_str(&format!("</{tag}>"));
    }

    /// A list item of one paragraph renders tight (`<li>text</li>`), as authors write it.
    fn item(&mut self, item: &[Block]) {
        match item {
            [Block::Paragraph { content }] => self.inlines(content),
            _ => self.blocks(item),
        }
    }

    fn figure(&mut self, image: &Image, caption: &[Inline]) {
        self.out.push_str("<figure>");
        self.img(image);
        if !caption.is_empty() {
            self.wrap("figcaption", |w| w.inlines(caption));
        }
        self.out.push_str("</figure>");
    }

    /// A known provider's video as an inert placeholder: no iframe, nothing that loads. The
    /// player address rides along as data (`data-embed`, checked against the known player hosts
    /// again here) for a reader that frames it when the user asks; the caption links to the
    /// original.
    fn embed(&mut self, provider: &str, title: Option<&str>, player: &str, url: &str) {
        let (Some(href), true) = (safe_href(url), embed::provider_known(provider)) else {
            return;
        };
        self.out.push_str("<figure");
        if embed::player_allowed(player) {
            self.out.push_str(&format!(
                " data-embed=\"{}\" data-provider=\"{}\"",
                escape(player),
                escape(provider)
            ));
        }
        self.out.push_str("><figcaption>");
        self.out
            .push_str(&format!("Video ({}): ", escape(provider)));
        self.out.push_str(&format!(
            "<a href=\"{}\" rel=\"noopener noreferrer\">{}</a>",
            escape(&href),
            escape(title.unwrap_or(&href))
        ));
        self.out.push_str("</figcaption></figure>");
    }

    fn img(&mut self, image: &Image) {
        let Some(src) = safe_image_src(&image.src) else {
            return;
        };
        self.out.push_str(&format!(
            "<img src=\"{}\" alt=\"{}\" loading=\"lazy\"",
            escape(&src),
            escape(&image.alt)
        ));
        if let Some(w) = image.width {
            self.out.push_str(&format!(" width=\"{w}\""));
        }
        if let Some(h) = image.height {
            self.out.push_str(&format!(" height=\"{h}\""));
        }
        self.out.push('>');
    }

    /// Header cells get `scope`: `col` in a header row, `row` at the start of a body row.
    fn table(&mut self, caption: &[Inline], rows: &[Vec<Cell>]) {
        self.out.push_str("<table>");
        if !caption.is_empty() {
            self.wrap("caption", |w| w.inlines(caption));
        }
        let head_rows = rows
            .iter()
            .take_while(|r| r.iter().all(|c| c.header))
            .count();
        let head_rows = if head_rows == rows.len() {
            0
        } else {
            head_rows
        };
        if head_rows > 0 {
            self.out.push_str("<thead>");
            for r in &rows[..head_rows] {
                self.row(r, true);
            }
            self.out.push_str("</thead>");
        }
        self.out.push_str("<tbody>");
        for r in &rows[head_rows..] {
            self.row(r, false);
        }
        self.out.push_str("</tbody></table>");
    }

    fn row(&mut self, row: &[Cell], head: bool) {
        self.out.push_str("<tr>");
        for (i, c) in row.iter().enumerate() {
            let (tag, scope) = match (c.header, head) {
                (false, _) => ("td", ""),
                (true, true) => (
                    "th",
                    if c.colspan > 1 {
                        " scope=\"colgroup\""
                    } else {
                        " scope=\"col\""
                    },
                ),
                (true, false) => (
                    "th",
                    if i == 0 {
                        " scope=\"row\""
                    } else {
                        " scope=\"col\""
                    },
                ),
            };
            self.out.push_str(&format!("<{tag}{scope}"));
            if c.colspan > 1 {
                self.out.push_str(&format!(" colspan=\"{}\"", c.colspan));
            }
            if c.rowspan > 1 {
                self.out.push_str(&format!(" rowspan=\"{}\"", c.rowspan));
            }
            self.out.push('>');
            self.inlines(&c.content);
            self.out.push_str(&format!("</{tag}>"));
        }
        self.out.push_str("</tr>");
    }

    fn inlines(&mut self, inlines: &[Inline]) {
        for i in inlines {
            self.inline(i);
        }
    }

    fn inline(&mut self, i: &Inline) {
        match i {
            Inline::Text { text } => self.out.push_str(&escape(text)),
            Inline::Link { href, content } => match safe_href(href) {
                Some(h) => {
                    let rel = if h.starts_with('#') {
                        ""
                    } else {
                        " rel=\"noopener noreferrer\""
                    };
                    self.out
                        .push_str(&format!("<a href=\"{}\"{rel}>", escape(&h)));
                    self.inlines(content);
                    self.out.push_str("</a>");
                }
                None => self.inlines(content),
            },
            Inline::Emphasis { content } => self.wrap("em", |w| w.inlines(content)),
            Inline::Strong { content } => self.wrap("strong", |w| w.inlines(content)),
            Inline::Sup { content } => self.wrap("sup", |w| w.inlines(content)),
            Inline::Sub { content } => self.wrap("sub", |w| w.inlines(content)),
            Inline::Code { text } => self.wrap("code", |w| w.out.push_str(&escape(text))),
            Inline::Image { image } => self.img(image),
            Inline::Math { mathml } => self.out.push_str(&math::sanitize(mathml)),
            Inline::Break => self.out.push_str("<br>"),
            Inline::Anchor { id } => {
                self.out
                    .push_str(&format!("<span id=\"{}\"></span>", escape(id)));
            }
            Inline::VisuallyHidden { content } => {
                self.out.push_str("<span class=\"visually-hidden\">");
                self.inlines(content);
                self.out.push_str("</span>");
            }
            Inline::VisualOnly { content } => {
                self.out.push_str("<span aria-hidden=\"true\">");
                self.inlines(content);
                self.out.push_str("</span>");
            }
            Inline::Span { lang, dir, content } => {
                self.out.push_str("<span");
                self.lang_dir(lang.as_deref(), dir.as_deref());
                self.out.push('>');
                self.inlines(content);
                self.out.push_str("</span>");
            }
        }
    }
}

/// `http`, `https`, `mailto` or an in-page `#id`.
pub(crate) fn safe_href(href: &str) -> Option<String> {
    if href.starts_with('#') {
        return Some(href.to_string());
    }
    let s = url::scheme(href)?;
    LINK_SCHEMES.contains(&s.as_str()).then(|| href.to_string())
}

/// `http`, `https`, or a raster `data:image/` (never SVG: it can carry script).
pub(crate) fn safe_image_src(src: &str) -> Option<String> {
    let lower = src.get(..20).unwrap_or(src).to_ascii_lowercase();
    if lower.starts_with("data:") {
        let raster = lower.starts_with("data:image/") && !lower.starts_with("data:image/svg");
        return raster.then(|| src.to_string());
    }
    matches!(url::scheme(src).as_deref(), Some("http" | "https")).then(|| src.to_string())
}

/// A BCP 47-looking tag (letters, digits, hyphens), so nothing odd reaches an attribute.
fn valid_lang(l: &str) -> bool {
    !l.is_empty() && l.len() <= 35 && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
#[path = "html_tests.rs"]
mod tests;
