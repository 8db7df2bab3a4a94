//! Page-type rules (`classify/page_type.rs`): what a page declares about itself and what a
//! repeated "card" region looks like. Each number carries its "why".

use crate::classify::page_type::PageType;
use crate::rules::vocab::Terms;

/// Schema.org `@type` values in JSON-LD (and `og:type` values) that say what the page is.
/// Why: publishers declare listings and products for search engines; the declaration is
/// cheap, structural evidence, independent of the site's markup. `Article`-like types are not
/// listed: articles are the default.
pub(crate) const DECLARED_TYPES: &[(&str, PageType)] = &[
    // A page listing items (search results, category and archive pages).
    ("ItemList", PageType::Listing),
    ("CollectionPage", PageType::Listing),
    ("SearchResultsPage", PageType::Listing),
    ("OfferCatalog", PageType::Listing),
    // A single product's page; several Product objects on one page are a collection instead
    // (see `PRODUCTS_FOR_COLLECTION`).
    ("Product", PageType::Product),
    ("ProductGroup", PageType::Product),
];

/// Schema.org `@type` values (JSON-LD) of a discussion page: the replies are the content, not
/// a story's comment thread. Why: the landing-page climb's story guard (`extract/sections.rs`)
/// keeps a story out of the thread below it, but a Q&A or forum thread opening with its
/// question right under the headline looks the same (wcxb-dev: a forum page 0.35 → 0.98 with
/// its replies); the page says which it is.
pub(crate) const DISCUSSION_TYPES: &[&str] = &["QAPage", "DiscussionForumPosting"];

/// Schema.org microdata (`itemtype`) of a comment on a Q&A post: a `Comment` item inside a
/// `Question` or `Answer` item is a remark under that post, not an answer. Why: Stack
/// Exchange marks its comments so (11 wcxb-dev forum pages, 3–34 comments each, with their
/// user names and times), and the golds keep the question and answers only. A `Comment`
/// elsewhere is a reply in a thread (XenForo marks every forum reply so) and stays.
pub(crate) const COMMENT_ITEM_TYPE: &str = "Comment";
/// See [`COMMENT_ITEM_TYPE`].
pub(crate) const COMMENTED_POST_TYPES: &[&str] = &["Question", "Answer"];

/// `og:type` values naming a product page (Shopify and WooCommerce themes emit
/// `og:type=product` on product pages, `website` on collections).
pub(crate) const OG_PRODUCT_TYPES: &[&str] = &["product", "product.item", "og:product"];

/// Page chrome never holds the card region, whatever share of the text it has (seed 001
/// labels these only when small; a mega menu can outweigh a short listing).
pub(crate) const CHROME_TAGS: &[u8] = prefixed!["nav", "menu", "header", "footer", "aside"];

/// ARIA roles of page chrome, for the same reason.
pub(crate) const CHROME_ROLES: &[u8] =
    prefixed!["navigation", "banner", "contentinfo", "complementary"];

