//! Stage 5: content scoring and selection.
//!
//! Readability-class evidence (commas in many scripts, text length, link density, class/id
//! vocabulary) is summed from paragraphs into their ancestors, weighted by the tag-path run
//! (seed 003) and the site memory (seed 000). The best container wins; then the selection is
//! widened to the ancestor shared by several near-best candidates (post lists, split articles)
//! and extended across siblings of the same reading column.

use crate::classify::noise::{is_article_like, is_footer_landmark, NoiseLabels};
use crate::classify::site_memory::SiteMemory;
use crate::classify::tag_path::PathRuns;
use crate::extract::blocks::{flag, Features, Region};
use crate::extract::layout;
use crate::rules::{is_heading, limits};
use crate::snapshot::{NodeId, Side, Snapshot};

/// Everything scoring needs.
pub(crate) struct Inputs<'a> {
    pub snap: &'a Snapshot,
    pub f: &'a Features,
    pub noise: &'a NoiseLabels,
    pub runs: Option<&'a PathRuns>,
    pub memory: Option<&'a SiteMemory>,
    /// When false, soft noise (navigation/ads/special) does not exclude paragraphs: the retry
    /// for pages whose only text sits in such areas.
    pub respect_noise: bool,
    /// Widen to a shared ancestor and join column siblings (off only in ablations).
    pub column_join: bool,
}

/// Candidate scores by `NodeId` (0 = not a candidate) and the per-paragraph evidence.
pub(crate) struct Scores {
    pub candidate: Side<f32>,
    pub is_candidate: Side<bool>,
}

impl Inputs<'_> {
    /// True when block `b` may count as evidence.
    pub fn counts(&self, b: NodeId) -> bool {
        let i = b.index();
        if self.respect_noise && self.noise.inside[i] {
            return false;
        }
        !self
            .memory
            .is_some_and(|m| m.is_repeated(self.f.fingerprint[i]))
    }

    /// Readability-class paragraph evidence of block `b`.
    pub fn paragraph_points(&self, b: NodeId) -> f32 {
        let i = b.index();
        let f = self.f;
        if f.own_len[i] < limits::MIN_PARAGRAPH_CHARS {
            return 0.0;
        }
        let mut s = 1.0
            + f.own_commas[i] as f32
            + (f.own_len[i] as f32 / 100.0).min(limits::LENGTH_POINTS_CAP);
        s *= 1.0 - f.own_link_density(b);
        // Small print is weaker evidence (layout only).
        s *= layout::small_print_factor(self.snap, f, b);
        if let Some(r) = self.runs {
            // A paragraph in the page's main run is worth a little more (seed 003).
            s *= 1.0 + limits::RUN_BONUS * r.share[i];
        }
        if let Some(share) = self.memory.and_then(|m| m.path_kept_share(f.ptp[i])) {
            // Paths that were always boilerplate on this site count less (seed 000 PTP).
            s *= 0.5 + share;
        }
        s
    }
}

/// Sums paragraph evidence into ancestors and weighs each candidate.
pub(crate) fn score(inp: &Inputs) -> Scores {
    let n = inp.snap.len();
    let mut raw = Side(vec![0.0f32; n]);
    let mut is_candidate = Side(vec![false; n]);
    for &b in &inp.f.blocks {
        if !inp.counts(b) {
            continue;
        }
        let points = inp.paragraph_points(b);
        if points <= 0.0 {
            continue;
        }
        let up = inp.snap.ancestors(b).take_while(|&a| a != NodeId::ROOT);
        for (level, a) in up.take(limits::SCORE_PROPAGATION_LEVELS).enumerate() {
            let divider = match level {
                0 => 1.0,
                1 => 2.0,
                l => l as f32 * 3.0,
            };
            raw[a.index()] += points / divider;
            is_candidate[a.index()] = true;
        }
    }
    let title = first_h1(inp);
    let mut candidate = Side(vec![0.0f32; n]);
    for (i, c) in candidate.iter_mut().enumerate() {
        if is_candidate[i] {
            let id = NodeId(i as u32);
            *c = (raw[i] + initial_weight(inp, id))
                * (1.0 - inp.f.link_density(id))
                * region_weight(inp.f, id, title);
        }
    }
    Scores {
        candidate,
        is_candidate,
    }
}

/// Seed 001 regions, with layout: a candidate whose whole box lies in the page's top or bottom
/// band or in a side band is a masthead, footer or side column (a slogan, a blog roll), never
/// the article, which runs through the centre. 1 without layout.
///
/// A top-band candidate holding a prose paragraph of `TOP_BAND_PROSE_CHARS` after the page's
/// first `h1` (document order `title`) is not weighed down: on a tall page the band is two
/// screens, which holds a listing's intro under its title; announcement bars come before it.
fn region_weight(f: &Features, id: NodeId, title: Option<u32>) -> f32 {
    match f.geo(id).map(|g| g.region) {
        Some(Region::Centre) | None => 1.0,
        Some(Region::Top) if title.is_some_and(|t| titled_prose(f, id, t)) => 1.0,
        Some(_) => limits::EDGE_REGION_WEIGHT,
    }
}

/// True when a block under `id` (or `id` itself), after preorder position `title`, is a prose
/// paragraph of at least `TOP_BAND_PROSE_CHARS` (a slogan or a promo line is shorter).
fn titled_prose(f: &Features, id: NodeId, title: u32) -> bool {
    f.subtree(id).iter().any(|&b| {
        f.preorder[b.index()] > title
            && f.own_len[b.index()] >= limits::TOP_BAND_PROSE_CHARS
            && f.is_prose(b)
    })
}

/// Preorder position of the page's first `h1` (with layout only: it is read by
/// `region_weight` alone).
fn first_h1(inp: &Inputs) -> Option<u32> {
    inp.f.geo.as_ref()?;
    let h1 = inp.snap.find_tag("h1")?;
    Some(inp.f.preorder[h1.index()])
}

