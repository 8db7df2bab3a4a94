//! Rules of the `related` stage (`extract/related.rs`): the headings of recommendation
//! sections and the guards that keep a product's own text.
//!
//! Why: shop templates put grids of other products inside the product's column ("People who
//! viewed this item also viewed", "Frequently bought together", "You may also like"). Their
//! cards are titles and prices, not prose, yet a grid of them outweighs a short product
//! description and the hierarchy vote keeps them. wcxb-dev: such a heading sits in the output
//! of 24 of the 119 product pages, in the gold of none (one "Shop Similar Products" button is,
//! hence no bare "similar products"); Stack Exchange's "Explore related questions" likewise.

/// Phrases (compared as whole words with [`crate::rules::tail::marker_key`] of a short block)
/// that name a section of other items. English, and the one German form found on a corpus
/// page (trafilatura: a shop grid under an article); 13 more German, French, Spanish, Italian
/// and Dutch forms ("kunden kauften auch", "vous aimerez aussi", "productos relacionados" …)
/// matched no development page and cost 137 B gz of the extension wasm's exhausted budget.
pub(crate) const SECTION_PHRASES: &str = words![
    "also viewed",
    "also bought",
    "also purchased",
    "may also like",
    "might also like",
    "may also enjoy",
    "might also enjoy",
    "you might like",
    "you may like",
    "similar items",
    "related items",
    "related products",
    "recently viewed",
    "frequently bought together",
    "complete the look",
    "shop the look",
    "pairs well with",
    "more like this",
    "customers who viewed",
    "customers who bought",
    "explore related",
    "sponsored products",
    // Consultancies' and agencies' service pages end with a feed of their articles and case
    // studies under these headings (wcxb-dev: Protiviti's cybersecurity and data-analytics
    // pages, luxoft "News and insights", BPM "Related Insights"); no gold keeps such a feed.
    // "Latest insights" is left out: another firm's gold keeps "Our Latest Insights".
    "featured insights",
    "related insights",
    "news and insights",
    "featured client stories",
    "könnte dir auch gefallen",
    // Editors' picks: a box of the newsroom's chosen stories beside or after the page's own
    // (styled-dev: cultuurbewust.nl's "Uitgelicht door de redactie", five review teasers the
    // annotators marked LinkList). Only the "by the editors" forms: "Editor's Pick French
    // Press" heads a product in a review roundup's own text (wcxb-dev), "Editor's Choice" an
    // award, and English "Editors Picks" cost cleaneval 0.0002 (a portal page, final-781,
    // whose gold keeps every teaser box of its column).
    "uitgelicht door de redactie",
    "tips van de redactie",
    "choix de la rédaction",
];

/// A heading of a recommendation section is short: longer lines are sentences that happen to
/// use the phrase ("Customers who bought this in blue loved how it …").
pub(crate) const MARKER_MAX_CHARS: u32 = 80;

/// The section climbs from the heading through wrappers that add at most this many chars (an
/// item count, a "See all" link) to the box that holds the heading.
pub(crate) const CLIMB_SLACK_CHARS: u32 = 24;

/// A box after the heading with more prose than this (chars of sentence paragraphs) is the
/// product's own text, not a grid of other items: the section ends before it. Card titles
/// and prices are no prose.
pub(crate) const MAX_SECTION_PROSE: u32 = 150;

/// A priced product grid inside a product page's selection (`extract/related.rs`
/// `drop_priced_grids`) climbs through wrappers adding at most this many chars: its heading
/// and a "See more" link ("How about these? See more", "Seller's other items").
pub(crate) const PRICED_GRID_CLIMB_CHARS: u32 = 80;

/// A box after the heading with at least this many links is the section's grid of items
/// (each card links to its item); the section ends with the box holding it. Why more than
/// one: eBay puts a "Sponsored" label with one link between its headings and carousels.
pub(crate) const GRID_MIN_LINKS: u32 = 3;

/// `text` (a short block) names a recommendation section. A line ending a sentence is no
/// heading ("Extra sheets, blankets, towels, and similar items." in a packing list).
pub(crate) fn is_section_marker(text: &str) -> bool {
    if text.trim_end().ends_with(['.', '!', '?']) {
        return false;
    }
    let key = crate::rules::tail::marker_key(text);
    crate::rules::table_words(SECTION_PHRASES).any(|p| holds_words(&key, p))
}

/// `key` (words joined by single spaces, as `marker_key` writes them) holds the words of
/// `phrase` in a row: a substring that starts and ends at word boundaries. Allocation-free,
/// as it runs for every short block against every phrase.
fn holds_words(key: &str, phrase: &str) -> bool {
    let (k, p) = (key.as_bytes(), phrase.as_bytes());
    !p.is_empty()
        && (0..k.len())
            .filter(|&i| i == 0 || k[i - 1] == b' ')
            .any(|i| k[i..].starts_with(p) && k.get(i + p.len()).is_none_or(|&b| b == b' '))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_match_whole_words_only() {
        assert!(holds_words("you may also like", "also like"));
        assert!(holds_words("also like", "also like"));
        assert!(!holds_words("you may also liked", "also like"));
        assert!(!holds_words("malso like", "also like"));
        assert!(!holds_words("also like", ""));
    }

    #[test]
    fn markers_match_whole_words_in_headings() {
        assert!(is_section_marker("People who viewed this item also viewed"));
        assert!(is_section_marker("YOU MAY ALSO ENJOY:"));
        assert!(is_section_marker(
            "Most Popular Accessories & Related Items"
        ));
        assert!(is_section_marker("Das könnte dir auch gefallen"));
        assert!(is_section_marker("Featured insights"));
        assert!(is_section_marker("Related Insights"));
        assert!(is_section_marker("NEWS AND INSIGHTS"));
        assert!(!is_section_marker("Our Latest Insights"));
        assert!(is_section_marker("Uitgelicht door de redactie"));
        assert!(is_section_marker("Le choix de la rédaction"));
        assert!(!is_section_marker(
            "Editor's Pick French Press Coffee Maker"
        ));
        assert!(!is_section_marker("Shop Similar Products"));
        assert!(!is_section_marker("Unrelated items"));
        assert!(!is_section_marker("Product details"));
        assert!(!is_section_marker("Blankets, towels and similar items."));
    }
}
