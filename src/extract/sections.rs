//! Part of the `select` stage: landing pages (service, product-feature and company pages) are a
//! column of sections, each a heading with a paragraph or two, often without a `<main>`
//! landmark. Scoring picks the best section; the page's content is all of them. When the
//! selection holds a small share of the page's prose evidence, it climbs to the nearest
//! ancestor holding most of it.

use crate::extract::score::{Chosen, Inputs};
use crate::rules::limits;
use crate::rules::prune::sections::{COVER_SHARE, MAX_LINK_DENSITY, WEAK_SHARE};
use crate::snapshot::NodeId;

/// Prose evidence (paragraph points) of the counting blocks inside `root`, or of the whole
/// page when `root` is `None`.
fn points(inp: &Inputs, root: Option<NodeId>) -> f32 {
    inp.f
        .blocks
        .iter()
        .filter(|&&b| root.is_none_or(|r| inp.f.contains(r, b)) && inp.counts(b))
        .map(|&b| inp.paragraph_points(b))
        .sum()
}

/// The ancestor of the selection that holds the page's sections, when the selection is short
/// (under `WEAK_SELECTION_CHARS`) and holds less than [`WEAK_SHARE`] of the page's prose
/// evidence: the nearest one below `<body>` with at
/// least [`COVER_SHARE`] of it and link density at most [`MAX_LINK_DENSITY`].
pub(crate) fn all_sections(inp: &Inputs, chosen: &Chosen) -> Option<NodeId> {
    let (snap, f) = (inp.snap, inp.f);
    let chars: u32 = chosen.roots.iter().map(|r| f.text_len[r.index()]).sum();
    if chars >= limits::WEAK_SELECTION_CHARS {
        // A selection this long is an article, however much prose the rest of the page has
        // (a news page's feed of teaser paragraphs).
        return None;
    }
    let total = points(inp, None);
    if total <= 0.0 {
        return None;
    }
    let kept: f32 = chosen.roots.iter().map(|&r| points(inp, Some(r))).sum();
    if kept >= total * WEAK_SHARE {
        return None;
    }
    let mut cur = snap.node(chosen.top).parent;
    while let Some(a) = cur {
        let node = snap.node(a);
        if a == NodeId::ROOT || node.is("body") || node.is("html") {
            return None;
        }
        if !inp.noise.inside[a.index()] && points(inp, Some(a)) >= total * COVER_SHARE {
            return (f.link_density(a) <= MAX_LINK_DENSITY).then_some(a);
        }
        cur = node.parent;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::prune::tests::with_inputs;
    use crate::snapshot::build::Builder;

    const PROSE: &str =
        "We plan, build and run your data platform, so your team can ship reports on time.";

    #[test]
    fn a_landing_page_keeps_all_its_sections() {
        let mut b = Builder::new();
        let (mut page, mut first) = (NodeId(0), None);
        b.el("body", &[], |b| {
            b.el("nav", &[], |b| {
                b.el("a", &[("href", "/")], |b| {
                    b.text("Home");
                });
            });
            page = b.el("div", &[("class", "page")], |b| {
                for i in 0..13 {
                    // Builder-made sections nest deep: container, row, column.
                    b.el("section", &[], |b| {
                        b.el("div", &[("class", "container")], |b| {
                            b.el("div", &[("class", "row")], |b| {
                                let col = b.el("div", &[("class", "col")], |b| {
                                    b.el("h2", &[], |b| {
                                        b.text("What we do");
                                    });
                                    // The first section is the longest: it wins the scoring.
                                    for _ in 0..(if i == 0 { 6 } else { 1 }) {
                                        b.el("p", &[], |b| {
                                            b.text(PROSE);
                                        });
                                    }
                                    if i > 0 {
                                        // A call to action: the section is not joined as
                                        // a link-poor sibling.
                                        b.el("p", &[], |b| {
                                            b.el("a", &[("href", "/services")], |b| {
                                                b.text(
                                                    "Learn more about how we run data platforms",
                                                );
                                            });
                                        });
                                    }
                                });
                                if i == 0 {
                                    first = Some(col);
                                }
                            });
                        });
                    });
                }
            });
        });
        let s = b.finish();
        // Scoring picked the first section's column.
        let col = first.unwrap_or(page);
        let chosen = |top| Chosen {
            top,
            roots: vec![top],
            joined: Vec::new(),
            runner_up: 0.0,
            top_score: 1.0,
        };
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(col))),
            Some(page)
        );
        // The whole column selected: nothing to climb to.
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(page))),
            None
        );
    }
}
