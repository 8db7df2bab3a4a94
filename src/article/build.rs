//! Snapshot + selection → typed blocks, keeping everything a reader needs: headings, inline
//! markup, lists, quotes, code, figures, tables, math, footnote anchors, `lang`/`dir` changes.
//!
//! The walk recurses, bounded by [`MAX_DEPTH`]; deeper subtrees become plain paragraphs.

use super::embed;
use super::images;
use super::math;
use super::text::{has_substance, squash, tidy};
use super::{Block, Image, Inline};
use crate::snapshot::{Namespace, NodeId, NodeKind, Snapshot};
use std::collections::HashSet;

/// Deepest element nesting walked structurally. Snapshots are at most 256 deep
/// (`Limits::max_depth`); past this bound a subtree is read as text.
const MAX_DEPTH: usize = 300;

/// Elements whose content is never article text. `rt`/`rp`: ruby readings (furigana) and
/// their fallback brackets, which the output has no markup for; glued into the line they
/// garble it ("子こども", trafilatura nhk.or.jp: the gold reads the base text only).
const SKIPPED: &[u8] = prefixed![
    "script", "style", "template", "button", "input", "select", "textarea", "option", "iframe",
    "object", "embed", "canvas", "svg", "audio", "video", "source", "track", "map", "area", "head",
    "title", "meta", "link", "base", "datalist", "progress", "meter", "frame", "frameset", "rt",
    "rp",
];

/// Elements that start a new block (never glued to the text around them).
const BLOCK_TAGS: &[u8] = prefixed![
    "address",
    "article",
    "aside",
    "blockquote",
    "center",
    "details",
    "dialog",
    "dd",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "hr",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "tbody",
    "thead",
    "tfoot",
    "tr",
    "td",
    "th",
    "caption",
    "ul",
    "summary",
    "body",
    "html",
    "menu",
    "legend",
];

/// Computed `display` values that make an element a block box (live DOM only).
const BLOCK_DISPLAYS: &[u8] = prefixed!["block", "flex", "grid", "list-item", "table", "flow-root"];

/// Class names sites use for text meant only for screen readers (Bootstrap, WordPress, GOV.UK, Drupal…).
const SR_ONLY_CLASSES: &[u8] = prefixed![
    "sr-only",
    "visually-hidden",
    "visuallyhidden",
    "screen-reader-text",
    "screen-reader-only",
    "sr-text",
    "a11y-hidden",
    "u-visually-hidden",
    "govuk-visually-hidden",
    "element-invisible",
    "assistive-text",
    "screenreader-only",
    "vh",
];

/// Everything the walk reads, computed once per article.
pub(crate) struct Context<'a> {
    pub snap: &'a Snapshot,
    /// `drop[id]`: the engine left this node out.
    pub drop: &'a [bool],
    /// Absolute base URL (`<base href>` resolved against the page URL).
    pub base: Option<String>,
    /// The article's language and direction; blocks that differ are wrapped.
    pub lang: Option<String>,
    pub dir: Option<String>,
    /// What the page shows (`Features::visibility`, computed once per extraction).
    pub visibility: &'a crate::snapshot::visibility::Visibility,
}

/// Builds content blocks from the subtrees rooted at `roots`, skipping nodes where `drop[id]`.
pub(crate) fn blocks(cx: &Context<'_>, roots: &[NodeId]) -> Vec<Block> {
    let mut w = Walker::new(cx, roots);
    let mut out = Vec::new();
    for &root in roots {
        if w.skipped(root) {
            continue;
        }
        if cx.snap.node(root).kind == NodeKind::Text {
            let mut run = vec![Inline::Text {
                text: cx.snap.node(root).text.clone(),
            }];
            w.flush(&mut run, &mut out);
        } else {
            w.block(root, 0, &mut out);
        }
    }
    out
}

pub(crate) struct Walker<'a> {
    pub cx: &'a Context<'a>,
    /// `has_block[id]`: some descendant starts a block (decides inline vs container treatment).
    pub(crate) has_block: Vec<bool>,
    /// Ids that in-page links point at; elements with these ids emit [`Inline::Anchor`].
    targets: HashSet<String>,
    /// Anchors waiting for the next paragraph or heading.
    pending: Vec<Inline>,
    /// Current `lang`/`dir` in effect (for wrapping blocks that differ).
    lang: Option<String>,
    dir: Option<String>,
    /// Median font size of the content's paragraphs, when captured with layout (for headings
    /// that are styled paragraphs).
    body_size: Option<f32>,
}

