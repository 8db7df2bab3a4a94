//! Link directories: a box of link lists, each under a short label of its own ("Apoptosis" over
//! "Apoptosis Overview · Inhibition of Apoptosis · Death Receptor Signaling …"), with no prose —
//! a category index or a sitemap block set into the content column.
//!
//! Why: an index page introduces itself in a paragraph or two, then lists the pages of its
//! section grouped by topic (styled-dev's gold: cellsignal.com's pathway index, two columns of
//! 7–10 labelled groups of pathway links, labelled link lists by the annotators). The lists
//! themselves escape the menu rule (their titles run past `MENU_WORDS_PER_LINK` words), and
//! one list alone is often part of a story ("Further reading"), so only the grouping says
//! "directory": several lists, each after its own label, and the box's text mostly links. A
//! directory holding most of the page (a sitemap page) is not `small` and stays content.

/// Link lists (`ul`/`ol`, every item's text a link) the box holds as its own children.
pub(crate) const MIN_LISTS: usize = 3;

/// Links in those lists together.
pub(crate) const MIN_LINKS: u32 = 12;

/// A list is a link list from this share of link text on.
pub(crate) const LIST_LINK_DENSITY: f32 = 0.9;

/// A label (any other child with text) is at most this long (chars) and has no link: a
/// heading line, not a paragraph.
pub(crate) const LABEL_MAX_CHARS: u32 = 60;
