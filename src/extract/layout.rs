//! Layout-only rules (live DOM). Each reads the seed-002 features of [`Geo`] — font size,
//! region, D0 — and returns the neutral answer (factor 1, `false`) when the snapshot has no
//! layout, so parsed HTML (native mode) is never touched by them.
//!
//! - [`small_print_factor`]: paragraphs set clearly smaller than the page's body font are
//!   footers, sidebars, legal lines and captions; they count less as article evidence.
//! - [`teaser_headline`]: on a front page whose selected column is itself mostly links, a
//!   link block of headline-long links set at body size or larger in the centre is a teaser
//!   (the page's content), not a menu.

use crate::extract::blocks::{Features, Geo, Region};
use crate::rules::{self, limits};
use crate::snapshot::{NodeId, NodeKind, Snapshot};

/// The font size carrying most of the page's prose (text-weighted median over visible blocks
/// of at least `MIN_PARAGRAPH_CHARS` whose own text is mostly not links: menus and link boxes
/// are often set larger than the article); `None` without layout.
///
/// Paragraphs (`p`) alone decide when the page has at least `BODY_FONT_MIN_PARAGRAPHS` of them:
/// form options, teaser boxes and table cells are often set at the browser default while the
/// article's paragraphs are styled smaller (big9's 2005 BBC pages: 13 px paragraphs, 16 px
/// selects and boxes).
pub(crate) fn body_font(snap: &Snapshot, f: &Features) -> Option<f32> {
    let prose = |b: NodeId| {
        f.own_len[b.index()] >= limits::MIN_PARAGRAPH_CHARS
            && f.own_link_density(b) < limits::LINK_DENSITY_BOILERPLATE
    };
    let paragraphs = f
        .blocks
        .iter()
        .filter(|&&b| prose(b) && snap.node(b).is("p"))
        .count();
    let only_p = paragraphs >= limits::BODY_FONT_MIN_PARAGRAPHS;
    let mut sizes: Vec<(f32, u32)> = f
        .blocks
        .iter()
        .filter(|&&b| prose(b) && (!only_p || snap.node(b).is("p")))
        .filter_map(|&b| {
            let g = f.geo(b).filter(|g| g.visible && g.font_size > 0.0)?;
            Some((g.font_size, f.own_len[b.index()]))
        })
        .collect();
    let total: u64 = sizes.iter().map(|&(_, n)| u64::from(n)).sum();
    if total == 0 {
        return None;
    }
    crate::order::by_key(&mut sizes, |a| crate::order::f32_key(a.0));
    let mut seen = 0u64;
    for (size, n) in sizes {
        seen += u64::from(n);
        if seen * 2 >= total {
            return Some(size);
        }
    }
    None
}

/// Evidence factor of a paragraph from its font size: `SMALL_PRINT_WEIGHT` when set below
/// `SMALL_PRINT_SHARE` of the body font, else 1 (and 1 without layout).
///
/// A code sample (`in_code`) is not small print: browsers set monospace at 13px against a
/// 16px default (81 %), and sites' code fonts run 85–90 % of the body, so a reference page's
/// examples weighed half and the methods list they document lost to the page's wrapper
/// with its trait tables (wcxb-dev doc.rust-lang.org `Result`, replayed without its
/// stylesheet: 0.75 parsed, 0.59 live). The same page parsed counts them in full.
pub(crate) fn small_print_factor(snap: &Snapshot, f: &Features, b: NodeId) -> f32 {
    let (Some(g), Some(body)) = (f.geo(b), f.body_font) else {
        return 1.0;
    };
    if g.font_size > 0.0 && g.font_size < body * limits::SMALL_PRINT_SHARE && !in_code(snap, b) {
        limits::SMALL_PRINT_WEIGHT
    } else {
        1.0
    }
}

/// True when the selected roots are mostly link text (a front page or a teaser listing):
/// only then are headline links content (with layout by [`teaser_headline`]'s centre test,
/// without it by its structural stand-in).
///
/// Why only text outside noise counts: a root that holds a `<select>` of 8,000 chars of
/// options or a hidden mega-menu is not prose-led because of them (styled-dev intercarto: the
/// product finder's options hid a column of teaser links). `noise_inside` is
/// `NoiseLabels::inside`.
pub(crate) fn link_led_page(
    snap: &Snapshot,
    f: &Features,
    noise_inside: &[bool],
    roots: &[NodeId],
) -> bool {
    let (mut text, mut links) = (0u32, 0u32);
    for &r in roots {
        let mut next = f.preorder[r.index()] as usize;
        for &id in f.subtree(r) {
            let i = id.index();
            if (f.preorder[i] as usize) < next {
                continue;
            }
            if noise_inside.get(i).copied().unwrap_or(false) {
                next = f.subtree_end[i] as usize + 1;
            } else if snap.node(id).kind == NodeKind::Text {
                text += f.text_len[i];
                links += f.link_len[i];
            }
        }
    }
    text > 0 && links as f32 >= limits::LINK_DENSITY_BOILERPLATE * text as f32
}

