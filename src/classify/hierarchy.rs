//! Stage 6: `HierarchyFilter` (seed 004) — the bottom-up two-threshold vote over block labels.
//!
//! For each block with block children, children first:
//! `ratio = (R1(parent) + Σ R2(child)) / (children + 1)` where R1 is the parent's first-pass
//! label and R2 a child's label after its own vote. Above `upper`, the parent and its children
//! become content; below `lower`, the parent becomes non-content (children unchanged); between,
//! the parent keeps its first-pass label. Thresholds per [`Mode`](crate::Mode) are in
//! [`rules::hierarchy_thresholds`](crate::rules::hierarchy_thresholds): precision 0.8/0.5,
//! balanced 0.7/0.4 (the paper's best), recall 0.6/0.3.

use crate::extract::blocks::Features;
use crate::rules;
use crate::snapshot::{NodeId, Side, Snapshot};

/// First-pass label of one block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Label {
    /// Content.
    Content,
    /// Not content, but the vote may overturn it.
    Boilerplate,
    /// Noise: never overturned by the vote (a share bar inside a long article stays out).
    Noise,
}

/// The vote's thresholds.
pub(crate) struct HierarchyFilter {
    pub upper: f32,
    pub lower: f32,
}

/// Outcome per block: final content flag and whether the vote changed it.
pub(crate) struct Voted {
    pub content: Side<bool>,
    pub overturned: Vec<NodeId>,
}

impl HierarchyFilter {
    /// Runs the vote over `blocks` (document order) with first-pass `labels` (by `NodeId`).
    pub fn vote(
        &self,
        snap: &Snapshot,
        f: &Features,
        blocks: &[NodeId],
        labels: &Side<Option<Label>>,
    ) -> Voted {
        let n = snap.len();
        let mut content = Side(vec![false; n]);
        let mut sum = Side(vec![0.0f32; n]);
        let mut count = Side(vec![0u32; n]);
        let mut kids: std::collections::HashMap<NodeId, Vec<NodeId>> = Default::default();
        let mut overturned = Vec::new();
        for &b in blocks.iter().rev() {
            let i = b.index();
            let Some(label) = labels[i] else { continue };
            let r1 = if label == Label::Content { 1.0 } else { 0.0 };
            let mut is_content = label == Label::Content;
            if count[i] > 0 {
                let ratio = (r1 + sum[i]) / (count[i] as f32 + 1.0);
                if ratio > self.upper {
                    if label == Label::Boilerplate {
                        is_content = true;
                        overturned.push(b);
                    }
                    for &c in kids.get(&b).map(Vec::as_slice).unwrap_or(&[]) {
                        if labels[c.index()] == Some(Label::Boilerplate) && !content[c.index()] {
                            content[c.index()] = true;
                            overturned.push(c);
                            pull_items(snap, f, c, &kids, labels, &mut content, &mut overturned);
                        }
                    }
                } else if ratio < self.lower && is_content {
                    is_content = false;
                    overturned.push(b);
                }
            }
            content[i] = is_content && label != Label::Noise;
            if let Some(p) = block_parent(snap, f, b) {
                sum[p.index()] += if content[i] { 1.0 } else { 0.0 };
                count[p.index()] += 1;
                kids.entry(p).or_default().push(b);
            }
        }
        Voted {
            content,
            overturned,
        }
    }
}

/// A list (`ul`/`ol`/`dl`, or an item holding a nested one) pulled in by the vote brings its
/// boilerplate items along, nested lists included ([`rules::LIST_CONTAINERS`]); noise stays out.
fn pull_items(
    snap: &Snapshot,
    f: &Features,
    list: NodeId,
    kids: &std::collections::HashMap<NodeId, Vec<NodeId>>,
    labels: &Side<Option<Label>>,
    content: &mut Side<bool>,
    overturned: &mut Vec<NodeId>,
) {
    let is_list = |id: NodeId| {
        let n = snap.node(id);
        n.kind == crate::snapshot::NodeKind::Element
            && rules::in_table(rules::LIST_CONTAINERS, &n.tag)
    };
    if !is_list(list) {
        return;
    }
    // Titles of sub-pages, not headlines: a news story's "related stories" list (BBC, The
    // Local: 45–60-char headlines) stays out (trafilatura corpus).
    let items = kids.get(&list).map(Vec::as_slice).unwrap_or(&[]);
    let chars: u32 = items.iter().map(|c| f.text_len[c.index()]).sum();
    if items.is_empty() || chars as f32 / items.len() as f32 > rules::LIST_ITEM_MAX_MEAN_CHARS {
        return;
    }
    let mut stack = vec![list];
    while let Some(l) = stack.pop() {
        for &c in kids.get(&l).map(Vec::as_slice).unwrap_or(&[]) {
            if labels[c.index()] != Some(Label::Boilerplate) {
                continue;
            }
            if !content[c.index()] {
                content[c.index()] = true;
                overturned.push(c);
            }
            if is_list(c) {
                stack.push(c);
            }
        }
    }
}

