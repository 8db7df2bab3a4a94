//! Stage `tail`: where the article ends. A short line inside the selection that names what
//! follows a story ("Comments", "Related posts", "About the author", "Gefällt mir:";
//! `rules::tail::END_MARKERS`) after enough of the story's prose cuts the selection there:
//! the marker and everything after it in document order are dropped.

use crate::extract::blocks;
use crate::extract::score::{self, Inputs};
use crate::rules::limits;
use crate::rules::tail::{
    self, COMMENTS_AFTER_SHARE, COMMENTS_MIN_PROSE_BEFORE, INLINE_BOX_MAX_CHARS, MARKER_MAX_CHARS,
    MAX_PROSE_AFTER_SHARE, MIN_PROSE_BEFORE, REVIEW_PROSE_AFTER_SHARE,
};
use crate::snapshot::{NodeId, Side};
use crate::trace::{Reason, Trace};

/// Finds the end marker in `roots` and extends `drop` over it and what follows. Returns the
/// marker. On a `product` page, the heading of its reviews ends it too
/// (`rules::tail::REVIEW_MARKERS`).
pub(crate) fn cut(
    inp: &Inputs,
    roots: &[NodeId],
    product: bool,
    drop: &mut Side<bool>,
    trace: &mut Trace,
) -> Option<NodeId> {
    let (snap, f) = (inp.snap, inp.f);
    // Kept blocks of the selection in document order, each with its prose chars.
    let kept: Vec<(NodeId, u32)> = (f.kept(roots, drop).into_iter())
        .filter(|id| {
            let i = id.index();
            f.is_block[i] && !f.skip[i] && f.text_len[i] > 0
        })
        .map(|id| (id, score::own_prose_chars(inp, id)))
        .collect();
    let total: u32 = kept.iter().map(|&(_, p)| p).sum();
    let mut before = 0u32;
    let mut marker = None;
    let mut inline = Vec::new();
    let mut thread_seen = false;
    for &(b, prose) in &kept {
        let candidate =
            before >= MIN_PROSE_BEFORE && marker_shaped(f, b) && !in_header_cell(inp, b);
        if !thread_seen && in_comment_thread(inp, roots, b) {
            thread_seen = true;
            if before >= COMMENTS_MIN_PROSE_BEFORE
                && (total - before) as f32 <= before as f32 * COMMENTS_AFTER_SHARE
            {
                marker = Some(b);
                break;
            }
        }
        if let Some(share) = candidate.then(|| marker_share(snap, b, product)).flatten() {
            if (total - before) as f32 <= before as f32 * share {
                marker = Some(b);
                break;
            }
            inline.push(b);
        }
        before += prose;
    }
    for b in inline {
        drop_inline_box(inp, roots, b, drop, trace);
    }
    drop_author_bios(inp, roots, &kept, drop, trace);
    let m = marker?;
    let from = f.preorder[m.index()];
    let mut first = true;
    for &r in roots {
        let end = f.subtree_end[r.index()];
        if end < from {
            continue;
        }
        let start = f.preorder[r.index()].max(from);
        for &id in &f.order.0[start as usize..=end as usize] {
            drop[id.index()] = true;
        }
        if first {
            trace.decide(m, "tail", false, Reason::ArticleEnd);
            first = false;
        }
    }
    Some(m)
}

/// A marker with more of the story after it than the tail cut allows opens a box inside the
/// story ("Zobacz także" over three teaser cards, "Mehr zum Thema" over a link list): drops
/// the marker and the largest ancestor below the selection's roots that, the marker aside,
/// holds at most [`INLINE_BOX_MAX_CHARS`] chars, at least half of them link text.
fn drop_inline_box(
    inp: &Inputs,
    roots: &[NodeId],
    m: NodeId,
    drop: &mut Side<bool>,
    trace: &mut Trace,
) {
    let (snap, f) = (inp.snap, inp.f);
    let (mt, ml) = (f.text_len[m.index()], f.link_len[m.index()]);
    let in_box = |p: NodeId| {
        let i = p.index();
        let (rest, links) = (f.text_len[i] - mt, f.link_len[i] - ml);
        !roots.iter().any(|&r| f.contains(p, r))
            && rest <= INLINE_BOX_MAX_CHARS
            && links * 2 >= rest
    };
    let boxed = snap
        .ancestors(m)
        .take_while(|&p| in_box(p))
        .last()
        .unwrap_or(m);
    for &id in f.subtree(boxed) {
        drop[id.index()] = true;
    }
    trace.decide(boxed, "tail", false, Reason::ArticleEnd);
}

