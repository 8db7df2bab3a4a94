//! Stage `related`: a recommendation section inside the selection ("People who viewed this
//! item also viewed", "Frequently bought together"; `rules::related::SECTION_PHRASES`) is left
//! out whole: the box holding its heading and the boxes after it up to the product's own text.
//!
//! The section is found from the heading: climb through wrappers that add next to no text
//! (the box of the heading), then take the following siblings, climbing again when the
//! section reaches the end of its parent. It ends at a sibling holding prose (the product's
//! description) or, past the first sibling with text (the grid, whose cards may have
//! headings), a box opening with a heading as high as its own; it never reaches a selection root.

use crate::classify::page_type::{card_candidate, card_like, signature};
use crate::extract::score::{self, Inputs};
use crate::rules::page_type::{cards, shows_price};
use crate::rules::related::{
    is_section_marker, CLIMB_SLACK_CHARS, GRID_MIN_LINKS, MARKER_MAX_CHARS, MAX_SECTION_PROSE,
    PRICED_GRID_CLIMB_CHARS,
};
use crate::snapshot::{NodeId, NodeKind, Side};
use crate::trace::{Reason, Trace};

/// Leaves out every recommendation section inside `roots`; returns how many.
pub(crate) fn drop_sections(
    inp: &Inputs,
    roots: &[NodeId],
    drop: &mut Side<bool>,
    trace: &mut Trace,
) -> usize {
    let (snap, f) = (inp.snap, inp.f);
    let mut sections = 0;
    f.visit_kept(roots, drop, |id, drop| {
        let i = id.index();
        let short = f.is_block[i] && !f.skip[i] && f.text_len[i] > 0;
        if !short
            || f.text_len[i] > MARKER_MAX_CHARS
            || f.link_len[i] * 2 >= f.text_len[i]
            || roots.contains(&id)
            || !is_section_marker(&snap.text_of(id))
        {
            return;
        }
        for s in section(inp, roots, id) {
            for &d in f.subtree(s) {
                drop[d.index()] = true;
            }
        }
        trace.decide(id, "related", false, Reason::Recommendations);
        sections += 1;
    });
    sections
}

/// On a product page, leaves out every grid of priced product tiles inside `roots` that comes
/// after the page's title (`h1`); returns how many. A grid is [`cards::MIN_CARDS`] or more
/// children of one box with one tag and first class, each linking somewhere and most showing
/// a price (`rules::page_type::shows_price`); the grid climbs through wrappers that add at most
/// [`PRICED_GRID_CLIMB_CHARS`] (its heading, a "See more" link). Why: "more from this seller",
/// "how about these?", "you may also like" carousels sit in the product's own column under
/// headings no phrase list reaches, and the golds keep the product only (wcxb-dev: zalando's
/// "How about these?", eBay's "Seller's other items", nintendo's store tiles).
pub(crate) fn drop_priced_grids(
    inp: &Inputs,
    roots: &[NodeId],
    drop: &mut Side<bool>,
    trace: &mut Trace,
) -> usize {
    let (snap, f) = (inp.snap, inp.f);
    let title = f
        .order
        .iter()
        .find(|&&d| snap.node(d).is("h1") && f.text_len[d.index()] > 0);
    let Some(&title) = title else {
        return 0;
    };
    let title_end = f.subtree_end[title.index()];
    let inside = |p: NodeId| !roots.contains(&p) && roots.iter().any(|&r| f.contains(r, p));
    let mut grids = 0;
    f.visit_kept(roots, drop, |id, drop| {
        let i = id.index();
        if f.preorder[i] <= title_end
            || roots.contains(&id)
            || !priced_grid(inp, id, drop)
            || !priced_between(inp, title_end, f.preorder[i])
        {
            return;
        }
        let slack = f.text_len[i] + PRICED_GRID_CLIMB_CHARS;
        let grid = snap
            .ancestors(id)
            .take_while(|&p| inside(p) && f.text_len[p.index()] <= slack)
            .take_while(|&p| f.preorder[p.index()] > title_end)
            .last()
            .unwrap_or(id);
        for &d in f.subtree(grid) {
            drop[d.index()] = true;
        }
        trace.decide(grid, "related", false, Reason::Recommendations);
        grids += 1;
    });
    grids
}