/// Tag and class/id prior of a container.
fn initial_weight(inp: &Inputs, id: NodeId) -> f32 {
    let node = inp.snap.node(id);
    let tag_points = match node.tag.as_str() {
        // Containers that hold articles.
        "article" | "main" => 10.0,
        "div" | "section" => 5.0,
        "pre" | "td" | "blockquote" => 3.0,
        // Lists and forms hold prose less often than they hold menus.
        "ol" | "ul" | "dl" | "dd" | "dt" | "li" | "form" | "address" => -3.0,
        "th" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => -5.0,
        _ => 0.0,
    };
    let f = inp.f;
    let mut class = 0.0;
    // A generic `div`/`section` named "content" inside a box with a negative name is that
    // box's body, not the page's: its name is the outer box's. Why: styled-dev esigelec.fr's
    // address box (`div#contact > div.contenu`) outscored the front page's lead story.
    let named_off = matches!(node.tag.as_str(), "div" | "section")
        && node.parent.is_some_and(|p| f.has(p, flag::NEGATIVE));
    if f.has(id, flag::POSITIVE) && !named_off || node.attr("itemprop") == Some("articleBody") {
        class += limits::CLASS_WEIGHT;
    }
    if f.has(id, flag::NEGATIVE | flag::NAV | flag::AD | flag::SPECIAL) {
        class -= limits::CLASS_WEIGHT;
    }
    tag_points + class
}

/// The chosen content roots, in document order.
pub(crate) struct Chosen {
    pub top: NodeId,
    pub roots: Vec<NodeId>,
    pub joined: Vec<NodeId>,
    /// Best score among candidates outside the winner (for confidence).
    pub runner_up: f32,
    pub top_score: f32,
}

/// Picks the best container, widens it to a shared ancestor and joins column siblings.
pub(crate) fn select(inp: &Inputs, s: &Scores) -> Option<Chosen> {
    let f = inp.f;
    let mut ranked: Vec<NodeId> = (0..s.candidate.len())
        .filter(|&i| s.is_candidate[i] && s.candidate[i] > 0.0)
        .map(|i| NodeId(i as u32))
        .collect();
    crate::order::by_key(&mut ranked, |a| {
        crate::order::descending(crate::order::f32_key(s.candidate[a.index()]))
    });
    let first = outside_asides(inp, s, &ranked, *ranked.first()?);
    let top_score = s.candidate[first.index()];
    let top = if inp.column_join {
        enclosing_article(inp, s, widen(inp, s, &ranked, first))
    } else {
        first
    };
    let runner_up = ranked
        .iter()
        .find(|&&c| !f.contains(top, c) && !f.contains(c, top))
        .map_or(0.0, |c| s.candidate[c.index()]);
    let (mut roots, mut joined) = if inp.column_join {
        join_siblings(inp, s, top)
    } else {
        (vec![top], vec![])
    };
    let mut top = top;
    if inp.column_join && joined.is_empty() {
        if let Some((w, r, j)) = split_story(inp, s, top) {
            (top, roots, joined) = (w, r, j);
        }
    }
    if let Some(m) = landmark_instead(inp, &roots) {
        (top, roots, joined) = (m, vec![m], vec![]);
    }
    if let Some(b) = declared_body_instead(inp, &roots) {
        (top, roots, joined) = (b, vec![b], vec![]);
    }
    Some(Chosen {
        top,
        roots,
        joined,
        runner_up,
        top_score,
    })
}

/// The page's only `<article>` (else its `<main>` landmark) when no paragraph scored: pages
/// of short items (packing lists, glossaries, recipe cards) are still content the author
/// marked. Needs some text outside noise.
pub(crate) fn marked_content(inp: &Inputs) -> Option<Chosen> {
    let f = inp.f;
    let marked = |pred: &dyn Fn(&crate::Node) -> bool| -> Vec<NodeId> {
        f.order
            .iter()
            .copied()
            .filter(|&id| pred(inp.snap.node(id)) && !inp.noise.inside[id.index()])
            .collect()
    };
    let articles = marked(&|n| n.is("article"));
    let pick = match articles.as_slice() {
        [one] => *one,
        _ => *marked(&|n| n.is("main") || n.attr("role") == Some("main")).first()?,
    };
    (f.text_len[pick.index()] >= limits::MARKED_CONTENT_MIN_CHARS).then_some(Chosen {
        top: pick,
        roots: vec![pick],
        joined: Vec::new(),
        runner_up: 0.0,
        top_score: 0.0,
    })
}

/// The whole `<body>`, the last resort when nothing scored and nothing is marked: a stub page
/// ("Test"), headings over images, or text that is all inside a link is still what the page
/// says, and a reader shows it (noise inside is dropped as usual). Needs some text outside
/// noise and outside navigation landmarks (a menu holding all of a page's text escapes the
/// noise label, see `NoiseClassifier::small`), so an empty or menu-only page has no article.
/// The page footer (`<footer>`, `role="contentinfo"`) counts with the menus: a shop's product
/// page whose script never ran (AliExpress: an empty `#root`, then the site footer) shows only
/// the footer's column headings, which are no article.
pub(crate) fn whole_body(inp: &Inputs) -> Option<Chosen> {
    let body = inp
        .f
        .order
        .iter()
        .copied()
        .find(|&id| inp.snap.node(id).is("body"))?;
    (text_outside_menus(inp, body) > 0).then_some(Chosen {
        top: body,
        roots: vec![body],
        joined: Vec::new(),
        runner_up: 0.0,
        top_score: 0.0,
    })
}

/// Chars of `root`'s text outside noise (when `inp.respect_noise`), navigation landmarks,
/// the page banner and footer landmarks and the document head: what is left of a page when
/// its menus, header and footer are taken away. The banner: an empty-shell page whose footer
/// lost its winning box (garmin's category page, its `gf__legal` small print) must not fall
/// back on the header's skip link and utility bar.
pub(crate) fn text_outside_menus(inp: &Inputs, root: NodeId) -> u32 {
    let menu = |id: NodeId| {
        let n = inp.snap.node(id);
        inp.respect_noise && inp.noise.inside[id.index()]
            || n.is("nav")
            || n.is("menu")
            || n.attr("role") == Some("navigation")
            || is_footer_landmark(n)
            || is_page_banner(inp, id)
            || n.is("head")
    };
    text_outside(inp, root, menu)
}

/// `id` is the page's banner landmark: `role="banner"`, or a `<header>` in no
/// `<article>`/`<main>` (whose own header holds the story's title).
fn is_page_banner(inp: &Inputs, id: NodeId) -> bool {
    let n = inp.snap.node(id);
    n.attr("role") == Some("banner")
        || n.is("header")
            && !inp
                .snap
                .ancestors(id)
                .any(|a| is_article_like(inp.snap.node(a)))
}

/// `id` lies in the page's footer landmark (`<footer>`, `role="contentinfo"`) and in no
/// `<article>`/`<main>` (whose own footer holds the story's notes). The footer escapes the
/// noise label when it holds most of the page's text, which happens when nothing else has any:
/// an AliExpress item page served as an empty script shell scored its footer's link columns.
pub(crate) fn in_page_footer(inp: &Inputs, id: NodeId) -> bool {
    let mut footer = false;
    for a in inp.snap.path_up(id) {
        let n = inp.snap.node(a);
        if is_article_like(n) {
            return false;
        }
        footer |= is_footer_landmark(n);
    }
    footer
}

