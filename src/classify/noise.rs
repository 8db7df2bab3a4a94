//! Stage 2: `NoiseClassifier` (seed 001) — labels navigation, advertisement, interactive,
//! special-information and script/style areas, plus hidden nodes and overlay/consent shells.
//!
//! With layout, seed 001's geometric regions pick candidates that rules confirm; without layout,
//! structure stands in (landmark tags, ARIA roles, class/id vocabulary, link density, controls).

use crate::extract::blocks::{flag, Features, Region};
use crate::rules::{self, limits};
use crate::snapshot::{Node, NodeId, NodeKind, Side, Snapshot};
use crate::trace::Reason;

/// Noise labels: `kind[id]` where a rule fired, `inside[id]` for the whole labelled subtree.
#[derive(Debug, Default)]
pub(crate) struct NoiseLabels {
    pub kind: Side<Option<Reason>>,
    pub inside: Side<bool>,
    /// In a chapter's own table of contents (`chapter_toc`): its links are content.
    pub toc: Side<bool>,
    /// The page is a thread of posts by its forum user cards (`user_card_lines` found enough
    /// of them): the article prints each repeated line once (`article::assemble`).
    pub thread: bool,
}

/// Labels noise areas from structure, vocabulary and (when present) layout.
pub(crate) struct NoiseClassifier<'a> {
    snap: &'a Snapshot,
    f: &'a Features,
    /// Visible text of the whole page, for the "small share" guards.
    page_text: u32,
    /// Forum user-card lines ("Joined Jun 4, 2024", "Posts: 98"), when the page has enough of
    /// them to be a thread of posts (`rules::meta_line::STAT_LABELS`); else all false.
    user_card: Side<bool>,
    /// The inline-hidden box a script reveals (`visibility::script_reveal`, computed once in
    /// `Features::visibility`): shown.
    reveal: Option<NodeId>,
    /// `toc_named[id]`: the element's class or id names a table of contents
    /// ([`rules::vocab::CHAPTER_TOC_TERMS`]); empty when none does. Read by `chapter_toc`,
    /// which every element asks about itself and its ancestors: one test per node.
    toc_named: Vec<bool>,
    /// `choice[id]`: the caption of a choice input (`option_captions`); empty when the page
    /// has none.
    choice: Side<bool>,
    /// Label a product page's customer-review boxes (`product_reviews`): set by the
    /// selection's retry when the reviews won the page.
    reviews: bool,
    /// The page declares `og:type` article (`page_type::declares_og_article`), asked by
    /// `holds_prose` only for some ad-named boxes: walked once, on the first ask.
    og_article: std::cell::OnceCell<bool>,
}

/// `out[id]`: the element's class or id names a table of contents
/// ([`rules::vocab::CHAPTER_TOC_TERMS`]); empty when no element's does (most pages).
fn toc_named(snap: &Snapshot) -> Vec<bool> {
    let named = |node: &Node| {
        node.kind == NodeKind::Element && rules::named_by(node, rules::vocab::CHAPTER_TOC_TERMS)
    };
    let out: Vec<bool> = snap.nodes.iter().map(named).collect();
    if out.contains(&true) {
        out
    } else {
        Vec::new()
    }
}

/// `n` is an `<input>` whose `type` is one of `types` (ASCII case ignored).
fn input_of_type(n: &Node, types: &[&str]) -> bool {
    n.is("input")
        && n.attr("type")
            .is_some_and(|v| types.iter().any(|t| v.eq_ignore_ascii_case(t)))
}

/// `out[id]`: a `<label>` captioning a choice input (`rules::CHOICE_INPUT_TYPES`) — the input
/// inside it or just before it among its siblings — or a `<fieldset>` grouping such inputs:
/// an option picker, whose captions name the options, not the content. One pass over each
/// parent's children; empty when the page has no choice input (most pages).
fn option_captions(snap: &Snapshot) -> Side<bool> {
    let mut out = Side(Vec::new());
    for (i, node) in snap.nodes.iter().enumerate() {
        let groups = node.is("label") || node.is("fieldset");
        let mut after_choice = false;
        for &c in &node.children {
            let child = snap.node(c);
            if child.kind != NodeKind::Element {
                continue;
            }
            let choice = input_of_type(child, rules::CHOICE_INPUT_TYPES);
            let caption = after_choice && child.is("label");
            after_choice = choice;
            if caption || (choice && groups) {
                out.resize(snap.len(), false);
                out[if caption { c.index() } else { i }] = true;
            }
        }
    }
    out
}

impl<'a> NoiseClassifier<'a> {
    pub fn new(snap: &'a Snapshot, f: &'a Features) -> Self {
        let page_text = f.text_len[NodeId::ROOT.index()].max(1);
        let user_card = user_card_lines(snap, f);
        let reveal = f.visibility.reveal;
        NoiseClassifier {
            snap,
            f,
            page_text,
            user_card,
            reveal,
            toc_named: toc_named(snap),
            choice: option_captions(snap),
            reviews: false,
            og_article: std::cell::OnceCell::new(),
        }
    }

    /// Also labels the customer-review boxes of a product page (`product_reviews`).
    pub fn with_product_reviews(self) -> Self {
        NoiseClassifier {
            reviews: true,
            ..self
        }
    }

    /// Runs the rules top-down; a labelled subtree is not examined further.
    pub fn classify(&self) -> NoiseLabels {
        let n = self.snap.len();
        let mut out = NoiseLabels {
            kind: Side(vec![None; n]),
            inside: Side(vec![false; n]),
            toc: Side(vec![false; n]),
            thread: self.user_card.iter().any(|&m| m),
        };
        let mut in_article = Side(vec![false; n]);
        for &id in &self.f.order {
            let i = id.index();
            let node = self.snap.node(id);
            if let Some(p) = node.parent {
                out.inside[i] = out.inside[p.index()];
                in_article[i] = in_article[p.index()];
                out.toc[i] = out.toc[p.index()];
            }
            if node.kind != NodeKind::Element || out.inside[i] {
                continue;
            }
            out.toc[i] |= self.chapter_toc(id);
            in_article[i] |= is_article_like(node);
            if let Some(kind) = self.rule(id, node, in_article[i]) {
                out.kind[i] = Some(kind);
                out.inside[i] = true;
            }
        }
        out
    }

    fn rule(&self, id: NodeId, node: &Node, in_article: bool) -> Option<Reason> {
        let tag = node.tag.as_str();
        if self.f.skip[id.index()] {
            return Some(Reason::ScriptStyle);
        }
        if self.is_hidden(id, node) {
            return Some(Reason::Hidden);
        }
        if rules::in_table(rules::CONTROL_TAGS, tag) && !rules::accordion_header(self.snap, id) {
            return Some(Reason::Interactive);
        }
        if node.attr("itemprop") == Some("articleBody") || is_article_like(node) {
            return None;
        }
        if self.declared_modal(id, node) {
            return Some(Reason::Overlay);
        }
        if self.product_reviews(id, node) {
            return Some(Reason::SpecialInformation);
        }
        if !self.small(id) {
            return self.page_footer(id, node, in_article);
        }
        self.overlay(id, node)
            .or_else(|| self.structural(id, node, in_article))
            .or_else(|| self.geometric(id))
            .or_else(|| self.vocabulary(id))
            .or_else(|| self.keyword(id))
            .or_else(|| self.meta_line(id, node))
            .or_else(|| self.signature(id, node))
            .or_else(|| self.user_card[id.index()].then_some(Reason::SpecialInformation))
            .or_else(|| self.comment_on_post(id, node))
            .or_else(|| self.trailing_link_paragraph(id, node))
            .or_else(|| self.address_box(id, node))
            .or_else(|| {
                self.choice
                    .get(id.index())
                    .is_some_and(|&c| c)
                    .then_some(Reason::Interactive)
            })
    }

    /// A box classed as a poster's signature or user card under a forum post
    /// (`rules::meta_line::SIGNATURE_TERMS`). A code signature (Javadoc's "member-signature", mkdocstrings'
    /// "doc-signature") is the declaration it documents: one holding code, or reading as a call
    /// (a name right before "("), stays.
    fn signature(&self, id: NodeId, node: &Node) -> Option<Reason> {
        // The class or the declared role only (Invision: `data-role="memberSignature"`): ids
        // are often made from a heading's words ("…(PGP_signature)").
        let named = ["class", "data-role"].iter().any(|a| {
            node.attr(a)
                .is_some_and(|v| rules::matches_terms(v, rules::meta_line::SIGNATURE_TERMS))
        });
        if !named || self.in_heading(id) || self.holds_code(id) {
            return None;
        }
        let text = self.snap.text_of(id);
        let call = text
            .as_bytes()
            .windows(2)
            .any(|w| w[1] == b'(' && (w[0].is_ascii_alphanumeric() || w[0] == b'_'));
        (!call).then_some(Reason::SpecialInformation)
    }

    /// A schema.org `Comment` item inside a `Question` or `Answer` item: a remark under a Q&A
    /// post (`rules::page_type::COMMENT_ITEM_TYPE`).
    fn comment_on_post(&self, id: NodeId, node: &Node) -> Option<Reason> {
        use crate::classify::page_type::has_item_type;
        use rules::page_type::{COMMENTED_POST_TYPES, COMMENT_ITEM_TYPE};
        if !has_item_type(node, &[COMMENT_ITEM_TYPE]) {
            return None;
        }
        self.snap
            .ancestors(id)
            .any(|a| has_item_type(self.snap.node(a), COMMENTED_POST_TYPES))
            .then_some(Reason::SpecialInformation)
    }

    /// `id` is or holds a `<code>`, `<pre>`, `<kbd>` or `<samp>` element.
    fn holds_code(&self, id: NodeId) -> bool {
        self.f.subtree(id).iter().any(|n| {
            matches!(
                self.snap.node(*n).tag.as_str(),
                "code" | "pre" | "kbd" | "samp"
            )
        })
    }

    /// A one-line gallery position label (`rules::credit::is_slide_counter`). A counter set as
    /// two blocks ("1" over "of 15") numbers the items of a list article (Dotdash's
    /// `content-list-number` on treehugger), which golds keep.
    fn slide_counter(&self, id: NodeId, text: &str) -> bool {
        rules::credit::is_slide_counter(text)
            && !self
                .f
                .subtree(id)
                .iter()
                .any(|&d| d != id && self.f.is_block[d.index()] && self.f.text_len[d.index()] > 0)
    }

    /// A short paragraph that is one link, with prose paragraphs before it and none after it
    /// among its siblings (`rules::link_para`).
    fn trailing_link_paragraph(&self, id: NodeId, node: &Node) -> Option<Reason> {
        use rules::link_para as r;
        if !node.is("p")
            || self.f.text_len[id.index()] > r::MAX_CHARS
            || self.f.links[id.index()] == 0
            || self.f.link_density(id) < r::MIN_LINK_DENSITY
        {
            return None;
        }
        let siblings = &self.snap.node(node.parent?).children;
        let at = siblings.iter().position(|&s| s == id)?;
        let prose = |s: &NodeId| {
            self.snap.node(*s).is("p")
                && self.f.text_len[s.index()] >= r::PROSE_MIN_CHARS
                && self.f.link_density(*s) < r::PROSE_MAX_LINK_DENSITY
        };
        let trails_story = siblings[..at].iter().any(prose);
        (trails_story && !siblings[at + 1..].iter().any(prose)).then_some(Reason::Navigation)
    }

    /// A contact or address box: a short paragraph of lines that ends in a link spelled as a
    /// web address, or in such a link and then an e-mail address on a line of its own
    /// (`rules::link_para::ADDRESS_MIN_BREAKS`).
    fn address_box(&self, id: NodeId, node: &Node) -> Option<Reason> {
        use rules::link_para as r;
        if !node.is("p")
            || self.f.links[id.index()] == 0
            || self.f.text_len[id.index()] > r::ADDRESS_MAX_CHARS
        {
            return None;
        }
        let sub = self.f.subtree(id);
        let breaks = sub.iter().filter(|d| self.snap.node(**d).is("br"));
        if breaks.count() < r::ADDRESS_MIN_BREAKS {
            return None;
        }
        // Backwards, past blank text and other tags: the link's text, the link, a break.
        let mut tail = (sub.iter().rev().map(|&d| self.snap.node(d)))
            .filter(|n| n.is("br") || n.is("a") || !n.text.trim().is_empty());
        let mut last = tail.next()?;
        // An e-mail address (a `mailto:` link or plain text) may close the box, on its own line
        // under the site's.
        if r::is_mail_address(last.text.trim()) {
            let mut before = tail.next()?;
            if before.is("a") {
                before = tail.next()?;
            }
            if !before.is("br") {
                return None;
            }
            last = tail.next()?;
        }
        let last = last.text.trim_start();
        let web = last.starts_with("www.") || last.starts_with("http");
        (web && tail.next()?.is("a") && tail.next()?.is("br")).then_some(Reason::SpecialInformation)
    }

    /// A short date or byline box (`rules::meta_line`).
    fn meta_line(&self, id: NodeId, node: &Node) -> Option<Reason> {
        use rules::meta_line as r;
        if self.f.text_len[id.index()] > r::META_MAX_CHARS || rules::is_heading(node.tag.as_str()) {
            return None;
        }
        let named = |a: &str| {
            node.attr(a)
                .is_some_and(|v| rules::matches_terms(v, r::META_TERMS))
        };
        // The byline and time inside a post's footer on a page listing posts stay with it.
        let in_post_footer = || {
            self.snap
                .path_up(id)
                .take(4)
                .any(|a| self.post_list_footer(a))
        };
        let category = || {
            self.f.links[id.index()] > 0
                && node.attr("class").is_some_and(|c| {
                    rules::table_words(r::CATEGORY_CLASS_PARTS).any(|p| rules::contains_ci(c, p))
                })
        };
        ((named("class") || named("id") || category() || self.credit_box(id, node))
            && !in_post_footer())
        .then_some(Reason::SpecialInformation)
    }

