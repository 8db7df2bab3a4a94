//! Heuristics as data. Every list and number here carries a one-line "why"; code elsewhere reads
//! them and never hides a magic number of its own.

pub(crate) mod appeal;
pub(crate) mod credit;
pub(crate) mod directory;
pub(crate) mod link_para;
pub(crate) mod meta_line;
pub(crate) mod page_type;
pub(crate) mod prune;
pub(crate) mod related;
pub(crate) mod slogan;
pub(crate) mod story_box;
pub(crate) mod tail;
pub(crate) mod teaser;
pub(crate) mod vocab;

pub(crate) use vocab::*;

/// Elements that start a block (seed 004 split at div/p/td/body; the rest are the HTML block
/// elements that carry text of their own on modern pages).
pub(crate) const BLOCK_TAGS: &[u8] = prefixed![
    "body",
    "div",
    "p",
    "td",
    "th",
    "section",
    "article",
    "main",
    "aside",
    "header",
    "footer",
    "nav",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "pre",
    "blockquote",
    "figure",
    "figcaption",
    "table",
    "tr",
    "tbody",
    "thead",
    "tfoot",
    "ul",
    "ol",
    "dl",
    "dd",
    "dt",
    "form",
    "fieldset",
    "address",
    "details",
    "summary",
    "center",
    "caption",
    "menu",
    "hgroup",
    "dialog",
];

/// Elements whose text is never rendered as page text (seed 001 "script/style" noise).
pub(crate) const SKIP_TAGS: &[u8] = prefixed![
    "head",
    "script",
    "style",
    "noscript",
    // Raw text in parsers (plugin/frame fallbacks), never rendered by a browser that has
    // plugins and frames; big9-dev latimes 2005 ad slots hold comma-laden ad URLs there.
    "noembed",
    "noframes",
    "template",
    "title",
    "meta",
    "link",
    "iframe",
    "object",
    "embed",
    "canvas",
    "svg",
    "math-annotation",
    "audio",
    "video",
    "source",
    "track",
    "map",
    "param",
];

/// GUI controls: seed 001 counts them as interactive noise even outside a `<form>`.
pub(crate) const CONTROL_TAGS: &[u8] = prefixed!["input", "select", "textarea", "button", "option"];

/// `<input type>` values that make a choice among options. Why: shop templates draw a
/// product's variant picker (Shopify Dawn `variant-radios`, Salesforce Commerce
/// `custom-radio` size buttons, Shopify `variant-picker` swatches) as radio inputs, each followed
/// by a `<label>` holding the option's name ("20 oz", "Whole Bean", "Medium"); the labels were
/// read as text lines of the product (wcxb-dev yeti, deathwishcoffee, prosourcefit).
/// Checkboxes are left out: recipe sites set ingredient names as checkbox `<label>`s, a
/// checklist the reader keeps (trafilatura przepisy.pl lost them).
pub(crate) const CHOICE_INPUT_TYPES: &[&str] = &["radio"];

