//! Part of the `select` stage: landing pages (service, product-feature and company pages) are a
//! column of sections, each a heading with a paragraph or two, often without a `<main>`
//! landmark. Scoring picks the best section; the page's content is all of them. When the
//! selection holds a small share of the page's prose evidence, it climbs to the nearest
//! ancestor holding most of it — unless it is a story followed by its comments or a feed.

use crate::classify::page_type;
use crate::extract::score;
use crate::extract::score::{Chosen, Inputs};
use crate::rules::limits;
use crate::rules::prune::sections::{
    ARTICLE_WEAK_SHARE, COVER_SHARE, FEED_MAX_HIDDEN_SHARE, FEED_MIN_REPEATS, FEED_MIN_TEMPLATE,
    HEADLINE_GAP_CHARS, LANDMARK_WEAK_SHARE, MAX_LINK_DENSITY, SAME_PATH_SHARE,
    SECTION_WIDGET_TERMS, WEAK_SHARE,
};
use crate::snapshot::NodeId;
use crate::trace::Reason;

/// The counting blocks (outside noise; `Inputs::counts`) inside `root`, or in the whole page
/// when `root` is `None`.
fn counted<'a>(inp: &'a Inputs, root: Option<NodeId>) -> impl Iterator<Item = NodeId> + 'a {
    inp.f
        .blocks
        .iter()
        .copied()
        .filter(move |&b| root.is_none_or(|r| inp.f.contains(r, b)) && inp.counts(b))
}

/// Prose evidence (paragraph points) of the counting blocks inside `root`, or of the whole
/// page when `root` is `None`.
fn points(inp: &Inputs, root: Option<NodeId>) -> f32 {
    counted(inp, root).map(|b| inp.paragraph_points(b)).sum()
}

/// Link density of the blocks inside `root` outside noise (a mega menu labelled navigation
/// is no part of the column the climb would keep).
fn link_density_outside_noise(inp: &Inputs, root: NodeId) -> f32 {
    let f = inp.f;
    let (mut links, mut text) = (0u32, 0u32);
    for b in counted(inp, Some(root)) {
        links += f.own_link_len[b.index()];
        text += f.own_len[b.index()];
    }
    if text == 0 {
        return 1.0;
    }
    links as f32 / text as f32
}

