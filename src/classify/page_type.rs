//! Stage `page_type`: what kind of page this is, from structural evidence only — what the page
//! declares (JSON-LD `@type`, `og:type`) and whether its body is a list of repeated "cards"
//! (same tag and class, each with a link and a line or two of text). No URL or site rules.
//!
//! The selection policy that uses it lives in `extract/stages.rs` (`page_type_policy`): a
//! listing's content is its cards, which link density and the lack of commas would otherwise
//! hand to the boilerplate side.

use std::collections::HashMap;

use crate::classify::noise::NoiseLabels;
use crate::extract::blocks::{flag, Features};
use crate::rules::page_type::{
    cards, CHROME_ROLES, CHROME_TAGS, DECLARED_TYPES, DISCUSSION_TYPES, OG_PRODUCT_TYPES,
};
use crate::snapshot::{Node, NodeId, NodeKind, Snapshot};
use crate::trace::Reason;

/// The page types the engine tells apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PageType {
    /// Prose: the default when nothing else is declared or seen.
    Article,
    /// A list of items: search results, category, archive, collection pages.
    Listing,
    /// One product's page.
    Product,
}

/// The largest region of repeated cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CardRegion {
    /// The element whose children are the cards.
    pub parent: NodeId,
    /// How many cards.
    pub cards: usize,
    /// Chars of text in the cards.
    pub text: u32,
    /// Cards holding a heading (`h1`–`h6`) or a linked title (`has_heading`): teaser titles;
    /// forum posts seldom have one.
    pub headed: usize,
    /// Chars of link text in the cards.
    pub link_text: u32,
    /// The cards sit in several containers (a grid split into rows or sections).
    pub split: bool,
    /// Cards showing a price (a currency sign next to a digit): product tiles.
    pub priced: usize,
}

impl CardRegion {
    /// Teasers (titles with a line of summary, product tiles), not posts or comments:
    /// short cards whose text is largely links, or headed cards of moderate length.
    pub fn teasers(&self) -> bool {
        let mean = self.text / self.cards.max(1) as u32;
        let linked = self.link_text as f32 >= self.text as f32 * cards::TEASER_MIN_LINK_SHARE;
        let headed = self.headed * 2 >= self.cards;
        let long_run = self.cards >= cards::LONG_TEASER_MIN_CARDS;
        (mean <= cards::TEASER_MEAN_CHARS && linked)
            || (long_run && linked && mean <= cards::LONG_TEASER_MEAN_CHARS)
            || (headed && mean <= cards::HEADED_TEASER_MEAN_CHARS)
    }
}

impl CardRegion {
    /// Most cards show a price: a shop's product tiles.
    pub fn products(&self) -> bool {
        self.priced * 2 > self.cards
    }
}

/// What the stage found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PageTypeOut {
    pub kind: PageType,
    /// The type the page declares, if any.
    pub declared: Option<PageType>,
    pub cards: Option<CardRegion>,
    /// The page declares at least one `Product` (JSON-LD, or `og:type` product) and no
    /// listing type: a product page, also when related products in its JSON-LD make it
    /// count as a collection. The review-heading cut (`extract/tail.rs`) runs on these.
    pub offers: bool,
    /// The page declares at least one `Product`, with or without a listing type (a shop's
    /// product page whose JSON-LD also lists its variants as an `OfferCatalog`). The
    /// priced-grid drop (`extract/related.rs`) runs on these.
    pub declares_product: bool,
}

/// Detects the page type.
pub(crate) fn detect(snap: &Snapshot, f: &Features, noise: &NoiseLabels) -> PageTypeOut {
    let (declared, offers, declares_product) = declared_type(snap);
    let cards = card_region(snap, f, noise);
    let kind = match declared {
        Some(t) => t,
        None if cards.is_some_and(|c| listing_share(c, text_outside_noise(f, noise))) => {
            // Cards holding most of the page's text outside noise make it a listing even
            // undeclared. Why outside noise: a shop's mega menu and footer outweigh a grid
            // of 10–30 products (wcxb-dev collection pages came out as a sort bar or a
            // sale strip, the grid left to the rules as link-dense boilerplate).
            PageType::Listing
        }
        None => PageType::Article,
    };
    PageTypeOut {
        kind,
        declared,
        cards,
        offers,
        declares_product,
    }
}