/// Numbers of the card-region detector.
pub(crate) mod cards {
    /// At least this many same-signature siblings make a list of cards: three is a row of
    /// feature boxes on a landing page, four is where listing grids start.
    pub const MIN_CARDS: usize = 4;
    /// A card holds at least this much text (chars): icon-only tiles and bare menu links
    /// ("Home", "Shop") are not cards.
    pub const CARD_MIN_CHARS: u32 = 20;
    /// The cards of a region hold this much text on average (chars): a teaser title with a
    /// line of summary, or a product name with its price; mega-menu entries average 10–20.
    pub const CARD_MEAN_CHARS: u32 = 40;
    /// Cards of which over half show a price need only this mean length (chars): a product
    /// tile is a short name and a price ("Desk Organizer Set $49+", wcxb-dev upliftdesk 0640:
    /// 25–30 chars a tile, its grid never a region at `CARD_MEAN_CHARS`); menu entries carry
    /// no price.
    pub const PRICED_CARD_MEAN_CHARS: u32 = 20;
    /// A "card" longer than this (chars) is a section or a post, not a teaser: a wrapper of
    /// page sections would otherwise win as a list of four huge cards.
    pub const CARD_MAX_CHARS: u32 = 1500;
    /// Cards averaging at most this many chars can be teasers (title, a line or two, a
    /// price), which are kept whatever their link density. Forum posts and page sections
    /// repeat too but are longer, and their link-dense lines (user cards, "reply") are
    /// rightly dropped.
    pub const TEASER_MEAN_CHARS: u32 = 300;
    /// A long run of linked cards is teasers up to this mean length (chars) — a linked title,
    /// a blurb, a tag row: course catalogues and game-store capsules average 470–560 chars and
    /// were left to the rules on undeclared listings (wcxb-dev 0216, 3067). Only from
    /// [`LONG_TEASER_MIN_CARDS`] cards: four such blocks under `body` are an old page's layout
    /// tables (big9-dev big5-05-dog-1 kept its menus at 4).
    pub const LONG_TEASER_MEAN_CHARS: u32 = 600;
    /// See [`LONG_TEASER_MEAN_CHARS`]: a catalogue lists a dozen items, a layout has a few boxes.
    pub const LONG_TEASER_MIN_CARDS: usize = 8;
    /// Short cards are teasers when at least this share of their text is link text (a linked
    /// title, a product name): comments repeat too, with only the author's name linked.
    pub const TEASER_MIN_LINK_SHARE: f32 = 0.3;
    /// Cards of which at least half hold a heading are teasers up to this mean length: course
    /// and story cards carry a paragraph of summary under their title; forum posts have no
    /// heading per post. wcxb-dev listing at 300 / 600 chars without the heading test: 0.588 /
    /// 0.613, but forum 0.693 / 0.691.
    pub const HEADED_TEASER_MEAN_CHARS: u32 = 600;
    /// A link this long (chars) inside a card whose text is mostly outside links is the
    /// card's title, as a heading would be ([`HEADED_TEASER_MEAN_CHARS`]). Why: news rivers
    /// and episode lists set each entry's headline as a plain link over a dateline and a
    /// summary, no `h1`–`h6` (wcxb-dev kval.com's topic pages, redcircle's episode list,
    /// cleaneval OECD's "What's new"), and with 20–25 % link text their cards were no
    /// teasers: the headlines went as link boxes. Shorter links are names, "Read more" and
    /// tags (at 25: Samsonite's product grid and two forum threads fell); a card mostly of links
    /// is a menu entry (big9-dev's layout tables of long links).
    pub const TITLE_LINK_MIN_CHARS: u32 = 40;
    /// A region needs this much card text (chars) before it can replace or join a selection.
    pub const REGION_MIN_CHARS: u32 = 400;
    /// The scored selection is weak next to the card region when it holds less than this
    /// share of the region's text (a teaser strip or a heading picked from a listing page).
    pub const WEAK_SHARE: f32 = 0.5;
    /// Prose paragraphs (≥ 80 chars, a sentence, few links) holding this many chars in the
    /// selection outside the card region make the page an article with a related-stories grid:
    /// the cards are left to the rules. Why: trafilatura's "without" snippets include teaser
    /// grids under 550–720-char news stories; a listing's intro is a line or two. 250 vs 600:
    /// trafilatura snippet F1 0.8902 → 0.8903, wcxb-dev listing 0.591 both.
    pub const ARTICLE_PROSE_CHARS: u32 = 250;
    /// An undeclared page typed as an article whose selection holds a teaser region making at
    /// least this share of the selection's text: the scoring picked the grid of a front page
    /// (menus and sidebars kept the cards under half of the page), whose cards are then kept.
    pub const SELECTED_GRID_SHARE: f32 = 0.6;
    /// A grid split over several containers counts as one region only when its cards hold
    /// at least this share of their nearest common ancestor's text: above it the ancestor is
    /// the grid with its section titles; below it, a page with an article or menus beside a
    /// few classed link boxes.
    pub const SPLIT_GRID_MIN_SHARE: f32 = 0.5;
    /// Link text share at which a box named a menu (`NAV_TERMS`) is a menu, never a card
    /// region: every entry a link. A service page's cards under a nav-classed wrapper hold
    /// prose (wcxb-dev 3033).
    pub const MENU_MIN_LINK_SHARE: f32 = 0.9;
    /// A region of priced product tiles makes an undeclared page a listing when it holds this
    /// share of the page's text outside noise (other cards need over half). Why: shop
    /// categories put long SEO copy or an FAQ under their grid (wcxb-dev newegg GPUs: 10,154
    /// chars of tiles under an 11,501-char FAQ; generationtux, roadrunnersports, amazon
    /// headphones, glossier), and a grid of 4+ priced tiles at that share is a shop's, not a
    /// story's: wcxb-dev collection at 0.5 / 0.3 / 0.2 / 0.15 / 0.1: 0.6849 / 0.6901 / 0.6956 /
    /// 0.6962 / 0.6962.
    pub const PRICED_REGION_MIN_SHARE: f32 = 0.15;
    /// A root above a shop's grid this short is the category's header (title, item count, a
    /// line of intro), kept when the copy below the grid gives way to the grid.
    pub const GRID_HEADER_MAX_CHARS: u32 = 1000;
    /// Several `Product` objects in the JSON-LD are a collection of products, not one product.
    pub const PRODUCTS_FOR_COLLECTION: usize = 2;
}

