//! Which nodes the captured layout renders invisible, shared by the noise stage and the article
//! builder so both read the same answer.
//!
//! Computed style is trusted, with one exception: when `visibility: hidden` / `opacity: 0`
//! subtrees hold most of the page's text, they are a reveal waiting for a script (anti-flicker
//! snippets hide `<body>` until an A/B test loads, templates fade the article in, scroll
//! animation libraries start every section at opacity 0), so none of them is taken as hidden.
//! Pages never hide most of their own text for good; a browser that ran the page's scripts — or
//! a reader running after them — would see it. `display: none` is trusted (it hides menus,
//! templates and responsive twins, and removes the box, so there is no layout to read) except
//! on a closed accordion or tab panel of prose right after its shown trigger
//! (`collapsed_panel`) and on a streamed server-rendering segment (`rules::is_streamed_segment`,
//! moved into place by the script that a capture with page scripts off never ran), which are
//! judged like parsed HTML judges them.

use crate::rules::{self, limits};
use crate::snapshot::{NodeId, NodeKind, Side, Snapshot};

/// What a page shows, computed once per extraction (`extract::blocks::Features::visibility`)
/// and read by the features' geometry, the noise stage and the article builder, so each
/// whole-document pass runs once per page.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct Visibility {
    /// The box a script reveals ([`script_reveal`]): shown.
    pub reveal: Option<NodeId>,
    /// `invisible[id]`: computed style hides the node ([`invisible`]); all `false` without
    /// layout.
    pub invisible: Vec<bool>,
}

impl Visibility {
    /// [`script_reveal`] and [`invisible`] of `snap`, each computed once.
    pub(crate) fn of(snap: &Snapshot) -> Self {
        let reveal = script_reveal(snap);
        Visibility {
            reveal,
            invisible: invisible(snap, reveal),
        }
    }
}

/// `invisible[id]`: the node's computed style hides it (see the module comment for the
/// exception); `reveal` is `script_reveal(snap)`. `false` for every node without layout
/// (parsed HTML).
pub(crate) fn invisible(snap: &Snapshot, reveal: Option<NodeId>) -> Vec<bool> {
    let n = snap.len();
    let mut out = Side(vec![false; n]);
    if snap.nodes.iter().all(|node| node.layout.is_none()) {
        // Parsed HTML: nothing to judge, and no text or link sums to pay for.
        return out.0;
    }
    // Parents come before children in capture order; a parent with a larger id (a hand-made
    // snapshot) is ignored.
    let parent = |i: usize| {
        snap.node(NodeId(i as u32))
            .parent
            .map(|p| p.index())
            .filter(|&p| p < i)
    };
    let mut under_hidden = Side(vec![false; n]);
    // Inside a closed panel shown by `collapsed_panel`: `visibility` is inherited, so the
    // panel's descendants carry its hidden style and are shown with it.
    let mut in_panel = Side(vec![false; n]);
    // Text of the topmost `visibility`/`opacity`-hidden subtrees: one template hiding the
    // article, or a fade-in library hiding every section (each alone is small).
    let text = text_lengths(snap);
    let links = link_lengths(snap, &text);
    let reveal = reveal.map(|r| r.index());
    let mut style_hidden_text = 0u32;
    // Text under the topmost `display: none` subtrees, left out of the page's text below.
    let mut removed_text = 0u32;
    for (i, node) in snap.nodes.iter().enumerate() {
        let inherited = parent(i).is_some_and(|p| under_hidden[p] || out[p]);
        in_panel[i] = !inherited && parent(i).is_some_and(|p| in_panel[p]);
        let Some(l) = node.layout.as_ref().filter(|l| l.is_invisible()) else {
            under_hidden[i] = inherited;
            continue;
        };
        if in_panel[i] && l.display != "none" {
            continue;
        }
        if !inherited
            && (rules::is_streamed_segment(node)
                || reveal == Some(i)
                || collapsed_panel(snap, i, &text, &links)
                || stacked_slide(snap, i, &text, &links))
        {
            // Shown like parsed HTML shows it: the rules decide, not the closed state.
            in_panel[i] = true;
            continue;
        }
        if l.display == "none" {
            if !parent(i).is_some_and(|p| out[p]) {
                removed_text = removed_text.saturating_add(text[i]);
            }
            out[i] = true;
            continue;
        }
        if !inherited {
            style_hidden_text = style_hidden_text.saturating_add(text[i]);
        }
        under_hidden[i] = true;
    }
    // Why the share is of the text `display: none` leaves in the page: a closed mega-menu can
    // hold most of the page's characters (wcxb-dev's sweetwater product pages: 312,000 chars
    // of menu against a 36,000-char `<main>` at `visibility: hidden` until a script runs), and
    // the reveal is judged against what could ever be shown.
    let page = text
        .first()
        .copied()
        .unwrap_or(0)
        .saturating_sub(removed_text)
        .max(1) as f32;
    let pending_reveal = style_hidden_text as f32 >= limits::REVEAL_MIN_TEXT_SHARE * page;
    for (i, node) in snap.nodes.iter().enumerate() {
        let style_hidden = node
            .layout
            .as_ref()
            .is_some_and(|l| l.is_invisible() && l.display != "none" && !fading_in(l));
        if style_hidden && !pending_reveal && !in_panel[i] {
            out[i] = true;
        }
    }
    out.0
}

