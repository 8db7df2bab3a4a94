//! What each extraction stage did, how long it took and why: the data behind the debug overlay.
//!
//! Stages record counts (how many nodes they touched) and per-node decisions with a reason, so a
//! viewer can say "this block was dropped as navigation by the noise stage".

use crate::snapshot::NodeId;
use serde::Serialize;

/// Why a node was kept or dropped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Reason {
    /// Seed 001 noise kind: menus and link lists.
    Navigation,
    /// Seed 001 noise kind: banners and sponsored slots.
    Advertisement,
    /// Seed 001 noise kind: forms, search, login, buttons.
    Interactive,
    /// Seed 001 noise kind: copyright, contact, share bars, bylines at the bottom.
    SpecialInformation,
    /// Seed 001 noise kind: script, style and other non-rendered markup.
    ScriptStyle,
    /// Not rendered (computed style, `hidden`, inline style).
    Hidden,
    /// A cookie/consent/paywall/modal shell.
    Overlay,
    /// Seen on many earlier pages of this site (seed 000 site memory).
    Repeated,
    /// First-pass block score below the content line.
    LowScore,
    /// Overturned by the hierarchy vote (seed 004).
    HierarchyVote,
    /// Chosen as a content root.
    ContentRoot,
    /// Joined to the content as a sibling in the same reading column.
    SiblingJoined,
    /// The repeated cards of a listing page (page-type stage).
    CardRegion,
    /// The learned block classifier was sure, against the rules (seeds 002/004).
    Learned,
    /// After the article's end: a comment thread, related stories or an author box, opened by
    /// a heading that says so (`tail` stage).
    ArticleEnd,
    /// Repeats, word for word, a block kept earlier on the page (a quoted post, a cloned
    /// carousel slide).
    Duplicate,
    /// A section of other items ("People who viewed this item also viewed", "You may also
    /// like"), opened by a heading that says so (`related` stage).
    Recommendations,
}

/// One decision about one node.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    /// The node.
    pub node: NodeId,
    /// Stage that decided.
    pub stage: &'static str,
    /// True when the node (subtree) is kept.
    pub keep: bool,
    /// Why.
    pub reason: Reason,
}

/// The record of one stage.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct StageRecord {
    /// Stage name, as listed in `extract/stages.rs`.
    pub name: &'static str,
    /// Wall-clock milliseconds spent (0 when the platform has no clock).
    pub ms: f64,
    /// Named counts, e.g. `("blocks", 312)`.
    pub counts: Vec<(&'static str, usize)>,
}

/// The full trace of one extraction.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Trace {
    /// Stages in the order they ran.
    pub stages: Vec<StageRecord>,
    /// Per-node decisions, in the order they were made.
    pub decisions: Vec<Decision>,
}

// Readers of the trace (debug overlay, CLI `--trace`) live outside this branch.
#[allow(dead_code)]
impl Trace {
    /// Records a decision.
    pub fn decide(&mut self, node: NodeId, stage: &'static str, keep: bool, reason: Reason) {
        self.decisions.push(Decision {
            node,
            stage,
            keep,
            reason,
        });
    }

    /// The stage record with this name, if it ran.
    pub fn stage(&self, name: &str) -> Option<&StageRecord> {
        self.stages.iter().find(|s| s.name == name)
    }

    /// The last decision about `node`, if any.
    pub fn last_decision(&self, node: NodeId) -> Option<&Decision> {
        self.decisions.iter().rev().find(|d| d.node == node)
    }
}

#[allow(dead_code)]
impl StageRecord {
    /// The count with this name, or 0.
    pub fn count(&self, name: &str) -> usize {
        self.counts
            .iter()
            .find(|(k, _)| *k == name)
            .map_or(0, |(_, v)| *v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_records_and_finds_decisions() {
        let mut t = Trace::default();
        t.stages.push(StageRecord {
            name: "noise",
            ms: 0.1,
            counts: vec![("navigation", 2)],
        });
        t.decide(NodeId(3), "noise", false, Reason::Navigation);
        t.decide(NodeId(3), "hierarchy", true, Reason::HierarchyVote);
        assert_eq!(t.stage("noise").map(|s| s.count("navigation")), Some(2));
        assert_eq!(t.last_decision(NodeId(3)).map(|d| d.keep), Some(true));
        assert!(t.last_decision(NodeId(4)).is_none());
    }
}
