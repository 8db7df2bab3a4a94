//! Snapshot + kept nodes → typed blocks. (Foundation version: one paragraph per text-bearing
//! block element; the article issue replaces it with the full model.)

use super::{Block, Inline};
use crate::snapshot::{NodeId, NodeKind, Snapshot};

/// Builds content blocks from the subtrees rooted at `roots`, skipping nodes where `drop[id]`.
pub(crate) fn blocks(snap: &Snapshot, roots: &[NodeId], drop: &[bool]) -> Vec<Block> {
    let mut out = Vec::new();
    for &root in roots {
        let mut para = String::new();
        let mut stack = vec![root];
        while let Some(id) = stack.pop() {
            if drop.get(id.index()).copied().unwrap_or(false) {
                continue;
            }
            let n = snap.node(id);
            match n.kind {
                NodeKind::Text => para.push_str(&n.text),
                _ => {
                    if matches!(
                        n.tag.as_str(),
                        "p" | "div" | "li" | "h1" | "h2" | "h3" | "br"
                    ) {
                        flush(&mut para, &mut out);
                    }
                    stack.extend(n.children.iter().rev().copied());
                }
            }
        }
        flush(&mut para, &mut out);
    }
    out
}

fn flush(para: &mut String, out: &mut Vec<Block>) {
    let text = para.split_whitespace().collect::<Vec<_>>().join(" ");
    para.clear();
    if !text.is_empty() {
        out.push(Block::Paragraph {
            content: vec![Inline::Text { text }],
        });
    }
}