/// Transparent only: `opacity: 0` on a box that keeps its place in the flow (`static` or
/// `relative`, with an area) while `visibility` is `visible` — a scroll or load animation
/// waiting for its script (toptal's expert cards and "how it works" steps, `data-testid=
/// "animation-chunk"` with an opacity transition). Screen readers read such text, and a reader
/// run after the page's scripts would see it. Menus, tooltips and inactive carousel slides that
/// fade are positioned out of the flow (`absolute`, `fixed`) and stay hidden.
fn fading_in(l: &crate::snapshot::Layout) -> bool {
    l.opacity <= 0.0
        && l.display != "none"
        && l.visibility == "visible"
        && matches!(l.position.as_str(), "static" | "relative")
        && l.width > 0.0
        && l.height > 0.0
}

/// The box an inline `display: none` style hides while holding most of the page's paragraph
/// text (`limits::INLINE_REVEAL_MIN_SHARE`, at least `limits::INLINE_REVEAL_MIN_CHARS`): a
/// script reveals it once it has run. Shop apps ship the whole product so: a gated-content
/// app's `easylockdown-content` wrapper (Shopify, deathwishcoffee) and a `defer-block` product
/// wrapper (iherb) are `display: none` in the served HTML, and the page's own description is
/// inside. Pages never hide most of their prose for good (a closed menu or dialog holds links
/// and short lines, not the paragraphs), so parsed HTML shows this one box; a captured layout
/// is judged by its computed style as before. `None` when no box qualifies.
pub(crate) fn inline_reveal(snap: &Snapshot) -> Option<NodeId> {
    let n = snap.len();
    // Per node: inside a `<p>`, and the topmost inline-hidden ancestor-or-self.
    let mut in_p = Side(vec![false; n]);
    let mut hider: Side<Option<u32>> = Side(vec![None; n]);
    // Paragraph chars under each topmost inline-hidden box, by the box's index.
    let mut boxes: Side<u32> = Side(Vec::new());
    let mut total = 0u32;
    for (i, node) in snap.nodes.iter().enumerate() {
        let parent = node.parent.map(|p| p.index()).filter(|&p| p < i);
        let (p_in, p_hider) = parent.map_or((false, None), |p| (in_p[p], hider[p]));
        in_p[i] = p_in || node.is("p");
        hider[i] = p_hider.or_else(|| {
            node.attr("style")
                .is_some_and(rules::style_removes)
                .then_some(i as u32)
        });
        if node.kind != NodeKind::Text || !in_p[i] {
            continue;
        }
        let len = node.text.trim().len() as u32;
        total = total.saturating_add(len);
        if let Some(h) = hider[i] {
            if boxes.is_empty() {
                boxes = Side(vec![0; n]);
            }
            let l = &mut boxes[h as usize];
            *l = l.saturating_add(len);
        }
    }
    // Of equally long boxes the last, as `max_by_key` picks.
    let (best, len) = boxes
        .0
        .into_iter()
        .enumerate()
        .filter(|&(_, l)| l > 0)
        .max_by_key(|&(_, l)| l)?;
    let best = best as u32;
    (len >= limits::INLINE_REVEAL_MIN_CHARS
        && len as f32 >= limits::INLINE_REVEAL_MIN_SHARE * total as f32)
        .then_some(NodeId(best))
}

/// The one element a script will show: hidden by its own inline `display: none` (not under
/// another hidden element) and holding more than `limits::INLINE_REVEAL_MIN_TEXT_SHARE` of the
/// page's text. Pages never hide most of their own text for good, so the noise stage and the
/// builder judge it like any shown box (its parts are still judged).
pub(crate) fn pending_reveal(snap: &Snapshot) -> Option<NodeId> {
    let styled: Side<bool> = snap
        .nodes
        .iter()
        .map(|node| {
            node.kind == NodeKind::Element && node.attr("style").is_some_and(rules::style_removes)
        })
        .collect();
    let styled = |i: usize| styled[i];
    if !(0..snap.len()).any(styled) {
        return None;
    }
    let text = text_lengths(snap);
    let page = text.first().copied().unwrap_or(0) as f32;
    let mut hidden = Side(vec![false; snap.len()]);
    for (i, node) in snap.nodes.iter().enumerate() {
        let up = node.parent.map(|p| p.index()).filter(|&p| p < i);
        if up.is_some_and(|p| hidden[p]) {
            hidden[i] = true;
            continue;
        }
        if styled(i) && text[i] as f32 > limits::INLINE_REVEAL_MIN_TEXT_SHARE * page {
            return Some(NodeId(i as u32));
        }
        hidden[i] = styled(i) || rules::closed_markup(node);
    }
    None
}