/// A link block that reads as a teaser headline: visible in the centre region, at least body
/// size, and its links long enough to be headlines (menus and tag lists have one to three
/// words a link). Without layout, [`teaser_in_main_column`] stands in for the centre and font
/// tests. Callers check [`link_led_page`] first.
pub(crate) fn teaser_headline(snap: &Snapshot, f: &Features, b: NodeId) -> bool {
    let (Some(g), Some(body)) = (f.geo(b), f.body_font) else {
        return f.geo.is_none() && teaser_in_main_column(snap, f, b);
    };
    (centred_and_visible(g) || in_list_reaching_centre(snap, f, g, b))
        && g.font_size >= body * limits::SMALL_PRINT_SHARE
        && headline_links(snap, f, b)
}

/// A teaser's title or summary wholly inside its card's link, where the card is one of a grid
/// of like cards; the caller asks it only on a page typed listing or product (not an article)
/// whose selection is not link-led, and [`teaser_headline`] still judges the block (centre and
/// font live, `teaser_in_main_column` without layout).
///
/// Why: category pages and news rivers wrap each entry's summary or title in the entry's link
/// (Al Jazeera's economy river, Wired's science section, Lulu's and iFixit's category grids,
/// WooCommerce category tiles) beside text outside links (bylines, prices, tag rows), so the
/// selection is not link-led and the summaries went as link boxes. Session 15 kept any such
/// block and lost a styled-dev noise block (cultuurbewust's one-off "Highlight" and TV boxes:
/// one box is a promo, a grid of like cards the page's entries); on pages typed article the
/// same blocks are related-story grids (big9 Forbes "By The Numbers", readability Medical News
/// Today's "Related coverage", cleaneval AlterNet's linked headings).
pub(crate) fn entry_summary(snap: &Snapshot, f: &Features, b: NodeId) -> bool {
    let i = b.index();
    let heading = rules::is_heading(snap.node(b).tag.as_str());
    f.own_len[i] > 0
        && f.own_link_len[i] == f.own_len[i]
        && (heading || (f.own_len[i] >= limits::ENTRY_SUMMARY_MIN_CHARS && f.own_sentences[i] > 0))
        && repeated_card(snap, f, b)
}

/// Some box from `b` up (`limits::ENTRY_CARD_CLIMB` levels) is one of a grid: at least
/// `limits::ENTRY_MIN_CARDS` siblings of its tag and first class, itself included, making at
/// least half of its parent's boxes with text. Why half: a home page's column of one-off boxes
/// sharing a class is no grid of entries. Why with text: empty clearing divs are layout, not
/// boxes (styled-dev cultuurbewust's four "item" boxes — most read, highlight, TV, dossier —
/// beside a top-5 list, a team box and a Facebook frame, among five empty clearing and rule
/// divs: 4 of 7 boxes with text, 4 of 12 with the spacers; its gold calls the highlight and
/// TV boxes articles).
pub(crate) fn repeated_card(snap: &Snapshot, f: &Features, b: NodeId) -> bool {
    snap.path_up(b).take(limits::ENTRY_CARD_CLIMB).any(|a| {
        let n = snap.node(a);
        let Some(p) = n.parent else { return false };
        let class = n.first_class();
        let (mut like, mut boxes) = (0, 0);
        for &c in &snap.node(p).children {
            let m = snap.node(c);
            if m.kind == NodeKind::Element && f.text_len[c.index()] > 0 {
                boxes += 1;
                like += usize::from(m.tag == n.tag && m.first_class() == class);
            }
        }
        like >= limits::ENTRY_MIN_CARDS && 2 * like >= boxes
    })
}

/// `b` lies in the top or bottom band but its parent box reaches into the centre: one item of
/// a list that runs through the bands, judged by the list's box. Why: on a tall page the
/// bands are two screens each (`limits::REGION_MAX_BAND_VIEWPORTS`), and a product grid that
/// ends near the page's foot had its last rows refused as teasers while its first rows were
/// kept (wcxb-dev White Flower Farm's pottery grid, 13,000 px unstyled; parsed HTML keeps every
/// row). A footer's links sit in a footer box that is wholly in the band.
fn in_list_reaching_centre(snap: &Snapshot, f: &Features, g: &Geo, b: NodeId) -> bool {
    g.visible
        && matches!(g.region, Region::Top | Region::Bottom)
        && snap
            .node(b)
            .parent
            .and_then(|p| f.geo(p))
            .is_some_and(|p| p.region == Region::Centre)
}