/// The card region holds enough of the page's text (outside noise) to make it a listing: over
/// half, or [`cards::PRICED_REGION_MIN_SHARE`] for a grid of priced product tiles (a shop
/// category whose SEO copy or FAQ outweighs its grid).
fn listing_share(c: CardRegion, outside_noise: u32) -> bool {
    c.text * 2 > outside_noise
        || (c.products() && c.text as f32 > outside_noise as f32 * cards::PRICED_REGION_MIN_SHARE)
}

/// Chars of the page's block text outside noise subtrees.
fn text_outside_noise(f: &Features, noise: &NoiseLabels) -> u32 {
    f.blocks
        .iter()
        .filter(|&&b| !noise.inside[b.index()])
        .map(|&b| f.own_len[b.index()])
        .sum()
}

/// The type the page declares in JSON-LD or `og:type`: a listing type wins over `Product`
/// (a collection page lists products), several `Product` objects are a listing. Second:
/// whether it declares a `Product` and no listing type; third: whether it declares a `Product`.
fn declared_type(snap: &Snapshot) -> (Option<PageType>, bool, bool) {
    let mut listing = false;
    let mut products = 0;
    for d in snap.descendants(NodeId::ROOT) {
        let n = snap.node(d);
        if is_ld_json(n) {
            for child in &n.children {
                for t in ld_types(&snap.node(*child).text) {
                    match DECLARED_TYPES.iter().find(|(k, _)| *k == t) {
                        Some((_, PageType::Listing)) => listing = true,
                        Some((_, PageType::Product)) => products += 1,
                        _ => {}
                    }
                }
            }
        } else if og_type(n)
            .is_some_and(|c| OG_PRODUCT_TYPES.iter().any(|p| c.eq_ignore_ascii_case(p)))
        {
            products = products.max(1);
        }
    }
    let kind = if listing || products >= cards::PRODUCTS_FOR_COLLECTION {
        Some(PageType::Listing)
    } else if products > 0 {
        Some(PageType::Product)
    } else {
        None
    };
    (kind, !listing && products > 0, products > 0)
}

/// The page declares a `Product` (JSON-LD or `og:type`) and no listing type: a product page.
pub(crate) fn declares_product(snap: &Snapshot) -> bool {
    declared_type(snap).1
}

/// The page declares itself an article in Open Graph (`og:type` "article").
pub(crate) fn declares_og_article(snap: &Snapshot) -> bool {
    snap.descendants(NodeId::ROOT)
        .filter_map(|d| og_type(snap.node(d)))
        .any(|c| c.eq_ignore_ascii_case("article"))
}

/// The trimmed `content` of an Open Graph `<meta property|name="og:type">`.
fn og_type(n: &Node) -> Option<&str> {
    if n.is("meta") && n.attr("property").or(n.attr("name")) == Some("og:type") {
        n.attr("content").map(str::trim)
    } else {
        None
    }
}

/// The page declares itself a discussion ([`DISCUSSION_TYPES`]) in JSON-LD or in microdata
/// (an `itemtype` URL ending in the type). Why microdata: Discourse's crawler view before
/// its JSON-LD (fool, eveonline, mssociety, level1techs, lingq, hifiguides, straightdope,
/// audacityteam) marks the topic only with `itemtype="http://schema.org/DiscussionForumPosting"`,
/// and Stack Exchange its page with `QAPage`.
pub(crate) fn declares_discussion(snap: &Snapshot) -> bool {
    snap.descendants(NodeId::ROOT)
        .map(|d| snap.node(d))
        .any(|n| {
            if is_ld_json(n) {
                n.children
                    .iter()
                    .any(|&c| ld_types(&snap.node(c).text).any(|t| DISCUSSION_TYPES.contains(&t)))
            } else {
                has_item_type(n, DISCUSSION_TYPES)
            }
        })
}