/// The box a script reveals, by either test: most of the page's paragraph text
/// ([`inline_reveal`], found on product pages) or more than half of all its text
/// ([`pending_reveal`], found on collection grids, whose tiles have no paragraphs).
pub(crate) fn script_reveal(snap: &Snapshot) -> Option<NodeId> {
    inline_reveal(snap).or_else(|| pending_reveal(snap))
}

/// The captured layout shows almost none of the page's text (`limits::LAYOUT_SHOWN_MAX_CHARS`):
/// the page waits for a script to reveal it, so its layout says nothing about what a reader
/// will see, and the extraction judges the page as parsed HTML (`extract::extract_learning`).
pub(crate) fn hides_the_page(snap: &Snapshot) -> bool {
    if !snap.has_layout() {
        return false;
    }
    let text = text_lengths(snap);
    let mut hidden = Side(vec![false; snap.len()]);
    let mut hidden_text = 0u32;
    for (i, node) in snap.nodes.iter().enumerate() {
        let inherited = node
            .parent
            .map(|p| p.index())
            .is_some_and(|p| p < i && hidden[p]);
        hidden[i] = inherited || node.layout.as_ref().is_some_and(|l| l.is_invisible());
        if hidden[i] && !inherited {
            hidden_text = hidden_text.saturating_add(text[i]);
        }
    }
    let page = text.first().copied().unwrap_or(0);
    let shown = page.saturating_sub(hidden_text);
    shown < limits::LAYOUT_SHOWN_MAX_CHARS
        && (shown as f32) < limits::LAYOUT_SHOWN_MAX_SHARE * page as f32
}

/// A closed disclosure panel: a `display: none` box of prose (at least
/// `limits::PANEL_MIN_CHARS`, or shorter when its heading's control names it by
/// `aria-controls`; under `limits::LINK_DENSITY_BOILERPLATE` links) right after a shown trigger — a heading, button, `summary`, `dt`, an element with `aria-expanded` or role
/// `button`/`tab`, or a small wrapper of one.
///
/// Why: accordions and tabs close their panels until clicked, and the page's text is in them
/// (FAQ answers, product descriptions, specifications); parsed HTML shows them and the gold
/// keeps them (wcxb-dev 0288: 38 FAQ answers). Menus opened by a button are link lists, and
/// responsive twins follow their twin, not a trigger.
fn collapsed_panel(snap: &Snapshot, i: usize, text: &Side<u32>, links: &Side<u32>) -> bool {
    let shown = |id: NodeId| {
        snap.node(id)
            .layout
            .as_ref()
            .is_some_and(|l| !l.is_invisible())
    };
    closed_panel_of_prose(snap, NodeId(i as u32), text[i], links[i], shown)
}

/// An inactive slide of a fading carousel: a box of prose (as [`closed_panel_of_prose`]) hidden
/// by `visibility`/`opacity` (not `display: none`), positioned out of the flow exactly over a
/// shown sibling of its tag and first class — the active slide. Why: fade carousels stack their
/// slides in one place and show one (freshworks' customer-story testimonials, Slick's and
/// Swiper's `fade` mode); parsed HTML shows every slide and the gold keeps them all. A
/// dropdown or tooltip hides beside its trigger, never over a twin of itself.
fn stacked_slide(snap: &Snapshot, i: usize, text: &Side<u32>, links: &Side<u32>) -> bool {
    let node = snap.node(NodeId(i as u32));
    let Some(l) = node.layout.as_ref() else {
        return false;
    };
    if l.display == "none"
        || l.position != "absolute"
        || text[i] < limits::PANEL_MIN_CHARS
        || links[i] as f32 >= limits::LINK_DENSITY_BOILERPLATE * text[i] as f32
        || node.first_class().is_none()
    {
        return false;
    }
    let Some(parent) = node.parent else {
        return false;
    };
    snap.node(parent).children.iter().any(|&c| {
        let s = snap.node(c);
        c.index() != i
            && s.tag == node.tag
            && s.first_class() == node.first_class()
            && s.layout.as_ref().is_some_and(|m| {
                !m.is_invisible()
                    && (m.x - l.x).abs() <= 1.0
                    && (m.y - l.y).abs() <= 1.0
                    && (m.width - l.width).abs() <= 1.0
            })
    })
}