/// A text between preorder positions `from` and `to` (both excluded) shows a price: the
/// product's own, between its title and a grid of other items. A category page's title is
/// followed by its grid (an intro, a sort bar, an item count), not by a price of its own.
fn priced_between(inp: &Inputs, from: u32, to: u32) -> bool {
    let range = inp
        .f
        .order
        .get(from as usize + 1..to as usize)
        .unwrap_or(&[]);
    shows_a_price(inp, range)
}

/// One of the text nodes among `ids` shows a price (`rules::page_type::shows_price`).
#[inline(never)]
fn shows_a_price(inp: &Inputs, ids: &[NodeId]) -> bool {
    ids.iter().any(|&d| {
        let n = inp.snap.node(d);
        n.kind == NodeKind::Text && shows_price(&n.text)
    })
}

/// The children of `p` hold a grid of priced, linked tiles of one signature.
fn priced_grid(inp: &Inputs, p: NodeId, drop: &Side<bool>) -> bool {
    let (snap, f) = (inp.snap, inp.f);
    let node = snap.node(p);
    if node.kind != NodeKind::Element || node.children.len() < cards::MIN_CARDS {
        return false;
    }
    let mut groups: Vec<((&str, &str), usize, usize, u32)> = Vec::new();
    for &c in &node.children {
        if !card_candidate(snap, f, drop, c) {
            continue;
        }
        let len = f.text_len[c.index()];
        let priced = shows_a_price(inp, f.subtree(c));
        let sig = signature(snap.node(c));
        let at = match groups.iter().position(|g| g.0 == sig) {
            Some(at) => at,
            None => {
                groups.push((sig, 0, 0, 0));
                groups.len() - 1
            }
        };
        let g = &mut groups[at];
        g.1 += 1;
        g.2 += usize::from(priced);
        g.3 += len;
    }
    groups
        .iter()
        .any(|&(_, count, priced, text)| priced * 2 > count && card_like(count, text, priced))
}

/// The boxes of the section headed by `marker`, in document order.
fn section(inp: &Inputs, roots: &[NodeId], marker: NodeId) -> Vec<NodeId> {
    let (snap, f) = (inp.snap, inp.f);
    let inside = |p: NodeId| !roots.contains(&p) && roots.iter().any(|&r| f.contains(r, p));
    let slack = f.text_len[marker.index()] + CLIMB_SLACK_CHARS;
    let head = snap
        .ancestors(marker)
        .take_while(|&p| inside(p) && f.text_len[p.index()] <= slack)
        .last()
        .unwrap_or(marker);
    let level = heading_level(inp, marker);
    let mut out = vec![head];
    let mut grid_seen = false;
    let mut cur = head;
    while let Some(p) = snap.node(cur).parent {
        let children = &snap.node(p).children;
        let at = children
            .iter()
            .position(|&c| c == cur)
            .unwrap_or(children.len());
        for &s in &children[at + 1..] {
            let i = s.index();
            if f.text_len[i] == 0 {
                out.push(s);
                continue;
            }
            // A box opening with a heading as high as the marker's starts the next section;
            // cards may open with lower ones (`h3` titles under an `h2`), and under a marker
            // that is no heading, only the grid (the first box with several links) may.
            let ends = match level {
                Some(l) => heading_level(inp, s).is_some_and(|h| h <= l),
                None => grid_seen && heading_level(inp, s).is_some(),
            };
            if ends || own_text(inp, s) {
                return out;
            }
            grid_seen |= f.links[i] >= GRID_MIN_LINKS;
            out.push(s);
        }
        // The section ends with the box that holds its grid: past it lie the page's next
        // parts (an item's description tabs after a carousel).
        if grid_seen || !inside(p) {
            break;
        }
        cur = p;
    }
    out
}