/// A styled line at least this much larger than body text reads as a heading.
const HEADING_SIZE_RATIO: f32 = 1.2;
/// From this ratio up it is a section heading (`h2`), below it a subsection (`h3`).
const SECTION_SIZE_RATIO: f32 = 1.6;
/// Bold weight: a short bold line on its own reads as a subheading.
const BOLD_WEIGHT: u16 = 700;
/// Inferred headings are short lines; longer text is a styled paragraph (a lead, a pull quote).
const MAX_INFERRED_HEADING_CHARS: usize = 100;
/// Same-size bold lines must be shorter still (a bold sentence is emphasis, not a heading).
const MAX_BOLD_HEADING_CHARS: usize = 60;

/// Median computed font size of the `p` elements under `roots` that have layout.
fn body_font_size(snap: &Snapshot, roots: &[NodeId]) -> Option<f32> {
    let mut sizes: Vec<f32> = roots
        .iter()
        .flat_map(|&r| std::iter::once(r).chain(snap.descendants(r)))
        .filter(|&d| snap.node(d).is("p"))
        .filter_map(|d| snap.node(d).layout.as_ref().map(|l| l.font_size))
        .filter(|s| *s > 0.0)
        .collect();
    if sizes.is_empty() {
        return None;
    }
    crate::order::by_key(&mut sizes, |&s| crate::order::f32_key(s));
    Some(sizes[sizes.len() / 2])
}

impl<'a> Walker<'a> {
    fn new(cx: &'a Context<'a>, roots: &[NodeId]) -> Self {
        let snap = cx.snap;
        let mut has_block = vec![false; snap.len()];
        // Children always have larger ids than their parent (capture order), so one reverse
        // pass fills the table bottom-up.
        for i in (1..snap.len()).rev() {
            let n = &snap.nodes[i];
            if let Some(p) = n.parent {
                let block = is_block_node(n) || embed_of(n, cx.base.as_deref()).is_some();
                if p.index() < i && (has_block[i] || block) {
                    has_block[p.index()] = true;
                }
            }
        }
        let mut targets = HashSet::new();
        for &r in roots {
            for d in std::iter::once(r).chain(snap.descendants(r)) {
                if let Some(frag) = snap.node(d).attr("href").and_then(|h| h.strip_prefix('#')) {
                    if !frag.is_empty() {
                        targets.insert(frag.to_string());
                    }
                }
            }
        }
        Walker {
            cx,
            has_block,
            targets,
            pending: Vec::new(),
            lang: cx.lang.clone(),
            dir: cx.dir.clone(),
            body_size: body_font_size(snap, roots),
        }
    }

    /// Every non-blank child is `strong`/`b` (`<p><strong>Ingredients</strong></p>`).
    fn all_strong(&self, id: NodeId) -> bool {
        let snap = self.snap();
        let mut kids = snap
            .node(id)
            .children
            .iter()
            .map(|&c| snap.node(c))
            .filter(|c| c.kind != NodeKind::Text || !c.text.trim().is_empty())
            .peekable();
        kids.peek().is_some() && kids.all(|c| c.is("strong") || c.is("b"))
    }

    /// A `p`/`div` line that layout shows as a heading: clearly larger than body text, or a
    /// short bold line on its own, with no sentence punctuation at its end and no link in it.
    fn inferred_heading(&self, id: NodeId) -> Option<u8> {
        let snap = self.snap();
        let n = snap.node(id);
        let (l, base) = (n.layout.as_ref()?, self.body_size?);
        if !matches!(n.tag.as_str(), "p" | "div") || self.has_block[id.index()] {
            return None;
        }
        let text = squash(&snap.text_of(id));
        let chars = text.chars().count();
        let ends_sentence = text.ends_with(['.', ',', ';', ':', '!']);
        let has_link = snap.descendants(id).any(|d| snap.node(d).is("a"));
        if chars == 0 || chars > MAX_INFERRED_HEADING_CHARS || ends_sentence || has_link {
            return None;
        }
        let ratio = l.font_size / base;
        if ratio >= SECTION_SIZE_RATIO {
            Some(2)
        } else if ratio >= HEADING_SIZE_RATIO {
            Some(3)
        } else if (l.font_weight >= BOLD_WEIGHT || self.all_strong(id))
            && chars <= MAX_BOLD_HEADING_CHARS
        {
            Some(4)
        } else {
            None
        }
    }