/// The ancestor of the selection that holds the page's sections, when the selection holds
/// less than [`WEAK_SHARE`] of the page's prose evidence: the nearest one with at least
/// [`COVER_SHARE`] of it and link density outside noise at most [`MAX_LINK_DENSITY`], up to
/// `<body>` itself. Why `<body>`: page builders often stack the sections straight under it
/// (no wrapper), and header, menus and footer are noise the builder leaves out anyway
/// (wcxb-dev service pages with one FAQ or hero section kept of a dozen: 0.16–0.32 → 0.65–0.97).
/// Why outside noise: a labelled mega menu is no part of what the climb keeps. A selection
/// named as a widget of sections ([`SECTION_WIDGET_TERMS`]: an FAQ, a testimonial carousel,
/// one accordion panel) climbs below [`COVER_SHARE`] instead, and so does one post of a
/// page declaring a discussion (`rules::page_type::DISCUSSION_TYPES`). A selection
/// of `WEAK_SELECTION_CHARS` or more does not climb when it is a story with a tail
/// ([`story_with_tail`]).
pub(crate) fn all_sections(inp: &Inputs, chosen: &Chosen) -> Option<NodeId> {
    let (snap, f) = (inp.snap, inp.f);
    let chars: u32 = chosen.roots.iter().map(|r| f.text_len[r.index()]).sum();
    let total = points(inp, None);
    if total <= 0.0 {
        return None;
    }
    let kept: f32 = chosen.roots.iter().map(|&r| points(inp, Some(r))).sum();
    let top = snap.node(chosen.top);
    let landmark = top.is("main") || top.attr("role") == Some("main");
    // A widget of sections (its FAQ, testimonial carousel, one accordion panel) climbs
    // below `COVER_SHARE`, whatever the page declares (`SECTION_WIDGET_TERMS`).
    let widget = crate::rules::vocab::named_by(top, SECTION_WIDGET_TERMS);
    // A page declaring itself a discussion (`DISCUSSION_TYPES` in JSON-LD) whose selection
    // is one post (the opening one, longest of the thread) climbs below `COVER_SHARE` too:
    // the replies are the content, whatever `og:type` says. Why: Vanilla Forums declares a
    // `DiscussionForumPosting` and `og:type` "article", and its opening post (0.5–0.7 of the
    // thread's prose) held the article share (open.vanillaforums.com); so did a Discourse
    // topic's crawler view (community.brave.app).
    let held = if widget || kept < total * COVER_SHARE && page_type::declares_discussion(snap) {
        kept >= total * COVER_SHARE
    } else {
        kept >= total * WEAK_SHARE
            || kept >= total * ARTICLE_WEAK_SHARE && page_type::declares_og_article(snap)
            || kept >= total * LANDMARK_WEAK_SHARE && landmark
    };
    if held {
        return None;
    }
    let a = snap
        .ancestors(chosen.top)
        .take_while(|&a| a != NodeId::ROOT && !snap.node(a).is("html"))
        .find(|&a| !inp.noise.inside[a.index()] && points(inp, Some(a)) >= total * COVER_SHARE)?;
    // Between the session-7 share and `WEAK_SHARE` the selection is often a front page's own
    // column of news and boxes: it climbs to a section wrapper, never to `<body>`, whose
    // header menus with descriptions under each item read as prose (styled-dev iledesirade).
    if kept >= total * LANDMARK_WEAK_SHARE && snap.node(a).is("body") {
        return None;
    }
    let story = chars >= limits::WEAK_SELECTION_CHARS && story_with_tail(inp, chosen, a);
    (!story && link_density_outside_noise(inp, a) <= MAX_LINK_DENSITY).then_some(a)
}

/// A long selection that starts at the page's headline (the first `<h1>` outside noise, with
/// under [`HEADLINE_GAP_CHARS`] of prose between them, or inside it) while under
/// [`SAME_PATH_SHARE`] of the prose evidence the climb to `to` would add sits under the tag
/// paths of its own paragraphs: a story followed by its comment thread or a feed of other
/// stories, which the reader leaves out — unless the page declares itself a discussion
/// (`rules::page_type::DISCUSSION_TYPES`), whose replies are the content. Why: without the 2000-char bound the climb gained
/// wcxb-dev forum, service and article pages whose selection was one of a column of like
/// posts or sections (same paths, or no headline right before it) but swept a story's
/// comments or "recommended" feed into a story that starts at its headline.
fn story_with_tail(inp: &Inputs, chosen: &Chosen, to: NodeId) -> bool {
    let (snap, f) = (inp.snap, inp.f);
    let inside = |b: NodeId| chosen.roots.iter().any(|&r| f.contains(r, b));
    let headline = f.order.iter().copied().find(|&id| {
        snap.node(id).is("h1") && !inp.noise.inside[id.index()] && f.text_len[id.index()] > 0
    });
    let Some(h) = headline else {
        return false;
    };
    if !inside(h) {
        let (from, to_sel) = (f.subtree_end[h.index()], f.preorder[chosen.top.index()]);
        if from >= to_sel {
            return false; // the headline comes after the selection
        }
        let gap: u32 = f
            .blocks
            .iter()
            .filter(|&&b| (from + 1..to_sel).contains(&f.preorder[b.index()]) && inp.counts(b))
            .map(|&b| score::own_prose_chars(inp, b))
            .sum();
        if gap >= HEADLINE_GAP_CHARS {
            return false;
        }
    }
    let evidence = |b: NodeId| inp.counts(b).then(|| inp.paragraph_points(b));
    let paths: Vec<u64> = f
        .blocks
        .iter()
        .filter(|&&b| inside(b) && evidence(b).is_some_and(|p| p > 0.0))
        .map(|&b| f.ptp[b.index()])
        .collect();
    let (mut same, mut added) = (0.0, 0.0);
    for &b in f
        .blocks
        .iter()
        .filter(|&&b| f.contains(to, b) && !inside(b))
    {
        let p = evidence(b).unwrap_or(0.0);
        added += p;
        if paths.contains(&f.ptp[b.index()]) {
            same += p;
        }
    }
    same < added * SAME_PATH_SHARE && !page_type::declares_discussion(snap)
}

