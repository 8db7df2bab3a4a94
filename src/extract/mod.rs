//! Extraction: snapshot → selection → article. The engine's stages are listed in
//! [`stages`]; this module wires them to the article builder, the trace and site memory.

pub(crate) mod announce;
pub(crate) mod blocks;
pub(crate) mod data_table;
pub(crate) mod layout;
pub(crate) mod lead;
pub(crate) mod prune;
pub(crate) mod readerable;
pub(crate) mod related;
pub(crate) mod score;
pub(crate) mod sections;
pub(crate) mod stages;
pub(crate) mod tail;

use crate::article::{assemble::assemble, Article};
use crate::budget::Deadline;
use crate::classify::site_memory::SiteMemory;
use crate::snapshot::Snapshot;
use crate::trace::Trace;
use crate::{Error, Options};

/// What the engine decided: the content subtrees and, inside them, the nodes to leave out.
/// This is the whole interface between detection and the article builder.
#[derive(Clone, Debug, Default)]
pub(crate) struct Selection {
    /// Roots of the kept subtrees, in document order.
    pub roots: Vec<crate::snapshot::NodeId>,
    /// `drop[id]` is true for nodes inside the roots that are not content (indexed by `NodeId`).
    pub drop: crate::snapshot::Side<bool>,
    /// 0–1 confidence that this is the main content.
    pub confidence: f32,
    /// The page is a forum thread: it declares a discussion, or shows forum user cards.
    pub thread: bool,
}

/// Extracts the main content of `snap`; `Ok(None)` when there is none.
pub(crate) fn extract(
    snap: &Snapshot,
    options: &Options,
    deadline: &Deadline,
) -> Result<Option<Article>, Error> {
    extract_with_trace(snap, options, deadline).map(|(a, _)| a)
}

/// As [`extract`], with the stage switches, site memory (read, then taught what this page kept
/// and dropped: seed 000 online) and the per-stage [`Trace`].
pub(crate) fn extract_with(
    snap: &Snapshot,
    options: &Options,
    memory: Option<&mut SiteMemory>,
    switches: stages::StageSwitches,
    deadline: &Deadline,
) -> Result<(Option<Article>, Trace), Error> {
    let learning = stages::Learning::default();
    let (article, out) = extract_learning(snap, options, memory, switches, learning, deadline)?;
    Ok((article, out.trace))
}

/// As [`extract_with`], with a given model (or the shipped one) and optionally the feature
/// rows; also returns the stages' outcome.
pub(crate) fn extract_learning(
    snap: &Snapshot,
    options: &Options,
    memory: Option<&mut SiteMemory>,
    switches: stages::StageSwitches,
    learning: stages::Learning,
    deadline: &Deadline,
) -> Result<(Option<Article>, stages::Outcome), Error> {
    // A layout that shows almost none of the page's text (it waits for a script) is left out:
    // the page is judged as parsed HTML, by the stages and the article builder alike.
    let plain;
    let hidden_page = crate::snapshot::visibility::hides_the_page(snap);
    let snap = if hidden_page {
        plain = snap.without_layout();
        &plain
    } else {
        snap
    };
    let mut out = stages::run_with(
        snap,
        options.mode,
        memory.as_deref(),
        switches,
        learning,
        deadline,
    )?;
    if let Some(blocks) = out.trace.stages.iter_mut().find(|s| s.name == "blocks") {
        blocks
            .counts
            .push(("layout_ignored", usize::from(hidden_page)));
    }
    if hidden_page {
        // The check reads the page with its layout, the run without it.
        out.readerable = None;
    }
    if let Some(m) = memory {
        m.learn(&out.features, &kept_blocks(snap, &out));
    }
    let article = out
        .selection
        .as_ref()
        .and_then(|sel| article_from(snap, sel, &out.features.visibility, options));
    Ok((article, out))
}

/// As [`extract`], with the per-stage [`Trace`] (for the debug overlay).
pub(crate) fn extract_with_trace(
    snap: &Snapshot,
    options: &Options,
    deadline: &Deadline,
) -> Result<(Option<Article>, Trace), Error> {
    extract_with(
        snap,
        options,
        None,
        stages::StageSwitches::default(),
        deadline,
    )
}

/// Extracts with `memory` (seed 000) and then teaches it this page.
pub(crate) fn extract_and_learn(
    snap: &Snapshot,
    options: &Options,
    memory: &mut SiteMemory,
    deadline: &Deadline,
) -> Result<(Option<Article>, Trace), Error> {
    extract_with(
        snap,
        options,
        Some(memory),
        stages::StageSwitches::default(),
        deadline,
    )
}

/// Learns a site from a batch of its pages, in order (`learnSite(pages)`).
pub(crate) fn learn_site(pages: &[Snapshot], options: &Options) -> Result<SiteMemory, Error> {
    let mut memory = SiteMemory::default();
    for page in pages {
        let deadline = Deadline::start(options.limits.time_budget_ms);
        extract_with(
            page,
            options,
            Some(&mut memory),
            stages::StageSwitches::default(),
            &deadline,
        )?;
    }
    Ok(memory)
}

/// `kept[id]` for every node inside a root and not dropped.
pub(crate) fn kept_blocks(snap: &Snapshot, out: &stages::Outcome) -> Vec<bool> {
    let mut kept = vec![false; snap.len()];
    let Some(sel) = out.selection.as_ref() else {
        return kept;
    };
    for &r in &sel.roots {
        let mut stack = vec![r];
        while let Some(id) = stack.pop() {
            if sel.drop.get(id.index()).copied().unwrap_or(false) {
                continue;
            }
            kept[id.index()] = true;
            stack.extend(snap.node(id).children.iter().copied());
        }
    }
    kept
}

/// Turns the engine's selection into an article (metadata, blocks, renderers' input).
fn article_from(
    snap: &Snapshot,
    sel: &Selection,
    visibility: &crate::snapshot::visibility::Visibility,
    options: &Options,
) -> Option<Article> {
    assemble(snap, sel, visibility, options.url.as_deref())
}

/// Cheap "is this an article?" check.
pub(crate) fn is_probably_readerable(snap: &Snapshot) -> bool {
    readerable::is_probably_readerable(snap)
}