/// The value of `key` in a `pairs!`/`triples!` table (crate root) (the first entry with that key).
pub(crate) fn table_value(table: &'static str, key: &str) -> Option<&'static str> {
    table.split('\n').find_map(|e| {
        e.split_once('\t')
            .filter(|(k, _)| *k == key)
            .map(|(_, v)| v)
    })
}

/// `key` is a word of a `words!` table (crate root).
pub(crate) fn table_has(table: &str, key: &str) -> bool {
    table_words(table).any(|w| w == key)
}

/// The words of a `words!` table, in order.
pub(crate) fn table_words(table: &str) -> impl Iterator<Item = &str> {
    table.split_terminator('\n')
}

/// A `words!` table re-laid at compile time for lookups asked per block: each word preceded by its
/// length in one byte instead of followed by a newline (the same size), so a lookup steps from
/// word to word without searching for newlines. `N` is the table's length; a word of 256 bytes
/// or more, or a table not ending in a newline, fails the build. Read with [`prefixed_words`].
pub(crate) const fn len_prefixed<const N: usize>(table: &str) -> [u8; N] {
    relay_prefixed::<N>(table, false)
}

/// [`len_prefixed`] and, with `terms`, the `terms!` layout (`vocab::term_table`): there a `\r`
/// also ends a word and sets its length byte's high bit, so a word is under 128 bytes.
pub(crate) const fn relay_prefixed<const N: usize>(table: &str, terms: bool) -> [u8; N] {
    let t = table.as_bytes();
    assert!(t.len() == N);
    let mut out = [0u8; N];
    let (mut i, mut start) = (0, 0);
    while i < N {
        let cr = terms && t[i] == b'\r';
        if t[i] == b'\n' || cr {
            assert!(i - start < if terms { 128 } else { 256 });
            out[start] = (i - start) as u8 | if cr { 0x80 } else { 0 };
            let mut j = start;
            while j < i {
                out[j + 1] = t[j];
                j += 1;
            }
            start = i + 1;
        }
        i += 1;
    }
    assert!(start == N);
    out
}

/// The words of a [`len_prefixed`] table, in order.
pub(crate) fn prefixed_words(table: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = table;
    std::iter::from_fn(move || {
        let (&n, tail) = rest.split_first()?;
        let (word, after) = tail.split_at_checked(usize::from(n))?;
        rest = after;
        Some(word)
    })
}

/// `key` is a word of a [`len_prefixed`] table (`prefixed!`, crate root). Not inlined: one
/// copy of the scan serves every table. A word of another length is stepped over by its length
/// byte, and one of the key's length is compared from its first byte: the block walks ask it for
/// every element (`is_block_node`, the block splitter), where the iterator form with a slice
/// compare per word had cost +1.3 % of wcxb-dev's instructions against the `&[&str]` tables.
#[inline(never)]
pub(crate) fn in_table(table: &[u8], key: &str) -> bool {
    let key = key.as_bytes();
    let first = key.first();
    let mut i = 0;
    while let Some(&n) = table.get(i) {
        let n = usize::from(n);
        if n == key.len()
            && first.is_none_or(|f| table.get(i + 1) == Some(f))
            && table.get(i + 1..i + 1 + n) == Some(key)
        {
            return true;
        }
        i += 1 + n;
    }
    false
}

/// Some word of a [`len_prefixed`] table opens `text` (`table_words(table).any(|w|
/// text.starts_with(w))`): a word that does not is left by its length byte, where a newline
/// table was read to its next newline byte by byte (an appeal table of 1.3 KB cost ~9,000
/// instructions per block asked, 2 % of the native time: session 22).
pub(crate) fn table_opens(table: &[u8], text: &str) -> bool {
    prefixed_words(table).any(|w| text.as_bytes().starts_with(w))
}

/// The first two bytes of every word of a `words!` table, hashed into 64 bits at compile time:
/// a text whose first two characters are ASCII and, lowercased, hash elsewhere opens with no
/// word of the table (lowercase, as the tables are), and neither the text is lowercased nor the
/// table read. Why: the line tests (`credit`, `teaser`, `appeal`) ask every short block of the
/// page, and lowercasing it and splitting a table of a thousand bytes per block had cost ~7 % of
/// the median page's instructions. One `u64` per table: a bigger set filtered a little more and
/// cost the extension wasm ~100 B gz of incompressible bits.
pub(crate) struct Openings {
    /// Bit `pair_hash` set for each word; all set when a word is shorter than two bytes.
    set: u64,
}

const fn pair_hash(a: u8, b: u8) -> u32 {
    (a ^ b.rotate_left(3)) as u32 % 64
}

impl Openings {
    pub(crate) const fn of(table: &str) -> Self {
        let t = table.as_bytes();
        let mut set = 0u64;
        let mut i = 0;
        while i < t.len() {
            // `i` starts a word.
            if i + 1 >= t.len() || t[i] == b'\n' || t[i + 1] == b'\n' {
                return Openings { set: u64::MAX };
            }
            let h = pair_hash(t[i], t[i + 1]);
            set |= 1 << h;
            while i < t.len() && t[i] != b'\n' {
                i += 1;
            }
            i += 1;
        }
        Openings { set }
    }

    /// False only when `text` lowercased opens with no word of the table.
    #[inline(never)]
    pub(crate) fn may_open(&self, text: &str) -> bool {
        match text.as_bytes() {
            [a, b, ..] if a.is_ascii() && b.is_ascii() => {
                let h = pair_hash(a.to_ascii_lowercase(), b.to_ascii_lowercase());
                self.set & (1 << h) != 0
            }
            _ => true,
        }
    }
}

/// Markup that closes an element until a script or the reader opens it: the `hidden` attribute,
/// the `popover` attribute (the HTML popover API renders `[popover]:not(:popover-open)` as
/// `display: none`) or an inline `display: none` / `visibility: hidden`. The one closed-markup test
/// of the noise stage and the article builder (each adds its exceptions: streamed segments, code
/// tabs, a script's reveal, closed panels of prose).
///
/// `hidden="until-found"` is not closed: the browser lets find-in-page (and a `#fragment`) open
/// it, and pages use it for the collapsed sections of the article itself (Wikipedia's mobile
/// sections, docs accordions), so a reader shows it.
/// Why `popover`: Invision Community's app-install help (`<i-card popover>`, "To install this app
/// on iOS …") counted as prose in parsed HTML and outweighed a short forum thread
/// (forum.squarespace.com); a popover's text is an overlay's, not the page's.
pub(crate) fn closed_markup(node: &crate::snapshot::Node) -> bool {
    closed_by_attribute(node) || node.attr("style").is_some_and(style_hides)
}

/// [`closed_markup`] by attribute alone (`hidden` other than `until-found`, `popover`): what a
/// script's reveal of an inline-styled box does not open.
pub(crate) fn closed_by_attribute(node: &crate::snapshot::Node) -> bool {
    node.attr("hidden")
        .is_some_and(|v| !v.eq_ignore_ascii_case("until-found"))
        || node.attr("popover").is_some()
}

/// Inline `style` that removes the element from rendering (`display: none` or
/// `visibility: hidden`; whitespace and case ignored).
pub(crate) fn style_hides(style: &str) -> bool {
    compact_style_contains(style, &["display:none", "visibility:hidden"])
}

/// A streamed server-rendering segment: `<div hidden id="S:3">` (hex ids) holds content that the page's
/// script moves into its `<template id="B:3">` slot as soon as it runs (React 18+ streaming,
/// as Next.js and others ship it). Hidden only until then, so it is content, not a hidden box:
/// on such pages the whole article often arrives this way.
pub(crate) fn is_streamed_segment(node: &crate::snapshot::Node) -> bool {
    node.is("div")
        && node.attr("hidden").is_some()
        && node.attr("id").is_some_and(|id| {
            id.strip_prefix("S:")
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_hexdigit()))
        })
}

/// A closed panel of a code tab set: `role="tabpanel"`, hidden until its tab is clicked, holding
/// `<pre>`/`<code>` (one language's or platform's version of a documentation sample: wcxb-dev
/// twilio, Azure Functions, tauri quickstarts keep only the first of 3-10 tabs). Content like a
/// streamed segment; not inside a popover or dialog (an install prompt's per-browser tabs,
/// wcxb-dev squarespace forum), and not prose-only tabs (a shop's marketing tabs, sweetwater).
pub(crate) fn is_closed_code_tab(
    snap: &crate::snapshot::Snapshot,
    id: crate::snapshot::NodeId,
) -> bool {
    snap.node(id).attr("role") == Some("tabpanel")
        && snap.descendants(id).any(|d| {
            let n = snap.node(d);
            n.is("pre") || n.is("code")
        })
        && !in_popover(snap, id)
}

