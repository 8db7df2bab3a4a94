//! Class/id vocabulary and multilingual text keywords.
//!
//! Class/id terms are matched per token (class and id split at non-alphanumerics): `exact`
//! terms must equal a token (so "ad" does not hit "header"), the others may occur inside one.

use crate::trace::Reason;

/// A table of class/id vocabulary terms, written `terms![t("navbar"), x("nav")]` (crate root):
/// each lowercase word after one byte holding its length, plus `0x80` for a whole-token term
/// (`x`; a `t` term may occur inside a token). Read with [`term_list`]. Why bytes: a table of
/// `(&str, bool)` structs stored a 12-byte pointer, length and flag per term in the wasm, which
/// gzip packs poorly.
pub(crate) type Terms = [u8];

/// Lays out a `terms!` string (each word ended by `\n`, or `\r` for a whole-token term) as a
/// [`Terms`] table of the same length, at compile time. A word of 128 bytes or more, or a
/// string not ending its last word, fails the build.
pub(crate) const fn term_table<const N: usize>(table: &str) -> [u8; N] {
    super::relay_prefixed::<N>(table, true)
}

/// The terms of a [`Terms`] table, in order: the word, whether it matches whole tokens only,
/// and the term alone as a one-term table.
pub(crate) fn term_list(terms: &Terms) -> impl Iterator<Item = (&[u8], bool, &Terms)> {
    let mut rest = terms;
    std::iter::from_fn(move || {
        let &n = rest.first()?;
        let (entry, after) = rest.split_at_checked(usize::from(n & 0x7F) + 1)?;
        rest = after;
        Some((&entry[1..], n & 0x80 != 0, entry))
    })
}

/// Navigation class/id terms (seed 001 navigation: menus, breadcrumbs, pagers, tag clouds).
pub(crate) const NAV_TERMS: &Terms = terms![
    x("nav"),
    t("navbar"),
    t("navigation"),
    t("menu"),
    t("breadcrumb"),
    t("pagination"),
    t("pager"),
    x("toc"),
    t("skip"),
    t("masthead"),
    t("topbar"),
    t("tagcloud"),
    x("tags"),
    t("sitemap"),
    t("megamenu"),
    t("dropdown"),
    // DocBook XSL's page header and footer (`div.navheader`, `div.navfooter`: "Prev Up Home
    // Next" and the neighbours' titles), the default of manuals built with it (PostgreSQL,
    // FreeBSD, GNOME, Linux Documentation Project HOWTOs).
    x("navheader"),
    x("navfooter"),
];

/// Class/id terms of boxes beside the reading column that `NAV_TERMS` does not name:
/// sidebars and tables of contents (`extract::layout::teaser_in_main_column`).
pub(crate) const OFF_COLUMN_TERMS: &Terms = terms![t("sidebar"), x("side"), t("toc")];

/// Class/id terms of a document's own table of contents. A box so named is navigation (a
/// Wikipedia-style jump menu) unless it is a chapter's table of contents: links to the chapter's
/// sub-pages (not `#` jumps) holding most of a section that also has a heading and prose. Why:
/// DocBook-built manuals (PostgreSQL, FreeBSD handbook, GNU manuals) render a chapter page as
/// "title, `div.toc`, a short intro"; the list of sections is what the page says (wcxb-dev
/// documentation: the PostgreSQL "Indexes" chapter kept only its intro). Numbers in
/// `CHAPTER_TOC_*`.
pub(crate) const CHAPTER_TOC_TERMS: &Terms = terms![x("toc")];
/// Share of the TOC's links that must lead to other pages (not `#` fragments).
pub(crate) const CHAPTER_TOC_PAGE_LINKS: f32 = 0.8;
/// At least this many links.
pub(crate) const CHAPTER_TOC_MIN_LINKS: u32 = 3;
/// The TOC holds at least this share of its parent's text.
pub(crate) const CHAPTER_TOC_SHARE: f32 = 0.5;

/// schema.org microdata properties naming a post's or story's own body (`Comment`,
/// `DiscussionForumPosting` and `Answer` bodies are `text`; a story's is `articleBody`). A
/// body so declared is prose however many links it cites: it takes the prose link-density
/// bound (`limits::LINK_DENSITY_PROSE`) instead of the link-list one. Why: a forum's opening
/// post that lists the related threads as lines of links between its sentences read as a
/// link list and was dropped while the replies stayed (The Student Room's MUI posts,
/// `data-testid="post-content" itemProp="text"`).
pub(crate) const BODY_ITEMPROPS: &[&str] = &["text", "articleBody"];

/// Advertisement terms (seed 001 ads; the ad networks that name their slots).
pub(crate) const AD_TERMS: &Terms = terms![
    x("ad"),
    x("ads"),
    t("advert"),
    t("adsense"),
    t("adslot"),
    t("ad_slot"),
    t("dfp"),
    t("sponsor"),
    t("promo"),
    t("banner"),
    t("taboola"),
    t("outbrain"),
    t("doubleclick"),
    t("gpt"),
    t("billboard"),
    t("skyscraper"),
    t("commercial"),
    t("werbung"),
    t("publicite"),
];