/// The share of prose after `b` that still lets it end the article, when `b` reads as an end
/// marker (`MAX_PROSE_AFTER_SHARE`) or, on a `product` page, as the heading of its reviews
/// (`REVIEW_PROSE_AFTER_SHARE`) — whole or without the text of its links. Both texts are
/// read once for both tables.
///
/// Why the text without links: WordPress puts a "Cancel reply" link inside the comment
/// form's heading (`<h3 id="reply-title">Leave a Reply <small><a …>Cancel reply</a></small></h3>`,
/// hidden by an inline style until a reply is started), so the heading's whole text never
/// equals "leave a reply". trafilatura corpus: 10 pages kept the form's heading and notes.
fn marker_share(snap: &crate::Snapshot, b: NodeId, product: bool) -> Option<f32> {
    let texts = [snap.text_of(b), text_outside_links(snap, b)];
    let reads_as = |markers: &[u8]| texts.iter().any(|t| tail::is_marker_in(markers, t));
    if reads_as(tail::END_MARKERS) {
        Some(MAX_PROSE_AFTER_SHARE)
    } else {
        (product && reads_as(tail::REVIEW_MARKERS)).then_some(REVIEW_PROSE_AFTER_SHARE)
    }
}

/// Text of `b`'s subtree leaving out every link's subtree.
fn text_outside_links(snap: &crate::Snapshot, b: NodeId) -> String {
    let mut out = String::new();
    let mut stack = vec![b];
    while let Some(id) = stack.pop() {
        let n = snap.node(id);
        if n.kind == crate::snapshot::NodeKind::Text {
            out.push_str(&n.text);
        } else if id == b || !blocks::is_link(snap, id) {
            stack.extend(n.children.iter().rev().copied());
        }
    }
    out
}

/// `b` sits in the page's comment thread: a box below the selection's roots whose `id` is
/// one of `rules::tail::COMMENT_THREAD_IDS`. The thread's first kept block ends the article
/// like a marker when the story before it has `COMMENTS_MIN_PROSE_BEFORE` chars of prose and
/// the thread at most `COMMENTS_AFTER_SHARE` of that; later blocks of the thread are not
/// tried (the share would shrink as the thread is read).
fn in_comment_thread(inp: &Inputs, roots: &[NodeId], b: NodeId) -> bool {
    let snap = inp.snap;
    snap.path_up(b).take_while(|a| !roots.contains(a)).any(|a| {
        snap.node(a).attr("id").is_some_and(|v| {
            tail::COMMENT_THREAD_IDS
                .iter()
                .any(|t| v.eq_ignore_ascii_case(t))
        })
    })
}

/// Drops the author boxes among the selection's kept blocks after the story's first
/// `MIN_PROSE_BEFORE` chars of prose: a box below the roots that declared the author as a
/// schema.org `Person` (`itemprop="author"`, `itemtype` naming `Person`) or is named as an
/// author box (`rules::tail::AUTHOR_BOX_TERMS`), holding at least
/// `rules::tail::AUTHOR_BIO_MIN_CHARS` chars, a biography rather than a byline. A root
/// joined beside the story (not the first) may be the box itself when it holds no more
/// text than the prose before it: Simple Author Box draws its box after Divi's post body.
fn drop_author_bios(
    inp: &Inputs,
    roots: &[NodeId],
    kept: &[(NodeId, u32)],
    drop: &mut Side<bool>,
    trace: &mut Trace,
) {
    let (snap, f) = (inp.snap, inp.f);
    let mut before = 0u32;
    // Each ancestor's name is read once (0 unread, 1 no, 2 yes): the kept blocks of one
    // column share most of their path up, and the box test reads a table of class words.
    let mut named = vec![0u8; snap.len()];
    for &(b, prose) in kept {
        if before >= MIN_PROSE_BEFORE && !drop[b.index()] {
            let mut at_root = false;
            let bio = snap
                .path_up(b)
                .take_while(|a| {
                    let below = !at_root;
                    at_root = roots.contains(a);
                    below && (!at_root || (*a != roots[0] && f.text_len[a.index()] <= before))
                })
                .find(|&a| {
                    let m = &mut named[a.index()];
                    if *m == 0 {
                        *m = 1 + u8::from(is_author_box(snap.node(a)));
                    }
                    *m == 2
                });
            if let Some(bio) = bio.filter(|a| f.text_len[a.index()] >= tail::AUTHOR_BIO_MIN_CHARS) {
                for &id in f.subtree(bio) {
                    drop[id.index()] = true;
                }
                trace.decide(bio, "tail", false, Reason::ArticleEnd);
            }
        }
        before += prose;
    }
}