/// `id` lies inside a dialog or popover (its content is an overlay's, shown on demand).
pub(crate) fn in_popover(snap: &crate::snapshot::Snapshot, id: crate::snapshot::NodeId) -> bool {
    snap.ancestors(id).any(|a| {
        let n = snap.node(a);
        let named = |v: &str| {
            let v = v.to_ascii_lowercase();
            POPOVER_NAMES.iter().any(|w| v.contains(w))
        };
        n.is("dialog")
            || n.attr("popover").is_some()
            || matches!(n.attr("role"), Some("dialog" | "tooltip"))
            || n.attr("aria-modal").is_some()
            || named(&n.tag)
            || n.attr("class").is_some_and(named)
            || n.attr("id").is_some_and(named)
    })
}

/// Words in a tag, class or id naming a popover: an info bubble opened by an icon button, whose
/// hidden box follows its trigger like an accordion panel but explains a label ("100%
/// authentic", "Shipping weight": iherb's `<cms-popover>` in `#cms-popover-tooltip`), and is
/// no part of the page's text.
pub(crate) const POPOVER_NAMES: &[&str] = &["popover", "tooltip"];

/// A button that is all the text of its heading: the WAI-ARIA accordion pattern
/// (`<h3><button aria-expanded>Specifications</button></h3>`; an icon or `&nbsp;` beside it),
/// whose label is the section's title, not a control. Why: shops, SaaS and course pages head
/// their product tabs and FAQ questions so (iFixit "Specifications"/"Kit Contents", REI,
/// Zalando "Size & fit", Apple, AWS, HubSpot, Figma, Zoho); the golds keep the titles. A button
/// beside the heading's own text is a control (rustdoc's "Copy item path").
pub(crate) fn accordion_header(
    snap: &crate::snapshot::Snapshot,
    id: crate::snapshot::NodeId,
) -> bool {
    let n = snap.node(id);
    n.is("button")
        && n.parent.is_some_and(|p| {
            is_heading(snap.node(p).tag.as_str())
                && snap.text_of(p).trim() == snap.text_of(id).trim()
        })
}

/// `heading` is a heading holding a control whose `aria-controls` names `panel`'s id.
pub(crate) fn heading_controls(
    snap: &crate::snapshot::Snapshot,
    heading: crate::snapshot::NodeId,
    panel: crate::snapshot::NodeId,
) -> bool {
    let Some(id) = snap.node(panel).attr("id") else {
        return false;
    };
    is_heading(snap.node(heading).tag.as_str())
        && snap
            .descendants(heading)
            .any(|d| snap.node(d).attr("aria-controls") == Some(id))
}

/// Headings (`h1`–`h6`) are content when they sit in content, whatever their length. Tested on
/// the tag's bytes: a `HEADING_TAGS` slice search was inlined at some twenty call sites.
#[inline(never)]
pub(crate) fn is_heading(tag: &str) -> bool {
    heading_rank(tag).is_some()
}

/// The rank of a heading tag: 1 for `h1` … 6 for `h6`.
pub(crate) fn heading_rank(tag: &str) -> Option<u8> {
    match *tag.as_bytes() {
        [b'h', d @ b'1'..=b'6'] => Some(d - b'0'),
        _ => None,
    }
}

/// Elements that open a closed accordion or tab panel placed after them (live DOM,
/// `snapshot/visibility.rs`): the panel's box is `display: none` until clicked.
pub(crate) const DISCLOSURE_TRIGGER_TAGS: &[u8] =
    prefixed!["button", "summary", "dt", "h1", "h2", "h3", "h4", "h5", "h6"];