/// Product-card controls and badges: a block whose whole text (case and spacing aside) is one
/// of these is a shop tile's furniture, not its content. Why: category grids repeat a checkbox
/// or link per tile ("Compare" under newegg's tiles, Magento's "Add to Compare" on
/// gardenersedge and B&H), a hover button ("Quick View": newegg, bombas; "View Details":
/// generationtux) and a badge ("Top Rated": REI; "New Arrival": adorama, zappos; "Low Stock":
/// zappos); readers and the corpora's gold show the tiles' names and prices without them
/// (no gold line of any corpus is one of these). A `<button>` is dropped already; these are
/// labels, links and `div`s. Not "Sold out", "Sale", "New", "Add to cart", "Free shipping"
/// or "Learn more": gold lines keep them (a product's own stock line, feature tiles).
pub(crate) const CARD_CONTROL_LABELS: &[u8] = prefixed![
    "compare",
    "add to compare",
    "quick view",
    "quick shop",
    "view details",
    "top rated",
    "new arrival",
    "low stock",
    "add to wishlist",
    "add to wish list",
    "add to bag",
    // A listing's toolbar around its grid: the sort bar's label, the filter drawer's toggle
    // and the "load more" button under the grid (REI, Zappos, Steam, Shopify themes).
    "sort",
    "sort by",
    "filter",
    "filters",
    "load more",
    "show more",
    "view more",
    "see more",
];

/// A sort bar showing its current order ("Sort: Best Match", "Sort by: Featured") opens
/// with one of these.
pub(crate) const SORT_BAR_PREFIXES: &[&str] = &["sort:", "sort by:"];

/// Class tokens (whole tokens) of a listing's sort bar: the "Sort by:" label beside its
/// `<select>`, a row of sort links, a custom drop-down. Why: shop, catalogue and directory
/// templates name the box so (`browse-header_sort` on fleetfeet, Shopify themes'
/// `products-toolbar__sort` on rocksolar and Dawn's `facet-filters sorting`, Magento's
/// `toolbar-sorter sorter`, `c-grid-ctrls__sort` on lulus, `ed-sort-by` on ergodirect,
/// IMDb's `sort-by-label`, Redfin's `sort summary`, topadvisor's `--categories-sort-by`); the
/// `<select>` is a control already, but its label ("Sort by:" inline beside it, so the block
/// is no card control) and a link row stayed lines of the listing. Left out after the
/// selection, like the card controls: as noise the bar changed which region won (wcxb-dev
/// viewsonic 0.94 → 0.71). Class only: ids are often anchors made from a heading's or an
/// option's text (Python docs' `cmdoption-json.tool-sort-keys`). `toolbar`: the listing's
/// whole control row is named so — Magento's `toolbar toolbar-products` ("View as Grid List",
/// "22 Items", "Show 24 per page": viewsonic, gardenersedge, chessbazaar), ergodirect's
/// `ed-toolbar` ("Showing 70 results"), adorama's filter toolbar; as a navigation term it
/// cost viewsonic its grid (session 21), here it is read after the selection, and a portfolio
/// toolbar holding more than [`SORT_BAR_MAX_CHARS`] of tags stays.
pub(crate) const SORT_BAR_TERMS: &Terms = terms![
    x("sort"),
    x("sorting"),
    x("sorter"),
    x("sortby"),
    x("toolbar"),
];

/// A sort bar's label and options are a few words each: a box named so with more text is
/// not one (a story's sortable list, a results region that also sorts).
pub(crate) const SORT_BAR_MAX_CHARS: u32 = 200;

/// True when `node`, holding `text_len` chars, is a listing's sort bar ([`SORT_BAR_TERMS`]):
/// not a table's cell (a data table's sortable column header is the table's).
pub(crate) fn is_sort_bar(node: &crate::snapshot::Node, text_len: u32) -> bool {
    text_len > 0
        && text_len <= SORT_BAR_MAX_CHARS
        && !crate::rules::in_table(crate::rules::NOT_AD_SLOT_TAGS, &node.tag)
        && node
            .attr("class")
            .is_some_and(|v| crate::rules::matches_terms(v, SORT_BAR_TERMS))
}

