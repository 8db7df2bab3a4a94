//! Stage 1: split the snapshot into blocks and compute per-node features (seeds 002 and 004).
//!
//! Everything lives in side tables indexed by `NodeId`; text statistics are counted once per
//! text node and summed bottom-up, so no string is built per node.

use std::collections::HashMap;

use crate::rules::{self, limits};
use crate::snapshot::visibility::Visibility;
use crate::snapshot::{NodeId, NodeKind, Side, Snapshot};
use crate::trace::Reason;

/// Class/id vocabulary flags (bits of [`Features::vocab`]).
pub(crate) mod flag {
    /// Navigation vocabulary.
    pub const NAV: u8 = 1;
    /// Advertisement vocabulary.
    pub const AD: u8 = 2;
    /// Special-information vocabulary.
    pub const SPECIAL: u8 = 4;
    /// Overlay/consent vocabulary.
    pub const OVERLAY: u8 = 8;
    /// Content-container vocabulary.
    pub const POSITIVE: u8 = 16;
    /// Soft negative vocabulary.
    pub const NEGATIVE: u8 = 32;
    /// Visually hidden for screen readers (kept).
    pub const SR_ONLY: u8 = 64;
    /// A framework hiding class (`rules::HIDING_CLASSES`) in the class list.
    pub const HIDING: u8 = 128;
}

/// Seed 001 page regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Region {
    Top,
    Bottom,
    Left,
    Right,
    Centre,
}

/// Layout-derived features of one element (seed 002); absent without layout.
/// The rule stages read region, visibility, viewport share and font size (`extract/layout.rs`);
/// `d0`/`d1` and the weight feed the learned block classifier and the trace.
#[allow(dead_code)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Geo {
    pub region: Region,
    /// Distance from the box centre to the first-screen centre, over the page diagonal.
    pub d0: f32,
    /// Distance from the box centre to the page centre, over the page diagonal.
    pub d1: f32,
    /// Rendered (not display:none / visibility:hidden / transparent).
    pub visible: bool,
    /// Share of the viewport area the box covers.
    pub viewport_share: f32,
    pub font_size: f32,
    pub font_weight: u16,
}

/// Per-node features; every `Vec` is indexed by `NodeId`.
#[derive(Debug, Default)]
pub(crate) struct Features {
    /// All nodes in document (pre)order.
    pub order: Side<NodeId>,
    /// Preorder index of each node.
    pub preorder: Side<u32>,
    /// Preorder index of the last node in each subtree (containment is a range check).
    pub subtree_end: Side<u32>,
    pub depth: Side<u16>,
    /// Inside a script/style/… subtree: never rendered as text.
    pub skip: Side<bool>,
    pub is_block: Side<bool>,
    /// Nearest block element at or above the node.
    pub block_of: Side<NodeId>,
    /// Chars (whitespace runs count one) in the subtree.
    pub text_len: Side<u32>,
    /// Chars inside links in the subtree.
    pub link_len: Side<u32>,
    /// Commas (Latin, CJK, Arabic) in the subtree.
    pub commas: Side<u32>,
    /// Chars of the block's own inline text (not inside a nested block).
    pub own_len: Side<u32>,
    pub own_link_len: Side<u32>,
    pub own_commas: Side<u32>,
    pub own_words: Side<u32>,
    pub own_sentences: Side<u32>,
    /// `<a>` elements in the subtree.
    pub links: Side<u32>,
    /// `<img>`/`<picture>` elements in the subtree.
    pub images: Side<u32>,
    /// Seed 000 parent tag path, hashed (the element's own path from the root).
    pub ptp: Side<u64>,
    /// Hash of the block's own normalised text (seed 000 TAF fingerprint).
    pub fingerprint: Side<u64>,
    /// Boilerplate keyword found in the block's own short text.
    pub keyword: Side<Option<Reason>>,
    /// Class/id vocabulary bits (see [`flag`]).
    pub vocab: Side<u8>,
    /// Position among same-tag element siblings (table row/column position and list order).
    pub sibling_pos: Side<u16>,
    /// Layout features, when the snapshot has layout.
    pub geo: Option<Side<Option<Geo>>>,
    /// Body font size (text-weighted median over visible blocks); `None` without layout.
    pub body_font: Option<f32>,
    /// The layout shows an element hidden by its framework hiding class (`flag::HIDING`,
    /// `display: none` without a `hidden` attribute or inline style): the stylesheet that
    /// defines those classes applied, so computed style says what they do
    /// (`rules::hiding_class`).
    pub hiding_classes_apply: bool,
    /// The box a script reveals and what computed style hides, computed once per page
    /// (`snapshot::visibility::Visibility`) for the geometry, the noise stage and the builder.
    pub visibility: Visibility,

    /// Text-bearing blocks in document order.
    pub blocks: Side<NodeId>,
}

impl Features {
    /// Link density of the subtree (0 when there is no text).
    pub fn link_density(&self, id: NodeId) -> f32 {
        ratio(self.link_len[id.index()], self.text_len[id.index()])
    }

    /// Link density of the block's own text.
    pub fn own_link_density(&self, id: NodeId) -> f32 {
        ratio(self.own_link_len[id.index()], self.own_len[id.index()])
    }

    /// The block's own text is a prose paragraph: a sentence or more of
    /// `limits::SIBLING_PARAGRAPH_CHARS`, under `limits::PROSE_MAX_LINK_DENSITY` links.
    pub fn is_prose(&self, id: NodeId) -> bool {
        let i = id.index();
        self.own_len[i] >= limits::SIBLING_PARAGRAPH_CHARS
            && self.own_sentences[i] > 0
            && self.own_link_density(id) < limits::PROSE_MAX_LINK_DENSITY
    }