/// A box named with an advertisement term holding a heading and at least this many chars
/// outside links is a section of the page, not an ad slot: ad slots hold an image or frame,
/// a label and a link, while themes name their hero and content sections "banner" or "promo"
/// (a service page's "banner has-hover" sections held its whole description, 2,300 and
/// 3,400 chars, and were dropped as ads). Why the heading: sponsored boxes of prose without
/// one (a forum's "samItemBanner" offer, 640 chars) stay ads; link widgets stay ads by the
/// link share.
pub(crate) const AD_MAX_UNLINKED_CHARS: u32 = 400;
/// On a page that does not declare itself an article (`og:type`), a shorter section will do.
/// Why: service and shop pages name their own offer and intro blocks with ad terms — a
/// heading, a sentence or two, a button — and the golds keep them (wcxb-dev terminix
/// `cta-banner--opt`, termiopest `banner-bundle`, crowdstrike AEM `promobanner`, uibakery
/// `grid banner`, zoho, alison, johnsonfitness, lovingpets; big9-dev ledes in `promo` boxes).
/// A news story's boxes so named are in-house offers (readability's liberation-1: language
/// course, shop and subscription boxes; counted as sections, they moved its selection to
/// the page grid), so pages declaring an article keep [`AD_MAX_UNLINKED_CHARS`], the gate
/// of `ARTICLE_WEAK_SHARE`.
pub(crate) const AD_LANDING_UNLINKED_CHARS: u32 = 150;

/// Names of a page's lead section and its parts: a box named so is that section even when its
/// name also holds an ad term, its text is short and its part holds no heading
/// ("heroBanner", "herobanner_poster_content_body": a collection page's opening title and
/// blurb, 150–360 chars, were dropped as ads on wcxb-dev 4435 and 4394). Ad networks do not
/// name their slots "hero".
pub(crate) const HERO_TERMS: &Terms = terms![t("hero")];

/// Names of an FAQ block: a box named so holds questions and their answers and is no menu,
/// even when its name also holds a navigation term (Webflow's tabs component names its list
/// `faq_tabs-menu`: wcxb-dev aura.com identity theft protection lost its 5,200-char FAQ, which
/// the gold keeps, as navigation; 0.78 → 0.96). Site menus do not name themselves "faq"; a
/// menu item linking to an FAQ page sits in a menu that is labelled as a whole.
pub(crate) const FAQ_TERMS: &Terms = terms![t("faq")];

/// Names of a pager. A box named only so (no other navigation term) that holds a long list
/// which is no menu of short links is the paged list itself, not its row of page numbers:
/// infinite-scroll and "load more" components name the wrapper of the items they page, and
/// CSS-module builds prefix every class with the component's file name. Why: Gymshark's
/// collection grid sits in `filtering-and-pagination_product-column__…` and
/// `pagination_pagination__…` (wcxb-dev 0633 kept its SEO copy, not one of its 48 products).
/// A pager's own row is a few short links; [`PAGED_LIST_MIN_CHARS`] keeps it navigation.
pub(crate) const PAGER_TERMS: &Terms = terms![t("pagination"), t("pager")];
/// Text a pager-named box must hold to be the paged list.
pub(crate) const PAGED_LIST_MIN_CHARS: u32 = 500;

/// Special-information terms (seed 001: copyright, contact, share bars, sign-up boxes).
pub(crate) const SPECIAL_TERMS: &Terms = terms![
    t("footer"),
    t("copyright"),
    t("share"),
    t("social"),
    t("newsletter"),
    t("subscribe"),
    t("signup"),
    t("related"),
    t("recommend"),
    t("popular"),
    t("trending"),
    t("widget"),
    t("sidebar"),
    t("author-bio"),
    t("disclaimer"),
    t("printfooter"),
    t("follow"),
    t("most-read"),
    t("mostread"),
    x("rail"),
    t("sharing"),
    t("byline-share"),
    // Session 7: the comment form under a post (WordPress `#respond`, its "Leave a reply"
    // title, the Akismet notice) is page furniture; the comments themselves are not named so
    // and stay (cleaneval's gold keeps them). Not "ratings": IMDb's chart names its rating
    // cells so.
    x("respond"),
    t("akismet"),
    // Session 25: the share bars and related-story boxes of Spanish, Portuguese and French
    // news templates name themselves in their language (trafilatura: `compartir`,
    // `contenedor-compartir`, `compartir-noticia` on 8 Latin American and Spanish sites,
    // `compartilhe` on 2 Brazilian, `partager`/`partage` on 3 French; `noticias-relacionadas`,
    // `relacionados` on 9).
    // Whole tokens for "relacionad…": La Nación's `f-imagenrelacionada` is the story's photo.
    t("compartir"),
    t("compartilh"),
    t("partage"),
    x("relacionados"),
    x("relacionadas"),
    // Session 27: the legal small print of a page — copyright and trademark notices, pricing
    // and offer footnotes, comment-policy notes — in a box named `legal` as a whole token
    // (Steam's `game_area_legal` under every game, Nintendo's `legal` section, Mailchimp's
    // `copy-legal` footnotes, iHerb's `legal-text`, liberty.edu's tuition footnotes, laola1's
    // "Rechtliche Hinweise"); no gold keeps such a box beside the page's text, and a page
    // footer's `legal` links were noise already. Whole token: not "legalzoom".
    x("legal"),
];