    /// A line beside a teaser's headline: a box a few levels up holds an `h2`–`h6` (the page's
    /// own title is its `h1`). Why: a feed's cards keep their date and reading time with the
    /// headline (hackernoon's gold keeps "Mar 07, 2026 | 4 min read" under each card's `h2`).
    fn teaser_meta(&self, id: NodeId) -> bool {
        // The highest of those boxes holds the others: its subtree is the one to read.
        self.snap
            .ancestors(id)
            .take(limits::HEADING_INLINE_LEVELS)
            .last()
            .is_some_and(|a| {
                self.snap.descendants(a).any(|d| {
                    let tag = self.snap.node(d).tag.as_str();
                    tag != "h1" && rules::is_heading(tag)
                })
            })
    }

    /// A box named for a picture's credit (`rules::credit::CREDIT_BOX_TERMS`) outside any
    /// caption: a caption is kept whole, its credit with it (PRODUCT.md item 4).
    fn credit_box(&self, id: NodeId, node: &Node) -> bool {
        rules::vocab::named_by(node, rules::credit::CREDIT_BOX_TERMS)
            && !self
                .snap
                .path_up(id)
                .any(|a| self.snap.node(a).is("figcaption"))
    }

    /// Holds a small share of the page's text: only such subtrees may be labelled from
    /// structure or vocabulary (a wrapper called "has-sidebar" can hold the article).
    fn small(&self, id: NodeId) -> bool {
        (self.f.text_len[id.index()] as f32)
            < limits::VOCAB_NOISE_MAX_TEXT_SHARE * self.page_text as f32
    }

    /// The page's footer landmark outside any `<article>`/`<main>` is small print however much
    /// text it holds, when the page has an `<h1>` outside it. Why: shops and insurers close
    /// every page with long legal copy and SEO blurbs in the footer (Progressive's
    /// disclosures, Apple's footnotes, Shoebank's brand story, Reventals' zip-code lists),
    /// which outweigh a short category or service page and so escaped the size gate of the
    /// structural rules. Without a headline elsewhere the footer may be all the page has (an
    /// empty shop shell), and the footer-only test of the `select` stage answers then.
    fn page_footer(&self, id: NodeId, node: &Node, in_article: bool) -> Option<Reason> {
        let headline_outside = || {
            self.f
                .order
                .iter()
                .any(|&h| self.snap.node(h).is("h1") && !self.f.contains(id, h))
        };
        (!in_article && is_footer_landmark(node) && headline_outside())
            .then_some(Reason::SpecialInformation)
    }

    /// A box the page declares a modal dialog (`aria-modal="true"`) is an overlay whatever its
    /// size: a shop's privacy policy or size guide waits in one, and its prose can outweigh the
    /// product (wcxb-dev allbirds: a 49k-char policy won both the product and the collection
    /// page). A story view opened over a feed holds an `<article>` and stays.
    fn declared_modal(&self, id: NodeId, node: &Node) -> bool {
        node.attr("aria-modal") == Some("true") && !self.holds_article(id)
    }

    /// When asked (`with_product_reviews`), the box named as a product's customer reviews,
    /// whatever its size (`review_box`).
    fn product_reviews(&self, id: NodeId, node: &Node) -> bool {
        self.reviews && review_box(self.snap, id, node)
    }

    fn is_hidden(&self, id: NodeId, node: &Node) -> bool {
        if self.f.has(id, flag::SR_ONLY)
            || rules::is_streamed_segment(node)
            || rules::is_closed_code_tab(self.snap, id)
        {
            return false;
        }
        if let Some(g) = self.f.geo(id) {
            if !g.visible {
                return true;
            }
        }
        if rules::closed_markup(node)
            || rules::hiding_class(self.snap, id, self.f.hiding_classes_apply)
        {
            // The box a script reveals (`script_reveal`) is shown; `hidden` stays hidden.
            let revealed = self.reveal == Some(id) && !rules::closed_by_attribute(node);
            return !revealed && !self.closed_panel(id, &rules::closed_markup);
        }
        node.attr("aria-hidden") == Some("true")
            && self.aria_hidden_trusted(id)
            && !self.closed_panel(id, &rules::closed_markup)
    }

    /// A closed accordion or tab panel of prose right after its trigger
    /// (`snapshot::visibility::closed_panel_of_prose`), not inside a dialog or popover: content
    /// the page opens on a click.
    fn closed_panel(&self, id: NodeId, closed: &dyn Fn(&Node) -> bool) -> bool {
        let i = id.index();
        crate::snapshot::visibility::closed_panel_of_prose(
            self.snap,
            id,
            self.f.text_len[i],
            self.f.link_len[i],
            |t| !closed(self.snap.node(t)),
        ) && !rules::in_popover(self.snap, id)
    }

    /// `aria-hidden` hides from assistive technology, not from sight, so it marks noise only
    /// where it is decoration: a small block subtree (a carousel clone, an off-screen panel).
    /// Inline runs are shown (the visual twin of screen-reader text, a glyph; the article
    /// builder keeps them as visual-only text), and a subtree holding much of the page's text
    /// is more likely the page under an overlay that set it.
    fn aria_hidden_trusted(&self, id: NodeId) -> bool {
        let len = self.f.text_len[id.index()];
        let is_block = |d: NodeId| self.f.is_block[d.index()];
        let mut below = self.snap.descendants(id);
        let inline = !is_block(id)
            && below
                .by_ref()
                .take(limits::ARIA_HIDDEN_INLINE_SCAN)
                .all(|d| !is_block(d))
            && below.next().is_none();
        !inline
            && len <= limits::ARIA_HIDDEN_MAX_CHARS
            && (len as f32) < limits::ARIA_HIDDEN_MAX_TEXT_SHARE * self.page_text as f32
    }

    fn overlay(&self, id: NodeId, node: &Node) -> Option<Reason> {
        if node.tag == "dialog" && node.attr("open").is_none() {
            return Some(Reason::Overlay);
        }
        if let Some(l) = node.layout.as_ref() {
            let fixed = l.position == "fixed" || l.position == "sticky";
            let above = l.z_index.is_some_and(|z| z >= limits::OVERLAY_MIN_Z);
            let covers = self
                .f
                .geo(id)
                .is_some_and(|g| g.viewport_share >= limits::OVERLAY_VIEWPORT_SHARE);
            if fixed && above && covers {
                return Some(Reason::Overlay);
            }
            if fixed && self.f.has(id, flag::NAV) {
                return Some(Reason::Navigation);
            }
        }
        (self.f.has(id, flag::OVERLAY) && !self.holds_article(id) && !self.holds_story(id))
            .then_some(Reason::Overlay)
    }

    /// Holds several `<p>` prose paragraphs making most of its text (`rules::story_box`): a box
    /// named like furniture is then the story, unless it is also named with the soft negative
    /// vocabulary (a comment thread "social-comments", teaser cards).
    fn holds_story(&self, id: NodeId) -> bool {
        use rules::story_box as r;
        if self.f.has(id, flag::NEGATIVE) || names_what_it_holds(self.snap.node(id)) {
            return false;
        }
        let (paragraphs, prose) = self.prose_blocks(id, |b| self.snap.node(b).is("p"));
        paragraphs >= r::MIN_PARAGRAPHS
            && prose >= r::MIN_PROSE_CHARS
            && prose as f32 >= r::MIN_PROSE_SHARE * self.f.text_len[id.index()] as f32
    }

    /// An `<article>` with a story's worth of text sits inside: a "modal" or "lightbox" named
    /// only by its class is then the story view opened over a feed (news portals render the
    /// article this way), not a consent or sign-up shell. Layout evidence still labels it.
    fn holds_article(&self, id: NodeId) -> bool {
        self.snap.descendants(id).any(|d| {
            self.snap.node(d).is("article")
                && self.f.text_len[d.index()] >= limits::OVERLAY_ARTICLE_MIN_CHARS
        })
    }

    fn structural(&self, id: NodeId, node: &Node, in_article: bool) -> Option<Reason> {
        if let Some(role) = node.attr("role") {
            if let Some(&(r, _)) =
                (rules::NOISE_ROLES.iter()).find(|(_, k)| rules::in_table(k, role))
            {
                return Some(r);
            }
        }
        match node.tag.as_str() {
            "nav" | "menu" => Some(Reason::Navigation),
            "header" if !in_article => Some(Reason::Navigation),
            "footer" => Some(Reason::SpecialInformation),
            "aside" => Some(Reason::SpecialInformation),
            "form" if !self.wraps_text(id) && !self.holds_posts(id) => Some(Reason::Interactive),
            "ul" | "ol" if !in_article && self.is_link_list(id) => Some(Reason::Navigation),
            _ if self.slogan_banner(id) => Some(Reason::Advertisement),
            _ if !in_article && self.link_directory(id) => Some(Reason::Navigation),
            _ => None,
        }
    }

    /// A form that only wraps text: nothing a reader can operate (no field, list, button,
    /// fieldset or label, no input but a hidden one) and text that is not mostly links (under
    /// `LINK_DENSITY_BOILERPLATE`). Why: old.reddit.com wraps every comment's text in a `<form
    /// class="usertext">` holding only a hidden `thing_id` input (the edit box comes for the
    /// author only), so each comment of a paragraph or two read as a control box and the thread
    /// came out as its score lines alone. The link-density bound keeps BigCommerce's
    /// `<form class="product-listing-style">` around a category's product cards a form
    /// (linked titles: 0.74); the fieldset keeps tagesschau.de's audio download box (format
    /// links and a "right-click to save" hint in a `<fieldset>`) a form.
    fn wraps_text(&self, id: NodeId) -> bool {
        self.f.text_len[id.index()] > 0
            && self.f.link_density(id) < limits::LINK_DENSITY_BOILERPLATE
            && !self.snap.descendants(id).any(|d| {
                let n = self.snap.node(d);
                matches!(
                    n.tag.as_str(),
                    "textarea" | "select" | "button" | "fieldset" | "label"
                ) || n.is("input") && !input_of_type(n, &["hidden"])
            })
    }

    /// A form around prose (`rules::story_box::FORM_MIN_PARAGRAPHS`) with no field to type
    /// into: a thread of posts, not controls.
    fn holds_posts(&self, id: NodeId) -> bool {
        use rules::story_box as r;
        let (paragraphs, prose) = self.prose_blocks(id, |b| self.f.is_block[b.index()]);
        let entry = |d: NodeId| {
            let n = self.snap.node(d);
            n.is("textarea")
                || n.is("select")
                || n.is("input") && !input_of_type(n, r::NON_ENTRY_INPUTS)
        };
        paragraphs >= r::FORM_MIN_PARAGRAPHS
            && prose >= r::FORM_MIN_PROSE_CHARS
            && !self.snap.descendants(id).any(entry)
    }

    /// Count and chars of the prose blocks under `id` that pass `keep`.
    fn prose_blocks(&self, id: NodeId, keep: impl Fn(NodeId) -> bool) -> (u32, u32) {
        let prose = self.f.subtree(id).iter().copied();
        prose
            .filter(|&b| keep(b) && self.f.is_prose(b))
            .fold((0, 0), |(n, c), b| (n + 1, c + self.f.own_len[b.index()]))
    }

    /// A category index: link lists under short labels of their own, and nothing else
    /// ([`rules::directory`]).
    fn link_directory(&self, id: NodeId) -> bool {
        use rules::directory as r;
        let (mut lists, mut labels, mut links) = (0usize, 0usize, 0u32);
        for &c in &self.snap.node(id).children {
            let n = self.snap.node(c);
            let i = c.index();
            if n.kind == NodeKind::Text {
                if !n.text.trim().is_empty() {
                    return false;
                }
                continue;
            }
            if n.kind != NodeKind::Element || self.f.text_len[i] == 0 {
                continue;
            }
            if (n.is("ul") || n.is("ol")) && self.f.link_density(c) >= r::LIST_LINK_DENSITY {
                lists += 1;
                links += self.f.links[i];
            } else if self.f.text_len[i] <= r::LABEL_MAX_CHARS && self.f.link_len[i] == 0 {
                labels += 1;
            } else {
                return false;
            }
        }
        lists >= r::MIN_LISTS && labels >= lists && links >= r::MIN_LINKS
    }

    /// A box of two parts with content: a picture alone, and a few short lines, no link, all
    /// in emphasis — a table row of two cells or a hero box ([`rules::slogan`]).
    fn slogan_banner(&self, id: NodeId) -> bool {
        use rules::slogan as r;
        let (mut cells, mut picture, mut text) = (0, false, NodeId::ROOT);
        for &c in &self.snap.node(id).children {
            if self.f.text_len[c.index()] > 0 {
                (cells, text) = (cells + 1, c);
            } else if self.f.images[c.index()] > 0 {
                (cells, picture) = (cells + 1, true);
            }
        }
        let t = text.index();
        if cells != 2
            || !picture
            || self.f.images[t] > 0
            || self.f.link_len[t] > 0
            || !(r::MIN_CHARS..=r::MAX_CHARS).contains(&self.f.text_len[t])
            || !self.holds_text_lines(text, r::MIN_LINES)
        {
            return false;
        }
        let mut first = None;
        for d in self.snap.descendants(text) {
            let n = self.snap.node(d);
            if n.kind != NodeKind::Text || n.text.trim().is_empty() {
                continue;
            }
            first.get_or_insert(d);
            let mut at = d;
            while let Some(p) = self.snap.node(at).parent.filter(|&p| p != text) {
                if r::EMPHASIS_TAGS.iter().any(|e| self.snap.node(p).is(e)) {
                    break;
                }
                at = p;
            }
            if self.snap.node(at).parent == Some(text) {
                return false;
            }
        }
        // The page's own heading beside its picture is the title banner, not a motto
        // (cleaneval's earthtones.com: "Residential Long Distance" over its tagline, the head
        // title "Residential Long Distance Phone Service").
        let title = self
            .snap
            .find_tag("title")
            .map(|t| squeezed_lower(&self.snap.text_of(t)));
        !matches!((first, title), (Some(f), Some(t))
            if t.contains(squeezed_lower(&self.snap.node(f).text).as_str()))
    }

    /// Seed 001 menus: mostly link text, few words per link — unless a sentence announces the
    /// list ("See the following pages:", `extract::announce`).
    fn is_link_list(&self, id: NodeId) -> bool {
        let i = id.index();
        let links = self.f.links[i].max(1) as f32;
        self.f.link_density(id) > 0.8
            && self.f.links[i] >= 3
            && (self.f.text_len[i] as f32 / 6.0) / links < limits::MENU_WORDS_PER_LINK
            && !crate::extract::announce::announced(self.snap, self.f, id)
    }