/// The element's microdata declares one of `types` (schema.org type names): `itemtype` is a
/// space-separated list of type URLs (`"https://schema.org/Article http://schema.org/NewsArticle"`),
/// each named by its last path segment. One reader for every microdata test, so they agree on
/// what matches.
pub(crate) fn has_item_type(n: &Node, types: &[&str]) -> bool {
    n.attr("itemtype").is_some_and(|v| {
        v.split_ascii_whitespace()
            .filter_map(|url| url.trim_end_matches('/').rsplit('/').next())
            .any(|t| types.contains(&t))
    })
}

/// A `<script type="application/ld+json">` (schema.org data); also read by `article::metadata`.
pub(crate) fn is_ld_json(n: &Node) -> bool {
    n.is("script")
        && n.attr("type")
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/ld+json"))
}

/// Every `"@type": "X"` (or the first of `"@type": ["X", …]`) in a JSON-LD text, without
/// parsing the JSON (only the type names are needed).
fn ld_types(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices("\"@type\"")
        .filter_map(move |(at, key)| {
            let rest = text[at + key.len()..].trim_start().strip_prefix(':')?;
            let rest = rest.trim_start();
            let rest = rest.strip_prefix('[').map_or(rest, str::trim_start);
            let rest = rest.strip_prefix('"')?;
            let end = rest.find('"')?;
            Some(&rest[..end])
        })
}

/// The element whose same-signature children hold the most card text.
fn card_region(snap: &Snapshot, f: &Features, noise: &NoiseLabels) -> Option<CardRegion> {
    let blocked = blocked(snap, f, noise);
    let headed = has_heading(snap, f);
    let priced = has_price(snap, f);
    let mut best: Option<CardRegion> = None;
    let mut index = HashMap::new();
    let mut groups: Vec<(usize, u32, usize, u32, usize)> = Vec::new();
    for &p in &f.order {
        let node = snap.node(p);
        if node.kind != NodeKind::Element || blocked[p.index()] || node.children.len() < 2 {
            continue;
        }
        index.clear();
        groups.clear();
        for &c in &node.children {
            let (i, len) = (c.index(), f.text_len[c.index()]);
            if !card_candidate(snap, f, &blocked, c) {
                continue;
            }
            let e = group_mut(&mut index, &mut groups, signature(snap.node(c)));
            e.0 += 1;
            e.1 += len;
            e.2 += usize::from(headed[i]);
            e.3 += f.link_len[i];
            e.4 += usize::from(priced[i]);
        }
        for &(count, text, headed, link_text, priced) in &groups {
            if card_like(count, text, priced) && best.is_none_or(|b| text > b.text) {
                best = Some(CardRegion {
                    parent: p,
                    cards: count,
                    text,
                    headed,
                    link_text,
                    split: false,
                    priced,
                });
            }
        }
    }
    match (best, split_grid(snap, f, &blocked, &headed, &priced)) {
        (Some(b), Some(s)) if s.text > b.text => Some(s),
        (None, s) => s,
        (b, _) => b,
    }
}

/// The group of `key` in `groups`, added at the end when new. Groups stay in the order their
/// first member was met (document order), so ties between equal groups are broken the same way
/// on every run: iterating a `HashMap` instead made the chosen region, and the page's text,
/// change from run to run (wcxb-dev `2968`).
fn group_mut<'g, K: std::hash::Hash + Eq, V: Default>(
    index: &mut HashMap<K, usize>,
    groups: &'g mut Vec<V>,
    key: K,
) -> &'g mut V {
    let at = *index.entry(key).or_insert_with(|| {
        groups.push(V::default());
        groups.len() - 1
    });
    &mut groups[at]
}

/// An element that may be a card: rendered outside chrome, with a link and a card's length.
pub(crate) fn card_candidate(snap: &Snapshot, f: &Features, blocked: &[bool], c: NodeId) -> bool {
    let (i, len) = (c.index(), f.text_len[c.index()]);
    snap.node(c).kind == NodeKind::Element
        && !blocked[i]
        && f.links[i] > 0
        && (cards::CARD_MIN_CHARS..=cards::CARD_MAX_CHARS).contains(&len)
}