/// Numbers used by the stages, each with where it comes from.
pub(crate) mod limits {
    /// Readability-class scoring ignores paragraphs shorter than this (chars): captions and
    /// labels are not evidence of an article body.
    pub const MIN_PARAGRAPH_CHARS: u32 = 25;
    /// Link density above which a block is link-list boilerplate (seed 004 link features;
    /// menus and "related" lists run 0.7–1.0, prose with citations stays under 0.3).
    pub const LINK_DENSITY_BOILERPLATE: f32 = 0.5;
    /// A block of at least this many words drawn from at most `MARQUEE_MAX_DISTINCT` distinct
    /// words is a marquee or a row of glyphs, not prose: a ticker repeats its call to action
    /// for the animation ("Book Now * Book Now * …", 200 words, doodlodesigns service pages),
    /// a rating row prints its stars as text ("☆ ★ ☆ ★ …", eneba). Prose never repeats so few
    /// words so often.
    pub const MARQUEE_MIN_WORDS: usize = 20;
    pub const MARQUEE_MAX_DISTINCT: usize = 3;
    /// A sentence citing several links inline ("See the guide, the FAQ and the forum.") is
    /// prose however much of it is linked; only a paragraph that is nearly all link text is not.
    pub const LINK_DENSITY_PROSE: f32 = 0.8;
    /// Element levels searched between a footnote's back-link and the note element (`li > p >
    /// a`), and links looked at per note id: notes are shallow and referenced a few times.
    pub const NOTE_MAX_LEVELS: usize = 8;
    /// Each 100 chars of a paragraph add one point, capped at this many (long paragraphs are
    /// strong evidence but one giant block should not outvote the rest).
    pub const LENGTH_POINTS_CAP: f32 = 3.0;
    /// Ancestors a paragraph's score reaches; further up every page's `<body>` wins.
    pub const SCORE_PROPAGATION_LEVELS: usize = 5;
    /// A parent whose score is this share of the best one is taken instead (the article column
    /// often splits into sibling wrappers).
    pub const PARENT_PROMOTION_SHARE: f32 = 0.75;
    /// Alternative candidates needed under one ancestor before it is promoted (lists of posts,
    /// split articles).
    pub const MIN_ALTERNATIVES_FOR_PROMOTION: usize = 3;
    /// A sibling joins the content when its score reaches this share of the winner's.
    pub const SIBLING_SCORE_SHARE: f32 = 0.2;
    /// A paragraph sibling with at least this many chars and low link density joins too.
    pub const SIBLING_PARAGRAPH_CHARS: u32 = 80;
    /// A sibling holding a control-box form and at most this much text outside its noise
    /// boxes is the form's pitch, not content (`score::form_pitch`).
    pub const FORM_PITCH_MAX_CHARS: u32 = 200;
    /// A dropped link box with at least this many links takes the heading just before it
    /// (`stages::heading_before`); one "Check it out!" link under a heading is a promo box.
    pub const LABELLED_LIST_MIN_LINKS: u32 = 3;
    /// ... and only a heading of at most this many chars: a label ("Services", "Quick links").
    pub const LIST_LABEL_MAX_CHARS: u32 = 24;
    /// The winner holding this share of its parent's text stands for the parent in the
    /// sibling join (`score::split_story`: a story split around a fold or a sidebar box).
    pub const SPLIT_WRAPPER_SHARE: f32 = 0.6;
    /// A standfirst (`extract::lead`) opens with the page's meta description: this many
    /// chars compared (descriptions are often cut short with "…").
    pub const LEAD_MATCH_CHARS: usize = 40;
    /// A standfirst is one or two sentences: a block with more text is a section, not a dek.
    pub const LEAD_MAX_CHARS: u32 = 600;
    /// A selection holding less text than this is weak: a `<main>` landmark with far more text
    /// replaces it (wcxb-dev listing/collection pages: lists have no prose to score; landing
    /// pages: one of many short sections wins). wcxb-dev word F1 at 500 / 2000 / 5000 chars
    /// (share 0.25): 0.789 / 0.796 / 0.797; 2000 keeps long-article pages out of it.
    pub const WEAK_SELECTION_CHARS: u32 = 2000;
    /// "Far more": the weak selection holds under this share of the landmark's text
    /// (0.25 → 0.4 at 2000 chars: 0.796 → 0.797).
    pub const WEAK_SELECTION_SHARE: f32 = 0.4;
    /// A landmark replaces a weak selection only when it holds at least this much text (an
    /// empty `<main>` shell of a script-built page is no better).
    pub const LANDMARK_MIN_CHARS: u32 = 500;
    /// With no scoring paragraph at all, a marked `<article>`/`<main>` is taken when it holds
    /// this much text (a short list is content; an empty shell or a one-line notice is not).
    pub const MARKED_CONTENT_MIN_CHARS: u32 = 80;
    /// Ancestors of the winner looked at for the article it is a part of (a table in a
    /// section in the article body is two levels down).
    pub const ENCLOSING_LEVELS: usize = 3;
    /// An enclosing candidate replaces the winner when it scores at least this share of it…
    pub const ENCLOSING_SCORE_SHARE: f32 = 0.5;
    /// …and the prose outside the winner is worth at least this share of the prose inside
    /// (its own paragraphs, not the winner's evidence passed up).
    pub const ENCLOSING_PROSE_SHARE: f32 = 0.5;
    /// An `<article>` of at least this many chars inside a box named "modal"/"lightbox" makes
    /// it a story view, not an overlay (a consent text or sign-up pitch is shorter).
    pub const OVERLAY_ARTICLE_MIN_CHARS: u32 = 1000;
    /// Levels looked up from an inline element for the heading it sits in (`h2 > a > span`).
    pub const HEADING_INLINE_LEVELS: usize = 3;
    /// Link density under which a sentence paragraph counts as prose (citations stay under it,
    /// teaser lines go over).
    pub const PROSE_MAX_LINK_DENSITY: f32 = 0.25;
    /// A candidate outside every `<aside>` replaces a winner inside one when it scores at least
    /// this share of it (HTML marks an aside as tangential: it wins only by a clear margin).
    pub const ASIDE_YIELD_SHARE: f32 = 0.5;
    /// Prose chars a declared `itemprop="articleBody"` needs outside the winner to replace it
    /// (a few paragraphs: a teaser or summary marked so is shorter).
    pub const DECLARED_BODY_MIN_PROSE: u32 = 500;
    /// A box whose `<math>` holds at least this share of its text is a formula, never
    /// vocabulary noise (MathJax wraps each formula, rendering and MathML twin, in one box).
    pub const FORMULA_TEXT_SHARE: f32 = 0.5;
    /// Class/id vocabulary weight (points added or removed from a candidate).
    pub const CLASS_WEIGHT: f32 = 25.0;
    /// Class-vocabulary noise only applies to subtrees holding less than this share of the
    /// page's text: a `<div class="has-sidebar">` wrapper around the article is not a sidebar.
    pub const VOCAB_NOISE_MAX_TEXT_SHARE: f32 = 0.35;
    /// `aria-hidden` is trusted only on small subtrees: overlays set it on the real article
    /// (PRODUCT.md "do not trust an overlay's aria-hidden").
    pub const ARIA_HIDDEN_MAX_CHARS: u32 = 200;
    /// …and on a small share of the page's text: a fifth of a short page under `aria-hidden`
    /// is the page behind a dialog, not a decoration.
    pub const ARIA_HIDDEN_MAX_TEXT_SHARE: f32 = 0.2;
    /// Nodes looked at to tell an inline `aria-hidden` run (shown, only hidden from assistive
    /// technology) from a block subtree; a larger subtree counts as a block.
    pub const ARIA_HIDDEN_INLINE_SCAN: usize = 64;
    /// A `visibility: hidden` / `opacity: 0` subtree holding at least this share of the page's
    /// text is a script-pending reveal, not hidden content (`snapshot/visibility.rs`; live DOM
    /// with page scripts off: readability's seattletimes-1 hides its whole article body so).
    pub const REVEAL_MIN_TEXT_SHARE: f32 = 0.5;
    /// An inline `display: none` box holding at least this share of the page's paragraph text
    /// is shown anyway in parsed HTML: a script reveals it (`visibility::inline_reveal`;
    /// wcxb-dev deathwishcoffee's `easylockdown-content`, iherb's `defer-block`, each holding
    /// all of the page's paragraphs).
    pub const INLINE_REVEAL_MIN_SHARE: f32 = 0.6;
    /// ... and at least this many paragraph chars (a short hidden notice is not the page).
    pub const INLINE_REVEAL_MIN_CHARS: u32 = 400;
    /// An element hidden by its inline `display: none` holding more than this share of the
    /// page's text is a script-pending reveal (`snapshot/visibility.rs` `pending_reveal`): a
    /// password/lock-down app or an anti-flicker snippet hides the page's content wrapper and a
    /// script drops the `style` (wcxb-dev 0638: a Shopify lock-down app's
    /// `<div class="easylockdown-content" style="display:none">` holds a whole collection grid,
    /// 12,493 of the page's chars). Menus, templates and responsive twins hide less than half.
    pub const INLINE_REVEAL_MIN_TEXT_SHARE: f32 = 0.5;
    /// A captured layout showing less than this many chars of the page's text, and under
    /// `LAYOUT_SHOWN_MAX_SHARE` of it, shows a page a script has not revealed yet (`<html>` or the
    /// page's wrapper at `display: none` until it runs; a live capture with page scripts off:
    /// trafilatura's faz.net and sass-ag pages): the page is judged as parsed HTML
    /// (`snapshot/visibility.rs` `hides_the_page`). A reader sees more than a headline's worth.
    pub const LAYOUT_SHOWN_MAX_CHARS: u32 = 500;
    /// See `LAYOUT_SHOWN_MAX_CHARS`: pages whose menus hold most of their text still show
    /// their article, so the share alone is no test.
    pub const LAYOUT_SHOWN_MAX_SHARE: f32 = 0.1;
    /// A closed accordion or tab panel holds at least this many chars of prose to be shown
    /// (`snapshot/visibility.rs`; shorter ones are tooltips and dropdown hints, unless the
    /// heading before the panel holds a control naming it: `rules::heading_controls`).
    pub const PANEL_MIN_CHARS: u32 = 150;
    /// A panel named like a menu is an accordion's answer when prose paragraphs make at least
    /// this share of its text (`classify/noise.rs` `named_panel`): FAQ answers are paragraphs,
    /// a drop-down of filter options is short lines around a hint (Steam's review filters: under 0.7).
    pub const PANEL_MIN_PROSE_SHARE: f32 = 0.75;
    /// Single-child wrappers a closed panel's box may sit in below its trigger's level (live
    /// DOM): accordion libraries put the fading inner box in a panel `<section>`.
    pub const PANEL_WRAPPER_LEVELS: usize = 1;
    /// Levels above the winner at which the open pane of a tab set is looked for
    /// (`extract/stages.rs` `later_tab_panes`): newegg's winner sits two boxes inside its
    /// "Overview" pane.
    pub const TAB_PANE_LEVELS: usize = 3;
    /// A data table (`extract/data_table.rs`) has at least this many rows: a menu laid out
    /// as a table is one or two rows of links.
    pub const DATA_TABLE_MIN_ROWS: usize = 3;
    /// …and cells of at most this many chars on average: names, numbers, dates, short titles
    /// (Wikipedia's laureate lists: 15–40; a layout table's cells hold page columns).
    pub const DATA_TABLE_MEAN_CELL_CHARS: f32 = 80.0;
    /// A paragraph announcing a list (`extract/announce.rs`: "The following options are
    /// available:") has at least this many words: a one- or two-word label ("Tags:", "Share
    /// on:") heads a link box, not a sentence.
    pub const ANNOUNCE_MIN_WORDS: u32 = 3;
    /// Wrapper levels climbed from a list to its announcing paragraph, and down into the
    /// paragraph's wrapper (Asciidoctor: `div.paragraph > p`, then `div.ulist > ul`).
    pub const ANNOUNCE_LEVELS: usize = 2;
    /// …and a title announcing a list (`rules::ANNOUNCING_TITLES`) is at most this long.
    pub const ANNOUNCE_TITLE_MAX_CHARS: u32 = 16;
    /// Keyword (copyright, share …) hits only count on short text; a long paragraph that
    /// mentions "cookies" is still prose.
    pub const KEYWORD_MAX_CHARS: u32 = 200;
    /// Below this much rendered text, `<noscript>` content is read instead (Discourse forums in
    /// wcxb-dev render their threads only there for clients without script).
    pub const NOSCRIPT_FALLBACK_CHARS: u32 = 200;
    /// A `<noscript>` with at least this much raw markup on such a page is a whole document
    /// (crawler view), worth parsing as markup; an "enable JavaScript" notice is far shorter.
    pub const NOSCRIPT_DOCUMENT_CHARS: usize = 500;
    /// …or wherever its raw markup is this many times the rendered text: the page's own text
    /// sits there (trafilatura: security.googleblog.com's post only in `<noscript>`, the rendered
    /// page an archive menu). Raw markup counts its tags, hence a factor, not a plain majority.
    pub const NOSCRIPT_OUTWEIGHS: usize = 2;
    /// An overlay covers at least this share of the viewport area.
    pub const OVERLAY_VIEWPORT_SHARE: f32 = 0.5;
    /// z-index at which a fixed/sticky layer is considered to sit above the page.
    pub const OVERLAY_MIN_Z: i32 = 10;
    /// Seed 001 regions: the top and bottom bands are this share of the page height (at least
    /// `REGION_MIN_BAND_PX`), the side bands this share of the page width.
    pub const REGION_VERTICAL_SHARE: f32 = 0.12;
    /// Minimum band height in px (short pages still have a header band).
    pub const REGION_MIN_BAND_PX: f32 = 150.0;
    /// At most this many viewport heights (layout only). Why: a masthead or footer is one or
    /// two screens at most, while 12 % of a tall page is tens of thousands of px (wcxb-dev's REI
    /// category pages, 283,000 px unstyled: the bottom band swallowed the buying guide under
    /// the product grid, whose candidates then weighed `EDGE_REGION_WEIGHT`).
    pub const REGION_MAX_BAND_VIEWPORTS: f32 = 2.0;
    /// Side band width share.
    pub const REGION_SIDE_SHARE: f32 = 0.22;
    /// Candidate score factor for a box wholly inside the top, bottom or a side band (layout
    /// only): styled-dev's dub.uu.nl picked its 52-char slogan in the header band over a column
    /// of teasers scoring 0.6 of it.
    pub const EDGE_REGION_WEIGHT: f32 = 0.25;
    /// …except for a top-band candidate holding a prose paragraph of this many chars (a
    /// sentence or two; the slogan above was 52) after the page's first `h1`. Why: on a tall page the top band is two
    /// screens (`REGION_MAX_BAND_VIEWPORTS`), which holds a listing's intro paragraph under
    /// its title (wcxb-dev collection 0651 live: its 217-char intro weighed a quarter and a
    /// facet panel of counts won); announcement bars above the `h1` stay weighed down
    /// (wcxb-dev 0135, 0595).
    pub const TOP_BAND_PROSE_CHARS: u32 = 150;
    /// Layout only (`extract/layout.rs`): text set below this share of the page's body font
    /// is small print (footers, legal lines, sidebars, captions), not the article's body.
    pub const SMALL_PRINT_SHARE: f32 = 0.85;
    /// …and counts this much as paragraph evidence.
    pub const SMALL_PRINT_WEIGHT: f32 = 0.5;
    /// Paragraph elements a page needs before they alone set its body font (a page of a few
    /// `p` captions is measured over all its prose blocks).
    pub const BODY_FONT_MIN_PARAGRAPHS: usize = 3;
    /// Layout only: on a link-led front page, a link block whose links average at least this
    /// many chars is a teaser headline ("Kwart masterstudenten worstelt met Engels"); menu and
    /// tag-list links run 4–15 chars.
    pub const TEASER_MIN_LINK_CHARS: u32 = 24;
    /// A summary inside its card's link: a sentence of at least this many chars
    /// (`extract::layout::entry_summary`).
    pub const ENTRY_SUMMARY_MIN_CHARS: u32 = 80;
    /// A sibling of the winner that is a home page's teaser row is not joined
    /// (`extract::score::teaser_row`): at least this many boxes of one tag and class…
    pub const TEASER_ROW_MIN_BOXES: usize = 3;
    /// …each a heading, a blurb of one or two sentences and a link, at most this many chars…
    pub const TEASER_BOX_MAX_CHARS: u32 = 160;
    /// …holding at least this share of the sibling's text outside its noise and menus.
    pub const TEASER_ROW_SHARE: f32 = 0.8;
    /// Like sibling boxes that make a run of entry cards.
    pub const ENTRY_MIN_CARDS: usize = 3;
    /// Boxes climbed from the summary looking for its card.
    pub const ENTRY_CARD_CLIMB: usize = 5;
    /// Layout only (`layout::main_column`): prose chars the selected roots need before their
    /// reading column is trusted to judge other blocks (a page of three captions has none).
    pub const COLUMN_MIN_PROSE_CHARS: u32 = 400;
    /// Layout only (`layout::off_column`): a block beside the reading column is boilerplate
    /// when its own text is at least this share links (a side column's link box inside a
    /// table-layout root), small print, or shorter than a paragraph.
    pub const OFF_COLUMN_LINK_SHARE: f32 = 0.3;
    /// Layout only (`layout::off_column`): a block beside the reading column and narrower than
    /// this share of it is a side box even when it holds prose (styled-dev: a 212 px column of
    /// product blurbs next to a 500 px article); a parallel column of equal width is not.
    pub const OFF_COLUMN_NARROW_SHARE: f32 = 0.6;
    /// Layout only (`layout::off_column`): …unless its own text is a paragraph this long.
    pub const OFF_COLUMN_PROSE_CHARS: u32 = 500;
    /// Layout only (`layout::off_column`): cells of one row whose widths differ by at most this
    /// share are equal columns of records, not a side column beside the reading one.
    pub const TWIN_CELL_WIDTH_SHARE: f32 = 0.1;
    /// Seed 001 menus: few words per link.
    pub const MENU_WORDS_PER_LINK: f32 = 4.0;
    /// Seed 003 evidence weight: the best run's paragraphs count this much extra. Ablation on
    /// the python-parsed dev corpora: 0.5 cost wcxb-dev 0.009 word F1 and cleaneval 0.004
    /// while gaining big9 0.004, so it stays a light tie-breaker.
    pub const RUN_BONUS: f32 = 0.1;
    /// Seed 003: a run must have at least this many blocks to be a candidate region.
    pub const MIN_RUN_BLOCKS: usize = 2;
    /// Seed 000 TAF: a text fingerprint seen on at least this share of a site's earlier pages
    /// (and on at least `SITE_MIN_PAGES`) is boilerplate.
    pub const SITE_REPEAT_SHARE: f32 = 0.3;
    /// Pages needed before site memory says anything.
    pub const SITE_MIN_PAGES: u32 = 2;
    /// Bound on stored fingerprints per site (oldest evicted), so extension storage stays small.
    pub const SITE_MAX_FINGERPRINTS: usize = 4_000;
    /// Bound on stored tag paths per site.
    pub const SITE_MAX_PATHS: usize = 1_000;
    /// Readerable: paragraphs of at least this many chars count as article evidence.
    pub const READERABLE_PARAGRAPH_CHARS: u32 = 140;
    /// Readerable: evidence (sqrt of chars beyond the minimum) summed over the prose paragraphs of
    /// one parent element, needed under at least one parent. Why per parent: an article's
    /// paragraphs share a container, while a listing's or collection's teaser blurbs each sit in
    /// their own card, so a page-wide sum called half of the wcxb-dev listing and collection pages
    /// readerable. Why 15 (not the page-wide 20): one parent holds less than the whole page; on
    /// wcxb-dev page types 15 kept recall near the page-wide sum's (0.950 -> 0.942) for precision
    /// 0.898 -> 0.913 (docs/QUALITY.md, "isProbablyReaderable").
    pub const READERABLE_MIN_EVIDENCE: f32 = 15.0;
}