/// Footer names. A box named so and by a positive term ("post-footer", "entry-footer") that
/// holds a byline box (`meta_line::BYLINE_TERMS`: Blogger's "post-author") and sits in one of
/// a run of like posts (`extract::layout::repeated_card` from its parent up, not its own
/// lines) is that post's byline line on a page listing posts ("Postado por Jose Roitberg às 23.6.09 0 comentários") and
/// stays, byline and time included; its share row is judged on its own. Why: blog front
/// pages (Blogger's templates) put each post's byline and time there, and the golds that
/// keep the posts keep these lines (styled-dev fierj; cleaneval's orsa and rajkblogs front
/// pages keep "posted by SDH | 8:26 PM"). A single post's footer stays noise: its byline is
/// the page's, lifted to the byline field, and trafilatura's gold lists it as a snippet to
/// leave out ("Eingestellt von …", "Posted by …"). A footer without a byline (comment and
/// label links, "Reactions:"; a press release's date) is no byline line.
pub(crate) const FOOTER_TERMS: &Terms = terms![t("footer")];

/// Overlay/consent/paywall shells (PRODUCT.md rule 3).
pub(crate) const OVERLAY_TERMS: &Terms = terms![
    t("cookie"),
    t("consent"),
    t("gdpr"),
    t("onetrust"),
    t("didomi"),
    t("cmp"),
    t("paywall"),
    t("modal"),
    t("popup"),
    t("overlay"),
    t("lightbox"),
    t("interstitial"),
    t("tp-backdrop"),
    t("qc-cmp"),
];

/// Terms that mark the content container (soft positive weight).
pub(crate) const POSITIVE_TERMS: &Terms = terms![
    t("article"),
    t("content"),
    t("entry"),
    t("post"),
    t("story"),
    t("body"),
    t("text"),
    t("main"),
    t("blog"),
    t("prose"),
    t("markdown"),
    t("news"),
    t("page"),
    t("thread"),
    t("message"),
    t("answer"),
    t("question"),
    t("description"),
    t("inhalt"),
    t("artikel"),
    t("contenu"),
    t("contenido"),
    t("noticia"),
    t("tresc"),
    t("statya"),
];

/// Terms that lower a candidate without making it noise (comments are content on forums).
pub(crate) const NEGATIVE_TERMS: &Terms = terms![
    t("comment"),
    t("meta"),
    t("footnote"),
    t("caption"),
    t("hidden"),
    t("shoutbox"),
    t("contact"),
    t("shopping"),
    t("aside"),
    t("teaser"),
    t("card"),
    t("listing"),
];

/// Utility class names that mean `display: none` in the common CSS frameworks (Bootstrap
/// `d-none`, `hide`/`hidden` in Bootstrap 3, Foundation and BigCommerce Stencil themes, Bulma
/// `is-hidden`). In parsed HTML (no computed style) an element carrying one exactly is hidden:
/// BigCommerce product pages keep unfilled template fields (`cat_thumb_…:`) in a
/// `productView-info hide` list (ascolour.com). Also Webflow's own hidden states, which its
/// stylesheet sets `display: none`: a form's success and failure messages (`w-form-done`,
/// `w-form-fail`: "Thank you! Your submission has been received!", "Oops! Something went
/// wrong while submitting the form." printed on aura.com, identityguard.com, bluecart.com,
/// jodel.com) and a CMS field bound to an empty value (`w-condition-invisible`:
/// glossgenius.com's blog). Screen-reader classes (`SR_ONLY_TERMS`) are not here: that text is
/// kept.
pub(crate) const HIDING_CLASSES: &[u8] = prefixed![
    "hide",
    "hidden",
    "d-none",
    "is-hidden",
    "w-form-done",
    "w-form-fail",
    "w-condition-invisible",
];

/// Class/id tokens naming a tab panel (`role="tabpanel"` says it too). A tab set's panels are
/// siblings of one class, the first open and the rest hidden until their tab is clicked; their
/// tabs sit in a separate tab list, so no trigger precedes a closed panel
/// (`snapshot::visibility::closed_panel_of_prose`). Why: product pages put the specification
/// table and the description in such panes (newegg `tab-panes` > `tab-pane style="display:none"`,
/// Bootstrap `tab-content` > `tab-pane`, Shopify themes' `tabs__panel`).
pub(crate) const TAB_PANEL_TERMS: &Terms =
    terms![x("tab"), x("tabs"), x("tabpanel"), x("tabcontent")];