/// Parsed HTML (no layout): the same headline test, with the centre test replaced by a
/// structural one: no box from the block up is a `nav`/`aside`/`header`/`footer` or named like
/// a menu or sidebar (`rules::vocab::NAV_TERMS`, `rules::vocab::OFF_COLUMN_TERMS`).
///
/// Why: teaser listings parsed without layout lost their headline links as boilerplate (wcxb-dev
/// NPR's science section, Hacker Noon and InfoQ front pages, Dick Blick, Giro and Apple's
/// buy-Mac grids, Hugging Face's home page); without any stand-in the same rule also kept a
/// documentation sidebar of long links (the TypeScript handbook) and a portfolio's client
/// list (Thrive Agency), which sit in such boxes.
fn teaser_in_main_column(snap: &Snapshot, f: &Features, b: NodeId) -> bool {
    if !headline_links(snap, f, b) {
        return false;
    }
    !snap.path_up(b).any(|a| {
        let n = snap.node(a);
        matches!(n.tag.as_str(), "nav" | "aside" | "header" | "footer")
            || ["class", "id"].iter().filter_map(|k| n.attr(k)).any(|v| {
                rules::matches_terms(v, rules::vocab::NAV_TERMS)
                    || rules::matches_terms(v, rules::vocab::OFF_COLUMN_TERMS)
            })
    })
}

/// `b` holds links long enough to be headlines, or is a linked heading (see
/// [`teaser_headline`]).
fn headline_links(snap: &Snapshot, f: &Features, b: NodeId) -> bool {
    let i = b.index();
    // Why a block wholly inside a link counts as one link of its own length: card teasers wrap
    // their heading and summary in a single `<a>` (styled-dev intercarto), so the blocks hold
    // no `<a>` of their own.
    let (links, link_len) = match f.links[i] {
        0 if f.own_len[i] > 0 && f.own_link_len[i] == f.own_len[i] => (1, f.own_len[i]),
        n => (n, f.link_len[i]),
    };
    if links == 0 {
        return false;
    }
    // Why headings pass whatever their length: a linked `h1`–`h6` is a story's title ("Vos
    // cartes sur mesure", 21 chars); menus are lists of links, not headings.
    let heading = rules::is_heading(snap.node(b).tag.as_str());
    heading || link_len as f32 / links as f32 >= limits::TEASER_MIN_LINK_CHARS as f32
}

/// The horizontal span of the selected roots' reading column: the text-weighted median left
/// and right edges of their visible prose blocks (own text of a paragraph or more, mostly not
/// links, outside noise). `None` without layout or with less than `COLUMN_MIN_PROSE_CHARS`
/// of prose.
pub(crate) fn main_column(
    snap: &Snapshot,
    f: &Features,
    noise_inside: &[bool],
    roots: &[NodeId],
) -> Option<Column> {
    f.geo.as_ref()?;
    let mut edges: Vec<(f32, f32, u32)> = Vec::new();
    for &b in &f.blocks {
        let i = b.index();
        let prose = f.own_len[i] >= limits::MIN_PARAGRAPH_CHARS
            && f.own_link_density(b) < limits::LINK_DENSITY_BOILERPLATE
            && !noise_inside.get(i).copied().unwrap_or(false)
            && f.geo(b).is_some_and(|g| g.visible)
            && roots.iter().any(|&r| f.contains(r, b));
        let Some(l) = snap
            .node(b)
            .layout
            .as_ref()
            .filter(|l| prose && l.width > 0.0)
        else {
            continue;
        };
        edges.push((l.x, l.x + l.width, f.own_len[i]));
    }
    let total: u32 = edges.iter().map(|e| e.2).sum();
    if total < limits::COLUMN_MIN_PROSE_CHARS {
        return None;
    }
    let median = |key: fn(&(f32, f32, u32)) -> f32| -> f32 {
        let mut v: Vec<(f32, u32)> = edges.iter().map(|e| (key(e), e.2)).collect();
        crate::order::by_key(&mut v, |a| crate::order::f32_key(a.0));
        let mut seen = 0;
        for (x, n) in &v {
            seen += n;
            if seen * 2 >= total {
                return *x;
            }
        }
        v.last().map_or(0.0, |e| e.0)
    };
    let (left, right) = (median(|e| e.0), median(|e| e.1));
    (right > left).then_some(Column { left, right })
}

/// Horizontal span of a reading column, in page px.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Column {
    pub left: f32,
    pub right: f32,
}

