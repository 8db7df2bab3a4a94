//! Slogan banners: a box of two parts, a picture alone in one and a few short lines set wholly
//! in emphasis (`em`/`i`/`strong`/`b`, no link) in the other — the site's motto panel at the
//! head of its pages.
//!
//! Why: table-layout sites draw the banner a modern site would draw as a hero image with its
//! tagline as one row of two cells (styled-dev's gold: cam.rn.it's logo beside three bold italic
//! mottos, "Investire sull'intelligenza / significa investire sulle potenzialità …", labelled
//! a link list by the annotators and kept ahead of the story; the shape also catches an audio
//! player bar, its poster beside bold button labels, wcxb-dev's NPR). A caption beside its
//! picture is set in plain type, a hero's title is a heading (not an emphasis tag), a pull quote
//! has no picture part of its own, and a story's paragraphs are not all emphasis, so only the
//! three together say "banner". A banner whose first line is in the page's head title is the
//! page's own heading and stays (cleaneval's earthtones.com).

/// The text cell holds at least this many chars (a motto, not a caption word) …
pub(crate) const MIN_CHARS: u32 = 40;

/// … and at most this many: a banner's few lines, not a section.
pub(crate) const MAX_CHARS: u32 = 400;

/// Separate lines (blocks with text of their own) in the text cell.
pub(crate) const MIN_LINES: usize = 2;

/// Tags that emphasise their text.
pub(crate) const EMPHASIS_TAGS: &[&str] = &["em", "i", "strong", "b"];
