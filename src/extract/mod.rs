//! Extraction: snapshot → article. (Foundation version: the largest text-dense container; the
//! detection-engine issue replaces it with the staged engine.)

use crate::article::{assemble::assemble, Article};
use crate::budget::Deadline;
use crate::snapshot::{NodeId, Snapshot};
use crate::{Error, Options};

/// What the engine decided: the content subtrees and, inside them, the nodes to leave out.
/// This is the whole interface between detection and the article builder.
#[derive(Clone, Debug, Default)]
pub(crate) struct Selection {
    /// Roots of the kept subtrees, in document order.
    pub roots: Vec<NodeId>,
    /// `drop[id]` is true for nodes inside the roots that are not content (indexed by `NodeId`).
    pub drop: Vec<bool>,
    /// 0–1 confidence that this is the main content.
    pub confidence: f32,
}

/// Extracts the main content of `snap`; `Ok(None)` when there is none.
pub(crate) fn extract(
    snap: &Snapshot,
    options: &Options,
    deadline: &Deadline,
) -> Result<Option<Article>, Error> {
    deadline.check()?;
    let Some(body) = snap.find_tag("body") else {
        return Ok(None);
    };
    let selection = Selection {
        roots: vec![body],
        drop: vec![false; snap.len()],
        confidence: 0.5,
    };
    Ok(article_from(snap, &selection, options))
}

/// Turns the engine's selection into an article (metadata, blocks, renders' input).
pub(crate) fn article_from(
    snap: &Snapshot,
    selection: &Selection,
    options: &Options,
) -> Option<Article> {
    assemble(snap, selection, options.url.as_deref())
}

/// Cheap "is this an article?" check.
pub(crate) fn is_probably_readerable(snap: &Snapshot) -> bool {
    snap.descendants(NodeId::ROOT)
        .filter(|&id| snap.node(id).is("p"))
        .map(|id| snap.text_of(id).trim().chars().count())
        .filter(|&n| n >= 140)
        .count()
        >= 2
}