/// Hierarchy-vote thresholds (seed 004 §4, best near 0.7/0.4; raising both favours precision).
pub(crate) fn hierarchy_thresholds(mode: crate::Mode) -> (f32, f32) {
    match mode {
        // Stricter: a parent needs 80 % content children to pull stragglers in.
        crate::Mode::Precision => (0.8, 0.5),
        // The paper's best setting.
        crate::Mode::Balanced => (0.7, 0.4),
        // Lenient: pulls more borderline blocks in.
        crate::Mode::Recall => (0.6, 0.3),
    }
}

/// Elements whose block children are a list's items: when the hierarchy vote pulls such a list
/// in as content, its items come with it (a list is its items). Why: tutorial and docs index pages
/// (GeeksforGeeks topic hubs, docs section pages) run "heading, then a list of links to the
/// sub-pages" through the body; the section's vote kept each `ul` yet every one-link `li` stayed
/// boilerplate by link density, so the kept lists were empty (wcxb-dev documentation).
pub(crate) const LIST_CONTAINERS: &[u8] = prefixed!["ul", "ol", "dl", "li", "dd"];
/// Only lists whose items average at most this many chars (sub-page titles, not headlines).
pub(crate) const LIST_ITEM_MAX_MEAN_CHARS: f32 = 40.0;
/// Titles (as `rules::tail::marker_key` writes them) over a list of further reading that is
/// part of the document (`extract/announce.rs`). Why: MDN's "See also" section, the
/// `seealso` admonitions of Sphinx (Python docs) and the SEE ALSO of man pages are links,
/// dropped as a link list with their heading, yet documentation golds keep them.
pub(crate) const ANNOUNCING_TITLES: &[&str] = &["see also"];