/// In parsed HTML, `id` — hidden by the `hidden` attribute or an inline hiding style (`closed`
/// says which elements are) — is a closed panel of prose ([`closed_panel_of_prose`]) after a
/// control, outside a dialog or popover, measured on its own subtree: the article builder shows it as the noise
/// stage does (`classify/noise.rs` `closed_panel`). Why: the noise stage kept such panels but
/// the builder still left them out, so a product's description accordion (Chakra's
/// `chakra-collapse` with `display:none` around each `chakra-accordion__panel`: solostove)
/// or an FAQ's answers were selected and then not shown.
pub(crate) fn shown_closed_panel(
    snap: &Snapshot,
    id: NodeId,
    closed: impl Fn(&crate::snapshot::Node) -> bool,
) -> bool {
    let (mut len, mut links) = (0u32, 0u32);
    let mut stack = vec![(id, false)];
    while let Some((d, in_link)) = stack.pop() {
        let n = snap.node(d);
        if n.kind == NodeKind::Text {
            let t = n.text.trim().len() as u32;
            len = len.saturating_add(t);
            if in_link {
                links = links.saturating_add(t);
            }
        } else if !matches!(n.tag.as_str(), "script" | "style" | "template" | "noscript") {
            let in_link = in_link || n.is("a");
            stack.extend(n.children.iter().map(|&c| (c, in_link)));
        }
    }
    // The trigger must be a control (a button, `summary`, `aria-expanded`, role button/tab,
    // or a heading holding one): a bare heading before a hidden paragraph is a page hiding
    // that paragraph, not a panel a click opens (readability's hidden-nodes test page).
    let control = |t: NodeId| {
        std::iter::once(t).chain(snap.descendants(t)).any(|d| {
            let n = snap.node(d);
            n.is("button")
                || n.is("summary")
                || n.attr("aria-expanded").is_some()
                || matches!(n.attr("role"), Some("button" | "tab"))
        })
    };
    closed_panel_of_prose(snap, id, len, links, |t| {
        !closed(snap.node(t)) && control(t)
    }) && !rules::in_popover(snap, id)
}

/// `id` (text `len`, link text `links`) is a panel of prose (at least `limits::PANEL_MIN_CHARS`,
/// or shorter after a heading whose control names it: `rules::heading_controls`; link text under `limits::LINK_DENSITY_BOILERPLATE` of it) right after a trigger that
/// `shown` says is shown, itself or as the only element of up to
/// `limits::PANEL_WRAPPER_LEVELS` wrappers: [`collapsed_panel`] in a layout, and the noise
/// stage in parsed HTML (`hidden` or an inline hiding style on an FAQ answer or a course
/// description that opens on a click: wcxb-dev AEM `cmp-accordion__panel` FAQs; readers and
/// the gold keep them).
pub(crate) fn closed_panel_of_prose(
    snap: &Snapshot,
    id: NodeId,
    len: u32,
    links: u32,
    shown: impl Fn(NodeId) -> bool,
) -> bool {
    if links as f32 >= limits::LINK_DENSITY_BOILERPLATE * len as f32 {
        return false;
    }
    // A shorter panel is shown only when its heading's button names it (`aria-controls`): the
    // WAI-ARIA accordion, whose one-sentence answers are the section's text (REI's category
    // guides, Samsung's and Progressive's FAQs); tooltips and drop-down hints have no heading.
    let short = len < limits::PANEL_MIN_CHARS;
    // The panel's box, or its wrapper when it is that wrapper's only element (a panel
    // `<section>` around an inner box that fades in: wcxb-dev 0693's accordion).
    let mut panel = id;
    for _ in 0..=limits::PANEL_WRAPPER_LEVELS {
        let Some(parent) = snap.node(panel).parent else {
            return false;
        };
        // Why `<style>` and `<script>` siblings are passed over: CSS-in-JS libraries insert
        // their rules as a `<style>` right before the styled box (Emotion's
        // `style[data-emotion]`: wcxb-dev NCCIH's health-topic accordions), which sits
        // between the trigger and its panel and is never shown.
        let mut elements = snap.node(parent).children.iter().filter(|c| {
            let n = snap.node(**c);
            n.kind == NodeKind::Element && !matches!(n.tag.as_str(), "style" | "script")
        });
        let before = elements.clone().take_while(|c| **c != panel).last();
        if let Some(c) = before {
            if short && !rules::heading_controls(snap, *c, id) {
                return false;
            }
            return (shown(*c) && is_trigger(snap, *c, 0)) || tab_set_pane(snap, panel, *c);
        }
        if elements.nth(1).is_some() {
            return false;
        }
        panel = parent;
    }
    false
}

/// `panel` is a later pane of a tab set: named a tab panel (`role="tabpanel"` or
/// `rules::TAB_PANEL_TERMS`) and following a sibling `prev` of its tag and first class, or
/// both `role="tabpanel"` (the set's previous pane; the open one may carry an extra `active`). Its tab is in a tab list
/// elsewhere, so no trigger precedes it.
#[inline(never)]
pub(crate) fn tab_set_pane(snap: &Snapshot, panel: NodeId, prev: NodeId) -> bool {
    let (p, q) = (snap.node(panel), snap.node(prev));
    let tabpanel = |n: &crate::snapshot::Node| n.attr("role") == Some("tabpanel");
    let same_set = match (p.first_class(), q.first_class()) {
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => tabpanel(p) && tabpanel(q),
    };
    same_set && p.tag == q.tag && (tabpanel(p) || rules::vocab::named_by(p, rules::TAB_PANEL_TERMS))
}