/// Chars of `root`'s text outside noise subtrees (a newsletter form's country `<select>` is
/// thousands of chars no reader sees as content).
fn text_outside_noise(inp: &Inputs, root: NodeId) -> u32 {
    text_outside(inp, root, |id| inp.noise.inside[id.index()])
}

/// Chars of `root`'s text outside the subtrees for which `skip` holds.
fn text_outside(inp: &Inputs, root: NodeId, skip: impl Fn(NodeId) -> bool) -> u32 {
    let f = inp.f;
    if skip(root) {
        return 0;
    }
    let mut skipped = 0;
    let mut next = f.preorder[root.index()];
    for &id in f.subtree(root) {
        if f.preorder[id.index()] < next {
            continue;
        }
        if skip(id) {
            skipped += f.text_len[id.index()];
            next = f.subtree_end[id.index()] + 1;
        }
    }
    f.text_len[root.index()].saturating_sub(skipped)
}

/// Scoring evidence (paragraph points) of the counting blocks inside `root`.
fn prose_points(inp: &Inputs, root: NodeId) -> f32 {
    inp.f
        .blocks
        .iter()
        .filter(|&&b| inp.f.contains(root, b) && inp.counts(b))
        .map(|&b| inp.paragraph_points(b))
        .sum()
}

/// Climbs from the winner to an enclosing candidate that scores nearly as well and holds
/// much more prose of its own: the winner was one part of the article (a data table, a
/// gallery of captions, the first section of a long document, a notice box above the text),
/// and its siblings are the rest. An ancestor whose extra score is only the winner's own
/// evidence passed up (every parent gets half of it) does not qualify: it needs prose
/// outside the winner.
fn enclosing_article(inp: &Inputs, s: &Scores, top: NodeId) -> NodeId {
    let best = s.candidate[top.index()];
    let inside = prose_points(inp, top);
    let up = inp
        .snap
        .ancestors(top)
        .take_while(|&a| a != NodeId::ROOT && !inp.snap.node(a).is("body"));
    for a in up.take(limits::ENCLOSING_LEVELS) {
        let i = a.index();
        if s.is_candidate[i] && s.candidate[i] >= best * limits::ENCLOSING_SCORE_SHARE {
            let outside = prose_points(inp, a) - inside;
            if outside >= inside * limits::ENCLOSING_PROSE_SHARE {
                return a;
            }
        }
    }
    top
}

/// The page's `<main>` landmark, when the scored winner is a scrap of it: listing, category and
/// shop pages have no prose paragraphs, so scoring picks a short captioned strip while the
/// list itself (link-dense, comma-free) fills the landmark.
fn landmark_instead(inp: &Inputs, roots: &[NodeId]) -> Option<NodeId> {
    let f = inp.f;
    let kept: u32 = roots.iter().map(|&r| text_outside_noise(inp, r)).sum();
    if kept >= limits::WEAK_SELECTION_CHARS {
        return None;
    }
    let main = f
        .order
        .iter()
        .copied()
        .filter(|&id| {
            let n = inp.snap.node(id);
            (n.is("main") || n.attr("role") == Some("main")) && !inp.noise.inside[id.index()]
        })
        .max_by_key(|id| f.text_len[id.index()])?;
    let text = f.text_len[main.index()].saturating_sub(tangential_chars(inp, main, roots));
    let far_more = (kept as f32) < text as f32 * limits::WEAK_SELECTION_SHARE;
    (far_more && text >= limits::LANDMARK_MIN_CHARS).then_some(main)
}

/// Text in the outermost asides inside `root` that hold none of `roots`. Why: a landmark "far
/// larger" than the selection only by a sidebar (a live blog beside a short story, readability
/// liberation-1) is not the page's content.
fn tangential_chars(inp: &Inputs, root: NodeId, roots: &[NodeId]) -> u32 {
    let f = inp.f;
    f.subtree(root)
        .iter()
        .copied()
        .filter(|&id| is_aside(inp.snap.node(id)))
        .filter(|&id| {
            inp.snap
                .node(id)
                .parent
                .is_none_or(|p| aside_of(inp, p).is_none())
        })
        .filter(|&id| !roots.iter().any(|&r| f.contains(id, r)))
        .map(|id| f.text_len[id.index()])
        .sum()
}

/// The page's one `itemprop="articleBody"` (schema.org: the body of the article), when the
/// scored winner lies wholly outside it and it holds a story's worth of prose: a gallery of
/// long captions or a comment thread elsewhere on the page outscored the text the publisher
/// marked; also when the winner lies inside the body and the body holds such prose outside it
/// (readability bug-1255978: a 50-photo caption list embedded mid-story won over the story).
fn declared_body_instead(inp: &Inputs, roots: &[NodeId]) -> Option<NodeId> {
    let f = inp.f;
    let mut bodies = f.order.iter().copied().filter(|&id| {
        inp.snap
            .node(id)
            .attr("itemprop")
            .is_some_and(|v| v.split_whitespace().any(|t| t == "articleBody"))
            && !inp.noise.inside[id.index()]
    });
    let body = bodies.next()?;
    if bodies.next().is_some() || roots.iter().any(|&r| f.contains(r, body)) {
        return None;
    }
    let inside: Vec<NodeId> = roots
        .iter()
        .copied()
        .filter(|&r| f.contains(body, r))
        .collect();
    // Why: a winner inside the body is one embed of the story (a 50-photo caption gallery in
    // the middle of the text, readability bug-1255978) when the body holds a story's worth of
    // prose outside it; roots partly inside and partly outside are left alone.
    if !inside.is_empty() && inside.len() < roots.len() {
        return None;
    }
    let own: u32 = inside.iter().map(|&r| prose_chars(inp, r)).sum();
    let outside = prose_chars(inp, body).saturating_sub(own);
    (outside >= limits::DECLARED_BODY_MIN_PROSE).then_some(body)
}

/// Chars of the prose paragraphs (a sentence or more, few links, not noise) inside `root`.
pub(crate) fn prose_chars(inp: &Inputs, root: NodeId) -> u32 {
    let f = inp.f;
    f.subtree(root)
        .iter()
        .filter(|&&b| f.is_block[b.index()])
        .map(|&b| own_prose_chars(inp, b))
        .sum()
}