/// The nearest block strictly above `b`.
fn block_parent(snap: &Snapshot, f: &Features, b: NodeId) -> Option<NodeId> {
    let p = snap.node(b).parent?;
    let bp = f.block_of[p.index()];
    (bp != b && f.is_block[bp.index()]).then_some(bp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::blocks;
    use crate::snapshot::build::Builder;

    /// A parent div with four children; returns (snapshot, parent, children).
    fn family() -> (Snapshot, NodeId, Vec<NodeId>) {
        let mut b = Builder::new();
        let (mut parent, mut kids) = (NodeId(0), vec![]);
        b.el("body", &[], |b| {
            parent = b.el("div", &[], |b| {
                b.text("Parent text");
                for k in 0..4 {
                    kids.push(b.el("p", &[], |b| {
                        b.text(&format!("child {k}"));
                    }));
                }
            });
        });
        (b.finish(), parent, kids)
    }

    fn run(upper: f32, lower: f32, parent: Label, kid_labels: [Label; 4]) -> (bool, Vec<bool>) {
        let (s, p, kids) = family();
        let f = blocks::compute(&s);
        let mut labels = Side(vec![None; s.len()]);
        labels[p.index()] = Some(parent);
        for (k, l) in kids.iter().zip(kid_labels) {
            labels[k.index()] = Some(l);
        }
        let v = HierarchyFilter { upper, lower }.vote(&s, &f, &f.blocks, &labels);
        (
            v.content[p.index()],
            kids.iter().map(|k| v.content[k.index()]).collect(),
        )
    }

    use Label::{Boilerplate as B, Content as C, Noise as N};

    #[test]
    fn high_ratio_pulls_parent_and_children_in_but_not_noise() {
        // (0 + 1+1+1+0) / 5 = 0.6 … not above 0.7: parent keeps its label.
        assert!(!run(0.7, 0.4, B, [C, C, C, B]).0);
        // (1 + 1+1+1+0) / 5 = 0.8 > 0.7: the boilerplate child is pulled in.
        assert_eq!(run(0.7, 0.4, C, [C, C, C, B]).1, vec![true; 4]);
        // Noise is never overturned.
        assert_eq!(
            run(0.7, 0.4, C, [C, C, C, N]).1,
            vec![true, true, true, false]
        );
    }

    #[test]
    fn a_list_pulled_in_brings_its_link_items() {
        // A section: heading and paragraph (content), then a list of one-link items
        // (boilerplate by link density). The vote pulls the list in; its items come along.
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut sec, mut h, mut p, mut ul, mut p2, mut lis) = (z, z, z, z, z, vec![]);
        b.el("body", &[], |b| {
            sec = b.el("div", &[], |b| {
                h = b.el("h2", &[], |b| {
                    b.text("Clustering");
                });
                p = b.el("p", &[], |b| {
                    b.text("Clustering groups similar points.");
                });
                ul = b.el("ul", &[], |b| {
                    for k in 0..3 {
                        lis.push(b.el("li", &[], |b| {
                            b.el("a", &[("href", "/x")], |b| {
                                b.text(&format!("Method {k}"));
                            });
                        }));
                    }
                });
                p2 = b.el("p", &[], |b| {
                    b.text("Each method trades speed for accuracy.");
                });
            });
        });
        let s = b.finish();
        let f = blocks::compute(&s);
        // The stage votes over every block with text (wrappers included), in document order.
        let blocks: Vec<NodeId> = [sec, h, p, ul]
            .into_iter()
            .chain(lis.iter().copied())
            .chain([p2])
            .collect();
        let mut labels = Side(vec![None; s.len()]);
        for id in [sec, h, p] {
            labels[id.index()] = Some(C);
        }
        labels[ul.index()] = Some(B);
        for &li in &lis {
            labels[li.index()] = Some(B);
        }
        labels[p2.index()] = Some(C);
        let v = HierarchyFilter {
            upper: 0.7,
            lower: 0.4,
        }
        .vote(&s, &f, &blocks, &labels);
        assert!(v.content[ul.index()]);
        assert!(lis.iter().all(|li| v.content[li.index()]));
        // A noise item stays out.
        labels[lis[0].index()] = Some(N);
        let v = HierarchyFilter {
            upper: 0.7,
            lower: 0.4,
        }
        .vote(&s, &f, &blocks, &labels);
        assert!(!v.content[lis[0].index()] && v.content[lis[1].index()]);
    }

    #[test]
    fn a_list_of_headlines_keeps_its_items_out() {
        // A story's "related stories" list: the list may be pulled in, its headlines are not.
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut sec, mut p, mut ul, mut p2, mut lis) = (z, z, z, z, vec![]);
        b.el("body", &[], |b| {
            sec = b.el("div", &[], |b| {
                p = b.el("p", &[], |b| {
                    b.text("The virus closed most shops in the city this spring.");
                });
                ul = b.el("ul", &[], |b| {
                    for k in 0..3 {
                        lis.push(b.el("li", &[], |b| {
                            b.el("a", &[("href", "/news/1")], |b| {
                                b.text(&format!(
                                    "Four out of five jobs affected by virus, report {k}"
                                ));
                            });
                        }));
                    }
                });
                p2 = b.el("p", &[], |b| {
                    b.text("Shops reopen next month under new rules.");
                });
            });
        });
        let s = b.finish();
        let f = blocks::compute(&s);
        let blocks: Vec<NodeId> = [sec, p, ul]
            .into_iter()
            .chain(lis.iter().copied())
            .chain([p2])
            .collect();
        let mut labels = Side(vec![None; s.len()]);
        for id in [sec, p, p2] {
            labels[id.index()] = Some(C);
        }
        for &id in lis.iter().chain([&ul]) {
            labels[id.index()] = Some(B);
        }
        let v = HierarchyFilter {
            upper: 0.7,
            lower: 0.4,
        }
        .vote(&s, &f, &blocks, &labels);
        assert!(lis.iter().all(|li| !v.content[li.index()]));
    }

    #[test]
    fn low_ratio_drops_parent_keeps_children() {
        // (1 + 0+0+0+1) / 5 = 0.4 — not below 0.4: unchanged; below 0.5 in precision mode.
        assert_eq!(
            run(0.7, 0.4, C, [B, B, B, C]),
            (true, vec![false, false, false, true])
        );
        assert_eq!(
            run(0.8, 0.5, C, [B, B, B, C]),
            (false, vec![false, false, false, true])
        );
    }
}
