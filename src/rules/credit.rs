//! Photo credit and source lines: "Foto: dpa", "Bild: Jahr Media", "Photograph by …".
//!
//! Why: they name who made a picture or supplied a text, not what the article says; readers
//! and the trafilatura corpus leave them out (17 of its kept "without" snippets were such
//! lines). Matched only at the start of a short block, so prose that mentions a photo stays.

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

/// Opening punctuation skipped before the label: credits are often set in brackets after a
/// caption, "(Quelle: Fleischmann/Unsplash)", "(crédito: Minervino Júnior/CB)".
const OPENERS: &[char] = &['(', '['];

/// A credit line is short: a block with more text than this is a caption or prose.
pub(crate) const CREDIT_MAX_CHARS: u32 = 80;

/// True when `text` opens with a credit label.
pub(crate) fn is_credit_line(text: &str) -> bool {
    const PAIRS: crate::rules::Openings = crate::rules::Openings::of(CREDIT_LABELS);
    let head = text.trim_start().trim_start_matches(OPENERS).trim_start();
    PAIRS.may_open(head) && crate::rules::table_opens(CREDIT_LABELS, &crate::lower(head))
}

#[cfg(test)]
mod tests {
    use super::*;

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