    /// Seed 001 geometric candidates confirmed by rules (needs layout).
    fn geometric(&self, id: NodeId) -> Option<Reason> {
        let g = self.f.geo(id)?;
        let l = self.snap.node(id).layout.as_ref()?;
        let tag = self.snap.node(id).tag.as_str();
        // An inline run's box may be its parent's (`snapshot::source::LayoutNeeds`): its size
        // is not its own, and one line of text is never ad-sized anyway.
        let banner = !rules::in_table(rules::NOT_AD_SLOT_TAGS, tag)
            && !crate::snapshot::source::parent_box_of(tag, l)
            && rules::AD_SIZES
                .iter()
                .any(|&(w, h)| (l.width - w).abs() <= w * 0.1 && (l.height - h).abs() <= h * 0.1);
        if banner
            && self.f.text_len[id.index()] < 40
            && !self.holds_heading(id)
            && !self.holds_text_lines(id, 2)
        {
            return Some(Reason::Advertisement);
        }
        match g.region {
            Region::Top | Region::Left | Region::Right if self.is_link_list(id) => {
                Some(Reason::Navigation)
            }
            Region::Bottom if self.f.keyword[id.index()] == Some(Reason::SpecialInformation) => {
                Some(Reason::SpecialInformation)
            }
            _ => None,
        }
    }

    fn vocabulary(&self, id: NodeId) -> Option<Reason> {
        if self.in_heading(id) {
            // A heading's text is the heading, whatever its link is called ("toc-backref",
            // "share-link"): the words name where the link leads, not a box of boilerplate.
            return None;
        }
        if self.holds_formula(id) {
            // A box around a formula is the formula: MathJax names its containers after their
            // context menu ("CtxtMenu_Attached_0"), and "menu" is navigation vocabulary
            // (readability's mathjax page lost every equation so).
            return None;
        }
        if self.f.has(id, flag::POSITIVE)
            && !self.f.has(id, flag::AD)
            && self.f.link_density(id) < limits::LINK_DENSITY_BOILERPLATE
            && !names_what_it_holds(self.snap.node(id))
        {
            // "article-share" is noise but "post-content-nav-wrapper" is ambiguous: only a
            // link-heavy subtree counts then. A name for what the box holds (a consent notice,
            // a disclaimer: `rules::story_box::NOT_STORY_TERMS`) is not ambiguous beside a
            // text component's name (Samsung's `text-editor--feature-bottom-disclaimer`,
            // Vanguard's AEM `richtext text cmp-richtext--disclaimer`, Thomann's
            // `fx-price-disclaimer fx-text`).
            return None;
        }
        if self.holds_story(id) {
            return None;
        }
        if self.f.has(id, flag::AD) && !self.holds_prose(id) {
            Some(Reason::Advertisement)
        } else if self.f.has(id, flag::NAV)
            && !self.titles_a_section(id)
            && !self.named_panel(id)
            && !self.chapter_toc(id)
            && !self.named_faq(id)
            && !self.paged_list(id)
        {
            Some(Reason::Navigation)
        } else if self.f.has(id, flag::SPECIAL) && !self.post_list_footer(id) {
            Some(Reason::SpecialInformation)
        } else {
            None
        }
    }

    /// A box named like a menu ("dropdown", "toggle-menu") that is the panel of prose right
    /// after its trigger: an accordion's answer, which themes name after the drop-down
    /// widget that opens it. Why: a course page's FAQ answers (`accordion-item__dropdown`,
    /// wcxb-dev newsproduct.org) were dropped as navigation; a menu opened by a button is a
    /// link list, which the panel test refuses, and a drop-down of filter options is short
    /// lines, not prose paragraphs making most of its text (Steam's review filters).
    fn named_panel(&self, id: NodeId) -> bool {
        let i = id.index();
        let prose: u32 = self
            .f
            .subtree(id)
            .iter()
            .filter(|&&b| self.f.is_block[b.index()] && self.f.is_prose(b))
            .map(|b| self.f.own_len[b.index()])
            .sum();
        prose as f32 >= limits::PANEL_MIN_PROSE_SHARE * self.f.text_len[i] as f32
            && crate::snapshot::visibility::closed_panel_of_prose(
                self.snap,
                id,
                self.f.text_len[i],
                self.f.link_len[i],
                |_| true,
            )
    }

    /// `id` holds a heading and at least `rules::vocab::AD_MAX_UNLINKED_CHARS` of text
    /// outside links (`AD_LANDING_UNLINKED_CHARS` on a page not declaring `og:type` article),
    /// or is named as (a part of) a hero section: a section of the page, not an ad slot.
    fn holds_prose(&self, id: NodeId) -> bool {
        let i = id.index();
        let unlinked = self.f.text_len[i].saturating_sub(self.f.link_len[i]);
        self.named_hero(id)
            || unlinked >= rules::vocab::AD_LANDING_UNLINKED_CHARS
                && self.holds_heading(id)
                && (unlinked >= rules::vocab::AD_MAX_UNLINKED_CHARS
                    || !*self
                        .og_article
                        .get_or_init(|| crate::classify::page_type::declares_og_article(self.snap)))
    }

    /// `id` is a heading element that a table of contents lists — its class names a TOC, or it
    /// has an `id` for the TOC's links: a section title, whatever menu words its class holds.
    /// Why: Google's DevSite marks section titles `hide-from-toc` (developer.android.com),
    /// BrowserStack `hide-toc-heading`, Docusaurus `anchorWithStickyNavbar` on every `h2`–`h4`
    /// (wcxb-dev documentation): the sections lost their titles as navigation. A TOC box or
    /// list (`nav.toc`, `div#toc ul`) is no heading and stays navigation; a site title
    /// `<h1 class="masthead">` has no `id` (cleaneval's tripadvisor page kept its nav so).
    fn titles_a_section(&self, id: NodeId) -> bool {
        let node = self.snap.node(id);
        rules::is_heading(node.tag.as_str())
            && (node.attr("id").is_some() || self.toc_named.get(id.index()) == Some(&true))
    }

    /// `id`'s class or id names an FAQ (`rules::vocab::FAQ_TERMS`): questions and their
    /// answers, not a menu, even when the name also says "menu" or "tabs".
    fn named_faq(&self, id: NodeId) -> bool {
        self.named_by(id, rules::vocab::FAQ_TERMS)
    }

    /// A post's footer on a page listing posts (`rules::vocab::FOOTER_TERMS`).
    fn post_list_footer(&self, id: NodeId) -> bool {
        self.f.has(id, flag::POSITIVE)
            && self.named_by(id, rules::vocab::FOOTER_TERMS)
            && self
                .f
                .subtree(id)
                .iter()
                .any(|&d| d != id && self.named_by(d, rules::meta_line::BYLINE_TERMS))
            && (self.snap.node(id).parent)
                .is_some_and(|p| crate::extract::layout::repeated_card(self.snap, self.f, p))
    }

    /// `id`'s class or id holds one of `terms`.
    fn named_by(&self, id: NodeId, terms: &rules::vocab::Terms) -> bool {
        rules::vocab::named_by(self.snap.node(id), terms)
    }

    /// `id` is named as a pager and by no other navigation term, and holds a long list that is
    /// no menu of short links: the items a pager pages (`rules::vocab::PAGER_TERMS`).
    fn paged_list(&self, id: NodeId) -> bool {
        use rules::vocab as v;
        if self.f.text_len[id.index()] < v::PAGED_LIST_MIN_CHARS || self.is_link_list(id) {
            return false;
        }
        let node = self.snap.node(id);
        let names: Vec<&str> = ["class", "id"]
            .iter()
            .filter_map(|a| node.attr(a))
            .collect();
        let other_nav = |s: &str| {
            v::term_list(v::NAV_TERMS)
                .filter(|&(w, _, _)| !v::term_list(v::PAGER_TERMS).any(|(p, _, _)| p == w))
                .any(|(_, _, term)| rules::matches_terms(s, term))
        };
        names
            .iter()
            .any(|s| rules::matches_terms(s, v::PAGER_TERMS))
            && !names.iter().any(|s| other_nav(s))
    }

    /// `id`'s class or id names a hero section (`rules::vocab::HERO_TERMS`).
    fn named_hero(&self, id: NodeId) -> bool {
        self.named_by(id, rules::vocab::HERO_TERMS)
    }

    /// `id` (or the box named like a table of contents it sits in, a few levels up) is a
    /// chapter's own table of contents ([`rules::vocab::CHAPTER_TOC_TERMS`]): most of its links
    /// lead to other pages, it holds most of its parent's text, and the parent also holds a
    /// heading and a prose paragraph outside it.
    fn chapter_toc(&self, id: NodeId) -> bool {
        use rules::vocab as v;
        if self.toc_named.is_empty() {
            return false;
        }
        let named = |n: NodeId| self.toc_named.get(n.index()).copied().unwrap_or(false);
        let mut toc = None;
        let mut at = Some(id);
        for _ in 0..4 {
            let Some(n) = at else { break };
            if named(n) {
                toc = Some(n);
            }
            at = self.snap.node(n).parent;
        }
        let Some(toc) = toc else { return false };
        let Some(parent) = self.snap.node(toc).parent else {
            return false;
        };
        let (mut links, mut pages) = (0u32, 0u32);
        for d in self.snap.descendants(toc) {
            if let Some(href) = self.snap.node(d).attr("href") {
                links += 1;
                let href = href.trim();
                if !href.is_empty() && !href.starts_with('#') {
                    pages += 1;
                }
            }
        }
        if links < v::CHAPTER_TOC_MIN_LINKS
            || (pages as f32) < v::CHAPTER_TOC_PAGE_LINKS * links as f32
            || (self.f.text_len[toc.index()] as f32)
                < v::CHAPTER_TOC_SHARE * self.f.text_len[parent.index()] as f32
        {
            return false;
        }
        let outside = |b: &&NodeId| !self.f.contains(toc, **b);
        let sub = self.f.subtree(parent);
        sub.iter()
            .filter(outside)
            .any(|n| rules::is_heading(self.snap.node(*n).tag.as_str()))
            && sub
                .iter()
                .filter(outside)
                .any(|&b| self.f.is_block[b.index()] && self.f.is_prose(b))
    }

    /// `id` is or holds a heading element (`<h1>`…`<h6>`).
    ///
    /// Why the ad-size rule asks: an ad slot holds an image or frame and at most a label
    /// ("Advertisement"); a box whose words are a heading is a section's title that happens to
    /// be sized like a leaderboard (wcxb-dev 0693, live: a 731 × 98 column holding "Benefits /
    /// Quality service, made simple" dropped the section under it).
    /// At least `n` blocks under `id` (or `id` itself) have text of their own. Why: an ad slot
    /// shows one creative, its markup at most a label line ("Advertisement"); a banner-sized
    /// box of separate short lines is a post's byline (wcxb-dev Netmums: avatar, "Judith C
    /// (157)", "28/11/2025 at 7:16 pm" in 505×56 px, the size of a 468×60 banner).
    fn holds_text_lines(&self, id: NodeId, n: usize) -> bool {
        self.f
            .subtree(id)
            .iter()
            .filter(|b| self.f.is_block[b.index()] && self.f.own_len[b.index()] > 0)
            .nth(n - 1)
            .is_some()
    }

    fn holds_heading(&self, id: NodeId) -> bool {
        self.f
            .subtree(id)
            .iter()
            .any(|n| rules::is_heading(self.snap.node(*n).tag.as_str()))
    }

    /// Most of `id`'s text is in a MathML `<math>` element.
    fn holds_formula(&self, id: NodeId) -> bool {
        let len = self.f.text_len[id.index()];
        self.snap.descendants(id).any(|d| {
            self.snap.node(d).is("math")
                && self.f.text_len[d.index()] as f32 >= len as f32 * limits::FORMULA_TEXT_SHARE
        })
    }

    /// `id` sits inside an `h1`–`h6` (a few levels up at most: `h2 > a > span`).
    fn in_heading(&self, id: NodeId) -> bool {
        self.snap
            .ancestors(id)
            .take(limits::HEADING_INLINE_LEVELS)
            .any(|p| rules::is_heading(self.snap.node(p).tag.as_str()))
    }

    /// Short blocks whose own text is boilerplate vocabulary ("Share this", "© 2024"), photo
    /// credit lines ("Foto: dpa"; `rules::credit`), "read also" lines ("Lea también: …";
    /// `rules::teaser`) and appeal or disclaimer lines ("Sie lesen gern …?"; `rules::appeal`).
    fn keyword(&self, id: NodeId) -> Option<Reason> {
        let i = id.index();
        if !self.f.is_block[i] {
            return None;
        }
        let len = self.f.text_len[i];
        // A code sample is not furniture whatever it prints (`return 'Loading...';`).
        if len < limits::KEYWORD_MAX_CHARS && self.f.keyword[i].is_some() && !self.holds_code(id) {
            return self.f.keyword[i];
        }
        let (credit_max, read_also_max, appeal_max) = (
            rules::credit::CREDIT_MAX_CHARS,
            rules::teaser::READ_ALSO_MAX_CHARS,
            rules::appeal::MAX_CHARS,
        );
        if len > credit_max.max(read_also_max).max(appeal_max) {
            return None;
        }
        // The block's text is read once for the three line rules.
        let text = self.snap.text_of(id);
        if len <= credit_max
            && (rules::credit::is_credit_line(&text) || self.slide_counter(id, &text))
        {
            return Some(Reason::SpecialInformation);
        }
        if len <= rules::meta_line::META_MAX_CHARS
            && rules::meta_line::is_reading_time(&text)
            && !self.teaser_meta(id)
        {
            return Some(Reason::SpecialInformation);
        }
        if len <= read_also_max && rules::teaser::is_read_also_line(&text) {
            return Some(Reason::Navigation);
        }
        (len <= appeal_max && rules::appeal::is_appeal_line(&text))
            .then_some(Reason::SpecialInformation)
    }
}

/// A box named as customer reviews (`rules::tail::REVIEW_BOX_TERMS`) that does not hold the
/// page's `h1` (a review site's page is the review itself).
pub(crate) fn review_box(snap: &Snapshot, id: NodeId, node: &Node) -> bool {
    rules::vocab::named_by(node, rules::tail::REVIEW_BOX_TERMS)
        && !snap.descendants(id).any(|d| snap.node(d).is("h1"))
}

