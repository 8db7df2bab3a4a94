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
use crate::rules::limits;
use crate::snapshot::{NodeId, Snapshot};

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
    sizes.sort_by(|a, b| a.0.total_cmp(&b.0));
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
pub(crate) fn small_print_factor(f: &Features, b: NodeId) -> f32 {
    let (Some(g), Some(body)) = (f.geo(b), f.body_font) else {
        return 1.0;
    };
    if g.font_size > 0.0 && g.font_size < body * limits::SMALL_PRINT_SHARE {
        limits::SMALL_PRINT_WEIGHT
    } else {
        1.0
    }
}

/// True when the selected roots are mostly link text (a front page or a teaser listing):
/// only then are headline links content. Needs layout.
pub(crate) fn link_led_page(f: &Features, roots: &[NodeId]) -> bool {
    if f.geo.is_none() {
        return false;
    }
    let text: u32 = roots.iter().map(|r| f.text_len[r.index()]).sum();
    let links: u32 = roots.iter().map(|r| f.link_len[r.index()]).sum();
    text > 0 && links as f32 >= limits::LINK_DENSITY_BOILERPLATE * text as f32
}

/// A link block that reads as a teaser headline: visible in the centre region, at least body
/// size, and its links long enough to be headlines (menus and tag lists have one to three
/// words a link). Needs layout; callers check [`link_led_page`] first.
pub(crate) fn teaser_headline(f: &Features, b: NodeId) -> bool {
    let (Some(g), Some(body)) = (f.geo(b), f.body_font) else {
        return false;
    };
    let i = b.index();
    let links = f.links[i];
    if links == 0 || !centred_and_visible(g) || g.font_size < body * limits::SMALL_PRINT_SHARE {
        return false;
    }
    f.link_len[i] as f32 / links as f32 >= limits::TEASER_MIN_LINK_CHARS as f32
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
        assert_eq!(small_print_factor(&f, small), 1.0);
        assert!(!link_led_page(&f, &[main]));
        assert!(!teaser_headline(&f, small));
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
        assert_eq!(small_print_factor(&f, small), limits::SMALL_PRINT_WEIGHT);
        let first_p = s.node(main).children[0];
        assert_eq!(small_print_factor(&f, first_p), 1.0);
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
        assert!(!teaser_headline(&f, headline), "no layout, no teaser");
        lay_out(&mut s, |_| (300.0, 1200.0, 680.0, 16.0));
        let f = blocks::compute(&s);
        assert!(link_led_page(&f, &[column]));
        assert!(teaser_headline(&f, headline));
        assert!(!teaser_headline(&f, menu));
    }
}