/// Own chars of block `b` when it is a prose paragraph (a sentence or more, few links).
pub(crate) fn own_prose_chars(inp: &Inputs, b: NodeId) -> u32 {
    if inp.counts(b) && inp.f.is_prose(b) {
        inp.f.own_len[b.index()]
    } else {
        0
    }
}

/// Promotes the winner to the ancestor shared by several near-best candidates, and climbs
/// through wrappers that add no text.
fn widen(inp: &Inputs, s: &Scores, ranked: &[NodeId], first: NodeId) -> NodeId {
    let f = inp.f;
    let best = s.candidate[first.index()];
    let near: Vec<NodeId> = ranked
        .iter()
        .skip(1)
        .take(5)
        .copied()
        .filter(|c| s.candidate[c.index()] >= best * limits::PARENT_PROMOTION_SHARE)
        .filter(|&c| !f.contains(c, first) && !f.contains(first, c))
        .filter(|&c| aside_of(inp, c).is_none_or(|a| f.contains(a, first)))
        .collect();
    let mut top = first;
    if near.len() + 1 >= limits::MIN_ALTERNATIVES_FOR_PROMOTION {
        let holds_them = |a: NodeId| {
            let inside = near.iter().filter(|&&c| f.contains(a, c)).count();
            inside + 1 >= limits::MIN_ALTERNATIVES_FOR_PROMOTION
        };
        let mut up = inp.snap.ancestors(first).take_while(|&a| a != NodeId::ROOT);
        if let Some(a) = up.find(|&a| holds_them(a)) {
            top = a;
        }
    }
    while let Some(p) = inp.snap.node(top).parent {
        if p == NodeId::ROOT
            || inp.snap.node(p).is("body")
            || f.text_len[p.index()] != f.text_len[top.index()]
        {
            break;
        }
        top = p;
    }
    top
}

/// The best candidate outside every `<aside>` when the winner lies in one and that candidate
/// scores at least [`limits::ASIDE_YIELD_SHARE`] of it: a sidebar live blog of short posts
/// narrowly outscored the story beside it (readability liberation-1).
fn outside_asides(inp: &Inputs, s: &Scores, ranked: &[NodeId], first: NodeId) -> NodeId {
    if aside_of(inp, first).is_none() {
        return first;
    }
    let floor = s.candidate[first.index()] * limits::ASIDE_YIELD_SHARE;
    ranked
        .iter()
        .copied()
        .take_while(|c| s.candidate[c.index()] >= floor)
        .find(|&c| aside_of(inp, c).is_none())
        .unwrap_or(first)
}

/// The nearest `<aside>` (or `role="complementary"`) holding `id`. Why: HTML marks such a
/// box as tangential to the page's content; a strong candidate inside one (a live blog in a
/// sidebar, readability liberation-1) is not another part of an article outside it, so it
/// does not pull the winner up to their shared page column.
fn aside_of(inp: &Inputs, id: NodeId) -> Option<NodeId> {
    inp.snap.path_up(id).find(|&a| is_aside(inp.snap.node(a)))
}

fn is_aside(n: &crate::Node) -> bool {
    n.is(ASIDE_TAG) || n.attr("role") == Some(ASIDE_ROLE)
}

/// Tag and ARIA role of a tangential box (see [`aside_of`]).
const ASIDE_TAG: &str = "aside";
const ASIDE_ROLE: &str = "complementary";

/// Siblings of `top` in the same column: strong candidates, prose paragraphs, and headings
/// that introduce joined content.
fn join_siblings(inp: &Inputs, s: &Scores, top: NodeId) -> (Vec<NodeId>, Vec<NodeId>) {
    let Some(parent) = inp.snap.node(top).parent else {
        return (vec![top], vec![]);
    };
    let threshold = (s.candidate[top.index()] * limits::SIBLING_SCORE_SHARE).max(10.0);
    let siblings = &inp.snap.node(parent).children;
    let mut keep: Vec<bool> = siblings
        .iter()
        .map(|&c| c == top || sibling_is_content(inp, s, c, threshold))
        .collect();
    // The story ends at a sibling after the winner that reads as an end marker ("Comments",
    // "Related posts", "About the author"; `rules::tail::END_MARKERS`): what follows it is
    // the thread or the teasers, not more of the story.
    if let Some(at) = siblings.iter().position(|&c| c == top) {
        if let Some(end) = siblings[at + 1..]
            .iter()
            .position(|&c| is_end_marker_line(inp, c))
        {
            keep[at + 1 + end..].iter_mut().for_each(|k| *k = false);
        }
    }
    // A heading directly before kept content belongs to it.
    for k in (0..siblings.len().saturating_sub(1)).rev() {
        let tag = inp.snap.node(siblings[k]).tag.as_str();
        if keep[k + 1] && is_heading(tag) && inp.counts(siblings[k]) {
            keep[k] = true;
        }
    }
    let roots: Vec<NodeId> = siblings
        .iter()
        .zip(&keep)
        .filter(|(_, &k)| k)
        .map(|(&c, _)| c)
        .collect();
    let joined = roots.iter().copied().filter(|&c| c != top).collect();
    (roots, joined)
}

/// `c` is a short line, mostly not link text, reading as one of `rules::tail::END_MARKERS`.
///
/// Why: Movable Type and other old blog engines put the comment thread beside the post body,
/// not in it: `<div class="blogbody">` (the post), `<div class="comments-head">Comments</div>`,
/// then one `<div class="comments-body">` per comment, whose sentences pass the sibling test;
/// the join took the whole thread into the article (wcxb-dev davidbau.com). The `tail` stage
/// cannot cut what it never sees inside the selection: the marker line itself is not joined.
pub(crate) fn is_end_marker_line(inp: &Inputs, c: NodeId) -> bool {
    let (f, i) = (inp.f, c.index());
    f.text_len[i] > 0
        && super::tail::marker_shaped(f, c)
        && crate::rules::tail::is_marker_in(crate::rules::tail::END_MARKERS, &inp.snap.text_of(c))
}

