//! "Read also" lines: a short paragraph that opens with a label and a colon and then names
//! another story ("Lea también: …", "Lesen Sie hier: …", "MIRA: …", "Read more: …").
//!
//! Why: news CMSs set these between the paragraphs of a story; they are prose-like (a
//! headline, sometimes not even a link), so link density keeps them, but they point away from
//! the article. trafilatura corpus: 9 kept "without" snippets were such lines, and no "with"
//! snippet sits in one. Matched only at the start of a short block, with the colon, so a
//! sentence that begins "Lea más sobre…" or a heading "Read more" stays.

/// Labels (lowercase, without the colon) a "read also" line opens with. Not "Related:" nor
/// "See also:": Wikipedia hatnotes ("See also: Mozilla Foundation") and CNN's inline
/// "Related:" lines are kept by the readability corpus's gold (−0.0003 with them).
pub(crate) const READ_ALSO_LABELS: &str = words![
    "read more",
    "read also",
    "also read",
    "lea también",
    "lea más",
    "lee también",
    "lee más",
    "mire",
    "vea también",
    "le puede interesar",
    "te puede interesar",
    "lesen sie auch",
    "lesen sie hier",
    "lesen sie mehr",
    "auch lesen",
    "mehr lesen",
    "lire aussi",
    "à lire aussi",
    "leia também",
    "veja também",
    "leggi anche",
    "czytaj także",
    "czytaj też",
    "zobacz także",
    "читайте также",
];

/// A "read also" line is one headline long: a block with more text than this is prose.
pub(crate) const READ_ALSO_MAX_CHARS: u32 = 160;

/// True when `text` opens with a "read also" label and its colon, and text follows.
pub(crate) fn is_read_also_line(text: &str) -> bool {
    const PAIRS: crate::rules::Openings = crate::rules::Openings::of(READ_ALSO_LABELS);
    let head = text.trim_start();
    if !PAIRS.may_open(head) {
        return false;
    }
    let t = crate::lower(head);
    crate::rules::table_words(READ_ALSO_LABELS).any(|l| {
        t.strip_prefix(l)
            .map(str::trim_start)
            .and_then(|rest| rest.strip_prefix(':'))
            .is_some_and(|rest| !rest.trim().is_empty())
    })
}

// Teaser excerpts: a home page's notice or news boxes show each story's opening cut at a
// fixed length and marked so ("… will host a K-pop showcase at the auditorium in the Foreign
// Minister building on May 11 as part of diplomatic efforts to further spread Hallyu, th..",
// "Bu ailenin ailesinin temel..."). When every paragraph-long text a selection keeps is such
// a cut excerpt and none is a whole paragraph, the page has no article of its own: the
// stories are behind the links, and Firefox's reader check refuses such pages too.
// Seen on styled-dev's koreanconsulate.on.ca and sayisalgrafik.com.tr home pages (their
// excerpts are LinkList noise in the gold); no wcxb-dev page keeps two excerpts without a
// whole paragraph (a listing's excerpts sit beside its intro, or Google Scholar's one cut
// journal title).
/// Chars a block's own text needs to count as an excerpt (a cut title is shorter).
pub(crate) const EXCERPT_MIN_CHARS: u32 = 40;
/// Cut excerpts a selection needs, with no whole paragraph, to be teasers only…
pub(crate) const TEASER_PAGE_MIN_EXCERPTS: u32 = 2;
/// …and at most this many: a run of more is a results page, whose excerpts are its matter
/// (cleaneval's TripAdvisor reviews, CareerBuilder jobs and a news list of 10–23 each: gold).
pub(crate) const TEASER_PAGE_MAX_EXCERPTS: u32 = 5;

/// True when `text` ends cut short: "..", "...", "…", "(...)", "[…]".
pub(crate) fn is_cut_short(text: &str) -> bool {
    let t = text.trim_end().as_bytes();
    let t = match t.split_last() {
        Some((b')' | b']', rest)) => rest,
        _ => t,
    };
    t.ends_with(b"..") || t.ends_with("…".as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_end_cut_short() {
        assert!(is_cut_short(
            "as part of diplomatic efforts to further spread Hallyu, th.."
        ));
        assert!(is_cut_short("Bu ailenin ailesinin temel... "));
        assert!(is_cut_short("vous invite à la 12eme édition (...)"));
        assert!(is_cut_short("the paradigm shift has already begun […]"));
        assert!(!is_cut_short("A whole sentence ends with one stop."));
        assert!(!is_cut_short("Is it? (Yes.)"));
    }

    #[test]
    fn read_also_lines_open_with_a_label_and_a_colon() {
        assert!(is_read_also_line(
            "Lea también: Impiden ingreso a Nicaragua a reportero"
        ));
        assert!(is_read_also_line(
            "MIRE: Madre se acerca a conocer los motivos"
        ));
        // First names that are also labels elsewhere ("Lea", "Mira") are left out: interviews.
        assert!(!is_read_also_line("Mira: Ja, das stimmt."));
        assert!(is_read_also_line(
            "Lesen Sie hier : Spielabbruch in der Kreisliga"
        ));
        // No colon: a sentence or a heading.
        assert!(!is_read_also_line(
            "Lea más sobre el tema en nuestra edición"
        ));
        assert!(!is_read_also_line("Read more"));
        // A label alone is a heading, not a teaser.
        assert!(!is_read_also_line("Read more:"));
        assert!(!is_read_also_line("See also: Mozilla Foundation"));
        // Another word that starts with a label.
        assert!(!is_read_also_line("Mirella: Ja, das stimmt."));
    }
}