/// Boxes of the columns beside the selection that repeat its entries' template: a front page's
/// feed of dated teasers cut by its layout into side-by-side columns (layout only; see
/// [`FEED_MIN_TEMPLATE`]). A column is beside the selection when their boxes share no
/// horizontal span and at least half of the shorter's height, or when it lies wholly above the
/// selection and spans its width (the lead story over the feed's columns: styled-dev
/// dub.uu.nl's "Hot Item", one entry of the same Drupal Views template); its boxes are those under its
/// single-box wrappers. A box joins when it holds [`FEED_MIN_TEMPLATE`] of the class names
/// recurring [`FEED_MIN_REPEATS`] times in the selection and under [`FEED_MAX_HIDDEN_SHARE`] of
/// its text is hidden. The class count runs only when some column is beside the selection.
pub(crate) fn feed_columns(inp: &Inputs, chosen: &Chosen) -> Vec<NodeId> {
    let (snap, f) = (inp.snap, inp.f);
    let top = chosen.top;
    let (Some(parent), Some(tl), Some(_)) = (
        snap.node(top).parent,
        snap.node(top).layout.as_ref(),
        f.geo(top),
    ) else {
        return Vec::new();
    };
    let columns: Vec<NodeId> = snap
        .node(parent)
        .children
        .iter()
        .copied()
        .filter(|&s| {
            let Some(sl) = snap.node(s).layout.as_ref() else {
                return false;
            };
            let beside = sl.x + sl.width <= tl.x + 1.0 || sl.x >= tl.x + tl.width - 1.0;
            let overlap = (sl.y + sl.height).min(tl.y + tl.height) - sl.y.max(tl.y);
            let over = sl.y + sl.height <= tl.y + 1.0
                && sl.x <= tl.x + 1.0
                && sl.x + sl.width >= tl.x + tl.width - 1.0;
            s != top
                && (beside && overlap >= 0.5 * sl.height.min(tl.height) || over)
                && f.text_len[s.index()] > 0
                && !inp.noise.inside[s.index()]
                && !chosen.roots.contains(&s)
        })
        .collect();
    if columns.is_empty() {
        return Vec::new();
    }
    let class = |d: NodeId| {
        snap.node(d)
            .attr("class")
            .map(str::trim)
            .filter(|c| !c.is_empty())
    };
    // The nodes inside `id` (not `id`).
    let inner = |id: NodeId| f.subtree(id).get(1..).unwrap_or(&[]).iter().copied();
    let mut template: Vec<(&str, u32)> = Vec::new();
    for c in inner(top).filter_map(class) {
        match template.iter_mut().find(|(k, _)| *k == c) {
            Some(e) => e.1 += 1,
            None => template.push((c, 1)),
        }
    }
    template.retain(|&(_, n)| n >= FEED_MIN_REPEATS);
    let mut out = Vec::new();
    if template.len() < FEED_MIN_TEMPLATE {
        return out;
    }
    // The shown children of `w`.
    let shown = |w: NodeId| -> Vec<NodeId> {
        let kids = snap.node(w).children.iter().copied();
        kids.filter(|&k| snap.node(k).layout.is_some() && f.text_len[k.index()] > 0)
            .collect()
    };
    for w in columns {
        let mut boxes = shown(w);
        while let [only] = boxes[..] {
            boxes = shown(only);
        }
        for b in boxes {
            let mut seen: Vec<&str> = Vec::new();
            let (mut hidden, mut skip_to) = (0, 0);
            for d in inner(b) {
                if let Some(c) = class(d) {
                    if !seen.contains(&c) && template.iter().any(|&(k, _)| k == c) {
                        seen.push(c);
                    }
                }
                let pre = f.preorder[d.index()];
                if pre > skip_to && inp.noise.kind[d.index()] == Some(Reason::Hidden) {
                    hidden += f.text_len[d.index()];
                    skip_to = f.subtree_end[d.index()];
                }
            }
            if seen.len() >= FEED_MIN_TEMPLATE
                && !inp.noise.inside[b.index()]
                && (hidden as f32) < FEED_MAX_HIDDEN_SHARE * f.text_len[b.index()] as f32
            {
                out.push(b);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::prune::tests::with_inputs;
    use crate::snapshot::build::Builder;
    use crate::snapshot::Snapshot;

    /// A selection of the one root `top`.
    fn chosen(top: NodeId) -> Chosen {
        Chosen {
            top,
            roots: vec![top],
            joined: Vec::new(),
            runner_up: 0.0,
            top_score: 1.0,
        }
    }

    const PROSE: &str =
        "We plan, build and run your data platform, so your team can ship reports on time.";

    /// A landing page of 13 sections, the first the longest, and its first section's column;
    /// `wrapped` puts the sections in a page wrapper, else straight under `<body>` after a
    /// menu of `menu_links` links. Returns the snapshot, the wrapper (or `<body>`) and the
    /// column.
    fn landing(wrapped: bool, menu_links: usize) -> (Snapshot, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut page, mut first) = (NodeId(0), None);
        let body = b.el("body", &[], |b| {
            b.el("nav", &[], |b| {
                for _ in 0..menu_links {
                    b.el("a", &[("href", "/")], |b| {
                        b.text("Our services and industries");
                    });
                }
            });
            let mut sections = |b: &mut Builder| {
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
            };
            if wrapped {
                page = b.el("div", &[("class", "page")], sections);
            } else {
                sections(b);
            }
        });
        if !wrapped {
            page = body;
        }
        let s = b.finish();
        (s, page, first.unwrap_or(page))
    }

    #[test]
    fn a_landing_page_keeps_all_its_sections() {
        let (s, page, col) = landing(true, 1);
        // Scoring picked the first section's column.
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

    #[test]
    fn sections_straight_under_body_climb_to_it_past_a_labelled_menu() {
        // A menu longer than all the sections' text: navigation noise, left out of the
        // link density.
        let (s, body, col) = landing(false, 40);
        assert!(with_inputs(&s, |inp| inp.f.link_density(body)) > MAX_LINK_DENSITY);
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(col))),
            Some(body)
        );
    }

    /// A wrapper holding a block named `class` of 6 paragraphs and 4 more blocks of one each
    /// (0.6 of the prose evidence: above `WEAK_SHARE`, under `COVER_SHARE`), under a head
    /// declaring `og:type` "article". Returns the snapshot, the wrapper and the block.
    fn six_tenths(class: &str) -> (Snapshot, NodeId, NodeId) {
        six_tenths_declaring(class, None)
    }

    /// As [`six_tenths`], the head also holding a JSON-LD script of `ld` when given.
    fn six_tenths_declaring(class: &str, ld: Option<&str>) -> (Snapshot, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut page, mut block) = (NodeId(0), NodeId(0));
        b.el("head", &[], |b| {
            b.el(
                "meta",
                &[("property", "og:type"), ("content", "article")],
                |_| {},
            );
            if let Some(ld) = ld {
                b.el("script", &[("type", "application/ld+json")], |b| {
                    b.text(ld);
                });
            }
        });
        b.el("body", &[], |b| {
            page = b.el("div", &[("class", "page")], |b| {
                block = b.el("div", &[("class", class)], |b| {
                    for _ in 0..6 {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
                for _ in 0..4 {
                    b.el("div", &[("class", "section")], |b| {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    });
                }
            });
        });
        (b.finish(), page, block)
    }

    #[test]
    fn a_widget_of_sections_climbs_under_the_cover_share() {
        for class in [
            "faq-list",
            "owl-carousel owl-testimonial",
            "panel-collapse collapse",
        ] {
            let (s, page, block) = six_tenths(class);
            assert_eq!(
                with_inputs(&s, |inp| all_sections(inp, &chosen(block))),
                Some(page),
                "{class}"
            );
        }
        // Unnamed (or "collapsed" as part of a word: only the whole word counts), 0.6 of the
        // evidence is the page's content.
        for class in ["story", "collapsed-sidebar"] {
            let (s, _, block) = six_tenths(class);
            assert_eq!(
                with_inputs(&s, |inp| all_sections(inp, &chosen(block))),
                None,
                "{class}"
            );
        }
    }

    #[test]
    fn a_declared_discussion_climbs_from_its_first_post_to_the_thread() {
        // The opening post holds 0.6 of the thread's prose: the replies join it.
        let ld = r#"{"@context": "https://schema.org", "@type": "DiscussionForumPosting"}"#;
        let (s, page, post) = six_tenths_declaring("Message userContent", Some(ld));
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(post))),
            Some(page)
        );
        // Any other declaration: 0.6 of the evidence is the page's content.
        let ld = r#"{"@context": "https://schema.org", "@type": "NewsArticle"}"#;
        let (s, _, post) = six_tenths_declaring("Message userContent", Some(ld));
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(post))),
            None
        );
    }

    /// A wrapper holding a block of 3 paragraphs and 5 more of one each (3/8 of the prose
    /// evidence, between `ARTICLE_WEAK_SHARE` and `WEAK_SHARE`), under a head declaring
    /// `og:type` `og`. Returns the snapshot, the wrapper and the block.
    fn three_eighths(og: &str) -> (Snapshot, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut page, mut block) = (NodeId(0), NodeId(0));
        b.el("head", &[], |b| {
            b.el("meta", &[("property", "og:type"), ("content", og)], |_| {});
        });
        b.el("body", &[], |b| {
            page = b.el("div", &[("class", "page")], |b| {
                for i in 0..6 {
                    let id = b.el("div", &[], |b| {
                        for _ in 0..(if i == 0 { 3 } else { 1 }) {
                            b.el("p", &[], |b| {
                                b.text(PROSE);
                            });
                        }
                    });
                    if i == 0 {
                        block = id;
                    }
                }
            });
        });
        (b.finish(), page, block)
    }

    #[test]
    fn a_declared_article_climbs_only_under_the_lower_share() {
        let (s, page, block) = three_eighths("website");
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(block))),
            Some(page)
        );
        let (s, _, block) = three_eighths("article");
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(block))),
            None
        );
    }

    /// A wrapper (`tag`) holding a block of 4 paragraphs and 5 more of one each (4/9 of the
    /// prose evidence, between `LANDMARK_WEAK_SHARE` and `WEAK_SHARE`) inside a page
    /// wrapper. Returns the snapshot, the page wrapper and the wrapper.
    fn four_ninths(tag: &str) -> (Snapshot, NodeId, NodeId) {
        four_ninths_in(tag, true)
    }

    /// As [`four_ninths`], with the page wrapper or (`wrapped` false) straight under `<body>`,
    /// which is then returned as the wrapper.
    fn four_ninths_in(tag: &str, wrapped: bool) -> (Snapshot, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut page, mut block) = (NodeId(0), NodeId(0));
        let body = b.el("body", &[], |b| {
            let column = |b: &mut Builder, block: &mut NodeId| {
                *block = b.el(tag, &[], |b| {
                    for _ in 0..4 {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
                for _ in 0..5 {
                    b.el("div", &[], |b| {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    });
                }
            };
            if wrapped {
                page = b.el("div", &[("class", "page")], |b| column(b, &mut block));
            } else {
                column(b, &mut block);
            }
        });
        if !wrapped {
            page = body;
        }
        (b.finish(), page, block)
    }

    #[test]
    fn a_section_under_half_climbs_the_main_landmark_only_under_the_lower_share() {
        let (s, page, block) = four_ninths("div");
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(block))),
            Some(page)
        );
        let (s, _, main) = four_ninths("main");
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(main))),
            None
        );
    }

    #[test]
    fn a_section_under_half_does_not_climb_to_body_above_the_lower_share() {
        // The same 4/9 block with its siblings straight under `<body>`: a front page's column,
        // whose climb would take the whole page (header menus included).
        let (s, body, block) = four_ninths_in("div", false);
        assert!(s.node(body).is("body"));
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(block))),
            None
        );
    }

    /// A page wrapper holding a headline, a story of 25 paragraphs and a thread of 60 replies
    /// (another tag path); returns the snapshot, the wrapper and the story.
    fn story_with_replies(headline: bool, ld: &str) -> (Snapshot, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut page, mut story) = (NodeId(0), NodeId(0));
        b.el("head", &[], |b| {
            b.el("script", &[("type", "application/ld+json")], |b| {
                b.text(ld);
            });
        });
        b.el("body", &[], |b| {
            page = b.el("div", &[("class", "page")], |b| {
                if headline {
                    b.el("h1", &[], |b| {
                        b.text("How we run data platforms");
                    });
                }
                story = b.el("div", &[("class", "story")], |b| {
                    for _ in 0..25 {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
                b.el("ol", &[("class", "thread")], |b| {
                    for _ in 0..60 {
                        b.el("li", &[], |b| {
                            b.el("div", &[], |b| {
                                b.el("p", &[], |b| {
                                    b.text(PROSE);
                                });
                            });
                        });
                    }
                });
            });
        });
        (b.finish(), page, story)
    }

    #[test]
    fn a_story_at_its_headline_does_not_climb_into_its_replies() {
        let article = r#"{"@type":"Article"}"#;
        let (s, _, story) = story_with_replies(true, article);
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(story))),
            None
        );
        // No headline before it: one post of a thread, which climbs to the whole thread.
        let (s, page, story) = story_with_replies(false, article);
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(story))),
            Some(page)
        );
        // A declared Q&A page: the question under its headline climbs to the answers.
        let (s, page, story) = story_with_replies(true, r#"{"@type":"QAPage"}"#);
        assert_eq!(
            with_inputs(&s, |inp| all_sections(inp, &chosen(story))),
            Some(page)
        );
    }

    /// A front page: a column of news boxes (the selection) beside a column of opinion boxes in
    /// the same entry template, a box of tabs in that template with most entries hidden, and a
    /// social box; above both, the lead story's box in that template. `layout` gives every box
    /// its place (else parsed HTML). Returns the page, the news column and the boxes (opinion,
    /// tabs, social, lead).
    fn front_page(layout: bool) -> (Snapshot, NodeId, [NodeId; 4]) {
        let mut b = Builder::new();
        let (mut news, mut boxes) = (NodeId(0), [NodeId(0); 4]);
        let entry = |b: &mut Builder, hidden: bool| {
            b.el("div", &[("class", "article")], |b| {
                b.el("h4", &[("class", "field-title")], |b| {
                    b.el("a", &[("href", "/story")], |b| {
                        b.text("A headline of the day");
                    });
                });
                b.el("div", &[("class", "article-subtitles")], |b| {
                    b.text("Nieuws woensdag 22 mei 2013");
                });
                let style = if hidden { "hider" } else { "field-body" };
                b.el("div", &[("class", style)], |b| {
                    b.text(PROSE);
                });
                b.el("div", &[("class", "article-links")], |b| {
                    b.el("a", &[("href", "/story")], |b| {
                        b.text("Lees verder");
                    });
                });
            });
        };
        let feed_box = |b: &mut Builder, hidden: bool| {
            b.el("div", &[("class", "block")], |b| {
                b.el("h2", &[("class", "block-title")], |b| {
                    b.text("Opinie");
                });
                b.el("div", &[("class", "content")], |b| {
                    for _ in 0..3 {
                        entry(b, hidden);
                    }
                });
            })
        };
        b.el("body", &[], |b| {
            b.el("div", &[("id", "main")], |b| {
                b.el("div", &[("class", "lead")], |b| {
                    boxes[3] = feed_box(b, false);
                    b.el("div", &[("class", "ad")], |b| {
                        b.text("Advertentie");
                    });
                });
                b.el("div", &[("class", "region-alpha")], |b| {
                    b.el("div", &[("class", "section")], |b| {
                        boxes[0] = feed_box(b, false);
                        boxes[1] = feed_box(b, true);
                        boxes[2] = b.el("div", &[("class", "block")], |b| {
                            b.el("h2", &[("class", "block-title")], |b| {
                                b.text("Facebook");
                            });
                            b.text("Vind ik leuk. Jij en 968 anderen vinden DUB leuk.");
                        });
                    });
                });
                news = b.el("div", &[("class", "region-beta")], |b| {
                    for _ in 0..3 {
                        feed_box(b, false);
                    }
                });
            });
        });
        let mut s = b.finish();
        if layout {
            s.viewport = Some(crate::snapshot::Viewport {
                width: 1280.0,
                height: 800.0,
                page_width: 1280.0,
                page_height: 3000.0,
                ..Default::default()
            });
            let alpha = s.node(news).parent.map(|m| s.node(m).children[1]);
            let lead = s.node(boxes[3]).parent;
            for i in 0..s.nodes.len() {
                let id = NodeId(i as u32);
                if s.nodes[i].kind != crate::snapshot::NodeKind::Element {
                    continue;
                }
                let in_alpha = alpha.is_some_and(|a| s.ancestors(id).any(|x| x == a) || id == a);
                let hider = s.nodes[i].attr("class") == Some("hider");
                let in_lead = lead.is_some_and(|l| s.ancestors(id).any(|x| x == l) || id == l);
                let x = if id == news || s.ancestors(id).any(|x| x == news) {
                    480.0
                } else if in_alpha || in_lead {
                    160.0
                } else {
                    0.0
                };
                s.nodes[i].layout = Some(crate::snapshot::Layout {
                    x,
                    y: if in_lead { 100.0 } else { 700.0 },
                    width: match x {
                        _ if in_lead => 640.0,
                        0.0 => 1280.0,
                        _ => 320.0,
                    },
                    height: if in_lead { 500.0 } else { 2000.0 },
                    display: if hider { "none" } else { "block" }.into(),
                    visibility: "visible".into(),
                    opacity: 1.0,
                    font_size: 14.0,
                    ..Default::default()
                });
            }
        }
        (s, news, boxes)
    }

    #[test]
    fn a_column_of_the_same_feed_beside_the_selection_joins_it() {
        let (s, news, [opinion, tabs, social, lead]) = front_page(true);
        let feeds = with_inputs(&s, |inp| feed_columns(inp, &chosen(news)));
        // The lead story's box over both columns joins too; its ad box does not.
        assert_eq!(
            feeds,
            vec![lead, opinion],
            "not the tabs {tabs:?} nor the social box {social:?}"
        );
        // Parsed HTML has no columns side by side.
        let (s, news, _) = front_page(false);
        assert!(with_inputs(&s, |inp| feed_columns(inp, &chosen(news))).is_empty());
    }
}