/// Inline `style` declaring `display: none` (whitespace and case ignored).
pub(crate) fn style_removes(style: &str) -> bool {
    compact_style_contains(style, &["display:none"])
}

/// The first 400 non-whitespace chars of an inline `style` contain one of `needles` (lowercase,
/// ASCII case ignored), read without allocating: every element with a `style` is asked, on
/// pages that carry thousands of them.
pub(crate) fn compact_style_contains(style: &str, needles: &[&str]) -> bool {
    let mut buf = [0u8; 4 * 400];
    let mut n = 0;
    for c in style.chars().filter(|c| !c.is_whitespace()).take(400) {
        n += c.encode_utf8(&mut buf[n..]).len();
    }
    needles
        .iter()
        .any(|needle| contains_ci_bytes(&buf[..n], needle.as_bytes()))
}

/// True when `s` (lower-cased) reads as a count: a digit, then digits with group separators
/// (`,` `.` space, no-break space, `'`), an optional `k`/`m` suffix ("12", "1,204", "1.2k",
/// "1 204"). Shared by forum user cards' stat values (`meta_line::stat_value_fits`) and post
/// furniture (`prune::is_post_furniture`).
pub(crate) fn is_count(s: &str) -> bool {
    let v = s.trim_end_matches(['k', 'm']);
    v.starts_with(|c: char| c.is_ascii_digit())
        && v.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ',' | '.' | ' ' | '\u{a0}' | '\''))
}