    /// Layout features of `id`, if any.
    pub fn geo(&self, id: NodeId) -> Option<&Geo> {
        self.geo.as_ref()?.get(id.index())?.as_ref()
    }

    /// True when `inner` is `outer` or inside it.
    pub fn contains(&self, outer: NodeId, inner: NodeId) -> bool {
        let (o, i) = (outer.index(), inner.index());
        self.preorder[o] <= self.preorder[i] && self.preorder[i] <= self.subtree_end[o]
    }

    /// `id` and every node inside it, in document order (`id` first).
    pub(crate) fn subtree(&self, id: NodeId) -> &[NodeId] {
        let (start, end) = (self.preorder[id.index()], self.subtree_end[id.index()]);
        self.order.get(start as usize..=end as usize).unwrap_or(&[])
    }

    /// Has vocabulary bit `f`.
    pub fn has(&self, id: NodeId, f: u8) -> bool {
        self.vocab[id.index()] & f != 0
    }

    /// Calls `visit` on each node of the subtrees of `roots` that `drop` keeps, in document
    /// order, skipping a dropped subtree whole. `visit` may drop the node it is given; its
    /// subtree is then skipped too (the stages after selection that cut or prune).
    /// The nodes under `roots` in document order that `drop` keeps: a dropped node's subtree is
    /// passed over whole (the read-only twin of [`Features::visit_kept`]).
    pub(crate) fn kept(&self, roots: &[NodeId], drop: &Side<bool>) -> Vec<NodeId> {
        let mut out = Vec::new();
        for &r in roots {
            let mut next = self.preorder[r.index()];
            for &id in self.subtree(r) {
                let i = id.index();
                if self.preorder[i] < next {
                    continue;
                }
                if drop[i] {
                    next = self.subtree_end[i] + 1;
                } else {
                    out.push(id);
                }
            }
        }
        out
    }

    pub(crate) fn visit_kept(
        &self,
        roots: &[NodeId],
        drop: &mut Side<bool>,
        mut visit: impl FnMut(NodeId, &mut Side<bool>),
    ) {
        for &r in roots {
            let mut next = self.preorder[r.index()];
            for &id in self.subtree(r) {
                let i = id.index();
                if self.preorder[i] < next {
                    continue;
                }
                if !drop[i] {
                    visit(id, drop);
                }
                if drop[i] {
                    next = self.subtree_end[i] + 1;
                }
            }
        }
    }
}

fn ratio(a: u32, b: u32) -> f32 {
    if b == 0 {
        0.0
    } else {
        a as f32 / b as f32
    }
}

/// Computes all features of `snap`. Pages that render almost nothing outside `<noscript>`
/// (Discourse and other crawler views), or far less than their `<noscript>` markup holds
/// (a Blogger post kept only there), are recomputed with `<noscript>` read as content.
pub(crate) fn compute(snap: &Snapshot) -> Features {
    let f = compute_with(snap, true, Visibility::of(snap));
    let rendered = f.text_len[NodeId::ROOT.index()];
    if rendered < limits::NOSCRIPT_FALLBACK_CHARS && snap.find_tag("noscript").is_some()
        || noscript_outweighs(noscript_markup_text(snap), rendered as usize)
    {
        // Visibility does not depend on how `<noscript>` is read.
        return compute_with(snap, false, f.visibility);
    }
    f
}

/// `<noscript>` text of a document's length that outweighs the rendered text several times
/// (Blogger themes render the post from a script template and keep the post itself only in
/// `<noscript>`).
fn noscript_outweighs(noscript: usize, rendered: usize) -> bool {
    noscript >= limits::NOSCRIPT_DOCUMENT_CHARS
        && noscript >= rendered.saturating_mul(limits::NOSCRIPT_OUTWEIGHS)
}

/// Text inside `<noscript>` elements that were parsed as markup (scripting off), 0 where
/// they hold raw text.
fn noscript_markup_text(snap: &Snapshot) -> usize {
    let parsed = |id: NodeId| {
        let n = snap.node(id);
        n.is("noscript")
            && n.children
                .iter()
                .any(|&c| snap.node(c).kind == NodeKind::Element)
    };
    (0..snap.len() as u32)
        .map(NodeId)
        .filter(|&id| parsed(id))
        .map(|id| snap.text_of(id).trim().len())
        .sum()
}

/// True when the page renders almost no text while a `<noscript>` holds a document of raw
/// markup: the crawler view of a script-built page (Discourse forums in wcxb-dev); or when the
/// `<noscript>` markup outweighs the rendered text several times (Blogger themes render the
/// post from a script template and keep the post itself only in `<noscript>`). A parser
/// should then read `<noscript>` as markup, as a browser without scripting would. Only the HTML
/// parser can re-read a page; the live DOM already shows what the browser rendered.
#[cfg(feature = "html")]
pub(crate) fn renders_only_noscript(snap: &Snapshot) -> bool {
    // Both tests need `NOSCRIPT_DOCUMENT_CHARS` of `<noscript>` text: most pages have far less
    // (none, or a tracking pixel), found from those elements alone without the whole-page walk.
    // The sum over every `<noscript>` subtree bounds the walk's count from above.
    let most: usize = (snap.nodes.iter().enumerate())
        .filter(|(_, n)| n.is("noscript"))
        .flat_map(|(i, _)| snap.descendants(NodeId(i as u32)))
        .map(|d| snap.node(d).text.trim().len())
        .sum();
    if most < limits::NOSCRIPT_DOCUMENT_CHARS {
        return false;
    }
    let (mut rendered, mut noscript) = (0usize, 0usize);
    // (node, inside a never-rendered element, inside <noscript>)
    let mut stack = vec![(NodeId::ROOT, false, false)];
    while let Some((id, skip, in_noscript)) = stack.pop() {
        let node = snap.node(id);
        if node.kind == NodeKind::Text {
            if in_noscript {
                noscript += node.text.trim().len();
            } else if !skip {
                rendered += node.text.trim().len();
            }
            continue;
        }
        let tag = node.tag.as_str();
        let skip = skip || rules::in_table(rules::SKIP_TAGS, tag);
        let in_noscript = in_noscript || tag == "noscript";
        stack.extend(node.children.iter().map(|&c| (c, skip, in_noscript)));
    }
    noscript >= limits::NOSCRIPT_DOCUMENT_CHARS
        && rendered < limits::NOSCRIPT_FALLBACK_CHARS as usize
        || noscript_outweighs(noscript, rendered)
}