/// A disclosure trigger, or a wrapper of at most three elements holding one (two levels).
fn is_trigger(snap: &Snapshot, id: crate::snapshot::NodeId, depth: u8) -> bool {
    let node = snap.node(id);
    if rules::in_table(rules::DISCLOSURE_TRIGGER_TAGS, &node.tag)
        || node.attr("aria-expanded").is_some()
        || matches!(node.attr("role"), Some("button" | "tab"))
    {
        return true;
    }
    let mut kids = node
        .children
        .iter()
        .filter(|c| snap.node(**c).kind == NodeKind::Element);
    depth < 2 && kids.clone().count() <= 3 && kids.any(|c| is_trigger(snap, *c, depth + 1))
}

/// Characters of rendered text inside links (`<a>`) in each subtree, from the subtree text
/// lengths `text` ([`text_lengths`]).
fn link_lengths(snap: &Snapshot, text: &Side<u32>) -> Side<u32> {
    let n = snap.len();
    let mut in_link = Side(vec![false; n]);
    let mut len = Side(vec![0u32; n]);
    for (i, node) in snap.nodes.iter().enumerate() {
        let p = node.parent.map(|p| p.index()).filter(|&p| p < i);
        in_link[i] = node.is("a") || p.is_some_and(|p| in_link[p]);
    }
    for i in (0..n).rev() {
        let node = snap.node(NodeId(i as u32));
        if node.kind == NodeKind::Text && in_link[i] {
            len[i] = text[i];
        }
        if let Some(p) = node.parent.map(|p| p.index()).filter(|&p| p < i) {
            len[p] = len[p].saturating_add(len[i]);
        }
    }
    len
}

