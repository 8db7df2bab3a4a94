//! Stage `prune`: after the hierarchy vote, a leaf block repeating word for word a block kept
//! earlier under a different tag path (a reply quoting a post, the mobile and desktop twins of
//! one panel) is a second copy: the first stays. Repeats among same-path siblings are left
//! alone (a page may repeat a paragraph on purpose; test pages of lorem ipsum do), except on a
//! page declaring a product, whose same-path repeats are carousel clones and marquee strips.
//! In the same walk, a block that is only a product tile's control or badge ("Compare",
//! "Quick View", "Top Rated": `rules::page_type::CARD_CONTROL_LABELS`) is left out, and so is
//! a listing's sort bar or toolbar named by its class (`rules::page_type::SORT_BAR_TERMS`), and
//! a vote widget's count (`rules::prune::VOTE_COUNT_ITEMPROPS`) and a letter drawn as an image
//! (`rules::prune::IMAGE_GLYPH_MAX_CHARS`).

use std::collections::HashMap;

use crate::extract::score::Inputs;
use crate::rules::page_type::{is_card_control, is_sort_bar, CARD_CONTROL_MAX_CHARS};
use crate::rules::prune::{
    is_image_glyph, is_vote_count, PRODUCT_REPEAT_MIN_CHARS, REPEAT_MIN_CHARS,
};
use crate::snapshot::{NodeId, NodeKind, Side};
use crate::trace::{Reason, Trace};