    pub(crate) fn snap(&self) -> &'a Snapshot {
        self.cx.snap
    }

    /// Left out of the article: dropped by the engine, never content, or hidden.
    pub(crate) fn skipped(&self, id: NodeId) -> bool {
        self.skipped_for_sight(id) || self.aria_hidden_inline(id)
    }

    /// `aria-hidden` on inline content: hidden from assistive technology, not from sight.
    fn aria_hidden_inline(&self, id: NodeId) -> bool {
        let n = self.snap().node(id);
        n.kind == NodeKind::Element
            && n.attr("aria-hidden") == Some("true")
            && !self.has_block[id.index()]
    }

    /// Shown to sighted readers but hidden from assistive technology: `aria-hidden` inline
    /// content that nothing else hides (read as [`Inline::VisualOnly`]).
    fn visual_only(&self, id: NodeId) -> bool {
        self.aria_hidden_inline(id) && !self.is_block(id) && !self.skipped_for_sight(id)
    }

    /// Left out for everyone: dropped by the engine, never content, or not rendered.
    fn skipped_for_sight(&self, id: NodeId) -> bool {
        let n = self.snap().node(id);
        let dropped = |i: NodeId| self.cx.drop.get(i.index()).copied().unwrap_or(false);
        if dropped(id) {
            // The engine drops scripts as noise; a MathJax TeX source whose parent it kept is the
            // formula itself.
            // Likewise iframes: a known provider's video whose parent it kept is content.
            let kept = (is_tex_script(n) || self.embed(id).is_some())
                && n.parent.is_some_and(|p| !dropped(p));
            if !kept {
                return true;
            }
        }
        if n.kind != NodeKind::Element {
            return false;
        }
        if is_mathjax_rendering(n) {
            // MathJax v2 renderings: the TeX script after them is read instead, unless they
            // carry MathML (then the script is skipped, see below).
            return has_class(n, prefixed!["MathJax_Preview"]) || !self.contains_math(id);
        }
        if n.ns == Namespace::Html
            && crate::rules::in_table(SKIPPED, &n.tag)
            && !crate::rules::accordion_header(self.snap(), id)
        {
            // MathJax v2 TeX sources are content, unless the rendering before them was read.
            if self.embed(id).is_some() {
                return self.hidden(id);
            }
            return !is_tex_script(n) || self.previous_sibling_is_rendered_math(id);
        }
        self.hidden(id)
    }

    /// Not rendered: closed markup (`rules::closed_markup`: `hidden`, `popover`, inline
    /// `display:none`/`visibility:hidden`), invisible layout.
    /// (`aria-hidden` hides only from assistive technology; on a container of blocks it is not
    /// trusted at all: overlays set it on the real article.)
    fn hidden(&self, id: NodeId) -> bool {
        let n = self.snap().node(id);
        if crate::rules::is_streamed_segment(n) || crate::rules::is_closed_code_tab(self.snap(), id)
        {
            return false;
        }
        // The noise stage's test (`rules::closed_markup`); the box a script reveals is shown
        // unless an attribute closes it.
        let revealed =
            self.cx.visibility.reveal == Some(id) && !crate::rules::closed_by_attribute(n);
        if crate::rules::closed_markup(n) && !revealed {
            // A closed accordion or tab panel of prose is shown, as the noise stage shows it.
            return !crate::snapshot::visibility::shown_closed_panel(
                self.snap(),
                id,
                crate::rules::closed_markup,
            );
        }
        self.cx
            .visibility
            .invisible
            .get(id.index())
            .copied()
            .unwrap_or(false)
    }

    fn is_block(&self, id: NodeId) -> bool {
        is_block_node(self.snap().node(id)) || self.embed(id).is_some()
    }

    /// The known-provider video this iframe shows (see `article::embed`).
    fn embed(&self, id: NodeId) -> Option<embed::Found> {
        embed_of(self.snap().node(id), self.cx.base.as_deref())
    }

    /// Text of a subtree without skipped parts (used past the depth bound and for code).
    fn visible_text(&self, id: NodeId, out: &mut String) {
        let mut stack = vec![id];
        while let Some(i) = stack.pop() {
            let n = self.snap().node(i);
            match n.kind {
                NodeKind::Text => out.push_str(&n.text),
                // An embed's fallback text is not the article's.
                _ if self.skipped(i) || n.is("iframe") => {}
                _ => {
                    if n.is("br") {
                        out.push('\n');
                    }
                    stack.extend(n.children.iter().rev().copied());
                }
            }
        }
    }

    /// Emits the anchor for `id` if an in-page link targets it.
    fn anchor(&mut self, id: NodeId, run: &mut Vec<Inline>) {
        let n = self.snap().node(id);
        for key in ["id", "name"] {
            if let Some(v) = n.attr(key) {
                if self.targets.remove(v) {
                    run.push(Inline::Anchor { id: v.to_string() });
                }
            }
        }
    }

    // ---- blocks ---------------------------------------------------------------------------

    /// One block-level element (or a container treated as one).
    pub(crate) fn block(&mut self, id: NodeId, depth: usize, out: &mut Vec<Block>) {
        if depth > MAX_DEPTH {
            let mut s = String::new();
            self.visible_text(id, &mut s);
            let mut run = vec![Inline::Text { text: s }];
            self.flush(&mut run, out);
            return;
        }
        let mut pending = std::mem::take(&mut self.pending);
        self.anchor(id, &mut pending);
        self.pending = pending;
        let (lang, dir) = self.scope_change(id);
        if lang.is_none() && dir.is_none() {
            return self.block_inner(id, depth, out);
        }
        let saved = (self.lang.clone(), self.dir.clone());
        if lang.is_some() {
            self.lang.clone_from(&lang);
        }
        if dir.is_some() {
            self.dir.clone_from(&dir);
        }
        let mut inner = Vec::new();
        self.block_inner(id, depth, &mut inner);
        (self.lang, self.dir) = saved;
        if !inner.is_empty() {
            out.push(Block::Group {
                lang,
                dir,
                content: inner,
            });
        }
    }

    /// The `lang`/`dir` this element sets, where they differ from the current ones.
    fn scope_change(&self, id: NodeId) -> (Option<String>, Option<String>) {
        let n = self.snap().node(id);
        let lang = n
            .attr("lang")
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty() && !same_lang(Some(l), self.lang.as_deref()));
        let dir = n
            .attr("dir")
            .map(|d| d.trim().to_ascii_lowercase())
            .filter(|d| matches!(d.as_str(), "ltr" | "rtl" | "auto"))
            .filter(|d| Some(d.as_str()) != self.dir.as_deref().or(Some("ltr")));
        (lang, dir)
    }

    fn block_inner(&mut self, id: NodeId, depth: usize, out: &mut Vec<Block>) {
        let n = self.snap().node(id);
        if n.ns == Namespace::Math && n.tag == "math" {
            return self.math_block(id, n.attr("display") == Some("block"), out);
        }
        if let Some(level) = heading_level(n).or_else(|| self.inferred_heading(id)) {
            return self.heading(id, level, depth, out);
        }
        if let Some((mathml, block)) = self.special_math(id) {
            return self.math_into(mathml, block, out);
        }
        match n.tag.as_str() {
            "p" if !self.has_block[id.index()] => {
                let mut run = Vec::new();
                self.inline_children(id, depth, &mut run);
                self.flush(&mut run, out);
            }
            "ul" | "ol" | "menu" => self.list(id, n.tag == "ol", depth, out),
            "blockquote" => {
                let mut inner = Vec::new();
                self.container(id, depth, &mut inner);
                if !inner.is_empty() {
                    out.push(Block::Quote { content: inner });
                }
            }
            "pre" => self.code(id, out),
            "figure" => self.figure(id, depth, out),
            "hr" => out.push(Block::Rule),
            "iframe" => {
                if let Some(e) = self.embed(id) {
                    let title = n.attr("title").map(squash).filter(|t| !t.is_empty());
                    out.push(Block::Embed {
                        provider: e.provider.to_string(),
                        title,
                        player: e.player,
                        url: e.page,
                    });
                }
            }
            "table" => self.table(id, depth, out),
            "noscript" if self.noscript_document(id) => self.container(id, depth, out),
            "img" | "picture" | "noscript" => {
                let mut run = Vec::new();
                self.inline(id, depth, &mut run);
                self.flush(&mut run, out);
            }
            _ => self.container(id, depth, out),
        }
    }

    /// Children of a container: inline children gather into paragraphs, block children recurse.
    pub(crate) fn container(&mut self, id: NodeId, depth: usize, out: &mut Vec<Block>) {
        let mut run: Vec<Inline> = Vec::new();
        for &c in &self.snap().node(id).children {
            if self.skipped(c) && !self.visual_only(c) {
                continue;
            }
            let inline_ok = self.snap().node(c).kind == NodeKind::Text
                || (!self.is_block(c) && !self.has_block[c.index()] && !self.is_display_math(c));
            if inline_ok {
                self.inline(c, depth + 1, &mut run);
            } else {
                self.flush(&mut run, out);
                self.block(c, depth + 1, out);
            }
        }
        self.flush(&mut run, out);
    }

    /// Turns a gathered run into paragraphs (split at double breaks) or figures (a run of only
    /// images). Pending anchors go in front of the first paragraph.
    pub(crate) fn flush(&mut self, run: &mut Vec<Inline>, out: &mut Vec<Block>) {
        let inlines = tidy(std::mem::take(run));
        for part in split_paragraphs(inlines) {
            if !part.iter().any(has_substance) {
                self.pending.extend(part);
                continue;
            }
            if let Some(images) = only_images(&part) {
                out.extend(images.into_iter().map(|image| Block::Figure {
                    image,
                    caption: Vec::new(),
                }));
                self.pending.extend(
                    part.into_iter()
                        .filter(|i| matches!(i, Inline::Anchor { .. })),
                );
                continue;
            }
            let mut content = std::mem::take(&mut self.pending);
            content.extend(part);
            out.push(Block::Paragraph { content });
        }
    }

    fn heading(&mut self, id: NodeId, level: u8, depth: usize, out: &mut Vec<Block>) {
        let mut run = Vec::new();
        self.inline_children(id, depth, &mut run);
        let run = tidy(run);
        if !run.iter().any(has_substance) {
            self.pending.extend(run);
            return;
        }
        let mut content = std::mem::take(&mut self.pending);
        content.extend(run);
        out.push(Block::Heading { level, content });
    }

    fn list(&mut self, id: NodeId, ordered: bool, depth: usize, out: &mut Vec<Block>) {
        let mut items = Vec::new();
        for &c in &self.snap().node(id).children {
            if self.skipped(c) {
                continue;
            }
            let mut item = Vec::new();
            if self.snap().node(c).is("li") {
                let mut pending = std::mem::take(&mut self.pending);
                self.anchor(c, &mut pending);
                self.pending = pending;
                self.container(c, depth + 1, &mut item);
            } else {
                self.block(c, depth + 1, &mut item);
            }
            if !item.is_empty() {
                items.push(item);
            }
        }
        if !items.is_empty() {
            out.push(Block::List { ordered, items });
        }
    }

    /// `pre`: text kept exactly (one leading newline dropped, as HTML does; trailing newlines
    /// dropped); language from `language-*`/`lang-*` classes on `pre` or its `code`.
    fn code(&mut self, id: NodeId, out: &mut Vec<Block>) {
        let mut text = String::new();
        self.code_text(id, &mut text);
        let text = text.strip_prefix('\n').unwrap_or(&text);
        let text = text.trim_end_matches(['\n', '\r']).to_string();
        if text.trim().is_empty() {
            return;
        }
        let snap = self.snap();
        let lang = std::iter::once(id)
            .chain(
                snap.descendants(id)
                    .filter(|&d| snap.node(d).is("code"))
                    .take(1),
            )
            .find_map(|d| code_language(snap.node(d)));
        out.push(Block::Code { lang, text });
    }

    /// Code text: `br` and line-per-element highlighters (`div` lines without newlines) become
    /// newlines; skipped nodes (line-number gutters marked hidden, buttons) are left out.
    fn code_text(&self, id: NodeId, out: &mut String) {
        let mut stack = vec![(id, false)];
        while let Some((i, closing)) = stack.pop() {
            let n = self.snap().node(i);
            if closing {
                if !out.ends_with('\n') {
                    out.push('\n');
                }
                continue;
            }
            match n.kind {
                NodeKind::Text => out.push_str(&n.text),
                _ if i != id && (self.skipped(i) || n.is("iframe")) => {}
                _ => {
                    if n.is("br") {
                        out.push('\n');
                    }
                    if i != id && matches!(n.tag.as_str(), "div" | "p" | "li" | "tr") {
                        stack.push((i, true));
                    }
                    stack.extend(n.children.iter().rev().map(|&c| (c, false)));
                }
            }
        }
    }

    /// `figure`: its blocks, with the `figcaption` attached to the (last) image.
    fn figure(&mut self, id: NodeId, depth: usize, out: &mut Vec<Block>) {
        let mut inner = Vec::new();
        let mut caption = Vec::new();
        let mut run = Vec::new();
        for &c in &self.snap().node(id).children {
            if self.skipped(c) && !self.visual_only(c) {
                continue;
            }
            if self.snap().node(c).is("figcaption") {
                self.inline_children(c, depth + 1, &mut caption);
            } else if self.snap().node(c).kind == NodeKind::Text
                || (!self.is_block(c) && !self.has_block[c.index()])
            {
                self.inline(c, depth + 1, &mut run);
            } else {
                self.flush(&mut run, &mut inner);
                self.block(c, depth + 1, &mut inner);
            }
        }
        self.flush(&mut run, &mut inner);
        let caption = tidy(caption);
        let last_figure = inner.iter_mut().rev().find_map(|b| match b {
            Block::Figure { caption, .. } => Some(caption),
            _ => None,
        });
        match last_figure {
            Some(c) => *c = caption,
            None if caption.iter().any(has_substance) => {
                inner.push(Block::Paragraph { content: caption })
            }
            None => {}
        }
        out.extend(inner);
    }

    // ---- inline ---------------------------------------------------------------------------

    pub(crate) fn inline_children(&mut self, id: NodeId, depth: usize, run: &mut Vec<Inline>) {
        for &c in &self.snap().node(id).children {
            self.inline(c, depth + 1, run);
        }
    }

    /// One node in inline context. Block descendants (in headings, cells, captions) are kept
    /// apart by breaks so words never glue.
    pub(crate) fn inline(&mut self, id: NodeId, depth: usize, run: &mut Vec<Inline>) {
        let n = self.snap().node(id);
        if n.kind == NodeKind::Text {
            run.push(Inline::Text {
                text: n.text.clone(),
            });
            return;
        }
        if self.visual_only(id) {
            let mut content = Vec::new();
            if depth <= MAX_DEPTH {
                self.inline_children(id, depth, &mut content);
            }
            drop_images(&mut content);
            if content.iter().any(has_substance) {
                run.push(Inline::VisualOnly { content });
            }
            return;
        }
        if self.skipped(id) {
            return;
        }
        if depth > MAX_DEPTH {
            let mut s = String::new();
            self.visible_text(id, &mut s);
            run.push(Inline::Text { text: s });
            return;
        }
        self.anchor(id, run);
        let (lang, dir) = self.scope_change(id);
        if lang.is_none() && dir.is_none() {
            return self.inline_inner(id, depth, run);
        }
        let saved = (self.lang.clone(), self.dir.clone());
        if lang.is_some() {
            self.lang.clone_from(&lang);
        }
        if dir.is_some() {
            self.dir.clone_from(&dir);
        }
        let mut content = Vec::new();
        self.inline_inner(id, depth, &mut content);
        (self.lang, self.dir) = saved;
        run.push(Inline::Span { lang, dir, content });
    }

    fn inline_inner(&mut self, id: NodeId, depth: usize, run: &mut Vec<Inline>) {
        let n = self.snap().node(id);
        if n.ns == Namespace::Math && n.tag == "math" {
            run.push(Inline::Math {
                mathml: math::serialize(self.snap(), id, false),
            });
            return;
        }
        if let Some((mathml, _)) = self.special_math(id) {
            run.push(Inline::Math { mathml });
            return;
        }
        if has_class(n, SR_ONLY_CLASSES) {
            let mut content = Vec::new();
            self.inline_children(id, depth, &mut content);
            run.push(Inline::VisuallyHidden { content });
            return;
        }
        let wrap = |content: Vec<Inline>, tag: &str| match tag {
            "em" | "i" | "cite" | "dfn" | "var" => Inline::Emphasis { content },
            "strong" | "b" => Inline::Strong { content },
            "sub" => Inline::Sub { content },
            _ => Inline::Sup { content },
        };
        match n.tag.as_str() {
            "br" => run.push(Inline::Break),
            "a" => self.link(id, depth, run),
            "em" | "i" | "cite" | "dfn" | "var" | "strong" | "b" | "sub" | "sup" => {
                let mut content = Vec::new();
                self.inline_children(id, depth, &mut content);
                run.push(wrap(content, &n.tag));
            }
            "code" | "kbd" | "samp" | "tt" => {
                let mut text = String::new();
                self.visible_text(id, &mut text);
                run.push(Inline::Code { text });
            }
            "img" => {
                if let Some(image) = images::from_attrs(&n.attrs, self.cx.base.as_deref()) {
                    run.push(Inline::Image { image });
                }
            }
            "picture" => {
                if let Some(image) = self.picture(id) {
                    run.push(Inline::Image { image });
                }
            }
            "noscript" => self.noscript(id, run),
            // A known embed inside inline content (a heading, a link): left out, as any iframe.
            "iframe" => {}
            "q" => {
                run.push(Inline::Text { text: "“".into() });
                self.inline_children(id, depth, run);
                run.push(Inline::Text { text: "”".into() });
            }
            _ if is_block_node(n) => {
                push_break(run);
                self.inline_children(id, depth, run);
                push_break(run);
            }
            _ => self.inline_children(id, depth, run),
        }
    }

    /// A link survives only with an http(s), mailto or in-page target; otherwise its text stays.
    fn link(&mut self, id: NodeId, depth: usize, run: &mut Vec<Inline>) {
        let mut content = Vec::new();
        self.inline_children(id, depth, &mut content);
        match self.snap().node(id).attr("href").and_then(|h| self.href(h)) {
            Some(href) => run.push(Inline::Link { href, content }),
            None => run.extend(content),
        }
    }

    fn href(&self, h: &str) -> Option<String> {
        let h = h.trim();
        if let Some(frag) = h.strip_prefix('#') {
            return (!frag.is_empty()).then(|| h.to_string());
        }
        let abs = super::url::resolve(self.cx.base.as_deref(), h)?;
        let ok = matches!(
            super::url::scheme(&abs).as_deref(),
            Some("http" | "https" | "mailto")
        );
        ok.then_some(abs)
    }

    /// `<picture>`: the `img` (with its own srcset), else the largest `source` candidate.
    fn picture(&self, id: NodeId) -> Option<Image> {
        let snap = self.snap();
        let base = self.cx.base.as_deref();
        let kids = || snap.node(id).children.iter().map(|&c| snap.node(c));
        let img = kids().find(|n| n.is("img"));
        if let Some(image) = img.and_then(|n| images::from_attrs(&n.attrs, base)) {
            return Some(image);
        }
        let mut image = kids()
            .filter(|n| n.is("source"))
            .find_map(|n| images::from_attrs(&n.attrs, base))?;
        if let Some(alt) = img.and_then(|n| n.attr("alt")) {
            image.alt = squash(alt);
        }
        Some(image)
    }

    /// `<noscript>` image copies, unless the previous sibling already gave a usable image.
    /// A `<noscript>` parsed as markup (the page was read with scripting off because its text
    /// sits there: a Blogger post) that holds blocks and a document's worth of text (not an
    /// "enable JavaScript" notice or a tracking pixel): content, read like a `<div>`.
    fn noscript_document(&self, id: NodeId) -> bool {
        let snap = self.snap();
        snap.node(id)
            .children
            .iter()
            .any(|&c| is_block_node(snap.node(c)))
            && snap.text_of(id).trim().len() >= crate::rules::limits::NOSCRIPT_DOCUMENT_CHARS
    }

    fn noscript(&mut self, id: NodeId, run: &mut Vec<Inline>) {
        if self.previous_sibling_has_image(id) {
            return;
        }
        let text = self.snap().text_of(id);
        for image in images::from_noscript(&text, self.cx.base.as_deref()) {
            run.push(Inline::Image { image });
        }
    }

    fn previous_sibling_has_image(&self, id: NodeId) -> bool {
        let snap = self.snap();
        let Some(parent) = snap.node(id).parent else {
            return false;
        };
        let kids = &snap.node(parent).children;
        let Some(pos) = kids.iter().position(|&k| k == id) else {
            return false;
        };
        let prev = kids[..pos]
            .iter()
            .rev()
            .find(|&&k| snap.node(k).kind == NodeKind::Element);
        let Some(&prev) = prev else { return false };
        let base = self.cx.base.as_deref();
        std::iter::once(prev)
            .chain(snap.descendants(prev))
            .take(64)
            .any(|d| {
                let n = snap.node(d);
                (n.is("img") || n.is("source")) && images::from_attrs(&n.attrs, base).is_some()
            })
    }

    // ---- math -----------------------------------------------------------------------------

    fn math_block(&mut self, id: NodeId, block: bool, out: &mut Vec<Block>) {
        let mathml = math::serialize(self.snap(), id, block);
        self.math_into(mathml, block, out);
    }

    fn math_into(&mut self, mathml: String, block: bool, out: &mut Vec<Block>) {
        if block {
            out.push(Block::Math { mathml });
        } else {
            let mut run = vec![Inline::Math { mathml }];
            self.flush(&mut run, out);
        }
    }

    /// KaTeX, MathJax (v2 and v3) and `script type="math/tex"`: MathML and display mode.
    fn special_math(&self, id: NodeId) -> Option<(String, bool)> {
        let snap = self.snap();
        let n = snap.node(id);
        if is_tex_script(n) {
            let block = n.attr("type").is_some_and(|t| t.contains("mode=display"));
            return Some((math::from_tex(&snap.text_of(id), block), block));
        }
        let block = has_class(
            n,
            prefixed!["katex-display", "MathJax_Display", "MJXc-display"],
        ) || (n.tag == "mjx-container" && n.attr("display") == Some("true"));
        let rendered = block
            || has_class(
                n,
                prefixed!["katex", "MathJax", "MathJax_CHTML", "MathJax_SVG"],
            )
            || n.tag == "mjx-container";
        if !rendered {
            return None;
        }
        let m = snap
            .descendants(id)
            .find(|&d| snap.node(d).ns == Namespace::Math && snap.node(d).tag == "math");
        Some((math::serialize(snap, m?, block), block))
    }

    fn is_display_math(&self, id: NodeId) -> bool {
        let n = self.snap().node(id);
        (n.tag == "math" && n.attr("display") == Some("block"))
            || self.special_math(id).is_some_and(|(_, b)| b)
    }

    fn contains_math(&self, id: NodeId) -> bool {
        let snap = self.snap();
        snap.descendants(id)
            .any(|d| snap.node(d).ns == Namespace::Math && snap.node(d).tag == "math")
    }

    /// MathJax v2 puts the rendering before its `script type="math/tex"`: read one, not both.
    fn previous_sibling_is_rendered_math(&self, id: NodeId) -> bool {
        let snap = self.snap();
        let Some(parent) = snap.node(id).parent else {
            return false;
        };
        let kids = &snap.node(parent).children;
        let pos = kids.iter().position(|&k| k == id).unwrap_or(0);
        kids[..pos]
            .iter()
            .rev()
            .find(|&&k| {
                snap.node(k).kind == NodeKind::Element
                    && !has_class(snap.node(k), prefixed!["MathJax_Preview"])
            })
            .is_some_and(|&k| is_mathjax_rendering(snap.node(k)) && self.contains_math(k))
    }
}