/// A card control label is a few words: longer blocks are not compared.
pub(crate) const CARD_CONTROL_MAX_CHARS: u32 = 32;

/// The words a tile's rating count ends with ("128 reviews", "(1,204 ratings)").
const RATING_COUNT_WORDS: &[u8] = prefixed!["review", "reviews", "rating", "ratings"];

/// True when `text` is a product-card control or badge or a listing toolbar's control
/// ([`CARD_CONTROL_LABELS`], [`SORT_BAR_PREFIXES`]), or, off a product page (`offers`), a
/// tile's rating count alone: a number and one of [`RATING_COUNT_WORDS`], in brackets or not.
/// Why the counts: shop grids print one under every tile's stars (REI, Thomann,
/// runningwarehouse; wcxb-dev collection: 100 such lines outside the gold, 3 in it); a
/// review's own text or a product's rating sentence is longer. Not on a product page: there
/// the count heads the product's reviews, which the `tail` stage cuts at it (wcxb-dev Thomann
/// 2985 kept its reviews without this guard: 0.96 → 0.70). Not inlined: inlined into the
/// `prune` walk it cost the extension wasm 800 B gz, outlined 22 B.
#[inline(never)]
pub(crate) fn is_card_control(text: &str, offers: bool) -> bool {
    let t = crate::classify::noise::squeezed_lower(text);
    if super::in_table(CARD_CONTROL_LABELS, &t)
        || SORT_BAR_PREFIXES.iter().any(|p| t.starts_with(p))
    {
        return true;
    }
    let t = t.strip_prefix('(').unwrap_or(&t);
    let t = t.strip_suffix(')').unwrap_or(t);
    !offers
        && t.split_once(' ').is_some_and(|(n, w)| {
            n.bytes().next().is_some_and(|b| b.is_ascii_digit())
                && n.bytes()
                    .all(|b| b.is_ascii_digit() || matches!(b, b',' | b'.' | b'k'))
                && super::in_table(RATING_COUNT_WORDS, w)
        })
}

/// Currency signs that mark a price when a digit stands next to them ("$49", "19,99 €").
const CURRENCY_SIGNS: &[char] = &[
    '$', '€', '£', '¥', '₹', '₩', '₽', '₺', '₴', '₪', '₫', '฿', '₱', '₦', '₡', '₲', '₸',
];

/// A text showing a price: a currency sign with a digit right before or after it (spaces
/// between allowed). Why: shop grids are tiles of a name and a price; menus and story teasers
/// show none.
pub(crate) fn shows_price(text: &str) -> bool {
    // Every text of the page is asked, and a price needs a digit: only the two sides of each
    // run of digits are read, past spaces, for a sign or a whole-word code.
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if currency_opens(text[i..].trim_start()) || currency_closes(text[..start].trim_end()) {
            return true;
        }
    }
    false
}

fn is_sign(c: char) -> bool {
    !c.is_alphanumeric() && CURRENCY_SIGNS.contains(&c)
}

fn is_letter(c: Option<char>) -> bool {
    c.is_some_and(char::is_alphabetic)
}

/// `s` opens with a currency sign, or with a code not followed by a letter ("kr" in "krone").
fn currency_opens(s: &str) -> bool {
    s.chars().next().is_some_and(is_sign)
        || super::prefixed_words(CURRENCY_CODES).any(|code| {
            s.as_bytes().starts_with(code)
                && !is_letter(s.get(code.len()..).and_then(|rest| rest.chars().next()))
        })
}

/// `s` ends with a currency sign, or with a code not preceded by a letter ("kr" in "Ukr").
fn currency_closes(s: &str) -> bool {
    s.chars().next_back().is_some_and(is_sign)
        || super::prefixed_words(CURRENCY_CODES).any(|code| {
            s.as_bytes().ends_with(code)
                && !is_letter(
                    s.get(..s.len() - code.len())
                        .and_then(|head| head.chars().next_back()),
                )
        })
}

/// Currency codes and signs written in letters, beside a digit ("EUR 49", "19,99 zł", "kr 200").
/// Why: Etsy and European shops write prices so (wcxb-dev listing etsy 4204: "USD 35.00").
const CURRENCY_CODES: &[u8] =
    prefixed!["USD", "EUR", "GBP", "CHF", "SEK", "NOK", "DKK", "PLN", "zł", "kr", "Kč", "Rs"];