/// A block that lies wholly beside the reading column (no horizontal overlap with it) and does
/// not read as the page's prose: link-heavy (`OFF_COLUMN_LINK_SHARE`), small print, shorter
/// than a paragraph, or in a box much narrower than the column (`OFF_COLUMN_NARROW_SHARE`). Headings and code samples (`in_code`) are left alone (a side column's heading goes with its box by the vote).
///
/// Why: table-layout and float pages put their side columns (link boxes, contact lines,
/// partner lists) inside the same container as the article, so selection cannot leave them
/// out; seed 002's distance from the centre, taken relative to the selected column rather than
/// the page (a page-wide column weight broke three-column front pages in session 4), tells them
/// apart. Needs layout.
pub(crate) fn off_column(snap: &Snapshot, f: &Features, col: &Column, b: NodeId) -> bool {
    let (Some(g), Some(l)) = (f.geo(b), snap.node(b).layout.as_ref()) else {
        return false;
    };
    if !g.visible || l.width <= 0.0 || rules::is_heading(snap.node(b).tag.as_str()) {
        return false;
    }
    let beside = l.x + l.width <= col.left || l.x >= col.right;
    // Why a box running past the window's right edge is not a side column: a side column is laid
    // out inside the window; what reaches beyond it is a horizontal carousel's slide, scrolled
    // out of view (wcxb-dev Solo Stove's feature cards, which the gold keeps and parsed HTML
    // keeps).
    let past_window = snap
        .viewport
        .as_ref()
        .is_some_and(|vp| vp.width > 0.0 && l.x + l.width > vp.width + 1.0);
    let i = b.index();
    let weak = f.own_len[i] < limits::MIN_PARAGRAPH_CHARS
        || f.own_link_density(b) >= limits::OFF_COLUMN_LINK_SHARE
        || small_print_factor(snap, f, b) < 1.0
        || (l.width < (col.right - col.left) * limits::OFF_COLUMN_NARROW_SHARE
            && f.own_len[i] < limits::OFF_COLUMN_PROSE_CHARS);
    beside && weak && !past_window && !in_code(snap, b) && !twin_cell(snap, col, b)
}

/// The nearest table holding `b` overlaps the column: a table set in the reading column, whose
/// outer cells may stick out beside the prose when the table is wider than it. A table wholly
/// beside the column is a side box whatever it tabulates (styled-dev used-tanning-beds: a
/// side table of featured beds, one record a row).
pub(crate) fn table_across_column(snap: &Snapshot, col: &Column, b: NodeId) -> bool {
    snap.path_up(b)
        .find(|&a| snap.node(a).is("table"))
        .and_then(|t| snap.node(t).layout.as_ref())
        .is_some_and(|l| l.x < col.right && l.x + l.width > col.left)
}

/// `b` is in a table cell at least as wide as the reading column whose row also holds a cell of
/// its width (both within `limits::TWIN_CELL_WIDTH_SHARE`) lying across that column: the table
/// sets its records
/// in equal columns, and the cell beside the column is the next record, not a side box. Why:
/// old link directories and fan pages lay their entries out two a row (cleaneval's Cat
/// Stevens links page: the left column of a 2 × 627 px grid of link notes was dropped as a
/// link box beside the right column); a table layout's side column is a narrow cell beside a
/// wide one.
fn twin_cell(snap: &Snapshot, col: &Column, b: NodeId) -> bool {
    let Some(cell) = snap.path_up(b).find(|&a| snap.node(a).is("td")) else {
        return false;
    };
    let (Some(l), Some(row)) = (snap.node(cell).layout.as_ref(), snap.node(cell).parent) else {
        return false;
    };
    let share = limits::TWIN_CELL_WIDTH_SHARE;
    if l.width < (col.right - col.left) * (1.0 - share) {
        return false;
    }
    snap.node(row).children.iter().any(|&c| {
        snap.node(c).layout.as_ref().is_some_and(|m| {
            c != cell
                && m.x < col.right
                && m.x + m.width > col.left
                && (m.width - l.width).abs() <= l.width * share
        })
    })
}

/// Inside a `<pre>` or `<code>` box: a code sample. Why: API references set their examples
/// beside the prose (a two-pane layout: Stripe's, Slate's and Redoc's example column), and a
/// code line is short and link-free without being a side box; the gold keeps them.
fn in_code(snap: &Snapshot, b: NodeId) -> bool {
    snap.path_up(b)
        .any(|id| snap.node(id).is("pre") || snap.node(id).is("code"))
}

