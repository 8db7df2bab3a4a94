//! The detection engine as a flat list of named stages. Each is timed and records what it
//! changed into the [`Trace`]:
//!
//! 1. `blocks`     — split into blocks, per-node features (seeds 002/004)
//! 2. `noise`      — `NoiseClassifier`: five noise kinds, hidden nodes, overlays (seed 001)
//! 3. `tag_path`   — runs of same-path text blocks as candidate regions (seeds 003/000)
//! 4. `site_memory`— repeated texts and always-dropped paths of this site (seed 000)
//! 5. `score`/`select` — Readability-class evidence fused with the above; best container,
//!    widened and joined across its column; one section of a landing page climbs to the
//!    column of sections (`extract/sections.rs`)
//! 6. `page_type`  — declared type (JSON-LD, `og:type`) and repeated card regions; on a
//!    listing whose selection is a scrap, the card region joins the roots and its cards are
//!    kept whatever their link density
//! 7. `learned`    — boosted-tree block classifier over the features above and the rules'
//!    verdict (seeds 002/004); joins blocks outside the roots it is sure about
//! 8. `hierarchy`  — learned and rule labels fused, then the `HierarchyFilter` two-threshold
//!    vote inside the roots (seed 004)
//! 9. `prune`      — second copies of kept blocks (quoted posts, mobile/desktop twins) left
//!    out
//! 10. `tail`      — the article ends at a heading that opens comments, related stories or
//!     an author box (`rules::tail`); it and what follows are dropped (not in recall mode)
//! 11. `confidence` — 0–1, low on home/index pages

use crate::budget::Deadline;
use crate::classify::hierarchy::{HierarchyFilter, Label};
use crate::classify::learned::{self, Fuse, Model, N_FEATURES};
use crate::classify::noise::{NoiseClassifier, NoiseLabels};
use crate::classify::page_type::{self, CardRegion, PageType, PageTypeOut};
use crate::classify::site_memory::SiteMemory;
use crate::classify::tag_path;
use crate::extract::blocks::{self, Features};
use crate::extract::score::{self, Chosen, Inputs};
use crate::extract::Selection;
use crate::extract::{lead, prune, sections};
use crate::rules::page_type::cards;
use crate::rules::{self, limits};
use crate::snapshot::{NodeId, NodeKind, Side, Snapshot};
use crate::trace::{Reason, StageRecord, Trace};
use crate::{Error, Mode};

/// Which optional engine stages run. All are on by default; turning one off is an ablation
/// (`lectern eval --ablate`) that shows what the stage is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageSwitches {
    /// `NoiseClassifier` (seed 001). Off: only never-rendered and hidden nodes are noise.
    pub noise: bool,
    /// Tag-path runs as scoring evidence (seed 003). Default on.
    pub tag_path: bool,
    /// Site memory, when the caller supplies one (seed 000). Default on.
    pub site_memory: bool,
    /// Widening to a shared ancestor and joining siblings of the reading column. Default on.
    pub column_join: bool,
    /// `HierarchyFilter` two-threshold vote (seed 004). Off: first-pass labels stand.
    pub hierarchy: bool,
    /// The listing policy of the `page_type` stage (a card region joins a scrap selection;
    /// its cards are kept whatever their link density). Off: the type is still detected and
    /// traced, nothing acts on it. Default on.
    pub page_type: bool,
    /// Second copies of kept blocks left out (`prune` stage). Default on.
    pub prune: bool,
    /// Recommendation sections left out (`related` stage). Default on (never in recall mode).
    pub related: bool,
    /// The article ends at a comment/related/author heading (`tail` stage). Default on
    /// (never in recall mode).
    pub tail: bool,
    /// The learned block classifier (seeds 002/004) fused with the rule labels. Default off:
    /// out of fold (session 11) the gated fusion gains 0.0016 word F1 on wcxb-dev and loses
    /// 0.0016 snippet F1 on trafilatura (docs/LEARNED.md), short of the +0.02 bar for turning
    /// it on.
    pub learned: bool,
    /// Ablation only: the learned classifier alone picks the blocks (no rule roots, no vote).
    /// Default off.
    pub learned_only: bool,
}

impl Default for StageSwitches {
    fn default() -> Self {
        StageSwitches {
            noise: true,
            tag_path: true,
            site_memory: true,
            column_join: true,
            hierarchy: true,
            page_type: true,
            prune: true,
            related: true,
            tail: true,
            learned: false,
            learned_only: false,
        }
    }
}

/// Everything a run produced, for the article builder, the trace and site memory.
pub(crate) struct Outcome {
    pub selection: Option<Selection>,
    pub features: Features,
    pub trace: Trace,
    /// Feature row of each block of `features.blocks`, when [`Learning::collect_rows`].
    pub rows: Vec<[f32; N_FEATURES]>,
    /// `is_probably_readerable` on this page, when [`Learning::readerable`].
    pub readerable: Option<bool>,
}

/// Which model the `learned` stage uses, and whether to hand back the feature rows.
#[derive(Clone, Copy, Default)]
pub(crate) struct Learning<'m> {
    /// `None`: the shipped model.
    pub model: Option<&'m Model>,
    /// Return every block's feature row (for `lectern train`).
    pub collect_rows: bool,
    /// Fusion thresholds (`None`: the tuned defaults).
    pub fuse: Option<Fuse>,
    /// Also answer `is_probably_readerable` from this run's features (the batch tools report
    /// it per page; computing it apart costs a second `blocks` and `noise` pass).
    pub readerable: bool,
}

/// The `learned` stage's output: block scores (logits by `NodeId`) and feature rows.
struct LearnedOut {
    scores: Option<Vec<Option<f32>>>,
    rows: Vec<[f32; N_FEATURES]>,
    /// The fusion thresholds for this page (after the gate).
    fuse: Fuse,
    /// The gate left this page to the model alone ([`learned::Gate::weak_only`],
    /// [`learned::Gate::typed_only`]).
    alone: bool,
}