/// The subtree of `b` holds the product's own text: more than [`MAX_SECTION_PROSE`] chars of
/// prose paragraphs, or an `h1` with text (its title; a gallery or a badge may come before it
/// in its box, so it need not open the box).
fn own_text(inp: &Inputs, b: NodeId) -> bool {
    let (snap, f) = (inp.snap, inp.f);
    let mut prose = 0;
    f.subtree(b).iter().any(|&d| {
        if f.is_block[d.index()] {
            prose += score::own_prose_chars(inp, d);
        }
        prose > MAX_SECTION_PROSE || (f.text_len[d.index()] > 0 && snap.node(d).is("h1"))
    })
}

/// The level (1 for `h1`) of the `h1`–`h6` holding the first text of the subtree of `b`: a
/// box that opens with a heading starts a section of its own.
fn heading_level(inp: &Inputs, b: NodeId) -> Option<usize> {
    let (snap, f) = (inp.snap, inp.f);
    let first = f
        .subtree(b)
        .iter()
        .find(|&&d| snap.node(d).kind == NodeKind::Text && f.text_len[d.index()] > 0)?;
    let mut up = snap.path_up(*first).take_while(|&a| f.contains(b, a));
    up.find_map(|a| crate::rules::heading_rank(&snap.node(a).tag))
        .map(usize::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::prune::tests::with_inputs;
    use crate::snapshot::build::Builder;

    const ABOUT: &str = "A light daypack for long trail days. The frame sheet keeps its shape, \
        and the hip belt carries the load, so your shoulders stay fresh after hours of walking.";

    #[test]
    fn a_recommendation_grid_leaves_with_its_heading() {
        let mut b = Builder::new();
        let (mut main, mut title, mut about, mut heading, mut grid, mut specs) = (
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
        );
        b.el("body", &[], |b| {
            main = b.el("main", &[], |b| {
                title = b.el("h1", &[], |b| {
                    b.text("Trail Pack 25");
                });
                about = b.el("p", &[], |b| {
                    b.text(ABOUT);
                });
                b.el("section", &[], |b| {
                    // The decision is on the outermost box holding only the heading.
                    heading = b.el("div", &[], |b| {
                        b.el("h2", &[], |b| {
                            b.text("You may also like");
                        });
                    });
                    grid = b.el("ul", &[], |b| {
                        for name in ["Trail Pack 40", "Summit Bag", "Hip Pack"] {
                            b.el("li", &[], |b| {
                                b.el("a", &[("href", "/p")], |b| {
                                    b.el("h3", &[], |b| {
                                        b.text(name);
                                    });
                                });
                                b.el("span", &[], |b| {
                                    b.text("$49.00");
                                });
                            });
                        }
                    });
                });
                specs = b.el("div", &[], |b| {
                    b.el("h2", &[], |b| {
                        b.text("Specifications");
                    });
                    b.el("p", &[], |b| {
                        b.text("Weight 0.9 kg");
                    });
                });
            });
        });
        let s = b.finish();
        let mut drop = crate::snapshot::Side(vec![false; s.len()]);
        let mut trace = Trace::default();
        let n = with_inputs(&s, |inp| drop_sections(inp, &[main], &mut drop, &mut trace));
        assert_eq!(n, 1);
        assert!(drop[heading.index()] && drop[grid.index()]);
        // The product's title, description and the next section (its own `h2`) stay.
        assert!(![title, about, specs].iter().any(|x| drop[x.index()]));
        assert_eq!(
            trace.last_decision(heading).map(|d| d.reason),
            Some(Reason::Recommendations)
        );
    }

    /// A service page's own sections, then its firm's feed of articles under "Featured
    /// insights": the feed leaves, the service text and the FAQ after the feed stay.
    #[test]
    fn a_service_page_feed_of_insights_leaves_with_its_heading() {
        let mut b = Builder::new();
        let (mut main, mut about, mut heading, mut feed, mut faq) =
            (NodeId(0), NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            main = b.el("main", &[], |b| {
                b.el("h1", &[], |b| {
                    b.text("Data and analytics consulting");
                });
                about = b.el("p", &[], |b| {
                    b.text(ABOUT);
                });
                heading = b.el("h2", &[], |b| {
                    b.text("Featured insights");
                });
                feed = b.el("div", &[], |b| {
                    for name in ["AI agents are here", "Better data sooner", "Top risks"] {
                        b.el("div", &[], |b| {
                            b.el("a", &[("href", "/insights/x")], |b| {
                                b.text(name);
                            });
                        });
                    }
                });
                faq = b.el("div", &[], |b| {
                    b.el("h2", &[], |b| {
                        b.text("Frequently asked questions");
                    });
                    b.el("p", &[], |b| {
                        b.text(ABOUT);
                    });
                });
            });
        });
        let s = b.finish();
        let mut drop = crate::snapshot::Side(vec![false; s.len()]);
        let mut trace = Trace::default();
        let n = with_inputs(&s, |inp| drop_sections(inp, &[main], &mut drop, &mut trace));
        assert_eq!(n, 1);
        assert!(drop[heading.index()] && drop[feed.index()]);
        assert!(![about, faq].iter().any(|x| drop[x.index()]));
    }

    /// A product page: title, price, description, then a priced grid of other items under a
    /// heading no phrase names. `with_price` false: a category page (title, intro, grid).
    fn shop_page(with_price: bool) -> (crate::snapshot::Snapshot, [NodeId; 5]) {
        let mut b = Builder::new();
        let mut ids = [NodeId(0); 5];
        b.el("body", &[], |b| {
            ids[0] = b.el("main", &[], |b| {
                ids[1] = b.el("h1", &[], |b| {
                    b.text("Trail Pack 25");
                });
                let own = if with_price {
                    "$89.00"
                } else {
                    "Packs for every trail."
                };
                ids[2] = b.el("p", &[], |b| {
                    b.text(own);
                });
                b.el("p", &[], |b| {
                    b.text(ABOUT);
                });
                ids[3] = b.el("section", &[], |b| {
                    b.el("h2", &[], |b| {
                        b.text("How about these?");
                    });
                    ids[4] = b.el("ul", &[], |b| {
                        // Ten tiles of a name and a price: a grid needs 400 chars of text.
                        for k in 0..10 {
                            let name = format!("Trail Pack {k} with rain cover and bottle strap");
                            b.el("li", &[("class", "tile")], |b| {
                                b.el("a", &[("href", "/p")], |b| {
                                    b.text(&name);
                                });
                                b.el("span", &[], |b| {
                                    b.text("$49.00");
                                });
                            });
                        }
                    });
                });
            });
        });
        (b.finish(), ids)
    }

    #[test]
    fn a_priced_grid_after_the_product_leaves_with_its_heading() {
        let (s, [main, title, price, section, grid]) = shop_page(true);
        let mut drop = crate::snapshot::Side(vec![false; s.len()]);
        let mut trace = Trace::default();
        let n = with_inputs(&s, |inp| {
            drop_priced_grids(inp, &[main], &mut drop, &mut trace)
        });
        assert_eq!(n, 1);
        assert!(drop[section.index()] && drop[grid.index()]);
        assert!(!drop[title.index()] && !drop[price.index()]);
        // A category page: no price of its own between its title and the grid.
        let (s, [main, ..]) = shop_page(false);
        let mut drop = crate::snapshot::Side(vec![false; s.len()]);
        let n = with_inputs(&s, |inp| {
            drop_priced_grids(inp, &[main], &mut drop, &mut trace)
        });
        assert_eq!(n, 0);
        assert!(!drop.iter().any(|&d| d));
    }
}