/// Leaves out every kept leaf block (no text in nested blocks) of at least
/// [`REPEAT_MIN_CHARS`] whose own text a block kept earlier under another tag path already
/// showed; returns how many. On a page declaring a product (`offers`), a repeat under the
/// same tag path is a second copy too, from [`PRODUCT_REPEAT_MIN_CHARS`]
/// (`rules::prune`: carousel clones and marquees). A kept block whose whole text is a card
/// control ([`is_card_control`]) or any kept element that is a sort bar ([`is_sort_bar`]), a
/// vote count ([`is_vote_count`]) or an image's letter ([`is_image_glyph`]) is left out as
/// well (counted in the same total).
pub(crate) fn drop_repeats(
    inp: &Inputs,
    roots: &[NodeId],
    offers: bool,
    drop: &mut Side<bool>,
    trace: &mut Trace,
) -> usize {
    let (snap, f) = (inp.snap, inp.f);
    // Fingerprint of kept text → tag path of its first copy.
    let mut seen: HashMap<u64, u64> = HashMap::new();
    let mut dropped = 0;
    f.visit_kept(roots, drop, |id, drop| {
        let i = id.index();
        let min = if offers {
            PRODUCT_REPEAT_MIN_CHARS
        } else {
            REPEAT_MIN_CHARS
        };
        if f.skip[i] {
            return;
        }
        // A listing's sort bar ("Sort by:" and its options) or toolbar, a post's vote count,
        // a letter avatar: left out after the selection too.
        if is_sort_bar(snap.node(id), f.text_len[i])
            || is_vote_count(snap.node(id), f.text_len[i])
            || is_image_glyph(snap, id, f.text_len[i])
        {
            drop[i] = true;
            trace.decide(id, "prune", false, Reason::Interactive);
            dropped += 1;
            return;
        }
        if !f.is_block[i] {
            return;
        }
        // A product tile's control or badge ("Compare", "Quick View", "Top Rated"): left out
        // here, after the selection, so the grid still weighs with it when regions compete.
        let len = f.own_len[i];
        if len > 0
            && len <= CARD_CONTROL_MAX_CHARS
            && len == f.text_len[i]
            && is_card_control(&snap.text_of(id), offers)
        {
            drop[i] = true;
            trace.decide(id, "prune", false, Reason::Interactive);
            dropped += 1;
            return;
        }
        if len < min {
            return;
        }
        // A block whose own text the hierarchy stage dropped (its children stay) shows
        // nothing that a later copy would repeat.
        let own_text_dropped = snap
            .node(id)
            .children
            .iter()
            .any(|&c| snap.node(c).kind == NodeKind::Text && drop[c.index()]);
        if own_text_dropped {
            return;
        }
        let path = f.ptp[i];
        let Some(&first) = seen.get(&f.fingerprint[i]) else {
            seen.insert(f.fingerprint[i], path);
            return;
        };
        if (first != path || offers) && f.own_len[i] == f.text_len[i] {
            drop[i] = true;
            trace.decide(id, "prune", false, Reason::Duplicate);
            dropped += 1;
        }
    });
    dropped
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::classify::noise::NoiseClassifier;
    use crate::extract::blocks;
    use crate::snapshot::build::Builder;
    use crate::snapshot::Snapshot;

    const POST: &str = "I tried the new release on two machines and both boot fine now, thanks.";

    /// [`drop_repeats`] over `s` from `root`: how many it left out, which, and the trace.
    fn prune(s: &Snapshot, root: NodeId, offers: bool) -> (usize, Side<bool>, Trace) {
        let mut drop = Side(vec![false; s.len()]);
        let mut trace = Trace::default();
        let n = with_inputs(s, |inp| {
            drop_repeats(inp, &[root], offers, &mut drop, &mut trace)
        });
        (n, drop, trace)
    }

    /// Runs `run` with the inputs of `s` (blocks, noise, no runs, no memory); shared with the
    /// `sections` tests.
    pub(crate) fn with_inputs<T>(s: &Snapshot, run: impl FnOnce(&Inputs) -> T) -> T {
        let f = blocks::compute(s);
        let noise = NoiseClassifier::new(s, &f).classify();
        let inp = Inputs {
            snap: s,
            f: &f,
            noise: &noise,
            runs: None,
            memory: None,
            respect_noise: true,
            column_join: true,
        };
        run(&inp)
    }

    #[test]
    fn a_quoted_post_is_kept_once() {
        let mut b = Builder::new();
        let (mut thread, mut first, mut quote, mut short) =
            (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        let mut lorem = Vec::new();
        b.el("body", &[], |b| {
            thread = b.el("div", &[("class", "thread")], |b| {
                first = b.el("p", &[], |b| {
                    b.text(POST);
                });
                b.el("blockquote", &[], |b| {
                    quote = b.el("p", &[], |b| {
                        b.text(POST);
                    });
                });
                b.el("p", &[], |b| {
                    b.text("Same here.");
                });
                short = b.el("p", &[], |b| {
                    b.text("Same here.");
                });
                // A paragraph the page repeats in place (same path): kept twice.
                for _ in 0..2 {
                    lorem.push(b.el("p", &[], |b| {
                        b.text("Lorem ipsum dolor sit amet, consectetur adipiscing elit.");
                    }));
                }
            });
        });
        let s = b.finish();
        let (n, drop, trace) = prune(&s, thread, false);
        assert_eq!(n, 1);
        assert!(!drop[first.index()] && drop[quote.index()]);
        // Short repeats are lines a page may legitimately repeat.
        assert!(!drop[short.index()]);
        assert!(lorem.iter().all(|l| !drop[l.index()]));
        assert_eq!(
            trace.last_decision(quote).map(|d| d.reason),
            Some(Reason::Duplicate)
        );
    }

    #[test]
    fn a_product_pages_cloned_slides_are_kept_once() {
        let mut b = Builder::new();
        let (mut page, mut short) = (NodeId(0), NodeId(0));
        let mut slides = Vec::new();
        b.el("body", &[], |b| {
            page = b.el("div", &[("class", "product")], |b| {
                b.el("p", &[], |b| {
                    b.text(POST);
                });
                // A marquee strip rendered three times under one path.
                for _ in 0..3 {
                    slides.push(b.el("p", &[], |b| {
                        b.text("Free shipping. 99-day trial.");
                    }));
                }
                for _ in 0..2 {
                    short = b.el("p", &[], |b| {
                        b.text("In stock");
                    });
                }
            });
        });
        let s = b.finish();
        let run = |offers: bool| prune(&s, page, offers).1;
        let drop = run(true);
        assert!(!drop[slides[0].index()]);
        assert!(drop[slides[1].index()] && drop[slides[2].index()]);
        assert!(!drop[short.index()]);
        // Elsewhere a same-path repeat stays (a page may repeat a line on purpose).
        let drop = run(false);
        assert!(slides.iter().all(|l| !drop[l.index()]));
    }
    #[test]
    fn a_product_tiles_controls_and_badges_are_left_out() {
        let mut b = Builder::new();
        let (mut grid, mut name, mut compare, mut badge, mut line) =
            (NodeId(0), NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        let (mut sort, mut more, mut rating) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            grid = b.el("div", &[("class", "results")], |b| {
                sort = b.el("div", &[("class", "toolbar")], |b| {
                    b.text("Sort by: Best Selling");
                });
                b.el("ul", &[("class", "products")], |b| {
                    b.el("li", &[("class", "tile")], |b| {
                        badge = b.el("div", &[("class", "badge")], |b| {
                            b.el("span", &[], |b| {
                                b.text(" Top  Rated ");
                            });
                        });
                        rating = b.el("div", &[("class", "stars")], |b| {
                            b.text("(1,204 Reviews)");
                        });
                        name = b.el("h3", &[], |b| {
                            b.text("Trail Helmet $89.95");
                        });
                        compare = b.el("div", &[], |b| {
                            b.el("label", &[], |b| {
                                b.el("input", &[("type", "checkbox")], |_| {});
                                b.text("Compare");
                            });
                        });
                        // A sentence that opens with a label is the tile's text.
                        line = b.el("p", &[], |b| {
                            b.text("Compare it with last year's model.");
                        });
                    });
                });
                more = b.el("div", &[("class", "pagination")], |b| {
                    b.el("a", &[("href", "?page=2")], |b| {
                        b.text("Load more");
                    });
                });
            });
        });
        let s = b.finish();
        let (n, drop, trace) = prune(&s, grid, false);
        assert_eq!(n, 5);
        assert!(drop[rating.index()]);
        // On a product page the count heads its reviews, where the `tail` stage cuts.
        assert!(is_card_control("(1,204 Reviews)", false));
        assert!(!is_card_control("1,204 Reviews", true));
        assert!(!is_card_control("Reviews", false) && !is_card_control("12 great reviews", false));
        assert!(drop[compare.index()] && drop[badge.index()]);
        assert!(drop[sort.index()] && drop[more.index()]);
        assert!(!drop[name.index()] && !drop[line.index()]);
        assert_eq!(
            trace.last_decision(compare).map(|d| d.reason),
            Some(Reason::Interactive)
        );
    }

    #[test]
    fn a_catalog_toolbar_and_a_vote_count_are_left_out() {
        let mut b = Builder::new();
        let (mut grid, mut toolbar, mut long, mut votes, mut answer, mut number) = (
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
        );
        b.el("body", &[], |b| {
            grid = b.el("div", &[("class", "results")], |b| {
                // Magento's catalog toolbar: view modes, item count, page size.
                toolbar = b.el("div", &[("class", "toolbar toolbar-products")], |b| {
                    b.el("div", &[("class", "modes")], |b| {
                        b.text("View as Grid List");
                    });
                    b.el("p", &[("class", "toolbar-amount")], |b| {
                        b.text("22 Items");
                    });
                });
                // A box named so with a story's worth of text is no toolbar.
                long = b.el("div", &[("class", "toolbar")], |b| {
                    b.text(&"Branding, print and packaging work for small studios. ".repeat(5));
                });
                // Stack Exchange's count between the vote arrows (schema.org `upvoteCount`).
                votes = b.el(
                    "div",
                    &[("class", "js-vote-count"), ("itemprop", "upvoteCount")],
                    |b| {
                        b.text("467");
                    },
                );
                answer = b.el("div", &[("itemprop", "upvoteCount text")], |b| {
                    b.text("Use asyncio.run(main()) since Python 3.7.");
                });
                number = b.el("p", &[], |b| {
                    b.text("42");
                });
            });
        });
        let s = b.finish();
        let (n, drop, _) = prune(&s, grid, false);
        assert_eq!(n, 2);
        assert!(drop[toolbar.index()] && drop[votes.index()]);
        assert!(!drop[long.index()] && !drop[answer.index()] && !drop[number.index()]);
    }

    #[test]
    fn a_letter_drawn_as_an_image_is_left_out() {
        let mut b = Builder::new();
        let (mut post, mut letter, mut emoji, mut stars) =
            (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            post = b.el("article", &[], |b| {
                // XenForo's letter avatar for a poster without a photo.
                letter = b.el("span", &[("role", "img"), ("aria-label", "Fred")], |b| {
                    b.text("F");
                });
                emoji = b.el("span", &[("role", "img"), ("aria-label", "laptop")], |b| {
                    b.text("💻");
                });
                stars = b.el("div", &[("role", "img")], |b| {
                    b.text("Rated 5 out of 5");
                });
                b.el("p", &[], |b| {
                    b.text(POST);
                });
            });
        });
        let s = b.finish();
        let (n, drop, _) = prune(&s, post, false);
        assert_eq!(n, 1);
        assert!(drop[letter.index()] && !drop[emoji.index()] && !drop[stars.index()]);
    }

    #[test]
    fn a_sort_bar_named_by_its_class_is_left_out() {
        let mut b = Builder::new();
        let (mut grid, mut bar, mut links, mut label, mut head, mut note, mut tile) = (
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
        );
        b.el("body", &[], |b| {
            grid = b.el("div", &[("class", "results")], |b| {
                // The label is inline beside its `<select>`: no card control on its own.
                bar = b.el("div", &[("class", "toolbar ed-sort-by")], |b| {
                    b.el("span", &[], |b| {
                        b.text("Sort by:");
                    });
                    b.el("select", &[], |b| {
                        b.el("option", &[], |b| {
                            b.text("Relevance");
                        });
                    });
                });
                links = b.el("div", &[("class", "browse-header_sort")], |b| {
                    label = b.el("label", &[("class", "Sorter-Label")], |b| {
                        b.text("Order:");
                    });
                    b.el("ul", &[], |b| {
                        b.el("li", &[], |b| {
                            b.el("a", &[("href", "?sort=new")], |b| {
                                b.text("New Arrivals");
                            });
                        });
                    });
                });
                b.el("table", &[], |b| {
                    b.el("tr", &[], |b| {
                        head = b.el("th", &[("class", "sort")], |b| {
                            b.text("Year");
                        });
                    });
                });
                // "sortable" is another word; a long box is no bar.
                note = b.el("p", &[("class", "sortable")], |b| {
                    b.text("Sorting these by hand took a week.");
                });
                tile = b.el("div", &[("class", "sort-results")], |b| {
                    b.text(&"Trail Helmet $89.95, a light helmet for long rides. ".repeat(5));
                });
            });
        });
        let s = b.finish();
        let (n, drop, trace) = prune(&s, grid, false);
        assert_eq!(n, 2);
        assert!(drop[bar.index()] && drop[links.index()] && !drop[label.index()]);
        assert!(!drop[head.index()] && !drop[note.index()] && !drop[tile.index()]);
        assert_eq!(
            trace.last_decision(bar).map(|d| d.reason),
            Some(Reason::Interactive)
        );
    }
}