/// Characters of rendered text (outside script, style and template data) in each subtree.
fn text_lengths(snap: &Snapshot) -> Side<u32> {
    let n = snap.len();
    let mut len = Side(vec![0u32; n]);
    for i in (0..n).rev() {
        let node = snap.node(NodeId(i as u32));
        if node.kind == NodeKind::Text {
            let data = node.parent.is_none_or(|p| {
                !matches!(
                    snap.node(p).tag.as_str(),
                    "script" | "style" | "template" | "noscript"
                )
            });
            if data {
                len[i] = node.text.trim().len() as u32;
            }
        }
        if let Some(p) = node.parent.map(|p| p.index()).filter(|&p| p < i) {
            len[p] = len[p].saturating_add(len[i]);
        }
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::build::Builder;
    use crate::snapshot::{Layout, NodeId, Viewport};

    const PROSE: &str =
        "A paragraph of the article, long enough to be most of what this page says.";

    fn reveal_page(hidden_paragraphs: usize, shown_paragraphs: usize) -> (Snapshot, NodeId) {
        let mut b = Builder::new();
        let mut hidden = NodeId(0);
        b.el("body", &[], |b| {
            for _ in 0..shown_paragraphs {
                b.el("p", &[], |b| {
                    b.text(PROSE);
                });
            }
            hidden = b.el("div", &[("style", "opacity: 1; display : none")], |b| {
                for _ in 0..hidden_paragraphs {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
            });
        });
        (b.finish(), hidden)
    }

    #[test]
    fn an_inline_hidden_box_holding_most_paragraphs_is_a_pending_reveal() {
        let (s, hidden) = reveal_page(8, 1);
        assert_eq!(inline_reveal(&s), Some(hidden));
        // Most of the prose is shown: the hidden box is a closed part of the page.
        let (s, _) = reveal_page(8, 8);
        assert_eq!(inline_reveal(&s), None);
        // A short hidden notice is not the page, whatever its share.
        let (s, _) = reveal_page(2, 0);
        assert_eq!(inline_reveal(&s), None);
    }

    fn hide(s: &mut Snapshot, id: NodeId, display: &str, visibility: &str, opacity: f32) {
        s.nodes[id.index()].layout = Some(Layout {
            width: 600.0,
            height: 300.0,
            display: display.into(),
            visibility: visibility.into(),
            opacity,
            ..Layout::default()
        });
    }

    /// A page with a short menu and an article of three paragraphs; returns (menu, article, p).
    fn page() -> (Snapshot, NodeId, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut menu, mut article, mut p) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            menu = b.el("ul", &[], |b| {
                b.el("li", &[], |b| {
                    b.text("Home");
                });
            });
            article = b.el("div", &[], |b| {
                for _ in 0..3 {
                    p = b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
            });
        });
        let mut s = b.finish();
        s.viewport = Some(Viewport {
            width: 1280.0,
            height: 800.0,
            page_width: 1280.0,
            page_height: 2000.0,
            ..Viewport::default()
        });
        (s, menu, article, p)
    }

    #[test]
    fn a_transparent_box_in_the_flow_is_fading_in_one_out_of_the_flow_is_hidden() {
        let (mut s, menu, article, p) = page();
        for id in [menu, article] {
            hide(&mut s, id, "block", "visible", 1.0);
        }
        // A scroll animation's paragraph: opacity 0, in the flow, with an area.
        hide(&mut s, p, "block", "visible", 0.0);
        if let Some(l) = s.nodes[p.index()].layout.as_mut() {
            l.position = "relative".into();
        }
        // A fading dropdown menu: opacity 0, positioned out of the flow.
        hide(&mut s, menu, "block", "visible", 0.0);
        if let Some(l) = s.nodes[menu.index()].layout.as_mut() {
            l.position = "absolute".into();
        }
        let out = Visibility::of(&s).invisible;
        assert!(!out[p.index()]);
        assert!(out[menu.index()]);
    }

    #[test]
    fn a_wrapper_hiding_most_of_the_page_inline_is_a_pending_reveal() {
        // A lock-down app's `<div style="display:none">` around the shop grid; a hidden menu
        // and a hidden teaser inside the wrapper are not reveals.
        let mut b = Builder::new();
        let (mut wrapper, mut menu) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            menu = b.el("ul", &[("style", "display: none")], |b| {
                b.el("li", &[], |b| {
                    b.text("Home Shop Coffee");
                });
            });
            wrapper = b.el("div", &[("style", "DISPLAY:none;")], |b| {
                for _ in 0..3 {
                    b.el("p", &[], |b| {
                        b.text(PROSE);
                    });
                }
                b.el("div", &[("style", "display:none")], |b| {
                    b.text(PROSE);
                });
            });
        });
        let s = b.finish();
        assert_eq!(pending_reveal(&s), Some(wrapper));
        // Under half of the page's text: a closed box, trusted as hidden.
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("p", &[], |b| {
                b.text(PROSE);
            });
            b.el("div", &[("style", "display:none")], |b| {
                b.text(PROSE);
            });
        });
        assert_eq!(pending_reveal(&b.finish()), None);
        assert_ne!(menu, wrapper);
    }

    #[test]
    fn a_page_hidden_whole_is_left_to_parsed_html_judgement() {
        let (mut s, menu, _, _) = page();
        assert!(!hides_the_page(&s));
        // A closed menu hides little: the layout stands.
        hide(&mut s, menu, "none", "visible", 1.0);
        assert!(!hides_the_page(&s));
        // `<body>` at `display: none` until a script runs: the layout shows nothing.
        let body = s.node(menu).parent.unwrap_or(menu);
        hide(&mut s, body, "none", "visible", 1.0);
        assert!(hides_the_page(&s));
        // Parsed HTML has no layout to leave out.
        s.viewport = None;
        assert!(!hides_the_page(&s));
        // A page showing its article (over `LAYOUT_SHOWN_MAX_CHARS`) keeps its layout, however
        // much its closed menus hold.
        let (mut s, menu, article, _) = page();
        let item = s.node(menu).children[0];
        if let Some(t) = s.node(item).children.first().copied() {
            s.nodes[t.index()].text = "Shop ".repeat(2000);
        }
        hide(&mut s, menu, "none", "visible", 1.0);
        let p = s.node(article).children[0];
        if let Some(t) = s.node(p).children.first().copied() {
            s.nodes[t.index()].text = PROSE.repeat(8);
        }
        assert!(!hides_the_page(&s));
    }

    #[test]
    fn a_streamed_segment_is_shown_as_parsed_html_shows_it() {
        let (mut s, menu, article, p) = page();
        s.nodes[article.index()].attrs = vec![
            ("hidden".into(), String::new()),
            ("id".into(), "S:1f".into()),
        ];
        hide(&mut s, article, "none", "visible", 1.0);
        let inv = Visibility::of(&s).invisible;
        assert!(!inv[article.index()] && !inv[p.index()]);
        // Any other `display: none` box stays hidden.
        s.nodes[article.index()].attrs = vec![("id".into(), "S:1f".into())];
        hide(&mut s, menu, "none", "visible", 1.0);
        let inv = Visibility::of(&s).invisible;
        assert!(inv[article.index()] && inv[menu.index()]);
    }

    #[test]
    fn small_hidden_subtrees_stay_hidden() {
        let (mut s, menu, _, _) = page();
        hide(&mut s, menu, "block", "hidden", 1.0);
        assert!(Visibility::of(&s).invisible[menu.index()]);
        hide(&mut s, menu, "block", "visible", 0.0);
        assert!(Visibility::of(&s).invisible[menu.index()]);
    }

    #[test]
    fn a_hidden_article_holding_most_text_is_a_pending_reveal() {
        let (mut s, _, article, p) = page();
        // visibility: hidden is inherited: the paragraph computes hidden too.
        hide(&mut s, article, "block", "hidden", 1.0);
        hide(&mut s, p, "block", "hidden", 1.0);
        let inv = Visibility::of(&s).invisible;
        assert!(!inv[article.index()] && !inv[p.index()]);
        // An opacity fade-in likewise.
        hide(&mut s, article, "block", "visible", 0.0);
        assert!(!Visibility::of(&s).invisible[article.index()]);
    }

    #[test]
    fn paragraphs_faded_in_one_by_one_are_a_pending_reveal_together() {
        let (mut s, _, article, _) = page();
        let paragraphs = s.node(article).children.clone();
        for &p in &paragraphs {
            hide(&mut s, p, "block", "visible", 0.0);
        }
        let inv = Visibility::of(&s).invisible;
        assert!(paragraphs.iter().all(|p| !inv[p.index()]));
        // One of three alone is a third of the text: trusted.
        for &p in &paragraphs[1..] {
            hide(&mut s, p, "block", "visible", 1.0);
        }
        assert!(Visibility::of(&s).invisible[paragraphs[0].index()]);
    }

    #[test]
    fn a_closed_menu_does_not_outweigh_a_pending_reveal() {
        let (mut s, menu, article, _) = page();
        hide(&mut s, article, "block", "hidden", 1.0);
        // The menu's text, ten times the article's, is removed by `display: none`.
        let item = s.node(menu).children[0];
        let long = s.node(article).children.len() * PROSE.len() * 10;
        if let Some(t) = s.node(item).children.first().copied() {
            s.nodes[t.index()].text = "Shop ".repeat(long / 5);
        }
        hide(&mut s, menu, "none", "visible", 1.0);
        let inv = Visibility::of(&s).invisible;
        assert!(inv[menu.index()] && !inv[article.index()]);
        // Shown, the same menu outweighs the hidden article: trusted as hidden.
        hide(&mut s, menu, "block", "visible", 1.0);
        assert!(Visibility::of(&s).invisible[article.index()]);
    }

    #[test]
    fn a_closed_accordion_panel_of_prose_is_shown_a_closed_menu_is_not() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut q, mut answer, mut toggle, mut menu, mut twin) = (z, z, z, z, z);
        b.el("body", &[], |b| {
            q = b.el("h3", &[], |b| {
                b.text("Who can file for free?");
            });
            answer = b.el("div", &[], |b| {
                b.text(&PROSE.repeat(3));
            });
            toggle = b.el("div", &[], |b| {
                b.el("button", &[("aria-expanded", "false")], |b| {
                    b.text("Shop");
                });
            });
            menu = b.el("ul", &[], |b| {
                for _ in 0..6 {
                    b.el("li", &[], |b| {
                        b.el("a", &[("href", "/c")], |b| {
                            b.text("A category of the shop, linked");
                        });
                    });
                }
            });
            twin = b.el("div", &[], |b| {
                b.text(&PROSE.repeat(3));
            });
        });
        let mut s: Snapshot = b.finish();
        for id in [q, toggle] {
            hide(&mut s, id, "block", "visible", 1.0);
        }
        for id in [answer, menu, twin] {
            hide(&mut s, id, "none", "visible", 1.0);
        }
        let inv = Visibility::of(&s).invisible;
        // The answer follows its question; the menu is links; the twin follows a hidden box.
        assert!(!inv[answer.index()]);
        assert!(inv[menu.index()] && inv[twin.index()]);
        // Without a shown trigger before it, the answer stays hidden.
        hide(&mut s, q, "none", "visible", 1.0);
        assert!(Visibility::of(&s).invisible[answer.index()]);
    }

    /// A one-sentence answer is shown when its heading's button names it (`aria-controls`);
    /// after a bare button it is a hint and stays hidden.
    #[test]
    fn a_short_panel_is_shown_when_its_headings_button_controls_it() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut q, mut answer, mut toggle, mut hint) = (z, z, z, z);
        b.el("body", &[], |b| {
            q = b.el("h3", &[], |b| {
                b.el(
                    "button",
                    &[("aria-expanded", "false"), ("aria-controls", "a1")],
                    |b| {
                        b.text("Staff picks");
                    },
                );
            });
            answer = b.el("div", &[("id", "a1")], |b| {
                b.text("We have picks for every kind of riding.");
            });
            toggle = b.el(
                "button",
                &[("aria-expanded", "false"), ("aria-controls", "a2")],
                |b| {
                    b.text("Info");
                },
            );
            hint = b.el("div", &[("id", "a2")], |b| {
                b.text("We have picks for every kind of riding.");
            });
        });
        let mut s: Snapshot = b.finish();
        for id in [q, toggle] {
            hide(&mut s, id, "block", "visible", 1.0);
        }
        for id in [answer, hint] {
            hide(&mut s, id, "none", "visible", 1.0);
        }
        let inv = Visibility::of(&s).invisible;
        assert!(!inv[answer.index()] && inv[hint.index()]);
    }

    #[test]
    fn a_css_in_js_style_between_trigger_and_panel_is_passed_over() {
        let mut b = Builder::new();
        let (mut q, mut style, mut answer) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            q = b.el("button", &[("aria-expanded", "false")], |b| {
                b.text("What do studies say about anxiety?");
            });
            style = b.el("style", &[("data-emotion", "css iiacjm")], |b| {
                b.text(".css-iiacjm{display:none}");
            });
            answer = b.el("div", &[("class", "css-iiacjm")], |b| {
                b.text(&PROSE.repeat(3));
            });
        });
        let mut s: Snapshot = b.finish();
        hide(&mut s, q, "block", "visible", 1.0);
        for id in [style, answer] {
            hide(&mut s, id, "none", "visible", 1.0);
        }
        assert!(!Visibility::of(&s).invisible[answer.index()]);
    }

    #[test]
    fn a_faded_panel_inside_its_section_is_shown_a_faded_slide_is_not() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut header, mut section, mut inner, mut p, mut slide) = (z, z, z, z, z);
        b.el("body", &[], |b| {
            header = b.el("div", &[("role", "heading")], |b| {
                b.el("button", &[("aria-expanded", "false")], |b| {
                    b.text("Get insights that lead to action");
                });
            });
            section = b.el("section", &[], |b| {
                inner = b.el("div", &[], |b| {
                    p = b.el("p", &[], |b| {
                        b.text(&PROSE.repeat(3));
                    });
                });
            });
            b.el("div", &[], |b| {
                b.text(&PROSE.repeat(6));
            });
            slide = b.el("div", &[], |b| {
                b.text(&PROSE.repeat(3));
            });
        });
        let mut s: Snapshot = b.finish();
        for id in [header, section] {
            hide(&mut s, id, "block", "visible", 1.0);
        }
        // `visibility` is inherited: the panel's paragraph carries the hidden style too.
        hide(&mut s, inner, "block", "hidden", 0.0);
        hide(&mut s, p, "block", "hidden", 1.0);
        hide(&mut s, slide, "block", "visible", 0.0);
        let inv = Visibility::of(&s).invisible;
        assert!(!inv[inner.index()] && !inv[p.index()]);
        // The slide follows a shown box of prose, not a trigger.
        assert!(inv[slide.index()]);
        // With a second box in the section, the wrapper is no panel: hidden.
        let extra = s.nodes.len();
        s.nodes.push(s.nodes[inner.index()].clone());
        s.nodes[section.index()]
            .children
            .insert(0, NodeId(extra as u32));
        assert!(Visibility::of(&s).invisible[inner.index()]);
    }

    #[test]
    fn a_fade_carousels_stacked_slides_are_shown_a_dropdown_is_not() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut shown, mut slide, mut menu) = (z, z, z);
        b.el("body", &[], |b| {
            b.el("div", &[("class", "carousel")], |b| {
                shown = b.el("div", &[("class", "slide active")], |b| {
                    b.text(&PROSE.repeat(3));
                });
                slide = b.el("div", &[("class", "slide")], |b| {
                    b.text(&PROSE.repeat(3));
                });
                menu = b.el("div", &[("class", "dropdown")], |b| {
                    b.text(&PROSE.repeat(3));
                });
            });
            b.el("div", &[], |b| {
                b.text(&PROSE.repeat(12));
            });
        });
        let mut s: Snapshot = b.finish();
        hide(&mut s, shown, "block", "visible", 1.0);
        for id in [slide, menu] {
            hide(&mut s, id, "block", "hidden", 1.0);
            if let Some(l) = s.nodes[id.index()].layout.as_mut() {
                l.position = "absolute".into();
            }
        }
        // The dropdown hides below its box, not over a twin of itself.
        if let Some(l) = s.nodes[menu.index()].layout.as_mut() {
            l.y = 300.0;
        }
        let inv = Visibility::of(&s).invisible;
        assert!(!inv[slide.index()] && !inv[shown.index()]);
        assert!(inv[menu.index()]);
        // A slide moved off its twin's place is hidden again.
        if let Some(l) = s.nodes[slide.index()].layout.as_mut() {
            l.x = 600.0;
        }
        assert!(Visibility::of(&s).invisible[slide.index()]);
    }

    #[test]
    fn display_none_is_always_trusted_and_no_layout_means_nothing_hidden() {
        let (mut s, _, article, _) = page();
        assert!(!Visibility::of(&s).invisible.contains(&true));
        hide(&mut s, article, "none", "visible", 1.0);
        assert!(Visibility::of(&s).invisible[article.index()]);
    }

    #[test]
    fn the_reader_shows_a_pending_reveal_and_drops_a_hidden_menu() {
        let (mut s, menu, article, p) = page();
        for id in [article, p] {
            hide(&mut s, id, "block", "hidden", 1.0);
        }
        hide(&mut s, menu, "block", "hidden", 1.0);
        let text = crate::extract_snapshot(&s, &crate::Options::default())
            .ok()
            .flatten()
            .map(|a| crate::to_text(&a))
            .unwrap_or_default();
        assert!(text.contains("most of what this page says"), "{text:?}");
        assert!(!text.contains("Home"), "{text:?}");
    }
}