/// Class names of visually-hidden text kept for assistive technology (PRODUCT.md: keep sr-only).
pub(crate) const SR_ONLY_TERMS: &Terms = terms![
    t("sr-only"),
    t("visually-hidden"),
    t("visuallyhidden"),
    t("screen-reader"),
    t("screenreader"),
    t("a11y-hidden"),
    x("offscreen"),
];

/// Short texts that mark boilerplate, by noise kind, in twelve languages (seed 004 keyword
/// features; seed 001 special-information vocabulary). Lowercase; non-ASCII matched exactly.
/// Runs of one kind each, `prefixed!` tables; read in order by [`text_keywords`].
pub(crate) const TEXT_KEYWORDS: &[(Reason, &[u8])] = &[
    (
        Reason::SpecialInformation,
        prefixed![
            "©",
            "copyright",
            "all rights reserved",
            "alle rechte vorbehalten",
            "tous droits réservés",
            "todos los derechos reservados",
            "tutti i diritti riservati",
            "alle rechten voorbehouden",
            "wszelkie prawa zastrzeżone",
            "todos os direitos reservados",
            "все права защищены",
            "無断転載",
            "版权所有",
            "무단",
            "share this",
            "teilen",
            "partager",
            "compartir",
            "condividi",
            "delen",
            "udostępnij",
            "compartilhe",
            "поделиться",
            "シェア",
            "分享",
            "공유",
            "subscribe",
            "newsletter",
            "abonnieren",
            "s'abonner",
            "suscríbete",
            "iscriviti",
            "abonneren",
            "subskrybuj",
            "assine",
            "подписаться",
            "購読",
            "订阅",
            "구독",
        ],
    ),
    (
        Reason::Navigation,
        prefixed![
            "related articles",
            "read more",
            "verwandte artikel",
            "weiterlesen",
            "à lire aussi",
            "lire aussi",
            "artículos relacionados",
            "leggi anche",
            "lees ook",
            "czytaj też",
            "czytaj także",
            "leia também",
            "читайте также",
            "関連記事",
            "相关文章",
            "관련 기사",
        ],
    ),
    // A script's placeholder and error lines, left in the served HTML for the script to
    // replace or show: "Loading...", "Unable to add item to List. Please try again." (wcxb-dev:
    // Amazon, Etsy's shipping calculator, allbirds, IKEA's payment box, newegg, Target's
    // category grid). Code samples printing them stay (`NoiseClassifier::keyword`).
    (
        Reason::SpecialInformation,
        prefixed!["loading...", "loading…", "please try again"],
    ),
    (Reason::Overlay, prefixed!["cookie", "cookies"]),
    (
        Reason::Advertisement,
        prefixed![
            "advertisement",
            "anzeige",
            "publicité",
            "publicidad",
            "pubblicità",
            "advertentie",
            "reklama",
            "publicidade",
            "реклама",
            "広告",
            "广告",
            "광고",
        ],
    ),
];

/// ARIA landmark roles by the noise kind they declare (`prefixed!` tables; no role is in two).
pub(crate) const NOISE_ROLES: &[(Reason, &[u8])] = &[
    (
        Reason::Navigation,
        prefixed!["navigation", "menubar", "menu", "banner"],
    ),
    (
        Reason::SpecialInformation,
        prefixed![
            "contentinfo",
            "complementary",
            // An advisory live region: what a script announces as the page changes — Shopify
            // themes' price box ("Regular price / Sale price / Sold out": deathwishcoffee,
            // maelstrom, headphones.com, uncagedergonomics), REI's "loaded 153 results",
            // Zalando's and Figma's carousel position, "Loading content". `alert` is left out:
            // Bootstrap's `.alert` callouts declare it around notes the golds keep.
            "status",
        ],
    ),
    (
        Reason::Interactive,
        prefixed![
            "search",
            // A group of choice options: shops' colour and size swatch pickers (gymshark,
            // bombas, cocorepublic), protection-plan choosers (walmart); their option names
            // are no content.
            "radiogroup",
        ],
    ),
    (Reason::Overlay, prefixed!["dialog", "alertdialog"]),
];

/// Common ad slot sizes in CSS px (IAB standard units) for seed 001's geometric ad rule.
pub(crate) const AD_SIZES: &[(f32, f32)] = &[
    (728.0, 90.0),
    (300.0, 250.0),
    (336.0, 280.0),
    (160.0, 600.0),
    (300.0, 600.0),
    (320.0, 50.0),
    (320.0, 100.0),
    (970.0, 90.0),
    (970.0, 250.0),
    (468.0, 60.0),
    (120.0, 600.0),
];