/// Class names of MathJax v2 output (HTML-CSS, SVG, CommonHTML renderers and the preview).
const MATHJAX_CLASSES: &[u8] = prefixed![
    "MathJax",
    "MathJax_Display",
    "MathJax_Preview",
    "MathJax_SVG",
    "MathJax_SVG_Display",
    "MathJax_CHTML",
    "MJXc-display",
];

fn is_mathjax_rendering(n: &crate::Node) -> bool {
    has_class(n, MATHJAX_CLASSES)
}

fn is_tex_script(n: &crate::Node) -> bool {
    n.is("script")
        && n.attr("type")
            .is_some_and(|t| t.trim().starts_with("math/tex"))
}

/// An HTML `iframe` showing a known provider's video: its `src`, or the `data-src` lazy loaders
/// leave the address in until the iframe scrolls into view.
fn embed_of(n: &crate::Node, base: Option<&str>) -> Option<embed::Found> {
    if n.kind != NodeKind::Element || n.ns != Namespace::Html || n.tag != "iframe" {
        return None;
    }
    ["src", "data-src"]
        .iter()
        .find_map(|k| n.attr(k).and_then(|v| embed::recognise(v, base)))
}

fn is_block_node(n: &crate::Node) -> bool {
    if n.kind != NodeKind::Element {
        return false;
    }
    if n.ns == Namespace::Html && crate::rules::in_table(BLOCK_TAGS, &n.tag) {
        return true;
    }
    n.layout
        .as_ref()
        .is_some_and(|l| crate::rules::in_table(BLOCK_DISPLAYS, &l.display))
}

