//! Photo credit and source lines: "Foto: dpa", "Bild: Jahr Media", "Photograph by …".
//!
//! Why: they name who made a picture or supplied a text, not what the article says; readers
//! and the trafilatura corpus leave them out (17 of its kept "without" snippets were such
//! lines). Matched only at the start of a short block, so prose that mentions a photo stays.

use super::vocab::Terms;

/// Labels (lowercase) a credit line opens with, in the corpora's languages.
pub(crate) const CREDIT_LABELS: &str = words![
    "foto:",
    "fotos:",
    "bild:",
    "bilder:",
    "bildquelle:",
    "quelle:",
    "photo:",
    "photos:",
    "photo by ",
    "photograph by ",
    "image:",
    "image credit",
    "credit:",
    "credits:",
    "crédit photo",
    "imagen:",
    "fotografía:",
    "fot. ",
    "zdjęcie:",
    // Session 6 (trafilatura corpus): header-image and rights lines.
    "titelbild:",
    "beitragsbild:",
    "bildnachweis",
    "crédits photos",
    "crédito:",
    "créditos:",
    "kuva:",
];

/// Class/id tokens (whole) of a box holding a picture's credit: "photo-credit", "image-credit",
/// "lead_image__credit", "gallery_credit", "credits". Why: news and magazine templates set the
/// credit in its own box beside or under the picture ("Getty Images", "Courtesy of Amp",
/// "Illustration: Chris Philpot"), and the golds leave it out (wcxb-dev self.com,
/// consumerreports, bdcnetwork, bgr, npr, outdoorgearlab, utne; big9-dev's CNN and Time
/// `gallery_credit`/`photo_credit` boxes; 6 trafilatura "without" snippets). Read only on a
/// box no longer than a date line (`meta_line::META_MAX_CHARS`), never inside a caption
/// (readability's gold keeps captions whole, credit included: nytimes, cnet, citylab).
pub(crate) const CREDIT_BOX_TERMS: &Terms = terms![x("credit"), x("credits")];

/// Opening punctuation skipped before the label: credits are often set in brackets after a
/// caption, "(Quelle: Fleischmann/Unsplash)", "(crédito: Minervino Júnior/CB)".
const OPENERS: &[char] = &['(', '['];

/// A credit line is short: a block with more text than this is a caption or prose.
pub(crate) const CREDIT_MAX_CHARS: u32 = 80;

/// True when `text` opens with a credit label.
pub(crate) fn is_credit_line(text: &str) -> bool {
    const PAIRS: crate::rules::Openings = crate::rules::Openings::of(CREDIT_LABELS);
    const WORDS: &[u8] = &crate::rules::len_prefixed::<{ CREDIT_LABELS.len() }>(CREDIT_LABELS);
    let head = text.trim_start().trim_start_matches(OPENERS).trim_start();
    PAIRS.may_open(head) && crate::rules::table_opens(WORDS, &crate::lower(head))
}

/// Words a gallery's position label may open with ("Image 2 of 5", "Slide 1 of 4").
const COUNTER_LABELS: &[&str] = &["image", "slide", "photo", "picture", "item"];

/// True when `text` is a gallery's or carousel's position label: "1 of 5", "Image 2 of 5",
/// "Slide 1 of 4", or Shopify's "1 / of 5" (an `aria-hidden` slash beside a screen-reader
/// "of"). Why: product galleries print the counter of the slide shown, not what the page says
/// (wcxb-dev: 14 product pages of 13 shops — Shopify Dawn themes deathwishcoffee, headphones,
/// prosourcefit, Squarespace merylarnett, nintendo, lttlabs; no gold of any corpus keeps one).
/// "of" is needed: "5/5" is a rating, "3/4" a size, "06/2015" a date; "Page 1 of 8" is
/// pagination and not taken.
pub(crate) fn is_slide_counter(text: &str) -> bool {
    let t = crate::lower(text);
    let mut s = t.trim();
    if let Some(rest) = COUNTER_LABELS.iter().find_map(|l| s.strip_prefix(l)) {
        s = rest.trim_start();
    }
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let n = digits(s);
    let rest = s[n..].trim_start().trim_start_matches('/').trim_start();
    let Some(total) = rest.strip_prefix("of") else {
        return false;
    };
    let total = total.trim_start();
    n > 0 && !total.is_empty() && digits(total) == total.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slide_counters_are_a_number_of_a_number() {
        assert!(is_slide_counter("1 of 5"));
        assert!(is_slide_counter(" Image 2 of 5 "));
        assert!(is_slide_counter("Slide 1 of 4"));
        assert!(is_slide_counter("1 / of 5"));
        assert!(is_slide_counter("1\n  /\n  of\n  5"));
        assert!(!is_slide_counter("5/5"));
        assert!(!is_slide_counter("Page 1 of 8"));
        assert!(!is_slide_counter("4 of 5 stars"));
        assert!(!is_slide_counter("One of 5"));
    }

    #[test]
    fn credit_lines_open_with_a_label() {
        assert!(is_credit_line("Foto: Christof Stache"));
        assert!(is_credit_line("  Photograph by Jane Doe"));
        assert!(!is_credit_line(
            "Das Foto: ein Dokument der Zeit, sagt sie."
        ));
        assert!(!is_credit_line("Photographers gathered at the gate."));
        assert!(is_credit_line("(Quelle: Foto Steven Vangermain)"));
        assert!(is_credit_line("Titelbild: Geyres Christophe/ABACA"));
        assert!(!is_credit_line("(Das Titelbild: ein Plakat)"));
    }
}
