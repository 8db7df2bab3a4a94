//! Stage `related`: a recommendation section inside the selection ("People who viewed this
//! item also viewed", "Frequently bought together"; `rules::related::SECTION_PHRASES`) is left
//! out whole: the box holding its heading and the boxes after it up to the product's own text.
//!
//! The section is found from the heading: climb through wrappers that add next to no text
//! (the box of the heading), then take the following siblings, climbing again when the
//! section reaches the end of its parent. It ends at a sibling holding prose (the product's
//! description) or, past the first sibling with text (the grid, whose cards may have
//! headings), a box opening with a heading as high as its own; it never reaches a selection root.

use crate::extract::score::{self, Inputs};
use crate::rules::related::{
    is_section_marker, CLIMB_SLACK_CHARS, GRID_MIN_LINKS, MARKER_MAX_CHARS, MAX_SECTION_PROSE,
};
use crate::rules::HEADING_TAGS;
use crate::snapshot::{NodeId, NodeKind};
use crate::trace::{Reason, Trace};

/// Leaves out every recommendation section inside `roots`; returns how many.
pub(crate) fn drop_sections(
    inp: &Inputs,
    roots: &[NodeId],
    drop: &mut [bool],
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
    up.find_map(|a| HEADING_TAGS.iter().position(|&t| snap.node(a).tag == t))
        .map(|l| l + 1)
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
        let mut drop = vec![false; s.len()];
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
}