fn heading_level(n: &crate::Node) -> Option<u8> {
    let rank = crate::rules::heading_rank(&n.tag);
    if n.ns == Namespace::Html && rank.is_some() {
        return rank;
    }
    if n.attr("role") == Some("heading") {
        let level = n.attr("aria-level").and_then(|l| l.trim().parse().ok());
        return Some(level.unwrap_or(2).clamp(1, 6));
    }
    None
}

pub(crate) fn has_class(n: &crate::Node, classes: &[u8]) -> bool {
    n.attr("class").is_some_and(|c| {
        c.split_ascii_whitespace()
            .any(|t| crate::rules::in_table(classes, t))
    })
}

fn same_lang(a: Option<&str>, b: Option<&str>) -> bool {
    let primary = |s: &str| {
        s.split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    match (a, b) {
        (Some(a), Some(b)) => primary(a) == primary(b),
        _ => false,
    }
}

/// `language-rust`, `lang-js`, `highlight-source-python`… → the language name.
fn code_language(n: &crate::Node) -> Option<String> {
    let from_class = n.attr("class").and_then(|c| {
        c.split_ascii_whitespace().find_map(|t| {
            t.strip_prefix("language-")
                .or_else(|| t.strip_prefix("lang-"))
                .or_else(|| t.strip_prefix("highlight-source-"))
        })
    });
    let lang = from_class
        .or_else(|| n.attr("data-lang"))
        .or_else(|| n.attr("data-language"))?;
    let clean: String = lang
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '#' | '-' | '_' | '.'))
        .collect();
    (!clean.is_empty() && clean != "none" && clean != "plaintext")
        .then(|| clean.to_ascii_lowercase())
}