fn timed<T>(
    trace: &mut Trace,
    deadline: &Deadline,
    name: &'static str,
    run: impl FnOnce(&mut Trace, &mut Vec<(&'static str, usize)>) -> T,
) -> Result<T, Error> {
    deadline.check()?;
    let start = deadline.elapsed_ms();
    let mut counts = Vec::new();
    let out = run(trace, &mut counts);
    trace.stages.push(StageRecord {
        name,
        ms: (deadline.elapsed_ms() - start).max(0.0),
        counts,
    });
    Ok(out)
}

/// Runs every stage over `snap` with the shipped model.
#[cfg(test)]
pub(crate) fn run(
    snap: &Snapshot,
    mode: Mode,
    memory: Option<&SiteMemory>,
    switches: StageSwitches,
    deadline: &Deadline,
) -> Result<Outcome, Error> {
    run_with(snap, mode, memory, switches, Learning::default(), deadline)
}

/// Runs every stage over `snap`.
pub(crate) fn run_with(
    snap: &Snapshot,
    mode: Mode,
    memory: Option<&SiteMemory>,
    switches: StageSwitches,
    learning: Learning,
    deadline: &Deadline,
) -> Result<Outcome, Error> {
    let mut trace = Trace::default();
    let memory = memory.filter(|_| switches.site_memory);
    let f = timed(&mut trace, deadline, "blocks", |_, c| {
        let f = blocks::compute(snap);
        c.push(("nodes", snap.len()));
        c.push(("blocks", f.blocks.len()));
        f
    })?;
    let mut noise = timed(&mut trace, deadline, "noise", |t, c| {
        noise_stage(snap, &f, switches.noise, false, t, c)
    })?;
    // The first noise pass is the default classifier's, as `is_probably_readerable` runs it,
    // unless an ablation turned the stage off.
    let readerable = learning.readerable.then(|| {
        let fresh;
        let labels = if switches.noise {
            &noise
        } else {
            fresh = NoiseClassifier::new(snap, &f).classify();
            &fresh
        };
        crate::extract::readerable::from_features(snap, &f, labels)
    });
    let mut runs = timed(&mut trace, deadline, "tag_path", |_, c| {
        let runs = tag_path::group(&f, &noise);
        c.push(("runs", runs.runs.len()));
        c.push(("best_run_blocks", runs.best().map_or(0, |r| r.blocks.len())));
        runs
    })?;
    timed(&mut trace, deadline, "site_memory", |t, c| {
        memory_stage(&f, memory, t, c);
    })?;
    let select = |noise: &NoiseLabels, runs: &tag_path::PathRuns, t: &mut Trace, c: &mut Vec<_>| {
        let inputs = Inputs {
            snap,
            f: &f,
            noise,
            runs: switches.tag_path.then_some(runs),
            memory,
            respect_noise: true,
            column_join: switches.column_join,
        };
        select_stage(&inputs, t, c)
    };
    let mut chosen = timed(&mut trace, deadline, "select", |t, c| {
        select(&noise, &runs, t, c)
    })?;
    if switches.noise && reviews_won(snap, chosen.as_ref().map(|(c, _)| c.top)) {
        // A product page's customer reviews won it: select again with them labelled noise.
        (noise, runs, chosen) = timed(&mut trace, deadline, "product_reviews", |t, c| {
            let noise = noise_stage(snap, &f, true, true, t, c);
            let runs = tag_path::group(&f, &noise);
            let chosen = select(&noise, &runs, t, c);
            (noise, runs, chosen)
        })?;
    }
    let inputs = Inputs {
        snap,
        f: &f,
        noise: &noise,
        runs: switches.tag_path.then_some(&runs),
        memory,
        respect_noise: true,
        column_join: switches.column_join,
    };
    let inputs = Inputs {
        respect_noise: chosen.as_ref().is_none_or(|(_, r)| *r),
        ..inputs
    };
    let cards = timed(&mut trace, deadline, "page_type", |t, c| {
        let pt = page_type::detect(snap, &f, &noise);
        c.push(("listing", usize::from(pt.kind == PageType::Listing)));
        c.push(("product", usize::from(pt.kind == PageType::Product)));
        c.push(("declared", usize::from(pt.declared.is_some())));
        c.push(("cards", pt.cards.map_or(0, |r| r.cards)));
        let cards = chosen
            .as_mut()
            .filter(|_| switches.page_type)
            .and_then(|(ch, _)| page_type_policy(&inputs, &pt, ch, t));
        c.push(("cards_kept", usize::from(cards.is_some())));
        (
            cards,
            pt.kind != PageType::Article,
            pt.offers,
            pt.declares_product,
        )
    })?;
    let (cards, typed, offers, product) = cards;
    let rule_roots = chosen.as_ref().map_or(&[][..], |(c, _)| c.roots.as_slice());
    let out = timed(&mut trace, deadline, "learned", |_, c| {
        learned_stage(&inputs, rule_roots, typed, switches, learning, c)
    })?;
    let scores = out.scores.as_deref();
    let fuse = out.fuse;
    let alone = scores.filter(|_| switches.learned_only || out.alone);
    let alone = alone.and_then(|s| learned_roots(&inputs, s, !switches.learned_only));
    // The model alone picks the blocks: the ablation, or a page the gate left to it (where the
    // model calls no block content, the gate leaves the page to the rules instead).
    let only = switches.learned_only || (out.alone && alone.is_some());
    let chosen = match (chosen, scores) {
        _ if only => alone.map(|c| (c, false)),
        (Some((mut c, r)), Some(s)) => {
            join_sure_blocks(&inputs, s, fuse.join, &mut c.roots, &mut trace);
            Some((c, r))
        }
        (c, _) => c,
    };
    let Some((chosen, _)) = chosen else {
        return Ok(Outcome {
            selection: None,
            features: f,
            trace,
            rows: out.rows,
            readerable,
        });
    };
    let mut drop = timed(&mut trace, deadline, "hierarchy", |t, c| {
        let inp = Inputs {
            respect_noise: inputs.respect_noise && !only,
            ..inputs
        };
        let fusion = Fusion { scores, only, fuse };
        let vote = switches.hierarchy && !only;
        let drop = hierarchy_stage(&inp, &chosen.roots, cards, typed, mode, vote, fusion, t, c);
        if only || scores.is_none() || keeps_text(&inp, &chosen.roots, &drop) {
            return drop;
        }
        // The fused labels dropped every block of the rules' roots (a one-paragraph page the
        // model calls boilerplate): the rules' labels decide instead. Session 9: the one
        // readability page fused fusion lost (0.0077 of the corpus).
        c.push(("fusion_emptied", 1));
        let rules = Fusion {
            scores: None,
            ..fusion
        };
        hierarchy_stage(&inp, &chosen.roots, cards, typed, mode, vote, rules, t, c)
    })?;
    timed(&mut trace, deadline, "prune", |t, c| {
        let repeats = switches
            .prune
            .then(|| prune::drop_repeats(&inputs, &chosen.roots, offers, &mut drop, t));
        c.push(("repeats_dropped", repeats.unwrap_or(0)));
    })?;
    // The `related` stage shares the tail's timing record (one less instantiation of `timed`:
    // the extension wasm has little headroom); its decisions carry their own stage name.
    timed(&mut trace, deadline, "tail", |t, c| {
        // `offers` holds on every page typed Product (only a declaration makes one).
        let cut = (switches.tail && mode != Mode::Recall)
            .then(|| crate::extract::tail::cut(&inputs, &chosen.roots, offers, &mut drop, t))
            .flatten();
        c.push(("cut", usize::from(cut.is_some())));
        let n = (switches.related && mode != Mode::Recall)
            .then(|| crate::extract::related::drop_sections(&inputs, &chosen.roots, &mut drop, t));
        c.push(("related_sections", n.unwrap_or(0)));
        let g = (switches.related && mode != Mode::Recall && product).then(|| {
            crate::extract::related::drop_priced_grids(&inputs, &chosen.roots, &mut drop, t)
        });
        c.push(("priced_grids", g.unwrap_or(0)));
    })?;
    let selection = timed(&mut trace, deadline, "confidence", |_, c| {
        let confidence = confidence(&f, &chosen, &drop);
        c.push(("confidence_pct", (confidence * 100.0) as usize));
        Selection {
            roots: chosen.roots.clone(),
            drop,
            confidence,
            thread: crate::classify::page_type::declares_discussion(inputs.snap)
                || inputs.noise.thread,
        }
    })?;
    // A home page of teaser boxes has no article (`rules::teaser`).
    let teasers = mode != Mode::Recall && teasers_only(&inputs, &selection.roots, &selection.drop);
    Ok(Outcome {
        selection: (!teasers).then_some(selection),
        features: f,
        trace,
        rows: out.rows,
        readerable,
    })
}

/// Scores every block with the model (when on) and collects rows (when asked); `typed`: the
/// `page_type` stage called the page a listing or a product.
fn learned_stage(
    inp: &Inputs,
    roots: &[NodeId],
    typed: bool,
    switches: StageSwitches,
    learning: Learning,
    counts: &mut Vec<(&'static str, usize)>,
) -> LearnedOut {
    let on = switches.learned || switches.learned_only;
    let model = match learning.model {
        Some(m) => Some(m),
        None if on => learned::embedded().ok(),
        None => None,
    };
    // A shipped model that fails to load is caught by its unit test; here the stage steps aside.
    counts.push(("model_missing", usize::from(on && model.is_none())));
    let model = model.filter(|_| on);
    let fuse = learning.fuse.unwrap_or_default();
    if model.is_none() && !learning.collect_rows {
        return LearnedOut {
            scores: None,
            rows: Vec::new(),
            fuse,
            alone: false,
        };
    }
    let rows = learned::rows(inp, roots, |b| rule_label(inp, b, false)); // features as trained: without linked notes
    let scores = model.map(|m| {
        let mut s = vec![None; inp.snap.len()];
        for (b, row) in inp.f.blocks.iter().zip(&rows) {
            s[b.index()] = Some(m.score(row));
        }
        s
    });
    counts.push(("scored", scores.as_ref().map_or(0, |_| rows.len())));
    let (fuse, alone) = match fuse.gate {
        Some(_) if scores.is_some() => {
            // The strength of the rules' selection: chars of prose paragraphs in their roots.
            let prose = roots.iter().map(|&r| score::prose_chars(inp, r)).sum();
            counts.push(("strong_page", usize::from(fuse.strong(prose))));
            (fuse.for_page(prose), fuse.model_alone(prose, typed))
        }
        _ => (fuse.for_page(0), false),
    };
    LearnedOut {
        fuse,
        alone,
        scores,
        rows: if learning.collect_rows {
            rows
        } else {
            Vec::new()
        },
    }
}

/// Adds blocks outside the rules' roots that the model is sure are content (topmost only,
/// never around an existing root, never inside noise), keeping the roots in document order.
fn join_sure_blocks(
    inp: &Inputs,
    scores: &[Option<f32>],
    join: f32,
    roots: &mut Vec<NodeId>,
    trace: &mut Trace,
) {
    let f = inp.f;
    let mut added: Vec<NodeId> = Vec::new();
    for &b in &f.blocks {
        let sure = scores[b.index()].is_some_and(|s| s > join);
        if !sure || (inp.respect_noise && inp.noise.inside[b.index()]) {
            continue;
        }
        let covered = roots.iter().chain(&added).any(|&r| f.contains(r, b));
        let around = roots.iter().any(|&r| f.contains(b, r));
        if !covered && !around {
            added.push(b);
            trace.decide(b, "learned", true, Reason::Learned);
        }
    }
    if !added.is_empty() {
        roots.extend(added);
        crate::order::by_key(roots, |r| u64::from(f.preorder[r.index()]));
    }
}

/// True when `drop` leaves a block with text of its own in `roots` (no dropped node between
/// the block and its root).
fn keeps_text(inp: &Inputs, roots: &[NodeId], drop: &Side<bool>) -> bool {
    let (snap, f) = (inp.snap, inp.f);
    roots.iter().any(|&r| {
        let own_text = |b: &&NodeId| f.is_block[b.index()] && f.own_len[b.index()] > 0;
        f.subtree(r).iter().filter(own_text).any(|&b| {
            snap.path_up(b)
                .take_while(|&n| !drop[n.index()])
                .any(|n| n == r)
        })
    })
}

/// Roots are the topmost blocks the model calls content (the ablation), outside the noise
/// stage's labels when `noise_out` (a page the gate leaves to the model: hidden text, comment
/// threads and menus the noise rules found stay out; session 9, readability).
fn learned_roots(inp: &Inputs, scores: &[Option<f32>], noise_out: bool) -> Option<Chosen> {
    let f = inp.f;
    let mut roots: Vec<NodeId> = Vec::new();
    for &b in &f.blocks {
        let noise = noise_out && inp.respect_noise && inp.noise.inside[b.index()];
        if !noise
            && scores[b.index()].is_some_and(|s| s > 0.0)
            && !roots.iter().any(|&r| f.contains(r, b))
        {
            roots.push(b);
        }
    }
    Some(Chosen {
        top: *roots.first()?,
        roots,
        joined: Vec::new(),
        runner_up: 0.0,
        top_score: 1.0,
    })
}

/// How the first pass uses the learned scores.
#[derive(Clone, Copy)]
struct Fusion<'a> {
    scores: Option<&'a [Option<f32>]>,
    /// Learned label alone (ablation).
    only: bool,
    fuse: Fuse,
}

fn noise_stage(
    snap: &Snapshot,
    f: &Features,
    enabled: bool,
    reviews: bool,
    trace: &mut Trace,
    counts: &mut Vec<(&'static str, usize)>,
) -> NoiseLabels {
    let classifier = NoiseClassifier::new(snap, f);
    let classifier = if reviews {
        classifier.with_product_reviews()
    } else {
        classifier
    };
    let mut labels = classifier.classify();
    if !enabled {
        // Ablation: keep only what is never rendered.
        for (i, k) in labels.kind.iter_mut().enumerate() {
            if !matches!(k, Some(Reason::ScriptStyle | Reason::Hidden)) {
                *k = None;
            }
            labels.inside[i] = false;
        }
        for &id in &f.order {
            let i = id.index();
            let up = snap
                .node(id)
                .parent
                .is_some_and(|p| labels.inside[p.index()]);
            labels.inside[i] = up || labels.kind[i].is_some();
        }
    }
    let kinds = [
        ("navigation", Reason::Navigation),
        ("advertisement", Reason::Advertisement),
        ("interactive", Reason::Interactive),
        ("special_information", Reason::SpecialInformation),
        ("script_style", Reason::ScriptStyle),
        ("hidden", Reason::Hidden),
        ("overlay", Reason::Overlay),
    ];
    for (name, kind) in kinds {
        counts.push((
            name,
            labels.kind.iter().filter(|k| **k == Some(kind)).count(),
        ));
    }
    for (i, k) in labels.kind.iter().enumerate() {
        if let Some(k) = k {
            if *k != Reason::ScriptStyle {
                trace.decide(NodeId(i as u32), "noise", false, *k);
            }
        }
    }
    labels
}

/// The selection's top lies in a box named as customer reviews (`noise::review_box`) on a page
/// that declares a product (`page_type::declares_product`). Why: the reviews are a product
/// page's longest prose and won it over the spec list and description the golds keep
/// (wcxb-dev REI, IKEA, Thomann). Only when they won: where the selection holds the product
/// and its reviews, several golds keep the reviews (nordrepublic, drinco, an ifixit page).
fn reviews_won(snap: &Snapshot, top: Option<NodeId>) -> bool {
    top.is_some_and(|top| {
        snap.path_up(top)
            .any(|a| crate::classify::noise::review_box(snap, a, snap.node(a)))
    }) && page_type::declares_product(snap)
}

fn memory_stage(
    f: &Features,
    memory: Option<&SiteMemory>,
    trace: &mut Trace,
    counts: &mut Vec<(&'static str, usize)>,
) {
    let Some(m) = memory else {
        counts.push(("pages_known", 0));
        return;
    };
    counts.push(("pages_known", m.pages as usize));
    let mut repeated = 0;
    for &b in &f.blocks {
        if m.is_repeated(f.fingerprint[b.index()]) {
            repeated += 1;
            trace.decide(b, "site_memory", false, Reason::Repeated);
        }
    }
    counts.push(("repeated_blocks", repeated));
}

fn select_stage(
    inp: &Inputs,
    trace: &mut Trace,
    counts: &mut Vec<(&'static str, usize)>,
) -> Option<(Chosen, bool)> {
    let mut respect_noise = true;
    let mut chosen = score::select(inp, &score::score(inp));
    if let Some(c) = chosen.as_mut().filter(|_| inp.column_join) {
        // One section of a landing page won: the page's content is the column of sections.
        if let Some(a) = sections::all_sections(inp, c) {
            (c.top, c.roots) = (a, vec![a]);
            c.joined.clear();
            counts.push(("sections_widened", 1));
        }
        // The boxes of the columns beside it repeating its entries: the same feed (layout only).
        let feeds = sections::feed_columns(inp, c);
        counts.push(("feed_boxes", feeds.len()));
        for b in feeds {
            let f = inp.f;
            let at = c
                .roots
                .partition_point(|r| f.preorder[r.index()] < f.preorder[b.index()]);
            c.roots.insert(at, b);
            c.joined.push(b);
        }
    }
    if chosen.is_none() {
        // The only prose sits in areas labelled noise: better that than nothing.
        respect_noise = false;
        let retry = Inputs {
            respect_noise,
            ..*inp
        };
        chosen = score::select(&retry, &score::score(&retry));
    }
    if chosen.as_ref().is_some_and(|c| {
        c.roots.iter().all(|&r| {
            score::in_page_footer(inp, r)
                || score::text_outside_menus(
                    &Inputs {
                        respect_noise,
                        ..*inp
                    },
                    r,
                ) == 0
        })
    }) {
        // Only the site footer has text (a product page whose script never filled its
        // `#root`): its column headings are no article. Nor is a winner that holds nothing
        // but menus and the footer: with layout, the footer's columns weigh less in the
        // bottom band and the page wrapper around header and footer won instead
        // (wcxb-dev helloalma.com, an empty-shell landing page with empty gold: nothing
        // parsed, 1,175 chars of footer headings live).
        counts.push(("footer_only", 1));
        chosen = None;
    }
    if chosen.is_none() {
        // No prose paragraph anywhere (a page of short list items): the author's own
        // `<article>`/`<main>` marks the content.
        chosen = score::marked_content(inp);
    }
    if chosen.is_none() {
        chosen = score::whole_body(inp);
    }
    let mut c = chosen?;
    let description = inp
        .column_join
        .then(|| crate::article::metadata::description(inp.snap))
        .flatten();
    if let Some(d) = description.and_then(|d| lead::standfirst(inp, *c.roots.first()?, &d)) {
        // The dek under the headline, outside the winner (`extract::lead`).
        c.roots.insert(0, d);
        c.joined.push(d);
    }
    for p in later_tab_panes(inp, c.top, &c.roots) {
        // The winner is the open pane of a tab set: the closed panes after it are the same
        // page's content a click shows (`tab_set_pane`).
        c.roots.push(p);
        c.joined.push(p);
    }
    counts.push(("roots", c.roots.len()));
    counts.push(("joined", c.joined.len()));
    trace.decide(c.top, "select", true, Reason::ContentRoot);
    for &j in &c.joined {
        trace.decide(j, "select", true, Reason::SiblingJoined);
    }
    Some((c, respect_noise))
}

/// The panes of a tab set after the open one holding `top` (itself or an ancestor up to
/// `limits::TAB_PANE_LEVELS` above it), that count (not noise: a closed pane shows when it is
/// a panel of prose) and lie outside `roots`. Why: the selection stays in the open pane of a
/// product's tabs (newegg "Overview", with "Specs" and "Reviews" in sibling panes whose tabs
/// sit in a separate list), so the specification table shown by a click was never joined.
#[inline(never)]
fn later_tab_panes(inp: &Inputs, top: NodeId, roots: &[NodeId]) -> Vec<NodeId> {
    let snap = inp.snap;
    let mut panes = Vec::new();
    for open in snap.path_up(top).take(limits::TAB_PANE_LEVELS + 1) {
        let Some(parent) = snap.node(open).parent else {
            break;
        };
        let mut prev = open;
        let after = snap
            .node(parent)
            .children
            .iter()
            .skip_while(|&&c| c != open);
        for &c in after.skip(1) {
            if snap.node(c).kind != NodeKind::Element {
                continue;
            }
            if !crate::snapshot::visibility::tab_set_pane(snap, c, prev) {
                break;
            }
            prev = c;
            if inp.counts(c) && !roots.iter().any(|&r| snap.path_up(c).any(|a| a == r)) {
                panes.push(c);
            }
        }
        if prev != open {
            break;
        }
    }
    panes
}

/// The listing policy of the `page_type` stage. On a listing (declared, or cards holding most
/// of the page's text) the card region is the content: when the scored selection is a scrap
/// beside it (a teaser strip, a heading), the region joins the roots (roots inside it give way
/// to it). Returns the region when it lies in the final roots: its cards are then kept in the
/// `hierarchy` stage whatever their link density (a card's title is a link). Product pages are
/// left alone: their card regions are "related items" carousels.
fn page_type_policy(
    inp: &Inputs,
    pt: &PageTypeOut,
    chosen: &mut Chosen,
    trace: &mut Trace,
) -> Option<NodeId> {
    let f = inp.f;
    let region = pt.cards?;
    let p = region.parent;
    if pt.kind == PageType::Article
        && pt.declared.is_none()
        && region.teasers()
        && selected_grid(inp, &chosen.roots, &region)
    {
        // The scoring itself picked the teaser grid: a front page whose cards are most of what
        // the selection holds (though not of the whole page, with its menus and sidebars).
        trace.decide(p, "page_type", true, Reason::CardRegion);
        return Some(p);
    }
    // Teaser cards, or any cards of a page that declares itself a listing: forum posts and
    // comment threads repeat too, and their link-dense lines are rightly dropped.
    if pt.kind != PageType::Listing || !(region.teasers() || pt.declared == Some(PageType::Listing))
    {
        return None;
    }
    if !region.products() && prose_outside(inp, &chosen.roots, p) >= cards::ARTICLE_PROSE_CHARS {
        // An article (however short) with a grid of related stories: the cards are the
        // page's boilerplate. A grid of priced tiles is a shop's category under its intro or
        // buying-guide copy: stories' related grids show no prices.
        return None;
    }
    if chosen.roots.iter().any(|&r| f.contains(r, p)) {
        return Some(p);
    }
    if region.split && chosen.roots.iter().any(|&r| f.contains(p, r)) {
        // A split grid's ancestor may be the whole page: it never swallows the selection
        // (wcxb-dev: a portfolio page's intro gave way to the page with its tiles).
        return None;
    }
    let kept: u32 = chosen.roots.iter().map(|r| f.text_len[r.index()]).sum();
    let weak = kept < limits::WEAK_SELECTION_CHARS
        && (kept as f32) < region.text as f32 * cards::WEAK_SHARE;
    if copy_below_grid(inp, &region, &chosen.roots) {
        // The shop's SEO copy or FAQ under its product grid won on prose: the grid is the
        // page's content, after the category header the selection may have joined.
        let start = f.preorder[p.index()];
        chosen.roots.retain(|&r| f.subtree_end[r.index()] < start);
    } else if !weak {
        return None;
    }
    chosen.roots.retain(|&r| !f.contains(p, r));
    chosen.roots.push(p);
    crate::order::by_key(&mut chosen.roots, |r| u64::from(f.preorder[r.index()]));
    trace.decide(p, "page_type", true, Reason::CardRegion);
    Some(p)
}

/// The selection is a shop's copy under its product grid: `region` is a grid of priced tiles,
/// every root starts after it, and the page's first `h1` (its category title) comes before it.
/// Why: shop categories close with SEO copy or an FAQ (wcxb-dev newegg GPUs, generationtux
/// shoes: 2,000–11,500 chars of prose below 24–36 priced tiles) that outweighs the grid's
/// link-dense tiles; the golds hold the grid. Copy above the grid (IKEA's intro) is left to
/// the selection: a story's title and body come before any grid of products it shows.
fn copy_below_grid(inp: &Inputs, region: &CardRegion, roots: &[NodeId]) -> bool {
    let f = inp.f;
    let p = region.parent;
    let end = f.subtree_end[p.index()];
    let h1 = inp.snap.find_tag("h1");
    let title_first = h1.is_none_or(|h| f.preorder[h.index()] < f.preorder[p.index()]);
    let start = f.preorder[p.index()];
    let below = |r: &NodeId| f.preorder[r.index()] > end;
    // A short root ending above the grid and holding the page's `h1` is the category's
    // header (title, item count, a line of intro) that the selection joined to the copy: it
    // stays (wcxb-dev gymshark's `#plp-section-header` over its grid, with 5,300 chars of SEO
    // copy below). An intro without the title (IKEA's range introduction) is copy: the
    // selection is left alone then.
    let header = |r: &NodeId| {
        f.subtree_end[r.index()] < start
            && h1.is_some_and(|h| f.contains(*r, h))
            && f.text_len[r.index()] <= cards::GRID_HEADER_MAX_CHARS
    };
    region.products()
        && title_first
        && roots.iter().any(below)
        && roots.iter().all(|r| below(r) || header(r))
}

/// The selection is a teaser grid: one root holds the region, the cards are at least
/// [`cards::SELECTED_GRID_SHARE`] of the roots' text, and no article prose lies outside them.
fn selected_grid(inp: &Inputs, roots: &[NodeId], region: &page_type::CardRegion) -> bool {
    let f = inp.f;
    let p = region.parent;
    if !roots.iter().any(|&r| f.contains(r, p)) {
        return false;
    }
    let kept: u32 = roots.iter().map(|r| f.text_len[r.index()]).sum();
    region.text as f32 >= kept as f32 * cards::SELECTED_GRID_SHARE
        && prose_outside(inp, roots, p) < cards::ARTICLE_PROSE_CHARS
}

/// Chars of prose paragraphs (a sentence or more, few links) in `roots` outside `region`.
fn prose_outside(inp: &Inputs, roots: &[NodeId], region: NodeId) -> u32 {
    let f = inp.f;
    f.blocks
        .iter()
        .filter(|&&b| roots.iter().any(|&r| f.contains(r, b)) && !f.contains(region, b))
        .map(|&b| score::own_prose_chars(inp, b))
        .sum()
}

/// First-pass labels inside the roots, the vote, then the drop set. Inside `cards` (a listing's
/// card region) link density does not count against a block (see [`card_label`]).
#[allow(clippy::too_many_arguments)]
fn hierarchy_stage(
    inp: &Inputs,
    roots: &[NodeId],
    card_region: Option<NodeId>,
    typed: bool,
    mode: Mode,
    enabled: bool,
    fusion: Fusion,
    trace: &mut Trace,
    counts: &mut Vec<(&'static str, usize)>,
) -> Side<bool> {
    let (snap, f) = (inp.snap, inp.f);
    let n = snap.len();
    let mut drop = Side(vec![false; n]);
    let mut labels = Side(vec![None; n]);
    let mut in_roots = Vec::new();
    let notes = linked_notes(snap, f, roots);
    let announced = crate::extract::announce::announced_lists(snap, f, roots);
    let teasers = crate::extract::layout::link_led_page(snap, f, &inp.noise.inside, roots);
    let column = crate::extract::layout::main_column(snap, f, &inp.noise.inside, roots);
    let data_cells = crate::extract::data_table::data_cells(snap, f, roots);
    for &r in roots {
        for id in std::iter::once(r).chain(snap.descendants(r)) {
            let i = id.index();
            let never_rendered = matches!(
                inp.noise.kind[i],
                Some(Reason::ScriptStyle | Reason::Hidden)
            );
            let card = card_region.is_some_and(|c| f.contains(c, id));
            let soft_noise = if card {
                card_noise(inp, id)
            } else {
                inp.noise.kind[i].is_some()
            };
            if (never_rendered || inp.respect_noise && soft_noise) && id != r {
                drop[i] = true;
            }
            if f.is_block[i] && !f.skip[i] && f.text_len[i] > 0 {
                let mut label = if card || data_cells[i] == crate::extract::data_table::DATA {
                    // A card's title, a data table's cell: one link is its whole text.
                    card_label(inp, id)
                } else {
                    first_pass(inp, id, notes[i] || announced.get(i) == Some(&true), fusion)
                };
                if label == Label::Boilerplate
                    && (teasers || typed && crate::extract::layout::entry_summary(snap, f, id))
                    && crate::extract::layout::teaser_headline(snap, f, id)
                {
                    // A front page's headline links, a listing's summaries inside their cards' links,
                    // are its content.
                    label = Label::Content;
                } else if label == Label::Content
                    && !card
                    && column.is_some_and(|c| {
                        use crate::extract::{data_table::RECORD, layout};
                        let cells = data_cells[i];
                        let record = cells == RECORD && layout::table_across_column(snap, &c, id);
                        (cells == 0 || cells == RECORD)
                            && !record
                            && layout::off_column(snap, f, &c, id)
                    })
                {
                    // A link box or contact line beside the reading column (layout only).
                    label = Label::Boilerplate;
                }
                labels[i] = Some(label);
                in_roots.push(id);
            }
        }
    }
    let (upper, lower) = rules::hierarchy_thresholds(mode);
    let voted = if enabled {
        HierarchyFilter { upper, lower }.vote(snap, f, &in_roots, &labels)
    } else {
        crate::classify::hierarchy::Voted {
            content: labels.iter().map(|l| *l == Some(Label::Content)).collect(),
            overturned: Vec::new(),
        }
    };
    for &b in &voted.overturned {
        trace.decide(
            b,
            "hierarchy",
            voted.content[b.index()],
            Reason::HierarchyVote,
        );
    }
    counts.push(("blocks_voted", in_roots.len()));
    counts.push(("overturned", voted.overturned.len()));
    let dropped = drop_low_blocks(inp, &in_roots, &labels, &voted.content, &mut drop, trace);
    counts.push(("low_blocks_dropped", dropped));
    drop
}

fn first_pass(inp: &Inputs, b: NodeId, note: bool, fusion: Fusion) -> Label {
    let score = fusion.scores.and_then(|s| s[b.index()]);
    if fusion.only {
        return match score {
            Some(s) if s > 0.0 => Label::Content,
            _ => Label::Boilerplate,
        };
    }
    let rule = rule_label(inp, b, note);
    learned::fused_label(rule, score, &fusion.fuse)
}

/// The rules' first-pass label: noise, site-memory repeats, linked notes and announced lists
/// (`note`), link density and keywords.
fn rule_label(inp: &Inputs, b: NodeId, note: bool) -> Label {
    let f = inp.f;
    let i = b.index();
    if inp.respect_noise && inp.noise.inside[i] {
        return Label::Noise;
    }
    if inp
        .memory
        .is_some_and(|m| f.own_len[i] > 0 && m.is_repeated(f.fingerprint[i]))
    {
        return Label::Boilerplate;
    }
    if note || inp.noise.toc[i] {
        // A linked note, a list a sentence announces (`extract::announce`), or a chapter's own
        // table of contents (`rules::vocab::CHAPTER_TOC_TERMS`).
        return Label::Content;
    }
    let short = f.own_len[i] < limits::KEYWORD_MAX_CHARS;
    let ld = if f.own_len[i] > 0 {
        f.own_link_density(b)
    } else {
        f.link_density(b)
    };
    let max_ld = if prose_with_links(inp.snap, b) || declared_body(inp.snap, b) {
        limits::LINK_DENSITY_PROSE
    } else {
        limits::LINK_DENSITY_BOILERPLATE
    };
    if ld > max_ld || (short && f.keyword[i].is_some()) || marquee(inp.snap, b) {
        Label::Boilerplate
    } else {
        Label::Content
    }
}

/// First-pass label inside a listing's card region: the rules' label without the link-density
/// test (a card's title is a link, often its whole text).
fn card_label(inp: &Inputs, b: NodeId) -> Label {
    let (f, i) = (inp.f, b.index());
    if inp.respect_noise && card_noise(inp, b) {
        return Label::Noise;
    }
    let repeated = inp
        .memory
        .is_some_and(|m| f.own_len[i] > 0 && m.is_repeated(f.fingerprint[i]));
    let keyword = f.own_len[i] < limits::KEYWORD_MAX_CHARS && f.keyword[i].is_some();
    if repeated || keyword {
        Label::Boilerplate
    } else {
        Label::Content
    }
}

/// Noise labelled on `b` itself, inside a card region: all kinds but seed 001's link-list
/// rule, to which a product grid's `ul` looks like a menu. (Nodes under a labelled node go with
/// it.)
fn card_noise(inp: &Inputs, b: NodeId) -> bool {
    match inp.noise.kind[b.index()] {
        Some(Reason::Navigation) => {
            let n = inp.snap.node(b);
            !(n.is("ul") || n.is("ol"))
        }
        k => k.is_some(),
    }
}

/// In-page link targets: `href="#x"` → `x` (empty fragments are not targets).
fn fragment(snap: &Snapshot, id: NodeId) -> Option<&str> {
    let frag = snap.node(id).attr("href")?.trim().strip_prefix('#')?;
    (!frag.is_empty()).then_some(frag)
}

/// `notes[id]`: a block of a note linked both ways (footnotes, endnotes): an element whose id
/// an in-page link of the article points at and which links back to an element holding that
/// link. Such notes are short and link-dense ("See <a>the source</a>. <a>↩</a>") yet content.
/// Marks the blocks from the back-link up to the note element.
fn linked_notes(snap: &Snapshot, f: &Features, roots: &[NodeId]) -> Side<bool> {
    use std::collections::HashMap;
    let mut notes = Side(vec![false; snap.len()]);
    let mut ids: HashMap<&str, NodeId> = HashMap::new();
    let mut links: Vec<(NodeId, &str)> = Vec::new();
    for &r in roots {
        for id in std::iter::once(r).chain(snap.descendants(r)) {
            let n = snap.node(id);
            if let Some(v) = n.attr("id") {
                ids.entry(v).or_insert(id);
            }
            if n.is("a") {
                if let Some(frag) = fragment(snap, id) {
                    links.push((id, frag));
                }
            }
        }
    }
    let mut by_target: HashMap<&str, Vec<NodeId>> = HashMap::new();
    for &(l, frag) in &links {
        by_target.entry(frag).or_default().push(l);
    }
    for &(back, frag) in &links {
        let Some(&reference) = ids.get(frag) else {
            continue;
        };
        // The note: an ancestor of the back-link with an id that a link inside `reference`
        // points at.
        let note = snap
            .ancestors(back)
            .take(limits::NOTE_MAX_LEVELS)
            .find(|&a| {
                snap.node(a)
                    .attr("id")
                    .and_then(|x| by_target.get(x))
                    .is_some_and(|ls| {
                        ls.iter()
                            .take(limits::NOTE_MAX_LEVELS)
                            .any(|&l| f.contains(reference, l) && !f.contains(a, l))
                    })
            });
        if let Some(a) = note {
            for x in snap.ancestors(back) {
                notes[x.index()] = true;
                if x == a {
                    break;
                }
            }
        }
    }
    notes
}

/// A block repeating a handful of words many times (`limits::MARQUEE_MIN_WORDS`): a ticker or
/// a row of glyphs. Stops at the first words of ordinary text.
fn marquee(snap: &Snapshot, b: NodeId) -> bool {
    let mut distinct: Vec<&str> = Vec::with_capacity(limits::MARQUEE_MAX_DISTINCT);
    let mut words = 0;
    for d in snap.descendants(b) {
        let node = snap.node(d);
        if node.kind != NodeKind::Text {
            continue;
        }
        for w in node.text.split_whitespace() {
            words += 1;
            if !distinct.contains(&w) {
                if distinct.len() == limits::MARQUEE_MAX_DISTINCT {
                    return false;
                }
                distinct.push(w);
            }
        }
    }
    words >= limits::MARQUEE_MIN_WORDS
}

/// A block the page marks as a post's or story's body (`rules::vocab::BODY_ITEMPROPS`).
fn declared_body(snap: &Snapshot, b: NodeId) -> bool {
    snap.node(b).attr("itemprop").is_some_and(|v| {
        v.split_whitespace()
            .any(|t| crate::rules::vocab::BODY_ITEMPROPS.contains(&t))
    })
}

/// A paragraph of prose that cites several links ("See <a>the guide</a> and <a>the FAQ</a>."):
/// a `p` ending a sentence, with at least two links and a word between them. Menus and tag
/// lists have separators between their links, not words.
fn prose_with_links(snap: &Snapshot, b: NodeId) -> bool {
    let n = snap.node(b);
    if !n.is("p") {
        return false;
    }
    let text = snap.text_of(b);
    let end = text
        .trim_end()
        .trim_end_matches(['"', '\'', ')', '”', '’', '»'])
        .chars()
        .last();
    if !matches!(end, Some('.' | '!' | '?' | '。' | '！' | '？')) {
        return false;
    }
    let mut links = 0;
    let mut word_between = false;
    let mut pending_word = false;
    for d in snap.descendants(b) {
        let node = snap.node(d);
        if blocks::is_link(snap, d) {
            links += 1;
            word_between |= links > 1 && pending_word;
            pending_word = false;
        } else if node.kind == NodeKind::Text && links > 0 && !in_link(snap, d, b) {
            pending_word |= node
                .text
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w.chars().count() >= 2);
        }
    }
    links >= 2 && word_between
}

/// `d` sits inside a link below `top`.
fn in_link(snap: &Snapshot, d: NodeId, top: NodeId) -> bool {
    snap.ancestors(d)
        .take_while(|&a| a != top)
        .any(|a| blocks::is_link(snap, a))
}

/// Drops each non-content block: whole when nothing under it is content, else only its own
/// inline text. Returns how many blocks were dropped.
fn drop_low_blocks(
    inp: &Inputs,
    blocks: &[NodeId],
    labels: &Side<Option<Label>>,
    content: &Side<bool>,
    drop: &mut Side<bool>,
    trace: &mut Trace,
) -> usize {
    let (snap, f) = (inp.snap, inp.f);
    // keeps[id]: some content block at or under id.
    let mut keeps = Side(vec![false; snap.len()]);
    for &b in blocks.iter().rev() {
        if content[b.index()] {
            for a in snap.path_up(b) {
                if keeps[a.index()] {
                    break;
                }
                keeps[a.index()] = true;
            }
        }
    }
    let mut dropped = 0;
    for &b in blocks {
        let i = b.index();
        if content[i] || labels[i] != Some(Label::Boilerplate) {
            continue;
        }
        dropped += 1;
        let reason = if inp.memory.is_some_and(|m| m.is_repeated(f.fingerprint[i])) {
            Reason::Repeated
        } else {
            Reason::LowScore
        };
        trace.decide(b, "hierarchy", false, reason);
        if !keeps[i] {
            drop[i] = true;
            if let Some(h) = heading_before(inp, b) {
                // The heading over a link list that left goes with it.
                drop[h.index()] = true;
                trace.decide(h, "hierarchy", false, Reason::LowScore);
            }
            continue;
        }
        for &c in &snap.node(b).children {
            let node = snap.node(c);
            if node.kind == NodeKind::Text || (!f.is_block[c.index()] && !keeps[c.index()]) {
                drop[c.index()] = true;
            }
        }
    }
    dropped
}

/// The box just before `b` among its siblings (passing over empty ones) when it holds only a
/// short heading (an `h1`–`h6` of at most `limits::LIST_LABEL_MAX_CHARS`, alone or under
/// single-child wrappers, no link) and `b` is a link list (link
/// density over `limits::LINK_DENSITY_BOILERPLATE`, `limits::LABELLED_LIST_MIN_LINKS` links or
/// more): the list's label. Why: a company front
/// page labels its "Services" and "Resources" link boxes with headings of their own (styled-dev
/// jres.com, letter-stacked "S E R V I C E S"); the hierarchy stage drops the links and the
/// label stayed, a line naming nothing in the reader view. Only a label: a longer heading over
/// links is a section's title (a Reddit link post's title over its link card, "ONE Health Ohio
/// Centers that Offer Dental" over the clinics, "Businesses like yours are growing faster"
/// over a card grid; without the bound wcxb-dev forum −0.008, service −0.0001).
fn heading_before(inp: &Inputs, b: NodeId) -> Option<NodeId> {
    let (snap, f) = (inp.snap, inp.f);
    if f.link_density(b) <= limits::LINK_DENSITY_BOILERPLATE
        || f.links[b.index()] < limits::LABELLED_LIST_MIN_LINKS
    {
        return None;
    }
    let siblings = &snap.node(snap.node(b).parent?).children;
    let at = siblings.iter().position(|&c| c == b)?;
    let p = *siblings[..at]
        .iter()
        .rev()
        .find(|&&c| f.text_len[c.index()] > 0)?;
    let mut d = p;
    loop {
        let n = snap.node(d);
        if rules::is_heading(n.tag.as_str()) {
            // An end marker ("Related posts", "Featured") stays for the `tail` stage to cut at.
            let label = f.link_len[p.index()] == 0
                && f.text_len[p.index()] <= limits::LIST_LABEL_MAX_CHARS
                && !score::is_end_marker_line(inp, p);
            return label.then_some(p);
        }
        let mut kids = n.children.iter().filter(|&&c| f.text_len[c.index()] > 0);
        d = *kids.next()?;
        if kids.next().is_some() || n.kind != NodeKind::Element {
            return None;
        }
    }
}

/// The selection keeps teaser excerpts only: at least `TEASER_PAGE_MIN_EXCERPTS` link-poor
/// blocks end cut short and no whole prose paragraph is kept (`rules::teaser`: a home page's
/// notice boxes; the page has no article). Or it keeps a list's entries only: headings alone,
/// `TITLE_PAGE_MIN_TITLES` of them linked (an events venue's front page), or one-liners
/// without a heading, `TICKER_MIN_DATES` of them date cells (a corporate home page's news
/// ticker).
fn teasers_only(inp: &Inputs, roots: &[NodeId], drop: &Side<bool>) -> bool {
    use rules::teaser::{is_cut_short, is_date_cell, EXCERPT_MIN_CHARS as MIN_CHARS};
    use rules::teaser::{TEASER_PAGE_MAX_EXCERPTS as MAX, TEASER_PAGE_MIN_EXCERPTS as MIN};
    use rules::teaser::{TICKER_MAX_LINE_CHARS, TICKER_MIN_DATES, TITLE_PAGE_MIN_TITLES};
    let (snap, f) = (inp.snap, inp.f);
    let (mut cut, mut titles, mut dates) = (0, 0, 0);
    // Kept a block that is not a heading / a heading / a block longer than one line.
    let (mut body, mut headed, mut long) = (false, false, false);
    for b in f.kept(roots, drop) {
        let i = b.index();
        if f.own_len[i] == 0 {
            continue;
        }
        let excerpt =
            f.own_len[i] >= MIN_CHARS && f.own_link_density(b) < limits::PROSE_MAX_LINK_DENSITY;
        let cell = f.own_len[i] as usize <= rules::teaser::DATE_CELL_MAX_CHARS;
        // The block's last own text: an excerpt's end, or a date cell's text.
        let last = (excerpt || cell).then(|| {
            f.subtree(b).iter().rev().find(|&&d| {
                let n = snap.node(d);
                f.block_of[d.index()] == b && n.kind == NodeKind::Text && !n.text.trim().is_empty()
            })
        });
        let text = last.flatten().map_or("", |&d| snap.node(d).text.as_str());
        if rules::is_heading(snap.node(b).tag.as_str()) {
            headed = true;
            titles += u32::from(2 * f.own_link_len[i] >= f.own_len[i]);
        } else {
            body = true;
            long |= f.own_len[i] >= TICKER_MAX_LINE_CHARS;
            // A date cell's text is one text node.
            dates += u32::from(cell && is_date_cell(text));
        }
        if !excerpt {
            continue;
        }
        if is_cut_short(text) {
            cut += 1;
        } else if f.is_prose(b) {
            return false;
        }
    }
    (MIN..=MAX).contains(&cut)
        || !body && titles >= TITLE_PAGE_MIN_TITLES
        || !headed && !long && dates >= TICKER_MIN_DATES
}

/// 0–1: long, link-poor content that clearly beats every other region.
fn confidence(f: &Features, chosen: &Chosen, drop: &Side<bool>) -> f32 {
    let kept: u32 = chosen.roots.iter().map(|r| f.text_len[r.index()]).sum();
    let links: u32 = chosen.roots.iter().map(|r| f.link_len[r.index()]).sum();
    let ld = if kept == 0 {
        1.0
    } else {
        links as f32 / kept as f32
    };
    let length = (kept as f32 / 2000.0).min(1.0);
    let separation = if chosen.top_score <= 0.0 {
        0.0
    } else {
        (1.0 - chosen.runner_up / chosen.top_score).clamp(0.0, 1.0)
    };
    let dropped_share = drop.iter().filter(|d| **d).count() as f32 / drop.len().max(1) as f32;
    let c =
        0.45 * length + 0.25 * (1.0 - 2.0 * ld).max(0.0) + 0.3 * separation - 0.1 * dropped_share;
    c.clamp(0.0, 1.0)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::snapshot::build::Builder;

    const PROSE: &str = "Lectern reads the page, weighs every paragraph, and keeps the article, which is what readers want.";

    fn news_page() -> (Snapshot, NodeId, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut art, mut share, mut links) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("nav", &[], |b| {
                for _ in 0..5 {
                    b.el("a", &[("href", "/s")], |b| {
                        b.text("Section");
                    });
                }
            });
            art = b.el("div", &[("class", "article-body")], |b| {
                for _ in 0..5 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                // A linked line between the story's paragraphs (one after the last is
                // navigation by the noise stage's trailing-link rule).
                links = b.el("p", &[], |b| {
                    b.el("a", &[("href", "/more")], |b| {
                        b.text("More stories from our newsroom");
                    });
                });
                b.el("p", &[], |b| {
                    b.text(PROSE);
                });
                share = b.el("div", &[("class", "share-tools")], |b| {
                    b.text("Share this");
                });
            });
            b.el("footer", &[], |b| {
                b.text("© 2024 News Corp. All rights reserved.");
            });
        });
        (b.finish(), art, share, links)
    }

    #[test]
    fn stages_select_article_drop_noise_and_trace_everything() {
        let (s, art, share, links) = news_page();
        let out = run(
            &s,
            Mode::Balanced,
            None,
            StageSwitches::default(),
            &Deadline::start(0),
        );
        let Ok(out) = out else { panic!("run failed") };
        let sel = out.selection.unwrap_or_default();
        assert_eq!(sel.roots, vec![art]);
        assert!(sel.drop[share.index()]);
        // The linked line is boilerplate by first pass, but the article's vote pulls it in.
        assert!(!sel.drop[links.index()]);
        assert!(sel.confidence > 0.3, "confidence {}", sel.confidence);
        let names: Vec<_> = out.trace.stages.iter().map(|s| s.name).collect();
        assert_eq!(
            names,
            [
                "blocks",
                "noise",
                "tag_path",
                "site_memory",
                "select",
                "page_type",
                "learned",
                "hierarchy",
                "prune",
                "tail",
                "confidence"
            ]
        );
        assert_eq!(
            out.trace.last_decision(share).map(|d| d.reason),
            Some(Reason::SpecialInformation)
        );
        assert_eq!(
            out.trace.last_decision(links).map(|d| d.reason),
            Some(Reason::HierarchyVote)
        );
    }

    /// A docs page: prose, then `intro` (a paragraph) over three one-link items; the list's
    /// first item.
    fn docs_page(intro: &str) -> (Snapshot, NodeId) {
        let mut b = Builder::new();
        let mut item = NodeId(0);
        b.el("body", &[], |b| {
            b.el("div", &[("id", "main")], |b| {
                for _ in 0..12 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                b.el("div", &[], |b| {
                    b.el("p", &[], |b| {
                        b.text(intro);
                    });
                    b.el("ul", &[], |b| {
                        for name in ["Strings", "Lists", "Sets"] {
                            let name = format!(
                                "An overview of the Redis {name} data type and its commands"
                            );
                            let li = b.el("li", &[], |b| {
                                b.el("a", &[("href", "/docs/x")], |b| {
                                    b.text(&name);
                                });
                            });
                            item = if item == NodeId(0) { li } else { item };
                        }
                    });
                });
            });
        });
        (b.finish(), item)
    }

    #[test]
    fn a_list_a_sentence_announces_is_content() {
        let kept = |intro: &str| {
            let (s, item) = docs_page(intro);
            !run_default(&s).unwrap_or_default().drop[item.index()]
        };
        assert!(kept("For more information, see the following pages:"));
        // No announcement (a sentence, a two-word label), or a site menu: links, dropped.
        assert!(!kept("For more information, see the following pages."));
        assert!(!kept("Read more:"));
    }

    #[test]
    fn a_link_lists_heading_leaves_with_the_list() {
        // A company front page: the story, then a "Services" box — its heading, then its
        // links. The hierarchy drops the links; the heading goes with them.
        let mut b = Builder::new();
        let (mut label, mut list, mut lead) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[("id", "main")], |b| {
                lead = b.el("h2", &[], |b| {
                    b.text("Our company");
                });
                for _ in 0..5 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                b.el("div", &[("class", "box")], |b| {
                    label = b.el("div", &[("class", "box-heading")], |b| {
                        b.el("h1", &[], |b| {
                            b.text("Services");
                        });
                    });
                    list = b.el("div", &[("class", "box-links")], |b| {
                        b.el("ul", &[], |b| {
                            for name in ["Appraisal", "Advisory", "Litigation support", "Brokerage"]
                            {
                                b.el("li", &[], |b| {
                                    b.el("a", &[("href", "/s")], |b| {
                                        b.text(name);
                                    });
                                });
                            }
                        });
                    });
                });
            });
        });
        let sel = run_default(&b.finish()).unwrap_or_default();
        assert!(sel.drop[list.index()]);
        assert!(sel.drop[label.index()]);
        // A heading over prose stays.
        assert!(!sel.drop[lead.index()]);
    }

    #[test]
    fn precision_mode_leaves_the_linked_line_out() {
        let (s, _, _, links) = news_page();
        let out = run(
            &s,
            Mode::Precision,
            None,
            StageSwitches::default(),
            &Deadline::start(0),
        );
        let sel = out.ok().and_then(|o| o.selection).unwrap_or_default();
        // 6 content + 1 noise + 1 boilerplate under a content parent: 7/9 < 0.8.
        assert!(sel.drop[links.index()]);
    }

    /// The default run's selection (balanced mode, every stage on, no deadline).
    pub(crate) fn run_default(s: &Snapshot) -> Option<Selection> {
        run(
            s,
            Mode::Balanced,
            None,
            StageSwitches::default(),
            &Deadline::start(0),
        )
        .ok()
        .and_then(|o| o.selection)
    }

    #[test]
    fn the_closed_panes_after_an_open_tab_pane_join_the_selection() {
        let z = NodeId(0);
        let (mut specs, mut twin) = (z, z);
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("ul", &[("class", "tab-navs")], |b| {
                for name in ["Overview", "Specs"] {
                    b.el("li", &[("class", "tab-nav")], |b| {
                        b.text(name);
                    });
                }
            });
            b.el("div", &[("class", "tab-panes")], |b| {
                b.el(
                    "div",
                    &[("class", "tab-pane"), ("style", "display:block")],
                    |b| {
                        b.el("div", &[("class", "overview")], |b| {
                            for _ in 0..3 {
                                b.el("p", &[], |b| {
                                    b.text(PROSE);
                                });
                            }
                        });
                    },
                );
                specs = b.el(
                    "div",
                    &[("class", "tab-pane"), ("style", "display:none")],
                    |b| {
                        b.el("table", &[], |b| {
                            for (k, v) in [
                                ("Memory size", "12 GB of GDDR5 memory"),
                                ("Core clock", "732 MHz, boost clock 915 MHz"),
                                ("Interface", "PCI Express 3.0 x16"),
                                ("Dimensions", "10.50 by 4.38 inches, three slots"),
                                ("Power", "700 watt or greater power supply"),
                            ] {
                                b.el("tr", &[], |b| {
                                    b.el("th", &[], |b| {
                                        b.text(k);
                                    });
                                    b.el("td", &[], |b| {
                                        b.text(v);
                                    });
                                });
                            }
                        });
                    },
                );
            });
            // A hidden box after the content that is no pane of a tab set stays out.
            twin = b.el(
                "div",
                &[("class", "mobile"), ("style", "display:none")],
                |b| {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                },
            );
        });
        let sel = run_default(&b.finish()).unwrap_or_default();
        assert!(sel.roots.contains(&specs), "roots {:?}", sel.roots);
        assert!(!sel.roots.contains(&twin));
    }

    #[test]
    fn poster_cards_make_the_selection_a_thread() {
        // Four posts, each under a poster card ("Posts: N"): a thread, whose article prints a
        // repeated line once. The same posts without cards are an ordinary page.
        for (cards, thread) in [(true, true), (false, false)] {
            let mut b = Builder::new();
            b.el("body", &[], |b| {
                for k in 0..4 {
                    b.el("div", &[("class", "post")], |b| {
                        if cards {
                            b.el("dd", &[], |b| {
                                b.text(&format!("Posts: {}", 120 + k));
                            });
                        }
                        for _ in 0..2 {
                            b.el("p", &[], |b| {
                                b.text(PROSE);
                            });
                        }
                    });
                }
            });
            let sel = run_default(&b.finish()).unwrap_or_default();
            assert_eq!(sel.thread, thread, "cards {cards}");
        }
    }

    #[test]
    fn notes_linked_both_ways_and_prose_citing_links_are_content() {
        let mut b = Builder::new();
        let (mut note, mut cites, mut menu) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("article", &[], |b| {
                for _ in 0..3 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                b.el("p", &[], |b| {
                    b.text(PROSE);
                    b.el("sup", &[("id", "ref1")], |b| {
                        b.el("a", &[("href", "#note1")], |b| {
                            b.text("1");
                        });
                    });
                });
                cites = b.el("p", &[], |b| {
                    b.text("See ");
                    b.el("a", &[("href", "/guide")], |b| {
                        b.text("the guide");
                    });
                    b.text(" and ");
                    b.el("a", &[("href", "/faq")], |b| {
                        b.text("the FAQ");
                    });
                    b.text(".");
                });
                menu = b.el("p", &[], |b| {
                    for (h, t) in [("/a", "Home page"), ("/b", "About the newsroom")] {
                        b.el("a", &[("href", h)], |b| {
                            b.text(t);
                        });
                        b.text(" | ");
                    }
                });
                b.el("ol", &[], |b| {
                    note = b.el("li", &[("id", "note1")], |b| {
                        b.el("a", &[("href", "/src")], |b| {
                            b.text("Source");
                        });
                        b.text(". ");
                        b.el("a", &[("href", "#ref1")], |b| {
                            b.text("↩");
                        });
                    });
                });
            });
        });
        let s = b.finish();
        let f = blocks::compute(&s);
        assert!(prose_with_links(&s, cites));
        assert!(!prose_with_links(&s, menu));
        let roots = [NodeId::ROOT];
        assert!(linked_notes(&s, &f, &roots)[note.index()]);
        let sel = run_default(&s).unwrap_or_default();
        assert!(!sel.drop[note.index()], "note dropped");
        assert!(!sel.drop[cites.index()], "citing sentence dropped");
    }

    #[test]
    fn a_marquee_repeating_its_call_to_action_is_boilerplate() {
        let mut b = Builder::new();
        let (mut ticker, mut prose) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("main", &[], |b| {
                prose = b.el("p", &[], |b| {
                    b.text(PROSE);
                });
                ticker = b.el("div", &[], |b| {
                    for _ in 0..12 {
                        b.el("span", &[], |b| {
                            b.text("Book Now * ");
                        });
                    }
                });
            });
        });
        let s = b.finish();
        assert!(marquee(&s, ticker));
        assert!(!marquee(&s, prose));
    }

    #[test]
    fn a_declared_post_body_citing_thread_links_is_content() {
        // An opening post: a sentence, then the related threads as lines of links (link
        // density about 0.6). Marked `itemprop="text"` it is the post's body; unmarked it reads
        // as a link list.
        fn page(declared: bool) -> (Snapshot, NodeId) {
            let mut b = Builder::new();
            let mut post = NodeId(0);
            b.el("body", &[], |b| {
                b.el("main", &[], |b| {
                    let attrs: &[(&str, &str)] = if declared {
                        &[("itemprop", "text")]
                    } else {
                        &[]
                    };
                    post = b.el("div", attrs, |b| {
                        b.text("The election is on 4 July. This is the main thread to discuss it.");
                        for (h, t) in [
                            ("/t/1", "Conservative Party campaign thread"),
                            ("/t/2", "Labour Party campaign and manifesto thread"),
                            ("/t/3", "Are you registered to vote in the election?"),
                        ] {
                            b.el("br", &[], |_| {});
                            b.el("a", &[("href", h)], |b| {
                                b.text(t);
                            });
                        }
                    });
                    for _ in 0..3 {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
            });
            (b.finish(), post)
        }
        // First-pass labels (no vote): the declared body is content, the unmarked one is not.
        let first_pass = |s: &Snapshot| {
            let switches = StageSwitches {
                hierarchy: false,
                ..StageSwitches::default()
            };
            run(s, Mode::Balanced, None, switches, &Deadline::start(0))
                .ok()
                .and_then(|o| o.selection)
                .unwrap_or_default()
        };
        let (s, post) = page(true);
        assert!(declared_body(&s, post));
        assert!(
            !first_pass(&s).drop[post.index()],
            "declared post body dropped"
        );
        let (s, post) = page(false);
        assert!(!declared_body(&s, post));
        assert!(
            first_pass(&s).drop[post.index()],
            "unmarked link lines kept"
        );
    }

    #[test]
    fn a_listing_keeps_its_cards_beside_a_scrap_selection() {
        let mut b = Builder::new();
        let (mut intro, mut grid, mut title) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            intro = b.el("div", &[("class", "intro")], |b| {
                b.el("p", &[], |b| {
                    b.text("Stay up to date with our coverage of the city, its streets and its people.");
                });
            });
            grid = b.el("div", &[("class", "results")], |b| {
                for i in 0..10 {
                    b.el("div", &[("class", "card")], |b| {
                        b.el("h3", &[], |b| {
                            let t = b.el("a", &[("href", "/story")], |b| {
                                b.text("Council approves the new bridge over the river");
                            });
                            if i == 0 {
                                title = t;
                            }
                        });
                        b.el("span", &[], |b| {
                            b.text("2 days ago");
                        });
                    });
                }
            });
        });
        let s = b.finish();
        let out = balanced(&s, StageSwitches::default(), Learning::default());
        let Ok(out) = out else { panic!("run failed") };
        let sel = out.selection.unwrap_or_default();
        assert_eq!(sel.roots, vec![intro, grid]);
        let h3 = s.node(title).parent.unwrap_or(title);
        assert!(!sel.drop[h3.index()], "a card title (a link) was dropped");
        assert_eq!(
            out.trace.last_decision(grid).map(|d| d.reason),
            Some(Reason::CardRegion)
        );
    }

    /// A shop category: its title, a grid of priced tiles, then long copy. `story_first` puts
    /// the copy between the title and the grid instead (a story showing products).
    fn shop_category(story_first: bool) -> (Snapshot, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut grid, mut copy) = (NodeId(0), NodeId(0));
        let copy_box = |b: &mut Builder| {
            b.el("div", &[("class", "faq")], |b| {
                for _ in 0..12 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
            })
        };
        b.el("body", &[], |b| {
            b.el("h1", &[], |b| {
                b.text("Graphics cards");
            });
            if story_first {
                copy = copy_box(b);
            }
            grid = b.el("div", &[("class", "items")], |b| {
                for _ in 0..10 {
                    b.el("div", &[("class", "item-cell")], |b| {
                        b.el("a", &[("href", "/p")], |b| {
                            b.text("Radeon RX 9060 XT 16GB graphics card");
                        });
                        b.el("span", &[], |b| {
                            b.text("$459.99");
                        });
                    });
                }
            });
            if !story_first {
                copy = copy_box(b);
            }
        });
        (b.finish(), grid, copy)
    }

    #[test]
    fn a_shop_grid_is_the_content_over_its_copy_below() {
        let (s, grid, _) = shop_category(false);
        let out = balanced(&s, StageSwitches::default(), Learning::default());
        let Ok(out) = out else { panic!("run failed") };
        let sel = out.selection.unwrap_or_default();
        assert_eq!(sel.roots, vec![grid]);
        // The same grid under a story that comes first is the story's: the story stays.
        let (s, grid, copy) = shop_category(true);
        let sel = run_default(&s).unwrap_or_default();
        assert!(!sel.roots.contains(&grid), "{:?}", sel.roots);
        assert!(sel
            .roots
            .iter()
            .any(|&r| s.ancestors(copy).any(|a| a == r) || r == copy));
    }

    #[test]
    fn a_shop_grid_in_a_pager_box_keeps_its_header_over_its_copy() {
        // A CSS-module shop: the category header (its `h1`, a count, a line of intro) above a
        // grid that sits in the pager component's box, long SEO copy below.
        let mut b = Builder::new();
        let (mut header, mut grid) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            header = b.el("section", &[("id", "plp-section-header")], |b| {
                b.el("h1", &[], |b| {
                    b.text("T-Shirts & Tops");
                });
                b.el("p", &[], |b| {
                    b.text("400 Products. Enjoy a style personal best for every workout.");
                });
            });
            b.el("div", &[("class", "pagination_pagination__rI_ag")], |b| {
                grid = b.el("div", &[("class", "product-grid_grid__AH")], |b| {
                    for _ in 0..12 {
                        b.el("article", &[("class", "product-card_card__1T")], |b| {
                            b.el("a", &[("href", "/p")], |b| {
                                b.text("Running Graphic T-Shirt");
                            });
                            b.el("p", &[], |b| {
                                b.text("oversized fit, GS Black");
                            });
                            b.el("span", &[], |b| {
                                b.text("$36");
                            });
                        });
                    }
                });
            });
            b.el("div", &[("class", "supporting-rich-text_seo__yj")], |b| {
                for _ in 0..12 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
            });
        });
        let s = b.finish();
        let sel = run_default(&s).unwrap_or_default();
        assert!(sel.roots.contains(&grid), "{:?}", sel.roots);
        assert!(
            sel.roots
                .iter()
                .all(|&r| r == grid || r == header || s.ancestors(header).any(|a| a == r)),
            "{:?}",
            sel.roots
        );
    }

    #[test]
    fn a_selected_teaser_grid_keeps_its_cards() {
        // A front page whose sidebar of short unlinked lines (an events box) keeps the cards
        // under half of the page's text: not typed a listing. When the scoring picks the grid
        // itself, the grid is a card region all the same (its linked titles are kept).
        let mut b = Builder::new();
        let mut grid = NodeId(0);
        b.el("body", &[], |b| {
            grid = b.el("div", &[("class", "feed")], |b| {
                for _ in 0..8 {
                    b.el("article", &[("class", "teaser")], |b| {
                        b.el("h2", &[], |b| {
                            b.el("a", &[("href", "/story")], |b| {
                                b.text("Council approves the new bridge over the river");
                            });
                        });
                        b.el("p", &[], |b| {
                            b.text("The vote, held late on Tuesday, ends a decade of debate, and work starts in spring.");
                        });
                    });
                }
            });
            b.el("div", &[("class", "sidebar")], |b| {
                for _ in 0..60 {
                    b.el("div", &[], |b| {
                        b.text("Weekly events calendar");
                    });
                }
            });
        });
        let s = b.finish();
        crate::extract::prune::tests::with_inputs(&s, |inp| {
            let pt = page_type::detect(&s, inp.f, inp.noise);
            assert_eq!(pt.kind, PageType::Article);
            let mut chosen = Chosen {
                top: grid,
                roots: vec![grid],
                joined: Vec::new(),
                runner_up: 0.0,
                top_score: 1.0,
            };
            let mut t = Trace::default();
            assert_eq!(page_type_policy(inp, &pt, &mut chosen, &mut t), Some(grid));
            // The same grid beside a selected story stays out.
            let sidebar = s
                .node(NodeId::ROOT)
                .children
                .last()
                .copied()
                .unwrap_or(grid);
            let mut story = Chosen {
                top: sidebar,
                roots: vec![sidebar],
                joined: Vec::new(),
                runner_up: 0.0,
                top_score: 1.0,
            };
            assert_eq!(page_type_policy(inp, &pt, &mut story, &mut t), None);
        });
    }

    /// A consulate's home page: notice boxes, each a label, its latest notice's excerpt cut
    /// short and more notice titles. No article: nothing kept. A whole paragraph beside the
    /// same boxes, or a run of more excerpts (a results page), is content.
    #[test]
    fn a_home_page_of_cut_excerpts_has_no_article() {
        let page = |boxes: usize, intro: bool| {
            let mut b = Builder::new();
            b.el("body", &[], |b| {
                b.el("div", &[("class", "main")], |b| {
                    if intro {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                    for _ in 0..boxes {
                        b.el("div", &[("class", "box")], |b| {
                            b.el("h2", &[], |b| {
                                b.text("Important notice");
                            });
                            b.el("p", &[], |b| {
                                b.text("The consulate will be closed on Monday for the national holiday, and passport services resume on Tu..");
                            });
                            for _ in 0..3 {
                                b.el("div", &[], |b| {
                                    b.el("a", &[("href", "/notice")], |b| {
                                        b.text("New visa application fees");
                                    });
                                });
                            }
                        });
                    }
                });
            });
            run_default(&b.finish())
        };
        assert!(page(3, false).is_none());
        assert!(page(3, true).is_some());
        assert!(page(8, false).is_some());
    }

    /// An events venue's front page: event cards of a linked title heading and a subtitle
    /// heading (the real page's date lines are noise). No article: nothing kept. Unlinked
    /// headings (a test page's case titles) or a paragraph under the headings stay content.
    #[test]
    fn a_front_page_of_event_titles_has_no_article() {
        let page = |linked: bool, blurb: bool| {
            let mut b = Builder::new();
            b.el("body", &[], |b| {
                b.el("div", &[("id", "nav")], |b| {
                    for l in ["Programme", "Tickets", "The Stage", "Partners", "Contact"] {
                        b.el("a", &[("href", "/menu")], |b| {
                            b.text(l);
                        });
                    }
                });
                b.el("div", &[("id", "content")], |b| {
                    for i in 0..4 {
                        b.el("div", &[("class", "event")], |b| {
                            b.el("h3", &[], |b| {
                                if linked {
                                    b.el("a", &[("href", &format!("/programm/{i}"))], |b| {
                                        b.text("Grand Orchestra of the Valley");
                                    });
                                } else {
                                    b.text("Grand Orchestra of the Valley");
                                }
                            });
                            b.el("h4", &[], |b| {
                                b.text("„Songs of the Sea“");
                            });
                            if blurb {
                                b.el("p", &[], |b| {
                                    b.text(PROSE);
                                });
                            }
                        });
                    }
                });
            });
            run_default(&b.finish())
        };
        assert!(page(true, false).is_none());
        assert!(page(false, false).is_some());
        assert!(page(true, true).is_some());
    }

    /// A corporate home page: a news ticker (a table of date cells beside one-line headlines)
    /// and one-line feature slogans. No article: nothing kept. The same rows under a heading
    /// (a news page of its own), or one-liners without dates, stay content.
    #[test]
    fn a_home_page_news_ticker_has_no_article() {
        let page = |heading: bool, dated: bool| {
            let mut b = Builder::new();
            b.el("body", &[], |b| {
                b.el("div", &[("id", "main")], |b| {
                    if heading {
                        b.el("h1", &[], |b| {
                            b.text("News");
                        });
                    }
                    b.el("table", &[], |b| {
                        b.el("tbody", &[], |b| {
                            for i in 0..5 {
                                b.el("tr", &[], |b| {
                                    b.el("th", &[], |b| {
                                        b.text(if dated {
                                            "2013年2月22日"
                                        } else {
                                            "お知らせ"
                                        });
                                    });
                                    b.el("td", &[], |b| {
                                        b.el("a", &[("href", &format!("/news/{i}"))], |b| {
                                            b.text("神戸店が移転グランドオープン。");
                                        });
                                    });
                                });
                            }
                        });
                    });
                    for _ in 0..3 {
                        b.el("dl", &[], |b| {
                            b.el("dd", &[], |b| {
                                b.text("いつも新しい技術を取り入れた先進のメガネをお届けします。");
                            });
                        });
                    }
                });
            });
            run_default(&b.finish())
        };
        assert!(page(false, true).is_none());
        assert!(page(true, true).is_some());
        assert!(page(false, false).is_some());
    }

    #[test]
    fn a_story_keeps_its_related_grid_out() {
        let mut b = Builder::new();
        let mut grid = NodeId(0);
        b.el("body", &[], |b| {
            b.el("div", &[("class", "story")], |b| {
                for _ in 0..3 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
            });
            grid = b.el("div", &[("class", "related")], |b| {
                for _ in 0..20 {
                    b.el("div", &[("class", "card")], |b| {
                        b.el("h3", &[], |b| {
                            b.el("a", &[("href", "/story")], |b| {
                                b.text("Council approves the new bridge over the river");
                            });
                        });
                    });
                }
            });
        });
        let s = b.finish();
        let sel = run_default(&s).unwrap_or_default();
        assert!(!sel.roots.contains(&grid), "{:?}", sel.roots);
    }

    #[test]
    fn page_of_short_items_falls_back_to_its_article() {
        let mut b = Builder::new();
        let mut art = NodeId(0);
        b.el("body", &[], |b| {
            art = b.el("article", &[], |b| {
                b.el("ul", &[], |b| {
                    for t in [
                        "Two shirts for hiking",
                        "One shirt for dinner",
                        "Socks and boots",
                        "A rain jacket",
                        "Maps of the valley",
                        "Water bottle",
                    ] {
                        b.el("li", &[], |b| {
                            b.text(t);
                        });
                    }
                });
            });
        });
        let s = b.finish();
        assert_eq!(run_default(&s).map(|s| s.roots), Some(vec![art]));
    }

    fn balanced(s: &Snapshot, switches: StageSwitches, l: Learning) -> Result<Outcome, Error> {
        run_with(s, Mode::Balanced, None, switches, l, &Deadline::start(0))
    }

    fn feature(row: &[f32; N_FEATURES], name: &str) -> f32 {
        let at = learned::FEATURE_NAMES.iter().position(|n| *n == name);
        row[at.unwrap_or(usize::MAX)]
    }

    #[test]
    fn feature_rows_describe_blocks_roots_and_neighbours() {
        let (s, art, share, _) = news_page();
        let learning = Learning {
            collect_rows: true,
            ..Learning::default()
        };
        let out = balanced(&s, StageSwitches::default(), learning);
        let Ok(out) = out else { panic!("run failed") };
        let f = &out.features;
        assert_eq!(out.rows.len(), f.blocks.len());
        let at = |id: NodeId| f.blocks.iter().position(|&b| b == id).unwrap_or(usize::MAX);
        let first_p = s.node(art).children[0];
        let row = &out.rows[at(first_p)];
        assert_eq!(feature(row, "own_len"), PROSE.chars().count() as f32);
        assert_eq!(feature(row, "tag"), 1.0); // p
        assert_eq!(feature(row, "in_root"), 1.0);
        assert_eq!(feature(row, "rule_label"), 1.0);
        assert_eq!(feature(row, "own_commas"), 3.0);
        assert_eq!(feature(row, "geo_visible"), learned::ABSENT); // no layout
                                                                  // The first paragraph follows the nav links: its previous block is outside the root.
        assert_eq!(feature(row, "prev_in_root"), 0.0);
        assert_eq!(feature(row, "next_in_root"), 1.0);
        assert_eq!(feature(row, "next_same_path"), 1.0);
        let share_row = &out.rows[at(share)];
        assert_eq!(feature(share_row, "noise_inside"), 1.0);
        assert_eq!(feature(share_row, "rule_label"), 0.0);
        // The footer is after the root.
        let last = out.rows.last().map_or(0.0, |r| feature(r, "root_side"));
        let tags: Vec<_> = f.blocks.iter().map(|b| s.node(*b).tag.clone()).collect();
        assert_eq!(last, 1.0, "{tags:?} {:?}", out.rows.last());
        assert!(out.trace.stage("learned").is_some());
    }

    /// A one-split model: logit `p` for a `<p>` (tag code 1), `other` for any other block.
    fn tag_model(p: f32, other: f32) -> Model {
        let at = learned::FEATURE_NAMES.iter().position(|n| *n == "tag");
        Model {
            depth: 1,
            base: 0.0,
            trees: vec![learned::Tree {
                splits: vec![(at.unwrap_or(0) as u8, 1.0)],
                leaves: vec![p, other],
            }],
        }
    }

    #[test]
    fn learned_only_keeps_what_the_model_calls_content() {
        let model = tag_model(1.0, -1.0);
        let (s, art, _, _) = news_page();
        let learning = Learning {
            model: Some(&model),
            ..Learning::default()
        };
        let switches = StageSwitches {
            learned_only: true,
            ..StageSwitches::default()
        };
        let out = balanced(&s, switches, learning);
        let sel = out.ok().and_then(|o| o.selection).unwrap_or_default();
        // Six article paragraphs and the linked one, each a root of its own.
        assert_eq!(sel.roots.len(), 7);
        assert_eq!(sel.roots[0], s.node(art).children[0]);
    }

    /// The news page with the learned stage on, `model`, and a gate at `prose_chars` whose
    /// strong pages keep the rule labels.
    fn gated(s: &Snapshot, model: &Model, prose_chars: u32, weak_only: bool) -> Option<Outcome> {
        gated_typed(s, model, prose_chars, weak_only, false)
    }

    /// As `gated`, and with the model alone on listing and product pages when `typed_only`.
    fn gated_typed(
        s: &Snapshot,
        model: &Model,
        prose_chars: u32,
        weak_only: bool,
        typed_only: bool,
    ) -> Option<Outcome> {
        let gate = learned::Gate {
            prose_chars,
            strong: [9.0, -9.0, 9.0],
            weak_only,
            typed_only,
        };
        let learning = Learning {
            model: Some(model),
            fuse: Some(Fuse {
                gate: Some(gate),
                ..Fuse::default()
            }),
            ..Learning::default()
        };
        let switches = StageSwitches {
            learned: true,
            ..StageSwitches::default()
        };
        balanced(s, switches, learning).ok()
    }

    #[test]
    fn the_fusion_gate_keeps_the_rules_on_a_page_of_prose() {
        // A model that calls every prose paragraph (over 60 chars) boilerplate (logit -5) and
        // shorter blocks content (+5), so that the page is not emptied (the linked line stays).
        let at = learned::FEATURE_NAMES.iter().position(|n| *n == "own_len");
        let model = Model {
            depth: 1,
            base: 0.0,
            trees: vec![learned::Tree {
                splits: vec![(at.unwrap_or(0) as u8, 60.0)],
                leaves: vec![5.0, -5.0],
            }],
        };
        let (s, art, _, _) = news_page();
        let first_p = s.node(art).children[0];
        // The article holds six prose paragraphs of ~100 chars: strong at 500, weak at 5000.
        let dropped = |prose_chars: u32| {
            let out = gated(&s, &model, prose_chars, false);
            let strong = out.as_ref().and_then(|o| {
                let stage = o.trace.stage("learned")?;
                let count = stage.counts.iter().find(|c| c.0 == "strong_page");
                count.map(|c| c.1)
            });
            let sel = out.and_then(|o| o.selection).unwrap_or_default();
            (sel.drop.get(first_p.index()).copied(), strong)
        };
        assert_eq!(dropped(500), (Some(false), Some(1)));
        assert_eq!(dropped(5000), (Some(true), Some(0)));
    }

    #[test]
    fn a_weak_page_can_be_left_to_the_model_alone() {
        let model = tag_model(1.0, -1.0);
        let (s, art, _, _) = news_page();
        let roots = |prose_chars: u32| {
            let out = gated(&s, &model, prose_chars, true);
            out.and_then(|o| o.selection).unwrap_or_default().roots
        };
        // Strong (~600 chars of prose ≥ 500): the rules' root.
        assert_eq!(roots(500), vec![art]);
        // Weak (< 5000): every paragraph the model calls content is a root of its own.
        assert_eq!(roots(5000).len(), 7);
    }

    #[test]
    fn the_model_never_empties_the_rules_selection() {
        // A model that calls every block boilerplate (logit -5), on a weak page.
        let model = tag_model(-5.0, -5.0);
        let (s, art, _, _) = news_page();
        let first_p = s.node(art).children[0];
        let fused = gated(&s, &model, 5000, false);
        let emptied = fused.as_ref().and_then(|o| {
            let stage = o.trace.stage("hierarchy")?;
            stage
                .counts
                .iter()
                .find(|c| c.0 == "fusion_emptied")
                .map(|c| c.1)
        });
        assert_eq!(emptied, Some(1));
        let sel = fused.and_then(|o| o.selection).unwrap_or_default();
        assert_eq!(sel.drop.get(first_p.index()), Some(&false));
        // Left to the model alone, which keeps nothing: the rules' root.
        let alone = gated(&s, &model, 5000, true);
        assert_eq!(
            alone.and_then(|o| o.selection).map(|s| s.roots),
            Some(vec![art])
        );
    }

    #[test]
    fn a_product_page_can_be_left_to_the_model_alone() {
        let model = tag_model(1.0, -1.0);
        // Five prose paragraphs under a product declaration (`og:type`).
        let page = |declared: &str| {
            let mut b = Builder::new();
            let mut art = NodeId(0);
            b.el("head", &[], |b| {
                b.el(
                    "meta",
                    &[("property", "og:type"), ("content", declared)],
                    |_| {},
                );
            });
            b.el("body", &[], |b| {
                art = b.el("div", &[], |b| {
                    for _ in 0..5 {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
            });
            (b.finish(), art)
        };
        let roots = |declared: &str, typed_only: bool| {
            let (s, art) = page(declared);
            let out = gated_typed(&s, &model, 0, false, typed_only);
            let roots = out.and_then(|o| o.selection).unwrap_or_default().roots;
            (roots.len(), roots.first() == Some(&art))
        };
        // Every page is strong (limit 0): the rules' root, unless typed_only meets a product.
        assert_eq!(roots("product", false), (1, true));
        assert_eq!(roots("article", true), (1, true));
        assert_eq!(roots("product", true), (5, false));
    }

    #[test]
    fn empty_page_has_no_selection() {
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("nav", &[], |b| {
                b.text("Home");
            });
        });
        let s = b.finish();
        let out = run(
            &s,
            Mode::Balanced,
            None,
            StageSwitches::default(),
            &Deadline::start(0),
        );
        assert!(out.is_ok_and(|o| o.selection.is_none()));
    }

    #[test]
    fn a_page_whose_only_text_is_its_footer_has_no_article() {
        // An item page served as a script shell: an empty `#root`, then the site footer's
        // link columns under short headings.
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("div", &[("id", "root")], |_| {});
            b.el("footer", &[], |b| {
                b.el("div", &[("class", "container")], |b| {
                    for head in ["Help", "Multi-Language Sites", "Browse by Category"] {
                        b.el("dl", &[], |b| {
                            b.el("dt", &[], |b| {
                                b.el("h5", &[], |b| {
                                    b.text(head);
                                });
                            });
                            b.el("dd", &[], |b| {
                                for _ in 0..4 {
                                    b.el("a", &[("href", "/help")], |b| {
                                        b.text("Help Center, Disputes & Reports,");
                                    });
                                }
                            });
                        });
                    }
                });
            });
        });
        let out = run(
            &b.finish(),
            Mode::Balanced,
            None,
            StageSwitches::default(),
            &Deadline::start(0),
        );
        assert!(out.is_ok_and(|o| o.selection.is_none()));
    }

    #[test]
    fn an_article_footer_inside_main_is_still_content() {
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("main", &[], |b| {
                b.el("footer", &[], |b| {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                });
            });
        });
        let out = run(
            &b.finish(),
            Mode::Balanced,
            None,
            StageSwitches::default(),
            &Deadline::start(0),
        );
        assert!(out.is_ok_and(|o| o.selection.is_some()));
    }

    #[test]
    fn a_product_hidden_until_a_script_reveals_it_is_extracted() {
        // A gated-content app serves the product inside an inline `display: none` wrapper and
        // shows a notice until its script has checked the visitor.
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("main", &[], |b| {
                b.el("div", &[("class", "lock-notice")], |b| {
                    b.text("Access Denied");
                });
                b.el(
                    "div",
                    &[("class", "lock-content"), ("style", "display:none;")],
                    |b| {
                        b.el("h1", &[], |b| {
                            b.text("Dark Roast Coffee");
                        });
                        for _ in 0..5 {
                            b.el("p", &[], |b| {
                                b.text(PROSE);
                            });
                        }
                    },
                );
                b.el("div", &[("style", "display: none")], |b| {
                    b.el("p", &[], |b| {
                        b.text("A hidden variant note.");
                    });
                });
            });
        });
        let article = crate::extract_snapshot(&b.finish(), &crate::Options::default());
        let Ok(Some(article)) = article else {
            panic!("no article")
        };
        let text = crate::to_text(&article);
        assert!(text.contains(PROSE), "{text}");
        assert!(!text.contains("hidden variant"), "{text}");
    }

    /// A product page: a title, a short description and a spec list, then a long list of
    /// customer reviews in a box named so; with or without a declared `Product`.
    fn product_page(declared: bool) -> (Snapshot, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut details, mut reviews) = (NodeId(0), NodeId(0));
        b.el("html", &[], |b| {
            b.el("head", &[], |b| {
                if declared {
                    b.el("script", &[("type", "application/ld+json")], |b| {
                        b.text(r#"{"@context": "https://schema.org", "@type": "Product", "name": "Trail Pack"}"#);
                    });
                }
            });
            b.el("body", &[], |b| {
                details = b.el("div", &[("class", "product-details")], |b| {
                    b.el("h1", &[], |b| {
                        b.text("Trail Pack");
                    });
                    b.el("p", &[], |b| {
                        b.text("Keep your gear within reach, with pockets for all of it.");
                    });
                    b.el("ul", &[], |b| {
                        for spec in ["Capacity: 25 liters", "Weight: 1 lb. 13 oz."] {
                            b.el("li", &[], |b| {
                                b.text(spec);
                            });
                        }
                    });
                });
                reviews = b.el("section", &[("class", "product-reviews__list")], |b| {
                    for _ in 0..6 {
                        b.el("div", &[("class", "review")], |b| {
                            b.el("p", &[], |b| {
                                b.text(PROSE);
                            });
                        });
                    }
                });
            });
        });
        (b.finish(), details, reviews)
    }

    #[test]
    fn customer_reviews_that_won_a_product_page_give_way_to_the_product() {
        let run_page = |declared| {
            let (s, details, reviews) = product_page(declared);
            let out = run(
                &s,
                Mode::Balanced,
                None,
                StageSwitches::default(),
                &Deadline::start(0),
            );
            let Ok(out) = out else { panic!("run failed") };
            let sel = out.selection.unwrap_or_default();
            let inside = |root: NodeId, id: NodeId| s.path_up(id).any(|a| a == root);
            (
                sel.roots
                    .iter()
                    .any(|&r| inside(r, details) || inside(details, r)),
                sel.roots.iter().any(|&r| inside(reviews, r)),
            )
        };
        assert_eq!(run_page(true), (true, false));
        // Undeclared, the page could be a review article: the reviews stay in the content.
        assert!(run_page(false).1);
    }
}