/// Boxes that are never an ad slot, whatever their size: a table's cells and rows take the
/// grid's size (a course schedule's row of 320 × 50 px read as a mobile banner: wcxb-dev 0424
/// lost its page to its lecture table); ad slots are boxes of their own.
pub(crate) const NOT_AD_SLOT_TAGS: &[u8] = prefixed!["td", "th", "tr", "caption"];

/// True when any class/id token of `value` matches a term of `terms`. A match holds its term,
/// so a value holding none (the common case) is neither lowercased nor split into names and
/// tokens: a term with a pair of adjacent bytes the value lacks (one bit per pair, ASCII case
/// folded by `| 0x20`) is passed over unscanned, the others are looked for case-insensitively
/// (sessions 22, 23: the noise rules ask this of most class values, the tail stage of every
/// box above the kept blocks; it replaced three tables' hand-kept prefilter words).
pub(crate) fn matches_terms(value: &str, terms: &Terms) -> bool {
    let bit = |w: &[u8]| 1u64 << (((w[0] | 0x20) ^ ((w[1] | 0x20) << 3)) & 63);
    let held = value.as_bytes().windows(2).fold(0, |m, w| m | bit(w));
    term_list(terms).any(|(word, _, _)| {
        word.windows(2).all(|w| held & bit(w) != 0)
            && super::contains_ci_bytes(value.as_bytes(), word)
    }) && matches_lowercase(&value.to_ascii_lowercase(), terms)
}

/// `node`'s class or id holds one of `terms` ([`matches_terms`] on each).
pub(crate) fn named_by(node: &crate::snapshot::Node, terms: &Terms) -> bool {
    ["class", "id"]
        .iter()
        .filter_map(|a| node.attr(a))
        .any(|v| matches_terms(v, terms))
}

/// [`matches_terms`] for a value already in ASCII lower case (terms are lower case).
pub(crate) fn matches_lowercase(value: &str, terms: &Terms) -> bool {
    value
        .split_whitespace()
        .any(|name| name_matches(name, terms))
}

/// A class name that can name the box's role. Utility classes with a variant or an arbitrary
/// value (`lg:first:has-[>[data-slot=banner]]:pt-0`, `md:sr-only`) cannot: they style this
/// box under a condition on another one, and say nothing of its role.
pub(crate) fn is_role_class_name(name: &str) -> bool {
    !name.contains([':', '[']) && !is_layout_grid_name(name)
}

/// A class name or id of a page builder's layout grid ([`LAYOUT_GRID_NAMES`],
/// [`LAYOUT_GRID_PREFIXES`]).
pub(crate) fn is_layout_grid_name(name: &str) -> bool {
    super::in_table(LAYOUT_GRID_NAMES, name)
        || LAYOUT_GRID_PREFIXES.iter().any(|p| name.starts_with(p))
        || name
            .strip_prefix(LAYOUT_GRID_NUMBERED)
            .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
}

/// Class names a page builder puts on every module of its layout grid, whatever the module
/// holds: they name the grid, not the box's role. Why: HubSpot's drag-and-drop pages wrap each
/// section in `widget-span widget-type-custom_widget dnd-module` and `hs_cos_wrapper_widget`,
/// and "widget" is a special-information term (sidebar widgets), so a whole service page was
/// noise but one tab set (wcxb-dev leverx AI consulting); the module kind after
/// `widget-type-` still counts ([`NAMESPACE_PREFIXES`]).
/// Amazon's item pages name every feature box of the page `celwidget` (its client-side
/// metrics wrapper: the title, the buy box, "About this item", "Editorial Reviews", the
/// product details), so the whole item was special information (wcxb-dev: the Atomic Habits
/// book page kept 330 of its 1,740 gold words); what each box is stays in its id
/// (`editorialReviews_feature_div`, `sims-simsContainer_feature_div_01`).
pub(crate) const LAYOUT_GRID_NAMES: &[u8] = prefixed![
    "widget-span",
    "widget-type-custom_widget",
    "widget-type-cell",
    "celwidget",
];

/// Prefixes of the grid's names: HubSpot's module wrappers are `hs_cos_wrapper_widget`,
/// `hs_cos_wrapper_type_module`, with ids `hs_cos_wrapper_widget_<number>`.
pub(crate) const LAYOUT_GRID_PREFIXES: &[&str] = &["hs_cos_wrapper"];

/// …and a prefix followed by a number: HubSpot's own pages give each module the id
/// `widget_<number>` (hubspot.com's product pages: every section, FAQ included).
pub(crate) const LAYOUT_GRID_NUMBERED: &str = "widget_";