/// The winner is nearly all of its wrapper, and the wrapper's siblings are paragraphs of the
/// same story: the wrapper with those siblings.
///
/// Why: templates split a story around a box — a "Read more" fold wrapping the rest of the
/// text after the lead paragraphs (herald-sun), or a story column cut into two "story-body +
/// sidebar" wrappers (nytimes) — and the longer half wins alone, one level below where the
/// sibling join looks; the lead paragraphs were lost.
fn split_story(
    inp: &Inputs,
    s: &Scores,
    top: NodeId,
) -> Option<(NodeId, Vec<NodeId>, Vec<NodeId>)> {
    let f = inp.f;
    let wrapper = inp.snap.node(top).parent?;
    inp.snap.node(wrapper).parent?;
    if (f.text_len[top.index()] as f32)
        < limits::SPLIT_WRAPPER_SHARE * f.text_len[wrapper.index()] as f32
        || inp.snap.node(wrapper).is("body")
    {
        return None;
    }
    let (mut roots, _) = join_siblings(inp, s, wrapper);
    // Only the lead before the wrapper: after it come the story's furniture (author box,
    // comment notes, "we want to hear from you"), which also reads as paragraphs. The roots
    // are in document order, so the joined ones are those before the wrapper.
    let at = roots.iter().position(|&r| r == wrapper)?;
    roots.truncate(at + 1);
    let joined = roots[..at].to_vec();
    (at > 0).then_some((wrapper, roots, joined))
}

fn sibling_is_content(inp: &Inputs, s: &Scores, c: NodeId, threshold: f32) -> bool {
    let f = inp.f;
    let i = c.index();
    if f.text_len[i] == 0 || !inp.counts(c) || inp.noise.inside[i] {
        return false;
    }
    let ld = f.link_density(c);
    let len = f.text_len[i];
    let prose = f.own_len[i] == len || inp.snap.node(c).is("p");
    let content = (s.is_candidate[i] && s.candidate[i] >= threshold)
        || (len >= limits::SIBLING_PARAGRAPH_CHARS && ld < 0.25)
        || (prose && ld == 0.0 && f.own_sentences[i] > 0);
    content && !form_pitch(inp, c) && !teaser_row(inp, c)
}

/// `c` is a home page's teaser row: beside its header (noise), what it holds is a row of at
/// least `limits::TEASER_ROW_MIN_BOXES` boxes of one tag and class, each opening with a
/// heading, then a blurb of a sentence or two (at most `limits::TEASER_BOX_MAX_CHARS` in all)
/// and a link to the page it sells ("Wat we doen / Wat kunnen we voor u betekenen? …",
/// "Cases / …", "Contact / Bel of mail ons gerust …"). Why: small-business and agency home
/// pages set such a row between the header and the welcome text; its blurbs are sentences, so
/// the sibling test joined it to the welcome text, while it points to the site's other pages
/// and the styled-dev annotators marked each box LinkList (perviam.com). Only a sibling is
/// judged, never the winner: a service page's own feature grid stays.
fn teaser_row(inp: &Inputs, c: NodeId) -> bool {
    let (snap, f) = (inp.snap, inp.f);
    let rest = text_outside_menus(inp, c) as f32 * limits::TEASER_ROW_SHARE;
    f.subtree(c).iter().any(|&p| {
        if (f.text_len[p.index()] as f32) < rest {
            return false;
        }
        let (mut sig, mut boxes) = (None, 0);
        for &k in &snap.node(p).children {
            let i = k.index();
            if f.text_len[i] == 0 {
                continue;
            }
            let s = crate::classify::page_type::signature(snap.node(k));
            if f.text_len[i] > limits::TEASER_BOX_MAX_CHARS
                || f.links[i] == 0
                || *sig.get_or_insert(s) != s
                || !snap
                    .node(k)
                    .children
                    .iter()
                    .find(|&&h| f.text_len[h.index()] > 0)
                    .is_some_and(|&h| is_heading(snap.node(h).tag.as_str()))
            {
                return false;
            }
            boxes += 1;
        }
        boxes >= limits::TEASER_ROW_MIN_BOXES
    })
}