/// The page footer landmark: `<footer>` or `role="contentinfo"`.
pub(crate) fn is_footer_landmark(n: &Node) -> bool {
    n.is("footer") || n.attr("role") == Some("contentinfo")
}

/// An `<article>` or `<main>` element, or one with `role="main"`.
pub(crate) fn is_article_like(node: &Node) -> bool {
    matches!(node.tag.as_str(), "article" | "main") || node.attr("role") == Some("main")
}

/// Whitespace collapsed to single spaces, trimmed, lowercased.
pub(crate) fn squeezed_lower(text: &str) -> String {
    crate::lower(&text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The forum user-card lines of the page (`rules::meta_line::STAT_LABELS`): from each short
/// text opening with a card label, the nearest element (at most three levels up, at most
/// `STAT_MAX_CHARS`) whose text is the label and a fitting value ("Posts: 98"), or that is the
/// label alone with the value in its next element sibling (`<dt>Joined</dt><dd>…</dd>`).
/// An icon standing for the label counts as the label: an element without text whose `title`
/// is a card label, the nearest textless element (it or up to two levels up) with the value
/// in its next element sibling. Why: XenForo themes draw the card's labels as icons
/// (`<dt><span title="Joined"><i class="fa-user"></i></span></dt><dd>Oct 7, 2009</dd>`), so
/// the card printed bare dates and counts under every post (forums.tomshardware.com).
/// All false unless the page shows `STAT_MIN_LINES` such lines under `STAT_MIN_CORE_LABELS`
/// core labels.
pub(crate) fn user_card_lines(snap: &Snapshot, f: &Features) -> Side<bool> {
    use rules::meta_line::{self as r, stat_label, stat_value_fits};
    let mut marks = Side(vec![false; snap.len()]);
    let mut lines = 0;
    let mut core = Vec::new();
    let mut core_lines = 0;
    let max_chars = r::STAT_MAX_CHARS as usize;
    // The element after `e` among its siblings when its text fits `label`'s value.
    let value_beside = |e: NodeId, label: usize| {
        let siblings = &snap.node(snap.node(e).parent?).children;
        let at = siblings.iter().position(|&s| s == e)?;
        let next = siblings[at + 1..]
            .iter()
            .copied()
            .find(|&s| snap.node(s).kind == NodeKind::Element)?;
        let value = squeezed_lower(&snap.text_of(next));
        stat_value_fits(label, &value).then_some(next)
    };
    for &id in &f.order {
        let node = snap.node(id);
        let found = if node.kind == NodeKind::Element {
            // An icon label: no text, a card label as its title.
            let Some(title) = node.attr("title").filter(|t| t.len() <= max_chars) else {
                continue;
            };
            if f.skip[id.index()] || f.text_len[id.index()] > 0 || !r::opens_with_stat_label(title)
            {
                continue;
            }
            let Some((label, "")) = stat_label(&squeezed_lower(title)) else {
                continue;
            };
            std::iter::once(id)
                .chain(snap.ancestors(id))
                .take(3)
                .take_while(|&e| !marks[e.index()] && f.text_len[e.index()] == 0)
                .find_map(|e| value_beside(e, label).map(|v| (label, [Some(e), Some(v)])))
        } else {
            let t = node.text.trim_start();
            if node.kind != NodeKind::Text
                || f.skip[id.index()]
                || !t.starts_with(|c: char| c.is_alphabetic())
                || t.len() > 2 * max_chars
                || !r::opens_with_stat_label(t)
                || stat_label(&squeezed_lower(t)).is_none()
            {
                continue;
            }
            let mut found = None;
            for e in snap.ancestors(id).take(3) {
                if marks[e.index()] || f.text_len[e.index()] > r::STAT_MAX_CHARS {
                    break;
                }
                let text = squeezed_lower(&snap.text_of(e));
                let Some((label, rest)) = stat_label(&text) else {
                    break;
                };
                found = if rest.is_empty() {
                    value_beside(e, label).map(|v| (label, [Some(e), Some(v)]))
                } else if stat_value_fits(label, rest) {
                    Some((label, [Some(e), None]))
                } else {
                    break;
                };
                if found.is_some() {
                    break;
                }
            }
            found
        };
        if let Some((label, found)) = found {
            for m in found.into_iter().flatten() {
                marks[m.index()] = true;
            }
            lines += 1;
            if r::STAT_LABELS[label].2 {
                core_lines += 1;
                if !core.contains(&label) {
                    core.push(label);
                }
            }
        }
    }
    let thread = core.len() >= r::STAT_MIN_CORE_LABELS || core_lines >= r::STAT_MIN_CORE_LINES;
    if lines < r::STAT_MIN_LINES || !thread {
        marks.iter_mut().for_each(|m| *m = false);
    }
    marks
}

/// Named for what it holds, a cookie or consent notice or a disclaimer, by its class
/// (`rules::story_box::NOT_STORY_TERMS`). Not by id: ids are made from headings (the Flask
/// quickstart's section "Cookies" is `id="cookies"`).
fn names_what_it_holds(node: &Node) -> bool {
    node.attr("class")
        .is_some_and(|v| rules::matches_terms(v, rules::story_box::NOT_STORY_TERMS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract::blocks;
    use crate::snapshot::build::Builder;
    use crate::snapshot::{Layout, Viewport};

    fn prose(b: &mut Builder, n: usize) {
        for _ in 0..n {
            b.el("p", &[], |b| {
                b.text("A long paragraph of article prose, with commas, clauses and detail enough to matter here.");
            });
        }
    }

    fn labels(s: &Snapshot) -> NoiseLabels {
        let f = blocks::compute(s);
        NoiseClassifier::new(s, &f).classify()
    }

    /// A chapter page: heading, table of contents of the chapter's sub-pages, a short intro.
    fn chapter(b: &mut Builder, hrefs: [&str; 4]) -> (NodeId, NodeId) {
        let z = NodeId(0);
        let (mut toc, mut list) = (z, z);
        b.el("div", &[("class", "chapter")], |b| {
            b.el("h2", &[], |b| {
                b.text("Chapter 11. Indexes");
            });
            toc = b.el("div", &[("class", "toc")], |b| {
                list = b.el("dl", &[("class", "toc")], |b| {
                    for (k, h) in hrefs.iter().enumerate() {
                        b.el("dt", &[], |b| {
                            b.el("a", &[("href", h)], |b| {
                                b.text(&format!(
                                    "11.{k}. Index types, operator classes and their uses"
                                ));
                            });
                        });
                    }
                });
            });
            b.el("p", &[], |b| {
                b.text(
                    "Indexes are a common way to enhance database performance. An index lets \
                     the server find rows much faster, but it adds overhead to every write.",
                );
            });
        });
        (toc, list)
    }

    #[test]
    fn a_chapter_table_of_contents_is_content_a_jump_menu_is_not() {
        let mut b = Builder::new();
        let (mut toc, mut list) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            (toc, list) = chapter(b, ["intro.html", "types.html", "multi.html", "order.html"]);
            prose(b, 6);
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[toc.index()], None);
        assert_eq!(l.kind[list.index()], None);
        assert!(l.toc[list.index()]);
        // The same box of `#` jumps is an article's jump menu: navigation.
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            (toc, _) = chapter(b, ["#intro", "#types", "#multi", "#order"]);
            prose(b, 6);
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[toc.index()], Some(Reason::Navigation));
        assert!(!l.toc[toc.index()]);
    }

    #[test]
    fn an_announced_link_list_is_no_menu_but_stays_noise_in_a_landmark() {
        let label = |intro: &str, wrapper: &str| {
            let mut b = Builder::new();
            let (mut boxed, mut list) = (NodeId(0), NodeId(0));
            b.el("body", &[], |b| {
                prose(b, 12);
                boxed = b.el(wrapper, &[], |b| {
                    b.el("p", &[], |b| {
                        b.text(intro);
                    });
                    list = b.el("ul", &[], |b| {
                        for name in ["Strings", "Lists", "Sets", "Hashes"] {
                            b.el("li", &[], |b| {
                                b.el("a", &[("href", "/docs/x")], |b| {
                                    b.text(name);
                                });
                            });
                        }
                    });
                });
            });
            let l = labels(&b.finish());
            (l.kind[boxed.index()], l.kind[list.index()])
        };
        let intro = "Redis implements the following data types:";
        assert_eq!(label(intro, "div"), (None, None));
        assert_eq!(label("Data types", "div").1, Some(Reason::Navigation));
        assert_eq!(label(intro, "nav").0, Some(Reason::Navigation));
    }

    #[test]
    fn a_section_title_named_for_the_toc_is_no_menu_a_toc_box_is() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut docusaurus, mut devsite, mut masthead, mut toc) = (z, z, z, z);
        b.el("body", &[], |b| {
            masthead = b.el("h1", &[("class", "masthead")], |b| {
                b.text("Travel site");
            });
            toc = b.el("div", &[("class", "toc")], |b| {
                b.el("a", &[("href", "#fields")], |b| {
                    b.text("Fields");
                });
            });
            prose(b, 6);
            docusaurus = b.el(
                "h2",
                &[("class", "anchorWithStickyNavbar"), ("id", "f")],
                |b| {
                    b.text("Fields");
                },
            );
            prose(b, 6);
            devsite = b.el("h3", &[("class", "hide-from-toc")], |b| {
                b.text("Get started");
            });
            prose(b, 6);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[docusaurus.index()], None);
        assert_eq!(l.kind[devsite.index()], None);
        assert_eq!(l.kind[masthead.index()], Some(Reason::Navigation));
        assert_eq!(l.kind[toc.index()], Some(Reason::Navigation));
    }

    #[test]
    fn a_docbook_page_header_is_navigation() {
        let mut b = Builder::new();
        let mut head = NodeId(0);
        b.el("body", &[], |b| {
            head = b.el("div", &[("class", "navheader")], |b| {
                b.el("table", &[], |b| {
                    b.el("tr", &[], |b| {
                        b.el("th", &[], |b| {
                            b.text("Chapter 11. Indexes");
                        });
                    });
                    b.el("tr", &[], |b| {
                        b.el("td", &[], |b| {
                            b.text("10.6. SELECT Output Columns");
                        });
                        b.el("td", &[], |b| {
                            b.text("Part II. The SQL Language");
                        });
                    });
                });
            });
            prose(b, 6);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[head.index()], Some(Reason::Navigation));
    }

    #[test]
    fn an_accordion_heading_button_is_no_control() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut title, mut bare, mut beside) = (z, z, z);
        b.el("body", &[], |b| {
            b.el("h3", &[], |b| {
                title = b.el("button", &[("aria-expanded", "true")], |b| {
                    b.text("Specifications");
                });
                b.el("span", &[("aria-hidden", "true")], |b| {
                    b.text("\u{a0}");
                });
            });
            prose(b, 3);
            bare = b.el("button", &[], |b| {
                b.text("Add to cart");
            });
            b.el("h1", &[], |b| {
                b.text("Crate tokio");
                beside = b.el("button", &[], |b| {
                    b.text("Copy item path");
                });
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[title.index()], None);
        assert_eq!(l.kind[bare.index()], Some(Reason::Interactive));
        assert_eq!(l.kind[beside.index()], Some(Reason::Interactive));
    }

    #[test]
    fn a_closed_accordion_answer_after_its_trigger_is_content() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut answer, mut twin, mut menu, mut styled) = (z, z, z, z);
        b.el("body", &[], |b| {
            prose(b, 3);
            b.el("div", &[("class", "faq-item")], |b| {
                b.el("button", &[("aria-expanded", "false")], |b| {
                    b.text("What does the course cost?");
                });
                answer = b.el("div", &[("hidden", "")], |b| prose(b, 2));
            });
            b.el("div", &[("class", "faq-item")], |b| {
                b.el("h3", &[], |b| {
                    b.text("Who teaches it?");
                });
                styled = b.el("div", &[("style", "visibility: hidden; height: 0")], |b| {
                    prose(b, 2)
                });
            });
            // A responsive twin follows its twin, not a trigger.
            b.el("div", &[], |b| prose(b, 2));
            twin = b.el("div", &[("style", "display:none")], |b| prose(b, 2));
            // A menu opened by a button is a link list.
            b.el("div", &[], |b| {
                b.el("button", &[], |b| {
                    b.text("Menu");
                });
                menu = b.el("ul", &[("hidden", "")], |b| {
                    for _ in 0..8 {
                        b.el("li", &[], |b| {
                            b.el("a", &[("href", "/")], |b| {
                                b.text("Our services and industries");
                            });
                        });
                    }
                });
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[answer.index()], None);
        assert_eq!(l.kind[styled.index()], None);
        assert_eq!(l.kind[twin.index()], Some(Reason::Hidden));
        assert_eq!(l.kind[menu.index()], Some(Reason::Hidden));
    }

    #[test]
    fn a_closed_pane_of_a_tab_set_is_content_a_hidden_slide_is_not() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut specs, mut slide) = (z, z);
        b.el("body", &[], |b| {
            prose(b, 3);
            // The tabs sit in their own list; the panes follow one another, the first open.
            b.el("ul", &[("class", "tab-navs")], |b| {
                for name in ["Overview", "Specs"] {
                    b.el("li", &[("class", "tab-nav")], |b| {
                        b.text(name);
                    });
                }
            });
            b.el("div", &[("class", "tab-panes")], |b| {
                b.el("div", &[("class", "tab-pane active")], |b| prose(b, 2));
                specs = b.el(
                    "div",
                    &[("class", "tab-pane"), ("style", "display:none")],
                    |b| prose(b, 2),
                );
            });
            // Slides of one class are not named as tab panels: the hidden one stays hidden.
            b.el("div", &[("class", "slides")], |b| {
                b.el("div", &[("class", "slide")], |b| prose(b, 2));
                slide = b.el(
                    "div",
                    &[("class", "slide"), ("style", "display:none")],
                    |b| prose(b, 2),
                );
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[specs.index()], None);
        assert_eq!(l.kind[slide.index()], Some(Reason::Hidden));
    }

    #[test]
    fn a_framework_hiding_class_hides_unless_responsive_or_switched() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut fields, mut desktop, mut tab, mut sr) = (z, z, z, z);
        let (mut swatch, mut other) = (z, z);
        b.el("body", &[], |b| {
            prose(b, 3);
            // Unfilled template fields a theme keeps hidden.
            fields = b.el("dl", &[("class", "product-info hide")], |b| {
                b.el("dt", &[], |b| {
                    b.text("cat_thumb_Navy:");
                });
                b.el("dd", &[], |b| {
                    b.text("https://cdn.example.com/navy.jpg");
                });
            });
            // Shown on wider screens.
            desktop = b.el("div", &[("class", "hidden md:block")], |b| prose(b, 1));
            // One of a set of tabs a script switches between.
            b.el("ul", &[("class", "templates-list")], |b| prose(b, 1));
            tab = b.el("ul", &[("class", "templates-list hidden")], |b| prose(b, 1));
            // The same, with its classes in another order; and one whose shown classes differ
            // from every sibling's (a repeated class counts twice).
            b.el("ol", &[("class", "swatch round")], |b| prose(b, 1));
            swatch = b.el("ol", &[("class", "round hidden swatch")], |b| prose(b, 1));
            other = b.el("ol", &[("class", "round hidden round")], |b| prose(b, 1));
            // Screen-reader text is kept.
            sr = b.el("span", &[("class", "visually-hidden")], |b| {
                b.text("Opens in a new window");
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[fields.index()], Some(Reason::Hidden));
        assert_ne!(l.kind[desktop.index()], Some(Reason::Hidden));
        assert_ne!(l.kind[tab.index()], Some(Reason::Hidden));
        assert_ne!(l.kind[swatch.index()], Some(Reason::Hidden));
        assert_eq!(l.kind[other.index()], Some(Reason::Hidden));
        assert_ne!(l.kind[sr.index()], Some(Reason::Hidden));
    }

    #[test]
    fn with_layout_a_hiding_class_hides_only_when_the_stylesheet_did_not_apply() {
        // A live page: every box laid out and shown, as when its stylesheet failed to load.
        let page = |styled: bool| {
            let mut b = Builder::new();
            let z = NodeId(0);
            let (mut fields, mut closed) = (z, z);
            b.el("body", &[], |b| {
                prose(b, 3);
                fields = b.el("dl", &[("class", "product-info hide")], |b| {
                    b.el("dt", &[], |b| {
                        b.text("cat_thumb_Navy:");
                    });
                });
                closed = b.el("div", &[("class", "menu hidden")], |b| {
                    b.text("Menu");
                });
            });
            let mut s = b.finish();
            for n in s.nodes.iter_mut().filter(|n| n.kind == NodeKind::Element) {
                n.layout = Some(Layout {
                    display: "block".into(),
                    visibility: "visible".into(),
                    opacity: 1.0,
                    position: "static".into(),
                    width: 600.0,
                    height: 100.0,
                    ..Default::default()
                });
            }
            if styled {
                // The framework's stylesheet applied: it hides the closed menu.
                if let Some(l) = s.nodes[closed.index()].layout.as_mut() {
                    l.display = "none".into();
                }
            }
            (s, fields)
        };
        let (s, fields) = page(false);
        assert_eq!(labels(&s).kind[fields.index()], Some(Reason::Hidden));
        // Computed style is the truth once the classes demonstrably apply: this box is shown.
        let (s, fields) = page(true);
        assert_ne!(labels(&s).kind[fields.index()], Some(Reason::Hidden));
    }

    #[test]
    fn an_answer_named_dropdown_is_content_a_dropdown_of_options_is_not() {
        let mut b = Builder::new();
        let (mut answer, mut filters) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 3);
            b.el("div", &[("class", "accordion-item")], |b| {
                b.el("button", &[], |b| {
                    b.text("Who is the program for?");
                });
                answer = b.el("div", &[("class", "accordion-item__dropdown")], |b| {
                    prose(b, 2)
                });
            });
            b.el("div", &[("class", "filters")], |b| {
                b.el("button", &[], |b| {
                    b.text("Filter reviews");
                });
                filters = b.el("div", &[("class", "filter-dropdown")], |b| {
                    b.el("p", &[], |b| {
                        b.text("Pick how the reviews below are ordered.");
                    });
                    for o in [
                        "Most helpful",
                        "Most recent",
                        "Funniest",
                        "Longest",
                        "Oldest",
                    ] {
                        for _ in 0..4 {
                            b.el("div", &[], |b| {
                                b.text(o);
                            });
                        }
                    }
                });
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[answer.index()], None);
        assert_eq!(l.kind[filters.index()], Some(Reason::Navigation));
    }

    #[test]
    fn a_pager_named_box_around_a_product_grid_is_no_navigation() {
        let mut b = Builder::new();
        let (mut paged, mut pager) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            paged = b.el("div", &[("class", "pagination_pagination__rI")], |b| {
                for _ in 0..12 {
                    b.el("article", &[("class", "card")], |b| {
                        b.el("a", &[("href", "/p")], |b| {
                            b.text("Running Graphic T-Shirt");
                        });
                        b.el("p", &[], |b| {
                            b.text("oversized fit, GS Black, $36");
                        });
                    });
                }
            });
            pager = b.el("div", &[("class", "pagination")], |b| {
                for n in ["1", "2", "3", "Next"] {
                    b.el("a", &[("href", "/p")], |b| {
                        b.text(n);
                    });
                }
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[paged.index()], None);
        assert_eq!(l.kind[pager.index()], Some(Reason::Navigation));
    }

    #[test]
    fn a_page_builders_grid_names_are_not_widget_vocabulary() {
        let mut b = Builder::new();
        let (mut module, mut wrapper, mut widget) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            module = b.el(
                "div",
                &[(
                    "class",
                    "span12 widget-span widget-type-custom_widget dnd-module",
                )],
                |b| {
                    wrapper = b.el(
                        "div",
                        &[
                            ("class", "hs_cos_wrapper hs_cos_wrapper_widget"),
                            ("id", "hs_cos_wrapper_widget_1748939365246"),
                        ],
                        |b| prose(b, 3),
                    );
                },
            );
            b.el("section", &[("id", "widget_1753109255749")], |b| {
                prose(b, 3)
            });
            widget = b.el("div", &[("class", "sidebar-widget")], |b| {
                b.el("a", &[("href", "/")], |b| {
                    b.text("Popular posts");
                });
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[module.index()], None);
        assert_eq!(l.kind[wrapper.index()], None);
        assert!(l.kind[widget.index()].is_some());
    }

    #[test]
    fn a_shops_metrics_wrapper_is_not_widget_vocabulary() {
        let mut b = Builder::new();
        let (mut feature, mut widget) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            feature = b.el(
                "div",
                &[
                    ("class", "celwidget"),
                    ("id", "editorialReviews_feature_div"),
                ],
                |b| prose(b, 3),
            );
            widget = b.el("div", &[("class", "sidebar-widget")], |b| {
                b.el("a", &[("href", "/")], |b| {
                    b.text("Popular posts");
                });
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[feature.index()], None);
        assert!(l.kind[widget.index()].is_some());
    }

    #[test]
    fn a_formula_box_named_after_its_context_menu_is_not_navigation() {
        let mut b = Builder::new();
        let (mut formula, mut menu) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 4);
            formula = b.el(
                "mjx-container",
                &[("class", "MathJax CtxtMenu_Attached_0")],
                |b| {
                    b.el("math", &[], |b| {
                        b.el("mi", &[], |b| {
                            b.text("a");
                        });
                        b.el("mo", &[], |b| {
                            b.text("≠");
                        });
                        b.el("mn", &[], |b| {
                            b.text("0");
                        });
                    });
                },
            );
            menu = b.el("div", &[("class", "CtxtMenu_Attached_0")], |b| {
                b.text("Home");
            });
            prose(b, 4);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[formula.index()], None);
        assert_eq!(l.kind[menu.index()], Some(Reason::Navigation));
    }

    #[test]
    fn a_declared_modal_is_an_overlay_however_long() {
        let mut b = Builder::new();
        let (mut policy, mut story) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 2);
            policy = b.el("div", &[("role", "dialog"), ("aria-modal", "true")], |b| {
                prose(b, 12);
            });
            story = b.el("div", &[("aria-modal", "true")], |b| {
                b.el("article", &[], |b| prose(b, 12));
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[policy.index()], Some(Reason::Overlay));
        assert_eq!(l.kind[story.index()], None);
    }

    #[test]
    fn a_form_around_posts_is_no_control_box() {
        let mut b = Builder::new();
        let (mut thread, mut search, mut lead) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            thread = b.el("form", &[], |b| {
                prose(b, 4);
                b.el("input", &[("type", "hidden")], |_| {});
            });
            search = b.el("form", &[], |b| {
                b.el("p", &[], |b| {
                    b.text("Search the forum, its members and their posts here.");
                });
                b.el("input", &[("type", "search")], |_| {});
            });
            lead = b.el("form", &[], |b| {
                prose(b, 4);
                b.el("input", &[("type", "email")], |_| {});
            });
            prose(b, 8);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[thread.index()], None);
        assert_eq!(l.kind[search.index()], Some(Reason::Interactive));
        assert_eq!(l.kind[lead.index()], Some(Reason::Interactive));
    }

    #[test]
    fn an_option_picker_is_a_control_box() {
        let mut b = Builder::new();
        let (mut after, mut inside, mut group, mut plain) =
            (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 8);
            b.el("div", &[("class", "custom-radio")], |b| {
                b.el("input", &[("type", "radio"), ("id", "s20")], |_| {});
                after = b.el("label", &[("for", "s20")], |b| {
                    b.text("20 oz");
                });
            });
            inside = b.el("label", &[], |b| {
                b.el("input", &[("type", "RADIO")], |_| {});
                b.text("Whole Bean");
            });
            group = b.el("fieldset", &[], |b| {
                b.el("legend", &[], |b| {
                    b.text("Size");
                });
                b.el("input", &[("type", "radio")], |_| {});
            });
            plain = b.el("label", &[("for", "email")], |b| {
                b.text("Your e-mail address");
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[after.index()], Some(Reason::Interactive));
        assert_eq!(l.kind[inside.index()], Some(Reason::Interactive));
        assert_eq!(l.kind[group.index()], Some(Reason::Interactive));
        assert_eq!(l.kind[plain.index()], None);
    }

    #[test]
    fn a_radio_group_is_a_control_box() {
        let mut b = Builder::new();
        let mut swatches = NodeId(0);
        b.el("body", &[], |b| {
            prose(b, 8);
            swatches = b.el("div", &[("role", "radiogroup")], |b| {
                for colour in ["White", "Black", "Navy"] {
                    b.el("div", &[("class", "swatch")], |b| {
                        b.text(colour);
                    });
                }
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[swatches.index()], Some(Reason::Interactive));
    }

    #[test]
    fn a_status_live_region_is_special_information() {
        let mut b = Builder::new();
        let mut price = NodeId(0);
        b.el("body", &[], |b| {
            prose(b, 8);
            price = b.el("div", &[("role", "status")], |b| {
                b.el("span", &[("class", "visually-hidden")], |b| {
                    b.text("Regular price");
                });
                b.text("$19.99 Sale Sold out");
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[price.index()], Some(Reason::SpecialInformation));
    }

    #[test]
    fn a_form_wrapping_one_comment_is_no_control_box() {
        let mut b = Builder::new();
        let (mut comment, mut cards, mut vote) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 8);
            // old.reddit.com: a comment's text in a form with a hidden id only.
            comment = b.el("form", &[("class", "usertext")], |b| {
                b.el("input", &[("type", "hidden"), ("name", "thing_id")], |_| {});
                b.el("p", &[], |b| {
                    b.text("Might this also help with the ringing in my ears?");
                });
            });
            // A shop's product cards in a form: linked titles.
            cards = b.el("form", &[("class", "product-listing")], |b| {
                for _ in 0..3 {
                    b.el("div", &[], |b| {
                        b.el("a", &[("href", "/p")], |b| {
                            b.text("A 4K dash cam with radar");
                        });
                        b.el("span", &[], |b| {
                            b.text("$99");
                        });
                    });
                }
            });
            // A poll with a button is a control box.
            vote = b.el("form", &[], |b| {
                b.el("p", &[], |b| {
                    b.text("Which of these do you like best?");
                });
                b.el("button", &[], |b| {
                    b.text("Vote");
                });
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[comment.index()], None);
        assert_eq!(l.kind[cards.index()], Some(Reason::Interactive));
        assert_eq!(l.kind[vote.index()], Some(Reason::Interactive));
    }

    #[test]
    fn a_photo_credit_line_is_special_information() {
        let mut b = Builder::new();
        let (mut credit, mut prose_p) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 4);
            credit = b.el("p", &[], |b| {
                b.text("Foto: Christof Stache");
            });
            prose_p = b.el("p", &[], |b| {
                b.text("Das Foto: ein Dokument der Zeit, sagt die Kuratorin der Ausstellung.");
            });
            prose(b, 4);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[credit.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[prose_p.index()], None);
    }

    /// A Latin American story: a "PUEDES VER: …" line between its paragraphs points to another
    /// story, and its share bar is named in Spanish (session 25).
    #[test]
    fn spanish_read_also_lines_and_share_bars_are_noise() {
        let mut b = Builder::new();
        let (mut mira, mut bar, mut prose_p) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 3);
            mira = b.el("h3", &[], |b| {
                b.text("PUEDES VER: ¿Qué es la Sunedu, cómo está conformada y para qué sirve?");
            });
            prose_p = b.el("p", &[], |b| {
                b.text("Puedes verlo así: la captura se hizo con una orden judicial del fiscal.");
            });
            prose(b, 3);
            bar = b.el("div", &[("class", "compartir-noticia")], |b| {
                for net in ["Facebook", "Twitter", "WhatsApp"] {
                    b.el("a", &[("href", "/s")], |b| {
                        b.text(net);
                    });
                }
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[mira.index()], Some(Reason::Navigation));
        assert_eq!(l.kind[prose_p.index()], None);
        assert_eq!(l.kind[bar.index()], Some(Reason::SpecialInformation));
    }

    #[test]
    fn a_reading_time_line_is_special_information_but_not_on_a_teaser() {
        let mut b = Builder::new();
        let (mut estimate, mut card_line, mut prose_p) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[], |b| {
                b.el("div", &[], |b| {
                    b.el("h1", &[], |b| {
                        b.text("How to prune roses");
                    });
                    b.el("div", &[], |b| {
                        estimate = b.el("div", &[], |b| {
                            b.text("March 15, 2022 · 3 min read");
                        });
                    });
                });
                prose(b, 4);
                prose_p = b.el("p", &[], |b| {
                    b.text("Give yourself 5 min reading the label before you spray anything.");
                });
            });
            b.el("div", &[], |b| {
                b.el("h2", &[], |b| {
                    b.text("Next: feeding roses");
                });
                card_line = b.el("div", &[], |b| {
                    b.text("4 min read");
                });
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[estimate.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[card_line.index()], None);
        assert_eq!(l.kind[prose_p.index()], None);
    }

    #[test]
    fn a_credit_box_is_special_information_but_not_inside_a_caption() {
        let mut b = Builder::new();
        let (mut credit, mut in_caption) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 4);
            b.el("figure", &[], |b| {
                b.el("img", &[("src", "a.jpg")], |_| {});
                credit = b.el("span", &[("class", "image__credit")], |b| {
                    b.text("Getty Images");
                });
            });
            b.el("figure", &[], |b| {
                b.el("img", &[("src", "b.jpg")], |_| {});
                b.el("figcaption", &[], |b| {
                    b.text("The harbour at dawn. ");
                    in_caption = b.el("span", &[("class", "credit")], |b| {
                        b.text("Photo by Ann Lee");
                    });
                });
            });
            prose(b, 4);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[credit.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[in_caption.index()], None);
    }

    #[test]
    fn a_furniture_named_box_holding_the_story_is_not_noise() {
        let mut b = Builder::new();
        let (mut story, mut share, mut sidebar, mut thread, mut seo) =
            (NodeId(0), NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 24);
            story = b.el("div", &[("class", "left-navigation-wrapper")], |b| {
                share = b.el("ul", &[("class", "share")], |b| {
                    for w in ["Facebook", "Print", "E-Mail"] {
                        b.el("li", &[], |b| {
                            b.el("a", &[("href", "#")], |b| {
                                b.text(w);
                            });
                        });
                    }
                });
                prose(b, 8);
            });
            // Two short paragraphs: a sidebar's "about us" box stays furniture.
            sidebar = b.el("div", &[("class", "sidebar")], |b| prose(b, 2));
            // Two long ones: a category's SEO copy in a box named for the footer area.
            seo = b.el("div", &[("class", "field-seofootercopy")], |b| {
                for _ in 0..2 {
                    b.el("p", &[], |b| {
                        b.text(&"Experience iconic comfort with classic clogs, in every colour, for every member of the family. ".repeat(4));
                    });
                }
            });
            // Readers' prose in a box named with the negative vocabulary stays its label.
            thread = b.el("div", &[("class", "social-comments")], |b| prose(b, 8));
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[story.index()], None);
        assert_eq!(l.kind[share.index()], Some(Reason::Navigation));
        assert_eq!(l.kind[sidebar.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[thread.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[seo.index()], None);
    }

    #[test]
    fn a_consent_shell_holding_paragraphs_is_still_an_overlay() {
        let mut b = Builder::new();
        let (mut consent, mut lightbox, mut section) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 24);
            // A preference centre explaining each cookie category in paragraphs.
            consent = b.el("div", &[("class", "avia-cookie-consent-wrap")], |b| {
                prose(b, 8)
            });
            // A lightbox wrapper round the story is the story (the story-box exception) ...
            lightbox = b.el("div", &[("class", "js-lightbox-gallery")], |b| prose(b, 8));
            // ... and so is a documentation section whose id is made from its heading.
            section = b.el("div", &[("id", "cookies")], |b| prose(b, 8));
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[consent.index()], Some(Reason::Overlay));
        assert_eq!(l.kind[lightbox.index()], None);
        assert_eq!(l.kind[section.index()], None);
    }

    #[test]
    fn a_disclaimer_box_holding_paragraphs_is_still_small_print() {
        let mut b = Builder::new();
        let (mut notes, mut styled) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 24);
            // A product page's footnotes: financing terms, trade-in rules, trademark notes.
            notes = b.el("div", &[("class", "pdp-disclaimer")], |b| prose(b, 8));
            // Also when a text component's name ("text" is positive vocabulary) is beside it.
            let name = "text-editor text-editor--feature-bottom-disclaimer";
            styled = b.el("div", &[("class", name)], |b| prose(b, 2));
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[notes.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[styled.index()], Some(Reason::SpecialInformation));
    }

    #[test]
    fn an_appeal_line_is_special_information() {
        let mut b = Builder::new();
        let (mut appeal, mut quoted) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 4);
            quoted = b.el("p", &[], |b| {
                b.text("Die Leser sagen: Sie lesen gern lange Texte, wenn sie gut sind.");
            });
            appeal = b.el("p", &[], |b| {
                b.text("Sie lesen gern Achgut.com? Dann unterstützen Sie uns.");
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[appeal.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[quoted.index()], None);
    }

    #[test]
    fn a_short_date_or_byline_box_is_special_information() {
        let mut b = Builder::new();
        let (mut date, mut by, mut bio, mut dated) = (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            date = b.el("div", &[("class", "article__date")], |b| {
                b.text("Publikacja: 12.12.2022, 08:30");
            });
            by = b.el("p", &[("class", "entry-byline")], |b| {
                b.text("By Jane Doe");
            });
            prose(b, 4);
            // Long: an author box, not a byline; "update" is not a whole-token "date".
            bio = b.el("div", &[("class", "author")], |b| prose(b, 2));
            dated = b.el("p", &[("class", "update-note")], |b| {
                b.text("Updated daily");
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[date.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[by.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[bio.index()], None);
        assert_eq!(l.kind[dated.index()], None);
    }

    #[test]
    fn a_category_line_linking_the_section_is_special_information() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut line, mut tile, mut badge) = (z, z, z);
        b.el("body", &[], |b| {
            // A teaser's "Category: <section>" line (Joomla's `dd.category-name`).
            line = b.el("dd", &[("class", "category-name")], |b| {
                b.text("Category: ");
                b.el("a", &[("href", "/fishing-tips")], |b| {
                    b.text("Fishing tips");
                });
            });
            prose(b, 4);
            // A shop tile WordPress names after its category, and a job's badge with no link.
            tile = b.el("div", &[("class", "product category-apparel")], |b| {
                b.el("a", &[("href", "/bag")], |b| {
                    b.text("Pink bag $130.00");
                });
            });
            badge = b.el("p", &[("class", "listing__categories__category")], |b| {
                b.text("Full-Time");
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[line.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[tile.index()], None);
        assert_eq!(l.kind[badge.index()], None);
    }

    #[test]
    fn an_address_box_may_end_in_an_e_mail_address_under_its_web_address() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut contact, mut note) = (z, z);
        b.el("body", &[], |b| {
            prose(b, 6);
            // "Project Manager … / Festival 2013 / www… / info(at)…", the site a link.
            contact = b.el("p", &[], |b| {
                b.text("Project Manager Jane Doe");
                b.el("br", &[], |_| {});
                b.text("Example Art Festival 2013");
                b.el("br", &[], |_| {});
                b.el("a", &[("href", "http://example.org")], |b| {
                    b.text("www.example.org");
                });
                b.el("br", &[], |_| {});
                b.text("info(at)example.org");
            });
            // Prose lines ending in an address that is no e-mail line of its own.
            note = b.el("p", &[], |b| {
                b.text("Write to us");
                b.el("br", &[], |_| {});
                b.text("or visit");
                b.el("br", &[], |_| {});
                b.el("a", &[("href", "http://example.org")], |b| {
                    b.text("www.example.org");
                });
                b.text(" or mail info@example.org");
            });
            prose(b, 6);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[contact.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[note.index()], None);
    }

    #[test]
    fn a_post_footers_byline_stays_on_a_page_listing_posts_only() {
        // A post with a footer: "Posted by Jane Doe at 10:48 | 4 comments | Share".
        fn post(b: &mut Builder, footers: &mut Vec<NodeId>, bylines: &mut Vec<NodeId>) {
            b.el("div", &[("class", "date-outer")], |b| {
                b.el("div", &[("class", "post hentry")], |b| prose(b, 2));
                footers.push(b.el("div", &[("class", "post-footer")], |b| {
                    b.el("div", &[("class", "post-footer-line")], |b| {
                        bylines.push(b.el("span", &[("class", "post-author vcard")], |b| {
                            b.text("Posted by Jane Doe");
                        }));
                        b.el("a", &[("href", "/p#c")], |b| {
                            b.text("at 10:48 4 comments");
                        });
                    });
                    b.el("div", &[("class", "post-footer-line")], |b| {
                        b.el("a", &[("href", "/share")], |b| {
                            b.text("Share");
                        });
                    });
                    b.el("div", &[("class", "post-footer-line")], |_| {});
                }));
            });
        }
        let (mut footers, mut bylines) = (Vec::new(), Vec::new());
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("div", &[("class", "blog-posts")], |b| {
                for _ in 0..3 {
                    post(b, &mut footers, &mut bylines);
                }
            });
        });
        let l = labels(&b.finish());
        for id in footers.iter().chain(&bylines) {
            assert_eq!(l.kind[id.index()], None);
        }
        // One post: its byline is the page's, and its footer's own three lines are no run of
        // posts.
        let (mut footers, mut bylines) = (Vec::new(), Vec::new());
        let mut b = Builder::new();
        b.el("body", &[], |b| post(b, &mut footers, &mut bylines));
        let l = labels(&b.finish());
        assert!(l.inside[bylines[0].index()]);
    }

    #[test]
    fn a_forum_signature_is_special_information_but_a_code_signature_is_not() {
        let mut b = Builder::new();
        let (mut sig, mut card, mut decl, mut call) = (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[("class", "post message")], |b| {
                prose(b, 4);
                sig = b.el("div", &[("data-role", "memberSignature")], |b| {
                    b.text("CPU: Ryzen 5 (bought used), 32 GB RAM. Quote me to get notified.");
                });
                card = b.el("div", &[("class", "post-signature owner")], |b| {
                    b.text("asked Mar 26, 2019 at 16:18 by jdoe, 135k reputation");
                });
            });
            decl = b.el("div", &[("class", "doc-signature")], |b| {
                b.el("code", &[], |b| {
                    b.text("async def gather(*aws, return_exceptions=False)");
                });
            });
            call = b.el("div", &[("class", "member-signature")], |b| {
                b.text("public static String valueOf(int i)");
            });
            prose(b, 4);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[sig.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[card.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[decl.index()], None);
        assert_eq!(l.kind[call.index()], None);
    }

    #[test]
    fn icon_labels_of_a_user_card_count_as_its_labels() {
        // XenForo-style pairs whose labels are icons titled "Joined" and "Messages".
        let mut b = Builder::new();
        let (mut dts, mut dds, mut post) = (Vec::new(), Vec::new(), NodeId(0));
        b.el("body", &[], |b| {
            for (joined, messages) in [("Oct 7, 2009", "65,797"), ("Jun 15, 2024", "275")] {
                b.el("div", &[("class", "message")], |b| {
                    b.el("div", &[("class", "message-cell")], |b| {
                        for (title, value) in [("Joined", joined), ("Messages", messages)] {
                            b.el("dl", &[("class", "pairs")], |b| {
                                dts.push(b.el("dt", &[], |b| {
                                    b.el("span", &[("title", title)], |b| {
                                        b.el("i", &[("class", "fa-user")], |_| {});
                                    });
                                }));
                                dds.push(b.el("dd", &[], |b| {
                                    b.text(value);
                                }));
                            });
                        }
                    });
                    post = b.el("p", &[], |b| {
                        b.text("Joined the two boards with a riser cable; it works.");
                    });
                });
            }
        });
        let s = b.finish();
        let l = labels(&s);
        for &d in dts.iter().chain(&dds) {
            assert!(l.inside[d.index()], "{d:?}");
        }
        assert!(!l.inside[post.index()]);
    }

    #[test]
    fn forum_user_card_lines_are_special_information_on_a_thread_only() {
        // Two posts with poster cards: a XenForo-style pair list and phpBB-style lines.
        let mut b = Builder::new();
        let (mut name, mut joined_dt, mut joined_dd, mut posts, mut place, mut body) = (
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
            NodeId(0),
        );
        b.el("body", &[], |b| {
            b.el("div", &[("class", "message")], |b| {
                name = b.el("h4", &[], |b| {
                    b.text("lgans316");
                });
                b.el("dl", &[], |b| {
                    joined_dt = b.el("dt", &[], |b| {
                        b.text("Joined");
                    });
                    joined_dd = b.el("dd", &[], |b| {
                        b.text("Aug 24, 2006");
                    });
                });
                b.el("dl", &[], |b| {
                    b.el("dt", &[], |b| {
                        b.text("Messages");
                    });
                    b.el("dd", &[], |b| {
                        b.text("23,243");
                    });
                });
                body = b.el("div", &[], |b| prose(b, 3));
            });
            b.el("div", &[("class", "message")], |b| {
                b.el("dl", &[], |b| {
                    b.el("dt", &[], |b| {
                        b.text("jahboater");
                    });
                    posts = b.el("dd", &[], |b| {
                        b.el("strong", &[], |b| {
                            b.text("Posts:");
                        });
                        b.text(" 9179");
                    });
                    place = b.el("dd", &[], |b| {
                        b.text("Location: Kooskia, ID");
                    });
                });
                prose(b, 3);
            });
        });
        let l = labels(&b.finish());
        for line in [joined_dt, joined_dd, posts, place] {
            assert_eq!(l.kind[line.index()], Some(Reason::SpecialInformation));
        }
        assert_eq!(l.kind[name.index()], None);
        assert_eq!(l.kind[body.index()], None);

        // A job advert's "Location:" and a count that is not a count: no thread, no rule.
        let mut b = Builder::new();
        let (mut place, mut points) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            place = b.el("p", &[], |b| {
                b.text("Location: Berlin");
            });
            points = b.el("p", &[], |b| {
                b.text("Posts: the letters we kept");
            });
            b.el("p", &[], |b| {
                b.text("Joined 2019");
            });
            prose(b, 4);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[place.index()], None);
        assert_eq!(l.kind[points.index()], None);
    }

    #[test]
    fn one_card_label_under_every_poster_is_a_thread() {
        // A phpBB board whose cards show only "Posts": four posters make a thread, three lines
        // of one label may be anything.
        for (posters, marked) in [(4, true), (3, false)] {
            let mut b = Builder::new();
            let mut lines = Vec::new();
            b.el("body", &[], |b| {
                for _ in 0..posters {
                    b.el("div", &[("class", "post")], |b| {
                        lines.push(b.el("dd", &[], |b| {
                            b.text("Posts: 4032");
                        }));
                        prose(b, 2);
                    });
                }
            });
            let l = labels(&b.finish());
            assert_eq!(l.thread, marked, "{posters}");
            for line in lines {
                let kind = l.kind[line.index()];
                assert_eq!(
                    kind == Some(Reason::SpecialInformation),
                    marked,
                    "{posters}"
                );
            }
        }
    }

    #[test]
    fn a_comment_item_under_an_answer_is_special_information_a_forum_reply_is_not() {
        let mut b = Builder::new();
        let (mut remark, mut reply) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[("itemtype", "https://schema.org/Answer")], |b| {
                prose(b, 4);
                remark = b.el("li", &[("itemtype", "https://schema.org/Comment")], |b| {
                    b.text("Could you add the error message? It would help a lot.");
                });
            });
            reply = b.el("div", &[("itemtype", "https://schema.org/Comment")], |b| {
                b.el("div", &[], |b| prose(b, 2));
            });
            prose(b, 4);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[remark.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[reply.index()], None);
    }

    /// `groups` labelled link lists of four pathway links in a box after a story.
    fn directory(b: &mut Builder, groups: usize, labelled: bool) -> NodeId {
        b.el("div", &[("class", "list")], |b| {
            for g in 0..groups {
                if labelled {
                    b.el("p", &[], |b| {
                        b.text(&format!("Topic {g} / Regulation"));
                    });
                }
                b.el("ul", &[], |b| {
                    for k in 0..4 {
                        b.el("li", &[], |b| {
                            b.el("a", &[("href", "/ref/path")], |b| {
                                b.text(&format!("Control of the cycle: checkpoint {g}.{k}"));
                            });
                        });
                    }
                });
            }
        })
    }

    #[test]
    fn labelled_link_lists_are_a_directory_a_single_list_or_unlabelled_lists_are_not() {
        let z = NodeId(0);
        let (mut dir, mut two, mut bare) = (z, z, z);
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("div", &[], |b| {
                prose(b, 12);
                dir = directory(b, 3, true);
                two = directory(b, 2, true);
                bare = directory(b, 3, false);
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[dir.index()], Some(Reason::Navigation));
        assert_eq!(l.kind[two.index()], None);
        assert_eq!(l.kind[bare.index()], None);
    }

    #[test]
    fn a_picture_beside_emphasised_lines_is_a_slogan_banner_a_caption_or_title_is_not() {
        let z = NodeId(0);
        let (mut banner, mut caption, mut title) = (z, z, z);
        let mut b = Builder::new();
        let row = |b: &mut Builder, emphasis: &str, first: &str| {
            b.el("tr", &[], |b| {
                b.el("td", &[], |b| {
                    b.el("img", &[("src", "logo.jpg")], |_| {});
                });
                b.el("td", &[], |b| {
                    for line in [first, "means growing the mind and the heart"] {
                        b.el("p", &[], |b| {
                            b.el(emphasis, &[], |b| {
                                b.text(line);
                            });
                        });
                    }
                });
            })
        };
        b.el("head", &[], |b| {
            b.el("title", &[], |b| {
                b.text("Residential Long Distance Service");
            });
        });
        let mut hero = z;
        b.el("body", &[], |b| {
            hero = b.el("div", &[], |b| {
                b.el("div", &[], |b| {
                    b.el("img", &[("src", "hero.jpg")], |_| {});
                });
                b.el("div", &[], |b| {
                    b.el("h1", &[], |b| {
                        b.text("Teaching to think");
                    });
                    b.el("p", &[], |b| {
                        b.el("strong", &[], |b| {
                            b.text("means growing the mind and the heart");
                        });
                    });
                });
            });
            b.el("table", &[], |b| {
                banner = row(b, "em", "Teaching to think");
                caption = row(b, "span", "Teaching to think");
                title = row(b, "b", "Residential Long  Distance");
            });
            prose(b, 12);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[banner.index()], Some(Reason::Advertisement));
        assert_eq!(l.kind[caption.index()], None);
        assert_eq!(l.kind[title.index()], None);
        // A hero's title is a heading, not emphasis: the section stays.
        assert_eq!(l.kind[hero.index()], None);
    }

    #[test]
    fn a_link_paragraph_after_the_story_is_navigation_but_not_one_inside_it() {
        let mut b = Builder::new();
        let (mut inside, mut trailing, mut teaser) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[], |b| {
                teaser = b.el("p", &[], |b| {
                    b.el("a", &[("href", "/news?id=105")], |b| {
                        b.text("The Marine restaurant finds one position on the port");
                    });
                });
            });
            b.el("div", &[], |b| {
                prose(b, 2);
                inside = b.el("p", &[], |b| {
                    b.el("a", &[("href", "/a")], |b| {
                        b.text("Related: another story");
                    });
                });
                prose(b, 2);
                trailing = b.el("p", &[], |b| {
                    b.el("a", &[("href", "/b")], |b| {
                        b.text("Hier das Einzel-Tableau in Pune");
                    });
                });
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[inside.index()], None);
        assert_eq!(l.kind[trailing.index()], Some(Reason::Navigation));
        // No story before it: a teaser in a news box, not a link appended to a story.
        assert_eq!(l.kind[teaser.index()], None);
    }

    #[test]
    fn an_address_box_ending_in_a_web_address_is_special_but_not_a_labelled_link() {
        // Lines of a gallery's address and opening hours, then its site on a line of its own;
        // beside it the same lines ending in "Site: www…" (a product box's facts) and a
        // reference under its title (two lines).
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut address, mut labelled, mut reference) = (z, z, z);
        // Each line followed by a break, then the last line (`last` before the link).
        let lines = |b: &mut Builder, lines: &[&str], last: &str, link: &str| {
            for l in lines {
                b.text(l);
                b.el("br", &[], |_| {});
            }
            b.text(last);
            b.el("a", &[("href", "http://example.org")], |b| {
                b.text(link);
            });
        };
        b.el("body", &[], |b| {
            prose(b, 6);
            let place = ["Art Centre, Mill Road 2, Toijala", "Open Tue-Sun 11-15"];
            address = b.el("p", &[], |b| lines(b, &place, " ", "www.example.org"));
            let facts = ["Price: $899", "Vendor: Example"];
            labelled = b.el("p", &[], |b| lines(b, &facts, "Site: ", "www.example.org"));
            let title = ["Grade Configuration (ERIC Digest)"];
            reference = b.el("p", &[], |b| {
                lines(b, &title, "", "http://example.org/d.htm")
            });
            prose(b, 6);
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[address.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[labelled.index()], None);
        assert_eq!(l.kind[reference.index()], None);
    }

    #[test]
    fn the_comment_form_is_special_information_but_not_the_comments() {
        let mut b = Builder::new();
        let (mut form, mut thread) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 6);
            thread = b.el("ol", &[("class", "comment-list")], |b| {
                b.el("li", &[("class", "comment")], |b| prose(b, 1));
            });
            form = b.el(
                "div",
                &[("id", "respond"), ("class", "comment-respond")],
                |b| {
                    b.el("h3", &[("id", "reply-title")], |b| {
                        b.text("Leave a Reply");
                    });
                },
            );
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[form.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[thread.index()], None);
    }

    #[test]
    fn structural_fallbacks_without_layout() {
        let mut b = Builder::new();
        let mut ids = vec![];
        b.el("body", &[], |b| {
            ids.push(b.el("nav", &[], |b| {
                b.el("a", &[("href", "/")], |b| {
                    b.text("Home");
                });
            }));
            ids.push(b.el("div", &[("class", "ad-slot")], |b| {
                b.text("Buy now");
            }));
            ids.push(b.el("div", &[("style", "display: none")], |b| {
                b.text("secret");
            }));
            ids.push(b.el("span", &[("class", "sr-only"), ("hidden", "")], |b| {
                b.text("Skip");
            }));
            ids.push(b.el("button", &[], |b| {
                b.text("Menu");
            }));
            ids.push(b.el("p", &[], |b| {
                b.text("© 2024 Example Corp");
            }));
            b.el("article", &[], |b| {
                ids.push(b.el("header", &[], |b| {
                    b.text("Title");
                }));
                prose(b, 4);
            });
        });
        let s = b.finish();
        let l = labels(&s);
        let kinds: Vec<_> = ids.iter().map(|id| l.kind[id.index()]).collect();
        assert_eq!(
            kinds,
            vec![
                Some(Reason::Navigation),
                Some(Reason::Advertisement),
                Some(Reason::Hidden),
                None,
                Some(Reason::Interactive),
                Some(Reason::SpecialInformation),
                None,
            ]
        );
        assert!(l.inside[s.node(ids[0]).children[0].index()]);
    }

    #[test]
    fn a_banner_section_with_a_heading_and_prose_is_no_ad() {
        let mut b = Builder::new();
        let (mut hero, mut lead, mut offer, mut slot) =
            (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 12);
            // A theme's content section named "banner": heading and prose.
            hero = b.el("div", &[("class", "banner has-hover")], |b| {
                b.el("h2", &[], |b| {
                    b.text("Why rent from us");
                });
                prose(b, 5);
            });
            // A hero section's short body named with "banner", its heading in a sibling part.
            lead = b.el("div", &[("class", "herobanner_content_body")], |b| {
                prose(b, 1)
            });
            // A sponsored offer of prose without a heading stays an ad.
            offer = b.el("div", &[("class", "samItemBanner")], |b| prose(b, 5));
            // An ad slot: a label and an image.
            slot = b.el("div", &[("class", "ad-banner")], |b| {
                b.el("h4", &[], |b| {
                    b.text("Advertisement");
                });
                b.el("img", &[("src", "x.gif")], |_| {});
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[hero.index()], None);
        assert_eq!(l.kind[lead.index()], None);
        assert_eq!(l.kind[offer.index()], Some(Reason::Advertisement));
        assert_eq!(l.kind[slot.index()], Some(Reason::Advertisement));
    }

    #[test]
    fn a_short_promo_section_is_no_ad_unless_the_page_is_an_article() {
        // A service page's own offer named "promo": a heading and two sentences (~200 chars
        // outside links, under `AD_MAX_UNLINKED_CHARS`).
        let promo = |og: &str| {
            let mut b = Builder::new();
            let mut offer = NodeId(0);
            b.el("head", &[], |b| {
                b.el("meta", &[("property", "og:type"), ("content", og)], |_| {});
            });
            b.el("body", &[], |b| {
                prose(b, 12);
                offer = b.el("div", &[("class", "cta-promo")], |b| {
                    b.el("h3", &[], |b| {
                        b.text("Save $50 on your first visit");
                    });
                    prose(b, 2);
                });
            });
            let s = b.finish();
            labels(&s).kind[offer.index()]
        };
        assert_eq!(promo("website"), None);
        // On a news story the same box is an in-house promotion.
        assert_eq!(promo("article"), Some(Reason::Advertisement));
    }

    #[test]
    fn vocabulary_wrapper_holding_the_article_is_not_noise() {
        let mut b = Builder::new();
        let mut wrap = NodeId(0);
        b.el("body", &[], |b| {
            wrap = b.el("div", &[("class", "layout-with-sidebar")], |b| prose(b, 5));
        });
        let s = b.finish();
        assert_eq!(labels(&s).kind[wrap.index()], None);
    }

    #[test]
    fn aria_hidden_marks_small_blocks_not_inline_runs_or_much_of_the_page() {
        let mut b = Builder::new();
        let (mut inline, mut clone, mut share) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("p", &[], |b| {
                b.text("Leaves at ");
                inline = b.el("span", &[("aria-hidden", "true")], |b| {
                    b.text("7:45");
                });
            });
            clone = b.el("div", &[("aria-hidden", "true")], |b| {
                b.el("p", &[], |b| {
                    b.text("A carousel slide cloned for looping.");
                });
            });
            prose(b, 6);
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[inline.index()], None);
        assert_eq!(l.kind[clone.index()], Some(Reason::Hidden));
        // On a short page the same block is a fifth of the text: the page under a dialog.
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            p_text(b, "Visible text of a short page.");
            share = b.el("div", &[("aria-hidden", "true")], |b| {
                p_text(b, "A paragraph under an overlay's aria-hidden.");
            });
        });
        let s = b.finish();
        assert_eq!(labels(&s).kind[share.index()], None);
    }

    fn p_text(b: &mut Builder, t: &str) {
        b.el("p", &[], |b| {
            b.text(t);
        });
    }

    #[test]
    fn a_closed_popover_is_hidden() {
        let mut b = Builder::new();
        let (mut help, mut button) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            button = b.el("p", &[], |b| {
                b.text("A better way to browse: install the forum as an app.");
            });
            help = b.el("div", &[("popover", ""), ("id", "install-help")], |b| {
                p_text(
                    b,
                    "To install this app, tap the Share icon and Add to Home Screen.",
                );
            });
            prose(b, 5);
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[help.index()], Some(Reason::Hidden));
        assert_eq!(l.kind[button.index()], None);
    }

    #[test]
    fn an_until_found_section_is_not_hidden() {
        // `hidden="until-found"`: a collapsed section find-in-page opens (Wikipedia's mobile
        // sections); plain `hidden` stays closed.
        let mut b = Builder::new();
        let (mut section, mut closed) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 2);
            section = b.el("section", &[("hidden", "until-found")], |b| prose(b, 2));
            closed = b.el("section", &[("hidden", "")], |b| prose(b, 2));
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[section.index()], None);
        assert_eq!(l.kind[closed.index()], Some(Reason::Hidden));
    }

    #[test]
    fn webflow_form_messages_and_invisible_conditions_are_hidden() {
        let mut b = Builder::new();
        let (mut done, mut fail, mut off, mut shown) = (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            prose(b, 2);
            b.el("div", &[("class", "w-form")], |b| {
                b.el("form", &[], |b| {
                    b.el("input", &[("type", "email")], |_| {});
                });
                done = b.el("div", &[("class", "w-form-done")], |b| {
                    b.el("div", &[], |b| {
                        b.text("Thank you! Your submission has been received!");
                    });
                });
                fail = b.el("div", &[("class", "w-form-fail")], |b| {
                    b.el("div", &[], |b| {
                        b.text("Oops! Something went wrong while submitting the form.");
                    });
                });
            });
            off = b.el("p", &[("class", "rich-text w-condition-invisible")], |b| {
                b.text("Filled in on another item of the collection only.");
            });
            shown = b.el("h2", &[("class", "rich-text")], |b| {
                b.text("The text of this item.");
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[done.index()], Some(Reason::Hidden));
        assert_eq!(l.kind[fail.index()], Some(Reason::Hidden));
        assert_eq!(l.kind[off.index()], Some(Reason::Hidden));
        assert_eq!(l.kind[shown.index()], None);
    }

    #[test]
    fn aria_hidden_is_not_trusted_on_large_subtrees() {
        let mut b = Builder::new();
        let mut art = NodeId(0);
        b.el("body", &[], |b| {
            art = b.el("div", &[("aria-hidden", "true")], |b| prose(b, 5));
        });
        let s = b.finish();
        assert_eq!(labels(&s).kind[art.index()], None);
    }

    #[test]
    fn geometry_finds_overlays_and_banners() {
        let mut b = Builder::new();
        let (mut modal, mut ad, mut title, mut cell) = (NodeId(0), NodeId(0), NodeId(0), NodeId(0));
        let (mut byline, mut run) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            // A link wrapped over two lines of a paragraph, 302×45 like a 320×50 banner (or
            // given its paragraph's box by a live capture) is not an ad: its box is a line's.
            b.el("p", &[], |b| {
                b.text("Start with ");
                run = b.el("a", &[("href", "/diet")], |b| {
                    b.text("The Small Change Diet");
                });
                b.text(", a plan of small steps that add up over the weeks of the year.");
            });
            // A post's byline (avatar, name, date) sized like a 468×60 banner is not an ad.
            byline = b.el("div", &[], |b| {
                b.el("img", &[("src", "avatar.png")], |_| {});
                b.el("div", &[], |b| {
                    b.text("Judith C(157)");
                });
                b.el("div", &[], |b| {
                    b.text("28/11/2025 at 7:16 pm");
                });
            });
            modal = b.el("div", &[], |b| {
                b.text("We value your privacy");
            });
            ad = b.el("div", &[], |b| {
                b.el("img", &[("src", "x.gif")], |_| {});
            });
            // A section title sized like a leaderboard is not an ad.
            title = b.el("div", &[], |b| {
                b.el("h2", &[], |b| {
                    b.text("Quality service");
                });
            });
            // Nor is a table cell sized like a mobile banner (a schedule's row).
            b.el("table", &[], |b| {
                b.el("tr", &[], |b| {
                    cell = b.el("td", &[], |b| {
                        b.text("Supervised learning III");
                    });
                });
            });
            b.el("main", &[], |b| prose(b, 6));
        });
        let mut s = b.finish();
        s.viewport = Some(Viewport {
            width: 1000.0,
            height: 800.0,
            page_width: 1000.0,
            page_height: 4000.0,
            ..Default::default()
        });
        for n in s.nodes.iter_mut().filter(|n| n.kind == NodeKind::Element) {
            n.layout = Some(Layout {
                display: "block".into(),
                visibility: "visible".into(),
                opacity: 1.0,
                position: "static".into(),
                width: 600.0,
                height: 100.0,
                x: 200.0,
                y: 1500.0,
                ..Default::default()
            });
        }
        if let Some(l) = s.nodes[modal.index()].layout.as_mut() {
            (l.position, l.z_index, l.width, l.height, l.x, l.y) =
                ("fixed".into(), Some(9999), 1000.0, 800.0, 0.0, 0.0);
        }
        if let Some(l) = s.nodes[ad.index()].layout.as_mut() {
            (l.width, l.height) = (300.0, 250.0);
        }
        if let Some(l) = s.nodes[title.index()].layout.as_mut() {
            (l.width, l.height) = (730.0, 95.0);
        }
        if let Some(l) = s.nodes[cell.index()].layout.as_mut() {
            (l.width, l.height) = (320.0, 50.0);
        }
        if let Some(l) = s.nodes[byline.index()].layout.as_mut() {
            (l.width, l.height) = (505.0, 56.0);
        }
        if let Some(l) = s.nodes[run.index()].layout.as_mut() {
            (l.display, l.width, l.height) = ("inline".into(), 302.0, 45.0);
        }
        let l = labels(&s);
        assert_eq!(l.kind[run.index()], None);
        assert_eq!(l.kind[byline.index()], None);
        assert_eq!(l.kind[modal.index()], Some(Reason::Overlay));
        assert_eq!(l.kind[ad.index()], Some(Reason::Advertisement));
        assert_eq!(l.kind[title.index()], None);
        assert_eq!(l.kind[cell.index()], None);
    }

    #[test]
    fn heading_anchors_and_heading_links_are_not_vocabulary_noise() {
        let mut b = Builder::new();
        let (mut topic, mut share, mut backref) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[("class", "document")], |b| {
                prose(b, 6);
                topic = b.el("div", &[("id", "sharing-with-a-single-developer")], |b| {
                    b.el("h2", &[], |b| {
                        backref = b.el("a", &[("class", "toc-backref"), ("href", "#toc")], |b| {
                            b.text("Sharing with a single developer");
                        });
                    });
                    prose(b, 1);
                });
                share = b.el("div", &[("id", "share-buttons")], |b| {
                    b.el("h2", &[], |b| {
                        b.text("Share this");
                    });
                });
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[topic.index()], None);
        assert_eq!(l.kind[backref.index()], None);
        assert_eq!(l.kind[share.index()], Some(Reason::SpecialInformation));
    }

    /// A heading's own id is its anchor, whatever a TOC plugin calls it; its class still names it.
    #[test]
    fn a_headings_own_id_is_no_vocabulary() {
        let mut b = Builder::new();
        let (mut toc, mut social, mut classed) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[("class", "document")], |b| {
                prose(b, 6);
                toc = b.el("h2", &[("id", "toc-key-takeaways")], |b| {
                    b.text("Key Takeaways");
                });
                prose(b, 1);
                social = b.el("h2", &[("id", "what-is-social-shopping")], |b| {
                    b.text("What is Social Shopping?");
                });
                prose(b, 1);
                classed = b.el("h2", &[("class", "share-title")], |b| {
                    b.text("Share this");
                });
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[toc.index()], None);
        assert_eq!(l.kind[social.index()], None);
        assert_eq!(l.kind[classed.index()], Some(Reason::SpecialInformation));
    }

    /// A script's placeholder line is furniture; a code sample printing the same words is not.
    #[test]
    fn a_loading_placeholder_is_noise_but_code_printing_it_is_not() {
        let mut b = Builder::new();
        let (mut placeholder, mut sample) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[("class", "document")], |b| {
                prose(b, 6);
                placeholder = b.el("div", &[], |b| {
                    b.text("Loading...");
                });
                sample = b.el("pre", &[], |b| {
                    b.el("code", &[], |b| {
                        b.text("if (status === null) { return 'Loading...'; }");
                    });
                });
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(
            l.kind[placeholder.index()],
            Some(Reason::SpecialInformation)
        );
        assert_eq!(l.kind[sample.index()], None);
    }

    /// A gallery's "Image 2 of 5" label is furniture; a list article's item number set as two
    /// blocks ("1" over "of 15") stays.
    #[test]
    fn a_slide_counter_is_noise_but_a_list_items_number_is_not() {
        let mut b = Builder::new();
        let (mut counter, mut number) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[("class", "document")], |b| {
                counter = b.el("div", &[], |b| {
                    b.text("Image 2 of 5");
                });
                prose(b, 3);
                number = b.el("div", &[("class", "content-list-number")], |b| {
                    b.el("div", &[], |b| {
                        b.text("1");
                    });
                    b.el("div", &[], |b| {
                        b.text("of 15");
                    });
                });
                prose(b, 3);
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[counter.index()], Some(Reason::SpecialInformation));
        assert_eq!(l.kind[number.index()], None);
    }

    #[test]
    fn a_streamed_segment_is_content_waiting_for_its_slot() {
        let mut b = Builder::new();
        let (mut segment, mut hidden) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("template", &[("id", "B:1")], |_| {});
            segment = b.el("div", &[("hidden", ""), ("id", "S:1")], |b| {
                prose(b, 3);
            });
            hidden = b.el("div", &[("hidden", ""), ("id", "S:main")], |b| {
                prose(b, 1);
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[segment.index()], None);
        assert_eq!(l.kind[hidden.index()], Some(Reason::Hidden));
    }

    #[test]
    fn a_wrapper_waiting_for_its_reveal_script_is_content() {
        let mut b = Builder::new();
        let (mut wrapper, mut notice) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            notice = b.el("div", &[("style", "display:none")], |b| {
                b.text("Access denied: enter the store password.");
            });
            wrapper = b.el("div", &[("style", "display:none")], |b| {
                prose(b, 3);
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[wrapper.index()], None);
        assert_eq!(l.kind[notice.index()], Some(Reason::Hidden));
    }

    #[test]
    fn a_box_named_as_an_faq_is_no_menu() {
        let mut b = Builder::new();
        let (mut faq, mut menu) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            menu = b.el("div", &[("class", "site-menu")], |b| {
                for _ in 0..5 {
                    b.el("a", &[("href", "/pricing")], |b| {
                        b.text("Pricing");
                    });
                }
            });
            prose(b, 3);
            faq = b.el("div", &[("class", "faq_tabs-menu")], |b| {
                b.el("h3", &[], |b| {
                    b.text("Is identity protection worth it?");
                });
                prose(b, 2);
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[faq.index()], None);
        assert_eq!(l.kind[menu.index()], Some(Reason::Navigation));
    }

    #[test]
    fn a_closed_code_tab_is_content_unless_in_a_popover() {
        let mut b = Builder::new();
        let (mut code_tab, mut prose_tab, mut prompt_tab) = (NodeId(0), NodeId(0), NodeId(0));
        let mut popover = NodeId(0);
        b.el("body", &[], |b| {
            prose(b, 3);
            b.el("div", &[("role", "tabpanel")], |b| {
                b.el("pre", &[], |b| {
                    b.text("npm install lectern");
                });
            });
            code_tab = b.el("div", &[("role", "tabpanel"), ("hidden", "")], |b| {
                b.el("pre", &[], |b| {
                    b.text("yarn add lectern");
                });
            });
            prose_tab = b.el(
                "div",
                &[("role", "tabpanel"), ("style", "display:none")],
                |b| {
                    prose(b, 1);
                },
            );
            popover = b.el("div", &[("popover", "")], |b| {
                prompt_tab = b.el("div", &[("role", "tabpanel"), ("hidden", "")], |b| {
                    b.el("code", &[], |b| {
                        b.text("chrome://settings");
                    });
                });
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[code_tab.index()], None);
        assert_eq!(l.kind[prose_tab.index()], Some(Reason::Hidden));
        // A closed popover is hidden itself, with the tab set it holds.
        assert!(l.inside[prompt_tab.index()]);
        assert_eq!(l.kind[popover.index()], Some(Reason::Hidden));
    }

    #[test]
    fn a_modal_holding_an_article_is_the_story_view() {
        let mut b = Builder::new();
        let (mut story, mut consent) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("div", &[("class", "feed")], |b| {
                prose(b, 40);
            });
            story = b.el("div", &[("class", "render-target-modal")], |b| {
                b.el("article", &[], |b| {
                    prose(b, 12);
                });
            });
            consent = b.el("div", &[("class", "consent-modal")], |b| {
                prose(b, 1);
            });
        });
        let s = b.finish();
        let l = labels(&s);
        assert_eq!(l.kind[story.index()], None);
        assert_eq!(l.kind[consent.index()], Some(Reason::Overlay));
    }

    #[test]
    fn xenforo_user_card_extras_are_special_information() {
        // A custom field's bare value ("Age" / "48") no card label covers.
        let mut b = Builder::new();
        let mut extras = NodeId(0);
        b.el("body", &[], |b| {
            b.el("article", &[("class", "message")], |b| {
                extras = b.el("div", &[("class", "message-userExtras")], |b| {
                    b.el("dl", &[("class", "pairs pairs--justified")], |b| {
                        b.el("dt", &[], |b| {
                            b.text("Age");
                        });
                        b.el("dd", &[], |b| {
                            b.text("48");
                        });
                    });
                });
                prose(b, 4);
            });
        });
        let l = labels(&b.finish());
        assert_eq!(l.kind[extras.index()], Some(Reason::SpecialInformation));
    }

    #[test]
    fn a_page_footer_is_small_print_whatever_its_size_beside_a_headline() {
        // The page's `h1` before the footer (0), inside it (1), after it (2) or nowhere (3).
        let footer = |at: u8| {
            let mut b = Builder::new();
            let mut f = NodeId(0);
            let h1 = |b: &mut Builder, here: u8| {
                if at == here {
                    b.el("h1", &[], |b| {
                        b.text("Pet Insurance");
                    });
                }
            };
            b.el("body", &[], |b| {
                b.el("div", &[("class", "page")], |b| {
                    h1(b, 0);
                    prose(b, 2);
                });
                f = b.el("footer", &[], |b| {
                    h1(b, 1);
                    prose(b, 5);
                });
                h1(b, 2);
            });
            let s = b.finish();
            labels(&s).kind[f.index()]
        };
        assert_eq!(footer(0), Some(Reason::SpecialInformation));
        assert_eq!(footer(2), Some(Reason::SpecialInformation));
        // Without a headline elsewhere the footer may be all the page has.
        assert_eq!(footer(1), None);
        assert_eq!(footer(3), None);
    }

    #[test]
    fn a_legal_box_under_a_product_is_small_print() {
        // Steam's game page: the description, then its copyright notice.
        let mut b = Builder::new();
        let mut legal = NodeId(0);
        b.el("body", &[], |b| {
            b.el("div", &[("class", "game_area_description")], |b| {
                prose(b, 3);
            });
            legal = b.el("div", &[("class", "game_area_legal")], |b| {
                b.el("p", &[], |b| {
                    b.text(
                        "© 2025 Rockstar Games, Inc. All other marks are property of their owners.",
                    );
                });
            });
        });
        let s = b.finish();
        assert_eq!(
            labels(&s).kind[legal.index()],
            Some(Reason::SpecialInformation)
        );
    }
}