/// Namespace prefixes of component libraries: the words after one name the component, the
/// prefix names the library. Why: Adobe Experience Manager's core components are all
/// `cmp-<component>` (`cmp-text`, `cmp-container`, `cmp-teaser__title`), and "cmp" is also
/// the consent-platform overlay term: wcxb-dev's AEM service pages (deloitte, rsmus, pwc,
/// ibm, accenture: 15 pages with `cmp-` classes) lost their text boxes as consent overlays,
/// one page whole. Consent platforms put "cmp" after their own name (`usercentrics-cmp`,
/// `open-cmp-stub`, `qc-cmp2-container`, `privacy-cmp-banner`) or in a word (`cmplz`,
/// `cmpbox`); across every corpus no name starting `cmp-` was a consent box.
/// Elementor (a WordPress page builder) calls every component of a page a widget
/// (`elementor-widget elementor-widget-heading`, `elementor-widget-text-editor`), and
/// "widget" is a special-information term (sidebar widgets): the word after it names the
/// component (`elementor-widget-nav-menu` is still navigation, `…-share-buttons` sharing).
/// Open Journal Systems names its components `cmp_<component>` (`cmp_notification`,
/// `cmp_breadcrumbs`): trafilatura's journals.univie article lost a "with" snippet to the
/// overlay term (found by session 11's `traf11` as well).
pub(crate) const NAMESPACE_PREFIXES: &[&str] =
    &["cmp-", "cmp_", "elementor-widget", "widget-type-"];

/// `name` (ASCII lower case) without a leading [`NAMESPACE_PREFIXES`] entry.
pub(crate) fn without_namespace(name: &str) -> &str {
    NAMESPACE_PREFIXES
        .iter()
        .find_map(|p| name.strip_prefix(p))
        .unwrap_or(name)
}

/// `name` is in ASCII lower case. Read as bytes: a token is a run of ASCII letters and digits
/// (every byte of a non-ASCII character parts tokens, as the character did), and only a term
/// holding `-` or `_` is looked for in the whole name. Why bytes: this test is asked of every
/// class and id the noise rules read, and splitting by `char` and searching each term for `-`
/// per name had made it the largest cost of the noise stage (session 22).
fn name_matches(name: &str, terms: &Terms) -> bool {
    let name = without_namespace(name).as_bytes();
    name.split(|b| !b.is_ascii_alphanumeric())
        .filter(|tok| !tok.is_empty())
        .any(|tok| {
            term_list(terms).any(|(word, exact, _)| {
                if exact {
                    tok == word
                } else {
                    occurs(tok, word)
                }
            })
        })
        || term_list(terms)
            .any(|(w, _, _)| w.iter().any(|&b| b == b'-' || b == b'_') && occurs(name, w))
}

/// The first of [`TEXT_KEYWORDS`] (in table order) that `text`, in ASCII lower case, holds:
/// keywords indexed by first byte, so a text is scanned once instead of once per keyword.
/// A keyword must end its word (no ASCII letter after it). Why: "subscribe" and "newsletter"
/// matched inside "subscribers" and "newsletters", so a short story paragraph about a
/// newsletter's readers ("86.8% of my subscribers are highly engaged.", four Substack posts
/// in wcxb-dev, finntropy 0.82 → 0.97) or a streaming service's ("Netflix added 9 million
/// subscribers.") was dropped as a subscription appeal. Paywall lines that only name
/// subscribers ("This article is exclusive to STAT+ subscribers") now stay: statnews,
/// hechingerreport, hubermanlab −0.01 … −0.02.
pub(crate) fn first_keyword(text: &str) -> Option<Reason> {
    /// Per first byte: (position in the table, keyword, its kind).
    type ByFirst = Vec<Vec<(usize, &'static [u8], Reason)>>;
    static INDEX: std::sync::OnceLock<ByFirst> = std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut by_first = vec![Vec::new(); 256];
        for (k, (word, reason)) in text_keywords().enumerate() {
            if let Some(&first) = word.first() {
                by_first[usize::from(first)].push((k, word, reason));
            }
        }
        by_first
    });
    let bytes = text.as_bytes();
    let (mut best, mut found) = (usize::MAX, None);
    for p in 0..bytes.len() {
        for &(k, word, reason) in &index[usize::from(bytes[p])] {
            if k < best
                && bytes[p..].starts_with(word)
                && !bytes
                    .get(p + word.len())
                    .is_some_and(|b| b.is_ascii_alphabetic())
            {
                (best, found) = (k, Some(reason));
            }
        }
    }
    found
}

/// Every keyword of [`TEXT_KEYWORDS`] with its kind, in table order.
pub(crate) fn text_keywords() -> impl Iterator<Item = (&'static [u8], Reason)> {
    TEXT_KEYWORDS
        .iter()
        .flat_map(|&(reason, words)| super::prefixed_words(words).map(move |w| (w, reason)))
}