/// `c` is a form's pitch: it holds a form labelled a control box (`Reason::Interactive`) and
/// at most `limits::FORM_PITCH_MAX_CHARS` of text outside its noise boxes — the lines that sell
/// the form ("Get your free report … when you join our contact list", "Subscribe to our
/// newsletter"). Why: old table layouts set a lead-capture row between the site's welcome
/// text and its body (styled-dev belizeretirementguide.com); its sentences passed the sibling
/// test and joined the article, and with them the words of the page's header form.
fn form_pitch(inp: &Inputs, c: NodeId) -> bool {
    let form = |id: &NodeId| {
        inp.noise.kind[id.index()] == Some(crate::trace::Reason::Interactive)
            && inp.snap.node(*id).is("form")
    };
    inp.f.subtree(c).iter().any(form) && text_outside_menus(inp, c) <= limits::FORM_PITCH_MAX_CHARS
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::noise::NoiseClassifier;
    use crate::classify::tag_path;
    use crate::extract::blocks;
    use crate::snapshot::build::Builder;

    const PROSE: &str = "Lectern reads the page, weighs every paragraph, and keeps the article, which is what readers want.";

    fn choose(s: &Snapshot) -> Option<Chosen> {
        with_inputs(s, |inp| select(inp, &score(inp)))
    }

    /// A story's body: six prose paragraphs in a box.
    fn six_paragraphs(b: &mut Builder) -> NodeId {
        b.el("div", &[], |b| {
            for _ in 0..6 {
                b.el("p", &[], |b| {
                    b.text(PROSE);
                });
            }
        })
    }

    fn with_inputs<T>(s: &Snapshot, run: impl FnOnce(&Inputs) -> T) -> T {
        let f = blocks::compute(s);
        let noise = NoiseClassifier::new(s, &f).classify();
        let runs = tag_path::group(&f, &noise);
        let inp = Inputs {
            snap: s,
            f: &f,
            noise: &noise,
            runs: Some(&runs),
            memory: None,
            respect_noise: true,
            column_join: true,
        };
        run(&inp)
    }

    #[test]
    fn a_list_inside_an_article_climbs_to_the_article() {
        let mut b = Builder::new();
        let mut article = NodeId(0);
        b.el("body", &[], |b| {
            article = b.el("div", &[], |b| {
                b.el("ul", &[], |b| {
                    for _ in 0..10 {
                        b.el("li", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
                b.el("div", &[], |b| {
                    for _ in 0..6 {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
            });
            b.el("div", &[], |b| {
                b.text("Elsewhere: one more line of prose outside the article, with a comma.");
            });
        });
        let s = b.finish();
        assert_eq!(choose(&s).map(|c| c.top), Some(article));
    }

    #[test]
    fn a_content_box_inside_a_contact_box_is_not_the_page_content() {
        // A school's front page: the lead story beside the address box, whose inner box is
        // named "contenu" (French for content).
        let mut b = Builder::new();
        let mut story = NodeId(0);
        b.el("body", &[], |b| {
            story = b.el("div", &[("class", "left")], |b| {
                b.el("h2", &[], |b| {
                    b.text("Second place at the boat race");
                });
                b.el("p", &[], |b| {
                    b.text("For the race's fiftieth running, the first round of the world championship, the students' boat, built in the school's workshop, came second.");
                });
            });
            b.el("div", &[("id", "contact")], |b| {
                b.el("div", &[("class", "contenu")], |b| {
                    b.el("p", &[], |b| {
                        b.text("Technopole, Avenue Galilee, BP 10024, 76801 Saint-Etienne, Cedex, France.");
                    });
                });
            });
        });
        let s = b.finish();
        assert_eq!(choose(&s).map(|c| c.top), Some(story));
    }

    #[test]
    fn a_list_with_little_prose_around_it_stays_the_winner() {
        let mut b = Builder::new();
        let mut list = NodeId(0);
        b.el("body", &[], |b| {
            b.el("div", &[], |b| {
                list = b.el("ul", &[], |b| {
                    for _ in 0..10 {
                        b.el("li", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
                b.el("div", &[], |b| {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                });
            });
        });
        let s = b.finish();
        assert_eq!(choose(&s).map(|c| c.top), Some(list));
    }

    #[test]
    fn a_forms_pitch_beside_the_winner_does_not_join() {
        // An old table layout: welcome text, a lead-capture row (pitch lines over a form),
        // then the body. The welcome text joins; the pitch does not.
        let mut b = Builder::new();
        let (mut welcome, mut pitch, mut body) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[], |b| {
                welcome = b.el("div", &[], |b| {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                });
                pitch = b.el("div", &[], |b| {
                    b.el("p", &[], |b| {
                        b.text("Get your free report on the top reasons to move here.");
                    });
                    b.el("p", &[], |b| {
                        b.text("Join our contact list and we will update you on new offers.");
                    });
                    b.el("form", &[("method", "post")], |b| {
                        b.text("Your name: Your email:");
                        b.el("input", &[("type", "text"), ("name", "name")], |_| {});
                        b.el("input", &[("type", "submit"), ("value", "Submit")], |_| {});
                    });
                });
                body = six_paragraphs(b);
            });
        });
        let s = b.finish();
        let Some(c) = choose(&s) else {
            panic!("no selection")
        };
        assert_eq!(c.top, body);
        assert!(c.roots.contains(&welcome), "roots {:?}", c.roots);
        assert!(!c.roots.contains(&pitch), "roots {:?}", c.roots);
    }

    #[test]
    fn a_home_pages_teaser_row_beside_the_winner_does_not_join() {
        // A small firm's home page: a row of service boxes (heading, one-sentence blurb with a
        // link to the page it sells), then the welcome text. The row does not join; a box of
        // prose before the winner still does.
        let mut b = Builder::new();
        let (mut row, mut intro, mut body) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[], |b| {
                intro = b.el("div", &[], |b| {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                });
                row = b.el("div", &[], |b| {
                    for (h, page) in [
                        ("What we do", "/services"),
                        ("Cases", "/cases"),
                        ("Hosting", "/hosting"),
                    ] {
                        b.el("div", &[("class", "col")], |b| {
                            b.el("h2", &[], |b| {
                                b.text(h);
                            });
                            b.el("p", &[], |b| {
                                b.text("What can we do for you? Read why our ");
                                b.el("a", &[("href", page)], |b| {
                                    b.text("solutions");
                                });
                                b.text(" matter to firms like yours.");
                            });
                        });
                    }
                });
                body = six_paragraphs(b);
            });
        });
        let s = b.finish();
        let Some(c) = choose(&s) else {
            panic!("no selection")
        };
        assert_eq!(c.top, body);
        assert!(c.roots.contains(&intro), "roots {:?}", c.roots);
        assert!(!c.roots.contains(&row), "roots {:?}", c.roots);
    }

    #[test]
    fn text_in_noise_does_not_count_as_selected_text() {
        let mut b = Builder::new();
        let mut form = NodeId(0);
        b.el("body", &[], |b| {
            form = b.el("div", &[], |b| {
                b.el("p", &[], |b| {
                    b.text("Your email");
                });
                b.el("select", &[], |b| {
                    for _ in 0..50 {
                        b.el("option", &[], |b| {
                            b.text("Country");
                        });
                    }
                });
            });
        });
        let s = b.finish();
        assert_eq!(with_inputs(&s, |inp| text_outside_noise(inp, form)), 10);
    }

    #[test]
    fn the_body_is_the_last_resort_when_it_has_text_outside_noise() {
        let mut b = Builder::new();
        let mut body = NodeId(0);
        b.el("html", &[], |b| {
            body = b.el("body", &[], |b| {
                b.el("article", &[], |b| {
                    b.el("h2", &[], |b| {
                        b.text("Test Case 1");
                    });
                });
            });
        });
        let s = b.finish();
        let chosen = with_inputs(&s, |inp| whole_body(inp).map(|c| c.roots));
        assert_eq!(chosen, Some(vec![body]));

        let mut b = Builder::new();
        b.el("html", &[], |b| {
            b.el("body", &[], |b| {
                b.el("div", &[("hidden", "")], |b| {
                    b.text("Loading…");
                });
            });
        });
        let s = b.finish();
        assert!(with_inputs(&s, |inp| whole_body(inp).is_none()));
    }

    #[test]
    fn a_page_of_menus_and_footer_has_no_text_outside_them() {
        // A landing page whose script never filled the space between its menu and footer:
        // the title in the head, a header menu, the footer's link columns.
        let page = |story: bool| {
            let mut b = Builder::new();
            let html = b.el("html", &[], |b| {
                b.el("head", &[], |b| {
                    b.el("title", &[], |b| {
                        b.text("Alma — Simplifying Access to Therapy");
                    });
                });
                b.el("body", &[], |b| {
                    b.el("header", &[], |b| {
                        b.el("nav", &[], |b| {
                            b.text("How It Works For Providers");
                        });
                    });
                    if story {
                        b.el("p", &[], |b| {
                            b.text("Find a therapist who takes your insurance.");
                        });
                    }
                    b.el("footer", &[], |b| {
                        b.text("About Alma Questions? FAQs Follow Us");
                    });
                });
            });
            (b.finish(), html)
        };
        let (s, html) = page(false);
        assert_eq!(with_inputs(&s, |inp| text_outside_menus(inp, html)), 0);
        let (s, html) = page(true);
        assert!(with_inputs(&s, |inp| text_outside_menus(inp, html)) > 0);
    }

    #[test]
    fn the_page_header_is_no_text_but_a_storys_header_is() {
        // The page's banner holds a skip link and a utility bar beside its menu; a story's
        // own `<header>` holds its title.
        let page = |story: bool| {
            let mut b = Builder::new();
            let body = b.el("body", &[], |b| {
                b.el("header", &[], |b| {
                    b.el("a", &[("href", "#main")], |b| {
                        b.text("Skip navigation links");
                    });
                    b.el("div", &[("class", "utility-bar")], |b| {
                        b.text("Support Center Aviation Support Marine Support");
                    });
                });
                if story {
                    b.el("article", &[], |b| {
                        b.el("header", &[], |b| {
                            b.el("h1", &[], |b| {
                                b.text("Running watches");
                            });
                        });
                    });
                }
            });
            (b.finish(), body)
        };
        let (s, body) = page(false);
        assert_eq!(with_inputs(&s, |inp| text_outside_menus(inp, body)), 0);
        let (s, body) = page(true);
        assert!(with_inputs(&s, |inp| text_outside_menus(inp, body)) > 0);
    }

    #[test]
    fn picks_the_prose_container_over_the_link_sidebar() {
        let mut b = Builder::new();
        let mut body = NodeId(0);
        b.el("body", &[], |b| {
            b.el("div", &[("id", "side")], |b| {
                for _ in 0..10 {
                    b.el("p", &[], |b| {
                        b.el("a", &[("href", "/x")], |b| {
                            b.text("A related story headline that is long enough, sure");
                        });
                    });
                }
            });
            body = b.el("div", &[("class", "story-body")], |b| {
                for _ in 0..4 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
            });
        });
        let s = b.finish();
        assert_eq!(choose(&s).map(|c| c.roots), Some(vec![body]));
    }

    #[test]
    fn forum_posts_widen_to_the_thread() {
        let mut b = Builder::new();
        let mut thread = NodeId(0);
        b.el("body", &[], |b| {
            thread = b.el("div", &[], |b| {
                for _ in 0..4 {
                    b.el("div", &[("class", "post")], |b| {
                        b.el("div", &[], |b| {
                            b.text(PROSE);
                        });
                        b.el("div", &[], |b| {
                            b.text(PROSE);
                        });
                    });
                }
            });
            b.el("footer", &[], |b| {
                b.text("© 2024");
            });
        });
        let s = b.finish();
        assert_eq!(choose(&s).map(|c| c.top), Some(thread));
    }

    #[test]
    fn a_scrap_of_a_listing_gives_way_to_the_main_landmark() {
        let mut b = Builder::new();
        let mut main = NodeId(0);
        b.el("body", &[], |b| {
            main = b.el("main", &[], |b| {
                b.el("div", &[("class", "page-content")], |b| {
                    b.el("p", &[], |b| {
                        b.text("Showing 40 results, sorted by price.");
                    });
                });
                b.el("div", &[("class", "grid")], |b| {
                    for _ in 0..40 {
                        b.el("div", &[("class", "tile")], |b| {
                            b.el("a", &[("href", "/p")], |b| {
                                b.text("Walnut side table with drawer");
                            });
                        });
                    }
                });
            });
        });
        let s = b.finish();
        assert_eq!(choose(&s).map(|c| c.roots), Some(vec![main]));
    }

    /// A story in a `div` (marked `itemprop="articleBody"` or not) and, in another column, a
    /// gallery of 30 long captions.
    fn gallery_page(marked: bool) -> (Snapshot, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut body, mut gallery) = (NodeId(0), NodeId(0));
        let attrs: &[(&str, &str)] = if marked {
            &[("itemprop", "articleBody")]
        } else {
            &[]
        };
        b.el("body", &[], |b| {
            body = b.el("div", attrs, |b| {
                for _ in 0..6 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
            });
            b.el("div", &[("class", "gallery")], |b| {
                b.el("h2", &[], |b| {
                    b.text("In pictures");
                });
                gallery = b.el("ul", &[("class", "legends")], |b| {
                    for _ in 0..30 {
                        b.el("li", &[], |b| {
                            b.el("p", &[], |b| {
                                b.text(PROSE);
                            });
                        });
                    }
                });
            });
        });
        (b.finish(), body, gallery)
    }

    #[test]
    fn the_declared_article_body_wins_over_a_caption_gallery() {
        let (s, body, _) = gallery_page(true);
        assert_eq!(choose(&s).map(|c| c.roots), Some(vec![body]));
        // Without the mark, the longer gallery wins.
        let (s, _, gallery) = gallery_page(false);
        assert_eq!(choose(&s).map(|c| c.top), Some(gallery));
    }

    #[test]
    fn a_caption_gallery_embedded_in_the_declared_body_climbs_to_the_body() {
        let mut b = Builder::new();
        let mut body = NodeId(0);
        b.el("body", &[], |b| {
            body = b.el("div", &[("itemprop", "articleBody")], |b| {
                for _ in 0..6 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                b.el("div", &[("class", "gallery")], |b| {
                    b.el("ul", &[("class", "legends")], |b| {
                        for _ in 0..30 {
                            b.el("li", &[], |b| {
                                b.el("p", &[], |b| {
                                    b.text(PROSE);
                                });
                            });
                        }
                    });
                });
                b.el("p", &[], |b| {
                    b.text(PROSE);
                });
            });
        });
        assert_eq!(choose(&b.finish()).map(|c| c.roots), Some(vec![body]));
    }

    #[test]
    fn a_sidebar_does_not_count_toward_the_landmark_text() {
        let mut b = Builder::new();
        let (mut main, mut story, mut aside) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            main = b.el("div", &[("role", "main")], |b| {
                story = b.el("div", &[], |b| {
                    for _ in 0..5 {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
                aside = b.el("aside", &[], |b| {
                    b.el("ul", &[], |b| {
                        for _ in 0..40 {
                            b.el("li", &[], |b| {
                                b.text("14:44 A short live post in the sidebar");
                            });
                        }
                    });
                });
            });
        });
        let s = b.finish();
        with_inputs(&s, |inp| {
            let sidebar = inp.f.text_len[aside.index()];
            assert!(sidebar > 0);
            assert_eq!(tangential_chars(inp, main, &[story]), sidebar);
            // An aside holding the selection is not tangential to it.
            assert_eq!(tangential_chars(inp, main, &[aside]), 0);
        });
    }

    #[test]
    fn a_story_beside_a_slightly_stronger_aside_wins() {
        let mut b = Builder::new();
        let mut story = NodeId(0);
        let para = |b: &mut Builder| {
            b.el("p", &[], |b| {
                b.text(PROSE);
            });
        };
        b.el("body", &[], |b| {
            story = b.el("div", &[], |b| {
                (0..2).for_each(|_| para(b));
            });
            b.el("aside", &[], |b| {
                b.el("div", &[], |b| {
                    (0..3).for_each(|_| para(b));
                });
            });
        });
        assert_eq!(choose(&b.finish()).map(|c| c.top), Some(story));
    }

    #[test]
    fn paragraphs_after_a_gap_join_as_siblings() {
        let mut b = Builder::new();
        let (mut main, mut tail, mut head) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[], |b| {
                main = b.el("div", &[], |b| {
                    for _ in 0..5 {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
                b.el("div", &[("class", "ad")], |b| {
                    b.text("Sponsored");
                });
                head = b.el("h2", &[], |b| {
                    b.text("The rest");
                });
                tail = b.el("p", &[], |b| {
                    b.text(PROSE);
                });
            });
        });
        let s = b.finish();
        assert_eq!(choose(&s).map(|c| c.roots), Some(vec![main, head, tail]));
    }

    #[test]
    fn the_sibling_join_stops_at_a_comments_line() {
        // A blog engine's post body, then a "Comments" line and one box per comment beside
        // it: the comments read as prose paragraphs but follow the end marker.
        let mut b = Builder::new();
        let (mut post, mut after) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[("class", "content")], |b| {
                post = b.el("div", &[("class", "blogbody")], |b| {
                    for _ in 0..8 {
                        b.el("p", &[], |b| {
                            b.text(PROSE);
                        });
                    }
                });
                after = b.el("p", &[], |b| {
                    b.text(PROSE);
                });
                b.el("div", &[("class", "comments-head")], |b| {
                    b.el("a", &[("name", "comments")], |_| {});
                    b.text("Comments");
                });
                for _ in 0..2 {
                    b.el("div", &[("class", "comments-body")], |b| {
                        b.el("p", &[], |b| {
                            b.text("I dislike the term, and I think that we should all start using another, plainer one soon.");
                        });
                    });
                }
            });
        });
        let s = b.finish();
        assert_eq!(choose(&s).map(|c| c.roots), Some(vec![post, after]));
    }

    #[test]
    fn a_lead_before_a_read_more_fold_joins_the_story() {
        // The lead paragraph, then a fold wrapping a link and the rest of the story: when the
        // rest wins, the fold stands for it in the sibling join, which takes the lead before
        // it but not the author note after it.
        let mut b = Builder::new();
        let (mut lead, mut fold, mut rest) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[("class", "story")], |b| {
                lead = b.el("p", &[], |b| {
                    b.text(PROSE);
                });
                fold = b.el("div", &[("id", "read-more")], |b| {
                    b.el("a", &[("href", "#")], |b| {
                        b.text("Read more");
                    });
                    rest = b.el("div", &[], |b| {
                        for _ in 0..6 {
                            b.el("p", &[], |b| {
                                b.text(PROSE);
                            });
                        }
                    });
                });
                b.el("p", &[], |b| {
                    b.text(PROSE);
                });
            });
        });
        let s = b.finish();
        let split = with_inputs(&s, |inp| split_story(inp, &score(inp), rest));
        assert_eq!(split, Some((fold, vec![lead, fold], vec![lead])));
        // The fold's own content is not a winner nearly all of a wrapper: no split.
        let none = with_inputs(&s, |inp| split_story(inp, &score(inp), lead));
        assert_eq!(none, None);
    }

    #[test]
    fn with_layout_a_box_in_the_header_band_does_not_win() {
        let (s, head, centre) = header_band_page(None, PROSE);
        // Without layout the richer box wins.
        assert_eq!(choose(&s).map(|c| c.top), Some(head));
        let s = laid_out_with_head_on_top(s, head);
        assert_eq!(choose(&s).map(|c| c.top), Some(centre));
    }

    #[test]
    fn with_layout_a_titled_intro_in_the_top_band_still_wins() {
        let long = format!("{PROSE} {PROSE}");
        let weight = |h1_first: bool| {
            let (s, head, _) = header_band_page(Some(h1_first), &long);
            let s = laid_out_with_head_on_top(s, head);
            with_inputs(&s, |inp| region_weight(inp.f, head, first_h1(inp)))
        };
        // An announcement bar of long prose above the page's title is still weighed down…
        assert_eq!(weight(false), limits::EDGE_REGION_WEIGHT);
        // …but the intro under the `h1`, two screens deep on a tall page, is not.
        assert_eq!(weight(true), 1.0);
        // A slogan-length line under the `h1` is.
        let (s, head, _) = header_band_page(Some(true), PROSE);
        let s = laid_out_with_head_on_top(s, head);
        let short = with_inputs(&s, |inp| region_weight(inp.f, head, first_h1(inp)));
        assert_eq!(short, limits::EDGE_REGION_WEIGHT);
    }

    /// A body with a box of three paragraphs (`head`) over a box of two (`centre`), and an
    /// `h1` before (`Some(true)`) or after (`Some(false)`) the head box.
    fn header_band_page(h1_first: Option<bool>, text: &str) -> (Snapshot, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut head, mut centre) = (NodeId(0), NodeId(0));
        let title = |b: &mut Builder| {
            b.el("h1", &[], |b| {
                b.text("Ergonomic chairs");
            });
        };
        b.el("body", &[], |b| {
            if h1_first == Some(true) {
                title(b);
            }
            head = b.el("div", &[], |b| {
                for _ in 0..3 {
                    b.el("p", &[], |b| {
                        b.text(text);
                    });
                }
            });
            if h1_first == Some(false) {
                title(b);
            }
            centre = b.el("div", &[], |b| {
                for _ in 0..2 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
            });
        });
        (b.finish(), head, centre)
    }

    /// Everything sits in the centre, except `head` (and its children), wholly in the top band.
    fn laid_out_with_head_on_top(mut s: Snapshot, head: NodeId) -> Snapshot {
        use crate::snapshot::{Layout, NodeKind, Viewport};
        s.viewport = Some(Viewport {
            width: 1000.0,
            height: 800.0,
            page_width: 1000.0,
            page_height: 4000.0,
            ..Default::default()
        });
        for (i, n) in s.nodes.iter_mut().enumerate() {
            if n.kind != NodeKind::Element {
                continue;
            }
            let top = i == head.index() || n.parent == Some(head);
            n.layout = Some(Layout {
                display: "block".into(),
                visibility: "visible".into(),
                opacity: 1.0,
                x: 200.0,
                y: if top { 10.0 } else { 1500.0 },
                width: 600.0,
                height: 100.0,
                ..Default::default()
            });
        }
        s
    }
}