fn compute_with(snap: &Snapshot, skip_noscript: bool, visibility: Visibility) -> Features {
    let n = snap.len();
    let mut f = Features {
        preorder: Side(vec![0; n]),
        subtree_end: Side(vec![0; n]),
        depth: Side(vec![0; n]),
        skip: Side(vec![false; n]),
        is_block: Side(vec![false; n]),
        block_of: Side(vec![NodeId::ROOT; n]),
        text_len: Side(vec![0; n]),
        link_len: Side(vec![0; n]),
        commas: Side(vec![0; n]),
        own_len: Side(vec![0; n]),
        own_link_len: Side(vec![0; n]),
        own_commas: Side(vec![0; n]),
        own_words: Side(vec![0; n]),
        own_sentences: Side(vec![0; n]),
        links: Side(vec![0; n]),
        images: Side(vec![0; n]),
        ptp: Side(vec![0; n]),
        fingerprint: Side(vec![FNV_OFFSET; n]),
        keyword: Side(vec![None; n]),
        vocab: Side(vec![0; n]),
        sibling_pos: Side(vec![0; n]),
        visibility,
        ..Default::default()
    };
    top_down(snap, &mut f, skip_noscript);
    bottom_up(snap, &mut f);
    f.geo = snap
        .has_layout()
        .then(|| Side(geometry(snap, &f.visibility.invisible)));
    f.blocks = f
        .order
        .iter()
        .copied()
        .filter(|&id| f.is_block[id.index()] && !f.skip[id.index()] && f.own_len[id.index()] > 0)
        .collect();
    f.body_font = crate::extract::layout::body_font(snap, &f);
    f
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    h
}

/// An `<a>` that is a link. A named anchor (`<a name=POST63274>`: a `name`, no `href`) is a
/// jump target, not a link, and old pages leave it unclosed: the parser then carries it over
/// the whole post or page, whose prose would count as link text (cleaneval forum and
/// review pages came out empty). A `javascript:` anchor wrapped round whole blocks is a
/// script's click target, not a link: its paragraphs are the page's own text (readability's
/// js-link-replacement fixture came out empty); one round a word ("zurück", "Merken":
/// trafilatura, big9-dev 2005 page tools) stays a link.
pub(crate) fn is_link(snap: &Snapshot, id: NodeId) -> bool {
    let node = snap.node(id);
    if !node.is("a") {
        return false;
    }
    match node.attr("href") {
        Some(href) => !(is_script_url(href) && wraps_blocks(snap, node)),
        None => node.attr("name").is_none(),
    }
}

/// A heading's text wrapped in a link to itself (`<h2 id="x"><a href="#x">Title</a></h2>`: the
/// permalink headings of MDN, mdBook, Docker docs and Nuxt Content) or in a disclosure toggle
/// (a Bootstrap accordion's `<h4><a href="#c1" aria-controls="c1">Question</a></h4>`) names
/// the section below it: it is not link text, or the section titles score as navigation and
/// drop. Other in-page links in headings ("Back to top", "#comments", A–Z bars) stay links.
/// Also a link to itself by its own `id` or `name` (man7.org's man pages: `<h2><a id="NAME"
/// href="#NAME">`) and one back to the table of contents (`role="doc-backlink"`: Sphinx's
/// `toc-backref` titles in the Celery and Ansible docs).
fn heading_permalink(snap: &Snapshot, node: &crate::Node) -> bool {
    let (Some(frag), Some(p)) = (
        node.attr("href").and_then(|h| h.strip_prefix('#')),
        node.parent,
    ) else {
        return false;
    };
    let h = snap.node(p);
    let to = |v: Option<&str>| v == Some(frag);
    rules::is_heading(h.tag.as_str())
        && !frag.is_empty()
        && (to(h.attr("id"))
            || to(node.attr("aria-controls"))
            || to(node.attr("id"))
            || to(node.attr("name"))
            || node.attr("role") == Some("doc-backlink"))
}

fn wraps_blocks(snap: &Snapshot, node: &crate::Node) -> bool {
    node.children
        .iter()
        .any(|&c| rules::in_table(rules::BLOCK_TAGS, &snap.node(c).tag))
}

/// `javascript:…`, in any case, after leading whitespace.
fn is_script_url(href: &str) -> bool {
    href.trim_start()
        .get(..11)
        .is_some_and(|s| s.eq_ignore_ascii_case("javascript:"))
}