/// The terms of several tables with one flag bit each, indexed by first byte: one scan of a
/// class name finds every table it matches, where matching table by table costs a scan per term
/// (per-table matching was the largest single cost of native extraction, session 10 profile).
pub(crate) struct TermIndex {
    /// Per first byte: (word, whole-token only, flag).
    by_first: Vec<Vec<(&'static [u8], bool, u8)>>,
    /// Terms holding `-` or `_`, which only whole names can contain (tokens split there).
    joined: Vec<(&'static [u8], u8)>,
}

impl TermIndex {
    pub(crate) fn new(tables: &[(&'static Terms, u8)]) -> TermIndex {
        let mut by_first = vec![Vec::new(); 256];
        let mut joined = Vec::new();
        for &(terms, flag) in tables {
            for (word, exact, _) in term_list(terms) {
                if let Some(&first) = word.first() {
                    by_first[usize::from(first)].push((word, exact, flag));
                }
                if word.iter().any(|&b| b == b'-' || b == b'_') {
                    joined.push((word, flag));
                }
            }
        }
        TermIndex { by_first, joined }
    }

    /// The union of the flags of the tables `name` matches, as [`matches_lowercase`] would
    /// find them table by table (`name` is one class name or id, in ASCII lower case).
    pub(crate) fn flags(&self, name: &str) -> u8 {
        let name = without_namespace(name);
        let mut bits = 0;
        let tokens = name
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|tok| !tok.is_empty());
        for tok in tokens.map(str::as_bytes) {
            for p in 0..tok.len() {
                for &(word, exact, flag) in &self.by_first[usize::from(tok[p])] {
                    let hit = if exact {
                        p == 0 && tok == word
                    } else {
                        tok[p..].starts_with(word)
                    };
                    if hit {
                        bits |= flag;
                    }
                }
            }
        }
        for &(word, flag) in &self.joined {
            if bits & flag == 0 && occurs(name.as_bytes(), word) {
                bits |= flag;
            }
        }
        bits
    }
}

/// `word` occurs in `hay`. A plain scan: class names and terms are a few bytes long, where
/// `str::contains` spends more on setting up its searcher than on searching.
fn occurs(h: &[u8], w: &[u8]) -> bool {
    match w.first() {
        None => true,
        Some(&first) => h.len() >= w.len() && h.windows(w.len()).any(|x| x[0] == first && x == w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_lower_case_so_values_are_lowered_once() {
        let tables = [
            NAV_TERMS,
            AD_TERMS,
            SPECIAL_TERMS,
            OVERLAY_TERMS,
            POSITIVE_TERMS,
            NEGATIVE_TERMS,
            SR_ONLY_TERMS,
            crate::rules::meta_line::META_TERMS,
        ];
        for (word, _, _) in tables.iter().flat_map(|t| term_list(t)) {
            assert_eq!(word, word.to_ascii_lowercase(), "{word:?}");
        }
        for (k, _) in text_keywords() {
            assert_eq!(k, k.to_ascii_lowercase(), "{k:?}");
        }
        assert!(occurs(b"top-ad", b"ad") && occurs(b"ad", b"ad") && occurs(b"x", b""));
        assert!(!occurs(b"a", b"ad") && !occurs(b"da", b"ad"));
        assert!(matches_terms("Site-NAVIGATION", NAV_TERMS));
        assert!(!matches_lowercase("Site-NAVIGATION", NAV_TERMS));
        let sort = crate::rules::page_type::SORT_BAR_TERMS;
        assert!(matches_terms("list-Sorter", sort) && !matches_terms("Sorted-List", sort));
    }

    #[test]
    fn names_are_matched_as_bytes_with_the_char_splits() {
        // A non-ASCII char parts tokens ("menü" + "nav"); a joined term spans the name's parts.
        assert!(matches_terms("MenüNav", terms![x("nav")]));
        assert!(!matches_terms("Navigation", terms![x("nav")]));
        assert!(matches_terms("über-Sign-Up box", terms![t("sign-up")]));
        assert!(!matches_terms("signup sign up", terms![t("sign-up")]));
        assert!(!matches_terms("", terms![t("ad")]));
    }

    #[test]
    fn exact_terms_do_not_match_inside_words() {
        assert!(matches_terms("top-ad slot", AD_TERMS));
        assert!(!matches_terms("site-header shadow", AD_TERMS));
        assert!(matches_terms("MainNavigation", NAV_TERMS));
        assert!(matches_terms("sr-only", SR_ONLY_TERMS));
        assert!(!matches_terms("article-body", NAV_TERMS));
    }

    #[test]
    fn a_component_namespace_prefix_is_not_vocabulary() {
        assert!(!matches_terms("cmp-text", OVERLAY_TERMS));
        assert!(!matches_terms(
            "cmp-container aem-GridColumn",
            OVERLAY_TERMS
        ));
        assert!(matches_terms("cmp-breadcrumb__list", NAV_TERMS));
        assert!(!matches_terms("cmp_notification", OVERLAY_TERMS));
        assert!(matches_terms("cmp_breadcrumbs", NAV_TERMS));
        assert!(matches_terms("usercentrics-cmp", OVERLAY_TERMS));
        assert!(matches_terms("cmplz-banner", OVERLAY_TERMS));
        let index = TermIndex::new(&[(OVERLAY_TERMS, 1), (NAV_TERMS, 2)]);
        assert_eq!(index.flags("cmp-text"), 0);
        assert_eq!(index.flags("cmp-breadcrumb"), 2);
        assert_eq!(index.flags("open-cmp-stub"), 1);
        assert!(!matches_terms(
            "elementor-widget elementor-widget-heading",
            SPECIAL_TERMS
        ));
        assert!(matches_terms(
            "elementor-widget-share-buttons",
            SPECIAL_TERMS
        ));
        assert!(matches_terms(
            "elementor-widget-wp-widget-recent-posts",
            SPECIAL_TERMS
        ));
    }

    /// Share bars and related-story boxes named in Spanish, Portuguese and French.
    #[test]
    fn share_and_related_boxes_are_named_in_other_languages() {
        for class in [
            "col-md-12 compartir-noticia",
            "contenedor-compartir",
            "id-compartilhe",
            "_partager",
            "moduledefault relacionados",
            "noticias-relacionadas",
        ] {
            assert!(matches_terms(class, SPECIAL_TERMS), "{class}");
        }
        assert!(!matches_terms(
            "conmodal f-imagenrelacionada",
            SPECIAL_TERMS
        ));
    }

    /// Legal small print is named `legal` as a whole token.
    #[test]
    fn legal_small_print_boxes_are_special_information() {
        for class in ["game_area_legal", "copy-legal", "legal-text", "legal"] {
            assert!(matches_terms(class, SPECIAL_TERMS), "{class}");
        }
        assert!(!matches_terms("legalzoom-article", SPECIAL_TERMS));
    }

    /// The indexed scan finds the keyword a scan of the table in order finds.
    #[test]
    fn first_keyword_is_the_first_in_table_order() {
        let texts = [
            "© 2024 all rights reserved",
            "alle rechte vorbehalten",
            "share this article",
            "nothing to see here",
            "",
            "subscribe to our newsletter · copyright",
        ];
        for text in texts {
            let want = text_keywords()
                .find(|(k, _)| text.as_bytes().windows(k.len()).any(|w| w == *k))
                .map(|(_, r)| r);
            assert_eq!(first_keyword(text), want, "{text}");
        }
        assert_eq!(
            first_keyword("(c) copyright"),
            Some(Reason::SpecialInformation)
        );
    }

    /// A keyword ends where its word ends: "subscribers", "newsletters", "copyrighted" are
    /// words of a story, "Subscribe", "Newsletter:" and "unsubscribe" are furniture.
    #[test]
    fn keywords_end_with_their_word() {
        let special = Some(Reason::SpecialInformation);
        assert_eq!(first_keyword("subscribe now"), special);
        assert_eq!(first_keyword("unsubscribe"), special);
        assert_eq!(first_keyword("newsletter: weekly"), special);
        assert_eq!(
            first_keyword("86.8% of my subscribers are highly engaged."),
            None
        );
        assert_eq!(first_keyword("netflix added 9 million subscribers."), None);
        assert_eq!(first_keyword("the copyrighted works"), None);
        assert_eq!(first_keyword("loading..."), special);
        assert_eq!(first_keyword("oops! please try again."), special);
        assert_eq!(first_keyword("loading the van took an hour."), None);
    }

    /// The index gives, for every name, the union of what the tables give one by one.
    #[test]
    fn term_index_agrees_with_matching_table_by_table() {
        let tables: [(&'static Terms, u8); 4] = [
            (NAV_TERMS, 1),
            (AD_TERMS, 2),
            (SR_ONLY_TERMS, 4),
            (NEGATIVE_TERMS, 8),
        ];
        let index = TermIndex::new(&tables);
        let names = [
            "site-navigation",
            "top-ad",
            "site-header",
            "sr-only",
            "visually_hidden",
            "ad",
            "mainnavigation",
            "comment-list",
            "x",
            "",
            "ad-",
            "nav_sr-only",
            "breadcrumbs2",
        ];
        for name in names {
            let want = tables
                .iter()
                .filter(|(terms, _)| matches_lowercase(name, terms))
                .fold(0, |acc, (_, b)| acc | b);
            assert_eq!(index.flags(name), want, "{name}");
        }
        assert_eq!(index.flags("top-ad"), 2);
    }

    #[test]
    fn variant_and_arbitrary_value_utilities_are_not_vocabulary() {
        let class = "stack lg:first:has-[>[data-slot=banner]]:pt-0 md:sr-only top-ad";
        assert!(matches_terms(class, SR_ONLY_TERMS));
        let role: Vec<&str> = class
            .split_whitespace()
            .filter(|n| is_role_class_name(n))
            .collect();
        assert_eq!(role, ["stack", "top-ad"]);
        assert!(!matches_terms(&role.join(" "), SR_ONLY_TERMS));
        assert!(matches_terms(&role.join(" "), AD_TERMS));
    }
}