/// One grid split over several containers (a row or a titled section each, every one under
/// [`cards::MIN_CARDS`]): the cards of one class anywhere in the page, not nested in each
/// other, make one region whose parent is their nearest common ancestor. Why: news rivers and
/// shop grids are often cut into rows or "Latest / Popular" sections of three; per parent, no
/// region is found and the cards' linked titles lose to a heading (wcxb-dev: appleinsider
/// topic pages kept "Latest News" only). Only classed cards (bare `div`s and `li`s are
/// everywhere), and only when they hold most of that ancestor's text (else the ancestor is
/// the page, with an article or menus beside the cards).
fn split_grid(
    snap: &Snapshot,
    f: &Features,
    blocked: &[bool],
    headed: &[bool],
    priced: &[bool],
) -> Option<CardRegion> {
    /// The cards of one class met so far.
    #[derive(Default)]
    struct Group {
        members: Vec<NodeId>,
        text: u32,
        headed: usize,
        link_text: u32,
        priced: usize,
        /// Preorder end of the last member's subtree.
        end: u32,
    }
    let mut index = HashMap::new();
    let mut groups: Vec<Group> = Vec::new();
    for &c in &f.order {
        let (i, node) = (c.index(), snap.node(c));
        if !card_candidate(snap, f, blocked, c) {
            continue;
        }
        let sig = signature(node);
        if sig.1.is_empty() {
            continue;
        }
        let g = group_mut(&mut index, &mut groups, sig);
        if !g.members.is_empty() && f.preorder[i] <= g.end {
            continue; // inside the previous card of its class
        }
        g.members.push(c);
        g.text += f.text_len[i];
        g.headed += usize::from(headed[i]);
        g.link_text += f.link_len[i];
        g.priced += usize::from(priced[i]);
        g.end = f.subtree_end[i];
    }
    let mut best: Option<CardRegion> = None;
    for g in groups {
        let Group {
            members,
            text,
            headed,
            link_text,
            priced,
            ..
        } = g;
        let count = members.len();
        let card_like = card_like(count, text, priced);
        let (Some(&first), Some(&last)) = (members.first(), members.last()) else {
            continue;
        };
        let split = members
            .iter()
            .any(|&m| snap.node(m).parent != snap.node(first).parent);
        if !card_like || !split || best.is_some_and(|b| text <= b.text) {
            continue;
        }
        // Nearest common ancestor of the first and last member (preorder): holds them all.
        let lca = snap.ancestors(first).find(|&a| f.contains(a, last));
        let Some(parent) = lca.filter(|&a| a != NodeId::ROOT && !blocked[a.index()]) else {
            continue;
        };
        if (text as f32) < f.text_len[parent.index()] as f32 * cards::SPLIT_GRID_MIN_SHARE {
            continue;
        }
        best = Some(CardRegion {
            parent,
            cards: count,
            text,
            headed,
            link_text,
            split: true,
            priced,
        });
    }
    best
}

/// Enough cards with enough text for a region: a teaser's title and a line, or a product's name
/// and price. Product tiles ("Desk Organizer Set $49+") average 20–40 chars, as long as
/// mega-menu entries, so priced cards may be shorter (`cards::PRICED_CARD_MEAN_CHARS`).
pub(crate) fn card_like(count: usize, text: u32, priced: usize) -> bool {
    let mean = if priced * 2 > count {
        cards::PRICED_CARD_MEAN_CHARS
    } else {
        cards::CARD_MEAN_CHARS
    };
    count >= cards::MIN_CARDS && text >= mean * count as u32 && text >= cards::REGION_MIN_CHARS
}

/// `out[id]`: a node passing `test` at or below `id`.
fn marked(snap: &Snapshot, f: &Features, test: impl Fn(NodeId, &Node) -> bool) -> Vec<bool> {
    let mut out = vec![false; snap.len()];
    for &id in f.order.iter().rev() {
        let node = snap.node(id);
        if out[id.index()] || test(id, node) {
            out[id.index()] = true;
            if let Some(p) = node.parent {
                out[p.index()] = true;
            }
        }
    }
    out
}

/// `out[id]`: a price (`rules::page_type::shows_price`) in a text at or below `id`.
fn has_price(snap: &Snapshot, f: &Features) -> Vec<bool> {
    marked(snap, f, |_, n| {
        n.kind == NodeKind::Text && crate::rules::page_type::shows_price(&n.text)
    })
}