/// Preorder walk: order, depth, inherited flags, tag paths and own-text statistics.
fn top_down(snap: &Snapshot, f: &mut Features, skip_noscript: bool) {
    let mut in_link = vec![false; snap.len()];
    // Inside `code`/`pre`/`kbd`/`samp`: a code sample's words ("share", "login", a licence
    // header's "Copyright") are no boilerplate keywords (`keyword_in`).
    let mut in_code = vec![false; snap.len()];
    let mut vocab_cache: HashMap<&str, u8> = HashMap::new();
    let mut tag_counts = Vec::new();
    let mut stack = vec![NodeId::ROOT];
    while let Some(id) = stack.pop() {
        let i = id.index();
        f.preorder[i] = f.order.len() as u32;
        f.order.push(id);
        let node = snap.node(id);
        if let Some(p) = node.parent {
            let pi = p.index();
            f.depth[i] = f.depth[pi].saturating_add(1);
            f.skip[i] = f.skip[pi];
            in_link[i] = in_link[pi];
            in_code[i] = in_code[pi];
            f.block_of[i] = f.block_of[pi];
            f.ptp[i] = f.ptp[pi];
        }
        match node.kind {
            NodeKind::Element => {
                let tag = node.tag.as_str();
                f.skip[i] |=
                    rules::in_table(rules::SKIP_TAGS, tag) && (skip_noscript || tag != "noscript");
                in_link[i] |= is_link(snap, id) && !heading_permalink(snap, node);
                in_code[i] |= matches!(tag, "code" | "pre" | "kbd" | "samp");
                if rules::in_table(rules::BLOCK_TAGS, tag) {
                    f.is_block[i] = true;
                    f.block_of[i] = id;
                }
                f.ptp[i] = fnv(fnv(f.ptp[i], b"/"), tag.as_bytes());
                f.vocab[i] = vocab_flags(node, heading_anchor(snap, id), &mut vocab_cache);
                f.hiding_classes_apply |= f.vocab[i] & flag::HIDING != 0
                    && node.layout.as_ref().is_some_and(|l| l.display == "none")
                    && node.attr("hidden").is_none()
                    && node.attr("style").is_none();
            }
            NodeKind::Text if !f.skip[i] => text_stats(snap, f, id, in_link[i], in_code[i]),
            _ => {}
        }
        set_sibling_positions(snap, f, id, &mut tag_counts);
        stack.extend(node.children.iter().rev().copied());
    }
}

/// `seen` is scratch space, reused from node to node.
fn set_sibling_positions<'a>(
    snap: &'a Snapshot,
    f: &mut Features,
    id: NodeId,
    seen: &mut Vec<(&'a str, u16)>,
) {
    // Earlier siblings of each tag, counted in one pass (a page has few distinct child tags).
    seen.clear();
    for (k, &c) in snap.node(id).children.iter().enumerate() {
        let tag = snap.node(c).tag.as_str();
        let pos = match seen.iter_mut().find(|(t, _)| *t == tag) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                seen.push((tag, 1));
                0
            }
        };
        f.sibling_pos[c.index()] = pos;
        if k > 64 {
            // Long child lists (big tables, feeds): positions beyond are not informative.
            break;
        }
    }
}

/// Element children looked at for the heading a section's id was made from.
const HEADING_ANCHOR_CHILDREN: usize = 3;
/// Chars of that heading compared with the id.
const HEADING_ANCHOR_CHARS: usize = 200;

/// The element's `id` is its own heading turned into an anchor (`<div id="sharing-with-a-
/// single-developer"><h2>Sharing with a single developer</h2>`, as Sphinx, docutils and
/// Markdown renderers write them): it names the topic, not the box's role, so its words
/// ("sharing", "contact", "related") are not class/id vocabulary. A heading's own id is its
/// anchor too, whatever words a TOC plugin put in it (`<h2 id="toc-key-takeaways">`,
/// `toc-heading-8`, `toc_1-2`: upgradedpoints, em360tech, fool.com lost their section titles
/// as navigation).
fn heading_anchor(snap: &Snapshot, id: NodeId) -> bool {
    let node = snap.node(id);
    if rules::is_heading(node.tag.as_str()) {
        return true;
    }
    let Some(anchor) = node.attr("id").filter(|v| v.contains(['-', '_'])) else {
        return false;
    };
    let heading = snap
        .node(id)
        .children
        .iter()
        .copied()
        .filter(|&c| snap.node(c).kind == NodeKind::Element)
        .take(HEADING_ANCHOR_CHILDREN)
        .find(|&c| rules::is_heading(snap.node(c).tag.as_str()));
    let Some(h) = heading else { return false };
    let text: String = snap.text_of(h).chars().take(HEADING_ANCHOR_CHARS).collect();
    let (want, got) = (slug_words(anchor), slug_words(&text));
    want.len() >= 2 && got.starts_with(&want)
}

/// Lower-case alphanumeric words of `s`.
fn slug_words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(crate::lower)
        .collect()
}

fn vocab_flags<'a>(
    node: &'a crate::snapshot::Node,
    heading_anchor: bool,
    cache: &mut HashMap<&'a str, u8>,
) -> u8 {
    let mut bits = 0;
    for name in ["class", "id"] {
        if name == "id" && heading_anchor {
            continue;
        }
        let Some(v) = node.attr(name) else { continue };
        let class = name == "class";
        // A value matches a table when one of its whitespace-separated names does
        // (`rules::matches_terms`), so its flags are the union of its names' flags; names are
        // cached, not whole values: utility-class pages repeat names in thousands of distinct
        // values (the per-value cache left a third of the native time in term matching).
        for n in v.split_whitespace().filter(|n| {
            if class {
                rules::is_role_class_name(n)
            } else {
                !rules::is_layout_grid_name(n)
            }
        }) {
            let b = *cache.entry(n).or_insert_with(|| flags_of(n));
            // A hiding class is a class name; an id `hidden` hides nothing.
            bits |= if class { b } else { b & !flag::HIDING };
        }
    }
    bits
}