/// ASCII-case-insensitive substring search without allocating (`needle` is lowercase).
pub(crate) fn contains_ci(hay: &str, needle: &str) -> bool {
    contains_ci_bytes(hay.as_bytes(), needle.as_bytes())
}

/// [`contains_ci`] on bytes.
pub(crate) fn contains_ci_bytes(h: &[u8], n: &[u8]) -> bool {
    if n.is_empty() {
        return true;
    }
    if n.len() > h.len() {
        return false;
    }
    h.windows(n.len())
        .any(|w| w.iter().zip(n).all(|(a, b)| a.to_ascii_lowercase() == *b))
}

/// In parsed HTML (no computed style), an element whose class list holds a framework's
/// `display: none` utility class exactly (`HIDING_CLASSES`) and no responsive class that shows
/// it again on wider screens: Tailwind `hidden md:flex`, Bootstrap `d-none d-lg-block` are a
/// desktop menu or column a phone hides (ifixit.com, puntorojo.com, mvmt.com). Nor one of a
/// set a script switches between: a sibling of the same tag and the same classes without the
/// hiding one is shown (todoist.com's template tabs, jococups.com's colour swatches).
/// In a live snapshot computed style already says whether the class hides it when the
/// framework's stylesheet applied (`styled`: the layout shows some element hidden by such a
/// class). When it did not — a blocked or failed stylesheet, a page saved without its CSS — the
/// class is judged as in parsed HTML: the author hid the box, and the reader shows what the
/// styled page shows (ascolour.com's unfilled `productView-info hide` fields, skullcandy.com's
/// and glossier.com's hidden product-card variants, cnet.com's `hide` icon labels).
pub(crate) fn hiding_class(
    snap: &crate::snapshot::Snapshot,
    id: crate::snapshot::NodeId,
    styled: bool,
) -> bool {
    let node = snap.node(id);
    let Some(class) = node.attr("class") else {
        return false;
    };
    fn shown(c: &str) -> Vec<&str> {
        c.split_ascii_whitespace()
            .filter(|t| !in_table(HIDING_CLASSES, t))
            .collect()
    }
    // The same classes in any order, as a multiset (a sort of `&str` here linked a second copy
    // of the standard sort into the wasm, ~3 KB; class lists are short).
    fn same_tokens(a: &[&str], b: &[&str]) -> bool {
        let count = |v: &[&str], t: &str| v.iter().filter(|x| **x == t).count();
        a.len() == b.len() && a.iter().all(|t| count(a, t) == count(b, t))
    }
    let mut tokens = class.split_ascii_whitespace();
    if node.layout.is_some() && styled
        || !tokens.clone().any(|t| in_table(HIDING_CLASSES, t))
        || tokens.any(|t| t.contains(':') || (t.starts_with("d-") && t != "d-none"))
    {
        return false;
    }
    let own = shown(class);
    let siblings = node.parent.map_or(&[][..], |p| &snap.node(p).children[..]);
    !siblings.iter().any(|&s| {
        let sib = snap.node(s);
        s != id
            && sib.tag == node.tag
            && sib.attr("class").is_some_and(|c| {
                !c.split_ascii_whitespace()
                    .any(|t| in_table(HIDING_CLASSES, t))
                    && same_tokens(&shown(c), &own)
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_table_matches_whole_words_only() {
        const T: &[u8] = prefixed!["b", "block", "blockquote", "", "li"];
        for k in ["b", "block", "blockquote", "", "li"] {
            assert!(in_table(T, k), "{k:?}");
        }
        for k in ["bl", "blocks", "lock", "l", "i", "ul", "blockquot"] {
            assert!(!in_table(T, k), "{k:?}");
        }
        assert!(!in_table(prefixed!["a", "ab"], ""));
        assert!(!in_table(&[], "a"));
        // A truncated table (length byte past the end) ends the scan, no panic.
        assert!(!in_table(&[5, b'a'], "a"));
    }

    #[test]
    fn counts_take_group_separators_and_a_k_or_m_suffix() {
        for s in ["12", "1,204", "1.2k", "3m", "1 204", "1\u{a0}204", "1'204"] {
            assert!(is_count(s), "{s}");
        }
        for s in ["", "k", ",12", "12a", "twelve", "#12"] {
            assert!(!is_count(s), "{s}");
        }
    }

    #[test]
    fn openings_pass_every_text_a_word_opens() {
        const T: &str = words!["foto:", "bild", "für links"];
        const L: [u8; T.len()] = len_prefixed::<{ T.len() }>(T);
        let o = Openings::of(T);
        for text in ["Foto: x", "BILD", "für", "Für links", "x", "", "bi", "Über"] {
            let t = crate::lower(text);
            assert_eq!(
                table_opens(&L, &t),
                table_words(T).any(|w| t.starts_with(w))
            );
            if table_opens(&L, &t) {
                assert!(o.may_open(text), "{text}");
            }
        }
        assert!(!o.may_open("Photo: x") && !o.may_open("The end"));
        assert!(Openings::of(words!["a", "bc"]).may_open("xyz"));
    }

    #[test]
    fn len_prefixed_tables_keep_their_words_in_order() {
        const T: &str = words!["comments", "", "mehr zu+", "é"];
        const L: [u8; T.len()] = len_prefixed::<{ T.len() }>(T);
        assert_eq!(L.len(), T.len());
        let words: Vec<&[u8]> = prefixed_words(&L).collect();
        let want: Vec<&[u8]> = table_words(T).map(str::as_bytes).collect();
        assert_eq!(words, want);
        // A truncated table ends the words instead of panicking.
        assert_eq!(prefixed_words(&L[..5]).count(), 0);
        assert_eq!(prefixed_words(&[]).count(), 0);
    }

    #[test]
    fn contains_ci_is_case_insensitive_and_handles_utf8() {
        assert!(contains_ci("Main-NAVIGATION", "navigation"));
        assert!(!contains_ci("nav", "navigation"));
        assert!(contains_ci("© 2024 Société", "société"));
        // Non-ASCII letters compare exactly: vocabularies list the forms pages use.
        assert!(contains_ci("поделиться", "поделиться"));
    }

    #[test]
    fn closed_markup_is_hidden_popover_or_hiding_style() {
        let mut b = crate::snapshot::build::Builder::new();
        let mut ids = Vec::new();
        b.el("body", &[], |b| {
            for attrs in [
                &[("hidden", "")][..],
                &[("popover", "auto")],
                &[("style", "color: red; DISPLAY : none")],
                &[("style", "visibility:hidden")],
                &[("hidden", "until-found")],
                &[("style", "display: block")],
                &[],
            ] {
                ids.push(b.el("div", attrs, |_| {}));
            }
        });
        let s = b.finish();
        let closed: Vec<bool> = ids.iter().map(|&id| closed_markup(s.node(id))).collect();
        assert_eq!(closed, [true, true, true, true, false, false, false]);
        // A script's reveal opens a style, not an attribute.
        assert!(closed_by_attribute(s.node(ids[1])) && !closed_by_attribute(s.node(ids[2])));
    }

    #[test]
    fn modes_order_thresholds() {
        let (pu, pl) = hierarchy_thresholds(crate::Mode::Precision);
        let (bu, bl) = hierarchy_thresholds(crate::Mode::Balanced);
        let (ru, rl) = hierarchy_thresholds(crate::Mode::Recall);
        assert!(pu > bu && bu > ru && pl > bl && bl > rl);
        assert!(bl < bu);
    }
}