/// `out[id]`: a heading at or below `id`, or a linked title (a link of at least
/// [`cards::TITLE_LINK_MIN_CHARS`]) with most of the text at `id` outside links.
fn has_heading(snap: &Snapshot, f: &Features) -> Vec<bool> {
    let heading = marked(snap, f, |_, n| crate::rules::is_heading(n.tag.as_str()));
    let title = marked(snap, f, |id, n| {
        n.is("a") && f.text_len[id.index()] >= cards::TITLE_LINK_MIN_CHARS
    });
    let mut out = heading;
    for (i, o) in out.iter_mut().enumerate() {
        *o |= title[i] && f.link_len[i] * 2 < f.text_len[i];
    }
    out
}

/// Tag and first class token: cards of one list share both ("card card--featured" is still a
/// card).
pub(crate) fn signature(n: &Node) -> (&str, &str) {
    (n.tag.as_str(), n.first_class().unwrap_or(""))
}

/// `blocked[id]`: never a card region — not rendered, or inside page chrome (navigation,
/// header, footer, side column, overlay). Link lists labelled from their link density alone
/// (`ul`/`ol` menus by seed 001's rule) stay open: a product grid looks like one.
fn blocked(snap: &Snapshot, f: &Features, noise: &NoiseLabels) -> Vec<bool> {
    let mut out = vec![false; snap.len()];
    for &id in &f.order {
        let i = id.index();
        let node = snap.node(id);
        let up = node.parent.is_some_and(|p| out[p.index()]);
        let own = match noise.kind[i] {
            None => false,
            Some(Reason::Navigation) => !(node.is("ul") || node.is("ol")),
            Some(_) => true,
        };
        // A box its class or id names a menu, all of it links, is a menu however much of the
        // page's text it holds (the noise stage leaves such a menu unlabelled): styled-dev
        // esigelec.fr's `#menu-lateral`, 12 sections over their sub-menus, won as the grid.
        let menu = f.has(id, flag::NAV) && f.link_density(id) >= cards::MENU_MIN_LINK_SHARE;
        let chrome = menu
            || crate::rules::in_table(CHROME_TAGS, &node.tag)
            || node
                .attr("role")
                .is_some_and(|r| crate::rules::in_table(CHROME_ROLES, r));
        out[i] = up || own || chrome || f.skip[i];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::noise::NoiseClassifier;
    use crate::extract::blocks;
    use crate::snapshot::build::Builder;

    fn detect_on(s: &Snapshot) -> PageTypeOut {
        let f = blocks::compute(s);
        let noise = NoiseClassifier::new(s, &f).classify();
        detect(s, &f, &noise)
    }

    fn ld(b: &mut Builder, json: &str) {
        b.el("script", &[("type", "application/ld+json")], |b| {
            b.text(json);
        });
    }

    #[test]
    fn reads_declared_types() {
        let types: Vec<_> =
            ld_types(r#"{"@type": "Product", "offers": {"@type" : ["Offer"]}}"#).collect();
        assert_eq!(types, ["Product", "Offer"]);
        let mut b = Builder::new();
        b.el("head", &[], |b| {
            ld(b, r#"{"@type":"Product","name":"Tee"}"#)
        });
        assert_eq!(declared_type(&b.finish()).0, Some(PageType::Product));
        // Several products: a collection page.
        let mut b = Builder::new();
        b.el("head", &[], |b| {
            ld(b, r#"[{"@type":"Product"},{"@type":"Product"}]"#)
        });
        // …which still offers products (no listing type declared).
        assert_eq!(
            declared_type(&b.finish()),
            (Some(PageType::Listing), true, true)
        );
        let mut b = Builder::new();
        b.el("head", &[], |b| {
            ld(b, r#"[{"@type":"ItemList"},{"@type":"Product"}]"#)
        });
        assert_eq!(
            declared_type(&b.finish()),
            (Some(PageType::Listing), false, true)
        );
        // A breadcrumb trail is not an item list.
        let mut b = Builder::new();
        b.el("head", &[], |b| ld(b, r#"{"@type":"BreadcrumbList"}"#));
        assert_eq!(declared_type(&b.finish()).0, None);
        let mut b = Builder::new();
        b.el("head", &[], |b| {
            b.el(
                "meta",
                &[("property", "og:type"), ("content", "product")],
                |_| {},
            );
        });
        assert_eq!(declared_type(&b.finish()).0, Some(PageType::Product));
        let mut b = Builder::new();
        b.el("head", &[], |b| ld(b, r#"{"@type":"QAPage"}"#));
        assert!(declares_discussion(&b.finish()));
        let mut b = Builder::new();
        b.el("head", &[], |b| ld(b, r#"{"@type":"NewsArticle"}"#));
        assert!(!declares_discussion(&b.finish()));
        // Discourse's crawler view: the topic marked in microdata only.
        let mut b = Builder::new();
        b.el(
            "div",
            &[("itemtype", "http://schema.org/DiscussionForumPosting")],
            |b| {
                b.text("First post");
            },
        );
        assert!(declares_discussion(&b.finish()));
        let mut b = Builder::new();
        b.el("div", &[("itemtype", "https://schema.org/Article")], |b| {
            b.text("Story");
        });
        assert!(!declares_discussion(&b.finish()));
    }

    #[test]
    fn has_item_type_reads_every_url_of_the_list() {
        let mut b = Builder::new();
        let one = b.el(
            "div",
            &[(
                "itemtype",
                " https://schema.org/Article  http://schema.org/QAPage/ ",
            )],
            |_| {},
        );
        let none = b.el("div", &[], |_| {});
        let snap = b.finish();
        assert!(has_item_type(snap.node(one), &["Article"]));
        assert!(has_item_type(snap.node(one), &["QAPage"]));
        assert!(!has_item_type(snap.node(one), &["Person"]));
        assert!(!has_item_type(snap.node(none), &["Article"]));
        assert!(declares_discussion(&snap));
    }

    #[test]
    fn a_long_run_of_linked_long_cards_is_teasers_but_four_boxes_are_not() {
        // Course cards: linked title, blurb and tags, ~500 chars each, 40 % link text.
        let region = |cards: usize| CardRegion {
            parent: NodeId(1),
            cards,
            text: 500 * cards as u32,
            headed: 0,
            link_text: 200 * cards as u32,
            split: false,
            priced: 0,
        };
        assert!(region(12).teasers());
        // Four such blocks are a page's layout boxes (menu, story, side columns).
        assert!(!region(4).teasers());
    }

    #[test]
    fn a_box_named_menu_of_links_is_no_card_region() {
        // A left-column menu holding most of the page's text (so no noise label): each entry
        // a section link over its sub-menu (esigelec.fr's `#menu-lateral`).
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("div", &[("id", "menu-lateral")], |b| {
                b.el("ul", &[], |b| {
                    for _ in 0..8 {
                        b.el("li", &[], |b| {
                            b.el("a", &[("href", "/s")], |b| {
                                b.text("Admissions");
                            });
                            b.el("ul", &[], |b| {
                                for _ in 0..5 {
                                    b.el("li", &[], |b| {
                                        b.el("a", &[("href", "/p")], |b| {
                                            b.text("One page of this section");
                                        });
                                    });
                                }
                            });
                        });
                    }
                });
            });
            b.el("p", &[], |b| {
                b.text("The school trains engineers in electronics and computing.");
            });
        });
        assert_eq!(detect_on(&b.finish()).cards, None);
    }

    #[test]
    fn finds_a_grid_of_teaser_cards_but_not_a_menu() {
        let mut b = Builder::new();
        let mut grid = NodeId(0);
        b.el("body", &[], |b| {
            b.el("div", &[("class", "menu")], |b| {
                for _ in 0..8 {
                    b.el("div", &[("class", "item")], |b| {
                        b.el("a", &[("href", "/s")], |b| {
                            b.text("Section name here");
                        });
                    });
                }
            });
            grid = b.el("div", &[("class", "results")], |b| {
                for _ in 0..12 {
                    b.el("div", &[("class", "card featured")], |b| {
                        b.el("h3", &[], |b| {
                            b.el("a", &[("href", "/story")], |b| {
                                b.text("Council approves the new bridge");
                            });
                        });
                        b.el("p", &[], |b| {
                            b.text("Work starts in spring and ends in two years.");
                        });
                    });
                }
            });
            b.el("nav", &[], |b| {
                for _ in 0..10 {
                    b.el("div", &[("class", "card")], |b| {
                        b.el("a", &[("href", "/x")], |b| {
                            b.text("A navigation card with a long enough label to count");
                        });
                    });
                }
            });
        });
        let out = detect_on(&b.finish());
        let region = out.cards.map(|c| (c.parent, c.cards, c.headed));
        assert_eq!(region, Some((grid, 12, 12)));
        // The cards hold most of the page's text: a listing, though nothing is declared.
        assert_eq!(out.kind, PageType::Listing);
    }

    #[test]
    fn a_linked_headline_over_a_summary_heads_its_card() {
        // A local-news topic page: each entry a dateline, its headline as a plain link (no
        // `h1`–`h6`) and a summary; about a fifth of the cards' text is link text.
        let river = |headline: &str, summary: &str| {
            let mut b = Builder::new();
            b.el("body", &[], |b| {
                b.el("ul", &[("class", "teaser-list")], |b| {
                    for _ in 0..8 {
                        b.el("li", &[("class", "teaser")], |b| {
                            b.el("span", &[], |b| {
                                b.text("22 days ago");
                            });
                            b.el("a", &[("href", "/news/story")], |b| {
                                b.text(headline);
                            });
                            b.el("p", &[], |b| {
                                b.text(summary);
                            });
                        });
                    }
                });
            });
            detect_on(&b.finish())
                .cards
                .map(|c| (c.headed, c.teasers()))
        };
        let summary = "Airports expect their busiest week of the year as families head home for \
                       the holiday, and the roads will be just as crowded from Tuesday on, the \
                       motoring club said in its yearly forecast on Monday morning.";
        let headline = "Thanksgiving travel hits a new record with 82 million travelers";
        assert_eq!(river(headline, summary), Some((8, true)));
        // A short link ("Read more") is no title: the cards stay unheaded, and at this link
        // share they are not teasers.
        assert_eq!(
            river("Read more about the forecast", summary),
            Some((0, false))
        );
        // A card that is mostly its link is a menu entry, not a titled teaser.
        let long_link = format!("{headline} and the roads will be crowded all week long");
        assert_eq!(river(&long_link, "Photos inside."), Some((0, true)));
    }

    #[test]
    fn short_priced_tiles_are_a_region_and_short_unpriced_ones_are_not() {
        // Product tiles of a name and a price average under `CARD_MEAN_CHARS`, like menu
        // entries; the price tells them apart.
        let page = |price: &str| {
            let mut b = Builder::new();
            let mut grid = NodeId(0);
            b.el("body", &[], |b| {
                grid = b.el("div", &[("class", "grid")], |b| {
                    for _ in 0..20 {
                        b.el("div", &[("class", "tile")], |b| {
                            b.el("a", &[("href", "/p")], |b| {
                                b.text("Desk Organizer Set");
                            });
                            b.el("span", &[], |b| {
                                b.text(price);
                            });
                        });
                    }
                });
            });
            (detect_on(&b.finish()), grid)
        };
        let (out, grid) = page("$ 49+");
        let region = out.cards.map(|c| (c.parent, c.cards, c.products()));
        assert_eq!(region, Some((grid, 20, true)));
        assert_eq!(out.kind, PageType::Listing);
        let (out, _) = page("Shop now");
        assert_eq!(out.cards, None);
    }

    #[test]
    fn reads_prices() {
        for t in [
            "$49",
            "$ 99 +",
            "19,99 €",
            "from £12.00",
            "₹1,299",
            "USD 35.00",
            "200 kr",
            "35USD",
            "Preis: 1.299 €",
        ] {
            assert!(crate::rules::page_type::shows_price(t), "{t}");
        }
        for t in [
            "Shop $ave",
            "US$",
            "Price: TBA",
            "€ off",
            "2026 Best Sellers",
            "Ukraine 2022",
            "12 krone coins",
            "Rs.500",
        ] {
            assert!(!crate::rules::page_type::shows_price(t), "{t}");
        }
    }

    #[test]
    fn a_grid_under_a_heavy_menu_and_footer_is_a_listing() {
        let mut b = Builder::new();
        let (mut menu, mut footer) = (NodeId(0), NodeId(0));
        b.el("body", &[], |b| {
            menu = b.el("nav", &[], |b| {
                for _ in 0..20 {
                    b.el("a", &[("href", "/c")], |b| {
                        b.text("Category of the shop's menu");
                    });
                }
            });
            b.el("div", &[("class", "products")], |b| {
                for _ in 0..12 {
                    b.el("div", &[("class", "product-tile")], |b| {
                        b.el("a", &[("href", "/p")], |b| {
                            b.text("Native 4K laser projector, 5100 lumens");
                        });
                        b.el("span", &[], |b| {
                            b.text("Price: $4,899.00");
                        });
                    });
                }
            });
            footer = b.el("footer", &[], |b| {
                for _ in 0..8 {
                    b.el("p", &[], |b| {
                        b.text("Free shipping on orders over $50, returns within 30 days.");
                    });
                }
            });
        });
        let s = b.finish();
        let out = detect_on(&s);
        let cards = out.cards.map_or(0, |c| c.text);
        let f = blocks::compute(&s);
        // The cards hold under half of the page's text, more than half of what is not noise.
        assert!(cards * 2 < f.text_len[NodeId::ROOT.index()]);
        let noise = NoiseClassifier::new(&s, &f).classify();
        assert!(noise.inside[menu.index()] && noise.inside[footer.index()]);
        assert_eq!(out.kind, PageType::Listing);
    }

    #[test]
    fn a_priced_grid_under_long_copy_is_a_listing_an_unpriced_one_is_not() {
        let page = |price: &str| {
            let mut b = Builder::new();
            b.el("body", &[], |b| {
                b.el("div", &[("class", "items")], |b| {
                    for _ in 0..10 {
                        b.el("div", &[("class", "item-cell")], |b| {
                            b.el("a", &[("href", "/p")], |b| {
                                b.text("Radeon RX 9060 XT 16GB graphics card");
                            });
                            b.el("span", &[], |b| {
                                b.text(price);
                            });
                        });
                    }
                });
                b.el("div", &[("class", "seo-copy")], |b| {
                    for _ in 0..12 {
                        b.el("p", &[], |b| {
                            b.text("Our graphics cards suit gamers and creators, and each one ships with a warranty.");
                        });
                    }
                });
            });
            b.finish()
        };
        // The grid holds about a third of the text: priced tiles make a shop's category…
        let shop = detect_on(&page("$459.99"));
        let region = shop.cards.map_or(0, |c| c.text);
        assert!(region > 0 && region * 2 < 1500, "{region}");
        assert_eq!(shop.kind, PageType::Listing);
        // …unpriced cards at that share are a story's related links.
        assert_eq!(detect_on(&page("In stock")).kind, PageType::Article);
    }

    #[test]
    fn finds_a_grid_split_into_sections_of_three() {
        let mut b = Builder::new();
        let mut river = NodeId(0);
        b.el("body", &[], |b| {
            river = b.el("main", &[], |b| {
                for _ in 0..3 {
                    b.el("section", &[], |b| {
                        b.el("h2", &[], |b| {
                            b.text("Latest");
                        });
                        for _ in 0..3 {
                            b.el("article", &[("class", "river-article")], |b| {
                                b.el("a", &[("href", "/story")], |b| {
                                    b.text("Council approves the new bridge over the river");
                                });
                            });
                        }
                    });
                }
            });
        });
        let out = detect_on(&b.finish());
        // Three cards per section: no section is a region, the river is one.
        assert_eq!(out.cards.map(|c| (c.parent, c.cards)), Some((river, 9)));
        assert_eq!(out.kind, PageType::Listing);
    }

    #[test]
    fn an_article_is_not_a_listing() {
        let mut b = Builder::new();
        b.el("body", &[], |b| {
            b.el("article", &[], |b| {
                for _ in 0..6 {
                    b.el("p", &[], |b| {
                        b.text("Lectern reads the page, weighs every paragraph, and keeps it.");
                    });
                }
            });
        });
        let out = detect_on(&b.finish());
        assert_eq!((out.kind, out.cards), (PageType::Article, None));
    }
}