/// Flags of one class name or id value.
fn flags_of(v: &str) -> u8 {
    static INDEX: std::sync::OnceLock<rules::TermIndex> = std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        rules::TermIndex::new(&[
            (rules::NAV_TERMS, flag::NAV),
            (rules::AD_TERMS, flag::AD),
            (rules::SPECIAL_TERMS, flag::SPECIAL),
            (rules::OVERLAY_TERMS, flag::OVERLAY),
            (rules::POSITIVE_TERMS, flag::POSITIVE),
            (rules::NEGATIVE_TERMS, flag::NEGATIVE),
            (rules::SR_ONLY_TERMS, flag::SR_ONLY),
        ])
    });
    let hiding = if rules::in_table(rules::HIDING_CLASSES, v) {
        flag::HIDING
    } else {
        0
    };
    index.flags(&v.to_ascii_lowercase()) | hiding
}

/// Counts one text node into its block's own statistics.
fn text_stats(snap: &Snapshot, f: &mut Features, id: NodeId, in_link: bool, in_code: bool) {
    let text = snap.node(id).text.as_str();
    let (mut len, mut commas, mut words, mut sentences) = (0u32, 0u32, 0u32, 0u32);
    let mut prev_space = true;
    let block = f.block_of[id.index()].index();
    let mut h = f.fingerprint[block];
    for c in text.chars() {
        if c.is_whitespace() {
            if !prev_space {
                len += 1;
            }
            prev_space = true;
            continue;
        }
        len += 1;
        if prev_space || !c.is_ascii() && is_cjk(c) {
            words += 1;
        }
        prev_space = false;
        if matches!(c, ',' | '，' | '、' | '،' | '؛' | ';' | '；') {
            commas += 1;
        }
        if matches!(c, '.' | '!' | '?' | '。' | '！' | '？' | '؟' | '।') {
            sentences += 1;
        }
        if c.is_ascii() {
            // The common case without the Unicode tables: the same bytes as below.
            if c.is_ascii_alphanumeric() {
                h = fnv(h, &[c.to_ascii_lowercase() as u8]);
            }
        } else if c.is_alphanumeric() {
            for lc in crate::lower_char(c) {
                let mut buf = [0u8; 4];
                h = fnv(h, lc.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    f.fingerprint[block] = h;
    let i = id.index();
    f.text_len[i] = len;
    f.commas[i] = commas;
    if in_link {
        f.link_len[i] = len;
        f.own_link_len[block] += len;
    }
    f.own_len[block] += len;
    f.own_commas[block] += commas;
    f.own_words[block] += words;
    f.own_sentences[block] += sentences;
    if !in_code && len > 0 && len < limits::KEYWORD_MAX_CHARS && f.keyword[block].is_none() {
        f.keyword[block] = keyword_in(text);
    }
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30ff | 0x3400..=0x9fff | 0xac00..=0xd7af | 0xf900..=0xfaff)
}

fn keyword_in(text: &str) -> Option<Reason> {
    // Lowered once, not once per keyword (keywords are lower case).
    rules::first_keyword(&text.to_ascii_lowercase())
}

/// Reverse preorder: children before parents, so subtree sums are one pass.
fn bottom_up(snap: &Snapshot, f: &mut Features) {
    for k in (0..f.order.len()).rev() {
        let id = f.order[k];
        let i = id.index();
        let node = snap.node(id);
        if node.kind == NodeKind::Element && !f.skip[i] {
            match node.tag.as_str() {
                "a" if is_link(snap, id) => f.links[i] += 1,
                "img" | "picture" => f.images[i] += 1,
                _ => {}
            }
        }
        // A paragraph of sentences that is the whole of a block-level link (HTML5
        // `<a><p>…</p></a>`, a magazine's teaser summary: cultuurbewust.nl) reads as prose, not
        // as link text. Short linked lines (a ticker's cargo lines: cometlog.com) stay links, and
        // so do whole cards in one link (image, title and summary: the related-post cards of
        // protiviti.com and smartcat.io, the story lists of stackoverflow.blog).
        if node.is("p")
            && f.links[i] == 0
            && f.own_link_len[i] == f.own_len[i]
            && f.own_len[i] >= limits::SIBLING_PARAGRAPH_CHARS
            && f.own_sentences[i] > 0
            && node.parent.is_some_and(|a| {
                is_link(snap, a)
                    && (snap.node(a).children.iter())
                        .all(|&c| c == id || snap.node(c).kind != NodeKind::Element)
            })
        {
            f.link_len[i] = 0;
            f.own_link_len[i] = 0;
        }
        f.subtree_end[i] = f.subtree_end[i].max(f.preorder[i]);
        let Some(p) = node.parent else { continue };
        let pi = p.index();
        f.subtree_end[pi] = f.subtree_end[pi].max(f.subtree_end[i]);
        f.text_len[pi] += f.text_len[i];
        f.link_len[pi] += f.link_len[i];
        f.commas[pi] += f.commas[i];
        f.links[pi] += f.links[i];
        f.images[pi] += f.images[i];
    }
}

/// Seed 002 geometry and seed 001 regions for every element with a layout box.
fn geometry(snap: &Snapshot, invisible: &[bool]) -> Vec<Option<Geo>> {
    let Some(vp) = snap.viewport.as_ref() else {
        return Vec::new();
    };
    // Why the viewport's width and not the scroll width: a page is read across the window;
    // what overflows it sideways is off-screen (a carousel's track, an off-canvas drawer), and
    // counting it put a 1,280 px page wholly in the left band (wcxb-dev Dick Blick and Solo
    // Stove, 6,400 and 3,186 px wide: their product grids read as side menus).
    let pw = if vp.width > 0.0 {
        vp.width
    } else {
        vp.page_width
    }
    .max(1.0);
    let ph = vp.page_height.max(vp.height).max(1.0);
    let diag = (pw * pw + ph * ph).sqrt();
    let band = (ph * limits::REGION_VERTICAL_SHARE)
        .min(vp.height * limits::REGION_MAX_BAND_VIEWPORTS)
        .max(limits::REGION_MIN_BAND_PX);
    let side = pw * limits::REGION_SIDE_SHARE;
    let c0 = (vp.width / 2.0, vp.height / 2.0);
    let c1 = (pw / 2.0, ph / 2.0);
    let vp_area = (vp.width * vp.height).max(1.0);
    // Boxes under `display: none` have no geometry (a zero box at the page's origin, which
    // would read as the top band): those shown anyway (a closed panel, a streamed segment)
    // are placed nowhere, as in parsed HTML.
    let mut removed = vec![false; snap.len()];
    for (i, node) in snap.nodes.iter().enumerate() {
        let p = node.parent.map(|p| p.index()).filter(|&p| p < i);
        removed[i] = p.is_some_and(|p| removed[p])
            || node.layout.as_ref().is_some_and(|l| l.display == "none");
    }
    snap.nodes
        .iter()
        .zip(invisible)
        .zip(removed)
        .map(|((node, &invisible), removed)| {
            let l = node.layout.as_ref().filter(|_| invisible || !removed)?;
            let (cx, cy) = (l.x + l.width / 2.0, l.y + l.height / 2.0);
            let region = if l.y + l.height <= band {
                Region::Top
            } else if l.y >= ph - band {
                Region::Bottom
            } else if l.x + l.width <= side {
                Region::Left
            } else if l.x >= pw - side {
                Region::Right
            } else {
                Region::Centre
            };
            Some(Geo {
                region,
                d0: ((cx - c0.0).powi(2) + (cy - c0.1).powi(2)).sqrt() / diag,
                d1: ((cx - c1.0).powi(2) + (cy - c1.1).powi(2)).sqrt() / diag,
                visible: !invisible,
                viewport_share: (l.width * l.height) / vp_area,
                font_size: l.font_size,
                font_weight: l.font_weight,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::build::Builder;
    use crate::snapshot::{Layout, Viewport};

    #[test]
    fn features_sum_text_and_links_bottom_up() {
        let mut b = Builder::new();
        let (mut div, mut p, mut script) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            div = b.el("div", &[("class", "main-nav")], |b| {
                p = b.el("p", &[], |b| {
                    b.text("Hello,  world. ");
                    b.el("a", &[("href", "/x")], |b| {
                        b.text("link");
                    });
                });
                script = b.el("script", &[], |b| {
                    b.text("var x = 1, y = 2;");
                });
            });
        });
        let s = b.finish();
        let f = compute(&s);
        assert_eq!(f.own_len[p.index()], 18);
        assert_eq!(f.text_len[div.index()], 18);
        assert_eq!(f.link_len[div.index()], 4);
        assert_eq!(f.commas[div.index()], 1);
        assert_eq!(f.own_sentences[p.index()], 1);
        assert_eq!(f.links[div.index()], 1);
        assert!(f.skip[script.index()]);
        assert!(f.has(div, flag::NAV));
        assert_eq!(f.blocks, vec![p]);
        assert!(f.geo.is_none(), "no layout means absent, not zero");
    }

    #[test]
    fn an_unclosed_named_anchor_is_not_link_text() {
        let mut b = Builder::new();
        let (mut post, mut reply) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("a", &[("name", "POST63274")], |b| {
                post = b.el("p", &[], |b| {
                    b.text("She did great today, and we are so proud of her.");
                });
            });
            b.el("a", &[("href", "/reply")], |b| {
                reply = b.el("p", &[], |b| {
                    b.text("Reply");
                });
            });
        });
        let s = b.finish();
        let f = compute(&s);
        assert_eq!(f.own_link_len[post.index()], 0);
        assert_eq!(f.own_link_len[reply.index()], 5);
        assert_eq!(f.links[NodeId::ROOT.index()], 1);
    }

    #[test]
    fn a_post_parsed_in_noscript_counts_when_it_outweighs_the_page() {
        let mut b = Builder::new();
        let mut p = NodeId(0);
        b.el("body", &[], |b| {
            b.el("li", &[], |b| {
                b.text("2020 archive");
            });
            b.el("noscript", &[], |b| {
                p = b.el("p", &[], |b| {
                    b.text(&"The post itself, sentence after sentence. ".repeat(20));
                });
            });
        });
        let f = compute(&b.finish());
        assert!(f.blocks.contains(&p));
    }

    #[test]
    fn a_heading_permalink_is_not_link_text() {
        let mut b = Builder::new();
        let (mut own, mut toggle, mut top) = (NodeId(0), NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            own = b.el("h2", &[("id", "why")], |b| {
                b.el("a", &[("href", "#why")], |b| {
                    b.text("Why it works");
                });
            });
            toggle = b.el("h4", &[], |b| {
                b.el("a", &[("href", "#c1"), ("aria-controls", "c1")], |b| {
                    b.text("Is it free?");
                });
            });
            top = b.el("h5", &[("id", "end")], |b| {
                b.el("a", &[("href", "#top")], |b| {
                    b.text("Back to top");
                });
            });
        });
        let f = compute(&b.finish());
        assert_eq!(f.own_link_len[own.index()], 0);
        assert_eq!(f.own_link_len[toggle.index()], 0);
        assert_eq!(f.own_link_len[top.index()], f.own_len[top.index()]);
    }

    #[test]
    fn a_heading_linking_to_its_own_anchor_or_the_toc_is_not_link_text() {
        let mut b = Builder::new();
        let z = NodeId(0);
        let (mut man, mut backref, mut other) = (z, z, z);
        b.el("body", &[], |b| {
            man = b.el("h2", &[], |b| {
                b.el("a", &[("id", "NAME"), ("href", "#NAME")], |b| {
                    b.text("NAME");
                });
            });
            backref = b.el("h2", &[], |b| {
                b.el("a", &[("href", "#id3"), ("role", "doc-backlink")], |b| {
                    b.text("Introduction");
                });
            });
            other = b.el("h2", &[], |b| {
                b.el("a", &[("href", "#NAME")], |b| {
                    b.text("Jump to the name");
                });
            });
        });
        let f = compute(&b.finish());
        assert_eq!(f.own_link_len[man.index()], 0);
        assert_eq!(f.own_link_len[backref.index()], 0);
        assert_eq!(f.own_link_len[other.index()], f.own_len[other.index()]);
    }

    #[test]
    fn a_boilerplate_word_in_code_is_no_keyword() {
        let mut b = Builder::new();
        let (mut code, mut line) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            code = b.el("pre", &[], |b| {
                b.el("code", &[], |b| {
                    b.text("# Copyright 2024 The Authors. All rights reserved.");
                });
            });
            line = b.el("p", &[], |b| {
                b.text("Copyright 2024 The Authors. All rights reserved.");
            });
        });
        let f = compute(&b.finish());
        assert_eq!(f.keyword[code.index()], None);
        assert!(f.keyword[line.index()].is_some());
    }

    #[test]
    fn a_script_anchor_round_blocks_is_not_a_link() {
        let mut b = Builder::new();
        let (mut p, mut back) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            b.el("a", &[("href", " JavaScript:void(0)")], |b| {
                p = b.el("p", &[], |b| {
                    b.text("Three paragraphs the page wraps in a click target.");
                });
            });
            back = b.el("p", &[], |b| {
                b.el("a", &[("href", "javascript:history.back()")], |b| {
                    b.text("zurück");
                });
            });
        });
        let f = compute(&b.finish());
        assert_eq!(f.own_link_len[p.index()], 0);
        assert_eq!(f.own_link_len[back.index()], 6);
        assert_eq!(f.links[NodeId::ROOT.index()], 1);
    }

    #[test]
    fn a_paragraph_that_is_a_whole_link_is_prose_but_a_linked_card_is_not() {
        let mut b = Builder::new();
        let (mut teaser, mut card, mut line) = (NodeId(0), NodeId(0), NodeId(0));
        let summary =
            "We cannot wait to see these films this summer. Here is our list of the best ones for you.";
        b.el("body", &[], |b| {
            b.el("a", &[("href", "/story")], |b| {
                teaser = b.el("p", &[], |b| {
                    b.text(summary);
                });
            });
            b.el("a", &[("href", "/other")], |b| {
                b.el("h3", &[], |b| {
                    b.text("Another story");
                });
                card = b.el("p", &[], |b| {
                    b.text(summary);
                });
            });
            b.el("a", &[("href", "/cargo")], |b| {
                line = b.el("p", &[], |b| {
                    b.text("LOADING STEEL BEAMS ABT M/T 5000");
                });
            });
        });
        let f = compute(&b.finish());
        assert_eq!(f.own_link_len[teaser.index()], 0);
        assert_eq!(f.link_len[teaser.index()], 0);
        assert_eq!(f.own_link_len[card.index()], f.own_len[card.index()]);
        assert_eq!(f.own_link_len[line.index()], f.own_len[line.index()]);
    }

    #[test]
    fn same_paths_hash_equal_and_fingerprints_ignore_case_and_space() {
        let mut b = Builder::new();
        let mut ps = vec![];
        b.el("body", &[], |b| {
            ps.push(b.el("p", &[], |b| {
                b.text("Share  THIS");
            }));
            ps.push(b.el("p", &[], |b| {
                b.text("share this");
            }));
        });
        let f = compute(&b.finish());
        assert_eq!(f.ptp[ps[0].index()], f.ptp[ps[1].index()]);
        assert_eq!(f.fingerprint[ps[0].index()], f.fingerprint[ps[1].index()]);
        assert_eq!(f.keyword[ps[1].index()], Some(Reason::SpecialInformation));
        assert_eq!(f.sibling_pos[ps[1].index()], 1);
    }

    #[test]
    fn noscript_crawler_view_is_read_when_nothing_else_renders() {
        let mut b = Builder::new();
        let mut p = NodeId(0);
        b.el("body", &[], |b| {
            b.el("noscript", &[], |b| {
                p = b.el("p", &[], |b| {
                    b.text("The whole forum thread lives in the crawler view.");
                });
            });
        });
        let f = compute(&b.finish());
        assert_eq!(f.blocks, vec![p]);
    }

    #[test]
    #[cfg(feature = "html")]
    fn raw_noscript_document_on_an_empty_page_asks_for_a_reparse() {
        let page = |before: &str| {
            let mut b = Builder::new();
            b.el("body", &[], |b| {
                b.el("div", &[], |b| {
                    b.text(before);
                });
                b.el("noscript", &[], |b| {
                    b.text(&"<p>A post in the crawler view of the thread.</p>".repeat(20));
                });
            });
            b.finish()
        };
        assert!(renders_only_noscript(&page("Loading…")));
        // The rendered text is over half the raw markup: the page is what renders.
        assert!(!renders_only_noscript(&page(
            &"Rendered prose. ".repeat(70)
        )));
    }

    #[test]
    fn plugin_fallback_text_is_never_content() {
        let mut b = Builder::new();
        let (mut p, mut fallback) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            fallback = b.el("noembed", &[], |b| {
                b.text("<a href=\"/ad?s=1,2,3,4,5,6,7,8,9\">ad</a>");
            });
            p = b.el("p", &[], |b| {
                b.text("The article text.");
            });
        });
        let f = compute(&b.finish());
        assert!(f.skip[fallback.index()]);
        assert_eq!(f.blocks, vec![p]);
        assert_eq!(f.commas[NodeId::ROOT.index()], 0);
    }

    #[test]
    fn cjk_counts_words_and_commas() {
        let mut b = Builder::new();
        let mut p = NodeId(0);
        b.el("body", &[], |b| {
            p = b.el("p", &[], |b| {
                b.text("今日は、晴れ。");
            });
        });
        let f = compute(&b.finish());
        assert_eq!(f.own_commas[p.index()], 1);
        assert_eq!(f.own_words[p.index()], 5);
        assert_eq!(f.own_sentences[p.index()], 1);
    }

    /// A body of two text boxes (no layout yet).
    fn two_boxes(first: &str, second: &str) -> (Snapshot, NodeId, NodeId) {
        let mut b = Builder::new();
        let (mut one, mut two) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            one = b.el("div", &[], |b| {
                b.text(first);
            });
            two = b.el("div", &[], |b| {
                b.text(second);
            });
        });
        (b.finish(), one, two)
    }

    #[test]
    fn geometry_places_regions_and_distances() {
        let (mut s, top, mid) = two_boxes("menu", "text");
        let lay = |y: f32, h: f32| Layout {
            x: 100.0,
            y,
            width: 800.0,
            height: h,
            display: "block".into(),
            visibility: "visible".into(),
            opacity: 1.0,
            ..Default::default()
        };
        s.nodes[top.index()].layout = Some(lay(0.0, 60.0));
        s.nodes[mid.index()].layout = Some(lay(900.0, 1200.0));
        s.viewport = Some(Viewport {
            width: 1000.0,
            height: 800.0,
            page_width: 1000.0,
            page_height: 3000.0,
            ..Default::default()
        });
        let f = compute(&s);
        let (gt, gm) = (f.geo(top).map(|g| g.region), f.geo(mid));
        assert_eq!(gt, Some(Region::Top));
        assert_eq!(gm.map(|g| g.region), Some(Region::Centre));
        assert!(gm.is_some_and(|g| g.d1 < 0.05 && g.visible));
        // Under `display: none` a box has no geometry to read: hidden, it keeps a geo that says
        // so; shown anyway (a streamed segment), it has none, as in parsed HTML.
        let mut none = lay(0.0, 0.0);
        none.display = "none".into();
        s.nodes[mid.index()].layout = Some(none);
        let f = compute(&s);
        assert!(f.geo(mid).is_some_and(|g| !g.visible));
        s.nodes[mid.index()].attrs = vec![
            ("hidden".into(), String::new()),
            ("id".into(), "S:2".into()),
        ];
        let f = compute(&s);
        assert!(f.geo(mid).is_none());
        assert_eq!(f.geo(top).map(|g| g.region), Some(Region::Top));
    }

    #[test]
    fn side_bands_are_the_windows_not_the_overflows() {
        let (mut s, grid, side) = two_boxes("Featured categories", "Menu");
        let lay = |x: f32, width: f32| Layout {
            x,
            y: 1500.0,
            width,
            height: 400.0,
            ..Default::default()
        };
        s.nodes[grid.index()].layout = Some(lay(0.0, 1280.0));
        s.nodes[side.index()].layout = Some(lay(0.0, 200.0));
        // A carousel's track makes the page 6,400 px wide; the window is 1,280.
        s.viewport = Some(Viewport {
            width: 1280.0,
            height: 800.0,
            page_width: 6400.0,
            page_height: 4000.0,
            ..Default::default()
        });
        let f = compute(&s);
        assert_eq!(f.geo(grid).map(|g| g.region), Some(Region::Centre));
        assert_eq!(f.geo(side).map(|g| g.region), Some(Region::Left));
    }

    #[test]
    fn a_tall_page_keeps_its_bands_a_few_screens_high() {
        let (mut s, guide, footer) = two_boxes("How to choose", "Contact");
        let lay = |y: f32| Layout {
            width: 800.0,
            height: 400.0,
            y,
            ..Default::default()
        };
        // 100,000 px: 12 % would be a 12,000-px footer band.
        s.nodes[guide.index()].layout = Some(lay(90_000.0));
        s.nodes[footer.index()].layout = Some(lay(99_000.0));
        s.viewport = Some(Viewport {
            width: 1000.0,
            height: 800.0,
            page_width: 1000.0,
            page_height: 100_000.0,
            ..Default::default()
        });
        let f = compute(&s);
        assert_eq!(f.geo(guide).map(|g| g.region), Some(Region::Centre));
        assert_eq!(f.geo(footer).map(|g| g.region), Some(Region::Bottom));
    }
}