/// One break between blocks read inline (a double break would split the paragraph).
fn push_break(run: &mut Vec<Inline>) {
    let last = run.iter().rev().find(
        |i| !matches!(i, Inline::Text { text } if text.chars().all(super::text::is_html_space)),
    );
    if !matches!(last, Some(Inline::Break)) {
        run.push(Inline::Break);
    }
}

/// Splits a run at double breaks (the `<br><br>` paragraph idiom).
fn split_paragraphs(inlines: Vec<Inline>) -> Vec<Vec<Inline>> {
    let mut parts = vec![Vec::new()];
    let mut iter = inlines.into_iter().peekable();
    while let Some(i) = iter.next() {
        if i == Inline::Break && iter.peek() == Some(&Inline::Break) {
            iter.next();
            parts.push(Vec::new());
            continue;
        }
        if let Some(p) = parts.last_mut() {
            p.push(i);
        }
    }
    parts
        .into_iter()
        .map(tidy)
        .filter(|p| !p.is_empty())
        .collect()
}

/// Removes images from a run, at any depth (icons inside `aria-hidden` text).
fn drop_images(run: &mut Vec<Inline>) {
    run.retain(|i| !matches!(i, Inline::Image { .. }));
    for i in run.iter_mut() {
        if let Some(c) = super::text::children_mut(i) {
            drop_images(c);
        }
    }
}

/// The images of a run made only of images (optionally linked), for figures.
fn only_images(run: &[Inline]) -> Option<Vec<Image>> {
    let mut images = Vec::new();
    for i in run {
        match i {
            Inline::Image { image } => images.push(image.clone()),
            Inline::Anchor { .. } | Inline::Break => {}
            Inline::Text { text } if text.chars().all(super::text::is_html_space) => {}
            Inline::Link { content, .. } => images.extend(only_images(content)?),
            _ => return None,
        }
    }
    (!images.is_empty()).then_some(images)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
#[path = "build_tests.rs"]
mod tests;