/// `n` declares a page's author as a schema.org `Person`, or is a box named as an author box
/// (`rules::tail::AUTHOR_BOX_TERMS`; not a paragraph or an inline run).
fn is_author_box(n: &crate::snapshot::Node) -> bool {
    let person = n
        .attr("itemprop")
        .is_some_and(|v| v.split_ascii_whitespace().any(|t| t == "author"))
        && crate::classify::page_type::has_item_type(n, &["Person"]);
    person
        || (matches!(n.tag.as_str(), "div" | "section" | "aside" | "footer")
            && crate::rules::vocab::named_by(n, tail::AUTHOR_BOX_TERMS))
}

/// A line short enough to be a section marker ("Comments", "Related posts"), mostly unlinked
/// text: [`MARKER_MAX_CHARS`] or fewer, link text under half.
pub(crate) fn marker_shaped(f: &blocks::Features, b: NodeId) -> bool {
    let i = b.index();
    f.text_len[i] <= MARKER_MAX_CHARS && f.link_len[i] * 2 < f.text_len[i]
}

/// `b` is a table header cell or sits in one (a few levels up at most).
fn in_header_cell(inp: &Inputs, b: NodeId) -> bool {
    inp.snap
        .path_up(b)
        .take(limits::HEADING_INLINE_LEVELS + 1)
        .any(|a| inp.snap.node(a).is("th"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::build::Builder;
    use crate::snapshot::Snapshot;

    const PROSE: &str = "Lectern reads the page, weighs every paragraph, and keeps the article, which is what readers want.";

    fn cut_in(s: &Snapshot, root: NodeId) -> (Option<NodeId>, Side<bool>) {
        cut_page(s, root, false)
    }

    fn cut_page(s: &Snapshot, root: NodeId, product: bool) -> (Option<NodeId>, Side<bool>) {
        crate::extract::prune::tests::with_inputs(s, |inp| {
            let mut drop = crate::snapshot::Side(vec![false; s.len()]);
            let m = cut(inp, &[root], product, &mut drop, &mut Trace::default());
            (m, drop)
        })
    }

    /// A story of `paragraphs` paragraphs, then a "Comments" heading and `replies` comments.
    fn story(paragraphs: usize, replies: usize) -> (Snapshot, NodeId, NodeId, NodeId, NodeId) {
        story_headed(paragraphs, replies, "3 Comments")
    }

    /// A story of `paragraphs` paragraphs, then the heading `head` and `replies` replies.
    fn story_headed(
        paragraphs: usize,
        replies: usize,
        head: &str,
    ) -> (Snapshot, NodeId, NodeId, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut root, mut last, mut heading, mut reply) =
            (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            root = b.el("div", &[("class", "story")], |b| {
                for _ in 0..paragraphs {
                    last = b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                heading = b.el("h3", &[], |b| {
                    b.text(head);
                });
                b.el("ol", &[], |b| {
                    for _ in 0..replies {
                        reply = b.el("li", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
            });
        });
        (b.finish(), root, last, heading, reply)
    }

    #[test]
    fn a_comment_heading_after_the_story_ends_it() {
        let (s, root, last, heading, reply) = story(6, 3);
        let (m, drop) = cut_in(&s, root);
        assert_eq!(m, Some(heading));
        assert!(drop[heading.index()] && drop[reply.index()]);
        assert!(!drop[last.index()] && !drop[root.index()]);
    }

    #[test]
    fn a_more_from_heading_after_the_story_ends_it() {
        // A broadcaster's "Mehr aus der Sendung" over its teaser row (session 12).
        let (s, root, last, heading, reply) = story_headed(6, 2, "Mehr aus der Sendung");
        let (m, drop) = cut_in(&s, root);
        assert_eq!(m, Some(heading));
        assert!(drop[heading.index()] && drop[reply.index()]);
        assert!(!drop[last.index()]);
    }

    /// A story of `paragraphs` paragraphs, then a `div id="comments"` whose heading is too
    /// long for a marker, over `replies` comments.
    fn story_with_thread(
        paragraphs: usize,
        replies: usize,
    ) -> (Snapshot, NodeId, NodeId, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut root, mut last, mut heading, mut thread) =
            (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            root = b.el("div", &[("class", "site-content")], |b| {
                b.el("article", &[], |b| {
                    for _ in 0..paragraphs {
                        last = b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
                thread = b.el(
                    "div",
                    &[("id", "comments"), ("class", "comments-area")],
                    |b| {
                        heading = b.el("h3", &[], |b| {
                            b.text("59 Comments on “The December Comfort Watches, Day Eighteen”");
                        });
                        b.el("ol", &[("class", "comment-list")], |b| {
                            for _ in 0..replies {
                                b.el("li", &[("class", "comment")], |b| {
                                    b.el("p", &[], |b| {
                                        b.text(PROSE);
                                    });
                                });
                            }
                        });
                    },
                );
            });
        });
        (b.finish(), root, last, heading, thread)
    }

    #[test]
    fn a_comment_thread_box_after_a_long_story_ends_it() {
        let (s, root, last, heading, thread) = story_with_thread(14, 10);
        let (m, drop) = cut_in(&s, root);
        assert_eq!(m, Some(thread));
        assert!(drop[heading.index()] && !drop[last.index()]);
    }

    #[test]
    fn a_comment_thread_box_stays_after_a_short_post_or_when_it_outweighs_the_post() {
        // A forum topic whose replies sit in `id="comments"` under a short first post.
        let (s, root, ..) = story_with_thread(4, 3);
        assert_eq!(cut_in(&s, root).0, None);
        // An old blog whose thread is twice the post (cleaneval keeps such threads).
        let (s, root, ..) = story_with_thread(14, 30);
        assert_eq!(cut_in(&s, root).0, None);
    }

    #[test]
    fn an_author_biography_after_the_story_goes_and_a_byline_stays() {
        let person = [
            ("itemprop", "author"),
            ("itemscope", ""),
            ("itemtype", "http://schema.org/Person"),
        ];
        let mut b = Builder::new();
        let (mut root, mut byline, mut bio, mut last) =
            (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            root = b.el("article", &[], |b| {
                byline = b.el("div", &person, |b| {
                    b.text("By Autumn Adams");
                });
                for _ in 0..4 {
                    last = b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                bio = b.el("section", &person, |b| {
                    b.el("p", &[], |b| {
                        b.text("Autumn founded the studio in 2014 to share her love of travel.");
                    });
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                });
            });
        });
        let s = b.finish();
        let (m, drop) = cut_in(&s, root);
        assert_eq!(m, None);
        assert!(drop[bio.index()]);
        assert!(!drop[byline.index()] && !drop[last.index()]);
    }

    #[test]
    fn a_named_author_box_goes_as_a_joined_root_and_a_named_paragraph_stays() {
        let mut b = Builder::new();
        let (mut root, mut note, mut boxed, mut last) =
            (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            root = b.el("article", &[], |b| {
                for _ in 0..4 {
                    last = b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                // An essay's closing note on its writer is part of the text.
                note = b.el("p", &[("class", "authorbio")], |b| {
                    b.text(PROSE);
                    b.text(PROSE);
                });
            });
            boxed = b.el("div", &[("class", "saboxplugin-wrap")], |b| {
                b.el("div", &[("class", "saboxplugin-desc")], |b| {
                    b.el("p", &[], |b| {
                        b.text("Karina Cohen is the owner of a cleaning company in Denver.");
                    });
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                });
            });
        });
        let s = b.finish();
        let drop = crate::extract::prune::tests::with_inputs(&s, |inp| {
            let mut drop = crate::snapshot::Side(vec![false; s.len()]);
            cut(inp, &[root, boxed], false, &mut drop, &mut Trace::default());
            drop
        });
        assert!(drop[boxed.index()]);
        assert!(!drop[note.index()] && !drop[last.index()]);
    }

    #[test]
    fn replies_that_outweigh_the_post_stay() {
        // A forum thread: the question is short, the replies are the content.
        let (s, root, _, _, reply) = story(5, 8);
        let (m, drop) = cut_in(&s, root);
        assert_eq!(m, None);
        assert!(!drop[reply.index()]);
    }

    #[test]
    fn a_comment_link_is_not_a_heading() {
        // Q&A pages put an "Add a comment" link under each answer.
        let mut b = Builder::new();
        let (mut root, mut link) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            root = b.el("div", &[], |b| {
                for _ in 0..6 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                link = b.el("div", &[], |b| {
                    b.el("a", &[("href", "#")], |b| {
                        b.text("Add a comment");
                    });
                });
                b.el("p", &[], |b| {
                    b.text(PROSE);
                });
            });
        });
        let s = b.finish();
        let (m, drop) = cut_in(&s, root);
        assert_eq!(m, None);
        assert!(!drop[link.index()]);
    }

    #[test]
    fn a_product_ends_at_its_reviews() {
        // Four paragraphs of description, then "Customer Reviews (5)" over five reviews
        // (more review prose than description, under `REVIEW_PROSE_AFTER_SHARE`).
        let (s, root, last, heading, reply) = story_headed(4, 5, "Customer Reviews (5)");
        let (m, drop) = cut_page(&s, root, true);
        assert_eq!(m, Some(heading));
        assert!(drop[heading.index()] && drop[reply.index()] && !drop[last.index()]);
        // Not a product page: the heading is no end marker.
        assert_eq!(cut_in(&s, root).0, None);
        // Reviews far outweighing the description stay (a store page's summary on top).
        let (s, root, _, _, reply) = story_headed(2, 8, "Reviews");
        let (m, drop) = cut_page(&s, root, true);
        assert_eq!(m, None);
        assert!(!drop[reply.index()]);
    }

    #[test]
    fn a_short_post_ends_at_its_marker() {
        // Two paragraphs (196 chars), then "3 Comments": a short post is still a story.
        let (s, root, last, heading, _) = story(2, 0);
        let (m, drop) = cut_in(&s, root);
        assert_eq!(m, Some(heading));
        assert!(!drop[last.index()]);
    }

    #[test]
    fn a_heading_with_a_cancel_link_is_still_a_marker() {
        // WordPress: `<h3>Leave a Reply <small><a>Cancel reply</a></small></h3>`.
        let mut b = Builder::new();
        let (mut root, mut heading) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            root = b.el("div", &[], |b| {
                for _ in 0..6 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                heading = b.el("h3", &[("id", "reply-title")], |b| {
                    b.text("Schreibe einen Kommentar ");
                    b.el("small", &[], |b| {
                        b.el("a", &[("href", "#respond")], |b| {
                            b.text("Antworten abbrechen");
                        });
                    });
                });
                b.el("p", &[], |b| {
                    b.text("Deine E-Mail-Adresse wird nicht veröffentlicht.");
                });
            });
        });
        let s = b.finish();
        let (m, drop) = cut_in(&s, root);
        assert_eq!(m, Some(heading));
        assert!(drop[heading.index()]);
    }

    #[test]
    fn a_marker_mid_story_drops_only_its_link_box() {
        // "Zobacz także" over two teaser links, then the story goes on: the box goes, the
        // story after it stays.
        let mut b = Builder::new();
        let (mut root, mut boxed, mut after) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            root = b.el("div", &[], |b| {
                for _ in 0..2 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                boxed = b.el("div", &[("class", "module")], |b| {
                    b.el("h5", &[], |b| {
                        b.text("Zobacz także");
                    });
                    for _ in 0..2 {
                        b.el("div", &[], |b| {
                            b.el("a", &[("href", "/x")], |b| {
                                b.text("Another story with a teaser title");
                            });
                        });
                    }
                });
                for _ in 0..4 {
                    after = b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
            });
        });
        let s = b.finish();
        let (m, drop) = cut_in(&s, root);
        assert_eq!(m, None);
        assert!(drop[boxed.index()]);
        assert!(!drop[after.index()] && !drop[root.index()]);
    }

    #[test]
    fn a_marker_before_the_story_does_not_cut() {
        // One paragraph of 98 chars is under `MIN_PROSE_BEFORE` (100).
        let (s, root, _, _, _) = story(1, 0);
        assert_eq!(cut_in(&s, root).0, None);
    }
}
