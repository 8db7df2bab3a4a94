//! Article → output formats. Every renderer reads the typed blocks, never the page DOM.
//!
//! Heading convention: the view shows the article title as the one `<h1>`; content headings are
//! renumbered from level 2 so the outline has one top level and never skips a level.

/// The allowlist checker: reads rendered HTML back (tests, fuzzers, embedders that double-check).
pub(crate) mod allowlist;
/// Allowlisted HTML rendering.
pub(crate) mod html;
/// CommonMark/GFM rendering.
pub(crate) mod markdown;
/// Plain text rendering.
pub(crate) mod text;

pub use html::to_html;
pub use markdown::to_markdown;
pub use text::to_text;

/// Repairs heading levels while rendering: a heading goes one level below the nearest previous
/// heading of a higher rank, so the outline starts at 2 and never skips a level.
#[derive(Default)]
pub(crate) struct Outline {
    /// (level in the page, rendered level) of the open sections.
    open: Vec<(u8, u8)>,
}

impl Outline {
    /// The rendered level (2–6) of a heading written at `level`.
    pub(crate) fn level(&mut self, level: u8) -> u8 {
        while self.open.last().is_some_and(|&(l, _)| l >= level) {
            self.open.pop();
        }
        let rendered = self.open.last().map_or(2, |&(_, r)| (r + 1).min(6));
        self.open.push((level, rendered));
        rendered
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    #[test]
    fn outline_starts_at_two_and_never_skips() {
        let mut o = Outline::default();
        let got: Vec<u8> = [3, 5, 4, 3, 1, 2, 6, 6]
            .iter()
            .map(|&l| o.level(l))
            .collect();
        assert_eq!(got, [2, 3, 3, 2, 2, 3, 4, 4]);
    }
}