fn centred_and_visible(g: &Geo) -> bool {
    g.visible && g.region == Region::Centre
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::blocks;
    use crate::snapshot::build::Builder;
    use crate::snapshot::{Layout, NodeKind, Viewport};

    const PROSE: &str =
        "A paragraph of the article, with commas, clauses and detail enough to score.";

    /// Gives every element a visible box: `place(id)` returns (x, y, width, font size).
    fn lay_out(s: &mut Snapshot, place: impl Fn(NodeId) -> (f32, f32, f32, f32)) {
        s.viewport = Some(Viewport {
            width: 1280.0,
            height: 800.0,
            page_width: 1280.0,
            page_height: 3000.0,
            ..Viewport::default()
        });
        for i in 0..s.nodes.len() {
            if s.nodes[i].kind != NodeKind::Element {
                continue;
            }
            let (x, y, width, font_size) = place(NodeId(i as u32));
            s.nodes[i].layout = Some(Layout {
                x,
                y,
                width,
                height: 100.0,
                display: "block".into(),
                visibility: "visible".into(),
                opacity: 1.0,
                font_size,
                ..Layout::default()
            });
        }
    }

    /// Body with a main column of prose and a narrow side column of prose in small print.
    fn two_columns() -> (Snapshot, NodeId, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut main, mut side, mut small) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            main = b.el("div", &[], |b| {
                for _ in 0..4 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
            });
            side = b.el("div", &[], |b| {
                small = b.el("p", &[], |b| {
                    b.text(PROSE);
                });
            });
        });
        (b.finish(), main, side, small)
    }

    #[test]
    fn without_layout_every_rule_is_neutral() {
        let (s, main, _, small) = two_columns();
        let f = blocks::compute(&s);
        assert_eq!(f.body_font, None);
        assert_eq!(small_print_factor(&s, &f, small), 1.0);
        assert!(!link_led_page(&s, &f, &[], &[main]));
        assert!(!teaser_headline(&s, &f, small));
    }

    #[test]
    fn small_print_weighs_less() {
        let (mut s, main, side, small) = two_columns();
        let in_side = |id: NodeId| id == side || s.node(id).parent == Some(side);
        let boxes: Vec<bool> = (0..s.len()).map(|i| in_side(NodeId(i as u32))).collect();
        let paragraph: Vec<bool> = s.nodes.iter().map(|n| n.is("p")).collect();
        lay_out(&mut s, |id| {
            if boxes[id.index()] {
                (1000.0, 200.0, 260.0, 11.0) // right column, small print
            } else if id == main || paragraph[id.index()] {
                (100.0, 200.0, 800.0, 16.0)
            } else {
                (0.0, 0.0, 1280.0, 16.0)
            }
        });
        let f = blocks::compute(&s);
        assert_eq!(f.body_font, Some(16.0));
        assert_eq!(
            small_print_factor(&s, &f, small),
            limits::SMALL_PRINT_WEIGHT
        );
        let first_p = s.node(main).children[0];
        assert_eq!(small_print_factor(&s, &f, first_p), 1.0);
    }

    #[test]
    fn a_code_sample_set_in_monospace_is_not_small_print() {
        let mut b = Builder::new();
        let mut code = NodeId(0);
        b.el("body", &[], |b| {
            b.el("p", &[], |b| {
                b.text(PROSE);
            });
            code = b.el("pre", &[], |b| {
                b.el("code", &[], |b| {
                    b.text("let x: Result<u32, &str> = Ok(2);\nassert_eq!(x.is_ok(), true);");
                });
            });
        });
        let mut s = b.finish();
        // The browser's monospace default: 13px against a 16px body.
        lay_out(&mut s, |id| {
            (100.0, 200.0, 800.0, if id == code { 13.0 } else { 16.0 })
        });
        let f = blocks::compute(&s);
        assert_eq!(f.body_font, Some(16.0));
        assert_eq!(small_print_factor(&s, &f, code), 1.0);
        // The same size on prose is small print.
        s.nodes[code.index()].tag = "p".into();
        let f = blocks::compute(&s);
        assert_eq!(small_print_factor(&s, &f, code), limits::SMALL_PRINT_WEIGHT);
    }

    /// A front page: a centre column of teaser headlines (links) and a menu of short links.
    fn front_page() -> (Snapshot, NodeId, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut column, mut headline, mut menu) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            column = b.el("div", &[], |b| {
                b.el("p", &[], |b| {
                    b.text(PROSE);
                });
                for t in [
                    "Students spend too little time on their studies, rector says",
                    "A quarter of master students struggle with English",
                    "Teaching is still too often a chore, report finds",
                ] {
                    headline = b.el("h4", &[], |b| {
                        b.el("a", &[("href", "/n")], |b| {
                            b.text(t);
                        });
                    });
                }
                menu = b.el("div", &[], |b| {
                    for t in ["News", "Opinion", "Podium", "About"] {
                        b.el("a", &[("href", "/s")], |b| {
                            b.text(t);
                        });
                    }
                });
            });
        });
        (b.finish(), column, headline, menu)
    }

    #[test]
    fn headline_links_on_a_link_led_page_are_teasers_and_menus_are_not() {
        let (mut s, column, headline, menu) = front_page();
        let f = blocks::compute(&s);
        // Parsed HTML: the structural stand-in keeps the headlines and not the menu.
        assert!(teaser_headline(&s, &f, headline));
        assert!(!teaser_headline(&s, &f, menu));
        lay_out(&mut s, |_| (300.0, 1200.0, 680.0, 16.0));
        let f = blocks::compute(&s);
        assert!(link_led_page(&s, &f, &[], &[column]));
        assert!(teaser_headline(&s, &f, headline));
        assert!(!teaser_headline(&s, &f, menu));
    }

    #[test]
    fn without_layout_headlines_in_a_menu_or_sidebar_box_are_not_teasers() {
        for (tag, attrs) in [
            ("nav", vec![]),
            ("aside", vec![]),
            ("div", vec![("class", "docs-sidebar")]),
            ("div", vec![("id", "main-menu")]),
        ] {
            let mut b = Builder::new();
            let mut link = NodeId(0);
            b.el("body", &[], |b| {
                b.el(tag, &attrs, |b| {
                    b.el("ul", &[], |b| {
                        for t in ["Creating Types from Types", "Keyof Type Operator explained"] {
                            link = b.el("li", &[], |b| {
                                b.el("a", &[("href", "/d")], |b| {
                                    b.text(t);
                                });
                            });
                        }
                    });
                });
            });
            let s = b.finish();
            let f = blocks::compute(&s);
            assert!(!teaser_headline(&s, &f, link), "{tag} {attrs:?}");
        }
    }

    /// A river of `cards` entries (`div.card`, each a linked summary beside a byline) among
    /// `others` one-off boxes sharing the class name's first word and `spacers` empty boxes
    /// (clearing divs); returns the last summary.
    fn river(cards: usize, others: usize, spacers: usize) -> (Snapshot, NodeId) {
        let mut b = Builder::new();
        let mut summary = NodeId(0);
        b.el("body", &[], |b| {
            b.el("div", &[], |b| {
                for k in 0..cards {
                    let class = if k == 0 { "card first" } else { "card" };
                    b.el("div", &[("class", class)], |b| {
                        summary = b.el("p", &[], |b| {
                            b.el("a", &[("href", "/s")], |b| {
                                b.text("Prices rose again in the spring as shipping costs climbed, the bank said on Monday.");
                            });
                        });
                        b.el("span", &[], |b| {
                            b.text("By a staff writer, 3 hours ago");
                        });
                    });
                }
                for _ in 0..others {
                    b.el("section", &[("class", "promo")], |b| {
                        b.text("Subscribe");
                    });
                }
                for _ in 0..spacers {
                    b.el("div", &[("class", "clear")], |_| {});
                }
            });
        });
        (b.finish(), summary)
    }

    #[test]
    fn a_summary_inside_its_link_in_a_grid_of_cards_is_an_entry() {
        // Empty clearing divs between the boxes are no boxes of the column.
        for spacers in [0, 4] {
            let (s, summary) = river(3, 0, spacers);
            let f = blocks::compute(&s);
            assert!(entry_summary(&s, &f, summary), "{spacers}");
            assert!(teaser_headline(&s, &f, summary));
        }
        // Two cards are no grid; three among four other boxes are not half the column.
        for (cards, others) in [(2, 0), (3, 4)] {
            let (s, summary) = river(cards, others, 0);
            let f = blocks::compute(&s);
            assert!(!entry_summary(&s, &f, summary), "{cards} {others}");
        }
    }

    #[test]
    fn a_list_running_into_the_bottom_band_keeps_its_last_headlines() {
        let (mut s, column, headline, _) = front_page();
        // The column starts mid-page; its last headline is in the bottom band (3,000 px page:
        // the band starts at 2,640).
        lay_out(&mut s, |id| {
            let y = if id == headline { 2900.0 } else { 1200.0 };
            (300.0, y, 680.0, 16.0)
        });
        let f = blocks::compute(&s);
        assert_eq!(f.geo(headline).map(|g| g.region), Some(Region::Bottom));
        assert!(teaser_headline(&s, &f, headline));
        // A list wholly in the band (a footer's) is not.
        let b = s.nodes[headline.index()].parent;
        if let Some(l) = s.nodes[column.index()].layout.as_mut() {
            l.y = 2900.0;
        }
        let f = blocks::compute(&s);
        assert_eq!(b, Some(column));
        assert!(!teaser_headline(&s, &f, headline));
    }

    #[test]
    fn a_carousel_slide_past_the_window_is_not_a_side_box() {
        let (mut s, root, side, _) = column_and_side_box();
        let right: Vec<bool> = (0..s.len())
            .map(|i| {
                s.path_up(NodeId(i as u32))
                    .any(|c| s.node(c).attr("class") == Some("right"))
            })
            .collect();
        // The side boxes start right of the column and run past the 1,280-px window.
        lay_out(&mut s, |id| {
            if right[id.index()] {
                (1100.0, 300.0, 440.0, 16.0)
            } else {
                (100.0, 300.0, 700.0, 16.0)
            }
        });
        let f = blocks::compute(&s);
        let Some(col) = main_column(&s, &f, &[], &[root]) else {
            panic!("six paragraphs make a column")
        };
        for &b in &side {
            assert!(!off_column(&s, &f, &col, b), "slide {b:?}");
        }
    }

    #[test]
    fn a_table_across_the_column_is_in_it_a_table_beside_it_is_not() {
        let mut b = Builder::new();
        let mut cell = NodeId(0);
        let table = b.el("table", &[], |b| {
            b.el("tr", &[], |b| {
                cell = b.el("td", &[], |b| {
                    b.text("Capital IDEA");
                });
            });
        });
        let mut s = b.finish();
        let col = Column {
            left: 200.0,
            right: 1000.0,
        };
        // Wider than the column: its first cell sticks out left of the prose.
        lay_out(&mut s, |id| {
            if id == table {
                (10.0, 300.0, 1260.0, 16.0)
            } else {
                (10.0, 300.0, 180.0, 16.0)
            }
        });
        assert!(table_across_column(&s, &col, cell));
        lay_out(&mut s, |_| (1010.0, 300.0, 260.0, 16.0));
        assert!(!table_across_column(&s, &col, cell));
    }

    /// A table-layout page: one root holding a wide column of prose and, beside it, a narrow
    /// box of links, a contact line and a heading.
    fn column_and_side_box() -> (Snapshot, NodeId, Vec<NodeId>, NodeId) {
        let mut b = Builder::new();
        let (mut root, mut side, mut heading) = (NodeId(0), vec![], NodeId(0));
        b.el("body", &[], |b| {
            root = b.el("div", &[], |b| {
                b.el("div", &[], |b| {
                    for _ in 0..6 {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
                b.el("div", &[("class", "right")], |b| {
                    heading = b.el("h3", &[], |b| {
                        b.text("Partners of the festival");
                    });
                    side.push(b.el("div", &[], |b| {
                        for t in ["Art council", "City museum", "Tourist office"] {
                            b.el("a", &[("href", "/p")], |b| {
                                b.text(t);
                            });
                        }
                    }));
                    side.push(b.el("div", &[], |b| {
                        b.text("Tel 555 0100");
                    }));
                });
            });
        });
        (b.finish(), root, side, heading)
    }

    #[test]
    fn blocks_beside_the_reading_column_are_weak_and_the_column_is_not() {
        let (mut s, root, side, heading) = column_and_side_box();
        let f = blocks::compute(&s);
        assert_eq!(
            main_column(&s, &f, &[], &[root]),
            None,
            "no layout, no column"
        );
        let right: Vec<bool> = (0..s.len())
            .map(|i| {
                s.path_up(NodeId(i as u32))
                    .any(|c| s.node(c).attr("class") == Some("right"))
            })
            .collect();
        let place = |id: NodeId| {
            if right[id.index()] {
                (900.0, 300.0, 250.0, 16.0)
            } else {
                (100.0, 300.0, 700.0, 16.0)
            }
        };
        lay_out(&mut s, place);
        let f = blocks::compute(&s);
        let Some(col) = main_column(&s, &f, &[], &[root]) else {
            panic!("six paragraphs make a column")
        };
        assert_eq!(
            col,
            Column {
                left: 100.0,
                right: 800.0
            }
        );
        for &b in &side {
            assert!(off_column(&s, &f, &col, b), "side box {b:?}");
        }
        assert!(
            !off_column(&s, &f, &col, heading),
            "headings are left to the vote"
        );
        let first_p = f.blocks.iter().copied().find(|&b| s.node(b).is("p"));
        assert!(first_p.is_some_and(|p| !off_column(&s, &f, &col, p)));
        // A code sample beside the prose (an API reference's example pane) is not a side box.
        let (mut s2, root2, side2, _) = column_and_side_box();
        let example = side2[1];
        s2.nodes[example.index()].tag = "pre".into();
        lay_out(&mut s2, place);
        let f2 = blocks::compute(&s2);
        let col2 = main_column(&s2, &f2, &[], &[root2]);
        assert!(col2.is_some_and(|c| !off_column(&s2, &f2, &c, example)));
        assert!(col2.is_some_and(|c| off_column(&s2, &f2, &c, side2[0])));
        // Prose beside the column in a box as wide as the column is not weak: a second column
        // of text stays.
        let twin = Column {
            left: 900.0,
            right: 1600.0,
        };
        assert!(first_p.is_some_and(|p| !off_column(&s, &f, &twin, p)));
    }

    #[test]
    fn a_long_paragraph_in_a_narrow_side_box_stays_a_blurb_does_not() {
        let mut b = Builder::new();
        let (mut root, mut bio, mut blurb) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            root = b.el("div", &[], |b| {
                for _ in 0..24 {
                    b.el("p", &[("class", "main")], |b| {
                        b.text(PROSE);
                    });
                }
                bio = b.el("p", &[], |b| {
                    b.text(&PROSE.repeat(8));
                });
                blurb = b.el("p", &[], |b| {
                    b.text(&PROSE.repeat(3));
                });
            });
        });
        let mut s = b.finish();
        let main: Vec<bool> = (0..s.len())
            .map(|i| s.node(NodeId(i as u32)).attr("class") == Some("main"))
            .collect();
        lay_out(&mut s, |id| {
            if main[id.index()] {
                (100.0, 300.0, 700.0, 16.0)
            } else {
                (900.0, 300.0, 250.0, 16.0)
            }
        });
        let f = blocks::compute(&s);
        let Some(col) = main_column(&s, &f, &[], &[root]) else {
            panic!("24 paragraphs make a column")
        };
        // A teacher's bio beside the course page is writing; a product blurb is a side box.
        assert!(!off_column(&s, &f, &col, bio));
        assert!(off_column(&s, &f, &col, blurb));
    }

    #[test]
    fn a_record_in_a_row_of_equal_cells_is_not_a_side_box() {
        let mut b = Builder::new();
        let (mut left, mut right) = (NodeId(0), NodeId(0));
        let table = b.el("table", &[], |b| {
            b.el("tr", &[], |b| {
                left = b.el("td", &[], |b| {
                    b.el("a", &[("href", "/tabs")], |b| {
                        b.text("Guitar tablature for forty songs");
                    });
                });
                right = b.el("td", &[], |b| {
                    b.text(PROSE);
                });
            });
        });
        let mut s = b.finish();
        let col = Column {
            left: 650.0,
            right: 1260.0,
        };
        let place = |l: f32, r: f32| {
            move |id: NodeId| {
                if id == table {
                    (10.0, 300.0, 1260.0, 16.0)
                } else if id == right {
                    (1270.0 - r, 300.0, r, 16.0)
                } else {
                    (10.0, 300.0, l, 16.0)
                }
            }
        };
        lay_out(&mut s, place(620.0, 620.0));
        let f = blocks::compute(&s);
        // Two entries a row of a link directory: the left one is the next record.
        assert!(!off_column(&s, &f, &col, left));
        // A narrow link cell beside a wide one is a table layout's side column.
        let wide = Column {
            left: 330.0,
            right: 1260.0,
        };
        lay_out(&mut s, place(300.0, 930.0));
        let f = blocks::compute(&s);
        assert!(off_column(&s, &f, &wide, left));
    }

    #[test]
    fn link_led_ignores_text_under_noise_and_card_links_count_whole() {
        // A column of teaser cards (heading and summary inside one link) beside a form whose
        // options hold far more text than the cards.
        let mut b = Builder::new();
        let (mut column, mut summary, mut form) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            column = b.el("div", &[], |b| {
                b.el("p", &[], |b| {
                    b.text(PROSE);
                });
                for _ in 0..3 {
                    b.el("a", &[("href", "/card")], |b| {
                        b.el("h2", &[], |b| {
                            b.text("Maps to download");
                        });
                        summary = b.el("p", &[], |b| {
                            b.text("Complete vector maps, editable at will, in every format");
                        });
                    });
                }
                form = b.el("form", &[], |b| {
                    b.el("select", &[], |b| {
                        for _ in 0..40 {
                            b.el("option", &[], |b| {
                                b.text("Map of a country, political version");
                            });
                        }
                    });
                });
            });
        });
        let mut s = b.finish();
        lay_out(&mut s, |_| (300.0, 1200.0, 680.0, 16.0));
        let f = blocks::compute(&s);
        let mut noise = vec![false; s.len()];
        for d in std::iter::once(form).chain(s.descendants(form)) {
            noise[d.index()] = true;
        }
        assert!(
            !link_led_page(&s, &f, &[], &[column]),
            "options outweigh the links"
        );
        assert!(link_led_page(&s, &f, &noise, &[column]));
        assert!(
            teaser_headline(&s, &f, summary),
            "a summary inside its card's link"
        );
    }
}
