//! Text normalisation for inline runs and word counting.

use super::{Block, Inline};

/// HTML's whitespace (not Unicode's): U+00A0 and other spaces are content and survive.
pub(crate) fn is_html_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\u{c}')
}

/// Collapses runs of HTML whitespace to one space, as `white-space: normal` renders them.
pub(crate) fn collapse(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        if is_html_space(c) {
            if !space {
                out.push(' ');
            }
            space = true;
        } else {
            out.push(c);
            space = false;
        }
    }
    out
}

/// Collapsed and trimmed.
pub(crate) fn squash(s: &str) -> String {
    collapse(s).trim_matches(is_html_space).to_string()
}

/// Normalises a run: merges adjacent texts, drops spaces that collapse across inline
/// boundaries, trims around breaks and at both ends, and removes empty containers.
pub(crate) fn tidy(inlines: Vec<Inline>) -> Vec<Inline> {
    let mut at_space = true;
    let mut out = tidy_forward(inlines, &mut at_space);
    trim_end(&mut out);
    while matches!(out.first(), Some(Inline::Break)) {
        out.remove(0);
    }
    out
}

fn tidy_forward(inlines: Vec<Inline>, at_space: &mut bool) -> Vec<Inline> {
    let mut out: Vec<Inline> = Vec::with_capacity(inlines.len());
    for inline in inlines {
        match inline {
            Inline::Text { text } => {
                let mut t = collapse(&text);
                if *at_space && t.starts_with(' ') {
                    t.remove(0);
                }
                if t.is_empty() {
                    continue;
                }
                *at_space = t.ends_with(' ');
                if let Some(Inline::Text { text: prev }) = out.last_mut() {
                    prev.push_str(&t);
                } else {
                    out.push(Inline::Text { text: t });
                }
            }
            Inline::Break => {
                trim_end_text(&mut out);
                // Consecutive breaks are kept (two make a paragraph split), but at most two.
                let n = out
                    .iter()
                    .rev()
                    .take_while(|i| **i == Inline::Break)
                    .count();
                if n < 2 {
                    out.push(Inline::Break);
                }
                *at_space = true;
            }
            Inline::Anchor { .. } => out.push(inline),
            Inline::Code { text } => {
                let t = collapse(&text);
                if !t.trim().is_empty() {
                    *at_space = false;
                    out.push(Inline::Code { text: t });
                }
            }
            Inline::Image { .. } | Inline::Math { .. } => {
                *at_space = false;
                out.push(inline);
            }
            container => {
                if let Some(c) = tidy_container(container, at_space) {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// Tidies the content of a container inline; `None` when nothing visible is left.
fn tidy_container(inline: Inline, at_space: &mut bool) -> Option<Inline> {
    let mut inline = inline;
    let content = children_mut(&mut inline)?;
    let inner = tidy_forward(std::mem::take(content), at_space);
    if !inner.iter().any(has_substance) {
        // Keep anchors even if the container around them vanishes.
        return inner
            .into_iter()
            .find(|i| matches!(i, Inline::Anchor { .. }));
    }
    *content = inner;
    Some(inline)
}

/// The child list of a container inline.
pub(crate) fn children_mut(inline: &mut Inline) -> Option<&mut Vec<Inline>> {
    match inline {
        Inline::Link { content, .. }
        | Inline::Emphasis { content }
        | Inline::Strong { content }
        | Inline::Sup { content }
        | Inline::Sub { content }
        | Inline::VisuallyHidden { content }
        | Inline::VisualOnly { content }
        | Inline::Span { content, .. } => Some(content),
        _ => None,
    }
}

/// The child list of a container inline (shared).
pub(crate) fn children(inline: &Inline) -> Option<&[Inline]> {
    match inline {
        Inline::Link { content, .. }
        | Inline::Emphasis { content }
        | Inline::Strong { content }
        | Inline::Sup { content }
        | Inline::Sub { content }
        | Inline::VisuallyHidden { content }
        | Inline::VisualOnly { content }
        | Inline::Span { content, .. } => Some(content),
        _ => None,
    }
}

/// True when the inline shows something (text, an image, math).
pub(crate) fn has_substance(inline: &Inline) -> bool {
    match inline {
        Inline::Text { text } => !text.trim_matches(is_html_space).is_empty(),
        Inline::Code { .. } | Inline::Image { .. } | Inline::Math { .. } => true,
        Inline::Break | Inline::Anchor { .. } => false,
        other => children(other).is_some_and(|c| c.iter().any(has_substance)),
    }
}

/// Removes trailing spaces and breaks from the end of a run (descending into the last container).
fn trim_end(out: &mut Vec<Inline>) {
    loop {
        match out.last_mut() {
            Some(Inline::Text { text }) => {
                let t = text.trim_end_matches(is_html_space).len();
                text.truncate(t);
                if text.is_empty() {
                    out.pop();
                    continue;
                }
            }
            Some(Inline::Break) => {
                out.pop();
                continue;
            }
            Some(other) => {
                if let Some(c) = children_mut(other) {
                    trim_end(c);
                }
            }
            None => {}
        }
        return;
    }
}

/// Removes trailing spaces from the last text of a run (breaks stay).
fn trim_end_text(out: &mut Vec<Inline>) {
    match out.last_mut() {
        Some(Inline::Text { text }) => {
            let t = text.trim_end_matches(is_html_space).len();
            text.truncate(t);
            if text.is_empty() {
                out.pop();
            }
        }
        Some(other) => {
            if let Some(c) = children_mut(other) {
                trim_end_text(c);
            }
        }
        None => {}
    }
}

/// Plain text of a run (for titles, excerpts and word counts).
pub(crate) fn plain(inlines: &[Inline]) -> String {
    let mut s = String::new();
    plain_into(inlines, &mut s);
    s
}

fn plain_into(inlines: &[Inline], s: &mut String) {
    for i in inlines {
        match i {
            Inline::Text { text } | Inline::Code { text } => s.push_str(text),
            Inline::Break => s.push('\n'),
            Inline::Math { mathml } => s.push_str(&super::math::plain(mathml)),
            // What assistive technology reads: its twin is the visually hidden text.
            Inline::VisualOnly { .. } => {}
            other => {
                if let Some(c) = children(other) {
                    plain_into(c, s);
                }
            }
        }
    }
}

/// Plain text of blocks, one block per line (for word counts).
pub(crate) fn blocks_plain(blocks: &[Block], s: &mut String) {
    for b in blocks {
        match b {
            Block::Heading { content, .. } | Block::Paragraph { content } => {
                plain_into(content, s);
            }
            Block::List { items, .. } => items.iter().for_each(|i| blocks_plain(i, s)),
            Block::Quote { content } | Block::Group { content, .. } => blocks_plain(content, s),
            Block::Code { text, .. } => s.push_str(text),
            Block::Figure { caption, .. } => plain_into(caption, s),
            Block::Table { caption, rows } => {
                plain_into(caption, s);
                for c in rows.iter().flatten() {
                    s.push(' ');
                    plain_into(&c.content, s);
                }
            }
            Block::Math { mathml } => s.push_str(&super::math::plain(mathml)),
            Block::Rule | Block::Embed { .. } => {}
        }
        s.push('\n');
    }
}

/// True for scripts written without spaces between words (Han, kana, Thai, Lao, Khmer, Myanmar).
fn is_unspaced_script(c: char) -> bool {
    matches!(c as u32,
        0x0E00..=0x0EFF      // Thai, Lao
        | 0x1000..=0x109F    // Myanmar
        | 0x1780..=0x17FF    // Khmer
        | 0x3040..=0x30FF    // Hiragana, Katakana
        | 0x3400..=0x4DBF    // CJK Extension A
        | 0x4E00..=0x9FFF    // CJK Unified Ideographs
        | 0xF900..=0xFAFF    // CJK Compatibility Ideographs
        | 0x20000..=0x2FFFF) // CJK Extensions B–F
}

/// Words in `s`. Runs of letters/digits (plus inner `'` and `-`) count as one word each. Scripts
/// written without spaces count one word per two characters: Chinese words average 1.5–2
/// characters and Japanese mixes kana and kanji, so `chars / 2` is the usual estimate
/// (reading-speed studies quote ~400–500 characters a minute, about half of 238 wpm × 2).
pub(crate) fn word_count(s: &str) -> usize {
    let mut words = 0;
    let mut unspaced: usize = 0;
    let mut in_word = false;
    for c in s.chars() {
        if is_unspaced_script(c) {
            unspaced += 1;
            in_word = false;
        } else if c.is_alphanumeric() {
            if !in_word {
                words += 1;
            }
            in_word = true;
        } else if !(in_word && matches!(c, '\'' | '’' | '-')) {
            in_word = false;
        }
    }
    words + unspaced.div_ceil(2)
}

/// Average adult silent reading speed for non-fiction in English (Brysbaert 2019: 238 wpm).
const WORDS_PER_MINUTE: usize = 238;

/// Minutes to read `words`, at least one.
pub(crate) fn reading_time(words: usize) -> u32 {
    words.div_ceil(WORDS_PER_MINUTE).max(1) as u32
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn t(s: &str) -> Inline {
        Inline::Text { text: s.into() }
    }

    #[test]
    fn tidy_collapses_across_inline_boundaries() {
        let run = vec![
            t("  Hello \n "),
            Inline::Emphasis {
                content: vec![t(" big ")],
            },
            t(" world\u{a0}\u{a0}!  "),
            Inline::Break,
            t("  next"),
            Inline::Link {
                href: "https://x/".into(),
                content: vec![t("  ")],
            },
        ];
        assert_eq!(
            tidy(run),
            vec![
                t("Hello "),
                Inline::Emphasis {
                    content: vec![t("big ")]
                },
                t("world\u{a0}\u{a0}!"),
                Inline::Break,
                t("next"),
            ]
        );
    }

    #[test]
    fn counts_words_and_cjk() {
        assert_eq!(word_count("It's a well-known fact, isn't it? 42"), 7);
        assert_eq!(word_count("日本語の文章です"), 4);
        assert_eq!(word_count("Rust と WebAssembly"), 3);
        assert_eq!(reading_time(0), 1);
        assert_eq!(reading_time(239), 2);
    }
}
